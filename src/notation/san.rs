//! Standard algebraic notation (SAN) for any variant, by the FIDE
//! conventions: `Nf3`, `exd5`, `e8=Q`, `O-O`, `Ra10`, `Nbd7`, `R1a3`,
//! `Qh4e1`, with `+` for check and `#` for checkmate.
//!
//! Pieces are written by their FEN letter. Pawn-like pieces (those whose
//! moves reset the move rule, i.e. the pieces that promote) are written
//! without a letter; their captures name the origin file. Castling is
//! `O-O` toward the higher file, `O-O-O` toward the lower one.
//!
//! Reading ([`parse_move`]) accepts SAN (with or without `x`, `=`, `+`,
//! `#`, over-specified origins, `0-0`) and coordinate moves (`e2e4`,
//! `e7e8q`, `a10a9`). A move that cannot be played gets a
//! [`MoveInputError`] saying why, as precisely as the position allows.
//! Board rendering and game files live elsewhere ([`crate::notation::pgn`]).

use std::fmt;

use crate::ir::geometry::Square;
use crate::ir::pattern::{RayKind, CAPTURE, MOVE, MUST_BE_OCCUPIED};
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::vm::{Move, MoveKind, Position};

/// Whether a piece kind is written without a letter (it promotes).
pub fn is_pawn_like(pos: &Position, kind: PieceKind) -> bool {
    pos.variant().piece(kind).resets_move_rule
}

/// Writes a legal move in SAN, with `+` or `#` when it gives check or mate.
pub fn move_to_san(pos: &Position, mv: Move) -> String {
    let mut s = move_to_san_plain(pos, mv);
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if after.is_check() {
        let mate = after.legal_moves().is_ok_and(|m| m.is_empty())
            && pos.variant().game_end.checkmate.is_some();
        s.push(if mate { '#' } else { '+' });
    }
    s
}

/// Writes a legal move in SAN without the check suffix.
pub fn move_to_san_plain(pos: &Position, mv: Move) -> String {
    let variant = pos.variant();
    let g = &variant.geometry;
    if let MoveKind::Castle(r) = mv.kind {
        let rule = &variant.castling[r as usize];
        return if g.file_of(rule.rook_from) > g.file_of(rule.king_from) {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        };
    }
    let Some(piece) = pos.piece_at(mv.from) else {
        return crate::notation::coord::move_to_coord(pos, mv);
    };
    let pawn = is_pawn_like(pos, piece.kind);
    let capture = mv.kind == MoveKind::EnPassant || pos.piece_at(mv.to).is_some();
    let mut s = String::new();
    if !pawn {
        s.push(variant.piece(piece.kind).letter);
    }
    // Other legal moves of the same piece type to the same square.
    let rivals: Vec<Square> = pos
        .legal_moves()
        .unwrap_or_default()
        .into_iter()
        .filter(|m| {
            m.from != mv.from
                && m.to == mv.to
                && m.promotion == mv.promotion
                && !matches!(m.kind, MoveKind::Castle(_))
                && pos.piece_at(m.from) == Some(piece)
        })
        .map(|m| m.from)
        .collect();
    let file = g.name(mv.from).chars().next().unwrap_or('?');
    let rank = g.rank_of(mv.from) + 1;
    let need_file_for_pawn = pawn && capture;
    if rivals.is_empty() {
        if need_file_for_pawn {
            s.push(file);
        }
    } else {
        let same_file = rivals.iter().any(|&r| g.file_of(r) == g.file_of(mv.from));
        let same_rank = rivals.iter().any(|&r| g.rank_of(r) == g.rank_of(mv.from));
        if !same_file {
            s.push(file);
        } else if !same_rank && !need_file_for_pawn {
            s.push_str(&rank.to_string());
        } else {
            s.push(file);
            s.push_str(&rank.to_string());
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(&g.name(mv.to));
    if let Some(k) = mv.promotion {
        s.push('=');
        s.push(variant.piece(k).letter);
    }
    s
}

/// Why a typed move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveInputError {
    /// The text is not a move.
    Syntax {
        /// What is wrong.
        message: String,
    },
    /// A move that is not legal here.
    Illegal {
        /// Why.
        message: String,
        /// The square of the piece it concerns, when known.
        from: Option<Square>,
    },
    /// More than one legal move fits.
    Ambiguous {
        /// The moves that fit.
        candidates: Vec<Move>,
    },
}

impl fmt::Display for MoveInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveInputError::Syntax { message } | MoveInputError::Illegal { message, .. } => {
                write!(f, "{message}")
            }
            MoveInputError::Ambiguous { candidates } => {
                write!(f, "ambiguous: {} moves fit", candidates.len())
            }
        }
    }
}

impl std::error::Error for MoveInputError {}

/// A move as typed, taken apart.
#[derive(Debug, Default)]
struct Typed {
    letter: Option<char>,
    from_file: Option<i32>,
    from_rank: Option<i32>,
    to: Option<Square>,
    to_text: String,
    promotion: Option<char>,
    castle: Option<bool>, // Some(true): O-O, Some(false): O-O-O
    coordinate: bool,
}

/// Reads a move typed in SAN or coordinates and finds the legal move it means.
///
/// # Errors
/// [`MoveInputError`]: not a move, not legal (with the reason), or ambiguous.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveInputError> {
    let typed = split(pos, text)?;
    let legal = pos.legal_moves().unwrap_or_default();
    let variant = pos.variant();
    let g = &variant.geometry;
    if let Some(short) = typed.castle {
        let fits: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| match m.kind {
                MoveKind::Castle(r) => {
                    let rule = &variant.castling[r as usize];
                    (g.file_of(rule.rook_from) > g.file_of(rule.king_from)) == short
                }
                _ => false,
            })
            .collect();
        return match fits.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveInputError::Illegal {
                message: castling_reason(pos, short),
                from: pos.royal_square(),
            }),
            _ => Err(MoveInputError::Ambiguous { candidates: fits }),
        };
    }
    let Some(to) = typed.to else {
        return Err(syntax(text));
    };
    let kind_of = |letter: Option<char>| -> Result<Option<PieceKind>, MoveInputError> {
        letter
            .map(|c| {
                variant
                    .kind_by_letter(c)
                    .ok_or_else(|| MoveInputError::Syntax {
                        message: format!("this variant has no piece with the letter {c}"),
                    })
            })
            .transpose()
    };
    let kind_wanted = kind_of(typed.letter)?;
    let promo_wanted = kind_of(typed.promotion)?;
    let matches_origin = |m: &Move| {
        typed.from_file.is_none_or(|f| g.file_of(m.from) == f)
            && typed.from_rank.is_none_or(|r| g.rank_of(m.from) == r)
    };
    let matches_kind = |m: &Move| {
        let Some(p) = pos.piece_at(m.from) else {
            return false;
        };
        match kind_wanted {
            Some(k) => p.kind == k,
            None => typed.coordinate || is_pawn_like(pos, p.kind),
        }
    };
    let mut fits: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.to == to && matches_origin(m) && matches_kind(m))
        .collect();
    // Castling typed as the king's move (e1g1, Kg1).
    let promotion_fits = |m: &Move| promo_wanted.is_none_or(|k| m.promotion == Some(k));
    fits.retain(promotion_fits);
    if fits.len() > 1 && promo_wanted.is_none() && fits.iter().all(|m| m.promotion.is_some()) {
        let from = fits[0].from;
        if fits.iter().all(|m| m.from == from) {
            let letters: Vec<String> = fits
                .iter()
                .filter_map(|m| m.promotion)
                .map(|k| variant.piece(k).letter.to_string())
                .collect();
            return Err(MoveInputError::Illegal {
                message: format!(
                    "a piece reaching {} must promote: add one of {} (as in {}={})",
                    g.name(to),
                    letters.join(", "),
                    g.name(to),
                    letters[0]
                ),
                from: Some(from),
            });
        }
    }
    match fits.len() {
        1 => Ok(fits[0]),
        0 => Err(explain(pos, &typed, kind_wanted, promo_wanted, to)),
        _ => Err(MoveInputError::Ambiguous { candidates: fits }),
    }
}

fn syntax(text: &str) -> MoveInputError {
    MoveInputError::Syntax {
        message: format!(
            "`{}` is neither a command nor a move (type `help`; moves look like Nf3, exd5, e8=Q, O-O or e2e4)",
            text.trim()
        ),
    }
}

/// Takes typed text apart into its components.
fn split(pos: &Position, text: &str) -> Result<Typed, MoveInputError> {
    let g = &pos.variant().geometry;
    let mut t: String = text.trim().to_string();
    while t.ends_with(['+', '#', '!', '?']) {
        t.pop();
    }
    if let Some(stripped) = t.strip_suffix("e.p.") {
        t = stripped.trim_end().to_string();
    }
    let castle_text = t.replace('0', "O");
    if castle_text == "O-O" || castle_text == "OO" {
        return Ok(Typed {
            castle: Some(true),
            ..Typed::default()
        });
    }
    if castle_text == "O-O-O" || castle_text == "OOO" {
        return Ok(Typed {
            castle: Some(false),
            ..Typed::default()
        });
    }
    if t.is_empty() || !t.is_ascii() {
        return Err(syntax(text));
    }
    let b = t.as_bytes();
    let mut typed = Typed::default();
    let mut i = 0;
    if b[0].is_ascii_uppercase() {
        typed.letter = Some(b[0] as char);
        i = 1;
    }
    // Promotion at the end: `=Q`, `Q`, or (coordinates) `q` after a digit.
    let mut end = b.len();
    if end >= 2 && b[end - 2] == b'=' && b[end - 1].is_ascii_alphabetic() {
        typed.promotion = Some(b[end - 1].to_ascii_uppercase() as char);
        end -= 2;
    } else if end >= 2 && b[end - 1].is_ascii_uppercase() && b[end - 2].is_ascii_digit() {
        typed.promotion = Some(b[end - 1] as char);
        end -= 1;
    } else if end >= 3
        && b[end - 1].is_ascii_lowercase()
        && b[end - 2].is_ascii_digit()
        && typed.letter.is_none()
    {
        // e7e8q: only when what comes before is two squares.
        typed.promotion = Some(b[end - 1].to_ascii_uppercase() as char);
        end -= 1;
    }
    let body = &t[i..end];
    // The destination: the last [a-z][0-9]+.
    let bb = body.as_bytes();
    let mut j = bb.len();
    while j > 0 && bb[j - 1].is_ascii_digit() {
        j -= 1;
    }
    if j == bb.len() || j == 0 || !bb[j - 1].is_ascii_lowercase() {
        return Err(syntax(text));
    }
    let to_text = &body[j - 1..];
    let Some(to) = g.parse_cell(to_text) else {
        return Err(MoveInputError::Illegal {
            message: format!("{to_text} is not on this board"),
            from: None,
        });
    };
    if g.is_void(to) {
        return Err(MoveInputError::Illegal {
            message: format!("{to_text} is a void: no piece can stand there"),
            from: None,
        });
    }
    typed.to = Some(to);
    typed.to_text = to_text.to_string();
    let mut rest = &body[..j - 1];
    if let Some(r) = rest.strip_suffix(['x', ':', '-']) {
        // `x` is a capture mark unless it is the whole origin file of a
        // square (`x5` on a board of 24 files or more).
        rest = r;
    }
    if !rest.is_empty() {
        let rb = rest.as_bytes();
        let mut k = 0;
        if rb[0].is_ascii_lowercase() {
            typed.from_file = Some((rb[0] - b'a') as i32);
            k = 1;
        }
        let digits = &rest[k..];
        if !digits.is_empty() {
            if !digits.bytes().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
                return Err(syntax(text));
            }
            let r: i32 = digits.parse().map_err(|_| syntax(text))?;
            typed.from_rank = Some(r - 1);
        }
        typed.coordinate =
            typed.letter.is_none() && typed.from_file.is_some() && typed.from_rank.is_some();
    }
    if typed.promotion.is_some() && !typed.coordinate && typed.letter.is_none() {
        // `e8q` style without origin is fine for pawns; nothing to do.
    }
    if typed.letter.is_none() && typed.from_rank.is_some() && typed.from_file.is_none() {
        return Err(syntax(text));
    }
    Ok(typed)
}

/// Explains why no legal move fits what was typed.
fn explain(
    pos: &Position,
    typed: &Typed,
    kind: Option<PieceKind>,
    promo: Option<PieceKind>,
    to: Square,
) -> MoveInputError {
    let variant = pos.variant();
    let g = &variant.geometry;
    let us = pos.side_to_move();
    let side = side_name(us);
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
                    return MoveInputError::Illegal {
                        message: format!("there is no piece on {}", g.name(from)),
                        from: None,
                    }
                }
                Some(p) if p.color != us => {
                    return MoveInputError::Illegal {
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
        return MoveInputError::Illegal {
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
        return MoveInputError::Illegal {
            message: format!("no {} {what} can go to {}", side.to_lowercase(), g.name(to)),
            from: None,
        };
    }
    let (_, message, from) = reasons.swap_remove(0);
    MoveInputError::Illegal {
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
    if let Some(target) = pos.piece_at(to) {
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
                return (
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
                );
            }
        }
        if let Some(k) = promo {
            return (
                4,
                format!(
                    "{} cannot promote to {} on {}",
                    cap(&here),
                    variant.piece(k).name,
                    g.name(to)
                ),
            );
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
            return (
                6,
                format!(
                    "{} {how} (not {})",
                    cap(&here),
                    variant.piece(k).name.to_lowercase()
                ),
            );
        }
    }
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
    let Some(rule) = rules.first() else {
        return format!("there is no {wing} castling in this variant");
    };
    let king = Piece {
        color: us,
        kind: rule.king,
    };
    let rook = Piece {
        color: us,
        kind: rule.rook,
    };
    if pos.piece_at(rule.king_from) != Some(king) || !pos.unmoved().contains(rule.king_from) {
        return format!("cannot castle {wing}: the king has moved");
    }
    if pos.piece_at(rule.rook_from) != Some(rook) || !pos.unmoved().contains(rule.rook_from) {
        return format!(
            "cannot castle {wing}: the rook on {} has moved or gone",
            g.name(rule.rook_from)
        );
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
    if pos.is_check() {
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

/// The lower-case name of a piece, such as `knight`.
pub fn piece_name(pos: &Position, piece: Piece) -> String {
    pos.variant().piece(piece.kind).name.to_lowercase()
}

/// `White` or `Black`.
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
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
    use crate::compile::compile_source;
    use crate::stdlib;

    fn chess(fen: &str) -> Position {
        let v = compile_source("chess", stdlib::script("chess").unwrap_or_default()).unwrap();
        Position::from_fen(&v, fen).unwrap()
    }

    #[test]
    fn writes_and_reads_the_usual_forms() {
        let pos = chess("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        for (text, san) in [
            ("O-O", "O-O"),
            ("0-0-0", "O-O-O"),
            ("e1g1", "O-O"),
            ("dxe6", "dxe6"),
            ("Nxf7", "Nxf7"),
            ("Qxf6", "Qxf6"),
            ("Ng4", "Ng4"),
            ("Nb1", "Nb1"),
            ("Ncb1", "Nb1"),
            ("a3", "a3"),
            ("g2h3", "gxh3"),
        ] {
            let mv = parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(move_to_san_plain(&pos, mv), san, "{text}");
        }
    }

    #[test]
    fn explains_illegal_moves() {
        let pos = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let e = parse_move(&pos, "Bc4").unwrap_err().to_string();
        assert!(e.contains("pawn on e2 is in the way"), "{e}");
        let e = parse_move(&pos, "e5").unwrap_err().to_string();
        assert_eq!(e, "no white pawn can go to e5");
        let e = parse_move(&pos, "O-O").unwrap_err().to_string();
        assert!(e.contains("in the way"), "{e}");
        assert!(matches!(
            parse_move(&pos, "hello"),
            Err(MoveInputError::Syntax { .. })
        ));
        let pos = chess("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let e = parse_move(&pos, "a8").unwrap_err().to_string();
        assert!(e.contains("must promote"), "{e}");
        assert!(parse_move(&pos, "a8=Q").is_ok());
        assert!(parse_move(&pos, "a7a8q").is_ok());
        let pos = chess("4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1");
        let e = parse_move(&pos, "d3").unwrap_err().to_string();
        assert!(e.contains("bishop on b4"), "{e}");
    }

    #[test]
    fn disambiguates() {
        let pos = chess("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
        let mv = parse_move(&pos, "Rad1").unwrap();
        assert_eq!(move_to_san_plain(&pos, mv), "Rad1");
        assert!(matches!(
            parse_move(&pos, "Rd1"),
            Err(MoveInputError::Ambiguous { .. })
        ));
        let pos = chess("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1");
        let mv = parse_move(&pos, "R1a2").unwrap();
        assert_eq!(move_to_san_plain(&pos, mv), "R1a2");
    }
}
