//! `connecting …` (pieces in a row, on one line, in a block, chained
//! between regions) and `falling` drops: the counts of tic-tac-toe and
//! Connect Four, hand-made positions for each shape, the errors of shapes
//! no position can form, and the bridge both ways (FS's `connectN`,
//! `connectNxN`, `collinearN`, `connectValue`, `connectPieceTypes`, the
//! connect directions and `enclosingDrop = top`) against Fairy-Stockfish.

use std::sync::Arc;

use varia::bridge::import::import_ini;
use varia::compile_source;
use varia::diagnostics::Code;
use varia::ir::piece::Color;
use varia::ir::Variant;
use varia::vm::perft::perft;
use varia::vm::{EndReason, Outcome, Position};

use crate::bridge::{fixture_section, fixture_sections_play_as_fs};
use crate::common::moves::moves;
use crate::common::oracle::{manifest_dir, pyffish_with_config};

const TIC_TAC_TOE: &str = r#"
variant "Tic-tac-toe"
board 3 x 3
piece Stone P immobile
hands
drop Stone
checkmate none
stalemate draws
connecting 3 wins
setup "3/3/3[PPPPPpppp] w - - 0 1"
"#;

const CONNECT_FOUR: &str = r#"
variant "Connect Four"
board 7 x 6
piece Disc P immobile
hands
drop Disc falling
checkmate none
stalemate draws
connecting 4 wins
setup "7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1"
"#;

fn compiled(script: &str) -> Arc<Variant> {
    compile_source("connect.variant", script).unwrap_or_else(|e| panic!("{e:?}"))
}

fn outcome(variant: &Arc<Variant>, fen: &str) -> Outcome {
    Position::from_fen(variant, fen).unwrap().outcome().unwrap()
}

fn connected(winner: Color, side: Color, rule: usize) -> Outcome {
    Outcome::Decisive {
        winner,
        reason: EndReason::Connected { side, rule },
    }
}

/// Tic-tac-toe's game tree, from its known game counts (255,168 games:
/// 1,440 end at the fifth ply, 5,328 at the sixth, 47,952 at the seventh,
/// 72,576 at the eighth, 127,872 at the ninth): perft 6 is (15,120 −
/// 1,440) × 4, and so on down to the 127,872 games of nine plies.
#[test]
fn tic_tac_toe_counts_its_known_games() {
    let variant = compiled(TIC_TAC_TOE);
    let counts = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];
    for (depth, expected) in (1..).zip(counts) {
        let mut pos = Position::start(&variant);
        assert_eq!(perft(&mut pos, depth).unwrap(), expected, "depth {depth}");
    }
}

/// Connect Four's game tree as Fairy-Stockfish counts it (`go perft 8` of
/// the `cfour` section of its `variants.ini`, whose drops fall as
/// `falling`): 7^7 less the seven full columns at ply 7, then the first
/// four in a row ending games.
#[test]
fn connect_four_counts_as_fairy_stockfish() {
    let variant = compiled(CONNECT_FOUR);
    let mut pos = Position::start(&variant);
    assert_eq!(perft(&mut pos, 7).unwrap(), 823_536);
    assert_eq!(perft(&mut pos, 8).unwrap(), 5_673_234);
}

/// A falling disc goes on rank 1 or on top of a piece, whatever its side
/// (as White sees the board: Black's discs fall the same way).
#[test]
fn falling_drops_land_on_rank_1_or_on_a_piece() {
    let variant = compiled(CONNECT_FOUR);
    let fen = "7/7/7/7/p6/Pp5[PPPPPPPPPPPPPPPPPPPPpppppppppppppppppppp] w - - 0 3";
    let pos = Position::from_fen(&variant, fen).unwrap();
    let expected: Vec<&str> = vec!["P@a3", "P@b2", "P@c1", "P@d1", "P@e1", "P@f1", "P@g1"];
    assert_eq!(
        moves(&pos),
        expected.iter().map(|m| m.to_string()).collect()
    );
    // (Drops are written with the upper-case letter for both sides.)
    let black = fen.replace(" w ", " b ");
    let pos = Position::from_fen(&variant, &black).unwrap();
    assert_eq!(
        moves(&pos),
        expected.iter().map(|m| m.to_string()).collect()
    );
    let refusal = pos.family_drop_refusal(varia::ir::piece::PieceKind(0), sq(&variant, "c2"));
    assert_eq!(
        refusal.as_deref(),
        Some("it falls down its file: it goes on rank 1 or on top of a piece")
    );
}

fn sq(variant: &Variant, name: &str) -> varia::ir::geometry::Square {
    variant.geometry.parse_square(name).unwrap()
}

/// Rows count along the lines `along` names and for the pieces `with`
/// names; only the side that has just moved is looked at (as FS).
#[test]
fn a_row_counts_for_the_side_that_has_just_moved() {
    let variant = compiled(
        r#"
board 6 x 6
piece King K "K"
piece Stone S "W"
checkmate none
connecting 4 along ranks, files with Stone wins
setup "6/6/6/6/6/6 w - - 0 1"
"#,
    );
    // Four stones up the b-file, Black to move: White has just made it.
    assert_eq!(
        outcome(&variant, "6/1S4/1S4/1S4/1S3k/K5 b - - 0 1"),
        connected(Color::White, Color::White, 0)
    );
    // The same with White to move: Black moved last, and has no row.
    assert_eq!(
        outcome(&variant, "6/1S4/1S4/1S4/1S3k/K5 w - - 0 1"),
        Outcome::Ongoing
    );
    // Four on a diagonal do not count `along ranks, files`, nor three
    // stones and a king on a rank (`with Stone`), nor a gap.
    for fen in [
        "6/4S1/3S2/2S3/1S3k/K5 b - - 0 1",
        "6/6/6/6/KSSS1k/6 b - - 0 1",
        "6/6/6/6/SS1SSk/K5 b - - 0 1",
    ] {
        assert_eq!(outcome(&variant, fen), Outcome::Ongoing, "{fen}");
    }
    // Black's row on rank 3, Black just moved.
    assert_eq!(
        outcome(&variant, "6/6/6/1ssss1/6/K4k w - - 0 1"),
        connected(Color::Black, Color::Black, 0)
    );
}

/// `on one line` counts the pieces anywhere on a rank, file or diagonal
/// (Three Musketeers: the musketeers' side loses when they line up, gaps
/// and enemy pieces between them or not); a block needs every square.
#[test]
fn lines_and_blocks_need_their_pieces_and_no_more() {
    let variant = compiled(
        r#"
board 5 x 5
piece Musketeer M "cW"
piece Guard G "mW"
checkmate none
connecting 3 on one line along ranks, files with Musketeer loses
connecting 2 x 3 with Guard wins
setup "5/5/5/5/5 w - - 0 1"
"#,
    );
    // Two on a rank, two on a file, and a diagonal, which does not count.
    for fen in [
        "M1g1M/5/5/5/2M2 b - - 0 1",
        "M1gM1/5/5/5/1M3 b - - 0 1",
        "M1g2/5/2M2/5/4M b - - 0 1",
    ] {
        assert_eq!(outcome(&variant, fen), Outcome::Ongoing, "{fen}");
    }
    // Three on rank 5, an enemy guard and an empty square between them.
    assert_eq!(
        outcome(&variant, "MgM1M/5/5/5/5 b - - 0 1"),
        connected(Color::Black, Color::White, 0)
    );
    // Two files wide, three ranks high.
    assert_eq!(
        outcome(&variant, "5/1GG2/1GG2/1GG2/5 b - - 0 1"),
        connected(Color::White, Color::White, 1)
    );
    for fen in [
        "g4/5/1GGG1/1GGG1/5 b - - 0 1",
        "5/1GG2/1Gg2/1GG2/5 b - - 0 1",
    ] {
        assert_eq!(outcome(&variant, fen), Outcome::Ongoing, "{fen}");
    }
}

/// A chain links its two regions through pieces next to each other along
/// the lines, turning any way: one that goes back south on its way (which
/// Fairy-Stockfish's `connectRegion` search misses: derived by hand).
#[test]
fn a_chain_links_its_regions_turning_any_way() {
    let variant = compiled(
        r#"
board 5 x 5
piece Stone S "mW"
checkmate none
white connecting file a to file e along ranks, files wins
black connecting rank 1 to rank 5 along ranks, files wins
setup "5/5/5/5/5 w - - 0 1"
"#,
    );
    assert_eq!(
        outcome(&variant, "s4/5/SSS2/2SSS/5 b - - 0 1"),
        connected(Color::White, Color::White, 0)
    );
    // A diagonal step breaks it; Black's file does not count for White.
    assert_eq!(
        outcome(&variant, "s4/5/SS3/2SSS/5 b - - 0 1"),
        Outcome::Ongoing
    );
    assert_eq!(
        outcome(&variant, "s4/s4/s4/s4/s4 w - - 0 1"),
        connected(Color::Black, Color::Black, 1)
    );
    assert_eq!(
        outcome(&variant, "s4/s4/s4/s4/s4 b - - 0 1"),
        Outcome::Ongoing
    );
}

/// What a player reads: the rule explained, and why the game ended.
#[test]
fn connecting_is_explained_and_reported() {
    let variant = compiled(CONNECT_FOUR);
    let sentences = varia::teach::explain::game_end_sentences(&variant);
    assert!(
        sentences.contains(&"A player whose move leaves 4 of its pieces next to each other in a line along a rank, file or diagonal wins at once.".to_string()),
        "{sentences:?}"
    );
    let pos = Position::from_fen(
        &variant,
        "7/7/7/7/pp5/PPPP3[PPPPPPPPPPPPPPPPPpppppppppppppppppppp] b - - 0 3",
    )
    .unwrap();
    assert_eq!(
        varia::teach::outcome::describe(&pos, &pos.outcome().unwrap()),
        "White connected 4 in a row, White wins (1-0)"
    );
    assert!(pos.legal_moves().unwrap().is_empty());
}

/// A shape no position can form is an error at the words that say it.
#[test]
fn impossible_shapes_are_errors_at_their_words() {
    let cases = [
        ("connecting 1 wins", "1", "fewer than two pieces"),
        (
            "connecting 9 wins",
            "9",
            "no line of the board is that long",
        ),
        ("connecting 9 x 1 wins", "9 x 1", "does not fit the board"),
        (
            "connecting 2 x 2 along ranks wins",
            "ranks",
            "a block follows no line",
        ),
        (
            "white connecting file a - file a to file h wins",
            "white connecting file a - file a to file h wins",
            "a region here has no square",
        ),
    ];
    for (rule, text, label) in cases {
        let script = format!(
            "board 8 x 8\npiece King K \"K\" royal\ncheckmate loses\n{rule}\nsetup \"8/8/8/8/8/8/8/8 w - - 0 1\"\n"
        );
        let errors = compile_source("bad.variant", &script).unwrap_err().errors;
        assert_eq!(errors.len(), 1, "{rule}: {errors:?}");
        let e = &errors[0];
        assert_eq!(e.code, Code::CompileBadConnect, "{rule}");
        assert_eq!(&script[e.span.start as usize..e.span.end as usize], text);
        assert_eq!(e.label, label);
    }
}

/// The sections of FS's own `variants.ini` that connect (rows, blocks,
/// lines; falling drops; compulsory drops) play as FS plays them through
/// 150 positions of random games each, game ends included (a game FS has
/// ended lists no move), and score the ends as FS does: Connect Four and
/// its misère twin, Three Musketeers' losing line.
#[test]
fn connecting_sections_play_and_score_as_fairy_stockfish() {
    let names = [
        "tictactoe",
        "cfour",
        "cfour-misere",
        "picaria",
        "nineholes",
        "tictacchess",
        "teeko",
        "symphony",
        "asimplegame",
        "allqueenschess",
        "roll-ing-to-four",
        "three-musketeers",
    ];
    let imported: Vec<Arc<Variant>> = names.iter().map(|n| fixture_section(n).1).collect();
    fixture_sections_play_as_fs(&names, &imported, 5);
    let text =
        std::fs::read_to_string(manifest_dir().join("tests/fixtures/fairy-stockfish/variants.ini"))
            .unwrap();
    let ends = [
        (
            "cfour",
            "7/7/7/7/pp5/PPPP3[PPPPPPPPPPPPPPPPPpppppppppppppppppppp] b - - 0 3",
            Color::White,
        ),
        (
            "cfour-misere",
            "7/7/7/7/pp5/PPPP3[PPPPPPPPPPPPPPPPPpppppppppppppppppppp] b - - 0 3",
            Color::Black,
        ),
        (
            "three-musketeers",
            "ppppM/ppppp/ppppM/ppppp/ppppM b - - 0 1",
            Color::Black,
        ),
    ];
    let program: String = ends
        .iter()
        .map(|(name, fen, _)| format!("print(sf.game_result('{name}', '{fen}', []))\n"))
        .collect();
    let scores = pyffish_with_config(&text, &program, &[]);
    for ((name, fen, winner), score) in ends.iter().zip(scores.lines()) {
        let score: i64 = score.trim().parse().unwrap();
        // FS scores for Black, to move.
        assert_eq!(score > 0, *winner == Color::Black, "{name}: {score}");
        assert_ne!(score, 0, "{name}");
        let variant = &imported[names.iter().position(|n| n == name).unwrap()];
        match outcome(variant, fen) {
            Outcome::Decisive {
                winner: ours,
                reason: EndReason::Connected { .. },
            } => assert_eq!(ours, *winner, "{name}"),
            other => panic!("{name}: {other:?}"),
        }
    }
}

/// `varia export` writes the connect rules as FS's options, which FS then
/// plays as the script (random games through pyffish), and refuses what
/// FS's one connection rule cannot say, by name.
#[test]
fn connecting_exports_as_fs_options_or_is_refused_by_name() {
    let teeko_like = r#"
variant "Squares"
board 5 x 5
piece Stone P "mK"
hands
drop Stone
drops compulsory
checkmate none
connecting 4 along ranks, files with Stone loses
connecting 2 x 2 with Stone loses
setup "5/5/5/5/5[PPPPpppp] w - - 0 1"
"#;
    let cases = [
        (CONNECT_FOUR, vec!["enclosingDrop = top", "connectN = 4"]),
        (
            teeko_like,
            vec![
                "mustDrop = true",
                "connectN = 4",
                "connectNxN = 2",
                "connectValue = loss",
                "connectPieceTypes = p",
                "connectDiagonal = false",
            ],
        ),
    ];
    let dir = crate::common::bin::temp_dir("connect", "export");
    let mut ini = String::new();
    let mut variants = Vec::new();
    for (i, (script, lines)) in cases.iter().enumerate() {
        let variant = compiled(script);
        let section =
            varia::bridge::export::export_variant(&variant, &format!("varia-connect{i}")).unwrap();
        for line in lines {
            assert!(section.lines().any(|l| l == *line), "{line}\n{section}");
        }
        ini.push_str(&section);
        ini.push('\n');
        variants.push(variant);
    }
    let config = dir.join("connect.ini");
    std::fs::write(&config, &ini).unwrap();
    let games = crate::common::oracle::oracle_many(
        &["varia-connect0", "varia-connect1"],
        150,
        3,
        &["--config", config.to_str().unwrap()],
    );
    for (variant, lines) in variants.iter().zip(&games) {
        crate::common::oracle::compare(variant, lines);
    }
    let refused = [
        (
            "white connecting file a to file e wins",
            "connecting … to …",
        ),
        ("white connecting 3 wins", "white connecting"),
        ("connecting 2 x 3 wins", "connecting N x M"),
        ("connecting 3 wins\nconnecting 2 x 2 loses", "connecting"),
        (
            "connecting 3 wins\nconnecting 4 on one line along files wins",
            "connecting … along",
        ),
    ];
    for (rule, declaration) in refused {
        let script = format!(
            "board 5 x 5\npiece Stone P \"mW\"\ncheckmate none\n{rule}\nsetup \"5/5/5/5/5 w - - 0 1\"\n"
        );
        let err = varia::bridge::export::export_variant(&compiled(&script), "x").unwrap_err();
        assert_eq!(err.declaration, declaration, "{rule}: {err}");
    }
    // And back: FS's chains between regions are refused on import.
    let gale = import_ini(
        "[chain]\nmaxRank = 5\nmaxFile = 5\ncustomPiece1 = p:mW\nstartFen = 5/5/5/5/5\nconnectRegion1White = a*\nconnectRegion2White = e*\n",
        &[],
    );
    assert_eq!(gale[0].as_ref().unwrap_err().option, "connectRegion1White");
}
