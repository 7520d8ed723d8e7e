//! `Setup`: a position as read from FEN, not yet checked. It is IR data
//! (the compiled variant stores its start setup), defined in
//! [`crate::ir::setup`]; the only way to a playable [`crate::vm::Position`]
//! is [`crate::vm::Position::from_setup`].

pub use crate::ir::setup::Setup;
