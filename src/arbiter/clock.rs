//! Time controls and the clocks of a game.
//!
//! `--tc` is written as cutechess-cli and PGN write it: `SECONDS+INC`
//! (`10+0.1`: ten seconds for the game, a tenth of a second added after
//! each move), `MOVES/SECONDS+INC` (`40/60+0`: sixty seconds for every
//! forty moves) or `SECONDS` alone. A side whose clock runs below
//! `-TIME_MARGIN` when its move arrives loses on time: the margin absorbs
//! the pipe and scheduling delays of a loaded machine (the engine is told
//! its real time left, so it does not plan to use the margin).

use std::time::Duration;

/// What a side may overrun its clock by before it loses on time.
pub const TIME_MARGIN: Duration = Duration::from_millis(100);

/// A game clock: time for the game or for a number of moves, and an increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves per period (None: the whole game).
    pub moves: Option<u32>,
    /// Time for the period.
    pub base: Duration,
    /// Added after each move.
    pub increment: Duration,
}

/// A time control that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad time control `{text}`: write SECONDS+INCREMENT (10+0.1), MOVES/SECONDS+INCREMENT (40/60+0) or SECONDS")]
pub struct ParseTimeControlError {
    /// The text given.
    pub text: String,
}

/// Seconds written as a decimal number (at most a day), as a duration.
pub fn parse_seconds(text: &str) -> Option<Duration> {
    let value: f64 = text.trim().parse().ok()?;
    (value.is_finite() && (0.0..=86_400.0).contains(&value)).then(|| Duration::from_secs_f64(value))
}

impl std::str::FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let error = || ParseTimeControlError {
            text: text.to_string(),
        };
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => (
                Some(m.parse::<u32>().ok().filter(|&m| m > 0).ok_or_else(error)?),
                rest,
            ),
            None => (None, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((b, i)) => (b, i),
            None => (rest, "0"),
        };
        let base = parse_seconds(base)
            .filter(|b| !b.is_zero())
            .ok_or_else(error)?;
        let increment = parse_seconds(increment).ok_or_else(error)?;
        Ok(TimeControl {
            moves,
            base,
            increment,
        })
    }
}

impl std::fmt::Display for TimeControl {
    /// The PGN `TimeControl` tag's form: `40/60+0`, `10+0.1`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(m) = self.moves {
            write!(f, "{m}/")?;
        }
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// One side's clock during a game.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    control: TimeControl,
    /// Time left, in ms (negative: overrun, within the margin).
    left_ms: i64,
    /// Moves made by this side.
    moves_made: u32,
}

impl Clock {
    /// A clock at the start of a game.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left_ms: millis(control.base),
            moves_made: 0,
        }
    }

    /// Time left in ms (never below 0, as engines are told it).
    pub fn left_ms(&self) -> u64 {
        self.left_ms.max(0) as u64
    }

    /// The increment.
    pub fn increment(&self) -> Duration {
        self.control.increment
    }

    /// Moves to go before the next period (None: sudden death).
    pub fn moves_to_go(&self) -> Option<u32> {
        self.control.moves.map(|m| m - self.moves_made % m)
    }

    /// How long the side may think before it loses on time.
    pub fn deadline(&self) -> Duration {
        Duration::from_millis(self.left_ms.max(0) as u64) + TIME_MARGIN
    }

    /// Charges a move that took `used`; false when the side lost on time.
    pub fn charge(&mut self, used: Duration) -> bool {
        self.left_ms -= millis(used);
        if self.left_ms < -millis(TIME_MARGIN) {
            return false;
        }
        self.left_ms += millis(self.control.increment);
        self.moves_made += 1;
        if let Some(m) = self.control.moves {
            if self.moves_made.is_multiple_of(m) {
                self.left_ms += millis(self.control.base);
            }
        }
        true
    }
}

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX / 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_time_controls() {
        let tc: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(10));
        assert_eq!(tc.increment, Duration::from_millis(100));
        assert_eq!(tc.to_string(), "10+0.1");
        let tc: TimeControl = "40/60".parse().unwrap();
        assert_eq!(
            (tc.moves, tc.to_string()),
            (Some(40), "40/60+0".to_string())
        );
        for bad in ["", "0+1", "x+1", "1+-1", "0/5", "5+1e9", "nan"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_clock_charges_adds_the_increment_and_new_periods() {
        let mut clock = Clock::new("2/1+0.5".parse().unwrap());
        assert_eq!(clock.moves_to_go(), Some(2));
        assert!(clock.charge(Duration::from_millis(400)));
        assert_eq!(clock.left_ms(), 1100);
        assert_eq!(clock.moves_to_go(), Some(1));
        assert!(clock.charge(Duration::from_millis(100)));
        // 1100 - 100 + 500 increment + 1000 for the new period.
        assert_eq!(clock.left_ms(), 2500);
        // Within the margin: still on time.
        assert!(clock.charge(Duration::from_millis(2550)));
        assert!(!clock.charge(Duration::from_millis(700)));
    }
}
