//! PGN game files for any variant: the seven-tag roster, a `Variant` tag
//! naming the variant, a `Script` tag with where its script came from,
//! and `SetUp`/`FEN` tags when the game starts elsewhere than the
//! variant's setup. Moves are written in SAN ([`crate::notation::san`]).
//!
//! Reading accepts comments (`{…}`, `;…`), variations (skipped), NAGs,
//! move numbers and a result; only the first game of a file is read.

use std::sync::Arc;

use crate::ir::Variant;
use crate::notation::fen::write_fen;
use crate::notation::san::{move_to_san, parse_move};
use crate::vm::{Move, Position};

/// A game read from PGN, before its moves are checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tags, in file order.
    pub tags: Vec<(String, String)>,
    /// The moves as written (SAN or coordinates).
    pub moves: Vec<String>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
}

impl PgnGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What to write in the tags besides the moves.
#[derive(Clone, Debug, Default)]
pub struct PgnHeader {
    /// `White` tag (default `?`).
    pub white: String,
    /// `Black` tag (default `?`).
    pub black: String,
    /// Where the variant's script came from (`Script` tag), if known.
    pub script: Option<String>,
    /// The `Date` tag as `YYYY.MM.DD` (default `????.??.??`).
    pub date: Option<String>,
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes a game: its start position, the moves played from it, and the result token.
pub fn write_pgn(start: &Position, moves: &[Move], result: &str, header: &PgnHeader) -> String {
    let mut pos = start.clone();
    let sans: Vec<String> = moves
        .iter()
        .map(|&mv| {
            let san = move_to_san(&pos, mv);
            pos.play_unchecked(mv);
            san
        })
        .collect();
    write_pgn_san(start, moves, &sans, result, header)
}

/// [`write_pgn`] given the moves already written in SAN (`sans[i]` is `moves[i]`).
pub fn write_pgn_san(
    start: &Position,
    moves: &[Move],
    sans: &[String],
    result: &str,
    header: &PgnHeader,
) -> String {
    let variant = start.variant();
    let mut out = String::new();
    let or_q = |s: &str| {
        if s.is_empty() {
            "?".to_string()
        } else {
            escape(s)
        }
    };
    let tags: Vec<(&str, String)> = vec![
        ("Event", "varia game".to_string()),
        ("Site", "varia".to_string()),
        (
            "Date",
            header.date.clone().unwrap_or("????.??.??".to_string()),
        ),
        ("Round", "-".to_string()),
        ("White", or_q(&header.white)),
        ("Black", or_q(&header.black)),
        ("Result", result.to_string()),
        ("Variant", escape(&variant.name)),
    ];
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    }
    if let Some(s) = &header.script {
        out.push_str(&format!("[Script \"{}\"]\n", escape(s)));
    }
    let fen = write_fen(start);
    let standard = Position::start(variant);
    if fen != write_fen(&standard) {
        out.push_str("[SetUp \"1\"]\n");
        out.push_str(&format!("[FEN \"{fen}\"]\n"));
    }
    out.push('\n');
    let mut pos = start.clone();
    let mut tokens: Vec<String> = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        let white = pos.side_to_move() == crate::ir::piece::Color::White;
        if white {
            tokens.push(format!("{}.", pos.fullmoves()));
        } else if i == 0 {
            tokens.push(format!("{}...", pos.fullmoves()));
        }
        tokens.push(sans[i].clone());
        pos.play_unchecked(mv);
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Why a PGN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePgnError {
    /// A tag line is not `[Name "value"]`.
    #[error("malformed tag line: {line}")]
    MalformedTag {
        /// The line as written.
        line: String,
    },
    /// A tag's value is not quoted.
    #[error("malformed tag value: {line}")]
    MalformedTagValue {
        /// The line as written.
        line: String,
    },
    /// The text holds neither tags nor moves.
    #[error("no game found")]
    NoGame,
}

/// Why a read game could not be played in a variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The `FEN` tag is not a position of the variant.
    #[error("FEN tag: {message}")]
    Fen {
        /// What is wrong with it.
        message: String,
    },
    /// A move cannot be played.
    #[error("move {number}{dots} {text}: {reason}", dots = if *white { "." } else { "..." })]
    Move {
        /// Its move number.
        number: u32,
        /// Whether it is White's move.
        white: bool,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        reason: String,
    },
}

/// Reads the first game of a PGN text.
///
/// # Errors
/// [`ParsePgnError`] when a tag is malformed or the text holds no game.
pub fn parse_pgn(text: &str) -> Result<PgnGame, ParsePgnError> {
    let mut game = PgnGame::default();
    let mut movetext = String::new();
    let mut seen_moves = false;
    for line in text.lines() {
        let l = line.trim();
        if l.starts_with('%') {
            continue;
        }
        if l.starts_with('[') && !seen_moves {
            let inner = l
                .strip_prefix('[')
                .and_then(|s| s.strip_suffix(']'))
                .ok_or_else(|| ParsePgnError::MalformedTag {
                    line: l.to_string(),
                })?;
            let (name, value) =
                inner
                    .split_once(' ')
                    .ok_or_else(|| ParsePgnError::MalformedTag {
                        line: l.to_string(),
                    })?;
            let value = value.trim();
            let value = value
                .strip_prefix('"')
                .and_then(|s| s.strip_suffix('"'))
                .ok_or_else(|| ParsePgnError::MalformedTagValue {
                    line: l.to_string(),
                })?;
            game.tags.push((
                name.to_string(),
                value.replace("\\\"", "\"").replace("\\\\", "\\"),
            ));
            continue;
        }
        if l.starts_with('[') && seen_moves {
            break; // the next game
        }
        if !l.is_empty() {
            seen_moves = true;
        }
        movetext.push_str(line);
        movetext.push('\n');
    }
    // Strip comments and variations.
    let mut clean = String::new();
    let mut depth = 0usize;
    let mut chars = movetext.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                for d in chars.by_ref() {
                    if d == '}' {
                        break;
                    }
                }
                clean.push(' ');
            }
            ';' => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                }
                clean.push(' ');
            }
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            _ => clean.push(c),
        }
    }
    for raw in clean.split_whitespace() {
        let mut tok = raw;
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok) {
            game.result = tok.to_string();
            break;
        }
        if tok.starts_with('$') {
            continue;
        }
        // Move numbers: `12.`, `12...`, `12.e4`.
        let digits = tok.bytes().take_while(|b| b.is_ascii_digit()).count();
        if digits > 0 && tok[digits..].starts_with('.') {
            tok = tok[digits..].trim_start_matches('.');
        }
        if tok.is_empty() {
            continue;
        }
        game.moves.push(tok.to_string());
    }
    if game.result.is_empty() {
        game.result = game.tag("Result").unwrap_or("*").to_string();
    }
    if game.tags.is_empty() && game.moves.is_empty() {
        return Err(ParsePgnError::NoGame);
    }
    Ok(game)
}

/// Plays a read game's moves in a variant: the start position and the moves.
///
/// # Errors
/// [`ReplayError`]: a bad FEN tag, or the first move that is not legal
/// (with its number and why).
pub fn replay(
    variant: &Arc<Variant>,
    game: &PgnGame,
) -> Result<(Position, Vec<Move>), ReplayError> {
    let start = start_position(variant, game)?;
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for text in &game.moves {
        let mv = parse_move(&pos, text).map_err(|e| move_error(&pos, text, e.to_string()))?;
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    Ok((start, moves))
}

/// The position a read game starts from: its `FEN` tag, else the setup.
///
/// # Errors
/// [`ReplayError::Fen`] when the tag is not a position of the variant.
pub fn start_position(variant: &Arc<Variant>, game: &PgnGame) -> Result<Position, ReplayError> {
    match game.tag("FEN") {
        Some(fen) => Position::from_fen(variant, fen).map_err(|e| ReplayError::Fen {
            message: e.to_string(),
        }),
        None => Ok(Position::start(variant)),
    }
}

/// The error for the move `text`, which cannot be played in `pos` for `reason`.
pub fn move_error(pos: &Position, text: &str, reason: String) -> ReplayError {
    ReplayError::Move {
        number: pos.fullmoves(),
        white: pos.side_to_move() == crate::ir::piece::Color::White,
        text: text.to_string(),
        reason,
    }
}
