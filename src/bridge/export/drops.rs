//! Pieces in hand as Fairy-Stockfish's drop options: `pieceDrops`,
//! `capturesToHand`, what a captured piece returns as (`dropLoop`, and
//! shogi's unpromoting by `promotedPieceType`), the drop squares
//! (`dropRegion…`, a piece's own by its `mobilityRegion…`, the squares a
//! piece could not move from by `immobilityIllegal`), `dropNoDoubled`,
//! `shogiPawnDropMateIllegal`, `dropChecks`, `mustDrop` and
//! `castlingDroppedPiece`.

use std::fmt::Write as _;

use super::{
    can_move, fs_letter, fs_pawn, promoted_alias, rank_squares, refuse, squares_text, ExportError,
    Promotions,
};
use crate::ir::geometry::{Square, SquareSet};
use crate::ir::hand::{Gating, Hands};
use crate::ir::piece::{ByColor, Color, Piece, PieceKind};
use crate::ir::Variant;

/// The kind whose drops may not mate (`drop … no-mate`), which the section
/// writes as FS's `shogiPawn` (its `shogiPawnDropMateIllegal` knows that
/// type only), if any.
pub(super) fn no_mate_kind(variant: &Variant) -> Result<Option<PieceKind>, ExportError> {
    let Some(hands) = &variant.hands else {
        return Ok(None);
    };
    let kinds: Vec<PieceKind> = (0..variant.pieces.len())
        .map(|k| PieceKind(k as u8))
        .filter(|k| hands.no_mate[k.0 as usize])
        .collect();
    match kinds.as_slice() {
        [] => Ok(None),
        [kind] => {
            let piece = &variant.pieces[kind.0 as usize];
            if piece.betza.split_whitespace().collect::<String>() != "fW" {
                return Err(refuse(
                    format!("drop {} no-mate", piece.name),
                    "Fairy-Stockfish forbids mating drops of its shogi pawn only, which moves `fW`",
                ));
            }
            Ok(Some(*kind))
        }
        _ => Err(refuse(
            "drop … no-mate",
            "Fairy-Stockfish forbids mating drops of one piece type, its shogi pawn",
        )),
    }
}

/// Whether no drop may give check (`no-check` on every kind a side may
/// drop), FS's `dropChecks = false`, which holds for every drop: some
/// kinds but not all is refused.
fn drops_never_check(variant: &Variant, hands: &Hands) -> Result<bool, ExportError> {
    let dropped = kinds_in_hand(variant, hands)
        .into_iter()
        .map(|kind| kind.0 as usize)
        .filter(|&k| !hands.never_dropped[k]);
    let (never, may): (Vec<usize>, Vec<usize>) = dropped.partition(|&k| hands.no_check[k]);
    match (never.first(), may.is_empty()) {
        (None, _) => Ok(false),
        // FS's `gives_check` looks for its king type only.
        (Some(&k), true) if super::fs_king(variant).is_none() => Err(refuse(
            format!("drop {} no-check", variant.pieces[k].name),
            "Fairy-Stockfish's `dropChecks = false` forbids checks to its king type only, and this section has none",
        )),
        (Some(_), true) => Ok(true),
        (Some(&k), false) => Err(refuse(
            format!("drop {} no-check", variant.pieces[k].name),
            "Fairy-Stockfish's `dropChecks = false` holds for every drop, and other pieces here may check by theirs",
        )),
    }
}

/// The drop options; whether the drop squares need `immobilityIllegal`
/// (always, when `promotions` do).
pub(super) fn write_hands(
    variant: &Variant,
    promotions: &Promotions,
    out: &mut String,
) -> Result<bool, ExportError> {
    let Some(hands) = &variant.hands else {
        return Ok(promotions.optional);
    };
    check_drop_rules(variant, hands)?;
    let _ = writeln!(out, "pieceDrops = {}", hands.drops);
    if hands.keep_captures {
        out.push_str("capturesToHand = true\n");
        write_returns(variant, hands, promotions, out)?;
    }
    if no_mate_kind(variant)?.is_some() {
        out.push_str("shogiPawnDropMateIllegal = true\n");
    }
    if drops_never_check(variant, hands)? {
        out.push_str("dropChecks = false\n");
    }
    if opposite_coloured_bishop(variant).is_some() {
        out.push_str("dropOppositeColoredBishop = true\n");
    }
    if hands.compulsory {
        out.push_str("mustDrop = true\n");
    }
    if sittuyin_rook(variant).is_some() {
        out.push_str("sittuyinRookDrop = true\n");
    }
    if hands.castling_from_drops {
        out.push_str("castlingDroppedPiece = true\n");
    }
    if drops_either_face(variant, hands, promotions)? {
        out.push_str("dropPromoted = true\n");
    }
    let squares = DropSquares::of(variant, hands, promotions);
    // The restricted pieces' mobility regions keep their drops in too.
    let restricted = super::region_mobility(variant)?;
    let immobility = if promotions.optional {
        true
    } else {
        // Without `immobilityIllegal` if the drop squares allow it.
        squares.regions(variant, &restricted, false).is_err()
    };
    if immobility && promotions.stuck {
        return Err(refuse(
            "promote … optional anywhere",
            "Fairy-Stockfish leaves a piece unpromoted where it could not move again only without `immobilityIllegal`, which the drop squares need here",
        ));
    }
    write_drops_per_file(variant, hands, immobility, out)?;
    let (region, mobility) = squares.regions(variant, &restricted, immobility)?;
    if squares.pawn.is_some() {
        if squares.pawn_drops.0 {
            out.push_str("firstRankPawnDrops = true\n");
        }
        if squares.pawn_drops.1 {
            out.push_str("promotionZonePawnDrops = true\n");
        }
    }
    write_regions(variant, &region, "dropRegion", out);
    for (kind, squares) in mobility {
        let piece = &variant.pieces[kind.0 as usize];
        if !piece.region_rules.is_empty() {
            return Err(refuse(
                format!("restrict {}", piece.name),
                "Fairy-Stockfish has one mobility region a piece, which its drop region needs here",
            ));
        }
        let name = fs_piece_name(variant, kind);
        write_regions(variant, &squares, &format!("mobilityRegion{{}}{name}"), out);
    }
    write_enclosing(variant, hands, out)?;
    if let Some(gating) = &hands.gating {
        check_gating(variant, hands, gating)?;
        out.push_str("gating = true\nseirawanGating = true\n");
    }
    Ok(immobility)
}

/// `drop … one-per-file` (`N-per-file`) as FS's `dropNoDoubled` and
/// `dropNoDoubledCount`, for one kind only; a kind never dropped as
/// `dropNoDoubledCount = 0` (no file has fewer of it than none), unless it
/// never moves and `immobility` (FS's `immobilityIllegal`) keeps it in
/// hand already (Mandala's stone).
fn write_drops_per_file(
    variant: &Variant,
    hands: &Hands,
    immobility: bool,
    out: &mut String,
) -> Result<(), ExportError> {
    let per_file: Vec<(PieceKind, u8)> = (0..variant.pieces.len())
        .map(|k| (PieceKind(k as u8), hands.per_file[k]))
        .filter(|&(k, n)| {
            let never = hands.never_dropped[k.0 as usize];
            // FS's `immobilityIllegal` drops no piece that never moves.
            let stuck = never && immobility && variant.pieces[k.0 as usize].patterns.is_empty();
            n > 0 || never && !stuck
        })
        .collect();
    match per_file.as_slice() {
        [] => {}
        [(kind, count)] => {
            let _ = writeln!(out, "dropNoDoubled = {}", fs_letter(variant, *kind));
            if *count != 1 {
                let _ = writeln!(out, "dropNoDoubledCount = {count}");
            }
        }
        _ => {
            return Err(refuse(
                "drop … one-per-file",
                "Fairy-Stockfish's `dropNoDoubled` holds for one piece type",
            ))
        }
    }
    Ok(())
}

/// S-chess's gating as FS's `seirawanGating`: its gates are on the
/// castling rank (the FEN's castling field names them), and any piece in
/// hand may enter by one where it may be dropped.
fn check_gating(variant: &Variant, hands: &Hands, gating: &Gating) -> Result<(), ExportError> {
    let geometry = &variant.geometry;
    let rank = |r: i32| rank_squares(variant, r);
    let castling_rank = variant
        .castling
        .first()
        .map_or(0, |rule| geometry.rank_of(rule.king_from));
    let last = geometry.ranks() as i32 - 1;
    if gating.region.white != rank(castling_rank)
        || gating.region.black != rank(last - castling_rank)
    {
        return Err(refuse(
            "gate … in",
            format!(
                "Fairy-Stockfish's gates are on its castling rank, here rank {}",
                castling_rank + 1
            ),
        ));
    }
    for kind in kinds_in_hand(variant, hands) {
        for color in Color::ALL {
            let code = Piece { color, kind }.code() as usize;
            let fs = gating
                .region
                .get(color)
                .intersection(&hands.drop_squares[code]);
            if gating.squares[code] != fs {
                return Err(refuse(
                    "gate",
                    format!(
                        "Fairy-Stockfish gates every piece in hand where it may be dropped, the {} too",
                        variant.pieces[kind.0 as usize].name
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Whether pieces are dropped as either face (`either-face`, Kyoto
/// shogi), as FS's `dropPromoted` says: every piece in hand with a
/// shogi-style promotion may be dropped as the piece it promotes to, where
/// it may be dropped itself and by its drop rules (varia drops a face by
/// its squares alone: refused where the unpromoted piece has drop rules).
fn drops_either_face(
    variant: &Variant,
    hands: &Hands,
    promotions: &Promotions,
) -> Result<bool, ExportError> {
    if hands.faces.iter().all(Option::is_none) {
        return Ok(false);
    }
    for kind in kinds_in_hand(variant, hands) {
        let promoted = promotions
            .shogi
            .iter()
            .find(|&&(from, _)| from == kind)
            .map(|&(_, to)| to);
        let face = hands.faces.get(kind.0 as usize).copied().flatten();
        let same_squares = |to: PieceKind| {
            Color::ALL.into_iter().all(|color| {
                let code = |k| Piece { color, kind: k }.code() as usize;
                hands.drop_squares[code(kind)] == hands.drop_squares[code(to)]
            })
        };
        let k = kind.0 as usize;
        let flag = |rule: &[bool]| rule.get(k).copied().unwrap_or(false);
        // FS drops the promoted face by the unpromoted one's rules too.
        let ruled = hands.per_file.get(k).is_some_and(|&n| n > 0)
            || [
                &hands.no_mate,
                &hands.no_check,
                &hands.opposite_colours,
                &hands.beside_own,
                &hands.away_from_enemy,
                &hands.enclosing,
                &hands.falling,
            ]
            .into_iter()
            .any(|rule| flag(rule));
        if face != promoted || face.is_some_and(|to| ruled || !same_squares(to)) {
            return Err(refuse(
                format!("drop {} either-face", variant.pieces[kind.0 as usize].name),
                "Fairy-Stockfish's `dropPromoted` drops every piece in hand that promotes as either face, on the squares of the unpromoted one",
            ));
        }
    }
    Ok(true)
}

/// What FS has no drop option for.
fn check_drop_rules(variant: &Variant, hands: &Hands) -> Result<(), ExportError> {
    let named = |rule: &str, which: &[bool]| {
        which
            .iter()
            .position(|&b| b)
            .map(|k| format!("drop {} {rule}", variant.pieces[k].name))
    };
    let refusal = if let (Some(d), None) = (
        named("opposite-colours", &hands.opposite_colours),
        opposite_coloured_bishop(variant),
    ) {
        Some((
            d,
            "Fairy-Stockfish drops pieces on opposite colours only for its own bishop type: one piece that moves as a bishop (`B`)",
        ))
    } else {
        None
    };
    match refusal {
        Some((declaration, reason)) => Err(refuse(declaration, reason)),
        None => Ok(()),
    }
}

/// Reversi's, Ataxx's, Snort's and Connect Four's drops as FS's
/// `enclosingDrop` (for every piece dropped: `reversi` where it outflanks
/// enemy pieces, `ataxx` beside a piece of its side, `snort` away from
/// enemy pieces, `top` falling down its file), the
/// squares filled first as `enclosingDropStart`.
fn write_enclosing(variant: &Variant, hands: &Hands, out: &mut String) -> Result<(), ExportError> {
    let in_hand = kinds_in_hand(variant, hands);
    let all = |rule: &[bool]| in_hand.iter().all(|k| rule[k.0 as usize]);
    let any = |rule: &[bool]| in_hand.iter().find(|k| rule[k.0 as usize]);
    let rule = if all(&hands.enclosing) {
        Some("reversi")
    } else if all(&hands.beside_own) {
        Some("ataxx")
    } else if all(&hands.away_from_enemy) {
        Some("snort")
    } else if all(&hands.falling) {
        Some("top")
    } else if let Some(kind) = any(&hands.enclosing)
        .or(any(&hands.beside_own))
        .or(any(&hands.away_from_enemy))
        .or(any(&hands.falling))
    {
        return Err(refuse(
            format!("drop {}", variant.pieces[kind.0 as usize].name),
            "Fairy-Stockfish's `enclosingDrop` holds for every piece dropped",
        ));
    } else {
        None
    };
    if in_hand.is_empty() {
        return Ok(());
    }
    if rule == Some("reversi") && super::has_voids(variant) {
        return Err(refuse(
            format!("drop {} enclosing", variant.pieces[in_hand[0].0 as usize].name),
            "on a board with voids: Fairy-Stockfish's voids are walls, and its test of an enclosing drop looks through them",
        ));
    }
    if let Some(rule) = rule {
        let _ = writeln!(out, "enclosingDrop = {rule}");
    }
    if let Some(first) = &hands.first_fill {
        if rule.is_none() || first.white != first.black {
            return Err(refuse(
                "drops first fill",
                "Fairy-Stockfish's `enclosingDropStart` is one set of squares for both sides, with enclosing drops",
            ));
        }
        let _ = writeln!(
            out,
            "enclosingDropStart = {}",
            squares_text(variant, first.white.iter())
        );
    }
    Ok(())
}

/// What a captured piece returns to hand as. FS returns a shogi-promoted
/// piece as the piece it promoted from, a pawn-style promoted one as its
/// main promotion pawn type (`demote promoted to Pawn`) or, with
/// `dropLoop`, as itself; any other piece as itself.
fn write_returns(
    variant: &Variant,
    hands: &Hands,
    promotions: &Promotions,
    out: &mut String,
) -> Result<(), ExportError> {
    let name = |k: PieceKind| &variant.pieces[k.0 as usize].name;
    for (index, &demoted) in hands.demoted.iter().enumerate() {
        let kind = PieceKind(index as u8);
        if demoted != kind && !promotions.shogi.contains(&(demoted, kind)) {
            return Err(refuse(
                format!("demote {} to {}", name(kind), name(demoted)),
                format!(
                    "Fairy-Stockfish returns a captured piece to hand as itself, or as the piece it promoted from by `promote … or from` ({} does not promote to {})",
                    name(demoted),
                    name(kind)
                ),
            ));
        }
    }
    // A royal piece is never taken (Gethenian's king turning over).
    for &(from, to) in &promotions.shogi {
        if hands.demoted[to.0 as usize] != from && !variant.pieces[to.0 as usize].royal {
            return Err(refuse(
                format!("promote {} … or from", name(from)),
                format!(
                    "Fairy-Stockfish returns a captured {} to hand as a {}: the script needs `demote {} to {}`",
                    name(to),
                    name(from),
                    name(to),
                    name(from)
                ),
            ));
        }
    }
    match (promotions.pawn, hands.promoted_to) {
        (_, None) => {
            if promotions.pawn.is_some() {
                out.push_str("dropLoop = true\n");
            }
            if promotions.pawn.is_some() && !promotions.shogi.is_empty() {
                return Err(refuse(
                    "hands keep captures",
                    "Fairy-Stockfish keeps promoted pieces promoted in hand (`dropLoop`) for shogi's promotions too",
                ));
            }
        }
        (Some(pawn), Some(to)) if pawn == to => {}
        (_, Some(to)) => {
            return Err(refuse(
                format!("demote promoted to {}", name(to)),
                "Fairy-Stockfish returns a promoted piece to hand as the piece that promotes on arrival",
            ))
        }
    }
    Ok(())
}

/// The name FS's options take for a piece type (`mobilityRegionWhite…`):
/// `King`, `ShogiPawn` or `CustomPieceN`, as the section declares it.
pub(super) fn fs_piece_name(variant: &Variant, kind: PieceKind) -> String {
    let king = super::fs_king(variant);
    if king == Some(kind) {
        return "King".into();
    }
    if let Some(same) = promoted_alias(variant, kind) {
        return fs_piece_name(variant, same);
    }
    let no_mate = no_mate_kind(variant).ok().flatten();
    if no_mate == Some(kind) {
        return "ShogiPawn".into();
    }
    let pawn = fs_pawn(variant);
    if pawn == Some(kind) {
        return "Pawn".into();
    }
    let own = super::janggi::plan(variant)
        .and_then(|janggi| super::own_types(variant, &janggi))
        .unwrap_or_default();
    if let Some((_, key)) = own.iter().find(|&&(k, _)| k == kind) {
        let mut name = key.to_string();
        name[..1].make_ascii_uppercase();
        return name;
    }
    let custom = variant.pieces[..kind.0 as usize]
        .iter()
        .enumerate()
        .filter(|&(k, _)| {
            let k = Some(PieceKind(k as u8));
            king != k
                && no_mate != k
                && pawn != k
                && !own.iter().any(|&(o, _)| Some(o) == k)
                && k.and_then(|k| promoted_alias(variant, k)).is_none()
        })
        .count();
    format!("CustomPiece{}", custom + 1)
}

/// `{option}White` and `{option}Black` (`{}` in `option` stands for the
/// side): each side's squares, left out where they are the whole board.
pub(super) fn write_regions(
    variant: &Variant,
    squares: &ByColor<SquareSet>,
    option: &str,
    out: &mut String,
) {
    let all = *variant.geometry.squares();
    for (color, side) in [(Color::White, "White"), (Color::Black, "Black")] {
        let set = squares.get(color);
        if *set == all {
            continue;
        }
        let key = if option.contains("{}") {
            option.replace("{}", side)
        } else {
            format!("{option}{side}")
        };
        let text = if set.is_empty() {
            "-".to_string()
        } else {
            squares_text(variant, set.iter())
        };
        let _ = writeln!(out, "{key} = {text}");
    }
}

/// The drop squares of every piece that can be in hand, a side at a time,
/// and what FS needs to say them.
struct DropSquares {
    /// Per piece kind that can be in hand: its drop squares a side.
    kinds: Vec<(PieceKind, ByColor<SquareSet>)>,
    /// Per piece kind (all of them): per side, every square it might ever
    /// stand on or move to, which its mobility region must keep.
    reach: Vec<ByColor<SquareSet>>,
    /// FS's pawn type, if it can be in hand, and per side the squares its
    /// own rules keep it from being dropped on.
    pawn: Option<(PieceKind, ByColor<SquareSet>)>,
    /// Whether the script drops pawns on their first rank, in their
    /// promotion zone (FS's `firstRankPawnDrops`, `promotionZonePawnDrops`).
    pawn_drops: (bool, bool),
    /// FS's rook type under `sittuyinRookDrop`, with per side the only
    /// squares it drops on (its first rank).
    rook: Option<(PieceKind, ByColor<SquareSet>)>,
}

type Regions = (ByColor<SquareSet>, Vec<(PieceKind, ByColor<SquareSet>)>);

impl DropSquares {
    fn of(variant: &Variant, hands: &Hands, promotions: &Promotions) -> DropSquares {
        let code = |kind: PieceKind, color| Piece { color, kind }.code() as usize;
        // A kind never dropped has no drop squares: FS's
        // `dropNoDoubledCount = 0` keeps it in hand wherever the region is.
        let in_hand: Vec<PieceKind> = kinds_in_hand(variant, hands)
            .into_iter()
            .filter(|k| !hands.never_dropped[k.0 as usize])
            .collect();
        let kinds = in_hand
            .iter()
            .map(|&kind| {
                let side = |color| hands.drop_squares[code(kind, color)];
                (
                    kind,
                    ByColor {
                        white: side(Color::White),
                        black: side(Color::Black),
                    },
                )
            })
            .collect();
        let reach = (0..variant.pieces.len())
            .map(|k| {
                let kind = PieceKind(k as u8);
                let side = |color| reach(variant, hands, promotions, kind, color);
                ByColor {
                    white: side(Color::White),
                    black: side(Color::Black),
                }
            })
            .collect();
        let first_rank = |color| first_rank(variant, color);
        let zone = |color| -> SquareSet { promotions.zone.get(color).iter().copied().collect() };
        let pawn_kind = fs_pawn(variant).filter(|k| in_hand.contains(k));
        let mut pawn_drops = (false, false);
        let pawn = pawn_kind.map(|kind| {
            for color in Color::ALL {
                let drops = hands.drop_squares[code(kind, color)];
                pawn_drops.0 |= !drops.intersection(&first_rank(color)).is_empty();
                pawn_drops.1 |= !drops.intersection(&zone(color)).is_empty();
            }
            let kept = |color| {
                let mut kept = SquareSet::EMPTY;
                if !pawn_drops.0 {
                    kept = kept.union(&first_rank(color));
                }
                if !pawn_drops.1 {
                    kept = kept.union(&zone(color));
                }
                kept
            };
            (
                kind,
                ByColor {
                    white: kept(Color::White),
                    black: kept(Color::Black),
                },
            )
        });
        // FS's `sittuyinRookDrop` keeps its rook on the first rank.
        let rook = sittuyin_rook(variant).map(|kind| {
            (
                kind,
                ByColor {
                    white: first_rank(Color::White),
                    black: first_rank(Color::Black),
                },
            )
        });
        DropSquares {
            kinds,
            reach,
            pawn,
            pawn_drops,
            rook,
        }
    }

    /// The squares FS's own pawn rules keep a piece of `kind` from.
    fn pawn_rules(&self, kind: PieceKind, color: Color) -> SquareSet {
        match &self.pawn {
            Some((pawn, kept)) if *pawn == kind => *kept.get(color),
            _ => SquareSet::EMPTY,
        }
    }

    /// FS's drop region a side (every square some piece may be dropped
    /// on) and the mobility regions of the pieces whose drops it must
    /// narrow, with `immobilityIllegal` or without; `restricted`: the
    /// mobility regions the pieces' own restrictions give, which FS keeps
    /// their drops in.
    fn regions(
        &self,
        variant: &Variant,
        restricted: &[(PieceKind, ByColor<SquareSet>)],
        immobility: bool,
    ) -> Result<Regions, ExportError> {
        let mut region = ByColor {
            white: SquareSet::EMPTY,
            black: SquareSet::EMPTY,
        };
        for (_, squares) in &self.kinds {
            for color in Color::ALL {
                *region.get_mut(color) = region.get(color).union(squares.get(color));
            }
        }
        let all = *variant.geometry.squares();
        let mut mobility = Vec::new();
        for (kind, squares) in &self.kinds {
            let mut own = ByColor {
                white: all,
                black: all,
            };
            let mut narrowed = false;
            for color in Color::ALL {
                let code = Piece { color, kind: *kind }.code();
                let stuck: SquareSet = all
                    .iter()
                    .filter(|&s| immobility && !can_move(variant, code, s))
                    .collect();
                let wanted = *squares.get(color);
                let mut fs = region
                    .get(color)
                    .difference(&stuck)
                    .difference(&self.pawn_rules(*kind, color));
                if let Some((_, own)) = restricted.iter().find(|(k, _)| k == kind) {
                    fs = fs.intersection(own.get(color));
                }
                if let Some((_, rank)) = self.rook.as_ref().filter(|(k, _)| k == kind) {
                    fs = fs.intersection(rank.get(color));
                }
                if fs == wanted {
                    continue;
                }
                // Its mobility region: where it drops, and every square it
                // could reach or drops are not decided by it.
                let m = wanted
                    .union(&all.difference(region.get(color)))
                    .union(&stuck)
                    .union(self.reach[kind.0 as usize].get(color));
                if m.intersection(&fs) != wanted {
                    let piece = &variant.pieces[kind.0 as usize];
                    let extra = m.intersection(&fs).difference(&wanted).iter().next();
                    return Err(refuse(
                        format!("drop {}", piece.name),
                        format!(
                            "Fairy-Stockfish has one drop region for every piece; a piece's own narrows it only by its mobility region, which would also let a {} be dropped on {}, where it can move to",
                            piece.name,
                            extra.map_or(String::new(), |s| variant.geometry.name(s))
                        ),
                    ));
                }
                *own.get_mut(color) = m;
                narrowed = true;
            }
            if narrowed {
                mobility.push((*kind, own));
            }
        }
        Ok((region, mobility))
    }
}

/// The rook (a piece moving as `R` and nothing else) dropped on its first
/// rank only, where the other pieces drop on more ranks: FS's
/// `sittuyinRookDrop`, which narrows the drops of its `rook` type so.
pub(super) fn sittuyin_rook(variant: &Variant) -> Option<PieceKind> {
    let hands = variant.hands.as_ref()?;
    let in_hand: Vec<PieceKind> = kinds_in_hand(variant, hands)
        .into_iter()
        .filter(|k| !hands.never_dropped[k.0 as usize])
        .collect();
    let squares =
        |kind: PieceKind, color| hands.drop_squares[Piece { color, kind }.code() as usize];
    let region = |color| {
        in_hand
            .iter()
            .fold(SquareSet::EMPTY, |all, &k| all.union(&squares(k, color)))
    };
    let mut rooks = in_hand.iter().copied().filter(|&kind| {
        let piece = &variant.pieces[kind.0 as usize];
        let plain = piece.betza.trim() == "R"
            && piece.region_rules.is_empty()
            && piece.patterns.iter().all(|m| {
                !m.initial
                    && m.from_region.is_none()
                    && m.within_region.is_none()
                    && !m.unless_in_check
            });
        plain
            && Color::ALL.into_iter().all(|color| {
                let first = first_rank(variant, color);
                let wanted = squares(kind, color);
                wanted == region(color).intersection(&first) && wanted != region(color)
            })
    });
    match (rooks.next(), rooks.next()) {
        (Some(rook), None) => Some(rook),
        _ => None,
    }
}

/// A side's first rank.
fn first_rank(variant: &Variant, color: Color) -> SquareSet {
    let geometry = &variant.geometry;
    let rank = if color == Color::White {
        0
    } else {
        geometry.ranks() as i32 - 1
    };
    geometry
        .squares()
        .iter()
        .filter(|&s| geometry.rank_of(s) == rank)
        .collect()
}

/// The piece kinds that can be in hand: those of the start hands, and
/// with `keep captures` those captured pieces return as.
pub(super) fn kinds_in_hand(variant: &Variant, hands: &Hands) -> Vec<PieceKind> {
    // `hands unlimited`: every kind, as FS's free drops.
    if hands.unlimited {
        return (0..variant.pieces.len())
            .map(|k| PieceKind(k as u8))
            .collect();
    }
    let mut kinds: Vec<PieceKind> = Vec::new();
    for (code, &count) in variant.start.hands.iter().enumerate().skip(1) {
        if count > 0 {
            kinds.push(Piece::from_code(code as u8).kind);
        }
    }
    if hands.keep_captures {
        for (index, def) in variant.pieces.iter().enumerate() {
            if !def.royal {
                kinds.push(hands.demoted[index]);
            }
        }
        kinds.extend(hands.promoted_to);
    }
    kinds.sort_by_key(|k| k.0);
    kinds.dedup();
    kinds
}

/// Every square a piece of `kind` might stand on, move to or attack, for
/// one side (more than it can, never fewer): the closure of its moves on
/// an empty board from where it starts and may be dropped, or the whole
/// board for a royal piece or one a promotion makes.
fn reach(
    variant: &Variant,
    hands: &Hands,
    promotions: &Promotions,
    kind: PieceKind,
    color: Color,
) -> SquareSet {
    let all = *variant.geometry.squares();
    let code = Piece { color, kind }.code();
    let promoted_to = promotions.shogi.iter().any(|&(_, to)| to == kind)
        || variant
            .promotion
            .choice_sets
            .iter()
            .flatten()
            .any(|&k| k == kind);
    if variant.pieces[kind.0 as usize].royal || promoted_to {
        return all;
    }
    let mut seen: SquareSet = all
        .iter()
        .filter(|&s| variant.start.board[s.index()] == code)
        .collect();
    seen = seen.union(&hands.drop_squares[code as usize]);
    let mut frontier: Vec<Square> = seen.iter().collect();
    let tables = &variant.tables;
    while let Some(sq) = frontier.pop() {
        for ray in tables.rays(code, sq) {
            for i in ray.start..ray.start + u32::from(ray.len) {
                let to = tables.path_squares[i as usize];
                if !seen.contains(to) {
                    seen.insert(to);
                    frontier.push(to);
                }
            }
        }
    }
    seen
}

/// The one piece dropped `opposite-colours` (Placement chess's bishops),
/// if it moves as FS's `bishop`, whose type FS's `dropOppositeColoredBishop`
/// holds for: the section then writes it as that type.
pub(super) fn opposite_coloured_bishop(variant: &Variant) -> Option<PieceKind> {
    let hands = variant.hands.as_ref()?;
    let mut kinds = (0..variant.pieces.len()).filter(|&k| hands.opposite_colours[k]);
    match (kinds.next(), kinds.next()) {
        (Some(k), None) => {
            let piece = &variant.pieces[k];
            let betza: String = piece.betza.split_whitespace().collect();
            (!piece.royal && betza == "B").then_some(PieceKind(k as u8))
        }
        _ => None,
    }
}

/// The options FS's built-in `ataxx` sets that the section has not
/// written, put back to FS's defaults, so that a section starting from it
/// (for `hands unlimited`: FS's `freeDrops` is no .ini option, only
/// ataxx has it) keeps only its free drops.
pub(super) fn reset_ataxx_parent(written: &str, out: &mut String) {
    super::reset_parent_options(
        written,
        &[
            ("pieceToCharTable", "-"),
            ("customPiece1", "-"),
            ("pieceDrops", "false"),
            ("doubleStep", "true"),
            ("castling", "true"),
            ("immobilityIllegal", "false"),
            ("stalematePieceCount", "false"),
            ("passOnStalemate", "false"),
            ("enclosingDrop", "none"),
            ("flipEnclosedPieces", "none"),
            ("materialCounting", "none"),
            ("adjudicateFullBoard", "false"),
            ("nMoveRule", "0"),
        ],
        out,
    );
}
