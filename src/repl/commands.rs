//! Running the REPL's commands ([`crate::repl::command`] parses them):
//! [`Session::execute`] dispatches a typed line, and one method here runs
//! each command that needs more than a line.

use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::Ordering;

use crate::game::Game;
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::load::{load_error_text, load_variant};
use crate::notation::fen::write_fen;
use crate::notation::printable;
use crate::repl::command::{parse_command, Command, Sides, COMMANDS};
use crate::repl::computer::SEARCHING;
use crate::repl::status::level_text;
use crate::repl::{clock_seed, Flow, Session};

impl Session {
    /// Runs one typed line.
    pub fn execute(&mut self, line: &str, out: &mut dyn Write) -> Flow {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Flow::Continue;
        }
        let command = match parse_command(line) {
            Ok(c) => c,
            Err(e) => {
                say!(out, "{e}");
                return Flow::Continue;
            }
        };
        if command == Command::Quit {
            return Flow::Quit;
        }
        self.guarded(out, |session, out| session.run(command, out));
        Flow::Continue
    }

    /// Runs `f` on the session; a panic inside it (a bug: nothing typed
    /// should cause one) is caught as a last resort: the command is
    /// abandoned, the game is kept (and an unsaved one also written to the
    /// recovery folder), and the REPL goes on.
    pub(super) fn guarded(
        &mut self,
        out: &mut dyn Write,
        f: impl FnOnce(&mut Session, &mut dyn Write),
    ) {
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| f(self, out)));
        let Err(payload) = result else {
            return;
        };
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown".to_string());
        SEARCHING.store(false, Ordering::Relaxed);
        // The search tables may be half written: a new engine next time.
        self.engine = None;
        say!(
            out,
            "internal error (a bug in varia; please report it): {what}. The command was abandoned; the game is kept."
        );
        self.stash_if_dirty(out);
    }

    /// Runs one parsed command.
    fn run(&mut self, command: Command, out: &mut dyn Write) {
        match command {
            Command::Quit => {}
            Command::Help => help(out),
            Command::Board => self.show(out),
            Command::Moves(sq) => self.list_moves(sq.as_deref(), out),
            Command::Undo(n) => self.undo(n, out),
            Command::Redo(n) => self.redo(n, out),
            Command::New => self.new_game(Game::new(self.variant()), out),
            Command::NewRandom(seed) => self.new_shuffled_game(seed, out),
            Command::Load(script) => self.load(script, out),
            Command::Fen(None) => {
                say!(out, "{}", write_fen(self.position()));
            }
            Command::Fen(Some(fen)) => match Game::from_fen(self.variant(), &fen) {
                Ok(game) => self.new_game(game, out),
                Err(e) => {
                    say!(out, "bad FEN: {e}");
                }
            },
            Command::Pgn => {
                let _ = write!(out, "{}", printable(&self.pgn_text()));
            }
            Command::Save(path) => self.save(path, out),
            Command::Open(path) => self.open(&path, out),
            Command::Perft(n) => self.perft(n, out),
            Command::Flip => {
                self.render.flipped = !self.render.flipped;
                self.show(out);
            }
            Command::Go => {
                if !self.game_over(out) {
                    self.think_and_play(out);
                    self.computer_turns(out);
                }
            }
            Command::Play(sides) => self.play_sides(sides, out),
            Command::Level(level) => {
                if let Some(l) = level {
                    self.level = l;
                }
                say!(out, "level: {}", level_text(self.level));
            }
            Command::Pv(pv) => {
                if let Some(b) = pv {
                    self.show_pv = b;
                }
                say!(out, "pv {}", if self.show_pv { "on" } else { "off" });
            }
            Command::Hint => self.hint(out),
            Command::Explain(piece) => match self.piece_kind(&piece) {
                Ok(kind) => {
                    let text = crate::teach::explain::explain_piece(self.variant(), kind);
                    say!(out, "{text}");
                }
                Err(e) => {
                    say!(out, "{e}");
                }
            },
            Command::Show(what, at) => self.show_command(&what, at.as_deref(), out),
            Command::Move(text) => self.human_move(&text, out),
        }
    }

    /// Replaces the game (keeping an unsaved one), shows it, and lets the computer move.
    pub(crate) fn new_game(&mut self, game: Game, out: &mut dyn Write) {
        self.stash_if_dirty(out);
        self.reset(game);
        self.show(out);
        self.computer_turns(out);
    }

    /// `new random [SEED]`: a new game from a random start array (a seed
    /// from the clock when none is given), its seed said so that it can be
    /// played again.
    fn new_shuffled_game(&mut self, seed: Option<u64>, out: &mut dyn Write) {
        let seed = seed.unwrap_or_else(clock_seed);
        match Game::shuffled(self.variant(), seed) {
            Some(game) => {
                say!(
                    out,
                    "random start array {seed} (`new random {seed}` deals it again)"
                );
                self.new_game(game, out);
            }
            None => {
                say!(out, "{} has no random start array (a script deals one with `shuffle …`, as Chess960 does)", self.variant().name);
            }
        }
    }

    /// `load SCRIPT`: a new game of another variant.
    fn load(&mut self, script: String, out: &mut dyn Write) {
        // Kept before compiling: whatever the script does, the game is safe.
        self.stash_if_dirty(out);
        match load_variant(&script) {
            Ok(v) => {
                say!(out, "{} loaded from {script}", v.name);
                self.script = script;
                self.engine = None;
                self.reset(Game::new(&v));
                self.show(out);
                self.computer_turns(out);
            }
            Err(e) => {
                let e = load_error_text(&e, self.render.color);
                // Uncoloured, it is text only: escape what it echoes.
                let e = match self.render.color {
                    true => e,
                    false => printable(&e).into_owned(),
                };
                let _ = write!(out, "{e}");
                if !e.ends_with('\n') {
                    let _ = writeln!(out);
                }
            }
        }
    }

    /// `play [white|black|both|none]`: who the computer plays.
    fn play_sides(&mut self, sides: Option<Sides>, out: &mut dyn Write) {
        if let Some(s) = sides {
            self.computer = match s {
                Sides::White => (true, false),
                Sides::Black => (false, true),
                Sides::Both => (true, true),
                Sides::None => (false, false),
            };
        }
        let who = match self.computer {
            (true, true) => "both sides",
            (true, false) => "White",
            (false, true) => "Black",
            (false, false) => "neither side",
        };
        say!(out, "the computer plays {who}");
        if sides.is_some() {
            self.computer_turns(out);
        }
    }

    /// A piece kind from a name (any case) or a FEN letter.
    fn piece_kind(&self, text: &str) -> Result<PieceKind, String> {
        let pos = self.position();
        let v = pos.variant();
        let mut chars = text.chars();
        let by_letter = match (chars.next(), chars.next()) {
            (Some(c), None) => v.kind_by_letter(c),
            _ => None,
        };
        by_letter.or_else(|| pos.kind_named(text)).ok_or_else(|| {
            let names: Vec<String> = v
                .pieces
                .iter()
                .map(|p| format!("{} ({})", p.name, p.letter))
                .collect();
            format!("no piece `{text}`; the pieces are: {}", names.join(", "))
        })
    }

    /// `show PIECE [at SQUARE]` on an empty board, or `show SQUARE` in the current position.
    fn show_command(&mut self, what: &str, at: Option<&str>, out: &mut dyn Write) {
        let pos = self.position().clone();
        let g = &pos.variant().geometry;
        if at.is_none() {
            if let Some(sq) = g.parse_square(what) {
                let text = crate::teach::show::show_in_position(&pos, sq)
                    .unwrap_or_else(|e| e.to_string());
                say!(out, "{text}");
                return;
            }
        }
        let kind = match self.piece_kind(what) {
            Ok(k) => k,
            // A square not on the board (a void, `a1` on Balbo's board) is
            // said as `moves a1` says it, not taken for a piece's name.
            Err(_) if at.is_none() && crate::teach::looks_like_a_square(what) => {
                say!(out, "{}", crate::teach::not_a_square(what));
                return;
            }
            Err(e) => {
                say!(out, "{e}");
                return;
            }
        };
        let square = match at {
            None => None,
            Some(name) => match g.parse_square(name) {
                Some(sq) => Some(sq),
                None => {
                    say!(out, "{}", crate::teach::not_a_square(name));
                    return;
                }
            },
        };
        // A lower-case letter means Black's piece, as in FEN.
        let black = what.len() == 1 && what.chars().all(|c| c.is_ascii_lowercase());
        let piece = Piece {
            color: if black { Color::Black } else { Color::White },
            kind,
        };
        let text = crate::teach::show::show_piece(pos.variant(), piece, square);
        say!(out, "{text}");
    }
}

/// `help`: the commands.
fn help(out: &mut dyn Write) {
    say!(
        out,
        "Type a move in SAN (Nf3, exd5, e8=Q, O-O, Ra10) or coordinates (e2e4, e7e8q), or a command:"
    );
    for (c, text) in COMMANDS {
        say!(out, "  {c:<7} {text}");
    }
    say!(
        out,
        "Tab completes commands and moves; Ctrl-C stops the computer or clears the line; Ctrl-D leaves."
    );
}
