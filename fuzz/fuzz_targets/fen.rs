//! FEN read in a seed variant (the first byte picks it; the rest is the
//! FEN). A FEN that reads writes back a FEN that reads to the same text,
//! and its position keeps the properties of `varia_fuzz::check_position`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use varia::vm::Position;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(fen) = std::str::from_utf8(rest) else {
        return;
    };
    let variant = varia_fuzz::variant_for(pick);
    if let Ok(pos) = Position::from_fen(variant, fen) {
        varia_fuzz::check_position(&pos);
    }
    let _ = varia::game::Game::from_fen(variant, fen);
});
