//! What a Fairy-Stockfish variant is made of, as far as the bridge reads
//! it: FS's piece types with their option names and Betza, its built-in
//! variants (those the bridge knows) written as `.ini` text, and a section
//! resolved with its parent chain into one set of pieces and options.

use std::collections::BTreeMap;

pub use super::built_ins::BUILT_INS;
use super::ini::{parse_ini, Section};
use super::ImportError;

/// FS's piece types in its own order (`PieceType`), with the option name
/// that sets the piece's letter and the piece's Betza (`None`: a piece
/// whose moves FS hard-codes beyond its Betza, which varia cannot take).
pub const PIECE_TYPES: &[(&str, Option<&str>)] = &[
    ("pawn", Some("fmWfceF")),
    ("knight", Some("N")),
    ("bishop", Some("B")),
    ("rook", Some("R")),
    ("queen", Some("Q")),
    ("fers", Some("F")),
    ("alfil", Some("A")),
    ("fersAlfil", Some("FA")),
    ("silver", Some("FfW")),
    ("aiwok", Some("RNF")),
    ("bers", Some("RF")),
    ("archbishop", Some("BN")),
    ("chancellor", Some("RN")),
    ("amazon", Some("QN")),
    ("knibis", Some("mNcB")),
    ("biskni", Some("mBcN")),
    ("kniroo", Some("mNcR")),
    ("rookni", Some("mRcN")),
    ("shogiPawn", Some("fW")),
    ("lance", Some("fR")),
    ("shogiKnight", Some("fN")),
    ("gold", Some("WfF")),
    ("dragonHorse", Some("BW")),
    ("clobber", Some("cW")),
    ("breakthrough", Some("fmWfF")),
    ("immobile", None),
    ("cannon", Some("mRcpR")),
    ("janggiCannon", None),
    ("soldier", None),
    ("horse", Some("nN")),
    ("elephant", Some("nA")),
    // FS moves it as `nZ`, the lame zebra, and writes it so.
    ("janggiElephant", Some("mafsmafW")),
    ("banner", Some("RcpRnN")),
    ("wazir", Some("W")),
    ("commoner", Some("K")),
    ("centaur", Some("KN")),
];

/// A limit of FS's pieces' honour: (moves, at least, FS's type); `None`:
/// any other material.
pub type CountLimit = (u32, u32, Option<&'static str>);

/// One of FS's counting rules (`countingRule`, from
/// `Position::counting_limit`), as varia's `counting` says it.
#[derive(Debug)]
pub struct CountingRule {
    /// Its `countingRule` value.
    pub name: &'static str,
    /// The board's honour, if it counts one (`counting board 64 when no
    /// Pawn`, `counting board 63 when at most 3 pieces`).
    pub board: Option<BoardHonour>,
    /// Whether the pieces' honour starts from the number of pieces on the
    /// board (`counting bare from pieces`).
    pub from_pieces: bool,
    /// The pieces' honour, first that applies.
    pub limits: &'static [CountLimit],
}

/// FS's board's honour: its limit, and when it counts.
#[derive(Debug)]
pub struct BoardHonour {
    /// The limit in moves.
    pub moves: u32,
    /// When it counts.
    pub when: BoardWhen,
}

/// When FS's board's honour counts.
#[derive(Debug)]
pub enum BoardWhen {
    /// Once no pawn is left (Makruk's: `when no Pawn`).
    NoPawn,
    /// For a side with at most this many pieces, pawns or not
    /// (Cambodian's: `when at most 3 pieces`).
    AtMostPieces(u32),
}

/// FS's counting rules.
pub const COUNTING_RULES: &[CountingRule] = &[
    CountingRule {
        name: "makruk",
        board: Some(BoardHonour {
            moves: 64,
            when: BoardWhen::NoPawn,
        }),
        from_pieces: true,
        limits: &[
            (8, 2, Some("rook")),
            (16, 1, Some("rook")),
            (22, 2, Some("silver")),
            (32, 2, Some("knight")),
            (44, 1, Some("silver")),
            (64, 1, None),
        ],
    },
    CountingRule {
        name: "cambodian",
        board: Some(BoardHonour {
            moves: 63,
            when: BoardWhen::AtMostPieces(3),
        }),
        from_pieces: true,
        limits: &[
            (7, 2, Some("rook")),
            (15, 1, Some("rook")),
            (21, 2, Some("silver")),
            (31, 2, Some("knight")),
            (43, 1, Some("silver")),
            (63, 1, None),
        ],
    },
    CountingRule {
        name: "asean",
        board: None,
        from_pieces: false,
        limits: &[
            (16, 1, Some("rook")),
            (44, 1, Some("silver")),
            (64, 1, Some("knight")),
        ],
    },
];

/// FS's number of custom piece slots (`customPiece1` … `customPiece25`).
pub const CUSTOM_PIECES: usize = 25;

/// A piece of the resolved variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FsPiece {
    /// FS's option name (`knight`, `customPiece1`, `king`).
    pub key: String,
    /// Its letter, upper case.
    pub letter: char,
    /// Its Betza in FS's dialect (`None`: moves FS hard-codes).
    pub betza: Option<String>,
    /// Royal (FS's king, or a custom king `king = k:BETZA`).
    pub royal: bool,
    /// A custom king (`king = k:BETZA`), FS's custom royal type rather
    /// than its own `king`.
    pub custom_king: bool,
    /// The line of the .ini that gave it (`None`: FS's chess, or a
    /// built-in parent).
    pub line: Option<usize>,
}

/// An option's value and where it was set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setting {
    /// The value as written.
    pub value: String,
    /// The line in the `.ini` (`None`: set by a built-in parent).
    pub line: Option<usize>,
    /// The built-in variant it comes from, if any.
    pub built_in: Option<&'static str>,
}

/// A section with its parent chain applied: the pieces and the last value
/// of every option.
#[derive(Debug, Clone)]
pub struct Resolved {
    /// The section's name.
    pub name: String,
    /// The section's header as written (`name:parent`).
    pub header: String,
    /// The pieces, in FS's order.
    pub pieces: Vec<FsPiece>,
    /// Every option the chain sets, but the piece letters.
    pub options: BTreeMap<String, Setting>,
    /// The promotion choices as piece option names (resolved against the
    /// letters when they were set, as FS does).
    pub promotion_types: Vec<String>,
    /// Where `promotion_types` was last set.
    pub promotion_types_line: Option<usize>,
    /// Black's promotion choices (`promotionPieceTypesBlack`; White's,
    /// `promotion_types`, unless a section sets them apart).
    pub black_promotion_types: Vec<String>,
    /// FS's shogi-style promotions (`promotedPieceType = p:g s:g`), by
    /// piece option name: what each type promotes to (`None`: `x:-`, no
    /// promotion). Each section's entries change the parent's, as in FS.
    pub promoted: BTreeMap<String, Option<String>>,
}

/// The orthodox chess pieces FS starts from.
fn chess_pieces() -> Vec<FsPiece> {
    [
        ("pawn", 'P'),
        ("knight", 'N'),
        ("bishop", 'B'),
        ("rook", 'R'),
        ("queen", 'Q'),
    ]
    .iter()
    .map(|&(key, letter)| FsPiece {
        key: key.to_string(),
        letter,
        betza: built_in_betza(key).map(str::to_string),
        royal: false,
        custom_king: false,
        line: None,
    })
    .chain(std::iter::once(FsPiece {
        key: "king".to_string(),
        letter: 'K',
        betza: Some("K".to_string()),
        royal: true,
        custom_king: false,
        line: None,
    }))
    .collect()
}

fn built_in_betza(key: &str) -> Option<&'static str> {
    PIECE_TYPES
        .iter()
        .find(|(k, _)| *k == key)
        .and_then(|(_, b)| *b)
}

/// Every piece option name in FS's order: the built-in types, the custom
/// slots, then `king`.
fn piece_keys() -> Vec<String> {
    PIECE_TYPES
        .iter()
        .map(|(k, _)| k.to_string())
        .chain((1..=CUSTOM_PIECES).map(|n| format!("customPiece{n}")))
        .chain(std::iter::once("king".to_string()))
        .collect()
}

/// Whether `key` names a piece type.
pub fn is_piece_key(key: &str) -> bool {
    key == "king"
        || PIECE_TYPES.iter().any(|(k, _)| *k == key)
        || key
            .strip_prefix("customPiece")
            .and_then(|n| n.parse::<usize>().ok())
            .is_some_and(|n| (1..=CUSTOM_PIECES).contains(&n))
}

/// One layer of the chain: a section's options (or a built-in's).
struct Layer<'a> {
    section: &'a Section,
    built_in: Option<&'static str>,
}

/// A line FS would misread, in the section or a parent (never a game
/// other than the one written), refused by its line.
fn refuse_malformed(chain: &[Layer], target: &Section) -> Result<(), ImportError> {
    for layer in chain.iter().filter(|l| l.built_in.is_none()) {
        if let Some((line, why)) = layer.section.malformed.first() {
            let reason = if std::ptr::eq(layer.section, target) {
                why.clone()
            } else {
                format!("in its parent [{}]: {why}", layer.section.name)
            };
            return Err(ImportError {
                section: target.name.clone(),
                line: Some(*line),
                option: "syntax".into(),
                reason,
            });
        }
    }
    Ok(())
}

/// Resolves `sections[index]` with its parents (earlier sections of the
/// file, or built-ins), as FS builds the variant.
pub fn resolve(sections: &[Section], index: usize) -> Result<Resolved, ImportError> {
    let target = &sections[index];
    let error = |line: Option<usize>, option: &str, reason: String| ImportError {
        section: target.name.clone(),
        line,
        option: option.to_string(),
        reason,
    };
    if BUILT_INS.iter().any(|(n, _)| *n == target.name) {
        return Err(error(
            Some(target.line),
            "section",
            format!(
                "`{}` is a Fairy-Stockfish built-in: FS ignores a section of that name",
                target.name
            ),
        ));
    }
    let built_in_sections: Vec<(&'static str, Section)> = BUILT_INS
        .iter()
        .map(|&(name, text)| {
            let mut parsed = parse_ini(&format!("[{name}]\n{text}"));
            (name, parsed.remove(0))
        })
        .collect();
    let (chain, base_is_chess) = parent_chain(sections, index, &built_in_sections)?;
    refuse_malformed(&chain, target)?;
    let (mut pieces, orthodox_choices) = if base_is_chess {
        (
            chess_pieces(),
            vec![
                "queen".to_string(),
                "rook".to_string(),
                "bishop".to_string(),
                "knight".to_string(),
            ],
        )
    } else {
        (Vec::new(), Vec::new())
    };
    let mut choices = PromotionChoices {
        white: orthodox_choices.clone(),
        white_line: None,
        black: orthodox_choices,
    };
    let mut promoted = BTreeMap::new();
    let mut options = BTreeMap::new();
    let keys = piece_keys();
    for layer in &chain {
        let line_of = |line: usize| {
            if layer.built_in.is_some() {
                None
            } else {
                Some(line)
            }
        };
        for key in &keys {
            let Some(entry) = layer.section.get(key) else {
                continue;
            };
            // FS takes a removed piece out of the promotion choices, also
            // one given again (its `add_piece` removes the piece that had
            // the letter, even itself, before adding the new one).
            let removed = apply_piece(&mut pieces, key, &entry.value, line_of(entry.line));
            choices.white.retain(|k| !removed.contains(k));
            choices.black.retain(|k| !removed.contains(k));
        }
        read_promotion_choices(layer, &pieces, &mut choices).map_err(|(key, line, letter)| {
            error(
                line_of(line),
                key,
                format!("no piece has the letter `{letter}`"),
            )
        })?;
        for entry in &layer.section.entries {
            if is_piece_key(&entry.key) {
                continue;
            }
            if entry.key == "promotedPieceType" {
                read_promoted(&pieces, &entry.value, &mut promoted).map_err(|letter| {
                    error(
                        line_of(entry.line),
                        &entry.key,
                        format!("no piece has the letter `{letter}`"),
                    )
                })?;
            }
            options.insert(
                entry.key.clone(),
                Setting {
                    value: entry.value.clone(),
                    line: line_of(entry.line),
                    built_in: layer.built_in,
                },
            );
        }
    }
    let header = match &target.parent {
        Some(p) => format!("{}:{p}", target.name),
        None => target.name.clone(),
    };
    Ok(Resolved {
        name: target.name.clone(),
        header,
        pieces,
        options,
        promotion_types: choices.white,
        promotion_types_line: choices.white_line,
        black_promotion_types: choices.black,
        promoted,
    })
}

/// Each side's promotion choices as the chain sets them.
struct PromotionChoices {
    white: Vec<String>,
    /// Where White's were last set (`None`: a built-in's line).
    white_line: Option<usize>,
    black: Vec<String>,
}

/// A layer's `promotionPieceTypes`, then its `White` and `Black` forms
/// (FS reads them in that order, wherever the section writes them), the
/// letters read against the pieces as they are; `Err` names the option,
/// its line and a letter no piece has.
fn read_promotion_choices(
    layer: &Layer,
    pieces: &[FsPiece],
    choices: &mut PromotionChoices,
) -> Result<(), (&'static str, usize, char)> {
    for key in [
        "promotionPieceTypes",
        "promotionPieceTypesWhite",
        "promotionPieceTypesBlack",
    ] {
        let Some(entry) = layer.section.get(key) else {
            continue;
        };
        let types = letters_to_keys(pieces, &entry.value).map_err(|c| (key, entry.line, c))?;
        if key != "promotionPieceTypesBlack" {
            choices.white = types.clone();
            choices.white_line = layer.built_in.is_none().then_some(entry.line);
        }
        if key != "promotionPieceTypesWhite" {
            choices.black = types;
        }
    }
    Ok(())
}

/// FS's `promotedPieceType = p:g s:g r:-` into `promoted` (each type's
/// entry replaced, the others kept), the letters read against the pieces
/// as they are when the option is set; `Err(letter)` for a letter no
/// piece has.
fn read_promoted(
    pieces: &[FsPiece],
    value: &str,
    promoted: &mut BTreeMap<String, Option<String>>,
) -> Result<(), char> {
    let tokens: Vec<char> = value.chars().filter(|c| !c.is_whitespace()).collect();
    let key = |c: char| {
        pieces
            .iter()
            .find(|p| p.letter == c.to_ascii_uppercase())
            .map(|p| p.key.clone())
            .ok_or(c)
    };
    for entry in tokens.chunks(3) {
        let [from, ':', to] = entry else {
            return Err(entry.first().copied().unwrap_or(':'));
        };
        let target = if *to == '-' { None } else { Some(key(*to)?) };
        promoted.insert(key(*from)?, target);
    }
    Ok(())
}

/// The layers from the base (a built-in, or none) down to
/// `sections[index]`: parents are earlier sections of the file first, then
/// built-ins. `true` when the base is a built-in (FS's chess defaults).
fn parent_chain<'a>(
    sections: &'a [Section],
    index: usize,
    built_in_sections: &'a [(&'static str, Section)],
) -> Result<(Vec<Layer<'a>>, bool), ImportError> {
    let target = &sections[index];
    let error = |line: Option<usize>, option: &str, reason: String| ImportError {
        section: target.name.clone(),
        line,
        option: option.to_string(),
        reason,
    };
    let mut chain: Vec<Layer> = vec![Layer {
        section: target,
        built_in: None,
    }];
    let mut current = target;
    let mut base_is_chess = false;
    let mut limit = 0;
    while let Some(parent) = &current.parent {
        limit += 1;
        if limit > 64 {
            return Err(error(
                Some(current.line),
                "parent",
                "the parent chain is too long (a cycle?)".into(),
            ));
        }
        let position = sections
            .iter()
            .position(|s| std::ptr::eq(s, current))
            .unwrap_or(index);
        if let Some(found) = sections[..position]
            .iter()
            .rev()
            .find(|s| &s.name == parent)
        {
            chain.push(Layer {
                section: found,
                built_in: None,
            });
            current = found;
        } else if let Some((name, section)) = built_in_sections.iter().find(|(n, _)| n == parent) {
            chain.push(Layer {
                section,
                built_in: Some(name),
            });
            base_is_chess = true;
            break;
        } else {
            return Err(error(
                Some(current.line),
                "parent",
                format!("the parent `{parent}` is neither an earlier section nor a built-in the bridge knows (it knows {})", BUILT_INS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")),
            ));
        }
    }
    chain.reverse();
    Ok((chain, base_is_chess))
}

/// FS's `add_piece`/`remove_piece` for one `key = value` line; the keys of
/// the pieces it removes.
fn apply_piece(
    pieces: &mut Vec<FsPiece>,
    key: &str,
    value: &str,
    line: Option<usize>,
) -> Vec<String> {
    let Some(first) = value.chars().next() else {
        return Vec::new();
    };
    let letter = first.to_ascii_uppercase();
    let removed: Vec<String> = pieces
        .iter()
        .filter(|p| p.key == key || (first.is_ascii_alphabetic() && p.letter == letter))
        .map(|p| p.key.clone())
        .collect();
    pieces.retain(|p| !removed.contains(&p.key));
    if !first.is_ascii_alphabetic() {
        return removed;
    }
    let custom_betza = value
        .get(2..)
        .filter(|_| value.len() > 1)
        .map(str::to_string);
    let custom_king = key == "king" && custom_betza.is_some();
    let (betza, royal) = if key == "king" {
        (Some(custom_betza.unwrap_or_else(|| "K".to_string())), true)
    } else if key.starts_with("customPiece") {
        (custom_betza, false)
    } else {
        (built_in_betza(key).map(str::to_string), false)
    };
    let piece = FsPiece {
        key: key.to_string(),
        letter,
        custom_king,
        betza,
        royal,
        line,
    };
    // Keep FS's order of piece types.
    let order = piece_keys();
    let rank = |k: &str| order.iter().position(|o| o == k).unwrap_or(usize::MAX);
    let at = pieces
        .iter()
        .position(|p| rank(&p.key) > rank(key))
        .unwrap_or(pieces.len());
    pieces.insert(at, piece);
    removed
}

/// Piece letters (`qrbn`) as piece option names; `Err(letter)` for a
/// letter no piece has. Non-letters (`-`, spaces) are skipped.
pub fn letters_to_keys(pieces: &[FsPiece], letters: &str) -> Result<Vec<String>, char> {
    letters
        .chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| {
            pieces
                .iter()
                .find(|p| p.letter == c.to_ascii_uppercase())
                .map(|p| p.key.clone())
                .ok_or(c)
        })
        .collect()
}

/// One move of a Betza string as FS's parser (`piece.cpp`) reads it: the
/// modifiers, the atom and, for a rider, a digit or the atom again.
#[derive(Debug, PartialEq, Eq)]
pub struct BetzaGroup {
    /// The group's text.
    pub text: String,
    /// Its atom (`None`: modifiers left after the last atom).
    pub atom: Option<char>,
    /// Whether it is a lame (`n`) leap: FS never lames a rider.
    pub lame_leap: bool,
}

/// The leaper atoms whose lame (`n`) leap FS has no path for: it has lame
/// leaper tables for `D`, `N`, `A` and `Z` (`J`) only (`bitboard.cpp`),
/// and generates no move of any other (`nW`, `nC`, `nK`…).
pub const LAME_WITHOUT_PATH: &str = "WFHLCGK";

/// A Betza string's moves as FS reads them.
pub fn betza_groups(betza: &str) -> Vec<BetzaGroup> {
    const ATOMS: &str = "WFDNAHLCJZGKRBQ";
    let mut groups = Vec::new();
    let mut text = String::new();
    let mut chars = betza.chars().peekable();
    while let Some(c) = chars.next() {
        text.push(c);
        if !ATOMS.contains(c) {
            continue;
        }
        let lame = text.contains('n');
        let mut rider = "RBQ".contains(c);
        if let Some(&next) = chars.peek() {
            if next.is_ascii_digit() || next == c {
                rider = true;
                text.push(next);
                chars.next();
            }
        }
        groups.push(BetzaGroup {
            text: std::mem::take(&mut text),
            atom: Some(c),
            lame_leap: lame && !rider,
        });
    }
    if !text.is_empty() {
        groups.push(BetzaGroup {
            text,
            atom: None,
            lame_leap: false,
        });
    }
    groups
}
