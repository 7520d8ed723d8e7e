//! `Board`: the placement of a position (the piece code on each cell and
//! the sets kept in step with it), small enough to copy.
//!
//! The legality test plays a move on a copy of the board and asks whether
//! a royal piece is attacked there, so that the queries on a [`Position`]
//! need no `&mut` and no clone of the position.
//!
//! [`Position`]: crate::vm::Position

use std::ops::{Index, IndexMut};

use crate::ir::geometry::{Square, SquareSet, MAX_SQUARES};
use crate::ir::piece::{ByColor, Color, Piece, WALL_CODE};
use crate::ir::Variant;
use crate::vm::moves::{Gate, Move, MoveKind};

/// The pieces on the board: a code per cell (0: empty; see
/// [`Piece::code`]; [`WALL_CODE`]: a wall) and, kept in step, each side's
/// occupied, royal and complex-attacker squares, and the walls.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    /// The piece code on each cell.
    pub(crate) squares: [u8; MAX_SQUARES],
    /// Each side's pieces.
    pub(crate) by_color: ByColor<SquareSet>,
    /// Each side's royal pieces, those of royal groups included (whether
    /// they are royal now depends on the group: see `attacks`).
    pub(crate) royals: ByColor<SquareSet>,
    /// Each side's pieces whose attacks the attack tries do not describe.
    pub(crate) complex: ByColor<SquareSet>,
    /// The walls (`walls …`, `*` in FEN): squares no piece may enter or
    /// pass, which count as occupied but belong to no side.
    pub(crate) walls: SquareSet,
}

/// What [`Board::unplay`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoardUndo {
    captured: u8,
    moved: u8,
}

impl Index<usize> for Board {
    type Output = u8;

    #[inline]
    fn index(&self, cell: usize) -> &u8 {
        &self.squares[cell]
    }
}

impl IndexMut<usize> for Board {
    #[inline]
    fn index_mut(&mut self, cell: usize) -> &mut u8 {
        &mut self.squares[cell]
    }
}

impl Board {
    /// An empty board.
    pub(crate) fn empty() -> Board {
        Board {
            squares: [0; MAX_SQUARES],
            by_color: ByColor::default(),
            royals: ByColor::default(),
            complex: ByColor::default(),
            walls: SquareSet::EMPTY,
        }
    }

    /// The squares of `geometry` with neither a piece nor a wall.
    #[inline]
    pub(crate) fn empty_squares(&self, geometry: &crate::ir::geometry::Geometry) -> SquareSet {
        geometry
            .squares()
            .difference(&self.by_color.white)
            .difference(&self.by_color.black)
            .difference(&self.walls)
    }

    /// Puts a wall on an empty square.
    #[inline]
    pub(crate) fn put_wall(&mut self, sq: Square) {
        self.squares[sq.index()] = WALL_CODE;
        self.walls.insert(sq);
    }

    /// Takes the wall off a square.
    #[inline]
    pub(crate) fn take_wall(&mut self, sq: Square) {
        debug_assert_eq!(self.squares[sq.index()], WALL_CODE);
        self.squares[sq.index()] = 0;
        self.walls.remove(sq);
    }

    /// Puts a piece on an empty square, keeping the sets in step.
    #[inline]
    pub(crate) fn put(&mut self, variant: &Variant, sq: Square, piece: Piece) {
        let code = piece.code();
        self.squares[sq.index()] = code;
        self.by_color.get_mut(piece.color).insert(sq);
        if variant.piece(piece.kind).royal_like() {
            self.royals.get_mut(piece.color).insert(sq);
        }
        if variant.tables.complex_attackers >> code & 1 != 0 {
            self.complex.get_mut(piece.color).insert(sq);
        }
    }

    /// Removes the piece from a square, keeping the sets in step; returns its code.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> u8 {
        let code = self.squares[sq.index()];
        debug_assert!(code != 0 && code != WALL_CODE);
        let piece = Piece::from_code(code);
        self.squares[sq.index()] = 0;
        self.by_color.get_mut(piece.color).remove(sq);
        self.royals.get_mut(piece.color).remove(sq);
        self.complex.get_mut(piece.color).remove(sq);
        code
    }

    /// Plays a move on the board only (no hash, counters or history), for
    /// the legality test: `side` moves, `victim` is the square of the
    /// piece it captures (differs from `mv.to` for en passant).
    #[inline(always)]
    pub(crate) fn play(
        &mut self,
        variant: &Variant,
        side: Color,
        victim: Square,
        mv: Move,
    ) -> BoardUndo {
        let undo = self.play_without_gate(variant, side, victim, mv);
        if mv.gate.is_some() {
            self.put_gate(variant, side, mv);
        }
        undo
    }

    /// Takes the gating piece or the wall of `mv` off again.
    #[cold]
    #[inline(never)]
    fn take_gate(&mut self, variant: &Variant, mv: Move, gate: Gate) {
        let sq = mv.gate_square(variant, gate);
        match gate {
            Gate::Piece { .. } => {
                self.take(sq);
            }
            Gate::Wall(_) => self.take_wall(sq),
        }
    }

    /// Puts the gating piece (S-Chess) or the wall of `mv` (out of the hot
    /// path).
    #[cold]
    #[inline(never)]
    fn put_gate(&mut self, variant: &Variant, side: Color, mv: Move) {
        let Some(gate) = mv.gate else {
            return;
        };
        let sq = mv.gate_square(variant, gate);
        match gate {
            Gate::Piece { kind, .. } => self.put(variant, sq, Piece { color: side, kind }),
            Gate::Wall(_) => self.put_wall(sq),
        }
    }

    #[inline(always)]
    fn play_without_gate(
        &mut self,
        variant: &Variant,
        side: Color,
        victim: Square,
        mv: Move,
    ) -> BoardUndo {
        match mv.kind {
            MoveKind::Castle(r) => {
                let rule = &variant.castling[r as usize];
                let (kf, kt, rf, rt) = (rule.king_from, rule.king_to, rule.rook_from, rule.rook_to);
                let king = self.take(kf);
                let rook = self.take(rf);
                self.put(variant, kt, Piece::from_code(king));
                self.put(variant, rt, Piece::from_code(rook));
                BoardUndo {
                    captured: 0,
                    moved: king,
                }
            }
            MoveKind::Drop(kind) => {
                self.put(variant, mv.to, Piece { color: side, kind });
                BoardUndo {
                    captured: 0,
                    moved: 0,
                }
            }
            // A pass that puts a wall (`instead-of-moving`) moves nothing.
            MoveKind::Pass => BoardUndo {
                captured: 0,
                moved: 0,
            },
            _ => {
                // A promotion in place (`to == from`) takes nothing.
                let captured = if self.squares[victim.index()] != 0 && mv.kind != MoveKind::Promote
                {
                    self.take(victim)
                } else {
                    0
                };
                let moved = self.take(mv.from);
                let piece = match mv.promotion {
                    Some(kind) => Piece { color: side, kind },
                    None => Piece::from_code(moved),
                };
                self.put(variant, mv.to, piece);
                BoardUndo { captured, moved }
            }
        }
    }

    /// `captures explode`: the squares a capture on `center` blows up,
    /// the capturer's and those of the pieces next to it, but the
    /// `sparing` kinds next to it, the `immune` kinds and walls.
    pub(crate) fn blast(&self, variant: &Variant, center: Square) -> SquareSet {
        let (spared, immune) = variant
            .explosion
            .as_ref()
            .map_or((&[][..], &[][..]), |e| (&e.spared[..], &e.immune[..]));
        let g = &variant.geometry;
        let mut out = SquareSet::EMPTY;
        for (df, dr) in (-1..=1).flat_map(|df| (-1..=1).map(move |dr| (df, dr))) {
            let Some(sq) = g.offset(center, df, dr) else {
                continue;
            };
            let code = self.squares[sq.index()];
            if code == 0 || code == WALL_CODE {
                continue;
            }
            let kind = Piece::from_code(code).kind;
            if immune.contains(&kind) || (sq != center && spared.contains(&kind)) {
                continue;
            }
            out.insert(sq);
        }
        out
    }

    /// Takes back [`Board::play`] (with the same `victim`).
    #[inline(always)]
    pub(crate) fn unplay(&mut self, variant: &Variant, victim: Square, mv: Move, undo: BoardUndo) {
        if let Some(gate) = mv.gate {
            self.take_gate(variant, mv, gate);
        }
        match mv.kind {
            MoveKind::Castle(r) => {
                let rule = &variant.castling[r as usize];
                let (kf, kt, rf, rt) = (rule.king_from, rule.king_to, rule.rook_from, rule.rook_to);
                let king = self.take(kt);
                let rook = self.take(rt);
                self.put(variant, kf, Piece::from_code(king));
                self.put(variant, rf, Piece::from_code(rook));
            }
            MoveKind::Drop(_) => {
                self.take(mv.to);
            }
            MoveKind::Pass => {}
            _ => {
                self.take(mv.to);
                self.put(variant, mv.from, Piece::from_code(undo.moved));
                if undo.captured != 0 {
                    self.put(variant, victim, Piece::from_code(undo.captured));
                }
            }
        }
    }
}
