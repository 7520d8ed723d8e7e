//! Syntax: pest grammar → syntax tree ([`ast`]), with spans on every node.
//!
//! Entry point: [`parse`]. Nothing here knows what a rule means; that is
//! the compiler's job.

pub mod ast;
pub mod limits;
mod lower;
#[allow(missing_docs)] // pest generates the undocumented `Rule` enum.
pub mod parser;

pub use lower::parse_betza;

use crate::diagnostics::ScriptError;
use crate::source::SourceId;

/// Parses one variant file into its syntax tree (after checking its size
/// and nesting against [`limits`]).
///
/// # Errors
/// The syntax errors found, each pointing at the offending text.
pub fn parse(text: &str, source: SourceId) -> Result<ast::File, Vec<ScriptError>> {
    limits::check_script(text, source).map_err(|e| vec![e])?;
    lower::parse_file(text, source)
}
