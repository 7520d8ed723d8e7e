//! Region rules: borders, `restrict` policies and `also` moves → IR.
//!
//! Every policy is decided per piece, side, origin square and ray when the
//! tables are built (see [`apply_region_rules`]), so it restricts attacks
//! and check exactly as it restricts moves, and a slider's or a bent
//! piece's whole path is checked, not only its destination.

use std::collections::HashMap;

use crate::compile::promotion::KindByName;
use crate::compile::region::{for_both_sides, RegionEvaluator};
use crate::diagnostics::{Code, ScriptError};
use crate::ir::geometry::{Geometry, Square, SquareSet};
use crate::ir::pattern::{PathFlags, CAPTURE, DOUBLE_STEP, EN_PASSANT, MOVE, MUST_BE_OCCUPIED};
use crate::ir::piece::{ByColor, Color, PieceKind};
use crate::ir::rule::{RegionPolicy, RegionRule};
use crate::ir::{Border, Symmetry};
use crate::source::Spanned;
use crate::syntax::ast::{self, Policy};

/// Evaluates the borders: the region each encloses, for each side.
pub fn borders(
    geometry: &Geometry,
    symmetry: Symmetry,
    decls: &[&ast::RegionDecl],
    regions: &mut RegionEvaluator<'_>,
    errors: &mut Vec<ScriptError>,
) -> Vec<Border> {
    let mut out = Vec::new();
    for decl in decls {
        match regions.eval(&decl.expr) {
            Ok(inside) => {
                let inside = for_both_sides(geometry, inside, symmetry);
                let beside = ByColor::from_fn(|c| beside_squares(geometry, inside.get(c)));
                out.push(Border {
                    name: decl.name.value.clone(),
                    inside,
                    beside,
                })
            }
            Err(e) => errors.push(e),
        }
    }
    out
}

/// The squares next to (sharing an edge with) a square on the other side.
fn beside_squares(geometry: &Geometry, inside: &SquareSet) -> SquareSet {
    geometry
        .squares()
        .iter()
        .filter(|&s| {
            [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|&(dx, dy)| {
                geometry
                    .offset(s, dx, dy)
                    .is_some_and(|n| inside.contains(n) != inside.contains(s))
            })
        })
        .collect()
}

/// Resolves `restrict` declarations into region rules, each with the piece it binds.
pub fn restrictions(
    geometry: &Geometry,
    symmetry: Symmetry,
    decls: &[&ast::RestrictDecl],
    borders: &[Border],
    regions: &mut RegionEvaluator<'_>,
    kind_by_name: &KindByName<'_>,
    errors: &mut Vec<ScriptError>,
) -> Vec<(PieceKind, RegionRule)> {
    let mut out = Vec::new();
    let by_name: HashMap<&str, &Border> = borders.iter().map(|b| (b.name.as_str(), b)).collect();
    for decl in decls.iter().filter(|d| {
        !matches!(
            d.policy,
            Policy::TakeChecker | Policy::NeverTake(_) | Policy::NeverHop(_)
        )
    }) {
        let border = |name: &Spanned<String>, errors: &mut Vec<ScriptError>| -> Option<Border> {
            match by_name.get(name.value.as_str()) {
                Some(b) => Some((*b).clone()),
                None => {
                    let mut known: Vec<&str> = by_name.keys().copied().collect();
                    known.sort();
                    errors.push(
                        ScriptError::new(
                            Code::RegionUnknownBorder,
                            format!("unknown border `{}`", name.value),
                            name.span,
                            "not declared",
                        )
                        .with_help(if known.is_empty() {
                            "declare it first, e.g. `border equator = ranks 1..6`".to_string()
                        } else {
                            format!("known borders: {}", known.join(", "))
                        }),
                    );
                    None
                }
            }
        };
        let mut region =
            |expr: &ast::RegionExpr, errors: &mut Vec<ScriptError>| match regions.eval(expr) {
                Ok(set) => Some(for_both_sides(geometry, set, symmetry)),
                Err(e) => {
                    errors.push(e);
                    None
                }
            };
        let policy = match &decl.policy {
            Policy::NeverCross(b) => {
                border(b, errors).map(|b| RegionPolicy::NeverCross { inside: b.inside })
            }
            Policy::CrossBeside(b) => border(b, errors).map(|b| RegionPolicy::CrossBeside {
                inside: b.inside,
                beside: b.beside,
            }),
            Policy::StayIn(r) => region(r, errors).map(RegionPolicy::StayIn),
            Policy::NeverEnter(r) => region(r, errors).map(RegionPolicy::NeverEnter),
            Policy::NeverLand(r) => region(r, errors).map(RegionPolicy::NeverLand),
            Policy::TakeChecker | Policy::NeverTake(_) | Policy::NeverHop(_) => None,
        };
        let kinds: Vec<Option<PieceKind>> = decl
            .pieces
            .iter()
            .map(|p| kind_by_name(p, errors))
            .collect();
        let Some(policy) = policy else { continue };
        let colors = ByColor::from_fn(|c| match decl.side {
            None => true,
            Some(ast::Side::White) => c == Color::White,
            Some(ast::Side::Black) => c == Color::Black,
        });
        for kind in kinds.into_iter().flatten() {
            out.push((
                kind,
                RegionRule {
                    colors,
                    policy: policy.clone(),
                },
            ));
        }
    }
    out
}

/// The pieces of `restrict … : in check only take the checker`, with the
/// sides the rule binds.
pub fn checker_takers(
    decls: &[&ast::RestrictDecl],
    kind_by_name: &KindByName<'_>,
    errors: &mut Vec<ScriptError>,
) -> Vec<(PieceKind, ByColor<bool>)> {
    let mut out = Vec::new();
    for decl in decls
        .iter()
        .filter(|d| matches!(d.policy, Policy::TakeChecker))
    {
        let colors = ByColor::from_fn(|c| match decl.side {
            None => true,
            Some(ast::Side::White) => c == Color::White,
            Some(ast::Side::Black) => c == Color::Black,
        });
        for piece in &decl.pieces {
            if let Some(kind) = kind_by_name(piece, errors) {
                out.push((kind, colors));
            }
        }
    }
    out
}

/// `restrict [side] A: never hop over B, C`: for each restricted piece, the
/// sides it applies to and the kinds it may not hop over.
pub fn hop_bans(
    decls: &[&ast::RestrictDecl],
    kind_by_name: &KindByName<'_>,
    errors: &mut Vec<ScriptError>,
) -> Vec<(PieceKind, ByColor<bool>, Vec<PieceKind>)> {
    let mut out = Vec::new();
    for decl in decls {
        let Policy::NeverHop(screens) = &decl.policy else {
            continue;
        };
        let colors = ByColor::from_fn(|c| match decl.side {
            None => true,
            Some(ast::Side::White) => c == Color::White,
            Some(ast::Side::Black) => c == Color::Black,
        });
        let kinds: Vec<PieceKind> = screens
            .iter()
            .filter_map(|s| kind_by_name(s, errors))
            .collect();
        for piece in &decl.pieces {
            if let Some(kind) = kind_by_name(piece, errors) {
                out.push((kind, colors, kinds.clone()));
            }
        }
    }
    out
}

/// `restrict [side] A: never take B, C`: for each restricted piece, the
/// sides it applies to and the kinds it may not capture. A royal target is
/// refused: whether a royal piece is attacked is asked of every attack.
pub fn capture_bans(
    decls: &[&ast::RestrictDecl],
    kind_by_name: &KindByName<'_>,
    royal: &dyn Fn(PieceKind) -> bool,
    errors: &mut Vec<ScriptError>,
) -> Vec<(PieceKind, ByColor<bool>, Vec<PieceKind>)> {
    let mut out = Vec::new();
    for decl in decls {
        let Policy::NeverTake(targets) = &decl.policy else {
            continue;
        };
        let colors = ByColor::from_fn(|c| match decl.side {
            None => true,
            Some(ast::Side::White) => c == Color::White,
            Some(ast::Side::Black) => c == Color::Black,
        });
        let mut kinds = Vec::new();
        for target in targets {
            let Some(kind) = kind_by_name(target, errors) else {
                continue;
            };
            if royal(kind) {
                errors.push(
                    ScriptError::new(
                        Code::CompileBadRestriction,
                        format!("`never take {}`: {} is royal", target.value, target.value),
                        target.span,
                        "royal",
                    )
                    .with_help("a royal piece is in check from every attack, so no piece may be barred from taking it; make it not royal (`losing every King loses`) to bar the capture"),
                );
                continue;
            }
            kinds.push(kind);
        }
        for piece in &decl.pieces {
            if let Some(kind) = kind_by_name(piece, errors) {
                out.push((kind, colors, kinds.clone()));
            }
        }
    }
    out
}

/// Applies a piece's region rules to one of its rays from `from`: squares
/// cut off are removed, squares it may not end on lose their landing flags.
pub fn apply_region_rules(
    rules: &[RegionRule],
    color: Color,
    from: Square,
    squares: &mut Vec<Square>,
    flags: &mut Vec<PathFlags>,
) {
    const LANDING: PathFlags = MOVE | CAPTURE | EN_PASSANT | DOUBLE_STEP;
    for rule in rules.iter().filter(|r| *r.colors.get(color)) {
        {
            let cut = match &rule.policy {
                RegionPolicy::StayIn(set) => {
                    squares.iter().position(|s| !set.get(color).contains(*s))
                }
                RegionPolicy::NeverEnter(set) => {
                    squares.iter().position(|s| set.get(color).contains(*s))
                }
                RegionPolicy::NeverCross { inside } => {
                    let home = inside.get(color).contains(from);
                    squares
                        .iter()
                        .position(|s| inside.get(color).contains(*s) != home)
                }
                RegionPolicy::NeverLand(set) => {
                    for (s, f) in squares.iter().zip(flags.iter_mut()) {
                        if set.get(color).contains(*s) {
                            *f &= !LANDING;
                        }
                    }
                    None
                }
                RegionPolicy::CrossBeside { inside, beside } => {
                    let (inside, beside) = (inside.get(color), beside.get(color));
                    if !beside.contains(from) {
                        let home = inside.contains(from);
                        for (s, f) in squares.iter().zip(flags.iter_mut()) {
                            if inside.contains(*s) != home && !beside.contains(*s) {
                                *f &= !LANDING;
                            }
                        }
                    }
                    None
                }
            };
            if let Some(n) = cut {
                squares.truncate(n);
                flags.truncate(n);
            }
            // Squares after the last one a move may end on serve nothing.
            while flags
                .last()
                .is_some_and(|f| f & LANDING == 0 && f & MUST_BE_OCCUPIED == 0)
            {
                squares.pop();
                flags.pop();
            }
        }
    }
}
