//! Hook code: a fuzzed body for one of the hooks (the first byte picks
//! which) in orthodox chess, then perft 2 and the properties of
//! `varia_fuzz::check_position`. A hook gives an error or a result: never
//! a panic, and within bounded time and memory (libFuzzer's -timeout and
//! -rss_limit_mb).
#![no_main]

use libfuzzer_sys::fuzz_target;
use varia::vm::{perft::perft, Position};
use varia_fuzz::{CHESS_HEAD, CHESS_SETUP};

const HOOKS: &[&str] = &["move-filter", "after-move", "game-end", "promotion"];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let Ok(body) = std::str::from_utf8(body) else {
        return;
    };
    let hook = HOOKS[pick as usize % HOOKS.len()];
    // Promotion hooks run only with a pawn about to promote.
    let setup = if hook == "promotion" {
        "setup \"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1\"\n"
    } else {
        CHESS_SETUP
    };
    let script = format!("{CHESS_HEAD}hook {hook} {{\n{body}\n}}\n{setup}");
    let Ok(variant) = varia::compile_source("fuzz.variant", &script) else {
        return;
    };
    let mut pos = Position::start(&variant);
    let _ = perft(&mut pos, 2);
    varia_fuzz::check_compiled(&variant);
});
