//! First moves as Cambodian chess has them (`scripts/fairy-stockfish/
//! cambodian.variant`): a king's leap that is not allowed in check
//! (`also King "ifsmN" unless in check`), written in FEN by file
//! (`first moves of King, Met in FEN`: `DEde`) and lost to a rook's move
//! onto the king's rank or file (`first moves of King lost when a Rook
//! moves onto its rank or file`). Every expected move list and FEN is
//! Fairy-Stockfish's, through pyffish's `legal_moves` and `get_fen` on its
//! built-in `cambodian`.

use crate::common;
use common::moves::moves as coords;
use common::oracle::script;

use varia::notation::fen::write_fen;
use varia::notation::san::parse_move;
use varia::vm::Position;

fn moves_of(fen: &str) -> String {
    let variant = script("cambodian");
    let pos = Position::from_fen(&variant, fen).unwrap();
    coords(&pos).into_iter().collect::<Vec<_>>().join(" ")
}

/// The king that has never moved (`D` in the FEN) leaps to b2 or f2;
/// without its letter, or in check (a knight on c3), it does not.
#[test]
fn the_king_leaps_once_and_never_out_of_check() {
    assert_eq!(
        moves_of("4k3/8/8/8/8/8/8/3K4 w D - 0 1"),
        "d1b2 d1c1 d1c2 d1d2 d1e1 d1e2 d1f2"
    );
    assert_eq!(
        moves_of("4k3/8/8/8/8/8/8/3K4 w - - 0 1"),
        "d1c1 d1c2 d1d2 d1e1 d1e2"
    );
    assert_eq!(
        moves_of("4k3/8/8/8/8/2n5/8/3K4 w D - 0 1"),
        "d1c1 d1c2 d1d2 d1e1"
    );
}

/// The met that has never moved (`E`) steps two squares forward, over
/// its own pawn.
#[test]
fn the_met_steps_two_over_a_piece() {
    assert_eq!(
        moves_of("4k3/8/8/8/8/8/4P3/4M2K w E - 0 1"),
        "e1d2 e1e3 e1f2 e2e3 h1g1 h1g2 h1h2"
    );
}

/// A rook's move onto the king's rank (a8a1) or file (a5d5, a pawn
/// between) takes the leap away; a move elsewhere (a8a2) does not; taken
/// back, the move gives it back, hash and all.
#[test]
fn a_rook_on_the_kings_line_takes_its_leap_away() {
    let variant = script("cambodian");
    let cases = [
        (
            "r3k3/8/8/8/8/8/8/3K4 b D - 0 1",
            "a8a1",
            "4k3/8/8/8/8/8/8/r2K4 w - 30 6 2",
        ),
        (
            "r3k3/8/8/8/8/8/8/3K4 b D - 0 1",
            "a8a2",
            "4k3/8/8/8/8/8/r7/3K4 w D 30 6 2",
        ),
        (
            "4k3/8/8/r7/8/3P4/8/3K4 b D - 0 1",
            "a5d5",
            "4k3/8/8/3r4/8/3P4/8/3K4 w - 126 0 2",
        ),
    ];
    for (fen, played, after) in cases {
        let mut pos = Position::from_fen(&variant, fen).unwrap();
        let hash = pos.hash();
        let mv = parse_move(&pos, played).unwrap();
        let undo = pos.play_unchecked(mv);
        assert_eq!(write_fen(&pos), after, "{fen} {played}");
        pos.unplay(mv, undo);
        assert_eq!((write_fen(&pos), pos.hash()), (fen.to_string(), hash));
    }
}

/// A letter of the castling field that names no king or met standing on
/// its first rank is an error that says so.
#[test]
fn a_letter_without_its_piece_is_refused() {
    let variant = script("cambodian");
    let error = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/3K4 w C - 0 1").unwrap_err();
    assert_eq!(
        error.to_string(),
        "`C` names no piece that has never moved: no White King or Met stands on file c of its first rank"
    );
}
