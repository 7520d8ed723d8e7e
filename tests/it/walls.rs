//! Walls: `*` in any FEN (Fairy-Stockfish's wall squares), and `walls
//! behind|anywhere|shot|duck|from-edge` (its `wallingRule`: past, static,
//! arrow, duck, edge), each move placing one (or, `instead-of-moving`,
//! its `wallOrMove`, a wall instead of a move). The catalogue scripts (isolation, isolation7x7,
//! snailtrail, joust) are compared with FS in `catalogue.rs`; here, the
//! rules one at a time, positions derived by hand, every move set and FEN
//! also pyffish's.

use std::collections::BTreeSet;

use crate::common;
use common::moves::{moves, moves_from};
use common::oracle::{fs_fen_after, fs_game_result, fs_legal_moves, script};

use varia::compile_source;
use varia::notation::coord::parse_coord;
use varia::notation::fen::write_fen;
use varia::notation::san::{move_to_san, parse_move};
use varia::vm::{EndReason, Outcome, Position};

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// A wall in a chess FEN: a rook stops before it and cannot take it,
/// whichever side moves (a wall's board code is nobody's), and FEN writes
/// it back as `*`.
#[test]
fn a_wall_blocks_sliders_and_is_never_taken() {
    let chess = script("chess");
    let white = "4k3/8/8/8/*7/8/8/R3K3 w - - 0 1";
    let pos = Position::from_fen(&chess, white).unwrap();
    assert_eq!(
        moves_from(&pos, "a1"),
        set(&["a1a2", "a1a3", "a1b1", "a1c1", "a1d1"])
    );
    assert_eq!(moves(&pos), fs_legal_moves("chess", white));
    assert_eq!(write_fen(&pos), white);
    let black = "r3k3/8/8/*7/8/8/8/4K3 b - - 0 1";
    let pos = Position::from_fen(&chess, black).unwrap();
    assert_eq!(
        moves_from(&pos, "a8"),
        set(&["a8a7", "a8a6", "a8b8", "a8c8", "a8d8"])
    );
    assert_eq!(moves(&pos), fs_legal_moves("chess", black));
    // The wall stays where it is after a move.
    assert_eq!(
        fs_fen_after("chess", white, &["a1a2"]),
        "4k3/8/8/8/*7/8/R7/4K3 b - - 1 1"
    );
    let mut pos = Position::from_fen(&chess, white).unwrap();
    pos.play(parse_coord(&pos, "a1a2").unwrap());
    assert_eq!(write_fen(&pos), "4k3/8/8/8/*7/8/R7/4K3 b - - 1 1");
    pos.assert_valid();
}

/// A wall is a screen for a hopper, as any piece is: a xiangqi cannon on
/// a1 hops it on a3 to take the horse on a6, and cannot move through it.
#[test]
fn a_wall_is_a_hoppers_screen() {
    let xiangqi = script("xiangqi");
    let fen = "3k5/9/9/9/n8/9/9/*8/9/C4K3 w - - 0 1";
    let pos = Position::from_fen(&xiangqi, fen).unwrap();
    assert_eq!(
        moves_from(&pos, "a1"),
        set(&["a1a2", "a1a6", "a1b1", "a1c1", "a1d1", "a1e1"])
    );
    assert_eq!(moves(&pos), fs_legal_moves("xiangqi", fen));
}

/// `walls behind` (Snailtrail): the one wall of each move goes on the
/// square its piece left; coordinates and SAN write it after a comma, as
/// Fairy-Stockfish does, and SAN may leave it out (it has one place).
#[test]
fn walls_behind_go_on_the_square_left() {
    let snailtrail = script("snailtrail");
    let start = "6p/7/7/7/7/7/P6 w - - 0 1";
    let pos = Position::from_fen(&snailtrail, start).unwrap();
    assert_eq!(moves(&pos), set(&["a1a2,a2a1", "a1b1,b1a1", "a1b2,b2a1"]));
    assert_eq!(moves(&pos), fs_legal_moves("snailtrail", start));
    let mv = parse_coord(&pos, "a1b1,b1a1").unwrap();
    assert_eq!(mv.wall(), snailtrail.geometry.parse_square("a1"));
    assert_eq!(move_to_san(&pos, mv), "Pb1,a1");
    assert_eq!(parse_move(&pos, "Pb1,a1").unwrap(), mv);
    assert_eq!(parse_move(&pos, "Pb1").unwrap(), mv);
    assert_eq!(parse_move(&pos, "a1b1").unwrap(), mv);
    assert_eq!(
        parse_move(&pos, "Pb1,b2").unwrap_err().to_string(),
        "a wall may not go on b2: it goes on the square the piece left, a1"
    );
    let moves_played = ["a1b1,b1a1", "g7f6,f6g7", "b1b2,b2b1"];
    let mut after = pos.clone();
    for m in moves_played {
        after.play(parse_coord(&after, m).unwrap());
    }
    assert_eq!(write_fen(&after), "6*/5p1/7/7/7/1P5/**5 b - - 3 2");
    assert_eq!(
        fs_fen_after("snailtrail", start, &moves_played),
        write_fen(&after)
    );
    after.assert_valid();
    // Walled in: no move, and a side that cannot move loses.
    let boxed = "6p/7/7/7/7/**5/P*5 w - - 0 1";
    let pos = Position::from_fen(&snailtrail, boxed).unwrap();
    assert!(pos.legal_moves().unwrap().is_empty());
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Decisive {
            winner: varia::ir::piece::Color::Black,
            reason: EndReason::Stalemate,
        }
    );
    assert_eq!(fs_game_result("snailtrail", boxed).signum(), -1);
}

/// `walls anywhere in open` (Isolation): a wall on any square empty after
/// the move, in the region (not the start squares c1 and d8), the square
/// just left included; SAN must then say where.
#[test]
fn walls_anywhere_go_on_any_empty_square_of_their_region() {
    let isolation = script("isolation");
    let start = "3p2/6/6/6/6/6/6/2P3 w - - 0 1";
    let pos = Position::from_fen(&isolation, start).unwrap();
    let legal = moves(&pos);
    assert_eq!(legal, fs_legal_moves("isolation", start));
    // Five steps, each with the 48 squares but the two start squares and
    // the one the pawn lands on.
    assert_eq!(legal.len(), 5 * 45);
    let step: BTreeSet<&str> = legal
        .iter()
        .filter(|m| m.starts_with("c1b1,"))
        .map(|m| &m[5..])
        .collect();
    assert_eq!(step.len(), 45);
    assert!(!step.contains("b1c1") && !step.contains("b1d8") && !step.contains("b1b1"));
    assert!(step.contains("b1a1") && step.contains("b1f8"));
    let mv = parse_move(&pos, "Pb1,a1").unwrap();
    assert_eq!(parse_move(&pos, "c1b1,a1").unwrap(), mv);
    assert_eq!(parse_move(&pos, "c1b1,b1a1").unwrap(), mv);
    assert_eq!(
        parse_move(&pos, "Pb1").unwrap_err().to_string(),
        "say where the wall goes, after a comma: Pb1,a1"
    );
    assert_eq!(
        parse_move(&pos, "Pb1,c1").unwrap_err().to_string(),
        "a wall may not go on c1: walls go only on the squares of their region"
    );
    assert_eq!(
        parse_move(&pos, "Pb1,b1").unwrap_err().to_string(),
        "a wall may not go on b1: a piece stands there after the move"
    );
    let played = ["c1b1,b1a1", "d8e8,e8f1"];
    let mut after = pos.clone();
    for m in played {
        after.play(parse_coord(&after, m).unwrap());
    }
    assert_eq!(write_fen(&after), "4p1/6/6/6/6/6/6/*P3* w - - 2 2");
    assert_eq!(fs_fen_after("isolation", start, &played), write_fen(&after));
    // A wall already there is no square for another.
    assert!(!moves(&after)
        .iter()
        .any(|m| m.ends_with("a1") || m.ends_with("f1")));
    assert_eq!(
        moves(&after),
        fs_legal_moves("isolation", &write_fen(&after))
    );
}

/// `walls shot` (the arrows of Amazons): on a square the piece could move
/// to from where it landed, the square it left included; derived by hand
/// on a small board with walls in the way (Fairy-Stockfish's `amazons` is
/// 10 x 10: its random games are compared in `amazons_match_pyffish`).
#[test]
fn walls_shot_go_where_the_piece_could_move_next() {
    let amazons = compile_source(
        "shot.variant",
        "variant \"Shot\"\nboard 4 x 4\npiece Amazon Q \"mQ\"\nwalls shot\n\
         checkmate none\nstalemate loses\nsetup \"3q/4/*3/Q3 w - - 0 1\"\n",
    )
    .unwrap();
    let pos = Position::from_fen(&amazons, "3q/4/*3/Q3 w - - 0 1").unwrap();
    // From a1: b1 c1 d1, b2 c3 (d4 is Black's), not up the a-file (a2 walled).
    let legal = moves(&pos);
    let from_b1: BTreeSet<String> = legal
        .iter()
        .filter(|m| m.starts_with("a1b1,"))
        .cloned()
        .collect();
    // From b1: a1 (just left), c1 d1, b2 b3 b4, c2 d3, a2 is a wall.
    assert_eq!(
        from_b1,
        set(&[
            "a1b1,b1a1",
            "a1b1,b1c1",
            "a1b1,b1d1",
            "a1b1,b1b2",
            "a1b1,b1b3",
            "a1b1,b1b4",
            "a1b1,b1c2",
            "a1b1,b1d3",
        ])
    );
    let from_c3: BTreeSet<String> = legal
        .iter()
        .filter(|m| m.starts_with("a1c3,"))
        .cloned()
        .collect();
    // From c3: b3 a3, d3, c4, c2 c1, b4, b2 a1, d2; d4 is Black's.
    assert_eq!(
        from_c3,
        set(&[
            "a1c3,c3b3",
            "a1c3,c3a3",
            "a1c3,c3d3",
            "a1c3,c3c4",
            "a1c3,c3c2",
            "a1c3,c3c1",
            "a1c3,c3b4",
            "a1c3,c3b2",
            "a1c3,c3a1",
            "a1c3,c3d2",
        ])
    );
    // To b1 8 walls, c1 9 (b1 a1, d1, c2 c3 c4, b2 a3, d2), d1 8 (c1 b1
    // a1, d2 d3, c2 b3 a4), b2 9 (c2 d2, b3 b4, b1, a1, c3, a3, c1), c3 10.
    assert_eq!(legal.len(), 8 + 9 + 8 + 9 + 10);
}

/// Amazons (Walter Zamkauskas, 1988), Fairy-Stockfish's `amazons`: random
/// games agree with pyffish move for move (its perft counts are checked in
/// `perft.rs`).
#[test]
fn amazons_match_pyffish() {
    let amazons = script("amazons");
    let (short, long) = common::oracle::oracle_short_and_long("amazons", 40, 60, 239);
    common::oracle::compare(&amazons, &short);
    common::oracle::compare(&amazons, &long);
}

/// `walls` needs no hands, and an after-move hook may not remove or
/// cover a wall: the move fails and nothing changes.
#[test]
fn hooks_cannot_touch_a_wall() {
    let v = compile_source(
        "hook-wall.variant",
        "variant \"Hook and wall\"\nimport orthodox\nboard 8 x 8\n\
         hook after-move { [remove(\"a4\")] }\n\
         setup \"4k3/8/8/8/*7/8/8/R3K3 w - - 0 1\"\n",
    )
    .unwrap();
    let mut pos = Position::from_fen(&v, "4k3/8/8/8/*7/8/8/R3K3 w - - 0 1").unwrap();
    let before = write_fen(&pos);
    let mv = parse_coord(&pos, "a1a2");
    assert!(
        mv.is_none(),
        "the hook fails on every move, so none is legal"
    );
    let legal = pos.legal_moves();
    assert!(legal.is_err());
    assert!(legal
        .unwrap_err()
        .message
        .contains("a wall stands on a4: an effect cannot remove or cover it"));
    let a1a2 = varia::vm::Move::new(
        v.geometry.parse_square("a1").unwrap(),
        v.geometry.parse_square("a2").unwrap(),
        varia::vm::MoveKind::Normal,
    );
    assert!(pos.try_play(a1a2).is_err());
    assert_eq!(write_fen(&pos), before);
}

/// `captures petrify Queen, Rook, Bishop, Knight` (Petrified chess): the
/// queen that takes on d5 becomes a wall there, a pawn that takes stays a
/// pawn; the king, which never captures (`mK`), attacks nothing, so the
/// kings may stand side by side; a rook's checkmate is checkmate. Derived
/// by hand; every FEN, move list and result is pyffish's too.
#[test]
fn a_petrifying_capture_leaves_a_wall() {
    let petrified = script("petrified");
    let after = |fen: &str, mv: &str| {
        let mut pos = Position::from_fen(&petrified, fen).unwrap();
        let undo_fen = write_fen(&pos);
        let m = parse_coord(&pos, mv).unwrap();
        let undo = pos.play_unchecked(m);
        pos.assert_valid();
        let fen_after = write_fen(&pos);
        pos.unplay(m, undo);
        pos.assert_valid();
        assert_eq!(write_fen(&pos), undo_fen, "unplay restores {mv}");
        fen_after
    };
    let queen = "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1";
    assert_eq!(after(queen, "d1d5"), "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        after(queen, "d1d5"),
        fs_fen_after("petrified", queen, &["d1d5"])
    );
    let pawn = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    assert_eq!(after(pawn, "e4d5"), "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        after(pawn, "e4d5"),
        fs_fen_after("petrified", pawn, &["e4d5"])
    );
    // Side by side: d4, c4 and e4 touch the king on d5, and are legal.
    let kings = "8/8/8/3k4/8/3K4/8/8 w - - 0 1";
    let pos = Position::from_fen(&petrified, kings).unwrap();
    assert_eq!(
        moves(&pos),
        set(&["d3c2", "d3c3", "d3c4", "d3d2", "d3d4", "d3e2", "d3e3", "d3e4"])
    );
    assert_eq!(moves(&pos), fs_legal_moves("petrified", kings));
    // The king does not take the pawn on e3 (nor step onto d2, which it
    // guards).
    let pawn_by = "8/8/8/3k4/8/3Kp3/8/8 w - - 0 1";
    let pos = Position::from_fen(&petrified, pawn_by).unwrap();
    assert!(!moves(&pos).contains("d3e3"));
    assert_eq!(moves(&pos), fs_legal_moves("petrified", pawn_by));
    let mate = "k6R/pp6/8/8/8/8/8/K7 b - - 0 1";
    let pos = Position::from_fen(&petrified, mate).unwrap();
    assert!(pos.legal_moves().unwrap().is_empty());
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Decisive {
            winner: varia::ir::piece::Color::White,
            reason: EndReason::Checkmate,
        }
    );
    assert_eq!(fs_game_result("petrified", mate).signum(), -1);
}

/// `walls duck` (Duck chess, FS's `duck`): the duck moves on after every
/// move, never staying where it stood, and taking a move back puts it
/// back; every FEN and move set is pyffish's.
#[test]
fn the_duck_moves_on_and_comes_back_when_a_move_is_taken_back() {
    let duck = script("duck");
    crate::common::assert_has_lines(&duck.to_string(), &["walls duck"]);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut pos = Position::from_fen(&duck, start).unwrap();
    // 20 moves, each with the duck on any of the 32 empty squares after it
    // (the square the piece left included).
    assert_eq!(moves(&pos).len(), 20 * 32);
    let played = ["e2e4,e4d5", "e7e5,e5d6"];
    pos.play(parse_coord(&pos, played[0]).unwrap());
    assert_eq!(
        parse_move(&pos, "e7e5,d5").unwrap_err().to_string(),
        "a wall stands on d5 already"
    );
    let before = (write_fen(&pos), pos.hash());
    let mv = parse_coord(&pos, played[1]).unwrap();
    let undo = pos.play_unchecked(mv);
    assert_eq!(
        write_fen(&pos),
        "rnbqkbnr/pppp1ppp/3*4/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(fs_fen_after("duck", start, &played), write_fen(&pos));
    assert_eq!(moves(&pos), fs_legal_moves("duck", &write_fen(&pos)));
    pos.unplay(mv, undo);
    assert_eq!((write_fen(&pos), pos.hash()), before);
    let fen = write_fen(&pos);
    assert_eq!(pos.hash(), Position::from_fen(&duck, &fen).unwrap().hash());
}

/// With a royal king (which Fairy-Stockfish does not take beside its
/// duck: derived by hand) the king's safety is judged with the duck on
/// its new square: it may shield the king, and leaving the square that
/// shielded it may expose it. White: king d1, pawn h2; Black's queen on
/// d8 looks down the d-file, blocked by the duck on d7. A pawn move must
/// put the duck back on the file (d2..d6: 2 × 5 moves); the king stepping
/// off it (c1, c2, e1, e2) may put it on any of the 59 empty squares but
/// d7, where it stood; the king's step to d2 needs it on d3..d6 (4).
#[test]
fn the_duck_shields_a_royal_piece_and_leaving_may_expose_one() {
    let text = "variant \"Royal duck\"\nimport orthodox\nboard 8 x 8\nwalls duck\n\
                setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n";
    let variant = compile_source("royal-duck.variant", text).unwrap();
    let pos = Position::from_fen(&variant, "3qk3/3*4/8/8/8/8/7P/3K4 w - - 0 1").unwrap();
    let legal = moves(&pos);
    let count = |prefix: &str| legal.iter().filter(|m| m.starts_with(prefix)).count();
    assert_eq!(count("h2"), 10);
    assert!(legal.contains("h2h4,h4d6"));
    assert!(!legal.contains("h2h4,h4a6"));
    for step in ["d1c1", "d1c2", "d1e1", "d1e2"] {
        assert_eq!(count(step), 59, "{step}");
    }
    assert_eq!(count("d1d2"), 4);
    assert_eq!(legal.len(), 10 + 4 * 59 + 4);
}

/// `walls from-edge instead-of-moving` (Atlantis, FS's `edge` with
/// `wallOrMove`): a player moves or puts a wall on the edge or next to a
/// wall, written from the first piece's square; the wall is a pass of
/// that piece, and a pawn's resets the move rule as FS's does. Every
/// move set and FEN is pyffish's with the section of FS's variants.ini.
#[test]
fn a_wall_instead_of_a_move_goes_on_the_edge_or_beside_a_wall() {
    let text = "variant \"Sinking\"\nimport orthodox\nboard 8 x 8\n\
                walls from-edge instead-of-moving\n\
                setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n";
    let variant = compile_source("sinking.variant", text).unwrap();
    // `varia dump`'s listing says the rule again.
    crate::common::assert_has_lines(&variant.to_string(), &["walls from-edge instead-of-moving"]);
    let ini = crate::bridge::fixture("variants.ini");
    let fen = "4k3/p7/8/8/4*3/8/8/R3K3 b - - 7 30";
    let mut pos = Position::from_fen(&variant, fen).unwrap();
    let legal = crate::bridge::moves_as_pyffish_plays(&ini, "atlantis", &variant, fen);
    let walls: BTreeSet<&str> = legal
        .iter()
        .filter_map(|m| m.strip_prefix("a7a7,a7"))
        .collect();
    // The edge's 28 squares but the four pieces' (a1, e1, a7, e8), and
    // the four beside the wall on e4.
    assert_eq!(walls.len(), 24 + 4);
    assert!(walls.contains("e5") && walls.contains("d4") && !walls.contains("d5"));
    assert!(legal.contains(&"a7a6,a6a1".to_string()));
    assert_eq!(
        move_to_san(&pos, parse_coord(&pos, "a7a7,a7h4").unwrap()),
        "Pa7,h4"
    );
    pos.play(parse_move(&pos, "Pa7,h4").unwrap());
    assert_eq!(write_fen(&pos), "4k3/p7/8/8/4*2*/8/8/R3K3 w - - 0 31");
    pos.play(parse_move(&pos, "Ra2").unwrap());
    assert_eq!(write_fen(&pos), "4k3/p7/8/8/4*2*/8/R7/4K3 b - - 1 31");
    let program = "print(sf.get_fen('atlantis', sys.argv[1], sys.argv[2].split()))";
    let theirs =
        crate::common::oracle::pyffish_with_config(&ini, program, &[fen, "a7a7,a7h4 a1a2,a2a1"]);
    assert_eq!(theirs.trim(), write_fen(&pos));
}
