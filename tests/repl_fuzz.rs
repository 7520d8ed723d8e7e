//! Nothing typed into the REPL panics: random lines (commands with random
//! arguments, move-like tokens, random bytes) in every seed variant,
//! through `Session::execute`. Alone in its test binary (not in `tests/it/`)
//! because it changes the working directory of the whole process (`save`
//! may write files).

#[path = "it/common/rng.rs"]
mod rng;

use rng::Rng;
use varia::repl::Session;

const WORDS: &[&str] = &[
    "help",
    "board",
    "moves",
    "undo",
    "redo",
    "new",
    "fen",
    "pgn",
    "save",
    "open",
    "perft",
    "flip",
    "go",
    "play",
    "level",
    "hint",
    "pv",
    "white",
    "black",
    "both",
    "none",
    "depth",
    "time",
    "on",
    "off",
    "e4",
    "Nf3",
    "O-O",
    "O-O-O",
    "0-0",
    "e8=Q",
    "exd5",
    "a10a9",
    "e7e8q",
    "Ra10",
    "x",
    "=",
    "+",
    "#",
    "-",
    "1",
    "2",
    "0",
    "99999999999999999999",
    "-1",
    "1.5",
    "a1",
    "p16",
    "z99",
    "K",
    "Q",
    "e",
    "8",
    "/",
    "w",
    "b",
    "KQkq",
    "rnbqkbnr/pppppppp/8/8",
    "é",
    "♔",
    "\t",
    "  ",
    "\u{3000}",
    "e2e4",
    "Nbd7",
    "R1a3",
    "P",
    "=Q",
    "e.p.",
    "??",
    "!",
];

fn random_line(rng: &mut Rng) -> String {
    let n = 1 + rng.next() % 4;
    let mut parts = Vec::new();
    for _ in 0..n {
        if rng.next().is_multiple_of(5) {
            let len = rng.next() % 8;
            let s: String = (0..len)
                .map(|_| char::from_u32((rng.next() % 0x250) as u32).unwrap_or('?'))
                .collect();
            parts.push(s);
        } else {
            parts.push(rng.pick(WORDS).to_string());
        }
    }
    let line = parts.join(if rng.next().is_multiple_of(3) {
        ""
    } else {
        " "
    });
    // Keep the computer and perft quick; never quit.
    match line.split_whitespace().next() {
        Some("perft") => "perft 2".to_string(),
        Some("level") => "level 1".to_string(),
        Some(w) if w.eq_ignore_ascii_case("quit") => "board".to_string(),
        _ => line,
    }
}

#[test]
fn random_lines_never_panic() {
    let dir = std::env::temp_dir().join(format!("varia-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    std::env::set_current_dir(&dir).expect("cd");
    let root = env!("CARGO_MANIFEST_DIR");
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    for name in [
        "chess",
        "berolina",
        "berolina-plus",
        "diamond",
        "balbo",
        "grand-betza",
    ] {
        let mut s = Session::new(&format!("{root}/scripts/{name}.variant")).expect("loads");
        let mut sink = Vec::new();
        s.execute("level 1", &mut sink);
        for _ in 0..400 {
            let line = random_line(&mut rng);
            sink.clear();
            s.execute(&line, &mut sink);
            // Random legal moves too, so games advance.
            if rng.next().is_multiple_of(2) {
                let moves = s.position().legal_moves().unwrap();
                if !moves.is_empty() {
                    let m = moves[(rng.next() % moves.len() as u64) as usize];
                    let san = varia::notation::san::move_to_san(s.position(), m);
                    s.execute(&san, &mut sink);
                }
            }
        }
    }
}
