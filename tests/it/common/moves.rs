#![allow(dead_code)]
//! Move sets in coordinate form, for tests that compare them with
//! hand-derived expectations.

use std::collections::BTreeSet;
use std::sync::Arc;

use varia::engine::{Engine, Limits};
use varia::ir::Variant;
use varia::notation::coord::{move_to_coord, parse_coord};
use varia::vm::Position;

/// All legal moves, in coordinate form (`e2e4`, `e7e8q`).
pub fn moves(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves()
        .unwrap()
        .into_iter()
        .map(|m| move_to_coord(pos, m))
        .collect()
}

/// The legal moves of the piece on `from` (`a1` does not match `a10`).
pub fn moves_from(pos: &Position, from: &str) -> BTreeSet<String> {
    moves(pos)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

/// The moves from `from` to each of the space-separated `targets`
/// (`set("e2", "e3 e4")` is `{e2e3, e2e4}`).
pub fn set(from: &str, targets: &str) -> BTreeSet<String> {
    targets
        .split_whitespace()
        .map(|t| format!("{from}{t}"))
        .collect()
}

/// The engine's move, searching `depth` plies (a fresh table), after
/// `line` (coordinates, with their history kept) is played from `fen`.
pub fn engine_move_after(variant: &Arc<Variant>, fen: &str, line: &str, depth: u32) -> String {
    let mut pos = Position::from_fen(variant, fen).unwrap();
    for m in line.split_whitespace() {
        let mv = parse_coord(&pos, m).unwrap_or_else(|| panic!("{m} is not legal"));
        pos.play_unchecked(mv);
    }
    let mut engine = Engine::with_table_bits(&pos, 16);
    let best = engine
        .search(&pos, Limits::depth(depth), |_| {})
        .best
        .expect("a move");
    move_to_coord(&pos, best)
}
