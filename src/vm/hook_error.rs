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
    /// Where in the script: the failing expression's line, or the whole
    /// hook when the failure belongs to no line (a limit of time, a value
    /// returned that the hook point does not take).
    pub span: Span,
    /// The line and column (from 1) in the script of the failing
    /// expression, if the failure has one.
    pub location: Option<(u32, u32)>,
}

impl std::fmt::Display for HookError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the {} hook failed", self.point.name())?;
        if let Some((line, column)) = self.location {
            write!(f, " at line {line}, column {column}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for HookError {}
