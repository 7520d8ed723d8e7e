//! Drawing the board as text for the REPL: any size (files a–z, ranks
//! past 9, labels aligned), voids as gaps, region borders (a line between
//! two ranks or files that a region's outline splits, such as an
//! equator; [`crate::teach::borders`]), the last move and check marked, Unicode glyphs for the
//! orthodox pieces and letters for the others, ANSI colour when asked.
//! Deciding whether colour is wanted happens in [`crate::repl`].

use crate::ir::geometry::Square;
use crate::ir::piece::{Color, Piece};
use crate::ir::Variant;
use crate::teach::borders::Outlines;
use crate::teach::diagram::Diagram;
use crate::vm::{Move, Position};

/// How to draw.
#[derive(Clone, Copy, Debug, Default)]
pub struct RenderOptions {
    /// Black's view (rank 1 at the top).
    pub flipped: bool,
    /// ANSI colours.
    pub color: bool,
    /// Letters only (no Unicode glyphs).
    pub ascii: bool,
}

const RESET: &str = "\x1b[0m";
const LIGHT_BG: &str = "\x1b[48;5;180m";
const DARK_BG: &str = "\x1b[48;5;137m";
const LAST_LIGHT_BG: &str = "\x1b[48;5;186m";
const LAST_DARK_BG: &str = "\x1b[48;5;143m";
const CHECK_BG: &str = "\x1b[48;5;167m";
const WHITE_FG: &str = "\x1b[1;38;5;231m";
const BLACK_FG: &str = "\x1b[1;38;5;16m";
const DIM: &str = "\x1b[2m";

/// The glyph or letter of a piece.
pub fn piece_symbol(variant: &Variant, piece: Piece, opts: RenderOptions) -> String {
    let def = variant.piece(piece.kind);
    if !opts.ascii {
        let glyphs: Option<(char, char)> = match def.name.to_ascii_lowercase().as_str() {
            "king" => Some(('♔', '♚')),
            "queen" => Some(('♕', '♛')),
            "rook" => Some(('♖', '♜')),
            "bishop" => Some(('♗', '♝')),
            "knight" => Some(('♘', '♞')),
            "pawn" => Some(('♙', '♟')),
            _ => None,
        };
        if let Some((white, black)) = glyphs {
            // In colour, the filled glyph for both sides reads best.
            let c = if opts.color || piece.color == Color::Black {
                black
            } else {
                white
            };
            return c.to_string();
        }
    }
    // `+P` for a promoted piece (shogi's tokin), `+p` for Black's.
    def.token(piece.color)
}

/// Draws the position; `last` is the move that led to it.
pub fn render_board(pos: &Position, last: Option<Move>, opts: RenderOptions) -> String {
    let mut diagram = Diagram::of_position(pos);
    diagram.last_move = last.map(|m| (m.from, m.to));
    draw_board(&diagram, opts)
}

/// Draws a board diagram (its pieces, last move and check; not its marks)
/// as the REPL shows a position.
pub fn draw_board(d: &Diagram, opts: RenderOptions) -> String {
    let variant = &d.variant;
    let g = &variant.geometry;
    let files = g.files() as i32;
    let ranks = g.ranks() as i32;
    let label_w = ranks.to_string().len();
    // Region borders: the outlines that split the board along a whole line.
    let outlines = Outlines::of(variant);
    let rank_border = |r: i32| outlines.splits_ranks(g, r);
    let file_border = |f: i32| outlines.splits_files(g, f);
    let file_order: Vec<i32> = if opts.flipped {
        (0..files).rev().collect()
    } else {
        (0..files).collect()
    };
    let rank_order: Vec<i32> = if opts.flipped {
        (0..ranks).collect()
    } else {
        (0..ranks).rev().collect()
    };
    // Where vertical borders go: after display column i.
    let vborder: Vec<bool> = (0..file_order.len())
        .map(|i| {
            if i + 1 >= file_order.len() {
                return false;
            }
            let (a, b) = (file_order[i], file_order[i + 1]);
            file_border(a.min(b))
        })
        .collect();
    let mut out = String::new();
    // Pieces in hand: the side at the top above the board, the other below.
    let (top, bottom) = if opts.flipped {
        (Color::White, Color::Black)
    } else {
        (Color::Black, Color::White)
    };
    if let Some(line) = hand_line(d, top, opts) {
        out.push_str(&line);
        out.push('\n');
    }
    let file_row = {
        let mut s = " ".repeat(label_w + 1);
        for (i, &f) in file_order.iter().enumerate() {
            s.push(' ');
            s.push((b'a' + f as u8) as char);
            s.push(' ');
            if vborder[i] {
                s.push(' ');
            }
        }
        s.trim_end().to_string()
    };
    let dim = |s: &str| {
        if opts.color {
            format!("{DIM}{s}{RESET}")
        } else {
            s.to_string()
        }
    };
    out.push_str(&dim(&file_row));
    out.push('\n');
    for (ri, &r) in rank_order.iter().enumerate() {
        let mut line = format!("{:>w$} ", r + 1, w = label_w);
        line = dim(&line);
        for (i, &f) in file_order.iter().enumerate() {
            match g.square(f, r) {
                None => line.push_str("   "),
                Some(sq) => line.push_str(&cell_text(d, sq, (f + r) % 2 == 1, opts)),
            }
            if vborder[i] {
                line.push('│');
            }
        }
        line.push(' ');
        line.push_str(&dim(&format!("{}", r + 1)));
        out.push_str(line.trim_end());
        out.push('\n');
        if ri + 1 < rank_order.len() {
            let next = rank_order[ri + 1];
            if rank_border(r.min(next)) {
                let width = file_order.len() * 3 + vborder.iter().filter(|b| **b).count();
                out.push_str(&" ".repeat(label_w + 1));
                out.push_str(&"─".repeat(width));
                out.push('\n');
            }
        }
    }
    out.push_str(&dim(&file_row));
    out.push('\n');
    if let Some(line) = hand_line(d, bottom, opts) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// `Black's hand: ♞×2 ♟` (in the order of the variant's pieces; `empty`
/// when it holds nothing); None when the diagram shows no hands.
pub fn hand_line(d: &Diagram, side: Color, opts: RenderOptions) -> Option<String> {
    let held = d.hand(side)?;
    let times = if opts.ascii { "x" } else { "×" };
    let pieces: Vec<String> = held
        .iter()
        .map(|&(piece, n)| {
            let sym = piece_symbol(&d.variant, piece, opts);
            if n > 1 {
                format!("{sym}{times}{n}")
            } else {
                sym
            }
        })
        .collect();
    let list = if pieces.is_empty() {
        "empty".to_string()
    } else {
        pieces.join(" ")
    };
    Some(format!("{}'s hand: {list}", d.variant.side_name(side)))
}

/// One square, three characters: the piece (or `.`), with the last move
/// in brackets and a royal piece in check between `!`, or in colour.
fn cell_text(d: &Diagram, sq: Square, light: bool, opts: RenderOptions) -> String {
    let piece = d.board[sq.index()];
    let sym = piece
        .map(|p| piece_symbol(&d.variant, p, opts))
        .unwrap_or_else(|| match (d.walls.contains(sq), opts.color) {
            // A wall is `*`, as FEN writes it.
            (true, _) => "*".into(),
            (false, true) => " ".into(),
            (false, false) => ".".into(),
        });
    let is_last = d.last_move.is_some_and(|(a, b)| sq == a || sq == b);
    let is_check = d.checked.contains(sq);
    if opts.color {
        let bg = match (is_check, is_last, light) {
            (true, _, _) => CHECK_BG,
            (false, true, true) => LAST_LIGHT_BG,
            (false, true, false) => LAST_DARK_BG,
            (false, false, true) => LIGHT_BG,
            (false, false, false) => DARK_BG,
        };
        let fg = match piece.map(|p| p.color) {
            Some(Color::White) => WHITE_FG,
            _ => BLACK_FG,
        };
        return format!("{bg}{fg}{} {RESET}", pad_left(&sym));
    }
    let (l, r) = if is_check {
        ('!', '!')
    } else if is_last {
        ('[', ']')
    } else {
        (' ', ' ')
    };
    // A two-character symbol (`+P`) takes the left mark's place.
    if sym.chars().count() > 1 {
        return format!("{sym}{r}");
    }
    format!("{l}{sym}{r}")
}

/// A symbol with a space before it when it is one character (cells are
/// three characters wide; `+P` fills two).
fn pad_left(sym: &str) -> String {
    if sym.chars().count() > 1 {
        sym.to_string()
    } else {
        format!(" {sym}")
    }
}
