//! The promotion pass: `promote Piece in REGION to A, B` → the
//! [`PromotionTable`] (for each piece code and square, the choices);
//! `in or from` fills the origin table too, `optional` the squares where
//! the move may decline ([`remove_stuck_declines`] takes out, once the
//! move tables exist, those where the unpromoted piece could not move).

use crate::compile::declarations::Sides;
use crate::compile::region::{for_both_sides, RegionEvaluator};
use crate::diagnostics::{Code, ScriptError};
use crate::ir::geometry::{Geometry, SquareSet};
use crate::ir::pattern::MoveTables;
use crate::ir::piece::{ByColor, Color, Piece, PieceDef, PieceKind};
use crate::ir::rule::{PromotionTable, StandingPromotion};
use crate::ir::Symmetry;
use crate::source::{SourceId, Spanned};
use crate::syntax::ast::{InPlace, PromotionDecl};

/// Finds the kind of a piece name, reporting an unknown one.
pub(crate) type KindByName<'a> =
    dyn Fn(&Spanned<String>, &mut Vec<ScriptError>) -> Option<PieceKind> + 'a;

/// One `promote` declaration, the file it is in and the sides it is for.
pub(crate) type PromotionRule<'a> = (&'a PromotionDecl, SourceId, Sides);

/// One `promotion-limit` entry: the piece and its limit.
pub(crate) type PromotionLimit = (Spanned<String>, Spanned<u32>);

/// Builds the promotion table. Later rules override earlier ones on the squares they share.
pub fn promotion_table(
    geometry: &Geometry,
    symmetry: Symmetry,
    (decls, limits): (&[PromotionRule<'_>], &[&PromotionLimit]),
    regions: &mut RegionEvaluator<'_>,
    kind_by_name: &KindByName<'_>,
    pieces: &[PieceDef],
    errors: &mut Vec<ScriptError>,
) -> PromotionTable {
    let kinds = pieces.len();
    let cells = geometry.cells();
    let mut table = PromotionTable {
        choice_sets: Vec::new(),
        by_square: vec![0; (1 + 2 * kinds) * cells],
        cells,
        by_origin: Vec::new(),
        may_decline: Vec::new(),
        declines_when_stuck: Vec::new(),
        by_capture_only: Vec::new(),
        promoting: vec![false; kinds],
        limits: vec![0; kinds],
        into_royal: false,
        standing: Vec::new(),
    };
    for &(decl, _, sides) in decls {
        let piece = kind_by_name(&decl.piece, errors);
        let choices: Vec<Option<PieceKind>> = decl
            .choices
            .iter()
            .map(|c| kind_by_name(c, errors))
            .collect();
        let squares = match regions.eval(&decl.region) {
            Ok(s) => s,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let (Some(piece), Some(choices)) = (
            piece,
            choices.into_iter().collect::<Option<Vec<PieceKind>>>(),
        ) else {
            continue;
        };
        if let Some(e) = bad_choice(decl, piece, &choices, pieces) {
            errors.push(e);
            continue;
        }
        if let Some(in_place) = decl.in_place {
            if decl.from_too {
                errors.push(in_place_from_too(decl, in_place));
                continue;
            }
            table.promoting[piece.0 as usize] |= !squares.is_empty() || in_place.anywhere_if_last;
            let both = for_both_sides(geometry, squares, symmetry);
            add_standing(&mut table, (piece, &choices), sides, &both, in_place);
            continue;
        }
        let set_index = match table.choice_sets.iter().position(|s| *s == choices) {
            Some(i) => i,
            None => {
                table.choice_sets.push(choices);
                table.choice_sets.len() - 1
            }
        };
        let both = for_both_sides(geometry, squares, symmetry);
        table.promoting[piece.0 as usize] |= !squares.is_empty();
        if decl.from_too && table.by_origin.is_empty() {
            table.by_origin = vec![0; table.by_square.len()];
        }
        if decl.optional && table.may_decline.is_empty() {
            table.may_decline = vec![SquareSet::EMPTY; 1 + 2 * kinds];
        }
        if decl.capturing && table.by_capture_only.is_empty() {
            table.by_capture_only = vec![false; 1 + 2 * kinds];
        }
        if decl.optional_anywhere && table.declines_when_stuck.is_empty() {
            table.declines_when_stuck = vec![false; 1 + 2 * kinds];
        }
        for color in Color::ALL.into_iter().filter(|&c| sides.has(c)) {
            let code = Piece { color, kind: piece }.code() as usize;
            if let Some(only) = table.by_capture_only.get_mut(code) {
                *only = decl.capturing;
            }
            if let Some(stuck) = table.declines_when_stuck.get_mut(code) {
                *stuck = decl.optional_anywhere;
            }
            for sq in both.get(color).iter() {
                table.by_square[code * cells + sq.index()] = (set_index + 1) as u8;
                if decl.from_too {
                    table.by_origin[code * cells + sq.index()] = (set_index + 1) as u8;
                }
            }
            mark_declines(&mut table, code, decl, geometry, both.get(color));
        }
    }
    table.into_royal = table
        .choice_sets
        .iter()
        .flatten()
        .chain(table.standing.iter().flat_map(|r| &r.choices))
        .any(|k| pieces[k.0 as usize].royal_like());
    set_limits(&mut table, limits, kind_by_name, errors);
    table
}

/// `promotion-limit A N, …`: the limit of each named piece, which must be
/// a choice of some promotion (a limit of 0 is refused: it would forbid
/// nothing, or everything, and says neither).
fn set_limits(
    table: &mut PromotionTable,
    limits: &[&PromotionLimit],
    kind_by_name: &KindByName<'_>,
    errors: &mut Vec<ScriptError>,
) {
    for (piece, count) in limits.iter().copied() {
        let Some(kind) = kind_by_name(piece, errors) else {
            continue;
        };
        let standing = table.standing.iter().flat_map(|r| &r.choices);
        if !table
            .choice_sets
            .iter()
            .flatten()
            .chain(standing)
            .any(|&k| k == kind)
        {
            errors.push(
                ScriptError::new(
                    Code::CompileBadPromotion,
                    format!("nothing promotes to {}, so it has no promotion limit", piece.value),
                    piece.span,
                    "not a promotion choice",
                )
                .with_help(format!("a limit applies to a choice of a `promote` rule: add {} to one, or leave its limit out", piece.value)),
            );
            continue;
        }
        if count.value == 0 {
            errors.push(
                ScriptError::new(
                    Code::CompileBadPromotion,
                    format!("a promotion limit of 0 for {}", piece.value),
                    count.span,
                    "at least 1",
                )
                .with_help(format!(
                    "to forbid promoting to {0}, leave it out of the `promote` rule's choices",
                    piece.value
                )),
            );
            continue;
        }
        table.limits[kind.0 as usize] = count.value;
    }
}

/// `promote … in place …`: one standing promotion per side the rule is
/// for (a later rule for the piece and side replaces an earlier one).
fn add_standing(
    table: &mut PromotionTable,
    (piece, choices): (PieceKind, &[PieceKind]),
    sides: Sides,
    both: &ByColor<SquareSet>,
    in_place: InPlace,
) {
    for color in Color::ALL.into_iter().filter(|&c| sides.has(c)) {
        table
            .standing
            .retain(|r| !(r.color == color && r.piece == piece));
        table.standing.push(StandingPromotion {
            color,
            piece,
            region: *both.get(color),
            choices: choices.to_vec(),
            by_its_move: in_place.by_its_move,
            anywhere_if_last: in_place.anywhere_if_last,
            never_attacking: in_place.never_attacking,
            never_checking: in_place.never_checking,
        });
    }
}

/// `in or from` with `in place`: a standing promotion has no move to end
/// or start in the region, only a square to stand on.
fn in_place_from_too(decl: &PromotionDecl, in_place: InPlace) -> ScriptError {
    ScriptError::new(
        Code::CompileBadPromotion,
        format!(
            "{} promotes in place, so `in or from` says nothing more than `in`",
            decl.piece.value
        ),
        in_place.span,
        "a promotion where the piece stands",
    )
    .with_help(
        "write `promote Pawn in REGION to Met in place`: the region is where the piece stands",
    )
}

/// Where a move that this rule promotes may decline: for an `optional`
/// rule, every square it may end on (the zone, or with `in or from` the
/// whole board); a rule without `optional` takes its zone back.
fn mark_declines(
    table: &mut PromotionTable,
    code: usize,
    decl: &PromotionDecl,
    geometry: &Geometry,
    zone: &SquareSet,
) {
    let Some(declines) = table.may_decline.get_mut(code) else {
        return;
    };
    *declines = match (decl.optional, decl.from_too) {
        (true, true) => *geometry.squares(),
        (true, false) => declines.union(zone),
        (false, _) => declines.difference(zone),
    };
}

/// Takes out of the squares where a promotion may be declined those from
/// which the unpromoted piece has no move at all (a shogi pawn or lance
/// on the last rank, a knight on the last two): there it must promote,
/// unless its rule says `optional anywhere`.
pub fn remove_stuck_declines(table: &mut PromotionTable, tables: &MoveTables) {
    for (code, squares) in table.may_decline.iter_mut().enumerate() {
        if code == 0 || squares.is_empty() || table.declines_when_stuck.get(code) == Some(&true) {
            continue;
        }
        *squares = squares
            .iter()
            .filter(|&sq| tables.rays(code as u8, sq).iter().any(|r| r.len > 0))
            .collect();
    }
}

/// A choice a piece may not promote to: its own kind (the promotion would
/// change nothing), or for a royal piece a piece that is not royal (the
/// side would lose its royal piece by moving it).
fn bad_choice(
    decl: &PromotionDecl,
    piece: PieceKind,
    choices: &[PieceKind],
    pieces: &[PieceDef],
) -> Option<ScriptError> {
    let def = |k: PieceKind| &pieces[k.0 as usize];
    let (i, _) = choices
        .iter()
        .enumerate()
        .find(|(_, c)| **c == piece || (def(piece).royal && !def(**c).royal))?;
    let choice = &decl.choices[i];
    let error = if choices[i] == piece {
        ScriptError::new(
            Code::CompileBadPromotion,
            format!("{} cannot promote to {}", decl.piece.value, choice.value),
            choice.span,
            "its own kind",
        )
        .with_help("promote to other kinds of piece, e.g. `promote Pawn in rank last to Queen`")
    } else {
        ScriptError::new(
            Code::CompileBadPromotion,
            format!(
                "the royal {} cannot promote to {}, which is not royal",
                decl.piece.value, choice.value
            ),
            choice.span,
            "not royal",
        )
        .with_note(decl.piece.span, "royal")
        .with_help("a royal piece may promote only to royal pieces: mark the choice `royal`, or leave the royal piece out of the promotion")
    };
    Some(error)
}
