//! Walls (`walls behind|anywhere|shot [in REGION]`): every move also puts
//! a wall on a square, which no piece may enter, pass or take for the rest
//! of the game (Fairy-Stockfish's `wallingRule`). The board moves are
//! generated as usual; each is then replaced by the same move once for
//! every square its wall may take ([`Gate::Wall`]). A move with no square
//! for its wall is no move, as in Fairy-Stockfish.

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::pattern::{RayKind, MOVE, MUST_BE_OCCUPIED};
use crate::ir::rule::WallPlacement;
use crate::ir::Variant;
use crate::vm::board::Board;
use crate::vm::moves::{Gate, Move, MoveKind};
use crate::vm::position::Position;

impl Position {
    /// Replaces each move of `out[first..]` by the same move with each
    /// wall it may place.
    pub(crate) fn wall_moves(&self, first: usize, out: &mut Vec<Move>) {
        let Some(walls) = &self.variant.walls else {
            return;
        };
        let region = *walls.region.get(self.side);
        let empty_now = self
            .variant
            .geometry
            .squares()
            .difference(&self.board.by_color.white)
            .difference(&self.board.by_color.black)
            .difference(&self.board.walls);
        let moves: Vec<Move> = out.drain(first..).collect();
        let mut board = self.board;
        for mv in moves {
            let squares = self
                .wall_squares(&mut board, &empty_now, walls.placement, mv)
                .intersection(&region);
            for sq in squares.iter() {
                out.push(Move {
                    gate: Some(Gate::Wall(sq)),
                    ..mv
                });
            }
        }
    }

    /// The squares, empty once `mv` is played, on which `placement` lets
    /// its wall go. `empty_now`: the empty squares before it. A plain
    /// move's are found from them; castling, drops and `shot` play the
    /// move on `board` (a copy of this position's) and take it back.
    fn wall_squares(
        &self,
        board: &mut Board,
        empty_now: &SquareSet,
        placement: WallPlacement,
        mv: Move,
    ) -> SquareSet {
        let victim = self.victim_square(mv);
        let plain = matches!(
            mv.kind,
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant
        );
        if plain && placement != WallPlacement::Shot {
            let mut empty = *empty_now;
            empty.insert(mv.from);
            empty.insert(victim);
            empty.remove(mv.to);
            return match placement {
                WallPlacement::Behind => {
                    let mut behind = SquareSet::EMPTY;
                    if empty.contains(mv.from) {
                        behind.insert(mv.from);
                    }
                    behind
                }
                _ => empty,
            };
        }
        let variant = &self.variant;
        let undo = board.play(variant, self.side, victim, mv);
        let empty = variant
            .geometry
            .squares()
            .difference(&board.by_color.white)
            .difference(&board.by_color.black)
            .difference(&board.walls);
        let squares = match placement {
            WallPlacement::Anywhere => empty,
            WallPlacement::Behind => {
                let mut behind = SquareSet::EMPTY;
                if !matches!(mv.kind, MoveKind::Drop(_)) && empty.contains(mv.from) {
                    behind.insert(mv.from);
                }
                behind
            }
            WallPlacement::Shot => {
                let landed = match mv.kind {
                    MoveKind::Castle(r) => variant.castling[r as usize].king_to,
                    _ => mv.to,
                };
                quiet_reach(board, variant, landed).intersection(&empty)
            }
        };
        board.unplay(variant, victim, mv, undo);
        squares
    }
}

/// The empty squares the piece on `from` could move to without capturing,
/// walking its rays over `board` as the move generator does (its
/// first-move rays left out: it has just moved).
fn quiet_reach(board: &Board, variant: &Variant, from: Square) -> SquareSet {
    let t = &variant.tables;
    let code = board.squares[from.index()];
    let mut out = SquareSet::EMPTY;
    for ray in t.rays(code, from) {
        if ray.initial {
            continue;
        }
        let s = ray.start as usize;
        let squares = &t.path_squares[s..s + ray.len as usize];
        let flags = &t.path_flags[s..s + ray.len as usize];
        let empty = |q: Square| board.squares[q.index()] == 0;
        match ray.kind {
            RayKind::Slide => {
                for (&q, &f) in squares.iter().zip(flags) {
                    if f & MUST_BE_OCCUPIED != 0 {
                        if empty(q) {
                            break;
                        }
                        continue;
                    }
                    if !empty(q) {
                        break;
                    }
                    if f & MOVE != 0 {
                        out.insert(q);
                    }
                }
            }
            RayKind::Hop | RayKind::HopRight => {
                let Some(screen) = squares.iter().position(|&q| !empty(q)) else {
                    continue;
                };
                let screen_code = board.squares[squares[screen].index()];
                if !crate::vm::movegen::may_hop(variant, code, screen_code) {
                    continue;
                }
                for (&q, &f) in squares.iter().zip(flags).skip(screen + 1) {
                    if !empty(q) {
                        break;
                    }
                    if f & MOVE != 0 {
                        out.insert(q);
                    }
                    if ray.kind == RayKind::HopRight {
                        break;
                    }
                }
            }
        }
    }
    out
}
