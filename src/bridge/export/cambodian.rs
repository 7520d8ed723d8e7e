//! Cambodian chess's first moves as FS's `cambodianMoves`: its king
//! (FS's `king` type) may leap as a knight to the rank in front of it,
//! not while in check, until it moves or an enemy rook (FS's `rook`
//! type) moves onto its rank or file; its met (FS's `fers` type) may step
//! two squares straight forward until it moves. FS keeps both in the FEN's
//! castling field (`DEde`), as `first moves of … in FEN` does.

use super::{refuse, ExportError};
use crate::ir::piece::{PieceDef, PieceKind};
use crate::ir::Variant;

/// The pieces FS's `cambodianMoves` is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct CambodianPlan {
    pub king: PieceKind,
    pub met: PieceKind,
    pub rook: PieceKind,
}

impl CambodianPlan {
    /// The kinds written as FS's own types for it.
    pub(super) fn types(&self) -> [(PieceKind, &'static str); 3] {
        [(self.king, "king"), (self.met, "fers"), (self.rook, "rook")]
    }

    /// Whether `kind` has its first moves from `cambodianMoves`.
    pub(super) fn has_first_moves(&self, kind: PieceKind) -> bool {
        kind == self.king || kind == self.met
    }
}

/// FS's `cambodianMoves` for the script's first-move rules, `None` without
/// any: a royal king (`K`) with `also King "ifsmN" unless in check`, its
/// first moves in FEN and lost to one kind moving as a rook (`R`); a met
/// (`F`) with `also Met "ifmD"`, its first moves in FEN; no castling and no
/// other first moves. Anything else is refused by name.
pub(super) fn plan(variant: &Variant) -> Result<Option<CambodianPlan>, ExportError> {
    let with_rules: Vec<usize> = (0..variant.pieces.len())
        .filter(|&k| {
            let p = &variant.pieces[k];
            p.first_moves_in_fen || p.first_moves_lost_to != 0
        })
        .collect();
    let Some(&first) = with_rules.first() else {
        return Ok(None);
    };
    let why = || {
        refuse(
            format!("first moves of {}", variant.pieces[first].name),
            "Fairy-Stockfish keeps first moves in FEN only as Cambodian chess's (`cambodianMoves`): a king's knight leap to the rank in front, not in check, lost to a rook moving onto its rank or file, and a met's two steps forward, without castling",
        )
    };
    let find = |base: &str, extra: &str, royal: bool| {
        with_rules.iter().copied().find(|&k| {
            let p = &variant.pieces[k];
            p.royal == royal && p.first_moves_in_fen && moves_as(p, base, extra, royal)
        })
    };
    let (Some(king), Some(met)) = (find("K", "ifsmN", true), find("F", "ifmD", false)) else {
        return Err(why());
    };
    let rooks: Vec<usize> = (0..variant.pieces.len())
        .filter(|&k| variant.pieces[king].first_moves_lost_to == 1 << k)
        .collect();
    let rook = match rooks.as_slice() {
        [rook] if plain(&variant.pieces[*rook], "R") => *rook,
        _ => return Err(why()),
    };
    if with_rules.len() != 2
        || variant.pieces[met].first_moves_lost_to != 0
        || !variant.castling.is_empty()
        || variant
            .pieces
            .iter()
            .enumerate()
            .any(|(k, p)| k != king && k != met && p.patterns.iter().any(|m| m.initial))
    {
        return Err(why());
    }
    Ok(Some(CambodianPlan {
        king: PieceKind(king as u8),
        met: PieceKind(met as u8),
        rook: PieceKind(rook as u8),
    }))
}

/// Whether a piece moves as `base` (its declared Betza) with one `also`
/// move `extra` for its first move only (forbidden in check for the
/// king's, as FS generates it with no evasions).
fn moves_as(piece: &PieceDef, base: &str, extra: &str, in_check_forbidden: bool) -> bool {
    let (first, rest): (Vec<_>, Vec<_>) = piece.patterns.iter().partition(|m| m.initial);
    plain_betza(piece) == base
        && rest
            .iter()
            .all(|m| m.from_region.is_none() && m.within_region.is_none() && !m.unless_in_check)
        && matches!(first.as_slice(), [m] if m.betza == extra
            && m.unless_in_check == in_check_forbidden
            && m.from_region.is_none()
            && m.within_region.is_none())
}

/// Whether a piece moves as `base` and nothing else.
fn plain(piece: &PieceDef, base: &str) -> bool {
    plain_betza(piece) == base
        && piece.patterns.iter().all(|m| {
            !m.initial && m.from_region.is_none() && m.within_region.is_none() && !m.unless_in_check
        })
}

fn plain_betza(piece: &PieceDef) -> String {
    piece.betza.split_whitespace().collect()
}
