//! Move patterns: what compiled Betza strings become, and the per-square
//! move tables built from them.
//!
//! A [`MovePattern`] is geometry-free (vectors in White's orientation).
//! The tables turn every pattern into *rays*: for each origin square, a
//! precomputed path of squares with flags saying what may happen on each.
//! Leapers are rays of one square, lame leapers rays whose first squares
//! must be passed empty, sliders rays to the edge, and multi-leg paths
//! (bent riders) any sequence of squares; move generation walks them all
//! with one loop.

use crate::ir::geometry::Square;
use crate::source::Span;

/// One move rule of a piece, as compiled from one Betza component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePattern {
    /// The unit steps, `(df, dr)` in White's orientation.
    pub vectors: Vec<(i8, i8)>,
    /// How the piece travels along each vector.
    pub travel: Travel,
    /// May it move to an empty square?
    pub moves: bool,
    /// May it capture an enemy piece?
    pub captures: bool,
    /// May it capture en passant?
    pub en_passant: bool,
    /// Only while the piece has never moved.
    pub initial: bool,
    /// For [`Travel::Path`]: the step sequences, one per branch.
    pub paths: Vec<Vec<PathStep>>,
    /// Only from these squares (for each side), if set (`also … from REGION`).
    pub from_region: Option<crate::ir::piece::ByColor<crate::ir::geometry::SquareSet>>,
    /// Only along paths that stay in these squares (for each side), the
    /// origin included (`also … within REGION`).
    pub within_region: Option<crate::ir::piece::ByColor<crate::ir::geometry::SquareSet>>,
    /// Its captures take only royal pieces (`also … against royal`).
    pub royal_only: bool,
    /// Not while its side is in check (`also … unless in check`).
    pub unless_in_check: bool,
    /// The Betza component it came from, as written (`fmnD`).
    pub betza: String,
    /// Where that component is in the script.
    pub span: Span,
}

impl MovePattern {
    /// Whether a move of it may pass squares, moving without capturing,
    /// where a capture en passant could land: a straight lame leap of two
    /// or more squares (`nD`), or a ride of more than one step. The move
    /// tables mark such moves as double steps for the pieces that may be
    /// taken en passant.
    pub fn passes_squares(&self) -> bool {
        self.moves
            && match self.travel {
                Travel::LameLeap => self.vectors.iter().any(|&(x, y)| {
                    (x == 0 || y == 0 || x.abs() == y.abs()) && x.abs().max(y.abs()) > 1
                }),
                Travel::Ride { max } => max != 1,
                _ => false,
            }
    }
}

/// How a pattern travels along its vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Travel {
    /// One jump of the vector, over anything.
    Leap,
    /// One jump of the vector whose intermediate squares (`n`) must be
    /// empty; the path goes first along the vector's longer axis.
    LameLeap,
    /// One jump whose intermediate squares (`j`) must hold a piece.
    JumpingLeap,
    /// Repeats the vector up to `max` times (0: without limit) through
    /// empty squares.
    Ride {
        /// The most steps; 0 for no limit.
        max: u8,
    },
    /// Rides to a screen (the first piece on the line), jumps it, and then
    /// lands anywhere beyond it up to the next piece (`p`, the cannon's way).
    Hop,
    /// Rides to a screen and lands on the square right behind it (`g`, the grasshopper's way).
    HopRight,
    /// Follows the precomputed step sequences in [`MovePattern::paths`]
    /// (multi-leg and bent moves such as the Rhino's `(afz)8W`).
    Path,
}

/// One step of a multi-leg path, in White's orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathStep {
    /// File change.
    pub dx: i8,
    /// Rank change.
    pub dy: i8,
    /// The move may end on the square this step reaches.
    pub lands: bool,
    /// The square must hold a piece, which the path jumps (a `p` leg);
    /// otherwise a square the move does not end on must be empty.
    pub over_piece: bool,
}

/// What a ray square allows: flags of [`PathFlags`].
pub type PathFlags = u8;

/// A non-capturing move may end here.
pub const MOVE: PathFlags = 1;
/// A capture may end here.
pub const CAPTURE: PathFlags = 2;
/// An en passant capture may end here (when this is the passed square).
pub const EN_PASSANT: PathFlags = 4;
/// A non-capturing move ending here creates an en passant chance on the
/// squares it passed.
pub const DOUBLE_STEP: PathFlags = 8;
/// The mover promotes when it ends here.
pub const PROMOTES: PathFlags = 16;
/// The ray may pass this square only if it is occupied (a `j` leap).
pub const MUST_BE_OCCUPIED: PathFlags = 32;
/// A capture here may take only a royal piece.
pub const ROYAL_ONLY: PathFlags = 64;

/// How a ray is walked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RayKind {
    /// Walk through empty squares; stop at the first piece (capture it if allowed).
    Slide,
    /// Walk to the first piece (the screen), then on as a slide.
    Hop,
    /// Walk to the first piece, then only the square right behind it.
    HopRight,
}

/// A precomputed path from one origin square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ray {
    /// Index of its first square in [`MoveTables`]' path arrays.
    pub start: u32,
    /// Number of squares.
    pub len: u16,
    /// How it is walked.
    pub kind: RayKind,
    /// Only while the piece has never moved.
    pub initial: bool,
    /// Not while its side is in check (`also … unless in check`).
    pub unless_in_check: bool,
}

/// One node of a square's attack trie (see [`MoveTables::attack_nodes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackNode {
    /// The square this node looks at.
    pub square: Square,
    /// Index one past this node's subtree: where to go when the square is occupied.
    pub skip: u32,
    /// The piece codes (bit `code`) that attack the trie's root from here,
    /// given every square between is empty.
    pub attackers: u128,
    /// The piece codes that attack the root from somewhere deeper in this subtree.
    pub deeper: u128,
}

/// The per-square move and attack tables of a variant.
#[derive(Clone, Debug, Default)]
pub struct MoveTables {
    /// Squares of all rays, concatenated.
    pub path_squares: Vec<Square>,
    /// Flags of the same squares.
    pub path_flags: Vec<PathFlags>,
    /// All rays.
    pub rays: Vec<Ray>,
    /// For piece code `c` on square `s`: the range of its rays, at `c * cells + s`.
    pub ray_ranges: Vec<(u32, u32)>,
    /// Whether a piece on a square can reach one target along two rays
    /// (so move generation must drop duplicates), at `c * cells + s`.
    pub may_duplicate: Vec<bool>,
    /// Attack tries, flattened in preorder: the nodes of square `s` are
    /// `attack_nodes[attack_ranges[s].0 .. attack_ranges[s].1]`.
    pub attack_nodes: Vec<AttackNode>,
    /// Per square, the range of its attack trie.
    pub attack_ranges: Vec<(u32, u32)>,
    /// Piece codes whose attacks the tries do not describe (hoppers,
    /// `j` leaps, first-move captures); they are checked by generating their moves.
    pub complex_attackers: u128,
    /// Number of board cells (files × ranks).
    pub cells: usize,
    /// The rays that may capture en passant on each square: the entries of
    /// square `s` are `en_passant_sources[en_passant_ranges[s].0 .. .1]`.
    pub en_passant_sources: Vec<EnPassantSource>,
    /// Per square, the range of its en passant sources.
    pub en_passant_ranges: Vec<(u32, u32)>,
}

/// A ray along which a piece could capture en passant on some square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnPassantSource {
    /// Where the capturing piece stands.
    pub origin: Square,
    /// Its piece code.
    pub code: u8,
    /// Index of the ray's first square in the path arrays.
    pub path_start: u32,
    /// How many ray squares come before the capture square (they must be empty).
    pub before: u16,
    /// Only while the capturer has never moved.
    pub initial: bool,
}

impl MoveTables {
    /// Whether piece code `code` on `from` could move, without capturing,
    /// to `to` on an otherwise empty board (a ride or a leap; not a hop,
    /// which needs a screen, nor a first move): the move from `to` to
    /// `from` is then reversible.
    pub fn moves_quietly(&self, code: u8, from: Square, to: Square) -> bool {
        self.rays(code, from).iter().any(|ray| {
            !ray.initial
                && ray.kind == RayKind::Slide
                && (ray.start..ray.start + u32::from(ray.len)).any(|i| {
                    self.path_squares[i as usize] == to && self.path_flags[i as usize] & MOVE != 0
                })
        })
    }

    /// The rays of piece code `code` standing on `sq`.
    #[inline]
    pub fn rays(&self, code: u8, sq: Square) -> &[Ray] {
        let (a, b) = self.ray_ranges[code as usize * self.cells + sq.index()];
        &self.rays[a as usize..b as usize]
    }

    /// The attack trie of a square.
    #[inline]
    pub fn attack_trie(&self, sq: Square) -> &[AttackNode] {
        let (a, b) = self.attack_ranges[sq.index()];
        &self.attack_nodes[a as usize..b as usize]
    }
}
