//! The `.ini` format Fairy-Stockfish reads its variants from (its
//! `variants.ini`), read the way FS reads it: text before the first
//! `[` is ignored; a section starts with `[name]` or `[name:parent]`; in a
//! section, a line whose first character is `#` or `;` is a comment, and
//! `key = value` sets an option (the key loses trailing spaces, the value
//! leading ones; a later line with the same key overrides an earlier one).
//! FS ignores a line without `=` (its `check` calls it invalid syntax)
//! and reads a header without its `]` on into the lines after: both are
//! kept as the section's `malformed` lines, which the import refuses.

/// One `[name]` or `[name:parent]` section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The variant's name.
    pub name: String,
    /// The section (or built-in variant) it inherits from.
    pub parent: Option<String>,
    /// The 1-based line of the `[...]` header.
    pub line: usize,
    /// The options, in file order, each with its 1-based line.
    pub entries: Vec<Entry>,
    /// Its lines FS would misread: a header without `]`, a line that is
    /// neither a comment nor `key = value` (1-based line, what is wrong).
    pub malformed: Vec<(usize, String)>,
}

/// One `key = value` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The option's name.
    pub key: String,
    /// Its value (leading spaces removed, trailing spaces and `\r` too).
    pub value: String,
    /// The 1-based line.
    pub line: usize,
}

impl Section {
    /// The value of `key` as FS sees it (the last line setting it wins).
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().rev().find(|e| e.key == key)
    }
}

/// Reads an `.ini` text into its sections, in file order.
pub fn parse_ini(text: &str) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let input = raw.strip_suffix('\r').unwrap_or(raw);
        if let Some(header) = input.strip_prefix('[') {
            let mut malformed = Vec::new();
            let header = match header.split_once(']') {
                Some((header, _)) => header,
                None => {
                    malformed.push((
                        line,
                        format!("the header `{input}` has no closing `]` (FS would read the name on into the next lines)"),
                    ));
                    header
                }
            };
            let (name, parent) = match header.split_once(':') {
                Some((name, parent)) => (name, Some(parent.to_string())),
                None => (header, None),
            };
            sections.push(Section {
                name: name.to_string(),
                parent,
                line,
                entries: Vec::new(),
                malformed,
            });
            continue;
        }
        let Some(section) = sections.last_mut() else {
            continue;
        };
        if input.starts_with('#') || input.starts_with(';') {
            continue;
        }
        let Some((key, value)) = input.split_once('=') else {
            if !input.trim().is_empty() {
                section.malformed.push((
                    line,
                    format!(
                        "`{}` is not `key = value` (FS ignores the line)",
                        input.trim()
                    ),
                ));
            }
            continue;
        };
        let key = key.trim_end_matches(' ');
        if key.is_empty() {
            section.malformed.push((
                line,
                format!(
                    "`{}` names no option before `=` (FS ignores the line)",
                    input.trim()
                ),
            ));
            continue;
        }
        section.entries.push(Entry {
            key: key.to_string(),
            value: value.trim().to_string(),
            line,
        });
    }
    sections
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_parents_comments_and_overrides() {
        let text = "# header\nignored = 1\n[a]\nmaxRank = 10\n; note\n# note\nmaxRank=9\nnot an option\n[b:chess]\r\nking = -\r\n";
        let sections = parse_ini(text);
        assert_eq!(sections.len(), 2);
        assert_eq!(sections[0].name, "a");
        assert_eq!(sections[0].parent, None);
        assert_eq!(sections[0].line, 3);
        assert_eq!(sections[0].entries.len(), 2);
        let max_rank = sections[0].get("maxRank").unwrap();
        assert_eq!((max_rank.value.as_str(), max_rank.line), ("9", 7));
        assert_eq!(sections[1].parent.as_deref(), Some("chess"));
        assert_eq!(sections[1].get("king").unwrap().value, "-");
        assert_eq!(
            sections[0].malformed,
            [(
                8,
                "`not an option` is not `key = value` (FS ignores the line)".to_string()
            )]
        );
        assert_eq!(sections[1].malformed, []);
    }

    #[test]
    fn a_header_without_its_bracket_and_a_key_without_a_name_are_malformed() {
        let sections = parse_ini(
            "[a:chess
 = 3

  
",
        );
        assert_eq!(sections[0].name, "a");
        assert_eq!(sections[0].parent.as_deref(), Some("chess"));
        let lines: Vec<usize> = sections[0].malformed.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, [1, 2]);
        assert!(sections[0].malformed[0].1.contains("no closing `]`"));
    }
}
