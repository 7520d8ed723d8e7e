//! `moving back and forth loses` (Janggi modern; Fairy-Stockfish's
//! `moveRepetitionIllegal`): each move played is logged, and a side that,
//! never in check, has moved one piece back and forth between two squares
//! four times in a row, after bringing it to the first by a move that took
//! nothing, gets the rule's result with its next such move. A pass may
//! stand for its second-to-last move. Judged as Fairy-Stockfish's
//! `is_optional_game_end` does, over the plies since the last capture.

use crate::ir::geometry::Square;
use crate::ir::piece::{Color, Piece};
use crate::vm::moves::{Move, MoveKind};
use crate::vm::position::Position;

/// One move of the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    pub(crate) from: Square,
    pub(crate) to: Square,
    /// A move of a piece from one square to another (not a pass, drop,
    /// castling or the engine's null move).
    pub(crate) normal: bool,
    /// A pass.
    pub(crate) pass: bool,
    /// It captured.
    pub(crate) captured: bool,
    /// Its side was in check before it.
    pub(crate) checked_before: bool,
    /// The moving piece's code (0 for none).
    pub(crate) code: u8,
}

impl Step {
    /// The log's step for `mv`, about to be played by the piece `code`.
    pub(crate) fn of(mv: Move, code: u8, checked_before: bool) -> Step {
        Step {
            from: mv.from,
            to: mv.to,
            normal: matches!(mv.kind, MoveKind::Normal | MoveKind::DoubleStep) && mv.from != mv.to,
            pass: mv.kind == MoveKind::Pass,
            captured: false,
            checked_before,
            code,
        }
    }

    /// The engine's null move: it breaks every run.
    pub(crate) fn null() -> Step {
        Step {
            from: Square(0),
            to: Square(0),
            normal: false,
            pass: false,
            captured: false,
            checked_before: false,
            code: 0,
        }
    }

    /// Whether this is `other` played backwards (both normal moves).
    fn reverses(&self, other: &Step) -> bool {
        self.normal && other.normal && self.from == other.to && self.to == other.from
    }
}

impl Position {
    /// Whether the rule is in force (then moves are logged).
    #[inline(always)]
    pub(crate) fn logs_back_and_forth(&self) -> bool {
        self.variant.game_end.back_and_forth.is_some()
    }

    /// The side that has just moved a piece back and forth once too often,
    /// if any: the side not to move (Fairy-Stockfish's repetition loop,
    /// `moveRepetition`, over the plies since the last capture).
    pub(crate) fn back_and_forth_side(&self) -> Option<Color> {
        let rule = self.variant.game_end.back_and_forth?;
        let log = &self.shuffles;
        let n = log.len();
        let end = (self.halfmoves as usize).min(n);
        if end < 4 {
            return None;
        }
        // m(k): the move that led to position k (the current one is n).
        let m = |k: usize| &log[k - 1];
        // checked(j): the side to move in position j was in check.
        let checked = |j: usize| log[j].checked_before;
        let them = self.side.opposite();
        let last = m(n);
        let free = *rule.free.get(them);
        let kind = Piece::from_code(last.code).kind;
        if !last.normal || checked(n - 1) || checked(n - 3) || free >> kind.0 & 1 != 0 {
            return None;
        }
        let mut run = if m(n - 2).reverses(last) {
            2
        } else if m(n - 2).pass {
            1
        } else {
            return None;
        };
        let mut i = 4;
        while i <= end {
            if i < end && checked(n - i - 1) {
                return None;
            }
            if n == i {
                // Before the first move played: no move to compare.
                return None;
            }
            if run < 4 {
                let against = if run == 1 { m(n) } else { m(n - i + 2) };
                if !m(n - i).reverses(against) {
                    return None;
                }
                run += 1;
            } else {
                let arrived = m(n - i);
                return (!arrived.captured && m(n - i + 2).from == arrived.to).then_some(them);
            }
            i += 2;
        }
        None
    }
}
