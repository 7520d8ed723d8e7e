//! `facing royals …` (Janggi's bikjang): while the two sides' royal
//! pieces face each other on a rank or file with nothing between them,
//! the side to move must break the facing or pass (`pass allowed`; it may
//! pass even in check), and a pass that leaves them facing ends the game.

use crate::ir::Variant;
use crate::vm::board::Board;
use crate::vm::moves::{Move, MoveKind};
use crate::vm::position::Position;

/// Whether the board's royal pieces, one a side, face each other on a rank
/// or file with no piece between them.
pub(crate) fn royals_face(variant: &Variant, board: &Board) -> bool {
    let (Some(white), Some(black)) = (board.royals.white.first(), board.royals.black.first())
    else {
        return false;
    };
    let g = &variant.geometry;
    if g.file_of(white) != g.file_of(black) && g.rank_of(white) != g.rank_of(black) {
        return false;
    }
    g.squares_between(white, black)
        .iter()
        .all(|sq| board.squares[sq.index()] == 0)
}

impl Position {
    /// Whether the royal pieces face each other now, under `facing royals`.
    pub(crate) fn royals_facing(&self) -> bool {
        self.variant.game_end.facing_royals.is_some() && royals_face(&self.variant, &self.board)
    }

    /// `facing royals`: while the royal pieces face each other, keeps only
    /// the moves among `out` that break the facing (the pass is added
    /// later).
    pub(crate) fn keep_breaking_facing(&self, out: &mut Vec<Move>) {
        if !self.royals_facing() {
            return;
        }
        let mut board = self.board;
        out.retain(|&mv| {
            if mv.kind == MoveKind::Pass {
                return true;
            }
            let victim = self.victim_square(mv);
            let undo = board.play(&self.variant, self.side, victim, mv);
            let faces = royals_face(&self.variant, &board);
            board.unplay(&self.variant, victim, mv, undo);
            !faces
        });
    }
}
