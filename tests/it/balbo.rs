//! Balbo's Chess (`scripts/balbo.variant`): the test positions of rules.md
//! §1.7 with their exact move sets (derived by hand from rules.md), the
//! third-move mates of §1.6, the board's shape, no piece ever on a void,
//! and a differential test against Fairy-Stockfish (pyffish).

use crate::common;

use std::collections::BTreeSet;
use std::sync::Arc;

use common::moves::{moves, moves_from};
use common::oracle::{compare, oracle, script, OracleLine};
use varia::compile_source;
use varia::ir::geometry::Square;
use varia::ir::piece::Color;
use varia::ir::Variant;
use varia::notation::coord::{move_to_coord, parse_coord};
use varia::notation::fen::write_fen;
use varia::vm::{EndReason, Outcome, Position};

fn balbo() -> Arc<Variant> {
    script("balbo")
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

fn at(fen: &str) -> Position {
    Position::from_fen(&balbo(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(pos: &mut Position, line: &str) {
    for m in line.split_whitespace() {
        let mv =
            parse_coord(pos, m).unwrap_or_else(|| panic!("{m} is not legal in {}", write_fen(pos)));
        pos.play_unchecked(mv);
    }
}

/// The white king on f1 with nothing near it: its five moves.
const KING_F1: [&str; 5] = ["f1e1", "f1g1", "f1e2", "f1f2", "f1g2"];

fn with_king(piece_moves: &[&str], king: &[&str]) -> BTreeSet<String> {
    piece_moves
        .iter()
        .chain(king)
        .map(|m| m.to_string())
        .collect()
}

#[test]
fn the_board_is_a_diamond_of_70_squares_centred_on_f() {
    let v = balbo();
    let g = &v.geometry;
    assert_eq!((g.files(), g.ranks()), (11, 10));
    assert_eq!(g.squares().len(), 70);
    // rules.md §1.1: rank widths from rank 1 up, all centred on f.
    let rows: [&str; 10] = [
        "e f g",
        "d e f g h",
        "c d e f g h i",
        "b c d e f g h i j",
        "a b c d e f g h i j k",
        "a b c d e f g h i j k",
        "b c d e f g h i j",
        "c d e f g h i",
        "d e f g h",
        "e f g",
    ];
    for (rank, files) in rows.iter().enumerate() {
        let real: Vec<String> = (0..11)
            .filter_map(|f| g.square(f, rank as i32))
            .map(|s| g.name(s))
            .collect();
        let expected: Vec<String> = files
            .split(' ')
            .map(|f| format!("{f}{}", rank + 1))
            .collect();
        assert_eq!(real, expected, "rank {}", rank + 1);
    }
    // The seed's voids: [row, col] with row 0 = rank 10, col 0 = file a.
    #[rustfmt::skip]
    let seed_voids: [[i32; 2]; 40] = [
        [0, 0], [0, 1], [0, 2], [0, 3], [0, 7], [0, 8], [0, 9], [0, 10], [1, 0], [1, 1],
        [1, 2], [1, 8], [1, 9], [1, 10], [2, 0], [2, 1], [2, 9], [2, 10], [3, 0], [3, 10],
        [6, 0], [6, 10], [7, 0], [7, 1], [7, 9], [7, 10], [8, 0], [8, 1], [8, 2], [8, 8],
        [8, 9], [8, 10], [9, 0], [9, 1], [9, 2], [9, 3], [9, 7], [9, 8], [9, 9], [9, 10],
    ];
    let ours: BTreeSet<Square> = (0..g.cells())
        .map(|i| Square(i as u8))
        .filter(|s| g.is_void(*s))
        .collect();
    let seed: BTreeSet<Square> = seed_voids
        .iter()
        .map(|[row, col]| g.cell(*col, 9 - row).unwrap())
        .collect();
    assert_eq!(ours, seed);
}

/// `ranks` is a general board shape: on an even number of files the ranks
/// are centred between the two middle files, `without` removes more
/// squares, and full widths give the plain rectangle.
#[test]
fn rank_widths_shape_any_board() {
    let text = "board 6 x 6 ranks 2 4 6 6 4 2 without squares c3\n\
                  piece King K \"K\" royal\n\
                  setup \"2k3/6/6/6/6/2K3 w - - 0 1\"\n";
    let v = compile_source("shape.variant", text).unwrap();
    let g = &v.geometry;
    let real: Vec<String> = g.squares().iter().map(|s| g.name(s)).collect();
    assert_eq!(
        real.join(" "),
        "c1 d1 b2 c2 d2 e2 a3 b3 d3 e3 f3 a4 b4 c4 d4 e4 f4 b5 c5 d5 e5 c6 d6"
    );
    let pos = Position::start(&v);
    assert_eq!(moves(&pos), set(&["c1d1", "c1b2", "c1c2", "c1d2"]));

    let full = compile_source(
        "full.variant",
        "import orthodox\nboard 8 x 8 ranks 8 8 8 8 8 8 8 8\n\
         setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n",
    )
    .unwrap();
    assert_eq!(full.geometry, script("chess").geometry);
}

#[test]
fn the_start_position_has_18_moves() {
    let pos = Position::start(&balbo());
    // 7 pawns with a single and a double step, Ne2-d4/f4, Ng2-f4/h4.
    let mut expected = BTreeSet::new();
    for f in ["c", "d", "e", "f", "g", "h", "i"] {
        expected.insert(format!("{f}3{f}4"));
        expected.insert(format!("{f}3{f}5"));
    }
    expected.extend(set(&["e2d4", "e2f4", "g2f4", "g2h4"]));
    assert_eq!(moves(&pos), expected);
    assert_eq!(
        write_fen(&pos),
        "4kbq4/3rnbnr3/2ppppppp2/11/11/11/11/2PPPPPPP2/3RNBNR3/4KBQ4 w - - 0 1"
    );
}

/// B1: on c8 (the end of the c-file) a pawn promotes to a bishop or a
/// knight only; the capture on d8 does not promote; b8 is a void.
#[test]
fn b1_corner_square_promotes_to_minor_pieces_only() {
    let pos = at("5k5/11/3n7/2P8/11/11/11/11/11/5K5 w - - 0 1");
    let pawn = ["c7c8b", "c7c8n", "c7d8"];
    assert_eq!(moves_from(&pos, "c7"), set(&pawn));
    assert_eq!(moves(&pos), with_king(&pawn, &KING_F1));
}

/// B2: d9 (the end of the d-file) allows Q, R, B, N; the capture on e9
/// does not promote; c9 is a void.
#[test]
fn b2_d_file_end_square_promotes_fully_but_a_capture_on_e9_does_not() {
    let pos = at("5k5/4r6/3P7/11/11/11/11/11/11/5K5 w - - 0 1");
    let pawn = ["d8d9q", "d8d9r", "d8d9b", "d8d9n", "d8e9"];
    assert_eq!(moves_from(&pos, "d8"), set(&pawn));
    // The rook on e9 covers the e-file down to e1.
    assert_eq!(moves(&pos), with_king(&pawn, &["f1g1", "f1f2", "f1g2"]));
}

/// B3: the pawn on b7 cannot advance (b8 is a void) but captures onto c8,
/// promoting to a minor piece; the pawn on a6 has no move at all.
#[test]
fn b3_outer_files_stuck_pawn_and_minor_promotion_by_capture() {
    let pos = at("5k5/11/2b8/1P9/P10/11/11/11/11/5K5 w - - 0 1");
    let b7 = ["b7c8b", "b7c8n"];
    assert_eq!(moves_from(&pos, "b7"), set(&b7));
    assert_eq!(moves_from(&pos, "a6"), set(&[]));
    assert_eq!(moves(&pos), with_king(&b7, &KING_F1));
}

/// B4: en passant after Black's double step e8-e6.
#[test]
fn b4_en_passant_after_a_double_step_on_a_long_file() {
    let mut pos = at("5k5/11/11/11/4pP5/11/11/11/11/5K5 w - e7 0 1");
    let pawn = ["f6f7", "f6e7"];
    assert_eq!(moves_from(&pos, "f6"), set(&pawn));
    assert_eq!(moves(&pos), with_king(&pawn, &KING_F1));
    play(&mut pos, "f6e7");
    assert_eq!(
        write_fen(&pos),
        "5k5/11/11/4P6/11/11/11/11/11/5K5 b - - 0 1"
    );
}

/// Black's double step from its start rank opens an en passant chance.
#[test]
fn a_double_step_from_the_start_rank_can_be_taken_en_passant() {
    let mut pos = at("5k5/11/3p7/11/4P6/11/11/11/11/5K5 b - - 0 1");
    play(&mut pos, "d8d6");
    assert_eq!(
        write_fen(&pos),
        "5k5/11/11/11/3pP6/11/11/11/11/5K5 w - d7 0 2"
    );
    assert_eq!(moves_from(&pos, "e6"), set(&["e6e7", "e6d7"]));
    play(&mut pos, "e6d7");
    assert_eq!(
        write_fen(&pos),
        "5k5/11/11/3P7/11/11/11/11/11/5K5 b - - 0 2"
    );
}

/// B5: the knight's eight moves before Pritchard's mate.
#[test]
fn b5_pritchard_mate_final_move() {
    let mut pos = at("4kbq4/3rnbnr3/3pppppp2/11/2p1N6/11/11/2PPPPPPP2/3R1BNR3/4KBQ4 w - - 0 1");
    assert_eq!(
        moves_from(&pos, "e6"),
        set(&["e6c5", "e6c7", "e6d4", "e6f4", "e6g5", "e6g7", "e6d8", "e6f8"])
    );
    play(&mut pos, "e6f8");
    assert_mated(&pos, Color::White);
}

fn assert_mated(pos: &Position, winner: Color) {
    assert!(pos.is_check(), "{}", write_fen(pos));
    assert!(pos.legal_moves().unwrap().is_empty(), "{}", write_fen(pos));
    assert_eq!(
        pos.outcome().unwrap(),
        Outcome::Decisive {
            winner,
            reason: EndReason::Checkmate
        }
    );
}

/// §1.6: 1. Ne2-d4 c8-c7 2. Nd4-e6 c7-c6 3. Ne6xf8#.
#[test]
fn white_mates_on_the_third_move() {
    let mut pos = Position::start(&balbo());
    play(&mut pos, "e2d4 c8c7 d4e6 c7c6");
    assert_eq!(pos.outcome().unwrap(), Outcome::Ongoing);
    // The position of B5 (its FEN gives the move number as 1).
    assert_eq!(
        write_fen(&pos),
        "4kbq4/3rnbnr3/3pppppp2/11/2p1N6/11/11/2PPPPPPP2/3R1BNR3/4KBQ4 w - - 0 3"
    );
    play(&mut pos, "e6f8");
    assert_mated(&pos, Color::White);
}

/// §1.6: 1. c3-c4 Ne9-d7 2. c4-c5 Nd7-e5 3. c5-c6 Ne5xf3#.
#[test]
fn black_mates_on_the_third_move() {
    let mut pos = Position::start(&balbo());
    play(&mut pos, "c3c4 e9d7 c4c5 d7e5 c5c6");
    assert_eq!(pos.outcome().unwrap(), Outcome::Ongoing);
    play(&mut pos, "e5f3");
    assert_mated(&pos, Color::Black);
}

/// §1.6: after 1.Nd4 Nd7 2.Ne6 Ne5 3.Nxf8+ the e9 knight has gone, and the
/// king escapes there: check, not mate.
#[test]
fn the_king_escapes_when_e9_is_free() {
    let mut pos = Position::start(&balbo());
    play(&mut pos, "e2d4 e9d7 d4e6 d7e5 e6f8");
    assert!(pos.is_check());
    assert_eq!(moves(&pos), set(&["e10e9"]));
    assert_eq!(pos.outcome().unwrap(), Outcome::Ongoing);
}

/// §1.4 for Black, by the mirror symmetry: e1 f1 g1 d2 h2 give Q/R/B/N,
/// c3 and i3 B/N only, the a, b, j, k files nothing; a capture onto a
/// square that does not end its file does not promote.
#[test]
fn black_promotes_on_the_mirrored_squares() {
    let pos = at("5k5/11/11/11/10K/p9p/1p6p2/2Np3p3/4R1p4/5B5 b - - 0 1");
    // a4, b3, k4 are voids; the b-pawn captures onto c3 (end of the c-file).
    assert_eq!(moves_from(&pos, "a5"), set(&[]));
    assert_eq!(moves_from(&pos, "k5"), set(&[]));
    assert_eq!(moves_from(&pos, "b4"), set(&["b4c3b", "b4c3n"]));
    assert_eq!(moves_from(&pos, "i4"), set(&["i4i3b", "i4i3n"]));
    assert_eq!(
        moves_from(&pos, "d3"),
        set(&["d3d2q", "d3d2r", "d3d2b", "d3d2n", "d3e2"])
    );
    assert_eq!(
        moves_from(&pos, "h3"),
        set(&["h3h2q", "h3h2r", "h3h2b", "h3h2n"])
    );
    assert_eq!(
        moves_from(&pos, "g2"),
        set(&["g2g1q", "g2g1r", "g2g1b", "g2g1n", "g2f1q", "g2f1r", "g2f1b", "g2f1n"])
    );
}

/// A tiny xorshift generator, so the random games are reproducible.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Over random games, every move starts and ends on a real square, and no
/// piece ever stands on a void.
#[test]
fn no_piece_ever_stands_on_or_moves_onto_a_void() {
    let v = balbo();
    let g = &v.geometry;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0usize;
    for _game in 0..200 {
        let mut pos = Position::start(&v);
        for _ply in 0..200 {
            for cell in (0..g.cells()).map(|i| Square(i as u8)) {
                if g.is_void(cell) {
                    assert_eq!(pos.piece_at(cell), None, "{}", write_fen(&pos));
                }
            }
            let legal = pos.legal_moves().unwrap();
            for m in &legal {
                assert!(
                    !g.is_void(m.from) && !g.is_void(m.to),
                    "{} in {}",
                    move_to_coord(&pos, *m),
                    write_fen(&pos)
                );
                checked += 1;
            }
            if legal.is_empty() {
                break;
            }
            pos.play_unchecked(legal[rng.below(legal.len())]);
        }
    }
    assert!(checked > 100_000, "only {checked} moves checked");
}

/// White's squares from which a pawn reaches d9, e10, f10, g10 or h9 in
/// one move (pawns never stand on d9 or h9 themselves: they promote there).
const WHITE_NEAR_FULL_PROMOTION: [&str; 9] = ["c8", "d8", "e8", "g8", "h8", "i8", "e9", "f9", "g9"];
/// Black's, by the mirror symmetry (d2, e1, f1, g1, h2).
const BLACK_NEAR_FULL_PROMOTION: [&str; 9] = ["c3", "d3", "e3", "g3", "h3", "i3", "e2", "f2", "g2"];

/// The piece letter on each square of a pyffish FEN (`*` for a void),
/// read here independently of varia's FEN reader.
fn placement(fen: &str) -> Vec<(String, char)> {
    let board = fen.split(' ').next().unwrap();
    let ranks: Vec<&str> = board.split('/').collect();
    let mut out = Vec::new();
    for (i, row) in ranks.iter().enumerate() {
        let rank = ranks.len() - i;
        let mut file = 0u8;
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                file += digits.parse::<u8>().unwrap();
                digits.clear();
            }
            out.push((format!("{}{rank}", (b'a' + file) as char), c));
            file += 1;
        }
    }
    out
}

/// Whether the side to move has a pawn one move away from d9/e10/f10/g10/h9
/// (Black: d2/e1/f1/g1/h2), where `balbo-minor` allows B/N only but the
/// real game Q/R/B/N.
fn full_promotion_in_reach(line: &OracleLine) -> bool {
    let white = line.fen().split(' ').nth(1) == Some("w");
    let (pawn, squares) = if white {
        ('P', WHITE_NEAR_FULL_PROMOTION)
    } else {
        ('p', BLACK_NEAR_FULL_PROMOTION)
    };
    placement(line.fen())
        .iter()
        .any(|(sq, c)| *c == pawn && squares.contains(&sq.as_str()))
}

/// Differential test against Fairy-Stockfish with the `balbo-minor` section
/// of tests/oracle/variants.ini (every promotion limited to B/N). That
/// section is exact except at the Q/R/B/N promotion squares, so the
/// positions where the side to move has a pawn one move away from one of
/// them (on c8 d8 e8 g8 h8 i8 e9 f9 g9 for White, the mirror squares for
/// Black; decided from the FEN alone, whether or not the move is legal)
/// are left out; every other position of the random games is compared move
/// for move. Everything else agrees with the real game: c8/i8 (c3/i3) give
/// B/N, the a, b, j, k files never promote, and the games' B/N promotions
/// are legal Balbo moves, so every position reached is a Balbo position.
#[test]
fn balbo_legal_moves_match_pyffish() {
    let variant = balbo();
    let config = common::oracle::manifest_dir().join("tests/oracle/variants.ini");
    let lines = oracle(
        "balbo-minor",
        2000,
        1974,
        &["--config", config.to_str().unwrap(), "--fen-every", "1"],
    );
    // Lines are left out below, so no line follows from the one before:
    // every line is read from its own FEN.
    let lines: Vec<OracleLine> = lines
        .into_iter()
        .map(|l| OracleLine { next: None, ..l })
        .collect();
    let (kept, left_out): (Vec<OracleLine>, Vec<OracleLine>) =
        lines.into_iter().partition(|l| !full_promotion_in_reach(l));
    assert!(
        kept.len() >= 1000,
        "only {} positions left to compare",
        kept.len()
    );
    // The comparison covers promotions (to B/N on c8/i8, c3/i3) and en passant.
    let promotions = kept
        .iter()
        .filter(|l| {
            l.moves
                .iter()
                .any(|m| m.ends_with(|c: char| c.is_ascii_alphabetic()))
        })
        .count();
    let en_passant = kept
        .iter()
        .filter(|l| l.fen().split(' ').nth(3) != Some("-"))
        .count();
    eprintln!(
        "balbo: {} positions compared, {promotions} with promotions, {en_passant} with en passant; {} left out",
        kept.len(),
        left_out.len()
    );
    assert!(promotions > 0 && en_passant > 0);
    compare(&variant, &kept);

    // The positions left out are compared too, once the promotions to a
    // queen and a rook are added to pyffish's moves wherever it promotes to
    // a bishop on d9/e10/f10/g10/h9 (d2/e1/f1/g1/h2): whether a promotion is
    // legal does not depend on the piece chosen.
    let completed: Vec<OracleLine> = left_out
        .into_iter()
        .map(|mut l| {
            let full = if l.fen().split(' ').nth(1) == Some("w") {
                ["d9", "e10", "f10", "g10", "h9"]
            } else {
                ["d2", "e1", "f1", "g1", "h2"]
            };
            let extra: Vec<String> = l
                .moves
                .iter()
                .filter_map(|m| m.strip_suffix('b'))
                .filter(|m| full.iter().any(|sq| destination(m) == *sq))
                .flat_map(|m| [format!("{m}q"), format!("{m}r")])
                .collect();
            l.moves.extend(extra);
            l
        })
        .collect();
    compare(&variant, &completed);
}

/// The destination square of a coordinate move without its promotion letter.
fn destination(mv: &str) -> &str {
    let from_end = 1 + mv[1..].find(|c: char| c.is_ascii_alphabetic()).unwrap();
    &mv[from_end..]
}
