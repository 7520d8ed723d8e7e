//! Compiling the script's Rhai hooks: each `hook` declaration's point is
//! named, and the bodies are compiled together with the sandboxed engine.

use std::sync::Arc;

use crate::diagnostics::{Code, ScriptError};
use crate::source::SourceId;
use crate::syntax::ast;

/// Compiles the hooks (None when the script has none, so the VM pays nothing).
pub(super) fn compile_hooks(
    decls: &[(&ast::HookDecl, SourceId)],
    errors: &mut Vec<ScriptError>,
) -> Option<Arc<crate::hooks::Hooks>> {
    use crate::hooks::{HookPoint, Hooks};
    let mut bodies = Vec::new();
    for (decl, _) in decls {
        match HookPoint::from_name(&decl.point.value) {
            Some(point) => bodies.push((point, decl.code.value.clone(), decl.code.span)),
            None => errors.push(
                ScriptError::new(
                    Code::HookUnknownPoint,
                    format!("unknown hook point `{}`", decl.point.value),
                    decl.point.span,
                    "no such hook",
                )
                .with_help("hooks run at game-end, move-filter, after-move or promotion"),
            ),
        }
    }
    if bodies.is_empty() {
        return None;
    }
    match Hooks::compile(&bodies) {
        Ok(h) => Some(Arc::new(h)),
        Err(mut es) => {
            errors.append(&mut es);
            None
        }
    }
}
