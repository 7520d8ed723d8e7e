//! What a hook's code may call besides Rhai's standard library: the hook
//! API, as names and the kinds of their arguments. The VM's runtime
//! registers exactly these (`vm::hooks::api`, whose tests compare the two);
//! the compiler checks a hook's calls and the names it writes as string
//! literals against them before anything runs (`compile::hook_check`).

/// What an argument of the hook API is. A string argument names something
/// of the variant; the compiler checks it when it is written as a literal,
/// and the runtime when it is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    /// The position, `pos` (the receiver of a method).
    Position,
    /// A square's name, such as `"e4"`.
    Square,
    /// `"white"` or `"black"`.
    Color,
    /// A piece's name, such as `"Queen"`.
    Piece,
    /// An array of piece names.
    Pieces,
    /// A region's name (`region hill = …`).
    Region,
    /// A counter's name (`counter checks = 3`).
    Counter,
    /// Anything else (a number, a reason in words).
    Value,
}

/// One function of the hook API.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Function {
    /// Its name.
    pub name: &'static str,
    /// Its arguments; a method of `pos` starts with [`Arg::Position`].
    pub args: &'static [Arg],
}

impl Function {
    /// Whether it is a method of `pos`.
    pub fn is_method(&self) -> bool {
        self.args.first() == Some(&Arg::Position)
    }

    /// How a call is written: `pos.count(color, piece)`, `put(square, piece, color)`.
    pub fn signature(&self) -> String {
        let (prefix, args) = match self.args.split_first() {
            Some((Arg::Position, rest)) => ("pos.", rest),
            _ => ("", self.args),
        };
        let args: Vec<&str> = args.iter().map(|a| a.word()).collect();
        format!("{prefix}{}({})", self.name, args.join(", "))
    }
}

impl Arg {
    /// What the argument is, in a signature.
    fn word(self) -> &'static str {
        match self {
            Arg::Position => "pos",
            Arg::Square => "square",
            Arg::Color => "color",
            Arg::Piece => "piece",
            Arg::Pieces => "[pieces]",
            Arg::Region => "region",
            Arg::Counter => "counter",
            Arg::Value => "value",
        }
    }
}

const fn f(name: &'static str, args: &'static [Arg]) -> Function {
    Function { name, args }
}

use Arg::{Color, Counter, Piece, Pieces, Position, Region, Square, Value};

/// Every function of the hook API: the methods of `pos`, then the results
/// and effects a hook returns, then helpers.
pub const FUNCTIONS: &[Function] = &[
    f("piece", &[Position, Square]),
    f("squares", &[Position, Color, Piece]),
    f("pieces", &[Position, Color]),
    f("count", &[Position, Color, Piece]),
    f("has_only", &[Position, Color, Pieces]),
    f("neighbours", &[Position, Square]),
    f("in_region", &[Position, Region, Square, Color]),
    f("file", &[Position, Square]),
    f("rank", &[Position, Square]),
    f("square", &[Position, Value, Value]),
    f("counter", &[Position, Counter, Color]),
    f("attacked", &[Position, Square, Color]),
    f("legal_moves", &[Position]),
    f("en_passant", &[Position]),
    f("last_move", &[Position]),
    f("repetitions", &[Position]),
    f("win", &[Value]),
    f("loss", &[Value]),
    f("draw", &[Value]),
    f("winner", &[Color, Value]),
    f("remove", &[Square]),
    f("put", &[Square, Piece, Color]),
    f("set_counter", &[Counter, Color, Value]),
    f("opposite", &[Color]),
];

/// The properties of `pos` (`pos.side`, no parentheses).
pub const POSITION_PROPERTIES: &[&str] = &["side", "in_check", "history_len"];

/// The fields of `mv`, and of the map `pos.last_move()` gives.
pub const MOVE_FIELDS: &[&str] = &[
    "from",
    "to",
    "piece",
    "color",
    "captured",
    "promotion",
    "kind",
];

/// The fields of the map `pos.piece(sq)` gives.
pub const PIECE_FIELDS: &[&str] = &["name", "letter", "color", "royal"];

/// The kinds of move `mv.kind` tells apart.
pub const MOVE_KINDS: &[&str] = &[
    "normal",
    "double-step",
    "en-passant",
    "castle",
    "drop",
    "pass",
    "promote",
];

/// The colours, as hooks write them.
pub const COLORS: &[&str] = &["white", "black"];

/// The name `pos.piece(sq)` gives a wall (`walls …`): nobody's piece.
pub const WALL_NAME: &str = "Wall";

/// The functions of the API called `name`.
pub fn functions_named(name: &str) -> impl Iterator<Item = &'static Function> + '_ {
    FUNCTIONS.iter().filter(move |f| f.name == name)
}
