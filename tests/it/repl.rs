//! The REPL through the `varia` binary: one full game through a
//! pseudo-terminal (completion, undo, Ctrl-C, a saved PGN, the history
//! file), and sessions through piped standard input for the rest.

use std::path::{Path, PathBuf};
use std::process::Command;

fn temp_dir(name: &str) -> PathBuf {
    crate::common::bin::temp_dir("repl", name)
}

/// Runs `varia ARGS` with `input` piped in; returns standard output.
fn piped(dir: &Path, args: &[&str], input: &str) -> String {
    let out = crate::common::bin::varia_in(dir, args, input);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "exit {:?}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn script(name: &str) -> String {
    crate::common::oracle::script_path(name)
}

#[test]
fn no_arguments_open_orthodox_chess() {
    let dir = temp_dir("start");
    let out = piped(&dir, &[], "moves\nquit\n");
    assert!(out.contains("varia: Chess (White to move)"), "{out}");
    assert!(out.contains("♔"), "{out}");
    assert!(out.contains("(20 moves)"), "{out}");
    assert!(!out.contains("\x1b["), "no colour when piped");
}

#[test]
fn a_game_to_checkmate_with_undo_redo_fen_and_pgn() {
    let dir = temp_dir("mate");
    let out = piped(
        &dir,
        &["play", "chess"],
        "f3\ne5\ng4\nundo\nredo\nQh4#\nNf3\nfen\npgn\nsave mate.pgn\nquit\n",
    );
    assert!(out.contains("2... Qh4#"), "{out}");
    assert!(
        out.contains("Game over: checkmate, Black wins (0-1)"),
        "{out}"
    );
    assert!(out.contains("the game is over (checkmate"), "{out}");
    assert!(out.contains("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"));
    let pgn = std::fs::read_to_string(dir.join("mate.pgn")).expect("saved");
    assert!(pgn.contains("[Variant \"Chess\"]") && pgn.contains("[Result \"0-1\"]"));
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
    // Open it again in a new session and take the mate back.
    let out = piped(&dir, &[], "open mate.pgn\nundo\nmoves h4\nquit\n");
    assert!(out.contains("opened mate.pgn: 4 moves"), "{out}");
    assert!(out.contains("Qh4#"), "{out}");
}

#[test]
fn illegal_moves_get_a_reason_and_the_piece_moves() {
    let dir = temp_dir("illegal");
    let out = piped(&dir, &[], "Bc4\nKe2\ne5\nNc3x\nO-O\nQh5\nquit\n");
    assert!(
        out.contains("`Bc4` cannot be played: the bishop on f1 cannot reach c4: the pawn on e2 is in the way. The bishop on f1 has no legal move."),
        "{out}"
    );
    assert!(out.contains("own pawn on e2"), "{out}");
    assert!(
        out.contains("`O-O` cannot be played: cannot castle O-O: the bishop on f1 is in the way"),
        "{out}"
    );
    // Only the reasons were printed: the position is unchanged.
    assert!(!out.contains("1. "), "{out}");
}

#[test]
fn ambiguous_moves_and_disambiguation() {
    let dir = temp_dir("ambiguous");
    let out = piped(
        &dir,
        &[],
        "fen 4k3/8/8/8/8/8/4K3/R6R w - - 0 1\nRd1\nRad1\nquit\nno\n",
    );
    assert!(
        out.contains("`Rd1` is ambiguous: it could be Rad1 or Rhd1"),
        "{out}"
    );
    assert!(out.contains("1. Rad1"), "{out}");
}

#[test]
fn the_computer_plays_and_hints() {
    let dir = temp_dir("computer");
    let out = piped(
        &dir,
        &[&script("balbo")],
        "level 2\nhint\nplay black\nNd4\nplay none\npv on\ngo\nquit\nno\n",
    );
    assert!(out.contains("Balbo's Chess"), "{out}");
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("varia plays "), "{out}");
    assert!(out.contains("  pv "), "{out}");
}

#[test]
fn the_computer_plays_both_sides_to_the_end() {
    let dir = temp_dir("both");
    let out = piped(
        &dir,
        &[],
        "fen 7k/8/6K1/8/8/8/8/1Q6 w - - 0 1\nlevel 3\nplay both\nsave end.pgn\nquit\n",
    );
    assert!(
        out.contains("Game over: checkmate, White wins (1-0)"),
        "{out}"
    );
    let pgn = std::fs::read_to_string(dir.join("end.pgn")).expect("saved");
    assert!(
        pgn.contains("[SetUp \"1\"]") && pgn.contains("[FEN \"7k/8/6K1/8/8/8/8/1Q6 w - - 0 1\"]"),
        "{pgn}"
    );
}

#[test]
fn every_seed_variant_loads_and_draws() {
    let dir = temp_dir("variants");
    let mut input = String::new();
    for name in [
        "berolina",
        "berolina-plus",
        "diamond",
        "balbo",
        "grand-betza",
    ] {
        input.push_str(&format!("load {}\nmoves\nflip\nperft 2\n", script(name)));
    }
    input.push_str("load nowhere.variant\nquit\n");
    let out = piped(&dir, &[], &input);
    for name in [
        "Berolina Chess",
        "Diamond Chess",
        "Balbo's Chess",
        "Grand Betza",
    ] {
        assert!(out.contains(&format!("{name} loaded from")), "{out}");
    }
    assert_eq!(out.matches("perft 2: ").count(), 5, "{out}");
    assert!(out.contains("cannot read nowhere.variant"), "{out}");
    // Grand Betza's ten files and ten ranks, aligned labels.
    assert!(out.contains("   j  i  h  g  f  e  d  c  b  a"), "{out}");
    assert!(out.contains("10 "), "{out}");
}

#[test]
fn an_unsaved_game_is_kept_when_input_ends() {
    let dir = temp_dir("unsaved");
    let out = piped(&dir, &[], "e4\ne5\n");
    assert!(out.contains("The game has unsaved moves"), "{out}");
    assert!(out.contains("the game was kept in"), "{out}");
    let kept: Vec<_> = std::fs::read_dir(dir.join("home"))
        .expect("home")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("unsaved-"))
        .collect();
    assert_eq!(kept.len(), 1);
    let pgn = std::fs::read_to_string(kept[0].path()).expect("read");
    assert!(pgn.contains("1. e4 e5 *"), "{pgn}");
    // Replacing an unsaved game keeps it too.
    let out = piped(&dir, &[], "d4\nnew\nquit\n");
    assert!(out.contains("(the unsaved game was kept in"), "{out}");
}

/// Waits a little before typing, as a person does (the line editor
/// switches the terminal mode between lines).
fn slow(
    p: &mut rexpect::session::PtySession,
) -> Result<&mut rexpect::session::PtySession, rexpect::error::Error> {
    p.flush()?;
    std::thread::sleep(std::time::Duration::from_millis(150));
    Ok(p)
}

#[test]
fn a_full_game_through_a_pseudo_terminal() -> Result<(), rexpect::error::Error> {
    let dir = temp_dir("pty");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_varia"));
    cmd.current_dir(&dir)
        .env("VARIA_HOME", dir.join("home"))
        .env("NO_COLOR", "1")
        .env("TERM", "xterm");
    let mut p = rexpect::session::spawn_command(cmd, Some(20_000))?;
    p.exp_string("1. White> ")?;
    slow(&mut p)?.send_line("e4")?;
    p.exp_string("1. e4")?;
    p.exp_string("1... Black> ")?;
    slow(&mut p)?.send_line("e5")?;
    p.exp_string("2. White> ")?;
    // Tab completes the only move that starts with "Qh".
    slow(&mut p)?.send("Qh")?;
    slow(&mut p)?.send("\t")?;
    slow(&mut p)?.send("\r")?;
    p.flush()?;
    p.exp_string("2. Qh5")?;
    p.exp_string("2... Black> ")?;
    slow(&mut p)?.send_line("Nc6")?;
    p.exp_string("3. White> ")?;
    slow(&mut p)?.send_line("Bc4")?;
    p.exp_string("3... Black> ")?;
    // Undo and play it again.
    slow(&mut p)?.send_line("undo")?;
    p.exp_string("3. White> ")?;
    slow(&mut p)?.send_line("Bc4")?;
    p.exp_string("3... Black> ")?;
    // Ctrl-C interrupts a long search.
    slow(&mut p)?.send_line("level time 60")?;
    p.exp_string("level: 60 s per move")?;
    slow(&mut p)?.send_line("go")?;
    std::thread::sleep(std::time::Duration::from_millis(700));
    slow(&mut p)?.send_control('c')?;
    p.exp_string("search interrupted")?;
    p.exp_string("3... Black> ")?;
    // Ctrl-C at the prompt clears the line.
    slow(&mut p)?.send("Qxh4")?;
    slow(&mut p)?.send_control('c')?;
    p.flush()?;
    p.exp_string("Ctrl-C clears the line")?;
    slow(&mut p)?.send_line("Nf6")?;
    p.exp_string("3... Nf6")?;
    slow(&mut p)?.send_line("Qxf7#")?;
    p.exp_string("Game over: checkmate, White wins (1-0)")?;
    slow(&mut p)?.send_line("quit")?;
    p.exp_string("unsaved moves")?;
    slow(&mut p)?.send_line("scholar.pgn")?;
    p.exp_string("saved to scholar.pgn")?;
    p.exp_eof()?;
    let pgn = std::fs::read_to_string(dir.join("scholar.pgn")).expect("saved PGN");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(
        pgn.contains("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"),
        "{pgn}"
    );
    let history = std::fs::read_to_string(dir.join("home/history")).expect("history file");
    assert!(
        history.contains("Qxf7#") && history.contains("undo"),
        "{history}"
    );
    Ok(())
}

#[test]
fn show_draws_a_hopper_with_hurdles() {
    let dir = temp_dir("hurdles");
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/fairy-stockfish/xiangqi.variant"
    );
    let out = piped(&dir, &[script], "show Cannon\nquit\n");
    let diagram: String = out
        .lines()
        .skip_while(|l| !l.contains("Cannon on e5"))
        .take(14)
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        diagram.starts_with("Cannon on e5, with Soldier hurdles to hop over"),
        "{out}"
    );
    assert_eq!(diagram.matches("^P^").count(), 4, "{diagram}");
    assert_eq!(diagram.matches(" ! ").count(), 9, "{diagram}");
}

#[test]
fn explain_and_show_teach_the_pieces() {
    let dir = temp_dir("teach");
    let out = piped(
        &dir,
        &[],
        "explain N\nshow Knight at e4\nshow e2\nshow Wizard\nexplain\nquit\n",
    );
    assert!(
        out.contains("The Knight (N, Betza `N`) leaps like a knight"),
        "{out}"
    );
    // The knight on e4 of an empty board: its eight squares are marked.
    let diagram: String = out
        .lines()
        .skip_while(|l| !l.starts_with("Knight on e4"))
        .take(10)
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(diagram.matches('*').count(), 8, "{diagram}");
    // The pawn on e2 in the start position: e3 and e4, moves only.
    assert!(out.contains("White Pawn on e2"), "{out}");
    assert!(
        out.contains("no piece `Wizard`; the pieces are: King (K)"),
        "{out}"
    );
    assert!(out.contains("explain takes a piece"), "{out}");
}

#[test]
fn show_with_a_lower_case_letter_draws_blacks_piece() {
    let dir = temp_dir("black");
    let out = piped(&dir, &[], "show p\nquit\n");
    // Black's pawn on its start square moves down the board: one or two squares.
    let lines: Vec<&str> = out.lines().collect();
    let caption = lines
        .iter()
        .position(|l| l.contains("Black Pawn on d7 (not yet moved)"))
        .unwrap_or_else(|| panic!("{out}"));
    let rank = |n: usize| lines[caption + 9 - n];
    assert!(rank(7).contains("[p]"), "{out}");
    assert_eq!(
        rank(6).split_whitespace().collect::<Vec<_>>(),
        ["6", ".", ".", "!", "+", "!", ".", ".", "."]
    );
    assert_eq!(
        rank(5).split_whitespace().collect::<Vec<_>>(),
        ["5", ".", ".", ".", "+", ".", ".", ".", "."]
    );
}

#[test]
fn the_board_draws_whole_rank_region_borders() {
    // Xiangqi's `home` region is ranks 1-5: the river is drawn between 5 and 6.
    let dir = temp_dir("river");
    let out = piped(&dir, &[&script("xiangqi")], "quit\n");
    let lines: Vec<&str> = out.lines().collect();
    let six = lines
        .iter()
        .position(|l| l.starts_with(" 6 "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(lines[six + 1].trim().chars().all(|c| c == '─'), "{out}");
    assert!(lines[six + 1].trim().chars().count() >= 27, "{out}");
    assert!(lines[six + 2].starts_with(" 5 "), "{out}");
    // No other border line on the board.
    assert_eq!(
        out.matches('─').count(),
        lines[six + 1].trim().chars().count(),
        "{out}"
    );
}

#[test]
fn the_status_line_and_prompt_name_the_sides_by_the_script() {
    // Xiangqi's script says `sides "Red" "Black"`: Red moves first.
    let dir = temp_dir("sides");
    let out = piped(&dir, &[&script("xiangqi")], "h3e3\nquit\nno\n");
    assert!(out.contains("varia: Xiangqi (Red to move)"), "{out}");
    assert!(out.lines().any(|l| l == "Red to move"), "{out}");
    assert!(out.contains("1. Che3   Black to move"), "{out}");
    assert!(!out.contains("White"), "{out}");
}

#[test]
fn both_hands_are_shown_beside_the_board() {
    // Crazyhouse: Black holds a Knight and a Pawn, White a Queen and two
    // Knights; each hand lists its pieces in the variant's order (the
    // order `import orthodox` declares them), with counts.
    let dir = temp_dir("hands");
    let fen = "r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR[NNnpQ] w KQkq - 0 1";
    let out = piped(
        &dir,
        &[&script("crazyhouse")],
        &format!("fen {fen}\nN@e5\nflip\nquit\nno\n"),
    );
    let lines: Vec<&str> = out.lines().collect();
    // The setup: both hands empty, Black's above the board, White's below.
    assert_eq!(lines[1], "Black's hand: empty", "{out}");
    assert_eq!(lines[12], "White's hand: empty", "{out}");
    let after = lines
        .iter()
        .position(|l| l.starts_with("1. N@e5"))
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(lines[after - 12], "Black's hand: ♞ ♟", "{out}");
    assert_eq!(lines[after - 1], "White's hand: ♕ ♘", "{out}");
    // Flipped: White's hand on top.
    let flipped = &lines[after + 1..];
    assert_eq!(flipped[0], "White's hand: ♕ ♘", "{out}");
    assert_eq!(flipped[11], "Black's hand: ♞ ♟", "{out}");
    // A variant without hands shows none.
    let out = piped(&dir, &[], "quit\n");
    assert!(!out.contains("hand"), "{out}");
}

#[test]
fn an_illegal_drop_is_explained_in_the_repl() {
    let dir = temp_dir("drops");
    let fen = "r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR[Pn] w KQkq - 0 1";
    let out = piped(
        &dir,
        &[&script("crazyhouse")],
        &format!("fen {fen}\nB@d3\nP@b8\nP@e4\nquit\n"),
    );
    for line in [
        "`B@d3` cannot be played: there is no bishop in your hand.",
        "`P@b8` cannot be played: a pawn may not be dropped on b8: it is not in the pawn's drop region.",
        "`P@e4` cannot be played: e4 is not empty.",
    ] {
        assert!(out.lines().any(|l| l == line), "{line}\n{out}");
    }
}

/// `time 30` and `depth 5` set the level as the README says; a refused
/// level says the allowed range and leaves the level as it was.
#[test]
fn time_and_depth_set_the_level_and_a_refusal_gives_the_range() {
    let dir = temp_dir("level");
    let out = piped(
        &dir,
        &[],
        "time 30\ndepth 5\ndepth 0\ntime 0\ntime 4000\nlevel 99\nlevel time -1\nlevel fast\nTIME 2s\n\
         depth 61\ntime\nquit\n",
    );
    let depth_range = "the depth is a whole number of plies from 1 to 60, as in `depth 6`";
    let time_range = "the time is more than 0 and at most 3600 seconds per move, as in `time 2.5`";
    let usage = "level takes a depth (`level 6`, `depth 6`) or seconds per move (`level time 2.5`, `time 30`)";
    let answers: Vec<&str> = out
        .lines()
        .filter(|l| {
            l.starts_with("level") || l.starts_with("the depth") || l.starts_with("the time")
        })
        .collect();
    assert_eq!(
        answers,
        [
            "level: 30 s per move",
            "level: depth 5 plies",
            depth_range,
            time_range,
            time_range,
            depth_range,
            time_range,
            usage,
            "level: 2 s per move",
            depth_range,
            // `time` alone says the level, unchanged by the refusal before.
            "level: 2 s per move",
        ],
        "{out}"
    );
}

/// `hint` gives the best move of the deepest iteration the search
/// finished, the one its last `pv on` line shows, with that depth: never a
/// move from an iteration the clock cut short.
#[test]
fn hint_is_the_best_move_of_the_deepest_finished_iteration() {
    let dir = temp_dir("hint");
    // A middlegame with captures about, searched on the clock.
    let out = piped(
        &dir,
        &[],
        "fen r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4\npv on\n\
         level time 0.4\nhint\nquit\n",
    );
    let last_iteration = out
        .lines()
        .rfind(|l| l.starts_with("  depth "))
        .unwrap_or_else(|| panic!("{out}"));
    let words: Vec<&str> = last_iteration.split_whitespace().collect();
    let (depth, best) = (
        words[1],
        words[words.iter().position(|w| *w == "pv").unwrap() + 1],
    );
    let hint = out
        .lines()
        .find(|l| l.starts_with("hint: "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        hint.starts_with(&format!("hint: {best} (depth {depth}, ")),
        "{hint} after {last_iteration}"
    );
}

/// `new random SEED` deals the script's random start array (the same for
/// the same seed), `varia play --random-start SEED` starts from it, and a
/// variant without `shuffle` says so.
#[test]
fn new_random_deals_a_shuffled_array() {
    let dir = temp_dir("random");
    let fischer = script("fischerandom");
    let out = piped(
        &dir,
        &["play", &fischer],
        "new random 5\nfen\nnew random 5\nfen\nquit\n",
    );
    assert!(
        out.contains("random start array 5 (`new random 5` deals it again)"),
        "{out}"
    );
    let fen = "qrbnkbnr/pppppppp/8/8/8/8/PPPPPPPP/QRBNKBNR w HBhb - 0 1";
    assert_eq!(out.matches(fen).count(), 2, "{out}");
    let out = piped(
        &dir,
        &["play", &fischer, "--random-start", "5"],
        "fen\nquit\n",
    );
    assert!(out.contains(fen), "{out}");
    let out = piped(&dir, &[], "new random 5\nnew random five\nquit\n");
    assert!(out.contains("Chess has no random start array"), "{out}");
    assert!(
        out.contains("new random takes a seed, a whole number"),
        "{out}"
    );
}
