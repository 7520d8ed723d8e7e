//! Exact move sets of Betza strings, derived by hand from the notation's
//! definitions (H. G. Muller's extended Betza page, rules.md §0.3), on
//! small positions: the piece `T` under test, friendly blockers `X` and
//! enemy blockers `x`. No piece is royal, so every generated move is legal.

use std::collections::BTreeSet;

use varia::compile_source;
use varia::notation::coord::move_to_coord;
use varia::vm::Position;

/// The destinations (with `=piece` suffixes for promotions) of the piece on
/// `from` with Betza `betza`, in the position `fen` (8 x 8 unless `board` says otherwise).
fn targets_on(board: &str, symmetry: &str, betza: &str, fen: &str, from: &str) -> BTreeSet<String> {
    let script = format!(
        "board {board}\nsymmetry {symmetry}\npiece Test T \"{betza}\"\npiece Blocker X \"W\"\nsetup \"{fen}\"\n"
    );
    let variant = compile_source("test.variant", &script)
        .unwrap_or_else(|e| panic!("{betza}: {}", e.render_plain()));
    let pos = Position::from_fen(&variant, fen).unwrap();
    pos.legal_moves()
        .unwrap()
        .into_iter()
        .map(|m| move_to_coord(&pos, m))
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .map(|m| m[from.len()..].to_string())
        .collect()
}

fn targets(betza: &str, fen: &str, from: &str) -> BTreeSet<String> {
    targets_on("8 x 8", "mirror", betza, fen, from)
}

fn set(squares: &str) -> BTreeSet<String> {
    squares.split_whitespace().map(String::from).collect()
}

const D4: &str = "8/8/8/8/3T4/8/8/8 w - - 0 1";
const D4_BLACK: &str = "8/8/8/8/3t4/8/8/8 b - - 0 1";

#[test]
fn leapers() {
    assert_eq!(targets("W", D4, "d4"), set("c4 e4 d3 d5"));
    assert_eq!(targets("F", D4, "d4"), set("c3 c5 e3 e5"));
    assert_eq!(targets("D", D4, "d4"), set("b4 f4 d2 d6"));
    assert_eq!(targets("A", D4, "d4"), set("b2 b6 f2 f6"));
    assert_eq!(targets("N", D4, "d4"), set("b3 b5 c2 c6 e2 e6 f3 f5"));
    assert_eq!(targets("H", D4, "d4"), set("a4 g4 d1 d7"));
    assert_eq!(targets("C", D4, "d4"), set("a3 a5 c1 c7 e1 e7 g3 g5"));
    assert_eq!(targets("Z", D4, "d4"), set("a2 a6 b1 b7 f1 f7 g2 g6"));
    assert_eq!(targets("G", D4, "d4"), set("a1 a7 g1 g7"));
    assert_eq!(targets("K", D4, "d4"), set("c3 c4 c5 d3 d5 e3 e4 e5"));
}

#[test]
fn riders_and_ranges() {
    let rook = set("d1 d2 d3 d5 d6 d7 d8 a4 b4 c4 e4 f4 g4 h4");
    assert_eq!(targets("R", D4, "d4"), rook);
    assert_eq!(targets("WW", D4, "d4"), rook);
    assert_eq!(targets("W0", D4, "d4"), rook);
    assert_eq!(targets("R2", D4, "d4"), set("d2 d3 d5 d6 b4 c4 e4 f4"));
    assert_eq!(
        targets("B", D4, "d4"),
        set("a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1")
    );
    assert_eq!(targets("Q", D4, "d4").len(), 27);
    // The nightrider from a1: two knight lines.
    assert_eq!(
        targets("NN", "8/8/8/8/8/8/8/T7 w - - 0 1", "a1"),
        set("b3 c5 d7 c2 e3 g4")
    );
    // Blocked by a friend (stop before), by an enemy (capture it).
    assert_eq!(
        targets("R", "8/8/8/3x4/1X1T4/8/8/8 w - - 0 1", "d4"),
        set("d1 d2 d3 d5 c4 e4 f4 g4 h4")
    );
}

#[test]
fn direction_modifiers_for_white() {
    assert_eq!(targets("fW", D4, "d4"), set("d5"));
    assert_eq!(targets("bW", D4, "d4"), set("d3"));
    assert_eq!(targets("lW", D4, "d4"), set("c4"));
    assert_eq!(targets("rW", D4, "d4"), set("e4"));
    assert_eq!(targets("vW", D4, "d4"), set("d3 d5"));
    assert_eq!(targets("sW", D4, "d4"), set("c4 e4"));
    assert_eq!(targets("fsW", D4, "d4"), set("c4 e4 d5"));
    assert_eq!(targets("fF", D4, "d4"), set("c5 e5"));
    assert_eq!(targets("frF", D4, "d4"), set("e5"));
    assert_eq!(targets("blF", D4, "d4"), set("c3"));
    // Oblique atoms, as in H. G. Muller's table of directional subsets: a
    // single letter names the pair whose main direction it is, a pair names
    // one move (main direction last), `h` a side's four moves.
    assert_eq!(targets("fN", D4, "d4"), set("c6 e6"));
    assert_eq!(targets("ffN", D4, "d4"), set("c6 e6"));
    assert_eq!(targets("lN", D4, "d4"), set("b3 b5"));
    assert_eq!(targets("fsN", D4, "d4"), set("b5 f5"));
    assert_eq!(targets("lvN", D4, "d4"), set("c2 c6"));
    assert_eq!(targets("vN", D4, "d4"), set("c2 c6 e2 e6"));
    assert_eq!(targets("sN", D4, "d4"), set("b3 b5 f3 f5"));
    assert_eq!(targets("frN", D4, "d4"), set("f5"));
    assert_eq!(targets("rfN", D4, "d4"), set("e6"));
    assert_eq!(targets("lbN", D4, "d4"), set("c2"));
    assert_eq!(targets("fhN", D4, "d4"), set("b5 c6 e6 f5"));
    assert_eq!(targets("rhN", D4, "d4"), set("e2 e6 f3 f5"));
    // `hr`, `hl`: the four turning right (left), as Fairy-Stockfish reads
    // them: (1,2), (2,-1), (-1,-2), (-2,1) for `hrN`.
    assert_eq!(targets("hrN", D4, "d4"), set("b5 c2 e6 f3"));
    assert_eq!(targets("hlN", D4, "d4"), set("b3 c6 e2 f5"));
    assert_eq!(targets("hrC", D4, "d4"), set("a5 c1 e7 g3"));
    assert_eq!(targets("fC", D4, "d4"), set("c7 e7"));
    assert_eq!(targets("fR", D4, "d4"), set("d5 d6 d7 d8"));
}

#[test]
fn black_mirrors_or_rotates() {
    // Mirror: forward is down, left and right stay.
    assert_eq!(targets("fW", D4_BLACK, "d4"), set("d3"));
    assert_eq!(targets("frF", D4_BLACK, "d4"), set("e3"));
    // Rotation: forward is down and right becomes left.
    assert_eq!(
        targets_on("8 x 8", "rotate", "frF", D4_BLACK, "d4"),
        set("c3")
    );
    assert_eq!(
        targets_on("8 x 8", "rotate", "rW", D4_BLACK, "d4"),
        set("c4")
    );
    // A chiral knight turned is the same four moves; mirrored, the other four.
    assert_eq!(
        targets_on("8 x 8", "rotate", "hrN", D4_BLACK, "d4"),
        set("b5 c2 e6 f3")
    );
    assert_eq!(targets("hrN", D4_BLACK, "d4"), set("b3 c6 e2 f5"));
}

#[test]
fn modalities() {
    let fen = "8/8/8/2xX4/3T4/8/8/8 w - - 0 1";
    // Move only: never captures.
    assert_eq!(targets("mK", fen, "d4"), set("c3 c4 d3 e3 e4 e5"));
    // Capture only: only where an enemy stands.
    assert_eq!(targets("cK", fen, "d4"), set("c5"));
    // The orthodox pawn without en passant state: one forward, capture diagonally.
    assert_eq!(
        targets("fmWfceF", "8/8/8/2x1x3/3T4/8/8/8 w - - 0 1", "d4"),
        set("c5 d5 e5")
    );
}

#[test]
fn lame_jumping_and_initial() {
    // nD: blocked by a piece on the passed square; D jumps it.
    let fen = "8/8/8/3X4/3T4/8/8/8 w - - 0 1";
    assert_eq!(targets("nD", fen, "d4"), set("b4 f4 d2"));
    assert_eq!(targets("D", fen, "d4"), set("b4 f4 d2 d6"));
    // jD: only over an occupied square.
    assert_eq!(targets("jD", fen, "d4"), set("d6"));
    // nN, the xiangqi horse: blocked by the orthogonal neighbour on its long axis.
    assert_eq!(targets("nN", fen, "d4"), set("b3 b5 c2 e2 f3 f5"));
    // i: only while the piece has never moved. T on d4 is on its setup
    // square in these scripts (the setup is the FEN), so it is unmoved.
    assert_eq!(targets("ifW", D4, "d4"), set("d5"));
}

#[test]
fn hoppers() {
    // The cannon: moves as a rook, captures by hopping one screen.
    let fen = "3x4/8/3X4/8/1x1T2X1/8/8/3x4 w - - 0 1";
    assert_eq!(targets("mRcpR", fen, "d4"), set("d5 d3 d2 c4 e4 f4 d8"));
    // pR lands anywhere beyond the screen, up to and including the next enemy.
    assert_eq!(targets("pR", fen, "d4"), set("a4 d7 d8 h4"));
    // The grasshopper lands right behind the screen.
    assert_eq!(
        targets("gQ", "8/8/8/8/2xX4/3T4/8/8 w - - 0 1", "d3"),
        set("b5 d5")
    );
}

#[test]
fn voids_block_everything() {
    // A 3 x 3 board without its centre: the rook cannot cross b2.
    let got = targets_on(
        "3 x 3 without squares b2",
        "mirror",
        "R",
        "3/3/T2 w - - 0 1",
        "a1",
    );
    assert_eq!(got, set("a2 a3 b1 c1"));
    let got = targets_on(
        "3 x 3 without squares b2",
        "mirror",
        "F",
        "3/3/T2 w - - 0 1",
        "a1",
    );
    assert_eq!(got, set(""));
}

#[test]
fn large_boards() {
    let fen = "16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/T15 w - - 0 1";
    let got = targets_on("16 x 16", "mirror", "R", fen, "a1");
    assert_eq!(got.len(), 30);
    assert!(got.contains("a16") && got.contains("p1"));
}

#[test]
fn multi_leg_moves() {
    // The griffon: a diagonal step, then on outward along the rook lines.
    assert_eq!(
        targets("FyafsF", D4, "d4"),
        set("c3 c5 e3 e5 e6 e7 e8 f5 g5 h5 c6 c7 c8 b5 a5 e2 e1 f3 g3 h3 c2 c1 b3 a3")
    );
    // Blocked at e5 by a friend: neither e5 nor the squares beyond it.
    let fen = "8/8/8/4X3/3T4/8/8/8 w - - 0 1";
    let got = targets("FyafsF", fen, "d4");
    assert!(!got.contains("e5") && !got.contains("e6") && !got.contains("f5"));
    assert_eq!(got.len(), 24 - 7);
    // The Mao (two-leg xiangqi horse): blocked by the orthogonal neighbour.
    let fen = "8/8/8/3X4/3T4/8/8/8 w - - 0 1";
    assert_eq!(targets("mafsW", fen, "d4"), set("b3 b5 c2 e2 f3 f5"));
    assert_eq!(targets("mafsW", fen, "d4"), targets("nN", fen, "d4"));
    // The crooked bishop zig-zags by right angles.
    assert_eq!(
        targets("zB", D4, "d4"),
        set("e5 d6 e7 d8 f4 g5 h4 c5 b4 a5 c7 c3 d2 c1 a3 e3 g3 e1")
    );
    // The Rhino (Grand Betza): W, then diagonal and orthogonal steps by turns.
    let rhino = targets_on(
        "10 x 10",
        "mirror",
        "(afz)8W",
        "10/10/10/10/10/10/10/10/10/T9 w - - 0 1",
        "a1",
    );
    assert_eq!(
        rhino,
        set("a2 b3 b4 c5 c6 d7 d8 e9 e10 b1 c2 d2 e3 f3 g4 h4 i5 j5")
    );
}

#[test]
fn the_stdlib_bent_pieces_move_as_their_betza_says() {
    let script = "import fairy\nboard 8 x 8\nsetup \"8/8/8/8/3I4/8/8/8 w - - 0 1\"\n";
    let variant =
        compile_source("fairy.variant", script).unwrap_or_else(|e| panic!("{}", e.render_plain()));
    let griffon = variant.kind_by_letter('I').unwrap();
    assert_eq!(variant.piece(griffon).name, "Griffon");
    let pos = Position::start(&variant);
    let got: BTreeSet<String> = pos
        .legal_moves()
        .unwrap()
        .into_iter()
        .map(|m| move_to_coord(&pos, m)[2..].to_string())
        .collect();
    assert_eq!(got, targets("FyafsF", D4, "d4"));
    for (letter, name) in [
        ('J', "Aanca"),
        ('X', "Rhino"),
        ('V', "CrookedBishop"),
        ('Y', "Mao"),
    ] {
        let kind = variant.kind_by_letter(letter).unwrap();
        assert_eq!(variant.piece(kind).name, name);
    }
}
