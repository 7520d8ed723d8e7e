//! `varia export`: a compiled script as a Fairy-Stockfish `.ini` section
//! (which pychess-variants takes as a user variant too). The section has
//! no parent, so FS starts from no pieces; every piece is a custom piece
//! with its Betza, the royal one FS's `king`. What FS cannot say the way
//! varia means it is an [`ExportError`] naming the declaration.

use std::fmt::Write as _;

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::pattern::Travel;
use crate::ir::piece::{ByColor, Color, Piece, PieceDef, PieceKind, WALL_CODE};
use crate::ir::rule::{ConnectShape, GameEndRules, GameResult, Goal, WallPlacement};
use crate::ir::Variant;

mod cambodian;
mod chasing;
mod counting;
mod drops;
mod janggi;
mod shatar;
mod sittuyin;
mod soldier;

/// Why a variant cannot be written for Fairy-Stockfish: the declaration
/// and the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot export `{declaration}`: {reason}")]
pub struct ExportError {
    /// The declaration (or feature) FS cannot express.
    pub declaration: String,
    /// Why.
    pub reason: String,
}

fn refuse(declaration: impl Into<String>, reason: impl Into<String>) -> ExportError {
    ExportError {
        declaration: declaration.into(),
        reason: reason.into(),
    }
}

/// FS's largest board (its largeboards build, which pychess-variants runs).
const MAX_FILES: u8 = 12;
const MAX_RANKS: u8 = 10;

/// The `.ini` section for `variant`, named `name`.
pub fn export_variant(variant: &Variant, name: &str) -> Result<String, ExportError> {
    check_exportable(variant)?;
    let janggi = janggi::plan(variant)?;
    let unlimited = variant.hands.as_ref().is_some_and(|h| h.unlimited);
    if unlimited && janggi.janggi_king {
        return Err(refuse(
            "hands unlimited",
            "Fairy-Stockfish's free drops are its built-in ataxx's, and its palace king its built-in janggi's: a section starts from one of them",
        ));
    }
    let geometry = &variant.geometry;
    let mut out = String::new();
    let _ = writeln!(out, "# {} (exported by `varia export`)", variant.name);
    if janggi.janggi_king {
        let _ = writeln!(
            out,
            "# Fairy-Stockfish's king moves along the palace diagonals only in its built-in janggi: the section starts from it"
        );
        let _ = writeln!(out, "[{name}:janggi]");
    } else if unlimited {
        let _ = writeln!(
            out,
            "# Fairy-Stockfish's free drops (`hands unlimited`) are its built-in ataxx's only: the section starts from it"
        );
        let _ = writeln!(out, "[{name}:ataxx]");
    } else {
        let _ = writeln!(out, "[{name}]");
    }
    let header = out.len();
    let sides = &variant.side_names;
    if sides.white != "White" || sides.black != "Black" {
        let _ = writeln!(
            out,
            "# `sides \"{}\" \"{}\"`: Fairy-Stockfish calls them White and Black",
            sides.white, sides.black
        );
    }
    if variant.shuffle.is_some() {
        // FS plays from any array it is given, but deals none itself.
        let _ = writeln!(
            out,
            "# `shuffle …`: Fairy-Stockfish deals no random start array; this section starts from the setup's"
        );
    }
    let _ = writeln!(out, "maxFile = {}", geometry.files());
    let _ = writeln!(out, "maxRank = {}", geometry.ranks());
    write_pieces(variant, &janggi, &mut out)?;
    soldier::write_rank(variant, &mut out);
    let promotions = write_promotion(variant, &mut out)?;
    if drops::write_hands(variant, &promotions, &mut out)? {
        let why = if promotions.optional {
            "promote … optional"
        } else {
            "drop …"
        };
        write_immobility(variant, &promotions, why, &mut out)?;
    }
    write_castling(variant, &mut out)?;
    write_game_end(variant, &mut out)?;
    write_en_passant_region(variant, &mut out);
    write_walls(variant, &mut out)?;
    write_explosions(variant, &mut out)?;
    write_flying_general(variant, &mut out)?;
    for (kind, squares) in region_mobility(variant)? {
        let name = drops::fs_piece_name(variant, kind);
        drops::write_regions(
            variant,
            &squares,
            &format!("mobilityRegion{{}}{name}"),
            &mut out,
        );
    }
    write_counted_ends(variant, &mut out);
    janggi::write_rules(variant, &janggi, &mut out)?;
    let petrifying = letters_of(variant, |p| p.petrifies);
    if !petrifying.is_empty() {
        let _ = writeln!(out, "petrifyOnCaptureTypes = {petrifying}");
    }
    if janggi.janggi_king {
        let written = out[header..].to_string();
        janggi::reset_janggi_parent(&written, &mut out);
    }
    if unlimited {
        let written = out[header..].to_string();
        drops::reset_ataxx_parent(&written, &mut out);
    }
    let _ = writeln!(out, "startFen = {}", fs_start_fen(variant));
    Ok(out)
}

/// A section starting from one of FS's built-ins (`janggi`, `ataxx`):
/// each option of `defaults` the section has not written (`written`, its
/// lines so far) goes back to FS's default value, so that the section
/// keeps only what it needs the built-in for.
fn reset_parent_options(written: &str, defaults: &[(&str, &str)], out: &mut String) {
    let has = |key: &str| {
        written
            .lines()
            .any(|l| l.split_once('=').is_some_and(|(k, _)| k.trim() == key))
    };
    for (key, value) in defaults {
        if !has(key) {
            let _ = writeln!(out, "{key} = {value}");
        }
    }
}

/// Whether no capture en passant can ever happen: no piece takes en
/// passant (Georgian chess), or nothing double-steps (no first moves, no
/// double step from a region).
fn no_en_passant(variant: &Variant) -> bool {
    let first_moves = |p: &PieceDef| {
        p.patterns
            .iter()
            .any(|m| m.initial || m.from_region.is_some())
    };
    let double_steps = variant.pieces.iter().any(first_moves)
        || fs_pawn(variant).is_some_and(|k| pawn_double_step_region(variant, k).is_some());
    variant.tables.en_passant_sources.is_empty() || !double_steps
}

/// Where FS may capture en passant (`enPassantRegion…`), where it would
/// otherwise differ from the script.
fn write_en_passant_region(variant: &Variant, out: &mut String) {
    let first_moves = |p: &PieceDef| {
        p.patterns
            .iter()
            .any(|m| m.initial || m.from_region.is_some())
    };
    // FS would still let its pawns take en passant, so its en passant
    // squares go.
    if no_en_passant(variant) {
        out.push_str("enPassantRegion = -\n");
    } else {
        // FS makes en passant squares of every custom piece's first move;
        // a side whose opponent has first moves but never a piece varia
        // lets be taken en passant (Spartan's White: Black's hoplites
        // step two squares, its pawns are none) takes none.
        let mut region = variant.en_passant_region.unwrap_or(ByColor {
            white: *variant.geometry.squares(),
            black: *variant.geometry.squares(),
        });
        let mut narrowed = variant.en_passant_region.is_some();
        for color in Color::ALL {
            let has = |k: usize| !never_has(variant, PieceKind(k as u8), color.opposite());
            let victims = variant.pieces.iter().enumerate().any(|(k, p)| {
                p.taken_en_passant && p.patterns.iter().any(|m| m.passes_squares()) && has(k)
            });
            let others = variant
                .pieces
                .iter()
                .enumerate()
                .any(|(k, p)| !p.taken_en_passant && first_moves(p) && has(k));
            if others && !victims {
                *region.get_mut(color) = SquareSet::default();
                narrowed = true;
            }
        }
        if narrowed {
            write_side_regions(variant, &region, "enPassantRegion", out);
        }
    }
}

/// Whether the board has voids (`board … without`), which FS has as
/// walls (`*` in its FENs) that never go.
pub(super) fn has_voids(variant: &Variant) -> bool {
    let geometry = &variant.geometry;
    geometry.squares().iter().count() != geometry.files() as usize * geometry.ranks() as usize
}

/// The start FEN as FS reads it: the script's, with every void written
/// as FS's wall `*` (a script may count voids as empty squares).
fn fs_start_fen(variant: &Variant) -> String {
    if !has_voids(variant) {
        return variant.start_fen.clone();
    }
    let geometry = &variant.geometry;
    let (placement, fields) = variant
        .start_fen
        .split_once(' ')
        .unwrap_or((&variant.start_fen, ""));
    let hands = placement.find('[').map_or("", |i| &placement[i..]);
    let mut out = String::new();
    for rank in (0..geometry.ranks() as i32).rev() {
        let mut empty = 0;
        for file in 0..geometry.files() as i32 {
            let token = match geometry.cell(file, rank) {
                Some(sq)
                    if !geometry.is_void(sq) && variant.start.board[sq.index()] != WALL_CODE =>
                {
                    Piece::from_board_code(variant.start.board[sq.index()]).map(|p| {
                        let promoted = if variant.start.promoted.contains(&sq) {
                            "~"
                        } else {
                            ""
                        };
                        variant.piece(p.kind).token(p.color) + promoted
                    })
                }
                _ => Some("*".to_string()),
            };
            match token {
                None => empty += 1,
                Some(token) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push_str(&token);
                }
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    format!("{out}{hands} {fields}").trim_end().to_string()
}

/// The piece rules FS cannot say, or the bridge does not write yet: first
/// moves in FEN or lost (Cambodian chess), moves forbidden in check,
/// hoppers that may not hop some pieces (Janggi's cannons).
fn check_piece_rules(variant: &Variant) -> Result<(), ExportError> {
    // Cambodian chess's first moves (its king's forbidden in check) are
    // FS's `cambodianMoves`; any others are refused there.
    let cambodian = cambodian::plan(variant)?;
    if let Some((_, p)) = variant.pieces.iter().enumerate().find(|&(k, p)| {
        p.patterns.iter().any(|m| m.unless_in_check)
            && cambodian.is_none_or(|c| c.king != PieceKind(k as u8))
    }) {
        return Err(refuse(
            format!("also {} … unless in check", p.name),
            "Fairy-Stockfish's Betza has no move forbidden in check",
        ));
    }
    if let Some((_, p)) = variant.pieces.iter().enumerate().find(|&(k, p)| {
        (p.never_hops.white != 0 || p.never_hops.black != 0)
            && !janggi::janggi_cannon(variant, PieceKind(k as u8))
    }) {
        return Err(refuse(
            format!("restrict {}: never hop over", p.name),
            "Fairy-Stockfish's hoppers hop any piece, but for its janggi cannon (`pR`), which hops over and takes no janggi cannon of either side",
        ));
    }
    Ok(())
}

/// Flipping, passing and the ends scored by the pieces (Reversi and
/// Ataxx): `flip …` as FS's `flipEnclosedPieces`, `pass when stuck` as
/// `passOnStalemate`, `full board draws` as `adjudicateFullBoard`, `draws
/// win for more pieces` as `materialCounting = unweighted`, and `draws win
/// for white|black` as its draw odds (Armageddon). (Their drop
/// rules come with `hands`, which the bridge refuses.)
fn write_counted_ends(variant: &Variant, out: &mut String) {
    match variant.flip {
        Some(crate::ir::rule::Flip::Enclosed) => out.push_str("flipEnclosedPieces = reversi\n"),
        Some(crate::ir::rule::Flip::Adjacent) => out.push_str("flipEnclosedPieces = ataxx\n"),
        Some(crate::ir::rule::Flip::AdjacentUnlessDroppedAlone) => {
            out.push_str("flipEnclosedPieces = quadwrangle\n")
        }
        None => {}
    }
    let rules = &variant.game_end;
    if rules.pass_when_stuck {
        out.push_str("passOnStalemate = true\n");
    }
    if rules.pass_allowed {
        out.push_str("pass = true\n");
    }
    if rules.full_board_draws {
        out.push_str("adjudicateFullBoard = true\n");
    }
    if rules.draws_to_more_pieces {
        out.push_str("materialCounting = unweighted\n");
    }
    // `draws win for white|black` (Armageddon), FS's draw odds.
    match rules.draw_odds {
        Some(crate::ir::piece::Color::White) => out.push_str("materialCounting = whitedrawodds\n"),
        Some(crate::ir::piece::Color::Black) => out.push_str("materialCounting = blackdrawodds\n"),
        None => {}
    }
}

/// What FS has no way to say at all.
fn check_exportable(variant: &Variant) -> Result<(), ExportError> {
    let geometry = &variant.geometry;
    if geometry.files() > MAX_FILES || geometry.ranks() > MAX_RANKS {
        return Err(refuse(
            format!("board {} x {}", geometry.files(), geometry.ranks()),
            "Fairy-Stockfish's boards are at most 12 x 10",
        ));
    }
    if has_voids(variant) {
        if let Some(piece) = variant.pieces.iter().find(|p| {
            p.patterns.iter().any(|m| {
                matches!(
                    m.travel,
                    Travel::Hop | Travel::HopRight | Travel::JumpingLeap
                )
            })
        }) {
            return Err(refuse(
                format!("piece {} {} \"{}\"", piece.name, piece.letter, piece.betza),
                "a move over pieces (`p`, `g`, `j`) on a board with voids: Fairy-Stockfish's voids are walls, which its hoppers hop and varia's do not",
            ));
        }
    }
    if variant.hooks.is_some() {
        return Err(refuse(
            "hook",
            "Fairy-Stockfish runs no code of a variant's own",
        ));
    }
    // FS plays a side without its king (Horde's White) from a start FEN
    // without one: a side that never has a royal piece says the same.
    for (color, side) in [(Color::White, "white"), (Color::Black, "black")] {
        let mut royal_kinds = (0..variant.pieces.len())
            .filter(|&k| variant.pieces[k].royal)
            .map(|k| PieceKind(k as u8));
        if *variant.without_royal.get(color) && !royal_kinds.all(|k| never_has(variant, k, color)) {
            return Err(refuse(
                format!("{side} has no royal piece"),
                "Fairy-Stockfish has no option for a side without its king, only a start without one: here the side may have a piece of a royal kind",
            ));
        }
    }
    check_piece_rules(variant)?;
    if let Some(kind) = black_differs_from_fs(variant) {
        let piece = &variant.pieces[kind.0 as usize];
        return Err(refuse(
            format!("piece {} {} \"{}\"", piece.name, piece.letter, piece.betza),
            "it moves differently to the left and to the right, and Fairy-Stockfish turns Black's pieces by 180° where the script mirrors them (`symmetry rotate` would turn them)",
        ));
    }
    pseudo_royals(variant)?;
    check_en_passant_victims(variant)?;
    sittuyin::plan(variant)?;
    if variant.pieces.iter().any(|p| {
        !p.royal && (p.only_takes_checker.white || p.only_takes_checker.black)
            || p.royal && p.only_takes_checker.white != p.only_takes_checker.black
    }) {
        return Err(refuse(
            "restrict … in check only take the checker",
            "Fairy-Stockfish's makpongRule holds for the king of both sides only",
        ));
    }
    if !variant.borders.is_empty() {
        return Err(refuse(
            "border",
            "Fairy-Stockfish has no borders a move may not cross",
        ));
    }
    Ok(())
}

/// Under `symmetry mirror`, the first piece whose moves differ to the left
/// and to the right, if any: FS's Black moves as White turned by 180° (its
/// Betza directions negated), which is White mirrored only for a piece
/// whose every move has its twin across the file. Under `symmetry rotate`
/// none: Black is White turned, as in FS.
fn black_differs_from_fs(variant: &Variant) -> Option<PieceKind> {
    if variant.symmetry == crate::ir::geometry::Symmetry::Rotate {
        return None;
    }
    variant
        .pieces
        .iter()
        .position(|piece| !piece.moves_alike_left_and_right())
        .map(|k| PieceKind(k as u8))
}

/// The pieces written as FS's own types because its rules need them, with
/// the type's option name: the counted ones, the bishop it drops on
/// opposite colours, Shatar's checking pieces and Janggi's types.
fn own_types(
    variant: &Variant,
    janggi: &janggi::JanggiPlan,
) -> Result<Vec<(PieceKind, &'static str)>, ExportError> {
    let mut own_types = counting::counted_types(variant)?;
    if let Some(plan) = cambodian::plan(variant)? {
        for (kind, key) in plan.types() {
            if !own_types.iter().any(|&(k, _)| k == kind) {
                own_types.push((kind, key));
            }
        }
    }
    own_types.extend(drops::opposite_coloured_bishop(variant).map(|k| (k, "bishop")));
    if let Some(rook) = drops::sittuyin_rook(variant) {
        if !own_types.iter().any(|&(k, _)| k == rook) {
            own_types.push((rook, "rook"));
        }
    }
    own_types.extend(soldier::soldier(variant).map(|(k, _)| (k, "soldier")));
    for (kind, key) in chasing::chasing_types(variant)? {
        if !own_types.iter().any(|&(k, _)| k == kind) {
            own_types.push((kind, key));
        }
    }
    for (kind, key) in shatar::shak_types(variant)?
        .into_iter()
        .chain(janggi.types.iter().copied())
    {
        if !own_types.iter().any(|&(k, _)| k == kind) {
            own_types.push((kind, key));
        }
    }
    Ok(own_types)
}

/// Every piece as FS's custom piece (`customPieceN = x:BETZA`), the royal
/// one as `king = k:BETZA`, but those `own_types` writes as FS's types.
fn write_pieces(
    variant: &Variant,
    janggi: &janggi::JanggiPlan,
    out: &mut String,
) -> Result<(), ExportError> {
    let king = fs_king(variant);
    if king.is_none() {
        // Every piece is a custom one; FS's king goes.
        out.push_str("king = -\n");
    }
    let no_mate = drops::no_mate_kind(variant)?;
    let own_types = own_types(variant, janggi)?;
    let cambodian = cambodian::plan(variant)?;
    // Its `also` moves are FS's soldier's.
    let soldier = soldier::soldier(variant).map(|(kind, _)| kind);
    // FS's own types first, then the custom pieces in the script's order:
    // the order an import of the section gives the pieces back.
    let mut customs = String::new();
    let mut custom = 0;
    let mut initial_rank: Option<i32> = None;
    let mut first_regions: Vec<ByColor<SquareSet>> = Vec::new();
    for (index, piece) in variant.pieces.iter().enumerate() {
        let declaration = format!("piece {} {} \"{}\"", piece.name, piece.letter, piece.betza);
        let own_type = own_types.iter().any(|&(k, _)| k.0 as usize == index);
        let legs = |group: super::fs::BetzaGroup| {
            hop_over_next(group.text.trim()).is_none() && group.text.contains(['a', 'y', 'z', '('])
        };
        if !own_type
            && (piece
                .patterns
                .iter()
                .any(|p| !p.paths.is_empty() && hop_over_next(&p.betza).is_none())
                || super::fs::betza_groups(&piece.betza).into_iter().any(legs))
        {
            return Err(refuse(declaration, "a multi-leg move (XBetza `a`, `y`, `z`, groups): the bridge writes single-leg Betza only"));
        }
        let pawn_steps = fs_pawn(variant) == Some(PieceKind(index as u8));
        if soldier != Some(PieceKind(index as u8)) {
            check_also_moves(piece, pawn_steps, janggi, &declaration)?;
        }
        // FS's `cambodianMoves` gives these their first moves.
        let cambodian_firsts = cambodian.is_some_and(|c| c.has_first_moves(PieceKind(index as u8)));
        let first_moves = if cambodian_firsts {
            String::new()
        } else {
            region_first_moves(variant, piece, pawn_steps, &declaration, &mut first_regions)?
        };
        if !pawn_steps && double_steps_after_the_first_move(variant, PieceKind(index as u8)) {
            return Err(refuse(
                declaration,
                "a double step that can be taken en passant on any move (Torpedo): Fairy-Stockfish's custom pieces make en passant squares on first moves only",
            ));
        }
        if piece.patterns.iter().any(|p| p.initial) && !cambodian_firsts {
            initial_rank = Some(initial_moves_rank(
                variant,
                PieceKind(index as u8),
                &declaration,
                initial_rank,
            )?);
        }
        let betza = fs_betza(variant, piece, &first_moves, &declaration)?;
        let letter = fs_letter(variant, PieceKind(index as u8));
        if king == Some(PieceKind(index as u8)) && janggi.janggi_king {
            // The built-in janggi's king: any `king = …` line would
            // make it another.
            if letter != 'k' {
                return Err(refuse(
                    declaration,
                    "Fairy-Stockfish's janggi king, the one that moves along the palace diagonals, is written `K`",
                ));
            }
            continue;
        }
        if king == Some(PieceKind(index as u8)) {
            if cambodian.is_some_and(|c| c.king == PieceKind(index as u8)) {
                // FS's own king type, whose first moves it knows.
                let _ = writeln!(out, "king = {letter}");
            } else {
                let _ = writeln!(out, "king = {letter}:{betza}");
            }
            continue;
        }
        if no_mate == Some(PieceKind(index as u8)) {
            let _ = writeln!(out, "shogiPawn = {letter}");
            continue;
        }
        if fs_pawn(variant) == Some(PieceKind(index as u8)) {
            let _ = writeln!(out, "pawn = {letter}");
            continue;
        }
        if let Some((_, key)) = own_types.iter().find(|(k, _)| k.0 as usize == index) {
            let _ = writeln!(out, "{key} = {letter}");
            continue;
        }
        if promoted_alias(variant, PieceKind(index as u8)).is_some() {
            continue;
        }
        if letter == '?' {
            return Err(refuse(
                declaration,
                "Fairy-Stockfish has a letter a piece type, 26 in all",
            ));
        }
        custom += 1;
        if custom > super::fs::CUSTOM_PIECES {
            return Err(refuse(
                declaration,
                "Fairy-Stockfish has 25 custom pieces at most",
            ));
        }
        let _ = writeln!(customs, "customPiece{custom} = {letter}:{betza}");
    }
    out.push_str(&customs);
    if cambodian.is_some() {
        // FS reads the first moves from the FEN's castling field as gates.
        out.push_str("cambodianMoves = true\ngating = true\n");
    }
    write_first_move_region(variant, initial_rank, &first_regions, out)
}

/// A piece's Betza as FS's: its lame leaps as FS makes them, its first
/// moves from a region (`first_moves`) after, without `e` where nothing
/// is taken en passant (`enPassantRegion = -`), as the import reads it.
fn fs_betza(
    variant: &Variant,
    piece: &PieceDef,
    first_moves: &str,
    declaration: &str,
) -> Result<String, ExportError> {
    let plain: String = super::fs::betza_groups(&piece.betza)
        .into_iter()
        .map(|group| hop_over_next(group.text.trim()).unwrap_or(group.text))
        .filter(|text| !text.trim().is_empty())
        .collect::<Vec<_>>()
        .join("")
        .split_whitespace()
        .collect();
    let mut betza = fs_lame_leaps(&plain, declaration)? + first_moves;
    if no_en_passant(variant) {
        betza.retain(|c| c != 'e');
    }
    Ok(betza)
}

/// A hop over the next square and one step straight on, `pafF` (a first
/// leg that jumps a piece, then `f`), as FS's ranged hopper `pB2`: FS
/// counts a hopper's range from the piece's square, so its `pB2` lands
/// two steps away over a piece right next to it (the import's
/// `fs_ranged_hops`). `None` for any other Betza.
fn hop_over_next(betza: &str) -> Option<String> {
    let (first, last) = betza.split_once('a')?;
    let directions = first.strip_suffix('p')?;
    let (modes, step) = last.split_at(last.len().checked_sub(2)?);
    let rider = match step {
        "fW" => 'R',
        "fF" => 'B',
        "fK" => 'Q',
        _ => return None,
    };
    let plain = |text: &str, letters: &str| text.chars().all(|c| letters.contains(c));
    (plain(directions, "fbrlvs") && matches!(modes, "" | "m" | "c"))
        .then(|| format!("{directions}{modes}p{rider}2"))
}

/// A Betza string's lame (`n`) leaps as FS makes them: FS generates no
/// move of a lame leap it has no path for (`super::fs::LAME_WITHOUT_PATH`),
/// so a lame `W`, `F` or `K`, which passes no square, is written plain, and
/// a lame `H` or `G`, which passes two, is refused.
fn fs_lame_leaps(betza: &str, declaration: &str) -> Result<String, ExportError> {
    let mut out = String::new();
    for group in super::fs::betza_groups(betza) {
        match group.atom {
            Some(atom @ ('H' | 'G')) if group.lame_leap => {
                return Err(refuse(
                    declaration,
                    format!("a lame `{atom}` leap: Fairy-Stockfish has paths for the lame leaps of D, N and A only, and makes no move of any other"),
                ));
            }
            Some(atom) if group.lame_leap && super::fs::LAME_WITHOUT_PATH.contains(atom) => {
                out.push_str(&group.text.replacen('n', "", 1));
            }
            _ => out.push_str(&group.text),
        }
    }
    Ok(out)
}

/// A piece's first moves from a region, as FS's `i` moves (its Betza's
/// tail), their regions added to `first_regions`; each first move's
/// squares passed checked (`untaken_first_move_passes`).
fn region_first_moves(
    variant: &Variant,
    piece: &PieceDef,
    pawn_steps: bool,
    declaration: &str,
    first_regions: &mut Vec<ByColor<SquareSet>>,
) -> Result<String, ExportError> {
    let mut first_moves = String::new();
    for p in piece.patterns.iter() {
        if let Some(region) = p
            .from_region
            .filter(|_| !pawn_steps && region_first_move(p))
        {
            first_moves.push('i');
            first_moves.push_str(&p.betza);
            first_regions.push(region);
        }
        if (p.initial || region_first_move(p)) && !pawn_steps {
            untaken_first_move_passes(variant, piece, p, declaration)?;
        }
    }
    Ok(first_moves)
}

/// A piece's `also` moves FS says: its pawn's double step from a region,
/// first moves from a region, the flying general's captures, the palace
/// diagonals; any other is refused.
fn check_also_moves(
    piece: &PieceDef,
    pawn_steps: bool,
    janggi: &janggi::JanggiPlan,
    declaration: &str,
) -> Result<(), ExportError> {
    if piece.patterns.iter().any(|p| {
        (p.from_region.is_some() || p.within_region.is_some() || p.royal_only)
            && !(janggi.lines.is_some() && janggi::on_lines(p))
            && !(pawn_steps && (pawn_double_step(p) || pawn_triple_step(p)))
            && (pawn_steps || !region_first_move(p))
            && !(piece.royal && flying_general(p))
    }) {
        return Err(refuse(
            declaration,
            "an `also` move: Fairy-Stockfish has moves from a region only as first moves (`i`, on its `doubleStepRegion…`), which do not capture",
        ));
    }
    Ok(())
}

/// `also PIECE "BETZA" from R`, moving without capturing: FS's first-move
/// (`i`) moves of a custom piece, which FS allows wherever the piece
/// stands on its `doubleStepRegion…` (and does not count as attacks).
fn region_first_move(pattern: &crate::ir::pattern::MovePattern) -> bool {
    pattern.from_region.is_some()
        && pattern.within_region.is_none()
        && !pattern.royal_only
        && !pattern.unless_in_check
        && !pattern.initial
        && pattern.moves
        && !pattern.captures
        && !pattern.en_passant
        && pattern.paths.is_empty()
}

/// FS marks the squares a custom piece's first move (`i`) passes for
/// capture en passant whatever the piece, and every piece with an `e`
/// move takes there; varia only a piece taken en passant (`en passant
/// takes`, or one that captures so itself). Refuses a first move that
/// passes squares, of a piece not taken en passant, where some piece
/// captures en passant.
fn untaken_first_move_passes(
    variant: &Variant,
    piece: &PieceDef,
    pattern: &crate::ir::pattern::MovePattern,
    declaration: &str,
) -> Result<(), ExportError> {
    if pattern.passes_squares()
        && !piece.taken_en_passant
        && variant.pieces.iter().any(PieceDef::captures_en_passant)
    {
        return Err(refuse(
            declaration,
            format!("its first move `{}` passes squares where Fairy-Stockfish lets any piece with an `e` move capture it en passant, and varia does not (name it in `en passant takes`)", pattern.betza),
        ));
    }
    Ok(())
}

/// `en passant takes …`: FS lets its pawn's double steps and a custom
/// piece's first moves (`i`, written from `also … from`) be taken en
/// passant, and no other move. The list must name the pawn if it
/// double-steps (a custom piece's first move not named is
/// `untaken_first_move_passes`'s), and a piece named may pass squares by
/// those moves alone (Wolf chess's pawn and sergeant).
fn check_en_passant_victims(variant: &Variant) -> Result<(), ExportError> {
    if variant.en_passant_victims().is_none() {
        return Ok(());
    }
    let pawn = fs_pawn(variant);
    for (index, piece) in variant.pieces.iter().enumerate() {
        let pawn_steps = pawn == Some(PieceKind(index as u8));
        let double_steps: Vec<_> = piece
            .patterns
            .iter()
            .filter(|p| p.passes_squares())
            .collect();
        let fs_marks = |p: &&crate::ir::pattern::MovePattern| {
            if pawn_steps {
                // FS marks any move of its pawn two or three ranks straight.
                p.vectors.iter().all(|&(x, _)| x == 0)
            } else {
                p.initial || region_first_move(p)
            }
        };
        if piece.taken_en_passant && !double_steps.iter().all(fs_marks) {
            return Err(refuse(
                "en passant takes",
                format!("{} passes squares by a move other than a pawn's double step or a first move: Fairy-Stockfish lets no such move be taken en passant", piece.name),
            ));
        }
        if pawn_steps && !double_steps.is_empty() && !piece.taken_en_passant {
            return Err(refuse(
                "en passant takes",
                format!("the list leaves out {}, Fairy-Stockfish's pawn, whose double step it always lets be taken en passant", piece.name),
            ));
        }
    }
    Ok(())
}

/// The squares of a rank (0 for the first).
fn rank_squares(variant: &Variant, rank: i32) -> SquareSet {
    let geometry = &variant.geometry;
    geometry
        .squares()
        .iter()
        .filter(|&s| geometry.rank_of(s) == rank)
        .collect()
}

/// FS's one `doubleStepRegion…` a side, where its pawn double-steps and
/// custom pieces make their first (`i`) moves: the rank varia's pieces
/// with `i` moves start on, the regions of first moves `also … from R`,
/// and the region of FS's pawn's double step must be one; `doubleStep =
/// false` where nothing double-steps.
fn write_first_move_region(
    variant: &Variant,
    initial_rank: Option<i32>,
    first_regions: &[ByColor<SquareSet>],
    out: &mut String,
) -> Result<(), ExportError> {
    let ranks = variant.geometry.ranks() as i32;
    let mut regions: Vec<ByColor<SquareSet>> = first_regions.to_vec();
    regions.extend(initial_rank.map(|r| ByColor {
        white: rank_squares(variant, r),
        black: rank_squares(variant, ranks - 1 - r),
    }));
    regions.extend(fs_pawn(variant).and_then(|k| pawn_double_step_region(variant, k)));
    let Some(region) = regions.first() else {
        out.push_str("doubleStep = false\n");
        return Ok(());
    };
    if regions.iter().any(|r| r != region) {
        return Err(refuse(
            "also … from",
            "first moves from different squares: Fairy-Stockfish has one `doubleStepRegion` a side for its pawn's double step and every custom piece's first (`i`) moves",
        ));
    }
    match initial_rank {
        Some(rank) => {
            let _ = writeln!(out, "doubleStepRegionWhite = *{}", rank + 1);
            let _ = writeln!(out, "doubleStepRegionBlack = *{}", ranks - rank);
        }
        None => write_side_regions(variant, region, "doubleStepRegion", out),
    }
    if let Some(triple) = fs_pawn(variant).and_then(|k| pawn_triple_step_region(variant, k)) {
        write_side_regions(variant, &triple, "tripleStepRegion", out);
    }
    Ok(())
}

/// The pieces' region rules as FS's `mobilityRegion…` (the squares a
/// piece of a side may move to, capture on and attack): `never land in R`
/// exactly; `stay in R` (`never enter R`: stay in the rest) where no move
/// from inside R passes outside and comes back, and the piece starts
/// inside, never dropped or made by a promotion.
fn region_mobility(variant: &Variant) -> Result<Vec<(PieceKind, ByColor<SquareSet>)>, ExportError> {
    use crate::ir::rule::RegionPolicy;
    let all = *variant.geometry.squares();
    let mut regions = Vec::new();
    for (index, piece) in variant.pieces.iter().enumerate() {
        let kind = PieceKind(index as u8);
        if promoted_alias(variant, kind).is_some() {
            // Its FS type is the one it aliases, restricted alike.
            continue;
        }
        let mut own = ByColor {
            white: all,
            black: all,
        };
        for rule in &piece.region_rules {
            let declaration = format!("restrict {}", piece.name);
            let (squares, paths) = match &rule.policy {
                RegionPolicy::NeverLand(r) => (
                    ByColor {
                        white: all.difference(&r.white),
                        black: all.difference(&r.black),
                    },
                    false,
                ),
                RegionPolicy::StayIn(r) => (*r, true),
                RegionPolicy::NeverEnter(r) => (
                    ByColor {
                        white: all.difference(&r.white),
                        black: all.difference(&r.black),
                    },
                    true,
                ),
                _ => {
                    return Err(refuse(
                        declaration,
                        "Fairy-Stockfish has no borders a move may not cross",
                    ))
                }
            };
            for color in Color::ALL.into_iter().filter(|&c| *rule.colors.get(c)) {
                let region = squares.get(color);
                if paths {
                    if let Some(why) = leaves_and_returns(variant, kind, color, region) {
                        return Err(refuse(declaration, why));
                    }
                }
                *own.get_mut(color) = own.get(color).intersection(region);
            }
        }
        if own.white != all || own.black != all {
            regions.push((kind, own));
        }
    }
    Ok(regions)
}

/// Why FS's mobility region, which only keeps a piece from landing
/// outside `region`, would not keep it on every path inside, if it would not.
fn leaves_and_returns(
    variant: &Variant,
    kind: PieceKind,
    color: Color,
    region: &SquareSet,
) -> Option<String> {
    let code = Piece { color, kind }.code();
    // Dropped where it could not move on inside the region.
    let dropped_outside = variant.hands.as_ref().is_some_and(|hands| {
        drops::kinds_in_hand(variant, hands).contains(&kind)
            && !hands.drop_squares[code as usize]
                .difference(region)
                .is_empty()
    });
    let made = variant
        .promotion
        .choice_sets
        .iter()
        .flatten()
        .any(|&k| k == kind)
        || dropped_outside;
    let outside_start = variant
        .geometry
        .squares()
        .iter()
        .any(|s| variant.start.board[s.index()] == code && !region.contains(s));
    if made || outside_start {
        return Some(
            "Fairy-Stockfish's mobility regions keep a piece from landing outside, but one outside (dropped, promoted, set up) could still move"
                .to_string(),
        );
    }
    // The piece's rays as its moves make them, before its region rules
    // cut them where they leave.
    let mut defs = variant.pieces.clone();
    for def in &mut defs {
        def.region_rules.clear();
    }
    let tables = &crate::compile::tables::build_tables(
        &variant.geometry,
        variant.symmetry,
        &defs,
        &variant.promotion,
        variant.en_passant_region.as_ref(),
    );
    for sq in region.iter() {
        for ray in tables.rays(code, sq) {
            let mut left = false;
            for i in ray.start..ray.start + u32::from(ray.len) {
                let on = tables.path_squares[i as usize];
                if !region.contains(on) {
                    left = true;
                } else if left {
                    return Some(format!(
                        "from {} a move passes outside and lands inside again on {}, which Fairy-Stockfish's mobility region would allow",
                        variant.geometry.name(sq),
                        variant.geometry.name(on)
                    ));
                }
            }
        }
    }
    None
}

/// The royal pieces FS takes as pseudo-royal custom pieces
/// (`extinctionPseudoRoyal`): FS keeps safe each piece of those types
/// while its side has at most `count + 1` of the type, and judges no
/// extinction then.
struct PseudoRoyals {
    /// The kinds (`extinctionPieceTypes`).
    kinds: Vec<PieceKind>,
    /// FS's `extinctionPieceCount`.
    count: u32,
    /// The royal kind written as FS's king beside them, if any.
    king: Option<PieceKind>,
    /// `check when every … is attacked`: FS's `dupleCheck`.
    duple: bool,
}

/// The royal pieces FS takes as pseudo-royal ones, `None` where FS's king
/// says them all (one royal kind, one a side at most). Atomic's king (FS's
/// blasts take no `king`). Otherwise one royal kind, one a side and never
/// promoted to, stays FS's king, and the other royal kinds are kept safe
/// by a count no side exceeds: as many as a side starts with, or, where a
/// royal piece may be promoted to or dropped, the board's squares (FS's
/// own Coregal); a royal group of one kind (`check when the last
/// Maharajah is attacked`) with a count of 0, when nothing promotes to or
/// from the kind and none is dropped (FS keeps a dropped one safe by the
/// count before the drop); a group of one kind and `every` (`check when
/// every King is attacked`, Spartan) alone, as FS's `dupleCheck` with a
/// count of 0: a lone piece of the kind is royal, several are in check
/// only all at once, promotions to the kind included. Refused: a group of
/// several kinds (FS counts each type on its own), an `every` group beside
/// other royal pieces or whose kind is dropped, and a group beside royal
/// pieces that need a higher count.
fn pseudo_royals(variant: &Variant) -> Result<Option<PseudoRoyals>, ExportError> {
    let royal: Vec<PieceKind> = (0..variant.pieces.len())
        .filter(|&k| variant.pieces[k].royal)
        .map(|k| PieceKind(k as u8))
        .collect();
    let mut grouped = Vec::new();
    let mut duple = false;
    for group in &variant.royal_groups {
        let kinds = group_types(variant, group);
        match kinds.as_slice() {
            [kind] => {
                duple |= group.every;
                grouped.push(*kind);
            }
            _ => {
                return Err(refuse(
                    "check when …",
                    "a royal group of several kinds: Fairy-Stockfish's extinctionPseudoRoyal counts each type on its own",
                ))
            }
        }
    }
    if variant.explosion.is_some() {
        return Ok(match (royal.as_slice(), grouped.is_empty()) {
            ([kind], true) => Some(PseudoRoyals {
                kinds: vec![*kind],
                count: 0,
                king: None,
                duple: false,
            }),
            _ => None,
        });
    }
    // Each side's pieces of each kind at the start, in hand too.
    let start = |kind: PieceKind, color: Color| -> u32 {
        let code = Piece { kind, color }.code();
        let on_board = variant.start.board.iter().filter(|&&c| c == code).count() as u32;
        on_board + u32::from(variant.start.hands.get(code as usize).copied().unwrap_or(0))
    };
    let in_hand = |kind: PieceKind| starts_in_hand(variant, kind);
    let most = |kinds: &[PieceKind]| -> u32 {
        [Color::White, Color::Black]
            .into_iter()
            .map(|color| kinds.iter().map(|&k| start(k, color)).sum::<u32>())
            .max()
            .unwrap_or(0)
    };
    let sources = |target: PieceKind| promotion_sources(variant, target);
    if duple {
        return duple_royals(variant, &royal, grouped).map(Some);
    }
    // FS's king: a royal kind one a side at most, never promoted to (the
    // one that castles, as FS's castling king, else the first such;
    // Coregal's king beside its royal queens).
    let castles = |k: &PieceKind| variant.castling.iter().any(|c| c.king == *k);
    // Promoted to as itself or as a `+` kind written as it (Chak's divine
    // king, which its king promotes to).
    let promoted_to = |k: PieceKind| {
        !sources(k).is_empty()
            || (0..variant.pieces.len()).any(|a| {
                let alias = PieceKind(a as u8);
                promoted_alias(variant, alias) == Some(k) && !sources(alias).is_empty()
            })
    };
    let king = royal
        .iter()
        .copied()
        .filter(|&k| most(&[k]) <= 1 && !promoted_to(k))
        .min_by_key(|k| !castles(k));
    let pseudo: Vec<PieceKind> = royal.iter().copied().filter(|&k| Some(k) != king).collect();
    if grouped.is_empty() && pseudo.is_empty() {
        return Ok(None);
    }
    let grows = pseudo
        .iter()
        .any(|&k| in_hand(k) || sources(k).iter().any(|s| !royal.contains(s)));
    let kinds: Vec<PieceKind> = pseudo.iter().chain(&grouped).copied().collect();
    let count = if grouped.is_empty() {
        if grows {
            // No matter how many, all kept safe (as FS's own Coregal).
            variant.geometry.cells() as u32
        } else {
            most(&pseudo).max(1) - 1
        }
    } else {
        let grouped_grows = grouped
            .iter()
            .any(|&k| in_hand(k) || !sources(k).is_empty() || variant.promotion.promotes(k));
        let captured_to_hand = variant.hands.as_ref().is_some_and(|h| h.keep_captures);
        if grows || grouped_grows || captured_to_hand || most(&pseudo) > 1 {
            return Err(refuse(
                "check when …",
                "a royal group of a kind that may be promoted to, promote or be dropped, or beside royal pieces a side has several of: Fairy-Stockfish's one extinctionPieceCount keeps safe by the count on the board",
            ));
        }
        0
    };
    if let Some(piece) = variant
        .pieces
        .iter()
        .find(|p| p.royal && p.patterns.iter().any(flying_general))
    {
        return Err(refuse(
            format!("also {} \"cvR\" against royal", piece.name),
            "Fairy-Stockfish's flyingGeneral looks at its king type only, and these royal pieces are pseudo-royal ones",
        ));
    }
    Ok(Some(PseudoRoyals {
        kinds,
        count,
        king,
        duple: false,
    }))
}

/// A royal group's kinds as FS's types: a `+` kind written as another is
/// that one's type (Sho shogi's crown prince, FS's commoner as its king).
fn group_types(variant: &Variant, group: &crate::ir::rule::RoyalGroup) -> Vec<PieceKind> {
    let mut kinds: Vec<PieceKind> = (0..variant.pieces.len())
        .filter(|&k| group.kinds >> k & 1 != 0)
        .map(|k| {
            let kind = PieceKind(k as u8);
            promoted_alias(variant, kind).unwrap_or(kind)
        })
        .collect();
    kinds.sort();
    kinds.dedup();
    kinds
}

/// Whether a side starts with a piece of `kind` in hand.
fn starts_in_hand(variant: &Variant, kind: PieceKind) -> bool {
    Color::ALL.into_iter().any(|color| {
        let code = Piece { kind, color }.code();
        variant
            .start
            .hands
            .get(code as usize)
            .is_some_and(|&n| n > 0)
    })
}

/// The pieces that move as FS's own types `keys` (found by the type's
/// Betza, royal pieces aside), with the type's option name (`rook = r`),
/// where an FS rule judges those types: a type two pieces move as is
/// refused, `judged` saying how FS would take them as one.
fn pieces_moving_as(
    variant: &Variant,
    keys: &[&'static str],
    judged: &str,
) -> Result<Vec<(PieceKind, &'static str)>, ExportError> {
    let mut types = Vec::new();
    for &key in keys {
        let betza = crate::bridge::fs::PIECE_TYPES
            .iter()
            .find(|(k, _)| *k == key)
            .and_then(|(_, b)| *b)
            .unwrap_or_default();
        let mut same =
            variant.pieces.iter().enumerate().filter(|(_, p)| {
                !p.royal && p.betza.split_whitespace().collect::<String>() == betza
            });
        match (same.next(), same.next()) {
            (Some((k, _)), None) => types.push((PieceKind(k as u8), key)),
            (None, _) => {}
            (Some(_), Some((_, second))) => {
                return Err(refuse(
                    format!("piece {}", second.name),
                    format!("two pieces move as Fairy-Stockfish's `{key}`, {judged}"),
                ))
            }
        }
    }
    Ok(types)
}

/// `check when every King is attacked` alone (Spartan's two kings) as
/// FS's `dupleCheck` with an `extinctionPieceCount` of 0.
fn duple_royals(
    variant: &Variant,
    royal: &[PieceKind],
    grouped: Vec<PieceKind>,
) -> Result<PseudoRoyals, ExportError> {
    let in_hand = |kind: PieceKind| starts_in_hand(variant, kind);
    let captured_to_hand = variant.hands.as_ref().is_some_and(|h| h.keep_captures);
    match (royal, grouped.as_slice()) {
        ([], &[kind])
            if !in_hand(kind) && !captured_to_hand && !variant.promotion.promotes(kind) =>
        {
            Ok(PseudoRoyals {
                kinds: grouped,
                count: 0,
                king: None,
                duple: true,
            })
        }
        _ => Err(refuse(
            "check when every …",
            "Fairy-Stockfish's dupleCheck holds for its pseudo-royal pieces alone, none dropped or promoting: the script has other royal pieces beside the group, or drops or promotes its kind",
        )),
    }
}

/// The kinds that may promote to `target` (on arriving, leaving, or in
/// place).
fn promotion_sources(variant: &Variant, target: PieceKind) -> Vec<PieceKind> {
    let table = &variant.promotion;
    let mut out = Vec::new();
    let as_target = |k: &PieceKind| *k == target;
    for (index, set) in table.choice_sets.iter().enumerate() {
        if !set.iter().any(as_target) {
            continue;
        }
        let mark = index as u8 + 1;
        for by in [&table.by_square, &table.by_origin] {
            for (at, _) in by.iter().enumerate().filter(|(_, &m)| m == mark) {
                let code = (at / table.cells.max(1)) as u8;
                if code > 0 {
                    out.push(Piece::from_code(code).kind);
                }
            }
        }
    }
    out.extend(
        table
            .standing
            .iter()
            .filter(|s| s.choices.iter().any(as_target))
            .map(|s| s.piece),
    );
    out.sort_by_key(|k| k.0);
    out.dedup();
    out
}

/// Whether `color` can never have a `kind`: none at the start and none
/// promoted to, with no hands to drop one.
fn never_has(variant: &Variant, kind: PieceKind, color: Color) -> bool {
    let code = Piece { kind, color }.code();
    variant.hands.is_none()
        && !variant.start.board.contains(&code)
        && promotion_sources(variant, kind).is_empty()
}

/// [`pseudo_royals`], where the export has already refused what it cannot.
fn pseudo_royal(variant: &Variant) -> Option<PseudoRoyals> {
    pseudo_royals(variant).ok().flatten()
}

/// The royal kind written as FS's `king`, if any.
pub(super) fn fs_king(variant: &Variant) -> Option<PieceKind> {
    match pseudo_royal(variant) {
        Some(royals) => royals.king,
        None => variant
            .pieces
            .iter()
            .position(|p| p.royal)
            .map(|k| PieceKind(k as u8)),
    }
}

/// Captures that explode as FS's `blastOnCapture`, which spares FS's
/// pawn type (`sparing`), and `blastImmuneTypes` (`immune`); and pieces
/// that may not take their own kind (`restrict King: never take King`,
/// Atomar) as `mutuallyImmuneTypes`.
fn write_explosions(variant: &Variant, out: &mut String) -> Result<(), ExportError> {
    let mut mutual = Vec::new();
    for (index, piece) in variant.pieces.iter().enumerate() {
        let bans = piece.never_takes;
        if bans.white == 0 && bans.black == 0
            || janggi::janggi_cannon(variant, PieceKind(index as u8))
        {
            continue;
        }
        if bans.white != 1 << index || bans.black != 1 << index || piece.royal {
            return Err(refuse(
                format!("restrict {}: never take", piece.name),
                "Fairy-Stockfish's `mutuallyImmuneTypes` keeps a piece type that is not royal from taking its own kind, and nothing else",
            ));
        }
        mutual.push(PieceKind(index as u8));
    }
    if !mutual.is_empty() {
        let letters = letters_of_kinds(variant, &mutual);
        let _ = writeln!(out, "mutuallyImmuneTypes = {letters}");
    }
    let Some(explosion) = &variant.explosion else {
        return Ok(());
    };
    let spared: Vec<PieceKind> = fs_pawn(variant).into_iter().collect();
    if explosion.spared != spared {
        return Err(refuse(
            "captures explode sparing",
            "Fairy-Stockfish's blasts spare its pawn type, which the section writes for the one piece that moves as an orthodox pawn, and nothing else",
        ));
    }
    out.push_str("blastOnCapture = true\n");
    if !explosion.immune.is_empty() {
        if pseudo_royal(variant).is_some() {
            return Err(refuse(
                "captures explode … immune",
                "Fairy-Stockfish takes no immune pieces with a royal one",
            ));
        }
        let letters = letters_of_kinds(variant, &explosion.immune);
        let _ = writeln!(out, "blastImmuneTypes = {letters}");
    }
    Ok(())
}

/// FS's own pawn moves as an orthodox pawn (its double step by
/// `doubleStepRegion…`), and FS keeps a few rules for it alone: it may not
/// be dropped on its first rank or in the promotion zone (unless
/// `firstRankPawnDrops`, `promotionZonePawnDrops`), an explosion spares
/// it. The one piece that moves as it, which the section writes as
/// `pawn`, if any.
fn fs_pawn(variant: &Variant) -> Option<PieceKind> {
    // Explosions that spare no piece: FS's pawn would be spared.
    if variant
        .explosion
        .as_ref()
        .is_some_and(|e| e.spared.is_empty())
    {
        return None;
    }
    // Without a first move's double step where no piece has one: none
    // (`doubleStep = false`) or one from a region (`also … "fmnD" from R`,
    // FS's `doubleStepRegion…`); and where nothing double-steps, nothing
    // is taken en passant, so `fmWfcF` (Makruk's pawn) moves as FS's pawn.
    // (Cambodian chess's first moves are FS's `cambodianMoves`, apart.)
    let cambodian = cambodian::plan(variant).ok().flatten();
    let single = !variant.pieces.iter().enumerate().any(|(k, p)| {
        p.patterns.iter().any(|m| m.initial)
            && cambodian.is_none_or(|c| !c.has_first_moves(PieceKind(k as u8)))
    });
    let mut pawns = variant.pieces.iter().enumerate().filter(|(_, p)| {
        let betza: String = p.betza.split_whitespace().collect();
        let also: Vec<&crate::ir::pattern::MovePattern> = p
            .patterns
            .iter()
            .filter(|m| {
                m.from_region.is_some()
                    || m.within_region.is_some()
                    || m.royal_only
                    || m.unless_in_check
            })
            .collect();
        let plain = match also.as_slice() {
            [] => true,
            [step] => single && pawn_double_step(step),
            // Wildebeest's pawn: FS's `tripleStepRegion…` beside its double step.
            [a, b] => {
                single
                    && (pawn_double_step(a) && pawn_triple_step(b)
                        || pawn_triple_step(a) && pawn_double_step(b))
            }
            _ => false,
        };
        !p.royal
            && plain
            && !promotes_leaving(variant, p)
            && (betza == "fmWfceFifmnD" && also.is_empty()
                || single && betza == "fmWfceFfmnD" && also.is_empty()
                || single && betza == "fmWfceF"
                || single && betza == "fmWfcF" && also.is_empty())
    });
    match (pawns.next(), pawns.next()) {
        (Some((k, _)), None) => Some(PieceKind(k as u8)),
        _ => None,
    }
}

/// Whether a piece promotes on leaving a zone too (`promote … in or
/// from`), shogi-style, which FS's pawn type never does (its
/// `promotedPieceType` promotes on arriving only).
fn promotes_leaving(variant: &Variant, piece: &PieceDef) -> bool {
    let Some(kind) = variant.pieces.iter().position(|p| std::ptr::eq(p, piece)) else {
        return false;
    };
    Color::ALL.into_iter().any(|color| {
        let code = Piece {
            color,
            kind: PieceKind(kind as u8),
        }
        .code();
        variant
            .geometry
            .squares()
            .iter()
            .any(|s| !variant.promotion.choices_leaving(code, s).is_empty())
    })
}

/// `also General "cvR" against royal`: the generals may not face each
/// other on an open file (Xiangqi), or with `cR` on a file or a rank
/// (Empire), FS's `flyingGeneral`.
fn flying_general(pattern: &crate::ir::pattern::MovePattern) -> bool {
    let mut vectors = pattern.vectors.clone();
    vectors.sort_unstable();
    pattern.royal_only
        && pattern.from_region.is_none()
        && pattern.within_region.is_none()
        && (vectors == [(0, -1), (0, 1)] || vectors == [(-1, 0), (0, -1), (0, 1), (1, 0)])
        && pattern.travel == crate::ir::pattern::Travel::Ride { max: 0 }
        && pattern.captures
        && !pattern.moves
        && !pattern.initial
}

/// `flyingGeneral = true` for a royal piece's `also … "cR" against
/// royal`, or `"cvR"`: FS's rule forbids facing along a rank too, so with
/// `cvR` the royal pieces must stay in regions (`restrict … stay in`) on
/// ranks apart.
fn write_flying_general(variant: &Variant, out: &mut String) -> Result<(), ExportError> {
    let Some((royal, pattern)) = variant.pieces.iter().enumerate().find_map(|(k, p)| {
        p.patterns
            .iter()
            .find(|m| p.royal && flying_general(m))
            .map(|m| (k, m))
    }) else {
        return Ok(());
    };
    if pattern.vectors.len() == 4 {
        out.push_str("flyingGeneral = true\n");
        return Ok(());
    }
    let kind = PieceKind(royal as u8);
    let regions = region_mobility(variant)?;
    let ranks = |set: &SquareSet| -> Vec<i32> {
        let mut ranks: Vec<i32> = set.iter().map(|s| variant.geometry.rank_of(s)).collect();
        ranks.sort_unstable();
        ranks.dedup();
        ranks
    };
    let apart = regions
        .iter()
        .find(|(k, _)| *k == kind)
        .is_some_and(|(_, r)| {
            let black = ranks(&r.black);
            ranks(&r.white).iter().all(|rank| !black.contains(rank))
        });
    if !apart {
        return Err(refuse(
            format!("also {} \"cvR\" against royal", variant.pieces[royal].name),
            "Fairy-Stockfish's flyingGeneral also forbids facing along a rank: the royal pieces must stay on ranks apart",
        ));
    }
    out.push_str("flyingGeneral = true\n");
    Ok(())
}

/// `also Pawn "fmnD" from R`: a pawn's double step from a region.
fn pawn_double_step(pattern: &crate::ir::pattern::MovePattern) -> bool {
    pattern.from_region.is_some() && pawn_two_steps(pattern)
}

/// `also Pawn "fmnH" from R`: a pawn's triple step from a region, FS's
/// `tripleStepRegion…`.
fn pawn_triple_step(pattern: &crate::ir::pattern::MovePattern) -> bool {
    pattern.from_region.is_some() && pawn_straight_steps(pattern, 3)
}

/// A pawn's double step (`fmnD`: forward two, over an empty square, not
/// capturing, not a first move), wherever it may start.
fn pawn_two_steps(pattern: &crate::ir::pattern::MovePattern) -> bool {
    pawn_straight_steps(pattern, 2)
}

/// A pawn's push of `ranks` ranks straight on over empty squares (`fmnD`,
/// `fmnH`), not capturing, not a first move, wherever it may start.
fn pawn_straight_steps(pattern: &crate::ir::pattern::MovePattern, ranks: i8) -> bool {
    pattern.within_region.is_none()
        && !pattern.royal_only
        && !pattern.unless_in_check
        && pattern.vectors == [(0, ranks)]
        && pattern.travel == crate::ir::pattern::Travel::LameLeap
        && pattern.moves
        && !pattern.captures
        && !pattern.en_passant
        && !pattern.initial
}

/// The region of FS's pawn's double step by `also … from R`, or every
/// square for a double step on any move (Torpedo), if it has one.
fn pawn_double_step_region(variant: &Variant, kind: PieceKind) -> Option<ByColor<SquareSet>> {
    let patterns = &variant.pieces[kind.0 as usize].patterns;
    // Torpedo's `fmnD` on every move: FS's region of every square.
    let everywhere = patterns
        .iter()
        .any(|p| p.from_region.is_none() && pawn_two_steps(p));
    if everywhere {
        let all = *variant.geometry.squares();
        return Some(ByColor {
            white: all,
            black: all,
        });
    }
    patterns
        .iter()
        .find(|p| pawn_double_step(p))
        .and_then(|p| p.from_region)
}

/// The region of FS's pawn's triple step (`also … "fmnH" from R`), if it
/// has one.
fn pawn_triple_step_region(variant: &Variant, kind: PieceKind) -> Option<ByColor<SquareSet>> {
    variant.pieces[kind.0 as usize]
        .patterns
        .iter()
        .find(|p| pawn_triple_step(p))
        .and_then(|p| p.from_region)
}

/// Whether a move of `kind` that is not a first move makes an en passant
/// square.
fn double_steps_after_the_first_move(variant: &Variant, kind: PieceKind) -> bool {
    let piece = &variant.pieces[kind.0 as usize];
    piece.taken_en_passant
        && piece
            .patterns
            .iter()
            .any(|p| p.passes_squares() && !p.initial && !region_first_move(p))
}

/// varia's `i` (never moved) is FS's `i` (on the double-step region) when
/// every piece of the kind starts on one rank and moves only forward
/// otherwise (so that it never comes back to it).
fn initial_moves_rank(
    variant: &Variant,
    kind: PieceKind,
    declaration: &str,
    before: Option<i32>,
) -> Result<i32, ExportError> {
    let piece = &variant.pieces[kind.0 as usize];
    let forward_only = piece
        .patterns
        .iter()
        .filter(|p| !p.initial)
        .all(|p| p.vectors.iter().all(|&(_, dy)| dy > 0));
    let geometry = &variant.geometry;
    let ranks: Vec<i32> = geometry
        .squares()
        .iter()
        .filter(|s| {
            variant.start_codes[s.index()]
                == Piece {
                    color: Color::White,
                    kind,
                }
                .code()
        })
        .map(|s| geometry.rank_of(s))
        .collect();
    let black_ranks: Vec<i32> = geometry
        .squares()
        .iter()
        .filter(|s| {
            variant.start_codes[s.index()]
                == Piece {
                    color: Color::Black,
                    kind,
                }
                .code()
        })
        .map(|s| geometry.ranks() as i32 - 1 - geometry.rank_of(s))
        .collect();
    let rank = ranks.first().or(black_ranks.first()).copied();
    let one_rank = rank.is_some_and(|r| ranks.iter().chain(&black_ranks).all(|&x| x == r));
    match (forward_only, one_rank, rank) {
        (true, true, Some(r)) if before.is_none_or(|b| b == r) => Ok(r),
        _ => Err(refuse(
            declaration,
            "first-move (`i`) moves: Fairy-Stockfish allows them on a region, which says the same only for forward-moving pieces that all start on one rank",
        )),
    }
}

/// `walls …` as FS's `wallingRule` (past, static, arrow, duck, edge), with
/// `wallOrMove` for `instead-of-moving` and, unless walls may go anywhere,
/// `wallingRegionWhite/Black`. FS takes no king with its duck.
fn write_walls(variant: &Variant, out: &mut String) -> Result<(), ExportError> {
    let Some(walls) = &variant.walls else {
        return Ok(());
    };
    let voids = variant.geometry.cells() > variant.geometry.squares().len();
    if voids
        && matches!(
            walls.placement,
            WallPlacement::Duck | WallPlacement::FromEdge
        )
    {
        return Err(refuse(
            "walls",
            "a board with voids: the section writes them as FS's walls, which its duck would take off and its edge walls would grow beside",
        ));
    }
    if walls.placement == WallPlacement::Duck && fs_king(variant).is_some() {
        return Err(refuse(
            "walls duck",
            "Fairy-Stockfish takes no king beside its duck (`wallingRule = duck`): the royal piece would have to be pseudo-royal (`check when the last … is attacked`) or a piece to lose (`losing`)",
        ));
    }
    let rule = match walls.placement {
        WallPlacement::Behind => "past",
        WallPlacement::Anywhere => "static",
        WallPlacement::Shot => "arrow",
        WallPlacement::Duck => "duck",
        WallPlacement::FromEdge => "edge",
    };
    let _ = writeln!(out, "wallingRule = {rule}");
    if walls.instead_of_moving {
        let _ = writeln!(out, "wallOrMove = true");
    }
    let all = *variant.geometry.squares();
    if walls.region.white != all || walls.region.black != all {
        write_side_regions(variant, &walls.region, "wallingRegion", out);
    }
    Ok(())
}

/// The letter FS knows a piece by: its own, lower-case, but for a piece
/// written with a `+` (shogi's promoted pieces, `+R`), whose letter its
/// base piece has: such pieces take the free letters from `a` on, in the
/// order declared (FS writes them `+r` in FENs all the same, by its
/// `promotedPieceType`).
fn fs_letter(variant: &Variant, kind: PieceKind) -> char {
    let piece = &variant.pieces[kind.0 as usize];
    if !piece.plus_mark {
        return piece.letter.to_ascii_lowercase();
    }
    if let Some(same) = promoted_alias(variant, kind) {
        return variant.pieces[same.0 as usize].letter.to_ascii_lowercase();
    }
    let taken: Vec<char> = variant
        .pieces
        .iter()
        .filter(|p| !p.plus_mark)
        .map(|p| p.letter.to_ascii_lowercase())
        .collect();
    let nth = (0..kind.0 as usize)
        .filter(|&k| {
            variant.pieces[k].plus_mark && promoted_alias(variant, PieceKind(k as u8)).is_none()
        })
        .count();
    ('a'..='z')
        .filter(|c| !taken.contains(c))
        .nth(nth)
        .unwrap_or('?')
}

/// A piece written with a `+` that moves as a piece without one (shogi's
/// promoted silver as the gold): FS's promoted type is then that piece
/// (`promotedPieceType = s:g`), which FS still writes `+S` and returns to
/// hand as the silver; the section declares no piece of its own for it.
/// Royal pieces and restricted ones alias a piece as royal and as
/// restricted.
fn promoted_alias(variant: &Variant, kind: PieceKind) -> Option<PieceKind> {
    let piece = &variant.pieces[kind.0 as usize];
    let betza = |p: &PieceDef| p.betza.split_whitespace().collect::<String>();
    if !piece.plus_mark {
        return None;
    }
    // The same moves, royalty and restrictions (Chak's promoted king is
    // its royal divine king, which stays in the enemy half as it does).
    variant
        .pieces
        .iter()
        .position(|p| {
            !p.plus_mark
                && p.royal == piece.royal
                && p.region_rules == piece.region_rules
                && betza(p) == betza(piece)
                && [p, piece].iter().all(|d| {
                    d.patterns.iter().all(|m| {
                        m.from_region.is_none() && m.within_region.is_none() && !m.royal_only
                    })
                })
        })
        .map(|k| PieceKind(k as u8))
}

/// The lower-case letters of the pieces `keep` picks, as FS writes a
/// set of piece types (`qrbn`).
/// The FS letters of some kinds, in their order (`extinctionPieceTypes = km`).
fn letters_of_kinds(variant: &Variant, kinds: &[PieceKind]) -> String {
    // A `+` kind written as another (`promoted_alias`) is that one's type.
    let mut letters = String::new();
    for letter in kinds.iter().map(|&k| fs_letter(variant, k)) {
        if !letters.contains(letter) {
            letters.push(letter);
        }
    }
    letters
}

fn letters_of(variant: &Variant, keep: impl Fn(&PieceDef) -> bool) -> String {
    variant
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| keep(p))
        .map(|(k, _)| fs_letter(variant, PieceKind(k as u8)))
        .collect()
}

/// The squares of a set as FS writes a region (`a8 b8 …`).
fn squares_text(variant: &Variant, set: impl Iterator<Item = Square>) -> String {
    set.map(|s| variant.geometry.name(s))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `{option}White` and `{option}Black`: each side's squares (`-`: none).
fn write_side_regions(
    variant: &Variant,
    squares: &ByColor<SquareSet>,
    option: &str,
    out: &mut String,
) {
    for (color, side) in [(Color::White, "White"), (Color::Black, "Black")] {
        let set = squares.get(color);
        let text = if set.is_empty() {
            "-".to_string()
        } else {
            squares_text(variant, set.iter())
        };
        let _ = writeln!(out, "{option}{side} = {text}");
    }
}

/// What the promotions leave to the rest of the section: the drop rules
/// and `immobilityIllegal` depend on them.
#[derive(Default)]
struct Promotions {
    /// The piece that promotes pawn-style, FS's main promotion pawn type
    /// (a promoted piece captured in crazyhouse returns to hand as it).
    pawn: Option<PieceKind>,
    /// Shogi-style promotions: the piece and the one it turns into.
    shogi: Vec<(PieceKind, PieceKind)>,
    /// Shogi-style promotions back (FS's `pieceDemotion`): the promoted
    /// piece and the one it promoted from.
    demotions: Vec<(PieceKind, PieceKind)>,
    /// Per side, the promotion zone (FS has one for every piece).
    zone: ByColor<Vec<Square>>,
    /// An optional promotion, which FS forces where the piece could not
    /// move again only by `immobilityIllegal`.
    optional: bool,
    /// An optional promotion declined even where the piece could never
    /// move again (`optional anywhere`): FS's without `immobilityIllegal`.
    stuck: bool,
}

/// Where a piece may decline its promotion, as FS can say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decline {
    /// Nowhere: the promotion is mandatory.
    Never,
    /// Wherever it could still move (`optional`: FS's optional promotion
    /// with `immobilityIllegal`).
    WhereMovable,
    /// Everywhere (`optional anywhere`: FS's without `immobilityIllegal`).
    Anywhere,
}

/// The promotions as FS says them: pawn-style (`promotionPawnTypes`: one
/// piece type landing in the zone, with a set of choices a side) and
/// shogi-style (`promotedPieceType`: a piece moving into, within or out
/// of the zone turns into its one promoted type; varia's `promote … in or
/// from`), all on one zone a side.
fn write_promotion(variant: &Variant, out: &mut String) -> Result<Promotions, ExportError> {
    let (mut promotions, pawns, zone) = sort_promotions(variant)?;
    if let Some(plan) = sittuyin::plan(variant)? {
        if zone.white.is_some() || zone.black.is_some() {
            return Err(refuse(
                "promote … in place",
                "beside promotions on arriving: Fairy-Stockfish's sittuyinPromotion takes its promotion region, which is every piece's",
            ));
        }
        sittuyin::write_promotion(variant, &plan, out);
        promotions.zone = plan.zone;
        return Ok(promotions);
    }
    if zone.white.is_none() && zone.black.is_none() {
        out.push_str("promotionRegionWhite = -\npromotionRegionBlack = -\n");
        return Ok(promotions);
    }
    let zone = ByColor {
        white: zone.white.unwrap_or_default(),
        black: zone.black.unwrap_or_default(),
    };
    let region = |squares: &[Square]| {
        if squares.is_empty() {
            "-".to_string()
        } else {
            squares_text(variant, squares.iter().copied())
        }
    };
    let _ = writeln!(out, "promotionRegionWhite = {}", region(&zone.white));
    let _ = writeln!(out, "promotionRegionBlack = {}", region(&zone.black));
    let mut choices = write_pawn_promotions(variant, &pawns, &mut promotions, out)?;
    if !promotions.shogi.is_empty() {
        choices.extend(write_shogi_promotions(
            variant,
            &pawns,
            &mut promotions,
            out,
        )?);
    } else if !variant.promotion.by_capture_only.is_empty() {
        return Err(refuse(
            "promote … when capturing",
            "Fairy-Stockfish's `piecePromotionOnCapture` holds for shogi-style promotions (`promote … in or from`), not those of its pawn types",
        ));
    }
    if promotions.optional && promotions.stuck {
        return Err(refuse(
            "promote … optional anywhere",
            "beside an `optional` promotion: Fairy-Stockfish forces promotions where a piece could not move again for all of them (`immobilityIllegal`) or for none",
        ));
    }
    promotions.zone = zone;
    write_promotion_limits(variant, &choices, out);
    Ok(promotions)
}

/// `promotionLimit` for the limited kinds among `choices`, each once.
fn write_promotion_limits(variant: &Variant, choices: &[PieceKind], out: &mut String) {
    let mut limits: Vec<String> = Vec::new();
    for &kind in choices {
        if let Some(n) = variant.promotion.limit(kind) {
            let entry = format!("{}:{n}", fs_letter(variant, kind));
            if !limits.contains(&entry) {
                limits.push(entry);
            }
        }
    }
    if !limits.is_empty() {
        let _ = writeln!(out, "promotionLimit = {}", limits.join(" "));
    }
}

/// A pawn-style promoting kind, with what it does a side.
type PawnPromotion = (PieceKind, ByColor<PromotionOfSide>);

/// Per side, the promotion zone, if any piece promotes there.
type SideZones = ByColor<Option<Vec<Square>>>;

/// The promotions sorted as FS has them: shogi-style ones (in
/// `Promotions::shogi`), pawn-style ones (FS's pawn types, several
/// sharing a side's choices), and per side the one zone of them all.
fn sort_promotions(
    variant: &Variant,
) -> Result<(Promotions, Vec<PawnPromotion>, SideZones), ExportError> {
    let mut promotions = Promotions::default();
    let mut pawns: Vec<PawnPromotion> = Vec::new();
    // Per side, the squares any piece promotes on, once one does there.
    let mut zone: SideZones = ByColor {
        white: None,
        black: None,
    };
    for index in 0..variant.pieces.len() {
        let kind = PieceKind(index as u8);
        let name = &variant.pieces[index].name;
        // A side's promotion of a piece it never has says nothing (Spartan:
        // Black has no pawn).
        let of_side = |color: Color| -> Result<Option<PromotionOfSide>, ExportError> {
            if never_has(variant, kind, color) {
                return Ok(None);
            }
            promotion_of_side(variant, kind, color)
        };
        let (white, black) = (of_side(Color::White)?, of_side(Color::Black)?);
        if white.is_none() && black.is_none() {
            continue;
        }
        for (color, side) in [(Color::White, &white), (Color::Black, &black)] {
            let Some((_, squares)) = side else { continue };
            let side_zone = zone.get_mut(color);
            if side_zone.as_ref().is_some_and(|z| z != squares) {
                return Err(refuse(
                    format!("promote {name}"),
                    "a promotion region of its own: Fairy-Stockfish has one promotion region a side for every piece",
                ));
            }
            *side_zone = Some(squares.clone());
        }
        let none = || (Vec::new(), Vec::new());
        let sides = ByColor {
            white: white.unwrap_or_else(none),
            black: black.unwrap_or_else(none),
        };
        if let Some(choice) = shogi_style_choice(variant, kind, &sides)? {
            promotions.shogi.push((kind, choice));
            continue;
        }
        let mut sides = sides;
        if let Some(choice) = into_royal_twin(variant, kind, &sides) {
            promotions.shogi.push((kind, choice));
            sides.white.0.clear();
            sides.black.0.clear();
        }
        if !pawns.is_empty() && variant.hands.is_some() {
            return Err(refuse(format!("promote {name}"), SHARED_CHOICES));
        }
        promotions.pawn.get_or_insert(kind);
        pawns.push((kind, sides));
    }
    split_twin_promotion(variant, &mut pawns, &mut promotions)?;
    split_pawn_piece_promotion(variant, &mut pawns, &mut promotions);
    // FS's pawn types of a side share the side's choices.
    let shares = |(_, a): &PawnPromotion, (_, b): &PawnPromotion| {
        Color::ALL.into_iter().all(|color| {
            let (mine, theirs) = (&a.get(color).0, &b.get(color).0);
            mine.is_empty() || theirs.is_empty() || mine == theirs
        })
    };
    for (i, pawn) in pawns.iter().enumerate() {
        if !pawns[..i].iter().all(|other| shares(pawn, other)) {
            let name = &variant.pieces[pawn.0 .0 as usize].name;
            return Err(refuse(format!("promote {name}"), SHARED_CHOICES));
        }
    }
    Ok((promotions, pawns, zone))
}

/// Why pawn types that do not share their choices are refused.
const SHARED_CHOICES: &str = "more than one piece type promoting on arrival, with different choices or beside hands: Fairy-Stockfish's pawn types of a side share one set, and its main one goes to hand";

/// A kind promoting on arrival with its own `+` twin among its choices
/// (Elgam's soldier: `to Custom3, PromotedSoldier`; Shogun's pawn: `to
/// PromotedPawn optional`) promotes to the twin by FS's
/// `promotedPieceType`, which FS offers beside the pawn-style choices on
/// the same moves (`g9g10w`, `g9g10+`). FS's `pawn` promotes so on
/// arriving, as the script says; another type's shogi-style promotion is
/// `in or from` the zone: the same where the promotion is mandatory and
/// the kind never stands in the zone unpromoted (at the start or dropped
/// there) able to leave it; refused otherwise.
fn split_twin_promotion(
    variant: &Variant,
    pawns: &mut [PawnPromotion],
    promotions: &mut Promotions,
) -> Result<(), ExportError> {
    let fs_pawn = fs_pawn(variant);
    for (kind, sides) in pawns.iter_mut() {
        let def = &variant.pieces[kind.0 as usize];
        let twin = |k: &&PieceKind| {
            let t = &variant.pieces[k.0 as usize];
            t.plus_mark && !def.plus_mark && t.letter == def.letter
        };
        let Some(&to) = sides.white.0.iter().chain(&sides.black.0).find(twin) else {
            continue;
        };
        let declaration = format!("promote {}", def.name);
        // FS's `pawn` promotes to its `promotedPieceType` as to its
        // pawn-style choices, on arriving only and as optionally.
        let arriving = fs_pawn == Some(*kind);
        let why = if Color::ALL.into_iter().any(|c| {
            let choices = &sides.get(c).0;
            !choices.is_empty() && !choices.contains(&to)
        }) {
            Some("its `+` twin a choice of one side only: Fairy-Stockfish's `promotedPieceType` is for both")
        } else if arriving {
            None
        } else if promotion_is_optional(variant, *kind, sides)? != Decline::Never {
            Some("its `+` twin among optional choices: Fairy-Stockfish promotes to it in or from the zone, the same only where the promotion is mandatory")
        } else if stands_unpromoted_in_zone(variant, *kind, sides)
            && leaves_zone(variant, *kind, sides)
        {
            Some("its `+` twin among its choices, where it may stand in the zone unpromoted (at the start or dropped) and move out: Fairy-Stockfish would promote it to the twin so")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(refuse(declaration, why));
        }
        for color in Color::ALL {
            sides.get_mut(color).0.retain(|&k| k != to);
        }
        promotions.shogi.push((*kind, to));
        // Nothing left to promote to pawn-style: no promoted piece goes
        // to hand as this one (Shogun's pawn).
        if arriving && sides.white.0.is_empty() && sides.black.0.is_empty() {
            promotions.pawn = None;
        }
    }
    Ok(())
}

/// Whether a piece of `kind` may stand in its side's promotion zone
/// without having promoted: there at the start, or dropped there.
fn stands_unpromoted_in_zone(
    variant: &Variant,
    kind: PieceKind,
    sides: &ByColor<PromotionOfSide>,
) -> bool {
    Color::ALL.into_iter().any(|color| {
        let code = Piece { kind, color }.code();
        sides.get(color).1.iter().any(|&sq| {
            variant.start.board.get(sq.index()) == Some(&code)
                || variant.hands.as_ref().is_some_and(|h| {
                    h.drops
                        && h.drop_squares
                            .get(code as usize)
                            .is_some_and(|squares| squares.contains(sq))
                })
        })
    })
}

/// Whether a piece of `kind` standing in its side's promotion zone has a
/// move (or a ray a move could take) to a square outside it.
fn leaves_zone(variant: &Variant, kind: PieceKind, sides: &ByColor<PromotionOfSide>) -> bool {
    let t = &variant.tables;
    Color::ALL.into_iter().any(|color| {
        let zone = &sides.get(color).1;
        let code = Piece { kind, color }.code();
        zone.iter().any(|&sq| {
            t.rays(code, sq).iter().any(|r| {
                (r.start..r.start + u32::from(r.len))
                    .any(|i| !zone.contains(&t.path_squares[i as usize]))
            })
        })
    })
}

/// FS's pawn promoting on arrival to the choices of the other pawn types
/// and one piece more: that one is its `promotedPieceType`, which FS
/// offers beside the pawn-style promotions on the same moves (Wolf
/// chess's elephant, which only the pawn, not the sergeant, becomes).
fn split_pawn_piece_promotion(
    variant: &Variant,
    pawns: &mut [PawnPromotion],
    promotions: &mut Promotions,
) {
    let Some(pawn) = fs_pawn(variant) else { return };
    let Some(i) = pawns.iter().position(|&(k, _)| k == pawn) else {
        return;
    };
    let mut extra = None;
    for color in Color::ALL {
        let mine = &pawns[i].1.get(color).0;
        let mut others = pawns
            .iter()
            .enumerate()
            .filter(|&(j, (_, sides))| j != i && !sides.get(color).0.is_empty())
            .map(|(_, (_, sides))| &sides.get(color).0);
        let Some(set) = others.next() else { return };
        if others.any(|other| other != set) {
            return;
        }
        let added: Vec<PieceKind> = mine.iter().copied().filter(|k| !set.contains(k)).collect();
        match added.as_slice() {
            [one] if mine.len() == set.len() + 1 && extra.is_none_or(|e| e == *one) => {
                extra = Some(*one);
            }
            _ => return,
        }
    }
    let Some(extra) = extra else { return };
    for color in Color::ALL {
        pawns[i].1.get_mut(color).0.retain(|&k| k != extra);
    }
    promotions.shogi.push((pawn, extra));
}

/// FS's pawn types and their choices, a side's own where the sides'
/// differ (Spartan: `promotionPawnTypesWhite = p`, `…Black = h`); the
/// choices, for the promotion limits.
fn write_pawn_promotions(
    variant: &Variant,
    pawns: &[PawnPromotion],
    promotions: &mut Promotions,
    out: &mut String,
) -> Result<Vec<PieceKind>, ExportError> {
    if pawns.is_empty() {
        // FS's own pawn type would promote by default; no piece is one here.
        out.push_str("promotionPawnTypes = -\n");
        return Ok(Vec::new());
    }
    let letters = |kinds: &[PieceKind]| {
        let text: String = kinds.iter().map(|&k| fs_letter(variant, k)).collect();
        if text.is_empty() {
            "-".to_string()
        } else {
            text
        }
    };
    // Per side, the pawn types and their one set of choices.
    let side = |color: Color| {
        // A pawn promoting only shogi-style is FS's pawn type all the same.
        let kinds: Vec<PieceKind> = pawns
            .iter()
            .filter(|(k, sides)| {
                !sides.get(color).0.is_empty() || promotions.shogi.iter().any(|(s, _)| s == k)
            })
            .map(|&(k, _)| k)
            .collect();
        let set = pawns
            .iter()
            .map(|(_, sides)| sides.get(color).0.clone())
            .find(|set| !set.is_empty())
            .unwrap_or_default();
        (letters(&kinds), letters(&set))
    };
    let (white, black) = (side(Color::White), side(Color::Black));
    if white.0 == black.0 {
        let _ = writeln!(out, "promotionPawnTypes = {}", white.0);
    } else {
        let _ = writeln!(out, "promotionPawnTypesWhite = {}", white.0);
        let _ = writeln!(out, "promotionPawnTypesBlack = {}", black.0);
    }
    if white.1 == black.1 {
        let _ = writeln!(out, "promotionPieceTypes = {}", white.1);
    } else {
        let _ = writeln!(out, "promotionPieceTypesWhite = {}", white.1);
        let _ = writeln!(out, "promotionPieceTypesBlack = {}", black.1);
    }
    let mut optional = None;
    let mut choices = Vec::new();
    for (kind, sides) in pawns {
        let this = promotion_is_optional(variant, *kind, sides)?;
        if optional.is_some_and(|o| o != this) {
            return Err(refuse(
                format!("promote {}", variant.pieces[kind.0 as usize].name),
                "optional for one piece type and not another: Fairy-Stockfish's mandatoryPawnPromotion holds for all its pawn types",
            ));
        }
        optional = Some(this);
        choices.extend(sides.white.0.iter().chain(&sides.black.0));
    }
    match optional {
        Some(Decline::WhereMovable) => promotions.optional = true,
        Some(Decline::Anywhere) => promotions.stuck = true,
        _ => {}
    }
    if matches!(optional, Some(Decline::WhereMovable | Decline::Anywhere)) {
        out.push_str("mandatoryPawnPromotion = false\n");
    }
    Ok(choices)
}

/// FS's shogi-style promotions (`promotedPieceType`), mandatory or not,
/// with the ones back as its `pieceDemotion` and captures only as its
/// `piecePromotionOnCapture`; the choices, for the promotion limits.
fn write_shogi_promotions(
    variant: &Variant,
    pawns: &[PawnPromotion],
    promotions: &mut Promotions,
    out: &mut String,
) -> Result<Vec<PieceKind>, ExportError> {
    let optional = shogi_promotions_optional_beside_pawn(variant, pawns, &promotions.shogi)?;
    let capture_only = promotes_by_capture_only(variant, &promotions.shogi, pawns)?;
    let demotions = piece_demotions(variant, &promotions.shogi, !pawns.is_empty())?;
    promotions.shogi.retain(|pair| !demotions.contains(pair));
    let letter = |k: PieceKind| fs_letter(variant, k);
    let mut pairs: Vec<String> = promotions
        .shogi
        .iter()
        .map(|&(from, to)| format!("{}:{}", letter(from), letter(to)))
        .collect();
    pairs.sort();
    let _ = writeln!(out, "promotedPieceType = {}", pairs.join(" "));
    match optional {
        Decline::WhereMovable => promotions.optional = true,
        Decline::Anywhere => promotions.stuck = true,
        Decline::Never => out.push_str("mandatoryPiecePromotion = true\n"),
    }
    if !demotions.is_empty() {
        out.push_str("pieceDemotion = true\n");
    }
    if capture_only {
        out.push_str("piecePromotionOnCapture = true\n");
    }
    promotions.demotions = demotions;
    Ok(promotions.shogi.iter().map(|&(_, to)| to).collect())
}

/// As FS's immobility test: whether a piece code on `sq` has a quiet move
/// on an empty board (not a first move), a hopper's counted as if it had
/// its screen (FS's pseudo-moves of a hopper are its rider's).
fn can_move(variant: &Variant, code: u8, sq: Square) -> bool {
    let t = &variant.tables;
    t.rays(code, sq).iter().any(|r| {
        !r.initial
            && (r.start..r.start + u32::from(r.len))
                .any(|i| t.path_flags[i as usize] & crate::ir::pattern::MOVE != 0)
    })
}

/// The one piece `kind` turns into by `promote … in or from` (shogi-style:
/// the same for both sides, on leaving the zone as on entering it), or
/// None for a promotion on arrival only.
fn shogi_style_choice(
    variant: &Variant,
    kind: PieceKind,
    sides: &ByColor<PromotionOfSide>,
) -> Result<Option<PieceKind>, ExportError> {
    let table = &variant.promotion;
    let name = &variant.pieces[kind.0 as usize].name;
    let mut leaving = false;
    for color in Color::ALL {
        let code = Piece { color, kind }.code();
        let (choices, zone) = sides.get(color);
        let origins: Vec<Square> = variant
            .geometry
            .squares()
            .iter()
            .filter(|&s| !table.choices_leaving(code, s).is_empty())
            .collect();
        if origins.is_empty() {
            continue;
        }
        leaving = true;
        if origins != *zone
            || origins
                .iter()
                .any(|&s| table.choices_leaving(code, s) != choices.as_slice())
        {
            return Err(refuse(
                format!("promote {name} … or from"),
                "Fairy-Stockfish's promotions out of the zone are shogi's: from the same squares and to the same piece as those into it",
            ));
        }
    }
    // A zone of every square: a move that ends in it also starts in it,
    // and a promotion on arrival is one on leaving (Kyoto shogi's flips).
    let all: Vec<Square> = variant.geometry.squares().iter().collect();
    let everywhere = Color::ALL.into_iter().all(|c| sides.get(c).1 == all);
    if !leaving && !everywhere {
        return Ok(None);
    }
    match (sides.white.0.as_slice(), sides.black.0.as_slice()) {
        ([white], [black]) if white == black => Ok(Some(*white)),
        _ => Err(refuse(
            format!("promote {name} … or from"),
            "Fairy-Stockfish's shogi-style promotion (`promotedPieceType`) turns a piece into one piece type, the same for both sides",
        )),
    }
}

/// FS's pawn promoting on arriving into a `+` twin of a royal group's
/// kind only (Back Rank's pawn into its commoner, the script's
/// `PromotedPawn`): its choice, for `promotedPieceType = p:k` beside no
/// `promotionPieceTypes`. FS's promotion into an extinction type as a
/// promotion choice takes the royalty off the side's others of the type
/// for that move; as its `promotedPieceType` it does not, as the
/// script's kind of its own does not.
fn into_royal_twin(
    variant: &Variant,
    kind: PieceKind,
    sides: &ByColor<PromotionOfSide>,
) -> Option<PieceKind> {
    let [choice] = sides.white.0.as_slice() else {
        return None;
    };
    let twin = promoted_alias(variant, *choice)?;
    (fs_pawn(variant) == Some(kind)
        && variant.pieces[twin.0 as usize].royal_group.is_some()
        && sides.black.0 == sides.white.0)
        .then_some(*choice)
}

/// The shogi-style promotions that are FS's demotions (`pieceDemotion`):
/// a piece written with `+` turning back into the piece that promotes to
/// it, as Kyoto and Micro shogi's pieces flip. FS turns back every
/// promoted piece, so where some do, every promotion needs its way back
/// and no pawn-style promotion may be beside them.
fn piece_demotions(
    variant: &Variant,
    shogi: &[(PieceKind, PieceKind)],
    pawn_promotions: bool,
) -> Result<Vec<(PieceKind, PieceKind)>, ExportError> {
    let demotions: Vec<(PieceKind, PieceKind)> = shogi
        .iter()
        .copied()
        .filter(|&(from, to)| {
            variant.pieces[from.0 as usize].plus_mark && shogi.contains(&(to, from))
        })
        .collect();
    if demotions.is_empty() {
        return Ok(demotions);
    }
    let name = |k: PieceKind| &variant.pieces[k.0 as usize].name;
    if let Some(&(from, to)) = shogi
        .iter()
        .find(|&&(from, to)| !demotions.contains(&(from, to)) && !demotions.contains(&(to, from)))
    {
        return Err(refuse(
            format!("promote {} … to {}", name(from), name(to)),
            "a promotion without its way back beside pieces that turn back: Fairy-Stockfish's `pieceDemotion` turns back every promoted piece",
        ));
    }
    if pawn_promotions {
        return Err(refuse(
            "promote …",
            "pawn-style promotions beside pieces that turn back: Fairy-Stockfish's `pieceDemotion` would turn a promoted pawn back too",
        ));
    }
    Ok(demotions)
}

/// Whether the shogi-style promotions happen by captures only (`when
/// capturing`, Micro shogi: FS's `piecePromotionOnCapture`), which must
/// then hold for all of them and for none of the pawn-style ones.
fn promotes_by_capture_only(
    variant: &Variant,
    shogi: &[(PieceKind, PieceKind)],
    pawns: &[PawnPromotion],
) -> Result<bool, ExportError> {
    let table = &variant.promotion;
    let by_capture = |kind: PieceKind| {
        Color::ALL
            .into_iter()
            .map(|color| table.by_capture_only(Piece { color, kind }.code()))
            .collect::<Vec<bool>>()
    };
    let all = |b: &[bool]| b.iter().all(|&x| x);
    let none = |b: &[bool]| b.iter().all(|&x| !x);
    let name = |k: PieceKind| &variant.pieces[k.0 as usize].name;
    if let Some((kind, _)) = pawns.iter().find(|(k, _)| !none(&by_capture(*k))) {
        return Err(refuse(
            format!("promote {} … when capturing", name(*kind)),
            "Fairy-Stockfish's `piecePromotionOnCapture` holds for shogi-style promotions (`promote … in or from`), not those of its pawn types",
        ));
    }
    let capture_only = all(&by_capture(shogi[0].0));
    if let Some(&(kind, _)) = shogi.iter().find(|&&(k, _)| {
        let b = by_capture(k);
        if capture_only {
            !all(&b)
        } else {
            !none(&b)
        }
    }) {
        return Err(refuse(
            format!("promote {} …", name(kind)),
            "promotions when capturing beside others: Fairy-Stockfish's `piecePromotionOnCapture` holds for every shogi-style promotion",
        ));
    }
    Ok(capture_only)
}

/// Where a piece code may decline its promotion on `squares`: on none of
/// them, on exactly those it could still move from, or on all of them;
/// None for anything between, which FS cannot say.
fn optional_on(variant: &Variant, code: u8, squares: &[Square]) -> Option<Decline> {
    let declines: Vec<Square> = squares
        .iter()
        .copied()
        .filter(|&s| variant.promotion.may_decline(code, s))
        .collect();
    let movable: Vec<Square> = squares
        .iter()
        .copied()
        .filter(|&s| can_move(variant, code, s))
        .collect();
    if declines.is_empty() {
        Some(Decline::Never)
    } else if declines == movable {
        Some(Decline::WhereMovable)
    } else {
        (declines == squares).then_some(Decline::Anywhere)
    }
}

/// Whether the shogi-style promotions are optional (FS's
/// `mandatoryPiecePromotion = false`, forced only where the piece could
/// not move again) or mandatory: all alike, FS has one option.
fn shogi_promotions_are_optional(
    variant: &Variant,
    shogi: &[(PieceKind, PieceKind)],
) -> Result<Decline, ExportError> {
    let squares: Vec<Square> = variant.geometry.squares().iter().collect();
    let mut optional = None;
    for &(kind, _) in shogi {
        let name = &variant.pieces[kind.0 as usize].name;
        for color in Color::ALL {
            let Some(this) = optional_on(variant, Piece { color, kind }.code(), &squares) else {
                return Err(refuse(
                    format!("promote {name}"),
                    "optional on only some squares: Fairy-Stockfish's promotion is optional wherever the piece could move again, or nowhere",
                ));
            };
            if optional.is_some_and(|o| o != this) {
                return Err(refuse(
                    format!("promote {name}"),
                    "optional for some pieces or sides only: Fairy-Stockfish's `mandatoryPiecePromotion` holds for all",
                ));
            }
            optional = Some(this);
        }
    }
    Ok(optional.unwrap_or(Decline::Never))
}

/// Whether the shogi-style promotions are optional, FS's `pawn`'s to its
/// `promotedPieceType` judged as its pawn-style ones (on arriving, by
/// `mandatoryPawnPromotion`): the others' where there are others, and
/// then an optional one of FS's `pawn` beside mandatory others is
/// refused (FS's `mandatoryPiecePromotion` would force it too).
fn shogi_promotions_optional_beside_pawn(
    variant: &Variant,
    pawns: &[PawnPromotion],
    shogi: &[(PieceKind, PieceKind)],
) -> Result<Decline, ExportError> {
    let fs_pawn = fs_pawn(variant);
    let others: Vec<(PieceKind, PieceKind)> = shogi
        .iter()
        .copied()
        .filter(|&(k, _)| Some(k) != fs_pawn)
        .collect();
    let pawn = pawns
        .iter()
        .find(|(k, _)| Some(*k) == fs_pawn && shogi.iter().any(|(s, _)| s == k));
    let pawn_optional = match pawn {
        Some((kind, sides)) => Some(promotion_is_optional(variant, *kind, sides)?),
        None => None,
    };
    if others.is_empty() {
        return Ok(pawn_optional.unwrap_or(Decline::Never));
    }
    let optional = shogi_promotions_are_optional(variant, &others)?;
    if optional == Decline::Never && pawn_optional.is_some_and(|o| o != Decline::Never) {
        let name = &variant.pieces[pawn.map_or(0, |(k, _)| k.0 as usize)].name;
        return Err(refuse(
            format!("promote {name}"),
            "optional beside mandatory shogi-style promotions: Fairy-Stockfish's `mandatoryPiecePromotion` would force it too",
        ));
    }
    Ok(optional)
}

/// Whether the pawn-style promotion is `optional`, as FS says it
/// (`mandatoryPawnPromotion = false`, with `immobilityIllegal` forcing it
/// where the piece could not move again): the piece may decline on every
/// promotion square it could still move from.
fn promotion_is_optional(
    variant: &Variant,
    kind: PieceKind,
    sides: &ByColor<PromotionOfSide>,
) -> Result<Decline, ExportError> {
    let name = &variant.pieces[kind.0 as usize].name;
    let mut optional = None;
    for color in Color::ALL {
        let zone = &sides.get(color).1;
        if zone.is_empty() {
            continue;
        }
        let Some(this) = optional_on(variant, Piece { color, kind }.code(), zone) else {
            return Err(refuse(
                format!("promote {name}"),
                "optional on only some of its promotion squares: Fairy-Stockfish's promotion is optional everywhere or nowhere",
            ));
        };
        if optional.is_some_and(|o| o != this) {
            return Err(refuse(
                format!("promote {name}"),
                "optional for one side only: Fairy-Stockfish's promotion is optional for both or neither",
            ));
        }
        optional = Some(this);
    }
    Ok(optional.unwrap_or(Decline::Never))
}

/// `immobilityIllegal = true`, which an optional promotion or a drop rule
/// needs (`why`): FS then forbids every piece to move or be dropped where
/// it could not move again, so no piece may stand there in the script but
/// where it must promote.
fn write_immobility(
    variant: &Variant,
    promotions: &Promotions,
    why: &str,
    out: &mut String,
) -> Result<(), ExportError> {
    let promoting = |kind: PieceKind| {
        promotions.pawn == Some(kind)
            || promotions
                .shogi
                .iter()
                .chain(&promotions.demotions)
                .any(|&(k, _)| k == kind)
    };
    for (index, def) in variant.pieces.iter().enumerate() {
        let kind = PieceKind(index as u8);
        // FS checks only moves and drops: a piece that never moves stands
        // where promotions or the setup put it, and is never dropped.
        let never_dropped = variant.hands.as_ref().is_none_or(|h| {
            h.never_dropped[index] || !drops::kinds_in_hand(variant, h).contains(&kind)
        });
        if def.patterns.is_empty() && never_dropped {
            continue;
        }
        for color in Color::ALL {
            let code = Piece { color, kind }.code();
            let stuck = variant.geometry.squares().iter().find(|&sq| {
                let in_zone = promoting(kind) && promotions.zone.get(color).contains(&sq);
                !(can_move(variant, code, sq) || in_zone)
            });
            if let Some(sq) = stuck {
                return Err(refuse(
                    why,
                    format!(
                        "Fairy-Stockfish says it with `immobilityIllegal`, which would also forbid a {} to stand on {}, where it cannot move",
                        def.name,
                        variant.geometry.name(sq)
                    ),
                ));
            }
        }
    }
    out.push_str("immobilityIllegal = true\n");
    Ok(())
}

/// A side's promotion of a piece: its choices and the squares it has them on.
type PromotionOfSide = (Vec<PieceKind>, Vec<Square>);

/// The choices of `kind` for one side, the same on every square it
/// promotes on (FS has one set per side), or None where it never promotes.
fn promotion_of_side(
    variant: &Variant,
    kind: PieceKind,
    color: Color,
) -> Result<Option<PromotionOfSide>, ExportError> {
    let table = &variant.promotion;
    let code = Piece { color, kind }.code();
    let squares: Vec<Square> = variant
        .geometry
        .squares()
        .iter()
        .filter(|&s| !table.choices(code, s).is_empty())
        .collect();
    let Some(&first) = squares.first() else {
        return Ok(None);
    };
    let choices = table.choices(code, first).to_vec();
    if squares
        .iter()
        .any(|&s| table.choices(code, s) != choices.as_slice())
    {
        return Err(refuse(
            format!("promote {}", variant.pieces[kind.0 as usize].name),
            "different choices on different squares: Fairy-Stockfish has one set",
        ));
    }
    Ok(Some((choices, squares)))
}

/// The castling rules as FS's options say them, in White's squares:
/// White's, or Black's mirrored where Black alone castles. One side's
/// castling (`castling white …`): FS castles by the start FEN's rights,
/// which the other side then lacks for good, unless its castling pieces
/// may be dropped (`castlingDroppedPiece`).
fn castling_in_white_squares(
    variant: &Variant,
) -> Result<Vec<crate::ir::rule::CastlingRule>, ExportError> {
    let side = |color| -> Vec<&crate::ir::rule::CastlingRule> {
        variant
            .castling
            .iter()
            .filter(|c| c.color == color)
            .collect()
    };
    let (white, black) = (side(Color::White), side(Color::Black));
    let from_drops = variant
        .hands
        .as_ref()
        .is_some_and(|h| h.castling_from_drops);
    if (white.is_empty() != black.is_empty()) && from_drops {
        return Err(refuse(
            "castling white|black",
            "Fairy-Stockfish writes castling for both sides: one side's castling is said by the start rights alone, which castling from drops cannot keep",
        ));
    }
    let mirrored = black
        .iter()
        .map(|r| mirror_castling(variant, r))
        .collect::<Result<Vec<_>, _>>()?;
    let squares = |r: &crate::ir::rule::CastlingRule| {
        (
            r.king,
            r.rook,
            r.king_from,
            r.king_to,
            r.rook_from,
            r.rook_to,
        )
    };
    if !white.is_empty()
        && !black.is_empty()
        && (white.len() != mirrored.len()
            || !white
                .iter()
                .all(|w| mirrored.iter().any(|b| squares(w) == squares(b))))
    {
        return Err(refuse(
            "castling black",
            "Black's castling is not White's turned over from rank to rank, as Fairy-Stockfish's castling options say both",
        ));
    }
    Ok(if white.is_empty() {
        mirrored
    } else {
        white.into_iter().cloned().collect()
    })
}

/// FS's castling: one king file and rank, the king to two files, the
/// rooks from the rook files to the king's inner side.
fn write_castling(variant: &Variant, out: &mut String) -> Result<(), ExportError> {
    let geometry = &variant.geometry;
    let rules = castling_in_white_squares(variant)?;
    let white: Vec<&crate::ir::rule::CastlingRule> = rules.iter().collect();
    if white.is_empty() {
        out.push_str("castling = false\n");
        return Ok(());
    }
    if white.iter().any(|r| r.any_start) {
        write_960_castling(variant, &white, out)?;
        write_opposite_castling(variant, out);
        return Ok(());
    }
    let king = white[0].king;
    let king_from = white[0].king_from;
    // FS's castling rook types (`castlingRookPieces`): each wing castles
    // with the piece of those it finds on the wing's rook square, which
    // at the start is the kind the script names there (Perfect chess's
    // rook and chancellor).
    let mut rooks: Vec<PieceKind> = Vec::new();
    let mut lines = Vec::new();
    let mut wings = [false, false];
    for rule in &white {
        let declaration = format!(
            "castling {} {} -> {}",
            variant.pieces[rule.king.0 as usize].name,
            geometry.name(rule.king_from),
            geometry.name(rule.king_to)
        );
        let file = |s| geometry.file_of(s);
        let kingside = file(rule.king_to) > file(rule.king_from);
        let inner = if kingside {
            file(rule.king_to) - 1
        } else {
            file(rule.king_to) + 1
        };
        let same_rank = [rule.king_to, rule.rook_from, rule.rook_to]
            .iter()
            .all(|&s| geometry.rank_of(s) == geometry.rank_of(king_from));
        if rule.king != king
            || rule.king_from != king_from
            || !same_rank
            || file(rule.rook_to) != inner
            || wings[kingside as usize]
        {
            return Err(refuse(declaration, "Fairy-Stockfish's castling has one king square, one rook per wing, and the rook lands beside the king"));
        }
        wings[kingside as usize] = true;
        if !rooks.contains(&rule.rook) {
            rooks.push(rule.rook);
        }
        let (king_key, rook_key) = if kingside {
            ("castlingKingsideFile", "castlingRookKingsideFile")
        } else {
            ("castlingQueensideFile", "castlingRookQueensideFile")
        };
        let letter = |s: Square| (b'a' + file(s) as u8) as char;
        lines.push(format!("{king_key} = {}", letter(rule.king_to)));
        lines.push(format!("{rook_key} = {}", letter(rule.rook_from)));
    }
    let _ = writeln!(out, "castling = true");
    if fs_king(variant) != Some(king) {
        let _ = writeln!(out, "castlingKingPiece = {}", fs_letter(variant, king));
    }
    let _ = writeln!(out, "castlingRank = {}", geometry.rank_of(king_from) + 1);
    let _ = writeln!(
        out,
        "castlingKingFile = {}",
        (b'a' + geometry.file_of(king_from) as u8) as char
    );
    let from_drops = variant
        .hands
        .as_ref()
        .is_some_and(|h| h.castling_from_drops);
    if from_drops && rooks.len() > 1 {
        return Err(refuse(
            "castling …",
            "castling from drops with a different rook on each wing: Fairy-Stockfish would castle with either type dropped on either wing",
        ));
    }
    let _ = writeln!(
        out,
        "castlingRookPieces = {}",
        letters_of_kinds(variant, &rooks)
    );
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    write_opposite_castling(variant, out);
    Ok(())
}

/// `castling on opposite wings` as FS's `oppositeCastling`, and `castling
/// … wins` as its `castlingWins` (the rights of the winning castlings'
/// wings, `KQkq`).
fn write_opposite_castling(variant: &Variant, out: &mut String) {
    if variant.opposite_castling {
        out.push_str("oppositeCastling = true\n");
    }
    let mut rights = String::new();
    for (color, [k, q]) in [(Color::White, ['K', 'Q']), (Color::Black, ['k', 'q'])] {
        let (kingside, queenside) = variant.castling_win_wings(color);
        rights.extend(kingside.then_some(k));
        rights.extend(queenside.then_some(q));
    }
    if !rights.is_empty() {
        let _ = writeln!(out, "castlingWins = {rights}");
    }
}

/// Black's castling rule in White's squares (the board turned over from
/// rank to rank), as FS's castling options say it.
fn mirror_castling(
    variant: &Variant,
    rule: &crate::ir::rule::CastlingRule,
) -> Result<crate::ir::rule::CastlingRule, ExportError> {
    let geometry = &variant.geometry;
    let ranks = geometry.ranks() as i32;
    let flip = |s: Square| {
        geometry
            .square(geometry.file_of(s), ranks - 1 - geometry.rank_of(s))
            .ok_or_else(|| {
                refuse(
                    "castling black",
                    "a square of Black's castling has no twin on White's side of the board",
                )
            })
    };
    Ok(crate::ir::rule::CastlingRule {
        color: Color::White,
        king_from: flip(rule.king_from)?,
        king_to: flip(rule.king_to)?,
        rook_from: flip(rule.rook_from)?,
        rook_to: flip(rule.rook_to)?,
        must_be_empty: rule
            .must_be_empty
            .iter()
            .map(flip)
            .collect::<Result<_, _>>()?,
        king_path: rule
            .king_path
            .iter()
            .copied()
            .map(flip)
            .collect::<Result<_, _>>()?,
        ..rule.clone()
    })
}

/// Castling from any start as FS's `chess960 = true`: one king and rook
/// type, one castling rank, the king to one file a wing with the rook
/// beside it on the inner side (FS's rooks scan for `KQkq` from the
/// corners, as X-FEN's outermost rooks).
fn write_960_castling(
    variant: &Variant,
    white: &[&crate::ir::rule::CastlingRule],
    out: &mut String,
) -> Result<(), ExportError> {
    let geometry = &variant.geometry;
    let name = |k: PieceKind| &variant.pieces[k.0 as usize].name;
    let first = white[0];
    let mut wings: [Option<Square>; 2] = [None, None];
    for rule in white {
        let declaration = format!(
            "castling {} to {} with {} to {} from any start",
            name(rule.king),
            geometry.name(rule.king_to),
            name(rule.rook),
            geometry.name(rule.rook_to)
        );
        let file = |s| geometry.file_of(s);
        let kingside = file(rule.rook_from) > file(rule.king_from);
        let inner = file(rule.king_to) + if kingside { -1 } else { 1 };
        let wing = &mut wings[usize::from(kingside)];
        if !rule.any_start
            || rule.king != first.king
            || rule.rook != first.rook
            || geometry.rank_of(rule.king_to) != geometry.rank_of(first.king_to)
            || file(rule.rook_to) != inner
            || wing.is_some_and(|to| to != rule.king_to)
        {
            return Err(refuse(declaration, "Fairy-Stockfish's chess960 castling has one king and rook type, one file a wing for the king, and the rook lands beside it"));
        }
        *wing = Some(rule.king_to);
    }
    let letter = |s: Square| (b'a' + geometry.file_of(s) as u8) as char;
    let _ = writeln!(out, "castling = true\nchess960 = true");
    if fs_king(variant) != Some(first.king) {
        let _ = writeln!(
            out,
            "castlingKingPiece = {}",
            fs_letter(variant, first.king)
        );
    }
    let _ = writeln!(
        out,
        "castlingRank = {}",
        geometry.rank_of(first.king_to) + 1
    );
    let _ = writeln!(
        out,
        "castlingRookPieces = {}",
        fs_letter(variant, first.rook)
    );
    let last = (b'a' + geometry.files() - 1) as char;
    for (to, (king_key, rook_key, corner)) in wings.iter().zip([
        ("castlingQueensideFile", "castlingRookQueensideFile", 'a'),
        ("castlingKingsideFile", "castlingRookKingsideFile", last),
    ]) {
        if let Some(to) = to {
            let _ = writeln!(out, "{king_key} = {}\n{rook_key} = {corner}", letter(*to));
        }
    }
    Ok(())
}

fn value(result: GameResult) -> &'static str {
    match result {
        GameResult::Wins => "win",
        GameResult::Loses => "loss",
        GameResult::Draws => "draw",
    }
}

/// The repetition rule: `nFoldRule`, and what it means when not a draw
/// (`nFoldValue`: for the side to move, or for White with `nFoldValueAbsolute`).
fn write_repetition(rules: &GameEndRules, out: &mut String) {
    let _ = writeln!(out, "nFoldRule = {}", rules.repetition.unwrap_or(0));
    let repeated = rules.repetition_result;
    if repeated.result == GameResult::Draws {
        return;
    }
    let for_white = match repeated.side {
        None | Some(Color::White) => repeated.result,
        Some(Color::Black) if repeated.result == GameResult::Wins => GameResult::Loses,
        Some(Color::Black) => GameResult::Wins,
    };
    let _ = writeln!(out, "nFoldValue = {}", value(for_white));
    if repeated.side.is_some() {
        let _ = writeln!(out, "nFoldValueAbsolute = true");
    }
}

/// Checkmate, stalemate, the move and repetition rules, goals, checks.
fn write_game_end(variant: &Variant, out: &mut String) -> Result<(), ExportError> {
    let rules = &variant.game_end;
    match rules.checkmate {
        Some(checkmate) => {
            let _ = writeln!(out, "checkmateValue = {}", value(checkmate));
        }
        // Without a royal piece FS never sees a checkmate either.
        None if variant.pieces.iter().all(|p| !p.royal) => {}
        None => {
            return Err(refuse(
                "checkmate none",
                "Fairy-Stockfish checkmates a royal piece",
            ))
        }
    }
    let _ = writeln!(out, "stalemateValue = {}", value(rules.stalemate));
    if rules.stalemate_by_fewer_pieces {
        let _ = writeln!(out, "stalematePieceCount = true");
    }
    let _ = writeln!(out, "nMoveRule = {}", rules.move_rule.unwrap_or(0));
    // Whose moves reset it (FS, as varia, skips a move that could be
    // taken straight back).
    let resetting = letters_of(variant, |p| p.resets_move_rule);
    let resetting = if resetting.is_empty() {
        "-"
    } else {
        &resetting
    };
    // Without a move rule or repetitions (which FS looks for back to the
    // last reset) the resets change no game: the import then reads none.
    if rules.move_rule.is_some() || rules.repetition.is_some() {
        let _ = writeln!(out, "nMoveRuleTypes = {resetting}");
    }
    write_repetition(rules, out);
    if rules.perpetual_check {
        let _ = writeln!(out, "perpetualCheckIllegal = true");
    }
    if variant.compulsory_capture {
        let _ = writeln!(out, "mustCapture = true");
    }
    if variant.checks_forbidden {
        let _ = writeln!(out, "checking = false");
    }
    // check_exportable let only the kings of both sides through.
    if variant.some_piece_only_takes_checker {
        let _ = writeln!(out, "makpongRule = true");
    }
    // FS's pseudo-royal pieces are its extinction rule's: a script's
    // `losing every King loses` beside `check when every King is
    // attacked` says the same rule again.
    let extinctions = match (rules.extinctions.as_slice(), pseudo_royal(variant)) {
        ([rule], Some(royals))
            if rule.kinds == royals.kinds
                && rule.at_most == royals.count
                && rule.result == GameResult::Loses
                && !rule.bare_back =>
        {
            &[]
        }
        (extinctions, _) => extinctions,
    };
    match extinctions {
        [] => {
            if let Some(royals) = pseudo_royal(variant) {
                // Kept safe, so never lost (Atomic's king: its loss loses,
                // as its checkmate).
                let letters = letters_of_kinds(variant, &royals.kinds);
                let _ = writeln!(out, "extinctionValue = loss");
                let _ = writeln!(out, "extinctionPieceTypes = {letters}");
                if royals.count > 0 {
                    let _ = writeln!(out, "extinctionPieceCount = {}", royals.count);
                }
                let _ = writeln!(out, "extinctionPseudoRoyal = true");
                if royals.duple {
                    let _ = writeln!(out, "dupleCheck = true");
                }
            }
        }
        _ if pseudo_royal(variant).is_some() => {
            return Err(refuse(
                "losing every",
                "Fairy-Stockfish says pseudo-royal pieces with its one extinction rule",
            ))
        }
        [rule] => {
            let types = if rule.kinds.is_empty() {
                "*".to_string()
            } else {
                letters_of_kinds(variant, &rule.kinds)
            };
            let _ = writeln!(out, "extinctionValue = {}", value(rule.result));
            let _ = writeln!(out, "extinctionPieceTypes = {types}");
            let _ = writeln!(out, "extinctionPieceCount = {}", rule.at_most);
            if rule.bare_back {
                let _ = writeln!(out, "extinctionOpponentPieceCount = {}", rule.at_most + 1);
                let _ = writeln!(out, "extinctionClaim = true");
            }
        }
        _ => {
            return Err(refuse(
                "losing every",
                "Fairy-Stockfish has one extinction rule; the script has several",
            ))
        }
    }
    if let Some(limit) = &rules.check_limit {
        if limit.result != GameResult::Wins {
            return Err(refuse(
                "giving N checks",
                "Fairy-Stockfish's check counting wins",
            ));
        }
        let _ = writeln!(out, "checkCounting = true");
    }
    shatar::write_shatar_mate(variant, out)?;
    write_goals(variant, out)?;
    write_connects(variant, out)?;
    chasing::write_chasing(variant, out)?;
    counting::write_counting(variant, &counting::counted_types(variant)?, out)
}

/// The `connecting` rules as FS's one connection rule: a row
/// (`connectN`), a square block (`connectNxN`) and a line (`collinearN`),
/// at most one of each, for both sides, sharing their result
/// (`connectValue`), pieces (`connectPieceTypes`) and lines
/// (`connectHorizontal`, `connectVertical`, `connectDiagonal`). A chain
/// between regions is refused: FS's search steps only east, north,
/// north-east and south-east and misses a chain that turns back.
fn write_connects(variant: &Variant, out: &mut String) -> Result<(), ExportError> {
    let rules = &variant.game_end.connects;
    let Some(first) = rules.first() else {
        return Ok(());
    };
    // Blocks follow no line: the lines are the rows' and lines'.
    let lines = rules
        .iter()
        .find(|r| !matches!(r.shape, ConnectShape::Block(..)))
        .map(|r| r.lines);
    let mut seen = [false; 3];
    for rule in rules {
        let declaration = "connecting";
        let (slot, line) = match &rule.shape {
            ConnectShape::Row(n) => (0, format!("connectN = {n}")),
            ConnectShape::Block(files, ranks) if files == ranks => {
                (1, format!("connectNxN = {files}"))
            }
            ConnectShape::Block(..) => {
                return Err(refuse(
                    "connecting N x M",
                    "Fairy-Stockfish's blocks are square",
                ))
            }
            ConnectShape::Line(n) => (2, format!("collinearN = {n}")),
            ConnectShape::Chain { .. } => {
                return Err(refuse(
                    "connecting … to …",
                    "Fairy-Stockfish finds a chain between regions only stepping east, north, north-east and south-east (it misses one that turns back)",
                ))
            }
        };
        if !(rule.sides.white && rule.sides.black) {
            return Err(refuse(
                "white connecting",
                "Fairy-Stockfish's connection rule holds for both sides",
            ));
        }
        if rule.result != first.result || rule.kinds != first.kinds {
            return Err(refuse(
                declaration,
                "Fairy-Stockfish has one connection rule: every `connecting` must have the same result and pieces",
            ));
        }
        let lined = !matches!(rule.shape, ConnectShape::Block(..));
        if lined && Some(rule.lines) != lines {
            return Err(refuse(
                "connecting … along",
                "Fairy-Stockfish's rows and lines follow the same lines",
            ));
        }
        if std::mem::replace(&mut seen[slot], true) {
            return Err(refuse(
                declaration,
                "Fairy-Stockfish has one row, one block and one line to connect",
            ));
        }
        let _ = writeln!(out, "{line}");
    }
    if first.result != GameResult::Wins {
        let _ = writeln!(out, "connectValue = {}", value(first.result));
    }
    if first.kinds != u64::MAX {
        let letters: String = (0..variant.pieces.len())
            .filter(|&k| first.kinds >> k & 1 != 0)
            .map(|k| fs_letter(variant, PieceKind(k as u8)))
            .collect();
        let _ = writeln!(out, "connectPieceTypes = {letters}");
    }
    if let Some(lines) = lines {
        for (on, key) in [
            (lines.ranks, "connectHorizontal"),
            (lines.files, "connectVertical"),
            (lines.diagonals, "connectDiagonal"),
        ] {
            if !on {
                let _ = writeln!(out, "{key} = false");
            }
        }
    }
    Ok(())
}

/// The goals: one of one piece type that wins (`flagPiece`, `flagRegion…`,
/// `flagPieceSafe`, `flagMove`), or Racing Kings' two.
fn write_goals(variant: &Variant, out: &mut String) -> Result<(), ExportError> {
    let rules = &variant.game_end;
    match rules.goals.as_slice() {
        [] => {}
        [first, second] if racing_goals(variant, first, second) => {
            // Racing Kings: FS's `flagMove` for a royal piece answers White's
            // arrival with one move of Black's.
            let (white, black) = if first.answered {
                (first, second)
            } else {
                (second, first)
            };
            let _ = writeln!(out, "flagPiece = {}", fs_letter(variant, white.kinds[0]));
            let _ = writeln!(out, "flagMove = true");
            let regions = ByColor {
                white: white.squares.white,
                black: black.squares.black,
            };
            write_side_regions(variant, &regions, "flagRegion", out);
        }
        // FS's `flagPieceSafe` with `flagMove`: a piece there unattacked
        // wins at once, an attacked one once it is still there a move
        // later (the import's two goals, in that order).
        [reply, safe]
            if reply.after_reply
                && !reply.unattacked
                && safe.unattacked
                && !safe.after_reply
                && Goal { after_reply: false, unattacked: true, ..reply.clone() } == *safe =>
        {
            write_flag_goal(
                variant,
                &Goal {
                    unattacked: true,
                    ..reply.clone()
                },
                out,
            )?;
        }
        [goal] if goal.answered => {
            return Err(refuse(
                "reaching … unless answered",
                "Fairy-Stockfish answers a goal reached only in Racing Kings' way: White's royal piece answered, Black's not",
            ))
        }
        [goal] => write_flag_goal(variant, goal, out)?,
        _ => {
            return Err(refuse(
                "reaching",
                "the bridge writes one goal, or one reached after a reply or unattacked (FS's `flagMove` with `flagPieceSafe`)",
            ))
        }
    }
    Ok(())
}

/// One goal that wins, as FS's flag options: `flagPiece` (`*` for every
/// piece), `flagPieceSafe`, `flagMove`, `flagPieceBlockedWin`,
/// `flagPieceCount`, `flagRegion…`.
fn write_flag_goal(variant: &Variant, goal: &Goal, out: &mut String) -> Result<(), ExportError> {
    if goal.answered || goal.result != GameResult::Wins {
        return Err(refuse(
            "reaching",
            "Fairy-Stockfish's flag goals win, and answers one only in Racing Kings' way: White's royal piece answered, Black's not",
        ));
    }
    let piece = flag_piece(variant, &goal.kinds).ok_or_else(|| {
        refuse(
            "reaching",
            "Fairy-Stockfish's flag piece is one piece type or every piece",
        )
    })?;
    let _ = writeln!(out, "flagPiece = {piece}");
    if goal.unattacked {
        let _ = writeln!(out, "flagPieceSafe = true");
    }
    if goal.after_reply {
        let _ = writeln!(out, "flagMove = true");
    }
    if goal.when_full {
        let _ = writeln!(out, "flagPieceBlockedWin = true");
    }
    if goal.count > 1 {
        let _ = writeln!(out, "flagPieceCount = {}", goal.count);
    }
    write_side_regions(variant, &goal.squares, "flagRegion", out);
    Ok(())
}

/// FS's flag piece for a goal's kinds: the one FS type they all are
/// (a promoted piece moving as its plain twin is that type), or `*` when
/// they are every piece of the game.
fn flag_piece(variant: &Variant, kinds: &[PieceKind]) -> Option<String> {
    let letters = |kinds: &mut dyn Iterator<Item = PieceKind>| {
        kinds
            .map(|k| fs_letter(variant, k))
            .collect::<std::collections::BTreeSet<char>>()
    };
    let wanted = letters(&mut kinds.iter().copied());
    let every = letters(&mut (0..variant.pieces.len()).map(|k| PieceKind(k as u8)));
    match wanted.iter().collect::<Vec<_>>().as_slice() {
        _ if wanted == every && kinds.len() == variant.pieces.len() => Some("*".to_string()),
        [letter] => Some(letter.to_string()),
        _ => None,
    }
}

/// Whether two goals are Racing Kings': White's royal piece reaching its
/// squares wins unless answered, Black's wins at once (FS's `flagMove`
/// with a royal flag piece).
fn racing_goals(variant: &Variant, first: &Goal, second: &Goal) -> bool {
    let (white, black) = if first.answered {
        (first, second)
    } else {
        (second, first)
    };
    let plain = |g: &Goal| g.result == GameResult::Wins && !g.unattacked && !g.after_reply;
    white.answered
        && !black.answered
        && plain(white)
        && plain(black)
        && white.kinds.len() == 1
        && white.kinds == black.kinds
        && black.count == 1
        && variant.pieces[white.kinds[0].0 as usize].royal
        && white.squares.black.is_empty()
        && black.squares.white.is_empty()
        && !white.squares.white.is_empty()
        && !black.squares.black.is_empty()
}
