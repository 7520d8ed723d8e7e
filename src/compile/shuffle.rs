//! The shuffle pass: `shuffle rank 1 with Bishop and Bishop on opposite
//! colours, King between Rook and Rook` → [`Shuffle`], checked against the
//! start placement: the pieces each rule names are there as often as the
//! rule needs, Black's mirror White's, and some array keeps the rules.

use crate::compile::region::RegionEvaluator;
use crate::compile::setup::StartContext;
use crate::diagnostics::{Code, ScriptError};
use crate::ir::geometry::Square;
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::ir::setup::{Shuffle, ShuffleRule, SHUFFLE_TRIES};
use crate::source::Span;
use crate::syntax::ast::{self, ShuffleDecl};

/// The random start arrays of `shuffle …`, if declared and sound.
pub(crate) fn shuffle(
    cx: &StartContext<'_>,
    decl: Option<&ShuffleDecl>,
    evaluator: &mut RegionEvaluator<'_>,
    errors: &mut Vec<ScriptError>,
) -> Option<Shuffle> {
    let decl = decl?;
    let region = evaluator
        .eval(&decl.region)
        .map_err(|e| errors.push(e))
        .ok()?;
    let geometry = cx.geometry;
    let squares: Vec<Square> = region.iter().collect();
    let black_squares: Vec<Square> = squares
        .iter()
        .map(|&sq| geometry.reflect(sq, cx.symmetry))
        .collect();
    let array: Vec<u8> = squares.iter().map(|sq| cx.start[sq.index()]).collect();
    let region_span = decl.region.span;
    if let Some(message) = placement_problem(cx, &squares, &black_squares) {
        errors.push(bad_shuffle(message, region_span, "these squares"));
        return None;
    }
    let mut rules = Vec::new();
    for rule in &decl.rules {
        rules.push(shuffle_rule(cx, rule, &array, errors)?);
    }
    let shuffle = Shuffle {
        squares,
        black_squares,
        rules,
    };
    if shuffle.deal(geometry, &array, 0).is_none() {
        errors.push(bad_shuffle(
            format!(
                "no array of the setup's pieces keeps these rules ({SHUFFLE_TRIES} random arrays tried)"
            ),
            decl.span,
            "no array found",
        ));
        return None;
    }
    Some(shuffle)
}

/// Why the setup's squares cannot be shuffled: no piece there, a Black
/// piece among White's, or Black's pieces not mirroring White's.
fn placement_problem(
    cx: &StartContext<'_>,
    squares: &[Square],
    black_squares: &[Square],
) -> Option<String> {
    let piece = |sq: &Square| {
        let code = cx.start[sq.index()];
        (code != 0).then(|| Piece::from_code(code))
    };
    let white: Vec<Option<Piece>> = squares.iter().map(piece).collect();
    if white.iter().flatten().count() < 2 {
        return Some("the setup has fewer than two pieces on the squares to shuffle".into());
    }
    if white.iter().flatten().any(|p| p.color != Color::White) {
        return Some(
            "the squares to shuffle are White's: the setup has a Black piece there".into(),
        );
    }
    let mirrored = black_squares
        .iter()
        .map(piece)
        .zip(&white)
        .all(|(b, w)| b.map(|p| (p.color, p.kind)) == w.map(|p| (Color::Black, p.kind)));
    (!mirrored || black_squares.iter().any(|sq| squares.contains(sq))).then(|| {
        "Black's pieces in the setup do not mirror White's on the squares to shuffle".into()
    })
}

/// One rule, its pieces checked against the setup's array (which must
/// hold them as often as the rule needs).
fn shuffle_rule(
    cx: &StartContext<'_>,
    rule: &ast::ShuffleRule,
    array: &[u8],
    errors: &mut Vec<ScriptError>,
) -> Option<ShuffleRule> {
    let kind = |name, errors: &mut Vec<ScriptError>| (cx.kind_by_name)(name, errors);
    let count = |k: PieceKind| {
        array
            .iter()
            .filter(|&&c| c != 0 && Piece::from_code(c).kind == k)
            .count()
    };
    let (compiled, needs) = match rule {
        ast::ShuffleRule::OppositeColours { first, second, .. } => {
            let (a, b) = (kind(first, errors)?, kind(second, errors)?);
            (ShuffleRule::OppositeColours(a, b), pair_needs(a, b))
        }
        ast::ShuffleRule::Between {
            middle,
            first,
            second,
            ..
        } => {
            let (m, a, b) = (
                kind(middle, errors)?,
                kind(first, errors)?,
                kind(second, errors)?,
            );
            let mut needs = pair_needs(a, b);
            needs.push((m, 1));
            if m == a || m == b {
                needs.clear();
            }
            (ShuffleRule::Between(m, a, b), needs)
        }
    };
    let wrong = if needs.is_empty() {
        Some("the piece between must be of another kind than the two beside it".to_string())
    } else {
        needs.iter().find(|&&(k, n)| count(k) != n).map(|&(k, n)| {
            format!(
                "this rule needs {n} {} on the squares to shuffle; the setup has {}",
                cx.pieces[k.0 as usize].name,
                count(k)
            )
        })
    };
    match wrong {
        Some(message) => {
            errors.push(bad_shuffle(message, rule_span(rule), "this rule"));
            None
        }
        None => Some(compiled),
    }
}

/// The pieces a pair of a rule needs: two of one kind, or one of each.
fn pair_needs(a: PieceKind, b: PieceKind) -> Vec<(PieceKind, usize)> {
    if a == b {
        vec![(a, 2)]
    } else {
        vec![(a, 1), (b, 1)]
    }
}

fn rule_span(rule: &ast::ShuffleRule) -> Span {
    match rule {
        ast::ShuffleRule::OppositeColours { span, .. } | ast::ShuffleRule::Between { span, .. } => {
            *span
        }
    }
}

fn bad_shuffle(message: String, span: Span, label: &str) -> ScriptError {
    ScriptError::new(Code::CompileBadShuffle, message, span, label).with_help(
        "Chess960 is `shuffle rank 1 with Bishop and Bishop on opposite colours, King between Rook and Rook`",
    )
}
