//! Notations: FEN and coordinate moves.

pub mod coord;
pub mod fen;
