//! Perft: counting the leaves of the legal move tree, the standard test of
//! a move generator. The last ply is counted in bulk (the number of legal
//! moves), as Fairy-Stockfish's `go perft` does. The depth is at most
//! [`MAX_PERFT_DEPTH`].

use crate::vm::hook_error::HookError;
use crate::vm::moves::Move;
use crate::vm::position::Position;

/// The deepest perft: 20 plies. Chess at depth 20 has about 10^28 leaves,
/// far past what any machine counts, so no real use is cut off, while a
/// depth of 4294967295 (one move list per ply: 103 GB) or 1000000 (one
/// stack frame per ply) is refused before anything is allocated.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// Why perft has no count.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PerftError {
    /// The depth is past [`MAX_PERFT_DEPTH`].
    #[error("perft depth {depth} is too deep: at most {max}", max = MAX_PERFT_DEPTH)]
    TooDeep {
        /// The depth asked for.
        depth: u32,
    },
    /// A hook of the variant failed somewhere in the tree.
    #[error(transparent)]
    Hook(#[from] HookError),
}

/// Checks a perft depth against [`MAX_PERFT_DEPTH`].
///
/// # Errors
/// [`PerftError::TooDeep`] past the cap.
pub fn check_depth(depth: u32) -> Result<(), PerftError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(PerftError::TooDeep { depth });
    }
    Ok(())
}

/// The number of leaf nodes `depth` plies deep.
///
/// # Errors
/// [`PerftError::TooDeep`]: `depth` is past [`MAX_PERFT_DEPTH`];
/// [`PerftError::Hook`]: a hook of the variant failed somewhere in the
/// tree. Either way `pos` is left as it was.
pub fn perft(pos: &mut Position, depth: u32) -> Result<u64, PerftError> {
    check_depth(depth)?;
    if depth == 0 {
        return Ok(1);
    }
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    Ok(count(pos, depth, &mut buffers)?)
}

/// Perft split by the first move: each legal move with its count.
///
/// # Errors
/// As [`perft`]; `pos` is left as it was.
pub fn divide(pos: &mut Position, depth: u32) -> Result<Vec<(Move, u64)>, PerftError> {
    check_depth(depth)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_depth_past_the_cap_is_an_error_before_anything_is_allocated() {
        let variant = crate::compile_path("chess").expect("built in");
        let mut pos = Position::start(&variant);
        for depth in [MAX_PERFT_DEPTH + 1, 1_000_000, u32::MAX] {
            assert_eq!(perft(&mut pos, depth), Err(PerftError::TooDeep { depth }));
            assert_eq!(divide(&mut pos, depth), Err(PerftError::TooDeep { depth }));
        }
        assert_eq!(
            PerftError::TooDeep { depth: 21 }.to_string(),
            "perft depth 21 is too deep: at most 20"
        );
        assert_eq!(perft(&mut pos, 2), Ok(400));
    }
}
