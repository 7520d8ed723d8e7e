//! The IR: a compiled variant, the program the rules VM runs.
//!
//! [`Variant`] is the root: geometry, pieces with their move patterns and
//! precomputed tables, rules, and the start position (as data). It is built once by
//! the compiler and shared (read-only) by every position.

pub mod display;
pub mod geometry;
pub mod hand;
pub mod hook;
pub mod hook_api;
pub mod pattern;
pub mod piece;
pub mod rule;
pub mod setup;
pub mod zobrist;

pub use crate::ir::geometry::Symmetry;
use crate::ir::geometry::{Geometry, SquareSet};
use crate::ir::pattern::MoveTables;
use crate::ir::piece::{ByColor, Color, PieceDef, PieceKind};
use crate::ir::rule::{CastlingRule, GameEndRules, PromotionTable};
use crate::ir::setup::Setup;
use crate::ir::zobrist::ZobristKeys;

/// The most counters a variant may declare.
pub const MAX_COUNTERS: usize = 4;

/// A named set of squares, as each side sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The region's name.
    pub name: String,
    /// Its squares for each side (Black's follow from White's by the symmetry).
    pub squares: ByColor<SquareSet>,
}

/// A border between a region and the rest of the board (such as an equator).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Border {
    /// The border's name.
    pub name: String,
    /// The region it encloses, for each side.
    pub inside: ByColor<SquareSet>,
    /// The squares beside it (sharing an edge with the other side).
    pub beside: ByColor<SquareSet>,
}

/// A compiled variant.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Display name.
    pub name: String,
    /// What the sides are called (`sides "Red" "Black"`; White and Black by default).
    pub side_names: ByColor<String>,
    /// The board's shape.
    pub geometry: Geometry,
    /// How Black's army follows from White's.
    pub symmetry: Symmetry,
    /// The piece types, indexed by [`PieceKind`].
    pub pieces: Vec<PieceDef>,
    /// Named regions.
    pub regions: Vec<Region>,
    /// Borders (drawn by the front-ends; their rules are in the pieces' region rules).
    pub borders: Vec<Border>,
    /// The start position's FEN, as the script writes it.
    pub start_fen: String,
    /// The start position, read from the FEN and checked by the compiler.
    pub start: Setup,
    /// The piece code on each cell in the start position (0: empty), used to
    /// decide which pieces of a FEN position count as never moved.
    pub start_codes: Vec<u8>,
    /// Promotion squares and choices.
    pub promotion: PromotionTable,
    /// Castling moves.
    pub castling: Vec<CastlingRule>,
    /// Kinds that take part in castling (their unmoved state comes from the FEN castling field).
    pub castling_kinds: Vec<PieceKind>,
    /// The start squares of castling kings and rooks.
    pub castling_squares: SquareSet,
    /// How games end.
    pub game_end: GameEndRules,
    /// Move and attack tables.
    pub tables: MoveTables,
    /// Under `chasing …`: the move and attack tables with the pieces'
    /// region rules left out (`stay in`, `from`, `within`), for the
    /// attacks Fairy-Stockfish's chasing rule reads without mobility
    /// regions (a pinned piece's protection, an uncovered attack).
    pub chase_tables: Option<Box<MoveTables>>,
    /// Hash keys.
    pub zobrist: ZobristKeys,
    /// Per-side counters hooks read and change (name, start value), at most [`MAX_COUNTERS`].
    pub counters: Vec<(String, i32)>,
    /// Rhai hooks, if the script has any.
    pub hooks: Option<std::sync::Arc<hook::HookPrograms>>,
    /// Captures explode (`captures explode sparing Pawn`).
    pub explosion: Option<rule::Explosion>,
    /// A side that can capture must (`captures compulsory`).
    pub compulsory_capture: bool,
    /// No move may give check (`checks forbidden`: Racing Kings).
    pub checks_forbidden: bool,
    /// Once a side castles, the other may not castle on that wing
    /// (`castling on opposite wings`).
    pub opposite_castling: bool,
    /// The sides that play without a royal piece (`white has no royal
    /// piece`: Horde's White), though the variant has royal pieces.
    pub without_royal: ByColor<bool>,
    /// `en passant in …`: where a capture en passant may land, for each
    /// side (the move tables already leave out the rest); None: anywhere.
    pub en_passant_region: Option<ByColor<SquareSet>>,
    /// Some piece may move only to take the checker while its side is in
    /// check ([`piece::PieceDef::only_takes_checker`]).
    pub some_piece_only_takes_checker: bool,
    /// Pieces in hand and drops (`hands`), if the variant has them.
    pub hands: Option<hand::Hands>,
    /// Every move also puts a wall (`walls …`), if the variant says so.
    pub walls: Option<rule::Walls>,
    /// `flip enclosed|adjacent`: the enemy pieces each move turns to the
    /// mover's side.
    pub flip: Option<rule::Flip>,
    /// Kinds that share royalty (`check when the last …` / `… every …`).
    pub royal_groups: Vec<rule::RoyalGroup>,
    /// `shuffle …`: how a random start array is made from the start
    /// position, if the variant has one.
    pub shuffle: Option<setup::Shuffle>,
}

impl Variant {
    /// What a side is called in this variant (`White`, or `Red` in Xiangqi).
    pub fn side_name(&self, color: Color) -> &str {
        self.side_names.get(color)
    }

    /// Whether positions remember which pieces are promoted (`demote
    /// promoted to …`: crazyhouse's `Q~`).
    #[inline]
    pub fn tracks_promoted(&self) -> bool {
        self.hands.as_ref().is_some_and(|h| h.promoted_to.is_some())
    }

    /// Whether a move can remove pieces besides the one it captures (an
    /// explosion, an after-move hook): then legality plays each move in
    /// full, and a side may be left without its royal piece.
    pub fn pieces_can_vanish(&self) -> bool {
        self.explosion.is_some() || self.has_after_move_hook()
    }

    /// Whether every position must give `color` a royal piece: the variant
    /// has royal pieces, `color` does not play without one, and no move can
    /// make pieces vanish (an exploded king in Atomic ends the game; that
    /// position is still a position).
    pub fn needs_royal(&self, color: Color) -> bool {
        self.pieces.iter().any(|p| p.royal_like())
            && !self.without_royal.get(color)
            && !self.pieces_can_vanish()
    }

    /// Whether explosions are the only way pieces vanish (no after-move
    /// hook): then what a move removes is known without running code.
    pub fn only_explosions(&self) -> bool {
        self.explosion.is_some() && !self.has_after_move_hook()
    }

    /// The wings on which castling wins for `color` (`castling … wins`):
    /// (kingside, queenside), a wing's rook on the king's right or left.
    pub fn castling_win_wings(&self, color: Color) -> (bool, bool) {
        let g = &self.geometry;
        let mut wings = (false, false);
        for &r in self.game_end.castling_wins.get(color) {
            let rule = &self.castling[r as usize];
            if g.file_of(rule.rook_from) > g.file_of(rule.king_from) {
                wings.0 = true;
            } else {
                wings.1 = true;
            }
        }
        wings
    }

    /// How `castling … wins` names the wing of `color`'s winning
    /// castlings: `" kingside"`, `" queenside"`, `""` for both; `None`
    /// without the goal.
    pub fn castling_win_wing_words(&self, color: Color) -> Option<&'static str> {
        match self.castling_win_wings(color) {
            (true, true) => Some(""),
            (true, false) => Some(" kingside"),
            (false, true) => Some(" queenside"),
            (false, false) => None,
        }
    }

    /// Whether a move's wall takes the walls there were off (`walls duck`).
    pub fn walls_move(&self) -> bool {
        self.walls
            .as_ref()
            .is_some_and(|w| w.placement == rule::WallPlacement::Duck)
    }

    /// Whether the script has an after-move hook.
    pub fn has_after_move_hook(&self) -> bool {
        self.hooks
            .as_ref()
            .is_some_and(|h| h.has(hook::HookPoint::AfterMove))
    }

    /// The piece kind with this FEN letter (either case).
    pub fn kind_by_letter(&self, letter: char) -> Option<PieceKind> {
        self.kind_by_token(letter, false)
    }

    /// The piece kind with a FEN letter (either case) and, when `plus`,
    /// the `+` mark before it (`+P`).
    pub fn kind_by_token(&self, letter: char, plus: bool) -> Option<PieceKind> {
        let upper = letter.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.letter == upper && p.plus_mark == plus)
            .map(|i| PieceKind(i as u8))
    }

    /// The definition of a piece kind.
    #[inline]
    pub fn piece(&self, kind: PieceKind) -> &PieceDef {
        &self.pieces[kind.0 as usize]
    }

    /// The pieces whose moves reset the move rule, when a script named
    /// them (`move-rule 50 reset by captures and …`; an empty list after a
    /// bare `reset by captures`); `None` when they are the pawns, the default.
    pub fn move_rule_resetters(&self) -> Option<Vec<&str>> {
        if self
            .pieces
            .iter()
            .all(|p| p.resets_move_rule == p.pawn_like)
        {
            return None;
        }
        Some(
            self.pieces
                .iter()
                .filter(|p| p.resets_move_rule)
                .map(|p| p.name.as_str())
                .collect(),
        )
    }

    /// The pieces whose double steps may be taken en passant, when a
    /// script named them (`en passant takes …`); `None` when they are the
    /// pieces that capture en passant, the default.
    pub fn en_passant_victims(&self) -> Option<Vec<&str>> {
        if self
            .pieces
            .iter()
            .all(|p| p.taken_en_passant == p.captures_en_passant())
        {
            return None;
        }
        Some(
            self.pieces
                .iter()
                .filter(|p| p.taken_en_passant)
                .map(|p| p.name.as_str())
                .collect(),
        )
    }

    /// The names of the kinds of a bit set (bit `k` for `PieceKind(k)`),
    /// in declaration order.
    pub fn kind_names(&self, kinds: u64) -> Vec<&str> {
        self.pieces_of(kinds).map(|p| p.name.as_str()).collect()
    }

    /// The pieces of a bit set of kinds (bit `k` for `PieceKind(k)`: a
    /// royal group's, a rule's), in declaration order.
    pub fn pieces_of(&self, kinds: u64) -> impl Iterator<Item = &PieceDef> + '_ {
        self.pieces
            .iter()
            .enumerate()
            .filter(move |(k, _)| kinds >> k & 1 != 0)
            .map(|(_, p)| p)
    }

    /// A region by name.
    pub fn region(&self, name: &str) -> Option<&Region> {
        self.regions.iter().find(|r| r.name == name)
    }
}
