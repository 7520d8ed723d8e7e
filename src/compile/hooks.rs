//! Compiling the script's Rhai hooks: each `hook` declaration's point is
//! named and its body parsed into a program the IR holds as data
//! ([`crate::ir::hook::HookPrograms`]), once `hook_check` has found its
//! calls and names sound; the VM's runtime runs them.

use std::sync::Arc;

use crate::compile::hook_check::{check_hook, HookSource, VariantNames};
use crate::diagnostics::{Code, ScriptError};
use crate::ir::hook::{self, HookPoint, HookProgram, HookPrograms};
use crate::ir::Variant;
use crate::source::{SourceId, Span};
use crate::syntax::ast;

/// Compiles the hooks (None when the script has none, so the VM pays nothing).
pub(super) fn compile_hooks(
    decls: &[(&ast::HookDecl, SourceId)],
    variant: &Variant,
    errors: &mut Vec<ScriptError>,
) -> Option<Arc<HookPrograms>> {
    let mut bodies = Vec::new();
    for (decl, _) in decls {
        match HookPoint::from_name(&decl.point.value) {
            Some(point) => bodies.push((point, decl)),
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
    // Parsing needs an engine; it gets the runtime's limits, so that the
    // two accept the same programs. It never runs anything. Programs are
    // parsed as written (not optimised), for the checks to see them so.
    let mut parser = rhai::Engine::new();
    hook::apply_sandbox_limits(&mut parser);
    parser.set_optimization_level(rhai::OptimizationLevel::None);
    let scope = hook::compile_scope();
    let names = VariantNames::of(variant);
    let mut programs = HookPrograms::default();
    let mut failed = false;
    for (point, decl) in bodies {
        let (body, span) = (decl.code.value.clone(), decl.code.span);
        match parser.compile_with_scope(&scope, &body) {
            Ok(ast) => {
                let before = errors.len();
                let source = HookSource {
                    point,
                    body: &body,
                    span,
                };
                check_hook(&ast, &source, &names, errors);
                failed |= errors.len() > before;
                let ast =
                    parser.optimize_ast(&rhai::Scope::new(), ast, rhai::OptimizationLevel::Simple);
                programs.hooks.push(HookProgram {
                    point,
                    ast,
                    span,
                    body,
                    line: decl.line,
                    column: decl.column,
                });
            }
            Err(e) => {
                failed = true;
                errors.push(syntax_error(point, &body, span, &e));
            }
        }
    }
    if failed {
        None
    } else {
        Some(Arc::new(programs))
    }
}

/// The diagnostic of a hook body Rhai cannot parse.
fn syntax_error(point: HookPoint, body: &str, span: Span, e: &rhai::ParseError) -> ScriptError {
    let at = hook::script_span(body, span, e.1);
    // Rhai names a disabled word after a dot only as "Expecting name of a property".
    let rest = &body[(at.start - span.start) as usize..];
    let disabled = hook::limits::DISABLED_SYMBOLS.iter().find(|word| {
        rest.strip_prefix(**word)
            .is_some_and(|after| !after.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
    });
    let reason = disabled.map_or_else(|| e.0.to_string(), |word| hook::unavailable(word));
    ScriptError::new(
        Code::HookSyntax,
        format!("error in the {} hook: {reason}", point.name()),
        at,
        "here",
    )
    .with_help("hooks are Rhai code; see README.md for what `pos` and `mv` offer")
}
