//! Royal pieces stay safe: no legal move leaves a royal piece of the mover
//! attacked, in every script of `scripts/` where royalty is absolute, and
//! Coregal (queens royal too, a promotion making a new royal piece) agrees
//! with Fairy-Stockfish's built-in `coregal`.

use std::collections::BTreeSet;

use crate::common;

use common::oracle::{compare, manifest_dir, oracle, script};
use common::rng::Rng;

use varia::notation::coord::move_to_coord;
use varia::notation::fen::write_fen;
use varia::vm::{Move, Position};

/// 1000 positions of long random Coregal games (promotions to royal
/// queens included) agree with pyffish move for move.
#[test]
fn coregal_legal_moves_match_pyffish() {
    let variant = script("coregal");
    let lines = oracle("coregal", 1000, 23, &["--max-plies", "200"]);
    compare(&variant, &lines);
}

/// A pawn may not promote to a royal queen on a square the enemy attacks
/// (the rook on g8 sees b8); the other promotions stay legal. The moves are
/// Fairy-Stockfish's (pyffish `legal_moves` of this FEN).
#[test]
fn a_promotion_may_not_make_an_attacked_royal_piece() {
    let variant = script("coregal");
    let pos = Position::from_fen(&variant, "6r1/1P6/8/7k/8/8/8/4K3 w - - 0 1").unwrap();
    let moves: BTreeSet<String> = pos
        .legal_moves()
        .unwrap()
        .into_iter()
        .map(|m| move_to_coord(&pos, m))
        .collect();
    let fs = [
        "b7b8b", "b7b8n", "b7b8r", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
    ];
    assert_eq!(moves, fs.iter().map(|s| s.to_string()).collect());
}

/// Every script whose royal pieces may never be left attacked (all but
/// those where a move can remove more pieces, such as Atomic's
/// explosions): in seeded random games, after every legal move of every
/// position, no royal piece of the mover is attacked, and a move that
/// promotes into a royal kind does not stand attacked either.
#[test]
fn no_legal_move_leaves_a_royal_piece_attacked_in_any_script() {
    let mut names: Vec<String> = std::fs::read_dir(manifest_dir().join("scripts"))
        .expect("scripts/")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".variant")?.to_string())
        })
        .collect();
    names.sort();
    assert!(names.len() >= 20, "{names:?}");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0usize;
    for name in &names {
        let variant = script(name);
        if variant.pieces_can_vanish() {
            continue;
        }
        for _game in 0..6 {
            let mut pos = Position::start(&variant);
            for _ply in 0..160 {
                let moves = pos.legal_moves().unwrap();
                if moves.is_empty() {
                    break;
                }
                let us = pos.side_to_move();
                for &mv in &moves {
                    let mut after = pos.clone();
                    after.play_unchecked(mv);
                    assert!(
                        !after.is_royal_attacked(us),
                        "{name}: {} leaves a royal piece attacked in {}",
                        move_to_coord(&pos, mv),
                        write_fen(&pos)
                    );
                    checked += 1;
                }
                let mv: Move = moves[rng.below(moves.len())];
                pos.play_unchecked(mv);
            }
        }
    }
    assert!(checked > 100_000, "only {checked} moves checked");
}
