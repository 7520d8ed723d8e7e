//! Compiled Rhai hooks, as data: per hook point the parsed program, where
//! its body stands in the script, and the sandbox limits every engine that
//! parses or runs them must use.
//!
//! A script attaches Rhai code at four points ([`HookPoint`]). The
//! compiler parses each body into a [`HookProgram`], a Rhai program of its
//! own run with `pos` and `mv` in its scope; the VM runs them with its
//! sandboxed runtime (`vm::hooks`). Nothing here runs code.

use rhai::AST;

use crate::source::Span;

/// Where a hook runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookPoint {
    /// After each move: does the game end?
    GameEnd,
    /// May this move be played?
    MoveFilter,
    /// What else changes after the move?
    AfterMove,
    /// Which promotion choices are allowed?
    Promotion,
}

impl HookPoint {
    /// The name used in scripts.
    pub fn name(self) -> &'static str {
        match self {
            HookPoint::GameEnd => "game-end",
            HookPoint::MoveFilter => "move-filter",
            HookPoint::AfterMove => "after-move",
            HookPoint::Promotion => "promotion",
        }
    }

    /// The point with this script name.
    pub fn from_name(name: &str) -> Option<HookPoint> {
        [
            HookPoint::GameEnd,
            HookPoint::MoveFilter,
            HookPoint::AfterMove,
            HookPoint::Promotion,
        ]
        .into_iter()
        .find(|p| p.name() == name)
    }
}

/// The sandbox limits, shared by the compiler's parsing engine and the
/// VM's runtime so that both accept exactly the same programs.
pub mod limits {
    /// Operations one hook call may run.
    pub const MAX_OPERATIONS: u64 = 200_000;
    /// Nested function calls (each has its own variables).
    pub const MAX_CALL_LEVELS: usize = 8;
    /// Expression depth at the top level.
    pub const MAX_EXPR_DEPTH: usize = 64;
    /// Expression depth inside functions.
    pub const MAX_FUNCTION_EXPR_DEPTH: usize = 32;
    /// Bytes in a string.
    pub const MAX_STRING_SIZE: usize = 4_096;
    /// Items in an array, nested arrays and maps included (four times
    /// the largest board).
    pub const MAX_ARRAY_SIZE: usize = 1_024;
    /// Entries in a map.
    pub const MAX_MAP_SIZE: usize = 256;
    /// Variables in scope, per function call.
    pub const MAX_VARIABLES: usize = 64;
    /// Functions a hook may define.
    pub const MAX_FUNCTIONS: usize = 64;
    /// Modules a hook may load (none).
    pub const MAX_MODULES: usize = 0;
    /// Symbols a hook may not use: `eval`, and `curry`, which stores
    /// values where Rhai's size limits do not see them (a hook that curries
    /// a function with itself doubled its memory each time).
    pub const DISABLED_SYMBOLS: &[&str] = &["eval", "curry"];
    /// Functions the runtime replaces by an error: `sleep` blocks.
    pub const UNAVAILABLE_FUNCTIONS: &[&str] = &["sleep"];
}

/// The error for a call of one of [`limits::UNAVAILABLE_FUNCTIONS`].
pub fn unavailable(name: &str) -> String {
    format!("`{name}` is not available in hooks")
}

/// Sets the sandbox limits of [`limits`] on an engine (standard packages
/// only, which have no file or network access; no `eval`; strict variables).
pub fn apply_sandbox_limits(engine: &mut rhai::Engine) {
    use limits::*;
    for symbol in DISABLED_SYMBOLS {
        engine.disable_symbol(*symbol);
    }
    engine.set_max_operations(MAX_OPERATIONS);
    engine.set_max_call_levels(MAX_CALL_LEVELS);
    engine.set_max_expr_depths(MAX_EXPR_DEPTH, MAX_FUNCTION_EXPR_DEPTH);
    engine.set_max_string_size(MAX_STRING_SIZE);
    engine.set_max_array_size(MAX_ARRAY_SIZE);
    engine.set_max_map_size(MAX_MAP_SIZE);
    engine.set_max_variables(MAX_VARIABLES);
    engine.set_max_functions(MAX_FUNCTIONS);
    engine.set_max_modules(MAX_MODULES);
    engine.set_strict_variables(true);
}

/// The names a hook's code sees the position and the move by. A hook's
/// body is a Rhai program of its own (it may define functions); these two
/// are the only variables it starts with.
pub const POSITION_VARIABLE: &str = "pos";
/// See [`POSITION_VARIABLE`].
pub const MOVE_VARIABLE: &str = "mv";

/// The scope a hook's body is compiled in: `pos` and `mv`, both defined
/// (their values are given when it runs).
pub fn compile_scope() -> rhai::Scope<'static> {
    let mut scope = rhai::Scope::new();
    scope.push_dynamic(POSITION_VARIABLE, rhai::Dynamic::UNIT);
    scope.push_dynamic(MOVE_VARIABLE, rhai::Dynamic::UNIT);
    scope
}

/// One compiled hook.
#[derive(Clone, Debug)]
pub struct HookProgram {
    /// Where it runs.
    pub point: HookPoint,
    /// The parsed program: the body, run with `pos` and `mv` in its scope.
    pub ast: AST,
    /// The body's span in the script.
    pub span: Span,
    /// The body's text (to map Rhai's line and column back into the script).
    pub body: String,
    /// The script line (from 1) the body starts on.
    pub line: u32,
    /// The column (in characters, from 1) the body starts at on that line.
    pub column: u32,
}

impl HookProgram {
    /// The `//` comment lines of the hook's code, joined: what the rule is,
    /// in the script author's words.
    pub fn doc_comment(&self) -> String {
        let lines: Vec<&str> = self
            .body
            .lines()
            .map(str::trim)
            .filter_map(|l| l.strip_prefix("//"))
            .map(str::trim)
            .collect();
        lines.join(" ")
    }

    /// Maps a Rhai position (line and column in the wrapped source) to a
    /// span in the script (the whole body when Rhai gave none).
    pub fn script_span(&self, at: rhai::Position) -> Span {
        script_span(&self.body, self.span, at)
    }

    /// Maps a Rhai position (line and column in the body) to the line and
    /// column in the script, both from 1 (None when Rhai gave none).
    pub fn script_location(&self, at: rhai::Position) -> Option<(u32, u32)> {
        let line = u32::try_from(at.line()?).ok()?;
        let column = u32::try_from(at.position().unwrap_or(1)).ok()?;
        Some(if line == 1 {
            (self.line, self.column + column - 1)
        } else {
            (self.line + line - 1, column)
        })
    }
}

/// The compiled hooks of a variant.
#[derive(Clone, Debug, Default)]
pub struct HookPrograms {
    /// The hooks, at most one per point.
    pub hooks: Vec<HookProgram>,
}

impl HookPrograms {
    /// The hook at a point, if the script has one.
    pub fn get(&self, point: HookPoint) -> Option<&HookProgram> {
        self.hooks.iter().find(|h| h.point == point)
    }

    /// Whether the script has a hook at this point.
    pub fn has(&self, point: HookPoint) -> bool {
        self.get(point).is_some()
    }
}

/// The byte offset in `body` of a Rhai position (line, column in the
/// body), if it is in the body. Rhai counts columns in characters, so they
/// are walked as characters, never used as byte offsets; a column past the
/// end of its line is the line's end.
pub fn body_offset(body: &str, at: rhai::Position) -> Option<usize> {
    let (line, col) = (at.line()?, at.position().unwrap_or(1));
    let text = body.split('\n').nth(line.checked_sub(1)?)?;
    // Byte offset of the line in the body (`text` is a slice of `body`).
    let line_start = text.as_ptr() as usize - body.as_ptr() as usize;
    let skip = col.saturating_sub(1);
    let start = text.char_indices().nth(skip).map_or(text.len(), |(i, _)| i);
    Some(line_start + start)
}

/// Maps a Rhai position (line, column in `body`) to a span in the script;
/// `span` is the body's. The span runs from there to the end of the line
/// (at least one character), or is the whole body when the position is
/// not in it.
pub fn script_span(body: &str, span: Span, at: rhai::Position) -> Span {
    let Some(start) = body_offset(body, at) else {
        return span;
    };
    let line_end = body[start..].find('\n').map_or(body.len(), |i| start + i);
    let end = if line_end > start {
        line_end
    } else {
        // An empty line or past its end: the next character, if any.
        body[start..]
            .chars()
            .next()
            .map_or(start, |c| start + c.len_utf8())
    };
    span.sub(start, end)
}
