//! The compiler: syntax trees → [`ir::Variant`].
//!
//! Entry points: [`compile_source`] and [`compile_path`]. Imports are read
//! from the embedded stdlib; a script's own declarations override what it
//! imports (a later file wins; the same name twice in one file is an
//! error). Errors are collected, not stopped at, and each points into the
//! file it is in.

pub mod betza;
mod legs;
mod region;
mod restrict;
mod rules;
pub mod tables;

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use crate::diagnostics::{ScriptError, ScriptErrors};
use crate::ir::geometry::{Geometry, SquareSet};
use crate::ir::piece::{PieceDef, PieceKind, MAX_PIECE_KINDS};
use crate::ir::zobrist::ZobristKeys;
use crate::ir::{Region, Symmetry, Variant};
use crate::source::{SourceId, SourceMap, Span, Spanned};
use crate::syntax::ast::{self, Item};

pub use region::reflect;

/// Why a script could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Io {
        /// The path.
        path: String,
        /// The reason.
        message: String,
    },
    /// The script has errors.
    Script(ScriptErrors),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Io { path, message } => write!(f, "cannot read {path}: {message}"),
            LoadError::Script(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// Compiles the script at a path. A path that names no file but a built-in
/// script (`chess`) loads that.
///
/// # Errors
/// The file cannot be read, or the script has errors.
pub fn compile_path(path: &str) -> Result<Arc<Variant>, LoadError> {
    let text = match std::fs::read_to_string(Path::new(path)) {
        Ok(t) => t,
        Err(e) => match crate::stdlib::script(path) {
            Some(t) => t.to_string(),
            None => {
                return Err(LoadError::Io {
                    path: path.to_string(),
                    message: e.to_string(),
                })
            }
        },
    };
    compile_source(path, &text).map_err(LoadError::Script)
}

/// Compiles a script given as text; `name` is shown in diagnostics.
///
/// # Errors
/// Every error found, each with its span.
pub fn compile_source(name: &str, text: &str) -> Result<Arc<Variant>, ScriptErrors> {
    let mut sources = SourceMap::new();
    let main = sources.add(name, text.to_string());
    let mut compiler = Compiler {
        sources,
        files: Vec::new(),
        errors: Vec::new(),
        loading: Vec::new(),
    };
    compiler.load(main);
    if !compiler.errors.is_empty() {
        return Err(compiler.finish_errors());
    }
    match compiler.build() {
        Some(variant) if compiler.errors.is_empty() => Ok(Arc::new(variant)),
        _ => Err(compiler.finish_errors()),
    }
}

struct Compiler {
    sources: SourceMap,
    /// Parsed files in layering order: imports before importers.
    files: Vec<ast::File>,
    errors: Vec<ScriptError>,
    loading: Vec<String>,
}

/// A single-valued declaration with the file it came from.
struct Single<'a, T> {
    value: Option<(&'a T, SourceId, Span)>,
}

impl<'a, T> Single<'a, T> {
    fn new() -> Self {
        Single { value: None }
    }

    fn set(
        &mut self,
        value: &'a T,
        source: SourceId,
        span: Span,
        what: &str,
        errors: &mut Vec<ScriptError>,
    ) {
        if let Some((_, s, first)) = self.value {
            if s == source {
                errors.push(
                    ScriptError::new(
                        "varia::compile::duplicate",
                        format!("{what} is declared twice"),
                        span,
                        "second declaration",
                    )
                    .with_note(first, "first declared here")
                    .with_help("keep one of them"),
                );
                return;
            }
        }
        self.value = Some((value, source, span));
    }

    fn get(&self) -> Option<&'a T> {
        self.value.map(|(v, _, _)| v)
    }
}

impl Compiler {
    fn finish_errors(&mut self) -> ScriptErrors {
        // In file order, each error once (a broken region referred to twice
        // is still one mistake).
        let mut errors = std::mem::take(&mut self.errors);
        errors.sort_by_key(|e| (e.span.source.0, e.span.start, e.span.end));
        errors.dedup_by(|a, b| a.code == b.code && a.span == b.span && a.message == b.message);
        ScriptErrors {
            errors,
            sources: self.sources.clone(),
        }
    }

    fn load(&mut self, id: SourceId) {
        let text = self.sources.file(id).text.clone();
        let file = match crate::syntax::parse(&text, id) {
            Ok(f) => f,
            Err(mut e) => {
                self.errors.append(&mut e);
                return;
            }
        };
        for item in &file.items {
            if let Item::Import(name) = item {
                let module = name.value.clone();
                if self.loading.contains(&module) {
                    self.errors.push(ScriptError::new(
                        "varia::compile::import_cycle",
                        format!("module `{module}` imports itself"),
                        name.span,
                        "import cycle",
                    ));
                    continue;
                }
                let already = self
                    .files
                    .iter()
                    .any(|f| self.sources.file(f.source).name == stdlib_name(&module));
                if already {
                    continue;
                }
                match crate::stdlib::module(&module) {
                    Some(text) => {
                        let mid = self.sources.add(stdlib_name(&module), text);
                        self.loading.push(module);
                        self.load(mid);
                        self.loading.pop();
                    }
                    None => {
                        let known: Vec<&str> =
                            crate::stdlib::MODULES.iter().map(|(n, _)| *n).collect();
                        self.errors.push(
                            ScriptError::new(
                                "varia::compile::unknown_module",
                                format!("unknown module `{module}`"),
                                name.span,
                                "no such stdlib module",
                            )
                            .with_help(format!("the stdlib has: {}", known.join(", "))),
                        );
                    }
                }
            }
        }
        self.files.push(file);
    }

    fn build(&mut self) -> Option<Variant> {
        let files = std::mem::take(&mut self.files);
        let result = self.build_from(&files);
        self.files = files;
        result
    }

    fn build_from(&mut self, files: &[ast::File]) -> Option<Variant> {
        let errors = &mut self.errors;
        let main_source = files.last().map(|f| f.source)?;
        let mut name = Single::<Spanned<String>>::new();
        let mut board = Single::<ast::BoardDecl>::new();
        let mut symmetry = Single::<Spanned<Symmetry>>::new();
        let mut setup = Single::<Spanned<String>>::new();
        let mut checkmate = Single::<Spanned<ast::GameResult>>::new();
        let mut stalemate = Single::<Spanned<ast::GameResult>>::new();
        let mut move_rule = Single::<Spanned<u32>>::new();
        let mut repetition = Single::<Spanned<u32>>::new();
        let mut regions: Vec<(&ast::RegionDecl, SourceId)> = Vec::new();
        let mut pieces: Vec<(&ast::PieceDecl, SourceId)> = Vec::new();
        let mut promotions: Vec<(&ast::PromotionDecl, SourceId)> = Vec::new();
        let mut castlings: Vec<(&ast::CastlingDecl, SourceId)> = Vec::new();
        let mut borders: Vec<(&ast::RegionDecl, SourceId)> = Vec::new();
        let mut restricts: Vec<&ast::RestrictDecl> = Vec::new();
        let mut alsos: Vec<&ast::AlsoDecl> = Vec::new();
        let mut hooks: Vec<(&ast::HookDecl, SourceId)> = Vec::new();
        let mut counters: Vec<(String, i32)> = Vec::new();
        let mut goals: Vec<&ast::GoalDecl> = Vec::new();
        let mut check_limit = Single::<Item>::new();
        let mut explosion = Single::<Item>::new();

        for file in files {
            let src = file.source;
            for item in &file.items {
                match item {
                    Item::Variant(n) => name.set(n, src, n.span, "the variant's name", errors),
                    Item::Import(_) => {}
                    Item::Board(b) => board.set(b, src, b.span, "the board", errors),
                    Item::Symmetry(s) => symmetry.set(s, src, s.span, "the symmetry", errors),
                    Item::Setup(s) => setup.set(s, src, s.span, "the setup", errors),
                    Item::Checkmate(r) => {
                        checkmate.set(r, src, r.span, "what checkmate means", errors)
                    }
                    Item::Stalemate(r) => {
                        stalemate.set(r, src, r.span, "what stalemate means", errors)
                    }
                    Item::MoveRule(n) => move_rule.set(n, src, n.span, "the move rule", errors),
                    Item::Repetition(n) => {
                        repetition.set(n, src, n.span, "the repetition rule", errors)
                    }
                    Item::Region(r) => {
                        if let Some(i) = regions
                            .iter()
                            .position(|(d, _)| d.name.value == r.name.value)
                        {
                            if regions[i].1 == src {
                                errors.push(duplicate_name(
                                    "region",
                                    &r.name,
                                    regions[i].0.name.span,
                                ));
                            } else {
                                regions[i] = (r, src);
                            }
                        } else {
                            regions.push((r, src));
                        }
                    }
                    Item::Piece(p) => {
                        if let Some(i) = pieces
                            .iter()
                            .position(|(d, _)| d.name.value == p.name.value)
                        {
                            if pieces[i].1 == src {
                                errors.push(duplicate_name(
                                    "piece",
                                    &p.name,
                                    pieces[i].0.name.span,
                                ));
                            } else {
                                pieces[i] = (p, src);
                            }
                        } else {
                            pieces.push((p, src));
                        }
                    }
                    Item::Promotion(p) => {
                        // A later file's promotion rules for a piece replace the earlier files' ones.
                        promotions.retain(|(d, s)| *s == src || d.piece.value != p.piece.value);
                        promotions.push((p, src));
                    }
                    Item::Castling(c) => {
                        castlings.retain(|(_, s)| *s == src);
                        castlings.push((c, src));
                    }
                    Item::Border(b) => {
                        if let Some(i) = borders
                            .iter()
                            .position(|(d, _)| d.name.value == b.name.value)
                        {
                            if borders[i].1 == src {
                                errors.push(duplicate_name(
                                    "border",
                                    &b.name,
                                    borders[i].0.name.span,
                                ));
                            } else {
                                borders[i] = (b, src);
                            }
                        } else {
                            borders.push((b, src));
                        }
                    }
                    Item::Restrict(r) => restricts.push(r),
                    Item::Goal(g) => goals.push(g),
                    Item::CheckLimit(n, _) => {
                        check_limit.set(item, src, n.span, "the checks to give", errors)
                    }
                    Item::Explosion(_, span) => {
                        explosion.set(item, src, *span, "the explosion rule", errors)
                    }
                    Item::Also(a) => alsos.push(a),
                    Item::Counter(n, v) => {
                        if counters.iter().any(|(c, _)| *c == n.value) {
                            errors.push(ScriptError::new(
                                "varia::compile::duplicate",
                                format!("counter `{}` is declared twice", n.value),
                                n.span,
                                "second declaration",
                            ));
                        } else if counters.len() >= crate::ir::MAX_COUNTERS {
                            errors.push(ScriptError::new(
                                "varia::compile::too_many_counters",
                                format!("at most {} counters", crate::ir::MAX_COUNTERS),
                                n.span,
                                "one too many",
                            ));
                        } else {
                            counters.push((n.value.clone(), v.value.min(i32::MAX as u32) as i32));
                        }
                    }
                    Item::Hook(h) => {
                        // A later file's hook replaces an earlier one at the same point.
                        if let Some(i) = hooks
                            .iter()
                            .position(|(d, _)| d.point.value == h.point.value)
                        {
                            if hooks[i].1 == src {
                                errors.push(duplicate_name(
                                    "hook",
                                    &h.point,
                                    hooks[i].0.point.span,
                                ));
                            } else {
                                hooks[i] = (h, src);
                            }
                        } else {
                            hooks.push((h, src));
                        }
                    }
                }
            }
        }

        // The board.
        let Some(board) = board.get() else {
            errors.push(
                ScriptError::new(
                    "varia::compile::missing_board",
                    "the script declares no board",
                    first_item_span(files),
                    "this script has no `board` declaration",
                )
                .with_help("add a board, e.g. `board 8 x 8`"),
            );
            return None;
        };
        let geometry = board_geometry(board, errors)?;
        let symmetry = symmetry.get().map_or(Symmetry::Mirror, |s| s.value);

        // Regions.
        let declared: HashMap<String, &ast::RegionDecl> = regions
            .iter()
            .map(|(d, _)| (d.name.value.clone(), *d))
            .collect();
        let mut evaluator = region::RegionEvaluator::new(&geometry, declared);
        let mut ir_regions = Vec::new();
        for (decl, _) in &regions {
            match evaluator.eval(&decl.expr) {
                Ok(set) => ir_regions.push(Region {
                    name: decl.name.value.clone(),
                    squares: region::for_both_sides(&geometry, set, symmetry),
                }),
                Err(e) => errors.push(e),
            }
        }

        // Pieces.
        if pieces.len() > MAX_PIECE_KINDS {
            errors.push(ScriptError::new(
                "varia::compile::too_many_pieces",
                format!(
                    "{} piece types; at most {MAX_PIECE_KINDS} are allowed",
                    pieces.len()
                ),
                pieces[MAX_PIECE_KINDS].0.name.span,
                "one too many",
            ));
            return None;
        }
        let mut defs: Vec<PieceDef> = Vec::new();
        let mut letters: HashMap<char, Span> = HashMap::new();
        for (p, _) in &pieces {
            if let Some(first) = letters.get(&p.letter.value) {
                errors.push(
                    ScriptError::new(
                        "varia::compile::duplicate_letter",
                        format!("two pieces use the letter `{}`", p.letter.value),
                        p.letter.span,
                        format!("{} uses it", p.name.value),
                    )
                    .with_note(*first, "already used here")
                    .with_help("each piece needs its own FEN letter"),
                );
            } else {
                letters.insert(p.letter.value, p.letter.span);
            }
            let patterns = match betza::compile_betza(&p.moves) {
                Ok(ps) => ps,
                Err(mut es) => {
                    errors.append(&mut es);
                    Vec::new()
                }
            };
            defs.push(PieceDef {
                name: p.name.value.clone(),
                letter: p.letter.value,
                betza: p.betza.value.clone(),
                patterns,
                royal: p.royal,
                resets_move_rule: false,
                region_rules: Vec::new(),
                span: p.span,
            });
        }
        // Borders, `also` moves and `restrict` rules.
        let border_decls: Vec<&ast::RegionDecl> = borders.iter().map(|(d, _)| *d).collect();
        let ir_borders =
            restrict::borders(&geometry, symmetry, &border_decls, &mut evaluator, errors);
        for also in &alsos {
            let Some(kind) = find_kind(&defs, &also.piece, errors) else {
                continue;
            };
            let from = match &also.from {
                Some(expr) => match evaluator.eval(expr) {
                    Ok(set) => Some(region::for_both_sides(&geometry, set, symmetry)),
                    Err(e) => {
                        errors.push(e);
                        continue;
                    }
                },
                None => None,
            };
            match betza::compile_betza(&also.moves) {
                Ok(patterns) => {
                    for mut p in patterns {
                        p.from_region = from;
                        p.royal_only = also.against_royal;
                        defs[kind.0 as usize].patterns.push(p);
                    }
                }
                Err(mut es) => errors.append(&mut es),
            }
        }
        let rules = restrict::restrictions(
            &geometry,
            symmetry,
            &restricts,
            &ir_borders,
            &mut evaluator,
            &|n, e| find_kind(&defs, n, e),
            errors,
        );
        for (kind, rule) in rules {
            defs[kind.0 as usize].region_rules.push(rule);
        }
        for (p, _) in &promotions {
            if let Some(i) = defs.iter().position(|d| d.name == p.piece.value) {
                defs[i].resets_move_rule = true;
            }
        }
        let kind_by_name =
            |n: &Spanned<String>, errors: &mut Vec<ScriptError>| find_kind(&defs, n, errors);

        // Setup placement.
        let Some(setup) = setup.get() else {
            errors.push(
                ScriptError::new(
                    "varia::compile::missing_setup",
                    "the script declares no setup",
                    first_item_span(files),
                    "this script has no `setup` declaration",
                )
                .with_help("add the start position as a FEN, e.g. the orthodox one: setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\""),
            );
            return None;
        };
        let placement_text = setup.value.split_ascii_whitespace().next().unwrap_or("");
        if placement_text.is_empty() {
            errors.push(
                ScriptError::new("varia::compile::bad_setup", "the setup is empty", setup.span, "empty FEN")
                    .with_help("write the start position as a FEN, such as the orthodox `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`"),
            );
            return None;
        }
        let placement_offset = setup.value.find(placement_text).unwrap_or(0);
        let letter_of = |c: char| {
            defs.iter()
                .position(|d| d.letter == c.to_ascii_uppercase())
                .map(|i| PieceKind(i as u8))
        };
        let start_codes = match crate::notation::fen::parse_placement(
            &geometry,
            &letter_of,
            placement_text,
        ) {
            Ok(b) => b,
            Err(e) => {
                errors.push(
                    ScriptError::new(
                        "varia::compile::bad_setup",
                        format!("bad setup: {}", e.message),
                        setup.span.sub(placement_offset + e.start, placement_offset + e.end),
                        "here",
                    )
                    .with_help("the setup is a FEN: ranks from the last to the first, each ended by a slash, digits for runs of empty squares (voids count as empty)"),
                );
                return None;
            }
        };

        // Promotion.
        let promotion = rules::promotion_table(
            &geometry,
            symmetry,
            &promotions,
            &mut evaluator,
            &kind_by_name,
            defs.len(),
            errors,
        );

        // Castling.
        let castling = rules::castling_rules(
            &geometry,
            symmetry,
            &castlings,
            &start_codes,
            &kind_by_name,
            &defs,
            main_source,
            errors,
        );
        let mut castling_kinds: Vec<PieceKind> = Vec::new();
        for r in &castling {
            for k in [r.king, r.rook] {
                if !castling_kinds.contains(&k) {
                    castling_kinds.push(k);
                }
            }
        }

        // Game end.
        let mut ir_goals = Vec::new();
        for g in &goals {
            let squares = match evaluator.eval(&g.region) {
                Ok(set) => region::for_both_sides(&geometry, set, symmetry),
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            };
            let kinds: Vec<PieceKind> = g
                .pieces
                .iter()
                .filter_map(|n| find_kind(&defs, n, errors))
                .collect();
            let region_name = match (&g.region.first, g.region.rest.is_empty()) {
                (ast::RegionTerm::Ref(n), true) => Some(n.value.clone()),
                _ => None,
            };
            ir_goals.push(crate::ir::rule::Goal {
                kinds,
                squares,
                region_name,
                result: result(g.result.value),
            });
        }
        let check_limit = match check_limit.get() {
            Some(Item::CheckLimit(n, r)) => {
                if n.value == 0 {
                    errors.push(
                        ScriptError::new(
                            "varia::compile::bad_check_limit",
                            "the checks to give must be at least 1",
                            n.span,
                            "zero checks",
                        )
                        .with_help("Three-check is `giving 3 checks wins`"),
                    );
                }
                if let Some((name, _)) = counters.iter().find(|(c, _)| c == "checks") {
                    errors.push(
                        ScriptError::new(
                            "varia::compile::duplicate",
                            format!("counter `{name}` is declared twice"),
                            n.span,
                            "this rule keeps the counter `checks`",
                        )
                        .with_help(
                            "drop the `counter checks` declaration; the rule counts the checks",
                        ),
                    );
                } else if counters.len() >= crate::ir::MAX_COUNTERS {
                    errors.push(ScriptError::new(
                        "varia::compile::too_many_counters",
                        format!("at most {} counters", crate::ir::MAX_COUNTERS),
                        n.span,
                        "this rule needs one",
                    ));
                }
                // First, so that FEN's counter field (`3+3`) holds the checks.
                let checks = n.value.min(i32::MAX as u32);
                counters.insert(0, ("checks".to_string(), checks as i32));
                Some(crate::ir::rule::CheckLimit {
                    counter: 0,
                    checks,
                    result: result(r.value),
                })
            }
            _ => None,
        };
        let explosion = match explosion.get() {
            Some(Item::Explosion(spared, _)) => Some(crate::ir::rule::Explosion {
                spared: spared
                    .iter()
                    .filter_map(|n| find_kind(&defs, n, errors))
                    .collect(),
            }),
            _ => None,
        };
        let game_end = crate::ir::rule::GameEndRules {
            checkmate: checkmate.get().map(|r| result(r.value)),
            stalemate: stalemate
                .get()
                .map_or(crate::ir::rule::GameResult::Draws, |r| result(r.value)),
            move_rule: move_rule.get().map(|n| n.value),
            repetition: repetition.get().map(|n| n.value),
            goals: ir_goals,
            check_limit,
            royal_loss: explosion.is_some() && defs.iter().any(|d| d.royal),
        };
        if let Some(mate) = checkmate.get() {
            if !defs.iter().any(|d| d.royal) {
                errors.push(
                    ScriptError::new(
                        "varia::compile::no_royal_piece",
                        "checkmate ends the game, but no piece is royal",
                        mate.span,
                        "checkmate needs a royal piece",
                    )
                    .with_help("mark the king-like piece `royal`, e.g. `piece King K \"K\" royal`"),
                );
            }
        }
        if let Some(n) = repetition.get() {
            if n.value < 2 {
                errors.push(
                    ScriptError::new(
                        "varia::compile::bad_repetition",
                        "a repetition rule needs a count of at least 2",
                        n.span,
                        "too small",
                    )
                    .with_help("threefold repetition is `repetition 3`"),
                );
            }
        }

        let hooks = compile_hooks(&hooks, errors);
        if !errors.is_empty() {
            return None;
        }
        let tables = tables::build_tables(&geometry, symmetry, &defs, &promotion);
        let zobrist = ZobristKeys::new(geometry.cells(), 1 + 2 * defs.len());
        let variant = Variant {
            name: name
                .get()
                .map_or_else(|| "Untitled".to_string(), |n| n.value.clone()),
            geometry,
            symmetry,
            pieces: defs,
            regions: ir_regions,
            borders: ir_borders,
            counters,
            hooks,
            explosion,
            start_fen: setup.value.clone(),
            start_codes,
            promotion,
            castling_squares: castling
                .iter()
                .flat_map(|r| [r.king_from, r.rook_from])
                .collect(),
            castling,
            castling_kinds,
            game_end,
            tables,
            zobrist,
        };
        // The whole setup must be a legal position.
        let variant = Arc::new(variant);
        match crate::notation::fen::parse_fen(&variant, &setup.value) {
            Ok(s) => {
                if let Err(e) = crate::vm::Position::from_setup(&variant, &s) {
                    for kind in &e.kinds {
                        errors.push(position_error(kind, setup));
                    }
                }
            }
            Err(e) => errors.push(
                ScriptError::new(
                    "varia::compile::bad_setup",
                    format!("bad setup: {}", e.message),
                    setup.span.sub(e.start, e.end),
                    "here",
                )
                .with_help("a FEN has six fields: placement, side to move, castling rights, en passant, half-move clock, move number"),
            ),
        }
        if !errors.is_empty() {
            return None;
        }
        Arc::try_unwrap(variant).ok()
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

/// A setup that is not a legal position: the error, pointing at the FEN
/// field it is about.
fn position_error(kind: &crate::vm::PositionErrorKind, setup: &Spanned<String>) -> ScriptError {
    use crate::vm::PositionErrorKind as K;
    let field_index = match kind {
        K::BadCastlingRight { .. } => 2,
        K::BadEnPassant { .. } => 3,
        _ => 0,
    };
    let mut offset = 0;
    let mut field = (0, setup.value.len());
    for (i, part) in setup.value.split_ascii_whitespace().enumerate() {
        let start = setup.value[offset..]
            .find(part)
            .map_or(offset, |j| offset + j);
        offset = start + part.len();
        if i == field_index {
            field = (start, offset);
            break;
        }
    }
    let (label, help) = match kind {
        K::BadCastlingRight { .. } => (
            "this castling right",
            "a castling right needs its king and rook on their squares",
        ),
        K::BadEnPassant { .. } => (
            "this en passant field",
            "the en passant field names the square a piece just passed, or `-`",
        ),
        K::MissingRoyal { .. } => (
            "this placement",
            "each side needs a royal piece, since the variant has one",
        ),
        K::OppositeCheck => (
            "this placement",
            "the side that just moved may not have left its royal piece attacked",
        ),
        _ => (
            "this placement",
            "the setup must be a legal position of the variant",
        ),
    };
    ScriptError::new(
        "varia::compile::bad_setup",
        format!("bad setup: {kind}"),
        setup.span.sub(field.0, field.1),
        label,
    )
    .with_help(help)
}

/// Compiles the hooks (None when the script has none, so the VM pays nothing).
fn compile_hooks(
    decls: &[(&ast::HookDecl, SourceId)],
    errors: &mut Vec<ScriptError>,
) -> Option<Arc<crate::ir::hook::HookPrograms>> {
    use crate::ir::hook::{self, HookPoint, HookProgram, HookPrograms};
    let mut bodies = Vec::new();
    for (decl, _) in decls {
        match HookPoint::from_name(&decl.point.value) {
            Some(point) => bodies.push((point, decl.code.value.clone(), decl.code.span)),
            None => errors.push(
                ScriptError::new(
                    "varia::hook::unknown_point",
                    format!("unknown hook point `{}`", decl.point.value),
                    decl.point.span,
                    "no such hook",
                )
                .with_help("hooks run at game-end, move-filter, after-move or promotion"),
            ),
        }
    }
    if bodies.is_empty() {
        return None;
    }
    // Parsing needs an engine; it gets the runtime's limits, so that the
    // two accept the same programs. It never runs anything.
    let mut parser = rhai::Engine::new();
    hook::apply_sandbox_limits(&mut parser);
    let mut programs = HookPrograms::default();
    let mut failed = false;
    for (point, body, span) in bodies {
        match parser.compile(hook::wrapped_source(&body)) {
            Ok(ast) => programs.hooks.push(HookProgram {
                point,
                ast,
                span,
                body,
            }),
            Err(e) => {
                failed = true;
                errors.push(
                    ScriptError::new(
                        "varia::hook::syntax",
                        format!("error in the {} hook: {}", point.name(), e.0),
                        hook::script_span(&body, span, e.1),
                        "here",
                    )
                    .with_help("hooks are Rhai code; see README.md for what `pos` and `mv` offer"),
                );
            }
        }
    }
    if failed {
        None
    } else {
        Some(Arc::new(programs))
    }
}

/// The piece kind of a name, or an "unknown piece" error.
fn find_kind(
    defs: &[PieceDef],
    n: &Spanned<String>,
    errors: &mut Vec<ScriptError>,
) -> Option<PieceKind> {
    match defs.iter().position(|d| d.name == n.value) {
        Some(i) => Some(PieceKind(i as u8)),
        None => {
            let known: Vec<&str> = defs.iter().map(|d| d.name.as_str()).collect();
            errors.push(
                ScriptError::new(
                    "varia::compile::unknown_piece",
                    format!("unknown piece `{}`", n.value),
                    n.span,
                    "not declared",
                )
                .with_help(if known.is_empty() {
                    "declare it with `piece Name L \"betza\"`".to_string()
                } else {
                    format!("the pieces are: {}", known.join(", "))
                }),
            );
            None
        }
    }
}

fn stdlib_name(module: &str) -> String {
    format!("stdlib/{module}.variant")
}

fn result(r: ast::GameResult) -> crate::ir::rule::GameResult {
    match r {
        ast::GameResult::Wins => crate::ir::rule::GameResult::Wins,
        ast::GameResult::Loses => crate::ir::rule::GameResult::Loses,
        ast::GameResult::Draws => crate::ir::rule::GameResult::Draws,
    }
}

fn duplicate_name(what: &str, name: &Spanned<String>, first: Span) -> ScriptError {
    ScriptError::new(
        "varia::compile::duplicate",
        format!("{what} `{}` is declared twice", name.value),
        name.span,
        "second declaration",
    )
    .with_note(first, "first declared here")
    .with_help("rename one of them, or delete one")
}

fn board_geometry(board: &ast::BoardDecl, errors: &mut Vec<ScriptError>) -> Option<Geometry> {
    let (f, r) = (board.files.value, board.ranks.value);
    let bad = |span: Span, msg: String| {
        ScriptError::new("varia::compile::board_size", msg, span, "this size")
            .with_help("boards run from 2 x 2 up to 26 files, with at most 256 squares (16 x 16)")
    };
    let size = board.files.span.to(board.ranks.span);
    if !(2..=26).contains(&f) || r < 2 || f.saturating_mul(r) > 256 {
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
                "varia::compile::board_size",
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
                "varia::compile::board_ranks",
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
                ScriptError::new("varia::compile::board_ranks", message, width.span, label)
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
