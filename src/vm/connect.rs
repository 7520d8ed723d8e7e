//! `connecting …`: a side that has just moved and whose pieces form a
//! shape — a row of N next to each other, N on one line, a block, a chain
//! between two regions — meets the rule (tic-tac-toe, Connect Four, Teeko,
//! Three Musketeers, Hex-like chains; Fairy-Stockfish's `connectN`,
//! `collinearN`, `connectNxN`, `connectRegion…`).

use crate::ir::geometry::{Geometry, Square, SquareSet};
use crate::ir::piece::{Color, Piece};
use crate::ir::rule::{Connect, ConnectShape};
use crate::vm::position::Position;

impl Position {
    /// The side that has just moved and the index of the first
    /// `connecting` rule its pieces meet, if they meet one. As
    /// Fairy-Stockfish, only the side that has just moved is looked at.
    pub(crate) fn connection(&self) -> Option<(Color, usize)> {
        let side = self.side.opposite();
        let rules = &self.variant.game_end.connects;
        rules
            .iter()
            .position(|rule| *rule.sides.get(side) && self.connects(rule, side))
            .map(|index| (side, index))
    }

    /// Whether the pieces of `side` that count for `rule` form its shape.
    fn connects(&self, rule: &Connect, side: Color) -> bool {
        let mut pieces = SquareSet::EMPTY;
        for sq in self.board.by_color.get(side).iter() {
            let kind = Piece::from_code(self.board[sq.index()]).kind;
            if rule.kinds >> kind.0 & 1 != 0 {
                pieces.insert(sq);
            }
        }
        let g = &self.variant.geometry;
        let steps = rule.lines.steps();
        match &rule.shape {
            ConnectShape::Row(n) => pieces
                .iter()
                .any(|sq| steps.iter().any(|&step| run(g, &pieces, sq, step) >= *n)),
            ConnectShape::Line(n) => pieces.iter().any(|sq| {
                steps
                    .iter()
                    .any(|&step| on_line(g, &pieces, sq, step) >= *n)
            }),
            ConnectShape::Block(files, ranks) => pieces.iter().any(|sq| {
                (0..*files as i32).all(|df| {
                    (0..*ranks as i32)
                        .all(|dr| g.offset(sq, df, dr).is_some_and(|s| pieces.contains(s)))
                })
            }),
            ConnectShape::Chain { from, to } => {
                chained(g, &pieces, &steps, from.get(side), to.get(side))
            }
        }
    }
}

/// How many pieces of `pieces` stand next to each other from `sq` on, one
/// `step` after another.
fn run(g: &Geometry, pieces: &SquareSet, sq: Square, (df, dr): (i32, i32)) -> u32 {
    let mut count = 1;
    let mut at = sq;
    while let Some(next) = g.offset(at, df, dr).filter(|s| pieces.contains(*s)) {
        count += 1;
        at = next;
    }
    count
}

/// How many pieces of `pieces` stand on the line through `sq` along
/// `step`, whatever stands between them.
fn on_line(g: &Geometry, pieces: &SquareSet, sq: Square, (df, dr): (i32, i32)) -> u32 {
    let mut count = 1;
    for sign in [1, -1] {
        let (mut file, mut rank) = (g.file_of(sq), g.rank_of(sq));
        // Cells, voids included: a void holds no piece but does not end the line.
        while let Some(cell) = g.cell(file + sign * df, rank + sign * dr) {
            (file, rank) = (file + sign * df, rank + sign * dr);
            if pieces.contains(cell) {
                count += 1;
            }
        }
    }
    count
}

/// Whether a chain of `pieces`, each next to the one before along the
/// `steps` (either way), links a square of `from` to one of `to`.
fn chained(
    g: &Geometry,
    pieces: &SquareSet,
    steps: &[(i32, i32)],
    from: &SquareSet,
    to: &SquareSet,
) -> bool {
    let mut reached = pieces.intersection(from);
    let mut frontier: Vec<Square> = reached.iter().collect();
    while let Some(sq) = frontier.pop() {
        if to.contains(sq) {
            return true;
        }
        for &(df, dr) in steps {
            for next in [g.offset(sq, df, dr), g.offset(sq, -df, -dr)]
                .into_iter()
                .flatten()
            {
                if pieces.contains(next) && !reached.contains(next) {
                    reached.insert(next);
                    frontier.push(next);
                }
            }
        }
    }
    false
}
