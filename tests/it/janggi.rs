//! Janggi's game ends, against Fairy-Stockfish: `pass allowed` and two
//! passes in a row, `facing royals draws` (bikjang: the generals facing on
//! an open file must be broken or answered by a pass, even in check, and
//! that pass ends the game), `draws win on points …` (every draw scored by
//! the pieces left, Han with 1.5 points more), the repetition, perpetual
//! check and the move rule, in `janggi`, `janggitraditional` and
//! `janggicasual`. Each verdict, move by move, is FS's too (pyffish's
//! `is_immediate_game_end` and `is_optional_game_end` with the moves as
//! history), and the legal moves of each position are pyffish's.

use crate::common;

use std::collections::BTreeSet;

use common::oracle::{
    fs_immediate_game_ends, fs_legal_moves, fs_optional_game_ends, outcome_agrees, require_pyffish,
    script,
};
use varia::ir::piece::Color;
use varia::notation::coord::parse_coord;
use varia::notation::fen::write_fen;
use varia::vm::{EndReason, Outcome, Position};

pub(crate) const START: &str =
    "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

/// The generals face each other on the open e-file (bikjang), a chariot
/// each: 13 points each, so Han's 1.5 wins a count.
const FACING: &str = "8r/4k4/9/9/9/9/9/9/4K4/R8 w - - 0 1";

/// Bikjang, and Cho's general is in check from Han's chariot on a2 too.
const FACING_IN_CHECK: &str = "9/4k4/9/9/9/9/9/9/r3K4/R8 w - - 0 1";

/// Cho has a chariot more: 13 + 13 against 13 + 1.5 wins Cho a count.
const CHO_AHEAD: &str = "r8/3k5/9/9/9/9/9/9/5K3/R7R w - - 0 1";

/// The outcome after each move of `line` from `fen` in the catalogue's
/// `name`, each checked against FS's verdicts: the game over where FS ends
/// it at once or lets it end (repetition, the move rule), a draw where it
/// scores 0, a win for the side to move where it scores a win.
fn outcomes(name: &str, fen: &str, line: &str) -> Vec<Outcome> {
    outcomes_of(&script(name), name, fen, line)
}

/// [`outcomes`] in `variant`, FS playing its `name`.
pub(crate) fn outcomes_of(
    variant: &std::sync::Arc<varia::ir::Variant>,
    name: &str,
    fen: &str,
    line: &str,
) -> Vec<Outcome> {
    let mut pos = Position::from_fen(variant, fen).unwrap();
    let moves: Vec<&str> = line.split_whitespace().collect();
    let immediate = fs_immediate_game_ends(name, fen, &moves);
    let optional = fs_optional_game_ends(name, fen, &moves);
    assert_eq!(immediate.len(), moves.len(), "pyffish answered every move");
    assert_eq!(optional.len(), moves.len(), "pyffish answered every move");
    let mut out = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let mv = parse_coord(&pos, m)
            .unwrap_or_else(|| panic!("{m} is not legal in {}", write_fen(&pos)));
        pos.play_unchecked(mv);
        let ours = pos.outcome().unwrap();
        let (ended, score) = if immediate[i].0 {
            immediate[i]
        } else {
            optional[i]
        };
        let side = pos.side_to_move();
        let agrees = outcome_agrees(&ours, side, (ended, score));
        assert!(
            agrees,
            "{name}, move {} ({m}): varia {ours:?}, FS immediate {:?}, optional {:?}",
            i + 1,
            immediate[i],
            optional[i]
        );
        out.push(ours);
    }
    out
}

/// Our legal moves at `fen`, which must be FS's.
fn legal_agreeing(name: &str, fen: &str) -> BTreeSet<String> {
    let variant = script(name);
    let pos = Position::from_fen(&variant, fen).unwrap();
    let ours = crate::common::moves::moves(&pos);
    assert_eq!(ours, fs_legal_moves(name, fen), "{name} at {fen}");
    ours
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

#[test]
fn a_side_not_in_check_may_pass_and_two_passes_end_the_game() {
    require_pyffish();
    assert!(legal_agreeing("janggicasual", START).contains("e2e2"));
    let casual = outcomes("janggicasual", START, "e2e2 e9e9");
    assert_eq!(casual[0], Outcome::Ongoing);
    assert_eq!(
        casual[1],
        Outcome::Draw {
            reason: EndReason::BothPassed
        }
    );
    // In Janggi the draw is counted: 72 points each, and Han's 1.5 more.
    let counted = outcomes("janggi", START, "e2e2 e9e9");
    assert_eq!(
        counted[1],
        Outcome::Decisive {
            winner: Color::Black,
            reason: EndReason::BothPassed
        }
    );
    let traditional = outcomes("janggitraditional", START, "e2e2 e9e9");
    assert!(matches!(traditional[1], Outcome::Draw { .. }));
    // A chariot more outweighs Han's 1.5.
    let ahead = outcomes("janggi", CHO_AHEAD, "f2f2 d9d9");
    assert_eq!(
        ahead[1],
        Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::BothPassed
        }
    );
}

#[test]
fn a_side_in_check_may_not_pass_without_bikjang() {
    require_pyffish();
    let moves = legal_agreeing("janggicasual", FACING_IN_CHECK);
    assert!(!moves.contains("e2e2"));
}

#[test]
fn bikjang_must_be_broken_or_answered_by_a_pass() {
    require_pyffish();
    for name in ["janggi", "janggitraditional"] {
        // Only the general can break the facing; the chariot cannot block.
        assert_eq!(
            legal_agreeing(name, FACING),
            set(&["e2d1", "e2d2", "e2d3", "e2e2", "e2f1", "e2f2", "e2f3"])
        );
        // In check too: the pass stays legal.
        assert_eq!(
            legal_agreeing(name, FACING_IN_CHECK),
            set(&["e2d1", "e2d3", "e2e2", "e2f1", "e2f3"])
        );
    }
    // Without the rule the generals may face each other and anything goes.
    assert_eq!(legal_agreeing("janggicasual", FACING).len(), 26);
}

#[test]
fn a_pass_in_bikjang_ends_the_game_by_count_or_drawn() {
    require_pyffish();
    let counted = outcomes("janggi", FACING, "e2e2");
    assert_eq!(
        counted[0],
        Outcome::Decisive {
            winner: Color::Black,
            reason: EndReason::RoyalsFacing
        }
    );
    let drawn = outcomes("janggitraditional", FACING_IN_CHECK, "e2e2");
    assert_eq!(
        drawn[0],
        Outcome::Draw {
            reason: EndReason::RoyalsFacing
        }
    );
    assert_eq!(
        outcomes("janggicasual", FACING, "e2e2")[0],
        Outcome::Ongoing
    );
    // A move into bikjang ends nothing; the pass answering it does.
    let line = "f2e2 e10e10";
    let ahead = outcomes("janggi", "4k4/9/9/9/9/9/9/9/5K3/R7R w - - 0 1", line);
    assert_eq!(ahead[0], Outcome::Ongoing);
    assert_eq!(
        ahead[1],
        Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::RoyalsFacing
        }
    );
}

#[test]
fn repetition_draws_are_counted_in_janggi() {
    require_pyffish();
    let line = "b1c3 b10c8 c3b1 c8b10 b1c3 b10c8 c3b1 c8b10";
    let casual = outcomes("janggicasual", START, line);
    assert!(casual[..7].iter().all(|o| *o == Outcome::Ongoing));
    assert!(matches!(casual[7], Outcome::Draw { .. }));
    let counted = outcomes("janggi", START, line);
    assert!(matches!(
        counted[7],
        Outcome::Decisive {
            winner: Color::Black,
            ..
        }
    ));
    let traditional = outcomes("janggitraditional", START, line);
    assert!(matches!(traditional[7], Outcome::Draw { .. }));
}

#[test]
fn perpetual_check_loses_before_the_count() {
    require_pyffish();
    // Cho's chariot checks along ranks 9 and 10 as Han's general steps
    // between e9 and e10 (the count would give Cho the game: 26 to 1.5).
    let fen = "9/4k4/9/9/9/9/9/9/5K3/R7R w - - 0 1";
    let line = "a1a9 e9e10 a9a10 e10e9 a10a9 e9e10 a9a10 e10e9 a10a9";
    let o = outcomes("janggi", fen, line);
    assert!(matches!(
        o.last().unwrap(),
        Outcome::Decisive {
            winner: Color::Black,
            reason: EndReason::PerpetualCheck { .. }
        }
    ));
}

#[test]
fn the_move_rule_is_counted_in_janggi() {
    require_pyffish();
    // The halfmove clock at 99: one more move without a capture ends it.
    let fen = "r8/3k5/9/9/9/9/9/9/5K3/R7R w - - 99 60";
    let counted = outcomes("janggi", fen, "i1i2");
    assert!(matches!(
        counted[0],
        Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::MoveRule
        }
    ));
    let casual = outcomes("janggicasual", fen, "i1i2");
    assert!(matches!(casual[0], Outcome::Draw { .. }));
}

/// Games in which each side mostly moves its last piece straight back
/// (now and then passing): our outcome after every move is FS's, the game
/// going on until FS ends it, by the rule against moving back and forth
/// (`janggimodern`), repetition or the count.
fn shuffling_games_agree(name: &str, games: usize, seed: u64) -> usize {
    shuffling_games_agree_in(&script(name), name, games, seed)
}

/// [`shuffling_games_agree`] in `variant`, FS playing its `name`.
pub(crate) fn shuffling_games_agree_in(
    variant: &std::sync::Arc<varia::ir::Variant>,
    name: &str,
    games: usize,
    seed: u64,
) -> usize {
    let text = common::oracle::oracle_script_output(
        "janggi_shuffles.py",
        &[name, &games.to_string(), &seed.to_string()],
    );
    let mut shuffles_lost = 0;
    for line in text.lines() {
        let (moves, verdict) = line.split_once(" | ").expect("moves | verdict");
        let mut pos = Position::start(variant);
        let moves: Vec<&str> = moves.split_whitespace().collect();
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(
                pos.outcome().unwrap(),
                Outcome::Ongoing,
                "{name}: {line}, ply {i}"
            );
            let mv = parse_coord(&pos, m).unwrap_or_else(|| panic!("{m} in {line}"));
            pos.play_unchecked(mv);
        }
        let ours = pos.outcome().unwrap();
        let side = pos.side_to_move();
        let expected = verdict
            .split_whitespace()
            .nth(1)
            .map(|score| score.parse::<i64>().unwrap());
        let agrees = match (&ours, expected) {
            (Outcome::Ongoing, None) => true,
            (Outcome::Draw { .. }, Some(0)) => true,
            (Outcome::Decisive { winner, .. }, Some(s)) => (*winner == side) == (s > 0) && s != 0,
            _ => false,
        };
        assert!(agrees, "{name}: {line}: varia {ours:?}");
        if let Outcome::Decisive {
            reason: EndReason::BackAndForth { .. },
            ..
        } = ours
        {
            shuffles_lost += 1;
        }
    }
    shuffles_lost
}

#[test]
fn moving_back_and_forth_loses_in_janggi_modern() {
    // Most of these games end by the rule; the others by the count.
    assert!(shuffling_games_agree("janggimodern", 60, 11) > 30);
}

#[test]
fn moving_back_and_forth_is_free_in_the_other_janggis() {
    for name in ["janggi", "janggicasual"] {
        assert_eq!(shuffling_games_agree(name, 15, 12), 0);
    }
}

#[test]
fn the_fifth_move_to_and_fro_loses_and_not_the_fourth() {
    require_pyffish();
    let line = "a1a3 a10a8 a3a1 a8a10 a1a3 a10a8 a3a1 b10c8 a1a3";
    let o = outcomes("janggimodern", START, line);
    assert!(o[..8].iter().all(|o| *o == Outcome::Ongoing));
    assert_eq!(
        o[8],
        Outcome::Decisive {
            winner: Color::Black,
            reason: EndReason::BackAndForth { side: Color::White }
        }
    );
    // Han shuffled four times too, but its fifth move went elsewhere; and
    // generals and advisors, which cannot leave their palace, are free to.
    let palace = "e2e1 e9e10 e1e2 e10e9 e2e1 e9e10 e1e2 e10e9 e2e1 e9e10";
    assert!(outcomes("janggimodern", START, palace)
        .iter()
        .all(|o| *o == Outcome::Ongoing));
}
