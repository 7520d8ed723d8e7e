//! The syntax tree of a variant file: data only, every node with its span.

use crate::source::{SourceId, Span, Spanned};

/// One parsed `.variant` file.
#[derive(Clone, Debug)]
pub struct File {
    /// The source it came from.
    pub source: SourceId,
    /// Its declarations, in order.
    pub items: Vec<Item>,
}

/// One top-level declaration.
#[derive(Clone, Debug)]
pub enum Item {
    /// `variant "Name"`.
    Variant(Spanned<String>),
    /// `sides "Red" "Black"`: the names of White and Black.
    Sides(Spanned<String>, Spanned<String>),
    /// `import module`.
    Import(Spanned<String>),
    /// `board F x R [ranks W…] [without REGION]`.
    Board(BoardDecl),
    /// `symmetry mirror|rotate`.
    Symmetry(Spanned<Symmetry>),
    /// `region name = REGION`.
    Region(RegionDecl),
    /// `piece Name L "betza" [royal]`.
    Piece(PieceDecl),
    /// `setup "FEN"`.
    Setup(Spanned<String>),
    /// `promote Piece in REGION to A, B`.
    Promotion(PromotionDecl),
    /// `castling …`.
    Castling(CastlingDecl),
    /// `checkmate wins|loses|draws`, or `checkmate none` (`None`).
    Checkmate(Spanned<Option<GameResult>>),
    /// `checkmate by A, B alone wins|loses|draws`.
    CheckmateBy(CheckmateRuleDecl),
    /// `checkmate wins|loses|draws unless its checks include A, B`.
    CheckmateUnless(CheckmateRuleDecl),
    /// `only promotions with King, Pawn alone draws`: a side not in check
    /// with these pieces alone on the board, one of each, whose every
    /// legal move is a promotion (Sittuyin's rule 3.9 c.7).
    PromotionsOnly(CheckmateRuleDecl),
    /// `stalemate wins|loses|draws`, and whether `with fewer pieces`
    /// follows (the result then holds for the side with fewer pieces).
    Stalemate(Spanned<GameResult>, bool),
    /// `move-rule N`, and the pieces named after `reset by captures and`
    /// (`Some` when `reset by captures` is written: only those pieces'
    /// moves reset the count, not the promotable pieces').
    MoveRule(Spanned<u32>, Option<Vec<Spanned<String>>>),
    /// `promotion-limit A N, B M`: each piece named with the count its side
    /// must have fewer of on the board to promote to it; the declaration's span.
    PromotionLimit(Vec<(Spanned<String>, Spanned<u32>)>, Span),
    /// `repetition N [wins|loses|draws [for white|black]]`.
    Repetition(Spanned<u32>, Option<RepetitionValue>),
    /// `perpetual check wins|loses|draws` (only `loses` compiles): the
    /// result, and the declaration's span.
    PerpetualCheck(Spanned<GameResult>, Span),
    /// `chasing wins|loses|draws[: CLAUSE; …]` (only `loses` compiles).
    Chasing(ChasingDecl),
    /// `border name = REGION`.
    Border(RegionDecl),
    /// `restrict [white|black] A, B: POLICY`.
    Restrict(RestrictDecl),
    /// `also Piece "betza" [from REGION] [against royal]`.
    Also(AlsoDecl),
    /// `first moves of A, B in FEN` / `first moves of A lost when a B
    /// moves onto its rank or file`.
    FirstMoves(FirstMovesDecl),
    /// `hook POINT { code }`.
    Hook(HookDecl),
    /// `counter name = N`.
    Counter(Spanned<String>, Spanned<u32>),
    /// `reaching REGION with A, B wins|loses|draws`.
    Goal(GoalDecl),
    /// `connecting N wins|loses|draws` and its other shapes.
    Connect(ConnectDecl),
    /// `giving N checks wins|loses|draws`.
    CheckLimit(Spanned<u32>, Spanned<GameResult>),
    /// `losing every A, B wins|loses|draws`, `losing all but N A …`.
    Extinction(ExtinctionDecl),
    /// `counting board N when no A` or `counting bare [from pieces] when no A: …`.
    Counting(CountingDecl),
    /// `captures explode [sparing A, B] [immune C]`: the spared pieces, the
    /// immune ones, and the declaration's span.
    Explosion(Vec<Spanned<String>>, Vec<Spanned<String>>, Span),
    /// `captures compulsory`, and the declaration's span.
    CompulsoryCapture(Span),
    /// `hands [keep captures|unlimited]`, and the declaration's span.
    Hands(HandsKind, Span),
    /// `demote A, B to C` or `demote promoted to C`.
    Demote(DemoteDecl),
    /// `drop A, B [in REGION] [one-per-file] [no-mate] [never-stuck]`.
    Drop(DropDecl),
    /// `drop none`: no drops (pieces in hand enter only by gating).
    DropNone(Span),
    /// `drops compulsory`.
    DropsCompulsory(Span),
    /// `castling from drops`.
    CastlingFromDrops(Span),
    /// `gate [A, B] in REGION`.
    Gate(GateDecl),
    /// `draws win for white|black`, and the declaration's span.
    DrawOdds(Side, Span),
    /// `draws win for more pieces`, and the declaration's span.
    DrawsToMorePieces(Span),
    /// `draws win on points A 13, B 7 [plus 1.5 for black]`.
    DrawsOnPoints(PointsDecl),
    /// `pass allowed`.
    PassAllowed(Span),
    /// `facing royals draws`: the result, and the declaration's span.
    FacingRoyals(Spanned<GameResult>, Span),
    /// `moving back and forth loses`: the result, and the declaration's span.
    BackAndForth(Spanned<GameResult>, Span),
    /// `drops first fill REGION`, or one side's (`white drops first fill …`).
    DropsFirst(Option<Side>, RegionExpr, Span),
    /// `flip enclosed|adjacent`.
    Flip(Spanned<FlipKind>),
    /// `pass when stuck`.
    PassWhenStuck(Span),
    /// `full board draws`.
    FullBoardDraws(Span),
    /// `checks forbidden`.
    ChecksForbidden(Span),
    /// `castling on opposite wings`.
    OppositeCastling(Span),
    /// `castling queenside wins for black`.
    CastlingWins(CastlingWinsDecl),
    /// `white has no royal piece`.
    WithoutRoyal(Side, Span),
    /// `en passant in REGION`.
    EnPassantRegion(RegionExpr, Span),
    /// `en passant takes A, B`: the pieces named, and the declaration's span.
    EnPassantTakes(Vec<Spanned<String>>, Span),
    /// `remove A, B`: imported pieces taken out, and the declaration's span.
    Remove(Vec<Spanned<String>>, Span),
    /// `walls behind|anywhere|shot|duck|from-edge [in REGION] [instead-of-moving]`.
    Walls(WallsDecl),
    /// `captures petrify A, B`: the pieces named, and the declaration's span.
    Petrify(Vec<Spanned<String>>, Span),
    /// `check when the last A, B is attacked` / `check when every A is
    /// attacked`: the pieces named, and whether `every`.
    RoyalGroup(Vec<Spanned<String>>, bool, Span),
    /// `shuffle REGION [with RULE, …]`.
    Shuffle(ShuffleDecl),
}

impl Item {
    /// The span of the whole declaration's key part (for diagnostics).
    pub fn span(&self) -> Span {
        match self {
            Item::Variant(s) | Item::Import(s) | Item::Setup(s) => s.span,
            Item::Sides(w, _) => w.span,
            Item::Board(b) => b.span,
            Item::Symmetry(s) => s.span,
            Item::Region(r) => r.span,
            Item::Piece(p) => p.span,
            Item::Promotion(p) => p.span,
            Item::Castling(c) => c.span,
            Item::Checkmate(r) => r.span,
            Item::CheckmateBy(c) | Item::CheckmateUnless(c) | Item::PromotionsOnly(c) => c.span,
            Item::Stalemate(r, _) => r.span,
            Item::MoveRule(n, _) | Item::Repetition(n, _) => n.span,
            Item::Border(b) => b.span,
            Item::Restrict(r) => r.span,
            Item::Also(a) => a.span,
            Item::FirstMoves(f) => f.span,
            Item::Hook(h) => h.point.span,
            Item::Counter(n, _) => n.span,
            Item::Goal(g) => g.span,
            Item::Connect(c) => c.span,
            Item::CheckLimit(n, _) => n.span,
            Item::Extinction(e) => e.span,
            Item::Counting(c) => c.span,
            Item::Explosion(_, _, span) | Item::Hands(_, span) => *span,
            Item::Flip(f) => f.span,
            Item::DrawsToMorePieces(span)
            | Item::PassWhenStuck(span)
            | Item::PassAllowed(span)
            | Item::FacingRoyals(_, span)
            | Item::BackAndForth(_, span)
            | Item::FullBoardDraws(span)
            | Item::DropsFirst(_, _, span) => *span,
            Item::PromotionLimit(_, span) => *span,
            Item::CompulsoryCapture(span) => *span,
            Item::Demote(d) => d.span,
            Item::Drop(d) => d.span,
            Item::DropNone(span) | Item::DropsCompulsory(span) | Item::CastlingFromDrops(span) => {
                *span
            }
            Item::Gate(g) => g.span,
            Item::Walls(w) => w.span,
            Item::Petrify(_, span) => *span,
            Item::RoyalGroup(_, _, span) => *span,
            Item::Shuffle(s) => s.span,
            Item::DrawsOnPoints(p) => p.span,
            Item::Remove(_, span)
            | Item::DrawOdds(_, span)
            | Item::WithoutRoyal(_, span)
            | Item::ChecksForbidden(span)
            | Item::OppositeCastling(span)
            | Item::PerpetualCheck(_, span)
            | Item::Chasing(ChasingDecl { span, .. })
            | Item::EnPassantRegion(_, span)
            | Item::EnPassantTakes(_, span) => *span,
            Item::CastlingWins(c) => c.span,
        }
    }
}

/// `board 8 x 8`, `board 11 x 10 ranks 3 5 7 9 11 11 9 7 5 3`,
/// `board 8 x 8 without squares d4 e4`.
#[derive(Clone, Debug)]
pub struct BoardDecl {
    /// Number of files.
    pub files: Spanned<u32>,
    /// Number of ranks.
    pub ranks: Spanned<u32>,
    /// `ranks 3 5 7 …`: how many squares each rank has, centred on the middle file.
    pub rank_widths: Option<RankWidths>,
    /// Squares removed from the rectangle (besides those outside the rank widths).
    pub without: Option<RegionExpr>,
    /// The whole declaration.
    pub span: Span,
}

/// `ranks 3 5 7 9 11 11 9 7 5 3`: the number of squares of each rank, from
/// rank 1 up; each rank's squares are centred on the board's middle file.
#[derive(Clone, Debug)]
pub struct RankWidths {
    /// One width per rank, rank 1 first.
    pub widths: Vec<Spanned<u32>>,
    /// The list of widths (from the first number to the last).
    pub span: Span,
}

/// How Black's army and regions follow from White's, as written
/// (`symmetry mirror` or `symmetry rotate`); the compiler lowers it to
/// the IR's own `Symmetry`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Reflection across the middle rank (orthodox chess).
    Mirror,
    /// Rotation by 180 degrees.
    Rotate,
}

/// `region name = …`.
#[derive(Clone, Debug)]
pub struct RegionDecl {
    /// The region's name.
    pub name: Spanned<String>,
    /// Its squares.
    pub expr: RegionExpr,
    /// The whole declaration.
    pub span: Span,
}

/// A set of squares: terms joined by `+` (union) and `-` (difference), left to right.
#[derive(Clone, Debug)]
pub struct RegionExpr {
    /// The first term.
    pub first: RegionTerm,
    /// The following operators and terms.
    pub rest: Vec<(RegionOp, RegionTerm)>,
    /// The whole expression.
    pub span: Span,
}

/// `+` or `-` between region terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionOp {
    /// Union.
    Union,
    /// Difference.
    Difference,
}

/// One term of a region expression.
#[derive(Clone, Debug)]
pub enum RegionTerm {
    /// `rank 8`, `ranks 6..8`, `rank last`.
    Ranks {
        /// First rank.
        from: Spanned<RankNumber>,
        /// Last rank, if a range.
        to: Option<Spanned<RankNumber>>,
    },
    /// `file h`, `files a..c`.
    Files {
        /// First file.
        from: Spanned<char>,
        /// Last file, if a range.
        to: Option<Spanned<char>>,
    },
    /// `squares e4 d5 a2..a9`: squares, and ranges (the rectangle
    /// between two corners).
    Squares(Vec<(Spanned<String>, Option<Spanned<String>>)>),
    /// A named region.
    Ref(Spanned<String>),
    /// `( … )`.
    Group(Box<RegionExpr>),
}

/// A rank in a region: a number or `last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankNumber {
    /// Rank `n`, counted from 1 on White's side.
    Number(u32),
    /// The last rank of the board.
    Last,
}

/// `piece Knight N "N"`.
#[derive(Clone, Debug)]
pub struct PieceDecl {
    /// The piece's name.
    pub name: Spanned<String>,
    /// Its FEN letter (upper case).
    pub letter: Spanned<char>,
    /// Whether FEN writes a `+` before the letter (`+P`, shogi's promoted pieces).
    pub plus_mark: bool,
    /// The text of its Betza string (the span excludes the quotes).
    pub betza: Spanned<String>,
    /// The parsed Betza string.
    pub moves: Vec<BetzaMove>,
    /// Whether it is royal (may not be left attacked; checkmate targets it).
    pub royal: bool,
    /// The whole declaration.
    pub span: Span,
}

/// One component of a Betza string: modifiers, an atom and a repeat count.
#[derive(Clone, Debug)]
pub struct BetzaMove {
    /// The modifier letters, each with its span.
    pub modifiers: Vec<Spanned<char>>,
    /// A repeated group of legs written before the atom (`(afz)8`).
    pub group: Option<BetzaGroup>,
    /// The atom letter.
    pub atom: Spanned<char>,
    /// How far it repeats.
    pub repeat: BetzaRepeat,
    /// The whole component.
    pub span: Span,
}

/// The component as written: `fmnD`, `(afz)8W`, `W4`, `NN`.
impl std::fmt::Display for BetzaMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let letters = |ms: &[Spanned<char>]| ms.iter().map(|m| m.value).collect::<String>();
        f.write_str(&letters(&self.modifiers))?;
        if let Some(group) = &self.group {
            write!(f, "({}){}", letters(&group.modifiers), group.max.value)?;
        }
        write!(f, "{}", self.atom.value)?;
        match &self.repeat {
            BetzaRepeat::Once => Ok(()),
            BetzaRepeat::Doubled(_) => write!(f, "{}", self.atom.value),
            BetzaRepeat::Range(n) => write!(f, "{}", n.value),
        }
    }
}

/// `(afz)8`: legs that may follow, up to `max` times.
#[derive(Clone, Debug)]
pub struct BetzaGroup {
    /// The modifier letters inside the parentheses.
    pub modifiers: Vec<Spanned<char>>,
    /// The most repetitions (0: no limit).
    pub max: Spanned<u32>,
    /// The whole group.
    pub span: Span,
}

/// How far a Betza component repeats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BetzaRepeat {
    /// The atom itself (a leap, or for R, B, Q a slide).
    Once,
    /// The atom written twice (`NN`): a rider without limit.
    Doubled(Span),
    /// A number (`W4`): at most that many steps, `0` for no limit.
    Range(Spanned<u32>),
}

/// `promote Pawn in rank last to Queen, Rook`.
#[derive(Clone, Debug)]
pub struct PromotionDecl {
    /// `promote white …` / `promote black …`: one side only (both without).
    pub side: Option<Side>,
    /// The piece that promotes.
    pub piece: Spanned<String>,
    /// Where (from White's side).
    pub region: RegionExpr,
    /// `in or from`: a move that starts in the region promotes too.
    pub from_too: bool,
    /// Into what.
    pub choices: Vec<Spanned<String>>,
    /// `when capturing`: only a capture promotes (Micro shogi's pieces
    /// turn over as they take).
    pub capturing: bool,
    /// `optional`: the move may also decline (where the piece can move again).
    pub optional: bool,
    /// `optional anywhere`: even where the piece could never move again.
    pub optional_anywhere: bool,
    /// `in place …`: the promotion is a move of its own, of a piece
    /// standing in the region (Sittuyin's pawns).
    pub in_place: Option<InPlace>,
    /// The whole declaration.
    pub span: Span,
}

/// The words after `in place` in a `promote` declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InPlace {
    /// `or by its move`: also onto an empty square the new piece attacks.
    pub by_its_move: bool,
    /// `anywhere if last`: the side's last piece of the kind promotes anywhere.
    pub anywhere_if_last: bool,
    /// `never attacking`: the new piece may not attack an enemy piece.
    pub never_attacking: bool,
    /// `never checking`: the move may not give check.
    pub never_checking: bool,
    /// `in place` and what follows.
    pub span: Span,
}

/// A castling declaration.
#[derive(Clone, Debug)]
pub struct CastlingDecl {
    /// Which form.
    pub kind: CastlingKind,
    /// The whole declaration.
    pub span: Span,
}

/// The forms of castling declaration.
#[derive(Clone, Debug)]
pub enum CastlingKind {
    /// `castling none`: removes imported castling rules.
    None,
    /// `castling [white|black] King e1 -> g1 with Rook h1 -> f1` (White's
    /// squares).
    Explicit {
        /// `castling white …`: that side's castling only.
        side: Option<Side>,
        /// The king-like piece.
        king: Spanned<String>,
        /// Its start square.
        king_from: Spanned<String>,
        /// Its destination.
        king_to: Spanned<String>,
        /// The rook-like piece.
        rook: Spanned<String>,
        /// Its start square.
        rook_from: Spanned<String>,
        /// Its destination.
        rook_to: Spanned<String>,
    },
    /// `castling King to g1 with Rook to f1 from any start` (White's
    /// squares): Chess960's castling, from any squares of that rank.
    AnyStart {
        /// The king-like piece.
        king: Spanned<String>,
        /// Its destination.
        king_to: Spanned<String>,
        /// The rook-like piece.
        rook: Spanned<String>,
        /// Its destination.
        rook_to: Spanned<String>,
    },
    /// `castling King slides 2 with Rook`: toward the outermost rook on
    /// each side of the king's setup square; the rook lands next to the king.
    Slide {
        /// The king-like piece.
        king: Spanned<String>,
        /// How many squares the king moves.
        distance: Spanned<u32>,
        /// The rook-like piece.
        rook: Spanned<String>,
    },
}

/// `shuffle rank 1 with Bishop and Bishop on opposite colours, King
/// between Rook and Rook`: a random start array.
#[derive(Clone, Debug)]
pub struct ShuffleDecl {
    /// The squares whose pieces change places (White's).
    pub region: RegionExpr,
    /// What the arrays must keep.
    pub rules: Vec<ShuffleRule>,
    /// The whole declaration.
    pub span: Span,
}

/// One rule a shuffled array keeps.
#[derive(Clone, Debug)]
pub enum ShuffleRule {
    /// `A and B on opposite colours`.
    OppositeColours {
        /// The first piece.
        first: Spanned<String>,
        /// The second piece (the same name for two pieces of one kind).
        second: Spanned<String>,
        /// The rule.
        span: Span,
    },
    /// `A between B and C`.
    Between {
        /// The piece in the middle.
        middle: Spanned<String>,
        /// One piece beside it.
        first: Spanned<String>,
        /// The other.
        second: Spanned<String>,
        /// The rule.
        span: Span,
    },
}

/// What a game-ending situation means for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The side to move wins.
    Wins,
    /// The side to move loses.
    Loses,
    /// Draw.
    Draws,
}

/// What a repetition means (`repetition 4 wins for black`): the result,
/// for the side named, or for the side to move when none is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepetitionValue {
    /// `wins`, `loses` or `draws`.
    pub result: Spanned<GameResult>,
    /// `for white|black`.
    pub side: Option<Side>,
    /// The words' span (the result and the side).
    pub span: Span,
}

/// Which side a declaration is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// White only.
    White,
    /// Black only.
    Black,
}

/// `restrict Archer, Alfil: never cross equator`.
#[derive(Clone, Debug)]
pub struct RestrictDecl {
    /// Only for one side, if given.
    pub side: Option<Side>,
    /// The pieces it restricts.
    pub pieces: Vec<Spanned<String>>,
    /// The restriction.
    pub policy: Policy,
    /// The whole declaration.
    pub span: Span,
}

/// A restriction on where a piece may go.
#[derive(Clone, Debug)]
pub enum Policy {
    /// `never cross BORDER`.
    NeverCross(Spanned<String>),
    /// `cross BORDER only beside it`.
    CrossBeside(Spanned<String>),
    /// `stay in REGION`.
    StayIn(RegionExpr),
    /// `never enter REGION`.
    NeverEnter(RegionExpr),
    /// `never land in REGION`.
    NeverLand(RegionExpr),
    /// `in check only take the checker`.
    TakeChecker,
    /// `never take A, B`.
    NeverTake(Vec<Spanned<String>>),
    /// `never hop over A, B`.
    NeverHop(Vec<Spanned<String>>),
}

/// `losing every King loses`, `losing all but 2 King loses`, `losing every piece wins`.
#[derive(Clone, Debug)]
pub struct ExtinctionDecl {
    /// The kinds that count, each on its own; empty: `every piece`, all
    /// of a side's pieces together.
    pub pieces: Vec<Spanned<String>>,
    /// `all but N`: how many may be left (0 for `every`).
    pub at_most: Option<Spanned<u32>>,
    /// What being left with so few means for that side.
    pub result: Spanned<GameResult>,
    /// `unless bared back`: not while the other side is left as few, nor
    /// while the side to move can still leave it so with one capture.
    pub bare_back: bool,
    /// The declaration's span.
    pub span: Span,
}

/// `checkmate by Knight alone wins` or `checkmate draws unless its checks
/// include Knight, Rook, Bers`: a checkmate scored by which pieces gave
/// the check, or the checks before it.
#[derive(Clone, Debug)]
pub struct CheckmateRuleDecl {
    /// The kinds named.
    pub pieces: Vec<Spanned<String>>,
    /// What such a checkmate (or, after `unless`, any other) means for the
    /// side checkmated.
    pub result: Spanned<GameResult>,
    /// The declaration's span.
    pub span: Span,
}

/// `counting board 64 when no Pawn` (the board's honour) or `counting bare
/// from pieces when no Pawn: 8 against 2 Rook, …, 64 otherwise` (the
/// pieces' honour).
#[derive(Clone, Debug)]
pub struct CountingDecl {
    /// Which count: the board's honour or a bare side's.
    pub kind: CountingKind,
    /// `when no A, B`: no count while a piece of these kinds is on the board.
    pub unless_on_board: Vec<Spanned<String>>,
    /// `when at most N pieces`: the board's count only for a side with at
    /// most N pieces.
    pub at_most: Option<Spanned<u32>>,
    /// The whole declaration.
    pub span: Span,
}

/// `first moves of A, B …`: what decides whether these pieces have never
/// moved (their `i` moves).
#[derive(Clone, Debug)]
pub struct FirstMovesDecl {
    /// The pieces named.
    pub pieces: Vec<Spanned<String>>,
    /// `None`: `in FEN`; `Some(B)`: `lost when a B moves onto its rank or file`.
    pub lost_to: Option<Spanned<String>>,
    /// The whole declaration.
    pub span: Span,
}

/// The two counts of [`CountingDecl`].
#[derive(Clone, Debug)]
pub enum CountingKind {
    /// `counting board N`: N moves.
    Board(Spanned<u32>),
    /// `counting bare [from pieces] …: N against [M] A, …, N otherwise`.
    Bare {
        /// `from pieces`: the count starts at the number of pieces on the board.
        from_pieces: bool,
        /// `N against [M] A`: the moves, how many of the kind the other side
        /// has at least (1 when not written), and the kind; the first that
        /// applies is the limit.
        limits: Vec<(Spanned<u32>, Spanned<u32>, Spanned<String>)>,
        /// `N otherwise`: the limit when none applies (no count without it).
        otherwise: Option<Spanned<u32>>,
    },
}

/// `reaching hill with King wins`.
#[derive(Clone, Debug)]
pub struct GoalDecl {
    /// The squares to reach (as White sees them).
    pub region: RegionExpr,
    /// The pieces that count.
    pub pieces: Vec<Spanned<String>>,
    /// `with 3 Knight`: how many must stand there at once (None: one).
    pub count: Option<Spanned<u32>>,
    /// What reaching them means for the side that does.
    pub result: Spanned<GameResult>,
    /// `if unattacked`: met only while the other side cannot take the goal's
    /// pieces below its count with one capture.
    pub unattacked: bool,
    /// `after a reply`: it counts only for the side to move (the piece
    /// stood there through the other side's move).
    pub after_reply: bool,
    /// `unless answered`: the other side may draw by reaching its goal in
    /// its reply.
    pub answered: bool,
    /// `or when full`: met too once the region has no empty square, with
    /// one of the side's pieces there.
    pub when_full: bool,
    /// `white reaching …`: the goal of that side only.
    pub side: Option<Side>,
    /// The whole declaration.
    pub span: Span,
}

/// `connecting 4 along ranks, files with Pawn wins`.
#[derive(Clone, Debug)]
pub struct ConnectDecl {
    /// `white connecting …`: the rule of that side only.
    pub side: Option<Side>,
    /// What the pieces must form.
    pub shape: ConnectShapeDecl,
    /// `along ranks, files`: the lines that count (empty: all of them).
    pub along: Vec<Spanned<ConnectLine>>,
    /// `with A, B`: the pieces that count (empty: every piece).
    pub pieces: Vec<Spanned<String>>,
    /// What connecting means for the side that did.
    pub result: Spanned<GameResult>,
    /// The whole declaration.
    pub span: Span,
}

/// What `connecting` asks the pieces to form.
#[derive(Clone, Debug)]
pub enum ConnectShapeDecl {
    /// `connecting 4`: that many next to each other in a line.
    Row(Spanned<u32>),
    /// `connecting 3 on one line`: that many on one line, gaps allowed.
    Line(Spanned<u32>),
    /// `connecting 2 x 2`: a block that many files wide and ranks high.
    Block(Spanned<u32>, Spanned<u32>),
    /// `connecting REGION to REGION`: a chain from one to the other.
    Chain(RegionExpr, RegionExpr),
}

/// A kind of line `connecting … along` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnectLine {
    /// `ranks`.
    Ranks,
    /// `files`.
    Files,
    /// `diagonals` (both).
    Diagonals,
}

/// `draws win on points Chariot 13, Cannon 7 plus 1.5 for black`.
#[derive(Clone, Debug)]
pub struct PointsDecl {
    /// Each piece named and its points.
    pub values: Vec<(Spanned<String>, Spanned<u32>)>,
    /// The bonus, in half points, and the side it goes to.
    pub bonus: Option<(Spanned<u32>, Side)>,
    /// The whole declaration.
    pub span: Span,
}

/// `also Soldier "sW" from far-side`.
#[derive(Clone, Debug)]
pub struct AlsoDecl {
    /// The piece that gains moves.
    pub piece: Spanned<String>,
    /// The Betza text.
    pub betza: Spanned<String>,
    /// The parsed moves.
    pub moves: Vec<BetzaMove>,
    /// Only from these squares.
    pub from: Option<RegionExpr>,
    /// `within REGION`: only along paths that stay in the region.
    pub within: Option<RegionExpr>,
    /// Captures only royal pieces.
    pub against_royal: bool,
    /// `unless in check`: not while the piece's side is in check.
    pub unless_in_check: bool,
    /// The whole declaration.
    pub span: Span,
}

/// `hook game-end { … }`.
#[derive(Clone, Debug)]
pub struct HookDecl {
    /// The hook point's name as written.
    pub point: Spanned<String>,
    /// The Rhai code between the braces (its span excludes them).
    pub code: Spanned<String>,
    /// The line the code starts on, from 1 (for errors found while it runs).
    pub line: u32,
    /// The column, in characters from 1, the code starts at on that line.
    pub column: u32,
}

/// `demote Tokin to Pawn`, `demote promoted to Pawn`.
#[derive(Clone, Debug)]
pub struct DemoteDecl {
    /// The pieces demoted; empty for `promoted` (every promoted piece).
    pub pieces: Vec<Spanned<String>>,
    /// What they enter the hand as.
    pub to: Spanned<String>,
    /// The whole declaration.
    pub span: Span,
}

/// A drop rule's restriction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropRule {
    /// `one-per-file` (`N-per-file`): no more than one (N) unpromoted
    /// pieces of the kind of one side on a file.
    PerFile(u8),
    /// `no-mate`: a drop of it may not checkmate.
    NoMate,
    /// `no-check`: a drop of it may not give check.
    NoCheck,
    /// `never`: it stays in hand, never dropped.
    Never,
    /// `never-stuck`: not where the piece could never move again.
    NeverStuck,
    /// `either-face`: it may also be dropped as the piece it promotes to.
    EitherFace,
    /// `opposite-colours`: a side's pieces of the kind go half on each
    /// square colour.
    OppositeColours,
    /// `beside-own`: only next to a piece of the dropping side.
    BesideOwn,
    /// `away-from-enemy`: not orthogonally next to an enemy piece.
    AwayFromEnemy,
    /// `enclosing`: only where it encloses a line of enemy pieces.
    Enclosing,
    /// `falling`: only on rank 1 or on top of a piece (it falls down its file).
    Falling,
}

/// What `hands` says about the pieces in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandsKind {
    /// `hands`: only the setup's pieces are ever in hand.
    SetupOnly,
    /// `hands keep captures`: captured pieces join the capturer's hand.
    KeepCaptures,
    /// `hands unlimited`: a side never runs out of pieces to drop.
    Unlimited,
}

/// Which enemy pieces a move turns to the mover's side (`flip …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlipKind {
    /// `flip enclosed`: each line of enemy pieces between the square the
    /// move reached and another piece of the mover's (Reversi).
    Enclosed,
    /// `flip adjacent`: every enemy piece next to that square (Ataxx).
    Adjacent,
    /// `flip adjacent unless dropped alone`: the same, but a drop with no
    /// piece of the mover's next to it flips nothing (Quad Wrangle).
    AdjacentUnlessDroppedAlone,
}

/// `gate Hawk, Elephant in rank 1`.
#[derive(Clone, Debug)]
pub struct GateDecl {
    /// The pieces that may gate; empty: any piece in hand.
    pub pieces: Vec<Spanned<String>>,
    /// The squares whose pieces open a gate on their first move (from White's side).
    pub region: RegionExpr,
    /// The whole declaration.
    pub span: Span,
}

/// `walls behind`, `walls anywhere in open`, `walls shot`.
#[derive(Clone, Debug)]
pub struct WallsDecl {
    /// Where a move's wall goes.
    pub placement: Spanned<WallPlacement>,
    /// The squares walls may go on (from White's side); `None`: anywhere.
    pub region: Option<RegionExpr>,
    /// `instead-of-moving`: a player puts a wall or moves, not both.
    pub instead_of_moving: Option<Span>,
    /// The whole declaration.
    pub span: Span,
}

/// `castling queenside wins for black`, `castling wins`.
#[derive(Clone, Debug)]
pub struct CastlingWinsDecl {
    /// `kingside` (`true`: the rook on the king's right, FEN's `K`),
    /// `queenside` (`false`), or either (`None`).
    pub kingside: Option<bool>,
    /// The side the goal is for; `None`: both.
    pub side: Option<Side>,
    /// The whole declaration.
    pub span: Span,
}

/// The word after `walls`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallPlacement {
    /// `behind`: the square the moving piece left.
    Behind,
    /// `anywhere`: any square empty after the move.
    Anywhere,
    /// `shot`: a square the piece could move to from where it landed.
    Shot,
    /// `duck`: the one wall moves to another square empty after the move.
    Duck,
    /// `from-edge`: an empty square on the board's edge or orthogonally
    /// next to a wall.
    FromEdge,
}

/// `drop Pawn in ranks 2..7 one-per-file`.
#[derive(Clone, Debug)]
pub struct DropDecl {
    /// The side whose drops the rule places (`drop white …`); both if absent.
    pub side: Option<Side>,
    /// The pieces the rule is for.
    pub pieces: Vec<Spanned<String>>,
    /// Where they may be dropped (from White's side); anywhere if absent.
    pub region: Option<RegionExpr>,
    /// The restrictions, as written.
    pub rules: Vec<Spanned<DropRule>>,
    /// The whole declaration.
    pub span: Span,
}

/// `chasing loses: Horse, Cannon outrank Chariot; Soldier chased only in far`.
#[derive(Clone, Debug)]
pub struct ChasingDecl {
    /// The result for the side that chased throughout.
    pub result: Spanned<GameResult>,
    /// The clauses, in order.
    pub clauses: Vec<ChaseClause>,
    /// The whole declaration.
    pub span: Span,
}

/// One clause of `chasing …:`.
#[derive(Clone, Debug)]
pub enum ChaseClause {
    /// `A, B outrank C, D`: an A or B attacking a C or D chases it even
    /// where it is protected.
    Outrank {
        /// The attacking kinds.
        chasers: Vec<Spanned<String>>,
        /// The kinds they outrank.
        chased: Vec<Spanned<String>>,
    },
    /// `A chased only in REGION`: an A is chased only standing in the
    /// region (seen from its own side), and never chases by its own move.
    OnlyIn {
        /// The kinds.
        kinds: Vec<Spanned<String>>,
        /// The region.
        region: RegionExpr,
    },
}
