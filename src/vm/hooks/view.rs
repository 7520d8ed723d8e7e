//! What hooks see and say, as Rust values: the read-only view of the
//! position (`pos`), the move (`mv`), a game-end result and the effects of
//! an after-move hook, with their conversions from and to Rhai values.

use std::sync::Arc;

use rhai::{Dynamic, Map};

use crate::ir::geometry::Square;
use crate::ir::piece::{Color, Piece};
use crate::ir::Variant;
use crate::vm::position::Position;

/// A read-only copy of what a hook may look at: the position, without
/// the records that taking moves back needs; a hook's copies of `pos`
/// share it.
#[derive(Clone, Debug)]
pub struct PositionView {
    pub(crate) position: Arc<Position>,
}

impl PositionView {
    /// The variant.
    pub(crate) fn variant(&self) -> &Variant {
        &self.position.variant
    }
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
    /// "normal", "double-step", "en-passant", "castle" or "drop" (then
    /// `from` is `to` and `piece` the piece from hand).
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
            "win" => Some(pos.position.side),
            "loss" => Some(pos.position.side.opposite()),
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
                let value = i32::try_from(value).map_err(|_| {
                    format!("set_counter: {value} is out of range (counters hold -2147483648 to 2147483647)")
                })?;
                out.push(Effect::SetCounter(index, color, value));
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

pub(crate) fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

pub(crate) fn parse_color(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}
