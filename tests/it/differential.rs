//! Differential tests against Fairy-Stockfish (pyffish) for orthodox chess
//! and its plainest relatives: the legal moves of positions from seeded
//! random games must agree exactly, move for move (see `common/oracle.rs`).

use crate::common;

use common::oracle::{compare, oracle, script};

/// 2000 positions of short (80-ply) random games from the start position.
#[test]
fn chess_legal_moves_match_pyffish() {
    let variant = script("chess");
    let lines = oracle("chess", 2000, 20240611, &[]);
    compare(&variant, &lines);
}

/// 1000 positions of long (200-ply) random games: more endgames,
/// promotions, bare kings and mates than the short games reach.
#[test]
fn chess_long_games_legal_moves_match_pyffish() {
    let variant = script("chess");
    let lines = oracle("chess", 1000, 7, &["--max-plies", "200"]);
    compare(&variant, &lines);
}

/// Five-check and chess without castling, as FS's built-ins `5check` and
/// `nocastle`: 1000 positions of random games each (Five-check's long
/// ones, a game won by the fifth check among them).
#[test]
fn five_check_and_nocastle_match_pyffish() {
    common::oracle::compare_long_games("5check", 1000, 71, 1);
    let lines = oracle("nocastle", 1000, 72, &[]);
    compare(&script("nocastle"), &lines);
}
