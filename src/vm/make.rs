//! Making and unmaking moves: `play_unchecked` / `unplay`, and the checked
//! `try_play` and panicking `play`.

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::piece::{ByColor, Color, Piece};
use crate::vm::hook_error::HookError;
use crate::vm::mating::CheckRun;
use crate::vm::moves::{Gate, Move, MoveKind};
use crate::vm::position::{EnPassant, Played, Position};

/// What `unplay` needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    moved: u8,
    captured: u8,
    en_passant: Option<EnPassant>,
    unmoved: SquareSet,
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
    counters: [i32; 2 * crate::ir::MAX_COUNTERS],
    count: crate::vm::counting::Count,
    check_runs: ByColor<CheckRun>,
    checks_in_a_row: ByColor<u32>,
    /// The captured piece was a promoted one (variants that remember them).
    captured_promoted: bool,
    /// The capturing piece turned to stone (`captures petrify`), and
    /// whether it was a promoted one (its mark went with it).
    petrified: Option<bool>,
    /// The pieces the move turned to the mover's side (`flip …`).
    flipped: SquareSet,
    /// The passes in a row before the move (`pass when stuck`).
    passes: u8,
    /// The walls the move's duck left (`walls duck`).
    walls_taken: SquareSet,
    /// The castling rule of the move before (`castling … wins`).
    last_castling: Option<u8>,
}

/// What [`Position::unplay_null`] needs to take a passed turn back.
#[derive(Clone, Copy, Debug)]
pub struct NullUndo {
    en_passant: Option<EnPassant>,
    halfmoves: u32,
    hash: u64,
    check_runs: ByColor<CheckRun>,
    checks_in_a_row: ByColor<u32>,
    history_floor: usize,
    last_castling: Option<u8>,
}

/// Why a move could not be played; the position is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move is not legal in the position it was tried on.
    Illegal {
        /// The move.
        mv: Move,
    },
    /// A hook of the variant failed while judging or making the move.
    Hook {
        /// The move.
        mv: Move,
        /// What went wrong.
        error: HookError,
    },
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Illegal { .. } => write!(f, "illegal move"),
            PlayError::Hook { error, .. } => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl Position {
    /// Plays a move after checking it is legal (the one move is checked;
    /// the legal moves are not generated).
    ///
    /// # Errors
    /// [`PlayError`] if the move is not legal or a hook failed; the
    /// position is unchanged.
    pub fn try_play(&mut self, mv: Move) -> Result<(), PlayError> {
        match self.is_legal(mv) {
            Ok(true) => {}
            Ok(false) => return Err(PlayError::Illegal { mv }),
            Err(error) => return Err(PlayError::Hook { mv, error }),
        }
        self.make(mv)
            .map(|_| ())
            .map_err(|error| PlayError::Hook { mv, error })
    }

    /// Plays a legal move.
    ///
    /// # Panics
    /// If the move is not legal.
    pub fn play(&mut self, mv: Move) {
        if self.try_play(mv).is_err() {
            panic!("illegal move {mv:?}");
        }
    }

    /// Plays a move without checking it.
    ///
    /// The move must be legal (or at least pseudo-legal, for internal use);
    /// anything else leaves the position inconsistent. Returns what
    /// [`Position::unplay`] needs to take it back.
    ///
    /// The variant's after-move hook cannot fail on a move
    /// [`Position::legal_moves`] or [`Position::is_legal`] accepted (they
    /// ran it on that move in this position); on any other move it may,
    /// and the move is then played without the hook's effects
    /// ([`Position::try_play`] reports the failure instead).
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        match self.make(mv) {
            Ok(undo) => undo,
            Err(_) => {
                let undo = self.make_by_rules(mv);
                self.played.push(Some(Played {
                    mv,
                    moved: undo.moved,
                    captured: undo.captured,
                }));
                self.effects.push(Vec::new());
                if self.variant.game_end.keeps_check_runs() {
                    self.advance_check_run();
                }
                undo
            }
        }
    }

    /// Plays a move without checking it, running the after-move hook.
    ///
    /// # Errors
    /// The after-move hook failed; the move is taken back.
    #[inline]
    pub(crate) fn make(&mut self, mv: Move) -> Result<Undo, HookError> {
        let undo = self.make_by_rules(mv);
        if self.variant.hooks.is_some() {
            self.played.push(Some(Played {
                mv,
                moved: undo.moved,
                captured: undo.captured,
            }));
            match self.apply_after_move_hook(mv, undo.moved, undo.captured) {
                Ok(effects) => self.effects.push(effects),
                Err(e) => {
                    self.effects.push(Vec::new());
                    self.unplay(mv, undo);
                    return Err(e);
                }
            }
        }
        // After the hook's effects: the check the move gives is the one
        // they leave.
        if self.variant.game_end.keeps_check_runs() {
            self.advance_check_run();
        }
        Ok(undo)
    }

    /// Plays a move by the rules of the language (explosions and checks
    /// given included), without the after-move hook.
    #[inline(always)]
    fn make_by_rules(&mut self, mv: Move) -> Undo {
        let code = self.moving_code(mv);
        let mut undo = self.undo_record(code);
        let logged = self
            .logs_back_and_forth()
            .then(|| crate::vm::back_and_forth::Step::of(mv, code, self.is_check()));
        self.history.push(self.hash);
        let mut h = self.hash;
        if let Some(ep) = self.en_passant.take() {
            for sq in ep.passed.iter() {
                h ^= self.variant.zobrist.en_passant[sq.index()];
            }
        }
        let mut captured = 0;
        self.last_castling = None;
        match mv.kind {
            MoveKind::Castle(r) => h ^= self.make_castle(r),
            MoveKind::Drop(_) => h ^= self.make_drop(mv.to, code),
            MoveKind::Pass => {}
            _ => {
                let victim = if mv.kind == MoveKind::EnPassant {
                    undo.en_passant.map_or(mv.to, |ep| ep.victim)
                } else {
                    mv.to
                };
                // A promotion in place (`to == from`) takes nothing.
                if self.board[victim.index()] != 0 && mv.kind != MoveKind::Promote {
                    captured = self.take(victim);
                    h ^= self.variant.zobrist.piece(captured, victim);
                    if self.unmoved.contains(victim) {
                        self.unmoved.remove(victim);
                        h ^= self.variant.zobrist.unmoved[victim.index()];
                    }
                    if self.variant.hands.is_some() {
                        undo.captured_promoted = self.promoted.contains(victim);
                        h ^= self.capture_to_hand(captured, victim, undo.captured_promoted);
                    }
                }
                self.take(mv.from);
                let new_piece = match mv.promotion {
                    Some(kind) => Piece {
                        color: self.side,
                        kind,
                    },
                    None => Piece::from_code(code),
                };
                self.put(mv.to, new_piece);
                h ^= self.variant.zobrist.piece(code, mv.from)
                    ^ self.variant.zobrist.piece(new_piece.code(), mv.to);
                if self.unmoved.contains(mv.from) {
                    self.unmoved.remove(mv.from);
                    h ^= self.variant.zobrist.unmoved[mv.from.index()];
                }
                if self.variant.tracks_promoted()
                    && (mv.promotion.is_some() || self.promoted.contains(mv.from))
                {
                    h ^= self.move_promoted_mark(mv);
                }
                if mv.kind == MoveKind::DoubleStep {
                    h ^= self.open_en_passant(mv);
                }
                // Castling partners die only when a castling square
                // loses its unmoved flag.
                let cs = &self.variant.castling_squares;
                if (undo.unmoved.contains(mv.from) && cs.contains(mv.from))
                    || (undo.unmoved.contains(victim) && cs.contains(victim))
                {
                    h ^= self.drop_dead_castling_flags();
                }
            }
        }
        if let Some(gate) = mv.gate {
            h ^= self.make_gate(mv, gate, &mut undo);
        }
        h ^= self.flip_or_pass(mv, &mut undo);
        h ^= self.mover_effects(mv, code, captured, &mut undo);
        self.advance_clocks(mv, code, captured);
        self.side = self.side.opposite();
        h ^= self.variant.zobrist.black_to_move;
        self.hash = h;
        if self.variant.explosion.is_some() {
            let blown = if captured != 0 {
                self.explode(mv.to)
            } else {
                Vec::new()
            };
            self.effects.push(blown);
        }
        if let Some(limit) = self.variant.game_end.check_limit {
            self.count_check(limit.counter);
        }
        if self.variant.game_end.counting.is_some() {
            self.advance_count(captured, mv.promotion.is_some());
        }
        if let Some(step) = logged {
            self.shuffles.push(crate::vm::back_and_forth::Step {
                captured: captured != 0,
                ..step
            });
        }
        if self.logs_chases() {
            self.chase_log.push(Some(Played {
                mv,
                moved: code,
                captured,
            }));
        }
        Undo { captured, ..undo }
    }

    /// What the moving piece's own rules do once it stands on `mv.to`: it
    /// turns to stone if it captured (`captures petrify`), and takes first
    /// moves away (`first moves of … lost when …`). Returns the hash change.
    #[inline(always)]
    fn mover_effects(&mut self, mv: Move, code: u8, captured: u8, undo: &mut Undo) -> u64 {
        let def = self.variant.piece(Piece::from_code(code).kind);
        let (petrifies, takes_first_moves) = (def.petrifies, def.takes_first_moves);
        let mut h = 0;
        if captured != 0 && petrifies {
            let (change, was_promoted) = self.petrify(mv.to);
            h ^= change;
            undo.petrified = Some(was_promoted);
        }
        if takes_first_moves && !matches!(mv.kind, MoveKind::Castle(_)) {
            h ^= self.take_first_moves(code, mv.to);
        }
        h
    }

    /// `first moves of A lost when a B moves onto its rank or file`: the
    /// piece `code` has moved to `to`; the enemy pieces that lose their
    /// first moves to it there (on `to`'s rank or file, pieces between or
    /// not, as Fairy-Stockfish's Cambodian king) lose them. Returns the
    /// hash change.
    fn take_first_moves(&mut self, code: u8, to: Square) -> u64 {
        let kind = Piece::from_code(code).kind;
        let g = &self.variant.geometry;
        let mut h = 0;
        let them = self.side.opposite();
        for sq in self
            .unmoved
            .intersection(self.board.by_color.get(them))
            .iter()
        {
            let on_line = g.file_of(sq) == g.file_of(to) || g.rank_of(sq) == g.rank_of(to);
            let loses = self
                .piece_at(sq)
                .is_some_and(|p| self.variant.piece(p.kind).first_moves_lost_to >> kind.0 & 1 != 0);
            if on_line && loses {
                self.unmoved.remove(sq);
                h ^= self.variant.zobrist.unmoved[sq.index()];
            }
        }
        h
    }

    /// What `unplay` needs of the position before a move of the piece
    /// `code` (the capture and its effects are filled in as they happen).
    #[inline(always)]
    fn undo_record(&self, code: u8) -> Undo {
        Undo {
            moved: code,
            captured: 0,
            en_passant: self.en_passant,
            unmoved: self.unmoved,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            hash: self.hash,
            counters: self.counters,
            count: self.count,
            check_runs: self.check_runs,
            checks_in_a_row: self.checks_in_a_row,
            captured_promoted: false,
            petrified: None,
            flipped: SquareSet::EMPTY,
            passes: self.passes,
            walls_taken: SquareSet::EMPTY,
            last_castling: self.last_castling,
        }
    }

    /// Counts a pass (`pass when stuck`), or turns the pieces a move flips
    /// (`flip …`, kept in `undo`); returns the hash change.
    #[inline(always)]
    fn flip_or_pass(&mut self, mv: Move, undo: &mut Undo) -> u64 {
        if mv.kind == MoveKind::Pass {
            self.passes = self.passes.saturating_add(1);
            return 0;
        }
        self.passes = 0;
        let (flipped, change) = self.flip_after_move(mv);
        undo.flipped = flipped;
        change
    }

    /// The move counters after `mv` (of the piece `code`, capturing
    /// `captured`, 0 for none), before the side to move changes.
    #[inline(always)]
    fn advance_clocks(&mut self, mv: Move, code: u8, captured: u8) {
        // A drop or a promotion cannot be taken back: it resets the
        // clock (as in Fairy-Stockfish; gating does not, nor a promotion
        // into a piece that promotes again, which may turn back).
        let resets = captured != 0
            || matches!(mv.kind, MoveKind::Drop(_))
            || mv
                .promotion
                .is_some_and(|k| !self.variant.promotion.promotes(k))
            // A wall put instead of a move (`instead-of-moving`) counts,
            // as in FS, as a move of the first piece it is written with:
            // a pawn's resets the clock.
            || ((mv.kind != MoveKind::Pass || mv.gate.is_some())
                && self.irreversible_move_of_a_resetting_piece(mv, code));
        // Saturating (from u32::MAX, which a FEN may give): never wraps.
        let clock = self.halfmoves.saturating_add(1);
        self.halfmoves = if resets { 0 } else { clock };
        if self.side == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
    }

    /// Whether `mv` is a move of a piece that resets the move rule (one
    /// that promotes), which it could not take straight back.
    #[inline(always)]
    fn irreversible_move_of_a_resetting_piece(&self, mv: Move, code: u8) -> bool {
        let def = self.variant.piece(Piece::from_code(code).kind);
        def.resets_move_rule
            && !(def.moves_back && self.variant.tables.moves_quietly(code, mv.to, mv.from))
    }

    /// The code of the piece `mv` moves (for a drop, the piece from hand).
    #[inline(always)]
    pub(crate) fn moving_code(&self, mv: Move) -> u8 {
        match mv.kind {
            MoveKind::Drop(kind) => Piece {
                color: self.side,
                kind,
            }
            .code(),
            _ => self.board[mv.from.index()],
        }
    }

    /// After the double step `mv`, the en passant chance it gives, if an
    /// enemy piece could take it (so that it never makes positions differ
    /// for repetition when it cannot); returns the hash change.
    #[inline]
    fn open_en_passant(&mut self, mv: Move) -> u64 {
        let passed = self.empty_squares_between(mv.from, mv.to);
        if !self.can_capture_en_passant(&passed, self.side.opposite()) {
            return 0;
        }
        let mut h = 0;
        for sq in passed.iter() {
            h ^= self.variant.zobrist.en_passant[sq.index()];
        }
        self.en_passant = Some(EnPassant {
            passed,
            victim: mv.to,
        });
        h
    }

    /// Plays castling by rule `r` (kept as the last castling, for
    /// `castling … wins`); returns the hash change.
    fn make_castle(&mut self, r: u8) -> u64 {
        self.last_castling = Some(r);
        let rule = &self.variant.castling[r as usize];
        let (kf, kt, rf, rt) = (rule.king_from, rule.king_to, rule.rook_from, rule.rook_to);
        let king = self.take(kf);
        let rook = self.take(rf);
        self.put(kt, Piece::from_code(king));
        self.put(rt, Piece::from_code(rook));
        let z = &self.variant.zobrist;
        let mut h = z.piece(king, kf) ^ z.piece(king, kt) ^ z.piece(rook, rf) ^ z.piece(rook, rt);
        for sq in [kf, rf] {
            if self.unmoved.contains(sq) {
                self.unmoved.remove(sq);
                h ^= self.variant.zobrist.unmoved[sq.index()];
            }
        }
        if self.variant.opposite_castling {
            h ^= self.close_the_wing_castled_on(r);
        }
        h ^ self.drop_dead_castling_flags()
    }

    /// `castling on opposite wings`: the other side's rooks of castling on
    /// the wing of rule `r` count as moved, which takes away those rights
    /// (as Fairy-Stockfish's `oppositeCastling` drops them). Returns the
    /// hash change.
    #[cold]
    fn close_the_wing_castled_on(&mut self, r: u8) -> u64 {
        let variant = self.variant.clone();
        let g = &variant.geometry;
        let wing = |rule: &crate::ir::rule::CastlingRule| {
            g.file_of(rule.rook_from) > g.file_of(rule.king_from)
        };
        let castled = &variant.castling[r as usize];
        let mut h = 0;
        for rule in &variant.castling {
            if rule.color != castled.color
                && wing(rule) == wing(castled)
                && self.unmoved.contains(rule.rook_from)
            {
                self.unmoved.remove(rule.rook_from);
                h ^= variant.zobrist.unmoved[rule.rook_from.index()];
            }
        }
        h
    }

    /// Puts a piece of `code` from the mover's hand on `to` (from the hand
    /// slot of the kind it is a face of, for `either-face`); returns the
    /// hash change.
    fn make_drop(&mut self, to: Square, code: u8) -> u64 {
        self.put(to, Piece::from_code(code));
        let slot = self
            .variant
            .hands
            .as_ref()
            .map_or(code, |h| h.slot_of_drop(code));
        let z = &self.variant.zobrist;
        let mut h = z.piece(code, to);
        if !self.variant.hands.as_ref().is_some_and(|h| h.unlimited) {
            let n = self.hands[slot as usize];
            h ^= z.hand(slot, n) ^ z.hand(slot, n.wrapping_sub(1));
            self.hands[slot as usize] = n.wrapping_sub(1);
        }
        // As when a FEN is read: a piece with first-move moves counts as
        // unmoved on a square where the setup has one like it (a pawn
        // dropped on its second rank may step two).
        let kind = Piece::from_code(code).kind;
        if self.variant.start_codes[to.index()] == code
            && self.variant.piece(kind).has_initial_moves()
            && !self.variant.castling_kinds.contains(&kind)
        {
            self.unmoved.insert(to);
            h ^= z.unmoved[to.index()];
        }
        if self
            .variant
            .hands
            .as_ref()
            .is_some_and(|h| h.castling_from_drops)
        {
            h ^= self.castling_rights_from_drop(code, to);
        }
        h
    }

    /// `castling from drops`: a king dropped on a castling rule's king
    /// square whose rook stands on its own, or a rook dropped on its square
    /// beside its king, gives both the castling right (their unmoved
    /// flags), as Fairy-Stockfish's `castlingDroppedPiece`. Returns the
    /// hash change.
    fn castling_rights_from_drop(&mut self, code: u8, to: Square) -> u64 {
        let variant = self.variant.clone();
        let piece = Piece::from_code(code);
        let mut h = 0;
        for rule in variant.castling.iter().filter(|r| r.color == piece.color) {
            let king = Piece {
                color: piece.color,
                kind: rule.king,
            }
            .code();
            let rook = Piece {
                color: piece.color,
                kind: rule.rook,
            }
            .code();
            let pair = (piece.kind == rule.king
                && to == rule.king_from
                && self.board[rule.rook_from.index()] == rook)
                || (piece.kind == rule.rook
                    && to == rule.rook_from
                    && self.board[rule.king_from.index()] == king);
            if !pair {
                continue;
            }
            for sq in [rule.king_from, rule.rook_from] {
                if !self.unmoved.contains(sq) {
                    self.unmoved.insert(sq);
                    h ^= variant.zobrist.unmoved[sq.index()];
                }
            }
        }
        h
    }

    /// Puts the gating piece of `mv` from the mover's hand on the square
    /// the move left, closing the mover's gates when that empties a hand
    /// that captures never refill; or puts the move's wall (the duck
    /// leaves the squares it stood on, kept in `undo`). Returns the hash
    /// change.
    #[cold]
    #[inline(never)]
    fn make_gate(&mut self, mv: Move, gate: Gate, undo: &mut Undo) -> u64 {
        let sq = mv.gate_square(&self.variant, gate);
        let kind = match gate {
            Gate::Wall(_) => {
                let z = &self.variant.zobrist;
                let mut h = z.wall[sq.index()];
                if self.variant.walls_move() {
                    undo.walls_taken = self.board.walls;
                    for old in undo.walls_taken.iter() {
                        self.board.take_wall(old);
                        h ^= z.wall[old.index()];
                    }
                }
                self.board.put_wall(sq);
                return h;
            }
            Gate::Piece { kind, .. } => kind,
        };
        let code = Piece {
            color: self.side,
            kind,
        }
        .code();
        self.put(sq, Piece::from_code(code));
        let z = &self.variant.zobrist;
        let n = self.hands[code as usize];
        let mut h = z.piece(code, sq) ^ z.hand(code, n) ^ z.hand(code, n.wrapping_sub(1));
        self.hands[code as usize] = n.wrapping_sub(1);
        if !self.gates_stay_open(self.side) {
            h ^= self.close_gates(self.side);
        }
        h
    }

    /// Whether `color`'s gates can still be used: its hand holds a piece,
    /// or captures may fill it.
    pub(crate) fn gates_stay_open(&self, color: Color) -> bool {
        let Some(hands) = &self.variant.hands else {
            return false;
        };
        hands.keep_captures
            || (0..self.variant.pieces.len()).any(|k| {
                let code = Piece {
                    color,
                    kind: crate::ir::piece::PieceKind(k as u8),
                }
                .code();
                self.hands[code as usize] > 0
            })
    }

    /// Clears the unmoved flags that only kept `color`'s gates open (not
    /// those of pieces with first-move moves, nor of a castling king and
    /// rook that may still castle). Returns the hash change.
    fn close_gates(&mut self, color: Color) -> u64 {
        let variant = self.variant.clone();
        let Some(gating) = variant.hands.as_ref().and_then(|h| h.gating.as_ref()) else {
            return 0;
        };
        let mut h = 0;
        let flags = self
            .unmoved
            .intersection(gating.region.get(color))
            .intersection(self.board.by_color.get(color));
        for sq in flags.iter() {
            let kind = Piece::from_code(self.board[sq.index()]).kind;
            let castles = variant.castling.iter().any(|r| {
                (r.king_from == sq || r.rook_from == sq)
                    && self.unmoved.contains(r.king_from)
                    && self.unmoved.contains(r.rook_from)
            });
            if !castles && !variant.piece(kind).has_initial_moves() {
                self.unmoved.remove(sq);
                h ^= variant.zobrist.unmoved[sq.index()];
            }
        }
        h
    }

    /// Moves the promoted mark of a piece that moves from `from` to `to`
    /// (set when the move promotes); returns the hash change.
    fn move_promoted_mark(&mut self, mv: Move) -> u64 {
        let z = &self.variant.zobrist;
        let mut h = 0;
        if self.promoted.contains(mv.from) {
            self.promoted.remove(mv.from);
            h ^= z.promoted[mv.from.index()];
        }
        self.promoted.insert(mv.to);
        h ^ z.promoted[mv.to.index()]
    }

    /// A piece captured on `victim` (board code `captured`, `promoted` if
    /// it was a promoted one) goes to the capturer's hand, demoted, when
    /// the variant keeps captures; its promoted mark goes. Returns the
    /// hash change.
    fn capture_to_hand(&mut self, captured: u8, victim: Square, promoted: bool) -> u64 {
        let Some(hands) = &self.variant.hands else {
            return 0;
        };
        let z = &self.variant.zobrist;
        let mut h = 0;
        if promoted {
            self.promoted.remove(victim);
            h ^= z.promoted[victim.index()];
        }
        if hands.keep_captures {
            let slot = hands.slot_of_capture(captured, promoted) as usize;
            let n = self.hands[slot];
            h ^= z.hand(slot as u8, n) ^ z.hand(slot as u8, n.saturating_add(1));
            self.hands[slot] = n.saturating_add(1);
        }
        h
    }

    /// `captures petrify`: the piece that captured on `to` turns to stone (a
    /// wall); returns the hash change and whether it bore a promoted mark
    /// (which goes). `unplay` puts it back.
    #[cold]
    #[inline(never)]
    fn petrify(&mut self, to: Square) -> (u64, bool) {
        let z = &self.variant.zobrist;
        let code = self.board.take(to);
        let mut h = z.piece(code, to) ^ z.wall[to.index()];
        self.board.put_wall(to);
        let was_promoted = self.promoted.contains(to);
        if was_promoted {
            self.promoted.remove(to);
            h ^= z.promoted[to.index()];
        }
        (h, was_promoted)
    }

    /// `captures explode`: removes the capturing piece on `center` and
    /// every piece next to it but the spared kinds; where captures go to
    /// hand, each goes to its opponent's hand as if captured (demoted as
    /// a capture demotes it: Fairy-Stockfish's atomic crazyhouse). Returns
    /// what [`Position::undo_effects`] needs (the hash and unmoved flags
    /// are restored by `unplay`, the hands by [`Position::unexplode_hands`]).
    fn explode(&mut self, center: Square) -> Vec<(Square, u8)> {
        let variant = self.variant.clone();
        let mut blown = Vec::with_capacity(9);
        let mut promoted = SquareSet::EMPTY;
        for sq in self.board.blast(&variant, center).iter() {
            let code = self.board[sq.index()];
            blown.push((sq, code));
            self.take(sq);
            self.hash ^= variant.zobrist.piece(code, sq);
            if self.unmoved.contains(sq) {
                self.unmoved.remove(sq);
                self.hash ^= variant.zobrist.unmoved[sq.index()];
            }
            if self.promoted.contains(sq) {
                self.promoted.remove(sq);
                self.hash ^= variant.zobrist.promoted[sq.index()];
                promoted.insert(sq);
            }
            if let Some(hands) = variant.hands.as_ref().filter(|h| h.keep_captures) {
                let slot = hands.slot_of_capture(code, promoted.contains(sq)) as usize;
                let n = self.hands[slot];
                self.hash ^= variant.zobrist.hand(slot as u8, n)
                    ^ variant.zobrist.hand(slot as u8, n.saturating_add(1));
                self.hands[slot] = n.saturating_add(1);
            }
        }
        if variant.tracks_promoted() || variant.hands.as_ref().is_some_and(|h| h.keep_captures) {
            self.blown_promoted.push(promoted);
        }
        blown
    }

    /// Takes back what [`Position::explode`] put in hand and the promoted
    /// marks it took (kept wherever promoted pieces are remembered),
    /// before the board's pieces come back.
    fn unexplode_hands(&mut self, blown: &[(Square, u8)]) {
        let variant = self.variant.clone();
        let keeps = variant.hands.as_ref().filter(|h| h.keep_captures);
        if !variant.tracks_promoted() && keeps.is_none() {
            return;
        }
        let promoted = self.blown_promoted.pop().unwrap_or_default();
        if let Some(hands) = keeps {
            for &(sq, code) in blown {
                let slot = hands.slot_of_capture(code, promoted.contains(sq)) as usize;
                self.hands[slot] = self.hands[slot].saturating_sub(1);
            }
        }
        self.promoted = self.promoted.union(&promoted);
    }

    /// `giving N checks`: a move that gives check takes one from the
    /// mover's checks left to give (`unplay` restores the counters).
    fn count_check(&mut self, counter: usize) {
        if !self.is_check() {
            return;
        }
        let mover = self.side.opposite();
        let slot = 2 * counter + mover.index();
        let z = &self.variant.zobrist;
        self.hash ^= z.counter(counter, mover.index(), self.counters[slot]);
        self.counters[slot] -= 1;
        self.hash ^= z.counter(counter, mover.index(), self.counters[slot]);
    }

    /// Clears the unmoved flag of castling kings and rooks that no longer
    /// have a castling partner (so a rook whose king has moved counts as
    /// moved, and castling rights alone decide equality). Pieces that also
    /// have first-move moves keep their flag. Returns the hash change.
    fn drop_dead_castling_flags(&mut self) -> u64 {
        let mut h = 0;
        let variant = self.variant.clone();
        for sq in variant.castling_squares.iter() {
            if !self.unmoved.contains(sq) {
                continue;
            }
            if let Some(p) = self.piece_at(sq) {
                if variant.piece(p.kind).has_initial_moves() || self.keeps_gate(p.color, sq) {
                    continue;
                }
            }
            let alive = variant.castling.iter().any(|r| {
                (r.king_from == sq || r.rook_from == sq)
                    && self.unmoved.contains(r.king_from)
                    && self.unmoved.contains(r.rook_from)
            });
            if !alive {
                self.unmoved.remove(sq);
                h ^= variant.zobrist.unmoved[sq.index()];
            }
        }
        h
    }

    /// Whether the unmoved piece of `color` on `sq` keeps a gate open
    /// (so its flag stays when it can no longer castle).
    fn keeps_gate(&self, color: Color, sq: Square) -> bool {
        self.variant
            .hands
            .as_ref()
            .and_then(|h| h.gating.as_ref())
            .is_some_and(|g| g.opens(color, sq))
            && self.gates_stay_open(color)
    }

    /// Whether a piece of `by` could capture en passant on one of `passed`.
    pub(crate) fn can_capture_en_passant(&self, passed: &SquareSet, by: Color) -> bool {
        let t = &self.variant.tables;
        for x in passed.iter() {
            let (a, b) = t.en_passant_ranges[x.index()];
            for src in &t.en_passant_sources[a as usize..b as usize] {
                if self.board[src.origin.index()] != src.code
                    || !crate::vm::movegen::is_color(src.code, by)
                    || (src.initial && !self.unmoved.contains(src.origin))
                {
                    continue;
                }
                let s = src.path_start as usize;
                let path = &t.path_squares[s..s + src.before as usize];
                if path.iter().all(|q| self.board[q.index()] == 0) {
                    return true;
                }
            }
        }
        false
    }

    /// Takes back the move `mv`, which must be the last one played, with its undo record.
    pub fn unplay(&mut self, mv: Move, undo: Undo) {
        // Hook effects were pushed after the explosion's: taken back first.
        if self.variant.hooks.is_some() {
            if let Some(effects) = self.effects.pop() {
                self.undo_effects(effects);
            }
            self.played.pop();
        }
        if self.variant.explosion.is_some() {
            if let Some(blown) = self.effects.pop() {
                self.unexplode_hands(&blown);
                self.undo_effects(blown);
            }
        }
        self.side = self.side.opposite();
        self.turn_over(&undo.flipped);
        self.passes = undo.passes;
        self.last_castling = undo.last_castling;
        match mv.gate {
            Some(gate @ Gate::Piece { .. }) => {
                let code = self.take(mv.gate_square(&self.variant, gate));
                self.hands[code as usize] = self.hands[code as usize].wrapping_add(1);
            }
            Some(Gate::Wall(sq)) => {
                self.board.take_wall(sq);
                for old in undo.walls_taken.iter() {
                    self.board.put_wall(old);
                }
            }
            None => {}
        }
        match mv.kind {
            MoveKind::Castle(r) => {
                let rule = &self.variant.castling[r as usize];
                let (kf, kt, rf, rt) = (rule.king_from, rule.king_to, rule.rook_from, rule.rook_to);
                let king = self.take(kt);
                let rook = self.take(rt);
                self.put(kf, Piece::from_code(king));
                self.put(rf, Piece::from_code(rook));
            }
            MoveKind::Drop(_) => {
                let code = self.take(mv.to);
                let slot = self
                    .variant
                    .hands
                    .as_ref()
                    .map_or(code, |h| h.slot_of_drop(code));
                if !self.variant.hands.as_ref().is_some_and(|h| h.unlimited) {
                    self.hands[slot as usize] = self.hands[slot as usize].wrapping_add(1);
                }
            }
            MoveKind::Pass => {}
            _ => {
                match undo.petrified {
                    Some(was_promoted) => {
                        self.board.take_wall(mv.to);
                        if was_promoted {
                            self.promoted.insert(mv.to);
                        }
                    }
                    None => {
                        self.take(mv.to);
                    }
                }
                self.put(mv.from, Piece::from_code(undo.moved));
                if self.variant.tracks_promoted() && self.promoted.contains(mv.to) {
                    self.promoted.remove(mv.to);
                    if mv.promotion.is_none() {
                        self.promoted.insert(mv.from);
                    }
                }
                if undo.captured != 0 {
                    let victim = if mv.kind == MoveKind::EnPassant {
                        undo.en_passant.map_or(mv.to, |ep| ep.victim)
                    } else {
                        mv.to
                    };
                    self.put(victim, Piece::from_code(undo.captured));
                    if let Some(hands) = &self.variant.hands {
                        if undo.captured_promoted {
                            self.promoted.insert(victim);
                        }
                        if hands.keep_captures {
                            let slot = hands.slot_of_capture(undo.captured, undo.captured_promoted);
                            let n = &mut self.hands[slot as usize];
                            *n = n.saturating_sub(1);
                        }
                    }
                }
            }
        }
        self.en_passant = undo.en_passant;
        self.unmoved = undo.unmoved;
        self.halfmoves = undo.halfmoves;
        self.fullmoves = undo.fullmoves;
        self.hash = undo.hash;
        self.counters = undo.counters;
        self.count = undo.count;
        self.check_runs = undo.check_runs;
        self.checks_in_a_row = undo.checks_in_a_row;
        self.history.pop();
        if self.logs_back_and_forth() {
            self.shuffles.pop();
        }
        if self.logs_chases() {
            self.chase_log.pop();
        }
    }

    /// Passes the turn without moving (the engine's null move: "if I could
    /// skip this move, would I still be fine?"). Not a move of any variant:
    /// no hook runs and nothing counts it. Clears the en passant chance
    /// and the move rule's count, and repetitions are looked for only
    /// after it. Take it back with [`Position::unplay_null`].
    pub fn play_null(&mut self) -> NullUndo {
        let undo = NullUndo {
            en_passant: self.en_passant,
            halfmoves: self.halfmoves,
            hash: self.hash,
            check_runs: self.check_runs,
            checks_in_a_row: self.checks_in_a_row,
            history_floor: self.history_floor,
            last_castling: self.last_castling,
        };
        self.last_castling = None;
        // No run of checks goes on past a passed turn (Fairy-Stockfish's
        // checks look no further back than its null move).
        self.check_runs = ByColor::default();
        self.checks_in_a_row = ByColor::default();
        self.history.push(self.hash);
        self.history_floor = self.history.len();
        if self.logs_back_and_forth() {
            self.shuffles.push(crate::vm::back_and_forth::Step::null());
        }
        if self.logs_chases() {
            self.chase_log.push(None);
        }
        let mut h = self.hash;
        if let Some(ep) = self.en_passant.take() {
            for sq in ep.passed.iter() {
                h ^= self.variant.zobrist.en_passant[sq.index()];
            }
        }
        self.halfmoves = 0;
        self.side = self.side.opposite();
        self.hash = h ^ self.variant.zobrist.black_to_move;
        if self.variant.hooks.is_some() {
            self.played.push(None);
        }
        undo
    }

    /// Takes back [`Position::play_null`].
    pub fn unplay_null(&mut self, undo: NullUndo) {
        self.side = self.side.opposite();
        self.en_passant = undo.en_passant;
        self.halfmoves = undo.halfmoves;
        self.hash = undo.hash;
        self.check_runs = undo.check_runs;
        self.checks_in_a_row = undo.checks_in_a_row;
        self.history_floor = undo.history_floor;
        self.last_castling = undo.last_castling;
        self.history.pop();
        if self.logs_back_and_forth() {
            self.shuffles.pop();
        }
        if self.logs_chases() {
            self.chase_log.pop();
        }
        if self.variant.hooks.is_some() {
            self.played.pop();
        }
    }

    /// Whether `mv` captures (en passant included; castling and drops
    /// never do).
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        match mv.kind {
            MoveKind::Castle(_) | MoveKind::Drop(_) | MoveKind::Pass | MoveKind::Promote => false,
            MoveKind::EnPassant => true,
            MoveKind::Normal | MoveKind::DoubleStep => self.board[mv.to.index()] != 0,
        }
    }

    /// The square of the piece `mv` captures (differs from `mv.to` for en passant).
    #[inline]
    pub(crate) fn victim_square(&self, mv: Move) -> Square {
        match (mv.kind, &self.en_passant) {
            (MoveKind::EnPassant, Some(ep)) => ep.victim,
            _ => mv.to,
        }
    }

    /// The squares strictly between two squares on a line (rank, file,
    /// diagonal or a knight-like line of repeated steps).
    pub fn squares_between(&self, a: Square, b: Square) -> SquareSet {
        self.variant.geometry.squares_between(a, b)
    }

    /// The empty squares strictly between two squares on a line: the ones
    /// a double step passes (a leaper may jump over occupied ones).
    pub(crate) fn empty_squares_between(&self, a: Square, b: Square) -> SquareSet {
        self.squares_between(a, b)
            .iter()
            .filter(|sq| self.board[sq.index()] == 0)
            .collect()
    }
}
