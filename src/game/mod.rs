//! A game of a variant: where it started, the moves played, every position
//! on the way, undo and redo, its result, and PGN in and out.
//!
//! [`Game`] is what every front-end plays through (the REPL today; engine
//! protocols and match runners later). It generates the legal moves once
//! for each position it enters and keeps them: reading a typed move,
//! writing moves in SAN and playing a move found among them cost no
//! further generation. All its calls into the VM are in this file.
//!
//! # Examples
//!
//! ```rust
//! use varia::compile_path;
//! use varia::game::Game;
//! use varia::vm::Outcome;
//!
//! let variant = compile_path("chess").unwrap();
//! let mut game = Game::new(&variant);
//! for text in ["f3", "e5", "g4", "Qh4"] {
//!     game.play_text(text).unwrap();
//! }
//! assert_eq!(game.san(3), "Qh4#");
//! assert!(matches!(game.outcome(), Ok(Outcome::Decisive { .. })));
//! assert_eq!(game.result_token(), "0-1");
//! game.undo();
//! assert_eq!(game.outcome(), Ok(Outcome::Ongoing));
//! assert_eq!(game.legal_moves().len(), 30);
//! ```

use std::sync::{Arc, OnceLock};

use crate::ir::piece::Color;
use crate::ir::Variant;
use crate::notation::pgn::{
    move_error, start_position, write_pgn_san, PgnGame, PgnHeader, ReplayError,
};
use crate::notation::san::{check_suffix, move_to_san_plain_in, parse_move_in, MoveInputError};
use crate::teach::illegal::explain_text;
use crate::vm::HookError;
use crate::vm::{Move, Outcome, PlayError, Position};

/// Why a typed move was not played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a legal move here (not a move, illegal, or ambiguous).
    #[error(transparent)]
    Input(#[from] MoveInputError),
    /// The move was found but could not be played (a variant hook failed).
    #[error(transparent)]
    Play(#[from] PlayError),
    /// A variant hook failed on this position, so no move can be judged.
    #[error("no move can be played here: {0}")]
    Hook(HookError),
}

/// A FEN that is not a position of the variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FenError {
    /// What is wrong with it.
    pub message: String,
}

/// One position of the game with what is known of it.
#[derive(Clone, Debug)]
struct Ply {
    position: Position,
    /// Its legal moves, generated once.
    legal: Vec<Move>,
    /// A variant hook that failed while they were generated.
    hook_error: Option<HookError>,
    /// Its outcome, found when first asked.
    outcome: OnceLock<Result<Outcome, HookError>>,
}

impl Ply {
    /// A position and its legal moves (one generation).
    fn new(position: Position) -> Ply {
        let (legal, hook_error) = match position.legal_moves() {
            Ok(legal) => (legal, None),
            Err(error) => (Vec::new(), Some(error)),
        };
        Ply {
            position,
            legal,
            hook_error,
            outcome: OnceLock::new(),
        }
    }
}

/// A game: a start position and the moves played from it.
#[derive(Clone, Debug)]
pub struct Game {
    /// `plies[0]` is the start; `plies[i]` follows `moves[..i]`.
    plies: Vec<Ply>,
    moves: Vec<Move>,
    /// Moves taken back, the next one to redo last.
    redo: Vec<Move>,
}

impl Game {
    /// A game from the variant's setup.
    pub fn new(variant: &Arc<Variant>) -> Game {
        Game::from_position(Position::start(variant))
    }

    /// A game from a random start array of the variant (`shuffle …`,
    /// Chess960), the same for the same `seed`; `None` if the variant has
    /// no `shuffle`.
    pub fn shuffled(variant: &Arc<Variant>, seed: u64) -> Option<Game> {
        Position::shuffled_start(variant, seed).map(Game::from_position)
    }

    /// A game from a position.
    pub fn from_position(start: Position) -> Game {
        Game {
            plies: vec![Ply::new(start)],
            moves: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// A game from a position in FEN.
    ///
    /// # Errors
    /// [`FenError`]: the FEN is not a position of the variant.
    pub fn from_fen(variant: &Arc<Variant>, fen: &str) -> Result<Game, FenError> {
        Position::from_fen(variant, fen)
            .map(Game::from_position)
            .map_err(|e| FenError {
                message: e.to_string(),
            })
    }

    /// The game a PGN record holds, played in a variant.
    ///
    /// # Errors
    /// [`ReplayError`]: a bad `FEN` tag, or the first move that cannot be
    /// played, with why (in the words of [`crate::teach`]).
    pub fn from_pgn(variant: &Arc<Variant>, pgn: &PgnGame) -> Result<Game, ReplayError> {
        let mut game = Game::from_position(start_position(variant, pgn)?);
        for text in &pgn.moves {
            let ply = game.current();
            match parse_move_in(&ply.position, &ply.legal, text) {
                Ok(mv) => game.push(mv),
                Err(e) => {
                    let reason = explain_text(&ply.position, &e);
                    return Err(move_error(&ply.position, text, reason));
                }
            }
        }
        Ok(game)
    }

    /// The variant being played.
    pub fn variant(&self) -> &Arc<Variant> {
        self.plies[0].position.variant()
    }

    fn current(&self) -> &Ply {
        // plies is never empty.
        &self.plies[self.plies.len() - 1]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.current().position
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.plies[0].position
    }

    /// The position after the first `ply` moves (0: the start).
    ///
    /// # Panics
    /// If fewer moves were played.
    pub fn position_at(&self, ply: usize) -> &Position {
        &self.plies[ply].position
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The legal moves in the current position.
    pub fn legal_moves(&self) -> &[Move] {
        &self.current().legal
    }

    /// The moves that [`Game::redo`] would play again, the next one last.
    pub fn redo_moves(&self) -> &[Move] {
        &self.redo
    }

    /// The state of the game in the current position (from the legal
    /// moves already generated).
    ///
    /// # Errors
    /// A hook of the variant failed.
    pub fn outcome(&self) -> Result<Outcome, HookError> {
        let ply = self.current();
        ply.outcome
            .get_or_init(|| match &ply.hook_error {
                Some(error) => Err(error.clone()),
                None => ply.position.outcome_given_legal(&ply.legal),
            })
            .clone()
    }

    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub fn result_token(&self) -> &'static str {
        // A failing hook leaves the game undecided.
        match self.outcome().unwrap_or(Outcome::Ongoing) {
            Outcome::Ongoing => "*",
            Outcome::Draw { .. } => "1/2-1/2",
            Outcome::Decisive {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Decisive {
                winner: Color::Black,
                ..
            } => "0-1",
        }
    }

    /// The move `index` (0: the first) in SAN, with `+` or `#`.
    ///
    /// # Panics
    /// If fewer moves were played.
    pub fn san(&self, index: usize) -> String {
        let (before, after) = (&self.plies[index], &self.plies[index + 1]);
        let mv = self.moves[index];
        let mut s = move_to_san_plain_in(&before.position, &before.legal, mv);
        if after.position.is_check() {
            s.push(check_suffix(&after.position, &after.legal));
        }
        s
    }

    /// A legal move of the current position in SAN, without the check suffix.
    pub fn san_plain(&self, mv: Move) -> String {
        move_to_san_plain_in(self.position(), self.legal_moves(), mv)
    }

    /// The variant hook failure that left the current position without
    /// legal moves, if one did (the game cannot go on from here).
    pub fn hook_error(&self) -> Option<&HookError> {
        self.current().hook_error.as_ref()
    }

    /// Finds the legal move a text means (SAN or coordinates) without playing it.
    ///
    /// # Errors
    /// [`MoveInputError`]: not a move, not legal, or ambiguous.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveInputError> {
        parse_move_in(self.position(), self.legal_moves(), text)
    }

    /// Plays a move typed in SAN or coordinates; returns it.
    ///
    /// # Errors
    /// [`MoveError`]; the game is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        if let Some(error) = self.hook_error() {
            return Err(MoveError::Hook(error.clone()));
        }
        let mv = self.parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Plays a legal move. Redo keeps the moves taken back when this is
    /// the next of them, and forgets them otherwise.
    ///
    /// # Errors
    /// [`PlayError`]: the move is not legal here, or a variant hook failed
    /// (the game is unchanged).
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        let ply = self.current();
        if let Some(error) = &ply.hook_error {
            return Err(PlayError::Hook {
                mv,
                error: error.clone(),
            });
        }
        if !ply.legal.contains(&mv) {
            return Err(PlayError::Illegal { mv });
        }
        let mut next = ply.position.clone();
        next.make(mv)
            .map_err(|error| PlayError::Hook { mv, error })?;
        self.plies.push(Ply::new(next));
        self.moves.push(mv);
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// Plays a move found among the legal ones, without hooks checks (as
    /// when a game is read from a file).
    fn push(&mut self, mv: Move) {
        let mut next = self.position().clone();
        next.play_unchecked(mv);
        self.plies.push(Ply::new(next));
        self.moves.push(mv);
    }

    /// Takes the last move back; returns it (None at the start).
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.plies.pop();
        self.redo.push(mv);
        Some(mv)
    }

    /// Plays the last move taken back again; returns it. None when there
    /// is nothing to redo, or when that move is no longer legal (then
    /// the moves taken back are forgotten).
    ///
    /// # Errors
    /// [`PlayError`] when a variant hook fails; the game is unchanged.
    pub fn redo(&mut self) -> Result<Option<Move>, PlayError> {
        let Some(&mv) = self.redo.last() else {
            return Ok(None);
        };
        if !self.legal_moves().contains(&mv) {
            self.redo.clear();
            return Ok(None);
        }
        self.play(mv)?;
        Ok(Some(mv))
    }

    /// The game as PGN, with the result token of its current outcome.
    pub fn to_pgn(&self, header: &PgnHeader) -> String {
        let sans: Vec<String> = (0..self.moves.len()).map(|i| self.san(i)).collect();
        write_pgn_san(
            self.start(),
            &self.moves,
            &sans,
            self.result_token(),
            header,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile_path;
    use crate::notation::fen::write_fen;
    use crate::notation::pgn::parse_pgn;
    use crate::vm::legal_move_generations;

    fn chess() -> Arc<Variant> {
        compile_path("chess").expect("built in")
    }

    #[test]
    fn a_typed_move_costs_one_generation_of_the_legal_moves() {
        let mut game = Game::new(&chess());
        let before = legal_move_generations();
        game.play_text("Nf3").expect("legal");
        // The position after Nf3: its legal moves, for the next move.
        assert_eq!(legal_move_generations() - before, 1);
        let before = legal_move_generations();
        assert_eq!(game.san(0), "Nf3");
        assert!(!game.san_plain(game.legal_moves()[0]).is_empty());
        game.undo();
        game.redo().expect("no hooks");
        // Redo plays again: one generation for the position it enters.
        assert_eq!(legal_move_generations() - before, 1);
    }

    #[test]
    fn undo_redo_and_a_new_move_forgets_the_redo() {
        let mut game = Game::new(&chess());
        for m in ["e4", "e5", "Nf3"] {
            game.play_text(m).expect("legal");
        }
        assert_eq!(
            game.undo().map(|m| game.san_plain(m)),
            Some("Nf3".to_string())
        );
        game.undo();
        assert_eq!(game.redo_moves().len(), 2);
        assert!(game.redo().expect("no hooks").is_some());
        assert_eq!(game.moves().len(), 2);
        game.play_text("Nc3").expect("legal");
        assert!(game.redo_moves().is_empty());
        assert_eq!(game.redo(), Ok(None));
        while game.undo().is_some() {}
        assert_eq!(write_fen(game.position()), write_fen(game.start()));
        assert_eq!(game.undo(), None);
    }

    #[test]
    fn refuses_what_is_not_legal() {
        let mut game = Game::new(&chess());
        assert!(matches!(
            game.play_text("Ke2"),
            Err(MoveError::Input(MoveInputError::NoMatch { .. }))
        ));
        let mv = game.parse_move("e4").expect("legal");
        game.play(mv).expect("legal");
        assert_eq!(game.play(mv), Err(PlayError::Illegal { mv }));
        assert_eq!(game.moves(), [mv]);
    }

    #[test]
    fn pgn_out_and_in() {
        let variant = chess();
        let mut game = Game::from_fen(&variant, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").expect("fen");
        for m in ["O-O-O", "Kf7", "Rd7+", "Ke6"] {
            game.play_text(m).expect("legal");
        }
        assert_eq!(game.san(2), "Rd7+");
        assert_eq!(game.outcome(), Ok(Outcome::Ongoing));
        let before = legal_move_generations();
        let text = game.to_pgn(&PgnHeader::default());
        // The moves are written from the legal moves kept for each position.
        assert_eq!(legal_move_generations() - before, 0);
        assert!(
            text.contains("[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]"),
            "{text}"
        );
        assert!(text.contains("1. O-O-O Kf7 2. Rd7+ Ke6 *"), "{text}");
        let read = Game::from_pgn(&variant, &parse_pgn(&text).expect("reads")).expect("plays");
        assert_eq!(read.moves(), game.moves());
        assert_eq!(write_fen(read.position()), write_fen(game.position()));
        let bad = parse_pgn("1. e4 e5 2. Ke3 *").expect("reads");
        let err = Game::from_pgn(&variant, &bad).unwrap_err().to_string();
        assert!(err.starts_with("move 2. Ke3: "), "{err}");
        assert!(Game::from_fen(&variant, "8/8 w").is_err());
    }

    #[test]
    fn the_outcome_and_its_result_token() {
        let mut game = Game::new(&chess());
        for m in ["f3", "e5", "g4"] {
            game.play_text(m).expect("legal");
        }
        assert_eq!(game.result_token(), "*");
        game.play_text("Qh4").expect("legal");
        assert_eq!(game.san(3), "Qh4#");
        assert_eq!(game.result_token(), "0-1");
        assert!(game.legal_moves().is_empty());
    }
}
