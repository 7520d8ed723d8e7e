//! The teaching subcommands of `varia`: `explain`, `show`, `diagram`, `doc`.
//! Each returns the exit code; [`crate::cli`] dispatches to them.

use std::sync::Arc;

use crate::ir::geometry::Square;
use crate::ir::piece::{Color, Piece};
use crate::ir::setup::Setup;
use crate::ir::Variant;
use crate::load::load_variant_or_report;
use crate::notation::coord::parse_coord;
use crate::notation::printable;
use crate::teach::diagram::{place_piece, teaching_square_of, Diagram};
use crate::teach::{doc, explain, find_piece, show, svg};
use crate::vm::{Position, PositionErrorKind};

/// `println!` that ends `varia` quietly (status 0) when standard output
/// was closed (`varia moves chess | head -1`) instead of panicking.
macro_rules! outln {
    () => {
        crate::teach::cli::write_stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        crate::teach::cli::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` that ends `varia` quietly when standard output was closed.
macro_rules! out {
    ($($arg:tt)*) => {
        crate::teach::cli::write_stdout(format_args!($($arg)*))
    };
}

/// `varia explain SCRIPT [PIECE]` (without a piece: every piece of the
/// variant) or `varia explain --betza STRING`.
pub fn explain(args: &[String], betza: Option<&str>) -> i32 {
    if let Some(b) = betza {
        return match explain::explain_betza(b) {
            Ok(text) => {
                outln!("{text}");
                0
            }
            Err(e) => {
                eprint!("{}", e.render_for_terminal());
                1
            }
        };
    }
    let (script, piece) = match args {
        [script] => (script, None),
        [script, piece] => (script, Some(piece)),
        _ => {
            eprintln!("usage: varia explain SCRIPT [PIECE], or varia explain --betza STRING");
            return 2;
        }
    };
    let Some(v) = load_variant_or_report(script) else {
        return 1;
    };
    let kinds: Vec<_> = match piece {
        Some(name) => {
            let Some((piece, _)) = lookup(&v, name) else {
                return 1;
            };
            vec![piece.kind]
        }
        None => (0..v.pieces.len())
            .map(|i| crate::ir::piece::PieceKind(i as u8))
            .collect(),
    };
    let texts: Vec<String> = kinds
        .into_iter()
        .map(|k| explain::explain_piece(&v, k))
        .collect();
    outln!("{}", texts.join("\n\n"));
    0
}

/// `varia show SCRIPT PIECE [--at SQUARE] [--fen FEN]`.
pub fn show(script: &str, piece: &str, at: Option<&str>, fen: Option<&str>) -> i32 {
    let Some(v) = load_variant_or_report(script) else {
        return 1;
    };
    let Some((piece, _)) = lookup(&v, piece) else {
        return 1;
    };
    let at = match at.map(|a| square(&v, a)) {
        Some(None) => return 1,
        Some(Some(s)) => Some(s),
        None => None,
    };
    match fen {
        None => out!("{}", show::show_piece(&v, piece, at)),
        Some(fen) => {
            let at = at.unwrap_or_else(|| teaching_square_of(&v, piece));
            let Some(pos) = position(&v, Some(fen)) else {
                return 1;
            };
            let placed = match placed_or_report(&pos, piece, at) {
                Some(p) => p,
                None => return 1,
            };
            match show::show_in_position(&placed, at) {
                Ok(text) => out!("{text}"),
                Err(e) => {
                    eprintln!("error: {}", printable(&e.to_string()));
                    return 1;
                }
            }
        }
    }
    0
}

/// The options of `varia diagram`.
#[derive(Debug)]
pub struct DiagramArgs<'a> {
    /// The script.
    pub script: &'a str,
    /// The position.
    pub fen: Option<&'a str>,
    /// A piece whose moves to mark.
    pub piece: Option<&'a str>,
    /// Its square.
    pub at: Option<&'a str>,
    /// A last move to highlight.
    pub last: Option<&'a str>,
    /// Black at the bottom.
    pub flip: bool,
    /// The output file.
    pub output: &'a str,
}

/// `varia diagram SCRIPT [--fen FEN] [--piece PIECE --at SQUARE] [--last MOVE] [--flip] -o FILE.svg`.
///
/// A diagram's FEN need not be a game position: a teaching diagram of a
/// Rook and a Pawn has no kings (`teaching_board`); every other rule of
/// a FEN still holds.
pub fn diagram(a: DiagramArgs<'_>) -> i32 {
    let Some(v) = load_variant_or_report(a.script) else {
        return 1;
    };
    let board = match a.fen {
        None => Board::Game(Box::new(Position::start(&v))),
        Some(fen) => match teaching_board(&v, fen) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: bad FEN: {}", printable(&e));
                return 1;
            }
        },
    };
    let at = match a.at.map(|s| square(&v, s)) {
        Some(None) => return 1,
        Some(Some(s)) => Some(s),
        None => None,
    };
    let d = match (&board, a.piece, at) {
        (_, Some(name), at) => {
            let Some((piece, _)) = lookup(&v, name) else {
                return 1;
            };
            let at = at.unwrap_or_else(|| teaching_square_of(&v, piece));
            match (&board, a.fen) {
                (_, None) => Ok(Diagram::piece_alone(&v, piece, at)),
                (Board::Game(pos), Some(_)) => {
                    let Some(placed) = placed_or_report(pos, piece, at) else {
                        return 1;
                    };
                    Diagram::piece_in_position(&placed, at)
                }
                (Board::Teaching(setup), Some(_)) => {
                    let mut setup = setup.clone();
                    if let Some(cell) = setup.board.get_mut(at.index()) {
                        *cell = piece.code();
                    }
                    Diagram::piece_on_board(&v, &setup, at)
                }
            }
        }
        (Board::Game(pos), None, Some(at)) => Diagram::piece_in_position(pos, at),
        (Board::Teaching(setup), None, Some(at)) => Diagram::piece_on_board(&v, setup, at),
        (Board::Game(pos), None, None) => Ok(Diagram::of_position(pos)),
        (Board::Teaching(setup), None, None) => Ok(Diagram::of_setup(&v, setup)),
    };
    let mut d = match d {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {}", printable(&e.to_string()));
            return 1;
        }
    };
    if let Some(m) = a.last {
        match last_move(&v, m) {
            Some(lm) => d.last_move = Some(lm),
            None => {
                eprintln!(
                    "error: `{}` is not a move in coordinates (e2e4)",
                    printable(m)
                );
                return 1;
            }
        }
    }
    let text = svg::render(&d, a.flip);
    if let Err(e) = std::fs::write(a.output, text) {
        eprintln!("error: cannot write {}: {e}", printable(a.output));
        return 1;
    }
    outln!("wrote {}", printable(a.output));
    0
}

/// `varia doc SCRIPT -o DIR`.
pub fn doc(script: &str, output: &str) -> i32 {
    let Some(v) = load_variant_or_report(script) else {
        return 1;
    };
    match doc::write_page(&v, script, std::path::Path::new(output)) {
        Ok(path) => {
            outln!("wrote {}", printable(&path.display().to_string()));
            0
        }
        Err(e) => {
            eprintln!(
                "error: cannot write the page into {}: {e}",
                printable(output)
            );
            1
        }
    }
}

/// A piece by name or letter; a single lower-case letter means Black's.
fn lookup(v: &Variant, name: &str) -> Option<(Piece, ())> {
    let Some(kind) = find_piece(v, name) else {
        let names: Vec<String> = v
            .pieces
            .iter()
            .map(|p| format!("{} ({})", p.name, p.letter))
            .collect();
        eprintln!(
            "error: no piece `{}` in {}; its pieces are {}",
            printable(name),
            v.name,
            names.join(", ")
        );
        return None;
    };
    let black = name.len() == 1 && name.chars().all(|c| c.is_ascii_lowercase());
    let color = if black { Color::Black } else { Color::White };
    Some((Piece { color, kind }, ()))
}

fn square(v: &Variant, name: &str) -> Option<Square> {
    let sq = v.geometry.parse_square(name);
    if sq.is_none() {
        eprintln!(
            "error: {}",
            crate::teach::not_a_square(printable(name).as_ref())
        );
    }
    sq
}

/// The board a diagram draws: a game position, or a teaching board.
#[derive(Debug)]
enum Board {
    /// A legal position of the game.
    Game(Box<Position>),
    /// A board that is a position but for its missing royal pieces (a
    /// teaching diagram of a Rook and a Pawn): drawn, never played.
    Teaching(Setup),
}

/// Reads a diagram's FEN: a game position if it is one, else a teaching
/// board when the only thing missing is a side's royal piece; any other
/// fault of the FEN is the error (its text).
///
/// # Errors
/// The FEN does not read, or breaks a rule besides the royal pieces.
fn teaching_board(v: &Arc<Variant>, fen: &str) -> Result<Board, String> {
    let setup = crate::compile::fen::parse_fen(v, fen).map_err(|e| e.to_string())?;
    match Position::from_setup(v, &setup) {
        Ok(pos) => Ok(Board::Game(Box::new(pos))),
        Err(e)
            if e.kinds
                .iter()
                .all(|k| matches!(k, PositionErrorKind::MissingRoyal { .. })) =>
        {
            Ok(Board::Teaching(setup))
        }
        Err(e) => Err(e.to_string()),
    }
}

fn position(v: &Arc<Variant>, fen: Option<&str>) -> Option<Position> {
    match fen {
        None => Some(Position::start(v)),
        Some(fen) => match Position::from_fen(v, fen) {
            Ok(p) => Some(p),
            Err(e) => {
                eprintln!("error: bad FEN: {}", printable(&e.to_string()));
                None
            }
        },
    }
}

/// A move's two squares from coordinates (`e2e4`, `a10a9`), for highlighting.
fn last_move(v: &Arc<Variant>, text: &str) -> Option<(Square, Square)> {
    let _ = parse_coord;
    let t = text.trim();
    let split = t
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_lowercase())
        .map(|(i, _)| i)?;
    let (a, b) = t.split_at(split);
    let b: String = b
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .enumerate()
        .take_while(|(i, c)| *i == 0 || c.is_ascii_digit())
        .map(|(_, c)| c)
        .collect();
    Some((v.geometry.parse_square(a)?, v.geometry.parse_square(&b)?))
}

/// The position with `piece` put on `at`, or None after printing why not.
fn placed_or_report(pos: &Position, piece: Piece, at: Square) -> Option<Position> {
    match place_piece(pos, piece, at) {
        Ok(p) => Some(p),
        Err(e) => {
            eprintln!(
                "error: cannot put the piece on {}: {e}",
                pos.variant().geometry.name(at)
            );
            None
        }
    }
}

/// Writes to standard output; when it was closed (the reader of a pipe
/// left, as `head` does), ends the program quietly with status 0, and
/// with status 1 and a message on any other write error. The CLI prints
/// through this ([`outln!`]) rather than `println!`, which panics.
pub(crate) fn write_stdout(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write the output: {e}");
        std::process::exit(1);
    }
}
