//! Evaluation: material and placement, derived from each piece's moves.
//!
//! Nothing here is written per variant. A piece's value comes from its
//! average mobility on the empty board (the approach of H. G. Muller's
//! Interactive Diagram and of Fairy-Stockfish's estimates for custom
//! pieces): every square it can reach from every square of the board,
//! far squares of a slide counting a little less (they are more often
//! blocked in play), move-only and capture-only squares counting half.
//! The royal piece is not counted. Placement adds a bonus for squares
//! where the piece has more moves than on average, and for promoting
//! pieces a bonus for being close to a promotion square. Mobility on the
//! board as it stands adds a few centipawns for each square a piece (not
//! a pawn-like or royal one) could go to, counted by the rules VM
//! ([`Position::mobility`]) from the same rays it moves by: a rook boxed
//! in behind its own pawns is worth less than one on an open file. In a won
//! ending, the losing royal piece is driven toward the squares where it
//! has the fewest moves (the edges), and the winning royal comes closer.
//! Searching lives in [`crate::engine::search`].

use crate::ir::geometry::Square;
use crate::ir::pattern::{RayKind, CAPTURE, MOVE, MUST_BE_OCCUPIED};
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::ir::Variant;
use crate::vm::Position;

/// How much less each further square of a slide counts.
const SLIDE_DECAY: f64 = 0.72;
/// Centipawns per unit of weighted mobility.
const CP_PER_MOBILITY: f64 = 61.0;
/// Centipawns per unit of mobility above the piece's average on a square.
const PLACEMENT_CP: f64 = 3.0;
/// Centipawns per square a piece can go to on the board as it stands
/// (counted from half its average on the empty board).
const MOBILITY_CP: i32 = 4;

/// The weighted number of squares a piece of code `code` reaches from
/// `sq` on the empty board (first-move-only moves left out).
pub fn mobility_from(variant: &Variant, code: u8, sq: Square) -> f64 {
    let tables = &variant.tables;
    let mut m = 0.0;
    for ray in tables.rays(code, sq) {
        if ray.initial {
            continue;
        }
        let s = ray.start as usize;
        let flags = &tables.path_flags[s..s + ray.len as usize];
        let mut weight = 1.0;
        for &f in flags {
            if f & MUST_BE_OCCUPIED != 0 {
                continue;
            }
            let mut w = 0.0;
            if f & MOVE != 0 {
                w += 0.5;
            }
            if f & CAPTURE != 0 {
                w += 0.5;
            }
            if ray.kind != RayKind::Slide {
                // Hoppers need a screen: count their reach at a quarter.
                w *= 0.25;
            }
            m += w * weight;
            weight *= SLIDE_DECAY;
        }
    }
    m
}

/// The average of [`mobility_from`] over the board's squares.
pub fn average_mobility(variant: &Variant, kind: PieceKind) -> f64 {
    let code = Piece {
        color: Color::White,
        kind,
    }
    .code();
    let squares = variant.geometry.squares();
    let n = squares.len().max(1) as f64;
    squares
        .iter()
        .map(|sq| mobility_from(variant, code, sq))
        .sum::<f64>()
        / n
}

/// Each piece kind's value in centipawns, derived from its moves (royal pieces: 0).
pub fn piece_values(variant: &Variant) -> Vec<i32> {
    (0..variant.pieces.len())
        .map(|k| {
            let kind = PieceKind(k as u8);
            if variant.piece(kind).royal {
                0
            } else {
                (CP_PER_MOBILITY * average_mobility(variant, kind)).round() as i32
            }
        })
        .collect()
}

/// The evaluator of one variant: precomputed values by piece code and square.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Value by piece kind (centipawns).
    pub values: Vec<i32>,
    /// Value of piece code `c` on cell `s` at `c * cells + s`, from White's view of that piece.
    table: Vec<i32>,
    /// For royal pieces: how far a square is from the edge, by the royal's mobility.
    royal_room: Vec<i32>,
    /// By piece code: the centipawns subtracted from [`MOBILITY_CP`] times
    /// the piece's mobility (None: pawn-like and royal pieces, not counted).
    mobility_offset: Vec<Option<i32>>,
    cells: usize,
    files: i32,
}

impl Evaluator {
    /// Builds the tables for a variant.
    pub fn new(variant: &Variant) -> Evaluator {
        let values = piece_values(variant);
        let cells = variant.geometry.cells();
        let codes = 2 * variant.pieces.len() + 1;
        let mut table = vec![0; codes * cells];
        let mut royal_room = vec![0; cells];
        let mut mobility_offset = vec![None; codes];
        let g = &variant.geometry;
        for k in 0..variant.pieces.len() {
            let kind = PieceKind(k as u8);
            let def = variant.piece(kind);
            for color in Color::ALL {
                let code = Piece { color, kind }.code();
                let avg = average_mobility(variant, kind);
                if !def.royal && !def.pawn_like {
                    let half = average_reach(variant, code) / 2.0;
                    mobility_offset[code as usize] = Some((f64::from(MOBILITY_CP) * half) as i32);
                }
                // Promotion distance for pieces that promote.
                let dist = if def.pawn_like {
                    promotion_distances(variant, code)
                } else {
                    vec![None; cells]
                };
                let best_promo = variant
                    .promotion
                    .choice_sets
                    .iter()
                    .flatten()
                    .map(|k| values[k.0 as usize])
                    .max()
                    .unwrap_or(0);
                for sq in g.squares().iter() {
                    let m = mobility_from(variant, code, sq);
                    let mut v = values[k] + (PLACEMENT_CP * (m - avg)).round() as i32;
                    if def.royal {
                        v = 0;
                        royal_room[sq.index()] = m.round() as i32;
                    }
                    if let Some(d) = dist[sq.index()] {
                        let gain = (best_promo - values[k]).max(0) as f64;
                        v += (gain / ((d + 1) * (d + 1)) as f64).round() as i32;
                    }
                    table[code as usize * cells + sq.index()] = v;
                }
            }
        }
        Evaluator {
            values,
            table,
            royal_room,
            mobility_offset,
            cells,
            files: g.files() as i32,
        }
    }

    /// The value of a piece code on a square.
    #[inline]
    pub fn piece_square(&self, code: u8, sq: Square) -> i32 {
        self.table[code as usize * self.cells + sq.index()]
    }

    /// The position's value for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut score = [0i32; 2];
        let mut material = [0i32; 2];
        let mut royal = [None::<Square>; 2];
        for color in Color::ALL {
            for sq in pos.pieces_of(color).iter() {
                let Some(p) = pos.piece_at(sq) else { continue };
                let c = color.index();
                score[c] += self.piece_square(p.code(), sq);
                if let Some(offset) = self.mobility_offset[p.code() as usize] {
                    score[c] += MOBILITY_CP * pos.mobility(sq) as i32 - offset;
                }
                let v = self.values[p.kind.0 as usize];
                material[c] += v;
                if v == 0 && pos.variant().piece(p.kind).royal {
                    royal[c] = Some(sq);
                }
            }
        }
        if pos.variant().hands.is_some() {
            // A piece in hand is worth its value: it can be dropped.
            for (k, &v) in self.values.iter().enumerate() {
                for color in Color::ALL {
                    let kind = PieceKind(k as u8);
                    let n = i32::from(pos.in_hand(Piece { color, kind }));
                    score[color.index()] += n * v;
                    material[color.index()] += n * v;
                }
            }
        }
        let mut white = score[0] - score[1];
        // Mop-up: the stronger side drives the weaker royal to the edge.
        let diff = material[0] - material[1];
        if diff.abs() >= 300 {
            let (strong, weak) = if diff > 0 { (0, 1) } else { (1, 0) };
            if let (Some(w), Some(s)) = (royal[weak], royal[strong]) {
                let room = self.royal_room[w.index()];
                let (wf, wr) = (w.index() as i32 % self.files, w.index() as i32 / self.files);
                let (sf, sr) = (s.index() as i32 % self.files, s.index() as i32 / self.files);
                let dist = (wf - sf).abs().max((wr - sr).abs());
                let bonus = 12 * (8 - room).max(0) + 6 * (8 - dist).max(0);
                white += if strong == 0 { bonus } else { -bonus };
            }
        }
        let tempo = 8;
        match pos.side_to_move() {
            Color::White => white + tempo,
            Color::Black => -white + tempo,
        }
    }
}

/// The average number of squares a piece of `code` reaches on the empty
/// board (its sliding rays' squares; hoppers need a screen and count none).
fn average_reach(variant: &Variant, code: u8) -> f64 {
    let tables = &variant.tables;
    let squares = variant.geometry.squares();
    let mut total = 0usize;
    for sq in squares.iter() {
        for ray in tables.rays(code, sq) {
            if ray.initial || ray.kind != RayKind::Slide {
                continue;
            }
            let s = ray.start as usize;
            total += tables.path_flags[s..s + ray.len as usize]
                .iter()
                .take_while(|&&f| f & MUST_BE_OCCUPIED == 0)
                .filter(|&&f| f & (MOVE | CAPTURE) != 0)
                .count();
        }
    }
    total as f64 / squares.len().max(1) as f64
}

/// For each square, how many non-capturing moves a piece of `code` needs
/// to reach a square where it promotes (None: it never does).
fn promotion_distances(variant: &Variant, code: u8) -> Vec<Option<i32>> {
    let cells = variant.geometry.cells();
    let squares = variant.geometry.squares();
    let mut dist = vec![None; cells];
    let promotes = |sq: Square| !variant.promotion.choices(code, sq).is_empty();
    // Reverse search: a square's distance is 1 + the least distance of the
    // squares it reaches in one move (iterate to a fixed point; boards are small).
    let tables = &variant.tables;
    let mut changed = true;
    let mut rounds = 0;
    while changed && rounds < 64 {
        changed = false;
        rounds += 1;
        for sq in squares.iter() {
            let mut best: Option<i32> = None;
            for ray in tables.rays(code, sq) {
                if ray.initial {
                    continue;
                }
                let s = ray.start as usize;
                for (&q, &f) in tables.path_squares[s..s + ray.len as usize]
                    .iter()
                    .zip(&tables.path_flags[s..s + ray.len as usize])
                {
                    if f & (MOVE | CAPTURE) == 0 {
                        continue;
                    }
                    let d = if promotes(q) {
                        Some(0)
                    } else {
                        dist[q.index()]
                    };
                    if let Some(d) = d {
                        best = Some(best.map_or(d + 1, |b: i32| b.min(d + 1)));
                    }
                }
            }
            if let Some(b) = best {
                if dist[sq.index()].is_none_or(|old| b < old) {
                    dist[sq.index()] = Some(b);
                    changed = true;
                }
            }
        }
    }
    // A piece that stands on a promotion square has already promoted.
    dist
}
