//! The REPL: play a variant against a person or the computer.
//!
//! [`Session`] holds a [`Game`] and the REPL's settings and runs typed
//! lines ([`Session::execute`]), writing to any `Write`: it never reads
//! input itself and never panics on what is typed. [`run`] is the
//! interactive front-end: a rustyline editor with completion ([`helper`])
//! and a history file when standard input is a terminal, plain lines when
//! it is piped; Ctrl-C stops a search or clears the line; leaving with an
//! unsaved game asks where to save it (and keeps it in a recovery file
//! when it cannot ask).
//!
//! The files, one topic each: commands parsed ([`command`]) and run
//! (`commands.rs`), typed moves, undo and redo (`moves.rs`), the board and
//! status line (`status.rs`, drawing in [`render`]), the computer and
//! perft (`computer.rs`), game files (`files.rs`), the line reader and
//! run loop (`run.rs`).

/// Writes a line to a `Write`, ignoring errors (the terminal went away),
/// with control characters escaped ([`crate::notation::printable`]): the
/// lines say! writes may echo what the user gave (a typed move, a file
/// name, a PGN tag), which must not drive the terminal. The board, drawn
/// in colour, is written with `write!`.
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {
        let _ = writeln!($out, "{}", crate::notation::printable(&format!($($arg)*)));
    };
}

pub mod command;
mod commands;
mod computer;
mod files;
pub mod helper;
mod moves;
pub mod render;
mod run;
mod status;

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::engine::Engine;
use crate::game::Game;
use crate::ir::Variant;
use crate::load::load_variant;
use crate::load::LoadError;
use crate::vm::{Move, Position};

use command::Level;
use render::RenderOptions;

pub use files::{state_dir, today, SaveError};
pub use run::{run, wants_color};
pub use status::describe_outcome;

/// What the driver should do after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// The user asked to leave.
    Quit,
}

/// A game in progress and the REPL's settings.
#[derive(Debug)]
pub struct Session {
    /// The script the variant came from, as typed.
    script: String,
    game: Game,
    /// The game as last saved or opened: start FEN and moves.
    saved: Option<(String, Vec<Move>)>,
    /// Where it was last saved.
    save_path: Option<String>,
    /// Whether the computer plays White, Black.
    computer: (bool, bool),
    level: Level,
    show_pv: bool,
    /// Drawing options.
    pub render: RenderOptions,
    engine: Option<Engine>,
    stop: Arc<AtomicBool>,
    /// Where unsaved games are kept when they would otherwise be lost.
    pub recovery_dir: Option<PathBuf>,
}

impl Session {
    /// A session on a script (a path, or `chess` for the built-in one).
    ///
    /// # Errors
    /// [`LoadError`]: the script cannot be read or has errors.
    pub fn new(script: &str) -> Result<Session, LoadError> {
        let variant = load_variant(script)?;
        Ok(Session {
            script: script.to_string(),
            game: Game::new(&variant),
            saved: None,
            save_path: None,
            computer: (false, false),
            level: Level::Time(1.0),
            show_pv: false,
            render: RenderOptions::default(),
            engine: None,
            stop: Arc::new(AtomicBool::new(false)),
            recovery_dir: None,
        })
    }

    /// The flag that stops a running search (raised by Ctrl-C).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The moves of the game so far.
    pub fn moves(&self) -> &[Move] {
        self.game.moves()
    }

    /// The variant being played.
    pub fn variant(&self) -> &Arc<Variant> {
        self.game.variant()
    }

    /// Starts a new game from `game` (forgetting where the last was saved
    /// from, not where it goes).
    fn reset(&mut self, game: Game) {
        self.game = game;
        self.saved = None;
    }
}

/// A seed from the clock, for a random start array asked without one
/// (`new random`, `varia play --random-start`).
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vm::legal_move_generations;

    #[test]
    fn a_panic_inside_a_command_keeps_the_game_and_the_session() {
        let dir = std::env::temp_dir().join(format!("varia-guard-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut session = Session::new("chess").expect("built in");
        session.recovery_dir = Some(dir.clone());
        let mut out = Vec::new();
        session.execute("e4", &mut out);
        out.clear();
        session.guarded(&mut out, |_, _| panic!("a bug"));
        let text = String::from_utf8(out).expect("text");
        assert!(
            text.starts_with(
                "internal error (a bug in varia; please report it): a bug. The command was abandoned; the game is kept.\n(the unsaved game was kept in "
            ),
            "{text}"
        );
        assert_eq!(session.moves().len(), 1);
        let kept = std::fs::read_dir(&dir).expect("recovery folder").count();
        assert_eq!(kept, 1);
        let mut out = Vec::new();
        session.execute("e5", &mut out);
        assert_eq!(session.moves().len(), 2);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_typed_move_costs_one_generation_of_the_legal_moves() {
        let mut session = Session::new("chess").expect("built in");
        let mut out = Vec::new();
        session.show(&mut out);
        let before = legal_move_generations();
        session.execute("e4", &mut out);
        // The legal moves of the position after e4, generated once by the
        // game and used to read and write the next moves and to judge the
        // outcome on the status line under the board.
        assert_eq!(legal_move_generations() - before, 1);
        let text = String::from_utf8(out).expect("text");
        assert!(text.ends_with("1. e4   Black to move\n"), "{text}");
        // Completion writes every legal move in SAN from the kept list.
        let before = legal_move_generations();
        let candidates = session.candidates();
        assert_eq!(legal_move_generations() - before, 0);
        assert!(candidates.moves.contains(&"Nf6".to_string()));
        assert_eq!(candidates.moves.len(), 2 * 20);
    }
}
