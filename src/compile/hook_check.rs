//! Checking a hook's code before anything runs it: every function and
//! method it calls must exist (Rhai's standard library as the sandbox
//! configures it, the hook API of [`crate::ir::hook_api`], or a function
//! the hook defines), with as many arguments; `pos` and `mv` must have the
//! properties it reads; and every name it writes as a string literal where
//! the API takes a piece, colour, region, counter or square (or compares
//! with a move's or piece's field) must be one the variant has. A promotion
//! hook's literal choices must be pieces. Names built at run time are the
//! runtime's to check.
//!
//! Each mistake is a diagnostic at its line and column in the script, with
//! "did you mean …?" when a known name is close.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use rhai::{ASTNode, Expr, FnCallExpr, Stmt, Token, AST};

use crate::diagnostics::{closest, Code, ScriptError};
use crate::ir::geometry::Geometry;
use crate::ir::hook::{self, HookPoint, MOVE_VARIABLE, POSITION_VARIABLE};
use crate::ir::hook_api::{
    functions_named, Arg, COLORS, FUNCTIONS, MOVE_FIELDS, MOVE_KINDS, POSITION_PROPERTIES,
    WALL_NAME,
};
use crate::ir::Variant;
use crate::source::Span;

/// The names of the variant a hook may write.
pub(super) struct VariantNames<'a> {
    pub pieces: Vec<&'a str>,
    pub regions: Vec<&'a str>,
    pub counters: Vec<&'a str>,
    pub geometry: &'a Geometry,
}

impl<'a> VariantNames<'a> {
    /// The names of a variant.
    pub fn of(variant: &'a Variant) -> VariantNames<'a> {
        VariantNames {
            pieces: variant.pieces.iter().map(|d| d.name.as_str()).collect(),
            regions: variant.regions.iter().map(|r| r.name.as_str()).collect(),
            counters: variant.counters.iter().map(|(n, _)| n.as_str()).collect(),
            geometry: &variant.geometry,
        }
    }
}

/// The hook being checked: its point, body and the body's span.
pub(super) struct HookSource<'a> {
    pub point: HookPoint,
    pub body: &'a str,
    pub span: Span,
}

/// Functions Rhai handles itself (any number of arguments).
const KEYWORDS: &[&str] = &[
    "print",
    "debug",
    "type_of",
    "Fn",
    "call",
    "is_def_var",
    "is_def_fn",
    "is_shared",
];

/// Rhai's standard functions in the sandbox: name → numbers of arguments.
fn standard_functions() -> &'static HashMap<String, Vec<usize>> {
    static FUNCTIONS: OnceLock<HashMap<String, Vec<usize>>> = OnceLock::new();
    FUNCTIONS.get_or_init(|| {
        let mut engine = rhai::Engine::new();
        hook::apply_sandbox_limits(&mut engine);
        let mut out: HashMap<String, Vec<usize>> = HashMap::new();
        let all = engine.collect_fn_metadata(
            None,
            |f| Some((f.metadata.name.to_string(), f.metadata.num_params)),
            true,
        );
        for (name, n) in all {
            let arities = out.entry(name).or_default();
            if !arities.contains(&n) {
                arities.push(n);
            }
        }
        out
    })
}

/// Checks one hook; every mistake found goes to `errors`.
pub(super) fn check_hook(
    ast: &AST,
    hook: &HookSource<'_>,
    names: &VariantNames<'_>,
    errors: &mut Vec<ScriptError>,
) {
    let mut checker = Checker::new(ast, hook, names);
    ast.walk(&mut |path: &[ASTNode]| {
        checker.visit(path);
        true
    });
    checker.check_functions_see_only_parameters(ast);
    if hook.point == HookPoint::Promotion {
        returned_values(ast.statements(), &mut |items| {
            for item in items {
                checker.literal(Arg::Piece, item);
            }
        });
    }
    errors.extend(checker.errors);
}

/// Names bound in the hook, collected before the checks.
#[derive(Default)]
struct Bindings {
    /// Every variable the hook declares (`let`, `const`, loop variables).
    variables: HashSet<String>,
    /// Variables holding a value taken from `pos` or `mv` (`let p = pos.piece(sq)`).
    from_view: HashSet<String>,
    /// Keys of map literals (a map's function-valued key is a method).
    map_keys: HashSet<String>,
    /// The functions the hook defines: name and number of parameters.
    functions: Vec<(String, usize)>,
}

impl Bindings {
    fn collect(ast: &AST) -> Bindings {
        let mut b = Bindings {
            functions: ast
                .iter_functions()
                .map(|f| (f.name.to_string(), f.params.len()))
                .collect(),
            ..Bindings::default()
        };
        ast.walk(&mut |path: &[ASTNode]| {
            match path.last() {
                Some(ASTNode::Stmt(Stmt::Var(x, ..))) => {
                    b.variables.insert(x.0.name.to_string());
                    if matches!(root_variable(&x.1), Some(v) if v == POSITION_VARIABLE || v == MOVE_VARIABLE)
                    {
                        b.from_view.insert(x.0.name.to_string());
                    }
                }
                Some(ASTNode::Stmt(Stmt::For(x, ..))) => {
                    b.variables.insert(x.0.name.to_string());
                    if let Some(counter) = &x.1 {
                        b.variables.insert(counter.name.to_string());
                    }
                }
                Some(ASTNode::Expr(Expr::Map(x, ..))) => {
                    b.map_keys
                        .extend(x.0.iter().map(|(key, _)| key.name.to_string()));
                }
                _ => {}
            }
            true
        });
        b
    }
}

struct Checker<'a> {
    hook: &'a HookSource<'a>,
    names: &'a VariantNames<'a>,
    bound: Bindings,
    errors: Vec<ScriptError>,
    reported: HashSet<u32>,
}

impl<'a> Checker<'a> {
    fn new(ast: &AST, hook: &'a HookSource<'a>, names: &'a VariantNames<'a>) -> Checker<'a> {
        Checker {
            hook,
            names,
            bound: Bindings::collect(ast),
            errors: Vec::new(),
            reported: HashSet::new(),
        }
    }

    /// Whether `name` is the hook's `pos` or `mv`, not a variable the hook
    /// declared under that name.
    fn is_view(&self, name: &str, view: &str) -> bool {
        name == view && !self.bound.variables.contains(view)
    }

    fn visit(&mut self, path: &[ASTNode]) {
        match path.last() {
            Some(ASTNode::Stmt(Stmt::FnCall(x, at))) | Some(ASTNode::Expr(Expr::FnCall(x, at))) => {
                match &x.op_token {
                    Some(Token::EqualsTo | Token::NotEqualsTo) => self.comparison(x),
                    Some(_) => {}
                    None if x.namespace.is_empty() => self.call(x, None, *at),
                    None => {}
                }
            }
            Some(ASTNode::Expr(Expr::MethodCall(x, at))) => {
                let receiver = receiver(path);
                self.call(x, Some(receiver), *at);
            }
            Some(ASTNode::Expr(Expr::Property(x, at))) => {
                if let Some(Expr::Variable(v, ..)) = receiver(path) {
                    self.property(&v.1, &x.2, *at);
                }
            }
            Some(ASTNode::Expr(Expr::Variable(v, _, at)))
                if self.hook.point == HookPoint::GameEnd && self.is_view(&v.1, MOVE_VARIABLE) =>
            {
                self.no_move_at_game_end(*at);
            }
            _ => {}
        }
    }

    fn no_move_at_game_end(&mut self, at: rhai::Position) {
        let span = self.span_of(at, MOVE_VARIABLE);
        self.report(
            ScriptError::new(
                Code::HookUnknownProperty,
                "the game-end hook has no move: `mv` is ()".to_string(),
                span,
                "no move here",
            )
            .with_help("`pos.last_move()` is the move just played"),
        );
    }

    /// `pos.x` or `mv.x`: a property `pos` has, a field `mv` has.
    fn property(&mut self, receiver: &str, name: &str, at: rhai::Position) {
        let (known, what): (&[&str], &str) = if self.is_view(receiver, POSITION_VARIABLE) {
            (POSITION_PROPERTIES, "property")
        } else if self.is_view(receiver, MOVE_VARIABLE) {
            (MOVE_FIELDS, "field")
        } else {
            return;
        };
        if known.contains(&name) {
            return;
        }
        let method = functions_named(name).any(|f| f.is_method()) && receiver == POSITION_VARIABLE;
        let help = if method {
            format!("`{name}` is a method: call it, `pos.{name}()`")
        } else if let Some(c) = closest(name, known.iter().copied()) {
            format!("did you mean `{c}`?")
        } else {
            format!("`{receiver}` has {}", words(known))
        };
        let span = self.span_of(at, name);
        self.report(
            ScriptError::new(
                Code::HookUnknownProperty,
                format!("`{receiver}` has no {what} `{name}`"),
                span,
                format!("no such {what}"),
            )
            .with_help(help),
        );
    }

    fn report(&mut self, error: ScriptError) {
        if self.reported.insert(error.span.start) {
            self.errors.push(error);
        }
    }

    /// The span of `text` at a Rhai position in the body (from there to
    /// the end of the line if `text` is not there).
    fn span_of(&self, at: rhai::Position, text: &str) -> Span {
        let HookSource { body, span, .. } = *self.hook;
        match hook::body_offset(body, at) {
            Some(start) if body[start..].starts_with(text) && !text.is_empty() => {
                span.sub(start, start + text.len())
            }
            _ => hook::script_span(body, span, at),
        }
    }

    /// The span of a string literal at a Rhai position, quotes included.
    fn literal_span(&self, at: rhai::Position) -> Span {
        let HookSource { body, span, .. } = *self.hook;
        let Some(start) = hook::body_offset(body, at) else {
            return span;
        };
        let rest = &body[start..];
        let Some(quote) = rest.chars().next().filter(|c| matches!(c, '"' | '`')) else {
            return hook::script_span(body, span, at);
        };
        let mut escaped = false;
        for (i, c) in rest.char_indices().skip(1) {
            match c {
                '\\' if !escaped => escaped = true,
                c if c == quote && !escaped => return span.sub(start, start + i + 1),
                '\n' => break,
                _ => escaped = false,
            }
        }
        hook::script_span(body, span, at)
    }
}

impl Checker<'_> {
    /// A call of `x` (a method of `receiver` when given).
    fn call(&mut self, x: &FnCallExpr, receiver: Option<Option<&Expr>>, at: rhai::Position) {
        let name = x.name.as_str();
        if KEYWORDS.contains(&name) {
            if let (Some(Expr::StringConstant(target, at)), "Fn") = (x.args.first(), name) {
                self.function_named_by_fn(target, *at);
            }
            return;
        }
        let method = receiver.is_some();
        let on_pos = matches!(receiver, Some(Some(Expr::Variable(v, ..))) if self.is_view(&v.1, POSITION_VARIABLE));
        if method && self.bound.map_keys.contains(name) {
            return; // a map's function-valued key, called as a method
        }
        let arity = x.args.len() + usize::from(method);
        let arities = self.arities(name);
        let span = self.span_of(at, name);
        if hook::limits::UNAVAILABLE_FUNCTIONS.contains(&name) {
            self.report(ScriptError::new(
                Code::HookUnknownFunction,
                format!(
                    "error in the {} hook: {}",
                    self.hook.point.name(),
                    hook::unavailable(name)
                ),
                span,
                "not available",
            ));
        } else if arities.is_empty() {
            let error = self.unknown_function(name, method, on_pos, span);
            self.report(error);
        } else if !arities.contains(&arity) {
            let shown = |n: usize| n - usize::from(method);
            let takes: Vec<String> = arities
                .iter()
                .filter(|&&n| n >= usize::from(method))
                .map(|&n| shown(n).to_string())
                .collect();
            let called = if on_pos {
                format!("pos.{name}")
            } else {
                name.to_string()
            };
            self.report(
                ScriptError::new(
                    Code::HookUnknownFunction,
                    format!(
                        "`{called}` takes {} {}, not {}",
                        or_list(&takes),
                        if takes == ["1"] {
                            "argument"
                        } else {
                            "arguments"
                        },
                        shown(arity)
                    ),
                    span,
                    "wrong number of arguments",
                )
                .with_help(arguments_help(name)),
            );
        } else {
            self.api_arguments(name, arity, method, &x.args);
        }
    }

    /// The numbers of arguments (a method's receiver counted) the functions
    /// called `name` take: standard, API, or defined by the hook.
    fn arities(&self, name: &str) -> Vec<usize> {
        let mut arities: Vec<usize> = standard_functions().get(name).cloned().unwrap_or_default();
        arities.extend(functions_named(name).map(|f| f.args.len()));
        arities.extend(
            self.bound
                .functions
                .iter()
                .filter(|(n, _)| n == name)
                .map(|(_, p)| *p),
        );
        arities.sort_unstable();
        arities.dedup();
        arities
    }

    fn unknown_function(&self, name: &str, method: bool, on_pos: bool, span: Span) -> ScriptError {
        let (message, candidates): (String, Vec<&str>) = if on_pos {
            let mut known: Vec<&str> = FUNCTIONS
                .iter()
                .filter(|f| f.is_method())
                .map(|f| f.name)
                .collect();
            known.extend(POSITION_PROPERTIES);
            (format!("`pos` has no method `{name}`"), known)
        } else {
            let mut known: Vec<&str> = FUNCTIONS.iter().map(|f| f.name).collect();
            known.extend(self.bound.functions.iter().map(|(n, _)| n.as_str()));
            known.extend(standard_functions().keys().map(String::as_str));
            let what = if method { "method" } else { "function" };
            (format!("unknown {what} `{name}`"), known)
        };
        let help = if on_pos && POSITION_PROPERTIES.contains(&name) {
            format!("`{name}` is a property: `pos.{name}`, without parentheses")
        } else if !method && self.bound.variables.contains(name) {
            format!("`{name}` is a variable: call the function it holds with `{name}.call(…)`")
        } else if let Some(c) = closest(name, candidates.iter().copied()) {
            format!("did you mean `{c}`?")
        } else {
            "hooks call Rhai's standard functions, the hook API (README.md, Hooks) and the functions they define".to_string()
        };
        ScriptError::new(Code::HookUnknownFunction, message, span, "not defined").with_help(help)
    }

    /// `Fn("name")`: a function of that name must exist.
    fn function_named_by_fn(&mut self, target: &str, at: rhai::Position) {
        if hook::limits::UNAVAILABLE_FUNCTIONS.contains(&target) {
            let span = self.literal_span(at);
            self.report(ScriptError::new(
                Code::HookUnknownFunction,
                format!(
                    "error in the {} hook: {}",
                    self.hook.point.name(),
                    hook::unavailable(target)
                ),
                span,
                "not available",
            ));
        } else if self.arities(target).is_empty() && !KEYWORDS.contains(&target) {
            let span = self.literal_span(at);
            let error = self.unknown_function(target, false, false, span);
            self.report(error);
        }
    }

    /// The literal names given to the API function `name` called with
    /// `arity` arguments (a method's receiver counted).
    fn api_arguments(&mut self, name: &str, arity: usize, method: bool, args: &[Expr]) {
        let Some(function) = functions_named(name).find(|f| f.args.len() == arity) else {
            return;
        };
        let kinds = &function.args[usize::from(method)..];
        for (kind, arg) in kinds.iter().zip(args) {
            match (kind, arg) {
                (Arg::Pieces, Expr::Array(items, _)) => {
                    for item in items.iter() {
                        self.literal(Arg::Piece, item);
                    }
                }
                _ => self.literal(*kind, arg),
            }
        }
    }
}

impl Checker<'_> {
    /// A string literal where the API takes a name of `kind`.
    fn literal(&mut self, kind: Arg, arg: &Expr) {
        let Expr::StringConstant(text, at) = arg else {
            return;
        };
        self.name(kind, text, &[], *at);
    }

    /// A name of `kind` (or one of `also`, such as `""` for no capture).
    fn name(&mut self, kind: Arg, text: &str, also: &[&str], at: rhai::Position) {
        let names = self.names;
        let squares;
        let (what, known): (&str, Vec<&str>) = match kind {
            Arg::Piece => ("piece", names.pieces.clone()),
            Arg::Color => ("colour", COLORS.to_vec()),
            Arg::Region => ("region", names.regions.clone()),
            Arg::Counter => ("counter", names.counters.clone()),
            Arg::Square => {
                if names.geometry.parse_square(text).is_some() {
                    return;
                }
                squares = names
                    .geometry
                    .squares()
                    .iter()
                    .map(|s| names.geometry.name(s))
                    .collect::<Vec<_>>();
                ("square", squares.iter().map(String::as_str).collect())
            }
            Arg::Position | Arg::Pieces | Arg::Value => return,
        };
        if known.contains(&text) || also.contains(&text) {
            return;
        }
        let message = match kind {
            Arg::Color => format!("`{text}` is not a colour"),
            Arg::Square => format!("`{text}` is not a square of the board"),
            _ => format!("no {what} is called `{text}`"),
        };
        let help = match closest(text, known.iter().copied().chain(also.iter().copied())) {
            Some(c) => format!("did you mean `{c}`?"),
            None if kind == Arg::Square => {
                "squares are named by file and rank, as `e4`".to_string()
            }
            None if known.is_empty() => format!("the variant declares no {what}"),
            None => format!("the {what}s are: {}", known.join(", ")),
        };
        let span = self.literal_span(at);
        self.report(
            ScriptError::new(
                Code::HookUnknownName,
                message,
                span,
                match kind {
                    Arg::Color => "not a colour".to_string(),
                    Arg::Square => "not on the board".to_string(),
                    _ => format!("not a {what} of the variant"),
                },
            )
            .with_help(help),
        );
    }

    /// `a == b` or `a != b` with a string literal on one side and a field
    /// of a move or a piece (`mv.piece`, `pos.piece(sq).name`) on the other.
    fn comparison(&mut self, x: &FnCallExpr) {
        let [a, b] = &x.args[..] else {
            return;
        };
        let (field, text, at) = match (a, b) {
            (Expr::StringConstant(t, at), other) | (other, Expr::StringConstant(t, at)) => {
                (other, t, *at)
            }
            _ => return,
        };
        let Some(root) = root_variable(field) else {
            return;
        };
        let from_view = self.is_view(root, POSITION_VARIABLE)
            || self.is_view(root, MOVE_VARIABLE)
            || self.bound.from_view.contains(root);
        let Some(property) = last_property(field).filter(|_| from_view) else {
            return;
        };
        match property {
            "piece" => self.name(Arg::Piece, text, &[], at),
            "captured" | "promotion" => self.name(Arg::Piece, text, &[""], at),
            "name" => self.name(Arg::Piece, text, &[WALL_NAME], at),
            "color" => self.name(Arg::Color, text, &["none"], at),
            "side" => self.name(Arg::Color, text, &[], at),
            "from" | "to" => self.name(Arg::Square, text, &[], at),
            "kind" if !MOVE_KINDS.contains(&text.as_str()) => {
                let span = self.literal_span(at);
                let help = closest(text, MOVE_KINDS.iter().copied()).map_or_else(
                    || format!("the kinds are {}", words(MOVE_KINDS)),
                    |c| format!("did you mean `{c}`?"),
                );
                self.report(
                    ScriptError::new(
                        Code::HookUnknownName,
                        format!("`{text}` is not a kind of move"),
                        span,
                        "no such kind",
                    )
                    .with_help(help),
                );
            }
            _ => {}
        }
    }

    /// A function the hook defines sees only its parameters: `pos` and
    /// `mv` inside it must be parameters (or its own variables).
    fn check_functions_see_only_parameters(&mut self, ast: &AST) {
        let functions: Vec<(String, Vec<String>)> = ast
            .iter_functions()
            .map(|f| {
                (
                    f.name.to_string(),
                    f.params.iter().map(|p| p.to_string()).collect(),
                )
            })
            .collect();
        for (name, params) in functions {
            let only =
                ast.clone_functions_only_filtered(|_, _, _, n, p| n == name && p == params.len());
            let mut own: HashSet<String> = params.iter().cloned().collect();
            let mut uses = Vec::new();
            only.walk(&mut |path: &[ASTNode]| {
                match path.last() {
                    Some(ASTNode::Stmt(Stmt::Var(x, ..))) => {
                        own.insert(x.0.name.to_string());
                    }
                    Some(ASTNode::Stmt(Stmt::For(x, ..))) => {
                        own.insert(x.0.name.to_string());
                    }
                    Some(ASTNode::Expr(Expr::Variable(v, _, at)))
                        if v.1 == POSITION_VARIABLE || v.1 == MOVE_VARIABLE =>
                    {
                        uses.push((v.1.to_string(), *at));
                    }
                    _ => {}
                }
                true
            });
            let closure = name.starts_with("anon$");
            for (variable, at) in uses.into_iter().filter(|(v, _)| !own.contains(v)) {
                let (inside, help) = if closure {
                    (
                        "a closure".to_string(),
                        format!("a closure sees only its parameters: write a loop, or pass `{variable}` in"),
                    )
                } else {
                    (
                        format!("the function `{name}`"),
                        format!("a function sees only its parameters: pass `{variable}` to it, as in `fn {name}({variable}, …)`"),
                    )
                };
                let span = self.span_of(at, &variable);
                self.report(
                    ScriptError::new(
                        Code::HookSyntax,
                        format!(
                            "error in the {} hook: `{variable}` is not visible inside {inside}",
                            self.hook.point.name()
                        ),
                        span,
                        "not visible here",
                    )
                    .with_help(help),
                );
            }
        }
    }
}

/// The expression a method or property is applied to, from the walk's
/// path (ending with the method or property): the left side of the `.`
/// before it. `Some(None)` when it cannot be told.
fn receiver<'a>(path: &[ASTNode<'a>]) -> Option<&'a Expr> {
    let n = path.len();
    let ASTNode::Expr(node) = *path.get(n.checked_sub(1)?)? else {
        return None;
    };
    let ASTNode::Expr(parent) = *path.get(n.checked_sub(2)?)? else {
        return None;
    };
    let (Expr::Dot(link, ..) | Expr::Index(link, ..)) = parent else {
        return None;
    };
    if std::ptr::eq(&link.rhs, node) {
        return matches!(parent, Expr::Dot(..)).then_some(&link.lhs);
    }
    // The first link of the rest of a chain (`pos.piece(sq).name`): the
    // receiver is the left side of the `.` whose right side holds it.
    let ASTNode::Expr(Expr::Dot(outer, ..)) = *path.get(n.checked_sub(3)?)? else {
        return None;
    };
    std::ptr::eq(&outer.rhs, parent).then_some(&outer.lhs)
}

/// The variable a chain starts from (`pos` in `pos.piece(sq).name`).
fn root_variable(e: &Expr) -> Option<&str> {
    match e {
        Expr::Variable(v, ..) => Some(v.1.as_str()),
        Expr::Dot(link, ..) | Expr::Index(link, ..) => root_variable(&link.lhs),
        _ => None,
    }
}

/// The property a chain ends with (`name` in `pos.piece(sq).name`).
fn last_property(e: &Expr) -> Option<&str> {
    match e {
        Expr::Dot(link, ..) => match &link.rhs {
            Expr::Property(p, ..) => Some(p.2.as_str()),
            rest @ Expr::Dot(..) => last_property(rest),
            _ => None,
        },
        _ => None,
    }
}

/// The array literals a hook's statements may return, each given to
/// `on_array`: from `return`, and as the value of the last statement
/// (through `if` branches and blocks).
fn returned_values(statements: &[Stmt], on_array: &mut dyn FnMut(&[Expr])) {
    let mut path = Vec::new();
    for stmt in statements {
        stmt.walk(&mut path, &mut |nodes: &[ASTNode]| {
            if let Some(ASTNode::Stmt(Stmt::Return(Some(e), ..))) = nodes.last() {
                array_values(e, on_array);
            }
            true
        });
        path.clear();
    }
    tail_values(statements, on_array);
}

fn tail_values(statements: &[Stmt], on_array: &mut dyn FnMut(&[Expr])) {
    match statements.last() {
        Some(Stmt::Expr(e)) => array_values(e, on_array),
        Some(Stmt::If(x, ..)) => {
            tail_values(x.body.statements(), on_array);
            tail_values(x.branch.statements(), on_array);
        }
        Some(Stmt::Block(block)) => tail_values(block.statements(), on_array),
        _ => {}
    }
}

fn array_values(e: &Expr, on_array: &mut dyn FnMut(&[Expr])) {
    match e {
        Expr::Array(items, _) => on_array(items),
        Expr::Stmt(block) => tail_values(block.statements(), on_array),
        _ => {}
    }
}

/// How the API function called `name` is written, or where Rhai's
/// standard functions are described.
fn arguments_help(name: &str) -> String {
    let signatures: Vec<String> = functions_named(name).map(|f| f.signature()).collect();
    if signatures.is_empty() {
        format!("`{name}` is one of Rhai's standard functions (the Rhai book describes them)")
    } else {
        format!("it is written `{}`", signatures.join("` or `"))
    }
}

/// "1 or 2".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// "`a`, `b` and `c`".
fn words(items: &[&str]) -> String {
    let quoted: Vec<String> = items.iter().map(|i| format!("`{i}`")).collect();
    match &quoted[..] {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
