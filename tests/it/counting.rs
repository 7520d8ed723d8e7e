//! Makruk's counting rules (`counting board …`, `counting bare …`) and
//! Makpong's king (`restrict King: in check only take the checker`),
//! against Fairy-Stockfish's built-in `makruk`, `makpong`, `asean`,
//! `ai-wok` and `cambodian`: random endgames, move for move, every FEN
//! (FS writes a running count in place of the en passant and halfmove
//! fields) and every verdict of its `is_optional_game_end`. (Random games from the
//! start seldom reach a count; their perft and differential are in
//! catalogue.rs.)

use std::collections::BTreeSet;

use crate::common;
use common::moves::moves as coords;
use common::oracle::{compare, optional_end, oracle, script};

use varia::notation::fen::write_fen;
use varia::notation::san::parse_move;
use varia::teach::outcome::describe;
use varia::vm::{Count, Position};

/// Random games of up to 150 plies from each of `starts` in turn (enough
/// positions for every start to begin a game at least once): every
/// position's legal moves, FEN (ours of FS's, character for character)
/// and optional game end agree with pyffish, and enough of them have a
/// running count, and a count run out, for the check to mean something.
fn counts_as_fairy_stockfish(name: &str, starts: &[&str], seed: u64) {
    counts_as_in(
        &script(name),
        name,
        (starts, 1500.max(151 * starts.len())),
        seed,
        &[],
    );
}

/// [`counts_as_fairy_stockfish`] for `variant` against FS's `name`, `count`
/// positions, with more arguments for the oracle (`--config FILE`).
fn counts_as_in(
    variant: &std::sync::Arc<varia::ir::Variant>,
    name: &str,
    (starts, count): (&[&str], usize),
    seed: u64,
    config: &[&str],
) {
    let variant = variant.clone();
    let mut extra = vec!["--fen-every", "1", "--optional-end", "--max-plies", "150"];
    extra.extend(config);
    for start in starts {
        extra.extend(["--start", start]);
    }
    let lines = oracle(name, count, seed, &extra);
    compare(&variant, &lines);
    let (mut counting, mut ran_out) = (0, 0);
    for line in &lines {
        let fen = line.fen();
        let pos = Position::from_fen(&variant, fen).unwrap();
        assert_eq!(write_fen(&pos), fen, "{name}: our FEN of FS's");
        let ours = optional_end(&pos);
        assert_eq!(Some(ours), line.optional_end, "{name}: game end at {fen}");
        counting += usize::from(pos.count().is_some());
        ran_out += usize::from(ours);
    }
    assert!(
        counting > count / 3 && ran_out > count / 75,
        "{name}: only {counting} positions count, {ran_out} ran out"
    );
}

/// Endgames of every pieces' honour limit (two rooks, one, two khons, two
/// knights, one khon, a met: 8, 16, 22, 32, 44, 64 moves), the board's
/// honour (no pawns, both sides with more than a king), pawns still to be
/// taken or promoted (the count starts when the last goes), a bare king
/// that takes the last pawn itself, and counts given in the FEN.
const MAKRUK_ENDGAMES: &[&str] = &[
    "8/8/2k5/8/8/3RRK2/8/8 w - - 0 1",
    "8/8/3k4/8/8/2R1K3/8/8 w - - 0 1",
    "8/3k4/8/8/8/2SSK3/8/8 w - - 0 1",
    "8/3k4/8/8/8/2NNK3/8/8 w - - 0 1",
    "8/3k4/8/8/8/3SK3/8/8 w - - 0 1",
    "8/2k5/8/8/8/3MK3/8/8 w - - 0 1",
    "3rk3/8/8/8/8/8/8/R2MK3 w - - 0 1",
    "4k3/3s4/8/3p4/8/4P3/8/R3K3 w - - 0 1",
    "8/8/3k4/3P4/8/8/8/2R1K3 b - - 0 1",
    "8/8/3k4/8/8/4p3/2R1K3/8 w - - 0 1",
    "8/8/3k4/8/2R5/4K3/8/8 b - 32 28 1",
    "2n1k3/8/8/8/8/8/8/R2NK3 w - 128 120 1",
];

#[test]
fn makruk_counts_as_fairy_stockfish() {
    counts_as_fairy_stockfish("makruk", MAKRUK_ENDGAMES, 701);
}

#[test]
fn makpong_counts_and_its_king_takes_only_the_checker_as_fairy_stockfish() {
    counts_as_fairy_stockfish("makpong", MAKRUK_ENDGAMES, 703);
}

/// Ai-wok: Makruk's counts, with the Ai-wok (`A`) in the Met's place.
#[test]
fn ai_wok_counts_as_fairy_stockfish() {
    let endgames: Vec<String> = MAKRUK_ENDGAMES
        .iter()
        .map(|f| f.replace('M', "A"))
        .collect();
    let endgames: Vec<&str> = endgames.iter().map(String::as_str).collect();
    counts_as_fairy_stockfish("ai-wok", &endgames, 705);
}

/// Cambodian chess: Makruk's endgames with its own counts (one move
/// fewer each: 7, 15, 21, 31, 43, 63) and its board's honour for a side
/// of at most 3 pieces, pawns or not (`counting board 63 when at most 3
/// pieces`), which the pawn endgames here start; kings that have never
/// moved leap and lose the leap to a rook (`DEde`).
#[test]
fn cambodian_counts_as_fairy_stockfish() {
    // Its own endgames, then Makruk's.
    let mut endgames = vec![
        "2s1k2r/3p4/8/8/8/8/3P4/2S1K2R b - - 0 1",
        "2s1k3/3p4/8/8/8/8/3P4/2S1K2R w - - 0 1",
        "4k3/8/3p4/8/8/3P4/8/3RK3 w - - 0 1",
        "3k4/2p5/8/8/8/5P2/4P3/3KR3 w D - 0 1",
        "r2k4/8/8/3p4/8/4P3/8/3K4 b Dd - 0 1",
    ];
    endgames.extend(MAKRUK_ENDGAMES);
    counts_as_fairy_stockfish("cambodian", &endgames, 709);
}

/// ASEAN: only a bare king counts, from 0: 16 moves against a rook, 44
/// against a khon (`B`), 64 against a knight, none against mets (`Q`)
/// alone; pawns promote on the last rank; the fifty-move rule too.
#[test]
fn asean_counts_as_fairy_stockfish() {
    counts_as_fairy_stockfish("asean", ASEAN_ENDGAMES, 707);
}

/// The ASEAN endgames: a rook, a khon (`B`), a knight, two mets (`Q`,
/// which no count starts against), the pawns' last captures, a count
/// given in the FEN.
const ASEAN_ENDGAMES: &[&str] = &[
    "8/8/3k4/8/8/2R1K3/8/8 w - - 0 1",
    "8/3k4/8/8/8/3BK3/8/8 w - - 0 1",
    "8/3k4/8/8/8/3NK3/8/8 w - - 0 1",
    "8/3k4/8/8/8/2QQK3/8/8 w - - 0 1",
    "3rk3/8/8/8/8/8/8/R2QK3 w - - 0 1",
    "4k3/3b4/8/3p4/8/4P3/8/R3K3 w - - 0 1",
    "8/8/3k4/3P4/8/8/8/2R1K3 b - - 0 1",
    "8/8/3k4/8/2R5/4K3/8/8 b - 32 28 1",
];

/// A section of one's own with `countingRule = makruk` (and
/// `makpongRule`), or `asean`, imported by `varia import`: its endgames
/// play, write their FENs and end as FS plays the section itself, and so
/// does one with `cambodian` (its board's honour for at most 3 pieces).
#[test]
fn imported_counting_sections_count_as_fairy_stockfish() {
    let ini = "[mymakruk]\npawn = p\nknight = n\nrook = r\nsilver = s\nfers = m\n\
               bishop = -\nqueen = -\nking = k\ndoubleStep = false\ncastling = false\n\
               promotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\n\
               promotionPieceTypes = m\nnMoveRule = 0\ncountingRule = makruk\n\
               startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1\n\
               [mymakpong:mymakruk]\nmakpongRule = true\n\
               [myasean]\npawn = p\nknight = n\nrook = r\nsilver = b\nfers = q\n\
               bishop = -\nqueen = -\nking = k\ndoubleStep = false\ncastling = false\n\
               promotionPieceTypes = rnbq\ncountingRule = asean\n\
               startFen = rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1\n\
               [mycambodian:mymakruk]\ncountingRule = cambodian\n";
    let dir = common::bin::temp_dir("counting", "import");
    let file = dir.join("counting.ini");
    std::fs::write(&file, ini).unwrap();
    let config = file.to_str().unwrap();
    let imported = varia::bridge::import::import_ini(ini, &[]);
    let [Ok(makruk), Ok(makpong), Ok(asean), Ok(cambodian)] = imported.as_slice() else {
        panic!("{imported:?}");
    };
    common::assert_has_lines(
        &cambodian.script,
        &[
            "counting board 63 when at most 3 pieces",
            "counting bare from pieces when no Pawn: 7 against 2 Rook, 15 against Rook, 21 against 2 Silver, 31 against 2 Knight, 43 against Silver, 63 otherwise",
        ],
    );
    assert!(makpong
        .script
        .contains("restrict King: in check only take the checker\n"));
    assert!(asean.script.contains(
        "counting bare when no Pawn: 16 against Rook, 44 against Silver, 64 against Knight\n"
    ));
    for (imported, name, starts, seed) in [
        (makruk, "mymakruk", MAKRUK_ENDGAMES, 711),
        (makpong, "mymakpong", MAKRUK_ENDGAMES, 713),
        (asean, "myasean", ASEAN_ENDGAMES, 715),
        (cambodian, "mycambodian", MAKRUK_ENDGAMES, 717),
    ] {
        let variant = varia::compile_source("imported.variant", &imported.script).unwrap();
        counts_as_in(&variant, name, (starts, 500), seed, &["--config", config]);
    }
}

/// Derived by hand from the rules (and Fairy-Stockfish's FENs, which the
/// tests above compare): the count starts from the pieces on the board,
/// runs out one ply past its limit, and yields to checkmate.
#[test]
fn a_bare_king_counts_from_the_pieces_on_the_board() {
    let variant = script("makruk");
    // King and rook against a bare king: White's first move starts
    // Black's count at 2 x 3 pieces = 6 plies, to 16 moves = 32 plies.
    let mut pos = Position::from_fen(&variant, "8/8/3k4/8/8/2R1K3/8/8 w - - 0 1").unwrap();
    assert_eq!(pos.count(), None);
    pos.play_unchecked(parse_move(&pos, "Rc4").unwrap());
    assert_eq!(pos.count(), Some(Count { limit: 32, ply: 6 }));
    assert_eq!(write_fen(&pos), "8/8/3k4/8/2R5/4K3/8/8 b - 32 6 1");
    // At ply 32 the game goes on; one ply more and it is drawn (the moves
    // are still legal, as Fairy-Stockfish's are: the end may be claimed).
    let mut pos = Position::from_fen(&variant, "8/8/3k4/8/2R5/4K3/8/8 b - 32 32 1").unwrap();
    assert_eq!(describe(&pos, &pos.outcome().unwrap()), "the game goes on");
    pos.play_unchecked(parse_move(&pos, "Kd5").unwrap());
    assert_eq!(pos.count(), Some(Count { limit: 32, ply: 33 }));
    assert_eq!(
        describe(&pos, &pos.outcome().unwrap()),
        "the count of 16 moves ran out, draw (1/2-1/2)"
    );
    assert!(!coords(&pos).is_empty());
    // Checkmate on the ply the count runs out still wins.
    let mut pos = Position::from_fen(&variant, "k7/8/1K6/8/8/8/8/7R w - 32 32 1").unwrap();
    pos.play_unchecked(parse_move(&pos, "Rh8").unwrap());
    assert!(pos.count_has_run_out());
    assert_eq!(
        describe(&pos, &pos.outcome().unwrap()),
        "checkmate, White wins (1-0)"
    );
    // The bare king that takes the last pawn counts at once, from
    // 2 x 3 - 1 plies (its opponent's reply makes it 2 x 3).
    let mut pos = Position::from_fen(&variant, "8/8/3k4/3P4/8/8/8/2R1K3 b - - 0 1").unwrap();
    pos.play_unchecked(parse_move(&pos, "Kxd5").unwrap());
    assert_eq!(pos.count(), Some(Count { limit: 32, ply: 5 }));
    // While a pawn is on the board, nothing counts.
    let mut pos = Position::from_fen(&variant, "8/8/3k4/8/8/4p3/2R1K3/8 w - - 0 1").unwrap();
    pos.play_unchecked(parse_move(&pos, "Rc4").unwrap());
    assert_eq!(pos.count(), None);
    // Taking it bares Black's king: its count starts (two rooks' worth
    // would be 8 moves; one rook, 16), from 2 x 3 pieces.
    let mut pos = Position::from_fen(&variant, "8/8/3k4/8/8/4p3/4R3/4K3 w - - 0 1").unwrap();
    pos.play_unchecked(parse_move(&pos, "Rxe3").unwrap());
    assert_eq!(pos.count(), Some(Count { limit: 32, ply: 6 }));
}

/// The board's honour: no pawns and more than a king each, and the side to
/// move counts from 0 to 64 moves; ASEAN has no such count.
#[test]
fn the_board_counts_once_no_pawn_is_left() {
    let variant = script("makruk");
    let mut pos = Position::from_fen(&variant, "3rk3/8/8/3p4/8/8/8/R2MK3 w - - 0 1").unwrap();
    pos.play_unchecked(parse_move(&pos, "Ra5").unwrap());
    assert_eq!(pos.count(), None, "a pawn is left");
    pos.play_unchecked(parse_move(&pos, "Rd6").unwrap());
    pos.play_unchecked(parse_move(&pos, "Rxd5").unwrap());
    assert_eq!(pos.count(), Some(Count { limit: 128, ply: 0 }));
    pos.play_unchecked(parse_move(&pos, "Rxd5").unwrap());
    assert_eq!(pos.count(), Some(Count { limit: 128, ply: 1 }));
    let asean = script("asean");
    let mut pos = Position::from_fen(&asean, "3rk3/8/8/8/8/8/8/R2QK3 w - - 0 1").unwrap();
    pos.play_unchecked(parse_move(&pos, "Ra5").unwrap());
    assert_eq!(pos.count(), None);
}

/// Makpong: a king in check may only take the checking piece (Makruk's
/// king may also step away); in a double check it cannot move at all.
/// Derived by hand; pyffish's legal moves agree (and its games above).
#[test]
fn a_makpong_king_in_check_only_takes_the_checker() {
    let set = |s: &str| -> BTreeSet<String> { s.split_whitespace().map(String::from).collect() };
    let single = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
    let double = "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1";
    for (name, fen, expected) in [
        ("makruk", single, set("e1d1 e1e2 e1f1")),
        ("makpong", single, set("e1e2")),
        ("makruk", double, set("e1d2 e1e2")),
        ("makpong", double, set("")),
    ] {
        let pos = Position::from_fen(&script(name), fen).unwrap();
        assert_eq!(coords(&pos), expected, "{name} at {fen}");
        let fs = &oracle(name, 1, 1, &["--start", fen, "--fen-every", "1"])[0].moves;
        assert_eq!(fs, &expected, "pyffish's {name} at {fen}");
    }
}
