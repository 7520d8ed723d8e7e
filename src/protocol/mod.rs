//! Engine protocols: how chess programs talk to varia.
//!
//! - [`uci`]: the Universal Chess Interface, as Fairy-Stockfish speaks it
//!   for variants (`varia uci`): for Cute Chess, BanksiaGUI, Arena and
//!   match runners.
//!
//! A protocol session reads command lines and writes answer lines; it keeps
//! the game in a [`crate::game::Game`] and searches with
//! [`crate::engine::search::Engine`] on a thread of its own, so that `stop`
//! and `isready` are answered while it thinks. Bad input of any kind gets
//! the protocol's error answer and changes nothing.

pub mod uci;
