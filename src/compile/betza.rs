//! Betza strings → move patterns.
//!
//! Supported: atoms W F D N A H C Z G and the shorthands K Q R B; riders
//! by doubling (`NN`) and by range (`W4`, `R2`, `0` for no limit);
//! direction modifiers f b l r v s and their pairs (fr, fl, ff, fs, lv …);
//! modalities m, c and e (en passant); i (first move only); n (lame),
//! j (must jump), p and g (hoppers). Anything else is an error that points
//! at the letter, never a silent misreading.
//!
//! Direction rules (White's view, forward = +rank, right = +file), as in
//! H. G. Muller's table of directional subsets:
//! - orthogonal atoms: `f b l r` one move each, `v` = f+b, `s` = l+r, and
//!   letters together mean the union (`fsW`: forward and sideways);
//! - diagonal atoms: `f b l r` the two moves on that side, a pair such as
//!   `fr` the one move in both;
//! - oblique atoms (N, C, Z): a single letter names the pair whose main
//!   direction it is (`fN`: the two narrow forward moves, `lN` the two
//!   wide left ones), `v`/`s` the narrow/wide four, a pair names one move
//!   with its main direction last (`frN` = (2,1), `rfN` = (1,2)), `fs`/`bs`
//!   the wide forward/backward pair, `lv`/`rv` the narrow left/right pair,
//!   and `fh`, `bh`, `lh`, `rh` the four moves on that side.

use crate::diagnostics::{Code, ScriptError};
use crate::ir::pattern::{MovePattern, Travel};
use crate::source::Spanned;
use crate::syntax::ast::{BetzaMove, BetzaRepeat};

/// Compiles one piece's Betza components into move patterns.
///
/// # Errors
/// Every unsupported or malformed letter, each with its span.
pub fn compile_betza(moves: &[BetzaMove]) -> Result<Vec<MovePattern>, Vec<ScriptError>> {
    let mut patterns = Vec::new();
    let mut errors = Vec::new();
    for m in moves {
        match compile_move(m) {
            Ok(mut p) => patterns.append(&mut p),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(patterns)
    } else {
        Err(errors)
    }
}

/// The shape of an atom's basic step.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    Orthogonal,
    Diagonal,
    Oblique,
}

pub(crate) fn shape_of(a: i32, b: i32) -> Shape {
    if a == 0 || b == 0 {
        Shape::Orthogonal
    } else if a == b {
        Shape::Diagonal
    } else {
        Shape::Oblique
    }
}

/// The components an atom stands for: a step and whether it slides by itself.
pub(crate) fn atom_parts(atom: char) -> Option<Vec<((i32, i32), bool)>> {
    Some(match atom {
        'W' => vec![((1, 0), false)],
        'F' => vec![((1, 1), false)],
        'D' => vec![((2, 0), false)],
        'N' => vec![((2, 1), false)],
        'A' => vec![((2, 2), false)],
        'H' => vec![((3, 0), false)],
        'C' => vec![((3, 1), false)],
        'Z' => vec![((3, 2), false)],
        'G' => vec![((3, 3), false)],
        'K' => vec![((1, 0), false), ((1, 1), false)],
        'R' => vec![((1, 0), true)],
        'B' => vec![((1, 1), true)],
        'Q' => vec![((1, 0), true), ((1, 1), true)],
        _ => return None,
    })
}

/// All eight (or four) symmetric versions of a step.
pub(crate) fn symmetric_vectors((a, b): (i32, i32)) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let v = (x * sx, y * sy);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// A direction selector parsed from modifier letters.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Direction {
    Single(char),
    Pair(char, char),
}

pub(crate) fn selects(dir: Direction, shape: Shape, (x, y): (i32, i32)) -> bool {
    // The sign of a move along one way.
    let toward = |c: char| match c {
        'f' => y > 0,
        'b' => y < 0,
        'r' => x > 0,
        'l' => x < 0,
        _ => true,
    };
    let vertical = y.abs() > x.abs();
    let sideways = x.abs() > y.abs();
    // Whether the move's major axis is the way `c` names (oblique atoms).
    let major = |c: char| match c {
        'f' | 'b' | 'v' => vertical,
        _ => sideways,
    };
    match (shape, dir) {
        (Shape::Orthogonal, Direction::Single(c)) => match c {
            'v' => x == 0,
            's' => y == 0,
            c => toward(c),
        },
        (Shape::Orthogonal, Direction::Pair(a, b)) => {
            selects(Direction::Single(a), shape, (x, y))
                || selects(Direction::Single(b), shape, (x, y))
        }
        (Shape::Diagonal, Direction::Single(c)) => toward(c),
        (Shape::Diagonal, Direction::Pair(a, b)) => toward(a) && toward(b),
        (Shape::Oblique, Direction::Single(c)) => match c {
            'v' => vertical,
            's' => sideways,
            c => toward(c) && major(c),
        },
        // `fh`: every move on that side.
        (Shape::Oblique, Direction::Pair(a, 'h')) => toward(a),
        // `ff`: as `f`.
        (Shape::Oblique, Direction::Pair(a, b)) if a == b => toward(a) && major(a),
        // `fr`: mainly right, a little forward; `rf`: mainly forward, a little right;
        // `fs`: mainly sideways, forward; `lv`: mainly vertical, to the left.
        (Shape::Oblique, Direction::Pair(minor, main)) => {
            toward(minor) && toward(main) && major(main)
        }
    }
}

fn compile_move(m: &BetzaMove) -> Result<Vec<MovePattern>, ScriptError> {
    let atom = m.atom.value;
    let parts = atom_parts(atom).ok_or_else(|| unknown_atom(&m.atom))?;
    let crooked =
        m.modifiers.iter().any(|c| c.value == 'z') && parts.iter().all(|(_, slides)| *slides);
    if m.group.is_some() || crooked || m.modifiers.iter().any(|c| c.value == 'a') {
        return crate::compile::legs::compile_legs(m);
    }

    let mut directions: Vec<Direction> = Vec::new();
    let (mut moves, mut captures, mut en_passant) = (false, false, false);
    let (mut initial, mut lame, mut jump, mut hop, mut hop_right) =
        (false, false, false, false, false);
    let mods = &m.modifiers;
    let mut i = 0;
    while i < mods.len() {
        let c = mods[i].value;
        let next = mods.get(i + 1).map(|n| n.value);
        match c {
            'f' | 'b' | 'l' | 'r' | 'v' | 's' => {
                let pairs = matches!(
                    (c, next),
                    ('f' | 'b', Some('l' | 'r' | 's' | 'h'))
                        | ('l' | 'r', Some('f' | 'b' | 'v' | 'h'))
                        | ('f', Some('f'))
                        | ('b', Some('b'))
                        | ('l', Some('l'))
                        | ('r', Some('r'))
                );
                if pairs {
                    directions.push(Direction::Pair(c, next.unwrap_or(c)));
                    i += 2;
                    continue;
                }
                directions.push(Direction::Single(c));
            }
            'm' => moves = true,
            'c' => captures = true,
            'e' => en_passant = true,
            'i' => initial = true,
            'n' => lame = true,
            'j' => jump = true,
            'p' => hop = true,
            'g' => hop_right = true,
            'a' => {
                return Err(ScriptError::new(
                    Code::BetzaMultiLeg,
                    "multi-leg moves (`a`) are not supported yet",
                    mods[i].span,
                    "the `a` leg operator",
                )
                .with_help("write the piece's moves as single legs (leaps, slides, hops) for now"))
            }
            'h' => {
                return Err(ScriptError::new(
                    Code::BetzaUnsupportedModifier,
                    "the `h` (chiral half) modifier is not supported yet",
                    mods[i].span,
                    "`h`",
                )
                .with_help("list the wanted directions with f, b, l, r pairs instead"))
            }
            other => {
                return Err(ScriptError::new(
                    Code::BetzaUnknownModifier,
                    format!("unknown Betza modifier `{other}`"),
                    mods[i].span,
                    "not a modifier",
                )
                .with_help("modifiers are f b l r v s (directions), m c e (move, capture, en passant), i n j p g"))
            }
        }
        i += 1;
    }
    if !moves && !captures && !en_passant {
        moves = true;
        captures = true;
    }

    let rider_by_repeat = match &m.repeat {
        BetzaRepeat::Once => None,
        BetzaRepeat::Doubled(span) => {
            if parts.iter().any(|(_, slides)| *slides) {
                return Err(ScriptError::new(
                    Code::BetzaDoubledSlider,
                    format!("`{atom}` already slides; doubling it means nothing"),
                    *span,
                    "repeated atom",
                )
                .with_help(format!("write `{atom}` alone, or `{atom}2` for a range")));
            }
            Some(0u8)
        }
        BetzaRepeat::Range(n) => Some(range_value(n)?),
    };

    let half = mods
        .windows(2)
        .find(|w| w[1].value == 'h' && "fblr".contains(w[0].value));
    if let Some(h) = half {
        if parts
            .iter()
            .any(|((a, b), _)| shape_of(*a, *b) != Shape::Oblique)
        {
            return Err(ScriptError::new(
                Code::BetzaUnsupportedModifier,
                format!(
                    "`{}h` (a half) applies to oblique atoms such as N, C, Z",
                    h[0].value
                ),
                h[0].span.to(h[1].span),
                "half of an oblique atom's moves",
            )
            .with_help(format!(
                "on `{atom}`, write the directions with f, b, l, r, v, s"
            )));
        }
    }
    let mut patterns = Vec::new();
    for ((a, b), slides) in parts {
        let shape = shape_of(a, b);
        let travel_range = if slides {
            Some(rider_by_repeat.unwrap_or(0))
        } else {
            rider_by_repeat
        };
        let travel = if hop || hop_right {
            let letter = mods
                .iter()
                .find(|c| c.value == 'p' || c.value == 'g')
                .map_or(m.atom.span, |c| c.span);
            if travel_range.is_none() {
                return Err(ScriptError::new(
                    Code::BetzaHopOnLeaper,
                    "`p` and `g` need a riding atom",
                    letter,
                    "hop modifier on a leap",
                )
                .with_help(format!(
                    "hoppers ride a line: write `{}{atom}{atom}` or `pR`",
                    if hop { 'p' } else { 'g' }
                )));
            }
            if hop_right {
                Travel::HopRight
            } else {
                Travel::Hop
            }
        } else if let Some(max) = travel_range {
            if lame || jump {
                let letter = mods
                    .iter()
                    .find(|c| c.value == 'n' || c.value == 'j')
                    .map_or(m.atom.span, |c| c.span);
                return Err(ScriptError::new(
                    Code::BetzaUnsupportedModifier,
                    "`n` and `j` apply to single leaps, not to riders",
                    letter,
                    "on a rider",
                )
                .with_help("a rider already needs every square it passes to be empty"));
            }
            Travel::Ride { max }
        } else if lame {
            if lame_path((a, b)).is_none() {
                let letter = mods
                    .iter()
                    .find(|c| c.value == 'n')
                    .map_or(m.atom.span, |c| c.span);
                return Err(ScriptError::new(
                    Code::BetzaAmbiguousLame,
                    format!("`n` on `{atom}` is ambiguous: its leap has more than one path"),
                    letter,
                    "lame modifier",
                )
                .with_help("`n` works on W F D N A H G leaps"));
            }
            Travel::LameLeap
        } else if jump {
            if shape == Shape::Oblique || (a.max(b)) < 2 {
                let letter = mods
                    .iter()
                    .find(|c| c.value == 'j')
                    .map_or(m.atom.span, |c| c.span);
                return Err(ScriptError::new(
                    Code::BetzaUnsupportedModifier,
                    format!("`j` on `{atom}` has no square to jump over"),
                    letter,
                    "jump modifier",
                )
                .with_help("`j` works on straight leaps of two or more squares: D A H G"));
            }
            Travel::JumpingLeap
        } else {
            Travel::Leap
        };
        let mut vectors = Vec::new();
        for v in symmetric_vectors((a, b)) {
            let keep = directions.is_empty() || directions.iter().any(|d| selects(*d, shape, v));
            if keep {
                vectors.push((v.0 as i8, v.1 as i8));
            }
        }
        if !vectors.is_empty() {
            patterns.push(MovePattern {
                vectors,
                travel,
                moves,
                captures,
                en_passant,
                initial,
                paths: Vec::new(),
                from_region: None,
                royal_only: false,
                span: m.span,
            });
        }
    }
    Ok(patterns)
}

pub(crate) fn range_value(n: &Spanned<u32>) -> Result<u8, ScriptError> {
    u8::try_from(n.value).map_err(|_| {
        ScriptError::new(Code::BetzaRange, "range too large", n.span, "at most 255")
            .with_help("write 0 for a slide without limit")
    })
}

/// The squares a lame (`n`) leap passes, relative to its origin, or None
/// when the path is ambiguous. The path goes along the longer axis first.
pub fn lame_path((x, y): (i32, i32)) -> Option<Vec<(i32, i32)>> {
    let (ax, ay) = (x.abs(), y.abs());
    let (sx, sy) = (x.signum(), y.signum());
    if ax == 0 || ay == 0 || ax == ay {
        let n = ax.max(ay);
        return Some((1..n).map(|k| (sx * k, sy * k)).collect());
    }
    // The (2,1) knight: one orthogonal step along the long axis.
    if (ax, ay) == (2, 1) {
        return Some(vec![(sx, 0)]);
    }
    if (ax, ay) == (1, 2) {
        return Some(vec![(0, sy)]);
    }
    None
}

pub(crate) fn unknown_atom(atom: &Spanned<char>) -> ScriptError {
    ScriptError::new(
        Code::BetzaUnknownAtom,
        format!("unknown Betza atom `{}`", atom.value),
        atom.span,
        "not an atom",
    )
    .with_help("atoms are W F D N A H C Z G, and K Q R B as shorthands")
}
