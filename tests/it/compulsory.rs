//! `captures compulsory` with the rules that come with it in the field:
//! Antichess, Giveaway, Codrus, Losers and Suicide against Fairy-Stockfish's
//! built-ins of those names, and the one-move queries keeping the compulsion.

use std::collections::BTreeSet;

use crate::common;
use common::moves::moves as coords;

use common::oracle::{compare_long_games, fs_game_result, script};

use varia::notation::coord::parse_coord;
use varia::teach::outcome::describe;
use varia::vm::{Move, MoveKind, Position};

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// 1000 positions of long random games each (captured kings, promotions
/// to kings, castling kings that are not royal, games won by losing every
/// piece or by being stalemated) agree with pyffish move for move.
#[test]
fn antichess_giveaway_codrus_and_losers_match_pyffish() {
    for (name, seed) in [
        ("antichess", 61),
        ("giveaway", 62),
        ("codrus", 63),
        ("losers", 64),
        ("suicide", 65),
    ] {
        compare_long_games(name, 1000, seed, 2);
    }
}

/// Derived by hand, and as pyffish lists them: en passant is a capture
/// and so compulsory; a capture that would leave a royal king in check is
/// no capture the side has (Losers), so it may move otherwise.
#[test]
fn compulsion_counts_en_passant_and_only_legal_captures() {
    let antichess = script("antichess");
    let losers = script("losers");
    let ep = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b - e3 0 3";
    for v in [&antichess, &losers] {
        let pos = Position::from_fen(v, ep).unwrap();
        assert_eq!(coords(&pos), set(&["d4e3"]));
    }
    let pinned = "4k3/4r3/8/8/8/2p5/4N3/4K3 w - - 0 1";
    let pos = Position::from_fen(&antichess, pinned).unwrap();
    assert_eq!(coords(&pos), set(&["e2c3"]));
    let pos = Position::from_fen(&losers, pinned).unwrap();
    assert_eq!(coords(&pos), set(&["e1d1", "e1f1", "e1f2"]));
}

/// The one-move and one-square queries keep the compulsion: a quiet move
/// is not legal while a capture is, though it would be without the rule.
#[test]
fn single_move_queries_keep_the_compulsion() {
    let variant = script("antichess");
    let pos = Position::from_fen(&variant, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(coords(&pos), set(&["e4d5"]));
    let e1 = variant.geometry.parse_square("e1").unwrap();
    let d1 = variant.geometry.parse_square("d1").unwrap();
    let quiet = Move::new(e1, d1, MoveKind::Normal);
    assert!(!pos.is_legal(quiet).unwrap());
    // Without the compulsion (orthodox chess), the same move is legal.
    let chess = varia::compile_path("chess").unwrap();
    let free = Position::from_fen(&chess, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    assert!(free.is_legal(quiet).unwrap());
    assert!(pos.legal_moves_from(e1).unwrap().is_empty());
    let d5 = variant.geometry.parse_square("d5").unwrap();
    assert_eq!(pos.legal_moves_to(d5).unwrap().len(), 1);
    let capture = parse_coord(&pos, "e4d5").unwrap();
    assert!(pos.is_legal(capture).unwrap());
}

/// Winning by losing: the side with no piece left, or with no move, wins.
#[test]
fn antichess_is_won_by_losing_every_piece() {
    let variant = script("antichess");
    let mut pos = Position::from_fen(&variant, "8/8/8/8/8/8/1p6/R7 b - - 0 1").unwrap();
    let mv = parse_coord(&pos, "b2a1q").unwrap();
    pos.play_unchecked(mv);
    assert_eq!(
        describe(&pos, &pos.outcome().unwrap()),
        "White has no piece left, White wins (1-0)"
    );
}

/// `stalemate wins with fewer pieces` (Suicide): a side without a move
/// wins with fewer pieces on the board, loses with more, draws with as
/// many; Antichess's stalemate is a win whatever the count. Positions
/// derived by hand (blocked pawns, nothing else to move), each result
/// pyffish's `game_result` too.
#[test]
fn suicide_scores_a_stalemate_by_the_pieces_left() {
    use varia::ir::piece::Color;
    use varia::vm::{EndReason, Outcome};
    let suicide = script("suicide");
    let antichess = script("antichess");
    let won_by = |winner, pieces, against| Outcome::Decisive {
        winner,
        reason: EndReason::StalemateCounted { pieces, against },
    };
    let cases = [
        // White to move has two pawns against one: White loses.
        ("8/8/8/8/p7/P7/P7/8 w - - 0 1", won_by(Color::Black, 2, 1)),
        // One against two: White wins.
        ("8/8/8/8/p7/P7/8/7k w - - 0 1", won_by(Color::White, 1, 2)),
        // One each: a draw.
        (
            "8/8/8/8/p7/P7/8/8 w - - 0 1",
            Outcome::Draw {
                reason: EndReason::StalemateCounted {
                    pieces: 1,
                    against: 1,
                },
            },
        ),
        // Black to move, one against three: Black wins.
        ("7K/8/8/8/p7/P7/P7/8 b - - 0 1", won_by(Color::Black, 1, 3)),
    ];
    for (fen, expected) in cases.clone() {
        let pos = Position::from_fen(&suicide, fen).unwrap();
        assert!(pos.legal_moves().unwrap().is_empty(), "{fen}");
        let outcome = pos.outcome().unwrap();
        assert_eq!(outcome, expected, "{fen}");
        let fs = fs_game_result("suicide", fen);
        let ours = match &outcome {
            Outcome::Decisive { winner, .. } if *winner == pos.side_to_move() => 1,
            Outcome::Decisive { .. } => -1,
            _ => 0,
        };
        assert_eq!(fs.signum(), ours, "{fen}: FS scores {fs}");
        let anti = Position::from_fen(&antichess, fen).unwrap();
        let stalemate_wins = Outcome::Decisive {
            winner: pos.side_to_move(),
            reason: EndReason::Stalemate,
        };
        assert_eq!(anti.outcome().unwrap(), stalemate_wins, "{fen}");
    }
    assert_eq!(
        describe(
            &Position::from_fen(&suicide, cases[0].0).unwrap(),
            &cases[0].1
        ),
        "stalemate with 2 pieces against 1, Black wins (0-1)"
    );
}
