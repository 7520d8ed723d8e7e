//! Attack detection: is a square attacked by a side?
//!
//! Uses the square's attack trie (see [`crate::ir::pattern::AttackNode`]):
//! walk the reversed rays, stop each branch at its first piece, and ask
//! whether that piece attacks from there. Pieces whose attacks the tries
//! cannot describe (hoppers, `j` leaps, first-move captures) are checked by
//! walking their own rays, so attacks always follow the move rules exactly.

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::pattern::{RayKind, CAPTURE, MUST_BE_OCCUPIED};
use crate::ir::piece::Color;
use crate::vm::position::Position;

impl Position {
    /// Whether a piece of `by` attacks `sq` (could capture a piece there).
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        let tables = &self.variant.tables;
        let (start, end) = tables.attack_ranges[sq.index()];
        let nodes = &tables.attack_nodes;
        let mask = side_mask(by);
        let mut i = start as usize;
        let end = end as usize;
        while i < end {
            let node = &nodes[i];
            let code = self.board[node.square.index()];
            if code == 0 {
                i += 1;
            } else {
                if (node.attackers & mask) >> code & 1 != 0 {
                    return true;
                }
                i = node.skip as usize;
            }
        }
        let complex = self.complex.get(by);
        if !complex.is_empty() {
            for from in complex.iter() {
                if self.captures_on(from, sq) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether any royal piece of `color` is attacked.
    #[inline]
    pub fn is_royal_attacked(&self, color: Color) -> bool {
        let them = color.opposite();
        self.royals
            .get(color)
            .iter()
            .any(|sq| self.is_attacked(sq, them))
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.is_royal_attacked(self.side)
    }

    /// The squares of `by`'s pieces that attack `sq`.
    pub fn attackers_of(&self, sq: Square, by: Color) -> SquareSet {
        self.by_color
            .get(by)
            .iter()
            .filter(|&from| self.captures_on(from, sq))
            .collect()
    }

    /// Whether the piece on `from` could capture on `target` by its rays
    /// (the square's content is not looked at), walking the rays as move
    /// generation does.
    pub(crate) fn captures_on(&self, from: Square, target: Square) -> bool {
        let code = self.board[from.index()];
        let t = &self.variant.tables;
        for ray in t.rays(code, from) {
            if ray.initial && !self.unmoved.contains(from) {
                continue;
            }
            let s = ray.start as usize;
            let squares = &t.path_squares[s..s + ray.len as usize];
            let flags = &t.path_flags[s..s + ray.len as usize];
            let hit = |j: usize| squares[j] == target && flags[j] & CAPTURE != 0;
            match ray.kind {
                RayKind::Slide => {
                    for j in 0..squares.len() {
                        if squares[j] == target {
                            if hit(j) {
                                return true;
                            }
                            break;
                        }
                        let occupied = self.board[squares[j].index()] != 0;
                        if flags[j] & MUST_BE_OCCUPIED != 0 {
                            if !occupied {
                                break;
                            }
                        } else if occupied {
                            break;
                        }
                    }
                }
                RayKind::Hop | RayKind::HopRight => {
                    let Some(screen) = squares
                        .iter()
                        .position(|q| self.board[q.index()] != 0 && *q != target)
                    else {
                        continue;
                    };
                    if squares[..screen].contains(&target) {
                        continue;
                    }
                    for (j, q) in squares.iter().enumerate().skip(screen + 1) {
                        if hit(j) {
                            return true;
                        }
                        if ray.kind == RayKind::HopRight
                            || *q == target
                            || self.board[q.index()] != 0
                        {
                            break;
                        }
                    }
                }
            }
        }
        false
    }
}

/// A mask over piece codes selecting one side's pieces.
#[inline]
pub(crate) fn side_mask(color: Color) -> u128 {
    // Codes are 1 + 2 * kind + color: White's are odd, Black's even.
    const WHITE: u128 = 0xAAAA_AAAA_AAAA_AAAA_AAAA_AAAA_AAAA_AAAA;
    match color {
        Color::White => WHITE,
        Color::Black => !WHITE & !1,
    }
}
