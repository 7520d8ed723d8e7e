//! Game files in the REPL: the game as PGN, `save` and `open`, whether it
//! has unsaved moves, and the recovery folder where an unsaved game is
//! kept rather than lost.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::SystemTime;

use crate::game::Game;
use crate::load::load_variant;
use crate::notation::fen::write_fen;
use crate::notation::pgn::{parse_pgn, PgnHeader};
use crate::repl::Session;

/// A game that could not be saved.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {path}: {source}")]
pub struct SaveError {
    /// Where it was to go.
    pub path: String,
    /// Why it could not.
    pub source: std::io::Error,
}

impl Session {
    /// Whether the game has moves that were not saved.
    pub fn is_dirty(&self) -> bool {
        if self.moves().is_empty() {
            return false;
        }
        match &self.saved {
            Some((fen, moves)) => *fen != write_fen(self.game.start()) || moves != self.moves(),
            None => true,
        }
    }

    /// The game so far as PGN.
    pub fn pgn_text(&self) -> String {
        let name = |computer: bool| if computer { "varia" } else { "Player" };
        let header = PgnHeader {
            white: name(self.computer.0).to_string(),
            black: name(self.computer.1).to_string(),
            script: Some(self.script.clone()),
            date: Some(today()),
        };
        self.game.to_pgn(&header)
    }

    /// Saves the game as PGN.
    ///
    /// # Errors
    /// [`SaveError`]: the file cannot be written.
    pub fn save_to(&mut self, path: &str) -> Result<(), SaveError> {
        std::fs::write(path, self.pgn_text()).map_err(|source| SaveError {
            path: path.to_string(),
            source,
        })?;
        self.mark_saved(path);
        Ok(())
    }

    fn mark_saved(&mut self, path: &str) {
        self.saved = Some((write_fen(self.game.start()), self.moves().to_vec()));
        self.save_path = Some(path.to_string());
    }

    /// `save [FILE]`: to the file, or where the game was last saved.
    pub(super) fn save(&mut self, path: Option<String>, out: &mut dyn Write) {
        let Some(path) = path.or_else(|| self.save_path.clone()) else {
            say!(out, "save takes a file name: `save game.pgn`");
            return;
        };
        match self.save_to(&path) {
            Ok(()) => {
                say!(out, "saved {} moves to {path}", self.moves().len());
            }
            Err(e) => {
                say!(out, "{e}");
            }
        }
    }

    /// `open FILE`: a PGN game, of this variant or of the script its
    /// `Script` tag names.
    pub(super) fn open(&mut self, path: &str, out: &mut dyn Write) {
        let text = match std::fs::read(path) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) => {
                say!(out, "cannot read {path}: {e}");
                return;
            }
        };
        // Kept before reading the game and perhaps compiling the script
        // its tags name: whatever they hold, the game in progress is safe.
        self.stash_if_dirty(out);
        let pgn = match parse_pgn(&text) {
            Ok(g) => g,
            Err(e) => {
                say!(out, "{path}: {e}");
                return;
            }
        };
        let mut variant = self.variant().clone();
        let mut script = self.script.clone();
        if let Some(name) = pgn.tag("Variant") {
            if name != variant.name {
                let other = pgn
                    .tag("Script")
                    .and_then(|s| load_variant(s).ok().map(|v| (s.to_string(), v)));
                match other {
                    Some((s, v)) if v.name == name => {
                        variant = v;
                        script = s;
                    }
                    _ => {
                        say!(
                            out,
                            "{path} is a game of {name}, not {}: load its script first",
                            variant.name
                        );
                        return;
                    }
                }
            }
        }
        match Game::from_pgn(&variant, &pgn) {
            Ok(game) => {
                if !Arc::ptr_eq(&variant, self.variant()) {
                    self.engine = None;
                }
                self.script = script;
                self.reset(game);
                self.mark_saved(path);
                say!(out, "opened {path}: {} moves", self.moves().len());
                self.show(out);
            }
            Err(e) => {
                say!(out, "{path}: {e}");
            }
        }
    }

    /// Keeps an unsaved game in the recovery folder before it is replaced.
    pub(super) fn stash_if_dirty(&mut self, out: &mut dyn Write) {
        if !self.is_dirty() {
            return;
        }
        match self.stash() {
            Some(path) => {
                say!(out, "(the unsaved game was kept in {path})");
            }
            None => {
                say!(out, "(the unsaved game was replaced; it could not be kept)");
            }
        }
    }

    /// Writes the game to a new file in the recovery folder; returns its path.
    pub fn stash(&mut self) -> Option<String> {
        let dir = self.recovery_dir.clone()?;
        std::fs::create_dir_all(&dir).ok()?;
        let stamp = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|d| d.as_millis())
            .unwrap_or(0);
        let path = dir.join(format!("unsaved-{stamp}.pgn"));
        let text = path.to_string_lossy().into_owned();
        let keep = self.save_path.clone();
        self.save_to(&text).ok()?;
        self.save_path = keep;
        Some(text)
    }
}

/// Today's date as `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!("{y:04}.{m:02}.{d:02}")
}

/// The folder for the history file and recovered games: `$VARIA_HOME`,
/// else `$XDG_STATE_HOME/varia`, else `~/.local/state/varia`.
pub fn state_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("VARIA_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_STATE_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d).join("varia"));
    }
    std::env::var_os("HOME")
        .filter(|d| !d.is_empty())
        .map(|h| PathBuf::from(h).join(".local/state/varia"))
}
