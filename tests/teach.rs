//! Teaching output (src/teach/): explanations, terminal and SVG diagrams,
//! rules pages, for every seed variant and every stdlib piece.

use std::collections::BTreeSet;
use std::sync::Arc;

use varia::compile::{compile_path, compile_source};
use varia::ir::geometry::{Square, SquareSet};
use varia::ir::pattern::Travel;
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

/// Offsets a clause's words claim, read back independently of the generator:
/// distance words, shape words and direction words. None: the clause is not
/// one this reader understands (multi-leg paths, hoppers).
fn claimed_offsets(text: &str, extent: i32, unmoved: bool) -> Option<BTreeSet<(i32, i32)>> {
    if text.contains("hop") || text.contains("zig-zag") || text.contains("then") {
        return None;
    }
    let mut out = BTreeSet::new();
    // Alternatives: "steps one square orthogonally, or jumps exactly two squares diagonally".
    let main = text.split(" (two on its first move").next().unwrap_or(text);
    for alt in main.split(", or ").flat_map(|a| a.split(", like")) {
        let words = |w: &str| alt.contains(w);
        let atoms: Vec<(i32, i32)> = if words("knight") {
            vec![(2, 1)]
        } else if words("camel") {
            vec![(3, 1)]
        } else if words("zebra") {
            vec![(3, 2)]
        } else {
            let n = if words("one square") {
                1
            } else if words("two squares") {
                2
            } else if words("three squares") {
                3
            } else if words("any number of squares") || words("up to") {
                1
            } else {
                continue;
            };
            let mut a = Vec::new();
            if words("orthogonally")
                || words("in any direction")
                || words("straight")
                || words("sideways")
                || words("to the right")
                || words("to the left") && !words("diagonally")
            {
                a.push((n, 0));
            }
            if words("diagonally") || words("in any direction") {
                a.push((n, n));
            }
            a
        };
        let ride = words("any number of") || words("up to");
        let max = if let Some(i) = alt.find("up to ") {
            let w = alt[i + 6..].split(' ').next().unwrap_or("");
            [
                "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            ]
            .iter()
            .position(|x| *x == w)
            .map_or(extent, |p| p as i32)
        } else if ride {
            extent
        } else {
            1
        };
        for (a, b) in atoms {
            for (x, y) in [(a, b), (b, a)] {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let (dx, dy) = (x * sx, y * sy);
                    let keep = if words("forward or sideways") {
                        dy >= 0
                    } else if words("straight forward or to the right") {
                        (dx == 0 && dy > 0) || (dy == 0 && dx > 0)
                    } else if words("forward-right") {
                        dx > 0 && dy > 0
                    } else if words("forward") {
                        dy > 0 && (!words("straight") || dx == 0)
                    } else if words("backward") {
                        dy < 0
                    } else {
                        true
                    };
                    if keep {
                        for k in 1..=max {
                            out.insert((dx * k, dy * k));
                        }
                    }
                }
            }
        }
    }
    if unmoved && text.contains("(two on its first move") {
        let doubled: Vec<_> = out.iter().map(|(x, y)| (2 * x, 2 * y)).collect();
        out.extend(doubled);
    }
    Some(out)
}

/// Each clause's words agree with the moves the VM's tables give on an
/// empty board: what a clause names is there, and the clauses together
/// name every square the piece reaches.
#[test]
fn explanations_agree_with_the_generated_moves() {
    let mut checked = 0;
    for (name, v) in seeds() {
        let g = &v.geometry;
        for kind in kinds(&v) {
            let def = v.piece(kind);
            // Pieces with region rules or region-limited moves move differently
            // from square to square; tests/regions.rs and tests/xiangqi.rs pin
            // those on exact positions.
            if !def.region_rules.is_empty()
                || def
                    .patterns
                    .iter()
                    .any(|p| p.from_region.is_some() || p.royal_only)
            {
                continue;
            }
            let at = teaching_square(&v, kind);
            let d = Diagram::piece_alone(
                &v,
                Piece {
                    color: Color::White,
                    kind,
                },
                at,
            );
            let unmoved = v.start_codes[at.index()]
                == Piece {
                    color: Color::White,
                    kind,
                }
                .code();
            let offset = |s: Square| (g.file_of(s) - g.file_of(at), g.rank_of(s) - g.rank_of(at));
            let moves: BTreeSet<_> = d.marked(MARK_MOVE).iter().map(offset).collect();
            let captures: BTreeSet<_> = d.marked(MARK_CAPTURE).iter().map(offset).collect();
            let on_board =
                |o: &(i32, i32)| g.square(g.file_of(at) + o.0, g.rank_of(at) + o.1).is_some();
            let clauses = explain::move_clauses(&def.patterns);
            let mut all_understood = true;
            let (mut claimed_moves, mut claimed_captures) = (BTreeSet::new(), BTreeSet::new());
            for c in &clauses {
                if c.text == "may capture en passant" {
                    continue;
                }
                let extent = g.files().max(g.ranks()) as i32;
                let Some(claim) = claimed_offsets(&c.text, extent, unmoved) else {
                    all_understood = false;
                    // Still: a multi-leg path reaches squares on an empty board (hoppers need a screen).
                    assert!(
                        c.text.contains("hop") || !moves.is_empty() || !captures.is_empty(),
                        "{name} {}: no moves",
                        def.name
                    );
                    continue;
                };
                let claim: BTreeSet<_> = claim.into_iter().filter(on_board).collect();
                let p = &def.patterns[c.patterns[0]];
                let (m, cap) = (p.moves, p.captures || p.en_passant);
                if m {
                    assert!(
                        claim.is_subset(&moves),
                        "{name} {}: `{}` claims {:?}, moves are {:?}",
                        def.name,
                        c.text,
                        claim,
                        moves
                    );
                    claimed_moves.extend(claim.iter().copied());
                }
                if cap {
                    assert!(
                        claim.is_subset(&captures),
                        "{name} {}: `{}` claims {:?}, captures are {:?}",
                        def.name,
                        c.text,
                        claim,
                        captures
                    );
                    claimed_captures.extend(claim.iter().copied());
                }
                checked += 1;
            }
            if all_understood
                && !def
                    .patterns
                    .iter()
                    .any(|p| matches!(p.travel, Travel::Hop | Travel::HopRight))
            {
                assert_eq!(
                    claimed_moves, moves,
                    "{name} {}: the words name other move squares",
                    def.name
                );
                assert_eq!(
                    claimed_captures, captures,
                    "{name} {}: the words name other capture squares",
                    def.name
                );
            }
        }
    }
    assert!(checked > 30);
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
