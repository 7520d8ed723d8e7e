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
    /// `pass when stuck`: the side passes its turn; `from` and `to` are
    /// the square of its first piece, as Fairy-Stockfish writes a pass.
    Pass,
    /// A standing promotion (`promote … in place`): the piece on `from`
    /// becomes `promotion`, on `from` itself (`to == from`) or, `or by its
    /// move`, on the empty square `to`; it never captures.
    Promote,
}

/// What a move puts on the board besides its own piece: a piece from the
/// mover's hand on a square the move leaves (S-chess gating, `gate …` in a
/// script), or a wall (`walls …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gate {
    /// A piece from the mover's hand enters on the square the move leaves.
    Piece {
        /// The kind that enters.
        kind: PieceKind,
        /// For castling: it enters on the rook's square, not the king's.
        on_rook_square: bool,
    },
    /// A wall goes on this square.
    Wall(Square),
}

impl Gate {
    /// The kind of piece that enters, if it is a piece (not a wall).
    #[inline]
    pub fn piece_kind(self) -> Option<PieceKind> {
        match self {
            Gate::Piece { kind, .. } => Some(kind),
            Gate::Wall(_) => None,
        }
    }

    /// The wall's square, if it is a wall.
    #[inline]
    pub fn wall(self) -> Option<Square> {
        match self {
            Gate::Wall(sq) => Some(sq),
            Gate::Piece { .. } => None,
        }
    }
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
    /// The piece from hand that enters on the square it leaves, if it
    /// gates, or the wall it places.
    pub gate: Option<Gate>,
}

// Move lists are the VM's hottest data: keep a move at 8 bytes.
const _: () = assert!(std::mem::size_of::<Move>() == 8);

impl Move {
    /// The square a gating piece enters (the move's origin; for castling
    /// on the rook's square, the rook's origin), or the wall's square.
    #[inline]
    pub fn gate_square(&self, variant: &Variant, gate: Gate) -> Square {
        match (gate, self.kind) {
            (Gate::Wall(sq), _) => sq,
            (
                Gate::Piece {
                    on_rook_square: true,
                    ..
                },
                MoveKind::Castle(r),
            ) => variant.castling[r as usize].rook_from,
            _ => self.from,
        }
    }

    /// The wall the move places, if it places one (`walls …`).
    #[inline]
    pub fn wall(&self) -> Option<Square> {
        self.gate.and_then(Gate::wall)
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
