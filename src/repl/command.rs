//! The REPL's commands: parsed from a typed line. Anything that is not a
//! command is a move. Running them lives in [`crate::repl`].

/// Who the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sides {
    /// White.
    White,
    /// Black.
    Black,
    /// Both sides.
    Both,
    /// Neither.
    None,
}

/// How long the computer thinks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Level {
    /// A fixed depth in plies.
    Depth(u32),
    /// Seconds per move.
    Time(f64),
}

/// A typed command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `help`
    Help,
    /// `board`: draw the board again.
    Board,
    /// `moves [SQUARE]`
    Moves(Option<String>),
    /// `undo [N]`
    Undo(usize),
    /// `redo [N]`
    Redo(usize),
    /// `new`
    New,
    /// `new random [SEED]`: a new game from a random start array.
    NewRandom(Option<u64>),
    /// `load SCRIPT`
    Load(String),
    /// `fen [FEN]`
    Fen(Option<String>),
    /// `pgn`
    Pgn,
    /// `save FILE`
    Save(Option<String>),
    /// `open FILE`
    Open(String),
    /// `perft N`
    Perft(u32),
    /// `flip`
    Flip,
    /// `go`
    Go,
    /// `play white|black|both|none`
    Play(Option<Sides>),
    /// `level [N | depth N | time S]`
    Level(Option<Level>),
    /// `hint`
    Hint,
    /// `explain PIECE`
    Explain(String),
    /// `show PIECE [at SQUARE]` or `show SQUARE`
    Show(String, Option<String>),
    /// `pv on|off`: show each iteration of the search.
    Pv(Option<bool>),
    /// `quit`
    Quit,
    /// A move.
    Move(String),
}

/// The command words, for help and completion.
pub const COMMANDS: &[(&str, &str)] = &[
    ("help", "this list"),
    ("board", "draw the board again"),
    (
        "moves",
        "moves [SQUARE]: the legal moves (of the piece on SQUARE)",
    ),
    ("undo", "undo [N]: take back the last move (or N)"),
    ("redo", "redo [N]: play again a move taken back"),
    (
        "new",
        "new [random [SEED]]: a new game of the same variant (from a random start array: Chess960's `shuffle`)",
    ),
    (
        "load",
        "load SCRIPT: a new game of another variant (`chess` is built in)",
    ),
    (
        "fen",
        "fen [FEN]: show the position's FEN, or set up a position",
    ),
    ("pgn", "show the game in PGN"),
    ("save", "save FILE: write the game as PGN"),
    (
        "open",
        "open FILE: read a PGN game (its moves can then be undone and redone)",
    ),
    (
        "perft",
        "perft N: count the move tree N plies deep (N at most 20)",
    ),
    ("flip", "view the board from the other side"),
    ("go", "the computer plays the side to move"),
    (
        "play",
        "play white|black|both|none: which sides the computer plays",
    ),
    (
        "level",
        "level N | depth N | time SECONDS: how hard the computer thinks",
    ),
    ("depth", "depth N: the computer searches N plies (1 to 60)"),
    (
        "time",
        "time SECONDS: the computer thinks that long per move (at most 3600)",
    ),
    ("hint", "the computer suggests a move"),
    (
        "explain",
        "explain PIECE: how a piece moves, and its other rules, in words",
    ),
    (
        "show",
        "show PIECE [at SQUARE]: a diagram of its moves; show SQUARE: the piece there, here",
    ),
    (
        "pv",
        "pv on|off: show the computer's principal variation as it thinks",
    ),
    ("quit", "leave (offers to save an unsaved game); Ctrl-D too"),
];

/// What is wrong with a known command's arguments.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// `undo` or `redo` with something other than a number of moves.
    #[error("{command} takes a number of moves, as in `{command} 2`")]
    NotACount {
        /// The command.
        command: &'static str,
    },
    /// Arguments the command does not take; `usage` says what it takes.
    #[error("{usage}")]
    Usage {
        /// What the command takes, with an example.
        usage: &'static str,
    },
}

fn usage(usage: &'static str) -> CommandError {
    CommandError::Usage { usage }
}

/// Parses a typed line; `Err` says what is wrong with a command's arguments.
///
/// # Errors
/// [`CommandError`] for a known command with bad arguments.
pub fn parse_command(line: &str) -> Result<Command, CommandError> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let arg = || (!rest.is_empty()).then(|| rest.to_string());
    let count = |command: &'static str| -> Result<usize, CommandError> {
        if rest.is_empty() {
            Ok(1)
        } else {
            rest.parse::<usize>()
                .map_err(|_| CommandError::NotACount { command })
        }
    };
    Ok(match word.to_ascii_lowercase().as_str() {
        "help" | "?" | "h" => Command::Help,
        "board" | "b" | "d" => Command::Board,
        "moves" => Command::Moves(arg()),
        "undo" | "u" | "back" => Command::Undo(count("undo")?),
        "redo" | "forward" => Command::Redo(count("redo")?),
        "new" => {
            let words: Vec<&str> = rest.split_whitespace().collect();
            match words.as_slice() {
                [] => Command::New,
                [random] if random.eq_ignore_ascii_case("random") => Command::NewRandom(None),
                [random, seed] if random.eq_ignore_ascii_case("random") => {
                    match seed.parse::<u64>() {
                        Ok(n) => Command::NewRandom(Some(n)),
                        Err(_) => return Err(usage("new random takes a seed, a whole number: `new random 42`")),
                    }
                }
                _ => return Err(usage("new takes nothing, or `random` and a seed: `new`, `new random`, `new random 42`")),
            }
        }
        "load" => match arg() {
            Some(s) => Command::Load(s),
            None => return Err(usage("load takes a script: `load scripts/balbo.variant`")),
        },
        "fen" => Command::Fen(arg()),
        "pgn" => Command::Pgn,
        "save" => Command::Save(arg()),
        "open" => match arg() {
            Some(s) => Command::Open(s),
            None => return Err(usage("open takes a file: `open game.pgn`")),
        },
        // The depth cap is the library's (`vm::perft::MAX_PERFT_DEPTH`),
        // checked when the command runs, as in every front-end.
        "perft" => match rest.parse::<u32>() {
            Ok(n) => Command::Perft(n),
            Err(_) => return Err(usage("perft takes a depth: `perft 4`")),
        },
        "flip" => Command::Flip,
        "go" => Command::Go,
        "play" => Command::Play(match rest.to_ascii_lowercase().as_str() {
            "" => None,
            "white" | "w" => Some(Sides::White),
            "black" | "b" => Some(Sides::Black),
            "both" => Some(Sides::Both),
            "none" | "off" => Some(Sides::None),
            _ => return Err(usage("play takes white, black, both or none")),
        }),
        "level" => Command::Level(parse_level(rest)?),
        // `depth 5`, `time 30`: short for `level depth 5`, `level time 30`
        // (alone, they say the level).
        "depth" | "time" if rest.is_empty() => Command::Level(None),
        "depth" | "time" => Command::Level(parse_level(&format!(
            "{} {rest}",
            word.to_ascii_lowercase()
        ))?),
        "hint" => Command::Hint,
        "explain" => match rest {
            "" => {
                return Err(usage(
                    "explain takes a piece: `explain Knight` or `explain N`",
                ))
            }
            piece => Command::Explain(piece.to_string()),
        },
        "show" => {
            let words: Vec<&str> = rest.split_whitespace().collect();
            match words.as_slice() {
                [piece] => Command::Show(piece.to_string(), None),
                [piece, "at", square] => Command::Show(piece.to_string(), Some(square.to_string())),
                _ => return Err(usage(
                    "show takes a piece (`show Knight`, `show N at e4`) or a square (`show e2`)",
                )),
            }
        }
        "pv" => Command::Pv(match rest.to_ascii_lowercase().as_str() {
            "" => None,
            "on" => Some(true),
            "off" => Some(false),
            _ => return Err(usage("pv takes on or off")),
        }),
        "quit" | "exit" | "q" => Command::Quit,
        _ => Command::Move(line.to_string()),
    })
}

/// The depths the computer searches to, in plies.
const LEVEL_DEPTHS: std::ops::RangeInclusive<u32> = 1..=60;
/// The most seconds per move.
const LEVEL_MAX_SECONDS: f64 = 3600.0;

/// The arguments of `level` (`6`, `depth 6`, `time 2.5`); `depth N` and
/// `time SECONDS` come here as they are.
fn parse_level(rest: &str) -> Result<Option<Level>, CommandError> {
    let usage =
        "level takes a depth (`level 6`, `depth 6`) or seconds per move (`level time 2.5`, \
                 `time 30`)";
    let words: Vec<&str> = rest.split_whitespace().collect();
    let depth = |s: &str| match s.parse::<u32>() {
        Ok(n) if LEVEL_DEPTHS.contains(&n) => Ok(Some(Level::Depth(n))),
        _ => Err(CommandError::Usage {
            usage: "the depth is a whole number of plies from 1 to 60, as in `depth 6`",
        }),
    };
    match words.as_slice() {
        [] => Ok(None),
        [n] if n.parse::<f64>().is_ok() => depth(n),
        ["depth", n] => depth(n),
        ["time", s] => {
            let s = s.trim_end_matches('s');
            match s.parse::<f64>() {
                Ok(t) if t > 0.0 && t <= LEVEL_MAX_SECONDS => Ok(Some(Level::Time(t))),
                _ => Err(CommandError::Usage {
                    usage: "the time is more than 0 and at most 3600 seconds per move, as in \
                            `time 2.5`",
                }),
            }
        }
        _ => Err(CommandError::Usage { usage }),
    }
}
