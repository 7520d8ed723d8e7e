//! Front-ends that survive everything (issue 11): the perft depth cap in
//! every front-end, move counters that never wrap, user text echoed with
//! its control characters escaped, `go` when a hook fails, a REPL that
//! keeps the game through a command that fails badly, and `varia … | head`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common;
use common::bin::{stderr, stdout, varia};
use varia::game::Game;
use varia::notation::fen::write_fen;
use varia::repl::Session;

fn temp_dir(name: &str) -> PathBuf {
    common::bin::temp_dir("front", name)
}

fn run(session: &mut Session, line: &str) -> String {
    let mut out = Vec::new();
    session.execute(line, &mut out);
    String::from_utf8(out).expect("text")
}

#[test]
fn every_perft_front_end_refuses_a_depth_past_the_cap() {
    for args in [
        &["perft", "chess", "4294967295"][..],
        &["perft", "chess", "1000000"],
        &["perft", "chess", "21", "--divide"],
        &["bench", "chess", "--depth", "4294967295", "--runs", "1"],
    ] {
        let o = varia(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let depth = if args[0] == "bench" { args[3] } else { args[2] };
        assert_eq!(
            stderr(&o),
            format!("error: perft depth {depth} is too deep: at most 20\n"),
            "{args:?}"
        );
        assert_eq!(stdout(&o), "", "{args:?}");
    }
    let mut session = Session::new("chess").expect("built in");
    assert_eq!(
        run(&mut session, "perft 4294967295"),
        "perft depth 4294967295 is too deep: at most 20\n"
    );
    assert!(run(&mut session, "perft 1").starts_with("perft 1: 20 ("));
}

#[test]
fn move_counters_stop_at_their_maximum_and_the_fen_reads_back() {
    let variant = varia::compile_path("chess").expect("built in");
    let fen = "4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295";
    let mut game = Game::from_fen(&variant, fen).expect("a FEN at the maximum reads");
    game.play_text("Kd8").expect("plays");
    let written = write_fen(game.position());
    assert_eq!(written, "3k4/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295");
    let again = Game::from_fen(&variant, &written).expect("reads back");
    assert_eq!(write_fen(again.position()), written);
}

#[test]
fn user_text_is_echoed_with_control_characters_escaped() {
    let mut session = Session::new("chess").expect("built in");
    for line in [
        "e\u{1b}[2J4",
        "moves \u{1b}[2J",
        "show \u{1b}[2J",
        "open \u{1b}[2J.pgn",
        "load \u{1b}[2J.variant",
        "fen 8/8/8/8/8/8/8/\u{1b}[2J w - - 0 1",
    ] {
        let text = run(&mut session, line);
        assert!(!text.contains('\u{1b}'), "{line:?}: {text:?}");
        assert!(text.contains("\\u{1b}"), "{line:?}: {text:?}");
    }
    // A game file whose tags and moves hold escape sequences.
    let dir = temp_dir("escape");
    let pgn = dir.join("evil.pgn");
    std::fs::write(&pgn, "[Variant \"\u{1b}[2JEvil\"]\n\n1. e4 *\n").expect("write");
    let text = run(&mut session, &format!("open {}", pgn.display()));
    assert_eq!(
        text,
        format!(
            "{} is a game of \\u{{1b}}[2JEvil, not Chess: load its script first\n",
            pgn.display()
        )
    );
    std::fs::write(&pgn, "1. e4 \u{1b}[2J *\n").expect("write");
    let text = run(&mut session, &format!("open {}", pgn.display()));
    assert!(text.contains("\\u{1b}[2J"), "{text:?}");
    assert!(!text.contains('\u{1b}'), "{text:?}");
    // The command line too.
    let o = varia(&[
        "moves",
        "chess",
        "--fen",
        "8/8/8/8/8/8/8/\u{1b}[2J w - - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!stderr(&o).contains('\u{1b}'), "{}", stderr(&o));
    assert!(stderr(&o).contains("\\u{1b}"), "{}", stderr(&o));
}

#[test]
fn go_reports_a_failing_hook_and_plays_nothing() {
    let dir = temp_dir("go");
    let path = dir.join("broken-filter.variant");
    std::fs::write(&path, common::scripts::FAILING_FILTER).expect("write the script");
    let mut session = Session::new(path.to_str().expect("UTF-8")).expect("loads");
    run(&mut session, "level 2");
    let text = run(&mut session, "go");
    assert!(!text.contains("varia plays"), "{text}");
    assert!(
        text.starts_with("the computer cannot move: the move-filter hook failed"),
        "{text}"
    );
    assert!(
        text.ends_with("nothing was played, and the computer now plays neither side\n"),
        "{text}"
    );
    assert!(session.moves().is_empty());
}

/// A script whose hook has an error in non-ASCII text: compiling it
/// panicked (issue 11, item 1); whatever `load` does with it, the game in
/// progress must stay.
const RISKY: &str = r#"variant "Risky"
import orthodox
board 8 x 8
hook game-end { "éééééé"; xyz }
setup "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
"#;

#[test]
fn a_session_keeps_its_game_through_every_hole() {
    let dir = temp_dir("holes");
    let risky = dir.join("risky.variant");
    std::fs::write(&risky, RISKY).expect("write");
    let mut session = Session::new("chess").expect("built in");
    session.recovery_dir = Some(dir.join("home"));
    run(&mut session, "e4");
    let risky = risky.to_str().expect("UTF-8");
    for line in [
        format!("load {risky}"),
        "perft 4294967295".to_string(),
        "perft 1000000".to_string(),
        "fen 4k3/8/8/8/8/8/8/4K3 w - - -1+3 0 1".to_string(),
        "fen 4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999".to_string(),
        format!("open {risky}"),
    ] {
        run(&mut session, &line);
        assert_eq!(session.moves().len(), 1, "{line}");
    }
    // The unsaved game was kept before the risky load.
    let kept: Vec<_> = std::fs::read_dir(dir.join("home"))
        .expect("recovery folder")
        .collect();
    assert_eq!(kept.len(), 1);
    let text = std::fs::read_to_string(kept[0].as_ref().expect("entry").path()).expect("read");
    assert!(text.contains("1. e4 *"), "{text}");
}

#[test]
fn the_repl_keeps_running_after_a_risky_load() {
    let dir = temp_dir("repl");
    std::fs::write(dir.join("risky.variant"), RISKY).expect("write");
    let o = common::bin::varia_in(&dir, &[], "e4\nload risky.variant\nfen\nquit\n");
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}\n{}", stderr(&o));
    assert!(out.contains("(the unsaved game was kept in "), "{out}");
    assert!(
        out.contains("\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_dir(dir.join("home")).expect("kept").count(),
        1
    );
}

#[test]
fn a_closed_standard_output_ends_varia_quietly() {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    for args in [
        &["moves", "chess"][..],
        &["explain-error"],
        &["perft", "chess", "1", "--divide"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_varia"))
            .args(args)
            .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
            .stdout(writer.try_clone().expect("clone"))
            .stderr(Stdio::piped())
            .output()
            .expect("varia runs");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?}");
    }
}

/// A game-end hook that fails on every position (it calls the removed
/// `sleep`, by a name built at run time, which the compiler cannot see):
/// the REPL says so wherever it would otherwise claim an empty move list or
/// a game that goes on.
const FAILING_GAME_END: &str = r#"variant "Sleepy"
import orthodox
board 8 x 8
setup "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
hook game-end { Fn("sl" + "eep").call(100); () }
"#;

#[test]
fn a_position_whose_hook_fails_is_reported_by_moves_status_and_typed_moves() {
    let dir = temp_dir("sleepy");
    let path = dir.join("sleepy.variant");
    std::fs::write(&path, FAILING_GAME_END).expect("write the script");
    let mut session = Session::new(path.to_str().expect("UTF-8")).expect("loads");
    let failure =
        "the game-end hook failed at line 5, column 34: `sleep` is not available in hooks";
    let text = run(&mut session, "moves");
    assert!(
        text.starts_with(&format!("no legal moves: {failure}")),
        "{text}"
    );
    assert!(
        session
            .status()
            .starts_with(&format!("the game cannot go on: {failure}")),
        "{}",
        session.status()
    );
    let text = run(&mut session, "e4");
    assert!(
        text.starts_with(&format!("no move can be played here: {failure}")),
        "{text}"
    );
    assert!(session.moves().is_empty());
}
