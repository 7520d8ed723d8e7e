//! `Setup`: a position as read from FEN, not yet checked. The only way to a
//! playable [`crate::vm::Position`] is [`crate::vm::Position::from_setup`].

use crate::ir::geometry::Square;
use crate::ir::piece::Color;

/// A position that has not been validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece code on each cell of the board rectangle (0: empty).
    pub board: Vec<u8>,
    /// The side to move.
    pub side: Color,
    /// Indices of the variant's castling rules whose right is kept.
    pub castling: Vec<usize>,
    /// En passant: the passed square and, if written, the square of the piece that passed it.
    pub en_passant: Option<(Square, Option<Square>)>,
    /// Half-moves since the last capture or move of a promotable piece.
    pub halfmoves: u32,
    /// The move number, starting at 1.
    pub fullmoves: u32,
    /// The first counter's values (White, Black), if the FEN gives them
    /// (`3+3` after the en passant field, as Fairy-Stockfish writes n-check).
    pub counters: Option<[i32; 2]>,
}
