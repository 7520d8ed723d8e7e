//! The explanations' words, read back. `varia explain` writes every piece's
//! moves in English from its compiled definition; this test reads those
//! sentences with a small reader of its own (it never looks at the piece's
//! patterns or tables), turns each into the moves it claims on a board, and
//! checks that they are exactly the VM's moves: on the empty board and on
//! random boards with blockers, screens and hurdles, for every piece of every
//! script and of the fairy stdlib. Region sentences ("never leaves the
//! region `palace`", "never crosses the equator", "only from or to a square
//! beside it"), region-limited moves ("when it stands on ...") and captures
//! of royal pieces only are read too; attacks on the enemy royal piece are
//! checked against the VM's attack test.
//!
//! A sentence the reader does not understand fails the test: a new kind of
//! sentence needs a reading here first.

use crate::common;

use common::rng::Rng;

use std::collections::BTreeSet;
use std::sync::Arc;

use varia::compile_source;
use varia::ir::geometry::{Square, SquareSet};
use varia::ir::piece::{Color, Piece, PieceKind};
use varia::ir::Variant;
use varia::notation::fen::parse_fen;
use varia::teach::diagram::teaching_square;
use varia::teach::explain;
use varia::vm::{MoveKind, Position};

/// More Betza strings, one piece each, for the sentence forms the scripts
/// do not use yet: limited slides, one-way and sideways lines, narrow and
/// wide knights, riders of leaps, hoppers that land anywhere beyond the
/// screen, lame dabbabas, split move and capture, bent paths.
const GALLERY: &str = r#"variant "Gallery"
import orthodox
board 9 x 9
piece ShortRook A "R4"
piece Vertical C "vR"
piece Sideways D "sR"
piece ForwardRook E "fR"
piece BackBishop F "bB"
piece NarrowKnight G "fN"
piece WideKnight H "sN"
piece ForwardWide I "fsN"
piece RookHopper J "pR"
piece BishopHopper L "pB"
piece DiagonalGrasshopper M "gB"
piece Soldier O "fmWfcF"
piece KnightKing S "mNcK"
piece TwoStep T "W2"
piece LameDabbaba U "nD"
piece DabbabaRider V "DD"
piece ForwardKing W "fK"
piece BackKing X "bsK"
piece BentFerz Y "mafsF"
piece Gryphon Z "yafsF"
setup "4k4/9/9/9/9/9/9/9/4K4 w - - 0 1"
"#;

fn variants() -> Vec<(String, Arc<Variant>)> {
    let mut out = common::scripts::scripts_and_fairy();
    out.push((
        "gallery".to_string(),
        compile_source("gallery.variant", GALLERY).unwrap(),
    ));
    out
}

type Offset = (i32, i32);

/// The eight king steps, counter-clockwise: turning by 45 degrees is one place.
const RING: [Offset; 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

fn turn(d: Offset, eighths: i32) -> Offset {
    let i = RING
        .iter()
        .position(|x| *x == d)
        .unwrap_or_else(|| panic!("{d:?} is not a single step"));
    RING[(i as i32 + eighths).rem_euclid(8) as usize]
}

fn is_orthogonal(d: Offset) -> bool {
    d.0 == 0 || d.1 == 0
}

/// How a claimed move travels, as the words say.
#[derive(Clone, Debug)]
enum Walk {
    /// Lands `to` away; the `through` squares must be empty.
    Leap { to: Offset, through: Vec<Offset> },
    /// Repeats `step` up to `max` times through empty squares, stopping at the first piece.
    Slide { step: Offset, max: i32 },
    /// Slides through empty squares to the first piece (the hurdle); then lands
    /// right behind it, or slides on to the first piece beyond it.
    Hop { step: Offset, right_behind: bool },
    /// A first square that must be empty (or occupied), then up to `max`
    /// steps of `then` through empty squares, stopping at the first piece.
    Bent {
        first: Offset,
        first_occupied: bool,
        then: Offset,
        max: i32,
    },
    /// Lands on `first`; from there, while the squares are empty, up to `max`
    /// more steps alternating `second`, `first`, `second`, …
    ZigZag {
        first: Offset,
        second: Offset,
        max: i32,
    },
}

/// One clause's claim: its walks, and whether it moves and/or captures.
#[derive(Clone, Debug)]
struct Claim {
    walks: Vec<Walk>,
    moves: bool,
    captures: bool,
    /// Captures of royal pieces only.
    royal_only: bool,
    /// Applies only when the piece stands in this set.
    from_region: Option<SquareSet>,
}

const NUMBERS: [&str; 17] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
];

/// The number right after `key` ("up to eight", "one square").
fn number_after(text: &str, key: &str) -> Option<i32> {
    let i = text.find(key)?;
    let w = text[i + key.len()..].split(' ').next()?;
    NUMBERS.iter().position(|x| *x == w).map(|n| n as i32)
}

/// The shape a phrase names, as one atom (x >= y >= 0): "like a knight" is
/// (2, 1), "one square diagonally" (1, 1), "two squares orthogonally" (2, 0).
/// Several shapes ("orthogonally or diagonally", "in any direction") give several.
fn atoms(alt: &str) -> Vec<Offset> {
    let has = |w: &str| alt.contains(w);
    if has("like a knight") {
        return vec![(2, 1)];
    }
    if has("like a camel") {
        return vec![(3, 1)];
    }
    if has("like a zebra") {
        return vec![(3, 2)];
    }
    let n = if has("any number of squares") || has("up to ") {
        1
    } else if let Some(n) = number_after(alt, "exactly ")
        .or_else(|| number_after(alt, "moves "))
        .or_else(|| number_after(alt, "steps "))
        .or_else(|| number_after(alt, "goes "))
        .or_else(|| number_after(alt, "jumps "))
        .or_else(|| number_after(alt, "captures "))
        .or_else(|| number_after(alt, "leaps of "))
        // An alternative that carries the verb over: "…, or one square diagonally forward".
        .or_else(|| number_after(&format!(" {alt}"), " "))
    {
        n
    } else {
        panic!("no distance in `{alt}`")
    };
    let mut out = Vec::new();
    if has("orthogonally")
        || has("in any direction")
        || has("straight")
        || has("sideways")
        || has("forward or backward")
    {
        out.push((n, 0));
    }
    if has("diagonally") || has("in any direction") {
        out.push((n, n));
    }
    assert!(!out.is_empty(), "no direction in `{alt}`");
    out
}

/// The images of an atom the direction words allow, White's forward being up.
fn vectors(alt: &str, atom: Offset) -> Vec<Offset> {
    // "the narrow way (mostly forward or backward)": the shape, then the direction words.
    let narrow = alt.contains("the narrow way");
    let wide = alt.contains("the wide way");
    let alt = alt
        .replace("(mostly forward or backward)", "")
        .replace("(mostly sideways)", "");
    let has = |w: &str| alt.contains(w);
    let mut out = BTreeSet::new();
    for (x, y) in [atom, (atom.1, atom.0)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (dx, dy) = (x * sx, y * sy);
            let shape = if narrow {
                dy.abs() > dx.abs()
            } else if wide {
                dx.abs() > dy.abs()
            } else {
                true
            };
            let keep = if has("forward or sideways") {
                dy >= 0
            } else if has("backward or sideways") {
                dy <= 0
            } else if has("straight forward or to the right") {
                (dx == 0 && dy > 0) || (dy == 0 && dx > 0)
            } else if has("straight forward or to the left") {
                (dx == 0 && dy > 0) || (dy == 0 && dx < 0)
            } else if has("forward or backward") {
                dx == 0
            } else if has("forward-right") {
                dx > 0 && dy > 0
            } else if has("forward-left") {
                dx < 0 && dy > 0
            } else if has("straight forward") {
                dx == 0 && dy > 0
            } else if has("forward") {
                dy > 0
            } else if has("backward") {
                dy < 0
            } else if has("sideways") {
                dy == 0
            } else {
                true
            };
            if keep && shape {
                out.insert((dx, dy));
            }
        }
    }
    out.into_iter().collect()
}

/// The turn a phrase names, in eighths of a full turn.
fn turns(text: &str) -> Vec<i32> {
    if text.contains("in the same direction") {
        vec![0]
    } else if text.contains("by 45 degrees") {
        vec![1, -1]
    } else if text.contains("by a right angle") {
        vec![2, -2]
    } else {
        panic!("no turn in `{text}`")
    }
}

/// Reads one clause, as `move_clauses` writes it, into its claim.
fn read_clause(text: &str, extent: i32, unmoved: bool) -> Claim {
    let mut claim = Claim {
        walks: Vec::new(),
        moves: true,
        captures: true,
        royal_only: false,
        from_region: None,
    };
    if text.starts_with("captures") || text.contains("and taking the first piece beyond it") {
        claim.moves = false;
    }
    if text.contains("without capturing") || text.contains("(it does not capture this way)") {
        claim.captures = false;
    }
    if text.starts_with("hops ") || text.contains(" by hopping over ") {
        let right_behind = text.contains("landing on the square right behind it");
        assert!(
            right_behind
                || text.contains("taking the first piece beyond it")
                || text.contains("landing on any square beyond it up to the next piece")
                || text.contains(
                    "landing on any empty square beyond it, or capturing the first piece beyond it"
                ),
            "`{text}`: where does the hop land?"
        );
        let before = text.split(" over ").next().unwrap();
        for a in atoms(&format!("{before}, exactly one square")) {
            for step in vectors(before, a) {
                claim.walks.push(Walk::Hop { step, right_behind });
            }
        }
    } else if text.contains("zig-zags") {
        let (first, rest) = text
            .split_once(", and from there it may go on: ")
            .unwrap_or_else(|| panic!("`{text}`"));
        let max = if rest.contains("any number of more steps") {
            extent
        } else {
            number_after(rest, "up to ").unwrap_or_else(|| panic!("`{text}`: how far?"))
        };
        assert!(rest.contains("the other way at each step"), "`{text}`");
        for a in atoms(first) {
            for d in vectors(first, a) {
                for t in turns(rest) {
                    claim.walks.push(Walk::ZigZag {
                        first: d,
                        second: turn(d, t),
                        max,
                    });
                }
            }
        }
    } else if let Some((first, rest)) = text.split_once(", then ") {
        // "goes one square orthogonally (that square must be empty), then …"
        // "jumps one square orthogonally over a piece that must stand there, then …"
        let first_occupied = first.contains("over a piece that must stand there");
        assert!(
            first_occupied || first.contains("(that square must be empty)"),
            "`{text}`: what of the first square?"
        );
        let (then_kind, max) = if let Some(r) = rest.strip_prefix("one more square ") {
            (r, 1)
        } else if let Some(i) = rest.find("slides on ") {
            let r = &rest[i + "slides on ".len()..];
            let max = if r.contains("any number of squares") {
                extent
            } else {
                number_after(r, "up to ").unwrap_or_else(|| panic!("`{text}`: how far?"))
            };
            (r, max)
        } else {
            panic!("`{text}`: what comes after the first square?")
        };
        // "one more square in the same direction": the second leg's kind is the first's.
        let same_kind = then_kind.starts_with("in the same direction");
        let wants_orthogonal = then_kind.starts_with("orthogonally");
        assert!(
            same_kind || wants_orthogonal || then_kind.starts_with("diagonally"),
            "`{text}`: which way on?"
        );
        for a in atoms(first) {
            assert_eq!(a.0, 1, "`{text}`: the first leg is one square");
            for d in vectors(first, a) {
                for t in turns(rest) {
                    let then = turn(d, t);
                    // The words name the second leg's kind: it must be the turned one.
                    assert_eq!(
                        is_orthogonal(then),
                        if same_kind {
                            is_orthogonal(d)
                        } else {
                            wants_orthogonal
                        },
                        "`{text}`: turning {d:?} by {t} eighths gives {then:?}"
                    );
                    claim.walks.push(Walk::Bent {
                        first: d,
                        first_occupied,
                        then,
                        max,
                    });
                }
            }
        }
    } else {
        // Plain moves: alternatives joined by ", or " (the verb carries over).
        let (main, first_move) = match text.split_once(" (two on its first move") {
            Some((m, rest)) => {
                assert!(
                    rest.starts_with(", if the square passed is empty)"),
                    "`{text}`"
                );
                (m, true)
            }
            None => (text, false),
        };
        let mut slides = false;
        let lame_half = main.contains("if the square passed is empty");
        let lame_long =
            main.contains("if the square one step toward it along the longer line is empty");
        for alt in main.split(", or ").flat_map(|a| a.split(", like")) {
            if alt.contains("slides") || alt.contains("sliding") || alt.contains("rides") {
                slides = true;
            } else if ["steps", "jumps", "leaps", "moves", "captures"]
                .iter()
                .any(|v| alt.contains(v))
            {
                slides = false;
            }
            let alt = if alt.starts_with(" a ") {
                format!("like{alt}")
            } else {
                alt.to_string()
            };
            let max = if alt.contains("any number of") {
                extent
            } else {
                number_after(&alt, "up to ").unwrap_or(1)
            };
            for a in atoms(&alt) {
                for v in vectors(&alt, a) {
                    if slides {
                        claim.walks.push(Walk::Slide { step: v, max });
                        continue;
                    }
                    let through = if lame_half {
                        assert!(v.0 % 2 == 0 && v.1 % 2 == 0, "`{text}`: no middle square");
                        vec![(v.0 / 2, v.1 / 2)]
                    } else if lame_long {
                        if v.0.abs() > v.1.abs() {
                            vec![(v.0.signum(), 0)]
                        } else {
                            vec![(0, v.1.signum())]
                        }
                    } else {
                        Vec::new()
                    };
                    claim.walks.push(Walk::Leap { to: v, through });
                    if first_move && unmoved {
                        claim.walks.push(Walk::Leap {
                            to: (2 * v.0, 2 * v.1),
                            through: vec![v],
                        });
                    }
                }
            }
        }
    }
    assert!(!claim.walks.is_empty(), "`{text}` claims nothing");
    claim
}

/// Where a rule of the region paragraph keeps the piece.
#[derive(Debug)]
enum RegionRule {
    StayIn(SquareSet),
    NeverCross(SquareSet),
    CrossBeside {
        inside: SquareSet,
        beside: SquareSet,
    },
}

fn region_named(v: &Variant, words: &str) -> SquareSet {
    let name = words
        .strip_prefix("the region `")
        .and_then(|r| r.split('`').next())
        .unwrap_or_else(|| panic!("no region named in `{words}`"));
    v.regions
        .iter()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("no region `{name}`"))
        .squares
        .white
}

/// Reads the paragraph about regions: its rules, and the moves it adds.
fn read_region_paragraph(
    v: &Variant,
    paragraph: &str,
    extent: i32,
    unmoved: bool,
) -> (Vec<RegionRule>, Vec<Claim>) {
    let (mut rules, mut claims) = (Vec::new(), Vec::new());
    for sentence in paragraph.replace(".) It ", ". It ").split(". ") {
        if let Some(list) = sentence.strip_prefix("It ").and_then(|s| {
            s.split_once("; this limits its attacks and checks too")
                .map(|(l, _)| l)
        }) {
            for part in list.split(", and ").flat_map(|p| p.split(" and ")) {
                if part.ends_with("(Black's only)") {
                    continue;
                }
                let part = part.trim_end_matches(" (White's only)");
                let border = |name: &str| {
                    v.borders
                        .iter()
                        .find(|b| b.name == name)
                        .unwrap_or_else(|| panic!("no border `{name}`"))
                };
                if let Some(name) = part.strip_prefix("never crosses the ") {
                    rules.push(RegionRule::NeverCross(border(name).inside.white));
                } else if let Some(name) = part
                    .strip_prefix("crosses the ")
                    .and_then(|p| p.strip_suffix(" only from or to a square beside it"))
                {
                    let b = border(name);
                    rules.push(RegionRule::CrossBeside {
                        inside: b.inside.white,
                        beside: b.beside.white,
                    });
                } else if let Some(r) = part.strip_prefix("never leaves ") {
                    rules.push(RegionRule::StayIn(region_named(v, r)));
                } else {
                    panic!("the reader does not understand the region rule `{part}`");
                }
            }
        } else if let Some(rest) = sentence.strip_prefix("It also ") {
            let rest = rest.trim_end_matches('.');
            let (clause, royal_only) =
                match rest.split_once(", but may capture only a royal piece that way") {
                    Some((c, _)) => (c, true),
                    None => (rest, false),
                };
            let (clause, from_region) = match clause.split_once(" when it stands on ") {
                Some((c, r)) => (c, Some(region_named(v, r))),
                None => (clause, None),
            };
            let mut claim = read_clause(clause, extent, unmoved);
            claim.royal_only = royal_only;
            claim.from_region = from_region;
            claims.push(claim);
        }
    }
    (rules, claims)
}

/// A landing: the square, and the squares passed on the way (for region rules).
struct Landing {
    to: Square,
    trail: Vec<Square>,
}

/// Where a walk lands from `from` over `board`: every square it may end on,
/// empty or occupied (the caller decides by the clause's modality).
fn landings(v: &Variant, board: &[Option<Piece>], from: Square, walk: &Walk) -> Vec<Landing> {
    let g = &v.geometry;
    let at = |s: Square, d: Offset| g.offset(s, d.0, d.1);
    let empty = |s: Square| board[s.index()].is_none();
    let mut out = Vec::new();
    // Steps repeatedly through empty squares, landing on each and on the first piece.
    let run = |start: Square,
               steps: &mut dyn Iterator<Item = Offset>,
               trail: &mut Vec<Square>,
               out: &mut Vec<Landing>| {
        let mut s = start;
        for d in steps {
            let Some(n) = at(s, d) else { return };
            out.push(Landing {
                to: n,
                trail: trail.clone(),
            });
            if !empty(n) {
                return;
            }
            trail.push(n);
            s = n;
        }
    };
    match walk {
        Walk::Leap { to, through } => {
            if let Some(t) = at(from, *to) {
                let mut trail = Vec::new();
                for d in through {
                    match at(from, *d) {
                        Some(s) if empty(s) => trail.push(s),
                        _ => return out,
                    }
                }
                out.push(Landing { to: t, trail });
            }
        }
        Walk::Slide { step, max } => {
            run(
                from,
                &mut std::iter::repeat_n(*step, *max as usize),
                &mut Vec::new(),
                &mut out,
            );
        }
        Walk::Hop { step, right_behind } => {
            let mut s = from;
            let mut trail = Vec::new();
            loop {
                let Some(n) = at(s, *step) else { return out };
                s = n;
                if !empty(n) {
                    break;
                }
                trail.push(n);
            }
            trail.push(s);
            let steps = if *right_behind { 1 } else { usize::MAX };
            run(
                s,
                &mut std::iter::repeat_n(*step, steps),
                &mut trail,
                &mut out,
            );
        }
        Walk::Bent {
            first,
            first_occupied,
            then,
            max,
        } => {
            let Some(f) = at(from, *first) else {
                return out;
            };
            if empty(f) == *first_occupied {
                return out;
            }
            run(
                f,
                &mut std::iter::repeat_n(*then, *max as usize),
                &mut vec![f],
                &mut out,
            );
        }
        Walk::ZigZag { first, second, max } => {
            let Some(f) = at(from, *first) else {
                return out;
            };
            out.push(Landing {
                to: f,
                trail: Vec::new(),
            });
            if empty(f) {
                let mut steps = [*second, *first].into_iter().cycle().take(*max as usize);
                run(f, &mut steps, &mut vec![f], &mut out);
            }
        }
    }
    out
}

/// Whether the region rules allow a landing.
fn allowed(rules: &[RegionRule], from: Square, l: &Landing) -> bool {
    let path: Vec<Square> = std::iter::once(from)
        .chain(l.trail.iter().copied())
        .chain(std::iter::once(l.to))
        .collect();
    rules.iter().all(|r| match r {
        RegionRule::StayIn(set) => path.iter().all(|s| set.contains(*s)),
        RegionRule::NeverCross(inside) => path
            .windows(2)
            .all(|w| inside.contains(w[0]) == inside.contains(w[1])),
        RegionRule::CrossBeside { inside, beside } => {
            path.windows(2)
                .all(|w| inside.contains(w[0]) == inside.contains(w[1]))
                || beside.contains(from)
                || beside.contains(l.to)
        }
    })
}

/// What a piece's explanation claims from `from` over `board`: moves, captures.
fn claimed(
    v: &Variant,
    board: &[Option<Piece>],
    from: Square,
    piece: Piece,
    claims: &[Claim],
    rules: &[RegionRule],
) -> (SquareSet, SquareSet) {
    let (mut moves, mut captures) = (SquareSet::EMPTY, SquareSet::EMPTY);
    for c in claims {
        if c.from_region.is_some_and(|r| !r.contains(from)) {
            continue;
        }
        for w in &c.walks {
            for l in landings(v, board, from, w) {
                if !c.royal_only && !allowed(rules, from, &l) {
                    continue;
                }
                match board[l.to.index()] {
                    None if c.moves && !c.royal_only => moves.insert(l.to),
                    Some(p)
                        if c.captures
                            && p.color != piece.color
                            && (!c.royal_only || v.piece(p.kind).royal) =>
                    {
                        captures.insert(l.to)
                    }
                    _ => {}
                }
            }
        }
    }
    (moves, captures)
}

/// Each piece's explanation, read back, gives exactly the VM's moves from
/// many squares on the empty board and on random boards, and exactly the
/// VM's attacks on the enemy royal piece.
#[test]
fn the_words_of_every_explanation_give_the_moves() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut boards, mut attack_checks, mut clauses) = (0, 0, 0);
    for (name, v) in variants() {
        let g = &v.geometry;
        let extent = g.files().max(g.ranks()) as i32;
        let squares: Vec<Square> = g.squares().iter().collect();
        let kinds: Vec<PieceKind> = (0..v.pieces.len()).map(|i| PieceKind(i as u8)).collect();
        let royal = kinds.iter().copied().find(|k| v.piece(*k).royal);
        let others: Vec<PieceKind> = kinds
            .iter()
            .copied()
            .filter(|k| !v.piece(*k).royal)
            .collect();
        for &kind in &kinds {
            let def = v.piece(kind);
            let piece = Piece {
                color: Color::White,
                kind,
            };
            let text = explain::explain_piece(&v, kind);
            // The clauses of the first paragraph, exactly as printed.
            let plain: Vec<_> = def
                .patterns
                .iter()
                .filter(|p| p.from_region.is_none() && !p.royal_only)
                .cloned()
                .collect();
            let clause_texts: Vec<String> = explain::move_clauses(&plain)
                .into_iter()
                .map(|c| c.text)
                .filter(|t| t != "captures en passant")
                .collect();
            let first = text.lines().next().unwrap();
            for c in &clause_texts {
                assert!(
                    first.contains(c.as_str()),
                    "{name}: `{c}` is not in `{first}`"
                );
            }
            let region_paragraph = text
                .lines()
                .find(|l| l.contains("this limits its attacks") || l.starts_with("It also "))
                .unwrap_or("");
            let read = |unmoved: bool| {
                let mut claims: Vec<Claim> = clause_texts
                    .iter()
                    .map(|t| read_clause(t, extent, unmoved))
                    .collect();
                let (rules, more) = read_region_paragraph(&v, region_paragraph, extent, unmoved);
                claims.extend(more);
                (claims, rules)
            };
            clauses += clause_texts.len();
            // Where the piece may stand: inside the region it never leaves.
            let (_, rules) = read(false);
            let homes: Vec<Square> = squares
                .iter()
                .copied()
                .filter(|s| {
                    rules
                        .iter()
                        .all(|r| !matches!(r, RegionRule::StayIn(set) if !set.contains(*s)))
                })
                .collect();
            let mut froms = vec![teaching_square(&v, kind)];
            for _ in 0..8 {
                froms.push(homes[rng.below(homes.len())]);
            }
            for from in froms {
                let unmoved = v.start_codes[from.index()] == piece.code();
                let (claims, rules) = read(unmoved);
                for density in [0, 0, 10, 25, 40, 60] {
                    let mut board: Vec<Option<Piece>> = vec![None; g.cells()];
                    board[from.index()] = Some(piece);
                    let mut free: Vec<Square> =
                        squares.iter().copied().filter(|s| *s != from).collect();
                    let mut place = |p: Piece, rng: &mut Rng, board: &mut Vec<Option<Piece>>| {
                        let i = rng.below(free.len());
                        board[free.swap_remove(i).index()] = Some(p);
                    };
                    if let Some(r) = royal {
                        if !def.royal {
                            place(
                                Piece {
                                    color: Color::White,
                                    kind: r,
                                },
                                &mut rng,
                                &mut board,
                            );
                        }
                        place(
                            Piece {
                                color: Color::Black,
                                kind: r,
                            },
                            &mut rng,
                            &mut board,
                        );
                    }
                    for s in squares.iter().copied() {
                        if board[s.index()].is_none() && rng.below(100) < density {
                            let color = if rng.below(2) == 0 {
                                Color::White
                            } else {
                                Color::Black
                            };
                            board[s.index()] = Some(Piece {
                                color,
                                kind: others[rng.below(others.len())],
                            });
                        }
                    }
                    let mut setup = parse_fen(&v, &v.start_fen).unwrap();
                    setup.board = board.iter().map(|p| p.map_or(0, |p| p.code())).collect();
                    setup.castling.clear();
                    setup.gates.clear();
                    setup.en_passant = None;
                    let (want_moves, want_captures) =
                        claimed(&v, &board, from, piece, &claims, &rules);
                    // White to move: the pseudo-legal moves of the piece.
                    setup.side = Color::White;
                    if let Ok(pos) = Position::from_setup(&v, &setup) {
                        let mut list = Vec::new();
                        pos.pseudo_legal_moves(&mut list);
                        let (mut moves, mut captures) = (SquareSet::EMPTY, SquareSet::EMPTY);
                        for m in list.iter().filter(|m| m.from == from) {
                            assert!(
                                matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep),
                                "{name}: {m:?} on a board without castling or en passant rights"
                            );
                            if board[m.to.index()].is_some() {
                                captures.insert(m.to);
                            } else {
                                moves.insert(m.to);
                            }
                        }
                        let names = |s: SquareSet| explain::square_names(&v, s.iter());
                        assert_eq!(
                            (names(want_moves), names(want_captures)),
                            (names(moves), names(captures)),
                            "{name}: the words for the {} on {} claim other moves/captures than the VM's in {}\n{text}",
                            def.name,
                            g.name(from),
                            varia::notation::fen::write_fen(&pos)
                        );
                        boards += 1;
                    }
                    // Black to move: does the piece attack Black's royal piece, as the words say?
                    setup.side = Color::Black;
                    if let (Ok(pos), Some(r)) = (Position::from_setup(&v, &setup), royal) {
                        let king = squares
                            .iter()
                            .copied()
                            .find(|s| {
                                board[s.index()]
                                    == Some(Piece {
                                        color: Color::Black,
                                        kind: r,
                                    })
                            })
                            .unwrap();
                        assert_eq!(
                            want_captures.contains(king),
                            pos.attackers_of(king, Color::White).contains(from),
                            "{name}: the words for the {} on {} and the VM disagree on attacking {} in {}\n{text}",
                            def.name,
                            g.name(from),
                            g.name(king),
                            varia::notation::fen::write_fen(&pos)
                        );
                        attack_checks += 1;
                    }
                }
            }
        }
    }
    eprintln!("{clauses} clauses read; {boards} boards, {attack_checks} attack checks");
    assert!(clauses > 60 && boards > 2_000 && attack_checks > 2_000);
}
