//! Move diagrams as text, for the terminal (`varia show`, `show` in the REPL).
//!
//! Every square is three characters wide; marks are not letters, so they
//! cannot be mistaken for pieces. Voids are blank, region borders
//! are drawn as `|` and `---` between squares, and a legend follows.

use std::sync::Arc;

use crate::ir::geometry::Square;
use crate::ir::piece::{Color, Piece};
use crate::ir::Variant;
use crate::teach::borders::Outlines;
use crate::teach::diagram::{
    teaching_square_of, Diagram, DiagramError, MARK_BLOCK, MARK_CAPTURE, MARK_MOVE, MARK_SCREEN,
};
use crate::vm::Position;

/// A piece alone on the empty board at `at` (default: a square that
/// shows its moves well), with its moves marked; a hopper gets hurdles to
/// hop over (see [`Diagram::piece_alone`]).
pub fn show_piece(variant: &Arc<Variant>, piece: Piece, at: Option<Square>) -> String {
    let at = at.unwrap_or_else(|| teaching_square_of(variant, piece));
    render(&Diagram::piece_alone(variant, piece, at))
}

/// The piece on `at` in a position, with its legal moves, blockers and screens.
///
/// # Errors
/// There is no piece on `at`.
pub fn show_in_position(pos: &Position, at: Square) -> Result<String, DiagramError> {
    Ok(render(&Diagram::piece_in_position(pos, at)?))
}

/// Draws a diagram as text, White at the bottom.
pub fn render(d: &Diagram) -> String {
    let v = &d.variant;
    let g = &v.geometry;
    let (files, ranks) = (g.files() as i32, g.ranks() as i32);
    let outlines = Outlines::of(v);
    let differs = |a: Square, b: Square| outlines.between(g, a, b);
    let mut out = String::new();
    if !d.caption.is_empty() {
        out.push_str(&d.caption);
        out.push('\n');
    }
    if let Some(line) = hand_line(d, Color::Black) {
        out.push_str(&line);
    }
    for rank in (0..ranks).rev() {
        out.push_str(&format!("{:>3} ", rank + 1));
        for file in 0..files {
            let here = g.square(file, rank);
            let left = g.square(file - 1, rank);
            let sep = match (left, here) {
                (Some(a), Some(b)) if differs(a, b) => '|',
                _ => ' ',
            };
            out.push(sep);
            out.push_str(&cell(d, here));
        }
        out.push('\n');
        // A border line below this rank where regions differ.
        if rank > 0 {
            let mut line = String::from("    ");
            let mut any = false;
            for file in 0..files {
                line.push(' ');
                match (g.square(file, rank), g.square(file, rank - 1)) {
                    (Some(a), Some(b)) if differs(a, b) => {
                        line.push_str("---");
                        any = true;
                    }
                    _ => line.push_str("   "),
                }
            }
            if any {
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
    }
    out.push_str("    ");
    for file in 0..files {
        out.push_str(&format!("  {} ", (b'a' + file as u8) as char));
    }
    out.push('\n');
    if let Some(line) = hand_line(d, Color::White) {
        out.push_str(&line);
    }
    out.push_str(&legend(d));
    out
}

/// `    Black's hand: n×2 p` and a line end (FEN letters, in the order of
/// the variant's pieces); None when the diagram shows no hands.
fn hand_line(d: &Diagram, side: Color) -> Option<String> {
    let held = d.hand(side)?;
    let pieces: Vec<String> = held
        .iter()
        .map(|&(piece, n)| {
            let c = d.variant.piece(piece.kind).letter;
            let c = if side == Color::White {
                c
            } else {
                c.to_ascii_lowercase()
            };
            if n > 1 {
                format!("{c}×{n}")
            } else {
                c.to_string()
            }
        })
        .collect();
    let list = if pieces.is_empty() {
        "empty".to_string()
    } else {
        pieces.join(" ")
    };
    Some(format!(
        "    {}'s hand: {list}\n",
        d.variant.side_name(side)
    ))
}

fn cell(d: &Diagram, sq: Option<Square>) -> String {
    let Some(sq) = sq else {
        return "   ".to_string();
    };
    let mark = d.marks[sq.index()];
    // The FEN token: `+P` for a promoted piece (shogi's tokin).
    // A wall is `*`, as FEN writes it.
    let token = d.board[sq.index()]
        .map(|p| d.variant.piece(p.kind).token(p.color))
        .or_else(|| d.walls.contains(sq).then(|| "*".to_string()));
    // Three characters: a two-character token takes the left mark's place.
    let boxed = |l: char, t: &str, r: char| {
        if t.chars().count() > 1 {
            format!("{t}{r}")
        } else {
            format!("{l}{t}{r}")
        }
    };
    if d.subject == Some(sq) {
        return boxed('[', token.as_deref().unwrap_or("?"), ']');
    }
    match token.as_deref() {
        Some(c) if mark & MARK_CAPTURE != 0 => boxed('(', c, ')'),
        Some(c) if mark & MARK_SCREEN != 0 => boxed('^', c, '^'),
        Some(c) if mark & MARK_BLOCK != 0 => boxed('#', c, '#'),
        Some(c) => boxed(' ', c, ' '),
        None => match mark & (MARK_MOVE | MARK_CAPTURE) {
            m if m == MARK_MOVE | MARK_CAPTURE => " * ".to_string(),
            MARK_MOVE => " + ".to_string(),
            MARK_CAPTURE => " ! ".to_string(),
            _ => " . ".to_string(),
        },
    }
}

fn legend(d: &Diagram) -> String {
    let has = |f: u8| d.marks.iter().any(|m| m & f != 0);
    let occupied = |f: u8| {
        d.marks
            .iter()
            .zip(&d.board)
            .any(|(m, p)| m & f != 0 && p.is_some())
    };
    let empty = |f: u8| {
        d.marks
            .iter()
            .zip(&d.board)
            .any(|(m, p)| *m & (MARK_MOVE | MARK_CAPTURE) == f && p.is_none())
    };
    let mut items = Vec::new();
    if d.subject.is_some() {
        items.push("[X] the piece".to_string());
    }
    if empty(MARK_MOVE | MARK_CAPTURE) {
        items.push("* moves or captures".to_string());
    }
    if empty(MARK_MOVE) {
        items.push("+ moves only".to_string());
    }
    if empty(MARK_CAPTURE) {
        items.push("! captures only".to_string());
    }
    if occupied(MARK_CAPTURE) {
        items.push("(p) can be captured".to_string());
    }
    // A screen that also blocks is drawn as a screen.
    if d.marks
        .iter()
        .any(|m| m & MARK_BLOCK != 0 && m & MARK_SCREEN == 0)
    {
        items.push("#p# blocks a move".to_string());
    }
    if has(MARK_SCREEN) {
        items.push("^p^ hurdle to hop or jump over".to_string());
    }
    if !d.variant.regions.is_empty() {
        let names: Vec<&str> = d.variant.regions.iter().map(|r| r.name.as_str()).collect();
        items.push(format!("| --- region borders ({})", names.join(", ")));
    }
    if items.is_empty() {
        String::new()
    } else {
        format!("    {}\n", items.join("   "))
    }
}
