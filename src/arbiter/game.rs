//! One game between two engines, the arbiter keeping the true position
//! in a [`Game`] with the script's rules: each engine is asked for its
//! move in turn, the move is checked against the legal moves, the clocks
//! are charged, and the game ends as the script says (mate, stalemate as
//! scored, repetition, move rule, goals, hooks) or by a fault: an illegal
//! or unreadable move, a loss on time, an engine that crashed or never
//! answered, a resignation, a false result claim, or the ply limit
//! (`--max-plies`, a draw by adjudication).

use std::time::{Duration, Instant};

use crate::arbiter::clock::{Clock, TimeControl, TIME_MARGIN};
use crate::arbiter::player::{
    EngineConfig, EngineFailure, GameStart, Player, Protocol, Reply, Turn,
};
use crate::arbiter::xboard::st_seconds;
use crate::game::Game;
use crate::ir::piece::Color;
use crate::notation::coord::move_to_coord;
use crate::notation::fen::write_fen;
use crate::teach::outcome::describe_reason;
use crate::vm::hooks::{begin_command, HookBudget};
use crate::vm::{Outcome, Position};

/// How a game ended, as the PGN `Termination` tag says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules (mate, draw rules, a resignation).
    Normal,
    /// A side ran out of time.
    TimeForfeit,
    /// A side broke the rules (an illegal move, a false claim).
    RulesInfraction,
    /// An engine crashed or stopped answering.
    Abandoned,
    /// The arbiter decided (the ply limit).
    Adjudication,
    /// The game could not be finished (a variant hook failed).
    Unterminated,
}

impl Termination {
    /// The tag's value.
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
            Termination::Adjudication => "adjudication",
            Termination::Unterminated => "unterminated",
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The game (the opening's moves, then the engines').
    pub game: Game,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` when it could not be finished.
    pub result: &'static str,
    /// How it ended.
    pub termination: Termination,
    /// Why, in words (`White mates`, `Black's engine crashed`).
    pub reason: String,
}

/// An engine's seat at the board: its configuration and its process,
/// started when first needed and again after a failure.
#[derive(Debug)]
pub struct Seat {
    /// The engine.
    pub config: EngineConfig,
    /// The variant's name in its protocol.
    pub variant_name: String,
    player: Option<Player>,
}

impl Seat {
    /// A seat whose engine is not started yet.
    pub fn new(config: EngineConfig, variant_name: String) -> Seat {
        Seat {
            config,
            variant_name,
            player: None,
        }
    }

    /// The engine, started if it is not running.
    fn player(&mut self) -> Result<&mut Player, EngineFailure> {
        if self.player.is_none() {
            self.player = Some(Player::start(&self.config, &self.variant_name)?);
        }
        self.player.as_mut().ok_or(EngineFailure::Exited)
    }

    /// Ends the engine's process (it is started again for the next game).
    pub fn discard(&mut self) {
        // Dropping the process kills it.
        self.player = None;
    }

    /// Asks the engine to quit.
    pub fn quit(&mut self) {
        if let Some(p) = self.player.take() {
            p.quit();
        }
    }
}

/// The limits every move of a game is played under.
#[derive(Clone, Debug, Default)]
pub struct GameLimits {
    /// The game clock.
    pub clock: Option<TimeControl>,
    /// Time per move.
    pub movetime: Option<Duration>,
    /// Search depth.
    pub depth: Option<u32>,
    /// How long to wait for a move when no clock or time per move says.
    pub move_timeout: Duration,
    /// Plies after the opening before the game is drawn by adjudication.
    pub max_plies: Option<usize>,
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn win_for(side: Color) -> &'static str {
    match side {
        Color::White => "1-0",
        Color::Black => "0-1",
    }
}

fn index(side: Color) -> usize {
    match side {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The end a game reached by the script's rules, if it did.
fn rules_end(game: &Game) -> Option<(&'static str, Termination, String)> {
    let variant = game.variant();
    match game.outcome() {
        Ok(Outcome::Ongoing) => None,
        Ok(Outcome::Decisive { winner, reason }) => Some((
            win_for(winner),
            Termination::Normal,
            format!(
                "{} wins: {}",
                side_name(winner),
                describe_reason(variant, &reason)
            ),
        )),
        Ok(Outcome::Draw { reason }) => Some((
            "1/2-1/2",
            Termination::Normal,
            format!("draw: {}", describe_reason(variant, &reason)),
        )),
        Err(e) => Some((
            "*",
            Termination::Unterminated,
            format!("a variant hook failed: {e}"),
        )),
    }
}

/// What an engine's fault costs: its side loses, and why.
fn fault(
    side: Color,
    termination: Termination,
    what: String,
) -> (&'static str, Termination, String) {
    (
        win_for(side.opposite()),
        termination,
        format!("{} {what}", side_name(side)),
    )
}

/// Plays a game from `opening` between the engines in `seats` (White's, Black's).
pub fn play_game(seats: [&mut Seat; 2], opening: &Game, limits: &GameLimits) -> GameRecord {
    let [white, black] = seats;
    let mut seats = [white, black];
    let mut game = opening.clone();
    let start_fen = write_fen(game.start());
    let fen = (start_fen != write_fen(&Position::start(game.variant()))).then_some(start_fen);
    let (result, termination, reason) = match start_both(
        &mut seats,
        fen.as_deref(),
        game.variant().geometry.ranks(),
        limits,
    ) {
        Err(end) => end,
        Ok(()) => play_moves(&mut seats, &mut game, fen.as_deref(), limits),
    };
    for seat in seats {
        if let Some(p) = seat.player.as_mut() {
            p.game_over(result, &reason);
        }
    }
    GameRecord {
        game,
        result,
        termination,
        reason,
    }
}

/// Tells both engines a new game starts; an engine that fails loses it.
fn start_both(
    seats: &mut [&mut Seat; 2],
    fen: Option<&str>,
    ranks: u8,
    limits: &GameLimits,
) -> Result<(), (&'static str, Termination, String)> {
    for side in [Color::White, Color::Black] {
        let seat = &mut seats[index(side)];
        let start = GameStart {
            variant_name: &seat.variant_name.clone(),
            fen,
            clock: limits.clock,
            movetime: seat.config.movetime.or(limits.movetime),
            depth: seat.config.depth.or(limits.depth),
            ranks,
        };
        let started = seat.player().and_then(|p| p.new_game(&start));
        if let Err(e) = started {
            seat.discard();
            return Err(fault(
                side,
                Termination::Abandoned,
                format!("could not start the game: {e}"),
            ));
        }
    }
    Ok(())
}

/// The moves of a game until it ends.
fn play_moves(
    seats: &mut [&mut Seat; 2],
    game: &mut Game,
    fen: Option<&str>,
    limits: &GameLimits,
) -> (&'static str, Termination, String) {
    let opening_plies = game.moves().len();
    let mut coords: Vec<String> = (0..opening_plies)
        .map(|i| move_to_coord(game.position_at(i), game.moves()[i]))
        .collect();
    let mut clocks = limits.clock.map(|tc| [Clock::new(tc), Clock::new(tc)]);
    loop {
        // Each move's hooks (the legal moves, the outcome) have their own budget.
        let _hooks = begin_command(HookBudget::default());
        if let Some(end) = rules_end(game) {
            return end;
        }
        if limits
            .max_plies
            .is_some_and(|m| game.moves().len() - opening_plies >= m)
        {
            let plies = game.moves().len() - opening_plies;
            return (
                "1/2-1/2",
                Termination::Adjudication,
                format!("draw: adjudicated after {plies} plies"),
            );
        }
        let side = game.position().side_to_move();
        let seat = &mut seats[index(side)];
        let movetime = seat.config.movetime.or(limits.movetime);
        let (wait, timed) = move_wait(
            seat,
            clocks.as_ref().map(|c| &c[index(side)]),
            movetime,
            limits,
        );
        let asked = Instant::now();
        let turn = Turn {
            fen,
            moves: &coords,
            side,
            clocks,
            movetime,
            depth: seat.config.depth.or(limits.depth),
            deadline: asked + wait,
        };
        let reply = seat.player().and_then(|p| p.think(&turn));
        let used = asked.elapsed();
        let text = match reply {
            Ok(Reply::Move(text)) => text,
            Ok(Reply::Resign) => return fault(side, Termination::Normal, "resigns".to_string()),
            Ok(Reply::Claim { result, comment }) if result == win_for(side.opposite()) => {
                return fault(side, Termination::Normal, format!("resigns ({comment})"));
            }
            Ok(Reply::Claim { result, comment }) => {
                return fault(
                    side,
                    Termination::RulesInfraction,
                    format!("makes a false claim: {result} ({comment})"),
                );
            }
            Err(e) => {
                seat.discard();
                return engine_failed(side, e, timed, wait);
            }
        };
        if let Some(clocks) = clocks.as_mut() {
            if !clocks[index(side)].charge(used) {
                return fault(side, Termination::TimeForfeit, "loses on time".to_string());
            }
        }
        let Ok(mv) = game.parse_move(&text) else {
            return fault(
                side,
                Termination::RulesInfraction,
                format!("makes an illegal move: {text}"),
            );
        };
        let coord = move_to_coord(game.position(), mv);
        if let Err(e) = game.play(mv) {
            return (
                "*",
                Termination::Unterminated,
                format!("a variant hook failed: {e}"),
            );
        }
        coords.push(coord);
    }
}

/// How long to wait for a move, and whether that is a time limit (a loss
/// on time when it passes) rather than the arbiter's patience.
fn move_wait(
    seat: &Seat,
    clock: Option<&Clock>,
    movetime: Option<Duration>,
    limits: &GameLimits,
) -> (Duration, bool) {
    let mut wait = limits.move_timeout;
    let mut timed = false;
    if let Some(clock) = clock {
        if clock.deadline() <= wait {
            wait = clock.deadline();
            timed = true;
        }
    }
    if let Some(t) = movetime {
        // XBoard's `st` is in whole seconds.
        let told = match seat.config.protocol {
            Protocol::Uci => t,
            Protocol::Xboard => Duration::from_secs(st_seconds(t)),
        };
        if told + TIME_MARGIN <= wait {
            wait = told + TIME_MARGIN;
            timed = true;
        }
    }
    (wait, timed)
}

/// The end of a game whose engine failed on its turn.
fn engine_failed(
    side: Color,
    error: EngineFailure,
    timed: bool,
    wait: Duration,
) -> (&'static str, Termination, String) {
    match error {
        EngineFailure::Timeout { .. } if timed => fault(
            side,
            Termination::TimeForfeit,
            "loses on time (no move)".to_string(),
        ),
        EngineFailure::Timeout { .. } => fault(
            side,
            Termination::Abandoned,
            format!("gave no move in {} s", wait.as_secs_f64()),
        ),
        EngineFailure::Exited => fault(
            side,
            Termination::Abandoned,
            "loses: its engine crashed (its process ended)".to_string(),
        ),
        e => fault(side, Termination::Abandoned, format!("loses: {e}")),
    }
}
