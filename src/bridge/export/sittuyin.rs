//! Sittuyin's promotion as FS's `sittuyinPromotion`: instead of moving,
//! a pawn (FS's `pawn` type) standing in the promotion region, or a
//! side's last pawn anywhere, turns into one of `promotionPieceTypes`
//! where it stands or by that piece's move to an empty square, never so
//! that the new piece attacks an enemy piece nor so that the move gives
//! check; and a side left with its king and one pawn that can only
//! promote draws. FS holds all of it at once, so the script must say all
//! of it: `promote Pawn in R to … in place or by its move, anywhere if
//! last, never attacking, never checking` and `only promotions with
//! King, Pawn alone draws`.

use std::fmt::Write as _;

use super::{
    fs_king, fs_pawn, letters_of_kinds, refuse, squares_text, write_promotion_limits, ExportError,
};
use crate::ir::geometry::Square;
use crate::ir::piece::{ByColor, Color, PieceKind};
use crate::ir::rule::GameResult;
use crate::ir::Variant;

/// What FS's `sittuyinPromotion` is written from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct SittuyinPlan {
    /// The pawn (FS's `pawn` type).
    pub pawn: PieceKind,
    /// Per side, where it promotes (FS's `promotionRegion…`).
    pub zone: ByColor<Vec<Square>>,
    /// Per side, what it promotes into (`promotionPieceTypes…`).
    pub choices: ByColor<Vec<PieceKind>>,
}

/// Why a standing promotion other than Sittuyin's is refused.
const WHY: &str = "Fairy-Stockfish promotes in place only by its sittuyinPromotion: its pawn type, standing in the promotion region or the last one anywhere, turns in place or by the new piece's move, never attacking an enemy piece and never giving check, beside `only promotions with King, Pawn alone draws`";

/// FS's `sittuyinPromotion` for the script's standing promotions, `None`
/// without any; anything but all of Sittuyin's rule is refused.
pub(super) fn plan(variant: &Variant) -> Result<Option<SittuyinPlan>, ExportError> {
    let standing = &variant.promotion.standing;
    let lone_pawn = &variant.game_end.promotions_only;
    if standing.is_empty() {
        if lone_pawn.is_some() {
            return Err(refuse(
                "only promotions with … alone",
                "Fairy-Stockfish ends a game on a lone pawn that can only promote only with its sittuyinPromotion",
            ));
        }
        return Ok(None);
    }
    let why = || refuse("promote … in place", WHY);
    let pawn = fs_pawn(variant).ok_or_else(why)?;
    let mut zone = ByColor {
        white: Vec::new(),
        black: Vec::new(),
    };
    let mut choices = ByColor {
        white: Vec::new(),
        black: Vec::new(),
    };
    for color in Color::ALL {
        let mut of_side = standing.iter().filter(|r| r.color == color);
        let (Some(rule), None) = (of_side.next(), of_side.next()) else {
            return Err(why());
        };
        if rule.piece != pawn
            || !(rule.by_its_move
                && rule.anywhere_if_last
                && rule.never_attacking
                && rule.never_checking)
        {
            return Err(why());
        }
        *zone.get_mut(color) = rule.region.iter().collect();
        *choices.get_mut(color) = rule.choices.clone();
    }
    // FS's draw holds for any side with two pieces on the board, one a
    // pawn: the other is its king where a side always has one.
    let king = fs_king(variant);
    let draws = lone_pawn.as_ref().is_some_and(|rule| {
        rule.result == GameResult::Draws
            && king.is_some_and(|king| {
                let mut kinds = rule.kinds.clone();
                kinds.sort();
                let mut want = vec![king, pawn];
                want.sort();
                kinds == want
            })
    });
    if !draws {
        return Err(refuse(
            "promote … in place",
            "Fairy-Stockfish's sittuyinPromotion also draws for a side left with its king and a pawn that can only promote: the script needs `only promotions with King, Pawn alone draws`",
        ));
    }
    Ok(Some(SittuyinPlan {
        pawn,
        zone,
        choices,
    }))
}

/// The promotion options of `plan` (no other piece may promote: FS's
/// promotion region is every piece's).
pub(super) fn write_promotion(variant: &Variant, plan: &SittuyinPlan, out: &mut String) {
    out.push_str("sittuyinPromotion = true\n");
    for (color, side) in [(Color::White, "White"), (Color::Black, "Black")] {
        let squares = plan.zone.get(color);
        let region = if squares.is_empty() {
            "-".to_string()
        } else {
            squares_text(variant, squares.iter().copied())
        };
        let _ = writeln!(out, "promotionRegion{side} = {region}");
    }
    let letters = |color| letters_of_kinds(variant, plan.choices.get(color));
    if plan.choices.white == plan.choices.black {
        let _ = writeln!(out, "promotionPieceTypes = {}", letters(Color::White));
    } else {
        let _ = writeln!(out, "promotionPieceTypesWhite = {}", letters(Color::White));
        let _ = writeln!(out, "promotionPieceTypesBlack = {}", letters(Color::Black));
    }
    let choices: Vec<PieceKind> = plan
        .choices
        .white
        .iter()
        .chain(&plan.choices.black)
        .copied()
        .collect();
    write_promotion_limits(variant, &choices, out);
}
