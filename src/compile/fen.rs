//! The FEN reader: text → [`Setup`], for any board: multi-digit empty
//! runs (`10`, `11`), ranks past 9, void squares counted as empty in runs
//! (`*` is accepted for a void too, as Fairy-Stockfish writes them; on any
//! other square `*` is a wall),
//! castling rights as `KQkq` or file letters, and en passant as one square
//! (`e3`) or, when the passed square alone does not say which piece passed
//! it, two (`e3d4`: passed square, then the piece that passed it; read in
//! either order, the passed square being the empty one, as Fairy-Stockfish
//! writes them in board order).
//!
//! It needs only the IR, so it lives in the compiler, which reads the
//! script's `setup` with it; `notation::fen` re-exports it (one reader) and
//! holds the writer.

use std::fmt;

use crate::ir::geometry::{Geometry, Square};
use crate::ir::piece::{Color, Piece, PieceKind, WALL_CODE};
use crate::ir::setup::Setup;
use crate::ir::Variant;

/// A FEN that cannot be read, with the byte range of the offending part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFenError {
    /// What is wrong.
    pub message: String,
    /// First byte of the offending part.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for ParseFenError {}

fn err(message: impl Into<String>, start: usize, end: usize) -> ParseFenError {
    ParseFenError {
        message: message.into(),
        start,
        end,
    }
}

/// Reads the placement field: the piece code on every cell.
///
/// # Errors
/// Wrong number of ranks, a rank of the wrong width, an unknown letter, a
/// piece on a void square.
pub fn parse_placement(
    geometry: &Geometry,
    letter: &dyn Fn(char, bool) -> Option<PieceKind>,
    text: &str,
) -> Result<Vec<u8>, ParseFenError> {
    parse_marked_placement(geometry, letter, text).map(|(board, _)| board)
}

/// A placement read from FEN: the piece code on every cell, and the
/// squares marked promoted, each with the byte of its `~`.
pub type MarkedPlacement = (Vec<u8>, Vec<(Square, usize)>);

/// Reads the placement field, with the pieces marked promoted (`Q~`, as
/// Fairy-Stockfish writes crazyhouse's promoted pieces): the piece code
/// on every cell, and each marked square with the byte of its `~`.
///
/// # Errors
/// As [`parse_placement`]; also a `~` that follows no piece.
pub fn parse_marked_placement(
    geometry: &Geometry,
    letter: &dyn Fn(char, bool) -> Option<PieceKind>,
    text: &str,
) -> Result<MarkedPlacement, ParseFenError> {
    let mut promoted = Vec::new();
    let ranks = geometry.ranks() as usize;
    let mut board = vec![0u8; geometry.cells()];
    let rank_texts: Vec<(usize, &str)> = {
        let mut v = Vec::new();
        let mut start = 0;
        for part in text.split('/') {
            v.push((start, part));
            start += part.len() + 1;
        }
        v
    };
    if rank_texts.len() != ranks {
        return Err(err(
            format!(
                "the board has {ranks} ranks but the FEN gives {}",
                rank_texts.len()
            ),
            0,
            text.len(),
        ));
    }
    for (i, &(offset, rank_text)) in rank_texts.iter().enumerate() {
        let rank = ranks - 1 - i;
        let cells = ParsedCells {
            board: &mut board,
            promoted: &mut promoted,
        };
        parse_rank(geometry, letter, text, (offset, rank_text), rank, cells)?;
    }
    Ok((board, promoted))
}

/// A `*` on cell `cell`, if `on_board`: a void stays a void (as
/// Fairy-Stockfish writes voids), any other square gets a wall.
fn read_wall_mark(geometry: &Geometry, board: &mut [u8], cell: usize, on_board: bool) {
    if on_board && !geometry.is_void(Square(cell as u8)) {
        board[cell] = WALL_CODE;
    }
}

/// Where [`parse_rank`] writes: the board and the marked squares.
struct ParsedCells<'a> {
    board: &'a mut [u8],
    promoted: &'a mut Vec<(Square, usize)>,
}

/// Reads one rank of the placement (`rank_text`, starting at byte
/// `offset` of `text`) onto rank `rank` of the board.
fn parse_rank(
    geometry: &Geometry,
    letter: &dyn Fn(char, bool) -> Option<PieceKind>,
    text: &str,
    (offset, rank_text): (usize, &str),
    rank: usize,
    cells: ParsedCells<'_>,
) -> Result<(), ParseFenError> {
    let ParsedCells { board, promoted } = cells;
    let files = geometry.files() as usize;
    let mut file = 0usize;
    let mut chars = rank_text.char_indices().peekable();
    let mut last_piece: Option<Square> = None;
    let mut plus: Option<usize> = None;
    while let Some((j, c)) = chars.next() {
        let at = offset + j;
        if let Some(p) = plus {
            if !c.is_ascii_alphabetic() {
                return Err(err(
                    "`+` marks a promoted piece but no letter follows it",
                    p,
                    p + 1,
                ));
            }
        }
        if c == '+' {
            plus = Some(at);
            continue;
        }
        if c == '~' {
            promoted.push((last_piece.take().ok_or_else(|| stray_mark(at))?, at));
            continue;
        }
        last_piece = None;
        if c.is_ascii_digit() {
            let mut k = j + 1;
            while let Some(&(i, d)) = chars.peek() {
                if !d.is_ascii_digit() {
                    break;
                }
                k = i + 1;
                chars.next();
            }
            let n: usize = rank_text[j..k]
                .parse()
                .map_err(|_| err("number too large", at, offset + k))?;
            if n == 0 {
                return Err(err("an empty run of 0 squares", at, offset + k));
            }
            file = file.saturating_add(n);
            if file > files {
                break;
            }
            continue;
        }
        if c == '*' {
            read_wall_mark(geometry, board, rank * files + file, file < files);
            file += 1;
            continue;
        }
        if !c.is_ascii_alphabetic() {
            return Err(err(
                format!("unexpected `{c}` in the placement"),
                at,
                at + c.len_utf8(),
            ));
        }
        let start = plus.take().unwrap_or(at);
        let Some(kind) = letter(c, start < at) else {
            let token = &text[start..at + 1];
            return Err(err(
                format!("no piece has the letter `{token}`"),
                start,
                at + 1,
            ));
        };
        if file < files {
            let sq = Square((rank * files + file) as u8);
            if geometry.is_void(sq) {
                return Err(err(
                    format!("`{c}` stands on {}, a void square", geometry.name(sq)),
                    at,
                    at + 1,
                ));
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            board[sq.index()] = Piece { color, kind }.code();
            last_piece = Some(sq);
        }
        file += 1;
    }
    if let Some(p) = plus {
        return Err(err(
            "`+` marks a promoted piece but no letter follows it",
            p,
            p + 1,
        ));
    }
    if file != files {
        return Err(err(
            format!(
                "rank {} has {file} squares but the board has {files} files",
                rank + 1
            ),
            offset,
            offset + rank_text.len(),
        ));
    }
    Ok(())
}

fn stray_mark(at: usize) -> ParseFenError {
    err("`~` marks a promoted piece but follows none", at, at + 1)
}

/// Reads a full FEN for a variant.
///
/// # Errors
/// The first problem found, with its byte range in `fen`.
///
/// # Examples
///
/// ```
/// use varia::ir::piece::Color;
/// use varia::notation::fen::parse_fen;
///
/// let variant = varia::compile_path("chess").unwrap();
/// let setup = parse_fen(&variant, "4k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
/// assert_eq!(setup.side, Color::Black);
///
/// let error = parse_fen(&variant, "4k3/8/4K3 w - - 0 1").unwrap_err();
/// assert_eq!(error.message, "the board has 8 ranks but the FEN gives 3");
/// assert_eq!((error.start, error.end), (0, 9));
/// ```
pub fn parse_fen(variant: &Variant, fen: &str) -> Result<Setup, ParseFenError> {
    let mut fields = Vec::new();
    let mut pos = 0;
    for part in fen.split_ascii_whitespace() {
        let start = fen[pos..].find(part).map_or(pos, |i| pos + i);
        fields.push((start, part));
        pos = start + part.len();
    }
    let Some(&(_, placement)) = fields.first() else {
        return Err(err("empty FEN", 0, fen.len()));
    };
    // Fairy-Stockfish leaves out the castling and en passant fields of a
    // variant that has neither (`lnsgkgsnl/…[-] w 0 1`), and reads any FEN
    // whose field after the side to move starts with a digit so
    // (`… w 3+3 0 1`): read them as `-`.
    let is_number = |f: &(usize, &str)| f.1.bytes().all(|b| b.is_ascii_digit());
    if fields
        .get(2)
        .is_some_and(|f| f.1.starts_with(|c: char| c.is_ascii_digit()))
    {
        let at = fields[2].0;
        fields.splice(2..2, [(at, "-"), (at, "-")]);
    }
    // Counters (`3+3`, as Fairy-Stockfish writes n-check) may follow the en
    // passant field; the move counters come after them.
    let counters = read_counters(fields.get(4).copied())?;
    let shift = usize::from(counters.is_some());
    if fields.len() > 6 + shift {
        let (s, p) = fields[6 + shift];
        return Err(err("too many fields in the FEN", s, s + p.len()));
    }
    let geometry = &variant.geometry;
    let (placement, hand_text) = split_hands(variant, placement);
    let (board, marked) = parse_marked_placement(
        geometry,
        &|c, plus| variant.kind_by_token(c, plus),
        placement,
    )?;
    if let (Some(&(_, at)), false) = (marked.first(), variant.tracks_promoted()) {
        return Err(err(
            "`~` marks a promoted piece, but this variant does not remember promoted pieces",
            at,
            at + 1,
        ));
    }
    let promoted = marked.into_iter().map(|(sq, _)| sq).collect();
    let hands = match hand_text {
        None => Vec::new(),
        Some(text) => read_hands(variant, fields[0].0 + placement.len(), text)?,
    };
    let side = read_side(fields.get(1).copied())?;
    let (castling, gates) = match fields.get(2) {
        Some(&(s, p)) if p != "-" => read_castling(variant, &board, s, p)?,
        _ => (Vec::new(), Vec::new()),
    };
    // A running count (`counting …`) stands in the en passant field, and
    // the plies counted in the halfmove clock's (as Fairy-Stockfish
    // writes them).
    let count_limit = match fields.get(3) {
        Some(&(s, p)) if variant.game_end.counting.is_some() && is_number(&(s, p)) => {
            Some(read_count(p).map_err(|message| err(message, s, s + p.len()))?)
        }
        _ => None,
    };
    let en_passant = match fields.get(3) {
        _ if count_limit.is_some() => None,
        None | Some((_, "-")) => None,
        Some(&(s, p)) => Some(read_en_passant(geometry, &board, s, p)?),
    };
    let number = |i: usize, default: u32| -> Result<u32, ParseFenError> {
        match fields.get(i + shift) {
            None => Ok(default),
            Some(&(s, p)) => read_count(p).map_err(|message| err(message, s, s + p.len())),
        }
    };
    let mut halfmoves = number(4, 0)?;
    let count = count_limit.filter(|&l| l > 0).map(|limit| {
        let ply = std::mem::take(&mut halfmoves);
        (limit, ply)
    });
    let fullmoves = number(5, 1)?;
    if fullmoves == 0 {
        let (s, p) = fields[5 + shift];
        return Err(err("the move number starts at 1", s, s + p.len()));
    }
    Ok(Setup {
        board,
        side,
        castling,
        en_passant,
        halfmoves,
        fullmoves,
        counters,
        hands,
        promoted,
        gates,
        count,
    })
}

/// The board and the hands of a placement field. Hands come in brackets
/// after the board (`…/RNBQKBNR[Pnn]`, as Fairy-Stockfish and lichess write
/// them) or, in a variant with hands, as one more rank of pieces after a
/// slash (`…/RNBQKBNR/Pnn`, the form lichess's libraries also read).
fn split_hands<'f>(variant: &Variant, placement: &'f str) -> (&'f str, Option<&'f str>) {
    if let Some(i) = placement.find('[') {
        return (&placement[..i], Some(&placement[i..]));
    }
    let ranks = usize::from(variant.geometry.ranks());
    if variant.hands.is_some() && placement.matches('/').count() == ranks {
        if let Some(i) = placement.rfind('/') {
            let pocket = &placement[i + 1..];
            if pocket.bytes().all(|b| b.is_ascii_alphabetic()) {
                return (&placement[..i], Some(&placement[i..]));
            }
        }
    }
    (placement, None)
}

/// The hands field `[QRn]` or `/QRn` (at byte `s` of the FEN): how many
/// pieces of each code are in hand. `[]`, `[-]` and `/` are empty hands.
fn read_hands(variant: &Variant, s: usize, text: &str) -> Result<Vec<u8>, ParseFenError> {
    if variant.hands.is_none() {
        return Err(err(
            format!("`{text}` gives pieces in hand, but this variant has no pieces in hand"),
            s,
            s + text.len(),
        ));
    }
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .or_else(|| text.strip_prefix('/'));
    let Some(inner) = inner else {
        return Err(err(
            format!("`{text}` is not a hands field such as `[Qp]`"),
            s,
            s + text.len(),
        ));
    };
    let mut counts = vec![0u8; 1 + 2 * variant.pieces.len()];
    if inner == "-" {
        return Ok(counts);
    }
    for (i, c) in inner.char_indices() {
        let at = s + 1 + i;
        let Some(kind) = c
            .is_ascii_alphabetic()
            .then(|| variant.kind_by_letter(c))
            .flatten()
        else {
            return Err(err(
                format!("no piece has the letter `{c}`"),
                at,
                at + c.len_utf8(),
            ));
        };
        let royal_drops = variant.hands.as_ref().is_some_and(|h| h.royal_drops);
        if variant.piece(kind).royal_like() && !royal_drops {
            return Err(err(
                format!("`{c}` is a royal piece: it cannot be in hand"),
                at,
                at + 1,
            ));
        }
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let slot = &mut counts[Piece { color, kind }.code() as usize];
        if *slot >= crate::ir::hand::MAX_IN_HAND {
            return Err(err(
                format!("more than {} `{c}` in hand", crate::ir::hand::MAX_IN_HAND),
                at,
                at + 1,
            ));
        }
        *slot += 1;
    }
    Ok(counts)
}

/// The counters field (`3+3`), if the fifth field is one.
fn read_counters(field: Option<(usize, &str)>) -> Result<Option<[i32; 2]>, ParseFenError> {
    let Some((s, p)) = field else {
        return Ok(None);
    };
    let Some((w, b)) = p.split_once('+') else {
        return Ok(None);
    };
    let parse = |t: &str| {
        if t.starts_with('-') && t.len() > 1 && t[1..].bytes().all(|b| b.is_ascii_digit()) {
            return Err(err(
                format!("the counter `{t}` in `{p}` is negative: counters are 0 or more"),
                s,
                s + p.len(),
            ));
        }
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err(
                format!("`{p}` is not a counter field such as `3+3`"),
                s,
                s + p.len(),
            ));
        }
        t.parse::<i32>().map_err(|_| {
            err(
                format!(
                    "the counter `{t}` in `{p}` is too large: at most {}",
                    i32::MAX
                ),
                s,
                s + p.len(),
            )
        })
    };
    Ok(Some([parse(w)?, parse(b)?]))
}

/// A move count (halfmove clock or move number): digits only, at most
/// `u32::MAX` (playing on from there keeps the count at that maximum).
fn read_count(p: &str) -> Result<u32, String> {
    if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "`{p}` is not a move count (a whole number from 0 to {})",
            u32::MAX
        ));
    }
    p.parse::<u32>()
        .map_err(|_| format!("the move count `{p}` is too large: at most {}", u32::MAX))
}

/// The side to move (White if the field is missing).
fn read_side(field: Option<(usize, &str)>) -> Result<Color, ParseFenError> {
    match field {
        None | Some((_, "w")) => Ok(Color::White),
        Some((_, "b")) => Ok(Color::Black),
        Some((s, p)) => Err(err(
            format!("the side to move is `w` or `b`, not `{p}`"),
            s,
            s + p.len(),
        )),
    }
}

/// The castling rights field (`p`, at byte `s`): the indices of the
/// variant's castling rules kept, by letter (`KQkq`) or rook file; and,
/// in a variant with gating, the squares of the pieces that may still
/// open a gate, by file (`BCDFGbcdfg`, as Fairy-Stockfish writes them).
/// For castling from any start (Chess960) `K` and `Q` name the outermost
/// rook on that side of the king (X-FEN), and a file letter the rook on
/// that file (Shredder-FEN).
fn read_castling(
    variant: &Variant,
    board: &[u8],
    s: usize,
    p: &str,
) -> Result<(Vec<usize>, Vec<Square>), ParseFenError> {
    let geometry = &variant.geometry;
    let mut castling: Vec<usize> = Vec::new();
    let mut gates = Vec::new();
    let gating = variant.hands.as_ref().and_then(|h| h.gating.as_ref());
    // `first moves of … in FEN`: the kinds whose never-moved pieces the
    // field names by file.
    let in_fen: Vec<&str> = variant
        .pieces
        .iter()
        .filter(|p| p.first_moves_in_fen)
        .map(|p| p.name.as_str())
        .collect();
    for (i, c) in p.char_indices() {
        let at = |message: String| err(message, s + i, s + i + c.len_utf8());
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if let Some(right) = any_start_right(variant, board, color, c) {
            let r = right.map_err(at)?;
            let letter = variant.castling[r].letter;
            if castling
                .iter()
                .any(|&k| variant.castling[k].letter == letter)
            {
                return Err(at(format!(
                    "a second castling right on {}'s {}",
                    variant.side_name(color),
                    if letter.eq_ignore_ascii_case(&'K') {
                        "kingside"
                    } else {
                        "queenside"
                    }
                )));
            }
            castling.push(r);
            continue;
        }
        let matches: Vec<usize> = variant
            .castling
            .iter()
            .enumerate()
            .filter(|(_, r)| {
                // With gating, a file letter is a gate (as in Fairy-Stockfish).
                r.color == color
                    && (r.letter == c
                        || (gating.is_none()
                            && !matches!(c.to_ascii_uppercase(), 'K' | 'Q')
                            && geometry.file_of(r.rook_from)
                                == c.to_ascii_lowercase() as i32 - 'a' as i32))
            })
            .map(|(i, _)| i)
            .collect();
        if let (true, Some(g)) = (matches.is_empty(), gating) {
            if let Some(sq) = gate_on_file(geometry, g, board, color, c) {
                gates.push(sq);
                continue;
            }
            return Err(at(format!(
                "no castling right or gate is called `{c}`: no {} piece stands on file {} of the gate squares",
                if color == Color::White { "White" } else { "Black" },
                c.to_ascii_lowercase()
            )));
        }
        if let (true, None, false) = (matches.is_empty(), gating, in_fen.is_empty()) {
            if let Some(sq) = first_moves_on_file(variant, board, color, c) {
                gates.push(sq);
                continue;
            }
            return Err(at(format!(
                "`{c}` names no piece that has never moved: no {} {} stands on file {} of its first rank",
                variant.side_name(color),
                in_fen.join(" or "),
                c.to_ascii_lowercase()
            )));
        }
        if matches.is_empty() {
            return Err(at(if variant.castling.is_empty() {
                format!("castling right `{c}`, but this variant has no castling")
            } else {
                format!("no castling right is called `{c}`")
            }));
        }
        castling.extend(matches);
    }
    Ok((castling, gates))
}

/// The castling right `c` of `color` in a variant that castles from any
/// start (`None` if `color` has no such castling): the rule of the king
/// on its castling rank (the one on the lowest file, as Fairy-Stockfish
/// takes it) and the rook `c` names, or why there is none.
fn any_start_right(
    variant: &Variant,
    board: &[u8],
    color: Color,
    c: char,
) -> Option<Result<usize, String>> {
    let g = &variant.geometry;
    let first = variant
        .castling
        .iter()
        .find(|r| r.any_start && r.color == color)?;
    let rank = g.rank_of(first.king_to);
    let side = variant.side_name(color);
    let holds = |sq: Square, kind: PieceKind| board[sq.index()] == Piece { color, kind }.code();
    let on_rank = |file: i32| g.square(file, rank);
    let Some(king) = (0..i32::from(g.files()))
        .filter_map(on_rank)
        .find(|&sq| holds(sq, first.king))
    else {
        let name = &variant.piece(first.king).name;
        return Some(Err(format!(
            "castling right `{c}`, but {side} has no {name} on rank {}",
            rank + 1
        )));
    };
    let rules = || {
        variant
            .castling
            .iter()
            .enumerate()
            .filter(move |(_, r)| r.any_start && r.color == color && r.king_from == king)
    };
    let rook_name = &variant.piece(first.rook).name;
    let rook = match c.to_ascii_uppercase() {
        // X-FEN: the outermost rook on that side.
        wing @ ('K' | 'Q') => rules()
            .filter(|(_, r)| r.letter.to_ascii_uppercase() == wing && holds(r.rook_from, r.rook))
            .map(|(_, r)| r.rook_from)
            .max_by_key(|&sq| (g.file_of(sq) - g.file_of(king)).abs())
            .ok_or_else(|| {
                let wing = if wing == 'K' { "right" } else { "left" };
                format!("castling right `{c}`, but {side} has no {rook_name} on the king's {wing} on rank {}", rank + 1)
            }),
        // Shredder-FEN: the rook on that file.
        letter if letter.is_ascii_alphabetic() => {
            on_rank(letter as i32 - 'A' as i32).ok_or_else(|| {
                format!("castling right `{c}`, but the board has no file {}", letter.to_ascii_lowercase())
            })
        }
        _ => Err(format!("`{c}` is not a castling right: `KQkq` or the rooks' files (`HAha`)")),
    };
    let rook = match rook {
        Ok(sq) => sq,
        Err(message) => return Some(Err(message)),
    };
    Some(
        rules()
            .find(|(_, r)| r.rook_from == rook && holds(rook, r.rook))
            .map(|(i, _)| i)
            .ok_or_else(|| {
                format!(
                    "castling right `{c}`, but {side} has no {rook_name} on {} to castle with the king on {}",
                    g.name(rook),
                    g.name(king)
                )
            }),
    )
}

/// The square of the gating right `c` (a file letter, upper case for
/// White): the gate square of `color` on that file that holds one of its
/// pieces (`K` and `Q` are castling, never files, as in Fairy-Stockfish).
fn gate_on_file(
    geometry: &Geometry,
    gating: &crate::ir::hand::Gating,
    board: &[u8],
    color: Color,
    c: char,
) -> Option<Square> {
    if !c.is_ascii_alphabetic() || matches!(c.to_ascii_uppercase(), 'K' | 'Q') {
        return None;
    }
    let file = c.to_ascii_lowercase() as i32 - 'a' as i32;
    gating.region.get(color).iter().find(|&sq| {
        geometry.file_of(sq) == file
            && board
                .get(sq.index())
                .is_some_and(|&code| Piece::from_board_code(code).is_some_and(|p| p.color == color))
    })
}

/// The never-moved piece `c` names (a file letter, upper case for White)
/// in a variant whose FEN writes first moves (`first moves of … in FEN`):
/// the piece of such a kind of `color` on that file of its first rank.
fn first_moves_on_file(variant: &Variant, board: &[u8], color: Color, c: char) -> Option<Square> {
    if !c.is_ascii_alphabetic() {
        return None;
    }
    let g = &variant.geometry;
    let file = c.to_ascii_lowercase() as i32 - 'a' as i32;
    let rank = match color {
        Color::White => 0,
        Color::Black => g.ranks() as i32 - 1,
    };
    let sq = g.square(file, rank)?;
    let piece = Piece::from_board_code(*board.get(sq.index())?)?;
    (piece.color == color && variant.piece(piece.kind).first_moves_in_fen).then_some(sq)
}

/// The en passant field (`p`, at byte `s`): the passed square and, if
/// written, the square of the piece that passed it.
fn read_en_passant(
    geometry: &Geometry,
    board: &[u8],
    s: usize,
    p: &str,
) -> Result<(Square, Option<Square>), ParseFenError> {
    let (passed, victim) = parse_en_passant(geometry, p).ok_or_else(|| {
        err(format!("`{p}` is not an en passant field (a square, or a square and the square of the piece that passed it)"), s, s + p.len())
    })?;
    // The two squares in either order (Fairy-Stockfish writes them in
    // board order): the passed square is the empty one.
    Ok(match victim {
        Some(v) if board[passed.index()] != 0 && board[v.index()] == 0 => (v, Some(passed)),
        _ => (passed, victim),
    })
}

fn parse_en_passant(geometry: &Geometry, text: &str) -> Option<(Square, Option<Square>)> {
    // One or two square names run together: letters then digits, twice.
    let bytes = text.as_bytes();
    let mut cut = None;
    for i in 1..bytes.len() {
        if bytes[i].is_ascii_lowercase() && bytes[i - 1].is_ascii_digit() {
            cut = Some(i);
        }
    }
    match cut {
        None => Some((geometry.parse_square(text)?, None)),
        Some(i) => Some((
            geometry.parse_square(&text[..i])?,
            Some(geometry.parse_square(&text[i..])?),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(fen: &str) -> (String, usize, usize) {
        let variant = crate::compile_path("chess").expect("built in");
        let e = parse_fen(&variant, fen).expect_err("refused");
        (e.message, e.start, e.end)
    }

    #[test]
    fn move_counts_out_of_range_are_refused() {
        let base = "4k3/8/8/8/8/8/8/4K3 w - -";
        assert_eq!(
            error(&format!("{base} 0 4294967296")),
            (
                "the move count `4294967296` is too large: at most 4294967295".into(),
                28,
                38
            )
        );
        assert_eq!(
            error(&format!("{base} 99999999999999999999 1")),
            (
                "the move count `99999999999999999999` is too large: at most 4294967295".into(),
                26,
                46
            )
        );
        for bad in ["-1", "5x", "1e3"] {
            let (message, start, end) = error(&format!("{base} {bad} 1"));
            assert_eq!(
                message,
                format!("`{bad}` is not a move count (a whole number from 0 to 4294967295)")
            );
            assert_eq!((start, end), (26, 26 + bad.len()));
        }
        let variant = crate::compile_path("chess").expect("built in");
        let top = parse_fen(&variant, &format!("{base} 4294967295 4294967295")).expect("read");
        assert_eq!((top.halfmoves, top.fullmoves), (u32::MAX, u32::MAX));
    }

    #[test]
    fn a_huge_empty_run_is_a_wrong_rank_width() {
        let (message, start, end) = error("4k3/8/8/8/8/8/8/P18446744073709551615 w - - 0 1");
        assert_eq!(
            message,
            "rank 1 has 18446744073709551615 squares but the board has 8 files"
        );
        assert_eq!((start, end), (16, 37));
    }

    #[test]
    fn negative_or_huge_counters_are_refused() {
        let base = "4k3/8/8/8/8/8/8/4K3 w - -";
        assert_eq!(
            error(&format!("{base} -1+3 0 1")),
            (
                "the counter `-1` in `-1+3` is negative: counters are 0 or more".into(),
                26,
                30
            )
        );
        assert_eq!(
            error(&format!("{base} 3+-2 0 1")).0,
            "the counter `-2` in `3+-2` is negative: counters are 0 or more"
        );
        assert_eq!(
            error(&format!("{base} 3+99999999999 0 1")).0,
            "the counter `99999999999` in `3+99999999999` is too large: at most 2147483647"
        );
        assert_eq!(
            error(&format!("{base} 3++3 0 1")).0,
            "`3++3` is not a counter field such as `3+3`"
        );
    }
}
