//! Chasing (`chasing loses: …`, the Asian Xiangqi Federation's rule as
//! Fairy-Stockfish's `chasingRule = axf` judges it): when the repetition
//! rule ends the game and no side checked throughout, the side that
//! chased the same enemy piece with each of its moves loses (both sides:
//! a draw), and the checks given lengthen the move rule. The games here
//! are derived by hand, and each verdict, move by move, is also asked of
//! Fairy-Stockfish (pyffish's `is_optional_game_end` with the moves as
//! history), which must agree; the pieces single moves chase are FS's
//! (its binary's `d` command, `Chased:`). Two fixtures, written by the
//! scripts in `tests/oracle/`, carry FS's verdicts on 400 seeded random
//! games of chases and FS's chased pieces after every move of those and
//! of 100 random games.

use crate::common;

use common::oracle::{fs_optional_game_ends, manifest_dir, outcome_agrees, script};
use varia::ir::piece::Color;
use varia::notation::coord::parse_coord;
use varia::notation::fen::write_fen;
use varia::vm::{EndReason, Outcome, Position};

/// The outcome after each move of `line` played from `fen` in xiangqi,
/// each checked against Fairy-Stockfish's verdict.
fn verdicts(fen: &str, line: &str) -> Vec<Outcome> {
    let variant = script("xiangqi");
    let mut pos = Position::from_fen(&variant, fen).unwrap();
    let moves: Vec<&str> = line.split_whitespace().collect();
    let theirs = fs_optional_game_ends("xiangqi", fen, &moves);
    assert_eq!(theirs.len(), moves.len(), "pyffish answered every move");
    let mut out = Vec::new();
    for (i, (m, verdict)) in moves.iter().zip(theirs).enumerate() {
        let mv = parse_coord(&pos, m)
            .unwrap_or_else(|| panic!("{m} is not legal in {}", write_fen(&pos)));
        pos.play_unchecked(mv);
        let ours = pos.outcome().unwrap();
        assert!(
            outcome_agrees(&ours, pos.side_to_move(), verdict),
            "move {} ({m}): varia {ours:?}, FS {verdict:?}",
            i + 1
        );
        out.push(ours);
    }
    out
}

/// The pieces the last move of `line` chased, as square names.
fn chased_after(fen: &str, line: &str) -> Vec<String> {
    let variant = script("xiangqi");
    let mut pos = Position::from_fen(&variant, fen).unwrap();
    for m in line.split_whitespace() {
        let mv = parse_coord(&pos, m).unwrap();
        pos.play_unchecked(mv);
    }
    let mut out: Vec<String> = pos
        .chased()
        .iter()
        .map(|s| variant.geometry.name(s))
        .collect();
    out.sort();
    out
}

fn chase(winner: Color) -> Outcome {
    Outcome::Decisive {
        winner,
        reason: EndReason::Chasing {
            side: winner.opposite(),
        },
    }
}

fn repetition() -> Outcome {
    Outcome::Draw {
        reason: EndReason::Repetition,
    }
}

/// Four plies, `a b`, then each taken back, twice over, then `a` again.
fn shuffle(a: &str, b: &str) -> String {
    let back = |m: &str| {
        let split = m[1..].find(|c: char| c.is_ascii_alphabetic()).unwrap() + 1;
        format!("{}{}", &m[split..], &m[..split])
    };
    let cycle = format!("{a} {b} {} {}", back(a), back(b));
    format!("{cycle} {cycle} {a}")
}

#[test]
fn a_horse_chasing_a_fleeing_chariot_loses() {
    // Red's horse attacks Black's chariot from b5 (it stands on d6), then,
    // once it has fled to d5, from c3: the horse outranks the chariot,
    // which the chariot on d10 protects. The chariot's own attack on the
    // horse at b5 is no chase, Red's chariot on b1 protects it. The start
    // stands a third time after move 8, Red to move: Red loses.
    let fen = "3rk4/9/9/9/3r5/9/9/2N6/9/1R3K3 w - - 0 1";
    let outcomes = verdicts(fen, &shuffle("c3b5", "d6d5"));
    assert!(outcomes[..7].iter().all(|o| *o == Outcome::Ongoing));
    assert_eq!(outcomes[7], chase(Color::Black));
    assert_eq!(outcomes[8], chase(Color::Black));
}

#[test]
fn a_chariot_chasing_an_unprotected_piece_loses_but_not_a_protected_one() {
    // The chariot on a1/b1 attacks Black's horse up the b- and a-files as
    // it flees between b7 and a9: unprotected, it is chased.
    let line = shuffle("a1b1", "b7a9");
    let outcomes = verdicts("4k4/9/9/1n7/9/9/9/9/9/R4K3 w - - 0 1", &line);
    assert_eq!(outcomes[7], chase(Color::Black));
    // Protected on both squares by chariots on c7 and c9, it is not: a
    // chariot outranks no piece. The repetition is a draw.
    let outcomes = verdicts("4k4/2r6/9/1nr6/9/9/9/9/9/R4K3 w - - 0 1", &line);
    assert_eq!(outcomes[7], repetition());
}

#[test]
fn chasing_one_piece_then_another_is_no_chase_throughout() {
    // Black's horse, chased by the chariot, attacks an unprotected soldier
    // with each of its moves, but a different one (c8 from a9, d6 from
    // b7): only the same piece chased on every move counts. Red loses.
    let fen = "4k4/9/2P6/1n7/3P5/9/9/9/9/R4K3 w - - 0 1";
    let line = shuffle("a1b1", "b7a9");
    assert_eq!(chased_after(fen, "a1b1 b7a9"), ["c8"]);
    assert_eq!(chased_after(fen, "a1b1 b7a9 b1a1 a9b7"), ["d6"]);
    assert_eq!(verdicts(fen, &line)[7], chase(Color::Black));
}

#[test]
fn both_sides_chasing_throughout_draw() {
    // Red's horse shuffles between e3, where it is the screen of the
    // cannon on e1 against Black's chariot on e5, and c4, where it attacks
    // the chariot itself; Black's horse does the same against Red's
    // chariot on g6 (a screen on g8 for the cannon on g10, or attacking
    // from i7). Each side chases one piece on every move: a draw.
    let fen = "5kc2/9/6n2/9/6R2/4r4/9/4N4/9/3KC4 w - - 0 1";
    let line = shuffle("e3c4", "g8i7");
    assert_eq!(chased_after(fen, "e3c4"), ["e5"]);
    assert_eq!(chased_after(fen, "e3c4 g8i7"), ["g6"]);
    let outcomes = verdicts(fen, &line);
    assert!(outcomes[..7].iter().all(|o| *o == Outcome::Ongoing));
    assert_eq!(outcomes[7], repetition());
}

#[test]
fn an_uncovered_attack_chases_and_soldiers_only_across_the_river() {
    // Red's horse attacks Black's soldier on e5 from c4, and back on e3 it
    // is the screen through which the cannon on e1 attacks it: an
    // uncovered attack. Across the river the soldier is chased: Red loses.
    let line = shuffle("e3c4", "f10f9");
    let fen = "5k3/9/9/9/9/4p4/9/4N4/9/3KC4 w - - 0 1";
    assert_eq!(chased_after(fen, "e3c4 f10f9 c4e3"), ["e5"]);
    assert_eq!(verdicts(fen, &line)[7], chase(Color::Black));
    // The same a rank up, the soldier on its own side of the river: no
    // chase, a draw.
    let line = shuffle("e4c5", "f10f9");
    let fen = "5k3/9/9/9/4p4/9/4N4/9/4C4/3K5 w - - 0 1";
    assert!(chased_after(fen, "e4c5").is_empty());
    assert_eq!(verdicts(fen, &line)[7], repetition());
    // A soldier across the river stepping sideways from the chariot.
    let line = shuffle("a1b1", "b4a4");
    let outcomes = verdicts("4k4/9/9/9/9/9/1p7/9/9/R4K3 w - - 0 1", &line);
    assert_eq!(outcomes[7], chase(Color::Black));
}

#[test]
fn a_rider_chases_nothing_along_the_line_it_moved_on() {
    // The chariot up the a-file attacked the horse on a9 before the move
    // as after it: nothing new is attacked. FS agrees.
    assert!(chased_after("4k4/n8/9/9/9/9/9/9/9/R4K3 w - - 0 1", "a1a3").is_empty());
}

#[test]
fn a_pinned_protector_protects_nothing() {
    // The chariot to e2 pins Black's horse on e7 against the general: the
    // cannon on f5, which only the horse protects, is chased by the
    // chariot on f1 (and the horse itself, unprotected, by the chariot on
    // e2). To b2, pinning nothing, nothing is chased. FS agrees.
    let fen = "4k4/9/9/4n4/9/5c3/9/9/R8/3K1R3 w - - 0 1";
    assert_eq!(chased_after(fen, "a2e2"), ["e7", "f5"]);
    assert!(chased_after(fen, "a2b2").is_empty());
}

#[test]
fn the_pieces_a_coming_discovered_check_attacks_are_chased() {
    // The chariot to e1 makes the horse on e5 stand between it and the
    // black general: every piece the horse attacks is chased, the cannon
    // on g6 though the chariot on g10 protects it. To f1, nothing.
    let fen = "4k1r2/9/9/9/6c2/4N4/9/9/9/3K4R w - - 0 1";
    assert_eq!(chased_after(fen, "i1e1"), ["g6"]);
    assert!(chased_after(fen, "i1f1").is_empty());
}

#[test]
fn checks_beyond_ten_lengthen_the_move_rule() {
    // Red's chariot gives twelve checks in the first 36 plies (soldier and
    // horse moves keep positions from repeating), then the game goes on
    // without a check or a capture. At 100 plies the 50-move rule would
    // end it, but Red's two checks beyond ten add two moves: a draw at
    // ply 104, as FS rules.
    let fen = "3k5/9/7n1/9/9/9/2P3P1P/9/9/R4K3 w - - 0 1";
    let line = "a1a10 d10d9 a10a9 d9d10 a9a1 h8g10 c4c5 g10h8 a1a10 d10d9 a10a9 d9d10 \
        a9a1 h8g10 g4g5 g10h8 a1a10 d10d9 a10a9 d9d10 a9a1 h8g10 i4i5 g10h8 a1a10 d10d9 \
        a10a9 d9d10 a9a1 h8g10 c5c6 g10h8 a1a10 d10d9 a10a9 d9d10 a9a1 h8g10 g5g6 g10h8 \
        a1a10 d10d9 a10a9 d9d10 a9a1 h8g10 i5i6 g10h8";
    // Then quiet moves, found at random by pyffish, none a check.
    let tail = "f1f2 d10e10 a1g1 h8i10 g1g5 e10e9 f2f3 i10h8 g5g2 h8f7 g2a2 f7g9 \
        a2a7 g9i10 a7f7 i10g9 f7c7 g9e10 i6h6 e9d9 c7b7 e10d8 g6f6 d9d10 \
        b7b6 d8e6 b6b9 e6c7 b9b1 c7e8 b1b5 e8c9 b5b8 c9e10 b8g8 e10f8 \
        h6h7 f8d9 g8g9 d9b10 g9i9 b10a8 f6f7 a8b6 f7f8 b6a4 h7i7 a4b2 \
        i9h9 d10e10 h9i9 b2a4 i9f9 e10d10 f8e8 a4b2";
    let whole = format!("{line} {tail}");
    let outcomes = verdicts(fen, &whole);
    assert_eq!(outcomes.len(), 104);
    assert!(outcomes[..103].iter().all(|o| *o == Outcome::Ongoing));
    assert_eq!(
        outcomes[103],
        Outcome::Draw {
            reason: EndReason::MoveRule
        }
    );
}

/// Replays games written by `tests/oracle/xiangqi_chases.py` (one a
/// line: the FEN, the moves, FS's verdict after each): our outcome after
/// every move must be FS's. Returns how many moves were judged, and how
/// many games ended by a chase.
fn replay_games(variant: &std::sync::Arc<varia::ir::Variant>, text: &str) -> (usize, usize) {
    let (mut moves_judged, mut chases) = (0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        let (fen, moves, verdicts) = (parts[0], parts[1], parts[2]);
        let mut pos = Position::from_fen(variant, fen).unwrap();
        for (i, (m, v)) in moves
            .split_whitespace()
            .zip(verdicts.split_whitespace())
            .enumerate()
        {
            let mv = parse_coord(&pos, m)
                .unwrap_or_else(|| panic!("{m} is not legal in {}", write_fen(&pos)));
            pos.play_unchecked(mv);
            let ours = pos.outcome().unwrap();
            let theirs = match v {
                "-" => (false, 0),
                score => (true, score.parse().unwrap()),
            };
            assert!(
                outcome_agrees(&ours, pos.side_to_move(), theirs),
                "{fen} | {moves}: move {} ({m}): varia {ours:?}, FS {v}",
                i + 1
            );
            moves_judged += 1;
            if let Outcome::Decisive {
                reason: EndReason::Chasing { .. },
                ..
            } = ours
            {
                chases += 1;
            }
        }
    }
    (moves_judged, chases)
}

#[test]
fn random_games_of_chases_agree_with_fairy_stockfish() {
    // `python3 tests/oracle/xiangqi_chases.py xiangqi 400 1 60`.
    let text =
        std::fs::read_to_string(manifest_dir().join("tests/oracle/xiangqi_chases.txt")).unwrap();
    let (moves, chases) = replay_games(&script("xiangqi"), &text);
    assert_eq!(text.lines().count(), 400);
    assert!(moves > 3000, "{moves} moves");
    assert!(chases >= 50, "only {chases} games ended by a chase");
}

#[test]
fn fresh_random_games_of_chases_agree_with_fairy_stockfish() {
    // A few games played now, so that the fixture's FS is the one
    // installed (its seed differs from the fixture's).
    let text =
        common::oracle::oracle_script_output("xiangqi_chases.py", &["xiangqi", "6", "7", "40"]);
    assert_eq!(text.lines().count(), 6);
    replay_games(&script("xiangqi"), &text);
}

#[test]
fn the_pieces_each_move_chases_are_fairy_stockfish_s() {
    // `FS_BIN=… python3 tests/oracle/xiangqi_chased.py
    // tests/oracle/xiangqi_chases.txt 100 11`: FS's chased pieces after
    // every move of the 400 games of chases and of 100 random games.
    let text =
        std::fs::read_to_string(manifest_dir().join("tests/oracle/xiangqi_chased.txt")).unwrap();
    let (moves_checked, with_chases) = compare_chased(&script("xiangqi"), &text);
    assert!(moves_checked > 10_000, "{moves_checked} moves");
    assert!(with_chases > 1000, "{with_chases} moves chased");
}

/// Compares our chased pieces after every move of the games of a file
/// written by `tests/oracle/xiangqi_chased.py` with FS's, but after drops
/// (FS's chases of a drop read past its tables: a drop has no
/// from-square); returns how many moves were compared, and how many
/// chased something.
fn compare_chased(variant: &std::sync::Arc<varia::ir::Variant>, text: &str) -> (usize, usize) {
    let (mut moves_checked, mut with_chases) = (0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        let (fen, moves, sets) = (parts[0], parts[1], parts[2]);
        let mut pos = Position::from_fen(variant, fen).unwrap();
        for (i, (m, set)) in moves
            .split_whitespace()
            .zip(sets.split_whitespace())
            .enumerate()
        {
            let mv = parse_coord(&pos, m).unwrap();
            pos.play_unchecked(mv);
            let mut ours: Vec<String> = pos
                .chased()
                .iter()
                .map(|s| variant.geometry.name(s))
                .collect();
            ours.sort();
            let mut theirs: Vec<String> = match set {
                "-" => Vec::new(),
                _ => set.split(',').map(String::from).collect(),
            };
            theirs.sort();
            if m.contains('@') {
                continue;
            }
            assert_eq!(ours, theirs, "{fen} | {moves}: move {} ({m})", i + 1);
            moves_checked += 1;
            with_chases += usize::from(!theirs.is_empty());
        }
    }
    (moves_checked, with_chases)
}

#[test]
fn the_engine_will_not_chase_into_a_loss() {
    // Red is two chariots down; its horse has chased Black's chariot on
    // every move, and b5c3 would let Black make the start stand a third
    // time with d5d6: a loss for Red (FS agrees). The engine plays on.
    let variant = script("xiangqi");
    let fen = "r3k3r/9/9/9/3r5/9/9/2N6/9/1R3K3 w - - 0 1";
    let line = "c3b5 d6d5 b5c3 d5d6 c3b5 d6d5";
    let outcomes = verdicts(fen, &format!("{line} b5c3 d5d6"));
    assert_eq!(outcomes[7], chase(Color::Black));
    assert_ne!(
        common::moves::engine_move_after(&variant, fen, line, 3),
        "b5c3"
    );
}

#[test]
fn the_rule_is_explained_listed_and_kept_from_the_bridge() {
    let variant = script("xiangqi");
    let sentence = varia::teach::explain::chasing_sentence(&variant).unwrap();
    assert!(
        sentence.starts_with("Perpetual chasing loses: when a position occurs for the third time")
    );
    assert!(
        sentence.contains("a Horse or a Cannon chases a Chariot even where it is protected"),
        "{sentence}"
    );
    assert!(
        sentence.contains("a Soldier is chased only in the region"),
        "{sentence}"
    );
    // The listing declares the rule again, and compiles to the same rule.
    let listing = variant.to_string();
    let line = listing
        .lines()
        .find(|l| l.starts_with("chasing loses: "))
        .expect("the rule listed");
    let again = script_file_with("xiangqi", "chasing loses:", line);
    assert_eq!(again.game_end.chasing, variant.game_end.chasing);
    // FS's `chasingRule = axf` judges its own xiangqi types: a section
    // whose pieces are others is refused, and so is a script whose
    // clauses are not FS's.
    let imported = varia::bridge::import::import_ini("[x:chess]\nchasingRule = axf\n", &[]);
    let refused = imported[0].as_ref().unwrap_err();
    assert_eq!(refused.option, "chasingRule");
    assert!(
        refused
            .reason
            .contains("the section's Pawn is none of them"),
        "{refused}"
    );
    let text = std::fs::read_to_string(common::oracle::script_path("xiangqi")).unwrap();
    let changed = text.replace("    Horse, Cannon outrank Chariot;\n", "");
    let refused = varia::bridge::export::export_variant(
        &varia::compile_source("xiangqi.variant", &changed).unwrap(),
        "x",
    )
    .unwrap_err();
    assert_eq!(refused.declaration, "chasing");
}

#[test]
fn the_rule_exports_as_fs_s_and_fs_judges_the_export_s_chases_alike() {
    // Xiangqi's pieces go out as FS's own types, the rule as `chasingRule
    // = axf`; games of chases FS plays in the exported section (pyffish
    // with it loaded) get FS's verdicts, which varia's script must give.
    let variant = script("xiangqi");
    let section = varia::bridge::export::export_variant(&variant, "exported").unwrap();
    crate::common::assert_has_lines(
        &section,
        &[
            "horse = n\n",
            "cannon = c\n",
            "elephant = b\n",
            "fers = a\n",
            "rook = r\n",
            "soldier = p\n",
            "soldierPromotionRank = 6\n",
            "chasingRule = axf\n",
        ],
    );
    let dir = common::bin::temp_dir("chasing", "export");
    let ini = dir.join("exported.ini");
    std::fs::write(&ini, &section).unwrap();
    let games = common::oracle::oracle_script_output(
        "xiangqi_chases.py",
        &["exported", "12", "5", "60", ini.to_str().unwrap()],
    );
    assert_eq!(games.lines().count(), 12);
    let (moves, _) = replay_games(&variant, &games);
    assert!(moves > 100, "{moves} moves");
}

/// The catalogue's script `name` with its line starting `from` (the rule's
/// first line, which its clauses follow up to `setup`) replaced by `line`.
fn script_file_with(name: &str, from: &str, line: &str) -> std::sync::Arc<varia::ir::Variant> {
    let text = std::fs::read_to_string(common::oracle::script_path(name)).unwrap();
    let start = text.find(from).unwrap();
    let end = text.find("\nsetup").unwrap();
    let text = format!("{}{line}{}", &text[..start], &text[end..]);
    varia::compile_source("again.variant", &text).unwrap()
}

#[test]
fn fs_sections_with_the_rule_import_and_judge_chases_as_fs() {
    // FS's `chasingRule = axf` imports as `chasing loses` over the
    // section's xiangqi types: crowdedxiangqi (five ranks, soldiers chased
    // from the fourth) and xiangqihouse (drops: a dropped piece chases
    // what it attacks). The fixtures are FS's verdicts on seeded games of
    // chases (`python3 tests/oracle/xiangqi_chases.py NAME 200 1 60
    // tests/fixtures/fairy-stockfish/variants.ini`) and the FS binary's
    // chased pieces after every move of those and of 100 random games
    // (`FS_BIN=… python3 tests/oracle/xiangqi_chased.py
    // tests/oracle/NAME_chases.txt 100 11 NAME …/variants.ini`).
    let ini = manifest_dir().join("tests/fixtures/fairy-stockfish/variants.ini");
    for (name, far) in [("crowdedxiangqi", "4..5"), ("xiangqihouse", "6..10")] {
        let (script, variant) = crate::bridge::fixture_section(name);
        let rule = format!(
            "chasing loses:\n    Horse, Cannon outrank Rook;\n    \
             Elephant, Fers outrank Rook, Cannon, Horse;\n    Soldier chased only in ranks {far}\n"
        );
        assert!(script.contains(&rule), "{script}");
        let fixture = |kind: &str| {
            std::fs::read_to_string(manifest_dir().join(format!("tests/oracle/{name}_{kind}.txt")))
                .unwrap()
        };
        let (moves, chases) = replay_games(&variant, &fixture("chases"));
        eprintln!("{name}: {moves} moves, {chases} chases");
        let (moves, chased) = compare_chased(&variant, &fixture("chased"));
        eprintln!("{name}: {moves} moves, {chased} chased");
        let fresh = common::oracle::oracle_script_output(
            "xiangqi_chases.py",
            &[name, "4", "7", "40", ini.to_str().unwrap()],
        );
        assert_eq!(fresh.lines().count(), 4);
        replay_games(&variant, &fresh);
    }
}
