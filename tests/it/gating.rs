//! Gating (`gate … in REGION`, S-Chess): a piece from hand enters on the
//! square a first-rank piece leaves on its first move; castling opens the
//! king's and the rook's squares. `scripts/fairy-stockfish/seirawan.variant` and
//! `scripts/fairy-stockfish/shouse.variant` against pyffish, and the rules one by one
//! (expected moves and FENs are pyffish's for the same FENs and moves:
//! `legal_moves`, `get_fen`, `get_san` of `seirawan`).

use crate::common;
use common::moves::moves as coords;
use common::oracle::{compare, oracle, script};

use varia::notation::coord::move_to_coord;
use varia::notation::fen::write_fen;
use varia::notation::san::{move_to_san, parse_move};
use varia::vm::Position;

fn seirawan(fen: &str) -> Position {
    Position::from_fen(&script("seirawan"), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays moves given in coordinates (each must be legal); returns the FEN.
fn play(pos: &mut Position, moves: &[&str]) -> String {
    for text in moves {
        let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(&move_to_coord(pos, mv), text, "{text} read back");
        pos.try_play(mv).unwrap();
    }
    write_fen(pos)
}

/// 1000 positions of random S-Chess games, long ones included (gating,
/// gates closing when a hand empties, castling with gating): the legal
/// moves agree with pyffish, and so do the FENs we write back, castling
/// and gating rights included.
#[test]
fn seirawan_legal_moves_and_fens_match_pyffish() {
    let variant = script("seirawan");
    let lines = oracle("seirawan", 1000, 21, &["--max-plies", "120"]);
    compare(&variant, &lines);
    let mut gated = 0;
    for line in &lines {
        gated += line.moves.iter().filter(|m| m.len() == 5).count();
        let Some(fen) = line.fen.as_deref() else {
            continue;
        };
        let pos = Position::from_fen(&variant, fen).expect("compare read it");
        // pyffish writes the hands in its own piece order; the rest as we do.
        let without_hands = |f: &str| {
            let (board, rest) = f.split_once(' ').unwrap();
            format!("{} {rest}", &board[..board.find('[').unwrap()])
        };
        assert_eq!(without_hands(&write_fen(&pos)), without_hands(fen), "{fen}");
    }
    assert!(gated > 1000, "only {gated} gating moves listed");
}

/// 1000 positions of random S-House games: drops and gating from one
/// hand, captures joining it.
#[test]
fn shouse_legal_moves_match_pyffish() {
    let variant = script("shouse");
    let lines = oracle("shouse", 1000, 22, &[]);
    compare(&variant, &lines);
}

/// From the start every first-rank piece but the king and rooks (which
/// cannot move yet) may gate either piece: 20 moves and 8 × 2 gatings.
/// The gated piece leaves the hand, the gate closes, the clock runs on.
#[test]
fn a_first_move_from_the_first_rank_may_gate_a_piece_from_hand() {
    let mut pos = Position::start(&script("seirawan"));
    let moves = coords(&pos);
    assert_eq!(moves.len(), 28);
    for m in [
        "b1a3e", "b1a3h", "b1c3e", "b1c3h", "g1f3e", "g1f3h", "g1h3e", "g1h3h",
    ] {
        assert!(moves.contains(m), "{m}");
    }
    let fen = play(&mut pos, &["g1f3h"]);
    assert_eq!(
        fen,
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] b KQBCDFkqbcdfg - 1 1"
    );
    // A knight that went and came back opens no gate.
    let mut pos = Position::start(&script("seirawan"));
    let fen = play(&mut pos, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(
        fen,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFkqbcdf - 4 3"
    );
    assert!(coords(&pos).contains("g1f3") && !coords(&pos).contains("g1f3e"));
}

/// Castling gates on the king's square (`e1g1h`, `O-O/He1`) or the
/// rook's (`h1e1h`, `O-O/Hh1`); the other rook keeps its gate though it
/// can no longer castle (`A`).
#[test]
fn castling_gates_on_the_kings_or_the_rooks_square() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1";
    for (text, san, after) in [
        (
            "e1g1h",
            "O-O/He1",
            "r3k2r/8/8/8/8/8/8/R3HRK1[Eeh] b Akq - 1 1",
        ),
        (
            "h1e1h",
            "O-O/Hh1",
            "r3k2r/8/8/8/8/8/8/R4RKH[Eeh] b Akq - 1 1",
        ),
        (
            "e1c1e",
            "O-O-O/Ee1+",
            "r3k2r/8/8/8/8/8/8/2KRE2R[Heh] b Hkq - 1 1",
        ),
        (
            "a1e1e",
            "O-O-O/Ea1",
            "r3k2r/8/8/8/8/8/8/E1KR3R[Heh] b Hkq - 1 1",
        ),
    ] {
        let mut pos = seirawan(fen);
        let mv = parse_move(&pos, text).unwrap();
        assert_eq!(move_to_san(&pos, mv), san);
        assert_eq!(parse_move(&pos, san), Ok(mv), "{san} read back");
        assert_eq!(play(&mut pos, &[text]), after, "{text}");
    }
}

/// SAN: `Nf3/H`; `Nf3` is the move that does not gate; a gating the
/// position does not allow is refused with the reason, and nothing changes.
#[test]
fn gating_in_san_and_bad_gatings_refused_with_the_reason() {
    let pos = Position::start(&script("seirawan"));
    let gated = parse_move(&pos, "Nf3/H").unwrap();
    assert_eq!(move_to_coord(&pos, gated), "g1f3h");
    assert_eq!(move_to_san(&pos, gated), "Nf3/H");
    assert_eq!(
        move_to_coord(&pos, parse_move(&pos, "Nf3").unwrap()),
        "g1f3"
    );
    let refused = |pos: &Position, text: &str| parse_move(pos, text).unwrap_err().to_string();
    assert_eq!(refused(&pos, "Nf3/Q"), "you have no queen in hand");
    assert_eq!(refused(&pos, "e4/H"), "a hawk may not enter on e2");
    assert_eq!(
        refused(&pos, "Nf3/X"),
        "this variant has no piece with the letter X"
    );
    let mut pos = Position::start(&script("seirawan"));
    play(&mut pos, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    let before = write_fen(&pos);
    assert_eq!(
        refused(&pos, "Nf3/H"),
        "the piece on g1 has moved before: only a piece's first move opens a gate"
    );
    assert_eq!(write_fen(&pos), before);
}

/// The piece entering may not block a check or stand in for a pinned
/// piece (the S-Chess rules; Fairy-Stockfish's issue 141): with its knight
/// pinned on g1 White may not play Nf3 with or without a hawk; pyffish
/// lists 50 legal moves, none of the knight's.
#[test]
fn gating_does_not_make_an_illegal_move_legal() {
    let pos =
        seirawan("r1bqkbn1/pppppp2/2n5/6p1/2B1P3/2P5/PP1P1PP1/RNBQK1Nr[EHeh] w cdfgBCDGQq - 1 6");
    let moves = coords(&pos);
    assert_eq!(moves.len(), 50);
    assert!(!moves.iter().any(|m| m.starts_with("g1")));
    assert!(moves.contains("d1f3h") && moves.contains("e1f1e"));
    assert_eq!(
        write_fen(&pos),
        "r1bqkbn1/pppppp2/2n5/6p1/2B1P3/2P5/PP1P1PP1/RNBQK1Nr[EHeh] w QBCDGqcdfg - 1 6"
    );
    // Mated though Kd1/E would leave no check (pyffish: no legal moves).
    let mated =
        seirawan("r1bqkbn1/pppppp2/8/6p1/Q2nP3/PBP5/1P1P1PP1/RNB1K2r[EHeh] w cdfgBCQq - 1 10");
    assert!(coords(&mated).is_empty());
}

/// Without captures to refill it, an empty hand closes every gate: the
/// FEN no longer names them, and castling rights stay.
#[test]
fn an_empty_hand_closes_the_gates() {
    let mut pos = Position::start(&script("seirawan"));
    let fen = play(&mut pos, &["g1f3h", "g8f6h", "b1c3e", "b8c6e"]);
    assert_eq!(
        fen,
        "rebqkbhr/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/REBQKBHR[] w KQkq - 4 3"
    );
    assert!(coords(&pos).iter().all(|m| m.len() == 4));
}

/// Gating rights in FEN: a file letter with no piece of that side on the
/// gate rank is refused, naming it; a gating variant reads FS's fields.
#[test]
fn bad_gating_rights_in_fen_are_refused() {
    let variant = script("seirawan");
    let err = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/4K3[H] w B - 0 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "no castling right or gate is called `B`: no White piece stands on file b of the gate squares"
    );
    let pos = seirawan("4k3/8/8/8/8/8/8/1N2K3[H] w B - 0 1");
    assert!(coords(&pos).contains("b1c3h"));
    assert_eq!(write_fen(&pos), "4k3/8/8/8/8/8/8/1N2K3[H] w B - 0 1");
}
