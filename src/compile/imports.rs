//! Reading a script and its imports: each file parsed once, imports from
//! the embedded stdlib loaded before the file that imports them (so a
//! later file overrides an earlier one), import cycles and unknown modules
//! reported. Errors are collected, each pointing into its own file.

use crate::diagnostics::{Code, ScriptError, ScriptErrors};
use crate::source::{SourceId, SourceMap};
use crate::syntax::ast::{self, Item};

/// The files of one compilation and the errors found so far.
pub(super) struct Loader {
    pub sources: SourceMap,
    /// Parsed files in layering order: imports before importers.
    pub files: Vec<ast::File>,
    pub errors: Vec<ScriptError>,
    /// The modules being loaded (to find import cycles).
    loading: Vec<String>,
}

impl Loader {
    /// Parses a script given as text (`name` is shown in diagnostics) and
    /// everything it imports.
    pub fn load_script(name: &str, text: &str) -> Loader {
        let mut sources = SourceMap::new();
        let main = sources.add(name, text.to_string());
        let mut loader = Loader {
            sources,
            files: Vec::new(),
            errors: Vec::new(),
            loading: Vec::new(),
        };
        loader.load(main);
        loader
    }

    /// The errors, in file order, each once (a broken region referred to
    /// twice is still one mistake), with the sources they point into.
    pub fn finish_errors(&mut self) -> ScriptErrors {
        let mut errors = std::mem::take(&mut self.errors);
        errors.sort_by_key(|e| (e.span.source.0, e.span.start, e.span.end));
        errors.dedup_by(|a, b| a.code == b.code && a.span == b.span && a.message == b.message);
        ScriptErrors {
            errors,
            sources: self.sources.clone(),
        }
    }

    fn load(&mut self, id: SourceId) {
        let text = self.sources.file(id).text.clone();
        let file = match crate::syntax::parse(&text, id) {
            Ok(f) => f,
            Err(mut e) => {
                self.errors.append(&mut e);
                return;
            }
        };
        for item in &file.items {
            if let Item::Import(name) = item {
                self.import(&name.value, name.span);
            }
        }
        self.files.push(file);
    }

    fn import(&mut self, module: &str, at: crate::source::Span) {
        if self.loading.iter().any(|m| m == module) {
            self.errors.push(ScriptError::new(
                Code::CompileImportCycle,
                format!("module `{module}` imports itself"),
                at,
                "import cycle",
            ));
            return;
        }
        let already = self
            .files
            .iter()
            .any(|f| self.sources.file(f.source).name == stdlib_name(module));
        if already {
            return;
        }
        match crate::stdlib::module(module) {
            Some(text) => {
                let id = self.sources.add(stdlib_name(module), text);
                self.loading.push(module.to_string());
                self.load(id);
                self.loading.pop();
            }
            None => {
                let known: Vec<&str> = crate::stdlib::MODULES.iter().map(|(n, _)| *n).collect();
                self.errors.push(
                    ScriptError::new(
                        Code::CompileUnknownModule,
                        format!("unknown module `{module}`"),
                        at,
                        "no such stdlib module",
                    )
                    .with_help(format!("the stdlib has: {}", known.join(", "))),
                );
            }
        }
    }
}

fn stdlib_name(module: &str) -> String {
    format!("stdlib/{module}.variant")
}
