//! The API a hook's code calls: the read-only position view's getters and
//! queries, and the result and effect helpers. Its names and arguments are
//! listed in [`crate::ir::hook_api`], which the compiler checks hooks
//! against; the tests below keep the two the same.
//!
//! A name a hook computes at run time is checked here: a piece, colour,
//! region or counter the variant does not have is an error naming it. A
//! string that is no square of the board is no square: `pos.piece` gives
//! `()`, `pos.attacked` false, `pos.neighbours` nothing.

use rhai::{Array, Dynamic, Engine, EvalAltResult, Map};

use crate::diagnostics::closest;
use crate::ir::geometry::Square;
use crate::ir::hook_api::{COLORS, WALL_NAME};
use crate::ir::piece::{Color, Piece, PieceKind, WALL_CODE};
use crate::vm::hooks::view::{color_name, parse_color, PositionView};

/// What a query that may fail returns to Rhai.
type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// "no piece is called `Quen` (did you mean `Queen`?)": an unknown name.
fn unknown(what: &str, name: &str, known: &[&str]) -> Box<EvalAltResult> {
    let hint = closest(name, known.iter().copied())
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default();
    format!("no {what} is called `{name}`{hint}").into()
}

impl PositionView {
    fn square(&self, name: &str) -> Option<Square> {
        self.variant().geometry.parse_square(name)
    }

    fn kind(&self, name: &str) -> Fallible<PieceKind> {
        let pieces = &self.variant().pieces;
        match pieces.iter().position(|p| p.name == name) {
            Some(i) => Ok(PieceKind(i as u8)),
            None => {
                let known: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
                Err(unknown("piece", name, &known))
            }
        }
    }

    fn counter_index(&self, name: &str) -> Fallible<usize> {
        let counters = &self.variant().counters;
        counters.iter().position(|(n, _)| n == name).ok_or_else(|| {
            let known: Vec<&str> = counters.iter().map(|(n, _)| n.as_str()).collect();
            unknown("counter", name, &known)
        })
    }

    /// The pieces of `color` on the board, with their squares (no walls).
    fn pieces_of(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let board = &self.position.board;
        board.by_color.get(color).iter().filter_map(move |sq| {
            let code = board[sq.index()];
            (code != 0 && code != WALL_CODE).then(|| (sq, Piece::from_code(code)))
        })
    }

    fn piece_map(&self, sq: Square) -> Dynamic {
        let code = self.position.board[sq.index()];
        if code == 0 {
            return Dynamic::UNIT;
        }
        let mut m = Map::new();
        if code == WALL_CODE {
            // A wall: on the board, but nobody's piece.
            m.insert("name".into(), WALL_NAME.into());
            m.insert("letter".into(), "*".into());
            m.insert("color".into(), "none".into());
            m.insert("royal".into(), false.into());
            return m.into();
        }
        let p = Piece::from_code(code);
        let def = self.variant().piece(p.kind);
        m.insert("name".into(), def.name.clone().into());
        m.insert("letter".into(), def.letter.to_string().into());
        m.insert("color".into(), color_name(p.color).into());
        m.insert("royal".into(), def.royal.into());
        m.into()
    }

    fn names(&self, squares: impl Iterator<Item = Square>) -> Array {
        let g = &self.variant().geometry;
        squares.map(|s| g.name(s).into()).collect()
    }
}

/// `"white"` or `"black"`, else an error naming the text.
fn color(name: &str) -> Fallible<Color> {
    parse_color(name).ok_or_else(|| {
        let hint = closest(name, COLORS.iter().copied())
            .map(|c| format!(" (did you mean `{c}`?)"))
            .unwrap_or_default();
        format!("`{name}` is not a colour: \"white\" or \"black\"{hint}").into()
    })
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
    engine.register_type_with_name::<PositionView>("Position");
    register_board_queries(engine);
    register_square_queries(engine);
    register_rule_queries(engine);
    register_results_and_effects(engine);
}

/// The position: side, check, history, pieces and their counts.
fn register_board_queries(engine: &mut Engine) {
    engine.register_get("side", |p: &mut PositionView| {
        color_name(p.position.side).to_string()
    });
    engine.register_get("in_check", |p: &mut PositionView| p.position.is_check());
    engine.register_get("history_len", |p: &mut PositionView| {
        p.position.history.len() as i64
    });
    engine.register_fn("piece", |p: &mut PositionView, sq: &str| {
        p.square(sq).map_or(Dynamic::UNIT, |s| p.piece_map(s))
    });
    engine.register_fn(
        "squares",
        |p: &mut PositionView, c: &str, name: &str| -> Fallible<Array> {
            let (c, kind) = (color(c)?, p.kind(name)?);
            let of_kind = p.pieces_of(c).filter(|(_, pc)| pc.kind == kind);
            Ok(p.names(of_kind.map(|(s, _)| s)))
        },
    );
    engine.register_fn(
        "pieces",
        |p: &mut PositionView, c: &str| -> Fallible<Array> {
            let c = color(c)?;
            Ok(p.names(p.pieces_of(c).map(|(s, _)| s)))
        },
    );
    engine.register_fn(
        "count",
        |p: &mut PositionView, c: &str, name: &str| -> Fallible<i64> {
            let (c, kind) = (color(c)?, p.kind(name)?);
            Ok(p.pieces_of(c).filter(|(_, pc)| pc.kind == kind).count() as i64)
        },
    );
    engine.register_fn(
        "has_only",
        |p: &mut PositionView, c: &str, names: Array| -> Fallible<bool> {
            let c = color(c)?;
            let mut kinds = Vec::with_capacity(names.len());
            for name in names {
                let name = name
                    .into_string()
                    .map_err(|t| format!("has_only needs piece names, not {t}"))?;
                kinds.push(p.kind(&name)?);
            }
            Ok(p.pieces_of(c).all(|(_, pc)| kinds.contains(&pc.kind)))
        },
    );
    engine.register_fn(
        "counter",
        |p: &mut PositionView, name: &str, c: &str| -> Fallible<i64> {
            let (i, c) = (p.counter_index(name)?, color(c)?);
            Ok(p.position.counters[2 * i + c.index()] as i64)
        },
    );
}

/// Squares: their pieces, neighbours, regions, files and ranks, attacks.
fn register_square_queries(engine: &mut Engine) {
    engine.register_fn("neighbours", |p: &mut PositionView, sq: &str| -> Array {
        let g = &p.variant().geometry;
        let Some(s) = p.square(sq) else {
            return Array::new();
        };
        let around = (-1..=1)
            .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
            .filter(|&d| d != (0, 0))
            .filter_map(|(dx, dy)| g.offset(s, dx, dy));
        p.names(around)
    });
    engine.register_fn(
        "in_region",
        |p: &mut PositionView, name: &str, sq: &str, c: &str| -> Fallible<bool> {
            let c = color(c)?;
            let Some(region) = p.variant().region(name) else {
                let known: Vec<&str> = p
                    .variant()
                    .regions
                    .iter()
                    .map(|r| r.name.as_str())
                    .collect();
                return Err(unknown("region", name, &known));
            };
            Ok(p.square(sq)
                .is_some_and(|s| region.squares.get(c).contains(s)))
        },
    );
    engine.register_fn("file", |p: &mut PositionView, sq: &str| -> i64 {
        p.square(sq)
            .map_or(0, |s| p.variant().geometry.file_of(s) as i64 + 1)
    });
    engine.register_fn("rank", |p: &mut PositionView, sq: &str| -> i64 {
        p.square(sq)
            .map_or(0, |s| p.variant().geometry.rank_of(s) as i64 + 1)
    });
    engine.register_fn(
        "square",
        |p: &mut PositionView, file: i64, rank: i64| -> Dynamic {
            let g = &p.variant().geometry;
            // Out of the board (and of i32) is no square, never a wrapped one.
            let from_one = |n: i64| i32::try_from(n).ok()?.checked_sub(1);
            let (Some(file), Some(rank)) = (from_one(file), from_one(rank)) else {
                return Dynamic::UNIT;
            };
            g.square(file, rank)
                .map_or(Dynamic::UNIT, |s| g.name(s).into())
        },
    );
    engine.register_fn(
        "attacked",
        |p: &mut PositionView, sq: &str, by: &str| -> Fallible<bool> {
            let by = color(by)?;
            Ok(p.square(sq).is_some_and(|s| p.position.is_attacked(s, by)))
        },
    );
}

/// What the rules say about the position: its legal moves, the en passant
/// square, the last move, repetitions.
fn register_rule_queries(engine: &mut Engine) {
    engine.register_fn("legal_moves", |p: &mut PositionView| -> Fallible<Array> {
        let moves = p.position.legal_moves().map_err(|e| e.to_string())?;
        Ok(moves
            .into_iter()
            .map(|m| p.position.coord(m).into())
            .collect())
    });
    engine.register_fn("en_passant", |p: &mut PositionView| -> Dynamic {
        let g = &p.variant().geometry;
        p.position
            .en_passant()
            .and_then(|ep| ep.farthest_passed(g))
            .map_or(Dynamic::UNIT, |s| g.name(s).into())
    });
    engine.register_fn("last_move", |p: &mut PositionView| -> Dynamic {
        match p.position.played.last() {
            Some(Some(played)) => p
                .position
                .move_view(played.mv, played.moved, played.captured)
                .to_dynamic(),
            _ => Dynamic::UNIT,
        }
    });
    engine.register_fn("repetitions", |p: &mut PositionView| -> i64 {
        i64::from(p.position.repetitions())
    });
}

/// What hooks return: game results and board effects; and `opposite`.
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
    engine.register_fn("opposite", |c: &str| -> Fallible<String> {
        Ok(color_name(color(c)?.opposite()).to_string())
    });
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use crate::ir::hook::limits::UNAVAILABLE_FUNCTIONS;
    use crate::ir::hook_api::{FUNCTIONS, POSITION_PROPERTIES};

    /// The runtime registers exactly the functions `ir::hook_api` lists
    /// (the compiler checks hooks against that list), with as many
    /// arguments, and the properties of `pos` as getters.
    #[test]
    fn the_runtime_registers_the_listed_api() {
        let engine = super::super::runtime::sandboxed_engine();
        let registered: BTreeSet<(String, usize)> = engine
            .collect_fn_metadata(
                None,
                |f| Some((f.metadata.name.to_string(), f.metadata.num_params)),
                false,
            )
            .into_iter()
            .filter(|(name, _)| !UNAVAILABLE_FUNCTIONS.contains(&name.as_str()))
            .collect();
        let mut listed: BTreeSet<(String, usize)> = FUNCTIONS
            .iter()
            .map(|f| (f.name.to_string(), f.args.len()))
            .collect();
        listed.extend(POSITION_PROPERTIES.iter().map(|p| (format!("get${p}"), 1)));
        assert_eq!(registered, listed);
    }
}
