//! A Betza string alone: `piece Fuzz Z "<input>"` in orthodox chess, the
//! piece on b1 and b8 (in place of the knights), so that its moves are
//! generated at once. Properties as for whole scripts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use varia_fuzz::CHESS_HEAD;

fuzz_target!(|data: &[u8]| {
    let Ok(betza) = std::str::from_utf8(data) else {
        return;
    };
    // The string stays one string literal of one line.
    if betza.contains(['"', '\\', '\n', '\r']) {
        return;
    }
    let script = format!(
        "{CHESS_HEAD}piece Fuzz Z \"{betza}\"\n\
         setup \"rzbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RZBQKBNR w KQkq - 0 1\"\n"
    );
    varia_fuzz::compile_and_check(&script);
});
