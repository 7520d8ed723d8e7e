//! Castling from any start (`castling King to g1 with Rook to f1 from any
//! start`, Chess960) and random start arrays (`shuffle …`):
//! `scripts/fairy-stockfish/fischerandom.variant` and `caparandom.variant`
//! from start arrays other than the orthodox one, where Fairy-Stockfish's
//! own catalogue games never go.
//!
//! The castling move sets are derived by hand (each test says how); the
//! whole legal move sets are pyffish's (`legal_moves`), the perft counts
//! Fairy-Stockfish's (`tests/perft/chess960.perft`), the FENs pyffish's
//! `get_fen`, the SAN its `get_san`.

use std::collections::{BTreeSet, HashSet};

use crate::common;
use common::moves::moves as coords;
use common::oracle::{compare, fs_fen_after, fs_legal_moves, fs_san, oracle, script};

use varia::game::Game;
use varia::ir::piece::{Color, Piece};
use varia::notation::coord::move_to_coord;
use varia::notation::fen::{parse_fen, write_fen};
use varia::notation::san::{move_to_san, parse_move};
use varia::vm::{MoveKind, Position};

fn position(name: &str, fen: &str) -> Position {
    Position::from_fen(&script(name), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The castling moves of the side to move, in coordinates.
fn castlings(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves()
        .unwrap()
        .into_iter()
        .filter(|m| matches!(m.kind, MoveKind::Castle(_)))
        .map(|m| move_to_coord(pos, m))
        .collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// Positions of `tests/perft/chess960.perft`, each with its castling moves
/// derived by hand: the king and the rook end on the orthodox castling
/// squares (g/f or c/d; Capablanca's i/h or c/d), every square between
/// each and its destination must be empty but for the two of them, and
/// the king's squares from its start to its destination unattacked (and
/// not attacked after the move: a castling rook may have shielded the
/// king's destination). Castling is written as the king taking its rook.
const CASES: &[(&str, &str, &[&str])] = &[
    // King d1, rooks c1 and e1: O-O-O swaps the king and the c1 rook
    // (nothing else to cross); O-O needs f1 and g1, the knights'.
    (
        "fischerandom",
        "bqrkrnnb/pppppppp/8/8/8/8/PPPPPPPP/BQRKRNNB w KQkq - 0 1",
        &["d1c1"],
    ),
    // King b1: O-O-O to c1 with the rook a1 to d1 (c1, d1 empty); O-O
    // across c1..g1, all empty.
    (
        "fischerandom",
        "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1",
        &["b1a1", "b1h1"],
    ),
    // King g1: O-O leaves it where it is and brings the rook h1 to f1.
    (
        "fischerandom",
        "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w KQkq - 0 1",
        &["g1a1", "g1h1"],
    ),
    // King b1 beside both rooks: O-O-O needs c1, where the other rook
    // stands; O-O takes the c1 rook to f1 and the king to g1.
    (
        "fischerandom",
        "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w KQkq - 0 1",
        &["b1c1"],
    ),
    // King already on c1: O-O-O moves the rook a1 to d1 only.
    (
        "fischerandom",
        "r1k4r/pppppppp/8/8/8/8/PPPPPPPP/R1K4R w KQkq - 0 1",
        &["c1a1", "c1h1"],
    ),
    // Rooks already on d1 and f1: each castling moves the king only.
    (
        "fischerandom",
        "3rkr2/pppppppp/8/8/8/8/PPPPPPPP/3RKR2 w KQkq - 0 1",
        &["e1d1", "e1f1"],
    ),
    // The rook on f8 attacks f1, which the king would cross to g1.
    (
        "fischerandom",
        "4kr2/8/8/8/8/8/8/RK5R w KQ - 0 1",
        &["b1a1"],
    ),
    // The rook on b8 attacks b1, which only the castling rook crosses.
    (
        "fischerandom",
        "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        &["e1a1", "e1h1"],
    ),
    // O-O-O would take the rook b1, which shields c1 from the queen a1,
    // to d1: the king, staying on c1, would be in check.
    (
        "fischerandom",
        "4k3/8/8/8/8/8/8/qRK4R w KQ - 0 1",
        &["c1h1"],
    ),
    // The knight b1 blocks the rook's way from a1 to d1 (not the king's).
    (
        "fischerandom",
        "4k3/8/8/8/8/8/8/RN4KR w KQ - 0 1",
        &["g1h1"],
    ),
    // Black: O-O would take the king across e8, the castling rook's
    // square, which the rook e1 attacks; O-O-O keeps it on c8.
    (
        "fischerandom",
        "r1k1r3/8/8/8/8/8/8/R1K1R3 b KQkq - 0 1",
        &["c8a8"],
    ),
    // Shredder-FEN names the inner rook c1 for O-O-O, not a1.
    (
        "fischerandom",
        "r1r1k2r/pppppppp/8/8/8/8/PPPPPPPP/R1R1K2R w HChc - 0 1",
        &["e1c1", "e1h1"],
    ),
    // Capablanca random: the king to i1 with the rook to h1, or to c1
    // with the rook to d1; the chancellor on j1 is no castling rook.
    (
        "caparandom",
        "r3k3rc/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K3RC w KQkq - 0 1",
        &["e1a1", "e1i1"],
    ),
    (
        "caparandom",
        "rk7r/pppppppppp/10/10/10/10/PPPPPPPPPP/RK7R w KQkq - 0 1",
        &["b1a1", "b1j1"],
    ),
    // King on i1, its O-O square: O-O brings the rook j1 to h1 only.
    (
        "caparandom",
        "2r5kr/pppppppppp/10/10/10/10/PPPPPPPPPP/2R5KR w KQkq - 0 1",
        &["i1c1", "i1j1"],
    ),
    // Arrays of the script's shuffle (seeds 1 and 3): every square
    // between is taken.
    (
        "caparandom",
        "nbbnarkcrq/pppppppppp/10/10/10/10/PPPPPPPPPP/NBBNARKCRQ w IFif - 0 1",
        &[],
    ),
    (
        "caparandom",
        "crbnkaqbrn/pppppppppp/10/10/10/10/PPPPPPPPPP/CRBNKAQBRN w KQkq - 0 1",
        &[],
    ),
];

#[test]
fn castling_moves_are_the_hand_derived_ones_and_all_moves_pyffishs() {
    for &(name, fen, expected) in CASES {
        let pos = position(name, fen);
        assert_eq!(castlings(&pos), set(expected), "{name} {fen}");
        assert_eq!(coords(&pos), fs_legal_moves(name, fen), "{name} {fen}");
    }
}

/// Fairy-Stockfish's perft counts of the same positions (depths 1 to 4).
#[test]
fn perft_from_960_arrays_is_fairy_stockfishs() {
    crate::perft::run_suite_within("chess960.perft", 1_000_000);
}

/// The rights are written as Fairy-Stockfish writes its 960 variants':
/// the rooks' files, kingside first (`get_fen`).
#[test]
fn castling_rights_are_written_with_the_rooks_files() {
    for &(name, fen, _) in CASES {
        let ours = write_fen(&position(name, fen));
        assert_eq!(ours, fs_fen_after(name, fen, &[]), "{name} {fen}");
    }
    // By hand: the orthodox array's rooks stand on h and a.
    let start = Position::start(&script("fischerandom"));
    assert_eq!(
        write_fen(&start),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
}

/// `KQkq` (X-FEN: the outermost rook on that side), the rooks' files
/// (Shredder-FEN) and the two mixed name the same rights.
#[test]
fn x_fen_shredder_fen_and_mixed_rights_read_alike() {
    let board = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R";
    for rights in ["KQkq", "HAha", "KAhq", "HQka"] {
        let pos = position("fischerandom", &format!("{board} w {rights} - 0 1"));
        assert_eq!(write_fen(&pos), format!("{board} w HAha - 0 1"), "{rights}");
        assert_eq!(castlings(&pos), set(&["b1a1", "b1h1"]), "{rights}");
    }
    // An inner rook: X-FEN's `Q` is the outer a1 rook, the file `C` the
    // inner one (FS writes X-FEN's as `HAha`).
    let board = "r1r1k2r/pppppppp/8/8/8/8/PPPPPPPP/R1R1K2R";
    let outer = position("fischerandom", &format!("{board} w KQkq - 0 1"));
    let inner = position("fischerandom", &format!("{board} w KCkc - 0 1"));
    // (The c1 rook stands in the way of the a1 rook's O-O-O.)
    assert_eq!(castlings(&outer), set(&["e1h1"]));
    assert_eq!(castlings(&inner), set(&["e1c1", "e1h1"]));
    assert_eq!(write_fen(&inner), format!("{board} w HChc - 0 1"));
}

/// A bad castling field gets a clear error pointing at its letter.
#[test]
fn bad_castling_fields_are_errors_at_their_letter() {
    let variant = script("fischerandom");
    let cases = [
        // No rook on the king's right (X-FEN `K`).
        (
            "4k3/8/8/8/8/8/8/R3K3 w K - 0 1",
            "K",
            "castling right `K`, but White has no Rook on the king's right on rank 1",
        ),
        // No rook on file b.
        (
            "4k3/8/8/8/8/8/8/R3K2R w B - 0 1",
            "B",
            "castling right `B`, but White has no Rook on b1 to castle with the king on e1",
        ),
        // Two rights on one side.
        (
            "4k3/8/8/8/8/8/8/R3K1RR w HG - 0 1",
            "G",
            "a second castling right on White's kingside",
        ),
        // No king on the castling rank.
        (
            "4k3/8/8/8/8/8/4K3/R6R w A - 0 1",
            "A",
            "castling right `A`, but White has no King on rank 1",
        ),
        // A file off the board.
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w Z - 0 1",
            "Z",
            "castling right `Z`, but the board has no file z",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w K1 - 0 1",
            "1",
            "`1` is not a castling right: `KQkq` or the rooks' files (`HAha`)",
        ),
    ];
    for (fen, letter, message) in cases {
        let e = parse_fen(&variant, fen).expect_err(fen);
        assert_eq!(e.message, message, "{fen}");
        let field = fen.split(' ').nth(2).unwrap();
        let at = fen.find(&format!(" {field} ")).unwrap() + 1 + field.find(letter).unwrap();
        assert_eq!((e.start, e.end), (at, at + 1), "{fen}");
    }
}

/// Coordinates write castling as the king taking its rook (UCI's chess960
/// form, pyffish's for these variants) and SAN as `O-O`/`O-O-O`; both
/// read back, and so does the king's move to its castling square where no
/// other move goes there. Orthodox chess keeps `e1g1`.
#[test]
fn castling_notation_is_fairy_stockfishs() {
    let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";
    let pos = position("fischerandom", fen);
    for (typed, coord, san) in [
        ("O-O", "b1h1", "O-O"),
        ("O-O-O", "b1a1", "O-O-O"),
        ("b1h1", "b1h1", "O-O"),
        ("b1g1", "b1h1", "O-O"),
        ("0-0-0", "b1a1", "O-O-O"),
    ] {
        let mv = parse_move(&pos, typed).unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(move_to_coord(&pos, mv), coord, "{typed}");
        assert_eq!(move_to_san(&pos, mv), san, "{typed}");
        assert_eq!(san, fs_san("fischerandom", fen, coord), "{typed}");
    }
    // The king on f1 steps to g1 as an ordinary move too: `f1g1` is that
    // step, and castling is `f1h1` or `O-O`.
    let fen = "4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1";
    let pos = position("fischerandom", fen);
    let step = parse_move(&pos, "f1g1").unwrap();
    assert_eq!(step.kind, MoveKind::Normal);
    assert_eq!(move_to_san(&pos, step), "Kg1");
    let castle = parse_move(&pos, "O-O").unwrap();
    assert_eq!(move_to_coord(&pos, castle), "f1h1");
    assert_eq!(coords(&pos), fs_legal_moves("fischerandom", fen));
    // Orthodox chess: castling is the king's move.
    let chess = Position::from_fen(
        &varia::compile_path("chess").unwrap(),
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    )
    .unwrap();
    assert_eq!(castlings(&chess), set(&["e1g1", "e1c1"]));
}

/// A game with castling from a 960 array: the FENs after each move are
/// pyffish's (`get_fen`): White's O-O (the king d1 to g1, the rook e1 to
/// f1) drops both its rights, Black's rook e8 moving drops its kingside
/// right, then Black's O-O-O the last; the PGN's SAN is pyffish's
/// (`get_san`) and reads back to the same game.
#[test]
fn a_960_game_keeps_fairy_stockfishs_fens() {
    let start = "bqrkrnnb/pppppppp/8/8/8/8/PPPPPPPP/BQRKRNNB w KQkq - 0 1";
    let moves = [
        "g2g3", "e7e5", "f1e3", "f8e6", "g1f3", "g8f6", "d1e1", "e8f8", "e3g4", "d8c8",
    ];
    let variant = script("fischerandom");
    let mut game = Game::from_fen(&variant, start).unwrap();
    for (i, mv) in moves.iter().enumerate() {
        game.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        assert_eq!(
            write_fen(game.position()),
            fs_fen_after("fischerandom", start, &moves[..=i]),
            "after {mv}"
        );
    }
    let pgn = game.to_pgn(&Default::default());
    assert!(pgn.contains("4. O-O Rf8 5. Ng4 O-O-O"), "{pgn}");
    let parsed = varia::notation::pgn::parse_pgn(&pgn).unwrap();
    let replayed = Game::from_pgn(&variant, &parsed).unwrap();
    assert_eq!(replayed.moves(), game.moves());
}

/// Random games from random arrays of the scripts' own shuffles, move for
/// move against pyffish: our FEN of each array (rights as the rooks'
/// files) is read by Fairy-Stockfish, our FENs of every position on are
/// pyffish's, and the games castle.
#[test]
fn random_games_from_shuffled_arrays_match_pyffish() {
    for (name, seeds) in [("fischerandom", 0..12u64), ("caparandom", 0..8)] {
        let variant = script(name);
        let starts: Vec<String> = seeds
            .map(|seed| write_fen(&Position::shuffled_start(&variant, seed).unwrap()))
            .collect();
        let mut args: Vec<&str> = vec!["--max-plies", "60", "--fen-every", "1"];
        for fen in &starts {
            args.extend(["--start", fen.as_str()]);
        }
        let lines = oracle(name, 600, 960, &args);
        compare(&variant, &lines);
        let mut castling_positions = 0;
        for line in &lines {
            let pos = Position::from_fen(&variant, line.fen()).unwrap();
            assert_eq!(write_fen(&pos), line.fen(), "{name}");
            castling_positions += usize::from(!castlings(&pos).is_empty());
        }
        assert!(
            castling_positions > 20,
            "{name}: castling was legal in only {castling_positions} positions"
        );
    }
}

/// The back ranks of a start position: White's pieces' letters (upper
/// case) and Black's (upper case too), files a to the last.
fn back_ranks(pos: &Position) -> (String, String) {
    let variant = pos.variant();
    let g = &variant.geometry;
    let last = i32::from(g.ranks()) - 1;
    let rank = |r: i32, color: Color| -> String {
        (0..i32::from(g.files()))
            .map(|f| match pos.piece_at(g.square(f, r).unwrap()) {
                Some(Piece { color: c, kind }) if c == color => variant.piece(kind).letter,
                _ => '.',
            })
            .collect()
    };
    (rank(0, Color::White), rank(last, Color::Black))
}

/// Whether a back rank (letters by file) keeps Chess960's rules: the two
/// bishops on files of different parity (squares of different colours),
/// the king between the rooks; and, for Capablanca random (with `A`),
/// the queen and the archbishop on different colours too.
fn keeps_960_rules(rank: &str) -> bool {
    let at = |c: char| -> Vec<usize> {
        rank.char_indices()
            .filter(|&(_, x)| x == c)
            .map(|(i, _)| i)
            .collect()
    };
    let (b, r, k) = (at('B'), at('R'), at('K'));
    let bishops = b.len() == 2 && b[0] % 2 != b[1] % 2;
    let king = r.len() == 2 && k.len() == 1 && r[0] < k[0] && k[0] < r[1];
    let queen_archbishop = match (&at('Q')[..], &at('A')[..]) {
        ([q], [a]) => q % 2 != a % 2,
        (_, []) => true,
        _ => false,
    };
    bishops && king && queen_archbishop
}

/// Every distinct order of `pieces` (letters).
fn orders(pieces: &str) -> HashSet<String> {
    fn go(left: &mut Vec<char>, prefix: &mut String, out: &mut HashSet<String>) {
        if left.is_empty() {
            out.insert(prefix.clone());
            return;
        }
        for i in 0..left.len() {
            if left[..i].contains(&left[i]) {
                continue;
            }
            let c = left.remove(i);
            prefix.push(c);
            go(left, prefix, out);
            prefix.pop();
            left.insert(i, c);
        }
    }
    let mut out = HashSet::new();
    go(&mut pieces.chars().collect(), &mut String::new(), &mut out);
    out
}

/// The fischerandom script's shuffle deals exactly Chess960's arrays:
/// counted by hand from the rules (every order of RNBQKBNR kept by
/// [`keeps_960_rules`]: 960 of the 5040), each array dealt for some seed
/// of the first 20000, Black mirroring White, the same seed the same
/// array, and every array with both castling rights (on the rooks' files).
#[test]
fn the_fischerandom_shuffle_deals_all_960_arrays_and_only_them() {
    let all: HashSet<String> = orders("RNBQKBNR")
        .into_iter()
        .filter(|r| keeps_960_rules(r))
        .collect();
    assert_eq!(all.len(), 960);
    let variant = script("fischerandom");
    let mut dealt = HashSet::new();
    for seed in 0..20_000 {
        let pos = Position::shuffled_start(&variant, seed).unwrap();
        let (white, black) = back_ranks(&pos);
        assert_eq!(white, black, "seed {seed}");
        assert!(all.contains(&white), "seed {seed}: {white}");
        if dealt.insert(white.clone()) {
            let fen = write_fen(&pos);
            let rooks: Vec<char> = white
                .char_indices()
                .filter(|&(_, c)| c == 'R')
                .map(|(i, _)| (b'A' + i as u8) as char)
                .collect();
            let rights = format!(
                "{}{}{}{}",
                rooks[1],
                rooks[0],
                rooks[1].to_ascii_lowercase(),
                rooks[0].to_ascii_lowercase()
            );
            assert_eq!(fen.split(' ').nth(2), Some(rights.as_str()), "{fen}");
            assert!(fen.contains("/pppppppp/8/8/8/8/PPPPPPPP/"), "{fen}");
        }
    }
    assert_eq!(dealt.len(), 960);
    let again = Position::shuffled_start(&variant, 4321).unwrap();
    assert_eq!(
        write_fen(&again),
        write_fen(&Position::shuffled_start(&variant, 4321).unwrap())
    );
}

/// Capablanca random arrays keep its rules (bishops, and queen and
/// archbishop, on opposite colours; the king between the rooks: 48000
/// orders, counted by hand below and by brute force), 2000 seeds deal
/// nearly as many different ones, and orthodox chess has no shuffle.
#[test]
fn capablanca_random_arrays_keep_its_rules() {
    let variant = script("caparandom");
    let mut dealt = HashSet::new();
    for seed in 0..2_000 {
        let pos = Position::shuffled_start(&variant, seed).unwrap();
        let (white, black) = back_ranks(&pos);
        assert_eq!(white, black, "seed {seed}");
        assert!(keeps_960_rules(&white), "seed {seed}: {white}");
        let mut letters: Vec<char> = white.chars().collect();
        letters.sort_unstable();
        assert_eq!(letters.iter().collect::<String>(), "ABBCKNNQRR");
        dealt.insert(white);
    }
    // Orders kept by the rules: 10!/(2!2!2!) orders, of which bishops
    // apart (5·5·2/(10·9)), queen and archbishop apart (4·4·2/(8·7)) and
    // the king between the rooks (1/3): 453600·(5/9)·(4/7)·(1/3) = 48000.
    let kept = orders("RNABQKBCNR")
        .into_iter()
        .filter(|r| keeps_960_rules(r))
        .count();
    assert_eq!(kept, 48_000);
    assert!(dealt.len() > 1_900, "{} different arrays", dealt.len());
    let chess = varia::compile_path("chess").unwrap();
    assert!(Position::shuffled_start(&chess, 1).is_none());
    assert!(Game::shuffled(&chess, 1).is_none());
}
