//! Helpers shared by the integration tests.

pub mod bin;
pub mod moves;
pub mod oracle;
pub mod protocol;
pub mod rng;
pub mod scripts;
pub mod svg;
