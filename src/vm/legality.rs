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

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::piece::{Color, Piece};
use crate::ir::Variant;
use crate::vm::attacks::side_mask;
use crate::vm::board::Board;
use crate::vm::hook_error::HookError;
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
    ///
    /// # Errors
    /// A hook of the variant (game-end, move filter, promotion, after-move)
    /// failed.
    ///
    /// # Examples
    /// ```
    /// use varia::{compile_source, vm::Position};
    ///
    /// let script = r#"
    ///     variant "Chess"
    ///     import orthodox
    ///     board 8 x 8
    ///     setup "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    /// "#;
    /// let variant = compile_source("chess.variant", script).unwrap();
    /// let pos = Position::start(&variant);
    /// let moves = pos.legal_moves().unwrap();
    /// assert_eq!(moves.len(), 20);
    /// // One move is checked without generating the others.
    /// assert!(pos.is_legal(moves[0]).unwrap());
    /// // The knight on g1 has two moves.
    /// let g1 = variant.geometry.parse_square("g1").unwrap();
    /// assert_eq!(pos.legal_moves_from(g1).unwrap().len(), 2);
    /// ```
    pub fn legal_moves(&self) -> Result<Vec<Move>, HookError> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(&mut out)?;
        Ok(out)
    }

    /// Replaces `out`'s contents with the legal moves (no allocation once
    /// `out` has grown to size, for variants whose pieces cannot vanish).
    ///
    /// # Errors
    /// A hook of the variant failed; `out` is then unspecified.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) -> Result<(), HookError> {
        LEGAL_MOVE_GENERATIONS.with(|n| n.set(n.get() + 1));
        out.clear();
        if self.is_over_before_moving()? {
            return Ok(());
        }
        self.pseudo_legal_moves(out);
        self.retain_legal_moves(out)?;
        self.pass_if_stuck(out);
        Ok(())
    }

    /// `pass when stuck`: the pass, if the legal moves `out` are none;
    /// `pass allowed`: the pass, whatever they are.
    fn pass_if_stuck(&self, out: &mut Vec<Move>) {
        if out.is_empty() || self.variant.game_end.pass_allowed {
            out.extend(self.pass_move());
        }
    }

    /// The pass among the legal moves from or to `sq`, if the side is
    /// stuck and its pass is written with `sq`.
    fn pass_on_square(&self, sq: Square, out: &mut Vec<Move>) -> Result<(), HookError> {
        if self.variant.game_end.pass_allowed {
            out.extend(self.pass_move().filter(|p| p.from == sq));
            return Ok(());
        }
        if out.is_empty() && self.pass_move().is_some_and(|p| p.from == sq) {
            out.extend(
                self.legal_moves()?
                    .into_iter()
                    .filter(|m| m.kind == MoveKind::Pass),
            );
        }
        Ok(())
    }

    /// Keeps the legal moves among `out`, all the position's pseudo-legal
    /// moves, without asking whether the game is over (for the game-end
    /// rules that look at the moves, `unless answered`).
    pub(crate) fn retain_legal_moves(&self, out: &mut Vec<Move>) -> Result<(), HookError> {
        self.retain_legal_of_all(out)?;
        keep_captures_if_compulsory(self, out);
        keep_drops_if_compulsory(self, out);
        Ok(())
    }

    /// As [`Position::legal_moves_into`], playing the moves of variants
    /// whose pieces can vanish on `self` (taken back) instead of on a
    /// copy: for perft and the engine, which own their position.
    pub(crate) fn legal_moves_in_place(&mut self, out: &mut Vec<Move>) -> Result<(), HookError> {
        out.clear();
        if self.is_over_before_moving()? {
            return Ok(());
        }
        self.pseudo_legal_moves(out);
        if self.variant.pieces_can_vanish() {
            self.filter_by_hooks(out)?;
            self.keep_legal_with_effects(out)?;
            self.keep_breaking_facing(out);
            keep_checker_captures_if_checked(self, out);
            keep_captures_if_compulsory(self, out);
            keep_drops_if_compulsory(self, out);
            self.pass_if_stuck(out);
            return Ok(());
        }
        if self.royal_safety_applies() {
            let safety = self.royal_safety();
            let mut kept = 0;
            for i in 0..out.len() {
                let mv = out[i];
                let safe = !safety.needs_test(mv) || {
                    let victim = self.victim_square(mv);
                    leaves_royals_safe(
                        &mut self.board,
                        &self.variant,
                        &self.unmoved,
                        self.side,
                        victim,
                        mv,
                    )
                };
                if safe {
                    out[kept] = mv;
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
        if self.variant.hands.is_some() {
            self.remove_mating_drops(out)?;
        }
        if self.variant.hooks.is_some() {
            self.filter_by_hooks(out)?;
        }
        self.keep_breaking_facing(out);
        keep_checker_captures_if_checked(self, out);
        keep_captures_if_compulsory(self, out);
        keep_drops_if_compulsory(self, out);
        self.pass_if_stuck(out);
        Ok(())
    }

    /// The legal drops.
    ///
    /// # Errors
    /// A hook of the variant failed.
    pub fn legal_drops(&self) -> Result<Vec<Move>, HookError> {
        let mut out = Vec::new();
        if self.is_over_before_moving()? {
            return Ok(out);
        }
        self.drop_moves(&mut out);
        self.retain_legal(&mut out)?;
        Ok(out)
    }

    /// Removes the drops of `no-mate` kinds that checkmate (shogi's
    /// uchifuzume): each drop that gives check is played on a copy and
    /// the opponent's legal moves counted.
    fn remove_mating_drops(&self, out: &mut Vec<Move>) -> Result<(), HookError> {
        let Some(hands) = &self.variant.hands else {
            return Ok(());
        };
        if !hands.no_mate.iter().any(|&b| b) {
            return Ok(());
        }
        let them = self.side.opposite();
        let mut board = self.board;
        let mut kept = Vec::with_capacity(out.len());
        for &mv in out.iter() {
            let MoveKind::Drop(kind) = mv.kind else {
                kept.push(mv);
                continue;
            };
            if !hands.no_mate[kind.0 as usize] {
                kept.push(mv);
                continue;
            }
            let undo = board.play(&self.variant, self.side, mv.to, mv);
            let check = board.is_royal_attacked(&self.variant, &self.unmoved, them);
            board.unplay(&self.variant, mv.to, mv, undo);
            if !check {
                kept.push(mv);
                continue;
            }
            let mut after = self.clone();
            after.make(mv)?;
            if !after.legal_moves()?.is_empty() {
                kept.push(mv);
            }
        }
        *out = kept;
        Ok(())
    }

    /// The legal moves of the piece on `from`.
    ///
    /// # Errors
    /// A hook of the variant failed.
    pub fn legal_moves_from(&self, from: Square) -> Result<Vec<Move>, HookError> {
        let mut out = Vec::new();
        if self.is_over_before_moving()? {
            return Ok(out);
        }
        self.pseudo_legal_moves_from(from, &mut out);
        self.retain_legal(&mut out)?;
        self.pass_on_square(from, &mut out)?;
        Ok(out)
    }

    /// The legal moves that end on `to`.
    ///
    /// # Errors
    /// A hook of the variant failed.
    pub fn legal_moves_to(&self, to: Square) -> Result<Vec<Move>, HookError> {
        let mut out = Vec::new();
        if self.is_over_before_moving()? {
            return Ok(out);
        }
        self.pseudo_legal_moves(&mut out);
        out.retain(|mv| mv.to == to);
        self.retain_legal(&mut out)?;
        self.pass_on_square(to, &mut out)?;
        Ok(out)
    }

    /// The squares of the pieces that attack a royal piece of the side to
    /// move (none when it is not in check).
    pub fn checkers(&self) -> SquareSet {
        let us = self.side;
        let royals = if self.variant.royal_groups.is_empty() {
            *self.board.royals.get(us)
        } else {
            self.royals_in_check(us)
        };
        let mut checkers = SquareSet::EMPTY;
        for royal in royals.iter() {
            checkers = checkers.union(&self.attackers_of(royal, us.opposite()));
        }
        checkers
    }

    /// Whether `mv` is legal here; only this move is tested.
    ///
    /// # Errors
    /// A hook of the variant failed.
    pub fn is_legal(&self, mv: Move) -> Result<bool, HookError> {
        if self.is_over_before_moving()? {
            return Ok(false);
        }
        if mv.kind == MoveKind::Pass && mv.gate.is_none() {
            return Ok(self.pass_move() == Some(mv)
                && (self.variant.game_end.pass_allowed || self.legal_moves()? == [mv]));
        }
        let mut moves = Vec::new();
        if let MoveKind::Drop(_) = mv.kind {
            self.drop_moves(&mut moves);
        } else {
            self.pseudo_legal_moves_from(mv.from, &mut moves);
        }
        if !moves.contains(&mv) {
            return Ok(false);
        }
        moves.clear();
        moves.push(mv);
        self.retain_legal(&mut moves)?;
        Ok(!moves.is_empty())
    }

    /// Whether the game is over by a goal, the checks given or a game-end
    /// hook: then there are no legal moves.
    fn is_over_before_moving(&self) -> Result<bool, HookError> {
        if self.variant.game_end.ends_early() && self.rule_game_end().is_some() {
            return Ok(true);
        }
        Ok(self.variant.hooks.is_some() && self.hook_game_end()?.is_some())
    }

    /// Keeps the legal moves among the pseudo-legal `out` (some of the
    /// position's moves: the others are generated only where `captures
    /// compulsory` asks whether the side has a legal capture).
    fn retain_legal(&self, out: &mut Vec<Move>) -> Result<(), HookError> {
        self.retain_legal_of_all(out)?;
        if self.variant.compulsory_capture && out.iter().any(|&mv| !self.is_capture(mv)) {
            let captures = self.legal_moves()?.iter().any(|&mv| self.is_capture(mv));
            if captures {
                out.retain(|&mv| self.is_capture(mv));
            }
        }
        let drops_compulsory = self.variant.hands.as_ref().is_some_and(|h| h.compulsory);
        if drops_compulsory && out.iter().any(|mv| !is_drop(mv)) && self.legal_drop_exists()? {
            out.retain(is_drop);
        }
        Ok(())
    }

    /// Whether the side to move has a legal drop (for `drops compulsory`
    /// when only some moves are asked about).
    fn legal_drop_exists(&self) -> Result<bool, HookError> {
        let mut drops = Vec::new();
        self.drop_moves(&mut drops);
        if drops.is_empty() {
            return Ok(false);
        }
        self.retain_legal_of_all(&mut drops)?;
        Ok(!drops.is_empty())
    }

    /// [`Position::retain_legal`] but for `captures compulsory` (which
    /// needs all the position's moves: see [`keep_captures_if_compulsory`]).
    fn retain_legal_of_all(&self, out: &mut Vec<Move>) -> Result<(), HookError> {
        if self.variant.pieces_can_vanish() {
            self.filter_by_hooks(out)?;
            if out.is_empty() {
                return Ok(());
            }
            // Effects need the full make, hence a position to play on.
            self.clone().keep_legal_with_effects(out)?;
            self.keep_breaking_facing(out);
            keep_checker_captures_if_checked(self, out);
            return Ok(());
        }
        if self.royal_safety_applies() {
            self.retain_royal_safe(out);
        }
        if self.variant.hands.is_some() {
            self.remove_mating_drops(out)?;
        }
        if self.variant.hooks.is_some() {
            self.filter_by_hooks(out)?;
        }
        self.keep_breaking_facing(out);
        keep_checker_captures_if_checked(self, out);
        Ok(())
    }

    /// Keeps the moves of `out` that leave every royal piece of the side
    /// to move unattacked (the side has one).
    // The board is copied once, when a move first needs the test, not each time.
    #[allow(clippy::unnecessary_lazy_evaluations)]
    fn retain_royal_safe(&self, out: &mut Vec<Move>) {
        let safety = self.royal_safety();
        // The board the tested moves are played on, copied when first needed.
        let mut scratch: Option<Board> = None;
        let mut kept = 0;
        for i in 0..out.len() {
            let mv = out[i];
            let safe = !safety.needs_test(mv) || {
                let board = scratch.get_or_insert_with(|| self.board);
                let victim = self.victim_square(mv);
                leaves_royals_safe(board, &self.variant, &self.unmoved, self.side, victim, mv)
            };
            if safe {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether moves of the side to move must keep royal pieces safe: it
    /// has one, or a promotion could make one.
    #[inline]
    fn royal_safety_applies(&self) -> bool {
        !self.board.royals.get(self.side).is_empty()
            || self.variant.promotion.into_royal
            || self.variant.checks_forbidden
            || self
                .variant
                .promotion
                .standing
                .iter()
                .any(|r| r.never_checking)
            || self.royal_in_hand(self.side)
            || self.drops_never_check()
    }

    /// Whether some drop may not give check (`no-check`).
    fn drops_never_check(&self) -> bool {
        self.variant
            .hands
            .as_ref()
            .is_some_and(|h| h.no_check.contains(&true))
    }

    /// Which moves of the side to move need the full royal-safety test.
    #[inline]
    fn royal_safety(&self) -> RoyalSafety {
        let us = self.side;
        let in_check = self.is_check();
        let (pinned, lines) = if in_check {
            (SquareSet::EMPTY, SquareSet::EMPTY)
        } else {
            (self.pin_candidates(us), self.complex_attack_lines(us))
        };
        let checks = if self.variant.checks_forbidden {
            self.check_risk()
        } else {
            CheckRisk::None
        };
        RoyalSafety {
            in_check,
            royals: *self.board.royals.get(us),
            pinned,
            lines,
            royal_promotions: self.variant.promotion.into_royal,
            checks,
            standing_never_checks: self
                .variant
                .promotion
                .standing
                .iter()
                .any(|r| r.never_checking),
            every_drop: self.variant.hands.as_ref().is_some_and(|h| h.royal_drops)
                || self.drops_never_check(),
            walls_move: self.variant.walls_move(),
        }
    }

    /// `checks forbidden`: which moves of the side to move could give
    /// check, from the attack tries of the opponent's royal pieces. A
    /// plain move or drop gives check only by landing where a piece of the
    /// mover would attack one (`to`), or by leaving a square first on a
    /// line from one toward a piece of the mover that attacks along it
    /// (`from`); the other moves (castling, en passant, gating, walls), and
    /// every move when the mover has pieces the tries do not describe or
    /// the variant has royal groups, are played to find out.
    fn check_risk(&self) -> CheckRisk {
        let us = self.side;
        if !self.board.complex.get(us).is_empty() || !self.variant.royal_groups.is_empty() {
            return CheckRisk::Every;
        }
        let tables = &self.variant.tables;
        let ours = side_mask(us);
        let (mut to, mut from) = (SquareSet::EMPTY, SquareSet::EMPTY);
        for royal in self.board.royals.get(us.opposite()).iter() {
            let (start, end) = tables.attack_ranges[royal.index()];
            let mut i = start as usize;
            while i < end as usize {
                let node = &tables.attack_nodes[i];
                if node.attackers & ours != 0 {
                    to.insert(node.square);
                }
                if self.board[node.square.index()] == 0 {
                    i += 1;
                } else {
                    if node.deeper & ours != 0 {
                        from.insert(node.square);
                    }
                    i = node.skip as usize;
                }
            }
        }
        CheckRisk::Some { to, from }
    }

    /// Legality when a move may remove more pieces (Atomic's explosions,
    /// an after-move hook): each move is played in full, effects included. It is
    /// illegal if it destroys the mover's last royal piece; legal if it
    /// destroys the opponent's last one; otherwise legal if no royal piece
    /// of the mover is in check, where a check is a capture the opponent
    /// could make that leaves the opponent a royal piece.
    fn keep_legal_with_effects(&mut self, out: &mut Vec<Move>) -> Result<(), HookError> {
        let us = self.side;
        let them = us.opposite();
        // Explosions alone, and no royal piece on either side (Atomar's
        // kings are only pieces to lose): no move can be illegal, so none
        // need be played to find out.
        if self.variant.only_explosions()
            && self.board.royals.get(us).is_empty()
            && self.board.royals.get(them).is_empty()
        {
            return Ok(());
        }
        // With explosions as the only effect, a quiet move removes nothing:
        // as in chess, it can only expose a royal piece if that is attacked
        // already, moves itself, or the mover shields it. Every other quiet
        // move keeps the royal pieces unattacked, so out of check.
        let quiet_shortcut = self.variant.only_explosions()
            && !self.variant.walls_move()
            && self.board.complex.get(them).is_empty()
            && !self.board.royals.get(us).is_empty()
            && !self.is_royal_attacked(us);
        let pinned = if quiet_shortcut {
            self.pin_candidates(us)
        } else {
            SquareSet::EMPTY
        };
        let royals = *self.board.royals.get(us);
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
            let had_ours = !self.board.royals.get(us).is_empty();
            let had_theirs = !self.board.royals.get(them).is_empty();
            let no_check =
                self.variant.checks_forbidden || forbids_check(&self.variant, &self.board, us, mv);
            let legal = if self.board_alone_decides(mv) {
                // The board after the move and its explosion is all the
                // test looks at: no need for the rest of `make`.
                let (board, unmoved) = (self.board, self.unmoved);
                self.play_on_board_with_explosion(mv);
                let legal = self.legal_after(had_ours, had_theirs, no_check);
                (self.board, self.unmoved, self.side) = (board, unmoved, us);
                legal
            } else {
                let undo = self.make(mv)?;
                let legal = self.legal_after(had_ours, had_theirs, no_check);
                self.unplay(mv, undo);
                legal
            };
            if legal? {
                kept.push(mv);
            }
        }
        *out = kept;
        Ok(())
    }

    /// After a move of the side that was to move (now `self.side`'s
    /// opponent), played with its effects: whether it was legal. It is
    /// not if it destroyed the mover's last royal piece (`had_ours`: it
    /// had one); it is if it destroyed the opponent's last one; otherwise
    /// if it gives no check where it may not (`no_check`) and leaves no
    /// royal piece of the mover in check.
    fn legal_after(
        &mut self,
        had_ours: bool,
        had_theirs: bool,
        no_check: bool,
    ) -> Result<bool, HookError> {
        let us = self.side.opposite();
        let them = self.side;
        if had_ours && self.board.royals.get(us).is_empty() {
            Ok(false)
        } else if had_theirs && self.board.royals.get(them).is_empty() {
            Ok(true)
        } else if no_check && self.is_royal_attacked(them) {
            Ok(false)
        } else {
            self.in_check_with_effects(us).map(|check| !check)
        }
    }

    /// Whether the legality of `mv` depends on the board alone, and the
    /// board after it is the placement's move and the explosion of a
    /// capture: explosions are the only effect, and the move is a plain
    /// move, double step or en passant capture, without gating or flipping.
    /// A capturer that turns to stone (`captures petrify`) is judged blown
    /// up with the rest, its square empty, as Fairy-Stockfish's legality
    /// test judges it (Nuclear chess: the stone does not shield).
    #[inline]
    fn board_alone_decides(&self, mv: Move) -> bool {
        self.variant.only_explosions()
            && self.variant.flip.is_none()
            && mv.gate.is_none()
            && matches!(
                mv.kind,
                MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant
            )
    }

    /// Plays `mv` (see [`Position::board_alone_decides`]) on the board and
    /// the unmoved flags only, exploding a capture, and passes the turn
    /// (the caller restores all three).
    fn play_on_board_with_explosion(&mut self, mv: Move) {
        let victim = self.victim_square(mv);
        let captures = self.board[victim.index()] != 0;
        self.board.play(&self.variant, self.side, victim, mv);
        self.unmoved.remove(mv.from);
        self.unmoved.remove(victim);
        if captures {
            for sq in self.board.blast(&self.variant, mv.to).iter() {
                self.board.take(sq);
                self.unmoved.remove(sq);
            }
        }
        self.side = self.side.opposite();
    }

    /// Whether the side to move (`them`) could capture a royal piece of
    /// `color` and keep a royal piece of its own, effects included (a side
    /// without royal pieces gives no check).
    ///
    /// # Errors
    /// The after-move hook failed on one of the captures.
    pub(crate) fn in_check_with_effects(&mut self, color: Color) -> Result<bool, HookError> {
        let them = color.opposite();
        if self.board.royals.get(them).is_empty() {
            return Ok(false); // the capturer has no royal piece left: its game is over
        }
        let explosion_only = self.variant.only_explosions();
        for royal in self.board.royals.get(color).iter() {
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
                        return Ok(true);
                    }
                    continue;
                }
                let code = self.board[from.index()];
                let promotion = self
                    .variant
                    .promotion
                    .choices_of_move(code, from, royal)
                    .first()
                    .copied();
                let capture = Move {
                    promotion,
                    ..Move::new(from, royal, MoveKind::Normal)
                };
                let undo = self.make(capture)?;
                let survives = !self.board.royals.get(them).is_empty();
                self.unplay(capture, undo);
                if survives {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// `captures explode`: whether `side`, capturing on `target` with the
    /// piece on `from`, keeps a royal piece after the explosion.
    fn keeps_a_royal_after_capturing(
        &self,
        from: crate::ir::geometry::Square,
        target: crate::ir::geometry::Square,
        side: Color,
    ) -> bool {
        // The capturer blows up on `target`, unless immune; the pieces
        // next to it as `Board::blast` says.
        let blast = self.board.blast(&self.variant, target);
        self.board.royals.get(side).iter().any(|r| {
            if r == from {
                let kind = crate::ir::piece::Piece::from_code(self.board[r.index()]).kind;
                self.variant
                    .explosion
                    .as_ref()
                    .is_some_and(|e| e.immune.contains(&kind))
            } else {
                !blast.contains(r)
            }
        })
    }

    /// For the enemy's complex pieces (hoppers, `j` leaps, first-move
    /// captures, which the attack tries do not describe): the squares whose
    /// occupancy decides whether they reach a royal piece of `color`, that
    /// is each ray of theirs that runs into a royal piece, up to it, and
    /// their own squares. A move that neither starts nor ends on one of
    /// these cannot change those attacks.
    fn complex_attack_lines(&self, color: Color) -> SquareSet {
        let them = color.opposite();
        let complex = self.board.complex.get(them);
        let mut out = SquareSet::EMPTY;
        if complex.is_empty() {
            return out;
        }
        let royals = self.board.royals.get(color);
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
        for royal in self.board.royals.get(color).iter() {
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

/// What decides whether a move needs the full royal-safety test.
struct RoyalSafety {
    /// The side to move is in check: every move needs it.
    in_check: bool,
    /// Its royal pieces.
    royals: SquareSet,
    /// Its pieces first on a line from a royal piece toward an enemy.
    pinned: SquareSet,
    /// The lines along which enemy complex pieces reach a royal piece.
    lines: SquareSet,
    /// A promotion may make a royal piece: every promotion needs it.
    royal_promotions: bool,
    /// `checks forbidden`: the moves that could give check need it.
    checks: CheckRisk,
    /// A standing promotion may not give check (`never checking`): those
    /// moves need it.
    standing_never_checks: bool,
    /// A royal piece may be dropped (Placement chess's kings), or a drop
    /// may not give check (`no-check`): every drop needs it.
    every_drop: bool,
    /// The duck moves (`walls duck`): the square it leaves may open a
    /// line, so every move that moves it needs it.
    walls_move: bool,
}

impl RoyalSafety {
    #[inline]
    fn needs_test(&self, mv: Move) -> bool {
        self.in_check
            || self.checks.may_give_check(mv)
            || (self.standing_never_checks && mv.kind == MoveKind::Promote)
            || mv.kind == MoveKind::EnPassant
            || matches!(mv.kind, MoveKind::Castle(_))
            || self.royals.contains(mv.from)
            || self.pinned.contains(mv.from)
            || self.lines.contains(mv.from)
            || self.lines.contains(mv.to)
            || (self.royal_promotions && mv.promotion.is_some())
            || mv
                .wall()
                .is_some_and(|sq| self.walls_move || self.lines.contains(sq))
            || (self.every_drop && matches!(mv.kind, MoveKind::Drop(_)))
    }
}

/// Which moves could give check, where checks are forbidden.
enum CheckRisk {
    /// Checks are allowed.
    None,
    /// Every move could: each is played to find out.
    Every,
    /// A plain move or drop could only by landing on `to` or leaving
    /// `from`; any other kind of move could.
    Some { to: SquareSet, from: SquareSet },
}

impl CheckRisk {
    #[inline]
    fn may_give_check(&self, mv: Move) -> bool {
        match self {
            CheckRisk::None => false,
            CheckRisk::Every => true,
            CheckRisk::Some { to, from } => {
                !matches!(
                    mv.kind,
                    MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Drop(_)
                ) || mv.gate.is_some()
                    || to.contains(mv.to)
                    || from.contains(mv.from)
            }
        }
    }
}

/// `restrict King: in check only take the checker` (Makpong): while the
/// side to move is in check, a move of such a piece is legal only if it
/// captures the one piece giving check (none in a double check).
#[inline]
fn keep_checker_captures_if_checked(pos: &Position, out: &mut Vec<Move>) {
    if !pos.variant.some_piece_only_takes_checker || !pos.is_check() {
        return;
    }
    let us = pos.side;
    let checkers = pos.checkers();
    let checker = (checkers.len() == 1)
        .then(|| checkers.iter().next())
        .flatten();
    out.retain(|&mv| {
        let restricted = !matches!(mv.kind, MoveKind::Drop(_))
            && pos
                .piece_at(mv.from)
                .is_some_and(|p| *pos.variant.piece(p.kind).only_takes_checker.get(us));
        !restricted || (Some(mv.to) == checker && mv.kind != MoveKind::EnPassant)
    });
}

/// `captures compulsory`: of all the legal moves `out`, only the captures
/// if there is one.
#[inline]
fn keep_captures_if_compulsory(pos: &Position, out: &mut Vec<Move>) {
    if pos.variant.compulsory_capture && out.iter().any(|&mv| pos.is_capture(mv)) {
        out.retain(|&mv| pos.is_capture(mv));
    }
}

/// `drops compulsory`: of all the legal moves `out`, only the drops if
/// there is one.
#[inline]
fn keep_drops_if_compulsory(pos: &Position, out: &mut Vec<Move>) {
    if pos.variant.hands.as_ref().is_some_and(|h| h.compulsory) && out.iter().any(is_drop) {
        out.retain(is_drop);
    }
}

fn is_drop(mv: &Move) -> bool {
    matches!(mv.kind, MoveKind::Drop(_))
}

/// Whether `mv` (pseudo-legal, played by `side`) leaves every royal piece
/// of `side` unattacked: it is played on `board` and taken back.
///
/// A gating move must be legal without its gating piece too: the piece
/// entering may not block a check or stand in for a pinned piece (the
/// S-Chess rules, and Fairy-Stockfish), nor, as a hopper's screen, expose
/// a royal piece. So must a move that places a wall (Fairy-Stockfish
/// judges a king's safety without it), but the duck's, judged with the
/// duck alone ([`duck_leaves_royals_safe`]).
#[inline(always)]
fn leaves_royals_safe(
    board: &mut Board,
    variant: &Variant,
    unmoved: &SquareSet,
    side: Color,
    victim: Square,
    mv: Move,
) -> bool {
    if mv.gate.is_some() {
        return gating_leaves_royals_safe(board, variant, unmoved, side, victim, mv);
    }
    played_leaves_royals_safe(board, variant, unmoved, side, victim, mv)
}

/// [`leaves_royals_safe`] for a gating move: without its piece, then with it.
#[cold]
#[inline(never)]
fn gating_leaves_royals_safe(
    board: &mut Board,
    variant: &Variant,
    unmoved: &SquareSet,
    side: Color,
    victim: Square,
    mv: Move,
) -> bool {
    if variant.walls_move() {
        return duck_leaves_royals_safe(board, variant, unmoved, side, victim, mv);
    }
    let without = Move { gate: None, ..mv };
    played_leaves_royals_safe(board, variant, unmoved, side, victim, without)
        && played_leaves_royals_safe(board, variant, unmoved, side, victim, mv)
}

/// [`leaves_royals_safe`] for a move that moves the duck (`walls duck`):
/// judged with the duck on its new square only, as Fairy-Stockfish judges
/// pseudo-royal pieces, so that it may shield one.
fn duck_leaves_royals_safe(
    board: &mut Board,
    variant: &Variant,
    unmoved: &SquareSet,
    side: Color,
    victim: Square,
    mv: Move,
) -> bool {
    let old = board.walls;
    for sq in old.iter() {
        board.take_wall(sq);
    }
    let safe = played_leaves_royals_safe(board, variant, unmoved, side, victim, mv);
    for sq in old.iter() {
        board.put_wall(sq);
    }
    safe
}

/// [`leaves_royals_safe`] for the move as it is, gating piece included.
#[inline(always)]
fn played_leaves_royals_safe(
    board: &mut Board,
    variant: &Variant,
    unmoved: &SquareSet,
    side: Color,
    victim: Square,
    mv: Move,
) -> bool {
    let no_check = variant.checks_forbidden || forbids_check(variant, board, side, mv);
    let last = last_of_groups(board, variant, side, mv);
    let undo = board.play(variant, side, victim, mv);
    let gives_forbidden_check =
        no_check && board.is_royal_attacked(variant, unmoved, side.opposite());
    let safe = !gives_forbidden_check
        && !board.is_royal_attacked(variant, unmoved, side)
        && last.iter().all(|sq| {
            board.squares[sq.index()] != 0
                && !board.is_attacked(variant, unmoved, sq, side.opposite())
        });
    board.unplay(variant, victim, mv, undo);
    safe
}

/// Where, after `mv`, the pieces stand that were `side`'s last of a royal
/// group (`check when the last …`) before it: royal through the move, so
/// that a promotion or a drop making a second one does not lift a check
/// (as Fairy-Stockfish judges pseudo-royal pieces by their count before
/// the move); a piece dropped into a group with at most one is one too.
fn last_of_groups(board: &Board, variant: &Variant, side: Color, mv: Move) -> SquareSet {
    let mut last = SquareSet::EMPTY;
    for group in variant.royal_groups.iter().filter(|g| !g.every) {
        let members = board.royal_group_members(group, side);
        if members.len() > 1 {
            continue;
        }
        for sq in members.iter() {
            let to = match mv.kind {
                MoveKind::Castle(rule) => variant.castling[rule as usize].king_to,
                _ if sq == mv.from => mv.to,
                _ => sq,
            };
            last.insert(to);
        }
        if let MoveKind::Drop(kind) = mv.kind {
            if group.kinds >> kind.0 & 1 != 0 {
                last.insert(mv.to);
            }
        }
    }
    last
}

/// Whether `mv`, about to be played by `side` on `board`, is a standing
/// promotion that may not give check (`never checking`), or a drop that
/// may not (`no-check`).
#[inline]
fn forbids_check(variant: &Variant, board: &Board, side: Color, mv: Move) -> bool {
    match mv.kind {
        MoveKind::Promote => Piece::from_board_code(board[mv.from.index()])
            .is_some_and(|p| variant.promotion.standing_never_checks(side, p.kind)),
        MoveKind::Drop(kind) => variant
            .hands
            .as_ref()
            .is_some_and(|h| h.no_check[kind.0 as usize]),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::compile_path;
    use crate::vm::moves::{Move, MoveKind};
    use crate::vm::position::Position;

    /// Plays `plies` moves picked by a fixed pseudo-random sequence,
    /// checking at each position that the one-move and per-square queries
    /// agree with the full list of legal moves; returns the number of
    /// moves checked.
    fn queries_agree(script: &str, plies: usize) -> usize {
        let path = format!("{}/scripts/{script}.variant", env!("CARGO_MANIFEST_DIR"));
        let variant = compile_path(&path).unwrap_or_else(|e| panic!("{script}: {e:?}"));
        let mut pos = Position::start(&variant);
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut checked = 0;
        for _ in 0..plies {
            let legal = pos.legal_moves().expect("no hook fails");
            let mut pseudo: Vec<Move> = Vec::new();
            pos.pseudo_legal_moves(&mut pseudo);
            for &mv in &pseudo {
                assert_eq!(
                    pos.is_legal(mv),
                    Ok(legal.contains(&mv)),
                    "{script}: {mv:?} in {pos:?}"
                );
                checked += 1;
            }
            for sq in variant.geometry.squares().iter() {
                // Drops start on no square: they are not "moves from" one.
                let from: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| m.from == sq && !matches!(m.kind, MoveKind::Drop(_)))
                    .collect();
                assert_eq!(pos.legal_moves_from(sq), Ok(from), "{script}: from {sq:?}");
                let to: Vec<Move> = legal.iter().copied().filter(|m| m.to == sq).collect();
                assert_eq!(pos.legal_moves_to(sq), Ok(to), "{script}: to {sq:?}");
            }
            if legal.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = legal[(seed % legal.len() as u64) as usize];
            pos.try_play(mv).expect("a legal move plays");
        }
        checked
    }

    #[test]
    fn one_move_and_per_square_queries_agree_with_the_legal_moves() {
        for script in [
            "chess",
            "fairy-stockfish/xiangqi",
            "fairy-stockfish/atomic",
            "fairy-stockfish/3check",
            "berolina",
            "fairy-stockfish/crazyhouse",
        ] {
            let checked = queries_agree(script, 60);
            assert!(checked > 600, "{script}: only {checked} moves checked");
        }
    }
}
