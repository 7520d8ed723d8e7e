//! The result of a match: wins, losses and draws of the first engine,
//! its score, the draw rate, and the Elo difference with a 95 % error bar.
//!
//! The formula is the usual logistic one, as cutechess-cli computes it:
//! with the score `s = (W + D/2) / N`, the Elo difference is
//! `-400 log10(1/s - 1)`. The error bar comes from the standard error of
//! the per-game score: the variance `σ² = (W(1-s)² + D(½-s)² + L(0-s)²) / N`,
//! the standard error `σ/√N`, the 95 % interval `s ± 1.959964 σ/√N`
//! turned into Elo at both ends; the error bar is half that interval's
//! width. A score of 0 or 1 has no finite Elo (None).

/// The 97.5 % quantile of the normal distribution (a 95 % two-sided interval).
const Z_95: f64 = 1.959_963_984_540_054;

/// Wins, losses and draws of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games it won.
    pub wins: u32,
    /// Games it lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

/// The Elo difference for a score fraction (None at 0 or 1).
pub fn elo_of_score(s: f64) -> Option<f64> {
    // `+ 0.0` turns the -0 of an even score into 0.
    (s > 0.0 && s < 1.0).then(|| -400.0 * (1.0 / s - 1.0).log10() + 0.0)
}

impl Score {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The score as a fraction (None before any game).
    pub fn fraction(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n))
    }

    /// The share of draws (None before any game).
    pub fn draw_rate(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| f64::from(self.draws) / f64::from(n))
    }

    /// The Elo difference of the first engine over the second.
    pub fn elo(&self) -> Option<f64> {
        elo_of_score(self.fraction()?)
    }

    /// Half the width of the 95 % interval of the Elo difference.
    pub fn elo_error(&self) -> Option<f64> {
        let s = self.fraction()?;
        let n = f64::from(self.games());
        let (w, l, d) = (
            f64::from(self.wins),
            f64::from(self.losses),
            f64::from(self.draws),
        );
        let variance = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
        let margin = Z_95 * (variance / n).sqrt();
        let high = elo_of_score(s + margin)?;
        let low = elo_of_score(s - margin)?;
        Some((high - low) / 2.0)
    }

    /// `W-L-D`, the score in %, the draw rate and the Elo line, as printed
    /// at the end of a match.
    pub fn summary(&self) -> String {
        let pct = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{:.1}%", 100.0 * x));
        let elo = match (self.elo(), self.elo_error()) {
            (Some(e), Some(err)) => format!("{e:+.1} +/- {err:.1}"),
            (Some(e), None) => format!("{e:+.1} +/- inf"),
            _ => match self.fraction() {
                Some(s) if s >= 1.0 => "+inf".to_string(),
                Some(_) => "-inf".to_string(),
                None => "-".to_string(),
            },
        };
        format!(
            "Score: {}-{}-{} (W-L-D), {} ({} games), draws {}, Elo difference {elo} (95%)",
            self.wins,
            self.losses,
            self.draws,
            pct(self.fraction()),
            self.games(),
            pct(self.draw_rate())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn elo_and_error_bar_of_a_known_score() {
        // 6 wins, 2 losses, 2 draws: s = (6 + 1) / 10 = 0.7;
        // Elo = -400 log10(1/0.7 - 1) = -400 log10(3/7) = 147.190714;
        // σ² = (6·0.3² + 2·0.2² + 2·0.7²) / 10 = 0.16, σ/√N = 0.126491;
        // s ± 1.959964·0.126491 = 0.452082 … 0.947918, in Elo -33.400 …
        // 504.033: the error bar is half the width, 268.716321.
        let score = Score {
            wins: 6,
            losses: 2,
            draws: 2,
        };
        assert!(
            close(score.elo().unwrap(), 147.190_714_117_8),
            "{:?}",
            score.elo()
        );
        assert!(
            close(score.elo_error().unwrap(), 268.716_321_123_3),
            "{:?}",
            score.elo_error()
        );
        assert_eq!(
            score.summary(),
            "Score: 6-2-2 (W-L-D), 70.0% (10 games), draws 20.0%, Elo difference +147.2 +/- 268.7 (95%)"
        );
        // 3-3-4: s = 0.5, Elo 0; σ² = (3·0.25 + 3·0.25) / 10 = 0.15, error bar 181.744509.
        let even = Score {
            wins: 3,
            losses: 3,
            draws: 4,
        };
        assert_eq!(even.elo(), Some(0.0));
        assert!(close(even.elo_error().unwrap(), 181.744_508_634_1));
    }

    #[test]
    fn all_won_or_no_game_has_no_finite_elo() {
        let won = Score {
            wins: 2,
            losses: 0,
            draws: 0,
        };
        assert_eq!(won.elo(), None);
        assert!(won
            .summary()
            .ends_with("draws 0.0%, Elo difference +inf (95%)"));
        let none = Score::default();
        assert_eq!((none.fraction(), none.elo_error()), (None, None));
        assert_eq!(
            none.summary(),
            "Score: 0-0-0 (W-L-D), - (0 games), draws -, Elo difference - (95%)"
        );
    }
}
