//! Grand Betza: the test positions of rules.md §5.5 (hand-derived there),
//! and the Rhino's fast move generator and attack test compared with a
//! second, deliberately naive implementation of rules.md §5.2 over random
//! positions (Fairy-Stockfish cannot express the Rhino).

use crate::common;

use std::collections::BTreeSet;

use common::moves::{moves_from, set};
use common::oracle::script;
use varia::compile_source;
use varia::ir::geometry::Square;
use varia::ir::piece::Color;
use varia::notation::coord::move_to_coord;
use varia::vm::{Outcome, Position};

#[test]
fn g1_rhino_zig_zag_with_blockers() {
    let v = script("grand-betza");
    let pos = Position::from_fen(&v, "9k/10/10/10/10/1p2P5/4On4/2B7/10/3n5K w - - 0 1").unwrap();
    assert_eq!(
        moves_from(&pos, "e4"),
        set("e4", "e3 f2 f1 d2 d1 f4 d4 c5 b5")
    );
}

#[test]
fn g2_castling_with_the_rook_crossing_an_attacked_square() {
    let v = script("grand-betza");
    let pos = Position::from_fen(&v, "1r3k4/10/10/10/10/3b6/10/10/10/R4K3R w KQ - 0 1").unwrap();
    // Ke1 Kg1 Ke2 Kf2 and O-O-O (f1c1); not Kg2 (bishop), not O-O (h1 attacked).
    assert_eq!(moves_from(&pos, "f1"), set("f1", "e1 g1 e2 f2 c1"));
    let mut after = pos.clone();
    let castle = pos
        .legal_moves()
        .unwrap()
        .into_iter()
        .find(|m| move_to_coord(&pos, *m) == "f1c1")
        .unwrap();
    after.play_unchecked(castle);
    assert_eq!(
        varia::notation::fen::write_fen(&after),
        "1r3k4/10/10/10/10/3b6/10/10/10/2KR5R b - - 1 1"
    );
}

#[test]
fn g3_double_step_from_rank_3_and_en_passant_on_rank_4() {
    let v = script("grand-betza");
    let pos = Position::from_fen(&v, "5k4/10/10/10/10/2Pp6/10/10/10/5K4 b - c4 0 1").unwrap();
    assert_eq!(moves_from(&pos, "d5"), set("d5", "d4 c4"));
    let mut pos = Position::from_fen(&v, "5k4/10/10/10/10/3p6/10/2P7/10/5K4 w - - 0 1").unwrap();
    let m = pos
        .legal_moves()
        .unwrap()
        .into_iter()
        .find(|m| move_to_coord(&pos, *m) == "c3c5")
        .unwrap();
    pos.play_unchecked(m);
    assert!(moves_from(&pos, "d5").contains("d5c4"));
}

#[test]
fn g4_promotion_to_all_ten_types() {
    let v = script("grand-betza");
    let pos = Position::from_fen(&v, "3q5k/4P5/10/10/10/10/10/10/10/K9 w - - 0 1").unwrap();
    let mut want = BTreeSet::new();
    for p in ["q", "c", "a", "u", "o", "r", "b", "y", "x", "n"] {
        want.insert(format!("e9e10{p}"));
        want.insert(format!("e9d10{p}"));
    }
    assert_eq!(moves_from(&pos, "e9"), want);
}

#[test]
fn g5_rhino_check_and_x_ray() {
    let v = script("grand-betza");
    let pos = Position::from_fen(&v, "10/10/10/10/10/10/10/5k4/10/4O4K b - - 0 1").unwrap();
    assert!(pos.is_check());
    assert_eq!(moves_from(&pos, "f3"), set("f3", "e3 e4 f2 g3 g4"));
}

#[test]
fn start_position_first_moves() {
    let v = script("grand-betza");
    let pos = Position::start(&v);
    assert_eq!(pos.legal_moves().unwrap().len(), 43);
    // The rhino on h1 reaches i1 and j2 (rules.md §5.5's table).
    assert_eq!(moves_from(&pos, "h1"), set("h1", "i1 j2"));
    assert_eq!(moves_from(&pos, "b2"), set("b2", "a2 b1 d4"));
    assert_eq!(pos.outcome().unwrap(), Outcome::Ongoing);
}

/// A tiny generator of random positions: kings, Rhinos and walls (pieces
/// that never capture), on 10 x 10.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The Rhino's destinations from `from`, straight from rules.md §5.2: for
/// each knight vector v, u = the unit step along v's long axis and
/// d = v - u; the path is u, u+d, 2u+d, 2u+2d, …; it may stop on any empty
/// path square and capture the first enemy; any piece or the edge stops it.
fn naive_rhino(board: &[char; 100], from: (i32, i32), white: bool) -> BTreeSet<(i32, i32)> {
    let mut out = BTreeSet::new();
    for (a, b) in [
        (1i32, 2i32),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ] {
        let u = if a.abs() > b.abs() {
            (a.signum(), 0)
        } else {
            (0, b.signum())
        };
        let d = (a - u.0, b - u.1);
        let (mut x, mut y) = from;
        for i in 0.. {
            let step = if i % 2 == 0 { u } else { d };
            x += step.0;
            y += step.1;
            if !(0..10).contains(&x) || !(0..10).contains(&y) {
                break;
            }
            let c = board[(y * 10 + x) as usize];
            if c == '.' {
                out.insert((x, y));
                continue;
            }
            let enemy = if white {
                c.is_ascii_lowercase()
            } else {
                c.is_ascii_uppercase()
            };
            if enemy {
                out.insert((x, y));
            }
            break;
        }
    }
    out
}

#[test]
fn rhino_moves_and_attacks_match_a_naive_implementation() {
    let script_text = "board 10 x 10\n\
        piece King K \"K\" royal\n\
        piece Rhino O \"(afz)8W\"\n\
        piece Wall W \"mW\"\n\
        checkmate loses\n\
        setup \"k9/10/10/10/10/10/10/10/10/9K w - - 0 1\"\n";
    let variant = compile_source("rhino.variant", script_text).unwrap();
    let mut rng = Rng(0x9E3779B97F4A7C15);
    let mut checked = 0;
    while checked < 1500 {
        let mut board = ['.'; 100];
        let mut place = |c: char, rng: &mut Rng| loop {
            let i = rng.below(100) as usize;
            if board[i] == '.' {
                board[i] = c;
                return;
            }
        };
        place('K', &mut rng);
        place('k', &mut rng);
        for _ in 0..1 + rng.below(3) {
            place('O', &mut rng);
        }
        for _ in 0..1 + rng.below(3) {
            place('o', &mut rng);
        }
        for _ in 0..rng.below(16) {
            let c = if rng.below(2) == 0 { 'W' } else { 'w' };
            place(c, &mut rng);
        }
        let white_to_move = rng.below(2) == 0;
        let mut fen = String::new();
        for y in (0..10).rev() {
            let mut empty = 0;
            for x in 0..10 {
                let c = board[y * 10 + x];
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if y > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if white_to_move {
            " w - - 0 1"
        } else {
            " b - - 0 1"
        });
        let Ok(pos) = Position::from_fen(&variant, &fen) else {
            continue; // the side not to move is in check: not a legal position
        };
        let g = &variant.geometry;
        let mut pseudo = Vec::new();
        pos.pseudo_legal_moves(&mut pseudo);
        for (i, c) in board.iter().enumerate() {
            let from = ((i % 10) as i32, (i / 10) as i32);
            let ours_side = if white_to_move { *c == 'O' } else { *c == 'o' };
            if ours_side {
                let sq = Square(i as u8);
                let ours: BTreeSet<(i32, i32)> = pseudo
                    .iter()
                    .filter(|m| m.from == sq)
                    .map(|m| (g.file_of(m.to), g.rank_of(m.to)))
                    .collect();
                assert_eq!(
                    ours,
                    naive_rhino(&board, from, white_to_move),
                    "Rhino on {} in {fen}",
                    g.name(sq)
                );
            }
        }
        // Attacks: a square is attacked by a side exactly when one of its
        // Rhinos could capture there (walls never capture) or its king is adjacent.
        for t in 0..100 {
            let target = ((t % 10) as i32, (t / 10) as i32);
            for white in [true, false] {
                let mut naive = false;
                for (i, c) in board.iter().enumerate() {
                    let from = ((i % 10) as i32, (i / 10) as i32);
                    let (rhino, king) = if white { ('O', 'K') } else { ('o', 'k') };
                    if *c == king
                        && (from.0 - target.0).abs() <= 1
                        && (from.1 - target.1).abs() <= 1
                        && from != target
                    {
                        naive = true;
                    }
                    if *c == rhino {
                        // Put a stand-in enemy on the target to ask "could it capture there?".
                        let mut probe = board;
                        probe[t] = if white { 'w' } else { 'W' };
                        if from != target && naive_rhino(&probe, from, white).contains(&target) {
                            naive = true;
                        }
                    }
                }
                let color = if white { Color::White } else { Color::Black };
                assert_eq!(
                    pos.is_attacked(Square(t as u8), color),
                    naive,
                    "{} attacked by {color:?} in {fen}",
                    g.name(Square(t as u8))
                );
            }
        }
        checked += 1;
    }
}
