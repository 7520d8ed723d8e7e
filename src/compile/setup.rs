//! The setup pass: the script's `setup` FEN → the start [`Setup`], checked
//! for everything the data can tell.
//!
//! It runs twice: [`start_placement`] reads the placement early (castling
//! needs to know where the pieces start), and [`start_setup`] reads the
//! whole FEN once the variant is built and checks it: placement, letters
//! and voids (by the FEN reader), castling rights with their king and rook
//! in place, an en passant field some piece could have made, a royal piece
//! for each side. The one check that needs attacks (the side not to move
//! is in check) is the VM's: the `load` module, above the VM, runs it after compiling and
//! reports it with [`setup_error`], pointing into the same FEN.

use crate::compile::fen::{parse_fen, parse_placement};
use crate::diagnostics::{Code, ScriptError};
use crate::ir::geometry::Geometry;
use crate::ir::piece::{Color, Piece, PieceDef, PieceKind};
use crate::ir::setup::{EnPassantError, Setup};
use crate::ir::Variant;
use crate::source::{Span, Spanned};

/// What the passes that read the start placement (castling, the shuffle)
/// read: the board, the placement, the pieces.
pub(crate) struct StartContext<'a> {
    /// The board.
    pub geometry: &'a Geometry,
    /// How Black's squares follow from White's.
    pub symmetry: crate::ir::Symmetry,
    /// The start placement (piece code by cell).
    pub start: &'a [u8],
    /// Names → kinds, reporting unknown names.
    pub kind_by_name: &'a crate::compile::promotion::KindByName<'a>,
    /// The piece definitions.
    pub pieces: &'a [PieceDef],
}

/// The field of a setup FEN a diagnostic points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupField {
    /// The piece placement (the first field).
    Placement,
    /// The castling rights (the third field).
    Castling,
    /// The en passant field (the fourth field).
    EnPassant,
}

/// What the data of a start setup can show to be wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    /// A castling right without its king and rook in place.
    #[error("castling right `{letter}` but the king or rook is not on its square")]
    BadCastlingRight {
        /// The right's letter.
        letter: char,
    },
    /// An en passant field that no piece could have made.
    #[error("bad en passant field: {0}")]
    BadEnPassant(EnPassantError),
    /// A side without a royal piece in a variant that has one.
    #[error("{} has no royal piece", side_name(.color))]
    MissingRoyal {
        /// The side.
        color: Color,
    },
}

fn side_name(color: &Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The start placement (the piece code on each cell), read early for the
/// castling rules; `None`, with the error reported, if the setup is
/// missing or its placement cannot be read.
pub(super) fn start_placement(
    geometry: &Geometry,
    defs: &[PieceDef],
    setup: Option<&Spanned<String>>,
    missing_at: Span,
    errors: &mut Vec<ScriptError>,
) -> Option<Vec<u8>> {
    let Some(setup) = setup else {
        errors.push(
            ScriptError::new(
                Code::CompileMissingSetup,
                "the script declares no setup",
                missing_at,
                "this script has no `setup` declaration",
            )
            .with_help("add the start position as a FEN, e.g. the orthodox one: setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\""),
        );
        return None;
    };
    let placement_text = setup.value.split_ascii_whitespace().next().unwrap_or("");
    // The hands (`[Pp]`) are read with the whole FEN, once the variant is built.
    let placement_text = placement_text.split('[').next().unwrap_or("");
    if placement_text.is_empty() {
        errors.push(
            ScriptError::new(Code::CompileBadSetup, "the setup is empty", setup.span, "empty FEN")
                .with_help("write the start position as a FEN, such as the orthodox `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`"),
        );
        return None;
    }
    let placement_offset = setup.value.find(placement_text).unwrap_or(0);
    let letter_of = |c: char, plus: bool| {
        defs.iter()
            .position(|d| d.letter == c.to_ascii_uppercase() && d.plus_mark == plus)
            .map(|i| PieceKind(i as u8))
    };
    match parse_placement(geometry, &letter_of, placement_text) {
        Ok(board) => Some(board),
        Err(e) => {
            errors.push(
                ScriptError::new(
                    Code::CompileBadSetup,
                    format!("bad setup: {}", e.message),
                    setup.span.sub(placement_offset + e.start, placement_offset + e.end),
                    "here",
                )
                .with_help("the setup is a FEN: ranks from the last to the first, each ended by a slash, digits for runs of empty squares (voids count as empty)"),
            );
            None
        }
    }
}

/// The whole start setup of a built variant, read and checked; `None`, with
/// the errors reported, if it cannot be read or the data shows it wrong.
pub(super) fn start_setup(
    variant: &Variant,
    setup: &Spanned<String>,
    errors: &mut Vec<ScriptError>,
) -> Option<Setup> {
    let start = match parse_fen(variant, &setup.value) {
        Ok(s) => s,
        Err(e) => {
            errors.push(
                ScriptError::new(
                    Code::CompileBadSetup,
                    format!("bad setup: {}", e.message),
                    setup.span.sub(e.start, e.end),
                    "here",
                )
                .with_help("a FEN has six fields: placement, side to move, castling rights, en passant, half-move clock, move number"),
            );
            return None;
        }
    };
    let problems = problems(variant, &start);
    if problems.is_empty() {
        return Some(start);
    }
    for problem in &problems {
        errors.push(problem_error(problem, setup));
    }
    None
}

/// Everything the data shows wrong with a setup, in the order the VM
/// would find it: castling rights, en passant, royal pieces.
fn problems(variant: &Variant, setup: &Setup) -> Vec<SetupProblem> {
    let mut problems = Vec::new();
    for &r in &setup.castling {
        let Some(rule) = variant.castling.get(r) else {
            continue;
        };
        if !rule.pieces_in_place(&setup.board) {
            problems.push(SetupProblem::BadCastlingRight {
                letter: rule.letter,
            });
        }
    }
    if let Some((passed, victim)) = setup.en_passant {
        if let Err(e) = variant.en_passant_victim(&setup.board, setup.side, passed, victim) {
            problems.push(SetupProblem::BadEnPassant(e));
        }
    }
    for color in Color::ALL {
        if variant.needs_royal(color) {
            let royal =
                |piece: Piece| piece.color == color && variant.piece(piece.kind).royal_like();
            // A royal piece in hand counts (Placement chess's kings).
            let in_hand = setup.hands.iter().enumerate().any(|(code, &n)| {
                n > 0 && code > 0 && Piece::from_board_code(code as u8).is_some_and(royal)
            });
            let has_royal = in_hand
                || setup
                    .board
                    .iter()
                    .any(|&code| Piece::from_board_code(code).is_some_and(royal));
            if !has_royal {
                problems.push(SetupProblem::MissingRoyal { color });
            }
        }
    }
    problems
}

fn problem_error(problem: &SetupProblem, setup: &Spanned<String>) -> ScriptError {
    let (field, label, help) = match problem {
        SetupProblem::BadCastlingRight { .. } => (
            SetupField::Castling,
            "this castling right",
            "a castling right needs its king and rook on their squares",
        ),
        SetupProblem::BadEnPassant(_) => (
            SetupField::EnPassant,
            "this en passant field",
            "the en passant field names the square a piece just passed, or `-`",
        ),
        SetupProblem::MissingRoyal { .. } => (
            SetupField::Placement,
            "this placement",
            "each side needs a royal piece, since the variant has one (a side that plays without one says so: `white has no royal piece`)",
        ),
    };
    setup_error(setup, field, &format!("bad setup: {problem}"), label, help)
}

/// A `bad_setup` error pointing at one field of the setup FEN (the whole
/// FEN if the field is not written).
pub fn setup_error(
    setup: &Spanned<String>,
    field: SetupField,
    message: &str,
    label: &str,
    help: &str,
) -> ScriptError {
    let field_index = match field {
        SetupField::Placement => 0,
        SetupField::Castling => 2,
        SetupField::EnPassant => 3,
    };
    let mut offset = 0;
    let mut range = (0, setup.value.len());
    for (i, part) in setup.value.split_ascii_whitespace().enumerate() {
        let start = setup.value[offset..]
            .find(part)
            .map_or(offset, |j| offset + j);
        offset = start + part.len();
        if i == field_index {
            range = (start, offset);
            break;
        }
    }
    ScriptError::new(
        Code::CompileBadSetup,
        message,
        setup.span.sub(range.0, range.1),
        label,
    )
    .with_help(help)
}
