#![allow(dead_code)]
//! Every variant the teaching tests look at: the scripts, and the fairy
//! stdlib on a board of its own.

use std::sync::Arc;

use varia::ir::Variant;
use varia::{compile_path, compile_source};

/// Every piece of the fairy stdlib, on a board of its own.
pub const FAIRY: &str = r#"variant "Fairy pieces"
import orthodox
import fairy
board 8 x 8
setup "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
"#;

/// Every `scripts/*.variant`, by file stem, in name order.
pub fn every_script() -> Vec<(String, Arc<Variant>)> {
    let mut paths: Vec<_> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "variant"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, compile_path(p.to_str().unwrap()).unwrap())
        })
        .collect()
}

/// The scripts, then the fairy stdlib as `fairy`.
pub fn scripts_and_fairy() -> Vec<(String, Arc<Variant>)> {
    let mut out = every_script();
    out.push((
        "fairy".to_string(),
        compile_source("fairy.variant", FAIRY).unwrap(),
    ));
    out
}

/// A move filter that fails one ply deep (it returns a number there).
pub const FAILING_FILTER: &str = r#"variant "Broken filter"
import orthodox
board 8 x 8
hook move-filter {
    if pos.history_len >= 1 { return 42; }
    true
}
setup "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
"#;
