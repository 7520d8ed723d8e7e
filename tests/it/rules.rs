//! Rules beyond single moves, on hand-made positions: game end, en passant
//! state in FEN, unmoved pieces read from FEN, attacks by hoppers.

use std::collections::BTreeSet;
use std::sync::Arc;

use varia::ir::piece::Color;
use varia::ir::Variant;
use varia::notation::coord::{move_to_coord, parse_coord};
use varia::notation::fen::write_fen;
use varia::vm::{EndReason, Outcome, Position};
use varia::{compile_path, compile_source};

fn chess() -> Arc<Variant> {
    compile_path(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/chess.variant"
    ))
    .unwrap()
}

fn moves(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves()
        .unwrap()
        .into_iter()
        .map(|m| move_to_coord(pos, m))
        .collect()
}

fn play(pos: &mut Position, line: &str) {
    for m in line.split_whitespace() {
        let mv =
            parse_coord(pos, m).unwrap_or_else(|| panic!("{m} is not legal in {}", write_fen(pos)));
        pos.play_unchecked(mv);
    }
}

#[test]
fn checkmate_ends_the_game() {
    let v = chess();
    let mut pos = Position::start(&v);
    play(&mut pos, "f2f3 e7e5 g2g4 d8h4");
    assert!(pos.is_check());
    assert!(pos.legal_moves().unwrap().is_empty());
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Decisive {
            winner: Color::Black,
            reason: EndReason::Checkmate
        }
    );
}

#[test]
fn stalemate_is_a_draw() {
    let v = chess();
    let pos = Position::from_fen(&v, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(!pos.is_check());
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Draw {
            reason: EndReason::Stalemate
        }
    );
}

#[test]
fn stalemate_result_is_configurable() {
    let script =
        "import orthodox\nboard 8 x 8\nstalemate loses\nsetup \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"\n";
    let v = compile_source("s.variant", script).unwrap();
    let pos = Position::start(&v);
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Stalemate
        }
    );
}

#[test]
fn fifty_move_rule_and_repetition() {
    let v = chess();
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K2R w - - 100 80").unwrap();
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Draw {
            reason: EndReason::MoveRule
        }
    );
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K2R w - - 99 80").unwrap();
    assert_eq!(pos.outcome().unwrap(), Outcome::Ongoing);

    let mut pos = Position::start(&v);
    play(&mut pos, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    assert_eq!(pos.repetitions(), 2);
    assert_eq!(pos.outcome().unwrap(), Outcome::Ongoing);
    play(&mut pos, "f6g8");
    assert_eq!(pos.repetitions(), 3);
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Draw {
            reason: EndReason::Repetition
        }
    );
}

#[test]
fn en_passant_is_written_only_when_it_can_be_taken() {
    let v = chess();
    let mut pos = Position::start(&v);
    play(&mut pos, "e2e4");
    assert_eq!(
        write_fen(&pos),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let mut pos = Position::from_fen(&v, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    play(&mut pos, "e2e4");
    assert_eq!(write_fen(&pos), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    assert!(moves(&pos).contains("d4e3"));
    play(&mut pos, "d4e3");
    assert_eq!(write_fen(&pos), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
}

#[test]
fn en_passant_fields_are_checked() {
    let v = chess();
    // No pawn could have passed e6.
    assert!(Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1").is_err());
    // The two-square form names the pawn that passed.
    let pos = Position::from_fen(&v, "4k3/8/8/3Pp3/8/8/8/4K3 w - e6e5 0 1").unwrap();
    assert!(moves(&pos).contains("d5e6"));
    assert!(Position::from_fen(&v, "4k3/8/8/3Pp3/8/8/8/4K3 w - e6d5 0 1").is_err());
}

#[test]
fn unmoved_state_comes_from_the_setup_and_castling_rights() {
    let v = chess();
    // A pawn on its setup square may double-step; one elsewhere may not.
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/4P3/3P4/4K3 w - - 0 1").unwrap();
    let m = moves(&pos);
    assert!(m.contains("d2d4"));
    assert!(!m.contains("e3e5"));
    // Castling rights decide for king and rooks.
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/8/R3K2R w K - 0 1").unwrap();
    let m = moves(&pos);
    assert!(m.contains("e1g1"));
    assert!(!m.contains("e1c1"));
    assert_eq!(write_fen(&pos), "4k3/8/8/8/8/8/8/R3K2R w K - 0 1");
    // A right without its rook is an error.
    assert!(Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K2R w Q - 0 1").is_err());
}

#[test]
fn cannons_give_check_through_a_screen() {
    let script =
        "import orthodox\nimport fairy\nboard 8 x 8\nsetup \"4k3/8/8/8/8/8/4P3/4O1K1 b - - 0 1\"\n";
    let v = compile_source("c.variant", script).unwrap();
    // The cannon on e1 checks e8 over the pawn on e2.
    let pos = Position::start(&v);
    assert!(pos.is_check());
    let m = moves(&pos);
    assert!(!m.contains("e8e7"), "e7 is still on the cannon's line");
    assert!(m.contains("e8d8") && m.contains("e8f7"));
}

#[test]
fn a_side_that_is_not_to_move_may_not_be_in_check() {
    let v = chess();
    let err = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K2r w - - 0 1").map(|_| ());
    assert!(err.is_ok());
    let err = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K2r b - - 0 1").unwrap_err();
    assert!(err.to_string().contains("not to move is in check"), "{err}");
}

/// `import orthodox` with a non-royal King: `checkmate none` replaces the
/// imported `checkmate loses` (the diagnostic's help says so). Moves derived
/// by hand: the King on e1 may step onto squares the rook on a1 attacks.
#[test]
fn a_royal_less_game_imports_orthodox_with_checkmate_none() {
    let head = "import orthodox\nboard 8 x 8\npiece King K \"K\"\n";
    let setup = "setup \"4k3/8/8/8/8/8/8/r3K3 w - - 0 1\"\n";
    let err = compile_source("a.variant", &format!("{head}{setup}")).unwrap_err();
    let help = format!("{:?}", err.errors.first().map(|e| e.help.clone()));
    assert!(help.contains("`checkmate none`"), "{help}");
    let v = compile_source("a.variant", &format!("{head}checkmate none\n{setup}")).unwrap();
    let pos = Position::start(&v);
    let king: BTreeSet<String> = moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("e1"))
        .collect();
    assert_eq!(
        king,
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
            .map(String::from)
            .into()
    );
}

/// `checkmate none` with a royal King: a side with no move is stalemated,
/// in check or not (fool's mate scored by `stalemate`).
#[test]
fn checkmate_none_scores_a_mated_side_as_stalemated() {
    let script = "import orthodox\nboard 8 x 8\ncheckmate none\nstalemate wins\n\
        setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n";
    let v = compile_source("n.variant", script).unwrap();
    let mut pos = Position::start(&v);
    play(&mut pos, "f2f3 e7e5 g2g4 d8h4");
    assert!(pos.is_check());
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Stalemate
        }
    );
}

#[test]
fn positions_without_royal_pieces_are_allowed() {
    let script = "board 4 x 4\npiece Rook R \"R\"\nsetup \"r3/4/4/3R w - - 0 1\"\n";
    let v = compile_source("r.variant", script).unwrap();
    let pos = Position::start(&v);
    assert_eq!(moves(&pos).len(), 6);
    assert_eq!(pos.outcome().unwrap(), Outcome::Ongoing);
}

#[test]
fn several_royal_pieces_must_all_stay_safe() {
    let script = "import orthodox\nboard 8 x 8\nsetup \"4k3/8/8/8/8/8/r7/K3K3 w - - 0 1\"\n";
    let v = compile_source("k.variant", script).unwrap();
    // The rook checks the king on a1: only moves that answer that check are
    // legal, and no move of the other king does.
    let pos = Position::start(&v);
    assert!(pos.is_check());
    assert_eq!(
        moves(&pos),
        ["a1a2", "a1b1"].into_iter().map(String::from).collect()
    );
    // Neither king may step onto an attacked square.
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/1r6/8/K3K3 w - - 0 1").unwrap();
    let m = moves(&pos);
    assert!(m.contains("a1a2") && !m.contains("a1b1") && !m.contains("a1b2"));
    for sq in ["d1", "d2", "e2", "f1", "f2"] {
        assert!(m.contains(&format!("e1{sq}")), "e1{sq}");
    }
}
