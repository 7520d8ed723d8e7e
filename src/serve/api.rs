//! The JSON API of `varia serve`: sessions (one game of one variant each,
//! with the script text it was compiled from) and the calls the page makes.
//!
//! Every call is `POST /api/NAME` with a JSON object; all but `open` name
//! their `session`. A call that cannot be done changes nothing and is
//! answered with an [`ApiError`] (status and message). A script that does
//! not compile is not an error of `compile`: the answer lists the
//! diagnostics and the session keeps its last good version.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde_json::{json, Value};

use crate::engine::{Engine, Limits};
use crate::game::Game;
use crate::ir::geometry::Square;
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::ir::Variant;
use crate::load::compile_source;
use crate::notation::coord::move_to_coord;
use crate::notation::fen::write_fen;
use crate::notation::pgn::{parse_pgn, PgnHeader};
use crate::serve::json::{diagnostics, marks, pieces, side_name};
use crate::serve::ScriptEntry;
use crate::teach::diagram::{teaching_square_of, Diagram};
use crate::teach::explain::explain_piece;
use crate::teach::outcome::describe;
use crate::teach::{find_piece, svg};
use crate::vm::Outcome;

/// How many sessions are kept; opening one more forgets the least recently used.
pub const MAX_SESSIONS: usize = 64;
/// The longest the computer may think for one move (its depth or time as asked, at most this).
pub const MAX_THINK: Duration = Duration::from_secs(60);

/// Why a call was refused: an HTTP status and a message (and, for a script
/// that does not compile on `open`, its diagnostics).
#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    /// The HTTP status (4xx, or 500).
    pub status: u16,
    /// What went wrong, for a person.
    pub message: String,
    /// Diagnostics of a script, if that is what went wrong.
    pub details: Option<Value>,
}

impl ApiError {
    /// An error without details.
    pub fn new(status: u16, message: &str) -> ApiError {
        ApiError {
            status,
            message: message.to_string(),
            details: None,
        }
    }

    fn bad(message: &str) -> ApiError {
        ApiError::new(400, message)
    }
}

/// One game of one variant, and the script it came from.
#[derive(Debug)]
struct Session {
    /// The script's name (a file name, or `edited`).
    name: String,
    /// The text of the last version that compiled.
    text: String,
    variant: Arc<Variant>,
    game: Game,
}

/// The sessions, each with when it was last used.
#[derive(Debug, Default)]
struct Sessions {
    next_id: u64,
    clock: u64,
    map: HashMap<u64, (u64, Arc<Mutex<Session>>)>,
}

/// What the server knows: the scripts it may open and the sessions.
#[derive(Debug)]
pub struct App {
    scripts: Vec<ScriptEntry>,
    sessions: Mutex<Sessions>,
    /// The stop flag of each session whose computer is thinking (kept
    /// apart from the sessions: a search holds its session's lock).
    thinking: Mutex<HashMap<u64, Arc<AtomicBool>>>,
}

/// A lock, even if a panicking request poisoned it (the data is still whole:
/// every change to a session is one assignment at its end).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn str_field<'a>(body: &'a Value, name: &str) -> Result<&'a str, ApiError> {
    body.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad(&format!("the request needs `{name}`, a string")))
}

impl App {
    /// An app offering these scripts, without sessions.
    pub fn new(scripts: Vec<ScriptEntry>) -> App {
        App {
            scripts,
            sessions: Mutex::new(Sessions::default()),
            thinking: Mutex::new(HashMap::new()),
        }
    }

    /// `GET /api/scripts`: the names of the scripts that may be opened.
    pub fn scripts_json(&self) -> Value {
        json!({ "scripts": self.scripts.iter().map(|s| &s.name).collect::<Vec<_>>() })
    }

    /// `POST /api/NAME` with its body.
    ///
    /// # Errors
    /// [`ApiError`]: no such call, a missing or bad field, no such session,
    /// or a call that cannot be done in this state.
    pub fn call(&self, name: &str, body: &Value) -> Result<Value, ApiError> {
        if !body.is_object() {
            return Err(ApiError::bad("the request body must be a JSON object"));
        }
        if name == "open" {
            return self.open(body);
        }
        if name == "stop" {
            return self.stop(body);
        }
        let session = self.session(body)?;
        let mut s = lock(&session);
        let flip = body.get("flip").and_then(Value::as_bool).unwrap_or(false);
        match name {
            "state" => {}
            "compile" => return compile(&mut s, body, flip),
            "select" => return select(&s, body, flip),
            "drops" => return drops(&s, body, flip),
            "show" => return show(&s, body, flip),
            "play" => play(&mut s, body)?,
            "undo" => {
                s.game.undo();
            }
            "redo" => {
                s.game
                    .redo()
                    .map_err(|e| ApiError::bad(&format!("cannot redo: {e}")))?;
            }
            "new" => s.game = Game::new(&s.variant),
            "fen" => {
                let fen = str_field(body, "fen")?;
                s.game = Game::from_fen(&s.variant, fen)
                    .map_err(|e| ApiError::bad(&format!("bad FEN: {e}")))?;
            }
            "pgn" => {
                let pgn = parse_pgn(str_field(body, "pgn")?)
                    .map_err(|e| ApiError::bad(&format!("bad PGN: {e}")))?;
                s.game = Game::from_pgn(&s.variant, &pgn)
                    .map_err(|e| ApiError::bad(&format!("bad PGN: {e}")))?;
            }
            "computer" => {
                let id = body.get("session").and_then(Value::as_u64).unwrap_or(0);
                let flag = Arc::new(AtomicBool::new(false));
                lock(&self.thinking).insert(id, flag.clone());
                let answer = computer(&mut s, body, flip, flag);
                lock(&self.thinking).remove(&id);
                return answer;
            }
            _ => return Err(ApiError::new(404, &format!("no API call `{name}`"))),
        }
        Ok(state(&s, flip))
    }

    /// `stop`: the computer of the session stops thinking and plays the
    /// best move it has found (`stopped`: whether it was thinking).
    fn stop(&self, body: &Value) -> Result<Value, ApiError> {
        let id = body
            .get("session")
            .and_then(Value::as_u64)
            .ok_or_else(|| ApiError::bad("the request needs `session`, a number"))?;
        let flag = lock(&self.thinking).get(&id).cloned();
        if let Some(flag) = &flag {
            flag.store(true, Ordering::Relaxed);
        }
        Ok(json!({ "stopped": flag.is_some() }))
    }

    /// The session a request names.
    fn session(&self, body: &Value) -> Result<Arc<Mutex<Session>>, ApiError> {
        let id = body
            .get("session")
            .and_then(Value::as_u64)
            .ok_or_else(|| ApiError::bad("the request needs `session`, a number"))?;
        self.session_by_id(id)
    }

    fn session_by_id(&self, id: u64) -> Result<Arc<Mutex<Session>>, ApiError> {
        let mut sessions = lock(&self.sessions);
        sessions.clock += 1;
        let now = sessions.clock;
        match sessions.map.get_mut(&id) {
            Some((used, s)) => {
                *used = now;
                Ok(s.clone())
            }
            None => Err(ApiError::new(
                404,
                &format!("no session {id} (the server was restarted, or the session was forgotten): reload the page"),
            )),
        }
    }

    /// `open`: a new session on a script offered (`script`: its name) or on a
    /// script text (`text`); its state, with the script's text.
    fn open(&self, body: &Value) -> Result<Value, ApiError> {
        let (name, text) = match body.get("text").and_then(Value::as_str) {
            Some(text) => ("edited".to_string(), text.to_string()),
            None => self.script_text(str_field(body, "script")?)?,
        };
        let variant = compile_source(&name, &text).map_err(|errors| ApiError {
            status: 422,
            message: format!("{name} does not compile:\n{}", errors.render_plain()),
            details: Some(diagnostics(&errors, &text)),
        })?;
        let session = Session {
            game: Game::new(&variant),
            name,
            text,
            variant,
        };
        let mut answer = state(&session, false);
        answer["text"] = json!(session.text);
        let id = self.insert(session);
        answer["session"] = json!(id);
        Ok(answer)
    }

    /// The name and text of an offered script.
    fn script_text(&self, name: &str) -> Result<(String, String), ApiError> {
        let entry = self
            .scripts
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| {
                ApiError::new(
                    404,
                    &format!("no script `{name}` is offered (see /api/scripts)"),
                )
            })?;
        let text = match &entry.path {
            Some(path) => read_script(path)?,
            None => crate::stdlib::script(&entry.name)
                .ok_or_else(|| ApiError::new(404, "no such built-in script"))?
                .to_string(),
        };
        let shown = match &entry.path {
            Some(path) => path.to_string_lossy().into_owned(),
            None => entry.name.clone(),
        };
        Ok((shown, text))
    }

    fn insert(&self, session: Session) -> u64 {
        let mut sessions = lock(&self.sessions);
        if sessions.map.len() >= MAX_SESSIONS {
            let oldest = sessions
                .map
                .iter()
                .min_by_key(|(_, (used, _))| *used)
                .map(|(id, _)| *id);
            if let Some(id) = oldest {
                sessions.map.remove(&id);
            }
        }
        sessions.next_id += 1;
        sessions.clock += 1;
        let (id, now) = (sessions.next_id, sessions.clock);
        sessions
            .map
            .insert(id, (now, Arc::new(Mutex::new(session))));
        id
    }

    /// `GET /doc/ID`: the rules page of a session's variant.
    ///
    /// # Errors
    /// ID is not a session.
    pub fn doc_page(&self, id: &str) -> Result<String, ApiError> {
        let id: u64 = id
            .parse()
            .map_err(|_| ApiError::new(404, "a rules page is /doc/SESSION, a number"))?;
        let session = self.session_by_id(id)?;
        let s = lock(&session);
        let page = crate::teach::doc::page(&s.variant, &s.name);
        // Its diagrams made clickable by the page's `doc.js`.
        let script = format!(
            "<script>const VARIA_SESSION = {id};</script><script src=\"/doc.js\"></script>\n</body>"
        );
        Ok(page.replacen("</body>", &script, 1))
    }
}

/// Reads a script file offered on the command line (at most the script size limit).
fn read_script(path: &std::path::Path) -> Result<String, ApiError> {
    use std::io::Read;
    let limit = crate::syntax::limits::MAX_SCRIPT_BYTES as u64;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
        .map_err(|e| ApiError::new(500, &format!("cannot read {}: {e}", path.display())))?;
    if bytes.len() as u64 > limit {
        return Err(ApiError::new(
            422,
            &format!("{} is larger than {limit} bytes", path.display()),
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| ApiError::new(422, &format!("{} is not UTF-8 text", path.display())))
}

/// The whole state the page draws: the board, the game, the variant's pieces.
fn state(s: &Session, flip: bool) -> Value {
    let game = &s.game;
    let pos = game.position();
    let mut d = Diagram::of_position(pos);
    d.last_move = game.moves().last().map(|m| (m.from, m.to));
    let san: Vec<String> = (0..game.moves().len()).map(|i| game.san(i)).collect();
    let (status, over) = match (game.hook_error(), game.outcome()) {
        (Some(e), _) => (format!("a hook of the variant failed: {e}"), true),
        (None, Err(e)) => (format!("a hook of the variant failed: {e}"), true),
        (None, Ok(o)) => (describe(pos, &o), o != Outcome::Ongoing),
    };
    let header = PgnHeader {
        white: "?".to_string(),
        black: "?".to_string(),
        script: Some(s.name.clone()),
        date: None,
    };
    json!({
        "variant": s.variant.name,
        "script": s.name,
        "svg": svg::render(&d, flip),
        "fen": write_fen(pos),
        "pgn": game.to_pgn(&header),
        "san": san,
        "to_move": side_name(pos.side_to_move()),
        "to_move_name": s.variant.side_name(pos.side_to_move()),
        "side_names": {"white": s.variant.side_name(Color::White), "black": s.variant.side_name(Color::Black)},
        "check": pos.is_check(),
        "result": game.result_token(),
        "status": status,
        "over": over,
        "can_undo": !game.moves().is_empty(),
        "can_redo": !game.redo_moves().is_empty(),
        "legal_moves": game.legal_moves().len(),
        "hands": hands(pos),
        "pieces": pieces(&s.variant),
    })
}

/// The pieces in hand of each side, `{white: [{piece, count}], black: …}`
/// (null in a variant without hands).
fn hands(pos: &crate::vm::Position) -> Value {
    let v = pos.variant();
    if v.hands.is_none() {
        return Value::Null;
    }
    let side = |color: Color| -> Vec<Value> {
        v.pieces
            .iter()
            .enumerate()
            .filter_map(|(k, def)| {
                let n = pos.in_hand(Piece {
                    color,
                    kind: PieceKind(k as u8),
                });
                (n > 0).then(|| json!({ "piece": def.name, "count": n }))
            })
            .collect()
    };
    json!({ "white": side(Color::White), "black": side(Color::Black) })
}

/// A square named in the request.
fn square_field(variant: &Variant, body: &Value, name: &str) -> Result<Square, ApiError> {
    let text = str_field(body, name)?;
    variant
        .geometry
        .parse_square(text)
        .ok_or_else(|| ApiError::bad(&format!("{text} is not a square of this board")))
}

/// The SVG of a diagram, its ids starting with the request's `prefix`
/// (letters, digits and `-`; for pages that hold several diagrams).
fn svg_of(d: &Diagram, body: &Value, flip: bool) -> Result<String, ApiError> {
    let prefix = body.get("prefix").and_then(Value::as_str).unwrap_or("");
    if prefix.len() > 32
        || !prefix
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        return Err(ApiError::bad(
            "`prefix` is at most 32 letters, digits and `-`",
        ));
    }
    Ok(svg::render_in_page(d, flip, prefix))
}

/// `select`: the piece on `square` in the game's position (or its start
/// position, with `"position": "start"`), its legal moves marked (as if
/// its side were to move), the moves that may be played from there now
/// (by destination; none in the start position once moves were played),
/// and its explanation.
fn select(s: &Session, body: &Value, flip: bool) -> Result<Value, ApiError> {
    let at_start = match body.get("position").and_then(Value::as_str) {
        None | Some("current") => false,
        Some("start") => true,
        Some(other) => {
            return Err(ApiError::bad(&format!(
                "`position` is current or start, not {other}"
            )))
        }
    };
    let pos = if at_start {
        s.game.start()
    } else {
        s.game.position()
    };
    let playable = !at_start || s.game.moves().is_empty();
    let at = square_field(&s.variant, body, "square")?;
    let d = Diagram::piece_in_position(pos, at).map_err(|e| ApiError::bad(&e.to_string()))?;
    let Some(piece) = pos.piece_at(at) else {
        return Err(ApiError::bad("no piece there"));
    };
    let mut targets: Vec<(String, Vec<Value>)> = Vec::new();
    for &mv in s
        .game
        .legal_moves()
        .iter()
        .filter(|m| playable && m.from == at)
    {
        let to = s.variant.geometry.name(mv.to);
        let entry = json!({
            "move": move_to_coord(pos, mv),
            "san": s.game.san_plain(mv),
            "promotion": mv.promotion.map(|k| s.variant.piece(k).name.clone()),
            "wall": mv.wall().map(|sq| s.variant.geometry.name(sq)),
        });
        match targets.iter_mut().find(|(t, _)| *t == to) {
            Some((_, list)) => list.push(entry),
            None => targets.push((to, vec![entry])),
        }
    }
    let targets: serde_json::Map<String, Value> = targets
        .into_iter()
        .map(|(to, list)| (to, Value::Array(list)))
        .collect();
    Ok(json!({
        "svg": svg_of(&d, body, flip)?,
        "caption": d.caption,
        "marks": marks(&d),
        "targets": targets,
        "piece": s.variant.piece(piece.kind).name,
        "color": side_name(piece.color),
        "explain": explain_piece(&s.variant, piece.kind),
    }))
}

/// `drops`: the legal drops of a piece from the hand of the side to move
/// (`piece`: its name; a drop of its other face, `either-face`, counts as
/// its), marked on the board, with the moves by destination as `select`
/// lists them.
fn drops(s: &Session, body: &Value, flip: bool) -> Result<Value, ApiError> {
    let v = &s.variant;
    let name = str_field(body, "piece")?;
    let kind =
        find_piece(v, name).ok_or_else(|| ApiError::bad(&format!("no piece `{name}` here")))?;
    let Some(hands) = &v.hands else {
        return Err(ApiError::bad("this variant has no pieces in hand"));
    };
    let pos = s.game.position();
    let side = pos.side_to_move();
    if !pos.holds(Piece { color: side, kind }) {
        return Err(ApiError::bad(&format!(
            "{} has no {} in hand",
            v.side_name(side),
            v.piece(kind).name
        )));
    }
    let mut d = Diagram::of_position(pos);
    d.last_move = s.game.moves().last().map(|m| (m.from, m.to));
    let mut targets = serde_json::Map::new();
    for &mv in s.game.legal_moves() {
        let crate::vm::MoveKind::Drop(dropped) = mv.kind else {
            continue;
        };
        if hands.hand_kind[dropped.0 as usize] != kind {
            continue;
        }
        d.marks[mv.to.index()] |= crate::teach::diagram::MARK_MOVE;
        let entry = json!({
            "move": move_to_coord(pos, mv),
            "san": s.game.san_plain(mv),
            "promotion": (dropped != kind).then(|| v.piece(dropped).name.clone()),
        });
        let list = targets
            .entry(v.geometry.name(mv.to))
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = list {
            list.push(entry);
        }
    }
    Ok(json!({
        "svg": svg_of(&d, body, flip)?,
        "marks": marks(&d),
        "targets": targets,
        "piece": v.piece(kind).name,
        "color": side_name(side),
        "explain": explain_piece(v, kind),
    }))
}

/// `show`: a piece (`piece`: name or letter; `color`) alone on the empty
/// board on `square` (default: its teaching square), its moves marked, as
/// `varia show` draws them.
fn show(s: &Session, body: &Value, flip: bool) -> Result<Value, ApiError> {
    let v = &s.variant;
    let name = str_field(body, "piece")?;
    let kind: PieceKind =
        find_piece(v, name).ok_or_else(|| ApiError::bad(&format!("no piece `{name}` here")))?;
    let color = match body.get("color").and_then(Value::as_str) {
        None | Some("white") => Color::White,
        Some("black") => Color::Black,
        Some(other) => {
            return Err(ApiError::bad(&format!(
                "`color` is white or black, not {other}"
            )))
        }
    };
    let piece = Piece { kind, color };
    let at = match body.get("square") {
        None | Some(Value::Null) => teaching_square_of(v, piece),
        Some(_) => square_field(v, body, "square")?,
    };
    if v.geometry.is_void(at) {
        return Err(ApiError::bad(&format!(
            "{} is not a square of this board",
            v.geometry.name(at)
        )));
    }
    let d = Diagram::piece_alone(v, piece, at);
    Ok(json!({
        "svg": svg_of(&d, body, flip)?,
        "caption": d.caption,
        "marks": marks(&d),
        "square": v.geometry.name(at),
        "piece": v.piece(kind).name,
        "color": side_name(color),
        "explain": explain_piece(v, kind),
    }))
}

/// `play`: the move `move` (coordinates, as `select` lists them, or SAN).
fn play(s: &mut Session, body: &Value) -> Result<(), ApiError> {
    let text = str_field(body, "move")?;
    s.game
        .play_text(text)
        .map(|_| ())
        .map_err(|e| ApiError::bad(&format!("cannot play {text}: {e}")))
}

/// `compile`: the script `text` compiled; if it compiles, the session
/// plays it from now on (the moves of the game replayed as far as they
/// are legal in the new version) and the answer is the new state;
/// otherwise the answer lists the diagnostics and nothing changes.
fn compile(s: &mut Session, body: &Value, flip: bool) -> Result<Value, ApiError> {
    let text = str_field(body, "text")?;
    let variant = match compile_source(&s.name, text) {
        Ok(v) => v,
        Err(errors) => {
            return Ok(json!({
                "ok": false,
                "diagnostics": diagnostics(&errors, text),
                "plain": errors.render_plain(),
            }))
        }
    };
    let start = s.game.start();
    let mut game =
        Game::from_fen(&variant, &write_fen(start)).unwrap_or_else(|_| Game::new(&variant));
    for i in 0..s.game.moves().len() {
        let text = move_to_coord(s.game.position_at(i), s.game.moves()[i]);
        if game.play_text(&text).is_err() {
            break;
        }
    }
    s.variant = variant;
    s.game = game;
    s.text = text.to_string();
    let mut answer = state(s, flip);
    answer["ok"] = json!(true);
    answer["diagnostics"] = json!([]);
    Ok(answer)
}

/// `computer`: the computer plays the side to move, searching to `depth`
/// plies (1 to 60) or for `time` seconds (as the REPL's `level`; at most
/// [`MAX_THINK`] either way; `stop` raises `stop`, which ends the search
/// with the best move found so far). The answer is the state with
/// `played` (SAN).
fn computer(
    s: &mut Session,
    body: &Value,
    flip: bool,
    stop: Arc<AtomicBool>,
) -> Result<Value, ApiError> {
    let mut limits = match (body.get("depth"), body.get("time")) {
        (Some(d), _) => match d.as_u64() {
            Some(d @ 1..=60) => Limits::depth(d as u32),
            _ => return Err(ApiError::bad("`depth` is a whole number from 1 to 60")),
        },
        (None, Some(t)) => match t.as_f64() {
            Some(t) if t > 0.0 && t <= MAX_THINK.as_secs_f64() => {
                Limits::time(Duration::from_secs_f64(t))
            }
            _ => {
                return Err(ApiError::bad(
                    "`time` is seconds, more than 0 and at most 60",
                ))
            }
        },
        (None, None) => Limits::time(Duration::from_secs(1)),
    };
    limits.time = Some(limits.time.map_or(MAX_THINK, |t| t.min(MAX_THINK)));
    if let Some(e) = s.game.hook_error() {
        return Err(ApiError::bad(&format!("the computer cannot move: {e}")));
    }
    if s.game.outcome() != Ok(Outcome::Ongoing) {
        return Err(ApiError::bad("the game is over"));
    }
    let pos = s.game.position().clone();
    let mut engine = Engine::with_table_bits(&pos, 18);
    engine.set_stop_flag(stop);
    let result = engine.search(&pos, limits, |_| {});
    if let Some(e) = result.hook_error {
        return Err(ApiError::bad(&format!("the computer cannot move: {e}")));
    }
    let mv = result
        .best
        .ok_or_else(|| ApiError::bad("the computer found no move"))?;
    let san = s.game.san_plain(mv);
    s.game
        .play(mv)
        .map_err(|e| ApiError::bad(&format!("the computer cannot play {san}: {e}")))?;
    let mut answer = state(s, flip);
    answer["played"] = json!(s.game.san(s.game.moves().len() - 1));
    answer["depth"] = json!(result.depth);
    Ok(answer)
}
