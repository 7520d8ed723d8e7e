//! The `connecting …` rules (pieces in a row, on one line, in a block, or
//! chained between two regions) → the IR's [`Connect`] rules.

use crate::compile::game_end;
use crate::compile::pieces::find_kind;
use crate::compile::region::{self, RegionEvaluator};
use crate::diagnostics::{Code, ScriptError};
use crate::ir::geometry::{Geometry, SquareSet};
use crate::ir::piece::{ByColor, Color, PieceDef};
use crate::ir::rule::{Connect, ConnectLines, ConnectShape};
use crate::ir::Symmetry;
use crate::source::{Span, Spanned};
use crate::syntax::ast::{self, ConnectLine, ConnectShapeDecl};

/// Each `connecting` declaration as a rule; a shape no position can form
/// (fewer than two pieces, longer than the board, an empty region) is an
/// error.
pub(super) fn connects(
    geometry: &Geometry,
    symmetry: Symmetry,
    decls: &[&ast::ConnectDecl],
    evaluator: &mut RegionEvaluator<'_>,
    defs: &[PieceDef],
    errors: &mut Vec<ScriptError>,
) -> Vec<Connect> {
    let mut out = Vec::new();
    let longest = u32::from(geometry.files().max(geometry.ranks()));
    for decl in decls {
        let sides = ByColor::from_fn(|c| match decl.side {
            Some(ast::Side::White) => c == Color::White,
            Some(ast::Side::Black) => c == Color::Black,
            None => true,
        });
        let shape = match &decl.shape {
            ConnectShapeDecl::Row(n) => count(n, longest, errors).map(ConnectShape::Row),
            ConnectShapeDecl::Line(n) => count(n, longest, errors).map(ConnectShape::Line),
            ConnectShapeDecl::Block(files, ranks) => block(geometry, files, ranks, decl, errors),
            ConnectShapeDecl::Chain(from, to) => {
                let mut ends = [from, to].map(|expr| match evaluator.eval(expr) {
                    Ok(set) => Some(region::for_both_sides(geometry, set, symmetry)),
                    Err(e) => {
                        errors.push(e);
                        None
                    }
                });
                match (ends[0].take(), ends[1].take()) {
                    (Some(from), Some(to)) => chain(from, to, sides, decl.span, errors),
                    _ => None,
                }
            }
        };
        let mut kinds = if decl.pieces.is_empty() { u64::MAX } else { 0 };
        for name in &decl.pieces {
            if let Some(kind) = find_kind(defs, name, errors) {
                kinds |= 1 << kind.0;
            }
        }
        let lines = if decl.along.is_empty() {
            ConnectLines::ALL
        } else {
            let has = |line| decl.along.iter().any(|l| l.value == line);
            ConnectLines {
                ranks: has(ConnectLine::Ranks),
                files: has(ConnectLine::Files),
                diagonals: has(ConnectLine::Diagonals),
            }
        };
        let result = game_end::result(decl.result.value);
        if let Some(shape) = shape {
            out.push(Connect {
                shape,
                lines,
                kinds,
                sides,
                result,
            });
        }
    }
    out
}

/// How many pieces a row or a line needs: at least 2, at most as many as
/// the board's longest rank or file holds.
fn count(n: &Spanned<u32>, longest: u32, errors: &mut Vec<ScriptError>) -> Option<u32> {
    let label = if n.value < 2 {
        "fewer than two pieces"
    } else if n.value > longest {
        "no line of the board is that long"
    } else {
        return Some(n.value);
    };
    errors.push(
        ScriptError::new(
            Code::CompileBadConnect,
            format!("`connecting {}` can never be met on this board", n.value),
            n.span,
            label,
        )
        .with_help(format!(
            "connect from 2 to {longest} pieces, e.g. `connecting 4 wins`"
        )),
    );
    None
}

/// `connecting W x H`: a block that fits the board, of two pieces or more,
/// with no `along` (a block follows no line).
fn block(
    geometry: &Geometry,
    files: &Spanned<u32>,
    ranks: &Spanned<u32>,
    decl: &ast::ConnectDecl,
    errors: &mut Vec<ScriptError>,
) -> Option<ConnectShape> {
    let fits = (1..=u32::from(geometry.files())).contains(&files.value)
        && (1..=u32::from(geometry.ranks())).contains(&ranks.value);
    let problem = if !fits {
        Some((files.span.to(ranks.span), "does not fit the board"))
    } else if files.value * ranks.value < 2 {
        Some((
            files.span.to(ranks.span),
            "a block of fewer than two pieces",
        ))
    } else {
        decl.along
            .first()
            .map(|line| (line.span, "a block follows no line"))
    };
    if let Some((span, label)) = problem {
        errors.push(
            ScriptError::new(
                Code::CompileBadConnect,
                format!(
                    "a block of {} x {} pieces cannot be kept",
                    files.value, ranks.value
                ),
                span,
                label,
            )
            .with_help(format!(
                "a block is at most {} x {}, of two pieces or more, without `along`: e.g. `connecting 2 x 2 wins`",
                geometry.files(),
                geometry.ranks()
            )),
        );
        return None;
    }
    Some(ConnectShape::Block(files.value, ranks.value))
}

/// `connecting FROM to TO`: both regions must hold a square for each side
/// the rule is for.
fn chain(
    from: ByColor<SquareSet>,
    to: ByColor<SquareSet>,
    sides: ByColor<bool>,
    span: Span,
    errors: &mut Vec<ScriptError>,
) -> Option<ConnectShape> {
    let empty = [Color::White, Color::Black]
        .into_iter()
        .any(|c| *sides.get(c) && (from.get(c).is_empty() || to.get(c).is_empty()));
    if empty {
        errors.push(
            ScriptError::new(
                Code::CompileBadConnect,
                "a chain between regions needs squares at both ends",
                span,
                "a region here has no square",
            )
            .with_help("name regions of the board, e.g. `white connecting file a to file h wins`"),
        );
        return None;
    }
    Some(ConnectShape::Chain { from, to })
}
