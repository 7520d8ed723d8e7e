//! `varia import`: a Fairy-Stockfish `.ini` section, resolved with its
//! parents (`fs::resolve`), written as a varia script. Every option is
//! either translated, known to change nothing about the rules (FS's
//! display and evaluation options), or set to FS's default; anything else
//! is an [`ImportError`] naming the option and its line.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::fs::{resolve, FsPiece, Resolved, Setting};
use super::ini::{parse_ini, Section};
use super::ImportError;

mod chasing;

/// Options that change nothing about the rules: display, evaluation,
/// engine tuning.
const NO_RULE_OPTIONS: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
    "nnueAlias",
];

/// Options the bridge accepts only at FS's default value (the value each
/// has in orthodox chess), with that value.
const DEFAULT_ONLY: &[(&str, &str)] = &[
    ("twoBoards", "false"),
    ("dropLoop", "false"),
    ("gating", "false"),
    ("seirawanGating", "false"),
    ("cambodianMoves", "false"),
    ("dupleCheck", "false"),
];

/// Every option FS's parser reads (`src/parser.cpp`), but the piece
/// letters and `mobilityRegion…`.
const FS_OPTIONS: &[&str] = &[
    "adjudicateFullBoard",
    "bikjangRule",
    "blackDropRegion",
    "blackFlag",
    "blastImmuneTypes",
    "blastOnCapture",
    "cambodianMoves",
    "capturesToHand",
    "castling",
    "castlingDroppedPiece",
    "castlingKingFile",
    "castlingKingPiece",
    "castlingKingPieceBlack",
    "castlingKingPieceWhite",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingRookKingsideFile",
    "castlingRookPiece",
    "castlingRookPieces",
    "castlingRookPiecesBlack",
    "castlingRookPiecesWhite",
    "castlingRookQueensideFile",
    "castlingWins",
    "chasingRule",
    "checkCounting",
    "checking",
    "checkmateValue",
    "collinearN",
    "connectDiagonal",
    "connectHorizontal",
    "connectN",
    "connectNxN",
    "connectPieceTypes",
    "connectValue",
    "connectVertical",
    "countingRule",
    "diagonalLines",
    "doubleStep",
    "doubleStepRank",
    "doubleStepRankMin",
    "doubleStepRegionBlack",
    "doubleStepRegionWhite",
    "dropChecks",
    "dropLoop",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "dropOnTop",
    "dropOppositeColoredBishop",
    "dropPromoted",
    "dropRegionBlack",
    "dropRegionWhite",
    "dupleCheck",
    "enPassantRegion",
    "enPassantRegionBlack",
    "enPassantRegionWhite",
    "enPassantTypes",
    "enPassantTypesBlack",
    "enPassantTypesWhite",
    "enclosingDrop",
    "enclosingDropStart",
    "extinctionClaim",
    "extinctionOpponentPieceCount",
    "extinctionPieceCount",
    "extinctionPieceTypes",
    "extinctionPseudoRoyal",
    "extinctionValue",
    "firstRankPawnDrops",
    "flagMove",
    "flagPiece",
    "flagPieceBlack",
    "flagPieceBlockedWin",
    "flagPieceCount",
    "flagPieceSafe",
    "flagPieceWhite",
    "flagRegion",
    "flagRegionBlack",
    "flagRegionWhite",
    "flipEnclosedPieces",
    "flyingGeneral",
    "gating",
    "immobilityIllegal",
    "makpongRule",
    "mandatoryPawnPromotion",
    "mandatoryPiecePromotion",
    "materialCounting",
    "maxFile",
    "maxRank",
    "moveRepetitionIllegal",
    "mustCapture",
    "mustDrop",
    "mustDropType",
    "mutuallyImmuneTypes",
    "nFoldRule",
    "nFoldValue",
    "nFoldValueAbsolute",
    "nMoveRule",
    "nMoveRuleTypes",
    "nMoveRuleTypesBlack",
    "nMoveRuleTypesWhite",
    "oppositeCastling",
    "pass",
    "passBlack",
    "passOnStalemate",
    "passOnStalemateBlack",
    "passOnStalemateWhite",
    "passWhite",
    "pawnTypes",
    "perpetualCheckIllegal",
    "petrifyBlastPieces",
    "petrifyOnCaptureTypes",
    "pieceDemotion",
    "pieceDrops",
    "piecePromotionOnCapture",
    "pieceToCharTable",
    "pocketSize",
    "promotionPawnTypes",
    "promotionPawnTypesBlack",
    "promotionPawnTypesWhite",
    "promotionPieceTypes",
    "promotionPieceTypesBlack",
    "promotionPieceTypesWhite",
    "promotionRank",
    "promotionLimit",
    "mandatoryPawnPromotion",
    "promotionRegionBlack",
    "promotionRegionWhite",
    "promotionZonePawnDrops",
    "seirawanGating",
    "shatarMateRule",
    "shogiPawnDropMateIllegal",
    "sittuyinPromotion",
    "sittuyinRookDrop",
    "soldierPromotionRank",
    "stalematePieceCount",
    "stalemateValue",
    "startFen",
    "tripleStepRegionBlack",
    "tripleStepRegionWhite",
    "twoBoards",
    "variantTemplate",
    "wallOrMove",
    "wallingRegion",
    "wallingRegionBlack",
    "wallingRegionWhite",
    "wallingRule",
    "whiteDropRegion",
    "whiteFlag",
    "promotionLimit",
    "promotedPieceType",
    "pieceValueMg",
    "pieceValueEg",
];

/// The options `translate` reads (each checked there).
const TRANSLATED: &[&str] = &[
    "sittuyinPromotion",
    "sittuyinRookDrop",
    "diagonalLines",
    "chasingRule",
    "bikjangRule",
    "moveRepetitionIllegal",
    "castlingDroppedPiece",
    "dropOppositeColoredBishop",
    "tripleStepRegionBlack",
    "tripleStepRegionWhite",
    "chess960",
    "oppositeCastling",
    "castlingWins",
    "maxRank",
    "maxFile",
    "startFen",
    "promotionRank",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "pawnTypes",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "doubleStepRank",
    "doubleStepRankMin",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingKingFile",
    "castlingKingPiece",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "castlingRookPieces",
    "checkmateValue",
    "stalemateValue",
    "nMoveRule",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "wallingRule",
    "wallingRegion",
    "wallingRegionWhite",
    "wallingRegionBlack",
    "wallOrMove",
    "petrifyOnCaptureTypes",
    "nFoldRule",
    "nFoldValue",
    "nFoldValueAbsolute",
    "perpetualCheckIllegal",
    "checkCounting",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "flagMove",
    "flagPieceSafe",
    "extinctionValue",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "extinctionOpponentPieceCount",
    "extinctionClaim",
    "pieceDrops",
    "capturesToHand",
    "dropRegionWhite",
    "dropRegionBlack",
    "makpongRule",
    "countingRule",
    "stalematePieceCount",
    "checking",
    "mustCapture",
    "blastOnCapture",
    "blastImmuneTypes",
    "extinctionPseudoRoyal",
    "mandatoryPawnPromotion",
    "promotionLimit",
    "pass",
    "passWhite",
    "passBlack",
    "passOnStalemate",
    "passOnStalemateWhite",
    "passOnStalemateBlack",
    "promotedPieceType",
    "mandatoryPiecePromotion",
    "immobilityIllegal",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "shogiPawnDropMateIllegal",
    "dropChecks",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "pieceDemotion",
    "piecePromotionOnCapture",
    "shatarMateRule",
    "dropPromoted",
    "enclosingDrop",
    "enclosingDropStart",
    "flipEnclosedPieces",
    "freeDrops",
    "materialCounting",
    "adjudicateFullBoard",
    "flyingGeneral",
    "soldierPromotionRank",
    "mustDrop",
    "dropOnTop",
    "flagPieceCount",
    "flagPieceBlockedWin",
    "connectN",
    "connectNxN",
    "collinearN",
    "connectValue",
    "connectPieceTypes",
    "connectHorizontal",
    "connectVertical",
    "connectDiagonal",
    "connectRegion1White",
    "connectRegion2White",
    "connectRegion1Black",
    "connectRegion2Black",
];

/// A translated section: the script, and the variant's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The section's name (the script's file stem).
    pub name: String,
    /// The varia script.
    pub script: String,
}

/// Translates the sections of `text` named in `wanted` (every section
/// when empty), each with its parents. One result per section, in file
/// order; an unknown name in `wanted` is an error of its own.
pub fn import_ini(text: &str, wanted: &[String]) -> Vec<Result<Imported, ImportError>> {
    let sections = parse_ini(text);
    let mut results = Vec::new();
    for name in wanted {
        if !sections.iter().any(|s| &s.name == name) {
            results.push(Err(ImportError {
                section: name.clone(),
                line: None,
                option: "section".into(),
                reason: "no section of that name in the file".into(),
            }));
        }
    }
    for (index, section) in sections.iter().enumerate() {
        if !wanted.is_empty() && !wanted.contains(&section.name) {
            continue;
        }
        results.push(import_section(&sections, index));
    }
    results
}

/// FS turns Black's pieces by 180° (a Black `fr` step goes down and to
/// White's left), while a script with `symmetry mirror` mirrors them: a
/// piece whose moves differ left and right needs `symmetry rotate`.
fn check_chirality(resolved: &Resolved, variant: &crate::ir::Variant) -> Result<(), ImportError> {
    for piece in &variant.pieces {
        if !piece.moves_alike_left_and_right() {
            let key = resolved
                .pieces
                .iter()
                .find(|p| p.letter.eq_ignore_ascii_case(&piece.letter))
                .map_or("pieceToCharTable".to_string(), |p| p.key.clone());
            return Err(ImportError {
                section: resolved.name.clone(),
                line: None,
                option: key,
                reason: format!(
                    "`{}` moves differently to the left and to the right: {CHIRAL}",
                    piece.betza
                ),
            });
        }
    }
    Ok(())
}

/// Translates `sections[index]` with its parents. FS turns Black's
/// pieces by 180° and gives each side its regions in absolute squares: the
/// script mirrors Black (`symmetry mirror`, varia's default) unless a piece
/// moves differently left and right or a region of Black's is White's
/// turned rather than mirrored; then it turns Black (`symmetry rotate`).
pub fn import_section(sections: &[Section], index: usize) -> Result<Imported, ImportError> {
    let resolved = resolve(sections, index)?;
    let script = match translate_compiled(&resolved, false) {
        Err(mirrored) if rotation_may_help(&mirrored) => {
            translate_compiled(&resolved, true).map_err(|turned| {
                // Of two regions each asymmetric one way, the first named.
                let both = turned.reason.starts_with(NOT_MIRRORED)
                    && mirrored.reason.starts_with(NOT_MIRRORED);
                if both {
                    mirrored
                } else {
                    turned
                }
            })?
        }
        result => result?,
    };
    Ok(Imported {
        name: resolved.name,
        script,
    })
}

/// The reason of a region that is not Black's mirrored.
const NOT_MIRRORED: &str = "Black's region is not White's mirrored";
/// The reason castling is refused under `symmetry rotate`.
const TURNED_CASTLING: &str = "castling on a board whose Black is turned (`symmetry rotate`): varia would turn Black's castling too, FS keeps it on White's files";
/// The reason of a piece that moves differently left and right.
const CHIRAL: &str = "FS turns Black's pieces by 180°, the script mirrors them";

fn rotation_may_help(error: &ImportError) -> bool {
    error.reason.starts_with(NOT_MIRRORED) || error.reason.ends_with(CHIRAL)
}

/// The script for a resolved section, compiled and checked.
fn translate_compiled(resolved: &Resolved, rotate: bool) -> Result<String, ImportError> {
    let script = translate(resolved, rotate)?;
    let variant = match crate::compile_source(&format!("{}.variant", resolved.name), &script) {
        Ok(variant) => variant,
        Err(errors) => {
            // Castling FS allows but varia refuses (a king's castling that is
            // also its ordinary move) is the castling options' doing.
            let castling = errors
                .errors
                .iter()
                .all(|e| e.code == crate::diagnostics::Code::CompileBadCastling);
            return Err(ImportError {
                section: resolved.name.clone(),
                line: None,
                option: if castling { "castling" } else { "script" }.into(),
                reason: format!("the translation does not compile: {errors}"),
            });
        }
    };
    check_immobility(resolved, &variant)?;
    if !rotate {
        check_chirality(resolved, &variant)?;
    }
    Ok(script)
}

/// Reads the resolved options of one section.
struct Options<'a> {
    resolved: &'a Resolved,
    /// The option names of the types said as royal groups (`check when
    /// the last …`: FS's pseudo-royal pieces of which a side may have two).
    royal_groups: &'a [String],
}

impl Options<'_> {
    /// Whether FS promotes the piece type `key` shogi-style (it has a
    /// `promotedPieceType` entry).
    fn promotes_shogi_style(&self, key: &str) -> bool {
        self.resolved.promoted.get(key).is_some_and(Option::is_some)
    }

    /// Whether the variant has royal pieces (of a group too): what there
    /// is to checkmate.
    fn has_royal(&self) -> bool {
        self.resolved.pieces.iter().any(|p| p.royal) || !self.royal_groups.is_empty()
    }

    /// Whether royal pieces other than FS's `king` type are in the game
    /// (pseudo-royal ones, royal groups), which FS's janggi rules do not
    /// judge and varia's would.
    fn royal_besides_king(&self) -> bool {
        self.resolved
            .pieces
            .iter()
            .any(|p| p.royal && p.key != "king")
            || !self.royal_groups.is_empty()
    }

    fn get(&self, key: &str) -> Option<&Setting> {
        self.resolved.options.get(key)
    }

    fn error(&self, key: &str, reason: impl Into<String>) -> ImportError {
        let setting = self.get(key);
        // A piece's option is no setting: its line is the piece's.
        let piece_line = || {
            self.resolved
                .pieces
                .iter()
                .find(|p| p.key == key)
                .and_then(|p| p.line)
        };
        ImportError {
            section: self.resolved.name.clone(),
            line: setting.and_then(|s| s.line).or_else(piece_line),
            option: key.to_string(),
            reason: match setting.and_then(|s| s.built_in) {
                Some(b) => format!("{} (set by the built-in `{b}`)", reason.into()),
                None => reason.into(),
            },
        }
    }

    fn text<'b>(&'b self, key: &str, default: &'b str) -> &'b str {
        self.get(key).map_or(default, |s| s.value.as_str())
    }

    fn flag(&self, key: &str, default: bool) -> Result<bool, ImportError> {
        match self.get(key).map(|s| s.value.as_str()) {
            None => Ok(default),
            Some("true") => Ok(true),
            Some("false") => Ok(false),
            Some(other) => Err(self.error(key, format!("`{other}` is not `true` or `false`"))),
        }
    }

    fn number(&self, key: &str, default: u32) -> Result<u32, ImportError> {
        match self.get(key) {
            None => Ok(default),
            Some(s) => s
                .value
                .parse()
                .map_err(|_| self.error(key, format!("`{}` is not a number", s.value))),
        }
    }
}

/// FS's start position where a section and its parents give none.
const CHESS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A set of squares as (file, rank), both from 0.
type Squares = BTreeSet<(u32, u32)>;

/// The board: files and ranks, and how Black sees it.
#[derive(Clone, Copy)]
struct Board {
    files: u32,
    ranks: u32,
    /// `symmetry rotate`: Black's regions are White's turned by 180°,
    /// not mirrored across the middle rank.
    rotate: bool,
}

impl Board {
    fn square(&self, file: u32, rank: u32) -> String {
        format!("{}{}", (b'a' + file as u8) as char, rank + 1)
    }

    /// Every square of the board.
    fn all(&self) -> Squares {
        (0..self.files)
            .flat_map(|f| (0..self.ranks).map(move |r| (f, r)))
            .collect()
    }
}

/// The whole script for a resolved section.
fn translate(resolved: &Resolved, rotate: bool) -> Result<String, ImportError> {
    let royal = pseudo_royal(resolved)?;
    let (resolved, groups) = match &royal {
        Some((royal, groups)) => (royal, groups.as_slice()),
        None => (resolved, &[][..]),
    };
    let options = Options {
        resolved,
        royal_groups: groups,
    };
    check_options(&options)?;
    let board = Board {
        rotate,
        ..read_board(&options)?
    };
    let (mut setup, walls) = setup_fen(&options, &board)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Imported by `varia import` from the Fairy-Stockfish section [{}].",
        resolved.header
    );
    let _ = writeln!(out, "variant \"{}\"", resolved.name);
    let _ = write!(out, "board {} x {}", board.files, board.ranks);
    if !walls.is_empty() {
        let _ = write!(out, " without squares {}", walls.join(" "));
    }
    if rotate {
        let _ = write!(out, "\nsymmetry rotate");
    }
    out.push('\n');
    out.push('\n');
    let promotions = piece_promotions(&options, &board, &setup)?;
    write_pieces(&options, &board, &setup, &mut out)?;
    for p in &promotions {
        let royal = if p.royal { " royal" } else { "" };
        let _ = writeln!(out, "piece {} +{} {}{royal}", p.promoted, p.letter, p.moves);
    }
    for key in groups {
        if let Some(piece) = resolved.pieces.iter().find(|p| &p.key == key) {
            let _ = writeln!(out, "check when the last {} is attacked", piece_name(piece));
        }
    }
    write_promotion(&options, &board, &mut out)?;
    write_piece_promotions(&options, &board, &promotions, &mut out)?;
    write_promotion_limits(&options, true, &mut out)?;
    write_mobility(&options, &board, &mut out)?;
    write_cambodian_moves(&options, &mut out)?;
    write_castling(&options, &board, &mut setup, &mut out)?;
    write_castling_wins(&options, &mut out)?;
    write_game_end(&options, &board, &setup, &mut out)?;
    write_drops(&options, &board, &promotions, &mut out)?;
    write_flips(&options, &board, &mut out)?;
    write_walls(&options, &board, &mut out)?;
    write_en_passant_region(&options, &board, &mut out)?;
    write_explosions(&options, &mut out)?;
    write_petrify(&options, &mut out)?;
    let _ = writeln!(out, "\nsetup \"{setup}\"");
    Ok(out)
}

/// Whether the section has FS's `cambodianMoves` (Cambodian chess's
/// first moves), which the import says: with `gating` (FS then reads the
/// first moves from the FEN's castling field), no drops and no castling,
/// and FS's own `king` type. Else the error names the option.
fn cambodian_moves(options: &Options) -> Result<bool, ImportError> {
    if !options.flag("cambodianMoves", false)? {
        return Ok(false);
    }
    let refuse = |why: &str| Err(options.error("cambodianMoves", why));
    if !options.flag("gating", false)? {
        return refuse("Cambodian moves without `gating` (which keeps them in the FEN's castling field): varia says them only with it");
    }
    if options.flag("pieceDrops", false)?
        || options.flag("seirawanGating", false)?
        || options.flag("castling", true)?
    {
        return refuse(
            "Cambodian moves beside drops, S-chess gating or castling: varia says them alone",
        );
    }
    let own_king = options
        .resolved
        .pieces
        .iter()
        .any(|p| p.key == "king" && !p.custom_king);
    if !own_king {
        return refuse("Cambodian moves without FS's own `king` type, whose first leap they are");
    }
    Ok(true)
}

/// FS's `cambodianMoves`: its king may leap as a knight to the rank in
/// front, not in check, until it moves or an enemy `rook` moves onto its
/// rank or file; its `fers` may step two squares straight forward until
/// it moves; both kept in the FEN's castling field.
fn write_cambodian_moves(options: &Options, out: &mut String) -> Result<(), ImportError> {
    if !cambodian_moves(options)? {
        return Ok(());
    }
    let Some(king) = named(options, "king") else {
        return Ok(());
    };
    out.push('\n');
    let _ = writeln!(out, "also {king} \"ifsmN\" unless in check");
    let fers = named(options, "fers");
    if let Some(fers) = &fers {
        let _ = writeln!(out, "also {fers} \"ifmD\"");
    }
    let movers: Vec<String> = std::iter::once(king.clone()).chain(fers).collect();
    let _ = writeln!(out, "first moves of {} in FEN", movers.join(", "));
    if let Some(rook) = named(options, "rook") {
        let _ = writeln!(
            out,
            "first moves of {king} lost when a {rook} moves onto its rank or file"
        );
    }
    Ok(())
}

/// Every option is translated, has no effect on the rules, or is at its
/// default; else the error names it.
fn check_options(options: &Options) -> Result<(), ImportError> {
    for (key, setting) in &options.resolved.options {
        if NO_RULE_OPTIONS.contains(&key.as_str()) || TRANSLATED.contains(&key.as_str()) {
            continue;
        }
        if key.starts_with("mobilityRegion") {
            // `write_mobility`'s.
            continue;
        }
        if key.starts_with("enPassantRegion") {
            // `en_passant_region`'s.
            continue;
        }
        if ["cambodianMoves", "gating"].contains(&key.as_str()) && cambodian_moves(options)? {
            // `write_cambodian_moves`'s.
            continue;
        }
        match DEFAULT_ONLY.iter().find(|(k, _)| k == key) {
            Some((_, default)) if setting.value.trim() == *default => {}
            Some((_, default)) if default.is_empty() || *default == "-" => {
                if setting.value.trim().is_empty() || setting.value.trim() == "-" {
                    continue;
                }
                return Err(options.error(key, "varia cannot express this option yet"));
            }
            Some((_, default)) => {
                return Err(options.error(
                    key,
                    format!(
                        "varia can take only `{key} = {default}` (FS's default) for now, not `{}`",
                        setting.value
                    ),
                ))
            }
            None if FS_OPTIONS.contains(&key.as_str()) => {
                return Err(options.error(key, "varia cannot express this option yet"));
            }
            None => {
                return Err(options.error(key, "not a Fairy-Stockfish option"));
            }
        }
    }
    Ok(())
}

fn read_board(options: &Options) -> Result<Board, ImportError> {
    let ranks = options.number("maxRank", 8)?;
    let files = match options.get("maxFile") {
        None => 8,
        Some(s) => match s.value.chars().next() {
            Some(c) if c.is_ascii_digit() => options.number("maxFile", 8)?,
            Some(c) if c.is_ascii_lowercase() => c as u32 - 'a' as u32 + 1,
            _ => return Err(options.error("maxFile", "not a file")),
        },
    };
    let too_many = files.saturating_mul(ranks) > 256;
    if !(2..=26).contains(&files) || !(1..=26).contains(&ranks) || too_many {
        let key = if too_many || !(2..=26).contains(&files) {
            "maxFile"
        } else {
            "maxRank"
        };
        return Err(options.error(key, format!("a {files} x {ranks} board is beyond varia's limits (2 to 26 files, 1 rank or more, at most 256 squares)")));
    }
    Ok(Board {
        files,
        ranks,
        rotate: false,
    })
}

/// The start FEN with walls (`*`) turned into empty squares, and the wall
/// squares.
fn setup_fen(options: &Options, board: &Board) -> Result<(String, Vec<String>), ImportError> {
    let fen = options.text("startFen", CHESS_FEN).trim();
    let (placement, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let mut fields: Vec<&str> = rest.split_whitespace().collect();
    // FS reads a FEN whose field after the side to move starts with a
    // digit (`w 0 1`, `w 3+3 0 1`) as having neither castling nor en
    // passant fields …
    if fields
        .get(1)
        .is_some_and(|f| f.starts_with(|c: char| c.is_ascii_digit()))
    {
        fields.splice(1..1, ["-", "-"]);
    }
    // … and one without its en passant field (`w - 0 1`) as having none.
    if fields.len() == 4 && fields[2].parse::<u64>().is_ok() {
        fields.insert(2, "-");
    }
    let rest = fields.join(" ");
    let fen = format!("{placement} {rest}");
    if !placement.contains('*') {
        return Ok((fen.trim_end().to_string(), Vec::new()));
    }
    let (rows_text, hand) = match placement.find('[') {
        Some(at) => placement.split_at(at),
        None => (placement, ""),
    };
    let mut walls = Vec::new();
    let mut rows = Vec::new();
    for (index, row) in rows_text.split('/').enumerate() {
        let rank = board
            .ranks
            .checked_sub(index as u32 + 1)
            .ok_or_else(|| options.error("startFen", "the FEN has more ranks than the board"))?;
        let (mut file, mut empty, mut digits, mut out) = (0u32, 0u32, String::new(), String::new());
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                let n: u32 = digits.parse().unwrap_or(0);
                empty = empty.saturating_add(n);
                file = file.saturating_add(n);
                digits.clear();
            }
            if c == '*' {
                walls.push(board.square(file, rank));
                empty = empty.saturating_add(1);
                file = file.saturating_add(1);
                continue;
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
                empty = 0;
            }
            if c.is_ascii_alphabetic() {
                file = file.saturating_add(1);
            }
            out.push(c);
        }
        if !digits.is_empty() {
            empty = empty.saturating_add(digits.parse::<u32>().unwrap_or(0));
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        rows.push(out);
    }
    Ok((
        format!("{}{hand} {rest}", rows.join("/"))
            .trim_end()
            .to_string(),
        walls,
    ))
}

/// A varia name for an FS piece.
fn piece_name(piece: &FsPiece) -> String {
    if let Some(n) = piece.key.strip_prefix("customPiece") {
        return format!("Custom{n}");
    }
    if piece.royal && piece.key == "king" {
        return "King".to_string();
    }
    let mut name = piece.key.clone();
    if let Some(first) = name.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    name
}

fn named(options: &Options, key: &str) -> Option<String> {
    options
        .resolved
        .pieces
        .iter()
        .find(|p| p.key == key)
        .map(piece_name)
}

/// The varia kinds of FS's types: each type's piece and the promoted kinds
/// that turn into it (`PromotedCustom5` for Chak's king promoted to its
/// divine king: FS counts that one as a divine king).
fn kinds_of_types(options: &Options, keys: &[String]) -> Vec<String> {
    let mut names: Vec<String> = keys.iter().filter_map(|k| named(options, k)).collect();
    for (from, to) in &options.resolved.promoted {
        if to.as_ref().is_some_and(|t| keys.contains(t)) {
            if let Some(name) = named(options, from) {
                names.push(format!("Promoted{name}"));
            }
        }
    }
    names
}

/// [`kinds_of_types`] without a type that is only ever a promoted piece
/// (Mandala's stone, which its pawns become), left to its promoted
/// kinds: a goal of one FS type stays a goal of one kind.
fn kinds_in_game_of_types(options: &Options, keys: &[String]) -> Vec<String> {
    let mut names = Vec::new();
    for key in keys {
        let kinds = kinds_of_types(options, std::slice::from_ref(key));
        let only_promoted =
            kinds.len() > 1 && named(options, key).is_some() && !as_itself_in_game(options, key);
        names.extend(kinds.into_iter().skip(usize::from(only_promoted)));
    }
    names
}

/// Whether a piece of the type can stand as itself, not as a promoted
/// piece: at the start (on the board or in hand, not written `+X`), or as
/// a pawn's promotion choice.
fn as_itself_in_game(options: &Options, key: &str) -> bool {
    let Some(piece) = options.resolved.pieces.iter().find(|p| p.key == key) else {
        return false;
    };
    let fen = options.text("startFen", CHESS_FEN);
    let placement = fen.split_whitespace().next().unwrap_or("");
    let at_start = placement
        .chars()
        .zip(std::iter::once(' ').chain(placement.chars()))
        .any(|(c, before)| c.to_ascii_uppercase() == piece.letter && before != '+');
    at_start
        || options.resolved.promotion_types.iter().any(|k| k == key)
        || options
            .resolved
            .black_promotion_types
            .iter()
            .any(|k| k == key)
}

/// A set of squares given as FS writes a bitboard (`*8`, `a*`, `e4 d5`).
fn read_squares(options: &Options, key: &str, board: &Board) -> Result<Squares, ImportError> {
    let mut set = BTreeSet::new();
    let Some(setting) = options.get(key) else {
        return Ok(set);
    };
    for symbol in setting.value.split_whitespace() {
        if symbol == "-" {
            break;
        }
        let bad = || options.error(key, format!("`{symbol}` is not a square, `*N` or `f*`"));
        if let Some(rank) = symbol.strip_prefix('*') {
            let rank: u32 = rank.parse().map_err(|_| bad())?;
            for file in 0..board.files {
                set.insert((file, rank.checked_sub(1).ok_or_else(bad)?));
            }
        } else if let Some(file) = symbol.strip_suffix('*') {
            let file = file
                .chars()
                .next()
                .filter(char::is_ascii_alphabetic)
                .ok_or_else(bad)?;
            for rank in 0..board.ranks {
                set.insert((file.to_ascii_lowercase() as u32 - 'a' as u32, rank));
            }
        } else {
            let file = symbol
                .chars()
                .next()
                .filter(char::is_ascii_alphabetic)
                .ok_or_else(bad)?;
            let rank: u32 = symbol[1..].parse().map_err(|_| bad())?;
            set.insert((
                file.to_ascii_lowercase() as u32 - 'a' as u32,
                rank.checked_sub(1).ok_or_else(bad)?,
            ));
        }
    }
    set.retain(|&(f, r)| f < board.files && r < board.ranks);
    Ok(set)
}

/// A region as the other side sees it: mirrored across the middle rank,
/// or turned by 180° under `symmetry rotate` (either way its own inverse).
fn black_view(set: &Squares, board: &Board) -> Squares {
    let file = |f: u32| if board.rotate { board.files - 1 - f } else { f };
    set.iter()
        .map(|&(f, r)| (file(f), board.ranks - 1 - r))
        .collect()
}

/// A region expression for a set of squares: whole ranks as `ranks A..B`
/// or `rank N` terms, the rest as `squares …`.
fn region_text(set: &Squares, board: &Board) -> String {
    let full: Vec<u32> = (0..board.ranks)
        .filter(|&r| (0..board.files).all(|f| set.contains(&(f, r))))
        .collect();
    let mut terms = Vec::new();
    let mut i = 0;
    while i < full.len() {
        let mut j = i;
        while j + 1 < full.len() && full[j + 1] == full[j] + 1 {
            j += 1;
        }
        terms.push(if i == j {
            format!("rank {}", full[i] + 1)
        } else {
            format!("ranks {}..{}", full[i] + 1, full[j] + 1)
        });
        i = j + 1;
    }
    let rest: Vec<String> = set
        .iter()
        .filter(|(_, r)| !full.contains(r))
        .map(|&(f, r)| board.square(f, r))
        .collect();
    if !rest.is_empty() {
        terms.push(format!("squares {}", rest.join(" ")));
    }
    terms.join(" + ")
}

/// A per-colour region, which varia takes only when Black's is White's
/// mirrored.
fn colour_region(
    options: &Options,
    board: &Board,
    keys: (&str, &str, &str),
    defaults: (Squares, Squares),
) -> Result<Squares, ImportError> {
    let (white, black) = side_regions(options, board, keys, defaults)?;
    if black_view(&white, board) != black {
        return Err(not_mirrored(options, keys));
    }
    Ok(white)
}

/// The error for a per-colour option whose Black region is not White's
/// mirrored (or turned, under `symmetry rotate`), naming the key set last.
fn not_mirrored(
    options: &Options,
    (both, white_key, black_key): (&str, &str, &str),
) -> ImportError {
    let key = [black_key, white_key, both]
        .into_iter()
        .find(|k| options.get(k).is_some())
        .unwrap_or(white_key);
    options.error(
        key,
        format!("{NOT_MIRRORED} nor turned by 180°, which varia cannot say yet"),
    )
}

/// Each side's region of a per-colour option (`flagRegion`,
/// `flagRegionWhite`, `flagRegionBlack`), in FS's absolute squares.
fn side_regions(
    options: &Options,
    board: &Board,
    (both, white_key, black_key): (&str, &str, &str),
    (white_default, black_default): (Squares, Squares),
) -> Result<(Squares, Squares), ImportError> {
    let mut white = white_default;
    let mut black = black_default;
    if options.get(both).is_some() {
        white = read_squares(options, both, board)?;
        black = white.clone();
    }
    if options.get(white_key).is_some() {
        white = read_squares(options, white_key, board)?;
    }
    if options.get(black_key).is_some() {
        black = read_squares(options, black_key, board)?;
    }
    Ok((white, black))
}

/// The squares a side may capture en passant on (`enPassantRegion…`,
/// FS's region of the capturing side): `en passant in R` (as White sees
/// it; Black's mirrored or turned). None at all (`-`) is said by the
/// pieces' Betza without `e` (`en_passant_region`).
fn write_en_passant_region(
    options: &Options,
    board: &Board,
    out: &mut String,
) -> Result<(), ImportError> {
    let Some(region) = en_passant_region(options, board)? else {
        return Ok(());
    };
    if !region.is_empty() {
        let _ = writeln!(out, "\nen passant in {}", region_text(&region, board));
    }
    Ok(())
}

/// The region of `enPassantRegion…` as White sees it, where it is not
/// the whole board; `Some(empty)` where no side takes en passant.
fn en_passant_region(options: &Options, board: &Board) -> Result<Option<Squares>, ImportError> {
    let all = board.all();
    let region = colour_region(
        options,
        board,
        (
            "enPassantRegion",
            "enPassantRegionWhite",
            "enPassantRegionBlack",
        ),
        (all.clone(), all.clone()),
    )?;
    Ok((region != all).then_some(region))
}

/// `wallingRule = past|static|arrow|duck|edge` (with `wallingRegion…`):
/// `walls behind|anywhere|shot|duck|from-edge [in …]`, and
/// `instead-of-moving` for `wallOrMove`, which `past` and `arrow` cannot
/// take (FS's wall would come from the mover's first piece).
fn write_walls(options: &Options, board: &Board, out: &mut String) -> Result<(), ImportError> {
    let rule = options.text("wallingRule", "none").trim().to_string();
    let word = match rule.as_str() {
        "none" | "" => return Ok(()),
        "past" => "behind",
        "static" => "anywhere",
        "arrow" => "shot",
        "duck" => "duck",
        "edge" => "from-edge",
        other => {
            return Err(options.error("wallingRule", format!("FS has no walling rule `{other}`")))
        }
    };
    if word == "duck"
        && options
            .resolved
            .pieces
            .iter()
            .any(|p| p.royal && p.key == "king")
    {
        // FS warns and plays on, judging its king's safety without the
        // duck; varia's duck shields a royal piece, as FS's pseudo-royal.
        return Err(options.error(
            "wallingRule",
            "FS takes no king beside the duck (its king's safety would ignore the duck, which shields a royal piece in varia)",
        ));
    }
    let instead = options.flag("wallOrMove", false)?;
    if instead && matches!(word, "behind" | "shot") {
        return Err(options.error(
            "wallOrMove",
            format!("FS's `{rule}` wall put instead of a move stands on or shoots from the mover's first piece, which varia does not say"),
        ));
    }
    let all = board.all();
    let region = colour_region(
        options,
        board,
        ("wallingRegion", "wallingRegionWhite", "wallingRegionBlack"),
        (all.clone(), all.clone()),
    )?;
    let _ = write!(out, "\nwalls {word}");
    if region != all {
        let _ = write!(out, " in {}", region_text(&region, board));
    }
    if instead {
        out.push_str(" instead-of-moving");
    }
    out.push('\n');
    Ok(())
}

/// `petrifyOnCaptureTypes = qrbn`: `captures petrify Queen, Rook, …`. A
/// royal piece listed (FS's petrified king, which may then never capture)
/// is refused by name: varia says it with a king that has no captures.
fn write_petrify(options: &Options, out: &mut String) -> Result<(), ImportError> {
    let letters = options.text("petrifyOnCaptureTypes", "").trim();
    if letters.is_empty() || letters == "-" {
        return Ok(());
    }
    let keys = super::fs::letters_to_keys(&options.resolved.pieces, letters).map_err(|c| {
        options.error(
            "petrifyOnCaptureTypes",
            format!("no piece has the letter `{c}`"),
        )
    })?;
    let pieces = &options.resolved.pieces;
    if keys
        .iter()
        .any(|k| pieces.iter().any(|p| &p.key == k && p.royal))
    {
        return Err(options.error(
            "petrifyOnCaptureTypes",
            "a royal piece that turns to stone: varia says it with a king that never captures (`mK`), which the bridge does not write yet",
        ));
    }
    let names: Vec<String> = keys.iter().filter_map(|k| named(options, k)).collect();
    let _ = writeln!(out, "\ncaptures petrify {}", names.join(", "));
    Ok(())
}

fn rank_set(board: &Board, rank: u32) -> Squares {
    (0..board.files).map(|f| (f, rank)).collect()
}

/// Whether the game can have the piece: on the start board or in hand,
/// or promoted to.
fn in_game(options: &Options, piece: &FsPiece) -> bool {
    let fen = options.text("startFen", CHESS_FEN);
    let placement = fen.split_whitespace().next().unwrap_or("");
    placement.to_ascii_uppercase().contains(piece.letter)
        || options.resolved.promotion_types.contains(&piece.key)
        || options.resolved.black_promotion_types.contains(&piece.key)
        || options
            .resolved
            .promoted
            .values()
            .any(|t| t.as_ref() == Some(&piece.key))
}

/// FS's `doubleStepRegion…` as White sees it, where the pawn double-steps
/// and custom pieces make their first (`i`) moves; empty where nothing
/// does.
fn first_move_region(
    options: &Options,
    board: &Board,
    double_step: bool,
) -> Result<Squares, ImportError> {
    // The region matters only to a pawn's double step and initial moves,
    // of pieces the game can have.
    let initial_moves = options
        .resolved
        .pieces
        .iter()
        .filter(|p| in_game(options, p))
        .any(|p| p.key == "pawn" || p.betza.as_deref().is_some_and(|b| b.contains('i')));
    if double_step && initial_moves {
        // FS's default: rank 2 for White, rank 7 for Black, whatever the board's size.
        let (white, black) = (rank_set(board, 1), rank_set(board, 6.min(board.ranks - 1)));
        if options.get("doubleStepRank").is_some() || options.get("doubleStepRankMin").is_some() {
            return Err(options.error(
                if options.get("doubleStepRank").is_some() {
                    "doubleStepRank"
                } else {
                    "doubleStepRankMin"
                },
                "varia cannot translate the old double-step rank options yet",
            ));
        }
        return colour_region(
            options,
            board,
            ("", "doubleStepRegionWhite", "doubleStepRegionBlack"),
            (white, black),
        );
    }
    Ok(Squares::new())
}

/// The pieces, with the pawn's double step (FS's `doubleStepRegion`) as
/// an `also` line and FS's initial (`i`) moves likewise.
fn write_pieces(
    options: &Options,
    board: &Board,
    setup: &str,
    out: &mut String,
) -> Result<(), ImportError> {
    let double_step = options.flag("doubleStep", true)?;
    let no_en_passant = en_passant_region(options, board)?.is_some_and(|r| r.is_empty());
    let walled = walled_start(options);
    let region = first_move_region(options, board, double_step)?;
    // FS's pawn's triple step (Wildebeest), through two empty squares.
    let triple = colour_region(
        options,
        board,
        ("", "tripleStepRegionWhite", "tripleStepRegionBlack"),
        (Squares::new(), Squares::new()),
    )?;
    let pieces = &options.resolved.pieces;
    let mut also = Vec::new();
    for piece in pieces {
        let name = piece_name(piece);
        if piece.key == "pawn" && !triple.is_empty() {
            also.push(format!(
                "also {name} \"fmnH\" from {}",
                region_text(&triple, board)
            ));
        }
        if write_hard_coded_piece(options, board, piece, out, &mut also)? {
            continue;
        }
        let Some(betza) = &piece.betza else {
            return Err(options.error(
                &piece.key,
                "FS gives this piece moves beyond its Betza, which varia cannot say",
            ));
        };
        let betza = &fs_ranged_hops(betza).map_err(|group| {
            options.error(
                &piece.key,
                format!("a hopper with a range (`{group}`): FS counts the range from the piece's square, and the bridge writes only `p` with a range of 2 (over the next square) as varia's legs"),
            )
        })?;
        if walled && moves_over_pieces(betza) {
            return Err(options.error(
                &piece.key,
                format!("a move over pieces (`{betza}`) with walls in the start FEN: FS's hoppers hop its walls, and varia's voids are no screens"),
            ));
        }
        // No en passant anywhere: the `e` of FS's Betza says nothing.
        let betza = if no_en_passant {
            betza.replace('e', "")
        } else {
            betza.clone()
        };
        let (betza, unmade) = fs_lame_leaps(&betza).map_err(|group| {
            options.error(
                &piece.key,
                format!("a lame janggi-elephant leap with modifiers (`{group}`): the bridge writes a plain `nZ` only"),
            )
        })?;
        if !unmade.is_empty() {
            let _ = writeln!(
                out,
                "# FS makes no move of `{}` in `{}:{}` (it has lame leaps of D, N, A and Z only)",
                unmade.join("`, `"),
                piece.letter.to_ascii_lowercase(),
                piece.betza.as_deref().unwrap_or_default()
            );
            if betza.is_empty() {
                let _ = writeln!(out, "piece {name} {} immobile", piece.letter);
                continue;
            }
        }
        let (normal, initial) =
            split_initial(&betza).map_err(|reason| options.error(&piece.key, reason))?;
        if normal.is_empty() {
            return Err(options.error(&piece.key, "a piece without moves (empty Betza)"));
        }
        let royal = if piece.royal { " royal" } else { "" };
        let mut initial = initial;
        if piece.key == "pawn" && double_step {
            initial.push("fmnD".to_string());
        }
        if !initial.is_empty()
            && first_move_is_initial(options, piece, &normal, (&region, board), setup)?
        {
            let firsts: Vec<String> = initial.iter().map(|m| format!("i{m}")).collect();
            let _ = writeln!(
                out,
                "piece {name} {} \"{normal} {}\"{royal}",
                piece.letter,
                firsts.join(" ")
            );
            continue;
        }
        let _ = writeln!(out, "piece {name} {} \"{normal}\"{royal}", piece.letter);
        if !initial.is_empty() && !region.is_empty() {
            also.push(format!(
                "also {name} \"{}\" from {}",
                initial.join(""),
                region_text(&region, board)
            ));
        }
    }
    also.extend(diagonal_line_moves(options, board)?);
    for line in also {
        let _ = writeln!(out, "{line}");
    }
    write_flying_general(options, out)
}

/// The pieces whose moves FS hard-codes or leaves out of Betza: its
/// soldier (sideways from `soldierPromotionRank` on), its janggi cannon,
/// its `immobile` type and a custom piece without Betza; false for any
/// other piece, which `write_pieces` writes from its Betza.
fn write_hard_coded_piece(
    options: &Options,
    board: &Board,
    piece: &FsPiece,
    out: &mut String,
    also: &mut Vec<String>,
) -> Result<bool, ImportError> {
    let name = piece_name(piece);
    if piece.key == "soldier" {
        // FS's soldier steps forward, and sideways too from
        // `soldierPromotionRank` on (xiangqi's across the river).
        let from = options.number("soldierPromotionRank", 1)?.max(1);
        let sideways = (from - 1..board.ranks)
            .flat_map(|r| rank_set(board, r))
            .collect::<Squares>();
        if from == 1 {
            let _ = writeln!(out, "piece {name} {} \"fsW\"", piece.letter);
        } else {
            let _ = writeln!(out, "piece {name} {} \"fW\"", piece.letter);
            if !sideways.is_empty() {
                also.push(format!(
                    "also {name} \"sW\" from {}",
                    region_text(&sideways, board)
                ));
            }
        }
        return Ok(true);
    }
    if piece.key == "janggiCannon" {
        // FS's janggi cannon hops one piece to move and to capture, but
        // never over or onto another janggi cannon, either side's.
        let _ = writeln!(out, "piece {name} {} \"pR\"", piece.letter);
        let cannons = kinds_of_types(options, std::slice::from_ref(&piece.key)).join(", ");
        also.push(format!("restrict {name}: never hop over {cannons}"));
        also.push(format!("restrict {name}: never take {cannons}"));
        return Ok(true);
    }
    if is_immobile(piece) {
        let _ = writeln!(out, "piece {name} {} immobile", piece.letter);
        return Ok(true);
    }
    Ok(false)
}

/// FS's `immobile` type, and a custom piece without Betza: they never
/// move (Reversi's discs, Mandala's promoted pawns).
fn is_immobile(piece: &FsPiece) -> bool {
    piece.key == "immobile"
        || piece.key.starts_with("customPiece")
            && piece.betza.as_deref().is_some_and(|b| b.trim().is_empty())
}

/// FS's `diagonalLines` (Janggi's palace diagonals): from a square of the
/// lines, its wazir (and the king of its built-in xiangqi and janggi,
/// which moves as one) steps diagonally, its soldier diagonally forward,
/// its rook slides and its janggi cannon hops diagonally, each landing on
/// the lines; varia says them as `also … within` the lines. FS checks
/// only the square a move lands on, varia the whole path, which is the
/// same where no diagonal leaves the lines and comes back to them.
fn diagonal_line_moves(options: &Options, board: &Board) -> Result<Vec<String>, ImportError> {
    let lines = read_squares(options, "diagonalLines", board)?;
    if lines.is_empty() {
        return Ok(Vec::new());
    }
    for &(f, r) in &lines {
        for (df, dr) in [(1i64, 1i64), (1, -1), (-1, 1), (-1, -1)] {
            let ray = (1i64..)
                .map(|n| (i64::from(f) + n * df, i64::from(r) + n * dr))
                .take_while(|&(x, y)| {
                    (0..i64::from(board.files)).contains(&x)
                        && (0..i64::from(board.ranks)).contains(&y)
                })
                .map(|(x, y)| lines.contains(&(x as u32, y as u32)));
            let mut left = false;
            for on in ray {
                if on && left {
                    return Err(options.error(
                        "diagonalLines",
                        format!(
                            "a diagonal from {} leaves the lines and comes back: FS's moves may pass outside them, varia's `within` may not",
                            board.square(f, r)
                        ),
                    ));
                }
                left |= !on;
            }
        }
    }
    let within = region_text(&lines, board);
    let mut moves = Vec::new();
    for piece in &options.resolved.pieces {
        let betza = match piece.key.as_str() {
            "wazir" => "F",
            // FS's own king type moves as a wazir in its xiangqi and
            // janggi; `king = k:W` in a section makes a custom king.
            "king" if piece.line.is_none() && piece.betza.as_deref() == Some("W") => "F",
            "soldier" => "fF",
            "rook" => "B",
            "janggiCannon" => "pB",
            _ => continue,
        };
        for kind in kinds_of_types(options, std::slice::from_ref(&piece.key)) {
            moves.push(format!("also {kind} \"{betza}\" within {within}"));
        }
    }
    Ok(moves)
}

/// FS's `flyingGeneral`: a move may not leave the kings (FS's `king`
/// type) facing each other on a file or rank with nothing between, as
/// varia says it with the king's rook captures against royal pieces
/// (xiangqi's generals, which never share a rank, need only the file).
/// Refused where another royal piece (a pseudo-royal one) would count as
/// the enemy king.
fn write_flying_general(options: &Options, out: &mut String) -> Result<(), ImportError> {
    if !options.flag("flyingGeneral", false)? {
        return Ok(());
    }
    let pieces = &options.resolved.pieces;
    let Some(king) = pieces.iter().find(|p| p.key == "king" && p.royal) else {
        return Ok(());
    };
    if pieces.iter().any(|p| p.royal && p.key != "king") {
        return Err(options.error(
            "flyingGeneral",
            "facing kings beside other royal pieces: varia's `against royal` would count those too",
        ));
    }
    let _ = writeln!(out, "also {} \"cR\" against royal", piece_name(king));
    Ok(())
}

/// Whether a Betza string moves over pieces: a hopper (`p`, `g`) or a
/// jumping leap (`j`).
fn moves_over_pieces(betza: &str) -> bool {
    betza.contains(['p', 'g', 'j'])
}

/// FS's lame leaps as varia says them: FS has paths for the lame (`n`)
/// leaps of `D`, `N`, `A` and `Z` (`J`) only (`bitboard.cpp`'s lame
/// leaper tables); on any other leap (`nW`, `nC`, `nK`…) it generates no
/// move, so those atoms go, each named in the second value. A plain `nZ`
/// is FS's janggi elephant, `mafsmafW` in varia's Betza; one with
/// modifiers is refused (`Err`: the atom).
fn fs_lame_leaps(betza: &str) -> Result<(String, Vec<String>), String> {
    let mut kept = String::new();
    let mut dropped = Vec::new();
    for group in super::fs::betza_groups(betza) {
        match (group.lame_leap, group.atom) {
            (true, Some(atom)) if super::fs::LAME_WITHOUT_PATH.contains(atom) => {
                dropped.push(group.text);
            }
            (true, Some('Z' | 'J')) if group.text.len() == 2 => kept.push_str("mafsmafW"),
            (true, Some('Z' | 'J')) => return Err(group.text),
            _ => kept.push_str(&group.text),
        }
    }
    Ok((kept, dropped))
}

/// Whether the start FEN has walls (`*`).
fn walled_start(options: &Options) -> bool {
    options
        .text("startFen", CHESS_FEN)
        .split([' ', '['])
        .next()
        .is_some_and(|placement| placement.contains('*'))
}

/// FS's hoppers with a range as varia's legs. FS counts a hopper's range
/// from the piece's square (`bitboard.cpp`: the hop's landing squares
/// within that many steps), varia from the screen; FS's `pB2` lands only
/// two steps away over a piece right next to it, which varia says as a
/// first leg onto the piece and one step straight on: `pafF`. A range of
/// 1 is a grasshopper in both; others (`pR3`, `gB2`) are refused with the
/// group's text.
fn fs_ranged_hops(betza: &str) -> Result<String, String> {
    let mut out = String::new();
    for group in super::fs::betza_groups(betza) {
        let range = group.text.chars().last().and_then(|c| c.to_digit(10));
        let modifiers: String = group
            .text
            .chars()
            .take_while(char::is_ascii_lowercase)
            .collect();
        let hops = modifiers.contains(['p', 'g']);
        match (group.atom, range) {
            (Some(atom), Some(range)) if hops && range >= 2 => {
                let step = match atom {
                    'R' | 'W' => 'W',
                    'B' | 'F' => 'F',
                    'Q' | 'K' => 'K',
                    _ => return Err(group.text),
                };
                let directions: String = modifiers
                    .chars()
                    .filter(|c| "fbrlvs".contains(*c))
                    .collect();
                let modes: String = modifiers.chars().filter(|c| "mc".contains(*c)).collect();
                let known = directions.len() + modes.len() + 1 == modifiers.len();
                if range > 2 || !modifiers.contains('p') || !known {
                    return Err(group.text);
                }
                let _ = write!(out, "{directions}pa{modes}f{step}");
            }
            _ => out.push_str(&group.text),
        }
    }
    Ok(out)
}

/// FS's initial moves (on the double-step region) are varia's first-move
/// (`i`) moves when the region is one rank, every piece of the kind starts
/// on it (Black's on its mirror) and the piece's other moves all go
/// forward, so that a piece there has never moved; and, where pieces are
/// dropped, the start fills the region with the kind.
fn first_move_is_initial(
    options: &Options,
    piece: &FsPiece,
    normal: &str,
    (region, board): (&Squares, &Board),
    setup: &str,
) -> Result<bool, ImportError> {
    let letter = piece.letter;
    // A piece dropped on the region may make them in FS whenever it is
    // there.
    if options.flag("pieceDrops", false)? && !starts_filling(letter, region, setup, board) {
        return Ok(false);
    }
    let Some(&(_, rank)) = region.iter().next() else {
        return Ok(false);
    };
    if *region != rank_set(board, rank) {
        return Ok(false);
    }
    let start = placement(setup, board);
    let on_rank = start.iter().all(|(&(_, r), &c)| {
        if c == letter {
            r == rank
        } else if c == letter.to_ascii_lowercase() {
            r == board.ranks - 1 - rank
        } else {
            true
        }
    });
    // Every component: an `f` and no other direction.
    let mut forward = true;
    let mut modifiers = String::new();
    for c in normal.chars() {
        if c.is_ascii_lowercase() {
            modifiers.push(c);
        } else if c.is_ascii_uppercase() {
            if !modifiers.is_empty() || !normal.contains(c) {
                forward &=
                    modifiers.contains('f') && !modifiers.contains(['b', 's', 'v', 'l', 'r', 'h']);
            } else {
                forward = false;
            }
            modifiers.clear();
        }
    }
    Ok(on_rank && forward && !normal.contains(['a', '(', '[']))
}

/// Whether the start has a piece of `letter` on every square of its
/// side's first-move region: then varia's first moves of one dropped
/// there (a piece dropped where the setup has one like it counts as
/// unmoved) are FS's, for whom any piece there may make them.
fn starts_filling(letter: char, region: &Squares, setup: &str, board: &Board) -> bool {
    let start = placement(setup, board);
    region.iter().all(|&(f, r)| {
        start.get(&(f, r)) == Some(&letter)
            && start.get(&(f, board.ranks - 1 - r)) == Some(&letter.to_ascii_lowercase())
    })
}

/// Splits FS Betza into its moves without `i` and its initial (`i`) moves
/// (with the `i` removed); FS allows initial moves on the double-step
/// region.
fn split_initial(betza: &str) -> Result<(String, Vec<String>), String> {
    if !betza.contains('i') {
        return Ok((betza.to_string(), Vec::new()));
    }
    if betza.contains(['a', '(', '[']) {
        return Err(format!(
            "varia cannot translate initial (`i`) moves inside a multi-leg Betza (`{betza}`) yet"
        ));
    }
    let mut normal = String::new();
    let mut initial = Vec::new();
    let mut modifiers = String::new();
    let mut chars = betza.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_lowercase() {
            modifiers.push(c);
            continue;
        }
        let mut component = format!("{modifiers}{c}");
        while let Some(&next) = chars.peek() {
            if next == c || next.is_ascii_digit() {
                component.push(next);
                chars.next();
            } else {
                break;
            }
        }
        modifiers.clear();
        if component.contains('i') {
            initial.push(component.replace('i', ""));
        } else {
            normal.push_str(&component);
        }
    }
    if !modifiers.is_empty() {
        return Err(format!(
            "the Betza `{betza}` ends in modifiers without an atom"
        ));
    }
    Ok((normal, initial))
}

/// The one piece type FS promotes pawn-style for a side
/// (`promotionPawnTypesWhite`/`Black`, else `promotionPawnTypes`, else
/// `pawnTypes`, as FS reads them; FS's `pawn` by default, and for `-`
/// where the section has FS's `pawn`), `None` for `-` without one.
fn promotion_pawn_key(options: &Options, black: bool) -> Result<Option<String>, ImportError> {
    let Some(key) = side_pawn_types_key(options, "promotionPawnTypes", black) else {
        return Ok(Some("pawn".to_string()));
    };
    let value = options.text(&key, "");
    let keys = super::fs::letters_to_keys(&options.resolved.pieces, value)
        .map_err(|c| options.error(&key, format!("no piece has the letter `{c}`")))?;
    let fs_pawn = options.resolved.pieces.iter().any(|p| p.key == "pawn");
    match keys.as_slice() {
        // `-`: no piece promotes as a pawn but FS's `pawn`, whose moves
        // FS generates as a pawn's, promotions and all, whatever it says.
        [] if fs_pawn => Ok(Some("pawn".to_string())),
        [] => Ok(None),
        [one] => Ok(Some(one.clone())),
        _ => Err(options.error(&key, "varia takes one promoting piece type from FS for now")),
    }
}

/// Which option sets a side's piece types for `stem` (`promotionPawnTypes`,
/// `nMoveRuleTypes`), as FS reads them: the side's own (`…White`,
/// `…Black`), else `stem`, else `pawnTypes`; `None` where none is set.
fn side_pawn_types_key(options: &Options, stem: &str, black: bool) -> Option<String> {
    let own = format!("{stem}{}", if black { "Black" } else { "White" });
    [own, stem.to_string(), "pawnTypes".to_string()]
        .into_iter()
        .find(|k| options.get(k).is_some())
}

/// The promotion zone of FS's pawn-style promotions, each side's as White
/// sees it (the same where Black's is White's mirrored). A Black zone that
/// is White's turned by 180° is refused, for the import to try `symmetry
/// rotate`.
fn pawn_promotion_zones(
    options: &Options,
    board: &Board,
) -> Result<(Squares, Squares), ImportError> {
    let (region, black_region) = promotion_regions(options, board)?;
    let turned = Board {
        rotate: true,
        ..*board
    };
    if !board.rotate
        && black_region != black_view(&region, board)
        && black_region == black_view(&region, &turned)
    {
        // White's turned by 180°: the import tries `symmetry rotate`.
        return Err(not_mirrored(options, PROMOTION_REGION));
    }
    // Black's zone as White sees it: a side's own `promote` where it is
    // neither (Epic Atomic's pawns promote on their far three ranks for
    // White, on the far five for Black).
    Ok((region, black_view(&black_region, board)))
}

/// `promote` lines from FS's promotion region and choices.
fn write_promotion(options: &Options, board: &Board, out: &mut String) -> Result<(), ImportError> {
    if options.flag("sittuyinPromotion", false)? {
        return write_sittuyin_promotion(options, board, out);
    }
    let white = side_promotion(options, false)?;
    let black = side_promotion(options, true)?;
    if white != black {
        return write_promotions_by_side(options, board, [white, black], out);
    }
    let Some(SidePromotion {
        pawn_key,
        pawn,
        targets,
    }) = white
    else {
        return Ok(());
    };
    let (region, black_region) = pawn_promotion_zones(options, board)?;
    let per_side = black_region != region;
    if region.is_empty() && !per_side {
        return Ok(());
    }
    let shogi_style = pawn_key == "pawn" && options.promotes_shogi_style("pawn");
    if per_side && targets.is_empty() && !shogi_style {
        return Err(not_mirrored(options, PROMOTION_REGION));
    }
    if targets.is_empty() && !shogi_style {
        // Nothing to promote to: FS's pawn, which must promote there,
        // never moves there (and one that need not moves there plainly).
        if options.flag("mandatoryPawnPromotion", true)? {
            let _ = writeln!(
                out,
                "\nrestrict {pawn}: never land in {}",
                region_text(&region, board)
            );
        }
        return Ok(());
    }
    let optional = pawn_promotion_optional(options)?;
    if targets.is_empty() {
        // FS's pawn promoted shogi-style (`promotedPieceType = p:c`), on
        // arriving in the region as it promotes to pieces; a side's own
        // where the zones differ.
        for (side, zone) in zones_by_side(&region, &black_region) {
            let _ = writeln!(
                out,
                "\npromote {side}{pawn} in {} to Promoted{pawn}{optional}",
                region_text(zone, board)
            );
        }
        return Ok(());
    }
    for (side, zone) in zones_by_side(&region, &black_region) {
        let _ = writeln!(
            out,
            "\npromote {side}{pawn} in {} to {}{optional}",
            region_text(zone, board),
            targets.join(", ")
        );
    }
    write_promotion_limits(options, false, out)
}

/// FS's `sittuyinPromotion`: its `pawn` never promotes by arriving;
/// instead of moving, one standing in the promotion region (a side's last
/// one anywhere) turns into a choice in place or by the choice's move to
/// an empty square, never attacking an enemy piece with it nor giving
/// check; and a side with its king and one pawn whose every move is such
/// a promotion draws. Refused beside other promotions (shogi-style ones,
/// other pawn types) and without a king, which FS's draw counts on.
fn write_sittuyin_promotion(
    options: &Options,
    board: &Board,
    out: &mut String,
) -> Result<(), ImportError> {
    const KEY: &str = "sittuyinPromotion";
    let Some(pawn) = named(options, "pawn") else {
        return Err(options.error(
            KEY,
            "FS promotes its `pawn` type so, and the section has none",
        ));
    };
    let Some(king) = named(options, "king") else {
        return Err(options.error(
            KEY,
            "FS draws for a side with two pieces, one a pawn that can only promote: varia says it of a king and a pawn, and the section has no king",
        ));
    };
    let others = options.resolved.promoted.values().any(Option::is_some);
    let mut sides = Vec::new();
    for black in [false, true] {
        if promotion_pawn_key(options, black)?.as_deref() != Some("pawn") || others {
            return Err(options.error(
                KEY,
                "beside promotions of other piece types: varia says Sittuyin's promotion alone",
            ));
        }
        let Some(side) = side_promotion(options, black)? else {
            return Err(options.error(
                KEY,
                "FS promotes its `pawn` type so, and the section has none",
            ));
        };
        if side.targets.is_empty() {
            return Err(options.error(KEY, "no piece type to promote to"));
        }
        sides.push(side.targets);
    }
    let (region, black_region) = pawn_promotion_zones(options, board)?;
    let zones = if sides[0] == sides[1] {
        zones_by_side(&region, &black_region)
    } else {
        vec![("white ", &region), ("black ", &black_region)]
    };
    for (side, zone) in zones {
        let targets = if side == "black " {
            &sides[1]
        } else {
            &sides[0]
        };
        if zone.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "\npromote {side}{pawn} in {} to {} in place or by its move, anywhere if last, never attacking, never checking",
            region_text(zone, board),
            targets.join(", ")
        );
    }
    let _ = writeln!(out, "only promotions with {king}, {pawn} alone draws");
    write_promotion_limits(options, false, out)
}

/// One side's pawn-style promotion in FS: the type (`promotionPawnTypes`)
/// as its key and varia name, and the names of its choices.
#[derive(PartialEq)]
struct SidePromotion {
    pawn_key: String,
    pawn: String,
    targets: Vec<String>,
}

/// A side's pawn-style promotion (`None` where no piece of the game
/// promotes so).
fn side_promotion(options: &Options, black: bool) -> Result<Option<SidePromotion>, ImportError> {
    let Some(pawn_key) = promotion_pawn_key(options, black)? else {
        return Ok(None);
    };
    let Some(pawn) = named(options, &pawn_key) else {
        return Ok(None);
    };
    let (choices, key) = if black {
        (
            &options.resolved.black_promotion_types,
            "promotionPieceTypesBlack",
        )
    } else {
        (&options.resolved.promotion_types, "promotionPieceTypes")
    };
    let mut targets = choices
        .iter()
        .filter(|k| **k != pawn_key)
        .map(|k| {
            named(options, k).ok_or_else(|| {
                options.error(
                    key,
                    format!("promotes to a `{k}`, which the variant does not have"),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    // Its shogi-style promotion, one choice more (Elgam's soldier,
    // `piece_promotions`'s `with_pawn_choices`).
    let shogi_style = options.promotes_shogi_style(&pawn_key);
    if pawn_key != "pawn" && shogi_style && !targets.is_empty() {
        targets.push(format!("Promoted{pawn}"));
    }
    Ok(Some(SidePromotion {
        pawn_key,
        pawn,
        targets,
    }))
}

/// ` optional`, ` optional anywhere` or nothing, from FS's
/// `mandatoryPawnPromotion` (and `immobilityIllegal`).
fn pawn_promotion_optional(options: &Options) -> Result<&'static str, ImportError> {
    Ok(
        match options.text("mandatoryPawnPromotion", "true").trim() {
            "true" => "",
            "false" if options.text("immobilityIllegal", "false").trim() == "true" => " optional",
            // Without `immobilityIllegal` a pawn may stay one where it can
            // never move again.
            "false" => " optional anywhere",
            _ => return Err(options.error("mandatoryPawnPromotion", "not true or false")),
        },
    )
}

/// Pawn-style promotions that differ between the sides (Khans: White's
/// pawns promote to the orthodox pieces, Black's soldiers to a
/// tumen-like piece): a `promote white` and a `promote black` line.
/// Refused where a side's type has no choices or promotes shogi-style.
fn write_promotions_by_side(
    options: &Options,
    board: &Board,
    sides: [Option<SidePromotion>; 2],
    out: &mut String,
) -> Result<(), ImportError> {
    let (region, black_region) = pawn_promotion_zones(options, board)?;
    let optional = pawn_promotion_optional(options)?;
    out.push('\n');
    for ((word, zone), side) in [("white", &region), ("black", &black_region)]
        .into_iter()
        .zip(sides)
    {
        let Some(SidePromotion {
            pawn_key,
            pawn,
            targets,
        }) = side
        else {
            continue;
        };
        let shogi_style = options.promotes_shogi_style(&pawn_key);
        if targets.is_empty() || shogi_style {
            return Err(options.error(
                "promotionPawnTypesBlack",
                format!("the sides promote differently and {word}'s `{pawn_key}` has no pawn-style choices: the bridge writes no such promotion yet"),
            ));
        }
        if zone.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "promote {word} {pawn} in {} to {}{optional}",
            region_text(zone, board),
            targets.join(", ")
        );
    }
    write_promotion_limits(options, false, out)
}

/// The side words and zones of `promote` lines: one line for both sides
/// where Black's zone (as White sees it) is White's, else each side's own
/// (`promote white …`), an empty zone left out.
fn zones_by_side<'a>(white: &'a Squares, black: &'a Squares) -> Vec<(&'static str, &'a Squares)> {
    let zones = if white == black {
        vec![("", white)]
    } else {
        vec![("white ", white), ("black ", black)]
    };
    zones.into_iter().filter(|(_, z)| !z.is_empty()).collect()
}

/// One of FS's shogi-style promotions (`promotedPieceType`) as varia
/// says it: a kind of its own for the promoted piece (`PromotedSilver`,
/// written `+S` as FS writes it in a FEN) with the moves of the type FS
/// turns it into, demoted to the piece again when captured.
struct PiecePromotion {
    /// The piece that promotes (its varia name).
    piece: String,
    /// Its letter.
    letter: char,
    /// The promoted kind's name.
    promoted: String,
    /// The promoted kind's moves as the `piece` line writes them: the
    /// Betza of FS's promoted type in quotes, or `immobile` (Mandala's
    /// pawns promote to a stone that never moves).
    moves: String,
    /// Royal, promoted from a royal piece (FS's pseudo-royal pieces).
    royal: bool,
    /// FS's `pawn`'s: it promotes as pawns do, on arriving in the region
    /// (`write_promotion`'s), not in or from it.
    of_pawn: bool,
    /// Another pawn type's, promoting pawn-style too: one more choice of
    /// its pawn-style rule (`write_promotion`'s).
    with_pawn_choices: bool,
}

/// A pawn type's shogi-style promotion beside its pawn-style ones (Elgam's
/// soldier: FS offers `g9g10w` and `g9g10+`) is one more choice of the
/// pawn-style rule (`promote Soldier in rank 10 to Custom3,
/// PromotedSoldier`) where FS's `in or from` means `in`: the pawn-style
/// promotion is mandatory, so the piece stands in the zone unpromoted
/// only from the start or by a drop (FS drops a pawn type other than its
/// `pawn` in the zone), and then must not be able to move out of it (the
/// zone the far ranks, the piece stepping forward or sideways only); and
/// neither `pieceDemotion` nor `piecePromotionOnCapture`, which FS's
/// pawn-style promotions do not follow.
fn shogi_promotion_among_pawn_choices(
    options: &Options,
    board: &Board,
    setup: &str,
    piece: &FsPiece,
) -> Result<(), ImportError> {
    let refuse = |why: &str| {
        Err(options.error(
            "promotedPieceType",
            format!("`{}` promotes shogi-style along with its pawn-style promotions (`promotionPawnTypes`), which varia says as one choice more only {why}", piece.key),
        ))
    };
    if !options.flag("mandatoryPawnPromotion", true)? {
        return refuse("where the pawn-style promotion is mandatory");
    }
    if options.flag("pieceDemotion", false)? || options.flag("piecePromotionOnCapture", false)? {
        return refuse("without `pieceDemotion` and `piecePromotionOnCapture`");
    }
    let (white, black) = pawn_promotion_zones(options, board)?;
    let starts_in_zone = placement(setup, board).into_iter().any(|(square, c)| {
        c.eq_ignore_ascii_case(&piece.letter)
            && if c.is_ascii_uppercase() {
                &white
            } else {
                &black
            }
            .contains(&square)
    });
    let far_ranks = |zone: &Squares| {
        let lowest = zone.iter().map(|&(_, r)| r).min().unwrap_or(board.ranks);
        *zone
            == (lowest..board.ranks)
                .flat_map(|r| rank_set(board, r))
                .collect::<Squares>()
    };
    let forward_or_sideways = piece.key == "soldier"
        || piece.betza.as_deref().is_some_and(|betza| {
            super::fs::betza_groups(betza).iter().all(|group| {
                let modifiers: String = group
                    .text
                    .chars()
                    .filter(char::is_ascii_lowercase)
                    .collect();
                let sideways = group.atom == Some('W') && modifiers.contains('s');
                modifiers.contains('f')
                    && modifiers
                        .chars()
                        .all(|c| "fmc".contains(c) || (sideways && "slr".contains(c)))
            })
        });
    let stays = far_ranks(&white) && far_ranks(&black) && forward_or_sideways;
    if (starts_in_zone || options.flag("pieceDrops", false)?) && !stays {
        return refuse("where it never stands in the zone unpromoted (at the start or dropped there) or cannot leave it");
    }
    Ok(())
}

/// Whether FS's `pawn` has promotion choices (`promotionPieceTypes`).
fn resolved_pawn_targets(options: &Options) -> bool {
    options.resolved.promotion_types.iter().any(|k| k != "pawn")
}

/// FS's `promotedPieceType` entries for the section's pieces (FS's
/// `pawn`'s promotes on arriving, `write_promotion`'s). Refused by name:
/// FS's `pawn`'s beside its pawn promotions, an entry between a royal
/// piece and one that is not, a promoted type
/// that promotes again or is limited by `promotionLimit`.
fn piece_promotions(
    options: &Options,
    board: &Board,
    setup: &str,
) -> Result<Vec<PiecePromotion>, ImportError> {
    let key = "promotedPieceType";
    let pieces = &options.resolved.pieces;
    let find = |k: &str| pieces.iter().find(|p| p.key == k);
    let limited = options.text("promotionLimit", "");
    let mut out = Vec::new();
    for (from, to) in &options.resolved.promoted {
        let (Some(piece), Some(to)) = (find(from), to) else {
            continue;
        };
        let refuse = |why: String| Err(options.error(key, why));
        let of_pawn = piece.key == "pawn";
        if of_pawn && resolved_pawn_targets(options) {
            return refuse("FS's `pawn` promotes shogi-style here along with its pawn promotions, which the bridge does not write yet".into());
        }
        // Another pawn type (Elgam's soldier) promoting both ways on one
        // move: FS offers both choices, one set of the pawn-style rule.
        let pawn_type = [false, true]
            .into_iter()
            .map(|black| promotion_pawn_key(options, black))
            .collect::<Result<Vec<_>, _>>()?
            .contains(&Some(piece.key.clone()));
        let with_pawn_choices =
            pawn_type && !of_pawn && !options.resolved.promotion_types.is_empty();
        if with_pawn_choices {
            shogi_promotion_among_pawn_choices(options, board, setup, piece)?;
        }
        let Some(target) = find(to) else {
            return refuse(format!(
                "`{from}` promotes to a `{to}`, which the variant does not have"
            ));
        };
        if piece.royal != target.royal || target.key == "pawn" {
            return refuse(format!(
                "`{from}` promotes to `{to}`: the bridge writes no promotion between a royal piece and one that is not, or to FS's `pawn`, yet"
            ));
        }
        if options.promotes_shogi_style(to) {
            return refuse(format!(
                "`{to}`, which `{from}` promotes to, promotes again: varia's promoted kinds do not"
            ));
        }
        let limit = limited.split_whitespace().any(|e| {
            e.split_once(':').is_some_and(|(l, n)| {
                l.chars().next().map(|c| c.to_ascii_uppercase()) == Some(target.letter) && n != "0"
            })
        });
        // FS counts every piece of the type; varia's limit on the promoted
        // kind counts the promoted ones, the only ones where nothing else
        // gives the type.
        let promoted_to_it = options
            .resolved
            .promoted
            .values()
            .filter(|t| t.as_deref() == Some(to.as_str()))
            .count();
        let board = options
            .text("startFen", "")
            .split(' ')
            .next()
            .unwrap_or_default();
        // The type standing (or in hand) at the start as itself, not as a
        // promoted piece (`+F`, Shogun's queen).
        let at_start = board
            .chars()
            .zip(std::iter::once(' ').chain(board.chars()))
            .any(|(c, before)| c.to_ascii_uppercase() == target.letter && before != '+');
        let elsewhere =
            promoted_to_it > 1 || options.resolved.promotion_types.contains(to) || at_start;
        if limit && elsewhere {
            return Err(options.error(
                "promotionLimit",
                format!("a limit on `{to}`, which `{from}` promotes to and the variant has otherwise too: FS counts them all, varia's limit the promoted ones"),
            ));
        }
        let moves = match &target.betza {
            _ if is_immobile(target) => "immobile".to_string(),
            Some(b) if !b.contains('i') => {
                let hops = fs_ranged_hops(b).map_err(|group| {
                    options.error(to, format!("a hopper with a range (`{group}`) as a promoted piece's move: the bridge writes only `p` with a range of 2 as varia's legs"))
                })?;
                match fs_lame_leaps(&hops) {
                    Ok((moves, unmade)) if unmade.is_empty() => format!("\"{moves}\""),
                    _ => return refuse(format!("`{to}`'s lame leaps as a promoted piece's: the bridge cannot write them yet")),
                }
            }
            _ => return refuse(format!("`{to}`'s moves (FS's Betza with initial moves, or hard-coded) as a promoted piece's: the bridge cannot write them yet")),
        };
        let name = piece_name(piece);
        out.push(PiecePromotion {
            promoted: format!("Promoted{name}"),
            piece: name,
            letter: piece.letter,
            moves,
            royal: piece.royal,
            of_pawn,
            with_pawn_choices,
        });
    }
    Ok(out)
}

/// A side's mobility region for a piece type (0 White, 1 Black; the
/// board's squares as White sees them), if the section sets one.
fn mobility_region(
    options: &Options,
    board: &Board,
    piece_key: &str,
    side: usize,
) -> Result<Option<Squares>, ImportError> {
    let mut name = piece_key.to_string();
    if let Some(first) = name.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    let key = format!("mobilityRegion{}{name}", ["White", "Black"][side]);
    let value = options.text(&key, "").trim();
    if value.is_empty() || value == "-" {
        return Ok(None);
    }
    read_squares(options, &key, board).map(Some)
}

/// FS's mobility regions (`mobilityRegionWhiteCustomPiece3 = *5 *6`): a
/// piece of that type moves, captures and attacks only onto its side's
/// region, passing over the rest (FS masks the squares a move lands on).
/// varia says it as `restrict Piece: never land in` the rest of the board,
/// for both sides when Black's region is White's mirrored, else per side;
/// the promoted kinds with that type's moves are restricted too. FS drops
/// the piece only into the region, as `write_drops` says; refused where
/// a promoted piece of that type may be dropped (`dropPromoted`), which
/// varia's `either-face` drops anywhere.
fn write_mobility(options: &Options, board: &Board, out: &mut String) -> Result<(), ImportError> {
    let mut regions: BTreeMap<String, (Option<Squares>, Option<Squares>, String)> = BTreeMap::new();
    for key in options.resolved.options.keys() {
        let Some(rest) = key.strip_prefix("mobilityRegion") else {
            continue;
        };
        let value = options.text(key, "").trim();
        if value.is_empty() || value == "-" {
            continue;
        }
        let (white, name) = match (rest.strip_prefix("White"), rest.strip_prefix("Black")) {
            (Some(name), _) => (true, name),
            (_, Some(name)) => (false, name),
            _ => return Err(options.error(key, "not White's or Black's mobility region")),
        };
        let mut piece_key = name.to_string();
        if let Some(first) = piece_key.get_mut(0..1) {
            first.make_ascii_lowercase();
        }
        let squares = read_squares(options, key, board)?;
        let entry = regions
            .entry(piece_key)
            .or_insert((None, None, key.clone()));
        if white {
            entry.0 = Some(squares);
        } else {
            entry.1 = Some(squares);
        }
    }
    let all: Squares = board.all().into_iter().collect();
    if !regions.is_empty() {
        let _ = writeln!(out);
    }
    let drops = options.flag("pieceDrops", false)?;
    for (piece_key, (white, black, key)) in regions {
        if !options.resolved.pieces.iter().any(|p| p.key == piece_key) {
            continue;
        }
        let promoted_to = options
            .resolved
            .promoted
            .values()
            .any(|t| t.as_ref() == Some(&piece_key));
        if drops && promoted_to && options.flag("dropPromoted", false)? {
            return Err(options.error(
                &key,
                "a mobility region of a type promoted pieces are dropped as: FS keeps those drops in the region, varia's `either-face` does not",
            ));
        }
        let names = kinds_of_types(options, std::slice::from_ref(&piece_key)).join(", ");
        let outside = |region: Option<Squares>| match region {
            Some(region) => all.difference(&region).copied().collect::<Squares>(),
            None => Squares::new(),
        };
        let white = outside(white);
        let black = black_view(&outside(black), board);
        if white == black {
            // (Nothing where the region is the whole board.)
            if !white.is_empty() {
                let _ = writeln!(
                    out,
                    "restrict {names}: never land in {}",
                    region_text(&white, board)
                );
            }
            continue;
        }
        for (side, region) in [("white", &white), ("black", &black)] {
            if !region.is_empty() {
                let _ = writeln!(
                    out,
                    "restrict {side} {names}: never land in {}",
                    region_text(region, board)
                );
            }
        }
    }
    Ok(())
}

/// `promote Silver in or from ZONE to PromotedSilver optional` for each
/// shogi-style promotion: FS promotes a move that starts or ends in the
/// promotion region; optional unless `mandatoryPiecePromotion`: varia's
/// `optional` makes the piece promote where it could never move again, as
/// FS's `immobilityIllegal` does, and without that option `optional
/// anywhere` lets it stay there unpromoted.
fn write_piece_promotions(
    options: &Options,
    board: &Board,
    promotions: &[PiecePromotion],
    out: &mut String,
) -> Result<(), ImportError> {
    // `piecePromotionOnCapture`: only captures promote (and turn back).
    let capturing = if options.flag("piecePromotionOnCapture", false)? {
        if promotions.iter().any(|p| p.of_pawn) {
            return Err(options.error(
                "piecePromotionOnCapture",
                "FS's `pawn` promoting shogi-style by captures only: the bridge writes its promotions on arrival",
            ));
        }
        " when capturing"
    } else {
        ""
    };
    let promotions: Vec<&PiecePromotion> = promotions
        .iter()
        .filter(|p| !p.of_pawn && !p.with_pawn_choices)
        .collect();
    if promotions.is_empty() {
        return Ok(());
    }
    let optional = if options.flag("mandatoryPiecePromotion", false)? {
        ""
    } else if options.flag("immobilityIllegal", false)? {
        " optional"
    } else {
        " optional anywhere"
    };
    // Each side's zone as White sees it: one line for both where they are
    // the same, else a side's own (Shinobi+: White's last two ranks,
    // Black's last three).
    let (white, black) = pawn_promotion_zones(options, board)?;
    let zones = zones_by_side(&white, &black);
    // `pieceDemotion`: a promoted piece moving in or from the region turns
    // back, as the promotion (and as mandatory or optional).
    let demotion = options.flag("pieceDemotion", false)?;
    out.push('\n');
    for p in promotions {
        for &(side, region) in &zones {
            let zone = region_text(region, board);
            let _ = writeln!(
                out,
                "promote {side}{} in or from {zone} to {}{capturing}{optional}",
                p.piece, p.promoted
            );
            if demotion {
                let _ = writeln!(
                    out,
                    "promote {side}{} in or from {zone} to {}{capturing}{optional}",
                    p.promoted, p.piece
                );
            }
        }
    }
    Ok(())
}

/// The drop rules each piece option name gets: `one-per-file` (FS's
/// `dropNoDoubled`, `N-per-file` with `dropNoDoubledCount`), `no-mate`
/// (`shogiPawnDropMateIllegal`, for FS's `shogiPawn` only), and for
/// every piece `never-stuck` (`immobilityIllegal`) and `no-check`
/// (`dropChecks = false`, where FS's `king` type is among the pieces).
fn drop_rules(options: &Options) -> Result<BTreeMap<String, Vec<String>>, ImportError> {
    let mut rules: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let letters = options.text("dropNoDoubled", "-").trim();
    if !letters.is_empty() && letters != "-" {
        let keys = super::fs::letters_to_keys(&options.resolved.pieces, letters).map_err(|c| {
            options.error("dropNoDoubled", format!("no piece has the letter `{c}`"))
        })?;
        let words = match options.number("dropNoDoubledCount", 1)? {
            // No file has fewer than none: the piece is never dropped.
            0 => "never".to_string(),
            1 => "one-per-file".to_string(),
            n => format!("{n}-per-file"),
        };
        for key in keys {
            rules.entry(key).or_default().push(words.clone());
        }
    }
    if options.flag("dropOppositeColoredBishop", false)? {
        if named(options, "bishop").is_none() {
            return Err(options.error("dropOppositeColoredBishop", "the section has no bishop"));
        }
        rules
            .entry("bishop".to_string())
            .or_default()
            .push("opposite-colours".to_string());
    }
    if options.flag("shogiPawnDropMateIllegal", false)? {
        rules
            .entry("shogiPawn".to_string())
            .or_default()
            .push("no-mate".to_string());
    }
    // FS's older `dropOnTop = true` is `enclosingDrop = top`.
    let on_top = options.flag("dropOnTop", false)?;
    let enclosing = match options.text("enclosingDrop", "none").trim() {
        _ if on_top => Some("falling"),
        "none" => None,
        "reversi" if walled_start(options) => {
            return Err(options.error(
                "enclosingDrop",
                "enclosing drops with walls in the start FEN: FS's test of a drop looks through its walls (a drop may enclose nothing, an own piece seen past a wall), and varia's voids block a line",
            ))
        }
        "reversi" => Some("enclosing"),
        "ataxx" => Some("beside-own"),
        "snort" => Some("away-from-enemy"),
        "top" => Some("falling"),
        "anyside" => {
            return Err(options.error(
                "enclosingDrop",
                "FS's `anyside` drops from the top and from the right edge land on the free square nearest the bottom or the left edge (its `lsb`), past pieces in the way (a file with White on 1 and Black on 3 takes a drop from the top on 2, not 4), so no varia rule plays as it does",
            ))
        }
        other => {
            return Err(options.error(
                "enclosingDrop",
                format!("varia says FS's `reversi` (`enclosing`), `ataxx` (`beside-own`), `snort` (`away-from-enemy`) and `top` (`falling`) drops, not `{other}` yet"),
            ))
        }
    };
    for piece in options
        .resolved
        .pieces
        .iter()
        .filter(|_| enclosing.is_some())
    {
        rules
            .entry(piece.key.clone())
            .or_default()
            .extend(enclosing.map(str::to_string));
    }
    // FS judges a check only against its `king` type (`gives_check`):
    // without one (Atomic's commoner), `dropChecks` forbids nothing.
    let fs_king = options.resolved.pieces.iter().any(|p| p.key == "king");
    let every_piece = [
        ("never-stuck", options.flag("immobilityIllegal", false)?),
        ("no-check", !options.flag("dropChecks", true)? && fs_king),
    ];
    for (word, _) in every_piece.iter().filter(|(_, on)| *on) {
        for piece in &options.resolved.pieces {
            // A piece that never moves is stuck on every square: FS's
            // `immobilityIllegal` never lets it be dropped.
            let never = *word == "never-stuck" && is_immobile(piece);
            rules
                .entry(piece.key.clone())
                .or_default()
                .push(if never { "never" } else { word }.to_string());
        }
    }
    Ok(rules)
}

/// FS's `immobilityIllegal` forbids a move or drop to a square from which
/// the piece could never move again. The drops say `never-stuck` and
/// `optional` promotions promote there; any other piece that could stand
/// where it has no move on the compiled variant's empty board makes the
/// section refused by name (varia would let it land there).
pub(super) fn check_immobility(
    resolved: &Resolved,
    variant: &crate::ir::Variant,
) -> Result<(), ImportError> {
    let options = Options {
        resolved,
        royal_groups: &[],
    };
    if !options.flag("immobilityIllegal", false)? {
        return Ok(());
    }
    for (k, def) in variant.pieces.iter().enumerate() {
        for color in crate::ir::piece::Color::ALL {
            let code = crate::ir::piece::Piece {
                color,
                kind: crate::ir::piece::PieceKind(k as u8),
            }
            .code();
            let squares = variant.geometry.squares();
            let tables = &variant.tables;
            let moves = |sq| tables.rays(code, sq).iter().any(|r| r.len > 0);
            if !squares.iter().any(moves) {
                continue;
            }
            // FS judges a square by the piece's quiet moves from it (not its
            // captures, nor its initial moves); varia by all its moves.
            let quiet = |sq| {
                tables.rays(code, sq).iter().any(|r| {
                    !r.initial
                        && (r.start..r.start + u32::from(r.len))
                            .any(|i| tables.path_flags[i as usize] & crate::ir::pattern::MOVE != 0)
                })
            };
            if let Some(sq) = squares.iter().find(|&sq| moves(sq) != quiet(sq)) {
                return Err(options.error(
                    "immobilityIllegal",
                    format!(
                        "{} has captures or first moves but no other move from {}: FS's `immobilityIllegal` counts only the others, varia's `never-stuck` all",
                        def.name,
                        variant.geometry.name(sq)
                    ),
                ));
            }
            let promotion = &variant.promotion;
            let stranded = squares.iter().find(|&sq| {
                !moves(sq)
                    && (promotion.choices(code, sq).is_empty() || promotion.may_decline(code, sq))
            });
            if let Some(sq) = stranded {
                return Err(options.error(
                    "immobilityIllegal",
                    format!(
                        "{} could stand where it never moves again ({}) without promoting: varia cannot forbid that move yet",
                        def.name,
                        variant.geometry.name(sq)
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// `nMoveRuleTypes`, when it is not the promoting pieces' (varia's
/// default): ` reset by captures` (`-`: no piece's moves reset the count)
/// or ` reset by captures and Pawn, Sergeant`.
fn move_rule_resets(options: &Options) -> Result<String, ImportError> {
    if options.get("nMoveRuleTypesWhite").is_some()
        || options.get("nMoveRuleTypesBlack").is_some()
        || promotion_pawn_key(options, false)? != promotion_pawn_key(options, true)?
    {
        return move_rule_resets_by_side(options);
    }
    let Some(setting) = options.get("nMoveRuleTypes") else {
        // FS's default is its pawn, varia's the kinds with pawn-style
        // promotions: a pawn in the game without any (none to promote
        // to, or promoting shogi-style) is named.
        // varia's default leaves out too a kind one of whose choices
        // promotes again (a pawn promoting to a knight that promotes
        // shogi-style), which FS's pawn still is.
        let pawn = options.resolved.pieces.iter().find(|p| p.key == "pawn");
        let choice_promotes = options
            .resolved
            .promotion_types
            .iter()
            .any(|k| options.promotes_shogi_style(k));
        return Ok(match pawn {
            Some(pawn)
                if (!resolved_pawn_targets(options) || choice_promotes)
                    && in_game(options, pawn) =>
            {
                format!(" reset by captures and {}", piece_name(pawn))
            }
            _ => String::new(),
        });
    };
    let letters = setting.value.trim();
    let promoting = options.text("promotionPawnTypes", options.text("pawnTypes", "p"));
    if letters == promoting.trim() && resolved_pawn_targets(options) {
        return Ok(String::new());
    }
    if letters.is_empty() || letters == "-" {
        return Ok(" reset by captures".to_string());
    }
    let keys = super::fs::letters_to_keys(&options.resolved.pieces, letters)
        .map_err(|c| options.error("nMoveRuleTypes", format!("no piece has the letter `{c}`")))?;
    let names = kinds_of_types(options, &keys);
    Ok(format!(" reset by captures and {}", names.join(", ")))
}

/// FS's move-rule types set apart for a side (`nMoveRuleTypesBlack`, or
/// promotion pawn types that differ): varia's resetters are kinds, not a
/// side's, so the two sides' sets are written as one where a type in only
/// one side's can never be the other side's (Khans: White's pawns, Black's
/// soldiers).
fn move_rule_resets_by_side(options: &Options) -> Result<String, ImportError> {
    let side_types = |black: bool| -> Result<Vec<String>, ImportError> {
        let Some(key) = side_pawn_types_key(options, "nMoveRuleTypes", black) else {
            // FS's default: its pawn.
            return Ok(options
                .resolved
                .pieces
                .iter()
                .filter(|p| p.key == "pawn")
                .map(|p| p.key.clone())
                .collect());
        };
        let letters = options.text(&key, "").trim();
        if letters.is_empty() || letters == "-" {
            return Ok(Vec::new());
        }
        super::fs::letters_to_keys(&options.resolved.pieces, letters)
            .map_err(|c| options.error(&key, format!("no piece has the letter `{c}`")))
    };
    let white = side_types(false)?;
    let black = side_types(true)?;
    for (types, others, other_is_black) in [(&white, &black, true), (&black, &white, false)] {
        if let Some(key) = types
            .iter()
            .find(|k| !others.contains(k) && side_may_own(options, k, other_is_black))
        {
            let side = if other_is_black { "Black" } else { "White" };
            return Err(options.error(
                "nMoveRuleTypesBlack",
                format!("`{key}`'s moves reset the move rule for one side only, and {side} may have one too: varia's resetters are the same kinds for both sides"),
            ));
        }
    }
    let only_black: Vec<String> = black.into_iter().filter(|k| !white.contains(k)).collect();
    let keys = [white, only_black].concat();
    if keys.is_empty() {
        return Ok(" reset by captures".to_string());
    }
    Ok(format!(
        " reset by captures and {}",
        kinds_of_types(options, &keys).join(", ")
    ))
}

/// Whether a side may ever have a piece of the type: at the start (on the
/// board or in hand), by promotion, or by any capture into hand.
fn side_may_own(options: &Options, key: &str, black: bool) -> bool {
    let Some(piece) = options.resolved.pieces.iter().find(|p| p.key == key) else {
        return false;
    };
    let letter = if black {
        piece.letter.to_ascii_lowercase()
    } else {
        piece.letter
    };
    let fen = options.text("startFen", CHESS_FEN);
    let choices = if black {
        &options.resolved.black_promotion_types
    } else {
        &options.resolved.promotion_types
    };
    fen.split_whitespace().next().unwrap_or("").contains(letter)
        || choices.iter().any(|k| k == key)
        || options
            .resolved
            .promoted
            .values()
            .any(|t| t.as_deref() == Some(key))
        || options.text("capturesToHand", "false").trim() == "true"
        || options.text("twoBoards", "false").trim() == "true"
}

/// `promotionLimit = q:1 r:2` → `promotion-limit Queen 1, Rook 2`: the
/// pawn promotions' targets, or (`shogi`) the shogi-style ones', as their
/// promoted kinds (`promotion-limit PromotedBishop 1`, Shogun).
fn write_promotion_limits(
    options: &Options,
    shogi: bool,
    out: &mut String,
) -> Result<(), ImportError> {
    let text = options.text("promotionLimit", "").trim();
    if text.is_empty() || text == "-" {
        return Ok(());
    }
    let mut limits = Vec::new();
    for entry in text.split_whitespace() {
        let bad = || {
            options.error(
                "promotionLimit",
                format!("`{entry}` is not a piece letter, `:` and a count"),
            )
        };
        let (letter, count) = entry.split_once(':').ok_or_else(bad)?;
        let count: u32 = count.parse().map_err(|_| bad())?;
        let key = match super::fs::letters_to_keys(&options.resolved.pieces, letter) {
            Ok(keys) if keys.len() == 1 => keys[0].clone(),
            _ => return Err(bad()),
        };
        let name = named(options, &key).ok_or_else(bad)?;
        // A shogi-style promotion's target: the promoted kind
        // (`piece_promotions` refused a type the variant has otherwise).
        let promoted_from = options
            .resolved
            .promoted
            .iter()
            .find(|(_, to)| to.as_deref() == Some(key.as_str()))
            .and_then(|(from, _)| named(options, from));
        match promoted_from {
            Some(from) if shogi && count > 0 => limits.push(format!("Promoted{from} {count}")),
            _ => {}
        }
        if shogi || !options.resolved.promotion_types.contains(&key) {
            // FS accepts a limit on a piece nothing promotes to; it limits nothing.
            continue;
        }
        if count > 0 {
            limits.push(format!("{name} {count}"));
        }
    }
    if !limits.is_empty() {
        let _ = writeln!(out, "promotion-limit {}", limits.join(", "));
    }
    Ok(())
}

const PROMOTION_REGION: (&str, &str, &str) = ("", "promotionRegionWhite", "promotionRegionBlack");

/// FS's promotion region of each side, in its absolute squares.
fn promotion_regions(options: &Options, board: &Board) -> Result<(Squares, Squares), ImportError> {
    // FS's default: rank 8 for White and rank 1 for Black, whatever the board's size.
    let mut white_default = rank_set(board, 7.min(board.ranks - 1));
    let mut black_default = rank_set(board, 0);
    if let Some(s) = options.get("promotionRank") {
        let rank: u32 = s
            .value
            .parse()
            .map_err(|_| options.error("promotionRank", "not a rank"))?;
        white_default = (rank.saturating_sub(1)..board.ranks)
            .flat_map(|r| rank_set(board, r))
            .collect();
        black_default = black_view(&white_default, board);
    }
    side_regions(
        options,
        board,
        PROMOTION_REGION,
        (white_default, black_default),
    )
}

fn file_option(options: &Options, key: &str, default: u32) -> Result<u32, ImportError> {
    match options.get(key) {
        None => Ok(default),
        Some(s) => {
            let v = s.value.trim();
            match v.chars().next() {
                Some(c) if c.is_ascii_digit() => {
                    v.parse::<u32>().ok().and_then(|n| n.checked_sub(1))
                }
                Some(c) if c.is_ascii_lowercase() => Some(c as u32 - 'a' as u32),
                _ => None,
            }
            .ok_or_else(|| options.error(key, format!("`{v}` is not a file")))
        }
    }
}

/// The piece letters of a FEN's placement by (file, rank).
fn placement(setup: &str, board: &Board) -> BTreeMap<(u32, u32), char> {
    let mut squares = BTreeMap::new();
    let field = setup.split_whitespace().next().unwrap_or("");
    let rows = field.split('[').next().unwrap_or("");
    for (index, row) in rows.split('/').enumerate() {
        let Some(rank) = board.ranks.checked_sub(index as u32 + 1) else {
            break;
        };
        let (mut file, mut digits) = (0u32, 0u32);
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                digits = digits.saturating_mul(10).saturating_add(d);
                continue;
            }
            file = file.saturating_add(digits);
            digits = 0;
            if c.is_ascii_alphabetic() {
                squares.insert((file, rank), c);
                file = file.saturating_add(1);
            }
        }
    }
    squares
}

/// FS's castling with dropped pieces (`castlingDroppedPiece`) is from
/// `castlingKingFile` with the rooks of the corners: the bridge writes it
/// where the castling of the start is so too.
fn dropped_castling_fits(
    options: &Options,
    board: &Board,
    (king_file, rook_file): (u32, u32),
    start_rooks: [Option<u32>; 2],
) -> Result<(), ImportError> {
    let corner = rook_file == 0 || rook_file + 1 == board.files;
    let start_fits = start_rooks.iter().flatten().all(|&f| f == rook_file);
    if king_file != file_option(options, "castlingKingFile", 4)? || !corner || !start_fits {
        return Err(options.error(
            "castlingDroppedPiece",
            "castling with dropped pieces beside a castling from other squares (its king off `castlingKingFile`, or its rook off the corner): the bridge cannot write both",
        ));
    }
    Ok(())
}

/// FS's castling: with `chess960 = true`, castling from any start;
/// else the king (where the start position has it on the
/// castling rank, else on `castlingKingFile`) to the kingside and
/// queenside files, the rooks from the corners (or the rook files) to the
/// king's inner side. FS keeps only the rights whose pieces stand there;
/// varia's castling is for both sides, so a wing one side alone may castle
/// on is an error. The setup's castling field is rewritten to the rights kept.
fn write_castling(
    options: &Options,
    board: &Board,
    setup: &mut String,
    out: &mut String,
) -> Result<(), ImportError> {
    let rights = setup.split_whitespace().nth(2).unwrap_or("-").to_string();
    let from_drops = options.flag("castlingDroppedPiece", false)?;
    if !options.flag("castling", true)? || (rights == "-" && !from_drops) {
        out.push_str("castling none\n");
        // Cambodian chess's first moves keep the field (`DEde`).
        if !cambodian_moves(options)? {
            set_rights(setup, "-");
        }
        return Ok(());
    }
    let chess960 = options.flag("chess960", false)?;
    if let Some(c) = rights
        .chars()
        .find(|c| !"KQkq".contains(*c) && rights != "-")
    {
        if !chess960 {
            return Err(options.error(
                "startFen",
                format!("the castling right `{c}`: varia reads only `KQkq`"),
            ));
        }
    }
    let king = match castling_pieces(options, "castlingKingPiece", "king")?.as_slice() {
        [] => None,
        [one] => Some(one.clone()),
        _ => return Err(options.error("castlingKingPiece", "varia takes one castling king type")),
    };
    let rooks = castling_pieces(options, "castlingRookPieces", "rook")?;
    if rooks.len() > 1 && from_drops {
        return Err(options.error(
            "castlingRookPieces",
            "castling with a dropped piece of one of several rook types: varia's castling names one rook on each wing",
        ));
    }
    let (Some((king, king_letter)), false) = (king, rooks.is_empty()) else {
        out.push_str("castling none\n");
        set_rights(setup, "-");
        return Ok(());
    };
    if board.rotate {
        return Err(options.error("castling", TURNED_CASTLING));
    }
    let rank = options.number("castlingRank", 1)?.saturating_sub(1);
    if rank >= board.ranks {
        return Err(options.error("castlingRank", "beyond the board"));
    }
    if chess960 {
        let [(rook, _)] = rooks.as_slice() else {
            return Err(options.error(
                "castlingRookPieces",
                "varia takes one castling rook type from any start",
            ));
        };
        write_960_castling(options, board, (&king, rook), rank, out)?;
    } else {
        write_castling_wings(
            options,
            board,
            setup,
            (&king, king_letter),
            &rooks,
            rank,
            out,
        )?;
    }
    if options.flag("oppositeCastling", false)? {
        out.push_str("castling on opposite wings\n");
    }
    Ok(())
}

/// `castlingWins = q` (FS's castling rights, `KQkq`): `castling queenside
/// wins for black`, a line per side (one without `for` where both sides'
/// are the same), each wing named unless both are.
fn write_castling_wins(options: &Options, out: &mut String) -> Result<(), ImportError> {
    let text = options.text("castlingWins", "-").trim().to_string();
    if text.is_empty() || text == "-" {
        return Ok(());
    }
    if let Some(c) = text.chars().find(|c| !"KQkq".contains(*c)) {
        return Err(options.error(
            "castlingWins",
            format!("`{c}` is not a castling right (`KQkq`)"),
        ));
    }
    if !options.flag("castling", true)? {
        return Err(options.error(
            "castlingWins",
            "castling wins without castling (`castling = false`): varia has no castling to win by",
        ));
    }
    let wings = |king: char, queen: char| match (text.contains(king), text.contains(queen)) {
        (true, true) => Some(""),
        (true, false) => Some(" kingside"),
        (false, true) => Some(" queenside"),
        (false, false) => None,
    };
    match (wings('K', 'Q'), wings('k', 'q')) {
        (Some(w), Some(b)) if w == b => {
            let _ = writeln!(out, "castling{w} wins");
        }
        (white, black) => {
            if let Some(w) = white {
                let _ = writeln!(out, "castling{w} wins for white");
            }
            if let Some(b) = black {
                let _ = writeln!(out, "castling{b} wins for black");
            }
        }
    }
    Ok(())
}

/// FS's castling, not from any start: the king (where the start position
/// has it on the castling rank `rank`, else on `castlingKingFile`) to the
/// kingside and queenside files, with the rook FS finds for each right
/// (a piece of any of the castling rook types `rooks`: Perfect chess's
/// rook on one wing, its chancellor on the other); the setup's castling
/// field rewritten to the rights kept.
fn write_castling_wings(
    options: &Options,
    board: &Board,
    setup: &mut String,
    (king, king_letter): (&str, char),
    rooks: &[(String, char)],
    rank: u32,
    out: &mut String,
) -> Result<(), ImportError> {
    let rights = setup.split_whitespace().nth(2).unwrap_or("-").to_string();
    let from_drops = options.flag("castlingDroppedPiece", false)?;
    let squares = placement(setup, board);
    let king_file = match (0..board.files).find(|&f| squares.get(&(f, rank)) == Some(&king_letter))
    {
        Some(f) => f,
        None => file_option(options, "castlingKingFile", 4)?,
    };
    let wings = [
        (
            'K',
            file_option(options, "castlingKingsideFile", 6)?,
            "castlingRookKingsideFile",
        ),
        (
            'Q',
            file_option(options, "castlingQueensideFile", 2)?,
            "castlingRookQueensideFile",
        ),
    ];
    let mut kept = String::new();
    let mut lines = Vec::new();
    for (wing, king_to, rook_option) in wings {
        let kingside = wing == 'K';
        // FS's rook: the first castling rook of the side met going from
        // the rook file (the last file, or the first, by default) toward
        // the other edge (`Position::set`).
        let start = match options.get(rook_option) {
            Some(_) => file_option(options, rook_option, 0)?,
            None if kingside => board.files - 1,
            None => 0,
        };
        // The file and the type of the rook FS castles with.
        let rook_file = |white: bool| -> Option<(u32, &str)> {
            let (right, r, k) = if white {
                (wing, rank, king_letter)
            } else {
                (
                    wing.to_ascii_lowercase(),
                    board.ranks - 1 - rank,
                    king_letter.to_ascii_lowercase(),
                )
            };
            if !rights.contains(right) || squares.get(&(king_file, r)) != Some(&k) {
                return None;
            }
            fs_castling_rook(&squares, board, (r, white, rooks), kingside, start)
        };
        // A side that cannot castle on the wing at the start (no right,
        // no king or rook there: Orda's Black) never will: it gets no
        // right in the setup. With `castlingDroppedPiece`, both sides
        // castle with a king dropped on its file and a rook in the corner.
        let (white, black) = (rook_file(true), rook_file(false));
        if from_drops {
            let files = [white.map(|(f, _)| f), black.map(|(f, _)| f)];
            dropped_castling_fits(options, board, (king_file, start), files)?;
        }
        let (white, black) = match from_drops {
            true => {
                let rook = rooks[0].0.as_str();
                (Some((start, rook)), Some((start, rook)))
            }
            false => (white, black),
        };
        for (rook_from, _) in [white, black].into_iter().flatten() {
            if (rook_from > king_file) != kingside {
                return Err(options.error(
                    rook_option,
                    format!(
                        "the castling rook FS finds for `{wing}` stands on the king's other side"
                    ),
                ));
            }
        }
        if rook_file(true).is_some() {
            kept.push(wing);
        }
        if rook_file(false).is_some() {
            kept.push(wing.to_ascii_lowercase());
        }
        let rook_to = if king_to > king_file {
            king_to - 1
        } else {
            king_to + 1
        };
        let at = |f: u32| board.square(f, rank);
        lines.extend(wing_lines(white, black, |only, (rook_from, rook)| {
            format!(
                "castling {only}{king} {} -> {} with {rook} {} -> {}",
                at(king_file),
                at(king_to),
                at(rook_from),
                at(rook_to)
            )
        }));
    }
    if lines.is_empty() {
        out.push_str("castling none\n");
        set_rights(setup, "-");
        return Ok(());
    }
    let order: String = "KQkq".chars().filter(|c| kept.contains(*c)).collect();
    set_rights(setup, if order.is_empty() { "-" } else { &order });
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    Ok(())
}

/// The file and the kind of the rook FS castles with on a wing on rank
/// `r` (White's if `white`; `rooks`: the castling rook types' names and
/// letters): the first met going from the wing's rook file `start` toward
/// the other edge, as FS's `Position::set` finds it.
fn fs_castling_rook<'r>(
    squares: &BTreeMap<(u32, u32), char>,
    board: &Board,
    (r, white, rooks): (u32, bool, &'r [(String, char)]),
    kingside: bool,
    start: u32,
) -> Option<(u32, &'r str)> {
    let rook_on = |f: u32| {
        let c = *squares.get(&(f, r))?;
        rooks
            .iter()
            .find(|&&(_, l)| c == if white { l } else { l.to_ascii_lowercase() })
            .map(|(name, _)| (f, name.as_str()))
    };
    let files: Vec<u32> = if kingside {
        (0..=start.min(board.files - 1)).rev().collect()
    } else {
        (start..board.files).collect()
    };
    files.into_iter().find_map(rook_on)
}

/// A wing's castling lines (`write` makes one from its `white `/`black `
/// prefix and the rook's file and kind): one for both sides where their
/// rooks, of one kind, start on the same file, else one for each side
/// that castles there.
fn wing_lines<R: PartialEq + Copy>(
    white: Option<R>,
    black: Option<R>,
    write: impl Fn(&str, R) -> String,
) -> Vec<String> {
    match (white, black) {
        (Some(w), Some(b)) if w == b => vec![write("", w)],
        _ => [("white ", white), ("black ", black)]
            .into_iter()
            .filter_map(|(only, file)| Some(write(only, file?)))
            .collect(),
    }
}

/// The castling pieces an option names (`castlingKingPiece`,
/// `castlingRookPieces`; FS's `default` piece without it): their names and
/// letters, those the variant has.
fn castling_pieces(
    options: &Options,
    key: &str,
    default: &str,
) -> Result<Vec<(String, char)>, ImportError> {
    let letters = options.text(key, "");
    let keys = if letters.is_empty() {
        vec![default.to_string()]
    } else {
        super::fs::letters_to_keys(&options.resolved.pieces, letters)
            .map_err(|c| options.error(key, format!("no piece has the letter `{c}`")))?
    };
    Ok(options
        .resolved
        .pieces
        .iter()
        .filter(|p| keys.contains(&p.key))
        .map(|p| (piece_name(p), p.letter))
        .collect())
}

/// FS's `chess960 = true`: the king and a rook castle from wherever they
/// start on the castling rank to the kingside and queenside files, the
/// rook beside the king on its inner side; the setup's rights (`KQkq` or
/// the rooks' files) choose the rooks.
fn write_960_castling(
    options: &Options,
    board: &Board,
    (king, rook): (&str, &str),
    rank: u32,
    out: &mut String,
) -> Result<(), ImportError> {
    let kingside = file_option(options, "castlingKingsideFile", 6)?;
    let queenside = file_option(options, "castlingQueensideFile", 2)?;
    for (key, file) in [
        ("castlingKingsideFile", kingside),
        ("castlingQueensideFile", queenside),
    ] {
        if file == 0 || file + 1 >= board.files {
            return Err(options.error(key, "the rook must land beside the king, on the board"));
        }
    }
    let at = |f: u32| board.square(f, rank);
    let _ = writeln!(
        out,
        "castling {king} to {} with {rook} to {} from any start",
        at(kingside),
        at(kingside - 1)
    );
    let _ = writeln!(
        out,
        "castling {king} to {} with {rook} to {} from any start",
        at(queenside),
        at(queenside + 1)
    );
    Ok(())
}

/// Replaces the castling field of a FEN.
fn set_rights(setup: &mut String, rights: &str) {
    let mut fields: Vec<&str> = setup.split_whitespace().collect();
    if fields.len() > 2 {
        fields[2] = rights;
        *setup = fields.join(" ");
    }
}

fn result_word(options: &Options, key: &str, default: &str) -> Result<&'static str, ImportError> {
    match options.text(key, default) {
        "win" => Ok("wins"),
        "loss" => Ok("loses"),
        "draw" => Ok("draws"),
        other => Err(options.error(key, format!("varia cannot say `{key} = {other}` yet"))),
    }
}

/// What FS's `nFoldValue` (for the side to move, or for White with
/// `nFoldValueAbsolute`) makes of a repetition, as the words after
/// `repetition N`: none for a draw, ` wins`, ` loses`, ` wins for black`.
fn repetition_words(options: &Options) -> Result<&'static str, ImportError> {
    let result = result_word(options, "nFoldValue", "draw")?;
    let absolute = options.flag("nFoldValueAbsolute", false)?;
    Ok(match (result, absolute) {
        ("draws", _) => "",
        ("wins", false) => " wins",
        ("loses", false) => " loses",
        ("wins", true) => " wins for white",
        _ => " wins for black",
    })
}

/// FS's `shatarMateRule` as Shatar's two checkmate rules: a checkmate by
/// knights alone wins for the side mated, and one whose run of checks had
/// no check by a knight, rook or bers (FS's types, promoted kinds of them
/// too) draws. Refused where a checkmate does not lose or the section has
/// none of those types.
fn write_shatar_mate(options: &Options, out: &mut String) -> Result<(), ImportError> {
    if !options.flag("shatarMateRule", false)? {
        return Ok(());
    }
    let key = |k: &str| vec![k.to_string()];
    let knights = kinds_of_types(options, &key("knight"));
    let shaks = kinds_of_types(options, &["knight", "rook", "bers"].map(String::from));
    if !options.has_royal()
        || result_word(options, "checkmateValue", "loss")? != "loses"
        || shaks.is_empty()
    {
        return Err(options.error(
            "shatarMateRule",
            "Shatar's checkmate rules where a checkmate does not lose, or without FS's knight, rook and bers: the bridge writes them for Shatar's pieces",
        ));
    }
    if !knights.is_empty() {
        let _ = writeln!(out, "checkmate by {} alone wins", knights.join(", "));
    }
    let _ = writeln!(
        out,
        "checkmate draws unless its checks include {}",
        shaks.join(", ")
    );
    Ok(())
}

/// Checkmate, stalemate, the move and repetition rules, flags, checks.
fn write_game_end(
    options: &Options,
    board: &Board,
    setup: &str,
    out: &mut String,
) -> Result<(), ImportError> {
    out.push('\n');
    if options.has_royal() {
        let _ = writeln!(
            out,
            "checkmate {}",
            result_word(options, "checkmateValue", "loss")?
        );
    } else {
        // No royal piece, so nothing to checkmate: a side with no move is
        // stalemated, as in Fairy-Stockfish.
        let _ = writeln!(out, "checkmate none");
    }
    write_shatar_mate(options, out)?;
    let fewer = if options.flag("stalematePieceCount", false)? {
        " with fewer pieces"
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "stalemate {}{fewer}",
        result_word(options, "stalemateValue", "draw")?
    );
    // (Before any `repetition N`, which would read a `draws` after it.)
    write_counted_ends(options, out)?;
    write_bikjang(options, out)?;
    write_move_repetition(options, out)?;
    if options.flag("mustCapture", false)? {
        let _ = writeln!(out, "captures compulsory");
    }
    if !options.flag("checking", true)? {
        let _ = writeln!(out, "checks forbidden");
    }
    let n_move = options.number("nMoveRule", 50)?;
    if n_move > 0 {
        let resets = move_rule_resets(options)?;
        let _ = writeln!(out, "move-rule {n_move}{resets}");
    }
    let n_fold = options.number("nFoldRule", 3)?;
    if n_fold > 0 {
        let _ = writeln!(out, "repetition {n_fold}{}", repetition_words(options)?);
    }
    // FS judges perpetual checks only when a repetition ends the game,
    // and there are none without a royal piece.
    if options.flag("perpetualCheckIllegal", false)? && n_fold > 0 && options.has_royal() {
        let _ = writeln!(out, "perpetual check loses");
    }
    chasing::write_chasing(options, board, out)?;
    if options.flag("checkCounting", false)? {
        let counters = setup.split_whitespace().nth(4).unwrap_or("");
        let Some((white, black)) = counters.split_once('+') else {
            return Err(options.error(
                "checkCounting",
                "the start FEN has no check counters (`3+3`)",
            ));
        };
        if white != black {
            return Err(options.error(
                "startFen",
                "different check counts for the sides: varia cannot say that yet",
            ));
        }
        let _ = writeln!(out, "giving {white} checks wins");
    }
    write_flag_goal(options, board, out)?;
    if options.flag("makpongRule", false)? {
        if let Some(king) = named(options, "king") {
            let _ = writeln!(out, "restrict {king}: in check only take the checker");
        }
    }
    write_counting(options, out)?;
    write_extinction(options, out)?;
    write_connects(options, out)?;
    write_passes(options, out)
}

/// FS's connection rules as `connecting` rules: `connectN` (a row),
/// `connectNxN` (a block), `collinearN` (on one line), with
/// `connectValue`, `connectPieceTypes` and the lines
/// `connectHorizontal`/`Vertical`/`Diagonal`. FS's chains between regions
/// (`connectRegion…`) are refused: its search steps only east, north,
/// north-east and south-east, so it misses a chain that turns back (one
/// going west or south on its way), which `connecting … to …` finds.
fn write_connects(options: &Options, out: &mut String) -> Result<(), ImportError> {
    for key in [
        "connectRegion1White",
        "connectRegion2White",
        "connectRegion1Black",
        "connectRegion2Black",
    ] {
        if options
            .get(key)
            .is_some_and(|s| !matches!(s.value.trim(), "" | "-"))
        {
            return Err(options.error(
                key,
                "FS finds a chain between regions only stepping east, north, north-east and \
                 south-east (it misses one that turns back), so no varia rule plays as it does",
            ));
        }
    }
    let row = options.number("connectN", 0)?;
    let block = options.number("connectNxN", 0)?;
    let line = options.number("collinearN", 0)?;
    if row == 0 && block == 0 && line == 0 {
        return Ok(());
    }
    let result = result_word(options, "connectValue", "win")?;
    let lines: Vec<&str> = [
        ("connectHorizontal", "ranks"),
        ("connectVertical", "files"),
        ("connectDiagonal", "diagonals"),
    ]
    .into_iter()
    .filter_map(|(key, word)| match options.flag(key, true) {
        Ok(true) => Some(Ok(word)),
        Ok(false) => None,
        Err(e) => Some(Err(e)),
    })
    .collect::<Result<_, _>>()?;
    let along = match lines.len() {
        3 => String::new(),
        // FS then finds no row or line, only blocks.
        0 if row > 0 || line > 0 => {
            return Err(options.error(
                "connectDiagonal",
                "no lines to connect along (every connect direction is off)",
            ))
        }
        _ => format!(" along {}", lines.join(", ")),
    };
    let with = match options.text("connectPieceTypes", "*").trim() {
        "*" | "" => String::new(),
        letters => {
            let keys =
                super::fs::letters_to_keys(&options.resolved.pieces, letters).map_err(|c| {
                    options.error(
                        "connectPieceTypes",
                        format!("no piece has the letter `{c}`"),
                    )
                })?;
            let names = kinds_of_types(options, &keys);
            format!(" with {}", names.join(", "))
        }
    };
    if row > 0 {
        let _ = writeln!(out, "connecting {row}{along}{with} {result}");
    }
    if block > 0 {
        let _ = writeln!(out, "connecting {block} x {block}{with} {result}");
    }
    if line > 0 {
        let _ = writeln!(out, "connecting {line} on one line{along}{with} {result}");
    }
    Ok(())
}

/// FS's `pass` as `pass allowed`, `passOnStalemate` (a pass only for a
/// side without another move) as `pass when stuck`; a pass for one side
/// only is refused.
fn write_passes(options: &Options, out: &mut String) -> Result<(), ImportError> {
    for (both, white, black, line) in [
        ("pass", "passWhite", "passBlack", "pass allowed"),
        (
            "passOnStalemate",
            "passOnStalemateWhite",
            "passOnStalemateBlack",
            "pass when stuck",
        ),
    ] {
        let default = options.flag(both, false)?;
        let (w, b) = (options.flag(white, default)?, options.flag(black, default)?);
        if w != b {
            let key = if options.get(black).is_some() {
                black
            } else {
                white
            };
            return Err(options.error(key, "a pass for one side only: varia cannot say that yet"));
        }
        if w {
            let _ = writeln!(out, "{line}");
            // A side that may always pass may pass when stuck too.
            break;
        }
    }
    Ok(())
}

/// FS's flag options (`flagPiece`, `flagRegion`, `flagPieceSafe`,
/// `flagMove`): `reaching … with … wins [if unattacked|after a reply]`.
fn write_flag_goal(options: &Options, board: &Board, out: &mut String) -> Result<(), ImportError> {
    if let Some(lines) = racing_goal(options, board)? {
        out.push_str(&lines);
        return Ok(());
    }
    let flag_piece = options.get("flagPiece").or(options.get("flagPieceWhite"));
    let (white, black) = side_regions(
        options,
        board,
        ("flagRegion", "flagRegionWhite", "flagRegionBlack"),
        (BTreeSet::new(), BTreeSet::new()),
    )?;
    if white.is_empty() && black.is_empty() {
        return Ok(());
    }
    // One goal where Black's region is White's mirrored, else one a side
    // (Black's as Black sees it).
    let goals: Vec<(&str, Squares)> = if black_view(&white, board) == black {
        vec![("", white)]
    } else {
        [("white ", white), ("black ", black_view(&black, board))]
            .into_iter()
            .filter(|(_, squares)| !squares.is_empty())
            .collect()
    };
    let key = if options.get("flagPiece").is_some() {
        "flagPiece"
    } else {
        "flagPieceWhite"
    };
    let pieces: Vec<String> = match flag_piece.map(|s| s.value.trim()) {
        // FS's `ALL_PIECES`: every piece, promoted ones too.
        None | Some("*") => {
            let keys: Vec<String> = options
                .resolved
                .pieces
                .iter()
                .map(|p| p.key.clone())
                .collect();
            kinds_of_types(options, &keys)
        }
        Some(letters) => {
            let keys = super::fs::letters_to_keys(&options.resolved.pieces, letters)
                .map_err(|c| options.error(key, format!("no piece has the letter `{c}`")))?;
            kinds_in_game_of_types(options, &keys)
        }
    };
    if let Some(black) = options.get("flagPieceBlack") {
        if flag_piece.map(|s| &s.value) != Some(&black.value) {
            return Err(options.error(
                "flagPieceBlack",
                "Black's flag piece differs from White's, which varia cannot say yet",
            ));
        }
    }
    let modifier = match (
        options.flag("flagPieceSafe", false)?,
        options.flag("flagMove", false)?,
    ) {
        (false, false) if options.flag("flagPieceBlockedWin", false)? => " or when full",
        (false, false) => "",
        _ if options.flag("flagPieceBlockedWin", false)? => {
            return Err(options.error(
                "flagPieceBlockedWin",
                "a blocked win with `flagPieceSafe` or `flagMove`: varia cannot say that yet",
            ))
        }
        (true, false) => " if unattacked",
        // FS decides a king's flagMove early and lets only Black
        // answer (its racing kings rules): not `after a reply`.
        (false, true) if named(options, "king").is_some_and(|k| pieces.contains(&k)) => {
            return Err(options.error(
                "flagMove",
                "`flagMove` for the king is Racing Kings' reply rule (`white reaching … unless answered`), which the bridge does not write yet",
            ))
        }
        (false, true) => " after a reply",
        // FS then wins for a piece there unattacked at once, for one
        // attacked if it is still there when its side is to move again
        // (that side's goal judged first): both goals, in that order.
        (true, true) => " after a reply",
    };
    let also_unattacked =
        options.flag("flagPieceSafe", false)? && options.flag("flagMove", false)?;
    let count = match options.number("flagPieceCount", 1)? {
        0 | 1 => String::new(),
        n => format!("{n} "),
    };
    // A goal asking more pieces than its region has squares (FS's
    // knights-halma lists a square twice) is never met in FS: left out.
    let wanted = options.number("flagPieceCount", 1)? as usize;
    let (goals, unreachable): (Vec<_>, Vec<_>) = goals
        .into_iter()
        .partition(|(_, region)| region.len() >= wanted);
    for (side, region) in unreachable {
        let _ = writeln!(
            out,
            "# FS's {side}goal of {wanted} flag pieces on {} squares ({}) can never be met: left out",
            region.len(),
            region_text(&region, board)
        );
    }
    let modifiers: &[&str] = if also_unattacked {
        &[modifier, " if unattacked"]
    } else {
        &[modifier]
    };
    for (side, region) in goals {
        for modifier in modifiers {
            let _ = writeln!(
                out,
                "{side}reaching {} with {count}{} wins{modifier}",
                region_text(&region, board),
                pieces.join(", ")
            );
        }
    }
    Ok(())
}

/// FS's `flagMove` for the king (its Racing Kings rule, each side's
/// region in FS's absolute squares): White's king reaching its region
/// wins unless Black's answers by reaching its own, Black's wins at once.
/// `None` for any other flag rule.
fn racing_goal(options: &Options, board: &Board) -> Result<Option<String>, ImportError> {
    if !options.flag("flagMove", false)? || options.flag("flagPieceSafe", false)? {
        return Ok(None);
    }
    let letters = |first: &str, second: &str| {
        options
            .get(first)
            .or(options.get(second))
            .map(|s| s.value.trim().to_string())
    };
    let white = letters("flagPieceWhite", "flagPiece");
    if white != letters("flagPieceBlack", "flagPiece") {
        return Ok(None);
    }
    let pieces = &options.resolved.pieces;
    let keys = white.and_then(|l| super::fs::letters_to_keys(pieces, &l).ok());
    let royal_king = pieces.iter().any(|p| p.key == "king" && p.royal);
    if keys.as_deref() != Some(&["king".to_string()][..]) || !royal_king {
        return Ok(None);
    }
    let region = |own: &str| {
        let key = if options.get(own).is_some() {
            own
        } else {
            "flagRegion"
        };
        read_squares(options, key, board)
    };
    let (white, black) = (region("flagRegionWhite")?, region("flagRegionBlack")?);
    let Some(king) = named(options, "king") else {
        return Ok(None);
    };
    if white.is_empty() || black.is_empty() {
        return Ok(None);
    }
    Ok(Some(format!(
        "white reaching {} with {king} wins unless answered\nblack reaching {} with {king} wins\n",
        region_text(&white, board),
        region_text(&black_view(&black, board), board)
    )))
}

/// FS's counting rules (`countingRule`, [`super::fs::COUNTING_RULES`]):
/// `makruk` counts the board's honour once no pawn is left and the pieces'
/// honour for a bare king; `cambodian` the board's honour for a side of
/// three pieces or fewer, pawns or not, and its own pieces' honour;
/// `asean` the pieces' honour only. FS counts its
/// own piece types (`pawn`, `rook`, `silver` — its khon — and `knight`); a
/// limit against a type the section lacks never applies.
fn write_counting(options: &Options, out: &mut String) -> Result<(), ImportError> {
    let rule = options.text("countingRule", "none").trim();
    let known = super::fs::COUNTING_RULES.iter().find(|r| r.name == rule);
    let (board, from_pieces, limits) = match (rule, known) {
        ("none", _) => return Ok(()),
        (_, Some(known)) => (&known.board, known.from_pieces, known.limits),
        (other, None) => {
            return Err(options.error(
                "countingRule",
                format!(
                    "not one of FS's counting rules (none, makruk, cambodian, asean): `{other}`"
                ),
            ))
        }
    };
    let Some(pawn) = named(options, "pawn") else {
        return Err(options.error(
            "countingRule",
            "FS counts once no `pawn` is left, and the section has no pawn: varia cannot say a count with nothing to wait for yet",
        ));
    };
    if let Some(board) = board {
        let when = match board.when {
            super::fs::BoardWhen::NoPawn => format!("no {pawn}"),
            super::fs::BoardWhen::AtMostPieces(n) => format!("at most {n} pieces"),
        };
        let _ = writeln!(out, "counting board {} when {when}", board.moves);
    }
    let terms: Vec<String> = limits
        .iter()
        .filter_map(|&(moves, at_least, kind)| match kind {
            None => Some(format!("{moves} otherwise")),
            Some(key) => named(options, key).map(|piece| match at_least {
                1 => format!("{moves} against {piece}"),
                n => format!("{moves} against {n} {piece}"),
            }),
        })
        .collect();
    if !terms.is_empty() {
        let from = if from_pieces { " from pieces" } else { "" };
        let _ = writeln!(
            out,
            "counting bare{from} when no {pawn}: {}",
            terms.join(", ")
        );
    }
    Ok(())
}

/// Running out of pieces: FS's extinction options as `losing …` (each
/// piece type counted on its own, `*` all pieces together, as varia's rule).
fn write_extinction(options: &Options, out: &mut String) -> Result<(), ImportError> {
    if options.text("extinctionValue", "none") == "none" {
        return Ok(());
    }
    let result = result_word(options, "extinctionValue", "none")?;
    // The kinds counted each on its own; None: all pieces together (`*`).
    let kinds: Option<Vec<String>> = match options.text("extinctionPieceTypes", "").trim() {
        "" => {
            return Err(options.error(
                "extinctionPieceTypes",
                "an extinction rule without piece types",
            ))
        }
        "*" => None,
        letters => Some(
            super::fs::letters_to_keys(&options.resolved.pieces, letters)
                .map_err(|c| {
                    options.error(
                        "extinctionPieceTypes",
                        format!("no piece has the letter `{c}`"),
                    )
                })?
                .iter()
                .filter_map(|k| named(options, k))
                .collect(),
        ),
    };
    let count = options.number("extinctionPieceCount", 0)?;
    let opponent = options.number("extinctionOpponentPieceCount", 0)?;
    let back = match (opponent, options.flag("extinctionClaim", false)?) {
        (0, false) => "",
        (m, true) if m == count + 1 => " unless bared back",
        (_, false) => return write_extinction_hook(options, kinds, (count, opponent), out),
        _ => {
            return Err(options.error(
                "extinctionOpponentPieceCount",
                format!(
                    "varia can say 0 (without extinctionClaim), or {} with extinctionClaim \
                     (`unless bared back`)",
                    count + 1
                ),
            ))
        }
    };
    let left = if count == 0 {
        "every".to_string()
    } else {
        format!("all but {count}")
    };
    let what = kinds.map_or("piece".to_string(), |names| names.join(", "));
    let _ = writeln!(out, "losing {left} {what} {result}{back}");
    Ok(())
}

/// FS's extinction with a count of the other side's pieces
/// (`extinctionOpponentPieceCount`: a side that ran out wins only while
/// the other still has that many, Antiatomic's) as a `game-end` hook,
/// which no `losing` rule says: the side that just moved judged first,
/// each extinction type on its own (`*`: all pieces together), as FS.
/// Refused with hands (FS counts the pieces in hand too).
fn write_extinction_hook(
    options: &Options,
    kinds: Option<Vec<String>>,
    (count, opponent): (u32, u32),
    out: &mut String,
) -> Result<(), ImportError> {
    if options.flag("pieceDrops", false)? || options.flag("capturesToHand", false)? {
        return Err(options.error(
            "extinctionOpponentPieceCount",
            "a count of the other side's pieces with hands: FS counts the pieces in hand, which a hook cannot see",
        ));
    }
    let (counted, what) = match &kinds {
        None => (
            vec!["pos.pieces(SIDE).len()".to_string()],
            "pieces".to_string(),
        ),
        Some(names) => (
            names
                .iter()
                .map(|name| format!("pos.count(SIDE, \"{name}\")"))
                .collect(),
            format!("pieces of one of the kinds {}", names.join(", ")),
        ),
    };
    let (word, result) = match options.text("extinctionValue", "none").trim() {
        "win" => ("wins", "winner(side, \"it has lost its pieces\")"),
        "loss" => (
            "loses",
            "winner(opposite(side), \"it has lost its pieces\")",
        ),
        _ => ("draws", "draw(\"a side has lost its pieces\")"),
    };
    let _ = writeln!(
        out,
        "# FS's `extinctionOpponentPieceCount = {opponent}`: a side left with {count} or fewer {what}\n\
         # {word} only while the other has {opponent} or more; said by a hook, as no `losing`\n\
         # rule counts the other side's pieces."
    );
    out.push_str("hook game-end {\n    for side in [opposite(pos.side), pos.side] {\n");
    for c in counted {
        let mine = c.replace("SIDE", "side");
        let theirs = c.replace("SIDE", "opposite(side)");
        let _ = writeln!(
            out,
            "        if {mine} <= {count} && {theirs} >= {opponent} {{\n            return {result};\n        }}"
        );
    }
    out.push_str("    }\n}\n");
    Ok(())
}

/// The hands of the start FEN (what stands in brackets).
fn start_hand(options: &Options) -> String {
    let placement = options
        .text("startFen", "")
        .split_whitespace()
        .next()
        .unwrap_or("");
    placement
        .split_once('[')
        .map(|(_, hand)| hand.trim_end_matches(']').to_string())
        .unwrap_or_default()
}

/// Crazyhouse-style drops, with shogi's drop rules (`drop_rules`): one
/// `drop` line for the pieces that share a region and rules. FS's `pawn`
/// is not dropped on the first rank (unless `firstRankPawnDrops`) or in
/// the promotion region (unless `promotionZonePawnDrops`).
fn write_drops(
    options: &Options,
    board: &Board,
    promotions: &[PiecePromotion],
    out: &mut String,
) -> Result<(), ImportError> {
    let drops = options.flag("pieceDrops", false)?;
    let to_hand = options.flag("capturesToHand", false)?;
    match (drops, to_hand) {
        (false, false) => return Ok(()),
        // Without `capturesToHand`: drops of the start hands only.
        (true, _) => {}
        (false, true) => {
            return Err(options.error(
                "capturesToHand",
                "captures to hand without drops: varia cannot say that yet",
            ))
        }
    }
    for key in ["whiteDropRegion", "blackDropRegion"] {
        if options.get(key).is_some() {
            return Err(options.error(
                key,
                "varia cannot translate FS's old drop region options yet",
            ));
        }
    }
    let all = board.all();
    // Each side's drop region as that side sees it.
    let (white, black) = side_regions(
        options,
        board,
        ("", "dropRegionWhite", "dropRegionBlack"),
        (all.clone(), all.clone()),
    )?;
    let regions = [white, black_view(&black, board)];
    out.push_str(match (to_hand, free_drops(options)?) {
        (_, true) => "\nhands unlimited\n",
        (true, false) => "\nhands keep captures\n",
        (false, false) => "\nhands\n",
    });
    if to_hand {
        write_demotions(options, promotions, out)?;
    }
    let rules = drop_rules(options)?;
    let dropped_promoted = options.flag("dropPromoted", false)?;
    // (side, region and rules) → the pieces dropped so, in FS's order.
    let mut lines: Vec<((&str, String), Vec<String>)> = Vec::new();
    // A royal piece is dropped only from the start hands (Placement's
    // kings): captures never bring one to hand.
    let hand = start_hand(options).to_ascii_lowercase();
    let dropped = |p: &&FsPiece| !p.royal || hand.contains(p.letter.to_ascii_lowercase());
    for piece in options.resolved.pieces.iter().filter(dropped) {
        let piece_rules = rules.get(&piece.key).map(Vec::as_slice).unwrap_or_default();
        if piece_rules.iter().any(|r| r == "never") {
            // Never dropped: no region nor other rule goes with it.
            lines.push((("", " never".to_string()), vec![piece_name(piece)]));
            continue;
        }
        let sides = piece_drop_squares(options, board, piece, &regions, to_hand)?;
        let mut words = String::new();
        for rule in piece_rules {
            let _ = write!(words, " {rule}");
        }
        if dropped_promoted && promotions.iter().any(|p| p.letter == piece.letter) {
            // FS drops the promoted piece where the piece goes; varia's
            // `either-face` drops it anywhere.
            let restricted = sides.iter().find(|(_, squares)| *squares != all);
            if !words.is_empty() || restricted.is_some() {
                let within = restricted
                    .map(|(_, squares)| format!(" in {}", region_text(squares, board)))
                    .unwrap_or_default();
                return Err(options.error(
                    "dropPromoted",
                    format!("a promoted {} dropped where its drop rules ({}) allow: varia's `either-face` drops it on any empty square", piece_name(piece), format!("{within}{words}").trim()),
                ));
            }
            words.push_str(" either-face");
        }
        for (side, squares) in sides {
            // A pawn with no square to go to is not dropped (FS's pawn
            // rules may leave none).
            if piece.key == "pawn" && squares.is_empty() {
                continue;
            }
            let within = match squares == all {
                true => String::new(),
                false => format!(" in {}", region_text(&squares, board)),
            };
            let key = (side, format!("{within}{words}"));
            if key.1.is_empty() {
                continue;
            }
            match lines.iter_mut().find(|(k, _)| *k == key) {
                Some((_, names)) => names.push(piece_name(piece)),
                None => lines.push((key, vec![piece_name(piece)])),
            }
        }
    }
    for ((side, words), names) in lines {
        let _ = writeln!(out, "drop {side}{}{words}", names.join(", "));
    }
    if options.flag("mustDrop", false)? {
        let _ = writeln!(out, "drops compulsory");
    }
    if options.flag("castlingDroppedPiece", false)? && options.flag("castling", true)? {
        let _ = writeln!(out, "castling from drops");
    }
    Ok(())
}

/// What captured pieces return to hand as: FS's promoted pawn as a pawn
/// (`demote promoted`), a shogi-style promoted piece as its base.
fn write_demotions(
    options: &Options,
    promotions: &[PiecePromotion],
    out: &mut String,
) -> Result<(), ImportError> {
    // FS returns a piece promoted pawn-style as the side's main promotion
    // pawn type (`promotionPawnTypes`' first, FS's `pawn` by default).
    let main = promotion_pawn_key(options, false)?;
    if options
        .resolved
        .promotion_types
        .iter()
        .any(|k| Some(k) != main.as_ref())
        && main != promotion_pawn_key(options, true)?
    {
        return Err(options.error(
            "promotionPawnTypesBlack",
            "the sides' main promotion pawn types differ: a promoted piece captured goes to hand as its side's, which varia's `demote promoted` cannot say",
        ));
    }
    let pawn = main.and_then(|key| named(options, &key));
    // A pawn promoted shogi-style demotes as the other promoted kinds.
    let pawn_shogi = promotions.iter().any(|p| p.of_pawn);
    // A pawn type's, among its pawn-style choices, returns as the pawn
    // type either way.
    let others = promotions.iter().filter(|p| !p.with_pawn_choices).count();
    if let (Some(pawn), false, false) = (&pawn, others == 0, pawn_shogi) {
        return Err(options.error(
            "promotedPieceType",
            format!("shogi-style promotions beside a {pawn} captured back as a pawn when promoted (`demote promoted`): the bridge cannot write both yet"),
        ));
    }
    if let (Some(pawn), false) = (&pawn, pawn_shogi) {
        let _ = writeln!(out, "demote promoted to {pawn}");
    }
    // A royal piece is never taken, so never returns to hand (Gethenian's
    // pseudo-royal king, turning over on every move).
    for p in promotions.iter().filter(|p| !p.royal) {
        let _ = writeln!(out, "demote {} to {}", p.promoted, p.piece);
    }
    Ok(())
}

/// Where a piece is dropped, by the side's region (each as its side sees
/// it; FS's pawn rules narrow a pawn's): one entry for both sides (side
/// word empty) where each sees the same squares, else one a side.
fn piece_drop_squares(
    options: &Options,
    board: &Board,
    piece: &FsPiece,
    regions: &[Squares; 2],
    to_hand: bool,
) -> Result<Vec<(&'static str, Squares)>, ImportError> {
    let mut sides = Vec::new();
    for (side, region) in regions.iter().enumerate() {
        let mut squares = if piece.key == "pawn" {
            pawn_drop_region(options, board, (side, region), to_hand)?
        } else {
            region.clone()
        };
        if piece.key == "rook" && options.flag("sittuyinRookDrop", false)? {
            // FS drops its rook on the side's first rank only.
            squares.retain(|&(_, rank)| rank == 0);
        }
        // FS drops a piece only into its mobility region.
        if let Some(mobility) = mobility_region(options, board, &piece.key, side)? {
            let seen = if side == 0 {
                mobility
            } else {
                black_view(&mobility, board)
            };
            squares.retain(|sq| seen.contains(sq));
        }
        sides.push(squares);
    }
    Ok(match sides.as_slice() {
        [white, black] if white == black => vec![("", white.clone())],
        [white, black] => vec![("white ", white.clone()), ("black ", black.clone())],
        _ => Vec::new(),
    })
}

/// FS's `freeDrops` (a drop takes nothing from the hand) as `hands
/// unlimited`, which drops every kind as FS does; refused with captures
/// to hand or a royal piece (which FS would drop too).
fn free_drops(options: &Options) -> Result<bool, ImportError> {
    if !options.flag("freeDrops", false)? {
        return Ok(false);
    }
    if options.flag("capturesToHand", false)? || options.resolved.pieces.iter().any(|p| p.royal) {
        return Err(options.error(
            "freeDrops",
            "free drops with captures to hand or a royal piece: the bridge cannot write that yet",
        ));
    }
    Ok(true)
}

/// The Reversi and Ataxx rules after the drops: FS's `flipEnclosedPieces`
/// as `flip enclosed` (`reversi`), `flip adjacent` (`ataxx`) or `flip
/// adjacent unless dropped alone` (`quadwrangle`), and its
/// `enclosingDropStart` (the squares filled first while `enclosingDrop`
/// is on) as `drops first fill`, each side's own line where the squares
/// are not the same seen from Black's side.
fn write_flips(options: &Options, board: &Board, out: &mut String) -> Result<(), ImportError> {
    let enclosing = options.text("enclosingDrop", "none").trim() != "none";
    let start = read_squares(options, "enclosingDropStart", board)?;
    if enclosing && !start.is_empty() && options.flag("pieceDrops", false)? {
        let black = black_view(&start, board);
        if black == start {
            let _ = writeln!(out, "drops first fill {}", region_text(&start, board));
        } else {
            // The same squares for both sides (Annexation's, where its
            // parent Flipello's are off the centre of its larger board).
            let _ = writeln!(out, "white drops first fill {}", region_text(&start, board));
            let _ = writeln!(out, "black drops first fill {}", region_text(&black, board));
        }
    }
    match options.text("flipEnclosedPieces", "none").trim() {
        "none" => {}
        "reversi" => out.push_str("flip enclosed\n"),
        "ataxx" => out.push_str("flip adjacent\n"),
        "quadwrangle" => out.push_str("flip adjacent unless dropped alone\n"),
        other => {
            return Err(options.error(
                "flipEnclosedPieces",
                format!("FS has no flipping rule `{other}` (reversi, ataxx, quadwrangle)"),
            ))
        }
    }
    Ok(())
}

/// The ends FS scores by the pieces: `adjudicateFullBoard` as `full board
/// draws`, and `materialCounting` (which FS applies to every draw, as
/// varia does) as `draws win for more pieces` (`unweighted`) or `draws win
/// for white|black` (its draw odds); Janggi's points are refused.
fn write_counted_ends(options: &Options, out: &mut String) -> Result<(), ImportError> {
    if options.flag("adjudicateFullBoard", false)? {
        out.push_str("full board draws\n");
    }
    match options.text("materialCounting", "none").trim() {
        "none" => {}
        "unweighted" => out.push_str("draws win for more pieces\n"),
        "whitedrawodds" => out.push_str("draws win for white\n"),
        "blackdrawodds" => out.push_str("draws win for black\n"),
        "janggi" => write_janggi_points(options, out)?,
        other => {
            return Err(options.error(
                "materialCounting",
                format!("`{other}` is not one of FS's counting rules"),
            ))
        }
    }
    Ok(())
}

/// FS's janggi counting: the pieces on the board weighed by type (its
/// rook 13, janggi cannon 7, horse 5, janggi elephant 3, wazir 3, soldier
/// 2; other types nothing), Black given 1.5 for moving second, so that no
/// count is even.
fn write_janggi_points(options: &Options, out: &mut String) -> Result<(), ImportError> {
    let weights = [
        ("rook", 13),
        ("janggiCannon", 7),
        ("horse", 5),
        ("janggiElephant", 3),
        ("wazir", 3),
        ("soldier", 2),
    ];
    let mut points = Vec::new();
    for (key, weight) in weights {
        for kind in kinds_of_types(options, &[key.to_string()]) {
            points.push(format!("{kind} {weight}"));
        }
    }
    if points.is_empty() {
        return Err(options.error(
            "materialCounting",
            "janggi counting with none of the piece types it weighs",
        ));
    }
    let _ = writeln!(
        out,
        "draws win on points {} plus 1.5 for black",
        points.join(", ")
    );
    Ok(())
}

/// FS's `bikjangRule` (Janggi's bikjang): while its kings face each other
/// on an open file or rank, the side to move must break it or pass, and a
/// pass that leaves them facing ends the game as a draw (counted by
/// `materialCounting` like every draw), as varia's `facing royals draws`
/// says. Refused where other royal pieces would count as facing, or where
/// a side may not pass.
fn write_bikjang(options: &Options, out: &mut String) -> Result<(), ImportError> {
    if !options.flag("bikjangRule", false)? {
        return Ok(());
    }
    if options.royal_besides_king() {
        return Err(options.error(
            "bikjangRule",
            "bikjang beside other royal pieces: FS faces its kings only, varia's `facing royals` every royal piece",
        ));
    }
    for key in ["passWhite", "passBlack"] {
        if !options.flag(key, options.flag("pass", false)?)? {
            return Err(options.error(
                "bikjangRule",
                format!("bikjang where a side may not pass (`{key}`): varia's `facing royals` answers it with a pass"),
            ));
        }
    }
    out.push_str("facing royals draws\n");
    Ok(())
}

/// FS's `moveRepetitionIllegal` (modern Janggi's): a piece moved back and
/// forth the fifth time in a row, neither side in check, loses, unless it
/// cannot reach the squares the other side's king may stand on (by their
/// mobility regions), as varia's `moving back and forth loses` says.
/// Refused beside royal pieces other than FS's king, which varia would
/// count too.
fn write_move_repetition(options: &Options, out: &mut String) -> Result<(), ImportError> {
    if !options.flag("moveRepetitionIllegal", false)? {
        return Ok(());
    }
    if options.royal_besides_king() {
        return Err(options.error(
            "moveRepetitionIllegal",
            "beside royal pieces other than FS's king: FS frees the pieces that cannot reach its king's squares, varia those of every royal piece",
        ));
    }
    out.push_str("moving back and forth loses\n");
    Ok(())
}

/// Where FS drops its `pawn` for a side (0 White, 1 Black; its region as
/// it sees it): the drop region but the first rank and the side's
/// promotion region (each unless its option allows them).
fn pawn_drop_region(
    options: &Options,
    board: &Board,
    (side, region): (usize, &Squares),
    to_hand: bool,
) -> Result<Squares, ImportError> {
    let mut squares = region.clone();
    if !options.flag("firstRankPawnDrops", false)? {
        squares.retain(|&(_, r)| r != 0);
    }
    if !options.flag("promotionZonePawnDrops", false)? {
        let (white, black) = promotion_regions(options, board)?;
        let zone = match side {
            0 => white,
            _ => black_view(&black, board),
        };
        for square in zone {
            squares.remove(&square);
        }
    }
    if squares.is_empty() && (to_hand || start_hand(options).contains(['P', 'p'])) {
        return Err(options.error(
            "dropRegionWhite",
            "no square where a pawn in hand may be dropped: varia cannot say that yet",
        ));
    }
    Ok(squares)
}

/// The squares of the section's board (`maxFile` × `maxRank`).
fn board_cells(options: &Options) -> Result<usize, ImportError> {
    let board = read_board(options)?;
    Ok((board.files * board.ranks) as usize)
}

/// FS's pseudo-royal extinction pieces (`extinctionPseudoRoyal = true`):
/// FS keeps safe each piece of an extinction type whose side has at most
/// `extinctionPieceCount + 1` of that type on the board, and then judges
/// no extinction at all (a safe piece is never taken). Two ways varia says
/// it exactly:
/// - royal kinds, when no side can ever have more than that many of a
///   type: the count is the board's squares or more (Coregal's 64), or
///   the side's extinction pieces are that few at the start (all types
///   together), none in hand, and a piece becomes one of these types only
///   by promoting from one (Chak's king to its divine king);
/// - with a count of 0, one royal group per type (`check when the last
///   Maharajah is attacked`: none safe while the side has two), when no
///   piece promotes to or from the type, or every promotion to it ends
///   the game at once (`promotions_end_the_game`, Back Rank), and none is
///   dropped (FS keeps a dropped one, or a newly promoted one's old
///   partner, safe for that move by the count before it).
///
/// A copy of `resolved` with those kinds royal and the extinction options
/// gone, and the keys of the grouped types; `None` for a section without
/// pseudo-royal pieces. With `blastOnCapture` FS judges extinction after
/// all: only losing the piece losing (as Atomic's king) is taken.
fn pseudo_royal(resolved: &Resolved) -> Result<Option<(Resolved, Vec<String>)>, ImportError> {
    let options = Options {
        resolved,
        royal_groups: &[],
    };
    let royal = resolved.pieces.iter().any(|p| p.royal);
    let blast = options.flag("blastOnCapture", false)?;
    if blast && royal {
        return Err(options.error(
            "blastOnCapture",
            "FS takes no king (royal piece) with `blastOnCapture`",
        ));
    }
    if !options.flag("extinctionPseudoRoyal", false)? {
        return Ok(None);
    }
    let refuse = |why: &str| {
        Err(options.error(
            "extinctionPseudoRoyal",
            format!(
                "varia says FS's pseudo-royal pieces as royal pieces or royal groups, and {why}"
            ),
        ))
    };
    let letters = options.text("extinctionPieceTypes", "").trim();
    let Ok(keys) = super::fs::letters_to_keys(&resolved.pieces, letters) else {
        return refuse("the extinction piece types are not the section's pieces");
    };
    if keys.is_empty() || letters.contains('*') {
        return refuse("the extinction piece types are not named kinds of piece");
    }
    let count = options.number("extinctionPieceCount", 0)?;
    let plain = options.text("extinctionValue", "none").trim() == "loss"
        && count == 0
        && options.number("extinctionOpponentPieceCount", 0)? == 0
        && !options.flag("extinctionClaim", false)?;
    if blast && !plain {
        return refuse("with explosions, losing it must lose (`extinctionValue = loss`, counts 0)");
    }
    let fen = options.text("startFen", CHESS_FEN);
    let placement = fen.split_whitespace().next().unwrap_or("");
    let (board, hand) = placement.split_once('[').unwrap_or((placement, ""));
    let letter = |k: &String| {
        resolved
            .pieces
            .iter()
            .find(|p| &p.key == k)
            .map(|p| p.letter)
    };
    let letters: Vec<char> = keys.iter().filter_map(letter).collect();
    let on_board = |upper: bool| {
        board
            .chars()
            .filter(|c| {
                c.is_ascii_uppercase() == upper && letters.contains(&c.to_ascii_uppercase())
            })
            .count()
    };
    let in_hand = hand
        .chars()
        .any(|c| letters.contains(&c.to_ascii_uppercase()));
    let extinct = |k: &String| keys.contains(k);
    let pawn_promotes_to = resolved.promotion_types.iter().any(extinct);
    let promoted: Vec<(&String, &String)> = resolved
        .promoted
        .iter()
        .filter_map(|(from, to)| Some((from, to.as_ref()?)))
        .collect();
    // FS's king (royal, one a side) promoting to a type no side starts
    // with makes one of it at most (an export of Chak: its king, FS's,
    // promotes to its divine king).
    let king_to_absent = |from: &String, to: &String| {
        let royal_king = resolved.pieces.iter().any(|p| &p.key == from && p.royal);
        royal_king
            && extinct(to)
            && letter(to).is_some_and(|l| !placement.contains([l, l.to_ascii_lowercase()]))
    };
    // A count no side can exceed keeps every one safe (FS's Coregal: 64).
    let unbounded = count as usize + 1 >= (board_cells(&options)?).max(1);
    let closed = unbounded
        || !pawn_promotes_to
            && promoted
                .iter()
                .all(|(from, to)| extinct(from) == extinct(to) || king_to_absent(from, to))
            && !in_hand
            && on_board(true).max(on_board(false)) <= count as usize + 1;
    let isolated = count == 0
        && (!pawn_promotes_to
            && !promoted
                .iter()
                .any(|(from, to)| extinct(from) || extinct(to))
            || promotions_end_the_game(&options, &keys)?)
        && !in_hand
        && !options.flag("capturesToHand", false)?;
    let mut royal = resolved.clone();
    let groups = if closed {
        for piece in royal.pieces.iter_mut().filter(|p| extinct(&p.key)) {
            piece.royal = true;
        }
        Vec::new()
    } else if isolated {
        keys.clone()
    } else {
        return refuse("a side may have more of a type than are kept safe (at the start, by promotion or by drops), so FS's safety changes with the count in ways varia does not say");
    };
    if !starts_with_royal(&royal, &groups, board) {
        return refuse("a side starts without a royal piece");
    }
    remove_extinction_options(&mut royal);
    Ok(Some((royal, groups)))
}

/// Whether each side starts with a royal piece or one of a royal group
/// on the board (`board`: the start FEN's placement).
fn starts_with_royal(royal: &Resolved, groups: &[String], board: &str) -> bool {
    let has_royal = |upper: bool| {
        royal.pieces.iter().any(|p| {
            let letter = if upper {
                p.letter
            } else {
                p.letter.to_ascii_lowercase()
            };
            (p.royal || groups.contains(&p.key)) && board.contains(letter)
        })
    };
    has_royal(true) && has_royal(false)
}

/// Takes FS's extinction options out of a section whose extinction pieces
/// the import made royal kinds or groups.
fn remove_extinction_options(royal: &mut Resolved) {
    for key in [
        "extinctionPseudoRoyal",
        "extinctionValue",
        "extinctionPieceTypes",
        "extinctionPieceCount",
        "extinctionOpponentPieceCount",
        "extinctionClaim",
    ] {
        royal.options.remove(key);
    }
}

/// Whether every promotion into an extinction type ends the game at once
/// (Back Rank: a piece reaching the last rank becomes a king there, and a
/// king there wins), so that no side has two of the type while the game
/// goes on: the type is the flag piece, reached by one piece at once
/// (no `flagMove`, `flagPieceSafe` or count), the promotions are
/// compulsory, from types that are not extinction types, and each side's
/// promotion region lies in its flag region; and no piece that promotes
/// so stands in its side's promotion region at the start (it would
/// promote leaving it). FS keeps only the piece that was there safe, and
/// the group (`check when the last King is attacked`) does the same.
fn promotions_end_the_game(options: &Options, keys: &[String]) -> Result<bool, ImportError> {
    let resolved = options.resolved;
    let mut into: Vec<&String> = resolved
        .promoted
        .iter()
        .filter(|(_, to)| to.as_ref().is_some_and(|t| keys.contains(t)))
        .map(|(from, _)| from)
        .collect();
    // A pawn-style promotion into the type lands in the promotion region
    // too (FS promotes pawns only on arriving there).
    let pawn_keys = [
        promotion_pawn_key(options, false)?,
        promotion_pawn_key(options, true)?,
    ];
    let pawn_into = |types: &[String]| types.iter().any(|t| keys.contains(t));
    for (pawn, types) in pawn_keys
        .iter()
        .zip([&resolved.promotion_types, &resolved.black_promotion_types])
    {
        if let Some(pawn) = pawn.as_ref().filter(|_| pawn_into(types)) {
            if !into.contains(&pawn) {
                into.push(pawn);
            }
        }
    }
    if into.is_empty() || into.iter().any(|from| keys.contains(from)) {
        return Ok(false);
    }
    let flag = super::fs::letters_to_keys(&resolved.pieces, options.text("flagPiece", "").trim())
        .unwrap_or_default();
    let one_flag = matches!(flag.as_slice(), [one] if keys.contains(one))
        && options.get("flagPieceWhite").is_none()
        && options.get("flagPieceBlack").is_none();
    if !one_flag
        || options.flag("flagMove", false)?
        || options.flag("flagPieceSafe", false)?
        || options.number("flagPieceCount", 1)? != 1
        || !options.flag("mandatoryPiecePromotion", false)?
    {
        return Ok(false);
    }
    let board = read_board(options)?;
    let (white_zone, black_zone) = promotion_regions(options, &board)?;
    let white_flag = read_squares(options, "flagRegionWhite", &board)?;
    let black_flag = read_squares(options, "flagRegionBlack", &board)?;
    if !white_zone.is_subset(&white_flag) || !black_zone.is_subset(&black_flag) {
        return Ok(false);
    }
    let letters: Vec<char> = resolved
        .pieces
        .iter()
        .filter(|p| into.contains(&&p.key))
        .map(|p| p.letter)
        .collect();
    let start = placement(options.text("startFen", CHESS_FEN), &board);
    let promotes_leaving = start.iter().any(|(square, &c)| {
        let zone = if c.is_ascii_uppercase() {
            &white_zone
        } else {
            &black_zone
        };
        letters.contains(&c.to_ascii_uppercase()) && zone.contains(square)
    });
    Ok(!promotes_leaving)
}

/// FS's `blastOnCapture` as `captures explode`: FS spares its `pawn` type
/// (not every promoting piece) next to the capture, and `blastImmuneTypes`
/// never explode (`immune`). With petrifying captures too (Nuclear
/// chess), the capturer turns to stone as its neighbours explode, as in
/// FS.
fn write_explosions(options: &Options, out: &mut String) -> Result<(), ImportError> {
    if !options.flag("blastOnCapture", false)? {
        return Ok(());
    }
    let _ = write!(out, "\ncaptures explode");
    if let Some(pawn) = named(options, "pawn") {
        let _ = write!(out, " sparing {pawn}");
    }
    let immune = options.text("blastImmuneTypes", "").trim();
    if !immune.is_empty() && immune != "-" {
        let keys = super::fs::letters_to_keys(&options.resolved.pieces, immune).map_err(|c| {
            options.error("blastImmuneTypes", format!("no piece has the letter `{c}`"))
        })?;
        let names: Vec<String> = keys.iter().filter_map(|k| named(options, k)).collect();
        if !names.is_empty() {
            let _ = write!(out, " immune {}", names.join(", "));
        }
    }
    out.push('\n');
    Ok(())
}
