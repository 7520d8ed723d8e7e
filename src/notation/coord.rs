//! Coordinate move notation, as Fairy-Stockfish prints it: `e2e4`,
//! `e7e8q`, `P@e4`. The VM writes them ([`Position::coord`], whose module
//! lists the forms: hooks get the legal moves so); this module reads them.

use crate::vm::{Move, Position};

/// Writes a move in coordinate form (the VM's [`Position::coord`], which
/// hooks use too).
pub fn move_to_coord(pos: &Position, mv: Move) -> String {
    pos.coord(mv)
}

/// Finds the legal move written in coordinate form, if there is one.
pub fn parse_coord(pos: &Position, text: &str) -> Option<Move> {
    let text = text.trim();
    pos.legal_moves()
        .unwrap_or_default()
        .into_iter()
        .find(|&m| move_to_coord(pos, m) == text)
}
