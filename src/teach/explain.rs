//! Plain-English descriptions of pieces, generated from their compiled
//! move patterns (never from stored text).
//!
//! A piece's moves become *clauses*: consecutive patterns with the same
//! modality (move, capture, en passant, first move) and a comparable way of
//! travelling are joined into one clause ("steps one square orthogonally,
//! or jumps exactly two squares diagonally, over anything in between"); a
//! first-move double step is folded into the single step it doubles
//! ("(two on its first move, if the square passed is empty)"). The rules
//! beyond the moves (royalty, castling, promotion, and later region
//! policies and hooks) are separate paragraphs, each from its own function,
//! so new rules slot in as new paragraphs.

use crate::compile::betza::compile_betza;
use crate::compile::betza::vocabulary::{
    direction_names, select, shape_of, symmetric_vectors, Shape,
};
use crate::diagnostics::ScriptErrors;
use crate::ir::geometry::{Square, SquareSet};
use crate::ir::pattern::{MovePattern, PathStep, Travel};
use crate::ir::piece::{Color, Piece, PieceDef, PieceKind};
use crate::ir::rule::{
    CastlingRule, Connect, ConnectShape, Counting, Extinction, GameResult, WallPlacement,
};
use crate::ir::setup::{Shuffle, ShuffleRule};
use crate::ir::{Symmetry, Variant};
use crate::source::{SourceMap, Span};
use crate::syntax::parse_betza;

/// One clause of a move description and the patterns (indices into
/// [`PieceDef::patterns`]) it describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    /// The clause, starting with a verb ("steps one square orthogonally").
    pub text: String,
    /// The patterns it describes.
    pub patterns: Vec<usize>,
}

/// The full explanation of a piece of a variant: its moves, then the rules
/// beyond its moves, one paragraph each.
pub fn explain_piece(variant: &Variant, kind: PieceKind) -> String {
    let def = variant.piece(kind);
    let mut paragraphs = vec![describe_moves(def)];
    paragraphs.extend(rule_paragraphs(variant, kind));
    paragraphs.join("\n")
}

/// The paragraphs about the rules beyond a piece's moves: royalty,
/// castling, promotion, pieces in hand, and a note on Black's directions where it matters.
pub fn rule_paragraphs(variant: &Variant, kind: PieceKind) -> Vec<String> {
    let def = variant.piece(kind);
    [
        royal_rule(variant, kind),
        variant_wide_rules(variant, kind),
        castling_rule(variant, kind),
        goal_rule(variant, kind),
        extinction_rule(variant, kind),
        en_passant_victim_rule(variant, kind),
        promotion_rule(variant, kind),
        promotion_limit_rule(variant, kind),
        crate::teach::hands::hand_rule(variant, kind),
        region_rule(variant, kind),
        direction_note(variant, def),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The one-paragraph description of a piece's moves:
/// "The Knight (N, Betza `N`) leaps …".
pub fn describe_moves(def: &PieceDef) -> String {
    // Moves limited to a region or to royal targets get their own paragraph.
    let plain: Vec<MovePattern> = def
        .patterns
        .iter()
        .filter(|p| p.from_region.is_none() && p.within_region.is_none() && !p.royal_only)
        .cloned()
        .collect();
    if def.betza.is_empty() {
        return format!(
            "The {} ({}) never moves once it is on the board.",
            def.name, def.letter
        );
    }
    let head = format!("The {} ({}, Betza `{}`)", def.name, def.letter, def.betza);
    moves_sentence(&head, &plain)
}

/// "HEAD leaps …, or …." for the clauses of these patterns: a piece
/// makes one of its moves at a time, so the clauses are alternatives.
fn moves_sentence(head: &str, patterns: &[MovePattern]) -> String {
    let texts: Vec<String> = move_clauses(patterns).into_iter().map(|c| c.text).collect();
    if texts.is_empty() {
        return format!("{head} has no moves.");
    }
    format!("{head} {}.", join_alternatives(&texts))
}

/// "a", "a, or b", "a, or b, or c": whole moves as alternatives (each may
/// hold commas and an "or" of its own).
fn join_alternatives(items: &[String]) -> String {
    items.join(", or ")
}

/// Explains a Betza string on its own (`varia explain --betza`): the
/// string is read and compiled as a piece's moves are, with no script
/// around it.
///
/// # Errors
/// The Betza string does not compile; the errors point into the string
/// itself (a source named `betza`).
pub fn explain_betza(betza: &str) -> Result<String, ScriptErrors> {
    let mut sources = SourceMap::new();
    let id = sources.add("betza", betza);
    let patterns = parse_betza(betza, Span::new(id, 0, betza.len()))
        .map_err(|e| vec![e])
        .and_then(|moves| compile_betza(&moves))
        .map_err(|errors| ScriptErrors { errors, sources })?;
    Ok(moves_sentence(
        &format!("A piece with Betza `{betza}`"),
        &patterns,
    ))
}

/// The clauses describing a list of move patterns, in order.
pub fn move_clauses(patterns: &[MovePattern]) -> Vec<Clause> {
    // Groups of consecutive patterns with the same modality and a joinable travel.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, p) in patterns.iter().enumerate() {
        let joins = groups.last().is_some_and(|g| {
            let q = &patterns[g[0]];
            modality(p) == modality(q) && family(p.travel) == family(q.travel)
        });
        if joins {
            if let Some(g) = groups.last_mut() {
                g.push(i);
            }
        } else {
            groups.push(vec![i]);
        }
    }
    // First-move double steps folded into the step they double.
    let mut folded: Vec<Option<usize>> = vec![None; groups.len()];
    let mut absorbed = vec![false; groups.len()];
    for (gi, g) in groups.iter().enumerate() {
        let p = &patterns[g[0]];
        if !p.initial || g.len() != 1 || p.travel == Travel::Path {
            continue;
        }
        for (hi, h) in groups.iter().enumerate().take(gi) {
            let base = h.iter().map(|&i| &patterns[i]).find(|q| {
                !q.initial
                    && q.travel == Travel::Leap
                    && (q.moves, q.captures) == (p.moves, p.captures)
                    && doubled(&q.vectors) == sorted(&p.vectors)
            });
            if base.is_some() && folded[hi].is_none() {
                folded[hi] = Some(g[0]);
                absorbed[gi] = true;
                break;
            }
        }
    }
    let mut out = Vec::new();
    for (gi, g) in groups.iter().enumerate() {
        if absorbed[gi] {
            continue;
        }
        let first = &patterns[g[0]];
        let fold = folded[gi].map(|i| {
            let p = &patterns[i];
            let mut s = " (two on its first move".to_string();
            s.push_str(&match p.travel {
                Travel::LameLeap => passed_squares_empty(&p.vectors),
                Travel::JumpingLeap => ", only over a piece".to_string(),
                _ => ", jumping".to_string(),
            });
            s.push(')');
            s
        });
        let mut text = match first.travel {
            Travel::Path => {
                let parts: Vec<String> = g.iter().map(|&i| path_clause(&patterns[i])).collect();
                join_or(&parts)
            }
            Travel::Hop | Travel::HopRight => hop_clause(g, patterns),
            _ => leap_clause(g, patterns, fold.as_deref().unwrap_or("")),
        };
        if first.initial {
            text = format!("on its first move only, {text}");
        }
        if first.unless_in_check {
            text = format!("{text}, but not while its side is in check");
        }
        let mut ids = g.clone();
        if let Some(i) = folded[gi] {
            ids.push(i);
        }
        out.push(Clause {
            text,
            patterns: ids,
        });
    }
    let ep: Vec<usize> = patterns
        .iter()
        .enumerate()
        .filter(|(_, p)| p.en_passant)
        .map(|(i, _)| i)
        .collect();
    if !ep.is_empty() {
        out.push(Clause {
            text: "captures en passant".to_string(),
            patterns: ep,
        });
    }
    out
}

/// What a pattern may do where it lands.
fn modality(p: &MovePattern) -> (bool, bool, bool, bool, bool) {
    (
        p.moves,
        p.captures,
        p.en_passant && !p.captures,
        p.initial,
        p.unless_in_check,
    )
}

/// Which travels may share a clause.
fn family(t: Travel) -> u8 {
    match t {
        Travel::Leap | Travel::LameLeap | Travel::JumpingLeap | Travel::Ride { .. } => 0,
        Travel::Hop | Travel::HopRight => 1,
        Travel::Path => 2,
    }
}

fn sorted(v: &[(i8, i8)]) -> Vec<(i8, i8)> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}

fn doubled(v: &[(i8, i8)]) -> Vec<(i8, i8)> {
    sorted(&v.iter().map(|(x, y)| (2 * x, 2 * y)).collect::<Vec<_>>())
}

/// The atom of a vector: (longer, shorter) absolute components.
fn atom_of((x, y): (i8, i8)) -> (i32, i32) {
    let (a, b) = ((x as i32).abs(), (y as i32).abs());
    (a.max(b), a.min(b))
}

fn shape((a, b): (i32, i32)) -> Shape {
    shape_of(a, b)
}

/// A number as a word (one to twelve), else digits.
pub fn number_word(n: i32) -> String {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    usize::try_from(n)
        .ok()
        .and_then(|i| WORDS.get(i))
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

fn squares_word(n: i32) -> String {
    if n == 1 {
        "one square".to_string()
    } else {
        format!("{} squares", number_word(n))
    }
}

/// Names a subset of an atom's directions ("diagonally forward",
/// "straight forward or sideways"); empty when it is every direction of an
/// oblique atom.
pub fn direction_phrase(atom: (i32, i32), vectors: &[(i32, i32)]) -> String {
    let mut want: Vec<(i32, i32)> = vectors.to_vec();
    want.sort_unstable();
    want.dedup();
    let sh = shape(atom);
    // Each named set is what its Betza modifiers select.
    let named: Vec<(&str, Vec<(i32, i32)>)> = direction_names(sh)
        .iter()
        .map(|&(modifiers, name)| {
            let mut set = select(atom, modifiers);
            set.sort_unstable();
            (name, set)
        })
        .collect();
    for (name, set) in &named {
        if *set == want {
            return name.to_string();
        }
    }
    // Two named sets that together make the wanted one.
    for (i, (a, sa)) in named.iter().enumerate() {
        for (b, sb) in named.iter().skip(i + 1) {
            let mut u = sa.clone();
            u.extend(sb.iter().copied());
            u.sort_unstable();
            let n = u.len();
            u.dedup();
            if u == want && n == u.len() && !a.is_empty() && !b.is_empty() {
                return format!("{a} or {}", b.trim_start_matches("straight "));
            }
        }
    }
    let singles: Vec<String> = want.iter().map(|&v| single_direction(sh, v)).collect();
    join_or(&singles)
}

fn single_direction(sh: Shape, (x, y): (i32, i32)) -> String {
    let side = |x: i32| if x > 0 { "right" } else { "left" };
    let vert = |y: i32| if y > 0 { "forward" } else { "backward" };
    match sh {
        Shape::Orthogonal if x == 0 => format!("straight {}", vert(y)),
        Shape::Orthogonal => format!("to the {}", side(x)),
        Shape::Diagonal => format!("diagonally {}-{}", vert(y), side(x)),
        Shape::Oblique => format!(
            "{} {} and {} {}",
            y.abs(),
            vert(y),
            x.abs(),
            if x > 0 { "right" } else { "left" }
        ),
    }
}

/// "like a knight (two squares one way and one to the side)".
fn oblique_name((a, b): (i32, i32)) -> String {
    let animal = match (a, b) {
        (2, 1) => "like a knight ",
        (3, 1) => "like a camel ",
        (3, 2) => "like a zebra ",
        _ => "",
    };
    format!(
        "{animal}({} one way and {} to the side)",
        squares_word(a),
        number_word(b)
    )
}

/// ", if the square passed is empty" for a lame leap's vectors.
fn passed_squares_empty(vectors: &[(i8, i8)]) -> String {
    let (a, b) = vectors.first().map_or((2, 0), |v| atom_of(*v));
    match shape((a, b)) {
        Shape::Oblique => {
            ", if the square one step toward it along the longer line is empty".to_string()
        }
        _ if a <= 2 => ", if the square passed is empty".to_string(),
        _ => ", if the squares passed are empty".to_string(),
    }
}

/// One way of reaching squares: a verb, where, and a trailing condition.
struct Part {
    verb: &'static str,
    reach: String,
    suffix: String,
}

fn gerund(verb: &str) -> &'static str {
    match verb {
        "steps" => "stepping",
        "jumps" => "jumping",
        "leaps" => "leaping",
        "slides" => "sliding",
        "rides" => "riding",
        _ => "moving",
    }
}

/// The vectors of a clause's patterns, merged per atom and way of travelling.
type Merged = ((i32, i32), Travel, Vec<(i32, i32)>);

/// Merges the vectors of patterns with the same atom and travel.
fn merge_by_atom(group: &[usize], patterns: &[MovePattern]) -> Vec<Merged> {
    let mut merged: Vec<Merged> = Vec::new();
    for &i in group {
        let p = &patterns[i];
        for &v in &p.vectors {
            let atom = atom_of(v);
            let vv = (v.0 as i32, v.1 as i32);
            match merged
                .iter_mut()
                .find(|(a, t, _)| *a == atom && *t == p.travel)
            {
                Some((_, _, vs)) => vs.push(vv),
                None => merged.push((atom, p.travel, vec![vv])),
            }
        }
    }
    merged
}

/// Leaps, lame and jumping leaps and rides of one clause.
fn leap_clause(group: &[usize], patterns: &[MovePattern], fold: &str) -> String {
    let merged = merge_by_atom(group, patterns);
    // A king's step: one square in any direction.
    let full = |atom: (i32, i32), vs: &[(i32, i32)]| {
        let mut a = symmetric_vectors(atom);
        a.sort_unstable();
        let mut b = vs.to_vec();
        b.sort_unstable();
        b.dedup();
        a == b
    };
    let mut parts: Vec<Part> = Vec::new();
    // Orthogonal and diagonal versions of one travel, both complete: "in any direction".
    let mut skip: Vec<usize> = Vec::new();
    for (i, (a, t, vs)) in merged.iter().enumerate() {
        if *a != (1, 0) || !full(*a, vs) || !matches!(t, Travel::Leap | Travel::Ride { .. }) {
            continue;
        }
        if let Some(j) = merged
            .iter()
            .position(|(b, u, ws)| *b == (1, 1) && u == t && full(*b, ws))
        {
            let mut p = part(*a, *t, vs);
            p.reach = p.reach.replace("orthogonally", "in any direction");
            if p.verb == "slides" {
                p.reach.push_str(" (orthogonally or diagonally)");
            }
            parts.push(p);
            skip.extend([i, j]);
        }
    }
    for (i, (atom, travel, vs)) in merged.iter().enumerate() {
        if !skip.contains(&i) {
            parts.push(part(*atom, *travel, vs));
        }
    }
    let p = &patterns[group[0]];
    let n = parts.len();
    let mut texts = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        let last = k + 1 == n;
        let extra = if last { fold } else { "" };
        let t = match (p.moves, p.captures || p.en_passant) {
            (true, true) => format!("{} {}{}{}", part.verb, part.reach, part.suffix, extra),
            (true, false) => {
                let verb = if part.verb == "steps" {
                    "moves"
                } else {
                    part.verb
                };
                format!(
                    "{verb} {} without capturing{}{}",
                    part.reach, extra, part.suffix
                )
            }
            _ => {
                let how = if p.captures {
                    "captures"
                } else {
                    "captures only en passant,"
                };
                if part.verb == "steps" {
                    format!("{how} {}{}{}", part.reach, part.suffix, extra)
                } else {
                    format!(
                        "{how} by {} {}{}{}",
                        gerund(part.verb),
                        part.reach,
                        part.suffix,
                        extra
                    )
                }
            }
        };
        texts.push(t);
    }
    // Parts with the same verb and condition share them: "leaps like a knight, or like a camel".
    let both = p.moves && (p.captures || p.en_passant);
    if both
        && parts.len() > 1
        && fold.is_empty()
        && parts
            .iter()
            .all(|q| q.verb == parts[0].verb && q.suffix == parts[0].suffix)
    {
        let reaches: Vec<String> = parts.iter().map(|q| q.reach.clone()).collect();
        return format!(
            "{} {}{}",
            parts[0].verb,
            join_or_comma(&reaches),
            parts[0].suffix
        );
    }
    let (texts, over_note) = share_over_note(&parts, texts);
    if texts.len() > 1 && parts.iter().all(|q| q.verb == parts[0].verb) {
        let verb_len = texts[0].find(' ').unwrap_or(0);
        let head = &texts[0][..verb_len];
        if texts.iter().all(|t| t.starts_with(head)) && !head.is_empty() {
            let rest: Vec<String> = texts
                .iter()
                .map(|t| t[verb_len + 1..].to_string())
                .collect();
            return format!("{head} {}{over_note}", join_or_comma(&rest));
        }
    }
    format!("{}{over_note}", join_or_comma(&texts))
}

/// Says "over anything in between" once for the parts that share it
/// (`KNAD`: "…; the leaps and jumps go over anything in between"): the
/// texts without it, and the note to put after them.
fn share_over_note(parts: &[Part], texts: Vec<String>) -> (Vec<String>, String) {
    // "over anything in between" said once for the parts that share it.
    const OVER: &str = ", over anything in between";
    let over: Vec<&str> = parts
        .iter()
        .filter(|q| q.suffix == OVER)
        .map(|q| q.verb)
        .collect();
    if over.len() > 1 {
        let texts: Vec<String> = texts.iter().map(|t| t.replacen(OVER, "", 1)).collect();
        let note = if over.len() == parts.len() {
            ", each over anything in between".to_string()
        } else {
            let mut nouns: Vec<String> = Vec::new();
            for verb in &over {
                let noun = match *verb {
                    "leaps" => "leaps",
                    "rides" => "rides",
                    _ => "jumps",
                }
                .to_string();
                if !nouns.contains(&noun) {
                    nouns.push(noun);
                }
            }
            format!(
                "; the {} go over anything in between",
                join_with(&nouns, "and", false)
            )
        };
        (texts, note)
    } else {
        (texts, String::new())
    }
}

fn part(atom: (i32, i32), travel: Travel, vs: &[(i32, i32)]) -> Part {
    let sh = shape(atom);
    let dir = direction_phrase(atom, vs);
    let (a, _) = atom;
    let (verb, reach, suffix) = match travel {
        Travel::Ride { max } => {
            let count = if max == 0 {
                "any number of".to_string()
            } else {
                format!("up to {}", number_word(max as i32))
            };
            let reach = match sh {
                Shape::Oblique => {
                    let only = if dir.is_empty() {
                        String::new()
                    } else {
                        format!(", {dir}")
                    };
                    format!(
                        "{count} leaps {} in a straight line{only}",
                        oblique_name(atom)
                    )
                }
                _ if a == 1 => {
                    if max == 1 {
                        format!("one square {dir}")
                    } else {
                        format!("{count} squares {dir}")
                    }
                }
                _ => format!(
                    "{count} leaps of {} {dir} in a straight line",
                    squares_word(a)
                ),
            };
            let verb = if sh == Shape::Oblique || a > 1 {
                "rides"
            } else {
                "slides"
            };
            (verb, reach, String::new())
        }
        _ => {
            let reach = match sh {
                Shape::Oblique => {
                    if dir.is_empty() {
                        oblique_name(atom)
                    } else {
                        format!("{}, only {dir}", oblique_name(atom))
                    }
                }
                _ if a > 1 && travel == Travel::Leap => {
                    format!("exactly {} {dir}", squares_word(a))
                }
                _ => format!("{} {dir}", squares_word(a)),
            };
            let verb = match (travel, sh) {
                (Travel::Leap, Shape::Oblique) => "leaps",
                (Travel::Leap, _) if a == 1 => "steps",
                (Travel::Leap, _) => "jumps",
                (Travel::LameLeap, Shape::Oblique) => "leaps",
                (Travel::LameLeap, _) => "moves",
                _ => "jumps",
            };
            let vectors: Vec<(i8, i8)> = vs.iter().map(|&(x, y)| (x as i8, y as i8)).collect();
            let suffix = match travel {
                Travel::Leap if a > 1 => ", over anything in between".to_string(),
                Travel::LameLeap => passed_squares_empty(&vectors),
                Travel::JumpingLeap if a > 2 => ", only over occupied squares".to_string(),
                Travel::JumpingLeap => ", only over an occupied square".to_string(),
                _ => String::new(),
            };
            (verb, reach, suffix)
        }
    };
    Part {
        verb,
        reach,
        suffix,
    }
}

/// Hoppers (`p`, `g`) of one clause.
fn hop_clause(group: &[usize], patterns: &[MovePattern]) -> String {
    let p = &patterns[group[0]];
    let mut dirs: Vec<String> = Vec::new();
    let mut all_vectors: Vec<(i32, i32)> = Vec::new();
    for &i in group {
        let q = &patterns[i];
        let vs: Vec<(i32, i32)> = q
            .vectors
            .iter()
            .map(|&(x, y)| (x as i32, y as i32))
            .collect();
        all_vectors.extend(&vs);
        if let Some(&v) = q.vectors.first() {
            let atom = atom_of(v);
            let d = direction_phrase(atom, &vs);
            let d = if shape(atom) == Shape::Oblique {
                format!(
                    "along lines of {} leaps{}",
                    oblique_name(atom),
                    if d.is_empty() {
                        String::new()
                    } else {
                        format!(" {d}")
                    }
                )
            } else if atom.0 > 1 {
                format!("{d} in leaps of {}", squares_word(atom.0))
            } else {
                d
            };
            dirs.push(d);
        }
    }
    let lines = if all_vectors.len() == 8
        && all_vectors
            .iter()
            .all(|&(x, y)| x.abs() <= 1 && y.abs() <= 1)
    {
        "in any direction".to_string()
    } else {
        join_or(&dirs)
    };
    let how = if p.travel == Travel::HopRight {
        "over the first piece in its way (the hurdle, at any distance), landing on the square right behind it"
    } else {
        "over exactly one piece (the screen, at any distance), landing on any square beyond it up to the next piece"
    };
    match (p.moves, p.captures) {
        (true, true) if p.travel == Travel::HopRight => format!(
            "hops {lines} over the first piece in its way (the hurdle, at any distance), landing on the square right behind it, and captures the piece standing there if there is one"
        ),
        (true, true) => format!(
            "hops {lines} over exactly one piece (the screen, at any distance), landing on any empty square beyond it, or capturing the first piece beyond it"
        ),
        (true, false) => format!("moves {lines} without capturing by hopping {how}"),
        _ if p.travel == Travel::HopRight => format!(
            "captures {lines} by hopping over the first piece in its way (the hurdle, at any distance) and taking the piece right behind it"
        ),
        _ => format!(
            "captures {lines} by hopping over exactly one piece (the screen, at any distance) and taking the first piece beyond it"
        ),
    }
}

/// The turn from one step to the next, in 45-degree units (left positive).
fn turn_between(a: &PathStep, b: &PathStep) -> i32 {
    let angle =
        |s: &PathStep| ((s.dy as f64).atan2(s.dx as f64).to_degrees() / 45.0).round() as i32;
    let t = (angle(b) - angle(a)).rem_euclid(8);
    if t > 4 {
        t - 8
    } else {
        t
    }
}

fn turn_words(units: i32) -> &'static str {
    match units.abs() {
        0 => "not at all",
        1 => "by 45 degrees",
        2 => "by a right angle",
        3 => "by 135 degrees",
        _ => "back",
    }
}

/// A multi-leg move (`Travel::Path`).
fn path_clause(p: &MovePattern) -> String {
    let Some(first_path) = p.paths.iter().max_by_key(|path| path.len()) else {
        return "has a multi-leg move that leaves no square".to_string();
    };
    let first = first_path[0];
    let atom = atom_of((first.dx, first.dy));
    let firsts: Vec<(i32, i32)> = p
        .paths
        .iter()
        .filter_map(|path| path.first())
        .map(|s| (s.dx as i32, s.dy as i32))
        .collect();
    let mut firsts_unique = firsts.clone();
    firsts_unique.sort_unstable();
    firsts_unique.dedup();
    let dir = direction_phrase(atom, &firsts_unique);
    let first_reach = format!("{} {dir}", squares_word(atom.0));
    let longest = p.paths.iter().map(Vec::len).max().unwrap_or(1);
    let more = longest - 1;
    // Turns at each later step, over all paths.
    let mut turns_at: Vec<Vec<i32>> = vec![Vec::new(); longest];
    for path in &p.paths {
        for k in 1..path.len() {
            let t = turn_between(&path[k - 1], &path[k]);
            if !turns_at[k].contains(&t) {
                turns_at[k].push(t);
            }
        }
    }
    let first_lands = p.paths.iter().any(|path| path[0].lands);
    let first_over = p.paths.iter().any(|path| path[0].over_piece);
    let unlimited = longest >= 30;
    let count = if unlimited {
        "any number of".to_string()
    } else {
        format!("up to {}", number_word(more as i32))
    };
    // Is it a zig-zag: every turn after the first the opposite of the one before?
    let zigzag = p.paths.iter().all(|path| {
        (2..path.len()).all(|k| {
            let a = turn_between(&path[k - 2], &path[k - 1]);
            let b = turn_between(&path[k - 1], &path[k]);
            a != 0 && b == -a
        })
    }) && longest > 2;
    let straight_after = (2..longest).all(|k| turns_at[k].iter().all(|&t| t == 0));
    let first_turn = turns_at.get(1).cloned().unwrap_or_default();
    let either = if first_turn.len() > 1 {
        " either way"
    } else {
        ""
    };
    let turn1 = first_turn.first().map_or("not at all", |t| turn_words(*t));
    let second = if longest > 1 {
        let s = first_path[1];
        match shape(atom_of((s.dx, s.dy))) {
            Shape::Orthogonal => "orthogonally",
            Shape::Diagonal => "diagonally",
            Shape::Oblique => "obliquely",
        }
    } else {
        ""
    };
    let continuation = if longest == 1 {
        String::new()
    } else if zigzag {
        let unit = first_turn.first().map_or(1, |t| t.abs());
        format!(
            "zig-zags on outward, {count} more steps, turning {} the other way at each step (alternately {})",
            turn_words(unit),
            if unit == 1 { "diagonal and orthogonal steps" } else { "to the left and to the right" }
        )
    } else if more == 1 && first_turn == [0] {
        "one more square in the same direction".to_string()
    } else if more == 1 {
        format!("one more square {second}, turning {turn1}{either}")
    } else if straight_after && first_turn == [0] {
        format!("slides on {second} in the same direction, {count} squares")
    } else if straight_after {
        format!("turns {turn1}{either} and slides on {second}, {count} squares")
    } else {
        format!("goes on along a bent path of {count} more steps")
    };
    let stops = if longest > 2 && (p.captures || p.moves) {
        if p.captures {
            ", through empty squares, stopping at the first piece (which it may capture)"
        } else {
            ", through empty squares"
        }
    } else {
        ""
    };
    let (verb, cond) = if first_lands {
        ("steps", ", and from there it may go on: it ".to_string())
    } else if first_over {
        (
            "jumps",
            " over a piece that must stand there, then ".to_string(),
        )
    } else {
        ("goes", " (that square must be empty), then ".to_string())
    };
    let mode = match (p.moves, p.captures) {
        (true, false) => " (it does not capture this way)",
        (false, true) => " (only to capture)",
        _ => "",
    };
    if longest == 1 {
        return format!("{verb} {first_reach}{mode}");
    }
    format!("{verb} {first_reach}{cond}{continuation}{stops}{mode}")
}

fn royal_rule(variant: &Variant, kind: PieceKind) -> Option<String> {
    let def = variant.piece(kind);
    if let Some(group) = def.royal_group {
        return Some(royal_group_rule(
            variant,
            &variant.royal_groups[group as usize],
        ));
    }
    if !def.royal {
        return None;
    }
    let end = match variant.game_end.checkmate {
        Some(GameResult::Loses) => " A player whose royal piece is checkmated loses.",
        Some(GameResult::Wins) => " A player whose royal piece is checkmated wins.",
        Some(GameResult::Draws) => " A checkmate is a draw.",
        None => "",
    };
    let promoted_into = variant
        .promotion
        .choice_sets
        .iter()
        .any(|set| set.contains(&kind));
    let promotion = if promoted_into {
        " A promotion into it makes one more royal piece, so it may not promote onto an attacked square."
    } else {
        ""
    };
    let scored: String = checkmate_rule_sentences(variant)
        .iter()
        .map(|s| format!(" {s}"))
        .collect();
    Some(format!(
        "It is royal: it may never be left attacked (in check).{end}{scored}{promotion}"
    ))
}

/// `checkmate by … alone …` and `checkmate … unless its checks include …`,
/// in words: which checkmates count.
pub fn checkmate_rule_sentences(variant: &Variant) -> Vec<String> {
    let rules = &variant.game_end;
    let names = |kinds: u64| -> Vec<String> {
        variant
            .kind_names(kinds)
            .into_iter()
            .map(String::from)
            .collect()
    };
    let mut out = Vec::new();
    if let Some(by) = &rules.checkmate_by {
        let names = names(by.kinds);
        let plurals: Vec<String> = names.iter().map(|n| format!("{n}s")).collect();
        out.push(format!(
            "A player checkmated by {} alone (every piece giving the mating check {}) {} instead.",
            join_or(&plurals),
            article_list(&names),
            by.result.word()
        ));
    }
    if let Some(rule) = &rules.mating_checks {
        let otherwise = match rule.result {
            GameResult::Draws => "it is a draw".to_string(),
            r => format!("the player checkmated {}", r.word()),
        };
        out.push(format!(
            "A checkmate counts only if {} gave one of the checks that led to it (the mating player having given check with each move since, the mate included); otherwise {otherwise}.",
            article_list(&names(rule.kinds))
        ));
    }
    out
}

/// `en passant takes …`, for a piece whose double step may be taken en
/// passant though it never captures so, or one that captures en passant
/// when the script names the pieces it may take.
fn en_passant_victim_rule(variant: &Variant, kind: PieceKind) -> Option<String> {
    let victims: Vec<String> = variant
        .en_passant_victims()?
        .into_iter()
        .map(String::from)
        .collect();
    let def = variant.piece(kind);
    let takers: Vec<String> = variant
        .pieces
        .iter()
        .filter(|p| p.captures_en_passant())
        .map(|p| p.name.clone())
        .collect();
    if def.captures_en_passant() {
        return Some(format!(
            "It may capture en passant only after the double step of {}.",
            article_list(&victims)
        ));
    }
    def.taken_en_passant.then(|| {
        format!(
            "Its double step may be taken en passant by {}, though it never captures en passant itself.",
            article_list(&takers)
        )
    })
}

/// What decides whether the piece has never moved (`first moves of …`),
/// in words.
fn first_moves_rule(variant: &Variant, def: &crate::ir::piece::PieceDef) -> Option<String> {
    let mut parts = Vec::new();
    if def.first_moves_in_fen {
        parts.push("FEN writes whether it has never moved in its castling field, by the letter of its file".to_string());
    }
    if def.first_moves_lost_to != 0 {
        let names = variant.kind_names(def.first_moves_lost_to).join(" or ");
        parts.push(format!(
            "it loses its first moves for good when an enemy {names} moves onto its rank or file (pieces between or not)"
        ));
    }
    if parts.is_empty() {
        return None;
    }
    let mut text = parts.join("; ");
    text[..1].make_ascii_uppercase();
    Some(format!("{text}."))
}

/// A royal group (`check when the last …` / `… every …`), in words.
pub fn royal_group_rule(variant: &Variant, group: &crate::ir::rule::RoyalGroup) -> String {
    let plurals: Vec<String> = variant
        .pieces_of(group.kinds)
        .map(|p| format!("{}s", p.name))
        .collect();
    let checkmated = match variant.game_end.checkmate {
        Some(GameResult::Loses) => " A player checkmated loses.",
        Some(GameResult::Wins) => " A player checkmated wins.",
        Some(GameResult::Draws) => " A checkmate is a draw.",
        None => "",
    };
    if group.every {
        format!(
            "A player is in check only when all their {} are attacked at once (a duple check): while they have two or more, one may be left attacked, and taken; one alone is royal: it may never be left attacked.{checkmated}",
            join_with(&plurals, "and", false)
        )
    } else {
        format!(
            "Royalty is shared: while a player has two or more {}, none of them is royal (they may be left attacked, and taken); the last one is royal: it may never be left attacked (in check).{checkmated}",
            join_with(&plurals, "or", false)
        )
    }
}

/// The rules of the whole variant that change what this piece may do:
/// explosions (a royal piece that never captures), checks to give, and the
/// ` except Pawns` (the kinds an explosion spares), or nothing.
fn spared_phrase(variant: &Variant, explosion: &crate::ir::rule::Explosion) -> String {
    let spared: Vec<String> = explosion
        .spared
        .iter()
        .map(|k| format!("{}s", variant.piece(*k).name))
        .collect();
    if spared.is_empty() {
        String::new()
    } else {
        format!(" except {}", join_or(&spared))
    }
}

/// script's own code that may forbid moves or change the board.
/// `captures compulsory`, in words.
pub const COMPULSORY_CAPTURE: &str = "Captures are compulsory: a player who can capture (en passant too) must, choosing which capture to make.";

/// `checks forbidden`, in words.
pub const CHECKS_FORBIDDEN: &str =
    "No move may give check: a move that would attack the opponent's royal piece is illegal.";

/// `walls …`, in words: where each move's wall goes, and what a wall is.
pub fn walls_rule(variant: &Variant) -> Option<String> {
    let walls = variant.walls.as_ref()?;
    let g = &variant.geometry;
    let everywhere = walls.region.white == *g.squares();
    let theirs = if walls.region.black == walls.region.white {
        ""
    } else {
        " (as White sees them; Black's follow by the board's symmetry)"
    };
    // The region, or the few squares it leaves out.
    let outside = g.squares().difference(&walls.region.white);
    let region = if everywhere {
        String::new()
    } else if outside.len() < walls.region.white.len() && outside.len() <= 8 {
        let names: Vec<String> = outside.iter().map(|sq| g.name(sq)).collect();
        format!(" but {}{theirs}", join_with(&names, "and", false))
    } else {
        format!(
            " of {}{theirs}",
            describe_squares(variant, &walls.region.white)
        )
    };
    let placement = match walls.placement {
        WallPlacement::Behind if everywhere => {
            "Every move leaves a wall on the square its piece left".to_string()
        }
        WallPlacement::Behind => format!(
            "Every move leaves a wall on the square its piece left, if that is any square{region}"
        ),

        WallPlacement::Shot => format!(
            "After every move the piece that moved shoots a wall onto an empty square{region} it could move to from where it landed (the square it came from included)"
        ),
        WallPlacement::Duck if walls.instead_of_moving => format!(
            "Instead of moving a piece, a player may move the duck, a wall, to another empty square{region}"
        ),
        WallPlacement::Duck => {
            return Some(format!(
                "After every move the player moves the duck, a wall, to another empty square{region} (the first move puts it on the board): no piece may enter, pass or take the duck, and it shields a royal piece from the attacks it blocks. A move with no square for the duck cannot be played."
            ))
        }
        WallPlacement::FromEdge if walls.instead_of_moving => format!(
            "Instead of moving a piece, a player may put a wall on an empty square{region} on the edge of the board or orthogonally next to a wall (the board sinks from its shore)"
        ),
        WallPlacement::FromEdge => format!(
            "After every move the player puts a wall on an empty square{region} on the edge of the board or orthogonally next to a wall (the board sinks from its shore)"
        ),
        WallPlacement::Anywhere if walls.instead_of_moving => format!(
            "Instead of moving a piece, a player may put a wall on any empty square{region}"
        ),
        WallPlacement::Anywhere => {
            format!("After every move the player puts a wall on any empty square{region}")
        }
    };
    let or_move = if walls.instead_of_moving && walls.placement == WallPlacement::Duck {
        " A move of a piece leaves the duck where it stands."
    } else if walls.instead_of_moving {
        " A move of a piece puts no wall, and a wall put instead never answers a check."
    } else {
        " A move with no square for its wall cannot be played."
    };
    Some(format!(
        "{placement}: no piece may enter, pass or take a wall, which stays for the rest of the game.{or_move}"
    ))
}

fn variant_wide_rules(variant: &Variant, kind: PieceKind) -> Option<String> {
    let def = variant.piece(kind);
    let rules = &variant.game_end;
    let mut out = Vec::new();
    if variant.compulsory_capture {
        out.push(COMPULSORY_CAPTURE.to_string());
    }
    if variant.checks_forbidden {
        out.push(CHECKS_FORBIDDEN.to_string());
    }
    if let Some(walls) = walls_rule(variant) {
        out.push(walls);
    }
    if let Some(sentence) = first_moves_rule(variant, def) {
        out.push(sentence);
    }
    match variant.flip {
        Some(crate::ir::rule::Flip::Enclosed) => out.push("After every move, each line of enemy pieces enclosed between the square the move reached and another piece of the mover's, in any of the eight directions, turns to the mover's side.".to_string()),
        Some(crate::ir::rule::Flip::Adjacent) => out.push("After every move, every enemy piece next to the square the move reached turns to the mover's side.".to_string()),
        Some(crate::ir::rule::Flip::AdjacentUnlessDroppedAlone) => out.push("After every move of a piece, and every drop next to one of the mover's pieces, every enemy piece next to the square the move reached turns to the mover's side; a piece dropped with none of the mover's around it turns nothing.".to_string()),
        None => {}
    }
    if def.petrifies {
        out.push("When it captures, it turns to stone: it leaves the board, and a wall stands on the square it took for the rest of the game (no piece may enter, pass or take it).".to_string());
    }
    let captures_en_passant = def.patterns.iter().any(|p| p.en_passant);
    if let (Some(region), true) = (&variant.en_passant_region, captures_en_passant) {
        out.push(format!(
            "It may capture en passant only onto {} (Black's squares are the same reflected across the middle rank).",
            describe_squares(variant, &region.white)
        ));
    }
    if def.royal {
        for color in Color::ALL {
            if *variant.without_royal.get(color) {
                out.push(format!(
                    "{} plays without a royal piece: it is never in check, so never checkmated.",
                    variant.side_name(color)
                ));
            }
        }
    }
    if let Some(explosion) = &variant.explosion {
        let but = spared_phrase(variant, explosion);
        if explosion.immune.contains(&kind) {
            out.push(format!(
                "Captures explode in this variant, but it is immune: it survives every explosion, next to a capture or capturing itself (every other piece{but} next to a capture square is removed)."
            ));
        } else if def.royal && rules.royal_loss && !explosion.spared.contains(&kind) {
            out.push(format!(
                "Captures explode in this variant, so it never captures: the explosion would blow it up with the piece it takes, and a move that blows up one's own royal piece is illegal. It is blown up by a capture on a square next to it, and a player whose royal piece is blown up loses (every piece{but} next to a capture square is removed)."
            ));
        } else {
            let survives = if explosion.spared.contains(&kind) {
                " It survives captures on the squares next to it."
            } else {
                " A capture on a square next to it removes it too."
            };
            out.push(format!(
                "Captures explode in this variant: when it captures, it is removed with the piece it takes and every piece{but} on the squares next to the capture square.{survives}"
            ));
        }
    }
    if let (true, Some(limit)) = (def.royal, rules.check_limit) {
        let times = match limit.checks {
            1 => "once".to_string(),
            2 => "twice".to_string(),
            n => format!("{} times", number_word(n as i32)),
        };
        let verb = limit.result.word();
        out.push(format!(
            "Every check to it counts: a player who gives check {times} {verb}."
        ));
    }
    if let (true, Some(sentence)) = (def.royal, perpetual_check_sentence(variant)) {
        out.push(sentence);
    }
    if let (true, Some(sentence)) = (def.royal, chasing_sentence(variant)) {
        out.push(sentence);
    }
    out.extend(ban_sentences(
        variant,
        &def.never_takes,
        "takes",
        "that capture is not a move",
    ));
    out.extend(ban_sentences(
        variant,
        &def.never_hops,
        "hops over",
        "such a piece is no screen for it, for moves, captures or checks",
    ));
    let takes_checker = def.only_takes_checker;
    if takes_checker.white || takes_checker.black {
        let whose = match (takes_checker.white, takes_checker.black) {
            (true, true) => String::new(),
            (true, false) => format!(" ({}'s only)", variant.side_name(Color::White)),
            _ => format!(" ({}'s only)", variant.side_name(Color::Black)),
        };
        out.push(format!(
            "In check it{whose} may move only to take the one piece giving check, never away; in a double check it cannot move at all."
        ));
    }
    if let Some(hooks) = &variant.hooks {
        use crate::ir::hook::HookPoint;
        if hooks.has(HookPoint::MoveFilter) {
            out.push("The script's own code (its move-filter hook) may forbid some of its moves in some positions.".to_string());
        }
        if hooks.has(HookPoint::AfterMove) {
            out.push(
                "The script's own code (its after-move hook) may change the board after a move."
                    .to_string(),
            );
        }
    }
    (!out.is_empty()).then(|| out.join(" "))
}

/// The repetition rule, in words (None without one): "The game is drawn
/// when the same position occurs three times."
pub fn repetition_sentence(variant: &Variant) -> Option<String> {
    let rules = &variant.game_end;
    let n = rules.repetition?;
    let times = number_word(n as i32);
    let value = rules.repetition_result;
    Some(match (value.result, value.side) {
        (GameResult::Draws, _) => {
            format!("The game is drawn when the same position occurs {times} times.")
        }
        (GameResult::Wins, None) => format!(
            "When the same position occurs {times} times, the player to move wins: the one who repeated it loses."
        ),
        (GameResult::Loses, None) => format!(
            "When the same position occurs {times} times, the player to move loses: the one who repeated it wins."
        ),
        (result, Some(side)) => {
            let winner = if result == GameResult::Wins {
                side
            } else {
                side.opposite()
            };
            format!(
                "When the same position occurs {times} times, {} wins, whoever repeated it.",
                variant.side_name(winner)
            )
        }
    })
}

/// `perpetual check loses`, in words (None without the rule).
pub fn perpetual_check_sentence(variant: &Variant) -> Option<String> {
    let rules = &variant.game_end;
    let n = rules.repetition.filter(|_| rules.perpetual_check)?;
    Some(format!(
        "Perpetual check loses: when a position occurs for the {} time, a player who gave check with every move since its first of those times loses (if both players did, the game is drawn).",
        ordinal_word(n)
    ))
}

/// `chasing loses: …`, in words (None without the rule).
pub fn chasing_sentence(variant: &Variant) -> Option<String> {
    let rules = &variant.game_end;
    let rule = rules.chasing.as_ref()?;
    let n = rules.repetition?;
    let name = |k: usize| variant.pieces[k].name.clone();
    let mut extra = Vec::new();
    // Kinds that outrank the same kinds share a clause.
    let mut masks: Vec<u64> = rule.outranks.iter().copied().filter(|&m| m != 0).collect();
    masks.sort_unstable();
    masks.dedup();
    for mask in masks {
        let chasers: Vec<String> = (0..rule.outranks.len())
            .filter(|&k| rule.outranks[k] == mask)
            .map(name)
            .collect();
        let chased: Vec<String> = (0..variant.pieces.len())
            .filter(|&j| mask >> j & 1 != 0)
            .map(name)
            .collect();
        extra.push(format!(
            "{} chases {} even where it is protected",
            article_list(&chasers),
            article_list(&chased)
        ));
    }
    for (kind, _) in &rule.only_in {
        let kind = article_list(&[variant.piece(*kind).name.clone()]);
        extra.push(format!(
            "{kind} is chased only in the region the rule names, and never chases by moving"
        ));
    }
    let extra = if extra.is_empty() {
        String::new()
    } else {
        format!(" ({})", extra.join("; "))
    };
    Some(format!(
        "Perpetual chasing loses: when a position occurs for the {} time and no player checked throughout, a player who chased the same enemy piece with every move since its first of those times loses (if both players did, the game is drawn); a move chases a piece, not royal, that it newly attacks where nothing unpinned protects it{extra}. Under this rule, checks beyond ten by one player lengthen the move rule by a move each.",
        ordinal_word(n)
    ))
}

/// "third", "fourth", …; "3rd"-style past twelve.
fn ordinal_word(n: u32) -> String {
    const WORDS: [&str; 11] = [
        "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
        "eleventh", "twelfth",
    ];
    match n.checked_sub(2).and_then(|i| WORDS.get(i as usize)) {
        Some(word) => word.to_string(),
        None => {
            let suffix = match (n % 10, n % 100) {
                (_, 11..=13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
    }
}

/// The sentences of the goals and of the checks to give, one per rule:
/// "A player who gets a King onto the region `hill` (d4, e4, d5 or e5)
/// wins at once." and "A player who gives check three times wins."
pub fn game_end_sentences(variant: &Variant) -> Vec<String> {
    let rules = &variant.game_end;
    let verb = GameResult::word;
    let mut out: Vec<String> = rules
        .goals
        .iter()
        .map(|goal| goal_sentence(variant, goal))
        .collect();
    out.extend(
        rules
            .connects
            .iter()
            .map(|rule| connect_sentence(variant, rule)),
    );
    if let Some(explosion) = &variant.explosion {
        let but = spared_phrase(variant, explosion);
        let mut text = format!(
            "Every capture is an explosion: the capturing piece and every piece{but} on the squares next to the capture square are removed with the captured piece."
        );
        if !explosion.immune.is_empty() {
            let immune: Vec<String> = explosion
                .immune
                .iter()
                .map(|k| format!("{}s", variant.piece(*k).name))
                .collect();
            text.push_str(&format!(
                " {} are immune: no explosion removes them, even when they capture.",
                join_and(&immune)
            ));
        }
        if rules.royal_loss {
            text.push_str(" A player whose royal piece is blown up loses, and a move that would blow up one's own royal piece is illegal (so a royal piece never captures).");
        }
        out.push(text);
    }
    for color in [Color::White, Color::Black] {
        let Some(wing) = variant.castling_win_wing_words(color) else {
            continue;
        };
        out.push(format!(
            "{side} wins by castling{wing}, and loses as soon as it never can (its king or that rook has moved, or the rook is taken).",
            side = variant.side_name(color)
        ));
    }
    if let Some(limit) = rules.check_limit {
        let times = match limit.checks {
            1 => "once".to_string(),
            2 => "twice".to_string(),
            n => format!("{} times", number_word(n as i32)),
        };
        out.push(format!(
            "A player who gives check {times} {}.",
            verb(limit.result)
        ));
    }
    out.extend(
        rules
            .extinctions
            .iter()
            .map(|rule| extinction_sentence(variant, rule)),
    );
    if let Some(counting) = &rules.counting {
        out.extend(counting_sentences(variant, counting));
    }
    if rules.stalemate_by_fewer_pieces && rules.stalemate != GameResult::Draws {
        out.push(format!(
            "A player who has no legal move (stalemate) {} with fewer pieces on the board than the opponent, {} with more, and draws with as many.",
            verb(rules.stalemate),
            verb(rules.stalemate.opposite())
        ));
    }
    if let Some(side) = rules.draw_odds {
        out.push(format!(
            "A game that would be drawn (by stalemate, repetition or the move rule) is a win for {} instead.",
            variant.side_name(side)
        ));
    }
    out.extend(counting_end_sentences(rules));
    out.extend(janggi_end_sentences(variant));
    out.extend(promotions_only_sentence(variant));
    out.extend(checkmate_rule_sentences(variant));
    out
}

/// `only promotions with King, Pawn alone draws`, in words.
fn promotions_only_sentence(variant: &Variant) -> Option<String> {
    let rule = variant.game_end.promotions_only.as_ref()?;
    let names: Vec<&str> = rule
        .kinds
        .iter()
        .map(|&k| variant.piece(k).name.as_str())
        .collect();
    Some(format!(
        "A player not in check who has only its {} on the board, and no legal move but a promotion, {}.",
        names.join(" and "),
        rule.result.word()
    ))
}

/// `pass when stuck`, `full board draws`, `draws win for more pieces`, in words.
fn counting_end_sentences(rules: &crate::ir::rule::GameEndRules) -> Vec<String> {
    let mut out = Vec::new();
    if rules.pass_when_stuck {
        out.push("A player who has no legal move but a piece on the board passes; when both pass, one after the other, the game ends in a draw.".to_string());
    }
    if rules.full_board_draws {
        out.push("The game ends in a draw when no empty square is left.".to_string());
    }
    if rules.draws_to_more_pieces {
        out.push("A game that would be drawn is won by the player with more pieces on the board, and drawn only when they have as many.".to_string());
    }
    out
}

/// `restrict …: never take …` and `never hop over …`, in words: "It
/// never {verb} X, Y: {why}." (per side where the sides differ).
fn ban_sentences(
    variant: &Variant,
    bans_of: &crate::ir::piece::ByColor<u64>,
    verb: &str,
    why: &str,
) -> Vec<String> {
    let mut out = Vec::new();
    for color in Color::ALL {
        let bans = *bans_of.get(color);
        if bans == 0 || (color == Color::Black && bans == bans_of.white) {
            continue;
        }
        let banned: Vec<PieceKind> = (0..variant.pieces.len())
            .filter(|k| bans & (1 << k) != 0)
            .map(|k| PieceKind(k as u8))
            .collect();
        let whose = if bans_of.white == bans_of.black {
            String::new()
        } else {
            format!(" ({}'s)", variant.side_name(color))
        };
        out.push(format!(
            "It{whose} never {verb} {}: {why}.",
            piece_list(variant, &banned)
        ));
    }
    out
}

/// `pass allowed`, `facing royals`, `draws win on points`, in words.
fn janggi_end_sentences(variant: &Variant) -> Vec<String> {
    let rules = &variant.game_end;
    let mut out = Vec::new();
    if rules.pass_allowed {
        out.push("A player who is not in check may pass instead of moving; when both pass, one after the other, the game ends in a draw.".to_string());
    }
    if let Some(result) = rules.facing_royals {
        out.push(format!(
            "While the two royal pieces face each other on a rank or file with no piece between them, the player to move must break the facing or pass (even in check); a pass that leaves them facing ends the game: the player then to move {}.",
            result.word()
        ));
    }
    if let Some(rule) = rules.back_and_forth {
        out.push(format!(
            "A player who, never in check, moves one piece back and forth between two squares four times in a row (a pass may stand for the last but one of those moves), after bringing it there by a move that took nothing, {} with the next such move; pieces that cannot enter the squares the opponent's royal pieces keep to are free to.",
            rule.result.word()
        ));
    }
    if let Some(points) = &rules.draws_on_points {
        let worth: Vec<String> = points
            .values
            .iter()
            .enumerate()
            .filter(|(_, &v)| v > 0)
            .map(|(k, v)| format!("{} {v}", variant.pieces[k].name))
            .collect();
        let mut text = format!(
            "A game that would be drawn is won by the player whose pieces on the board are worth more ({})",
            worth.join(", ")
        );
        if points.bonus_halves > 0 {
            let whole = points.bonus_halves / 2;
            let half = if points.bonus_halves % 2 == 1 {
                ".5"
            } else {
                ""
            };
            text.push_str(&format!(
                ", {} having {whole}{half} points more",
                variant.side_name(points.bonus_side)
            ));
        }
        text.push_str(", and drawn only when they are worth as much.");
        out.push(text);
    }
    out
}

/// One `connecting` rule, in words: "A player whose move leaves 4 of its
/// pieces next to each other in a line along a rank, file or diagonal wins
/// at once."
fn connect_sentence(variant: &Variant, rule: &Connect) -> String {
    let pieces = if rule.kinds == u64::MAX {
        "pieces".to_string()
    } else {
        let names: Vec<String> = variant
            .kind_names(rule.kinds)
            .into_iter()
            .map(|n| format!("{n}s"))
            .collect();
        join_or(&names)
    };
    let lines: Vec<String> = rule.lines.names().into_iter().map(String::from).collect();
    let lines = join_or(&lines);
    let shape = match &rule.shape {
        ConnectShape::Row(n) => {
            format!("{n} of its {pieces} next to each other in a line along a {lines}")
        }
        ConnectShape::Line(n) => format!("{n} of its {pieces} on one {lines}"),
        ConnectShape::Block(files, ranks) => {
            format!("its {pieces} filling a block of {files} x {ranks} squares")
        }
        ConnectShape::Chain { from, to } => {
            let side = if rule.sides.white {
                Color::White
            } else {
                Color::Black
            };
            format!(
                "a chain of its {pieces}, each next to the one before along a {lines}, from {} to {}",
                describe_squares(variant, from.get(side)),
                describe_squares(variant, to.get(side))
            )
        }
    };
    let verb = rule.result.word();
    match (rule.sides.white, rule.sides.black) {
        (true, true) => format!("A player whose move leaves {shape} {verb} at once."),
        (white, _) => {
            let side = if white { Color::White } else { Color::Black };
            format!(
                "{} {verb} at once when its move leaves {shape}.",
                variant.side_name(side)
            )
        }
    }
}

/// One goal (`reaching …`), in words.
fn goal_sentence(variant: &Variant, goal: &crate::ir::rule::Goal) -> String {
    let verb = GameResult::word;
    let names: Vec<String> = goal
        .kinds
        .iter()
        .map(|k| variant.piece(*k).name.clone())
        .collect();
    // `with 3 Knight`: "three of its Knights"; else "a Knight".
    let pieces = if goal.count > 1 {
        let plural: Vec<String> = names.iter().map(|n| format!("{n}s")).collect();
        format!(
            "{} of its {}",
            number_word(goal.count as i32),
            join_or(&plural)
        )
    } else {
        article_list(&names)
    };
    // A goal of one side only (`white reaching …`) names that side.
    let only = match (goal.squares.white.is_empty(), goal.squares.black.is_empty()) {
        (false, true) => Some(Color::White),
        (true, false) => Some(Color::Black),
        _ => None,
    };
    let shown = match only {
        Some(side) => goal.squares.get(side),
        None => &goal.squares.white,
    };
    let squares = describe_squares(variant, shown);
    let place = match &goal.region_name {
        Some(n) => format!("the region `{n}` ({squares})"),
        None => squares,
    };
    let b = variant.side_name(Color::Black);
    let view = match only {
        Some(side) => format!(" (a goal of {}'s only)", variant.side_name(side)),
        None if goal.squares.white == goal.squares.black => String::new(),
        None => format!(" ({b}'s squares are the same seen from {b}'s side)"),
    };
    if goal.answered {
        return format!(
            "A player who gets {} onto {place}{view} first {} unless the opponent's reply gets one onto the opponent's own goal too, which draws; when no legal move of the opponent's can, at once.",
            pieces,
            verb(goal.result)
        );
    }
    if goal.unattacked {
        return format!(
            "A player who has {} on {place}{view} where no enemy piece attacks it {} \
             (one that arrives attacked may still be taken; more there than the goal \
             asks count attacked or not, since one capture leaves enough; if both \
             players have met it so, the game is drawn).",
            pieces,
            verb(goal.result)
        );
    }
    if goal.after_reply {
        return format!(
            "A player who gets {} onto {place}{view} {} if it is still there after the \
             opponent's next move (the opponent may take it or drive it off first).",
            pieces,
            verb(goal.result)
        );
    }
    if goal.when_full {
        return format!(
            "A player who gets {} onto {place}{view} {} at once, and so does one with a piece of those there once none of its squares is empty.",
            pieces,
            verb(goal.result)
        );
    }
    format!(
        "A player who gets {} onto {place}{view} {} at once.",
        pieces,
        verb(goal.result)
    )
}

/// Makruk's counts: the board's honour and the pieces' honour.
fn counting_sentences(variant: &Variant, counting: &Counting) -> Vec<String> {
    let names = |kinds: &[PieceKind]| -> String {
        let names: Vec<String> = kinds
            .iter()
            .map(|k| variant.piece(*k).name.clone())
            .collect();
        names.join(" or ")
    };
    let mut out = Vec::new();
    if let Some(n) = counting.board.as_ref().and_then(|b| b.at_most_pieces) {
        out.push(format!(
            "Once a player has at most {n} pieces and the other more than a king, that player counts on each of its turns, and the game is drawn when the count passes {} moves (a checkmate on the last move still wins).",
            counting.board.as_ref().map_or(0, |b| b.moves)
        ));
    } else if let Some(board) = &counting.board {
        out.push(format!(
            "Once no {} is left and both players have more than their king, the player to move starts counting, and the game is drawn when the count passes {} moves (a checkmate on the last move still wins).",
            names(&board.unless_on_board),
            board.moves
        ));
    }
    if let Some(bare) = &counting.bare {
        let limits: Vec<String> = bare
            .limits
            .iter()
            .map(|l| {
                let piece = &variant.piece(l.kind).name;
                let against = match l.at_least {
                    1 => format!("a {piece}"),
                    n => format!("{} {piece}s", number_word(n as i32)),
                };
                format!("{} moves against {against}", l.moves)
            })
            .chain(
                bare.otherwise
                    .map(|n| format!("{n} moves against anything else")),
            )
            .collect();
        let from = if bare.from_pieces {
            "from the number of pieces on the board"
        } else {
            "from zero"
        };
        let otherwise = if bare.otherwise.is_some() {
            ""
        } else {
            " (against anything else nothing is counted)"
        };
        out.push(format!(
            "Once no {} is left, a player whose king stands alone counts {from}, and the game is drawn when the count passes a limit set by the opponent's strongest pieces, the first that applies: {}{otherwise}.",
            names(&bare.unless_on_board),
            limits.join(", ")
        ));
    }
    out
}

/// "A player left without any King, or without any Pawn, loses at once."
fn extinction_sentence(variant: &Variant, rule: &Extinction) -> String {
    let verb = rule.result.word();
    let hand = if variant.hands.is_some() {
        " (pieces in hand count)"
    } else {
        ""
    };
    let names: Vec<String> = rule
        .kinds
        .iter()
        .map(|k| variant.piece(*k).name.clone())
        .collect();
    let left = match (names.is_empty(), rule.at_most) {
        (true, 0) => "without any piece".to_string(),
        (true, n) => format!(
            "with {n} {} or fewer",
            if n == 1 { "piece" } else { "pieces" }
        ),
        (false, 0) => {
            let each: Vec<String> = names.iter().map(|n| format!("without any {n}")).collect();
            join_or_comma(&each)
        }
        (false, n) => {
            let each: Vec<String> = names
                .iter()
                .map(|name| format!("with {n} {name}{} or fewer", if n == 1 { "" } else { "s" }))
                .collect();
            join_or_comma(&each)
        }
    };
    if rule.bare_back {
        return format!(
            "A player left {left}{hand} {verb}, unless the opponent is left as few too, or is \
             left so by the player's very next move (baring back: then the game goes on)."
        );
    }
    format!("A player left {left}{hand} {verb} at once.")
}

/// The piece-count rules that name this piece, as its own paragraph.
fn extinction_rule(variant: &Variant, kind: PieceKind) -> Option<String> {
    let sentences: Vec<String> = variant
        .game_end
        .extinctions
        .iter()
        .filter(|rule| rule.kinds.contains(&kind))
        .map(|rule| extinction_sentence(variant, rule))
        .collect();
    (!sentences.is_empty()).then(|| sentences.join(" "))
}

/// "a King", "a King or an Archer".
fn article_list(names: &[String]) -> String {
    let with_article: Vec<String> = names
        .iter()
        .map(|n| {
            let vowel = n.starts_with(['A', 'E', 'I', 'O', 'U']);
            format!("{} {n}", if vowel { "an" } else { "a" })
        })
        .collect();
    join_or(&with_article)
}

/// The goals that name this piece, as its own paragraph.
fn goal_rule(variant: &Variant, kind: PieceKind) -> Option<String> {
    let sentences: Vec<String> = variant
        .game_end
        .goals
        .iter()
        .zip(game_end_sentences(variant))
        .filter(|(goal, _)| goal.kinds.contains(&kind))
        .map(|(_, sentence)| sentence)
        .collect();
    (!sentences.is_empty()).then(|| sentences.join(" "))
}

fn castling_rule(variant: &Variant, kind: PieceKind) -> Option<String> {
    let g = &variant.geometry;
    let (w, b) = (
        variant.side_name(Color::White),
        variant.side_name(Color::Black),
    );
    let rules: Vec<_> = variant
        .castling
        .iter()
        .filter(|r| r.color == Color::White && (r.king == kind || r.rook == kind))
        .collect();
    if rules.is_empty() {
        return None;
    }
    if rules.iter().any(|r| r.any_start) {
        return Some(any_start_castling_sentence(variant, &rules));
    }
    let mut moves = Vec::new();
    for r in &rules {
        moves.push(format!(
            "the {} from {} to {} with the {} from {} to {}",
            variant.piece(r.king).name,
            g.name(r.king_from),
            g.name(r.king_to),
            variant.piece(r.rook).name,
            g.name(r.rook_from),
            g.name(r.rook_to)
        ));
    }
    let attacks = if rules[0].king_path.is_empty() {
        format!(
            "; the {} is not royal, so it may castle out of, through or into attacked squares",
            variant.piece(rules[0].king).name
        )
    } else {
        format!(
            ", and the {} may not start on, pass or land on an attacked square",
            variant.piece(rules[0].king).name
        )
    };
    let opposite = if variant.opposite_castling {
        " Once a side has castled, the other may castle only on the other wing."
    } else {
        ""
    };
    Some(format!(
        "It takes part in castling ({w}'s squares; {b}'s are the same seen from {b}'s side): {}. Neither piece may have moved, the squares between them must be empty{attacks}.{opposite}",
        join_or(&moves),
    ))
}

/// Castling from any start (Chess960), in words: where the king and the
/// rook land, from wherever they start on the rank.
fn any_start_castling_sentence(variant: &Variant, rules: &[&CastlingRule]) -> String {
    let g = &variant.geometry;
    let (w, b) = (
        variant.side_name(Color::White),
        variant.side_name(Color::Black),
    );
    let mut forms: Vec<&CastlingRule> = Vec::new();
    for r in rules {
        if !forms.iter().any(|f| {
            (f.king, f.king_to, f.rook, f.rook_to) == (r.king, r.king_to, r.rook, r.rook_to)
        }) {
            forms.push(r);
        }
    }
    let (king, rook) = (
        &variant.piece(forms[0].king).name,
        &variant.piece(forms[0].rook).name,
    );
    let moves: Vec<String> = forms
        .iter()
        .map(|r| {
            let side = if g.file_of(r.rook_from) > g.file_of(r.king_from) {
                "right"
            } else {
                "left"
            };
            format!(
                "with the {rook} on its {side} to {} and {} ({})",
                g.name(r.king_to),
                g.name(r.rook_to),
                if side == "right" { "O-O" } else { "O-O-O" }
            )
        })
        .collect();
    let attacks = if forms[0].king_path.is_empty() {
        format!(
            "; the {king} is not royal, so it may castle out of, through or into attacked squares"
        )
    } else {
        format!(", and the {king} may not start on, pass or land on an attacked square")
    };
    format!(
        "It takes part in castling from any start, as in Chess960 ({w}'s squares; {b}'s are the same seen from {b}'s side): wherever the {king} and a {rook} stand on rank {}, the {king} may castle {}, the {king} and the {rook} landing there. Neither piece may have moved (the castling rights name the {rook}), every square between each piece and where it lands must be empty but for the two of them{attacks}. Castling is written as the {king} taking its {rook} in coordinates (`e1h1`).",
        g.rank_of(forms[0].king_to) + 1,
        join_or(&moves),
    )
}

/// `shuffle …` in words: which squares' pieces change places, and the
/// rules every array keeps.
pub fn shuffle_sentence(variant: &Variant, shuffle: &Shuffle) -> String {
    let name = |k: PieceKind| variant.piece(k).name.as_str();
    let pair = |a: PieceKind, b: PieceKind| {
        if a == b {
            format!("the two {}s", name(a))
        } else {
            format!("the {} and the {}", name(a), name(b))
        }
    };
    let rules: Vec<String> = shuffle
        .rules
        .iter()
        .map(|rule| match *rule {
            ShuffleRule::OppositeColours(a, b) => {
                format!("{} stand on squares of opposite colours", pair(a, b))
            }
            ShuffleRule::Between(m, a, b) => {
                format!("the {} stands between {}", name(m), pair(a, b))
            }
        })
        .collect();
    let keeps = if rules.is_empty() {
        String::new()
    } else {
        format!(", so that {}", join_and(&rules))
    };
    format!(
        "A game may also start from a random array (`new random` in the REPL): {}'s pieces on {} change places at random{keeps}; {}'s pieces mirror them.",
        variant.side_name(Color::White),
        describe_squares(variant, &shuffle.squares.iter().copied().collect::<SquareSet>()),
        variant.side_name(Color::Black),
    )
}

/// "a Queen, Rook, Bishop or Knight".
fn piece_list(variant: &Variant, kinds: &[PieceKind]) -> String {
    let names: Vec<String> = kinds
        .iter()
        .map(|k| variant.piece(*k).name.clone())
        .collect();
    let article = match names.first().and_then(|n| n.chars().next()) {
        Some(c) if "AEIOU".contains(c) => "an",
        _ => "a",
    };
    format!("{article} {}", join_or(&names))
}

/// Describes a set of squares: "the last rank", "the last rank and the h-file", or a list.
pub fn describe_squares(variant: &Variant, set: &SquareSet) -> String {
    let g = &variant.geometry;
    let rank_set =
        |r: i32| -> SquareSet { g.squares().iter().filter(|s| g.rank_of(*s) == r).collect() };
    let file_set =
        |f: i32| -> SquareSet { g.squares().iter().filter(|s| g.file_of(*s) == f).collect() };
    let last = rank_set(g.ranks() as i32 - 1);
    if *set == last {
        return "the last rank".to_string();
    }
    for f in 0..g.files() as i32 {
        if *set == last.union(&file_set(f)) {
            return format!("the last rank or the {}-file", (b'a' + f as u8) as char);
        }
    }
    // Whole ranks: "rank 6", "ranks 8 to 10" (the board's own numbers).
    let whole: Vec<i32> = (0..g.ranks() as i32)
        .filter(|&r| {
            let rank = rank_set(r);
            !rank.is_empty() && rank.difference(set).is_empty()
        })
        .collect();
    let covered = whole
        .iter()
        .fold(SquareSet::EMPTY, |all, &r| all.union(&rank_set(r)));
    if !whole.is_empty() && covered == *set {
        let (first, last) = (whole[0] + 1, whole[whole.len() - 1] + 1);
        return match whole.len() {
            1 => format!("rank {first}"),
            n if n > 2 && (last - first + 1) as usize == n => format!("ranks {first} to {last}"),
            _ => {
                let numbers: Vec<String> = whole.iter().map(|r| (r + 1).to_string()).collect();
                format!("ranks {}", join_with(&numbers, "and", false))
            }
        };
    }
    let names: Vec<String> = set.iter().map(|s| g.name(s)).collect();
    join_or(&names)
}

/// Where a piece promotes and into what, by square (White's view).
pub fn promotion_sets(variant: &Variant, kind: PieceKind) -> Vec<(SquareSet, Vec<PieceKind>)> {
    promotion_sets_of(variant, kind, Color::White)
}

/// Where one side's piece promotes and into what, by square (the board's
/// own squares).
fn promotion_sets_of(
    variant: &Variant,
    kind: PieceKind,
    color: Color,
) -> Vec<(SquareSet, Vec<PieceKind>)> {
    let code = Piece { color, kind }.code();
    let mut out: Vec<(SquareSet, Vec<PieceKind>)> = Vec::new();
    for sq in variant.geometry.squares().iter() {
        let choices = variant.promotion.choices(code, sq);
        if choices.is_empty() {
            continue;
        }
        match out.iter_mut().find(|(_, c)| c == choices) {
            Some((s, _)) => s.insert(sq),
            None => {
                let mut s = SquareSet::EMPTY;
                s.insert(sq);
                out.push((s, choices.to_vec()));
            }
        }
    }
    out
}

/// The promotion sentence of a piece whose sides promote differently
/// (`promote white …`, `promote black …`), or None when Black's rule is
/// White's seen from Black's side.
fn promotion_by_side(
    variant: &Variant,
    sets: &[(SquareSet, Vec<PieceKind>)],
    black_sets: &[(SquareSet, Vec<PieceKind>)],
) -> Option<String> {
    // Black's sets as White sees them, in the order of White's.
    let seen_by_white = |sets: &[(SquareSet, Vec<PieceKind>)]| {
        let mut out: Vec<(Vec<usize>, Vec<PieceKind>)> = sets
            .iter()
            .map(|(squares, choices)| {
                let mut seen: Vec<usize> = squares
                    .iter()
                    .map(|sq| variant.geometry.reflect(sq, variant.symmetry).index())
                    .collect();
                seen.sort_unstable();
                (seen, choices.clone())
            })
            .collect();
        out.sort();
        out
    };
    let white_view: Vec<(Vec<usize>, Vec<PieceKind>)> = {
        let mut out: Vec<_> = sets
            .iter()
            .map(|(squares, choices)| {
                (squares.iter().map(|s| s.index()).collect(), choices.clone())
            })
            .collect();
        out.sort();
        out
    };
    if white_view != seen_by_white(black_sets) {
        // `promote white …` / `promote black …`: each side on its own,
        // Black's squares seen from Black's side.
        let side = |color: Color, sets: &[(SquareSet, Vec<PieceKind>)]| {
            let name = variant.side_name(color);
            if sets.is_empty() {
                return format!("{name} never promotes it");
            }
            let parts: Vec<String> = sets
                .iter()
                .map(|(squares, choices)| {
                    let seen: SquareSet = match color {
                        Color::White => *squares,
                        Color::Black => squares
                            .iter()
                            .map(|sq| variant.geometry.reflect(sq, variant.symmetry))
                            .collect(),
                    };
                    format!(
                        "on {} into {}",
                        describe_squares(variant, &seen),
                        piece_list(variant, choices)
                    )
                })
                .collect();
            format!("{name} chooses {}", parts.join("; "))
        };
        return Some(format!(
            "It must promote when it reaches the promotion squares, choosing by side (each seeing the board from its own side): {}, and {}.",
            side(Color::White, sets),
            side(Color::Black, black_sets)
        ));
    }
    None
}

fn promotion_rule(variant: &Variant, kind: PieceKind) -> Option<String> {
    let sets = promotion_sets(variant, kind);
    let black_sets = promotion_sets_of(variant, kind, Color::Black);
    if sets.is_empty() && black_sets.is_empty() {
        return standing_promotion_rule(variant, kind);
    }
    if let Some(by_side) = promotion_by_side(variant, &sets, &black_sets) {
        return Some(by_side);
    }
    let code = Piece {
        color: Color::White,
        kind,
    }
    .code();
    let t = &variant.promotion;
    if let [(squares, choices)] = &sets[..] {
        let optional = t
            .may_decline
            .get(code as usize)
            .is_some_and(|d| !d.is_empty());
        if squares == variant.geometry.squares() && !optional {
            let choices = piece_list(variant, choices);
            return Some(if t.by_capture_only(code) {
                // Micro shogi's pieces turn over as they take.
                format!(
                    "Every capture it makes turns it into {choices} (its other moves never do)."
                )
            } else {
                // Kyoto shogi's pieces turn over on every move.
                format!(
                    "Every move it makes turns it into {choices} (it promotes wherever it lands)."
                )
            });
        }
    }
    let parts: Vec<String> = sets
        .iter()
        .map(|(squares, choices)| {
            format!(
                "on {} into {}",
                describe_squares(variant, squares),
                piece_list(variant, choices)
            )
        })
        .collect();
    let b = variant.side_name(Color::Black);
    let black = match variant.symmetry {
        Symmetry::Mirror => format!("{b}'s squares are the same reflected across the middle rank"),
        Symmetry::Rotate => format!("{b}'s squares are the same turned by 180 degrees"),
    };
    let leaving = t
        .by_origin
        .get(code as usize * t.cells..(code as usize + 1) * t.cells);
    let leaving = leaving.is_some_and(|cells| cells.iter().any(|&c| c > 0));
    let Some(declines) = t.may_decline.get(code as usize).filter(|d| !d.is_empty()) else {
        let when = if t.by_capture_only(code) {
            "when it captures on the promotion squares"
        } else if leaving {
            "on every move that starts or ends on the promotion squares"
        } else {
            "when it reaches the promotion squares"
        };
        return Some(format!(
            "It must promote {when}, choosing {}; it does not promote elsewhere ({black}).",
            parts.join("; ")
        ));
    };
    let zone: SquareSet = sets
        .iter()
        .fold(SquareSet::EMPTY, |all, (squares, _)| all.union(squares));
    let forced = zone.difference(declines);
    let when = if leaving { "starts or ends" } else { "ends" };
    let must = if t.declines_when_stuck.get(code as usize) == Some(&true) {
        "; it may stay unpromoted even where it could never move again".to_string()
    } else if forced.is_empty() {
        String::new()
    } else {
        format!(
            "; it must promote on {}, where it could not move again",
            describe_squares(variant, &forced)
        )
    };
    Some(format!(
        "It may promote, or not, on a move that {when} on the promotion squares, choosing {}{must} ({black}).",
        parts.join("; ")
    ))
}

/// `promote … in place` (Sittuyin's pawns): "Instead of moving, it may
/// promote into a Met where it stands, or by a Met's move to an empty
/// square, when it stands on …". White's rule, or else Black's.
pub fn standing_promotion_rule(variant: &Variant, kind: PieceKind) -> Option<String> {
    let rules = &variant.promotion.standing;
    let rule = rules
        .iter()
        .find(|r| r.piece == kind && r.color == Color::White)
        .or_else(|| rules.iter().find(|r| r.piece == kind))?;
    let choices = piece_list(variant, &rule.choices);
    let by_move = if rule.by_its_move {
        format!(
            " or by its new piece's move to an empty square (as {} moves)",
            choices
        )
    } else {
        String::new()
    };
    let last = if rule.anywhere_if_last {
        " (its side's last one, wherever it stands)"
    } else {
        ""
    };
    let mut nevers = Vec::new();
    if rule.never_attacking {
        nevers.push("where the new piece would attack an enemy piece");
    }
    if rule.never_checking {
        nevers.push("when the move would give check");
    }
    let never = if nevers.is_empty() {
        String::new()
    } else {
        format!("; never {}", nevers.join(", nor "))
    };
    let side = variant.side_name(rule.color);
    let other = match variant.symmetry {
        Symmetry::Mirror => "reflected across the middle rank",
        Symmetry::Rotate => "turned by 180 degrees",
    };
    Some(format!(
        "Instead of moving, it may promote into {choices} where it stands{by_move}, when it stands on {}{last}{never} ({side}'s squares; the other side's are the same {other}).",
        describe_squares(variant, &rule.region)
    ))
}

/// `promotion-limit`, for a piece that promotes into a limited kind: "It
/// may promote into a Queen only while its side has none on the board, into
/// a Rook or a Bishop only while it has fewer than 2 (so only into a piece
/// that has been captured, in the start position's numbers)."
fn promotion_limit_rule(variant: &Variant, kind: PieceKind) -> Option<String> {
    let standing = variant
        .promotion
        .standing
        .iter()
        .filter(|r| r.piece == kind)
        .flat_map(|r| r.choices.iter().copied());
    let mut choices: Vec<PieceKind> = promotion_sets(variant, kind)
        .into_iter()
        .chain(promotion_sets_of(variant, kind, Color::Black))
        .flat_map(|(_, c)| c)
        .chain(standing)
        .collect();
    choices.sort();
    choices.dedup();
    let limits = promotion_limit_sentence(variant, &choices)?;
    // Where it must promote, a move with no choice left is no move.
    let code = Piece {
        color: Color::White,
        kind,
    }
    .code();
    let must_somewhere = promotion_sets(variant, kind)
        .iter()
        .flat_map(|(squares, _)| squares.iter())
        .any(|sq| !variant.promotion.may_decline(code, sq));
    let all_limited = choices
        .iter()
        .all(|&k| variant.promotion.limit(k).is_some());
    let stuck = if all_limited && must_somewhere {
        " Where it must promote and no choice is left, it may not go."
    } else {
        ""
    };
    Some(format!("It may promote {limits}.{stuck}"))
}

/// "into a Queen only while its side has none on the board, into a Rook
/// only while it has fewer than 2": the limits of those of `choices` that
/// have one, by limit (None when none has).
pub fn promotion_limit_sentence(variant: &Variant, choices: &[PieceKind]) -> Option<String> {
    let mut by_limit: Vec<(u32, Vec<String>)> = Vec::new();
    for &k in choices {
        let Some(n) = variant.promotion.limit(k) else {
            continue;
        };
        let name = variant.piece(k).name.clone();
        match by_limit.iter_mut().find(|(m, _)| *m == n) {
            Some((_, names)) => names.push(name),
            None => by_limit.push((n, vec![name])),
        }
    }
    by_limit.sort_by_key(|(n, _)| *n);
    let parts: Vec<String> = by_limit
        .iter()
        .map(|(n, names)| {
            let while_ = if *n == 1 {
                "none on the board".to_string()
            } else {
                format!("fewer than {n} on the board")
            };
            let article = match names[0].chars().next() {
                Some(c) if "AEIOU".contains(c) => "an",
                _ => "a",
            };
            format!(
                "into {article} {} only while its side has {while_}",
                join_or(names)
            )
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// Region policies (where a piece may go) will be described here once the
/// language has them.
/// The piece's region rules and region-limited moves, in words.
fn region_rule(variant: &Variant, kind: PieceKind) -> Option<String> {
    use crate::ir::rule::RegionPolicy;
    let def = variant.piece(kind);
    let white = |set: &crate::ir::piece::ByColor<SquareSet>| describe_region(variant, &set.white);
    let border = |inside: &crate::ir::piece::ByColor<SquareSet>| {
        variant
            .borders
            .iter()
            .find(|b| b.inside == *inside)
            .map_or_else(|| "border".to_string(), |b| b.name.clone())
    };
    let mut parts = Vec::new();
    for rule in &def.region_rules {
        let text = match &rule.policy {
            RegionPolicy::NeverCross { inside } => format!("never crosses the {}", border(inside)),
            RegionPolicy::CrossBeside { inside, .. } => {
                format!(
                    "crosses the {} only from or to a square beside it",
                    border(inside)
                )
            }
            RegionPolicy::StayIn(set) => format!("never leaves {}", white(set)),
            RegionPolicy::NeverEnter(set) => {
                format!("never enters {}, not even in passing", white(set))
            }
            RegionPolicy::NeverLand(set) => format!("never ends a move on {}", white(set)),
        };
        let side = match (rule.colors.white, rule.colors.black) {
            (true, false) => format!(" ({}'s only)", variant.side_name(Color::White)),
            (false, true) => format!(" ({}'s only)", variant.side_name(Color::Black)),
            _ => String::new(),
        };
        parts.push(format!("{text}{side}"));
    }
    let mut out = Vec::new();
    if !parts.is_empty() {
        out.push(format!(
            "It {}; this limits its attacks and checks too. (Squares as {} sees them; {}'s follow by the board's symmetry.)",
            join_and(&parts),
            variant.side_name(Color::White),
            variant.side_name(Color::Black)
        ));
    }
    for p in def
        .patterns
        .iter()
        .filter(|p| p.from_region.is_some() || p.within_region.is_some() || p.royal_only)
    {
        let clause = move_clauses(std::slice::from_ref(p))
            .into_iter()
            .map(|c| c.text)
            .collect::<Vec<_>>();
        let mut text = format!("It also {}", join_and(&clause));
        if let Some(region) = &p.from_region {
            text.push_str(&format!(
                " when it stands on {}",
                describe_region(variant, &region.white)
            ));
        }
        if let Some(region) = &p.within_region {
            text.push_str(&format!(
                " along {}, from a square of it to a square of it, never leaving it",
                describe_region(variant, &region.white)
            ));
        }
        if p.royal_only {
            text.push_str(", but may capture only a royal piece that way (so two such pieces may not face each other)");
        }
        text.push('.');
        out.push(text);
    }
    if out.is_empty() {
        None
    } else {
        Some(out.join(" "))
    }
}

/// A region in words: its name if the script declared it, else its squares.
fn describe_region(variant: &Variant, set: &SquareSet) -> String {
    match variant.regions.iter().find(|r| r.squares.white == *set) {
        Some(r) => format!("the region `{}`", r.name),
        None => describe_squares(variant, set),
    }
}

fn direction_note(variant: &Variant, def: &PieceDef) -> Option<String> {
    let lopsided = def.patterns.iter().any(|p| {
        let vs: Vec<(i8, i8)> = if p.travel == Travel::Path {
            p.paths
                .iter()
                .filter_map(|path| path.first())
                .map(|s| (s.dx, s.dy))
                .collect()
        } else {
            p.vectors.clone()
        };
        vs.iter().any(|&(x, y)| !vs.contains(&(-x, y)))
    });
    if !lopsided {
        return None;
    }
    let (w, b) = (
        variant.side_name(Color::White),
        variant.side_name(Color::Black),
    );
    Some(match variant.symmetry {
        Symmetry::Mirror => format!("Directions are as {w} sees them; {b}'s moves are {w}'s reflected across the middle rank, so {b}'s forward is toward rank 1 and left and right are as {w} sees them."),
        Symmetry::Rotate => format!("Directions are as {w} sees them; {b}'s moves are {w}'s turned by 180 degrees, so {b}'s forward and right are toward rank 1 and the a-file."),
    })
}

/// "a", "a or b", "a, b or c".
pub fn join_or(items: &[String]) -> String {
    join_with(items, "or", false)
}

/// "a, or b" for clauses that contain commas themselves.
fn join_or_comma(items: &[String]) -> String {
    join_with(items, "or", true)
}

/// "a, b, and c": the clauses of a sentence.
fn join_and(items: &[String]) -> String {
    if items.len() == 2 {
        return format!("{}, and {}", items[0], items[1]);
    }
    join_with(items, "and", true)
}

fn join_with(items: &[String], word: &str, serial_comma: bool) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => {
            let head = items[..n - 1].join(", ");
            let comma = if serial_comma { "," } else { "" };
            format!("{head}{comma} {word} {}", items[n - 1])
        }
    }
}

/// The squares of a set, as names, for messages.
pub fn square_names(variant: &Variant, squares: impl IntoIterator<Item = Square>) -> Vec<String> {
    squares
        .into_iter()
        .map(|s| variant.geometry.name(s))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::explain_betza;

    #[test]
    fn betza_explained_without_a_script() {
        assert_eq!(
            explain_betza("fhN").unwrap(),
            "A piece with Betza `fhN` leaps like a knight (two squares one way and one to the side), only forward, over anything in between."
        );
        assert_eq!(
            explain_betza("hrN").unwrap(),
            "A piece with Betza `hrN` leaps like a knight (two squares one way and one to the side), only the four ways that veer right (forward and a little right, right and a little back, and so on round), over anything in between."
        );
    }

    #[test]
    fn betza_errors_point_into_the_string_typed() {
        let errors = explain_betza("fmWxX").unwrap_err();
        assert_eq!(errors.errors.len(), 1);
        let e = &errors.errors[0];
        assert_eq!((e.span.start, e.span.end), (4, 5));
        let text = errors.render_plain();
        assert!(text.contains("[betza:1:5]"), "{text}");
        assert!(text.contains(" 1 │ fmWxX"), "{text}");
        assert!(!text.contains("board 15 x 15"), "{text}");
    }
}
