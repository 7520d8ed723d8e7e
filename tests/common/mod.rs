//! Helpers shared by the integration tests.

pub mod moves;
pub mod oracle;
pub mod scripts;
