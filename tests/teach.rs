//! Teaching output (src/teach/): explanations, terminal and SVG diagrams,
//! rules pages, for every seed variant and every stdlib piece.

use std::collections::BTreeSet;
use std::sync::Arc;

use varia::compile::{compile_path, compile_source};
use varia::ir::geometry::{Square, SquareSet};
use varia::ir::piece::{Color, Piece, PieceKind};
use varia::ir::Variant;
use varia::notation::fen::{parse_fen, write_fen};
use varia::teach::diagram::{reach, teaching_square, with_side, Diagram, MARK_CAPTURE, MARK_MOVE};
use varia::teach::{doc, explain, show, svg};
use varia::vm::{MoveKind, Position};

/// Every piece of the fairy stdlib, on a board of its own.
const FAIRY: &str = r#"variant "Fairy pieces"
import orthodox
import fairy
board 8 x 8
setup "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
"#;

/// The seed variants and the fairy stdlib: (name, variant).
fn seeds() -> Vec<(String, Arc<Variant>)> {
    let mut paths: Vec<_> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "variant"))
        .collect();
    paths.sort();
    let mut out: Vec<(String, Arc<Variant>)> = paths
        .iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, compile_path(p.to_str().unwrap()).unwrap())
        })
        .collect();
    out.push((
        "fairy".to_string(),
        compile_source("fairy.variant", FAIRY).unwrap(),
    ));
    out
}

fn kinds(v: &Variant) -> impl Iterator<Item = PieceKind> {
    (0..v.pieces.len()).map(|i| PieceKind(i as u8))
}

#[test]
fn explanations_of_every_piece() {
    for (name, v) in seeds() {
        let text: Vec<String> = kinds(&v).map(|k| explain::explain_piece(&v, k)).collect();
        insta::assert_snapshot!(format!("explain_{name}"), text.join("\n\n"));
    }
}

#[test]
fn explanations_named_in_the_issue() {
    let v = compile_path(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/grand-betza.variant"
    ))
    .unwrap();
    let phoenix = varia::teach::find_piece(&v, "phoenix").unwrap();
    assert!(explain::explain_piece(&v, phoenix).contains(
        "steps one square orthogonally, or jumps exactly two squares diagonally, over anything in between"
    ));
    let v = compile_path(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/berolina.variant"
    ))
    .unwrap();
    let pawn = varia::teach::find_piece(&v, "P").unwrap();
    assert!(explain::explain_piece(&v, pawn).contains(
        "moves one square diagonally forward without capturing (two on its first move, if the square passed is empty), captures one square straight forward, and may capture en passant"
    ));
    let b = explain::explain_betza("fmWfceFifmnD").unwrap();
    assert!(b.contains("moves one square straight forward without capturing (two on its first move, if the square passed is empty), captures one square diagonally forward, and may capture en passant"), "{b}");
    assert!(explain::explain_betza("xX").is_err());
}

fn destinations(pos: &Position, from: Square) -> (SquareSet, SquareSet) {
    let (mut moves, mut captures) = (SquareSet::EMPTY, SquareSet::EMPTY);
    for m in pos.legal_moves().into_iter().filter(|m| m.from == from) {
        if m.kind == MoveKind::EnPassant || pos.piece_at(m.to).is_some() {
            captures.insert(m.to);
        } else {
            moves.insert(m.to);
        }
    }
    (moves, captures)
}

/// On a position, a diagram marks exactly the piece's legal moves, and the
/// ray walk behind the empty-board diagrams agrees with the VM.
#[test]
fn marks_are_exactly_the_legal_moves() {
    for (name, v) in seeds() {
        let start = Position::start(&v);
        let mut positions = vec![start.clone()];
        // A few plies in, so pieces block, capture and get captured.
        let mut p = start.clone();
        for i in 0..6 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play(moves[(i * 7) % moves.len()]);
            positions.push(p.clone());
        }
        for pos in positions {
            for color in Color::ALL {
                let Ok(side) = with_side(&pos, color) else {
                    continue;
                };
                for from in side.pieces_of(color).iter() {
                    let d = Diagram::piece_in_position(&side, from).unwrap();
                    let (moves, captures) = destinations(&side, from);
                    assert_eq!(
                        d.marked(MARK_MOVE),
                        moves,
                        "{name}: {} moves from {}",
                        write_fen(&side),
                        v.geometry.name(from)
                    );
                    assert_eq!(
                        d.marked(MARK_CAPTURE),
                        captures,
                        "{name}: captures from {}",
                        v.geometry.name(from)
                    );
                    // The ray walk finds the same squares (apart from castling and en passant).
                    let piece = side.piece_at(from).unwrap();
                    let board: Vec<_> = (0..v.geometry.cells() as u16)
                        .map(|i| side.piece_at(Square(i)))
                        .collect();
                    let r = reach(&v, piece, from, &board, side.unmoved().contains(from));
                    let mut pseudo = Vec::new();
                    side.pseudo_legal_moves(&mut pseudo);
                    let pseudo: SquareSet = pseudo
                        .iter()
                        .filter(|m| {
                            m.from == from
                                && matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep)
                        })
                        .map(|m| m.to)
                        .collect();
                    assert_eq!(
                        r.moves.union(&r.captures),
                        pseudo,
                        "{name}: ray walk from {}",
                        v.geometry.name(from)
                    );
                }
            }
        }
    }
}

/// The empty-board diagrams: each piece alone with the two royal pieces
/// far away; its marks are its legal moves there, and with an enemy on
/// each marked capture square, it can take it.
#[test]
fn empty_board_marks_match_the_vm() {
    // Variants with hooks are left out: a game-end hook may end the game on
    // the teaching square (a king on King of the Hill's hill has no moves).
    for (name, v) in seeds().into_iter().filter(|(_, v)| v.hooks.is_none()) {
        let g = &v.geometry;
        let royal: Vec<PieceKind> = kinds(&v).filter(|k| v.piece(*k).royal).collect();
        let victim = kinds(&v).find(|k| !v.piece(*k).royal).unwrap();
        for kind in kinds(&v) {
            // Captures of royal pieces only (xiangqi's facing generals) cannot
            // be shown by putting an ordinary enemy piece on the square.
            if v.piece(kind).patterns.iter().any(|p| p.royal_only) {
                continue;
            }
            let at = teaching_square(&v, kind);
            let piece = Piece {
                color: Color::White,
                kind,
            };
            let d = Diagram::piece_alone(&v, piece, at);
            // Build a position: the piece, and royal pieces in corners the piece does not reach.
            let corners: Vec<Square> = g
                .squares()
                .iter()
                .filter(|s| *s != at && d.marks[s.index()] == 0)
                .collect();
            let mut setup = parse_fen(&v, &v.start_fen).unwrap();
            let mut found = None;
            'search: for &wk in corners.iter().rev() {
                for &bk in &corners {
                    if wk == bk {
                        continue;
                    }
                    setup.board = vec![0; g.cells()];
                    setup.board[at.index()] = piece.code();
                    setup.castling.clear();
                    setup.en_passant = None;
                    setup.side = Color::White;
                    if let Some(&r) = royal.first() {
                        if !v.piece(kind).royal {
                            setup.board[wk.index()] = Piece {
                                color: Color::White,
                                kind: r,
                            }
                            .code();
                        }
                        setup.board[bk.index()] = Piece {
                            color: Color::Black,
                            kind: r,
                        }
                        .code();
                    }
                    if let Ok(p) = Position::from_setup(&v, &setup) {
                        // Royal pieces must not stand in the way.
                        let (m, _) = destinations(&p, at);
                        if m == d.marked(MARK_MOVE) {
                            found = Some(p);
                            break 'search;
                        }
                    }
                }
            }
            let pos = found.unwrap_or_else(|| {
                panic!(
                    "{name} {}: no position shows the empty-board moves",
                    v.piece(kind).name
                )
            });
            for t in d.marked(MARK_CAPTURE).iter() {
                let mut s = parse_fen(&v, &write_fen(&pos)).unwrap();
                if s.board[t.index()] != 0 {
                    continue;
                }
                s.board[t.index()] = Piece {
                    color: Color::Black,
                    kind: victim,
                }
                .code();
                let Ok(p) = Position::from_setup(&v, &s) else {
                    continue;
                };
                let (_, caps) = destinations(&p, at);
                assert!(
                    caps.contains(t) || p.is_check(),
                    "{name} {}: cannot capture on {}",
                    v.piece(kind).name,
                    g.name(t)
                );
            }
        }
    }
}

fn svg_marks(svg_text: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let doc = roxmltree::Document::parse(svg_text).expect("the SVG parses");
    let (mut moves, mut captures) = (BTreeSet::new(), BTreeSet::new());
    for n in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("mark"))
    {
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

fn names(v: &Variant, s: SquareSet) -> BTreeSet<String> {
    s.iter().map(|q| v.geometry.name(q)).collect()
}

fn png(name: &str, svg_text: &str) {
    let mut opt = resvg::usvg::Options::default();
    opt.fontdb_mut().load_system_fonts();
    let tree = resvg::usvg::Tree::from_str(svg_text, &opt).expect("usvg parses the SVG");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("teach-png");
    std::fs::create_dir_all(&dir).unwrap();
    pixmap.save_png(dir.join(format!("{name}.png"))).unwrap();
}

#[test]
fn svg_diagrams_parse_render_and_mark_the_moves() {
    for (name, v) in seeds() {
        let start = Position::start(&v);
        let mut d = Diagram::of_position(&start);
        d.caption = v.name.clone();
        let text = svg::render(&d, false);
        svg_marks(&text);
        png(&format!("{name}-start"), &text);
        insta::assert_snapshot!(format!("svg_start_{name}"), text);
        let flipped = svg::render(&d, true);
        png(&format!("{name}-start-flipped"), &flipped);
        for kind in kinds(&v) {
            let at = teaching_square(&v, kind);
            let d = Diagram::piece_alone(
                &v,
                Piece {
                    color: Color::White,
                    kind,
                },
                at,
            );
            let text = svg::render(&d, false);
            let (m, c) = svg_marks(&text);
            assert_eq!(m, names(&v, d.marked(MARK_MOVE)));
            assert_eq!(c, names(&v, d.marked(MARK_CAPTURE)));
            png(
                &format!("{name}-{}", v.piece(kind).name.to_ascii_lowercase()),
                &text,
            );
        }
        // A piece on the start position: marks are its legal moves.
        for from in start.pieces_of(Color::White).iter() {
            let d = Diagram::piece_in_position(&start, from).unwrap();
            let (m, c) = svg_marks(&svg::render(&d, false));
            let (lm, lc) = destinations(&start, from);
            assert_eq!(m, names(&v, lm));
            assert_eq!(c, names(&v, lc));
        }
    }
}

#[test]
fn terminal_diagrams() {
    for (name, v) in seeds() {
        let mut text = String::new();
        for kind in kinds(&v) {
            text.push_str(&show::show_piece(&v, kind, None));
            text.push('\n');
        }
        insta::assert_snapshot!(format!("show_{name}"), text);
    }
}

#[test]
fn rules_pages_parse() {
    for (name, v) in seeds() {
        let html = doc::page(&v, &format!("scripts/{name}.variant"));
        let doc = roxmltree::Document::parse_with_options(
            &html,
            roxmltree::ParsingOptions {
                allow_dtd: true,
                ..Default::default()
            },
        )
        .expect("the page is well-formed");
        let pieces = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("piece") && n.tag_name().name() == "div")
            .count();
        assert_eq!(pieces, v.pieces.len(), "{name}: a section per piece");
        let svgs = doc
            .descendants()
            .filter(|n| n.tag_name().name() == "svg")
            .count();
        assert_eq!(
            svgs,
            v.pieces.len() + 1,
            "{name}: a diagram per piece and the setup"
        );
        insta::assert_snapshot!(format!("doc_{name}"), html);
    }
}
