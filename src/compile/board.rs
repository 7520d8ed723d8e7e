//! The board pass: the board's size and voids (`board F x R`, rank widths,
//! `without …`) → [`Geometry`], and the symmetry.

use std::collections::HashMap;

use crate::compile::region;
use crate::diagnostics::{Code, ScriptError};
use crate::ir::geometry::{Geometry, SquareSet};
use crate::ir::Symmetry;
use crate::source::Span;
use crate::syntax::ast;

/// The IR's symmetry for the one written (mirror when none is).
pub(super) fn symmetry(written: Option<ast::Symmetry>) -> Symmetry {
    match written {
        None | Some(ast::Symmetry::Mirror) => Symmetry::Mirror,
        Some(ast::Symmetry::Rotate) => Symmetry::Rotate,
    }
}

/// The board's geometry; `None` (with the errors reported) if there is no
/// board (reported at `missing_at`) or its size or voids are wrong.
pub(super) fn geometry(
    board: Option<&ast::BoardDecl>,
    missing_at: Span,
    errors: &mut Vec<ScriptError>,
) -> Option<Geometry> {
    let Some(board) = board else {
        errors.push(
            ScriptError::new(
                Code::CompileMissingBoard,
                "the script declares no board",
                missing_at,
                "this script has no `board` declaration",
            )
            .with_help("add a board, e.g. `board 8 x 8`"),
        );
        return None;
    };
    board_geometry(board, errors)
}

/// The geometry of a declared board.
fn board_geometry(board: &ast::BoardDecl, errors: &mut Vec<ScriptError>) -> Option<Geometry> {
    let (f, r) = (board.files.value, board.ranks.value);
    let bad = |span: Span, msg: String| {
        ScriptError::new(Code::CompileBoardSize, msg, span, "this size").with_help(
            "boards run from 2 files and 1 rank up to 26 files, with at most 256 squares (16 x 16)",
        )
    };
    let size = board.files.span.to(board.ranks.span);
    if !(2..=26).contains(&f) || r < 1 || f.saturating_mul(r) > 256 {
        errors.push(bad(
            size,
            format!("a board of {f} x {r} squares is not supported"),
        ));
        return None;
    }
    let full = Geometry::new(f as u8, r as u8, &SquareSet::EMPTY);
    let mut voids = match &board.rank_widths {
        None => SquareSet::EMPTY,
        Some(widths) => rank_width_voids(&full, widths, board.ranks.span, errors)?,
    };
    if let Some(expr) = &board.without {
        let mut ev = region::RegionEvaluator::new(&full, HashMap::new());
        ev.allow_voids = true;
        match ev.eval(expr) {
            Ok(v) => voids = voids.union(&v),
            Err(e) => {
                errors.push(e);
                return None;
            }
        }
    }
    let geometry = Geometry::new(f as u8, r as u8, &voids);
    if geometry.squares().len() < 2 {
        errors.push(
            ScriptError::new(
                Code::CompileBoardSize,
                "the board has fewer than two squares left",
                board.without.as_ref().map_or(size, |w| w.span),
                "removes (nearly) every square",
            )
            .with_help("`without` lists the void squares, not the squares that remain"),
        );
        return None;
    }
    Some(geometry)
}

/// The voids of a board given by its rank widths (`ranks 3 5 7 …`): on each
/// rank, the cells outside its width, centred on the middle file. Every
/// mistake is reported (a wrong count, a rank wider than the board, a width
/// that cannot be centred, an empty rank); `None` if there was one.
fn rank_width_voids(
    full: &Geometry,
    widths: &ast::RankWidths,
    ranks_span: Span,
    errors: &mut Vec<ScriptError>,
) -> Option<SquareSet> {
    let (files, ranks) = (u32::from(full.files()), usize::from(full.ranks()));
    let before = errors.len();
    let given = widths.widths.len();
    if given != ranks {
        let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        let (span, label) = if given > ranks {
            let extra = widths.widths[ranks].span.to(widths.widths[given - 1].span);
            (
                extra,
                format!("{} too many", plural(given - ranks, "width")),
            )
        } else {
            (widths.span, format!("only {}", plural(given, "width")))
        };
        errors.push(
            ScriptError::new(
                Code::CompileBoardRanks,
                format!(
                    "the board has {} but {} {} given",
                    plural(ranks, "rank"),
                    plural(given, "rank width"),
                    if given == 1 { "is" } else { "are" }
                ),
                span,
                label,
            )
            .with_note(ranks_span, plural(ranks, "rank"))
            .with_help("give one width per rank, from rank 1 up to the last rank"),
        );
    }
    let mut voids = SquareSet::EMPTY;
    for (rank, width) in widths.widths.iter().enumerate().take(ranks) {
        let w = width.value;
        let problem = if w == 0 {
            Some((
                format!("rank {} has no squares", rank + 1),
                "an empty rank".to_string(),
                "every rank needs at least one square; a board with a gap is written with `without`".to_string(),
            ))
        } else if w > files {
            Some((
                format!(
                    "rank {} is {w} squares wide, but the board has {files} files",
                    rank + 1
                ),
                "wider than the board".to_string(),
                format!("a rank has at most as many squares as the board has files ({files})"),
            ))
        } else if (files - w) % 2 != 0 {
            let parity = if files % 2 == 1 { "odd" } else { "even" };
            Some((
                format!("rank {} cannot be centred: {w} squares on a board of {files} files", rank + 1),
                "cannot be centred".to_string(),
                format!("each rank is centred on the middle of the board, so on {files} files a rank has an {parity} number of squares; for other shapes use `without squares …`"),
            ))
        } else {
            None
        };
        if let Some((message, label, help)) = problem {
            errors.push(
                ScriptError::new(Code::CompileBoardRanks, message, width.span, label)
                    .with_help(help),
            );
            continue;
        }
        let margin = (files - w) / 2;
        for file in (0..margin).chain(files - margin..files) {
            if let Some(sq) = full.cell(file as i32, rank as i32) {
                voids.insert(sq);
            }
        }
    }
    (errors.len() == before).then_some(voids)
}
