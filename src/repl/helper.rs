//! The line editor's helper: tab-completion of commands (with the space
//! after those that take an argument), of the legal moves (SAN and
//! coordinates), of `play`/`level` arguments, of squares after `moves`, of
//! the variant's piece names after `explain` and `show`, and of file names
//! after `load`, `open` and `save`.
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
    /// The variant's piece names.
    pub pieces: Vec<String>,
}

/// Whether a command takes an argument (its help reads `load SCRIPT: …`,
/// `moves [SQUARE]: …`): its completion ends with a space, so that the
/// next Tab completes the argument.
fn takes_argument(command: &str) -> bool {
    crate::repl::command::COMMANDS
        .iter()
        .any(|(c, text)| *c == command && text.starts_with(&format!("{c} ")))
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
            None => {
                let commands = c.commands.iter().map(|cmd| {
                    if takes_argument(cmd) {
                        format!("{cmd} ")
                    } else {
                        cmd.clone()
                    }
                });
                commands.chain(c.moves.iter().cloned()).collect()
            }
            Some("load") | Some("open") | Some("save") => {
                return self.files.complete(line, pos, ctx);
            }
            Some("play") => ["white", "black", "both", "none"]
                .map(String::from)
                .to_vec(),
            Some("level") => ["depth", "time"].map(String::from).to_vec(),
            Some("pv") => ["on", "off"].map(String::from).to_vec(),
            Some("moves") => c.squares.clone(),
            Some("explain") => c.pieces.clone(),
            Some("show") => c.pieces.iter().chain(c.squares.iter()).cloned().collect(),
            Some(_) => Vec::new(),
        };
        let pairs = complete_word(word, &options)
            .into_iter()
            .map(|s| Pair {
                display: s.trim_end().to_string(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repl::Session;

    /// The completions of `line` (cursor at its end): (start, replacements).
    fn complete(line: &str) -> (usize, Vec<String>) {
        complete_in(&Session::new("chess").unwrap(), line)
    }

    fn complete_in(session: &Session, line: &str) -> (usize, Vec<String>) {
        let helper = ReplHelper::new(Arc::new(Mutex::new(session.candidates())));
        let history = rustyline::history::DefaultHistory::new();
        let ctx = Context::new(&history);
        let (start, pairs) = helper.complete(line, line.len(), &ctx).unwrap();
        (start, pairs.into_iter().map(|p| p.replacement).collect())
    }

    #[test]
    fn a_command_with_an_argument_completes_with_its_space() {
        assert_eq!(complete("lo"), (0, vec!["load ".to_string()]));
        assert_eq!(complete("expl"), (0, vec!["explain ".to_string()]));
        assert_eq!(complete("fl"), (0, vec!["flip".to_string()]));
    }

    #[test]
    fn piece_names_complete_after_explain_and_show() {
        assert_eq!(complete("explain Kn"), (8, vec!["Knight".to_string()]));
        assert_eq!(
            complete("explain "),
            (
                8,
                ["Bishop", "King", "Knight", "Pawn", "Queen", "Rook"]
                    .map(String::from)
                    .to_vec()
            )
        );
        assert_eq!(complete("show Q"), (5, vec!["Queen".to_string()]));
        // `show` also takes a square of a piece of the side to move.
        assert_eq!(
            complete("show e"),
            (5, vec!["e1".to_string(), "e2".to_string()])
        );
    }

    #[test]
    fn drops_complete_from_the_hand() {
        let script = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scripts/fairy-stockfish/crazyhouse.variant"
        );
        let mut session = Session::new(script).unwrap();
        let mut out = Vec::new();
        // White holds a Knight; the e-file's empty squares are e2 (its
        // pawn went to e4), e3, e5 and e6.
        session.execute(
            "fen rnbqkb1r/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[N] w KQkq - 0 1",
            &mut out,
        );
        assert_eq!(
            complete_in(&session, "N@e"),
            (
                0,
                ["N@e2", "N@e3", "N@e5", "N@e6"].map(String::from).to_vec()
            )
        );
        // No Pawn in hand: nothing to complete.
        assert_eq!(complete_in(&session, "P@"), (0, Vec::new()));
    }
}
