//! Source files and byte spans.
//!
//! Every script, user file or embedded stdlib module, is registered in a
//! [`SourceMap`] and named by a [`SourceId`]. Spans are byte ranges into one
//! source; line and column are computed only when a diagnostic is rendered.

use std::sync::Arc;

/// Names one source file registered in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SourceId(pub u32);

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    /// The file the range is in.
    pub source: SourceId,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from byte offsets.
    pub fn new(source: SourceId, start: usize, end: usize) -> Span {
        Span {
            source,
            start: start as u32,
            end: end as u32,
        }
    }

    /// The span from `self`'s start to `other`'s end (same source).
    pub fn to(self, other: Span) -> Span {
        Span {
            source: self.source,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// A sub-span, given by offsets relative to this span's start.
    pub fn sub(self, start: usize, end: usize) -> Span {
        Span {
            source: self.source,
            start: self.start + start as u32,
            end: self.start + end as u32,
        }
    }

    /// The range as miette wants it.
    pub fn to_source_span(self) -> miette::SourceSpan {
        (self.start as usize, (self.end - self.start) as usize).into()
    }
}

/// A value with the span it was written at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Pairs a value with its span.
    pub fn new(value: T, span: Span) -> Spanned<T> {
        Spanned { value, span }
    }
}

/// One registered source file.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The name shown in diagnostics (a path, or `stdlib/NAME.variant`).
    pub name: String,
    /// The text.
    pub text: Arc<str>,
}

/// All source files of one compilation.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Registers a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceId {
        self.files.push(SourceFile {
            name: name.into(),
            text: text.into(),
        });
        SourceId(self.files.len() as u32 - 1)
    }

    /// The file behind an id.
    ///
    /// # Panics
    /// If the id was not made by this map.
    pub fn file(&self, id: SourceId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// The text a span covers.
    pub fn slice(&self, span: Span) -> &str {
        &self.file(span.source).text[span.start as usize..span.end as usize]
    }

    /// The file as a miette source, for rendering.
    pub fn named_source(&self, id: SourceId) -> miette::NamedSource<Arc<str>> {
        let file = self.file(id);
        miette::NamedSource::new(file.name.clone(), file.text.clone())
    }
}
