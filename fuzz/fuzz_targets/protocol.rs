//! Engine-protocol input: byte 1 picks UCI (with a seed variant) or XBoard;
//! each line of the rest (up to 32) is a command to the protocol's
//! `Session::execute`. Searches are kept short (UCI `go …` runs as `go depth
//! 1`; XBoard thinks at `sd 1`, and `sd`/`st`/`level` lines are skipped);
//! `setoption … VariantPath` (reads files) and `Hash` (allocates what it is
//! asked, up to 4 GiB) are skipped. Property: no panic, hang or OOM, and
//! the game's position writes a FEN that reads back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use varia::notation::fen::write_fen;
use varia::protocol::{uci, xboard};
use varia::vm::Position;

const VARIANTS: &[&str] = &["chess", "3check", "atomic", "berolina", "xiangqi"];

fn script(name: &str) -> String {
    format!("{}/../scripts/{name}.variant", env!("CARGO_MANIFEST_DIR"))
}

fn lower_words(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_ascii_lowercase).collect()
}

fn check(game: &varia::game::Game) {
    let pos = game.position();
    let fen = write_fen(pos);
    let back = Position::from_fen(pos.variant(), &fen).expect("the FEN varia writes reads back");
    assert_eq!(write_fen(&back), fen);
}

fn run_uci(variant: &str, text: &str) {
    let mut session = uci::Session::new(Box::new(std::io::sink()));
    session.execute(&format!("setoption name VariantPath value {}", script(variant)));
    session.execute(&format!("setoption name UCI_Variant value {variant}"));
    for line in text.lines().take(32) {
        let words = lower_words(line);
        let line = match words.first().map(String::as_str) {
            Some("go") => "go depth 1",
            Some("setoption") if words.iter().any(|w| w == "variantpath" || w == "hash") => continue,
            Some("quit") => continue,
            _ => line,
        };
        session.execute(line);
        check(session.game());
    }
    session.execute("stop");
}

fn run_xboard(text: &str) {
    let mut session = xboard::Session::new(Box::new(std::io::sink()));
    session.execute("protover 2");
    session.execute("sd 1");
    for line in text.lines().take(32) {
        let words = lower_words(line);
        match words.first().map(String::as_str) {
            Some("sd" | "st" | "level" | "quit") => continue,
            // `new` lifts the depth limit: put it back.
            Some("new") => {
                session.execute(line);
                session.execute("sd 1");
            }
            _ => {
                session.execute(line);
            }
        }
        check(session.game());
    }
    session.execute("force");
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let variant = VARIANTS[(pick >> 1) as usize % VARIANTS.len()];
    let text = String::from_utf8_lossy(rest);
    if pick & 1 == 0 {
        run_uci(variant, &text);
    } else {
        run_xboard(&text);
    }
});
