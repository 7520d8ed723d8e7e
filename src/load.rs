//! Loading a variant for a front-end: a script path, or the name of a
//! built-in script (`chess`), compiled; and the text that tells the user
//! why it could not be loaded. The command line, the teaching commands
//! and the REPL all load through here. It sits just above [`crate::compile`].

use std::sync::Arc;

use crate::compile::{compile_path, LoadError};
use crate::ir::Variant;

/// Compiles the script at a path, or the built-in script of that name.
///
/// # Errors
/// [`LoadError`]: the file cannot be read, or the script has errors.
pub fn load_variant(script: &str) -> Result<Arc<Variant>, LoadError> {
    compile_path(script)
}

/// What to show the user when a variant cannot be loaded: `cannot read
/// PATH: REASON`, or the script's diagnostics rendered for a terminal
/// (`terminal`: with colour and graphics) or as plain text.
pub fn load_error_text(error: &LoadError, terminal: bool) -> String {
    match error {
        LoadError::Io { path, message } => format!("cannot read {path}: {message}"),
        LoadError::Script(errors) if terminal => errors.render_for_terminal(),
        LoadError::Script(errors) => errors.render_plain(),
    }
}

/// What a command-line front-end prints on standard error when a variant
/// cannot be loaded: `error: cannot read PATH: REASON` and a new line, or
/// the script's diagnostics rendered for a terminal.
pub fn load_error_report(error: &LoadError) -> String {
    match error {
        LoadError::Io { .. } => format!("error: {}\n", load_error_text(error, true)),
        LoadError::Script(_) => load_error_text(error, true),
    }
}

/// Loads a variant for a command-line front-end: on failure, prints
/// [`load_error_report`] on standard error and gives None.
pub fn load_variant_or_report(script: &str) -> Option<Arc<Variant>> {
    load_variant(script)
        .map_err(|e| eprint!("{}", load_error_report(&e)))
        .ok()
}
