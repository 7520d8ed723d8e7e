//! The bridge to Fairy-Stockfish's variant definitions (its `variants.ini`
//! format, which pychess-variants takes too): `varia import` reads a
//! section into a varia script (`import`), `varia export` writes a script
//! as a section (`export`). `ini` reads the format, `fs` knows FS's
//! pieces and inheritance, `built_ins` the FS built-ins it knows.

mod built_ins;
#[cfg(feature = "cli")]
pub mod cli;
pub mod export;
pub mod fs;
pub mod import;
pub mod ini;

/// Why a section could not be imported: the option (or `section`,
/// `parent`) and its line in the `.ini` (none when a built-in parent set it).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("[{section}]{}: option `{option}`: {reason}", line.map(|l| format!(" line {l}")).unwrap_or_default())]
pub struct ImportError {
    /// The section being imported.
    pub section: String,
    /// The 1-based line of the option.
    pub line: Option<usize>,
    /// The option's name.
    pub option: String,
    /// What varia cannot do with it.
    pub reason: String,
}

/// Whether a section name can be a file name (letters, digits, `-`, `_`,
/// `.`, not starting with `.`).
pub fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}
