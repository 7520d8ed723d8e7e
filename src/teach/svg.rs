//! Diagrams as SVG (`varia diagram`, the rules pages).
//!
//! The board is drawn in its real shape: only existing squares are drawn,
//! so voids are gaps (Balbo's diamond is a diamond). Coordinates run along
//! the left and bottom edges, named regions get a coloured border, the
//! orthodox pieces use the chess glyphs (the solid ones for both colours,
//! filled white or black), fairy pieces a disc with their letter. Marks:
//! a green dot where the piece may move, a red ring where it may capture
//! (on an empty board: where it would capture an enemy), both for both; an
//! orange cross on a piece that blocks, a blue diamond on a hurdle (a hop's
//! screen or a piece a leg jumps over; the diamond wins when a hurdle also
//! blocks). A caption too long for the board is wrapped onto more lines.

use std::fmt::Write;

use crate::ir::geometry::Square;
use crate::ir::piece::{Color, PieceDef};
use crate::teach::diagram::{Diagram, MARK_BLOCK, MARK_CAPTURE, MARK_MOVE, MARK_SCREEN};

/// Size of one square in SVG units.
pub const SQUARE: i32 = 48;
const MARGIN: i32 = 24;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const REGION_COLORS: [&str; 4] = ["#c0392b", "#2471a3", "#7d3c98", "#1e8449"];
/// Height of a caption line.
const CAPTION_LINE: i32 = 19;

/// Splits text into lines of at most `width` characters, at spaces
/// (a longer word gets a line of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The solid chess glyph of an orthodox piece (by its name), if it is one.
pub fn glyph(def: &PieceDef) -> Option<char> {
    Some(
        match (def.name.to_ascii_lowercase().as_str(), def.betza.as_str()) {
            ("king", _) => '\u{265A}',
            ("queen", "Q") => '\u{265B}',
            ("rook", "R") => '\u{265C}',
            ("bishop", "B") => '\u{265D}',
            ("knight", "N") => '\u{265E}',
            ("pawn", _) => '\u{265F}',
            _ => return None,
        },
    )
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Draws a diagram as a standalone SVG document; `flip` puts Black at the bottom.
pub fn render(d: &Diagram, flip: bool) -> String {
    let v = &d.variant;
    let g = &v.geometry;
    let (files, ranks) = (g.files() as i32, g.ranks() as i32);
    let width = MARGIN + files * SQUARE + 8;
    // The caption, wrapped to the board's width (about 7.6 units a character in DejaVu Sans).
    let caption = wrap(&d.caption, ((width - MARGIN) / 8).max(12) as usize);
    let caption_h = if caption.is_empty() {
        0
    } else {
        9 + CAPTION_LINE * caption.len() as i32
    };
    let height = caption_h + ranks * SQUARE + MARGIN + 4;
    let top = caption_h;
    // Top-left corner of a square.
    let at = |sq: Square| -> (i32, i32) {
        let (f, r) = (g.file_of(sq), g.rank_of(sq));
        let col = if flip { files - 1 - f } else { f };
        let row = if flip { r } else { ranks - 1 - r };
        (MARGIN + col * SQUARE, top + row * SQUARE)
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="DejaVu Sans, 'Segoe UI Symbol', 'Noto Sans Symbols2', Arial, sans-serif">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&v.name));
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    for (i, line) in caption.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="15" fill="#222">{}</text>"##,
            MARGIN,
            19 + CAPTION_LINE * i as i32,
            escape(line)
        );
    }
    // Squares.
    let _ = writeln!(s, r#"<g class="squares">"#);
    for sq in g.squares().iter() {
        let (x, y) = at(sq);
        let dark = (g.file_of(sq) + g.rank_of(sq)) % 2 == 0;
        let _ = writeln!(
            s,
            r#"<rect class="square" data-square="{}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{}"/>"#,
            g.name(sq),
            if dark { DARK } else { LIGHT }
        );
    }
    let _ = writeln!(s, "</g>");
    // Last move and the subject's square.
    if let Some((a, b)) = d.last_move {
        for sq in [a, b] {
            let (x, y) = at(sq);
            let _ = writeln!(
                s,
                r##"<rect class="last-move" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="#cdd26a" fill-opacity="0.75"/>"##
            );
        }
    }
    if let Some(sq) = d.subject {
        let (x, y) = at(sq);
        let _ = writeln!(
            s,
            r##"<rect class="subject" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="#6f9fd8" fill-opacity="0.7"/>"##
        );
    }
    // Region borders: an edge between a square in the region and one out of it, or the void.
    for (i, region) in v.regions.iter().enumerate() {
        let color = REGION_COLORS[i % REGION_COLORS.len()];
        let set = &region.squares.white;
        let _ = writeln!(
            s,
            r#"<g class="region" data-region="{}" stroke="{color}" stroke-width="4" stroke-linecap="square">"#,
            escape(&region.name)
        );
        for sq in set.iter() {
            let (x, y) = at(sq);
            let (f, r) = (g.file_of(sq), g.rank_of(sq));
            // (neighbour offset in board terms, edge in screen terms)
            let up = if flip { -1 } else { 1 };
            let right = if flip { -1 } else { 1 };
            let edges = [
                ((0, up), (x, y, x + SQUARE, y)),
                ((0, -up), (x, y + SQUARE, x + SQUARE, y + SQUARE)),
                ((-right, 0), (x, y, x, y + SQUARE)),
                ((right, 0), (x + SQUARE, y, x + SQUARE, y + SQUARE)),
            ];
            for ((df, dr), (x1, y1, x2, y2)) in edges {
                let inside = g.square(f + df, r + dr).is_some_and(|n| set.contains(n));
                if !inside {
                    let _ = writeln!(s, r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#);
                }
            }
        }
        let _ = writeln!(s, "</g>");
    }
    // Coordinates.
    for f in 0..files {
        let col = if flip { files - 1 - f } else { f };
        let _ = writeln!(
            s,
            r##"<text class="coord" x="{}" y="{}" font-size="13" text-anchor="middle" fill="#444">{}</text>"##,
            MARGIN + col * SQUARE + SQUARE / 2,
            top + ranks * SQUARE + 17,
            (b'a' + f as u8) as char
        );
    }
    for r in 0..ranks {
        let row = if flip { r } else { ranks - 1 - r };
        let _ = writeln!(
            s,
            r##"<text class="coord" x="{}" y="{}" font-size="13" text-anchor="middle" fill="#444">{}</text>"##,
            MARGIN / 2,
            top + row * SQUARE + SQUARE / 2 + 5,
            r + 1
        );
    }
    // Pieces.
    for sq in g.squares().iter() {
        if let Some(p) = d.board[sq.index()] {
            let (x, y) = at(sq);
            piece(&mut s, v.piece(p.kind), p.color, x, y);
        }
    }
    // Marks.
    for sq in g.squares().iter() {
        let m = d.marks[sq.index()];
        if m == 0 || d.subject == Some(sq) {
            continue;
        }
        let (x, y) = at(sq);
        let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
        let kind = match (m & MARK_MOVE != 0, m & MARK_CAPTURE != 0) {
            (true, true) => "both",
            (true, false) => "move",
            (false, true) => "capture",
            _ => "",
        };
        if !kind.is_empty() {
            let _ = writeln!(
                s,
                r#"<g class="mark" data-square="{}" data-mark="{kind}">"#,
                g.name(sq)
            );
            if m & MARK_CAPTURE != 0 {
                let _ = writeln!(
                    s,
                    r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="#c0392b" stroke-width="4" stroke-opacity="0.85"/>"##,
                    SQUARE / 2 - 5
                );
            }
            if m & MARK_MOVE != 0 {
                let _ = writeln!(
                    s,
                    r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="#1e7b34" fill-opacity="0.75"/>"##,
                    SQUARE / 7
                );
            }
            let _ = writeln!(s, "</g>");
        }
        if m & MARK_SCREEN != 0 {
            let (px, py) = (x + SQUARE - 9, y + 9);
            let _ = writeln!(
                s,
                r##"<path class="screen" data-square="{}" d="M{px} {} L{} {py} L{px} {} L{} {py} Z" fill="#2471a3" stroke="#fff" stroke-width="1"/>"##,
                g.name(sq),
                py - 7,
                px + 7,
                py + 7,
                px - 7
            );
        } else if m & MARK_BLOCK != 0 {
            let (px, py) = (x + SQUARE - 9, y + 9);
            let _ = writeln!(
                s,
                r##"<path class="block" data-square="{}" d="M{} {} L{} {} M{} {} L{} {}" stroke="#e67e22" stroke-width="4" stroke-linecap="round"/>"##,
                g.name(sq),
                px - 6,
                py - 6,
                px + 6,
                py + 6,
                px + 6,
                py - 6,
                px - 6,
                py + 6
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

fn piece(s: &mut String, def: &PieceDef, color: Color, x: i32, y: i32) {
    let (fill, stroke) = match color {
        Color::White => ("#ffffff", "#000000"),
        Color::Black => ("#000000", "#ffffff"),
    };
    let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
    let name = escape(&def.name);
    match glyph(def) {
        Some(c) => {
            // The solid glyph, outlined so that White's shows on light squares.
            let outline = "#000000";
            let _ = writeln!(
                s,
                r#"<text class="piece" data-piece="{name}" x="{cx}" y="{}" font-size="{}" text-anchor="middle" fill="{fill}" stroke="{outline}" stroke-width="1.4" stroke-linejoin="round">{c}</text>"#,
                y + SQUARE - 8,
                SQUARE - 6
            );
        }
        None => {
            let _ = writeln!(
                s,
                r##"<g class="piece" data-piece="{name}"><circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#000000" stroke-width="2"/><text x="{cx}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{stroke}">{}</text></g>"##,
                SQUARE / 2 - 6,
                cy + 8,
                SQUARE / 2,
                def.letter
            );
        }
    }
}
