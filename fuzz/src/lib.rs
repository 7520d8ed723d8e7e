//! What the fuzz targets share: the seed variants (the scripts of
//! `scripts/`, compiled once) and the properties checked on every position
//! a target reaches. A failed property panics, which libFuzzer reports as a
//! crash with the input that caused it.

use std::sync::{Arc, OnceLock};

use varia::compile_source;
use varia::ir::Variant;
use varia::notation::{coord, fen::write_fen, san};
use varia::vm::Position;

/// The scripts of `scripts/`, built into the fuzz binaries.
pub const SCRIPTS: &[(&str, &str)] = &[
    ("chess", include_str!("../../scripts/chess.variant")),
    ("3check", include_str!("../../scripts/fairy-stockfish/3check.variant")),
    ("atomic", include_str!("../../scripts/fairy-stockfish/atomic.variant")),
    ("balbo", include_str!("../../scripts/balbo.variant")),
    (
        "berolina-plus",
        include_str!("../../scripts/berolina-plus.variant"),
    ),
    ("berolina", include_str!("../../scripts/berolina.variant")),
    ("diamond", include_str!("../../scripts/diamond.variant")),
    (
        "grand-betza",
        include_str!("../../scripts/grand-betza.variant"),
    ),
    (
        "kingofthehill",
        include_str!("../../scripts/fairy-stockfish/kingofthehill.variant"),
    ),
    (
        "large-nahbi",
        include_str!("../../scripts/large-nahbi.variant"),
    ),
    ("xiangqi", include_str!("../../scripts/fairy-stockfish/xiangqi.variant")),
];

/// The seed variants, compiled once per process.
pub fn variants() -> &'static [Arc<Variant>] {
    static VARIANTS: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        SCRIPTS
            .iter()
            .map(|(name, text)| compile_source(name, text).expect("a seed script compiles"))
            .collect()
    })
}

/// The seed variant a byte picks.
pub fn variant_for(byte: u8) -> &'static Arc<Variant> {
    let all = variants();
    &all[byte as usize % all.len()]
}

/// The orthodox chess script's lines before its setup: a script that adds
/// a declaration goes between these and [`CHESS_SETUP`].
pub const CHESS_HEAD: &str = "variant \"Fuzz\"\nimport orthodox\nboard 8 x 8\n";

/// The orthodox start position's setup line.
pub const CHESS_SETUP: &str =
    "setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n";

/// FEN write -> read -> write gives the same text, and the position read
/// back is a legal position of the variant.
pub fn check_fen_round_trip(pos: &Position) {
    let fen = write_fen(pos);
    let again = match Position::from_fen(pos.variant(), &fen) {
        Ok(p) => p,
        Err(e) => panic!("the FEN varia wrote is rejected: {fen:?}: {e}"),
    };
    assert_eq!(write_fen(&again), fen, "FEN round trip changed the text");
}

/// Every legal move of `pos` (when its hooks answer): is playable, its SAN
/// reads back to the same move, its coordinate form reads back to a move
/// written the same way, and the position after it writes a FEN that reads
/// back. Returns the legal moves (None when a hook failed).
pub fn check_position(pos: &Position) -> Option<Vec<varia::vm::Move>> {
    check_fen_round_trip(pos);
    let legal = pos.legal_moves().ok()?;
    for &mv in &legal {
        let text = san::move_to_san(pos, mv);
        match san::parse_move(pos, &text) {
            Ok(back) => assert_eq!(back, mv, "SAN {text:?} reads back to another move"),
            Err(e) => panic!(
                "SAN {text:?} of a legal move does not read back: {e}\n{}\nmoves with these squares: {:?}",
                write_fen(pos),
                legal
                    .iter()
                    .filter(|m| (m.from, m.to) == (mv.from, mv.to))
                    .collect::<Vec<_>>()
            ),
        }
        let c = coord::move_to_coord(pos, mv);
        match coord::parse_coord(pos, &c) {
            Some(back) => assert_eq!(coord::move_to_coord(pos, back), c),
            None => panic!("coordinate move {c:?} of a legal move does not read back"),
        }
        let mut after = pos.clone();
        if let Err(e) = after.try_play(mv) {
            panic!("legal move {text} is not playable: {e}");
        }
        check_fen_round_trip(&after);
    }
    Some(legal)
}

/// A script's properties once it compiled: the start position exists, and
/// [`check_position`] holds there and after a first move (the first legal
/// move, and a reply), and a game can start from it.
pub fn check_compiled(variant: &Arc<Variant>) {
    let start = Position::start(variant);
    let _ = varia::game::Game::new(variant);
    let Some(legal) = check_position(&start) else {
        return;
    };
    let mut pos = start;
    let mut legal = legal;
    for _ in 0..2 {
        let Some(&mv) = legal.first() else {
            return;
        };
        if pos.try_play(mv).is_err() {
            return; // check_position has already failed on this
        }
        let _ = pos.outcome();
        match check_position(&pos) {
            Some(next) => legal = next,
            None => return,
        }
    }
}

/// Compiles a script; when it compiles, checks [`check_compiled`].
pub fn compile_and_check(text: &str) {
    if let Ok(variant) = compile_source("fuzz.variant", text) {
        check_compiled(&variant);
    }
}
