//! FEN for any board: multi-digit empty runs (`10`, `11`), ranks past 9,
//! void squares counted as empty in runs (`*` is accepted for a void too,
//! as Fairy-Stockfish writes them), walls as `*` (`walls …`), castling
//! rights as `KQkq` or file letters (castling from any start is written
//! with the rooks' files, `HAha`), and en passant as one square (`e3`) or,
//! when the passed square
//! alone does not say which piece passed it, two (`e3d4`: passed square,
//! then the piece that passed it; read in either order, the passed square
//! being the empty one, as Fairy-Stockfish writes them in board order).
//!
//! The reader lives in [`crate::compile::fen`] (it needs only the IR, and
//! the compiler reads the script's setup with it) and is re-exported here;
//! the writer is here.

use crate::ir::piece::{Color, Piece};
use crate::vm::Position;

pub use crate::compile::fen::{parse_fen, parse_placement, ParseFenError};

/// Writes a position as FEN.
pub fn write_fen(pos: &Position) -> String {
    let variant = pos.variant();
    let g = &variant.geometry;
    let mut out = String::new();
    for rank in (0..g.ranks() as i32).rev() {
        let mut empty = 0;
        for file in 0..g.files() as i32 {
            let sq = g.cell(file, rank).unwrap_or_default();
            if pos.walls().contains(sq) {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push('*');
                continue;
            }
            match pos.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(&variant.piece(p.kind).token(p.color));
                    if pos.promoted().contains(sq) && !marked_by_its_letter(variant, p.kind) {
                        out.push('~');
                    }
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    // `hands unlimited`: no hands field, as Fairy-Stockfish's `freeDrops`.
    if variant.hands.as_ref().is_some_and(|h| !h.unlimited) {
        out.push_str(&hands_field(pos));
    }
    out.push(' ');
    out.push(pos.side_to_move().char());
    out.push(' ');
    let mut rights = String::new();
    for color in Color::ALL {
        let rules: Vec<&crate::ir::rule::CastlingRule> = variant
            .castling
            .iter()
            .filter(|r| {
                r.color == color
                    && pos.unmoved().contains(r.king_from)
                    && pos.unmoved().contains(r.rook_from)
                    && pos.piece_at(r.king_from)
                        == Some(Piece {
                            color,
                            kind: r.king,
                        })
                    && pos.piece_at(r.rook_from)
                        == Some(Piece {
                            color,
                            kind: r.rook,
                        })
            })
            .collect();
        let mut letters: Vec<char> = rules.iter().map(|r| right_letter(pos, r)).collect();
        // Kingside first, as Fairy-Stockfish writes them (`KQ`, `HA`).
        let wing = |c: &char| {
            rules
                .iter()
                .find(|r| right_letter(pos, r) == *c)
                .map_or(2, |r| match r.letter.to_ascii_uppercase() {
                    'K' => 0,
                    'Q' => 1,
                    _ => 2,
                })
        };
        letters.sort_by_key(wing);
        letters.dedup();
        rights.extend(letters);
        rights.push_str(&gate_letters(pos, color, &rules));
    }
    out.push_str(if rights.is_empty() { "-" } else { &rights });
    out.push(' ');
    // A running count stands in the en passant and halfmove fields (as
    // Fairy-Stockfish writes it; counting variants have no en passant).
    let count = pos.count();
    match count {
        Some(c) => out.push_str(&c.limit.to_string()),
        None => out.push_str(&en_passant_field(pos)),
    }
    if !variant.counters.is_empty() {
        out.push_str(&format!(
            " {}+{}",
            pos.counter(0, Color::White),
            pos.counter(0, Color::Black)
        ));
    }
    let clock = count.map_or(pos.halfmoves(), |c| c.ply);
    out.push_str(&format!(" {} {}", clock, pos.fullmoves()));
    out
}

/// The letter of a castling right: `KQkq`, or for castling from any start
/// (Chess960) the rook's file (`HAha`, Shredder-FEN, as Fairy-Stockfish
/// writes its 960 variants' rights).
/// Whether a `+` kind's promoted mark (`~`) says nothing its `+` does not:
/// captured with or without it, it goes to hand as the same kind (Elgam's
/// `+S` under `demote promoted to Soldier` and `demote PromotedSoldier to
/// Soldier`). Fairy-Stockfish writes such a piece `+S`, never `+S~`.
fn marked_by_its_letter(variant: &crate::ir::Variant, kind: crate::ir::piece::PieceKind) -> bool {
    let Some(hands) = &variant.hands else {
        return false;
    };
    variant.piece(kind).plus_mark && hands.promoted_to == Some(hands.demoted[kind.0 as usize])
}

fn right_letter(pos: &Position, rule: &crate::ir::rule::CastlingRule) -> char {
    if !rule.any_start {
        return rule.letter;
    }
    let file = (b'a' + pos.variant().geometry.file_of(rule.rook_from) as u8) as char;
    match rule.color {
        Color::White => file.to_ascii_uppercase(),
        Color::Black => file,
    }
}

/// The gating rights of `color` (`gate …`) not already said by its
/// castling rights (`rules`): the file letters of the pieces that may
/// still open a gate, in file order, as Fairy-Stockfish writes them; in a
/// variant without gating, those of its never-moved pieces whose first
/// moves FEN writes (`first moves of … in FEN`: Cambodian chess's `DEde`).
fn gate_letters(pos: &Position, color: Color, rules: &[&crate::ir::rule::CastlingRule]) -> String {
    let variant = pos.variant();
    let g = &variant.geometry;
    let mut gates: Vec<_> = match variant.hands.as_ref().and_then(|h| h.gating.as_ref()) {
        Some(gating) => pos
            .unmoved()
            .intersection(gating.region.get(color))
            .intersection(pos.pieces_of(color))
            .iter()
            .filter(|&sq| !rules.iter().any(|r| r.king_from == sq || r.rook_from == sq))
            .collect(),
        // `first moves of … in FEN`: the never-moved pieces of those kinds.
        None => pos
            .unmoved()
            .intersection(pos.pieces_of(color))
            .iter()
            .filter(|&sq| {
                pos.piece_at(sq)
                    .is_some_and(|p| variant.piece(p.kind).first_moves_in_fen)
            })
            .collect(),
    };
    gates.sort_by_key(|&sq| g.file_of(sq));
    gates
        .iter()
        .map(|&sq| {
            let letter = (b'a' + g.file_of(sq) as u8) as char;
            match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            }
        })
        .collect()
}

/// The hands field, as Fairy-Stockfish writes it: `[`, White's pieces
/// then Black's, each kind in the order the variant declares them (the
/// orthodox order, queen first, is Fairy-Stockfish's), `]`.
fn hands_field(pos: &Position) -> String {
    let variant = pos.variant();
    let mut out = String::from("[");
    for color in Color::ALL {
        for (k, def) in variant.pieces.iter().enumerate() {
            let piece = Piece {
                color,
                kind: crate::ir::piece::PieceKind(k as u8),
            };
            for _ in 0..pos.in_hand(piece) {
                out.push_str(&def.token(color));
            }
        }
    }
    out.push(']');
    out
}

/// The en passant field: `-` unless an enemy piece could capture en
/// passant (the position keeps the chance only then). It names the passed
/// square farthest from the piece that passed it (the reader takes every
/// square from there to the piece as passed).
fn en_passant_field(pos: &Position) -> String {
    let Some(ep) = pos.en_passant() else {
        return "-".into();
    };
    let g = &pos.variant().geometry;
    let Some(passed) = ep.farthest_passed(g) else {
        return "-".into();
    };
    let mover = pos.side_to_move().opposite();
    let candidates = pos
        .pieces_of(mover)
        .iter()
        .filter(|&v| pos.could_have_passed(v, passed))
        .count();
    if candidates == 1 {
        g.name(passed)
    } else {
        format!("{}{}", g.name(passed), g.name(ep.victim))
    }
}
/// A position prints as its FEN (`Position(rnbqkbnr/… w KQkq - 0 1)`).
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", write_fen(self))
    }
}
