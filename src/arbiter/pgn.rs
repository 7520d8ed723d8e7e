//! The PGN of a match game: the moves as [`crate::notation::pgn`] writes
//! them (SAN, from the start position), under the match's tags: `Event`,
//! `Site`, `Date`, `Round`, `White`, `Black`, `Result`, `Variant`,
//! `SetUp`/`FEN` when the game did not start from the setup,
//! `TimeControl` and `Termination`; the reason the game ended is a
//! comment before the result (`{Black wins: checkmate} 0-1`).

use crate::arbiter::game::GameRecord;
use crate::notation::pgn::PgnHeader;

/// The match's tags for one game.
#[derive(Clone, Debug, Default)]
pub struct MatchTags {
    /// `Event`.
    pub event: String,
    /// `Site`.
    pub site: String,
    /// `Date` (`YYYY.MM.DD`).
    pub date: String,
    /// `Round` (the game's number, from 1).
    pub round: usize,
    /// `White`.
    pub white: String,
    /// `Black`.
    pub black: String,
    /// `TimeControl` (`10+0.1`, `40/60+0`, `1` for a second a move, `-`).
    pub time_control: String,
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The game as PGN, ending with a blank line.
pub fn write_match_game(record: &GameRecord, tags: &MatchTags) -> String {
    let header = PgnHeader {
        white: tags.white.clone(),
        black: tags.black.clone(),
        script: None,
        date: Some(tags.date.clone()),
    };
    let written = record.game.to_pgn(&header);
    // The library's tags, then the moves after the blank line.
    let (library_tags, movetext) = written.split_once("\n\n").unwrap_or(("", &written));
    let position_tags: Vec<&str> = library_tags
        .lines()
        .filter(|l| {
            l.starts_with("[Variant ") || l.starts_with("[SetUp ") || l.starts_with("[FEN ")
        })
        .collect();
    let mut out = String::new();
    for (name, value) in [
        ("Event", tags.event.as_str()),
        ("Site", tags.site.as_str()),
        ("Date", tags.date.as_str()),
        ("Round", &tags.round.to_string()),
        ("White", tags.white.as_str()),
        ("Black", tags.black.as_str()),
        ("Result", record.result),
    ] {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    for line in position_tags {
        out.push_str(line);
        out.push('\n');
    }
    out.push_str(&format!(
        "[TimeControl \"{}\"]\n",
        escape(&tags.time_control)
    ));
    out.push_str(&format!(
        "[Termination \"{}\"]\n\n",
        record.termination.tag()
    ));
    // The movetext ends with the game's own result token: replace it.
    let moves = movetext.trim_end();
    let moves = moves
        .rsplit_once(char::is_whitespace)
        .map_or("", |(m, _)| m);
    if !moves.trim().is_empty() {
        out.push_str(moves.trim_end());
        out.push('\n');
    }
    let reason = record.reason.replace(['{', '}'], "");
    out.push_str(&format!("{{{reason}}} {}\n\n", record.result));
    out
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The calendar date of a day counted from 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_day_numbers() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        // 2000-03-01 is day 11017; 2024-02-29 is day 19782.
        assert_eq!(civil_from_days(11_017), (2000, 3, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    }
}
