//! The Reversi and Ataxx family: pieces turned to the mover's side
//! (`flip enclosed|adjacent`), the drops that need a neighbour or a line to
//! enclose (`beside-own`, `enclosing`, `drops first fill`), the drops that
//! fall down their file (`falling`), and the pass of
//! a side with no move (`pass when stuck`).

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::ir::rule::Flip;
use crate::vm::moves::{Move, MoveKind};
use crate::vm::position::Position;

/// The eight directions (file, rank) of a king's step.
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

impl Position {
    /// The squares around `sq` (at most eight: fewer at an edge or a void).
    fn neighbours(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        let g = &self.variant.geometry;
        DIRECTIONS
            .iter()
            .filter_map(move |&(df, dr)| g.offset(sq, df, dr))
    }

    /// The enemy pieces of `side` that a piece of its on `to` encloses: in
    /// each direction, an unbroken line of one or more enemy pieces that a
    /// piece of `side` ends (Reversi's outflanked discs; Fairy-Stockfish's
    /// `flipEnclosedPieces = reversi`, which stops a line at an empty
    /// square, the board's edge or anything not the enemy's).
    pub(crate) fn enclosed_by(&self, to: Square, side: Color) -> SquareSet {
        DIRECTIONS.iter().fold(SquareSet::EMPTY, |all, &step| {
            all.union(&self.enclosed_line(to, step, side))
        })
    }

    /// Whether a piece of `side` on `to` would enclose at least one line
    /// of enemy pieces (an `enclosing` drop's condition).
    fn encloses_any(&self, to: Square, side: Color) -> bool {
        DIRECTIONS
            .iter()
            .any(|&step| !self.enclosed_line(to, step, side).is_empty())
    }

    /// The line of enemy pieces of `side` from `to` in the direction
    /// `(df, dr)` that a piece of `side` ends (empty if none does). Walks
    /// files and ranks as numbers: the hottest loop of Reversi's perft.
    #[inline]
    fn enclosed_line(&self, to: Square, (df, dr): (i32, i32), side: Color) -> SquareSet {
        let g = &self.variant.geometry;
        let (ours, theirs) = (
            self.board.by_color.get(side),
            self.board.by_color.get(side.opposite()),
        );
        let (mut file, mut rank) = (g.file_of(to) + df, g.rank_of(to) + dr);
        let mut line = SquareSet::EMPTY;
        while let Some(sq) = g.square(file, rank) {
            if theirs.contains(sq) {
                line.insert(sq);
                (file, rank) = (file + df, rank + dr);
            } else {
                return if ours.contains(sq) {
                    line
                } else {
                    SquareSet::EMPTY
                };
            }
        }
        SquareSet::EMPTY
    }

    /// The squares of `targets` a `falling` drop lands on: on rank 1, or
    /// on top of a piece or a wall (as White sees the board).
    fn landing_squares(&self, targets: SquareSet) -> SquareSet {
        let g = &self.variant.geometry;
        let mut kept = SquareSet::EMPTY;
        for to in targets.iter() {
            let below = g.offset(to, 0, -1);
            if g.rank_of(to) == 0 || below.is_some_and(|b| self.board[b.index()] != 0) {
                kept.insert(to);
            }
        }
        kept
    }

    /// Whether `to` is next to a piece of `side`.
    fn beside(&self, to: Square, side: Color) -> bool {
        let ours = self.pieces_of(side);
        self.neighbours(to).any(|sq| ours.contains(sq))
    }

    /// Whether an enemy piece of `side` stands on one of the four squares
    /// orthogonally next to `to` (`away-from-enemy`: Snort).
    fn beside_enemy_orthogonally(&self, to: Square, side: Color) -> bool {
        let theirs = self.pieces_of(side.opposite());
        let g = &self.variant.geometry;
        [(0, 1), (0, -1), (1, 0), (-1, 0)]
            .iter()
            .filter_map(|&(df, dr)| g.offset(to, df, dr))
            .any(|sq| theirs.contains(sq))
    }

    /// The enemy pieces a move of the side to move that reached `to`
    /// turns to its side, by the variant's `flip` rule.
    fn to_flip(&self, to: Square, dropped: bool, flip: Flip) -> SquareSet {
        let them = self.side.opposite();
        match flip {
            Flip::Enclosed => self.enclosed_by(to, self.side),
            Flip::AdjacentUnlessDroppedAlone
                if dropped
                    && !self
                        .neighbours(to)
                        .any(|sq| self.pieces_of(self.side).contains(sq)) =>
            {
                SquareSet::EMPTY
            }
            Flip::Adjacent | Flip::AdjacentUnlessDroppedAlone => {
                let theirs = self.pieces_of(them);
                let mut set = SquareSet::EMPTY;
                for sq in self.neighbours(to).filter(|sq| theirs.contains(*sq)) {
                    set.insert(sq);
                }
                set
            }
        }
    }

    /// `flip …`: turns the enemy pieces the move `mv` flips (the mover
    /// still to move); returns them and the hash change.
    pub(crate) fn flip_after_move(&mut self, mv: Move) -> (SquareSet, u64) {
        let Some(flip) = self.variant.flip else {
            return (SquareSet::EMPTY, 0);
        };
        let dropped = matches!(mv.kind, MoveKind::Drop(_));
        let flipped = self.to_flip(mv.to, dropped, flip);
        (flipped, self.turn_over(&flipped))
    }

    /// Turns every piece on `squares` to the other side, keeping its kind
    /// (a flip, or its undoing); returns the hash change.
    pub(crate) fn turn_over(&mut self, squares: &SquareSet) -> u64 {
        let mut h = 0;
        for sq in squares.iter() {
            let code = self.take(sq);
            let piece = Piece::from_code(code);
            let turned = Piece {
                color: piece.color.opposite(),
                kind: piece.kind,
            };
            self.put(sq, turned);
            let z = &self.variant.zobrist;
            h ^= z.piece(code, sq) ^ z.piece(turned.code(), sq);
        }
        h
    }

    /// The empty squares a piece of `kind` may be dropped on as far as
    /// the rules of this family allow (`targets`: the empty squares its
    /// drop region allows): only where a `falling` piece lands; while a
    /// `drops first fill` region has an empty square, only its squares;
    /// then only squares next to a piece of the side (`beside-own`),
    /// away from enemy pieces (`away-from-enemy`) or enclosing enemy pieces
    /// (`enclosing`).
    pub(crate) fn family_drop_squares(&self, kind: PieceKind, targets: SquareSet) -> SquareSet {
        let Some(hands) = &self.variant.hands else {
            return targets;
        };
        let k = kind.0 as usize;
        let targets = if hands.falling[k] {
            self.landing_squares(targets)
        } else {
            targets
        };
        if let Some(first) = &hands.first_fill {
            let first = first.get(self.side);
            if !first.difference(&self.occupied()).is_empty() {
                return targets.intersection(first);
            }
        }
        let (beside, enclosing) = (hands.beside_own[k], hands.enclosing[k]);
        let away = hands.away_from_enemy[k];
        if !beside && !enclosing && !away {
            return targets;
        }
        // A drop that encloses stands next to an enemy piece: with fewer
        // enemy pieces than empty squares (Reversi's opening), only the
        // squares around them are tried.
        let theirs = self.pieces_of(self.side.opposite());
        let targets = if enclosing && theirs.len() < targets.len() {
            let mut near = SquareSet::EMPTY;
            for sq in theirs.iter() {
                for n in self.neighbours(sq) {
                    near.insert(n);
                }
            }
            targets.intersection(&near)
        } else {
            targets
        };
        let mut kept = SquareSet::EMPTY;
        for to in targets.iter() {
            if (!beside || self.beside(to, self.side))
                && (!away || !self.beside_enemy_orthogonally(to, self.side))
                && (!enclosing || self.encloses_any(to, self.side))
            {
                kept.insert(to);
            }
        }
        kept
    }

    /// Why the drop rules of this family (`drops first fill`,
    /// `beside-own`, `away-from-enemy`, `enclosing`) refuse a drop of `kind` on the empty
    /// square `to` by the side to move, in words, if they do.
    pub fn family_drop_refusal(&self, kind: PieceKind, to: Square) -> Option<String> {
        let hands = self.variant.hands.as_ref()?;
        let mut only = SquareSet::EMPTY;
        only.insert(to);
        if !self.family_drop_squares(kind, only).is_empty() {
            return None;
        }
        if let Some(first) = &hands.first_fill {
            let first = first.get(self.side);
            if !first.difference(&self.occupied()).is_empty() {
                let g = &self.variant.geometry;
                let names: Vec<String> = first.iter().map(|s| g.name(s)).collect();
                return Some(format!(
                    "while a square of {} is empty, every drop goes there",
                    names.join(" ")
                ));
            }
        }
        if hands.falling.get(kind.0 as usize) == Some(&true)
            && self.landing_squares(only).is_empty()
        {
            return Some(
                "it falls down its file: it goes on rank 1 or on top of a piece".to_string(),
            );
        }
        if hands.beside_own.get(kind.0 as usize) == Some(&true) && !self.beside(to, self.side) {
            return Some("it must go next to one of your pieces".to_string());
        }
        if hands.away_from_enemy.get(kind.0 as usize) == Some(&true)
            && self.beside_enemy_orthogonally(to, self.side)
        {
            return Some("it may not go orthogonally next to an enemy piece".to_string());
        }
        Some("it must enclose a line of enemy pieces between itself and one of yours".to_string())
    }

    /// `pass when stuck`: the pass of the side to move, given that it has
    /// no other legal move, if it may pass (it has a piece on the board
    /// and is not in check). Written as Fairy-Stockfish writes it: the
    /// square of its royal piece, or else of its first piece (lowest rank,
    /// then file), twice.
    pub(crate) fn pass_move(&self) -> Option<Move> {
        if !self.variant.game_end.passes() || (self.is_check() && !self.royals_facing()) {
            return None;
        }
        let royal = self.board.royals.get(self.side).first();
        let first = royal.or_else(|| self.pieces_of(self.side).first())?;
        Some(Move::new(first, first, MoveKind::Pass))
    }

    /// Whether the board has no empty square left (`full board draws`).
    pub(crate) fn board_is_full(&self) -> bool {
        self.board.empty_squares(&self.variant.geometry).is_empty()
    }
}
