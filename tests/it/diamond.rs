//! Diamond Chess: the test positions of rules.md §4.4 (D1–D5, with the
//! hand-derived move sets) and differential tests against the `diamond`
//! section of `tests/oracle/variants.ini` in pyffish.

use crate::common;

use std::collections::BTreeSet;
use std::sync::Arc;

use common::moves::{moves, moves_from};
use common::oracle::{compare, manifest_dir, oracle, script};
use varia::ir::Variant;
use varia::vm::Position;

fn diamond() -> Arc<Variant> {
    script("diamond")
}

fn position(variant: &Arc<Variant>, fen: &str) -> Position {
    Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|s| s.to_string()).collect()
}

/// Every promotion of a move, in the order Q R B N.
fn promotions(moves: &[&str]) -> Vec<String> {
    moves
        .iter()
        .flat_map(|m| ["q", "r", "b", "n"].map(|p| format!("{m}{p}")))
        .collect()
}

/// D1: the pawn moves diagonally (NE) and captures up (N) or right (E).
#[test]
fn d1_move_versus_captures() {
    let pos = position(&diamond(), "7k/8/8/3n4/3Pb3/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&pos, "d4"), set(&["d4e5", "d4d5", "d4e4"]));
}

/// D2: three promotion squares at once, on rank 8 and on file h.
#[test]
fn d2_corner_of_the_promotion_zone() {
    let pos = position(&diamond(), "1k4r1/6Pn/8/8/8/8/8/K7 w - - 0 1");
    let expected: BTreeSet<String> = promotions(&["g7h8", "g7g8", "g7h7"]).into_iter().collect();
    assert_eq!(expected.len(), 12);
    assert_eq!(moves_from(&pos, "g7"), expected);
}

/// D3: Black promotes on rank 1 and on file a.
#[test]
fn d3_black_promotion_zone() {
    let pos = position(&diamond(), "7k/8/8/8/8/8/Np6/1R5K b - - 0 1");
    let expected: BTreeSet<String> = promotions(&["b2a1", "b2b1", "b2a2"]).into_iter().collect();
    assert_eq!(expected.len(), 12);
    assert_eq!(moves_from(&pos, "b2"), expected);
}

/// D4: Black's pawn is White's turned by 180 degrees, not mirrored.
#[test]
fn d4_chirality_for_black() {
    let pos = position(&diamond(), "7k/8/8/3Rp3/4B3/8/8/K7 b - - 0 1");
    let e5 = moves_from(&pos, "e5");
    assert_eq!(e5, set(&["e5d4", "e5e4", "e5d5"]));
    // A mirrored pawn would move to f4 instead (and never to d4 or take d5).
    assert!(!e5.contains("e5f4"));
}

/// D5: White's moves from the start.
#[test]
fn d5_start_position() {
    let v = diamond();
    let pos = Position::start(&v);
    assert_eq!(
        moves(&pos),
        set(&["a4b5", "b4c5", "c4d5", "d3e4", "d2e3", "d1e2", "a3b5", "c2e1", "c2e3"])
    );
    assert!(pos.en_passant().is_none());
}

/// 1000 positions of 80-ply random games against the `diamond` section.
#[test]
fn diamond_legal_moves_match_pyffish() {
    let config = manifest_dir().join("tests/oracle/variants.ini");
    let config = config.to_str().expect("UTF-8 path");
    let variant = diamond();
    let lines = oracle("diamond", 1000, 20240613, &["--config", config]);
    compare(&variant, &lines);
}

/// 1000 positions of long (200-ply) random games: promotions on both edges.
#[test]
fn diamond_long_games_legal_moves_match_pyffish() {
    let config = manifest_dir().join("tests/oracle/variants.ini");
    let config = config.to_str().expect("UTF-8 path");
    let variant = diamond();
    let lines = oracle(
        "diamond",
        1000,
        5,
        &["--config", config, "--max-plies", "200"],
    );
    compare(&variant, &lines);
}
