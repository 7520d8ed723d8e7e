//! Rhai hooks: the odd rules the language cannot say.
//!
//! A script attaches Rhai code at four points:
//! - `hook game-end { … }` after each move: return `()` while the game
//!   goes on, or `win("reason")`, `loss("reason")`, `draw("reason")` (for
//!   the side to move), or `winner("white", "reason")`;
//! - `hook move-filter { … }`: return `false` to forbid the move `mv`;
//! - `hook after-move { … }`: return an array of effects, `remove(sq)`,
//!   `put(sq, "Piece", "white")`, that change the board after the move
//!   (`pos` is the position after the move, `mv` the move);
//! - `hook promotion { … }`: return the names of the pieces a promotion
//!   `mv` may choose (a subset of the script's choices).
//!
//! The code sees a read-only view of the position (`pos`, see [`api`])
//! and acts only through its return value. It runs sandboxed: bounded
//! operations, call depth, expression depth, string, array and map
//! sizes, no `eval`, no file or network access (Rhai has none unless a
//! host registers it). A variant without hooks pays nothing: the VM
//! checks one `Option` per node.

pub mod api;

use std::sync::Arc;

use rhai::{Dynamic, Engine, Scope, AST};

use crate::diagnostics::{Code, ScriptError};
use crate::source::Span;

pub use api::{Effect, GameEnd, MoveView, PositionView};

/// Where a hook runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookPoint {
    /// After each move: does the game end?
    GameEnd,
    /// May this move be played?
    MoveFilter,
    /// What else changes after the move?
    AfterMove,
    /// Which promotion choices are allowed?
    Promotion,
}

impl HookPoint {
    /// The name used in scripts.
    pub fn name(self) -> &'static str {
        match self {
            HookPoint::GameEnd => "game-end",
            HookPoint::MoveFilter => "move-filter",
            HookPoint::AfterMove => "after-move",
            HookPoint::Promotion => "promotion",
        }
    }

    /// The point with this script name.
    pub fn from_name(name: &str) -> Option<HookPoint> {
        [
            HookPoint::GameEnd,
            HookPoint::MoveFilter,
            HookPoint::AfterMove,
            HookPoint::Promotion,
        ]
        .into_iter()
        .find(|p| p.name() == name)
    }
}

/// One compiled hook.
#[derive(Debug)]
pub struct Hook {
    /// Where it runs.
    pub point: HookPoint,
    ast: AST,
    /// The body's span in the script.
    pub span: Span,
    /// The body's text (to map Rhai's line and column back into the script).
    body: String,
}

impl Hook {
    /// The `//` comment lines of the hook's code, joined: what the rule is,
    /// in the script author's words.
    pub fn doc_comment(&self) -> String {
        let lines: Vec<&str> = self
            .body
            .lines()
            .map(str::trim)
            .filter_map(|l| l.strip_prefix("//"))
            .map(str::trim)
            .collect();
        lines.join(" ")
    }
}

/// A hook that failed while running (an error in its code, or a sandbox
/// limit); the move that triggered it is not played.
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

/// The hooks of a variant and the sandboxed engine that runs them.
pub struct Hooks {
    engine: Engine,
    /// The compiled hooks.
    pub hooks: Vec<Hook>,
}

impl std::fmt::Debug for Hooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hooks").field("hooks", &self.hooks).finish()
    }
}

/// The text put before a hook's body, on the body's first line.
const PREFIX: &str = "fn hook(pos, mv) {";

/// The sandboxed engine: standard packages only (no file or network
/// access exists in them), no `eval`, and limits on everything that can grow.
pub fn sandboxed_engine() -> Engine {
    let mut engine = Engine::new();
    engine.disable_symbol("eval");
    engine.set_max_operations(200_000);
    engine.set_max_call_levels(32);
    engine.set_max_expr_depths(64, 32);
    engine.set_max_string_size(4_096);
    engine.set_max_array_size(4_096);
    engine.set_max_map_size(256);
    engine.set_max_variables(256);
    engine.set_max_functions(64);
    engine.set_max_modules(0);
    engine.set_strict_variables(true);
    api::register(&mut engine);
    engine
}

impl Hooks {
    /// Compiles hook bodies; `body_span` points at each body's text in the script.
    ///
    /// # Errors
    /// Rhai's syntax errors, each pointing at its line in the script.
    pub fn compile(bodies: &[(HookPoint, String, Span)]) -> Result<Hooks, Vec<ScriptError>> {
        let engine = sandboxed_engine();
        let mut hooks = Vec::new();
        let mut errors = Vec::new();
        for (point, body, span) in bodies {
            let source = format!("{PREFIX}{body}\n}}");
            match engine.compile(&source) {
                Ok(ast) => hooks.push(Hook {
                    point: *point,
                    ast,
                    span: *span,
                    body: body.clone(),
                }),
                Err(e) => {
                    let at = map_position(body, *span, e.1);
                    errors.push(
                        ScriptError::new(
                            Code::HookSyntax,
                            format!("error in the {} hook: {}", point.name(), e.0),
                            at,
                            "here",
                        )
                        .with_help(
                            "hooks are Rhai code; see README.md for what `pos` and `mv` offer",
                        ),
                    );
                }
            }
        }
        if errors.is_empty() {
            Ok(Hooks { engine, hooks })
        } else {
            Err(errors)
        }
    }

    /// The hook at a point, if the script has one.
    pub fn get(&self, point: HookPoint) -> Option<&Hook> {
        self.hooks.iter().find(|h| h.point == point)
    }

    /// Whether the script has a hook at this point.
    pub fn has(&self, point: HookPoint) -> bool {
        self.get(point).is_some()
    }

    fn call(&self, hook: &Hook, pos: &PositionView, mv: Dynamic) -> Result<Dynamic, HookError> {
        let mut scope = Scope::new();
        self.engine
            .call_fn::<Dynamic>(&mut scope, &hook.ast, "hook", (pos.clone(), mv))
            .map_err(|e| HookError {
                point: hook.point,
                message: e.to_string(),
                span: map_position(&hook.body, hook.span, e.position()),
            })
    }

    /// Runs the game-end hook.
    ///
    /// # Errors
    /// The hook failed or returned something that is not a result.
    pub fn game_end(&self, pos: &PositionView) -> Result<Option<GameEnd>, HookError> {
        let Some(hook) = self.get(HookPoint::GameEnd) else {
            return Ok(None);
        };
        let value = self.call(hook, pos, Dynamic::UNIT)?;
        GameEnd::from_dynamic(value, pos).map_err(|message| HookError {
            point: hook.point,
            message,
            span: hook.span,
        })
    }

    /// Runs the move filter: may `mv` be played?
    ///
    /// # Errors
    /// The hook failed or did not return a boolean.
    pub fn allows(&self, pos: &PositionView, mv: &MoveView) -> Result<bool, HookError> {
        let Some(hook) = self.get(HookPoint::MoveFilter) else {
            return Ok(true);
        };
        let value = self.call(hook, pos, mv.to_dynamic())?;
        value.as_bool().map_err(|t| HookError {
            point: hook.point,
            message: format!("the move filter must return true or false, not {t}"),
            span: hook.span,
        })
    }

    /// Runs the after-move hook on the position after `mv`.
    ///
    /// # Errors
    /// The hook failed or returned something that is not a list of effects.
    pub fn after_move(&self, pos: &PositionView, mv: &MoveView) -> Result<Vec<Effect>, HookError> {
        let Some(hook) = self.get(HookPoint::AfterMove) else {
            return Ok(Vec::new());
        };
        let value = self.call(hook, pos, mv.to_dynamic())?;
        Effect::list_from_dynamic(value, &pos.variant).map_err(|message| HookError {
            point: hook.point,
            message,
            span: hook.span,
        })
    }

    /// Runs the promotion hook: the allowed choices (piece names) for `mv`.
    ///
    /// # Errors
    /// The hook failed or did not return an array of names.
    pub fn promotion_choices(
        &self,
        pos: &PositionView,
        mv: &MoveView,
    ) -> Result<Option<Vec<String>>, HookError> {
        let Some(hook) = self.get(HookPoint::Promotion) else {
            return Ok(None);
        };
        let value = self.call(hook, pos, mv.to_dynamic())?;
        let err = |message: String| HookError {
            point: hook.point,
            message,
            span: hook.span,
        };
        let array = value.into_array().map_err(|t| {
            err(format!(
                "the promotion hook must return an array of piece names, not {t}"
            ))
        })?;
        array
            .into_iter()
            .map(|d| {
                d.into_string()
                    .map_err(|t| err(format!("a promotion choice must be a piece name, not {t}")))
            })
            .collect::<Result<Vec<String>, HookError>>()
            .map(Some)
    }
}

/// Maps a Rhai position (line, column in the wrapped source) to a span in the script.
fn map_position(body: &str, span: Span, at: rhai::Position) -> Span {
    let (Some(line), col) = (at.line(), at.position().unwrap_or(1)) else {
        return span;
    };
    let mut offset = 0usize;
    if line == 1 {
        offset = col.saturating_sub(1 + PREFIX.len());
    } else {
        let mut seen = 1;
        for (i, ch) in body.char_indices() {
            if ch == '\n' {
                seen += 1;
                if seen == line {
                    offset = i + 1 + col.saturating_sub(1);
                    break;
                }
            }
        }
        if seen < line {
            return span;
        }
    }
    let offset = offset.min(body.len());
    let end = body[offset..].find('\n').map_or(body.len(), |n| offset + n);
    let end = if end == offset {
        (offset + 1).min(body.len())
    } else {
        end
    };
    span.sub(offset, end)
}

/// Shared, compiled hooks of a variant.
pub type SharedHooks = Arc<Hooks>;
