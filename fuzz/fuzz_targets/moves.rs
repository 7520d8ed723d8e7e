//! SAN and coordinate move reading on a live position. Input: a first line
//! of bytes (the first picks a seed variant, each next one the legal move
//! to play, up to 12), then lines of typed moves. Every move read is one of
//! the legal moves; `varia_fuzz::check_position` holds in the position
//! reached (every legal move playable, its SAN reads back to it).
#![no_main]

use libfuzzer_sys::fuzz_target;
use varia::game::Game;
use varia::notation::{coord, san};
use varia::vm::Position;

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == b'\n').unwrap_or(data.len());
    let (head, text) = data.split_at(split);
    let Some((&pick, choices)) = head.split_first() else {
        return;
    };
    let mut pos = Position::start(varia_fuzz::variant_for(pick));
    for &c in choices.iter().take(12) {
        let Ok(legal) = pos.legal_moves() else {
            return;
        };
        if legal.is_empty() {
            break;
        }
        pos.play(legal[c as usize % legal.len()]);
    }
    let Some(legal) = varia_fuzz::check_position(&pos) else {
        return;
    };
    let text = String::from_utf8_lossy(text);
    let mut game = Game::from_position(pos.clone());
    for line in text.lines().take(16) {
        if let Ok(mv) = san::parse_move(&pos, line) {
            assert!(
                legal.contains(&mv),
                "{line:?} read as a move that is not legal"
            );
        }
        if let Some(mv) = coord::parse_coord(&pos, line) {
            assert!(
                legal.contains(&mv),
                "{line:?} read as a move that is not legal"
            );
        }
        if game.play_text(line).is_ok() {
            game.undo();
        }
    }
});
