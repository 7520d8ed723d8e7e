//! Which checkmates count (`checkmate by Knight alone wins`, `checkmate
//! draws unless its checks include Knight, Rook, Bers`): the run of checks
//! each side has given, kept after every move, and the result of a
//! checkmate by those rules, as Fairy-Stockfish scores Shatar's mates (its
//! `shatarMateRule` in `Position::checkmate_value`: a mate by knights alone
//! loses for the side giving it; any other counts only if one check of the
//! unbroken series that led to it was a "shak", a check by a knight, rook
//! or bers, and is otherwise a draw).

use crate::ir::piece::{Color, Piece};
use crate::ir::rule::GameResult;
use crate::vm::outcome::EndReason;
use crate::vm::position::Position;

/// The checks a side has given in a row, up to its last move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CheckRun {
    /// Its last move gave no check (or no move of the game is known).
    #[default]
    Broken,
    /// Each of its moves since the run began gave check, none by a piece
    /// of the kinds the rule names.
    Plain,
    /// As `Plain`, and one of those checks was given by a piece of the
    /// kinds named.
    Named,
}

impl Position {
    /// The runs of checks when a game starts here: the side that just
    /// moved has given the check the side to move is in, if it is; nothing
    /// before is known (Fairy-Stockfish looks no further back than the
    /// moves it was given).
    pub(crate) fn start_check_runs(&mut self) {
        if self.variant.game_end.mating_checks.is_some() {
            let run = self.check_run_after(CheckRun::Broken);
            *self.check_runs.get_mut(self.side.opposite()) = run;
        }
        if self.variant.game_end.perpetual_check {
            *self.checks_in_a_row.get_mut(self.side.opposite()) = u32::from(self.is_check());
        }
    }

    /// After a move (the side to move already switched): the mover's run
    /// goes on if it gives check, and breaks if not.
    #[inline]
    pub(crate) fn advance_check_run(&mut self) {
        let mover = self.side.opposite();
        if self.variant.game_end.mating_checks.is_some() {
            let run = self.check_run_after(*self.check_runs.get(mover));
            *self.check_runs.get_mut(mover) = run;
        }
        if self.variant.game_end.perpetual_check {
            let in_check = self.is_check();
            let checks = self.checks_in_a_row.get_mut(mover);
            *checks = if in_check {
                checks.saturating_add(1)
            } else {
                0
            };
        }
    }

    /// The run of the side that just moved, which was `before`, now.
    fn check_run_after(&self, before: CheckRun) -> CheckRun {
        let Some(rule) = &self.variant.game_end.mating_checks else {
            return CheckRun::Broken;
        };
        if !self.is_check() {
            return CheckRun::Broken;
        }
        if before == CheckRun::Named || self.checked_only_by(rule.kinds) != CheckedBy::Others {
            CheckRun::Named
        } else {
            CheckRun::Plain
        }
    }

    /// Which pieces give the check the side to move is in, against the
    /// kinds `kinds` (a bit per kind).
    fn checked_only_by(&self, kinds: u64) -> CheckedBy {
        let mut named = false;
        let mut others = false;
        for sq in self.checkers().iter() {
            let kind = Piece::from_code(self.board[sq.index()]).kind;
            if kinds >> kind.0 & 1 != 0 {
                named = true;
            } else {
                others = true;
            }
        }
        match (named, others) {
            (true, false) => CheckedBy::OnlyThose,
            (true, true) => CheckedBy::Some,
            _ => CheckedBy::Others,
        }
    }

    /// What being checkmated here means for the side to move, `result`
    /// unless a rule on which checkmates count says otherwise, and why.
    pub(crate) fn checkmate_result(&self, result: GameResult) -> (GameResult, EndReason) {
        let rules = &self.variant.game_end;
        if let Some(by) = &rules.checkmate_by {
            if self.checked_only_by(by.kinds) == CheckedBy::OnlyThose {
                return (by.result, EndReason::CheckmateBy);
            }
        }
        if let Some(rule) = &rules.mating_checks {
            if *self.check_runs.get(self.side.opposite()) != CheckRun::Named {
                return (rule.result, EndReason::CheckmateWithout);
            }
        }
        (result, EndReason::Checkmate)
    }

    /// The run of checks `side` has given up to its last move
    /// (`checkmate … unless its checks include …`; always broken in a
    /// variant without that rule).
    pub fn check_run(&self, side: Color) -> CheckRun {
        *self.check_runs.get(side)
    }
}

/// Which pieces give check, against the kinds a rule names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CheckedBy {
    /// Pieces of those kinds only.
    OnlyThose,
    /// Some of those kinds, and others.
    Some,
    /// None of those kinds (or no check).
    Others,
}
