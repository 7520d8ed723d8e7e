//! varia: a small language for writing chess variants as scripts, and a
//! rules VM that plays them.
//!
//! The pipeline: [`syntax`] (pest grammar → syntax tree) → [`compile`]
//! (→ [`ir::Variant`], with precomputed move tables) → [`vm`] (legal moves,
//! make/unmake, check, game end) → [`notation`] → [`game`] (a game record
//! that front-ends play through) → front-ends: the `varia` command line
//! (`cli`) and the REPL (`repl`).
//!
//! # Features
//!
//! - `cli` (default): the front-ends `cli`, `repl` and `teach::cli`, with
//!   their dependencies clap, rustyline and ctrlc, and the `varia`
//!   binary. A program that embeds varia turns it off
//!   (`default-features = false`) and gets the core alone.
//!
//! # Examples
//!
//! Compile a script, start a game, count and play moves, read and write
//! FEN and SAN:
//!
//! ```
//! use varia::{compile_source, vm::{perft::perft, Position}};
//! use varia::notation::{fen::write_fen, san};
//!
//! let script = r#"
//!     variant "Chess"
//!     import orthodox
//!     board 8 x 8
//!     setup "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
//! "#;
//! let variant = compile_source("chess.variant", script).unwrap();
//! let mut pos = Position::start(&variant);
//! assert_eq!(pos.legal_moves().unwrap().len(), 20);
//! assert_eq!(perft(&mut pos, 3).unwrap(), 8902);
//!
//! let knight = san::parse_move(&pos, "Nf3").unwrap();
//! assert_eq!(san::move_to_san(&pos, knight), "Nf3");
//! pos.play(knight);
//! assert_eq!(
//!     write_fen(&pos),
//!     "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
//! );
//!
//! let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
//! let pos = Position::from_fen(&variant, kiwipete).unwrap();
//! assert_eq!(pos.legal_moves().unwrap().len(), 48);
//! assert_eq!(write_fen(&pos), kiwipete);
//! ```

#![warn(missing_docs, missing_debug_implementations)]
#![forbid(unsafe_code)]

pub mod arbiter;
pub mod bridge;
#[cfg(feature = "cli")]
pub mod cli;
pub mod compile;
pub mod diagnostics;
pub mod engine;
pub mod game;
pub mod ir;
pub mod load;
pub mod notation;
pub mod protocol;
#[cfg(feature = "cli")]
pub mod repl;
#[cfg(feature = "cli")]
pub mod serve;
pub mod source;
pub mod stdlib;
pub mod syntax;
pub mod teach;
pub mod vm;

pub use load::{compile_path, compile_source, scripts_in_folder, LoadError};
