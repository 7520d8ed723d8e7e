//! The library's values as the page reads them: diagnostics with their
//! places, a diagram's marks by kind, the pieces of a variant.

use serde_json::{json, Value};

use crate::diagnostics::{line_col, ScriptErrors};
use crate::ir::geometry::SquareSet;
use crate::ir::piece::Color;
use crate::ir::Variant;
use crate::teach::diagram::{Diagram, MARK_BLOCK, MARK_CAPTURE, MARK_MOVE, MARK_SCREEN};

/// `white` or `black`.
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The number of UTF-16 code units before a byte offset (where a browser's
/// text field puts it).
fn utf16_offset(text: &str, byte: usize) -> usize {
    let mut end = byte.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].encode_utf16().count()
}

/// Every error of a compilation: its code, message, label, help, the file
/// it points into, line and column (1-based, in characters), the span in
/// bytes and in UTF-16 units (`range`, for a text field), and whether it
/// points into `script` (the text compiled; otherwise into an imported module).
pub fn diagnostics(errors: &ScriptErrors, script: &str) -> Value {
    let list: Vec<Value> = errors
        .errors
        .iter()
        .map(|e| {
            let file = errors.sources.file(e.span.source);
            let (start, end) = (e.span.start as usize, e.span.end as usize);
            let (line, column) = line_col(&file.text, start);
            let in_script = &*file.text == script;
            json!({
                "code": e.code.as_str(),
                "message": e.message,
                "label": e.label,
                "help": e.help,
                "file": file.name,
                "line": line,
                "column": column,
                "span": { "start": start, "end": end },
                "range": {
                    "start": utf16_offset(&file.text, start),
                    "end": utf16_offset(&file.text, end),
                },
                "in_script": in_script,
            })
        })
        .collect();
    Value::Array(list)
}

fn names(variant: &Variant, set: &SquareSet) -> Vec<String> {
    set.iter().map(|sq| variant.geometry.name(sq)).collect()
}

/// A diagram's marked squares by kind: `move`, `capture`, `block`, `screen`.
pub fn marks(d: &Diagram) -> Value {
    let v = &d.variant;
    json!({
        "move": names(v, &d.marked(MARK_MOVE)),
        "capture": names(v, &d.marked(MARK_CAPTURE)),
        "block": names(v, &d.marked(MARK_BLOCK)),
        "screen": names(v, &d.marked(MARK_SCREEN)),
    })
}

/// The pieces of a variant, for the palette: index, name, letter, Betza.
pub fn pieces(variant: &Variant) -> Value {
    Value::Array(
        variant
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| {
                json!({
                    "index": i,
                    "name": p.name,
                    "letter": p.token(crate::ir::piece::Color::White),
                    "betza": p.betza,
                    "royal": p.royal,
                })
            })
            .collect(),
    )
}
