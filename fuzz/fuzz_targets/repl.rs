//! REPL command lines through `Session::execute`, one line of the input
//! each (up to 24), in a session on a seed script (the first byte picks
//! it). Lines that would leave the fuzzer's sandbox are skipped: file names
//! other than plain names (files go to a temporary folder, the process's
//! working directory), `perft` deeper than 2 and `level` (the computer
//! stays at depth 1), `play both` (a whole game of up to 2,000 moves in one
//! line: slow, not a hang), `quit`.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use varia::repl::command::{parse_command, Command, Sides};
use varia::repl::Session;

/// The temporary folder, made the working directory once.
fn sandbox() -> &'static std::path::PathBuf {
    static DIR: OnceLock<std::path::PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("varia-fuzz-repl-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        std::env::set_current_dir(&dir).expect("cd into it");
        std::env::set_var("VARIA_HOME", &dir);
        dir
    })
}

/// A name of a file in the working directory, or the built-in script.
fn plain_name(name: &str) -> bool {
    let name = name.trim();
    !name.is_empty()
        && name.len() <= 40
        && !name.starts_with('.')
        && !name.starts_with('-')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
}

fn allowed(line: &str) -> bool {
    match parse_command(line) {
        Ok(Command::Load(f) | Command::Open(f) | Command::Save(Some(f))) => plain_name(&f),
        Ok(Command::Perft(n)) => n <= 2,
        Ok(Command::Level(_) | Command::Quit | Command::Play(Some(Sides::Both))) => false,
        _ => true,
    }
}

const SCRIPTS: &[&str] = &["chess", "3check", "atomic", "berolina", "xiangqi"];

fuzz_target!(|data: &[u8]| {
    let dir = sandbox();
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let script = SCRIPTS[pick as usize % SCRIPTS.len()];
    let path = format!("{}/../scripts/{script}.variant", env!("CARGO_MANIFEST_DIR"));
    let mut session = Session::new(&path).expect("a seed script loads");
    session.recovery_dir = Some(dir.clone());
    let mut out = Vec::new();
    session.execute("level depth 1", &mut out);
    let text = String::from_utf8_lossy(text);
    for line in text.lines().take(24) {
        if !allowed(line) {
            continue;
        }
        out.clear();
        session.execute(line, &mut out);
    }
});
