//! How long hooks may run: a wall-clock limit per hook call, one for all
//! the hook calls of a command (a `perft`, a `moves`, a move played in the
//! REPL, a search), and an interrupt flag a front-end raises (the REPL's
//! Ctrl-C).
//!
//! A front-end starts a command with [`begin_command`]; every hook call on
//! that thread until the returned guard drops shares its [`HookBudget`].
//! Outside a command only the per-call limit applies. The runtime checks
//! the budget from Rhai's progress callback, every [`CHECK_EVERY`]
//! operations, so a hook stops within a few microseconds of its limit
//! (no hook function blocks: `sleep` is not available).

use std::cell::{Cell, RefCell};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Wall-clock time one hook call may take: about twenty times what the
/// operation limit (200,000 operations, about 10 ms) costs, so that the
/// operation limit stops busy hooks and this one stops hooks whose
/// operations are slow (copies of large arrays, long sorts), even on a
/// loaded machine.
pub const PER_CALL: Duration = Duration::from_millis(200);

/// Wall-clock time all hook calls of one command may take together: twice
/// what the whole `perft 5` of the hook-written atomic chess takes
/// (tests/fixtures/hooks/atomic.variant: 4,864,979 leaves in 29 s on a
/// loaded 2-core machine, hooks and all), less than a perft of hooks that
/// each run near the operation limit (which took 97 s at depth 3).
pub const PER_COMMAND: Duration = Duration::from_secs(60);

/// The progress callback looks at the clock and the interrupt flag once
/// per this many operations.
pub const CHECK_EVERY: u64 = 64;

/// The time limits of the hook calls of one command.
#[derive(Clone, Debug)]
pub struct HookBudget {
    /// Wall-clock time one hook call may take.
    pub per_call: Duration,
    /// Wall-clock time the command's hook calls may take together.
    pub per_command: Duration,
    /// Raised by the front-end to stop the running hook (and every later
    /// one of the command) at once.
    pub interrupt: Option<Arc<AtomicBool>>,
}

impl Default for HookBudget {
    fn default() -> HookBudget {
        HookBudget {
            per_call: PER_CALL,
            per_command: PER_COMMAND,
            interrupt: None,
        }
    }
}

/// Why the budget stopped a hook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The call ran longer than its limit.
    Call(Duration),
    /// The command's hooks ran longer than its limit.
    Command(Duration),
    /// The front-end raised the interrupt flag.
    Interrupted,
}

impl Stop {
    /// The message of the [`crate::vm::HookError`] it causes.
    pub(crate) fn message(self) -> String {
        match self {
            Stop::Call(limit) => format!(
                "it ran longer than {}, the time one hook call may take",
                duration_words(limit)
            ),
            Stop::Command(limit) => format!(
                "hooks used more than {} in this command, the time one command may spend in hooks",
                duration_words(limit)
            ),
            Stop::Interrupted => INTERRUPTED.to_string(),
        }
    }
}

/// The message of a hook error caused by the interrupt flag.
pub const INTERRUPTED: &str = "interrupted";

/// A duration in words: "200 ms", "30 s", "1.5 s".
fn duration_words(d: Duration) -> String {
    if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else if d.subsec_millis() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

#[derive(Debug)]
struct Command {
    budget: HookBudget,
    used: Duration,
}

/// The running call's deadline and what passing it means.
#[derive(Clone, Copy)]
struct Call {
    deadline: Instant,
    stop: Stop,
}

thread_local! {
    static COMMAND: RefCell<Option<Command>> = const { RefCell::new(None) };
    static CALL: Cell<Option<Call>> = const { Cell::new(None) };
    static INTERRUPT: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Keeps a command's budget in force on this thread; dropping it restores
/// the budget that was in force before.
#[must_use = "the budget ends when the guard is dropped"]
#[derive(Debug)]
pub struct CommandGuard {
    previous: Option<Command>,
    // Bound to the thread whose hooks it limits.
    _not_send: PhantomData<*const ()>,
}

impl Drop for CommandGuard {
    fn drop(&mut self) {
        let previous = self.previous.take();
        COMMAND.with(|c| *c.borrow_mut() = previous);
    }
}

/// Starts a command: the hook calls on this thread until the guard drops
/// share `budget`.
pub fn begin_command(budget: HookBudget) -> CommandGuard {
    let previous = COMMAND.with(|c| {
        c.borrow_mut().replace(Command {
            budget,
            used: Duration::ZERO,
        })
    });
    CommandGuard {
        previous,
        _not_send: PhantomData,
    }
}

/// Runs one hook call under the budget: `run` is the call, which the
/// progress callback ([`check`]) stops when its deadline passes.
pub(crate) fn run_call<T>(run: impl FnOnce() -> T) -> Result<T, Stop> {
    let start = Instant::now();
    let (call, interrupt) = COMMAND.with(|c| match &*c.borrow() {
        None => Ok((
            Call {
                deadline: start + PER_CALL,
                stop: Stop::Call(PER_CALL),
            },
            None,
        )),
        Some(cmd) => {
            let b = &cmd.budget;
            if b.interrupt
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
            {
                return Err(Stop::Interrupted);
            }
            let left = b.per_command.saturating_sub(cmd.used);
            if left.is_zero() {
                return Err(Stop::Command(b.per_command));
            }
            let call = if left < b.per_call {
                Call {
                    deadline: start + left,
                    stop: Stop::Command(b.per_command),
                }
            } else {
                Call {
                    deadline: start + b.per_call,
                    stop: Stop::Call(b.per_call),
                }
            };
            Ok((call, b.interrupt.clone()))
        }
    })?;
    // A call inside another (a hook asking for the legal moves, which run
    // hooks) ends by the outer call's deadline too, and its time is the
    // outer call's: counted once, when the outer call ends.
    let outer_call = CALL.with(Cell::get);
    let call = match outer_call {
        Some(outer) if outer.deadline < call.deadline => outer,
        _ => call,
    };
    CALL.with(|c| c.set(Some(call)));
    let outer_interrupt = INTERRUPT.with(|i| i.replace(interrupt));
    let value = run();
    CALL.with(|c| c.set(outer_call));
    INTERRUPT.with(|i| *i.borrow_mut() = outer_interrupt);
    if outer_call.is_none() {
        let elapsed = start.elapsed();
        COMMAND.with(|c| {
            if let Some(cmd) = c.borrow_mut().as_mut() {
                cmd.used += elapsed;
            }
        });
    }
    Ok(value)
}

/// The progress callback's check, after `operations` operations of the
/// running call: why to stop it, if it must stop.
pub(crate) fn check(operations: u64) -> Option<Stop> {
    if !operations.is_multiple_of(CHECK_EVERY) {
        return None;
    }
    let interrupted = INTERRUPT.with(|i| {
        i.borrow()
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    });
    if interrupted {
        return Some(Stop::Interrupted);
    }
    let call = CALL.with(Cell::get)?;
    (Instant::now() >= call.deadline).then_some(call.stop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_words() {
        assert_eq!(duration_words(Duration::from_millis(200)), "200 ms");
        assert_eq!(duration_words(Duration::from_secs(30)), "30 s");
        assert_eq!(duration_words(Duration::from_millis(1500)), "1.5 s");
    }

    #[test]
    fn a_spent_command_budget_stops_the_next_call_before_it_runs() {
        let _guard = begin_command(HookBudget {
            per_call: Duration::from_secs(1),
            per_command: Duration::ZERO,
            interrupt: None,
        });
        let mut ran = false;
        assert_eq!(run_call(|| ran = true), Err(Stop::Command(Duration::ZERO)));
        assert!(!ran);
    }

    #[test]
    fn the_guard_restores_the_budget_before_it() {
        let flag = Arc::new(AtomicBool::new(true));
        {
            let _guard = begin_command(HookBudget {
                interrupt: Some(flag.clone()),
                ..HookBudget::default()
            });
            assert_eq!(run_call(|| ()), Err(Stop::Interrupted));
        }
        assert_eq!(run_call(|| 7), Ok(7));
    }
}
