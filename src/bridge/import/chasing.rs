//! FS's `chasingRule = axf` (xiangqi's rule on chasing) as `chasing
//! loses: …`. FS judges chases by its own xiangqi types: a horse or
//! cannon outranks a rook, an elephant or fers outranks a rook, cannon or
//! horse, a soldier is chased only from `soldierPromotionRank` on and
//! never chases by its own move, and the king is never chased. The
//! clauses name the section's pieces of those types.

use std::fmt::Write as _;

use super::{in_game, named, piece_name, rank_set, region_text, Board, Options, Squares};
use crate::bridge::ImportError;

/// The types FS's chasing rule knows: it looks for uncovered attacks of
/// the horse, elephant, cannon and rook alone, and leaves out the line a
/// rook or cannon moved along, which varia's rule does for any piece.
const XIANGQI_TYPES: [&str; 7] = [
    "king", "rook", "horse", "cannon", "elephant", "fers", "soldier",
];

/// FS's outranking pairs: the chasers' types, and the types they outrank.
const OUTRANKS: [(&[&str], &[&str]); 2] = [
    (&["horse", "cannon"], &["rook"]),
    (&["elephant", "fers"], &["rook", "cannon", "horse"]),
];

/// `chasing loses: …` for `chasingRule = axf`, where the section has a
/// repetition rule to judge it by; nothing without the rule.
pub(super) fn write_chasing(
    options: &Options,
    board: &Board,
    out: &mut String,
) -> Result<(), ImportError> {
    let rule = options.text("chasingRule", "none");
    match rule.trim() {
        "none" => return Ok(()),
        "axf" => {}
        other => {
            return Err(options.error(
                "chasingRule",
                format!("not a chasing rule FS knows (`axf` or `none`): `{other}`"),
            ))
        }
    }
    if options.number("nFoldRule", 3)? == 0 {
        // FS judges chases only when a repetition ends the game.
        return Ok(());
    }
    if !options
        .resolved
        .pieces
        .iter()
        .any(|p| p.royal && p.key == "king")
        || options.royal_besides_king()
    {
        return Err(options.error(
            "chasingRule",
            "FS's chasing rule spares its king type alone: varia takes it only with that one royal piece",
        ));
    }
    if let Some(other) = options
        .resolved
        .pieces
        .iter()
        .find(|p| !XIANGQI_TYPES.contains(&p.key.as_str()) && in_game(options, p))
    {
        return Err(options.error(
            "chasingRule",
            format!(
                "FS's chasing rule judges xiangqi's piece types alone (king, rook, horse, cannon, elephant, fers, soldier), varia's any piece alike: the section's {} is none of them",
                piece_name(other)
            ),
        ));
    }
    let mut clauses = Vec::new();
    for (chasers, chased) in OUTRANKS {
        let names = |keys: &[&str]| {
            keys.iter()
                .filter_map(|k| named(options, k))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (chasers, chased) = (names(chasers), names(chased));
        if !chasers.is_empty() && !chased.is_empty() {
            clauses.push(format!("{chasers} outrank {chased}"));
        }
    }
    if let Some(soldier) = named(options, "soldier") {
        // FS's promoted soldiers: those from `soldierPromotionRank` on.
        let from = options.number("soldierPromotionRank", 1)?.max(1);
        let far: Squares = (from - 1..board.ranks)
            .flat_map(|r| rank_set(board, r))
            .collect();
        if far.is_empty() {
            return Err(options.error(
                "soldierPromotionRank",
                "past the last rank: under the chasing rule a soldier would never be chased, which varia cannot say",
            ));
        }
        clauses.push(format!(
            "{soldier} chased only in {}",
            region_text(&far, board)
        ));
    }
    if options.flag("pieceDrops", false)? {
        // FS's `chased()` reads a move's from-square, which a drop lacks:
        // it indexes its tables past their end there.
        out.push_str(
            "# FS judges the chases of a drop by reading past its tables (a drop has no\n\
             # from-square); here a dropped piece chases what it attacks, as a moved one does.\n",
        );
    }
    // The side that chases on every move of the repetition loses.
    out.push_str("chasing loses");
    if !clauses.is_empty() {
        let _ = write!(out, ":\n    {}", clauses.join(";\n    "));
    }
    out.push('\n');
    Ok(())
}
