//! The Fairy-Stockfish bridge (`varia import`, `src/bridge/`).
//!
//! Evidence: every section of FS's own `variants.ini` (kept in
//! `tests/fixtures/fairy-stockfish/`, GPL-3, see the README there) either
//! imports and gives FS's perft count from the start position, or fails
//! with an error naming the option varia cannot take. FS's counts were
//! computed by FS itself (`perft.sh` there, the command and the FS commit
//! in its README) and are committed as `perft3.txt`.

use std::collections::BTreeMap;

use varia::bridge::import::import_section;
use varia::bridge::ini::parse_ini;
use varia::compile_source;
use varia::vm::{perft::perft, Position};

use crate::common::oracle::manifest_dir;

fn fixture(name: &str) -> String {
    std::fs::read_to_string(manifest_dir().join("tests/fixtures/fairy-stockfish").join(name))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// FS's perft 3 counts by section name.
fn fs_counts() -> BTreeMap<String, u64> {
    fixture("perft3.txt")
        .lines()
        .filter_map(|line| {
            let (name, count) = line.split_once(' ')?;
            Some((name.to_string(), count.parse().ok()?))
        })
        .collect()
}

/// How each section of FS's `variants.ini` fares.
#[derive(Debug, Default)]
struct Outcome {
    matching: Vec<String>,
    unsupported: BTreeMap<String, Vec<String>>,
    mismatching: Vec<(String, u64, u64)>,
}

fn survey() -> Outcome {
    let text = fixture("variants.ini");
    let sections = parse_ini(&text);
    let counts = fs_counts();
    let mut outcome = Outcome::default();
    for (index, section) in sections.iter().enumerate() {
        match import_section(&sections, index) {
            Ok(imported) => {
                let variant = compile_source("imported.variant", &imported.script)
                    .unwrap_or_else(|e| panic!("[{}] imports but does not compile: {e}", section.name));
                let expected = counts[&section.name];
                let mut pos = Position::start(&variant);
                let ours = perft(&mut pos, 3).unwrap();
                if ours == expected {
                    outcome.matching.push(section.name.clone());
                } else {
                    outcome.mismatching.push((section.name.clone(), expected, ours));
                }
            }
            Err(e) => {
                eprintln!("{e}");
                outcome.unsupported.entry(e.option.clone()).or_default().push(section.name.clone());
            }
        }
    }
    outcome
}

#[test]
fn every_fs_section_imports_and_matches_fs_or_names_its_option() {
    let outcome = survey();
    eprintln!("{outcome:#?}");
    assert!(outcome.mismatching.is_empty(), "{:?}", outcome.mismatching);
}
