//! Berolina Chess and Berolina Plus: the test positions of rules.md §3.5
//! (R1–R6, with the hand-derived move sets), the two orders of the Berolina
//! en passant field, and differential tests against pyffish's `berolina`.

use crate::common;

use std::collections::BTreeSet;
use std::sync::Arc;

use common::moves::{moves, moves_from};
use common::oracle::{compare, manifest_dir, oracle, script};
use varia::compile_source;
use varia::ir::Variant;
use varia::notation::coord::parse_coord;
use varia::notation::fen::write_fen;
use varia::vm::Position;

fn position(variant: &Arc<Variant>, fen: &str) -> Position {
    Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|s| s.to_string()).collect()
}

fn play(pos: &mut Position, line: &str) {
    for m in line.split_whitespace() {
        let mv =
            parse_coord(pos, m).unwrap_or_else(|| panic!("{m} is not legal in {}", write_fen(pos)));
        pos.play_unchecked(mv);
    }
}

/// Berolina Plus with en passant by the straight capture only: the script
/// with its commented alternative pawn line switched in.
fn berolina_plus_straight_ep() -> Arc<Variant> {
    let path = manifest_dir().join("scripts/berolina-plus.variant");
    let text = std::fs::read_to_string(path).expect("scripts/berolina-plus.variant");
    let resolution = "piece Pawn P \"mfF cfeW cseW ifmnA\"";
    let option = "piece Pawn P \"mfF cfeW csW ifmnA\"";
    let commented = format!("# {option}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.iter().filter(|l| l.trim() == resolution).count(),
        1,
        "the script's pawn line"
    );
    assert_eq!(
        lines.iter().filter(|l| l.trim() == commented).count(),
        1,
        "the script's commented alternative pawn line"
    );
    let switched: Vec<String> = lines
        .iter()
        .map(|l| {
            if l.trim() == resolution {
                format!("# {resolution}")
            } else if l.trim() == commented {
                option.to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    compile_source("berolina-plus-straight.variant", &switched.join("\n"))
        .unwrap_or_else(|e| panic!("the switched script: {e}"))
}

/// R1: en passant takes the pawn that moved (d4), not its neighbour (f4).
#[test]
fn r1_en_passant_tracks_the_pawn_that_moved() {
    let v = script("berolina");
    let mut pos = position(&v, "4k3/8/8/8/3PpP2/8/8/4K3 b - e3d4 0 1");
    assert_eq!(moves_from(&pos, "e4"), set(&["e4d3", "e4f3", "e4e3"]));
    play(&mut pos, "e4e3");
    assert_eq!(write_fen(&pos), "4k3/8/8/8/5P2/4p3/8/4K3 w - - 0 2");
}

/// R1 reached by play: after f2d4 the chance exists, and the FEN names the victim.
#[test]
fn r1_by_play() {
    let v = script("berolina");
    let mut pos = position(&v, "4k3/8/8/8/4pP2/8/5P2/4K3 w - - 0 1");
    play(&mut pos, "f2d4");
    assert_eq!(write_fen(&pos), "4k3/8/8/8/3PpP2/8/8/4K3 b - e3d4 0 1");
    assert_eq!(moves_from(&pos, "e4"), set(&["e4d3", "e4f3", "e4e3"]));
    // d2f4 passes e3 too, and then f4 is the victim.
    let mut pos = position(&v, "4k3/8/8/8/3Pp3/8/3P4/4K3 w - - 0 1");
    play(&mut pos, "d2f4");
    assert_eq!(write_fen(&pos), "4k3/8/8/8/3PpP2/8/8/4K3 b - e3f4 0 1");
    play(&mut pos, "e4e3");
    assert_eq!(write_fen(&pos), "4k3/8/8/8/3P4/4p3/8/4K3 w - - 0 2");
}

/// R2: the diagonal never captures, the double step needs its path empty.
#[test]
fn r2_blocked_diagonal_and_straight_capture() {
    let v = script("berolina");
    let pos = position(&v, "4k3/8/8/8/8/2nb4/3P4/4K3 w - - 0 1");
    assert_eq!(moves_from(&pos, "d2"), set(&["d2e3", "d2f4", "d2d3"]));
}

/// R3: promotion by the diagonal move and by the straight capture.
#[test]
fn r3_promotion_both_ways() {
    let v = script("berolina");
    let pos = position(&v, "k5rn/6P1/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(
        moves_from(&pos, "g7"),
        set(&["g7f8q", "g7f8r", "g7f8b", "g7f8n", "g7g8q", "g7g8r", "g7g8b", "g7g8n"])
    );
}

/// R4: a Berolina pawn attacks only the square straight ahead.
#[test]
fn r4_attack_map() {
    let v = script("berolina");
    let pos = position(&v, "4k3/8/8/3p4/3K4/8/8/8 w - - 0 1");
    assert!(pos.is_check());
    let expected = set(&[
        "d4c3", "d4c4", "d4c5", "d4d3", "d4e3", "d4e4", "d4e5", "d4d5",
    ]);
    assert_eq!(moves_from(&pos, "d4"), expected);
    assert_eq!(moves(&pos), expected);
}

/// R5: the Berolina Plus pawn also captures sideways (the Berolina pawn does not).
#[test]
fn r5_berolina_plus_captures() {
    let fen = "7k/8/4r3/3nPb2/8/8/8/K7 w - - 0 1";
    let pos = position(&script("berolina-plus"), fen);
    assert_eq!(
        moves_from(&pos, "e5"),
        set(&["e5d6", "e5f6", "e5e6", "e5d5", "e5f5"])
    );
    let pos = position(&script("berolina"), fen);
    assert_eq!(moves_from(&pos, "e5"), set(&["e5d6", "e5f6", "e5e6"]));
}

const R6: &str = "4k3/8/8/8/3Pp3/5p2/8/4K3 b - e3d4 0 1";

/// R6 under the resolution: the sideways capture may take en passant.
#[test]
fn r6_sideways_en_passant_allowed() {
    let v = script("berolina-plus");
    let pos = position(&v, R6);
    assert_eq!(moves_from(&pos, "f3"), set(&["f3e2", "f3g2", "f3e3"]));
    assert_eq!(moves_from(&pos, "e4"), set(&["e4d3", "e4d4", "e4e3"]));
    let mut after = pos.clone();
    play(&mut after, "f3e3");
    assert_eq!(write_fen(&after), "4k3/8/8/8/4p3/4p3/8/4K3 w - - 0 2");
    let mut after = pos.clone();
    play(&mut after, "e4e3");
    assert_eq!(write_fen(&after), "4k3/8/8/8/8/4pp2/8/4K3 w - - 0 2");
}

/// R6 with the option: en passant by the straight capture only.
#[test]
fn r6_straight_en_passant_only() {
    let v = berolina_plus_straight_ep();
    let pos = position(&v, R6);
    assert_eq!(moves_from(&pos, "f3"), set(&["f3e2", "f3g2"]));
    assert_eq!(moves_from(&pos, "e4"), set(&["e4d3", "e4d4", "e4e3"]));
    // The ordinary sideways capture is still there.
    let pos = position(&v, "7k/8/4r3/3nPb2/8/8/8/K7 w - - 0 1");
    assert_eq!(
        moves_from(&pos, "e5"),
        set(&["e5d6", "e5f6", "e5e6", "e5d5", "e5f5"])
    );
}

/// A double step that only a sideways capture can take: the chance exists
/// under the resolution and not with the option.
#[test]
fn sideways_capturer_alone_makes_the_en_passant_chance() {
    let fen = "4k3/8/8/8/8/5p2/3P4/4K3 w - - 0 1";
    let mut pos = position(&script("berolina-plus"), fen);
    play(&mut pos, "d2f4");
    assert_eq!(write_fen(&pos), "4k3/8/8/8/5P2/5p2/8/4K3 b - e3 0 1");
    assert_eq!(moves_from(&pos, "f3"), set(&["f3e2", "f3g2", "f3e3"]));
    play(&mut pos, "f3e3");
    assert_eq!(write_fen(&pos), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
    let mut pos = position(&berolina_plus_straight_ep(), fen);
    play(&mut pos, "d2f4");
    assert_eq!(write_fen(&pos), "4k3/8/8/8/5P2/5p2/8/4K3 b - - 0 1");
    assert_eq!(moves_from(&pos, "f3"), set(&["f3e2", "f3g2"]));
}

/// pyffish writes the two squares of the field in board order (rank first),
/// so after a Black double step the victim comes first (`d5c6` for b7d5).
/// Both orders mean the same: the passed square is the empty one.
#[test]
fn en_passant_field_in_either_order() {
    let v = script("berolina");
    // Black has just played b7d5 (passing c6); the pawn on c5 takes straight.
    let passed_first = position(&v, "4k3/8/8/2Pp4/8/8/8/4K3 w - c6d5 0 1");
    let victim_first = position(&v, "4k3/8/8/2Pp4/8/8/8/4K3 w - d5c6 0 1");
    assert!(passed_first == victim_first);
    for pos in [&passed_first, &victim_first] {
        assert_eq!(moves_from(pos, "c5"), set(&["c5b6", "c5c6", "c5d6"]));
        // Our writer names the passed square first, and alone when that is enough.
        assert_eq!(write_fen(pos), "4k3/8/8/2Pp4/8/8/8/4K3 w - c6 0 1");
    }
    let mut pos = victim_first.clone();
    play(&mut pos, "c5c6");
    assert_eq!(write_fen(&pos), "4k3/8/2P5/8/8/8/8/4K3 b - - 0 1");
    // By play: the same position, and White's e2c4 as pyffish writes it (`d3c4`).
    let mut pos = position(&v, "4k3/1p6/8/2P5/8/8/8/4K3 b - - 0 1");
    play(&mut pos, "b7d5");
    assert!(pos == passed_first);
    let pos = position(&v, "4k3/8/8/8/2Pp4/8/8/4K3 b - d3c4 0 1");
    assert_eq!(moves_from(&pos, "d4"), set(&["d4c3", "d4e3", "d4d3"]));
    let pos = position(&v, "4k3/8/8/8/2Pp4/8/8/4K3 b - c4d3 0 1");
    assert_eq!(moves_from(&pos, "d4"), set(&["d4c3", "d4e3", "d4d3"]));
}

/// 1000 positions of 80-ply random Berolina games against pyffish's `berolina`.
#[test]
fn berolina_legal_moves_match_pyffish() {
    let variant = script("berolina");
    let lines = oracle("berolina", 1000, 20240612, &[]);
    compare(&variant, &lines);
}

/// 1000 positions of long (200-ply) random games: endgames and promotions.
#[test]
fn berolina_long_games_legal_moves_match_pyffish() {
    let variant = script("berolina");
    let lines = oracle("berolina", 1000, 11, &["--max-plies", "200"]);
    compare(&variant, &lines);
}
