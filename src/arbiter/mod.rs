//! `varia match`: varia as the arbiter of games between two engines, on
//! any scripted variant.
//!
//! The arbiter keeps the true position in a [`crate::game::Game`] with the
//! script's rules, tells each engine the position and the clocks over UCI
//! or XBoard, checks each move it answers, and ends the game as the
//! script says or by a fault (an illegal move, a loss on time, a crash).
//!
//! - [`process`]: an engine's process, lines read with deadlines;
//! - [`uci`], [`xboard`]: the two protocols, the arbiter's side;
//! - [`player`]: an engine of either protocol, asked for one move at a time;
//! - [`spec`]: the `--engine "cmd=… proto=… name=…"` argument;
//! - [`clock`]: time controls and clocks;
//! - [`openings`]: FEN/EPD and PGN opening files, random openings;
//! - [`game`]: one game; [`runner`]: the match (schedule, threads);
//! - [`stats`]: the score and the Elo difference; [`pgn`]: the games' PGN.

pub mod clock;
pub mod game;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod process;
pub mod runner;
pub mod spec;
pub mod stats;
pub mod uci;
pub mod xboard;

#[cfg(feature = "cli")]
pub mod cli;
