//! A readable listing of a compiled variant (`varia dump`), used for
//! snapshots and for looking at what the compiler made of a script.

use std::fmt::{self, Write};

use crate::ir::pattern::Travel;
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::ir::Variant;

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = &self.geometry;
        writeln!(f, "variant {:?}", self.name)?;
        write!(f, "board {} x {}", g.files(), g.ranks())?;
        let voids: Vec<String> = (0..g.cells() as u16)
            .map(crate::ir::geometry::Square)
            .filter(|s| g.is_void(*s))
            .map(|s| g.name(s))
            .collect();
        if !voids.is_empty() {
            write!(f, " without {}", voids.join(" "))?;
        }
        writeln!(f)?;
        writeln!(f, "symmetry {:?}", self.symmetry)?;
        for region in &self.regions {
            let names: Vec<String> = region.squares.white.iter().map(|s| g.name(s)).collect();
            writeln!(f, "region {} = {}", region.name, names.join(" "))?;
        }
        for (i, p) in self.pieces.iter().enumerate() {
            writeln!(
                f,
                "piece {} {} {:?}{}",
                p.name,
                p.letter,
                p.betza,
                if p.royal { " royal" } else { "" }
            )?;
            for pat in &p.patterns {
                let mut line = String::new();
                let travel = match pat.travel {
                    Travel::Leap => "leap".to_string(),
                    Travel::LameLeap => "lame-leap".to_string(),
                    Travel::JumpingLeap => "jumping-leap".to_string(),
                    Travel::Ride { max: 0 } => "ride".to_string(),
                    Travel::Ride { max } => format!("ride<={max}"),
                    Travel::Hop => "hop".to_string(),
                    Travel::HopRight => "hop-right".to_string(),
                    Travel::Path => format!("path x{}", pat.paths.len()),
                };
                let _ = write!(line, "  {travel}");
                for (x, y) in &pat.vectors {
                    let _ = write!(line, " ({x},{y})");
                }
                let mut modes = Vec::new();
                if pat.moves {
                    modes.push("move");
                }
                if pat.captures {
                    modes.push("capture");
                }
                if pat.en_passant {
                    modes.push("en-passant");
                }
                if pat.initial {
                    modes.push("first-move");
                }
                writeln!(f, "{line} [{}]", modes.join(","))?;
            }
            for color in Color::ALL {
                let code = Piece {
                    color,
                    kind: PieceKind(i as u8),
                }
                .code();
                let mut by_set: Vec<(usize, Vec<String>)> = Vec::new();
                for sq in g.squares().iter() {
                    let c =
                        self.promotion.by_square[code as usize * self.promotion.cells + sq.index()];
                    if c > 0 {
                        match by_set.iter_mut().find(|(s, _)| *s == c as usize) {
                            Some((_, v)) => v.push(g.name(sq)),
                            None => by_set.push((c as usize, vec![g.name(sq)])),
                        }
                    }
                }
                for (set, squares) in by_set {
                    let names: Vec<&str> = self.promotion.choice_sets[set - 1]
                        .iter()
                        .map(|k| self.piece(*k).name.as_str())
                        .collect();
                    writeln!(
                        f,
                        "  promotes ({color:?}) on {} to {}",
                        squares.join(" "),
                        names.join(", ")
                    )?;
                }
            }
        }
        for r in &self.castling {
            writeln!(
                f,
                "castling {} {:?}: {} {}->{} with {} {}->{}",
                r.letter,
                r.color,
                self.piece(r.king).name,
                g.name(r.king_from),
                g.name(r.king_to),
                self.piece(r.rook).name,
                g.name(r.rook_from),
                g.name(r.rook_to)
            )?;
        }
        let e = &self.game_end;
        writeln!(f, "checkmate {:?}", e.checkmate)?;
        writeln!(f, "stalemate {:?}", e.stalemate)?;
        writeln!(f, "move-rule {:?}", e.move_rule)?;
        writeln!(f, "repetition {:?}", e.repetition)?;
        if let Some(h) = &self.hands {
            self.fmt_hands(h, f)?;
        }
        write!(f, "setup {:?}", self.start_fen)
    }
}

impl Variant {
    /// The hands: whether captures are kept, the demotions, and each
    /// kind's drop squares for White with its drop rules.
    fn fmt_hands(&self, h: &crate::ir::hand::Hands, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = &self.geometry;
        writeln!(f, "hands keep-captures {}", h.keep_captures)?;
        if let Some(k) = h.promoted_to {
            writeln!(f, "demote promoted -> {}", self.piece(k).name)?;
        }
        for (k, def) in self.pieces.iter().enumerate() {
            let to = h.demoted[k];
            if to.0 as usize != k {
                writeln!(f, "demote {} -> {}", def.name, self.piece(to).name)?;
            }
            if def.royal {
                continue;
            }
            let code = Piece {
                color: Color::White,
                kind: PieceKind(k as u8),
            }
            .code();
            let squares = &h.drop_squares[code as usize];
            let mut rules = Vec::new();
            if h.one_per_file[k] {
                rules.push("one-per-file");
            }
            if h.no_mate[k] {
                rules.push("no-mate");
            }
            let extra = if rules.is_empty() {
                String::new()
            } else {
                format!(" [{}]", rules.join(","))
            };
            if squares == g.squares() {
                writeln!(f, "drop {} anywhere{extra}", def.name)?;
            } else {
                let names: Vec<String> = squares.iter().map(|s| g.name(s)).collect();
                writeln!(f, "drop {} on {}{extra}", def.name, names.join(" "))?;
            }
        }
        Ok(())
    }
}
