//! The compiler: syntax trees → [`ir::Variant`](crate::ir::Variant), in passes,
//! a file each.
//!
//! Entry point: [`compile_script`] (front-ends use [`crate::compile_source`],
//! which also checks the start position with the VM). The passes, in order:
//!
//! 1. `imports`: parse the script and the stdlib modules it imports;
//! 2. `declarations`: collect the declarations, a later file overriding
//!    an earlier one (the same name twice in one file is an error);
//! 3. `board`: the board's size, voids and symmetry;
//! 4. `pieces`: regions, pieces with their Betza moves (`betza`, `legs`),
//!    borders, `also` moves and `restrict` rules (`region`, `restrict`);
//! 5. `setup`: the start placement (castling needs it);
//! 6. `promotion`, `castling` and `shuffle` (the random start array);
//! 7. `game_end`: results, goals, the check limit, explosions;
//! 8. `tables`: the move rays and attack tries, then the variant;
//! 9. `hooks`: the Rhai hooks, parsed, then checked against the variant
//!    (`hook_check`: the functions they call, the names they write) before
//!    anything runs (so only once the rest of the script compiles);
//! 10. `setup` again: the whole start FEN (read by `fen`), checked.
//!
//! Errors are collected, not stopped at (a pass whose input is broken ends
//! the compilation), and each points into the file it is in.

pub mod betza;
mod board;
mod castling;
mod connect;
mod declarations;
pub mod fen;
mod game_end;
mod hands;
mod hook_check;
mod hooks;
mod imports;
mod pieces;
mod promotion;
mod region;
mod restrict;
pub mod setup;
mod shuffle;
pub mod tables;
mod walls;

use crate::diagnostics::{ScriptError, ScriptErrors};
use crate::ir::setup::Setup;
use crate::ir::zobrist::ZobristKeys;
use crate::ir::Variant;
use crate::source::{SourceId, SourceMap, Span, Spanned};
use crate::syntax::ast;

/// A compiled script: the variant, and what a later check of it needs to
/// point into the script.
#[derive(Debug)]
pub struct Compiled {
    /// The variant; its start position is checked for all the data can
    /// tell, not for attacks (see [`crate::compile_source`]).
    pub variant: Variant,
    /// The `setup` declaration: its FEN and where it is.
    pub setup: Spanned<String>,
    /// The sources of the script and its imports.
    pub sources: SourceMap,
}

/// Compiles a script given as text; `name` is shown in diagnostics.
///
/// # Errors
/// Every error found, each with its span.
pub fn compile_script(name: &str, text: &str) -> Result<Compiled, ScriptErrors> {
    let mut loader = imports::Loader::load_script(name, text);
    if !loader.errors.is_empty() {
        return Err(loader.finish_errors());
    }
    match build(&loader.files, &mut loader.errors) {
        Some((variant, setup)) if loader.errors.is_empty() => Ok(Compiled {
            variant,
            setup,
            sources: loader.sources,
        }),
        _ => Err(loader.finish_errors()),
    }
}

/// Runs the passes over the parsed files (imports first, the script last).
fn build(files: &[ast::File], errors: &mut Vec<ScriptError>) -> Option<(Variant, Spanned<String>)> {
    let decls = declarations::collect(files, errors);
    let built = build_from(files, &decls, errors);
    declarations::point_at_removals(&decls, errors);
    built
}

/// The passes after the declarations are collected.
/// The display name (`variant "…"`), or `Untitled`.
fn variant_name(decls: &declarations::Declarations<'_>) -> String {
    decls
        .name
        .get()
        .map_or_else(|| "Untitled".to_string(), |n| n.value.clone())
}

/// `flip enclosed|adjacent`.
fn flip_rule(decls: &declarations::Declarations<'_>) -> Option<crate::ir::rule::Flip> {
    decls.flip.get().map(|f| match f.value {
        crate::syntax::ast::FlipKind::Enclosed => crate::ir::rule::Flip::Enclosed,
        crate::syntax::ast::FlipKind::Adjacent => crate::ir::rule::Flip::Adjacent,
        crate::syntax::ast::FlipKind::AdjacentUnlessDroppedAlone => {
            crate::ir::rule::Flip::AdjacentUnlessDroppedAlone
        }
    })
}

fn build_from(
    files: &[ast::File],
    decls: &declarations::Declarations<'_>,
    errors: &mut Vec<ScriptError>,
) -> Option<(Variant, Spanned<String>)> {
    let main_source = files.last().map(|f| f.source)?;
    let missing_at = first_item_span(files);
    let geometry = board::geometry(decls.board.get(), missing_at, errors)?;
    let symmetry = board::symmetry(decls.symmetry.get().map(|s| s.value));

    let (mut evaluator, regions) = pieces::regions(&geometry, symmetry, decls, errors);
    let mut defs = pieces::piece_defs(decls, errors)?;
    let (borders, royal_groups) = pieces::add_piece_rules(
        &geometry,
        symmetry,
        decls,
        &mut evaluator,
        &mut defs,
        errors,
    );

    let setup_decl = decls.setup.get();
    let start_codes = setup::start_placement(&geometry, &defs, setup_decl, missing_at, errors)?;
    let setup_decl = setup_decl?;
    let kind_by_name =
        |n: &Spanned<String>, errors: &mut Vec<ScriptError>| pieces::find_kind(&defs, n, errors);
    let mut promotion = promotion::promotion_table(
        &geometry,
        symmetry,
        (&decls.promotions, &decls.promotion_limits),
        &mut evaluator,
        &kind_by_name,
        &defs,
        errors,
    );
    let start = setup::StartContext {
        geometry: &geometry,
        symmetry,
        start: &start_codes,
        kind_by_name: &kind_by_name,
        pieces: &defs,
    };
    let castling = castling::castling_rules(&start, decls, main_source, errors);
    let shuffle = shuffle::shuffle(&start, decls.shuffle.get(), &mut evaluator, errors);
    let mut counters = decls.counters.clone();
    let (mut game_end, explosion) = game_end::game_end_rules(
        &geometry,
        symmetry,
        decls,
        &mut evaluator,
        &defs,
        &mut counters,
        errors,
    );

    game_end.castling_wins = castling::castling_wins(&geometry, &castling, decls, errors);
    let hands_plan = hands::hands_plan(
        &geometry,
        symmetry,
        decls,
        &mut evaluator,
        &defs,
        &promotion,
        errors,
    );

    let en_passant_region =
        pieces::en_passant_region(&geometry, symmetry, decls, &mut evaluator, errors);
    let walls = walls::walls(&geometry, symmetry, decls, &mut evaluator, errors);
    if !errors.is_empty() {
        return None;
    }
    let tables = tables::settle_tables(
        &geometry,
        symmetry,
        &mut defs,
        &mut promotion,
        en_passant_region.as_ref(),
    );
    let hands = hands_plan.map(|plan| hands::remove_stuck_squares(plan, &tables, &defs, errors));
    let mut variant = Variant {
        zobrist: ZobristKeys::new(geometry.cells(), 1 + 2 * defs.len()), // before `geometry` moves
        some_piece_only_takes_checker: pieces::some_piece_only_takes_checker(&defs),
        name: variant_name(decls),
        side_names: side_names(decls),
        geometry,
        symmetry,
        pieces: defs,
        regions,
        borders,
        counters,
        hooks: None, // compiled below, against the variant's names
        explosion,
        compulsory_capture: decls.compulsory_capture.get().is_some(),
        flip: flip_rule(decls),
        checks_forbidden: decls.checks_forbidden.get().is_some(),
        opposite_castling: decls.opposite_castling.get().is_some(),
        without_royal: pieces::without_royal(decls),
        en_passant_region,
        start_fen: setup_decl.value.clone(),
        // Replaced below by the whole setup, read once the variant is built.
        start: placement_only(&start_codes),
        start_codes,
        promotion,
        castling_squares: castling::castling_squares(&castling),
        castling_kinds: castling::castling_kinds(&castling),
        castling,
        game_end,
        tables,
        chase_tables: None, // built below, from the finished pieces
        hands,
        walls,
        royal_groups,
        shuffle,
    };
    variant.chase_tables = tables::chase_tables(&variant);
    variant.hooks = hooks::compile_hooks(&decls.hooks.items, &variant, errors);
    variant.start = setup::start_setup(&variant, setup_decl, errors)?;
    Some((variant, setup_decl.clone()))
}

/// A setup of the start placement alone (White to move, no rights), until
/// the whole setup can be read against the built variant.
fn placement_only(start_codes: &[u8]) -> Setup {
    Setup {
        board: start_codes.to_vec(),
        side: crate::ir::piece::Color::White,
        castling: Vec::new(),
        en_passant: None,
        halfmoves: 0,
        fullmoves: 1,
        counters: None,
        hands: Vec::new(),
        promoted: Vec::new(),
        gates: Vec::new(),
        count: None,
    }
}

/// What the sides are called (`sides "Red" "Black"`; White and Black by
/// default).
fn side_names(decls: &declarations::Declarations<'_>) -> crate::ir::piece::ByColor<String> {
    match decls.sides.get() {
        Some(ast::Item::Sides(white, black)) => crate::ir::piece::ByColor {
            white: white.value.clone(),
            black: black.value.clone(),
        },
        _ => crate::ir::piece::ByColor {
            white: "White".to_string(),
            black: "Black".to_string(),
        },
    }
}

/// The span of the main file's first declaration (where "missing" errors point).
fn first_item_span(files: &[ast::File]) -> Span {
    let Some(main) = files.last() else {
        return Span::new(SourceId(0), 0, 0);
    };
    main.items
        .first()
        .map_or(Span::new(main.source, 0, 0), |item| item.span())
}
