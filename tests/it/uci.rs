//! `varia uci`: one transcript test per UCI command, against
//! `protocol::uci::Session` in this process (answers collected from its
//! output), and the binary end to end through pipes.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use varia::notation::coord::move_to_coord;
use varia::notation::fen::write_fen;
use varia::protocol::uci::Session;

use crate::common::oracle::manifest_dir;
use crate::common::protocol::Answers;

fn session() -> (Session, Answers) {
    let answers = Answers::default();
    (Session::new(Box::new(answers.clone())), answers)
}

/// Sends commands that answer at once and returns their answers.
fn say(s: &mut Session, a: &Answers, lines: &[&str]) -> Vec<String> {
    for line in lines {
        assert!(s.execute(line), "`{line}` ended the session");
    }
    a.take()
}

fn legal_coords(s: &Session) -> BTreeSet<String> {
    let pos = s.game().position();
    s.game()
        .legal_moves()
        .iter()
        .map(|&m| move_to_coord(pos, m))
        .collect()
}

/// The move of a `bestmove` line.
fn best_of(lines: &[String]) -> String {
    let last = lines.last().expect("a bestmove line");
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words[0], "bestmove", "{lines:?}");
    words[1].to_string()
}

#[test]
fn uci_names_the_engine_and_its_options() {
    let (mut s, a) = session();
    let lines = say(&mut s, &a, &["uci"]);
    assert_eq!(
        lines.first().unwrap(),
        &format!("id name varia {}", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(lines[1], "id author the varia developers");
    assert_eq!(
        lines[2],
        "option name UCI_Variant type combo default chess var chess"
    );
    assert!(lines.contains(&"option name Hash type spin default 32 min 1 max 4096".to_string()));
    assert!(lines.contains(&"option name VariantPath type string default <empty>".to_string()));
    assert_eq!(lines.last().unwrap(), "uciok");
}

#[test]
fn isready_is_answered_even_while_searching() {
    let (mut s, a) = session();
    assert_eq!(say(&mut s, &a, &["isready"]), ["readyok"]);
    s.execute("go infinite");
    s.execute("isready");
    // Wait for readyok with the search still running.
    let start = Instant::now();
    let mut lines = Vec::new();
    while !lines.iter().any(|l: &String| l == "readyok") {
        assert!(start.elapsed() < Duration::from_secs(10), "{lines:?}");
        lines.extend(a.take());
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    s.execute("stop");
    let lines = a.until("bestmove");
    assert!(legal_coords(&s).contains(&best_of(&lines)), "{lines:?}");
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    let (mut s, a) = session();
    say(&mut s, &a, &["position startpos moves e2e4 e7e5"]);
    s.execute("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let asked = Instant::now();
    s.execute("stop");
    let answered = asked.elapsed();
    let lines = a.until("bestmove");
    assert!(legal_coords(&s).contains(&best_of(&lines)), "{lines:?}");
    // The issue asks for 50 ms; a loaded test machine gets more slack (the
    // measured latency is in BENCHMARKS.md).
    assert!(answered < Duration::from_secs(1), "stop took {answered:?}");
}

#[test]
fn position_startpos_and_fen_with_moves() {
    let (mut s, a) = session();
    say(
        &mut s,
        &a,
        &["position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1"],
    );
    assert_eq!(
        write_fen(s.game().position()),
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"
    );
    assert_eq!(s.game().moves().len(), 7);
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let lines = say(
        &mut s,
        &a,
        &[&format!("position fen {fen} moves a7a8n e8d7")],
    );
    assert!(lines.is_empty(), "{lines:?}");
    assert_eq!(
        write_fen(s.game().position()),
        "N7/3k4/8/8/8/8/8/4K3 w - - 1 2"
    );
}

#[test]
fn a_bad_position_command_is_reported_and_changes_nothing() {
    let (mut s, a) = session();
    say(&mut s, &a, &["position startpos moves d2d4"]);
    let before = write_fen(s.game().position());
    for (command, error) in [
        (
            "position startpos moves e2e4 e7e4",
            "info string error: illegal move e7e4 (move 2 of the position command) in \
             rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1; the position is unchanged",
        ),
        (
            "position startpos moves e2e4 zz",
            "info string error: illegal move zz (move 2 of the position command) in \
             rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1; the position is unchanged",
        ),
        (
            "position somewhere",
            "info string error: usage: position startpos|fen FEN [moves M…]",
        ),
        (
            "position fen",
            "info string error: usage: position startpos|fen FEN [moves M…]",
        ),
    ] {
        assert_eq!(say(&mut s, &a, &[command]), [error], "{command}");
        assert_eq!(write_fen(s.game().position()), before, "{command}");
    }
    let lines = say(&mut s, &a, &["position fen 8/8/8 w - - 0 1"]);
    assert_eq!(lines.len(), 1);
    assert!(
        lines[0].starts_with("info string error: bad FEN: "),
        "{lines:?}"
    );
    assert_eq!(write_fen(s.game().position()), before);
}

/// An `info` line without its counts and times (nodes, nps, time), which
/// vary from run to run.
fn without_counts(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if matches!(words[i], "nodes" | "nps" | "time") {
            i += 2;
        } else {
            kept.push(words[i]);
            i += 1;
        }
    }
    kept.join(" ")
}

#[test]
fn go_depth_finds_a_mate_and_reports_it() {
    let (mut s, a) = session();
    say(
        &mut s,
        &a,
        &["position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"],
    );
    s.execute("go depth 3");
    let lines: Vec<String> = a
        .until("bestmove")
        .iter()
        .map(|l| without_counts(l))
        .collect();
    assert_eq!(
        lines,
        // Seldepth 1: Ra8 mates at once and no other reply to White's
        // moves is a capture for the quiescence search to follow.
        [
            "info depth 1 seldepth 1 score mate 1 pv a1a8",
            "bestmove a1a8"
        ]
    );
    // Mated next move whatever it plays: the score says so from its side.
    say(&mut s, &a, &["position fen k7/8/1K6/8/8/8/8/7R b - - 0 1"]);
    s.execute("go depth 3");
    let lines: Vec<String> = a
        .until("bestmove")
        .iter()
        .map(|l| without_counts(l))
        .collect();
    // (Depth 1 sees no mate and scores by material: its value is the
    // evaluator's business.)
    assert_eq!(
        lines[1..],
        [
            // Ka8-b8 is forced, then no rook move lands next to the king
            // (nothing to capture) and the one check, Rh8, mates: 2 plies.
            "info depth 2 seldepth 2 score mate -1 pv a8b8 h1h8",
            "bestmove a8b8 ponder h1h8"
        ]
    );
}

#[test]
fn go_scores_a_goal_reached_as_a_mate() {
    // King of the Hill: Kf3-e4 reaches the hill and wins at once.
    let (mut s, a) = session();
    let dir = manifest_dir().join("scripts");
    say(
        &mut s,
        &a,
        &[
            &format!("setoption name VariantPath value {}", dir.display()),
            "setoption name UCI_Variant value kingofthehill",
            "position fen 7k/8/8/8/8/5K2/8/8 w - - 0 1",
        ],
    );
    s.execute("go depth 2");
    let lines: Vec<String> = a
        .until("bestmove")
        .iter()
        .map(|l| without_counts(l))
        .collect();
    assert_eq!(
        lines,
        [
            "info depth 1 seldepth 1 score mate 1 pv f3e4",
            "bestmove f3e4"
        ]
    );
}

#[test]
fn go_with_a_clock_nodes_or_movetime_answers_a_legal_move() {
    for go in [
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go wtime 500 btime 500 movestogo 5",
        "go nodes 2000",
        "go movetime 50",
        "go depth 2",
    ] {
        let (mut s, a) = session();
        say(&mut s, &a, &["position startpos moves g1f3"]);
        s.execute(go);
        let lines = a.until("bestmove");
        assert!(
            legal_coords(&s).contains(&best_of(&lines)),
            "{go}: {lines:?}"
        );
        for info in &lines[..lines.len() - 1] {
            assert!(info.starts_with("info depth "), "{go}: {info}");
            assert!(
                info.contains(" score cp ") || info.contains(" score mate "),
                "{info}"
            );
            assert!(info.contains(" pv "), "{info}");
        }
    }
}

#[test]
fn go_reports_words_it_does_not_know_and_still_answers() {
    let (mut s, a) = session();
    s.execute("go depth two sideways depth 1");
    // `two` is taken as depth's number and refused; `depth 1` then holds.
    let lines = a.until("bestmove");
    assert_eq!(
        lines[0],
        "info string error: go depth needs a whole number; ignored"
    );
    assert_eq!(
        lines[1],
        "info string error: go: unknown word `sideways`; ignored"
    );
    assert!(lines[2].starts_with("info depth 1 "), "{lines:?}");
    assert_eq!(lines.len(), 4, "{lines:?}");
}

#[test]
fn go_when_the_game_is_over_answers_none() {
    let (mut s, a) = session();
    say(&mut s, &a, &["position startpos moves f2f3 e7e5 g2g4 d8h4"]);
    assert_eq!(say(&mut s, &a, &["go depth 3"]), ["bestmove (none)"]);
}

#[test]
fn setoption_chooses_a_scripted_variant_and_announces_it() {
    let (mut s, a) = session();
    let dir = manifest_dir().join("scripts");
    let lines = say(
        &mut s,
        &a,
        &[&format!(
            "setoption name VariantPath value {}",
            dir.display()
        )],
    );
    // Every script of the folder and the catalogue, by file name, sorted.
    let mut names: Vec<String> = varia::scripts_in_folder(&dir)
        .unwrap()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() > 20 && names.contains(&"grand-betza".to_string()));
    assert_eq!(
        lines,
        [format!("info string variants added: {}", names.join(" "))]
    );
    let lines = say(
        &mut s,
        &a,
        &["setoption name UCI_Variant value grand-betza"],
    );
    assert_eq!(
        lines,
        ["info string variant grand-betza files 10 ranks 10 pocket 0 template fairy startpos \
          r1uaqkco1r/1xnbyybnx1/pppppppppp/10/10/10/10/PPPPPPPPPP/1XNBYYBNX1/R1UAQKCO1R w KQkq - 0 1"]
    );
    let uci = say(&mut s, &a, &["uci"]);
    let combo: String = names.iter().map(|n| format!(" var {n}")).collect();
    assert!(
        uci.iter().any(|l| l.starts_with(&format!(
            "option name UCI_Variant type combo default grand-betza{combo}"
        ))),
        "{uci:?}"
    );
    say(&mut s, &a, &["position startpos moves e3e5"]);
    s.execute("go depth 2");
    let lines = a.until("bestmove");
    assert!(legal_coords(&s).contains(&best_of(&lines)), "{lines:?}");
    // Ten ranks: a move to the tenth rank reads as such.
    say(&mut s, &a, &["setoption name UCI_Variant value xiangqi"]);
    say(&mut s, &a, &["position startpos moves h3e3 h10g8"]);
    assert_eq!(s.game().moves().len(), 2);
}

/// A variant with pieces in hand is announced with its pocket and its
/// template as Fairy-Stockfish announces one: its line for a custom
/// variant `[mycrazy:crazyhouse]` (VariantPath), from
/// `/work/fs/src/stockfish` (Fairy-Stockfish 301126 LB), reads
/// `info string variant mycrazy files 8 ranks 8 pocket 6 template crazyhouse
/// startpos rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1`:
/// one pocket slot per piece type, the king's included. Drops are
/// played as `P@e4` in `position … moves`.
#[test]
fn a_variant_with_hands_is_announced_with_its_pocket_and_takes_drops() {
    let (mut s, a) = session();
    let dir = manifest_dir().join("scripts");
    say(
        &mut s,
        &a,
        &[&format!(
            "setoption name VariantPath value {}",
            dir.display()
        )],
    );
    assert_eq!(
        say(&mut s, &a, &["setoption name UCI_Variant value crazyhouse"]),
        [
            "info string variant crazyhouse files 8 ranks 8 pocket 6 template crazyhouse startpos \
          rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
        ]
    );
    // 1.e4 d5 2.exd5 Qxd5 3.P@e4: each side took a pawn, White drops its own.
    assert!(say(
        &mut s,
        &a,
        &["position startpos moves e2e4 d7d5 e4d5 d8d5 P@e4"]
    )
    .is_empty());
    assert_eq!(
        write_fen(s.game().position()),
        "rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3"
    );
    // Black answers with its pawn from hand; the engine may drop too.
    assert!(legal_coords(&s).contains("P@e5"));
    s.execute("go depth 1");
    let lines = a.until("bestmove");
    assert!(legal_coords(&s).contains(&best_of(&lines)), "{lines:?}");
    // Nahbi: no captures kept, so the template is fairy; ten piece types.
    let lines = say(&mut s, &a, &["setoption name UCI_Variant value nahbi"]);
    assert_eq!(
        lines,
        [
            "info string variant nahbi files 10 ranks 10 pocket 10 template fairy startpos \
          rcmbkqbmcr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RCMBQKBMCR[AAFFaaff] w KQkq - 0 1"
        ]
    );
}

/// S-Chess is announced as Fairy-Stockfish announces a custom
/// `[mys:seirawan]` (from `/work/fs/src/stockfish`: `info string variant mys
/// files 8 ranks 8 pocket 0 template seirawan startpos …[HEhe] w
/// KQBCDFGkqbcdfg - 0 1`: no pocket, pieces only gate); gating moves are
/// played as `g1f3h` and the engine's answer is a legal move.
#[test]
fn s_chess_is_announced_with_the_seirawan_template_and_takes_gating_moves() {
    let (mut s, a) = session();
    let dir = manifest_dir().join("scripts");
    say(
        &mut s,
        &a,
        &[&format!(
            "setoption name VariantPath value {}",
            dir.display()
        )],
    );
    assert_eq!(
        say(&mut s, &a, &["setoption name UCI_Variant value seirawan"]),
        [
            "info string variant seirawan files 8 ranks 8 pocket 0 template seirawan startpos \
          rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1"
        ]
    );
    assert!(say(&mut s, &a, &["position startpos moves g1f3h g8f6e"]).is_empty());
    assert_eq!(
        write_fen(s.game().position()),
        "rnbqkber/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKBHR[Eh] w KQBCDFkqbcdf - 2 2"
    );
    s.execute("go depth 2");
    let lines = a.until("bestmove");
    assert!(legal_coords(&s).contains(&best_of(&lines)), "{lines:?}");
}

#[test]
fn bad_options_are_reported_and_change_nothing() {
    let (mut s, a) = session();
    for (command, error) in [
        (
            "setoption name UCI_Variant value shogi",
            "info string error: unknown variant `shogi` (known: chess)",
        ),
        (
            "setoption name Hash value 0",
            "info string error: Hash must be a number of MiB from 1 to 4096, not `0`",
        ),
        (
            "setoption name Hash value lots",
            "info string error: Hash must be a number of MiB from 1 to 4096, not `lots`",
        ),
        (
            "setoption name Ponder value true",
            "info string error: no option named `Ponder`",
        ),
        (
            "setoption UCI_Variant",
            "info string error: usage: setoption name NAME [value VALUE]",
        ),
    ] {
        assert_eq!(say(&mut s, &a, &[command]), [error], "{command}");
    }
    let lines = say(
        &mut s,
        &a,
        &["setoption name VariantPath value /no/such/file.variant"],
    );
    assert_eq!(lines.len(), 1);
    assert!(lines[0].starts_with("info string error: "), "{lines:?}");
    assert!(say(&mut s, &a, &["uci"])
        .contains(&"option name UCI_Variant type combo default chess var chess".to_string()));
    assert_eq!(
        say(
            &mut s,
            &a,
            &["setoption name hash value 1", "setoption name Clear Hash"]
        ),
        Vec::<String>::new()
    );
}

#[test]
fn ucinewgame_returns_to_the_setup_and_unknown_commands_are_reported() {
    let (mut s, a) = session();
    say(&mut s, &a, &["position startpos moves e2e4", "ucinewgame"]);
    assert_eq!(s.game().moves().len(), 0);
    assert_eq!(
        say(&mut s, &a, &["xyzzy 1 2", "", "   "]),
        ["info string error: unknown command `xyzzy`"]
    );
    assert!(!s.execute("quit"));
}

/// The binary, through pipes: the scripts given on the command line are
/// offered, the first chosen; `quit` ends it with status 0.
#[test]
fn the_binary_speaks_uci_through_pipes() {
    let script = manifest_dir().join("scripts/berolina.variant");
    let mut child = Command::new(env!("CARGO_BIN_EXE_varia"))
        .arg("uci")
        .arg(&script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut read_line = || {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        line.trim_end().to_string()
    };
    assert!(read_line().starts_with("info string variant berolina files 8 ranks 8 pocket 0"));
    writeln!(stdin, "uci").unwrap();
    let mut line = read_line();
    while line != "uciok" {
        line = read_line();
    }
    writeln!(stdin, "isready").unwrap();
    assert_eq!(read_line(), "readyok");
    // A Berolina pawn moves diagonally without capturing.
    writeln!(stdin, "position startpos moves e2d3 d7e6\ngo depth 2").unwrap();
    let mut line = read_line();
    while !line.starts_with("bestmove ") {
        assert!(line.starts_with("info depth "), "{line}");
        line = read_line();
    }
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

/// `stop` during a search of a variant whose rules are hooks: the running
/// hook is interrupted too, and that is a stop, not a hook failure to
/// report (most of the search's time is in hooks, so `stop` nearly always
/// lands in one).
#[test]
fn stop_in_a_hook_variant_is_not_reported_as_a_hook_failure() {
    let (mut s, a) = session();
    let script = manifest_dir().join("tests/fixtures/hooks/atomic.variant");
    say(
        &mut s,
        &a,
        &[&format!(
            "setoption name VariantPath value {}",
            script.display()
        )],
    );
    say(
        &mut s,
        &a,
        &[
            "setoption name UCI_Variant value atomic",
            "position startpos",
        ],
    );
    s.execute("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    s.execute("stop");
    let lines = a.until("bestmove");
    assert!(
        !lines.iter().any(|l| l.starts_with("info string error")),
        "{lines:?}"
    );
    assert!(legal_coords(&s).contains(&best_of(&lines)), "{lines:?}");
}

/// Every info line carries `seldepth`, the most plies the iteration reached
/// (quiescence and check extensions included): never less than the depth,
/// and beyond it once captures are in reach.
#[test]
fn info_lines_carry_a_seldepth_no_smaller_than_the_depth() {
    let (mut s, a) = session();
    // The Italian game: pieces face each other, so the quiescence search
    // follows captures past the nominal depth.
    say(
        &mut s,
        &a,
        &["position fen r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"],
    );
    s.execute("go depth 4");
    let lines = a.until("bestmove");
    let mut deeper = false;
    for line in &lines[..lines.len() - 1] {
        let words: Vec<&str> = line.split(' ').collect();
        let number = |key: &str| -> u32 {
            let at = words
                .iter()
                .position(|w| *w == key)
                .unwrap_or_else(|| panic!("{line}"));
            words[at + 1].parse().unwrap()
        };
        assert_eq!(&words[..2], ["info", "depth"], "{line}");
        assert_eq!(words[3], "seldepth", "{line}");
        let (depth, seldepth) = (number("depth"), number("seldepth"));
        assert!(seldepth >= depth, "{line}");
        deeper |= seldepth > depth;
    }
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert!(deeper, "{lines:?}");
}
