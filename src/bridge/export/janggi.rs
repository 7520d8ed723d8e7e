//! Janggi's rules in FS's terms. FS says them by its own piece types: the
//! janggi cannon (a `pR` hopper that never hops over or takes another),
//! the janggi elephant (`mafsmafW`, which no custom piece can say), and
//! the palace diagonals (`diagonalLines`), along which only its wazir,
//! soldier, rook, janggi cannon and janggi king move; janggi counting
//! (`materialCounting = janggi`) weighs those types. So a script's pieces
//! are written as those types where its rules need them, and a royal
//! piece moving along the diagonals makes the section start from FS's
//! built-in `janggi`, whose king is the only one that does.

use std::fmt::Write as _;

use super::{refuse, ExportError};
use crate::ir::geometry::SquareSet;
use crate::ir::pattern::MovePattern;
use crate::ir::piece::{Color, PieceKind};
use crate::ir::rule::GameResult;
use crate::ir::Variant;

/// FS's janggi types (option name, Betza of the piece moving as it, the
/// diagonal move it gets on the palace lines, its janggi-counting weight).
const TYPES: &[(&str, &str, &str, u32)] = &[
    ("rook", "R", "B", 13),
    ("janggiCannon", "pR", "pB", 7),
    ("horse", "nN", "", 5),
    ("janggiElephant", "mafsmafW", "", 3),
    ("wazir", "W", "F", 3),
    ("soldier", "fsW", "fF", 2),
];

/// How the section says a script's Janggi rules.
#[derive(Debug, Default)]
pub(super) struct JanggiPlan {
    /// The pieces written as FS's janggi types, with the type's option name.
    pub types: Vec<(PieceKind, &'static str)>,
    /// The palace diagonals (`diagonalLines`), if any.
    pub lines: Option<SquareSet>,
    /// Whether the royal piece moves along them: the section then starts
    /// from FS's built-in `janggi` (`[name:janggi]`), keeping its king.
    pub janggi_king: bool,
}

/// The piece's own moves, without its `also` lines.
fn base_betza(variant: &Variant, kind: PieceKind) -> String {
    let piece = &variant.pieces[kind.0 as usize];
    piece.betza.split_whitespace().collect()
}

/// Whether the kind moves as FS's janggi cannon: `pR`, never hopping over
/// nor taking its own kind, of either side (the only `never hop over`
/// and, beside atomic's kings, `never take` FS says).
pub(super) fn janggi_cannon(variant: &Variant, kind: PieceKind) -> bool {
    let piece = &variant.pieces[kind.0 as usize];
    let own = 1u64 << kind.0;
    !piece.royal
        && base_betza(variant, kind) == "pR"
        && piece.never_hops.white == own
        && piece.never_hops.black == own
        && piece.never_takes.white == own
        && piece.never_takes.black == own
}

/// The FS janggi type a kind moves as, if any.
fn type_of(
    variant: &Variant,
    kind: PieceKind,
) -> Option<&'static (&'static str, &'static str, &'static str, u32)> {
    if variant.pieces[kind.0 as usize].royal {
        return None;
    }
    let betza = base_betza(variant, kind);
    TYPES.iter().find(|(key, moves, _, _)| {
        if *key == "janggiCannon" {
            janggi_cannon(variant, kind)
        } else {
            *moves == betza
        }
    })
}

/// Whether a pattern is one of the palace-diagonal moves (`also … within`).
pub(super) fn on_lines(pattern: &MovePattern) -> bool {
    pattern.within_region.is_some()
        && pattern.from_region.is_none()
        && !pattern.royal_only
        && !pattern.unless_in_check
        && !pattern.initial
        && pattern.moves
        && pattern.captures
}

/// What the script's Janggi rules need written as FS's types; refused
/// where FS's types would move or count differently.
pub(super) fn plan(variant: &Variant) -> Result<JanggiPlan, ExportError> {
    let mut plan = JanggiPlan::default();
    let mut add = |plan: &mut JanggiPlan,
                   kind: PieceKind,
                   key: &'static str|
     -> Result<(), ExportError> {
        match plan.types.iter().find(|(_, k)| *k == key) {
            Some(&(other, _)) if other != kind => Err(refuse(
                format!("piece {}", variant.pieces[kind.0 as usize].name),
                format!(
                    "{} and {} would both be Fairy-Stockfish's `{key}`, which its Janggi rules take as one type",
                    variant.pieces[other.0 as usize].name,
                    variant.pieces[kind.0 as usize].name
                ),
            )),
            Some(_) => Ok(()),
            None => {
                plan.types.push((kind, key));
                Ok(())
            }
        }
    };
    for index in 0..variant.pieces.len() {
        let kind = PieceKind(index as u8);
        // FS's custom pieces cannot say the janggi elephant's moves.
        if base_betza(variant, kind) == "mafsmafW" && !variant.pieces[index].royal {
            add(&mut plan, kind, "janggiElephant")?;
        }
        if janggi_cannon(variant, kind) {
            add(&mut plan, kind, "janggiCannon")?;
        }
    }
    plan_lines(variant, &mut plan, &mut add)?;
    if let Some(points) = &variant.game_end.draws_on_points {
        for (index, &worth) in points.values.iter().enumerate() {
            let kind = PieceKind(index as u8);
            if worth == 0 {
                continue;
            }
            match type_of(variant, kind) {
                Some(&(key, _, _, weight)) if weight == worth => add(&mut plan, kind, key)?,
                _ => {
                    return Err(refuse(
                        "draws win on points",
                        format!(
                            "Fairy-Stockfish's janggi counting weighs its rook (13), janggi cannon (7), horse (5), janggi elephant (3), wazir (3) and soldier (2), moving as in Janggi: {} ({}) is worth {worth}",
                            variant.pieces[index].name, variant.pieces[index].betza
                        ),
                    ))
                }
            }
        }
    }
    Ok(plan)
}

/// The palace diagonals: every `also … within` move must be one FS's
/// diagonal lines give (FS's `F` to its wazir and janggi king, `fF` to
/// its soldier, `B` to its rook, `pB` to its janggi cannon), all within
/// the same squares for both sides; and no diagonal may leave the lines
/// and come back (FS checks only where a move lands, varia its path).
fn plan_lines(
    variant: &Variant,
    plan: &mut JanggiPlan,
    add: &mut impl FnMut(&mut JanggiPlan, PieceKind, &'static str) -> Result<(), ExportError>,
) -> Result<(), ExportError> {
    let refuse_move = |name: &str, pattern: &MovePattern, why: &str| {
        refuse(
            format!("also {name} \"{}\" within", pattern.betza),
            why.to_string(),
        )
    };
    for (index, piece) in variant.pieces.iter().enumerate() {
        let kind = PieceKind(index as u8);
        for pattern in piece.patterns.iter().filter(|p| p.within_region.is_some()) {
            let region = pattern.within_region.expect("within");
            if !on_lines(pattern) || region.white != region.black {
                return Err(refuse_move(&piece.name, pattern, "Fairy-Stockfish's palace diagonals (`diagonalLines`) are one set of squares for both sides, along which some of its types move and capture"));
            }
            if plan.lines.is_some_and(|lines| lines != region.white) {
                return Err(refuse_move(
                    &piece.name,
                    pattern,
                    "Fairy-Stockfish has one set of palace diagonals (`diagonalLines`)",
                ));
            }
            plan.lines = Some(region.white);
            let betza = base_betza(variant, kind);
            if piece.royal && betza == "W" && pattern.betza == "F" {
                plan.janggi_king = true;
                continue;
            }
            match type_of(variant, kind) {
                Some(&(key, _, diagonal, _)) if diagonal == pattern.betza => add(plan, kind, key)?,
                _ => return Err(refuse_move(&piece.name, pattern, "along Fairy-Stockfish's palace diagonals move only its wazir (`W`, with `F`), soldier (`fsW`, with `fF`), rook (`R`, with `B`), janggi cannon (`pR`, with `pB`) and its janggi king (`W`, with `F`)")),
            }
        }
    }
    let Some(lines) = plan.lines else {
        return Ok(());
    };
    // Every piece written as a type the lines move must have their move.
    for &(kind, key) in &plan.types {
        let diagonal = TYPES.iter().find(|t| t.0 == key).map_or("", |t| t.2);
        let piece = &variant.pieces[kind.0 as usize];
        if !diagonal.is_empty()
            && !piece
                .patterns
                .iter()
                .any(|p| p.within_region.is_some() && p.betza == diagonal)
        {
            return Err(refuse(
                format!("piece {} {} \"{}\"", piece.name, piece.letter, piece.betza),
                format!("written as Fairy-Stockfish's `{key}`, it would move `{diagonal}` along the palace diagonals, which the script does not give it"),
            ));
        }
    }
    let geometry = &variant.geometry;
    for sq in lines.iter() {
        for direction in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let mut left = false;
            let mut at = sq;
            while let Some(next) = geometry.offset(at, direction.0, direction.1) {
                let on = lines.contains(next);
                if on && left {
                    return Err(refuse(
                        "also … within",
                        "a diagonal leaves the palace lines and comes back to them: Fairy-Stockfish's moves along `diagonalLines` may pass outside, varia's `within` may not",
                    ));
                }
                left |= !on;
                at = next;
            }
        }
    }
    Ok(())
}

/// FS's Janggi game ends: `facing royals draws` as its bikjang rule,
/// `draws win on points …` as janggi counting (the pieces planned as its
/// types), `moving back and forth loses` as `moveRepetitionIllegal`, and
/// the palace diagonals. Under the built-in `janggi` parent every one is
/// written, on or off.
pub(super) fn write_rules(
    variant: &Variant,
    plan: &JanggiPlan,
    out: &mut String,
) -> Result<(), ExportError> {
    let rules = &variant.game_end;
    let kings = variant.pieces.iter().filter(|p| p.royal).count();
    if let Some(result) = rules.facing_royals {
        if result != GameResult::Draws || !rules.pass_allowed || kings != 1 {
            return Err(refuse(
                "facing royals",
                "Fairy-Stockfish's bikjang rule draws (or counts) the game, with one royal piece a side that may pass (`pass allowed`)",
            ));
        }
    }
    if let Some(points) = &rules.draws_on_points {
        if points.bonus_side != Color::Black || points.bonus_halves != 3 {
            return Err(refuse(
                "draws win on points",
                "Fairy-Stockfish's janggi counting gives Black 1.5 points (`plus 1.5 for black`)",
            ));
        }
    }
    if let Some(back) = &rules.back_and_forth {
        if back.result != GameResult::Loses || kings != 1 {
            return Err(refuse(
                "moving back and forth",
                "Fairy-Stockfish's moveRepetitionIllegal makes the side that moves back and forth lose, judged against one royal piece a side",
            ));
        }
    }
    let parent = plan.janggi_king;
    if rules.facing_royals.is_some() || parent {
        let _ = writeln!(out, "bikjangRule = {}", rules.facing_royals.is_some());
    }
    if rules.draws_on_points.is_some() {
        out.push_str("materialCounting = janggi\n");
    } else if parent && !rules.draws_to_more_pieces && rules.draw_odds.is_none() {
        out.push_str("materialCounting = none\n");
    }
    if rules.back_and_forth.is_some() || parent {
        let _ = writeln!(
            out,
            "moveRepetitionIllegal = {}",
            rules.back_and_forth.is_some()
        );
    }
    match plan.lines {
        Some(lines) => {
            let squares = super::squares_text(variant, lines.iter());
            let _ = writeln!(out, "diagonalLines = {squares}");
        }
        None if parent => out.push_str("diagonalLines = -\n"),
        None => {}
    }
    Ok(())
}

/// The options FS's built-in `janggi` sets that the section has not
/// written, put back to FS's defaults (orthodox chess's), so that the
/// section starting from it keeps only its king.
pub(super) fn reset_janggi_parent(written: &str, out: &mut String) {
    super::reset_parent_options(
        written,
        &[
            ("pieceToCharTable", "-"),
            ("rook", "-"),
            ("horse", "-"),
            ("janggiCannon", "-"),
            ("soldier", "-"),
            ("janggiElephant", "-"),
            ("wazir", "-"),
            ("mobilityRegionWhiteKing", "-"),
            ("mobilityRegionBlackKing", "-"),
            ("mobilityRegionWhiteWazir", "-"),
            ("mobilityRegionBlackWazir", "-"),
            ("pass", "false"),
            ("perpetualCheckIllegal", "false"),
            ("doubleStep", "true"),
        ],
        out,
    );
}
