//! One-leg Betza components (a leap, a slide, a lame or jumping leap, a
//! hop) → move patterns: read the modifiers, the range, then the way of
//! travelling of each of the atom's parts, and keep the directions the
//! modifiers select.

use crate::compile::betza::vocabulary::{
    self, lame_path, read_direction, selects, shape_of, symmetric_vectors, AtomPart, Direction,
    Shape,
};
use crate::diagnostics::{Code, ScriptError};
use crate::ir::pattern::{MovePattern, Travel};
use crate::source::{Span, Spanned};
use crate::syntax::ast::{BetzaMove, BetzaRepeat};

/// The modifiers of a one-leg component, read.
#[derive(Default)]
struct Modifiers {
    directions: Vec<Direction>,
    moves: bool,
    captures: bool,
    en_passant: bool,
    initial: bool,
    lame: bool,
    jump: bool,
    hop: bool,
    hop_right: bool,
}

/// Compiles a one-leg component.
pub(super) fn compile_single(m: &BetzaMove) -> Result<Vec<MovePattern>, ScriptError> {
    let parts = vocabulary::atom(&m.atom)?;
    let mods = read_modifiers(&m.modifiers)?;
    let rider_by_repeat = rider_range(m, parts)?;
    check_half(m, parts)?;
    let mut patterns = Vec::new();
    for &((a, b), slides) in parts {
        let range = if slides {
            Some(rider_by_repeat.unwrap_or(0))
        } else {
            rider_by_repeat
        };
        let travel = travel(m, &mods, (a, b), range)?;
        let shape = shape_of(a, b);
        let vectors: Vec<(i8, i8)> = symmetric_vectors((a, b))
            .into_iter()
            .filter(|&v| {
                mods.directions.is_empty() || mods.directions.iter().any(|d| selects(*d, shape, v))
            })
            .map(|(x, y)| (x as i8, y as i8))
            .collect();
        if !vectors.is_empty() {
            patterns.push(MovePattern {
                vectors,
                travel,
                moves: mods.moves,
                captures: mods.captures,
                en_passant: mods.en_passant,
                initial: mods.initial,
                paths: Vec::new(),
                from_region: None,
                within_region: None,
                royal_only: false,
                unless_in_check: false,
                betza: m.to_string(),
                span: m.span,
            });
        }
    }
    Ok(patterns)
}

/// Reads the modifier letters; no modality letter means move and capture.
fn read_modifiers(letters: &[Spanned<char>]) -> Result<Modifiers, ScriptError> {
    let mut mods = Modifiers::default();
    let mut i = 0;
    while i < letters.len() {
        let c = letters[i].value;
        if let Some((dir, used)) = read_direction(c, letters.get(i + 1).map(|n| n.value)) {
            mods.directions.push(dir);
            i += used;
            continue;
        }
        match c {
            'm' => mods.moves = true,
            'c' => mods.captures = true,
            'e' => mods.en_passant = true,
            'i' => mods.initial = true,
            'n' => mods.lame = true,
            'j' => mods.jump = true,
            'p' => mods.hop = true,
            'g' => mods.hop_right = true,
            other => return Err(unsupported_letter(other, letters[i].span)),
        }
        i += 1;
    }
    if !mods.moves && !mods.captures && !mods.en_passant {
        mods.moves = true;
        mods.captures = true;
    }
    Ok(mods)
}

/// The error for a letter a one-leg component cannot take.
fn unsupported_letter(letter: char, span: Span) -> ScriptError {
    match letter {
        'a' => ScriptError::new(
            Code::BetzaMultiLeg,
            "multi-leg moves (`a`) are not supported yet",
            span,
            "the `a` leg operator",
        )
        .with_help("write the piece's moves as single legs (leaps, slides, hops) for now"),
        'h' => ScriptError::new(
            Code::BetzaUnsupportedModifier,
            "`h` names a half only in a pair: `fh`, `bh`, `lh`, `rh` (the four moves on that side) or `hl`, `hr` (the four turning left or right)",
            span,
            "`h`",
        )
        .with_help("write `fhN` for a knight's four forward moves, `hrN` for the four turning right"),
        other => ScriptError::new(
            Code::BetzaUnknownModifier,
            format!("unknown Betza modifier `{other}`"),
            span,
            "not a modifier",
        )
        .with_help(
            "modifiers are f b l r v s (directions), m c e (move, capture, en passant), i n j p g",
        ),
    }
}

/// The range a repeat gives (`NN`: no limit, `W4`: four), None for a single leap.
fn rider_range(m: &BetzaMove, parts: &[AtomPart]) -> Result<Option<u8>, ScriptError> {
    let atom = m.atom.value;
    match &m.repeat {
        BetzaRepeat::Once => Ok(None),
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
            Ok(Some(0))
        }
        BetzaRepeat::Range(n) => vocabulary::range(n).map(Some),
    }
}

/// `fh`, `lh` … and `hr`, `hl` (a half) apply only to oblique atoms.
fn check_half(m: &BetzaMove, parts: &[AtomPart]) -> Result<(), ScriptError> {
    let half = m.modifiers.windows(2).find(|w| {
        w[1].value == 'h' && "fblr".contains(w[0].value)
            || w[0].value == 'h' && "lr".contains(w[1].value)
    });
    let Some(h) = half else {
        return Ok(());
    };
    if parts
        .iter()
        .all(|((a, b), _)| shape_of(*a, *b) == Shape::Oblique)
    {
        return Ok(());
    }
    let atom = m.atom.value;
    Err(ScriptError::new(
        Code::BetzaUnsupportedModifier,
        format!(
            "`{}{}` (a half) applies to oblique atoms such as N, C, Z",
            h[0].value, h[1].value
        ),
        h[0].span.to(h[1].span),
        "half of an oblique atom's moves",
    )
    .with_help(format!(
        "on `{atom}`, write the directions with f, b, l, r, v, s"
    )))
}

/// The span of the first of these modifier letters, or the atom's.
fn letter_span(m: &BetzaMove, letters: &str) -> Span {
    m.modifiers
        .iter()
        .find(|c| letters.contains(c.value))
        .map_or(m.atom.span, |c| c.span)
}

/// How one part of the atom travels: hop, ride, lame leap, jumping leap or leap.
fn travel(
    m: &BetzaMove,
    mods: &Modifiers,
    (a, b): (i32, i32),
    range: Option<u8>,
) -> Result<Travel, ScriptError> {
    let atom = m.atom.value;
    if mods.hop || mods.hop_right {
        if range.is_none() {
            return Err(ScriptError::new(
                Code::BetzaHopOnLeaper,
                "`p` and `g` need a riding atom",
                letter_span(m, "pg"),
                "hop modifier on a leap",
            )
            .with_help(format!(
                "hoppers ride a line: write `{}{atom}{atom}` or `pR`",
                if mods.hop { 'p' } else { 'g' }
            )));
        }
        return Ok(if mods.hop_right {
            Travel::HopRight
        } else {
            Travel::Hop
        });
    }
    if let Some(max) = range {
        if mods.lame || mods.jump {
            return Err(ScriptError::new(
                Code::BetzaUnsupportedModifier,
                "`n` and `j` apply to single leaps, not to riders",
                letter_span(m, "nj"),
                "on a rider",
            )
            .with_help("a rider already needs every square it passes to be empty"));
        }
        return Ok(Travel::Ride { max });
    }
    if mods.lame {
        if lame_path((a, b)).is_none() {
            return Err(ScriptError::new(
                Code::BetzaAmbiguousLame,
                format!("`n` on `{atom}` is ambiguous: its leap has more than one path"),
                letter_span(m, "n"),
                "lame modifier",
            )
            .with_help("`n` works on W F D N A H G leaps"));
        }
        return Ok(Travel::LameLeap);
    }
    if mods.jump {
        if shape_of(a, b) == Shape::Oblique || a.max(b) < 2 {
            return Err(ScriptError::new(
                Code::BetzaUnsupportedModifier,
                format!("`j` on `{atom}` has no square to jump over"),
                letter_span(m, "j"),
                "jump modifier",
            )
            .with_help("`j` works on straight leaps of two or more squares: D A H G"));
        }
        return Ok(Travel::JumpingLeap);
    }
    Ok(Travel::Leap)
}
