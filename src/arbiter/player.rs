//! An engine as the arbiter sees it: how to start it and what it is told
//! ([`EngineConfig`]), and a running engine of either protocol
//! ([`Player`]) that is asked for one move at a time ([`Turn`]).

use std::time::{Duration, Instant};

use crate::arbiter::clock::Clock;
use crate::arbiter::process::{EngineProcess, Launch, LineError};
use crate::arbiter::uci::UciClient;
use crate::arbiter::xboard::XboardClient;
use crate::ir::piece::Color;

/// How long an engine may take to start (`uciok`, `feature done=1`) and
/// to answer `isready` or `ping`.
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    /// UCI.
    #[default]
    Uci,
    /// XBoard/CECP v2.
    Xboard,
}

/// One engine of the match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineConfig {
    /// Its name in the PGN and the results.
    pub name: String,
    /// How to start it.
    pub launch: Launch,
    /// Its protocol.
    pub protocol: Protocol,
    /// The variant's name in its protocol, where it differs from the
    /// script's name (`UCI_Variant` value, XBoard `variant` argument).
    pub variant_name: Option<String>,
    /// UCI options set at the start (`setoption name N value V`).
    pub options: Vec<(String, String)>,
    /// Its own search depth (`go depth`, `sd`), over the match's.
    pub depth: Option<u32>,
    /// Its own time per move (`go movetime`, `st`), over the match's.
    pub movetime: Option<Duration>,
}

/// What the engine is told about a game at its start.
#[derive(Clone, Debug)]
pub struct GameStart<'a> {
    /// The variant's name in the engine's protocol.
    pub variant_name: &'a str,
    /// The start position's FEN when it is not the variant's setup.
    pub fen: Option<&'a str>,
    /// The game clock, if there is one.
    pub clock: Option<crate::arbiter::clock::TimeControl>,
    /// Time per move.
    pub movetime: Option<Duration>,
    /// Search depth.
    pub depth: Option<u32>,
    /// The board's number of ranks (XBoard numbers ten ranks from 0).
    pub ranks: u8,
}

/// One move asked of an engine.
#[derive(Clone, Debug)]
pub struct Turn<'a> {
    /// The start position's FEN when it is not the variant's setup.
    pub fen: Option<&'a str>,
    /// Every move played since, in coordinates.
    pub moves: &'a [String],
    /// The side the engine plays.
    pub side: Color,
    /// Both clocks (White's, Black's), if the game has a clock.
    pub clocks: Option<[Clock; 2]>,
    /// Time per move.
    pub movetime: Option<Duration>,
    /// Search depth.
    pub depth: Option<u32>,
    /// When the arbiter stops waiting.
    pub deadline: Instant,
}

/// What an engine answered on its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move, as written.
    Move(String),
    /// It resigned.
    Resign,
    /// It claimed a result (XBoard `1-0 {…}`, `0-1`, `1/2-1/2`).
    Claim {
        /// The result token claimed.
        result: String,
        /// Its words.
        comment: String,
    },
}

/// Why an engine did not answer properly.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineFailure {
    /// It gave no answer before the deadline.
    #[error("no answer to `{awaited}` in time")]
    Timeout {
        /// The command it did not answer.
        awaited: String,
    },
    /// Its process ended.
    #[error("the engine's process ended")]
    Exited,
    /// It could not be started.
    #[error("{message}")]
    Start {
        /// Why.
        message: String,
    },
    /// It answered what the protocol does not allow here.
    #[error("{message}")]
    Protocol {
        /// What.
        message: String,
    },
}

impl EngineFailure {
    /// The failure for a line not read while waiting for `awaited`.
    pub fn from_line(error: LineError, awaited: &str) -> EngineFailure {
        match error {
            LineError::Timeout => EngineFailure::Timeout {
                awaited: awaited.to_string(),
            },
            LineError::Exited => EngineFailure::Exited,
        }
    }
}

/// A running engine of either protocol.
#[derive(Debug)]
pub enum Player {
    /// A UCI engine.
    Uci(UciClient),
    /// An XBoard engine.
    Xboard(XboardClient),
}

impl Player {
    /// Starts an engine and makes it ready for the variant.
    ///
    /// # Errors
    /// [`EngineFailure`]: it cannot be started, or does not answer the handshake.
    pub fn start(config: &EngineConfig, variant_name: &str) -> Result<Player, EngineFailure> {
        let process = EngineProcess::spawn(&config.launch).map_err(|e| EngineFailure::Start {
            message: e.to_string(),
        })?;
        Ok(match config.protocol {
            Protocol::Uci => Player::Uci(UciClient::start(process, config, variant_name)?),
            Protocol::Xboard => Player::Xboard(XboardClient::start(process, variant_name)?),
        })
    }

    /// Prepares a new game.
    ///
    /// # Errors
    /// [`EngineFailure`]: the engine failed or cannot play from this start.
    pub fn new_game(&mut self, start: &GameStart) -> Result<(), EngineFailure> {
        match self {
            Player::Uci(c) => c.new_game(),
            Player::Xboard(c) => c.new_game(start),
        }
    }

    /// Asks for a move.
    ///
    /// # Errors
    /// [`EngineFailure`]: no answer in time, the process ended, or a protocol error.
    pub fn think(&mut self, turn: &Turn) -> Result<Reply, EngineFailure> {
        match self {
            Player::Uci(c) => c.think(turn),
            Player::Xboard(c) => c.think(turn),
        }
    }

    /// Tells the engine how the game ended (XBoard `result`).
    pub fn game_over(&mut self, result: &str, reason: &str) {
        if let Player::Xboard(c) = self {
            c.game_over(result, reason);
        }
    }

    /// Asks the engine to quit, then ends its process.
    pub fn quit(self) {
        let process = match self {
            Player::Uci(c) => c.process,
            Player::Xboard(c) => c.process,
        };
        process.quit(Duration::from_millis(200));
    }
}

/// Milliseconds as an integer.
pub(crate) fn ms(d: Duration) -> u128 {
    d.as_millis()
}
