//! An engine's process: spawned with its arguments and working folder,
//! lines written to its standard input, lines read from its standard
//! output by a reader thread into a channel (so every read has a
//! deadline), killed when dropped.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The longest line read from an engine; longer lines are cut (an engine
/// cannot exhaust the arbiter's memory with one endless line).
const MAX_LINE: usize = 64 * 1024;
/// Lines read ahead of the arbiter at most; then the reader waits (an
/// engine that floods its output cannot exhaust the arbiter's memory).
const LINES_AHEAD: usize = 1024;

/// How to start an engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Launch {
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The folder it runs in (default: the arbiter's).
    pub dir: Option<PathBuf>,
}

/// Why an engine gave no line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// Nothing came before the deadline.
    #[error("no answer in time")]
    Timeout,
    /// The engine's output ended: it exited or crashed.
    #[error("the engine's process ended")]
    Exited,
}

/// Why an engine could not be started.
#[derive(Debug, thiserror::Error)]
#[error("cannot start `{program}`: {source}")]
pub struct SpawnError {
    /// The program.
    pub program: String,
    /// Why.
    pub source: std::io::Error,
}

/// A running engine.
#[derive(Debug)]
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl EngineProcess {
    /// Starts the engine; its standard error is discarded.
    ///
    /// # Errors
    /// [`SpawnError`]: the program cannot be run.
    pub fn spawn(launch: &Launch) -> Result<EngineProcess, SpawnError> {
        let mut command = Command::new(&launch.program);
        command
            .args(&launch.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &launch.dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|source| SpawnError {
            program: launch.program.clone(),
            source,
        })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let (sender, lines) = sync_channel(LINES_AHEAD);
        if let Some(stdout) = stdout {
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match (&mut reader)
                        .take(MAX_LINE as u64)
                        .read_until(b'\n', &mut buf)
                    {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let text = String::from_utf8_lossy(&buf);
                            let line = text.trim_end_matches(['\n', '\r']).to_string();
                            if sender.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
            });
        }
        Ok(EngineProcess {
            child,
            stdin,
            lines,
        })
    }

    /// Writes one line to the engine.
    ///
    /// # Errors
    /// [`LineError::Exited`]: its input is closed.
    pub fn send(&mut self, line: &str) -> Result<(), LineError> {
        let stdin = self.stdin.as_mut().ok_or(LineError::Exited)?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|_| LineError::Exited)
    }

    /// The next line, waiting until `deadline`.
    ///
    /// # Errors
    /// [`LineError`]: nothing in time, or the engine's output ended.
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, LineError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(LineError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(LineError::Exited),
        }
    }

    /// Reads lines until one satisfies `wanted` (returned), before `deadline`.
    ///
    /// # Errors
    /// [`LineError`]: nothing matching in time, or the output ended.
    pub fn read_until(
        &mut self,
        deadline: Instant,
        mut wanted: impl FnMut(&str) -> bool,
    ) -> Result<String, LineError> {
        loop {
            let line = self.read_line(deadline)?;
            if wanted(&line) {
                return Ok(line);
            }
        }
    }

    /// Forgets the lines already read but not yet taken.
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// Asks the engine to quit (`quit`), waits `grace`, then kills it.
    pub fn quit(mut self, grace: Duration) {
        let _ = self.send("quit");
        self.stdin = None;
        let end = Instant::now() + grace;
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.stdin = None;
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
