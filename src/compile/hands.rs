//! The hands pass: `hands`, `demote`, `drop` and `gate` → the IR's [`Hands`].
//!
//! Drop regions are read like every other region (from White's side,
//! reflected for Black); `never-stuck` squares are removed once the move
//! tables exist ([`remove_stuck_squares`]).

use crate::compile::declarations::Declarations;
use crate::compile::pieces::find_kind;
use crate::compile::region::{for_both_sides, RegionEvaluator};
use crate::diagnostics::{Code, ScriptError};
use crate::ir::geometry::{Geometry, SquareSet};
use crate::ir::hand::{Gating, Hands};
use crate::ir::pattern::MoveTables;
use crate::ir::piece::{ByColor, Color, Piece, PieceDef, PieceKind};
use crate::ir::rule::PromotionTable;
use crate::ir::Symmetry;
use crate::source::{SourceId, Span, Spanned};
use crate::syntax::ast::{self, DropRule, Item};

/// The hands of a variant before the move tables exist: the rules, for
/// each kind the `drop` declaration that asks for `never-stuck`, and the
/// `gate` rule (its squares are the drop squares left at the end).
pub(super) struct HandsPlan {
    pub hands: Hands,
    never_stuck: Vec<Option<Span>>,
    gate: Option<GatePlan>,
}

/// A `gate` rule read: the gate region per side, and the kinds that may gate.
struct GatePlan {
    region: ByColor<SquareSet>,
    kinds: Vec<bool>,
}

/// Reads `hands`, `demote` and `drop`; `None` when the variant has no
/// hands (then `demote` and `drop` are errors).
pub(super) fn hands_plan(
    geometry: &Geometry,
    symmetry: Symmetry,
    decls: &Declarations<'_>,
    regions: &mut RegionEvaluator<'_>,
    defs: &[PieceDef],
    promotion: &PromotionTable,
    errors: &mut Vec<ScriptError>,
) -> Option<HandsPlan> {
    let anything_promotes = !promotion.choice_sets.is_empty();
    let Some(Item::Hands(hands_kind, _)) = decls.hands.get() else {
        report_hand_rules_without_hands(decls, errors);
        return None;
    };
    let kinds = defs.len();
    let mut hands = Hands {
        keep_captures: *hands_kind == ast::HandsKind::KeepCaptures,
        demoted: (0..kinds).map(|k| PieceKind(k as u8)).collect(),
        promoted_to: None,
        drop_squares: vec![*geometry.squares(); 1 + 2 * kinds],
        per_file: vec![0; kinds],
        no_mate: vec![false; kinds],
        no_check: vec![false; kinds],
        never_dropped: vec![false; kinds],
        faces: vec![None; kinds],
        hand_kind: (0..kinds).map(|k| PieceKind(k as u8)).collect(),
        drops: true,
        gating: None,
        compulsory: decls.drops_compulsory.get().is_some(),
        opposite_colours: vec![false; kinds],
        castling_from_drops: decls.castling_from_drops.get().is_some(),
        royal_drops: false,
        unlimited: *hands_kind == ast::HandsKind::Unlimited,
        beside_own: vec![false; kinds],
        away_from_enemy: vec![false; kinds],
        enclosing: vec![false; kinds],
        falling: vec![false; kinds],
        first_fill: first_fill(geometry, symmetry, decls, regions, errors),
    };
    hands.drops = !no_drops(decls, errors);
    hands.royal_drops = hands.drops && !hands.keep_captures && defs.iter().any(|d| d.royal_like());
    hands.drop_squares[0] = SquareSet::EMPTY;
    for d in &decls.demotes {
        demote(d, defs, anything_promotes, &mut hands, errors);
    }
    let never_stuck = read_drops(
        geometry, symmetry, decls, regions, defs, promotion, &mut hands, errors,
    );
    let gate = match decls.gate.get() {
        Some(Item::Gate(g)) => gate_plan(g, geometry, symmetry, regions, defs, errors),
        _ => None,
    };
    Some(HandsPlan {
        hands,
        never_stuck,
        gate,
    })
}

/// The `drop` rules: each kind's drop squares a side and its drop rules;
/// per kind, the span of the rule asking for `never-stuck` (applied once
/// the move tables exist).
#[allow(clippy::too_many_arguments)]
fn read_drops(
    geometry: &Geometry,
    symmetry: Symmetry,
    decls: &Declarations<'_>,
    regions: &mut RegionEvaluator<'_>,
    defs: &[PieceDef],
    promotion: &PromotionTable,
    hands: &mut Hands,
    errors: &mut Vec<ScriptError>,
) -> Vec<Option<Span>> {
    let mut never_stuck = vec![None; defs.len()];
    // Per kind and side, the `drop` rule that placed it.
    let mut ruled: Vec<ByColor<Option<(SourceId, &ast::DropDecl)>>> =
        vec![ByColor::from_fn(|_| None); defs.len()];
    for (d, source) in &decls.drops {
        let kinds_named: Vec<PieceKind> = d
            .pieces
            .iter()
            .filter_map(|n| find_kind(defs, n, errors))
            .collect();
        let squares = match &d.region {
            None => *geometry.squares(),
            Some(expr) => match regions.eval(expr) {
                Ok(s) => s,
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            },
        };
        let both = for_both_sides(geometry, squares, symmetry);
        let colors: &[Color] = match d.side {
            None => &Color::ALL,
            Some(ast::Side::White) => &[Color::White],
            // The region as Black sees it: Black's squares are the
            // reflection of what it names.
            Some(ast::Side::Black) => &[Color::Black],
        };
        if let (Some(_), Some(never)) =
            (d.side, d.rules.iter().find(|r| r.value == DropRule::Never))
        {
            errors.push(
                ScriptError::new(
                    Code::CompileBadDrop,
                    "`never` holds for both sides",
                    never.span,
                    "one side only",
                )
                .with_help(format!(
                    "write `drop {} never` without a side",
                    d.pieces
                        .iter()
                        .map(|p| p.value.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            );
            continue;
        }
        for (kind, name) in kinds_named.iter().zip(&d.pieces) {
            let k = kind.0 as usize;
            if let Err(e) = check_second_rule(&ruled[k], *source, colors, name) {
                errors.push(e);
                continue;
            }
            if let Err(e) = check_other_side_rules(&ruled[k], *source, d, name) {
                errors.push(e);
            }
            for &color in colors {
                *ruled[k].get_mut(color) = Some((*source, d));
                let code = Piece { color, kind: *kind }.code() as usize;
                hands.drop_squares[code] = *both.get(color);
            }
            never_stuck[k] = set_drop_rules(hands, k, d);
            if hands.never_dropped[k] {
                never_dropped(hands, *kind, d, errors);
            }
            if let Some(rule) = d.rules.iter().find(|r| r.value == DropRule::EitherFace) {
                if let Some(face) =
                    other_face(*kind, name, rule.span, defs, promotion, hands, errors)
                {
                    hands.faces[k] = Some(face);
                    hands.hand_kind[face.0 as usize] = *kind;
                }
            }
        }
    }
    for (k, sides) in ruled.iter().enumerate() {
        if let Err(e) = check_one_sided_rules(sides, &defs[k].name) {
            errors.push(e);
        }
    }
    never_stuck
}

/// A second `drop` rule for a kind: an error where the script already
/// placed the kind's drops for one of `colors` (a script importing
/// another may override its rules).
fn check_second_rule(
    ruled: &ByColor<Option<(SourceId, &ast::DropDecl)>>,
    source: SourceId,
    colors: &[Color],
    name: &Spanned<String>,
) -> Result<(), ScriptError> {
    for &color in colors {
        if let Some((s, first)) = ruled.get(color) {
            if *s == source {
                return Err(ScriptError::new(
                    Code::CompileBadDrop,
                    format!("{} has two drop rules", name.value),
                    name.span,
                    "second rule",
                )
                .with_note(first.span, "first rule")
                .with_help("put everything about its drops in one `drop` rule"));
            }
        }
    }
    Ok(())
}

/// One side's `drop` line for a kind whose other side's line gives other
/// drop rules: an error (they hold for both sides).
fn check_other_side_rules(
    ruled: &ByColor<Option<(SourceId, &ast::DropDecl)>>,
    source: SourceId,
    d: &ast::DropDecl,
    name: &Spanned<String>,
) -> Result<(), ScriptError> {
    let Some(side) = d.side else {
        return Ok(());
    };
    let other = if side == ast::Side::White {
        Color::Black
    } else {
        Color::White
    };
    match ruled.get(other) {
        Some((s, first)) if *s == source && !same_rules(first, d) => Err(ScriptError::new(
            Code::CompileBadDrop,
            format!("{}'s drop rules differ between the sides", name.value),
            d.span,
            "other rules",
        )
        .with_note(first.span, "the other side's")
        .with_help("a kind's drop rules hold for both sides: only its squares may differ")),
        _ => Ok(()),
    }
}

/// Whether two `drop` lines give the same drop rules (in any order).
fn same_rules(a: &ast::DropDecl, b: &ast::DropDecl) -> bool {
    let has_all = |x: &ast::DropDecl, y: &ast::DropDecl| {
        x.rules
            .iter()
            .all(|r| y.rules.iter().any(|q| q.value == r.value))
    };
    has_all(a, b) && has_all(b, a)
}

/// A kind placed by one side's line alone may not give drop rules: they
/// would hold for the other side too.
fn check_one_sided_rules(
    sides: &ByColor<Option<(SourceId, &ast::DropDecl)>>,
    name: &str,
) -> Result<(), ScriptError> {
    let ((Some((_, d)), None) | (None, Some((_, d)))) = (sides.white, sides.black) else {
        return Ok(());
    };
    match (d.side, d.rules.first()) {
        (Some(side), Some(rule)) => Err(ScriptError::new(
            Code::CompileBadDrop,
            format!(
                "{name}'s drop rules are given for {} alone, but they hold for both sides",
                if side == ast::Side::White {
                    "White"
                } else {
                    "Black"
                }
            ),
            rule.span,
            "for both sides",
        )
        .with_help(format!(
            "give the other side's drops of {name} a line with the same rules"
        ))),
        _ => Ok(()),
    }
}

/// `drop … never`: the kind has no drop squares; a region or another
/// rule beside it is an error.
fn never_dropped(
    hands: &mut Hands,
    kind: PieceKind,
    d: &ast::DropDecl,
    errors: &mut Vec<ScriptError>,
) {
    for color in Color::ALL {
        hands.drop_squares[Piece { color, kind }.code() as usize] = SquareSet::EMPTY;
    }
    let never = d.rules.iter().find(|r| r.value == DropRule::Never);
    if let (Some(never), true) = (never, d.region.is_some() || d.rules.len() > 1) {
        errors.push(
            ScriptError::new(
                Code::CompileBadDrop,
                "a piece that is never dropped has no drop region or other drop rule",
                never.span,
                "never dropped",
            )
            .with_help("write `drop Pawn never` alone"),
        );
    }
}

/// The simple drop rules of `d` for the kind `k`; returns the span of the
/// declaration if it asks for `never-stuck` (applied once the tables exist).
fn set_drop_rules(hands: &mut Hands, k: usize, d: &ast::DropDecl) -> Option<Span> {
    let has = |r: DropRule| d.rules.iter().any(|x| x.value == r);
    hands.per_file[k] = d
        .rules
        .iter()
        .find_map(|r| match r.value {
            DropRule::PerFile(n) => Some(n),
            _ => None,
        })
        .unwrap_or(0);
    hands.no_mate[k] = has(DropRule::NoMate);
    hands.no_check[k] = has(DropRule::NoCheck);
    hands.never_dropped[k] = has(DropRule::Never);
    hands.opposite_colours[k] = has(DropRule::OppositeColours);
    hands.beside_own[k] = has(DropRule::BesideOwn);
    hands.away_from_enemy[k] = has(DropRule::AwayFromEnemy);
    hands.enclosing[k] = has(DropRule::Enclosing);
    hands.falling[k] = has(DropRule::Falling);
    has(DropRule::NeverStuck).then_some(d.span)
}

/// `drops first fill R`: the region as each side sees it; a side's own
/// line (`white drops first fill R`) replaces it for that side, and a
/// side with neither has no such region.
fn first_fill(
    geometry: &Geometry,
    symmetry: Symmetry,
    decls: &Declarations<'_>,
    regions: &mut RegionEvaluator<'_>,
    errors: &mut Vec<ScriptError>,
) -> Option<ByColor<SquareSet>> {
    if decls.drops_first.iter().all(|d| d.get().is_none()) {
        return None;
    }
    let mut region = |index: usize| {
        let Some(Item::DropsFirst(_, expr, _)) = decls.drops_first[index].get() else {
            return None;
        };
        match regions.eval(expr) {
            Ok(squares) => Some(for_both_sides(geometry, squares, symmetry)),
            Err(e) => {
                errors.push(e);
                None
            }
        }
    };
    let both = region(0).unwrap_or_default();
    let (white, black) = (region(1), region(2));
    Some(ByColor {
        white: white.map_or(both.white, |w| w.white),
        black: black.map_or(both.black, |b| b.black),
    })
}

/// A variant without `hands`: each declaration about pieces in hand is an
/// error.
fn report_hand_rules_without_hands(decls: &Declarations<'_>, errors: &mut Vec<ScriptError>) {
    for d in &decls.demotes {
        errors.push(without_hands(Code::CompileBadHand, "demote", d.span));
    }
    for (d, _) in &decls.drops {
        errors.push(without_hands(Code::CompileBadDrop, "drop", d.span));
    }
    let singles = [
        (decls.no_drops.get(), "drop none"),
        (decls.gate.get(), "gate"),
        (decls.drops_compulsory.get(), "drops compulsory"),
        (decls.castling_from_drops.get(), "castling from drops"),
        (decls.drops_first[0].get(), "drops first fill"),
        (decls.drops_first[1].get(), "white drops first fill"),
        (decls.drops_first[2].get(), "black drops first fill"),
    ];
    for (item, what) in singles {
        if let Some(item) = item {
            errors.push(without_hands(Code::CompileBadDrop, what, item.span()));
        }
    }
}

/// Whether the script says `drop none` (a `drop` rule beside it is an error).
fn no_drops(decls: &Declarations<'_>, errors: &mut Vec<ScriptError>) -> bool {
    let Some(Item::DropNone(span)) = decls.no_drops.get() else {
        return false;
    };
    if let Some((d, _)) = decls.drops.first() {
        errors.push(
            ScriptError::new(
                Code::CompileBadDrop,
                "a `drop` rule, but `drop none` says there are no drops",
                d.span,
                "a drop rule",
            )
            .with_note(*span, "no drops")
            .with_help("remove one of them"),
        );
    }
    true
}

/// The `gate` rule: its region as each side sees it, and the kinds named
/// (every kind that is not royal, without names).
fn gate_plan(
    g: &ast::GateDecl,
    geometry: &Geometry,
    symmetry: Symmetry,
    regions: &mut RegionEvaluator<'_>,
    defs: &[PieceDef],
    errors: &mut Vec<ScriptError>,
) -> Option<GatePlan> {
    let squares = match regions.eval(&g.region) {
        Ok(s) => s,
        Err(e) => {
            errors.push(e);
            return None;
        }
    };
    let mut kinds = vec![g.pieces.is_empty(); defs.len()];
    for name in &g.pieces {
        if let Some(kind) = find_kind(defs, name, errors) {
            if defs[kind.0 as usize].royal {
                errors.push(
                    ScriptError::new(
                        Code::CompileBadHand,
                        format!("{} is royal: a royal piece never enters a hand", name.value),
                        name.span,
                        "royal",
                    )
                    .with_help("name the pieces in hand that may gate"),
                );
            }
            kinds[kind.0 as usize] = true;
        }
    }
    for (k, def) in defs.iter().enumerate() {
        if def.royal {
            kinds[k] = false;
        }
    }
    Some(GatePlan {
        region: for_both_sides(geometry, squares, symmetry),
        kinds,
    })
}

/// `either-face`: the piece `kind` may also be dropped as, its other face:
/// the one kind it promotes to, which must demote back to it when captured
/// (so that it is never in hand itself).
fn other_face(
    kind: PieceKind,
    name: &crate::source::Spanned<String>,
    at: Span,
    defs: &[PieceDef],
    promotion: &PromotionTable,
    hands: &Hands,
    errors: &mut Vec<ScriptError>,
) -> Option<PieceKind> {
    let code = Piece {
        color: Color::White,
        kind,
    }
    .code() as usize;
    let mut targets: Vec<PieceKind> = Vec::new();
    for &set in &promotion.by_square[code * promotion.cells..(code + 1) * promotion.cells] {
        if set == 0 {
            continue;
        }
        for &k in &promotion.choice_sets[set as usize - 1] {
            if !targets.contains(&k) {
                targets.push(k);
            }
        }
    }
    let error = |message: String, help: &str| {
        ScriptError::new(Code::CompileBadDrop, message, at, "either-face")
            .with_help(help.to_string())
    };
    match targets[..] {
        [face] if hands.demoted[face.0 as usize] == kind => Some(face),
        [face] => {
            errors.push(error(
                format!(
                    "{} promotes to {}, but a captured {} does not go to hand as a {}",
                    name.value, defs[face.0 as usize].name, defs[face.0 as usize].name, name.value
                ),
                &format!(
                    "add `demote {} to {}`: the other face of a piece in hand is the piece it promotes to",
                    defs[face.0 as usize].name, name.value
                ),
            ));
            None
        }
        [] => {
            errors.push(error(
                format!(
                    "{} never promotes: it has no other face to be dropped as",
                    name.value
                ),
                "add a `promote` rule for it, or leave out `either-face`",
            ));
            None
        }
        _ => {
            errors.push(error(
                format!(
                    "{} promotes to more than one piece: which face is meant is not clear",
                    name.value
                ),
                "give it one promotion, or leave out `either-face`",
            ));
            None
        }
    }
}

/// One `demote` rule.
fn demote(
    d: &ast::DemoteDecl,
    defs: &[PieceDef],
    anything_promotes: bool,
    hands: &mut Hands,
    errors: &mut Vec<ScriptError>,
) {
    let Some(to) = find_kind(defs, &d.to, errors) else {
        return;
    };
    let royal = |k: PieceKind| defs[k.0 as usize].royal;
    let royal_error = |name: &crate::source::Spanned<String>| {
        ScriptError::new(
            Code::CompileBadHand,
            format!("{} is royal: a royal piece never enters a hand", name.value),
            name.span,
            "royal",
        )
        .with_help("demote pieces that can be captured, to pieces that are not royal")
    };
    if royal(to) {
        errors.push(royal_error(&d.to));
        return;
    }
    if d.pieces.is_empty() {
        if !anything_promotes {
            errors.push(
                ScriptError::new(
                    Code::CompileBadHand,
                    "`demote promoted`, but no piece of this variant promotes",
                    d.span,
                    "nothing is ever promoted",
                )
                .with_help("add a `promote` rule, or remove this one"),
            );
            return;
        }
        hands.promoted_to = Some(to);
        return;
    }
    for name in &d.pieces {
        let Some(kind) = find_kind(defs, name, errors) else {
            continue;
        };
        if royal(kind) {
            errors.push(royal_error(name));
            continue;
        }
        hands.demoted[kind.0 as usize] = to;
    }
}

fn without_hands(code: Code, what: &str, span: Span) -> ScriptError {
    ScriptError::new(
        code,
        format!("`{what}`, but the variant has no pieces in hand"),
        span,
        "no `hands` declared",
    )
    .with_help("declare `hands keep captures` (or `hands` for the setup's pieces in hand only)")
}

/// Applies `never-stuck`: removes the squares from which a piece has no
/// move at all from its drop squares; a piece left with none is an error.
pub(super) fn remove_stuck_squares(
    plan: HandsPlan,
    tables: &MoveTables,
    defs: &[PieceDef],
    errors: &mut Vec<ScriptError>,
) -> Hands {
    let mut hands = plan.hands;
    let kinds = defs.len();
    for (k, span) in plan.never_stuck.iter().enumerate() {
        if span.is_none() {
            continue;
        }
        for color in Color::ALL {
            let code = Piece {
                color,
                kind: PieceKind(k as u8),
            }
            .code();
            let squares = hands.drop_squares[code as usize];
            hands.drop_squares[code as usize] = squares
                .iter()
                .filter(|&sq| tables.rays(code, sq).iter().any(|r| r.len > 0))
                .collect();
        }
    }
    for (k, def) in defs.iter().enumerate() {
        let code = Piece {
            color: Color::White,
            kind: PieceKind(k as u8),
        }
        .code() as usize;
        if hands.drops
            && hands.drop_squares[code].is_empty()
            && !def.royal
            && !hands.never_dropped[k]
        {
            let span = plan.never_stuck[k].unwrap_or(def.span);
            errors.push(
                ScriptError::new(
                    Code::CompileBadDrop,
                    format!("{} can be dropped on no square", def.name),
                    span,
                    "no square left",
                )
                .with_help("widen its drop region, or leave out `never-stuck`"),
            );
        }
    }
    if let Some(gate) = plan.gate {
        let mut squares = vec![SquareSet::EMPTY; 1 + 2 * kinds];
        for (k, &may) in gate.kinds.iter().enumerate() {
            for color in Color::ALL {
                let code = Piece {
                    color,
                    kind: PieceKind(k as u8),
                }
                .code() as usize;
                if may {
                    squares[code] = gate
                        .region
                        .get(color)
                        .intersection(&hands.drop_squares[code]);
                }
            }
        }
        hands.gating = Some(Gating {
            region: gate.region,
            squares,
        });
    }
    hands
}
