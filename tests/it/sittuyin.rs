//! Sittuyin (Burmese chess), `scripts/fairy-stockfish/sittuyin.variant`,
//! against Fairy-Stockfish's built-in `sittuyin`: the standing promotion
//! (`promote … in place or by its move, anywhere if last, never
//! attacking, never checking`, with `promotion-limit Met 1`), the rooks
//! dropped on the back rank only, the lone pawn that can only promote
//! (`only promotions with King, Pawn alone draws`) and ASEAN counting
//! after the setup. (Its perft and the differential from the start are in
//! catalogue.rs; random games from the start spend 16 plies on the setup.)

use std::collections::BTreeSet;

use crate::common;
use common::oracle::{
    compare, fs_fen_after, fs_legal_moves, fs_optional_game_end, fs_san, optional_end, oracle,
    script,
};

use varia::notation::coord::move_to_coord;
use varia::notation::fen::write_fen;
use varia::notation::san::{move_to_san, parse_move};
use varia::teach::illegal::explain_text;
use varia::vm::{EndReason, MoveKind, Outcome, Position};

/// Our legal moves at `fen`, in coordinate form.
fn ours(fen: &str) -> BTreeSet<String> {
    let variant = script("sittuyin");
    let pos = Position::from_fen(&variant, fen).unwrap();
    pos.legal_moves()
        .unwrap()
        .iter()
        .map(|&m| move_to_coord(&pos, m))
        .collect()
}

/// The promotions (moves written with the Met's `f`) among `moves`.
fn promotions(moves: &BTreeSet<String>) -> Vec<&str> {
    moves
        .iter()
        .filter(|m| m.ends_with('f'))
        .map(String::as_str)
        .collect()
}

/// Our legal moves at `fen` are FS's, and its promotions are `expected`.
fn promotes_as_fairy_stockfish(fen: &str, expected: &[&str]) {
    let ours = ours(fen);
    assert_eq!(ours, fs_legal_moves("sittuyin", fen), "{fen}");
    assert_eq!(promotions(&ours), expected, "{fen}");
}

#[test]
fn a_pawn_on_the_diagonals_promotes_in_place_or_by_a_met_step_while_no_met_stands() {
    // d5 is on White's diagonals, b3 is not; no Met: in place and by the
    // four diagonal steps.
    let fen = "4k3/8/8/3P4/8/1P6/8/4K3 w - - 0 1";
    promotes_as_fairy_stockfish(fen, &["d5c4f", "d5c6f", "d5d5f", "d5e4f", "d5e6f"]);
    // Black's diagonals are the mirror image (e4, not e5).
    let black = "4k3/8/8/3p4/4p3/8/8/4K3 b - - 0 1";
    promotes_as_fairy_stockfish(black, &["e4d3f", "e4e4f", "e4f3f", "e4f5f"]);
    // A Met on the board (`promotion-limit Met 1`): none.
    promotes_as_fairy_stockfish("4k3/8/8/3P4/8/1P6/8/4K2F w - - 0 1", &[]);
    // The move is a promotion of its own: the pawn becomes a Met where it
    // stands, or steps as one, and the FEN is FS's.
    for mv in ["d5d5f", "d5c6f"] {
        let variant = script("sittuyin");
        let mut pos = Position::from_fen(&variant, fen).unwrap();
        let m = parse_move(&pos, mv).unwrap();
        assert_eq!(m.kind, MoveKind::Promote);
        assert!(!pos.is_capture(m));
        pos.play_unchecked(m);
        assert_eq!(
            write_fen(&pos).replace("[]", ""),
            fs_fen_after("sittuyin", fen, &[mv]).replace("[]", ""),
            "{mv}"
        );
    }
}

#[test]
fn a_side_s_last_pawn_promotes_anywhere() {
    // c2 is no promotion square, but it is White's only pawn.
    let fen = "4k3/8/8/8/8/8/2P5/4K3 w - - 0 1";
    promotes_as_fairy_stockfish(fen, &["c2b1f", "c2b3f", "c2c2f", "c2d1f", "c2d3f"]);
    // With a second pawn, neither promotes off the diagonals.
    promotes_as_fairy_stockfish("4k3/8/8/8/8/7P/2P5/4K3 w - - 0 1", &[]);
}

#[test]
fn a_promotion_may_neither_give_check_nor_attack_an_enemy_piece() {
    // The pawn leaving d5 would open the rook's file onto the king: only
    // the promotion in place is left.
    promotes_as_fairy_stockfish("3k4/8/8/3P4/8/8/8/3RK3 w - - 0 1", &["d5d5f"]);
    // A Met on c6 or e6 would attack the knight on d7.
    promotes_as_fairy_stockfish(
        "4k3/3n4/8/3P4/8/8/8/4K3 w - - 0 1",
        &["d5c4f", "d5d5f", "d5e4f"],
    );
    // A Met on e6 would check the king on f7 (and attack it).
    promotes_as_fairy_stockfish(
        "8/5k2/8/3P4/8/8/8/4K3 w - - 0 1",
        &["d5c4f", "d5c6f", "d5d5f", "d5e4f"],
    );
}

#[test]
fn rooks_are_dropped_on_the_back_rank_and_the_others_on_the_first_three() {
    let variant = script("sittuyin");
    let start = Position::start(&variant);
    let fen = write_fen(&start);
    let ours = ours(&fen);
    assert_eq!(ours, fs_legal_moves("sittuyin", &fen));
    let rooks: Vec<&str> = ours
        .iter()
        .filter(|m| m.starts_with("R@"))
        .map(String::as_str)
        .collect();
    assert_eq!(
        rooks,
        ["R@a1", "R@b1", "R@c1", "R@d1", "R@e1", "R@f1", "R@g1", "R@h1"]
    );
    // The knights on the empty squares of ranks 1 to 3 (rank 3's four
    // pawns taken out); every move is a drop.
    assert_eq!(ours.iter().filter(|m| m.starts_with("N@")).count(), 20);
    assert!(ours.iter().all(|m| m.contains('@')));
}

#[test]
fn a_lone_pawn_that_can_only_promote_draws_as_fairy_stockfish() {
    let variant = script("sittuyin");
    // White: king a1 hemmed in, pawn a2 blocked; its one move is a2a2f.
    let only = "8/8/8/8/8/p7/P1k5/K7 w - - 0 1";
    promotes_as_fairy_stockfish(only, &["a2a2f"]);
    assert_eq!(ours(only).len(), 1);
    let pos = Position::from_fen(&variant, only).unwrap();
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Draw {
            reason: EndReason::OnlyPromotions {
                side: varia::ir::piece::Color::White
            }
        }
    );
    assert_eq!(fs_optional_game_end("sittuyin", only), (true, 0));
    // Black, with more moves than its promotions, plays on.
    let black = "8/8/8/8/8/p7/P1k5/K7 b - - 0 1";
    let pos = Position::from_fen(&variant, black).unwrap();
    assert_eq!(pos.outcome().unwrap(), Outcome::Ongoing);
    assert_eq!(fs_optional_game_end("sittuyin", black), (false, 0));
    // A king that may step: no draw.
    let free = "8/8/8/8/8/p7/P2k4/K7 w - - 0 1";
    let pos = Position::from_fen(&variant, free).unwrap();
    assert_eq!(pos.outcome().unwrap(), Outcome::Ongoing);
    assert_eq!(fs_optional_game_end("sittuyin", free), (false, 0));
}

/// Positions after the setup: pawns on and off the diagonals, the last
/// pawn, the pawn that can only promote, rooks, khons and knights against
/// a bare king (ASEAN counting).
const ENDGAMES: &[&str] = &[
    "4k3/8/8/3P4/8/1P6/8/4K3 w - - 0 1",
    "4k3/8/2p5/3P4/4p3/1P6/8/R3K3 w - - 0 1",
    "3rk3/8/8/8/4p3/8/2P5/4K3 w - - 0 1",
    "8/8/8/8/8/p7/P2k4/K7 b - - 0 1",
    "4k3/3s4/8/3p4/8/4P3/8/R3K3 w - - 0 1",
    "4k3/8/8/2n5/8/8/5P2/4K3 b - - 0 1",
    "8/8/3k4/8/8/4K3/8/2R5 w - - 0 1",
    "8/3k4/8/8/8/2SSK3/8/8 w - - 0 1",
    "8/3k4/8/8/8/2N1K3/8/1N6 w - - 0 1",
    "8/2k5/8/1p1P4/2P1p3/8/5K2/8 w - - 0 1",
    "8/8/1k6/4p3/3P4/8/1K6/8 b - - 0 1",
    "6k1/8/8/3PP3/3pp3/8/8/1K6 w - - 0 1",
];

#[test]
fn random_endgames_promote_count_and_end_as_fairy_stockfish() {
    let variant = script("sittuyin");
    let mut extra = vec!["--fen-every", "1", "--optional-end", "--max-plies", "80"];
    for start in ENDGAMES {
        extra.extend(["--start", start]);
    }
    let lines = oracle("sittuyin", 2000, 291, &extra);
    compare(&variant, &lines);
    let (mut promoting, mut counting, mut ended) = (0, 0, 0);
    for line in &lines {
        let fen = line.fen();
        let pos = Position::from_fen(&variant, fen).unwrap();
        let ours = optional_end(&pos);
        assert_eq!(Some(ours), line.optional_end, "game end at {fen}");
        promoting += usize::from(line.moves.iter().any(|m| m.ends_with('f')));
        counting += usize::from(pos.count().is_some());
        ended += usize::from(ours);
    }
    assert!(
        promoting > 60 && counting > 300 && ended > 10,
        "only {promoting} positions promote, {counting} count, {ended} may end"
    );
}

#[test]
fn promotions_are_written_in_san_as_fairy_stockfish_writes_them() {
    let variant = script("sittuyin");
    let fen = "4k3/8/8/3P4/8/1P6/8/4K3 w - - 0 1";
    let pos = Position::from_fen(&variant, fen).unwrap();
    for (mv, san) in [("d5d5f", "d5=F"), ("d5c6f", "d5c6=F"), ("d5e4f", "d5e4=F")] {
        let m = parse_move(&pos, mv).unwrap();
        assert_eq!(move_to_san(&pos, m), san);
        assert_eq!(fs_san("sittuyin", fen, mv), san);
        assert_eq!(parse_move(&pos, san).unwrap(), m, "{san}");
    }
}

/// Why a typed move is illegal, in the REPL's words.
fn why(fen: &str, text: &str) -> String {
    let variant = script("sittuyin");
    let pos = Position::from_fen(&variant, fen).unwrap();
    explain_text(&pos, &parse_move(&pos, text).unwrap_err())
}

#[test]
fn an_illegal_promotion_is_explained_by_the_rule_it_breaks() {
    let pawns = "4k3/8/8/3P4/8/1P6/8/4K3 w - - 0 1";
    assert_eq!(
        why(pawns, "b3b3f"),
        "The pawn on b3 stands on no square where it may promote, nor is it its side's last"
    );
    // A promotion typed far from a pawn is not blamed on that pawn's square.
    assert_eq!(
        why("4k3/8/8/3P4/8/P7/8/4K3 w - - 0 1", "f6=F"),
        "The pawn on d5 promotes where it stands, or by a met's move to an empty square, not to f6"
    );
    assert_eq!(
        why(pawns, "d5d7f"),
        "The pawn on d5 promotes where it stands, or by a met's move to an empty square, not to d7"
    );
    assert_eq!(
        why("4k3/8/8/3P4/8/1P6/8/4K2F w - - 0 1", "d5d5f"),
        "The pawn on d5 may not promote to a met: its side has 1 on the board already"
    );
    assert_eq!(
        why("4k3/3n4/8/3P4/8/8/8/4K3 w - - 0 1", "d5c6f"),
        "A met on c6 would attack the knight on d7: a promotion may attack no enemy piece"
    );
    assert_eq!(
        why("3k4/8/8/3P4/8/8/8/3RK3 w - - 0 1", "d5c6f"),
        "Promoting on c6 would give check, which a promotion may not"
    );
}

/// The bridge to Fairy-Stockfish's `variants.ini` refuses the new rules by
/// name (FS says them only through its `sittuyinPromotion`, for its own
/// piece types).
#[test]
fn the_bridge_refuses_a_promotion_in_place_and_the_lone_pawn_s_draw_by_name() {
    let base = "variant \"Standing\"\nboard 8 x 8\npiece King K \"K\" royal\n\
                piece Met F \"F\"\npiece Pawn P \"fmWfcF\"\ncheckmate loses\n\
                setup \"4k3/8/8/8/8/8/3P4/4K3 w - - 0 1\"\n";
    let in_place = format!("{base}promote Pawn in squares d5 e5 to Met in place\n");
    let variant = varia::compile_source("standing.variant", &in_place).unwrap();
    let error = varia::bridge::export::export_variant(&variant, "standing").unwrap_err();
    assert_eq!(error.declaration, "promote … in place");
    let on_arrival = format!(
        "{base}promote Pawn in rank last to Met\nonly promotions with King, Pawn alone draws\n"
    );
    let variant = varia::compile_source("lone.variant", &on_arrival).unwrap();
    let error = varia::bridge::export::export_variant(&variant, "lone").unwrap_err();
    assert_eq!(error.declaration, "only promotions with … alone");
}
