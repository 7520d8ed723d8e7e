//! Snapshot tests of the rendered diagnostics: one bad script per file in
//! `tests/diagnostics/`, each showing one mistake (or, for
//! `several_errors.variant`, several), rendered as the CLI prints them.

use std::panic::{catch_unwind, AssertUnwindSafe};

#[test]
fn diagnostics() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/diagnostics/ is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "variant"))
        .collect();
    paths.sort();
    assert!(paths.len() > 50, "the bad scripts are in {}", dir.display());
    for path in paths {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("a UTF-8 file name")
            .to_string();
        let text = std::fs::read_to_string(&path).expect("readable test script");
        assert!(
            text.starts_with('#'),
            "{name}: the first line must be a `#` comment saying what mistake it shows"
        );
        let result = catch_unwind(AssertUnwindSafe(|| varia::compile_source(&name, &text)));
        let errors = match result {
            Err(_) => panic!("{name}: the compiler panicked instead of reporting the mistake"),
            Ok(Ok(_)) => panic!("{name}: this script should not compile, but it did"),
            Ok(Err(errors)) => errors,
        };
        assert!(
            !errors.errors.is_empty(),
            "{name}: compilation failed without any error"
        );
        insta::assert_snapshot!(format!("diagnostics@{name}"), errors.render_plain());
    }
}
