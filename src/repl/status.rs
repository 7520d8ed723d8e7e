//! What the REPL prints about the game: the board with the status line,
//! the prompt, how a game ended, and what tab-completion offers.

use std::fmt::Write as _;
use std::io::Write;

use crate::ir::piece::Color;
use crate::notation::coord::move_to_coord;
use crate::repl::command::{Level, COMMANDS};
use crate::repl::helper::Candidates;
use crate::repl::render::render_board;
use crate::repl::Session;
use crate::vm::{Outcome, Position};

impl Session {
    /// The prompt: move number and side to move.
    pub fn prompt(&self) -> String {
        let pos = self.position();
        let side = self.variant().side_name(pos.side_to_move());
        match pos.side_to_move() {
            Color::White => format!("{}. {side}> ", pos.fullmoves()),
            Color::Black => format!("{}... {side}> ", pos.fullmoves()),
        }
    }

    /// What tab-completion offers now.
    pub fn candidates(&self) -> Candidates {
        let pos = self.position();
        let g = &self.variant().geometry;
        let mut moves = Vec::new();
        for &m in self.game.legal_moves() {
            moves.push(self.game.san_plain(m));
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
            pieces: self
                .variant()
                .pieces
                .iter()
                .map(|p| p.name.clone())
                .collect(),
        }
    }

    /// Draws the board and the status line.
    pub fn show(&self, out: &mut dyn Write) {
        let _ = write!(
            out,
            "{}",
            render_board(self.position(), self.moves().last().copied(), self.render)
        );
        say!(out, "{}", self.status());
    }

    /// The status line: the last move, then who moves, check, or how the game ended.
    pub fn status(&self) -> String {
        let pos = self.position();
        let mut s = String::new();
        let played = self.moves().len();
        if played > 0 {
            let before = self.game.position_at(played - 1);
            let n = before.fullmoves();
            let dots = if before.side_to_move() == Color::White {
                "."
            } else {
                "..."
            };
            let _ = write!(s, "{n}{dots} {}   ", self.game.san(played - 1));
        }
        if let Err(error) = self.game.outcome() {
            let _ = write!(s, "the game cannot go on: {error}");
            return s;
        }
        match self.game.outcome().unwrap_or(Outcome::Ongoing) {
            Outcome::Ongoing => {
                let side = self.variant().side_name(pos.side_to_move());
                let _ = write!(s, "{side} to move");
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

    /// Says that the game is over, if it is.
    pub(super) fn game_over(&self, out: &mut dyn Write) -> bool {
        match self.game.outcome().unwrap_or(Outcome::Ongoing) {
            Outcome::Ongoing => false,
            o => {
                say!(
                    out,
                    "the game is over ({}); undo, new, load or fen to go on",
                    describe_outcome(self.position(), o)
                );
                true
            }
        }
    }
}

/// Says how a game ended, with the variant's meaning of it (the words
/// are the teaching module's).
pub fn describe_outcome(pos: &Position, outcome: Outcome) -> String {
    crate::teach::outcome::describe(pos, &outcome)
}

/// The level as `level` prints it.
pub(super) fn level_text(level: Level) -> String {
    match level {
        Level::Depth(d) => format!("depth {d} plies"),
        Level::Time(t) => format!("{t} s per move"),
    }
}

/// `s` with its first letter in lower case.
pub(super) fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
