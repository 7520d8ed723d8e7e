//! The line editor's helper: tab-completion of commands, of the legal
//! moves (SAN and coordinates), of `play`/`level` arguments, of squares
//! after `moves`, and of file names after `load`, `open` and `save`.
//! The REPL refreshes the candidates after every command.

use std::sync::{Arc, Mutex};

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

/// What can be completed now.
#[derive(Clone, Debug, Default)]
pub struct Candidates {
    /// Command words.
    pub commands: Vec<String>,
    /// Legal moves in SAN (without check marks) and coordinates.
    pub moves: Vec<String>,
    /// Squares holding a piece of the side to move.
    pub squares: Vec<String>,
}

/// The rustyline helper.
pub struct ReplHelper {
    /// Shared with the REPL, which updates it.
    pub candidates: Arc<Mutex<Candidates>>,
    files: FilenameCompleter,
}

impl std::fmt::Debug for ReplHelper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReplHelper").finish_non_exhaustive()
    }
}

impl ReplHelper {
    /// A helper reading its candidates from `candidates`.
    pub fn new(candidates: Arc<Mutex<Candidates>>) -> ReplHelper {
        ReplHelper {
            candidates,
            files: FilenameCompleter::new(),
        }
    }
}

/// The completions of `word` among `options` (sorted, unique).
pub fn complete_word(word: &str, options: &[String]) -> Vec<String> {
    let mut out: Vec<String> = options
        .iter()
        .filter(|o| o.starts_with(word))
        .cloned()
        .collect();
    out.sort();
    out.dedup();
    out
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = &line[..pos];
        let start = before
            .char_indices()
            .rfind(|(_, c)| c.is_whitespace())
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = &before[start..];
        let first = before[..start].split_whitespace().next();
        let c = match self.candidates.lock() {
            Ok(c) => c.clone(),
            Err(_) => return Ok((start, Vec::new())),
        };
        let options: Vec<String> = match first {
            None => c.commands.iter().chain(c.moves.iter()).cloned().collect(),
            Some("load") | Some("open") | Some("save") => {
                return self.files.complete(line, pos, ctx);
            }
            Some("play") => ["white", "black", "both", "none"]
                .map(String::from)
                .to_vec(),
            Some("level") => ["depth", "time"].map(String::from).to_vec(),
            Some("pv") => ["on", "off"].map(String::from).to_vec(),
            Some("moves") => c.squares.clone(),
            Some(_) => Vec::new(),
        };
        let pairs = complete_word(word, &options)
            .into_iter()
            .map(|s| Pair {
                display: s.clone(),
                replacement: s,
            })
            .collect();
        Ok((start, pairs))
    }
}

impl Hinter for ReplHelper {
    type Hint = String;
}

impl Highlighter for ReplHelper {}

impl Validator for ReplHelper {}

impl Helper for ReplHelper {}
