//! Legal moves: pseudo-legal moves that leave no royal piece of the mover attacked.
//!
//! A move needs the full test (play it on the board, look for attacks on
//! the royals, take it back) only when it could matter: when the side is in
//! check, when a royal piece moves, for en passant and castling, when the
//! moving piece is the first piece on some line between a royal piece and
//! an enemy that could attack along it, and when the move starts or ends on
//! a line along which an enemy hopper (or another piece whose attacks the
//! tries do not describe) could reach a royal piece. Every other move is
//! legal.

use crate::ir::geometry::SquareSet;
use crate::ir::piece::Color;
use crate::vm::attacks::side_mask;
use crate::vm::moves::{Move, MoveKind};
use crate::vm::position::Position;

thread_local! {
    /// How many times [`Position::legal_moves_into`] ran on this thread.
    static LEGAL_MOVE_GENERATIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many times the legal moves were generated on this thread so far
/// (every [`Position::legal_moves`] or [`Position::legal_moves_into`]
/// counts one). Tests use the difference between two readings to show
/// what an operation costs.
pub fn legal_move_generations() -> u64 {
    LEGAL_MOVE_GENERATIONS.with(|n| n.get())
}

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
        LEGAL_MOVE_GENERATIONS.with(|n| n.set(n.get() + 1));
        out.clear();
        if self.variant.game_end.ends_early() && self.rule_game_end().is_some() {
            return; // the game is over by a goal or the checks given: no moves
        }
        if self.variant.hooks.is_some() && self.hook_game_end().is_some() {
            return; // the game is over by a hook: no moves
        }
        self.pseudo_legal_moves(out);
        if self.variant.pieces_can_vanish() {
            self.filter_by_hooks(out);
            self.keep_legal_with_effects(out);
            return;
        }
        let us = self.side;
        if self.royals.get(us).is_empty() {
            if self.variant.hooks.is_some() {
                self.filter_by_hooks(out);
            }
            return;
        }
        let full_test_always = self.is_check();
        let (pinned, lines) = if full_test_always {
            (SquareSet::EMPTY, SquareSet::EMPTY)
        } else {
            (self.pin_candidates(us), self.complex_attack_lines(us))
        };
        let royals = *self.royals.get(us);
        let mut kept = 0;
        for i in 0..out.len() {
            let mv = out[i];
            let needs_test = full_test_always
                || mv.kind == MoveKind::EnPassant
                || matches!(mv.kind, MoveKind::Castle(_))
                || royals.contains(mv.from)
                || pinned.contains(mv.from)
                || lines.contains(mv.from)
                || lines.contains(mv.to);
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

    /// Legality when a move may remove more pieces (Atomic's explosions,
    /// an after-move hook): each move is played in full, effects included. It is
    /// illegal if it destroys the mover's last royal piece; legal if it
    /// destroys the opponent's last one; otherwise legal if no royal piece
    /// of the mover is in check, where a check is a capture the opponent
    /// could make that leaves the opponent a royal piece.
    fn keep_legal_with_effects(&mut self, out: &mut Vec<Move>) {
        let us = self.side;
        let them = us.opposite();
        // With explosions as the only effect, a quiet move removes nothing:
        // as in chess, it can only expose a royal piece if that is attacked
        // already, moves itself, or the mover shields it. Every other quiet
        // move keeps the royal pieces unattacked, so out of check.
        let quiet_shortcut = self.variant.only_explosions()
            && self.complex.get(them).is_empty()
            && !self.royals.get(us).is_empty()
            && !self.is_royal_attacked(us);
        let pinned = if quiet_shortcut {
            self.pin_candidates(us)
        } else {
            SquareSet::EMPTY
        };
        let royals = *self.royals.get(us);
        let mut kept = Vec::with_capacity(out.len());
        for &mv in out.iter() {
            if quiet_shortcut
                && mv.kind == MoveKind::Normal
                && self.board[mv.to.index()] == 0
                && !royals.contains(mv.from)
                && !pinned.contains(mv.from)
            {
                kept.push(mv);
                continue;
            }
            let had_ours = !self.royals.get(us).is_empty();
            let had_theirs = !self.royals.get(them).is_empty();
            let undo = self.play_unchecked(mv);
            let legal = if had_ours && self.royals.get(us).is_empty() {
                false
            } else if had_theirs && self.royals.get(them).is_empty() {
                true
            } else {
                !self.in_check_with_effects(us)
            };
            self.unplay(mv, undo);
            if legal {
                kept.push(mv);
            }
        }
        *out = kept;
    }

    /// Whether the side to move (`them`) could capture a royal piece of
    /// `color` and keep a royal piece of its own, effects included (a side
    /// without royal pieces gives no check).
    pub(crate) fn in_check_with_effects(&mut self, color: Color) -> bool {
        let them = color.opposite();
        if self.royals.get(them).is_empty() {
            return false; // the capturer has no royal piece left: its game is over
        }
        let explosion_only = self.variant.only_explosions();
        for royal in self.royals.get(color).iter() {
            // The attack tries answer "attacked at all?" fast; the attackers
            // are looked for only when it is.
            if !self.is_attacked(royal, them) {
                continue;
            }
            for from in self.attackers_of(royal, them).iter() {
                if explosion_only {
                    // The capture blows up the capturer and the unspared
                    // pieces next to the royal piece: no need to play it.
                    if self.keeps_a_royal_after_capturing(from, royal, them) {
                        return true;
                    }
                    continue;
                }
                let code = self.board[from.index()];
                let promotion = self.variant.promotion.choices(code, royal).first().copied();
                let capture = Move {
                    from,
                    to: royal,
                    kind: MoveKind::Normal,
                    promotion,
                };
                let undo = self.play_unchecked(capture);
                let survives = !self.royals.get(them).is_empty();
                self.unplay(capture, undo);
                if survives {
                    return true;
                }
            }
        }
        false
    }

    /// `captures explode`: whether `side`, capturing on `target` with the
    /// piece on `from`, keeps a royal piece after the explosion.
    fn keeps_a_royal_after_capturing(
        &self,
        from: crate::ir::geometry::Square,
        target: crate::ir::geometry::Square,
        side: Color,
    ) -> bool {
        let g = &self.variant.geometry;
        let spared = self
            .variant
            .explosion
            .as_ref()
            .map_or(&[][..], |e| &e.spared[..]);
        self.royals.get(side).iter().any(|r| {
            if r == from {
                return false; // the capturer explodes
            }
            let next_to = (g.file_of(r) - g.file_of(target)).abs() <= 1
                && (g.rank_of(r) - g.rank_of(target)).abs() <= 1;
            !next_to
                || spared.contains(&crate::ir::piece::Piece::from_code(self.board[r.index()]).kind)
        })
    }

    /// Whether `mv` (pseudo-legal) leaves every royal piece of the mover unattacked.
    pub(crate) fn leaves_royals_safe(&mut self, mv: Move) -> bool {
        let us = self.side;
        let undo = self.play_on_board(mv);
        let safe = !self.is_royal_attacked(us);
        self.unplay_on_board(mv, undo);
        safe
    }

    /// For the enemy's complex pieces (hoppers, `j` leaps, first-move
    /// captures, which the attack tries do not describe): the squares whose
    /// occupancy decides whether they reach a royal piece of `color`, that
    /// is each ray of theirs that runs into a royal piece, up to it, and
    /// their own squares. A move that neither starts nor ends on one of
    /// these cannot change those attacks.
    fn complex_attack_lines(&self, color: Color) -> SquareSet {
        let them = color.opposite();
        let complex = self.complex.get(them);
        let mut out = SquareSet::EMPTY;
        if complex.is_empty() {
            return out;
        }
        let royals = self.royals.get(color);
        let t = &self.variant.tables;
        for from in complex.iter() {
            let code = self.board[from.index()];
            for ray in t.rays(code, from) {
                let s = ray.start as usize;
                let squares = &t.path_squares[s..s + ray.len as usize];
                if let Some(k) = squares.iter().position(|q| royals.contains(*q)) {
                    out.insert(from);
                    for q in &squares[..k] {
                        out.insert(*q);
                    }
                }
            }
        }
        out
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
