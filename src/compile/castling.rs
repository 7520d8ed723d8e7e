//! The castling pass: `castling …` declarations → [`CastlingRule`]s for
//! both sides: the explicit form (`castling King e1 -> g1 with Rook h1 ->
//! f1`, squares from White's side), the slide form (`castling King
//! slides 2 with Rook`, found from the start placement), Chess960's form
//! (`castling King to g1 with Rook to f1 from any start`: a rule for every
//! start pair on the rank, of which the castling rights choose), or
//! `castling none`.

use crate::compile::declarations::Declarations;
use crate::compile::setup::StartContext;
use crate::diagnostics::{Code, ScriptError};
use crate::ir::geometry::{Geometry, Square, SquareSet};
use crate::ir::pattern::Travel;
use crate::ir::piece::{ByColor, Color, Piece, PieceKind};
use crate::ir::rule::CastlingRule;
use crate::source::{SourceId, Spanned};
use crate::syntax::ast::{CastlingDecl, CastlingKind};

/// Builds the castling moves of both sides. The slide form is checked
/// strictly only when the main script declares it.
pub(super) fn castling_rules(
    cx: &StartContext<'_>,
    decls: &Declarations<'_>,
    main_source: SourceId,
    errors: &mut Vec<ScriptError>,
) -> Vec<CastlingRule> {
    let mut rules = Vec::new();
    // With `castling from drops` the king and rook may start in hand.
    let from_drops = decls.castling_from_drops.get().is_some();
    for (decl, source) in &decls.castlings {
        match &decl.kind {
            CastlingKind::None => rules.clear(),
            CastlingKind::Explicit { .. } => {
                explicit_castling(cx, decl, from_drops, &mut rules, errors)
            }
            CastlingKind::AnyStart { .. } => any_start_castling(cx, decl, &mut rules, errors),
            CastlingKind::Slide {
                king,
                distance,
                rook,
            } => slide_castling(
                cx,
                king,
                distance,
                rook,
                *source == main_source,
                &mut rules,
                errors,
            ),
        }
    }
    // Only a royal king is kept out of check: a king that is not royal
    // (Antichess's, Atomar's commoner) may castle out of, through and
    // into attacked squares, as in Fairy-Stockfish.
    for rule in &mut rules {
        if !cx.pieces[rule.king.0 as usize].royal_like() {
            rule.king_path.clear();
        }
    }
    rules
}

/// The start squares of the castling kings and rooks.
pub fn castling_squares(rules: &[CastlingRule]) -> SquareSet {
    rules
        .iter()
        .flat_map(|r| [r.king_from, r.rook_from])
        .collect()
}

/// The kinds that take part in castling (kings and rooks), each once.
pub fn castling_kinds(rules: &[CastlingRule]) -> Vec<PieceKind> {
    let mut kinds: Vec<PieceKind> = Vec::new();
    for r in rules {
        for k in [r.king, r.rook] {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
    }
    kinds
}

/// `castling King e1 -> g1 with Rook h1 -> f1`: squares written from
/// White's side, Black's following by the symmetry.
fn explicit_castling(
    cx: &StartContext<'_>,
    decl: &CastlingDecl,
    from_drops: bool,
    rules: &mut Vec<CastlingRule>,
    errors: &mut Vec<ScriptError>,
) {
    let CastlingKind::Explicit {
        side,
        king,
        king_from,
        king_to,
        rook,
        rook_from,
        rook_to,
    } = &decl.kind
    else {
        return;
    };
    let geometry = cx.geometry;
    let kinds = (
        (cx.kind_by_name)(king, errors),
        (cx.kind_by_name)(rook, errors),
    );
    let written = [king_from, king_to, rook_from, rook_to];
    let squares: [Option<Square>; 4] = written.map(|s| castling_square(geometry, s, errors));
    let ((Some(k), Some(r)), [Some(kf), Some(kt), Some(rf), Some(rt)]) = (kinds, squares) else {
        return;
    };
    if let Some(off) = [kt, rf, rt]
        .iter()
        .position(|s| geometry.rank_of(*s) != geometry.rank_of(kf))
    {
        let s = written[off + 1];
        errors.push(
            ScriptError::new(
                Code::CompileBadCastling,
                format!("{} is not on the king's rank", s.value),
                s.span,
                format!("the king starts on {}", king_from.value),
            )
            .with_help("castling moves the king and the rook along one rank"),
        );
        return;
    }
    let clash = if kf == kt {
        Some((king_to, "the king must move"))
    } else if rf == kf {
        Some((rook_from, "the rook cannot start on the king's square"))
    } else if rt == kt {
        Some((
            rook_to,
            "the king and the rook cannot land on the same square",
        ))
    } else {
        None
    };
    if let Some((s, message)) = clash {
        errors.push(
            ScriptError::new(Code::CompileBadCastling, message, s.span, "this square")
                .with_help("e.g. `castling King e1 -> g1 with Rook h1 -> f1`"),
        );
        return;
    }
    let colors = Color::ALL.into_iter().filter(|&c| match side {
        Some(crate::syntax::ast::Side::White) => c == Color::White,
        Some(crate::syntax::ast::Side::Black) => c == Color::Black,
        None => true,
    });
    for color in colors {
        let f = |sq| {
            if color == Color::White {
                sq
            } else {
                geometry.reflect(sq, cx.symmetry)
            }
        };
        let (kf, kt, rf, rt) = (f(kf), f(kt), f(rf), f(rt));
        // Black's squares follow from White's: a mistake is reported once.
        // An empty square will do where the piece may be dropped there.
        let absent = |sq: Square, code: u8| {
            cx.start[sq.index()] != code && !(from_drops && cx.start[sq.index()] == 0)
        };
        let missing = if absent(kf, Piece { color, kind: k }.code()) {
            Some((k, kf, king_from.span))
        } else if absent(rf, Piece { color, kind: r }.code()) {
            Some((r, rf, rook_from.span))
        } else {
            None
        };
        if let Some((kind, sq, span)) = missing {
            let name = &cx.pieces[kind.0 as usize].name;
            errors.push(missing_castler(geometry, color, name, sq, span));
            break;
        }
        match make_rule(geometry, color, k, r, kf, kt, rf, rt) {
            Some(mut rule) => {
                rule.also_a_king_move = is_plain_king_move(cx, k, &rule);
                rules.push(rule);
            }
            None => {
                errors.push(
                    ScriptError::new(
                        Code::CompileBadCastling,
                        "a void lies between the castling squares",
                        decl.span,
                        "this castling",
                    )
                    .with_help("the squares between the king's and the rook's must all exist"),
                );
                break;
            }
        }
    }
}

/// The most castling rules a variant may have: a move names its rule by
/// a byte (the VM's `MoveKind::Castle`).
pub const MAX_CASTLING_RULES: usize = 256;

/// `castling King to g1 with Rook to f1 from any start` (Chess960): for
/// each side, a rule for every start square of the king on that rank and
/// every start square of a rook on the side of the king it castles with
/// (its right when it lands on the king's left, as `f1` beside `g1`, and
/// the reverse). The king and the rook land on the squares given wherever
/// they start; the castling rights choose which rules apply.
fn any_start_castling(
    cx: &StartContext<'_>,
    decl: &CastlingDecl,
    rules: &mut Vec<CastlingRule>,
    errors: &mut Vec<ScriptError>,
) {
    let CastlingKind::AnyStart {
        king,
        king_to,
        rook,
        rook_to,
    } = &decl.kind
    else {
        return;
    };
    let geometry = cx.geometry;
    let kinds = (
        (cx.kind_by_name)(king, errors),
        (cx.kind_by_name)(rook, errors),
    );
    let squares = [king_to, rook_to].map(|s| castling_square(geometry, s, errors));
    let ((Some(k), Some(r)), [Some(kt), Some(rt)]) = (kinds, squares) else {
        return;
    };
    if let Some(message) = if geometry.rank_of(rt) != geometry.rank_of(kt) {
        Some(format!("{} is not on the king's rank", rook_to.value))
    } else if rt == kt {
        Some("the king and the rook cannot land on the same square".to_string())
    } else {
        None
    } {
        errors.push(
            ScriptError::new(
                Code::CompileBadCastling,
                message,
                rook_to.span,
                "this square",
            )
            .with_help("e.g. `castling King to g1 with Rook to f1 from any start`"),
        );
        return;
    }
    let mut made = Vec::new();
    for color in Color::ALL {
        let f = |sq| {
            if color == Color::White {
                sq
            } else {
                geometry.reflect(sq, cx.symmetry)
            }
        };
        let (kt, rt) = (f(kt), f(rt));
        // The rook castles from the side of the king it does not land on.
        let from_right = geometry.file_of(rt) < geometry.file_of(kt);
        let rank = geometry.rank_of(kt);
        let on_rank: Vec<Square> = (0..i32::from(geometry.files()))
            .filter_map(|file| geometry.square(file, rank))
            .collect();
        for &kf in &on_rank {
            for &rf in &on_rank {
                let beyond = if from_right {
                    geometry.file_of(rf) > geometry.file_of(kf)
                } else {
                    geometry.file_of(rf) < geometry.file_of(kf)
                };
                if !beyond {
                    continue;
                }
                // A void between the squares: that pair cannot castle.
                if let Some(rule) = make_rule(geometry, color, k, r, kf, kt, rf, rt) {
                    made.push(CastlingRule {
                        any_start: true,
                        ..rule
                    });
                }
            }
        }
    }
    if rules.len() + made.len() > MAX_CASTLING_RULES {
        errors.push(
            ScriptError::new(
                Code::CompileBadCastling,
                format!(
                    "castling from any start makes {} castling moves on a rank of {} files, more than the {MAX_CASTLING_RULES} a variant may have",
                    rules.len() + made.len(),
                    geometry.files()
                ),
                decl.span,
                "too many castling moves",
            )
            .with_help("castling from any start fits boards of up to 11 files (both wings); give the start squares: `castling King e1 -> g1 with Rook h1 -> f1`"),
        );
        return;
    }
    rules.extend(made);
}

/// A castling square as written, or a "not a square" error.
fn castling_square(
    geometry: &Geometry,
    s: &Spanned<String>,
    errors: &mut Vec<ScriptError>,
) -> Option<Square> {
    let sq = geometry.parse_square(&s.value);
    if sq.is_none() {
        errors.push(
            ScriptError::new(
                Code::CompileBadCastling,
                format!("{} is not a square of the board", s.value),
                s.span,
                "no such square",
            )
            .with_help("castling squares are written from White's side, e.g. `castling King e1 -> g1 with Rook h1 -> f1`"),
        );
    }
    sq
}

/// `castling King slides N with Rook`: the king slides toward the
/// outermost rook on each side, the rook lands beside it. It adapts to the
/// setup when imported (a variant without rooks simply has no castling)
/// and is checked when `strict` (the script itself declares it).
#[allow(clippy::too_many_arguments)]
fn slide_castling(
    cx: &StartContext<'_>,
    king: &Spanned<String>,
    distance: &Spanned<u32>,
    rook: &Spanned<String>,
    strict: bool,
    rules: &mut Vec<CastlingRule>,
    errors: &mut Vec<ScriptError>,
) {
    let (Some(k), Some(r)) = (
        (cx.kind_by_name)(king, errors),
        (cx.kind_by_name)(rook, errors),
    ) else {
        return;
    };
    if distance.value == 0 {
        errors.push(
            ScriptError::new(
                Code::CompileBadCastling,
                "the king must slide at least one square",
                distance.span,
                "zero squares",
            )
            .with_help("orthodox castling is `castling King slides 2 with Rook`"),
        );
        return;
    }
    let mut too_far = None;
    for color in Color::ALL {
        let Some((kf, left, right)) =
            slide_castlers(cx, color, (k, king), (r, rook), strict, errors)
        else {
            // Declared by the script: one error is enough. Imported: that
            // side cannot castle (Horde's White has no king), the other may.
            if strict {
                break;
            }
            continue;
        };
        let geometry = cx.geometry;
        let (rank, kfile) = (geometry.rank_of(kf), geometry.file_of(kf));
        // A slide longer than the board lands off it (and could not wrap).
        let d = distance.value.min(u32::from(geometry.files())) as i32;
        for (rf, dir) in [(right, 1), (left, -1)] {
            let Some(rf) = rf else { continue };
            let kt = geometry.square(kfile + dir * d, rank);
            let rt = kt.and_then(|kt| geometry.square(geometry.file_of(kt) - dir, rank));
            let rule = match (kt, rt) {
                (Some(kt), Some(rt)) => make_rule(geometry, color, k, r, kf, kt, rf, rt),
                _ => None,
            };
            match rule {
                Some(mut rule) => {
                    rule.also_a_king_move = is_plain_king_move(cx, k, &rule);
                    rules.push(rule);
                }
                None => too_far = too_far.or(Some(rf)),
            }
        }
    }
    if let Some(rf) = too_far {
        errors.push(
            ScriptError::new(
                Code::CompileBadCastling,
                format!(
                    "the {} cannot slide {} squares toward the rook on {}",
                    king.value,
                    distance.value,
                    cx.geometry.name(rf)
                ),
                distance.span,
                "too far",
            )
            .with_help("the king must land on the board, with a square for the rook beside it"),
        );
    }
}

/// For the slide form, one side's king square and its outermost rooks on
/// the king's rank (left, right); `None` if the setup has not exactly one
/// king or no such rook (reported when `strict`).
fn slide_castlers(
    cx: &StartContext<'_>,
    color: Color,
    (k, king): (PieceKind, &Spanned<String>),
    (r, rook): (PieceKind, &Spanned<String>),
    strict: bool,
    errors: &mut Vec<ScriptError>,
) -> Option<(Square, Option<Square>, Option<Square>)> {
    let geometry = cx.geometry;
    let side = if color == Color::White {
        "White"
    } else {
        "Black"
    };
    let king_code = Piece { color, kind: k }.code();
    let rook_code = Piece { color, kind: r }.code();
    let kings: Vec<Square> = geometry
        .squares()
        .iter()
        .filter(|s| cx.start[s.index()] == king_code)
        .collect();
    let [kf] = kings[..] else {
        if strict {
            errors.push(
                ScriptError::new(
                    Code::CompileBadCastling,
                    format!(
                        "castling needs exactly one {} of {side} in the setup, found {}",
                        king.value,
                        kings.len()
                    ),
                    king.span,
                    "this piece",
                )
                .with_help(
                    "write the castling squares out: `castling King e1 -> g1 with Rook h1 -> f1`",
                ),
            );
        }
        return None;
    };
    let (rank, kfile) = (geometry.rank_of(kf), geometry.file_of(kf));
    let rooks: Vec<Square> = geometry
        .squares()
        .iter()
        .filter(|s| cx.start[s.index()] == rook_code && geometry.rank_of(*s) == rank)
        .collect();
    let left = rooks
        .iter()
        .copied()
        .filter(|s| geometry.file_of(*s) < kfile)
        .min_by_key(|s| geometry.file_of(*s));
    let right = rooks
        .iter()
        .copied()
        .filter(|s| geometry.file_of(*s) > kfile)
        .max_by_key(|s| geometry.file_of(*s));
    if left.is_none() && right.is_none() {
        if strict {
            errors.push(
                ScriptError::new(
                    Code::CompileMissingRook,
                    format!(
                        "castling with a missing {}: {side} has none on the {}'s rank in the setup",
                        rook.value, king.value
                    ),
                    rook.span,
                    "no such piece beside the king",
                )
                .with_help("put the rooks in the setup, or write `castling none`"),
            );
        }
        return None;
    }
    Some((kf, left, right))
}

/// Whether the king's own moves (on an empty rank) already go where the
/// castling takes it (Diana chess): two moves then join the same squares,
/// and coordinates write the castling as the king taking its rook.
fn is_plain_king_move(cx: &StartContext<'_>, king: PieceKind, rule: &CastlingRule) -> bool {
    let g = cx.geometry;
    let dx = g.file_of(rule.king_to) - g.file_of(rule.king_from);
    let Some(def) = cx.pieces.get(king.0 as usize) else {
        return false;
    };
    def.patterns.iter().filter(|p| p.moves).any(|p| {
        let reaches = |(vx, vy): (i8, i8)| {
            let (vx, vy) = (i32::from(vx), i32::from(vy));
            if vy != 0 || vx == 0 || dx % vx != 0 || dx / vx <= 0 {
                return false;
            }
            let steps = dx / vx;
            match p.travel {
                Travel::Leap | Travel::LameLeap => steps == 1,
                Travel::Ride { max } => max == 0 || steps <= i32::from(max),
                _ => false,
            }
        };
        // Black's vectors may be turned: a sideways step counts either way.
        p.vectors
            .iter()
            .any(|&(vx, vy)| reaches((vx, vy)) || reaches((vx.saturating_neg(), vy)))
    })
}

fn missing_castler(
    geometry: &Geometry,
    color: Color,
    name: &str,
    sq: Square,
    span: crate::source::Span,
) -> ScriptError {
    let side = if color == Color::White {
        "White"
    } else {
        "Black"
    };
    ScriptError::new(
        Code::CompileMissingRook,
        format!(
            "castling needs {side}'s {name} on {}, but the setup has none there",
            geometry.name(sq)
        ),
        span,
        "this square",
    )
    .with_help("castling squares are written from White's side; Black's follow by the symmetry")
}

#[allow(clippy::too_many_arguments)]
fn make_rule(
    geometry: &Geometry,
    color: Color,
    king: PieceKind,
    rook: PieceKind,
    kf: Square,
    kt: Square,
    rf: Square,
    rt: Square,
) -> Option<CastlingRule> {
    let rank = geometry.rank_of(kf);
    let files = [kf, kt, rf, rt].map(|s| geometry.file_of(s));
    let lo = *files.iter().min()?;
    let hi = *files.iter().max()?;
    let mut must_be_empty = SquareSet::EMPTY;
    for f in lo..=hi {
        let sq = geometry.square(f, rank)?;
        if sq != kf && sq != rf {
            must_be_empty.insert(sq);
        }
    }
    let (a, b) = (geometry.file_of(kf), geometry.file_of(kt));
    let step = if b >= a { 1 } else { -1 };
    let mut king_path = Vec::new();
    let mut f = a;
    loop {
        king_path.push(geometry.square(f, rank)?);
        if f == b {
            break;
        }
        f += step;
    }
    let kingside = geometry.file_of(rf) > geometry.file_of(kf);
    let letter = match (kingside, color) {
        (true, Color::White) => 'K',
        (false, Color::White) => 'Q',
        (true, Color::Black) => 'k',
        (false, Color::Black) => 'q',
    };
    Some(CastlingRule {
        color,
        king,
        rook,
        king_from: kf,
        king_to: kt,
        rook_from: rf,
        rook_to: rt,
        must_be_empty,
        king_path,
        letter,
        any_start: false,
        also_a_king_move: false,
    })
}

/// `castling queenside wins for black` (each line): for each side it names
/// (both without `for`), its castling rules on that wing (the rook on the
/// king's right for `kingside`, on its left for `queenside`; either
/// without a wing), as indices into `rules`. A line that finds none is an
/// error.
pub(super) fn castling_wins(
    geometry: &Geometry,
    rules: &[CastlingRule],
    decls: &Declarations<'_>,
    errors: &mut Vec<ScriptError>,
) -> ByColor<Vec<u8>> {
    let mut out: ByColor<Vec<u8>> = ByColor::default();
    for decl in &decls.castling_wins {
        let sides: &[Color] = match decl.side {
            Some(crate::syntax::ast::Side::White) => &[Color::White],
            Some(crate::syntax::ast::Side::Black) => &[Color::Black],
            None => &[Color::White, Color::Black],
        };
        for &side in sides {
            let found: Vec<u8> = (0..rules.len())
                .filter(|&i| {
                    let rule = &rules[i];
                    let kingside =
                        geometry.file_of(rule.rook_from) > geometry.file_of(rule.king_from);
                    rule.color == side && decl.kingside.is_none_or(|k| k == kingside)
                })
                .map(|i| i as u8)
                .collect();
            if found.is_empty() {
                let wing = match decl.kingside {
                    Some(true) => " on the kingside",
                    Some(false) => " on the queenside",
                    None => "",
                };
                errors.push(
                    ScriptError::new(
                        Code::CompileBadCastling,
                        format!("{side:?} has no castling{wing} to win by"),
                        decl.span,
                        "no castling rule of that side castles there",
                    )
                    .with_help("declare that castling (`castling King e1 -> c1 with Rook a1 -> d1`), or name another wing or side"),
                );
                continue;
            }
            let list = out.get_mut(side);
            for i in found {
                if !list.contains(&i) {
                    list.push(i);
                }
            }
        }
    }
    out
}
