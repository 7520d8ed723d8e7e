//! SAN and PGN round trips over seeded random games in every script of
//! `scripts/`: every legal move written in SAN (and in coordinates) reads
//! back as the same move, and every game written as PGN (from the setup
//! and from a later position, with a FEN tag) reads back as the same game.

use varia::compile_path;
use varia::notation::coord::move_to_coord;
use varia::notation::fen::write_fen;
use varia::notation::pgn::{parse_pgn, replay, write_pgn, PgnHeader};
use varia::notation::san::{
    move_to_san, move_to_san_in, move_to_san_plain, move_to_san_plain_in, parse_move, parse_move_in,
};
use varia::vm::{Outcome, Position};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn scripts() -> Vec<String> {
    let dir = format!("{}/scripts", env!("CARGO_MANIFEST_DIR"));
    let v: Vec<String> = varia::scripts_in_folder(std::path::Path::new(&dir))
        .expect("scripts/")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    assert!(v.len() >= 6);
    v
}

#[test]
fn san_and_coordinates_round_trip_in_random_games() {
    for path in scripts() {
        let variant = compile_path(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut rng = Rng(0xDEAD_BEEF_1234_5678);
        // The catalogue's scripts repeat the seeds' notation, and a game
        // of thousands of moves a position (the Amazons') is slow to
        // write out: fewer games.
        let many_moves = Position::start(&variant).legal_moves().unwrap().len() > 500;
        let games = if path.contains("/fairy-stockfish/") || many_moves {
            2
        } else {
            12
        };
        for _game in 0..games {
            let mut pos = Position::start(&variant);
            for _ply in 0..160 {
                if pos.outcome().unwrap() != Outcome::Ongoing {
                    break;
                }
                let moves = pos.legal_moves().unwrap();
                let mut seen = std::collections::HashSet::new();
                // Every move through the functions that take the legal moves
                // (what the Game and the REPL call)…
                // (every move written, and each read back but in a position
                // of thousands of moves, such as the Amazons' with their
                // walls, where every 25th is: reading is linear in the moves).
                let stride = if moves.len() > 500 { 25 } else { 1 };
                for (i, &m) in moves.iter().enumerate() {
                    let san = move_to_san_in(&pos, &moves, m);
                    assert!(seen.insert(san.clone()), "{path}: two moves write {san}");
                    if i % stride != 0 {
                        continue;
                    }
                    for text in [
                        san.clone(),
                        move_to_san_plain_in(&pos, &moves, m),
                        move_to_coord(&pos, m),
                    ] {
                        let back = parse_move_in(&pos, &moves, &text).unwrap_or_else(|e| {
                            panic!("{path}: {text} in {}: {e}", write_fen(&pos))
                        });
                        assert_eq!(back, m, "{path}: {text} in {}", write_fen(&pos));
                    }
                }
                let m = moves[(rng.next() % moves.len() as u64) as usize];
                // …and the move played through the ones that generate them.
                let san = move_to_san(&pos, m);
                assert_eq!(san, move_to_san_in(&pos, &moves, m), "{path}");
                for text in [san, move_to_san_plain(&pos, m), move_to_coord(&pos, m)] {
                    let back = parse_move(&pos, &text)
                        .unwrap_or_else(|e| panic!("{path}: {text} in {}: {e}", write_fen(&pos)));
                    assert_eq!(back, m, "{path}: {text} in {}", write_fen(&pos));
                }
                pos.play_unchecked(m);
            }
        }
    }
}

#[test]
fn pgn_round_trips_in_random_games() {
    for path in scripts() {
        let variant = compile_path(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut rng = Rng(0x0BAD_CAFE_8765_4321);
        for game in 0..10 {
            let mut start = Position::start(&variant);
            // Every other game starts from a later position (a FEN tag).
            if game % 2 == 1 {
                for _ in 0..6 {
                    let moves = start.legal_moves().unwrap();
                    if moves.is_empty() {
                        break;
                    }
                    start.play_unchecked(moves[(rng.next() % moves.len() as u64) as usize]);
                }
                start = Position::from_fen(&variant, &write_fen(&start)).expect("fen");
            }
            let mut pos = start.clone();
            let mut played = Vec::new();
            for _ in 0..120 {
                if pos.outcome().unwrap() != Outcome::Ongoing {
                    break;
                }
                let moves = pos.legal_moves().unwrap();
                let m = moves[(rng.next() % moves.len() as u64) as usize];
                pos.play_unchecked(m);
                played.push(m);
            }
            let header = PgnHeader {
                white: "A \"quoted\" name".into(),
                black: String::new(),
                script: Some(path.clone()),
                date: None,
            };
            let text = write_pgn(&start, &played, "*", &header);
            assert_eq!(text.contains("[FEN "), game % 2 == 1, "{text}");
            assert!(text.contains(&format!(
                "[Variant \"{}\"]",
                variant.name.replace('"', "\\\"")
            )));
            let read = parse_pgn(&text).unwrap_or_else(|e| panic!("{path}: {e}\n{text}"));
            assert_eq!(read.tag("White"), Some("A \"quoted\" name"));
            let (start2, moves2) =
                replay(&variant, &read).unwrap_or_else(|e| panic!("{path}: {e}\n{text}"));
            assert_eq!(write_fen(&start2), write_fen(&start));
            assert_eq!(moves2, played, "{path}\n{text}");
        }
    }
}

#[test]
fn pgn_reader_skips_comments_variations_and_nags() {
    let text = "[Event \"x\"]\n[Variant \"Chess\"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 ; a comment\n2... Nc6 3.Bb5 a6 1/2-1/2\n";
    let game = parse_pgn(text).expect("reads");
    assert_eq!(game.moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(game.result, "1/2-1/2");
    let variant = compile_path("chess").expect("built in");
    let (_, moves) = replay(&variant, &game).expect("legal");
    assert_eq!(moves.len(), 6);
    let bad = parse_pgn("1. e4 e5 2. Ke3 *").expect("reads");
    let err = replay(&variant, &bad).unwrap_err().to_string();
    assert!(err.starts_with("move 2. Ke3:"), "{err}");
}
