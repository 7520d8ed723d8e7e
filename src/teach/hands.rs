//! Pieces in hand in words: which pieces start in hand, what a captured
//! piece becomes for its capturer, and where and how a piece in hand may
//! be dropped or gated (`hands`, `demote`, `drop`, `gate` in a script),
//! for `explain` and the rules page.

use crate::ir::geometry::SquareSet;
use crate::ir::hand::Hands;
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::ir::Variant;
use crate::teach::explain::describe_squares;

/// How many of `kind` `side` holds in hand at the start.
fn at_start(variant: &Variant, side: Color, kind: PieceKind) -> u8 {
    let code = Piece { color: side, kind }.code() as usize;
    variant.start.hands.get(code).copied().unwrap_or(0)
}

/// Whether a piece of `kind` can ever be in a hand: it starts there, or a
/// capture puts it there (itself, or as what another piece is demoted to).
fn can_be_in_hand(variant: &Variant, hands: &Hands, kind: PieceKind) -> bool {
    let starts = [Color::White, Color::Black]
        .into_iter()
        .any(|side| at_start(variant, side, kind) > 0);
    let captured_into = hands.keep_captures
        && (hands.promoted_to == Some(kind)
            || variant
                .pieces
                .iter()
                .enumerate()
                .any(|(k, def)| !def.royal && hands.demoted.get(k) == Some(&kind)));
    starts || captured_into || hands.unlimited
}

/// The paragraph about a piece and the hands, or None in a variant
/// without hands: "It starts in hand: … When captured, it goes to the
/// capturer's hand … From the hand it may be dropped …".
pub fn hand_rule(variant: &Variant, kind: PieceKind) -> Option<String> {
    let hands = variant.hands.as_ref()?;
    let def = variant.piece(kind);
    let mut sentences = Vec::new();
    let (white, black) = (
        at_start(variant, Color::White, kind),
        at_start(variant, Color::Black, kind),
    );
    if white > 0 || black > 0 {
        let count = |n: u8| match n {
            1 => "one".to_string(),
            n => crate::teach::explain::number_word(n as i32),
        };
        sentences.push(if white == black {
            format!("Each side starts with {} in hand.", count(white))
        } else {
            format!(
                "{} starts with {} in hand, {} with {}.",
                variant.side_name(Color::White),
                count(white),
                variant.side_name(Color::Black),
                count(black)
            )
        });
    }
    if hands.keep_captures && !def.royal {
        let demoted = hands.demoted.get(kind.0 as usize).copied().unwrap_or(kind);
        let mut text =
            "When captured, it goes to the capturer's hand and changes sides".to_string();
        if demoted != kind {
            text.push_str(&format!(", becoming a {}", variant.piece(demoted).name));
        }
        if let Some(to) = hands.promoted_to.filter(|&to| to != kind) {
            text.push_str(&format!(
                " (one that became a {} by promotion goes back as a {})",
                def.name,
                variant.piece(to).name
            ));
        }
        text.push('.');
        sentences.push(text);
    }
    if can_be_in_hand(variant, hands, kind) {
        if hands.drops {
            sentences.push(drop_sentence(variant, hands, kind));
        }
        if let Some(text) = gate_sentence(variant, hands, kind) {
            sentences.push(text);
        }
    }
    if sentences.is_empty() {
        None
    } else {
        Some(sentences.join(" "))
    }
}

/// "From the hand it may be dropped, as a move, on any empty square of
/// ranks 2 to 7, but not …".
fn drop_sentence(variant: &Variant, hands: &Hands, kind: PieceKind) -> String {
    let name = &variant.piece(kind).name;
    if hands.never_dropped.get(kind.0 as usize) == Some(&true) {
        return format!("A {name} in hand stays there: it is never dropped.");
    }
    let seen = hands.drop_squares_seen(&variant.geometry, variant.symmetry, kind);
    let (squares, black) = (seen.white, seen.black);
    let mut text =
        "From the hand it may be dropped, as a move instead of moving a piece, on any empty square"
            .to_string();
    if let Some(face) = hands.faces.get(kind.0 as usize).copied().flatten() {
        text = format!(
            "From the hand it may be dropped, as a move instead of moving a piece, either as a {name} or as a {} (its other face), on any empty square",
            variant.piece(face).name
        );
    }
    let words = |squares: &SquareSet| match *variant.geometry.squares() == *squares {
        true => String::new(),
        false => format!(" of {}", drop_squares_words(variant, squares)),
    };
    let (white_side, black_side) = (
        variant.side_name(Color::White),
        variant.side_name(Color::Black),
    );
    let symmetric = black == squares;
    if symmetric {
        text.push_str(&words(&squares));
    } else {
        text.push_str(&format!(
            "{} for {white_side} and{} for {black_side} (as {black_side} sees the board)",
            words(&squares),
            words(&black)
        ));
    }
    let mut limits = Vec::new();
    match hands.per_file.get(kind.0 as usize).copied().unwrap_or(0) {
        0 => {}
        1 => limits.push(format!(
            "not on a file that already has an unpromoted {name} of its side"
        )),
        n => limits.push(format!(
            "not on a file that already has {n} unpromoted {name}s of its side"
        )),
    }
    if hands.no_check.get(kind.0 as usize) == Some(&true) {
        limits.push("not to give check".to_string());
    }
    if hands.no_mate.get(kind.0 as usize) == Some(&true) {
        limits.push("not to give checkmate at once".to_string());
    }
    if hands.opposite_colours.get(kind.0 as usize) == Some(&true) {
        limits.push(format!(
            "only so that its side's {name}s stand half on light squares and half on dark ones (no other drop may take a square they still need)"
        ));
    }
    limits.extend(family_limits(hands, kind));
    if !limits.is_empty() {
        text.push_str(", but ");
        text.push_str(&limits.join(", and "));
    }
    text.push('.');
    if hands.unlimited {
        text.push_str(" A side never runs out of them: a drop takes nothing from its hand.");
    }
    if let Some(first) = hands.first_fill_seen(&variant.geometry, variant.symmetry) {
        if first.white == first.black {
            text.push_str(&format!(
                " While a square of {} is empty, every drop goes there, whatever the other rules say.",
                drop_squares_words(variant, &first.white)
            ));
        } else {
            for (color, seen) in [
                (Color::White, ""),
                (Color::Black, " (as they see the board)"),
            ] {
                let squares = first.get(color);
                if !squares.is_empty() {
                    text.push_str(&format!(
                        " While a square of {}{seen} is empty, every drop {} makes goes there, whatever the other rules say.",
                        drop_squares_words(variant, squares),
                        variant.side_name(color)
                    ));
                }
            }
        }
    }
    if hands.compulsory {
        text.push_str(" While a player has pieces in hand and a drop is legal, they must drop.");
    }
    if hands.castling_from_drops && variant.castling_kinds.contains(&kind) {
        text.push_str(&format!(
            " A {name} dropped on its castling square, its partner standing on its own, may castle."
        ));
    }
    if symmetric && *variant.geometry.squares() != squares {
        text.push_str(&format!(
            " (Squares as {white_side} sees them; {black_side}'s follow by the board's symmetry.)"
        ));
    }
    text
}

/// The drop rules of Ataxx, Snort, Reversi and Connect Four
/// (`beside-own`, `away-from-enemy`, `enclosing`, `falling`), in words.
fn family_limits(hands: &Hands, kind: PieceKind) -> Vec<String> {
    let k = kind.0 as usize;
    let mut limits = Vec::new();
    if hands.beside_own.get(k) == Some(&true) {
        limits.push("only next to a piece of its side".to_string());
    }
    if hands.away_from_enemy.get(k) == Some(&true) {
        limits.push(
            "only where no enemy piece stands on the four squares orthogonally next to it"
                .to_string(),
        );
    }
    if hands.enclosing.get(k) == Some(&true) {
        limits.push("only where it encloses a line of enemy pieces (in any of the eight directions) between itself and a piece of its side".to_string());
    }
    if hands.falling.get(k) == Some(&true) {
        limits.push(
            "only on the first rank or on top of another piece, as if it fell down its file"
                .to_string(),
        );
    }
    limits
}

/// "It may enter by gating: …", for a kind the `gate` rule names.
fn gate_sentence(variant: &Variant, hands: &Hands, kind: PieceKind) -> Option<String> {
    let gating = hands.gating.as_ref()?;
    let code = Piece {
        color: Color::White,
        kind,
    }
    .code() as usize;
    let squares = gating.squares.get(code)?;
    if squares.is_empty() {
        return None;
    }
    let also = if hands.drops { " also" } else { "" };
    let mut text = format!(
        "From the hand it may{also} enter by gating: when a piece of {} makes its first move, \
         it may be put on the square that piece left (when castling, on the king's or the rook's square)",
        drop_squares_words(variant, &gating.region.white)
    );
    if *squares != gating.region.white {
        text.push_str(&format!(
            ", if that square is one of {}",
            drop_squares_words(variant, squares)
        ));
    }
    text.push_str(
        ". Putting it there never makes a move legal that is not legal without it: \
         it may not block a check.",
    );
    Some(text)
}

/// A drop region in words: the script's region name, a run of whole
/// ranks ("ranks 2 to 7"), or the squares.
fn drop_squares_words(variant: &Variant, squares: &SquareSet) -> String {
    if let Some(region) = variant.regions.iter().find(|r| r.squares.white == *squares) {
        return format!("the region `{}`", region.name);
    }
    let g = &variant.geometry;
    let ranks: Vec<i32> = (0..g.ranks() as i32)
        .filter(|&r| squares.iter().any(|sq| g.rank_of(sq) == r))
        .collect();
    let whole_ranks: SquareSet = g
        .squares()
        .iter()
        .filter(|&sq| ranks.contains(&g.rank_of(sq)))
        .collect();
    let consecutive = ranks.windows(2).all(|w| w[1] == w[0] + 1);
    match (ranks.first(), ranks.last()) {
        (Some(&low), Some(&high)) if whole_ranks == *squares && consecutive => {
            if low == high {
                format!("rank {}", low + 1)
            } else {
                format!("ranks {} to {}", low + 1, high + 1)
            }
        }
        _ => describe_squares(variant, squares),
    }
}
