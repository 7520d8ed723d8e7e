//! How a game stands: ongoing, or over and why.

use crate::ir::piece::{Color, Piece};
use crate::ir::rule::GameResult;
use crate::vm::position::Position;

/// Who wins when `side` meets a rule whose result is `result`; None: a draw.
fn winner_when(side: Color, result: GameResult) -> Option<Color> {
    match result {
        GameResult::Wins => Some(side),
        GameResult::Loses => Some(side.opposite()),
        GameResult::Draws => None,
    }
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The move rule (e.g. fifty moves) ran out.
    MoveRule,
    /// The same position occurred the set number of times.
    Repetition,
    /// A rule of the variant (a goal, the checks to give, a game-end
    /// hook), in its own words.
    Variant(String),
}

/// The state of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// A side won.
    Decisive {
        /// Who.
        winner: Color,
        /// Why.
        reason: EndReason,
    },
    /// Drawn.
    Draw {
        /// Why.
        reason: EndReason,
    },
}

impl Position {
    /// Whether a goal or the checks to give (`reaching hill with King
    /// wins`, `giving 3 checks wins`) end the game here: the winner (None:
    /// a draw) and why. The side that just moved is looked at first.
    pub fn rule_game_end(&self) -> Option<(Option<Color>, String)> {
        let rules = &self.variant.game_end;
        let sides = [self.side.opposite(), self.side];
        if rules.royal_loss {
            for side in sides {
                if self.royals.get(side).is_empty() {
                    let reason = format!("{}'s royal piece was blown up", side_name(side));
                    return Some((Some(side.opposite()), reason));
                }
            }
        }
        if let Some(limit) = rules.check_limit {
            for side in sides {
                if self.counter(limit.counter, side) <= 0 {
                    let reason = format!("{} gave {} checks", side_name(side), limit.checks);
                    return Some((winner_when(side, limit.result), reason));
                }
            }
        }
        for goal in &rules.goals {
            for side in sides {
                let on = goal.squares.get(side).intersection(self.by_color.get(side));
                let reached = on.iter().find(|sq| {
                    goal.kinds
                        .contains(&Piece::from_code(self.board[sq.index()]).kind)
                });
                if let Some(sq) = reached {
                    let v = &self.variant;
                    let kind = Piece::from_code(self.board[sq.index()]).kind;
                    let reason = format!(
                        "{}'s {} reached {}",
                        side_name(side),
                        v.piece(kind).name,
                        goal.region_name
                            .as_deref()
                            .map_or_else(|| v.geometry.name(sq), |n| format!("the region `{n}`"))
                    );
                    return Some((winner_when(side, goal.result), reason));
                }
            }
        }
        None
    }

    /// The game's state in this position.
    pub fn outcome(&self) -> Outcome {
        let rules = &self.variant.game_end;
        if rules.ends_early() {
            if let Some((winner, reason)) = self.rule_game_end() {
                let reason = EndReason::Variant(reason);
                return match winner {
                    Some(winner) => Outcome::Decisive { winner, reason },
                    None => Outcome::Draw { reason },
                };
            }
        }
        if self.variant.hooks.is_some() {
            if let Some(end) = self.clone().hook_game_end() {
                let reason = EndReason::Variant(end.reason);
                return match end.winner {
                    Some(winner) => Outcome::Decisive { winner, reason },
                    None => Outcome::Draw { reason },
                };
            }
        }
        if self.legal_moves().is_empty() {
            let (result, reason) = match (self.is_check(), rules.checkmate) {
                (true, Some(r)) => (r, EndReason::Checkmate),
                _ => (rules.stalemate, EndReason::Stalemate),
            };
            return match result {
                GameResult::Wins => Outcome::Decisive {
                    winner: self.side,
                    reason,
                },
                GameResult::Loses => Outcome::Decisive {
                    winner: self.side.opposite(),
                    reason,
                },
                GameResult::Draws => Outcome::Draw { reason },
            };
        }
        if let Some(n) = rules.move_rule {
            if self.halfmoves >= 2 * n {
                return Outcome::Draw {
                    reason: EndReason::MoveRule,
                };
            }
        }
        if let Some(n) = rules.repetition {
            if self.repetitions() >= n {
                return Outcome::Draw {
                    reason: EndReason::Repetition,
                };
            }
        }
        Outcome::Ongoing
    }

    /// How many times the current position has occurred (1 if never before),
    /// looking back only as far as the last irreversible move.
    pub fn repetitions(&self) -> u32 {
        let back = (self.halfmoves as usize).min(self.history.len());
        let recent = &self.history[self.history.len() - back..];
        1 + recent
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|h| **h == self.hash)
            .count() as u32
    }
}
