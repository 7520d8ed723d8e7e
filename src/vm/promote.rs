//! Standing promotions (`promote … in place`, Sittuyin's pawns): a
//! promotion that is a move of its own. A piece standing in its rule's
//! region (anywhere, with `anywhere if last`, while it is its side's only
//! piece of the kind) turns into a choice on its own square or, `or by
//! its move`, on an empty square the new piece attacks from there; never
//! where the new piece would attack an enemy piece (`never attacking`),
//! as Fairy-Stockfish's `sittuyinPromotion` generates them. `never
//! checking` is a legality rule (`legality`), and `promotion-limit`
//! counts as for any promotion.

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::piece::Piece;
use crate::ir::rule::StandingPromotion;
use crate::vm::movegen::is_color;
use crate::vm::moves::{Move, MoveKind};
use crate::vm::position::Position;

impl Position {
    /// Appends the standing promotions of the side to move (of the piece
    /// on `only_from`, if given).
    pub(crate) fn standing_promotions(&self, only_from: Option<Square>, out: &mut Vec<Move>) {
        let us = self.side;
        for rule in self
            .variant
            .promotion
            .standing
            .iter()
            .filter(|r| r.color == us)
        {
            let own = Piece {
                color: us,
                kind: rule.piece,
            };
            let anywhere = rule.anywhere_if_last && self.count_on_board(us, rule.piece) == 1;
            for from in self.pieces_of(us).iter() {
                if only_from.is_some_and(|f| f != from)
                    || self.piece_at(from) != Some(own)
                    || !(anywhere || rule.region.contains(from))
                {
                    continue;
                }
                for &choice in &rule.choices {
                    let limit = self.variant.promotion.limit(choice);
                    if limit.is_some_and(|n| self.count_on_board(us, choice) >= n) {
                        continue;
                    }
                    let new = Piece {
                        color: us,
                        kind: choice,
                    };
                    for to in self.standing_targets(rule, from, new).iter() {
                        out.push(Move {
                            promotion: Some(choice),
                            ..Move::new(from, to, MoveKind::Promote)
                        });
                    }
                }
            }
        }
    }

    /// Where the piece on `from` may become `new`: on `from`, and with
    /// `or by its move` on each empty square `new` would attack from
    /// `from`; with `never attacking`, only where `new` attacks no enemy
    /// piece (with `from` empty).
    fn standing_targets(&self, rule: &StandingPromotion, from: Square, new: Piece) -> SquareSet {
        let variant = &*self.variant;
        let tables = &variant.tables;
        let mut targets = SquareSet::EMPTY;
        targets.insert(from);
        if rule.by_its_move {
            let mut board = self.board;
            board.take(from);
            board.put(variant, from, new);
            for ray in tables.rays(new.code(), from) {
                let s = ray.start as usize;
                for &to in &tables.path_squares[s..s + ray.len as usize] {
                    if board[to.index()] == 0 && board.captures_on(variant, &self.unmoved, from, to)
                    {
                        targets.insert(to);
                    }
                }
            }
        }
        if !rule.never_attacking {
            return targets;
        }
        let them = self.side.opposite();
        targets
            .iter()
            .filter(|&to| {
                let mut board = self.board;
                board.take(from);
                board.put(variant, to, new);
                !tables.rays(new.code(), to).iter().any(|ray| {
                    let s = ray.start as usize;
                    tables.path_squares[s..s + ray.len as usize]
                        .iter()
                        .any(|&sq| {
                            let there = board[sq.index()];
                            there != 0
                                && there != crate::ir::piece::WALL_CODE
                                && is_color(there, them)
                                && board.captures_on(variant, &self.unmoved, to, sq)
                        })
                })
            })
            .collect()
    }
}
