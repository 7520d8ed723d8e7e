//! The arbiter's side of UCI: `uci` … `uciok`, the options
//! (`setoption name UCI_Variant value NAME` when the variant is not
//! chess), `isready` … `readyok`, `ucinewgame`, and for each move
//! `position startpos|fen FEN moves …` then `go` with the clocks (`wtime
//! btime winc binc movestogo`), `movetime` or `depth`, read until
//! `bestmove`.

use std::time::Instant;

use crate::arbiter::player::{ms, EngineConfig, EngineFailure, Reply, Turn, HANDSHAKE_TIME};
use crate::arbiter::process::EngineProcess;

/// The variant name UCI engines use for orthodox chess.
pub const UCI_CHESS: &str = "chess";

/// A running UCI engine.
#[derive(Debug)]
pub struct UciClient {
    pub(crate) process: EngineProcess,
}

impl UciClient {
    /// The handshake: `uci`, the options, the variant, `isready`.
    ///
    /// # Errors
    /// [`EngineFailure`]: no `uciok` or `readyok` in time, or the process ended.
    pub fn start(
        mut process: EngineProcess,
        config: &EngineConfig,
        variant_name: &str,
    ) -> Result<UciClient, EngineFailure> {
        let fail = |e, what: &str| EngineFailure::from_line(e, what);
        process.send("uci").map_err(|e| fail(e, "uci"))?;
        process
            .read_until(Instant::now() + HANDSHAKE_TIME, |l| l.trim() == "uciok")
            .map_err(|e| fail(e, "uci"))?;
        for (name, value) in &config.options {
            process
                .send(&format!("setoption name {name} value {value}"))
                .map_err(|e| fail(e, "setoption"))?;
        }
        if variant_name != UCI_CHESS {
            process
                .send(&format!("setoption name UCI_Variant value {variant_name}"))
                .map_err(|e| fail(e, "setoption"))?;
        }
        let mut client = UciClient { process };
        client.sync()?;
        Ok(client)
    }

    /// `isready`, waiting for `readyok` (other lines are skipped).
    fn sync(&mut self) -> Result<(), EngineFailure> {
        let fail = |e| EngineFailure::from_line(e, "isready");
        self.process.send("isready").map_err(fail)?;
        self.process
            .read_until(Instant::now() + HANDSHAKE_TIME, |l| l.trim() == "readyok")
            .map_err(fail)?;
        Ok(())
    }

    /// `ucinewgame` and `isready`.
    ///
    /// # Errors
    /// [`EngineFailure`]: no `readyok`, or the process ended.
    pub fn new_game(&mut self) -> Result<(), EngineFailure> {
        self.process.drain();
        self.process
            .send("ucinewgame")
            .map_err(|e| EngineFailure::from_line(e, "ucinewgame"))?;
        self.sync()
    }

    /// `position …`, `go …`, and the `bestmove`.
    ///
    /// # Errors
    /// [`EngineFailure`]: no `bestmove` in time, or the process ended.
    pub fn think(&mut self, turn: &Turn) -> Result<Reply, EngineFailure> {
        let fail = |e| EngineFailure::from_line(e, "go");
        self.process.send(&position_command(turn)).map_err(fail)?;
        self.process.send(&go_command(turn)).map_err(fail)?;
        let line = self
            .process
            .read_until(turn.deadline, |l| {
                l.split_whitespace().next() == Some("bestmove")
            })
            .map_err(fail)?;
        Ok(Reply::Move(
            line.split_whitespace().nth(1).unwrap_or("").to_string(),
        ))
    }
}

/// `position startpos|fen FEN [moves …]`.
pub fn position_command(turn: &Turn) -> String {
    let mut s = match turn.fen {
        Some(fen) => format!("position fen {fen}"),
        None => "position startpos".to_string(),
    };
    if !turn.moves.is_empty() {
        s.push_str(" moves ");
        s.push_str(&turn.moves.join(" "));
    }
    s
}

/// `go` with the clocks, the time per move and the depth the turn has.
pub fn go_command(turn: &Turn) -> String {
    let mut s = "go".to_string();
    if let Some([white, black]) = &turn.clocks {
        s.push_str(&format!(
            " wtime {} btime {} winc {} binc {}",
            white.left_ms(),
            black.left_ms(),
            ms(white.increment()),
            ms(black.increment())
        ));
        let own = if turn.side == crate::ir::piece::Color::White {
            white
        } else {
            black
        };
        if let Some(m) = own.moves_to_go() {
            s.push_str(&format!(" movestogo {m}"));
        }
    }
    if let Some(t) = turn.movetime {
        s.push_str(&format!(" movetime {}", ms(t).max(1)));
    }
    if let Some(d) = turn.depth {
        s.push_str(&format!(" depth {d}"));
    }
    s
}
