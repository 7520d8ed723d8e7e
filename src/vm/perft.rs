//! Perft: counting the leaves of the legal move tree, the standard test of
//! a move generator. The last ply is counted in bulk (the number of legal
//! moves), as Fairy-Stockfish's `go perft` does.

use crate::vm::moves::Move;
use crate::vm::position::Position;

/// The number of leaf nodes `depth` plies deep.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    count(pos, depth, &mut buffers)
}

/// Perft split by the first move: each legal move with its count.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = Vec::new();
    pos.legal_moves_into(&mut moves);
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    moves
        .into_iter()
        .map(|mv| {
            let undo = pos.play_unchecked(mv);
            let n = if depth <= 1 {
                1
            } else {
                count(pos, depth - 1, &mut buffers)
            };
            pos.unplay(mv, undo);
            (mv, n)
        })
        .collect()
}

fn count(pos: &mut Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    let Some((list, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    pos.legal_moves_into(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &mv in list.iter() {
        let undo = pos.play_unchecked(mv);
        nodes += count(pos, depth - 1, rest);
        pos.unplay(mv, undo);
    }
    nodes
}
