//! The rules VM: positions, move generation, make/unmake, check and game end,
//! all driven by a compiled [`crate::ir::Variant`].
//!
//! Each file adds one topic to [`Position`]: `movegen` (pseudo-legal
//! moves), `legality` (royal safety, on a copied `board` placement),
//! `attacks`, `make`, `outcome`, `mating` (which checkmates count: the
//! runs of checks), `walls` (the walls a move places), `flip` (pieces
//! turned over, the drops of Reversi and Ataxx, passing),
//! `shuffle` (random start arrays); `hooks` is the runtime that runs the
//! variant's Rhai hooks.

mod attacks;
mod back_and_forth;
mod board;
mod chasing;
mod connect;
mod coord;
pub(crate) use coord::NO_WALL;
mod counting;
mod facing;
mod flip;
mod hook_error;
pub mod hooks;
mod legality;
mod make;
mod mating;
mod movegen;
pub mod moves;
mod outcome;
pub mod perft;
pub mod position;
mod promote;
pub mod setup;
pub mod shuffle;
mod walls;

pub use counting::Count;
pub use hook_error::HookError;
pub use legality::legal_move_generations;
pub use make::{NullUndo, PlayError, Undo};
pub use mating::CheckRun;
pub use moves::{Gate, Move, MoveKind};
pub use outcome::{EndReason, Outcome};
pub use position::{EnPassant, Position, PositionError, PositionErrorKind};
pub use setup::Setup;
