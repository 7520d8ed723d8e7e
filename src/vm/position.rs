//! `Position`: a validated, playable position of a variant.
//!
//! The other files of this module each add one topic to `Position`
//! (`movegen`, `legality`, `make`, `outcome`, `attacks`, `hooks`); the
//! placement itself is a `board::Board`.

use std::fmt;
use std::sync::Arc;

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::hand::HAND_SLOTS;
use crate::ir::piece::{ByColor, Color, Piece, PieceKind, WALL_CODE};
use crate::ir::setup::Setup;
use crate::ir::Variant;
use crate::vm::board::Board;
use crate::vm::hook_error::HookError;
use crate::vm::mating::CheckRun;
use crate::vm::moves::Move;

/// An en passant chance: the squares a piece passed, and where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    /// The squares passed over (a capturer lands on one of them).
    pub passed: SquareSet,
    /// The piece that passed them, removed by the capture.
    pub victim: Square,
}

impl EnPassant {
    /// The passed square farthest from the piece that passed it (the one
    /// FEN names; the only one after a double step).
    pub fn farthest_passed(&self, g: &crate::ir::geometry::Geometry) -> Option<Square> {
        let distance = |sq| {
            let df = (g.file_of(sq) - g.file_of(self.victim)).abs();
            let dr = (g.rank_of(sq) - g.rank_of(self.victim)).abs();
            df.max(dr)
        };
        self.passed.iter().max_by_key(|&sq| distance(sq))
    }
}

/// A move as it was played: the move, the moving piece's code and the
/// captured piece's (0: none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Played {
    pub(crate) mv: Move,
    pub(crate) moved: u8,
    pub(crate) captured: u8,
}

/// A legal, playable position.
///
/// # Equality
/// Two positions are equal when placement, side to move, unmoved pieces
/// (hence castling rights) and en passant state agree; move counters and
/// history are ignored, as for repetition.
#[derive(Clone)]
pub struct Position {
    pub(crate) variant: Arc<Variant>,
    pub(crate) board: Board,
    pub(crate) unmoved: SquareSet,
    pub(crate) en_passant: Option<EnPassant>,
    pub(crate) side: Color,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
    /// Hashes of the earlier positions of the game, oldest first.
    pub(crate) history: Vec<u64>,
    /// How many of them stand before the engine's last null move, where
    /// the search for a repetition stops (0 without one).
    pub(crate) history_floor: usize,
    /// For each move played, what its after-move hook changed (only for
    /// variants with such a hook).
    pub(crate) effects: Vec<Vec<(Square, u8)>>,
    /// For each explosion played where pieces in hand remember promoted
    /// pieces: the promoted pieces it blew up (their marks go).
    pub(crate) blown_promoted: Vec<SquareSet>,
    /// For each move played (only for variants with hooks, for
    /// `pos.last_move()`): the move, the moving piece's code and the
    /// captured piece's (0: none); None for the engine's null move.
    pub(crate) played: Vec<Option<Played>>,
    /// The variant's counters: counter `i` of side `c` at `2 * i + c`.
    pub(crate) counters: [i32; 2 * crate::ir::MAX_COUNTERS],
    /// Pieces in hand: how many of each piece code (all 0 without hands).
    pub(crate) hands: [u8; HAND_SLOTS],
    /// The squares of promoted pieces, for variants that remember them
    /// (`demote promoted to …`).
    pub(crate) promoted: SquareSet,
    /// The running count of the counting rules (`counting …`).
    pub(crate) count: crate::vm::counting::Count,
    /// The checks each side has given in a row (`checkmate … unless its
    /// checks include …`; broken in variants without that rule).
    pub(crate) check_runs: ByColor<CheckRun>,
    /// How many moves in a row each side has given check with, up to its
    /// last move (`perpetual check loses`; 0 in variants without it).
    pub(crate) checks_in_a_row: ByColor<u32>,
    /// How many passes in a row led to this position (`pass when stuck`;
    /// two end the game).
    pub(crate) passes: u8,
    /// The moves played, for `moving back and forth …` (empty in variants
    /// without it).
    pub(crate) shuffles: Vec<crate::vm::back_and_forth::Step>,
    /// The moves played, for `chasing …` (empty in variants without it;
    /// None for the engine's null move).
    pub(crate) chase_log: Vec<Option<Played>>,
    /// The castling rule the last move played, if it castled (for
    /// `castling … wins`; none after a FEN or the engine's null move).
    pub(crate) last_castling: Option<u8>,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board.squares[..] == other.board.squares[..]
            && self.side == other.side
            && self.unmoved == other.unmoved
            && self.en_passant == other.en_passant
            && self.hands == other.hands
            && self.promoted == other.promoted
    }
}

/// Why a setup is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionErrorKind {
    /// The board has the wrong number of cells.
    WrongSize,
    /// A piece code the variant does not have.
    UnknownPiece {
        /// The square.
        square: String,
    },
    /// A piece stands on a void square.
    PieceOnVoid {
        /// The square.
        square: String,
    },
    /// A castling right without its king and rook in place.
    BadCastlingRight {
        /// The right's letter.
        letter: char,
    },
    /// An en passant field that no piece could have made.
    BadEnPassant {
        /// The reason.
        reason: String,
    },
    /// A side without a royal piece in a variant that has one.
    MissingRoyal {
        /// The side.
        color: Color,
    },
    /// The side that just moved has left its royal piece attacked.
    OppositeCheck,
    /// A square marked promoted (`~`) holds no piece.
    PromotedMarkOnEmpty {
        /// The square.
        square: String,
    },
    /// A hook failed while the position was checked.
    Hook {
        /// What went wrong.
        error: HookError,
    },
}

impl fmt::Display for PositionErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionErrorKind::WrongSize => {
                write!(f, "the board has the wrong size for this variant")
            }
            PositionErrorKind::UnknownPiece { square } => write!(f, "unknown piece on {square}"),
            PositionErrorKind::PieceOnVoid { square } => {
                write!(f, "a piece stands on the void square {square}")
            }
            PositionErrorKind::BadCastlingRight { letter } => {
                write!(
                    f,
                    "castling right `{letter}` but the king or rook is not on its square"
                )
            }
            PositionErrorKind::BadEnPassant { reason } => {
                write!(f, "bad en passant field: {reason}")
            }
            PositionErrorKind::MissingRoyal { color } => {
                let side = if *color == Color::White {
                    "White"
                } else {
                    "Black"
                };
                write!(f, "{side} has no royal piece")
            }
            PositionErrorKind::OppositeCheck => write!(f, "the side not to move is in check"),
            PositionErrorKind::PromotedMarkOnEmpty { square } => {
                write!(f, "{square} is marked promoted but holds no piece")
            }
            PositionErrorKind::Hook { error } => write!(f, "{error}"),
        }
    }
}

/// A setup that is not a legal position, with every reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// All the reasons.
    pub kinds: Vec<PositionErrorKind>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, k) in self.kinds.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            write!(f, "{k}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

/// Why [`Position::from_fen`] failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FromFenError {
    /// The FEN cannot be read.
    #[error(transparent)]
    Parse(#[from] crate::compile::fen::ParseFenError),
    /// The FEN is not a legal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl Position {
    /// The variant's start position (stored in the variant as data: no
    /// FEN is read).
    ///
    /// # Panics
    /// Never for a variant loaded with [`crate::compile_source`]: it checked
    /// the start position.
    ///
    /// # Examples
    ///
    /// ```
    /// use varia::notation::fen::write_fen;
    /// use varia::vm::Position;
    ///
    /// let variant = varia::compile_path("chess").unwrap();
    /// let start = Position::start(&variant);
    /// assert_eq!(
    ///     write_fen(&start),
    ///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    /// );
    /// ```
    pub fn start(variant: &Arc<Variant>) -> Position {
        Position::from_setup(variant, &variant.start)
            .expect("internal error: the start position was checked when the script was loaded")
    }

    /// Reads a position from FEN.
    ///
    /// # Errors
    /// The FEN cannot be read, or it is not a legal position of the variant.
    ///
    /// # Examples
    ///
    /// ```
    /// use varia::vm::Position;
    ///
    /// let variant = varia::compile_path("chess").unwrap();
    /// assert!(Position::from_fen(&variant, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_ok());
    /// let error = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/4K2r b - - 0 1").unwrap_err();
    /// assert_eq!(error.to_string(), "the side not to move is in check");
    /// ```
    pub fn from_fen(variant: &Arc<Variant>, fen: &str) -> Result<Position, FromFenError> {
        let setup = crate::compile::fen::parse_fen(variant, fen)?;
        Ok(Position::from_setup(variant, &setup)?)
    }

    /// Validates a setup.
    ///
    /// # Errors
    /// Every reason the setup is not a legal position.
    pub fn from_setup(variant: &Arc<Variant>, setup: &Setup) -> Result<Position, PositionError> {
        let geometry = &variant.geometry;
        let mut kinds = Vec::new();
        let mut pos = Position {
            variant: variant.clone(),
            board: Board::empty(),
            unmoved: SquareSet::EMPTY,
            en_passant: None,
            side: setup.side,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
            history: Vec::new(),
            history_floor: 0,
            effects: Vec::new(),
            blown_promoted: Vec::new(),
            played: Vec::new(),
            counters: [0; 2 * crate::ir::MAX_COUNTERS],
            hands: [0; HAND_SLOTS],
            promoted: SquareSet::EMPTY,
            count: setup.count.map_or_else(Default::default, |(limit, ply)| {
                crate::vm::counting::Count { limit, ply }
            }),
            check_runs: ByColor::default(),
            checks_in_a_row: ByColor::default(),
            passes: 0,
            shuffles: Vec::new(),
            chase_log: Vec::new(),
            last_castling: None,
        };
        // `hands unlimited`: nothing is counted in hand.
        if !variant.hands.as_ref().is_some_and(|h| h.unlimited) {
            for (code, &n) in setup.hands.iter().enumerate().take(HAND_SLOTS) {
                pos.hands[code] = n;
            }
        }
        for (i, (_, start)) in variant.counters.iter().enumerate() {
            pos.counters[2 * i] = *start;
            pos.counters[2 * i + 1] = *start;
        }
        if let (Some([w, b]), false) = (setup.counters, variant.counters.is_empty()) {
            pos.counters[0] = w;
            pos.counters[1] = b;
        }
        if setup.board.len() != geometry.cells() {
            return Err(PositionError {
                kinds: vec![PositionErrorKind::WrongSize],
            });
        }
        pos.place_setup(setup, &mut kinds);
        for &sq in &setup.promoted {
            if sq.index() < geometry.cells() && pos.board[sq.index()] != 0 {
                pos.promoted.insert(sq);
            } else {
                kinds.push(PositionErrorKind::PromotedMarkOnEmpty {
                    square: geometry.name(sq),
                });
            }
        }
        pos.mark_unmoved(setup, &mut kinds);
        pos.set_en_passant(setup, &mut kinds);
        pos.check_royals(&mut kinds);
        if !kinds.is_empty() {
            return Err(PositionError { kinds });
        }
        pos.hash = pos.compute_hash();
        pos.start_check_runs();
        Ok(pos)
    }

    /// Puts the setup's pieces on the board (a piece the variant does not
    /// have, or on a void, is an error).
    fn place_setup(&mut self, setup: &Setup, kinds: &mut Vec<PositionErrorKind>) {
        let variant = self.variant.clone();
        let geometry = &variant.geometry;
        let max_code = 2 * variant.pieces.len() as u8;
        for (i, &code) in setup.board.iter().enumerate() {
            if code == 0 {
                continue;
            }
            let sq = Square(i as u8);
            if code == WALL_CODE && !geometry.is_void(sq) {
                self.board.put_wall(sq);
                continue;
            }
            if code > max_code {
                kinds.push(PositionErrorKind::UnknownPiece {
                    square: geometry.name(sq),
                });
                continue;
            }
            if geometry.is_void(sq) {
                kinds.push(PositionErrorKind::PieceOnVoid {
                    square: geometry.name(sq),
                });
                continue;
            }
            self.put(sq, Piece::from_code(code));
        }
    }

    /// Which pieces count as never moved.
    fn mark_unmoved(&mut self, setup: &Setup, kinds: &mut Vec<PositionErrorKind>) {
        let variant = self.variant.clone();
        // Unmoved pieces: castling rights decide for castling pieces, the
        // setup square for every other piece that has first-move moves.
        // (Other pieces' first moves change nothing, so they are not tracked
        // and do not affect repetition.)
        for sq in self.occupied().iter() {
            let code = self.board[sq.index()];
            let piece = Piece::from_code(code);
            let def = variant.piece(piece.kind);
            if !variant.castling_kinds.contains(&piece.kind)
                && def.has_initial_moves()
                && !def.first_moves_in_fen
                && variant.start_codes[sq.index()] == code
            {
                self.unmoved.insert(sq);
            }
        }
        for &r in &setup.castling {
            let Some(rule) = variant.castling.get(r) else {
                continue;
            };
            if !rule.pieces_in_place(&self.board.squares) {
                kinds.push(PositionErrorKind::BadCastlingRight {
                    letter: rule.letter,
                });
                continue;
            }
            self.unmoved.insert(rule.king_from);
            self.unmoved.insert(rule.rook_from);
        }
        // Gating rights (`gate …`): the pieces the FEN names by file, while
        // their side can still gate (Fairy-Stockfish drops them otherwise).
        for &sq in &setup.gates {
            if let Some(p) = self.piece_at(sq) {
                // `first moves of … in FEN`: the FEN says which never moved.
                if variant.piece(p.kind).first_moves_in_fen || self.gates_stay_open(p.color) {
                    self.unmoved.insert(sq);
                }
            }
        }
    }

    /// Whether `color` holds a royal piece in hand (Placement chess's
    /// kings, before they are dropped).
    pub fn royal_in_hand(&self, color: Color) -> bool {
        self.variant.hands.as_ref().is_some_and(|h| h.royal_drops)
            && self.variant.pieces.iter().enumerate().any(|(k, def)| {
                def.royal_like()
                    && self.in_hand(Piece {
                        color,
                        kind: PieceKind(k as u8),
                    }) > 0
            })
    }

    /// The en passant chance of the setup, if a piece could have made it.
    fn set_en_passant(&mut self, setup: &Setup, kinds: &mut Vec<PositionErrorKind>) {
        if let Some((passed, victim)) = setup.en_passant {
            match self.en_passant_victim(passed, victim) {
                Ok(v) => {
                    // The field names the passed square farthest from the
                    // piece; the double step passed it and every empty
                    // square from it to the piece.
                    let mut set = self.empty_squares_between(passed, v);
                    set.insert(passed);
                    // Kept only if it can be taken, as after a move.
                    if self.can_capture_en_passant(&set, self.side) {
                        self.en_passant = Some(EnPassant {
                            passed: set,
                            victim: v,
                        });
                    }
                }
                Err(reason) => kinds.push(PositionErrorKind::BadEnPassant { reason }),
            }
        }
    }

    /// Each side has its royal piece (where the variant has them), and the
    /// side that just moved has not left its own attacked.
    fn check_royals(&mut self, kinds: &mut Vec<PositionErrorKind>) {
        let variant = self.variant.clone();
        // A side must have a royal piece when the variant has one, unless
        // pieces can vanish (an exploded king in Atomic ends the game; that
        // position is still a position).
        let pieces_can_vanish = variant.pieces_can_vanish();
        for color in Color::ALL {
            if variant.needs_royal(color)
                && self.board.royals.get(color).is_empty()
                && !self.royal_in_hand(color)
            {
                kinds.push(PositionErrorKind::MissingRoyal { color });
            }
        }
        let opposite_check = if pieces_can_vanish {
            // A check is a capture that leaves the capturer a royal piece.
            kinds.is_empty()
                && match self.in_check_with_effects(self.side.opposite()) {
                    Ok(check) => check,
                    Err(error) => {
                        kinds.push(PositionErrorKind::Hook { error });
                        false
                    }
                }
        } else {
            kinds.is_empty() && self.is_royal_attacked(self.side.opposite())
        };
        if opposite_check {
            kinds.push(PositionErrorKind::OppositeCheck);
        }
    }

    /// Checks an en passant field and finds the piece that passed the square.
    fn en_passant_victim(&self, passed: Square, victim: Option<Square>) -> Result<Square, String> {
        self.variant
            .en_passant_victim(&self.board.squares, self.side, passed, victim)
            .map_err(|e| e.to_string())
    }

    /// Whether the piece on `v` could have just made a double step over `passed`.
    pub(crate) fn could_have_passed(&self, v: Square, passed: Square) -> bool {
        self.variant
            .could_have_passed(&self.board.squares, v, passed)
    }

    /// Puts a piece on an empty square, keeping the sets in step (not the hash).
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.board.put(&self.variant, sq, piece);
    }

    /// Removes the piece from a square, keeping the sets in step (not the hash).
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> u8 {
        self.board.take(sq)
    }

    /// The hash computed from scratch.
    pub fn compute_hash(&self) -> u64 {
        let z = &self.variant.zobrist;
        let mut h = 0;
        for sq in self.occupied().iter() {
            h ^= z.piece(self.board[sq.index()], sq);
        }
        for sq in self.board.walls.iter() {
            h ^= z.wall[sq.index()];
        }
        for sq in self.unmoved.iter() {
            h ^= z.unmoved[sq.index()];
        }
        if let Some(ep) = &self.en_passant {
            for sq in ep.passed.iter() {
                h ^= z.en_passant[sq.index()];
            }
        }
        if self.side == Color::Black {
            h ^= z.black_to_move;
        }
        for i in 0..2 * self.variant.counters.len() {
            h ^= z.counter(i / 2, i % 2, self.counters[i]);
        }
        if self.variant.hands.is_some() {
            for (code, &n) in self.hands.iter().enumerate() {
                h ^= z.hand(code as u8, n);
            }
            for sq in self.promoted.iter() {
                h ^= z.promoted[sq.index()];
            }
        }
        h
    }

    /// The value of counter `index` for a side.
    pub fn counter(&self, index: usize, color: Color) -> i32 {
        self.counters[2 * index + color.index()]
    }

    /// How many pieces of this kind and colour are in hand (0 with `hands
    /// unlimited`, which counts none: see [`Position::holds`]).
    pub fn in_hand(&self, piece: Piece) -> u8 {
        self.hands.get(piece.code() as usize).copied().unwrap_or(0)
    }

    /// Whether the side of `piece` has one in hand to drop: one or more
    /// counted, or any with `hands unlimited`.
    pub fn holds(&self, piece: Piece) -> bool {
        self.in_hand(piece) > 0 || self.variant.hands.as_ref().is_some_and(|h| h.unlimited)
    }

    /// The squares of pieces marked promoted (variants that remember them).
    pub fn promoted(&self) -> &SquareSet {
        &self.promoted
    }

    /// The variant being played.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_board_code(self.board[sq.index()])
    }

    /// The walls (`walls …`, `*` in FEN): squares no piece may enter or pass.
    pub fn walls(&self) -> &SquareSet {
        &self.board.walls
    }

    /// The squares holding a piece of either side.
    pub fn occupied(&self) -> SquareSet {
        self.board.by_color.white.union(&self.board.by_color.black)
    }

    /// The squares holding a piece of one side.
    pub fn pieces_of(&self, color: Color) -> &SquareSet {
        self.board.by_color.get(color)
    }

    /// How many pieces of `kind` `color` has on the board (not in hand).
    pub fn count_on_board(&self, color: Color, kind: PieceKind) -> u32 {
        self.pieces_of(color)
            .iter()
            .filter(|sq| Piece::from_code(self.board[sq.index()]).kind == kind)
            .count() as u32
    }

    /// The squares of pieces that have never moved.
    pub fn unmoved(&self) -> &SquareSet {
        &self.unmoved
    }

    /// The en passant chance, if any.
    pub fn en_passant(&self) -> Option<&EnPassant> {
        self.en_passant.as_ref()
    }

    /// Half-moves since the last capture or move of a promotable piece.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist hash.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The piece kind with this name, if the variant has it.
    pub fn kind_named(&self, name: &str) -> Option<PieceKind> {
        self.variant
            .pieces
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
            .map(|i| PieceKind(i as u8))
    }

    /// Checks the internal invariants (sets agree with the board, hash agrees).
    ///
    /// # Panics
    /// If an invariant is broken: that is a bug in the VM.
    pub fn assert_valid(&self) {
        let mut white = SquareSet::EMPTY;
        let mut black = SquareSet::EMPTY;
        for sq in self.variant.geometry.squares().iter() {
            if let Some(p) = self.piece_at(sq) {
                match p.color {
                    Color::White => white.insert(sq),
                    Color::Black => black.insert(sq),
                }
            }
        }
        let walls: SquareSet = self
            .variant
            .geometry
            .squares()
            .iter()
            .filter(|sq| self.board[sq.index()] == WALL_CODE)
            .collect();
        assert_eq!(walls, self.board.walls, "the walls' set");
        assert_eq!(white, self.board.by_color.white, "white's set");
        assert_eq!(black, self.board.by_color.black, "black's set");
        assert_eq!(self.hash, self.compute_hash(), "incremental hash");
        assert!(
            self.unmoved.difference(&self.occupied()).is_empty(),
            "unmoved squares are occupied"
        );
        assert!(
            self.promoted.difference(&self.occupied()).is_empty(),
            "promoted squares are occupied"
        );
    }
}
