//! Lowering: pest pairs to the syntax tree, one `lower_<rule>` per grammar rule.

use pest::iterators::{Pair, Pairs};
use pest::Parser;

use crate::diagnostics::{line_col, Code, ScriptError};
use crate::source::{SourceId, Span, Spanned};
use crate::syntax::ast::{
    AlsoDecl, BetzaGroup, BetzaMove, BetzaRepeat, BoardDecl, CastlingDecl, CastlingKind,
    CastlingWinsDecl, ChaseClause, ChasingDecl, CheckmateRuleDecl, ConnectDecl, ConnectLine,
    ConnectShapeDecl, CountingDecl, CountingKind, DemoteDecl, DropDecl, DropRule, ExtinctionDecl,
    File, FirstMovesDecl, FlipKind, GameResult, GateDecl, GoalDecl, HandsKind, HookDecl, InPlace,
    Item, PieceDecl, PointsDecl, Policy, PromotionDecl, RankNumber, RankWidths, RegionDecl,
    RegionExpr, RegionOp, RegionTerm, RepetitionValue, RestrictDecl, ShuffleDecl, ShuffleRule,
    Side, Symmetry, WallPlacement, WallsDecl,
};
use crate::syntax::limits::MAX_BETZA_COMPONENTS;
use crate::syntax::parser::{syntax_error, Rule, VariantParser};

type Result<T> = std::result::Result<T, ScriptError>;

/// Walks the children of one pair, checking each has the rule expected.
struct Cursor<'i> {
    pairs: Pairs<'i, Rule>,
    parent: Span,
}

impl<'i> Cursor<'i> {
    fn new(pair: Pair<'i, Rule>, source: SourceId) -> Cursor<'i> {
        let parent = span_of(&pair, source);
        Cursor {
            pairs: pair.into_inner(),
            parent,
        }
    }

    fn next(&mut self, rule: Rule) -> Result<Pair<'i, Rule>> {
        match self.pairs.next() {
            Some(p) if p.as_rule() == rule => Ok(p),
            other => Err(internal(self.parent, rule, other.map(|p| p.as_rule()))),
        }
    }

    fn next_if(&mut self, rule: Rule) -> Option<Pair<'i, Rule>> {
        match self.pairs.peek() {
            Some(p) if p.as_rule() == rule => self.pairs.next(),
            _ => None,
        }
    }

    /// The names that follow (`A, B, C`: the commas are not pairs).
    fn names(&mut self, source: SourceId) -> Vec<Spanned<String>> {
        let mut out = Vec::new();
        while let Some(p) = self.next_if(Rule::ident) {
            out.push(spanned_str(&p, source));
        }
        out
    }

    /// `white` or `black`, if one comes next.
    fn side(&mut self) -> Option<Side> {
        self.next_if(Rule::side).map(|s| side_of(&s))
    }

    fn next_any(&mut self) -> Result<Pair<'i, Rule>> {
        self.pairs
            .next()
            .ok_or_else(|| internal(self.parent, Rule::item, None))
    }
}

fn internal(span: Span, expected: Rule, found: Option<Rule>) -> ScriptError {
    ScriptError::new(
        Code::Internal,
        format!("internal error: the parser expected {expected:?} here but found {found:?}; please report this"),
        span,
        "here",
    )
}

fn span_of(pair: &Pair<'_, Rule>, source: SourceId) -> Span {
    let s = pair.as_span();
    Span::new(source, s.start(), s.end())
}

/// `hook POINT { code }`, with where its code starts.
fn lower_hook(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_hook)?;
    let point = spanned_str(&c.next(Rule::ident)?, source);
    let mut b = Cursor::new(c.next(Rule::hook_body)?, source);
    let code = b.next(Rule::hook_code)?;
    let (line, column) = line_col(code.get_input(), code.as_span().start());
    Ok(Item::Hook(HookDecl {
        point,
        code: spanned_str(&code, source),
        line: line as u32,
        column: column as u32,
    }))
}

fn spanned_str(pair: &Pair<'_, Rule>, source: SourceId) -> Spanned<String> {
    Spanned::new(pair.as_str().to_string(), span_of(pair, source))
}

fn spanned_u32(pair: &Pair<'_, Rule>, source: SourceId) -> Result<Spanned<u32>> {
    let span = span_of(pair, source);
    pair.as_str()
        .parse::<u32>()
        .map(|n| Spanned::new(n, span))
        .map_err(|_| {
            ScriptError::new(Code::SyntaxNumber, "number too large", span, "this number")
                .with_help("numbers in a script are at most 4294967295")
        })
}

/// Parses a whole variant file.
///
/// # Errors
/// The syntax error, or the errors found in its Betza strings.
pub fn parse_file(text: &str, source: SourceId) -> std::result::Result<File, Vec<ScriptError>> {
    let mut pairs = VariantParser::parse(Rule::file, text)
        .map_err(|e| vec![syntax_error(&e, source, text, 0, "script")])?;
    let file = pairs
        .next()
        .ok_or_else(|| vec![internal(Span::new(source, 0, 0), Rule::file, None)])?;
    let mut items = Vec::new();
    let mut errors = Vec::new();
    for pair in file.into_inner() {
        if pair.as_rule() == Rule::EOI {
            continue;
        }
        match lower_item(pair, source) {
            Ok(item) => items.push(item),
            Err(mut e) => errors.append(&mut e),
        }
    }
    if errors.is_empty() {
        Ok(File { source, items })
    } else {
        Err(errors)
    }
}

fn lower_item(
    pair: Pair<'_, Rule>,
    source: SourceId,
) -> std::result::Result<Item, Vec<ScriptError>> {
    match pair.as_rule() {
        Rule::piece_decl => lower_piece_decl(pair, source).map(Item::Piece),
        Rule::also_decl => lower_also_decl(pair, source).map(Item::Also),
        Rule::first_moves_decl => lower_first_moves_decl(pair, source)
            .map(Item::FirstMoves)
            .map_err(|e| vec![e]),
        _ => lower_declaration(pair, source).map_err(|e| vec![e]),
    }
}

/// A declaration of the board, its regions and pieces' rules (one error at most).
/// `hands`, `hands keep captures`, `hands unlimited`.
fn lower_hands_decl(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_hands)?;
    let kind = if c.next_if(Rule::hands_keep).is_some() {
        HandsKind::KeepCaptures
    } else if c.next_if(Rule::hands_unlimited).is_some() {
        HandsKind::Unlimited
    } else {
        HandsKind::SetupOnly
    };
    Ok(Item::Hands(kind, span))
}

fn lower_declaration(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    match pair.as_rule() {
        Rule::variant_decl => {
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_variant)?;
            let s = c.next(Rule::string)?;
            Ok(Item::Variant(lower_string(s, source)?))
        }
        Rule::sides_decl => {
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_sides)?;
            let white = lower_string(c.next(Rule::string)?, source)?;
            let black = lower_string(c.next(Rule::string)?, source)?;
            Ok(Item::Sides(white, black))
        }
        Rule::import_decl => {
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_import)?;
            Ok(Item::Import(spanned_str(&c.next(Rule::ident)?, source)))
        }
        Rule::board_decl => lower_board_decl(pair, source).map(Item::Board),
        Rule::symmetry_decl => lower_symmetry_decl(pair, source),
        Rule::region_decl => {
            let span = span_of(&pair, source);
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_region)?;
            let name = spanned_str(&c.next(Rule::ident)?, source);
            let expr = lower_region_expr(c.next(Rule::region_expr)?, source)?;
            Ok(Item::Region(RegionDecl { name, expr, span }))
        }
        Rule::setup_decl => {
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_setup)?;
            Ok(Item::Setup(lower_string(c.next(Rule::string)?, source)?))
        }
        Rule::promotion_decl => lower_promotion_decl(pair, source).map(Item::Promotion),
        Rule::border_decl => {
            let span = span_of(&pair, source);
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_border)?;
            let name = spanned_str(&c.next(Rule::ident)?, source);
            let expr = lower_region_expr(c.next(Rule::region_expr)?, source)?;
            Ok(Item::Border(RegionDecl { name, expr, span }))
        }
        Rule::restrict_decl => lower_restrict_decl(pair, source).map(Item::Restrict),
        Rule::promotion_limit_decl => lower_promotion_limit(pair, source),
        Rule::counter_decl => {
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_counter)?;
            let name = spanned_str(&c.next(Rule::ident)?, source);
            let value = spanned_u32(&c.next(Rule::int)?, source)?;
            Ok(Item::Counter(name, value))
        }
        Rule::hook_decl => lower_hook(pair, source),
        Rule::castling_decl => lower_castling_decl(pair, source).map(Item::Castling),
        Rule::shuffle_decl => lower_shuffle_decl(pair, source).map(Item::Shuffle),
        Rule::hands_decl => lower_hands_decl(pair, source),
        Rule::flip_decl | Rule::pass_decl | Rule::full_board_decl | Rule::drops_first_decl => {
            lower_reversi_rule(pair, source)
        }
        Rule::facing_decl | Rule::back_and_forth_decl => lower_janggi_rule(pair, source),
        Rule::chasing_decl => lower_chasing(pair, source),
        Rule::demote_decl => lower_demote_decl(pair, source).map(Item::Demote),
        Rule::drop_decl => lower_drop_decl(pair, source),
        Rule::gate_decl => lower_gate_decl(pair, source).map(Item::Gate),
        Rule::walls_decl => lower_walls_decl(pair, source).map(Item::Walls),
        Rule::royal_group_decl => lower_royal_group(pair, source),
        Rule::drops_compulsory_decl => Ok(Item::DropsCompulsory(span_of(&pair, source))),
        Rule::castling_from_drops_decl => Ok(Item::CastlingFromDrops(span_of(&pair, source))),
        Rule::opposite_castling_decl => Ok(Item::OppositeCastling(span_of(&pair, source))),
        Rule::petrify_decl => {
            let span = span_of(&pair, source);
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_captures)?;
            c.next(Rule::kw_petrify)?;
            Ok(Item::Petrify(c.names(source), span))
        }
        Rule::remove_decl => {
            let span = span_of(&pair, source);
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_remove)?;
            let pieces = c.names(source);
            Ok(Item::Remove(pieces, span))
        }
        Rule::counting_decl => lower_counting_decl(pair, source).map(Item::Counting),
        Rule::without_royal_decl => {
            let span = span_of(&pair, source);
            let mut c = Cursor::new(pair, source);
            let side = c.side().ok_or_else(|| internal(span, Rule::side, None))?;
            c.next(Rule::has_no_royal_piece)?;
            Ok(Item::WithoutRoyal(side, span))
        }
        Rule::castling_wins_decl => lower_castling_wins_decl(pair, source).map(Item::CastlingWins),
        Rule::en_passant_decl | Rule::en_passant_takes_decl => lower_en_passant(pair, source),
        Rule::goal_decl
        | Rule::connect_decl
        | Rule::extinction_decl
        | Rule::explosion_decl
        | Rule::compulsory_decl
        | Rule::checks_forbidden_decl
        | Rule::perpetual_check_decl
        | Rule::draw_odds_decl
        | Rule::check_limit_decl
        | Rule::checkmate_decl
        | Rule::checkmate_by_decl
        | Rule::checkmate_unless_decl
        | Rule::promotions_only_decl
        | Rule::stalemate_decl
        | Rule::move_rule_decl
        | Rule::repetition_decl => lower_game_end_rule(pair, source),
        other => Err(internal(span_of(&pair, source), Rule::item, Some(other))),
    }
}

/// The rules of the Reversi and Ataxx family: `flip enclosed|adjacent`,
/// `pass when stuck`, `full board draws`, `drops first fill REGION`.
fn lower_reversi_rule(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let span = span_of(&pair, source);
    match pair.as_rule() {
        Rule::flip_decl => {
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_flip)?;
            let word = c.next(Rule::flip_kind)?;
            let kind = if word.as_str() == "enclosed" {
                FlipKind::Enclosed
            } else if word
                .into_inner()
                .any(|p| p.as_rule() == Rule::unless_dropped_alone)
            {
                FlipKind::AdjacentUnlessDroppedAlone
            } else {
                FlipKind::Adjacent
            };
            Ok(Item::Flip(Spanned::new(kind, span)))
        }
        Rule::pass_decl => {
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_pass)?;
            if c.next_if(Rule::allowed_word).is_some() {
                return Ok(Item::PassAllowed(span));
            }
            Ok(Item::PassWhenStuck(span))
        }
        Rule::full_board_decl => Ok(Item::FullBoardDraws(span)),
        _ => {
            let mut c = Cursor::new(pair, source);
            let side = c.side();
            c.next(Rule::kw_drops)?;
            c.next(Rule::first_fill)?;
            let region = lower_region_expr(c.next(Rule::region_expr)?, source)?;
            Ok(Item::DropsFirst(side, region, span))
        }
    }
}

/// `en passant in REGION` or `en passant takes A, B`.
fn lower_en_passant(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let span = span_of(&pair, source);
    let takes = pair.as_rule() == Rule::en_passant_takes_decl;
    let mut c = Cursor::new(pair, source);
    c.next(Rule::en_passant_words)?;
    if takes {
        c.next(Rule::takes_word)?;
        return Ok(Item::EnPassantTakes(c.names(source), span));
    }
    c.next(Rule::kw_in)?;
    let region = lower_region_expr(c.next(Rule::region_expr)?, source)?;
    Ok(Item::EnPassantRegion(region, span))
}

/// `only promotions with A, B alone RESULT`.
fn lower_promotions_only(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::only_promotions)?;
    c.next(Rule::kw_with)?;
    let pieces = c.names(source);
    c.next(Rule::alone_word)?;
    let result = lower_game_result(c.next(Rule::game_result)?, source);
    Ok(Item::PromotionsOnly(CheckmateRuleDecl {
        pieces,
        result,
        span,
    }))
}

/// `checkmate wins|loses|draws|none`, `checkmate by A, B alone RESULT`,
/// `checkmate RESULT unless its checks include A, B`.
fn lower_checkmate_rule(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let span = span_of(&pair, source);
    let rule = pair.as_rule();
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_checkmate)?;
    match rule {
        Rule::checkmate_by_decl => {
            c.next(Rule::kw_by)?;
            let pieces = c.names(source);
            c.next(Rule::alone_word)?;
            let result = lower_game_result(c.next(Rule::game_result)?, source);
            Ok(Item::CheckmateBy(CheckmateRuleDecl {
                pieces,
                result,
                span,
            }))
        }
        Rule::checkmate_unless_decl => {
            let result = lower_game_result(c.next(Rule::game_result)?, source);
            c.next(Rule::its_checks_include)?;
            let pieces = c.names(source);
            Ok(Item::CheckmateUnless(CheckmateRuleDecl {
                pieces,
                result,
                span,
            }))
        }
        _ => {
            let value = c.next_any()?;
            Ok(Item::Checkmate(
                if value.as_rule() == Rule::checkmate_none {
                    Spanned::new(None, span_of(&value, source))
                } else {
                    let result = lower_game_result(value, source);
                    Spanned::new(Some(result.value), result.span)
                },
            ))
        }
    }
}

/// `promotion-limit A N, B M`.
fn lower_promotion_limit(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_promotion_limit)?;
    let mut limits = Vec::new();
    while let Some(entry) = c.next_if(Rule::promotion_limit_entry) {
        let mut e = Cursor::new(entry, source);
        let piece = spanned_str(&e.next(Rule::ident)?, source);
        let count = spanned_u32(&e.next(Rule::int)?, source)?;
        limits.push((piece, count));
    }
    Ok(Item::PromotionLimit(limits, span))
}

/// `captures explode [sparing A, B] [immune C]`.
fn lower_explosion(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_captures)?;
    c.next(Rule::kw_explode)?;
    let spared = if c.next_if(Rule::kw_sparing).is_some() {
        c.names(source)
    } else {
        Vec::new()
    };
    let immune = if c.next_if(Rule::immune_word).is_some() {
        c.names(source)
    } else {
        Vec::new()
    };
    Ok(Item::Explosion(spared, immune, span))
}

/// `counting board N when no A` or `counting bare [from pieces] when no A: …`.
fn lower_counting_decl(pair: Pair<'_, Rule>, source: SourceId) -> Result<CountingDecl> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_counting)?;
    let which = c.next_any()?;
    let rule = which.as_rule();
    let mut c = Cursor::new(which, source);
    let when = |c: &mut Cursor<'_>| -> Result<Vec<Spanned<String>>> {
        let mut w = Cursor::new(c.next(Rule::counting_when)?, source);
        w.next(Rule::counting_word_when_no)?;
        Ok(w.names(source))
    };
    if rule == Rule::counting_board {
        c.next(Rule::kw_board)?;
        let moves = spanned_u32(&c.next(Rule::int)?, source)?;
        if let Some(at_most) = c.next_if(Rule::counting_at_most) {
            let mut m = Cursor::new(at_most, source);
            m.next(Rule::counting_word_when_at_most)?;
            let at_most = spanned_u32(&m.next(Rule::int)?, source)?;
            return Ok(CountingDecl {
                kind: CountingKind::Board(moves),
                unless_on_board: Vec::new(),
                at_most: Some(at_most),
                span,
            });
        }
        let unless_on_board = when(&mut c)?;
        return Ok(CountingDecl {
            kind: CountingKind::Board(moves),
            unless_on_board,
            at_most: None,
            span,
        });
    }
    c.next(Rule::counting_word_bare)?;
    let from_pieces = c.next_if(Rule::counting_from_pieces).is_some();
    let unless_on_board = when(&mut c)?;
    let mut limits = Vec::new();
    while let Some(limit) = c.next_if(Rule::counting_limit) {
        let limit_span = span_of(&limit, source);
        let mut l = Cursor::new(limit, source);
        let moves = spanned_u32(&l.next(Rule::int)?, source)?;
        l.next(Rule::kw_against)?;
        let at_least = match l.next_if(Rule::int) {
            Some(n) => spanned_u32(&n, source)?,
            None => Spanned::new(1, limit_span),
        };
        let kind = spanned_str(&l.next(Rule::ident)?, source);
        limits.push((moves, at_least, kind));
    }
    let otherwise = match c.next_if(Rule::counting_otherwise) {
        Some(o) => Some(spanned_u32(
            &Cursor::new(o, source).next(Rule::int)?,
            source,
        )?),
        None => None,
    };
    Ok(CountingDecl {
        kind: CountingKind::Bare {
            from_pieces,
            limits,
            otherwise,
        },
        unless_on_board,
        at_most: None,
        span,
    })
}

/// `[white] connecting SHAPE [along LINES] [with A, B] wins|loses|draws`.
fn lower_connect(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    let side = c.side();
    c.next(Rule::kw_connecting)?;
    let shape_pair = c.next_any()?;
    let rule = shape_pair.as_rule();
    let mut shape = Cursor::new(shape_pair, source);
    let shape = match rule {
        Rule::connect_block => {
            let files = spanned_u32(&shape.next(Rule::int)?, source)?;
            let ranks = spanned_u32(&shape.next(Rule::int)?, source)?;
            ConnectShapeDecl::Block(files, ranks)
        }
        Rule::connect_line => ConnectShapeDecl::Line(spanned_u32(&shape.next(Rule::int)?, source)?),
        Rule::connect_row => ConnectShapeDecl::Row(spanned_u32(&shape.next(Rule::int)?, source)?),
        _ => {
            let from = lower_region_expr(shape.next(Rule::region_expr)?, source)?;
            shape.next(Rule::kw_to)?;
            let to = lower_region_expr(shape.next(Rule::region_expr)?, source)?;
            ConnectShapeDecl::Chain(from, to)
        }
    };
    let along = match c.next_if(Rule::connect_along) {
        Some(lines) => lines
            .into_inner()
            .filter(|p| p.as_rule() == Rule::line_word)
            .map(|p| Spanned {
                value: match p.as_str() {
                    "ranks" => ConnectLine::Ranks,
                    "files" => ConnectLine::Files,
                    _ => ConnectLine::Diagonals,
                },
                span: span_of(&p, source),
            })
            .collect(),
        None => Vec::new(),
    };
    let pieces = match c.next_if(Rule::kw_with) {
        Some(_) => {
            let mut names = vec![spanned_str(&c.next(Rule::ident)?, source)];
            names.extend(c.names(source));
            names
        }
        None => Vec::new(),
    };
    let result = lower_game_result(c.next(Rule::game_result)?, source);
    Ok(Item::Connect(ConnectDecl {
        side,
        shape,
        along,
        pieces,
        result,
        span,
    }))
}

/// A declaration of how the game ends.
fn lower_game_end_rule(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    match pair.as_rule() {
        Rule::goal_decl => {
            let span = span_of(&pair, source);
            let mut c = Cursor::new(pair, source);
            let side = c.side();
            c.next(Rule::kw_reaching)?;
            let region = lower_region_expr(c.next(Rule::region_expr)?, source)?;
            c.next(Rule::kw_with)?;
            let count = match c.next_if(Rule::goal_count) {
                Some(n) => Some(spanned_u32(
                    &Cursor::new(n, source).next(Rule::int)?,
                    source,
                )?),
                None => None,
            };
            let mut pieces = vec![spanned_str(&c.next(Rule::ident)?, source)];
            pieces.extend(c.names(source));
            let result = lower_game_result(c.next(Rule::game_result)?, source);
            let unattacked = c.next_if(Rule::if_unattacked).is_some();
            let after_reply = c.next_if(Rule::after_reply).is_some();
            let answered = c.next_if(Rule::unless_answered).is_some();
            let when_full = c.next_if(Rule::or_when_full).is_some();
            Ok(Item::Goal(GoalDecl {
                region,
                pieces,
                count,
                result,
                unattacked,
                after_reply,
                answered,
                when_full,
                side,
                span,
            }))
        }
        Rule::connect_decl => lower_connect(pair, source),
        Rule::compulsory_decl => Ok(Item::CompulsoryCapture(span_of(&pair, source))),
        Rule::checks_forbidden_decl => Ok(Item::ChecksForbidden(span_of(&pair, source))),
        Rule::perpetual_check_decl => {
            let span = span_of(&pair, source);
            let mut c = Cursor::new(pair, source);
            c.next(Rule::perpetual_word)?;
            c.next(Rule::kw_checks)?;
            let result = lower_game_result(c.next(Rule::game_result)?, source);
            Ok(Item::PerpetualCheck(result, span))
        }
        Rule::draw_odds_decl => lower_draw_odds(pair, source),
        Rule::extinction_decl => {
            let span = span_of(&pair, source);
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_losing)?;
            let at_most = if c.next_if(Rule::kw_every).is_some() {
                None
            } else {
                c.next(Rule::kw_all)?;
                c.next(Rule::kw_but)?;
                Some(spanned_u32(&c.next(Rule::int)?, source)?)
            };
            let pieces = if c.next_if(Rule::kw_piece).is_none() {
                c.names(source)
            } else {
                Vec::new()
            };
            let result = lower_game_result(c.next(Rule::game_result)?, source);
            let bare_back = c.next_if(Rule::bare_back).is_some();
            Ok(Item::Extinction(ExtinctionDecl {
                pieces,
                at_most,
                result,
                bare_back,
                span,
            }))
        }
        Rule::explosion_decl => lower_explosion(pair, source),
        Rule::check_limit_decl => {
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_giving)?;
            let n = spanned_u32(&c.next(Rule::int)?, source)?;
            c.next(Rule::kw_checks)?;
            let result = lower_game_result(c.next(Rule::game_result)?, source);
            Ok(Item::CheckLimit(n, result))
        }
        Rule::checkmate_decl | Rule::checkmate_by_decl | Rule::checkmate_unless_decl => {
            lower_checkmate_rule(pair, source)
        }
        Rule::promotions_only_decl => lower_promotions_only(pair, source),
        Rule::stalemate_decl => {
            let mut c = Cursor::new(pair, source);
            c.next_any()?;
            let result = lower_game_result(c.next(Rule::game_result)?, source);
            let fewer_pieces = c.next_if(Rule::with_fewer_pieces).is_some();
            Ok(Item::Stalemate(result, fewer_pieces))
        }
        Rule::move_rule_decl | Rule::repetition_decl => {
            let is_move_rule = pair.as_rule() == Rule::move_rule_decl;
            let mut c = Cursor::new(pair, source);
            c.next_any()?;
            let n = spanned_u32(&c.next(Rule::int)?, source)?;
            Ok(if is_move_rule {
                let resetters = match c.next_if(Rule::move_rule_resets) {
                    Some(resets) => {
                        let mut r = Cursor::new(resets, source);
                        r.next(Rule::kw_reset)?;
                        r.next(Rule::kw_by)?;
                        r.next(Rule::kw_captures)?;
                        let named = r.next_if(Rule::kw_and).is_some();
                        Some(if named { r.names(source) } else { Vec::new() })
                    }
                    None => None,
                };
                Item::MoveRule(n, resetters)
            } else {
                Item::Repetition(n, lower_repetition_value(&mut c, source))
            })
        }
        other => Err(internal(span_of(&pair, source), Rule::item, Some(other))),
    }
}

/// The words after `repetition N`, if any: `wins|loses|draws [for SIDE]`.
fn lower_repetition_value(c: &mut Cursor<'_>, source: SourceId) -> Option<RepetitionValue> {
    let result = lower_game_result(c.next_if(Rule::game_result)?, source);
    let side = c.next_if(Rule::kw_for).and_then(|_| c.next_if(Rule::side));
    let span = match &side {
        Some(s) => result.span.to(span_of(s, source)),
        None => result.span,
    };
    let side = side.as_ref().map(side_of);
    Some(RepetitionValue { result, side, span })
}

/// The side a `side` pair names.
fn side_of(pair: &Pair<'_, Rule>) -> Side {
    if pair.as_str() == "white" {
        Side::White
    } else {
        Side::Black
    }
}

fn lower_string(pair: Pair<'_, Rule>, source: SourceId) -> Result<Spanned<String>> {
    let mut c = Cursor::new(pair, source);
    Ok(spanned_str(&c.next(Rule::string_inner)?, source))
}

fn lower_board_decl(pair: Pair<'_, Rule>, source: SourceId) -> Result<BoardDecl> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_board)?;
    let files = spanned_u32(&c.next(Rule::int)?, source)?;
    let ranks = spanned_u32(&c.next(Rule::int)?, source)?;
    let rank_widths = match c.next_if(Rule::board_ranks) {
        Some(p) => Some(lower_board_ranks(p, source)?),
        None => None,
    };
    let without = match c.next_if(Rule::kw_without) {
        Some(_) => Some(lower_region_expr(c.next(Rule::region_expr)?, source)?),
        None => None,
    };
    Ok(BoardDecl {
        files,
        ranks,
        rank_widths,
        without,
        span,
    })
}

fn lower_board_ranks(pair: Pair<'_, Rule>, source: SourceId) -> Result<RankWidths> {
    let mut c = Cursor::new(pair, source);
    let keyword = span_of(&c.next(Rule::kw_ranks)?, source);
    let mut widths = Vec::new();
    while let Some(p) = c.next_if(Rule::rank_width) {
        let mut w = Cursor::new(p, source);
        widths.push(spanned_u32(&w.next(Rule::int)?, source)?);
    }
    let (Some(first), Some(last)) = (widths.first(), widths.last()) else {
        return Err(ScriptError::new(
            Code::SyntaxBoardRanks,
            "`ranks` needs the width of each rank",
            keyword,
            "no widths after this",
        )
        .with_help("list how many squares each rank has, from rank 1 up, each centred on the middle file, e.g. `board 11 x 10 ranks 3 5 7 9 11 11 9 7 5 3`"));
    };
    let span = first.span.to(last.span);
    Ok(RankWidths { widths, span })
}

fn lower_region_expr(pair: Pair<'_, Rule>, source: SourceId) -> Result<RegionExpr> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    let first = lower_region_term(c.next_any()?, source)?;
    let mut rest = Vec::new();
    while let Some(op) = c.next_if(Rule::region_op) {
        let op = if op.as_str() == "+" {
            RegionOp::Union
        } else {
            RegionOp::Difference
        };
        rest.push((op, lower_region_term(c.next_any()?, source)?));
    }
    Ok(RegionExpr { first, rest, span })
}

fn lower_region_term(pair: Pair<'_, Rule>, source: SourceId) -> Result<RegionTerm> {
    match pair.as_rule() {
        Rule::ranks_term => {
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_ranks)?;
            let from = lower_rank_number(c.next(Rule::rank_number)?, source)?;
            let to = match c.next_if(Rule::rank_number) {
                Some(p) => Some(lower_rank_number(p, source)?),
                None => None,
            };
            Ok(RegionTerm::Ranks { from, to })
        }
        Rule::files_term => {
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_files)?;
            let file = |p: Pair<'_, Rule>| {
                let span = span_of(&p, source);
                Spanned::new(p.as_str().chars().next().unwrap_or('a'), span)
            };
            let from = file(c.next(Rule::file_name)?);
            let to = c.next_if(Rule::file_name).map(file);
            Ok(RegionTerm::Files { from, to })
        }
        Rule::squares_term => {
            let mut c = Cursor::new(pair, source);
            c.next(Rule::kw_squares)?;
            let mut squares = Vec::new();
            while let Some(p) = c
                .next_if(Rule::square)
                .or_else(|| c.next_if(Rule::square_range))
            {
                if p.as_rule() == Rule::square {
                    squares.push((spanned_str(&p, source), None));
                } else {
                    let mut r = Cursor::new(p, source);
                    let from = spanned_str(&r.next(Rule::square)?, source);
                    let to = spanned_str(&r.next(Rule::square)?, source);
                    squares.push((from, Some(to)));
                }
            }
            Ok(RegionTerm::Squares(squares))
        }
        Rule::region_ref => {
            let mut c = Cursor::new(pair, source);
            Ok(RegionTerm::Ref(spanned_str(&c.next(Rule::ident)?, source)))
        }
        Rule::region_expr => Ok(RegionTerm::Group(Box::new(lower_region_expr(
            pair, source,
        )?))),
        other => Err(internal(
            span_of(&pair, source),
            Rule::region_term,
            Some(other),
        )),
    }
}

fn lower_rank_number(pair: Pair<'_, Rule>, source: SourceId) -> Result<Spanned<RankNumber>> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    if c.next_if(Rule::kw_last).is_some() {
        return Ok(Spanned::new(RankNumber::Last, span));
    }
    let n = spanned_u32(&c.next(Rule::int)?, source)?;
    Ok(Spanned::new(RankNumber::Number(n.value), span))
}

fn lower_restrict_decl(pair: Pair<'_, Rule>, source: SourceId) -> Result<RestrictDecl> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_restrict)?;
    let side = c.side();
    let mut pieces = vec![spanned_str(&c.next(Rule::ident)?, source)];
    pieces.extend(c.names(source));
    let rule = c.next_any()?;
    let rule_span = span_of(&rule, source);
    let kind = rule.as_rule();
    let mut p = Cursor::new(rule, source);
    let policy = match kind {
        Rule::policy_never_cross => {
            p.next(Rule::kw_never)?;
            p.next(Rule::kw_cross)?;
            Policy::NeverCross(spanned_str(&p.next(Rule::ident)?, source))
        }
        Rule::policy_cross_beside => {
            p.next(Rule::kw_cross)?;
            Policy::CrossBeside(spanned_str(&p.next(Rule::ident)?, source))
        }
        Rule::policy_stay_in => {
            p.next(Rule::kw_stay)?;
            p.next(Rule::kw_in)?;
            Policy::StayIn(lower_region_expr(p.next(Rule::region_expr)?, source)?)
        }
        Rule::policy_never_enter => {
            p.next(Rule::kw_never)?;
            p.next(Rule::kw_enter)?;
            Policy::NeverEnter(lower_region_expr(p.next(Rule::region_expr)?, source)?)
        }
        Rule::policy_never_land => {
            p.next(Rule::kw_never)?;
            p.next(Rule::kw_land)?;
            p.next(Rule::kw_in)?;
            Policy::NeverLand(lower_region_expr(p.next(Rule::region_expr)?, source)?)
        }
        Rule::policy_take_checker => Policy::TakeChecker,
        Rule::policy_never_take => {
            p.next(Rule::kw_never)?;
            p.next(Rule::take_word)?;
            Policy::NeverTake(p.names(source))
        }
        Rule::policy_never_hop => {
            p.next(Rule::kw_never)?;
            p.next(Rule::hop_over_words)?;
            Policy::NeverHop(p.names(source))
        }
        other => return Err(internal(rule_span, Rule::policy, Some(other))),
    };
    Ok(RestrictDecl {
        side,
        pieces,
        policy,
        span,
    })
}

fn lower_game_result(r: Pair<'_, Rule>, source: SourceId) -> Spanned<GameResult> {
    let span = span_of(&r, source);
    let value = match r.as_str() {
        "wins" => GameResult::Wins,
        "loses" => GameResult::Loses,
        _ => GameResult::Draws,
    };
    Spanned::new(value, span)
}

/// `chasing RESULT[: A, B outrank C; D chased only in REGION; …]`.
fn lower_chasing(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::chasing_word)?;
    let result = lower_game_result(c.next(Rule::game_result)?, source);
    let mut clauses = Vec::new();
    while let Ok(clause) = c.next_any() {
        let rule = clause.as_rule();
        let mut k = Cursor::new(clause, source);
        let names = k.names(source);
        clauses.push(if rule == Rule::chase_outrank {
            k.next(Rule::outrank_word)?;
            ChaseClause::Outrank {
                chasers: names,
                chased: k.names(source),
            }
        } else {
            k.next(Rule::chased_only_in)?;
            ChaseClause::OnlyIn {
                kinds: names,
                region: lower_region_expr(k.next(Rule::region_expr)?, source)?,
            }
        });
    }
    Ok(Item::Chasing(ChasingDecl {
        result,
        clauses,
        span,
    }))
}

/// Janggi's rules: `facing royals RESULT`, `moving back and forth RESULT`.
fn lower_janggi_rule(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let span = span_of(&pair, source);
    let facing = pair.as_rule() == Rule::facing_decl;
    let mut c = Cursor::new(pair, source);
    if facing {
        c.next(Rule::facing_royals_words)?;
    } else {
        c.next(Rule::back_and_forth_words)?;
    }
    let result = lower_game_result(c.next(Rule::game_result)?, source);
    Ok(if facing {
        Item::FacingRoyals(result, span)
    } else {
        Item::BackAndForth(result, span)
    })
}

/// `draws win for white|black`, `draws win for more pieces`, `draws win
/// on points …`.
fn lower_draw_odds(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_draws)?;
    c.next(Rule::kw_win)?;
    if c.next_if(Rule::on_points).is_some() {
        return lower_points(c, span, source).map(Item::DrawsOnPoints);
    }
    c.next(Rule::kw_for)?;
    if c.next_if(Rule::more_pieces).is_some() {
        return Ok(Item::DrawsToMorePieces(span));
    }
    let side = c.side().ok_or_else(|| internal(span, Rule::side, None))?;
    Ok(Item::DrawOdds(side, span))
}

/// The rest of `draws win on points A 13, B 7 [plus 1.5 for black]`.
fn lower_points(mut c: Cursor<'_>, span: Span, source: SourceId) -> Result<PointsDecl> {
    let mut values = Vec::new();
    while let Some(entry) = c.next_if(Rule::points_entry) {
        let mut e = Cursor::new(entry, source);
        let name = spanned_str(&e.next(Rule::ident)?, source);
        let points = spanned_u32(&e.next(Rule::int)?, source)?;
        values.push((name, points));
    }
    let bonus = match c.next_if(Rule::points_bonus) {
        Some(pair) => {
            let mut b = Cursor::new(pair, source);
            b.next(Rule::plus_word)?;
            let number = b.next(Rule::half_number)?;
            let halves = Spanned::new(half_points(number.as_str()), span_of(&number, source));
            b.next(Rule::kw_for)?;
            let side = b.side().ok_or_else(|| internal(span, Rule::side, None))?;
            Some((halves, side))
        }
        None => None,
    };
    Ok(PointsDecl {
        values,
        bonus,
        span,
    })
}

/// A number of points in halves (`1.5` is 3); u32::MAX for a number that
/// is not whole or a half, or too large (the compiler reports it).
fn half_points(text: &str) -> u32 {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let half = match fraction.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return u32::MAX,
    };
    whole
        .parse::<u32>()
        .ok()
        .and_then(|w| w.checked_mul(2))
        .and_then(|w| w.checked_add(half))
        .filter(|&h| h != u32::MAX)
        .unwrap_or(u32::MAX)
}

fn lower_also_decl(
    pair: Pair<'_, Rule>,
    source: SourceId,
) -> std::result::Result<AlsoDecl, Vec<ScriptError>> {
    let one = |e: ScriptError| vec![e];
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_also).map_err(one)?;
    let piece = spanned_str(&c.next(Rule::ident).map_err(one)?, source);
    let (betza, moves) = lower_betza_string(c.next(Rule::betza_string).map_err(one)?, source)?;
    let from = match c.next_if(Rule::kw_from) {
        Some(_) => {
            Some(lower_region_expr(c.next(Rule::region_expr).map_err(one)?, source).map_err(one)?)
        }
        None => None,
    };
    let within = match c.next_if(Rule::within_word) {
        Some(_) => {
            Some(lower_region_expr(c.next(Rule::region_expr).map_err(one)?, source).map_err(one)?)
        }
        None => None,
    };
    let against_royal = c.next_if(Rule::also_royal).is_some();
    let unless_in_check = c.next_if(Rule::also_unless_in_check).is_some();
    Ok(AlsoDecl {
        piece,
        betza,
        moves,
        from,
        within,
        against_royal,
        unless_in_check,
        span,
    })
}

fn lower_first_moves_decl(pair: Pair<'_, Rule>, source: SourceId) -> Result<FirstMovesDecl> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_first_moves_of)?;
    let pieces = c.names(source);
    let lost_to = match c.next_if(Rule::first_moves_lost) {
        Some(lost) => {
            let mut l = Cursor::new(lost, source);
            l.next(Rule::first_moves_lost_when)?;
            Some(spanned_str(&l.next(Rule::ident)?, source))
        }
        None => {
            c.next(Rule::first_moves_in_fen)?;
            None
        }
    };
    Ok(FirstMovesDecl {
        pieces,
        lost_to,
        span,
    })
}

fn lower_promotion_decl(pair: Pair<'_, Rule>, source: SourceId) -> Result<PromotionDecl> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_promote)?;
    let side = c.side();
    let piece = spanned_str(&c.next(Rule::ident)?, source);
    c.next(Rule::kw_in)?;
    let from_too = c.next_if(Rule::promote_or_from).is_some();
    let region = lower_region_expr(c.next(Rule::region_expr)?, source)?;
    c.next(Rule::kw_to)?;
    let mut choices = vec![spanned_str(&c.next(Rule::ident)?, source)];
    choices.extend(c.names(source));
    let in_place = c
        .next_if(Rule::promote_in_place)
        .map(|p| lower_in_place(p, source));
    let capturing = c.next_if(Rule::promote_capturing).is_some();
    let optional = c.next_if(Rule::promote_optional);
    let optional_anywhere = optional.as_ref().is_some_and(|p| {
        p.clone()
            .into_inner()
            .any(|i| i.as_rule() == Rule::kw_anywhere)
    });
    let optional = optional.is_some();
    Ok(PromotionDecl {
        side,
        piece,
        region,
        from_too,
        choices,
        capturing,
        optional,
        optional_anywhere,
        in_place,
        span,
    })
}

/// `in place [or by its move][, anywhere if last][, never attacking][, never checking]`.
fn lower_in_place(pair: Pair<'_, Rule>, source: SourceId) -> InPlace {
    let mut in_place = InPlace {
        by_its_move: false,
        anywhere_if_last: false,
        never_attacking: false,
        never_checking: false,
        span: span_of(&pair, source),
    };
    for word in pair.into_inner() {
        match word.as_rule() {
            Rule::by_its_move => in_place.by_its_move = true,
            Rule::anywhere_if_last => in_place.anywhere_if_last = true,
            Rule::never_attacking => in_place.never_attacking = true,
            Rule::never_checking => in_place.never_checking = true,
            _ => {}
        }
    }
    in_place
}

fn lower_demote_decl(pair: Pair<'_, Rule>, source: SourceId) -> Result<DemoteDecl> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_demote)?;
    let pieces = if c.next_if(Rule::demote_promoted).is_none() {
        c.names(source)
    } else {
        Vec::new()
    };
    c.next(Rule::kw_to)?;
    let to = spanned_str(&c.next(Rule::ident)?, source);
    Ok(DemoteDecl { pieces, to, span })
}

/// `symmetry mirror|rotate`.
fn lower_symmetry_decl(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_symmetry)?;
    let kind = c.next(Rule::symmetry_kind)?;
    let span = span_of(&kind, source);
    let value = if kind.as_str() == "rotate" {
        Symmetry::Rotate
    } else {
        Symmetry::Mirror
    };
    Ok(Item::Symmetry(Spanned::new(value, span)))
}

/// `check when the last A, B is attacked`, `check when every A is attacked`.
fn lower_royal_group(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_checks)?;
    c.next(Rule::kw_when)?;
    let kind = c.next(Rule::royal_group_kind)?;
    let every = kind.into_inner().next().map(|p| p.as_rule()) == Some(Rule::kw_every);
    let pieces = c.names(source);
    c.next(Rule::attacked_words)?;
    Ok(Item::RoyalGroup(pieces, every, span))
}

/// `castling [kingside|queenside] wins [for white|black]`.
fn lower_castling_wins_decl(pair: Pair<'_, Rule>, source: SourceId) -> Result<CastlingWinsDecl> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_castling)?;
    let kingside = c
        .next_if(Rule::castling_wing)
        .map(|w| w.as_str().starts_with("king"));
    c.next(Rule::kw_wins)?;
    let side = c.next_if(Rule::kw_for).and_then(|_| c.side());
    Ok(CastlingWinsDecl {
        kingside,
        side,
        span,
    })
}

/// `walls behind|anywhere|shot|duck|from-edge [in REGION] [instead-of-moving]`.
fn lower_walls_decl(pair: Pair<'_, Rule>, source: SourceId) -> Result<WallsDecl> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_walls)?;
    let word = c.next(Rule::wall_placement)?;
    let word_span = span_of(&word, source);
    let placement = match word.into_inner().next().map(|p| p.as_rule()) {
        Some(Rule::kw_behind) => WallPlacement::Behind,
        Some(Rule::kw_anywhere) => WallPlacement::Anywhere,
        Some(Rule::kw_shot) => WallPlacement::Shot,
        Some(Rule::kw_duck) => WallPlacement::Duck,
        Some(Rule::kw_from_edge) => WallPlacement::FromEdge,
        other => return Err(internal(word_span, Rule::wall_placement, other)),
    };
    let region = match c.next_if(Rule::kw_in) {
        Some(_) => Some(lower_region_expr(c.next(Rule::region_expr)?, source)?),
        None => None,
    };
    let instead_of_moving = c
        .next_if(Rule::kw_instead_of_moving)
        .map(|p| span_of(&p, source));
    Ok(WallsDecl {
        placement: Spanned::new(placement, word_span),
        region,
        instead_of_moving,
        span,
    })
}

fn lower_gate_decl(pair: Pair<'_, Rule>, source: SourceId) -> Result<GateDecl> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_gate)?;
    let pieces = c.names(source);
    c.next(Rule::kw_in)?;
    let region = lower_region_expr(c.next(Rule::region_expr)?, source)?;
    Ok(GateDecl {
        pieces,
        region,
        span,
    })
}

/// `drop …` ([`Item::Drop`]) or `drop none` ([`Item::DropNone`]).
fn lower_drop_decl(pair: Pair<'_, Rule>, source: SourceId) -> Result<Item> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_drop)?;
    if c.next_if(Rule::drop_none).is_some() {
        return Ok(Item::DropNone(span));
    }
    let side = c.side();
    let pieces = c.names(source);
    let region = match c.next_if(Rule::kw_in) {
        Some(_) => Some(lower_region_expr(c.next(Rule::region_expr)?, source)?),
        None => None,
    };
    let mut rules = Vec::new();
    while let Some(r) = c.next_if(Rule::drop_rule) {
        let text = r.as_str();
        let rule = match text {
            "one-per-file" => DropRule::PerFile(1),
            _ if text.ends_with("-per-file") => {
                let n = text.trim_end_matches("-per-file");
                match n.parse::<u8>() {
                    Ok(n @ 1..=32) => DropRule::PerFile(n),
                    _ => {
                        return Err(ScriptError::new(
                            Code::SyntaxNumber,
                            format!("`{text}`: the count per file must be 1 to 32"),
                            span_of(&r, source),
                            "count out of range",
                        ))
                    }
                }
            }
            "no-mate" => DropRule::NoMate,
            "no-check" => DropRule::NoCheck,
            "never" => DropRule::Never,
            "either-face" => DropRule::EitherFace,
            "opposite-colours" => DropRule::OppositeColours,
            "beside-own" => DropRule::BesideOwn,
            "away-from-enemy" => DropRule::AwayFromEnemy,
            "enclosing" => DropRule::Enclosing,
            "falling" => DropRule::Falling,
            _ => DropRule::NeverStuck,
        };
        rules.push(Spanned::new(rule, span_of(&r, source)));
    }
    Ok(Item::Drop(DropDecl {
        side,
        pieces,
        region,
        rules,
        span,
    }))
}

fn lower_castling_decl(pair: Pair<'_, Rule>, source: SourceId) -> Result<CastlingDecl> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_castling)?;
    let form = c.next_any()?;
    let kind = match form.as_rule() {
        Rule::castling_none => CastlingKind::None,
        Rule::castling_explicit => {
            let mut f = Cursor::new(form, source);
            let side = f.side();
            let king = spanned_str(&f.next(Rule::ident)?, source);
            let king_from = spanned_str(&f.next(Rule::square)?, source);
            let king_to = spanned_str(&f.next(Rule::square)?, source);
            f.next(Rule::kw_with)?;
            let rook = spanned_str(&f.next(Rule::ident)?, source);
            let rook_from = spanned_str(&f.next(Rule::square)?, source);
            let rook_to = spanned_str(&f.next(Rule::square)?, source);
            CastlingKind::Explicit {
                side,
                king,
                king_from,
                king_to,
                rook,
                rook_from,
                rook_to,
            }
        }
        Rule::castling_any_start => {
            let mut f = Cursor::new(form, source);
            let king = spanned_str(&f.next(Rule::ident)?, source);
            f.next(Rule::kw_to)?;
            let king_to = spanned_str(&f.next(Rule::square)?, source);
            f.next(Rule::kw_with)?;
            let rook = spanned_str(&f.next(Rule::ident)?, source);
            f.next(Rule::kw_to)?;
            let rook_to = spanned_str(&f.next(Rule::square)?, source);
            f.next(Rule::from_any_start)?;
            CastlingKind::AnyStart {
                king,
                king_to,
                rook,
                rook_to,
            }
        }
        Rule::castling_slide => {
            let mut f = Cursor::new(form, source);
            let king = spanned_str(&f.next(Rule::ident)?, source);
            f.next(Rule::kw_slides)?;
            let distance = spanned_u32(&f.next(Rule::int)?, source)?;
            f.next(Rule::kw_with)?;
            let rook = spanned_str(&f.next(Rule::ident)?, source);
            CastlingKind::Slide {
                king,
                distance,
                rook,
            }
        }
        other => {
            return Err(internal(
                span_of(&form, source),
                Rule::castling_decl,
                Some(other),
            ))
        }
    };
    Ok(CastlingDecl { kind, span })
}

fn lower_shuffle_decl(pair: Pair<'_, Rule>, source: SourceId) -> Result<ShuffleDecl> {
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_shuffle)?;
    let region = lower_region_expr(c.next(Rule::region_expr)?, source)?;
    let mut rules = Vec::new();
    if c.next_if(Rule::kw_with).is_some() {
        while let Some(rule) = c
            .next_if(Rule::shuffle_opposite)
            .or_else(|| c.next_if(Rule::shuffle_between))
        {
            rules.push(lower_shuffle_rule(rule, source)?);
        }
    }
    Ok(ShuffleDecl {
        region,
        rules,
        span,
    })
}

fn lower_shuffle_rule(pair: Pair<'_, Rule>, source: SourceId) -> Result<ShuffleRule> {
    let span = span_of(&pair, source);
    let rule = pair.as_rule();
    let mut f = Cursor::new(pair, source);
    Ok(match rule {
        Rule::shuffle_opposite => {
            let first = spanned_str(&f.next(Rule::ident)?, source);
            f.next(Rule::kw_and)?;
            let second = spanned_str(&f.next(Rule::ident)?, source);
            f.next(Rule::on_opposite_colours)?;
            ShuffleRule::OppositeColours {
                first,
                second,
                span,
            }
        }
        _ => {
            let middle = spanned_str(&f.next(Rule::ident)?, source);
            f.next(Rule::between_word)?;
            let first = spanned_str(&f.next(Rule::ident)?, source);
            f.next(Rule::kw_and)?;
            let second = spanned_str(&f.next(Rule::ident)?, source);
            ShuffleRule::Between {
                middle,
                first,
                second,
                span,
            }
        }
    })
}

/// A quoted Betza string: its text (spanned without the quotes) and its moves.
fn lower_betza_string(
    pair: Pair<'_, Rule>,
    source: SourceId,
) -> std::result::Result<(Spanned<String>, Vec<BetzaMove>), Vec<ScriptError>> {
    let mut c = Cursor::new(pair, source);
    let betza = spanned_str(&c.next(Rule::betza_text).map_err(|e| vec![e])?, source);
    let moves = parse_betza(&betza.value, betza.span).map_err(|e| vec![e])?;
    Ok((betza, moves))
}

fn lower_piece_decl(
    pair: Pair<'_, Rule>,
    source: SourceId,
) -> std::result::Result<PieceDecl, Vec<ScriptError>> {
    let one = |e: ScriptError| vec![e];
    let span = span_of(&pair, source);
    let mut c = Cursor::new(pair, source);
    c.next(Rule::kw_piece).map_err(one)?;
    let name = spanned_str(&c.next(Rule::ident).map_err(one)?, source);
    let letter_pair = c.next(Rule::piece_letter).map_err(one)?;
    let letter_text = letter_pair.as_str();
    let plus_mark = letter_text.starts_with('+');
    let letter = Spanned::new(
        letter_text
            .chars()
            .find(char::is_ascii_alphabetic)
            .unwrap_or('?'),
        span_of(&letter_pair, source),
    );
    let (betza, moves) = match c.next_if(Rule::immobile_word) {
        Some(word) => (
            Spanned::new(String::new(), span_of(&word, source)),
            Vec::new(),
        ),
        None => lower_betza_string(c.next(Rule::betza_string).map_err(one)?, source)?,
    };
    let mut royal = false;
    while c.next_if(Rule::piece_attr).is_some() {
        royal = true;
    }
    Ok(PieceDecl {
        name,
        letter,
        plus_mark,
        betza,
        moves,
        royal,
        span,
    })
}

/// A Betza syntax error, with the common cases named: modifiers left
/// without an atom, and XBetza punctuation not supported yet.
fn betza_syntax_error(error: &pest::error::Error<Rule>, text: &str, at: Span) -> ScriptError {
    let pos = match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let before = &text[..pos.min(text.len())];
    let trailing = before.len()
        - before
            .trim_end_matches(|c: char| c.is_ascii_lowercase())
            .len();
    let at_end = text[pos.min(text.len())..].trim().is_empty();
    if trailing > 0 && at_end {
        let letters = &before[before.len() - trailing..];
        return ScriptError::new(
            Code::BetzaNoAtom,
            format!("modifier{} `{letters}` {} no atom after {}", if trailing > 1 { "s" } else { "" }, if trailing > 1 { "have" } else { "has" }, if trailing > 1 { "them" } else { "it" }),
            at.sub(before.len() - trailing, before.len()),
            "modifiers without an atom",
        )
        .with_help("modifiers come before the atom they change, e.g. `fmW` (a forward, non-capturing step)");
    }
    if let Some((start, end)) = space_inside_component(text, pos) {
        return ScriptError::new(
            Code::BetzaSpace,
            "a space inside a Betza component",
            at.sub(start, end),
            "space",
        )
        .with_help("spaces only separate components: write `fN`, not `f N`, and `W4`, not `W 4`");
    }
    let next = text[pos.min(text.len())..].chars().next();
    let mut e = syntax_error(error, at.source, text, at.start as usize, "Betza string");
    e = match next {
                Some(c) if "[]-?{}".contains(c) => e.with_help(format!(
            "`{c}` belongs to XBetza syntax that is not supported yet; multi-leg moves are written with `a` and groups such as `(afz)8W`"
        )),
        _ => e.with_help("a Betza string is modifiers then an atom, repeated, e.g. `fmWfceF`; a number after an atom limits its range"),
    };
    e
}

/// The spaces the parser stopped at, if they split one component: after
/// modifiers or inside a group (the error is at the space), or before a
/// range (the error is at the digits after the space).
fn space_inside_component(text: &str, pos: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let is_space = |i: usize| bytes.get(i).is_some_and(|b| *b == b' ' || *b == b'\t');
    let (start, end) = if is_space(pos) {
        let end = (pos..bytes.len()).find(|i| !is_space(*i))?;
        (pos, end)
    } else if pos > 0 && is_space(pos - 1) && bytes.get(pos).is_some_and(u8::is_ascii_digit) {
        let start = (0..pos).rev().find(|i| !is_space(*i)).map_or(0, |i| i + 1);
        (start, pos)
    } else {
        return None;
    };
    Some((start, end))
}

/// Parses the inside of a Betza string. `at` is the span of the text in its
/// source, so the components' spans point into the script.
///
/// # Errors
/// A syntax error pointing at the offending character.
pub fn parse_betza(text: &str, at: Span) -> Result<Vec<BetzaMove>> {
    if text.trim().is_empty() {
        return Err(ScriptError::new(
            Code::BetzaEmpty,
            "a piece needs at least one move",
            at,
            "empty Betza string",
        )
        .with_help(
            "write the piece's moves in Betza notation, e.g. \"N\" for a knight; \
             a piece that never moves (a stone, a wall piece) is `piece Stone S immobile`",
        ));
    }
    let mut pairs =
        VariantParser::parse(Rule::betza, text).map_err(|e| betza_syntax_error(&e, text, at))?;
    let betza = pairs
        .next()
        .ok_or_else(|| internal(at, Rule::betza, None))?;
    let mut moves: Vec<BetzaMove> = Vec::new();
    for pair in betza.into_inner() {
        if pair.as_rule() != Rule::betza_move {
            continue;
        }
        let s = pair.as_span();
        let span = at.sub(s.start(), s.end());
        let mut modifiers = Vec::new();
        let mut group = None;
        let mut atom = None;
        let mut range = None;
        for part in pair.into_inner() {
            let ps = part.as_span();
            let pspan = at.sub(ps.start(), ps.end());
            let ch = part.as_str().chars().next().unwrap_or('?');
            match part.as_rule() {
                Rule::betza_modifier => modifiers.push(Spanned::new(ch, pspan)),
                Rule::betza_group => group = Some(lower_betza_group(part, at)?),
                Rule::betza_atom => atom = Some(Spanned::new(ch, pspan)),
                Rule::betza_range => {
                    let n = part.as_str().parse::<u32>().map_err(|_| {
                        ScriptError::new(Code::BetzaRange, "range too large", pspan, "this range")
                            .with_help("write 0 for a slide without limit")
                    })?;
                    range = Some(Spanned::new(n, pspan));
                }
                other => return Err(internal(pspan, Rule::betza_move, Some(other))),
            }
        }
        let atom = atom.ok_or_else(|| internal(span, Rule::betza_atom, None))?;
        // A repeated atom with nothing between (`NN`) makes a rider.
        if let Some(prev) = moves.last_mut() {
            if modifiers.is_empty()
                && group.is_none()
                && prev.group.is_none()
                && prev.atom.value == atom.value
                && prev.repeat == BetzaRepeat::Once
                && prev.span.end == atom.span.start
            {
                prev.repeat = match range {
                    None => BetzaRepeat::Doubled(atom.span),
                    Some(r) => BetzaRepeat::Range(r),
                };
                prev.span = prev.span.to(span);
                continue;
            }
        }
        if moves.len() == MAX_BETZA_COMPONENTS {
            return Err(ScriptError::new(
                Code::BetzaTooManyComponents,
                format!("more than {MAX_BETZA_COMPONENTS} components in one Betza string"),
                span,
                "one too many",
            )
            .with_help("write each move once: the same move twice moves no differently"));
        }
        let repeat = match range {
            Some(r) => BetzaRepeat::Range(r),
            None => BetzaRepeat::Once,
        };
        moves.push(BetzaMove {
            modifiers,
            group,
            atom,
            repeat,
            span,
        });
    }
    Ok(moves)
}

fn lower_betza_group(pair: Pair<'_, Rule>, at: Span) -> Result<BetzaGroup> {
    let s = pair.as_span();
    let span = at.sub(s.start(), s.end());
    let mut modifiers = Vec::new();
    let mut max = Spanned::new(0, span);
    for part in pair.into_inner() {
        let ps = part.as_span();
        let pspan = at.sub(ps.start(), ps.end());
        match part.as_rule() {
            Rule::betza_modifier => modifiers.push(Spanned::new(
                part.as_str().chars().next().unwrap_or('?'),
                pspan,
            )),
            Rule::betza_range => {
                let n = part.as_str().parse::<u32>().map_err(|_| {
                    ScriptError::new(Code::BetzaRange, "range too large", pspan, "this range")
                        .with_help("write 0 for no limit")
                })?;
                max = Spanned::new(n, pspan);
            }
            other => return Err(internal(pspan, Rule::betza_group, Some(other))),
        }
    }
    Ok(BetzaGroup {
        modifiers,
        max,
        span,
    })
}
