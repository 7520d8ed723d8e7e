//! The computer opponent: an alpha-beta searcher ([`search`]) over the
//! rules VM with an evaluation derived from the pieces' moves ([`eval`]),
//! so it plays every variant a script can describe. The REPL drives it;
//! nothing here prints.

pub mod eval;
pub mod search;

pub use search::{format_score, Engine, Limits, SearchInfo, SearchResult, MATE, MATE_BOUND};
