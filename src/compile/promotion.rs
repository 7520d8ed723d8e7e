//! The promotion pass: `promote Piece in REGION to A, B` → the
//! [`PromotionTable`] (for each piece code and square, the choices).

use crate::compile::region::{for_both_sides, RegionEvaluator};
use crate::diagnostics::ScriptError;
use crate::ir::geometry::Geometry;
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::ir::rule::PromotionTable;
use crate::ir::Symmetry;
use crate::source::{SourceId, Spanned};
use crate::syntax::ast::PromotionDecl;

/// Finds the kind of a piece name, reporting an unknown one.
pub(crate) type KindByName<'a> =
    dyn Fn(&Spanned<String>, &mut Vec<ScriptError>) -> Option<PieceKind> + 'a;

/// Builds the promotion table. Later rules override earlier ones on the squares they share.
pub fn promotion_table(
    geometry: &Geometry,
    symmetry: Symmetry,
    decls: &[(&PromotionDecl, SourceId)],
    regions: &mut RegionEvaluator<'_>,
    kind_by_name: &KindByName<'_>,
    kinds: usize,
    errors: &mut Vec<ScriptError>,
) -> PromotionTable {
    let cells = geometry.cells();
    let mut table = PromotionTable {
        choice_sets: Vec::new(),
        by_square: vec![0; (1 + 2 * kinds) * cells],
        cells,
    };
    for (decl, _) in decls {
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
        let set_index = match table.choice_sets.iter().position(|s| *s == choices) {
            Some(i) => i,
            None => {
                table.choice_sets.push(choices);
                table.choice_sets.len() - 1
            }
        };
        let both = for_both_sides(geometry, squares, symmetry);
        for color in Color::ALL {
            let code = Piece { color, kind: piece }.code() as usize;
            for sq in both.get(color).iter() {
                table.by_square[code * cells + sq.index()] = (set_index + 1) as u8;
            }
        }
    }
    table
}
