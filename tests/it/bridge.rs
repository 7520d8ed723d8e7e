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
    std::fs::read_to_string(
        manifest_dir()
            .join("tests/fixtures/fairy-stockfish")
            .join(name),
    )
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
                let variant =
                    compile_source("imported.variant", &imported.script).unwrap_or_else(|e| {
                        panic!("[{}] imports but does not compile: {e}", section.name)
                    });
                let expected = counts[&section.name];
                let mut pos = Position::start(&variant);
                let ours = perft(&mut pos, 3).unwrap();
                if ours == expected {
                    outcome.matching.push(section.name.clone());
                } else {
                    outcome
                        .mismatching
                        .push((section.name.clone(), expected, ours));
                }
            }
            Err(e) => {
                outcome
                    .unsupported
                    .entry(e.option.clone())
                    .or_default()
                    .push(section.name.clone());
            }
        }
    }
    outcome
}

/// The sections that import and give FS's perft 3 count.
const MATCHING: &[&str] = &[
    "allwayspawns",
    "3check-crazyhouse",
    "indiangreat",
    "centaurking",
    "upsidedown",
    "peasant",
    "semitorpedo",
    "minihouse",
    "ordamirror",
    "gothhouse",
    "doublearmy",
    "pawnsmassacre",
    "crossing",
    "4x5chess",
    "4x6chess",
    "5x6chess",
    "advancedpawn",
    "cornerrook",
    "microchess",
    "sixthrank",
    "rooksquare",
    "petty",
];

/// How many sections fail, by the option the error names (`parent`: a
/// built-in parent the bridge does not know yet, such as `giveaway`).
const UNSUPPORTED: &[(&str, usize)] = &[
    ("castling", 4),
    ("castlingWins", 1),
    ("checking", 2),
    ("collinearN", 1),
    ("connectDiagonal", 1),
    ("connectN", 12),
    ("diagonalLines", 1),
    ("doubleStepRegionWhite", 6),
    ("dropNoDoubled", 4),
    ("dropPromoted", 2),
    ("extinctionPieceCount", 3),
    ("extinctionPieceTypes", 10),
    ("firstRankPawnDrops", 1),
    ("flagMove", 1),
    ("flagPieceBlockedWin", 1),
    ("flagPieceCount", 3),
    ("flagPieceSafe", 1),
    ("flyingGeneral", 2),
    ("immobilityIllegal", 4),
    ("king", 2),
    ("mandatoryPawnPromotion", 1),
    ("mandatoryPiecePromotion", 1),
    ("maxRank", 1),
    ("mobilityRegionWhiteCustomPiece2", 1),
    ("mustCapture", 2),
    ("nMoveRuleTypesBlack", 1),
    ("oppositeCastling", 1),
    ("parent", 43),
    ("pieceDrops", 3),
    ("promotionPieceTypes", 2),
    ("promotionRegionBlack", 1),
    ("soldier", 1),
    ("wallOrMove", 1),
];

#[test]
fn every_fs_section_imports_and_matches_fs_or_names_its_option() {
    let outcome = survey();
    assert!(
        outcome.mismatching.is_empty(),
        "imported but a different game: {:?}",
        outcome.mismatching
    );
    assert_eq!(outcome.matching, MATCHING);
    let unsupported: Vec<(&str, usize)> = outcome
        .unsupported
        .iter()
        .map(|(option, names)| (option.as_str(), names.len()))
        .collect();
    assert_eq!(unsupported, UNSUPPORTED);
    assert_eq!(
        MATCHING.len() + UNSUPPORTED.iter().map(|(_, n)| n).sum::<usize>(),
        143
    );
}

#[test]
fn an_unsupported_option_is_named_with_its_line() {
    let text = "[x:chess]\nmaxRank = 8\nmustCapture = true\n";
    let results = varia::bridge::import::import_ini(text, &[]);
    let error = results[0].as_ref().unwrap_err();
    assert_eq!(
        error.to_string(),
        "[x] line 3: option `mustCapture`: varia can take only `mustCapture = false` (FS's default) for now, not `true`"
    );
    let results = varia::bridge::import::import_ini("[y:giveaway]\n", &[]);
    assert_eq!(results[0].as_ref().unwrap_err().option, "parent");
}

#[test]
fn a_crazyhouse_child_imports_as_a_script_with_hands() {
    let results = varia::bridge::import::import_ini("[house:crazyhouse]\n", &[]);
    let script = &results[0].as_ref().unwrap().script;
    let variant = compile_source("house.variant", script).unwrap();
    // FS's crazyhouse from the start: 20, 400, 8902 (no hands yet at depth 3).
    let mut pos = Position::start(&variant);
    assert_eq!(perft(&mut pos, 3).unwrap(), 8902);
    assert!(
        script.contains("hands keep captures\ndemote promoted to Pawn\ndrop Pawn in ranks 2..7\n"),
        "{script}"
    );
}
