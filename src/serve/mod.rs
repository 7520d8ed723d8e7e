//! `varia serve`: a board in the browser, to click, play and edit
//! variants live, served from this process on the loopback address.
//!
//! The HTTP side is `tiny_http` (a small synchronous server: a few worker
//! threads each take the next request); this module only routes:
//! - `GET /`, `/app.js`, `/style.css`: the page, embedded in the binary
//!   ([`assets`]); nothing else is read from disk except the scripts named
//!   on the command line (or found in the folder named there), by name;
//! - `GET /doc/ID`: the rules page (`varia doc`) of session ID's variant;
//! - `GET /api/scripts` and `POST /api/NAME` with a JSON body: the API
//!   over the library ([`api`]); every answer is JSON, every error
//!   `{"error": MESSAGE}` with a 4xx status.
//!
//! Every request's hooks share one time budget, as a command's do on the
//! command line ([`crate::vm::hooks::begin_command`]); request bodies are
//! limited to [`MAX_BODY`] bytes (413 beyond); a handler that panicked is
//! answered with a 500 and the server goes on. On loopback it answers only
//! requests for its loopback names (no DNS rebinding), and API calls only
//! in JSON (no cross-site form posts).
//!
//! The board is drawn by [`crate::teach::svg`], the diagrams' own renderer
//! (any shape, regions, the same glyphs and marks); the page puts the SVG
//! in and turns clicks on its `data-square` elements into API calls.

pub mod api;
mod assets;
pub mod json;

use std::io::Read;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;

use serde_json::{json, Value};
use tiny_http::{Header, Method, Request, Response};

use crate::vm::hooks::{begin_command, HookBudget};
use api::{ApiError, App};

/// The largest request body accepted: twice the largest script (a script
/// travels as a JSON string, escaped).
pub const MAX_BODY: usize = 2 * crate::syntax::limits::MAX_SCRIPT_BYTES + 4096;
/// The port `varia serve` listens on by default.
pub const DEFAULT_PORT: u16 = 8421;
/// How many requests are handled at once.
const WORKERS: usize = 4;

/// A script the server may open: its name in the page and where its text is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptEntry {
    /// The name the page shows and asks for (`chess`, `balbo`).
    pub name: String,
    /// The file; None for a built-in script (its name is enough).
    pub path: Option<PathBuf>,
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The script or folder named on the command line cannot be used.
    #[error("{0}")]
    Scripts(String),
    /// The address cannot be listened on.
    #[error("cannot listen on {addr}: {message}")]
    Listen {
        /// The address asked for.
        addr: SocketAddr,
        /// The reason.
        message: String,
    },
}

/// The scripts `varia serve [SCRIPT|DIR]` offers: every `*.variant` in a
/// folder (by file name), one script file, a built-in script by name, or
/// the built-in scripts when nothing is named.
///
/// # Errors
/// The path names nothing usable, or a folder holds no script.
pub fn scripts_from_arg(arg: Option<&str>) -> Result<Vec<ScriptEntry>, ServeError> {
    let builtin = |name: &str| ScriptEntry {
        name: name.to_string(),
        path: None,
    };
    let Some(arg) = arg else {
        return Ok(crate::stdlib::SCRIPTS
            .iter()
            .map(|(n, _)| builtin(n))
            .collect());
    };
    let path = Path::new(arg);
    if path.is_dir() {
        let found = crate::load::scripts_in_folder(path)
            .map_err(|e| ServeError::Scripts(format!("cannot read the folder {arg}: {e}")))?;
        let mut entries: Vec<ScriptEntry> = found
            .into_iter()
            .filter_map(|p| Some((p.file_stem()?.to_str()?.to_string(), p)))
            .map(|(name, p)| ScriptEntry {
                name,
                path: Some(p),
            })
            .collect();
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        if entries.is_empty() {
            return Err(ServeError::Scripts(format!(
                "the folder {arg} holds no .variant script"
            )));
        }
        return Ok(entries);
    }
    if path.is_file() {
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or(arg)
            .to_string();
        return Ok(vec![ScriptEntry {
            name,
            path: Some(path.to_path_buf()),
        }]);
    }
    if crate::stdlib::script(arg).is_some() {
        return Ok(vec![builtin(arg)]);
    }
    Err(ServeError::Scripts(format!(
        "{arg} is neither a script, a folder of scripts nor a built-in script"
    )))
}

/// A running server: its worker threads answer until [`Server::stop`].
pub struct Server {
    http: Arc<tiny_http::Server>,
    addr: SocketAddr,
    workers: Vec<JoinHandle<()>>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server").field("addr", &self.addr).finish()
    }
}

impl Server {
    /// Listens on `bind:port` (port 0: a free one) and starts answering.
    ///
    /// # Errors
    /// [`ServeError::Listen`]: the address is taken or not ours.
    pub fn start(scripts: Vec<ScriptEntry>, bind: IpAddr, port: u16) -> Result<Server, ServeError> {
        let wanted = SocketAddr::new(bind, port);
        let listen_error = |message: String| ServeError::Listen {
            addr: wanted,
            message,
        };
        let http = tiny_http::Server::http(wanted).map_err(|e| listen_error(e.to_string()))?;
        let addr = http
            .server_addr()
            .to_ip()
            .ok_or_else(|| listen_error("not an IP address".to_string()))?;
        let http = Arc::new(http);
        let app = Arc::new(Site {
            app: App::new(scripts),
            hosts: bind.is_loopback().then(|| loopback_hosts(addr.port())),
        });
        let workers = (0..WORKERS)
            .map(|_| {
                let (http, app) = (http.clone(), app.clone());
                std::thread::spawn(move || {
                    while let Ok(request) = http.recv() {
                        handle(&app, request);
                    }
                })
            })
            .collect();
        Ok(Server {
            http,
            addr,
            workers,
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Waits for the workers (they run until the process ends or [`Server::stop`]).
    pub fn join(self) {
        for w in self.workers {
            let _ = w.join();
        }
    }

    /// Stops answering and waits for the workers to finish their requests.
    pub fn stop(self) {
        for _ in 0..self.workers.len() {
            self.http.unblock();
        }
        self.join();
    }
}

/// `varia serve`: starts the server, prints its address, serves until killed.
pub fn run(arg: Option<&str>, bind: Option<&str>, port: Option<u16>) -> i32 {
    let bind: IpAddr = match bind {
        None => IpAddr::V4(Ipv4Addr::LOCALHOST),
        Some(text) => match text.parse() {
            Ok(ip) => ip,
            Err(_) => {
                eprintln!(
                    "error: --bind takes an IP address (127.0.0.1, ::1, 0.0.0.0), not {}",
                    crate::notation::printable(text)
                );
                return 2;
            }
        },
    };
    let scripts = match scripts_from_arg(arg) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {}", crate::notation::printable(&e.to_string()));
            return 1;
        }
    };
    let server = match Server::start(scripts, bind, port.unwrap_or(DEFAULT_PORT)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    if !bind.is_loopback() {
        eprintln!("warning: listening on {bind}, not only this machine: anyone who can reach it can use the page");
    }
    println!("varia serve: open {}  (Ctrl-C stops it)", server.url());
    server.join();
    0
}

/// An answer: status, content type, body.
struct Reply {
    status: u16,
    content_type: &'static str,
    body: Vec<u8>,
}

impl Reply {
    fn json(status: u16, value: &Value) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: value.to_string().into_bytes(),
        }
    }

    fn error(e: &ApiError) -> Reply {
        let mut body = json!({ "error": e.message });
        if let Some(d) = &e.details {
            body["diagnostics"] = d.clone();
        }
        Reply::json(e.status, &body)
    }
}

/// Answers one request (a panic in a handler is a 500, never a dead worker).
fn handle(site: &Site, mut request: Request) {
    let _hooks = begin_command(HookBudget::default());
    let reply = catch_unwind(AssertUnwindSafe(|| guard(site, &mut request))).unwrap_or_else(|_| {
        Reply::error(&ApiError::new(500, "internal error: the request failed"))
    });
    let mut response = Response::from_data(reply.body).with_status_code(reply.status);
    for (name, value) in [
        ("Content-Type", reply.content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
    ] {
        if let Ok(h) = Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(h);
        }
    }
    // The client may be gone: nothing to tell.
    let _ = request.respond(response);
}

/// The app, and the `Host` values it answers (None: any, when bound to
/// an address other machines reach).
struct Site {
    app: App,
    hosts: Option<Vec<String>>,
}

/// The names this machine calls the loopback server by, with its port.
fn loopback_hosts(port: u16) -> Vec<String> {
    ["127.0.0.1", "localhost", "[::1]"]
        .iter()
        .map(|h| format!("{h}:{port}"))
        .collect()
}

fn header<'a>(request: &'a Request, name: &str) -> Option<&'a str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str())
}

/// Refuses what a web page elsewhere could make a browser send: a `Host`
/// that is not this machine's loopback name (DNS rebinding) and API calls
/// that are not JSON (a cross-site form post; a JSON post from another
/// origin needs a CORS preflight, which is never granted). Then routes.
fn guard(site: &Site, request: &mut Request) -> Reply {
    if let (Some(hosts), Some(host)) = (&site.hosts, header(request, "Host")) {
        if !hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
            return Reply::error(&ApiError::new(
                403,
                &format!("this server answers only to {}", hosts.join(", ")),
            ));
        }
    }
    if *request.method() == Method::Post {
        let json = header(request, "Content-Type").is_some_and(|t| {
            t.trim()
                .to_ascii_lowercase()
                .starts_with("application/json")
        });
        if !json {
            return Reply::error(&ApiError::new(
                415,
                "API calls send JSON (Content-Type: application/json)",
            ));
        }
    }
    route(&site.app, request)
}

/// Finds what a request asks for.
fn route(app: &App, request: &mut Request) -> Reply {
    let url = request.url().to_string();
    let path = url.split(['?', '#']).next().unwrap_or("");
    let method = request.method().clone();
    if let Some(name) = path.strip_prefix("/api/") {
        return match (method, name) {
            (Method::Get, "scripts") => Reply::json(200, &app.scripts_json()),
            (Method::Post, _) => match read_json(request) {
                Ok(body) => match app.call(name, &body) {
                    Ok(v) => Reply::json(200, &v),
                    Err(e) => Reply::error(&e),
                },
                Err(e) => Reply::error(&e),
            },
            _ => Reply::error(&ApiError::new(
                405,
                "the API takes POST requests with a JSON body (GET only for /api/scripts)",
            )),
        };
    }
    if method != Method::Get && method != Method::Head {
        return Reply::error(&ApiError::new(405, "only GET is served outside /api/"));
    }
    if let Some(id) = path.strip_prefix("/doc/") {
        return match app.doc_page(id) {
            Ok(html) => Reply {
                status: 200,
                content_type: "text/html; charset=utf-8",
                body: html.into_bytes(),
            },
            Err(e) => Reply::error(&e),
        };
    }
    match assets::asset(path) {
        Some((content_type, text)) => Reply {
            status: 200,
            content_type,
            body: text.as_bytes().to_vec(),
        },
        None => Reply::error(&ApiError::new(404, "not found")),
    }
}

/// The request's body as JSON, at most [`MAX_BODY`] bytes.
fn read_json(request: &mut Request) -> Result<Value, ApiError> {
    let too_large = || {
        ApiError::new(
            413,
            &format!("the request body is larger than {MAX_BODY} bytes"),
        )
    };
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut body)
        .map_err(|e| ApiError::new(400, &format!("cannot read the request body: {e}")))?;
    if body.len() > MAX_BODY {
        return Err(too_large());
    }
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(json!({}));
    }
    serde_json::from_slice(&body)
        .map_err(|e| ApiError::new(400, &format!("the request body is not JSON: {e}")))
}
