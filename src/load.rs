//! Loading a script: compile it, then check its start position with the
//! VM. This is the library's entry point for scripts ([`compile_source`],
//! [`compile_path`], re-exported at the crate root).
//!
//! Why a module of its own, above `vm`: the compiler checks the start
//! position for everything the data can tell (placement, letters, voids,
//! castling rights, en passant, royal pieces), but whether the side not to
//! move is in check needs attacks, which are the VM's. The layers only
//! point down (compile is below vm), so the compiler cannot ask the VM;
//! this module, above both, asks it and reports the answer as the same
//! `varia::compile::bad_setup` diagnostic, pointing into the setup FEN.
//!
//! The front-ends (the command line, the teaching commands, the REPL) load
//! through here too ([`load_variant`]), and share the text that tells the
//! user why a variant could not be loaded ([`load_error_text`]).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::compile::setup::{setup_error, SetupField};
use crate::compile::{compile_script, Compiled};
use crate::diagnostics::ScriptErrors;
use crate::ir::Variant;
use crate::vm::{Position, PositionErrorKind};

/// Why a script could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// The path.
        path: String,
        /// The reason.
        message: String,
    },
    /// The script has errors.
    #[error("{0}")]
    Script(ScriptErrors),
}

/// Compiles the script at a path. A path that names no file but a built-in
/// script (`chess`) loads that.
///
/// # Errors
/// The file cannot be read, or the script has errors.
pub fn compile_path(path: &str) -> Result<Arc<Variant>, LoadError> {
    let text = match read_bounded(Path::new(path)) {
        Ok(t) => t,
        Err(e) => match crate::stdlib::script(path) {
            Some(t) => t.to_string(),
            None => {
                return Err(LoadError::Io {
                    path: path.to_string(),
                    message: e.to_string(),
                })
            }
        },
    };
    compile_source(path, &text).map_err(LoadError::Script)
}

/// Reads a script, but no more than one byte past the size limit: a larger
/// file is then refused by the parser's size check without being read whole.
fn read_bounded(path: &Path) -> std::io::Result<String> {
    use std::io::Read;
    let limit = crate::syntax::limits::MAX_SCRIPT_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 >= limit {
        // Too large anyway: a character cut at the end does not matter.
        return Ok(String::from_utf8_lossy(&bytes).into_owned());
    }
    String::from_utf8(bytes).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

/// Compiles a script given as text (`name` is shown in diagnostics) and
/// checks that its start position is a legal position.
///
/// # Errors
/// Every error found, each with its span.
///
/// # Examples
///
/// ```
/// let script = r#"
///     variant "Chess"
///     import orthodox
///     board 8 x 8
///     setup "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/// "#;
/// let variant = varia::compile_source("chess.variant", script).unwrap();
/// assert_eq!(variant.pieces.len(), 6);
/// ```
pub fn compile_source(name: &str, text: &str) -> Result<Arc<Variant>, ScriptErrors> {
    let Compiled {
        variant,
        setup,
        sources,
    } = compile_script(name, text)?;
    let variant = Arc::new(variant);
    match Position::from_setup(&variant, &variant.start) {
        Ok(_) => Ok(variant),
        Err(e) => {
            let errors = e
                .kinds
                .iter()
                .map(|kind| {
                    let help = match kind {
                        PositionErrorKind::OppositeCheck => {
                            "the side that just moved may not have left its royal piece attacked"
                        }
                        // The compiler has checked the rest; kept for safety.
                        _ => "the setup must be a legal position of the variant",
                    };
                    setup_error(
                        &setup,
                        SetupField::Placement,
                        &format!("bad setup: {kind}"),
                        "this placement",
                        help,
                    )
                })
                .collect();
            Err(ScriptErrors { errors, sources })
        }
    }
}

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

/// The `.variant` scripts of a folder and of its subfolders (one level
/// down: `scripts/` and its catalogue `scripts/fairy-stockfish/`), sorted
/// by file name, then path. A file reached twice (a symbolic link to a
/// script elsewhere: the catalogue's `chess`, or `mini` for `minishogi`) is
/// listed once, under its own path (the link's, if both are links).
///
/// # Errors
/// The folder cannot be read (a subfolder that cannot be read is skipped).
pub fn scripts_in_folder(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    fn variant_files(dir: &Path) -> std::io::Result<(Vec<PathBuf>, Vec<PathBuf>)> {
        let mut files = Vec::new();
        let mut folders = Vec::new();
        for entry in std::fs::read_dir(dir)?.filter_map(Result::ok) {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.is_file() && path.extension().is_some_and(|e| e == "variant") {
                files.push(path);
            }
        }
        Ok((files, folders))
    }
    let (mut found, mut folders) = variant_files(dir)?;
    folders.sort();
    for folder in folders {
        if let Ok((files, _)) = variant_files(&folder) {
            let mut files = files;
            files.sort();
            found.extend(files);
        }
    }
    // Real files before links, so that a file reached twice keeps its own path.
    found.sort_by_key(|p| p.is_symlink());
    let mut seen = std::collections::HashSet::new();
    found.retain(|p| seen.insert(std::fs::canonicalize(p).unwrap_or_else(|_| p.clone())));
    found.sort_by(|a, b| a.file_name().cmp(&b.file_name()).then(a.cmp(b)));
    Ok(found)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The text of every `.rs` file under a folder of `src/`.
    fn sources(folder: &str) -> Vec<(String, String)> {
        fn walk(dir: &Path, out: &mut Vec<(String, String)>) {
            for entry in std::fs::read_dir(dir).expect("a source folder") {
                let path = entry.expect("a directory entry").path();
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).expect("a source file");
                    out.push((path.display().to_string(), text));
                }
            }
        }
        let mut out = Vec::new();
        walk(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("src")
                .join(folder),
            &mut out,
        );
        assert!(!out.is_empty(), "src/{folder} has sources");
        out
    }

    /// The layers below the VM name nothing above them: syntax knows no
    /// IR or compiler, the IR no syntax, compiler, VM or notation, the
    /// compiler no VM or notation (this module asks the VM for them).
    #[test]
    fn the_layers_below_the_vm_point_only_down() {
        let rules: &[(&str, &[&str])] = &[
            (
                "syntax",
                &[
                    "crate::ir",
                    "crate::compile",
                    "crate::vm",
                    "crate::notation",
                ],
            ),
            (
                "ir",
                &[
                    "crate::syntax",
                    "crate::compile",
                    "crate::vm",
                    "crate::notation",
                ],
            ),
            ("compile", &["crate::vm", "crate::notation", "crate::load"]),
        ];
        for (folder, forbidden) in rules {
            for (path, text) in sources(folder) {
                for name in *forbidden {
                    assert!(!text.contains(name), "{path} names {name}");
                }
            }
        }
    }

    /// A start position whose side not to move is in check is reported by
    /// the VM's check, as the compiler reports the others: a `bad_setup`
    /// pointing at the placement.
    #[test]
    fn the_vm_check_of_the_start_position_is_a_setup_diagnostic() {
        let script = "variant \"x\"\nimport orthodox\nboard 8 x 8\nsetup \"4k3/8/8/8/8/8/8/4K2r b - - 0 1\"\n";
        let errors = super::compile_source("x.variant", script).unwrap_err();
        assert_eq!(errors.errors.len(), 1);
        let error = &errors.errors[0];
        assert_eq!(error.code, crate::diagnostics::Code::CompileBadSetup);
        assert_eq!(error.message, "bad setup: the side not to move is in check");
        let at = script.find("4k3").expect("the placement");
        assert_eq!(error.span.start as usize, at);
        assert_eq!(error.span.end as usize, at + "4k3/8/8/8/8/8/8/4K2r".len());
    }
}
