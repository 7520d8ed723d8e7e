//! Region borders, one rule for every drawing: a region's outline runs
//! along each side of its squares whose neighbour is outside it (another
//! square, a void or the board's edge). The SVG diagrams draw every
//! outline in the region's colour; the terminal diagrams (`show`) draw the
//! outline sides between two squares; the REPL board draws the outlines
//! that split the board along a whole line between two ranks or files
//! (an equator, a river).
//!
//! A region whose squares differ for the two sides (a palace for each) is
//! outlined for both: White's squares and Black's (their mirror images).

use crate::ir::geometry::{Geometry, Square, SquareSet};
use crate::ir::Variant;

/// A side of a square, in board terms (up = toward higher ranks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Side {
    /// Toward the next rank.
    Up,
    /// Toward the rank before.
    Down,
    /// Toward the file before.
    Left,
    /// Toward the next file.
    Right,
}

impl Side {
    /// The four sides.
    pub const ALL: [Side; 4] = [Side::Up, Side::Down, Side::Left, Side::Right];

    /// The side facing the other way.
    pub fn opposite(self) -> Side {
        match self {
            Side::Up => Side::Down,
            Side::Down => Side::Up,
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    /// (files, ranks) to step from a square to its neighbour on this side.
    pub fn offset(self) -> (i32, i32) {
        match self {
            Side::Up => (0, 1),
            Side::Down => (0, -1),
            Side::Left => (-1, 0),
            Side::Right => (1, 0),
        }
    }
}

/// The square beside `sq` on `side`, if the board has one there.
fn neighbour(g: &Geometry, sq: Square, side: Side) -> Option<Square> {
    let (df, dr) = side.offset();
    g.square(g.file_of(sq) + df, g.rank_of(sq) + dr)
}

/// The outline of each region: its squares' sides that face outside it.
#[derive(Clone, Debug)]
pub struct Outlines {
    /// Per region (in the variant's order): its name and outline sides.
    pub regions: Vec<(String, Vec<(Square, Side)>)>,
}

impl Outlines {
    /// The outlines of the variant's regions: of White's squares, and of
    /// Black's too where they differ (both palaces of Xiangqi).
    pub fn of(variant: &Variant) -> Outlines {
        let g = &variant.geometry;
        let outline = |set: &SquareSet| -> Vec<(Square, Side)> {
            set.iter()
                .flat_map(|sq| Side::ALL.into_iter().map(move |side| (sq, side)))
                .filter(|&(sq, side)| !neighbour(g, sq, side).is_some_and(|n| set.contains(n)))
                .collect()
        };
        let regions = variant
            .regions
            .iter()
            .map(|region| {
                let mut sides = outline(&region.squares.white);
                if region.squares.black != region.squares.white {
                    sides.extend(outline(&region.squares.black));
                }
                (region.name.clone(), sides)
            })
            .collect();
        Outlines { regions }
    }

    /// Whether an outline runs between two squares side by side.
    pub fn between(&self, g: &Geometry, a: Square, b: Square) -> bool {
        self.regions.iter().any(|(_, sides)| {
            sides.iter().any(|&(sq, side)| {
                let n = neighbour(g, sq, side);
                (sq == a && n == Some(b)) || (sq == b && n == Some(a))
            })
        })
    }

    /// Whether one region's outline splits the board along the whole line
    /// between rank `rank` and the next (0-based), the region on one side
    /// of it: every file with a square on both ranks has the outline
    /// between them, facing the same way.
    pub fn splits_ranks(&self, g: &Geometry, rank: i32) -> bool {
        let pairs: Vec<(Square, Square)> = (0..g.files() as i32)
            .filter_map(|f| Some((g.square(f, rank)?, g.square(f, rank + 1)?)))
            .collect();
        self.splits(&pairs, Side::Up, Side::Down)
    }

    /// Whether one region's outline splits the board along the whole line
    /// between file `file` and the next (0-based), as [`Outlines::splits_ranks`].
    pub fn splits_files(&self, g: &Geometry, file: i32) -> bool {
        let pairs: Vec<(Square, Square)> = (0..g.ranks() as i32)
            .filter_map(|r| Some((g.square(file, r)?, g.square(file + 1, r)?)))
            .collect();
        self.splits(&pairs, Side::Right, Side::Left)
    }

    /// Whether one region's outline runs between every pair (first, second),
    /// always on the first's `toward` side or always on the second's `back` side.
    fn splits(&self, pairs: &[(Square, Square)], toward: Side, back: Side) -> bool {
        !pairs.is_empty()
            && self.regions.iter().any(|(_, sides)| {
                pairs.iter().all(|&(a, _)| sides.contains(&(a, toward)))
                    || pairs.iter().all(|&(_, b)| sides.contains(&(b, back)))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile_source;

    #[test]
    fn xiangqi_river_and_palace() {
        let v = compile_source(
            "xiangqi",
            include_str!("../../scripts/fairy-stockfish/xiangqi.variant"),
        )
        .unwrap();
        let g = &v.geometry;
        let o = Outlines::of(&v);
        let sq = |name: &str| g.parse_square(name).unwrap();
        // The river, between ranks 5 and 6, splits the whole board; no other rank line does.
        let splits: Vec<i32> = (0..9).filter(|&r| o.splits_ranks(g, r)).collect();
        assert_eq!(splits, vec![4]);
        // The palace's sides: between c1 and d1, f2 and g2, d3 and d4; not between d1 and e1.
        assert!(o.between(g, sq("c1"), sq("d1")));
        assert!(o.between(g, sq("g2"), sq("f2")));
        assert!(o.between(g, sq("d3"), sq("d4")));
        assert!(!o.between(g, sq("d1"), sq("e1")));
        // No file line splits the whole board (the palace's sides stop at rank 3).
        assert!((0..8).all(|f| !o.splits_files(g, f)));
        // The palaces' outlines have 12 sides each (3 by 3 squares), the board edge
        // included: White's around d1..f3, Black's around d8..f10.
        let palace = &o.regions.iter().find(|(n, _)| n == "palace").unwrap().1;
        assert_eq!(palace.len(), 24);
        assert!(palace.contains(&(sq("e1"), Side::Down)));
        assert!(palace.contains(&(sq("e10"), Side::Up)));
        assert!(o.between(g, sq("c9"), sq("d9")));
        assert!(o.between(g, sq("e8"), sq("e7")));
        assert!(!o.between(g, sq("e8"), sq("e9")));
    }
}
