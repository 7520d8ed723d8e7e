//! The REPL's run loop: lines from a rustyline editor (completion, a
//! history file) when standard input is a terminal, plain lines when it is
//! piped; Ctrl-C; and leaving, which offers to save an unsaved game.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::game::Game;
use crate::load::load_error_text;
use crate::notation::printable;
use crate::repl::computer::SEARCHING;
use crate::repl::files::state_dir;
use crate::repl::helper::{Candidates, ReplHelper};
use crate::repl::{Flow, Session};
use crate::vm::hooks::{begin_command, HookBudget};

/// Whether to draw in colour: standard output is a terminal, `NO_COLOR`
/// is unset or empty, and `TERM` is not `dumb`.
pub fn wants_color() -> bool {
    std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::env::var("TERM").map_or(true, |t| t != "dumb")
}

/// What a line source gave.
enum Read {
    Line(String),
    Interrupted,
    Eof,
}

/// Where the REPL's lines come from.
trait LineSource {
    fn read(&mut self, prompt: &str, session: &Session) -> Read;
    fn finish(&mut self) {}
}

/// Lines piped into standard input.
struct Piped<R: BufRead> {
    input: R,
}

impl<R: BufRead> LineSource for Piped<R> {
    fn read(&mut self, _prompt: &str, _session: &Session) -> Read {
        let mut buf = Vec::new();
        match self.input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => Read::Eof,
            Ok(_) => Read::Line(String::from_utf8_lossy(&buf).into_owned()),
        }
    }
}

/// A line editor on a terminal.
struct Interactive {
    editor: rustyline::Editor<ReplHelper, rustyline::history::FileHistory>,
    candidates: Arc<Mutex<Candidates>>,
    history: Option<PathBuf>,
}

impl LineSource for Interactive {
    fn read(&mut self, prompt: &str, session: &Session) -> Read {
        if let Ok(mut c) = self.candidates.lock() {
            *c = session.candidates();
        }
        match self.editor.readline(prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = self.editor.add_history_entry(line.as_str());
                }
                Read::Line(line)
            }
            Err(rustyline::error::ReadlineError::Interrupted) => Read::Interrupted,
            Err(_) => Read::Eof,
        }
    }

    fn finish(&mut self) {
        if let Some(h) = &self.history {
            if let Some(dir) = h.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = self.editor.save_history(h);
        }
    }
}

/// Runs the REPL on a script until the user leaves; returns the exit code.
/// With `random_start`, the game starts from the random start array of
/// that seed (`shuffle …`: `varia play --random-start`).
pub fn run(script: &str, random_start: Option<u64>) -> i32 {
    let mut session = match Session::new(script) {
        Ok(s) => s,
        Err(e) => {
            let e = printable(&load_error_text(&e, false)).into_owned();
            eprint!("{e}");
            if !e.ends_with('\n') {
                eprintln!();
            }
            return 1;
        }
    };
    if let Some(seed) = random_start {
        match Game::shuffled(session.variant(), seed) {
            Some(game) => {
                println!("random start array {seed} (`new random {seed}` deals it again)");
                session.reset(game);
            }
            None => {
                eprintln!(
                    "{} has no random start array (a script deals one with `shuffle …`, as Chess960 does)",
                    printable(&session.variant().name)
                );
                return 1;
            }
        }
    }
    session.render.color = wants_color();
    session.recovery_dir = state_dir();
    let interactive = std::io::stdin().is_terminal();
    let mut source: Box<dyn LineSource> = if interactive {
        match make_editor() {
            Some(ed) => Box::new(ed),
            None => Box::new(Piped {
                input: std::io::stdin().lock(),
            }),
        }
    } else {
        Box::new(Piped {
            input: std::io::stdin().lock(),
        })
    };
    // After the line editor, which installs a SIGINT handler of its own:
    // this one replaces it (Ctrl-C at the prompt is a key, not a signal).
    install_interrupt_handler(session.stop_flag(), interactive);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    say!(
        out,
        "varia: {} ({} to move). Type `help` for the commands, a move to play.",
        session.variant().name,
        session
            .variant()
            .side_name(session.position().side_to_move())
    );
    session.show(&mut out);
    let mut warned = false;
    loop {
        let _ = out.flush();
        let prompt = session.prompt();
        match source.read(&prompt, &session) {
            Read::Line(line) => {
                // The line's hooks share one time budget; Ctrl-C stops them.
                let stop = session.stop_flag();
                stop.store(false, Ordering::Relaxed);
                let _hooks = begin_command(HookBudget {
                    interrupt: Some(stop),
                    ..HookBudget::default()
                });
                if session.execute(&line, &mut out) == Flow::Quit
                    && leave(&mut session, &mut *source, &mut out)
                {
                    break;
                }
            }
            Read::Interrupted => {
                if !warned {
                    say!(out, "(Ctrl-C clears the line; `quit` or Ctrl-D leaves)");
                    warned = true;
                }
            }
            Read::Eof => {
                if leave(&mut session, &mut *source, &mut out) {
                    break;
                }
            }
        }
    }
    source.finish();
    let _ = out.flush();
    0
}

/// Offers to save an unsaved game; true when the REPL may end.
fn leave(session: &mut Session, source: &mut dyn LineSource, out: &mut dyn Write) -> bool {
    if !session.is_dirty() {
        return true;
    }
    for _ in 0..3 {
        say!(
            out,
            "The game has unsaved moves. Save it? Type a file name (Enter: game.pgn), `no` to leave without saving, Ctrl-C to stay."
        );
        let _ = out.flush();
        match source.read("save as> ", session) {
            Read::Line(line) => {
                let answer = line.trim();
                if answer.eq_ignore_ascii_case("no") || answer.eq_ignore_ascii_case("n") {
                    return true;
                }
                let path = if answer.is_empty() {
                    "game.pgn"
                } else {
                    answer
                };
                match session.save_to(path) {
                    Ok(()) => {
                        say!(out, "saved to {path}");
                        return true;
                    }
                    Err(e) => {
                        say!(out, "{e}");
                    }
                }
            }
            Read::Interrupted => return false,
            Read::Eof => break,
        }
    }
    match session.stash() {
        Some(p) => {
            say!(out, "the game was kept in {p}");
        }
        None => {
            say!(
                out,
                "the game could not be kept anywhere; it is printed here:"
            );
            let _ = write!(out, "{}", printable(&session.pgn_text()));
        }
    }
    true
}

fn make_editor() -> Option<Interactive> {
    let config = rustyline::Config::builder()
        .auto_add_history(false)
        .completion_type(rustyline::CompletionType::List)
        .max_history_size(1000)
        .ok()?
        .build();
    let candidates = Arc::new(Mutex::new(Candidates::default()));
    let mut editor = rustyline::Editor::with_config(config).ok()?;
    editor.set_helper(Some(ReplHelper::new(candidates.clone())));
    let history = state_dir().map(|d| d.join("history"));
    if let Some(h) = &history {
        let _ = editor.load_history(h);
    }
    Some(Interactive {
        editor,
        candidates,
        history,
    })
}

fn install_interrupt_handler(stop: Arc<AtomicBool>, interactive: bool) {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let _ = ctrlc::set_handler(move || {
            if SEARCHING.load(Ordering::Relaxed) || interactive {
                stop.store(true, Ordering::Relaxed);
            } else {
                std::process::exit(130);
            }
        });
    });
}
