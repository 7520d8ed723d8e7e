//! Which checkmates count: `checkmate by Knight alone wins` (a mate given
//! by knights alone loses for the side giving it) and `checkmate draws
//! unless its checks include Knight, Rook, Bers` (a mate counts only if a
//! check of the series that led to it was given by one of them), with
//! `losing all but 1 piece draws` (a bare king): Shatar, as
//! Fairy-Stockfish's built-in `shatar` (its `shatarMateRule`). Each
//! position is derived by hand and its result checked against pyffish's
//! `game_result` (with the moves played, which it looks back through);
//! the moves themselves are compared in `catalogue.rs`.

use crate::common;

use common::oracle::{fs_game_result_after, fs_immediate_game_end, script};
use varia::ir::piece::Color;
use varia::notation::coord::parse_coord;
use varia::vm::{EndReason, Outcome, Position};

/// The outcome after playing `moves` (coordinates) from `fen`, and
/// Fairy-Stockfish's result there turned into an outcome's winner (its
/// score is the side to move's: positive a win, 0 a draw).
fn both_after(fen: &str, moves: &[&str]) -> (Outcome, Option<Option<Color>>) {
    let shatar = script("shatar");
    let mut pos = Position::from_fen(&shatar, fen).unwrap();
    for m in moves {
        let mv = parse_coord(&pos, m).unwrap_or_else(|| panic!("{m} is not legal"));
        pos.play(mv);
    }
    assert!(pos.legal_moves().unwrap().is_empty(), "the game is over");
    let side = pos.side_to_move();
    let fs = match fs_game_result_after("shatar", fen, moves) {
        0 => None,
        s if s > 0 => Some(side),
        _ => Some(side.opposite()),
    };
    (pos.outcome().unwrap(), Some(fs))
}

fn winner(outcome: &Outcome) -> Option<Option<Color>> {
    match outcome {
        Outcome::Decisive { winner, .. } => Some(Some(*winner)),
        Outcome::Draw { .. } => Some(None),
        Outcome::Ongoing => None,
    }
}

/// A smothered mate by the knight on f7 (Black's king on h8 boxed in by
/// its own rook and pawns, f7 out of reach): given by a knight alone, it
/// is a win for Black, the side checkmated.
#[test]
fn a_mate_by_a_knight_alone_loses_for_the_side_giving_it() {
    let (ours, fs) = both_after("6rk/5Npp/8/8/8/8/8/4K3 b - - 0 1", &[]);
    assert_eq!(
        ours,
        Outcome::Decisive {
            winner: Color::Black,
            reason: EndReason::CheckmateBy
        }
    );
    assert_eq!(winner(&ours), fs);
    let shatar = script("shatar");
    let pos = Position::from_fen(&shatar, "6rk/5Npp/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(
        varia::teach::outcome::describe(&pos, &ours),
        "checkmate by a Knight alone, Black wins (0-1)"
    );
}

/// A back-rank mate by the rook on a8: a rook's check is a "shak", so the
/// mate counts from the position alone.
#[test]
fn a_mate_by_a_rook_counts() {
    let (ours, fs) = both_after("R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1", &[]);
    assert_eq!(
        ours,
        Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Checkmate
        }
    );
    assert_eq!(winner(&ours), fs);
}

/// The pawn on g7 mates the king on h8 (g8 and h7 hold Black's own
/// pieces, the king on f6 guards g7). With no check before it in the
/// game, that mate had no check by a knight, rook or bers: a draw.
#[test]
fn a_mate_by_a_pawn_alone_is_a_draw() {
    let (ours, fs) = both_after("6bk/6Pp/5K2/8/8/8/8/8 b - - 0 1", &[]);
    assert_eq!(
        ours,
        Outcome::Draw {
            reason: EndReason::CheckmateWithout
        }
    );
    assert_eq!(winner(&ours), fs);
}

/// The same pawn mate after a rook's check: the rook on a8 checks along
/// the eighth rank, Black blocks with the bishop (f7g8), and g6g7 mates.
/// White checked with each of its moves and one check was the rook's: the
/// mate counts. From the position after the block (no check known before
/// it) the same mate is a draw; and with a quiet move between the checks
/// (b2b3, answered by a7a6) the series is broken: a draw too.
#[test]
fn a_mate_counts_after_a_rook_check_in_an_unbroken_series() {
    let (ours, fs) = both_after("R6k/5b1p/5KP1/8/8/8/8/8 b - - 0 1", &["f7g8", "g6g7"]);
    assert_eq!(
        ours,
        Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Checkmate
        }
    );
    assert_eq!(winner(&ours), fs);
    let (ours, fs) = both_after("R5bk/7p/5KP1/8/8/8/8/8 w - - 0 1", &["g6g7"]);
    assert_eq!(
        ours,
        Outcome::Draw {
            reason: EndReason::CheckmateWithout
        }
    );
    assert_eq!(winner(&ours), fs);
    let broken = ["f7g8", "b2b3", "a7a6", "g6g7"];
    let (ours, fs) = both_after("R6k/p4b1p/5KP1/8/8/8/1P6/8 b - - 0 1", &broken);
    assert_eq!(
        ours,
        Outcome::Draw {
            reason: EndReason::CheckmateWithout
        }
    );
    assert_eq!(winner(&ours), fs);
}

/// A seeded random pyffish game (checks chosen often) from the start:
/// Black's knight checks from e3, the king steps to e1, and the bishop
/// mates from c3. The bishop alone gives the mate, but the knight's check
/// began the series: Black wins, as Fairy-Stockfish scores it.
#[test]
fn a_bishop_mate_after_a_knight_check_counts_in_a_whole_game() {
    let game: String = [
        "e2e3 b8c6 d1d3 c6b4 e1e2 c8g4 g1f3 g4f3 e2d2 d8b8 h2h3 c7c6 d3e2 g8h6 e2f3 a7a6 f3f7 ",
        "e8f7 b2b3 f7f6 c1b2 h6g8 b2c1 c6c5 f1e2 b7b6 e2a6 f6e6 a6c8 e6f7 d4c5 b8c8 c5b6 b4a2 ",
        "d2e1 a8a4 h1h2 a2c3 h2h1 f7f6 e1d2 a4d4 e3d4 f6g5 h3h4 g5g6 h4h5 g6h6 a1a4 c3e4 d2d3 ",
        "e4d2 b6b7 c8a8 a4a6 h6g5 b7b8j a8a6 c1d2 g5g4 b8a7 g4f5 a7e7 a6f6 e7e4 d5e4 d3c4 f6h6 ",
        "b3b4 f8d6 h1e1 d6b4 e1g1 h6c6 c4b3 c6c2 b3c2 b4d6 d2e1 d6c7 b1d2 g8f6 g1f1 h8g8 c2b2 ",
        "c7a5 b2a3 a5b4 a3a4 h7h6 a4b3 f6h7 d2c4 b4d2 b3b2 g8b8 b2c2 g7g6 d4d5 b8b2 c4b2 f5f4 ",
        "f1h1 d2e1 f2f3 e4e3 h1h4 f4e5 d5d6 e5e6 h4e4 e6d5 e4d4 d5e6 d4e4 e6d5 e4e5 d5d4 c2d1 ",
        "e3e2 d1e2 e1c3 b2a4 d4e5 e2f1 c3b2 f3f4 e5f4 g2g3 f4f3 a4c3 f3e3 c3d5 e3f3 d5c7 h7f6 ",
        "c7a8 f6g4 a8c7 g4e3 f1e1 b2c3",
    ]
    .concat();
    let moves: Vec<&str> = game.split_whitespace().collect();
    let shatar = script("shatar");
    let start = varia::notation::fen::write_fen(&Position::start(&shatar));
    let (ours, fs) = both_after(&start, &moves);
    assert_eq!(
        ours,
        Outcome::Decisive {
            winner: Color::Black,
            reason: EndReason::Checkmate
        }
    );
    assert_eq!(winner(&ours), fs);
}

/// Another such game: Black's rook checks from f1 (h1f1), the king steps
/// to e2, Black's knight move (f6e4) gives no check, and after f2f3 the
/// bishop mates from b5. The rook's check belongs to a series the quiet
/// knight move broke: the bishop's mate is a draw, as Fairy-Stockfish
/// scores it.
#[test]
fn a_bishop_mate_after_a_broken_series_is_a_draw_in_a_whole_game() {
    let moves: Vec<&str> = "e2e3 c8e6 f1b5 b8c6 b5c6 d8d7 c6d7 e6d7 g1h3 a8d8 h3g5 d8b8 \
        g5h7 c7c6 h7f6 g8f6 b2b3 h8h4 b3b4 c6c5 b1c3 d7a4 d1e2 h4h2 c3b5 h2h1 e2f1 e8d7 \
        b4c5 h1f1 e1e2 f6e4 f2f3 a4b5"
        .split_whitespace()
        .collect();
    let shatar = script("shatar");
    let start = varia::notation::fen::write_fen(&Position::start(&shatar));
    let (ours, fs) = both_after(&start, &moves);
    assert_eq!(
        ours,
        Outcome::Draw {
            reason: EndReason::CheckmateWithout
        }
    );
    assert_eq!(winner(&ours), fs);
}

/// A side left with its king alone draws at once (`losing all but 1
/// piece draws`), as pyffish's `is_immediate_game_end` says.
#[test]
fn a_bare_king_draws() {
    let fen = "4k3/8/8/8/8/8/8/3JK3 b - - 0 1";
    let pos = Position::from_fen(&script("shatar"), fen).unwrap();
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Draw {
            reason: EndReason::PiecesLost {
                side: Color::Black,
                kind: None,
                left: 1
            }
        }
    );
    assert_eq!(fs_immediate_game_end("shatar", fen), (true, 0));
}
