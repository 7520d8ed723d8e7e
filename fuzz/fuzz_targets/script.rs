//! Whole scripts: parser and compiler. Nothing panics; a script that
//! compiles (what `varia check` accepts) loads, and its start position and
//! first moves keep the properties of `varia_fuzz::check_position`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        varia_fuzz::compile_and_check(text);
    }
});
