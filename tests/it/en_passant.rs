//! Which double steps may be taken en passant: by default those of the
//! pieces that capture en passant themselves (an `e` move); `en passant
//! takes …` names them instead. Wolf chess (Fairy-Stockfish's `wolf`): a
//! sergeant's double step may be taken by a pawn, though a sergeant never
//! takes en passant. Every position here is derived by hand from the rules
//! and checked against pyffish (its legal moves, and its FEN after the
//! moves played). The whole game is compared in `catalogue.rs`.

use std::collections::BTreeSet;

use crate::common;

use common::moves::moves;
use common::oracle::{fs_fen_after, fs_legal_moves, script};
use varia::notation::coord::parse_coord;
use varia::notation::fen::write_fen;
use varia::vm::Position;

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// White's sergeant on c2 (its second rank) steps two to c4, passing c3,
/// which Black's pawn on b4 attacks: the pawn may take it en passant
/// (b4c3), landing on c3 and removing the sergeant from c4. (Black's
/// king on a10 has its three steps; the pawn also steps to b3.)
#[test]
fn a_pawn_takes_a_sergeants_double_step_en_passant() {
    let wolf = script("wolf");
    let start = "k7/8/8/8/8/8/1p6/8/2S5/K7 w - - 0 1";
    let mut pos = Position::from_fen(&wolf, start).unwrap();
    let white = set(&["a1a2", "a1b1", "a1b2", "c2b3", "c2c3", "c2c4", "c2d3"]);
    assert_eq!(moves(&pos), white, "the sergeant's double step from c2");
    assert_eq!(moves(&pos), fs_legal_moves("wolf", start));
    pos.play(parse_coord(&pos, "c2c4").unwrap());
    // We write the passed square; Fairy-Stockfish writes it with the
    // sergeant's (`c3c4`), which we read as the same position.
    assert_eq!(write_fen(&pos), "k7/8/8/8/8/8/1pS5/8/8/K7 b - c3 0 1");
    let theirs = fs_fen_after("wolf", start, &["c2c4"]);
    assert_eq!(theirs, "k7/8/8/8/8/8/1pS5/8/8/K7 b - c3c4 0 1");
    assert_eq!(Position::from_fen(&wolf, &theirs).unwrap(), pos);
    let black = set(&["a10a9", "a10b10", "a10b9", "b4b3", "b4c3"]);
    assert_eq!(moves(&pos), black);
    assert_eq!(moves(&pos), fs_legal_moves("wolf", &theirs));
    pos.play(parse_coord(&pos, "b4c3").unwrap());
    assert_eq!(write_fen(&pos), "k7/8/8/8/8/8/8/2p5/8/K7 w - - 0 2");
    assert_eq!(
        write_fen(&pos),
        fs_fen_after("wolf", start, &["c2c4", "b4c3"])
    );
}

/// A sergeant never takes en passant: after White's pawn steps c2c4 past
/// Black's sergeant on b4, b4c3 is the sergeant's own step onto the empty
/// square, and the pawn stays on c4 (no en passant field either: no enemy
/// piece could take).
#[test]
fn a_sergeant_never_takes_en_passant() {
    let wolf = script("wolf");
    let start = "k7/8/8/8/8/8/1s6/8/2P5/K7 w - - 0 1";
    let mut pos = Position::from_fen(&wolf, start).unwrap();
    pos.play(parse_coord(&pos, "c2c4").unwrap());
    assert_eq!(write_fen(&pos), "k7/8/8/8/8/8/1sP5/8/8/K7 b - - 0 1");
    assert_eq!(write_fen(&pos), fs_fen_after("wolf", start, &["c2c4"]));
    let black = set(&["a10a9", "a10b10", "a10b9", "b4a3", "b4b3", "b4c3"]);
    assert_eq!(moves(&pos), black);
    assert_eq!(moves(&pos), fs_legal_moves("wolf", &write_fen(&pos)));
    pos.play(parse_coord(&pos, "b4c3").unwrap());
    assert_eq!(write_fen(&pos), "k7/8/8/8/8/8/2P5/2s5/8/K7 w - - 0 2");
    assert_eq!(
        write_fen(&pos),
        fs_fen_after("wolf", start, &["c2c4", "b4c3"])
    );
}

/// Without `en passant takes`, only the pieces that capture en passant
/// may be taken so: the same script without that line lets no pawn take
/// the sergeant's double step, and cannot read Fairy-Stockfish's FEN that
/// names the square it passed.
#[test]
fn without_the_rule_only_the_takers_double_steps_are_taken() {
    let path = common::oracle::script_path("wolf");
    let text = std::fs::read_to_string(&path).unwrap();
    let line = "en passant takes Pawn, Sergeant\n";
    assert!(text.contains(line));
    let default = varia::compile_source("wolf-default.variant", &text.replace(line, "")).unwrap();
    let start = "k7/8/8/8/8/8/1p6/8/2S5/K7 w - - 0 1";
    let mut pos = Position::from_fen(&default, start).unwrap();
    pos.play(parse_coord(&pos, "c2c4").unwrap());
    assert_eq!(write_fen(&pos), "k7/8/8/8/8/8/1pS5/8/8/K7 b - - 0 1");
    assert_eq!(moves(&pos), set(&["a10a9", "a10b10", "a10b9", "b4b3"]));
    let error = Position::from_fen(&default, "k7/8/8/8/8/8/1pS5/8/8/K7 b - c3c4 0 1")
        .unwrap_err()
        .to_string();
    assert!(error.contains("en passant"), "{error}");
    // A pawn's double step is taken as before.
    let pawns = "k7/8/8/8/8/8/1p6/8/2P5/K7 w - - 0 1";
    let mut pos = Position::from_fen(&default, pawns).unwrap();
    pos.play(parse_coord(&pos, "c2c4").unwrap());
    assert!(moves(&pos).contains("b4c3"));
}

/// Pawns and sergeants step two from their second rank and from b3, c3,
/// f3 and g3 (`also … "fmnD" from second`), wherever they came from: a
/// pawn on a3 steps one only, a sergeant that reached b3 two (or one
/// straight or diagonally), as Fairy-Stockfish's `doubleStepRegion`.
#[test]
fn pawns_and_sergeants_step_two_from_their_region() {
    let wolf = script("wolf");
    let fen = "k7/8/8/8/8/8/8/PS6/8/7K w - - 0 1";
    let pos = Position::from_fen(&wolf, fen).unwrap();
    let expected = set(&[
        "a3a4", "b3a4", "b3b4", "b3b5", "b3c4", "h1g1", "h1g2", "h1h2",
    ]);
    assert_eq!(moves(&pos), expected);
    assert_eq!(moves(&pos), fs_legal_moves("wolf", fen));
}
