//! The `--engine` argument: an engine written as `key=value` words, as
//! cutechess-cli writes them:
//!
//! ```text
//! --engine "cmd=/usr/games/fairymax proto=xboard name=fmax variant=berolina"
//! --engine "cmd='varia uci scripts/grand-betza.variant' name=d3 depth=3"
//! ```
//!
//! Keys: `cmd` (the program, with its arguments after spaces), `arg` (one
//! more argument, spaces and all; repeatable), `dir` (its working
//! folder), `proto` (`uci` or `xboard`; default: `--protocol`, else
//! `uci`), `name`, `variant`
//! (the variant's name in its protocol, where it differs from the
//! script's), `option.NAME=VALUE` (a UCI option, `option.Hash=16`),
//! `depth` and `st` (its own depth and seconds a move, over the match's).
//! Values may be quoted with `'` or `"`. Words before the first `key=` are
//! the command (`--engine "varia uci"`).

use std::path::PathBuf;

use crate::arbiter::clock::parse_seconds;
use crate::arbiter::player::{EngineConfig, Protocol};

/// An `--engine` argument that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad engine `{spec}`: {message}")]
pub struct EngineSpecError {
    /// The argument.
    pub spec: String,
    /// What is wrong.
    pub message: String,
}

/// A protocol's name: `uci`, or `xboard` (also `cecp`).
pub fn parse_protocol(name: &str) -> Option<Protocol> {
    match name {
        "uci" => Some(Protocol::Uci),
        "xboard" | "cecp" => Some(Protocol::Xboard),
        _ => None,
    }
}

/// Splits a text into words; `'…'` and `"…"` quote spaces.
///
/// # Errors
/// A quote is not closed (the message).
fn words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.get_or_insert_with(String::new).push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            None if c.is_whitespace() => words.extend(word.take()),
            None => word.get_or_insert_with(String::new).push(c),
        }
    }
    if quote.is_some() {
        return Err("a quote is not closed".to_string());
    }
    words.extend(word);
    Ok(words)
}

/// Reads an `--engine` argument; `protocol` is its protocol unless it says `proto=`.
///
/// # Errors
/// [`EngineSpecError`]: an unknown key, a bad value, or no command.
pub fn parse_engine_spec(spec: &str, protocol: Protocol) -> Result<EngineConfig, EngineSpecError> {
    let error = |message: String| EngineSpecError {
        spec: spec.to_string(),
        message,
    };
    let mut config = EngineConfig {
        protocol,
        ..EngineConfig::default()
    };
    let mut command: Vec<String> = Vec::new();
    let mut extra: Vec<String> = Vec::new();
    let mut keys_seen = false;
    for word in words(spec).map_err(error)? {
        let Some((key, value)) = word.split_once('=') else {
            if keys_seen {
                return Err(error(format!(
                    "`{word}` is not key=value (a command with arguments is quoted: \
                     cmd='PROGRAM ARGS', or written first: \"PROGRAM ARGS name=…\")"
                )));
            }
            command.push(word);
            continue;
        };
        keys_seen = true;
        match key {
            "cmd" => command.extend(value.split_whitespace().map(str::to_string)),
            "arg" => extra.push(value.to_string()),
            "dir" => config.launch.dir = Some(PathBuf::from(value)),
            "proto" | "protocol" => {
                config.protocol = parse_protocol(value)
                    .ok_or_else(|| error(format!("protocol `{value}`: use uci or xboard")))?;
            }
            "name" => config.name = value.to_string(),
            "variant" => config.variant_name = Some(value.to_string()),
            "depth" => {
                config.depth = Some(
                    value
                        .parse()
                        .ok()
                        .filter(|d| (1..=64).contains(d))
                        .ok_or_else(|| error(format!("depth `{value}`: a number from 1 to 64")))?,
                )
            }
            "st" => {
                config.movetime = Some(
                    parse_seconds(value)
                        .filter(|t| !t.is_zero())
                        .ok_or_else(|| error(format!("st `{value}`: seconds, above 0")))?,
                )
            }
            _ => match key.strip_prefix("option.") {
                Some(name) if !name.is_empty() => {
                    config.options.push((name.to_string(), value.to_string()))
                }
                _ => return Err(error(format!("unknown key `{key}`"))),
            },
        }
    }
    let mut command = command.into_iter();
    config.launch.program = command
        .next()
        .ok_or_else(|| error("no command (cmd=…)".to_string()))?;
    config.launch.args = command.chain(extra).collect();
    if config.name.is_empty() {
        config.name = std::path::Path::new(&config.launch.program)
            .file_name()
            .map_or(config.launch.program.clone(), |n| {
                n.to_string_lossy().into_owned()
            });
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_an_engine() {
        let c = parse_engine_spec(
            "cmd='/usr/bin/varia uci x.variant' arg='a b' proto=xboard name=fm variant=berolina \
             option.Hash=16 depth=3 st=0.5 dir=/tmp",
            Protocol::Uci,
        )
        .unwrap();
        assert_eq!(c.launch.program, "/usr/bin/varia");
        assert_eq!(c.launch.args, ["uci", "x.variant", "a b"]);
        assert_eq!(c.launch.dir, Some(PathBuf::from("/tmp")));
        assert_eq!(c.protocol, Protocol::Xboard);
        assert_eq!(
            (c.name.as_str(), c.variant_name.as_deref()),
            ("fm", Some("berolina"))
        );
        assert_eq!(c.options, [("Hash".to_string(), "16".to_string())]);
        assert_eq!(c.depth, Some(3));
        assert_eq!(c.movetime, Some(std::time::Duration::from_millis(500)));
        let plain = parse_engine_spec("/usr/games/fairy-stockfish", Protocol::Uci).unwrap();
        assert_eq!(
            (plain.name.as_str(), plain.protocol),
            ("fairy-stockfish", Protocol::Uci)
        );
        // The default protocol (`--protocol`) yields to `proto=`.
        let fmax = parse_engine_spec("/usr/games/fairymax", Protocol::Xboard).unwrap();
        assert_eq!(fmax.protocol, Protocol::Xboard);
        let uci = parse_engine_spec("cmd=x proto=uci", Protocol::Xboard).unwrap();
        assert_eq!(uci.protocol, Protocol::Uci);
    }

    #[test]
    fn refuses_bad_engines() {
        for (spec, message) in [
            ("", "no command (cmd=…)"),
            ("name=x", "no command (cmd=…)"),
            ("cmd=x proto=uxi", "protocol `uxi`: use uci or xboard"),
            ("cmd=x depth=0", "depth `0`: a number from 1 to 64"),
            ("cmd=x st=-1", "st `-1`: seconds, above 0"),
            ("cmd=x colour=white", "unknown key `colour`"),
            ("cmd=x option.=1", "unknown key `option.`"),
            (
                "cmd=x stray",
                "`stray` is not key=value (a command with arguments is quoted: \
                 cmd='PROGRAM ARGS', or written first: \"PROGRAM ARGS name=…\")",
            ),
            ("cmd='x", "a quote is not closed"),
        ] {
            assert_eq!(
                parse_engine_spec(spec, Protocol::Uci).unwrap_err().message,
                message,
                "{spec}"
            );
        }
    }
}
