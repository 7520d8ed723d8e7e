//! The data behind every move diagram: which piece stands where, and
//! which squares are marked (move, capture, blocker, screen). The terminal
//! (`show`), SVG (`svg`) and HTML (`doc`) renderers all draw a [`Diagram`].
//!
//! Two sources of marks:
//! - on a **position** the marks are the VM's legal moves of the piece
//!   ([`Position::legal_moves`]), and the blockers and screens come from
//!   walking the piece's rays over the board;
//! - on an **empty board** the marks come from walking the piece's rays
//!   (the same tables the VM walks): squares it could move to, and squares
//!   it could capture on if an enemy stood there.
//!
//! Blockers are pieces that stop a ray with landing squares beyond them;
//! screens (hurdles) are pieces a move must pass over: the first piece on
//! a hop's line, or a piece on a square a leg must jump over. A piece
//! with such moves would show none of them on an empty board, so its
//! empty-board diagram gets friendly hurdles on those rays
//! ([`place_hurdles`]), marked as screens; the marks are still exactly
//! the moves on the board as drawn, so a hurdle that blocks another move
//! of the piece (a cannon's slide, the Nahbi's king step) hides it, and
//! the caption says so.

use std::sync::Arc;

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::pattern::{RayKind, CAPTURE, EN_PASSANT, MOVE, MUST_BE_OCCUPIED};
use crate::ir::piece::{Color, Piece, PieceKind, WALL_CODE};
use crate::ir::setup::Setup;
use crate::ir::Variant;
use crate::notation::fen::{parse_fen, write_fen, ParseFenError};
use crate::vm::{MoveKind, Position, PositionError};

/// The piece may move (without capturing) to the square.
pub const MARK_MOVE: u8 = 1;
/// The piece may capture on the square (on an empty board: would, if an enemy stood there).
pub const MARK_CAPTURE: u8 = 2;
/// A piece on the square blocks a move further along (a slide, a lame leg, a multi-leg path).
pub const MARK_BLOCK: u8 = 4;
/// The piece on the square is the screen (hurdle) of a hopping move, or a
/// piece a leg jumps over (on an empty board: a hurdle put there for it).
pub const MARK_SCREEN: u8 = 8;

/// Why a diagram of a piece in a position cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// No piece stands on the square asked for.
    #[error("no piece on {0}")]
    NoPiece(String),
    /// The square is a void.
    #[error("`{0}` is not a square of this board")]
    NotASquare(String),
    /// The position does not read back (an internal FEN round trip).
    #[error(transparent)]
    Fen(#[from] ParseFenError),
    /// The changed position is not a legal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A board to draw, with marks for one piece's moves.
#[derive(Clone, Debug)]
pub struct Diagram {
    /// The variant (geometry, regions, piece letters).
    pub variant: Arc<Variant>,
    /// The piece on each cell of the board rectangle.
    pub board: Vec<Option<Piece>>,
    /// The walls (`walls …`, `*` in FEN), drawn as blocked squares.
    pub walls: SquareSet,
    /// The piece whose moves are marked, and its square.
    pub subject: Option<Square>,
    /// Flags `MARK_*` per cell.
    pub marks: Vec<u8>,
    /// The last move's origin and destination, highlighted.
    pub last_move: Option<(Square, Square)>,
    /// Royal pieces in check, highlighted.
    pub checked: SquareSet,
    /// Royal pieces checkmated, highlighted apart from a check.
    pub checkmated: SquareSet,
    /// A one-line caption.
    pub caption: String,
    /// Pieces in hand: how many of each piece code (empty: the variant
    /// has no hands, or the diagram shows none).
    pub hands: Vec<u8>,
}

/// What a piece reaches from a square, walking its rays over a board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Empty squares it may move to.
    pub moves: SquareSet,
    /// Enemy-occupied squares it may capture on.
    pub captures: SquareSet,
    /// Empty squares it would capture on if an enemy stood there (the rest as it is).
    pub potential_captures: SquareSet,
    /// Occupied squares that stop a ray with landing squares beyond them.
    pub blocks: SquareSet,
    /// Screens of hopping moves: the first piece on a hop's line, and the
    /// pieces a leg jumps over where a piece must stand (`pafmW`, `jN`).
    pub screens: SquareSet,
}

/// Walks the rays of `piece` on `from` over `board` (one entry per cell),
/// as the VM's move generator does. `unmoved`: whether first-move rays apply.
pub fn reach(
    variant: &Variant,
    piece: Piece,
    from: Square,
    board: &[Option<Piece>],
    unmoved: bool,
) -> Reach {
    reach_among_walls(variant, piece, from, board, &SquareSet::EMPTY, unmoved)
}

/// [`reach`] on a board with walls, which block and screen as pieces do
/// and are never captured.
pub fn reach_among_walls(
    variant: &Variant,
    piece: Piece,
    from: Square,
    board: &[Option<Piece>],
    walls: &SquareSet,
    unmoved: bool,
) -> Reach {
    let t = &variant.tables;
    let mut r = Reach::default();
    let code = piece.code();
    let def = variant.piece(piece.kind);
    let (never_takes, never_hops) = (
        *def.never_takes.get(piece.color),
        *def.never_hops.get(piece.color),
    );
    // An enemy it may take (`restrict … never take …` aside).
    let enemy = |p: Option<Piece>| {
        p.is_some_and(|q| q.color != piece.color && never_takes >> q.kind.0 & 1 == 0)
    };
    let occupied = |sq: Square| board[sq.index()].is_some() || walls.contains(sq);
    for ray in t.rays(code, from) {
        if ray.initial && !unmoved {
            continue;
        }
        let s = ray.start as usize;
        let squares = &t.path_squares[s..s + ray.len as usize];
        let flags = &t.path_flags[s..s + ray.len as usize];
        let lands_after = |j: usize| flags[j + 1..].iter().any(|f| f & (MOVE | CAPTURE) != 0);
        match ray.kind {
            RayKind::Slide => {
                for (j, (&sq, &f)) in squares.iter().zip(flags).enumerate() {
                    let there = board[sq.index()];
                    if f & MUST_BE_OCCUPIED != 0 {
                        if !occupied(sq) {
                            break;
                        }
                        if lands_after(j) {
                            r.screens.insert(sq);
                        }
                        continue;
                    }
                    match occupied(sq).then_some(there) {
                        None => {
                            if f & MOVE != 0 {
                                r.moves.insert(sq);
                            }
                            if f & (CAPTURE | EN_PASSANT) != 0 {
                                r.potential_captures.insert(sq);
                            }
                        }
                        Some(_) => {
                            if f & CAPTURE != 0 && enemy(there) {
                                r.captures.insert(sq);
                            } else if lands_after(j) {
                                r.blocks.insert(sq);
                            }
                            break;
                        }
                    }
                }
            }
            RayKind::Hop | RayKind::HopRight => {
                let Some(screen) = squares.iter().position(|&q| occupied(q)) else {
                    continue;
                };
                // `restrict … never hop over …`: no screen, no move.
                if board[squares[screen].index()].is_some_and(|p| never_hops >> p.kind.0 & 1 != 0) {
                    continue;
                }
                if screen + 1 < squares.len() {
                    r.screens.insert(squares[screen]);
                }
                for j in screen + 1..squares.len() {
                    let (sq, f) = (squares[j], flags[j]);
                    match occupied(sq).then_some(board[sq.index()]) {
                        None => {
                            if f & MOVE != 0 {
                                r.moves.insert(sq);
                            }
                            if f & CAPTURE != 0 {
                                r.potential_captures.insert(sq);
                            }
                        }
                        Some(there) => {
                            if f & CAPTURE != 0 && enemy(there) {
                                r.captures.insert(sq);
                            }
                            break;
                        }
                    }
                    if ray.kind == RayKind::HopRight {
                        break;
                    }
                }
            }
        }
    }
    r
}

/// A central square of the board (the lower-left of the middle four).
pub fn central_square(variant: &Variant) -> Square {
    central_square_outside(variant, &SquareSet::EMPTY)
}

/// The central square nearest the middle that is not in `avoid`.
fn central_square_outside(variant: &Variant, avoid: &SquareSet) -> Square {
    let g = &variant.geometry;
    let (cf, cr) = ((g.files() as i32 - 1) / 2, (g.ranks() as i32 - 1) / 2);
    g.squares()
        .iter()
        .filter(|s| !avoid.contains(*s))
        .min_by_key(|s| {
            let (df, dr) = (g.file_of(*s) - cf, g.rank_of(*s) - cr);
            (df * df + dr * dr, s.0)
        })
        .unwrap_or_default()
}

/// A good square to show a White piece on: see [`teaching_square_of`].
pub fn teaching_square(variant: &Variant, kind: PieceKind) -> Square {
    teaching_square_of(
        variant,
        Piece {
            color: Color::White,
            kind,
        },
    )
}

/// A good square to show a piece on, by one rule for every script: a
/// square it may stand on ([`squares_to_stand_on`]); for a piece with
/// first-move-only moves, its start square nearest the middle file (so the
/// first move shows); otherwise the square where its empty-board diagram
/// marks the most moves, the one nearest the centre among equals (the
/// centre for the orthodox pieces, the middle of the palace for Xiangqi's
/// General). A piece that shows no move on any such square is shown on its
/// start square nearest the middle file, if it has one.
pub fn teaching_square_of(variant: &Variant, piece: Piece) -> Square {
    let g = &variant.geometry;
    let code = piece.code();
    let standing = squares_to_stand_on(variant, piece);
    let mid = (g.files() as i32 - 1) * 10 / 2;
    let start = standing
        .iter()
        .filter(|s| variant.start_codes.get(s.index()) == Some(&code))
        .min_by_key(|s| ((g.file_of(*s) * 10 - mid).abs(), s.0));
    if variant.piece(piece.kind).has_initial_moves() {
        if let Some(s) = start {
            return s;
        }
    }
    let (cf, cr) = ((g.files() as i32 - 1) / 2, (g.ranks() as i32 - 1) / 2);
    // Ranked by the moves it shows on the empty board, then by all its marks
    // there; a piece that shows nothing without hurdles (a grasshopper) by
    // its marks with them; then by nearness to the centre.
    let best = standing
        .iter()
        .map(|sq| {
            let mut board = vec![None; g.cells()];
            board[sq.index()] = Some(piece);
            let unmoved = variant.start_codes.get(sq.index()) == Some(&code);
            let bare = reach(variant, piece, sq, &board, unmoved);
            let marked = |r: &Reach| r.moves.union(&r.potential_captures).len();
            let hurdled = if marked(&bare) == 0 {
                place_hurdles(variant, piece, sq, &mut board, unmoved);
                marked(&reach(variant, piece, sq, &board, unmoved))
            } else {
                0
            };
            let (df, dr) = (g.file_of(sq) - cf, g.rank_of(sq) - cr);
            let rank = (bare.moves.len(), marked(&bare), hurdled);
            (sq, rank, df * df + dr * dr)
        })
        .max_by_key(|&(sq, rank, distance)| {
            (rank, std::cmp::Reverse(distance), std::cmp::Reverse(sq.0))
        })
        .map(|(sq, (moves, marked, hurdled), _)| (sq, moves + marked + hurdled));
    match best {
        Some((sq, shown)) if shown > 0 => sq,
        _ => start.unwrap_or_else(|| central_square_outside(variant, &SquareSet::EMPTY)),
    }
}

/// The squares where a piece may stand in a game: the board's squares
/// inside every region it must stay in and outside those it may not enter
/// or land in (as its side sees them), but not where it would have to have
/// promoted (a pawn on the last rank), nor where it would end the game at
/// once (King of the Hill's hill). Empty only if the rules leave no square.
pub fn squares_to_stand_on(variant: &Variant, piece: Piece) -> SquareSet {
    use crate::ir::rule::RegionPolicy;
    let code = piece.code();
    let def = variant.piece(piece.kind);
    let mut set = *variant.geometry.squares();
    for rule in def
        .region_rules
        .iter()
        .filter(|r| *r.colors.get(piece.color))
    {
        match &rule.policy {
            RegionPolicy::StayIn(inside) => set = set.intersection(inside.get(piece.color)),
            RegionPolicy::NeverEnter(out) | RegionPolicy::NeverLand(out) => {
                set = set.difference(out.get(piece.color));
            }
            RegionPolicy::NeverCross { .. } | RegionPolicy::CrossBeside { .. } => {}
        }
    }
    let must_promote = |sq: Square| {
        let choices = variant.promotion.choices(code, sq);
        !choices.is_empty() && !choices.contains(&piece.kind)
    };
    let goals = variant
        .game_end
        .goals
        .iter()
        .filter(|goal| goal.kinds.contains(&piece.kind))
        .fold(SquareSet::EMPTY, |all, goal| {
            all.union(goal.squares.get(piece.color))
        });
    let standing: SquareSet = set
        .iter()
        .filter(|&sq| !must_promote(sq) && !goals.contains(sq))
        .collect();
    if standing.is_empty() {
        // Every arrival promotes (Kyoto shogi's pieces turn over on every
        // move): the piece stands where a drop or a turn puts it.
        return set.iter().filter(|&sq| !goals.contains(sq)).collect();
    }
    standing
}

/// The kind of piece an empty-board diagram uses as a hurdle: the
/// non-royal kind with the most copies in the start position (the pawns,
/// in most variants), then the one with the fewest moves from the centre.
/// None only when every kind is royal (then the piece itself serves).
pub fn hurdle_kind(variant: &Variant) -> Option<PieceKind> {
    let t = &variant.tables;
    let centre = central_square(variant);
    (0..variant.pieces.len())
        .map(|i| PieceKind(i as u8))
        .filter(|k| !variant.piece(*k).royal)
        .min_by_key(|&kind| {
            let code = Piece {
                color: Color::White,
                kind,
            }
            .code();
            let copies = variant.start_codes.iter().filter(|&&c| c == code).count();
            let mut reached = SquareSet::EMPTY;
            for ray in t.rays(code, centre).iter().filter(|r| !r.initial) {
                let s = ray.start as usize;
                for j in s..s + ray.len as usize {
                    if t.path_flags[j] & (MOVE | CAPTURE) != 0 {
                        reached.insert(t.path_squares[j]);
                    }
                }
            }
            (std::cmp::Reverse(copies), reached.len(), kind.0)
        })
}

/// The hurdles [`place_hurdles`] put on a board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hurdles {
    /// Their squares.
    pub squares: SquareSet,
    /// Their kind (None: no hurdles).
    pub kind: Option<PieceKind>,
    /// Whether some are hoppers' screens (otherwise all are squares a leg
    /// must jump over).
    pub hops: bool,
}

/// Puts hurdles on `board` for `piece` on `at`, so that the moves that
/// need a piece to pass show: on each of its rays that reaches nothing
/// without one, a friendly piece of [`hurdle_kind`]. A hop's hurdle stands
/// two squares along its line when a landing square lies behind that (so
/// the hop's landing squares lie beyond a square it passes), else on the
/// first; a leg that must jump over an occupied square gets a hurdle on
/// that square. A hop whose line already holds a piece (another ray's
/// hurdle) gets none. Works for any piece, from its rays alone.
pub fn place_hurdles(
    variant: &Variant,
    piece: Piece,
    at: Square,
    board: &mut [Option<Piece>],
    unmoved: bool,
) -> Hurdles {
    let t = &variant.tables;
    let mut out = Hurdles::default();
    let kind = hurdle_kind(variant).unwrap_or(piece.kind);
    let hurdle = Piece {
        color: piece.color,
        kind,
    };
    for ray in t.rays(piece.code(), at) {
        if ray.initial && !unmoved {
            continue;
        }
        let s = ray.start as usize;
        let squares = &t.path_squares[s..s + ray.len as usize];
        let flags = &t.path_flags[s..s + ray.len as usize];
        let lands = |j: usize| flags.get(j).is_some_and(|f| f & (MOVE | CAPTURE) != 0);
        let lands_after = |j: usize| (j + 1..flags.len()).any(lands);
        let mut put = |sq: Square, board: &mut [Option<Piece>]| {
            if sq != at && board[sq.index()].is_none() {
                board[sq.index()] = Some(hurdle);
                out.squares.insert(sq);
                out.kind = Some(kind);
            }
        };
        match ray.kind {
            RayKind::Hop | RayKind::HopRight => {
                if squares.iter().any(|q| board[q.index()].is_some()) {
                    continue;
                }
                let behind = |j: usize| {
                    if ray.kind == RayKind::HopRight {
                        lands(j + 1)
                    } else {
                        lands_after(j)
                    }
                };
                if let Some(j) = [1, 0].into_iter().find(|&j| behind(j)) {
                    put(squares[j], board);
                    out.hops = true;
                }
            }
            RayKind::Slide => {
                for (j, &sq) in squares.iter().enumerate() {
                    if flags[j] & MUST_BE_OCCUPIED != 0 && lands_after(j) {
                        put(sq, board);
                    }
                }
            }
        }
    }
    out
}

/// The hand counts per piece code of a variant with hands (empty for
/// one without), read with `count`.
fn hands_of(variant: &Variant, count: impl Fn(Piece) -> u8) -> Vec<u8> {
    let Some(rules) = &variant.hands else {
        return Vec::new();
    };
    // `hands unlimited` counts nothing: each kind that may be dropped is
    // shown once (one to pick, and never fewer).
    let count = |piece: Piece| match rules.unlimited {
        true => u8::from(!rules.drop_squares[piece.code() as usize].is_empty()),
        false => count(piece),
    };
    let mut hands = vec![0; crate::ir::hand::HAND_SLOTS];
    for k in 0..variant.pieces.len() {
        for color in [Color::White, Color::Black] {
            let piece = Piece {
                color,
                kind: PieceKind(k as u8),
            };
            if let Some(slot) = hands.get_mut(piece.code() as usize) {
                *slot = count(piece);
            }
        }
    }
    hands
}

impl Diagram {
    /// A position without marks (its royal pieces in check highlighted).
    pub fn of_position(pos: &Position) -> Diagram {
        let variant = pos.variant().clone();
        let board = (0..variant.geometry.cells())
            .map(|i| pos.piece_at(Square(i as u8)))
            .collect();
        let checked = if pos.is_check() {
            pos.pieces_of(pos.side_to_move())
                .iter()
                .filter(|&sq| {
                    pos.piece_at(sq)
                        .is_some_and(|p| variant.piece(p.kind).royal)
                })
                .collect()
        } else {
            SquareSet::EMPTY
        };
        // Checkmated: in check with no legal move (the king marked apart from a check).
        let checkmated = if !checked.is_empty()
            && variant.game_end.checkmate.is_some()
            && pos.legal_moves().is_ok_and(|m| m.is_empty())
        {
            checked
        } else {
            SquareSet::EMPTY
        };
        Diagram {
            marks: vec![0; variant.geometry.cells()],
            board,
            walls: *pos.walls(),
            subject: None,
            last_move: None,
            checked,
            checkmated,
            caption: String::new(),
            hands: hands_of(&variant, |piece| pos.in_hand(piece)),
            variant,
        }
    }

    /// A piece alone on the empty board, with the squares it may move to
    /// and those it could capture on. It counts as never moved when it
    /// stands on one of its start squares.
    ///
    /// A piece whose moves need a piece to pass (a hopper's screen, a leg
    /// over a square that must be occupied) would show none of those on a
    /// truly empty board, so friendly hurdles are put on the board for
    /// them ([`place_hurdles`]); they are marked as screens, and the marks
    /// are the moves on the board as drawn, hurdles included. The caption
    /// says so, and says when the hurdles also block other moves.
    pub fn piece_alone(variant: &Arc<Variant>, piece: Piece, at: Square) -> Diagram {
        let cells = variant.geometry.cells();
        let mut board = vec![None; cells];
        board[at.index()] = Some(piece);
        let unmoved = variant.start_codes.get(at.index()) == Some(&piece.code());
        let bare = reach(variant, piece, at, &board, unmoved);
        let hurdles = place_hurdles(variant, piece, at, &mut board, unmoved);
        let r = if hurdles.squares.is_empty() {
            bare.clone()
        } else {
            reach(variant, piece, at, &board, unmoved)
        };
        let mut marks = vec![0; cells];
        for sq in r.moves.iter() {
            marks[sq.index()] |= MARK_MOVE;
        }
        for sq in r.potential_captures.iter() {
            marks[sq.index()] |= MARK_CAPTURE;
        }
        for sq in r.blocks.iter() {
            marks[sq.index()] |= MARK_BLOCK;
        }
        for sq in r.screens.iter() {
            marks[sq.index()] |= MARK_SCREEN;
        }
        let def = variant.piece(piece.kind);
        // White's pieces are the default; Black's say so.
        let mut caption = format!(
            "{}{} on {}{}",
            if piece.color == Color::Black {
                format!("{} ", variant.side_name(Color::Black))
            } else {
                String::new()
            },
            def.name,
            variant.geometry.name(at),
            if unmoved && def.has_initial_moves() {
                " (not yet moved)"
            } else {
                ""
            }
        );
        if let Some(kind) = hurdles.kind {
            caption.push_str(&format!(
                ", with {} hurdles to {} over",
                variant.piece(kind).name,
                if hurdles.hops { "hop" } else { "jump" }
            ));
            let lost = !bare.moves.difference(&r.moves).is_empty()
                || !bare
                    .potential_captures
                    .difference(&r.potential_captures)
                    .is_empty();
            if lost {
                caption.push_str(", which also block some of its other moves");
            }
        }
        Diagram {
            caption,
            variant: variant.clone(),
            board,
            walls: SquareSet::EMPTY,
            subject: Some(at),
            marks,
            last_move: None,
            checked: SquareSet::EMPTY,
            checkmated: SquareSet::EMPTY,
            hands: Vec::new(),
        }
    }

    /// The moves of the piece on `at` in a position: its legal moves
    /// (as if its side were to move), with blockers and screens marked.
    ///
    /// # Errors
    /// There is no piece on `at`.
    pub fn piece_in_position(pos: &Position, at: Square) -> Result<Diagram, DiagramError> {
        let variant = pos.variant().clone();
        let Some(piece) = pos.piece_at(at) else {
            return Err(DiagramError::NoPiece(variant.geometry.name(at)));
        };
        let mut d = Diagram::of_position(pos);
        d.subject = Some(at);
        let moving = if pos.side_to_move() == piece.color {
            Some(pos.clone())
        } else {
            with_side(pos, piece.color).ok()
        };
        let unmoved = pos.unmoved().contains(at);
        let r = reach_among_walls(&variant, piece, at, &d.board, &d.walls, unmoved);
        match moving {
            Some(p) => {
                for m in p.legal_moves_from(at).unwrap_or_default() {
                    let captured = m.kind == MoveKind::EnPassant || p.piece_at(m.to).is_some();
                    d.marks[m.to.index()] |= if captured { MARK_CAPTURE } else { MARK_MOVE };
                }
            }
            None => {
                // The other side cannot be to move here (its move would take a royal piece):
                // the moves the piece's rays give.
                for sq in r.moves.iter() {
                    d.marks[sq.index()] |= MARK_MOVE;
                }
                for sq in r.captures.iter() {
                    d.marks[sq.index()] |= MARK_CAPTURE;
                }
            }
        }
        for sq in r.blocks.iter() {
            d.marks[sq.index()] |= MARK_BLOCK;
        }
        for sq in r.screens.iter() {
            d.marks[sq.index()] |= MARK_SCREEN;
        }
        d.caption = format!(
            "{} {} on {}",
            variant.side_name(piece.color),
            variant.piece(piece.kind).name,
            variant.geometry.name(at)
        );
        Ok(d)
    }

    /// A board from a setup that need not be a game position: a teaching
    /// diagram of a Rook and a Pawn has no kings. Nothing is marked.
    pub fn of_setup(variant: &Arc<Variant>, setup: &Setup) -> Diagram {
        let cells = variant.geometry.cells();
        let board = (0..cells)
            .map(|i| setup.board.get(i).copied().and_then(Piece::from_board_code))
            .collect();
        let walls = (0..cells)
            .filter(|&i| setup.board.get(i) == Some(&WALL_CODE))
            .map(|i| Square(i as u8))
            .collect();
        Diagram {
            variant: variant.clone(),
            board,
            walls,
            subject: None,
            marks: vec![0; cells],
            last_move: None,
            checked: SquareSet::EMPTY,
            checkmated: SquareSet::EMPTY,
            caption: String::new(),
            hands: hands_of(variant, |piece| {
                setup.hands.get(piece.code() as usize).copied().unwrap_or(0)
            }),
        }
    }

    /// The pieces `side` holds in hand, in the order of the variant's
    /// pieces, with their counts; None when the diagram shows no hands.
    pub fn hand(&self, side: Color) -> Option<Vec<(Piece, u8)>> {
        if self.hands.is_empty() {
            return None;
        }
        let held = (0..self.variant.pieces.len())
            .map(|k| Piece {
                color: side,
                kind: PieceKind(k as u8),
            })
            .filter_map(|piece| {
                let n = self.hands.get(piece.code() as usize).copied().unwrap_or(0);
                (n > 0).then_some((piece, n))
            })
            .collect();
        Some(held)
    }

    /// The moves of the piece on `at` on a setup's board that is no game
    /// position (no royal piece, so nothing is pinned and no move is
    /// illegal for exposing one): its rays walked over the board, as the
    /// VM's move generator walks them, with blockers and screens. It
    /// counts as never moved on one of its start squares.
    ///
    /// # Errors
    /// The square is a void, or no piece stands on it.
    pub fn piece_on_board(
        variant: &Arc<Variant>,
        setup: &Setup,
        at: Square,
    ) -> Result<Diagram, DiagramError> {
        if variant.geometry.is_void(at) {
            return Err(DiagramError::NotASquare(variant.geometry.name(at)));
        }
        let mut d = Diagram::of_setup(variant, setup);
        let Some(piece) = d.board[at.index()] else {
            return Err(DiagramError::NoPiece(variant.geometry.name(at)));
        };
        let unmoved = variant.start_codes.get(at.index()) == Some(&piece.code());
        let r = reach_among_walls(variant, piece, at, &d.board, &d.walls, unmoved);
        for (set, flag) in [
            (r.moves, MARK_MOVE),
            (r.captures, MARK_CAPTURE),
            (r.blocks, MARK_BLOCK),
            (r.screens, MARK_SCREEN),
        ] {
            for sq in set.iter() {
                d.marks[sq.index()] |= flag;
            }
        }
        d.subject = Some(at);
        d.caption = format!(
            "{} {} on {}",
            variant.side_name(piece.color),
            variant.piece(piece.kind).name,
            variant.geometry.name(at)
        );
        Ok(d)
    }

    /// The squares carrying a mark flag.
    pub fn marked(&self, flag: u8) -> SquareSet {
        (0..self.marks.len())
            .filter(|&i| self.marks[i] & flag != 0)
            .map(|i| Square(i as u8))
            .collect()
    }
}

/// The position with another side to move (en passant cleared).
///
/// # Errors
/// The result is not a legal position.
pub fn with_side(pos: &Position, side: Color) -> Result<Position, DiagramError> {
    let variant = pos.variant().clone();
    let mut setup = parse_fen(&variant, &write_fen(pos))?;
    if setup.side != side {
        setup.side = side;
        setup.en_passant = None;
    }
    Ok(Position::from_setup(&variant, &setup)?)
}

/// The position with `piece` put on `at` (replacing what stood there) and
/// its side to move: what `show PIECE at SQUARE` looks at.
///
/// # Errors
/// The square does not exist, or the result is not a legal position.
pub fn place_piece(pos: &Position, piece: Piece, at: Square) -> Result<Position, DiagramError> {
    let variant = pos.variant().clone();
    if variant.geometry.is_void(at) {
        return Err(DiagramError::NotASquare(variant.geometry.name(at)));
    }
    let mut setup = parse_fen(&variant, &write_fen(pos))?;
    setup.board[at.index()] = piece.code();
    if setup.side != piece.color {
        setup.side = piece.color;
        setup.en_passant = None;
    }
    Ok(Position::from_setup(&variant, &setup)?)
}
