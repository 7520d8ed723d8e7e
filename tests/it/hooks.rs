//! Rhai hooks and the rules that replace the common ones: King of the Hill
//! and Three-check, both as one-line rules (`reaching hill with King wins`,
//! `giving 3 checks wins`, in scripts/) and as hooks (tests/fixtures/hooks/),
//! against pyffish's built-in `kingofthehill` and `3check`; Atomic; Large
//! Nahbi's loss rule (rules.md §2.5 N5); effects and filters on small
//! hand-checked positions; the sandbox.

use crate::common;

use common::moves::moves;
use common::oracle::{compare, hook_fixture, oracle, script};
use varia::compile_source;
use varia::ir::piece::Color;
use varia::notation::coord::parse_coord;
use varia::notation::fen::write_fen;
use varia::teach::outcome::describe_reason;
use varia::vm::perft::perft;
use varia::vm::{Move, MoveKind, Outcome, PlayError, Position};

#[test]
fn king_of_the_hill_matches_pyffish() {
    let lines = oracle("kingofthehill", 1500, 5, &["--max-plies", "160"]);
    // The long games reach the hill: make sure some positions are over by it.
    let over = lines.iter().filter(|l| l.moves.is_empty()).count();
    assert!(over > 0, "no game ended in the sample");
    compare(&script("kingofthehill"), &lines);
    compare(&hook_fixture("kingofthehill"), &lines);
}

#[test]
fn a_king_on_the_hill_wins() {
    for v in [script("kingofthehill"), hook_fixture("kingofthehill")] {
        a_king_on_the_hill_wins_in(v);
    }
}

fn a_king_on_the_hill_wins_in(v: std::sync::Arc<varia::ir::Variant>) {
    let mut pos = Position::from_fen(&v, "4k3/8/8/8/8/4K3/8/8 w - - 0 1").unwrap();
    assert_eq!(pos.outcome().unwrap(), Outcome::Ongoing);
    let mv = parse_coord(&pos, "e3e4").unwrap();
    pos.try_play(mv).unwrap();
    assert!(pos.legal_moves().unwrap().is_empty());
    match pos.outcome().unwrap() {
        Outcome::Decisive {
            winner: Color::White,
            reason,
        } if reason.is_variant_rule() => {
            let words = describe_reason(&v, &reason);
            assert!(words.contains("hill"), "{words}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn n5_large_nahbi_loss_rule() {
    let v = script("large-nahbi");
    // (a) White has only King and Alfil; the black king is on e8 (North): White has lost.
    let pos = Position::from_fen(&v, "10/10/3q6/10/4k5/10/10/10/10/10/1F8/4K5 w - - 0 1").unwrap();
    assert!(matches!(
        pos.outcome().unwrap(),
        Outcome::Decisive {
            winner: Color::Black,
            reason
        } if reason.is_variant_rule()
    ));
    assert!(pos.legal_moves().unwrap().is_empty());
    // (b) The black king on e6 (South): the game goes on.
    let pos = Position::from_fen(&v, "10/10/3q6/10/10/10/4k5/10/10/10/1F8/4K5 w - - 0 1").unwrap();
    assert_eq!(pos.outcome().unwrap(), Outcome::Ongoing);
    assert!(!pos.legal_moves().unwrap().is_empty());
    // (c) A bare King loses too.
    let pos = Position::from_fen(&v, "10/10/3q6/10/4k5/10/10/10/10/10/10/4K5 w - - 0 1").unwrap();
    assert!(matches!(
        pos.outcome().unwrap(),
        Outcome::Decisive {
            winner: Color::Black,
            ..
        }
    ));
}

/// Chess on a small board where a capturing piece is removed with its
/// victim (a kamikaze rule), pawns may not capture, and promotion is to a
/// Queen only: every hook point at once.
const KAMIKAZE: &str = r#"
import orthodox
board 8 x 8
hook after-move {
    if mv.captured != "" { return [remove(mv.to)]; }
}
hook move-filter {
    !(mv.piece == "Pawn" && mv.captured != "")
}
hook promotion {
    ["Queen"]
}
setup "4k3/1P6/8/3p4/4P3/8/8/R3K3 w Q - 0 1"
"#;

#[test]
fn hooks_filter_promote_and_change_the_board() {
    let v = compile_source("kamikaze.variant", KAMIKAZE)
        .unwrap_or_else(|e| panic!("{}", e.render_plain()));
    let pos = Position::start(&v);
    let m = moves(&pos);
    assert!(!m.contains("e4d5"), "pawns may not capture");
    assert!(m.contains("b7b8q") && !m.contains("b7b8r") && !m.contains("b7b8n"));
    // A rook captures a rook: the capturer disappears with its victim.
    let mut pos = Position::from_fen(&v, "r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    let before = write_fen(&pos);
    let hash = pos.hash();
    let mv = parse_coord(&pos, "a1a8").unwrap();
    let undo = pos.play_unchecked(mv);
    assert_eq!(write_fen(&pos), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.unplay(mv, undo);
    assert_eq!(write_fen(&pos), before);
    assert_eq!(pos.hash(), hash);
    // Perft plays and unplays effects consistently (counts checked by hand at depth 1).
    let mut start = Position::start(&v);
    let n1 = perft(&mut start, 1).expect("no hook fails");
    assert_eq!(n1, moves(&Position::start(&v)).len() as u64);
    assert!(perft(&mut start, 3).expect("no hook fails") > 0);
    assert_eq!(write_fen(&start), write_fen(&Position::start(&v)));
}

#[test]
fn a_runaway_hook_is_stopped_and_the_position_kept() {
    let script = "import orthodox\nboard 8 x 8\nhook after-move {\n    let n = 0;\n    loop { n += 1; }\n}\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n";
    let v = compile_source("loop.variant", script).unwrap();
    let mut pos = Position::start(&v);
    let before = write_fen(&pos);
    // Built by hand: finding it among the legal moves runs the hook too.
    let square = |name: &str| v.geometry.parse_square(name).unwrap();
    let mv = Move::new(square("e1"), square("e2"), MoveKind::Normal);
    assert!(matches!(pos.legal_moves(), Err(e) if e.message.contains("operations")));
    match pos.try_play(mv) {
        Err(PlayError::Hook { error, .. }) => {
            assert!(error.message.contains("operations"), "{}", error.message);
            // The error points into the script at the hook's code.
            let text = &script[error.span.start as usize..error.span.end as usize];
            assert!(!text.is_empty() && script.contains(text));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(write_fen(&pos), before);
}

#[test]
fn hooks_cannot_eval_or_grow_without_bound() {
    let with_eval = "import orthodox\nboard 8 x 8\nhook game-end { eval(\"1\") }\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n";
    let errors = compile_source("eval.variant", with_eval).unwrap_err();
    assert!(
        errors.render_plain().contains("eval"),
        "{}",
        errors.render_plain()
    );

    let growing = "import orthodox\nboard 8 x 8\nhook game-end {\n    let s = \"x\";\n    loop { s += s; }\n}\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n";
    let v = compile_source("grow.variant", growing).unwrap();
    let pos = Position::start(&v);
    let mut out = Vec::new();
    let e = pos
        .legal_moves_into(&mut out)
        .expect_err("the hook must fail");
    assert!(
        e.message.to_lowercase().contains("length") || e.message.to_lowercase().contains("size"),
        "{}",
        e.message
    );
}

#[test]
fn a_hook_that_returns_nonsense_is_an_error() {
    let script = "import orthodox\nboard 8 x 8\nhook game-end { 42 }\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n";
    let v = compile_source("nonsense.variant", script).unwrap();
    let pos = Position::start(&v);
    let mut out = Vec::new();
    assert!(pos
        .legal_moves_into(&mut out)
        .is_err_and(|e| e.message.contains("game-end hook must return")));
}

#[test]
fn three_check_matches_pyffish() {
    let lines = oracle("3check", 1500, 11, &["--max-plies", "120"]);
    let over = lines.iter().filter(|l| l.moves.is_empty()).count();
    assert!(over > 0, "no game ended in the sample");
    compare(&script("3check"), &lines);
    compare(&hook_fixture("3check"), &lines);
}

#[test]
fn three_checks_win() {
    for v in [script("3check"), hook_fixture("3check")] {
        three_checks_win_in(v);
    }
}

/// The hook-written versions count the same as Fairy-Stockfish's `go perft`
/// (tests/perft/fairy-stockfish/3check.perft, kingofthehill.perft and atomic.perft at depth 4).
#[test]
fn hook_written_versions_count_like_fairy_stockfish() {
    for (name, count) in [
        ("3check", 197_281),
        ("kingofthehill", 197_281),
        ("atomic", 197_326),
    ] {
        let mut pos = Position::start(&hook_fixture(name));
        assert_eq!(perft(&mut pos, 4), Ok(count), "{name}");
    }
}

fn three_checks_win_in(v: std::sync::Arc<varia::ir::Variant>) {
    let mut pos = Position::from_fen(
        &v,
        "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2",
    )
    .unwrap();
    assert_eq!(pos.counter(0, Color::White), 1);
    let mv = parse_coord(&pos, "d1h5").unwrap();
    pos.try_play(mv).unwrap();
    assert_eq!(pos.counter(0, Color::White), 0);
    assert!(write_fen(&pos).contains(" 0+3 "), "{}", write_fen(&pos));
    assert!(pos.legal_moves().unwrap().is_empty());
    assert!(matches!(
        pos.outcome().unwrap(),
        Outcome::Decisive {
            winner: Color::White,
            reason
        } if reason.is_variant_rule()
    ));
}

#[test]
fn atomic_matches_pyffish() {
    let lines = oracle("atomic", 1200, 17, &["--max-plies", "120"]);
    let over = lines.iter().filter(|l| l.moves.is_empty()).count();
    assert!(over > 0, "no game ended in the sample");
    compare(&script("atomic"), &lines);
    compare(&hook_fixture("atomic"), &lines);
}

/// `captures explode sparing Pawn`, by hand (and as pyffish's `atomic`
/// answers): Nxe5 blows up the knight, the pawn it took and the knight on
/// f6, and spares the pawn on e4; taking it back restores everything. With
/// the kings side by side the rook on h3 gives no check (taking the king
/// would blow up its own), so the king may step anywhere but f3.
#[test]
fn captures_explode() {
    let v = script("atomic");
    let start = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let mut pos = Position::from_fen(&v, start).unwrap();
    let hash = pos.hash();
    let mv = parse_coord(&pos, "f3e5").unwrap();
    let undo = pos.play_unchecked(mv);
    assert_eq!(
        write_fen(&pos),
        "rnbqkb1r/pppp1ppp/8/8/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 3"
    );
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.unplay(mv, undo);
    assert_eq!(write_fen(&pos), start);
    assert_eq!(pos.hash(), hash);

    let pos = Position::from_fen(&v, "8/8/8/8/8/3kK2r/8/8 w - - 0 1").unwrap();
    assert_eq!(pos.outcome().unwrap(), Outcome::Ongoing);
    assert_eq!(
        moves(&pos),
        ["e3d2", "e3d4", "e3e2", "e3e4", "e3f2", "e3f4"]
            .map(String::from)
            .into()
    );
    // The pawn on d2 checks; taking it would blow up the own king (with
    // the queen) or the king itself, so only king steps remain (pyffish
    // agrees).
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1").unwrap();
    assert_eq!(
        moves(&pos),
        ["e1e2", "e1f1", "e1f2"].map(String::from).into()
    );
}

/// `pos.count(color, name)` and `pos.has_only(color, names)`, on positions
/// counted by hand: a game-end hook that draws when White has only its King
/// and at most two Knights left.
#[test]
fn count_and_has_only() {
    let script = r#"import orthodox
board 8 x 8
hook game-end {
    if pos.has_only("white", ["King", "Knight"]) && pos.count("white", "Knight") <= 2 {
        return draw("White has only knights");
    }
}
setup "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1"
"#;
    let v = compile_source("count.variant", script).unwrap();
    for (fen, over) in [
        ("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", true),   // K + 2 N
        ("4k3/8/8/8/8/8/8/1NN1K1N1 w - - 0 1", false), // K + 3 N
        ("4k3/8/8/8/8/8/8/1N2K1B1 w - - 0 1", false),  // a bishop too
        ("4k2q/8/8/8/8/8/8/4K3 w - - 0 1", true),      // bare king; Black's queen does not count
    ] {
        let pos = Position::from_fen(&v, fen).unwrap();
        // Ok: the hook did not fail.
        assert_eq!(pos.legal_moves().map(|m| m.is_empty()), Ok(over), "{fen}");
    }
}

/// What a game-end hook's expression `expr` gives on the position reached
/// from `fen` by the coordinate moves `moves`, in the variant `head`
/// (declarations before the hook): the hook returns it as a draw's
/// reason once the moves are played (before, it lets the game go on).
fn ask_in(head: &str, fen: &str, moves: &[&str], expr: &str) -> String {
    let script = format!(
        "{head}\nhook game-end {{\n    if pos.history_len < {} {{ return (); }}\n    draw(`${{{expr}}}`)\n}}\nsetup \"{fen}\"\n",
        moves.len()
    );
    let v =
        compile_source("ask.variant", &script).unwrap_or_else(|e| panic!("{}", e.render_plain()));
    let mut pos = Position::from_fen(&v, fen).unwrap();
    for m in moves {
        let mv = parse_coord(&pos, m).unwrap_or_else(|| panic!("{m} is not legal"));
        pos.try_play(mv).unwrap();
    }
    match pos.hook_game_end() {
        Ok(Some(end)) => end.reason,
        other => panic!("{expr}: {other:?}"),
    }
}

/// [`ask_in`] in orthodox chess.
fn ask(fen: &str, moves: &[&str], expr: &str) -> String {
    ask_in("import orthodox\nboard 8 x 8", fen, moves, expr)
}

/// `pos.attacked(sq, color)`: a rook's file and rank up to the first piece
/// in its way, the kings' neighbours; blocked squares are not attacked.
#[test]
fn pos_attacked_follows_the_moves() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    for (sq, by, attacked) in [
        ("a8", "white", true),  // the rook's file
        ("d1", "white", true),  // its rank, and the king's neighbour
        ("h1", "white", false), // behind the white king
        ("b2", "white", false),
        ("f2", "white", true), // the king
        ("e7", "black", true),
        ("e1", "black", false),
    ] {
        let expr = format!("pos.attacked(\"{sq}\", \"{by}\")");
        assert_eq!(ask(fen, &[], &expr), attacked.to_string(), "{sq} by {by}");
    }
    // A name built at run time that is no square: not attacked.
    let expr = "pos.attacked(\"z\" + \"9\", \"white\")";
    assert_eq!(ask(fen, &[], expr), "false");
}

/// `pos.legal_moves()`: coordinate strings, promotions with their letter.
#[test]
fn pos_legal_moves_are_coordinates() {
    let listed = |fen| ask(fen, &[], "{ let m = pos.legal_moves(); m.sort(); m }");
    // A lone king in the corner: three steps.
    assert_eq!(
        listed("7k/8/8/8/8/8/8/K7 w - - 0 1"),
        r#"["a1a2", "a1b1", "a1b2"]"#
    );
    // A pawn on the seventh rank promotes four ways (and the king steps).
    assert_eq!(
        listed("7k/1P6/8/8/8/8/8/K7 w - - 0 1"),
        r#"["a1a2", "a1b1", "a1b2", "b7b8b", "b7b8n", "b7b8q", "b7b8r"]"#
    );
}

/// A game-end hook that asks for the legal moves gets them as if the game
/// went on (the hook does not run inside itself): a stalemated side here
/// loses instead of drawing, and a side with moves plays on.
#[test]
fn a_game_end_hook_may_ask_for_the_legal_moves() {
    let script = r#"import orthodox
board 8 x 8
hook game-end {
    if pos.legal_moves().is_empty() && !pos.in_check { return loss("stalemated"); }
}
setup "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"
"#;
    let v = compile_source("stalemate-loses.variant", script).unwrap();
    let pos = Position::start(&v);
    assert!(matches!(
        pos.outcome().unwrap(),
        Outcome::Decisive { winner: Color::White, reason } if reason.is_variant_rule()
    ));
    let pos = Position::from_fen(&v, "k7/8/1K6/8/8/8/8/2Q5 b - - 0 1").unwrap();
    assert_eq!(pos.outcome().unwrap(), Outcome::Ongoing);
    assert_eq!(moves(&pos), ["a8b8"].map(String::from).into());
}

/// A move filter that asks for the legal moves gets them without itself:
/// here, captures are compulsory (the pawn must take on d5).
#[test]
fn a_move_filter_may_ask_for_the_legal_moves() {
    let script = r#"import orthodox
board 8 x 8
hook move-filter {
    // A capture is compulsory: a quiet move is allowed only when no move captures.
    if mv.captured != "" { return true; }
    for m in pos.legal_moves() {
        if pos.piece(m.sub_string(2, 2)) != () { return false; }
    }
    true
}
setup "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"
"#;
    let v = compile_source("compulsory.variant", script).unwrap();
    assert_eq!(
        moves(&Position::start(&v)),
        ["e4d5"].map(String::from).into()
    );
    // Without a capture, every move (the pawn off its setup square
    // steps once).
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1").unwrap();
    assert_eq!(
        moves(&pos),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e3e4"]
            .map(String::from)
            .into()
    );
}

/// An after-move hook that asks for the legal moves (the opponent's
/// replies) gets them without itself: here it keeps their number in a
/// counter. After Ke2 the black king in the corner has three moves.
#[test]
fn an_after_move_hook_may_ask_for_the_legal_moves() {
    let script = r#"import orthodox
board 8 x 8
counter replies = 0
hook after-move { [set_counter("replies", mv.color, pos.legal_moves().len())] }
setup "k7/8/8/8/8/8/8/4K3 w - - 0 1"
"#;
    let v = compile_source("replies.variant", script).unwrap();
    let mut pos = Position::start(&v);
    let mv = parse_coord(&pos, "e1e2").unwrap();
    pos.try_play(mv).unwrap();
    assert_eq!(pos.counter(0, Color::White), 3);
}

/// `pos.en_passant()`: the square a pawn passed, while an enemy pawn can
/// take it there; `()` otherwise.
#[test]
fn pos_en_passant() {
    // After e2-e4, the black pawn on d4 can take on e3.
    assert_eq!(
        ask(
            "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
            &["e2e4"],
            "pos.en_passant()"
        ),
        "e3"
    );
    // No black pawn beside e4: no en passant chance.
    assert_eq!(
        ask(
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            &["e2e4"],
            "pos.en_passant() == ()"
        ),
        "true"
    );
    // From a FEN's field.
    assert_eq!(
        ask("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", &[], "pos.en_passant()"),
        "e3"
    );
}

/// `pos.last_move()`: the move just played, as `mv` shows a move; `()`
/// before any move of this game.
#[test]
fn pos_last_move() {
    let fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";
    let show = "{ let m = pos.last_move(); `${m.from}-${m.to} ${m.piece} ${m.color} ${m.kind} [${m.captured}]` }";
    assert_eq!(ask(fen, &["e2e4"], show), "e2-e4 Pawn white double-step []");
    assert_eq!(
        ask(fen, &["e2e4", "d4e3"], show),
        "d4-e3 Pawn black en-passant [Pawn]"
    );
    assert_eq!(ask(fen, &[], "pos.last_move() == ()"), "true");
    assert_eq!(ask(fen, &["e2e4", "d4e3"], "pos.history_len"), "2");
}

/// `pos.repetitions()`: how many times the position has stood (1: never
/// before), since the last irreversible move.
#[test]
fn pos_repetitions() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(ask(fen, &["e1e2"], "pos.repetitions()"), "1");
    let there_and_back = ["e1e2", "e8e7", "e2e1", "e7e8"];
    assert_eq!(ask(fen, &there_and_back, "pos.repetitions()"), "2");
}

/// `opposite(color)`, the other side.
#[test]
fn opposite_colour() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        ask(fen, &[], "opposite(pos.side) + \" \" + opposite(\"black\")"),
        "black white"
    );
}

/// A hook may define functions; they see only their parameters.
#[test]
fn hooks_define_functions() {
    let head = "import orthodox\nboard 8 x 8";
    let script = format!(
        "{head}\nhook game-end {{\n    fn queens(pos, side) {{ pos.count(side, \"Queen\") }}\n    fn bare(pos, side) {{ pos.pieces(side).len() == 1 }}\n    if bare(pos, pos.side) && queens(pos, opposite(pos.side)) > 0 {{ return loss(\"bare king against a queen\"); }}\n}}\nsetup \"4k3/8/8/8/8/8/8/3QK3 b - - 0 1\"\n"
    );
    let v = compile_source("functions.variant", &script)
        .unwrap_or_else(|e| panic!("{}", e.render_plain()));
    assert!(matches!(
        Position::start(&v).outcome().unwrap(),
        Outcome::Decisive {
            winner: Color::White,
            ..
        }
    ));
    let pos = Position::from_fen(&v, "3qk3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
    assert_eq!(pos.outcome().unwrap(), Outcome::Ongoing);
}

/// A name computed at run time cannot be checked before: the runtime
/// names it, with the script's line and column of the failing call (also
/// inside a function the hook defines).
#[test]
fn a_runtime_name_error_names_the_script_line() {
    let script = "import orthodox\nboard 8 x 8\nhook game-end {\n    let name = \"Quee\" + \"nn\";\n    if pos.count(\"white\", name) > 0 { return win(\"x\"); }\n}\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n";
    let v = compile_source("runtime.variant", script).unwrap();
    let e = Position::start(&v).legal_moves().unwrap_err();
    assert_eq!(
        e.to_string(),
        "the game-end hook failed at line 5, column 12: no piece is called `Queenn` (did you mean `Queen`?)"
    );
    assert!(script[e.span.start as usize..].starts_with("count("));

    let script = "import orthodox\nboard 8 x 8\nhook game-end {\n    fn queens(pos, side) {\n        pos.count(side, \"Queen\")\n    }\n    if queens(pos, \"whit\" + \"e\") > 0 && queens(pos, \"blak\") > 0 { return win(\"x\"); }\n}\nsetup \"4k3/8/8/8/8/8/8/3QK3 w - - 0 1\"\n";
    let v = compile_source("runtime.variant", script).unwrap();
    let e = Position::start(&v).legal_moves().unwrap_err();
    assert_eq!(e.location.map(|(line, _)| line), Some(5), "{e}");
    assert!(e.message.contains("`blak` is not a colour"), "{e}");
}

/// The promotion hook may allow only choices the promotion rules offer:
/// a piece they do not offer, or a name that is no piece (computed, so the
/// compiler could not see it), is an error naming it.
#[test]
fn a_promotion_hook_naming_what_it_may_not_is_an_error() {
    let with = |choices: &str| {
        format!("import orthodox\nboard 8 x 8\nhook promotion {{ {choices} }}\nsetup \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"\n")
    };
    let v = compile_source("king.variant", &with("[\"Queen\", \"King\"]")).unwrap();
    let e = Position::start(&v).legal_moves().unwrap_err();
    assert_eq!(
        e.to_string(),
        "the promotion hook failed: it allowed `King` for b7b8, which the promotion rules do not offer there (they offer Queen, Rook, Bishop, Knight)"
    );
    let v = compile_source("misspelled.variant", &with("let q = \"Que\" + \"n\"; [q]")).unwrap();
    let e = Position::start(&v).legal_moves().unwrap_err();
    assert!(
        e.message
            .ends_with("no piece is called `Quen` (did you mean `Queen`?)"),
        "{e}"
    );
    // Allowed choices narrow the rules' ones.
    let v = compile_source("rook.variant", &with("[\"Rook\"]")).unwrap();
    let m = moves(&Position::start(&v));
    assert!(m.contains("b7b8r") && !m.contains("b7b8q"));
}

/// README.md's hooks section: every function and property of the hook API
/// is in its table, and every example there passes the compiler's checks
/// (in an after-move hook, which has both `pos` and `mv`; `…` left out).
#[test]
fn the_readme_lists_the_hook_api_with_examples_that_check() {
    use varia::ir::hook_api::{FUNCTIONS, POSITION_PROPERTIES};
    let readme = std::fs::read_to_string(common::oracle::manifest_dir().join("README.md")).unwrap();
    let start = readme.find("### Hooks").expect("a hooks section");
    let section = &readme[start..start + readme[start..].find("### Limits").unwrap()];
    for f in FUNCTIONS {
        let written = f.signature();
        let name = written.split('(').next().unwrap();
        assert!(
            section.contains(&format!("`{name}(")),
            "{written} is not in README.md"
        );
    }
    for p in POSITION_PROPERTIES {
        assert!(
            section.contains(&format!("`pos.{p}`")),
            "pos.{p} is not in README.md"
        );
    }
    let examples: Vec<&str> = section
        .lines()
        .filter(|l| l.starts_with("| `pos.") || l.starts_with("| `opposite"))
        .map(|l| {
            let cells: Vec<&str> = l.split(" | ").collect();
            cells[2].trim_end_matches(" |").trim_matches('`')
        })
        .collect();
    assert!(examples.len() >= 19, "{examples:?}");
    for example in examples {
        let code = example.replace('…', "");
        let script = format!(
            "import orthodox\nboard 8 x 8\nregion hill = squares d4 e4 d5 e5\ncounter checks = 3\nhook after-move {{\n    if false {{ {code}; }}\n}}\nsetup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1\"\n"
        );
        if let Err(e) = compile_source("readme.variant", &script) {
            panic!("{example}:\n{}", e.render_plain());
        }
    }
}
