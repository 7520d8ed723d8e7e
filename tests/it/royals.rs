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

fn set(moves: &[&str]) -> std::collections::BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// `check when every King is attacked` (Spartan's duple check), derived by
/// hand, each move list also pyffish's: with two kings, Black is not in
/// check when one is attacked, and may even step a king into an attack
/// (c8c7); with both attacked it is, and must leave one unattacked (so
/// not c8c7 nor f8f7); White may take a king; the one left is then royal
/// as a king alone.
#[test]
fn a_duple_check_needs_every_king_attacked() {
    use common::oracle::{fs_fen_after, fs_legal_moves};
    use varia::notation::coord::parse_coord;
    use varia::notation::fen::write_fen;
    let spartan = script("spartan");
    let one = "2k2k2/8/8/8/8/8/8/2R1K3 b - - 0 1";
    let pos = Position::from_fen(&spartan, one).unwrap();
    assert!(!pos.is_check());
    let kings = set(&[
        "c8b7", "c8b8", "c8c7", "c8d7", "c8d8", "f8e7", "f8e8", "f8f7", "f8g7", "f8g8",
    ]);
    assert_eq!(moves(&pos), kings);
    assert_eq!(moves(&pos), fs_legal_moves("spartan", one));
    let both = "2k2k2/8/8/8/8/8/8/2R1KR2 b - - 0 1";
    let pos = Position::from_fen(&spartan, both).unwrap();
    assert!(pos.is_check());
    let mut out = kings.clone();
    out.remove("c8c7");
    out.remove("f8f7");
    assert_eq!(moves(&pos), out);
    assert_eq!(moves(&pos), fs_legal_moves("spartan", both));
    // White takes the king on c8; the rook then attacks f8 along the
    // eighth rank: the last king is in check.
    let white = "2k2k2/8/8/8/8/8/8/2R1K3 w - - 0 1";
    let mut pos = Position::from_fen(&spartan, white).unwrap();
    pos.play(parse_coord(&pos, "c1c8").unwrap());
    assert_eq!(write_fen(&pos), "2R2k2/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(write_fen(&pos), fs_fen_after("spartan", white, &["c1c8"]));
    assert!(pos.is_check());
    assert_eq!(
        moves(&pos),
        set(&["f8e7", "f8f7", "f8g7"]),
        "the king may not stay on the eighth rank"
    );
    assert_eq!(moves(&pos), fs_legal_moves("spartan", &write_fen(&pos)));
}

/// `check when the last King, Prince is attacked` (Sho shogi): a side with
/// a king and a crown prince is not in check when both are attacked, and
/// may leave them so; once the king is taken the prince is royal. Derived
/// by hand; the move lists are pyffish's too.
#[test]
fn the_last_of_a_royal_group_is_royal() {
    use common::oracle::{fs_fen_after, fs_legal_moves};
    use varia::notation::coord::parse_coord;
    use varia::notation::fen::write_fen;
    let shoshogi = script("shoshogi");
    let both = "+e2R1k3/9/9/9/9/9/9/9/4K4 b - - 0 1";
    let pos = Position::from_fen(&shoshogi, both).unwrap();
    assert!(!pos.is_check());
    assert!(pos.checkers().is_empty());
    let expected = set(&[
        "a9a8", "a9b8", "a9b9", "f9e8", "f9e9", "f9f8", "f9g8", "f9g9",
    ]);
    assert_eq!(moves(&pos), expected);
    assert_eq!(moves(&pos), fs_legal_moves("shoshogi", both));
    let white = "+e2R1k3/9/9/9/9/9/9/9/4K4 w - - 0 1";
    let mut pos = Position::from_fen(&shoshogi, white).unwrap();
    pos.play(parse_coord(&pos, "d9f9").unwrap());
    assert_eq!(write_fen(&pos), fs_fen_after("shoshogi", white, &["d9f9"]));
    assert!(pos.is_check());
    let f9 = shoshogi.geometry.parse_square("f9").unwrap();
    assert_eq!(pos.checkers().iter().collect::<Vec<_>>(), [f9]);
    assert_eq!(moves(&pos), set(&["a9a8", "a9b8"]));
    assert_eq!(moves(&pos), fs_legal_moves("shoshogi", &write_fen(&pos)));
}

/// The last of a royal group stays royal through the move that makes a
/// second one: Sho shogi's king in check is not saved by promoting the
/// drunk elephant to a crown prince (`d6d7+`, `d6c7+`, which leave the
/// rook's check on e1), as Fairy-Stockfish judges its pseudo-royal
/// pieces by their count before the move; the elephant blocking on e7,
/// promoted or not, does. Derived by hand; the move list is pyffish's.
#[test]
fn a_promotion_making_a_second_royal_piece_does_not_lift_a_check() {
    use common::oracle::fs_legal_moves;
    let shoshogi = script("shoshogi");
    let fen = "k3r4/9/9/3E5/9/9/9/9/4K4 w - - 0 1";
    let pos = Position::from_fen(&shoshogi, fen).unwrap();
    assert!(pos.is_check());
    let expected = set(&[
        "d6e5", "d6e6", "d6e7", "d6e7+", "e1d1", "e1d2", "e1f1", "e1f2",
    ]);
    assert_eq!(moves(&pos), expected);
    assert_eq!(moves(&pos), fs_legal_moves("shoshogi", fen));
}
