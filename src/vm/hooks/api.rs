//! The API a hook's code calls: the read-only position view's getters and
//! functions, and the result and effect helpers.
//!
//! `pos` offers: `pos.side` ("white"/"black", the side to move),
//! `pos.in_check`, `pos.history_len` (plies played), `pos.piece(sq)` (a
//! map `#{name, letter, color, royal}` or `()`), `pos.squares(color, name)`
//! and `pos.pieces(color)` (square names), `pos.neighbours(sq)`,
//! `pos.in_region(name, sq, color)`, `pos.file(sq)` and `pos.rank(sq)`
//! (from 1), `pos.square(file, rank)`, `pos.counter(name, color)`. `mv` is a map `#{from, to, piece,
//! color, captured, promotion, kind}` (`captured`/`promotion` are `""` when
//! none). Results: `win(reason)`, `loss(reason)`, `draw(reason)` (for the
//! side to move), `winner(color, reason)`. Effects: `remove(sq)`,
//! `put(sq, name, color)`, `set_counter(name, color, value)`.

use rhai::{Array, Dynamic, Engine, Map};

use crate::ir::geometry::Square;
use crate::ir::piece::{Piece, WALL_CODE};
use crate::vm::hooks::view::{color_name, parse_color, PositionView};

impl PositionView {
    fn square(&self, name: &str) -> Option<Square> {
        self.variant.geometry.parse_square(name)
    }

    fn piece_map(&self, sq: Square) -> Dynamic {
        let code = self.board[sq.index()];
        if code == 0 {
            return Dynamic::UNIT;
        }
        if code == WALL_CODE {
            // A wall: on the board, but nobody's piece.
            let mut m = Map::new();
            m.insert("name".into(), "Wall".into());
            m.insert("letter".into(), "*".into());
            m.insert("color".into(), "none".into());
            m.insert("royal".into(), false.into());
            return m.into();
        }
        let p = Piece::from_code(code);
        let def = self.variant.piece(p.kind);
        let mut m = Map::new();
        m.insert("name".into(), def.name.clone().into());
        m.insert("letter".into(), def.letter.to_string().into());
        m.insert("color".into(), color_name(p.color).into());
        m.insert("royal".into(), def.royal.into());
        m.into()
    }
}

fn result(kind: &str, color: &str, reason: &str) -> Dynamic {
    let mut m = Map::new();
    m.insert("result".into(), kind.into());
    m.insert("color".into(), color.into());
    m.insert("reason".into(), reason.into());
    m.into()
}

/// Registers the view's API and the result and effect helpers.
pub fn register(engine: &mut Engine) {
    register_board_queries(engine);
    register_square_queries(engine);
    register_results_and_effects(engine);
}

/// The position: side, check, history, pieces and their counts, neighbours, regions.
fn register_board_queries(engine: &mut Engine) {
    engine.register_type_with_name::<PositionView>("Position");
    engine.register_get("side", |p: &mut PositionView| {
        color_name(p.side).to_string()
    });
    engine.register_get("in_check", |p: &mut PositionView| p.in_check);
    engine.register_get("history_len", |p: &mut PositionView| p.history_len);
    engine.register_fn("piece", |p: &mut PositionView, sq: &str| {
        match p.square(sq) {
            Some(s) => p.piece_map(s),
            None => Dynamic::UNIT,
        }
    });
    engine.register_fn(
        "squares",
        |p: &mut PositionView, color: &str, name: &str| -> Array {
            let g = &p.variant.geometry;
            g.squares()
                .iter()
                .filter(|s| {
                    let code = p.board[s.index()];
                    code != 0 && code != WALL_CODE && {
                        let piece = Piece::from_code(code);
                        color_name(piece.color) == color && p.variant.piece(piece.kind).name == name
                    }
                })
                .map(|s| g.name(s).into())
                .collect()
        },
    );
    engine.register_fn("pieces", |p: &mut PositionView, color: &str| -> Array {
        let g = &p.variant.geometry;
        g.squares()
            .iter()
            .filter(|s| {
                let code = p.board[s.index()];
                code != 0 && code != WALL_CODE && color_name(Piece::from_code(code).color) == color
            })
            .map(|s| g.name(s).into())
            .collect()
    });
    engine.register_fn(
        "count",
        |p: &mut PositionView, color: &str, name: &str| -> i64 {
            p.board
                .iter()
                .filter(|&&code| {
                    code != 0 && code != WALL_CODE && {
                        let piece = Piece::from_code(code);
                        color_name(piece.color) == color && p.variant.piece(piece.kind).name == name
                    }
                })
                .count() as i64
        },
    );
    engine.register_fn(
        "has_only",
        |p: &mut PositionView, color: &str, names: Array| -> bool {
            let names: Vec<String> = names.into_iter().map(|n| n.to_string()).collect();
            p.board.iter().all(|&code| {
                code == 0 || code == WALL_CODE || {
                    let piece = Piece::from_code(code);
                    color_name(piece.color) != color
                        || names.contains(&p.variant.piece(piece.kind).name)
                }
            })
        },
    );
    engine.register_fn("neighbours", |p: &mut PositionView, sq: &str| -> Array {
        let g = &p.variant.geometry;
        let Some(s) = p.square(sq) else {
            return Array::new();
        };
        let mut out = Array::new();
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) != (0, 0) {
                    if let Some(n) = g.offset(s, dx, dy) {
                        out.push(g.name(n).into());
                    }
                }
            }
        }
        out
    });
    engine.register_fn(
        "in_region",
        |p: &mut PositionView, name: &str, sq: &str, color: &str| -> bool {
            let (Some(s), Some(c)) = (p.square(sq), parse_color(color)) else {
                return false;
            };
            p.variant
                .region(name)
                .is_some_and(|r| r.squares.get(c).contains(s))
        },
    );
}

/// Squares by file and rank, and the counters hooks read and set.
fn register_square_queries(engine: &mut Engine) {
    engine.register_fn("file", |p: &mut PositionView, sq: &str| -> i64 {
        p.square(sq)
            .map_or(0, |s| p.variant.geometry.file_of(s) as i64 + 1)
    });
    engine.register_fn("rank", |p: &mut PositionView, sq: &str| -> i64 {
        p.square(sq)
            .map_or(0, |s| p.variant.geometry.rank_of(s) as i64 + 1)
    });
    engine.register_fn(
        "square",
        |p: &mut PositionView, file: i64, rank: i64| -> Dynamic {
            let g = &p.variant.geometry;
            // Out of the board (and of i32) is no square, never a wrapped one.
            let from_one = |n: i64| i32::try_from(n).ok()?.checked_sub(1);
            let (Some(file), Some(rank)) = (from_one(file), from_one(rank)) else {
                return Dynamic::UNIT;
            };
            match g.square(file, rank) {
                Some(s) => g.name(s).into(),
                None => Dynamic::UNIT,
            }
        },
    );
    engine.register_fn(
        "counter",
        |p: &mut PositionView, name: &str, color: &str| -> i64 {
            let (Some(i), Some(c)) = (
                p.variant.counters.iter().position(|(n, _)| n == name),
                parse_color(color),
            ) else {
                return 0;
            };
            p.counters[2 * i + c.index()] as i64
        },
    );
    engine.register_fn(
        "set_counter",
        |name: &str, color: &str, value: i64| -> Dynamic {
            let mut m = Map::new();
            m.insert("effect".into(), "counter".into());
            m.insert("counter".into(), name.into());
            m.insert("color".into(), color.into());
            m.insert("value".into(), value.into());
            m.into()
        },
    );
}

/// What hooks return: game results and board effects.
fn register_results_and_effects(engine: &mut Engine) {
    engine.register_fn("win", |reason: &str| result("win", "", reason));
    engine.register_fn("loss", |reason: &str| result("loss", "", reason));
    engine.register_fn("draw", |reason: &str| result("draw", "", reason));
    engine.register_fn("winner", |color: &str, reason: &str| {
        result("winner", color, reason)
    });
    engine.register_fn("remove", |sq: &str| -> Dynamic {
        let mut m = Map::new();
        m.insert("effect".into(), "remove".into());
        m.insert("square".into(), sq.into());
        m.into()
    });
    engine.register_fn("put", |sq: &str, piece: &str, color: &str| -> Dynamic {
        let mut m = Map::new();
        m.insert("effect".into(), "put".into());
        m.insert("square".into(), sq.into());
        m.insert("piece".into(), piece.into());
        m.insert("color".into(), color.into());
        m.into()
    });
}
