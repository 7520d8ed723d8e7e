//! The house rules of the source tree, checked on the code itself
//! (ARCHITECTURE.md draws them):
//! - layers only point down: a module imports only from its own layer's
//!   folder or from layers below it, and the folders import each other
//!   without a circle; no circle of imports runs through files of two
//!   folders (a file's `mod.rs` declaring its children is not an import);
//! - no function in `src/` is longer than about 120 lines (generated code
//!   aside);
//! - no public function returns `Result<_, String>`: errors are typed.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Each top-level module of `src/` and its layer, bottom up. A module may
/// use modules of its own layer number or lower, never higher.
const LAYERS: &[(&str, u8)] = &[
    ("source", 0),
    ("diagnostics", 0),
    ("stdlib", 0),
    ("syntax", 1),
    ("ir", 2),
    ("compile", 3),
    ("vm", 4),
    ("notation", 5),
    ("engine", 6),
    ("teach", 6),
    ("game", 6),
    ("load", 5),
    ("cli", 7),
    ("repl", 7),
    ("protocol", 7),
    ("arbiter", 7),
    ("app", 7),
    ("serve", 7),
    ("bridge", 7),
];

/// Items lib.rs re-exports at the crate root, and their module.
const ROOT_ITEMS: &[(&str, &str)] = &[
    ("compile_source", "load"),
    ("compile_path", "load"),
    ("LoadError", "load"),
];

/// Longest function allowed, in lines (signature to closing brace).
const MAX_FUNCTION_LINES: usize = 120;

/// Generated files, exempt from the function length rule.
const GENERATED: &[&str] = &["src/teach/glyphs.rs"];

/// Functions that are tables (one match arm per entry), exempt from the
/// length rule: (file, function).
const TABLES: &[(&str, &str)] = &[
    // The English name of each grammar rule, one arm per rule of grammar/.
    ("src/syntax/parser.rs", "rule_name"),
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// (path relative to the crate, text) of every file of `src/`.
fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files
        .into_iter()
        .map(|p| {
            let rel = p
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (rel, fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// The top-level module a file of `src/` belongs to (`src/vm/make.rs` → `vm`).
fn module_of(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("src/")?;
    let first = rest.split('/').next()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (!matches!(name, "lib" | "main")).then_some(name)
}

/// The code of a line, without its comment (doc links are not imports).
fn code_of(line: &str) -> &str {
    let t = line.trim_start();
    if t.starts_with("//") {
        return "";
    }
    match line.find("//") {
        Some(i) if !line[..i].contains('"') => &line[..i],
        _ => line,
    }
}

/// The top-level modules a file's code names through `crate::` (also in
/// grouped imports such as `use crate::{ir, vm::Position}`).
fn crate_references(text: &str) -> BTreeSet<String> {
    let code: String = text.lines().map(code_of).collect::<Vec<_>>().join("\n");
    let mut out = BTreeSet::new();
    let mut rest = code.as_str();
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            out.insert(name);
        }
    }
    out
}

/// The module a name after `crate::` stands for (a re-exported item: its module).
fn module_named(name: &str) -> &str {
    ROOT_ITEMS
        .iter()
        .find(|(item, _)| *item == name)
        .map_or(name, |(_, module)| module)
}

/// A file's code before its unit tests (`#[cfg(test)]`, at the end of a
/// file): tests may load a script through the layers above.
fn code_before_tests(text: &str) -> &str {
    text.find("#[cfg(test)]").map_or(text, |i| &text[..i])
}

fn layer(module: &str) -> u8 {
    LAYERS
        .iter()
        .find(|(m, _)| *m == module)
        .map(|(_, l)| *l)
        .unwrap_or_else(|| {
            panic!("module `{module}` has no layer: add it to LAYERS and to ARCHITECTURE.md")
        })
}

#[test]
fn layers_only_point_down() {
    let mut upward = Vec::new();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in sources() {
        let Some(module) = module_of(&path) else {
            continue;
        };
        for used in crate_references(code_before_tests(&text)) {
            let used = module_named(&used).to_string();
            if used == module {
                continue;
            }
            if layer(&used) > layer(module) {
                upward.push(format!(
                    "{path} uses crate::{used} (layer {} above {})",
                    layer(&used),
                    layer(module)
                ));
            }
            graph.entry(module.to_string()).or_default().insert(used);
        }
    }
    assert!(
        upward.is_empty(),
        "imports that point up:\n{}",
        upward.join("\n")
    );
    // No circle among the folders (modules of one layer may use each other, but not both ways).
    for (from, tos) in &graph {
        for to in tos {
            assert!(
                !reaches(&graph, to, from, &mut BTreeSet::new()),
                "a circle between crate::{from} and crate::{to}"
            );
        }
    }
}

/// The `crate::a::b::c` paths a file's code names, in full.
fn crate_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        let path: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        let mut parts: Vec<String> = path
            .split("::")
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect();
        // `crate::a::{b, c}`: each item of the group.
        if rest[path.len()..].starts_with('{') || path.ends_with("::") {
            let group = &rest[path.len()..];
            let group = group.trim_start_matches('{');
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let mut full = parts.clone();
                full.extend(
                    item.trim()
                        .split("::")
                        .map(|p| p.trim().to_string())
                        .filter(|p| {
                            !p.is_empty()
                                && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                        }),
                );
                out.push(full);
            }
            parts.clear();
        }
        if !parts.is_empty() {
            out.push(parts);
        }
    }
    out
}

/// The file of `src/` a path names: the deepest module file that exists.
fn file_of_path(files: &BTreeSet<String>, path: &[String]) -> Option<String> {
    (1..=path.len()).rev().find_map(|n| {
        let stem = format!("src/{}", path[..n].join("/"));
        [format!("{stem}.rs"), format!("{stem}/mod.rs")]
            .into_iter()
            .find(|f| files.contains(f))
    })
}

fn folder(file: &str) -> &str {
    file.rsplit_once('/').map_or("", |(dir, _)| dir)
}

#[test]
fn no_circle_between_files_of_different_folders() {
    let sources = sources();
    let files: BTreeSet<String> = sources.iter().map(|(p, _)| p.clone()).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in &sources {
        let code: String = code_before_tests(text)
            .lines()
            .map(code_of)
            .collect::<Vec<_>>()
            .join("\n");
        for p in crate_paths(&code) {
            let p: Vec<String> = match p.first().map(|f| module_named(f)) {
                Some(m) if m != p[0] => std::iter::once(m.to_string())
                    .chain(p[1..].iter().cloned())
                    .collect(),
                _ => p,
            };
            if let Some(to) = file_of_path(&files, &p) {
                if &to != path {
                    graph.entry(path.clone()).or_default().insert(to);
                }
            }
        }
    }
    let mut circles = Vec::new();
    for (from, tos) in &graph {
        for to in tos {
            if folder(from) != folder(to) && reaches(&graph, to, from, &mut BTreeSet::new()) {
                circles.push(format!("{from} -> {to} -> ... -> {from}"));
            }
        }
    }
    assert!(
        circles.is_empty(),
        "import circles across folders:\n{}",
        circles.join("\n")
    );
}

fn reaches(
    graph: &BTreeMap<String, BTreeSet<String>>,
    from: &str,
    to: &str,
    seen: &mut BTreeSet<String>,
) -> bool {
    if from == to {
        return true;
    }
    if !seen.insert(from.to_string()) {
        return false;
    }
    graph
        .get(from)
        .is_some_and(|next| next.iter().any(|n| reaches(graph, n, to, seen)))
}

/// Every function's (path, name, length in lines).
fn function_lengths() -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    for (path, text) in sources() {
        if GENERATED.contains(&path.as_str()) {
            continue;
        }
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let code = line.trim_start();
            let indent = &line[..line.len() - code.len()];
            let after_vis = code
                .strip_prefix("pub ")
                .or_else(|| code.strip_prefix("pub(crate) "))
                .or_else(|| code.strip_prefix("pub(super) "))
                .unwrap_or(code);
            let after_const = after_vis.strip_prefix("const ").unwrap_or(after_vis);
            let Some(sig) = after_const.strip_prefix("fn ") else {
                continue;
            };
            let name: String = sig
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            // The body ends at the first line that is the closing brace at the same indent.
            let close = format!("{indent}}}");
            if let Some(end) = lines[i + 1..].iter().position(|l| *l == close) {
                out.push((path.clone(), name, end + 2));
            }
        }
    }
    out
}

#[test]
fn no_function_is_longer_than_about_120_lines() {
    let lengths = function_lengths();
    let long: Vec<String> = lengths
        .iter()
        .filter(|(p, f, n)| *n > MAX_FUNCTION_LINES && !TABLES.contains(&(p.as_str(), f.as_str())))
        .map(|(p, f, n)| format!("{p}: fn {f} is {n} lines"))
        .collect();
    for (path, name) in TABLES {
        assert!(
            lengths.iter().any(|(p, f, _)| p == path && f == name),
            "the table {path}: fn {name} is gone; take it off TABLES"
        );
    }
    assert!(
        long.is_empty(),
        "split these into named steps:\n{}",
        long.join("\n")
    );
}

#[test]
fn no_public_function_returns_a_string_error() {
    let mut found = Vec::new();
    for (path, text) in sources() {
        let code: Vec<&str> = text.lines().map(code_of).collect();
        for (i, line) in code.iter().enumerate() {
            let t = line.trim_start();
            if !(t.starts_with("pub fn ") || t.starts_with("pub const fn ")) {
                continue;
            }
            // The signature runs to the opening brace of the body.
            let mut sig = String::new();
            for l in &code[i..] {
                sig.push_str(l);
                if l.contains('{') || l.trim_end().ends_with(';') {
                    break;
                }
            }
            let sig = sig
                .split('{')
                .next()
                .unwrap_or("")
                .replace(char::is_whitespace, "");
            if sig.contains(",String>") && sig.contains("->Result<") {
                found.push(format!("{path}:{}: {}", i + 1, t.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "public functions with `Result<_, String>`:\n{}",
        found.join("\n")
    );
}
