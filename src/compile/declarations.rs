//! The first pass: collect every declaration of the files (imports first,
//! the script last) and apply overrides.
//!
//! A later file's declaration replaces an earlier file's (the script
//! overrides what it imports); the same thing declared twice in one file is
//! an error. Single-valued declarations (the board, the setup, …) go
//! through [`Single`]; named ones (regions, pieces, borders, hooks) through
//! [`Named::insert_or_report`].

use crate::diagnostics::{Code, ScriptError};
use std::collections::HashMap;

use crate::ir::MAX_COUNTERS;
use crate::source::{SourceId, Span, Spanned};
use crate::syntax::ast::{self, Item, RepetitionValue};
use crate::syntax::limits::{MAX_COUNT, MAX_REGIONS};

/// Everything the files declare, after overrides.
pub(super) struct Declarations<'a> {
    pub name: Single<'a, Spanned<String>>,
    /// `sides "Red" "Black"` (an [`Item::Sides`]).
    pub sides: Single<'a, Item>,
    pub board: Single<'a, ast::BoardDecl>,
    pub symmetry: Single<'a, Spanned<ast::Symmetry>>,
    pub setup: Single<'a, Spanned<String>>,
    pub checkmate: Single<'a, Spanned<Option<ast::GameResult>>>,
    /// `checkmate by … alone …`.
    pub checkmate_by: Single<'a, ast::CheckmateRuleDecl>,
    /// `checkmate … unless its checks include …`.
    pub checkmate_unless: Single<'a, ast::CheckmateRuleDecl>,
    /// `only promotions with … alone …`.
    pub promotions_only: Single<'a, ast::CheckmateRuleDecl>,
    /// `Item::Stalemate`.
    pub stalemate: Single<'a, Item>,
    pub move_rule: Single<'a, Spanned<u32>>,
    /// The pieces after `move-rule N reset by captures and` (`Some` when
    /// the move rule in force says `reset by captures`).
    pub move_rule_resetters: Option<&'a [Spanned<String>]>,
    pub repetition: Single<'a, Spanned<u32>>,
    /// What the repetition rule in force says a repetition means
    /// (`repetition 4 wins for black`; None: a draw).
    pub repetition_value: Option<&'a RepetitionValue>,
    /// `chasing …` (an [`Item::Chasing`]).
    pub chasing: Single<'a, Item>,
    /// `perpetual check …` (an [`Item::PerpetualCheck`]).
    pub perpetual_check: Single<'a, Item>,
    /// `giving N checks …` (an [`Item::CheckLimit`]).
    pub check_limit: Single<'a, Item>,
    /// `captures explode …` (an [`Item::Explosion`]).
    pub explosion: Single<'a, Item>,
    /// `draws win for …` (an [`Item::DrawOdds`] or an
    /// [`Item::DrawsToMorePieces`]).
    pub draw_odds: Single<'a, Item>,
    /// `checks forbidden`.
    pub checks_forbidden: Single<'a, Item>,
    /// `castling on opposite wings`.
    pub opposite_castling: Single<'a, Item>,
    /// `white has no royal piece` (each an [`Item::WithoutRoyal`]).
    pub without_royal: Vec<&'a Item>,
    /// `castling … wins`, each line.
    pub castling_wins: Vec<&'a ast::CastlingWinsDecl>,
    /// `en passant in …` (an [`Item::EnPassantRegion`]).
    pub en_passant_region: Single<'a, Item>,
    /// `en passant takes …` (an [`Item::EnPassantTakes`]).
    pub en_passant_takes: Single<'a, Item>,
    /// `counting board …`, the board's honour.
    pub counting_board: Single<'a, ast::CountingDecl>,
    /// `counting bare …`, the pieces' honour.
    pub counting_bare: Single<'a, ast::CountingDecl>,
    /// `captures compulsory` (an [`Item::CompulsoryCapture`]).
    pub compulsory_capture: Single<'a, Item>,
    /// `hands …` (an [`Item::Hands`]).
    pub hands: Single<'a, Item>,
    /// `demote …` rules, in order (a later one for a piece wins).
    pub demotes: Vec<&'a ast::DemoteDecl>,
    /// `drop …` rules, in order, with their files (a later file's rule
    /// for a piece replaces an earlier file's).
    pub drops: Vec<(&'a ast::DropDecl, SourceId)>,
    /// `drop none` (an [`Item::DropNone`]).
    pub no_drops: Single<'a, Item>,
    /// `gate …` (an [`Item::Gate`]).
    pub gate: Single<'a, Item>,
    /// `walls …` (an [`Item::Walls`]).
    pub walls: Single<'a, Item>,
    /// `captures petrify …` (an [`Item::Petrify`]).
    pub petrify: Single<'a, Item>,
    /// `drops compulsory` (an [`Item::DropsCompulsory`]).
    pub drops_compulsory: Single<'a, Item>,
    /// `castling from drops` (an [`Item::CastlingFromDrops`]).
    pub castling_from_drops: Single<'a, Item>,
    /// `drops first fill …` (an [`Item::DropsFirst`]): for both sides, for
    /// White, for Black.
    pub drops_first: [Single<'a, Item>; 3],
    /// `flip enclosed|adjacent`.
    pub flip: Single<'a, Spanned<ast::FlipKind>>,
    /// `pass when stuck` (an [`Item::PassWhenStuck`]).
    pub pass_when_stuck: Single<'a, Item>,
    /// `pass allowed` (an [`Item::PassAllowed`]).
    pub pass_allowed: Single<'a, Item>,
    /// `facing royals …` (an [`Item::FacingRoyals`]).
    pub facing_royals: Single<'a, Item>,
    /// `moving back and forth …` (an [`Item::BackAndForth`]).
    pub back_and_forth: Single<'a, Item>,
    /// `full board draws` (an [`Item::FullBoardDraws`]).
    pub full_board: Single<'a, Item>,
    /// `check when the last … is attacked` and `check when every … is
    /// attacked` (each an [`Item::RoyalGroup`]), in order.
    pub royal_groups: Vec<&'a Item>,
    /// `shuffle …`: the random start array.
    pub shuffle: Single<'a, ast::ShuffleDecl>,
    pub regions: Named<'a, ast::RegionDecl>,
    pub pieces: Named<'a, ast::PieceDecl>,
    pub borders: Named<'a, ast::RegionDecl>,
    pub hooks: Named<'a, ast::HookDecl>,
    /// Promotion rules with the sides they are still in force for: a later
    /// file's rules for a piece replace the earlier files' ones, for the
    /// sides the later rule names.
    pub promotions: Vec<(&'a ast::PromotionDecl, SourceId, Sides)>,
    /// `promotion-limit A N, …`: each entry, in order (a later one for the
    /// same piece replaces an earlier).
    pub promotion_limits: Vec<&'a (Spanned<String>, Spanned<u32>)>,
    /// Castling rules; a later file's replace all the earlier files' ones.
    pub castlings: Vec<(&'a ast::CastlingDecl, SourceId)>,
    pub restricts: Vec<&'a ast::RestrictDecl>,
    pub alsos: Vec<&'a ast::AlsoDecl>,
    /// `first moves of …` rules, in order.
    pub first_moves: Vec<&'a ast::FirstMovesDecl>,
    pub goals: Vec<&'a ast::GoalDecl>,
    /// `connecting …` rules, all of them (imported ones too).
    pub connects: Vec<&'a ast::ConnectDecl>,
    /// `losing every …` rules, all of them (imported ones too).
    pub extinctions: Vec<&'a ast::ExtinctionDecl>,
    /// The pieces `remove` took out, as written there.
    pub removed: Vec<&'a Spanned<String>>,
    /// Counters (name, start value), at most [`MAX_COUNTERS`].
    pub counters: Vec<(String, i32)>,
    /// Whether more than [`MAX_REGIONS`] regions were reported.
    too_many_regions: bool,
}

/// Collects the declarations of the files, in order (imports before importers).
pub(super) fn collect<'a>(
    files: &'a [ast::File],
    errors: &mut Vec<ScriptError>,
) -> Declarations<'a> {
    let mut d = Declarations {
        name: Single::new(),
        sides: Single::new(),
        board: Single::new(),
        symmetry: Single::new(),
        setup: Single::new(),
        checkmate: Single::new(),
        checkmate_by: Single::new(),
        checkmate_unless: Single::new(),
        promotions_only: Single::new(),
        stalemate: Single::new(),
        move_rule: Single::new(),
        move_rule_resetters: None,
        repetition: Single::new(),
        repetition_value: None,
        perpetual_check: Single::new(),
        chasing: Single::new(),
        check_limit: Single::new(),
        explosion: Single::new(),
        compulsory_capture: Single::new(),
        counting_board: Single::new(),
        counting_bare: Single::new(),
        draw_odds: Single::new(),
        without_royal: Vec::new(),
        castling_wins: Vec::new(),
        checks_forbidden: Single::new(),
        opposite_castling: Single::new(),
        en_passant_region: Single::new(),
        en_passant_takes: Single::new(),
        hands: Single::new(),
        demotes: Vec::new(),
        drops: Vec::new(),
        no_drops: Single::new(),
        gate: Single::new(),
        drops_first: [Single::new(), Single::new(), Single::new()],
        flip: Single::new(),
        pass_when_stuck: Single::new(),
        pass_allowed: Single::new(),
        facing_royals: Single::new(),
        back_and_forth: Single::new(),
        full_board: Single::new(),
        walls: Single::new(),
        petrify: Single::new(),
        drops_compulsory: Single::new(),
        castling_from_drops: Single::new(),
        royal_groups: Vec::new(),
        shuffle: Single::new(),
        regions: Named::new(),
        pieces: Named::new(),
        borders: Named::new(),
        hooks: Named::new(),
        promotions: Vec::new(),
        promotion_limits: Vec::new(),
        castlings: Vec::new(),
        restricts: Vec::new(),
        alsos: Vec::new(),
        first_moves: Vec::new(),
        goals: Vec::new(),
        connects: Vec::new(),
        extinctions: Vec::new(),
        removed: Vec::new(),
        counters: Vec::new(),
        too_many_regions: false,
    };
    for file in files {
        for item in &file.items {
            d.add(item, file.source, errors);
        }
    }
    d
}

impl<'a> Declarations<'a> {
    /// A promotion rule replaces, for its sides, the rules of the same
    /// piece from other files (an imported `promote` overridden).
    fn add_promotion(&mut self, p: &'a ast::PromotionDecl, src: SourceId) {
        let sides = Sides::of(p.side);
        for (d, s, in_force) in &mut self.promotions {
            if *s != src && d.piece.value == p.piece.value {
                in_force.white &= !sides.white;
                in_force.black &= !sides.black;
            }
        }
        self.promotions.retain(|(_, _, in_force)| in_force.any());
        self.promotions.push((p, src, sides));
    }

    fn add(&mut self, item: &'a Item, src: SourceId, errors: &mut Vec<ScriptError>) {
        match item {
            Item::Variant(n) => self.name.set(n, src, n.span, "the variant's name", errors),
            Item::Sides(w, _) => self
                .sides
                .set(item, src, w.span, "the sides' names", errors),
            Item::Import(_) => {}
            Item::Board(b) => self.board.set(b, src, b.span, "the board", errors),
            Item::Symmetry(s) => self.symmetry.set(s, src, s.span, "the symmetry", errors),
            Item::Setup(s) => self.setup.set(s, src, s.span, "the setup", errors),
            Item::Checkmate(_)
            | Item::CheckmateBy(_)
            | Item::CheckmateUnless(_)
            | Item::PromotionsOnly(_) => self.add_checkmate_rule(item, src, errors),
            Item::Stalemate(r, _) => {
                self.stalemate
                    .set(item, src, r.span, "what stalemate means", errors)
            }
            Item::MoveRule(..)
            | Item::Repetition(..)
            | Item::PerpetualCheck(..)
            | Item::Chasing(_) => self.add_draw_rule(item, src, errors),
            Item::Region(r) => {
                if self.room_for_region(r, errors) {
                    self.regions.insert_or_report(r, src, "region", errors);
                }
            }
            Item::Piece(p) => self.pieces.insert_or_report(p, src, "piece", errors),
            Item::Border(b) => {
                if self.room_for_region(b, errors) {
                    self.borders.insert_or_report(b, src, "border", errors);
                }
            }
            Item::Hook(h) => self.hooks.insert_or_report(h, src, "hook", errors),
            Item::Promotion(p) => self.add_promotion(p, src),
            Item::PromotionLimit(limits, _) => self.promotion_limits.extend(limits),
            Item::Castling(c) => {
                self.castlings.retain(|(_, s)| *s == src);
                self.castlings.push((c, src));
            }
            Item::Restrict(r) => self.restricts.push(r),
            Item::Goal(g) => self.goals.push(g),
            Item::Connect(c) => self.connects.push(c),
            Item::Extinction(e) => self.extinctions.push(e),
            Item::Also(a) => self.alsos.push(a),
            Item::FirstMoves(f) => self.first_moves.push(f),
            Item::CheckLimit(n, _) => {
                self.check_limit
                    .set(item, src, n.span, "the checks to give", errors)
            }
            Item::Explosion(_, _, span) => {
                self.explosion
                    .set(item, src, *span, "the explosion rule", errors)
            }
            Item::Counting(c) => match c.kind {
                ast::CountingKind::Board(_) => {
                    self.counting_board
                        .set(c, src, c.span, "the board's count", errors)
                }
                ast::CountingKind::Bare { .. } => {
                    self.counting_bare
                        .set(c, src, c.span, "a bare side's count", errors)
                }
            },
            Item::CompulsoryCapture(span) => {
                self.compulsory_capture
                    .set(item, src, *span, "`captures compulsory`", errors)
            }
            Item::WithoutRoyal(..) => self.without_royal.push(item),
            Item::CastlingWins(c) => self.castling_wins.push(c),
            Item::ChecksForbidden(span) => {
                self.checks_forbidden
                    .set(item, src, *span, "`checks forbidden`", errors)
            }
            Item::OppositeCastling(span) => {
                self.opposite_castling
                    .set(item, src, *span, "`castling on opposite wings`", errors)
            }
            Item::EnPassantRegion(_, span) => {
                self.en_passant_region
                    .set(item, src, *span, "`en passant in`", errors)
            }
            Item::EnPassantTakes(_, span) => {
                self.en_passant_takes
                    .set(item, src, *span, "`en passant takes`", errors)
            }
            Item::Counter(n, v) => self.add_counter(n, v, errors),
            Item::Hands(..)
            | Item::Demote(_)
            | Item::Drop(_)
            | Item::DropNone(_)
            | Item::Gate(_)
            | Item::DropsCompulsory(_)
            | Item::DropsFirst(..)
            | Item::CastlingFromDrops(_) => self.add_hands_item(item, src, errors),
            Item::DrawOdds(..)
            | Item::DrawsToMorePieces(_)
            | Item::DrawsOnPoints(_)
            | Item::Flip(_)
            | Item::PassWhenStuck(_)
            | Item::PassAllowed(_)
            | Item::FacingRoyals(..)
            | Item::BackAndForth(..)
            | Item::FullBoardDraws(_) => self.add_reversi_item(item, src, errors),
            Item::Walls(w) => self.walls.set(item, src, w.span, "`walls`", errors),
            Item::Petrify(_, span) => {
                self.petrify
                    .set(item, src, *span, "`captures petrify`", errors)
            }
            Item::RoyalGroup(..) => self.royal_groups.push(item),
            Item::Shuffle(s) => self.shuffle.set(s, src, s.span, "`shuffle`", errors),
            Item::Remove(names, _) => {
                for name in names {
                    self.remove_piece(name, src, errors);
                }
            }
        }
    }

    /// The rules on long games: `move-rule`, `repetition`, `perpetual check`.
    fn add_draw_rule(&mut self, item: &'a Item, src: SourceId, errors: &mut Vec<ScriptError>) {
        match item {
            Item::MoveRule(n, resetters) => {
                self.move_rule.set(n, src, n.span, "the move rule", errors);
                self.move_rule_resetters = resetters.as_deref();
            }
            Item::Repetition(n, value) => {
                self.repetition
                    .set(n, src, n.span, "the repetition rule", errors);
                self.repetition_value = value.as_ref();
            }
            Item::PerpetualCheck(_, span) => {
                self.perpetual_check
                    .set(item, src, *span, "`perpetual check`", errors)
            }
            Item::Chasing(c) => self.chasing.set(item, src, c.span, "`chasing`", errors),
            _ => {}
        }
    }

    /// `draws win for …` and the rules of Reversi and Ataxx: `flip`, `pass
    /// when stuck`, `full board draws`.
    fn add_reversi_item(&mut self, item: &'a Item, src: SourceId, errors: &mut Vec<ScriptError>) {
        match item {
            Item::DrawOdds(_, span) | Item::DrawsToMorePieces(span) => {
                self.draw_odds
                    .set(item, src, *span, "`draws win for`", errors)
            }
            Item::DrawsOnPoints(p) => self.draw_odds.set(item, src, p.span, "`draws win`", errors),
            Item::PassAllowed(span) => {
                self.pass_allowed
                    .set(item, src, *span, "`pass allowed`", errors)
            }
            Item::FacingRoyals(_, span) => {
                self.facing_royals
                    .set(item, src, *span, "`facing royals`", errors)
            }
            Item::BackAndForth(_, span) => {
                self.back_and_forth
                    .set(item, src, *span, "`moving back and forth`", errors)
            }
            Item::Flip(f) => self.flip.set(f, src, f.span, "`flip`", errors),
            Item::PassWhenStuck(span) => {
                self.pass_when_stuck
                    .set(item, src, *span, "`pass when stuck`", errors)
            }
            Item::FullBoardDraws(span) => {
                self.full_board
                    .set(item, src, *span, "`full board draws`", errors)
            }
            _ => {}
        }
    }

    /// The declarations about pieces in hand: `hands`, `demote`, `drop`,
    /// `gate`, `drops compulsory`, `castling from drops`.
    fn add_hands_item(&mut self, item: &'a Item, src: SourceId, errors: &mut Vec<ScriptError>) {
        match item {
            Item::Hands(_, span) => self.hands.set(item, src, *span, "`hands`", errors),
            Item::Demote(d) => self.demotes.push(d),
            Item::Drop(d) => self.drops.push((d, src)),
            Item::DropNone(span) => self.no_drops.set(item, src, *span, "`drop none`", errors),
            Item::Gate(g) => self.gate.set(item, src, g.span, "`gate`", errors),
            Item::DropsFirst(side, _, span) => {
                let (index, what) = match side {
                    None => (0, "`drops first fill`"),
                    Some(ast::Side::White) => (1, "`white drops first fill`"),
                    Some(ast::Side::Black) => (2, "`black drops first fill`"),
                };
                self.drops_first[index].set(item, src, *span, what, errors);
            }
            Item::DropsCompulsory(span) => {
                self.drops_compulsory
                    .set(item, src, *span, "`drops compulsory`", errors)
            }
            Item::CastlingFromDrops(span) => {
                self.castling_from_drops
                    .set(item, src, *span, "`castling from drops`", errors)
            }
            _ => {}
        }
    }

    /// `remove NAME`: an imported piece taken out, with what the files
    /// before said of it alone (its promotions); a piece this file declares,
    /// or no piece, is reported.
    fn remove_piece(
        &mut self,
        name: &'a Spanned<String>,
        src: SourceId,
        errors: &mut Vec<ScriptError>,
    ) {
        match self.pieces.get(&name.value) {
            Some((decl, from)) if from == src => errors.push(
                ScriptError::new(
                    Code::CompileUnknownPiece,
                    format!(
                        "piece `{}` is declared in this file, not imported",
                        name.value
                    ),
                    name.span,
                    "removed here",
                )
                .with_note(decl.name.span, "declared here")
                .with_help("delete its declaration instead"),
            ),
            Some(_) => {
                self.removed.push(name);
                self.pieces.remove(&name.value);
                self.promotions
                    .retain(|(d, s, _)| *s == src || d.piece.value != name.value);
            }
            None => {
                let known: Vec<&str> = self
                    .pieces
                    .items
                    .iter()
                    .filter(|(_, from)| *from != src)
                    .map(|(d, _)| d.name.value.as_str())
                    .collect();
                errors.push(
                    ScriptError::new(
                        Code::CompileUnknownPiece,
                        format!("no piece `{}` to remove", name.value),
                        name.span,
                        "not imported",
                    )
                    .with_help(if known.is_empty() {
                        "nothing is imported: `remove` takes out pieces an `import` brought"
                            .to_string()
                    } else {
                        format!("the imported pieces are: {}", known.join(", "))
                    }),
                );
            }
        }
    }

    /// Whether a region or border may be added: a new name past
    /// [`MAX_REGIONS`] is refused (reported once, at the first one past it).
    /// `checkmate …`, `checkmate by … alone …`, `checkmate … unless its
    /// checks include …`: one of each per file.
    fn add_checkmate_rule(&mut self, item: &'a Item, src: SourceId, errors: &mut Vec<ScriptError>) {
        match item {
            Item::Checkmate(r) => {
                self.checkmate
                    .set(r, src, r.span, "what checkmate means", errors)
            }
            Item::CheckmateBy(c) => self.checkmate_by.set(
                c,
                src,
                c.span,
                "what a checkmate by some pieces alone means",
                errors,
            ),
            Item::CheckmateUnless(c) => {
                self.checkmate_unless
                    .set(c, src, c.span, "which checks a checkmate needs", errors)
            }
            Item::PromotionsOnly(c) => self.promotions_only.set(
                c,
                src,
                c.span,
                "what a side that can only promote gets",
                errors,
            ),
            // Only the three checkmate declarations come here.
            _ => {}
        }
    }

    fn room_for_region(&mut self, decl: &ast::RegionDecl, errors: &mut Vec<ScriptError>) -> bool {
        let name = &decl.name.value;
        if self.regions.contains(name) || self.borders.contains(name) {
            return true;
        }
        let count = self.regions.items.len() + self.borders.items.len();
        if count < MAX_REGIONS {
            return true;
        }
        if !self.too_many_regions {
            self.too_many_regions = true;
            errors.push(
                ScriptError::new(
                    Code::CompileTooManyRegions,
                    format!("more than {MAX_REGIONS} regions and borders"),
                    decl.name.span,
                    "one too many",
                )
                .with_help("merge regions, or remove the ones no rule uses"),
            );
        }
        false
    }

    fn add_counter(
        &mut self,
        name: &Spanned<String>,
        start: &Spanned<u32>,
        errors: &mut Vec<ScriptError>,
    ) {
        if start.value > MAX_COUNT {
            errors.push(
                ScriptError::new(
                    Code::CompileCountTooLarge,
                    format!(
                        "counter `{}`: {} is more than {MAX_COUNT}",
                        name.value, start.value
                    ),
                    start.span,
                    "too large",
                )
                .with_help("start the counter lower; hooks may count it up"),
            );
        } else if self.counters.iter().any(|(c, _)| *c == name.value) {
            errors.push(ScriptError::new(
                Code::CompileDuplicate,
                format!("counter `{}` is declared twice", name.value),
                name.span,
                "second declaration",
            ));
        } else if self.counters.len() >= MAX_COUNTERS {
            errors.push(ScriptError::new(
                Code::CompileTooManyCounters,
                format!("at most {MAX_COUNTERS} counters"),
                name.span,
                "one too many",
            ));
        } else {
            self.counters.push((name.value.clone(), start.value as i32));
        }
    }
}

/// An "unknown piece" error about a piece `remove` took out (a rule
/// imported with it still names it) says so, and where it was removed.
pub(super) fn point_at_removals(decls: &Declarations<'_>, errors: &mut [ScriptError]) {
    for error in errors.iter_mut() {
        if error.code != Code::CompileUnknownPiece {
            continue;
        }
        let Some(removal) = decls
            .removed
            .iter()
            .find(|r| error.message == format!("unknown piece `{}`", r.value))
        else {
            continue;
        };
        *error = ScriptError::new(
            Code::CompileUnknownPiece,
            format!(
                "piece `{}` is removed, but this rule names it",
                removal.value
            ),
            error.span,
            "removed piece",
        )
        .with_note(removal.span, "removed here")
        .with_help(
            "declare the rule again in the script without it (a script's `promote Pawn …` \
             replaces the imported one; `castling none` the imported castling)",
        );
    }
}

/// The sides a rule is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Sides {
    pub white: bool,
    pub black: bool,
}

impl Sides {
    /// Both sides, or the one named (`promote white …`).
    fn of(side: Option<ast::Side>) -> Sides {
        Sides {
            white: side != Some(ast::Side::Black),
            black: side != Some(ast::Side::White),
        }
    }

    fn any(self) -> bool {
        self.white || self.black
    }

    /// Whether the rule is for this side.
    pub fn has(self, color: crate::ir::piece::Color) -> bool {
        match color {
            crate::ir::piece::Color::White => self.white,
            crate::ir::piece::Color::Black => self.black,
        }
    }
}

/// A single-valued declaration with the file it came from.
pub(super) struct Single<'a, T> {
    pub value: Option<(&'a T, SourceId, Span)>,
}

impl<'a, T> Single<'a, T> {
    fn new() -> Self {
        Single { value: None }
    }

    /// Sets the value: a later file's replaces an earlier file's; a second
    /// one in the same file is reported (`what` names it in the message).
    fn set(
        &mut self,
        value: &'a T,
        source: SourceId,
        span: Span,
        what: &str,
        errors: &mut Vec<ScriptError>,
    ) {
        if let Some((_, s, first)) = self.value {
            if s == source {
                errors.push(
                    ScriptError::new(
                        Code::CompileDuplicate,
                        format!("{what} is declared twice"),
                        span,
                        "second declaration",
                    )
                    .with_note(first, "first declared here")
                    .with_help("keep one of them"),
                );
                return;
            }
        }
        self.value = Some((value, source, span));
    }

    /// The value, if declared.
    pub fn get(&self) -> Option<&'a T> {
        self.value.map(|(v, _, _)| v)
    }
}

/// A declaration that has a name (its key among its kind).
pub(super) trait HasName {
    /// The name, as written.
    fn name(&self) -> &Spanned<String>;
}

impl HasName for ast::RegionDecl {
    fn name(&self) -> &Spanned<String> {
        &self.name
    }
}

impl HasName for ast::PieceDecl {
    fn name(&self) -> &Spanned<String> {
        &self.name
    }
}

impl HasName for ast::HookDecl {
    fn name(&self) -> &Spanned<String> {
        &self.point
    }
}

/// Named declarations of one kind, in the order their names first appear,
/// each with the file it came from.
pub(super) struct Named<'a, T> {
    pub items: Vec<(&'a T, SourceId)>,
    /// Where each name is in `items` (so that many names take linear time).
    index: HashMap<String, usize>,
}

impl<'a, T: HasName> Named<'a, T> {
    fn new() -> Self {
        Named {
            items: Vec::new(),
            index: HashMap::new(),
        }
    }

    /// Whether a declaration of this name is already there.
    fn contains(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    /// Adds a declaration: a new name is appended, a name an earlier file
    /// declared is replaced in place, a name declared earlier in the same
    /// file is reported as a duplicate (`what` names the kind).
    fn insert_or_report(
        &mut self,
        decl: &'a T,
        source: SourceId,
        what: &str,
        errors: &mut Vec<ScriptError>,
    ) {
        let name = decl.name();
        match self.index.get(&name.value).copied() {
            Some(i) if self.items[i].1 == source => {
                errors.push(duplicate_name(what, name, self.items[i].0.name().span));
            }
            Some(i) => self.items[i] = (decl, source),
            None => {
                self.index.insert(name.value.clone(), self.items.len());
                self.items.push((decl, source));
            }
        }
    }

    /// The declaration of a name and its file.
    fn get(&self, name: &str) -> Option<(&'a T, SourceId)> {
        self.index.get(name).map(|&i| self.items[i])
    }

    /// Takes a name out, keeping the others in order.
    fn remove(&mut self, name: &str) {
        if let Some(i) = self.index.remove(name) {
            self.items.remove(i);
            for slot in self.index.values_mut() {
                if *slot > i {
                    *slot -= 1;
                }
            }
        }
    }

    /// The declarations, without their files.
    pub fn decls(&self) -> impl Iterator<Item = &'a T> + '_ {
        self.items.iter().map(|(d, _)| *d)
    }
}

fn duplicate_name(what: &str, name: &Spanned<String>, first: Span) -> ScriptError {
    ScriptError::new(
        Code::CompileDuplicate,
        format!("{what} `{}` is declared twice", name.value),
        name.span,
        "second declaration",
    )
    .with_note(first, "first declared here")
    .with_help("rename one of them, or delete one")
}

#[cfg(test)]
mod tests {
    use super::collect;
    use crate::diagnostics::Code;
    use crate::source::SourceId;
    use crate::syntax::ast;

    fn parse(text: &str, source: u32) -> ast::File {
        crate::syntax::parse(text, SourceId(source)).expect("the test script parses")
    }

    /// A later file replaces a name in place; the same name twice in one
    /// file is one error, and the first one stays.
    #[test]
    fn a_later_file_overrides_and_one_file_may_not_repeat_a_name() {
        let imported = parse("region camp = ranks 1..2\nregion home = ranks 1\n", 0);
        let script = parse(
            "region home = ranks 2\nregion home = ranks 3\nregion far = ranks 8\n",
            1,
        );
        let files = [imported, script];
        let mut errors = Vec::new();
        let decls = collect(&files, &mut errors);
        let regions: Vec<(&str, u32)> = decls
            .regions
            .items
            .iter()
            .map(|(r, source)| (r.name.value.as_str(), source.0))
            .collect();
        assert_eq!(regions, [("camp", 0), ("home", 1), ("far", 1)]);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].code, Code::CompileDuplicate);
        assert_eq!(errors[0].message, "region `home` is declared twice");
        let second = files[1].items[1].span();
        assert_eq!(errors[0].span.start, second.start + "region ".len() as u32);
    }
}
