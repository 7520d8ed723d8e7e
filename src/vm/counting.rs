//! Makruk's counting rules (`counting board …`, `counting bare …`): the
//! running count, started and restarted after each move exactly as
//! Fairy-Stockfish does for its `countingRule` (`Position::do_move` and
//! `count_limit` in its position.cpp), and whether it has run out.

use crate::ir::piece::{Color, Piece, PieceKind};
use crate::ir::rule::Counting;
use crate::vm::position::Position;

/// A running count, in plies (FEN writes the limit in place of the en
/// passant field and the count in place of the halfmove clock, as
/// Fairy-Stockfish does).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// The plies the count may reach; 0: no count is running.
    pub limit: u32,
    /// The plies counted so far.
    pub ply: u32,
}

impl Count {
    /// Whether a count is running.
    #[inline]
    pub fn is_running(self) -> bool {
        self.limit > 0
    }
}

impl Position {
    /// The running count of a variant with counting rules (None when no
    /// count is running).
    pub fn count(&self) -> Option<Count> {
        self.count.is_running().then_some(self.count)
    }

    /// Whether the running count has passed its limit (the game is drawn,
    /// unless the side to move is checkmated).
    pub fn count_has_run_out(&self) -> bool {
        self.count.is_running() && self.count.ply > self.count.limit
    }

    /// After a move (the side to move already switched): counts the ply and
    /// starts or restarts a count. `captured` is the captured piece's code
    /// (0: none), `promoted` whether the move promoted.
    pub(crate) fn advance_count(&mut self, captured: u8, promoted: bool) {
        let variant = self.variant.clone();
        let Some(rules) = &variant.game_end.counting else {
            return;
        };
        if self.count.is_running() {
            self.count.ply = self.count.ply.saturating_add(1);
        }
        let mover = self.side.opposite();
        let on_board = self.board.by_color.white.len() + self.board.by_color.black.len();
        let on_board = on_board as u32;
        // The bare side's own capture took the last piece that stops its
        // count: it counts from the pieces at once.
        if let Some(bare) = rules.bare.as_ref().filter(|b| b.from_pieces) {
            if captured != 0
                && bare
                    .unless_on_board
                    .contains(&Piece::from_code(captured).kind)
                && self.pieces_of(mover).len() == 1
            {
                let moves = self.count_limit(rules, mover);
                if moves > 0 {
                    self.count = Count {
                        limit: 2 * moves,
                        ply: (2 * on_board).saturating_sub(1),
                    };
                }
            }
        }
        let side = self.side;
        let bare_now = self.pieces_of(side).len() == 1;
        if !self.count.is_running() || ((captured != 0 || promoted) && bare_now) {
            let moves = self.count_limit(rules, side);
            if moves > 0 {
                let from_pieces = rules.bare.as_ref().is_some_and(|b| b.from_pieces);
                self.count = Count {
                    limit: 2 * moves,
                    ply: if from_pieces && bare_now {
                        2 * on_board
                    } else {
                        0
                    },
                };
            }
        }
    }

    /// The limit in moves of a count `side` would start now (0: none).
    fn count_limit(&self, rules: &Counting, side: Color) -> u32 {
        let other = side.opposite();
        if self.pieces_of(other).len() == 1 {
            return 0;
        }
        let own = self.pieces_of(side).len() as u32;
        if own > 1 {
            return match &rules.board {
                Some(b)
                    if !self.any_on_board(&b.unless_on_board)
                        && b.at_most_pieces.is_none_or(|n| own <= n) =>
                {
                    b.moves
                }
                _ => 0,
            };
        }
        let Some(bare) = &rules.bare else {
            return 0;
        };
        if self.any_on_board(&bare.unless_on_board) {
            return 0;
        }
        bare.limits
            .iter()
            .find(|l| self.count_on_board(other, l.kind) >= l.at_least)
            .map(|l| l.moves)
            .or(bare.otherwise)
            .unwrap_or(0)
    }

    /// Whether a piece of one of `kinds`, of either side, is on the board.
    fn any_on_board(&self, kinds: &[PieceKind]) -> bool {
        if kinds.is_empty() {
            return false;
        }
        self.occupied()
            .iter()
            .any(|sq| kinds.contains(&Piece::from_code(self.board[sq.index()]).kind))
    }
}
