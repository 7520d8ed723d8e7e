//! Property tests of the rules VM on random chess games.
//!
//! A game is a start position (the chess start, Kiwipete or "position 4" of
//! the chessprogramming wiki's perft suite) and a list of random choices,
//! each picking one of the legal moves; the game stops early at mate or
//! stalemate. On the positions of those games:
//!
//! - (a) `play_unchecked` then `unplay` restores the position exactly
//!   (equality, FEN with counters, hash, repetition count), for every legal
//!   move of every position; a whole game unplayed move by move returns to
//!   its start;
//! - (b) after every move the incremental hash equals `compute_hash()` and
//!   `assert_valid()` holds;
//! - (c) FEN round trip: `from_fen(write_fen(pos))` writes the same FEN and
//!   has the same legal moves;
//! - (d) the legal moves equal the pseudo-legal moves filtered naively: play
//!   the move, and the mover's royal piece must not be attacked (castling
//!   also may not start on, pass or land on an attacked square);
//! - (e) transpositions: the same moves in another order reach an equal
//!   position with an equal hash.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use crate::common;

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseResult;

use varia::compile_path;
use varia::ir::Variant;
use varia::notation::coord::{move_to_coord, parse_coord};
use varia::notation::fen::write_fen;
use varia::vm::{EndReason, Move, MoveKind, Outcome, Position};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const STARTS: [&str; 3] = [START, KIWIPETE, POSITION_4];

/// Longest random game, in plies.
const MAX_PLIES: usize = 120;

fn chess() -> &'static Arc<Variant> {
    static VARIANT: OnceLock<Arc<Variant>> = OnceLock::new();
    VARIANT.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/chess.variant");
        compile_path(path).expect("scripts/chess.variant compiles")
    })
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // Keep the source tree clean: no proptest-regressions/ files.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A random game: which start position, and one choice per ply.
fn game_strategy() -> impl Strategy<Value = (usize, Vec<Index>)> {
    (
        0..STARTS.len(),
        prop::collection::vec(any::<Index>(), 0..MAX_PLIES),
    )
}

/// One ply of a game: the position before it and the move played there.
struct Ply {
    before: Position,
    mv: Move,
}

/// A played game: its plies and the final position.
struct Game {
    plies: Vec<Ply>,
    last: Position,
}

impl Game {
    /// Every position of the game, the start and the last included.
    fn positions(&self) -> impl Iterator<Item = &Position> {
        self.plies.iter().map(|p| &p.before).chain([&self.last])
    }

    /// The moves so far, in coordinate form (for failure messages).
    fn line(&self, upto: usize) -> String {
        self.plies[..upto]
            .iter()
            .map(|p| move_to_coord(&p.before, p.mv))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn play_game(start: usize, choices: &[Index]) -> Game {
    let mut pos = Position::from_fen(chess(), STARTS[start]).expect("start FEN");
    let mut plies = Vec::new();
    for choice in choices {
        let moves = pos.legal_moves().unwrap();
        if moves.is_empty() {
            break;
        }
        let mv = moves[choice.index(moves.len())];
        let before = pos.clone();
        pos.play_unchecked(mv);
        plies.push(Ply { before, mv });
    }
    Game { plies, last: pos }
}

/// Plays moves given in coordinate form from a FEN.
fn play_line(fen: &str, line: &str) -> Position {
    let mut pos = Position::from_fen(chess(), fen).expect("FEN");
    for text in line.split_whitespace() {
        let mv = parse_coord(&pos, text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", write_fen(&pos)));
        pos.play_unchecked(mv);
    }
    pos
}

/// The FEN without the move counters.
fn fen_key(pos: &Position) -> String {
    write_fen(pos)
        .split(' ')
        .take(4)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A move as a sortable, printable key (coordinate form and kind).
fn move_key(pos: &Position, mv: Move) -> String {
    format!("{}:{:?}", move_to_coord(pos, mv), mv.kind)
}

fn sorted_keys(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut keys: Vec<String> = moves.iter().map(|&m| move_key(pos, m)).collect();
    keys.sort();
    keys
}

fn coord_set(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .unwrap()
        .into_iter()
        .map(|m| move_to_coord(pos, m))
        .collect();
    v.sort();
    v
}

// ---------------------------------------------------------------------------
// (a) and (b): make/unmake and the incremental hash
// ---------------------------------------------------------------------------

/// Plays and takes back every legal move of `pos`, checking (a) and (b).
fn check_make_unmake(pos: &Position) -> TestCaseResult {
    let fen = write_fen(pos);
    let hash = pos.hash();
    let reps = pos.repetitions();
    prop_assert_eq!(hash, pos.compute_hash(), "hash of {}", fen);
    for mv in pos.legal_moves().unwrap() {
        let mut p = pos.clone();
        let undo = p.play_unchecked(mv);
        let what = format!("{} in {}", move_to_coord(pos, mv), fen);
        prop_assert_eq!(
            p.hash(),
            p.compute_hash(),
            "incremental hash after {} (reached {})",
            what,
            write_fen(&p)
        );
        p.assert_valid();
        prop_assert_eq!(p.side_to_move(), pos.side_to_move().opposite());
        p.unplay(mv, undo);
        prop_assert_eq!(&write_fen(&p), &fen, "FEN after play+unplay of {}", what);
        prop_assert!(&p == pos, "position after play+unplay of {}", what);
        prop_assert_eq!(p.hash(), hash, "hash after play+unplay of {}", what);
        prop_assert_eq!(
            p.repetitions(),
            reps,
            "repetitions after play+unplay of {}",
            what
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(512))]

    /// (a) + (b) for every legal move of every position of a random game.
    #[test]
    fn play_then_unplay_restores_every_position((start, choices) in game_strategy()) {
        let game = play_game(start, &choices);
        for pos in game.positions() {
            check_make_unmake(pos)?;
        }
    }

    /// (a) for a whole game: unplaying every move in reverse order returns to
    /// each earlier position and finally to the start; (b) on the way out.
    #[test]
    fn unplaying_a_whole_game_returns_to_the_start((start, choices) in game_strategy()) {
        let mut pos = Position::from_fen(chess(), STARTS[start]).unwrap();
        let mut stack = Vec::new();
        let mut fens = vec![write_fen(&pos)];
        let mut hashes = vec![pos.hash()];
        for choice in &choices {
            let moves = pos.legal_moves().unwrap();
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice.index(moves.len())];
            let undo = pos.play_unchecked(mv);
            stack.push((mv, undo));
            prop_assert_eq!(pos.hash(), pos.compute_hash(), "hash after {}", write_fen(&pos));
            pos.assert_valid();
            fens.push(write_fen(&pos));
            hashes.push(pos.hash());
        }
        while let Some((mv, undo)) = stack.pop() {
            fens.pop();
            hashes.pop();
            pos.unplay(mv, undo);
            prop_assert_eq!(&write_fen(&pos), fens.last().unwrap());
            prop_assert_eq!(pos.hash(), *hashes.last().unwrap());
            prop_assert_eq!(pos.hash(), pos.compute_hash());
        }
        prop_assert_eq!(pos, Position::from_fen(chess(), STARTS[start]).unwrap());
    }
}

// ---------------------------------------------------------------------------
// (c) FEN round trip
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(1024))]

    /// (c) Every position of a random game survives write_fen → from_fen:
    /// same FEN, same legal moves (by coordinates and by kind).
    #[test]
    fn fen_round_trip((start, choices) in game_strategy()) {
        let game = play_game(start, &choices);
        for (i, pos) in game.positions().enumerate() {
            let fen = write_fen(pos);
            let back = Position::from_fen(chess(), &fen);
            prop_assert!(back.is_ok(), "from_fen rejects our own FEN {}: {:?} (after {})",
                fen, back.err(), game.line(i));
            let back = back.unwrap();
            prop_assert_eq!(&write_fen(&back), &fen, "FEN round trip after {}", game.line(i));
            prop_assert_eq!(back.hash(), back.compute_hash());
            prop_assert_eq!(
                sorted_keys(&back, &back.legal_moves().unwrap()),
                sorted_keys(pos, &pos.legal_moves().unwrap()),
                "legal moves of {} differ after the FEN round trip (after {})", fen, game.line(i)
            );
            prop_assert_eq!(back.is_check(), pos.is_check());
        }
    }
}

// ---------------------------------------------------------------------------
// (d) legality against a naive definition
// ---------------------------------------------------------------------------

/// The legal moves by the book: the pseudo-legal moves after which the
/// mover's royal pieces are not attacked; castling with a royal king
/// moreover may not start from, pass over or land on a square the enemy
/// attacks (a king that is not royal may); a gating move
/// must be legal without its gating piece too (S-Chess); where captures
/// are compulsory, only the captures if there is one.
/// Whether the two sides' royal pieces stand on one rank or file with
/// nothing between them (looked at square by square).
fn naive_royals_face(pos: &Position) -> bool {
    let geometry = &pos.variant().geometry;
    let royals: Vec<_> = geometry
        .squares()
        .iter()
        .filter(|&sq| {
            pos.piece_at(sq)
                .is_some_and(|p| pos.variant().piece(p.kind).royal)
        })
        .collect();
    let [a, b] = royals[..] else {
        return false;
    };
    let (fa, ra, fb, rb) = (
        geometry.file_of(a),
        geometry.rank_of(a),
        geometry.file_of(b),
        geometry.rank_of(b),
    );
    if fa != fb && ra != rb {
        return false;
    }
    let steps = (fb - fa).abs().max((rb - ra).abs());
    let (df, dr) = ((fb - fa).signum(), (rb - ra).signum());
    (1..steps).all(|k| {
        geometry
            .square(fa + df * k, ra + dr * k)
            .is_some_and(|sq| pos.piece_at(sq).is_none())
    })
}

/// The side's only piece of a royal group (`check when the last …`)
/// before `mv` stays royal through it: after the move it is on the board,
/// where it went, and not attacked (nor is a piece dropped into the group).
fn naive_last_of_group_safe(pos: &Position, mv: Move, after: &Position) -> bool {
    let us = pos.side_to_move();
    let variant = pos.variant();
    let squares = variant.geometry.squares();
    variant
        .royal_groups
        .iter()
        .enumerate()
        .filter(|(_, g)| !g.every)
        .all(|(index, _)| {
            let in_group = |kind: varia::ir::piece::PieceKind| {
                variant.piece(kind).royal_group == Some(index as u8)
            };
            let ours: Vec<_> = squares
                .iter()
                .filter(|&sq| {
                    pos.piece_at(sq)
                        .is_some_and(|p| p.color == us && in_group(p.kind))
                })
                .collect();
            let mut kept: Vec<_> = match ours.as_slice() {
                [sq] if *sq == mv.from => vec![match mv.kind {
                    MoveKind::Castle(rule) => variant.castling[rule as usize].king_to,
                    _ => mv.to,
                }],
                [sq] => vec![*sq],
                _ => Vec::new(),
            };
            if let (MoveKind::Drop(kind), true) = (mv.kind, ours.len() <= 1) {
                if in_group(kind) {
                    kept.push(mv.to);
                }
            }
            kept.iter().all(|&sq| {
                after.piece_at(sq).is_some_and(|p| p.color == us)
                    && !after.is_attacked(sq, us.opposite())
            })
        })
}

fn naive_legal_moves(pos: &Position) -> Vec<Move> {
    let us = pos.side_to_move();
    let them = us.opposite();
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let mut legal: Vec<Move> = pseudo
        .into_iter()
        .filter(|&mv| {
            // A royal king, or the only one of its side's royal group.
            let royal_castler = pos.piece_at(mv.from).is_some_and(|p| {
                let def = pos.variant().piece(p.kind);
                def.royal
                    || def.royal_group.is_some_and(|g| {
                        let geometry = &pos.variant().geometry;
                        let partners = geometry.squares().iter().filter(|&sq| {
                            pos.piece_at(sq).is_some_and(|q| {
                                q.color == p.color
                                    && pos.variant().piece(q.kind).royal_group == Some(g)
                            })
                        });
                        partners.count() == 1
                    })
            });
            if let (MoveKind::Castle(_), true) = (mv.kind, royal_castler) {
                let mut path = pos.squares_between(mv.from, mv.to);
                path.insert(mv.from);
                path.insert(mv.to);
                if path.iter().any(|sq| pos.is_attacked(sq, them)) {
                    return false;
                }
            }
            if mv.gate.is_some() {
                let mut without = pos.clone();
                without.play_unchecked(Move { gate: None, ..mv });
                if without.is_royal_attacked(us) {
                    return false;
                }
            }
            let mut after = pos.clone();
            after.play_unchecked(mv);
            // `checks forbidden` (Racing Kings): nor attack the other's.
            let forbidden_check = pos.variant().checks_forbidden && after.is_royal_attacked(them);
            !after.is_royal_attacked(us)
                && naive_last_of_group_safe(pos, mv, &after)
                && !forbidden_check
                && !drop_mate_forbidden(pos, mv, &after)
        })
        .collect();
    // `facing royals` (bikjang): while the royal pieces face each other,
    // only the moves that end the facing, and the pass even in check.
    let facing = pos.variant().game_end.facing_royals.is_some() && naive_royals_face(pos);
    if facing {
        legal.retain(|&mv| {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            !naive_royals_face(&after)
        });
    }
    // `pass allowed`: a side not in check (or in a facing) may pass, on its
    // royal piece's square.
    if pos.variant().game_end.pass_allowed && (!pos.is_check() || facing) {
        let geometry = &pos.variant().geometry;
        let royal = geometry.squares().iter().find(|&sq| {
            pos.piece_at(sq)
                .is_some_and(|p| p.color == us && pos.variant().piece(p.kind).royal)
        });
        if let Some(sq) = royal {
            legal.push(Move::new(sq, sq, MoveKind::Pass));
        }
    }
    // `pass when stuck`: a side without a move, with a piece and not in
    // check, passes, on its royal piece's square or else its first piece's.
    if legal.is_empty() && pos.variant().game_end.pass_when_stuck && !pos.is_check() {
        let geometry = &pos.variant().geometry;
        let ours = |royal: bool| {
            geometry.squares().iter().find(|&sq| {
                pos.piece_at(sq)
                    .is_some_and(|p| p.color == us && (!royal || pos.variant().piece(p.kind).royal))
            })
        };
        if let Some(sq) = ours(true).or_else(|| ours(false)) {
            legal.push(Move::new(sq, sq, MoveKind::Pass));
        }
    }
    // `restrict … in check only take the checker`: in check, such a piece
    // may only capture the one piece attacking a royal piece.
    if pos.is_check() {
        let geometry = &pos.variant().geometry;
        let checkers: Vec<_> = geometry
            .squares()
            .iter()
            .filter(|&sq| {
                pos.piece_at(sq)
                    .is_some_and(|p| p.color == us && pos.variant().piece(p.kind).royal)
            })
            .flat_map(|royal| pos.attackers_of(royal, them).iter().collect::<Vec<_>>())
            .collect();
        legal.retain(|mv| {
            let restricted = !matches!(mv.kind, MoveKind::Drop(_))
                && pos
                    .piece_at(mv.from)
                    .is_some_and(|p| *pos.variant().piece(p.kind).only_takes_checker.get(us));
            !restricted
                || (checkers.len() == 1 && checkers[0] == mv.to && mv.kind != MoveKind::EnPassant)
        });
    }
    // `captures compulsory`: a capture (en passant too) if there is one.
    let captures = |mv: &Move| {
        mv.kind == MoveKind::EnPassant
            || (!matches!(mv.kind, MoveKind::Castle(_) | MoveKind::Drop(_))
                && pos.piece_at(mv.to).is_some())
    };
    if pos.variant().compulsory_capture && legal.iter().any(captures) {
        legal.retain(captures);
    }
    // `drops compulsory`: a drop if there is one.
    let drops = |mv: &Move| matches!(mv.kind, MoveKind::Drop(_));
    let drops_compulsory = pos.variant().hands.as_ref().is_some_and(|h| h.compulsory);
    if drops_compulsory && legal.iter().any(drops) {
        legal.retain(drops);
    }
    legal
}

/// A drop of a `no-mate` kind (shogi's uchifuzume) that checkmates.
fn drop_mate_forbidden(pos: &Position, mv: Move, after: &Position) -> bool {
    let (MoveKind::Drop(kind), Some(hands)) = (mv.kind, &pos.variant().hands) else {
        return false;
    };
    hands.no_mate[kind.0 as usize]
        && after.is_royal_attacked(after.side_to_move())
        && after.legal_moves().unwrap().is_empty()
}

proptest! {
    #![proptest_config(config(1024))]

    /// (d) legal_moves() == naive filter of pseudo_legal_moves(), with no
    /// move listed twice, on every position of a random game.
    #[test]
    fn legal_moves_match_the_naive_definition((start, choices) in game_strategy()) {
        let game = play_game(start, &choices);
        for (i, pos) in game.positions().enumerate() {
            let ours = sorted_keys(pos, &pos.legal_moves().unwrap());
            let naive = sorted_keys(pos, &naive_legal_moves(pos));
            let mut dedup = ours.clone();
            dedup.dedup();
            prop_assert_eq!(&dedup, &ours, "a move listed twice in {}", write_fen(pos));
            prop_assert_eq!(
                &ours, &naive,
                "legal moves of {} (after {}) differ from the naive definition",
                write_fen(pos), game.line(i)
            );
            // Mate and stalemate agree with check.
            let outcome = pos.outcome().unwrap();
            if ours.is_empty() {
                let reason = match outcome {
                    Outcome::Decisive { reason, .. } | Outcome::Draw { reason } => Some(reason),
                    Outcome::Ongoing => None,
                };
                let expected = if pos.is_check() { EndReason::Checkmate } else { EndReason::Stalemate };
                prop_assert_eq!(reason, Some(expected), "outcome of {}", write_fen(pos));
            }
        }
    }
}

// ---------------------------------------------------------------------------
// (e) transpositions
// ---------------------------------------------------------------------------

/// Move orders that must reach the same position, with the same hash.
const TRANSPOSITIONS: &[(&str, &str, &str)] = &[
    (START, "g1f3 g8f6 b1c3 b8c6", "b1c3 b8c6 g1f3 g8f6"),
    (START, "g1f3 g8f6 b1c3 b8c6", "b1c3 g8f6 g1f3 b8c6"),
    (
        START,
        "e2e4 e7e5 g1f3 b8c6 f1c4",
        "g1f3 b8c6 e2e4 e7e5 f1c4",
    ),
    (
        START,
        "d2d4 g8f6 c2c4 e7e6 b1c3",
        "c2c4 e7e6 d2d4 g8f6 b1c3",
    ),
    (
        START,
        "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4",
        "g1f3 d7d6 d2d4 c7c5 e2e4 c5d4 f3d4",
    ),
    (KIWIPETE, "e1g1 e8c8 a2a3", "a2a3 e8c8 e1g1"),
    (KIWIPETE, "e2f1 a8b8 g2g3 b8c8", "g2g3 a8b8 e2f1 b8c8"),
    (POSITION_4, "g1h1 a8b8 d1e1 h8g8", "g1h1 h8g8 d1e1 a8b8"),
    // Not transpositions: different positions, different hashes.
    (KIWIPETE, "d5e6 a6e2 c3e2", "d5e6 a6e2 f3e2"),
];

#[test]
fn transpositions_have_equal_hashes() {
    for &(fen, a, b) in TRANSPOSITIONS {
        let pa = play_line(fen, a);
        let pb = play_line(fen, b);
        if fen_key(&pa) != fen_key(&pb) {
            // Not a transposition (a deliberately different line): the
            // hashes should then differ.
            assert_ne!(pa.hash(), pb.hash(), "{a} / {b} from {fen}");
            continue;
        }
        assert_eq!(pa, pb, "{a} / {b} from {fen}");
        assert_eq!(
            pa.hash(),
            pb.hash(),
            "{a} / {b} from {fen}: {}",
            write_fen(&pa)
        );
        assert_eq!(pa.hash(), pa.compute_hash());
        assert_eq!(coord_set(&pa), coord_set(&pb));
    }
}

/// Plays `line` from `pos` if every move is legal there.
fn try_line(pos: &Position, line: &[Move]) -> Option<Position> {
    let mut p = pos.clone();
    for &mv in line {
        if !p.legal_moves().unwrap().contains(&mv) {
            return None;
        }
        p.play_unchecked(mv);
    }
    Some(p)
}

proptest! {
    #![proptest_config(config(2048))]

    /// (e) From a random position, four random plies w1 b1 w2 b2 and the
    /// order w2 b1 w1 b2 (White's two moves swapped; Black's last move is
    /// the same, so is any en passant chance): if both orders are legal and
    /// reach the same placement, the positions are equal with equal hashes.
    #[test]
    fn swapped_move_orders_give_equal_hashes(
        (start, choices) in game_strategy(),
        picks in prop::collection::vec(any::<Index>(), 4),
    ) {
        let game = play_game(start, &choices[..choices.len().min(40)]);
        let base = &game.last;
        let mut p = base.clone();
        let mut line = Vec::new();
        for pick in &picks {
            let moves = p.legal_moves().unwrap();
            if moves.is_empty() {
                return Ok(());
            }
            let mv = moves[pick.index(moves.len())];
            line.push(mv);
            p.play_unchecked(mv);
        }
        let swapped = [line[2], line[1], line[0], line[3]];
        let Some(q) = try_line(base, &swapped) else { return Ok(()) };
        if fen_key(&p) == fen_key(&q) {
            let text = |l: &[Move]| {
                let mut s = base.clone();
                l.iter().map(|&m| { let t = move_to_coord(&s, m); s.play_unchecked(m); t })
                    .collect::<Vec<_>>().join(" ")
            };
            prop_assert!(p == q, "{} / {} from {}", text(&line), text(&swapped), write_fen(base));
            prop_assert_eq!(p.hash(), q.hash(), "{} / {} from {}",
                text(&line), text(&swapped), write_fen(base));
        }
    }

    /// Hash and equality agree: positions met anywhere in a random game that
    /// compare equal have equal hashes (and equal FENs without counters).
    #[test]
    fn equal_positions_have_equal_hashes((start, choices) in game_strategy()) {
        let game = play_game(start, &choices);
        let mut seen: BTreeMap<u64, Vec<&Position>> = BTreeMap::new();
        let all: Vec<&Position> = game.positions().collect();
        for p in &all {
            seen.entry(p.hash()).or_default().push(p);
        }
        for a in &all {
            for b in &all {
                if a == b {
                    prop_assert_eq!(a.hash(), b.hash(), "{:?} / {:?}", a, b);
                    prop_assert_eq!(fen_key(a), fen_key(b));
                }
            }
        }
        // Different hashes for different positions (no collision in practice).
        for group in seen.values() {
            for w in group.windows(2) {
                prop_assert!(w[0] == w[1], "hash collision: {:?} / {:?}", w[0], w[1]);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Known bugs (see the module doc): the hash and Position equality include
// state that no legal move depends on, so positions the rules treat as the
// same (FIDE 9.2.3: same placement, side, castling rights and en passant
// *captures*) get different hashes and are not seen as repetitions.
// ---------------------------------------------------------------------------

/// Same FEN (without counters) but different hashes: positions that the
/// FIDE rules (and Fairy-Stockfish) treat as identical. Each line is also
/// compared with the position read back from its own FEN.
const SAME_POSITION_DIFFERENT_STATE: &[(&str, &str, &str)] = &[
    // A double step that no pawn can capture en passant (last move e7e5).
    (START, "e2e4 e7e5 g1f3 b8c6", "g1f3 b8c6 e2e4 e7e5"),
    // The same with the double step by White, last (d2d4).
    (
        START,
        "d2d4 g8f6 c2c4 e7e6 b1c3",
        "c2c4 e7e6 b1c3 g8f6 d2d4",
    ),
    // Kings that moved and came back: no castling right, rooks "unmoved".
    (KIWIPETE, "e1f1 e8f8 f1e1 f8e8", "e1d1 e8d8 d1e1 d8e8"),
];

#[test]
fn same_fen_positions_have_equal_hashes() {
    let mut failures = Vec::new();
    for &(fen, a, b) in SAME_POSITION_DIFFERENT_STATE {
        let pa = play_line(fen, a);
        let pb = play_line(fen, b);
        assert_eq!(fen_key(&pa), fen_key(&pb), "{a} / {b}");
        if pa.hash() != pb.hash() || pa != pb {
            failures.push(format!("{}: `{a}` vs `{b}`", fen_key(&pa)));
        }
        for (line, p) in [(a, &pa), (b, &pb)] {
            let back = Position::from_fen(chess(), &write_fen(p)).unwrap();
            if back.hash() != p.hash() || &back != p {
                failures.push(format!("{}: `{line}` vs its FEN reread", fen_key(p)));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "equal FEN, but different hash or !=:\n{}",
        failures.join("\n")
    );
}

/// Plays `line` from `fen` and returns the outcome and repetition count.
fn outcome_after(fen: &str, line: &str) -> (Outcome, u32) {
    let pos = play_line(fen, line);
    (pos.outcome().unwrap(), pos.repetitions())
}

const REPETITION: (Outcome, u32) = (
    Outcome::Draw {
        reason: EndReason::Repetition,
    },
    3,
);

/// 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8: the start position has occurred
/// three times, a draw by the `repetition 3` rule.
#[test]
fn knight_shuffle_is_threefold_repetition() {
    let line = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1";
    assert_eq!(outcome_after(START, line).0, Outcome::Ongoing);
    assert_eq!(outcome_after(START, &format!("{line} f6g8")), REPETITION);
}

/// 1.e4 Nf6 2.Nf3 Ng8 3.Ng1 Nf6 4.Nf3 Ng8 5.Ng1: the position after 1.e4
/// (no en passant capture possible) has occurred three times.
#[test]
fn repetition_counts_the_position_after_a_double_step() {
    let line = "e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1";
    assert_eq!(outcome_after(START, line), REPETITION);
}

/// White's king goes out and back (the castling right is lost), then the
/// h-rook twice: 2...Ke8, 4...Ke8 and 6...Ke8 are the same position.
#[test]
fn repetition_ignores_unmoved_flags_without_castling_rights() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let line = "e1e2 e8d8 e2e1 d8e8 h1h2 e8d8 h2h1 d8e8 h1h2 e8d8 h2h1 d8e8";
    assert_eq!(outcome_after(fen, line), REPETITION);
}

proptest! {
    #![proptest_config(config(128))]

    /// Any position equals (with the same hash) the position read from its
    /// own FEN: the FEN holds everything the rules depend on.
    #[test]
    fn position_equals_its_fen_reread((start, choices) in game_strategy()) {
        let game = play_game(start, &choices);
        for (i, pos) in game.positions().enumerate() {
            let back = Position::from_fen(chess(), &write_fen(pos)).unwrap();
            prop_assert!(&back == pos, "{} != its FEN reread (after {})", write_fen(pos), game.line(i));
            prop_assert_eq!(back.hash(), pos.hash(), "{} (after {})", write_fen(pos), game.line(i));
        }
    }
}

/// (d) in every script whose pieces cannot vanish (its legality takes the
/// shortcuts: pins, hopper lines): the legal moves equal the naive filter
/// in the positions of seeded random games. Positions where a rule of the
/// variant has ended the game have no moves.
#[test]
fn legal_moves_match_the_naive_definition_in_every_variant() {
    let mut next = xorshift(0x2545_F491_4F6C_DD1D);
    let mut checked = 0;
    for (name, v) in common::scripts::every_script() {
        if v.pieces_can_vanish() {
            continue;
        }
        // The catalogue's scripts are checked against FS besides: fewer games.
        let games = if common::scripts::is_catalogue_only(&name) {
            3
        } else {
            12
        };
        checked += naive_agrees_in_random_games(&v, games, &mut next);
    }
    assert!(checked > 5_000, "{checked}");
}

/// (d) `checks forbidden` beyond Racing Kings, whose legality takes its
/// own shortcut (the squares a move could give check from): with pawns'
/// double steps, en passant and castling, hoppers (which the shortcut
/// leaves to the full test), lame leapers and riders, and drops.
#[test]
fn checks_forbidden_matches_the_naive_definition_with_any_pieces() {
    let fairy = "variant \"No checks, fairy pieces\"\nimport orthodox\nboard 8 x 8\n\
        piece Cannon C \"mRcpR\"\npiece Nightrider Z \"NN\"\npiece Horse H \"nN\"\n\
        checks forbidden\n\
        setup \"rzhckbnr/pppppppp/8/8/8/8/PPPPPPPP/RZHCKBNR w KQkq - 0 1\"\n";
    let riders = "variant \"No checks, riders\"\nimport orthodox\nboard 8 x 8\n\
        piece Nightrider Z \"NN\"\npiece Horse H \"nN\"\nchecks forbidden\n\
        setup \"rzhqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RZHQKBNR w KQkq - 0 1\"\n";
    let drops = "variant \"No checks, drops\"\nimport orthodox\nboard 8 x 8\n\
        checks forbidden\nhands keep captures\n\
        setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"\n";
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
    for (name, text) in [("fairy", fairy), ("riders", riders), ("drops", drops)] {
        let v = varia::compile_source(name, text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let checked = naive_agrees_in_random_games(&v, 40, &mut next);
        assert!(checked > 2_000, "{name}: {checked}");
    }
}

/// A seeded xorshift: `next(n)` picks a number below `n`.
fn xorshift(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    }
}

/// Plays `games` random games of up to 160 plies from the start of `v`,
/// asserting at each position that the legal moves are the naive filter's
/// (none once a rule of the variant has ended the game); returns the
/// number of positions checked.
fn naive_agrees_in_random_games(
    v: &Arc<Variant>,
    games: usize,
    next: &mut impl FnMut(usize) -> usize,
) -> usize {
    let mut checked = 0;
    for _game in 0..games {
        let mut pos = Position::start(v);
        for _ply in 0..160 {
            let ours = sorted_keys(&pos, &pos.legal_moves().unwrap());
            let over = matches!(
                pos.outcome().unwrap(),
                Outcome::Decisive { reason, .. } | Outcome::Draw { reason }
                    if reason.is_variant_rule()
            );
            if over {
                assert!(
                    ours.is_empty(),
                    "{}: moves after the end in {}",
                    v.name,
                    write_fen(&pos)
                );
                break;
            }
            let naive = sorted_keys(&pos, &naive_legal_moves(&pos));
            assert_eq!(
                ours,
                naive,
                "{}: legal moves of {}",
                v.name,
                write_fen(&pos)
            );
            checked += 1;
            let moves = pos.legal_moves().unwrap();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[next(moves.len())]);
        }
    }
    checked
}
