//! Colours and pieces: the vocabulary every later phase shares.

use crate::ir::pattern::MovePattern;
use crate::source::Span;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The other side.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline]
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `w` or `b`, as in FEN.
    pub fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

/// A value for each colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// The value for one colour.
    #[inline]
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The value for one colour, mutably.
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// Builds both values from a function of the colour.
    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            white: f(Color::White),
            black: f(Color::Black),
        }
    }
}

/// A piece type of a variant, as its index in [`crate::ir::Variant::pieces`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceKind(pub u8);

/// The most piece types a variant may declare.
pub const MAX_PIECE_KINDS: usize = 60;

/// The board code of a wall (`walls …`; `*` in FEN): a square that no
/// piece may enter, pass or capture, and no piece stands on. No piece has
/// this code (pieces' end at `2 * MAX_PIECE_KINDS`), and it stays below
/// 128, so the attack tries' masks over piece codes never select it.
pub const WALL_CODE: u8 = 127;
const _: () = assert!(2 * MAX_PIECE_KINDS < WALL_CODE as usize);

/// A piece type with a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose it is.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// The compact code the board stores: `1 + 2 * kind + color` (0 is an empty square).
    #[inline]
    pub fn code(self) -> u8 {
        1 + 2 * self.kind.0 + self.color as u8
    }

    /// The piece a board code stands for: none on an empty square or a wall.
    #[inline]
    pub fn from_board_code(code: u8) -> Option<Piece> {
        (code != 0 && code != WALL_CODE).then(|| Piece::from_code(code))
    }

    /// The piece a non-zero board code stands for.
    #[inline]
    pub fn from_code(code: u8) -> Piece {
        debug_assert!(code != 0);
        let c = code - 1;
        Piece {
            color: if c & 1 == 0 {
                Color::White
            } else {
                Color::Black
            },
            kind: PieceKind(c >> 1),
        }
    }
}

/// A piece type as the script defines it, compiled.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// Its name, such as `Knight`.
    pub name: String,
    /// Its FEN letter in upper case (White); Black uses the lower case.
    pub letter: char,
    /// Whether FEN writes a `+` before the letter (`+P`: a promoted
    /// shogi piece, a piece of its own whose letter is its base piece's).
    pub plus_mark: bool,
    /// Its Betza string as written.
    pub betza: String,
    /// Its moves, in White's orientation.
    pub patterns: Vec<MovePattern>,
    /// Whether it may not be left attacked.
    pub royal: bool,
    /// The royal group it shares royalty in (`check when the last …`), as
    /// an index into [`crate::ir::Variant::royal_groups`].
    pub royal_group: Option<u8>,
    /// `captures petrify …`: when it captures it turns into a wall on the
    /// square it took.
    pub petrifies: bool,
    /// `first moves of … in FEN`: whether it has never moved is written
    /// in FEN's castling field by its file's letter (`DEde`), not decided
    /// by its standing on its start square.
    pub first_moves_in_fen: bool,
    /// `first moves of … lost when a B moves onto its rank or file`: the
    /// kinds (bit `k` for `PieceKind(k)`) whose move onto its rank or file
    /// takes its first moves away.
    pub first_moves_lost_to: u64,
    /// Whether its moves take first moves away (it is named in some
    /// piece's `first moves of … lost when a …`).
    pub takes_first_moves: bool,
    /// Whether it is a pawn: it promotes, into a piece that does not
    /// promote again. SAN writes its moves without a letter; the engine
    /// values its promotion distance.
    pub pawn_like: bool,
    /// Whether its double steps may be taken en passant (they make en
    /// passant chances): the pieces that capture en passant themselves
    /// (an `e` move), or the pieces `en passant takes …` names.
    pub taken_en_passant: bool,
    /// Whether a move of it resets the move-rule counter (the pawns, or
    /// the pieces `move-rule N reset by captures and …` names), unless it
    /// could move straight back ([`PieceDef::moves_back`]).
    pub resets_move_rule: bool,
    /// Whether some move of it can be undone by a move back (a sideways
    /// pawn's step): such a move does not reset the move-rule counter, as
    /// in Fairy-Stockfish, which resets it on irreversible moves only.
    pub moves_back: bool,
    /// Where it may not go (borders it may not cross, regions it stays in …).
    pub region_rules: Vec<crate::ir::rule::RegionRule>,
    /// `restrict King: in check only take the checker` (Makpong): for each
    /// side, whether the piece may move, while its side is in check, only
    /// to capture the one piece giving check.
    pub only_takes_checker: ByColor<bool>,
    /// `restrict King: never take King` (Atomar): for each side, the kinds
    /// it may not capture, a bit per kind (bit `k` for `PieceKind(k)`).
    pub never_takes: ByColor<u64>,
    /// `restrict Cannon: never hop over Cannon` (Janggi): for each side,
    /// the kinds it may not hop over as a `p` or `g` hopper's screen, a bit
    /// per kind.
    pub never_hops: ByColor<u64>,
    /// Where it was declared.
    pub span: Span,
}

impl PieceDef {
    /// Its FEN token for a side: the letter, in lower case for Black,
    /// after a `+` for a piece with the plus mark (`+p`).
    pub fn token(&self, color: Color) -> String {
        let letter = match color {
            Color::White => self.letter,
            Color::Black => self.letter.to_ascii_lowercase(),
        };
        if self.plus_mark {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }

    /// Whether every move has its twin across the file (the same step to
    /// the left as to the right): the piece then moves alike mirrored and
    /// turned by 180° (Fairy-Stockfish turns Black's pieces).
    pub fn moves_alike_left_and_right(&self) -> bool {
        self.patterns.iter().all(|p| {
            let mut vectors = p.vectors.clone();
            let mut across: Vec<(i8, i8)> = vectors.iter().map(|&(f, r)| (-f, r)).collect();
            vectors.sort_unstable();
            across.sort_unstable();
            vectors == across
        })
    }

    /// Whether it is royal, alone (`royal`) or in a royal group: its
    /// side's check and checkmate are about it.
    pub fn royal_like(&self) -> bool {
        self.royal || self.royal_group.is_some()
    }

    /// Whether it captures en passant (an `e` move).
    pub fn captures_en_passant(&self) -> bool {
        self.patterns.iter().any(|p| p.en_passant)
    }

    /// Whether it has moves it may make only while it has never moved (`i`).
    pub fn has_initial_moves(&self) -> bool {
        self.patterns.iter().any(|p| p.initial)
    }
}
