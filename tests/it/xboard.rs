//! `varia xboard`: one transcript test per CECP command, against
//! `protocol::xboard::Session` in this process, and the binary through
//! pipes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use varia::notation::fen::write_fen;
use varia::protocol::xboard::Session;

use crate::common::oracle::manifest_dir;
use crate::common::protocol::Answers;

fn session() -> (Session, Answers) {
    let answers = Answers::default();
    (Session::new(Box::new(answers.clone())), answers)
}

fn say(s: &mut Session, a: &Answers, lines: &[&str]) -> Vec<String> {
    for line in lines {
        assert!(s.execute(line), "`{line}` ended the session");
    }
    a.take()
}

#[test]
fn protover_lists_the_features() {
    let (mut s, a) = session();
    assert_eq!(
        say(&mut s, &a, &["xboard", "protover 2"]),
        [format!(
            "feature myname=\"varia {}\" variants=\"normal\" setboard=1 usermove=1 ping=1 \
             sigint=0 sigterm=0 colors=0 reuse=1 analyze=0 san=0 time=1 draw=0 done=1",
            env!("CARGO_PKG_VERSION")
        )]
    );
}

#[test]
fn the_engine_answers_a_move_as_black_after_new() {
    let (mut s, a) = session();
    say(&mut s, &a, &["new", "st 1", "sd 2"]);
    s.execute("usermove e2e4");
    let lines = a.until("move ");
    let reply = lines
        .last()
        .unwrap()
        .strip_prefix("move ")
        .unwrap()
        .to_string();
    let mut after_e4 = varia::game::Game::new(&crate::common::oracle::script("chess"));
    after_e4.play_text("e4").unwrap();
    let legal: Vec<String> = after_e4
        .legal_moves()
        .iter()
        .map(|&m| varia::notation::coord::move_to_coord(after_e4.position(), m))
        .collect();
    assert!(legal.contains(&reply), "{reply}");
    // The move is played on the game once the next command arrives.
    assert_eq!(say(&mut s, &a, &["ping 1"]), ["pong 1"]);
    say(&mut s, &a, &["force"]);
    assert_eq!(s.game().moves().len(), 2);
}

#[test]
fn force_go_and_playother() {
    let (mut s, a) = session();
    assert!(say(&mut s, &a, &["new", "force", "e2e4", "e7e5"]).is_empty());
    assert_eq!(s.game().moves().len(), 2);
    say(&mut s, &a, &["sd 1"]);
    s.execute("go");
    let lines = a.until("move ");
    assert!(lines.last().unwrap().starts_with("move "), "{lines:?}");
    say(&mut s, &a, &["force"]);
    assert_eq!(s.game().moves().len(), 3);
    // playother: the engine takes the side not to move; it thinks after our move.
    assert!(say(&mut s, &a, &["playother"]).is_empty());
    s.execute("usermove b8c6");
    let lines = a.until("move ");
    assert!(lines.last().unwrap().starts_with("move "), "{lines:?}");
}

#[test]
fn illegal_moves_and_bad_commands_get_cecp_errors_and_change_nothing() {
    let (mut s, a) = session();
    say(&mut s, &a, &["new", "force", "usermove e2e4"]);
    let before = write_fen(s.game().position());
    for (command, answer) in [
        ("usermove e2e4", "Illegal move: e2e4"),
        ("usermove e7e4", "Illegal move: e7e4"),
        ("usermove zz9", "Illegal move: zz9"),
        ("frobnicate", "Error (unknown command): frobnicate"),
        ("variant shogi", "Error (unknown variant): shogi"),
        ("level 40 five 0", "Error (bad arguments): level 40 five 0"),
        ("st", "Error (bad arguments): st "),
        ("st -1", "Error (bad arguments): st -1"),
        ("st NaN", "Error (bad arguments): st NaN"),
        ("time -5", "Error (bad arguments): time -5"),
    ] {
        assert_eq!(say(&mut s, &a, &[command]), [answer], "{command}");
        assert_eq!(write_fen(s.game().position()), before, "{command}");
    }
    let lines = say(&mut s, &a, &["setboard 8/8/8 w - - 0 1"]);
    assert_eq!(lines.len(), 1);
    assert!(
        lines[0].starts_with("tellusererror Illegal position: "),
        "{lines:?}"
    );
    assert_eq!(write_fen(s.game().position()), before);
}

#[test]
fn setboard_undo_and_remove() {
    let (mut s, a) = session();
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    say(&mut s, &a, &["new", "force", &format!("setboard {fen}")]);
    assert_eq!(write_fen(s.game().position()), fen);
    say(&mut s, &a, &["e2e4", "e8d7", "e1d2"]);
    say(&mut s, &a, &["undo"]);
    assert_eq!(s.game().moves().len(), 2);
    say(&mut s, &a, &["remove"]);
    assert_eq!(write_fen(s.game().position()), fen);
    assert_eq!(
        say(&mut s, &a, &["remove"]),
        ["Error (no move to take back): remove"]
    );
}

#[test]
fn a_mate_by_the_user_is_announced_with_its_result() {
    let (mut s, a) = session();
    say(&mut s, &a, &["new", "force"]);
    let lines = say(&mut s, &a, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(lines, ["0-1 {Black wins: checkmate}"]);
}

#[test]
fn post_shows_thinking_and_question_mark_moves_now() {
    let (mut s, a) = session();
    say(&mut s, &a, &["new", "post", "st 30"]);
    s.execute("usermove d2d4");
    std::thread::sleep(Duration::from_millis(200));
    s.execute("?");
    let lines = a.until("move ");
    let thinking = &lines[..lines.len() - 1];
    assert!(!thinking.is_empty(), "{lines:?}");
    for line in thinking {
        let words: Vec<&str> = line.split(' ').collect();
        assert!(words.len() >= 5, "{line}");
        for number in &words[..4] {
            assert!(number.parse::<i64>().is_ok(), "{line}");
        }
    }
}

#[test]
fn a_scripted_variant_is_described_with_setup_and_piece_commands() {
    let script = manifest_dir().join("scripts/fairy-stockfish/xiangqi.variant");
    let answers = Answers::default();
    let code = varia::protocol::xboard::run(
        std::io::Cursor::new("protover 2\nvariant xiangqi\nquit\n"),
        answers.clone(),
        &[script.to_str().unwrap().to_string()],
    );
    assert_eq!(code, 0);
    let lines = answers.take();
    // Once for the script given on the command line, once for `variant`.
    let setups: Vec<&String> = lines.iter().filter(|l| l.starts_with("setup (")).collect();
    assert_eq!(setups.len(), 2, "{lines:?}");
    assert!(
        setups[0].ends_with(
            "9x10+0_fairy rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
        ),
        "{lines:?}"
    );
    let pieces: Vec<&String> = lines.iter().filter(|l| l.starts_with("piece ")).collect();
    assert_eq!(pieces.len(), 2 * 7, "{lines:?}");
    assert!(lines
        .iter()
        .any(|l| l.contains("variants=\"normal,xiangqi\"")));
}

/// Crazyhouse for XBoard: `setup` with holdings as Fairy-Stockfish sends
/// it for a custom variant `[mycrazy:crazyhouse]` (its line, from
/// `/work/fs/src/stockfish`: `setup (PNBRQ................Kpnbrq................k)
/// 8x8+6_crazyhouse rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1`,
/// pieces `P& fmWfceFifmnDj@7`, `N& N@8`, `K& KO2@8`), and drops by `usermove P@e4`.
#[test]
fn crazyhouse_is_set_up_with_holdings_and_takes_drops() {
    let script = manifest_dir().join("scripts/fairy-stockfish/crazyhouse.variant");
    let answers = Answers::default();
    // After 1.e4 d5 2.exd5 Qxd5 3.P@e4 Qa5, White's e-pawn (the dropped
    // one) may advance; a Queen is in no hand, and Black's pawn cannot be
    // dropped while it is White's move.
    let input = "xboard\nprotover 2\nnew\nvariant crazyhouse\nforce\nusermove e2e4\n\
                 usermove d7d5\nusermove e4d5\nusermove d8d5\nusermove P@e4\nusermove d5a5\n\
                 usermove Q@e6\nusermove P@e6\nusermove e4e5\nquit\n";
    let code = varia::protocol::xboard::run(
        std::io::Cursor::new(input),
        answers.clone(),
        &[script.to_str().unwrap().to_string()],
    );
    assert_eq!(code, 0);
    let lines = answers.take();
    let setups: Vec<&String> = lines.iter().filter(|l| l.starts_with("setup (")).collect();
    assert_eq!(setups.len(), 2, "{lines:?}");
    assert_eq!(
        setups[1],
        "setup (PNBRQ................Kpnbrq................k) 8x8+6_crazyhouse \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    );
    for piece in ["piece P& fmWfceFifmnDj@7", "piece N& N@8", "piece K& KO2@8"] {
        assert!(lines.iter().any(|l| l == piece), "{piece}: {lines:?}");
    }
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("Illegal")).collect();
    assert_eq!(errors, ["Illegal move: Q@e6", "Illegal move: P@e6"]);
}

/// S-Chess for XBoard: no holdings and no drop ranks, as Fairy-Stockfish
/// describes a custom `[mys:seirawan]` (`setup (…) 8x8+0_seirawan …`,
/// `piece H& BN`, `piece K& KO2`); gating moves by `usermove g1f3h`.
#[test]
fn s_chess_is_set_up_without_holdings_and_takes_gating_moves() {
    let script = manifest_dir().join("scripts/fairy-stockfish/seirawan.variant");
    let answers = Answers::default();
    let input = "xboard\nprotover 2\nnew\nvariant seirawan\nforce\nusermove g1f3h\n\
                 usermove g8f6h\nusermove b1c3h\nquit\n";
    let code = varia::protocol::xboard::run(
        std::io::Cursor::new(input),
        answers.clone(),
        &[script.to_str().unwrap().to_string()],
    );
    assert_eq!(code, 0);
    let lines = answers.take();
    let setup = lines
        .iter()
        .rfind(|l| l.starts_with("setup ("))
        .expect("a setup line");
    assert!(
        setup.ends_with(
            " 8x8+0_seirawan rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1"
        ),
        "{setup}"
    );
    for piece in [
        "piece H& BN",
        "piece E& RN",
        "piece K& KO2",
        "piece P& fmWfceFifmnD",
    ] {
        assert!(lines.iter().any(|l| l == piece), "{piece}: {lines:?}");
    }
    // White's hawk is on g1 already: a second one is not in hand.
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("Illegal")).collect();
    assert_eq!(errors, ["Illegal move: b1c3h"]);
}

/// The binary, through pipes: XBoard's opening handshake, a move and the
/// engine's answer, `quit` with status 0.
#[test]
fn the_binary_speaks_xboard_through_pipes() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_varia"))
        .arg("xboard")
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
    writeln!(stdin, "xboard\nprotover 2").unwrap();
    assert!(read_line().ends_with("done=1"));
    writeln!(stdin, "new\nsd 2\nusermove g1f3").unwrap();
    assert!(read_line().starts_with("move "));
    writeln!(stdin, "ping 9").unwrap();
    assert_eq!(read_line(), "pong 9");
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

/// XBoard 4.9 reads a variant name as its own when the name starts with one
/// of its later variants and no letter follows (`grand-betza` is its Grand
/// Chess, seen in its debug log: "recognized 'grand-betza' as variant
/// grand"), or contains one of its older ones anywhere.
#[test]
fn variant_names_xboard_would_take_for_its_own_are_run_together() {
    use varia::protocol::xboard::xboard_name;
    assert_eq!(xboard_name("grand-betza"), "grandbetza");
    assert_eq!(xboard_name("berolina-plus"), "berolinaplus");
    assert_eq!(xboard_name("shatranj-x"), "shatranjx");
    // XBoard's own names for the same games, and names it does not know, stay.
    for name in [
        "xiangqi",
        "atomic",
        "3check",
        "berolina",
        "large-nahbi",
        "balbo",
        "grander",
    ] {
        assert_eq!(xboard_name(name), name);
    }
}

/// Grand Betza through the XBoard session: offered as `grandbetza`, set up
/// by `setup`, and its moves in XBoard's coordinates, where a board with
/// ten ranks numbers them from 0 (`c0d3` is our `c1d4`, the Buffalo's camel
/// leap); the engine answers the same way.
#[test]
fn grand_betza_is_offered_under_a_name_xboard_leaves_alone_with_ranks_from_0() {
    let script = manifest_dir().join("scripts/grand-betza.variant");
    let answers = Answers::default();
    let input = "xboard\nprotover 2\nnew\nvariant grand-betza\nforce\nusermove c1d4\n\
                 usermove c0d3\nsd 1\ngo\nforce\nquit\n";
    let code = varia::protocol::xboard::run(
        std::io::Cursor::new(input),
        answers.clone(),
        &[script.to_str().unwrap().to_string()],
    );
    assert_eq!(code, 0);
    let lines = answers.take();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("variants=\"grandbetza,normal\"")),
        "{lines:?}"
    );
    // `variant grand-betza` is understood as `grandbetza`: setup again.
    assert_eq!(lines.iter().filter(|l| l.starts_with("setup (")).count(), 2);
    // Our c1d4 is XBoard's c2d5: a knight on c2 cannot go there.
    assert!(
        lines.contains(&"Illegal move: c1d4".to_string()),
        "{lines:?}"
    );
    let reply = lines
        .iter()
        .find_map(|l| l.strip_prefix("move "))
        .expect("the engine moved");
    let mut game =
        varia::game::Game::new(&varia::load::load_variant(script.to_str().unwrap()).unwrap());
    game.play_text("c1d4").unwrap();
    let legal: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|&m| {
            let ours = varia::notation::coord::move_to_coord(game.position(), m);
            // The same move with ranks from 0, by hand: every rank number minus 1.
            let mut xboard = String::new();
            let mut digits = String::new();
            for c in ours.chars().chain(std::iter::once(' ')) {
                if c.is_ascii_digit() {
                    digits.push(c);
                } else {
                    if !digits.is_empty() {
                        xboard.push_str(&(digits.parse::<u32>().unwrap() - 1).to_string());
                        digits.clear();
                    }
                    xboard.push(c);
                }
            }
            xboard.trim_end().to_string()
        })
        .collect();
    assert!(
        legal.contains(&reply.to_string()),
        "{reply} not in {legal:?}"
    );
    assert!(!reply.contains("10"), "{reply}");
}

/// XBoard 4.9 reads multi-leg XBetza but neither repeated groups nor `z`:
/// given `(afz)8W` it shows the Rhino with no moves and refuses every move
/// of it ("Illegal move"). The Rhino is sent written out instead: a W step,
/// then 1 to 8 more steps turning 45 degrees alternately, first left
/// (`fl`) or first right (`fr`), the legs before the last to empty squares
/// (`m`). With this line XBoard 4.9.1 marked exactly varia's 27 target
/// squares of a Rhino on f4 (position `r4k3r/10/1C3A4/10/2U3X3/10/1Y3O4/10/10/R4K3R`).
#[test]
fn the_rhino_is_written_in_the_xbetza_xboard_reads() {
    let script = manifest_dir().join("scripts/grand-betza.variant");
    let answers = Answers::default();
    varia::protocol::xboard::run(
        std::io::Cursor::new("quit\n"),
        answers.clone(),
        &[script.to_str().unwrap().to_string()],
    );
    let lines = answers.take();
    let mut expected = String::from("piece O& W");
    for legs in 2..=9 {
        for first in ["l", "r"] {
            let mut turn = first;
            let mut word = String::from("m");
            for leg in 2..=legs {
                word.push_str(&format!("af{turn}"));
                if leg < legs {
                    word.push('m');
                }
                turn = if turn == "l" { "r" } else { "l" };
            }
            expected.push_str(&word);
            expected.push('W');
        }
    }
    assert!(lines.contains(&expected), "{expected}\n{lines:#?}");
    // The other pieces are XBetza XBoard reads as they are.
    for line in [
        "piece U& NCZ",
        "piece X& WA",
        "piece Y& FD",
        "piece P& fmWfceFifmnD",
    ] {
        assert!(lines.contains(&line.to_string()), "{line}: {lines:#?}");
    }
}

/// A pass is XBoard's null move `@@@@`, as Fairy-Stockfish writes and
/// reads Janggi's in XBoard mode (its `UCI::move` and `UCI::to_move`): the
/// engine sends it, and takes it from the GUI; where no pass is legal it is
/// an illegal move. The position is derived by hand: Cho's lone general on
/// e2 is not in check, and Han's chariots on a1, a3, d10 and f10 hold every
/// square it could step to (a soldier on e5 keeps the generals from facing),
/// so passing is Cho's only move (pyffish agrees: its one legal move is
/// `e2e2`).
#[test]
fn a_pass_is_the_null_move_both_ways() {
    let script = manifest_dir().join("scripts/fairy-stockfish/janggi.variant");
    let script = script.to_str().unwrap().to_string();
    let only_a_pass = "3r1r3/4k4/9/9/9/4p4/9/r8/4K4/r8 w - - 0 1";
    let run = |input: &str| {
        let answers = Answers::default();
        let code = varia::protocol::xboard::run(
            std::io::Cursor::new(input.to_string()),
            answers.clone(),
            std::slice::from_ref(&script),
        );
        assert_eq!(code, 0);
        answers.take()
    };
    let lines = run(&format!(
        "xboard\nprotover 2\nvariant janggi\nforce\nsetboard {only_a_pass}\nsd 3\ngo\n"
    ));
    let moves: Vec<&String> = lines.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves, ["move @@@@"], "{lines:?}");
    // From the GUI: a pass at the start is legal in Janggi.
    let lines = run("xboard\nprotover 2\nvariant janggi\nforce\nusermove @@@@\n");
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")), "{lines:?}");
    // No pass in chess.
    let (mut s, a) = session();
    assert_eq!(
        say(&mut s, &a, &["force", "usermove @@@@"]),
        ["Illegal move: @@@@"]
    );
    assert!(s.game().moves().is_empty());
}
