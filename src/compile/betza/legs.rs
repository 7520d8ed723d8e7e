//! Multi-leg XBetza moves → precomputed paths.
//!
//! A move of several legs is written with `a` between the legs' modifiers
//! and one atom at the end: `mafsW` is a W step to an empty square, then
//! one more step turned 45 degrees either way. The first leg's directions
//! are absolute (as for any atom); later legs' directions are relative to
//! the step before: `f` straight on, `b` back, `l`/`r` a right-angle turn,
//! `fl`/`fr` (and `fs` for both) a 45-degree turn, which turns an
//! orthogonal step into a diagonal one and back (W↔F, D↔A, H↔G), `bl`/`br`
//! (`bs`) 135 degrees, `s` = `l`+`r`, `v` = `f`+`b`. `z` turns the
//! opposite way to the turn before (a zig-zag): `z` by right angles, `fz`
//! by 45 degrees, `bz` by 135; the first turn may go either way. A leg
//! after one marked `y` slides. `p` on a leg that is not the last makes it jump a piece.
//!
//! A group in parentheses with a count, `(afz)8W`, repeats its legs up to
//! that many times (0: no limit); the move may end after any repetition,
//! sliding-style: it stops at the first piece (capturing it if allowed).
//! This is the Rhino of Grand Betza: a W step, then alternately diagonal
//! and orthogonal steps outward. `z` on a slider without legs makes a
//! crooked slider (`zB`: a bishop that turns 90 degrees at every step).
//!
//! Each branch becomes one [`PathStep`] sequence in White's orientation;
//! the tables turn it into a ray per origin square.

use crate::compile::betza::vocabulary::{
    self, read_direction, selects, shape_of, symmetric_vectors, Direction, Shape,
};
use crate::diagnostics::{Code, ScriptError};
use crate::ir::pattern::{MovePattern, PathStep, Travel};
use crate::source::{Span, Spanned};
use crate::syntax::ast::{BetzaMove, BetzaRepeat};

/// The longest path a repeated group may make (no board has more squares in a line).
const MAX_PATH_STEPS: usize = 32;
/// The most branches one first step may fan out into.
const MAX_BRANCHES: usize = 256;

/// The eight directions, counter-clockwise from east, as unit steps.
const UNIT: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// One leg as written: its turns (relative to the step before, in
/// 45-degree units, left positive) and how it behaves.
#[derive(Clone, Debug)]
struct Leg {
    /// Absolute directions (first leg only).
    absolute: Vec<Direction>,
    /// Allowed turns (later legs).
    turns: Vec<i32>,
    zigzag: bool,
    slides_next: bool,
    over_piece: bool,
    moves: bool,
    captures: bool,
    initial: bool,
}

/// Compiles a Betza component with legs, a repeated group or a crooked slider.
pub fn compile_legs(m: &BetzaMove) -> Result<Vec<MovePattern>, ScriptError> {
    let crooked = m.group.is_none() && !m.modifiers.iter().any(|c| c.value == 'a');
    let fixed = split_legs(&m.modifiers, crooked);
    let (group_mods, group_max) = repeated_legs(m, crooked)?;
    let group_max = if group_max == 0 {
        MAX_PATH_STEPS
    } else {
        group_max
    };
    let steps = leg_steps(m, crooked)?;
    let n_fixed = fixed.len();
    let mut legs = Vec::new();
    for (i, mods) in fixed.iter().enumerate() {
        let last = i + 1 == n_fixed && group_mods.is_empty();
        legs.push(parse_leg(mods, i == 0, last, m.span)?);
    }
    let mut group = Vec::new();
    for mods in &group_mods {
        group.push(parse_leg(mods, false, true, m.span)?);
    }
    // What the move does where it ends: the last leg's modality.
    let end = group
        .last()
        .or(legs.last())
        .cloned()
        .unwrap_or_else(|| legs[0].clone());

    let mut patterns = Vec::new();
    for step in steps {
        let paths = step_paths(step, &legs, &group, group_max, m.span)?;
        if paths.is_empty() {
            continue;
        }
        patterns.push(MovePattern {
            vectors: Vec::new(),
            travel: Travel::Path,
            moves: end.moves,
            captures: end.captures,
            en_passant: false,
            initial: legs[0].initial,
            paths,
            from_region: None,
            within_region: None,
            royal_only: false,
            unless_in_check: false,
            betza: m.to_string(),
            span: m.span,
        });
    }
    Ok(patterns)
}

/// One leg's modifier letters as written.
type LegLetters = Vec<Spanned<char>>;

/// The modifiers split into legs at each `a` (a crooked slider's `z` left out).
fn split_legs(modifiers: &[Spanned<char>], crooked: bool) -> Vec<LegLetters> {
    let mut legs: Vec<LegLetters> = vec![Vec::new()];
    for c in modifiers {
        if c.value == 'a' {
            legs.push(Vec::new());
        } else if !(crooked && c.value == 'z') {
            if let Some(l) = legs.last_mut() {
                l.push(c.clone());
            }
        }
    }
    legs
}

/// The legs a group repeats and how often (0: no limit): the group's own
/// (`(afz)8W`), or a crooked slider's turns (`zB` = `(asz)0F`).
fn repeated_legs(m: &BetzaMove, crooked: bool) -> Result<(Vec<LegLetters>, usize), ScriptError> {
    match (&m.group, crooked) {
        (Some(g), _) => {
            if g.modifiers.first().map(|c| c.value) != Some('a') {
                return Err(ScriptError::new(
                    Code::BetzaBadGroup,
                    "a repeated group must start with `a`: it adds legs to the move",
                    g.span,
                    "this group",
                )
                .with_help("e.g. `(afz)8W`: a W step, then up to 8 more zig-zag legs"));
            }
            // The group starts with `a`: drop the empty leg before it.
            let legs = split_legs(&g.modifiers, false).split_off(1);
            Ok((legs, g.max.value as usize))
        }
        (None, true) => {
            // zB = (asz)0F: a first step, then 90-degree turns alternating.
            let z = m
                .modifiers
                .iter()
                .find(|c| c.value == 'z')
                .cloned()
                .unwrap_or(Spanned::new('z', m.atom.span));
            let max = match &m.repeat {
                BetzaRepeat::Range(r) => (vocabulary::range(r)? as usize).saturating_sub(1),
                _ => 0,
            };
            Ok((vec![vec![z]], max))
        }
        (None, false) => Ok((Vec::new(), 0)),
    }
}

/// The atom's steps: leaping, not oblique (sliding comes from `y` or the group).
fn leg_steps(m: &BetzaMove, crooked: bool) -> Result<Vec<(i32, i32)>, ScriptError> {
    let atom = m.atom.value;
    let parts = vocabulary::atom(&m.atom)?;
    if !crooked && parts.iter().any(|(_, slides)| *slides) {
        return Err(ScriptError::new(
            Code::BetzaMultiLegSlider,
            format!("the legs of a multi-leg move step by one atom; `{atom}` slides"),
            m.atom.span,
            "a sliding atom",
        )
        .with_help("use the stepping atom (W for R, F for B) and `y` before the leg that slides"));
    }
    let mut steps: Vec<(i32, i32)> = Vec::new();
    for &((a, b), _) in parts {
        if shape_of(a, b) == Shape::Oblique {
            return Err(ScriptError::new(
                Code::BetzaMultiLegOblique,
                format!("multi-leg moves of the oblique atom `{atom}` are not supported"),
                m.atom.span,
                "oblique atom",
            )
            .with_help("multi-leg moves step by W, F, D, A, H, G or K"));
        }
        steps.push((a, b));
    }
    Ok(steps)
}

/// Every path of one step of the atom, from each first direction the first leg allows.
fn step_paths(
    (a, b): (i32, i32),
    legs: &[Leg],
    group: &[Leg],
    group_max: usize,
    span: Span,
) -> Result<Vec<Vec<PathStep>>, ScriptError> {
    let k = a.max(b);
    let shape = shape_of(a, b);
    let first_leg = &legs[0];
    let mut paths = Vec::new();
    for v in symmetric_vectors((a, b)) {
        if !first_leg.absolute.is_empty()
            && !first_leg.absolute.iter().any(|d| selects(*d, shape, v))
        {
            continue;
        }
        let dir = UNIT
            .iter()
            .position(|u| (u.0 * k, u.1 * k) == v)
            .unwrap_or(0) as i32;
        let mut walker = Walker {
            k,
            paths: &mut paths,
            group,
            group_max,
        };
        let mut path = Vec::new();
        walker.leg(legs, 0, dir, 0, &mut path, span)?;
    }
    Ok(paths)
}

fn parse_leg(
    mods: &[Spanned<char>],
    first: bool,
    last: bool,
    whole: Span,
) -> Result<Leg, ScriptError> {
    let span = match (mods.first(), mods.last()) {
        (Some(a), Some(b)) => a.span.to(b.span),
        _ => whole,
    };
    let mut leg = Leg {
        absolute: Vec::new(),
        turns: Vec::new(),
        zigzag: false,
        slides_next: false,
        over_piece: false,
        moves: false,
        captures: false,
        initial: false,
    };
    let mut i = 0;
    while i < mods.len() {
        let c = mods[i].value;
        let next = mods.get(i + 1).map(|n| n.value);
        match c {
                        'f' | 'b' if !first && next == Some('z') => {
                // `fz`: 45-degree turns, `bz`: 135-degree turns, alternating.
                                let t = if c == 'f' { 1 } else { 3 };
                add_turns(&mut leg.turns, &[t, -t]);
                leg.zigzag = true;
                i += 2;
                continue;
            }
            'z' if !first => {
                // `z` alone: right-angle turns, alternating.
                                add_turns(&mut leg.turns, &[2, -2]);
                leg.zigzag = true;
            }
            'f' | 'b' | 'l' | 'r' | 'v' | 's' if first => {
                // The first leg's directions are absolute, read as for any atom
                // (a half, `fh`, is not supported on a leg).
                let (dir, used) = match read_direction(c, next) {
                    Some((Direction::Pair(_, 'h'), _)) | None => (Direction::Single(c), 1),
                    Some(read) => read,
                };
                leg.absolute.push(dir);
                i += used;
                continue;
            }
            'f' | 'b' | 'l' | 'r' | 'v' | 's' => {
                let pair = matches!((c, next), ('f' | 'b', Some('l' | 'r' | 's')) | ('l' | 'r', Some('f' | 'b' | 'v')));
                let (a, b) = if pair { (c, next.unwrap_or(c)) } else { (c, c) };
                    let turns: &[i32] = match (a, b) {
                        ('f', 'f') => &[0],
                        ('b', 'b') => &[4],
                        ('l', 'l') => &[2],
                        ('r', 'r') => &[-2],
                        ('v', 'v') => &[0, 4],
                        ('s', 's') => &[2, -2],
                        ('f', 'l') | ('l', 'f') => &[1],
                        ('f', 'r') | ('r', 'f') => &[-1],
                        ('f', 's') => &[1, -1],
                        ('b', 'l') | ('l', 'b') => &[3],
                        ('b', 'r') | ('r', 'b') => &[-3],
                        ('b', 's') => &[3, -3],
                        _ => &[2, -2, 0, 4],
                    };
                    add_turns(&mut leg.turns, turns);
                i += if pair { 2 } else { 1 };
                continue;
            }

            'y' => leg.slides_next = true,
            'm' => leg.moves = true,
            'c' if last => leg.captures = true,
            'c' => {
                return Err(ScriptError::new(
                    Code::BetzaLocust,
                    "capturing on the way (`c` on a leg that is not the last) is not supported yet",
                    mods[i].span,
                    "a capture in mid-move",
                )
                .with_help("only the last leg of a move may capture"))
            }
            'p' if !last => leg.over_piece = true,
            'i' if first => leg.initial = true,
            other => {
                return Err(ScriptError::new(
                    Code::BetzaUnsupportedModifier,
                    format!("`{other}` is not supported on {} leg of a multi-leg move", if first { "the first" } else { "a later" }),
                    mods[i].span,
                    "here",
                )
                .with_help("legs take directions (f b l r v s, pairs, z), m and c (last leg), p (a leg that jumps a piece), y (the next leg slides), i (first leg)"))
            }
        }
        i += 1;
    }
    if !first && leg.turns.is_empty() {
        return Err(ScriptError::new(
            Code::BetzaLegDirection,
            "a later leg needs a direction relative to the step before",
            span,
            "which way?",
        )
        .with_help("e.g. `f` straight on, `fs` a 45-degree turn either way, `s` a right angle"));
    }
    if !leg.moves && !leg.captures {
        leg.moves = true;
        leg.captures = true;
    }
    if !last && leg.over_piece {
        leg.moves = false;
    }
    Ok(leg)
}

/// Enumerates the branches of a multi-leg move from one first direction.
struct Walker<'a> {
    k: i32,
    paths: &'a mut Vec<Vec<PathStep>>,
    group: &'a [Leg],
    group_max: usize,
}

impl Walker<'_> {
    fn step(&self, dir: i32) -> (i8, i8) {
        let (ux, uy) = UNIT[dir.rem_euclid(8) as usize];
        // A diagonal step of an orthogonal atom's length keeps its "size":
        // W (1,0) turns into F (1,1), D (2,0) into A (2,2).
        (ux as i8 * self.k as i8, uy as i8 * self.k as i8)
    }

    fn emit(&mut self, path: &[PathStep], span: Span) -> Result<(), ScriptError> {
        if self.paths.len() >= MAX_BRANCHES {
            return Err(ScriptError::new(
                Code::BetzaTooManyPaths,
                "this move branches into too many paths",
                span,
                "too many turns",
            )
            .with_help("use `z` for a zig-zag, or fewer legs"));
        }
        self.paths.push(path.to_vec());
        Ok(())
    }

    /// Walks fixed leg `i` starting in direction `dir` (for the first leg the
    /// absolute direction, for later legs the previous step's).
    fn leg(
        &mut self,
        legs: &[Leg],
        i: usize,
        dir: i32,
        last_turn: i32,
        path: &mut Vec<PathStep>,
        span: Span,
    ) -> Result<(), ScriptError> {
        let leg = &legs[i];
        let is_last_fixed = i + 1 == legs.len();
        let turns: Vec<i32> = if i == 0 {
            vec![0]
        } else {
            allowed_turns(leg, last_turn)
        };
        let slides = i > 0 && legs[i - 1].slides_next;
        for t in turns {
            let d = dir + t;
            let (dx, dy) = self.step(d);
            let mut walked = 0;
            loop {
                path.push(PathStep {
                    dx,
                    dy,
                    lands: is_last_fixed,
                    over_piece: !is_last_fixed && leg.over_piece,
                });
                walked += 1;
                if is_last_fixed {
                    if self.group.is_empty() && !slides {
                        self.emit(path, span)?;
                    } else if !self.group.is_empty() {
                        self.repeat(
                            0,
                            0,
                            d,
                            if t != 0 { t.signum() } else { last_turn },
                            path,
                            span,
                        )?;
                    }
                } else {
                    self.leg(
                        legs,
                        i + 1,
                        d,
                        if t != 0 { t.signum() } else { last_turn },
                        path,
                        span,
                    )?;
                }
                if !slides || path.len() >= MAX_PATH_STEPS {
                    break;
                }
            }
            if slides && is_last_fixed && self.group.is_empty() {
                self.emit(path, span)?;
            }
            path.truncate(path.len() - walked);
        }
        Ok(())
    }

    /// Repetition `n` of the group, leg `j` of it.
    fn repeat(
        &mut self,
        n: usize,
        j: usize,
        dir: i32,
        last_turn: i32,
        path: &mut Vec<PathStep>,
        span: Span,
    ) -> Result<(), ScriptError> {
        if n >= self.group_max || path.len() >= MAX_PATH_STEPS {
            return self.emit(path, span);
        }
        let leg = self.group[j].clone();
        let last_of_round = j + 1 == self.group.len();
        let turns = allowed_turns(&leg, last_turn);
        for t in turns {
            let d = dir + t;
            let (dx, dy) = self.step(d);
            path.push(PathStep {
                dx,
                dy,
                lands: last_of_round,
                over_piece: false,
            });
            let turn = if t != 0 { t.signum() } else { last_turn };
            if last_of_round {
                self.repeat(n + 1, 0, d, turn, path, span)?;
            } else {
                self.repeat(n, j + 1, d, turn, path, span)?;
            }
            path.pop();
        }
        Ok(())
    }
}

fn add_turns(turns: &mut Vec<i32>, more: &[i32]) {
    for t in more {
        if !turns.contains(t) {
            turns.push(*t);
        }
    }
}

/// The turns a later leg may make, given the sign of the previous turn.
fn allowed_turns(leg: &Leg, last_turn: i32) -> Vec<i32> {
    if leg.zigzag && last_turn != 0 {
        let opposite: Vec<i32> = leg
            .turns
            .iter()
            .copied()
            .filter(|t| t.signum() == -last_turn)
            .collect();
        if !opposite.is_empty() {
            return opposite;
        }
    }
    leg.turns.clone()
}
