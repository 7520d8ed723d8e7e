//! Engine protocols: how chess programs talk to varia.
//!
//! - [`uci`]: the Universal Chess Interface, as Fairy-Stockfish speaks it
//!   for variants (`varia uci`): for Cute Chess, BanksiaGUI, Arena and
//!   match runners.
//!
//! A protocol session reads command lines and writes answer lines; it keeps
//! the game in a [`crate::game::Game`] and searches with
//! [`crate::engine::search::Engine`] on a thread of its own, so that `stop`
//! and `isready` are answered while it thinks. Bad input of any kind gets
//! the protocol's error answer and changes nothing.

pub mod uci;
pub mod xboard;

use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crate::engine::search::Engine;
use crate::notation::coord::move_to_coord;
use crate::vm::hooks::{begin_command, HookBudget};
use crate::vm::{Move, Position};

/// The pocket size a variant is announced with, as Fairy-Stockfish
/// counts it: one slot per piece type when the variant has pieces in
/// hand, else 0.
pub(crate) fn pocket_size(variant: &crate::ir::Variant) -> usize {
    match &variant.hands {
        Some(hands) if hands.drops => variant.pieces.len(),
        // Pieces that only gate need no pocket (`seirawan` says how they enter).
        _ => 0,
    }
}

/// The parent variant a GUI should take the rules it does not get told
/// from: `crazyhouse` when captured pieces go to the capturer's hand (so
/// XBoard moves them to its holdings), `seirawan` when pieces in hand
/// enter only by gating (as Fairy-Stockfish names them), else `fairy`.
pub(crate) fn template_of(variant: &crate::ir::Variant) -> &'static str {
    match &variant.hands {
        Some(hands) if hands.keep_captures => "crazyhouse",
        Some(hands) if hands.gating.is_some() => "seirawan",
        _ => "fairy",
    }
}

/// The time a search's hooks may take together: the search's own limits
/// and `stop` end it first (a command without a clock has the default 60 s).
pub(crate) const SEARCH_HOOK_TIME: std::time::Duration = std::time::Duration::from_secs(24 * 3600);

/// Where answers go: one line at a time, flushed, from the session and
/// from its search thread.
#[derive(Clone)]
pub(crate) struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub(crate) fn new(output: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(output)))
    }

    pub(crate) fn line(&self, text: &str) {
        // A writer poisoned by a panic or a closed pipe: nothing to tell.
        if let Ok(mut out) = self.0.lock() {
            let _ = writeln!(out, "{text}");
            let _ = out.flush();
        }
    }

    /// UCI's way to report a problem.
    pub(crate) fn error(&self, text: &str) {
        self.line(&format!("info string error: {text}"));
    }
}

/// The name a script's variant has in a protocol: its file name without
/// the `.variant` ending (`scripts/grand-betza.variant` is `grand-betza`).
pub(crate) fn variant_name_of(script: &str) -> String {
    let path = Path::new(script);
    match path.file_stem().and_then(|s| s.to_str()) {
        Some(stem) if path.extension().is_some_and(|e| e == "variant") => stem.to_string(),
        _ => script.to_string(),
    }
}

/// The first lines of a multi-line error, joined (protocol answers are one
/// line each).
pub(crate) fn one_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take(2)
        .collect::<Vec<_>>()
        .join(": ")
}

/// A principal variation in coordinates, each move written in the position
/// it is played in.
pub(crate) fn pv_text(pos: &Position, pv: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut words = Vec::with_capacity(pv.len());
    for &mv in pv {
        words.push(move_to_coord(&pos, mv));
        if pos.try_play(mv).is_err() {
            break;
        }
    }
    words.join(" ")
}

/// Feeds each line of `input` to `execute` until it returns false or the
/// input ends; each line's hooks share one time budget. A line that is not
/// UTF-8 text is answered with `not_text` and skipped.
pub(crate) fn serve_lines(
    input: impl BufRead,
    out: &Output,
    not_text: &str,
    mut execute: impl FnMut(&str) -> bool,
) {
    for line in input.lines() {
        let Ok(line) = line else {
            out.line(not_text);
            continue;
        };
        let _hooks = begin_command(HookBudget::default());
        if !execute(&line) {
            break;
        }
    }
}

/// Runs `search` with `engine` on a thread of its own; raising `stop` ends
/// the search and interrupts a running hook (the search has its own clock,
/// so its hooks get [`SEARCH_HOOK_TIME`]). The thread gives the engine back.
pub(crate) fn spawn_search<T: Send + 'static>(
    mut engine: Engine,
    stop: &Arc<AtomicBool>,
    search: impl FnOnce(&mut Engine) -> T + Send + 'static,
) -> JoinHandle<(Engine, T)> {
    engine.set_stop_flag(stop.clone());
    let interrupt = stop.clone();
    std::thread::spawn(move || {
        let _hooks = begin_command(HookBudget {
            per_command: SEARCH_HOOK_TIME,
            interrupt: Some(interrupt),
            ..HookBudget::default()
        });
        let answer = search(&mut engine);
        (engine, answer)
    })
}
