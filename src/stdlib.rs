//! The standard library: modules written in the variant language and
//! embedded in the binary, so `import orthodox` works without any files.

/// The stdlib modules: name and text.
pub const MODULES: &[(&str, &str)] = &[
    ("orthodox", include_str!("../stdlib/orthodox.variant")),
    ("fairy", include_str!("../stdlib/fairy.variant")),
];

/// The text of a stdlib module.
pub fn module(name: &str) -> Option<&'static str> {
    MODULES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The built-in variant scripts, available by name without files (`chess`).
pub const SCRIPTS: &[(&str, &str)] = &[("chess", include_str!("../scripts/chess.variant"))];

/// The text of a built-in script.
pub fn script(name: &str) -> Option<&'static str> {
    SCRIPTS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}
