//! Notations: FEN, coordinate moves, SAN and PGN; and [`printable`], for
//! echoing text a user gave (a typed move, a file name, a PGN tag).

pub mod coord;
pub mod fen;
pub mod pgn;
pub mod san;

use std::borrow::Cow;

/// `text` safe to print on a terminal: control characters (an escape
/// sequence such as `\e[2J` clears the screen) and the characters that
/// reorder text (bidirectional overrides) written as escapes (`\e` as
/// `\u{1b}`, a carriage return as `\r`); new lines and tabs are kept.
///
/// # Examples
///
/// ```
/// use varia::notation::printable;
///
/// assert_eq!(printable("e4"), "e4");
/// assert_eq!(printable("\u{1b}[2J; é\n"), "\\u{1b}[2J; é\n");
/// ```
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\r' => out.push_str("\\r"),
            c if unsafe_char(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A character a terminal acts on instead of showing it.
fn unsafe_char(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}
