//! Standard algebraic notation (SAN) for any variant, by the FIDE
//! conventions: `Nf3`, `exd5`, `e8=Q`, `O-O`, `Ra10`, `Nbd7`, `R1a3`,
//! `Qh4e1`, with `+` for check and `#` for checkmate.
//!
//! Pieces are written by their FEN letter (`+P` for a piece FEN writes
//! so, a promotion to it `=+P`; a move that could promote but declines
//! has no suffix, and a typed move without one means it). Pawn-like pieces (those whose
//! moves reset the move rule, i.e. the pieces that promote) are written
//! without a letter; their captures name the origin file. Castling is
//! `O-O` toward the higher file, `O-O-O` toward the lower one.
//!
//! Reading ([`parse_move`]) accepts SAN (with or without `x`, `=`, `+`,
//! `#`, over-specified origins, `0-0`) and coordinate moves (`e2e4`,
//! `e7e8q`, `a10a9`). A move that cannot be played gets a
//! [`MoveInputError`] saying what was found (not a move, no legal move
//! fits, more than one does); [`crate::teach::illegal`] explains why.
//! Board rendering and game files live elsewhere ([`crate::notation::pgn`]).

use crate::ir::geometry::Square;
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::vm::moves::Gate;
use crate::vm::{Move, MoveKind, Position};

/// Whether a piece kind is written without a letter: a pawn (it
/// promotes). Where a variant has pawns of several kinds (Wolf chess's
/// pawns and sergeants, Spartan chess's pawns and hoplites), only the one
/// lettered `P` is, as Fairy-Stockfish writes its pawns: the others write
/// their letter (`Sa3` beside `a3`).
pub fn is_pawn_like(pos: &Position, kind: PieceKind) -> bool {
    let variant = pos.variant();
    let def = variant.piece(kind);
    def.pawn_like
        && (def.letter == 'P' && !def.plus_mark
            || variant.pieces.iter().filter(|d| d.pawn_like).count() == 1)
}

/// Writes a legal move in SAN, with `+` or `#` when it gives check or mate.
///
/// Generates the legal moves of `pos` (and, after a check, of the position
/// after it); [`move_to_san_in`] takes the legal moves when the caller has them.
pub fn move_to_san(pos: &Position, mv: Move) -> String {
    move_to_san_in(pos, &pos.legal_moves().unwrap_or_default(), mv)
}

/// [`move_to_san`] given the legal moves of `pos`.
pub fn move_to_san_in(pos: &Position, legal: &[Move], mv: Move) -> String {
    let mut s = move_to_san_plain_in(pos, legal, mv);
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if after.is_check() {
        // A failing hook after the move: no mate can be claimed.
        s.push(
            after
                .legal_moves()
                .map_or('+', |l| check_suffix(&after, &l)),
        );
    }
    s
}

/// The suffix of a move that gave check: `#` if `after` (the position it
/// led to, with its legal moves `legal_after`) is checkmate, else `+`.
pub fn check_suffix(after: &Position, legal_after: &[Move]) -> char {
    if legal_after.is_empty() && after.variant().game_end.checkmate.is_some() {
        '#'
    } else {
        '+'
    }
}

/// Writes a legal move in SAN without the check suffix.
pub fn move_to_san_plain(pos: &Position, mv: Move) -> String {
    move_to_san_plain_in(pos, &pos.legal_moves().unwrap_or_default(), mv)
}

/// [`move_to_san_plain`] given the legal moves of `pos` (they decide
/// whether the origin must be written to tell the move apart).
pub fn move_to_san_plain_in(pos: &Position, legal: &[Move], mv: Move) -> String {
    let variant = pos.variant();
    let g = &variant.geometry;
    if let MoveKind::Castle(r) = mv.kind {
        let rule = &variant.castling[r as usize];
        let mut s = if g.file_of(rule.rook_from) > g.file_of(rule.king_from) {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        };
        match mv.gate {
            Some(gate @ Gate::Piece { kind, .. }) => {
                s.push('/');
                s.push_str(&variant.piece(kind).token(Color::White));
                s.push_str(&g.name(mv.gate_square(variant, gate)));
            }
            Some(Gate::Wall(sq)) => push_wall(&mut s, g, sq),
            None => {}
        }
        return s;
    }
    let Some(piece) = pos.piece_at(mv.from) else {
        return crate::notation::coord::move_to_coord(pos, mv);
    };
    if mv.kind == MoveKind::Pass {
        // As Fairy-Stockfish writes a pass: the piece and its square
        // (`Pa1`), then the wall it puts instead of moving (`Ra1,h5`).
        let mut s = format!(
            "{}{}",
            variant.piece(piece.kind).token(Color::White),
            g.name(mv.from)
        );
        if let Some(Gate::Wall(sq)) = mv.gate {
            push_wall(&mut s, g, sq);
        }
        return s;
    }
    let pawn = is_pawn_like(pos, piece.kind);
    // A promotion in place (`promote … in place`) stands on its own square.
    let capture = mv.kind == MoveKind::EnPassant
        || (mv.kind != MoveKind::Promote && pos.piece_at(mv.to).is_some());
    let mut s = String::new();
    if !pawn {
        s.push_str(&variant.piece(piece.kind).token(Color::White));
    }
    // Other legal moves of the same piece type to the same square.
    let rivals: Vec<Square> = legal
        .iter()
        .copied()
        .filter(|m| {
            m.from != mv.from
                && m.to == mv.to
                && m.promotion == mv.promotion
                && !matches!(m.kind, MoveKind::Castle(_))
                && pos.piece_at(m.from) == Some(piece)
        })
        .map(|m| m.from)
        .collect();
    let file = g.name(mv.from).chars().next().unwrap_or('?');
    let rank = g.rank_of(mv.from) + 1;
    let need_file_for_pawn = pawn && capture;
    if mv.kind == MoveKind::Promote && mv.from != mv.to {
        // A promotion by the new piece's step names its square, as
        // Fairy-Stockfish writes Sittuyin's (`d5c6=F`).
        s.push_str(&g.name(mv.from));
    } else if rivals.is_empty() {
        if need_file_for_pawn {
            s.push(file);
        }
    } else {
        let same_file = rivals.iter().any(|&r| g.file_of(r) == g.file_of(mv.from));
        let same_rank = rivals.iter().any(|&r| g.rank_of(r) == g.rank_of(mv.from));
        if !same_file {
            s.push(file);
        } else if !same_rank && !pawn {
            s.push_str(&rank.to_string());
        } else {
            s.push(file);
            s.push_str(&rank.to_string());
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(&g.name(mv.to));
    if let Some(k) = mv.promotion {
        s.push('=');
        s.push_str(&variant.piece(k).token(Color::White));
    }
    match mv.gate {
        Some(Gate::Piece { kind, .. }) => {
            s.push('/');
            s.push_str(&variant.piece(kind).token(Color::White));
        }
        Some(Gate::Wall(sq)) => push_wall(&mut s, g, sq),
        None => {}
    }
    s
}

/// The wall a move places, after a comma (`Pb1,a1`), as Fairy-Stockfish
/// writes it.
fn push_wall(s: &mut String, g: &crate::ir::geometry::Geometry, sq: Square) {
    s.push(',');
    s.push_str(&g.name(sq));
}

/// Why a typed move cannot be played. Notation tells what it found;
/// [`crate::teach::illegal`] explains in words why a move is not legal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveInputError {
    /// The text is not a move.
    #[error("{message}")]
    Syntax {
        /// What is wrong.
        message: String,
    },
    /// The destination is not a square of the board.
    #[error("{square} is not on this board")]
    OffBoard {
        /// The square as typed.
        square: String,
    },
    /// The destination is a void, where no piece can stand.
    #[error("{square} is a void: no piece can stand there")]
    Void {
        /// The square as typed.
        square: String,
    },
    /// The piece on `from` reaches `to` only by promoting, and the text names no piece.
    #[error("the move must name the piece it promotes to")]
    MustPromote {
        /// The promoting piece's square.
        from: Square,
        /// Where it goes.
        to: Square,
        /// The pieces it may promote to.
        choices: Vec<PieceKind>,
    },
    /// No castling toward that side is legal.
    #[error("{} is not legal here", if *short { "O-O" } else { "O-O-O" })]
    NoCastling {
        /// `O-O` (toward the higher file), else `O-O-O`.
        short: bool,
    },
    /// No legal move fits the text.
    #[error("no legal move fits")]
    NoMatch {
        /// The text taken apart.
        typed: TypedMove,
        /// The piece kind its letter names (None: a pawn-like piece, or any piece for coordinates).
        kind: Option<PieceKind>,
        /// The piece kind it promotes to, if it names one.
        promotion: Option<PieceKind>,
    },
    /// A drop (`P@e4`) that is not legal, with the reason in words.
    #[error("{message}")]
    IllegalDrop {
        /// Why, such as "you have no pawn in hand".
        message: String,
    },
    /// A gating move (`Nf3/H`, `b1c3h`) that is not legal, with the reason in words.
    #[error("{message}")]
    IllegalGate {
        /// Why, such as "you have no hawk in hand".
        message: String,
    },
    /// A move that places a wall (`Pb1,a1`) where its wall may not go,
    /// or that does not say where, with the reason in words.
    #[error("{message}")]
    IllegalWall {
        /// Why, such as "a wall may not go on a1: a piece stands there".
        message: String,
    },
    /// More than one legal move fits.
    #[error("ambiguous: {} moves fit", candidates.len())]
    Ambiguous {
        /// The moves that fit.
        candidates: Vec<Move>,
    },
}

/// A move as typed, taken apart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TypedMove {
    /// The piece letter (upper case), if one was typed.
    pub letter: Option<char>,
    /// The origin file (0: `a`), if typed.
    pub from_file: Option<i32>,
    /// The origin rank (0: the first), if typed.
    pub from_rank: Option<i32>,
    /// The destination.
    pub to: Option<Square>,
    /// The destination as typed.
    pub to_text: String,
    /// The promotion letter (upper case), if typed.
    pub promotion: Option<char>,
    /// The piece letter was typed after a `+` (`+P`).
    pub letter_plus: bool,
    /// The promotion letter was typed after a `+` (`=+P`).
    pub promotion_plus: bool,
    /// `Some(true)`: `O-O`; `Some(false)`: `O-O-O`.
    pub castle: Option<bool>,
    /// Typed as coordinates: origin file and rank, no letter.
    pub coordinate: bool,
}

/// Reads a move typed in SAN or coordinates and finds the legal move it means.
///
/// # Errors
/// [`MoveInputError`]: not a move, not legal (with the reason), or ambiguous.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveInputError> {
    parse_move_in(pos, &pos.legal_moves().unwrap_or_default(), text)
}

/// The legal move written exactly as coordinates (`d6d7+`, where the `+`
/// is shogi's promotion, not a check mark), or a pass (`pass when stuck`)
/// written as SAN writes it (`Pa1`).
fn written_exactly(pos: &Position, legal: &[Move], text: &str) -> Option<Move> {
    let text = text.trim();
    legal.iter().copied().find(|&m| {
        crate::notation::coord::move_to_coord(pos, m) == text
            || (m.kind == MoveKind::Pass && move_to_san_plain_in(pos, legal, m) == text)
    })
}

/// XBoard's text for a null move, which it and Fairy-Stockfish use for a
/// pass (Janggi's); `parse_move_in` reads it as the legal pass.
pub const NULL_MOVE: &str = "@@@@";

/// The pass among `legal`, for [`NULL_MOVE`].
fn legal_pass(legal: &[Move]) -> Result<Move, MoveInputError> {
    legal
        .iter()
        .copied()
        .find(|m| m.kind == MoveKind::Pass)
        .ok_or_else(|| MoveInputError::Syntax {
            message: format!("`{NULL_MOVE}` is a pass, and no pass is legal here"),
        })
}

/// [`parse_move`] given the legal moves of `pos`: generates no moves
/// unless the text fits none of them.
///
/// # Errors
/// As [`parse_move`].
pub fn parse_move_in(pos: &Position, legal: &[Move], text: &str) -> Result<Move, MoveInputError> {
    if text.trim() == NULL_MOVE {
        return legal_pass(legal);
    }
    if let Some((letter, square)) = text.trim().trim_end_matches(['+', '#']).split_once('@') {
        return parse_drop(pos, legal, letter, square, text);
    }
    if let Some(m) = written_exactly(pos, legal, text) {
        return Ok(m);
    }
    if legal.iter().any(|m| m.wall().is_some()) {
        return parse_walled(pos, legal, text);
    }
    let gating = legal.iter().any(|m| m.gate.is_some());
    if let (true, Some((base, gate))) = (
        gating || pos.variant().hands.is_some(),
        text.trim().split_once('/'),
    ) {
        return parse_gating(pos, legal, base, gate);
    }
    // Without a `/X` suffix, SAN names the move that does not gate.
    let plain: Vec<Move>;
    let legal = if gating {
        plain = legal.iter().copied().filter(|m| m.gate.is_none()).collect();
        &plain[..]
    } else {
        legal
    };
    let typed = split(pos, text)?;
    let variant = pos.variant();
    let g = &variant.geometry;
    if let Some(short) = typed.castle {
        let fits: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| match m.kind {
                MoveKind::Castle(r) => {
                    let rule = &variant.castling[r as usize];
                    (g.file_of(rule.rook_from) > g.file_of(rule.king_from)) == short
                }
                _ => false,
            })
            .collect();
        return match fits.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveInputError::NoCastling { short }),
            _ => Err(MoveInputError::Ambiguous { candidates: fits }),
        };
    }
    let Some(to) = typed.to else {
        return Err(syntax(text));
    };
    let kind_of = |letter: Option<char>, plus: bool| -> Result<Option<PieceKind>, MoveInputError> {
        letter
            .map(|c| {
                variant
                    .kind_by_token(c, plus)
                    .ok_or_else(|| MoveInputError::Syntax {
                        message: format!("this variant has no piece with the letter {c}"),
                    })
            })
            .transpose()
    };
    let kind_wanted = kind_of(typed.letter, typed.letter_plus)?;
    let promo_wanted = kind_of(typed.promotion, typed.promotion_plus)?;
    let matches_origin = |m: &Move| {
        typed.from_file.is_none_or(|f| g.file_of(m.from) == f)
            && typed.from_rank.is_none_or(|r| g.rank_of(m.from) == r)
    };
    let matches_kind = |m: &Move| {
        let Some(p) = pos.piece_at(m.from) else {
            return false;
        };
        match kind_wanted {
            Some(k) => p.kind == k,
            None => typed.coordinate || is_pawn_like(pos, p.kind),
        }
    };
    let mut fits: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.to == to && matches_origin(m) && matches_kind(m))
        .collect();
    let promotion_fits = |m: &Move| promo_wanted.is_none_or(|k| m.promotion == Some(k));
    fits.retain(promotion_fits);
    // Castling typed as the king's move (e1g1, Kg1) is read only when no
    // other move fits: `O-O` and `O-O-O` always name it, and a king's
    // move to the same square (another king, or a king that leaps there)
    // has no other name.
    if fits.iter().any(|m| !matches!(m.kind, MoveKind::Castle(_))) {
        fits.retain(|m| !matches!(m.kind, MoveKind::Castle(_)));
    }
    // No promotion typed where a move may decline (shogi), or where another
    // piece's move does not promote (EuroShogi's `Bxc5` beside `Bfxc5=+B`):
    // the moves that do not promote, as the writer disambiguates them.
    if fits.len() > 1 && promo_wanted.is_none() && fits.iter().any(|m| m.promotion.is_none()) {
        fits.retain(|m| m.promotion.is_none());
    }
    if fits.len() > 1 && promo_wanted.is_none() && fits.iter().all(|m| m.promotion.is_some()) {
        let from = fits[0].from;
        if fits.iter().all(|m| m.from == from) {
            return Err(MoveInputError::MustPromote {
                from,
                to,
                choices: fits.iter().filter_map(|m| m.promotion).collect(),
            });
        }
    }
    match fits.len() {
        1 => Ok(fits[0]),
        0 => Err(MoveInputError::NoMatch {
            typed,
            kind: kind_wanted,
            promotion: promo_wanted,
        }),
        _ => Err(MoveInputError::Ambiguous { candidates: fits }),
    }
}

/// Reads a gating move, `Nf3/H` or `O-O/He1` (`base`, then `/`, then
/// `gate`: the entering piece's letter and, for castling, its square),
/// and finds the legal move it means, or says why there is none.
fn parse_gating(
    pos: &Position,
    legal: &[Move],
    base: &str,
    gate: &str,
) -> Result<Move, MoveInputError> {
    let variant = pos.variant();
    let g = &variant.geometry;
    let gate = gate.trim().trim_end_matches(['+', '#', '!', '?']);
    let mut chars = gate.chars();
    let Some(c) = chars.next().filter(|c| c.is_ascii_alphabetic()) else {
        return Err(MoveInputError::Syntax {
            message: format!("`/{gate}` is not a gating piece such as `/H`"),
        });
    };
    let Some(kind) = variant.kind_by_letter(c) else {
        return Err(MoveInputError::Syntax {
            message: format!("this variant has no piece with the letter {c}"),
        });
    };
    let square = chars.as_str();
    let square = if square.is_empty() {
        None
    } else {
        Some(
            g.parse_square(square)
                .ok_or_else(|| MoveInputError::OffBoard {
                    square: square.to_string(),
                })?,
        )
    };
    let plain: Vec<Move> = legal.iter().copied().filter(|m| m.gate.is_none()).collect();
    let mv = parse_move_in(pos, &plain, base)?;
    let fits: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            m.from == mv.from
                && m.to == mv.to
                && m.kind == mv.kind
                && m.promotion == mv.promotion
                && m.gate.is_some_and(|gt| {
                    gt.piece_kind() == Some(kind)
                        && square.is_none_or(|sq| m.gate_square(variant, gt) == sq)
                })
        })
        .collect();
    match fits.as_slice() {
        [m] => return Ok(*m),
        [] => {}
        _ => return Err(MoveInputError::Ambiguous { candidates: fits }),
    }
    let piece = Piece {
        color: pos.side_to_move(),
        kind,
    };
    let name = piece_name(pos, piece);
    let gating = variant.hands.as_ref().and_then(|h| h.gating.as_ref());
    let left = square.unwrap_or(mv.from);
    let message = match gating {
        None => "this variant has no gating".to_string(),
        Some(_) if pos.in_hand(piece) == 0 => format!("you have no {name} in hand"),
        Some(gt) if !gt.squares[piece.code() as usize].contains(left) => {
            format!("a {name} may not enter on {}", g.name(left))
        }
        Some(_) if !pos.unmoved().contains(left) => format!(
            "the piece on {} has moved before: only a piece's first move opens a gate",
            g.name(left)
        ),
        Some(_) => format!(
            "a {name} entering on {} would leave your royal piece attacked",
            g.name(left)
        ),
    };
    Err(MoveInputError::IllegalGate { message })
}

/// Reads a move of a variant with walls: the move in SAN or coordinates,
/// then its wall's square after a comma (`Pb1,a1`; `c1b1,b1a1` as
/// Fairy-Stockfish writes coordinates); without the comma only where the
/// move has one square for its wall (`walls behind`).
fn parse_walled(pos: &Position, legal: &[Move], text: &str) -> Result<Move, MoveInputError> {
    let g = &pos.variant().geometry;
    let text = text.trim();
    let (base, wall) = match text.split_once(',') {
        Some((base, wall)) => (base, Some(wall.trim_end_matches(['+', '#']))),
        None => (text, None),
    };
    let mut bases: Vec<Move> = legal.iter().map(|&m| Move { gate: None, ..m }).collect();
    bases.dedup();
    let mv = parse_move_in(pos, &bases, base)?;
    let same_move = |m: &&Move| {
        m.from == mv.from && m.to == mv.to && m.kind == mv.kind && m.promotion == mv.promotion
    };
    let fits: Vec<Move> = legal.iter().filter(same_move).copied().collect();
    let Some(wall) = wall else {
        return match fits.as_slice() {
            [m] => Ok(*m),
            _ => Err(MoveInputError::IllegalWall {
                message: format!(
                    "say where the wall goes, after a comma: {},{}",
                    base,
                    fits.first()
                        .and_then(|m| m.wall())
                        .map_or_else(String::new, |sq| g.name(sq))
                ),
            }),
        };
    };
    // `a1`, or `b1a1` (the destination again, then the wall): `e10` is a
    // square, not `e1` then `0`.
    let wall = match g.parse_square(wall) {
        Some(_) => wall,
        None => wall.strip_prefix(g.name(mv.to).as_str()).unwrap_or(wall),
    };
    let Some(sq) = g.parse_square(wall) else {
        return Err(MoveInputError::OffBoard {
            square: wall.to_string(),
        });
    };
    // A move that puts no wall (`instead-of-moving`), as FS writes it:
    // `a1b1,b1a1`.
    let no_wall = sq == crate::vm::NO_WALL && mv.kind != MoveKind::Pass;
    fits.iter()
        .find(|m| m.wall() == Some(sq) || (no_wall && m.wall().is_none()))
        .copied()
        .ok_or_else(|| MoveInputError::IllegalWall {
            message: wall_refused(pos, mv, sq),
        })
}

/// Why the wall of `mv` may not go on `sq` (a legal move's wall squares
/// are all the others).
fn wall_refused(pos: &Position, mv: Move, sq: Square) -> String {
    let variant = pos.variant();
    let g = &variant.geometry;
    let name = g.name(sq);
    let Some(walls) = &variant.walls else {
        return "this variant has no walls".to_string();
    };
    let left = sq == mv.from && !matches!(mv.kind, MoveKind::Drop(_));
    if g.is_void(sq) {
        return format!("{name} is a void: a wall cannot go there");
    }
    if pos.walls().contains(sq) {
        return format!("a wall stands on {name} already");
    }
    if sq == mv.to || (pos.piece_at(sq).is_some() && !left) {
        return format!("a wall may not go on {name}: a piece stands there after the move");
    }
    if !walls.region.get(pos.side_to_move()).contains(sq) {
        return format!(
            "a wall may not go on {name}: walls go only on the squares of their region"
        );
    }
    match walls.placement {
        crate::ir::rule::WallPlacement::Behind => format!(
            "a wall may not go on {name}: it goes on the square the piece left, {}",
            g.name(mv.from)
        ),
        crate::ir::rule::WallPlacement::Shot => format!(
            "a wall may not go on {name}: the piece could not move there from {}",
            g.name(mv.to)
        ),
        crate::ir::rule::WallPlacement::Anywhere | crate::ir::rule::WallPlacement::Duck => {
            format!("a wall may not go on {name}")
        }
        crate::ir::rule::WallPlacement::FromEdge => format!(
            "a wall may not go on {name}: walls go on the board's edge or orthogonally next to a wall"
        ),
    }
}

/// Reads a drop, `P@e4` (the letter in either case), and finds the legal
/// drop it means, or says why there is none.
fn parse_drop(
    pos: &Position,
    legal: &[Move],
    letter: &str,
    square: &str,
    text: &str,
) -> Result<Move, MoveInputError> {
    let variant = pos.variant();
    let g = &variant.geometry;
    // `+P@c3`: a piece FEN writes `+P` (Kyoto shogi's other face).
    let (plus, letter) = match letter.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, letter),
    };
    let mut chars = letter.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(syntax(text));
    };
    let found = if plus {
        variant.kind_by_token(c.to_ascii_uppercase(), true)
    } else {
        variant.kind_by_letter(c)
    };
    let Some(kind) = found.filter(|_| c.is_ascii_alphabetic()) else {
        return Err(MoveInputError::Syntax {
            message: format!("this variant has no piece with the letter {c}"),
        });
    };
    let Some(to) = g.parse_square(square.trim()) else {
        return Err(MoveInputError::OffBoard {
            square: square.trim().to_string(),
        });
    };
    if let Some(m) = legal
        .iter()
        .find(|m| m.kind == MoveKind::Drop(kind) && m.to == to)
    {
        return Ok(*m);
    }
    let piece = Piece {
        color: pos.side_to_move(),
        kind,
    };
    let name = piece_name(pos, piece);
    let square = g.name(to);
    // A face (`either-face`) comes from the hand of the piece it is a face of.
    let held = Piece {
        kind: variant
            .hands
            .as_ref()
            .map_or(kind, |h| h.hand_kind[kind.0 as usize]),
        ..piece
    };
    let file_full = pos.drop_file_limit_reached(piece, to);
    let message = match &variant.hands {
        None => "this variant has no pieces in hand".to_string(),
        Some(_) if !pos.holds(held) => {
            format!("you have no {} in hand", piece_name(pos, held))
        }
        Some(_) if pos.piece_at(to).is_some() => format!("{square} is not empty"),
        Some(h) if !h.drop_squares[piece.code() as usize].contains(to) => {
            format!("a {name} may not be dropped on {square}")
        }
        Some(_) if pos.family_drop_refusal(kind, to).is_some() => format!(
            "a {name} may not be dropped on {square}: {}",
            pos.family_drop_refusal(kind, to).unwrap_or_default()
        ),
        Some(_) if file_full.is_some() => match file_full {
            Some(1) => {
                format!("a {name} may not be dropped on a file that has one of your {name}s")
            }
            n => format!(
                "a {name} may not be dropped on a file that has {} of your {name}s",
                n.unwrap_or(0)
            ),
        },
        Some(_) if pos.is_check() => format!("a {name} on {square} does not end the check"),
        Some(h) if h.no_mate[kind.0 as usize] => {
            format!("a {name} may not be dropped to give checkmate")
        }
        Some(_) => format!("a {name} on {square} would leave your royal piece attacked"),
    };
    Err(MoveInputError::IllegalDrop { message })
}

fn syntax(text: &str) -> MoveInputError {
    MoveInputError::Syntax {
        message: format!(
            "`{}` is neither a command nor a move (type `help`; moves look like Nf3, exd5, e8=Q, O-O or e2e4)",
            text.trim()
        ),
    }
}

/// Takes typed text apart into its components.
fn split(pos: &Position, text: &str) -> Result<TypedMove, MoveInputError> {
    let g = &pos.variant().geometry;
    let mut t: String = text.trim().to_string();
    while t.ends_with(['+', '#', '!', '?']) {
        t.pop();
    }
    if let Some(stripped) = t.strip_suffix("e.p.") {
        t = stripped.trim_end().to_string();
    }
    let castle_text = t.replace('0', "O");
    if castle_text == "O-O" || castle_text == "OO" {
        return Ok(TypedMove {
            castle: Some(true),
            ..TypedMove::default()
        });
    }
    if castle_text == "O-O-O" || castle_text == "OOO" {
        return Ok(TypedMove {
            castle: Some(false),
            ..TypedMove::default()
        });
    }
    if t.is_empty() || !t.is_ascii() {
        return Err(syntax(text));
    }
    let b = t.as_bytes();
    let mut typed = TypedMove::default();
    let mut i = 0;
    if b[0].is_ascii_uppercase() {
        typed.letter = Some(b[0] as char);
        i = 1;
    } else if b[0] == b'+' && b.len() > 1 && b[1].is_ascii_uppercase() {
        typed.letter = Some(b[1] as char);
        typed.letter_plus = true;
        i = 2;
    }
    // Promotion at the end: `=Q`, `=+P`, `Q`, or (coordinates) `q` after a digit.
    let mut end = b.len();
    if end >= 3 && b[end - 3] == b'=' && b[end - 2] == b'+' && b[end - 1].is_ascii_alphabetic() {
        typed.promotion = Some(b[end - 1].to_ascii_uppercase() as char);
        typed.promotion_plus = true;
        end -= 3;
    } else if end >= 2 && b[end - 2] == b'=' && b[end - 1].is_ascii_alphabetic() {
        typed.promotion = Some(b[end - 1].to_ascii_uppercase() as char);
        end -= 2;
    } else if end >= 2 && b[end - 1].is_ascii_uppercase() && b[end - 2].is_ascii_digit() {
        typed.promotion = Some(b[end - 1] as char);
        end -= 1;
    } else if end >= 3
        && b[end - 1].is_ascii_lowercase()
        && b[end - 2].is_ascii_digit()
        && typed.letter.is_none()
    {
        // e7e8q: only when what comes before is two squares.
        typed.promotion = Some(b[end - 1].to_ascii_uppercase() as char);
        end -= 1;
    }
    let body = &t[i..end];
    // The destination: the last [a-z][0-9]+.
    let bb = body.as_bytes();
    let mut j = bb.len();
    while j > 0 && bb[j - 1].is_ascii_digit() {
        j -= 1;
    }
    if j == bb.len() || j == 0 || !bb[j - 1].is_ascii_lowercase() {
        return Err(syntax(text));
    }
    let to_text = &body[j - 1..];
    let Some(to) = g.parse_cell(to_text) else {
        return Err(MoveInputError::OffBoard {
            square: to_text.to_string(),
        });
    };
    if g.is_void(to) {
        return Err(MoveInputError::Void {
            square: to_text.to_string(),
        });
    }
    typed.to = Some(to);
    typed.to_text = to_text.to_string();
    let mut rest = &body[..j - 1];
    if let Some(r) = rest.strip_suffix(['x', ':', '-']) {
        // `x` is a capture mark unless it is the whole origin file of a
        // square (`x5` on a board of 24 files or more).
        rest = r;
    }
    if !rest.is_empty() {
        let rb = rest.as_bytes();
        let mut k = 0;
        if rb[0].is_ascii_lowercase() {
            typed.from_file = Some((rb[0] - b'a') as i32);
            k = 1;
        }
        let digits = &rest[k..];
        if !digits.is_empty() {
            if !digits.bytes().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
                return Err(syntax(text));
            }
            let r: i32 = digits.parse().map_err(|_| syntax(text))?;
            typed.from_rank = Some(r - 1);
        }
        typed.coordinate =
            typed.letter.is_none() && typed.from_file.is_some() && typed.from_rank.is_some();
    }
    if typed.promotion.is_some() && !typed.coordinate && typed.letter.is_none() {
        // `e8q` style without origin is fine for pawns; nothing to do.
    }
    if typed.letter.is_none() && typed.from_rank.is_some() && typed.from_file.is_none() {
        return Err(syntax(text));
    }
    Ok(typed)
}

/// The lower-case name of a piece, such as `knight`.
pub fn piece_name(pos: &Position, piece: Piece) -> String {
    pos.variant().piece(piece.kind).name.to_lowercase()
}

/// `White` or `Black`.
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile_source;
    use crate::stdlib;

    fn chess(fen: &str) -> Position {
        let v = compile_source("chess", stdlib::script("chess").unwrap_or_default()).unwrap();
        Position::from_fen(&v, fen).unwrap()
    }

    #[test]
    fn writes_and_reads_the_usual_forms() {
        let pos = chess("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        for (text, san) in [
            ("O-O", "O-O"),
            ("0-0-0", "O-O-O"),
            ("e1g1", "O-O"),
            ("dxe6", "dxe6"),
            ("Nxf7", "Nxf7"),
            ("Qxf6", "Qxf6"),
            ("Ng4", "Ng4"),
            ("Nb1", "Nb1"),
            ("Ncb1", "Nb1"),
            ("a3", "a3"),
            ("g2h3", "gxh3"),
        ] {
            let mv = parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(move_to_san_plain(&pos, mv), san, "{text}");
        }
    }

    #[test]
    fn disambiguates() {
        let pos = chess("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
        let mv = parse_move(&pos, "Rad1").unwrap();
        assert_eq!(move_to_san_plain(&pos, mv), "Rad1");
        assert!(matches!(
            parse_move(&pos, "Rd1"),
            Err(MoveInputError::Ambiguous { .. })
        ));
        let pos = chess("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1");
        let mv = parse_move(&pos, "R1a2").unwrap();
        assert_eq!(move_to_san_plain(&pos, mv), "R1a2");
    }
}
