//! `Setup`: a position as data (read from FEN), not yet checked, and the
//! one query on it that needs the compiled move tables (which piece could
//! have just passed a square, for en passant).
//!
//! The compiler reads the script's `setup` into a `Setup`, checks what the
//! data can tell, and stores it as [`crate::ir::Variant::start`]; the VM
//! turns a `Setup` into a playable position (`Position::from_setup`).

use crate::ir::geometry::Square;
use crate::ir::pattern::DOUBLE_STEP;
use crate::ir::piece::{Color, Piece};
use crate::ir::Variant;

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
