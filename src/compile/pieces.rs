//! The pieces pass: regions, piece declarations → [`PieceDef`]s with their
//! Betza moves, then what other declarations add to the pieces: borders,
//! `also` moves, `restrict` rules, and which pieces promote (their moves
//! reset the move rule).

use std::collections::HashMap;

use crate::compile::betza;
use crate::compile::declarations::Declarations;
use crate::compile::region::{self, RegionEvaluator};
use crate::compile::restrict;
use crate::diagnostics::{Code, ScriptError};
use crate::ir::geometry::{Geometry, SquareSet};
use crate::ir::piece::{ByColor, Color, PieceDef, PieceKind, MAX_PIECE_KINDS};
use crate::ir::rule::RoyalGroup;
use crate::ir::{Border, Region, Symmetry};
use crate::source::{SourceId, Span, Spanned};
use crate::syntax::ast::{self, Item};

/// The region evaluator over the declared regions, and the regions
/// evaluated in declaration order (the broken ones reported).
pub(super) fn regions<'a>(
    geometry: &'a Geometry,
    symmetry: Symmetry,
    decls: &Declarations<'a>,
    errors: &mut Vec<ScriptError>,
) -> (RegionEvaluator<'a>, Vec<Region>) {
    let declared: HashMap<String, &ast::RegionDecl> = decls
        .regions
        .decls()
        .map(|d| (d.name.value.clone(), d))
        .collect();
    let mut evaluator = RegionEvaluator::new(geometry, declared);
    let mut out = Vec::new();
    for decl in decls.regions.decls() {
        match evaluator.eval(&decl.expr) {
            Ok(set) => out.push(Region {
                name: decl.name.value.clone(),
                squares: region::for_both_sides(geometry, set, symmetry),
            }),
            Err(e) => errors.push(e),
        }
    }
    (evaluator, out)
}

/// The piece definitions with their own moves; `None` if there are more
/// piece types than the VM has room for.
pub(super) fn piece_defs(
    decls: &Declarations<'_>,
    errors: &mut Vec<ScriptError>,
) -> Option<Vec<PieceDef>> {
    let pieces = &decls.pieces.items;
    if pieces.len() > MAX_PIECE_KINDS {
        errors.push(ScriptError::new(
            Code::CompileTooManyPieces,
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
    let mut letters: HashMap<(bool, char), (Span, &str, SourceId)> = HashMap::new();
    for &(p, source) in &decls.pieces.items {
        let token = (p.plus_mark, p.letter.value);
        if let Some(&(first, first_name, first_source)) = letters.get(&token) {
            let help = if first_source != source {
                format!(
                    "each piece needs its own FEN letter: to put {} in place of the imported \
                     {first_name}, write `remove {first_name}` first",
                    p.name.value
                )
            } else {
                "each piece needs its own FEN letter".to_string()
            };
            errors.push(
                ScriptError::new(
                    Code::CompileDuplicateLetter,
                    format!(
                        "two pieces use the letter `{}{}`",
                        if p.plus_mark { "+" } else { "" },
                        p.letter.value
                    ),
                    p.letter.span,
                    format!("{} uses it", p.name.value),
                )
                .with_note(first, "already used here")
                .with_help(help),
            );
        } else {
            letters.insert(token, (p.letter.span, p.name.value.as_str(), source));
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
            plus_mark: p.plus_mark,
            betza: p.betza.value.clone(),
            patterns,
            royal: p.royal,
            royal_group: None,
            petrifies: false,
            first_moves_in_fen: false,
            first_moves_lost_to: 0,
            takes_first_moves: false,
            pawn_like: false,
            taken_en_passant: false,
            resets_move_rule: false,
            moves_back: false,
            region_rules: Vec::new(),
            only_takes_checker: ByColor::default(),
            never_takes: ByColor::default(),
            never_hops: ByColor::default(),
            span: p.span,
        });
    }
    Some(defs)
}

/// Adds what the other declarations say about the pieces: the borders
/// (returned), `also` moves, `restrict` rules, the pawns, the pieces that
/// reset the move rule, and the royal groups (returned).
pub(super) fn add_piece_rules(
    geometry: &Geometry,
    symmetry: Symmetry,
    decls: &Declarations<'_>,
    evaluator: &mut RegionEvaluator<'_>,
    defs: &mut [PieceDef],
    errors: &mut Vec<ScriptError>,
) -> (Vec<Border>, Vec<RoyalGroup>) {
    let border_decls: Vec<&ast::RegionDecl> = decls.borders.decls().collect();
    let borders = restrict::borders(geometry, symmetry, &border_decls, evaluator, errors);
    for also in &decls.alsos {
        add_also_moves(geometry, symmetry, also, evaluator, defs, errors);
    }
    let rules = restrict::restrictions(
        geometry,
        symmetry,
        &decls.restricts,
        &borders,
        evaluator,
        &|n, e| find_kind(defs, n, e),
        errors,
    );
    for (kind, rule) in rules {
        defs[kind.0 as usize].region_rules.push(rule);
    }
    for (kind, colors) in
        restrict::checker_takers(&decls.restricts, &|n, e| find_kind(defs, n, e), errors)
    {
        let flags = &mut defs[kind.0 as usize].only_takes_checker;
        flags.white |= colors.white;
        flags.black |= colors.black;
    }
    let royal: Vec<bool> = defs.iter().map(|d| d.royal).collect();
    let bans = restrict::capture_bans(
        &decls.restricts,
        &|n, e| find_kind(defs, n, e),
        &|k| royal[k.0 as usize],
        errors,
    );
    for (kind, colors, targets) in bans {
        let bits = targets.iter().fold(0u64, |b, k| b | 1 << k.0);
        let banned = &mut defs[kind.0 as usize].never_takes;
        for color in Color::ALL.into_iter().filter(|&c| *colors.get(c)) {
            *banned.get_mut(color) |= bits;
        }
    }
    for (kind, colors, screens) in
        restrict::hop_bans(&decls.restricts, &|n, e| find_kind(defs, n, e), errors)
    {
        let bits = screens.iter().fold(0u64, |b, k| b | 1 << k.0);
        let banned = &mut defs[kind.0 as usize].never_hops;
        for color in Color::ALL.into_iter().filter(|&c| *colors.get(c)) {
            *banned.get_mut(color) |= bits;
        }
    }
    mark_pawns(decls, defs);
    mark_move_rule_resetters(decls, defs, errors);
    mark_en_passant_victims(decls, defs, errors);
    let groups = royal_groups(decls, defs, errors);
    mark_petrifying(decls, defs, errors);
    mark_first_moves(decls, defs, errors);
    (borders, groups)
}

/// Marks the pawns ([`PieceDef::pawn_like`]): the pieces that promote,
/// into pieces that do not promote again.
fn mark_pawns(decls: &Declarations<'_>, defs: &mut [PieceDef]) {
    // A piece whose promotion is `optional` `in or from` a zone (shogi's)
    // does not reset the counter: Fairy-Stockfish resets it on captures and
    // pawn moves only, and a shogi pawn is not its chess pawn (Grand chess's
    // pawn, `optional` on arrival only, is). Nor does one that promotes
    // into a piece that promotes again (Kyoto shogi's pieces, which turn
    // over on every move: Fairy-Stockfish's demoting pieces), nor one
    // that promotes shogi-style only, into a `+` piece (EuroShogi's
    // compulsory promotions): FS's counter pieces are the chess pawns. A
    // chess pawn may have a `+` piece among its choices (Wolf chess's
    // elephant, FS's `promotedPieceType` beside its promotion types).
    let promotes = |name: &str| {
        decls
            .promotions
            .iter()
            .any(|(p, _, _)| p.piece.value == name)
    };
    for (p, _, _) in decls
        .promotions
        .iter()
        .filter(|(p, _, _)| !(p.optional && p.from_too))
    {
        let shogi_style = |name: &str| defs.iter().any(|d| d.name == name && d.plus_mark);
        if p.choices.iter().any(|c| promotes(&c.value))
            || p.choices.iter().all(|c| shogi_style(&c.value))
        {
            continue;
        }
        if let Some(i) = defs.iter().position(|d| d.name == p.piece.value) {
            defs[i].pawn_like = true;
        }
    }
}

/// Marks the pieces whose moves reset the move rule: the pawns, or the
/// pieces `move-rule N reset by captures and …` names (none after a bare
/// `reset by captures`, Pawnback's, where a pawn's step back undoes its
/// step forward).
fn mark_move_rule_resetters(
    decls: &Declarations<'_>,
    defs: &mut [PieceDef],
    errors: &mut Vec<ScriptError>,
) {
    let Some(named) = decls.move_rule_resetters else {
        for def in defs.iter_mut() {
            def.resets_move_rule = def.pawn_like;
        }
        return;
    };
    for name in named {
        if let Some(kind) = find_kind(defs, name, errors) {
            defs[kind.0 as usize].resets_move_rule = true;
        }
    }
}

/// Marks the pieces whose double steps may be taken en passant: the
/// pieces that capture en passant themselves, or those `en passant takes
/// …` names (each must have a move that passes squares, and some piece
/// must capture en passant).
fn mark_en_passant_victims(
    decls: &Declarations<'_>,
    defs: &mut [PieceDef],
    errors: &mut Vec<ScriptError>,
) {
    let Some(Item::EnPassantTakes(named, span)) = decls.en_passant_takes.get() else {
        for def in defs.iter_mut() {
            def.taken_en_passant = def.captures_en_passant();
        }
        return;
    };
    let bad = |at: Span, message: String, label: &str| {
        ScriptError::new(Code::CompileBadEnPassant, message, at, label.to_string())
    };
    if !defs.iter().any(|d| d.captures_en_passant()) {
        errors.push(
            bad(
                *span,
                "no piece captures en passant".into(),
                "nothing could take these pieces",
            )
            .with_help("give the capturing piece an `e` move, as the pawn's `fmWfceF`"),
        );
    }
    for name in named {
        let Some(kind) = find_kind(defs, name, errors) else {
            continue;
        };
        let def = &mut defs[kind.0 as usize];
        if !def.patterns.iter().any(|p| p.passes_squares()) {
            errors.push(
                bad(
                    name.span,
                    format!("{} has no move that passes squares", name.value),
                    "no capture en passant could take it",
                )
                .with_help("its double step is a straight lame leap such as `ifmnD` (or `also PIECE \"fmnD\" from REGION`), or a ride"),
            );
        }
        def.taken_en_passant = true;
    }
}

/// `also Piece "betza" [from REGION] [against royal]`: more moves for a piece.
fn add_also_moves(
    geometry: &Geometry,
    symmetry: Symmetry,
    also: &ast::AlsoDecl,
    evaluator: &mut RegionEvaluator<'_>,
    defs: &mut [PieceDef],
    errors: &mut Vec<ScriptError>,
) {
    let Some(kind) = find_kind(defs, &also.piece, errors) else {
        return;
    };
    // `from REGION`, `within REGION`: each side's squares.
    let mut sides_of = |expr: &Option<_>| match expr {
        Some(expr) => evaluator
            .eval(expr)
            .map(|set| Some(region::for_both_sides(geometry, set, symmetry))),
        None => Ok(None),
    };
    let (from, within) = match (sides_of(&also.from), sides_of(&also.within)) {
        (Ok(from), Ok(within)) => (from, within),
        (Err(e), _) | (_, Err(e)) => {
            errors.push(e);
            return;
        }
    };
    match betza::compile_betza(&also.moves) {
        Ok(patterns) => {
            for mut p in patterns {
                p.from_region = from;
                p.within_region = within;
                p.royal_only = also.against_royal;
                p.unless_in_check = also.unless_in_check;
                defs[kind.0 as usize].patterns.push(p);
            }
        }
        Err(mut es) => errors.append(&mut es),
    }
}

/// The piece kind of a name, or an "unknown piece" error.
pub(super) fn find_kind(
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
                    Code::CompileUnknownPiece,
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

/// `white has no royal piece`: the sides that play without one.
pub(super) fn without_royal(decls: &Declarations<'_>) -> ByColor<bool> {
    ByColor::from_fn(|c| {
        decls.without_royal.iter().any(|item| {
            matches!(
                (item, c),
                (Item::WithoutRoyal(ast::Side::White, _), Color::White)
                    | (Item::WithoutRoyal(ast::Side::Black, _), Color::Black)
            )
        })
    })
}

/// `en passant in R`: where each side's captures en passant may land.
pub(super) fn en_passant_region(
    geometry: &Geometry,
    symmetry: Symmetry,
    decls: &Declarations<'_>,
    evaluator: &mut RegionEvaluator<'_>,
    errors: &mut Vec<ScriptError>,
) -> Option<ByColor<SquareSet>> {
    let Some(Item::EnPassantRegion(region, _)) = decls.en_passant_region.get() else {
        return None;
    };
    match evaluator.eval(region) {
        Ok(set) => Some(region::for_both_sides(geometry, set, symmetry)),
        Err(e) => {
            errors.push(e);
            None
        }
    }
}

/// Whether some piece may move only to take the checker while its side is
/// in check (`restrict … in check only take the checker`).
pub(super) fn some_piece_only_takes_checker(defs: &[PieceDef]) -> bool {
    defs.iter()
        .any(|d| d.only_takes_checker.white || d.only_takes_checker.black)
}

/// `check when the last … is attacked` / `check when every … is attacked`:
/// the royal groups, each kind marked with its group. A piece declared
/// `royal`, or named by two groups, is an error.
pub(super) fn royal_groups(
    decls: &Declarations<'_>,
    defs: &mut [PieceDef],
    errors: &mut Vec<ScriptError>,
) -> Vec<RoyalGroup> {
    let mut groups = Vec::new();
    for item in &decls.royal_groups {
        let Item::RoyalGroup(names, every, _) = item else {
            continue;
        };
        let index = groups.len() as u8;
        let mut kinds = 0u64;
        for name in names {
            let Some(kind) = find_kind(defs, name, errors) else {
                continue;
            };
            let def = &mut defs[kind.0 as usize];
            let problem = if def.royal {
                Some("it is declared `royal`: each of its pieces is royal on its own")
            } else if def.royal_group.is_some() {
                Some("another royal group names it already")
            } else {
                None
            };
            if let Some(label) = problem {
                errors.push(
                    ScriptError::new(
                        Code::CompileBadRoyalGroup,
                        format!("`{}` cannot be in this royal group", name.value),
                        name.span,
                        label,
                    )
                    .with_help("take `royal` off the piece, or name each piece in one group"),
                );
                continue;
            }
            def.royal_group = Some(index);
            kinds |= 1 << kind.0;
        }
        groups.push(RoyalGroup {
            kinds,
            every: *every,
        });
    }
    groups
}

/// `first moves of A, B in FEN` and `first moves of A lost when a B moves
/// onto its rank or file`: marks the pieces; one without `i` moves is an
/// error (the rule would say nothing of it).
fn mark_first_moves(
    decls: &Declarations<'_>,
    defs: &mut [PieceDef],
    errors: &mut Vec<ScriptError>,
) {
    for decl in &decls.first_moves {
        let lost_to = match &decl.lost_to {
            Some(name) => match find_kind(defs, name, errors) {
                Some(kind) => {
                    defs[kind.0 as usize].takes_first_moves = true;
                    1u64 << kind.0
                }
                None => continue,
            },
            None => 0,
        };
        for name in &decl.pieces {
            let Some(kind) = find_kind(defs, name, errors) else {
                continue;
            };
            let def = &mut defs[kind.0 as usize];
            if !def.has_initial_moves() {
                errors.push(
                    ScriptError::new(
                        Code::CompileBadFirstMoves,
                        format!("{} has no first moves", name.value),
                        name.span,
                        "no `i` move",
                    )
                    .with_help(format!(
                        "give it a first move (`also {} \"ifmW\"`: a step forward while it has never moved), or leave it out",
                        name.value
                    )),
                );
                continue;
            }
            def.first_moves_in_fen |= decl.lost_to.is_none();
            def.first_moves_lost_to |= lost_to;
        }
    }
}

/// `captures petrify …`: marks the kinds that turn to stone when they
/// capture. A royal kind is an error (it would leave the board).
fn mark_petrifying(decls: &Declarations<'_>, defs: &mut [PieceDef], errors: &mut Vec<ScriptError>) {
    let Some(Item::Petrify(names, _)) = decls.petrify.get() else {
        return;
    };
    for name in names {
        let Some(kind) = find_kind(defs, name, errors) else {
            continue;
        };
        let def = &mut defs[kind.0 as usize];
        if def.royal_like() {
            errors.push(
                ScriptError::new(
                    Code::CompileBadPetrify,
                    format!("a royal {} cannot turn to stone", name.value),
                    name.span,
                    "royal: it would leave the board by capturing",
                )
                .with_help("give it no captures (Betza `m…`, as `piece King K \"mK\" royal`) and leave it out of the list"),
            );
            continue;
        }
        def.petrifies = true;
    }
}
