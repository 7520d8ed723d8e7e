//! Several royal kinds: Coregal (queens royal too, a promotion making a new
//! royal piece) agrees with Fairy-Stockfish's built-in `coregal`. That no
//! legal move leaves a royal piece attacked in any script is
//! `properties::legal_moves_match_the_naive_definition_in_every_variant`.

use crate::common;

use common::moves::moves;
use common::oracle::{compare, oracle, script};

use varia::vm::Position;

/// 1000 positions of long random Coregal games (promotions to royal
/// queens included) agree with pyffish move for move.
#[test]
fn coregal_legal_moves_match_pyffish() {
    let variant = script("coregal");
    let lines = oracle("coregal", 1000, 23, &["--max-plies", "200"]);
    compare(&variant, &lines);
}

/// A pawn may not promote to a royal queen on a square the enemy attacks
/// (the rook on g8 sees b8); the other promotions stay legal. The moves are
/// Fairy-Stockfish's (pyffish `legal_moves` of this FEN).
#[test]
fn a_promotion_may_not_make_an_attacked_royal_piece() {
    let variant = script("coregal");
    let pos = Position::from_fen(&variant, "6r1/1P6/8/7k/8/8/8/4K3 w - - 0 1").unwrap();
    let fs = [
        "b7b8b", "b7b8n", "b7b8r", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
    ];
    assert_eq!(moves(&pos), fs.iter().map(|s| s.to_string()).collect());
}
