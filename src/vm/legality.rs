//! Legal moves: pseudo-legal moves that leave no royal piece of the mover attacked.
//!
//! A move needs the full test (play it on the board, look for attacks on
//! the royals, take it back) only when it could matter: when the side is in
//! check, when a royal piece moves, for en passant and castling, when the
//! variant has pieces whose attacks the tries do not describe, and when
//! the moving piece is the first piece on some line between a royal piece
//! and an enemy that could attack along it. Every other move is legal.

use crate::ir::geometry::SquareSet;
use crate::ir::piece::Color;
use crate::vm::attacks::side_mask;
use crate::vm::moves::{Move, MoveKind};
use crate::vm::position::Position;

impl Position {
    /// The legal moves.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut scratch = self.clone();
        let mut out = Vec::with_capacity(64);
        scratch.legal_moves_into(&mut out);
        out
    }

    /// Replaces `out`'s contents with the legal moves (no allocation once
    /// `out` has grown to size).
    pub fn legal_moves_into(&mut self, out: &mut Vec<Move>) {
        out.clear();
        if self.variant.hooks.is_some() && self.hook_game_end().is_some() {
            return; // the game is over by a hook: no moves
        }
        self.pseudo_legal_moves(out);
        let us = self.side;
        if self.royals.get(us).is_empty() {
            if self.variant.hooks.is_some() {
                self.filter_by_hooks(out);
            }
            return;
        }
        let them = us.opposite();
        let full_test_always = self.is_check() || !self.complex.get(them).is_empty();
        let pinned = if full_test_always {
            SquareSet::EMPTY
        } else {
            self.pin_candidates(us)
        };
        let royals = *self.royals.get(us);
        let mut kept = 0;
        for i in 0..out.len() {
            let mv = out[i];
            let needs_test = full_test_always
                || mv.kind == MoveKind::EnPassant
                || matches!(mv.kind, MoveKind::Castle(_))
                || royals.contains(mv.from)
                || pinned.contains(mv.from);
            if !needs_test || self.leaves_royals_safe(mv) {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
        if self.variant.hooks.is_some() {
            self.filter_by_hooks(out);
        }
    }

    /// Whether `mv` (pseudo-legal) leaves every royal piece of the mover unattacked.
    pub(crate) fn leaves_royals_safe(&mut self, mv: Move) -> bool {
        let us = self.side;
        let undo = self.play_on_board(mv);
        let safe = !self.is_royal_attacked(us);
        self.unplay_on_board(mv, undo);
        safe
    }

    /// `color`'s pieces that stand first on a line from one of its royal
    /// pieces toward an enemy that could attack along it.
    fn pin_candidates(&self, color: Color) -> SquareSet {
        let tables = &self.variant.tables;
        let enemy = side_mask(color.opposite());
        let mut out = SquareSet::EMPTY;
        for royal in self.royals.get(color).iter() {
            let (start, end) = tables.attack_ranges[royal.index()];
            let mut i = start as usize;
            while i < end as usize {
                let node = &tables.attack_nodes[i];
                let code = self.board[node.square.index()];
                if code == 0 {
                    i += 1;
                } else {
                    if node.deeper & enemy != 0 && crate::vm::movegen::is_color(code, color) {
                        out.insert(node.square);
                    }
                    i = node.skip as usize;
                }
            }
        }
        out
    }
}
