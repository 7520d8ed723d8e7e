//! Perft suites: `tests/perft/*.perft`, each naming its script, then
//! positions (`id`, `fen`) with their reference counts (`perft DEPTH NODES`).
//!
//! Lines whose count is above the node budget are skipped, so CI stays
//! fast and deeper lines remain for manual runs:
//! `VARIA_PERFT_BUDGET=200000000 cargo test --release --test perft`.

use std::path::Path;

use varia::compile_path;
use varia::vm::perft::perft;
use varia::vm::Position;

const DEFAULT_BUDGET: u64 = 5_000_000;

fn budget(default: u64) -> u64 {
    std::env::var("VARIA_PERFT_BUDGET")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn run_suite(file: &str) {
    run_suite_within(file, DEFAULT_BUDGET);
}

/// [`run_suite`] with lines above `default_budget` nodes skipped (unless
/// `VARIA_PERFT_BUDGET` says otherwise).
pub(crate) fn run_suite_within(file: &str, default_budget: u64) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("tests/perft").join(file)).expect("perft file");
    let mut script = None;
    let mut variant = None;
    let mut id = String::new();
    let mut fen: Option<String> = None;
    let mut checked = 0;
    let budget = budget(default_budget);
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "script" => {
                let path = root.join(value);
                script = Some(value.to_string());
                variant = Some(
                    compile_path(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{value}: {e}")),
                );
            }
            "id" => id = value.to_string(),
            "fen" => fen = Some(value.to_string()),
            "perft" => {
                let mut parts = value.split_whitespace();
                let depth: u32 = parts.next().unwrap().parse().unwrap();
                let nodes: u64 = parts.next().unwrap().parse().unwrap();
                if nodes > budget {
                    continue;
                }
                let variant = variant.as_ref().expect("`script` line before positions");
                let fen = fen.as_deref().expect("`fen` line before `perft`");
                let mut pos =
                    Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{id}: {e}"));
                let got = perft(&mut pos, depth).unwrap();
                assert_eq!(got, nodes, "{file} ({script:?}) {id} perft {depth}: {fen}");
                checked += 1;
            }
            other => panic!("{file}: unknown line `{other}`"),
        }
    }
    assert!(checked > 0, "{file}: no perft line within the budget");
}

#[test]
fn chess() {
    run_suite("chess.perft");
}

#[test]
fn berolina() {
    run_suite("berolina.perft");
}

#[test]
fn berolina_plus() {
    run_suite("berolina-plus.perft");
}

#[test]
fn diamond() {
    run_suite("diamond.perft");
}

#[test]
fn balbo() {
    run_suite("balbo.perft");
}

#[test]
fn grand_betza() {
    run_suite("grand-betza.perft");
}

#[test]
fn xiangqi() {
    run_suite("fairy-stockfish/xiangqi.perft");
}

#[test]
fn atomic() {
    run_suite("fairy-stockfish/atomic.perft");
}

#[test]
fn three_check() {
    run_suite("fairy-stockfish/3check.perft");
}

#[test]
fn king_of_the_hill() {
    run_suite("fairy-stockfish/kingofthehill.perft");
}

/// The Game of the Amazons: `walls shot`, counted by Fairy-Stockfish's
/// `amazons` (a build with all its variants).
#[test]
fn amazons() {
    run_suite("amazons.perft");
}

#[test]
fn large_nahbi() {
    run_suite("large-nahbi.perft");
}

#[test]
fn coregal() {
    run_suite("fairy-stockfish/coregal.perft");
}

#[test]
fn five_check() {
    run_suite("fairy-stockfish/5check.perft");
}

#[test]
fn nocastle() {
    run_suite("fairy-stockfish/nocastle.perft");
}

#[test]
fn antichess() {
    run_suite("fairy-stockfish/antichess.perft");
}

#[test]
fn giveaway() {
    run_suite("fairy-stockfish/giveaway.perft");
}

#[test]
fn codrus() {
    run_suite("fairy-stockfish/codrus.perft");
}

#[test]
fn losers() {
    run_suite("fairy-stockfish/losers.perft");
}

#[test]
fn extinction() {
    run_suite("fairy-stockfish/extinction.perft");
}

#[test]
fn kinglet() {
    run_suite("fairy-stockfish/kinglet.perft");
}

#[test]
fn three_kings() {
    run_suite("fairy-stockfish/threekings.perft");
}

#[test]
fn crazyhouse() {
    run_suite("fairy-stockfish/crazyhouse.perft");
}

#[test]
fn shogi() {
    run_suite("fairy-stockfish/shogi.perft");
}

#[test]
fn minishogi() {
    run_suite("fairy-stockfish/minishogi.perft");
}

#[test]
fn seirawan() {
    run_suite("fairy-stockfish/seirawan.perft");
}

#[test]
fn shouse() {
    run_suite("fairy-stockfish/shouse.perft");
}

#[test]
fn kyotoshogi() {
    run_suite("fairy-stockfish/kyotoshogi.perft");
}

#[test]
fn micro() {
    run_suite("fairy-stockfish/micro.perft");
}

#[test]
fn chessgi() {
    run_suite("fairy-stockfish/chessgi.perft");
}
