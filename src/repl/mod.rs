//! The REPL: play a variant against a person or the computer.
//!
//! [`Session`] holds a game and runs typed lines ([`Session::execute`]),
//! writing to any `Write`: it never reads input itself and never panics
//! on what is typed. [`run`] is the interactive front-end: a rustyline
//! editor with completion ([`helper`]) and a history file when standard
//! input is a terminal, plain lines when it is piped; Ctrl-C stops a
//! search or clears the line; leaving with an unsaved game asks where to
//! save it (and keeps it in a recovery file when it cannot ask).
//! Commands are parsed in [`command`], the board is drawn in [`render`].

pub mod command;
pub mod helper;
pub mod render;

use std::fmt::Write as _;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant, SystemTime};

use crate::compile::{compile_path, LoadError};
use crate::engine::{format_score, Engine, Limits, SearchInfo};
use crate::ir::piece::Color;
use crate::ir::Variant;
use crate::notation::coord::move_to_coord;
use crate::notation::fen::write_fen;
use crate::notation::pgn::{parse_pgn, replay, write_pgn, PgnHeader};
use crate::notation::san::{
    move_to_san, move_to_san_plain, parse_move, piece_name, side_name, MoveInputError,
};
use crate::vm::{HookError, Move, Outcome, Position};

use command::{parse_command, Command, Level, Sides, COMMANDS};
use helper::{Candidates, ReplHelper};
use render::{render_board, RenderOptions};

/// What the driver should do after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// The user asked to leave.
    Quit,
}

/// A game in progress and the REPL's settings.
#[derive(Debug)]
pub struct Session {
    script: String,
    variant: Arc<Variant>,
    /// positions[0] is the start; positions[i] follows moves[..i].
    positions: Vec<Position>,
    moves: Vec<Move>,
    redo: Vec<Move>,
    /// The game as last saved or opened: start FEN and moves.
    saved: Option<(String, Vec<Move>)>,
    /// Where it was last saved.
    save_path: Option<String>,
    computer: (bool, bool),
    level: Level,
    show_pv: bool,
    /// Drawing options.
    pub render: RenderOptions,
    engine: Option<Engine>,
    stop: Arc<AtomicBool>,
    /// Where unsaved games are kept when they would otherwise be lost.
    pub recovery_dir: Option<PathBuf>,
}

macro_rules! say {
    ($out:expr, $($arg:tt)*) => {
        let _ = writeln!($out, $($arg)*);
    };
}

impl Session {
    /// A session on a script (a path, or `chess` for the built-in one).
    ///
    /// # Errors
    /// The script's diagnostics, rendered.
    pub fn new(script: &str) -> Result<Session, String> {
        let variant = load(script, false)?;
        let start = Position::start(&variant);
        Ok(Session {
            script: script.to_string(),
            variant,
            positions: vec![start],
            moves: Vec::new(),
            redo: Vec::new(),
            saved: None,
            save_path: None,
            computer: (false, false),
            level: Level::Time(1.0),
            show_pv: false,
            render: RenderOptions::default(),
            engine: None,
            stop: Arc::new(AtomicBool::new(false)),
            recovery_dir: None,
        })
    }

    /// The flag that stops a running search (raised by Ctrl-C).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        // positions is never empty.
        &self.positions[self.positions.len() - 1]
    }

    /// The moves of the game so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The variant being played.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// Whether the game has moves that were not saved.
    pub fn is_dirty(&self) -> bool {
        if self.moves.is_empty() {
            return false;
        }
        match &self.saved {
            Some((fen, moves)) => *fen != write_fen(&self.positions[0]) || *moves != self.moves,
            None => true,
        }
    }

    /// The prompt: move number and side to move.
    pub fn prompt(&self) -> String {
        let pos = self.position();
        match pos.side_to_move() {
            Color::White => format!("{}. White> ", pos.fullmoves()),
            Color::Black => format!("{}... Black> ", pos.fullmoves()),
        }
    }

    /// What tab-completion offers now.
    pub fn candidates(&self) -> Candidates {
        let pos = self.position();
        let g = &self.variant.geometry;
        let mut moves = Vec::new();
        for m in pos.legal_moves().unwrap_or_default() {
            moves.push(move_to_san_plain(pos, m));
            moves.push(move_to_coord(pos, m));
        }
        let squares = pos
            .pieces_of(pos.side_to_move())
            .iter()
            .map(|sq| g.name(sq))
            .collect();
        Candidates {
            commands: COMMANDS.iter().map(|(c, _)| c.to_string()).collect(),
            moves,
            squares,
        }
    }

    /// Draws the board and the status line.
    pub fn show(&self, out: &mut dyn Write) {
        let _ = write!(
            out,
            "{}",
            render_board(self.position(), self.moves.last().copied(), self.render)
        );
        say!(out, "{}", self.status());
    }

    /// The status line: who moves, check, or how the game ended.
    pub fn status(&self) -> String {
        let pos = self.position();
        let mut s = String::new();
        if let Some(&last) = self.moves.last() {
            let before = &self.positions[self.positions.len() - 2];
            let n = before.fullmoves();
            let dots = if before.side_to_move() == Color::White {
                "."
            } else {
                "..."
            };
            let _ = write!(s, "{n}{dots} {}   ", move_to_san(before, last));
        }
        match pos.outcome().unwrap_or(Outcome::Ongoing) {
            Outcome::Ongoing => {
                let _ = write!(s, "{} to move", side_name(pos.side_to_move()));
                if pos.is_check() {
                    s.push_str(", in check");
                }
            }
            outcome => {
                let _ = write!(s, "Game over: {}", describe_outcome(pos, outcome));
            }
        }
        s
    }

    /// Runs one typed line.
    pub fn execute(&mut self, line: &str, out: &mut dyn Write) -> Flow {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Flow::Continue;
        }
        let command = match parse_command(line) {
            Ok(c) => c,
            Err(e) => {
                say!(out, "{e}");
                return Flow::Continue;
            }
        };
        match command {
            Command::Quit => return Flow::Quit,
            Command::Help => self.help(out),
            Command::Board => self.show(out),
            Command::Moves(sq) => self.list_moves(sq.as_deref(), out),
            Command::Undo(n) => self.undo(n, out),
            Command::Redo(n) => self.redo(n, out),
            Command::New => {
                self.stash_if_dirty(out);
                let start = Position::start(&self.variant);
                self.reset(start, Vec::new());
                self.show(out);
                self.computer_turns(out);
            }
            Command::Load(script) => match load(&script, self.render.color) {
                Ok(v) => {
                    self.stash_if_dirty(out);
                    say!(out, "{} loaded from {script}", v.name);
                    self.script = script;
                    self.variant = v;
                    self.engine = None;
                    let start = Position::start(&self.variant);
                    self.reset(start, Vec::new());
                    self.show(out);
                    self.computer_turns(out);
                }
                Err(e) => {
                    let _ = write!(out, "{e}");
                    if !e.ends_with('\n') {
                        say!(out, "");
                    }
                }
            },
            Command::Fen(None) => {
                say!(out, "{}", write_fen(self.position()));
            }
            Command::Fen(Some(fen)) => match Position::from_fen(&self.variant, &fen) {
                Ok(p) => {
                    self.stash_if_dirty(out);
                    self.reset(p, Vec::new());
                    self.show(out);
                    self.computer_turns(out);
                }
                Err(e) => {
                    say!(out, "bad FEN: {e}");
                }
            },
            Command::Pgn => {
                let _ = write!(out, "{}", self.pgn_text());
            }
            Command::Save(path) => {
                let Some(path) = path.or_else(|| self.save_path.clone()) else {
                    say!(out, "save takes a file name: `save game.pgn`");
                    return Flow::Continue;
                };
                match self.save_to(&path) {
                    Ok(()) => {
                        say!(out, "saved {} moves to {path}", self.moves.len());
                    }
                    Err(e) => {
                        say!(out, "{e}");
                    }
                }
            }
            Command::Open(path) => self.open(&path, out),
            Command::Perft(n) => self.perft(n, out),
            Command::Flip => {
                self.render.flipped = !self.render.flipped;
                self.show(out);
            }
            Command::Go => {
                if self.game_over(out) {
                    return Flow::Continue;
                }
                self.think_and_play(out);
                self.computer_turns(out);
            }
            Command::Play(None) => {
                let who = match self.computer {
                    (true, true) => "both sides",
                    (true, false) => "White",
                    (false, true) => "Black",
                    (false, false) => "neither side",
                };
                say!(out, "the computer plays {who}");
            }
            Command::Play(Some(s)) => {
                self.computer = match s {
                    Sides::White => (true, false),
                    Sides::Black => (false, true),
                    Sides::Both => (true, true),
                    Sides::None => (false, false),
                };
                let who = match s {
                    Sides::White => "White",
                    Sides::Black => "Black",
                    Sides::Both => "both sides",
                    Sides::None => "neither side",
                };
                say!(out, "the computer plays {who}");
                self.computer_turns(out);
            }
            Command::Level(None) => {
                say!(out, "level: {}", level_text(self.level));
            }
            Command::Level(Some(l)) => {
                self.level = l;
                say!(out, "level: {}", level_text(self.level));
            }
            Command::Pv(None) => {
                say!(out, "pv {}", if self.show_pv { "on" } else { "off" });
            }
            Command::Pv(Some(b)) => {
                self.show_pv = b;
                say!(out, "pv {}", if b { "on" } else { "off" });
            }
            Command::Hint => {
                if self.game_over(out) {
                    return Flow::Continue;
                }
                if let Some((mv, text)) = self.think(out) {
                    let pos = self.position();
                    say!(out, "hint: {} {text}", move_to_san(pos, mv));
                }
            }
            Command::Explain(piece) => match self.piece_kind(&piece) {
                Ok(kind) => {
                    let text =
                        crate::teach::explain::explain_piece(self.position().variant(), kind);
                    say!(out, "{text}");
                }
                Err(e) => {
                    say!(out, "{e}");
                }
            },
            Command::Show(what, at) => self.show_command(&what, at.as_deref(), out),
            Command::Move(text) => self.human_move(&text, out),
        }
        Flow::Continue
    }

    /// A piece kind from a name (any case) or a FEN letter.
    fn piece_kind(&self, text: &str) -> Result<crate::ir::piece::PieceKind, String> {
        let pos = self.position();
        let v = pos.variant();
        let mut chars = text.chars();
        let by_letter = match (chars.next(), chars.next()) {
            (Some(c), None) => v.kind_by_letter(c),
            _ => None,
        };
        by_letter.or_else(|| pos.kind_named(text)).ok_or_else(|| {
            let names: Vec<String> = v
                .pieces
                .iter()
                .map(|p| format!("{} ({})", p.name, p.letter))
                .collect();
            format!("no piece `{text}`; the pieces are: {}", names.join(", "))
        })
    }

    /// `show PIECE [at SQUARE]` on an empty board, or `show SQUARE` in the current position.
    fn show_command(&mut self, what: &str, at: Option<&str>, out: &mut dyn Write) {
        let pos = self.position().clone();
        let g = &pos.variant().geometry;
        if at.is_none() {
            if let Some(sq) = g.parse_square(what) {
                let text = crate::teach::show::show_in_position(&pos, sq).unwrap_or_else(|e| e);
                say!(out, "{text}");
                return;
            }
        }
        let kind = match self.piece_kind(what) {
            Ok(k) => k,
            Err(e) => {
                say!(out, "{e}");
                return;
            }
        };
        let square = match at {
            None => None,
            Some(name) => match g.parse_square(name) {
                Some(sq) => Some(sq),
                None => {
                    say!(out, "`{name}` is not a square of this board");
                    return;
                }
            },
        };
        // A lower-case letter means Black's piece, as in FEN.
        let black = what.len() == 1 && what.chars().all(|c| c.is_ascii_lowercase());
        let piece = crate::ir::piece::Piece {
            color: if black { Color::Black } else { Color::White },
            kind,
        };
        let text = crate::teach::show::show_piece(pos.variant(), piece, square);
        say!(out, "{text}");
    }

    fn help(&self, out: &mut dyn Write) {
        say!(
            out,
            "Type a move in SAN (Nf3, exd5, e8=Q, O-O, Ra10) or coordinates (e2e4, e7e8q), or a command:"
        );
        for (c, text) in COMMANDS {
            say!(out, "  {c:<7} {text}");
        }
        say!(
            out,
            "Tab completes commands and moves; Ctrl-C stops the computer or clears the line; Ctrl-D leaves."
        );
    }

    fn reset(&mut self, start: Position, moves: Vec<Move>) {
        let mut positions = vec![start];
        for &m in &moves {
            let mut p = positions[positions.len() - 1].clone();
            p.play_unchecked(m);
            positions.push(p);
        }
        self.positions = positions;
        self.moves = moves;
        self.redo.clear();
        self.saved = None;
    }

    fn game_over(&self, out: &mut dyn Write) -> bool {
        let pos = self.position();
        match pos.outcome().unwrap_or(Outcome::Ongoing) {
            Outcome::Ongoing => false,
            o => {
                say!(
                    out,
                    "the game is over ({}); undo, new, load or fen to go on",
                    describe_outcome(pos, o)
                );
                true
            }
        }
    }

    /// Plays a move; a variant hook that fails leaves the game as it was
    /// and says why.
    fn play_move(&mut self, mv: Move, out: &mut dyn Write) -> bool {
        let mut p = self.position().clone();
        if let Err(e) = p.try_play(mv) {
            say!(out, "{e}");
            return false;
        }
        self.positions.push(p);
        self.moves.push(mv);
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        true
    }

    fn human_move(&mut self, text: &str, out: &mut dyn Write) {
        if self.game_over(out) {
            return;
        }
        let pos = self.position().clone();
        match parse_move(&pos, text) {
            Ok(mv) => {
                if self.play_move(mv, out) {
                    self.show(out);
                    self.computer_turns(out);
                }
            }
            Err(MoveInputError::Syntax { message }) => {
                say!(out, "{message}");
            }
            Err(MoveInputError::Ambiguous { candidates }) => {
                let list: Vec<String> = candidates.iter().map(|&m| move_to_san(&pos, m)).collect();
                say!(
                    out,
                    "`{text}` is ambiguous: it could be {}",
                    list.join(" or ")
                );
            }
            Err(MoveInputError::Illegal { message, from }) => {
                let mut line = format!("`{text}` cannot be played: {}.", lower_first(&message));
                if let Some(from) = from {
                    if let Some(p) = pos.piece_at(from) {
                        let list: Vec<String> = pos
                            .legal_moves()
                            .unwrap_or_default()
                            .into_iter()
                            .filter(|m| m.from == from)
                            .map(|m| move_to_san(&pos, m))
                            .collect();
                        let g = &self.variant.geometry;
                        if list.is_empty() {
                            let _ = write!(
                                line,
                                " The {} on {} has no legal move.",
                                piece_name(&pos, p),
                                g.name(from)
                            );
                        } else {
                            let _ = write!(
                                line,
                                " The {} on {} can play: {}.",
                                piece_name(&pos, p),
                                g.name(from),
                                list.join(", ")
                            );
                        }
                    }
                }
                say!(out, "{line}");
            }
        }
    }

    fn list_moves(&self, square: Option<&str>, out: &mut dyn Write) {
        let pos = self.position();
        let g = &self.variant.geometry;
        let from = match square {
            None => None,
            Some(s) => match g.parse_square(s.trim()) {
                Some(sq) => Some(sq),
                None => {
                    say!(out, "{s} is not a square of this board");
                    return;
                }
            },
        };
        let mut list: Vec<String> = pos
            .legal_moves()
            .unwrap_or_default()
            .into_iter()
            .filter(|m| from.is_none_or(|f| m.from == f))
            .map(|m| move_to_san(pos, m))
            .collect();
        list.sort();
        match (from, list.is_empty()) {
            (Some(f), true) => match pos.piece_at(f) {
                None => {
                    say!(out, "there is no piece on {}", g.name(f));
                }
                Some(p) if p.color != pos.side_to_move() => {
                    say!(
                        out,
                        "the {} on {} is {}'s; it is {}'s move",
                        piece_name(pos, p),
                        g.name(f),
                        side_name(p.color),
                        side_name(pos.side_to_move())
                    );
                }
                Some(p) => {
                    say!(
                        out,
                        "the {} on {} has no legal move",
                        piece_name(pos, p),
                        g.name(f)
                    );
                }
            },
            (None, true) => {
                say!(out, "no legal moves");
            }
            _ => {
                say!(out, "{} ({} moves)", list.join(" "), list.len());
            }
        }
    }

    fn undo(&mut self, n: usize, out: &mut dyn Write) {
        if self.moves.is_empty() {
            say!(out, "nothing to undo");
            return;
        }
        let mut n = n.min(self.moves.len());
        // Against the computer, go back to the player's own turn.
        let (w, b) = self.computer;
        if w != b {
            let side_after = |k: usize| self.positions[self.moves.len() - k].side_to_move();
            let computer_side = if w { Color::White } else { Color::Black };
            if side_after(n) == computer_side && n < self.moves.len() {
                n += 1;
            }
        }
        for _ in 0..n {
            if let Some(m) = self.moves.pop() {
                self.positions.pop();
                self.redo.push(m);
            }
        }
        self.show(out);
    }

    fn redo(&mut self, n: usize, out: &mut dyn Write) {
        if self.redo.is_empty() {
            say!(out, "nothing to redo");
            return;
        }
        for _ in 0..n {
            let Some(&m) = self.redo.last() else { break };
            if !self.position().is_legal(m).unwrap_or(false) {
                self.redo.clear();
                break;
            }
            if !self.play_move(m, out) {
                break;
            }
        }
        self.show(out);
    }

    /// The game so far as PGN.
    pub fn pgn_text(&self) -> String {
        let name = |computer: bool| if computer { "varia" } else { "Player" };
        let header = PgnHeader {
            white: name(self.computer.0).to_string(),
            black: name(self.computer.1).to_string(),
            script: Some(self.script.clone()),
            date: Some(today()),
        };
        let result = match self.position().outcome().unwrap_or(Outcome::Ongoing) {
            Outcome::Ongoing => "*",
            Outcome::Draw { .. } => "1/2-1/2",
            Outcome::Decisive {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Decisive {
                winner: Color::Black,
                ..
            } => "0-1",
        };
        write_pgn(&self.positions[0], &self.moves, result, &header)
    }

    /// Saves the game as PGN.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save_to(&mut self, path: &str) -> Result<(), String> {
        std::fs::write(path, self.pgn_text()).map_err(|e| format!("cannot write {path}: {e}"))?;
        self.saved = Some((write_fen(&self.positions[0]), self.moves.clone()));
        self.save_path = Some(path.to_string());
        Ok(())
    }

    fn open(&mut self, path: &str, out: &mut dyn Write) {
        let text = match std::fs::read(path) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) => {
                say!(out, "cannot read {path}: {e}");
                return;
            }
        };
        let game = match parse_pgn(&text) {
            Ok(g) => g,
            Err(e) => {
                say!(out, "{path}: {e}");
                return;
            }
        };
        let mut variant = self.variant.clone();
        let mut script = self.script.clone();
        if let Some(name) = game.tag("Variant") {
            if name != variant.name {
                let other = game
                    .tag("Script")
                    .and_then(|s| compile_path(s).ok().map(|v| (s.to_string(), v)));
                match other {
                    Some((s, v)) if v.name == name => {
                        variant = v;
                        script = s;
                    }
                    _ => {
                        say!(
                            out,
                            "{path} is a game of {name}, not {}: load its script first",
                            variant.name
                        );
                        return;
                    }
                }
            }
        }
        match replay(&variant, &game) {
            Ok((start, moves)) => {
                self.stash_if_dirty(out);
                if !Arc::ptr_eq(&variant, &self.variant) {
                    self.engine = None;
                }
                self.variant = variant;
                self.script = script;
                self.reset(start, moves);
                self.saved = Some((write_fen(&self.positions[0]), self.moves.clone()));
                self.save_path = Some(path.to_string());
                say!(out, "opened {path}: {} moves", self.moves.len());
                self.show(out);
            }
            Err(e) => {
                say!(out, "{path}: {e}");
            }
        }
    }

    fn perft(&mut self, depth: u32, out: &mut dyn Write) {
        self.stop.store(false, Ordering::Relaxed);
        let mut pos = self.position().clone();
        let t = Instant::now();
        let n = stoppable_perft(&mut pos, depth, &self.stop);
        let secs = t.elapsed().as_secs_f64();
        match n {
            Ok(Some(n)) => {
                say!(out, "perft {depth}: {n} ({secs:.2} s)");
            }
            Ok(None) => {
                say!(out, "perft interrupted");
            }
            Err(e) => {
                say!(out, "perft failed: {e}");
            }
        }
    }

    /// Keeps an unsaved game in the recovery folder before it is replaced.
    fn stash_if_dirty(&mut self, out: &mut dyn Write) {
        if !self.is_dirty() {
            return;
        }
        match self.stash() {
            Some(path) => {
                say!(out, "(the unsaved game was kept in {path})");
            }
            None => {
                say!(out, "(the unsaved game was replaced; it could not be kept)");
            }
        }
    }

    /// Writes the game to a new file in the recovery folder; returns its path.
    pub fn stash(&mut self) -> Option<String> {
        let dir = self.recovery_dir.clone()?;
        std::fs::create_dir_all(&dir).ok()?;
        let stamp = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|d| d.as_millis())
            .unwrap_or(0);
        let path = dir.join(format!("unsaved-{stamp}.pgn"));
        let text = path.to_string_lossy().into_owned();
        let keep = self.save_path.clone();
        self.save_to(&text).ok()?;
        self.save_path = keep;
        Some(text)
    }

    /// The computer moves while it plays the side to move.
    fn computer_turns(&mut self, out: &mut dyn Write) {
        for _ in 0..2000 {
            let pos = self.position();
            if pos.outcome().unwrap_or(Outcome::Ongoing) != Outcome::Ongoing {
                return;
            }
            let mine = match pos.side_to_move() {
                Color::White => self.computer.0,
                Color::Black => self.computer.1,
            };
            if !mine || !self.think_and_play(out) {
                return;
            }
        }
    }

    /// Searches and plays; false if interrupted (then the computer stops playing).
    fn think_and_play(&mut self, out: &mut dyn Write) -> bool {
        match self.think(out) {
            Some((mv, text)) => {
                let san = move_to_san(self.position(), mv);
                say!(out, "varia plays {san} {text}");
                if !self.play_move(mv, out) {
                    return false;
                }
                self.show(out);
                true
            }
            None => false,
        }
    }

    /// Searches the current position at the set level: the move and a summary.
    fn think(&mut self, out: &mut dyn Write) -> Option<(Move, String)> {
        let pos = self.position().clone();
        let limits = match self.level {
            Level::Depth(d) => Limits::depth(d),
            Level::Time(t) => Limits::time(Duration::from_secs_f64(t)),
        };
        let stop = self.stop.clone();
        let engine = self.engine.get_or_insert_with(|| Engine::new(&pos));
        engine.set_stop_flag(stop.clone());
        stop.store(false, Ordering::Relaxed);
        SEARCHING.store(true, Ordering::Relaxed);
        let show_pv = self.show_pv;
        let result = engine.search(&pos, limits, |info: &SearchInfo| {
            if show_pv {
                say!(
                    out,
                    "  depth {:>2}  eval {:>7}  nodes {:>10}  {:>6.2} s  pv {}",
                    info.depth,
                    format_score(info.score),
                    info.nodes,
                    info.elapsed.as_secs_f64(),
                    pv_text(&pos, &info.pv)
                );
            }
        });
        SEARCHING.store(false, Ordering::Relaxed);
        if stop.swap(false, Ordering::Relaxed) {
            self.computer = (false, false);
            say!(
                out,
                "search interrupted; the computer now plays neither side (`play` or `go` to resume)"
            );
            return None;
        }
        let mv = result.best?;
        let secs = result.elapsed.as_secs_f64().max(1e-6);
        let mut text = format!(
            "(depth {}, eval {}, {} nodes in {:.2} s, {:.0} knodes/s)",
            result.depth,
            format_score(result.score),
            result.nodes,
            secs,
            result.nodes as f64 / secs / 1000.0
        );
        if show_pv {
            let _ = write!(text, "\n  pv {}", pv_text(&pos, &result.pv));
        }
        Some((mv, text))
    }
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// Set while the computer thinks (Ctrl-C then stops it instead of ending a piped run).
static SEARCHING: AtomicBool = AtomicBool::new(false);

fn pv_text(pos: &Position, pv: &[Move]) -> String {
    let mut p = pos.clone();
    let mut parts = Vec::new();
    for &m in pv {
        if !p.is_legal(m).unwrap_or(false) {
            break;
        }
        parts.push(move_to_san(&p, m));
        p.play_unchecked(m);
    }
    parts.join(" ")
}

fn level_text(level: Level) -> String {
    match level {
        Level::Depth(d) => format!("depth {d} plies"),
        Level::Time(t) => format!("{t} s per move"),
    }
}

/// Says how a game ended, with the variant's meaning of it.
pub fn describe_outcome(pos: &Position, outcome: Outcome) -> String {
    crate::teach::outcome::describe(pos, &outcome)
}

/// Perft that gives up (None) when `stop` is raised.
fn stoppable_perft(
    pos: &mut Position,
    depth: u32,
    stop: &AtomicBool,
) -> Result<Option<u64>, HookError> {
    if depth == 0 {
        return Ok(Some(1));
    }
    let moves = pos.legal_moves()?;
    if depth == 1 {
        return Ok(Some(moves.len() as u64));
    }
    if stop.load(Ordering::Relaxed) {
        return Ok(None);
    }
    let mut n = 0;
    for m in moves {
        let undo = pos.play_unchecked(m);
        let r = if depth <= 4 {
            crate::vm::perft::perft(pos, depth - 1).map(Some)
        } else {
            stoppable_perft(pos, depth - 1, stop)
        };
        pos.unplay(m, undo);
        match r? {
            Some(count) => n += count,
            None => return Ok(None),
        }
    }
    Ok(Some(n))
}

/// Today's date as `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!("{y:04}.{m:02}.{d:02}")
}

fn load(script: &str, color: bool) -> Result<Arc<Variant>, String> {
    match compile_path(script) {
        Ok(v) => Ok(v),
        Err(LoadError::Io { path, message }) => Err(format!("cannot read {path}: {message}")),
        Err(LoadError::Script(errors)) => Err(if color {
            errors.render_for_terminal()
        } else {
            errors.render_plain()
        }),
    }
}

/// The folder for the history file and recovered games: `$VARIA_HOME`,
/// else `$XDG_STATE_HOME/varia`, else `~/.local/state/varia`.
pub fn state_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("VARIA_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_STATE_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d).join("varia"));
    }
    std::env::var_os("HOME")
        .filter(|d| !d.is_empty())
        .map(|h| PathBuf::from(h).join(".local/state/varia"))
}

/// Whether to draw in colour: standard output is a terminal, `NO_COLOR`
/// is unset or empty, and `TERM` is not `dumb`.
pub fn wants_color() -> bool {
    std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::env::var("TERM").map_or(true, |t| t != "dumb")
}

enum Read {
    Line(String),
    Interrupted,
    Eof,
}

trait LineSource {
    fn read(&mut self, prompt: &str, session: &Session) -> Read;
    fn finish(&mut self) {}
}

struct Piped<R: BufRead> {
    input: R,
}

impl<R: BufRead> LineSource for Piped<R> {
    fn read(&mut self, _prompt: &str, _session: &Session) -> Read {
        let mut buf = Vec::new();
        match self.input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => Read::Eof,
            Ok(_) => Read::Line(String::from_utf8_lossy(&buf).into_owned()),
        }
    }
}

struct Interactive {
    editor: rustyline::Editor<ReplHelper, rustyline::history::FileHistory>,
    candidates: Arc<Mutex<Candidates>>,
    history: Option<PathBuf>,
}

impl LineSource for Interactive {
    fn read(&mut self, prompt: &str, session: &Session) -> Read {
        if let Ok(mut c) = self.candidates.lock() {
            *c = session.candidates();
        }
        match self.editor.readline(prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = self.editor.add_history_entry(line.as_str());
                }
                Read::Line(line)
            }
            Err(rustyline::error::ReadlineError::Interrupted) => Read::Interrupted,
            Err(_) => Read::Eof,
        }
    }

    fn finish(&mut self) {
        if let Some(h) = &self.history {
            if let Some(dir) = h.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = self.editor.save_history(h);
        }
    }
}

/// Runs the REPL on a script until the user leaves; returns the exit code.
pub fn run(script: &str) -> i32 {
    let mut session = match Session::new(script) {
        Ok(s) => s,
        Err(e) => {
            eprint!("{e}");
            if !e.ends_with('\n') {
                eprintln!();
            }
            return 1;
        }
    };
    session.render.color = wants_color();
    session.recovery_dir = state_dir();
    let interactive = std::io::stdin().is_terminal();
    let mut source: Box<dyn LineSource> = if interactive {
        match make_editor() {
            Some(ed) => Box::new(ed),
            None => Box::new(Piped {
                input: std::io::stdin().lock(),
            }),
        }
    } else {
        Box::new(Piped {
            input: std::io::stdin().lock(),
        })
    };
    // After the line editor, which installs a SIGINT handler of its own:
    // this one replaces it (Ctrl-C at the prompt is a key, not a signal).
    install_interrupt_handler(session.stop_flag(), interactive);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    say!(
        out,
        "varia: {} ({} to move). Type `help` for the commands, a move to play.",
        session.variant().name,
        side_name(session.position().side_to_move())
    );
    session.show(&mut out);
    let mut warned = false;
    loop {
        let _ = out.flush();
        let prompt = session.prompt();
        match source.read(&prompt, &session) {
            Read::Line(line) => {
                if session.execute(&line, &mut out) == Flow::Quit
                    && leave(&mut session, &mut *source, &mut out)
                {
                    break;
                }
            }
            Read::Interrupted => {
                if !warned {
                    say!(out, "(Ctrl-C clears the line; `quit` or Ctrl-D leaves)");
                    warned = true;
                }
            }
            Read::Eof => {
                if leave(&mut session, &mut *source, &mut out) {
                    break;
                }
            }
        }
    }
    source.finish();
    let _ = out.flush();
    0
}

/// Offers to save an unsaved game; true when the REPL may end.
fn leave(session: &mut Session, source: &mut dyn LineSource, out: &mut dyn Write) -> bool {
    if !session.is_dirty() {
        return true;
    }
    for _ in 0..3 {
        say!(
            out,
            "The game has unsaved moves. Save it? Type a file name (Enter: game.pgn), `no` to leave without saving, Ctrl-C to stay."
        );
        let _ = out.flush();
        match source.read("save as> ", session) {
            Read::Line(line) => {
                let answer = line.trim();
                if answer.eq_ignore_ascii_case("no") || answer.eq_ignore_ascii_case("n") {
                    return true;
                }
                let path = if answer.is_empty() {
                    "game.pgn"
                } else {
                    answer
                };
                match session.save_to(path) {
                    Ok(()) => {
                        say!(out, "saved to {path}");
                        return true;
                    }
                    Err(e) => {
                        say!(out, "{e}");
                    }
                }
            }
            Read::Interrupted => return false,
            Read::Eof => break,
        }
    }
    match session.stash() {
        Some(p) => {
            say!(out, "the game was kept in {p}");
        }
        None => {
            say!(
                out,
                "the game could not be kept anywhere; it is printed here:"
            );
            let _ = write!(out, "{}", session.pgn_text());
        }
    }
    true
}

fn make_editor() -> Option<Interactive> {
    let config = rustyline::Config::builder()
        .auto_add_history(false)
        .completion_type(rustyline::CompletionType::List)
        .max_history_size(1000)
        .ok()?
        .build();
    let candidates = Arc::new(Mutex::new(Candidates::default()));
    let mut editor = rustyline::Editor::with_config(config).ok()?;
    editor.set_helper(Some(ReplHelper::new(candidates.clone())));
    let history = state_dir().map(|d| d.join("history"));
    if let Some(h) = &history {
        let _ = editor.load_history(h);
    }
    Some(Interactive {
        editor,
        candidates,
        history,
    })
}

fn install_interrupt_handler(stop: Arc<AtomicBool>, interactive: bool) {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let _ = ctrlc::set_handler(move || {
            if SEARCHING.load(Ordering::Relaxed) || interactive {
                stop.store(true, Ordering::Relaxed);
            } else {
                std::process::exit(130);
            }
        });
    });
}
