//! Shatar's checkmate rules as FS's `shatarMateRule`: a checkmate by
//! knights alone wins for the side mated (`checkmate by Knight alone
//! wins`), and one whose run of checks had no check by a knight, rook or
//! bers is a draw (`checkmate draws unless its checks include Knight,
//! Rook, Bers`). FS judges both by its own `knight`, `rook` and `bers`
//! types, so the pieces that move as those are written as them.

use std::fmt::Write as _;

use super::{pieces_moving_as, refuse, ExportError};
use crate::ir::piece::PieceKind;
use crate::ir::rule::GameResult;
use crate::ir::Variant;

/// FS's types whose checks are a shak.
const SHAK: [&str; 3] = ["knight", "rook", "bers"];

/// The pieces to write as FS's `knight`, `rook` and `bers` for its
/// `shatarMateRule` (none without Shatar's checkmate rules): each piece
/// that moves as one of them. A type two pieces move as is refused.
pub(super) fn shak_types(variant: &Variant) -> Result<Vec<(PieceKind, &'static str)>, ExportError> {
    let rules = &variant.game_end;
    if rules.checkmate_by.is_none() && rules.mating_checks.is_none() {
        return Ok(Vec::new());
    }
    pieces_moving_as(
        variant,
        &SHAK,
        "whose checks its shatarMateRule judges as one type",
    )
}

/// `shatarMateRule = true` where the script's checkmate rules are FS's
/// over the pieces written as its types: both of them, a plain checkmate
/// that loses, a knight among the pieces; else refused.
pub(super) fn write_shatar_mate(variant: &Variant, out: &mut String) -> Result<(), ExportError> {
    let rules = &variant.game_end;
    if rules.checkmate_by.is_none() && rules.mating_checks.is_none() {
        return Ok(());
    }
    let types = shak_types(variant)?;
    let bit = |key: &str| {
        types
            .iter()
            .find(|(_, k)| *k == key)
            .map_or(0, |(kind, _)| 1u64 << kind.0)
    };
    let knight = bit("knight");
    let shaks = SHAK.iter().fold(0, |all, key| all | bit(key));
    let by_knight = rules
        .checkmate_by
        .as_ref()
        .is_some_and(|by| by.kinds == knight && by.result == GameResult::Wins);
    let shak = rules
        .mating_checks
        .as_ref()
        .is_some_and(|m| m.kinds == shaks && m.result == GameResult::Draws);
    if knight == 0 || !by_knight || !shak || rules.checkmate != Some(GameResult::Loses) {
        return Err(refuse(
            "checkmate by … alone",
            "Fairy-Stockfish's shatarMateRule says both of Shatar's rules at once, for its own types: `checkmate by Knight alone wins` and `checkmate draws unless its checks include Knight, Rook, Bers`, with the pieces that move as `N`, `R` and `RF` and a checkmate that loses",
        ));
    }
    let _ = writeln!(out, "shatarMateRule = true");
    Ok(())
}
