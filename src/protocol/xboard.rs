//! XBoard/WinBoard's protocol (CECP, version 2) for any scripted variant:
//! `varia xboard [SCRIPT…]`.
//!
//! ```text
//! > xboard
//! > protover 2                   < feature myname="varia 0.1.0" variants="normal,…" … done=1
//! > variant grand-betza          < setup (PNBRQ…) 10x10+0_fairy FEN / piece N& N / …
//! > new / usermove e3e5          < move f8f6
//! ```
//!
//! For a variant other than chess, `variant` answers with the `setup`
//! command (board size, piece-to-char table, start position) and one
//! `piece L& BETZA` line per piece, from the compiled script, so that XBoard
//! draws the board and highlights the pieces' moves. Moves are in
//! coordinates (`e2e4`, `e7e8q`, castling as the king's move; a pass is
//! XBoard's null move `@@@@`, as Fairy-Stockfish writes Janggi's); on a board
//! with ten ranks XBoard numbers them from 0 (`a0` to `j9`), and so do the
//! moves here. A script whose name XBoard would take for one of its own
//! variants is offered with its words run together (`grandbetza`). The engine
//! thinks on its own thread; `?` makes it move at once, and `ping` is
//! answered while it thinks. A command it cannot follow gets CECP's answer
//! (`Error (…): …`, `Illegal move: …`, `tellusererror …`) and changes
//! nothing.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use crate::engine::search::{Engine, Limits, SearchInfo, MATE, MATE_BOUND};
use crate::game::Game;
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::ir::Variant;
use crate::load::{load_error_text, load_variant};
use crate::notation::coord::{move_to_coord, parse_coord};
use crate::notation::fen::write_fen;
use crate::notation::san::NULL_MOVE;
use crate::protocol::{
    one_line, pocket_size, pv_text, serve_lines, spawn_search, template_of, variant_name_of, Output,
};
use crate::teach::outcome::describe_reason;
use crate::vm::{Move, MoveKind, Outcome, Position};

/// XBoard's name for orthodox chess, played by the built-in script.
const NORMAL: &str = "normal";
/// XBoard's piece types, in the order of its piece-to-char table.
const PIECE_SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";
/// The deepest search.
const MAX_DEPTH: u32 = 64;
/// Moves to go assumed when the time control does not say.
const ASSUMED_MOVES_TO_GO: u64 = 30;
/// Time kept back from the clock, in ms.
const MOVE_OVERHEAD_MS: u64 = 50;
/// Time per move when XBoard gave no clock at all, in ms.
const DEFAULT_MOVE_MS: u64 = 2_000;

/// The time control, as `level`, `st`, `sd`, `time` and `otim` set it.
#[derive(Clone, Copy, Debug, Default)]
struct Clock {
    /// Moves per session (`level MPS …`; 0: the whole game).
    moves_per_session: u64,
    /// Increment per move, ms.
    increment_ms: u64,
    /// Exact time per move (`st`), ms.
    per_move_ms: Option<u64>,
    /// Depth limit (`sd`).
    depth: Option<u32>,
    /// The engine's clock (`time`, given in centiseconds), ms.
    left_ms: Option<u64>,
}

/// The engine thinking on its own thread; it gives the engine and its
/// move back when done.
struct Thinking {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<(Engine, Option<Move>)>,
}

/// One XBoard session.
pub struct Session {
    out: Output,
    variants: BTreeMap<String, Arc<Variant>>,
    variant_name: String,
    game: Game,
    /// Force mode: the engine plays neither side.
    force: bool,
    /// The side the engine plays when not in force mode.
    engine_side: Color,
    /// Thinking output (`post`).
    post: bool,
    clock: Clock,
    engine: Option<Engine>,
    thinking: Option<Thinking>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("variant", &self.variant_name)
            .field("position", &write_fen(self.game.position()))
            .field("force", &self.force)
            .field("thinking", &self.thinking.is_some())
            .finish_non_exhaustive()
    }
}

/// Runs CECP on `input` and `output` until `quit` or the end of the input;
/// `scripts` are variants to offer besides chess (the first one is chosen
/// at the start). Returns the process exit status.
pub fn run(input: impl BufRead, output: impl Write + Send + 'static, scripts: &[String]) -> i32 {
    let mut session = Session::new(Box::new(output));
    for script in scripts {
        match load_variant(script) {
            Ok(variant) => {
                session
                    .variants
                    .insert(xboard_name(&variant_name_of(script)), variant);
            }
            Err(e) => session.out.line(&format!(
                "tellusererror {}",
                one_line(&load_error_text(&e, false))
            )),
        }
    }
    if let Some(name) = scripts.first().map(|s| xboard_name(&variant_name_of(s))) {
        if session.variants.contains_key(&name) {
            session.choose_variant(&name);
        }
    }
    let out = session.out.clone();
    serve_lines(
        input,
        &out,
        "Error (not UTF-8 text): the line is ignored",
        |line| session.execute(line),
    );
    session.move_now();
    session.finish_thinking();
    0
}

impl Session {
    /// A session on chess, answering on `output`.
    pub fn new(output: Box<dyn Write + Send>) -> Session {
        let chess = load_variant("chess").expect("the built-in chess compiles");
        let mut variants = BTreeMap::new();
        variants.insert(NORMAL.to_string(), chess.clone());
        Session {
            out: Output::new(output),
            variants,
            variant_name: NORMAL.to_string(),
            game: Game::new(&chess),
            force: false,
            engine_side: Color::Black,
            post: false,
            clock: Clock::default(),
            engine: None,
            thinking: None,
        }
    }

    /// The game as XBoard has set it up (the engine's last move included
    /// once its thinking is over).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Follows one command line; false after `quit`.
    pub fn execute(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return true;
        };
        match command {
            // Answered while thinking.
            "ping" => return self.answer_ping(args),
            "?" => return self.move_now(),
            "post" | "nopost" => {
                self.post = command == "post";
                return true;
            }
            "otim" | "hard" | "easy" | "random" | "computer" | "name" | "rating" | "ics"
            | "accepted" | "rejected" | "xboard" | "draw" | "cores" | "memory" | "nps" => {
                return true
            }
            "quit" => return false,
            _ => {}
        }
        // Anything else waits for the engine's move (XBoard sends `?` first).
        self.finish_thinking();
        self.follow(command, args);
        true
    }

    fn answer_ping(&self, args: &[&str]) -> bool {
        self.out.line(&format!("pong {}", args.join(" ")));
        true
    }

    /// The commands that change the game or the settings.
    fn follow(&mut self, command: &str, args: &[&str]) {
        match command {
            "protover" => self.features(),
            "new" => self.new_game(),
            "variant" => self.set_variant(args),
            "force" => self.force = true,
            "go" => {
                self.force = false;
                self.engine_side = self.game.position().side_to_move();
                self.think();
            }
            "playother" => {
                self.force = false;
                self.engine_side = self.game.position().side_to_move().opposite();
            }
            "usermove" => self.user_move(args),
            "setboard" => self.set_board(&args.join(" ")),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "result" => self.force = true,
            "time" | "level" | "st" | "sd" => self.set_clock(command, args),
            "white" | "black" => {}
            _ if looks_like_a_move(command) => self.user_move(&[command]),
            _ => self
                .out
                .line(&format!("Error (unknown command): {command}")),
        }
    }

    fn features(&self) {
        let names: Vec<&str> = self.variants.keys().map(String::as_str).collect();
        self.out.line(&format!(
            "feature myname=\"varia {}\" variants=\"{}\" setboard=1 usermove=1 ping=1 \
             sigint=0 sigterm=0 colors=0 reuse=1 analyze=0 san=0 time=1 draw=0 done=1",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
    }

    fn new_game(&mut self) {
        self.game = Game::new(&self.variants[&self.variant_name]);
        self.force = false;
        self.engine_side = Color::Black;
        self.clock.depth = None;
        if let Some(engine) = self.engine.as_mut() {
            engine.clear();
        }
    }

    fn set_variant(&mut self, args: &[&str]) {
        let asked = args.join(" ");
        // The script's own name is understood too (`grand-betza` for `grandbetza`).
        let name = xboard_name(&asked);
        if self.variants.contains_key(&name) {
            self.choose_variant(&name);
        } else {
            self.out.line(&format!("Error (unknown variant): {asked}"));
        }
    }

    /// Chooses a known variant: a new game, and for a variant other than
    /// chess the `setup` and `piece` commands that describe it to XBoard.
    fn choose_variant(&mut self, name: &str) {
        let variant = self.variants[name].clone();
        self.variant_name = name.to_string();
        self.game = Game::new(&variant);
        self.engine = None;
        if name != NORMAL {
            for line in describe_variant(&variant) {
                self.out.line(&line);
            }
        }
    }

    fn user_move(&mut self, args: &[&str]) {
        let text = args.join(" ");
        let ours = shift_ranks(&text, rank_shift(self.game.variant()));
        let mv = if text.trim() == NULL_MOVE {
            self.game.parse_move(NULL_MOVE).ok()
        } else {
            parse_coord(self.game.position(), &ours)
        }
        .filter(|mv| self.game.legal_moves().contains(mv));
        let Some(mv) = mv else {
            return self.out.line(&format!("Illegal move: {text}"));
        };
        if let Err(e) = self.game.play(mv) {
            return self.out.line(&format!("Illegal move ({e}): {text}"));
        }
        if !self.announce_result()
            && !self.force
            && self.game.position().side_to_move() == self.engine_side
        {
            self.think();
        }
    }

    fn set_board(&mut self, fen: &str) {
        match Game::from_fen(&self.variants[&self.variant_name], fen) {
            Ok(game) => self.game = game,
            Err(e) => self
                .out
                .line(&format!("tellusererror Illegal position: {e}")),
        }
    }

    fn take_back(&mut self, plies: usize) {
        if self.game.moves().len() < plies {
            return self.out.line(&format!(
                "Error (no move to take back): {}",
                if plies == 1 { "undo" } else { "remove" }
            ));
        }
        for _ in 0..plies {
            self.game.undo();
        }
    }

    fn set_clock(&mut self, command: &str, args: &[&str]) {
        let number = |i: usize| args.get(i).and_then(|w| w.parse::<u64>().ok());
        match (command, args.len()) {
            ("time", 1) if number(0).is_some() => self.clock.left_ms = number(0).map(|cs| cs * 10),
            // Seconds; GUIs and client libraries send fractions too (`st 0.5`).
            ("st", 1) if seconds_ms(args[0]).is_some() => {
                self.clock.per_move_ms = seconds_ms(args[0])
            }
            ("sd", 1) if number(0).is_some() => {
                self.clock.depth = number(0).map(|d| d.clamp(1, MAX_DEPTH as u64) as u32)
            }
            ("level", 3)
                if number(0).is_some()
                    && seconds_ms(args[2]).is_some()
                    && minutes(args[1]).is_some() =>
            {
                self.clock.moves_per_session = number(0).unwrap_or(0);
                self.clock.increment_ms = seconds_ms(args[2]).unwrap_or(0);
                self.clock.per_move_ms = None;
            }
            _ => self.out.line(&format!(
                "Error (bad arguments): {command} {}",
                args.join(" ")
            )),
        }
    }

    /// The limits of the next search, from the clock.
    fn limits(&self) -> Limits {
        let mut limits = Limits::time(Duration::from_millis(self.move_time_ms()));
        if let Some(depth) = self.clock.depth {
            limits.depth = depth;
        }
        limits
    }

    fn move_time_ms(&self) -> u64 {
        let clock = &self.clock;
        if let Some(ms) = clock.per_move_ms {
            return ms.max(1);
        }
        let Some(left) = clock.left_ms else {
            return DEFAULT_MOVE_MS;
        };
        let played = self.game.moves().len() as u64 / 2;
        let to_go = match clock.moves_per_session {
            0 => ASSUMED_MOVES_TO_GO,
            n => n - played % n,
        };
        let share = left / to_go + clock.increment_ms * 3 / 4;
        share.min(left.saturating_sub(MOVE_OVERHEAD_MS)).max(1)
    }

    /// Starts thinking on the engine's move; the thread prints `move …`
    /// (and the result, when the move ends the game).
    fn think(&mut self) {
        if self.game.legal_moves().is_empty() {
            return;
        }
        let pos = self.game.position().clone();
        let stop = Arc::new(AtomicBool::new(false));
        let engine = self.engine.take().unwrap_or_else(|| Engine::new(&pos));
        let (out, post, limits) = (self.out.clone(), self.post, self.limits());
        let shift = -rank_shift(self.game.variant());
        let thread = spawn_search(engine, &stop, move |engine| {
            let result = engine.search(&pos, limits, |info| {
                if post {
                    out.line(&shift_ranks(&thinking_line(&pos, info), shift));
                }
            });
            if let Some(error) = &result.hook_error {
                out.line(&format!(
                    "tellusererror a hook failed during the search: {error}"
                ));
            }
            if let Some(best) = result.best {
                let text = if best.kind == MoveKind::Pass {
                    NULL_MOVE.to_string()
                } else {
                    shift_ranks(&move_to_coord(&pos, best), shift)
                };
                out.line(&format!("move {text}"));
            }
            result.best
        });
        self.thinking = Some(Thinking { stop, thread });
    }

    /// `?`: the engine moves now with what it has.
    fn move_now(&mut self) -> bool {
        if let Some(thinking) = &self.thinking {
            thinking.stop.store(true, Ordering::Relaxed);
        }
        true
    }

    /// Waits for the engine's move and plays it on the game.
    fn finish_thinking(&mut self) {
        let Some(thinking) = self.thinking.take() else {
            return;
        };
        let Ok((engine, best)) = thinking.thread.join() else {
            return;
        };
        self.engine = Some(engine);
        if let Some(best) = best {
            if self.game.play(best).is_ok() {
                self.announce_result();
            }
        }
    }

    /// Tells XBoard the result when the last move ended the game; true if it did.
    fn announce_result(&mut self) -> bool {
        let outcome = match self.game.outcome() {
            Ok(Outcome::Ongoing) => return false,
            Ok(outcome) => outcome,
            Err(error) => {
                self.out
                    .line(&format!("tellusererror a hook failed: {error}"));
                return false;
            }
        };
        let variant = self.game.variant();
        let words = match &outcome {
            Outcome::Decisive { winner, reason } => format!(
                "{} wins: {}",
                if *winner == Color::White {
                    "White"
                } else {
                    "Black"
                },
                describe_reason(variant, reason)
            ),
            Outcome::Draw { reason } => format!("Draw: {}", describe_reason(variant, reason)),
            Outcome::Ongoing => return false,
        };
        self.out
            .line(&format!("{} {{{words}}}", self.game.result_token()));
        self.force = true;
        true
    }
}

/// XBoard 4.9's variant names that it finds anywhere in a name (and the
/// shuffle-chess words it reads as Fischer random).
const XBOARD_NAMES_ANYWHERE: [&str; 17] = [
    "normal",
    "wildcastle",
    "nocastle",
    "fischerandom",
    "bughouse",
    "crazyhouse",
    "losers",
    "suicide",
    "giveaway",
    "twokings",
    "kriegspiel",
    "atomic",
    "3check",
    "shatranj",
    "wild/fr",
    "frc",
    "960",
];
/// XBoard 4.9's variant names that it finds at the start of a name when no
/// letter follows (`grand-betza` is its `grand`).
const XBOARD_NAMES_AT_START: [&str; 25] = [
    "shogi",
    "chu",
    "courier",
    "gothic",
    "capablanca",
    "knightmate",
    "fairy",
    "cylinder",
    "falcon",
    "caparandom",
    "berolina",
    "janus",
    "super",
    "great",
    "twilight",
    "makruk",
    "seirawan",
    "grand",
    "spartan",
    "xiangqi",
    "asean",
    "lion",
    "elven",
    "janggi",
    "duck",
];

/// XBoard's own variant that it would take `name` for (as its
/// `StringToVariant` reads names), if any.
fn xboard_reads_as(name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    let anywhere = XBOARD_NAMES_ANYWHERE
        .iter()
        .find(|known| lower.contains(**known));
    let at_start = XBOARD_NAMES_AT_START.iter().find(|known| {
        lower.starts_with(**known)
            && !lower[known.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic())
    });
    anywhere.or(at_start).copied()
}

/// The name a variant is offered under to XBoard: the script's name, its
/// words run together when XBoard would take it for another variant of its
/// own (`grand-betza` would be XBoard's Grand Chess: `grandbetza`). A name
/// XBoard knows as itself (`xiangqi`, `atomic`) stays.
pub fn xboard_name(name: &str) -> String {
    match xboard_reads_as(name) {
        Some(known) if !known.eq_ignore_ascii_case(name) => {
            name.chars().filter(|c| c.is_ascii_alphanumeric()).collect()
        }
        _ => name.to_string(),
    }
}

/// XBoard numbers the ranks of a board with ten of them from 0 (`a0` to
/// `j9`, as in its xiangqi and grand chess; `ONE` is `'0'` there): the
/// number to add to its rank numbers to get ours.
fn rank_shift(variant: &Variant) -> i64 {
    ranks_shift(variant.geometry.ranks())
}

/// The number to add to XBoard's rank numbers to get ours on a board of
/// `ranks` ranks (1 on ten-rank boards, else 0).
pub fn ranks_shift(ranks: u8) -> i64 {
    i64::from(ranks == 10)
}

/// `text` with every rank number of its coordinates (a number right after
/// a file letter) changed by `shift`; a number that would go below 0 stays.
pub fn shift_ranks(text: &str, shift: i64) -> String {
    if shift == 0 {
        return text.to_string();
    }
    let mut shifted = String::with_capacity(text.len() + 4);
    let mut chars = text.chars().peekable();
    let mut after_letter = false;
    while let Some(c) = chars.next() {
        if after_letter && c.is_ascii_digit() {
            let mut digits = c.to_string();
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                digits.push(d);
            }
            match digits.parse::<i64>().ok().map(|n| n + shift) {
                Some(n) if n >= 0 => shifted.push_str(&n.to_string()),
                _ => shifted.push_str(&digits),
            }
            after_letter = false;
            continue;
        }
        after_letter = c.is_ascii_lowercase();
        shifted.push(c);
    }
    shifted
}

/// Whether a word could be a move in coordinates (XBoard without `usermove`).
fn looks_like_a_move(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.next().is_some_and(|c| c.is_ascii_digit())
        && word.len() >= 4
}

/// A number of seconds (`2`, `0.5`) in milliseconds.
fn seconds_ms(text: &str) -> Option<u64> {
    let seconds = text
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)?;
    Some((seconds * 1000.0).min(u64::MAX as f64 / 2.0) as u64)
}

/// `level`'s base time: minutes, or `minutes:seconds`.
fn minutes(text: &str) -> Option<u64> {
    match text.split_once(':') {
        Some((m, s)) => Some(m.parse::<u64>().ok()? * 60 + s.parse::<u64>().ok()?),
        None => text.parse::<u64>().ok().map(|m| m * 60),
    }
}

/// A thinking line: `depth score time(cs) nodes pv`, mates as 100000 + moves.
fn thinking_line(pos: &Position, info: &SearchInfo) -> String {
    let score = if info.score >= MATE_BOUND {
        100_000 + (MATE - info.score + 1) / 2
    } else if info.score <= -MATE_BOUND {
        -100_000 - (MATE + info.score) / 2
    } else {
        info.score
    };
    format!(
        "{} {score} {} {} {}",
        info.depth,
        info.elapsed.as_millis() / 10,
        info.nodes,
        pv_text(pos, &info.pv)
    )
}

/// The `setup` command and the `piece` lines that describe a variant to
/// XBoard: each piece takes the slot of XBoard's piece type with its letter
/// where it can (the king's slot for a royal piece), else a free one.
pub fn describe_variant(variant: &Arc<Variant>) -> Vec<String> {
    let mut slots: Vec<Option<char>> = vec![None; PIECE_SLOTS.len()];
    let slot_letters: Vec<char> = PIECE_SLOTS.chars().collect();
    let mut lines = Vec::new();
    for piece in &variant.pieces {
        let letter = piece.letter.to_ascii_uppercase();
        let wanted = if piece.royal { 'K' } else { letter };
        let own_slot = slot_letters
            .iter()
            .position(|&c| c == wanted)
            .filter(|&i| slots[i].is_none());
        let at = own_slot
            .or_else(|| (0..slots.len()).find(|&i| slots[i].is_none() && slot_letters[i] != 'K'));
        match at {
            Some(i) => slots[i] = Some(letter),
            None => {
                lines.push(format!(
                    "tellusererror XBoard has room for {} piece types; {} has more",
                    PIECE_SLOTS.len(),
                    variant.name
                ));
                return lines;
            }
        }
    }
    let white: String = slots.iter().map(|s| s.unwrap_or('.')).collect();
    let table = format!("{white}{}", white.to_ascii_lowercase());
    let geometry = &variant.geometry;
    // XBoard's holdings hold the first `pocket` piece types of the table:
    // room for every piece that is not royal.
    let pocket = if variant.hands.as_ref().is_some_and(|h| h.drops) {
        let last_held = slots
            .iter()
            .zip(&slot_letters)
            .rposition(|(s, &c)| s.is_some() && c != 'K')
            .map_or(0, |i| i + 1);
        pocket_size(variant).max(last_held)
    } else {
        0
    };
    lines.push(format!(
        "setup ({table}) {}x{}+{pocket}_{} {}",
        geometry.files(),
        geometry.ranks(),
        template_of(variant),
        write_fen(&Position::start(variant))
    ));
    for (kind, piece) in variant.pieces.iter().enumerate() {
        let castling = variant
            .castling
            .iter()
            .find(|rule| rule.king.0 as usize == kind)
            .map(|rule| {
                let distance = geometry.file_of(rule.king_to) - geometry.file_of(rule.king_from);
                format!("O{}", distance.abs())
            })
            .unwrap_or_default();
        // XBoard reads one Betza word: our components, run together, each
        // in the XBetza XBoard 4.9 reads.
        let longest = geometry.files().max(geometry.ranks()) as usize;
        let betza: String = piece
            .betza
            .split_whitespace()
            .map(|component| xboard_betza(component, longest))
            .collect();
        let drops = drop_suffix(variant, kind);
        // A promoted piece is `+X` (Fairy-Stockfish's `piece +B& BW`).
        lines.push(format!(
            "piece {}& {betza}{castling}{drops}",
            piece.token(Color::White).to_ascii_uppercase()
        ));
    }
    lines
}

/// Where White may drop a piece, as Fairy-Stockfish tells XBoard: `@N`,
/// up to rank N, with `j` before it when the first rank is left out (a
/// pawn); empty for a piece that is never dropped (`drop none`: pieces
/// in hand only gate; a piece that goes to hand as another, such as a
/// promoted one, unless it is another's face).
fn drop_suffix(variant: &Variant, kind: usize) -> String {
    let Some(hands) = variant.hands.as_ref().filter(|h| h.drops) else {
        return String::new();
    };
    let face = hands.faces.contains(&Some(PieceKind(kind as u8)));
    if hands.demoted[kind].0 as usize != kind && !face {
        return String::new();
    }
    let code = Piece {
        color: Color::White,
        kind: PieceKind(kind as u8),
    }
    .code();
    let Some(squares) = hands.drop_squares.get(code as usize) else {
        return String::new();
    };
    let geometry = &variant.geometry;
    let ranks: Vec<i32> = squares.iter().map(|sq| geometry.rank_of(sq)).collect();
    match (ranks.iter().min(), ranks.iter().max()) {
        (Some(&low), Some(&high)) => {
            let skip_first = if low >= 1 { "j" } else { "" };
            format!("{skip_first}@{}", high + 1)
        }
        _ => String::new(),
    }
}

/// The modifiers that give a leg its mode (what it may land on or pass).
const MODE_LETTERS: &str = "mcdeptgy";

/// One Betza component in the XBetza XBoard 4.9 reads. XBoard knows
/// multi-leg moves (`a`, with directions relative to the leg before) but
/// neither repeated groups nor `z`: `(afz)8W` (the Rhino: a W step, then up
/// to 8 steps turning 45 degrees alternately) becomes one move per number
/// of repetitions and per first turn, `W`, `maflW`, `mafrW`, `maflmafrW`,
/// …, each leg but the last made explicitly a move to an empty square (the
/// repeated group's legs are: the move stops at the first piece). A
/// component in another form is given as it is.
fn xboard_betza(component: &str, longest: usize) -> String {
    let Some((prefix, rest)) = component.split_once('(') else {
        return expand_zigzag(component).unwrap_or_else(|| component.to_string());
    };
    let Some((group, rest)) = rest.split_once(')') else {
        return component.to_string();
    };
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let atom = &rest[digits.len()..];
    let plain = |text: &str| text.chars().all(|c| c.is_ascii_lowercase());
    let is_atom = atom.len() == 1 && atom.chars().all(|c| c.is_ascii_uppercase());
    if !plain(prefix) || !plain(group) || !group.starts_with('a') || !is_atom {
        return component.to_string();
    }
    let count = match digits.parse::<usize>() {
        Ok(0) | Err(_) => longest,
        Ok(n) => n.min(longest),
    };
    let mut moves = Vec::new();
    for repeats in 0..=count {
        let word = format!("{prefix}{}{atom}", group.repeat(repeats));
        match expand_zigzag(&word) {
            Some(expanded) => moves.push(expanded),
            None => return component.to_string(),
        }
    }
    moves.concat()
}

/// A multi-leg move (`legs…ATOM`) with `z` (turn the other way from the
/// turn before; the first turn either way) written out as its two mirror
/// images with `l` and `r`, and the legs before the last given mode `m`
/// when they have none; None for a word of another form.
fn expand_zigzag(word: &str) -> Option<String> {
    let atom_at = word.find(|c: char| c.is_ascii_uppercase())?;
    let (modifiers, atom) = word.split_at(atom_at);
    if atom.len() != 1 {
        return None;
    }
    let legs: Vec<&str> = modifiers.split('a').collect();
    if !modifiers.contains('z') {
        return Some(word.to_string());
    }
    let mut mirror_images = String::new();
    for first_turn in ['l', 'r'] {
        let mut turn = first_turn;
        let mut written = Vec::with_capacity(legs.len());
        for (i, leg) in legs.iter().enumerate() {
            let mut leg = leg.to_string();
            if i > 0 && leg.contains('z') {
                leg = leg.replace('z', &turn.to_string());
                turn = if turn == 'l' { 'r' } else { 'l' };
            }
            if i + 1 < legs.len() && !leg.contains(|c| MODE_LETTERS.contains(c)) {
                leg.push('m');
            }
            written.push(leg);
        }
        mirror_images.push_str(&written.join("a"));
        mirror_images.push_str(atom);
    }
    Some(mirror_images)
}
