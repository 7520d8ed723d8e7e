//! FS's `soldier` type (xiangqi's): it steps forward, and sideways too
//! from `soldierPromotionRank` on. varia says it as a piece moving `fW`
//! with `also … "sW" from` the ranks from that one to the last (Manchu's
//! soldier across the river), which the export writes as FS's soldier
//! and its rank.

use std::fmt::Write as _;

use crate::ir::geometry::SquareSet;
use crate::ir::pattern::MovePattern;
use crate::ir::piece::{ByColor, Color, PieceKind};
use crate::ir::Variant;

/// The piece to write as FS's soldier, and the rank (1-based, as each
/// side counts) from which it steps sideways: the one piece moving `fW`
/// whose only other moves are `sW` from the ranks from that one on, for
/// both sides alike.
pub(super) fn soldier(variant: &Variant) -> Option<(PieceKind, i32)> {
    let mut found = variant
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.royal && p.betza.split_whitespace().collect::<String>() == "fW")
        .filter_map(|(k, p)| {
            let sideways: Vec<&MovePattern> = p
                .patterns
                .iter()
                .filter(|m| m.from_region.is_some())
                .collect();
            let [first, rest @ ..] = sideways.as_slice() else {
                return None;
            };
            let rank = sideways_rank(variant, first)?;
            rest.iter()
                .all(|m| sideways_rank(variant, m) == Some(rank))
                .then_some((PieceKind(k as u8), rank))
        });
    let one = found.next()?;
    found.next().is_none().then_some(one)
}

/// The rank an `also … "sW" from R` move starts on, where R is every
/// rank from it to the last as each side counts them.
fn sideways_rank(variant: &Variant, pattern: &MovePattern) -> Option<i32> {
    let plain = pattern.moves
        && pattern.captures
        && !pattern.en_passant
        && !pattern.initial
        && !pattern.royal_only
        && !pattern.unless_in_check
        && pattern.within_region.is_none()
        && pattern.paths.is_empty();
    if !plain || pattern.betza.split_whitespace().collect::<String>() != "sW" {
        return None;
    }
    let region = pattern.from_region?;
    let ranks = i32::from(variant.geometry.ranks());
    (2..=ranks).find(|&rank| region == promoted_zone(variant, rank))
}

/// Each side's ranks from `rank` (1-based, as that side counts) to the
/// last: where FS's soldier steps sideways, its "promoted soldiers".
pub(super) fn promoted_zone(variant: &Variant, rank: i32) -> ByColor<SquareSet> {
    let geometry = &variant.geometry;
    let ranks = i32::from(geometry.ranks());
    let zone = |color: Color| -> SquareSet {
        geometry
            .squares()
            .iter()
            .filter(|&sq| {
                let r = geometry.rank_of(sq);
                let own = if color == Color::White {
                    r
                } else {
                    ranks - 1 - r
                };
                own + 1 >= rank
            })
            .collect()
    };
    ByColor {
        white: zone(Color::White),
        black: zone(Color::Black),
    }
}

/// `soldierPromotionRank`, where a soldier steps sideways from a rank
/// past the first.
pub(super) fn write_rank(variant: &Variant, out: &mut String) {
    if let Some((_, rank)) = soldier(variant) {
        let _ = writeln!(out, "soldierPromotionRank = {rank}");
    }
}
