//! The pest parser and the conversion of its errors into diagnostics.

use pest::error::{ErrorVariant, InputLocation};
use pest_derive::Parser;

use crate::diagnostics::{Code, ScriptError};
use crate::source::{SourceId, Span};

/// The generated pest parser for variant files and Betza strings.
#[derive(Parser, Debug)]
#[grammar = "grammar/lexical.pest"]
#[grammar = "grammar/betza.pest"]
#[grammar = "grammar/variant.pest"]
pub struct VariantParser;

/// A human name for each grammar rule, used in "expected …" messages.
/// The match is exhaustive on purpose: a new rule must get a name.
pub fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of file",
        Rule::WHITESPACE | Rule::COMMENT => "whitespace",
        Rule::ident_char => "a name character",
        Rule::ident => "a name",
        Rule::int => "a number",
        Rule::string => "a quoted string",
        Rule::string_inner => "text",
        Rule::square => "a square such as `e4`",
        Rule::square_range => "a range of squares such as `a2..a9`",
        Rule::file_name => "a file letter such as `a`",
        Rule::piece_letter => "an upper-case piece letter",
        Rule::keyword => "a keyword",
        Rule::kw_variant => "`variant`",
        Rule::kw_import => "`import`",
        Rule::kw_sides => "`sides`",
        Rule::kw_board => "`board`",
        Rule::kw_without => "`without`",
        Rule::kw_symmetry => "`symmetry`",
        Rule::kw_mirror => "`mirror`",
        Rule::kw_rotate => "`rotate`",
        Rule::kw_region => "`region`",
        Rule::kw_ranks => "`rank`",
        Rule::kw_files => "`file`",
        Rule::kw_squares => "`squares`",
        Rule::kw_last => "`last`",
        Rule::kw_piece => "`piece`",
        Rule::kw_royal => "`royal`",
        Rule::kw_setup => "`setup`",
        Rule::kw_promote => "`promote`",
        Rule::kw_in => "`in`",
        Rule::kw_to => "`to`",
        Rule::kw_castling => "`castling`",
        Rule::kw_slides => "`slides`",
        Rule::kw_with => "`with`",
        Rule::kw_none => "`none`",
        Rule::kw_checkmate => "`checkmate`",
        Rule::kw_stalemate => "`stalemate`",
        Rule::kw_wins => "`wins`",
        Rule::kw_loses => "`loses`",
        Rule::kw_draws => "`draws`",
        Rule::kw_move_rule => "`move-rule`",
        Rule::kw_promotion_limit => "`promotion-limit`",
                Rule::kw_repetition => "`repetition`",
        Rule::kw_border => "`border`",
        Rule::kw_restrict => "`restrict`",
        Rule::kw_white => "`white`",
        Rule::kw_black => "`black`",
        Rule::kw_never => "`never`",
        Rule::kw_cross => "`cross`",
        Rule::kw_only => "`only`",
        Rule::kw_beside => "`beside`",
        Rule::kw_it => "`it`",
        Rule::kw_stay => "`stay`",
        Rule::kw_enter => "`enter`",
        Rule::kw_land => "`land`",
        Rule::kw_also => "`also`",
        Rule::kw_from => "`from`",
        Rule::kw_against => "`against`",
        Rule::border_decl => "`border`",
        Rule::restrict_decl => "`restrict`",
        Rule::side => "`white` or `black`",
        Rule::policy => "a rule: `never cross B`, `cross B only beside it`, `stay in R`, `never enter R`, `never land in R` or `in check only take the checker`",
        Rule::policy_never_cross => "`never cross`",
        Rule::policy_cross_beside => "`cross … only beside it`",
        Rule::policy_stay_in => "`stay in`",
        Rule::policy_never_enter => "`never enter`",
        Rule::policy_never_land => "`never land in`",
        Rule::policy_take_checker => "`in check only take the checker`",
        Rule::take_the_checker => "`take the checker`",
        Rule::also_decl => "`also`",
                Rule::also_royal => "`against royal`",
                Rule::also_unless_in_check => "`unless in check`",
                Rule::kw_hook => "`hook`",
        Rule::kw_counter => "`counter`",
        Rule::counter_decl => "`counter`",
        Rule::kw_reaching => "`reaching`",
        Rule::kw_giving => "`giving`",
        Rule::kw_checks => "`checks`",
        Rule::goal_decl => "`reaching REGION with PIECE wins`",
        Rule::goal_count => "how many pieces (`with 3 Knight`)",
        Rule::kw_connecting => "`connecting`",
        Rule::connect_decl
        | Rule::connect_row
        | Rule::connect_line
        | Rule::connect_block
        | Rule::connect_chain => "`connecting 4 wins`",
        Rule::on_one_line => "`on one line`",
        Rule::connect_along | Rule::along_word => "`along ranks, files`",
        Rule::line_word => "`ranks`, `files` or `diagonals`",
        Rule::check_limit_decl => "`giving N checks wins`",
        Rule::kw_losing => "`losing`",
        Rule::kw_every => "`every`",
        Rule::kw_all => "`all`",
        Rule::kw_but => "`but`",
        Rule::extinction_decl => "`losing every PIECE loses`",
        Rule::bare_back => "`unless bared back`",
        Rule::if_unattacked => "`if unattacked`",
        Rule::after_reply => "`after a reply`",
        Rule::unless_answered => "`unless answered`",
        Rule::or_when_full => "`or when full`",
        Rule::checks_forbidden_decl | Rule::forbidden_word => "`checks forbidden`",
        Rule::promote_in_place | Rule::in_place_words | Rule::in_place_condition => "`in place`",
        Rule::by_its_move => "`or by its move`",
        Rule::anywhere_if_last => "`anywhere if last`",
        Rule::never_attacking => "`never attacking`",
        Rule::never_checking => "`never checking`",
        Rule::promotions_only_decl | Rule::only_promotions => "`only promotions with … alone`",
        Rule::with_fewer_pieces => "`with fewer pieces`",
        Rule::kw_captures => "`captures`",
        Rule::kw_explode => "`explode`",
        Rule::kw_sparing => "`sparing`",
        Rule::explosion_decl => "`captures explode`",
        Rule::immune_word => "`immune`",
        Rule::take_word => "`take`",
        Rule::policy_never_take => "`never take`",
        Rule::kw_compulsory => "`compulsory`",
        Rule::kw_counting | Rule::counting_decl => "`counting`",
        Rule::counting_board => "`board N when no PIECE`",
        Rule::counting_bare | Rule::counting_word_bare => "`bare`",
        Rule::counting_limit => "a limit such as `16 against Rook`",
        Rule::counting_otherwise => "`N otherwise`",
        Rule::counting_word_otherwise => "`otherwise`",
        Rule::counting_when | Rule::counting_word_when_no => "`when no PIECE`",
        Rule::counting_from_pieces => "`from pieces`",
        Rule::kw_remove => "`remove`",
        Rule::kw_win => "`win`",
        Rule::kw_for => "`for`",
        Rule::draw_odds_decl => "`draws win for`",
        Rule::without_royal_decl | Rule::has_no_royal_piece => "`has no royal piece`",
        Rule::en_passant_decl | Rule::en_passant_words => "`en passant in`",
        Rule::en_passant_takes_decl | Rule::takes_word => "`en passant takes`",
        Rule::remove_decl => "`remove`",
        Rule::compulsory_decl => "`captures compulsory`",
        Rule::kw_hands | Rule::hands_decl => "`hands`",
        Rule::kw_keep | Rule::hands_keep => "`keep captures`",
        Rule::kw_demote | Rule::demote_decl => "`demote`",
        Rule::kw_promoted | Rule::demote_promoted => "`promoted`",
        Rule::kw_drop | Rule::drop_decl => "`drop`",
        Rule::drop_none => "`none`",
        Rule::kw_gate | Rule::gate_decl => "`gate`",
        Rule::kw_one_per_file => "`one-per-file`",
        Rule::n_per_file => "`2-per-file`",
        Rule::kw_no_mate => "`no-mate`",
        Rule::kw_no_check => "`no-check`",
        Rule::kw_never_stuck => "`never-stuck`",
        Rule::kw_either_face => "`either-face`",
        Rule::kw_or | Rule::promote_or_from => "`or from`",
        Rule::kw_optional | Rule::promote_optional => "`optional`",
        Rule::kw_capturing | Rule::promote_capturing => "`when capturing`",
        Rule::drop_rule => "`one-per-file`, `no-mate`, `no-check`, `never-stuck` or `never`",
        Rule::hook_decl => "`hook`",
        Rule::hook_body => "a hook's code in braces",
        Rule::hook_code => "Rhai code",
        Rule::hook_nested => "Rhai code",
        Rule::betza => "a Betza string",
        Rule::betza_move => "a Betza move",
        Rule::betza_gap => "a space",
        Rule::betza_modifier => "a modifier letter",
        Rule::betza_atom => "an atom letter such as `W` or `N`",
        Rule::betza_range => "a range",
        Rule::betza_group => "a group of legs such as `(afz)8`",
        Rule::file => "a declaration",
        Rule::item => "a declaration",
        Rule::variant_decl => "`variant`",
        Rule::import_decl => "`import`",
        Rule::sides_decl => "`sides` and two quoted names",
        Rule::board_decl => "`board`",
        Rule::board_ranks => "`ranks` and the width of each rank",
        Rule::rank_width => "a rank width",
        Rule::symmetry_decl => "`symmetry`",
        Rule::symmetry_kind => "`mirror` or `rotate`",
        Rule::region_decl => "`region`",
        Rule::region_expr => "a region",
        Rule::region_op => "`+` or `-`",
        Rule::region_term => "a region",
        Rule::ranks_term => "`rank`",
        Rule::rank_number => "a rank number or `last`",
        Rule::files_term => "`file`",
        Rule::squares_term => "`squares`",
        Rule::region_ref => "a region name",
        Rule::piece_decl => "`piece`",
        Rule::betza_string => "a quoted Betza string such as \"N\"",
        Rule::betza_text => "a Betza string",
        Rule::piece_attr => "`royal`",
        Rule::setup_decl => "`setup`",
        Rule::promotion_decl => "`promote`",
        Rule::castling_decl => "`castling`",
        Rule::castling_none | Rule::checkmate_none => "`none`",
        Rule::castling_explicit => "a king, its squares, `with`, a rook and its squares",
        Rule::castling_slide => "a king, `slides`, a distance, `with` and a rook",
        Rule::castling_any_start => {
            "a king, `to` its square, `with`, a rook, `to` its square and `from any start`"
        }
        Rule::from_any_start => "`from any start`",
        Rule::kw_shuffle | Rule::shuffle_decl => "`shuffle`",
        Rule::shuffle_rule => "`X and Y on opposite colours` or `X between Y and Z`",
        Rule::shuffle_opposite => "two pieces and `on opposite colours`",
        Rule::shuffle_between => "a piece, `between` and two pieces",
        Rule::on_opposite_colours => "`on opposite colours`",
        Rule::between_word => "`between`",
        Rule::checkmate_decl => "`checkmate`",
        Rule::checkmate_by_decl => "`checkmate by PIECE alone`",
        Rule::alone_word => "`alone`",
        Rule::checkmate_unless_decl | Rule::its_checks_include => "`unless its checks include`",
        Rule::stalemate_decl => "`stalemate`",
        Rule::game_result => "`wins`, `loses` or `draws`",
        Rule::move_rule_decl => "`move-rule`",
        Rule::walls_decl | Rule::kw_walls => "`walls`",
        Rule::petrify_decl | Rule::kw_petrify => "`captures petrify`",
        Rule::drops_compulsory_decl => "`drops compulsory`",
        Rule::castling_from_drops_decl => "`castling from drops`",
        Rule::opposite_castling_decl | Rule::opposite_wings_words => "`castling on opposite wings`",
        Rule::castling_wins_decl => "`castling … wins`",
        Rule::castling_wing => "`kingside` or `queenside`",
        Rule::kw_drops => "`drops`",
        Rule::kw_opposite_colours => "`opposite-colours`",
        Rule::kw_beside_own => "`beside-own`",
        Rule::kw_away_from_enemy => "`away-from-enemy`",
        Rule::immobile_word => "`immobile`",
        Rule::kw_enclosing => "`enclosing`",
        Rule::kw_falling => "`falling`",
        Rule::hands_unlimited => "`unlimited`",
        Rule::more_pieces => "`more pieces`",
        Rule::drops_first_decl | Rule::first_fill => "`drops first fill`",
        Rule::flip_decl | Rule::kw_flip => "`flip`",
        Rule::flip_kind | Rule::kw_enclosed | Rule::kw_adjacent => "`enclosed` or `adjacent`",
        Rule::unless_dropped_alone => "`unless dropped alone`",
        Rule::pass_decl | Rule::kw_pass => "`pass when stuck` or `pass allowed`",
        Rule::stuck_word => "`stuck`",
        Rule::allowed_word => "`allowed`",
        Rule::facing_decl | Rule::facing_royals_words => "`facing royals`",
        Rule::back_and_forth_decl | Rule::back_and_forth_words => "`moving back and forth`",
        Rule::on_points => "`on points`",
        Rule::points_entry => "a piece and its points",
        Rule::points_bonus | Rule::plus_word => "`plus N for white|black`",
        Rule::half_number => "a number of points (`2`, `1.5`)",
        Rule::within_word => "`within`",
        Rule::policy_never_hop | Rule::hop_over_words => "`never hop over`",
        Rule::full_board_decl | Rule::full_board_words => "`full board draws`",
        Rule::royal_group_decl | Rule::kw_when => "`check when the last …` or `check when every …`",
        Rule::royal_group_kind | Rule::the_last => "`the last` or `every`",
        Rule::attacked_words => "`is attacked`",
        Rule::wall_placement
        | Rule::kw_behind
        | Rule::kw_anywhere
        | Rule::kw_shot
        | Rule::kw_duck
        | Rule::kw_from_edge => "`behind`, `anywhere`, `shot`, `duck` or `from-edge`",
        Rule::kw_instead_of_moving => "`instead-of-moving`",
        Rule::move_rule_resets | Rule::kw_reset => "`reset by captures`",
        Rule::kw_by => "`by`",
        Rule::kw_and => "`and`",
        Rule::promotion_limit_decl => "`promotion-limit`",
        Rule::promotion_limit_entry => "a piece and a count",
        Rule::repetition_decl => "`repetition`",
        Rule::first_moves_decl | Rule::kw_first_moves_of => "`first moves of`",
        Rule::first_moves_in_fen => "`in FEN`",
        Rule::first_moves_lost | Rule::first_moves_lost_when => "`lost when a PIECE moves onto its rank or file`",
        Rule::first_moves_onto_line => "`moves onto its rank or file`",
        Rule::counting_at_most | Rule::counting_word_when_at_most => "`when at most N pieces`",
        Rule::counting_word_pieces => "`pieces`",
        Rule::perpetual_check_decl | Rule::perpetual_word => "`perpetual check loses`",
        Rule::chasing_decl | Rule::chasing_word => "`chasing loses`",
        Rule::chase_clause => "`A, B outrank C` or `A chased only in REGION`",
        Rule::chase_outrank | Rule::outrank_word => "`A, B outrank C`",
        Rule::chase_only_in | Rule::chased_only_in => "`A chased only in REGION`",
    }
}

/// Turns a pest error into a diagnostic. `offset` is where the parsed text
/// starts inside the source (non-zero for a Betza string inside a script).
pub fn syntax_error(
    error: &pest::error::Error<Rule>,
    source: SourceId,
    text: &str,
    offset: usize,
    what: &str,
) -> ScriptError {
    let (start, end) = match error.location {
        InputLocation::Pos(p) => (p, p),
        InputLocation::Span((s, e)) => (s, e),
    };
    let found = found_token(text, start);
    let end = if end > start {
        end
    } else {
        start + found.len()
    };
    let span = Span::new(source, offset + start, offset + end);
    if let Some(unclosed) = unclosed_string(text, start) {
        return ScriptError::new(
            Code::SyntaxUnclosedString,
            "unclosed string: a `\"` is missing",
            Span::new(source, offset + unclosed.0, offset + unclosed.1),
            "this string has no closing quote",
        )
        .with_help("strings end on the line they start: close it with `\"`");
    }
    let expected = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<&str> = positives.iter().map(|r| rule_name(*r)).collect();
            names.dedup();
            let mut seen = Vec::new();
            for n in names {
                if !seen.contains(&n) && n != "whitespace" {
                    seen.push(n);
                }
            }
            list_alternatives(&seen)
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    let label = if found.is_empty() {
        "unexpected end".to_string()
    } else {
        format!("unexpected `{found}`")
    };
    let message = if expected.is_empty() {
        format!("syntax error in {what}")
    } else {
        format!("syntax error in {what}: expected {expected}")
    };
    let help = if what == "script" {
        "each declaration starts with a keyword: variant, sides, import, board, symmetry, region, border, piece, also, restrict, first moves of, setup, promote, promotion-limit, castling, shuffle, checkmate, stalemate, move-rule, repetition, perpetual check, chasing, reaching, connecting, giving, losing, captures, hands, demote, drop, drops, gate, hook, counter, counting, en passant, checks, walls, flip, pass, full board, white/black (see README.md)"
    } else {
        "see README.md for the syntax"
    };
    ScriptError::new(Code::Syntax, message, span, label).with_help(help)
}

/// If the error's line has an odd number of quotes, the span from the
/// unmatched opening quote to the end of the line.
fn unclosed_string(text: &str, at: usize) -> Option<(usize, usize)> {
    let at = at.min(text.len());
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |i| line_start + i);
    let line = &text[line_start..line_end];
    let code = line.split('#').next().unwrap_or(line);
    let quotes: Vec<usize> = code.match_indices('"').map(|(i, _)| i).collect();
    if quotes.len() % 2 == 1 {
        let open = line_start + quotes[quotes.len() - 1];
        Some((open, line_end))
    } else {
        None
    }
}

fn found_token(text: &str, at: usize) -> &str {
    let rest = text.get(at..).unwrap_or("");
    let rest = rest.split(['\n', '\r']).next().unwrap_or("");
    let end = rest
        .char_indices()
        .find(|(i, c)| *i > 0 && (c.is_whitespace() || "\"(),=".contains(*c)))
        .map_or(rest.len(), |(i, _)| i);
    rest[..end].trim_end()
}

fn list_alternatives(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
