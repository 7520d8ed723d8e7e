//! The Reversi and Ataxx family: `flip enclosed|adjacent`, `pass when
//! stuck`, `full board draws`, `draws win for more pieces`, `hands
//! unlimited`, the drop rules `beside-own` and `enclosing`, and `drops
//! first fill` (Fairy-Stockfish's flipEnclosedPieces, passOnStalemate,
//! adjudicateFullBoard, materialCounting, freeDrops, enclosingDrop and
//! enclosingDropStart). The catalogue scripts (ataxx, flipersi, flipello,
//! flipello10) are compared with FS in `catalogue.rs`; here, small
//! positions derived by hand, every move set, FEN and result also
//! pyffish's.

use std::collections::BTreeSet;

use crate::common;
use common::moves::moves;
use common::oracle::{
    fs_fen_after, fs_game_result, fs_game_result_after, fs_legal_moves, fs_san, script,
};

use varia::ir::piece::Color;
use varia::notation::coord::parse_coord;
use varia::notation::fen::write_fen;
use varia::notation::san::{move_to_san, parse_move};
use varia::vm::{EndReason, Outcome, Position};

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// Plays the coordinate moves on `pos`, checking each is legal.
fn play(pos: &mut Position, moves: &[&str]) {
    for m in moves {
        let mv = parse_coord(pos, m).unwrap_or_else(|| panic!("{m} is not legal"));
        pos.play(mv);
        pos.assert_valid();
    }
}

/// Ataxx: a stone clones onto an empty square next to one of its own
/// (a drop from a hand that never runs out, none written in FEN) or jumps
/// two squares; the enemy stones around the square reached turn. From a1
/// beside b2 and c2: clones on a2 and b1, jumps to a3, b3, c3 and c1 (c2
/// is taken); the jump to c1 turns b2 and c2, the clone on b1 turns them
/// too.
#[test]
fn ataxx_clones_beside_its_own_and_flips_the_stones_around() {
    let ataxx = script("ataxx");
    let fen = "7/7/7/7/7/1pp4/P6 w - - 0 1";
    let pos = Position::from_fen(&ataxx, fen).unwrap();
    let expected = set(&["P@a2", "P@b1", "a1a3", "a1b3", "a1c1", "a1c3"]);
    assert_eq!(moves(&pos), expected);
    assert_eq!(moves(&pos), fs_legal_moves("ataxx", fen));
    for (mv, after) in [
        ("a1c1", "7/7/7/7/7/1PP4/2P4 b - - 1 1"),
        ("P@b1", "7/7/7/7/7/1PP4/PP5 b - - 0 1"),
    ] {
        let mut played = pos.clone();
        play(&mut played, &[mv]);
        assert_eq!(write_fen(&played), after);
        assert_eq!(fs_fen_after("ataxx", fen, &[mv]), after);
    }
}

/// A drop the family's rules refuse is explained by the rule it breaks.
#[test]
fn a_refused_drop_names_its_rule() {
    let ataxx = script("ataxx");
    let pos = Position::start(&ataxx);
    let error = parse_move(&pos, "P@d4").unwrap_err();
    let text = varia::teach::illegal::explain_text(&pos, &error);
    assert!(text.contains("next to one of your pieces"), "{text}");
    let flipersi = script("flipersi");
    let pos = Position::from_fen(&flipersi, "8/8/8/8/3P4/8/8/8[PPPPpppp] b - - 0 1").unwrap();
    let error = parse_move(&pos, "P@a1").unwrap_err();
    let text = varia::teach::illegal::explain_text(&pos, &error);
    assert!(text.contains("every drop goes there"), "{text}");
    let flipello = script("flipello");
    let pos = Position::start(&flipello);
    let error = parse_move(&pos, "P@a1").unwrap_err();
    let text = varia::teach::illegal::explain_text(&pos, &error);
    assert!(text.contains("enclose a line of enemy pieces"), "{text}");
}

/// Taking a move back turns the flipped stones back, hash and all.
#[test]
fn unplaying_a_flip_restores_the_position() {
    for (name, fen, mv) in [
        ("ataxx", "7/7/7/7/7/1pp4/P6 w - - 0 1", "a1c1"),
        (
            "flipello",
            "4Ppp1/6pp/5p1p/3PP2P/3PP3/8/8/8[PPPPPPPPPPpppppppppp] w - - 0 1",
            "P@h8",
        ),
    ] {
        let variant = script(name);
        let mut pos = Position::from_fen(&variant, fen).unwrap();
        let hash = pos.hash();
        let mv = parse_coord(&pos, mv).unwrap();
        let undo = pos.play_unchecked(mv);
        assert_ne!(pos.hash(), hash);
        pos.unplay(mv, undo);
        pos.assert_valid();
        assert_eq!(pos.hash(), hash);
        assert_eq!(write_fen(&pos), fen);
    }
}

/// Ataxx: a side whose stones are all hemmed in passes, written as FS
/// writes it (its first stone's square twice); the pass changes nothing
/// but the side to move and the clock.
#[test]
fn a_stuck_side_passes() {
    let ataxx = script("ataxx");
    let fen = "7/7/7/7/ppp4/ppp4/Ppp4 w - - 0 1";
    let pos = Position::from_fen(&ataxx, fen).unwrap();
    assert_eq!(moves(&pos), set(&["a1a1"]));
    assert_eq!(moves(&pos), fs_legal_moves("ataxx", fen));
    let mut passed = pos.clone();
    play(&mut passed, &["a1a1"]);
    assert_eq!(write_fen(&passed), "7/7/7/7/ppp4/ppp4/Ppp4 b - - 1 1");
    assert_eq!(write_fen(&passed), fs_fen_after("ataxx", fen, &["a1a1"]));
    assert_eq!(passed.outcome().unwrap(), Outcome::Ongoing);
    // SAN writes the stone and its square, as FS does, and reads it back.
    let pass = parse_coord(&pos, "a1a1").unwrap();
    assert_eq!(move_to_san(&pos, pass), fs_san("ataxx", fen, "a1a1"));
    assert_eq!(move_to_san(&pos, pass), "Pa1");
    assert_eq!(parse_move(&pos, "Pa1").unwrap(), pass);
}

/// Ataxx: a side with no stone left has no move and no pass, and loses
/// (fewer stones: `stalemate loses with fewer pieces`).
#[test]
fn a_side_without_stones_loses() {
    let ataxx = script("ataxx");
    let fen = "7/7/7/7/7/7/6P b - - 0 1";
    let pos = Position::from_fen(&ataxx, fen).unwrap();
    assert!(moves(&pos).is_empty());
    assert!(fs_legal_moves("ataxx", fen).is_empty());
    assert!(fs_game_result("ataxx", fen) < 0);
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::StalemateCounted {
                pieces: 0,
                against: 1
            }
        }
    );
}

/// Ataxx: a full board ends the game, won by the side with more stones
/// (here White, 29 to 20; Black to move has no move either way).
#[test]
fn a_full_board_is_won_by_more_stones() {
    let ataxx = script("ataxx");
    let fen = "PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/ppppppp/ppppppp/ppppppP b - - 0 1";
    let pos = Position::from_fen(&ataxx, fen).unwrap();
    assert!(moves(&pos).is_empty());
    assert!(fs_legal_moves("ataxx", fen).is_empty());
    assert!(fs_game_result("ataxx", fen) < 0);
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::BoardFull
        }
    );
}

/// Reversi (`enclosing`, `flip enclosed`), the centre full: a disc on
/// h8 encloses three lines, g8-f8 up to e8, h7-h6 up to h5 and g7-f6 up to
/// e5, and turns all six. It is White's one drop: every other empty
/// square next to a black disc has no white disc beyond the black ones
/// (g6: g7-g8, h6, h7 and f6 end at the edge or an empty square).
#[test]
fn a_drop_turns_every_line_it_encloses() {
    let flipello = script("flipello");
    let fen = "4Ppp1/6pp/5p1p/3PP2P/3PP3/8/8/8[PPPPPPPPPPpppppppppp] w - - 0 1";
    let pos = Position::from_fen(&flipello, fen).unwrap();
    assert_eq!(moves(&pos), set(&["P@h8"]));
    assert_eq!(moves(&pos), fs_legal_moves("flipello", fen));
    let after = "4PPPP/6PP/5P1P/3PP2P/3PP3/8/8/8[PPPPPPPPPpppppppppp] b - - 0 1";
    let mut played = pos.clone();
    play(&mut played, &["P@h8"]);
    assert_eq!(write_fen(&played), after);
    assert_eq!(fs_fen_after("flipello", fen, &["P@h8"]), after);
}

/// Flipello passes when stuck; two passes in a row end the game, won by
/// the side with more discs (White's two to Black's one).
#[test]
fn two_passes_end_the_game_scored_by_the_discs() {
    let flipello = script("flipello");
    let fen = "7p/8/8/3PP3/3PP3/8/8/PP6[PPPPPPPPPPpppppppppp] w - - 0 1";
    let mut pos = Position::from_fen(&flipello, fen).unwrap();
    assert_eq!(moves(&pos), set(&["a1a1"]));
    assert_eq!(moves(&pos), fs_legal_moves("flipello", fen));
    play(&mut pos, &["a1a1"]);
    assert_eq!(moves(&pos), set(&["h8h8"]));
    play(&mut pos, &["h8h8"]);
    assert!(moves(&pos).is_empty());
    assert_eq!(
        write_fen(&pos),
        fs_fen_after("flipello", fen, &["a1a1", "h8h8"])
    );
    // FS's score for White, to move: a win.
    assert!(fs_game_result_after("flipello", fen, &["a1a1", "h8h8"]) > 0);
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::BothPassed
        }
    );
}

/// Flipersi never passes: a stuck side is stalemated, and loses with
/// fewer discs.
#[test]
fn flipersi_has_no_pass() {
    let flipersi = script("flipersi");
    let fen = "7p/8/8/3PP3/3PP3/8/8/8[PPPPPPPPPPpppppppppp] b - - 0 1";
    let pos = Position::from_fen(&flipersi, fen).unwrap();
    assert!(moves(&pos).is_empty());
    assert!(fs_legal_moves("flipersi", fen).is_empty());
    assert!(fs_game_result("flipersi", fen) < 0);
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::StalemateCounted {
                pieces: 1,
                against: 4
            }
        }
    );
}

/// `drops first fill`: while a centre square is empty, every drop goes
/// there, enclosing or not; then only enclosing drops.
#[test]
fn the_centre_fills_first() {
    let flipersi = script("flipersi");
    let fen = "8/8/8/8/3P4/8/8/8[PPPPPPPPPPpppppppppp] b - - 0 1";
    let pos = Position::from_fen(&flipersi, fen).unwrap();
    assert_eq!(moves(&pos), set(&["P@e4", "P@d5", "P@e5"]));
    assert_eq!(moves(&pos), fs_legal_moves("flipersi", fen));
    let empty = "8/8/8/8/8/8/8/8[PPPPPPPPPPpppppppppp] w - - 0 1";
    let mut pos = Position::from_fen(&flipersi, empty).unwrap();
    play(&mut pos, &["P@d4", "P@e5", "P@e4", "P@d5"]);
    let centre = "8/8/8/3pp3/3PP3/8/8/8[PPPPPPPPpppppppp] w - - 0 3";
    assert_eq!(write_fen(&pos), centre);
    assert_eq!(
        fs_fen_after("flipersi", empty, &["P@d4", "P@e5", "P@e4", "P@d5"]),
        centre
    );
    let enclosing = set(&["P@c6", "P@d6", "P@e6", "P@f6"]);
    assert_eq!(moves(&pos), enclosing);
    assert_eq!(moves(&pos), fs_legal_moves("flipersi", centre));
}

/// `white|black drops first fill`: a side's own line replaces the region
/// of `drops first fill` for that side, as that side sees the board (FS's
/// `enclosingDropStart` is one set of squares for both sides, which
/// Annexation, a 10×10 board with Flipello's 8×8 centre, writes as a line
/// for each side: `bridge.rs`). Derived by hand: White fills d4 e4 d5 e5,
/// Black the squares it calls d1 and e1 (d8 and e8); the dump and the
/// rules text say each side's; a second line for one side is an error.
#[test]
fn each_side_fills_its_own_squares_first() {
    let source = std::fs::read_to_string(
        common::oracle::manifest_dir().join("scripts/fairy-stockfish/flipersi.variant"),
    )
    .unwrap()
    .replace(
        "drops first fill squares d4 e4 d5 e5\n",
        "drops first fill squares d4 e4 d5 e5\nblack drops first fill squares d1 e1\n",
    );
    let variant = varia::compile_source("own.variant", &source).unwrap();
    let empty = "8/8/8/8/8/8/8/8[PPPPPPPPPPpppppppppp] w - - 0 1";
    let mut pos = Position::from_fen(&variant, empty).unwrap();
    assert_eq!(moves(&pos), set(&["P@d4", "P@e4", "P@d5", "P@e5"]));
    play(&mut pos, &["P@d4"]);
    assert_eq!(moves(&pos), set(&["P@d8", "P@e8"]));
    play(&mut pos, &["P@e8"]);
    assert_eq!(moves(&pos), set(&["P@e4", "P@d5", "P@e5"]));
    play(&mut pos, &["P@e4", "P@d8"]);
    // Black's squares are full: its drops must enclose (none can).
    play(&mut pos, &["P@d5"]);
    assert_eq!(moves(&pos), set(&[]));
    let dump = variant.to_string();
    common::assert_has_lines(
        &dump,
        &[
            "white drops first fill squares d4 e4 d5 e5",
            "black drops first fill squares d1 e1",
        ],
    );
    let disc = varia::teach::find_piece(&variant, "Disc").unwrap();
    let text = varia::teach::hands::hand_rule(&variant, disc).unwrap();
    assert!(
        text.ends_with(
            " While a square of d4, e4, d5 or e5 is empty, every drop White makes goes there, whatever the other rules say. \
             While a square of d1 or e1 (as they see the board) is empty, every drop Black makes goes there, whatever the other rules say."
        ),
        "{text}"
    );
    let twice = source.replace(
        "black drops first fill squares d1 e1\n",
        "black drops first fill squares d1 e1\nblack drops first fill squares d2\n",
    );
    let error = varia::compile_source("twice.variant", &twice)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("`black drops first fill` is declared twice"),
        "{error}"
    );
}
