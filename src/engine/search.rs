//! The search: alpha-beta (principal variation search) with iterative
//! deepening and aspiration windows, a quiescence search over captures and
//! promotions (standing pat before it generates moves, skipping captures
//! that cannot reach alpha and captures of defended pieces by more
//! valuable ones), a transposition table, check extensions, null-move
//! pruning (not for a side with only pawn-like and royal pieces, where
//! zugzwang is common), reverse futility, futility and late-move pruning
//! of quiet moves near the leaves, logarithmic late-move reductions, and
//! move ordering by the table's move, captures by value (most valuable
//! victim, least valuable attacker), killer moves and the history
//! heuristic. Each of these was kept only with a match showing it helps
//! (BENCHMARKS.md, "Playing strength").
//!
//! It runs on the rules VM ([`crate::vm::Position`]) like everything else,
//! so it plays every variant, and it scores game ends by the variant's
//! own rules (checkmate, stalemate, move rule, repetition, a count run
//! out, and the variant's own game ends: goals, checks to give, royal pieces blown up,
//! game-end hooks, each a win or loss at its distance like a mate). It stops at
//! its depth, time or node limit, or when its stop flag is raised (the
//! REPL raises it on Ctrl-C). What a position is worth lives in
//! [`crate::engine::eval`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::engine::eval::Evaluator;
use crate::ir::rule::GameResult;
use crate::vm::{HookError, Move, MoveKind, Position};

/// The score of a mate at the root; a mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = MATE + 1;
const MAX_PLY: usize = 96;
/// Reverse futility pruning: the deepest node it applies to, and its margin per ply.
const REVERSE_FUTILITY_DEPTH: i32 = 6;
const REVERSE_FUTILITY_CP: i32 = 90;
/// Null-move pruning searches `depth - 1 - (this + depth / 4)` plies.
const NULL_MOVE_REDUCTION: i32 = 3;
/// Late-move pruning: the deepest node whose late quiet moves are skipped.
const LATE_MOVE_DEPTH: i32 = 3;
/// Futility pruning of quiet moves: the deepest node, and the margin per ply.
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_CP: i32 = 100;
/// Quiescence: a capture that leaves the score this far below alpha is skipped.
const DELTA_MARGIN_CP: i32 = 200;
/// Quiescence: a capture of a defended piece worth this much less than its
/// taker is skipped.
const BAD_CAPTURE_SLACK_CP: i32 = 50;
/// Aspiration windows: the first half-width around the last score.
const ASPIRATION_CP: i32 = 35;

/// When to stop searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// The time budget.
    pub time: Option<Duration>,
    /// The node budget.
    pub nodes: Option<u64>,
}

impl Limits {
    /// A search to a fixed depth, without a clock.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            time: None,
            nodes: None,
        }
    }

    /// A search for a given time (up to 64 plies deep).
    pub fn time(time: Duration) -> Limits {
        Limits {
            depth: 64,
            time: Some(time),
            nodes: None,
        }
    }
}

/// What one finished iteration found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Depth of the iteration.
    pub depth: u32,
    /// Selective depth: the most plies from the root the iteration reached,
    /// check extensions and the quiescence search included.
    pub seldepth: u32,
    /// Score for the side to move (centipawns, or beyond [`MATE_BOUND`] for mates).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// The search's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (None: the game is over).
    pub best: Option<Move>,
    /// Its score for the side to move.
    pub score: i32,
    /// The deepest finished iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Whether the stop flag, a limit or a failing hook cut the search short.
    pub interrupted: bool,
    /// The hook failure that stopped the search, if one did (with no
    /// best move when it failed at the root).
    pub hook_error: Option<HookError>,
}

#[derive(Clone, Copy, Debug, Default)]
struct TtEntry {
    key: u64,
    mv: Option<Move>,
    score: i32,
    depth: i16,
    bound: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// A searcher for one variant, with its tables (keep it between moves).
#[derive(Debug)]
pub struct Engine {
    eval: Evaluator,
    tt: Vec<TtEntry>,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    /// Late-move reductions by depth and move number.
    reductions: Vec<[i32; 64]>,
    /// By piece kind: whether having one makes null-move pruning safe.
    null_move_pieces: Vec<bool>,
    cells: usize,
    buffers: Vec<Vec<Move>>,
    pv: Vec<Vec<Move>>,
    stop: Arc<AtomicBool>,
    nodes: u64,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    /// The most plies from the root a node of this iteration was at.
    seldepth: usize,
    aborted: bool,
    hook_error: Option<HookError>,
}

impl Engine {
    /// An engine for the position's variant, with a table of 2^20 entries.
    pub fn new(pos: &Position) -> Engine {
        Engine::with_table_bits(pos, 20)
    }

    /// An engine with a transposition table of `2^bits` entries.
    pub fn with_table_bits(pos: &Position, bits: u32) -> Engine {
        let variant = pos.variant();
        let cells = variant.geometry.cells();
        let codes = 2 * variant.pieces.len() + 1;
        Engine {
            eval: Evaluator::new(variant),
            tt: vec![TtEntry::default(); 1 << bits.clamp(8, 26)],
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; codes * cells],
            reductions: (0..64)
                .map(|d| {
                    let mut row = [0; 64];
                    for (i, r) in row.iter_mut().enumerate().skip(1) {
                        if d > 0 {
                            *r = (0.5 + (d as f64).ln() * (i as f64).ln() / 2.25) as i32;
                        }
                    }
                    row
                })
                .collect(),
            null_move_pieces: variant
                .pieces
                .iter()
                .map(|p| !p.royal && !p.pawn_like)
                .collect(),
            cells,
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            start: Instant::now(),
            deadline: None,
            node_limit: None,
            seldepth: 0,
            aborted: false,
            hook_error: None,
        }
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// Uses this flag to stop: raising it ends the search soon with the best move so far.
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    /// Forgets what earlier searches learnt (transposition table, history).
    pub fn clear(&mut self) {
        self.tt.iter_mut().for_each(|e| *e = TtEntry::default());
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Searches the position; `on_info` hears about each finished iteration.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: Limits,
        mut on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        self.start = Instant::now();
        self.deadline = limits.time.map(|t| self.start + t);
        self.node_limit = limits.nodes;
        self.nodes = 0;
        self.aborted = false;
        for k in self.killers.iter_mut() {
            *k = [None; 2];
        }
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        self.hook_error = None;
        let mut pos = pos.clone();
        let mut root_moves = Vec::new();
        let root_error = pos.legal_moves_in_place(&mut root_moves).err();
        if root_error.is_some() {
            root_moves.clear();
        }
        let mut result = SearchResult {
            best: root_moves.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: root_moves.first().copied().into_iter().collect(),
            interrupted: root_error.is_some(),
            hook_error: root_error,
        };
        if root_moves.is_empty() {
            return result;
        }
        let max_depth = limits.depth.clamp(1, MAX_PLY as u32 - 8);
        for depth in 1..=max_depth {
            self.seldepth = 0;
            let score = self.search_root(&mut pos, depth as i32, result.score);
            if self.aborted {
                // A partly searched iteration still improves on the last
                // one if its first (the previous best) move was searched.
                if let Some(&mv) = self.pv[0].first() {
                    if Some(mv) != result.best && !self.pv[0].is_empty() && depth > 1 {
                        result.best = Some(mv);
                        result.pv = self.pv[0].clone();
                    }
                }
                result.interrupted = true;
                result.hook_error = self.hook_error.take();
                break;
            }
            result.best = self.pv[0].first().copied().or(result.best);
            result.pv = self.pv[0].clone();
            result.score = score;
            result.depth = depth;
            let info = SearchInfo {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv: result.pv.clone(),
            };
            on_info(&info);
            if score.abs() >= MATE_BOUND && (MATE - score.abs()) as u32 <= depth {
                break; // a forced mate found within the horizon
            }
            if let (Some(t), Some(_)) = (limits.time, self.deadline) {
                // Do not start an iteration that cannot finish.
                if self.start.elapsed() * 2 > t {
                    break;
                }
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.start.elapsed();
        result
    }

    /// One iteration: first in a narrow window around the last score
    /// (aspiration), widened on each side it fails to until the score
    /// falls inside.
    fn search_root(&mut self, pos: &mut Position, depth: i32, last: i32) -> i32 {
        if depth < 4 || last.abs() >= MATE_BOUND {
            return self.negamax(pos, depth, 0, -INF, INF, true);
        }
        let mut delta = ASPIRATION_CP;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let score = self.negamax(pos, depth, 0, alpha, beta, true);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INF);
            } else if score >= beta {
                beta = (score + delta).min(INF);
            } else {
                return score;
            }
            delta *= 2;
            if delta > 1_000 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// Stops the search because a hook failed (the first failure is kept).
    fn stop_on_hook_error(&mut self, error: HookError) -> i32 {
        // Raising the stop flag also interrupts a running hook (its budget's
        // interrupt): that is a stop, not a failure to report.
        if !self.stop.load(Ordering::Relaxed) {
            self.hook_error.get_or_insert(error);
        }
        self.aborted = true;
        0
    }

    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & 127 == 0
            && (self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.node_limit.is_some_and(|n| self.nodes >= n))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The score of a position without legal moves, for the side to move.
    fn terminal(pos: &Position, ply: usize) -> i32 {
        match pos.result_without_moves().0 {
            GameResult::Wins => MATE - ply as i32,
            GameResult::Loses => -(MATE - ply as i32),
            GameResult::Draws => Self::draw_score(pos, ply),
        }
    }

    /// The score of a drawn game for the side to move: 0, but for `draws
    /// win for more pieces`, a win or loss at this distance for the side
    /// with more pieces on the board.
    fn draw_score(pos: &Position, ply: usize) -> i32 {
        let rules = &pos.variant().game_end;
        if !rules.draws_to_more_pieces && rules.draws_on_points.is_none() {
            return 0;
        }
        match pos.counted_winner() {
            Some(w) if w == pos.side_to_move() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
            None => 0,
        }
    }

    /// The score of a position a rule of the variant has already ended (a
    /// goal reached, the checks given, a royal piece blown up, a game-end
    /// hook's result), for the side to move: a win or loss at this distance,
    /// like a mate; None while the game goes on.
    fn decided(&mut self, pos: &Position, ply: usize) -> Option<i32> {
        let side = pos.side_to_move();
        let winner = if pos.variant().game_end.ends_early() {
            pos.rule_game_end().map(|(winner, _)| winner)
        } else {
            None
        };
        let winner = match winner {
            Some(winner) => winner,
            None => match pos.hook_game_end() {
                Ok(Some(end)) => end.winner,
                Ok(None) => return None,
                Err(e) => return Some(self.stop_on_hook_error(e)),
            },
        };
        Some(match winner {
            Some(w) if w == side => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
            None => Self::draw_score(pos, ply),
        })
    }

    /// The score of a position the move rule, a count or a repetition
    /// ends, for the side to move: a draw, or (`perpetual check loses`) a
    /// win or loss at this distance, like a mate; a position that stands a
    /// second time counts as repeated, since the search could repeat it
    /// again. None while the game goes on.
    fn drawn_or_repeated(pos: &Position, ply: usize) -> Option<i32> {
        let rules = &pos.variant().game_end;
        if pos.move_rule_reached() || pos.count_has_run_out() {
            return Some(Self::draw_score(pos, ply));
        }
        // `moving back and forth …`: the side that shuffled gets the result.
        if let (Some(rule), Some(shuffler)) = (rules.back_and_forth, pos.back_and_forth_side()) {
            let winner = match rule.result {
                GameResult::Wins => Some(shuffler),
                GameResult::Loses => Some(shuffler.opposite()),
                GameResult::Draws => None,
            };
            return Some(match winner {
                None => Self::draw_score(pos, ply),
                Some(w) if w == pos.side_to_move() => MATE - ply as i32,
                Some(_) => -(MATE - ply as i32),
            });
        }
        // `only promotions with … alone`: scored as the rule says.
        if let Ok(Some(result)) = pos.only_promotions_result() {
            return Some(match result {
                GameResult::Draws => Self::draw_score(pos, ply),
                GameResult::Wins => MATE - ply as i32,
                GameResult::Loses => -(MATE - ply as i32),
            });
        }
        rules.repetition?;
        let (winner, _) = pos.repetition_end(2)?;
        Some(match winner {
            None => Self::draw_score(pos, ply),
            Some(w) if w == pos.side_to_move() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        })
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        null_allowed: bool,
    ) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.should_stop() {
            return 0;
        }
        if ply > 0 {
            if let Some(score) = self.decided(pos, ply) {
                return score;
            }
            if let Some(score) = Self::drawn_or_repeated(pos, ply) {
                return score;
            }
        }
        let in_check = pos.is_check();
        if in_check && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.quiesce(pos, ply, alpha, beta);
        }
        let pv_node = beta - alpha > 1;
        let key = pos.hash();
        let (tt_move, cut) = self.tt_probe(key, depth, ply, alpha, beta);
        if let Some(score) = cut {
            if !pv_node || self.tt_exact(key) {
                return score;
            }
        }
        let static_eval = if in_check {
            -INF
        } else {
            self.eval.evaluate(pos)
        };
        if !pv_node && !in_check && ply > 0 && beta.abs() < MATE_BOUND {
            if let Some(score) = self.prune_node(pos, depth, ply, beta, static_eval, null_allowed) {
                return score;
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        if let Err(e) = pos.legal_moves_in_place(&mut moves) {
            self.buffers[ply] = moves;
            return self.stop_on_hook_error(e);
        }
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return Self::terminal(pos, ply);
        }
        let mut scores: Vec<i32> = moves
            .iter()
            .map(|&m| self.order_score(pos, m, tt_move, ply))
            .collect();
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut quiets_searched = 0;
        let prune_quiets = !pv_node && !in_check && ply > 0;
        for i in 0..moves.len() {
            bring_best_forward(&mut moves, &mut scores, i);
            let mv = moves[i];
            let tactical = mv.promotion.is_some() || pos.is_capture(mv);
            let quiet = scores[i] < 80_000;
            if prune_quiets
                && i > 0
                && !tactical
                && best > -MATE_BOUND
                && quiet_is_futile(depth, quiets_searched, static_eval, alpha)
            {
                continue;
            }
            let undo = pos.play_unchecked(mv);
            let gives_check = pos.is_check();
            if !tactical {
                quiets_searched += 1;
            }
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, true)
            } else {
                let reducible = quiet && !in_check && !gives_check;
                self.search_later_move(pos, depth, ply, alpha, beta, i, reducible, pv_node)
            };
            pos.unplay(mv, undo);
            if self.aborted {
                self.buffers[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                }
            }
            if alpha >= beta {
                if quiet {
                    self.remember_quiet_cutoff(pos, mv, ply, depth);
                }
                break;
            }
        }
        self.buffers[ply] = moves;
        self.tt_store(key, best_move, best, ply, depth, (alpha0, beta));
        best
    }

    /// Stores a node's result: its best move and score, a lower bound if
    /// it failed high, an upper bound if it failed low (`window`: the
    /// node's alpha and beta as it was entered), exact otherwise.
    fn tt_store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        ply: usize,
        depth: i32,
        window: (i32, i32),
    ) {
        let bound = if score >= window.1 {
            LOWER
        } else if score > window.0 {
            EXACT
        } else {
            UPPER
        };
        let slot = (key as usize) & (self.tt.len() - 1);
        self.tt[slot] = TtEntry {
            key,
            mv,
            score: score_to_tt(score, ply),
            depth: depth as i16,
            bound,
        };
    }

    /// The cuts tried before a node's moves (not at the root, in check, in
    /// the principal variation or near mates): the score to return, if one
    /// applies.
    fn prune_node(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        beta: i32,
        static_eval: i32,
        null_allowed: bool,
    ) -> Option<i32> {
        // Reverse futility: so far above beta that one side's move at
        // this little depth will not bring it back.
        if depth <= REVERSE_FUTILITY_DEPTH && static_eval - REVERSE_FUTILITY_CP * depth >= beta {
            return Some(static_eval);
        }
        // Null move: if passing still holds beta, a real move would too
        // (not where passing could be best: without pieces other than
        // pawns and the royal, zugzwang is common).
        if null_allowed && depth >= 2 && static_eval >= beta && self.has_pieces(pos) {
            let r = NULL_MOVE_REDUCTION + depth / 4;
            let undo = pos.play_null();
            let score = -self.negamax(pos, depth - 1 - r, ply + 1, -beta, -beta + 1, false);
            pos.unplay_null(undo);
            if self.aborted {
                return Some(0);
            }
            if score >= beta {
                return Some(if score >= MATE_BOUND { beta } else { score });
            }
        }
        None
    }

    /// A move after the first (already played on `pos`, the `i`-th): a
    /// null-window search, reduced for a late quiet move, searched again
    /// at full depth and then with the full window when it beats alpha.
    #[allow(clippy::too_many_arguments)]
    fn search_later_move(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        i: usize,
        reducible: bool,
        pv_node: bool,
    ) -> i32 {
        let reduce = if depth >= 3 && i >= 3 && reducible {
            let r = self.reductions[(depth as usize).min(63)][i.min(63)] - pv_node as i32;
            r.clamp(0, depth - 2)
        } else {
            0
        };
        let mut score = -self.negamax(pos, depth - 1 - reduce, ply + 1, -alpha - 1, -alpha, true);
        if score > alpha && reduce > 0 {
            score = -self.negamax(pos, depth - 1, ply + 1, -alpha - 1, -alpha, true);
        }
        if score > alpha && score < beta {
            score = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, true);
        }
        score
    }

    /// Whether the side to move has a piece that is neither royal nor
    /// pawn-like (one that resets the move rule), on the board or in hand:
    /// where null-move pruning is safe enough.
    fn has_pieces(&self, pos: &Position) -> bool {
        let side = pos.side_to_move();
        let variant = pos.variant();
        pos.pieces_of(side).iter().any(|sq| {
            pos.piece_at(sq)
                .is_some_and(|p| self.null_move_pieces[p.kind.0 as usize])
        }) || (variant.hands.is_some()
            && (0..variant.pieces.len()).any(|k| {
                pos.in_hand(crate::ir::piece::Piece {
                    color: side,
                    kind: crate::ir::piece::PieceKind(k as u8),
                }) > 0
            }))
    }

    /// Whether the table's entry for `key` holds an exact score.
    fn tt_exact(&self, key: u64) -> bool {
        let entry = self.tt[(key as usize) & (self.tt.len() - 1)];
        entry.key == key && entry.bound == EXACT
    }

    /// The transposition table's move for this position, and its score
    /// when the stored bound already decides this node.
    #[inline]
    fn tt_probe(
        &self,
        key: u64,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> (Option<Move>, Option<i32>) {
        let entry = self.tt[(key as usize) & (self.tt.len() - 1)];
        if entry.key != key || entry.bound == 0 {
            return (None, None);
        }
        if ply == 0 || (entry.depth as i32) < depth {
            return (entry.mv, None);
        }
        let s = score_from_tt(entry.score, ply);
        let cut = match entry.bound {
            EXACT => true,
            LOWER => s >= beta,
            UPPER => s <= alpha,
            _ => false,
        };
        (entry.mv, cut.then_some(s))
    }

    /// A quiet move that refuted this node: a killer at this ply, and
    /// history credit for its piece and destination.
    #[inline]
    fn remember_quiet_cutoff(&mut self, pos: &Position, mv: Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if let Some(p) = pos.piece_at(mv.from) {
            let h = &mut self.history[p.code() as usize * self.cells + mv.to.index()];
            *h = (*h + depth * depth).min(60_000);
        }
    }

    /// The principal variation at `ply`: `mv`, then the one found below it.
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    fn quiesce(&mut self, pos: &mut Position, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.should_stop() {
            return 0;
        }
        if let Some(score) = self.decided(pos, ply) {
            return score;
        }
        let in_check = pos.is_check();
        // Standing pat: the side to move may decline every capture
        // (not when in check: then every evasion is searched).
        let stand = if in_check {
            -INF
        } else {
            self.eval.evaluate(pos)
        };
        if stand >= beta || ply >= MAX_PLY - 1 {
            return if in_check {
                self.eval.evaluate(pos)
            } else {
                stand
            };
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        if let Err(e) = pos.legal_moves_in_place(&mut moves) {
            self.buffers[ply] = moves;
            return self.stop_on_hook_error(e);
        }
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return Self::terminal(pos, ply);
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        if !in_check {
            let them = pos.side_to_move().opposite();
            let values = &self.eval.values;
            moves.retain(|m| {
                if m.promotion.is_some() {
                    return true;
                }
                let victim = if m.kind == MoveKind::EnPassant {
                    values
                        .iter()
                        .copied()
                        .filter(|&v| v > 0)
                        .min()
                        .unwrap_or(100)
                } else {
                    match pos.piece_at(m.to) {
                        Some(p) => values[p.kind.0 as usize],
                        None => return false,
                    }
                };
                // Delta pruning: even this capture leaves it below alpha.
                if stand + victim + DELTA_MARGIN_CP < alpha {
                    return false;
                }
                // A capture by a more valuable piece of a defended one
                // loses material (unless the exchange is worth it
                // later, which the main search sees).
                let attacker = pos
                    .piece_at(m.from)
                    .map_or(0, |p| values[p.kind.0 as usize]);
                !(attacker > victim + BAD_CAPTURE_SLACK_CP && pos.is_attacked(m.to, them))
            });
        }
        let mut scores: Vec<i32> = moves
            .iter()
            .map(|&m| self.order_score(pos, m, None, ply))
            .collect();
        for i in 0..moves.len() {
            bring_best_forward(&mut moves, &mut scores, i);
            let mv = moves[i];
            let undo = pos.play_unchecked(mv);
            let score = -self.quiesce(pos, ply + 1, -beta, -alpha);
            pos.unplay(mv, undo);
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        self.buffers[ply] = moves;
        best
    }

    fn order_score(&self, pos: &Position, mv: Move, tt_move: Option<Move>, ply: usize) -> i32 {
        if Some(mv) == tt_move {
            return 1_000_000;
        }
        let values = &self.eval.values;
        let victim = if mv.kind == MoveKind::EnPassant {
            Some(1)
        } else {
            pos.piece_at(mv.to)
                .map(|p| values[p.kind.0 as usize].max(1))
        };
        let attacker = pos
            .piece_at(mv.from)
            .map_or(0, |p| values[p.kind.0 as usize]);
        let promo = mv.promotion.map_or(0, |k| values[k.0 as usize]);
        if let Some(v) = victim {
            return 200_000 + 16 * v - attacker / 16 + promo;
        }
        if promo > 0 {
            return 100_000 + promo;
        }
        let k = &self.killers[ply];
        if k[0] == Some(mv) {
            return 90_000;
        }
        if k[1] == Some(mv) {
            return 89_000;
        }
        if matches!(mv.kind, MoveKind::Castle(_)) {
            return 85_000;
        }
        match pos.piece_at(mv.from) {
            Some(p) => self.history[p.code() as usize * self.cells + mv.to.index()].min(79_000),
            None => 0,
        }
    }
}

/// Whether a quiet move of a shallow node is skipped: a late one (after
/// `3 + 2·depth²` quiet moves), or one that cannot lift an eval this far
/// below alpha to it.
fn quiet_is_futile(depth: i32, quiets_searched: i32, static_eval: i32, alpha: i32) -> bool {
    (depth <= LATE_MOVE_DEPTH && quiets_searched >= 3 + 2 * depth * depth)
        || (depth <= FUTILITY_DEPTH && static_eval + FUTILITY_CP * (depth + 1) <= alpha)
}

fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Writes a score for people: `+0.35` (pawns), or `#3` / `#-2` for mates (moves, not plies).
pub fn format_score(score: i32) -> String {
    if score >= MATE_BOUND {
        format!("#{}", (MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        format!("#-{}", (MATE + score) / 2)
    } else {
        format!("{:+.2}", score as f64 / 100.0)
    }
}

/// Selection sort, one step: swaps the best-scored move from `i` on into
/// place `i` (moves are tried best first; most nodes cut off early).
fn bring_best_forward(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let mut j = i;
    for k in i + 1..moves.len() {
        if scores[k] > scores[j] {
            j = k;
        }
    }
    moves.swap(i, j);
    scores.swap(i, j);
}
