//! Makruk's, Cambodian and ASEAN chess's counts as FS's `countingRule`: FS counts
//! its own piece types (`pawn`, `rook`, `silver` — the khon — and
//! `knight`), so the pieces a count names are written as those types when
//! they move as them, and the script's `counting` must be FS's rule with
//! them.

use std::fmt::Write as _;

use super::{fs_pawn, pieces_moving_as, refuse, ExportError};
use crate::bridge::fs::{BoardWhen, CountingRule, COUNTING_RULES};
use crate::ir::piece::PieceKind;
use crate::ir::rule::{BareCount, BareLimit, BoardCount, Counting};
use crate::ir::Variant;

/// The FS types FS's counting rules count (its pawn is `fs_pawn`'s).
const COUNTED: [&str; 3] = ["rook", "silver", "knight"];

/// The pieces to write as FS's own counted types, with the type's option
/// name (`rook = r`): for a variant with a count, each piece that moves as
/// `rook`, `silver` or `knight` does (none without a count). A type two
/// pieces move as is refused: FS would count only one of them.
pub(super) fn counted_types(
    variant: &Variant,
) -> Result<Vec<(PieceKind, &'static str)>, ExportError> {
    if variant.game_end.counting.is_none() {
        return Ok(Vec::new());
    }
    pieces_moving_as(variant, &COUNTED, "which its count counts as one type")
}

/// `countingRule = makruk|cambodian|asean` where the script's counts are FS's rule
/// over the pieces written as FS's types; else refused.
pub(super) fn write_counting(
    variant: &Variant,
    types: &[(PieceKind, &'static str)],
    out: &mut String,
) -> Result<(), ExportError> {
    let Some(counting) = &variant.game_end.counting else {
        return Ok(());
    };
    let rule = fs_pawn(variant).and_then(|pawn| {
        COUNTING_RULES
            .iter()
            .find(|rule| expected(rule, pawn, types) == *counting)
    });
    match rule {
        Some(rule) => {
            let _ = writeln!(out, "countingRule = {}", rule.name);
            Ok(())
        }
        None => Err(refuse(
            "counting",
            "Fairy-Stockfish counts by its `makruk`, `cambodian` or `asean` rule only, over its own pawn, rook, khon and knight types: the script's counts are neither with the pieces that move as those",
        )),
    }
}

/// What FS's `rule` counts, in varia's words, with `pawn` for its pawn and
/// `types` for its other counted types (a limit against a type the
/// variant lacks never applies, so it is left out).
fn expected(rule: &CountingRule, pawn: PieceKind, types: &[(PieceKind, &str)]) -> Counting {
    let kind_of = |key: &str| types.iter().find(|(_, k)| *k == key).map(|(kind, _)| *kind);
    let limits: Vec<BareLimit> = rule
        .limits
        .iter()
        .filter_map(|&(moves, at_least, key)| {
            let kind = kind_of(key?)?;
            Some(BareLimit {
                moves,
                at_least,
                kind,
            })
        })
        .collect();
    let otherwise = rule
        .limits
        .iter()
        .find(|(_, _, key)| key.is_none())
        .map(|&(moves, _, _)| moves);
    Counting {
        board: rule.board.as_ref().map(|board| match board.when {
            BoardWhen::NoPawn => BoardCount {
                moves: board.moves,
                unless_on_board: vec![pawn],
                at_most_pieces: None,
            },
            BoardWhen::AtMostPieces(n) => BoardCount {
                moves: board.moves,
                unless_on_board: Vec::new(),
                at_most_pieces: Some(n),
            },
        }),
        bare: (!limits.is_empty() || otherwise.is_some()).then(|| BareCount {
            from_pieces: rule.from_pieces,
            unless_on_board: vec![pawn],
            limits,
            otherwise,
        }),
    }
}
