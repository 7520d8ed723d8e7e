//! Teaching output (src/teach/): explanations, terminal and SVG diagrams,
//! rules pages, for every seed variant and every stdlib piece.

use crate::common;

use std::collections::BTreeSet;
use std::sync::Arc;

use common::scripts::FAIRY;

use varia::ir::geometry::{Square, SquareSet};
use varia::ir::pattern::{RayKind, CAPTURE, MOVE, MUST_BE_OCCUPIED};
use varia::ir::piece::{Color, Piece, PieceKind};
use varia::ir::Variant;
use varia::notation::fen::{parse_fen, write_fen};
use varia::teach::diagram::{
    reach_among_walls, teaching_square, with_side, Diagram, MARK_BLOCK, MARK_CAPTURE, MARK_MOVE,
    MARK_SCREEN,
};
use varia::teach::{doc, explain, show, svg};
use varia::vm::{MoveKind, Position};
use varia::{compile_path, compile_source};

/// The seed variants and the fairy stdlib: (name, variant).
fn seeds() -> Vec<(String, Arc<Variant>)> {
    common::scripts::scripts_and_fairy()
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
        "moves one square diagonally forward without capturing (two on its first move, if the square passed is empty), or captures one square straight forward, or captures en passant"
    ));
    let b = explain::explain_betza("fmWfceFifmnD").unwrap();
    assert!(b.contains("moves one square straight forward without capturing (two on its first move, if the square passed is empty), or captures one square diagonally forward, or captures en passant"), "{b}");
    assert!(explain::explain_betza("xX").is_err());
}

fn destinations(pos: &Position, from: Square) -> (SquareSet, SquareSet) {
    let (mut moves, mut captures) = (SquareSet::EMPTY, SquareSet::EMPTY);
    for m in pos
        .legal_moves()
        .unwrap()
        .into_iter()
        .filter(|m| m.from == from)
    {
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
            let moves = p.legal_moves().unwrap();
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
                    let board: Vec<_> = (0..v.geometry.cells())
                        .map(|i| side.piece_at(Square(i as u8)))
                        .collect();
                    let r = reach_among_walls(
                        &v,
                        piece,
                        from,
                        &board,
                        side.walls(),
                        side.unmoved().contains(from),
                    );
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
                    // With walls, a move whose wall has nowhere to go
                    // is no move: the ray walk may find more squares.
                    let walked = r.moves.union(&r.captures);
                    if v.walls.is_some() {
                        assert!(
                            pseudo.difference(&walked).is_empty(),
                            "{name}: ray walk from {}",
                            v.geometry.name(from)
                        );
                        continue;
                    }
                    assert_eq!(
                        walked,
                        pseudo,
                        "{name}: ray walk from {}",
                        v.geometry.name(from)
                    );
                }
            }
        }
    }
}

/// The empty-board diagrams: each piece alone (with the hurdles a hopper
/// is drawn with) and the two royal pieces far away; its marks are its
/// legal moves on that board, and with an enemy on each marked capture
/// square, it can take it.
#[test]
fn empty_board_marks_match_the_vm() {
    let mut hurdled = 0;
    // Variants with hooks are left out: a game-end hook may end the game on
    // the teaching square (a king on King of the Hill's hill has no moves);
    // so are those that end when a side runs out of a kind of piece (a
    // board with one piece has run out of the others).
    let kept = |v: &Arc<Variant>| v.hooks.is_none() && v.game_end.extinctions.is_empty();
    for (name, v) in seeds().into_iter().filter(|(_, v)| kept(v)) {
        let g = &v.geometry;
        let royal: Vec<PieceKind> = kinds(&v).filter(|k| v.piece(*k).royal).collect();
        let victim = kinds(&v).find(|k| !v.piece(*k).royal).unwrap();
        for kind in kinds(&v) {
            // Captures of royal pieces only (xiangqi's facing generals) cannot
            // be shown by putting an ordinary enemy piece on the square.
            if v.piece(kind).patterns.iter().any(|p| p.royal_only) {
                continue;
            }
            // On a board of 5 files (minishogi) every square a king does not
            // reach from the centre touches one it does: no enemy king fits.
            if v.piece(kind).royal && g.files() < 6 {
                continue;
            }
            // A royal line piece (Coregal's Queen) reaches a square next to
            // any enemy royal piece placed on the board, which then attacks
            // it there: its empty-board moves are never all legal. (It is
            // the orthodox Queen, checked in chess.)
            if v.piece(kind).royal && royal.first() != Some(&kind) {
                continue;
            }
            let at = teaching_square(&v, kind);
            let piece = Piece {
                color: Color::White,
                kind,
            };
            let d = Diagram::piece_alone(&v, piece, at);
            let board: Vec<u8> = d.board.iter().map(|p| p.map_or(0, |p| p.code())).collect();
            if board.iter().filter(|&&c| c != 0).count() > 1 {
                hurdled += 1;
            }
            // Build a position: the diagram's board (the piece and its hurdles), and
            // royal pieces on empty squares the piece does not reach.
            let corners: Vec<Square> = g
                .squares()
                .iter()
                .filter(|s| board[s.index()] == 0 && d.marks[s.index()] == 0)
                .collect();
            let mut setup = parse_fen(&v, &v.start_fen).unwrap();
            let mut found = None;
            'search: for &wk in corners.iter().rev() {
                for &bk in &corners {
                    if wk == bk {
                        continue;
                    }
                    setup.board = board.clone();
                    setup.castling.clear();
                    setup.gates.clear();
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
                        // Royal pieces must not stand in the way (or serve as hurdles).
                        let (m, c) = destinations(&p, at);
                        if m == d.marked(MARK_MOVE) && c.is_empty() {
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
                assert_eq!(s.board[t.index()], 0, "{name}: a capture mark on a piece");
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
    // The fairy Grasshopper and Cannon, and xiangqi's Cannon.
    assert!(hurdled >= 3, "{hurdled} pieces drawn with hurdles");
}

/// Square names, for comparing with a set of marks.
fn squares(list: &str) -> BTreeSet<String> {
    list.split_whitespace().map(str::to_string).collect()
}

/// The diagram of a White piece alone on its teaching square.
fn alone(v: &Arc<Variant>, name: &str) -> Diagram {
    let kind = varia::teach::find_piece(v, name).unwrap();
    let piece = Piece {
        color: Color::White,
        kind,
    };
    Diagram::piece_alone(v, piece, teaching_square(v, kind))
}

/// The legal moves of the diagram's piece on the diagram's board (hurdles
/// included), with the kings on `wk` and `bk`, and the captures it makes
/// with a Black `victim` on each empty square: (moves, captures).
fn on_the_drawn_board(d: &Diagram, wk: &str, bk: &str, victim: &str) -> (SquareSet, SquareSet) {
    let v = &d.variant;
    let g = &v.geometry;
    let at = d.subject.unwrap();
    let mut setup = parse_fen(v, &v.start_fen).unwrap();
    setup.board = d.board.iter().map(|p| p.map_or(0, |p| p.code())).collect();
    setup.castling.clear();
    setup.gates.clear();
    setup.en_passant = None;
    setup.side = Color::White;
    let king = varia::teach::find_piece(v, "King").unwrap();
    for (sq, color) in [(wk, Color::White), (bk, Color::Black)] {
        let sq = g.parse_square(sq).unwrap();
        assert_eq!(setup.board[sq.index()], 0);
        setup.board[sq.index()] = Piece { color, kind: king }.code();
    }
    let pos = Position::from_setup(v, &setup).unwrap();
    let (moves, none) = destinations(&pos, at);
    assert!(none.is_empty());
    let victim = Piece {
        color: Color::Black,
        kind: varia::teach::find_piece(v, victim).unwrap(),
    }
    .code();
    // Each empty square alone, so that victims do not hide each other.
    let mut captures = SquareSet::EMPTY;
    for sq in g.squares().iter().filter(|s| setup.board[s.index()] == 0) {
        let mut s = setup.clone();
        s.board[sq.index()] = victim;
        let p = Position::from_setup(v, &s).unwrap();
        let (_, c) = destinations(&p, at);
        captures = captures.union(&c);
    }
    (moves, captures)
}

/// The Grasshopper alone: Pawns two squares away on its eight lines, and
/// it lands right behind each, where it may move or capture.
#[test]
fn grasshopper_alone_hops_over_hurdles() {
    let v = compile_source("fairy.variant", FAIRY).unwrap();
    let d = alone(&v, "Grasshopper");
    assert_eq!(d.subject.map(|s| v.geometry.name(s)).as_deref(), Some("d4"));
    let hurdles = squares("b2 b4 b6 d2 d6 f2 f4 f6");
    let landings = squares("a1 a4 a7 d1 d7 g1 g4 g7");
    assert_eq!(names(&v, d.marked(MARK_SCREEN)), hurdles);
    assert_eq!(names(&v, d.marked(MARK_MOVE)), landings);
    assert_eq!(names(&v, d.marked(MARK_CAPTURE)), landings);
    assert_eq!(names(&v, d.marked(MARK_BLOCK)), BTreeSet::new());
    for sq in v.geometry.squares().iter() {
        let want = hurdles.contains(&v.geometry.name(sq)).then_some(Piece {
            color: Color::White,
            kind: varia::teach::find_piece(&v, "Pawn").unwrap(),
        });
        if Some(sq) != d.subject {
            assert_eq!(d.board[sq.index()], want, "{}", v.geometry.name(sq));
        }
    }
    assert_eq!(
        d.caption,
        "Grasshopper on d4, with Pawn hurdles to hop over"
    );
    let (m, c) = on_the_drawn_board(&d, "h8", "h5", "Knight");
    assert_eq!(names(&v, m), landings);
    assert_eq!(names(&v, c), landings);
}

/// The Cannon alone: it slides up to the hurdles, and captures beyond them.
#[test]
fn cannon_alone_slides_to_hurdles_and_captures_beyond() {
    let v = compile_source("fairy.variant", FAIRY).unwrap();
    let d = alone(&v, "Cannon");
    let moves = squares("c4 d3 d5 e4");
    let captures = squares("a4 d1 d7 d8 g4 h4");
    assert_eq!(names(&v, d.marked(MARK_SCREEN)), squares("b4 d2 d6 f4"));
    assert_eq!(names(&v, d.marked(MARK_MOVE)), moves);
    assert_eq!(names(&v, d.marked(MARK_CAPTURE)), captures);
    assert_eq!(
        d.caption,
        "Cannon on d4, with Pawn hurdles to hop over, which also block some of its other moves"
    );
    let (m, c) = on_the_drawn_board(&d, "h1", "a8", "Knight");
    assert_eq!(names(&v, m), moves);
    assert_eq!(names(&v, c), captures);
    // Xiangqi's: its hurdles are Soldiers.
    let v = compile_path(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/fairy-stockfish/xiangqi.variant"
    ))
    .unwrap();
    let d = alone(&v, "Cannon");
    assert_eq!(names(&v, d.marked(MARK_SCREEN)), squares("c5 e3 e7 g5"));
    assert_eq!(names(&v, d.marked(MARK_MOVE)), squares("d5 e4 e6 f5"));
    assert_eq!(
        names(&v, d.marked(MARK_CAPTURE)),
        squares("a5 b5 e1 e2 e8 e9 e10 h5 i5")
    );
    assert!(d.caption.contains("with Soldier hurdles to hop over"));
}

/// The Nahbi alone: a Pawn on each orthogonal neighbour, which it jumps
/// over; those Pawns take the place of its orthogonal king steps.
#[test]
fn nahbi_alone_jumps_over_its_neighbours() {
    let v = compile_path(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/large-nahbi.variant"
    ))
    .unwrap();
    let d = alone(&v, "Nahbi");
    assert_eq!(d.subject.map(|s| v.geometry.name(s)).as_deref(), Some("e6"));
    assert_eq!(names(&v, d.marked(MARK_SCREEN)), squares("d6 e5 e7 f6"));
    assert_eq!(
        names(&v, d.marked(MARK_MOVE)),
        squares("c6 d5 d7 e4 e8 f5 f7 g6")
    );
    assert_eq!(names(&v, d.marked(MARK_CAPTURE)), squares("d5 d7 f5 f7"));
    assert_eq!(
        d.caption,
        "Nahbi on e6, with Pawn hurdles to jump over, which also block some of its other moves"
    );
    // The White King in Black's half, so the game-end hook does not end the game.
    let (m, c) = on_the_drawn_board(&d, "a12", "j1", "Archer");
    assert_eq!(names(&v, m), names(&v, d.marked(MARK_MOVE)));
    assert_eq!(names(&v, c), names(&v, d.marked(MARK_CAPTURE)));
}

/// Every piece of every script whose moves need a piece to pass (hops,
/// legs over an occupied square) is drawn with hurdles, and along every
/// such ray something beyond a hurdle is marked; other pieces get none.
#[test]
fn every_hopper_shows_its_hops_on_the_empty_board() {
    let mut hoppers = BTreeSet::new();
    for (name, v) in seeds() {
        let t = &v.tables;
        for kind in kinds(&v) {
            let at = teaching_square(&v, kind);
            let piece = Piece {
                color: Color::White,
                kind,
            };
            let d = Diagram::piece_alone(&v, piece, at);
            let unmoved = v.start_codes[at.index()] == piece.code();
            let mut needs = false;
            for ray in t.rays(piece.code(), at) {
                if ray.initial && !unmoved {
                    continue;
                }
                let s = ray.start as usize;
                let sq = &t.path_squares[s..s + ray.len as usize];
                let fl = &t.path_flags[s..s + ray.len as usize];
                let landing = |j: usize| fl[j] & (MOVE | CAPTURE) != 0;
                let hop = matches!(ray.kind, RayKind::Hop | RayKind::HopRight) && sq.len() > 1;
                let first_pass = fl.iter().position(|f| f & MUST_BE_OCCUPIED != 0);
                let leg = first_pass.is_some_and(|j| (j + 1..fl.len()).any(landing));
                if !(hop || leg) {
                    continue;
                }
                needs = true;
                // Something on this ray is marked beyond a screen.
                let screen = sq
                    .iter()
                    .position(|q| d.marks[q.index()] & MARK_SCREEN != 0)
                    .unwrap_or_else(|| {
                        panic!("{name} {}: a ray without a screen", v.piece(kind).name)
                    });
                assert!(
                    sq[screen + 1..]
                        .iter()
                        .any(|q| d.marks[q.index()] & (MARK_MOVE | MARK_CAPTURE) != 0),
                    "{name} {}: nothing marked beyond {}",
                    v.piece(kind).name,
                    v.geometry.name(sq[screen])
                );
            }
            let pieces = d.board.iter().filter(|p| p.is_some()).count();
            if needs {
                hoppers.insert(format!("{name} {}", v.piece(kind).name));
                assert!(d.caption.contains(" hurdles to "), "{}", d.caption);
                assert!(pieces > 1);
            } else {
                assert_eq!(pieces, 1, "{name} {}: hurdles", v.piece(kind).name);
                assert!(!d.caption.contains("hurdle"), "{}", d.caption);
            }
        }
    }
    assert_eq!(
        hoppers.into_iter().collect::<Vec<_>>(),
        [
            "fairy Cannon",
            "fairy Grasshopper",
            "grasshopper Grasshopper",
            "large-nahbi Cannon",
            "large-nahbi Nahbi",
            "nahbi Cannon",
            "nahbi Nahbi",
            "shako Cannon",
            "xiangqi Cannon"
        ]
    );
}

fn svg_marks(svg_text: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let doc = roxmltree::Document::parse(svg_text).expect("the SVG parses");
    common::svg::marks(doc.root_element())
}

/// A diagram of a whole position (captioned with the variant's name), read
/// back from its SVG: every square of the board drawn, the position's pieces
/// on them and nothing else, no marks, a border per region, coordinates for
/// every file and rank, each kind of piece drawn once per colour.
fn assert_position_diagram(v: &Variant, pos: &Position, svg_text: &str) {
    use common::svg::{assert_ids_unique, assert_one_symbol_per_piece, pieces, position_pieces};
    let doc = roxmltree::Document::parse(svg_text).expect("the SVG parses");
    let root = doc.root_element();
    let g = &v.geometry;
    let title = common::svg::tagged(root, "title").next().expect("a title");
    assert_eq!(common::svg::text(title), v.name);
    let caption: Vec<String> = common::svg::tagged(root, "text")
        .map(common::svg::text)
        .collect();
    assert_eq!(caption.join(" "), v.name, "the caption");
    let all: BTreeSet<String> = g.squares().iter().map(|s| g.name(s)).collect();
    assert_eq!(common::svg::squares(root), all, "{}: the squares", v.name);
    assert_eq!(
        pieces(root),
        position_pieces(v, pos),
        "{}: the pieces",
        v.name
    );
    assert_eq!(
        common::svg::marks(root),
        (BTreeSet::new(), BTreeSet::new()),
        "{}: marks on a position diagram without a subject",
        v.name
    );
    let regions: Vec<&str> = common::svg::with_class(root, "region")
        .map(|n| n.attribute("data-region").unwrap())
        .collect();
    let names: Vec<&str> = v.regions.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(regions, names, "{}: a border per region", v.name);
    let coords: BTreeSet<String> = common::svg::with_class(root, "coord")
        .map(|n| n.attribute("data-coord").unwrap().to_string())
        .collect();
    let mut want: BTreeSet<String> = (0..g.files())
        .map(|f| ((b'a' + f) as char).to_string())
        .collect();
    want.extend((1..=g.ranks()).map(|r| r.to_string()));
    assert_eq!(coords, want, "{}: the coordinates", v.name);
    assert_one_symbol_per_piece(root);
    assert_ids_unique(&doc);
}

fn names(v: &Variant, s: SquareSet) -> BTreeSet<String> {
    s.iter().map(|q| v.geometry.name(q)).collect()
}

/// Rasterizes an SVG with resvg, with the system's fonts or with none at all.
fn rasterize(svg_text: &str, system_fonts: bool) -> resvg::tiny_skia::Pixmap {
    let mut opt = resvg::usvg::Options::default();
    if system_fonts {
        opt.fontdb_mut().load_system_fonts();
    }
    let tree = resvg::usvg::Tree::from_str(svg_text, &opt).expect("usvg parses the SVG");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap
}

/// Writes `name.png` under the test's temporary directory (`target/tmp/teach-png`).
fn save_png(name: &str, pixmap: &resvg::tiny_skia::Pixmap) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("teach-png");
    std::fs::create_dir_all(&dir).unwrap();
    pixmap.save_png(dir.join(format!("{name}.png"))).unwrap();
}

fn png(name: &str, svg_text: &str) {
    save_png(name, &rasterize(svg_text, true));
}

#[test]
fn svg_diagrams_parse_render_and_mark_the_moves() {
    for (name, v) in seeds() {
        let start = Position::start(&v);
        let mut d = Diagram::of_position(&start);
        d.caption = v.name.clone();
        let text = svg::render(&d, false);
        assert_position_diagram(&v, &start, &text);
        png(&format!("{name}-start"), &text);
        let flipped = svg::render(&d, true);
        assert_position_diagram(&v, &start, &flipped);
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
            text.push_str(&show::show_piece(
                &v,
                Piece {
                    color: Color::White,
                    kind,
                },
                None,
            ));
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
        assert_rules_page(&v, &name, &html);
    }
}

/// A rules page read back: its title, its three sections, the start
/// position's diagram with the start position's pieces, one part per piece
/// (its diagram marking what `Diagram::piece_alone` marks, which
/// `empty_board_marks_match_the_vm` compares with the VM, and its generated
/// sentences), the special rules' headings and the game-end sentences, and
/// ids that no two diagrams share.
fn assert_rules_page(v: &Arc<Variant>, name: &str, html: &str) {
    use common::svg::{
        assert_ids_unique, assert_one_symbol_per_piece, marks, parse, pieces, position_pieces,
        tagged, text,
    };
    let no_code = |s: &str| s.replace('`', "");
    let doc = parse(html);
    let root = doc.root_element();
    assert_ids_unique(&doc);
    let first = |node, tag| {
        tagged(node, tag)
            .next()
            .unwrap_or_else(|| panic!("{name}: no <{tag}>"))
    };
    assert_eq!(text(first(root, "title")), format!("{} - rules", v.name));
    assert_eq!(text(first(root, "h1")), v.name);
    let sections: Vec<_> = tagged(root, "section").collect();
    let headings: Vec<(&str, String)> = sections
        .iter()
        .map(|s| (s.attribute("id").unwrap(), text(first(*s, "h2"))))
        .collect();
    assert_eq!(
        headings,
        [
            ("setup", "Board and setup".to_string()),
            ("pieces", "The pieces".to_string()),
            ("rules", "Special rules".to_string())
        ],
        "{name}: the sections"
    );
    let (setup, piece_section, rules) = (sections[0], sections[1], sections[2]);
    // The setup: the start position, and its FEN.
    let diagrams: Vec<_> = tagged(setup, "svg").collect();
    assert_eq!(diagrams.len(), 1, "{name}: one diagram of the setup");
    assert_eq!(
        pieces(diagrams[0]),
        position_pieces(v, &Position::start(v)),
        "{name}: the setup diagram"
    );
    assert_one_symbol_per_piece(diagrams[0]);
    assert_eq!(text(first(setup, "code")), v.start_fen);
    // The pieces, in the variant's order.
    let parts: Vec<_> = tagged(piece_section, "div")
        .filter(|n| n.attribute("class") == Some("piece"))
        .collect();
    assert_eq!(parts.len(), v.pieces.len(), "{name}: a part per piece");
    let mut hurdles = false;
    for (kind, part) in kinds(v).zip(&parts) {
        let def = v.piece(kind);
        let lower = def.name.to_ascii_lowercase();
        assert_eq!(
            part.attribute("id"),
            Some(format!("piece-{lower}").as_str())
        );
        let white = Piece {
            color: Color::White,
            kind,
        };
        let d = Diagram::piece_alone(v, white, teaching_square(v, kind));
        hurdles |= !d.marked(MARK_SCREEN).is_empty();
        let diagrams: Vec<_> = tagged(*part, "svg").collect();
        assert_eq!(diagrams.len(), 1, "{name} {}: one diagram", def.name);
        assert_eq!(
            marks(diagrams[0]),
            (
                names(v, d.marked(MARK_MOVE)),
                names(v, d.marked(MARK_CAPTURE))
            ),
            "{name} {}: the marks",
            def.name
        );
        assert_eq!(
            pieces(diagrams[0]),
            common::svg::diagram_pieces(&d),
            "{name} {}: the pieces drawn",
            def.name
        );
        assert_one_symbol_per_piece(diagrams[0]);
        assert_eq!(
            text(first(*part, "h3")),
            format!("{} ({})", def.name, def.letter)
        );
        let mut sentences = vec![no_code(&explain::describe_moves(def))];
        sentences.extend(explain::rule_paragraphs(v, kind).iter().map(|p| no_code(p)));
        let in_setup = v.start_codes.iter().any(|&c| {
            Color::ALL
                .iter()
                .any(|&color| c == Piece { color, kind }.code())
        });
        if !in_setup {
            sentences.push("Not in the start position; it can appear by promotion.".to_string());
        }
        let paragraphs: Vec<String> = tagged(*part, "p").map(text).collect();
        assert_eq!(paragraphs, sentences, "{name} {}: the sentences", def.name);
    }
    let legend = tagged(piece_section, "p")
        .find(|n| n.attribute("class") == Some("legend"))
        .expect("a legend");
    assert_eq!(
        text(legend).contains("blue diamond: a hurdle"),
        hurdles,
        "{name}: the legend explains the hurdles when a diagram has some"
    );
    // The special rules.
    let mut want = vec!["Castling", "En passant", "Promotion"];
    if !v.regions.is_empty() {
        want.push("Regions");
    }
    if v.compulsory_capture {
        want.push("Compulsory captures");
    }
    if v.checks_forbidden {
        want.push("No checks");
    }
    if v.walls.is_some() {
        want.push("Walls");
    }
    want.push("End of the game");
    if v.hooks.is_some() {
        want.push("Rules written as hooks");
    }
    let got: Vec<String> = tagged(rules, "h3").map(text).collect();
    assert_eq!(got, want, "{name}: the special rules");
    let items: Vec<String> = tagged(rules, "li").map(text).collect();
    for sentence in explain::game_end_sentences(v) {
        let sentence = no_code(&sentence);
        assert!(items.contains(&sentence), "{name}: no item {sentence:?}");
    }
    let footer = text(first(root, "footer"));
    assert!(
        footer.contains(&format!("scripts/{name}.variant")),
        "{name}: {footer}"
    );
}

/// Diagrams showing every piece of a variant in both colours, each on a
/// light and on a dark square (as many diagrams as that takes).
fn every_piece(v: &Arc<Variant>) -> Vec<Diagram> {
    let g = &v.geometry;
    let mut todo: Vec<(Piece, i32)> = Vec::new();
    for kind in kinds(v) {
        for color in Color::ALL {
            for parity in 0..2 {
                todo.push((Piece { color, kind }, parity));
            }
        }
    }
    let mut out = Vec::new();
    while !todo.is_empty() {
        let mut d = Diagram::of_position(&Position::start(v));
        d.board.iter_mut().for_each(|p| *p = None);
        for sq in g.squares().iter() {
            let parity = (g.file_of(sq) + g.rank_of(sq)) % 2;
            if let Some(i) = todo.iter().position(|(_, p)| *p == parity) {
                d.board[sq.index()] = Some(todo.remove(i).0);
            }
        }
        out.push(d);
    }
    out
}

/// Ink: a pixel far from all the `background` colours (sum of the channel differences).
fn ink(
    pixmap: &resvg::tiny_skia::Pixmap,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
    background: &[[u8; 3]],
) -> usize {
    let mut n = 0;
    for y in (y0.ceil() as u32)..(y1.floor() as u32).min(pixmap.height()) {
        for x in (x0.ceil() as u32)..(x1.floor() as u32).min(pixmap.width()) {
            let p = pixmap.pixel(x, y).unwrap();
            let far = background.iter().all(|b| {
                let d = (p.red() as i32 - b[0] as i32).abs()
                    + (p.green() as i32 - b[1] as i32).abs()
                    + (p.blue() as i32 - b[2] as i32).abs();
                d > 60
            });
            n += far as usize;
        }
    }
    n
}

/// The pixels of a square area.
fn patch(pixmap: &resvg::tiny_skia::Pixmap, x: f64, y: f64, size: f64) -> Vec<u8> {
    let mut out = Vec::new();
    for yy in y as u32..(y + size) as u32 {
        for xx in x as u32..(x + size) as u32 {
            let p = pixmap.pixel(xx, yy).unwrap();
            out.extend([p.red(), p.green(), p.blue()]);
        }
    }
    out
}

/// The diagrams draw their pieces and coordinates as outlines: rendered with
/// no fonts at all, every occupied square and every coordinate shows ink.
#[test]
fn svg_diagrams_need_no_fonts() {
    const LIGHT: [u8; 3] = [0xf0, 0xd9, 0xb5];
    const DARK: [u8; 3] = [0xb5, 0x88, 0x63];
    const WHITE: [u8; 3] = [0xff, 0xff, 0xff];
    let sq = svg::SQUARE as f64;
    for (name, v) in seeds() {
        let g = &v.geometry;
        let mut diagrams = vec![(false, Diagram::of_position(&Position::start(&v)))];
        diagrams.push((true, diagrams[0].1.clone()));
        diagrams.extend(every_piece(&v).into_iter().map(|d| (false, d)));
        // The pixels of each piece, by colour and square colour.
        let mut looks = std::collections::HashMap::new();
        for (i, (flip, d)) in diagrams.iter().enumerate() {
            let text = svg::render(d, *flip);
            let pixmap = rasterize(&text, false);
            save_png(&format!("nofont-{name}-{i}"), &pixmap);
            // Where the squares are, from the SVG.
            let doc = roxmltree::Document::parse(&text).unwrap();
            let mut at = std::collections::HashMap::new();
            for n in doc
                .descendants()
                .filter(|n| n.attribute("class") == Some("square"))
            {
                let xy = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
                at.insert(
                    n.attribute("data-square").unwrap().to_string(),
                    (xy("x"), xy("y")),
                );
            }
            let squares: Vec<Square> = g.squares().iter().collect();
            let pos = |s: Square| at[&g.name(s)];
            for &s in &squares {
                let Some(p) = d.board[s.index()] else {
                    continue;
                };
                let (x, y) = pos(s);
                // Inside the square, clear of region borders.
                let n = ink(
                    &pixmap,
                    x + 3.0,
                    y + 3.0,
                    x + sq - 3.0,
                    y + sq - 3.0,
                    &[LIGHT, DARK],
                );
                assert!(
                    n >= 100,
                    "{name} diagram {i}: the {:?} {} on {} shows {n} pixels of ink",
                    p.color,
                    v.piece(p.kind).name,
                    g.name(s)
                );
                let parity = (g.file_of(s) + g.rank_of(s)) % 2;
                looks
                    .entry((p.color, parity, p.kind))
                    .or_insert_with(|| patch(&pixmap, x + 3.0, y + 3.0, sq - 6.0));
            }
            let left = squares.iter().map(|&s| pos(s).0).fold(f64::MAX, f64::min);
            let bottom = squares.iter().map(|&s| pos(s).1).fold(0.0, f64::max) + sq;
            for f in 0..g.files() as i32 {
                let s = *squares.iter().find(|&&s| g.file_of(s) == f).unwrap();
                let x = pos(s).0;
                // Below the board, clear of region borders.
                let n = ink(&pixmap, x, bottom + 3.0, x + sq, bottom + 24.0, &[WHITE]);
                assert!(n >= 8, "{name} diagram {i}: file {f} has {n} pixels of ink");
            }
            for r in 0..g.ranks() as i32 {
                let s = *squares.iter().find(|&&s| g.rank_of(s) == r).unwrap();
                let y = pos(s).1;
                let n = ink(&pixmap, 0.0, y, left - 3.0, y + sq, &[WHITE]);
                assert!(
                    n >= 8,
                    "{name} diagram {i}: rank {} has {n} pixels of ink",
                    r + 1
                );
            }
        }
        // Pieces are told apart: no two kinds look the same (a disc without its letter would).
        for ((color, parity, kind), look) in &looks {
            for ((color2, parity2, kind2), look2) in &looks {
                if color == color2 && parity == parity2 && kind < kind2 {
                    assert!(
                        look != look2,
                        "{name}: the {:?} {} and {} look the same",
                        color,
                        v.piece(*kind).name,
                        v.piece(*kind2).name
                    );
                }
            }
        }
    }
}

fn xiangqi() -> Arc<Variant> {
    compile_path(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/fairy-stockfish/xiangqi.variant"
    ))
    .unwrap()
}

/// Each piece's default square is one it may stand on, and shows a move
/// there whenever some such square does; in Xiangqi the General and the
/// Advisor stand in the middle of their palace (before, both stood on e5,
/// outside it: the General showed only its facing-generals column, the
/// Advisor nothing).
#[test]
fn teaching_squares_are_squares_the_piece_may_stand_on() {
    let v = xiangqi();
    let g = &v.geometry;
    let piece = |name: &str, color| Piece {
        color,
        kind: varia::teach::find_piece(&v, name).unwrap(),
    };
    let general = piece("General", Color::White);
    let at = varia::teach::diagram::teaching_square_of(&v, general);
    assert_eq!(g.name(at), "e2");
    let d = Diagram::piece_alone(&v, general, at);
    // Steps (moves and captures) to the four neighbours inside the palace,
    // and the royal-only capture along its file, e1 and e3 .. e10.
    assert_eq!(names(&v, d.marked(MARK_MOVE)), squares("d2 f2 e1 e3"));
    assert_eq!(
        names(&v, d.marked(MARK_CAPTURE)),
        squares("d2 f2 e1 e3 e4 e5 e6 e7 e8 e9 e10")
    );
    let d = alone(&v, "Advisor");
    assert_eq!(d.subject.map(|s| g.name(s)), Some("e2".to_string()));
    assert_eq!(names(&v, d.marked(MARK_MOVE)), squares("d1 f1 d3 f3"));
    // Black's General: the middle of Black's palace, the caption in its side's name.
    let black = piece("General", Color::Black);
    let at = varia::teach::diagram::teaching_square_of(&v, black);
    assert_eq!(g.name(at), "e9");
    let d = Diagram::piece_alone(&v, black, at);
    assert_eq!(d.caption, "Black General on e9");
    assert_eq!(names(&v, d.marked(MARK_MOVE)), squares("d9 f9 e8 e10"));
    // The Elephant stays on its side of the river, the Soldier shows its
    // sideways steps across it.
    assert_eq!(
        g.name(teaching_square(&v, piece("Elephant", Color::White).kind)),
        "e3"
    );
    assert_eq!(
        g.name(teaching_square(&v, piece("Soldier", Color::White).kind)),
        "e6"
    );

    // The rule for every piece of every script, both colours.
    for (name, v) in seeds() {
        for kind in kinds(&v) {
            for color in [Color::White, Color::Black] {
                let p = Piece { color, kind };
                let stand = varia::teach::diagram::squares_to_stand_on(&v, p);
                let at = varia::teach::diagram::teaching_square_of(&v, p);
                assert!(stand.contains(at), "{name} {kind:?} {color:?}");
                let shows = |sq: Square| {
                    Diagram::piece_alone(&v, p, sq)
                        .marked(MARK_MOVE | MARK_CAPTURE)
                        .len()
                };
                if stand.iter().any(|sq| shows(sq) > 0) {
                    assert!(
                        shows(at) > 0,
                        "{name} {kind:?} {color:?} on {}",
                        v.geometry.name(at)
                    );
                }
            }
        }
    }
}

/// A pawn may not stand where it must have promoted; a King of the Hill
/// king not on the hill.
#[test]
fn squares_to_stand_on_leave_out_promotion_and_goal_squares() {
    let v = compile_path(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/fairy-stockfish/kingofthehill.variant"
    ))
    .unwrap();
    let stand = |name: &str, color| {
        let kind = varia::teach::find_piece(&v, name).unwrap();
        names(
            &v,
            varia::teach::diagram::squares_to_stand_on(&v, Piece { color, kind }),
        )
    };
    let pawn = stand("Pawn", Color::White);
    assert_eq!(pawn.len(), 56);
    assert!(pawn.contains("a1") && !pawn.contains("a8") && !pawn.contains("h8"));
    let pawn = stand("Pawn", Color::Black);
    assert!(pawn.contains("a8") && !pawn.contains("a1"));
    let king = stand("King", Color::White);
    assert_eq!(king.len(), 60);
    assert!(["d4", "e4", "d5", "e5"].iter().all(|s| !king.contains(*s)));
}

/// Both sides' regions are outlined: Xiangqi's two palaces, in the SVG and
/// in the terminal; the sides read Red and Black (`sides "Red" "Black"`).
#[test]
fn both_palaces_are_drawn_and_the_sides_are_red_and_black() {
    let v = xiangqi();
    let svg_text = svg::render(&alone(&v, "Advisor"), false);
    let group = svg_text
        .split(r#"<g class="region" data-region="palace""#)
        .nth(1)
        .and_then(|rest| rest.split("</g>").next())
        .unwrap();
    // 12 sides for each palace of 3 by 3 squares.
    assert_eq!(group.matches("<line ").count(), 24);
    // Black's palace top edge (rank 10, from d to f) at y = 0 below the caption.
    let text = show::show_piece(
        &v,
        Piece {
            color: Color::White,
            kind: varia::teach::find_piece(&v, "Advisor").unwrap(),
        },
        None,
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], " 10   .   .   . | .   .   . | .   .   . ");
    assert_eq!(lines[4], "                 --- --- ---");
    assert_eq!(v.side_name(Color::White), "Red");
    assert_eq!(v.side_name(Color::Black), "Black");
    let general = varia::teach::find_piece(&v, "General").unwrap();
    assert!(explain::explain_piece(&v, general)
        .contains("(Squares as Red sees them; Black's follow by the board's symmetry.)"));
    let pos = Position::start(&v);
    let d = Diagram::piece_in_position(&pos, v.geometry.parse_square("e1").unwrap()).unwrap();
    assert_eq!(d.caption, "Red General on e1");
    let page = doc::page(&v, "scripts/fairy-stockfish/xiangqi.variant");
    assert!(
        page.contains("<p>The board has 9 files by 10 ranks (90 squares). Red moves first.</p>")
    );
    // Without the declaration the sides are White and Black.
    let chess = compile_path(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/chess.variant"
    ))
    .unwrap();
    assert_eq!(chess.side_name(Color::White), "White");
    // Declared twice: the same error as any single declaration given twice.
    let twice = "variant \"T\"\nsides \"Red\" \"Black\"\nsides \"Gold\" \"Silver\"\nboard 8 x 8\npiece King K \"K\" royal\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n";
    let errors = compile_source("twice", twice).unwrap_err();
    let text = errors.render_plain();
    assert!(text.contains("the sides' names"), "{text}");
}

/// The sentences a learner tripped over (issue 17), word for word: moves
/// are alternatives ("or", never "and"), no "turning straight on", "over
/// anything in between" said once, a hopper's capture said, and the rules of
/// the whole variant that change a King's moves said with the King.
#[test]
fn explanations_read_as_plain_alternatives() {
    let betza = |b: &str| explain::explain_betza(b).unwrap();
    assert_eq!(
        betza("KpafmW"),
        "A piece with Betza `KpafmW` steps one square in any direction, or jumps one square orthogonally over a piece that must stand there, then one more square in the same direction (it does not capture this way)."
    );
    assert_eq!(
        betza("FyafsF"),
        "A piece with Betza `FyafsF` steps one square diagonally, or goes one square diagonally (that square must be empty), then turns by 45 degrees either way and slides on orthogonally, any number of squares, through empty squares, stopping at the first piece (which it may capture)."
    );
    assert_eq!(
        betza("KNAD"),
        "A piece with Betza `KNAD` steps one square in any direction, leaps like a knight (two squares one way and one to the side), jumps exactly two squares diagonally, or jumps exactly two squares orthogonally; the leaps and jumps go over anything in between."
    );
    assert_eq!(
        betza("NAD"),
        "A piece with Betza `NAD` leaps like a knight (two squares one way and one to the side), jumps exactly two squares diagonally, or jumps exactly two squares orthogonally, each over anything in between."
    );
    assert_eq!(
        betza("pB"),
        "A piece with Betza `pB` hops diagonally over exactly one piece (the screen, at any distance), landing on any empty square beyond it, or capturing the first piece beyond it."
    );
    assert_eq!(
        betza("gQ"),
        "A piece with Betza `gQ` hops in any direction over the first piece in its way (the hurdle, at any distance), landing on the square right behind it, and captures the piece standing there if there is one."
    );
    assert_eq!(
        betza("mRcpR"),
        "A piece with Betza `mRcpR` slides any number of squares orthogonally without capturing, or captures orthogonally by hopping over exactly one piece (the screen, at any distance) and taking the first piece beyond it."
    );
    let script = |name: &str| compile_path(&common::oracle::script_path(name)).unwrap();
    let paragraph = |v: &Variant, piece: &str, line: usize| {
        let kind = varia::teach::find_piece(v, piece).unwrap();
        explain::explain_piece(v, kind)
            .lines()
            .nth(line)
            .unwrap()
            .to_string()
    };
    let atomic = script("atomic");
    assert_eq!(
        paragraph(&atomic, "King", 2),
        "Captures explode in this variant, so it never captures: the explosion would blow it up with the piece it takes, and a move that blows up one's own royal piece is illegal. It is blown up by a capture on a square next to it, and a player whose royal piece is blown up loses (every piece except Pawns next to a capture square is removed)."
    );
    assert_eq!(
        paragraph(&atomic, "Knight", 1),
        "Captures explode in this variant: when it captures, it is removed with the piece it takes and every piece except Pawns on the squares next to the capture square. A capture on a square next to it removes it too."
    );
    assert_eq!(
        paragraph(&atomic, "Pawn", 1),
        "Captures explode in this variant: when it captures, it is removed with the piece it takes and every piece except Pawns on the squares next to the capture square. It survives captures on the squares next to it."
    );
    let three = script("3check");
    assert_eq!(
        paragraph(&three, "King", 2),
        "Every check to it counts: a player who gives check three times wins."
    );
    // Plain chess says none of this.
    let chess = script("chess");
    let king = varia::teach::find_piece(&chess, "King").unwrap();
    let text = explain::explain_piece(&chess, king);
    assert!(
        !text.contains("explode") && !text.contains("counts"),
        "{text}"
    );
}

/// The legend's items (`data-mark`s of `legend-item`s) and the squares of
/// the elements of a class.
fn legend_and(svg_text: &str, class: &str) -> (Vec<String>, Vec<String>) {
    let doc = roxmltree::Document::parse(svg_text).unwrap();
    let legend = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("legend-item"))
        .map(|n| n.attribute("data-mark").unwrap().to_string())
        .collect();
    let squares = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .map(|n| n.attribute("data-square").unwrap().to_string())
        .collect();
    (legend, squares)
}

/// SVG diagrams have a legend of the kinds of marks they use, and mark a
/// checkmated royal piece apart from one in check.
#[test]
fn svg_legend_and_checkmate() {
    let chess = compile_path(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/chess.variant"
    ))
    .unwrap();
    let (legend, _) = legend_and(&svg::render(&alone(&chess, "Knight"), false), "check");
    assert_eq!(legend, ["subject", "both"]);
    let v = xiangqi();
    let (legend, _) = legend_and(&svg::render(&alone(&v, "Cannon"), false), "check");
    assert_eq!(legend, ["subject", "move", "capture", "screen"]);
    // Fool's mate: White's King on e1 is checkmated.
    let mate = Position::from_fen(
        &chess,
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    )
    .unwrap();
    let text = svg::render(&Diagram::of_position(&mate), false);
    let (legend, mated) = legend_and(&text, "checkmate");
    assert_eq!(legend, ["checkmate"]);
    assert_eq!(mated, ["e1"]);
    assert!(legend_and(&text, "check").1.is_empty());
    // Check, not mate: the Queen on h4 checks along h4-e1, and the King may step to e2.
    let check = Position::from_fen(
        &chess,
        "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5P2/PPPP2PP/RNBQKBNR w KQkq - 1 3",
    )
    .unwrap();
    let text = svg::render(&Diagram::of_position(&check), false);
    let (legend, checked) = legend_and(&text, "check");
    assert_eq!(legend, ["check"]);
    assert_eq!(checked, ["e1"]);
    assert!(legend_and(&text, "checkmate").1.is_empty());
    // No marks, no legend.
    let text = svg::render(&Diagram::of_position(&Position::start(&chess)), false);
    assert!(!text.contains("legend"));
}

/// The hands in words, read against each script: crazyhouse keeps
/// captures and demotes promoted pieces to pawns (`demote promoted to
/// Pawn`), its pawns drop on ranks 2 to 7 (`drop Pawn in ranks 2..7`);
/// Nahbi's Archers start two to a hand and drop on `home`; a shogi-like
/// pawn drops with `one-per-file no-mate never-stuck` (never-stuck leaves
/// out the last rank, 5 here).
#[test]
fn explanations_of_pieces_in_hand() {
    use varia::teach::hands::hand_rule;
    let kind = |v: &Variant, name: &str| {
        PieceKind(v.pieces.iter().position(|p| p.name == name).unwrap() as u8)
    };
    let crazyhouse = compile_path("scripts/fairy-stockfish/crazyhouse.variant").unwrap();
    assert_eq!(
        hand_rule(&crazyhouse, kind(&crazyhouse, "Pawn")).unwrap(),
        "When captured, it goes to the capturer's hand and changes sides. From the hand it \
         may be dropped, as a move instead of moving a piece, on any empty square of ranks 2 \
         to 7. (Squares as White sees them; Black's follow by the board's symmetry.)"
    );
    assert_eq!(
        hand_rule(&crazyhouse, kind(&crazyhouse, "Queen")).unwrap(),
        "When captured, it goes to the capturer's hand and changes sides (one that became a \
         Queen by promotion goes back as a Pawn). From the hand it may be dropped, as a move \
         instead of moving a piece, on any empty square."
    );
    // The king is never captured, and so never in hand.
    assert_eq!(hand_rule(&crazyhouse, kind(&crazyhouse, "King")), None);
    let nahbi = compile_path("scripts/nahbi.variant").unwrap();
    assert_eq!(
        hand_rule(&nahbi, kind(&nahbi, "Archer")).unwrap(),
        "Each side starts with two in hand. From the hand it may be dropped, as a move \
         instead of moving a piece, on any empty square of the region `home`. (Squares as \
         White sees them; Black's follow by the board's symmetry.)"
    );
    // Nothing is captured into a hand in Nahbi: a Rook is never in one.
    assert_eq!(hand_rule(&nahbi, kind(&nahbi, "Rook")), None);
    let shogi_like = compile_source(
        "drop-rules.variant",
        "variant \"Drop rules\"\nboard 5 x 5\nsymmetry rotate\npiece King K \"K\" royal\n\
         piece Gold G \"WfF\"\npiece Pawn P \"fW\"\ncheckmate loses\nstalemate loses\n\
         hands keep captures\ndrop Pawn one-per-file no-mate never-stuck\n\
         setup \"k4/5/5/5/4K[Pp] w - - 0 1\"\n",
    )
    .unwrap();
    assert_eq!(
        hand_rule(&shogi_like, kind(&shogi_like, "Pawn")).unwrap(),
        "Each side starts with one in hand. When captured, it goes to the capturer's hand \
         and changes sides. From the hand it may be dropped, as a move instead of moving a \
         piece, on any empty square of ranks 1 to 4, but not on a file that already has an \
         unpromoted Pawn of its side, and not to give checkmate at once. (Squares as White \
         sees them; Black's follow by the board's symmetry.)"
    );
    // The rules page says it too, under the piece.
    let page = doc::page(&crazyhouse, "scripts/fairy-stockfish/crazyhouse.variant");
    assert!(
        page.contains("on any empty square of ranks 2 to 7"),
        "{page}"
    );
}

/// An illegal drop is explained by the rule it breaks (positions of
/// tests/it/hands.rs: on the 5x5 board with the shogi pawn rules, P@e4
/// mates, the b-file has White's pawn, rank 5 is left out by never-stuck).
#[test]
fn illegal_drops_are_explained_by_the_rule_they_break() {
    use varia::notation::san::parse_move;
    use varia::teach::illegal::explain_typed;
    let why = |pos: &Position, text: &str| {
        let error = parse_move(pos, text).unwrap_err();
        explain_typed(pos, text, &error).unwrap().message
    };
    let rules = compile_source(
        "drop-rules.variant",
        "variant \"Drop rules\"\nboard 5 x 5\nsymmetry rotate\npiece King K \"K\" royal\n\
         piece Gold G \"WfF\"\npiece Pawn P \"fW\"\ncheckmate loses\nstalemate loses\n\
         hands keep captures\ndrop Pawn one-per-file no-mate never-stuck\n\
         setup \"k4/5/5/5/4K[Pp] w - - 0 1\"\n",
    )
    .unwrap();
    let pos = Position::from_fen(&rules, "4k/2G2/4G/1P3/K4[P] w - - 0 1").unwrap();
    assert_eq!(
        why(&pos, "P@e4"),
        "a pawn may not be dropped where it would give checkmate"
    );
    assert_eq!(
        why(&pos, "P@b3"),
        "a pawn may not be dropped on a file that has one of your pawns"
    );
    assert_eq!(
        why(&pos, "P@a5"),
        "a pawn may not be dropped on a5: it is not in the pawn's drop region"
    );
    assert_eq!(why(&pos, "G@a2"), "there is no gold in your hand");
    assert_eq!(why(&pos, "P@c4"), "c4 is not empty");
    let chess = compile_path("scripts/fairy-stockfish/crazyhouse.variant").unwrap();
    let pos = Position::from_fen(
        &chess,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[N] w KQkq - 0 1",
    )
    .unwrap();
    // Crazyhouse, White holding a Knight: a square taken, a piece not held.
    assert_eq!(why(&pos, "N@e5+"), "e5 is not empty");
    assert_eq!(why(&pos, "Q@d3"), "there is no queen in your hand");
    // In check, a drop that does not block it.
    let pos = Position::from_fen(
        &chess,
        "rnb1kbnr/pppp1ppp/8/4p3/4P2q/8/PPPP3P/RNBQKBNR[N] w KQkq - 0 1",
    )
    .unwrap();
    assert_eq!(why(&pos, "N@a3"), "a knight on a3 does not end the check");
    assert!(parse_move(&pos, "N@g3").is_ok(), "g3 blocks the check");
    // No hands at all.
    let plain = compile_path("scripts/fairy-stockfish/kingofthehill.variant").unwrap();
    let pos = Position::start(&plain);
    assert_eq!(why(&pos, "N@e4"), "this variant has no pieces in hand");
}

/// SVG diagrams of a position with hands draw a row of pieces in hand per
/// side under the board (each piece once, with its count), and the
/// rules page's start position shows them (Nahbi: two Archers and two
/// Alfils a side).
#[test]
fn svg_diagrams_draw_the_hands() {
    let crazyhouse = compile_path("scripts/fairy-stockfish/crazyhouse.variant").unwrap();
    let pos = Position::from_fen(
        &crazyhouse,
        "r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR[NNnpQ] w KQkq - 0 1",
    )
    .unwrap();
    let drawn = svg::render(&Diagram::of_position(&pos), false);
    let hand_pieces: Vec<&str> = drawn
        .lines()
        .filter(|l| l.starts_with(r#"<use class="hand-piece""#))
        .map(|l| l.split(" href=").next().unwrap())
        .collect();
    assert_eq!(
        hand_pieces,
        [
            r#"<use class="hand-piece" data-piece="Queen" data-color="white" data-count="1""#,
            r#"<use class="hand-piece" data-piece="Knight" data-color="white" data-count="2""#,
            r#"<use class="hand-piece" data-piece="Knight" data-color="black" data-count="1""#,
            r#"<use class="hand-piece" data-piece="Pawn" data-color="black" data-count="1""#,
        ]
    );
    assert!(drawn.contains(r#"<g class="hand" data-color="white" data-count="3">"#));
    // Chess has no hands: no hand rows.
    let chess = compile_path("scripts/chess.variant").unwrap();
    let drawn = svg::render(&Diagram::of_position(&Position::start(&chess)), false);
    assert!(!drawn.contains("hand"));
    let nahbi = compile_path("scripts/nahbi.variant").unwrap();
    let page = doc::page(&nahbi, "scripts/nahbi.variant");
    assert!(page.contains(r#"<g class="hand" data-color="white" data-count="4">"#));
    assert!(page.contains(r#"<g class="hand" data-color="black" data-count="4">"#));
}

/// The rules page says which moves reset the move rule: the pawns' by
/// default, none with `reset by captures` (Pawnback), the named pieces'.
#[test]
fn rules_pages_say_what_a_repetition_means() {
    let page_of = |rule: &str| {
        let v = compile_source(
            "repetition.variant",
            &format!(
                "variant \"Repetition\"\nimport orthodox\nsides \"Sente\" \"Gote\"\nboard 8 x 8\n{rule}\n\
                 setup \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"\n"
            ),
        )
        .unwrap();
        doc::page(&v, "repetition.variant")
    };
    for (rule, sentence) in [
        ("repetition 3", "The game is drawn when the same position occurs three times."),
        (
            "repetition 4 wins",
            "When the same position occurs four times, the player to move wins: the one who repeated it loses.",
        ),
        (
            "repetition 4 loses",
            "When the same position occurs four times, the player to move loses: the one who repeated it wins.",
        ),
        (
            "repetition 4 wins for black",
            "When the same position occurs four times, Gote wins, whoever repeated it.",
        ),
        (
            "repetition 4 loses for black",
            "When the same position occurs four times, Sente wins, whoever repeated it.",
        ),
    ] {
        let page = page_of(rule);
        assert!(page.contains(&format!("<li>{sentence}</li>")), "{rule}: {page}");
    }
}

#[test]
fn rules_pages_say_which_moves_reset_the_move_rule() {
    let page_of = |rule: &str| {
        let v = compile_source(
            "move-rule.variant",
            &format!(
                "variant \"Move rule\"\nimport orthodox\nboard 8 x 8\n{rule}\n\
                 setup \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"\n"
            ),
        )
        .unwrap();
        doc::page(&v, "move-rule.variant")
    };
    let default = page_of("move-rule 50");
    assert!(default.contains(
        "The game is drawn after 50 moves by each side without a capture or a move of a piece that can promote."
    ));
    let bare = page_of("move-rule 40 reset by captures");
    assert!(bare.contains(
        "The game is drawn after 40 moves by each side without a capture or a promotion; no other move resets the count, not even a pawn's."
    ), "{bare}");
    let named = page_of("move-rule 50 reset by captures and Pawn, Knight");
    assert!(named.contains(
        "The game is drawn after 50 moves by each side without a capture, a promotion or a move of a Knight or Pawn that it could not take straight back."
    ), "{named}");
}

/// Castling from any start (Chess960) and the shuffle in plain English:
/// the King's and the Rook's explanations, the rules page's castling table
/// (one row a side and wing) and its setup sentence, and `varia dump`
/// printing both back in the language's own words.
#[test]
fn chess960_castling_and_shuffle_in_words() {
    let v = compile_path("scripts/fairy-stockfish/fischerandom.variant").unwrap();
    let sentence = "It takes part in castling from any start, as in Chess960 (White's squares; Black's are the same seen from Black's side): wherever the King and a Rook stand on rank 1, the King may castle with the Rook on its right to g1 and f1 (O-O) or with the Rook on its left to c1 and d1 (O-O-O), the King and the Rook landing there. Neither piece may have moved (the castling rights name the Rook), every square between each piece and where it lands must be empty but for the two of them, and the King may not start on, pass or land on an attacked square. Castling is written as the King taking its Rook in coordinates (`e1h1`).";
    for piece in ["King", "Rook"] {
        let kind = PieceKind(v.pieces.iter().position(|p| p.name == piece).unwrap() as u8);
        let text = explain::explain_piece(&v, kind);
        assert!(text.contains(sentence), "{piece}: {text}");
    }
    let page = doc::page(&v, "scripts/fairy-stockfish/fischerandom.variant");
    let rows = [
        (
            "White",
            "O-O",
            "King to g1",
            "Rook on the king's right to f1",
        ),
        (
            "White",
            "O-O-O",
            "King to c1",
            "Rook on the king's left to d1",
        ),
        (
            "Black",
            "O-O",
            "King to g8",
            "Rook on the king's right to f8",
        ),
        (
            "Black",
            "O-O-O",
            "King to c8",
            "Rook on the king's left to d8",
        ),
    ]
    .map(|(a, b, c, d)| format!("<tr><td>{a}</td><td>{b}</td><td>{c}</td><td>{d}</td></tr>"))
    .concat();
    assert!(page.contains(&rows), "{page}");
    assert!(page.contains("A game may also start from a random array (<code>new random</code> in the REPL): White's pieces on rank 1 change places at random, so that the two Bishops stand on squares of opposite colours, and the King stands between the two Rooks; Black's pieces mirror them."), "{page}");
    let dump = v.to_string();
    assert!(dump.contains(
        "castling King to g1 with Rook to f1 from any start (28 start pairs a side)\n\
         castling King to c1 with Rook to d1 from any start (28 start pairs a side)\n\
         shuffle squares a1 b1 c1 d1 e1 f1 g1 h1 with Bishop and Bishop on opposite colours, King between Rook and Rook\n"
    ), "{dump}");
}
