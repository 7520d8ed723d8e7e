//! Helpers shared by the integration tests.

pub mod bin;
pub mod moves;
pub mod oracle;
pub mod protocol;
pub mod rng;
pub mod scripts;
pub mod svg;

/// Asserts that `text` (a script or an .ini section) holds each of
/// `lines`, printing the missing one and the text otherwise.
#[track_caller]
pub fn assert_has_lines(text: &str, lines: &[&str]) {
    for line in lines {
        assert!(text.contains(line), "{line}{text}");
    }
}
