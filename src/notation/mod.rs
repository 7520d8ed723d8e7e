//! Notations: FEN, coordinate moves, SAN and PGN.

pub mod coord;
pub mod fen;
pub mod pgn;
pub mod san;
