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
    let o = varia(&["explain", "scripts/xiangqi.variant"]);
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
    let o = varia(&["show", "scripts/xiangqi.variant", "Cannon"]);
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
    let o = varia(&["show", "scripts/xiangqi.variant", "C", "--at", "a1"]);
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
