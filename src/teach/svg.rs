//! Diagrams as SVG (`varia diagram`, the rules pages).
//!
//! The board is drawn in its real shape: only existing squares are drawn,
//! so voids are gaps (Balbo's diamond is a diamond). Coordinates run along
//! the left and bottom edges, named regions get a coloured border, the
//! orthodox pieces are the chess figures (the white ones for White, the
//! solid ones for Black, their details cut out in white), fairy pieces a
//! disc with their letter. Pieces and coordinates are outlines of DejaVu
//! Sans glyphs embedded as paths ([`crate::teach::glyphs`]), so a diagram
//! looks the same with or without fonts; only the caption is text. Marks:
//! a green dot where the piece may move, a red ring where it may capture
//! (on an empty board: where it would capture an enemy), both for both; an
//! orange cross on a piece that blocks, a blue diamond on a hurdle (a hop's
//! screen or a piece a leg jumps over; the diamond wins when a hurdle also
//! blocks). A royal piece in check stands on a red square, a checkmated
//! one on a dark red square crossed in white. Below the board a legend
//! shows each kind of mark the diagram uses, with its words. A caption too
//! long for the board is wrapped onto more lines.
//!
//! Each kind of piece is drawn once per colour, as a `<symbol>` in the
//! document's `<defs>`, and placed on its squares with `<use>` (which
//! carries the square, the piece's name and colour as `data-` attributes).
//! Diagrams that share an HTML page get their own id prefix
//! ([`render_in_page`]), so their symbols' ids do not collide.

use std::fmt::Write;

use crate::ir::geometry::Square;
use crate::ir::piece::{Color, Piece, PieceDef};
use crate::teach::borders::{Outlines, Side};
use crate::teach::diagram::{Diagram, MARK_BLOCK, MARK_CAPTURE, MARK_MOVE, MARK_SCREEN};
use crate::teach::glyphs::{self, Figure, Glyph};

/// Size of one square in SVG units.
pub const SQUARE: i32 = 48;
const MARGIN: i32 = 24;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
/// Size of the chess figures (pixels per em).
const FIGURE: f64 = (SQUARE - 6) as f64;
/// Width of the stroke that thickens the white figures' lines, in pixels.
const OUTLINE: f64 = 0.8;
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

/// The chess figure of an orthodox piece (by its name): its index in
/// [`glyphs::WHITE`] and [`glyphs::BLACK`] (king, queen, rook, bishop,
/// knight, pawn), if it is one.
pub fn figure(def: &PieceDef) -> Option<usize> {
    Some(
        match (def.name.to_ascii_lowercase().as_str(), def.betza.as_str()) {
            ("king", _) => 0,
            ("queen", "Q") => 1,
            ("rook", "R") => 2,
            ("bishop", "B") => 3,
            ("knight", "N") => 4,
            ("pawn", _) => 5,
            _ => return None,
        },
    )
}

/// A number for an attribute: at most `decimals` decimals, no trailing zeros.
fn num(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// The transform that draws glyph units at `size` pixels per em, with the
/// glyph-space point `(gx, gy)` at `(x, y)`.
fn place(x: f64, y: f64, size: f64, gx: f64, gy: f64) -> String {
    let k = size / glyphs::EM as f64;
    format!(
        "translate({} {}) scale({})",
        num(x - gx * k, 2),
        num(y - gy * k, 2),
        num(k, 6)
    )
}

/// A coordinate label, `size` pixels per em, centred on `x` (by the
/// advance widths, as text would be) with its baseline at `y`.
fn label(s: &mut String, text: &str, x: f64, y: f64, size: f64) {
    text_in(s, "coord", text, x, y, size);
}

/// Text drawn as [`label`] draws it, in a group of class `class`.
fn text_in(s: &mut String, class: &str, text: &str, x: f64, y: f64, size: f64) {
    let glyphs = label_glyphs(text);
    let width: i32 = glyphs
        .iter()
        .map(|g| g.map_or(SPACE_ADVANCE, |g| g.advance))
        .sum();
    let _ = write!(
        s,
        r##"<g class="{class}" data-coord="{text}" fill="#444" transform="{}">"##,
        place(x, y, size, width as f64 / 2.0, 0.0)
    );
    let mut pen = 0;
    for g in glyphs {
        let Some(g) = g else {
            pen += SPACE_ADVANCE;
            continue;
        };
        if pen == 0 {
            let _ = write!(s, r#"<path d="{}"/>"#, g.d);
        } else {
            let _ = write!(s, r#"<path transform="translate({pen} 0)" d="{}"/>"#, g.d);
        }
        pen += g.advance;
    }
    let _ = writeln!(s, "</g>");
}

/// The advance of a space in DejaVu Sans, in glyph units.
const SPACE_ADVANCE: i32 = 318;

/// The glyphs of a label's letters and digits (None: a space; other
/// characters are left out).
fn label_glyphs(text: &str) -> Vec<Option<&'static Glyph>> {
    text.chars()
        .filter_map(|c| match c {
            'a'..='z' => Some(Some(&glyphs::LOWER[c as usize - 'a' as usize])),
            '0'..='9' => Some(Some(&glyphs::DIGITS[c as usize - '0' as usize])),
            ' ' => Some(None),
            _ => None,
        })
        .collect()
}

/// A label's width in pixels at `size` pixels per em.
fn label_width(text: &str, size: f64) -> f64 {
    let units: i32 = label_glyphs(text)
        .iter()
        .map(|g| g.map_or(SPACE_ADVANCE, |g| g.advance))
        .sum();
    units as f64 * size / glyphs::EM as f64
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Draws a diagram as a standalone SVG document; `flip` puts Black at the bottom.
pub fn render(d: &Diagram, flip: bool) -> String {
    render_in_page(d, flip, "")
}

/// Draws a diagram as an SVG element for a page holding several: every id
/// in it (the piece symbols') starts with `id_prefix`, which must differ
/// between the diagrams of one page.
pub fn render_in_page(d: &Diagram, flip: bool, id_prefix: &str) -> String {
    let g = &d.variant.geometry;
    let (files, ranks) = (g.files() as i32, g.ranks() as i32);
    let width = MARGIN + files * SQUARE + 8;
    // The caption, wrapped to the board's width (about 7.6 units a character in DejaVu Sans).
    let caption = wrap(&d.caption, ((width - MARGIN) / 8).max(12) as usize);
    let caption_h = if caption.is_empty() {
        0
    } else {
        9 + CAPTION_LINE * caption.len() as i32
    };
    let layout = Layout {
        d,
        flip,
        files,
        ranks,
        top: caption_h,
    };
    let hands_top = caption_h + ranks * SQUARE + MARGIN + 4;
    let hand_rows = if d.hands.is_empty() { 0 } else { 2 };
    let board_bottom = hands_top + HAND_ROW * hand_rows;
    let legend = legend_rows(&legend_items(d), width);
    let height = board_bottom + LEGEND_ROW * legend.len() as i32;
    let mut s = String::new();
    header(&mut s, d, &caption, width, height);
    layout.squares(&mut s);
    layout.highlights(&mut s);
    layout.region_outlines(&mut s);
    layout.coordinates(&mut s);
    layout.pieces(&mut s, id_prefix);
    layout.marks(&mut s);
    layout.hands(&mut s, id_prefix, hands_top);
    draw_legend(&mut s, &legend, board_bottom);
    s.push_str("</svg>\n");
    s
}

/// Height of a row of pieces in hand under the board.
const HAND_ROW: i32 = SQUARE * 2 / 3 + 4;

/// Height of a legend row.
const LEGEND_ROW: i32 = 22;
/// Size of a legend item's swatch.
const SWATCH: i32 = 16;
/// Size of the legend's words (pixels per em).
const LEGEND_TEXT: f64 = 12.0;

/// The kinds of marks a diagram uses, in the legend's order: (kind, words).
pub fn legend_items(d: &Diagram) -> Vec<(&'static str, &'static str)> {
    let marked = |sq: usize| d.subject.map(|s| s.index()) != Some(sq);
    let cells = || (0..d.marks.len()).filter(|&i| marked(i));
    let has = |want: u8| cells().any(|i| d.marks[i] & (MARK_MOVE | MARK_CAPTURE) == want);
    let mut items = Vec::new();
    if d.subject.is_some() {
        items.push(("subject", "the piece"));
    }
    if has(MARK_MOVE) {
        items.push(("move", "moves"));
    }
    if has(MARK_CAPTURE) {
        items.push(("capture", "captures"));
    }
    if has(MARK_MOVE | MARK_CAPTURE) {
        items.push(("both", "moves or captures"));
    }
    if cells().any(|i| d.marks[i] & MARK_SCREEN != 0) {
        items.push(("screen", "hurdle"));
    }
    if cells().any(|i| d.marks[i] & MARK_BLOCK != 0 && d.marks[i] & MARK_SCREEN == 0) {
        items.push(("block", "blocks"));
    }
    if d.last_move.is_some() {
        items.push(("last-move", "last move"));
    }
    if !d.checked.difference(&d.checkmated).is_empty() {
        items.push(("check", "check"));
    }
    if !d.checkmated.is_empty() {
        items.push(("checkmate", "checkmate"));
    }
    items
}

/// The legend's items flowed into rows that fit the drawing's width.
fn legend_rows(
    items: &[(&'static str, &'static str)],
    width: i32,
) -> Vec<Vec<(&'static str, &'static str, f64)>> {
    let mut rows: Vec<Vec<(&'static str, &'static str, f64)>> = Vec::new();
    let mut x = MARGIN as f64;
    for &(kind, words) in items {
        let w = (SWATCH + 5) as f64 + label_width(words, LEGEND_TEXT) + 14.0;
        if rows.is_empty() || (x + w > width as f64 && x > MARGIN as f64) {
            rows.push(Vec::new());
            x = MARGIN as f64;
        }
        if let Some(row) = rows.last_mut() {
            row.push((kind, words, x));
        }
        x += w;
    }
    rows
}

/// Draws the legend below the board: each kind of mark used, drawn as on
/// the board, and its words (glyph outlines, as the coordinates).
fn draw_legend(s: &mut String, rows: &[Vec<(&'static str, &'static str, f64)>], top: i32) {
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(s, r#"<g class="legend">"#);
    for (r, row) in rows.iter().enumerate() {
        let y = top + r as i32 * LEGEND_ROW;
        for &(kind, words, x) in row {
            let (x0, y0) = (x as i32, y);
            let (cx, cy) = (x0 + SWATCH / 2, y0 + SWATCH / 2);
            let _ = writeln!(s, r#"<g class="legend-item" data-mark="{kind}">"#);
            let square = |fill: &str, opacity: &str| {
                format!(
                    r##"<rect x="{x0}" y="{y0}" width="{SWATCH}" height="{SWATCH}" fill="{fill}" fill-opacity="{opacity}" stroke="#888" stroke-width="1"/>"##
                )
            };
            let swatch = match kind {
                "subject" => square("#6f9fd8", "0.7"),
                "last-move" => square("#cdd26a", "0.75"),
                "check" => square(CHECK, "0.75"),
                "checkmate" => format!(
                    r##"{}<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#ffffff" stroke-width="2"/>"##,
                    square(CHECKMATE, "0.9"),
                    x0 + 4,
                    y0 + 4,
                    x0 + SWATCH - 4,
                    y0 + SWATCH - 4,
                    x0 + SWATCH - 4,
                    y0 + 4,
                    x0 + 4,
                    y0 + SWATCH - 4
                ),
                "move" => format!(
                    r##"<circle cx="{cx}" cy="{cy}" r="4" fill="#1e7b34" fill-opacity="0.75"/>"##
                ),
                "capture" => format!(
                    r##"<circle cx="{cx}" cy="{cy}" r="6" fill="none" stroke="#c0392b" stroke-width="2.5"/>"##
                ),
                "both" => format!(
                    r##"<circle cx="{cx}" cy="{cy}" r="6" fill="none" stroke="#c0392b" stroke-width="2.5"/><circle cx="{cx}" cy="{cy}" r="3" fill="#1e7b34" fill-opacity="0.75"/>"##
                ),
                "screen" => format!(
                    r##"<path d="M{cx} {} L{} {cy} L{cx} {} L{} {cy} Z" fill="#2471a3" stroke="#fff" stroke-width="1"/>"##,
                    cy - 7,
                    cx + 7,
                    cy + 7,
                    cx - 7
                ),
                _ => format!(
                    r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#e67e22" stroke-width="3" stroke-linecap="round"/>"##,
                    cx - 5,
                    cy - 5,
                    cx + 5,
                    cy + 5,
                    cx + 5,
                    cy - 5,
                    cx - 5,
                    cy + 5
                ),
            };
            let _ = writeln!(s, "{swatch}");
            let text_x = (x0 + SWATCH + 5) as f64 + label_width(words, LEGEND_TEXT) / 2.0;
            label(s, words, text_x, (y0 + SWATCH - 3) as f64, LEGEND_TEXT);
            let _ = writeln!(s, "</g>");
        }
    }
    let _ = writeln!(s, "</g>");
}

/// The colour of a royal piece's square in check.
const CHECK: &str = "#e74c3c";
/// The colour of a checkmated royal piece's square.
const CHECKMATE: &str = "#7b241c";

/// The `<svg>` element's start, its title, background and caption.
fn header(s: &mut String, d: &Diagram, caption: &[String], width: i32, height: i32) {
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&d.variant.name));
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    for (i, line) in caption.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-family="DejaVu Sans, Arial, sans-serif" font-size="15" fill="#222">{}</text>"##,
            MARGIN,
            19 + CAPTION_LINE * i as i32,
            escape(line)
        );
    }
}

/// Where a diagram's squares go on the drawing.
struct Layout<'a> {
    d: &'a Diagram,
    flip: bool,
    files: i32,
    ranks: i32,
    /// The board's top edge (below the caption).
    top: i32,
}

impl Layout<'_> {
    /// Top-left corner of a square.
    fn at(&self, sq: Square) -> (i32, i32) {
        let g = &self.d.variant.geometry;
        let (f, r) = (g.file_of(sq), g.rank_of(sq));
        let col = if self.flip { self.files - 1 - f } else { f };
        let row = if self.flip { r } else { self.ranks - 1 - r };
        (MARGIN + col * SQUARE, self.top + row * SQUARE)
    }

    fn squares(&self, s: &mut String) {
        let g = &self.d.variant.geometry;
        let _ = writeln!(s, r#"<g class="squares">"#);
        for sq in g.squares().iter() {
            let (x, y) = self.at(sq);
            let dark = (g.file_of(sq) + g.rank_of(sq)) % 2 == 0;
            let _ = writeln!(
                s,
                r#"<rect class="square" data-square="{}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{}"/>"#,
                g.name(sq),
                if dark { DARK } else { LIGHT }
            );
        }
        let _ = writeln!(s, "</g>");
    }

    /// The last move and the subject's square.
    fn highlights(&self, s: &mut String) {
        if let Some((a, b)) = self.d.last_move {
            for sq in [a, b] {
                let (x, y) = self.at(sq);
                let _ = writeln!(
                    s,
                    r##"<rect class="last-move" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="#cdd26a" fill-opacity="0.75"/>"##
                );
            }
        }
        // A royal piece in check: a red square; checkmated: a dark red one
        // crossed in white, so that the two never look alike.
        for sq in self.d.checked.union(&self.d.checkmated).iter() {
            let (x, y) = self.at(sq);
            if self.d.checkmated.contains(sq) {
                let _ = writeln!(
                    s,
                    r##"<g class="checkmate" data-square="{}"><rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{CHECKMATE}" fill-opacity="0.9"/><path d="M{} {} L{} {} M{} {} L{} {}" stroke="#ffffff" stroke-width="3" stroke-opacity="0.8"/></g>"##,
                    self.d.variant.geometry.name(sq),
                    x + 3,
                    y + 3,
                    x + SQUARE - 3,
                    y + SQUARE - 3,
                    x + SQUARE - 3,
                    y + 3,
                    x + 3,
                    y + SQUARE - 3
                );
            } else {
                let _ = writeln!(
                    s,
                    r##"<rect class="check" data-square="{}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{CHECK}" fill-opacity="0.75"/>"##,
                    self.d.variant.geometry.name(sq)
                );
            }
        }
        if let Some(sq) = self.d.subject {
            let (x, y) = self.at(sq);
            let _ = writeln!(
                s,
                r##"<rect class="subject" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="#6f9fd8" fill-opacity="0.7"/>"##
            );
        }
    }

    /// Each region's outline (see `borders`), in the region's colour.
    fn region_outlines(&self, s: &mut String) {
        for (i, (name, sides)) in Outlines::of(&self.d.variant).regions.iter().enumerate() {
            let color = REGION_COLORS[i % REGION_COLORS.len()];
            let _ = writeln!(
                s,
                r#"<g class="region" data-region="{}" stroke="{color}" stroke-width="4" stroke-linecap="square">"#,
                escape(name)
            );
            // The sides on screen (flipping swaps up with down and left with
            // right), square by square, top, bottom, left, right.
            let mut on_screen: Vec<(Square, Side)> = sides
                .iter()
                .map(|&(sq, side)| (sq, if self.flip { side.opposite() } else { side }))
                .collect();
            on_screen.sort_by_key(|&(sq, side)| (sq.index(), side));
            for (sq, on_screen) in on_screen {
                let (x, y) = self.at(sq);
                let (x1, y1, x2, y2) = match on_screen {
                    Side::Up => (x, y, x + SQUARE, y),
                    Side::Down => (x, y + SQUARE, x + SQUARE, y + SQUARE),
                    Side::Left => (x, y, x, y + SQUARE),
                    Side::Right => (x + SQUARE, y, x + SQUARE, y + SQUARE),
                };
                let _ = writeln!(s, r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#);
            }
            let _ = writeln!(s, "</g>");
        }
    }

    /// File letters under the board, rank numbers on its left.
    fn coordinates(&self, s: &mut String) {
        for f in 0..self.files {
            let col = if self.flip { self.files - 1 - f } else { f };
            label(
                s,
                &((b'a' + f as u8) as char).to_string(),
                (MARGIN + col * SQUARE + SQUARE / 2) as f64,
                (self.top + self.ranks * SQUARE + 17) as f64,
                13.0,
            );
        }
        for r in 0..self.ranks {
            let row = if self.flip { r } else { self.ranks - 1 - r };
            label(
                s,
                &(r + 1).to_string(),
                (MARGIN / 2) as f64,
                (self.top + row * SQUARE + SQUARE / 2 + 5) as f64,
                13.0,
            );
        }
    }

    /// Pieces: a symbol per kind and colour on the board, used on each square.
    fn pieces(&self, s: &mut String, id_prefix: &str) {
        let (d, v) = (self.d, &self.d.variant);
        let g = &v.geometry;
        let symbol_id = |p: Piece| format!("{id_prefix}piece-{}-{}", p.kind.0, side_name(p.color));
        let mut drawn: Vec<Piece> = Vec::new();
        let held = [Color::White, Color::Black]
            .into_iter()
            .flat_map(|side| d.hand(side).unwrap_or_default())
            .map(|(p, _)| p);
        let on_board = g.squares().iter().filter_map(|sq| d.board[sq.index()]);
        for p in on_board.chain(held) {
            if !drawn.contains(&p) {
                drawn.push(p);
            }
        }
        if !drawn.is_empty() {
            let _ = writeln!(s, "<defs>");
            for &p in &drawn {
                let _ = write!(
                    s,
                    r#"<symbol id="{}" viewBox="0 0 {SQUARE} {SQUARE}">"#,
                    symbol_id(p)
                );
                piece(s, v.piece(p.kind), p.color);
                let _ = writeln!(s, "</symbol>");
            }
            let _ = writeln!(s, "</defs>");
        }
        // Walls: dark blocks with a cross, where no piece may go.
        for sq in d.walls.iter() {
            let (x, y) = self.at(sq);
            let (x2, y2) = (x + SQUARE, y + SQUARE);
            let _ = writeln!(
                s,
                r##"<g class="wall" data-wall="{}"><rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="#3b3b3b"/><path d="M{x} {y}L{x2} {y2}M{x2} {y}L{x} {y2}" stroke="#777" stroke-width="2"/></g>"##,
                g.name(sq)
            );
        }
        for sq in g.squares().iter() {
            if let Some(p) = d.board[sq.index()] {
                let (x, y) = self.at(sq);
                let _ = writeln!(
                    s,
                    r##"<use class="piece" data-square="{}" data-piece="{}" data-color="{}" href="#{}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}"/>"##,
                    g.name(sq),
                    escape(&v.piece(p.kind).name),
                    side_name(p.color),
                    symbol_id(p)
                );
            }
        }
    }

    /// The pieces in hand, a row per side under the board (the side at
    /// the bottom first): the side's name, then each piece small with its
    /// count after it when more than one.
    fn hands(&self, s: &mut String, id_prefix: &str, top: i32) {
        let v = &self.d.variant;
        let sides = if self.flip {
            [Color::Black, Color::White]
        } else {
            [Color::White, Color::Black]
        };
        let small = SQUARE * 2 / 3;
        for (row, side) in sides.into_iter().enumerate() {
            let Some(held) = self.d.hand(side) else {
                return;
            };
            let y = top + row as i32 * HAND_ROW;
            let name = v.side_name(side).to_lowercase();
            let _ = writeln!(
                s,
                r#"<g class="hand" data-color="{}" data-count="{}">"#,
                side_name(side),
                held.iter().map(|&(_, n)| n as u32).sum::<u32>()
            );
            let name_w = label_width(&name, LEGEND_TEXT);
            let baseline = y as f64 + small as f64 * 0.7;
            let name_x = MARGIN as f64 + name_w / 2.0;
            text_in(s, "hand-label", &name, name_x, baseline, LEGEND_TEXT);
            let mut x = MARGIN + name_w.ceil() as i32 + 8;
            for (p, n) in held {
                let _ = writeln!(
                    s,
                    r##"<use class="hand-piece" data-piece="{}" data-color="{}" data-count="{n}" href="#{id_prefix}piece-{}-{}" x="{x}" y="{y}" width="{small}" height="{small}"/>"##,
                    escape(&v.piece(p.kind).name),
                    side_name(p.color),
                    p.kind.0,
                    side_name(p.color)
                );
                x += small;
                if n > 1 {
                    let count = n.to_string();
                    let w = label_width(&count, LEGEND_TEXT);
                    text_in(
                        s,
                        "hand-label",
                        &count,
                        x as f64 + w / 2.0,
                        baseline,
                        LEGEND_TEXT,
                    );
                    x += w.ceil() as i32 + 6;
                }
            }
            let _ = writeln!(s, "</g>");
        }
    }

    /// The marks of the subject's moves, blockers and screens.
    fn marks(&self, s: &mut String) {
        let d = self.d;
        for sq in d.variant.geometry.squares().iter() {
            let m = d.marks[sq.index()];
            if m == 0 || d.subject == Some(sq) {
                continue;
            }
            self.move_mark(s, sq, m);
            self.piece_mark(s, sq, m);
        }
    }

    /// A move or capture mark: a dot, a ring, or both.
    fn move_mark(&self, s: &mut String, sq: Square, m: u8) {
        let (x, y) = self.at(sq);
        let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
        let kind = match (m & MARK_MOVE != 0, m & MARK_CAPTURE != 0) {
            (true, true) => "both",
            (true, false) => "move",
            (false, true) => "capture",
            _ => return,
        };
        let _ = writeln!(
            s,
            r#"<g class="mark" data-square="{}" data-mark="{kind}">"#,
            self.d.variant.geometry.name(sq)
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

    /// A screen's diamond or a blocker's cross in the square's corner.
    fn piece_mark(&self, s: &mut String, sq: Square, m: u8) {
        let (x, y) = self.at(sq);
        let (px, py) = (x + SQUARE - 9, y + 9);
        let name = self.d.variant.geometry.name(sq);
        if m & MARK_SCREEN != 0 {
            let _ = writeln!(
                s,
                r##"<path class="screen" data-square="{name}" d="M{px} {} L{} {py} L{px} {} L{} {py} Z" fill="#2471a3" stroke="#fff" stroke-width="1"/>"##,
                py - 7,
                px + 7,
                py + 7,
                px - 7
            );
        } else if m & MARK_BLOCK != 0 {
            let _ = writeln!(
                s,
                r##"<path class="block" data-square="{name}" d="M{} {} L{} {} M{} {} L{} {}" stroke="#e67e22" stroke-width="4" stroke-linecap="round"/>"##,
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
}

/// `white` or `black`, for attributes.
fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Draws a piece on the square whose top-left corner is the origin.
fn piece(s: &mut String, def: &PieceDef, color: Color) {
    let (fill, ink) = match color {
        Color::White => ("#ffffff", "#000000"),
        Color::Black => ("#000000", "#ffffff"),
    };
    let (cx, cy) = ((SQUARE / 2) as f64, (SQUARE / 2) as f64);
    match figure(def) {
        Some(i) => {
            // The figure, centred on its bounding box, white under its holes
            // so that its details show on any square. White's lines are
            // thickened by a stroke; Black's figure, which has none (it would
            // close the thin holes), is enlarged by as much instead.
            let f: &Figure = match color {
                Color::White => &glyphs::WHITE[i],
                Color::Black => &glyphs::BLACK[i],
            };
            let [x0, y0, x1, y1] = f.bbox;
            let em = glyphs::EM as f64;
            let size = match color {
                Color::White => FIGURE,
                Color::Black => FIGURE * (1.0 + OUTLINE / ((y1 - y0) as f64 * FIGURE / em)),
            };
            let _ = write!(
                s,
                r#"<g transform="{}">"#,
                place(cx, cy, size, (x0 + x1) as f64 / 2.0, (y0 + y1) as f64 / 2.0)
            );
            if !f.holes.is_empty() {
                let _ = write!(s, r##"<path d="{}" fill="#ffffff"/>"##, f.holes);
            }
            match color {
                Color::White => {
                    let _ = writeln!(
                        s,
                        r##"<path d="{}" fill="#000000" stroke="#000000" stroke-width="{}" stroke-linejoin="round"/></g>"##,
                        f.ink,
                        num(OUTLINE * em / size, 1)
                    );
                }
                Color::Black => {
                    let _ = writeln!(s, r##"<path d="{}" fill="#000000"/></g>"##, f.ink);
                }
            }
        }
        None => {
            // A disc with the letter, centred on its box across and on the
            // capitals' height down.
            let _ = write!(
                s,
                r##"<g><circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#000000" stroke-width="2"/>"##,
                SQUARE / 2 - 6
            );
            // A piece FEN writes with a `+` (`+P`, shogi's promoted
            // pieces) has a second ring inside the disc.
            if def.plus_mark {
                let _ = write!(
                    s,
                    r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="{ink}" stroke-width="2"/>"##,
                    SQUARE / 2 - 11
                );
            }
            // Piece letters are A to Z (the grammar's `piece_letter`).
            let c = def.letter.to_ascii_uppercase();
            if c.is_ascii_uppercase() {
                let g = &glyphs::BOLD_UPPER[c as usize - 'A' as usize];
                let [x0, _, x1, _] = g.bbox;
                let _ = write!(
                    s,
                    r#"<path transform="{}" d="{}" fill="{ink}"/>"#,
                    place(
                        cx,
                        cy,
                        (SQUARE / 2) as f64,
                        (x0 + x1) as f64 / 2.0,
                        -glyphs::BOLD_CAP_HEIGHT as f64 / 2.0
                    ),
                    g.d
                );
            }
            let _ = writeln!(s, "</g>");
        }
    }
}
