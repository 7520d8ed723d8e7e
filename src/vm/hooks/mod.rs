//! The hook runtime: running a variant's compiled Rhai hooks
//! ([`crate::ir::hook::HookPrograms`]) from the VM. The game-end check
//! before generating moves, the move filter and promotion hook on the
//! legal moves, and the after-move effects with their undo.
//!
//! A hook that fails (an error in its code, a sandbox limit) makes the
//! query or move that ran it fail with a [`HookError`]; the position is
//! left as it was.
//!
//! A hook may ask for what runs hooks itself (`pos.legal_moves()`): a hook
//! never runs inside itself, so the hooks already running on this thread
//! are left out of the answer (the game-end hook asking for the legal
//! moves gets them as if the game went on).
//!
//! Files: `runtime` (the sandboxed engine and one function per hook
//! point), `budget` (the time hooks may take, and their interruption),
//! `view` (what hooks see and say), `api` (the functions a hook's code
//! calls).

mod api;
pub mod budget;
pub mod runtime;
pub mod view;

pub use crate::vm::hook_error::HookError;
pub use budget::{begin_command, CommandGuard, HookBudget};
pub use view::{Effect, GameEnd, MoveView, PositionView};

use crate::ir::geometry::Square;
use crate::ir::hook::{HookPoint, HookPrograms};
use crate::ir::piece::Piece;
use crate::vm::moves::{Move, MoveKind};
use crate::vm::position::Position;

impl Position {
    /// What hooks see of this position.
    pub fn hook_view(&self) -> PositionView {
        PositionView {
            position: std::sync::Arc::new(self.snapshot()),
        }
    }

    /// A copy for hooks to look at (and to ask for legal moves): without
    /// the after-move effects taking moves back needs, and with only the
    /// last move played.
    fn snapshot(&self) -> Position {
        Position {
            variant: self.variant.clone(),
            board: self.board,
            unmoved: self.unmoved,
            en_passant: self.en_passant,
            side: self.side,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            hash: self.hash,
            history: self.history.clone(),
            history_floor: self.history_floor,
            effects: Vec::new(),
            blown_promoted: Vec::new(),
            played: self.played.last().copied().into_iter().collect(),
            counters: self.counters,
            hands: self.hands,
            promoted: self.promoted,
            count: self.count,
            check_runs: self.check_runs,
            checks_in_a_row: self.checks_in_a_row,
            passes: self.passes,
            shuffles: self.shuffles.clone(),
            chase_log: self.chase_log.clone(),
            last_castling: self.last_castling,
        }
    }

    /// What hooks see of a move; `captured` is the code of the piece it takes (0: none).
    pub(crate) fn move_view(&self, mv: Move, moved: u8, captured: u8) -> MoveView {
        let v = &self.variant;
        let g = &v.geometry;
        let name = |code: u8| {
            if code == 0 {
                String::new()
            } else {
                v.piece(Piece::from_code(code).kind).name.clone()
            }
        };
        MoveView {
            from: g.name(mv.from),
            to: g.name(mv.to),
            piece: name(moved),
            color: Piece::from_code(moved.max(1)).color,
            captured: name(captured),
            promotion: mv
                .promotion
                .map(|k| v.piece(k).name.clone())
                .unwrap_or_default(),
            kind: match mv.kind {
                MoveKind::Normal => "normal",
                MoveKind::DoubleStep => "double-step",
                MoveKind::EnPassant => "en-passant",
                MoveKind::Castle(_) => "castle",
                MoveKind::Drop(_) => "drop",
                MoveKind::Pass => "pass",
                MoveKind::Promote => "promote",
            },
        }
    }

    /// The game-end hook's verdict on this position, if the game is over by it.
    ///
    /// # Errors
    /// The game-end hook failed.
    pub fn hook_game_end(&self) -> Result<Option<GameEnd>, HookError> {
        let Some(hooks) = &self.variant.hooks else {
            return Ok(None);
        };
        if !runtime::runs(hooks, HookPoint::GameEnd) {
            return Ok(None);
        }
        runtime::game_end(hooks, &self.hook_view())
    }

    /// Drops the moves the move filter and the promotion hook forbid.
    ///
    /// # Errors
    /// The first failure of either hook, in move order.
    pub(crate) fn filter_by_hooks(&self, out: &mut Vec<Move>) -> Result<(), HookError> {
        let Some(hooks) = &self.variant.hooks else {
            return Ok(());
        };
        let filter = runtime::runs(hooks, HookPoint::MoveFilter);
        let promotion = runtime::runs(hooks, HookPoint::Promotion);
        if !filter && !promotion {
            return Ok(());
        }
        let view = self.hook_view();
        let mut kept = Vec::with_capacity(out.len());
        // The promotion hook's answer per (from, to): the allowed names, or None for all.
        type Allowed = Option<Vec<String>>;
        let mut allowed_promotions: Vec<((Square, Square), Allowed)> = Vec::new();
        for &mv in out.iter() {
            let moved = self.moving_code(mv);
            let captured = match (mv.kind, &self.en_passant) {
                (MoveKind::EnPassant, Some(ep)) => self.board[ep.victim.index()],
                (MoveKind::Castle(_) | MoveKind::Drop(_), _) => 0,
                _ => self.board[mv.to.index()],
            };
            let mview = self.move_view(mv, moved, captured);
            if filter && !runtime::allows(hooks, &view, &mview)? {
                continue;
            }
            if promotion {
                if let Some(kind) = mv.promotion {
                    let key = (mv.from, mv.to);
                    let allowed = match allowed_promotions.iter().find(|(k, _)| *k == key) {
                        Some((_, a)) => a.clone(),
                        None => {
                            let a = runtime::promotion_choices(hooks, &view, &mview)?;
                            if let Some(names) = &a {
                                self.check_promotion_names(hooks, mv, moved, names)?;
                            }
                            allowed_promotions.push((key, a.clone()));
                            a
                        }
                    };
                    if let Some(names) = allowed {
                        if !names.contains(&self.variant.piece(kind).name) {
                            continue;
                        }
                    }
                }
            }
            kept.push(mv);
        }
        *out = kept;
        Ok(())
    }

    /// The promotion hook's names for a promoting move must each be one
    /// of the promotion rules' choices for it: another name is an error
    /// naming it, never silently dropped.
    fn check_promotion_names(
        &self,
        hooks: &HookPrograms,
        mv: Move,
        moved: u8,
        names: &[String],
    ) -> Result<(), HookError> {
        let Some(hook) = hooks.get(HookPoint::Promotion) else {
            return Ok(());
        };
        let v = &self.variant;
        let choices = v.promotion.choices_of_move(moved, mv.from, mv.to);
        let offered: Vec<&str> = choices.iter().map(|&k| v.piece(k).name.as_str()).collect();
        let Some(bad) = names.iter().find(|n| !offered.contains(&n.as_str())) else {
            return Ok(());
        };
        let (from, to) = (v.geometry.name(mv.from), v.geometry.name(mv.to));
        let message = if v.pieces.iter().any(|p| &p.name == bad) {
            format!(
                "it allowed `{bad}` for {from}{to}, which the promotion rules do not offer there (they offer {})",
                offered.join(", ")
            )
        } else {
            let hint = crate::diagnostics::closest(bad, offered.iter().copied())
                .map(|c| format!(" (did you mean `{c}`?)"))
                .unwrap_or_default();
            format!("it allowed `{bad}` for {from}{to}: no piece is called `{bad}`{hint}")
        };
        Err(HookError {
            point: HookPoint::Promotion,
            message,
            span: hook.span,
            location: None,
        })
    }

    /// Runs the after-move hook on the position just reached by `mv` and
    /// applies its effects; returns what [`Position::undo_effects`] needs.
    ///
    /// # Errors
    /// The hook failed; nothing was changed.
    pub(crate) fn apply_after_move_hook(
        &mut self,
        mv: Move,
        moved: u8,
        captured: u8,
    ) -> Result<Vec<(Square, u8)>, HookError> {
        let Some(hooks) = &self.variant.hooks else {
            return Ok(Vec::new());
        };
        if !runtime::runs(hooks, HookPoint::AfterMove) {
            return Ok(Vec::new());
        }
        let effects = runtime::after_move(
            hooks,
            &self.hook_view(),
            &self.move_view(mv, moved, captured),
        )?;
        // A wall cannot be removed or covered: checked before any effect
        // is applied, so a refused hook changes nothing.
        let on_wall = effects.iter().find_map(|effect| match effect {
            Effect::Remove(sq) | Effect::Put(sq, _) if self.board.walls.contains(*sq) => Some(*sq),
            _ => None,
        });
        if let (Some(sq), Some(hook)) = (on_wall, hooks.get(HookPoint::AfterMove)) {
            return Err(HookError {
                point: HookPoint::AfterMove,
                message: format!(
                    "a wall stands on {}: an effect cannot remove or cover it",
                    self.variant.geometry.name(sq)
                ),
                span: hook.span,
                location: None,
            });
        }
        let mut undo = Vec::with_capacity(effects.len());
        for effect in effects {
            let sq = match effect {
                Effect::Remove(sq) | Effect::Put(sq, _) => sq,
                Effect::SetCounter(i, color, value) => {
                    // Restored by `unplay` from its undo record.
                    let slot = 2 * i + color.index();
                    self.hash ^=
                        self.variant
                            .zobrist
                            .counter(i, color.index(), self.counters[slot]);
                    self.counters[slot] = value;
                    self.hash ^= self.variant.zobrist.counter(i, color.index(), value);
                    continue;
                }
            };
            let before = self.board[sq.index()];
            undo.push((sq, before));
            if before != 0 {
                self.take(sq);
                self.hash ^= self.variant.zobrist.piece(before, sq);
                if self.unmoved.contains(sq) {
                    self.unmoved.remove(sq);
                    self.hash ^= self.variant.zobrist.unmoved[sq.index()];
                }
            }
            if let Effect::Put(_, piece) = effect {
                self.put(sq, piece);
                self.hash ^= self.variant.zobrist.piece(piece.code(), sq);
            }
        }
        Ok(undo)
    }

    /// Takes back after-move effects (the hash and unmoved flags are restored by `unplay`).
    pub(crate) fn undo_effects(&mut self, undo: Vec<(Square, u8)>) {
        for (sq, before) in undo.into_iter().rev() {
            if self.board[sq.index()] != 0 {
                self.take(sq);
            }
            if before != 0 {
                self.put(sq, Piece::from_code(before));
            }
        }
    }
}
