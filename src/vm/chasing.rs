//! `chasing loses` (the Asian Xiangqi Federation's rule on chasing, as
//! Fairy-Stockfish's `chasingRule = axf` judges it): each move played is
//! logged (`Position::chase_log`, only under the rule), and when the
//! repetition rule ends the game, the boards of the repetition are rebuilt
//! from the log, the pieces each move chased found, and each side's chases
//! followed from move to move through the repetition. The side that chased
//! on every move loses; both sides: a draw. Nothing is computed while no
//! position repeats, so the rule costs a push per move.
//!
//! A move chases the enemy pieces that the piece moved, or a piece it
//! uncovers, newly attacks, royal pieces and the kinds of `chased only in`
//! outside their region aside, where they stand unprotected (no protector
//! but pinned ones), or where the attacker outranks them; not a piece of
//! the attacker's own kind (unless pinned, or an oblique lame leaper
//! that cannot attack back); for a rider, not along the line it moved on. Besides, a
//! move chases the pieces protected only by a piece it newly pins, and
//! those its uncovered check attacks that the royal piece cannot take back.
//!
//! Under the rule the checks each side gave lengthen the move rule
//! ([`Position::move_rule_reached`]), as Fairy-Stockfish does under it.

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::pattern::{MoveTables, RayKind, Travel, CAPTURE};
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::ir::rule::Chasing;
use crate::vm::board::Board;
use crate::vm::moves::MoveKind;
use crate::vm::position::{Played, Position};

/// The positions of the game as far back as the log rebuilds them.
struct Past {
    /// `boards[j]`: the board `j` plies back (None where the log cannot
    /// take a move back: a null move, castling, before the start).
    boards: Vec<Option<Board>>,
    /// `moves[j]`: the move that led to the position `j` plies back.
    moves: Vec<Option<Played>>,
}

impl Past {
    fn board(&self, j: usize) -> Option<&Board> {
        self.boards.get(j).and_then(Option::as_ref)
    }

    /// A set of squares of the position `j` plies back, where those
    /// pieces stood before the move that led there (Fairy-Stockfish's
    /// `undo_move_board`).
    fn undo(&self, mut set: SquareSet, j: usize) -> SquareSet {
        if let Some(Some(p)) = self.moves.get(j) {
            if p.mv.from != p.mv.to && set.contains(p.mv.to) {
                set.remove(p.mv.to);
                set.insert(p.mv.from);
            }
        }
        set
    }
}

/// Whether a move can be taken back from the board alone.
fn plain(p: &Played) -> bool {
    matches!(p.mv.kind, MoveKind::Normal | MoveKind::DoubleStep) && p.mv.gate.is_none()
}

impl Position {
    /// Whether the rule is in force (then moves are logged).
    #[inline(always)]
    pub(crate) fn logs_chases(&self) -> bool {
        self.variant.game_end.chasing.is_some()
    }

    /// How many plies were played since the start or the engine's last
    /// null move (Fairy-Stockfish's `pliesFromNull`).
    fn plies_from_null(&self) -> usize {
        self.history.len() - self.history_floor.min(self.history.len())
    }

    /// The boards up to `depth` plies back, rebuilt from the log.
    fn past(&self, depth: usize) -> Past {
        let log = &self.chase_log;
        let mut boards = vec![Some(self.board)];
        let mut moves = Vec::new();
        for j in 1..=depth + 1 {
            let played = log.len().checked_sub(j).and_then(|i| log[i]);
            moves.push(played);
            if j > depth {
                break;
            }
            let back = match (boards[j - 1].as_ref(), played) {
                (Some(board), Some(p)) if matches!(p.mv.kind, MoveKind::Drop(_)) => {
                    let mut b = *board;
                    b.take(p.mv.to);
                    Some(b)
                }
                (Some(board), Some(p)) if plain(&p) => {
                    let mut b = *board;
                    b.take(p.mv.to);
                    b.put(&self.variant, p.mv.from, Piece::from_code(p.moved));
                    if p.captured != 0 {
                        b.put(&self.variant, p.mv.to, Piece::from_code(p.captured));
                    }
                    Some(b)
                }
                _ => None,
            };
            boards.push(back);
        }
        Past { boards, moves }
    }

    /// The side to move `j` plies back.
    fn side_back(&self, j: usize) -> Color {
        if j.is_multiple_of(2) {
            self.side
        } else {
            self.side.opposite()
        }
    }

    /// The pieces the move that led to the position `j` plies back chased
    /// (Fairy-Stockfish's `chased()` of that position).
    fn chased_back(&self, rule: &Chasing, past: &Past, j: usize) -> SquareSet {
        match (past.board(j), past.board(j + 1), past.moves.get(j)) {
            (Some(after), Some(before), Some(Some(p))) => Chase {
                pos: self,
                rule,
                after,
                before,
                played: *p,
                stm: self.side_back(j),
            }
            .chased(),
            _ => SquareSet::EMPTY,
        }
    }

    /// The enemy pieces the last move chased (`chasing …`; always empty
    /// without the rule, before the first move and after the engine's null
    /// move): the squares of the side to move's pieces, as
    /// Fairy-Stockfish's `chased()` finds them.
    pub fn chased(&self) -> SquareSet {
        match &self.variant.game_end.chasing {
            Some(rule) => self.chased_back(rule, &self.past(1), 0),
            None => SquareSet::EMPTY,
        }
    }

    /// `chasing …`: who loses a repetition whose earliest occurrence the
    /// rule counts stood `distance` plies back, by chasing: Some(Some(side))
    /// for the side that chased on every move, Some(None) when both did (a
    /// draw), None when neither did. Followed as Fairy-Stockfish's
    /// repetition loop follows its chases.
    pub(crate) fn chasing_side(&self, distance: usize) -> Option<Option<Color>> {
        let rule = self.variant.game_end.chasing.as_ref()?;
        let plies = self.plies_from_null();
        let end = self.repetition_window().len();
        if end < 4 || distance < 4 {
            return None;
        }
        let past = self.past(distance + 1);
        let chased = |j: usize| self.chased_back(rule, &past, j);
        let mut them = past.undo(chased(0), 1).intersection(&chased(2));
        let mut us = past.undo(chased(1), 2).intersection(&chased(3));
        let mut i = 4;
        while i <= distance {
            if i != plies {
                them = past.undo(them, i - 1).intersection(&chased(i));
            }
            if i == distance {
                break;
            }
            if i < end {
                us = past.undo(us, i).intersection(&chased(i + 1));
            }
            i += 2;
        }
        match (us.is_empty(), them.is_empty()) {
            (true, true) => None,
            (true, false) => Some(Some(self.side.opposite())),
            (false, true) => Some(Some(self.side)),
            (false, false) => Some(None),
        }
    }

    /// Whether the move rule ends the game: its count of plies reached,
    /// lengthened under `chasing …` by the checks either side gave, two
    /// plies for each check beyond ten that the side that gave more gave
    /// (over the plies the count covers; Fairy-Stockfish's offset under
    /// `chasingRule`, once twenty plies were played).
    pub fn move_rule_reached(&self) -> bool {
        let Some(n) = self.variant.game_end.move_rule else {
            return false;
        };
        if self.halfmoves < 2 * n {
            return false;
        }
        if self.variant.game_end.chasing.is_none() || self.plies_from_null() < 20 {
            return true;
        }
        let end = (self.halfmoves as usize).min(self.plies_from_null());
        let past = self.past(end);
        let checked = |j: usize| {
            past.board(j).is_some_and(|b| {
                b.is_royal_attacked(&self.variant, &self.unmoved, self.side_back(j))
            })
        };
        let (mut them, mut us) = (u32::from(checked(0)), u32::from(checked(1)));
        let mut i = 2;
        while i < end {
            them += u32::from(checked(i));
            us += u32::from(checked(i + 1));
            i += 2;
        }
        let offset = 2 * them.max(us).saturating_sub(10);
        self.halfmoves - offset >= 2 * n
    }
}

/// One move's chases: the board after it and before it, the move, and the
/// side to move after it (whose pieces are chased).
struct Chase<'a> {
    pos: &'a Position,
    rule: &'a Chasing,
    after: &'a Board,
    before: &'a Board,
    played: Played,
    stm: Color,
}

impl Chase<'_> {
    fn tables(&self) -> &MoveTables {
        &self.pos.variant.tables
    }

    fn unbounded(&self) -> &MoveTables {
        self.pos
            .variant
            .chase_tables
            .as_deref()
            .unwrap_or(&self.pos.variant.tables)
    }

    fn kind_at(&self, board: &Board, sq: Square) -> PieceKind {
        Piece::from_code(board[sq.index()]).kind
    }

    /// Whether the piece on `from` attacks `target` on `board` by the rays
    /// of `tables` (captures of royal pieces only left out).
    fn attacks(&self, t: &MoveTables, board: &Board, from: Square, target: Square) -> bool {
        board.captures_on_in(&self.pos.variant, t, &self.pos.unmoved, from, target, false)
    }

    /// The squares of `targets` the piece on `from` attacks.
    fn attacked(
        &self,
        t: &MoveTables,
        board: &Board,
        from: Square,
        targets: SquareSet,
    ) -> SquareSet {
        targets
            .iter()
            .filter(|&s| self.attacks(t, board, from, s))
            .collect()
    }

    /// The pieces of `color` attacking `sq` on `board` (the variant's rays).
    fn attackers(&self, board: &Board, sq: Square, color: Color) -> SquareSet {
        board
            .by_color
            .get(color)
            .iter()
            .filter(|&from| self.attacks(self.tables(), board, from, sq))
            .collect()
    }

    /// The pieces, of either side, whose removal would let an enemy piece
    /// attack `color`'s royal piece that does not now (Fairy-Stockfish's
    /// `blockers_for_king`).
    fn blockers(&self, board: &Board, color: Color) -> SquareSet {
        let Some(king) = board.royals.get(color).first() else {
            return SquareSet::EMPTY;
        };
        let enemy = color.opposite();
        let now = self.attackers(board, king, enemy);
        let mut out = SquareSet::EMPTY;
        let occupied = board.by_color.white.union(&board.by_color.black);
        for x in occupied.iter().filter(|&x| x != king) {
            let mut without = *board;
            without.take(x);
            if !self
                .attackers(&without, king, enemy)
                .difference(&now)
                .is_empty()
            {
                out.insert(x);
            }
        }
        out
    }

    /// The chased side's pieces that can be chased: not royal, and of a
    /// `chased only in` kind only in its region.
    fn chaseable(&self, board: &Board) -> SquareSet {
        board
            .by_color
            .get(self.stm)
            .iter()
            .filter(|&s| {
                let kind = self.kind_at(board, s);
                !self.pos.variant.piece(kind).royal_like()
                    && self
                        .rule
                        .only_in(kind)
                        .is_none_or(|r| r.get(self.stm).contains(s))
            })
            .collect()
    }

    /// Whether the variant's royal pieces may not face each other (a
    /// capture of royal pieces only: xiangqi's flying general).
    fn flying_royals(&self) -> bool {
        self.pos
            .variant
            .pieces
            .iter()
            .any(|d| d.royal && d.patterns.iter().any(|p| p.royal_only))
    }

    fn rides(&self, kind: PieceKind) -> bool {
        self.pos.variant.piece(kind).patterns.iter().any(|p| {
            p.captures
                && matches!(
                    p.travel,
                    Travel::Ride { max: 0 } | Travel::Hop | Travel::HopRight
                )
                || matches!(p.travel, Travel::Ride { max } if max > 1)
        })
    }

    /// Whether the kind captures by an oblique lame leap (the horse's
    /// `nN`), which a piece of its kind it attacks may not attack back;
    /// a straight one (the elephant's `nA`) passes the same squares both
    /// ways.
    fn lame(&self, kind: PieceKind) -> bool {
        self.pos.variant.piece(kind).patterns.iter().any(|p| {
            p.captures
                && p.travel == Travel::LameLeap
                && p.vectors
                    .iter()
                    .any(|&(x, y)| x != 0 && y != 0 && x.abs() != y.abs())
        })
    }

    /// Whether a piece stands on a square that some lame leap of the
    /// chased side's `kind` onto `sq` passes (Fairy-Stockfish: a piece
    /// diagonally next to a horse).
    fn legs_taken(&self, kind: PieceKind, sq: Square) -> bool {
        let t = self.unbounded();
        let code = Piece {
            color: self.stm,
            kind,
        }
        .code();
        self.pos.variant.geometry.squares().iter().any(|from| {
            t.rays(code, from).iter().any(|ray| {
                let s = ray.start as usize;
                let squares = &t.path_squares[s..s + ray.len as usize];
                let flags = &t.path_flags[s..s + ray.len as usize];
                ray.kind == RayKind::Slide
                    && squares.iter().position(|&q| q == sq).is_some_and(|i| {
                        flags[i] & CAPTURE != 0
                            && squares[..i].iter().any(|q| self.after[q.index()] != 0)
                    })
            })
        })
    }

    /// Whether `a` and `b` share a rank or file with nothing between them
    /// on `board`.
    fn facing(&self, board: &Board, a: Square, b: Square) -> bool {
        let g = &self.pos.variant.geometry;
        (g.file_of(a) == g.file_of(b) || g.rank_of(a) == g.rank_of(b))
            && a != b
            && g.squares_between(a, b)
                .iter()
                .all(|q| board[q.index()] == 0)
    }

    /// The pieces the move chased.
    fn chased(&self) -> SquareSet {
        let mover = self.stm.opposite();
        let after = self.after;
        let mut pins = self.blockers(after, self.stm);
        let stm_blockers = pins;
        if self.flying_royals() {
            pins = pins.union(&self.file_pins());
        }
        let mut b = SquareSet::EMPTY;
        let theirs = *after.by_color.get(self.stm);
        let (from, to) = (self.played.mv.from, self.played.mv.to);
        let moved = self.kind_at(after, to);
        let def = self.pos.variant.piece(moved);
        if !def.royal_like() && self.rule.only_in(moved).is_none() {
            let mut direct = self.attacked(self.tables(), after, to, theirs);
            // (A drop came from no square, so from no line.)
            if self.rides(moved) && from != to {
                direct = direct.difference(&self.line(from, to));
            }
            self.add_chased(&mut b, to, moved, direct, pins);
        }
        for s in after.by_color.get(mover).iter() {
            let now = self.attacked(self.unbounded(), after, s, theirs);
            let mut then = *self.before;
            then.squares[s.index()] = after[s.index()];
            let was = self.attacked(self.unbounded(), &then, s, theirs);
            self.add_chased(
                &mut b,
                s,
                self.kind_at(after, s),
                now.difference(&was),
                pins,
            );
        }
        let new = stm_blockers.difference(&self.blockers(self.before, self.stm));
        b = b.union(&self.fake_roots(new.intersection(&theirs)));
        b.union(&self.discovered_checks(new.intersection(after.by_color.get(mover))))
    }

    /// The squares on the line through `a` and `b`.
    fn line(&self, a: Square, b: Square) -> SquareSet {
        let g = &self.pos.variant.geometry;
        let (dx, dy) = (g.file_of(b) - g.file_of(a), g.rank_of(b) - g.rank_of(a));
        g.squares()
            .iter()
            .filter(|&q| {
                let (qx, qy) = (g.file_of(q) - g.file_of(a), g.rank_of(q) - g.rank_of(a));
                qx * dy == qy * dx
            })
            .collect()
    }

    /// With royal pieces that may not face each other: the chased side's
    /// only piece on the file of the mover's royal piece, when its own
    /// royal piece is on that file too (pinned against the facing).
    fn file_pins(&self) -> SquareSet {
        let g = &self.pos.variant.geometry;
        let after = self.after;
        let Some(king) = after.royals.get(self.stm.opposite()).first() else {
            return SquareSet::EMPTY;
        };
        let on_file: SquareSet = after
            .by_color
            .get(self.stm)
            .iter()
            .filter(|&q| g.file_of(q) == g.file_of(king))
            .collect();
        let royals = *after.royals.get(self.stm);
        let others = on_file.difference(&royals);
        if !on_file.intersection(&royals).is_empty() && others.len() <= 1 {
            others
        } else {
            SquareSet::EMPTY
        }
    }

    /// Adds to `b` the pieces of `attacks` that the piece on `attacker`,
    /// of `kind`, chases.
    fn add_chased(
        &self,
        b: &mut SquareSet,
        attacker: Square,
        kind: PieceKind,
        attacks: SquareSet,
        pins: SquareSet,
    ) {
        if attacks.difference(b).is_empty() {
            return;
        }
        let after = self.after;
        let mut attacks = attacks.intersection(&self.chaseable(after));
        for s in attacks.iter() {
            if self.rule.outranks(kind, self.kind_at(after, s)) {
                b.insert(s);
            }
        }
        let same: SquareSet = attacks
            .iter()
            .filter(|&s| self.kind_at(after, s) == kind)
            .collect();
        if self.lame(kind) && self.legs_taken(kind, attacker) {
            for s in same.iter() {
                if self.attacks(self.unbounded(), after, s, attacker) {
                    attacks.remove(s);
                }
            }
        } else {
            attacks = attacks.difference(&same.difference(&pins));
        }
        let mut without = *after;
        without.take(attacker);
        let royals = *after.royals.get(self.stm);
        let flying = self.flying_royals();
        let mover_king = after.royals.get(self.stm.opposite()).first();
        for s in attacks.iter() {
            let roots = self.attackers(&without, s, self.stm).difference(&pins);
            if roots.is_empty()
                || (flying
                    && roots == royals
                    && mover_king.is_some_and(|k| self.facing(&without, k, s)))
            {
                b.insert(s);
            }
        }
    }

    /// The chased side's pieces protected by a piece the move newly pinned
    /// (`pinned`), which the mover attacks with a piece it has not pinned
    /// itself (Fairy-Stockfish's fake roots).
    fn fake_roots(&self, pinned: SquareSet) -> SquareSet {
        let after = self.after;
        let mut out = SquareSet::EMPTY;
        if pinned.is_empty() {
            return out;
        }
        let chaseable = self.chaseable(after);
        let mover = self.stm.opposite();
        let mover_blockers = self.blockers(after, mover);
        for s in pinned.iter() {
            for s2 in self.attacked(self.unbounded(), after, s, chaseable).iter() {
                if !self
                    .attackers(after, s2, mover)
                    .difference(&mover_blockers)
                    .is_empty()
                {
                    out.insert(s2);
                }
            }
        }
        out
    }

    /// The chased side's pieces attacked by a mover's piece that now
    /// stands between one of the mover's pieces and the chased royal piece
    /// (a discovered check to come), but for those the royal piece could
    /// take back safely.
    fn discovered_checks(&self, discoverers: SquareSet) -> SquareSet {
        let after = self.after;
        let mut out = SquareSet::EMPTY;
        let Some(king) = after.royals.get(self.stm).first() else {
            return out;
        };
        let theirs = *after.by_color.get(self.stm);
        for s in discoverers.iter() {
            let attacks = self.attacked(self.tables(), after, s, theirs);
            let by_king = self.attacked(self.tables(), after, king, attacks);
            out = out.union(&attacks.difference(&by_king));
            let mut without = *after;
            without.take(s);
            without.take(king);
            for s2 in by_king.iter() {
                if !self.attackers(&without, s2, self.stm.opposite()).is_empty() {
                    out.insert(s2);
                }
            }
        }
        out
    }
}
