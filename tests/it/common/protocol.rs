#![allow(dead_code)]
//! What an engine-protocol session answers, collected for the tests of
//! `varia uci` and `varia xboard`.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A session's output, shared with the test.
#[derive(Clone, Default)]
pub struct Answers(Arc<Mutex<Vec<u8>>>);

impl Write for Answers {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Answers {
    /// The lines written since the last call.
    pub fn take(&self) -> Vec<String> {
        let bytes = std::mem::take(&mut *self.0.lock().unwrap());
        String::from_utf8(bytes)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Waits (up to 30 s) for a line starting with `prefix`; returns every
    /// line up to it.
    pub fn until(&self, prefix: &str) -> Vec<String> {
        let start = Instant::now();
        let mut lines = Vec::new();
        while start.elapsed() < Duration::from_secs(30) {
            lines.extend(self.take());
            if lines.iter().any(|l| l.starts_with(prefix)) {
                return lines;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        panic!("no `{prefix}` line within 30 s; the session said: {lines:?}");
    }
}
