//! Moves.

use crate::ir::geometry::Square;
use crate::ir::piece::PieceKind;
use crate::ir::Variant;

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

/// A piece from the mover's hand that enters on a square its move leaves
/// (S-chess gating, `gate …` in a script).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Gate {
    /// The kind that enters.
    pub kind: PieceKind,
    /// For castling: it enters on the rook's square, not the king's.
    pub on_rook_square: bool,
}

/// A move: origin, destination, kind, promotion choice and gating. 8 bytes (squares are one byte: a board has at most 256).
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
    /// The piece from hand that enters on the square it leaves, if it gates.
    pub gate: Option<Gate>,
}

// Move lists are the VM's hottest data: keep a move at 8 bytes.
const _: () = assert!(std::mem::size_of::<Move>() == 8);

impl Move {
    /// The square a gating piece enters (the move's origin; for castling
    /// on the rook's square, the rook's origin).
    #[inline]
    pub fn gate_square(&self, variant: &Variant, gate: Gate) -> Square {
        match (self.kind, gate.on_rook_square) {
            (MoveKind::Castle(r), true) => variant.castling[r as usize].rook_from,
            _ => self.from,
        }
    }

    /// A move without promotion or gating.
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            kind,
            promotion: None,
            gate: None,
        }
    }
}
