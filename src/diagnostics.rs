//! Script diagnostics: one error type for every mistake a script can hold,
//! and its rendering with miette.
//!
//! Library code returns [`ScriptErrors`]; only the front-ends render them.

use std::fmt;
use std::sync::Arc;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};

use crate::source::{SourceMap, Span};

/// Declares [`Code`]: each variant with its string form and its explanation
/// (the explanation is also the variant's doc).
macro_rules! codes {
    ($($variant:ident = $text:literal, $explanation:literal;)*) => {
        /// Every diagnostic code, with its stable string form
        /// ([`Code::as_str`], such as `varia::compile::unknown_piece`) and an
        /// explanation of what it means and how to fix it
        /// ([`Code::explanation`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Code {
            $(#[doc = $explanation] $variant,)*
        }

        impl Code {
            /// Every code, in the order of their string forms.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable string form, as rendered diagnostics show it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $text,)*
                }
            }

            /// What the code means and how to fix the script.
            pub fn explanation(self) -> &'static str {
                match self {
                    $(Code::$variant => $explanation,)*
                }
            }
        }
    };
}

codes! {
    BetzaAmbiguousLame = "varia::betza::ambiguous_lame",
        "The lame modifier `n` was put on an atom whose leap can be blocked along more than one path (such as a long oblique leap), so it is not clear which squares must be empty. Write the move as a multi-leg move (`a`) that names the path, or drop `n`.";
    BetzaBadGroup = "varia::betza::bad_group",
        "A parenthesised group repeated with a count adds legs to a move, so it must start with the leg operator `a`. Put `a` at the start of the group, or remove the group.";
    BetzaDoubledSlider = "varia::betza::doubled_slider",
        "An atom that already slides (R, B, Q) was doubled (`RR`); doubling means \"ride\" only for leaping atoms such as `NN`. Write the slider once.";
    BetzaEmpty = "varia::betza::empty",
        "The piece's Betza string is empty, so the piece could never move. Give it at least one atom, such as `K` or `N`.";
    BetzaHopOnLeaper = "varia::betza::hop_on_leaper",
        "The hop modifiers `p` and `g` make a piece jump over another piece along a line, so they need a riding atom (R, B, or a doubled leaper). Put them on a rider, or remove them.";
    BetzaLegDirection = "varia::betza::leg_direction",
        "In a multi-leg move every leg after the first is given relative to the step before it, so it needs a direction modifier (such as `f`, `s`, `v`). Add the direction of the later leg.";
    BetzaLocust = "varia::betza::locust",
        "Capturing in the middle of a move (`c` on a leg that is not the last, a locust capture) is not supported yet. Capture only on the last leg.";
    BetzaMultiLeg = "varia::betza::multi_leg",
        "The leg operator `a` appears where multi-leg moves are not supported yet. Write the piece's moves as single legs (leaps, slides, hops), or in a supported multi-leg form such as a repeated group `(afz)8W`.";
    BetzaMultiLegOblique = "varia::betza::multi_leg_oblique",
        "Multi-leg moves are supported for orthogonal and diagonal atoms only; this one uses an oblique atom (such as N or C). Write the move another way.";
    BetzaMultiLegSlider = "varia::betza::multi_leg_slider",
        "Each leg of a multi-leg move steps by one atom, but this leg uses a sliding atom. Use the stepping atom (W instead of R, F instead of B) with a count or a range instead.";
    BetzaNoAtom = "varia::betza::no_atom",
        "Modifiers were written with no atom after them (e.g. a Betza string ending in `f`). Modifiers come before the atom they change: add the atom, or remove the modifiers.";
    BetzaRange = "varia::betza::range",
        "A range or count in a Betza string is too large (at most 255). Use a smaller number, or the rider form for an unlimited range.";
    BetzaSpace = "varia::betza::space",
        "A space inside one Betza component (between its modifiers, its atom and its range). Spaces only separate components: write `fN`, not `f N`, and `W4`, not `W 4`.";
    BetzaTooManyComponents = "varia::betza::too_many_components",
        "A Betza string has more components (atoms with their modifiers) than the language allows (256). Write each move once; a piece with the same move twice moves no differently.";
    BetzaTooManyPaths = "varia::betza::too_many_paths",
        "A multi-leg move branches into more paths than the compiler allows. Split it into simpler moves, or give its legs narrower directions.";
    BetzaUnknownAtom = "varia::betza::unknown_atom",
        "The letter is not a Betza atom. The atoms are the leaps W F D N A H C Z G, the king K, and the sliders R B Q (a doubled leap such as NN rides); check the spelling.";
    BetzaUnknownModifier = "varia::betza::unknown_modifier",
        "The letter is not a Betza modifier. Modifiers are the directions f b l r v s, the kinds of move m c e (move, capture, en passant), and i n j p g (initial, lame, jumping, hopping); `a` joins the legs of a multi-leg move. Check the spelling.";
    BetzaUnsupportedModifier = "varia::betza::unsupported_modifier",
        "The modifier is a Betza modifier, but it does not apply to this atom or position (for example `n` or `j` on a rider, `h` on a non-oblique atom), or is not supported yet. Move it to an atom it applies to, or remove it.";
    CompileBadCastling = "varia::compile::bad_castling",
        "A castling declaration cannot be made into castling moves: a square is off the board, the squares are not on one rank, the king does not move, the king or rook lands badly, a void lies between them, or castling from any start would make more than 256 castling moves (a board of more than 11 files). Fix the squares, e.g. `castling King e1 -> g1 with Rook h1 -> f1`.";
    CompileBadChasing = "varia::compile::bad_chasing",
        "A `chasing` rule cannot be kept: its result is not `loses`, the variant has no repetition rule (chasing is judged when a repetition ends the game), no royal piece (the rule follows Fairy-Stockfish's, which looks for pins against it), or a clause names a royal piece (never chased) or a kind twice as chased only in a region. Write `chasing loses` beside a rule such as `repetition 3`, e.g. `chasing loses: Horse, Cannon outrank Chariot; Soldier chased only in far`.";
    CompileBadCheckLimit = "varia::compile::bad_check_limit",
        "The number of checks that wins (`giving N checks wins`) must be at least 1. Three-check is `giving 3 checks wins`.";
    CompileBadCheckmateRule = "varia::compile::bad_checkmate_rule",
        "A rule on which checkmates count (`checkmate by Knight alone wins`, `checkmate draws unless its checks include Knight, Rook, Bers`) cannot be kept: the variant has no checkmate (`checkmate none`, or no `checkmate` rule), or it names a royal piece, which never gives check. Declare what checkmate means (`checkmate loses`), and name the pieces that give check.";
    CompileBadConnect = "varia::compile::bad_connect",
        "A `connecting` rule names a shape no position can form: fewer than two pieces, a row or line longer than the board's longest rank or file, a block that does not fit the board (or with `along`: a block follows no line), or a chain whose region has no square for a side the rule is for. E.g. `connecting 4 wins`, `connecting 2 x 2 wins`, `white connecting file a to file h wins`.";
    CompileBadDrop = "varia::compile::bad_drop",
        "A `drop` rule cannot be kept: the variant has no `hands`, a piece gets two drop rules in one file, or the drop region (with `never-stuck`) leaves the piece no square to be dropped on. Declare `hands`, give each piece one drop rule, or widen its region.";
    CompileBadEnPassant = "varia::compile::bad_en_passant",
        "`en passant takes` cannot be kept: it names a piece with no move that passes squares a capture en passant could land on (a straight lame leap such as `ifmnD`, or a ride of more than one step, without capturing), or no piece of the variant captures en passant (an `e` move, such as the pawn's `fceF`). Name the pieces that double-step, and give a piece an `e` move.";
    CompileBadFacing = "varia::compile::bad_facing",
        "A `facing royals` rule cannot be kept: the side to move must break a facing or pass, so the variant needs `pass allowed` and a royal piece. Add `pass allowed`, or drop the rule.";
    CompileBadFirstMoves = "varia::compile::bad_first_moves",
        "A `first moves of` rule names a piece with no first moves: none of its moves is an `i` move (`also King \"ifsmN\"`), so nothing is written in FEN or lost for it. Give the piece its first moves, or leave it out.";
    CompileBadGoal = "varia::compile::bad_goal",
        "A goal asks for more pieces at once (`reaching camp with 3 Knight wins`) than its region has squares, or for none, or for several with `unless answered` (Racing Kings' rule, for one piece). Count from 1 to the number of the region's squares.";
    CompileBadHand = "varia::compile::bad_hand",
        "A `demote` rule cannot be kept: the variant has no `hands`, a royal piece is demoted or demoted to (a royal piece never enters a hand), or `demote promoted` is used in a variant where nothing promotes. Declare `hands`, or fix the pieces named.";
    CompileBadPerpetualCheck = "varia::compile::bad_perpetual_check",
        "A `perpetual check` rule cannot be kept: its result is not `loses`, or the variant has no repetition rule (perpetual check is judged when a repetition ends the game), or no royal piece (nothing can be checked). Write `perpetual check loses` beside a rule such as `repetition 3`, in a variant with a royal piece.";
    CompileBadPetrify = "varia::compile::bad_petrify",
        "`captures petrify` names a royal piece, which would leave the board by capturing. Give the royal piece no captures (`piece King K \"mK\" royal`, as Petrified chess's king) and leave it out of the list.";
    CompileBadPoints = "varia::compile::bad_points",
        "A `draws win on points` rule cannot be kept: a bonus that is neither a whole number nor a half (`1.5`), a piece named twice, or too many points (at most 1,000,000 each). Give each piece one whole number of points, and the bonus in whole or half points.";
    CompileBadPromotion = "varia::compile::bad_promotion",
        "A promotion rule cannot be kept: a piece promotes to its own kind, or a royal piece promotes to a piece that is not royal (the side would lose its royal piece by moving it), or a `promotion-limit` names a piece nothing promotes to or a limit of 0. Promote to other kinds, and a royal piece only to royal ones.";
    CompileBadRepetition = "varia::compile::bad_repetition",
        "A repetition rule needs a count of at least 2, since a position occurs once before it repeats. Threefold repetition is `repetition 3`.";
    CompileBadRestriction = "varia::compile::bad_restriction",
        "A `restrict` rule cannot be kept: `never take` names a royal piece, which is in check from every attack, so no piece may be barred from taking it. Make the piece not royal (an extinction rule such as `losing every King loses`) to bar the capture.";
    CompileBadRoyalGroup = "varia::compile::bad_royal_group",
        "A royal group (`check when the last King, Prince is attacked`, `check when every King is attacked`) cannot be kept: it names a piece declared `royal`, whose every piece is royal on its own, or a piece another group names already. Take `royal` off the piece, or name each piece in one group.";
    CompileBadSetup = "varia::compile::bad_setup",
        "The setup (a FEN) cannot be read, or is not a legal start position of the variant: a rank of the wrong width, an unknown letter, a piece on a void, a castling right without its king and rook, an impossible en passant field, a side without its royal piece, or the side not to move in check. Fix the field the diagnostic points at.";
    CompileBadShuffle = "varia::compile::bad_shuffle",
        "A `shuffle` declaration cannot make random start arrays: its region holds no piece of the setup, a rule names a piece that the shuffled squares do not hold exactly as often as the rule needs (`Bishop and Bishop on opposite colours`: two bishops; `Queen and Archbishop …`: one of each; `King between Rook and Rook`: one king, two rooks), Black's pieces do not mirror White's there, or no array of those pieces keeps the rules. Fix the region, the rules or the setup; Chess960 is `shuffle rank 1 with Bishop and Bishop on opposite colours, King between Rook and Rook`.";
    CompileBadWalls = "varia::compile::bad_walls",
        "`walls` cannot be kept: the variant also has `hands`, and a move that drops or gates a piece would also have to place a wall (Fairy-Stockfish refuses the pair too). Take out `hands` or `walls`.";
    CompileBoardRanks = "varia::compile::board_ranks",
        "A board given by its rank widths (`ranks 3 5 7 …`) needs exactly one width per rank, each at least 1, at most the number of files, and centrable on the middle file. Fix the widths, or describe the board with `without`.";
    CompileBoardSize = "varia::compile::board_size",
        "The board size is not supported: boards run from 2 files and 1 rank (1D chess) up to 26 files, with at most 256 squares, and at least two squares must remain after `without`. Choose a size in range.";
    CompileCountTooLarge = "varia::compile::count_too_large",
        "A count of moves, repetitions or checks (`move-rule`, `repetition`, `giving N checks`) or a counter's start value is larger than the language allows (1000000). Use a smaller number; a rule that should never apply can be left out.";
    CompileDuplicate = "varia::compile::duplicate",
        "The same thing (a piece, region, border, hook, counter, or a single declaration such as the board) is declared twice in one file. Keep one of them; a script may override what it imports, but not itself.";
    CompileDuplicateLetter = "varia::compile::duplicate_letter",
        "Two pieces use the same FEN letter, so a FEN could not tell them apart. Give each piece its own letter.";
    CompileImportCycle = "varia::compile::import_cycle",
        "A module imports itself, directly or through other modules. Remove one of the imports in the cycle.";
    CompileMissingBoard = "varia::compile::missing_board",
        "The script (with its imports) declares no board. Add one, e.g. `board 8 x 8`.";
    CompileMissingRook = "varia::compile::missing_rook",
        "Castling names a king or rook that the setup does not have where the castling needs it. Put the pieces in the setup, fix the castling squares, or write `castling none`.";
    CompileMissingSetup = "varia::compile::missing_setup",
        "The script (with its imports) declares no start position. Add one as a FEN, e.g. `setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"`.";
    CompileNoRoyalPiece = "varia::compile::no_royal_piece",
        "Checkmate ends the game, but no piece is royal, so nothing can be checkmated. Mark the king-like piece `royal`, or declare no checkmate rule.";
    CompileTooManyCounters = "varia::compile::too_many_counters",
        "A variant has at most four counters (including the one a check limit keeps). Remove a counter.";
    CompileTooManyPieces = "varia::compile::too_many_pieces",
        "A variant has more piece types than the VM supports. Remove some piece declarations, or import fewer pieces.";
    CompileTooManyRegions = "varia::compile::too_many_regions",
        "The variant declares more regions and borders than the language allows (1024, with its imports). Merge regions, or remove the ones no rule uses.";
    CompileUnknownModule = "varia::compile::unknown_module",
        "An `import` names a module the stdlib does not have. The help lists the modules there are; check the spelling.";
    CompileUnknownPiece = "varia::compile::unknown_piece",
        "A rule names a piece that is not declared. Declare it with `piece Name L \"betza\"`, import it, or check the spelling.";
    HookSyntax = "varia::hook::syntax",
        "The body of a Rhai hook does not compile. Fix the Rhai code at the place shown.";
    HookUnknownFunction = "varia::hook::unknown_function",
        "A hook calls a function or method that does not exist, or with a number of arguments no function of that name takes, or one hooks may not use (`sleep`). Hooks call Rhai's standard functions, the hook API (README.md, Hooks: `pos.count`, `put`, `win`, …) and the functions the hook defines itself. Check the spelling and the arguments; a function held in a variable is called with `f.call(…)`.";
    HookUnknownName = "varia::hook::unknown_name",
        "A hook writes a name the variant does not have where the hook API takes a piece, colour, region, counter or square (`pos.count(\"white\", \"Quen\")`, `put(sq, \"Quen\", \"white\")`, a promotion hook's choices), or compares a move's or piece's field with one (`mv.piece == \"Pwn\"`, `mv.kind == \"castel\"`). Such a call would fail, or the comparison never hold. Check the spelling: names are as the script declares them, colours are \"white\" and \"black\".";
    HookUnknownPoint = "varia::hook::unknown_point",
        "A hook is declared for a point where no hook runs. Hooks run at game-end, move-filter, after-move or promotion.";
    HookUnknownProperty = "varia::hook::unknown_property",
        "A hook reads a property `pos` does not have (it has `side`, `in_check` and `history_len`; the rest are methods, called with parentheses: `pos.legal_moves()`), or a field `mv` does not have (`from`, `to`, `piece`, `color`, `captured`, `promotion`, `kind`), or uses `mv` in the game-end hook, which has no move (`pos.last_move()` is the move just played). Check the spelling.";
    Internal = "varia::internal",
        "The parser and the syntax-tree builder disagree about a script: this is a bug in varia, not in the script. Please report it with the script that shows it.";
    RegionCycle = "varia::region::cycle",
        "A region is defined in terms of itself, directly or through other regions. Define one of the regions in the cycle from squares, files or ranks instead.";
    RegionOffBoard = "varia::region::off_board",
        "A region names a square, file or rank that is not on the board. Use only squares of the board.";
    RegionTooDeep = "varia::region::too_deep",
        "A region is built from other regions or parenthesised groups more deeply than the language allows (32 levels, counting each group and each reference to another region). Define one of the regions in the chain from squares, files or ranks instead.";
    RegionUnknown = "varia::region::unknown",
        "A region expression refers to a region that is not declared. Declare it with `region name = …`, or check the spelling.";
    RegionUnknownBorder = "varia::region::unknown_border",
        "A rule refers to a border that is not declared. Declare it with `border name = …`, or check the spelling.";
    RegionVoidSquare = "varia::region::void_square",
        "A region names a void square (a cell removed from the board), where no piece can ever stand. Leave the void out of the region.";
    Syntax = "varia::syntax",
        "The script does not follow the grammar at this place. The message says what was expected; check for a misspelled keyword or a missing part.";
    SyntaxBoardRanks = "varia::syntax::board_ranks",
        "`ranks` in a board declaration must be followed by the width of every rank. Give the widths, e.g. `board 7 x 4 ranks 1 3 5 7`, or drop `ranks`.";
    SyntaxNesting = "varia::syntax::nesting",
        "Parentheses (in a region) or braces (in a hook) are nested more deeply than the language allows (64 levels). Write the region or the hook code flatter, e.g. name a part of it as a region of its own.";
    SyntaxNumber = "varia::syntax::number",
        "A number in the script is too large to be read. Use a smaller number.";
    SyntaxScriptTooLarge = "varia::syntax::script_too_large",
        "The script is larger than the language allows (1 MiB). Real variants take a few kilobytes; split out what is generated, or write it shorter.";
    SyntaxUnclosedString = "varia::syntax::unclosed_string",
        "A string has no closing quote, so the rest of the line is read as part of it. Add the missing `\"`.";
}

/// The candidate closest to a misspelled `name` (by edit distance,
/// ignoring case), if one is close enough to be what was meant: at most
/// one edit for names of up to four characters, a third of the name's
/// length for longer ones.
///
/// # Examples
/// ```
/// use varia::diagnostics::closest;
///
/// assert_eq!(closest("Quen", ["King", "Queen", "Rook"]), Some("Queen"));
/// assert_eq!(closest("Archer", ["King", "Queen"]), None);
/// ```
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = name.to_lowercase();
    let allowed = (name.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .filter(|c| *c != name)
        .map(|c| (edit_distance(&lower, &c.to_lowercase()), c))
        .filter(|&(d, _)| d <= allowed)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// Levenshtein distance in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

impl Code {
    /// The code with this string form (`varia::compile::bad_setup`), if any.
    pub fn from_code_str(text: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == text)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One mistake in a script, with where it is and how to fix it. (Boxed,
/// so that results carrying it stay small; its fields are read through
/// [`ScriptErrorData`].)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError(Box<ScriptErrorData>);

/// The contents of a [`ScriptError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptErrorData {
    /// A stable code, such as [`Code::CompileUnknownPiece`].
    pub code: Code,
    /// The one-line message.
    pub message: String,
    /// The offending text.
    pub span: Span,
    /// What the label under the offending text says.
    pub label: String,
    /// A hint on how to fix it.
    pub help: Option<String>,
    /// Further places that explain the error (e.g. a first definition).
    pub notes: Vec<(Span, String)>,
}

impl std::ops::Deref for ScriptError {
    type Target = ScriptErrorData;

    fn deref(&self) -> &ScriptErrorData {
        &self.0
    }
}

impl ScriptError {
    /// A new error with a label and no help.
    pub fn new(
        code: Code,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
    ) -> ScriptError {
        ScriptError(Box::new(ScriptErrorData {
            code,
            message: message.into(),
            span,
            label: label.into(),
            help: None,
            notes: Vec::new(),
        }))
    }

    /// Adds a hint.
    pub fn with_help(mut self, help: impl Into<String>) -> ScriptError {
        self.0.help = Some(help.into());
        self
    }

    /// Adds a secondary labelled place.
    pub fn with_note(mut self, span: Span, label: impl Into<String>) -> ScriptError {
        self.0.notes.push((span, label.into()));
        self
    }
}

/// All the errors found in one compilation, with the sources they point into.
#[derive(Clone, Debug)]
pub struct ScriptErrors {
    /// The errors, in the order they were found.
    pub errors: Vec<ScriptError>,
    /// The sources their spans refer to.
    pub sources: SourceMap,
}

impl ScriptErrors {
    /// Renders every error as miette draws it, without colour, at width 80.
    /// This is the form the snapshot tests pin.
    pub fn render_plain(&self) -> String {
        self.render(
            GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(80),
        )
    }

    /// Renders every error for a terminal (colour where the terminal supports it).
    pub fn render_for_terminal(&self) -> String {
        let handler = if supports_color() {
            GraphicalReportHandler::new_themed(GraphicalTheme::unicode())
        } else {
            GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        };
        self.render(handler)
    }

    fn render(&self, handler: GraphicalReportHandler) -> String {
        let mut out = String::new();
        for error in &self.errors {
            let located = LocatedError::new(error, &self.sources);
            if handler.render_report(&mut out, &located).is_err() {
                out.push_str(&error.message);
                out.push('\n');
            }
        }
        let n = self.errors.len();
        if n > 1 {
            out.push_str(&format!("{n} errors\n"));
        }
        out
    }
}

impl fmt::Display for ScriptErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.errors.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            let file = self.sources.file(error.span.source);
            let (line, col) = line_col(&file.text, error.span.start as usize);
            write!(f, "{}:{}:{}: {}", file.name, line, col, error.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for ScriptErrors {}

/// The 1-based line and column of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn supports_color() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}

/// One error joined with its source file, as miette renders it.
#[derive(Debug)]
struct LocatedError {
    code: Code,
    message: String,
    help: Option<String>,
    labels: Vec<LabeledSpan>,
    source: NamedSource<Arc<str>>,
    other_file_notes: Vec<String>,
}

impl LocatedError {
    fn new(error: &ScriptError, sources: &SourceMap) -> LocatedError {
        let mut labels = vec![LabeledSpan::new_primary_with_span(
            Some(error.label.clone()),
            error.span.to_source_span(),
        )];
        let mut other_file_notes = Vec::new();
        for (span, label) in &error.notes {
            if span.source == error.span.source {
                labels.push(LabeledSpan::new_with_span(
                    Some(label.clone()),
                    span.to_source_span(),
                ));
            } else {
                let file = sources.file(span.source);
                let (line, col) = line_col(&file.text, span.start as usize);
                other_file_notes.push(format!("{label} ({}:{line}:{col})", file.name));
            }
        }
        let mut help = error.help.clone();
        if !other_file_notes.is_empty() {
            let notes = other_file_notes.join("; ");
            help = Some(match help {
                Some(h) => format!("{h}\n{notes}"),
                None => notes,
            });
        }
        LocatedError {
            code: error.code,
            message: error.message.clone(),
            help,
            labels,
            source: sources.named_source(error.span.source),
            other_file_notes,
        }
    }
}

impl fmt::Display for LocatedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LocatedError {}

impl Diagnostic for LocatedError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let _ = &self.other_file_notes;
        Some(Box::new(self.labels.iter().cloned()))
    }
}

#[cfg(test)]
mod tests {
    use super::Code;

    #[test]
    fn codes_are_listed_in_the_order_of_their_strings() {
        let strings: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        let mut sorted = strings.clone();
        sorted.sort();
        assert_eq!(strings, sorted, "keep the `codes!` list sorted by string");
    }

    #[test]
    fn code_strings_are_unique_and_explained() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL {
            assert!(seen.insert(code.as_str()), "{} twice", code.as_str());
            assert!(code.as_str().starts_with("varia::"), "{code}");
            assert!(!code.explanation().trim().is_empty(), "{code} unexplained");
            assert_eq!(Code::from_code_str(code.as_str()), Some(*code));
        }
    }

    /// Every code is written as a string only here: the rest of `src/`
    /// names the enum.
    #[test]
    fn code_strings_appear_only_in_the_enum() {
        fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for entry in std::fs::read_dir(dir).expect("src/ is readable") {
                let path = entry.expect("a directory entry").path();
                if path.is_dir() {
                    rust_files(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    out.push(path);
                }
            }
        }
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        assert!(files.len() > 10, "found the sources");
        for path in files {
            if path.ends_with("diagnostics.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            for code in Code::ALL {
                let literal = format!("\"{}\"", code.as_str());
                assert!(
                    !text.contains(&literal),
                    "{} writes the code {literal} as a string; use Code::{code:?}",
                    path.display()
                );
            }
            assert!(
                !text.contains("\"varia::"),
                "{} writes a diagnostic code as a string",
                path.display()
            );
        }
    }
}
