//! `varia export`: a compiled script as a Fairy-Stockfish `.ini` section.

use crate::ir::Variant;

/// Why a variant cannot be written for Fairy-Stockfish: the declaration
/// and the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot export `{declaration}`: {reason}")]
pub struct ExportError {
    /// The declaration (or feature) FS cannot express.
    pub declaration: String,
    /// Why.
    pub reason: String,
}

/// The `.ini` section for `variant`, named `name`.
pub fn export_variant(variant: &Variant, name: &str) -> Result<String, ExportError> {
    let _ = (variant, name);
    Err(ExportError {
        declaration: "variant".into(),
        reason: "export is not written yet".into(),
    })
}
