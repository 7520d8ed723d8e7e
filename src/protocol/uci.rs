//! UCI (the Universal Chess Interface) for any scripted variant, as
//! Fairy-Stockfish speaks it: the variant is the `UCI_Variant` option, and
//! a variant the GUI may not know is announced with `info string variant
//! NAME files F ranks R pocket 0 template fairy startpos FEN`.
//!
//! ```text
//! > uci                          < id name varia 0.1.0 … uciok
//! > setoption name UCI_Variant value grand-betza
//! > position startpos moves e3e5
//! > go movetime 500              < info depth 1 … pv … / bestmove f2f4
//! ```
//!
//! Moves are in coordinates (`e2e4`, `e7e8q`, `a10a9`; castling as the
//! king's move, `e1g1`). Commands: `uci`, `isready`, `ucinewgame`,
//! `setoption name … value …` (`UCI_Variant`, `VariantPath`, `Hash`,
//! `Clear Hash`), `position startpos|fen … [moves …]`, `go` with `wtime
//! btime winc binc movestogo depth nodes movetime infinite`, `stop`,
//! `ponderhit`, `quit`. A command it cannot follow is answered with `info
//! string error: …` and changes nothing; `isready` and `stop` are answered
//! while it searches.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use crate::engine::search::{Engine, Limits, SearchInfo, SearchResult, MATE, MATE_BOUND};
use crate::game::Game;
use crate::ir::piece::Color;
use crate::ir::Variant;
use crate::load::{load_error_text, load_variant};
use crate::notation::coord::{move_to_coord, parse_coord};
use crate::notation::fen::write_fen;
use crate::protocol::{
    one_line, pocket_size, pv_text, serve_lines, spawn_search, template_of, variant_name_of, Output,
};
use crate::vm::Position;

/// The variant a session starts with when no script is given.
const DEFAULT_VARIANT: &str = "chess";
/// The deepest search `go` asks for.
const MAX_DEPTH: u32 = 64;
/// Hash table size in MiB: default, least, most.
const HASH_MB: (u64, u64, u64) = (32, 1, 4096);
/// Bytes per transposition-table entry (near enough, to turn MiB into entries).
const TABLE_ENTRY_BYTES: u64 = 32;
/// Moves to go assumed when the GUI gives a clock without `movestogo`.
const ASSUMED_MOVES_TO_GO: u64 = 30;
/// Time kept back from the clock for the answer to reach the GUI, in ms.
const MOVE_OVERHEAD_MS: u64 = 30;

/// A search running on its own thread; it gives the engine back when done.
struct RunningSearch {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<(Engine, ())>,
    /// Without a limit (`go infinite`, or `go` alone): only `stop` ends it.
    infinite: bool,
}

/// One UCI session: the known variants, the chosen one, the game and the
/// engine.
pub struct Session {
    out: Output,
    variants: BTreeMap<String, Arc<Variant>>,
    variant_name: String,
    game: Game,
    hash_mb: u64,
    engine: Option<Engine>,
    search: Option<RunningSearch>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("variant", &self.variant_name)
            .field("position", &write_fen(self.game.position()))
            .field("searching", &self.search.is_some())
            .finish_non_exhaustive()
    }
}

/// Runs UCI on `input` and `output` until `quit` or the end of the input;
/// `scripts` are variant scripts to offer besides the built-in chess (the
/// first one is chosen at the start). Returns the process exit status.
pub fn run(input: impl BufRead, output: impl Write + Send + 'static, scripts: &[String]) -> i32 {
    let mut session = Session::new(Box::new(output));
    for script in scripts {
        if let Err(text) = session.add_script(script) {
            session.out.error(&text);
        }
    }
    if let Some(first) = scripts.first() {
        let name = variant_name_of(first);
        if session.variants.contains_key(&name) {
            session.choose_variant(&name);
        }
    }
    let out = session.out.clone();
    serve_lines(
        input,
        &out,
        "info string error: the input is not UTF-8 text",
        |line| session.execute(line),
    );
    session.stop_search();
    session.finish_search();
    0
}

impl Session {
    /// A session on the built-in chess, answering on `output`.
    pub fn new(output: Box<dyn Write + Send>) -> Session {
        let chess = load_variant(DEFAULT_VARIANT).expect("the built-in chess compiles");
        let mut variants = BTreeMap::new();
        variants.insert(DEFAULT_VARIANT.to_string(), chess.clone());
        Session {
            out: Output::new(output),
            variants,
            variant_name: DEFAULT_VARIANT.to_string(),
            game: Game::new(&chess),
            hash_mb: HASH_MB.0,
            engine: None,
            search: None,
        }
    }

    /// The game as the GUI has set it up.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Follows one command line; false after `quit`.
    pub fn execute(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return true;
        };
        if self.search.is_some() && !matches!(command, "isready" | "ponderhit") {
            // Any other command waits for the search to end (GUIs send `stop`
            // first; a piped script gets whole searches). `stop` and `quit`
            // end it, and so does any command during an infinite search.
            let infinite = self.search.as_ref().is_some_and(|s| s.infinite);
            if command == "stop" || command == "quit" || infinite {
                self.stop_search();
            }
            self.finish_search();
            if command == "stop" {
                return true;
            }
        }
        match command {
            "uci" => self.identify(),
            "isready" => self.out.line("readyok"),
            "ucinewgame" => self.new_game(),
            "setoption" => self.set_option(args),
            "position" => self.set_position(args),
            "go" => self.go(args),
            "stop" | "ponderhit" => {}
            "quit" => return false,
            _ => self.out.error(&format!("unknown command `{command}`")),
        }
        true
    }

    fn identify(&self) {
        self.out
            .line(&format!("id name varia {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the varia developers");
        let names: Vec<&str> = self.variants.keys().map(String::as_str).collect();
        let vars: String = names.iter().map(|n| format!(" var {n}")).collect();
        self.out.line(&format!(
            "option name UCI_Variant type combo default {}{vars}",
            self.variant_name
        ));
        self.out
            .line("option name VariantPath type string default <empty>");
        let (default, min, max) = HASH_MB;
        self.out.line(&format!(
            "option name Hash type spin default {default} min {min} max {max}"
        ));
        self.out.line("option name Clear Hash type button");
        self.out.line("uciok");
    }

    fn new_game(&mut self) {
        if let Some(engine) = self.engine.as_mut() {
            engine.clear();
        }
        self.game = Game::new(&self.variants[&self.variant_name]);
    }

    /// `setoption name NAME [value VALUE]`: names are case-insensitive and may
    /// hold spaces.
    fn set_option(&mut self, args: &[&str]) {
        let Some(("name", rest)) = args.split_first().map(|(a, r)| (*a, r)) else {
            return self.out.error("usage: setoption name NAME [value VALUE]");
        };
        let at_value = rest.iter().position(|w| *w == "value");
        let (name, value) = match at_value {
            Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
            None => (rest.join(" "), String::new()),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                if self.variants.contains_key(&value) {
                    self.choose_variant(&value);
                } else {
                    self.out.error(&format!(
                        "unknown variant `{value}` (known: {})",
                        self.variants.keys().cloned().collect::<Vec<_>>().join(", ")
                    ));
                }
            }
            "variantpath" => self.add_variant_path(&value),
            "hash" => match value.parse::<u64>() {
                Ok(mb) if (HASH_MB.1..=HASH_MB.2).contains(&mb) => {
                    self.hash_mb = mb;
                    self.engine = None;
                }
                _ => self.out.error(&format!(
                    "Hash must be a number of MiB from {} to {}, not `{value}`",
                    HASH_MB.1, HASH_MB.2
                )),
            },
            "clear hash" => {
                if let Some(engine) = self.engine.as_mut() {
                    engine.clear();
                }
            }
            _ => self.out.error(&format!("no option named `{name}`")),
        }
    }

    /// Chooses a known variant: a new game from its setup, announced the way
    /// Fairy-Stockfish announces a variant a GUI may not know.
    fn choose_variant(&mut self, name: &str) {
        let variant = self.variants[name].clone();
        self.variant_name = name.to_string();
        self.game = Game::new(&variant);
        self.engine = None;
        if name != DEFAULT_VARIANT {
            let geometry = &variant.geometry;
            self.out.line(&format!(
                "info string variant {name} files {} ranks {} pocket {} template {} startpos {}",
                geometry.files(),
                geometry.ranks(),
                pocket_size(&variant),
                template_of(&variant),
                write_fen(&Position::start(&variant))
            ));
        }
    }

    /// Compiles a script and offers its variant under its file name.
    fn add_script(&mut self, script: &str) -> Result<String, String> {
        let variant = load_variant(script).map_err(|e| one_line(&load_error_text(&e, false)))?;
        let name = variant_name_of(script);
        self.variants.insert(name.clone(), variant);
        Ok(name)
    }

    /// `VariantPath`: a script, or a folder whose `.variant` scripts (its
    /// subfolders' too) are all offered (each that does not compile is
    /// reported).
    fn add_variant_path(&mut self, path: &str) {
        let dir = Path::new(path);
        let scripts: Vec<String> = if dir.is_dir() {
            let Ok(found) = crate::load::scripts_in_folder(dir) else {
                return self.out.error(&format!("cannot read the folder {path}"));
            };
            found
                .iter()
                .filter_map(|p| p.to_str().map(str::to_string))
                .collect()
        } else {
            vec![path.to_string()]
        };
        let mut added = Vec::new();
        for script in &scripts {
            match self.add_script(script) {
                Ok(name) => added.push(name),
                Err(text) => self.out.error(&text),
            }
        }
        added.sort();
        if !added.is_empty() {
            self.out
                .line(&format!("info string variants added: {}", added.join(" ")));
        }
    }

    /// `position startpos|fen FEN… [moves M…]`: the whole command is checked
    /// before the game changes.
    fn set_position(&mut self, args: &[&str]) {
        match self.parse_position(args) {
            Ok(game) => self.game = game,
            Err(text) => self.out.error(&text),
        }
    }

    fn parse_position(&self, args: &[&str]) -> Result<Game, String> {
        let variant = &self.variants[&self.variant_name];
        let at_moves = args.iter().position(|w| *w == "moves");
        let (setup, moves) = match at_moves {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let mut game = match setup.split_first() {
            Some((&"startpos", [])) => Game::new(variant),
            Some((&"fen", fen)) if !fen.is_empty() => {
                Game::from_fen(variant, &fen.join(" ")).map_err(|e| format!("bad FEN: {e}"))?
            }
            _ => return Err("usage: position startpos|fen FEN [moves M…]".to_string()),
        };
        for (i, text) in moves.iter().enumerate() {
            let mv = parse_coord(game.position(), text)
                .filter(|mv| game.legal_moves().contains(mv))
                .ok_or_else(|| {
                    format!(
                        "illegal move {text} (move {} of the position command) in {}; \
                         the position is unchanged",
                        i + 1,
                        write_fen(game.position())
                    )
                })?;
            game.play(mv)
                .map_err(|e| format!("move {text} cannot be played: {e}"))?;
        }
        Ok(game)
    }

    /// `go …`: searches on a thread of its own and answers `bestmove`.
    fn go(&mut self, args: &[&str]) {
        let limits = self.go_limits(args);
        let pos = self.game.position().clone();
        if self.game.legal_moves().is_empty() {
            // The game is over: nothing to search.
            return self.out.line("bestmove (none)");
        }
        let stop = Arc::new(AtomicBool::new(false));
        let engine = self.engine.take().unwrap_or_else(|| {
            let entries = (self.hash_mb << 20) / TABLE_ENTRY_BYTES;
            Engine::with_table_bits(&pos, entries.ilog2())
        });
        let out = self.out.clone();
        let thread = spawn_search(engine, &stop, move |engine| {
            let result = engine.search(&pos, limits, |info| out.line(&info_line(&pos, info)));
            answer(&out, &pos, &result);
        });
        let infinite = limits.time.is_none() && limits.nodes.is_none() && limits.depth == MAX_DEPTH;
        self.search = Some(RunningSearch {
            stop,
            thread,
            infinite,
        });
    }

    /// The limits of a `go` command; a word it does not know is reported and
    /// skipped.
    fn go_limits(&self, args: &[&str]) -> Limits {
        let mut limits = Limits::depth(MAX_DEPTH);
        let mut clock = BTreeMap::new();
        let mut words = args.iter();
        while let Some(&word) = words.next() {
            match word {
                "infinite" | "ponder" => {}
                "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes"
                | "movetime" | "mate" => {
                    let Some(n) = words.next().and_then(|v| v.parse::<u64>().ok()) else {
                        self.out
                            .error(&format!("go {word} needs a whole number; ignored"));
                        continue;
                    };
                    clock.insert(word, n);
                }
                _ => self
                    .out
                    .error(&format!("go: unknown word `{word}`; ignored")),
            }
        }
        if let Some(&d) = clock.get("depth") {
            limits.depth = (d as u32).clamp(1, MAX_DEPTH);
        }
        limits.nodes = clock.get("nodes").copied();
        limits.time = self.time_budget(&clock).map(Duration::from_millis);
        limits
    }

    /// The time for this move, in ms: `movetime`, or a share of the clock.
    fn time_budget(&self, clock: &BTreeMap<&str, u64>) -> Option<u64> {
        if let Some(&ms) = clock.get("movetime") {
            return Some(ms.max(1));
        }
        let white = self.game.position().side_to_move() == Color::White;
        let (time, inc) = if white {
            ("wtime", "winc")
        } else {
            ("btime", "binc")
        };
        let left = *clock.get(time)?;
        let inc = clock.get(inc).copied().unwrap_or(0);
        let to_go = clock
            .get("movestogo")
            .copied()
            .unwrap_or(ASSUMED_MOVES_TO_GO)
            .max(1);
        let share = left / to_go + inc * 3 / 4;
        Some(share.min(left.saturating_sub(MOVE_OVERHEAD_MS)).max(1))
    }

    /// Raises the running search's stop flag: it answers soon with the best
    /// move so far.
    fn stop_search(&self) {
        if let Some(search) = &self.search {
            search.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Waits for the running search's `bestmove`.
    fn finish_search(&mut self) {
        if let Some(search) = self.search.take() {
            match search.thread.join() {
                Ok((engine, ())) => self.engine = Some(engine),
                Err(_) => self.out.line("bestmove (none)"),
            }
        }
    }
}

/// `info depth … seldepth … score … nodes … nps … time … pv …` for one iteration.
fn info_line(pos: &Position, info: &SearchInfo) -> String {
    let ms = info.elapsed.as_millis() as u64;
    let nps = info.nodes * 1000 / ms.max(1);
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {nps} time {ms} pv {}",
        info.depth,
        info.seldepth,
        uci_score(info.score),
        info.nodes,
        pv_text(pos, &info.pv)
    )
}

/// A score as UCI writes it: `cp 35`, or `mate 3` / `mate -2` in moves.
fn uci_score(score: i32) -> String {
    if score >= MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        format!("mate -{}", (MATE + score) / 2)
    } else {
        format!("cp {score}")
    }
}

/// `bestmove …` (with `ponder` when the variation goes on), after reporting a
/// hook failure that stopped the search.
fn answer(out: &Output, pos: &Position, result: &SearchResult) {
    if let Some(error) = &result.hook_error {
        out.error(&format!("a hook failed during the search: {error}"));
    }
    let Some(best) = result.best else {
        return out.line("bestmove (none)");
    };
    let words = pv_text(pos, &result.pv);
    let mut words = words.split(' ');
    let first = words.next().filter(|w| !w.is_empty());
    let best_text = move_to_coord(pos, best);
    match (first, words.next()) {
        (Some(first), Some(ponder)) if first == best_text => {
            out.line(&format!("bestmove {best_text} ponder {ponder}"))
        }
        _ => out.line(&format!("bestmove {best_text}")),
    }
}
