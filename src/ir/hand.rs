//! Pieces in hand: which pieces a side may hold and drop, where, and what
//! a captured piece becomes in the capturer's hand (`hands`, `demote`,
//! `drop` in a script).

use crate::ir::geometry::{Geometry, SquareSet, Symmetry};
use crate::ir::piece::{ByColor, Color, Piece, PieceKind};

/// The most pieces of one kind a side may hold in hand (a FEN asking
/// for more is refused).
pub const MAX_IN_HAND: u8 = 128;

/// How many hand slots a position keeps: one per piece code.
pub const HAND_SLOTS: usize = 1 + 2 * crate::ir::piece::MAX_PIECE_KINDS;

/// The rules of pieces in hand of a variant that has them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hands {
    /// Captured pieces go to the capturer's hand (`hands keep captures`);
    /// otherwise only the setup's pieces are ever in hand.
    pub keep_captures: bool,
    /// Per piece kind: the kind a captured piece of it enters the hand
    /// as (itself unless a `demote` says otherwise).
    pub demoted: Vec<PieceKind>,
    /// `demote promoted to K`: a piece that reached its kind by promotion
    /// enters the hand as K (crazyhouse). The position then remembers
    /// which pieces are promoted (FEN `Q~`).
    pub promoted_to: Option<PieceKind>,
    /// Per piece code: the squares a piece of that code may be dropped
    /// on (as its side sees the drop region; squares from which it could
    /// never move again left out when its `drop` says `never-stuck`).
    pub drop_squares: Vec<SquareSet>,
    /// Per piece kind: at most this many unpromoted pieces of the kind of
    /// one side on a file (`one-per-file`, shogi's nifu; `2-per-file`,
    /// Tori shogi's swallows): a drop may not make more. 0: no limit.
    pub per_file: Vec<u8>,
    /// Per piece kind: a drop of it may not checkmate (`no-mate`,
    /// shogi's uchifuzume).
    pub no_mate: Vec<bool>,
    /// Per piece kind: a drop of it may not give check (`no-check`,
    /// Fairy-Stockfish's `dropChecks = false`).
    pub no_check: Vec<bool>,
    /// Per piece kind: it stays in hand, never dropped (`drop Pawn never`:
    /// Dragonfly's pawns; its drop squares are empty).
    pub never_dropped: Vec<bool>,
    /// Per piece kind: the piece it may also be dropped as (`either-face`,
    /// Kyoto shogi: the kind it promotes to), taken from its hand slot.
    pub faces: Vec<Option<PieceKind>>,
    /// Per piece kind: the kind whose hand slot a drop of it takes (itself,
    /// but for a face: the kind whose face it is).
    pub hand_kind: Vec<PieceKind>,
    /// Pieces in hand enter by drops (false after `drop none`: they enter
    /// only by gating).
    pub drops: bool,
    /// `gate …` (S-chess), if the variant has it.
    pub gating: Option<Gating>,
    /// `drops compulsory`: while a side has pieces in hand and a legal
    /// drop, it must drop.
    pub compulsory: bool,
    /// Per piece kind: `opposite-colours`, a side's pieces of it go half
    /// on each square colour.
    pub opposite_colours: Vec<bool>,
    /// `castling from drops`: a king or rook dropped on its castling
    /// square, its partner on its own, may castle.
    pub castling_from_drops: bool,
    /// A royal piece may be in hand (hands that never take captures, with
    /// drops): royal pieces then start off the board (Placement chess).
    pub royal_drops: bool,
    /// `hands unlimited`: a side never runs out of pieces to drop (a drop
    /// takes nothing from its hand; FEN writes no hands: Ataxx).
    pub unlimited: bool,
    /// Per piece kind: `beside-own`, dropped only next to a piece of its
    /// side (Ataxx's clones).
    pub beside_own: Vec<bool>,
    /// Per piece kind: `away-from-enemy`, dropped only where no enemy piece
    /// stands on the four squares orthogonally next to it (Snort).
    pub away_from_enemy: Vec<bool>,
    /// Per piece kind: `enclosing`, dropped only where it encloses a line
    /// of enemy pieces between itself and a piece of its side (Reversi).
    pub enclosing: Vec<bool>,
    /// Per piece kind: `falling`, dropped only on rank 1 or on top of a
    /// piece, as White sees the board for both sides (Connect Four: it
    /// falls down its file).
    pub falling: Vec<bool>,
    /// `drops first fill R`: per side, the region (as that side sees it)
    /// that takes every drop while one of its squares is empty; the
    /// `beside-own` and `enclosing` rules wait until it is full.
    pub first_fill: Option<ByColor<SquareSet>>,
}

/// Gating (`gate Hawk, Elephant in rank 1`): a piece from the mover's hand
/// may enter on the square a piece of the gate region leaves on its first
/// move (a castling move opens the king's and the rook's squares).
///
/// Which pieces may still open a gate is the position's `unmoved` set (the
/// FEN's castling field names them by file, `KQBCDFGkqbcdfg`, as
/// Fairy-Stockfish writes it). Without `keep captures`, a side whose hand
/// is empty has no gates left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gating {
    /// Per side: the squares whose pieces open a gate (the region as that
    /// side sees it).
    pub region: ByColor<SquareSet>,
    /// Per piece code: the squares a piece of that code may enter by
    /// gating (the side's gate region within its drop squares; empty for
    /// a kind the rule does not name).
    pub squares: Vec<SquareSet>,
}

impl Gating {
    /// Whether a piece of `color` leaving `sq` on its first move opens a gate.
    #[inline]
    pub fn opens(&self, color: Color, sq: crate::ir::geometry::Square) -> bool {
        self.region.get(color).contains(sq)
    }
}

impl Hands {
    /// The `drops first fill` region of each side as that side sees the
    /// board: equal where one line serves both sides.
    pub fn first_fill_seen(
        &self,
        geometry: &Geometry,
        symmetry: Symmetry,
    ) -> Option<ByColor<SquareSet>> {
        self.first_fill.map(|first| ByColor {
            white: first.white,
            black: first
                .black
                .iter()
                .map(|s| geometry.reflect(s, symmetry))
                .collect(),
        })
    }

    /// Where each side may drop a piece of `kind`, as that side sees the
    /// board (Black's squares reflected by the board's symmetry): equal
    /// where one `drop` line serves both sides.
    pub fn drop_squares_seen(
        &self,
        geometry: &Geometry,
        symmetry: Symmetry,
        kind: PieceKind,
    ) -> ByColor<SquareSet> {
        let squares = |color| {
            self.drop_squares
                .get(Piece { color, kind }.code() as usize)
                .copied()
                .unwrap_or(SquareSet::EMPTY)
        };
        ByColor {
            white: squares(Color::White),
            black: squares(Color::Black)
                .iter()
                .map(|s| geometry.reflect(s, symmetry))
                .collect(),
        }
    }

    /// The hand slot (a piece code) a drop of `dropped` (a piece code) takes.
    #[inline]
    pub fn slot_of_drop(&self, dropped: u8) -> u8 {
        let piece = Piece::from_code(dropped);
        Piece {
            color: piece.color,
            kind: self.hand_kind[piece.kind.0 as usize],
        }
        .code()
    }

    /// The hand slot of a captured piece of `captured` (a board code)
    /// for its capturer, given whether it was a promoted piece.
    #[inline]
    pub fn slot_of_capture(&self, captured: u8, was_promoted: bool) -> u8 {
        let piece = Piece::from_code(captured);
        let kind = match (was_promoted, self.promoted_to) {
            (true, Some(k)) => k,
            _ => self.demoted[piece.kind.0 as usize],
        };
        Piece {
            color: piece.color.opposite(),
            kind,
        }
        .code()
    }
}
