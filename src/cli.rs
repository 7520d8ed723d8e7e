//! The command line: `varia perft`, `moves`, `check`, `dump`, `bench`, the
//! teaching commands `explain`, `show`, `diagram`, `doc` (in `teach::cli`),
//! `varia play` (also `varia` alone, or `varia SCRIPT`), the REPL, and
//! `varia serve`, the board in the browser (`serve`).
//!
//! Library code returns errors; this module renders them and picks exit codes.

use std::ffi::OsString;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::diagnostics::Code;
use crate::load::load_variant_or_report;
use crate::notation::coord::move_to_coord;
use crate::notation::printable;
use crate::vm::perft::{divide, perft};
use crate::vm::Position;

/// `println!` that ends `varia` quietly (status 0) when standard output
/// was closed (`varia moves chess | head -1`) instead of panicking.
macro_rules! outln {
    () => {
        crate::teach::cli::write_stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        crate::teach::cli::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// varia: chess variants as scripts.
#[derive(Debug, Parser)]
#[command(
    name = "varia",
    version,
    about = "A small language for writing chess variants as scripts, and a rules engine to play them"
)]
#[command(args_conflicts_with_subcommands = true)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    /// Play this variant in the REPL (`varia SCRIPT` is `varia play SCRIPT`).
    script: Option<String>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play in the REPL, against a person or the computer (the default).
    Play {
        /// The variant script (default: the built-in orthodox chess).
        script: Option<String>,
        /// Start from a random start array (the script's `shuffle`, as in
        /// Chess960), dealt by this seed (by the clock without one).
        #[arg(long, value_name = "SEED", num_args = 0..=1)]
        random_start: Option<Option<u64>>,
    },
    /// Count the leaf nodes of the legal move tree (the last line is the count alone).
    Perft {
        /// The variant script (a path, or `chess` for the built-in one).
        script: String,
        /// Depth in plies (at most 20).
        depth: u32,
        /// Start from this position instead of the setup.
        #[arg(long)]
        fen: Option<String>,
        /// Print each first move with its count.
        #[arg(long)]
        divide: bool,
    },
    /// Print the legal moves, one per line, in coordinate form (e2e4, e7e8q, a10a9).
    Moves {
        /// The variant script.
        script: String,
        /// The position (default: the setup).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Be an engine for chess programs over UCI (as Fairy-Stockfish speaks it for variants).
    Uci {
        /// Variant scripts to offer besides chess, as `UCI_Variant` values named
        /// by their file names (the first one is chosen at the start).
        scripts: Vec<String>,
    },
    /// Be an engine for XBoard/WinBoard (CECP v2); variants other than chess
    /// are described to XBoard with `setup` and `piece` commands.
    Xboard {
        /// Variant scripts to offer besides chess (`normal`), named by their
        /// file names (the first one is chosen at the start).
        scripts: Vec<String>,
    },
    /// Play games between two engines (UCI or XBoard) on a variant, varia
    /// being the arbiter; print the score and the Elo difference.
    Match(crate::arbiter::cli::MatchArgs),
    /// Compile a script and print its diagnostics; exit 0 only if it is sound.
    Check {
        /// The variant script.
        script: String,
    },
    /// Explain a diagnostic code (`varia::compile::bad_setup`, or its last part `bad_setup`); without a code, list them all.
    ExplainError {
        /// The code, as a diagnostic prints it.
        code: Option<String>,
    },
    /// Print what the compiler made of a script.
    Dump {
        /// The variant script.
        script: String,
    },
    /// Measure perft speed (leaves per second, last ply counted in bulk).
    Bench {
        /// The variant script (default: the built-in chess, start position
        /// depth 6 and Kiwipete depth 5).
        script: Option<String>,
        /// Depth (with a script).
        #[arg(long, default_value_t = 5)]
        depth: u32,
        /// Position (with a script).
        #[arg(long)]
        fen: Option<String>,
        /// How many runs of each position; the median is reported.
        #[arg(long, default_value_t = 3)]
        runs: usize,
    },
    // --- teaching (src/teach/) ---
    /// Explain in plain English how a piece moves (from its compiled moves).
    Explain {
        /// The variant script, then the piece (name or letter; none: every piece); or `--betza STRING`.
        args: Vec<String>,
        /// Explain a Betza string without a script.
        #[arg(long)]
        betza: Option<String>,
    },
    /// Draw a piece's moves in the terminal.
    Show {
        /// The variant script.
        script: String,
        /// The piece (name or letter; a lower-case letter means Black's).
        piece: String,
        /// The square (default: one that shows the moves well).
        #[arg(long)]
        at: Option<String>,
        /// Show the piece in this position (blockers and screens matter).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Write an SVG diagram of a position, or of a piece's moves.
    Diagram {
        /// The variant script.
        script: String,
        /// The position (default: the setup).
        #[arg(long)]
        fen: Option<String>,
        /// Mark this piece's moves (with --at).
        #[arg(long)]
        piece: Option<String>,
        /// The piece's square.
        #[arg(long)]
        at: Option<String>,
        /// Highlight a last move, in coordinates (e2e4).
        #[arg(long)]
        last: Option<String>,
        /// Black at the bottom.
        #[arg(long)]
        flip: bool,
        /// The SVG file to write.
        #[arg(short = 'o', long)]
        output: String,
    },
    /// Serve a board in the browser: click pieces, play, edit the script live (on 127.0.0.1).
    Serve {
        /// A variant script, a folder of `.variant` scripts, or a built-in
        /// script's name (default: the built-in scripts).
        script: Option<String>,
        /// The port (0: any free port).
        #[arg(long, default_value_t = crate::serve::DEFAULT_PORT)]
        port: u16,
        /// The address to listen on (default 127.0.0.1, this machine only).
        #[arg(long)]
        bind: Option<String>,
    },
    /// Translate Fairy-Stockfish `.ini` sections (`[name]`, `[name:parent]`) into varia scripts.
    Import {
        /// The `.ini` file (Fairy-Stockfish's `variants.ini` format).
        file: String,
        /// The sections to translate (default: all of them).
        sections: Vec<String>,
        /// Write each script to DIR/NAME.variant (default: print them).
        #[arg(short = 'o', long)]
        output: Option<String>,
    },
    /// Write a variant script as a Fairy-Stockfish `.ini` section (for FS and pychess-variants).
    Export {
        /// The variant script.
        script: String,
        /// The `.ini` file to write (default: print it).
        #[arg(short = 'o', long)]
        output: Option<String>,
        /// The section's name (default: the script's file name; FS ignores
        /// a section named like one of its built-in variants).
        #[arg(long)]
        name: Option<String>,
    },
    /// Write a self-contained HTML rules page for a variant.
    Doc {
        /// The variant script.
        script: String,
        /// The directory to write the page into.
        #[arg(short = 'o', long)]
        output: String,
    },
}

/// Runs the command line; returns the exit code.
pub fn run(args: Vec<OsString>) -> i32 {
    let args = match Args::try_parse_from(args) {
        Ok(a) => a,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let Some(command) = args.command else {
        return crate::repl::run(args.script.as_deref().unwrap_or("chess"), None);
    };
    // Each command's hooks share one time budget (the REPL and the engine
    // protocols budget each line and each search).
    let _hooks = (!matches!(
        command,
        Command::Play { .. }
            | Command::Uci { .. }
            | Command::Xboard { .. }
            | Command::Serve { .. }
            | Command::Match(_)
    ))
    .then(|| crate::vm::hooks::begin_command(crate::vm::hooks::HookBudget::default()));
    match command {
        Command::Play {
            script,
            random_start,
        } => crate::repl::run(
            script.as_deref().unwrap_or("chess"),
            random_start.map(|seed| seed.unwrap_or_else(crate::repl::clock_seed)),
        ),
        Command::Perft {
            script,
            depth,
            fen,
            divide: split,
        } => perft_command(&script, depth, fen.as_deref(), split),
        Command::Moves { script, fen } => moves_command(&script, fen.as_deref()),
        Command::ExplainError { code } => explain_error(code.as_deref()),
        Command::Xboard { scripts } => {
            crate::protocol::xboard::run(std::io::stdin().lock(), std::io::stdout(), &scripts)
        }
        Command::Uci { scripts } => {
            crate::protocol::uci::run(std::io::stdin().lock(), std::io::stdout(), &scripts)
        }
        Command::Match(args) => crate::arbiter::cli::run(args),
        Command::Check { script } => match load_variant_or_report(&script) {
            Some(v) => {
                let n = v.pieces.len();
                outln!(
                    "{}: ok ({}, {n} piece{})",
                    printable(&script),
                    printable(&v.name),
                    if n == 1 { "" } else { "s" }
                );
                0
            }
            None => 1,
        },
        Command::Dump { script } => match load_variant_or_report(&script) {
            Some(v) => {
                outln!("{v}");
                0
            }
            None => 1,
        },
        Command::Bench {
            script,
            depth,
            fen,
            runs,
        } => bench(script, depth, fen, runs.max(1)),
        Command::Explain { args, betza } => crate::teach::cli::explain(&args, betza.as_deref()),
        Command::Show {
            script,
            piece,
            at,
            fen,
        } => crate::teach::cli::show(&script, &piece, at.as_deref(), fen.as_deref()),
        Command::Diagram {
            script,
            fen,
            piece,
            at,
            last,
            flip,
            output,
        } => crate::teach::cli::diagram(crate::teach::cli::DiagramArgs {
            script: &script,
            fen: fen.as_deref(),
            piece: piece.as_deref(),
            at: at.as_deref(),
            last: last.as_deref(),
            flip,
            output: &output,
        }),
        Command::Doc { script, output } => crate::teach::cli::doc(&script, &output),
        Command::Import {
            file,
            sections,
            output,
        } => crate::bridge::cli::import(&file, &sections, output.as_deref()),
        Command::Export {
            script,
            output,
            name,
        } => crate::bridge::cli::export(&script, name.as_deref(), output.as_deref()),
        Command::Serve { script, port, bind } => {
            crate::serve::run(script.as_deref(), bind.as_deref(), Some(port))
        }
    }
}

/// `varia perft`: the count, or each first move with its count.
fn perft_command(script: &str, depth: u32, fen: Option<&str>, split: bool) -> i32 {
    let Some(mut pos) = load_position(script, fen) else {
        return 1;
    };
    if split {
        let counts = match divide(&mut pos, depth) {
            Ok(counts) => counts,
            Err(e) => {
                eprintln!("error: {}", printable(&e.to_string()));
                return 1;
            }
        };
        let mut total = 0;
        let mut rows: Vec<(String, u64)> = counts
            .into_iter()
            .map(|(m, n)| (move_to_coord(&pos, m), n))
            .collect();
        rows.sort();
        for (m, n) in rows {
            outln!("{m}: {n}");
            total += n;
        }
        outln!();
        outln!("{total}");
    } else {
        match perft(&mut pos, depth) {
            Ok(n) => outln!("{n}"),
            Err(e) => {
                eprintln!("error: {}", printable(&e.to_string()));
                return 1;
            }
        }
    }
    0
}

/// `varia explain-error [CODE]`: what a diagnostic code means and how to
/// fix the script; every code with its explanation when none is given.
fn explain_error(code: Option<&str>) -> i32 {
    let Some(text) = code else {
        for c in Code::ALL {
            outln!("{c}\n    {}\n", c.explanation());
        }
        return 0;
    };
    let wanted = text.trim();
    let found = Code::from_code_str(wanted).or_else(|| {
        let mut by_last_part = Code::ALL
            .iter()
            .copied()
            .filter(|c| c.as_str().rsplit("::").next() == Some(wanted));
        match (by_last_part.next(), by_last_part.next()) {
            (Some(c), None) => Some(c),
            _ => None,
        }
    });
    match found {
        Some(c) => {
            outln!("{c}\n\n{}", c.explanation());
            0
        }
        None => {
            eprintln!(
                "error: no diagnostic code `{}`; `varia explain-error` lists them all",
                printable(wanted)
            );
            1
        }
    }
}

/// `varia moves`: the legal moves in coordinates, sorted.
fn moves_command(script: &str, fen: Option<&str>) -> i32 {
    let Some(pos) = load_position(script, fen) else {
        return 1;
    };
    let legal = match pos.legal_moves() {
        Ok(legal) => legal,
        Err(e) => {
            eprintln!("error: {}", printable(&e.to_string()));
            return 1;
        }
    };
    let mut moves: Vec<String> = legal.into_iter().map(|m| move_to_coord(&pos, m)).collect();
    moves.sort();
    for m in moves {
        outln!("{m}");
    }
    0
}

fn load_position(script: &str, fen: Option<&str>) -> Option<Position> {
    let variant = load_variant_or_report(script)?;
    match fen {
        None => Some(Position::start(&variant)),
        Some(fen) => match Position::from_fen(&variant, fen) {
            Ok(p) => Some(p),
            Err(e) => {
                eprintln!("error: bad FEN: {}", printable(&e.to_string()));
                None
            }
        },
    }
}

fn bench(script: Option<String>, depth: u32, fen: Option<String>, runs: usize) -> i32 {
    let cases: Vec<(String, Option<String>, u32)> = match script {
        Some(s) => vec![(s, fen, depth)],
        None => vec![
            ("chess".to_string(), None, 6),
            (
                "chess".to_string(),
                Some(
                    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
                        .to_string(),
                ),
                5,
            ),
        ],
    };
    for (script, fen, depth) in cases {
        let Some(start) = load_position(&script, fen.as_deref()) else {
            return 1;
        };
        let mut rates = Vec::new();
        let mut nodes = 0;
        for run in 1..=runs {
            let mut pos = start.clone();
            let t = Instant::now();
            nodes = match perft(&mut pos, depth) {
                Ok(n) => n,
                Err(e) => {
                    eprintln!("error: {}", printable(&e.to_string()));
                    return 1;
                }
            };
            let secs = t.elapsed().as_secs_f64();
            let rate = nodes as f64 / secs;
            outln!(
                "run {run}: {nodes} leaves in {secs:.3} s = {:.2} M leaves/s",
                rate / 1e6
            );
            rates.push(rate);
        }
        rates.sort_by(|a, b| a.total_cmp(b));
        let median = rates[rates.len() / 2];
        let label = fen.as_deref().unwrap_or("start position");
        outln!("{script} {label} depth {depth}: {nodes} leaves, median {:.2} M leaves/s over {runs} runs", median / 1e6);
    }
    0
}
