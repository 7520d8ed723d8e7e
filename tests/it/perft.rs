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

fn budget() -> u64 {
    std::env::var("VARIA_PERFT_BUDGET")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_BUDGET)
}

fn run_suite(file: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("tests/perft").join(file)).expect("perft file");
    let mut script = None;
    let mut variant = None;
    let mut id = String::new();
    let mut fen: Option<String> = None;
    let mut checked = 0;
    let budget = budget();
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
    run_suite("xiangqi.perft");
}

#[test]
fn atomic() {
    run_suite("atomic.perft");
}

#[test]
fn three_check() {
    run_suite("3check.perft");
}

#[test]
fn king_of_the_hill() {
    run_suite("kingofthehill.perft");
}

#[test]
fn large_nahbi() {
    run_suite("large-nahbi.perft");
}

#[test]
fn coregal() {
    run_suite("coregal.perft");
}

#[test]
fn five_check() {
    run_suite("5check.perft");
}

#[test]
fn nocastle() {
    run_suite("nocastle.perft");
}

#[test]
fn antichess() {
    run_suite("antichess.perft");
}

#[test]
fn giveaway() {
    run_suite("giveaway.perft");
}

#[test]
fn codrus() {
    run_suite("codrus.perft");
}

#[test]
fn losers() {
    run_suite("losers.perft");
}

#[test]
fn extinction() {
    run_suite("extinction.perft");
}

#[test]
fn kinglet() {
    run_suite("kinglet.perft");
}

#[test]
fn three_kings() {
    run_suite("threekings.perft");
}

#[test]
fn crazyhouse() {
    run_suite("crazyhouse.perft");
}

#[test]
fn shogi() {
    run_suite("shogi.perft");
}

#[test]
fn minishogi() {
    run_suite("minishogi.perft");
}

#[test]
fn seirawan() {
    run_suite("seirawan.perft");
}

#[test]
fn shouse() {
    run_suite("shouse.perft");
}

#[test]
fn kyotoshogi() {
    run_suite("kyotoshogi.perft");
}

#[test]
fn chessgi() {
    run_suite("chessgi.perft");
}
