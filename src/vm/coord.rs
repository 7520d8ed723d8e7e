//! Coordinate moves: a move written as its squares, as Fairy-Stockfish
//! prints it: `e2e4`, `e7e8q`, `a10a9`; a promotion to a piece FEN writes
//! with a `+` (shogi's) as a `+` suffix (`c6c7+`; declining has no
//! suffix); castling as the king's move (`e1g1`), and castling from any
//! start (Chess960) as the king taking its rook (`e1h1`, `b1a1`); drops as
//! the piece's letter in upper case (for both sides), `@` and the square
//! (`P@e4`); gating as the entering piece's letter in lower case after the
//! move (`b1c3h`; castling that gates on the rook's square as the rook's
//! origin, then the king's: `h1e1h`); a wall (`walls …`) after a comma, as
//! the destination and the wall's square (`c1b1,b1a1`; a move that puts
//! no wall, `instead-of-moving`, as FS writes it: the wall on a1). The notation
//! module reads them for the front-ends; hooks get the legal moves in this
//! form (`pos.legal_moves()`).

use crate::ir::geometry::Square;
use crate::ir::piece::Color;
use crate::ir::rule::CastlingRule;
use crate::vm::moves::{Gate, Move, MoveKind};
use crate::vm::position::Position;

impl Position {
    /// The move in coordinate form (`e2e4`, `e7e8q`, `P@e4`: the forms
    /// are in this module's documentation).
    pub fn coord(&self, mv: Move) -> String {
        let pos = self;
        let variant = pos.variant();
        let g = &variant.geometry;
        if let MoveKind::Drop(kind) = mv.kind {
            return format!(
                "{}@{}",
                variant.piece(kind).token(Color::White),
                g.name(mv.to)
            );
        }
        if let (
            Some(Gate::Piece {
                kind,
                on_rook_square: true,
            }),
            MoveKind::Castle(r),
        ) = (mv.gate, mv.kind)
        {
            // Fairy-Stockfish writes castling that gates on the rook's
            // square as the rook's origin, then the king's.
            let rule = &variant.castling[r as usize];
            return format!(
                "{}{}{}",
                g.name(rule.rook_from),
                g.name(rule.king_from),
                variant.piece(kind).letter.to_ascii_lowercase()
            );
        }
        if let MoveKind::Castle(r) = mv.kind {
            let rule = &variant.castling[r as usize];
            if rule.any_start || (rule.also_a_king_move && self.king_steps_there(rule)) {
                // Chess960 castling as the king taking its rook (UCI's
                // chess960 form, as Fairy-Stockfish writes its 960 variants,
                // and any castling whose king's own step goes there too):
                // the king's own move may go to the same square.
                let mut s = format!("{}{}", g.name(rule.king_from), g.name(rule.rook_from));
                // FS's move's destination is the rook's square here.
                self.push_gate(&mut s, mv.gate, rule.rook_from);
                return s;
            }
        }
        let mut s = format!("{}{}", g.name(mv.from), g.name(mv.to));
        if let Some(kind) = mv.promotion {
            let def = variant.piece(kind);
            let demotes = pos.piece_at(mv.from).is_some_and(|p| {
                let moving = variant.piece(p.kind);
                moving.plus_mark && !def.plus_mark && moving.letter == def.letter
            });
            s.push(if def.plus_mark {
                '+'
            } else if demotes {
                // A `+X` piece turning back into X (Kyoto shogi), as
                // Fairy-Stockfish writes it.
                '-'
            } else {
                def.letter.to_ascii_lowercase()
            });
        }
        self.push_gate(&mut s, mv.gate, mv.to);
        s
    }

    /// The gating piece's letter (`b1c3h`), or the wall after a comma,
    /// after the move's destination `to` again, as Fairy-Stockfish writes
    /// it (`c1b1,b1a1`).
    fn push_gate(&self, s: &mut String, gate: Option<Gate>, to: Square) {
        let variant = self.variant();
        match gate {
            Some(Gate::Piece { kind, .. }) => {
                s.push(variant.piece(kind).letter.to_ascii_lowercase())
            }
            Some(Gate::Wall(sq)) => {
                s.push(',');
                s.push_str(&variant.geometry.name(to));
                s.push_str(&variant.geometry.name(sq));
            }
            // A move that puts no wall (`instead-of-moving`): FS writes
            // the wall of its empty gating field, its square 0 (`a1b1,b1a1`).
            None if variant.walls.is_some() => {
                s.push(',');
                s.push_str(&variant.geometry.name(to));
                s.push_str(&variant.geometry.name(NO_WALL));
            }
            None => {}
        }
    }

    /// Whether the castling king's own step to the castling's square is a
    /// move of this position (Fairy-Stockfish's test before it writes such
    /// a castling as the king taking its rook).
    fn king_steps_there(&self, rule: &CastlingRule) -> bool {
        let mut moves = Vec::new();
        self.piece_moves(rule.king_from, &mut moves);
        moves
            .iter()
            .any(|m| m.to == rule.king_to && !matches!(m.kind, MoveKind::Castle(_)))
    }
}

/// The square Fairy-Stockfish writes as the wall of a move that puts none
/// (`instead-of-moving`): its square 0, the first file's first rank.
pub(crate) const NO_WALL: Square = Square(0);
