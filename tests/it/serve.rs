//! `varia serve` (issue 17): the HTTP server and its JSON API, talked to
//! over real sockets (a small HTTP/1.0 client on `TcpStream` below): what
//! it serves and refuses (path traversal, body size, malformed requests,
//! bursts), the API's answers on chess and xiangqi, the edit pane's
//! scripts under the usual limits, and every error as JSON.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use varia::serve::{scripts_from_arg, Server, MAX_BODY};

fn start() -> Server {
    let scripts = scripts_from_arg(Some("scripts")).unwrap();
    Server::start(scripts, IpAddr::V4(Ipv4Addr::LOCALHOST), 0).unwrap()
}

/// Sends raw bytes, reads the whole answer: status and body. The requests
/// below are HTTP/1.0, so that the answer ends with the connection and is
/// never chunked.
fn raw(addr: SocketAddr, request: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream.write_all(request).unwrap();
    // Nothing more comes: a request cut short ends here for the server too.
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    raw(
        addr,
        format!("GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").as_bytes(),
    )
}

fn post(addr: SocketAddr, path: &str, body: &str) -> (u16, String) {
    raw(
        addr,
        format!(
            "POST {path} HTTP/1.0\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    )
}

/// An API call that must succeed: its JSON answer.
fn call(addr: SocketAddr, name: &str, body: Value) -> Value {
    let (status, text) = post(addr, &format!("/api/{name}"), &body.to_string());
    assert_eq!(status, 200, "{name} {body}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// An API call that must fail: its status and error message.
fn refused(addr: SocketAddr, name: &str, body: Value) -> (u16, String) {
    let (status, text) = post(addr, &format!("/api/{name}"), &body.to_string());
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
    (status, v["error"].as_str().unwrap().to_string())
}

fn open(addr: SocketAddr, script: &str) -> (u64, Value) {
    let v = call(addr, "open", json!({ "script": script }));
    (v["session"].as_u64().unwrap(), v)
}

fn strings(v: &Value) -> Vec<String> {
    let mut list: Vec<String> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    list.sort();
    list
}

#[test]
fn the_command_listens_on_loopback_only_by_default() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(["serve", "scripts", "--port", "0"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = Vec::new();
    let mut stdout = child.stdout.take().unwrap();
    let mut byte = [0u8];
    while stdout.read(&mut byte).unwrap_or(0) == 1 && byte[0] != b'\n' {
        line.push(byte[0]);
    }
    let line = String::from_utf8(line).unwrap();
    let url = line
        .strip_prefix("varia serve: open http://127.0.0.1:")
        .unwrap_or_else(|| panic!("{line}"));
    let port: u16 = url.split('/').next().unwrap().parse().unwrap();
    let (status, body) = get(SocketAddr::from(([127, 0, 0, 1], port)), "/api/scripts");
    child.kill().unwrap();
    let _ = child.wait();
    assert_eq!(status, 200);
    assert!(body.contains("\"xiangqi\""), "{body}");
    assert!(line.ends_with("(Ctrl-C stops it)"), "{line}");
}

#[test]
fn a_bad_bind_address_or_script_is_refused_with_a_message() {
    let out = crate::common::bin::varia(&["serve", "--bind", "localhost:80", "--port", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        crate::common::bin::stderr(&out),
        "error: --bind takes an IP address (127.0.0.1, ::1, 0.0.0.0), not localhost:80\n"
    );
    let out = crate::common::bin::varia(&["serve", "no/such/thing", "--port", "0"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        crate::common::bin::stderr(&out),
        "error: no/such/thing is neither a script, a folder of scripts nor a built-in script\n"
    );
}

#[test]
fn it_serves_its_own_assets_and_nothing_else_from_disk() {
    let server = start();
    let a = server.addr();
    assert!(server.url().starts_with("http://127.0.0.1:"));
    let (status, page) = get(a, "/");
    assert_eq!(status, 200);
    assert!(page.contains(r#"<script src="/app.js"></script>"#));
    assert!(
        !page.contains("http://") && !page.contains("https://"),
        "no CDN"
    );
    assert_eq!(get(a, "/app.js").0, 200);
    assert_eq!(get(a, "/style.css").0, 200);
    for path in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/%2E%2E%2FCargo.toml",
        "/..%2f..%2fetc%2fpasswd",
        "/scripts/../Cargo.toml",
        "/scripts/chess.variant",
        "/app.js/../../Cargo.toml",
        "/doc/../../Cargo.toml",
        "/doc/%2e%2e%2fCargo.toml",
        "//etc/passwd",
        "/api/../Cargo.toml",
    ] {
        let (status, body) = get(a, path);
        assert!(status == 404 || status == 405, "{path}: {status}");
        let v: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{path}: {body}"));
        assert!(v["error"].is_string(), "{path}: {body}");
        assert!(
            !body.contains("[package]") && !body.contains("root:"),
            "{path}"
        );
    }
    // A page elsewhere cannot use it: another host name (DNS rebinding), a form post.
    let (status, body) = raw(a, b"GET / HTTP/1.0\r\nHost: evil.example:80\r\n\r\n");
    assert_eq!(status, 403);
    let v: Value = serde_json::from_str(&body).unwrap();
    let port = a.port();
    assert_eq!(
        v["error"],
        format!("this server answers only to 127.0.0.1:{port}, localhost:{port}, [::1]:{port}")
    );
    assert_eq!(
        raw(
            a,
            format!("GET / HTTP/1.0\r\nHost: localhost:{port}\r\n\r\n").as_bytes()
        )
        .0,
        200
    );
    let json = r#"{"script": "chess"}"#;
    let form = format!(
        "POST /api/open HTTP/1.0\r\nHost: {a}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n{json}",
        json.len()
    );
    let (status, body) = raw(a, form.as_bytes());
    assert_eq!(status, 415);
    assert!(body.contains("API calls send JSON (Content-Type: application/json)"));
    // Scripts are opened by their names in the folder, never by path.
    for script in [
        "../Cargo",
        "../scripts/chess",
        "scripts/chess",
        "/etc/passwd",
        "chess.variant",
    ] {
        let (status, message) = refused(a, "open", json!({ "script": script }));
        assert_eq!(status, 404, "{script}");
        assert_eq!(
            message,
            format!("no script `{script}` is offered (see /api/scripts)")
        );
    }
    server.stop();
}

#[test]
fn request_bodies_are_limited_in_size() {
    let server = start();
    let a = server.addr();
    // Announced larger than the limit: refused before it is read.
    let (status, body) = raw(
        a,
        format!(
            "POST /api/open HTTP/1.1\r\nHost: {a}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{{",
            MAX_BODY + 1
        )
        .as_bytes(),
    );
    assert_eq!(status, 413);
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        v["error"],
        format!("the request body is larger than {MAX_BODY} bytes")
    );
    // A script over the script size limit, within the body limit, gets the usual diagnostic.
    let big = format!(
        "# {}\n",
        "x".repeat(varia::syntax::limits::MAX_SCRIPT_BYTES)
    );
    let (status, body) = post(a, "/api/open", &json!({ "text": big }).to_string());
    assert_eq!(status, 422);
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        v["diagnostics"][0]["message"],
        "the script is larger than 1048576 bytes (1 MiB)"
    );
    server.stop();
}

#[test]
fn malformed_requests_and_a_thousand_rapid_ones_do_not_crash_it() {
    let server = start();
    let a = server.addr();
    for junk in [
        &b"\x00\x01\x02garbage\r\n\r\n"[..],
        b"GET\r\n\r\n",
        b"GET / HTTP/9.9\r\n\r\n",
        b"POST /api/open HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
        b"POST /api/open HTTP/1.1\r\nContent-Length: 10\r\n\r\n{\"scr",
        b"GET / HTTP/1.1\r\nno colon here\r\n\r\n",
        "GET /é\u{0} HTTP/1.1\r\n\r\n".as_bytes(),
    ] {
        let _ = raw(a, junk);
    }
    for (body, message) in [
        (
            "{",
            "the request body is not JSON: EOF while parsing an object at line 1 column 1",
        ),
        ("[1, 2]", "the request body must be a JSON object"),
        ("{\"script\": 5}", "the request needs `script`, a string"),
    ] {
        let (status, text) = post(a, "/api/open", body);
        assert_eq!(status, 400, "{body}");
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["error"], message);
    }
    let started = Instant::now();
    let threads: Vec<_> = (0..4)
        .map(|_| {
            std::thread::spawn(move || {
                (0..250)
                    .map(|_| get(a, "/api/scripts"))
                    .filter(|(status, body)| *status == 200 && body.contains("\"balbo\""))
                    .count()
            })
        })
        .collect();
    let ok: usize = threads.into_iter().map(|t| t.join().unwrap()).sum();
    assert_eq!(ok, 1000, "in {:?}", started.elapsed());
    let (_, v) = open(a, "chess");
    assert_eq!(v["legal_moves"], 20);
    server.stop();
}

#[test]
fn every_api_error_is_json_with_a_message() {
    let server = start();
    let a = server.addr();
    let (id, _) = open(a, "chess");
    let cases = [
        ("nosuch", json!({ "session": id }), 404, "no API call `nosuch`".to_string()),
        ("state", json!({}), 400, "the request needs `session`, a number".to_string()),
        (
            "state",
            json!({ "session": 999 }),
            404,
            "no session 999 (the server was restarted, or the session was forgotten): reload the page".to_string(),
        ),
        ("select", json!({ "session": id, "square": "z9" }), 400, "z9 is not a square of this board".to_string()),
        ("select", json!({ "session": id, "square": "e4" }), 400, "no piece on e4".to_string()),
        ("play", json!({ "session": id, "move": "e2e5" }), 400, "cannot play e2e5: no legal move fits".to_string()),
        ("fen", json!({ "session": id, "fen": "8/8 w" }), 400, String::new()),
        ("computer", json!({ "session": id, "depth": 0 }), 400, "`depth` is a whole number from 1 to 60".to_string()),
        ("computer", json!({ "session": id, "time": 3601 }), 400, "`time` is seconds, more than 0 and at most 60".to_string()),
        ("show", json!({ "session": id, "piece": "Dragon" }), 400, "no piece `Dragon` here".to_string()),
        ("show", json!({ "session": id, "piece": "N", "prefix": "\"><script>" }), 400, "`prefix` is at most 32 letters, digits and `-`".to_string()),
        ("select", json!({ "session": id, "square": "e2", "position": "later" }), 400, "`position` is current or start, not later".to_string()),
        ("show", json!({ "session": id, "piece": "N", "color": "red" }), 400, "`color` is white or black, not red".to_string()),
    ];
    for (name, body, status, message) in cases {
        let (got_status, got) = refused(a, name, body.clone());
        assert_eq!(got_status, status, "{name} {body}: {got}");
        if message.is_empty() {
            assert!(got.starts_with("bad FEN: "), "{got}");
        } else {
            assert_eq!(got, message, "{name} {body}");
        }
    }
    let (status, body) = get(a, "/api/state");
    assert_eq!(status, 405);
    assert!(body.starts_with("{\"error\":"), "{body}");
    // Nothing changed.
    assert_eq!(
        call(a, "state", json!({ "session": id }))["legal_moves"],
        20
    );
    server.stop();
}

#[test]
fn a_clicked_piece_gets_its_legal_moves_and_a_clicked_target_plays() {
    let server = start();
    let a = server.addr();
    let (id, start) = open(a, "chess");
    assert_eq!(
        start["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(start["to_move"], "white");
    assert_eq!(start["to_move_name"], "White");
    assert!(start["svg"].as_str().unwrap().starts_with("<svg"));
    let knight = call(a, "select", json!({ "session": id, "square": "g1" }));
    assert_eq!(strings(&knight["marks"]["move"]), ["f3", "h3"]);
    assert_eq!(knight["targets"]["f3"][0]["move"], "g1f3");
    assert_eq!(knight["targets"]["f3"][0]["san"], "Nf3");
    assert!(knight["explain"]
        .as_str()
        .unwrap()
        .starts_with("The Knight (N, Betza `N`)"));
    // 1. e4 d5: the pawn on e4 may capture on d5 or go on to e5.
    for mv in ["e2e4", "d5"] {
        call(a, "play", json!({ "session": id, "move": mv }));
    }
    let pawn = call(a, "select", json!({ "session": id, "square": "e4" }));
    assert_eq!(strings(&pawn["marks"]["move"]), ["e5"]);
    assert_eq!(strings(&pawn["marks"]["capture"]), ["d5"]);
    // The rook on a1 is blocked by its own pawn; Black's pieces show their moves too, with no targets now.
    let rook = call(a, "select", json!({ "session": id, "square": "a1" }));
    assert_eq!(strings(&rook["marks"]["block"]), ["a2", "b1"]);
    let black = call(a, "select", json!({ "session": id, "square": "d8" }));
    assert_eq!(strings(&black["marks"]["move"]), ["d6", "d7"]);
    assert_eq!(black["targets"], json!({}));
    // The start position's diagram (the rules page's): the e2 pawn's moves, nothing playable now.
    let at_start = call(
        a,
        "select",
        json!({ "session": id, "square": "e2", "position": "start", "prefix": "setup-" }),
    );
    assert_eq!(strings(&at_start["marks"]["move"]), ["e3", "e4"]);
    assert_eq!(at_start["targets"], json!({}));
    assert!(at_start["svg"]
        .as_str()
        .unwrap()
        .contains(r##"href="#setup-piece-"##));
    let s = call(a, "play", json!({ "session": id, "move": "exd5" }));
    assert_eq!(s["san"], json!(["e4", "d5", "exd5"]));
    let s = call(a, "undo", json!({ "session": id }));
    assert_eq!(s["san"], json!(["e4", "d5"]));
    assert_eq!(s["can_redo"], true);
    let s = call(a, "redo", json!({ "session": id }));
    assert_eq!(s["san"], json!(["e4", "d5", "exd5"]));
    assert_eq!(
        s["fen"],
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    );
    assert!(s["pgn"].as_str().unwrap().contains("1. e4 d5 2. exd5 *"));
    server.stop();
}

#[test]
fn a_promotion_lists_its_choices_and_plays_the_one_chosen() {
    let server = start();
    let a = server.addr();
    let (id, _) = open(a, "chess");
    call(
        a,
        "fen",
        json!({ "session": id, "fen": "k7/4P3/8/8/8/8/8/K7 w - - 0 1" }),
    );
    let pawn = call(a, "select", json!({ "session": id, "square": "e7" }));
    let choices: Vec<(String, String)> = pawn["targets"]["e8"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["move"].as_str().unwrap().into(),
                c["promotion"].as_str().unwrap().into(),
            )
        })
        .collect();
    let mut sorted = choices.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        [
            ("e7e8b", "Bishop"),
            ("e7e8n", "Knight"),
            ("e7e8q", "Queen"),
            ("e7e8r", "Rook")
        ]
        .map(|(m, p)| (m.to_string(), p.to_string()))
    );
    let s = call(a, "play", json!({ "session": id, "move": "e7e8n" }));
    assert_eq!(s["san"], json!(["e8=N"]));
    assert_eq!(s["fen"], "k3N3/8/8/8/8/8/8/K7 b - - 0 1");
    server.stop();
}

/// Pieces in hand on the page: the state lists both hands; `drops` marks
/// where a piece from the mover's hand may go (crazyhouse: a pawn on ranks
/// 2-7 only; counted against the legal moves); a target plays the drop.
/// Kyoto shogi offers both faces on one square; shogi's optional
/// promotion and S-Chess's gating are choices on one target; a piece the
/// mover has not got is refused.
#[test]
fn hands_are_shown_and_a_piece_from_hand_is_dropped_by_clicks() {
    let server = start();
    let a = server.addr();
    let (id, state) = open(a, "crazyhouse");
    assert_eq!(state["hands"], json!({ "white": [], "black": [] }));
    let s = call(
        a,
        "fen",
        json!({ "session": id, "fen": "4k3/8/8/8/8/8/8/4K3[Pn] w - - 0 1" }),
    );
    assert_eq!(
        s["hands"],
        json!({ "white": [{ "piece": "Pawn", "count": 1 }], "black": [{ "piece": "Knight", "count": 1 }] })
    );
    assert!(s["svg"]
        .as_str()
        .unwrap()
        .contains(r#"class="hand-piece" data-piece="Pawn""#));
    let pawn = call(a, "drops", json!({ "session": id, "piece": "Pawn" }));
    let targets = pawn["targets"].as_object().unwrap();
    // 48 squares of ranks 2-7, none occupied.
    assert_eq!(targets.len(), 48);
    assert!(!targets.contains_key("e8") && !targets.contains_key("a1"));
    assert_eq!(pawn["marks"]["move"].as_array().unwrap().len(), 48);
    assert_eq!(targets["e4"][0]["move"], "P@e4");
    let (status, error) = refused(a, "drops", json!({ "session": id, "piece": "Knight" }));
    assert_eq!(
        (status, error.as_str()),
        (400, "White has no Knight in hand")
    );
    let s = call(a, "play", json!({ "session": id, "move": "P@e4" }));
    assert_eq!(s["fen"], "4k3/8/8/8/4P3/8/8/4K3[n] b - - 0 1");

    let (id, _) = open(a, "kyotoshogi");
    call(
        a,
        "fen",
        json!({ "session": id, "fen": "4k/5/5/5/K4[P] w - - 0 1" }),
    );
    let pawn = call(a, "drops", json!({ "session": id, "piece": "Pawn" }));
    let faces: Vec<(&str, Value)> = pawn["targets"]["c3"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["move"].as_str().unwrap(), c["promotion"].clone()))
        .collect();
    assert_eq!(faces, [("P@c3", Value::Null), ("+P@c3", json!("Rook"))]);

    let (id, _) = open(a, "shogi");
    call(
        a,
        "fen",
        json!({ "session": id, "fen": "4k4/9/9/3S5/9/9/9/9/4K4[] w - - 0 1" }),
    );
    let silver = call(a, "select", json!({ "session": id, "square": "d6" }));
    let moves: Vec<&str> = silver["targets"]["d7"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["d6d7", "d6d7+"]);

    let (id, _) = open(a, "seirawan");
    let knight = call(a, "select", json!({ "session": id, "square": "g1" }));
    let mut sans: Vec<&str> = knight["targets"]["f3"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["san"].as_str().unwrap())
        .collect();
    sans.sort();
    assert_eq!(sans, ["Nf3", "Nf3/E", "Nf3/H"]);
    server.stop();
}

/// `stop` (the page's Stop button) ends a long computer search at once:
/// asked for 60 s, the computer plays a legal move soon after the stop;
/// a stop with nothing thinking says so.
#[test]
fn stop_ends_the_computers_search_with_a_move() {
    let server = start();
    let a = server.addr();
    let (id, _) = open(a, "chess");
    let stopped = call(a, "stop", json!({ "session": id }));
    assert_eq!(stopped, json!({ "stopped": false }));
    let started = Instant::now();
    let thinker =
        std::thread::spawn(move || call(a, "computer", json!({ "session": id, "time": 60 })));
    // Raised as soon as the search has begun (the flag exists only then).
    loop {
        std::thread::sleep(Duration::from_millis(50));
        if call(a, "stop", json!({ "session": id }))["stopped"] == json!(true) {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the search never began"
        );
    }
    let answer = thinker.join().unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(answer["san"].as_array().unwrap().len(), 1, "{answer}");
    server.stop();
}

#[test]
fn the_computer_answers_at_the_level_asked() {
    let server = start();
    let a = server.addr();
    let (id, _) = open(a, "chess");
    // A mate in one: Ra8#, found at depth 2.
    call(
        a,
        "fen",
        json!({ "session": id, "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" }),
    );
    let s = call(a, "computer", json!({ "session": id, "depth": 2 }));
    assert_eq!(s["played"], "Ra8#");
    assert_eq!(s["result"], "1-0");
    assert_eq!(s["status"], "checkmate, White wins (1-0)");
    assert_eq!(s["over"], true);
    let (status, message) = refused(a, "computer", json!({ "session": id, "depth": 1 }));
    assert_eq!((status, message.as_str()), (400, "the game is over"));
    server.stop();
}

#[test]
fn the_palette_shows_a_piece_alone_as_show_does() {
    let server = start();
    let a = server.addr();
    let (id, _) = open(a, "chess");
    // A knight on d4 of an empty board: the eight (1,2) leaps.
    let n = call(
        a,
        "show",
        json!({ "session": id, "piece": "Knight", "square": "d4" }),
    );
    assert_eq!(
        strings(&n["marks"]["move"]),
        ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]
    );
    assert_eq!(n["caption"], "Knight on d4");
    let (xid, xiangqi) = open(a, "xiangqi");
    // The status line names the side as the script does.
    assert_eq!(xiangqi["to_move"], "white");
    assert_eq!(xiangqi["to_move_name"], "Red");
    assert_eq!(xiangqi["side_names"]["black"], "Black");
    // A cannon on e5 gets friendly hurdles to hop over, marked as screens.
    let c = call(
        a,
        "show",
        json!({ "session": xid, "piece": "C", "square": "e5" }),
    );
    assert!(!c["marks"]["screen"].as_array().unwrap().is_empty(), "{c}");
    assert!(c["caption"]
        .as_str()
        .unwrap()
        .contains("hurdles to hop over"));
    server.stop();
}

#[test]
fn an_edited_script_recompiles_and_a_broken_one_keeps_the_last_good_version() {
    let server = start();
    let a = server.addr();
    let (id, v) = open(a, "chess");
    let good = v["text"].as_str().unwrap().to_string();
    call(a, "play", json!({ "session": id, "move": "e4" }));
    // A typo on the board line: the diagnostic's place, in lines, columns and UTF-16 units.
    let broken = good.replacen("board 8 x 8", "board 8 x é", 1);
    let answer = call(a, "compile", json!({ "session": id, "text": broken }));
    assert_eq!(answer["ok"], false);
    let d = &answer["diagnostics"][0];
    let line = good.lines().position(|l| l == "board 8 x 8").unwrap() + 1;
    let offset = broken.find('é').unwrap();
    assert_eq!(d["code"], "varia::syntax");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(line as u64), Some(11))
    );
    assert_eq!(d["span"]["start"], offset);
    assert_eq!(d["range"]["start"], broken[..offset].encode_utf16().count());
    assert_eq!(d["in_script"], true);
    assert!(answer["plain"].as_str().unwrap().contains("syntax error"));
    // The last good version still plays.
    let s = call(a, "play", json!({ "session": id, "move": "e5" }));
    assert_eq!(s["san"], json!(["e4", "e5"]));
    // Rooks that also leap like knights: the moves are replayed on the new
    // version; from a1 a knight leaps to b3 and c2, and c2 holds a white pawn.
    let changed = good.replacen("import orthodox", "import orthodox\nalso Rook \"N\"", 1);
    let answer = call(a, "compile", json!({ "session": id, "text": changed }));
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(answer["san"], json!(["e4", "e5"]));
    let rook = call(a, "select", json!({ "session": id, "square": "a1" }));
    assert_eq!(strings(&rook["marks"]["move"]), ["b3"]);
    server.stop();
}

#[test]
fn a_script_from_the_edit_pane_runs_its_hooks_under_the_usual_time_limit() {
    let server = start();
    let a = server.addr();
    // Each round copies a 1,000-item array: only the per-call time limit stops it.
    let text = "import orthodox\nboard 8 x 8\nhook game-end { let a = []; a.pad(1000, 0); loop { let b = a; let c = a; } }\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n";
    let t = Instant::now();
    let v = call(a, "open", json!({ "text": text }));
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    assert_eq!(
        v["status"],
        "a hook of the variant failed: the game-end hook failed: it ran longer than 200 ms, the time one hook call may take"
    );
    let id = v["session"].as_u64().unwrap();
    let (status, message) = refused(a, "play", json!({ "session": id, "move": "Ke2" }));
    assert_eq!(status, 400);
    assert!(
        message.starts_with("cannot play Ke2: no move can be played here: "),
        "{message}"
    );
    server.stop();
}

#[test]
fn the_rules_page_of_a_session_is_served() {
    let server = start();
    let a = server.addr();
    let (id, _) = open(a, "balbo");
    let (status, page) = get(a, &format!("/doc/{id}"));
    assert_eq!(status, 200);
    assert!(
        page.contains("<h1>Balbo"),
        "{}",
        &page[..page.len().min(400)]
    );
    // Its diagrams are made clickable by doc.js, which the server serves.
    assert!(page.contains(&format!(
        "<script>const VARIA_SESSION = {id};</script><script src=\"/doc.js\"></script>\n</body>"
    )));
    assert_eq!(get(a, "/doc.js").0, 200);
    assert_eq!(get(a, "/doc/12345").0, 404);
    assert_eq!(get(a, "/doc/x").0, 404);
    server.stop();
}
