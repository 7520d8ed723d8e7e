//! The bridge and FS's janggi family: its janggi cannon, janggi elephant
//! and soldier types, its palace diagonals (`diagonalLines`), its bikjang
//! rule and janggi counting, checked against Fairy-Stockfish (pyffish,
//! with FS's own `variants.ini` loaded) position by position.

use varia::ir::piece::Color;
use varia::notation::coord::parse_coord;
use varia::vm::{Outcome, Position};

use crate::bridge::moves_as_pyffish_plays;
use crate::bridge::{fixture, fixture_section, fixture_sections_play_as_fs};
use crate::common::oracle::{outcome_agrees, pyffish_with_config};

/// Our legal moves in the imported `variant` at `fen`, which must be
/// pyffish's in FS's section `name` (FS's own `variants.ini` loaded).
fn moves_agreeing(
    name: &str,
    variant: &std::sync::Arc<varia::ir::Variant>,
    fen: &str,
) -> Vec<String> {
    moves_as_pyffish_plays(&fixture("variants.ini"), name, variant, fen)
}

/// Janggihouse (FS's built-in `janggi` with drops) and Synochess (a janggi
/// cannon against chess) import: the janggi cannon hops as `pR` but never
/// over or onto a janggi cannon; from a palace square the wazir, the
/// king (FS's janggi king is a wazir), the soldier, the rook and the
/// cannon move along the palace diagonals, written `also … within`; an
/// advisor (FS's wazir with its palace as mobility region) is dropped
/// only in the palace. Random games agree with FS.
#[test]
fn janggi_s_pieces_and_palace_diagonals_import() {
    let (script, janggihouse) = fixture_section("janggihouse");
    let lines = "squares d1 d3 d8 d10 e2 e9 f1 f3 f8 f10";
    for line in [
        "piece JanggiCannon C \"pR\"\n".to_string(),
        "piece JanggiElephant B \"mafsmafW\"\n".to_string(),
        "restrict JanggiCannon: never hop over JanggiCannon\n".to_string(),
        "restrict JanggiCannon: never take JanggiCannon\n".to_string(),
        format!("also Rook \"B\" within {lines}\n"),
        format!("also JanggiCannon \"pB\" within {lines}\n"),
        format!("also Soldier \"fF\" within {lines}\n"),
        format!("also Wazir \"F\" within {lines}\n"),
        format!("also King \"F\" within {lines}\n"),
        "drop Wazir in squares d1 d2 d3 e1 e2 e3 f1 f2 f3\n".to_string(),
    ] {
        assert!(script.contains(&line), "{line}{script}");
    }
    // The cannon f3 hops the advisor e2 to d1, the rook d8 slides to e9
    // and f10, the soldier f8 steps to e9: each along a palace diagonal.
    let fen = "3ak4/9/3R1P3/9/9/9/9/5C3/4A4/5K3[] w - - 0 1";
    let ours = moves_agreeing("janggihouse", &janggihouse, fen);
    for m in ["f3d1", "d8e9", "d8f10", "f8e9", "e2d1", "e2d3"] {
        assert!(ours.contains(&m.to_string()), "{m}: {ours:?}");
    }
    // A captured advisor goes back into the palace only.
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5[A] w - - 0 1";
    let ours = moves_agreeing("janggihouse", &janggihouse, fen);
    let drops: Vec<&String> = ours.iter().filter(|m| m.starts_with("A@")).collect();
    assert_eq!(
        drops,
        ["A@d2", "A@d3", "A@e1", "A@e2", "A@e3", "A@f1", "A@f2", "A@f3"]
    );
    let (script, synochess) = fixture_section("synochess");
    assert!(script.contains("restrict JanggiCannon: never hop over JanggiCannon\n"));
    // The cannon c4 hops the rook c2 to c1 but not the cannon c6; the
    // cannon c6 hops nothing.
    let fen = "4k3/8/2c5/8/2c5/8/2R5/3K4[] b - - 0 1";
    let ours = moves_agreeing("synochess", &synochess, fen);
    assert_eq!(
        ours.iter()
            .filter(|m| m.starts_with('c'))
            .collect::<Vec<_>>(),
        ["c4c1"]
    );
    fixture_sections_play_as_fs(&["janggihouse", "synochess"], &[janggihouse, synochess], 31);
}

/// FS's bikjang and janggi counting import as `facing royals draws` and
/// `draws win on points …` (Black 1.5 ahead for moving second): with the
/// generals facing, a pass ends the game, won by the side whose pieces
/// on the board weigh more (pieces in hand count nothing, in FS as in
/// varia); a king stepping out of the file goes on. Results from
/// pyffish's `is_immediate_game_end`.
#[test]
fn bikjang_and_janggi_counting_import() {
    let (script, janggihouse) = fixture_section("janggihouse");
    assert!(script.contains("\ndraws win on points Rook 13, JanggiCannon 7, Horse 5, JanggiElephant 3, Wazir 3, Soldier 2 plus 1.5 for black\nfacing royals draws\n"), "{script}");
    // (FEN, move, the winner; None: the game goes on).
    let cases = [
        (
            "4k4/9/9/9/9/9/9/9/4K4/9[] w - - 0 1",
            "e2e2",
            Some(Color::Black),
        ),
        (
            "4k4/9/9/9/9/9/9/9/4K4/R8[] w - - 0 1",
            "e2e2",
            Some(Color::White),
        ),
        (
            "4k4/9/9/9/9/9/9/9/4K4/P8[] w - - 0 1",
            "e2e2",
            Some(Color::White),
        ),
        (
            "4k4/9/9/9/9/9/9/9/4K4/A8[] w - - 0 1",
            "e2e2",
            Some(Color::White),
        ),
        (
            "4k4/9/9/9/9/9/9/9/4K4/9[R] w - - 0 1",
            "e2e2",
            Some(Color::Black),
        ),
        ("4k4/9/9/9/9/9/9/9/4K4/9[] w - - 0 1", "e2d2", None),
    ];
    // pyffish's `is_immediate_game_end`: whether the game is over, and
    // its score for the side to move.
    let program: String = cases
        .iter()
        .map(|(fen, m, _)| {
            format!("print(*sf.is_immediate_game_end('janggihouse', '{fen}', ['{m}']))\n")
        })
        .collect();
    let verdicts: Vec<(bool, i64)> = pyffish_with_config(&fixture("variants.ini"), &program, &[])
        .lines()
        .map(|l| {
            let (ended, score) = l.trim().split_once(' ').unwrap();
            (ended == "True", score.parse().unwrap())
        })
        .collect();
    for ((fen, m, winner), (ended, score)) in cases.iter().zip(verdicts) {
        let mut pos = Position::from_fen(&janggihouse, fen).unwrap();
        let mv = parse_coord(&pos, m).unwrap();
        pos.play(mv);
        let ours = pos.outcome().unwrap();
        assert!(
            outcome_agrees(&ours, pos.side_to_move(), (ended, score)),
            "{fen} {m}: {ours:?}, FS {ended} {score}"
        );
        let our_winner = match ours {
            Outcome::Decisive { winner, .. } => Some(winner),
            Outcome::Ongoing => None,
            other => panic!("{fen} {m}: {other:?}"),
        };
        assert_eq!(our_winner, *winner, "{fen} {m}");
    }
}

/// FS's built-in Janggi rules import as the catalogue says them: bikjang
/// a plain draw (`janggitraditional`), neither bikjang nor counting
/// (`janggicasual`), no bikjang but `moving back and forth loses`
/// (`janggimodern`). The imported modern rules end shuffling games where
/// FS ends them, and leave the generals and advisors (kept in their
/// palace by `never land in`, FS's mobility regions) free to shuffle.
#[test]
fn fs_s_janggi_rules_import() {
    let import = |parent: &str| {
        let results = varia::bridge::import::import_ini(&format!("[x:{parent}]\n"), &[]);
        let script = results[0].as_ref().unwrap().script.clone();
        let variant = varia::compile_source("x.variant", &script).unwrap();
        (script, variant)
    };
    let (traditional, _) = import("janggitraditional");
    assert!(
        traditional.contains("\nfacing royals draws\n"),
        "{traditional}"
    );
    assert!(
        !traditional.contains("draws win on points"),
        "{traditional}"
    );
    let (casual, _) = import("janggicasual");
    assert!(!casual.contains("facing royals"), "{casual}");
    assert!(!casual.contains("draws win on points"), "{casual}");
    let (modern, variant) = import("janggimodern");
    crate::common::assert_has_lines(&modern, &[
        "\nmoving back and forth loses\nmove-rule 100\nrepetition 4\n",
        "\nrestrict Wazir: never land in ranks 4..10 + squares a1 a2 a3 b1 b2 b3 c1 c2 c3 g1 g2 g3 h1 h2 h3 i1 i2 i3\n",
    ]);
    assert!(!modern.contains("facing royals"), "{modern}");
    assert!(crate::janggi::shuffling_games_agree_in(&variant, "janggimodern", 30, 17) > 15);
    let palace = "e2e1 e9e10 e1e2 e10e9 e2e1 e9e10 e1e2 e10e9 e2e1 e9e10";
    let advisors = "d1d2 d10d9 d2d1 d9d10 d1d2 d10d9 d2d1 d9d10 d1d2 d10d9";
    for line in [palace, advisors] {
        let outcomes =
            crate::janggi::outcomes_of(&variant, "janggimodern", crate::janggi::START, line);
        assert!(outcomes.iter().all(|o| *o == Outcome::Ongoing), "{line}");
    }
    let shuffle = "a1a3 a10a8 a3a1 a8a10 a1a3 a10a8 a3a1 b10c8 a1a3";
    let outcomes =
        crate::janggi::outcomes_of(&variant, "janggimodern", crate::janggi::START, shuffle);
    assert!(matches!(
        outcomes[8],
        Outcome::Decisive {
            winner: Color::Black,
            ..
        }
    ));
}

/// The catalogue's Janggi scripts export as sections under FS's built-in
/// `janggi` (its king is the only one FS moves along the palace
/// diagonals), their pieces as FS's janggi types, their rules as FS's
/// options; each section imports back to the same game. What FS's types
/// cannot say is refused by its declaration: a piece moving along the
/// diagonals that no FS type moves so, points that are not janggi
/// counting's, a cannon that may take cannons (FS's hoppers hop any
/// piece but for its janggi cannon, which neither hops nor takes one).
/// (FS plays the exported sections in `bridge.rs`'s scripts test.)
#[test]
fn janggi_scripts_export_under_fs_s_janggi() {
    let export = |variant: &std::sync::Arc<varia::ir::Variant>| {
        varia::bridge::export::export_variant(variant, "varia-x")
    };
    let janggi = crate::common::oracle::script("janggi");
    let ini = export(&janggi).unwrap();
    crate::common::assert_has_lines(&ini, &[
        "\n[varia-x:janggi]\n",
        "\nwazir = a\njanggiElephant = b\nhorse = n\nrook = r\njanggiCannon = c\nsoldier = p\n",
        "\nmobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2 d3 e3 f3\n",
        "\nmobilityRegionBlackWazir = d8 e8 f8 d9 e9 f9 d10 e10 f10\n",
        "\npass = true\nbikjangRule = true\nmaterialCounting = janggi\nmoveRepetitionIllegal = false\ndiagonalLines = d1 f1 e2 d3 f3 d8 f8 e9 d10 f10\npieceToCharTable = -\n",
    ]);
    assert!(!ini.contains("\nking ="), "{ini}");
    let modern = export(&crate::common::oracle::script("janggimodern")).unwrap();
    assert!(
        modern.contains(
            "\nbikjangRule = false\nmaterialCounting = janggi\nmoveRepetitionIllegal = true\n"
        ),
        "{modern}"
    );
    let casual = export(&crate::common::oracle::script("janggicasual")).unwrap();
    assert!(
        casual.contains(
            "\nbikjangRule = false\nmaterialCounting = none\nmoveRepetitionIllegal = false\n"
        ),
        "{casual}"
    );
    for (stem, ini) in [
        ("janggi", &ini),
        ("janggimodern", &modern),
        ("janggicasual", &casual),
    ] {
        let imported = varia::bridge::import::import_ini(ini, &[]);
        let script = &imported[0]
            .as_ref()
            .unwrap_or_else(|e| panic!("{e}\n{ini}"))
            .script;
        let variant = varia::compile_source("x.variant", script).unwrap();
        let original = crate::common::oracle::script(stem);
        let (mut ours, mut back) = (Position::start(&original), Position::start(&variant));
        assert_eq!(
            varia::vm::perft::perft(&mut back, 3).unwrap(),
            varia::vm::perft::perft(&mut ours, 3).unwrap(),
            "{stem}\n{script}"
        );
    }
    let source = std::fs::read_to_string(crate::common::oracle::script_file("janggi")).unwrap();
    let refused = [
        (
            (
                "also Soldier \"fF\" within lines",
                "also Horse \"F\" within lines",
            ),
            "also Horse \"F\" within",
        ),
        (("Chariot 13,", "Chariot 12,"), "draws win on points"),
        (
            ("restrict Cannon: never take Cannon\n", ""),
            "restrict Cannon: never hop over",
        ),
        (
            ("facing royals draws", "facing royals loses"),
            "facing royals",
        ),
    ];
    for ((from, to), declaration) in refused {
        assert!(source.contains(from), "{from}");
        let changed = source.replacen(from, to, 1);
        let variant = varia::compile_source("changed.variant", &changed).unwrap();
        let error = export(&variant).unwrap_err();
        assert_eq!(error.declaration, declaration, "{error}");
    }
}

/// Pieces kept to a region that are dropped too export as FS's mobility
/// regions, which keep their drops in as well (the bridge checks that the
/// drops then fall where the script's do): Janggihouse's advisors (in
/// their palace, a section under FS's janggi), Chennis' and Muje's kings,
/// Stardust's restricted piece. FS plays each exported section as the
/// import through random games; in Janggihouse's, an advisor in hand is
/// dropped in the palace only.
#[test]
fn restricted_pieces_in_hand_export_as_mobility_regions() {
    let names = ["janggihouse", "chennis", "muje", "stardust"];
    let mut ini = String::new();
    let mut variants = Vec::new();
    for name in names {
        let (_, variant) = fixture_section(name);
        let section =
            varia::bridge::export::export_variant(&variant, &format!("varia-{name}")).unwrap();
        ini.push_str(&section);
        ini.push('\n');
        variants.push(variant);
    }
    crate::common::assert_has_lines(&ini, &[
        "[varia-janggihouse:janggi]\n",
        "\nmobilityRegionWhiteWazir = d1 e1 f1 d2 e2 f2 d3 e3 f3\n",
        "\nmobilityRegionWhiteKing = b1 c1 d1 e1 f1 b2 c2 d2 e2 f2 b3 c3 d3 e3 f3 b4 c4 d4 e4 f4\n",
    ]);
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5[A] w - - 0 1";
    let moves = crate::bridge::moves_as_pyffish_plays(&ini, "varia-janggihouse", &variants[0], fen);
    let drops: Vec<&String> = moves.iter().filter(|m| m.starts_with("A@")).collect();
    assert_eq!(
        drops,
        ["A@d2", "A@d3", "A@e1", "A@e2", "A@e3", "A@f1", "A@f2", "A@f3"]
    );
    crate::bridge::exported_sections_play_as_fs(&names, &variants, &ini, "restricted-drops", 41);
}
