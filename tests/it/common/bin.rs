#![allow(dead_code)]
//! Running the `varia` binary as a user does, from the project directory.

use std::process::{Command, Output};

/// `varia ARGS…`, without colours.
pub fn varia(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("run varia")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
