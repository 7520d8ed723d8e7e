//! The computer opponent (`varia::engine`), with bounded depth (never the
//! clock): mates in one and in two in every seed variant (and drop
//! mates in crazyhouse and shogi), Pritchard's
//! third-move mate in Balbo's Chess, games against a random mover, and
//! piece values derived from the moves.
//!
//! The prepared positions were found by playing seeded random games in
//! each variant and keeping the first position where a depth-3 search
//! reported a forced mate; each test below proves the mate independently
//! of the engine's own score, by playing the engine's move and asking the
//! rules VM (`Position::outcome`) whether every defence is checkmated.

use crate::common;

use common::rng::Rng;
use std::sync::Arc;

use varia::compile_path;
use varia::engine::eval::piece_values;
use varia::engine::{Engine, Limits, MATE};
use varia::ir::piece::Color;
use varia::ir::Variant;
use varia::notation::fen::write_fen;
use varia::notation::san::{move_to_san, parse_move};
use varia::vm::{EndReason, Move, Outcome, Position};

const SEEDS: &[&str] = &[
    "chess",
    "berolina",
    "berolina-plus",
    "diamond",
    "balbo",
    "grand-betza",
];

fn variant(name: &str) -> Arc<Variant> {
    compile_path(&crate::common::oracle::script_path(name))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn at(name: &str, fen: &str) -> Position {
    Position::from_fen(&variant(name), fen).unwrap_or_else(|e| panic!("{name} {fen}: {e}"))
}

fn best(pos: &Position, depth: u32) -> (Move, i32) {
    let mut engine = Engine::with_table_bits(pos, 16);
    let r = engine.search(pos, Limits::depth(depth), |_| {});
    (r.best.expect("a move"), r.score)
}

fn is_mate(pos: &Position) -> bool {
    matches!(
        pos.outcome().unwrap(),
        Outcome::Decisive {
            reason: EndReason::Checkmate,
            ..
        }
    )
}

/// Whether some legal move mates at once.
fn has_mate_in_one(pos: &Position) -> bool {
    pos.legal_moves().unwrap().into_iter().any(|m| {
        let mut p = pos.clone();
        p.play_unchecked(m);
        is_mate(&p)
    })
}

/// Mate-in-one positions: (variant, FEN, what it is).
const MATE_IN_ONE: &[(&str, &str, &str)] = &[
    ("chess", "rnb2bnr/1p2kp1p/3p4/pBP1pqp1/4PBP1/8/PPP2P1P/RN1QK1NR w KQ - 0 11",
     "1.Qxd6#: the queen takes on d6 next to the king on e7, guarded by the c5 pawn"),
    ("berolina", "n1rq1Q2/2n1b2r/4k1p1/1PBppbpQ/pP2PP2/4R1P1/3Kp1B1/2R5 w - - 1 52",
     "1.Qxf5#: the second white queen takes the bishop beside the king on e6"),
    ("berolina-plus", "3qk1r1/1p4p1/r1p1Bp1n/2np2Pp/1KP1P2N/8/PQ5P/Rb5R b - - 1 28",
     "1...Qa5#: the black queen mates the white king on b4"),
    ("diamond", "4p1rk/1b1Pp1br/R3p2B/2P1N3/3P2p1/1BPp4/3Q4/nK1P3q w - - 0 36",
     "1.Ng6#: a knight check on the king in the h8 corner, hemmed in by its own pieces"),
    ("balbo", "11/4k2r3/7pn2/11/Pb1pNpp4/3P3P1P1/5PP1B2/5r5/3KQb5/11 b - - 0 48",
     "1...Ba5#: a bishop check on the white king on d2, at the narrow bottom of the diamond"),
    ("grand-betza", "r4k2c1/1anb1y1or1/1p1yYb1p1p/3xup4/p1pp1UX3/1P2P2Pp1/2P5P1/x2P1PP2P/1R2N1BNC1/1XBAQKY1OR w K - 0 36",
     "1.Uh7#: a Buffalo leap (the (1,3) camel move) checks the king on f10"),
];

/// Mate-in-two positions: (variant, FEN, what it is).
const MATE_IN_TWO: &[(&str, &str, &str)] = &[
    (
        "chess",
        "3kB1n1/7r/2p2p1p/2P3p1/1PNP1Pb1/B3p2P/r7/4KQR1 b - - 7 57",
        "1...Ra1+ 2.Bc1 Rxc1#: a back-rank mate of the king on e1",
    ),
    (
        "berolina",
        "r4b2/p3k2n/1n5q/1pp2P2/P3P3/2p1N3/1N1r2P1/R3KB1R b - - 1 46",
        "1...Qxe3+ 2.Be2 Qxe2#: queen and rook against the king on e1",
    ),
    (
        "berolina-plus",
        "r3kr2/4bp2/b3Q1p1/Ppp2PB1/npp3PP/P2n4/P2K2BP/RN4NR w q - 0 26",
        "1.Bc6+ Kd8 2.Qd7#: queen and bishop against the king on e8",
    ),
    (
        "diamond",
        "4k3/R7/2p2p2/1B1r1bp1/P2P2P1/BK1p1P2/3N4/R7 w - - 4 57",
        "1.h5=Q+ Kd8 2.Qh8#: a promotion on the h-file (Diamond promotes there) with check",
    ),
    (
        "balbo",
        "11/5Nnr3/5k1p3/11/Pb1p1pp4/1Q1P3P1P1/4nPP4/5r5/7b3/4KB5 b - - 1 41",
        "1...Bf2+ 2.Ke2 Re3#: bishop and rook against the king on e1",
    ),
    (
        "grand-betza",
        "r2y1kcoxn/3b5r/2p4ppp/10/1Px1pup2P/q4yP1P1/1P1BBb1P1R/2APP3XN/R2YYa4/NX2QKO3 b - - 1 38",
        "1...Ug4+ 2.Kg2 Uxi3#: the Buffalo checks twice (the PV shown; every defence is checked)",
    ),
];

/// The engine's move at depth 2 mates at once, scored as a mate in one.
fn assert_finds_mate_in_one(name: &str, fen: &str, what: &str) -> Move {
    let pos = at(name, fen);
    let (mv, score) = best(&pos, 2);
    let mut after = pos.clone();
    after.play_unchecked(mv);
    assert!(
        is_mate(&after),
        "{name} ({what}): {} does not mate",
        move_to_san(&pos, mv)
    );
    assert_eq!(score, MATE - 1, "{name}: score");
    mv
}

/// No mate in one exists; the engine's move at depth 6 is scored as a
/// mate in two (at depth 4 the null move and futility pruning may still
/// hide it behind a large material lead: the mate's last move is then
/// searched at depth 1 or less), and after it every defence allows a mate at once, which
/// the engine finds.
fn assert_finds_mate_in_two(name: &str, fen: &str, what: &str) -> Move {
    let pos = at(name, fen);
    assert!(
        !has_mate_in_one(&pos),
        "{name}: a mate in one exists, not a two-mover"
    );
    let (mv, score) = best(&pos, 6);
    assert_eq!(score, MATE - 3, "{name} ({what}): score");
    let mut after = pos.clone();
    after.play_unchecked(mv);
    assert_eq!(after.outcome().unwrap(), Outcome::Ongoing, "{name}");
    for reply in after.legal_moves().unwrap() {
        let mut p = after.clone();
        p.play_unchecked(reply);
        assert!(
            has_mate_in_one(&p),
            "{name}: after {} {}, no mate",
            move_to_san(&pos, mv),
            move_to_san(&after, reply)
        );
        let (m2, _) = best(&p, 2);
        let mut q = p.clone();
        q.play_unchecked(m2);
        assert!(
            is_mate(&q),
            "{name}: engine misses the mate after {}",
            write_fen(&p)
        );
    }
    mv
}

#[test]
fn finds_mate_in_one_in_every_seed_variant() {
    let covered: Vec<&str> = MATE_IN_ONE.iter().map(|t| t.0).collect();
    assert_eq!(covered, SEEDS);
    for &(name, fen, what) in MATE_IN_ONE {
        assert_finds_mate_in_one(name, fen, what);
    }
}

#[test]
fn finds_mate_in_two_in_every_seed_variant() {
    let covered: Vec<&str> = MATE_IN_TWO.iter().map(|t| t.0).collect();
    assert_eq!(covered, SEEDS);
    for &(name, fen, what) in MATE_IN_TWO {
        assert_finds_mate_in_two(name, fen, what);
    }
}

/// Drop mates, in positions of seeded random pyffish games where a
/// depth-4 search reported a mate that starts with a drop: the engine
/// plays the drop, and the mate is proved as above.
#[test]
fn finds_drop_mates_in_one_and_two_in_crazyhouse_and_shogi() {
    let drop = |mv: Move| matches!(mv.kind, varia::vm::MoveKind::Drop(_));
    let one = [
        (
            "crazyhouse",
            "1k4rr/p1p1p1n1/q1P2p1p/N1Pp2bp/3P2q1/P1PP1R2/p1B3R1/b~1nKBB2[np] b - - 1 44",
            "1...N@b2#: a knight from hand smothers the king on e1",
        ),
        (
            "shogi",
            "1nkrp2n1/l6bl/psB2ppp1/P1p1P2s1/3P4p/L4P3/1PP3PRP/2S1GGS2/1N2KG1NL[GPPP] w - - 1 38",
            "1.G*b8#: a gold from hand beside the king on c9, guarded by the bishop",
        ),
    ];
    for (name, fen, what) in one {
        assert!(
            drop(assert_finds_mate_in_one(name, fen, what)),
            "{name}: not a drop"
        );
    }
    let two = [
        ("crazyhouse", "rnN1k1n1/6P1/3p2pr/p3ppQp/8/pP3b2/P1PB1PPP/R2bKB1R[QPnp] w - - 0 34",
         "1.Q@e7+ Nxe7 2.Qxe7#: a queen from hand is taken, the other mates"),
        ("shogi", "+B4sk2/P4r2l/lp1s1g1n1/4pppGg/pPP1PP2p/3p2PP1/N2P+n4/1B1G4+n/L1S1R1K1P[PPls] b - - 1 59",
         "1...L*g3+ 2.Kf1 S*f2#: a lance and then a silver from hand"),
    ];
    for (name, fen, what) in two {
        assert!(
            drop(assert_finds_mate_in_two(name, fen, what)),
            "{name}: not a drop"
        );
    }
}

#[test]
fn balbo_third_move_mate_against_the_passive_line() {
    // rules.md §1.6: 1.Nd4 c7 2.Ne6 c6 3.Nxf8#. White's first two moves
    // are the line's; Black plays its passive replies; the engine, to move
    // as White on move three, must find the mate.
    let v = variant("balbo");
    let mut pos = Position::start(&v);
    for san in ["Nd4", "c7", "Ne6", "c6"] {
        let mv = parse_move(&pos, san).unwrap_or_else(|e| panic!("{san}: {e}"));
        pos.play_unchecked(mv);
    }
    let (mv, score) = best(&pos, 3);
    assert_eq!(move_to_san(&pos, mv), "Nxf8#");
    assert_eq!(score, MATE - 1);
}

#[test]
fn beats_a_random_mover_ten_games_of_ten_in_every_seed_variant() {
    for (i, name) in SEEDS.iter().enumerate() {
        let v = variant(name);
        let mut wins = 0;
        for game in 0..10u64 {
            let mut rng = Rng(0x2545_F491_4F6C_DD1D ^ (game * 7919 + i as u64 * 104_729));
            let engine_color = if game % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let mut pos = Position::start(&v);
            let mut engine = Engine::with_table_bits(&pos, 16);
            for _ply in 0..300 {
                if pos.outcome().unwrap() != Outcome::Ongoing {
                    break;
                }
                let mv = if pos.side_to_move() == engine_color {
                    let r = engine.search(&pos, Limits::depth(2), |_| {});
                    r.best.expect("a move")
                } else {
                    let moves = pos.legal_moves().unwrap();
                    moves[(rng.next() % moves.len() as u64) as usize]
                };
                pos.play_unchecked(mv);
            }
            match pos.outcome().unwrap() {
                Outcome::Decisive { winner, .. } if winner == engine_color => wins += 1,
                o => eprintln!("{name} game {game}: {o:?} at {}", write_fen(&pos)),
            }
        }
        assert_eq!(wins, 10, "{name}: the engine won {wins} of 10");
    }
}

#[test]
fn piece_values_follow_the_moves() {
    let v = variant("chess");
    let values = piece_values(&v);
    let value = |letter: char| values[v.kind_by_letter(letter).expect("piece").0 as usize];
    assert_eq!(value('K'), 0, "the royal piece is not counted");
    assert!(value('P') < value('N'));
    assert!(value('N') < value('B'));
    assert!(value('B') < value('R'));
    assert!(value('R') < value('Q'));
    assert!(value('Q') > 2 * value('N') + value('P'));
    // Grand Betza's compounds are worth more than their parts alone.
    let g = variant("grand-betza");
    let gv = piece_values(&g);
    let gval = |letter: char| gv[g.kind_by_letter(letter).expect("piece").0 as usize];
    assert!(gval('C') > gval('R') && gval('A') > gval('B'));
}

/// `Position::mobility`, the engine's measure of a piece's freedom, counted
/// by hand: the squares each piece could move to or capture on.
#[test]
fn mobility_counts_the_squares_a_piece_reaches_on_the_board() {
    let count = |name: &str, fen: &str, square: &str| {
        let pos = at(name, fen);
        let sq = pos
            .variant()
            .geometry
            .parse_square(square)
            .expect("a square");
        pos.mobility(sq)
    };
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(count("chess", start, "b1"), 2, "Nb1: a3, c3");
    assert_eq!(count("chess", start, "a1"), 0, "Ra1 boxed in");
    assert_eq!(
        count("chess", start, "e2"),
        2,
        "e2: e3 and e4 (never moved)"
    );
    let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(count("chess", e4, "f1"), 5, "Bf1: e2, d3, c4, b5, a6");
    assert_eq!(count("chess", e4, "d1"), 4, "Qd1: e2, f3, g4, h5");
    assert_eq!(count("chess", e4, "e4"), 1, "e4: e5 only, nothing to take");
    // A capture counts; a friendly piece ends the ray uncounted.
    let open = "4k3/p7/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(
        count("chess", open, "a1"),
        9,
        "Ra1: a2..a6, takes a7, b1..d1"
    );
    // A hopper: Xiangqi's cannon moves as a rook and takes over one screen.
    let xiangqi = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(
        count("xiangqi", xiangqi, "b3"),
        12,
        "Cb3: a3, c3..g3, b4..b7, b2, and takes b10 over b8"
    );
    assert_eq!(
        count("xiangqi", xiangqi, "b1"),
        2,
        "Horse b1: a3, c3 (d2 blocked by the elephant on c1)"
    );
}

#[test]
fn a_stopped_search_still_answers() {
    let v = variant("chess");
    let pos = Position::start(&v);
    let mut engine = Engine::with_table_bits(&pos, 16);
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    engine.set_stop_flag(flag);
    let r = engine.search(&pos, Limits::depth(30), |_| {});
    assert!(r.interrupted);
    assert!(r
        .best
        .is_some_and(|m| pos.legal_moves().unwrap().contains(&m)));
    // A node budget stops it too.
    let mut engine = Engine::with_table_bits(&pos, 16);
    let r = engine.search(
        &pos,
        Limits {
            depth: 30,
            time: None,
            nodes: Some(5_000),
        },
        |_| {},
    );
    assert!(r.interrupted && r.nodes < 10_000 && r.best.is_some());
}

/// A game end of the variant's own (here a goal: King of the Hill) is a
/// win at its distance like a mate. Hand derivation: White's king on f3
/// steps to e4, a hill square, and wins at once; no other king move
/// reaches d4, e4, d5 or e5 (f3 touches only e4 of them).
#[test]
fn a_goal_reached_scores_as_a_mate_at_depth_one_and_two() {
    let pos = at("kingofthehill", "7k/8/8/8/8/5K2/8/8 w - - 0 1");
    for depth in [1, 2] {
        let (mv, score) = best(&pos, depth);
        assert_eq!(move_to_san(&pos, mv), "Ke4", "depth {depth}");
        assert_eq!(score, MATE - 1, "depth {depth}");
    }
    // The side that cannot stop it sees the loss: Black's king on h8 is
    // far from the hill, and White's Ke4 comes next whatever Black plays.
    let pos = at("kingofthehill", "7k/8/8/8/8/5K2/8/8 b - - 0 1");
    let (_, score) = best(&pos, 2);
    assert_eq!(score, -(MATE - 2));
}

/// The search never answers with an illegal move. In every script (the
/// seeds and the catalogue), a seeded game of random moves and engine
/// answers: each answer comes from a small node budget (so that most
/// searches are cut off mid-iteration, as under a clock, and the pruning
/// and the null move are exercised), is checked against the rules VM's
/// legal moves, and is played.
#[test]
fn every_engine_answer_is_legal_in_random_positions_of_every_script() {
    const ANSWERS: usize = 30;
    let mut answers = 0;
    for (i, (name, v)) in crate::common::scripts::every_script().iter().enumerate() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (i as u64 * 0x1000_0001));
        let mut pos = Position::start(v);
        let mut engine = Engine::with_table_bits(&pos, 12);
        for _ in 0..ANSWERS {
            for _ in 0..rng.next() % 3 {
                let moves = pos.legal_moves().unwrap();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[(rng.next() % moves.len() as u64) as usize]);
            }
            let legal = pos.legal_moves().unwrap();
            if legal.is_empty() {
                pos = Position::start(v);
                continue;
            }
            let nodes = 200 + rng.next() % 2_000;
            let limits = Limits {
                depth: 64,
                time: None,
                nodes: Some(nodes),
            };
            let r = engine.search(&pos, limits, |_| {});
            let mv = r
                .best
                .unwrap_or_else(|| panic!("{name}: no answer at {}", write_fen(&pos)));
            assert!(
                legal.contains(&mv),
                "{name}: the engine answered {mv:?}, not a legal move, at {}",
                write_fen(&pos)
            );
            assert!(r.pv.first() == Some(&mv), "{name}: the PV starts elsewhere");
            pos.play_unchecked(mv);
            answers += 1;
        }
    }
    assert!(answers >= 2_000, "only {answers} answers checked");
}

/// A search for a given time answers within 50 ms of it, in the
/// slowest-noded variants too (Large Nahbi runs a hook at every move; Grand
/// Betza has the largest board of the seeds): the clock is read every 128
/// nodes. This bounds the search's own overrun, which is what a protocol's
/// clock sees; the test machine's load is not part of it.
#[test]
fn a_timed_search_answers_within_50_ms_of_its_time() {
    for name in ["chess", "grand-betza", "large-nahbi", "shogi"] {
        let pos = Position::start(&variant(name));
        let mut engine = Engine::with_table_bits(&pos, 16);
        let limit = std::time::Duration::from_millis(150);
        let r = engine.search(&pos, Limits::time(limit), |_| {});
        assert!(r.best.is_some(), "{name}: no move");
        assert!(
            r.elapsed <= limit + std::time::Duration::from_millis(50),
            "{name}: {:?} for a {limit:?} search",
            r.elapsed
        );
    }
}
