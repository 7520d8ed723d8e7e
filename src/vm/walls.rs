//! Walls (`walls behind|anywhere|shot|duck|from-edge [in REGION]
//! [instead-of-moving]`): every move also puts a wall on a square, which
//! no piece may enter, pass or take for the rest of the game
//! (Fairy-Stockfish's `wallingRule`); the duck moves on instead (`make`
//! takes the walls off before putting the new one). The board moves are
//! generated as usual; each is then replaced by the same move once for
//! every square its wall may take ([`Gate::Wall`]). A move with no square
//! for its wall is no move, as in Fairy-Stockfish. With
//! `instead-of-moving` (FS's `wallOrMove`) the moves keep no wall, and a
//! pass ([`MoveKind::Pass`], written as FS writes it: the square of the
//! mover's first piece, twice) puts one instead.

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::pattern::{RayKind, MOVE, MUST_BE_OCCUPIED};
use crate::ir::rule::{WallPlacement, Walls};
use crate::ir::Variant;
use crate::vm::board::Board;
use crate::vm::moves::{Gate, Move, MoveKind};
use crate::vm::position::Position;

impl Position {
    /// Replaces each move of `out[first..]` by the same move with each
    /// wall it may place.
    pub(crate) fn wall_moves(&self, first: usize, out: &mut Vec<Move>) {
        let Some(walls) = self.variant.walls.as_ref().filter(|w| !w.instead_of_moving) else {
            return;
        };
        let region = self.wall_region(walls);
        let empty_now = self.board.empty_squares(&self.variant.geometry);
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

    /// `instead-of-moving`: the passes that put a wall, one per square it
    /// may take (only if written from `from`, where given).
    pub(crate) fn wall_passes(&self, from: Option<Square>, out: &mut Vec<Move>) {
        let Some(walls) = self.variant.walls.as_ref().filter(|w| w.instead_of_moving) else {
            return;
        };
        let Some(first) = self.pieces_of(self.side).first() else {
            return;
        };
        if from.is_some_and(|sq| sq != first) {
            return;
        }
        let squares = self
            .board
            .empty_squares(&self.variant.geometry)
            .intersection(&self.wall_region(walls));
        let pass = Move::new(first, first, MoveKind::Pass);
        out.extend(squares.iter().map(|sq| Move {
            gate: Some(Gate::Wall(sq)),
            ..pass
        }));
    }

    /// The squares the side to move may wall, before the move: its region
    /// (the whole board without `in`), on the edge or beside a wall for
    /// `walls from-edge`.
    fn wall_region(&self, walls: &Walls) -> SquareSet {
        let region = *walls.region.get(self.side);
        if walls.placement == WallPlacement::FromEdge {
            return region.intersection(&self.edge_or_beside_walls());
        }
        region
    }

    /// `walls from-edge`: the squares of the board's first and last files
    /// and ranks, and those orthogonally next to a wall.
    fn edge_or_beside_walls(&self) -> SquareSet {
        let g = &self.variant.geometry;
        let (last_file, last_rank) = (i32::from(g.files()) - 1, i32::from(g.ranks()) - 1);
        let mut out = SquareSet::EMPTY;
        for sq in g.squares().iter() {
            let (file, rank) = (g.file_of(sq), g.rank_of(sq));
            if file == 0 || rank == 0 || file == last_file || rank == last_rank {
                out.insert(sq);
            }
        }
        for wall in self.board.walls.iter() {
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if let Some(sq) = g.offset(wall, df, dr) {
                    out.insert(sq);
                }
            }
        }
        out
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
        let empty = board.empty_squares(&variant.geometry);
        let squares = match placement {
            WallPlacement::Anywhere | WallPlacement::Duck | WallPlacement::FromEdge => empty,
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
