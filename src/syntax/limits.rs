//! The resource limits of the script language, each answered with a
//! diagnostic: far above every real variant, low enough that no script
//! can exhaust the stack, the memory or the compile time.
//!
//! The board's limits (256 squares, 26 files) and the number of piece
//! types (60) are the IR's, checked by the compiler.

/// The most bytes a script (or a stdlib module) may have: 1 MiB.
pub const MAX_SCRIPT_BYTES: usize = 1 << 20;

/// How deeply parentheses (in regions) or braces (in hooks) may nest.
/// Checked before parsing: the parser recurses once per level.
pub const MAX_NESTING: usize = 64;

/// How deeply a region may be built from others: each parenthesised
/// group and each reference to another region is one level.
pub const MAX_REGION_DEPTH: usize = 32;

/// The most regions and borders a variant may declare (with its imports).
pub const MAX_REGIONS: usize = 1024;

/// The most components (atoms, each with its modifiers) one Betza
/// string may have.
pub const MAX_BETZA_COMPONENTS: usize = 256;

/// The largest count of moves (`move-rule`), repetitions (`repetition`),
/// checks (`giving N checks`) or start value of a counter: larger ones
/// would overflow the counters that the rules compare them with.
pub const MAX_COUNT: u32 = 1_000_000;

use crate::diagnostics::{Code, ScriptError};
use crate::source::{SourceId, Span};

/// Checks a script's size and nesting before it is parsed: the parser
/// recurses once per nested parenthesis or brace, so a deep nesting must
/// be refused before it reaches the parser.
///
/// The scan follows the grammar closely enough to find the nesting the
/// parser will see: outside hooks, `#` comments and quoted strings are
/// skipped and parentheses counted; inside a hook's braces every brace
/// counts (the grammar balances them without reading Rhai's strings).
///
/// # Errors
/// The script is too large, or the bracket where the nesting goes too deep.
pub fn check_script(text: &str, source: SourceId) -> Result<(), ScriptError> {
    if text.len() > MAX_SCRIPT_BYTES {
        let first_line = text.find('\n').unwrap_or(text.len()).min(80);
        let first_line = (0..=first_line)
            .rev()
            .find(|i| text.is_char_boundary(*i))
            .unwrap_or(0);
        return Err(ScriptError::new(
            Code::SyntaxScriptTooLarge,
            format!("the script is larger than {MAX_SCRIPT_BYTES} bytes (1 MiB)"),
            Span::new(source, 0, first_line),
            "this script",
        )
        .with_help("real variants take a few kilobytes: write the script shorter"));
    }
    let bytes = text.as_bytes();
    let (mut parens, mut braces) = (0usize, 0usize);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if braces > 0 {
            match b {
                b'{' => braces += 1,
                b'}' => braces -= 1,
                _ => {}
            }
        } else {
            match b {
                b'#' | b'"' => {
                    let stop = if b == b'#' { b'\n' } else { b'"' };
                    i += 1;
                    while i < bytes.len() && bytes[i] != stop && bytes[i] != b'\n' {
                        i += 1;
                    }
                }
                b'(' => parens += 1,
                b')' => parens = parens.saturating_sub(1),
                b'{' => braces = 1,
                _ => {}
            }
        }
        if parens > MAX_NESTING || braces > MAX_NESTING {
            let what = if b == b'(' { "parentheses" } else { "braces" };
            return Err(ScriptError::new(
                Code::SyntaxNesting,
                format!("{what} nested more than {MAX_NESTING} deep"),
                Span::new(source, i, i + 1),
                format!("level {}", MAX_NESTING + 1),
            )
            .with_help("write it flatter: name a part of a region as a region of its own, or move hook code into a function"));
        }
        i += 1;
    }
    Ok(())
}
