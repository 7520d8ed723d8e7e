//! Region expressions → sets of squares, from White's side, and their
//! mirror or rotation for Black.

use std::collections::HashMap;

use crate::diagnostics::{Code, ScriptError};
use crate::ir::geometry::{Geometry, Square, SquareSet};
use crate::ir::piece::{ByColor, Color};
use crate::ir::Symmetry;
use crate::source::{Span, Spanned};
use crate::syntax::ast::{RankNumber, RegionDecl, RegionExpr, RegionOp, RegionTerm};
use crate::syntax::limits::MAX_REGION_DEPTH;

/// Evaluates region expressions against one board.
pub struct RegionEvaluator<'a> {
    /// The board.
    pub geometry: &'a Geometry,
    /// Declared regions by name.
    pub declared: HashMap<String, &'a RegionDecl>,
    /// Whether void cells may be named (only while declaring the voids).
    pub allow_voids: bool,
    cache: HashMap<String, SquareSet>,
    /// Regions found broken, with the error (each reported once, and a
    /// long chain of regions not walked again for each of its links).
    broken: HashMap<String, ScriptError>,
    in_progress: Vec<String>,
    /// How many groups and references the evaluation is inside.
    depth: usize,
}

impl<'a> RegionEvaluator<'a> {
    /// An evaluator over a board and its declared regions.
    pub fn new(
        geometry: &'a Geometry,
        declared: HashMap<String, &'a RegionDecl>,
    ) -> RegionEvaluator<'a> {
        RegionEvaluator {
            geometry,
            declared,
            allow_voids: false,
            cache: HashMap::new(),
            broken: HashMap::new(),
            in_progress: Vec::new(),
            depth: 0,
        }
    }

    /// The squares of an expression, as White sees it.
    ///
    /// # Errors
    /// Unknown region names, ranks, files or squares off the board.
    pub fn eval(&mut self, expr: &RegionExpr) -> Result<SquareSet, ScriptError> {
        let mut set = self.eval_term(&expr.first)?;
        for (op, term) in &expr.rest {
            let other = self.eval_term(term)?;
            set = match op {
                RegionOp::Union => set.union(&other),
                RegionOp::Difference => set.difference(&other),
            };
        }
        Ok(set)
    }

    fn eval_term(&mut self, term: &RegionTerm) -> Result<SquareSet, ScriptError> {
        let g = self.geometry;
        let universe: SquareSet = if self.allow_voids {
            (0..g.cells()).map(|i| Square(i as u8)).collect()
        } else {
            *g.squares()
        };
        match term {
            RegionTerm::Ranks { from, to } => {
                let a = self.rank(from)?;
                let b = match to {
                    Some(t) => self.rank(t)?,
                    None => a,
                };
                let (lo, hi) = (a.min(b), a.max(b));
                Ok(universe
                    .iter()
                    .filter(|s| (lo..=hi).contains(&g.rank_of(*s)))
                    .collect())
            }
            RegionTerm::Files { from, to } => {
                let a = self.file(from)?;
                let b = match to {
                    Some(t) => self.file(t)?,
                    None => a,
                };
                let (lo, hi) = (a.min(b), a.max(b));
                Ok(universe
                    .iter()
                    .filter(|s| (lo..=hi).contains(&g.file_of(*s)))
                    .collect())
            }
            RegionTerm::Squares(squares) => {
                let mut set = SquareSet::EMPTY;
                for (from, to) in squares {
                    let a = self.square(from)?;
                    let Some(to) = to else {
                        set.insert(a);
                        continue;
                    };
                    let b = self.square(to)?;
                    let (fa, fb) = (g.file_of(a), g.file_of(b));
                    let (ra, rb) = (g.rank_of(a), g.rank_of(b));
                    let files = fa.min(fb)..=fa.max(fb);
                    let ranks = ra.min(rb)..=ra.max(rb);
                    for s in universe.iter() {
                        if files.contains(&g.file_of(s)) && ranks.contains(&g.rank_of(s)) {
                            set.insert(s);
                        }
                    }
                }
                Ok(set)
            }
            RegionTerm::Ref(name) => self.deeper(name.span, |e| e.eval_ref(name)),
            RegionTerm::Group(expr) => self.deeper(expr.span, |e| e.eval(expr)),
        }
    }

    /// Evaluates a group or a referred region one level deeper, or refuses
    /// past [`MAX_REGION_DEPTH`] (the evaluation recurses once per level).
    fn deeper(
        &mut self,
        at: Span,
        eval: impl FnOnce(&mut Self) -> Result<SquareSet, ScriptError>,
    ) -> Result<SquareSet, ScriptError> {
        if self.depth >= MAX_REGION_DEPTH {
            return Err(ScriptError::new(
                Code::RegionTooDeep,
                format!("regions nested more than {MAX_REGION_DEPTH} deep"),
                at,
                format!("level {}", MAX_REGION_DEPTH + 1),
            )
            .with_help("each parenthesised group and each reference to another region is a level: define a region of the chain from squares, files or ranks"));
        }
        self.depth += 1;
        let result = eval(self);
        self.depth -= 1;
        result
    }

    /// A rank number (0-based), or an "off the board" error.
    fn rank(&self, r: &Spanned<RankNumber>) -> Result<i32, ScriptError> {
        let g = self.geometry;
        let n = match r.value {
            RankNumber::Last => g.ranks() as u32,
            RankNumber::Number(n) => n,
        };
        if n == 0 || n > g.ranks() as u32 {
            return Err(ScriptError::new(
                Code::RegionOffBoard,
                format!("rank {n} is not on the board"),
                r.span,
                format!("the board has ranks 1 to {}", g.ranks()),
            )
            .with_help("write `rank last` for the last rank on any board"));
        }
        Ok(n as i32 - 1)
    }

    /// A file number (0-based), or an "off the board" error.
    fn file(&self, f: &Spanned<char>) -> Result<i32, ScriptError> {
        let g = self.geometry;
        let n = f.value as i32 - 'a' as i32;
        if n < 0 || n >= g.files() as i32 {
            let last = (b'a' + g.files() - 1) as char;
            return Err(ScriptError::new(
                Code::RegionOffBoard,
                format!("file {} is not on the board", f.value),
                f.span,
                format!("the board has files a to {last}"),
            )
            .with_help("files are named by letters from `a`, one per file of the board"));
        }
        Ok(n)
    }

    /// A named square, or an error if it is off the board or (unless voids
    /// are allowed) a void.
    fn square(&self, s: &Spanned<String>) -> Result<Square, ScriptError> {
        let g = self.geometry;
        let Some(sq) = g.parse_cell(&s.value) else {
            return Err(ScriptError::new(
                Code::RegionOffBoard,
                format!("square {} is not on the board", s.value),
                s.span,
                "off the board",
            )
            .with_help(format!(
                "squares run from a1 to {}",
                g.name(Square((g.cells() - 1) as u8))
            )));
        };
        if !self.allow_voids && g.is_void(sq) {
            return Err(ScriptError::new(
                Code::RegionVoidSquare,
                format!("square {} is a void", s.value),
                s.span,
                "void square",
            )
            .with_help("the board declaration removes this square"));
        }
        Ok(sq)
    }

    /// A region by name: evaluated once and cached; unknown names and
    /// regions defined in terms of themselves are errors.
    fn eval_ref(&mut self, name: &Spanned<String>) -> Result<SquareSet, ScriptError> {
        if let Some(set) = self.cache.get(&name.value) {
            return Ok(*set);
        }
        if let Some(e) = self.broken.get(&name.value) {
            return Err(e.clone());
        }
        let Some(decl) = self.declared.get(&name.value).copied() else {
            let mut known: Vec<&str> = self.declared.keys().map(|s| s.as_str()).collect();
            known.sort();
            let help = if known.is_empty() {
                "declare it first, e.g. `region zone = ranks 6..8`".to_string()
            } else {
                format!("known regions: {}", known.join(", "))
            };
            return Err(ScriptError::new(
                Code::RegionUnknown,
                format!("unknown region `{}`", name.value),
                name.span,
                "not declared",
            )
            .with_help(help));
        };
        if self.in_progress.contains(&name.value) {
            return Err(ScriptError::new(
                Code::RegionCycle,
                format!("region `{}` is defined in terms of itself", name.value),
                name.span,
                "refers back to itself",
            )
            .with_help("a region may use other regions, but not (even through them) itself"));
        }
        self.in_progress.push(name.value.clone());
        let result = self.eval(&decl.expr);
        self.in_progress.pop();
        let set = match result {
            Ok(set) => set,
            Err(e) => {
                self.broken.insert(name.value.clone(), e.clone());
                return Err(e);
            }
        };
        self.cache.insert(name.value.clone(), set);
        Ok(set)
    }
}

/// A White-side set and its reflection for Black.
pub fn for_both_sides(
    geometry: &Geometry,
    white: SquareSet,
    symmetry: Symmetry,
) -> ByColor<SquareSet> {
    let black = white
        .iter()
        .map(|s| geometry.reflect(s, symmetry))
        .filter(|s| !geometry.is_void(*s))
        .collect();
    ByColor::from_fn(|c| if c == Color::White { white } else { black })
}
