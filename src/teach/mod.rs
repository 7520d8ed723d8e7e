//! Teaching how pieces move: plain-English explanations generated from the
//! compiled move patterns (`explain`), move diagrams in the terminal
//! (`show`), SVG boards (`svg`, drawn with the font outlines in `glyphs`)
//! and a rules page per variant (`doc`); how a game ended, in words
//! (`outcome`).
//!
//! Everything here works from the compiled [`Variant`] (its move patterns,
//! tables and rules), never from stored text, so any piece a script can
//! define is explained and drawn. The functions are plain and
//! side-effect free so that the REPL and the command line share them.

pub mod borders;
#[cfg(feature = "cli")]
pub mod cli;
pub mod diagram;
pub mod doc;
pub mod explain;
pub mod glyphs;
pub mod hands;
pub mod illegal;
pub mod outcome;
pub mod show;
pub mod svg;

use crate::ir::piece::PieceKind;
use crate::ir::Variant;

/// The one message for a square name that is not a square of the board (a
/// void, or off the board), wherever it was typed (`moves a1`, `show a1`,
/// `show N at a1`, `--at a1`).
pub fn not_a_square(name: &str) -> String {
    format!("`{name}` is not a square of this board")
}

/// Whether a word is written like a square (a file letter, then a rank
/// number: `a1`, `k11`), so that one that is not on the board gets
/// [`not_a_square`] rather than being taken for a piece's name.
pub fn looks_like_a_square(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && word.len() > 1
        && chars.all(|c| c.is_ascii_digit())
}

/// Finds a piece by name (`knight`) or FEN letter (`N` or `n`), ignoring case.
pub fn find_piece(variant: &Variant, name: &str) -> Option<PieceKind> {
    if let Some(i) = variant
        .pieces
        .iter()
        .position(|p| p.name.eq_ignore_ascii_case(name))
    {
        return Some(PieceKind(i as u8));
    }
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => variant.kind_by_letter(c),
        _ => None,
    }
}
