//! Openings: the positions games start from, read from a FEN/EPD file
//! (one position a line; `#` starts a comment line; EPD operations after
//! the four position fields are dropped), from a PGN file (each game's
//! start and moves), or made of N random legal plies from the setup
//! (seeded, so a match can be replayed).

use std::path::Path;
use std::sync::Arc;

use crate::game::Game;
use crate::ir::Variant;
use crate::notation::pgn::parse_pgn;
use crate::vm::Outcome;

/// Why an opening file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// The file cannot be read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        message: String,
    },
    /// A line or game of the file is not an opening of the variant.
    #[error("{path}:{line}: {message}")]
    Bad {
        /// The file.
        path: String,
        /// Its line (FEN/EPD) or game number (PGN), from 1.
        line: usize,
        /// Why.
        message: String,
    },
    /// The file holds no opening.
    #[error("{path}: no opening in the file")]
    Empty {
        /// The file.
        path: String,
    },
}

/// The games of a PGN text, each as its own text.
pub fn split_pgn_games(text: &str) -> Vec<String> {
    let mut games = Vec::new();
    let mut current = String::new();
    let mut in_moves = false;
    for line in text.lines() {
        let tag = line.trim_start().starts_with('[');
        if tag && in_moves {
            games.push(std::mem::take(&mut current));
            in_moves = false;
        }
        if !tag && !line.trim().is_empty() {
            in_moves = true;
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        games.push(current);
    }
    games
}

/// The position of an EPD or FEN line as a FEN: an EPD line (operations
/// after the fourth field, `bm e4;`) gets its counters back (`0 1`).
pub fn fen_of_line(line: &str) -> String {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() >= 4 && (fields.len() == 4 || line.contains(';')) {
        format!("{} 0 1", fields[..4].join(" "))
    } else {
        fields.join(" ")
    }
}

/// Reads an opening file: PGN when it ends in `.pgn`, FEN/EPD otherwise.
///
/// # Errors
/// [`OpeningError`]: the file cannot be read, holds no opening, or one
/// of them is not a position or game of the variant.
pub fn read_openings(variant: &Arc<Variant>, path: &Path) -> Result<Vec<Game>, OpeningError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| OpeningError::Io {
        path: name.clone(),
        message: e.to_string(),
    })?;
    let bad = |line: usize, message: String| OpeningError::Bad {
        path: name.clone(),
        line,
        message,
    };
    let mut openings = Vec::new();
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
    {
        for (i, game) in split_pgn_games(&text).iter().enumerate() {
            let pgn = parse_pgn(game).map_err(|e| bad(i + 1, e.to_string()))?;
            openings.push(Game::from_pgn(variant, &pgn).map_err(|e| bad(i + 1, e.to_string()))?);
        }
    } else {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let game =
                Game::from_fen(variant, &fen_of_line(line)).map_err(|e| bad(i + 1, e.message))?;
            openings.push(game);
        }
    }
    for (i, game) in openings.iter().enumerate() {
        if game.outcome() != Ok(Outcome::Ongoing) {
            return Err(bad(i + 1, "the game is already over there".to_string()));
        }
    }
    if openings.is_empty() {
        return Err(OpeningError::Empty { path: name });
    }
    Ok(openings)
}

/// A small seeded generator (SplitMix64): the same seed, the same openings.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// An opening of `plies` random legal moves from the setup, the `index`-th
/// of the seed. A line that ends the game is tried again (ten times), then
/// cut before its end.
pub fn random_opening(variant: &Arc<Variant>, plies: usize, seed: u64, index: u64) -> Game {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F));
    let mut best = Game::new(variant);
    for _ in 0..10 {
        let mut game = Game::new(variant);
        for _ in 0..plies {
            if game.outcome() != Ok(Outcome::Ongoing) || game.legal_moves().is_empty() {
                break;
            }
            let mv = game.legal_moves()[rng.below(game.legal_moves().len())];
            if game.play(mv).is_err() {
                break;
            }
        }
        while game.outcome() != Ok(Outcome::Ongoing) && game.undo().is_some() {}
        if game.moves().len() == plies {
            return game;
        }
        if game.moves().len() > best.moves().len() {
            best = game;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_lines_get_counters_and_fen_lines_stay() {
        assert_eq!(
            fen_of_line("4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; id \"x\";"),
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
        );
        assert_eq!(
            fen_of_line("4k3/8/8/8/8/8/4P3/4K3 w - -"),
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
        );
        // A variant's extra field (three-check's checks) is not an EPD operation.
        let three_check = "4k3/8/8/8/8/8/4P3/4K3 w - - 3+3 0 1";
        assert_eq!(fen_of_line(three_check), three_check);
    }

    #[test]
    fn splits_a_pgn_file_into_games() {
        let games = split_pgn_games(
            "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n[Round \"2\"]\n\n1. d4 *\n",
        );
        assert_eq!(
            games,
            [
                "[Event \"a\"]\n\n1. e4 *\n\n",
                "[Event \"b\"]\n[Round \"2\"]\n\n1. d4 *\n"
            ]
        );
        assert!(split_pgn_games(" \n").is_empty());
    }

    #[test]
    fn random_openings_repeat_for_a_seed() {
        let chess = crate::compile_path("chess").unwrap();
        let a = random_opening(&chess, 6, 42, 3);
        assert_eq!(a.moves().len(), 6);
        assert_eq!(a.moves(), random_opening(&chess, 6, 42, 3).moves());
        assert_ne!(a.moves(), random_opening(&chess, 6, 42, 4).moves());
    }
}
