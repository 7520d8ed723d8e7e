//! Xiangqi: region rules (palace, river), the cannon, the soldier's moves
//! across the river and the facing generals, compared move for move with
//! Fairy-Stockfish's built-in `xiangqi` over random games.

use crate::common;

use std::collections::BTreeSet;

use common::moves::{moves_from, set};
use common::oracle::{compare, oracle, script};
use varia::vm::Position;

#[test]
fn legal_moves_match_pyffish() {
    let variant = script("xiangqi");
    let lines = oracle("xiangqi", 1500, 31, &[]);
    compare(&variant, &lines);
}

#[test]
fn long_games_match_pyffish() {
    let variant = script("xiangqi");
    let lines = oracle("xiangqi", 1000, 32, &["--max-plies", "200"]);
    compare(&variant, &lines);
}

#[test]
fn the_general_and_advisors_stay_in_the_palace() {
    let v = script("xiangqi");
    // Generals facing each other on an open file: not a legal position.
    assert!(Position::from_fen(&v, "3k5/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1").is_err());
    let pos = Position::from_fen(&v, "4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1").unwrap();
    // The general on d1: d2 and e1 (the advisor on e2 stands between the
    // generals), not c1 (outside the palace).
    assert_eq!(moves_from(&pos, "d1"), set("d1", "d2 e1"));
    // The advisor on e2 goes to the palace's free corners only.
    assert_eq!(moves_from(&pos, "e2"), set("e2", "d3 f3 f1"));
    // With the general on e1 the advisor may not leave the e-file's screen.
    let pos = Position::from_fen(&v, "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1").unwrap();
    assert_eq!(moves_from(&pos, "e2"), BTreeSet::new());
}

#[test]
fn the_elephant_never_crosses_the_river() {
    let v = script("xiangqi");
    let pos = Position::from_fen(&v, "4k4/9/9/9/9/4B4/9/9/9/3K5 w - - 0 1").unwrap();
    // The elephant on e5 (this side of the river) reaches c3 and g3, not c7 or g7.
    assert_eq!(moves_from(&pos, "e5"), set("e5", "c3 g3"));
}

#[test]
fn soldiers_step_sideways_only_across_the_river() {
    let v = script("xiangqi");
    let pos = Position::from_fen(&v, "4k4/9/9/9/2P6/6P2/9/9/9/3K5 w - - 0 1").unwrap();
    assert_eq!(moves_from(&pos, "g5"), set("g5", "g6"));
    assert_eq!(moves_from(&pos, "c6"), set("c6", "b6 c7 d6"));
}
