//! Large Nahbi Chess (`scripts/large-nahbi.variant`) against a second,
//! deliberately naive move generator written from rules.md §2 alone.
//!
//! There is no outside engine for a 10 x 12 board, so the perft numbers from
//! the start position are cross-checked here by an independent generator:
//! a mailbox of characters, one function per piece, legality by "make the
//! move on a copy and look whether any enemy capture could take the king".
//! It is slow and simple on purpose; it shares nothing with varia but the
//! FEN text it reads.
//!
//! Rules implemented (rules.md §2, with the provisional profile of §2.4):
//! - K king; Q queen; R rook; B bishop; all as in chess.
//! - C cannon: moves as a rook without capturing, captures by jumping
//!   exactly one piece (of either colour) along a rook line.
//! - M Nahbi: king moves, plus a non-capturing jump over an occupied
//!   orthogonally adjacent square to the empty square just beyond it.
//! - A Archer: bishop slider; F Alfil: (2,2) leaper.
//! - P orthodox pawn (White +rank, Black -rank), double step from rank 3 /
//!   rank 10, en passant, promotion on the last rank to Q, R, B, C or M.
//! - Equator between ranks 6 and 7. A move crosses it iff its start and end
//!   squares lie on different sides. The Queen may cross only if its start
//!   or end rank is 6 or 7; Archer and Alfil never cross. The same
//!   restrictions apply to attacks (they are the same code).
//! - Castling (§2.3(3)): White K f1->h1 with R j1->g1 (`K`), f1->d1 with
//!   R a1->e1 (`Q`); Black K e12->g12 with R j12->f12 (`k`), e12->c12 with
//!   R a12->d12 (`q`). The squares between king and rook must be empty; the
//!   king's start, passed and landing squares must not be attacked (in the
//!   position before castling, as in FIDE's wording), and the king must not
//!   be attacked after the move.
//! - Loss rule (§2.3(4)): if the side to move has nothing but its King,
//!   Archers and Alfils while the opponent's King stands in the half of the
//!   board opposite the mover's home half (White's home: ranks 1-6,
//!   Black's: ranks 7-12), the side to move has lost: no legal moves.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Instant;

use varia::compile_path;
use varia::ir::Variant;
use varia::notation::coord::move_to_coord;
use varia::notation::fen::write_fen;
use varia::vm::perft::perft;
use varia::vm::Position;

// ---------------------------------------------------------------------------
// The naive generator
// ---------------------------------------------------------------------------

const FILES: i32 = 10;
const RANKS: i32 = 12;
const EMPTY: u8 = b'.';

/// A square as (file, rank), both from 0: a1 = (0, 0), j12 = (9, 11).
type Sq = (i32, i32);

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const ALL_DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const ALFIL: [(i32, i32); 4] = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
const PROMOTIONS: [u8; 5] = [b'Q', b'R', b'B', b'C', b'M'];

/// Castling rights, in the order of the FEN letters `K Q k q`.
const WK: usize = 0;
const WQ: usize = 1;
const BK: usize = 2;
const BQ: usize = 3;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Normal,
    EnPassant,
    Castle { rook_from: Sq, rook_to: Sq },
}

#[derive(Clone, Copy, Debug)]
struct Mv {
    from: Sq,
    to: Sq,
    /// The promotion piece, upper case.
    promo: Option<u8>,
    kind: Kind,
}

#[derive(Clone)]
struct Board {
    /// `sq[rank][file]`: `.` empty, upper case White, lower case Black.
    sq: [[u8; FILES as usize]; RANKS as usize],
    white_to_move: bool,
    castle: [bool; 4],
    /// The square a pawn has just passed over with its double step.
    ep: Option<Sq>,
}

fn on_board((f, r): Sq) -> bool {
    (0..FILES).contains(&f) && (0..RANKS).contains(&r)
}

fn is_white(p: u8) -> bool {
    p.is_ascii_uppercase()
}

/// South of the Equator: ranks 1-6.
fn south(rank: i32) -> bool {
    rank <= 5
}

/// Next to the Equator: rank 6 or rank 7.
fn beside_equator(rank: i32) -> bool {
    rank == 5 || rank == 6
}

/// The Equator rule for a piece (upper case letter) going from `from` to `to`.
fn equator_allows(piece: u8, from: Sq, to: Sq) -> bool {
    let crosses = south(from.1) != south(to.1);
    match piece {
        b'Q' => !crosses || beside_equator(from.1) || beside_equator(to.1),
        b'A' | b'F' => !crosses,
        _ => true,
    }
}

fn square_name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn parse_square(s: &str) -> Sq {
    let b = s.as_bytes();
    let file = (b[0] - b'a') as i32;
    let rank: i32 = s[1..].parse().unwrap();
    assert!(on_board((file, rank - 1)), "bad square {s}");
    (file, rank - 1)
}

impl Mv {
    fn coord(&self) -> String {
        let mut s = format!("{}{}", square_name(self.from), square_name(self.to));
        if let Some(p) = self.promo {
            s.push(p.to_ascii_lowercase() as char);
        }
        s
    }
}

impl Board {
    fn from_fen(fen: &str) -> Board {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        assert!(fields.len() >= 4, "short FEN {fen}");
        let mut sq = [[EMPTY; FILES as usize]; RANKS as usize];
        let rows: Vec<&str> = fields[0].split('/').collect();
        assert_eq!(rows.len(), RANKS as usize, "{fen}");
        for (i, row) in rows.iter().enumerate() {
            let rank = RANKS as usize - 1 - i;
            let mut file = 0usize;
            let mut run = 0usize;
            for c in row.bytes() {
                if c.is_ascii_digit() {
                    run = run * 10 + (c - b'0') as usize;
                } else {
                    file += run;
                    run = 0;
                    assert!(
                        b"KQRBCMAFP".contains(&c.to_ascii_uppercase()),
                        "unexpected piece {} in {fen}",
                        c as char
                    );
                    sq[rank][file] = c;
                    file += 1;
                }
            }
            file += run;
            assert_eq!(file, FILES as usize, "rank {} of {fen}", rank + 1);
        }
        let white_to_move = match fields[1] {
            "w" => true,
            "b" => false,
            s => panic!("bad side {s} in {fen}"),
        };
        let mut castle = [false; 4];
        for c in fields[2].chars() {
            match c {
                'K' => castle[WK] = true,
                'Q' => castle[WQ] = true,
                'k' => castle[BK] = true,
                'q' => castle[BQ] = true,
                '-' => {}
                _ => panic!("bad castling field in {fen}"),
            }
        }
        // `d9`, or `d9d8` (passed square, then the pawn that moved).
        let ep = if fields[3] == "-" {
            None
        } else {
            let text = fields[3];
            let second = text[1..]
                .find(|c: char| c.is_ascii_alphabetic())
                .map_or(text.len(), |i| i + 1);
            Some(parse_square(&text[..second]))
        };
        Board {
            sq,
            white_to_move,
            castle,
            ep,
        }
    }

    fn get(&self, (f, r): Sq) -> u8 {
        self.sq[r as usize][f as usize]
    }

    fn set(&mut self, (f, r): Sq, p: u8) {
        self.sq[r as usize][f as usize] = p;
    }

    fn is_enemy_of(&self, s: Sq, white: bool) -> bool {
        let p = self.get(s);
        p != EMPTY && is_white(p) != white
    }

    fn king(&self, white: bool) -> Option<Sq> {
        let k = if white { b'K' } else { b'k' };
        (0..RANKS)
            .flat_map(|r| (0..FILES).map(move |f| (f, r)))
            .find(|&s| self.get(s) == k)
    }

    /// Every move of `white`'s pieces except castling, ignoring checks.
    /// En passant only if `with_ep` (it belongs to the side to move).
    fn pseudo_moves(&self, white: bool, with_ep: bool, out: &mut Vec<Mv>) {
        for r in 0..RANKS {
            for f in 0..FILES {
                let p = self.get((f, r));
                if p == EMPTY || is_white(p) != white {
                    continue;
                }
                let from = (f, r);
                let piece = p.to_ascii_uppercase();
                match piece {
                    b'K' => self.steps(piece, from, &ALL_DIRECTIONS, white, out),
                    b'Q' => self.slides(piece, from, &ALL_DIRECTIONS, white, out),
                    b'R' => self.slides(piece, from, &ORTHOGONAL, white, out),
                    b'B' | b'A' => self.slides(piece, from, &DIAGONAL, white, out),
                    b'F' => self.steps(piece, from, &ALFIL, white, out),
                    b'C' => self.cannon(from, white, out),
                    b'M' => {
                        self.steps(piece, from, &ALL_DIRECTIONS, white, out);
                        self.nahbi_jumps(from, out);
                    }
                    b'P' => self.pawn(from, white, with_ep, out),
                    _ => panic!("unknown piece {}", p as char),
                }
            }
        }
    }

    fn push(out: &mut Vec<Mv>, from: Sq, to: Sq) {
        out.push(Mv {
            from,
            to,
            promo: None,
            kind: Kind::Normal,
        });
    }

    /// One-step moves and leaps: to an empty square or onto an enemy.
    fn steps(&self, piece: u8, from: Sq, deltas: &[(i32, i32)], white: bool, out: &mut Vec<Mv>) {
        for &(df, dr) in deltas {
            let to = (from.0 + df, from.1 + dr);
            if !on_board(to) || !equator_allows(piece, from, to) {
                continue;
            }
            if self.get(to) == EMPTY || self.is_enemy_of(to, white) {
                Self::push(out, from, to);
            }
        }
    }

    /// Sliders: along each ray up to the first piece, taking it if it is an
    /// enemy. Only the destination is tested against the Equator rule.
    fn slides(&self, piece: u8, from: Sq, dirs: &[(i32, i32)], white: bool, out: &mut Vec<Mv>) {
        for &(df, dr) in dirs {
            let mut to = (from.0 + df, from.1 + dr);
            while on_board(to) {
                let occupant = self.get(to);
                if occupant != EMPTY && !self.is_enemy_of(to, white) {
                    break;
                }
                if equator_allows(piece, from, to) {
                    Self::push(out, from, to);
                }
                if occupant != EMPTY {
                    break;
                }
                to = (to.0 + df, to.1 + dr);
            }
        }
    }

    /// Cannon: rook moves to empty squares; captures the first piece beyond
    /// exactly one screen, if it is an enemy.
    fn cannon(&self, from: Sq, white: bool, out: &mut Vec<Mv>) {
        for &(df, dr) in &ORTHOGONAL {
            let mut to = (from.0 + df, from.1 + dr);
            while on_board(to) && self.get(to) == EMPTY {
                Self::push(out, from, to);
                to = (to.0 + df, to.1 + dr);
            }
            if !on_board(to) {
                continue;
            }
            // `to` is the screen.
            to = (to.0 + df, to.1 + dr);
            while on_board(to) && self.get(to) == EMPTY {
                to = (to.0 + df, to.1 + dr);
            }
            if on_board(to) && self.is_enemy_of(to, white) {
                Self::push(out, from, to);
            }
        }
    }

    /// The Nahbi's jump: over an occupied orthogonal neighbour to the empty
    /// square right behind it, never capturing.
    fn nahbi_jumps(&self, from: Sq, out: &mut Vec<Mv>) {
        for &(df, dr) in &ORTHOGONAL {
            let over = (from.0 + df, from.1 + dr);
            let to = (from.0 + 2 * df, from.1 + 2 * dr);
            if on_board(to) && self.get(over) != EMPTY && self.get(to) == EMPTY {
                Self::push(out, from, to);
            }
        }
    }

    fn pawn(&self, from: Sq, white: bool, with_ep: bool, out: &mut Vec<Mv>) {
        let dir = if white { 1 } else { -1 };
        let start_rank = if white { 2 } else { 9 };
        let last_rank = if white { RANKS - 1 } else { 0 };
        let add = |out: &mut Vec<Mv>, to: Sq| {
            if to.1 == last_rank {
                for &p in &PROMOTIONS {
                    out.push(Mv {
                        from,
                        to,
                        promo: Some(p),
                        kind: Kind::Normal,
                    });
                }
            } else {
                Self::push(out, from, to);
            }
        };
        let one = (from.0, from.1 + dir);
        if on_board(one) && self.get(one) == EMPTY {
            add(out, one);
            let two = (from.0, from.1 + 2 * dir);
            if from.1 == start_rank && self.get(two) == EMPTY {
                add(out, two);
            }
        }
        for df in [-1, 1] {
            let to = (from.0 + df, from.1 + dir);
            if !on_board(to) {
                continue;
            }
            if self.is_enemy_of(to, white) {
                add(out, to);
            } else if with_ep && self.ep == Some(to) {
                let victim = (to.0, from.1);
                let pawn = if white { b'p' } else { b'P' };
                if self.get(victim) == pawn {
                    out.push(Mv {
                        from,
                        to,
                        promo: None,
                        kind: Kind::EnPassant,
                    });
                }
            }
        }
    }

    /// Whether a piece of the side that is not `by_white` standing on `s`
    /// could be captured by `by_white`. An empty `s` gets a dummy piece of
    /// the defender, so that the question is the same for any square.
    fn attacked(&self, s: Sq, by_white: bool) -> bool {
        let mut b = self.clone();
        if b.get(s) == EMPTY {
            b.set(s, if by_white { b'p' } else { b'P' });
        }
        assert!(is_white(b.get(s)) != by_white);
        let mut moves = Vec::new();
        b.pseudo_moves(by_white, false, &mut moves);
        moves.iter().any(|m| m.to == s)
    }

    fn castling_moves(&self, out: &mut Vec<Mv>) {
        // (right, king, king from, king to, rook from, rook to)
        let rules: [(usize, u8, &str, &str, &str, &str); 4] = [
            (WK, b'K', "f1", "h1", "j1", "g1"),
            (WQ, b'K', "f1", "d1", "a1", "e1"),
            (BK, b'k', "e12", "g12", "j12", "f12"),
            (BQ, b'k', "e12", "c12", "a12", "d12"),
        ];
        let white = self.white_to_move;
        for (right, king, kf, kt, rf, rt) in rules {
            if is_white(king) != white || !self.castle[right] {
                continue;
            }
            let (kf, kt, rf, rt) = (
                parse_square(kf),
                parse_square(kt),
                parse_square(rf),
                parse_square(rt),
            );
            let rook = if white { b'R' } else { b'r' };
            if self.get(kf) != king || self.get(rf) != rook {
                continue;
            }
            let step = if rf.0 > kf.0 { 1 } else { -1 };
            let between_empty =
                (1..(rf.0 - kf.0).abs()).all(|i| self.get((kf.0 + i * step, kf.1)) == EMPTY);
            if !between_empty {
                continue;
            }
            // The king's start, passed and landing squares.
            let path = [kf, (kf.0 + step, kf.1), kt];
            if path.iter().any(|&s| self.attacked(s, !white)) {
                continue;
            }
            out.push(Mv {
                from: kf,
                to: kt,
                promo: None,
                kind: Kind::Castle {
                    rook_from: rf,
                    rook_to: rt,
                },
            });
        }
    }

    fn make(&self, m: &Mv) -> Board {
        let mut b = self.clone();
        let piece = b.get(m.from);
        b.set(m.from, EMPTY);
        let placed = match m.promo {
            Some(p) if is_white(piece) => p,
            Some(p) => p.to_ascii_lowercase(),
            None => piece,
        };
        b.set(m.to, placed);
        match m.kind {
            Kind::Normal => {}
            Kind::EnPassant => b.set((m.to.0, m.from.1), EMPTY),
            Kind::Castle { rook_from, rook_to } => {
                let rook = b.get(rook_from);
                b.set(rook_from, EMPTY);
                b.set(rook_to, rook);
            }
        }
        // Castling rights: a king that moves loses both, a rook's corner
        // that is left or captured on loses its own.
        match piece {
            b'K' => b.castle[WK..=WQ].fill(false),
            b'k' => b.castle[BK..=BQ].fill(false),
            _ => {}
        }
        for (right, corner) in [(WK, "j1"), (WQ, "a1"), (BK, "j12"), (BQ, "a12")] {
            let c = parse_square(corner);
            if m.from == c || m.to == c {
                b.castle[right] = false;
            }
        }
        b.ep = if piece.eq_ignore_ascii_case(&b'P') && (m.to.1 - m.from.1).abs() == 2 {
            Some((m.from.0, (m.from.1 + m.to.1) / 2))
        } else {
            None
        };
        b.white_to_move = !b.white_to_move;
        b
    }

    /// The loss rule of rules.md §2.3(4), for the side to move.
    fn side_to_move_has_lost(&self) -> bool {
        let white = self.white_to_move;
        let only_weak = self.sq.iter().flatten().all(|&p| {
            p == EMPTY || is_white(p) != white || b"KAF".contains(&p.to_ascii_uppercase())
        });
        let Some(their_king) = self.king(!white) else {
            return false;
        };
        // White's home half is the south, Black's the north.
        let across = if white {
            !south(their_king.1)
        } else {
            south(their_king.1)
        };
        only_weak && across
    }

    fn legal_moves(&self) -> Vec<Mv> {
        if self.side_to_move_has_lost() {
            return Vec::new();
        }
        let white = self.white_to_move;
        let mut moves = Vec::new();
        self.pseudo_moves(white, true, &mut moves);
        self.castling_moves(&mut moves);
        moves
            .into_iter()
            .filter(|m| {
                let after = self.make(m);
                match after.king(white) {
                    Some(k) => !after.attacked(k, !white),
                    None => true,
                }
            })
            .collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.make(m).perft(depth - 1)).sum()
    }
}

// ---------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------

const START: &str =
    "racbkqbcar/1fm4mf1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1FM4MF1/RACBQKBCAR w KQkq - 0 1";

/// Perft from the start position, depth 1 to 4.
const START_PERFT: [u64; 4] = [40, 1600, 65880, 2712393];

fn nahbi() -> Arc<Variant> {
    compile_path(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/large-nahbi.variant"
    ))
    .unwrap_or_else(|e| panic!("large-nahbi.variant: {e:?}"))
}

fn varia_moves(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves()
        .unwrap()
        .into_iter()
        .map(|m| move_to_coord(pos, m))
        .collect()
}

fn naive_moves(b: &Board) -> BTreeSet<String> {
    b.legal_moves().iter().map(Mv::coord).collect()
}

#[test]
fn the_naive_generator_reads_the_start_position() {
    let v = nahbi();
    let pos = Position::start(&v);
    assert_eq!(write_fen(&pos), START);
    let b = Board::from_fen(START);
    assert_eq!(b.king(true), Some(parse_square("f1")));
    assert_eq!(b.king(false), Some(parse_square("e12")));
    assert_eq!(naive_moves(&b), varia_moves(&pos));
}

/// The test positions of rules.md §2.5 (N1-N5), through the naive
/// generator, so that it is known to follow the dossier.
#[test]
fn the_naive_generator_passes_the_rules_md_test_positions() {
    let from = |fen: &str, sq: &str| -> BTreeSet<String> {
        naive_moves(&Board::from_fen(fen))
            .into_iter()
            .filter(|m| {
                m.starts_with(sq) && !m[sq.len()..].starts_with(|c: char| c.is_ascii_digit())
            })
            .map(|m| m[sq.len()..].to_string())
            .collect()
    };
    let set = |s: &str| -> BTreeSet<String> { s.split_whitespace().map(String::from).collect() };
    // N1: the queen crosses only from or to a square beside the Equator.
    assert_eq!(
        from("k9/p9/10/10/10/10/10/10/10/10/3Q6/9K w - - 0 1", "d2"),
        set("d3 d4 d5 d6 d7 d1 e2 f2 g2 h2 i2 j2 c2 b2 a2 e3 f4 g5 h6 i7 c3 b4 a5 e1 c1")
    );
    // N2: the rule applies to attacks.
    let n2 = Board::from_fen("10/p9/10/10/3k6/10/10/10/10/10/3Q6/9K b - - 0 1");
    assert!(!n2.attacked(parse_square("d8"), true));
    assert_eq!(
        from("10/p9/10/10/3k6/10/10/10/10/10/3Q6/9K b - - 0 1", "d8"),
        set("c7 e7 c8 e8 c9 d9 e9")
    );
    // N3: the Alfil never crosses.
    assert_eq!(
        from("9k/10/10/10/2p7/10/4F5/10/6p3/P9/10/K9 w - - 0 1", "e6"),
        set("c4 g4")
    );
    // N4: double step from rank 3, en passant.
    assert_eq!(
        from("9k/10/10/10/10/10/10/3Pp5/10/10/10/K9 b - d4 0 1", "e5"),
        set("e4 d4")
    );
    // N5: the loss rule.
    for (fen, lost) in [
        ("10/10/3q6/10/4k5/10/10/10/10/10/1F8/4K5 w - - 0 1", true),
        ("10/10/3q6/10/10/10/4k5/10/10/10/1F8/4K5 w - - 0 1", false),
        ("10/10/3q6/10/4k5/10/10/10/10/10/10/4K5 w - - 0 1", true),
    ] {
        let b = Board::from_fen(fen);
        assert_eq!(b.side_to_move_has_lost(), lost, "{fen}");
        assert_eq!(b.legal_moves().is_empty(), lost, "{fen}");
    }
    // Castling, both sides, both wings (rules.md §2.3(3)).
    let castles = |fen: &str, sq: &str| -> BTreeSet<String> {
        let b = Board::from_fen(fen);
        b.legal_moves()
            .into_iter()
            .filter(|m| matches!(m.kind, Kind::Castle { .. }))
            .map(|m| format!("{}{}", square_name(m.from), square_name(m.to)))
            .filter(|m| m.starts_with(sq))
            .collect()
    };
    let open = "r3k4r/p9/10/10/10/10/10/10/10/10/P9/R4K3R";
    assert_eq!(
        castles(&format!("{open} w KQkq - 0 1"), "f1"),
        set("f1h1 f1d1")
    );
    assert_eq!(
        castles(&format!("{open} b KQkq - 0 1"), "e12"),
        set("e12c12 e12g12")
    );
    assert_eq!(castles(&format!("{open} w Qk - 0 1"), "f1"), set("f1d1"));
    assert_eq!(castles(&format!("{open} b Qk - 0 1"), "e12"), set("e12g12"));
    // A black rook on g8 attacks g1, the square the king passes toward h1.
    assert_eq!(
        castles("4k5/p9/10/10/6r3/10/10/10/10/10/P9/R4K3R w KQ - 0 1", "f1"),
        set("f1d1")
    );
}

/// A case random play does not reach: a black cannon on c1 attacks g1
/// over White's king on f1. In the position before castling g1 is
/// attacked, so the king may not pass it (FIDE's wording: the square the
/// king "must cross" is attacked), although with the king already gone
/// from f1 the cannon would have no screen.
#[test]
fn castling_may_not_pass_a_square_a_cannon_attacks_over_the_king() {
    let v = nahbi();
    let fen = "4k5/p9/10/10/10/10/10/10/10/10/P9/R1c2K3R w KQ - 0 1";
    let pos = Position::from_fen(&v, fen).unwrap();
    let ours = naive_moves(&Board::from_fen(fen));
    assert!(!ours.contains("f1h1") && !ours.contains("f1d1"));
    assert_eq!(varia_moves(&pos), ours, "{fen}");
    // Without the cannon White castles on both wings.
    let fen = "4k5/p9/10/10/10/10/10/10/10/10/P9/R4K3R w KQ - 0 1";
    let pos = Position::from_fen(&v, fen).unwrap();
    let ours = naive_moves(&Board::from_fen(fen));
    assert!(ours.contains("f1h1") && ours.contains("f1d1"));
    assert_eq!(varia_moves(&pos), ours, "{fen}");
}

#[test]
fn perft_from_the_start_to_depth_3_agrees_with_varia() {
    let v = nahbi();
    let mut pos = Position::start(&v);
    let b = Board::from_fen(START);
    for depth in 1..=3u32 {
        let t = Instant::now();
        let naive = b.perft(depth);
        let naive_time = t.elapsed();
        let t = Instant::now();
        let ours = perft(&mut pos, depth).unwrap();
        let varia_time = t.elapsed();
        eprintln!("depth {depth}: naive {naive} ({naive_time:?}), varia {ours} ({varia_time:?})");
        assert_eq!(
            naive,
            START_PERFT[depth as usize - 1],
            "naive, depth {depth}"
        );
        assert_eq!(
            ours,
            START_PERFT[depth as usize - 1],
            "varia, depth {depth}"
        );
    }
}

/// 2712393 is varia's count (about 2 s for the naive generator in the
/// test profile, so it is not ignored).
#[test]
fn perft_from_the_start_to_depth_4_agrees_with_varia() {
    let b = Board::from_fen(START);
    let t = Instant::now();
    let naive = b.perft(4);
    eprintln!("depth 4: naive {naive} ({:?})", t.elapsed());
    assert_eq!(naive, START_PERFT[3]);
}

/// xorshift64: a seeded, reproducible source of random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// What kinds of move the random positions offered, to show that they
/// reach the interesting rules.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    in_check: usize,
    captures: usize,
    en_passant: usize,
    promotions: usize,
    castling: usize,
    cannon_captures: usize,
    nahbi_jumps: usize,
    queen_crossings: usize,
    no_moves: usize,
    loss_rule: usize,
}

impl Coverage {
    fn count(&mut self, b: &Board) {
        let moves = b.legal_moves();
        self.positions += 1;
        let white = b.white_to_move;
        if let Some(k) = b.king(white) {
            self.in_check += b.attacked(k, !white) as usize;
        }
        self.no_moves += moves.is_empty() as usize;
        self.loss_rule += b.side_to_move_has_lost() as usize;
        let has = |f: &dyn Fn(&Mv) -> bool| moves.iter().any(f) as usize;
        self.captures += has(&|m| b.get(m.to) != EMPTY);
        self.en_passant += has(&|m| m.kind == Kind::EnPassant);
        self.promotions += has(&|m| m.promo.is_some());
        self.castling += has(&|m| matches!(m.kind, Kind::Castle { .. }));
        self.cannon_captures +=
            has(&|m| b.get(m.from).eq_ignore_ascii_case(&b'C') && b.get(m.to) != EMPTY);
        self.nahbi_jumps += has(&|m| {
            b.get(m.from).eq_ignore_ascii_case(&b'M')
                && ((m.to.0 - m.from.0).abs() == 2 || (m.to.1 - m.from.1).abs() == 2)
        });
        self.queen_crossings +=
            has(&|m| b.get(m.from).eq_ignore_ascii_case(&b'Q') && south(m.from.1) != south(m.to.1));
    }
}

/// How a random game chooses its moves.
#[derive(Clone, Copy)]
enum Style {
    /// Any legal move, uniformly.
    Uniform,
    /// Promotions and captures first: promotions, thinned material, the
    /// loss rule.
    Greedy,
    /// Pawn moves first: pawn chains in contact.
    Pawns,
    /// One side (White if true) pushes its pawns while the other keeps its
    /// pawns home except for double steps: en passant.
    Race(bool),
}

/// Picks a move in the game's style.
fn pick(rng: &mut Rng, style: Style, pos: &Position, moves: &[varia::vm::Move]) -> varia::vm::Move {
    let b = Board::from_fen(&write_fen(pos));
    let coords: Vec<String> = moves.iter().map(|&m| move_to_coord(pos, m)).collect();
    let indices = |f: &dyn Fn(&str) -> bool| -> Vec<usize> {
        (0..moves.len()).filter(|&i| f(&coords[i])).collect()
    };
    let split = |c: &str| -> (Sq, Sq) {
        let second = c[1..].find(|ch: char| ch.is_ascii_alphabetic()).unwrap() + 1;
        let third = c[second + 1..]
            .find(|ch: char| ch.is_ascii_alphabetic())
            .map_or(c.len(), |i| i + second + 1);
        (parse_square(&c[..second]), parse_square(&c[second..third]))
    };
    let promotions = indices(&|c| c.ends_with(|ch: char| ch.is_ascii_alphabetic()));
    let captures = indices(&|c| b.get(split(c).1) != EMPTY);
    let pawn_moves = indices(&|c| b.get(split(c).0).eq_ignore_ascii_case(&b'P'));
    let no_pawn_single_steps = indices(&|c| {
        let (from, to) = split(c);
        !b.get(from).eq_ignore_ascii_case(&b'P') || (to.1 - from.1).abs() == 2
    });
    let roll = rng.below(10);
    let pool = match style {
        Style::Uniform => Vec::new(),
        Style::Greedy if !promotions.is_empty() && roll < 7 => promotions,
        Style::Greedy if !captures.is_empty() && roll < 5 => captures,
        Style::Greedy if !pawn_moves.is_empty() && roll < 8 => pawn_moves,
        Style::Pawns if !pawn_moves.is_empty() && roll < 9 => pawn_moves,
        Style::Race(white) if white == b.white_to_move && roll < 9 => pawn_moves,
        Style::Race(_) if roll < 9 => no_pawn_single_steps,
        _ => Vec::new(),
    };
    let pool = if pool.is_empty() {
        (0..moves.len()).collect()
    } else {
        pool
    };
    moves[pool[rng.below(pool.len())]]
}

#[test]
fn random_positions_have_the_same_legal_moves_in_both_generators() {
    const GAMES: usize = 100;
    const PLIES: usize = 150;
    let v = nahbi();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut coverage = Coverage::default();
    let mut mismatches = Vec::new();
    let t = Instant::now();
    for game in 0..GAMES {
        let style = [
            Style::Uniform,
            Style::Greedy,
            Style::Pawns,
            Style::Race(true),
            Style::Race(false),
        ][game % 5];
        let mut pos = Position::start(&v);
        for _ply in 0..=PLIES {
            let fen = write_fen(&pos);
            let board = Board::from_fen(&fen);
            let theirs = varia_moves(&pos);
            let ours = naive_moves(&board);
            coverage.count(&board);
            if theirs != ours {
                mismatches.push(format!(
                    "{fen}\n  only varia: {:?}\n  only naive: {:?}",
                    theirs.difference(&ours).collect::<Vec<_>>(),
                    ours.difference(&theirs).collect::<Vec<_>>()
                ));
            }
            let moves = pos.legal_moves().unwrap();
            if moves.is_empty() {
                break;
            }
            let mv = pick(&mut rng, style, &pos, &moves);
            pos.play_unchecked(mv);
        }
    }
    eprintln!("{coverage:?} in {:?}", t.elapsed());
    for m in mismatches.iter().take(20) {
        eprintln!("{m}");
    }
    assert!(
        mismatches.is_empty(),
        "{} of {} positions differ",
        mismatches.len(),
        coverage.positions
    );
    assert!(coverage.positions >= 300, "{coverage:?}");
    // The games reach every rule at least once.
    let c = &coverage;
    for (what, n) in [
        ("check", c.in_check),
        ("captures", c.captures),
        ("en passant", c.en_passant),
        ("promotions", c.promotions),
        ("castling", c.castling),
        ("cannon captures", c.cannon_captures),
        ("Nahbi jumps", c.nahbi_jumps),
        ("queen crossings", c.queen_crossings),
        ("the loss rule", c.loss_rule),
        ("mate or stalemate", c.no_moves - c.loss_rule),
    ] {
        assert!(n > 0, "no position with {what}: {coverage:?}");
    }
}
