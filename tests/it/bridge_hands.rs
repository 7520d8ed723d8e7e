//! `varia export` of pieces in hand: drops and what captures return to
//! hand as FS's drop options, checked position by position against
//! Fairy-Stockfish playing the exported section (pyffish's
//! `load_variant_config`): the legal moves of hand-made positions that
//! try each drop rule, and the FEN after a capture of a promoted piece.

use std::collections::BTreeSet;
use std::sync::Arc;

use varia::ir::Variant;
use varia::notation::coord::parse_coord;
use varia::notation::fen::write_fen;
use varia::vm::Position;

use crate::common::oracle::{pyffish_with_config, script};

/// FS's legal moves at `fen` and its FEN after `moves` from it, in the
/// section `varia export` writes for the script `stem`; and ours.
fn both_sides(stem: &str, fen: &str, moves: &[&str]) -> [(BTreeSet<String>, String); 2] {
    both_sides_of(&script(stem), stem, fen, moves)
}

fn both_sides_of(
    variant: &Arc<Variant>,
    stem: &str,
    fen: &str,
    moves: &[&str],
) -> [(BTreeSet<String>, String); 2] {
    let name = format!("varia-{stem}");
    let ini = varia::bridge::export::export_variant(variant, &name).unwrap();
    let program = "name, fen, moves = sys.argv[1], sys.argv[2], sys.argv[3].split()\n\
                   print(' '.join(sf.legal_moves(name, fen, [])))\n\
                   print(sf.get_fen(name, fen, moves))";
    let text = pyffish_with_config(&ini, program, &[&name, fen, &moves.join(" ")]);
    let mut lines = text.lines();
    let theirs: BTreeSet<String> = lines
        .next()
        .unwrap_or_else(|| panic!("{stem}: no answer\n{ini}"))
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let their_fen = lines.next().unwrap_or_default().to_string();
    let mut pos = Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{stem} {fen}: {e}"));
    let ours = crate::common::moves::moves(&pos);
    for m in moves {
        let mv =
            parse_coord(&pos, m).unwrap_or_else(|| panic!("{stem}: {m} at {}", write_fen(&pos)));
        pos.play_unchecked(mv);
    }
    [(ours, write_fen(&pos)), (theirs, their_fen)]
}

fn drops_to(moves: &BTreeSet<String>, letter: char) -> BTreeSet<String> {
    moves
        .iter()
        .filter(|m| m.starts_with(letter) && m.contains('@'))
        .cloned()
        .collect()
}

/// Crazyhouse: pawns dropped on ranks 2 to 7 only (the section's pawn is
/// FS's, which its own rules keep off the first rank and the promotion
/// zone), knights anywhere; a promoted
/// queen taken returns to hand as a pawn, in Loop chess as a queen
/// (`dropLoop`).
#[test]
fn crazyhouse_drops_and_returns_export_as_fs_plays_them() {
    let fen = "4k3/8/8/8/8/8/8/4K3[PNpn] w - - 0 1";
    let [(ours, _), (theirs, _)] = both_sides("crazyhouse", fen, &[]);
    assert_eq!(ours, theirs);
    assert_eq!(drops_to(&ours, 'P').len(), 6 * 8);
    assert_eq!(drops_to(&ours, 'N').len(), 64 - 2);
    // 1.b8=Q+ Rxb8: the new queen goes to Black's hand.
    let fen = "4k3/1P6/8/8/8/8/1r6/4K3[] w - - 0 1";
    for (stem, hand) in [("crazyhouse", "[p]"), ("loop", "[q]")] {
        let [(ours, our_fen), (theirs, their_fen)] = both_sides(stem, fen, &["b7b8q", "b2b8"]);
        assert_eq!(ours, theirs, "{stem}");
        assert_eq!(our_fen, their_fen, "{stem}");
        assert!(
            our_fen.starts_with(&format!("1r2k3/8/8/8/8/8/8/4K3{hand}")),
            "{our_fen}"
        );
    }
}

/// Pieces in hand from the start only: Pocket Knight's knight anywhere,
/// Dragon chess's dragon on the first rank (FS's drop region).
#[test]
fn start_hands_export_with_their_drop_regions() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[Nn] b KQkq - 0 1";
    let [(ours, _), (theirs, _)] = both_sides("pocketknight", fen, &[]);
    assert_eq!(ours, theirs);
    assert_eq!(drops_to(&ours, 'N').len(), 64 - 32);
    let fen = "4k3/8/8/8/8/8/8/4K3[Dd] w - - 0 1";
    let [(ours, _), (theirs, _)] = both_sides("dragon", fen, &[]);
    assert_eq!(ours, theirs);
    assert_eq!(drops_to(&ours, 'D').len(), 7);
}

/// Shogi: no second unpromoted pawn on a file (`dropNoDoubled`), no pawn
/// or lance on the last rank nor knight on the last two
/// (`immobilityIllegal`); a promotion into the zone optional but for a
/// pawn that could not move again; a dragon taken returns as a rook
/// (`promotedPieceType`).
#[test]
fn shogi_drops_promotions_and_returns_export_as_fs_plays_them() {
    let fen = "4k4/9/9/9/9/9/4P4/9/4K4[PLNp] w - - 0 1";
    let [(ours, _), (theirs, _)] = both_sides("shogi", fen, &[]);
    assert_eq!(ours, theirs);
    // 78 empty squares, 6 on the pawn's file, 8 on the last rank and 9
    // on the one before.
    assert_eq!(drops_to(&ours, 'P').len(), 78 - 6 - 8);
    assert_eq!(drops_to(&ours, 'L').len(), 78 - 8);
    assert_eq!(drops_to(&ours, 'N').len(), 78 - 8 - 9);
    let fen = "8k/4P4/9/4S4/9/9/9/9/K8[] w - - 0 1";
    let [(ours, _), (theirs, _)] = both_sides("shogi", fen, &[]);
    assert_eq!(ours, theirs);
    for m in ["e8e9+", "e6e7", "e6e7+", "e6d7", "e6d7+", "e6d5"] {
        assert!(ours.contains(m), "{m}: {ours:?}");
    }
    assert!(!ours.contains("e8e9"));
    let fen = "4k4/9/9/9/9/9/9/4+r4/4K4[] w - - 0 1";
    let [(_, our_fen), (_, their_fen)] = both_sides("shogi", fen, &["e1e2"]);
    assert_eq!(our_fen, their_fen);
    assert!(our_fen.starts_with("4k4/9/9/9/9/9/9/4K4/9[R]"), "{our_fen}");
}

/// A pawn drop that mates (uchifuzume): FS's `shogiPawnDropMateIllegal`
/// on the exported `shogiPawn` lists the drop and scores it as the
/// dropper's loss, varia forbids it; every other move is the same.
#[test]
fn a_mating_pawn_drop_exports_as_fs_shogi_pawn_rule() {
    let fen = "kl7/9/1G7/9/9/9/9/9/8K[P] w - - 0 1";
    let [(ours, _), (theirs, _)] = both_sides("shogi", fen, &[]);
    let only_fs: Vec<&String> = theirs.difference(&ours).collect();
    assert_eq!(only_fs, ["P@a8"]);
    assert!(ours.is_subset(&theirs));
    assert!(ours.contains("P@a7"));
}

/// S-chess's gating (`seirawanGating`): a piece from hand enters where a
/// first-rank piece leaves on its first move; in S-House a pawn in hand
/// never enters on the first rank, where it may not be dropped.
#[test]
fn gating_exports_as_seirawan_gating() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
    let [(ours, _), (theirs, _)] = both_sides("seirawan", fen, &[]);
    assert_eq!(ours, theirs);
    assert!(ours.contains("g1f3h") && ours.contains("b1c3e"), "{ours:?}");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HPhe] w KQBCDFGkqbcdfg - 0 1";
    let [(ours, _), (theirs, _)] = both_sides("shouse", fen, &[]);
    assert_eq!(ours, theirs);
    assert!(
        ours.contains("g1f3h") && !ours.contains("g1f3p"),
        "{ours:?}"
    );
    assert!(ours.contains("P@e3") && !ours.contains("P@e1"), "{ours:?}");
}

/// A piece dropped on fewer squares than the others, which it can never
/// leave (a forward-moving soldier dropped in the far half): FS's one drop
/// region narrowed by the soldier's `mobilityRegion…`, and no
/// `immobilityIllegal` (a soldier on the last rank stays there).
#[test]
fn a_drop_region_of_one_piece_exports_as_its_mobility_region() {
    let text = "variant \"Forward drops\"\nimport orthodox\npiece Soldier S \"fW\"\nboard 8 x 8\n\
                hands keep captures\ndemote promoted to Pawn\ndrop Pawn in ranks 2..7\n\
                drop Soldier in ranks 5..8\n\
                setup \"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[Ss] w - - 0 1\"\n";
    let variant = varia::compile_source("forward.variant", text).unwrap();
    let ini = varia::bridge::export::export_variant(&variant, "forward").unwrap();
    let ranks = |from: u8| {
        (from..from + 4)
            .flat_map(|r| ('a'..='h').map(move |f| format!("{f}{r}")))
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(
        ini.contains(&format!(
            "\nmobilityRegionWhiteCustomPiece5 = {}\n",
            ranks(5)
        )),
        "{ini}"
    );
    assert!(
        ini.contains(&format!(
            "\nmobilityRegionBlackCustomPiece5 = {}\n",
            ranks(1)
        )),
        "{ini}"
    );
    assert!(!ini.contains("immobilityIllegal"), "{ini}");
    let fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[SPsp] w - - 0 1";
    let [(ours, _), (theirs, _)] = both_sides_of(&variant, "forward", fen, &[]);
    assert_eq!(ours, theirs);
    // Ranks 5 and 6, and rank 8 but the king's square.
    assert_eq!(drops_to(&ours, 'S').len(), 16 + 7);
    assert_eq!(drops_to(&ours, 'P').len(), 32);
    // A soldier that reached the last rank stays, stuck, in both.
    let fen = "4k2S/8/8/8/8/8/8/4K3[] w - - 0 1";
    let [(ours, _), (theirs, _)] = both_sides_of(&variant, "forward", fen, &[]);
    assert_eq!(ours, theirs);
}

/// Region rules as FS's `mobilityRegion…`: `never land in` exactly (a
/// rook passes the ranks it may not stop on, in FS as in varia);
/// `never enter` refused where a move would pass the region and land
/// beyond it, which FS's region would allow.
#[test]
fn region_rules_export_as_mobility_regions() {
    let text =
        "variant \"Gap\"\nimport orthodox\nboard 8 x 8\nrestrict Rook: never land in ranks 4..5\n\
                setup \"4k3/pppppppp/8/8/8/7R/PPPPPPPP/4K3 w - - 0 1\"\n";
    let variant = varia::compile_source("gap.variant", text).unwrap();
    let ini = varia::bridge::export::export_variant(&variant, "gap").unwrap();
    assert!(
        ini.contains("\nmobilityRegionWhiteCustomPiece2 = a1 "),
        "{ini}"
    );
    let fen = "4k3/pppppppp/8/8/8/7R/PPPPPPPP/4K3 w - - 0 1";
    let [(ours, _), (theirs, _)] = both_sides_of(&variant, "gap", fen, &[]);
    assert_eq!(ours, theirs);
    assert!(ours.contains("h3h6") && !ours.contains("h3h4"), "{ours:?}");
    // A tower (no promotion makes one) on h3 would pass h4 to h5.
    let text = "variant \"Gap\"\nimport orthodox\nboard 8 x 8\npiece Tower T \"R\"\n\
                restrict Tower: never enter rank 4\n\
                setup \"4k3/pppppppp/8/8/8/7T/PPPPPPPP/4K3 w - - 0 1\"\n";
    let variant = varia::compile_source("gap.variant", text).unwrap();
    let err = varia::bridge::export::export_variant(&variant, "gap").unwrap_err();
    assert_eq!(err.declaration, "restrict Tower");
    assert!(err.reason.contains("lands inside again"), "{}", err.reason);
}

/// `drops compulsory` as FS's `mustDrop`: with a piece in hand and a
/// legal drop, only drops; in check, only the drops that parry it (else
/// the other moves).
#[test]
fn compulsory_drops_export_as_must_drop() {
    let text = "variant \"Must drop\"\nimport orthodox\nboard 8 x 8\nhands\ndrops compulsory\n\
                drop Pawn in ranks 2..7\n\
                setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1\"\n";
    let variant = varia::compile_source("must.variant", text).unwrap();
    let ini = varia::bridge::export::export_variant(&variant, "must").unwrap();
    assert!(ini.contains("\nmustDrop = true\n"), "{ini}");
    for (fen, drops, others) in [
        // 32 empty squares: only drops.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1",
            32,
            0,
        ),
        // A rook's check: only the three drops between.
        ("4k3/8/8/8/8/8/8/r3K3[Nn] w - - 0 1", 3, 0),
        // A knight's check, which no drop parries: the king's four moves.
        ("4k3/8/8/8/8/3n4/8/4K3[Nn] w - - 0 1", 0, 4),
    ] {
        let [(ours, _), (theirs, _)] = both_sides_of(&variant, "must", fen, &[]);
        assert_eq!(ours, theirs, "{fen}");
        let dropped = ours.iter().filter(|m| m.contains('@')).count();
        assert_eq!(
            (dropped, ours.len() - dropped),
            (drops, others),
            "{fen}: {ours:?}"
        );
    }
}

/// `castling from drops` as FS's `castlingDroppedPiece`: a king and a rook
/// dropped on their castling squares get the right to castle (the FEN FS
/// writes after the drops is ours).
#[test]
fn castling_from_drops_exports_as_castling_dropped_piece() {
    let text = std::fs::read_to_string(crate::common::oracle::script_path("placement")).unwrap();
    // Without the bishops' rule, which FS keeps for its own bishop type.
    let text = text.replace(
        "drop Bishop in rank 1 opposite-colours",
        "drop Bishop in rank 1",
    );
    let variant = varia::compile_source("placement.variant", &text).unwrap();
    let ini = varia::bridge::export::export_variant(&variant, "drops").unwrap();
    assert!(ini.contains("\ncastlingDroppedPiece = true\n"), "{ini}");
    let fen = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";
    let moves = ["K@e1", "K@e8", "R@h1", "R@a8"];
    let [(ours, our_fen), (theirs, their_fen)] = both_sides_of(&variant, "drops", fen, &moves);
    assert_eq!(ours, theirs);
    // The same FEN but for the order of the hands' letters.
    let sorted_hands = |fen: &str| {
        let (board, rest) = fen.split_once('[').unwrap();
        let (hands, rest) = rest.split_once(']').unwrap();
        let mut hands: Vec<char> = hands.chars().collect();
        hands.sort_unstable();
        format!("{board}[{}]{rest}", hands.into_iter().collect::<String>())
    };
    assert_eq!(sorted_hands(&our_fen), sorted_hands(&their_fen));
    assert!(our_fen.contains(" w Kq "), "{our_fen}");
}

/// Each side's own drop squares (`drop white …`, `drop black …`): FS's
/// sections whose `dropRegionWhite` and `dropRegionBlack` are not each
/// other's mirror import as a line a side and play as FS through random
/// games (Stardust's scattered regions, Shinobi+'s White-only region and
/// each side's own pawn zone; Screen, Placement's child, with its kings
/// dropped, its bishops on opposite colours and castling from drops);
/// a script's per-side lines export as FS's two regions, FS's legal drops
/// for each side those of the script.
#[test]
fn each_side_s_drop_squares_import_and_export_as_fs_drop_regions() {
    use crate::bridge::{fixture_section, fixture_sections_play_as_fs};
    let sections = ["screen", "stardust", "shinobiplus"];
    let imported: Vec<(String, Arc<Variant>)> =
        sections.iter().map(|s| fixture_section(s)).collect();
    let lines = [
        vec![
            "\ndrop Pawn in ranks 2..4 one-per-file\n",
            "\ndrop Knight, Rook, Queen, King in ranks 1..4\n",
            "\ndrop Bishop in ranks 1..4 opposite-colours\n",
            "\ncastling from drops\n",
            "\ncastling King e1 -> g1 with Rook h1 -> f1\n",
        ],
        vec![
            "\ndrop white Fers, Gold, Immobile, Custom1, Custom2, Custom3, Custom4, Custom5 in ranks 1..3 + rank 7 + squares d4 d5 d6 d8 d9 d10 e4 e5 e6 e8 e9 e10 f4 f5 f6 f8 f9 f10\n",
            "\ndrop black Fers, Gold, Immobile, Custom1, Custom2, Custom3, Custom4, Custom5 in squares a1 a2 a3 a5 a6 a7 b1 b2 b3 b5 b6 b7 c1 c2 c3 c5 c6 c7 g1 g2 g3 g5 g6 g7 h1 h2 h3 h5 h6 h7 i1 i2 i3 i5 i6 i7\n",
        ],
        vec![
            "\ndrop white Pawn in ranks 2..4 never-stuck\n",
            "\ndrop black Pawn in ranks 2..5 never-stuck\n",
            "\ndrop black Knight, Bishop, Rook, Queen, Fers, Bers, Archbishop, Lance, ShogiKnight, DragonHorse, Commoner never-stuck\n",
        ],
    ];
    for ((script, _), lines) in imported.iter().zip(&lines) {
        for line in lines {
            assert!(script.contains(line), "{line}{script}");
        }
    }
    let variants: Vec<Arc<Variant>> = imported.into_iter().map(|(_, v)| v).collect();
    fixture_sections_play_as_fs(&sections, &variants, 53);
    // Exported: White drops on its ranks 2 and 3, Black on its last four
    // (ranks 5 to 8 as Black sees them: 1 to 4 of the board).
    let text = "variant \"halves\"\nimport orthodox\nboard 8 x 8\nhands\n\
                drop white Knight, Pawn in ranks 2..3\ndrop black Knight, Pawn in ranks 5..8\n\
                setup \"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[NPnp] w - - 0 1\"\n";
    let variant = varia::compile_source("halves.variant", text).unwrap();
    let ini = varia::bridge::export::export_variant(&variant, "varia-halves").unwrap();
    for fen in [
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[NPnp] w - - 0 1",
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[NPnp] b - - 0 1",
    ] {
        let [(ours, _), (theirs, _)] = both_sides_of(&variant, "halves", fen, &[]);
        assert_eq!(ours, theirs, "{fen}\n{ini}");
        let black = fen.contains(" b ");
        let knights = drops_to(&ours, 'N');
        // White's rank 3 (its pawns fill rank 2), Black's ranks 1 to 4
        // but White's pawns and king.
        assert_eq!(knights.len(), if black { 23 } else { 8 }, "{knights:?}");
        let expected_rank = if black { '1' } else { '3' };
        assert!(
            knights.iter().any(|m| m.ends_with(expected_rank)),
            "{knights:?}"
        );
    }
}
