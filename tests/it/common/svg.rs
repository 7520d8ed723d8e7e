#![allow(dead_code)]
//! Reading the teaching diagrams back from their SVG (`varia::teach::svg`):
//! the squares drawn, the pieces placed on them, the marks, and the ids the
//! `<use>` elements point to. The structural checks of the diagrams and of
//! the rules pages compare these with the VM instead of keeping snapshots.

use std::collections::{BTreeMap, BTreeSet};

use roxmltree::{Document, Node, ParsingOptions};
use varia::ir::Variant;
use varia::teach::diagram::Diagram;
use varia::vm::Position;

/// Parses an SVG document or an XHTML page (which has a DOCTYPE).
pub fn parse(text: &str) -> Document<'_> {
    Document::parse_with_options(
        text,
        ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .expect("well-formed XML")
}

/// Elements under `node` (itself included) with this `class`.
pub fn with_class<'a, 'i>(
    node: Node<'a, 'i>,
    class: &'a str,
) -> impl Iterator<Item = Node<'a, 'i>> + 'a {
    node.descendants()
        .filter(move |n| n.attribute("class") == Some(class))
}

/// Elements under `node` (itself included) with this tag name.
pub fn tagged<'a, 'i>(node: Node<'a, 'i>, tag: &'a str) -> impl Iterator<Item = Node<'a, 'i>> + 'a {
    node.descendants()
        .filter(move |n| n.is_element() && n.tag_name().name() == tag)
}

/// All the text under a node, in document order.
pub fn text(node: Node) -> String {
    node.descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect()
}

/// The names of the squares drawn (`class="square"`).
pub fn squares(svg: Node) -> BTreeSet<String> {
    with_class(svg, "square")
        .map(|n| n.attribute("data-square").unwrap().to_string())
        .collect()
}

/// The pieces placed on the board: square name -> (piece name, `white`/`black`).
/// Each is a `<use>` of a symbol of the same diagram.
pub fn pieces(svg: Node) -> BTreeMap<String, (String, String)> {
    let symbols: BTreeSet<&str> = tagged(svg, "symbol")
        .map(|n| n.attribute("id").expect("a symbol has an id"))
        .collect();
    let mut out = BTreeMap::new();
    for n in with_class(svg, "piece") {
        assert_eq!(n.tag_name().name(), "use", "a piece is placed with <use>");
        let href = n.attribute("href").expect("a <use> has an href");
        let id = href.strip_prefix('#').expect("the href is a fragment");
        assert!(
            symbols.contains(id),
            "{href} names no symbol of this diagram"
        );
        let square = n.attribute("data-square").unwrap().to_string();
        let piece = (
            n.attribute("data-piece").unwrap().to_string(),
            n.attribute("data-color").unwrap().to_string(),
        );
        assert!(
            out.insert(square.clone(), piece).is_none(),
            "two pieces on {square}"
        );
    }
    out
}

/// The pieces of a position, in the form [`pieces`] reads them.
pub fn position_pieces(v: &Variant, pos: &Position) -> BTreeMap<String, (String, String)> {
    v.geometry
        .squares()
        .iter()
        .filter_map(|sq| {
            pos.piece_at(sq).map(|p| {
                let color = format!("{:?}", p.color).to_ascii_lowercase();
                (v.geometry.name(sq), (v.piece(p.kind).name.clone(), color))
            })
        })
        .collect()
}

/// The pieces of a diagram's board, in the form [`pieces`] reads them.
pub fn diagram_pieces(d: &Diagram) -> BTreeMap<String, (String, String)> {
    let v = &d.variant;
    v.geometry
        .squares()
        .iter()
        .filter_map(|sq| {
            d.board[sq.index()].map(|p| {
                let color = format!("{:?}", p.color).to_ascii_lowercase();
                (v.geometry.name(sq), (v.piece(p.kind).name.clone(), color))
            })
        })
        .collect()
}

/// The squares marked as moves and as captures (`both` counts as each).
pub fn marks(svg: Node) -> (BTreeSet<String>, BTreeSet<String>) {
    let (mut moves, mut captures) = (BTreeSet::new(), BTreeSet::new());
    for n in with_class(svg, "mark") {
        let sq = n.attribute("data-square").unwrap().to_string();
        match n.attribute("data-mark") {
            Some("move") => {
                moves.insert(sq);
            }
            Some("capture") => {
                captures.insert(sq);
            }
            Some("both") => {
                moves.insert(sq.clone());
                captures.insert(sq);
            }
            other => panic!("unknown mark {other:?}"),
        }
    }
    (moves, captures)
}

/// Every symbol is drawn once and used: one per kind and colour on the
/// board or in a hand.
pub fn assert_one_symbol_per_piece(svg: Node) {
    let symbols: Vec<&str> = tagged(svg, "symbol")
        .map(|n| n.attribute("id").unwrap())
        .collect();
    let used: BTreeSet<&str> = with_class(svg, "piece")
        .chain(with_class(svg, "hand-piece"))
        .map(|n| n.attribute("href").unwrap().trim_start_matches('#'))
        .collect();
    let distinct: BTreeSet<&str> = symbols.iter().copied().collect();
    assert_eq!(symbols.len(), distinct.len(), "a symbol drawn twice");
    assert_eq!(distinct, used, "symbols drawn and symbols used differ");
    let mut kinds: BTreeSet<(String, String)> = pieces(svg).into_values().collect();
    kinds.extend(with_class(svg, "hand-piece").map(|n| {
        (
            n.attribute("data-piece").unwrap().to_string(),
            n.attribute("data-color").unwrap().to_string(),
        )
    }));
    assert_eq!(kinds.len(), symbols.len(), "one symbol per kind and colour");
}

/// No id appears twice in the document.
pub fn assert_ids_unique(doc: &Document) {
    let mut seen = BTreeSet::new();
    for id in doc.descendants().filter_map(|n| n.attribute("id")) {
        assert!(seen.insert(id), "the id {id:?} appears twice");
    }
}
