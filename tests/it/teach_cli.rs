//! The teaching commands as a user runs them: `varia explain`, `show`, `diagram`, `doc`.

use crate::common;

use common::bin::{stdout, varia};

#[test]
fn explain_a_piece_of_a_script() {
    let o = varia(&["explain", "scripts/grand-betza.variant", "Phoenix"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("steps one square orthogonally, or jumps exactly two squares diagonally, over anything in between"));
    let o = varia(&["explain", "chess", "Unicorn"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("Knight (N)"));
}

#[test]
fn explain_every_piece_of_a_script() {
    let o = varia(&["explain", "scripts/fairy-stockfish/xiangqi.variant"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let heads: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("The "))
        .map(|l| l.split(" (").next().unwrap())
        .collect();
    assert_eq!(
        heads,
        [
            "The General",
            "The Advisor",
            "The Elephant",
            "The Horse",
            "The Chariot",
            "The Cannon",
            "The Soldier"
        ]
    );
    let o = varia(&["explain", "chess", "N", "extra"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn show_a_black_piece_by_its_lower_case_letter() {
    let o = varia(&["show", "chess", "p"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(
        text.starts_with("Black Pawn on d7 (not yet moved)\n  8"),
        "{text}"
    );
    assert!(text.contains("\n  7   .   .   .  [p]  .   .   .   . \n  6   .   .   !   +   !   .   .   . \n  5   .   .   .   +   ."), "{text}");
}

#[test]
fn explain_a_betza_string() {
    let o = varia(&["explain", "--betza", "fmWfceFifmnD"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains(", or captures en passant."));
    let o = varia(&["explain", "--betza", "xQ"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn show_draws_the_moves() {
    let o = varia(&["show", "chess", "N", "--at", "d4"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("[N]"));
    let marks: usize = out
        .lines()
        .filter(|l| !l.contains("the piece"))
        .map(|l| l.matches(" * ").count())
        .sum();
    assert_eq!(marks, 8, "{out}");
    let o = varia(&[
        "show",
        "chess",
        "R",
        "--at",
        "d4",
        "--fen",
        "4k3/8/8/3p4/8/8/3P4/4K3 w - - 0 1",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("(p)") && out.contains("#P#"), "{out}");
}

#[test]
fn diagram_and_doc_write_files() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("teach-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("balbo.svg");
    let o = varia(&[
        "diagram",
        "scripts/balbo.variant",
        "--piece",
        "N",
        "--at",
        "f5",
        "--last",
        "f2f4",
        "--flip",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("mark"))
            .count(),
        8
    );
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("last-move"))
            .count(),
        2
    );
    let o = varia(&[
        "doc",
        "scripts/diamond.variant",
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    assert!(dir.join("diamond-chess.html").exists());
}

#[test]
fn show_and_diagram_put_hurdles_for_a_hopper() {
    // The xiangqi Cannon alone: Soldiers two squares away on its four lines.
    let o = varia(&["show", "scripts/fairy-stockfish/xiangqi.variant", "Cannon"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(
        out.starts_with(
            "Cannon on e5, with Soldier hurdles to hop over, which also block some of its other moves\n"
        ),
        "{out}"
    );
    assert_eq!(out.matches("^P^").count(), 4, "{out}");
    assert!(out.contains("^p^ hurdle to hop or jump over"), "{out}");
    // Captures beyond the hurdles: e8, e9, e10, e1, e2, a5, b5, h5, i5.
    let board: String = out.lines().skip(1).take(13).collect();
    assert_eq!(board.matches(" ! ").count(), 9, "{out}");
    // In a corner: two lines, two hurdles.
    let o = varia(&[
        "show",
        "scripts/fairy-stockfish/xiangqi.variant",
        "C",
        "--at",
        "a1",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert_eq!(out.matches("^P^").count(), 2, "{out}");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("teach-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("nahbi.svg");
    let o = varia(&[
        "diagram",
        "scripts/large-nahbi.variant",
        "--piece",
        "Nahbi",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let screens: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("screen"))
        .map(|n| n.attribute("data-square").unwrap())
        .collect();
    assert_eq!(screens, ["e5", "d6", "f6", "e7"]);
    assert!(text.contains("Nahbi on e6, with Pawn hurdles to jump over"));
}

/// The `data-square`s of the elements of an SVG with this class (and, for
/// marks, this `data-mark`).
fn svg_squares(svg: &str, class: &str, mark: Option<&str>) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let mut out: Vec<String> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .filter(|n| mark.is_none() || n.attribute("data-mark") == mark)
        .filter_map(|n| n.attribute("data-square").map(str::to_string))
        .collect();
    out.sort();
    out
}

/// A teaching diagram of a Rook and a Pawn, no kings: drawn, with the
/// Rook's moves (by hand: the rank 4 but d4, d3, d5 to d8; the Pawn on d2
/// blocks d1). Every other fault of a FEN is still refused, and the game
/// (`varia moves`) still wants both kings.
#[test]
fn diagram_of_a_position_without_kings() {
    let dir = common::bin::temp_dir("teach", "kingless");
    let out = dir.join("rook.svg");
    let fen = "8/8/8/8/3R4/8/3P4/8 w - - 0 1";
    let o = varia(&[
        "diagram",
        "chess",
        "--fen",
        fen,
        "--at",
        "d4",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", common::bin::stderr(&o));
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        svg_squares(&svg, "mark", Some("move")),
        ["a4", "b4", "c4", "d3", "d5", "d6", "d7", "d8", "e4", "f4", "g4", "h4"]
    );
    assert_eq!(svg_squares(&svg, "block", None), ["d2"]);
    assert_eq!(svg_squares(&svg, "piece", None), ["d2", "d4"]);
    assert!(svg.contains(">White Rook on d4</text>"), "{svg}");
    // The whole board, and a piece put on it.
    let o = varia(&[
        "diagram",
        "chess",
        "--fen",
        fen,
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let o = varia(&[
        "diagram",
        "chess",
        "--fen",
        fen,
        "--piece",
        "N",
        "--at",
        "e6",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        svg_squares(&svg, "mark", Some("move")),
        // d4 holds its own Rook.
        ["c5", "c7", "d8", "f4", "f8", "g5", "g7"]
    );
    // A castling right without its king is still wrong.
    let o = varia(&[
        "diagram",
        "chess",
        "--fen",
        "8/8/8/8/3R4/8/3P4/8 w K - 0 1",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(common::bin::stderr(&o)
        .contains("error: bad FEN: castling right `K` but the king or rook is not on its square"));
    // The game's rules are unchanged.
    let o = varia(&["moves", "chess", "--fen", fen]);
    assert_eq!(o.status.code(), Some(1));
}

/// `varia dump` writes the rules in the language's words.
#[test]
fn dump_prints_the_language_words() {
    let o = varia(&["dump", "scripts/fairy-stockfish/kingofthehill.variant"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let rules: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("  ") && !l.starts_with("piece "))
        .collect();
    assert_eq!(
        rules,
        [
            "variant \"King of the Hill\"",
            "board 8 x 8",
            "symmetry mirror",
            "region hill = squares d4 e4 d5 e5",
            "castling K white: King e1->g1 with Rook h1->f1",
            "castling Q white: King e1->c1 with Rook a1->d1",
            "castling k black: King e8->g8 with Rook h8->f8",
            "castling q black: King e8->c8 with Rook a8->d8",
            "checkmate loses",
            "stalemate draws",
            "move-rule 50",
            "repetition 3",
            "reaching hill with King wins",
            "setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"",
        ]
    );
    assert!(text
        .contains("  promotes white on a8 b8 c8 d8 e8 f8 g8 h8 to Queen, Rook, Bishop, Knight\n"));
    for (script, line) in [
        ("atomic", "captures explode sparing Pawn"),
        ("3check", "giving 3 checks wins"),
        ("xiangqi", "sides \"Red\" \"Black\""),
        ("xiangqi", "perpetual check loses"),
        (
            "xiangqi",
            "chasing loses: Advisor, Elephant outrank Horse, Chariot, Cannon; \
             Horse, Cannon outrank Chariot; Soldier chased only in far",
        ),
        ("shogi", "# no move rule"),
    ] {
        let o = varia(&["dump", &crate::common::oracle::script_file(script)]);
        let text = stdout(&o);
        assert!(text.lines().any(|l| l == line), "{script}: {text}");
        for debug in [
            "Some(", "None", "Mirror", "Loses", "Draws", "White", "(Black)",
        ] {
            assert!(!text.contains(debug), "{script}: `{debug}` in {text}");
        }
    }
}

/// A square that is not on the board gets one message, whatever command
/// names it.
#[test]
fn a_void_square_gets_one_message() {
    let mut session = varia::repl::Session::new("scripts/balbo.variant").unwrap();
    for line in ["moves a1", "show a1", "show N at a1"] {
        let mut out = Vec::new();
        session.execute(line, &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "`a1` is not a square of this board\n",
            "{line}"
        );
    }
    let o = varia(&["show", "scripts/balbo.variant", "N", "--at", "a1"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        common::bin::stderr(&o),
        "error: `a1` is not a square of this board\n"
    );
}

/// `explain --betza` errors show the Betza string alone, the span under
/// the wrong letter (no script around it).
#[test]
fn explain_betza_errors_show_the_string_alone() {
    let o = varia(&["explain", "--betza", "KNXD"]);
    assert_eq!(o.status.code(), Some(1));
    let err = common::bin::stderr(&o);
    let lines: Vec<&str> = err.lines().map(str::trim_end).collect();
    assert_eq!(
        lines,
        [
            "varia::betza::unknown_atom",
            "",
            "  × unknown Betza atom `X`",
            "   ╭─[betza:1:3]",
            " 1 │ KNXD",
            "   ·   ┬",
            "   ·   ╰── not an atom",
            "   ╰────",
            "  help: atoms are W F D N A H C Z G, and K Q R B as shorthands",
        ],
        "{err}"
    );
}

#[test]
fn show_in_a_position_with_hands_lists_both_hands() {
    let o = varia(&[
        "show",
        "scripts/fairy-stockfish/crazyhouse.variant",
        "Knight",
        "--at",
        "b1",
        "--fen",
        "r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR[NNnpQ] w KQkq - 0 1",
    ]);
    assert!(o.status.success());
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "White Knight on b1");
    assert_eq!(lines[1], "    Black's hand: n p");
    assert_eq!(lines[2].trim_end(), "  8   r   .   b   q   k   b   n   r");
    assert_eq!(lines[11], "    White's hand: Q N×2");
    // The setup has both hands empty.
    let o = varia(&[
        "show",
        "scripts/fairy-stockfish/crazyhouse.variant",
        "Knight",
        "--at",
        "b1",
    ]);
    let text = stdout(&o);
    assert!(
        !text.contains("hand"),
        "a piece alone shows no hands: {text}"
    );
}
