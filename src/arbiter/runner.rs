//! The match: the schedule (game `i` plays opening `i / 2`, the first
//! engine White in even games, so each opening is played with both
//! colours), `--concurrency K` threads each with its own pair of engine
//! processes, a progress line per finished game with the running score,
//! and every game's PGN appended to the file as it ends.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::arbiter::game::{play_game, GameLimits, GameRecord, Seat};
use crate::arbiter::openings::random_opening;
use crate::arbiter::pgn::{today, write_match_game, MatchTags};
use crate::arbiter::player::{EngineConfig, Player, Protocol};
use crate::arbiter::stats::Score;
use crate::arbiter::uci::UCI_CHESS;
use crate::arbiter::xboard::XBOARD_CHESS;
use crate::game::Game;
use crate::ir::Variant;

/// Where the games start.
#[derive(Clone, Debug)]
pub enum Openings {
    /// The variant's setup.
    Setup,
    /// These positions and lines, in turn (from the start again when the
    /// games outnumber them).
    List(Vec<Game>),
    /// Random legal plies from the setup.
    Random {
        /// How many plies.
        plies: usize,
        /// The seed.
        seed: u64,
    },
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// The variant.
    pub variant: Arc<Variant>,
    /// The script's name (`grand-betza`): the variant's name in both
    /// protocols unless an engine says otherwise (orthodox chess is
    /// `chess` in UCI and `normal` in XBoard).
    pub script_name: String,
    /// The two engines.
    pub engines: [EngineConfig; 2],
    /// How many games.
    pub games: usize,
    /// How many at once.
    pub concurrency: usize,
    /// The limits of every move.
    pub limits: GameLimits,
    /// The openings.
    pub openings: Openings,
    /// The PGN file the games are appended to.
    pub pgn: Option<PathBuf>,
    /// The `Event` tag.
    pub event: String,
}

/// Why a match could not be played.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// An engine cannot be started or does not answer its handshake.
    #[error("engine `{name}`: {message}")]
    Engine {
        /// The engine's name.
        name: String,
        /// Why.
        message: String,
    },
    /// The PGN file cannot be written.
    #[error("cannot write {path}: {message}")]
    Pgn {
        /// The file.
        path: String,
        /// Why.
        message: String,
    },
}

/// The games played and the score of the first engine.
#[derive(Clone, Debug, Default)]
pub struct MatchResult {
    /// Each game with its round (from 1), in round order.
    pub games: Vec<(usize, GameRecord)>,
    /// The first engine's wins, losses and draws (unfinished games not counted).
    pub score: Score,
}

/// The variant's name for an engine: its own `variant=`, else the
/// script's name (orthodox chess under its protocol's name; over XBoard
/// the name `varia xboard` offers for it).
pub fn variant_name_for(config: &EngineConfig, script_name: &str) -> String {
    if let Some(name) = &config.variant_name {
        return name.clone();
    }
    match (script_name, config.protocol) {
        ("chess" | "normal", Protocol::Uci) => UCI_CHESS.to_string(),
        ("chess" | "normal", Protocol::Xboard) => XBOARD_CHESS.to_string(),
        // The name varia offers XBoard (`grand-betza` runs together to
        // `grandbetza`, which XBoard would read as its Grand Chess).
        (name, Protocol::Xboard) => crate::protocol::xboard::xboard_name(name),
        (name, Protocol::Uci) => name.to_string(),
    }
}

/// What the first engine scored in a game it played as White (`first_white`) or Black.
fn add_result(score: &mut Score, result: &str, first_white: bool) {
    match (result, first_white) {
        ("1-0", true) | ("0-1", false) => score.wins += 1,
        ("1-0", false) | ("0-1", true) => score.losses += 1,
        ("1/2-1/2", _) => score.draws += 1,
        _ => {}
    }
}

/// The `TimeControl` tag for the match's limits.
fn time_control_tag(limits: &GameLimits) -> String {
    match (limits.clock, limits.movetime) {
        (Some(tc), _) => tc.to_string(),
        (None, Some(t)) => format!("{}", t.as_secs_f64()),
        (None, None) => "-".to_string(),
    }
}

/// The state the match's threads share.
struct Shared<'a> {
    result: MatchResult,
    finished: usize,
    pgn: Option<std::fs::File>,
    pgn_error: Option<MatchError>,
    progress: &'a (dyn Fn(&str) + Sync),
}

/// Plays the match; `progress` gets a line per finished game.
///
/// # Errors
/// [`MatchError`]: an engine cannot be started (checked once before the
/// first game) or the PGN file cannot be written.
pub fn run_match(
    settings: &MatchSettings,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<MatchResult, MatchError> {
    for config in &settings.engines {
        let name = variant_name_for(config, &settings.script_name);
        match Player::start(config, &name) {
            Ok(player) => player.quit(),
            Err(e) => {
                return Err(MatchError::Engine {
                    name: config.name.clone(),
                    message: e.to_string(),
                })
            }
        }
    }
    let pgn = match &settings.pgn {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| MatchError::Pgn {
                    path: path.display().to_string(),
                    message: e.to_string(),
                })?,
        ),
        None => None,
    };
    let shared = Mutex::new(Shared {
        result: MatchResult::default(),
        finished: 0,
        pgn,
        pgn_error: None,
        progress,
    });
    let next = AtomicUsize::new(0);
    let date = today();
    std::thread::scope(|scope| {
        for _ in 0..settings.concurrency.clamp(1, settings.games.max(1)) {
            scope.spawn(|| worker(settings, &next, &shared, &date));
        }
    });
    let mut shared = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = shared.pgn_error.take() {
        return Err(e);
    }
    shared.result.games.sort_by_key(|(round, _)| *round);
    Ok(shared.result)
}

/// The opening of game `round` (from 0).
fn opening_for(settings: &MatchSettings, round: usize) -> Game {
    let pair = round / 2;
    match &settings.openings {
        Openings::Setup => Game::new(&settings.variant),
        Openings::List(list) => list[pair % list.len()].clone(),
        Openings::Random { plies, seed } => {
            random_opening(&settings.variant, *plies, *seed, pair as u64)
        }
    }
}

/// One thread: takes the next game until none is left.
fn worker(settings: &MatchSettings, next: &AtomicUsize, shared: &Mutex<Shared>, date: &str) {
    let mut seats = settings.engines.clone().map(|config| {
        let name = variant_name_for(&config, &settings.script_name);
        Seat::new(config, name)
    });
    let time_control = time_control_tag(&settings.limits);
    loop {
        let round = next.fetch_add(1, Ordering::SeqCst);
        if round >= settings.games {
            break;
        }
        let opening = opening_for(settings, round);
        let first_white = round.is_multiple_of(2);
        let [first, second] = &mut seats;
        let (white, black) = if first_white {
            (first, second)
        } else {
            (second, first)
        };
        let tags = MatchTags {
            event: settings.event.clone(),
            site: "varia match".to_string(),
            date: date.to_string(),
            round: round + 1,
            white: white.config.name.clone(),
            black: black.config.name.clone(),
            time_control: time_control.clone(),
        };
        let record = play_game([white, black], &opening, &settings.limits);
        let text = write_match_game(&record, &tags);
        let Ok(mut shared) = shared.lock() else {
            break;
        };
        add_result(&mut shared.result.score, record.result, first_white);
        shared.finished += 1;
        let line = format!(
            "Finished game {} ({} vs {}): {} {{{}}}; score of {} vs {}: {}-{}-{} ({}/{})",
            round + 1,
            tags.white,
            tags.black,
            record.result,
            record.reason,
            settings.engines[0].name,
            settings.engines[1].name,
            shared.result.score.wins,
            shared.result.score.losses,
            shared.result.score.draws,
            shared.finished,
            settings.games
        );
        (shared.progress)(&line);
        if let Some(file) = shared.pgn.as_mut() {
            if let Err(e) = file.write_all(text.as_bytes()) {
                let path = settings
                    .pgn
                    .as_ref()
                    .map_or(String::new(), |p| p.display().to_string());
                shared.pgn_error.get_or_insert(MatchError::Pgn {
                    path,
                    message: e.to_string(),
                });
            }
        }
        shared.result.games.push((round + 1, record));
    }
    for seat in &mut seats {
        seat.quit();
    }
}
