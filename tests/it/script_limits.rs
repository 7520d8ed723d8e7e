//! The script language's resource limits (issue 11): each one accepted at
//! the limit and answered one past it with a diagnostic pointing at the
//! place, never a stack overflow, a wrap-around or a long compile; and the
//! compile holes found by the attack (castling, promotion, Betza spaces).

use std::time::Instant;

use varia::diagnostics::Code;
use varia::ir::pattern::Travel;
use varia::syntax::limits::{
    MAX_BETZA_COMPONENTS, MAX_NESTING, MAX_REGIONS, MAX_REGION_DEPTH, MAX_SCRIPT_BYTES,
};

/// An 8 x 8 chess script with `extra` declarations after it.
fn chess(extra: &str) -> String {
    format!(
        "variant \"T\"\nimport orthodox\nboard 8 x 8\nsetup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n{extra}"
    )
}

/// A small script (4 x 4, two kings) with one more piece of this Betza.
fn small(betza: &str) -> String {
    format!("board 4 x 4\npiece King K \"K\" royal\npiece Foo X \"{betza}\"\nsetup \"k3/4/4/3K w - - 0 1\"\n")
}

/// The only error of a script that must not compile: its code and the
/// text its span covers.
fn error(script: &str) -> (Code, String) {
    let errors = match varia::compile_source("t.variant", script) {
        Ok(_) => panic!("the script compiled"),
        Err(e) => e,
    };
    let e = &errors.errors[0];
    let text = script[e.span.start as usize..e.span.end as usize].to_string();
    (e.code, text)
}

fn compiles(script: &str) {
    if let Err(e) = varia::compile_source("t.variant", script) {
        panic!("{}", e.render_plain());
    }
}

/// `(((…rank 1…)))` nested `depth` deep.
fn nested_region(depth: usize) -> String {
    format!(
        "region z = {}rank 1{}\n",
        "(".repeat(depth),
        ")".repeat(depth)
    )
}

#[test]
fn parentheses_nest_up_to_the_region_depth() {
    compiles(&chess(&nested_region(MAX_REGION_DEPTH)));
    let script = chess(&nested_region(MAX_REGION_DEPTH + 1));
    let (code, text) = error(&script);
    assert_eq!(code, Code::RegionTooDeep);
    // The innermost group, the one past the limit.
    assert_eq!(text, "rank 1");
}

#[test]
fn deep_parentheses_are_refused_before_parsing() {
    let script = chess(&nested_region(MAX_NESTING + 1));
    let (code, text) = error(&script);
    assert_eq!(code, Code::SyntaxNesting);
    assert_eq!(text, "(");
    let at = script.find('(').expect("a parenthesis") + MAX_NESTING;
    let errors = varia::compile_source("t.variant", &script).unwrap_err();
    assert_eq!(errors.errors[0].span.start as usize, at);
    // 7,000 deep overflowed the parser's stack.
    let (code, _) = error(&chess(&nested_region(7_000)));
    assert_eq!(code, Code::SyntaxNesting);
}

#[test]
fn deep_braces_in_a_hook_are_refused_before_parsing() {
    let hook = |depth: usize| {
        chess(&format!(
            "hook game-end {{ {}{} () }}\n",
            "{".repeat(depth - 1),
            "}".repeat(depth - 1)
        ))
    };
    // At the limit the nesting check lets it through (Rhai then judges it).
    if let Err(e) = varia::compile_source("t.variant", &hook(MAX_NESTING)) {
        assert!(e.errors.iter().all(|e| e.code != Code::SyntaxNesting));
    }
    let (code, text) = error(&hook(MAX_NESTING + 1));
    assert_eq!((code, text.as_str()), (Code::SyntaxNesting, "{"));
    let (code, _) = error(&hook(50_000));
    assert_eq!(code, Code::SyntaxNesting);
}

/// Regions `r0 = r1`, `r1 = r2`, … `r{n} = rank 1`, and a rule using `r0`.
fn chain(n: usize) -> String {
    let mut s: String = (0..n)
        .map(|i| format!("region r{i} = r{}\n", i + 1))
        .collect();
    s.push_str(&format!(
        "region r{n} = rank 8\npromote Pawn in r0 to Queen\n"
    ));
    chess(&s)
}

#[test]
fn a_chain_of_regions_is_bounded_by_the_region_depth() {
    compiles(&chain(MAX_REGION_DEPTH));
    let script = chain(MAX_REGION_DEPTH + 1);
    let (code, text) = error(&script);
    assert_eq!(code, Code::RegionTooDeep);
    assert_eq!(text, format!("r{}", MAX_REGION_DEPTH + 1));
    // 30,000 overflowed the stack: now the count of regions is refused
    let errors = varia::compile_source("t.variant", &chain(30_000)).unwrap_err();
    let codes: Vec<Code> = errors.errors.iter().map(|e| e.code).collect();
    assert!(codes.contains(&Code::CompileTooManyRegions), "{codes:?}");
}

#[test]
fn regions_and_borders_are_limited_in_number() {
    let regions = |n: usize| -> String {
        let mut s: String = (0..n - 1)
            .map(|i| format!("region r{i} = rank 1\n"))
            .collect();
        s.push_str("border last-one = ranks 1..4\n");
        chess(&s)
    };
    let start = Instant::now();
    compiles(&regions(MAX_REGIONS));
    let script = regions(MAX_REGIONS + 1);
    let (code, text) = error(&script);
    assert_eq!(
        (code, text.as_str()),
        (Code::CompileTooManyRegions, "last-one")
    );
    // 100,000 regions took over a minute (a quadratic name lookup).
    let (code, _) = error(&regions(40_000));
    assert_eq!(code, Code::CompileTooManyRegions);
    assert!(start.elapsed().as_secs() < 10, "{:?}", start.elapsed());
}

#[test]
fn a_script_is_at_most_one_mebibyte() {
    let padded = |bytes: usize| {
        let mut s = chess("");
        while s.len() + 64 <= bytes {
            s.push_str(&format!("#{}\n", "-".repeat(62)));
        }
        s.push_str(&"\n".repeat(bytes - s.len()));
        assert_eq!(s.len(), bytes);
        s
    };
    compiles(&padded(MAX_SCRIPT_BYTES));
    let (code, _) = error(&padded(MAX_SCRIPT_BYTES + 1));
    assert_eq!(code, Code::SyntaxScriptTooLarge);
}

#[test]
fn a_betza_string_has_at_most_256_components() {
    let start = Instant::now();
    // `WF` twice is four components (`WW` would be one rider).
    compiles(&small(&"WF".repeat(MAX_BETZA_COMPONENTS / 2)));
    // A rider counts once: 256 nightriders (2,000 took 47 s to compile).
    compiles(&small(&"NN".repeat(MAX_BETZA_COMPONENTS)));
    let betza = format!("{}fN", "WF".repeat(MAX_BETZA_COMPONENTS / 2));
    let (code, text) = error(&small(&betza));
    assert_eq!((code, text.as_str()), (Code::BetzaTooManyComponents, "fN"));
    assert!(start.elapsed().as_secs() < 10, "{:?}", start.elapsed());
}

#[test]
fn many_distinct_components_compile_in_linear_time() {
    // 255 different riders on 8 x 8: each rides along the others' squares.
    let betza: String = (1..=255).map(|n| format!("W{n}")).collect();
    let start = Instant::now();
    compiles(&chess(&format!("piece Foo X \"{betza}\"\n")));
    assert!(start.elapsed().as_secs() < 10, "{:?}", start.elapsed());
}

/// The travel of each move pattern of the piece `Foo`.
fn travels(betza: &str) -> Vec<Travel> {
    let variant = varia::compile_source("t.variant", &small(betza)).expect("compiles");
    let piece = variant
        .pieces
        .iter()
        .find(|p| p.name == "Foo")
        .expect("Foo");
    piece.patterns.iter().map(|p| p.travel).collect()
}

#[test]
fn spaces_separate_betza_components_and_never_glue_them() {
    // `N N` was a nightrider, `fN N` a forward nightrider.
    assert_eq!(travels("N N"), [Travel::Leap, Travel::Leap]);
    assert_eq!(travels("fN N"), [Travel::Leap, Travel::Leap]);
    assert_eq!(travels("NN"), [Travel::Ride { max: 0 }]);
    for (betza, space) in [("f N", 1), ("W 4", 1), ("( afz)8W", 1), ("fN  fW 4", 6)] {
        let script = small(betza);
        let errors = varia::compile_source("t.variant", &script).unwrap_err();
        let e = &errors.errors[0];
        assert_eq!(e.code, Code::BetzaSpace, "{betza}");
        let quote = script.find("X \"").expect("the Betza string") + 3;
        assert_eq!(e.span.start as usize - quote, space, "{betza}");
        assert_eq!(e.span.end - e.span.start, 1, "{betza}");
    }
}

#[test]
fn a_castling_slide_must_fit_the_board_and_a_king_step_is_told_apart() {
    // 4294967295 wrapped to -1 and made nonsense castling.
    let (code, text) = error(&chess("castling King slides 4294967295 with Rook\n"));
    assert_eq!(
        (code, text.as_str()),
        (Code::CompileBadCastling, "4294967295")
    );
    let (code, text) = error(&chess("castling King slides 7 with Rook\n"));
    assert_eq!((code, text.as_str()), (Code::CompileBadCastling, "7"));
    // One square is the king's own step: `e1f1` was listed twice. The
    // castling is now written as the king taking its rook, as
    // Fairy-Stockfish writes it (Diana chess), beside the king's step.
    for castling in [
        "castling King slides 1 with Rook\n",
        "castling King e1 -> f1 with Rook h1 -> g1\n",
    ] {
        let script = chess(castling).replace(" w KQkq ", " w Kk ");
        let variant = varia::compile_source("t.variant", &script).unwrap();
        let fen = "rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w Kk - 0 1";
        let pos = varia::vm::Position::from_fen(&variant, fen).unwrap();
        let mut king_moves: Vec<String> = pos
            .legal_moves()
            .unwrap()
            .into_iter()
            .map(|m| pos.coord(m))
            .filter(|m| m.starts_with("e1"))
            .collect();
        king_moves.sort();
        assert_eq!(king_moves, ["e1f1", "e1h1"], "{castling}");
    }
    compiles(&chess("castling King slides 2 with Rook\n"));
}

#[test]
fn a_piece_promotes_neither_to_its_kind_nor_from_royal_to_common() {
    let (code, text) = error(&chess("promote Pawn in rank last to Queen, Pawn\n"));
    assert_eq!((code, text.as_str()), (Code::CompileBadPromotion, "Pawn"));
    let script = chess("promote King in rank last to Queen\n");
    let (code, text) = error(&script);
    assert_eq!((code, text.as_str()), (Code::CompileBadPromotion, "Queen"));
    compiles(&chess(
        "piece Emperor E \"Q\" royal\npromote King in rank last to Emperor\n",
    ));
}

#[test]
fn counts_of_the_game_end_rules_are_bounded() {
    for (rule, number) in [
        ("move-rule 1000001\n", "1000001"),
        ("repetition 4294967295\n", "4294967295"),
        ("giving 4294967295 checks wins\n", "4294967295"),
        ("counter score = 4294967295\n", "4294967295"),
    ] {
        let (code, text) = error(&chess(rule));
        assert_eq!(
            (code, text.as_str()),
            (Code::CompileCountTooLarge, number),
            "{rule}"
        );
    }
    compiles(&chess(
        "move-rule 1000000\nrepetition 1000000\ncounter score = 1000000\n",
    ));
}

#[test]
fn the_board_and_the_pieces_have_their_limits() {
    let board = |f: usize, r: usize| {
        format!(
            "board {f} x {r}\npiece King K \"K\" royal\nsetup \"k{}/{}K{} w - - 0 1\"\n",
            f - 1,
            format!("{f}/").repeat(r - 2),
            f - 1
        )
    };
    compiles(&board(16, 16));
    compiles(&board(26, 9));
    let (code, _) = error(&board(17, 16));
    assert_eq!(code, Code::CompileBoardSize);
    let (code, _) = error(&board(27, 2));
    assert_eq!(code, Code::CompileBoardSize);
    // One rank (1D chess) is a board; one file, or a lone square, is not.
    compiles("board 8 x 1\npiece King K \"K\" royal\nsetup \"K6k w - - 0 1\"\n");
    let (code, _) = error("board 1 x 8\npiece King K \"K\" royal\nsetup \"k/6/K w - - 0 1\"\n");
    assert_eq!(code, Code::CompileBoardSize);
    let (code, _) =
        error("board 2 x 1 without squares a1\npiece King K \"K\" royal\nsetup \"1k w - - 0 1\"\n");
    assert_eq!(code, Code::CompileBoardSize);
    // One letter each: 26 kinds; the VM has room for 60.
    let letters: Vec<char> = ('A'..='Z').collect();
    let pieces = |n: usize| -> String {
        (0..n)
            .map(|i| format!("piece P{i} {} \"W\"\n", letters[i % 26]))
            .collect()
    };
    let script = |n: usize| {
        format!(
            "board 8 x 8\n{}setup \"8/8/8/8/8/8/8/8 w - - 0 1\"\n",
            pieces(n)
        )
    };
    compiles(&script(26));
    let (code, text) = error(&script(61));
    assert_eq!((code, text.as_str()), (Code::CompileTooManyPieces, "P60"));
}

/// The scripts that crashed `varia check` (a stack overflow, exit 134),
/// written to a directory of their own.
fn hostile_scripts(dir: &std::path::Path) -> Vec<(std::path::PathBuf, Code)> {
    std::fs::create_dir_all(dir).expect("temp dir");
    let scripts = [
        (
            "deep.variant",
            chess(&nested_region(7_000)),
            Code::SyntaxNesting,
        ),
        (
            "chain.variant",
            chain(MAX_REGION_DEPTH + 1),
            Code::RegionTooDeep,
        ),
        (
            "long-chain.variant",
            chain(30_000),
            Code::CompileTooManyRegions,
        ),
        (
            "castling.variant",
            chess("castling King slides 4294967295 with Rook\n"),
            Code::CompileBadCastling,
        ),
    ];
    scripts
        .into_iter()
        .map(|(name, text, code)| {
            let path = dir.join(name);
            std::fs::write(&path, text).expect("write the script");
            (path, code)
        })
        .collect()
}

#[test]
fn check_and_the_repl_answer_with_the_diagnostic() {
    let dir = std::env::temp_dir().join(format!("varia-limits-{}", std::process::id()));
    let scripts = hostile_scripts(&dir);
    let mut input = String::new();
    for (path, code) in &scripts {
        let path = path.to_str().expect("a UTF-8 path");
        let o = crate::common::bin::varia(&["check", path]);
        assert_eq!(o.status.code(), Some(1), "{path}");
        assert!(
            crate::common::bin::stdout(&o).contains(code.as_str())
                || crate::common::bin::stderr(&o).contains(code.as_str()),
            "{path}"
        );
        input.push_str(&format!("load {path}\n"));
    }
    input.push_str("e4\nquit\n");
    let out = crate::common::bin::varia_in(&dir, &[], &input);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    // The REPL survives every load and still plays chess after them.
    assert!(out.status.success(), "{:?}\n{text}", out.status);
    for (_, code) in &scripts {
        assert!(text.contains(code.as_str()), "{code}\n{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
