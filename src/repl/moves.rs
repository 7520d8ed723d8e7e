//! Moves in the REPL: a typed move played (or why it cannot be), the
//! legal moves listed, undo and redo.

use std::fmt::Write as _;
use std::io::Write;

use crate::game::MoveError;
use crate::ir::piece::Color;
use crate::notation::san::{move_to_san_in, piece_name, MoveInputError};
use crate::repl::status::lower_first;
use crate::repl::Session;
use crate::teach::illegal::{explain_typed, Illegal};

impl Session {
    /// A move typed at the prompt: played, then the board, then the computer's reply.
    pub(super) fn human_move(&mut self, text: &str, out: &mut dyn Write) {
        if self.game_over(out) {
            return;
        }
        match self.game.play_text(text) {
            Ok(_) => {
                self.show(out);
                self.computer_turns(out);
            }
            Err(e @ (MoveError::Play(_) | MoveError::Hook(_))) => {
                say!(out, "{e}");
            }
            Err(MoveError::Input(e)) => self.refuse_move(text, e, out),
        }
    }

    /// Says why a typed move cannot be played.
    fn refuse_move(&self, text: &str, error: MoveInputError, out: &mut dyn Write) {
        let pos = self.position();
        let legal = self.game.legal_moves();
        match error {
            MoveInputError::Syntax { message } => {
                say!(out, "{message}");
            }
            MoveInputError::Ambiguous { candidates } => {
                let list: Vec<String> = candidates
                    .iter()
                    .map(|&m| move_to_san_in(pos, legal, m))
                    .collect();
                say!(
                    out,
                    "`{text}` is ambiguous: it could be {}",
                    list.join(" or ")
                );
            }
            error => {
                let Illegal { message, from } =
                    explain_typed(pos, text, &error).unwrap_or_else(|| Illegal {
                        message: error.to_string(),
                        from: None,
                    });
                let mut line = format!("`{text}` cannot be played: {}.", lower_first(&message));
                if let Some((from, p)) = from.and_then(|f| pos.piece_at(f).map(|p| (f, p))) {
                    let list: Vec<String> = legal
                        .iter()
                        .filter(|m| m.from == from)
                        .map(|&m| move_to_san_in(pos, legal, m))
                        .collect();
                    let g = &self.variant().geometry;
                    if list.is_empty() {
                        let _ = write!(
                            line,
                            " The {} on {} has no legal move.",
                            piece_name(pos, p),
                            g.name(from)
                        );
                    } else {
                        let _ = write!(
                            line,
                            " The {} on {} can play: {}.",
                            piece_name(pos, p),
                            g.name(from),
                            list.join(", ")
                        );
                    }
                }
                say!(out, "{line}");
            }
        }
    }

    /// `moves [SQUARE]`: the legal moves, of one piece or of all.
    pub(super) fn list_moves(&self, square: Option<&str>, out: &mut dyn Write) {
        let pos = self.position();
        let g = &self.variant().geometry;
        let from = match square {
            None => None,
            Some(s) => match g.parse_square(s.trim()) {
                Some(sq) => Some(sq),
                None => {
                    say!(out, "{}", crate::teach::not_a_square(s.trim()));
                    return;
                }
            },
        };
        let legal = self.game.legal_moves();
        let mut list: Vec<String> = legal
            .iter()
            .filter(|m| from.is_none_or(|f| m.from == f))
            .map(|&m| move_to_san_in(pos, legal, m))
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
                        pos.variant().side_name(p.color),
                        pos.variant().side_name(pos.side_to_move())
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
            (None, true) => match self.game.hook_error() {
                Some(error) => {
                    say!(out, "no legal moves: {error}");
                }
                None => {
                    say!(out, "no legal moves");
                }
            },
            _ => {
                say!(out, "{} ({} moves)", list.join(" "), list.len());
            }
        }
    }

    /// `undo [N]`; against the computer, back to the player's own turn.
    pub(super) fn undo(&mut self, n: usize, out: &mut dyn Write) {
        let played = self.moves().len();
        if played == 0 {
            say!(out, "nothing to undo");
            return;
        }
        let mut n = n.min(played);
        let (w, b) = self.computer;
        if w != b {
            let side_after = |k: usize| self.game.position_at(played - k).side_to_move();
            let computer_side = if w { Color::White } else { Color::Black };
            if side_after(n) == computer_side && n < played {
                n += 1;
            }
        }
        for _ in 0..n {
            self.game.undo();
        }
        self.show(out);
    }

    /// `redo [N]`.
    pub(super) fn redo(&mut self, n: usize, out: &mut dyn Write) {
        if self.game.redo_moves().is_empty() {
            say!(out, "nothing to redo");
            return;
        }
        for _ in 0..n {
            match self.game.redo() {
                Ok(Some(_)) => {}
                Ok(None) => break,
                Err(e) => {
                    say!(out, "{e}");
                    break;
                }
            }
        }
        self.show(out);
    }
}
