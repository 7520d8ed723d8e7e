//! Script diagnostics: one error type for every mistake a script can hold,
//! and its rendering with miette.
//!
//! Library code returns [`ScriptErrors`]; only the front-ends render them.

use std::fmt;
use std::sync::Arc;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};

use crate::source::{SourceMap, Span};

/// One mistake in a script, with where it is and how to fix it. (Boxed,
/// so that results carrying it stay small; its fields are read through
/// [`ScriptErrorData`].)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError(Box<ScriptErrorData>);

/// The contents of a [`ScriptError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptErrorData {
    /// A stable code, such as `varia::compile::unknown_piece`.
    pub code: &'static str,
    /// The one-line message.
    pub message: String,
    /// The offending text.
    pub span: Span,
    /// What the label under the offending text says.
    pub label: String,
    /// A hint on how to fix it.
    pub help: Option<String>,
    /// Further places that explain the error (e.g. a first definition).
    pub notes: Vec<(Span, String)>,
}

impl std::ops::Deref for ScriptError {
    type Target = ScriptErrorData;

    fn deref(&self) -> &ScriptErrorData {
        &self.0
    }
}

impl ScriptError {
    /// A new error with a label and no help.
    pub fn new(
        code: &'static str,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
    ) -> ScriptError {
        ScriptError(Box::new(ScriptErrorData {
            code,
            message: message.into(),
            span,
            label: label.into(),
            help: None,
            notes: Vec::new(),
        }))
    }

    /// Adds a hint.
    pub fn with_help(mut self, help: impl Into<String>) -> ScriptError {
        self.0.help = Some(help.into());
        self
    }

    /// Adds a secondary labelled place.
    pub fn with_note(mut self, span: Span, label: impl Into<String>) -> ScriptError {
        self.0.notes.push((span, label.into()));
        self
    }
}

/// All the errors found in one compilation, with the sources they point into.
#[derive(Clone, Debug)]
pub struct ScriptErrors {
    /// The errors, in the order they were found.
    pub errors: Vec<ScriptError>,
    /// The sources their spans refer to.
    pub sources: SourceMap,
}

impl ScriptErrors {
    /// Renders every error as miette draws it, without colour, at width 80.
    /// This is the form the snapshot tests pin.
    pub fn render_plain(&self) -> String {
        self.render(
            GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(80),
        )
    }

    /// Renders every error for a terminal (colour where the terminal supports it).
    pub fn render_for_terminal(&self) -> String {
        let handler = if supports_color() {
            GraphicalReportHandler::new_themed(GraphicalTheme::unicode())
        } else {
            GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        };
        self.render(handler)
    }

    fn render(&self, handler: GraphicalReportHandler) -> String {
        let mut out = String::new();
        for error in &self.errors {
            let located = LocatedError::new(error, &self.sources);
            if handler.render_report(&mut out, &located).is_err() {
                out.push_str(&error.message);
                out.push('\n');
            }
        }
        let n = self.errors.len();
        if n > 1 {
            out.push_str(&format!("{n} errors\n"));
        }
        out
    }
}

impl fmt::Display for ScriptErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.errors.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            let file = self.sources.file(error.span.source);
            let (line, col) = line_col(&file.text, error.span.start as usize);
            write!(f, "{}:{}:{}: {}", file.name, line, col, error.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for ScriptErrors {}

/// The 1-based line and column of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn supports_color() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}

/// One error joined with its source file, as miette renders it.
#[derive(Debug)]
struct LocatedError {
    code: &'static str,
    message: String,
    help: Option<String>,
    labels: Vec<LabeledSpan>,
    source: NamedSource<Arc<str>>,
    other_file_notes: Vec<String>,
}

impl LocatedError {
    fn new(error: &ScriptError, sources: &SourceMap) -> LocatedError {
        let mut labels = vec![LabeledSpan::new_primary_with_span(
            Some(error.label.clone()),
            error.span.to_source_span(),
        )];
        let mut other_file_notes = Vec::new();
        for (span, label) in &error.notes {
            if span.source == error.span.source {
                labels.push(LabeledSpan::new_with_span(
                    Some(label.clone()),
                    span.to_source_span(),
                ));
            } else {
                let file = sources.file(span.source);
                let (line, col) = line_col(&file.text, span.start as usize);
                other_file_notes.push(format!("{label} ({}:{line}:{col})", file.name));
            }
        }
        let mut help = error.help.clone();
        if !other_file_notes.is_empty() {
            let notes = other_file_notes.join("; ");
            help = Some(match help {
                Some(h) => format!("{h}\n{notes}"),
                None => notes,
            });
        }
        LocatedError {
            code: error.code,
            message: error.message.clone(),
            help,
            labels,
            source: sources.named_source(error.span.source),
            other_file_notes,
        }
    }
}

impl fmt::Display for LocatedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LocatedError {}

impl Diagnostic for LocatedError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let _ = &self.other_file_notes;
        Some(Box::new(self.labels.iter().cloned()))
    }
}
