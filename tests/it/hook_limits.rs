//! Hooks that cannot crash, hang or exhaust varia (issue 11): spans of
//! errors in hooks with non-ASCII text, the memory a hook may build, its
//! time per call and per command, interruption, where `print` writes, and
//! out-of-range numbers given to the hook API.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use varia::compile_source;
use varia::diagnostics::Code;
use varia::vm::hooks::{begin_command, HookBudget};
use varia::vm::perft::perft;
use varia::vm::Position;

/// A script with one game-end hook whose body is `body`.
fn with_game_end(body: &str) -> String {
    format!(
        "import orthodox\nboard 8 x 8\nhook game-end {{{body}}}\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n"
    )
}

#[test]
fn a_syntax_error_after_non_ascii_text_points_at_its_characters() {
    let script = with_game_end(" \"éééééé\"; xyz ");
    let errors = compile_source("accents.variant", &script).unwrap_err();
    let e = &errors.errors[0];
    assert_eq!(e.code, Code::HookSyntax);
    let text = &script[e.span.start as usize..e.span.end as usize];
    assert_eq!(text, "xyz ");
}

#[test]
fn a_syntax_error_on_a_later_line_after_non_ascii_text_points_at_its_characters() {
    let script = with_game_end("\n    let s = \"ééé\"; let t = \"ü\"; xyz;\n");
    let errors = compile_source("accents.variant", &script).unwrap_err();
    let e = &errors.errors[0];
    assert_eq!(e.code, Code::HookSyntax);
    assert_eq!(&script[e.span.start as usize..e.span.end as usize], "xyz;");
}

#[test]
fn a_runtime_error_after_non_ascii_text_points_at_its_characters() {
    let script = with_game_end(" let s = \"éééééééééé\"; pos.count(\"white\", s) ");
    let v = compile_source("accents.variant", &script).unwrap();
    let e = Position::start(&v).legal_moves().unwrap_err();
    assert!(e.message.contains("éééééééééé"), "{}", e.message);
    assert_eq!(
        &script[e.span.start as usize..e.span.end as usize],
        "count(\"white\", s) "
    );
    // Line 3, counted in characters: `count` starts at the 43rd.
    assert_eq!(e.location, Some((3, 43)));
}

#[test]
fn an_unknown_method_after_non_ascii_text_is_reported_before_running() {
    let script = with_game_end(" let s = \"éééééééééé\"; s.nosuchfn() ");
    let (code, message, text) = compile_error(&script);
    assert_eq!(code, Code::HookUnknownFunction);
    assert_eq!(message, "unknown method `nosuchfn`");
    assert_eq!(text, "nosuchfn");
}

/// The error of a script that must not compile, with its text in the script.
fn compile_error(script: &str) -> (Code, String, String) {
    let errors = compile_source("hook.variant", script).unwrap_err();
    let e = &errors.errors[0];
    let text = script[e.span.start as usize..e.span.end as usize].to_string();
    (e.code, e.message.clone(), text)
}

/// Currying stored values where Rhai's size limits did not count them: a
/// function curried with itself 26 times took more than 2 GB.
#[test]
fn hooks_cannot_curry() {
    for body in [
        " let f = |x| x; for i in 0..26 { f = f.curry(f); } () ",
        " let f = |x| x; for i in 0..26 { f = curry(f, f); } () ",
    ] {
        let (code, message, text) = compile_error(&with_game_end(body));
        assert_eq!(code, Code::HookSyntax);
        assert_eq!(
            message,
            "error in the game-end hook: `curry` is not available in hooks"
        );
        assert!(text.starts_with("curry("), "{text}");
    }
}

/// Captured variables escaped the size limits too: 4,000 closures each
/// holding a copy of a 4,000-item array (about 1 GB in 60,000 rounds).
#[test]
fn closures_cannot_capture_variables() {
    let body = " let a = []; a.pad(1000, 0); let b = []; for j in 0..4000 { let c = a; b.push(|| c); } () ";
    let (code, message, text) = compile_error(&with_game_end(body));
    assert_eq!(code, Code::HookSyntax);
    assert_eq!(message, "error in the game-end hook: Undefined variable: c");
    assert!(text.starts_with("c); }"), "{text}");
}

/// A closure that only uses its parameters still works.
#[test]
fn closures_without_captures_still_work() {
    let script = with_game_end(
        " let n = pos.pieces(\"white\").filter(|s| s != \"e1\").len(); if n == 0 { () } else { win(\"\") } ",
    );
    let v = compile_source("closures.variant", &script).unwrap();
    assert_eq!(Position::start(&v).legal_moves().map(|m| m.len()), Ok(5));
}

#[test]
fn hooks_cannot_sleep() {
    // Written out: reported before anything runs.
    for body in [
        " sleep(0); () ",
        " sleep(0.0); () ",
        " Fn(\"sleep\").call(0); () ",
    ] {
        let (code, message, _) = compile_error(&with_game_end(body));
        assert_eq!(code, Code::HookUnknownFunction);
        assert_eq!(
            message, "error in the game-end hook: `sleep` is not available in hooks",
            "{body}"
        );
    }
    // Named at run time: the runtime refuses it.
    let body = " let name = \"sle\" + \"ep\"; Fn(name).call(0); () ";
    let v = compile_source("sleep.variant", &with_game_end(body)).unwrap();
    let e = Position::start(&v).legal_moves().unwrap_err();
    assert!(
        e.message.contains("`sleep` is not available in hooks"),
        "{}",
        e.message
    );
}

/// A hook whose operations are slow (each round copies a 1,000-item
/// array): the operation limit would stop it only after about a second.
const SLOW: &str = " let a = []; a.pad(1000, 0); loop { let b = a; let c = a; } ";

fn budget(per_call_ms: u64, per_command_ms: u64, interrupt: Option<Arc<AtomicBool>>) -> HookBudget {
    HookBudget {
        per_call: Duration::from_millis(per_call_ms),
        per_command: Duration::from_millis(per_command_ms),
        interrupt,
    }
}

#[test]
fn a_hook_call_stops_at_its_time_limit() {
    let v = compile_source("slow.variant", &with_game_end(SLOW)).unwrap();
    let _budget = begin_command(budget(5, 10_000, None));
    let t = Instant::now();
    let e = Position::start(&v).legal_moves().unwrap_err();
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    assert_eq!(
        e.to_string(),
        "the game-end hook failed: it ran longer than 5 ms, the time one hook call may take"
    );
}

/// Hooks that each stay under the call limit (a few milliseconds) but add
/// up in a perft: the command's budget stops them.
#[test]
fn the_hooks_of_one_command_stop_at_its_time_limit() {
    let body = " let x = 0; for i in 0..20000 { x += i; } () ";
    let v = compile_source("busy.variant", &with_game_end(body)).unwrap();
    let mut pos = Position::start(&v);
    let _budget = begin_command(budget(1_000, 30, None));
    let t = Instant::now();
    let e = perft(&mut pos, 3).unwrap_err();
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    assert_eq!(
        e.to_string(),
        "the game-end hook failed: hooks used more than 30 ms in this command, the time one command may spend in hooks"
    );
    drop(_budget);
    // A new command has a new budget.
    let _budget = begin_command(budget(1_000, 10_000, None));
    assert_eq!(perft(&mut pos, 1), Ok(5));
}

#[test]
fn a_raised_interrupt_flag_stops_a_running_hook() {
    let v = compile_source("slow.variant", &with_game_end(SLOW)).unwrap();
    let flag = Arc::new(AtomicBool::new(false));
    let raiser = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let _budget = begin_command(budget(10_000, 10_000, Some(flag.clone())));
    let t = Instant::now();
    let e = Position::start(&v).legal_moves().unwrap_err();
    raiser.join().unwrap();
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    assert_eq!(e.to_string(), "the game-end hook failed: interrupted");
    // Still raised: the next hook call of the command does not start.
    let e = Position::start(&v).legal_moves().unwrap_err();
    assert_eq!(e.message, "interrupted");
}

/// `print` and `debug` in a hook write to stderr, never into the output
/// of `varia moves`.
#[test]
fn hook_print_goes_to_stderr() {
    let dir = std::env::temp_dir().join(format!("varia-hook-print-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("print.variant");
    std::fs::write(
        &path,
        with_game_end(" print(\"said-by-print\"); debug(\"said-by-debug\"); () "),
    )
    .unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(["moves", path.to_str().unwrap()])
        .output()
        .unwrap();
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert!(o.status.success(), "{err}");
    assert!(!out.contains("said-by"), "{out}");
    assert!(
        err.contains("said-by-print") && err.contains("said-by-debug"),
        "{err}"
    );
    assert_eq!(out.lines().count(), 5, "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Numbers out of range are no square, not a wrapped one.
#[test]
fn pos_square_with_out_of_range_numbers_is_no_square() {
    let body = r#" let probes = [
        pos.square(4294967297, 4294967297), pos.square(4294967297, 1), pos.square(1, -4294967295),
        pos.square(-9223372036854775807 - 1, 1), pos.square(9223372036854775807, 1), pos.square(0, 1),
    ];
    if probes.all(|p| p == ()) && pos.square(1, 1) == "a1" && pos.square(8, 8) == "h8" { () } else { win(`${probes}`) } "#;
    let v = compile_source("square.variant", &with_game_end(body)).unwrap();
    assert_eq!(Position::start(&v).legal_moves().map(|m| m.len()), Ok(5));
}

/// A counter set beyond what it holds is an error, not a clamped value.
#[test]
fn set_counter_out_of_range_is_an_error() {
    let script = "import orthodox\nboard 8 x 8\ncounter checks = 3\nhook after-move {\n    [set_counter(\"checks\", \"white\", 4294967297)]\n}\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1\"\n";
    let v = compile_source("counter.variant", script).unwrap();
    let mut pos = Position::start(&v);
    let e = perft(&mut pos, 1).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the after-move hook failed: set_counter: 4294967297 is out of range (counters hold -2147483648 to 2147483647)"
    );
}

/// The queries that do a lot of work per call (the legal moves, which
/// may run other hooks) are bounded by the hook's limits: a hook asking
/// for them in a loop is stopped, not hung.
#[test]
fn a_hook_asking_for_legal_moves_in_a_loop_is_stopped() {
    let v = compile_source(
        "moves.variant",
        &with_game_end(" loop { let m = pos.legal_moves(); } "),
    )
    .unwrap();
    let _budget = begin_command(budget(50, 10_000, None));
    let t = Instant::now();
    let e = Position::start(&v).legal_moves().unwrap_err();
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    assert!(
        e.message.contains("ran longer than 50 ms") || e.message.contains("operations"),
        "{e}"
    );
}

/// The cheap queries in a loop: the operation limit stops them.
#[test]
fn a_hook_asking_for_attacks_in_a_loop_is_stopped() {
    let v = compile_source(
        "attacks.variant",
        &with_game_end(" loop { pos.attacked(\"e4\", \"black\"); pos.en_passant(); pos.last_move(); pos.repetitions(); } "),
    )
    .unwrap();
    let t = Instant::now();
    let e = Position::start(&v).legal_moves().unwrap_err();
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    assert!(
        e.message.contains("operations") || e.message.contains("ran longer"),
        "{e}"
    );
}

/// A hook inside another (a move filter run by a game-end hook's
/// `pos.legal_moves()`) ends by the outer call's deadline: the game-end
/// hook below, asking for the moves again and again (each time five filter
/// calls of a few milliseconds), stops when its own time is up, although
/// it runs only a few operations of its own between the filter calls.
#[test]
fn a_nested_hook_stops_at_the_outer_deadline() {
    let filter = " let x = 0; for i in 0..50000 { x += i; } true ";
    let script = format!(
        "import orthodox\nboard 8 x 8\nhook move-filter {{{filter}}}\nhook game-end {{ loop {{ pos.legal_moves(); }} }}\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n"
    );
    let v = compile_source("nested.variant", &script).unwrap();
    let _budget = begin_command(budget(30, 10_000, None));
    let t = Instant::now();
    let e = Position::start(&v).legal_moves().unwrap_err();
    assert!(
        t.elapsed() < Duration::from_millis(150),
        "{:?}",
        t.elapsed()
    );
    assert!(e.message.contains("30 ms"), "{e}");
}
