//! The Betza vocabulary: what each atom letter and each direction modifier
//! means, written once. The compiler reads it forward (letters → vectors,
//! [`select`]); the teaching module reads it backward (vectors → the
//! modifier that names them, [`DIRECTION_NAMES`] keyed by modifiers).
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
//!   `fh`, `bh`, `lh`, `rh` the four moves on that side, and `hr`, `hl`
//!   the four that turn right (or left) off their main direction, each a
//!   quarter turn of the next (chiral: `hrN` is (1,2), (2,-1), (-1,-2),
//!   (-2,1), as Fairy-Stockfish reads it).

use crate::diagnostics::{Code, ScriptError};
use crate::source::Spanned;

/// The shape of an atom's basic step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Along a rank or file (W, D, H, R).
    Orthogonal,
    /// Along a diagonal (F, A, G, B).
    Diagonal,
    /// Neither (N, C, Z).
    Oblique,
}

/// The shape of a step, in any orientation.
pub fn shape_of(a: i32, b: i32) -> Shape {
    if a == 0 || b == 0 {
        Shape::Orthogonal
    } else if a.abs() == b.abs() {
        Shape::Diagonal
    } else {
        Shape::Oblique
    }
}

/// One component of an atom: its basic step and whether it slides by itself.
pub type AtomPart = ((i32, i32), bool);

/// The components an atom letter stands for (`Q`: W and F, both sliding).
pub fn atom_parts(atom: char) -> Option<&'static [AtomPart]> {
    Some(match atom {
        'W' => &[((1, 0), false)],
        'F' => &[((1, 1), false)],
        'D' => &[((2, 0), false)],
        'N' => &[((2, 1), false)],
        'A' => &[((2, 2), false)],
        'H' => &[((3, 0), false)],
        'C' => &[((3, 1), false)],
        'Z' => &[((3, 2), false)],
        'G' => &[((3, 3), false)],
        'K' => &[((1, 0), false), ((1, 1), false)],
        'R' => &[((1, 0), true)],
        'B' => &[((1, 1), true)],
        'Q' => &[((1, 0), true), ((1, 1), true)],
        _ => return None,
    })
}

/// The components of an atom letter, or the error pointing at it.
///
/// # Errors
/// The letter is not an atom.
pub fn atom(atom: &Spanned<char>) -> Result<&'static [AtomPart], ScriptError> {
    atom_parts(atom.value).ok_or_else(|| {
        ScriptError::new(
            Code::BetzaUnknownAtom,
            format!("unknown Betza atom `{}`", atom.value),
            atom.span,
            "not an atom",
        )
        .with_help("atoms are W F D N A H C Z G, and K Q R B as shorthands")
    })
}

/// A range after an atom (`R4`), or the error pointing at it.
///
/// # Errors
/// The number does not fit the tables (over 255).
pub fn range(n: &Spanned<u32>) -> Result<u8, ScriptError> {
    u8::try_from(n.value).map_err(|_| {
        ScriptError::new(Code::BetzaRange, "range too large", n.span, "at most 255")
            .with_help("write 0 for a slide without limit")
    })
}

/// All eight (or four) symmetric versions of a step.
pub fn symmetric_vectors((a, b): (i32, i32)) -> Vec<(i32, i32)> {
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

/// A direction selector: one modifier letter, or a pair read together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// One letter: `f b l r v s`.
    Single(char),
    /// Two letters read as one selector (`fr`, `fs`, `lv`, `fh`, `ff`,
    /// `hr`).
    Pair(char, char),
}

/// Reads the direction that starts with letter `c` (followed by `next`):
/// the selector and how many letters it takes, or None when `c` is not a
/// direction letter.
pub fn read_direction(c: char, next: Option<char>) -> Option<(Direction, usize)> {
    if let ('h', Some(turn @ ('l' | 'r'))) = (c, next) {
        return Some((Direction::Pair('h', turn), 2));
    }
    if !matches!(c, 'f' | 'b' | 'l' | 'r' | 'v' | 's') {
        return None;
    }
    let pairs = matches!(
        (c, next),
        ('f' | 'b', Some('l' | 'r' | 's' | 'h'))
            | ('l' | 'r', Some('f' | 'b' | 'v' | 'h'))
            | ('f', Some('f'))
            | ('b', Some('b'))
            | ('l', Some('l'))
            | ('r', Some('r'))
    );
    Some(match (pairs, next) {
        (true, Some(n)) => (Direction::Pair(c, n), 2),
        _ => (Direction::Single(c), 1),
    })
}

/// Reads a string of direction letters (`"fs"`, `"frlb"`) into selectors.
///
/// # Panics
/// On a letter that is not a direction (the strings are the vocabulary's own).
fn read_directions(letters: &str) -> Vec<Direction> {
    let chars: Vec<char> = letters.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (d, used) = read_direction(chars[i], chars.get(i + 1).copied())
            .expect("the vocabulary's own direction letters");
        out.push(d);
        i += used;
    }
    out
}

/// Whether a direction selects the step `(x, y)` of an atom of this shape.
pub fn selects(dir: Direction, shape: Shape, (x, y): (i32, i32)) -> bool {
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
        // `hr`: the four turning right off their main direction ((1,2)
        // goes forward and a little right, (2,-1) right and a little back).
        (Shape::Oblique, Direction::Pair('h', turn)) => {
            let right = (vertical && x * y > 0) || (sideways && x * y < 0);
            right == (turn == 'r')
        }
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

/// The steps of an atom that direction modifiers select (all of them for
/// no modifiers), in [`symmetric_vectors`] order: `select((2, 1), "fh")` is
/// the knight's four forward moves.
pub fn select(atom: (i32, i32), modifiers: &str) -> Vec<(i32, i32)> {
    let dirs = read_directions(modifiers);
    let (a, b) = atom;
    let shape = shape_of(a, b);
    symmetric_vectors(atom)
        .into_iter()
        .filter(|&v| dirs.is_empty() || dirs.iter().any(|d| selects(*d, shape, v)))
        .collect()
}

/// The named direction sets of each shape, in the order a description
/// prefers them: the modifiers that select the set, and its English name.
/// An empty name means "every direction" where no word is needed.
pub fn direction_names(shape: Shape) -> &'static [(&'static str, &'static str)] {
    match shape {
        Shape::Orthogonal => &[
            ("", "orthogonally"),
            ("f", "straight forward"),
            ("b", "straight backward"),
            ("s", "sideways"),
            ("l", "to the left"),
            ("r", "to the right"),
            ("v", "forward or backward"),
            ("fs", "forward or sideways"),
            ("bs", "backward or sideways"),
        ],
        Shape::Diagonal => &[
            ("", "diagonally"),
            ("f", "diagonally forward"),
            ("b", "diagonally backward"),
            ("l", "diagonally to the left"),
            ("r", "diagonally to the right"),
            ("fr", "diagonally forward-right"),
            ("fl", "diagonally forward-left"),
            ("br", "diagonally backward-right"),
            ("bl", "diagonally backward-left"),
        ],
        Shape::Oblique => &[
            ("", ""),
            ("fh", "forward"),
            ("bh", "backward"),
            ("lh", "to the left"),
            ("rh", "to the right"),
            ("hr", "the four ways that veer right (forward and a little right, right and a little back, and so on round)"),
            ("hl", "the four ways that veer left (forward and a little left, left and a little back, and so on round)"),
            ("f", "forward, the narrow way"),
            ("b", "backward, the narrow way"),
            ("fs", "forward, the wide way"),
            ("bs", "backward, the wide way"),
            ("v", "the narrow way (mostly forward or backward)"),
            ("s", "the wide way (mostly sideways)"),
        ],
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(mut v: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
        v.sort_unstable();
        v
    }

    #[test]
    fn knight_direction_sets() {
        assert_eq!(sorted(select((2, 1), "f")), vec![(-1, 2), (1, 2)]);
        assert_eq!(sorted(select((2, 1), "fs")), vec![(-2, 1), (2, 1)]);
        assert_eq!(select((2, 1), "fr"), vec![(2, 1)]);
        assert_eq!(select((2, 1), "rf"), vec![(1, 2)]);
        assert_eq!(
            sorted(select((2, 1), "fh")),
            vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]
        );
        assert_eq!(select((2, 1), "").len(), 8);
    }

    /// Fairy-Stockfish's `hr` and `hl` (piece.cpp): a knight's four moves
    /// turning one way, each a quarter turn of the next.
    #[test]
    fn chiral_knights() {
        assert_eq!(
            sorted(select((2, 1), "hr")),
            vec![(-2, 1), (-1, -2), (1, 2), (2, -1)]
        );
        assert_eq!(
            sorted(select((2, 1), "hl")),
            vec![(-2, -1), (-1, 2), (1, -2), (2, 1)]
        );
        assert_eq!(
            read_direction('h', Some('r')),
            Some((Direction::Pair('h', 'r'), 2))
        );
        assert_eq!(read_direction('h', Some('f')), None);
    }

    #[test]
    fn orthogonal_letters_are_a_union_and_diagonal_pairs_an_intersection() {
        assert_eq!(sorted(select((1, 0), "fs")), vec![(-1, 0), (0, 1), (1, 0)]);
        assert_eq!(select((1, 1), "fr"), vec![(1, 1)]);
        assert_eq!(sorted(select((1, 1), "f")), vec![(-1, 1), (1, 1)]);
    }

    #[test]
    fn every_named_set_is_distinct_and_not_empty() {
        for (shape, atom) in [
            (Shape::Orthogonal, (1, 0)),
            (Shape::Diagonal, (1, 1)),
            (Shape::Oblique, (2, 1)),
        ] {
            let sets: Vec<Vec<(i32, i32)>> = direction_names(shape)
                .iter()
                .map(|(m, _)| sorted(select(atom, m)))
                .collect();
            for (i, s) in sets.iter().enumerate() {
                assert!(!s.is_empty(), "{shape:?} {i}");
                assert!(!sets[..i].contains(s), "{shape:?}: set {i} repeats");
            }
        }
    }

    #[test]
    fn reading_pairs() {
        assert_eq!(
            read_direction('f', Some('r')),
            Some((Direction::Pair('f', 'r'), 2))
        );
        assert_eq!(
            read_direction('v', Some('f')),
            Some((Direction::Single('v'), 1))
        );
        assert_eq!(read_direction('m', None), None);
    }
}
