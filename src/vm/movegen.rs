//! Pseudo-legal move generation: every move the pieces' rays, castling and
//! en passant allow, before the royal-safety filter of `legality`.

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::pattern::{
    Ray, RayKind, CAPTURE, DOUBLE_STEP, EN_PASSANT, MOVE, MUST_BE_OCCUPIED, PROMOTES, ROYAL_ONLY,
};
use crate::ir::piece::{Color, Piece, PieceKind, WALL_CODE};
use crate::vm::moves::{Gate, Move, MoveKind};
use crate::vm::position::Position;

/// Whether a board code that is neither empty nor a wall belongs to `color`.
#[inline]
pub(crate) fn is_color(code: u8, color: Color) -> bool {
    ((code - 1) & 1) as usize == color.index()
}

impl Position {
    /// Appends the pseudo-legal moves of the side to move: legal except
    /// that they may leave a royal piece attacked.
    pub fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        let first = out.len();
        for from in self.board.by_color.get(self.side).iter() {
            self.piece_moves(from, out);
        }
        self.castling_moves(out);
        if self.variant.hands.is_some() {
            self.gating_moves(first, out);
            self.drop_moves(out);
        }
        if !self.variant.promotion.standing.is_empty() {
            self.standing_promotions(None, out);
        }
        if self.variant.walls.is_some() {
            self.wall_moves(first, out);
            self.wall_passes(None, out);
        }
    }

    /// For each move of `out[first..]` that leaves a gate of the side to
    /// move (`gate …`: the square of a piece of the gate region on its
    /// first move; for castling, the king's and the rook's squares if the
    /// move empties them), appends the same move once with each kind in
    /// hand that may enter there.
    fn gating_moves(&self, first: usize, out: &mut Vec<Move>) {
        let Some(gating) = self.variant.hands.as_ref().and_then(|h| h.gating.as_ref()) else {
            return;
        };
        let us = self.side;
        let gates = self
            .unmoved
            .intersection(gating.region.get(us))
            .intersection(self.board.by_color.get(us));
        if gates.is_empty() {
            return;
        }
        let mut kinds = [PieceKind(0); crate::ir::piece::MAX_PIECE_KINDS];
        let mut n = 0;
        for k in 0..self.variant.pieces.len() {
            let code = Piece {
                color: us,
                kind: PieceKind(k as u8),
            }
            .code() as usize;
            if self.hands[code] > 0 && !gating.squares[code].is_empty() {
                kinds[n] = PieceKind(k as u8);
                n += 1;
            }
        }
        if n == 0 {
            return;
        }
        let may_enter = |kind: PieceKind, sq: Square| {
            let code = Piece { color: us, kind }.code() as usize;
            gates.contains(sq) && gating.squares[code].contains(sq)
        };
        for i in first..out.len() {
            let mv = out[i];
            let squares = match mv.kind {
                MoveKind::Drop(_) => continue,
                MoveKind::Castle(r) => {
                    let rule = &self.variant.castling[r as usize];
                    let vacated = |sq: Square| sq != rule.king_to && sq != rule.rook_to;
                    [
                        Some((rule.king_from, false)).filter(|&(sq, _)| vacated(sq)),
                        Some((rule.rook_from, true)).filter(|&(sq, _)| vacated(sq)),
                    ]
                }
                _ => [Some((mv.from, false)), None],
            };
            for (sq, on_rook_square) in squares.into_iter().flatten() {
                for &kind in &kinds[..n] {
                    if may_enter(kind, sq) {
                        out.push(Move {
                            gate: Some(Gate::Piece {
                                kind,
                                on_rook_square,
                            }),
                            ..mv
                        });
                    }
                }
            }
        }
    }

    /// The per-file limit (`one-per-file`, `2-per-file`) a drop of `piece`
    /// on `to` would exceed: its file already holds that many of them.
    pub fn drop_file_limit_reached(&self, piece: Piece, to: Square) -> Option<u8> {
        let limit = self.variant.hands.as_ref()?.per_file[piece.kind.0 as usize];
        let g = &self.variant.geometry;
        let on_file = self
            .pieces_of(piece.color)
            .iter()
            .filter(|&sq| g.file_of(sq) == g.file_of(to) && self.piece_at(sq) == Some(piece))
            .count();
        (limit > 0 && on_file >= limit as usize).then_some(limit)
    }

    /// Appends the drops of the side to move: each kind it holds in hand,
    /// on each empty square of that kind's drop squares, but on no file
    /// that has as many of its kind as its `N-per-file` allows;
    /// and a kind with `either-face` also as its other face, on that
    /// face's drop squares. (`no-mate` is a legality rule: see `legality`.)
    pub(crate) fn drop_moves(&self, out: &mut Vec<Move>) {
        let Some(hands) = &self.variant.hands else {
            return;
        };
        if !hands.drops {
            return;
        }
        let occupied = self.occupied().union(&self.board.walls);
        let g = &self.variant.geometry;
        let first = out.len();
        for k in 0..self.variant.pieces.len() {
            let kind = PieceKind(k as u8);
            let code = Piece {
                color: self.side,
                kind,
            }
            .code();
            if self.hands[code as usize] == 0 && !hands.unlimited {
                continue;
            }
            let mut taken_files: u64 = 0;
            let limit = hands.per_file[k];
            if limit > 0 {
                let mut on_file = [0u8; 32];
                for sq in self.board.by_color.get(self.side).iter() {
                    if self.board[sq.index()] == code {
                        let f = g.file_of(sq) as usize;
                        on_file[f] += 1;
                        if on_file[f] >= limit {
                            taken_files |= 1 << f;
                        }
                    }
                }
            }
            let targets = hands.drop_squares[code as usize].difference(&occupied);
            let targets = self.family_drop_squares(kind, targets);
            for to in targets.iter() {
                if taken_files >> g.file_of(to) & 1 != 0 {
                    continue;
                }
                out.push(Move::new(to, to, MoveKind::Drop(kind)));
            }
            if let Some(face) = hands.faces[k] {
                let face_code = Piece {
                    color: self.side,
                    kind: face,
                }
                .code();
                for to in hands.drop_squares[face_code as usize]
                    .difference(&occupied)
                    .iter()
                {
                    out.push(Move::new(to, to, MoveKind::Drop(face)));
                }
            }
        }
        for (k, &balanced) in hands.opposite_colours.iter().enumerate() {
            if balanced {
                self.keep_drops_on_both_colours(PieceKind(k as u8), first, out);
            }
        }
    }

    /// `opposite-colours` (Placement chess's bishops): keeps the drops of
    /// `out[first..]` after which the side's pieces of `kind` (on the board
    /// and in hand) can still stand half on each square colour, as
    /// Fairy-Stockfish's `dropOppositeColoredBishop`: a drop of one of them
    /// onto a colour that holds its half already is none, nor a drop of
    /// another piece onto a square their drops still need.
    fn keep_drops_on_both_colours(&self, kind: PieceKind, first: usize, out: &mut Vec<Move>) {
        let Some(hands) = &self.variant.hands else {
            return;
        };
        let g = &self.variant.geometry;
        let dark = |sq: Square| (g.file_of(sq) + g.rank_of(sq)) % 2 == 0;
        let code = Piece {
            color: self.side,
            kind,
        }
        .code();
        let placed: SquareSet = self
            .board
            .by_color
            .get(self.side)
            .iter()
            .filter(|&sq| self.board[sq.index()] == code)
            .collect();
        let total = placed.len() + self.hands[code as usize] as usize;
        let occupied = self.occupied().union(&self.board.walls);
        let free = hands.drop_squares[code as usize].difference(&occupied);
        let keeps = |mv: &Move| match mv.kind {
            MoveKind::Drop(d) if d == kind => {
                let same = placed.iter().filter(|&sq| dark(sq) == dark(mv.to)).count();
                same < total.div_ceil(2)
            }
            MoveKind::Drop(_) => {
                let mut open = placed.union(&free);
                open.remove(mv.to);
                let on_dark = open.iter().filter(|&sq| dark(sq)).count();
                on_dark >= total / 2 && open.len() - on_dark >= total / 2
            }
            _ => true,
        };
        let mut kept = first;
        for i in first..out.len() {
            if keeps(&out[i]) {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Appends the pseudo-legal moves that start on `from` (castling
    /// included, when a castling king stands there); none unless a piece
    /// of the side to move stands there.
    pub fn pseudo_legal_moves_from(&self, from: Square, out: &mut Vec<Move>) {
        if !self.board.by_color.get(self.side).contains(from) {
            return;
        }
        let first = out.len();
        self.piece_moves(from, out);
        if self.variant.castling.iter().any(|r| r.king_from == from) {
            let castles = out.len();
            self.castling_moves(out);
            let mut kept = castles;
            for i in castles..out.len() {
                if out[i].from == from {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
        if self.variant.hands.is_some() {
            self.gating_moves(first, out);
        }
        if !self.variant.promotion.standing.is_empty() {
            self.standing_promotions(Some(from), out);
        }
        if self.variant.walls.is_some() {
            self.wall_moves(first, out);
            self.wall_passes(Some(from), out);
        }
    }

    /// How many squares the piece on `from` could move to or capture on by
    /// its rays on this board (either side's piece; no castling, en passant,
    /// promotion choices or royal safety): the engine's measure of how free
    /// a piece is. Empty squares count only where the ray moves, enemy
    /// pieces only where it captures.
    pub fn mobility(&self, from: Square) -> u32 {
        let code = self.board[from.index()];
        if code == 0 || code == WALL_CODE {
            return 0;
        }
        let t = &self.variant.tables;
        let own = (code - 1) & 1;
        let mut n = 0;
        for ray in t.rays(code, from) {
            if ray.initial && !self.unmoved.contains(from) {
                continue;
            }
            let s = ray.start as usize;
            let squares = &t.path_squares[s..s + ray.len as usize];
            let flags = &t.path_flags[s..s + ray.len as usize];
            let mut screened = ray.kind == RayKind::Slide;
            for (&to, &f) in squares.iter().zip(flags) {
                let there = self.board[to.index()];
                if screened && f & MUST_BE_OCCUPIED != 0 {
                    if there == 0 {
                        break;
                    }
                    continue;
                }
                if there == 0 {
                    if screened {
                        n += u32::from(f & MOVE != 0);
                        if ray.kind == RayKind::HopRight {
                            break;
                        }
                    }
                    continue;
                }
                if !screened {
                    // A hopper's screen: the squares beyond it count.
                    screened = true;
                    continue;
                }
                n += u32::from(f & CAPTURE != 0 && there != WALL_CODE && (there - 1) & 1 != own);
                break;
            }
        }
        n
    }

    /// Appends the moves the rays of the piece on `from` allow.
    #[inline(always)]
    pub(super) fn piece_moves(&self, from: Square, out: &mut Vec<Move>) {
        let tables = &self.variant.tables;
        let code = self.board[from.index()];
        let first = out.len();
        for ray in tables.rays(code, from) {
            if ray.initial && !self.unmoved.contains(from) {
                continue;
            }
            // `also … unless in check` (Cambodian chess's king's leap).
            if ray.unless_in_check && self.is_check() {
                continue;
            }
            match ray.kind {
                RayKind::Slide => self.walk_slide(code, from, ray, out),
                RayKind::Hop | RayKind::HopRight => self.walk_hop(code, from, ray, out),
            }
        }
        if tables.may_duplicate[code as usize * tables.cells + from.index()] {
            dedupe(out, first);
        }
    }

    #[inline(always)]
    fn walk_slide(&self, code: u8, from: Square, ray: &Ray, out: &mut Vec<Move>) {
        let t = &self.variant.tables;
        let s = ray.start as usize;
        let squares = &t.path_squares[s..s + ray.len as usize];
        let flags = &t.path_flags[s..s + ray.len as usize];
        for (&to, &f) in squares.iter().zip(flags) {
            let there = self.board[to.index()];
            if f & MUST_BE_OCCUPIED != 0 {
                if there == 0 {
                    return;
                }
                continue;
            }
            if there == 0 {
                if f & MOVE != 0 {
                    let kind = if f & DOUBLE_STEP != 0 {
                        MoveKind::DoubleStep
                    } else {
                        MoveKind::Normal
                    };
                    self.push_move(code, from, to, kind, f, out);
                }
                if f & EN_PASSANT != 0 {
                    if let Some(ep) = &self.en_passant {
                        if ep.passed.contains(to)
                            && self.may_take(code, self.board[ep.victim.index()])
                        {
                            self.push_move(code, from, to, MoveKind::EnPassant, f, out);
                        }
                    }
                }
            } else {
                if f & CAPTURE != 0
                    && there != WALL_CODE
                    && !is_color(there, self.side)
                    && (f & ROYAL_ONLY == 0 || self.is_royal_on(to))
                    && self.may_take(code, there)
                {
                    self.push_move(code, from, to, MoveKind::Normal, f, out);
                }
                return;
            }
        }
    }

    fn walk_hop(&self, code: u8, from: Square, ray: &Ray, out: &mut Vec<Move>) {
        let t = &self.variant.tables;
        let s = ray.start as usize;
        let squares = &t.path_squares[s..s + ray.len as usize];
        let flags = &t.path_flags[s..s + ray.len as usize];
        let Some(screen) = squares.iter().position(|q| self.board[q.index()] != 0) else {
            return;
        };
        if !may_hop(&self.variant, code, self.board[squares[screen].index()]) {
            return;
        }
        for j in screen + 1..squares.len() {
            let (to, f) = (squares[j], flags[j]);
            let there = self.board[to.index()];
            if there == 0 {
                if f & MOVE != 0 {
                    self.push_move(code, from, to, MoveKind::Normal, f, out);
                }
            } else {
                if f & CAPTURE != 0
                    && there != WALL_CODE
                    && !is_color(there, self.side)
                    && (f & ROYAL_ONLY == 0 || self.is_royal_on(to))
                    && self.may_take(code, there)
                {
                    self.push_move(code, from, to, MoveKind::Normal, f, out);
                }
                return;
            }
            if ray.kind == RayKind::HopRight {
                return;
            }
        }
    }

    /// Whether the piece `code` may capture the piece `there` (`restrict
    /// King: never take King`).
    #[inline(always)]
    fn may_take(&self, code: u8, there: u8) -> bool {
        if code == 0 || there == 0 {
            return true;
        }
        let mover = Piece::from_code(code);
        let bans = *self.variant.piece(mover.kind).never_takes.get(mover.color);
        bans == 0 || bans & (1 << Piece::from_code(there).kind.0) == 0
    }

    /// Whether the piece on `sq` is royal now: declared `royal`, or its
    /// side's only piece of its royal group (a king with a second king
    /// beside it in a group castles through attacked squares, as in
    /// Fairy-Stockfish).
    pub(crate) fn royal_now(&self, sq: Square) -> bool {
        let Some(piece) = self.piece_at(sq) else {
            return false;
        };
        let def = self.variant.piece(piece.kind);
        let Some(group) = def.royal_group else {
            return def.royal;
        };
        let group = &self.variant.royal_groups[group as usize];
        self.board.royal_group_members(group, piece.color).len() == 1
    }

    /// Whether a royal piece stands on `sq`.
    #[inline]
    fn is_royal_on(&self, sq: Square) -> bool {
        self.board.royals.white.contains(sq) || self.board.royals.black.contains(sq)
    }

    #[inline(always)]
    fn push_move(
        &self,
        code: u8,
        from: Square,
        to: Square,
        kind: MoveKind,
        flags: u8,
        out: &mut Vec<Move>,
    ) {
        if flags & PROMOTES != 0 {
            let promotion = &self.variant.promotion;
            if promotion.by_capture_only(code)
                && self.board[to.index()] == 0
                && kind != MoveKind::EnPassant
            {
                // `when capturing`: a move that takes nothing stays as it is.
                out.push(Move::new(from, to, kind));
                return;
            }
            if promotion.may_decline(code, to) {
                out.push(Move::new(from, to, kind));
            }
            for &choice in promotion.choices_of_move(code, from, to) {
                if promotion
                    .limit(choice)
                    .is_some_and(|n| self.count_on_board(self.side, choice) >= n)
                {
                    continue;
                }
                out.push(Move {
                    promotion: Some(choice),
                    ..Move::new(from, to, kind)
                });
            }
        } else {
            out.push(Move::new(from, to, kind));
        }
    }

    /// Whether the castling rule `r` may still be played some day: its
    /// king and rook stand unmoved on their squares (the flags first: one
    /// bit each, and most rules of a variant that castles from any start
    /// fail them).
    #[inline]
    pub(crate) fn castling_right(&self, r: u8) -> bool {
        let rule = &self.variant.castling[r as usize];
        self.unmoved.contains(rule.king_from)
            && self.unmoved.contains(rule.rook_from)
            && rule.pieces_in_place(&self.board.squares)
    }

    fn castling_moves(&self, out: &mut Vec<Move>) {
        let us = self.side;
        let them = us.opposite();
        for (i, rule) in self.variant.castling.iter().enumerate() {
            if rule.color != us || !self.castling_right(i as u8) {
                continue;
            }
            if rule
                .must_be_empty
                .iter()
                .any(|sq| self.board[sq.index()] != 0)
            {
                continue;
            }
            if rule.king_path.iter().any(|&sq| self.is_attacked(sq, them))
                && self.royal_now(rule.king_from)
            {
                continue;
            }
            out.push(Move::new(
                rule.king_from,
                rule.king_to,
                MoveKind::Castle(i as u8),
            ));
        }
    }
}

/// Drops repeated moves from `out[first..]` (all from one square): of the
/// moves with the same destination and promotion, keeps one, the one with
/// the most effects (en passant, which captures, before a double step,
/// which opens an en passant chance, before a plain move), in the place of
/// the first. Two moves that notation writes the same are one move.
fn dedupe(out: &mut Vec<Move>, first: usize) {
    let mut k = first;
    for i in first..out.len() {
        let m = out[i];
        match out[first..k]
            .iter()
            .position(|o| o.to == m.to && o.promotion == m.promotion)
        {
            Some(j) => {
                if effects(m.kind) > effects(out[first + j].kind) {
                    out[first + j].kind = m.kind;
                }
            }
            None => {
                out[k] = m;
                k += 1;
            }
        }
    }
    out.truncate(k);
}

/// How much a move of this kind does besides moving its piece: the rank
/// by which [`dedupe`] keeps one of two moves to the same square.
fn effects(kind: MoveKind) -> u8 {
    match kind {
        MoveKind::Normal => 0,
        MoveKind::DoubleStep => 1,
        MoveKind::EnPassant => 2,
        MoveKind::Castle(_) => 3,
        MoveKind::Drop(_) => 4,
        MoveKind::Pass => 5,
        MoveKind::Promote => 6,
    }
}

/// Whether the piece `code` may hop over the piece `screen` (`restrict
/// Cannon: never hop over Cannon`).
#[inline(always)]
pub(crate) fn may_hop(variant: &crate::ir::Variant, code: u8, screen: u8) -> bool {
    if code == 0 || screen == 0 || screen == crate::ir::piece::WALL_CODE {
        return true;
    }
    let mover = Piece::from_code(code);
    let bans = *variant.piece(mover.kind).never_hops.get(mover.color);
    bans == 0 || bans & (1 << Piece::from_code(screen).kind.0) == 0
}
