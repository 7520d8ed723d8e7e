//! Perft: counting the leaves of the legal move tree, the standard test of
//! a move generator. The last ply is counted in bulk (the number of legal
//! moves), as Fairy-Stockfish's `go perft` does.

use crate::vm::hook_error::HookError;
use crate::vm::moves::Move;
use crate::vm::position::Position;

/// The number of leaf nodes `depth` plies deep.
///
/// # Errors
/// A hook of the variant failed somewhere in the tree; `pos` is left as
/// it was.
pub fn perft(pos: &mut Position, depth: u32) -> Result<u64, HookError> {
    if depth == 0 {
        return Ok(1);
    }
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    count(pos, depth, &mut buffers)
}

/// Perft split by the first move: each legal move with its count.
///
/// # Errors
/// A hook of the variant failed somewhere in the tree; `pos` is left as
/// it was.
pub fn divide(pos: &mut Position, depth: u32) -> Result<Vec<(Move, u64)>, HookError> {
    let mut moves = Vec::new();
    pos.legal_moves_in_place(&mut moves)?;
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    moves
        .into_iter()
        .map(|mv| {
            let undo = pos.play_unchecked(mv);
            let n = if depth <= 1 {
                Ok(1)
            } else {
                count(pos, depth - 1, &mut buffers)
            };
            pos.unplay(mv, undo);
            Ok((mv, n?))
        })
        .collect()
}

fn count(pos: &mut Position, depth: u32, buffers: &mut [Vec<Move>]) -> Result<u64, HookError> {
    let Some((list, rest)) = buffers.split_first_mut() else {
        return Ok(1);
    };
    pos.legal_moves_in_place(list)?;
    if depth == 1 {
        return Ok(list.len() as u64);
    }
    let mut nodes = 0;
    for &mv in list.iter() {
        let undo = pos.play_unchecked(mv);
        let n = count(pos, depth - 1, rest);
        pos.unplay(mv, undo);
        nodes += n?;
    }
    Ok(nodes)
}
