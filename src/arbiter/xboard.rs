//! The arbiter's side of XBoard/CECP v2, as a GUI speaks it: `xboard`,
//! `protover 2` and the `feature` lines until `done=1` (each answered
//! `accepted`), `easy`, `nopost`; for each game `new`, `variant NAME`
//! (not for `normal`), `force`, `setboard FEN` (when the start is not
//! the setup; an engine without the `setboard` feature cannot play such
//! a game), `level`/`st`/`sd`, `ping` … `pong`; for each move `force`,
//! the moves since its last turn (`usermove e2e4`, or plain moves without
//! the `usermove` feature), `time`/`otim` in centiseconds, `go`, and the
//! answer: `move X`, `resign`, or a result claim (`1-0 {…}`, `0-1 {…}`,
//! `1/2-1/2 {…}`); `result` at the end of a game.

use std::time::{Duration, Instant};

use crate::arbiter::clock::TimeControl;
use crate::arbiter::player::{EngineFailure, GameStart, Reply, Turn, HANDSHAKE_TIME};
use crate::arbiter::process::EngineProcess;
use crate::ir::piece::Color;
use crate::protocol::xboard::shift_ranks;

/// The variant name XBoard uses for orthodox chess.
pub const XBOARD_CHESS: &str = "normal";
/// How long an engine that does not send `feature done=…` gets (CECP: two seconds).
const FEATURE_WAIT: Duration = Duration::from_secs(2);

/// The features an engine announced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// `setboard=1`.
    pub setboard: bool,
    /// `usermove=1`.
    pub usermove: bool,
    /// `ping=1`.
    pub ping: bool,
    /// `variants="…"`.
    pub variants: Option<Vec<String>>,
    /// `myname="…"`.
    pub name: Option<String>,
}

/// A running XBoard engine.
#[derive(Debug)]
pub struct XboardClient {
    pub(crate) process: EngineProcess,
    features: Features,
    /// Moves of the game the engine knows.
    known: usize,
    /// Pings sent.
    pings: u32,
    /// What to add to XBoard's rank numbers to get ours (1 on ten-rank
    /// boards, where XBoard counts ranks from 0: `a0` to `j9`).
    rank_shift: i64,
}

/// Reads the `name=value` pairs of a `feature` line (values may be quoted).
pub fn parse_features(line: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut rest = line
        .trim_start()
        .strip_prefix("feature")
        .unwrap_or("")
        .trim_start();
    while let Some((name, after)) = rest.split_once('=') {
        let name = name.trim().to_string();
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.split_once('"') {
                Some((v, next)) => (v.to_string(), next),
                None => (quoted.to_string(), ""),
            }
        } else {
            match after.split_once(char::is_whitespace) {
                Some((v, next)) => (v.to_string(), next),
                None => (after.to_string(), ""),
            }
        };
        pairs.push((name, value));
        rest = next.trim_start();
    }
    pairs
}

impl XboardClient {
    /// The handshake: `xboard`, `protover 2`, the features until `done=1`.
    ///
    /// # Errors
    /// [`EngineFailure`]: the process ended, the engine does not know the
    /// variant, or it never finished its features.
    pub fn start(
        mut process: EngineProcess,
        variant_name: &str,
    ) -> Result<XboardClient, EngineFailure> {
        let fail = |e| EngineFailure::from_line(e, "protover 2");
        process.send("xboard").map_err(fail)?;
        process.send("protover 2").map_err(fail)?;
        let mut features = Features::default();
        let mut deadline = Instant::now() + FEATURE_WAIT;
        loop {
            let line = match process.read_line(deadline) {
                Ok(line) => line,
                // An engine of protocol 1 sends no features.
                Err(crate::arbiter::process::LineError::Timeout) => break,
                Err(e) => return Err(fail(e)),
            };
            if !line.trim_start().starts_with("feature") {
                continue;
            }
            let mut done = false;
            for (name, value) in parse_features(&line) {
                match (name.as_str(), value.as_str()) {
                    ("setboard", v) => features.setboard = v == "1",
                    ("usermove", v) => features.usermove = v == "1",
                    ("ping", v) => features.ping = v == "1",
                    ("variants", v) => {
                        features.variants =
                            Some(v.split(',').map(|s| s.trim().to_string()).collect())
                    }
                    ("myname", v) => features.name = Some(v.to_string()),
                    ("done", "0") => deadline = Instant::now() + HANDSHAKE_TIME * 6,
                    ("done", _) => done = true,
                    _ => {}
                }
                if name != "done" {
                    process.send(&format!("accepted {name}")).map_err(fail)?;
                }
            }
            if done {
                break;
            }
        }
        if variant_name != XBOARD_CHESS {
            let known = features
                .variants
                .as_ref()
                .is_some_and(|v| v.iter().any(|n| n == variant_name));
            if !known {
                return Err(EngineFailure::Start {
                    message: format!(
                        "the engine does not play the variant `{variant_name}` (its variants: {})",
                        features
                            .variants
                            .as_ref()
                            .map_or("none given".to_string(), |v| v.join(","))
                    ),
                });
            }
        }
        for line in ["easy", "nopost"] {
            process.send(line).map_err(fail)?;
        }
        Ok(XboardClient {
            process,
            features,
            known: 0,
            pings: 0,
            rank_shift: 0,
        })
    }

    /// The features the engine announced.
    pub fn features(&self) -> &Features {
        &self.features
    }

    fn send(&mut self, line: &str, awaited: &str) -> Result<(), EngineFailure> {
        self.process
            .send(line)
            .map_err(|e| EngineFailure::from_line(e, awaited))
    }

    /// `new`, `variant`, `force`, `setboard`, the time control, `ping`.
    ///
    /// # Errors
    /// [`EngineFailure`]: the process ended, no `pong`, or the start is
    /// not the setup and the engine has no `setboard`.
    pub fn new_game(&mut self, start: &GameStart) -> Result<(), EngineFailure> {
        self.process.drain();
        self.known = 0;
        self.rank_shift = crate::protocol::xboard::ranks_shift(start.ranks);
        self.send("new", "new")?;
        if start.variant_name != XBOARD_CHESS {
            self.send(&format!("variant {}", start.variant_name), "variant")?;
        }
        self.send("force", "force")?;
        if let Some(fen) = start.fen {
            if !self.features.setboard {
                return Err(EngineFailure::Start {
                    message: "the engine cannot start from a position (no setboard feature)"
                        .to_string(),
                });
            }
            self.send(&format!("setboard {fen}"), "setboard")?;
        }
        if let Some(tc) = start.clock {
            self.send(&level_command(&tc), "level")?;
        }
        if let Some(t) = start.movetime {
            self.send(&format!("st {}", st_seconds(t)), "st")?;
        }
        if let Some(d) = start.depth {
            self.send(&format!("sd {d}"), "sd")?;
        }
        if self.features.ping {
            self.pings += 1;
            let pong = format!("pong {}", self.pings);
            self.send(&format!("ping {}", self.pings), "ping")?;
            self.process
                .read_until(Instant::now() + HANDSHAKE_TIME, |l| l.trim() == pong)
                .map_err(|e| EngineFailure::from_line(e, "ping"))?;
        }
        Ok(())
    }

    /// `force`, the new moves, the clocks, `go`, and the answer.
    ///
    /// # Errors
    /// [`EngineFailure`]: no answer in time, the process ended, or the
    /// engine refused a move of the game (`Illegal move`, `Error`).
    pub fn think(&mut self, turn: &Turn) -> Result<Reply, EngineFailure> {
        self.send("force", "force")?;
        for i in self.known..turn.moves.len() {
            let mv = shift_ranks(&turn.moves[i], -self.rank_shift);
            let line = if self.features.usermove {
                format!("usermove {mv}")
            } else {
                mv
            };
            self.send(&line, "usermove")?;
        }
        self.known = turn.moves.len();
        if let Some([white, black]) = &turn.clocks {
            let (own, other) = match turn.side {
                Color::White => (white, black),
                Color::Black => (black, white),
            };
            self.send(&format!("time {}", own.left_ms() / 10), "time")?;
            self.send(&format!("otim {}", other.left_ms() / 10), "otim")?;
        }
        self.send("go", "go")?;
        loop {
            let line = self
                .process
                .read_line(turn.deadline)
                .map_err(|e| EngineFailure::from_line(e, "go"))?;
            let line = line.trim();
            let first = line.split_whitespace().next().unwrap_or("");
            match first {
                "move" => {
                    self.known += 1;
                    let mv = line.split_whitespace().nth(1).unwrap_or("");
                    return Ok(Reply::Move(shift_ranks(mv, self.rank_shift)));
                }
                "resign" => return Ok(Reply::Resign),
                "1-0" | "0-1" | "1/2-1/2" => {
                    let comment = line[first.len()..]
                        .trim()
                        .trim_start_matches('{')
                        .trim_end_matches('}')
                        .trim()
                        .to_string();
                    return Ok(Reply::Claim {
                        result: first.to_string(),
                        comment,
                    });
                }
                _ if line.starts_with("Illegal move") || line.starts_with("Error") => {
                    return Err(EngineFailure::Protocol {
                        message: format!("the engine refused the game's moves: {line}"),
                    })
                }
                _ => {}
            }
        }
    }

    /// `result RESULT {REASON}`.
    pub fn game_over(&mut self, result: &str, reason: &str) {
        let reason = reason.replace(['{', '}'], "");
        let _ = self.process.send(&format!("result {result} {{{reason}}}"));
    }
}

/// `level MOVES BASE INC`: BASE as minutes or `MIN:SEC`, INC in seconds.
pub fn level_command(tc: &TimeControl) -> String {
    let secs = tc.base.as_secs().max(1);
    let base = if secs.is_multiple_of(60) {
        format!("{}", secs / 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    };
    format!(
        "level {} {base} {}",
        tc.moves.unwrap_or(0),
        tc.increment.as_secs_f64()
    )
}

/// Seconds per move for `st` (whole seconds, at least one).
pub fn st_seconds(t: Duration) -> u64 {
    t.as_secs_f64().ceil().max(1.0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_feature_lines() {
        let pairs = parse_features(
            "feature myname=\"Fairy-Max 5.0b\" setboard=1 variants=\"normal,capablanca\" done=1",
        );
        let expected = [
            ("myname", "Fairy-Max 5.0b"),
            ("setboard", "1"),
            ("variants", "normal,capablanca"),
            ("done", "1"),
        ];
        assert_eq!(pairs, expected.map(|(n, v)| (n.to_string(), v.to_string())));
        assert!(parse_features("feature").is_empty());
    }

    #[test]
    fn writes_level_and_st() {
        let tc: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(level_command(&tc), "level 0 0:10 0.1");
        let tc: TimeControl = "40/120+0".parse().unwrap();
        assert_eq!(level_command(&tc), "level 40 2 0");
        assert_eq!(st_seconds(Duration::from_millis(50)), 1);
        assert_eq!(st_seconds(Duration::from_millis(2500)), 3);
    }
}
