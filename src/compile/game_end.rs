//! The game-end pass: checkmate and stalemate results, the move and
//! repetition rules, goals (`reaching REGION with …`; `connecting …` in
//! [`connect`]), the check limit
//! (`giving N checks …`, which keeps a counter) and explosions → the IR's
//! [`GameEndRules`] and [`Explosion`].

use crate::compile::connect;
use crate::compile::declarations::Declarations;
use crate::compile::pieces::find_kind;
use crate::compile::region::{self, RegionEvaluator};
use crate::diagnostics::{Code, ScriptError};
use crate::ir::geometry::{Geometry, SquareSet};
use crate::ir::piece::{Color, PieceDef, PieceKind};
use crate::ir::rule::{
    BackAndForth, BareCount, BareLimit, BoardCount, Chasing, CheckLimit, CheckmateBy, Counting,
    Explosion, Extinction, GameEndRules, GameResult, Goal, MatingChecks, Points, PromotionsOnly,
    RegionPolicy, RepetitionResult,
};
use crate::ir::{Symmetry, MAX_COUNTERS};
use crate::source::Spanned;
use crate::syntax::ast::{self, Item};
use crate::syntax::limits::MAX_COUNT;

/// How games end, and the explosion rule. The check limit's counter is
/// put first among `counters`.
pub(super) fn game_end_rules(
    geometry: &Geometry,
    symmetry: Symmetry,
    decls: &Declarations<'_>,
    evaluator: &mut RegionEvaluator<'_>,
    defs: &[PieceDef],
    counters: &mut Vec<(String, i32)>,
    errors: &mut Vec<ScriptError>,
) -> (GameEndRules, Option<Explosion>) {
    let goals = goals(geometry, symmetry, &decls.goals, evaluator, defs, errors);
    let connects = connect::connects(geometry, symmetry, &decls.connects, evaluator, defs, errors);
    let check_limit = check_limit(decls.check_limit.get(), counters, errors);
    let extinctions = extinctions(&decls.extinctions, defs, errors);
    let counting = counting(decls, defs, errors);
    let explosion = match decls.explosion.get() {
        Some(Item::Explosion(spared, immune, _)) => Some(Explosion {
            spared: spared
                .iter()
                .filter_map(|n| find_kind(defs, n, errors))
                .collect(),
            immune: immune
                .iter()
                .filter_map(|n| find_kind(defs, n, errors))
                .collect(),
        }),
        _ => None,
    };
    let has_royal = defs.iter().any(|d| d.royal_like());
    let rules = GameEndRules {
        checkmate: decls.checkmate.get().and_then(|r| r.value.map(result)),
        stalemate: match decls.stalemate.get() {
            Some(Item::Stalemate(r, _)) => result(r.value),
            _ => GameResult::Draws,
        },
        castling_wins: crate::ir::piece::ByColor::default(), // set once the castling rules are known
        stalemate_by_fewer_pieces: matches!(decls.stalemate.get(), Some(Item::Stalemate(_, true))),
        // `move-rule 0`: none (a script's way to drop an imported one).
        move_rule: decls.move_rule.get().map(|n| n.value).filter(|&n| n > 0),
        repetition: decls.repetition.get().map(|n| n.value),
        repetition_result: repetition_result(decls, errors),
        perpetual_check: perpetual_check(decls, has_royal, errors),
        chasing: chasing(geometry, symmetry, decls, evaluator, defs, errors),
        goals,
        connects,
        check_limit,
        extinctions,
        royal_loss: explosion.is_some() && has_royal,
        draw_odds: match decls.draw_odds.get() {
            Some(Item::DrawOdds(ast::Side::White, _)) => Some(Color::White),
            Some(Item::DrawOdds(ast::Side::Black, _)) => Some(Color::Black),
            _ => None,
        },
        draws_to_more_pieces: matches!(decls.draw_odds.get(), Some(Item::DrawsToMorePieces(_))),
        pass_when_stuck: decls.pass_when_stuck.get().is_some(),
        draws_on_points: points(decls, defs, errors),
        pass_allowed: decls.pass_allowed.get().is_some(),
        facing_royals: facing_royals(decls, has_royal, errors),
        back_and_forth: back_and_forth(geometry, decls, defs),
        full_board_draws: decls.full_board.get().is_some(),
        counting,
        checkmate_by: None,
        mating_checks: None,
        promotions_only: promotions_only(decls, decls.promotions_only.get(), defs, errors),
    };
    let rules = GameEndRules {
        checkmate_by: checkmate_rule(decls, decls.checkmate_by.get(), defs, errors)
            .map(|(kinds, result)| CheckmateBy { kinds, result }),
        mating_checks: checkmate_rule(decls, decls.checkmate_unless.get(), defs, errors)
            .map(|(kinds, result)| MatingChecks { kinds, result }),
        ..rules
    };
    if let Some(mate) = decls.checkmate.get() {
        if !has_royal && mate.value.is_some() {
            errors.push(
                ScriptError::new(
                    Code::CompileNoRoyalPiece,
                    "checkmate ends the game, but no piece is royal",
                    mate.span,
                    "checkmate needs a royal piece",
                )
                .with_help(
                    "a game without a royal piece says `checkmate none` (`import orthodox` brings \
                     `checkmate loses`); else mark the king-like piece `royal`, \
                     e.g. `piece King K \"K\" royal`",
                ),
            );
        }
    }
    let counts = [
        (decls.move_rule.get(), "move-rule"),
        (decls.repetition.get(), "repetition"),
    ];
    for (n, what) in counts {
        if let Some(n) = n {
            count_in_range(n, what, errors);
        }
    }
    if let Some(n) = decls.repetition.get() {
        if n.value < 2 {
            errors.push(
                ScriptError::new(
                    Code::CompileBadRepetition,
                    "a repetition rule needs a count of at least 2",
                    n.span,
                    "too small",
                )
                .with_help("threefold repetition is `repetition 3`"),
            );
        }
    }
    (rules, explosion)
}

/// What `repetition N wins|loses|draws [for SIDE]` says a repetition
/// means; `draws for SIDE` is refused (a draw is for both sides).
fn repetition_result(decls: &Declarations<'_>, errors: &mut Vec<ScriptError>) -> RepetitionResult {
    let Some(value) = decls.repetition_value else {
        return RepetitionResult::DRAW;
    };
    let side = value.side.map(|s| match s {
        ast::Side::White => Color::White,
        ast::Side::Black => Color::Black,
    });
    if value.result.value == ast::GameResult::Draws && side.is_some() {
        errors.push(
            ScriptError::new(
                Code::CompileBadRepetition,
                "a drawn repetition is a draw for both sides",
                value.span,
                "a draw for one side",
            )
            .with_help("write `repetition 3` (a draw), or `repetition 3 wins for black`"),
        );
    }
    match (result(value.result.value), side) {
        // One meaning, one form: `loses for black` is `wins for white`.
        (GameResult::Loses, Some(side)) => RepetitionResult {
            result: GameResult::Wins,
            side: Some(side.opposite()),
        },
        (result, side) => RepetitionResult { result, side },
    }
}

/// `perpetual check loses`: whether the rule is declared, reporting a
/// result other than `loses` and a variant it cannot apply to (no
/// repetition rule to end the game, no royal piece to check).
fn perpetual_check(
    decls: &Declarations<'_>,
    has_royal: bool,
    errors: &mut Vec<ScriptError>,
) -> bool {
    let Some(Item::PerpetualCheck(result, span)) = decls.perpetual_check.get() else {
        return false;
    };
    let bad = |at, message: &str, label: &str, help: &str| {
        ScriptError::new(Code::CompileBadPerpetualCheck, message, at, label).with_help(help)
    };
    if result.value != ast::GameResult::Loses {
        errors.push(bad(
            result.span,
            "perpetual check can only lose",
            "not `loses`",
            "write `perpetual check loses`: the side that checks on every move of the \
             repetition loses (both sides: a draw, as the repetition alone)",
        ));
    }
    if decls.repetition.get().is_none() {
        errors.push(bad(
            *span,
            "perpetual check is judged when the repetition rule ends the game, but there is none",
            "no repetition rule",
            "declare one, e.g. `repetition 3` (Fairy-Stockfish's xiangqi)",
        ));
    }
    if !has_royal {
        errors.push(bad(
            *span,
            "perpetual check needs a royal piece to check",
            "no piece is royal",
            "mark the king-like piece `royal`, e.g. `piece General K \"W\" royal`",
        ));
    }
    true
}

/// `chasing loses: A, B outrank C; D chased only in REGION`: the rule, if
/// declared, reporting a result other than `loses`, a variant it cannot
/// apply to (no repetition rule, no royal piece), unknown pieces, royal
/// pieces named, and a kind named twice as chased only in a region.
fn chasing(
    geometry: &Geometry,
    symmetry: Symmetry,
    decls: &Declarations<'_>,
    evaluator: &mut RegionEvaluator<'_>,
    defs: &[PieceDef],
    errors: &mut Vec<ScriptError>,
) -> Option<Chasing> {
    let Some(Item::Chasing(decl)) = decls.chasing.get() else {
        return None;
    };
    let bad = |at, message: &str, label: &str, help: &str| {
        ScriptError::new(Code::CompileBadChasing, message, at, label).with_help(help)
    };
    if decl.result.value != ast::GameResult::Loses {
        errors.push(bad(
            decl.result.span,
            "chasing can only lose",
            "not `loses`",
            "write `chasing loses`: the side that chases on every move of the repetition \
             loses (both sides: a draw)",
        ));
    }
    if decls.repetition.get().is_none() {
        errors.push(bad(
            decl.span,
            "chasing is judged when the repetition rule ends the game, but there is none",
            "no repetition rule",
            "declare one, e.g. `repetition 3` (Fairy-Stockfish's xiangqi)",
        ));
    }
    if !defs.iter().any(|d| d.royal) {
        errors.push(bad(
            decl.span,
            "chasing needs a royal piece",
            "no piece is royal",
            "mark the king-like piece `royal`, e.g. `piece General K \"W\" royal`",
        ));
    }
    let mut rule = Chasing {
        outranks: vec![0; defs.len()],
        only_in: Vec::new(),
        region_names: Vec::new(),
    };
    let kind = |n: &Spanned<String>, errors: &mut Vec<ScriptError>| {
        let k = find_kind(defs, n, errors)?;
        if defs[k.0 as usize].royal {
            errors.push(bad(
                n.span,
                &format!(
                    "`{}` is royal: it is never chased, and never chases",
                    n.value
                ),
                "royal",
                "leave the royal piece out of the rule's clauses",
            ));
            return None;
        }
        Some(k)
    };
    for clause in &decl.clauses {
        match clause {
            ast::ChaseClause::Outrank { chasers, chased } => {
                let chased: Vec<PieceKind> =
                    chased.iter().filter_map(|n| kind(n, errors)).collect();
                for n in chasers {
                    if let Some(k) = kind(n, errors) {
                        for v in &chased {
                            rule.outranks[k.0 as usize] |= 1 << v.0;
                        }
                    }
                }
            }
            ast::ChaseClause::OnlyIn { kinds, region } => {
                let squares = match evaluator.eval(region) {
                    Ok(set) => region::for_both_sides(geometry, set, symmetry),
                    Err(e) => {
                        errors.push(e);
                        continue;
                    }
                };
                for n in kinds {
                    let Some(k) = kind(n, errors) else { continue };
                    if rule.only_in.iter().any(|(other, _)| *other == k) {
                        errors.push(bad(
                            n.span,
                            &format!("`{}` is already chased only in a region", n.value),
                            "named twice",
                            "name each kind in one `chased only in` clause",
                        ));
                        continue;
                    }
                    rule.only_in.push((k, squares));
                    rule.region_names
                        .push(match (&region.first, region.rest.is_empty()) {
                            (ast::RegionTerm::Ref(n), true) => Some(n.value.clone()),
                            _ => None,
                        });
                }
            }
        }
    }
    Some(rule)
}

/// `checkmate by A, B alone RESULT` or `checkmate RESULT unless its checks
/// include A, B`: the kinds (a bit each) and the result, if the rule can
/// be kept (the variant checkmates, and no kind named is royal).
/// `only promotions with A, B alone RESULT`: the kinds, each named once.
fn promotions_only(
    decls: &Declarations<'_>,
    rule: Option<&ast::CheckmateRuleDecl>,
    defs: &[PieceDef],
    errors: &mut Vec<ScriptError>,
) -> Option<PromotionsOnly> {
    let rule = rule?;
    let mut kinds = Vec::new();
    for name in &rule.pieces {
        let kind = find_kind(defs, name, errors)?;
        if kinds.contains(&kind) {
            errors.push(
                ScriptError::new(
                    Code::CompileBadPromotion,
                    format!("{} is named twice", name.value),
                    name.span,
                    "named already",
                )
                .with_help("name each piece the side has left once: `only promotions with King, Pawn alone draws`"),
            );
            return None;
        }
        kinds.push(kind);
    }
    let promotes = |name: &str| {
        decls
            .promotions
            .iter()
            .any(|(p, _, _)| p.piece.value == name)
    };
    if !rule.pieces.iter().any(|n| promotes(&n.value)) {
        errors.push(
            ScriptError::new(
                Code::CompileBadPromotion,
                "none of these pieces promotes, so the side could never be left with only promotions",
                rule.span,
                "no promoting piece named",
            )
            .with_help("name the pieces left, one of them a piece a `promote` rule promotes: `only promotions with King, Pawn alone draws`"),
        );
        return None;
    }
    Some(PromotionsOnly {
        kinds,
        result: result(rule.result.value),
    })
}

fn checkmate_rule(
    decls: &Declarations<'_>,
    rule: Option<&ast::CheckmateRuleDecl>,
    defs: &[PieceDef],
    errors: &mut Vec<ScriptError>,
) -> Option<(u64, GameResult)> {
    let rule = rule?;
    let bad = |at, message: String, label: &str| {
        ScriptError::new(
            Code::CompileBadCheckmateRule,
            message,
            at,
            label.to_string(),
        )
    };
    let mut kinds = 0u64;
    let mut ok = true;
    for name in &rule.pieces {
        let Some(kind) = find_kind(defs, name, errors) else {
            ok = false;
            continue;
        };
        if defs[kind.0 as usize].royal_like() {
            errors.push(
                bad(
                    name.span,
                    format!("{} is royal: it never gives check", name.value),
                    "a royal piece",
                )
                .with_help("name the pieces that give check"),
            );
            ok = false;
        }
        kinds |= 1 << kind.0;
    }
    if decls.checkmate.get().and_then(|m| m.value).is_none() {
        errors.push(
            bad(
                rule.span,
                "this rule scores checkmates, but the variant has none".into(),
                "no checkmate to score",
            )
            .with_help("declare what checkmate means, e.g. `checkmate loses` (`import orthodox` brings it)"),
        );
        ok = false;
    }
    ok.then_some((kinds, result(rule.result.value)))
}

/// `reaching REGION with A, B wins|loses|draws`.
fn goals(
    geometry: &Geometry,
    symmetry: Symmetry,
    decls: &[&ast::GoalDecl],
    evaluator: &mut RegionEvaluator<'_>,
    defs: &[PieceDef],
    errors: &mut Vec<ScriptError>,
) -> Vec<Goal> {
    let mut out = Vec::new();
    for g in decls {
        let squares = match evaluator.eval(&g.region) {
            Ok(set) => {
                let mut both = region::for_both_sides(geometry, set, symmetry);
                match g.side {
                    Some(ast::Side::White) => both.black = SquareSet::EMPTY,
                    Some(ast::Side::Black) => both.white = SquareSet::EMPTY,
                    None => {}
                }
                both
            }
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let kinds: Vec<PieceKind> = g
            .pieces
            .iter()
            .filter_map(|n| find_kind(defs, n, errors))
            .collect();
        let region_name = match (&g.region.first, g.region.rest.is_empty()) {
            (ast::RegionTerm::Ref(n), true) => Some(n.value.clone()),
            _ => None,
        };
        let count = match &g.count {
            Some(n)
                if n.value == 0
                    || n.value > squares.white.len().max(squares.black.len()) as u32 =>
            {
                errors.push(
                    ScriptError::new(
                        Code::CompileBadGoal,
                        format!("{} pieces can never stand on this goal at once", n.value),
                        n.span,
                        "more pieces than the region has squares, or none",
                    )
                    .with_help("count from 1 to the region's squares, e.g. `reaching camp with 3 Knight wins`"),
                );
                1
            }
            Some(n) if n.value > 1 && g.answered => {
                errors.push(
                    ScriptError::new(
                        Code::CompileBadGoal,
                        "a goal of several pieces cannot be answered",
                        n.span,
                        "with `unless answered`",
                    )
                    .with_help("`unless answered` is Racing Kings' rule, for one piece: drop the count or the answer"),
                );
                1
            }
            Some(n) => n.value,
            None => 1,
        };
        out.push(Goal {
            kinds,
            count,
            squares,
            region_name,
            result: result(g.result.value),
            unattacked: g.unattacked,
            after_reply: g.after_reply,
            answered: g.answered,
            when_full: g.when_full,
        });
    }
    out
}

/// `losing every A, B …` and `losing all but N A …`.
fn extinctions(
    decls: &[&ast::ExtinctionDecl],
    defs: &[PieceDef],
    errors: &mut Vec<ScriptError>,
) -> Vec<Extinction> {
    let mut out = Vec::new();
    for e in decls {
        let kinds: Vec<PieceKind> = e
            .pieces
            .iter()
            .filter_map(|n| find_kind(defs, n, errors))
            .collect();
        if kinds.len() != e.pieces.len() {
            continue;
        }
        let at_most = e.at_most.as_ref().map_or(0, |n| {
            count_in_range(n, "losing all but", errors);
            n.value
        });
        out.push(Extinction {
            kinds,
            at_most,
            result: result(e.result.value),
            bare_back: e.bare_back,
        });
    }
    out
}

/// `counting board …` and `counting bare …`.
fn counting(
    decls: &Declarations<'_>,
    defs: &[PieceDef],
    errors: &mut Vec<ScriptError>,
) -> Option<Counting> {
    let kinds = |names: &[Spanned<String>], errors: &mut Vec<ScriptError>| -> Vec<PieceKind> {
        names
            .iter()
            .filter_map(|n| find_kind(defs, n, errors))
            .collect()
    };
    let board = decls.counting_board.get().and_then(|c| match &c.kind {
        ast::CountingKind::Board(moves) => {
            count_in_range(moves, "counting board", errors);
            if let Some(n) = &c.at_most {
                count_in_range(n, "counting board", errors);
            }
            Some(BoardCount {
                moves: moves.value,
                unless_on_board: kinds(&c.unless_on_board, errors),
                at_most_pieces: c.at_most.as_ref().map(|n| n.value),
            })
        }
        ast::CountingKind::Bare { .. } => None,
    });
    let bare = decls.counting_bare.get().and_then(|c| match &c.kind {
        ast::CountingKind::Bare {
            from_pieces,
            limits,
            otherwise,
        } => {
            let mut out = Vec::new();
            for (moves, at_least, kind) in limits {
                count_in_range(moves, "counting bare", errors);
                count_in_range(at_least, "counting bare", errors);
                if let Some(kind) = find_kind(defs, kind, errors) {
                    out.push(BareLimit {
                        moves: moves.value,
                        at_least: at_least.value,
                        kind,
                    });
                }
            }
            if let Some(n) = otherwise {
                count_in_range(n, "counting bare", errors);
            }
            Some(BareCount {
                from_pieces: *from_pieces,
                unless_on_board: kinds(&c.unless_on_board, errors),
                limits: out,
                otherwise: otherwise.as_ref().map(|n| n.value),
            })
        }
        ast::CountingKind::Board(_) => None,
    });
    (board.is_some() || bare.is_some()).then_some(Counting { board, bare })
}

/// `giving N checks wins|loses|draws`: the rule, and its counter `checks`
/// put first (so that FEN's counter field, `3+3`, holds the checks).
fn check_limit(
    decl: Option<&Item>,
    counters: &mut Vec<(String, i32)>,
    errors: &mut Vec<ScriptError>,
) -> Option<CheckLimit> {
    let Some(Item::CheckLimit(n, r)) = decl else {
        return None;
    };
    if n.value == 0 {
        errors.push(
            ScriptError::new(
                Code::CompileBadCheckLimit,
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
                Code::CompileDuplicate,
                format!("counter `{name}` is declared twice"),
                n.span,
                "this rule keeps the counter `checks`",
            )
            .with_help("drop the `counter checks` declaration; the rule counts the checks"),
        );
    } else if counters.len() >= MAX_COUNTERS {
        errors.push(ScriptError::new(
            Code::CompileTooManyCounters,
            format!("at most {MAX_COUNTERS} counters"),
            n.span,
            "this rule needs one",
        ));
    }
    count_in_range(n, "the checks to give", errors);
    let checks = n.value.min(MAX_COUNT);
    counters.insert(0, ("checks".to_string(), checks as i32));
    Some(CheckLimit {
        counter: 0,
        checks,
        result: result(r.value),
    })
}

/// Reports a count past [`MAX_COUNT`] (`what` names the rule).
fn count_in_range(n: &Spanned<u32>, what: &str, errors: &mut Vec<ScriptError>) {
    if n.value > MAX_COUNT {
        errors.push(
            ScriptError::new(
                Code::CompileCountTooLarge,
                format!("{what}: {} is more than {MAX_COUNT}", n.value),
                n.span,
                "too large",
            )
            .with_help("use a smaller number; a rule that should never apply can be left out"),
        );
    }
}

/// The IR's game result for the one written.
pub(super) fn result(r: ast::GameResult) -> GameResult {
    match r {
        ast::GameResult::Wins => GameResult::Wins,
        ast::GameResult::Loses => GameResult::Loses,
        ast::GameResult::Draws => GameResult::Draws,
    }
}

/// `draws win on points A 13, B 7 [plus 1.5 for black]`.
fn points(
    decls: &Declarations<'_>,
    defs: &[PieceDef],
    errors: &mut Vec<ScriptError>,
) -> Option<Points> {
    let Some(Item::DrawsOnPoints(decl)) = decls.draw_odds.get() else {
        return None;
    };
    let mut values = vec![0u32; defs.len()];
    let mut named = vec![false; defs.len()];
    for (name, n) in &decl.values {
        let Some(kind) = find_kind(defs, name, errors) else {
            continue;
        };
        let bad = |message: String, span, label: &str| {
            ScriptError::new(Code::CompileBadPoints, message, span, label.to_string())
        };
        if named[kind.0 as usize] {
            errors.push(
                bad(
                    format!("{} is given points twice", name.value),
                    name.span,
                    "again",
                )
                .with_help("name each piece once"),
            );
        } else if n.value > MAX_COUNT {
            errors.push(
                bad(
                    format!("{} points is too many", n.value),
                    n.span,
                    "too many",
                )
                .with_help(format!("at most {MAX_COUNT} points a piece")),
            );
        }
        named[kind.0 as usize] = true;
        values[kind.0 as usize] = n.value.min(MAX_COUNT);
    }
    let (bonus_halves, bonus_side) = match &decl.bonus {
        Some((halves, side)) => {
            if halves.value > 2 * MAX_COUNT {
                errors.push(
                    ScriptError::new(
                        Code::CompileBadPoints,
                        "the bonus is not a whole or half number of points",
                        halves.span,
                        "not a whole or half number",
                    )
                    .with_help("write it as `2` or `1.5`, at most 1000000"),
                );
            }
            let side = match side {
                ast::Side::White => Color::White,
                ast::Side::Black => Color::Black,
            };
            (halves.value.min(2 * MAX_COUNT), side)
        }
        None => (0, Color::Black),
    };
    Some(Points {
        values,
        bonus_halves,
        bonus_side,
    })
}

/// `facing royals draws`: the result, if the variant can keep the rule
/// (it passes, and has a royal piece).
fn facing_royals(
    decls: &Declarations<'_>,
    has_royal: bool,
    errors: &mut Vec<ScriptError>,
) -> Option<GameResult> {
    let Some(Item::FacingRoyals(r, span)) = decls.facing_royals.get() else {
        return None;
    };
    if decls.pass_allowed.get().is_none() || !has_royal {
        let (message, label) = if has_royal {
            ("`facing royals` needs `pass allowed`", "no pass")
        } else {
            ("`facing royals` needs a royal piece", "no royal piece")
        };
        errors.push(
            ScriptError::new(Code::CompileBadFacing, message, *span, label)
                .with_help("the side to move must break a facing or pass: add `pass allowed` (and mark the kings `royal`)"),
        );
    }
    Some(result(r.value))
}

/// `moving back and forth …`: the result, and the kinds free to shuffle:
/// those whose `stay in` and `never land in` regions keep them out of
/// every square the other side's royal pieces may stand on
/// (Fairy-Stockfish's mobility regions).
fn back_and_forth(
    geometry: &Geometry,
    decls: &Declarations<'_>,
    defs: &[PieceDef],
) -> Option<BackAndForth> {
    let Some(Item::BackAndForth(r, _)) = decls.back_and_forth.get() else {
        return None;
    };
    let allowed = |def: &PieceDef, color: Color| -> SquareSet {
        let mut set = *geometry.squares();
        for rule in def.region_rules.iter().filter(|r| *r.colors.get(color)) {
            match &rule.policy {
                RegionPolicy::StayIn(stay) => set = set.intersection(stay.get(color)),
                RegionPolicy::NeverLand(never) => set = set.difference(never.get(color)),
                _ => {}
            }
        }
        set
    };
    let mut free = crate::ir::piece::ByColor::<u64>::default();
    for color in Color::ALL {
        let royal_squares = defs
            .iter()
            .filter(|d| d.royal_like())
            .fold(SquareSet::EMPTY, |s, d| {
                s.union(&allowed(d, color.opposite()))
            });
        for (k, def) in defs.iter().enumerate() {
            if allowed(def, color).intersection(&royal_squares).is_empty() {
                *free.get_mut(color) |= 1 << k;
            }
        }
    }
    Some(BackAndForth {
        result: result(r.value),
        free,
    })
}
