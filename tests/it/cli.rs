//! The `varia` command as a user runs it: output, errors and exit codes.

use std::path::Path;

use crate::common;
use common::bin::{stderr, stdout, varia};

#[test]
fn perft_prints_the_count_last() {
    let o = varia(&["perft", "scripts/chess.variant", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("8902"));
}

#[test]
fn perft_divide_splits_by_first_move() {
    let o = varia(&["perft", "scripts/chess.variant", "2", "--divide"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.lines().any(|l| l == "e2e4: 20"));
    assert_eq!(out.lines().filter(|l| l.contains(": ")).count(), 20);
    assert_eq!(out.lines().last(), Some("400"));
}

#[test]
fn moves_prints_coordinates() {
    let o = varia(&["moves", "scripts/chess.variant"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 20);
    assert!(out.lines().any(|l| l == "e2e4") && out.lines().any(|l| l == "g1f3"));

    let o = varia(&[
        "moves",
        "scripts/chess.variant",
        "--fen",
        "4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1",
    ]);
    let out = stdout(&o);
    for m in ["a7a8q", "a7a8r", "a7a8b", "a7a8n", "e1g1", "e1c1"] {
        assert!(out.lines().any(|l| l == m), "{m} in {out}");
    }
}

#[test]
fn the_built_in_chess_needs_no_file() {
    let o = varia(&["perft", "chess", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "400");
}

#[test]
fn every_script_checks() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts");
    let paths = varia::scripts_in_folder(&dir).unwrap();
    for path in &paths {
        let o = varia(&["check", path.to_str().unwrap()]);
        assert!(o.status.success(), "{}: {}", path.display(), stderr(&o));
        assert!(stdout(&o).contains(": ok"));
    }
    assert!(paths.len() > 20, "the scripts and the catalogue");
}

#[test]
fn help_prints_usage_and_no_arguments_open_the_repl() {
    let o = varia(&["--help"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(
        out.contains("Usage")
            && out.contains("perft")
            && out.contains("moves")
            && out.contains("check")
            && out.contains("play")
    );
    // Issue 5: `varia` alone opens the REPL on orthodox chess (here with
    // no input, so it leaves at once).
    let o = varia(&[]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("varia: Chess (White to move)"));
}

fn assert_one_line_error(o: &std::process::Output, needle: &str) {
    assert!(!o.status.success());
    let err = stderr(o);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains(needle), "{err}");
    assert!(!err.contains("panicked"));
}

#[test]
fn a_missing_file_is_one_clear_line() {
    let o = varia(&["perft", "no/such/file.variant", "2"]);
    assert_one_line_error(&o, "cannot read no/such/file.variant");
}

#[test]
fn a_bad_fen_is_one_clear_line() {
    let o = varia(&[
        "moves",
        "scripts/chess.variant",
        "--fen",
        "rnbqkbnr/pppppppp/8/8 w - - 0 1",
    ]);
    assert_one_line_error(&o, "bad FEN: the board has 8 ranks but the FEN gives 4");
    let o = varia(&[
        "perft",
        "scripts/chess.variant",
        "1",
        "--fen",
        "4k3/8/8/8/8/8/8/4K2X w - - 0 1",
    ]);
    assert_one_line_error(&o, "no piece has the letter `X`");
    let o = varia(&[
        "moves",
        "scripts/chess.variant",
        "--fen",
        "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
    ]);
    assert_one_line_error(&o, "the side to move is `w` or `b`");
}

#[test]
fn wrong_arguments_fail() {
    for args in [
        &["perft", "scripts/chess.variant"][..],
        &["perft", "scripts/chess.variant", "deep"],
        &["frobnicate"],
        &["moves"],
    ] {
        let o = varia(args);
        assert!(!o.status.success(), "{args:?}");
        assert!(!stderr(&o).is_empty());
        assert!(!stderr(&o).contains("panicked"));
    }
}

#[test]
fn check_counts_the_pieces_in_words() {
    let dir = std::env::temp_dir().join(format!("varia-cli-count-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("one.variant");
    std::fs::write(
        &path,
        "variant \"One\"\nboard 4 x 4\npiece Rook R \"R\"\nsetup \"r3/4/4/3R w - - 0 1\"\n",
    )
    .unwrap();
    let o = varia(&["check", path.to_str().unwrap()]);
    assert_eq!(
        stdout(&o),
        format!("{}: ok (One, 1 piece)\n", path.display())
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_script_shows_its_diagnostics() {
    let dir = std::env::temp_dir().join(format!("varia-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.variant");
    std::fs::write(&path, "import orthodox\nboard 8 x 8\npiece Wizard W \"X\"\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n").unwrap();
    let o = varia(&["check", path.to_str().unwrap()]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("unknown Betza atom `X`"), "{err}");
    assert!(err.contains("bad.variant:3:17"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_perft_front_end_reports_a_failing_hook() {
    let dir = std::env::temp_dir().join(format!("varia-cli-hook-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("broken-filter.variant");
    std::fs::write(&path, crate::common::scripts::FAILING_FILTER).expect("write the script");
    let path = path.to_str().expect("a UTF-8 path");
    // One ply deep the filter still answers.
    let o = varia(&["perft", path, "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("20"));
    for args in [
        &["perft", path, "2"][..],
        &["perft", path, "2", "--divide"],
        &["bench", path, "--depth", "2", "--runs", "1"],
    ] {
        let o = varia(args);
        assert!(!o.status.success(), "{args:?}: {}", stdout(&o));
        let err = stderr(&o);
        assert!(
            err.contains("the move-filter hook failed"),
            "{args:?}: {err}"
        );
        assert!(!stdout(&o).lines().any(|l| l == "400"), "{args:?}");
    }
    // The REPL's perft says so too, and the session goes on.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(["play", path])
        .env("VARIA_HOME", dir.join("home"))
        .env("NO_COLOR", "1")
        .stdin(std::fs::File::open(write_input(&dir, "perft 2\nperft 1\nquit\n")).unwrap())
        .output()
        .expect("varia runs");
    let out = stdout(&o);
    assert!(
        out.contains("perft failed: the move-filter hook failed"),
        "{out}"
    );
    assert!(out.contains("perft 1: 20"), "{out}");
}

fn write_input(dir: &Path, text: &str) -> std::path::PathBuf {
    let path = dir.join("input.txt");
    std::fs::write(&path, text).expect("write the input");
    path
}

#[test]
fn explain_error_explains_a_code_by_its_full_or_last_name() {
    let full = varia(&["explain-error", "varia::compile::bad_setup"]);
    assert!(full.status.success(), "{}", stderr(&full));
    let text = stdout(&full);
    let explanation = varia::diagnostics::Code::CompileBadSetup.explanation();
    assert_eq!(
        text,
        format!("varia::compile::bad_setup\n\n{explanation}\n")
    );
    let short = varia(&["explain-error", "bad_setup"]);
    assert_eq!(stdout(&short), text);
    // Every code is listed once, each with its explanation.
    let all = stdout(&varia(&["explain-error"]));
    for code in varia::diagnostics::Code::ALL {
        assert_eq!(all.matches(&format!("{code}\n")).count(), 1, "{code}");
        assert!(all.contains(code.explanation()), "{code}");
    }
    let unknown = varia(&["explain-error", "no_such_code"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert_eq!(
        stderr(&unknown),
        "error: no diagnostic code `no_such_code`; `varia explain-error` lists them all\n"
    );
    assert!(stdout(&unknown).is_empty());
}
