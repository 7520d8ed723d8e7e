//! Board geometry: squares, sets of squares, and the board's shape.
//!
//! A board is a rectangle of `files × ranks` squares (at most
//! [`MAX_SQUARES`] in all, up to 26 files), some of which may be voids:
//! squares that do not exist. Square `a1` is index 0; indices run along
//! the ranks: `index = rank * files + file`.

use std::fmt;

/// The most squares a board may have (16 × 16).
pub const MAX_SQUARES: usize = 256;

/// A square of the board, as its index `rank * files + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Square(pub u8);

impl Square {
    /// The index as a `usize`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

const WORDS: usize = MAX_SQUARES / 64;

/// A set of squares (a bitset over [`MAX_SQUARES`] squares).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet([u64; WORDS]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; WORDS]);

    /// Whether the set holds the square.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        let i = sq.index();
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    /// Adds a square.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes a square.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// The number of squares.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The union.
    pub fn union(&self, other: &SquareSet) -> SquareSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
        out
    }

    /// The squares of `self` that are not in `other`.
    pub fn difference(&self, other: &SquareSet) -> SquareSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= !b;
        }
        out
    }

    /// The intersection.
    pub fn intersection(&self, other: &SquareSet) -> SquareSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= b;
        }
        out
    }

    /// The squares in increasing order.
    #[inline]
    pub fn iter(&self) -> SquareSetIter {
        SquareSetIter {
            words: self.0,
            word: 0,
        }
    }

    /// The lowest square, if any.
    pub fn first(&self) -> Option<Square> {
        self.iter().next()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

/// Iterator over the squares of a [`SquareSet`].
#[derive(Debug)]
pub struct SquareSetIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for SquareSetIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                let bit = w.trailing_zeros() as usize;
                self.words[self.word] = w & (w - 1);
                return Some(Square((self.word * 64 + bit) as u8));
            }
            self.word += 1;
        }
        None
    }
}

/// The shape of a board: its size and its void squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    files: u8,
    ranks: u8,
    squares: SquareSet,
}

impl Geometry {
    /// A square as the other side sees it under the board's symmetry.
    pub fn reflect(&self, sq: Square, symmetry: Symmetry) -> Square {
        let (f, r) = (self.file_of(sq), self.rank_of(sq));
        let r2 = self.ranks() as i32 - 1 - r;
        let f2 = match symmetry {
            Symmetry::Mirror => f,
            Symmetry::Rotate => self.files() as i32 - 1 - f,
        };
        self.cell(f2, r2).unwrap_or(sq)
    }

    /// A rectangle with the given squares removed.
    ///
    /// # Panics
    /// If the size is outside 1..=26 files, 1..=99 ranks or over
    /// [`MAX_SQUARES`] squares; the compiler checks this first.
    pub fn new(files: u8, ranks: u8, voids: &SquareSet) -> Geometry {
        assert!(
            (1..=26).contains(&files)
                && ranks >= 1
                && (files as usize * ranks as usize) <= MAX_SQUARES
        );
        let all: SquareSet = (0..files as usize * ranks as usize)
            .map(|i| Square(i as u8))
            .collect();
        Geometry {
            files,
            ranks,
            squares: all.difference(voids),
        }
    }

    /// Number of files.
    #[inline]
    pub fn files(&self) -> u8 {
        self.files
    }

    /// Number of ranks.
    #[inline]
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// The squares that exist (not voids).
    pub fn squares(&self) -> &SquareSet {
        &self.squares
    }

    /// The number of cells of the bounding rectangle.
    pub fn cells(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Whether a cell of the rectangle is a void.
    pub fn is_void(&self, sq: Square) -> bool {
        !self.squares.contains(sq)
    }

    /// The square at 0-based file and rank, if it exists (is on the board and not void).
    #[inline]
    pub fn square(&self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            return None;
        }
        let sq = Square((rank * self.files as i32 + file) as u8);
        self.squares.contains(sq).then_some(sq)
    }

    /// The cell at 0-based file and rank, void or not.
    pub fn cell(&self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            return None;
        }
        Some(Square((rank * self.files as i32 + file) as u8))
    }

    /// The 0-based file of a square.
    #[inline]
    pub fn file_of(&self, sq: Square) -> i32 {
        (sq.0 % self.files) as i32
    }

    /// The 0-based rank of a square.
    #[inline]
    pub fn rank_of(&self, sq: Square) -> i32 {
        (sq.0 / self.files) as i32
    }

    /// The square `(df, dr)` away, if it exists.
    #[inline]
    pub fn offset(&self, sq: Square, df: i32, dr: i32) -> Option<Square> {
        self.square(self.file_of(sq) + df, self.rank_of(sq) + dr)
    }

    /// The squares strictly between two squares on a line (rank, file,
    /// diagonal or a knight-like line of repeated steps).
    pub fn squares_between(&self, a: Square, b: Square) -> SquareSet {
        let (dx, dy) = (
            self.file_of(b) - self.file_of(a),
            self.rank_of(b) - self.rank_of(a),
        );
        let n = gcd(dx.abs(), dy.abs());
        let mut set = SquareSet::EMPTY;
        if n > 1 {
            let (sx, sy) = (dx / n, dy / n);
            for k in 1..n {
                if let Some(sq) = self.offset(a, sx * k, sy * k) {
                    set.insert(sq);
                }
            }
        }
        set
    }

    /// The name of a square, such as `e4` or `a10`.
    pub fn name(&self, sq: Square) -> String {
        let file = (b'a' + self.file_of(sq) as u8) as char;
        format!("{file}{}", self.rank_of(sq) + 1)
    }

    /// Parses a square name such as `e4` or `a10` into a cell of the
    /// rectangle (which may be a void).
    pub fn parse_cell(&self, name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return None;
        }
        let rank: i32 = digits.parse().ok()?;
        self.cell(file as i32 - 'a' as i32, rank - 1)
    }

    /// Parses a square name into an existing square.
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        self.parse_cell(name).filter(|sq| !self.is_void(*sq))
    }
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip_on_large_boards() {
        let g = Geometry::new(16, 16, &SquareSet::EMPTY);
        for sq in g.squares().iter() {
            assert_eq!(g.parse_square(&g.name(sq)), Some(sq));
        }
        assert_eq!(g.name(Square(255)), "p16");
        assert_eq!(g.parse_square("a10").map(|s| g.rank_of(s)), Some(9));
        assert_eq!(g.parse_square("q1"), None);
        assert_eq!(g.parse_square("a17"), None);
        assert_eq!(g.parse_square("a0"), None);
        assert_eq!(g.parse_square("a01"), None);
    }

    #[test]
    fn voids_are_not_squares() {
        let mut voids = SquareSet::EMPTY;
        voids.insert(Square(0));
        let g = Geometry::new(3, 3, &voids);
        assert_eq!(g.parse_square("a1"), None);
        assert_eq!(g.parse_cell("a1"), Some(Square(0)));
        assert_eq!(g.offset(Square(4), -1, -1), None);
        assert_eq!(g.squares().len(), 8);
    }

    #[test]
    fn square_set_iterates_in_order_across_words() {
        let set: SquareSet = [Square(200), Square(3), Square(64), Square(63)]
            .into_iter()
            .collect();
        let v: Vec<u8> = set.iter().map(|s| s.0).collect();
        assert_eq!(v, vec![3, 63, 64, 200]);
        assert_eq!(set.len(), 4);
    }
}

/// How Black's army and regions follow from White's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symmetry {
    /// Reflection across the middle rank (orthodox chess).
    #[default]
    Mirror,
    /// Rotation by 180 degrees.
    Rotate,
}
