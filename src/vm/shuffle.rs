//! Random start arrays (`shuffle …`, Chess960): the variant's setup with
//! the shuffled squares dealt again, seeded, and its castling rights
//! carried over to the kings and rooks where they now stand.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::ir::piece::{Color, Piece};
use crate::ir::setup::Setup;
use crate::ir::Variant;
use crate::vm::Position;

impl Position {
    /// A start position with a random array (`shuffle …`), the same for
    /// the same `seed`; `None` if the variant has no `shuffle`.
    ///
    /// # Examples
    ///
    /// ```
    /// use varia::vm::Position;
    ///
    /// let variant = varia::compile_path("scripts/fairy-stockfish/fischerandom.variant").unwrap();
    /// let start = Position::shuffled_start(&variant, 7).unwrap();
    /// assert_eq!(start, Position::shuffled_start(&variant, 7).unwrap());
    /// let chess = varia::compile_path("chess").unwrap();
    /// assert!(Position::shuffled_start(&chess, 7).is_none());
    /// ```
    pub fn shuffled_start(variant: &Arc<Variant>, seed: u64) -> Option<Position> {
        let setup = shuffled_setup(variant, seed)?;
        Position::from_setup(variant, &setup).ok()
    }
}

/// The variant's start setup with a random array (see
/// [`Position::shuffled_start`]): White's shuffled squares dealt by
/// [`crate::ir::setup::Shuffle::deal`], Black's mirroring them, and each
/// castling right of the setup kept where its king and rook now stand
/// (castling from any start: with the outermost rook on that side, as
/// `KQkq` reads in X-FEN).
pub fn shuffled_setup(variant: &Variant, seed: u64) -> Option<Setup> {
    let shuffle = variant.shuffle.as_ref()?;
    let start = &variant.start;
    let array: Vec<u8> = shuffle
        .squares
        .iter()
        .map(|sq| start.board[sq.index()])
        .collect();
    let dealt = shuffle.deal(&variant.geometry, &array, seed)?;
    let mut board = start.board.clone();
    for ((white, black), &code) in shuffle
        .squares
        .iter()
        .zip(&shuffle.black_squares)
        .zip(&dealt)
    {
        board[white.index()] = code;
        board[black.index()] = if code == 0 {
            0
        } else {
            Piece {
                color: Color::Black,
                kind: Piece::from_code(code).kind,
            }
            .code()
        };
    }
    let castling = carried_rights(variant, &board);
    Some(Setup {
        board,
        castling,
        en_passant: None,
        ..start.clone()
    })
}

/// The castling rules to keep on `board`: one per side and wing the
/// setup has a right for, whose king and rook stand on its squares (of
/// several castling from any start, the king on the lowest file and the
/// outermost rook).
fn carried_rights(variant: &Variant, board: &[u8]) -> Vec<usize> {
    let g = &variant.geometry;
    let wings: Vec<(Color, char)> = variant
        .start
        .castling
        .iter()
        .map(|&r| (variant.castling[r].color, variant.castling[r].letter))
        .collect();
    let mut chosen: BTreeMap<(usize, char), usize> = BTreeMap::new();
    let mut fixed = Vec::new();
    for (i, rule) in variant.castling.iter().enumerate() {
        if !wings.contains(&(rule.color, rule.letter)) || !rule.pieces_in_place(board) {
            continue;
        }
        if !rule.any_start {
            fixed.push(i);
            continue;
        }
        let rank = |r: &crate::ir::rule::CastlingRule| {
            (
                g.file_of(r.king_from),
                -(g.file_of(r.rook_from) - g.file_of(r.king_from)).abs(),
            )
        };
        chosen
            .entry((rule.color.index(), rule.letter))
            .and_modify(|best| {
                if rank(rule) < rank(&variant.castling[*best]) {
                    *best = i;
                }
            })
            .or_insert(i);
    }
    fixed.extend(chosen.into_values());
    fixed.sort_unstable();
    fixed
}
