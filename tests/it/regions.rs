//! Region rules: borders and `restrict` policies, on hand-made positions
//! (expectations derived from the rules' definitions, see README.md), and
//! Large Nahbi Chess's test positions N1–N4 of rules.md §2.5.

use crate::common;

use common::moves::{moves_from, set};
use common::oracle::script;
use varia::compile_source;
use varia::vm::Position;

fn variant(rules: &str, fen: &str) -> Position {
    let text = format!(
        "board 8 x 8\npiece King K \"K\" royal\npiece Rook R \"R\"\npiece Alfil F \"A\"\n\
         region zone = rank 4\nborder middle = ranks 1..4\n{rules}\ncheckmate loses\nsetup \"{fen}\"\n"
    );
    let v =
        compile_source("regions.variant", &text).unwrap_or_else(|e| panic!("{}", e.render_plain()));
    Position::start(&v)
}

const ROOK_A1: &str = "7k/8/8/8/8/8/8/R6K w - - 0 1";

#[test]
fn never_enter_stops_a_slider_before_the_region() {
    // The rook may not pass a4, so it does not tunnel to a5..a8.
    let pos = variant("restrict Rook: never enter zone", ROOK_A1);
    assert_eq!(moves_from(&pos, "a1"), set("a1", "a2 a3 b1 c1 d1 e1 f1 g1"));
}

#[test]
fn never_land_lets_it_pass() {
    let pos = variant("restrict Rook: never land in zone", ROOK_A1);
    assert_eq!(
        moves_from(&pos, "a1"),
        set("a1", "a2 a3 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1")
    );
}

#[test]
fn stay_in_keeps_it_inside() {
    let pos = variant(
        "region home = ranks 1..2\nrestrict Rook: stay in home",
        ROOK_A1,
    );
    assert_eq!(moves_from(&pos, "a1"), set("a1", "a2 b1 c1 d1 e1 f1 g1"));
}

#[test]
fn never_cross_holds_for_leaps_and_slides() {
    let pos = variant(
        "restrict Rook, Alfil: never cross middle",
        "7k/8/8/8/8/2F5/8/R6K w - - 0 1",
    );
    assert_eq!(
        moves_from(&pos, "a1"),
        set("a1", "a2 a3 a4 b1 c1 d1 e1 f1 g1")
    );
    // The alfil on c3 reaches a1? (own rook) no; e1, a5 and e5 cross.
    assert_eq!(moves_from(&pos, "c3"), set("c3", "e1"));
}

#[test]
fn per_side_restrictions() {
    // Only White's rooks are restricted.
    let pos = variant(
        "restrict white Rook: never enter zone",
        "r6k/8/8/8/8/8/8/R6K w - - 0 1",
    );
    assert!(!moves_from(&pos, "a1").contains("a1a5"));
    let pos = variant(
        "restrict white Rook: never enter zone",
        "r6k/8/8/8/8/8/8/R6K b - - 0 1",
    );
    assert!(moves_from(&pos, "a8").contains("a8a2"));
}

#[test]
fn restrictions_limit_attacks_too() {
    // The white king on a1 is not attacked by the rook on a8: the rook may
    // not pass rank 4. Without the rule it is in check.
    let pos = variant(
        "restrict Rook: never enter zone",
        "r6k/8/8/8/8/8/8/K7 w - - 0 1",
    );
    assert!(!pos.is_check());
    let pos = variant("", "r6k/8/8/8/8/8/8/K7 w - - 0 1");
    assert!(pos.is_check());
}

#[test]
fn n1_queen_crossing_the_equator() {
    let v = script("large-nahbi");
    let pos = Position::from_fen(&v, "k9/p9/10/10/10/10/10/10/10/10/3Q6/9K w - - 0 1").unwrap();
    assert_eq!(
        moves_from(&pos, "d2"),
        set(
            "d2",
            "d3 d4 d5 d6 d7 d1 e2 f2 g2 h2 i2 j2 c2 b2 a2 e3 f4 g5 h6 i7 c3 b4 a5 e1 c1"
        )
    );
}

#[test]
fn n2_the_equator_rule_applies_to_attacks() {
    let v = script("large-nahbi");
    let pos = Position::from_fen(&v, "10/p9/10/10/3k6/10/10/10/10/10/3Q6/9K b - - 0 1").unwrap();
    assert!(!pos.is_check());
    assert_eq!(moves_from(&pos, "d8"), set("d8", "c7 e7 c8 e8 c9 d9 e9"));
}

#[test]
fn n3_the_alfil_never_crosses_not_even_to_capture() {
    let v = script("large-nahbi");
    let pos = Position::from_fen(&v, "9k/10/10/10/2p7/10/4F5/10/6p3/P9/10/K9 w - - 0 1").unwrap();
    assert_eq!(moves_from(&pos, "e6"), set("e6", "c4 g4"));
}

#[test]
fn n4_double_step_from_rank_3_and_en_passant() {
    let v = script("large-nahbi");
    let pos = Position::from_fen(&v, "9k/10/10/10/10/10/10/3Pp5/10/10/10/K9 b - d4 0 1").unwrap();
    assert_eq!(moves_from(&pos, "e5"), set("e5", "e4 d4"));
}

#[test]
fn large_nahbi_castling_follows_rules_md() {
    let v = script("large-nahbi");
    let pos =
        Position::from_fen(&v, "r3k4r/10/10/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1").unwrap();
    let m = moves_from(&pos, "f1");
    assert!(m.contains("f1h1") && m.contains("f1d1"));
    let pos =
        Position::from_fen(&v, "r3k4r/10/10/10/10/10/10/10/10/10/10/R4K3R b KQkq - 0 1").unwrap();
    let m = moves_from(&pos, "e12");
    assert!(m.contains("e12c12") && m.contains("e12g12"));
}

/// `squares a3..b4` is the rectangle a3 b3 a4 b4 (corners in either order),
/// in regions and in `board … without` (moves derived by hand).
#[test]
fn square_ranges_are_rectangles() {
    let pos = variant(
        "region pen = squares b4..a3 h1\nrestrict Rook: never enter pen",
        "7k/8/8/8/8/8/8/R6K w - - 0 1",
    );
    // a3 and the squares beyond it are shut; b1..g1 are open, h1 holds the king.
    assert_eq!(moves_from(&pos, "a1"), set("a1", "a2 b1 c1 d1 e1 f1 g1"));
    let text = "board 10 x 10 without squares a2..a9 j9..j2\npiece King K \"K\" royal\n\
                piece Rook R \"R\"\nsetup \"4k5/10/10/10/10/10/10/10/10/R3K4R w - - 0 1\"\n";
    let v = compile_source("w.variant", text).unwrap_or_else(|e| panic!("{}", e.render_plain()));
    let pos = Position::start(&v);
    // The rooks' files are void from rank 2 to 9: they move along rank 1 only.
    assert_eq!(moves_from(&pos, "a1"), set("a1", "b1 c1 d1"));
    assert_eq!(moves_from(&pos, "j1"), set("j1", "i1 h1 g1 f1"));
}
