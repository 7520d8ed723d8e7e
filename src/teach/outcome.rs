//! How a game ended, in words: the VM reports a structured
//! [`EndReason`]; the front-ends print what [`describe`] writes.

use crate::ir::piece::Color;
use crate::ir::rule::ConnectShape;
use crate::ir::Variant;
use crate::vm::{EndReason, Outcome, Position};

/// Says why a game ended (`checkmate`, `White's King reached the region
/// `hill``, a game-end hook's own words …).
pub fn describe_reason(variant: &Variant, reason: &EndReason) -> String {
    match reason {
        EndReason::Checkmate => "checkmate".to_string(),
        EndReason::CheckmateBy => format!(
            "checkmate by {} alone",
            kinds_phrase(
                variant,
                variant
                    .game_end
                    .checkmate_by
                    .as_ref()
                    .map_or(0, |r| r.kinds)
            )
        ),
        EndReason::CheckmateWithout => format!(
            "checkmate with no check by {} in the checks that led to it",
            kinds_phrase(
                variant,
                variant
                    .game_end
                    .mating_checks
                    .as_ref()
                    .map_or(0, |r| r.kinds)
            )
        ),
        EndReason::Stalemate => "stalemate".to_string(),
        EndReason::StalemateCounted { pieces, against } => format!(
            "stalemate with {pieces} {} against {against}",
            plural(*pieces, "piece")
        ),
        EndReason::MoveRule => format!("{}-move rule", variant.game_end.move_rule.unwrap_or(50)),
        EndReason::Counting { moves } => format!("the count of {moves} moves ran out"),
        EndReason::Repetition => format!(
            "{}-fold repetition",
            variant.game_end.repetition.unwrap_or(3)
        ),
        EndReason::PerpetualCheck { side } => format!(
            "perpetual check by {} ({}-fold repetition)",
            variant.side_name(*side),
            variant.game_end.repetition.unwrap_or(3)
        ),
        EndReason::Chasing { side } => format!(
            "perpetual chase by {} ({}-fold repetition)",
            variant.side_name(*side),
            variant.game_end.repetition.unwrap_or(3)
        ),
        EndReason::OnlyPromotions { side } => format!(
            "{} could only promote, with {} alone left",
            variant.side_name(*side),
            variant
                .game_end
                .promotions_only
                .as_ref()
                .map(|r| {
                    let names: Vec<&str> = r
                        .kinds
                        .iter()
                        .map(|&k| variant.piece(k).name.as_str())
                        .collect();
                    names.join(" and ")
                })
                .unwrap_or_default()
        ),
        EndReason::RoyalExploded { side } => {
            format!("{}'s royal piece was blown up", variant.side_name(*side))
        }
        EndReason::Castled { side } => format!("{} castled", variant.side_name(*side)),
        EndReason::CastlingLost { side } => {
            format!("{} can no longer castle to win", variant.side_name(*side))
        }
        EndReason::ChecksGiven { side, checks } => {
            format!("{} gave {checks} checks", variant.side_name(*side))
        }
        EndReason::PiecesLost { side, kind, left } => {
            let side = variant.side_name(*side);
            match (kind, left) {
                (None, 0) => format!("{side} has no piece left"),
                (None, n) => format!("{side} has only {n} {} left", plural(*n, "piece")),
                (Some(k), 0) => format!("{side} has lost every {}", variant.piece(*k).name),
                (Some(k), n) => format!(
                    "{side} has only {n} {} left",
                    plural(*n, &variant.piece(*k).name)
                ),
            }
        }
        EndReason::GoalReached {
            side,
            kind,
            square,
            region,
        } => format!(
            "{}'s {} reached {}",
            variant.side_name(*side),
            variant.piece(*kind).name,
            region.as_deref().map_or_else(
                || variant.geometry.name(*square),
                |n| format!("the region `{n}`")
            )
        ),
        EndReason::Connected { side, rule } => connected(variant, *side, *rule),
        EndReason::BoardFull => "the board is full".to_string(),
        EndReason::BothPassed => "both sides passed".to_string(),
        EndReason::BackAndForth { side } => format!(
            "{} moved a piece back and forth once too often",
            variant.side_name(*side)
        ),
        EndReason::RoyalsFacing => {
            "a side passed with the royal pieces facing each other".to_string()
        }
        EndReason::Hook { message } => message.clone(),
    }
}

/// "White connected 4 in a row" (`connecting …`, the variant's rule `rule`).
fn connected(variant: &Variant, side: Color, rule: usize) -> String {
    let shape = match variant.game_end.connects.get(rule).map(|r| &r.shape) {
        Some(ConnectShape::Row(n)) => format!("{n} in a row"),
        Some(ConnectShape::Line(n)) => format!("{n} on one line"),
        Some(ConnectShape::Block(files, ranks)) => format!("a {files} x {ranks} block"),
        Some(ConnectShape::Chain { from, to }) => format!(
            "a chain from {} to {}",
            crate::teach::explain::describe_squares(variant, from.get(side)),
            crate::teach::explain::describe_squares(variant, to.get(side))
        ),
        None => "its pieces".to_string(),
    };
    format!("{} connected {shape}", variant.side_name(side))
}

/// Says how a game stands or ended, with the result (`checkmate, White
/// wins (1-0)`).
pub fn describe(pos: &Position, outcome: &Outcome) -> String {
    let variant = pos.variant();
    match outcome {
        Outcome::Ongoing => "the game goes on".to_string(),
        Outcome::Decisive { winner, reason } => {
            let score = if *winner == Color::White {
                "1-0"
            } else {
                "0-1"
            };
            format!(
                "{}, {} wins ({score})",
                describe_reason(variant, reason),
                variant.side_name(*winner)
            )
        }
        Outcome::Draw { reason } => {
            format!("{}, draw (1/2-1/2)", describe_reason(variant, reason))
        }
    }
}

/// The kinds of a bit set of kinds, as `a Knight, Rook or Bers`.
fn kinds_phrase(variant: &Variant, kinds: u64) -> String {
    let names: Vec<String> = variant
        .kind_names(kinds)
        .into_iter()
        .map(String::from)
        .collect();
    format!("a {}", crate::teach::explain::join_or(&names))
}

/// `piece` or `pieces` (`King`, `Kings`) for a count.
fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}
