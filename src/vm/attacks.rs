//! Attack detection: is a square attacked by a side?
//!
//! Uses the square's attack trie (see [`crate::ir::pattern::AttackNode`]):
//! walk the reversed rays, stop each branch at its first piece, and ask
//! whether that piece attacks from there. Pieces whose attacks the tries
//! cannot describe (hoppers, `j` leaps, first-move captures) are checked by
//! walking their own rays, so attacks always follow the move rules exactly.

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::pattern::{MoveTables, RayKind, CAPTURE, MUST_BE_OCCUPIED, ROYAL_ONLY};
use crate::ir::piece::{Color, Piece};
use crate::ir::rule::RoyalGroup;
use crate::ir::Variant;
use crate::vm::board::Board;
use crate::vm::position::Position;

impl Position {
    /// Whether a piece of `by` attacks `sq` (could capture a piece there).
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.board.is_attacked(&self.variant, &self.unmoved, sq, by)
    }

    /// Whether any royal piece of `color` is attacked.
    #[inline]
    pub fn is_royal_attacked(&self, color: Color) -> bool {
        self.board
            .is_royal_attacked(&self.variant, &self.unmoved, color)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.is_royal_attacked(self.side)
    }

    /// The royal pieces of `color` whose attack puts it in check (with
    /// royal groups, not every attacked one: see [`Board::royals_in_check`]).
    pub fn royals_in_check(&self, color: Color) -> SquareSet {
        self.board
            .royals_in_check(&self.variant, &self.unmoved, color)
    }

    /// The squares of `by`'s pieces that attack `sq`.
    pub fn attackers_of(&self, sq: Square, by: Color) -> SquareSet {
        self.board
            .by_color
            .get(by)
            .iter()
            .filter(|&from| self.captures_on(from, sq))
            .collect()
    }

    /// Whether the piece on `from` could capture on `target` by its rays
    /// (the square's content is not looked at), walking the rays as move
    /// generation does.
    pub(crate) fn captures_on(&self, from: Square, target: Square) -> bool {
        self.board
            .captures_on(&self.variant, &self.unmoved, from, target)
    }
}

/// Attacks on a board: `unmoved` tells which pieces may still use their
/// first-move rays.
impl Board {
    /// Whether a piece of `by` attacks `sq` (could capture a piece there).
    #[inline]
    pub(crate) fn is_attacked(
        &self,
        variant: &Variant,
        unmoved: &SquareSet,
        sq: Square,
        by: Color,
    ) -> bool {
        let tables = &variant.tables;
        let (start, end) = tables.attack_ranges[sq.index()];
        let nodes = &tables.attack_nodes;
        let mask = side_mask(by);
        let mut i = start as usize;
        let end = end as usize;
        while i < end {
            let node = &nodes[i];
            let code = self.squares[node.square.index()];
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
                if self.captures_on(variant, unmoved, from, sq) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `color` is in check: a royal piece of it is attacked (with
    /// royal groups, as [`Board::royals_in_check`] says).
    #[inline]
    pub(crate) fn is_royal_attacked(
        &self,
        variant: &Variant,
        unmoved: &SquareSet,
        color: Color,
    ) -> bool {
        if !variant.royal_groups.is_empty() {
            return !self.royals_in_check(variant, unmoved, color).is_empty();
        }
        let them = color.opposite();
        self.royals
            .get(color)
            .iter()
            .any(|sq| self.is_attacked(variant, unmoved, sq, them))
    }

    /// The royal pieces of `color` whose attack puts it in check: every
    /// attacked `royal` piece; of a royal group (`check when the last …`),
    /// the side's only piece of the group, if attacked; of a group with
    /// `every`, all its pieces, if all are attacked.
    pub(crate) fn royals_in_check(
        &self,
        variant: &Variant,
        unmoved: &SquareSet,
        color: Color,
    ) -> SquareSet {
        let them = color.opposite();
        let attacked = |sq: Square| self.is_attacked(variant, unmoved, sq, them);
        let mut out = SquareSet::EMPTY;
        for sq in self.royals.get(color).iter() {
            let kind = Piece::from_code(self.squares[sq.index()]).kind;
            if variant.piece(kind).royal && attacked(sq) {
                out.insert(sq);
            }
        }
        for group in &variant.royal_groups {
            let members = self.royal_group_members(group, color);
            let in_check = match members.len() {
                0 => false,
                1 => members.iter().all(attacked),
                _ => group.every && members.iter().all(attacked),
            };
            if in_check {
                out = out.union(&members);
            }
        }
        out
    }

    /// Whether the piece on `from` could capture on `target` by its rays
    /// (the square's content is not looked at).
    #[inline]
    pub(crate) fn captures_on(
        &self,
        variant: &Variant,
        unmoved: &SquareSet,
        from: Square,
        target: Square,
    ) -> bool {
        self.captures_on_in(variant, &variant.tables, unmoved, from, target, true)
    }

    /// [`Board::captures_on`] by the rays of `tables` (the variant's, or
    /// its `chase_tables`); with `royal_only` false, captures that may take
    /// only royal pieces (`also … against royal`) are left out.
    #[inline(always)]
    pub(crate) fn captures_on_in(
        &self,
        variant: &Variant,
        t: &MoveTables,
        unmoved: &SquareSet,
        from: Square,
        target: Square,
        royal_only: bool,
    ) -> bool {
        let code = self.squares[from.index()];
        for ray in t.rays(code, from) {
            if ray.initial && !unmoved.contains(from) {
                continue;
            }
            let s = ray.start as usize;
            let squares = &t.path_squares[s..s + ray.len as usize];
            let flags = &t.path_flags[s..s + ray.len as usize];
            let hit = |j: usize| {
                squares[j] == target
                    && flags[j] & CAPTURE != 0
                    && (royal_only || flags[j] & ROYAL_ONLY == 0)
            };
            match ray.kind {
                RayKind::Slide => {
                    for j in 0..squares.len() {
                        if squares[j] == target {
                            if hit(j) {
                                return true;
                            }
                            break;
                        }
                        let occupied = self.squares[squares[j].index()] != 0;
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
                        .position(|q| self.squares[q.index()] != 0 && *q != target)
                    else {
                        continue;
                    };
                    if squares[..screen].contains(&target)
                        || !crate::vm::movegen::may_hop(
                            variant,
                            code,
                            self.squares[squares[screen].index()],
                        )
                    {
                        continue;
                    }
                    for (j, q) in squares.iter().enumerate().skip(screen + 1) {
                        if hit(j) {
                            return true;
                        }
                        if ray.kind == RayKind::HopRight
                            || *q == target
                            || self.squares[q.index()] != 0
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

impl Board {
    /// `color`'s pieces of a royal group's kinds.
    pub(crate) fn royal_group_members(&self, group: &RoyalGroup, color: Color) -> SquareSet {
        self.royals
            .get(color)
            .iter()
            .filter(|&sq| group.kinds >> Piece::from_code(self.squares[sq.index()]).kind.0 & 1 != 0)
            .collect()
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
