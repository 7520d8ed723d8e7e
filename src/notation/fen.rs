//! FEN for any board: multi-digit empty runs (`10`, `11`), ranks past 9,
//! void squares counted as empty in runs (`*` is accepted for a void too,
//! as Fairy-Stockfish writes them), castling rights as `KQkq` or file
//! letters, and en passant as one square (`e3`) or, when the passed square
//! alone does not say which piece passed it, two (`e3d4`: passed square,
//! then the piece that passed it; read in either order, the passed square
//! being the empty one, as Fairy-Stockfish writes them in board order).

use std::fmt;

use crate::ir::geometry::{Geometry, Square};
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::ir::Variant;
use crate::vm::{Position, Setup};

/// A FEN that cannot be read, with the byte range of the offending part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFenError {
    /// What is wrong.
    pub message: String,
    /// First byte of the offending part.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for ParseFenError {}

fn err(message: impl Into<String>, start: usize, end: usize) -> ParseFenError {
    ParseFenError {
        message: message.into(),
        start,
        end,
    }
}

/// Reads the placement field: the piece code on every cell.
///
/// # Errors
/// Wrong number of ranks, a rank of the wrong width, an unknown letter, a
/// piece on a void square.
pub fn parse_placement(
    geometry: &Geometry,
    letter: &dyn Fn(char) -> Option<PieceKind>,
    text: &str,
) -> Result<Vec<u8>, ParseFenError> {
    let files = geometry.files() as usize;
    let ranks = geometry.ranks() as usize;
    let mut board = vec![0u8; geometry.cells()];
    let rank_texts: Vec<(usize, &str)> = {
        let mut v = Vec::new();
        let mut start = 0;
        for part in text.split('/') {
            v.push((start, part));
            start += part.len() + 1;
        }
        v
    };
    if rank_texts.len() != ranks {
        return Err(err(
            format!(
                "the board has {ranks} ranks but the FEN gives {}",
                rank_texts.len()
            ),
            0,
            text.len(),
        ));
    }
    for (i, (offset, rank_text)) in rank_texts.iter().enumerate() {
        let rank = ranks - 1 - i;
        let mut file = 0usize;
        let mut chars = rank_text.char_indices().peekable();
        while let Some((j, c)) = chars.next() {
            let at = offset + j;
            if c.is_ascii_digit() {
                let mut k = j + 1;
                while let Some(&(i, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    k = i + 1;
                    chars.next();
                }
                let n: usize = rank_text[j..k]
                    .parse()
                    .map_err(|_| err("number too large", at, offset + k))?;
                if n == 0 {
                    return Err(err("an empty run of 0 squares", at, offset + k));
                }
                file += n;
                if file > files {
                    break;
                }
                continue;
            }
            if c == '*' {
                if file < files {
                    let sq = Square((rank * files + file) as u16);
                    if !geometry.is_void(sq) {
                        return Err(err(
                            format!("`*` marks a void but {} is a square", geometry.name(sq)),
                            at,
                            at + 1,
                        ));
                    }
                }
                file += 1;
                continue;
            }
            if !c.is_ascii_alphabetic() {
                return Err(err(
                    format!("unexpected `{c}` in the placement"),
                    at,
                    at + c.len_utf8(),
                ));
            }
            let Some(kind) = letter(c) else {
                return Err(err(format!("no piece has the letter `{c}`"), at, at + 1));
            };
            if file < files {
                let sq = Square((rank * files + file) as u16);
                if geometry.is_void(sq) {
                    return Err(err(
                        format!("`{c}` stands on {}, a void square", geometry.name(sq)),
                        at,
                        at + 1,
                    ));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                board[sq.index()] = Piece { color, kind }.code();
            }
            file += 1;
        }
        if file != files {
            return Err(err(
                format!(
                    "rank {} has {file} squares but the board has {files} files",
                    rank + 1
                ),
                *offset,
                offset + rank_text.len(),
            ));
        }
    }
    Ok(board)
}

/// Reads a full FEN for a variant.
///
/// # Errors
/// The first problem found, with its byte range in `fen`.
pub fn parse_fen(variant: &Variant, fen: &str) -> Result<Setup, ParseFenError> {
    let mut fields = Vec::new();
    let mut pos = 0;
    for part in fen.split_ascii_whitespace() {
        let start = fen[pos..].find(part).map_or(pos, |i| pos + i);
        fields.push((start, part));
        pos = start + part.len();
    }
    let Some(&(_, placement)) = fields.first() else {
        return Err(err("empty FEN", 0, fen.len()));
    };
    // Counters (`3+3`, as Fairy-Stockfish writes n-check) may follow the en
    // passant field; the move counters come after them.
    let mut counters = None;
    let mut shift = 0;
    if let Some(&(s, p)) = fields.get(4) {
        if let Some((w, b)) = p.split_once('+') {
            let parse = |t: &str| {
                t.parse::<i32>().map_err(|_| {
                    err(
                        format!("`{p}` is not a counter field such as `3+3`"),
                        s,
                        s + p.len(),
                    )
                })
            };
            counters = Some([parse(w)?, parse(b)?]);
            shift = 1;
        }
    }
    if fields.len() > 6 + shift {
        let (s, p) = fields[6 + shift];
        return Err(err("too many fields in the FEN", s, s + p.len()));
    }
    let geometry = &variant.geometry;
    let board = parse_placement(geometry, &|c| variant.kind_by_letter(c), placement)?;
    let side = match fields.get(1) {
        None => Color::White,
        Some((_, "w")) => Color::White,
        Some((_, "b")) => Color::Black,
        Some(&(s, p)) => {
            return Err(err(
                format!("the side to move is `w` or `b`, not `{p}`"),
                s,
                s + p.len(),
            ))
        }
    };
    let mut castling = Vec::new();
    if let Some(&(s, p)) = fields.get(2) {
        if p != "-" {
            for (i, c) in p.char_indices() {
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let matches: Vec<usize> = variant
                    .castling
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| {
                        r.color == color
                            && (r.letter == c
                                || (!matches!(c.to_ascii_uppercase(), 'K' | 'Q')
                                    && geometry.file_of(r.rook_from)
                                        == c.to_ascii_lowercase() as i32 - 'a' as i32))
                    })
                    .map(|(i, _)| i)
                    .collect();
                if matches.is_empty() {
                    return Err(err(
                        if variant.castling.is_empty() {
                            format!("castling right `{c}`, but this variant has no castling")
                        } else {
                            format!("no castling right is called `{c}`")
                        },
                        s + i,
                        s + i + c.len_utf8(),
                    ));
                }
                castling.extend(matches);
            }
        }
    }
    let en_passant = match fields.get(3) {
        None | Some((_, "-")) => None,
        Some(&(s, p)) => {
            let (passed, victim) = parse_en_passant(geometry, p).ok_or_else(|| {
                err(format!("`{p}` is not an en passant field (a square, or a square and the square of the piece that passed it)"), s, s + p.len())
            })?;
            // The two squares in either order (Fairy-Stockfish writes them in
            // board order): the passed square is the empty one.
            match victim {
                Some(v) if board[passed.index()] != 0 && board[v.index()] == 0 => {
                    Some((v, Some(passed)))
                }
                _ => Some((passed, victim)),
            }
        }
    };
    let number = |i: usize, default: u32| -> Result<u32, ParseFenError> {
        match fields.get(i + shift) {
            None => Ok(default),
            Some(&(s, p)) => p
                .parse::<u32>()
                .map_err(|_| err(format!("`{p}` is not a move count"), s, s + p.len())),
        }
    };
    let halfmoves = number(4, 0)?;
    let fullmoves = number(5, 1)?;
    if fullmoves == 0 {
        let (s, p) = fields[5 + shift];
        return Err(err("the move number starts at 1", s, s + p.len()));
    }
    Ok(Setup {
        board,
        side,
        castling,
        en_passant,
        halfmoves,
        fullmoves,
        counters,
    })
}

fn parse_en_passant(geometry: &Geometry, text: &str) -> Option<(Square, Option<Square>)> {
    // One or two square names run together: letters then digits, twice.
    let bytes = text.as_bytes();
    let mut cut = None;
    for i in 1..bytes.len() {
        if bytes[i].is_ascii_lowercase() && bytes[i - 1].is_ascii_digit() {
            cut = Some(i);
        }
    }
    match cut {
        None => Some((geometry.parse_square(text)?, None)),
        Some(i) => Some((
            geometry.parse_square(&text[..i])?,
            Some(geometry.parse_square(&text[i..])?),
        )),
    }
}

/// Writes a position as FEN.
pub fn write_fen(pos: &Position) -> String {
    let variant = pos.variant();
    let g = &variant.geometry;
    let mut out = String::new();
    for rank in (0..g.ranks() as i32).rev() {
        let mut empty = 0;
        for file in 0..g.files() as i32 {
            let sq = g.cell(file, rank).unwrap_or_default();
            match pos.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let letter = variant.piece(p.kind).letter;
                    out.push(if p.color == Color::White {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(pos.side_to_move().char());
    out.push(' ');
    let mut rights = String::new();
    for color in Color::ALL {
        let mut letters: Vec<char> = variant
            .castling
            .iter()
            .filter(|r| {
                r.color == color
                    && pos.unmoved().contains(r.king_from)
                    && pos.unmoved().contains(r.rook_from)
                    && pos.piece_at(r.king_from)
                        == Some(Piece {
                            color,
                            kind: r.king,
                        })
                    && pos.piece_at(r.rook_from)
                        == Some(Piece {
                            color,
                            kind: r.rook,
                        })
            })
            .map(|r| r.letter)
            .collect();
        letters.sort_by_key(|c| match c.to_ascii_uppercase() {
            'K' => 0,
            'Q' => 1,
            _ => 2,
        });
        letters.dedup();
        rights.extend(letters);
    }
    out.push_str(if rights.is_empty() { "-" } else { &rights });
    out.push(' ');
    out.push_str(&en_passant_field(pos));
    if !variant.counters.is_empty() {
        out.push_str(&format!(
            " {}+{}",
            pos.counter(0, Color::White),
            pos.counter(0, Color::Black)
        ));
    }
    out.push_str(&format!(" {} {}", pos.halfmoves(), pos.fullmoves()));
    out
}

/// The en passant field: `-` unless an enemy piece could capture en
/// passant (the position keeps the chance only then).
fn en_passant_field(pos: &Position) -> String {
    let Some(ep) = pos.en_passant() else {
        return "-".into();
    };
    let g = &pos.variant().geometry;
    let Some(passed) = ep.passed.iter().next() else {
        return "-".into();
    };
    let mover = pos.side_to_move().opposite();
    let candidates = pos
        .pieces_of(mover)
        .iter()
        .filter(|&v| pos.could_have_passed(v, passed))
        .count();
    if candidates == 1 {
        g.name(passed)
    } else {
        format!("{}{}", g.name(passed), g.name(ep.victim))
    }
}
