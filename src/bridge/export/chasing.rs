//! Xiangqi's rule on chasing as FS's `chasingRule = axf`. FS judges chases
//! by its own xiangqi types (a horse or cannon outranks a rook, an
//! elephant or fers a rook, cannon or horse; a soldier is chased only from
//! `soldierPromotionRank` on and never chases by its own move), and looks
//! for uncovered attacks of its horse, elephant, cannon and rook alone.
//! So under `chasing loses` every piece is written as one of those types
//! (the royal one as its king, the soldier as `soldier::soldier` finds
//! it), and the script's clauses must be FS's rule over them.

use super::{fs_king, pieces_moving_as, refuse, soldier, ExportError};
use crate::ir::piece::PieceKind;
use crate::ir::rule::Chasing;
use crate::ir::Variant;

/// The types written for the pieces under the rule, beside the king and
/// the soldier.
const CHASING_TYPES: [&str; 5] = ["rook", "horse", "cannon", "elephant", "fers"];

/// FS's outranking: the chasers' types, and the types they outrank.
const OUTRANKS: [(&[&str], &[&str]); 2] = [
    (&["horse", "cannon"], &["rook"]),
    (&["elephant", "fers"], &["rook", "cannon", "horse"]),
];

/// The pieces to write as FS's xiangqi types, with the type's option name:
/// under `chasing …`, each piece moving as one; none without the rule.
pub(super) fn chasing_types(
    variant: &Variant,
) -> Result<Vec<(PieceKind, &'static str)>, ExportError> {
    if variant.game_end.chasing.is_none() {
        return Ok(Vec::new());
    }
    pieces_moving_as(
        variant,
        &CHASING_TYPES,
        "which its chasing rule judges as one type",
    )
}

/// `chasingRule = axf` where every piece is one of FS's xiangqi types and
/// the script's clauses are FS's rule over them; else refused.
pub(super) fn write_chasing(variant: &Variant, out: &mut String) -> Result<(), ExportError> {
    let Some(rule) = &variant.game_end.chasing else {
        return Ok(());
    };
    let types = chasing_types(variant)?;
    let soldier = soldier::soldier(variant);
    let king = fs_king(variant);
    for (index, piece) in variant.pieces.iter().enumerate() {
        let kind = Some(PieceKind(index as u8));
        if kind != king
            && soldier.map(|(k, _)| k) != kind
            && !types.iter().any(|&(k, _)| Some(k) == kind)
        {
            return Err(refuse(
                format!("piece {} {} \"{}\"", piece.name, piece.letter, piece.betza),
                "under `chasing`: Fairy-Stockfish's chasing rule judges its xiangqi types alone (a royal `W` king, rook `R`, horse `nN`, cannon `mRcpR`, elephant `nA`, fers `F`, soldier `fW`), and this piece moves as none of them",
            ));
        }
    }
    let fs = expected(variant, &types, soldier);
    if rule.outranks != fs.outranks || rule.only_in != fs.only_in {
        return Err(refuse(
            "chasing",
            "Fairy-Stockfish's `chasingRule = axf` has its own clauses: horse and cannon outrank the rook, elephant and fers outrank rook, cannon and horse, and a soldier is chased only where it steps sideways; the script's clauses differ",
        ));
    }
    out.push_str("chasingRule = axf\n");
    Ok(())
}

/// FS's rule in varia's words, over the pieces written as its types.
fn expected(
    variant: &Variant,
    types: &[(PieceKind, &str)],
    soldier: Option<(PieceKind, i32)>,
) -> Chasing {
    let kinds = |keys: &[&str]| -> Vec<PieceKind> {
        types
            .iter()
            .filter(|(_, key)| keys.contains(key))
            .map(|&(kind, _)| kind)
            .collect()
    };
    let mut outranks = vec![0u64; variant.pieces.len()];
    for (chasers, chased) in OUTRANKS {
        for chaser in kinds(chasers) {
            for victim in kinds(chased) {
                outranks[chaser.0 as usize] |= 1 << victim.0;
            }
        }
    }
    let only_in: Vec<_> = soldier
        .map(|(kind, rank)| (kind, soldier::promoted_zone(variant, rank)))
        .into_iter()
        .collect();
    Chasing {
        outranks,
        only_in,
        region_names: Vec::new(),
    }
}
