//! `varia match`, the arbiter, through the binary: fake engines that play
//! an illegal move, crash or hang (tests/fixtures/engines/), varia against
//! itself on variants no other match runner knows, opening files, and
//! short matches against Fairy-Max (XBoard) and Fairy-Stockfish (UCI),
//! which must be installed (Debian packages `fairymax`, `fairy-stockfish`).

use std::path::{Path, PathBuf};
use std::process::Output;

use varia::arbiter::openings::split_pgn_games;
use varia::game::Game;
use varia::notation::pgn::{parse_pgn, PgnGame};

use crate::common::bin::{stderr, stdout, temp_dir, varia};
use crate::common::oracle::script;

const VARIA: &str = env!("CARGO_BIN_EXE_varia");

fn fake(mode: &str) -> String {
    format!(
        "cmd='python3 {}/tests/fixtures/engines/uci_fake.py {mode}' name=fake",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// An outside engine's path; the test fails, saying what to install, when it is missing.
fn outside(program: &str, package: &str) -> String {
    let path = format!("/usr/games/{program}");
    assert!(
        Path::new(&path).exists(),
        "{path} is not installed: install it with `apt-get install {package}` (CI: .ci/run does)"
    );
    path
}

/// `varia match ARGS… --pgn FILE`: the output and the games of the file.
fn play(name: &str, args: &[&str]) -> (Output, Vec<PgnGame>) {
    let pgn: PathBuf = temp_dir("arbiter", name).join("games.pgn");
    let pgn_arg = pgn.display().to_string();
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--pgn", &pgn_arg]);
    let out = varia(&all);
    let text = std::fs::read_to_string(&pgn).unwrap_or_default();
    let mut games: Vec<PgnGame> = split_pgn_games(&text)
        .iter()
        .map(|g| parse_pgn(g).expect("the PGN reads back"))
        .collect();
    // Games are written as they end (in any order with --concurrency).
    games.sort_by_key(|g| g.tag("Round").and_then(|r| r.parse::<usize>().ok()));
    (out, games)
}

fn tag<'a>(game: &'a PgnGame, name: &str) -> &'a str {
    game.tag(name).unwrap_or_else(|| panic!("no {name} tag"))
}

/// The W-L-D of `engine` from the games' tags, as the summary prints it.
fn score_from_tags(games: &[PgnGame], engine: &str) -> String {
    let (mut w, mut l, mut d) = (0, 0, 0);
    for g in games {
        let white = tag(g, "White") == engine;
        match (tag(g, "Result"), white) {
            ("1-0", true) | ("0-1", false) => w += 1,
            ("1-0", false) | ("0-1", true) => l += 1,
            ("1/2-1/2", _) => d += 1,
            (r, _) => panic!("unfinished game {r}"),
        }
    }
    format!("Score: {w}-{l}-{d} (W-L-D)")
}

/// Every game replays in the variant, its Result tag is its result
/// token, its movetext result agrees, the colours alternate with the
/// rounds, and the summary's score is the tags' score.
fn check_games(
    out: &Output,
    games: &[PgnGame],
    variant: &str,
    first: &str,
    second: &str,
    count: usize,
) {
    assert!(out.status.success(), "{}{}", stdout(out), stderr(out));
    assert_eq!(games.len(), count, "{}", stderr(out));
    let variant = script(variant);
    for (i, g) in games.iter().enumerate() {
        Game::from_pgn(&variant, g).expect("the moves replay");
        assert_eq!(tag(g, "Result"), g.result);
        assert_eq!(tag(g, "Round"), (i + 1).to_string());
        let (white, black) = if i % 2 == 0 {
            (first, second)
        } else {
            (second, first)
        };
        assert_eq!((tag(g, "White"), tag(g, "Black")), (white, black));
        assert_eq!(tag(g, "Variant"), variant.name);
    }
    let summary = stdout(out);
    let expected = format!("{}, ", score_from_tags(games, first));
    assert!(summary.contains(&expected), "{summary}");
    assert!(summary.contains(&format!("({count} games)")), "{summary}");
}

/// The last line of the movetext: the reason comment and the result.
fn ending(pgn_text_game: &PgnGame) -> String {
    format!(
        "{} {}",
        tag(pgn_text_game, "Termination"),
        pgn_text_game.result
    )
}

/// `varia xboard` (vx, White in game 1) against `varia uci` (vu) on
/// `scripts/SCRIPT.variant` at depth 1, adjudicated after `max_plies`.
fn xboard_against_uci(name: &str, script: &str, max_plies: &str) -> (Output, Vec<PgnGame>) {
    let path = crate::common::oracle::script_path(script);
    let xb = format!("cmd='{VARIA} xboard {path}' proto=xboard name=vx");
    let uci = format!("cmd='{VARIA} uci {path}' name=vu");
    let args = [
        &path,
        "--engine",
        &xb,
        "--engine",
        &uci,
        "--depth",
        "1",
        "--max-plies",
        max_plies,
    ];
    play(name, &args)
}

/// A match of the fake engine in `mode` (White in game 1) against `varia
/// uci` on chess, with the limits `limits`.
fn fake_against_varia(mode: &str, limits: &[&str]) -> (Output, Vec<PgnGame>) {
    let varia_engine = format!("cmd='{VARIA} uci' name=varia");
    let fake_engine = fake(mode);
    let mut args = vec!["chess", "--engine", &fake_engine, "--engine", &varia_engine];
    args.extend_from_slice(limits);
    let (out, games) = play(mode, &args);
    check_games(&out, &games, "chess", "fake", "varia", 2);
    (out, games)
}

#[test]
fn an_illegal_move_loses_with_the_reason_in_the_pgn() {
    let (out, games) = fake_against_varia("illegal", &["--depth", "1"]);
    assert_eq!(ending(&games[0]), "rules infraction 0-1");
    assert!(games[0].moves.is_empty());
    assert_eq!(ending(&games[1]), "rules infraction 1-0");
    assert_eq!(games[1].moves.len(), 1);
    let progress = stderr(&out);
    assert!(progress.contains("Finished game 1 (fake vs varia): 0-1 {White makes an illegal move: e2e5}; score of fake vs varia: 0-1-0 (1/2)"), "{progress}");
    assert!(progress.contains("Finished game 2 (varia vs fake): 1-0 {Black makes an illegal move: e2e5}; score of fake vs varia: 0-2-0 (2/2)"), "{progress}");
    assert!(stdout(&out)
        .contains("Score: 0-2-0 (W-L-D), 0.0% (2 games), draws 0.0%, Elo difference -inf (95%)"));
}

#[test]
fn a_crashed_engine_loses_and_is_restarted_for_the_next_game() {
    let (out, games) = fake_against_varia("crash", &["--depth", "1"]);
    // Game 1: the fake plays e4, then crashes on its second move.
    assert_eq!(games[0].moves[0], "e4");
    assert_eq!(games[0].moves.len(), 2);
    assert_eq!(ending(&games[0]), "abandoned 0-1");
    // Game 2: a new process plays one move again (e5), then crashes.
    assert_eq!(games[1].moves.len(), 3);
    assert_eq!(games[1].moves[1], "e5");
    assert_eq!(ending(&games[1]), "abandoned 1-0");
    assert!(stderr(&out).contains("{Black loses: its engine crashed (its process ended)}"));
}

#[test]
fn an_engine_that_never_answers_loses_on_time() {
    let (out, games) = fake_against_varia("hang", &["--tc", "0.2+0"]);
    assert_eq!(ending(&games[0]), "time forfeit 0-1");
    assert_eq!(ending(&games[1]), "time forfeit 1-0");
    assert_eq!(tag(&games[0], "TimeControl"), "0.2+0");
    assert!(stderr(&out).contains("{White loses on time (no move)}"));
}

#[test]
fn xboard_claims_are_checked_and_the_lines_sent_are_cecp() {
    let dir = temp_dir("arbiter", "xboard-log");
    let log = dir.join("sent.txt");
    let engine = format!(
        "cmd='python3 {}/tests/fixtures/engines/xboard_fake.py {}' name=x",
        env!("CARGO_MANIFEST_DIR"),
        log.display()
    );
    let varia_engine = format!("cmd='{VARIA} uci' name=varia");
    let (out, games) = play(
        "xboard",
        &[
            "chess",
            "--engine",
            &engine,
            "--engine",
            &varia_engine,
            "--depth",
            "1",
            // The protocols in the engines' order (or proto= in each).
            "--protocol",
            "xboard",
            "--protocol",
            "uci",
        ],
    );
    check_games(&out, &games, "chess", "x", "varia", 2);
    // As White it claims a draw at the start: false, it loses.
    assert_eq!(ending(&games[0]), "rules infraction 0-1");
    // As Black it resigns.
    assert_eq!(ending(&games[1]), "normal 1-0");
    let varia_first = Game::from_pgn(&script("chess"), &games[1]).unwrap();
    let first_move =
        varia::notation::coord::move_to_coord(varia_first.start(), varia_first.moves()[0]);
    let sent = std::fs::read_to_string(&log).unwrap();
    let handshake = "xboard\nprotover 2\naccepted myname\naccepted setboard\naccepted usermove\n\
                     accepted ping\naccepted variants\neasy\nnopost\n";
    let expected = format!(
        "{handshake}quit\n{handshake}new\nforce\nsd 1\nping 1\nforce\ngo\n\
         result 0-1 {{White makes a false claim: 1/2-1/2 (I claim a draw)}}\n\
         new\nforce\nsd 1\nping 2\nforce\nusermove {first_move}\ngo\nresult 1-0 {{Black resigns}}\nquit\n"
    );
    assert_eq!(sent, expected);
}

#[test]
fn varia_against_itself_on_grand_betza_and_balbo() {
    let gb = format!("{}/scripts/grand-betza.variant", env!("CARGO_MANIFEST_DIR"));
    let deep = format!("cmd='{VARIA} uci {gb}' name=d2 depth=2");
    let shallow = format!("cmd='{VARIA} uci {gb}' name=d1");
    let (out, games) = play(
        "grand-betza",
        &[
            &gb,
            "--engine",
            &deep,
            "--engine",
            &shallow,
            "--depth",
            "1",
            "--max-plies",
            "16",
        ],
    );
    check_games(&out, &games, "grand-betza", "d2", "d1", 2);
    for g in &games {
        assert_eq!(g.moves.len(), 16);
        assert_eq!(ending(g), "adjudication 1/2-1/2");
    }
    assert!(stdout(&out).contains(
        "Score: 0-0-2 (W-L-D), 50.0% (2 games), draws 100.0%, Elo difference +0.0 +/- 0.0 (95%)"
    ));
    // XBoard against UCI, both varia, on Balbo.
    let (out, games) = xboard_against_uci("balbo", "balbo", "16");
    check_games(&out, &games, "balbo", "vx", "vu", 2);
}

/// Over XBoard, a ten-rank board has ranks 0 to 9 and `grand-betza` is
/// offered as `grandbetza`: the arbiter speaks the engine's dialect (every
/// move of 12 plies from rank 1 or to rank 10 goes through it).
#[test]
fn xboard_against_uci_on_a_ten_rank_board() {
    let (out, games) = xboard_against_uci("grand-betza-xboard", "grand-betza", "12");
    check_games(&out, &games, "grand-betza", "vx", "vu", 2);
    for g in &games {
        assert_eq!(ending(g), "adjudication 1/2-1/2", "{}", stderr(&out));
        assert_eq!(g.moves.len(), 12);
    }
}

#[test]
fn each_opening_of_a_file_is_played_with_both_colours() {
    let dir = temp_dir("arbiter", "openings");
    let epd = dir.join("openings.epd");
    std::fs::write(
        &epd,
        "# two positions\n4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; id \"pawn\";\n\
         4k3/4p3/8/8/8/8/8/4K3 b - - 0 1\n",
    )
    .unwrap();
    let v = format!("cmd='{VARIA} uci' name=a");
    let w = format!("cmd='{VARIA} uci' name=b");
    let epd_arg = epd.display().to_string();
    let args = [
        "chess",
        "--engine",
        &v,
        "--engine",
        &w,
        "--depth",
        "1",
        "--max-plies",
        "4",
    ];
    let (out, games) = play(
        "openings-epd",
        &[&args[..], &["--games", "4", "--openings", &epd_arg]].concat(),
    );
    check_games(&out, &games, "chess", "a", "b", 4);
    let fens: Vec<&str> = games.iter().map(|g| tag(g, "FEN")).collect();
    assert_eq!(
        fens,
        [
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "4k3/4p3/8/8/8/8/8/4K3 b - - 0 1",
            "4k3/4p3/8/8/8/8/8/4K3 b - - 0 1"
        ]
    );
    // A PGN opening: its moves come first in both games.
    let pgn = dir.join("openings.pgn");
    std::fs::write(
        &pgn,
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"y\"]\n\n1. d4 *\n",
    )
    .unwrap();
    let pgn_arg = pgn.display().to_string();
    let (out, games) = play(
        "openings-pgn",
        &[&args[..], &["--games", "4", "--openings", &pgn_arg]].concat(),
    );
    check_games(&out, &games, "chess", "a", "b", 4);
    for (g, opening) in games.iter().zip([
        &["e4", "e5", "Nf3"][..],
        &["e4", "e5", "Nf3"],
        &["d4"],
        &["d4"],
    ]) {
        assert_eq!(&g.moves[..opening.len()], opening);
        assert_eq!(g.moves.len(), opening.len() + 4);
        assert_eq!(g.tag("FEN"), None);
    }
}

#[test]
fn random_openings_are_seeded_and_shared_by_both_colours_on_two_threads() {
    let v = format!("cmd='{VARIA} uci' name=a");
    let w = format!("cmd='{VARIA} uci' name=b");
    let args = [
        "chess",
        "--engine",
        &v,
        "--engine",
        &w,
        "--depth",
        "1",
        "--max-plies",
        "1",
        "--random-plies",
        "3",
        "--seed",
        "7",
        "--games",
        "4",
        "--concurrency",
        "2",
    ];
    let (out, games) = play("random-1", &args);
    check_games(&out, &games, "chess", "a", "b", 4);
    assert_eq!(games[0].moves[..3], games[1].moves[..3]);
    assert_eq!(games[2].moves[..3], games[3].moves[..3]);
    assert_ne!(games[0].moves[..3], games[2].moves[..3]);
    let (_, again) = play("random-2", &args);
    assert_eq!(again[0].moves[..3], games[0].moves[..3]);
    assert_eq!(again[2].moves[..3], games[2].moves[..3]);
}

#[test]
fn short_matches_against_fairy_max_on_chess_and_berolina() {
    let fmax = format!(
        "cmd={} proto=xboard name=fmax",
        outside("fairymax", "fairymax")
    );
    let v = format!("cmd='{VARIA} uci' name=varia");
    let (out, games) = play(
        "fmax-chess",
        &[
            "chess",
            "--engine",
            &fmax,
            "--engine",
            &v,
            "--depth",
            "2",
            "--max-plies",
            "30",
        ],
    );
    check_games(&out, &games, "chess", "fmax", "varia", 2);
    let berolina = format!("{}/scripts/berolina.variant", env!("CARGO_MANIFEST_DIR"));
    let v = format!("cmd='{VARIA} uci {berolina}' name=varia");
    let (out, games) = play(
        "fmax-berolina",
        &[
            &berolina,
            "--engine",
            &fmax,
            "--engine",
            &v,
            "--depth",
            "2",
            "--max-plies",
            "30",
        ],
    );
    check_games(&out, &games, "berolina", "fmax", "varia", 2);
}

#[test]
fn a_short_match_against_fairy_stockfish_on_chess() {
    let fsf = format!(
        "cmd={} name=fsf option.Hash=16",
        outside("fairy-stockfish", "fairy-stockfish")
    );
    let v = format!("cmd='{VARIA} xboard' proto=xboard name=varia");
    let (out, games) = play(
        "fsf",
        &[
            "chess",
            "--engine",
            &fsf,
            "--engine",
            &v,
            "--tc",
            "30+0.1",
            "--depth",
            "2",
            "--max-plies",
            "30",
        ],
    );
    // A clock (`go wtime …`, `time`/`otim`), the moves limited by depth.
    check_games(&out, &games, "chess", "fsf", "varia", 2);
    assert_eq!(tag(&games[0], "TimeControl"), "30+0.1");
}

#[test]
fn bad_arguments_are_refused() {
    let v = format!("cmd='{VARIA} uci' name=varia");
    let cases: [(&[&str], i32, &str); 9] = [
        (&["match", "chess", "--engine", &v, "--engine", &v, "--depth", "1", "--protocol", "winboard"], 2,
         "error: --protocol winboard: use uci or xboard\n"),
        (&["match", "chess", "--engine", &v, "--depth", "1"], 2,
         "error: a match is between two engines: give --engine twice (given 1 times)\n"),
        (&["match", "chess", "--engine", &v, "--engine", &v], 2,
         "error: engine `varia` has no limit: give --tc, --st or --depth (or its own st= or depth=)\n"),
        (&["match", "chess", "--engine", &v, "--engine", "cmd=x proto=y", "--depth", "1"], 2,
         "error: bad engine `cmd=x proto=y`: protocol `y`: use uci or xboard\n"),
        (&["match", "chess", "--engine", &v, "--engine", &v, "--tc", "0+1"], 2,
         "error: bad time control `0+1`: write SECONDS+INCREMENT (10+0.1), MOVES/SECONDS+INCREMENT (40/60+0) or SECONDS\n"),
        (&["match", "chess", "--engine", &v, "--engine", "cmd=/nonexistent/engine name=ghost", "--depth", "1"], 1,
         "error: engine `ghost`: cannot start `/nonexistent/engine`: No such file or directory (os error 2)\n"),
        (
            &["match", "chess", "--engine", &v, "--engine", &v, "--depth", "1", "--openings", "/nonexistent.epd"],
            1,
            "error: cannot read /nonexistent.epd: No such file or directory (os error 2)\n",
        ),
        // A script that does not load is reported first, whatever else is wrong.
        (&["match", "/nonexistent.variant", "--engine", &v, "--engine", &v], 1,
         "error: cannot read /nonexistent.variant: No such file or directory (os error 2)\n"),
        (
            &["match", "chess", "--engine", &v, "--engine", &v, "--depth", "1", "--openings", "x.epd", "--random-plies", "2"],
            2,
            "error: give --openings or --random-plies, not both\n",
        ),
    ];
    for (args, code, message) in cases {
        let out = varia(args);
        assert_eq!(
            (out.status.code(), stderr(&out).as_str()),
            (Some(code), message),
            "{args:?}"
        );
        assert_eq!(stdout(&out), "");
    }
}

/// One opening position played with both colours by two `varia uci`.
fn from_position(name: &str, script_arg: &str, fen: &str) -> (Output, Vec<PgnGame>) {
    // `play` empties its own folder: the opening file lives in another.
    let dir = temp_dir("arbiter", &format!("{name}-opening"));
    let epd = dir.join("start.fen");
    std::fs::write(&epd, format!("{fen}\n")).unwrap();
    let a = format!("cmd='{VARIA} uci {script_arg}' name=a");
    let b = format!("cmd='{VARIA} uci {script_arg}' name=b");
    let epd = epd.display().to_string();
    play(
        name,
        &[
            script_arg,
            "--engine",
            &a,
            "--engine",
            &b,
            "--depth",
            "2",
            "--openings",
            &epd,
        ],
    )
}

#[test]
fn the_scripts_own_game_ends_are_adjudicated() {
    // Rh8 mates (the a8 king's squares a7, b7, b8 are covered): both
    // engines find it with White, so each wins once.
    let (out, games) = from_position("mate", "chess", "k7/8/1K6/8/8/8/8/7R w - - 0 1");
    check_games(&out, &games, "chess", "a", "b", 2);
    for g in &games {
        assert_eq!(g.moves, ["Rh8#"]);
        assert_eq!(ending(g), "normal 1-0");
    }
    assert!(stderr(&out).contains("Finished game 2 (b vs a): 1-0 {White wins: checkmate}"));
    assert!(stdout(&out).contains("Score: 1-1-0 (W-L-D), 50.0% (2 games)"));
    // King of the hill: the rooks on a2 and a3 and the bishop on h6 leave
    // the checked king on e3 only d4 and e4, both on the hill: it wins.
    let koth = format!(
        "{}/scripts/fairy-stockfish/kingofthehill.variant",
        env!("CARGO_MANIFEST_DIR")
    );
    let (out, games) = from_position("koth", &koth, "7k/8/7b/8/8/r3K3/r7/8 w - - 0 1");
    check_games(&out, &games, "kingofthehill", "a", "b", 2);
    for g in &games {
        assert_eq!(g.moves.len(), 1);
        assert_eq!(ending(g), "normal 1-0");
    }
    let progress = stderr(&out);
    assert!(
        progress.contains("1-0 {White wins: White's King reached the region `hill`}"),
        "{progress}"
    );
}
