//! Blockers and screens on a position: what `show PIECE at SQUARE` and
//! `varia diagram --fen` mark besides the moves. Positions and squares
//! worked out by hand from the rules (xiangqi's horse is lame: a piece on
//! the orthogonal square next to it blocks the two leaps beyond; the
//! cannon captures over exactly one screen).

use std::collections::BTreeSet;

use varia::compile_path;
use varia::notation::fen::parse_fen;
use varia::teach::diagram::{Diagram, MARK_BLOCK, MARK_CAPTURE, MARK_MOVE, MARK_SCREEN};
use varia::teach::{show, svg};
use varia::vm::Position;

fn diagram(script: &str, fen: &str, at: &str) -> Diagram {
    let v = compile_path(&format!("{}/scripts/{script}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let pos = Position::from_setup(&v, &parse_fen(&v, fen).unwrap()).unwrap();
    let sq = v.geometry.parse_square(at).unwrap();
    Diagram::piece_in_position(&pos, sq).unwrap()
}

fn marked(d: &Diagram, flag: u8) -> BTreeSet<String> {
    d.marked(flag)
        .iter()
        .map(|s| d.variant.geometry.name(s))
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_lame_leg_is_marked_as_the_blocker() {
    // Horse e5, a black soldier on e6: d7 and f7 are blocked, the rest free.
    let d = diagram(
        "fairy-stockfish/xiangqi.variant",
        "4k4/9/9/9/4p4/4N4/9/9/9/4K4 w - - 0 1",
        "e5",
    );
    assert_eq!(
        marked(&d, MARK_MOVE),
        set(&["c4", "c6", "d3", "f3", "g4", "g6"])
    );
    assert_eq!(marked(&d, MARK_CAPTURE), set(&[]));
    assert_eq!(marked(&d, MARK_BLOCK), set(&["e6"]));
    assert_eq!(marked(&d, MARK_SCREEN), set(&[]));
    // The terminal shows the blocker with its own mark and says what it means.
    let text = show::render(&d);
    assert!(text.contains("#p# blocks a move"), "{text}");
    let rank6 = text
        .lines()
        .find(|l| l.trim_start().starts_with("6 "))
        .unwrap();
    assert!(rank6.contains("#p#"), "{rank6}");
    // The SVG draws the blocker's cross on e6 and nowhere else.
    let svg_text = svg::render(&d, false);
    let doc = roxmltree::Document::parse(&svg_text).unwrap();
    let blocks: BTreeSet<String> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("block"))
        .map(|n| n.attribute("data-square").unwrap().to_string())
        .collect();
    assert_eq!(blocks, set(&["e6"]));
}

#[test]
fn a_cannon_screen_is_marked() {
    // Cannon e3, own soldier e5 (the screen), black chariot e8 (taken over it),
    // generals d1 and f10.
    let d = diagram(
        "fairy-stockfish/xiangqi.variant",
        "5k3/9/4r4/9/9/4P4/9/4C4/9/3K5 w - - 0 1",
        "e3",
    );
    assert_eq!(
        marked(&d, MARK_MOVE),
        set(&["a3", "b3", "c3", "d3", "e1", "e2", "e4", "f3", "g3", "h3", "i3"])
    );
    assert_eq!(marked(&d, MARK_CAPTURE), set(&["e8"]));
    assert_eq!(marked(&d, MARK_SCREEN), set(&["e5"]));
    // The screen also stops the cannon's non-capturing slide.
    assert_eq!(marked(&d, MARK_BLOCK), set(&["e5"]));
    let svg_text = svg::render(&d, false);
    let doc = roxmltree::Document::parse(&svg_text).unwrap();
    let screens: BTreeSet<String> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("screen"))
        .map(|n| n.attribute("data-square").unwrap().to_string())
        .collect();
    assert_eq!(screens, set(&["e5"]));
    let text = show::render(&d);
    assert!(text.contains("^p^ hurdle to hop or jump over"), "{text}");
    let rank5 = text
        .lines()
        .find(|l| l.trim_start().starts_with("5 "))
        .unwrap();
    assert!(rank5.contains("^P^"), "{rank5}");
}
