//! Hooks that cannot crash, hang or exhaust varia (issue 11): spans of
//! errors in hooks with non-ASCII text, the memory a hook may build, its
//! time per call and per command, interruption, where `print` writes, and
//! out-of-range numbers given to the hook API.

use varia::compile_source;
use varia::diagnostics::Code;
use varia::vm::Position;

/// A script with one game-end hook whose body is `body`.
fn with_game_end(body: &str) -> String {
    format!(
        "import orthodox\nboard 8 x 8\nhook game-end {{{body}}}\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n"
    )
}

#[test]
fn a_syntax_error_after_non_ascii_text_points_at_its_characters() {
    let script = with_game_end(" \"éééééé\"; xyz ");
    let errors = compile_source("accents.variant", &script).unwrap_err();
    let e = &errors.errors[0];
    assert_eq!(e.code, Code::HookSyntax);
    let text = &script[e.span.start as usize..e.span.end as usize];
    assert_eq!(text, "xyz ");
}

#[test]
fn a_syntax_error_on_a_later_line_after_non_ascii_text_points_at_its_characters() {
    let script = with_game_end("\n    let s = \"ééé\"; let t = \"ü\"; xyz;\n");
    let errors = compile_source("accents.variant", &script).unwrap_err();
    let e = &errors.errors[0];
    assert_eq!(e.code, Code::HookSyntax);
    assert_eq!(&script[e.span.start as usize..e.span.end as usize], "xyz;");
}

#[test]
fn a_runtime_error_after_non_ascii_text_points_at_its_characters() {
    let script = with_game_end(" let s = \"éééééééééé\"; s.nosuchfn() ");
    let v = compile_source("accents.variant", &script).unwrap();
    let e = Position::start(&v).legal_moves().unwrap_err();
    assert!(e.message.contains("nosuchfn"), "{}", e.message);
    assert_eq!(
        &script[e.span.start as usize..e.span.end as usize],
        "nosuchfn() "
    );
}
