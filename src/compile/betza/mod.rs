//! Betza strings → move patterns.
//!
//! Supported: atoms W F D N A H C Z G and the shorthands K Q R B; riders
//! by doubling (`NN`) and by range (`W4`, `R2`, `0` for no limit);
//! direction modifiers f b l r v s and their pairs (fr, fl, ff, fs, lv …);
//! modalities m, c and e (en passant); i (first move only); n (lame),
//! j (must jump), p and g (hoppers). Anything else is an error that points
//! at the letter, never a silent misreading.
//!
//! What each letter means is in [`vocabulary`] (shared with the teaching
//! module); one-leg components are compiled in `single.rs`, multi-leg
//! moves, repeated groups and crooked sliders in `legs.rs`.

mod legs;
mod single;
pub mod vocabulary;

use crate::diagnostics::ScriptError;
use crate::ir::pattern::MovePattern;
use crate::syntax::ast::BetzaMove;

/// Compiles one piece's Betza components into move patterns.
///
/// # Errors
/// Every unsupported or malformed letter, each with its span.
pub fn compile_betza(moves: &[BetzaMove]) -> Result<Vec<MovePattern>, Vec<ScriptError>> {
    let mut patterns = Vec::new();
    let mut errors = Vec::new();
    for m in moves {
        match compile_move(m) {
            Ok(mut p) => patterns.append(&mut p),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(patterns)
    } else {
        Err(errors)
    }
}

/// Compiles one component: multi-leg moves, repeated groups and crooked
/// sliders by [`legs`], the rest by [`single`].
fn compile_move(m: &BetzaMove) -> Result<Vec<MovePattern>, ScriptError> {
    let parts = vocabulary::atom(&m.atom)?;
    let crooked =
        m.modifiers.iter().any(|c| c.value == 'z') && parts.iter().all(|(_, slides)| *slides);
    if m.group.is_some() || crooked || m.modifiers.iter().any(|c| c.value == 'a') {
        legs::compile_legs(m)
    } else {
        single::compile_single(m)
    }
}
