//! Pieces in hand: drops, capture to hand with demotion, promoted marks,
//! FEN hands, drop notation and the drop rules (`one-per-file`,
//! `no-mate`, `never-stuck`), and crazyhouse against pyffish.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::common;
use common::moves::moves as coords;
use common::oracle::{compare, oracle, script};

use varia::compile_source;
use varia::ir::piece::{Color, Piece};
use varia::ir::Variant;
use varia::notation::coord::move_to_coord;
use varia::notation::fen::write_fen;
use varia::notation::pgn::{parse_pgn, replay, write_pgn, PgnHeader};
use varia::notation::san::{move_to_san, parse_move};
use varia::vm::Position;

fn crazyhouse(fen: &str) -> Position {
    Position::from_fen(&script("crazyhouse"), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// 1000 positions of random crazyhouse games (drops, captures to hand,
/// promoted pieces returning as pawns): the legal moves agree with
/// pyffish move for move, and so do the placement and hands fields of
/// the FEN we write back (`~` marks and the hand order included).
#[test]
fn crazyhouse_legal_moves_and_fens_match_pyffish() {
    let variant = script("crazyhouse");
    let lines = oracle("crazyhouse", 1000, 11, &[]);
    compare(&variant, &lines);
    let mut with_hands = 0;
    for fen in lines.iter().filter_map(|l| l.fen.as_deref()) {
        let pos = Position::from_fen(&variant, fen).expect("compare read it");
        let ours = write_fen(&pos);
        let field = |f: &str| f.split(' ').next().unwrap_or("").to_string();
        assert_eq!(field(&ours), field(fen), "placement and hands of {fen}");
        with_hands += usize::from(!fen.contains("[]"));
        // The same position with its hands as a ninth rank (`…/RNBQKBNR/Pn`,
        // which lichess's libraries and Fairy-Stockfish also read).
        let slashed = fen.replacen('[', "/", 1).replacen(']', "", 1);
        let again =
            Position::from_fen(&variant, &slashed).unwrap_or_else(|e| panic!("{slashed}: {e}"));
        assert_eq!(write_fen(&again), ours, "{slashed}");
    }
    assert!(
        with_hands > 20,
        "only {with_hands} FENs with pieces in hand"
    );
}

#[test]
fn a_capture_goes_to_the_capturers_hand_and_a_promoted_piece_as_a_pawn() {
    let mut pos = crazyhouse("4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1");
    let before = write_fen(&pos);
    let hash = pos.hash();
    let promote = parse_move(&pos, "b8=Q+").unwrap();
    let undo = pos.play_unchecked(promote);
    assert_eq!(write_fen(&pos), "1Q~2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    pos.assert_valid();
    pos.unplay(promote, undo);
    assert_eq!(write_fen(&pos), before);
    assert_eq!(pos.hash(), hash);

    // Black's rook takes the promoted queen: Black holds a pawn, not a queen.
    let mut pos = crazyhouse("rQ~2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    let mv = parse_move(&pos, "Rxb8").unwrap();
    let undo = pos.play_unchecked(mv);
    assert_eq!(write_fen(&pos), "1r2k3/8/8/8/8/8/8/4K3[p] w - - 0 2");
    pos.assert_valid();
    pos.unplay(mv, undo);
    assert_eq!(write_fen(&pos), "rQ~2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    pos.assert_valid();
    // An unpromoted queen comes back as a queen.
    let mut pos = crazyhouse("rQ2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    let mv = parse_move(&pos, "Rxb8").unwrap();
    pos.play_unchecked(mv);
    assert_eq!(write_fen(&pos), "1r2k3/8/8/8/8/8/8/4K3[q] w - - 0 2");
}

#[test]
fn drops_are_moves_written_p_at_square_and_take_a_piece_from_hand() {
    let mut pos = crazyhouse("4k3/8/8/8/8/8/8/4K3[Pn] w - - 0 1");
    let moves = coords(&pos);
    // 5 king moves; a pawn on the 48 empty squares of ranks 2 to 7.
    assert_eq!(moves.len(), 5 + 48);
    assert!(moves.contains("P@e2") && !moves.contains("P@e1") && !moves.contains("P@e8"));
    assert!(
        !moves.iter().any(|m| m.starts_with("N@")),
        "White has no knight in hand"
    );
    // A pawn on d7 attacks e8: the drop checks.
    let drop = parse_move(&pos, "P@d7").unwrap();
    assert_eq!(move_to_san(&pos, drop), "P@d7+");
    let hash = pos.hash();
    let undo = pos.play_unchecked(drop);
    assert_eq!(write_fen(&pos), "4k3/3P4/8/8/8/8/8/4K3[n] b - - 0 1");
    assert_eq!(
        pos.in_hand(Piece {
            color: Color::White,
            kind: pos.kind_named("Pawn").unwrap()
        }),
        0
    );
    // A pawn's check cannot be blocked: Black's knight in hand does not help.
    let answers = coords(&pos);
    assert!(answers.contains("e8d7") && !answers.iter().any(|m| m.contains('@')));
    let mut quiet = crazyhouse("4k3/8/8/8/8/8/8/4K3[n] b - - 0 1");
    // Black's drops are written with the upper-case letter, as in UCI.
    assert!(coords(&quiet).contains("N@d6"));
    let n = parse_move(&quiet, "N@d6").unwrap();
    quiet.play_unchecked(n);
    assert_eq!(write_fen(&quiet), "4k3/8/3n4/8/8/8/8/4K3[] w - - 0 2");
    pos.unplay(drop, undo);
    assert_eq!(pos.hash(), hash);
    assert_eq!(write_fen(&pos), "4k3/8/8/8/8/8/8/4K3[Pn] w - - 0 1");
}

#[test]
fn a_drop_may_block_a_check_and_nothing_else_is_legal() {
    // The rook on e8 checks along the e-file: the king moves, or a piece
    // is dropped on e2..e7 (no pawn drop on e8 or e1 applies).
    let pos = crazyhouse("4r1k1/8/8/8/8/8/8/4K3[N] w - - 0 1");
    let moves = coords(&pos);
    let drops: Vec<&String> = moves.iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops, ["N@e2", "N@e3", "N@e4", "N@e5", "N@e6", "N@e7"]);
}

#[test]
fn bad_drops_are_refused_with_the_reason() {
    let pos = crazyhouse("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    let reason = |text: &str| parse_move(&pos, text).unwrap_err().to_string();
    assert_eq!(reason("N@e4"), "you have no knight in hand");
    assert_eq!(reason("P@a8"), "a pawn may not be dropped on a8");
    assert_eq!(reason("P@e1"), "e1 is not empty");
    assert_eq!(
        reason("X@e4"),
        "this variant has no piece with the letter X"
    );
    assert_eq!(reason("P@z9"), "z9 is not on this board");
    let chess = Position::start(&varia::compile_path("chess").unwrap());
    assert_eq!(
        parse_move(&chess, "P@e4").unwrap_err().to_string(),
        "this variant has no pieces in hand"
    );
}

#[test]
fn fen_hands_errors_are_clear_and_positions_unchanged() {
    let chess = varia::compile_path("chess").unwrap();
    let zh = script("crazyhouse");
    let err = |v: &Arc<Variant>, fen: &str| Position::from_fen(v, fen).unwrap_err().to_string();
    assert_eq!(
        err(&chess, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1"),
        "`[Q]` gives pieces in hand, but this variant has no pieces in hand"
    );
    assert_eq!(
        err(&chess, "4k3/8/8/8/8/8/8/Q~3K3 w - - 0 1"),
        "`~` marks a promoted piece, but this variant does not remember promoted pieces"
    );
    assert_eq!(
        err(&zh, "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1"),
        "no piece has the letter `X`"
    );
    assert_eq!(
        err(&zh, "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1"),
        "`K` is a royal piece: it cannot be in hand"
    );
    assert_eq!(
        err(&zh, "4k3/8/8/8/8/8/8/4K3[Q w - - 0 1"),
        "`[Q` is not a hands field such as `[Qp]`"
    );
    assert_eq!(
        err(&zh, "~4k3/8/8/8/8/8/8/4K3[] w - - 0 1"),
        "`~` marks a promoted piece but follows none"
    );
    let many = format!("4k3/8/8/8/8/8/8/4K3[{}] w - - 0 1", "P".repeat(129));
    assert_eq!(err(&zh, &many), "more than 128 `P` in hand");
    // Empty hands are written `[]` and read as `[]`, `[-]` or a bare `/`.
    let a = Position::from_fen(&zh, "4k3/8/8/8/8/8/8/4K3[-] w - - 0 1").unwrap();
    assert_eq!(write_fen(&a), "4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    let b = Position::from_fen(&zh, "4k3/8/8/8/8/8/8/4K3/ w - - 0 1").unwrap();
    assert_eq!(write_fen(&b), "4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    // Hands after a slash: the same checks as in brackets, and a ninth
    // rank that is not a hand is still a ninth rank.
    assert_eq!(
        err(&zh, "4k3/8/8/8/8/8/8/4K3/Kq w - - 0 1"),
        "`K` is a royal piece: it cannot be in hand"
    );
    assert_eq!(
        err(&zh, "4k3/8/8/8/8/8/8/4K3/8 w - - 0 1"),
        "the board has 8 ranks but the FEN gives 9"
    );
    assert_eq!(
        err(&chess, "4k3/8/8/8/8/8/8/4K3/Q w - - 0 1"),
        "the board has 8 ranks but the FEN gives 9"
    );
}

#[test]
fn hands_are_part_of_the_hash_and_of_equality() {
    let a = crazyhouse("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    let b = crazyhouse("4k3/8/8/8/8/8/8/4K3[p] w - - 0 1");
    let c = crazyhouse("4k3/8/8/8/8/8/8/4K3[PP] w - - 0 1");
    assert!(a != b && a != c && b != c);
    assert!(a.hash() != b.hash() && a.hash() != c.hash() && b.hash() != c.hash());
    let q = crazyhouse("4k3/8/8/8/8/8/8/Q3K3[] w - - 0 1");
    let promoted = crazyhouse("4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1");
    assert!(q != promoted && q.hash() != promoted.hash());
}

#[test]
fn a_pgn_with_drops_round_trips() {
    let variant = script("crazyhouse");
    let start = Position::start(&variant);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for text in ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "P@e4"] {
        let mv = parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    let pgn = write_pgn(&start, &moves, "*", &PgnHeader::default());
    assert!(pgn.contains("[Variant \"Crazyhouse\"]"), "{pgn}");
    assert!(pgn.contains("4. P@e4"), "{pgn}");
    let game = parse_pgn(&pgn).unwrap();
    let (_, replayed) = replay(&variant, &game).unwrap();
    assert_eq!(replayed, moves);
}

/// A 5x5 test variant with the shogi drop rules on a pawn that steps
/// forward (`fW`) and a gold (`WfF`).
const DROP_RULES: &str = r#"
variant "Drop rules"
board 5 x 5
symmetry rotate
piece King K "K" royal
piece Gold G "WfF"
piece Pawn P "fW"
checkmate loses
stalemate loses
hands keep captures
drop Pawn one-per-file no-mate never-stuck
setup "k4/5/5/5/4K[PGpg] w - - 0 1"
"#;

fn drop_rules(fen: &str) -> Position {
    let variant =
        compile_source("drop-rules.variant", DROP_RULES).unwrap_or_else(|e| panic!("{e}"));
    Position::from_fen(&variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn pawn_drops(pos: &Position) -> Vec<String> {
    coords(pos)
        .into_iter()
        .filter(|m| m.starts_with("P@"))
        .collect()
}

#[test]
fn pawn_drops_follow_never_stuck_one_per_file_and_no_mate() {
    // Black's king on e5, White's golds on c4 and e3, a white pawn on b2.
    // P@e4 would check, and the king could go nowhere (d5 and d4 are the
    // c4 gold's, e4 is guarded by the e3 gold): mate by a pawn drop, so
    // illegal. Rank 5 is never-stuck (the pawn could never move), the
    // b-file has a white pawn. Left: ranks 1-4, 16 empty squares, minus
    // b1 b3 b4 and e4: 12.
    let pos = drop_rules("4k/2G2/4G/1P3/K4[P] w - - 0 1");
    assert_eq!(
        pawn_drops(&pos),
        [
            "P@a2", "P@a3", "P@a4", "P@c1", "P@c2", "P@c3", "P@d1", "P@d2", "P@d3", "P@d4", "P@e1",
            "P@e2"
        ]
    );
    assert_eq!(
        parse_move(&pos, "P@e4").unwrap_err().to_string(),
        "a pawn may not be dropped to give checkmate"
    );
    assert_eq!(
        parse_move(&pos, "P@b3").unwrap_err().to_string(),
        "a pawn may not be dropped on a file that has one of your pawns"
    );
    assert_eq!(
        parse_move(&pos, "P@a5").unwrap_err().to_string(),
        "a pawn may not be dropped on a5"
    );
    // Without the c4 gold the king escapes to d4 or d5: the check is legal.
    let pos = drop_rules("4k/5/4G/1P3/K4[P] w - - 0 1");
    assert!(pawn_drops(&pos).contains(&"P@e4".to_string()));
    // A gold has no such rules: it may be dropped on every empty square,
    // the last rank included, and may mate.
    let pos = drop_rules("4k/2G2/4G/1P3/K4[G] w - - 0 1");
    let golds = coords(&pos)
        .into_iter()
        .filter(|m| m.starts_with("G@"))
        .count();
    assert_eq!(golds, 25 - 5);
    // Black's pawn, seen from Black's side (rotated): never on rank 1.
    let pos = drop_rules("4k/5/5/5/K4[p] b - - 0 1");
    let black = pawn_drops(&pos);
    assert_eq!(black.len(), 20 - 1);
    assert!(black.iter().all(|m| !m.ends_with('1')));
}

/// The computer opponent plays drops: with only a rook in hand and a
/// bare king on the board, every mate is a rook drop on the back rank
/// (a8..e8: the king on g8 is walled in by its own pawns, h8 is seen
/// through it), and the engine finds one at depth 2.
#[test]
fn the_engine_finds_a_drop_mate() {
    use varia::engine::{Engine, Limits};
    use varia::vm::{EndReason, Outcome};
    let pos = crazyhouse("6k1/5ppp/8/8/8/8/8/K7[R] w - - 0 1");
    let mut engine = Engine::with_table_bits(&pos, 16);
    let result = engine.search(&pos, Limits::depth(2), |_| {});
    let best = result.best.expect("a move");
    let text = move_to_coord(&pos, best);
    assert!(
        ["R@a8", "R@b8", "R@c8", "R@d8", "R@e8"].contains(&text.as_str()),
        "{text}"
    );
    let mut after = pos.clone();
    after.play_unchecked(best);
    assert!(matches!(
        after.outcome().unwrap(),
        Outcome::Decisive {
            reason: EndReason::Checkmate,
            ..
        }
    ));
}

/// Nahbi Chess from the start, counted by hand: 20 pawn moves (one or
/// two steps), each Cannon hops its own pawn to take the enemy pawn
/// (b1xb9, i1xi9), each Nahbi leaps over its pawn (c1-c3, h1-h3), nothing
/// else moves on the board; and the Archer and the Alfil may each be
/// dropped on the 30 empty squares of ranks 3-5 (the own half ends at the
/// Equator, between ranks 5 and 6): 24 + 60 = 84. Black, after 1.a3,
/// drops on its own half only (ranks 6-8 empty, 30 squares each).
#[test]
fn nahbi_drops_archers_and_alfils_on_the_own_half() {
    let variant = script("nahbi");
    let pos = Position::start(&variant);
    let moves = coords(&pos);
    assert_eq!(moves.len(), 84);
    assert_eq!(moves.iter().filter(|m| m.contains('@')).count(), 60);
    assert!(moves.contains("b1b9") && moves.contains("c1c3") && moves.contains("A@j5"));
    assert!(!moves.contains("A@a6"));
    let mut pos = pos;
    pos.play_unchecked(parse_move(&pos, "a3").unwrap());
    let black: Vec<String> = coords(&pos)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(black.len(), 60);
    assert!(black
        .iter()
        .all(|m| ["6", "7", "8"].iter().any(|r| m.ends_with(r))));
    // Captures leave the game in this profile (`hands` without `keep
    // captures`): the cannon's capture of b9 adds nothing to a hand.
    let mut pos = Position::start(&variant);
    pos.play_unchecked(parse_move(&pos, "b1b9").unwrap());
    assert_eq!(
        write_fen(&pos),
        "rcmbkqbmcr/pCpppppppp/10/10/10/10/10/10/PPPPPPPPPP/R1MBQKBMCR[AAFFaaff] b KQkq - 0 1"
    );
}

/// A move-filter hook sees a drop as `mv.kind == "drop"` with the piece
/// from hand and its colour: here Black may drop no knight.
#[test]
fn hooks_see_drops_with_the_piece_from_hand() {
    let script = format!(
        "{}\nhook move-filter {{ !(mv.kind == \"drop\" && mv.piece == \"Knight\" && mv.color == \"black\") }}\n",
        std::fs::read_to_string(common::oracle::manifest_dir().join("scripts/fairy-stockfish/crazyhouse.variant")).unwrap()
    );
    let variant = compile_source("zh-hook.variant", &script).unwrap_or_else(|e| panic!("{e}"));
    let fen = "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1";
    let white = Position::from_fen(&variant, fen).unwrap();
    assert_eq!(
        coords(&white)
            .iter()
            .filter(|m| m.starts_with("N@"))
            .count(),
        62
    );
    let black = Position::from_fen(&variant, &fen.replace(" w ", " b ")).unwrap();
    let drops = coords(&black)
        .into_iter()
        .filter(|m| m.contains('@'))
        .count();
    assert_eq!(drops, 0);
    assert_eq!(coords(&black).len(), 5);
}

/// 1000 positions of random shogi games (drops with nifu, uchifuzume and
/// never-stuck, optional promotion into, within and out of the camp,
/// forced promotion on the last ranks, promoted pieces captured back
/// into hand unpromoted): the legal moves agree with pyffish move for
/// move, promotions written `+` and declining without a suffix, as
/// pyffish writes them; the placement and hands fields we write back
/// are pyffish's (`+P` tokens). (pyffish would also list a pawn drop
/// that mates, a move our `no-mate` forbids: see tests/perft/fairy-stockfish/shogi.perft;
/// none occurs in these games.)
#[test]
fn shogi_legal_moves_and_fens_match_pyffish() {
    let variant = script("shogi");
    let lines = oracle("shogi", 1000, 12, &["--max-plies", "150"]);
    compare(&variant, &lines);
    let mut promoted = 0;
    for fen in lines.iter().filter_map(|l| l.fen.as_deref()) {
        let pos = Position::from_fen(&variant, fen).expect("compare read it");
        let ours = write_fen(&pos);
        let field = |f: &str| f.split(' ').next().unwrap_or("").to_string();
        assert_eq!(field(&ours), field(fen), "placement and hands of {fen}");
        promoted += usize::from(field(fen).contains('+'));
    }
    assert!(promoted > 20, "only {promoted} FENs with promoted pieces");
}

/// 1000 positions of random minishogi games: the legal moves agree with
/// pyffish, and so do the placement and hands fields we write back; and
/// as FS's `mini`, its other name for the game (the catalogue's
/// `mini.variant` is a link to `minishogi.variant`).
#[test]
fn minishogi_legal_moves_and_fens_match_pyffish() {
    for name in ["minishogi", "mini"] {
        let variant = script(name);
        let lines = oracle(name, 1000, 13, &[]);
        compare(&variant, &lines);
        for fen in lines.iter().filter_map(|l| l.fen.as_deref()) {
            let pos = Position::from_fen(&variant, fen).expect("compare read it");
            let field = |f: &str| f.split(' ').next().unwrap_or("").to_string();
            assert_eq!(
                field(&write_fen(&pos)),
                field(fen),
                "placement and hands of {fen}"
            );
        }
    }
    crate::perft::run_suite_within("fairy-stockfish/mini.perft", 5_000_000);
}

fn shogi(fen: &str) -> Position {
    Position::from_fen(&script("shogi"), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Optional promotion: the legal moves are pyffish's list for the same
/// FEN (`legal_moves('shogi', FEN, [])`): a silver entering the camp
/// (d6d7, d6d7+), moving within it (e7e8, e7e8+ …) and leaving it (e7f6,
/// e7f6+), a pawn to rank 8 (c7c8, c7c8+) and a knight to rank 7 (g5f7,
/// g5f7+) choose; a pawn (a8a9+) and a lance (i7i9+) on the last rank
/// must promote; the silver's moves outside the camp (d6c5) cannot.
#[test]
fn shogi_promotion_is_optional_in_and_out_of_the_camp_and_forced_where_stuck() {
    let pos = shogi("4k4/P8/2P1S3L/3S5/6N2/9/9/9/4K4[] w - - 0 1");
    let want: BTreeSet<String> = [
        "a8a9+", "c7c8", "c7c8+", "d6c5", "d6d7", "d6d7+", "d6e5", "e1d1", "e1d2", "e1e2", "e1f1",
        "e1f2", "e7d8", "e7d8+", "e7e8", "e7e8+", "e7f6", "e7f6+", "e7f8", "e7f8+", "g5f7",
        "g5f7+", "g5h7", "g5h7+", "i7i8", "i7i8+", "i7i9+",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(coords(&pos), want);
}

/// `+P` tokens: read and written back; a tokin captured goes to hand as
/// a pawn; a stray `+` is an error naming its place.
#[test]
fn shogi_promoted_pieces_in_fen_and_captured_back_unpromoted() {
    let fen = "4k4/9/4+p4/9/9/9/9/4R4/4K4[] w - - 0 1";
    let mut pos = shogi(fen);
    assert_eq!(write_fen(&pos), fen);
    let mv = pos
        .legal_moves()
        .unwrap()
        .into_iter()
        .find(|&m| move_to_coord(&pos, m) == "e2e7+")
        .expect("the rook takes the tokin and may promote");
    pos.play_unchecked(mv);
    assert_eq!(write_fen(&pos), "4k4/9/4+R4/9/9/9/9/9/4K4[P] b - - 0 1");
    let variant = script("shogi");
    let err = Position::from_fen(&variant, "4k4/9/4+4/9/9/9/9/9/4K4[] w - - 0 1").unwrap_err();
    assert!(
        err.to_string()
            .contains("`+` marks a promoted piece but no letter follows it"),
        "{err}"
    );
    let err = Position::from_fen(&variant, "4k4/9/4+G4/9/9/9/9/9/4K4[] w - - 0 1").unwrap_err();
    assert!(
        err.to_string().contains("no piece has the letter `+G`"),
        "{err}"
    );
}

/// 1000 positions of random Kyoto shogi games, long ones included: every
/// move turns the piece over (`c1c2+`, `a1a2-`), and a piece in hand is
/// dropped either face up (`N@c3`, `+N@c3`); legal moves and the FENs we
/// write back agree with pyffish.
#[test]
fn kyotoshogi_legal_moves_and_fens_match_pyffish() {
    let variant = script("kyotoshogi");
    let lines = oracle("kyotoshogi", 1000, 31, &["--max-plies", "150"]);
    compare(&variant, &lines);
    let face_drops = lines
        .iter()
        .flat_map(|l| &l.moves)
        .filter(|m| m.starts_with('+') && m.contains('@'))
        .count();
    assert!(face_drops > 100, "only {face_drops} drops face down");
    for fen in lines.iter().filter_map(|l| l.fen.as_deref()) {
        let pos = Position::from_fen(&variant, fen).expect("compare read it");
        assert_eq!(write_fen(&pos), fen);
    }
}

/// Kyoto shogi by hand: a pawn dropped as its other face is a Rook (`+P`
/// in FEN) and takes the pawn's slot in hand; taken back, the pawn returns
/// to hand; the rook's next move turns it back into a pawn (`-`); asked
/// for a face it has not got, a drop is refused with the reason.
#[test]
fn kyoto_drops_either_face_and_turns_pieces_over() {
    let variant = script("kyotoshogi");
    let mut pos = Position::from_fen(&variant, "4k/5/5/5/K4[Pp] w - - 0 1").unwrap();
    let before = write_fen(&pos);
    let hash = pos.hash();
    let mv = parse_move(&pos, "+P@c3").unwrap();
    let undo = pos.play_unchecked(mv);
    assert_eq!(write_fen(&pos), "4k/5/2+P2/5/K4[p] b - - 0 1");
    pos.unplay(mv, undo);
    assert_eq!((write_fen(&pos), pos.hash()), (before, hash));
    let mut pos = Position::from_fen(&variant, "4k/5/2+P2/5/K4[p] w - - 0 1").unwrap();
    let moves = coords(&pos);
    assert!(
        moves.contains("c3c5-") && !moves.contains("c3c5"),
        "{moves:?}"
    );
    pos.play_unchecked(parse_move(&pos, "c3c5-").unwrap());
    assert_eq!(write_fen(&pos), "2P1k/5/5/5/K4[p] b - - 1 1");
    let pos = Position::from_fen(&variant, "4k/5/5/5/K4[p] w - - 0 1").unwrap();
    assert_eq!(
        parse_move(&pos, "+P@c3").unwrap_err().to_string(),
        "you have no pawn in hand"
    );
}

/// 1000 positions of random Micro shogi games: only captures turn a
/// piece over (`promote … when capturing`), and a captured piece goes to
/// hand as its first face; legal moves and FENs as pyffish's.
#[test]
fn micro_legal_moves_and_fens_match_pyffish() {
    let variant = script("micro");
    let lines = oracle("micro", 1000, 37, &["--max-plies", "150"]);
    compare(&variant, &lines);
    let (turning, quiet) = lines
        .iter()
        .flat_map(|l| &l.moves)
        .fold((0, 0), |(t, q), m| {
            if m.ends_with('+') || m.ends_with('-') {
                (t + 1, q)
            } else {
                (t, q + 1)
            }
        });
    assert!(
        turning > 100 && quiet > 1000,
        "{turning} captures turning, {quiet} other moves"
    );
}

/// Micro shogi by hand, each position's moves and the FENs after them as
/// pyffish gives them: a pawn that takes must turn into a knight
/// (`b2b3+`, never `b2b3`), a knight's quiet move keeps its face
/// (`b2a4`) while its capture turns it back into a pawn (`b2c4-`), and a
/// taken gold that was a rook goes to hand as a rook.
#[test]
fn micro_turns_pieces_over_only_when_they_capture() {
    let variant = script("micro");
    let cases = [
        (
            "k3/4/1p2/1P2/3K[] w - - 0 1",
            "b2b3+ d1c1 d1c2 d1d2",
            "b2b3+",
            "k3/4/1+P2/4/3K[P] b - - 0 1",
        ),
        (
            "k3/2p1/4/1+P2/3K[] w - - 0 1",
            "b2a4 b2c4- d1c1 d1c2 d1d2",
            "b2c4-",
            "k3/2P1/4/4/3K[P] b - - 0 1",
        ),
        (
            "k3/2+r1/4/1+P2/3K[] w - - 0 1",
            "b2a4 b2c4- d1c1 d1c2 d1d2",
            "b2c4-",
            "k3/2P1/4/4/3K[R] b - - 0 1",
        ),
    ];
    for (fen, moves, played, after) in cases {
        let mut pos = Position::from_fen(&variant, fen).unwrap();
        let mut got: Vec<String> = coords(&pos).into_iter().collect();
        got.sort();
        assert_eq!(got.join(" "), moves, "{fen}");
        pos.play_unchecked(parse_move(&pos, played).unwrap());
        assert_eq!(write_fen(&pos), after, "{fen} {played}");
    }
}

/// 1000 positions of random Chessgi games: pawns dropped on the first
/// rank, captured promoted pieces kept as they are, a pawn on the second
/// rank stepping two however it got there; moves and FENs as pyffish's.
#[test]
fn chessgi_legal_moves_and_fens_match_pyffish() {
    let variant = script("chessgi");
    let lines = oracle("chessgi", 1000, 41, &["--max-plies", "120"]);
    compare(&variant, &lines);
    let first_rank_drops = lines
        .iter()
        .flat_map(|l| &l.moves)
        .filter(|m| m.starts_with("P@") && m.ends_with('1'))
        .count();
    assert!(
        first_rank_drops > 20,
        "only {first_rank_drops} pawn drops on rank 1"
    );
}

/// Fairy-Stockfish writes the start of a variant without castling and en
/// passant with those fields left out (`…[-] w 0 1`): read as `-` each,
/// it is our start position. The FENs are pyffish's `start_fen`; an
/// n-check FEN so shortened reads as pyffish's `get_fen` writes it.
#[test]
fn fairy_stockfish_short_fens_are_read() {
    common::oracle::require_pyffish();
    for name in ["shogi", "minishogi", "kyotoshogi"] {
        let code = format!("import pyffish; print(pyffish.start_fen('{name}'))");
        let out = std::process::Command::new("python3")
            .args(["-c", &code])
            .output()
            .expect("python3");
        let fen = String::from_utf8(out.stdout).unwrap().trim().to_string();
        assert_eq!(fen.split(' ').count(), 4, "{name}: {fen} is not short");
        let variant = script(name);
        let pos = Position::from_fen(&variant, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos, Position::start(&variant), "{name}: {fen}");
        assert!(
            write_fen(&pos).ends_with(" w - - 0 1"),
            "{}",
            write_fen(&pos)
        );
    }
    // Four fields that are not two numbers keep their meaning: castling
    // and en passant, the counters left at their defaults.
    let chess = varia::compile_path("chess").unwrap();
    let pos = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/R3K3 w Q -").unwrap();
    assert_eq!(write_fen(&pos), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    let error = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/R3K3 w 0 x").unwrap_err();
    assert_eq!(
        error.to_string(),
        "`x` is not a move count (a whole number from 0 to 4294967295)"
    );
    // As FS, a field after the side to move that starts with a digit
    // means neither castling nor en passant field: n-check's counters
    // follow (`w 1+3 0 1`), and FS writes the FEN back as we do.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 1+3 0 1";
    let theirs = common::oracle::fs_fen_after("3check", fen, &[]);
    let pos = Position::from_fen(&script("3check"), fen).unwrap();
    assert_eq!(write_fen(&pos), theirs);
    assert_eq!(
        theirs,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 1+3 0 1"
    );
}

/// Tori shogi's `2-per-file`, derived by hand: White's swallows stand
/// two on the a-file and one on the b-file; the one in hand may go on
/// the b-file (a second there) but nowhere on the a-file (a third), and
/// never on the last rank (never-stuck). A limit of 0 is refused.
#[test]
fn swallow_drops_allow_two_per_file_not_three() {
    let variant = script("torishogi");
    let pos = Position::from_fen(&variant, "3k3/7/7/7/S6/SS5/3K3[S] w - - 0 1").unwrap();
    let drops: Vec<String> = coords(&pos)
        .into_iter()
        .filter(|m| m.starts_with("S@"))
        .collect();
    assert!(!drops.iter().any(|m| m.starts_with("S@a")), "{drops:?}");
    assert!(drops.contains(&"S@b1".to_string()) && drops.contains(&"S@b6".to_string()));
    assert!(!drops.contains(&"S@c7".to_string()));
    // 7 files x 6 ranks below the last, minus the a-file (6), b1... the
    // occupied squares b2 d1 (and a2 a3 on the a-file): 42 - 6 - 2 = 34.
    assert_eq!(drops.len(), 34, "{drops:?}");
    assert_eq!(
        parse_move(&pos, "S@a4").unwrap_err().to_string(),
        "a swallow may not be dropped on a file that has 2 of your swallows"
    );
    let text = varia::teach::explain::explain_piece(&variant, variant.kind_by_letter('S').unwrap());
    assert!(
        text.contains("not on a file that already has 2 unpromoted Swallows of its side"),
        "{text}"
    );
    let source = "variant \"x\"\nimport orthodox\nboard 8 x 8\nhands keep captures\ndrop Pawn 0-per-file\nsetup \"4k3/8/8/8/8/8/8/4K3[] w - - 0 1\"\n";
    let err = compile_source("x.variant", source).unwrap_err().to_string();
    assert!(err.contains("the count per file must be 1 to 32"), "{err}");
}

/// Placement chess's drop rules, derived by hand, each move list and FEN
/// also pyffish's: `drops compulsory` (no pawn moves while pieces are in
/// hand), `opposite-colours` (the last bishop in hand keeps the last light
/// square: the king may not take it), a king in hand dropped only where it
/// is not attacked, and `castling from drops` (a king and rook dropped on
/// their home squares, in either order, may castle; a king elsewhere not).
#[test]
fn placement_drops_are_compulsory_balanced_and_give_castling() {
    use common::oracle::{fs_fen_after, fs_legal_moves};
    let v = script("placement");
    let start = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";
    let pos = Position::from_fen(&v, start).unwrap();
    let legal = common::moves::moves(&pos);
    assert_eq!(
        legal.len(),
        5 * 8,
        "five kinds on eight squares, no pawn move"
    );
    assert!(legal.iter().all(|m| m.contains('@')));
    assert_eq!(legal, fs_legal_moves("placement", start));
    let squeezed = "8/pppppppp/8/8/8/8/PPPPPPPP/1NBN1N2[KBkqrrbbnn] w - - 0 1";
    let pos = Position::from_fen(&v, squeezed).unwrap();
    let expected: BTreeSet<String> = ["B@h1", "K@a1", "K@e1", "K@g1"]
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(common::moves::moves(&pos), expected);
    assert_eq!(expected, fs_legal_moves("placement", squeezed));
    let attacked = "4k3/8/8/8/8/8/r7/8[K] w - - 0 1";
    let pos = Position::from_fen(&v, attacked).unwrap();
    assert!(!pos.is_check(), "a king in hand is in no check");
    let expected: BTreeSet<String> = ["b1", "c1", "d1", "e1", "f1", "g1", "h1"]
        .iter()
        .map(|s| format!("K@{s}"))
        .collect();
    assert_eq!(common::moves::moves(&pos), expected);
    assert_eq!(expected, fs_legal_moves("placement", attacked));
    let after = |moves: &[&str]| {
        let mut pos = Position::from_fen(&v, start).unwrap();
        for m in moves {
            let mv = varia::notation::coord::parse_coord(&pos, m).unwrap();
            pos.play(mv);
        }
        pos.assert_valid();
        write_fen(&pos)
    };
    for moves in [
        &["K@e1", "K@e8", "R@h1"][..],
        &["R@h1", "K@e8", "K@e1"],
        &["R@h1", "K@e8", "K@d1"],
        &["R@a1", "R@h8", "K@e1", "K@e8"],
    ] {
        assert_eq!(
            after(moves),
            fs_fen_after("placement", start, moves),
            "{moves:?}"
        );
    }
    assert_eq!(
        after(&["R@a1", "R@h8", "K@e1", "K@e8"]),
        "4k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K3[QRBBNNqrbbnn] w Qk - 0 3"
    );
    assert_eq!(
        after(&["R@h1", "K@e8", "K@d1"]),
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/3K3R[QRBBNNqrrbbnn] b - - 0 2"
    );
}

/// Where captures go to hand, a position may come back after a capture
/// (the captured piece is dropped again), so repetitions are looked for
/// since the start, not since the last capture (Fairy-Stockfish's
/// `captures_to_hand`): two rounds of a cycle with two drops and two
/// captures repeat the start a third time, a draw at the 16th ply, which
/// pyffish's `is_optional_game_end` says after each ply.
#[test]
fn a_position_repeats_across_captures_where_captures_go_to_hand() {
    use common::oracle::fs_optional_game_ends;
    use varia::notation::coord::parse_coord;
    use varia::vm::{EndReason, Outcome};
    let fen = "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1";
    let cycle = [
        "N@c5", "N@d7", "c5d7", "e8d7", "e1e2", "d7d8", "e2e1", "d8e8",
    ];
    let line: Vec<&str> = cycle.iter().chain(&cycle).copied().collect();
    let fs = fs_optional_game_ends("crazyhouse", fen, &line);
    let mut pos = crazyhouse(fen);
    let mut ends = Vec::new();
    for mv in &line {
        let parsed = parse_coord(&pos, mv).unwrap_or_else(|| panic!("{mv}"));
        pos.try_play(parsed).unwrap();
        let outcome = pos.outcome().unwrap();
        ends.push(matches!(
            outcome,
            Outcome::Draw {
                reason: EndReason::Repetition
            }
        ));
    }
    let fs_ends: Vec<bool> = fs
        .iter()
        .map(|&(ended, score)| ended && score == 0)
        .collect();
    assert_eq!(ends, fs_ends);
    assert_eq!(ends.iter().filter(|&&e| e).count(), 1, "{ends:?}");
    assert!(ends[15], "the 16th ply repeats the start a third time");
    assert_eq!(pos.repetitions(), 3);
    // The halfmove clock still counts from the last capture, as FS's FEN.
    assert_eq!(write_fen(&pos), "4k3/8/8/8/8/8/8/4K3[Nn] w - - 4 9");
}
