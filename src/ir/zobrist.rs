//! Zobrist hash keys, generated per variant from a fixed seed.

use crate::ir::geometry::Square;

/// The random keys a position's hash is made of.
#[derive(Clone, Debug, Default)]
pub struct ZobristKeys {
    /// Per piece code and cell: `piece[code * cells + sq]`.
    pub piece: Vec<u64>,
    /// Per cell: the piece there has never moved.
    pub unmoved: Vec<u64>,
    /// Per cell: en passant is possible on this square.
    pub en_passant: Vec<u64>,
    /// Black to move.
    pub black_to_move: u64,
    /// Number of cells.
    pub cells: usize,
    /// Per cell: the piece there is a promoted one (crazyhouse's `~`).
    pub promoted: Vec<u64>,
    /// Per cell: a wall stands there (`walls …`, `*` in FEN).
    pub wall: Vec<u64>,
}

impl ZobristKeys {
    /// Keys for a board of `cells` cells and `codes` piece codes.
    pub fn new(cells: usize, codes: usize) -> ZobristKeys {
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            // splitmix64
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let piece = (0..cells * codes).map(|_| next()).collect();
        let unmoved = (0..cells).map(|_| next()).collect();
        let en_passant = (0..cells).map(|_| next()).collect();
        let black_to_move = next();
        let promoted = (0..cells).map(|_| next()).collect();
        let wall = (0..cells).map(|_| next()).collect();
        ZobristKeys {
            piece,
            unmoved,
            en_passant,
            black_to_move,
            cells,
            promoted,
            wall,
        }
    }

    /// The key of counter `index` of one side having `value`.
    pub fn counter(&self, index: usize, side: usize, value: i32) -> u64 {
        let mut z =
            self.black_to_move ^ ((index as u64) << 48 | (side as u64) << 40 | value as u32 as u64);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The key of `count` pieces of a piece code in hand (0 for none).
    #[inline]
    pub fn hand(&self, code: u8, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        let mut z =
            self.black_to_move.rotate_left(17) ^ ((code as u64) << 32 | count as u64 | 0xA5 << 56);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The key of a piece code on a square.
    #[inline]
    pub fn piece(&self, code: u8, sq: Square) -> u64 {
        self.piece[code as usize * self.cells + sq.index()]
    }
}
