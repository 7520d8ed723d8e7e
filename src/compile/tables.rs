//! Move and attack tables, built once per variant from the move patterns
//! and the board's geometry.
//!
//! For every piece code and square: the rays a piece there walks (see
//! [`crate::ir::pattern`]). For every square: an *attack trie*, the
//! reversed rays that end on it, merged by common prefix, so that "is this
//! square attacked?" is one walk that stops at the first piece on each branch.

use std::collections::HashMap;

use crate::compile::betza::vocabulary::lame_path;
use crate::ir::geometry::{Geometry, Square, SquareSet};
use crate::ir::pattern::{
    AttackNode, EnPassantSource, MovePattern, MoveTables, PathFlags, Ray, RayKind, Travel, CAPTURE,
    DOUBLE_STEP, EN_PASSANT, MOVE, MUST_BE_OCCUPIED, PROMOTES, ROYAL_ONLY,
};
use crate::ir::piece::{ByColor, Color, Piece, PieceDef, PieceKind};
use crate::ir::rule::PromotionTable;
use crate::ir::Symmetry;

/// Turns a White-oriented vector into the given side's.
pub fn orient((x, y): (i32, i32), color: Color, symmetry: Symmetry) -> (i32, i32) {
    match (color, symmetry) {
        (Color::White, _) => (x, y),
        (Color::Black, Symmetry::Mirror) => (x, -y),
        (Color::Black, Symmetry::Rotate) => (-x, -y),
    }
}

struct RayBuild {
    squares: Vec<Square>,
    flags: Vec<PathFlags>,
    kind: RayKind,
    initial: bool,
    unless_in_check: bool,
    /// Captures of royal pieces only (an attack that ends the game, such as
    /// xiangqi's facing generals): the piece's region rules do not limit it.
    royal_only: bool,
}

/// Builds the tables of a variant, and settles what they decide at
/// compile time: which pieces' moves can be taken back
/// ([`mark_reversible_moves`]) and which declined promotions would leave
/// a piece stuck (`promotion::remove_stuck_declines`).
pub fn settle_tables(
    geometry: &Geometry,
    symmetry: Symmetry,
    pieces: &mut [PieceDef],
    promotion: &mut PromotionTable,
    en_passant_region: Option<&ByColor<SquareSet>>,
) -> MoveTables {
    let tables = build_tables(geometry, symmetry, pieces, promotion, en_passant_region);
    mark_reversible_moves(pieces, geometry, &tables);
    super::promotion::remove_stuck_declines(promotion, &tables);
    tables
}

/// The move tables of the pieces (see [`settle_tables`]).
pub fn build_tables(
    geometry: &Geometry,
    symmetry: Symmetry,
    pieces: &[PieceDef],
    promotion: &PromotionTable,
    en_passant_region: Option<&ByColor<SquareSet>>,
) -> MoveTables {
    let cells = geometry.cells();
    let codes = 1 + 2 * pieces.len();
    let mut t = MoveTables {
        cells,
        ray_ranges: vec![(0, 0); codes * cells],
        may_duplicate: vec![false; codes * cells],
        attack_ranges: vec![(0, 0); cells],
        ..MoveTables::default()
    };
    // Attack paths: per target square, (reversed path, attacker code).
    let mut attack_paths: Vec<Vec<(Vec<Square>, u8)>> = vec![Vec::new(); cells];
    let mut en_passant: Vec<Vec<EnPassantSource>> = vec![Vec::new(); cells];

    for (k, def) in pieces.iter().enumerate() {
        for color in Color::ALL {
            let piece = Piece {
                color,
                kind: PieceKind(k as u8),
            };
            let code = piece.code();
            for from in geometry.squares().iter() {
                let mut rays = piece_rays(geometry, symmetry, def, color, code, from, promotion);
                if let Some(region) = en_passant_region {
                    // `en passant in R`: no capture en passant lands outside it.
                    for ray in &mut rays {
                        for (sq, f) in ray.squares.iter().zip(ray.flags.iter_mut()) {
                            if !region.get(color).contains(*sq) {
                                *f &= !EN_PASSANT;
                            }
                        }
                    }
                }
                let idx = code as usize * cells + from.index();
                t.may_duplicate[idx] = has_duplicate_targets(&rays);
                add_attack_paths(&mut t, &rays, code, from, &mut attack_paths);
                add_en_passant_sources(&t, &rays, code, from, &mut en_passant);
                let start = t.rays.len() as u32;
                for ray in rays {
                    t.rays.push(Ray {
                        start: t.path_squares.len() as u32,
                        len: ray.squares.len() as u16,
                        kind: ray.kind,
                        initial: ray.initial,
                        unless_in_check: ray.unless_in_check,
                    });
                    t.path_squares.extend(ray.squares);
                    t.path_flags.extend(ray.flags);
                }
                t.ray_ranges[idx] = (start, t.rays.len() as u32);
            }
        }
    }

    t.en_passant_ranges = vec![(0, 0); cells];
    for (sq, sources) in en_passant.into_iter().enumerate() {
        let start = t.en_passant_sources.len() as u32;
        t.en_passant_sources.extend(sources);
        t.en_passant_ranges[sq] = (start, t.en_passant_sources.len() as u32);
    }
    for target in geometry.squares().iter() {
        let start = t.attack_nodes.len() as u32;
        let paths = &attack_paths[target.index()];
        flatten_trie(paths, &mut t.attack_nodes);
        t.attack_ranges[target.index()] = (start, t.attack_nodes.len() as u32);
    }
    t
}

/// `Variant::chase_tables`: under `chasing …`, the tables of the pieces
/// without their region rules (None without the rule).
pub fn chase_tables(variant: &crate::ir::Variant) -> Option<Box<MoveTables>> {
    variant.game_end.chasing.as_ref()?;
    Some(Box::new(build_tables(
        &variant.geometry,
        variant.symmetry,
        &without_regions(&variant.pieces),
        &variant.promotion,
        variant.en_passant_region.as_ref(),
    )))
}

/// The pieces with their region rules and regional moves left out (`stay
/// in`, `never enter`, `also … from`, `within`): the tables of
/// `Variant::chase_tables`.
pub fn without_regions(defs: &[PieceDef]) -> Vec<PieceDef> {
    let mut out = defs.to_vec();
    for def in &mut out {
        def.region_rules.clear();
        for p in &mut def.patterns {
            p.from_region = None;
            p.within_region = None;
        }
    }
    out
}

/// The rays of one piece (`code`) on one square: built from its patterns,
/// cut by its region rules, with shared prefixes passed only once and
/// promotion squares flagged.
fn piece_rays(
    geometry: &Geometry,
    symmetry: Symmetry,
    def: &PieceDef,
    color: Color,
    code: u8,
    from: Square,
    promotion: &PromotionTable,
) -> Vec<RayBuild> {
    let creates_en_passant = def.taken_en_passant;
    let mut rays = Vec::new();
    for pattern in &def.patterns {
        build_rays(
            geometry,
            symmetry,
            color,
            from,
            pattern,
            creates_en_passant,
            &mut rays,
        );
    }
    for ray in rays.iter_mut().filter(|r| !r.royal_only) {
        crate::compile::restrict::apply_region_rules(
            &def.region_rules,
            color,
            from,
            &mut ray.squares,
            &mut ray.flags,
        );
    }
    rays.retain(|r| !r.squares.is_empty());
    share_prefixes(&mut rays);
    for ray in rays.iter_mut() {
        for (sq, f) in ray.squares.iter().zip(ray.flags.iter_mut()) {
            if *f & (MOVE | CAPTURE | EN_PASSANT) != 0
                && !promotion.choices_of_move(code, from, *sq).is_empty()
            {
                *f |= PROMOTES;
            }
        }
    }
    rays
}

/// Whether two of the rays can reach the same target, or one ray can
/// reach a target both by a move and by an en passant capture (then move
/// generation must keep one move per target).
fn has_duplicate_targets(rays: &[RayBuild]) -> bool {
    let mut seen = crate::ir::geometry::SquareSet::EMPTY;
    let mut dup = false;
    for ray in rays {
        let mut this_ray = crate::ir::geometry::SquareSet::EMPTY;
        for (sq, f) in ray.squares.iter().zip(&ray.flags) {
            if f & (MOVE | EN_PASSANT) == MOVE | EN_PASSANT {
                dup = true;
            }
            if f & (MOVE | CAPTURE | EN_PASSANT) != 0 {
                if seen.contains(*sq) {
                    dup = true;
                }
                this_ray.insert(*sq);
            }
        }
        seen = seen.union(&this_ray);
    }
    dup
}

/// Adds the attack paths of the rays to the tries' input (a piece whose
/// attacks a trie cannot hold is marked a complex attacker instead).
fn add_attack_paths(
    t: &mut MoveTables,
    rays: &[RayBuild],
    code: u8,
    from: Square,
    attack_paths: &mut [Vec<(Vec<Square>, u8)>],
) {
    for ray in rays {
        let has_capture = ray.flags.iter().any(|f| f & CAPTURE != 0);
        if !has_capture {
            continue;
        }
        let simple = ray.kind == RayKind::Slide
            && !ray.initial
            && ray.flags.iter().all(|f| f & MUST_BE_OCCUPIED == 0);
        if !simple {
            t.complex_attackers |= 1u128 << code;
            continue;
        }
        for (j, (sq, f)) in ray.squares.iter().zip(&ray.flags).enumerate() {
            if f & CAPTURE != 0 {
                let mut path: Vec<Square> = ray.squares[..j].iter().rev().copied().collect();
                path.push(from);
                attack_paths[sq.index()].push((path, code));
            }
        }
    }
}

/// Records, for each en passant square the rays can capture on, where the
/// capturing ray's path will start once the rays are stored.
fn add_en_passant_sources(
    t: &MoveTables,
    rays: &[RayBuild],
    code: u8,
    from: Square,
    en_passant: &mut [Vec<EnPassantSource>],
) {
    // Where each ray's path will start: after the paths of the rays before it.
    let mut path_start = t.path_squares.len() as u32;
    for ray in rays {
        let this_start = path_start;
        path_start += ray.squares.len() as u32;
        if ray.kind != RayKind::Slide {
            continue;
        }
        let path_start = this_start;
        for (j, (sq, f)) in ray.squares.iter().zip(&ray.flags).enumerate() {
            if f & EN_PASSANT != 0 {
                en_passant[sq.index()].push(EnPassantSource {
                    origin: from,
                    code,
                    path_start,
                    before: j as u16,
                    initial: ray.initial,
                });
            }
        }
    }
}

/// Where two rays of one piece start along the same squares (the Rhino's
/// two zig-zags after a shared first step), the later ray only passes the
/// shared squares: the earlier one already ends there, so no move is made twice.
fn share_prefixes(rays: &mut [RayBuild]) {
    // The slide rays seen so far, as a trie of their (square, flags) steps
    // (one per `initial` and `unless in check`): the longest prefix a ray
    // shares with any earlier one is how deep it walks into the trie, in
    // time linear in its length.
    let mut tries: [PrefixTrie; 4] = Default::default();
    for ray in rays.iter_mut() {
        if ray.kind != RayKind::Slide {
            continue;
        }
        let trie = &mut tries[usize::from(ray.initial) + 2 * usize::from(ray.unless_in_check)];
        let shared = trie.longest_prefix(&ray.squares, &ray.flags);
        for f in ray.flags.iter_mut().take(shared) {
            *f &= !(MOVE | CAPTURE | EN_PASSANT | DOUBLE_STEP);
        }
        trie.insert(&ray.squares, &ray.flags);
    }
}

/// A trie of ray steps: node 0 is the root; each node's children by step.
#[derive(Default)]
struct PrefixTrie {
    children: Vec<HashMap<(Square, PathFlags), usize>>,
}

impl PrefixTrie {
    /// How many first steps of the ray some inserted ray shares.
    fn longest_prefix(&self, squares: &[Square], flags: &[PathFlags]) -> usize {
        let mut node = 0;
        let mut depth = 0;
        for step in squares.iter().copied().zip(flags.iter().copied()) {
            match self.children.get(node).and_then(|c| c.get(&step)) {
                Some(&next) => {
                    node = next;
                    depth += 1;
                }
                None => break,
            }
        }
        depth
    }

    fn insert(&mut self, squares: &[Square], flags: &[PathFlags]) {
        if self.children.is_empty() {
            self.children.push(HashMap::new());
        }
        let mut node = 0;
        for step in squares.iter().copied().zip(flags.iter().copied()) {
            node = match self.children[node].get(&step) {
                Some(&next) => next,
                None => {
                    let next = self.children.len();
                    self.children.push(HashMap::new());
                    self.children[node].insert(step, next);
                    next
                }
            };
        }
    }
}

/// Adds the rays of one pattern of a piece of `color` on `from`.
fn build_rays(
    geometry: &Geometry,
    symmetry: Symmetry,
    color: Color,
    from: Square,
    pattern: &MovePattern,
    creates_en_passant: bool,
    out: &mut Vec<RayBuild>,
) {
    if let Some(region) = &pattern.from_region {
        if !region.get(color).contains(from) {
            return;
        }
    }
    if let Some(region) = &pattern.within_region {
        if !region.get(color).contains(from) {
            return;
        }
    }
    let first = out.len();
    let landing = landing_flags(pattern);
    let ray = |squares: Vec<Square>, flags: Vec<PathFlags>, kind: RayKind| RayBuild {
        squares,
        flags,
        kind,
        initial: pattern.initial,
        unless_in_check: pattern.unless_in_check,
        royal_only: pattern.royal_only,
    };
    for path in &pattern.paths {
        let (squares, flags) = path_ray(geometry, symmetry, color, from, path, landing);
        if !squares.is_empty() {
            out.push(ray(squares, flags, RayKind::Slide));
        }
    }
    for &(vx, vy) in &pattern.vectors {
        let (dx, dy) = orient((vx as i32, vy as i32), color, symmetry);
        let built = match pattern.travel {
            Travel::Leap => geometry
                .offset(from, dx, dy)
                .map(|to| (vec![to], vec![landing], RayKind::Slide)),
            Travel::LameLeap | Travel::JumpingLeap => lame_leap_ray(
                geometry,
                from,
                (dx, dy),
                pattern,
                landing,
                creates_en_passant,
            )
            .map(|(squares, flags)| (squares, flags, RayKind::Slide)),
            Travel::Ride { max } => {
                let double_step = creates_en_passant && pattern.moves;
                let (squares, flags) =
                    ride_ray(geometry, from, (dx, dy), max, landing, double_step);
                Some((squares, flags, RayKind::Slide))
            }
            Travel::Path => Some((Vec::new(), Vec::new(), RayKind::Slide)),
            Travel::Hop | Travel::HopRight => {
                let (squares, flags) = ride_ray(geometry, from, (dx, dy), 0, landing, false);
                let kind = if pattern.travel == Travel::Hop {
                    RayKind::Hop
                } else {
                    RayKind::HopRight
                };
                Some((squares, flags, kind))
            }
        };
        if let Some((squares, flags, kind)) = built {
            if !squares.is_empty() {
                out.push(ray(squares, flags, kind));
            }
        }
    }
    if let Some(region) = &pattern.within_region {
        // `within`: each ray ends at its first square outside the region.
        for r in &mut out[first..] {
            let cut = r
                .squares
                .iter()
                .position(|s| !region.get(color).contains(*s))
                .unwrap_or(r.squares.len());
            r.squares.truncate(cut);
            r.flags.truncate(cut);
        }
        out.retain(|r| !r.squares.is_empty());
    }
}

/// What a pattern may do where it lands.
fn landing_flags(pattern: &MovePattern) -> PathFlags {
    let mut landing: PathFlags = 0;
    if pattern.royal_only {
        landing |= ROYAL_ONLY;
    }
    if pattern.moves {
        landing |= MOVE;
    }
    if pattern.captures {
        landing |= CAPTURE;
    }
    if pattern.en_passant {
        landing |= EN_PASSANT;
    }
    landing
}

/// A multi-leg path: its steps followed until the edge or a void, kept up
/// to the last square the move may end on.
fn path_ray(
    geometry: &Geometry,
    symmetry: Symmetry,
    color: Color,
    from: Square,
    path: &[crate::ir::pattern::PathStep],
    landing: PathFlags,
) -> (Vec<Square>, Vec<PathFlags>) {
    let mut squares = Vec::new();
    let mut flags = Vec::new();
    let mut sq = from;
    for step in path {
        let (dx, dy) = orient((step.dx as i32, step.dy as i32), color, symmetry);
        let Some(next) = geometry.offset(sq, dx, dy) else {
            break;
        };
        squares.push(next);
        flags.push(if step.lands {
            landing
        } else if step.over_piece {
            MUST_BE_OCCUPIED
        } else {
            0
        });
        sq = next;
    }
    while flags.last().is_some_and(|f| f & (MOVE | CAPTURE) == 0) {
        squares.pop();
        flags.pop();
    }
    (squares, flags)
}

/// A lame (`n`) or jumping (`j`) leap: the squares passed (empty, or
/// occupied for `j`), then the landing square; `None` off the board.
fn lame_leap_ray(
    geometry: &Geometry,
    from: Square,
    (dx, dy): (i32, i32),
    pattern: &MovePattern,
    landing: PathFlags,
    creates_en_passant: bool,
) -> Option<(Vec<Square>, Vec<PathFlags>)> {
    let to = geometry.offset(from, dx, dy)?;
    let path = lame_path((dx, dy))?;
    let pass = if pattern.travel == Travel::JumpingLeap {
        MUST_BE_OCCUPIED
    } else {
        0
    };
    let mut squares = Vec::new();
    let mut flags = Vec::new();
    let mut ok = true;
    for (px, py) in path {
        match geometry.offset(from, px, py) {
            Some(sq) => {
                squares.push(sq);
                flags.push(pass);
            }
            None => ok = false,
        }
    }
    if !ok {
        return None;
    }
    squares.push(to);
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    let mut f = landing;
    if creates_en_passant && pattern.moves && straight && squares.len() > 1 && pass == 0 {
        f |= DOUBLE_STEP;
    }
    flags.push(f);
    Some((squares, flags))
}

/// A line of up to `max` steps (0: to the edge); with `double_step`,
/// every landing after the first is a double step (it creates en passant).
fn ride_ray(
    geometry: &Geometry,
    from: Square,
    (dx, dy): (i32, i32),
    max: u8,
    landing: PathFlags,
    double_step: bool,
) -> (Vec<Square>, Vec<PathFlags>) {
    let mut squares = Vec::new();
    let mut flags = Vec::new();
    let mut sq = from;
    let mut n = 0;
    while let Some(next) = geometry.offset(sq, dx, dy) {
        let mut f = landing;
        if double_step && n >= 1 {
            f |= DOUBLE_STEP;
        }
        squares.push(next);
        flags.push(f);
        sq = next;
        n += 1;
        if max != 0 && n >= max as usize {
            break;
        }
    }
    (squares, flags)
}

struct TrieNode {
    square: Square,
    attackers: u128,
    children: Vec<usize>,
}

fn flatten_trie(paths: &[(Vec<Square>, u8)], out: &mut Vec<AttackNode>) {
    let mut nodes: Vec<TrieNode> = Vec::new();
    let mut roots: Vec<usize> = Vec::new();
    for (path, code) in paths {
        let mut level: Option<usize> = None;
        for (i, sq) in path.iter().enumerate() {
            let siblings = match level {
                None => roots.clone(),
                Some(p) => nodes[p].children.clone(),
            };
            let found = siblings.into_iter().find(|&n| nodes[n].square == *sq);
            let node = match found {
                Some(n) => n,
                None => {
                    nodes.push(TrieNode {
                        square: *sq,
                        attackers: 0,
                        children: Vec::new(),
                    });
                    let n = nodes.len() - 1;
                    match level {
                        None => roots.push(n),
                        Some(p) => nodes[p].children.push(n),
                    }
                    n
                }
            };
            if i + 1 == path.len() {
                nodes[node].attackers |= 1u128 << code;
            }
            level = Some(node);
        }
    }
    fn emit(nodes: &[TrieNode], n: usize, out: &mut Vec<AttackNode>) -> u128 {
        let at = out.len();
        out.push(AttackNode {
            square: nodes[n].square,
            skip: 0,
            attackers: nodes[n].attackers,
            deeper: 0,
        });
        let mut deeper = 0;
        for &c in &nodes[n].children {
            deeper |= emit(nodes, c, out);
        }
        out[at].skip = out.len() as u32;
        out[at].deeper = deeper;
        deeper | nodes[n].attackers
    }
    for &r in &roots {
        emit(&nodes, r, out);
    }
}

/// Marks the pieces that reset the move rule but have a move they could
/// take straight back ([`PieceDef::moves_back`]: a sideways pawn), for
/// either side.
pub fn mark_reversible_moves(defs: &mut [PieceDef], geometry: &Geometry, tables: &MoveTables) {
    for (i, def) in defs.iter_mut().enumerate() {
        if !def.resets_move_rule {
            continue;
        }
        let kind = PieceKind(i as u8);
        def.moves_back = Color::ALL.into_iter().any(|color| {
            let code = Piece { color, kind }.code();
            geometry.squares().iter().any(|from| {
                tables.rays(code, from).iter().any(|ray| {
                    let squares = ray.start as usize..ray.start as usize + ray.len as usize;
                    squares.into_iter().any(|i| {
                        tables.path_flags[i] & MOVE != 0
                            && tables.moves_quietly(code, tables.path_squares[i], from)
                    })
                })
            })
        });
    }
}
