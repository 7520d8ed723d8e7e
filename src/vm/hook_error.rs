//! `HookError`: a variant's hook that failed while the VM ran it. Its own
//! file so that the VM's files and the hook runtime (`hooks/`) both point
//! at it, and neither at the other.

use crate::ir::hook::HookPoint;
use crate::source::Span;

/// A hook that failed while running (an error in its code, or a sandbox
/// limit); the move or query that ran it has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookError {
    /// Which hook.
    pub point: HookPoint,
    /// What Rhai said.
    pub message: String,
    /// Where in the script (the hook's line, if Rhai gave one).
    pub span: Span,
}

impl std::fmt::Display for HookError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the {} hook failed: {}", self.point.name(), self.message)
    }
}

impl std::error::Error for HookError {}
