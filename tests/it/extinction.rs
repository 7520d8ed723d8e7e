//! Running out of pieces (`losing every King, Queen … loses`, `losing all
//! but 2 King loses`) and kings that are not royal (captured like any
//! piece, castling through attacked squares): Extinction chess, Kinglet and
//! Three Kings against Fairy-Stockfish's built-ins of those names.

use crate::common;
use common::moves::moves as coords;

use common::oracle::{compare_long_games, fs_immediate_game_end, script};

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

/// Shatranj's bare king (`losing all but 1 piece loses unless bared
/// back`), derived by hand and checked against pyffish's game end
/// (`is_immediate_game_end`) in each position: a bare king loses, but not
/// while its own move could still bare the other king, and never when
/// both kings are bare.
#[test]
fn a_bare_king_loses_unless_it_bares_back() {
    let variant = script("shatranj");
    let over = |fen: &str| {
        let pos = Position::from_fen(&variant, fen).unwrap();
        (describe(&pos, &pos.outcome().unwrap()), coords(&pos).len())
    };
    // Black's bare king on a8 against king and rook, Black to move: it
    // may still take the rook on a7 (undefended) and bare White back.
    let (text, moves) = over("k7/R7/8/8/8/8/8/3K4 b - - 0 1");
    assert_eq!((text.as_str(), moves), ("the game goes on", 2));
    // It does: both kings are bare, and the game goes on (to the move rule).
    let mut pos = Position::from_fen(&variant, "k7/R7/8/8/8/8/8/3K4 b - - 0 1").unwrap();
    pos.play_unchecked(parse_move(&pos, "Kxa7").unwrap());
    assert_eq!(describe(&pos, &pos.outcome().unwrap()), "the game goes on");
    // It does not (Kb8): Black, bare after its own move, loses.
    let mut pos = Position::from_fen(&variant, "k7/R7/8/8/8/8/8/3K4 b - - 0 1").unwrap();
    pos.play_unchecked(parse_move(&pos, "Kb8").unwrap());
    assert!(coords(&pos).is_empty());
    let text = describe(&pos, &pos.outcome().unwrap());
    assert!(text.ends_with("White wins (1-0)"), "{text}");
    // Against two pieces besides the king no single capture bares White:
    // Black, to move, has lost already.
    let (text, moves) = over("k7/R7/8/8/8/8/8/3KN3 b - - 0 1");
    assert!(text.ends_with("White wins (1-0)") && moves == 0, "{text}");
    for (fen, ended) in [
        ("k7/R7/8/8/8/8/8/3K4 b - - 0 1", false),
        ("1k6/R7/8/8/8/8/8/3K4 w - - 0 2", true),
        ("k7/R7/8/8/8/8/8/3KN3 b - - 0 1", true),
        ("8/k7/8/8/8/8/8/3K4 w - - 0 2", false),
    ] {
        assert_eq!(
            fs_immediate_game_end("shatranj", fen).0,
            ended,
            "pyffish at {fen}"
        );
        let pos = Position::from_fen(&variant, fen).unwrap();
        assert_eq!(coords(&pos).is_empty(), ended, "varia at {fen}");
    }
}
