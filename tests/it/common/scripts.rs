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

/// Every `scripts/*.variant` and catalogue script
/// (`scripts/fairy-stockfish/*.variant`), by file stem, in name order.
pub fn every_script() -> Vec<(String, Arc<Variant>)> {
    let paths = varia::scripts_in_folder(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts"
    )))
    .unwrap();
    paths
        .iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, compile_path(p.to_str().unwrap()).unwrap())
        })
        .collect()
}

/// The catalogue scripts the teaching tests look at, besides every script
/// of `scripts/` itself: one for each rule or kind of piece the catalogue
/// has (its other scripts repeat their pieces and rules; their words are
/// checked through these, and their moves in `catalogue.rs`).
pub const TEACHING_CATALOGUE: &[&str] = &[
    "3check",
    "5check",
    "antichess",
    "armageddon",
    "atomic",
    "breakthrough",
    "chessgi",
    "chigorin",
    "clobber",
    "codrus",
    "coregal",
    "crazyhouse",
    "dragon",
    "euroshogi",
    "extinction",
    "giveaway",
    "grasshopper",
    "kinglet",
    "kingofthehill",
    "knightmate",
    "kyotoshogi",
    "legan",
    "losers",
    "minishogi",
    "nocastle",
    "omicron",
    "pawnsideways",
    "seirawan",
    "shako",
    "shogi",
    "shouse",
    "threekings",
    "torpedo",
    "xiangqi",
];

/// The scripts of `scripts/` and [`TEACHING_CATALOGUE`], by name.
pub fn teaching_scripts() -> Vec<(String, Arc<Variant>)> {
    every_script()
        .into_iter()
        .filter(|(name, _)| TEACHING_CATALOGUE.contains(&name.as_str()) || !is_catalogue_only(name))
        .collect()
}

/// Whether a script is in the catalogue only (not in `scripts/` itself).
pub fn is_catalogue_only(name: &str) -> bool {
    !std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts"))
        .join(format!("{name}.variant"))
        .is_file()
}

/// The teaching scripts, then the fairy stdlib as `fairy`.
pub fn scripts_and_fairy() -> Vec<(String, Arc<Variant>)> {
    let mut out = teaching_scripts();
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
