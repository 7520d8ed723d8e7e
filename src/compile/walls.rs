//! The walls pass: `walls behind|anywhere|shot|duck|from-edge [in REGION]
//! [instead-of-moving]` → the IR's [`Walls`].

use crate::compile::declarations::Declarations;
use crate::compile::region::{for_both_sides, RegionEvaluator};
use crate::diagnostics::{Code, ScriptError};
use crate::ir::geometry::Geometry;
use crate::ir::piece::ByColor;
use crate::ir::rule::{WallPlacement, Walls};
use crate::ir::Symmetry;
use crate::syntax::ast::{self, Item};

/// Reads `walls …`; `None` without it. A variant with `hands` cannot have
/// walls (a drop or a gate would need a wall too).
pub(super) fn walls(
    geometry: &Geometry,
    symmetry: Symmetry,
    decls: &Declarations<'_>,
    regions: &mut RegionEvaluator<'_>,
    errors: &mut Vec<ScriptError>,
) -> Option<Walls> {
    let Some(Item::Walls(decl)) = decls.walls.get() else {
        return None;
    };
    if decls.hands.get().is_some() {
        errors.push(
            ScriptError::new(
                Code::CompileBadWalls,
                "`walls` cannot be used with `hands`",
                decl.span,
                "a drop or a gate would have to place a wall too",
            )
            .with_help("take out `hands` or `walls`"),
        );
        return None;
    }
    let region = match &decl.region {
        Some(expr) => match regions.eval(expr) {
            Ok(set) => for_both_sides(geometry, set, symmetry),
            Err(e) => {
                errors.push(e);
                return None;
            }
        },
        None => ByColor {
            white: *geometry.squares(),
            black: *geometry.squares(),
        },
    };
    let placement = match decl.placement.value {
        ast::WallPlacement::Behind => WallPlacement::Behind,
        ast::WallPlacement::Anywhere => WallPlacement::Anywhere,
        ast::WallPlacement::Shot => WallPlacement::Shot,
        ast::WallPlacement::Duck => WallPlacement::Duck,
        ast::WallPlacement::FromEdge => WallPlacement::FromEdge,
    };
    if let (Some(span), WallPlacement::Behind | WallPlacement::Shot) =
        (decl.instead_of_moving, placement)
    {
        errors.push(
            ScriptError::new(
                Code::CompileBadWalls,
                "a wall put instead of a move cannot go where a piece moved",
                span,
                "`behind` and `shot` place the wall from the piece that moved",
            )
            .with_help("use `anywhere`, `duck` or `from-edge` with `instead-of-moving`"),
        );
        return None;
    }
    Some(Walls {
        placement,
        region,
        instead_of_moving: decl.instead_of_moving.is_some(),
    })
}
