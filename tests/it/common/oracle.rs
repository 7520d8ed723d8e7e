#![allow(dead_code)]
//! The pyffish oracle for differential tests: the legal moves of positions
//! from seeded random games, as Fairy-Stockfish generates them, compared
//! move for move with ours.
//!
//! The positions come from `tests/oracle/random_positions.py`, which needs
//! python3 and pyffish (`pip install pyffish`). Without them the tests
//! fail: they never pass silently.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use varia::compile_path;
use varia::ir::Variant;
use varia::notation::coord::move_to_coord;
use varia::notation::fen::write_fen;
use varia::vm::Position;

pub fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Compiles `scripts/NAME.variant`, or the catalogue's
/// `scripts/fairy-stockfish/NAME.variant`.
pub fn script(name: &str) -> Arc<Variant> {
    compile_file(&script_file(name))
}

/// The path of `scripts/NAME.variant`, or of the catalogue's
/// `scripts/fairy-stockfish/NAME.variant`, relative to the project.
pub fn script_file(name: &str) -> String {
    let top = format!("scripts/{name}.variant");
    if manifest_dir().join(&top).is_file() {
        top
    } else {
        format!("scripts/fairy-stockfish/{name}.variant")
    }
}

/// [`script_file`] as an absolute path.
pub fn script_path(name: &str) -> String {
    manifest_dir().join(script_file(name)).display().to_string()
}

/// Compiles `tests/fixtures/hooks/NAME.variant` (a variant written with Rhai hooks).
pub fn hook_fixture(name: &str) -> Arc<Variant> {
    compile_file(&format!("tests/fixtures/hooks/{name}.variant"))
}

fn compile_file(relative: &str) -> Arc<Variant> {
    let path: PathBuf = manifest_dir().join(relative);
    compile_path(path.to_str().expect("UTF-8 path")).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

const INSTALL_HINT: &str = "the differential tests need python3 with pyffish \
     (the Python binding of Fairy-Stockfish): run `pip install pyffish` \
     (CI installs it)";

/// Fails, with an install hint, unless python3 can import pyffish (asked
/// once per test process: the import takes most of a second).
pub fn require_pyffish() {
    static CHECKED: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    CHECKED.get_or_init(check_pyffish);
}

/// What a line of Python after `import pyffish as sf` prints (pyffish
/// required first).
fn pyffish_prints(code: &str) -> String {
    require_pyffish();
    let out = Command::new("python3")
        .args(["-c", &format!("import pyffish as sf\n{code}")])
        .output()
        .expect("python3");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Runs `program` in python3 after `import sys, pyffish as sf` and loading
/// `ini` (`variants.ini` text, given on standard input) as Fairy-Stockfish's
/// variant configuration, with `args` as `sys.argv[1:]`: what it prints.
/// Panics with its error output if it fails.
pub fn pyffish_with_config(ini: &str, program: &str, args: &[&str]) -> String {
    use std::io::Write;
    require_pyffish();
    let program =
        format!("import sys, pyffish as sf\nsf.load_variant_config(sys.stdin.read())\n{program}");
    let mut child = Command::new("python3")
        .arg("-c")
        .arg(&program)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("python3");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(ini.as_bytes())
        .expect("python3's input");
    let out = child.wait_with_output().expect("python3");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Fairy-Stockfish's own verdict on a position (pyffish's
/// `is_immediate_game_end`): whether a rule has ended the game, and its
/// score for the side to move (0 a draw, negative a loss).
pub fn fs_immediate_game_end(variant: &str, fen: &str) -> (bool, i64) {
    let text = pyffish_prints(&format!(
        "print(*sf.is_immediate_game_end('{variant}', '{fen}', []))"
    ));
    let mut words = text.split_whitespace();
    let ended = words.next() == Some("True");
    let score = words.next().and_then(|w| w.parse().ok()).expect("a score");
    (ended, score)
}

/// Fairy-Stockfish's verdict on whether the game may end at `fen` by a
/// rule it calls optional (pyffish's `is_optional_game_end`, no history):
/// whether it may, and its score for the side to move.
pub fn fs_optional_game_end(variant: &str, fen: &str) -> (bool, i64) {
    let text = pyffish_prints(&format!(
        "print(*sf.is_optional_game_end('{variant}', '{fen}', []))"
    ));
    let mut words = text.split_whitespace();
    let ended = words.next() == Some("True");
    let score = words.next().and_then(|w| w.parse().ok()).expect("a score");
    (ended, score)
}

/// Fairy-Stockfish's result for a game over at `fen` (pyffish's
/// `game_result`, for a position without legal moves): its score for the
/// side to move, 0 a draw, negative a loss.
pub fn fs_game_result(variant: &str, fen: &str) -> i64 {
    pyffish_prints(&format!("print(sf.game_result('{variant}', '{fen}', []))"))
        .parse()
        .expect("a score")
}

/// Fairy-Stockfish's result after playing `moves` from `fen` (pyffish's
/// `game_result`, whose history then holds those moves), for a game over
/// there: its score for the side to move, 0 a draw, negative a loss.
pub fn fs_game_result_after(variant: &str, fen: &str, moves: &[&str]) -> i64 {
    let moves: Vec<String> = moves.iter().map(|m| format!("'{m}'")).collect();
    pyffish_prints(&format!(
        "print(sf.game_result('{variant}', '{fen}', [{}]))",
        moves.join(", ")
    ))
    .parse()
    .expect("a score")
}

/// Whether our outcome is FS's verdict `(ended, score)` (a game end and
/// its score for `side`, the side to move: 0 a draw, above 0 a win):
/// ongoing where FS has no end, a draw where it scores 0, a win or loss
/// for the side its score says.
pub fn outcome_agrees(
    ours: &varia::vm::Outcome,
    side: varia::ir::piece::Color,
    (ended, score): (bool, i64),
) -> bool {
    use varia::vm::Outcome;
    match ours {
        Outcome::Ongoing => !ended,
        Outcome::Draw { .. } => ended && score == 0,
        Outcome::Decisive { winner, .. } if *winner == side => ended && score > 0,
        Outcome::Decisive { .. } => ended && score < 0,
    }
}

/// Whether the game may end at `pos` by a rule Fairy-Stockfish calls
/// optional, as its `is_optional_game_end` decides from a FEN alone (no
/// repetition): a count run out, the move rule, or Sittuyin's lone pawn
/// that can only promote; never when checkmated.
pub fn optional_end(pos: &Position) -> bool {
    let move_rule = pos.move_rule_reached();
    let mated = pos.is_check() && pos.legal_moves().unwrap().is_empty();
    let only_promotions = pos.only_promotions_result().unwrap().is_some();
    (pos.count_has_run_out() || move_rule || only_promotions) && !mated
}

/// Fairy-Stockfish's verdict after each move of `moves` played from `fen`
/// (pyffish's `is_optional_game_end`, with those moves as the history, as
/// FS judges repetitions): whether the game may end there, and its score
/// for the side to move (0 a draw, negative a loss), one per move.
pub fn fs_optional_game_ends(variant: &str, fen: &str, moves: &[&str]) -> Vec<(bool, i64)> {
    fs_optional_game_ends_in("", variant, fen, moves)
}

/// [`fs_optional_game_ends`] after loading `config`, `variants.ini`
/// sections (none when empty).
pub fn fs_optional_game_ends_in(
    config: &str,
    variant: &str,
    fen: &str,
    moves: &[&str],
) -> Vec<(bool, i64)> {
    assert!(!config.contains("'''"), "the config is quoted with '''");
    let moves: Vec<String> = moves.iter().map(|m| format!("'{m}'")).collect();
    let load = if config.is_empty() {
        String::new()
    } else {
        format!("sf.load_variant_config(r'''{config}''')\n")
    };
    let text = pyffish_prints(&format!(
        "{load}ms = [{}]\nfor i in range(len(ms)):\n    print(*sf.is_optional_game_end('{variant}', '{fen}', ms[:i + 1]))",
        moves.join(", ")
    ));
    verdicts(&text)
}

/// pyffish's game-end verdicts, one printed per line (`True -32000`):
/// whether the game is over, and its score for the side to move.
fn verdicts(text: &str) -> Vec<(bool, i64)> {
    text.lines()
        .map(|line| {
            let mut words = line.split_whitespace();
            let ended = words.next() == Some("True");
            let score = words.next().and_then(|w| w.parse().ok()).expect("a score");
            (ended, score)
        })
        .collect()
}

/// Fairy-Stockfish's verdict after each move of `moves` played from `fen`,
/// by the rules that end a game at once (pyffish's `is_immediate_game_end`,
/// with those moves as the history: passes, Janggi's bikjang): whether the
/// game is over there, and its score for the side to move.
pub fn fs_immediate_game_ends(variant: &str, fen: &str, moves: &[&str]) -> Vec<(bool, i64)> {
    let moves: Vec<String> = moves.iter().map(|m| format!("'{m}'")).collect();
    let text = pyffish_prints(&format!(
        "ms = [{}]\nfor i in range(len(ms)):\n    print(*sf.is_immediate_game_end('{variant}', '{fen}', ms[:i + 1]))",
        moves.join(", ")
    ));
    verdicts(&text)
}

/// What `tests/oracle/SCRIPT` (a Python oracle that prints one line per
/// game or position) prints when run with `args`; pyffish required.
pub fn oracle_script_output(script: &str, args: &[&str]) -> String {
    require_pyffish();
    let path = manifest_dir().join("tests/oracle").join(script);
    let out = Command::new("python3")
        .arg(&path)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run python3 ({e}); {INSTALL_HINT}"));
    assert!(
        out.status.success(),
        "{} failed ({}):\n{}",
        path.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("oracle output is UTF-8")
}

/// Fairy-Stockfish's legal moves at `fen` (pyffish's `legal_moves`), in
/// coordinate form.
pub fn fs_legal_moves(variant: &str, fen: &str) -> BTreeSet<String> {
    pyffish_prints(&format!("print(*sf.legal_moves('{variant}', '{fen}', []))"))
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Fairy-Stockfish's SAN of the move `mv` (coordinates) at `fen`
/// (pyffish's `get_san`).
pub fn fs_san(variant: &str, fen: &str, mv: &str) -> String {
    pyffish_prints(&format!("print(sf.get_san('{variant}', '{fen}', '{mv}'))"))
}

/// Fairy-Stockfish's FEN after playing `moves` from `fen` (pyffish's `get_fen`).
pub fn fs_fen_after(variant: &str, fen: &str, moves: &[&str]) -> String {
    let moves: Vec<String> = moves.iter().map(|m| format!("'{m}'")).collect();
    pyffish_prints(&format!(
        "print(sf.get_fen('{variant}', '{fen}', [{}]))",
        moves.join(", ")
    ))
}

fn check_pyffish() {
    let out = Command::new("python3")
        .args(["-c", "import pyffish"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run python3 ({e}); {INSTALL_HINT}"));
    if !out.status.success() {
        panic!(
            "python3 cannot import pyffish ({}); {INSTALL_HINT}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
}

/// How often the oracle prints a FEN: on a game's first position and every
/// `FEN_EVERY` plies; [`compare`] replays the games' moves in between. A
/// pyffish call costs about 2 ms, and this nearly halves the oracle's
/// calls; the FENs left are checked against the replayed positions, so
/// both our FEN reader and our move making are compared.
pub const FEN_EVERY: usize = 8;

/// One oracle position: its FEN (when printed), pyffish's legal moves
/// (coordinate form) and the move the game goes on with.
#[derive(Clone)]
pub struct OracleLine {
    /// The position, on a game's first ply and every [`FEN_EVERY`]-th
    /// (every ply with `--fen-every 1`).
    pub fen: Option<String>,
    /// pyffish's legal moves.
    pub moves: BTreeSet<String>,
    /// The move played from here (`None` when the game ends here: the next
    /// line starts a new game).
    pub next: Option<String>,
    /// With the oracle's `--optional-end`, on a line with a FEN: whether
    /// pyffish's `is_optional_game_end` says the game may end there (a
    /// count run out, the n-move rule).
    pub optional_end: Option<bool>,
}

impl OracleLine {
    /// The FEN of a line that has one (every line with `--fen-every 1`).
    pub fn fen(&self) -> &str {
        self.fen
            .as_deref()
            .expect("this oracle line has no FEN: ask the oracle for --fen-every 1")
    }
}

/// Runs the oracle script (`random_positions.py VARIANT COUNT SEED
/// --fen-every FEN_EVERY EXTRA…`; EXTRA may override `--fen-every`) and
/// parses its output.
pub fn oracle(variant: &str, count: usize, seed: u64, extra: &[&str]) -> Vec<OracleLine> {
    oracle_lines(variant, count, count, seed, extra)
}

/// `short` positions of 80-ply games (seed `seed`) and `long` ones of
/// 200-ply games (seed `seed + 1`), from one oracle process.
pub fn oracle_short_and_long(
    variant: &str,
    short: usize,
    long: usize,
    seed: u64,
) -> (Vec<OracleLine>, Vec<OracleLine>) {
    let (long_count, long_seed) = (long.to_string(), (seed + 1).to_string());
    let mut lines = oracle_lines(
        variant,
        short,
        short + long,
        seed,
        &["--also", &long_count, &long_seed, "200"],
    );
    let long_lines = lines.split_off(short);
    (lines, long_lines)
}

/// [`oracle`] for several variants from one oracle process: `count` lines
/// of each, in the order given.
pub fn oracle_many(
    variants: &[&str],
    count: usize,
    seed: u64,
    extra: &[&str],
) -> Vec<Vec<OracleLine>> {
    let mut lines = oracle_lines(
        &variants.join(","),
        count,
        count * variants.len(),
        seed,
        extra,
    );
    let mut out = Vec::new();
    for _ in variants {
        let rest = lines.split_off(count);
        out.push(lines);
        lines = rest;
    }
    out
}

/// [`oracle`], expecting `total` lines (`--also` prints more).
fn oracle_lines(
    variant: &str,
    count: usize,
    total: usize,
    seed: u64,
    extra: &[&str],
) -> Vec<OracleLine> {
    let (count, seed, every) = (count.to_string(), seed.to_string(), FEN_EVERY.to_string());
    let mut args = vec![variant, &count, &seed, "--fen-every", &every];
    args.extend_from_slice(extra);
    let text = oracle_script_output("random_positions.py", &args);
    let lines: Vec<OracleLine> = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let fields: Vec<&str> = line.split('\t').collect();
            let (fen, moves, next, optional_end) = match fields[..] {
                [fen, moves, next] => (fen, moves, next, None),
                [fen, moves, next, end] => (fen, moves, next, Some(end)),
                _ => panic!(
                    "oracle line {} has not 3 or 4 TAB-separated fields: {line:?}",
                    i + 1
                ),
            };
            OracleLine {
                fen: (fen != "-").then(|| fen.to_string()),
                moves: moves.split_ascii_whitespace().map(str::to_string).collect(),
                next: (!next.is_empty()).then(|| next.to_string()),
                optional_end: optional_end.and_then(|e| match e {
                    "1" => Some(true),
                    "0" => Some(false),
                    _ => None,
                }),
            }
        })
        .collect();
    assert_eq!(
        lines.len(),
        total,
        "the oracle printed the wrong number of lines"
    );
    lines
}

/// The drop `text` (`P@b2`) if it is one of a `no-mate` kind that
/// checkmates: legal for Fairy-Stockfish, which lets the dropper lose by
/// it, and forbidden by varia (shogi's uchifuzume).
fn forbidden_mating_drop(pos: &Position, text: &str) -> Option<varia::vm::Move> {
    let (letter, square) = text.split_once('@')?;
    let variant = pos.variant();
    let hands = variant.hands.as_ref()?;
    let letter = letter.chars().next()?.to_ascii_uppercase();
    let kind = (0..variant.pieces.len())
        .map(|k| varia::ir::piece::PieceKind(k as u8))
        .find(|k| variant.piece(*k).letter == letter && !variant.piece(*k).plus_mark)?;
    if !hands.no_mate[kind.0 as usize] {
        return None;
    }
    let to = variant.geometry.parse_square(square)?;
    let drop = varia::vm::Move::new(to, to, varia::vm::MoveKind::Drop(kind));
    let mut after = pos.clone();
    after.play_unchecked(drop);
    (after.is_check() && after.legal_moves().ok()?.is_empty()).then_some(drop)
}

/// Compares our legal moves with the oracle's on every line; panics with the
/// first 10 mismatches (of all of them).
///
/// A pawn drop that mates, which pyffish lists and a `no-mate` rule
/// forbids, is not a mismatch (see [`forbidden_mating_drop`]).
///
/// A line with a FEN is read with our FEN reader; a line without one is the
/// position the line before reaches with its `next` move, played by us. Where
/// a FEN follows a replayed move, the position we reached must be the one
/// the FEN describes (our FEN writer on both must agree).
pub fn compare(variant: &Arc<Variant>, lines: &[OracleLine]) {
    let mut mismatches = Vec::new();
    let mut replayed: Option<Position> = None;
    for (i, line) in lines.iter().enumerate() {
        let n = i + 1;
        let pos = match (&line.fen, replayed.take()) {
            (Some(fen), reached) => match Position::from_fen(variant, fen) {
                Ok(p) => {
                    if let Some(r) = reached.filter(|r| write_fen(r) != write_fen(&p)) {
                        mismatches.push(format!(
                            "line {n}: {fen}\n    the move before reaches {} instead",
                            write_fen(&r)
                        ));
                    }
                    p
                }
                Err(e) => {
                    mismatches.push(format!(
                        "line {n}: {fen}\n    our FEN reader rejects it: {e}"
                    ));
                    continue;
                }
            },
            (None, Some(p)) => p,
            // The line before went wrong: nothing to replay until the next FEN.
            (None, None) => continue,
        };
        let mut legal = pos.legal_moves().unwrap();
        let mut ours: Vec<String> = legal.iter().map(|&m| move_to_coord(&pos, m)).collect();
        let mut ours_set: BTreeSet<String> = ours.iter().cloned().collect();
        let duplicates = ours.len() != ours_set.len();
        // FS lists a pawn drop that mates, which `no-mate` forbids (FS
        // scores it as a loss for the dropper instead): such a move of
        // pyffish's alone is no mismatch, and a game may go on with it.
        if ours_set.is_subset(&line.moves) && !duplicates {
            for only_fs in line.moves.difference(&ours_set.clone()) {
                if let Some(drop) = forbidden_mating_drop(&pos, only_fs) {
                    legal.push(drop);
                    ours.push(only_fs.clone());
                    ours_set.insert(only_fs.clone());
                }
            }
        }
        if ours_set != line.moves || duplicates {
            mismatches.push(describe_mismatch(
                n, &pos, &ours, &ours_set, line, duplicates,
            ));
            continue;
        }
        if let Some(next) = &line.next {
            let at = ours
                .iter()
                .position(|m| m == next)
                .expect("next is a listed move");
            let mut reached = pos;
            reached.play_unchecked(legal[at]);
            replayed = Some(reached);
        }
    }
    if !mismatches.is_empty() {
        panic!(
            "{} of {} positions disagree with pyffish; the first {}:\n{}",
            mismatches.len(),
            lines.len(),
            mismatches.len().min(10),
            mismatches[..mismatches.len().min(10)].join("\n")
        );
    }
}

/// The text of one disagreement: the moves only one side lists, and a move
/// we list twice.
fn describe_mismatch(
    n: usize,
    pos: &Position,
    ours: &[String],
    ours_set: &BTreeSet<String>,
    line: &OracleLine,
    duplicates: bool,
) -> String {
    let only_ours: Vec<&str> = ours_set
        .difference(&line.moves)
        .map(|s| s.as_str())
        .collect();
    let only_theirs: Vec<&str> = line
        .moves
        .difference(ours_set)
        .map(|s| s.as_str())
        .collect();
    let fen = match &line.fen {
        Some(fen) => fen.clone(),
        None => format!("{} (replayed; our FEN)", write_fen(pos)),
    };
    let mut msg = format!(
        "line {n}: {fen}\n    only varia:   [{}]\n    only pyffish: [{}]",
        only_ours.join(" "),
        only_theirs.join(" ")
    );
    if duplicates {
        let mut sorted = ours.to_vec();
        sorted.sort();
        msg.push_str(&format!(
            "\n    varia lists a move twice: {}",
            sorted.join(" ")
        ));
    }
    msg
}

/// `compare` over `count` positions of seeded random games of up to 200
/// plies of the script and FS variant `name`, of which at least
/// `finished` are positions where the game is over (no legal moves): the
/// game-end rules are reached, not only the moves.
pub fn compare_long_games(name: &str, count: usize, seed: u64, finished: usize) {
    let variant = script(name);
    let lines = oracle(name, count, seed, &["--max-plies", "200"]);
    compare(&variant, &lines);
    let over = lines.iter().filter(|l| l.moves.is_empty()).count();
    assert!(over >= finished, "{name}: only {over} finished games");
}
