//! A region expression: `region fuzz = <input>` in King of the Hill's
//! place (`reaching fuzz with King wins`). Properties as for whole scripts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use varia_fuzz::{CHESS_HEAD, CHESS_SETUP};

fuzz_target!(|data: &[u8]| {
    let Ok(expr) = std::str::from_utf8(data) else {
        return;
    };
    let script =
        format!("{CHESS_HEAD}region fuzz = {expr}\nreaching fuzz with King wins\n{CHESS_SETUP}");
    varia_fuzz::compile_and_check(&script);
});
