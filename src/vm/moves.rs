//! Moves.

use crate::ir::geometry::Square;
use crate::ir::piece::PieceKind;

/// What sort of move a [`Move`] is, beyond its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture on the destination square.
    Normal,
    /// A non-capturing multi-square move that opens an en passant chance on
    /// the squares it passes.
    DoubleStep,
    /// An en passant capture: lands on the passed square and removes the piece that passed it.
    EnPassant,
    /// Castling, written as the king's move; the index names the variant's castling rule.
    Castle(u8),
    /// A piece of this kind from the mover's hand put on the empty square
    /// `to` (`from` is `to` too).
    Drop(PieceKind),
}

/// A move: origin, destination, kind and promotion choice. 8 bytes.
///
/// A drop ([`MoveKind::Drop`]) has `from == to`: the square it fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece starts (for castling, the king's square).
    pub from: Square,
    /// Where it lands (for castling, the king's destination).
    pub to: Square,
    /// What it is.
    pub kind: MoveKind,
    /// The piece it promotes into, if it promotes.
    pub promotion: Option<PieceKind>,
}
