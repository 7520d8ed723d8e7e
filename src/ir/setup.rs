//! `Setup`: a position as data (read from FEN), not yet checked, and the
//! one query on it that needs the compiled move tables (which piece could
//! have just passed a square, for en passant).
//!
//! The compiler reads the script's `setup` into a `Setup`, checks what the
//! data can tell, and stores it as [`crate::ir::Variant::start`]; the VM
//! turns a `Setup` into a playable position (`Position::from_setup`).

use crate::ir::geometry::{Geometry, Square};
use crate::ir::pattern::DOUBLE_STEP;
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::ir::Variant;

/// `shuffle …`: a random start array. The setup's pieces on `squares`
/// (White's) change places among them, keeping every rule; Black's
/// pieces on the mirrored squares (`black_squares`, by the symmetry) take
/// the same places. The setup itself keeps the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shuffle {
    /// White's squares whose contents change places, in board order.
    pub squares: Vec<Square>,
    /// Black's square for each of White's (same index).
    pub black_squares: Vec<Square>,
    /// What every array keeps.
    pub rules: Vec<ShuffleRule>,
}

/// One rule a shuffled array keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShuffleRule {
    /// `A and B on opposite colours`: the one piece of each kind (or the
    /// two of one kind) stand on squares of different colours.
    OppositeColours(PieceKind, PieceKind),
    /// `M between A and B`: the piece of kind M stands on a file strictly
    /// between those of the pieces A and B (two of one kind, or one each).
    Between(PieceKind, PieceKind, PieceKind),
}

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
    /// Pieces in hand: how many of each piece code (empty: none; else
    /// one count per code, index 0 unused).
    pub hands: Vec<u8>,
    /// The squares of pieces marked promoted (`Q~`).
    pub promoted: Vec<Square>,
    /// Gating (`gate …`): the squares of the pieces that may still open a
    /// gate, named by file in the castling field (`BCDFGbcdfg`); castling
    /// rights name the castling king and rook.
    pub gates: Vec<Square>,
    /// A running count of the counting rules (`counting …`): its limit and
    /// the plies counted, from the FEN's en passant and halfmove fields
    /// when the first is a number (as Fairy-Stockfish writes a count).
    pub count: Option<(u32, u32)>,
}

/// How many random arrays [`Shuffle::deal`] tries before it gives up.
pub const SHUFFLE_TRIES: usize = 100_000;

impl Shuffle {
    /// A random array of the pieces of `array` (a piece code for each of
    /// [`Shuffle::squares`], 0 for empty) that keeps every rule, the same
    /// for the same `seed`: arrays are dealt uniformly and dealt again
    /// until one keeps the rules, so every such array is equally likely
    /// (Chess960's 960 each with chance 1/960). `None` if
    /// [`SHUFFLE_TRIES`] arrays all break a rule.
    pub fn deal(&self, geometry: &Geometry, array: &[u8], seed: u64) -> Option<Vec<u8>> {
        let mut state = seed;
        let mut next = move || {
            // SplitMix64.
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut dealt = array.to_vec();
        for _ in 0..SHUFFLE_TRIES {
            // Fisher-Yates: every order of the pieces equally likely.
            for i in (1..dealt.len()).rev() {
                let j = (next() % (i as u64 + 1)) as usize;
                dealt.swap(i, j);
            }
            if self.broken_rule(geometry, &dealt).is_none() {
                return Some(dealt);
            }
        }
        None
    }

    /// The index of the first rule that `array` (a piece code for each of
    /// [`Shuffle::squares`], 0 for empty) breaks, if any.
    pub fn broken_rule(&self, geometry: &Geometry, array: &[u8]) -> Option<usize> {
        let squares_of = |kind: PieceKind| -> Vec<Square> {
            self.squares
                .iter()
                .zip(array)
                .filter(|&(_, &code)| code != 0 && Piece::from_code(code).kind == kind)
                .map(|(&sq, _)| sq)
                .collect()
        };
        // The piece of `a` and the piece of `b` (the two of one kind when
        // they are the same), if the array holds them so.
        let pair = |a: PieceKind, b: PieceKind| -> Option<(Square, Square)> {
            match (a == b, &squares_of(a)[..], &squares_of(b)[..]) {
                (true, [x, y], _) | (false, [x], [y]) => Some((*x, *y)),
                _ => None,
            }
        };
        let colour = |sq: Square| (geometry.file_of(sq) + geometry.rank_of(sq)).rem_euclid(2);
        self.rules.iter().position(|rule| match *rule {
            ShuffleRule::OppositeColours(a, b) => {
                pair(a, b).is_none_or(|(x, y)| colour(x) == colour(y))
            }
            ShuffleRule::Between(m, a, b) => match (&squares_of(m)[..], pair(a, b)) {
                ([sq], Some((x, y))) => {
                    let (lo, hi) = {
                        let (fx, fy) = (geometry.file_of(x), geometry.file_of(y));
                        (fx.min(fy), fx.max(fy))
                    };
                    !(lo < geometry.file_of(*sq) && geometry.file_of(*sq) < hi)
                }
                _ => true,
            },
        })
    }
}

/// Why no piece can be the one that just passed an en passant square.
/// (Squares are given by name.)
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EnPassantError {
    /// The passed square holds a piece.
    #[error("the passed square {passed} is occupied")]
    PassedOccupied {
        /// The passed square.
        passed: String,
    },
    /// The named piece could not have passed the square.
    #[error("no piece on {victim} could have passed {passed} on its last move")]
    NotThisPiece {
        /// The square written as the passing piece's.
        victim: String,
        /// The passed square.
        passed: String,
    },
    /// No piece could have passed the square.
    #[error("no piece could have passed {passed} on its last move")]
    NoPiece {
        /// The passed square.
        passed: String,
    },
    /// Several pieces could have; the FEN must name one.
    #[error("more than one piece could have passed {passed}; name the one that did, as in `{passed}{first}`")]
    Ambiguous {
        /// The passed square.
        passed: String,
        /// The first of the candidates.
        first: String,
    },
}

impl Variant {
    /// The piece that just passed `passed` with a double step (`victim`,
    /// if the FEN names it), on `board` (piece codes by cell) with `side`
    /// to move.
    ///
    /// # Errors
    /// The passed square is occupied, or not exactly one piece of the side
    /// that just moved could have passed it.
    pub fn en_passant_victim(
        &self,
        board: &[u8],
        side: Color,
        passed: Square,
        victim: Option<Square>,
    ) -> Result<Square, EnPassantError> {
        let g = &self.geometry;
        let mover = side.opposite();
        if board[passed.index()] != 0 {
            return Err(EnPassantError::PassedOccupied {
                passed: g.name(passed),
            });
        }
        let candidates: Vec<Square> = g
            .squares()
            .iter()
            .filter(|&v| Piece::from_board_code(board[v.index()]).is_some_and(|p| p.color == mover))
            .filter(|&v| {
                victim.is_none_or(|want| want == v) && self.could_have_passed(board, v, passed)
            })
            .collect();
        match (candidates.as_slice(), victim) {
            ([v], _) => Ok(*v),
            ([], Some(v)) => Err(EnPassantError::NotThisPiece {
                victim: g.name(v),
                passed: g.name(passed),
            }),
            ([], None) => Err(EnPassantError::NoPiece {
                passed: g.name(passed),
            }),
            (_, _) => Err(EnPassantError::Ambiguous {
                passed: g.name(passed),
                first: g.name(candidates[0]),
            }),
        }
    }

    /// Whether the piece on `v` of `board` (piece codes by cell) could have
    /// just made a double step over `passed`: one of its rays from an
    /// empty square reaches `v` by a double step, and `passed` lies
    /// strictly between that square and `v` (the squares a double step
    /// passes, as playing it sets them).
    pub fn could_have_passed(&self, board: &[u8], v: Square, passed: Square) -> bool {
        let code = board[v.index()];
        if code == 0 {
            return false;
        }
        let t = &self.tables;
        for origin in self.geometry.squares().iter() {
            if origin == v || board[origin.index()] != 0 {
                continue;
            }
            for ray in t.rays(code, origin) {
                let s = ray.start as usize;
                let squares = &t.path_squares[s..s + ray.len as usize];
                let flags = &t.path_flags[s..s + ray.len as usize];
                if let Some(j) = squares.iter().position(|&q| q == v) {
                    if flags[j] & DOUBLE_STEP != 0
                        && self.geometry.squares_between(origin, v).contains(passed)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }
}
