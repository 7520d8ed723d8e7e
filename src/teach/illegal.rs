//! Why a move cannot be played, in words: the explanations the REPL
//! gives when a typed move is not legal ("the bishop on f1 cannot reach
//! c4: the pawn on e2 is in the way").
//!
//! [`crate::notation::san`] reads the move and says what it found (a
//! [`MoveInputError`]: no legal move fits, castling is not legal, the
//! move must promote); [`explain`] looks at the position to say why.

use crate::ir::geometry::Square;
use crate::ir::pattern::{RayKind, CAPTURE, MOVE, MUST_BE_OCCUPIED};
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::notation::san::{is_pawn_like, piece_name, MoveInputError, TypedMove};
use crate::vm::{Move, MoveKind, Position};

/// Why a move is not legal here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    /// The reason, as a sentence without its final full stop.
    pub message: String,
    /// The square of the piece it concerns, when known.
    pub from: Option<Square>,
}

/// Explains a move that cannot be played in `pos`; None for a text that
/// is not a move or that fits more than one move (the error says it all).
pub fn explain(pos: &Position, error: &MoveInputError) -> Option<Illegal> {
    let g = &pos.variant().geometry;
    let illegal = match error {
        MoveInputError::Syntax { .. } | MoveInputError::Ambiguous { .. } => return None,
        MoveInputError::OffBoard { .. }
        | MoveInputError::Void { .. }
        | MoveInputError::IllegalDrop { .. }
        | MoveInputError::IllegalGate { .. }
        | MoveInputError::IllegalWall { .. } => Illegal {
            message: error.to_string(),
            from: None,
        },
        MoveInputError::MustPromote { from, to, choices } => {
            let letters: Vec<String> = choices
                .iter()
                .map(|&k| pos.variant().piece(k).letter.to_string())
                .collect();
            Illegal {
                message: format!(
                    "a piece reaching {} must promote: add one of {} (as in {}={})",
                    g.name(*to),
                    letters.join(", "),
                    g.name(*to),
                    letters.first().map_or("", |l| l.as_str())
                ),
                from: Some(*from),
            }
        }
        MoveInputError::NoCastling { short } => Illegal {
            message: castling_reason(pos, *short),
            from: pos.royal_square(),
        },
        MoveInputError::NoMatch {
            typed,
            kind,
            promotion,
        } => match typed.to {
            Some(to) => no_match(pos, typed, *kind, *promotion, to),
            None => Illegal {
                message: error.to_string(),
                from: None,
            },
        },
    };
    Some(illegal)
}

/// Explains a move typed as `text` that cannot be played in `pos`: a drop
/// (`P@e4`) by the drop rule it breaks, anything else as [`explain`] does.
pub fn explain_typed(pos: &Position, text: &str, error: &MoveInputError) -> Option<Illegal> {
    if let MoveInputError::IllegalDrop { .. } = error {
        if let Some((kind, to)) = typed_drop(pos, text) {
            return Some(Illegal {
                message: drop_reason(pos, kind, to),
                from: None,
            });
        }
    }
    explain(pos, error)
}

/// The piece and square of a drop typed as `P@e4` (a check mark after
/// it allowed).
fn typed_drop(pos: &Position, text: &str) -> Option<(PieceKind, Square)> {
    let (letter, square) = text.trim().split_once('@')?;
    let mut chars = letter.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    let kind = pos.variant().kind_by_letter(c)?;
    let square = square.trim_end_matches(['+', '#']);
    let to = pos.variant().geometry.parse_square(square)?;
    Some((kind, to))
}

/// Why the side to move may not drop a `kind` on `to`, by the first drop
/// rule it breaks: the hands, the square, the drop region, one per file,
/// no checkmate by the drop, the check.
pub fn drop_reason(pos: &Position, kind: PieceKind, to: Square) -> String {
    let variant = pos.variant();
    let g = &variant.geometry;
    let Some(hands) = &variant.hands else {
        return "this variant has no pieces in hand".to_string();
    };
    let piece = Piece {
        color: pos.side_to_move(),
        kind,
    };
    let name = piece_name(pos, piece);
    let square = g.name(to);
    let article = |word: &str| match word.chars().next() {
        Some(c) if "aeiou".contains(c) => "an",
        _ => "a",
    };
    let a = article(&name);
    if !pos.holds(piece) {
        return format!("there is no {name} in your hand");
    }
    if pos.piece_at(to).is_some() {
        return format!("{square} is not empty");
    }
    if hands.never_dropped.get(kind.0 as usize) == Some(&true) {
        return format!("{a} {name} in hand is never dropped");
    }
    let region = hands
        .drop_squares
        .get(piece.code() as usize)
        .is_some_and(|set| set.contains(to));
    if !region {
        return format!(
            "{a} {name} may not be dropped on {square}: it is not in the {name}'s drop region"
        );
    }
    if let Some(reason) = pos.family_drop_refusal(kind, to) {
        return format!("{a} {name} may not be dropped on {square}: {reason}");
    }
    if let Some(limit) = pos.drop_file_limit_reached(piece, to) {
        return match limit {
            1 => format!("{a} {name} may not be dropped on a file that has one of your {name}s"),
            n => format!("{a} {name} may not be dropped on a file that has {n} of your {name}s"),
        };
    }
    if pos.is_check() {
        return format!("{a} {name} on {square} does not end the check");
    }
    if hands.no_check.get(kind.0 as usize) == Some(&true) {
        let mut after = pos.clone();
        after.play_unchecked(Move {
            from: to,
            to,
            kind: MoveKind::Drop(kind),
            promotion: None,
            gate: None,
        });
        if after.is_check() {
            return format!("{a} {name} may not be dropped where it would give check");
        }
    }
    if hands.no_mate.get(kind.0 as usize) == Some(&true) {
        return format!("{a} {name} may not be dropped where it would give checkmate");
    }
    format!("{a} {name} on {square} would leave your royal piece attacked")
}

/// What to say about a move that cannot be played: the explanation, or
/// what the error says.
pub fn explain_text(pos: &Position, error: &MoveInputError) -> String {
    explain(pos, error).map_or_else(|| error.to_string(), |i| i.message)
}

/// Explains why no legal move fits what was typed.
fn no_match(
    pos: &Position,
    typed: &TypedMove,
    kind: Option<PieceKind>,
    promo: Option<PieceKind>,
    to: Square,
) -> Illegal {
    let variant = pos.variant();
    let g = &variant.geometry;
    let us = pos.side_to_move();
    let side = variant.side_name(us);
    // The candidate origins: pieces of ours of the wanted kind that fit the
    // typed origin.
    let origins: Vec<Square> = pos
        .pieces_of(us)
        .iter()
        .filter(|&sq| {
            let Some(p) = pos.piece_at(sq) else {
                return false;
            };
            let kind_ok = match kind {
                Some(k) => p.kind == k,
                None => typed.coordinate || is_pawn_like(pos, p.kind),
            };
            kind_ok
                && typed.from_file.is_none_or(|f| g.file_of(sq) == f)
                && typed.from_rank.is_none_or(|r| g.rank_of(sq) == r)
        })
        .collect();
    if typed.coordinate {
        let from = g.cell(typed.from_file.unwrap_or(0), typed.from_rank.unwrap_or(0));
        if let Some(from) = from {
            match pos.piece_at(from) {
                None => {
                    return Illegal {
                        message: format!("there is no piece on {}", g.name(from)),
                        from: None,
                    }
                }
                Some(p) if p.color != us => {
                    return Illegal {
                        message: format!(
                            "the {} on {} is not yours: it is {side}'s move",
                            piece_name(pos, p),
                            g.name(from)
                        ),
                        from: None,
                    }
                }
                _ => {}
            }
        }
    }
    if origins.is_empty() {
        let what = match kind {
            Some(k) => variant.piece(k).name.clone(),
            None => "pawn".to_string(),
        };
        let extra = match (typed.from_file, typed.from_rank) {
            (None, None) => String::new(),
            _ => " there".to_string(),
        };
        return Illegal {
            message: format!(
                "there is no {} {}{extra}",
                side.to_lowercase(),
                what.to_lowercase()
            ),
            from: None,
        };
    }
    // Among the candidates, the most telling reason.
    let mut reasons: Vec<(u8, String, Square)> = Vec::new();
    for &from in &origins {
        let (rank, why) = reason_for(pos, from, to, promo);
        reasons.push((rank, why, from));
    }
    reasons.sort_by_key(|r| std::cmp::Reverse(r.0));
    if reasons.len() > 1 && reasons[0].0 <= 2 {
        let what = match kind {
            Some(k) => variant.piece(k).name.to_lowercase(),
            None => "pawn".to_string(),
        };
        return Illegal {
            message: format!("no {} {what} can go to {}", side.to_lowercase(), g.name(to)),
            from: None,
        };
    }
    let (_, message, from) = reasons.swap_remove(0);
    Illegal {
        message,
        from: Some(from),
    }
}

/// Why the piece on `from` cannot go to `to`, with how specific the reason is.
fn reason_for(pos: &Position, from: Square, to: Square, promo: Option<PieceKind>) -> (u8, String) {
    let variant = pos.variant();
    let g = &variant.geometry;
    let Some(piece) = pos.piece_at(from) else {
        return (0, format!("there is no piece on {}", g.name(from)));
    };
    let name = piece_name(pos, piece);
    let here = format!("the {name} on {}", g.name(from));
    if let Some(reason) = standing_reason(pos, piece, (from, to), promo) {
        return reason;
    }
    if let Some(target) = pos.piece_at(to) {
        // Castling from any start is written as the king taking its rook.
        if let Some(rule) = variant.castling.iter().find(|r| {
            r.any_start && r.color == piece.color && r.king_from == from && r.rook_from == to
        }) {
            let short = g.file_of(rule.rook_from) > g.file_of(rule.king_from);
            return (5, castling_reason(pos, short));
        }
        if target.color == piece.color {
            return (
                5,
                format!(
                    "{} cannot take its own {} on {}",
                    cap(&here),
                    piece_name(pos, target),
                    g.name(to)
                ),
            );
        }
    }
    if let Some(reason) = compulsion_reason(pos, from, to) {
        return reason;
    }
    if let Some(reason) = checker_only_reason(pos, piece, from, to) {
        return reason;
    }
    if let Some(reason) = pseudo_legal_reason(pos, piece, from, to, promo) {
        return reason;
    }
    ray_reason(pos, piece, from, to)
}

/// `promote … in place` (Sittuyin's pawns): why a typed promotion of a
/// piece that promotes standing, in place or by the new piece's step,
/// cannot be played: the square it stands on, the promotion limit, a
/// square the new piece cannot step to, an enemy piece it would attack,
/// or the check it would give. None where another rule is to blame.
fn standing_reason(
    pos: &Position,
    piece: Piece,
    (from, to): (Square, Square),
    promo: Option<PieceKind>,
) -> Option<(u8, String)> {
    let variant = pos.variant();
    let rule = variant
        .promotion
        .standing
        .iter()
        .find(|r| r.color == piece.color && r.piece == piece.kind)?;
    let kind = promo.filter(|k| rule.choices.contains(k))?;
    let g = &variant.geometry;
    let here = cap(&format!(
        "the {} on {}",
        piece_name(pos, piece),
        g.name(from)
    ));
    let new = Piece {
        color: piece.color,
        kind,
    };
    let new_name = piece_name(pos, new);
    let promotion = |to: Square| Move {
        promotion: Some(kind),
        ..Move::new(from, to, MoveKind::Promote)
    };
    let mut in_place = pos.clone();
    in_place.play_unchecked(promotion(from));
    // Typed where neither the piece nor the new one could go: the
    // promotion is not what the move asks for (`d5=F` for a pawn on a3).
    let standing_move = to == from || in_place.captures_on(from, to);
    let last = rule.anywhere_if_last && pos.count_on_board(piece.color, piece.kind) == 1;
    if !last && !rule.region.contains(from) {
        if !standing_move {
            return None;
        }
        let or_last = if rule.anywhere_if_last {
            ", nor is it its side's last"
        } else {
            ""
        };
        return Some((
            8,
            format!("{here} stands on no square where it may promote{or_last}"),
        ));
    }
    if let Some(n) = variant.promotion.limit(kind) {
        if pos.count_on_board(piece.color, kind) >= n {
            return Some((
                8,
                format!(
                    "{here} may not promote to a {new_name}: its side has {n} on the board already"
                ),
            ));
        }
    }
    if to != from
        && !(rule.by_its_move && in_place.captures_on(from, to) && pos.piece_at(to).is_none())
    {
        return Some((8, format!("{here} promotes where it stands, or by a {new_name}'s move to an empty square, not to {}", g.name(to))));
    }
    let mut after = pos.clone();
    after.play_unchecked(promotion(to));
    let them = piece.color.opposite();
    if rule.never_attacking {
        if let Some(sq) = after
            .pieces_of(them)
            .iter()
            .find(|&sq| after.captures_on(to, sq))
        {
            let target = after
                .piece_at(sq)
                .map(|p| piece_name(pos, p))
                .unwrap_or_default();
            return Some((8, cap(&format!("a {new_name} on {} would attack the {target} on {}: a promotion may attack no enemy piece", g.name(to), g.name(sq)))));
        }
    }
    if rule.never_checking && after.is_check() {
        return Some((
            8,
            cap(&format!(
                "promoting on {} would give check, which a promotion may not",
                g.name(to)
            )),
        ));
    }
    None
}

/// `restrict … in check only take the checker` (Makpong's king): a move of
/// its piece that does not take the one piece giving check.
fn checker_only_reason(
    pos: &Position,
    piece: Piece,
    from: Square,
    to: Square,
) -> Option<(u8, String)> {
    if !*pos
        .variant()
        .piece(piece.kind)
        .only_takes_checker
        .get(piece.color)
        || !pos.is_check()
    {
        return None;
    }
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    if !pseudo.iter().any(|m| m.from == from && m.to == to) {
        return None;
    }
    let g = &pos.variant().geometry;
    let checkers = pos.checkers();
    let here = format!("the {} on {}", piece_name(pos, piece), g.name(from));
    let checker = checkers.iter().next()?;
    if checkers.len() > 1 {
        return Some((
            9,
            format!("{} cannot move in a double check: in check it may only take the piece giving check", cap(&here)),
        ));
    }
    (checker != to).then(|| {
        (
            9,
            format!(
                "In check, {here} may only take the piece giving check (the {} on {})",
                pos.piece_at(checker)
                    .map(|p| piece_name(pos, p))
                    .unwrap_or_default(),
                g.name(checker)
            ),
        )
    })
}

/// `captures compulsory`: a move that would be legal but does not capture
/// while a capture is possible.
fn compulsion_reason(pos: &Position, from: Square, to: Square) -> Option<(u8, String)> {
    if !pos.variant().compulsory_capture {
        return None;
    }
    let legal = pos.legal_moves().ok()?;
    let capture = legal.iter().find(|&&mv| pos.is_capture(mv))?;
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let quiet = pseudo
        .iter()
        .any(|&mv| mv.from == from && mv.to == to && !pos.is_capture(mv));
    let g = &pos.variant().geometry;
    quiet.then(|| {
        (
            6,
            format!(
                "captures are compulsory, and {} can capture (as {}{})",
                pos.variant().side_name(pos.side_to_move()),
                g.name(capture.from),
                g.name(capture.to)
            ),
        )
    })
}

/// Why the piece on `from`, when its moves reach `to` (a pseudo-legal
/// move), cannot go there: it would leave a royal piece attacked, or it
/// does not promote as asked. None when its moves do not reach `to`.
fn pseudo_legal_reason(
    pos: &Position,
    piece: Piece,
    from: Square,
    to: Square,
    promo: Option<PieceKind>,
) -> Option<(u8, String)> {
    let variant = pos.variant();
    let g = &variant.geometry;
    let here = format!("the {} on {}", piece_name(pos, piece), g.name(from));
    // Pseudo-legal but leaves the royal piece attacked?
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let reaching: Vec<Move> = pseudo
        .iter()
        .copied()
        .filter(|m| m.from == from && m.to == to && !matches!(m.kind, MoveKind::Castle(_)))
        .collect();
    if let Some(&m) = reaching
        .iter()
        .find(|m| promo.is_none_or(|k| m.promotion == Some(k)))
    {
        let mut after = pos.clone();
        after.play_unchecked(m);
        let us = piece.color;
        for royal in after.royal_squares(us) {
            let attackers = after.attackers_of(royal, us.opposite());
            if let Some(a) = attackers.first() {
                let rp = after.piece_at(royal).map(|p| piece_name(pos, p));
                let ap = after.piece_at(a).map(|p| piece_name(pos, p));
                let verb = if pos.is_check() && royal != m.to {
                    "would still be attacked"
                } else {
                    "would be attacked"
                };
                return Some((
                    9,
                    format!(
                        "{}-{} is not allowed: your {} on {} {verb} by the {} on {}",
                        g.name(from),
                        g.name(to),
                        rp.unwrap_or_default(),
                        g.name(royal),
                        ap.unwrap_or_default(),
                        g.name(a)
                    ),
                ));
            }
        }
        if let Some(k) = promo {
            return Some((
                4,
                format!(
                    "{} cannot promote to {} on {}",
                    cap(&here),
                    variant.piece(k).name,
                    g.name(to)
                ),
            ));
        }
    }
    if !reaching.is_empty() {
        if let Some(k) = promo {
            let choices: Vec<String> = reaching
                .iter()
                .filter_map(|m| m.promotion)
                .map(|p| variant.piece(p).letter.to_string())
                .collect();
            let how = if choices.is_empty() {
                "does not promote there".to_string()
            } else {
                format!("promotes there only to {}", choices.join(", "))
            };
            return Some((
                6,
                format!(
                    "{} {how} (not {})",
                    cap(&here),
                    variant.piece(k).name.to_lowercase()
                ),
            ));
        }
    }
    None
}

/// Why the piece on `from` cannot go to `to` by its moves: `to` is on
/// none of its rays on this board, or what stops it on the ray.
fn ray_reason(pos: &Position, piece: Piece, from: Square, to: Square) -> (u8, String) {
    let variant = pos.variant();
    let g = &variant.geometry;
    let here = format!("the {} on {}", piece_name(pos, piece), g.name(from));
    // Walk the piece's rays on this board: is `to` on one, and what stops it?
    let code = piece.code();
    let tables = &variant.tables;
    let mut best: Option<(u8, String)> = None;
    for ray in tables.rays(code, from) {
        let s = ray.start as usize;
        let squares = &tables.path_squares[s..s + ray.len as usize];
        let flags = &tables.path_flags[s..s + ray.len as usize];
        let Some(j) = squares.iter().position(|&q| q == to) else {
            continue;
        };
        let f = flags[j];
        if f & MUST_BE_OCCUPIED != 0 {
            continue;
        }
        let occupied = pos.piece_at(to).is_some();
        let candidate: (u8, String) = if ray.initial && !pos.unmoved().contains(from) {
            (
                6,
                format!(
                    "{} may go to {} only on its first move",
                    cap(&here),
                    g.name(to)
                ),
            )
        } else if ray.kind == RayKind::Slide {
            let blocker = squares[..j]
                .iter()
                .zip(&flags[..j])
                .find(|(q, fl)| *(*fl) & MUST_BE_OCCUPIED == 0 && pos.piece_at(**q).is_some());
            if let Some((q, _)) = blocker {
                let bp = pos.piece_at(*q).map(|p| piece_name(pos, p));
                (
                    8,
                    format!(
                        "{} cannot reach {}: the {} on {} is in the way",
                        cap(&here),
                        g.name(to),
                        bp.unwrap_or_default(),
                        g.name(*q)
                    ),
                )
            } else if occupied && f & CAPTURE == 0 {
                (
                    7,
                    format!(
                        "{} moves to {} only when it is empty (it does not capture that way)",
                        cap(&here),
                        g.name(to)
                    ),
                )
            } else if !occupied && f & MOVE == 0 {
                (
                    7,
                    format!(
                        "{} goes to {} only to capture, and {} is empty",
                        cap(&here),
                        g.name(to),
                        g.name(to)
                    ),
                )
            } else {
                (3, format!("{} cannot go to {} now", cap(&here), g.name(to)))
            }
        } else {
            (
                6,
                format!(
                    "{} reaches {} only by hopping over a piece, and none stands in the way",
                    cap(&here),
                    g.name(to)
                ),
            )
        };
        if best.as_ref().is_none_or(|b| candidate.0 > b.0) {
            best = Some(candidate);
        }
    }
    best.unwrap_or_else(|| {
        (
            2,
            format!(
                "{} does not move like that (its moves: {})",
                cap(&here),
                variant.piece(piece.kind).betza
            ),
        )
    })
}

/// Why castling to one side is not legal now.
fn castling_reason(pos: &Position, short: bool) -> String {
    let variant = pos.variant();
    let g = &variant.geometry;
    let us = pos.side_to_move();
    let wing = if short { "O-O" } else { "O-O-O" };
    let rules: Vec<_> = variant
        .castling
        .iter()
        .filter(|r| r.color == us && (g.file_of(r.rook_from) > g.file_of(r.king_from)) == short)
        .collect();
    let unmoved = |sq, kind| {
        pos.piece_at(sq) == Some(Piece { color: us, kind }) && pos.unmoved().contains(sq)
    };
    // The rule the position is nearest to (castling from any start has
    // one for each start pair: the one of the king and rook that stand).
    let Some(rule) = (rules.iter())
        .find(|r| unmoved(r.king_from, r.king) && unmoved(r.rook_from, r.rook))
        .or_else(|| rules.iter().find(|r| unmoved(r.king_from, r.king)))
        .or(rules.first())
    else {
        return format!("there is no {wing} castling in this variant");
    };
    if !unmoved(rule.king_from, rule.king) {
        return format!("cannot castle {wing}: the king has moved");
    }
    if !unmoved(rule.rook_from, rule.rook) {
        return if rule.any_start {
            format!("cannot castle {wing}: the rook of that side has moved or gone")
        } else {
            format!(
                "cannot castle {wing}: the rook on {} has moved or gone",
                g.name(rule.rook_from)
            )
        };
    }
    if let Some(sq) = rule
        .must_be_empty
        .iter()
        .find(|&sq| pos.piece_at(sq).is_some())
    {
        let p = pos.piece_at(sq).map(|p| piece_name(pos, p));
        return format!(
            "cannot castle {wing}: the {} on {} is in the way",
            p.unwrap_or_default(),
            g.name(sq)
        );
    }
    if pos.is_check() && !rule.king_path.is_empty() {
        return format!("cannot castle {wing} out of check");
    }
    if let Some(&sq) = rule
        .king_path
        .iter()
        .find(|&&sq| pos.is_attacked(sq, us.opposite()))
    {
        return format!(
            "cannot castle {wing}: the king would pass or land on {}, which is attacked",
            g.name(sq)
        );
    }
    format!("cannot castle {wing} now")
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

trait Royals {
    fn royal_squares(&self, color: Color) -> Vec<Square>;
    fn royal_square(&self) -> Option<Square>;
}

impl Royals for Position {
    fn royal_squares(&self, color: Color) -> Vec<Square> {
        self.pieces_of(color)
            .iter()
            .filter(|&sq| {
                self.piece_at(sq)
                    .is_some_and(|p| self.variant().piece(p.kind).royal)
            })
            .collect()
    }
    fn royal_square(&self) -> Option<Square> {
        self.royal_squares(self.side_to_move()).first().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile_source;
    use crate::notation::san::parse_move;
    use crate::stdlib;

    fn chess(fen: &str) -> Position {
        let v = compile_source("chess", stdlib::script("chess").unwrap_or_default()).unwrap();
        Position::from_fen(&v, fen).unwrap()
    }

    fn why(pos: &Position, text: &str) -> String {
        explain_text(pos, &parse_move(pos, text).unwrap_err())
    }

    /// Makpong's king in check: only taking the checker is allowed.
    #[test]
    fn a_king_that_only_takes_the_checker() {
        let script = "variant \"Taker\"\nboard 8 x 8\nimport orthodox\n\
                      restrict King: in check only take the checker\n\
                      setup \"4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1\"\n";
        let v = compile_source("taker", script).unwrap();
        let double = Position::from_fen(&v, "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1").unwrap();
        assert_eq!(
            why(&double, "Ke2"),
            "The king on e1 cannot move in a double check: in check it may only take the piece giving check"
        );
        let single = Position::from_fen(&v, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
        assert_eq!(
            why(&single, "Kf1"),
            "In check, the king on e1 may only take the piece giving check (the rook on e2)"
        );
        assert!(parse_move(&single, "Kxe2").is_ok());
    }

    #[test]
    fn explains_illegal_moves() {
        let pos = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let e = why(&pos, "Bc4");
        assert!(e.contains("pawn on e2 is in the way"), "{e}");
        let e = why(&pos, "e5");
        assert_eq!(e, "no white pawn can go to e5");
        let e = why(&pos, "O-O");
        assert!(e.contains("in the way"), "{e}");
        assert!(matches!(
            parse_move(&pos, "hello"),
            Err(MoveInputError::Syntax { .. })
        ));
        let pos = chess("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let e = why(&pos, "a8");
        assert!(e.contains("must promote"), "{e}");
        assert!(parse_move(&pos, "a8=Q").is_ok());
        assert!(parse_move(&pos, "a7a8q").is_ok());
        let pos = chess("4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1");
        let e = why(&pos, "d3");
        assert!(e.contains("bishop on b4"), "{e}");
    }
}
