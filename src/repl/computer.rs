//! The computer in the REPL: its turns, a search at the set level (with
//! the principal variation when asked), hints, and `perft`, all stopped
//! by Ctrl-C.

use std::fmt::Write as _;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::engine::{format_score, Engine, Limits, SearchInfo};
use crate::ir::piece::Color;
use crate::notation::san::move_to_san_in;
use crate::repl::command::Level;
use crate::repl::Session;
use crate::vm::perft::{check_depth, PerftError};
use crate::vm::{Move, Outcome, Position};

/// Set while the computer thinks (Ctrl-C then stops it instead of ending a piped run).
pub(super) static SEARCHING: AtomicBool = AtomicBool::new(false);

impl Session {
    /// The computer moves while it plays the side to move.
    pub(super) fn computer_turns(&mut self, out: &mut dyn Write) {
        for _ in 0..2000 {
            if self.game.outcome() != Ok(Outcome::Ongoing) {
                return;
            }
            let mine = match self.position().side_to_move() {
                Color::White => self.computer.0,
                Color::Black => self.computer.1,
            };
            if !mine || !self.think_and_play(out) {
                return;
            }
        }
    }

    /// Searches and plays; false if interrupted or a hook failed (then
    /// the computer stops playing). The move is announced only once it is
    /// played: a move a hook refuses is reported, and nothing is played.
    pub(super) fn think_and_play(&mut self, out: &mut dyn Write) -> bool {
        let Some((mv, text)) = self.think(out, false) else {
            return false;
        };
        let san = move_to_san_in(self.position(), self.game.legal_moves(), mv);
        if let Err(e) = self.game.play(mv) {
            self.computer = (false, false);
            say!(
                out,
                "varia cannot play {san}: {e}; nothing was played, and the computer now plays neither side"
            );
            return false;
        }
        say!(out, "varia plays {san} {text}");
        self.show(out);
        true
    }

    /// `hint`: the best move of the deepest iteration the search finished
    /// (never a move of an iteration cut short by the clock, which was not
    /// compared with all the others at that depth).
    pub(super) fn hint(&mut self, out: &mut dyn Write) {
        if self.game_over(out) {
            return;
        }
        if let Some((mv, text)) = self.think(out, true) {
            let san = move_to_san_in(self.position(), self.game.legal_moves(), mv);
            say!(out, "hint: {san} {text}");
        }
    }

    /// Searches the current position at the set level: the move and a
    /// summary. With `completed_only`, the move is the best of the deepest
    /// finished iteration; otherwise a better move found by an iteration
    /// the clock cut short counts too (the search's own answer).
    fn think(&mut self, out: &mut dyn Write, completed_only: bool) -> Option<(Move, String)> {
        let pos = self.position().clone();
        let limits = match self.level {
            Level::Depth(d) => Limits::depth(d),
            Level::Time(t) => Limits::time(Duration::from_secs_f64(t)),
        };
        let stop = self.stop.clone();
        let engine = self.engine.get_or_insert_with(|| Engine::new(&pos));
        engine.set_stop_flag(stop.clone());
        stop.store(false, Ordering::Relaxed);
        SEARCHING.store(true, Ordering::Relaxed);
        let show_pv = self.show_pv;
        let mut deepest: Option<SearchInfo> = None;
        let mut result = engine.search(&pos, limits, |info: &SearchInfo| {
            deepest = Some(info.clone());
            if show_pv {
                say!(
                    out,
                    "  depth {:>2}  eval {:>7}  nodes {:>10}  {:>6.2} s  pv {}",
                    info.depth,
                    format_score(info.score),
                    info.nodes,
                    info.elapsed.as_secs_f64(),
                    pv_text(&pos, &info.pv)
                );
            }
        });
        SEARCHING.store(false, Ordering::Relaxed);
        if stop.swap(false, Ordering::Relaxed) {
            self.computer = (false, false);
            say!(
                out,
                "search interrupted; the computer now plays neither side (`play` or `go` to resume)"
            );
            return None;
        }
        if let Some(e) = result.hook_error {
            self.computer = (false, false);
            say!(
                out,
                "the computer cannot move: {e}; nothing was played, and the computer now plays neither side"
            );
            return None;
        }
        if let Some(info) = deepest.filter(|info| completed_only && !info.pv.is_empty()) {
            result.best = info.pv.first().copied();
            result.pv = info.pv;
        }
        let mv = result.best?;
        let secs = result.elapsed.as_secs_f64().max(1e-6);
        let mut text = format!(
            "(depth {}, eval {}, {} nodes in {:.2} s, {:.0} knodes/s)",
            result.depth,
            format_score(result.score),
            result.nodes,
            secs,
            result.nodes as f64 / secs / 1000.0
        );
        if show_pv {
            let _ = write!(text, "\n  pv {}", pv_text(&pos, &result.pv));
        }
        Some((mv, text))
    }

    /// `perft N` from the current position.
    pub(super) fn perft(&mut self, depth: u32, out: &mut dyn Write) {
        if let Err(e) = check_depth(depth) {
            say!(out, "{e}");
            return;
        }
        self.stop.store(false, Ordering::Relaxed);
        let mut pos = self.position().clone();
        let t = Instant::now();
        let n = stoppable_perft(&mut pos, depth, &self.stop);
        let secs = t.elapsed().as_secs_f64();
        match n {
            Ok(Some(n)) => {
                say!(out, "perft {depth}: {n} ({secs:.2} s)");
            }
            Ok(None) => {
                say!(out, "perft interrupted");
            }
            // Ctrl-C stops a running hook with an error: an interruption too.
            Err(_) if self.stop.load(Ordering::Relaxed) => {
                say!(out, "perft interrupted");
            }
            Err(e) => {
                say!(out, "perft failed: {e}");
            }
        }
    }
}

/// A principal variation in SAN, up to its first move that is not legal.
fn pv_text(pos: &Position, pv: &[Move]) -> String {
    let mut p = pos.clone();
    let mut parts = Vec::new();
    for &m in pv {
        let Ok(legal) = p.legal_moves() else {
            break;
        };
        if !legal.contains(&m) {
            break;
        }
        parts.push(move_to_san_in(&p, &legal, m));
        p.play_unchecked(m);
    }
    parts.join(" ")
}

/// Perft that gives up (None) when `stop` is raised.
fn stoppable_perft(
    pos: &mut Position,
    depth: u32,
    stop: &AtomicBool,
) -> Result<Option<u64>, PerftError> {
    if depth == 0 {
        return Ok(Some(1));
    }
    let moves = pos.legal_moves()?;
    if depth == 1 {
        return Ok(Some(moves.len() as u64));
    }
    if stop.load(Ordering::Relaxed) {
        return Ok(None);
    }
    let mut n = 0;
    for m in moves {
        let undo = pos.play_unchecked(m);
        let r = if depth <= 4 {
            crate::vm::perft::perft(pos, depth - 1).map(Some)
        } else {
            stoppable_perft(pos, depth - 1, stop)
        };
        pos.unplay(m, undo);
        match r? {
            Some(count) => n += count,
            None => return Ok(None),
        }
    }
    Ok(Some(n))
}
