//! Rules beyond piece moves: promotion, castling and how games end.

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::piece::{ByColor, Color, Piece, PieceKind};

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

impl GameResult {
    /// The word a script writes for it, which reads as its verb in
    /// sentences ("a player who is checkmated loses"): `wins`, `loses`, `draws`.
    pub fn word(self) -> &'static str {
        match self {
            GameResult::Wins => "wins",
            GameResult::Loses => "loses",
            GameResult::Draws => "draws",
        }
    }

    /// The result for the other side: a win is the other's loss.
    pub fn opposite(self) -> GameResult {
        match self {
            GameResult::Wins => GameResult::Loses,
            GameResult::Loses => GameResult::Wins,
            GameResult::Draws => GameResult::Draws,
        }
    }
}

/// One castling move of one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingRule {
    /// Whose.
    pub color: Color,
    /// The king-like piece.
    pub king: PieceKind,
    /// The rook-like piece.
    pub rook: PieceKind,
    /// King's start.
    pub king_from: Square,
    /// King's destination.
    pub king_to: Square,
    /// Rook's start.
    pub rook_from: Square,
    /// Rook's destination.
    pub rook_to: Square,
    /// Squares that must be empty (apart from the king and rook themselves).
    pub must_be_empty: SquareSet,
    /// Squares the king starts on, passes and lands on: none may be
    /// attacked. Empty for a king that is not royal (nothing forbids it to
    /// castle through attacked squares).
    pub king_path: Vec<Square>,
    /// The FEN letter of the right: `K` for a rook on the king's right
    /// (higher file), `Q` for the left; lower case for Black.
    pub letter: char,
    /// Made by a `castling … from any start` declaration (Chess960): one
    /// of the rules for every start pair of king and rook on the rank, of
    /// which the castling rights choose. FEN names its right by the rook's
    /// file (`HAha`), and coordinates write it as the king taking the rook
    /// (`e1h1`), as Fairy-Stockfish does for its 960 variants.
    pub any_start: bool,
    /// The king's own moves go from `king_from` to `king_to` too (Diana
    /// chess's king castling one square): coordinates then write the
    /// castling as the king taking its rook (`d1f1`) where the king's step
    /// is a move of the position, as Fairy-Stockfish does.
    pub also_a_king_move: bool,
}

impl CastlingRule {
    /// Whether its king and rook stand on their start squares on a board
    /// (a piece code per cell): what a castling right needs.
    pub fn pieces_in_place(&self, board: &[u8]) -> bool {
        let king = Piece {
            color: self.color,
            kind: self.king,
        };
        let rook = Piece {
            color: self.color,
            kind: self.rook,
        };
        board[self.king_from.index()] == king.code() && board[self.rook_from.index()] == rook.code()
    }
}

/// Where each piece promotes, and into what.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PromotionTable {
    /// The distinct choice sets.
    pub choice_sets: Vec<Vec<PieceKind>>,
    /// For piece code `c` landing on cell `s`: 0 for no promotion, else
    /// 1 + index into `choice_sets`, at `c * cells + s`.
    pub by_square: Vec<u8>,
    /// Number of board cells.
    pub cells: usize,
    /// `promote … in or from REGION`: for piece code `c` leaving cell
    /// `s`, as `by_square` (a move that ends on a promotion square uses
    /// that square's choices first). Empty when no rule says `or from`.
    pub by_origin: Vec<u8>,
    /// `optional`: per piece code, the destination squares where a
    /// promoting move may also decline (all of the rule's squares but
    /// those where the unpromoted piece could never move again). Empty
    /// when no rule says `optional`.
    pub may_decline: Vec<SquareSet>,
    /// `optional anywhere`: per piece code, whether it may decline even
    /// where the unpromoted piece could never move again (those squares
    /// stay in `may_decline`). Empty when no rule says so.
    pub declines_when_stuck: Vec<bool>,
    /// `when capturing`: per piece code, whether only its captures
    /// promote (its other moves never do). Empty when no rule says so.
    pub by_capture_only: Vec<bool>,
    /// Per piece kind: whether it promotes anywhere.
    pub promoting: Vec<bool>,
    /// `promotion-limit`: per piece kind, the count its side must have fewer
    /// of on the board for a piece to promote to it (0: no limit).
    pub limits: Vec<u32>,
    /// Whether some promotion makes a royal piece (coregal's queens): such
    /// a move must leave the new royal piece unattacked too.
    pub into_royal: bool,
    /// `promote … in place`: promotions that are moves of their own (a
    /// piece standing in the region turns into a choice where it stands,
    /// or by the new piece's move: Sittuyin's pawns), one per side.
    pub standing: Vec<StandingPromotion>,
}

/// `promote Pawn in R to Met in place or by its move, anywhere if last,
/// never attacking, never checking`: instead of moving, a piece of one
/// side standing in the region may turn into one of the choices, on its
/// square or (`or by its move`) on an empty square the new piece could
/// capture on from there (Fairy-Stockfish's `sittuyinPromotion`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingPromotion {
    /// The side.
    pub color: Color,
    /// The piece that promotes.
    pub piece: PieceKind,
    /// Where it must stand, as the board names the squares.
    pub region: SquareSet,
    /// Into what.
    pub choices: Vec<PieceKind>,
    /// `or by its move`: also onto an empty square the new piece attacks
    /// from the square the piece stands on.
    pub by_its_move: bool,
    /// `anywhere if last`: the side's last piece of the kind on the board
    /// may promote wherever it stands.
    pub anywhere_if_last: bool,
    /// `never attacking`: not where the new piece would attack an enemy piece.
    pub never_attacking: bool,
    /// `never checking`: the move may not give check (nor discover one).
    pub never_checking: bool,
}

impl PromotionTable {
    /// Whether pieces of `kind` ever promote.
    #[inline]
    pub fn promotes(&self, kind: PieceKind) -> bool {
        self.promoting.get(kind.0 as usize) == Some(&true)
    }

    /// The choices for a piece code landing on a square (empty: no promotion).
    #[inline]
    pub fn choices(&self, code: u8, sq: Square) -> &[PieceKind] {
        self.set_at(&self.by_square, code, sq)
    }

    /// The choices of a move of a piece code from `from` to `to`: those
    /// of the destination, else (`in or from`) those of the origin.
    #[inline]
    pub fn choices_of_move(&self, code: u8, from: Square, to: Square) -> &[PieceKind] {
        let at_destination = self.choices(code, to);
        if at_destination.is_empty() && !self.by_origin.is_empty() {
            self.set_at(&self.by_origin, code, from)
        } else {
            at_destination
        }
    }

    /// The choices of a piece code leaving `from` by `promote … in or
    /// from` (empty where no such rule holds).
    #[inline]
    pub fn choices_leaving(&self, code: u8, from: Square) -> &[PieceKind] {
        if self.by_origin.is_empty() {
            &[]
        } else {
            self.set_at(&self.by_origin, code, from)
        }
    }

    /// The limit on promotions to `kind` (`promotion-limit`), if any.
    #[inline]
    pub fn limit(&self, kind: PieceKind) -> Option<u32> {
        self.limits.get(kind.0 as usize).copied().filter(|&n| n > 0)
    }

    /// Whether a promoting move of a piece code to `to` may also decline.
    #[inline]
    pub fn may_decline(&self, code: u8, to: Square) -> bool {
        self.may_decline
            .get(code as usize)
            .is_some_and(|s| s.contains(to))
    }

    /// Whether a standing promotion (`promote … in place`) of `color`'s
    /// piece of `kind` may not give check (`never checking`).
    #[inline]
    pub fn standing_never_checks(&self, color: Color, kind: PieceKind) -> bool {
        self.standing
            .iter()
            .any(|r| r.color == color && r.piece == kind && r.never_checking)
    }

    /// Whether only captures of a piece code promote (`when capturing`).
    #[inline]
    pub fn by_capture_only(&self, code: u8) -> bool {
        self.by_capture_only.get(code as usize) == Some(&true)
    }

    #[inline]
    fn set_at(&self, table: &[u8], code: u8, sq: Square) -> &[PieceKind] {
        match table.get(code as usize * self.cells + sq.index()) {
            Some(&i) if i > 0 => &self.choice_sets[i as usize - 1],
            _ => &[],
        }
    }
}

/// How games end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEndRules {
    /// What being checkmated means for the side to move (None: no checkmate rule,
    /// a side with no moves is treated as stalemated).
    pub checkmate: Option<GameResult>,
    /// `castling queenside wins for black` (Fairy-Stockfish's
    /// `castlingWins`): each side's castling rules (indices into
    /// `Variant::castling`) by which it wins; it loses once it has lost
    /// the right to all of them. Empty: no such goal.
    pub castling_wins: ByColor<Vec<u8>>,
    /// What having no legal move, not in check, means for the side to move.
    pub stalemate: GameResult,
    /// `stalemate … with fewer pieces` (Fairy-Stockfish's
    /// `stalematePieceCount`): `stalemate` is the result for the
    /// stalemated side only while it has fewer pieces on the board than the
    /// other; with more, the opposite; with as many, a draw.
    pub stalemate_by_fewer_pieces: bool,
    /// Draw after this many moves by each side without a capture or a
    /// promotable piece moving.
    pub move_rule: Option<u32>,
    /// The game ends when a position occurs this many times.
    pub repetition: Option<u32>,
    /// What that repetition means (a draw unless the script says
    /// otherwise: `repetition 4 wins for black`).
    pub repetition_result: RepetitionResult,
    /// `perpetual check loses` (Fairy-Stockfish's `perpetualCheckIllegal`):
    /// when the repetition rule ends the game, a side that gave check with
    /// each of its moves since the earliest occurrence it counts loses;
    /// both sides so: a draw.
    pub perpetual_check: bool,
    /// `chasing loses: …` (Fairy-Stockfish's `chasingRule = axf`): when
    /// the repetition rule ends the game and no side checked throughout,
    /// a side that chased with each of its moves loses; both: a draw. A
    /// side's checks lengthen the move rule under it.
    pub chasing: Option<Chasing>,
    /// Squares to reach (`reaching hill with King wins`).
    pub goals: Vec<Goal>,
    /// Pieces to line up (`connecting 4 wins`).
    pub connects: Vec<Connect>,
    /// Checks to give (`giving 3 checks wins`).
    pub check_limit: Option<CheckLimit>,
    /// Pieces a side may not run out of (`losing every King loses`).
    pub extinctions: Vec<Extinction>,
    /// A side left without royal pieces loses (they can be blown up: `captures explode`).
    pub royal_loss: bool,
    /// `draws win for black`: the side every drawn game is a win for
    /// (Armageddon's draw odds).
    pub draw_odds: Option<Color>,
    /// `draws win for more pieces`: every drawn game is won by the side
    /// with more pieces on the board (Fairy-Stockfish's
    /// `materialCounting = unweighted`: Reversi, Ataxx).
    pub draws_to_more_pieces: bool,
    /// `draws win on points …`: every drawn game is won by the side whose
    /// pieces on the board are worth more (Fairy-Stockfish's
    /// `materialCounting = janggi`); drawn only when they are worth as much.
    pub draws_on_points: Option<Points>,
    /// `pass allowed`: a side not in check may pass instead of moving
    /// (Fairy-Stockfish's `pass`); two passes in a row end the game in a
    /// draw.
    pub pass_allowed: bool,
    /// `facing royals draws` (Fairy-Stockfish's `bikjangRule`): while the
    /// royal pieces face each other on an open rank or file, the side to
    /// move must break it or pass (even in check), and a pass that leaves
    /// them facing ends the game with this result for the side to move.
    pub facing_royals: Option<GameResult>,
    /// `moving back and forth loses` (Fairy-Stockfish's
    /// `moveRepetitionIllegal`): the result for the side that shuffles a
    /// piece, and for each side the kinds free to (a bit per kind: those
    /// that cannot enter the region the other side's royal pieces stay in).
    pub back_and_forth: Option<BackAndForth>,
    /// `pass when stuck`: a side with no legal move but a piece on the
    /// board passes (Fairy-Stockfish's `passOnStalemate`); two passes in a
    /// row end the game in a draw.
    pub pass_when_stuck: bool,
    /// `full board draws`: the game ends in a draw when no empty square is
    /// left (Fairy-Stockfish's `adjudicateFullBoard`).
    pub full_board_draws: bool,
    /// `counting board …` and `counting bare …`: Makruk's counting rules.
    pub counting: Option<Counting>,
    /// `checkmate by Knight alone wins`: a checkmate given by these kinds
    /// alone means its result instead of `checkmate`'s.
    pub checkmate_by: Option<CheckmateBy>,
    /// `checkmate draws unless its checks include Knight, Rook, Bers`: a
    /// checkmate whose run of checks had none by these kinds means its
    /// result instead of `checkmate`'s.
    pub mating_checks: Option<MatingChecks>,
    /// `only promotions with King, Pawn alone draws`.
    pub promotions_only: Option<PromotionsOnly>,
}

/// `chasing loses: A, B outrank C; D chased only in REGION` (the Asian
/// Xiangqi Federation's rule on chasing, as Fairy-Stockfish's
/// `chasingRule = axf` judges it): a move chases the enemy pieces it
/// attacks anew (by the piece moved, or by a piece it uncovers) that stand
/// unprotected or that its attacker outranks, and those it leaves
/// protected only by a piece it pins; royal pieces are never chased.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chasing {
    /// For each kind (by index), the kinds it outranks (a bit per kind).
    pub outranks: Vec<u64>,
    /// The kinds chased only in a region (for each side, seen from its
    /// own side), which never chase by their own move.
    pub only_in: Vec<(PieceKind, ByColor<SquareSet>)>,
    /// The region's name for each of `only_in`, where the script named
    /// one region (for listings).
    pub region_names: Vec<Option<String>>,
}

impl Chasing {
    /// Whether a piece of `kind` attacking one of `victim` chases it even
    /// where it is protected.
    #[inline]
    pub fn outranks(&self, kind: PieceKind, victim: PieceKind) -> bool {
        self.outranks
            .get(kind.0 as usize)
            .is_some_and(|m| m >> victim.0 & 1 != 0)
    }

    /// The region a kind is chased only in, if the rule names it.
    #[inline]
    pub fn only_in(&self, kind: PieceKind) -> Option<&ByColor<SquareSet>> {
        self.only_in
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, r)| r)
    }
}

/// `only promotions with King, Pawn alone draws` (Sittuyin's rule 3.9
/// c.7, Fairy-Stockfish's stalemate of `sittuyinPromotion`): a side to
/// move, not in check, whose pieces on the board are these kinds, one of
/// each, and whose every legal move is a promotion (or which has none),
/// gets `result`; the promotions stay legal, as after a move rule's end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionsOnly {
    /// The kinds, in the order named.
    pub kinds: Vec<PieceKind>,
    /// What it means for that side.
    pub result: GameResult,
}

impl Default for GameEndRules {
    fn default() -> GameEndRules {
        GameEndRules {
            checkmate: None,
            stalemate: GameResult::Draws,
            castling_wins: ByColor::default(),
            stalemate_by_fewer_pieces: false,
            move_rule: None,
            repetition: None,
            repetition_result: RepetitionResult::DRAW,
            perpetual_check: false,
            chasing: None,
            goals: Vec::new(),
            connects: Vec::new(),
            check_limit: None,
            extinctions: Vec::new(),
            royal_loss: false,
            draw_odds: None,
            draws_to_more_pieces: false,
            pass_when_stuck: false,
            draws_on_points: None,
            pass_allowed: false,
            facing_royals: None,
            back_and_forth: None,
            full_board_draws: false,
            counting: None,
            checkmate_by: None,
            mating_checks: None,
            promotions_only: None,
        }
    }
}

impl GameEndRules {
    /// Whether positions keep each side's run of checks (`checkmate …
    /// unless its checks include …`, `perpetual check loses`).
    #[inline]
    pub fn keeps_check_runs(&self) -> bool {
        self.mating_checks.is_some() || self.perpetual_check
    }

    /// Whether a rule can end the game before the moves run out (goals,
    /// checks, pieces run out, a royal piece blown up).
    #[inline]
    pub fn ends_early(&self) -> bool {
        !self.goals.is_empty()
            || !self.castling_wins.white.is_empty()
            || !self.castling_wins.black.is_empty()
            || !self.connects.is_empty()
            || self.check_limit.is_some()
            || !self.extinctions.is_empty()
            || self.royal_loss
            || self.pass_when_stuck
            || self.pass_allowed
            || self.full_board_draws
    }

    /// Whether a side may pass at all (`pass when stuck`, `pass allowed`).
    #[inline]
    pub fn passes(&self) -> bool {
        self.pass_when_stuck || self.pass_allowed
    }
}

/// `moving back and forth loses`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackAndForth {
    /// The result for the side that shuffled.
    pub result: GameResult,
    /// For each side, the kinds free to shuffle, a bit per kind.
    pub free: crate::ir::piece::ByColor<u64>,
}

/// `draws win on points Chariot 13, Cannon 7 plus 1.5 for black`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Points {
    /// The points of each kind (by `PieceKind` index; 0 for a kind not named).
    pub values: Vec<u32>,
    /// The bonus, in half points, added to `bonus_side`'s sum.
    pub bonus_halves: u32,
    /// The side the bonus goes to.
    pub bonus_side: Color,
}

/// Which enemy pieces a move turns to the mover's side (`flip …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flip {
    /// `flip enclosed`: each line of enemy pieces, in any of the eight
    /// directions, between the square the move reached and the nearest
    /// piece of the mover's beyond them (Reversi; Fairy-Stockfish's
    /// `flipEnclosedPieces = reversi`).
    Enclosed,
    /// `flip adjacent`: every enemy piece on the eight squares around it
    /// (Ataxx; `flipEnclosedPieces = ataxx`).
    Adjacent,
    /// `flip adjacent unless dropped alone`: the same after a move of a
    /// piece, or a drop next to a piece of the mover's; a drop with none
    /// around it flips nothing (Quad Wrangle; `flipEnclosedPieces =
    /// quadwrangle`).
    AdjacentUnlessDroppedAlone,
}

/// `reaching hill with King wins`: a side with a piece of one of the kinds
/// on the squares (its own view of the region) gets the result at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The pieces that count.
    pub kinds: Vec<PieceKind>,
    /// How many of them must stand there at once (`with 3 Knight`; 1
    /// otherwise: Fairy-Stockfish's `flagPieceCount`).
    pub count: u32,
    /// The squares, for each side.
    pub squares: ByColor<SquareSet>,
    /// The region's name, if the script named it.
    pub region_name: Option<String>,
    /// What reaching them means for the side that did.
    pub result: GameResult,
    /// `if unattacked` (Fairy-Stockfish's `flagPieceSafe`): with just as
    /// many pieces there as the goal asks, none may be attacked, so that
    /// the other side may still take one; with more there, one capture
    /// cannot undo it and the goal is met. When both sides have met the
    /// goal so, the game is drawn.
    pub unattacked: bool,
    /// `after a reply` (Fairy-Stockfish's `flagMove`): reaching the goal
    /// ends the game only once the other side has moved and the piece is
    /// still there, the reaching side to move.
    pub after_reply: bool,
    /// `or when full` (Fairy-Stockfish's `flagPieceBlockedWin`): met too
    /// once none of the squares is empty, with a counted piece there.
    pub when_full: bool,
    /// `unless answered` (Fairy-Stockfish's `flagMove` for kings, Racing
    /// Kings): the other side gets one reply, and reaching one of its own
    /// goals with it draws; if none of its legal moves can, the reaching
    /// side wins at once.
    pub answered: bool,
}

/// `connecting 4 wins` (Fairy-Stockfish's `connectN`, `collinearN`,
/// `connectNxN` and `connectRegion…`): a side that has just moved and
/// whose pieces of the kinds form the shape gets `result`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect {
    /// What the pieces must form.
    pub shape: ConnectShape,
    /// The lines along which pieces are next to each other or on one line.
    pub lines: ConnectLines,
    /// The kinds that count, a bit per kind (bit `k` for `PieceKind(k)`;
    /// every bit: every piece).
    pub kinds: u64,
    /// The sides the rule is for (`white connecting …`: White only).
    pub sides: ByColor<bool>,
    /// What forming it means for the side that did.
    pub result: GameResult,
}

/// What `connecting` asks a side's pieces to form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnectShape {
    /// `connecting 4`: that many, each next to the one before, in a line.
    Row(u32),
    /// `connecting 3 on one line`: that many on one line, gaps allowed.
    Line(u32),
    /// `connecting 2 x 2`: a block of pieces that many files wide and
    /// ranks high.
    Block(u32, u32),
    /// `connecting file a to file i`: a chain of pieces, each next to the
    /// one before along the lines, from a square of `from` to one of `to`
    /// (each side's squares as it sees them).
    Chain {
        /// Where the chain starts.
        from: ByColor<SquareSet>,
        /// Where it must reach.
        to: ByColor<SquareSet>,
    },
}

/// The lines `connecting … along` counts (all three unless it says).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectLines {
    /// Along ranks.
    pub ranks: bool,
    /// Along files.
    pub files: bool,
    /// Along both diagonals.
    pub diagonals: bool,
}

impl ConnectLines {
    /// Every line.
    pub const ALL: ConnectLines = ConnectLines {
        ranks: true,
        files: true,
        diagonals: true,
    };

    /// The lines that count, in words: `rank`, `file`, `diagonal`.
    pub fn names(self) -> Vec<&'static str> {
        [
            (self.ranks, "rank"),
            (self.files, "file"),
            (self.diagonals, "diagonal"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect()
    }

    /// One step (files, ranks) along each line that counts, one way.
    pub fn steps(self) -> Vec<(i32, i32)> {
        let mut steps = Vec::new();
        if self.ranks {
            steps.push((1, 0));
        }
        if self.files {
            steps.push((0, 1));
        }
        if self.diagonals {
            steps.extend([(1, 1), (1, -1)]);
        }
        steps
    }
}

/// `checkmate by Knight alone wins` (Shatar, as Fairy-Stockfish's
/// `shatarMateRule` scores a mate by knights: a loss for the side giving
/// it): a checkmate in which every piece giving check is of one of the
/// kinds means `result` for the side checkmated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckmateBy {
    /// The kinds, a bit per kind (bit `k` for `PieceKind(k)`).
    pub kinds: u64,
    /// What such a checkmate means for the side checkmated.
    pub result: GameResult,
}

/// `checkmate draws unless its checks include Knight, Rook, Bers` (Shatar,
/// as Fairy-Stockfish's `shatarMateRule`: a mate needs a "shak" among the
/// checks that led to it, else it is a draw): a checkmate counts only if
/// one of the checks of its run (the mating side's checks after each of
/// its moves in a row, back from the mate, within the game's known
/// moves) was given by a piece of the kinds; otherwise it means `result`
/// for the side checkmated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatingChecks {
    /// The kinds, a bit per kind (bit `k` for `PieceKind(k)`).
    pub kinds: u64,
    /// What a checkmate without such a check means for the side checkmated.
    pub result: GameResult,
}

/// What a repetition means (Fairy-Stockfish's `nFoldValue` and
/// `nFoldValueAbsolute`): the result for `side`, or for the side to move
/// when the repeated position stands again if `side` is None.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepetitionResult {
    /// Win, loss or draw.
    pub result: GameResult,
    /// The side it is for (None: the side to move).
    pub side: Option<Color>,
}

impl RepetitionResult {
    /// A draw, as in chess.
    pub const DRAW: RepetitionResult = RepetitionResult {
        result: GameResult::Draws,
        side: None,
    };

    /// The winner when the repetition ends the game with `to_move` to move
    /// (None: a draw).
    pub fn winner(self, to_move: Color) -> Option<Color> {
        let side = self.side.unwrap_or(to_move);
        match self.result {
            GameResult::Wins => Some(side),
            GameResult::Loses => Some(side.opposite()),
            GameResult::Draws => None,
        }
    }
}

/// `losing every King loses`: a side with at most `at_most` pieces of one
/// of the kinds (on the board and in hand) gets the result at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// The kinds, each counted on its own; empty: all of a side's pieces
    /// counted together (`losing every piece`).
    pub kinds: Vec<PieceKind>,
    /// How many may be left for the rule to apply (0: none left).
    pub at_most: u32,
    /// What it means for the side left with so few.
    pub result: GameResult,
    /// `unless bared back` (shatranj's bare king, Fairy-Stockfish's
    /// `extinctionOpponentPieceCount` with `extinctionClaim`): the rule
    /// applies only while the other side has more than `at_most` left, and
    /// to the side to move only while no single capture of its own could
    /// leave the other side as few (it may bare back: then neither loses
    /// by this rule).
    pub bare_back: bool,
}

/// Makruk's counting rules, as Fairy-Stockfish counts them (its
/// `countingRule`): once a count is running, the game is drawn when more
/// plies than its limit have been counted (checkmate first). The VM keeps
/// the running count (`Count`, in the VM; FEN writes it in place of the
/// en passant and halfmove fields).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counting {
    /// `counting board N when no A`: the board's honour.
    pub board: Option<BoardCount>,
    /// `counting bare …`: the pieces' honour, for a side left with one piece.
    pub bare: Option<BareCount>,
}

/// `counting board 64 when no Pawn`: with no piece of `unless_on_board`
/// left on the board and both sides having more than one piece, the side to
/// move counts to `moves` moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardCount {
    /// The count's limit in moves.
    pub moves: u32,
    /// No count while a piece of these kinds (either side's) is on the board.
    pub unless_on_board: Vec<PieceKind>,
    /// `when at most N pieces`: no count for a side with more than N pieces.
    pub at_most_pieces: Option<u32>,
}

/// `counting bare from pieces when no Pawn: 8 against 2 Rook, …, 64
/// otherwise`: a side left with one piece (and no piece of
/// `unless_on_board` on the board) counts to the first limit whose pieces
/// the other side has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BareCount {
    /// `from pieces`: the count starts at the number of pieces on the board
    /// (and as soon as the bare side's own capture takes the last piece of
    /// `unless_on_board`); else at 0.
    pub from_pieces: bool,
    /// No count while a piece of these kinds is on the board.
    pub unless_on_board: Vec<PieceKind>,
    /// The limits, first that applies wins.
    pub limits: Vec<BareLimit>,
    /// The limit in moves when none applies (None: no count then).
    pub otherwise: Option<u32>,
}

/// `8 against 2 Rook`: the limit in moves when the other side has at least
/// `at_least` pieces of `kind` on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BareLimit {
    /// The limit in moves.
    pub moves: u32,
    /// How many of the kind the other side must have.
    pub at_least: u32,
    /// The kind.
    pub kind: PieceKind,
}

/// `captures explode sparing Pawn`: a capture removes the capturing piece
/// and every piece next to the capture square but the spared kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explosion {
    /// The kinds an explosion next to them leaves standing.
    pub spared: Vec<PieceKind>,
    /// `immune`: the kinds that never explode, capturing or next to a
    /// capture (Atomar's kings).
    pub immune: Vec<PieceKind>,
}

/// `giving 3 checks wins`: each side's checks left to give are a counter;
/// a side whose counter reaches zero gets the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckLimit {
    /// The counter's index in [`crate::ir::Variant::counters`].
    pub counter: usize,
    /// The checks to give.
    pub checks: u32,
    /// What giving the last one means for the side that gave it.
    pub result: GameResult,
}

/// A restriction on where a piece may go, for the sides it applies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionRule {
    /// Which sides it applies to.
    pub colors: ByColor<bool>,
    /// What it restricts.
    pub policy: RegionPolicy,
}

/// The region policies (squares as each side sees them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionPolicy {
    /// No move or path crosses the border around `inside`.
    NeverCross {
        /// The region the border encloses.
        inside: ByColor<SquareSet>,
    },
    /// A move may cross the border only from or to a square beside it.
    CrossBeside {
        /// The region the border encloses.
        inside: ByColor<SquareSet>,
        /// The squares beside the border.
        beside: ByColor<SquareSet>,
    },
    /// No move or path leaves the region.
    StayIn(ByColor<SquareSet>),
    /// No move or path enters the region.
    NeverEnter(ByColor<SquareSet>),
    /// No move ends in the region.
    NeverLand(ByColor<SquareSet>),
}

/// `walls behind`, `walls anywhere in R`, `walls shot`, `walls duck`,
/// `walls from-edge instead-of-moving`: every move also puts a wall on a
/// square (Fairy-Stockfish's `wallingRule`), which stays there for the
/// rest of the game (but the duck, which moves on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walls {
    /// Which squares a move may wall.
    pub placement: WallPlacement,
    /// The squares a wall may go on, as each side sees them (the whole
    /// board without `in`).
    pub region: ByColor<SquareSet>,
    /// `instead-of-moving` (FS's `wallOrMove`): a move puts no wall; a
    /// pass (`MoveKind::Pass`) puts one instead.
    pub instead_of_moving: bool,
}

/// Where a move's wall goes, before the region is applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallPlacement {
    /// `behind`: on the square the piece left (Snailtrail, Joust).
    Behind,
    /// `anywhere`: on any square empty after the move (Isolation).
    Anywhere,
    /// `shot`: on an empty square the piece could move to from where it
    /// landed, as if it moved again (the arrows of Amazons).
    Shot,
    /// `duck`: on any square empty after the move, and the walls that
    /// stood before it are taken off: Duck chess's duck, one wall that
    /// moves on every turn (FS's `duck`). A royal piece's safety is judged
    /// with the duck on its new square.
    Duck,
    /// `from-edge`: on an empty square of the board's first or last file
    /// or rank, or orthogonally next to a wall (FS's `edge`: Atlantis'
    /// squares sinking from the shore).
    FromEdge,
}

/// `check when the last King, Prince is attacked` (Fairy-Stockfish's
/// `extinctionPseudoRoyal`) or `check when every King is attacked` (with
/// its `dupleCheck`): pieces of these kinds share one royalty per side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoyalGroup {
    /// The kinds, a bit per kind (bit `k` for `PieceKind(k)`).
    pub kinds: u64,
    /// `every`: a side is in check when all its pieces of the group are
    /// attacked; otherwise only when it has one left and that one is.
    pub every: bool,
}
