//! A readable listing of a compiled variant (`varia dump`), used for
//! snapshots and for looking at what the compiler made of a script. The
//! rules are written in the language's own words (`symmetry mirror`,
//! `checkmate loses`, `castling K white: …`), never as Rust debug text.

use std::fmt::{self, Write};

use crate::ir::pattern::Travel;
use crate::ir::piece::{Color, Piece, PieceKind};
use crate::ir::rule::{ConnectLines, ConnectShape, GameResult};
use crate::ir::setup::ShuffleRule;
use crate::ir::{SquareSet, Symmetry, Variant};

/// `wins`, `loses`, `draws`, as scripts write a result.
/// `white` or `black`, as scripts write a side (`restrict white …`).
/// `pass when stuck`, `full board draws`.
fn write_counted_ends(
    f: &mut fmt::Formatter<'_>,
    e: &crate::ir::rule::GameEndRules,
) -> fmt::Result {
    if e.pass_when_stuck {
        writeln!(f, "pass when stuck")?;
    }
    if e.pass_allowed {
        writeln!(f, "pass allowed")?;
    }
    if let Some(r) = e.facing_royals {
        writeln!(f, "facing royals {}", r.word())?;
    }
    if let Some(b) = e.back_and_forth {
        writeln!(
            f,
            "moving back and forth {} (free kinds: white {:#x}, black {:#x})",
            b.result.word(),
            b.free.white,
            b.free.black
        )?;
    }
    if let Some(p) = &e.draws_on_points {
        let values: Vec<String> = p.values.iter().map(|v| v.to_string()).collect();
        writeln!(
            f,
            "draws win on points by kind [{}] plus {} half points for {}",
            values.join(", "),
            p.bonus_halves,
            side_word(p.bonus_side)
        )?;
    }
    if e.full_board_draws {
        writeln!(f, "full board draws")?;
    }
    Ok(())
}

/// What follows `repetition N`: nothing for a draw, ` wins`, ` wins for black`.
fn repetition_words(value: crate::ir::rule::RepetitionResult) -> String {
    match (value.result, value.side) {
        (GameResult::Draws, _) => String::new(),
        (r, None) => format!(" {}", r.word()),
        (r, Some(side)) => format!(" {} for {}", r.word(), side_word(side)),
    }
}

fn side_word(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = &self.geometry;
        writeln!(f, "variant {:?}", self.name)?;
        if self.side_names.white != "White" || self.side_names.black != "Black" {
            writeln!(
                f,
                "sides {:?} {:?}",
                self.side_names.white, self.side_names.black
            )?;
        }
        write!(f, "board {} x {}", g.files(), g.ranks())?;
        let voids: Vec<String> = (0..g.cells())
            .map(|i| i as u8)
            .map(crate::ir::geometry::Square)
            .filter(|s| g.is_void(*s))
            .map(|s| g.name(s))
            .collect();
        if !voids.is_empty() {
            write!(f, " without {}", voids.join(" "))?;
        }
        writeln!(f)?;
        let symmetry = match self.symmetry {
            Symmetry::Mirror => "mirror",
            Symmetry::Rotate => "rotate",
        };
        writeln!(f, "symmetry {symmetry}")?;
        for region in &self.regions {
            let names: Vec<String> = region.squares.white.iter().map(|s| g.name(s)).collect();
            writeln!(f, "region {} = squares {}", region.name, names.join(" "))?;
        }
        self.write_pieces(f)?;
        self.write_any_start_castling(f)?;
        for r in self.castling.iter().filter(|r| !r.any_start) {
            writeln!(
                f,
                "castling {} {}: {} {}->{} with {} {}->{}",
                r.letter,
                side_word(r.color),
                self.piece(r.king).name,
                g.name(r.king_from),
                g.name(r.king_to),
                self.piece(r.rook).name,
                g.name(r.rook_from),
                g.name(r.rook_to)
            )?;
        }
        self.write_shuffle(f)?;
        self.write_game_end(f)?;
        self.write_move_rules(f)?;
        if let Some(h) = &self.hands {
            self.fmt_hands(h, f)?;
        }
        write!(f, "setup {:?}", self.start_fen)
    }
}

impl Variant {
    /// Castling from any start, as declared (White's squares), with how
    /// many start pairs each makes for a side.
    fn write_any_start_castling(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = &self.geometry;
        let mut seen = Vec::new();
        for r in self.castling.iter().filter(|r| r.any_start) {
            let form = (r.king, r.king_to, r.rook, r.rook_to);
            if r.color == Color::White && !seen.contains(&form) {
                seen.push(form);
            }
        }
        for (king, king_to, rook, rook_to) in seen {
            let pairs = self
                .castling
                .iter()
                .filter(|r| {
                    r.any_start
                        && r.color == Color::White
                        && r.king_to == king_to
                        && r.rook_to == rook_to
                })
                .count();
            writeln!(
                f,
                "castling {} to {} with {} to {} from any start ({pairs} start pairs a side)",
                self.piece(king).name,
                g.name(king_to),
                self.piece(rook).name,
                g.name(rook_to)
            )?;
        }
        Ok(())
    }

    /// `shuffle …`: the squares and the rules.
    fn write_shuffle(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(shuffle) = &self.shuffle else {
            return Ok(());
        };
        let g = &self.geometry;
        let squares: Vec<String> = shuffle.squares.iter().map(|&s| g.name(s)).collect();
        let name = |k: PieceKind| self.piece(k).name.as_str();
        let rules: Vec<String> = shuffle
            .rules
            .iter()
            .map(|rule| match *rule {
                ShuffleRule::OppositeColours(a, b) => {
                    format!("{} and {} on opposite colours", name(a), name(b))
                }
                ShuffleRule::Between(m, a, b) => {
                    format!("{} between {} and {}", name(m), name(a), name(b))
                }
            })
            .collect();
        write!(f, "shuffle squares {}", squares.join(" "))?;
        if !rules.is_empty() {
            write!(f, " with {}", rules.join(", "))?;
        }
        writeln!(f)
    }

    /// The pieces, their moves and promotions.
    fn write_pieces(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.pieces.iter().enumerate() {
            let moves = if p.betza.is_empty() {
                "immobile".to_string()
            } else {
                format!("{:?}", p.betza)
            };
            writeln!(
                f,
                "piece {} {} {moves}{}",
                p.name,
                p.token(Color::White),
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
                if pat.unless_in_check {
                    modes.push("not-in-check");
                }
                if pat.from_region.is_some() {
                    modes.push("from-region");
                }
                if pat.within_region.is_some() {
                    modes.push("within-region");
                }
                writeln!(f, "{line} [{}]", modes.join(","))?;
            }
            if p.first_moves_in_fen {
                writeln!(f, "  first moves written in FEN")?;
            }
            if p.first_moves_lost_to != 0 {
                let names = self.kind_names(p.first_moves_lost_to).join(", ");
                writeln!(
                    f,
                    "  first moves lost when {names} moves onto its rank or file"
                )?;
            }
            self.write_promotions(f, PieceKind(i as u8))?;
            if let Some(n) = self.promotion.limit(PieceKind(i as u8)) {
                writeln!(f, "  promoted into only while fewer than {n} on the board")?;
            }
            for color in Color::ALL {
                let bans = *p.never_takes.get(color);
                if bans != 0 {
                    let names: Vec<&str> = (0..self.pieces.len())
                        .filter(|k| bans & (1 << k) != 0)
                        .map(|k| self.pieces[k].name.as_str())
                        .collect();
                    writeln!(f, "  never takes {} {}", names.join(", "), side_word(color))?;
                }
                let hops = *p.never_hops.get(color);
                if hops != 0 {
                    let names: Vec<&str> = (0..self.pieces.len())
                        .filter(|k| hops & (1 << k) != 0)
                        .map(|k| self.pieces[k].name.as_str())
                        .collect();
                    writeln!(
                        f,
                        "  never hops over {} {}",
                        names.join(", "),
                        side_word(color)
                    )?;
                }
                if *p.only_takes_checker.get(color) {
                    writeln!(f, "  in check only takes the checker {}", side_word(color))?;
                }
            }
        }
        Ok(())
    }

    /// Where a piece kind promotes, for each side: on arriving (`on`), on
    /// leaving (`leaving`, `in or from`), and where it may decline.
    fn write_promotions(&self, f: &mut fmt::Formatter<'_>, kind: PieceKind) -> fmt::Result {
        let g = &self.geometry;
        let t = &self.promotion;
        for color in Color::ALL {
            let code = Piece { color, kind }.code();
            for (table, word) in [(&t.by_square, "on"), (&t.by_origin, "leaving")] {
                let mut by_set: Vec<(usize, Vec<String>)> = Vec::new();
                for sq in g.squares().iter() {
                    let c = table.get(code as usize * t.cells + sq.index()).copied();
                    if let Some(c) = c.filter(|&c| c > 0) {
                        match by_set.iter_mut().find(|(s, _)| *s == c as usize) {
                            Some((_, v)) => v.push(g.name(sq)),
                            None => by_set.push((c as usize, vec![g.name(sq)])),
                        }
                    }
                }
                for (set, squares) in by_set {
                    let names: Vec<&str> = t.choice_sets[set - 1]
                        .iter()
                        .map(|k| self.piece(*k).name.as_str())
                        .collect();
                    writeln!(
                        f,
                        "  promotes {} {word} {} to {}",
                        side_word(color),
                        squares.join(" "),
                        names.join(", ")
                    )?;
                }
            }
            if t.by_capture_only(code) {
                writeln!(f, "  promotes {} only when capturing", side_word(color))?;
            }
            for rule in t
                .standing
                .iter()
                .filter(|r| r.color == color && r.piece == kind)
            {
                self.write_standing(f, rule)?;
            }
            if let Some(squares) = t.may_decline.get(code as usize).filter(|s| !s.is_empty()) {
                let names: Vec<String> = squares.iter().map(|sq| g.name(sq)).collect();
                writeln!(
                    f,
                    "  may decline {} on {}",
                    side_word(color),
                    names.join(" ")
                )?;
            }
        }
        Ok(())
    }

    /// `only promotions with … alone …`, if the variant has it.
    fn write_promotions_only(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(rule) = &self.game_end.promotions_only else {
            return Ok(());
        };
        let names: Vec<&str> = rule
            .kinds
            .iter()
            .map(|k| self.piece(*k).name.as_str())
            .collect();
        writeln!(
            f,
            "only promotions with {} alone {}",
            names.join(", "),
            rule.result.word()
        )
    }

    /// A standing promotion (`promote … in place`), one side's.
    fn write_standing(
        &self,
        f: &mut fmt::Formatter<'_>,
        rule: &crate::ir::rule::StandingPromotion,
    ) -> fmt::Result {
        let g = &self.geometry;
        let squares: Vec<String> = rule.region.iter().map(|sq| g.name(sq)).collect();
        let names: Vec<&str> = rule
            .choices
            .iter()
            .map(|k| self.piece(*k).name.as_str())
            .collect();
        let mut words = vec!["in place"];
        if rule.by_its_move {
            words.push("or by its move");
        }
        let mut line = words.join(" ");
        for (on, word) in [
            (rule.anywhere_if_last, ", anywhere if last"),
            (rule.never_attacking, ", never attacking"),
            (rule.never_checking, ", never checking"),
        ] {
            if on {
                line.push_str(word);
            }
        }
        writeln!(
            f,
            "  promotes {} standing on {} to {} {line}",
            side_word(rule.color),
            squares.join(" "),
            names.join(", ")
        )
    }

    /// Makruk's counts, as the script writes them.
    fn write_counting(
        &self,
        f: &mut fmt::Formatter<'_>,
        counting: &crate::ir::rule::Counting,
    ) -> fmt::Result {
        let names = |kinds: &[PieceKind]| -> String {
            let names: Vec<&str> = kinds.iter().map(|k| self.piece(*k).name.as_str()).collect();
            names.join(", ")
        };
        if let Some(board) = &counting.board {
            match board.at_most_pieces {
                Some(n) => writeln!(f, "counting board {} when at most {n} pieces", board.moves)?,
                None => writeln!(
                    f,
                    "counting board {} when no {}",
                    board.moves,
                    names(&board.unless_on_board)
                )?,
            }
        }
        if let Some(bare) = &counting.bare {
            let terms: Vec<String> = bare
                .limits
                .iter()
                .map(|l| {
                    format!(
                        "{} against {} {}",
                        l.moves,
                        l.at_least,
                        self.piece(l.kind).name
                    )
                })
                .chain(bare.otherwise.map(|n| format!("{n} otherwise")))
                .collect();
            writeln!(
                f,
                "counting bare{} when no {}: {}",
                if bare.from_pieces { " from pieces" } else { "" },
                names(&bare.unless_on_board),
                terms.join(", ")
            )?;
        }
        Ok(())
    }

    /// How games end, as the script's declarations say it.
    /// `reaching hill with King wins`, one line a goal.
    fn write_goals(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = &self.geometry;
        for goal in &self.game_end.goals {
            let names: Vec<&str> = goal
                .kinds
                .iter()
                .map(|k| self.piece(*k).name.as_str())
                .collect();
            let squares: Vec<String> = goal.squares.white.iter().map(|s| g.name(s)).collect();
            let place = match &goal.region_name {
                Some(name) => name.clone(),
                None => format!("squares {}", squares.join(" ")),
            };
            let count = if goal.count > 1 {
                format!("{} ", goal.count)
            } else {
                String::new()
            };
            writeln!(
                f,
                "reaching {place} with {count}{} {}{}",
                names.join(", "),
                GameResult::word(goal.result),
                if goal.unattacked {
                    " if unattacked"
                } else if goal.after_reply {
                    " after a reply"
                } else if goal.when_full {
                    " or when full"
                } else {
                    ""
                }
            )?;
        }
        Ok(())
    }

    /// `connecting 4 along ranks, files with Pawn wins`, one line a rule.
    fn write_connects(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = &self.geometry;
        for rule in &self.game_end.connects {
            let side = match (rule.sides.white, rule.sides.black) {
                (true, false) => "white ",
                (false, true) => "black ",
                _ => "",
            };
            let squares = |set: &crate::ir::geometry::SquareSet| {
                let names: Vec<String> = set.iter().map(|s| g.name(s)).collect();
                format!("squares {}", names.join(" "))
            };
            let seen_by = if rule.sides.white {
                Color::White
            } else {
                Color::Black
            };
            let shape = match &rule.shape {
                ConnectShape::Row(n) => n.to_string(),
                ConnectShape::Line(n) => format!("{n} on one line"),
                ConnectShape::Block(files, ranks) => format!("{files} x {ranks}"),
                ConnectShape::Chain { from, to } => format!(
                    "{} to {}",
                    squares(from.get(seen_by)),
                    squares(to.get(seen_by))
                ),
            };
            let along = if rule.lines == ConnectLines::ALL {
                String::new()
            } else {
                let plural: Vec<String> =
                    rule.lines.names().iter().map(|n| format!("{n}s")).collect();
                format!(" along {}", plural.join(", "))
            };
            let with = if rule.kinds == u64::MAX {
                String::new()
            } else {
                format!(" with {}", self.kind_names(rule.kinds).join(", "))
            };
            writeln!(
                f,
                "{side}connecting {shape}{along}{with} {}",
                rule.result.word()
            )?;
        }
        Ok(())
    }

    fn write_game_end(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.game_end;
        match e.checkmate {
            Some(r) => writeln!(f, "checkmate {}", GameResult::word(r))?,
            None => writeln!(f, "# no checkmate rule")?,
        }
        if let Some(by) = &e.checkmate_by {
            let names = self.kind_names(by.kinds).join(", ");
            writeln!(f, "checkmate by {names} alone {}", by.result.word())?;
        }
        if let Some(rule) = &e.mating_checks {
            let names = self.kind_names(rule.kinds).join(", ");
            writeln!(
                f,
                "checkmate {} unless its checks include {names}",
                rule.result.word()
            )?;
        }
        let fewer = if e.stalemate_by_fewer_pieces {
            " with fewer pieces"
        } else {
            ""
        };
        writeln!(f, "stalemate {}{fewer}", GameResult::word(e.stalemate))?;
        // (Before `repetition N`, which would read a `draws` after it.)
        if e.draws_to_more_pieces {
            writeln!(f, "draws win for more pieces")?;
        }
        match (e.move_rule, self.move_rule_resetters()) {
            (Some(n), None) => writeln!(f, "move-rule {n}")?,
            (Some(n), Some(named)) if named.is_empty() => {
                writeln!(f, "move-rule {n} reset by captures")?
            }
            (Some(n), Some(named)) => writeln!(
                f,
                "move-rule {n} reset by captures and {}",
                named.join(", ")
            )?,
            (None, _) => writeln!(f, "# no move rule")?,
        }
        match e.repetition {
            Some(n) => writeln!(f, "repetition {n}{}", repetition_words(e.repetition_result))?,
            None => writeln!(f, "# no repetition rule")?,
        }
        if e.perpetual_check {
            writeln!(f, "perpetual check loses")?;
        }
        if let Some(rule) = &e.chasing {
            writeln!(f, "{}", self.chasing_declaration(rule))?;
        }
        self.write_goals(f)?;
        self.write_connects(f)?;
        for rule in &e.extinctions {
            let names: Vec<&str> = rule
                .kinds
                .iter()
                .map(|k| self.piece(*k).name.as_str())
                .collect();
            let what = if names.is_empty() {
                "piece".to_string()
            } else {
                names.join(", ")
            };
            let count = match rule.at_most {
                0 => "every".to_string(),
                n => format!("all but {n}"),
            };
            let back = if rule.bare_back {
                " unless bared back"
            } else {
                ""
            };
            writeln!(
                f,
                "losing {count} {what} {}{back}",
                GameResult::word(rule.result)
            )?;
        }
        if let Some(counting) = &e.counting {
            self.write_counting(f, counting)?;
        }
        self.write_promotions_only(f)?;
        if let Some(limit) = e.check_limit {
            writeln!(
                f,
                "giving {} checks {}",
                limit.checks,
                GameResult::word(limit.result)
            )?;
        }
        if let Some(side) = e.draw_odds {
            let side = if side == Color::White {
                "white"
            } else {
                "black"
            };
            writeln!(f, "draws win for {side}")?;
        }
        write_counted_ends(f, e)
    }

    /// The rules that shape the moves rather than end the game: royal
    /// groups, compulsory captures, no checks, the en passant region,
    /// walls, explosions.
    fn write_move_rules(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for group in &self.royal_groups {
            let names = self.kind_names(group.kinds);
            let which = if group.every { "every" } else { "the last" };
            writeln!(f, "check when {which} {} is attacked", names.join(", "))?;
        }
        if self.compulsory_capture {
            writeln!(f, "captures compulsory")?;
        }
        let petrifying: Vec<&str> = self
            .pieces
            .iter()
            .filter(|p| p.petrifies)
            .map(|p| p.name.as_str())
            .collect();
        if !petrifying.is_empty() {
            writeln!(f, "captures petrify {}", petrifying.join(", "))?;
        }
        if self.checks_forbidden {
            writeln!(f, "checks forbidden")?;
        }
        if self.opposite_castling {
            writeln!(f, "castling on opposite wings")?;
        }
        for (color, side) in [(Color::White, "white"), (Color::Black, "black")] {
            if let Some(wing) = self.castling_win_wing_words(color) {
                writeln!(f, "castling{wing} wins for {side}")?;
            }
        }
        let names = |set: &crate::ir::geometry::SquareSet| {
            set.iter()
                .map(|sq| self.geometry.name(sq))
                .collect::<Vec<_>>()
                .join(" ")
        };
        if let Some(region) = &self.en_passant_region {
            writeln!(f, "en passant in squares {}", names(&region.white))?;
        }
        if let Some(victims) = self.en_passant_victims() {
            writeln!(f, "en passant takes {}", victims.join(", "))?;
        }
        if let Some(walls) = &self.walls {
            let word = match walls.placement {
                crate::ir::rule::WallPlacement::Behind => "behind",
                crate::ir::rule::WallPlacement::Anywhere => "anywhere",
                crate::ir::rule::WallPlacement::Shot => "shot",
                crate::ir::rule::WallPlacement::Duck => "duck",
                crate::ir::rule::WallPlacement::FromEdge => "from-edge",
            };
            write!(f, "walls {word}")?;
            if walls.region.white != *self.geometry.squares() {
                write!(f, " in squares {}", names(&walls.region.white))?;
            }
            if walls.instead_of_moving {
                write!(f, " instead-of-moving")?;
            }
            writeln!(f)?;
        }
        match self.flip {
            Some(crate::ir::rule::Flip::Enclosed) => writeln!(f, "flip enclosed")?,
            Some(crate::ir::rule::Flip::Adjacent) => writeln!(f, "flip adjacent")?,
            Some(crate::ir::rule::Flip::AdjacentUnlessDroppedAlone) => {
                writeln!(f, "flip adjacent unless dropped alone")?
            }
            None => {}
        }
        if let Some(explosion) = &self.explosion {
            let spared: Vec<&str> = explosion
                .spared
                .iter()
                .map(|k| self.piece(*k).name.as_str())
                .collect();
            let immune: Vec<&str> = explosion
                .immune
                .iter()
                .map(|k| self.piece(*k).name.as_str())
                .collect();
            write!(f, "captures explode")?;
            if !spared.is_empty() {
                write!(f, " sparing {}", spared.join(", "))?;
            }
            if !immune.is_empty() {
                write!(f, " immune {}", immune.join(", "))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A kind's drop rules in the language's words (` one-per-file no-mate`).
fn drop_rule_words(h: &crate::ir::hand::Hands, k: usize) -> String {
    let mut rules = String::new();
    match h.per_file[k] {
        0 => {}
        1 => rules.push_str(" one-per-file"),
        n => rules.push_str(&format!(" {n}-per-file")),
    }
    if h.no_mate[k] {
        rules.push_str(" no-mate");
    }
    if h.no_check[k] {
        rules.push_str(" no-check");
    }
    if h.faces[k].is_some() {
        rules.push_str(" either-face");
    }
    if h.opposite_colours[k] {
        rules.push_str(" opposite-colours");
    }
    if h.beside_own[k] {
        rules.push_str(" beside-own");
    }
    if h.away_from_enemy[k] {
        rules.push_str(" away-from-enemy");
    }
    if h.enclosing[k] {
        rules.push_str(" enclosing");
    }
    if h.falling[k] {
        rules.push_str(" falling");
    }
    rules
}

impl Variant {
    /// The hands in the language's words: `hands keep captures`, the
    /// demotions, and each kind's drop squares (as White sees them, and a
    /// line a side where Black's are not White's reflected) with its drop
    /// rules (never-stuck squares are left out of the list).
    fn fmt_hands(&self, h: &crate::ir::hand::Hands, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = &self.geometry;
        if h.keep_captures {
            writeln!(f, "hands keep captures")?;
        } else if h.unlimited {
            writeln!(f, "hands unlimited")?;
        } else {
            writeln!(f, "hands")?;
        }
        if let Some(k) = h.promoted_to {
            writeln!(f, "demote promoted to {}", self.piece(k).name)?;
        }
        for (k, def) in self.pieces.iter().enumerate() {
            let to = h.demoted[k];
            if to.0 as usize != k {
                writeln!(f, "demote {} to {}", def.name, self.piece(to).name)?;
            }
            if def.royal_like() && !h.royal_drops {
                continue;
            }
            let seen = h.drop_squares_seen(g, self.symmetry, PieceKind(k as u8));
            let (squares, black) = (&seen.white, seen.black);
            let rules = drop_rule_words(h, k);
            if !h.drops {
                continue;
            }
            let drop_line = |f: &mut fmt::Formatter<'_>, side: &str, squares: &SquareSet| {
                if squares == g.squares() {
                    writeln!(f, "drop {side}{}{rules}", def.name)
                } else {
                    let names: Vec<String> = squares.iter().map(|s| g.name(s)).collect();
                    writeln!(
                        f,
                        "drop {side}{} in squares {}{rules}",
                        def.name,
                        names.join(" ")
                    )
                }
            };
            if h.never_dropped[k] {
                writeln!(f, "drop {} never", def.name)?;
            } else if black == *squares {
                drop_line(f, "", squares)?;
            } else {
                drop_line(f, "white ", squares)?;
                drop_line(f, "black ", &black)?;
            }
        }
        if !h.drops {
            writeln!(f, "drop none")?;
        }
        if h.compulsory {
            writeln!(f, "drops compulsory")?;
        }
        if let Some(first) = h.first_fill_seen(g, self.symmetry) {
            let names =
                |set: &SquareSet| set.iter().map(|s| g.name(s)).collect::<Vec<_>>().join(" ");
            if first.white == first.black {
                writeln!(f, "drops first fill squares {}", names(&first.white))?;
            } else {
                writeln!(f, "white drops first fill squares {}", names(&first.white))?;
                writeln!(f, "black drops first fill squares {}", names(&first.black))?;
            }
        }
        if h.castling_from_drops {
            writeln!(f, "castling from drops")?;
        }
        if let Some(gating) = &h.gating {
            let kinds: Vec<&str> = self
                .pieces
                .iter()
                .enumerate()
                .filter(|&(k, _)| {
                    let code = Piece {
                        color: Color::White,
                        kind: PieceKind(k as u8),
                    }
                    .code();
                    !gating.squares[code as usize].is_empty()
                })
                .map(|(_, def)| def.name.as_str())
                .collect();
            let names: Vec<String> = gating.region.white.iter().map(|s| g.name(s)).collect();
            writeln!(
                f,
                "gate {} in squares {}",
                kinds.join(", "),
                names.join(" ")
            )?;
        }
        Ok(())
    }
}

impl Variant {
    /// `chasing loses: …` as a script would declare it (region squares
    /// written out from White's side).
    pub fn chasing_declaration(&self, rule: &crate::ir::rule::Chasing) -> String {
        let name = |k: usize| self.pieces[k].name.as_str();
        let mut clauses: Vec<String> = Vec::new();
        // Kinds that outrank the same set of kinds share a clause.
        let mut done = vec![false; rule.outranks.len()];
        for (k, &mask) in rule.outranks.iter().enumerate() {
            if mask == 0 || done[k] {
                continue;
            }
            let chasers: Vec<&str> = (k..rule.outranks.len())
                .filter(|&j| rule.outranks[j] == mask)
                .inspect(|&j| done[j] = true)
                .map(name)
                .collect();
            let chased: Vec<&str> = (0..self.pieces.len())
                .filter(|&j| mask >> j & 1 != 0)
                .map(name)
                .collect();
            clauses.push(format!(
                "{} outrank {}",
                chasers.join(", "),
                chased.join(", ")
            ));
        }
        for (i, (kind, region)) in rule.only_in.iter().enumerate() {
            let place = match rule.region_names.get(i) {
                Some(Some(name)) => name.clone(),
                _ => {
                    let squares: Vec<String> =
                        region.white.iter().map(|s| self.geometry.name(s)).collect();
                    format!("squares {}", squares.join(" "))
                }
            };
            clauses.push(format!("{} chased only in {place}", self.piece(*kind).name));
        }
        if clauses.is_empty() {
            "chasing loses".to_string()
        } else {
            format!("chasing loses: {}", clauses.join("; "))
        }
    }
}
