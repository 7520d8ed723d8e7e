#![allow(dead_code)]
//! The pyffish oracle for differential tests: the legal moves of positions
//! from seeded random games, as Fairy-Stockfish generates them, compared
//! move for move with ours.
//!
//! The positions come from `tests/oracle/random_positions.py`, which needs
//! python3 and pyffish (`pip install pyffish`). Without them the tests
//! fail: they never pass silently.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use varia::compile_path;
use varia::ir::Variant;
use varia::notation::coord::move_to_coord;
use varia::vm::Position;

pub fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Compiles `scripts/NAME.variant`.
pub fn script(name: &str) -> Arc<Variant> {
    compile_file(&format!("scripts/{name}.variant"))
}

/// Compiles `tests/fixtures/hooks/NAME.variant` (a variant written with Rhai hooks).
pub fn hook_fixture(name: &str) -> Arc<Variant> {
    compile_file(&format!("tests/fixtures/hooks/{name}.variant"))
}

fn compile_file(relative: &str) -> Arc<Variant> {
    let path: PathBuf = manifest_dir().join(relative);
    compile_path(path.to_str().expect("UTF-8 path")).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

const INSTALL_HINT: &str = "the differential tests need python3 with pyffish \
     (the Python binding of Fairy-Stockfish): run `pip install pyffish` \
     (CI installs it)";

/// Fails, with an install hint, unless python3 can import pyffish.
pub fn require_pyffish() {
    let out = Command::new("python3")
        .args(["-c", "import pyffish"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run python3 ({e}); {INSTALL_HINT}"));
    if !out.status.success() {
        panic!(
            "python3 cannot import pyffish ({}); {INSTALL_HINT}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
}

/// One oracle position: its FEN and pyffish's legal moves (coordinate form).
pub struct OracleLine {
    /// The position.
    pub fen: String,
    /// pyffish's legal moves.
    pub moves: BTreeSet<String>,
}

/// Runs the oracle script (`random_positions.py VARIANT COUNT SEED EXTRA…`)
/// and parses its output.
pub fn oracle(variant: &str, count: usize, seed: u64, extra: &[&str]) -> Vec<OracleLine> {
    require_pyffish();
    let script = manifest_dir().join("tests/oracle/random_positions.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(variant)
        .arg(count.to_string())
        .arg(seed.to_string())
        .args(extra)
        .output()
        .unwrap_or_else(|e| panic!("cannot run python3 ({e}); {INSTALL_HINT}"));
    assert!(
        out.status.success(),
        "{} failed ({}):\n{}",
        script.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("oracle output is UTF-8");
    let lines: Vec<OracleLine> = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let (fen, moves) = line
                .split_once('\t')
                .unwrap_or_else(|| panic!("oracle line {} has no TAB: {line:?}", i + 1));
            OracleLine {
                fen: fen.to_string(),
                moves: moves.split_ascii_whitespace().map(str::to_string).collect(),
            }
        })
        .collect();
    assert_eq!(
        lines.len(),
        count,
        "the oracle printed the wrong number of lines"
    );
    lines
}

/// Compares our legal moves with the oracle's on every line; panics with the
/// first 10 mismatches (of all of them).
pub fn compare(variant: &Arc<Variant>, lines: &[OracleLine]) {
    let mut mismatches = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let pos = match Position::from_fen(variant, &line.fen) {
            Ok(p) => p,
            Err(e) => {
                mismatches.push(format!(
                    "line {}: {}\n    our FEN reader rejects it: {e}",
                    i + 1,
                    line.fen
                ));
                continue;
            }
        };
        let ours: Vec<String> = pos
            .legal_moves()
            .unwrap()
            .into_iter()
            .map(|m| move_to_coord(&pos, m))
            .collect();
        let ours_set: BTreeSet<String> = ours.iter().cloned().collect();
        let duplicates = ours.len() != ours_set.len();
        if ours_set != line.moves || duplicates {
            let only_ours: Vec<&str> = ours_set
                .difference(&line.moves)
                .map(|s| s.as_str())
                .collect();
            let only_theirs: Vec<&str> = line
                .moves
                .difference(&ours_set)
                .map(|s| s.as_str())
                .collect();
            let mut msg = format!(
                "line {}: {}\n    only varia:   [{}]\n    only pyffish: [{}]",
                i + 1,
                line.fen,
                only_ours.join(" "),
                only_theirs.join(" ")
            );
            if duplicates {
                let mut sorted = ours.clone();
                sorted.sort();
                msg.push_str(&format!(
                    "\n    varia lists a move twice: {}",
                    sorted.join(" ")
                ));
            }
            mismatches.push(msg);
        }
    }
    if !mismatches.is_empty() {
        panic!(
            "{} of {} positions disagree with pyffish; the first {}:\n{}",
            mismatches.len(),
            lines.len(),
            mismatches.len().min(10),
            mismatches[..mismatches.len().min(10)].join("\n")
        );
    }
}
