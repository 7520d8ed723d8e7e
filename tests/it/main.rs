//! The integration tests, in one test binary (`cargo test --test it`):
//! one module per topic, sharing the helpers in `common/`. One binary links
//! the library once instead of once per file, which is most of the time a
//! fresh `cargo test` takes on a small machine.
//!
//! Two tests stay in binaries of their own because they change state of the
//! whole process: `tests/allocation.rs` installs a counting global allocator
//! (other tests running in parallel would allocate into its count) and
//! `tests/repl_fuzz.rs` changes the working directory.
//!
//! Fixtures stay where they were: `tests/diagnostics/`, `tests/perft/`,
//! `tests/oracle/`, `tests/fixtures/`; snapshots are in `tests/it/snapshots/`.

mod common;

mod arbiter;
mod balbo;
mod berolina;
mod betza;
mod bridge;
mod bridge_hands;
mod bridge_janggi;
mod catalogue;
mod chasing;
mod checkmates;
mod chess960;
mod cli;
mod compulsory;
mod connect;
mod counting;
mod diagnostics;
mod diamond;
mod differential;
mod en_passant;
mod engine;
mod extinction;
mod first_moves;
mod flipping;
mod front_limits;
mod fuzz_regressions;
mod gating;
mod grand_betza;
mod hands;
mod hook_limits;
mod hooks;
mod house;
mod janggi;
mod large_nahbi_naive;
mod notation;
mod perft;
mod perpetual;
mod properties;
mod regions;
mod repl;
mod royals;
mod rules;
mod script_limits;
mod serve;
mod sittuyin;
mod teach;
mod teach_cli;
mod teach_marks;
mod teach_sentences;
mod uci;
mod walls;
mod xboard;
mod xiangqi;
