//! varia: a small language for writing chess variants as scripts, and a
//! rules VM that plays them.
//!
//! The pipeline: [`syntax`] (pest grammar → syntax tree) → [`compile`]
//! (→ [`ir::Variant`], with precomputed move tables) → [`vm`] (legal moves,
//! make/unmake, check, game end) → front-ends ([`cli`]).
//!
//! # Examples
//!
//! ```
//! use varia::{compile::compile_source, vm::{perft::perft, Position}};
//!
//! let script = r#"
//!     variant "Chess"
//!     import orthodox
//!     board 8 x 8
//!     setup "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
//! "#;
//! let variant = compile_source("chess.variant", script).unwrap();
//! let mut pos = Position::start(&variant);
//! assert_eq!(perft(&mut pos, 3).unwrap(), 8902);
//! ```

#![warn(missing_docs, missing_debug_implementations)]
#![forbid(unsafe_code)]

pub mod cli;
pub mod compile;
pub mod diagnostics;
pub mod engine;
pub mod ir;
pub mod notation;
pub mod repl;
pub mod source;
pub mod stdlib;
pub mod syntax;
pub mod teach;
pub mod vm;
