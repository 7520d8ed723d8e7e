//! The sandboxed runtime that runs a variant's compiled hooks
//! ([`crate::ir::hook::HookPrograms`]).
//!
//! One Rhai engine serves every variant: standard packages only (no file
//! or network access exists in them), no `eval`, the limits of
//! [`crate::ir::hook::limits`], and the position view's API
//! ([`super::api`]). Hooks see the position only through that view and act
//! only through their return value.

use std::cell::Cell;
use std::sync::OnceLock;

use rhai::{Dynamic, Engine, EvalAltResult, Scope};

use crate::ir::hook::{self, HookPoint, HookProgram, HookPrograms};
use crate::vm::hook_error::HookError;
use crate::vm::hooks::budget::{self, Stop};
use crate::vm::hooks::view::{Effect, GameEnd, MoveView, PositionView};

/// The sandboxed engine that runs hooks, built once.
pub(crate) fn sandboxed_engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(|| {
        let mut engine = Engine::new();
        hook::apply_sandbox_limits(&mut engine);
        // Also by name at run time (`Fn("sleep").call(1)`): nothing blocks.
        engine.register_fn("sleep", |_: i64| -> Result<(), Box<EvalAltResult>> {
            Err(hook::unavailable("sleep").into())
        });
        engine.register_fn("sleep", |_: f64| -> Result<(), Box<EvalAltResult>> {
            Err(hook::unavailable("sleep").into())
        });
        engine.on_progress(|operations| budget::check(operations).map(Dynamic::from));
        // Never into the program's output (`varia moves` prints moves there).
        engine.on_print(|text| eprintln!("{text}"));
        engine.on_debug(|text, _, at| eprintln!("{at:?} {text}"));
        super::api::register(&mut engine);
        engine
    })
}

thread_local! {
    /// The hook points whose hook is running on this thread (a bit each).
    static RUNNING: Cell<u8> = const { Cell::new(0) };
}

fn bit(point: HookPoint) -> u8 {
    match point {
        HookPoint::GameEnd => 1,
        HookPoint::MoveFilter => 2,
        HookPoint::AfterMove => 4,
        HookPoint::Promotion => 8,
    }
}

/// Whether the variant's hook at `point` is to run now: it exists and is
/// not running already on this thread. A hook that asks for what runs
/// hooks (`pos.legal_moves()`) gets the answer without itself, so no hook
/// runs inside itself and their nesting ends (four points deep at most).
pub(crate) fn runs(hooks: &HookPrograms, point: HookPoint) -> bool {
    hooks.has(point) && RUNNING.with(Cell::get) & bit(point) == 0
}

/// Marks a hook point running until dropped.
struct Running(u8);

impl Running {
    fn enter(point: HookPoint) -> Running {
        Running(RUNNING.with(|r| r.replace(r.get() | bit(point))))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.with(|r| r.set(self.0));
    }
}

fn call(hook: &HookProgram, pos: &PositionView, mv: Dynamic) -> Result<Dynamic, HookError> {
    let _running = Running::enter(hook.point);
    let mut scope = Scope::new();
    scope.push(hook::POSITION_VARIABLE, pos.clone());
    scope.push_dynamic(hook::MOVE_VARIABLE, mv);
    let engine = sandboxed_engine();
    let run = || engine.eval_ast_with_scope::<Dynamic>(&mut scope, &hook.ast);
    match budget::run_call(run) {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(rhai_error(hook, *e)),
        Err(stop) => Err(error(hook, stop.message())),
    }
}

/// A failure Rhai reported, at the innermost place it names: inside a
/// function the hook defines (or a closure it passed), not at the call.
fn rhai_error(hook: &HookProgram, e: EvalAltResult) -> HookError {
    let mut e = e;
    while let EvalAltResult::ErrorInFunctionCall(_, _, inner, _) = e {
        e = *inner;
    }
    let at = e.take_position();
    // A time limit or an interrupt stops the whole call, wherever it was.
    let whole_call = matches!(e, EvalAltResult::ErrorTerminated(..));
    let message = match e {
        EvalAltResult::ErrorTerminated(why, _) => why
            .try_cast::<Stop>()
            .map_or_else(|| "Script terminated".to_string(), Stop::message),
        // What the hook API said (a name it does not know, a failed query).
        EvalAltResult::ErrorRuntime(what, _) => what.to_string(),
        other => other.to_string(),
    };
    HookError {
        point: hook.point,
        message,
        span: hook.script_span(at),
        location: (!whole_call).then(|| hook.script_location(at)).flatten(),
    }
}

fn error(hook: &HookProgram, message: String) -> HookError {
    HookError {
        point: hook.point,
        message,
        span: hook.span,
        location: None,
    }
}

/// Runs the game-end hook.
///
/// # Errors
/// The hook failed or returned something that is not a result.
pub fn game_end(hooks: &HookPrograms, pos: &PositionView) -> Result<Option<GameEnd>, HookError> {
    let Some(hook) = hooks.get(HookPoint::GameEnd) else {
        return Ok(None);
    };
    let value = call(hook, pos, Dynamic::UNIT)?;
    GameEnd::from_dynamic(value, pos).map_err(|message| error(hook, message))
}

/// Runs the move filter: may `mv` be played?
///
/// # Errors
/// The hook failed or did not return a boolean.
pub fn allows(hooks: &HookPrograms, pos: &PositionView, mv: &MoveView) -> Result<bool, HookError> {
    let Some(hook) = hooks.get(HookPoint::MoveFilter) else {
        return Ok(true);
    };
    let value = call(hook, pos, mv.to_dynamic())?;
    value.as_bool().map_err(|t| {
        error(
            hook,
            format!("the move filter must return true or false, not {t}"),
        )
    })
}

/// Runs the after-move hook on the position after `mv`.
///
/// # Errors
/// The hook failed or returned something that is not a list of effects.
pub fn after_move(
    hooks: &HookPrograms,
    pos: &PositionView,
    mv: &MoveView,
) -> Result<Vec<Effect>, HookError> {
    let Some(hook) = hooks.get(HookPoint::AfterMove) else {
        return Ok(Vec::new());
    };
    let value = call(hook, pos, mv.to_dynamic())?;
    Effect::list_from_dynamic(value, pos.variant()).map_err(|message| error(hook, message))
}

/// Runs the promotion hook: the allowed choices (piece names) for `mv`.
///
/// # Errors
/// The hook failed or did not return an array of names.
pub fn promotion_choices(
    hooks: &HookPrograms,
    pos: &PositionView,
    mv: &MoveView,
) -> Result<Option<Vec<String>>, HookError> {
    let Some(hook) = hooks.get(HookPoint::Promotion) else {
        return Ok(None);
    };
    let value = call(hook, pos, mv.to_dynamic())?;
    let array = value.into_array().map_err(|t| {
        error(
            hook,
            format!("the promotion hook must return an array of piece names, not {t}"),
        )
    })?;
    array
        .into_iter()
        .map(|d| {
            d.into_string().map_err(|t| {
                error(
                    hook,
                    format!("a promotion choice must be a piece name, not {t}"),
                )
            })
        })
        .collect::<Result<Vec<String>, HookError>>()
        .map(Some)
}
