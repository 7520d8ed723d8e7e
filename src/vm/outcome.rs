//! How a game stands: ongoing, or over and why.

use crate::ir::geometry::{Square, SquareSet};
use crate::ir::piece::{Color, Piece, PieceKind, MAX_PIECE_KINDS};
use crate::ir::rule::{Extinction, GameResult, Goal};
use crate::vm::hook_error::HookError;
use crate::vm::moves::{Move, MoveKind};
use crate::vm::position::Position;

/// Who wins when `side` meets a rule whose result is `result`; None: a draw.
fn winner_when(side: Color, result: GameResult) -> Option<Color> {
    match result {
        GameResult::Wins => Some(side),
        GameResult::Loses => Some(side.opposite()),
        GameResult::Draws => None,
    }
}

/// Why a game ended: which rule, with its facts (the front-ends put it
/// into words, see `teach::outcome`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move is checkmated by pieces of the kinds of `checkmate
    /// by … alone` only, which scores it.
    CheckmateBy,
    /// The side to move is checkmated, but no check of the run that led
    /// to it was given by the kinds of `checkmate … unless its checks
    /// include …`, which scores it.
    CheckmateWithout,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Stalemate scored by the pieces on the board (`stalemate … with
    /// fewer pieces`).
    StalemateCounted {
        /// The stalemated side's pieces.
        pieces: u32,
        /// The other side's.
        against: u32,
    },
    /// The move rule (e.g. fifty moves) ran out.
    MoveRule,
    /// The same position occurred the set number of times.
    Repetition,
    /// The same position occurred the set number of times, and `side` gave
    /// check with each of its moves since the earliest of them the rule
    /// counts, the other side not (`perpetual check loses`).
    PerpetualCheck {
        /// The side that gave the checks (and loses).
        side: Color,
    },
    /// The same position occurred the set number of times, and `side`
    /// chased with each of its moves since the earliest of them the rule
    /// counts, the other side not (`chasing loses`).
    Chasing {
        /// The side that chased (and loses).
        side: Color,
    },
    /// A count of the counting rules (`counting …`) ran out.
    Counting {
        /// The count's limit, in moves.
        moves: u32,
    },
    /// The side to move, with only the pieces of `only promotions with …
    /// alone` left, could only promote (Sittuyin's rule 3.9 c.7).
    OnlyPromotions {
        /// That side.
        side: Color,
    },
    /// A side was left without royal pieces (`captures explode`).
    RoyalExploded {
        /// The side whose royal pieces were blown up.
        side: Color,
    },
    /// A side castled by a castling that wins (`castling … wins`).
    Castled {
        /// The side that castled.
        side: Color,
    },
    /// A side lost the right to every castling that would win it the game
    /// (`castling … wins`).
    CastlingLost {
        /// That side.
        side: Color,
    },
    /// A side gave the checks to give (`giving 3 checks wins`).
    ChecksGiven {
        /// The side that gave them.
        side: Color,
        /// How many.
        checks: u32,
    },
    /// A side ran out of a kind of piece (`losing every King loses`), or
    /// of pieces (`losing every piece wins`).
    PiecesLost {
        /// The side that ran out.
        side: Color,
        /// The kind; None: all of its pieces.
        kind: Option<PieceKind>,
        /// How many it has left (at most the rule's `all but N`).
        left: u32,
    },
    /// A piece reached a goal (`reaching hill with King wins`).
    GoalReached {
        /// The side whose piece reached it.
        side: Color,
        /// The piece's kind.
        kind: PieceKind,
        /// Where it stands.
        square: Square,
        /// The goal region's name, if the script named it.
        region: Option<String>,
    },
    /// A side's pieces formed a shape it had to form (`connecting 4 wins`).
    Connected {
        /// The side whose pieces formed it.
        side: Color,
        /// Which rule, as its index in the variant's `connects`.
        rule: usize,
    },
    /// No empty square is left (`full board draws`).
    BoardFull,
    /// Both sides passed, one after the other (`pass when stuck`).
    BothPassed,
    /// A side moved a piece back and forth once too often (`moving back
    /// and forth …`).
    BackAndForth {
        /// The side that did.
        side: Color,
    },
    /// A side passed while the royal pieces faced each other, and they
    /// still do (`facing royals`: Janggi's bikjang).
    RoyalsFacing,
    /// A game-end hook declared the result.
    Hook {
        /// Why, in the hook's own words.
        message: String,
    },
}

impl EndReason {
    /// Whether a rule of the variant (a goal, the checks to give, a royal
    /// piece blown up, a full board, both sides passing, a game-end hook)
    /// ended the game, rather than one every game has (checkmate,
    /// stalemate, move rule, repetition and perpetual check, which leave
    /// the moves legal).
    pub fn is_variant_rule(&self) -> bool {
        matches!(
            self,
            EndReason::RoyalExploded { .. }
                | EndReason::Castled { .. }
                | EndReason::CastlingLost { .. }
                | EndReason::ChecksGiven { .. }
                | EndReason::PiecesLost { .. }
                | EndReason::GoalReached { .. }
                | EndReason::Connected { .. }
                | EndReason::BoardFull
                | EndReason::BothPassed
                | EndReason::RoyalsFacing
                | EndReason::Hook { .. }
        )
    }
}

/// The state of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// A side won.
    Decisive {
        /// Who.
        winner: Color,
        /// Why.
        reason: EndReason,
    },
    /// Drawn.
    Draw {
        /// Why.
        reason: EndReason,
    },
}

impl Position {
    /// `castling … wins` (Fairy-Stockfish's `castlingWins`): the side that
    /// just castled by a winning castling wins; else a side that has lost
    /// the right to every one of its winning castlings loses, the side
    /// that just moved first (its move may have taken both sides' rights:
    /// a rook taking a rook).
    fn castling_goal_end(&self) -> Option<(Option<Color>, EndReason)> {
        let goals = &self.variant.game_end.castling_wins;
        let mover = self.side.opposite();
        if let Some(r) = self.last_castling {
            if goals.get(mover).contains(&r) {
                return Some((Some(mover), EndReason::Castled { side: mover }));
            }
        }
        for side in [mover, self.side] {
            let rules = goals.get(side);
            if !rules.is_empty() && !rules.iter().any(|&r| self.castling_right(r)) {
                return Some((Some(side.opposite()), EndReason::CastlingLost { side }));
            }
        }
        None
    }

    /// Whether a goal or the checks to give (`reaching hill with King
    /// wins`, `giving 3 checks wins`) end the game here: the winner (None:
    /// a draw) and why. The side that just moved is looked at first.
    pub fn rule_game_end(&self) -> Option<(Option<Color>, EndReason)> {
        let rules = &self.variant.game_end;
        let sides = [self.side.opposite(), self.side];
        if rules.royal_loss {
            for side in sides {
                if self.board.royals.get(side).is_empty() {
                    return Some((Some(side.opposite()), EndReason::RoyalExploded { side }));
                }
            }
        }
        if let Some(end) = self.castling_goal_end() {
            return Some(end);
        }
        if let Some(limit) = rules.check_limit {
            for side in sides {
                if self.counter(limit.counter, side) <= 0 {
                    let reason = EndReason::ChecksGiven {
                        side,
                        checks: limit.checks,
                    };
                    return Some((winner_when(side, limit.result), reason));
                }
            }
        }
        if !rules.extinctions.is_empty() {
            for side in sides {
                for rule in &rules.extinctions {
                    if let Some((kind, left)) = self.ran_out(rule, side) {
                        if rule.bare_back && !self.cannot_bare_back(rule, side, kind) {
                            continue;
                        }
                        let reason = EndReason::PiecesLost { side, kind, left };
                        return Some((winner_when(side, rule.result), reason));
                    }
                }
            }
        }
        if let Some(end) = self.answered_goal_end() {
            return Some(end);
        }
        for goal in rules.goals.iter().filter(|g| !g.answered) {
            let reached_by = |side: Color| self.goal_reached(goal, side);
            if goal.unattacked {
                // Both there and unattacked: a draw (as Fairy-Stockfish).
                if let (Some(square), Some(_)) =
                    (reached_by(self.side), reached_by(self.side.opposite()))
                {
                    let reason = EndReason::GoalReached {
                        side: self.side,
                        kind: Piece::from_code(self.board[square.index()]).kind,
                        square,
                        region: goal.region_name.clone(),
                    };
                    return Some((None, reason));
                }
            }
            for side in sides {
                if goal.after_reply && side != self.side {
                    continue;
                }
                if let Some(square) = reached_by(side) {
                    let reason = EndReason::GoalReached {
                        side,
                        kind: Piece::from_code(self.board[square.index()]).kind,
                        square,
                        region: goal.region_name.clone(),
                    };
                    return Some((winner_when(side, goal.result), reason));
                }
            }
        }
        if let Some((side, rule)) = self.connection() {
            let result = rules.connects[rule].result;
            return Some((
                winner_when(side, result),
                EndReason::Connected { side, rule },
            ));
        }
        self.filled_or_passed()
    }

    /// `full board draws` and two passes in a row (`pass when stuck`):
    /// a draw (as Fairy-Stockfish's `adjudicateFullBoard` and double pass).
    fn filled_or_passed(&self) -> Option<(Option<Color>, EndReason)> {
        let rules = &self.variant.game_end;
        if rules.passes() && self.passes >= 2 {
            return Some((None, EndReason::BothPassed));
        }
        if let Some(result) = rules.facing_royals {
            if self.passes >= 1 && self.royals_facing() {
                return Some((winner_when(self.side, result), EndReason::RoyalsFacing));
            }
        }
        if rules.full_board_draws && self.board_is_full() {
            return Some((None, EndReason::BoardFull));
        }
        None
    }

    /// The winner of a drawn game by count: `draws win for more pieces`
    /// (the side with more pieces) or `draws win on points` (the side whose
    /// pieces are worth more, its bonus added); None for neither rule or
    /// an even count.
    pub fn counted_winner(&self) -> Option<Color> {
        let rules = &self.variant.game_end;
        if rules.draws_to_more_pieces {
            return self.more_pieces();
        }
        let points = rules.draws_on_points.as_ref()?;
        let worth = |side: Color| -> u64 {
            let on_board: u64 = self
                .pieces_of(side)
                .iter()
                .map(|sq| {
                    let kind = Piece::from_code(self.board[sq.index()]).kind;
                    2 * u64::from(points.values.get(kind.0 as usize).copied().unwrap_or(0))
                })
                .sum();
            let bonus = if side == points.bonus_side {
                u64::from(points.bonus_halves)
            } else {
                0
            };
            on_board + bonus
        };
        match worth(Color::White).cmp(&worth(Color::Black)) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The side with more pieces on the board, if they have not as many
    /// (the winner of a draw by `draws win for more pieces`).
    pub fn more_pieces(&self) -> Option<Color> {
        let white = self.pieces_of(Color::White).len();
        let black = self.pieces_of(Color::Black).len();
        match white.cmp(&black) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The square of the first piece of `side` on `goal` if the side has
    /// met it: as many of the kinds there as it asks (or, `or when full`,
    /// none of its squares empty). `if unattacked`: with exactly as many
    /// there as it asks, none may be attacked; a side with more there has
    /// met it all the same, since one capture cannot take it below the
    /// count (Fairy-Stockfish's `flagPieceSafe`).
    fn goal_reached(&self, goal: &Goal, side: Color) -> Option<Square> {
        let on = goal
            .squares
            .get(side)
            .intersection(self.board.by_color.get(side));
        let there: SquareSet = on
            .iter()
            .filter(|&sq| {
                goal.kinds
                    .contains(&Piece::from_code(self.board[sq.index()]).kind)
            })
            .collect();
        let first = there.first()?;
        let count = there.len();
        let full = || {
            goal.when_full
                && goal
                    .squares
                    .get(side)
                    .iter()
                    .all(|sq| self.board[sq.index()] != 0)
        };
        if count < goal.count as usize && !full() {
            return None;
        }
        if goal.unattacked
            && count == goal.count as usize
            && there.iter().any(|sq| self.is_attacked(sq, side.opposite()))
        {
            return None;
        }
        Some(first)
    }

    /// The goals `unless answered` (Racing Kings): a side that has just
    /// reached one wins at once if the side to move has no legal move onto
    /// a goal of its own, else the game goes on; once the answer is played
    /// (the reaching side to move), reaching a goal of its own with it has
    /// drawn, and anything else has lost.
    fn answered_goal_end(&self) -> Option<(Option<Color>, EndReason)> {
        let goals = &self.variant.game_end.goals;
        for goal in goals.iter().filter(|g| g.answered) {
            for side in [self.side.opposite(), self.side] {
                let Some(square) = self.goal_reached(goal, side) else {
                    continue;
                };
                let reason = EndReason::GoalReached {
                    side,
                    kind: Piece::from_code(self.board[square.index()]).kind,
                    square,
                    region: goal.region_name.clone(),
                };
                let other = side.opposite();
                if side != self.side {
                    if self.can_reach_a_goal() {
                        continue;
                    }
                    return Some((winner_when(side, goal.result), reason));
                }
                let answered = goals
                    .iter()
                    .any(|g| !std::ptr::eq(g, goal) && self.goal_reached(g, other).is_some());
                let winner = if answered {
                    None
                } else {
                    winner_when(side, goal.result)
                };
                return Some((winner, reason));
            }
        }
        None
    }

    /// Whether a legal move of the side to move puts one of its pieces on
    /// a goal of its own (the game-end rules themselves not asked: this is
    /// part of them). A hook that fails counts as no such move.
    fn can_reach_a_goal(&self) -> bool {
        let us = self.side;
        let mut moves = Vec::new();
        self.pseudo_legal_moves(&mut moves);
        if self.retain_legal_moves(&mut moves).is_err() {
            return false;
        }
        moves.iter().any(|mv| {
            let kind = match mv.promotion {
                Some(kind) => kind,
                None => match mv.kind {
                    MoveKind::Drop(kind) => kind,
                    _ => Piece::from_code(self.board[mv.from.index()]).kind,
                },
            };
            self.variant
                .game_end
                .goals
                .iter()
                .any(|g| g.kinds.contains(&kind) && g.squares.get(us).contains(mv.to))
        })
    }

    /// For a rule `unless bared back` that `side` has run out by (of `kind`,
    /// None: all pieces): whether the other side has more left than the
    /// rule allows, and if `side` is to move, more than one capture of its
    /// own could take it down to (as Fairy-Stockfish's
    /// `extinctionOpponentPieceCount` with `extinctionClaim`).
    fn cannot_bare_back(&self, rule: &Extinction, side: Color, kind: Option<PieceKind>) -> bool {
        self.pieces_left(side.opposite(), kind) > rule.at_most + u32::from(side == self.side)
    }

    /// How many pieces of `kind` (None: of every kind) `side` has, on the
    /// board and in hand.
    fn pieces_left(&self, side: Color, kind: Option<PieceKind>) -> u32 {
        let on_board = self.board.by_color.get(side);
        match kind {
            None => {
                let in_hand: u32 = (0..self.variant.pieces.len())
                    .map(|k| {
                        u32::from(self.in_hand(Piece {
                            color: side,
                            kind: PieceKind(k as u8),
                        }))
                    })
                    .sum();
                on_board.len() as u32 + in_hand
            }
            Some(kind) => {
                self.count_on_board(side, kind)
                    + u32::from(self.in_hand(Piece { color: side, kind }))
            }
        }
    }

    /// Whether `side` has run out of pieces as `rule` counts them: the kind
    /// (None: all its pieces) and how many are left, on the board and in hand.
    fn ran_out(&self, rule: &Extinction, side: Color) -> Option<(Option<PieceKind>, u32)> {
        if rule.kinds.is_empty() {
            let left = self.pieces_left(side, None);
            return (left <= rule.at_most).then_some((None, left));
        }
        let on_board = self.board.by_color.get(side);
        // One pass over the side's pieces counts every kind.
        let mut on = [0u32; MAX_PIECE_KINDS];
        for sq in on_board.iter() {
            on[Piece::from_code(self.board[sq.index()]).kind.0 as usize] += 1;
        }
        rule.kinds.iter().find_map(|&kind| {
            let left = on[kind.0 as usize] + u32::from(self.in_hand(Piece { color: side, kind }));
            (left <= rule.at_most).then_some((Some(kind), left))
        })
    }

    /// The game's state in this position.
    ///
    /// # Errors
    /// A hook of the variant failed.
    pub fn outcome(&self) -> Result<Outcome, HookError> {
        self.outcome_with(None)
    }

    /// [`Position::outcome`] for a caller that has this position's legal
    /// moves already (they are not generated again).
    ///
    /// # Errors
    /// A hook of the variant failed.
    pub fn outcome_given_legal(&self, legal: &[Move]) -> Result<Outcome, HookError> {
        self.outcome_with(Some(legal.is_empty()))
    }

    /// The outcome; `no_moves`: whether the side to move has no legal
    /// move, if known (else the moves are generated).
    fn outcome_with(&self, no_moves: Option<bool>) -> Result<Outcome, HookError> {
        let outcome = self.outcome_by_rules(no_moves)?;
        let rules = &self.variant.game_end;
        let draws_go_to = match rules.draw_odds {
            Some(side) => Some(side),
            None => self.counted_winner(),
        };
        Ok(match (outcome, draws_go_to) {
            (Outcome::Draw { reason }, Some(winner)) => Outcome::Decisive { winner, reason },
            (outcome, _) => outcome,
        })
    }

    /// What having no legal move means for the side to move, and why:
    /// checkmate if in check and the variant checkmates, else stalemate
    /// (`stalemate … with fewer pieces`: the result for the side with fewer
    /// pieces on the board, the opposite for the side with more, a draw
    /// when they have as many).
    pub fn result_without_moves(&self) -> (GameResult, EndReason) {
        let rules = &self.variant.game_end;
        if let (true, Some(r)) = (self.is_check(), rules.checkmate) {
            return self.checkmate_result(r);
        }
        if !rules.stalemate_by_fewer_pieces {
            return (rules.stalemate, EndReason::Stalemate);
        }
        let pieces = self.pieces_of(self.side).len() as u32;
        let against = self.pieces_of(self.side.opposite()).len() as u32;
        let result = match pieces.cmp(&against) {
            std::cmp::Ordering::Less => rules.stalemate,
            std::cmp::Ordering::Equal => GameResult::Draws,
            std::cmp::Ordering::Greater => rules.stalemate.opposite(),
        };
        (result, EndReason::StalemateCounted { pieces, against })
    }

    /// The outcome before draw odds (`draws win for black`).
    fn outcome_by_rules(&self, no_moves: Option<bool>) -> Result<Outcome, HookError> {
        let rules = &self.variant.game_end;
        if rules.ends_early() {
            if let Some((winner, reason)) = self.rule_game_end() {
                return Ok(match winner {
                    Some(winner) => Outcome::Decisive { winner, reason },
                    None => Outcome::Draw { reason },
                });
            }
        }
        if let Some(end) = self.hook_game_end()? {
            let reason = EndReason::Hook {
                message: end.reason,
            };
            return Ok(match end.winner {
                Some(winner) => Outcome::Decisive { winner, reason },
                None => Outcome::Draw { reason },
            });
        }
        let no_moves = match no_moves {
            Some(known) => known,
            None => self.legal_moves()?.is_empty(),
        };
        if no_moves {
            let (result, reason) = self.result_without_moves();
            return Ok(match result {
                GameResult::Wins => Outcome::Decisive {
                    winner: self.side,
                    reason,
                },
                GameResult::Loses => Outcome::Decisive {
                    winner: self.side.opposite(),
                    reason,
                },
                GameResult::Draws => Outcome::Draw { reason },
            });
        }
        if self.move_rule_reached() {
            return Ok(Outcome::Draw {
                reason: EndReason::MoveRule,
            });
        }
        if self.count_has_run_out() {
            return Ok(Outcome::Draw {
                reason: EndReason::Counting {
                    moves: self.count.limit / 2,
                },
            });
        }
        if let (Some(rule), Some(side)) = (rules.back_and_forth, self.back_and_forth_side()) {
            let reason = EndReason::BackAndForth { side };
            return Ok(match winner_when(side, rule.result) {
                Some(winner) => Outcome::Decisive { winner, reason },
                None => Outcome::Draw { reason },
            });
        }
        if let Some(result) = self.only_promotions_result()? {
            let reason = EndReason::OnlyPromotions { side: self.side };
            return Ok(match winner_when(self.side, result) {
                Some(winner) => Outcome::Decisive { winner, reason },
                None => Outcome::Draw { reason },
            });
        }
        if let Some((winner, reason)) = rules.repetition.and_then(|n| self.repetition_end(n)) {
            return Ok(match winner {
                Some(winner) => Outcome::Decisive { winner, reason },
                None => Outcome::Draw { reason },
            });
        }
        Ok(Outcome::Ongoing)
    }

    /// `only promotions with … alone …`: its result, if the side to move,
    /// not in check, has exactly those pieces on the board and no legal
    /// move but promotions.
    ///
    /// # Errors
    /// A hook of the variant failed.
    pub fn only_promotions_result(&self) -> Result<Option<GameResult>, HookError> {
        let Some(rule) = &self.variant.game_end.promotions_only else {
            return Ok(None);
        };
        let ours = self.pieces_of(self.side);
        if ours.len() != rule.kinds.len() || self.is_check() {
            return Ok(None);
        }
        let mut left = rule.kinds.clone();
        for sq in ours.iter() {
            let kind = Piece::from_code(self.board[sq.index()]).kind;
            match left.iter().position(|&k| k == kind) {
                Some(i) => {
                    left.swap_remove(i);
                }
                None => return Ok(None),
            }
        }
        let only = self.legal_moves()?.iter().all(|m| m.promotion.is_some());
        Ok(only.then_some(rule.result))
    }

    /// Whether the position has now stood `n` times (the repetition rule,
    /// `repetition N`): the winner (None: a draw) and why; None while it
    /// has stood fewer times. With `perpetual check loses`, a side that
    /// gave check with each of its moves since the earliest of the `n`
    /// occurrences loses, unless the other side did too (then a draw), as
    /// Fairy-Stockfish's `perpetualCheckIllegal` judges a repetition.
    pub fn repetition_end(&self, n: u32) -> Option<(Option<Color>, EndReason)> {
        let distance = self.repetition_distance(n)?;
        let rules = &self.variant.game_end;
        let mut perpetual = false;
        if rules.perpetual_check {
            // Each side made distance / 2 moves since the earliest occurrence.
            let moves = (distance / 2) as u32;
            let checked_throughout = |side: Color| *self.checks_in_a_row.get(side) >= moves;
            let (us, them) = (self.side, self.side.opposite());
            match (checked_throughout(us), checked_throughout(them)) {
                (false, true) => {
                    return Some((Some(us), EndReason::PerpetualCheck { side: them }));
                }
                (true, false) => {
                    return Some((Some(them), EndReason::PerpetualCheck { side: us }));
                }
                (both, _) => perpetual = both,
            }
        }
        // Checks on every move take precedence over chases.
        if !perpetual {
            if let Some(Some(side)) = self.chasing_side(distance) {
                return Some((Some(side.opposite()), EndReason::Chasing { side }));
            }
        }
        let winner = self.variant.game_end.repetition_result.winner(self.side);
        Some((winner, EndReason::Repetition))
    }

    /// How many plies back the position stood for the `n - 1`-th time
    /// before now (the earliest of `n` occurrences, the most recent ones),
    /// looking back as far as [`Position::repetition_window`] says; None if
    /// it has not stood `n` times.
    fn repetition_distance(&self, n: u32) -> Option<usize> {
        let recent = self.repetition_window();
        let mut seen = 1;
        if seen >= n {
            return Some(0);
        }
        // The hash `i` entries from the end is the position `i + 1` plies back.
        for (i, hash) in recent.iter().rev().enumerate().skip(1).step_by(2) {
            if *hash == self.hash {
                seen += 1;
                if seen >= n {
                    return Some(i + 1);
                }
            }
        }
        None
    }

    /// The earlier positions a repetition of this one is looked for
    /// among, oldest first: those since the last irreversible move (a
    /// capture, a pawn's move: the move rule's count), or, where captures
    /// go to hand, since the start, as a captured piece may come back
    /// (Fairy-Stockfish's `captures_to_hand`); never before the engine's
    /// last null move.
    pub(crate) fn repetition_window(&self) -> &[u64] {
        let since_null = &self.history[self.history_floor.min(self.history.len())..];
        let keep_captures = self.variant.hands.as_ref().is_some_and(|h| h.keep_captures);
        if keep_captures {
            return since_null;
        }
        let back = (self.halfmoves as usize).min(since_null.len());
        &since_null[since_null.len() - back..]
    }

    /// How many times the current position has occurred (1 if never before),
    /// looking back as far as [`Position::repetition_window`] says.
    pub fn repetitions(&self) -> u32 {
        let recent = self.repetition_window();
        1 + recent
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|h| **h == self.hash)
            .count() as u32
    }
}
