//! Running out of pieces (`losing every King, Queen … loses`, `losing all
//! but 2 King loses`) and kings that are not royal (captured like any
//! piece, castling through attacked squares): Extinction chess, Kinglet and
//! Three Kings against Fairy-Stockfish's built-ins of those names.

use crate::common;
use common::moves::moves as coords;

use common::oracle::{compare_long_games, script};

use varia::notation::fen::write_fen;
use varia::notation::san::parse_move;
use varia::teach::outcome::describe;
use varia::vm::Position;

/// 1000 positions of long random games each: captured kings, promotions to
/// kings, a side's last pawn or last knight taken (then no moves: the game
/// is over, which each variant's games reach at least twice) all agree
/// with pyffish move for move.
#[test]
fn extinction_kinglet_and_three_kings_match_pyffish() {
    for (name, seed) in [("extinction", 51), ("kinglet", 52), ("threekings", 53)] {
        compare_long_games(name, 1000, seed, 2);
    }
}

/// Derived by hand: Black's last knight is taken, and Black loses at once
/// (no legal moves), whatever else it has.
#[test]
fn losing_the_last_piece_of_a_kind_ends_the_game() {
    let variant = script("extinction");
    let mut pos = Position::from_fen(
        &variant,
        "r1bqkb1r/pppppppp/8/8/8/8/nPPPPPPP/R1BQKBNR w KQkq - 0 1",
    )
    .unwrap();
    let mv = parse_move(&pos, "Rxa2").unwrap();
    pos.play_unchecked(mv);
    assert!(coords(&pos).is_empty(), "{}", write_fen(&pos));
    let text = describe(&pos, &pos.outcome().unwrap());
    assert!(text.starts_with("Black has lost every Knight"), "{text}");
    // Promoting the last pawn loses too (no Pawn left), checked first for
    // the side that moved.
    let mut pos =
        Position::from_fen(&variant, "rnbqkbnr/1P5p/8/8/8/8/8/RNBQKBNR w - - 0 1").unwrap();
    let mv = parse_move(&pos, "bxa8=Q").unwrap();
    pos.play_unchecked(mv);
    let text = describe(&pos, &pos.outcome().unwrap());
    assert_eq!(text, "White has lost every Pawn, Black wins (0-1)");
}

/// A king that is not royal may castle out of, through and into attacked
/// squares (derived by hand; pyffish agrees through the differential test).
#[test]
fn a_king_that_is_not_royal_castles_through_attacks() {
    let variant = script("kinglet");
    let pos = Position::from_fen(&variant, "3rkr2/ppp3pp/8/8/8/8/PPP3PP/R3K2R w KQ - 0 1").unwrap();
    let moves = coords(&pos);
    assert!(
        moves.contains("e1g1") && moves.contains("e1c1"),
        "{moves:?}"
    );
    let chess = varia::compile_path("chess").unwrap();
    let pos = Position::from_fen(&chess, "3rkr2/ppp3pp/8/8/8/8/PPP3PP/R3K2R w KQ - 0 1").unwrap();
    let moves = coords(&pos);
    assert!(
        !moves.contains("e1g1") && !moves.contains("e1c1"),
        "{moves:?}"
    );
}

/// Three Kings: the first king lost loses; two kings may stand attacked.
#[test]
fn three_kings_ends_when_a_king_is_lost() {
    let variant = script("threekings");
    let mut pos = Position::from_fen(&variant, "k3k2k/8/8/8/8/8/8/K3K1KQ w - - 0 1").unwrap();
    let mv = parse_move(&pos, "Qxh8").unwrap();
    pos.play_unchecked(mv);
    assert!(coords(&pos).is_empty());
    let text = describe(&pos, &pos.outcome().unwrap());
    assert_eq!(text, "Black has only 2 Kings left, White wins (1-0)");
}
