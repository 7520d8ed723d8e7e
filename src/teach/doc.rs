//! A rules page for a variant (`varia doc`): one self-contained HTML file
//! with the start position, every piece with its move diagram and its
//! generated explanation, and the special rules, in the spirit of ChessV's
//! generated reference pages. The page is well-formed XML (XHTML syntax)
//! so tests can parse it; the diagrams are inline SVG.

use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::ir::piece::{Color, Piece, PieceKind};
use crate::ir::rule::GameResult;
use crate::ir::{Symmetry, Variant};
use crate::teach::diagram::{teaching_square, Diagram, MARK_SCREEN};
use crate::teach::explain::{describe_moves, describe_squares, join_or, rule_paragraphs};
use crate::teach::svg;
use crate::vm::Position;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `code` spans for Betza strings written between backquotes.
fn inline(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in escape(text).split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "<code>{part}</code>");
        } else {
            out.push_str(part);
        }
    }
    out
}

/// A file name for a variant's page: `balbo-s-chess.html`.
pub fn file_name(variant: &Variant) -> String {
    let mut slug = String::new();
    for c in variant.name.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
    }
    format!("{}.html", slug.trim_matches('-'))
}

/// Writes the rules page of a variant into `dir` (created if needed); returns its path.
///
/// # Errors
/// The directory or file cannot be written.
pub fn write_page(variant: &Arc<Variant>, script: &str, dir: &Path) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(file_name(variant));
    std::fs::write(&path, page(variant, script))?;
    Ok(path)
}

/// The rules page of a variant as HTML. `script` names the source in the footer.
pub fn page(variant: &Arc<Variant>, script: &str) -> String {
    let v = variant;
    let g = &v.geometry;
    let mut h = String::new();
    let title = escape(&v.name);
    let _ = writeln!(h, "<!DOCTYPE html>");
    let _ = writeln!(
        h,
        r#"<html xmlns="http://www.w3.org/1999/xhtml" lang="en">"#
    );
    let _ = writeln!(h, "<head>");
    let _ = writeln!(h, r#"<meta charset="utf-8"/>"#);
    let _ = writeln!(h, "<title>{title} - rules</title>");
    let _ = writeln!(
        h,
        "<style>
body {{ font-family: Georgia, 'DejaVu Serif', serif; max-width: 980px; margin: 2em auto; padding: 0 1em; color: #222; line-height: 1.45; }}
h1, h2, h3 {{ font-family: 'DejaVu Sans', Arial, sans-serif; }}
h2 {{ border-bottom: 2px solid #b58863; padding-bottom: .2em; margin-top: 2em; }}
.piece {{ display: flex; gap: 1.5em; align-items: flex-start; margin: 1.5em 0; border-bottom: 1px solid #eee; padding-bottom: 1em; }}
.piece svg {{ flex: none; }}
.legend span {{ margin-right: 1.5em; }}
code {{ background: #f4f1ea; padding: 0 .25em; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #ccc; padding: .3em .6em; text-align: left; }}
footer {{ margin-top: 3em; color: #777; font-size: .9em; }}
</style>"
    );
    let _ = writeln!(h, "</head>");
    let _ = writeln!(h, "<body>");
    let _ = writeln!(h, "<h1>{title}</h1>");
    // Board and setup.
    let shape = if g.squares().len() == g.cells() {
        format!(
            "{} files by {} ranks ({} squares)",
            g.files(),
            g.ranks(),
            g.cells()
        )
    } else {
        format!(
            "{} squares within {} files by {} ranks; the gaps are not squares, and nothing stands on them or moves through them",
            g.squares().len(),
            g.files(),
            g.ranks()
        )
    };
    let _ = writeln!(h, r#"<section id="setup"><h2>Board and setup</h2>"#);
    let _ = writeln!(
        h,
        "<p>The board has {}. White moves first.</p>",
        escape(&shape)
    );
    let start = Position::start(v);
    let mut d = Diagram::of_position(&start);
    d.caption = "Start position".to_string();
    h.push_str(&svg::render_in_page(&d, false, "setup-"));
    let _ = writeln!(h, "<p>FEN: <code>{}</code></p>", escape(&v.start_fen));
    let _ = writeln!(h, "</section>");
    // Pieces.
    let _ = writeln!(h, r#"<section id="pieces"><h2>The pieces</h2>"#);
    let diagrams: Vec<Diagram> = (0..v.pieces.len())
        .map(|i| {
            let kind = PieceKind(i as u8);
            let piece = Piece {
                color: Color::White,
                kind,
            };
            Diagram::piece_alone(v, piece, teaching_square(v, kind))
        })
        .collect();
    let hurdles = if diagrams
        .iter()
        .any(|d| d.marks.iter().any(|m| m & MARK_SCREEN != 0))
    {
        "<span>blue diamond: a hurdle, put there for the moves that hop or jump over a piece</span>"
    } else {
        ""
    };
    let _ = writeln!(
        h,
        r#"<p class="legend"><span>green dot: moves there</span><span>red ring: captures there</span><span>dot in a ring: either</span><span>blue square: the piece</span>{hurdles}</p>"#
    );
    for ((i, def), diagram) in v.pieces.iter().enumerate().zip(&diagrams) {
        let kind = PieceKind(i as u8);
        let in_setup = v.start_codes.iter().any(|&c| {
            c == Piece {
                color: Color::White,
                kind,
            }
            .code()
                || c == Piece {
                    color: Color::Black,
                    kind,
                }
                .code()
        });
        let _ = writeln!(
            h,
            r#"<div class="piece" id="piece-{}">"#,
            escape(&def.name.to_ascii_lowercase())
        );
        h.push_str(&svg::render_in_page(diagram, false, &format!("d{i}-")));
        let _ = writeln!(h, "<div>");
        let _ = writeln!(
            h,
            "<h3>{} ({})</h3>",
            escape(&def.name),
            escape(&def.letter.to_string())
        );
        let _ = writeln!(h, "<p>{}</p>", inline(&describe_moves(def)));
        for p in rule_paragraphs(v, kind) {
            let _ = writeln!(h, "<p>{}</p>", inline(&p));
        }
        if !in_setup {
            let _ = writeln!(
                h,
                "<p><em>Not in the start position; it can appear by promotion.</em></p>"
            );
        }
        let _ = writeln!(h, "</div></div>");
    }
    let _ = writeln!(h, "</section>");
    // Special rules.
    let _ = writeln!(h, r#"<section id="rules"><h2>Special rules</h2>"#);
    for item in special_rules(v) {
        let _ = writeln!(h, "<h3>{}</h3>", escape(&item.0));
        let _ = writeln!(h, "{}", item.1);
    }
    let _ = writeln!(h, "</section>");
    let _ = writeln!(
        h,
        "<footer>Generated by varia from <code>{}</code>: every description and diagram comes from the compiled moves and rules.</footer>",
        escape(script)
    );
    let _ = writeln!(h, "</body>\n</html>");
    h
}

/// The sections of the special rules: heading and HTML body.
fn special_rules(v: &Variant) -> Vec<(String, String)> {
    let g = &v.geometry;
    let mut out = Vec::new();
    // Castling.
    let white: Vec<_> = v
        .castling
        .iter()
        .filter(|r| r.color == Color::White)
        .collect();
    if white.is_empty() {
        out.push((
            "Castling".to_string(),
            "<p>There is no castling.</p>".to_string(),
        ));
    } else {
        let mut t =
            String::from("<table><tr><th>side</th><th>king</th><th>rook</th><th>right</th></tr>");
        for r in &v.castling {
            let _ = write!(
                t,
                "<tr><td>{:?}</td><td>{} {} to {}</td><td>{} {} to {}</td><td>{}</td></tr>",
                r.color,
                escape(&v.piece(r.king).name),
                g.name(r.king_from),
                g.name(r.king_to),
                escape(&v.piece(r.rook).name),
                g.name(r.rook_from),
                g.name(r.rook_to),
                r.letter
            );
        }
        t.push_str("</table><p>Neither piece may have moved, the squares between them must be empty, and the king may not start on, pass or land on an attacked square.</p>");
        out.push(("Castling".to_string(), t));
    }
    // En passant.
    let ep: Vec<&str> = v
        .pieces
        .iter()
        .filter(|p| p.patterns.iter().any(|m| m.en_passant))
        .map(|p| p.name.as_str())
        .collect();
    let ep_text = if ep.is_empty() {
        "<p>There is no en passant capture.</p>".to_string()
    } else {
        format!(
            "<p>A {} may capture en passant: when an enemy piece has just made a move of several squares that creates the chance (such as a pawn's double step), it may capture it by moving to a square the enemy passed, as though it had moved only one square. The chance lasts one move.</p>",
            escape(&join_or(&ep.iter().map(|s| s.to_string()).collect::<Vec<_>>()))
        )
    };
    out.push(("En passant".to_string(), ep_text));
    // Promotion.
    let mut promo = String::new();
    for (i, def) in v.pieces.iter().enumerate() {
        let sets = crate::teach::explain::promotion_sets(v, PieceKind(i as u8));
        if sets.is_empty() {
            continue;
        }
        let _ = write!(
            promo,
            "<p>The {} promotes on arrival (compulsory):</p><table><tr><th>squares (White)</th><th>choices</th></tr>",
            escape(&def.name)
        );
        for (squares, choices) in sets {
            let names: Vec<String> = choices.iter().map(|k| v.piece(*k).name.clone()).collect();
            let _ = write!(
                promo,
                "<tr><td>{}</td><td>{}</td></tr>",
                escape(&describe_squares(v, &squares)),
                escape(&names.join(", "))
            );
        }
        promo.push_str("</table>");
        let _ = write!(
            promo,
            "<p>Black's promotion squares are White's {}.</p>",
            match v.symmetry {
                Symmetry::Mirror => "reflected across the middle rank",
                Symmetry::Rotate => "turned by 180 degrees",
            }
        );
    }
    if promo.is_empty() {
        promo = "<p>No piece promotes.</p>".to_string();
    }
    out.push(("Promotion".to_string(), promo));
    // Regions.
    if !v.regions.is_empty() {
        let mut t = String::from("<ul>");
        for r in &v.regions {
            let _ = write!(
                t,
                "<li><b>{}</b>: {}</li>",
                escape(&r.name),
                escape(&describe_squares(v, &r.squares.white))
            );
        }
        t.push_str("</ul>");
        out.push(("Regions".to_string(), t));
    }
    // Game end.
    let e = &v.game_end;
    let result = |r: GameResult| match r {
        GameResult::Wins => "wins",
        GameResult::Loses => "loses",
        GameResult::Draws => "draws",
    };
    let mut end = String::from("<ul>");
    if let Some(c) = e.checkmate {
        let _ = write!(end, "<li>A player who is checkmated {}.</li>", result(c));
    }
    let _ = write!(
        end,
        "<li>A player who has no legal move but is not in check (stalemate) {}.</li>",
        result(e.stalemate)
    );
    for sentence in crate::teach::explain::game_end_sentences(v) {
        let _ = write!(end, "<li>{}</li>", inline(&sentence));
    }
    if let Some(n) = e.move_rule {
        let _ = write!(end, "<li>The game is drawn after {n} moves by each side without a capture or a move of a piece that can promote.</li>");
    }
    if let Some(n) = e.repetition {
        let _ = write!(
            end,
            "<li>The game is drawn when the same position occurs {} times.</li>",
            crate::teach::explain::number_word(n as i32)
        );
    }
    end.push_str("</ul>");
    out.push(("End of the game".to_string(), end));
    // Rules written as hooks, in the words of their comments.
    if let Some(hooks) = &v.hooks {
        let mut t = String::new();
        for hook in &hooks.hooks {
            let words = hook.doc_comment();
            let text = if words.is_empty() {
                "(no comment in the script)".to_string()
            } else {
                escape(&words)
            };
            let _ = write!(t, "<p><b>{}</b>: {}</p>", hook.point.name(), text);
        }
        out.push(("Rules written as hooks".to_string(), t));
    }
    out
}
