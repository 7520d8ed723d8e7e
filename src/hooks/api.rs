//! What hooks see and say: a read-only view of the position (`pos`), the
//! move (`mv`), results and effects.
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

use std::sync::Arc;

use rhai::{Array, Dynamic, Engine, Map};

use crate::ir::geometry::{Square, MAX_SQUARES};
use crate::ir::piece::{Color, Piece};
use crate::ir::Variant;

/// A read-only copy of what a hook may look at.
#[derive(Clone, Debug)]
pub struct PositionView {
    pub(crate) variant: Arc<Variant>,
    pub(crate) board: Box<[u8; MAX_SQUARES]>,
    pub(crate) side: Color,
    pub(crate) in_check: bool,
    pub(crate) history_len: i64,
    pub(crate) counters: [i32; 2 * crate::ir::MAX_COUNTERS],
}

/// The move a hook is asked about.
#[derive(Clone, Debug)]
pub struct MoveView {
    /// Origin square name.
    pub from: String,
    /// Destination square name.
    pub to: String,
    /// The moving piece's name.
    pub piece: String,
    /// The mover's colour.
    pub color: Color,
    /// The captured piece's name, or empty.
    pub captured: String,
    /// The promotion choice's name, or empty.
    pub promotion: String,
    /// "normal", "double-step", "en-passant" or "castle".
    pub kind: &'static str,
}

impl MoveView {
    /// The move as a Rhai map.
    pub fn to_dynamic(&self) -> Dynamic {
        let mut m = Map::new();
        m.insert("from".into(), self.from.clone().into());
        m.insert("to".into(), self.to.clone().into());
        m.insert("piece".into(), self.piece.clone().into());
        m.insert("color".into(), color_name(self.color).into());
        m.insert("captured".into(), self.captured.clone().into());
        m.insert("promotion".into(), self.promotion.clone().into());
        m.insert("kind".into(), self.kind.into());
        m.into()
    }
}

/// The end of a game, as a hook declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The winner, or None for a draw.
    pub winner: Option<Color>,
    /// Why, in words the REPL can print.
    pub reason: String,
}

impl GameEnd {
    pub(crate) fn from_dynamic(
        value: Dynamic,
        pos: &PositionView,
    ) -> Result<Option<GameEnd>, String> {
        if value.is_unit() {
            return Ok(None);
        }
        let Some(map) = value.clone().try_cast::<Map>() else {
            return Err(format!(
                "the game-end hook must return () or a result such as win(\"reason\"), not {}",
                value.type_name()
            ));
        };
        let text = |k: &str| {
            map.get(k)
                .and_then(|d| d.clone().into_string().ok())
                .unwrap_or_default()
        };
        let reason = text("reason");
        let winner = match text("result").as_str() {
            "win" => Some(pos.side),
            "loss" => Some(pos.side.opposite()),
            "draw" => None,
            "winner" => Some(
                parse_color(&text("color"))
                    .ok_or("winner(color, reason) needs \"white\" or \"black\"")?,
            ),
            other => return Err(format!("unknown game result `{other}`")),
        };
        Ok(Some(GameEnd { winner, reason }))
    }
}

/// A change an after-move hook makes to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Remove whatever stands on the square.
    Remove(Square),
    /// Put a piece on the square (replacing what stands there).
    Put(Square, Piece),
    /// Set counter `index` of a side.
    SetCounter(usize, Color, i32),
}

impl Effect {
    pub(crate) fn list_from_dynamic(
        value: Dynamic,
        variant: &Variant,
    ) -> Result<Vec<Effect>, String> {
        if value.is_unit() {
            return Ok(Vec::new());
        }
        let array = value
            .into_array()
            .map_err(|t| format!("the after-move hook must return an array of effects, not {t}"))?;
        let g = &variant.geometry;
        let mut out = Vec::new();
        for item in array {
            let map = item
                .try_cast::<Map>()
                .ok_or("an effect must be remove(square) or put(square, piece, color)")?;
            let text = |k: &str| {
                map.get(k)
                    .and_then(|d| d.clone().into_string().ok())
                    .unwrap_or_default()
            };
            if text("effect") == "counter" {
                let name = text("counter");
                let index = variant
                    .counters
                    .iter()
                    .position(|(c, _)| *c == name)
                    .ok_or_else(|| format!("no counter is called `{name}`"))?;
                let color = parse_color(&text("color"))
                    .ok_or("set_counter(name, color, value) needs \"white\" or \"black\"")?;
                let value = map
                    .get("value")
                    .and_then(|d| d.as_int().ok())
                    .ok_or("set_counter needs a whole number")?;
                out.push(Effect::SetCounter(
                    index,
                    color,
                    value.clamp(i32::MIN as i64, i32::MAX as i64) as i32,
                ));
                continue;
            }
            let sq_name = text("square");
            let sq = g
                .parse_square(&sq_name)
                .ok_or_else(|| format!("`{sq_name}` is not a square of the board"))?;
            match text("effect").as_str() {
                "remove" => out.push(Effect::Remove(sq)),
                "put" => {
                    let name = text("piece");
                    let kind = variant
                        .pieces
                        .iter()
                        .position(|p| p.name == name)
                        .ok_or_else(|| format!("no piece is called `{name}`"))?;
                    let color = parse_color(&text("color"))
                        .ok_or("put(square, piece, color) needs \"white\" or \"black\"")?;
                    out.push(Effect::Put(
                        sq,
                        Piece {
                            color,
                            kind: crate::ir::piece::PieceKind(kind as u8),
                        },
                    ));
                }
                other => return Err(format!("unknown effect `{other}`")),
            }
        }
        Ok(out)
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn parse_color(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

impl PositionView {
    fn square(&self, name: &str) -> Option<Square> {
        self.variant.geometry.parse_square(name)
    }

    fn piece_map(&self, sq: Square) -> Dynamic {
        let code = self.board[sq.index()];
        if code == 0 {
            return Dynamic::UNIT;
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
                    code != 0 && {
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
                code != 0 && color_name(Piece::from_code(code).color) == color
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
                    code != 0 && {
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
                code == 0 || {
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
            match g.square(file as i32 - 1, rank as i32 - 1) {
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
