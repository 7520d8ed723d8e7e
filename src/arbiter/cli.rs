//! The `varia match` command line: its arguments, and the match's result
//! printed at the end (progress lines go to standard error).

use std::path::PathBuf;
use std::time::Duration;

use crate::arbiter::clock::{parse_seconds, TimeControl};
use crate::arbiter::game::GameLimits;
use crate::arbiter::openings::read_openings;
use crate::arbiter::player::Protocol;
use crate::arbiter::runner::{run_match, MatchSettings, Openings};
use crate::arbiter::spec::{parse_engine_spec, parse_protocol};
use crate::load::load_variant_or_report;

/// `varia match`'s arguments.
#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// The variant script (a path, or a built-in name such as `chess`).
    pub script: String,
    /// An engine, twice: `"cmd='PROGRAM ARGS' proto=uci|xboard name=NAME
    /// variant=NAME option.NAME=VALUE depth=N st=SECONDS dir=FOLDER arg=ARG"`
    /// (a command with arguments is quoted, or written before the keys).
    #[arg(long = "engine", required = true, num_args = 1)]
    pub engines: Vec<String>,
    /// The protocol of the engines, in the order of the `--engine`s (one
    /// `--protocol` for both): `uci` (the default) or `xboard`; an
    /// engine's own `proto=` goes first.
    #[arg(long = "protocol")]
    pub protocols: Vec<String>,
    /// The variant's name in the engines' protocols, where it differs from
    /// the script's file name (an engine's own `variant=` goes first).
    #[arg(long)]
    pub variant_name: Option<String>,
    /// Game clock: SECONDS+INCREMENT (`10+0.1`), MOVES/SECONDS+INCREMENT, or SECONDS.
    #[arg(long)]
    pub tc: Option<String>,
    /// Seconds per move.
    #[arg(long)]
    pub st: Option<String>,
    /// Search depth per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// How many games.
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// How many games at once (each with its own engine processes).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Openings: a FEN/EPD file (one position a line) or a PGN file (`.pgn`).
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Openings of N random legal plies from the setup.
    #[arg(long)]
    pub random_plies: Option<usize>,
    /// The seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Append every game to this PGN file.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Draw a game by adjudication after this many plies from the opening (0: never).
    #[arg(long, default_value_t = 600)]
    pub max_plies: usize,
    /// Seconds to wait for a move when no clock or time per move limits it.
    #[arg(long, default_value = "60")]
    pub move_timeout: String,
    /// The PGN `Event` tag.
    #[arg(long, default_value = "varia match")]
    pub event: String,
}

/// A bad argument: prints it, exit code 2.
fn usage(message: &str) -> i32 {
    eprintln!("error: {message}");
    2
}

/// `varia match`: plays the match and prints the result; returns the exit code.
pub fn run(args: MatchArgs) -> i32 {
    let settings = match settings(&args) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let progress = |line: &str| eprintln!("{line}");
    match run_match(&settings, &progress) {
        Ok(result) => {
            let [a, b] = &settings.engines;
            println!(
                "Match of {} vs {} on {}: {} games",
                a.name,
                b.name,
                settings.script_name,
                result.games.len()
            );
            println!("{}", result.score.summary());
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// The match's settings from the arguments (Err: the exit code, the
/// error already printed).
fn settings(args: &MatchArgs) -> Result<MatchSettings, i32> {
    // The script first: a match on a script that does not load is
    // reported as that, whatever else the command line says.
    let Some(variant) = load_variant_or_report(&args.script) else {
        return Err(1);
    };
    if args.engines.len() != 2 {
        return Err(usage(&format!(
            "a match is between two engines: give --engine twice (given {} times)",
            args.engines.len()
        )));
    }
    if args.protocols.len() > 2 {
        return Err(usage(
            "give --protocol once (both engines) or twice (one each)",
        ));
    }
    let mut engines = Vec::new();
    for (i, spec) in args.engines.iter().enumerate() {
        let protocol = match args.protocols.get(i).or(args.protocols.first()) {
            Some(name) => parse_protocol(name)
                .ok_or_else(|| usage(&format!("--protocol {name}: use uci or xboard")))?,
            None => Protocol::Uci,
        };
        let mut config = parse_engine_spec(spec, protocol).map_err(|e| usage(&e.to_string()))?;
        if config.variant_name.is_none() {
            config.variant_name.clone_from(&args.variant_name);
        }
        engines.push(config);
    }
    if engines[0].name == engines[1].name {
        engines[1].name.push_str(" (2)");
    }
    let clock = match &args.tc {
        Some(tc) => Some(
            tc.parse::<TimeControl>()
                .map_err(|e| usage(&e.to_string()))?,
        ),
        None => None,
    };
    let seconds = |text: &str, what: &str| {
        parse_seconds(text)
            .filter(|t| !t.is_zero())
            .ok_or_else(|| usage(&format!("{what} `{text}`: seconds, above 0")))
    };
    let movetime = args.st.as_deref().map(|s| seconds(s, "--st")).transpose()?;
    let move_timeout = seconds(&args.move_timeout, "--move-timeout")?;
    if let Some(d) = args.depth.filter(|d| !(1..=64).contains(d)) {
        return Err(usage(&format!("--depth {d}: a number from 1 to 64")));
    }
    for e in &engines {
        if clock.is_none()
            && movetime.is_none()
            && args.depth.is_none()
            && e.movetime.is_none()
            && e.depth.is_none()
        {
            return Err(usage(&format!(
                "engine `{}` has no limit: give --tc, --st or --depth (or its own st= or depth=)",
                e.name
            )));
        }
    }
    if args.games == 0 || args.concurrency == 0 {
        return Err(usage("--games and --concurrency must be at least 1"));
    }
    let openings = match (&args.openings, args.random_plies) {
        (Some(_), Some(_)) => return Err(usage("give --openings or --random-plies, not both")),
        (Some(path), None) => Openings::List(read_openings(&variant, path).map_err(|e| {
            eprintln!("error: {e}");
            1
        })?),
        (None, Some(plies)) => Openings::Random {
            plies,
            seed: args.seed,
        },
        (None, None) => Openings::Setup,
    };
    let [first, second]: [_; 2] = engines.try_into().map_err(|_| 2)?;
    Ok(MatchSettings {
        script_name: script_name(&args.script),
        variant,
        engines: [first, second],
        games: args.games,
        concurrency: args.concurrency,
        limits: GameLimits {
            clock,
            movetime,
            depth: args.depth,
            move_timeout: move_timeout.max(Duration::from_millis(1)),
            max_plies: (args.max_plies > 0).then_some(args.max_plies),
        },
        openings,
        pgn: args.pgn.clone(),
        event: args.event.clone(),
    })
}

/// The variant's name from its script: the file name without `.variant`.
fn script_name(script: &str) -> String {
    let path = std::path::Path::new(script);
    match path.file_stem().and_then(|s| s.to_str()) {
        Some(stem) if path.extension().is_some_and(|e| e == "variant") => stem.to_string(),
        _ => script.to_string(),
    }
}
