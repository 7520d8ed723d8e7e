//! Perpetual check (`perpetual check loses`, Fairy-Stockfish's
//! `perpetualCheckIllegal`): when the repetition rule ends the game, a side
//! that gave check with each of its moves since the earliest occurrence
//! loses. Every game here is derived by hand, and each verdict, move by
//! move, is also asked of Fairy-Stockfish (pyffish's
//! `is_optional_game_end` with the moves as history), which must agree.

use crate::common;

use std::sync::Arc;

use common::oracle::{fs_optional_game_ends_in, outcome_agrees, script};
use varia::ir::piece::Color;
use varia::ir::Variant;
use varia::notation::coord::parse_coord;
use varia::notation::fen::write_fen;
use varia::vm::{EndReason, Outcome, Position};

/// The outcome after each move of `line` played from `fen`, with
/// Fairy-Stockfish's verdict after each, which must agree with ours: the
/// game over where FS says it may end, by a win for the side to move
/// where FS scores a win, by a loss where it scores a loss.
fn outcomes_agreeing_with_fs(name: &str, fen: &str, line: &str) -> Vec<Outcome> {
    outcomes_agreeing(&script(name), "", name, fen, line)
}

/// [`outcomes_agreeing_with_fs`] for `variant`, which FS knows as `name`
/// once it has loaded `config` (`variants.ini` sections; none if empty).
fn outcomes_agreeing(
    variant: &Arc<Variant>,
    config: &str,
    name: &str,
    fen: &str,
    line: &str,
) -> Vec<Outcome> {
    let mut pos = Position::from_fen(variant, fen).unwrap();
    let moves: Vec<&str> = line.split_whitespace().collect();
    let theirs = fs_optional_game_ends_in(config, name, fen, &moves);
    assert_eq!(theirs.len(), moves.len(), "pyffish answered every move");
    let mut out = Vec::new();
    for (i, (m, (ended, score))) in moves.iter().zip(theirs).enumerate() {
        let mv = parse_coord(&pos, m)
            .unwrap_or_else(|| panic!("{m} is not legal in {}", write_fen(&pos)));
        pos.play_unchecked(mv);
        let ours = pos.outcome().unwrap();
        let side = pos.side_to_move();
        let agrees = outcome_agrees(&ours, side, (ended, score));
        assert!(
            agrees,
            "{name}, move {} ({m}): varia {ours:?}, FS ({ended}, {score})",
            i + 1
        );
        out.push(ours);
    }
    out
}

fn perpetual(winner: Color, checker: Color) -> Outcome {
    Outcome::Decisive {
        winner,
        reason: EndReason::PerpetualCheck { side: checker },
    }
}

/// Red's chariot checks the black general up and down the i-file's end
/// (i10, i9, i10, …) as it steps between d10 and d9 (e9 would face Red's
/// general on the open e-file).
const XIANGQI_CHASE: &str = "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1";

#[test]
fn the_side_that_checks_on_every_move_loses_at_the_third_occurrence() {
    let line = "i1i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10 i9i10 d10d9";
    let outcomes = outcomes_agreeing_with_fs("xiangqi", XIANGQI_CHASE, line);
    // Red's checks made the position after i9i10 (Black to move) stand a
    // third time at move 9 (first after move 1, again after move 5): Red
    // checked on every one of its moves since, Black never. Black wins.
    assert!(outcomes[..8].iter().all(|o| *o == Outcome::Ongoing));
    assert_eq!(outcomes[8], perpetual(Color::Black, Color::White));
    // Played on, the position after d10d9 stands a third time too (after
    // moves 2, 6, 10): Red, to move, has still checked throughout.
    assert_eq!(outcomes[9], perpetual(Color::Black, Color::White));
}

#[test]
fn a_repetition_without_checks_is_a_draw() {
    let line = "i1h1 d10d9 h1i1 d9d10 i1h1 d10d9 h1i1 d9d10";
    let outcomes = outcomes_agreeing_with_fs("xiangqi", XIANGQI_CHASE, line);
    assert!(outcomes[..7].iter().all(|o| *o == Outcome::Ongoing));
    // The start position stands a third time.
    assert_eq!(
        outcomes[7],
        Outcome::Draw {
            reason: EndReason::Repetition
        }
    );
}

#[test]
fn checks_on_only_some_moves_of_the_repetition_draw() {
    // Red checks with every other move (i1i10, then back to i1): the
    // position after i1i10 stands a third time at move 9, a draw.
    let line = "i1i10 d10d9 i10i1 d9d10 i1i10 d10d9 i10i1 d9d10 i1i10 d10d9";
    let outcomes = outcomes_agreeing_with_fs("xiangqi", XIANGQI_CHASE, line);
    assert!(outcomes[..7].iter().all(|o| *o == Outcome::Ongoing));
    for outcome in &outcomes[7..] {
        assert_eq!(
            *outcome,
            Outcome::Draw {
                reason: EndReason::Repetition
            }
        );
    }
}

#[test]
fn both_sides_checking_on_every_move_draw() {
    // Red in check from Black's cannon on e10 through its horse on e8.
    // The horse leaps to g9: a screen for Red's cannon on i9 against the
    // general on d9 (and e8 no screen any more). Black's advisor steps to
    // e9: a second screen on rank 9, and a screen on the e-file again.
    // The horse back to e8 makes two screens on the e-file and leaves one
    // on rank 9; the advisor back to f10 the other way round. Every move
    // checks; the start stands a third time after move 8: a draw.
    let fen = "4ca3/3k4C/4N4/9/9/9/9/9/9/4K4 w - - 0 1";
    let line = "e8g9 f10e9 g9e8 e9f10 e8g9 f10e9 g9e8 e9f10 e8g9";
    let outcomes = outcomes_agreeing_with_fs("xiangqi", fen, line);
    assert!(outcomes[..7].iter().all(|o| *o == Outcome::Ongoing));
    for outcome in &outcomes[7..] {
        assert_eq!(
            *outcome,
            Outcome::Draw {
                reason: EndReason::Repetition
            }
        );
    }
}

#[test]
fn minixiangqi_and_manchu_have_the_rule_too() {
    // Minixiangqi: the chariot checks along ranks 7 and 6 as the black
    // general steps between c7 and c6 (d7 faces Red's general on d1).
    let line = "g1g7 c7c6 g7g6 c6c7 g6g7 c7c6 g7g6 c6c7 g6g7";
    let outcomes = outcomes_agreeing_with_fs("minixiangqi", "2k4/7/7/7/7/7/3K2R w - - 0 1", line);
    assert_eq!(outcomes[8], perpetual(Color::Black, Color::White));
    // Manchu: Red's banner checks as a chariot does.
    let line = "i1i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10 i9i10";
    let fen = "3k5/9/9/9/9/9/9/9/9/4K3M w - - 0 1";
    let outcomes = outcomes_agreeing_with_fs("manchu", fen, line);
    assert_eq!(outcomes[8], perpetual(Color::Black, Color::White));
}

#[test]
fn taking_moves_back_takes_the_checks_back() {
    // Red's third move gives no check; all its moves after do. The
    // position after move 1 stands a third time at move 9, and Red's
    // non-checking move lies in between: a draw (FS agrees).
    let before = "i1i10 d10d9 i10i1 d9d10";
    let after = "i1i10 d10d9 i10i9 d9d10 i9i10";
    let whole = format!("{before} {after}");
    let outcomes = outcomes_agreeing_with_fs("xiangqi", XIANGQI_CHASE, &whole);
    let draw = Outcome::Draw {
        reason: EndReason::Repetition,
    };
    assert_eq!(outcomes[8], draw);
    // The same game with a run of three checks played and taken back
    // after move 4: were they still counted, Red would have checked
    // throughout and lost.
    let variant = script("xiangqi");
    let mut pos = Position::from_fen(&variant, XIANGQI_CHASE).unwrap();
    let play = |pos: &mut Position, line: &str| {
        line.split_whitespace()
            .map(|m| {
                let mv = parse_coord(pos, m).unwrap();
                (mv, pos.play_unchecked(mv))
            })
            .collect::<Vec<_>>()
    };
    play(&mut pos, before);
    let detour = play(&mut pos, "i1i10 d10d9 i10i9 d9d10 i9i10 d10d9");
    for (mv, undo) in detour.into_iter().rev() {
        pos.unplay(mv, undo);
    }
    play(&mut pos, after);
    assert_eq!(pos.outcome().unwrap(), draw);
}

#[test]
fn the_bridge_carries_the_rule_to_fairy_stockfish_and_back() {
    // Chess with the rule: `import orthodox` brings `repetition 3`.
    let text = "variant \"Perpetual chess\"\nimport orthodox\nboard 8 x 8\nperpetual check loses\n\
                setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n";
    let variant = varia::compile_source("perpetual.variant", text).unwrap();
    let ini = varia::bridge::export::export_variant(&variant, "perpetual-chess").unwrap();
    assert!(ini.contains("\nperpetualCheckIllegal = true\n"), "{ini}");
    // FS, given the section, judges a rook's checks as varia does.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let line = "a1a8 e8e7 a8a7 e7e8 a7a8 e8e7 a8a7 e7e8 a7a8";
    let outcomes = outcomes_agreeing(&variant, &ini, "perpetual-chess", fen, line);
    assert_eq!(outcomes[8], perpetual(Color::Black, Color::White));
    // And back: the section imports with the rule.
    let imported = varia::bridge::import::import_ini(&ini, &[]);
    let script = &imported[0].as_ref().unwrap().script;
    assert!(script.contains("\nperpetual check loses\n"), "{script}");
    assert!(
        varia::compile_source("back.variant", script)
            .unwrap()
            .game_end
            .perpetual_check
    );
    // Without a repetition rule FS never judges perpetual checks: nothing to import.
    let imported = varia::bridge::import::import_ini(
        "[x:chess]\nnFoldRule = 0\nperpetualCheckIllegal = true\n",
        &[],
    );
    let script = &imported[0].as_ref().unwrap().script;
    assert!(!script.contains("perpetual"), "{script}");
}

/// `repetition N wins|loses [for SIDE]` exports as `nFoldValue` (with
/// `nFoldValueAbsolute` for a side), FS plays the exported section's
/// repetitions as varia does, and the section imports back to the rule.
#[test]
fn the_bridge_carries_what_a_repetition_means_both_ways() {
    let fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";
    // White to move at the third occurrence of the start.
    let line = "e1d1 e8d8 d1e1 d8e8 e1d1 e8d8 d1e1 d8e8";
    for (rule, white_wins, ini_lines) in [
        ("repetition 3 wins", true, "nFoldValue = win\n"),
        ("repetition 3 loses", false, "nFoldValue = loss\n"),
        (
            "repetition 3 wins for black",
            false,
            "nFoldValue = loss\nnFoldValueAbsolute = true\n",
        ),
        (
            "repetition 3 loses for black",
            true,
            "nFoldValue = win\nnFoldValueAbsolute = true\n",
        ),
    ] {
        let text =
            format!("variant \"Kings\"\nimport orthodox\nboard 8 x 8\n{rule}\nsetup \"{fen}\"\n");
        let variant = varia::compile_source("kings.variant", &text).unwrap();
        let ini = varia::bridge::export::export_variant(&variant, "kings").unwrap();
        assert!(
            ini.contains(&format!("\nnFoldRule = 3\n{ini_lines}")),
            "{rule}: {ini}"
        );
        let outcomes = outcomes_agreeing(&variant, &ini, "kings", fen, line);
        let winner = if white_wins {
            Color::White
        } else {
            Color::Black
        };
        assert_eq!(
            outcomes[7],
            Outcome::Decisive {
                winner,
                reason: EndReason::Repetition
            },
            "{rule}"
        );
        let imported = varia::bridge::import::import_ini(&ini, &[]);
        let script = &imported[0].as_ref().unwrap().script;
        let back = varia::compile_source("back.variant", script).unwrap();
        assert_eq!(
            back.game_end.repetition_result, variant.game_end.repetition_result,
            "{rule}: {script}"
        );
    }
}

#[test]
fn the_engine_will_not_check_perpetually_into_a_loss() {
    // Red is two chariots down, and its checks so far would make i9i10
    // the third occurrence: a draw by repetition without the rule, a loss
    // with it (FS agrees, as in the first test). The engine plays on instead.
    let variant = script("xiangqi");
    let fen = "3k5/9/9/9/r8/1r7/9/9/9/4K3R w - - 0 1";
    let line = "i1i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10";
    let outcomes = outcomes_agreeing(&variant, "", "xiangqi", fen, &format!("{line} i9i10"));
    assert_eq!(outcomes[8], perpetual(Color::Black, Color::White));
    assert_ne!(
        common::moves::engine_move_after(&variant, fen, line, 3),
        "i9i10"
    );
}

/// The shogi family (Fairy-Stockfish's `nFoldRule = 4`, `perpetualCheckIllegal`):
/// the fourth occurrence ends the game, a draw unless one side checked
/// throughout. Shogi's rook checks Black's king on a9 and b8 in turn.
#[test]
fn shogi_ends_at_the_fourth_occurrence_and_a_perpetual_check_loses() {
    let quiet = "e1e2 a9a8 e2e1 a8a9 ".repeat(3);
    let outcomes = outcomes_agreeing_with_fs("shogi", "k8/9/9/9/9/9/9/9/4K4[] w - - 0 1", &quiet);
    assert!(
        outcomes[..11].iter().all(|o| *o == Outcome::Ongoing),
        "not at the third"
    );
    assert_eq!(
        outcomes[11],
        Outcome::Draw {
            reason: EndReason::Repetition
        }
    );
    let checks = "b1a1 a9b8 a1b1 b8a9 ".repeat(3);
    let outcomes =
        outcomes_agreeing_with_fs("shogi", "k8/9/9/9/9/9/9/9/1R2K4[] w - - 0 1", &checks);
    assert!(outcomes[..11].iter().all(|o| *o == Outcome::Ongoing));
    assert_eq!(outcomes[11], perpetual(Color::Black, Color::White));
}

/// `repetition 4 wins for black` (Minishogi: Fairy-Stockfish's
/// `nFoldValue = loss` with `nFoldValueAbsolute`): Sente (White) loses
/// whoever is to move at the fourth occurrence.
#[test]
fn minishogi_repetition_loses_for_sente_whoever_is_to_move() {
    let sente_loses = Outcome::Decisive {
        winner: Color::Black,
        reason: EndReason::Repetition,
    };
    let white_to_move = "a1b2 e5d4 b2a1 d4e5 ".repeat(3);
    let outcomes = outcomes_agreeing_with_fs(
        "minishogi",
        "rbsgk/4p/5/P4/KGSBR[] w - - 0 1",
        &white_to_move,
    );
    assert!(outcomes[..11].iter().all(|o| *o == Outcome::Ongoing));
    assert_eq!(outcomes[11], sente_loses);
    let black_to_move = "e5d4 b2a1 d4e5 a1b2 ".repeat(3);
    let outcomes = outcomes_agreeing_with_fs(
        "minishogi",
        "rbsgk/4p/5/PK3/1GSBR[] b - - 0 1",
        &black_to_move,
    );
    assert!(outcomes[..11].iter().all(|o| *o == Outcome::Ongoing));
    assert_eq!(outcomes[11], sente_loses);
}

/// `repetition 4 wins` (Tori shogi: `nFoldValue = win`): the player to
/// move at the fourth occurrence wins; Black made it, and loses.
#[test]
fn tori_shogi_repetition_loses_for_the_player_who_repeated() {
    let line = "d1e2 d7c6 e2d1 c6d7 ".repeat(3);
    let outcomes = outcomes_agreeing_with_fs(
        "torishogi",
        "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[] w - - 0 1",
        &line,
    );
    assert!(outcomes[..11].iter().all(|o| *o == Outcome::Ongoing));
    assert_eq!(
        outcomes[11],
        Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Repetition
        }
    );
}

/// Yari shogi repeats three times, Dobutsu four; both draw.
#[test]
fn yari_shogi_draws_at_the_third_occurrence_and_dobutsu_at_the_fourth() {
    let draw = Outcome::Draw {
        reason: EndReason::Repetition,
    };
    let yari = "d1d2 d9d8 d2d1 d8d9 ".repeat(2);
    let outcomes = outcomes_agreeing_with_fs(
        "yarishogi",
        "rnnkbbr/7/ppppppp/7/7/7/PPPPPPP/7/RBBKNNR[] w - - 0 1",
        &yari,
    );
    assert!(outcomes[..7].iter().all(|o| *o == Outcome::Ongoing));
    assert_eq!(outcomes[7], draw);
    let dobutsu = "c1c2 a4a3 c2c1 a3a4 ".repeat(3);
    let outcomes = outcomes_agreeing_with_fs("dobutsu", "gle/1c1/1C1/ELG[] w - - 0 1", &dobutsu);
    assert!(outcomes[..11].iter().all(|o| *o == Outcome::Ongoing));
    assert_eq!(outcomes[11], draw);
}
