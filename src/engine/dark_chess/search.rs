//! Expectiminimax over what a player sees. A flip or a blind attack is a chance node: each
//! kind of face-down piece with probability count/total, the outcomes searched with Star1's
//! windows (Ballard 1983) so that a chance node stops as soon as its bounds decide it. Between
//! chance nodes: negamax with alpha-beta, a transposition table keyed with the face-down pool,
//! iterative deepening, and a quiescence search of captures. Depth counts turns: the legs of a
//! chain of captures (連吃) are searched without using it up.
//!
//! The draws by rule are seen coming: a position that repeats one on the search's path, or one
//! the game has had twice, is a draw, and so is reaching the quiet-move limit. The table keeps
//! only what the position alone decides: a score that rests on a repetition of a position
//! before the node (its path or the game's history) is not stored (only its move is), and a
//! score is used at another count of quiet plies only where the limit is beyond the reach of
//! both searches.

use super::evaluate::{base_worth, evaluate};
use super::position::{After, COLOURS, Position, RANKS, colour_index, rank_index};
/// A won position's score, less the plies to the win. Far above any evaluation, and small
/// enough that Star1's bounds stay tight.
pub const WIN: i32 = 30_000;
/// Scores beyond this are wins or losses, not evaluations.
pub const DECIDED: i32 = WIN - 1_000;
use crate::engine::search::{Bound, drawing_repetition};
use crate::rules::dark_chess::{Move, Piece, Seen};

/// Bounds of every score, for Star1's windows.
const LOWEST: i32 = -WIN;
const HIGHEST: i32 = WIN;

/// Slots in the transposition table (24 bytes each: 12 MB).
const SLOTS: usize = 1 << 19;

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    score: i32,
    /// The turns searched; 0 when the score is not the position's own (the move still is).
    depth: u8,
    bound: Bound,
    best: Option<Move>,
    /// The position's quiet plies when searched.
    quiet: u32,
    /// The game's history it was searched under (see [`Search::set_history`]).
    history: u8,
}

impl Entry {
    /// Whether the score, searched from `self.quiet` plies, holds `depth` turns from `quiet`:
    /// the same count, or the quiet-move limit out of reach of both (a turn adds one quiet ply
    /// at most, and quiescence only captures).
    fn agrees(&self, quiet: u32, depth: u32, limit: u32) -> bool {
        self.quiet == quiet || (self.quiet + u32::from(self.depth) < limit && quiet + depth < limit)
    }
}

/// A root move and its score at the last depth searched.
#[derive(Clone, Copy, Debug)]
pub struct Scored {
    pub mv: Move,
    pub score: i32,
}

/// The search's state: the table, kept from move to move, and the counters of one search.
pub struct Search {
    table: Vec<Option<Entry>>,
    pub nodes: u64,
    budget: u64,
    /// Whether the budget and `stop` apply (not within the first two turns).
    limited: bool,
    aborted: bool,
    /// Keys of the positions between turns since the last flip or capture: the game's
    /// (`history` of them) then the search's path.
    path: Vec<u64>,
    history: usize,
    /// The earliest place on `path` that a repetition found in the current subtree repeats: a
    /// node later on the path got a score that depends on how it was reached.
    repeated_at: usize,
    /// Counts the game's histories searched under: a score stored under another holds no
    /// more (a position that could not repeat then may now make the third repetition), its
    /// move still does.
    histories: u8,
}

impl Default for Search {
    fn default() -> Self {
        Search {
            table: Vec::new(),
            nodes: 0,
            budget: u64::MAX,
            limited: false,
            aborted: false,
            path: Vec::new(),
            history: 0,
            repeated_at: usize::MAX,
            histories: 0,
        }
    }
}

/// A win's or a loss's score relative to the root and to a node `ply` below it.
fn to_table(score: i32, ply: u32) -> i32 {
    if score > DECIDED {
        score + ply as i32
    } else if score < -DECIDED {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score > DECIDED {
        score - ply as i32
    } else if score < -DECIDED {
        score + ply as i32
    } else {
        score
    }
}

/// The pieces a face-down square may be, each with its count: the chance node's outcomes.
fn outcomes(position: &Position) -> Vec<(Piece, i64)> {
    let mut outcomes = Vec::with_capacity(14);
    for colour in COLOURS {
        for rank in RANKS {
            let count = position.hidden[colour_index(colour)][rank_index(rank)];
            if count > 0 {
                outcomes.push((Piece { colour, rank }, i64::from(count)));
            }
        }
    }
    outcomes
}

/// Move order: captures of the most valuable piece first, then steps, then flips.
fn order_key(position: &Position, mv: Move) -> i32 {
    match mv {
        Move::Go { to, .. } => match position.board[usize::from(to)] {
            Seen::FaceUp(p) => -10_000 - base_worth(p.rank),
            Seen::FaceDown => -500,
            Seen::Empty => 0,
        },
        Move::Flip(_) => 1_000,
        Move::EndChain => 500,
    }
}

impl Search {
    /// Sets the game's positions since the last flip or capture (their keys), before a search.
    pub fn set_history(&mut self, keys: Vec<u64>) {
        if self.path.get(..self.history) != Some(keys.as_slice()) {
            self.histories = self.histories.wrapping_add(1);
        }
        self.history = keys.len();
        self.path = keys;
        self.repeated_at = usize::MAX;
    }

    /// Scores of every root move at `depth` turns, best first. Moves scored below
    /// `best - margin` are only bounds. `None` once stopped (budget or `stop`).
    pub fn root(
        &mut self,
        position: &Position,
        depth: u32,
        margin: i32,
        previous: &[Scored],
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<Scored>> {
        if self.table.is_empty() {
            self.table = vec![None; SLOTS];
        }
        let mut moves: Vec<Move> = if previous.is_empty() {
            let mut moves = position.candidates();
            moves.sort_by_key(|&mv| order_key(position, mv));
            moves
        } else {
            previous.iter().map(|s| s.mv).collect()
        };
        moves.dedup();
        let mut scored = Vec::with_capacity(moves.len());
        let mut best = -HIGHEST - 1;
        for mv in moves {
            let alpha = if best <= -HIGHEST { -HIGHEST - 1 } else { best.saturating_sub(margin + 1) };
            let score = self.move_score(position, mv, depth, alpha, HIGHEST + 1, 0, stop);
            if self.aborted {
                return None;
            }
            best = best.max(score);
            scored.push(Scored { mv, score });
        }
        scored.sort_by_key(|s| -s.score);
        Some(scored)
    }

    /// The legs the table expects from `position` on, turn by turn (the first may be the rest
    /// of a chain), at most `most` turns. A leg that shows a piece ends the line: what follows
    /// depends on what it shows.
    pub fn line(&self, position: &Position, most: usize) -> Vec<Vec<Move>> {
        let mut position = position.clone();
        let (mut line, mut turn) = (Vec::new(), Vec::new());
        // Legs too are bounded: a table's cycle of them must end.
        for _ in 0..most * 8 {
            let key = position.key();
            let entry = self.table.get((key as usize) & (SLOTS - 1)).copied().flatten();
            let Some(mv) = entry.filter(|e| e.key == key).and_then(|e| e.best) else { break };
            if line.len() >= most || !position.candidates().contains(&mv) {
                break;
            }
            turn.push(mv);
            if position.is_chance(mv) {
                break;
            }
            let (next, after) = position.after(mv, None);
            match after {
                After::Chain => position = next,
                After::Passed => {
                    line.push(std::mem::take(&mut turn));
                    position = next;
                }
                After::Won => break,
            }
        }
        if !turn.is_empty() {
            line.push(turn);
        }
        line
    }

    /// Starts a search's counters: `budget` nodes once `limited`.
    pub fn start(&mut self, budget: u64) {
        self.nodes = 0;
        self.budget = budget;
        self.aborted = false;
        self.limited = false;
    }

    /// From now on the budget and `stop` apply.
    pub fn limit(&mut self) {
        self.limited = true;
    }

    /// A move's score for the player making it, at `depth` turns; a chance move averaged over
    /// what it may show, with Star1's windows.
    #[allow(clippy::too_many_arguments)]
    fn move_score(
        &mut self,
        position: &Position,
        mv: Move,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
        stop: &mut dyn FnMut() -> bool,
    ) -> i32 {
        if !position.is_chance(mv) {
            return self.outcome_score(position, mv, None, depth, alpha, beta, ply, stop);
        }
        let outcomes = outcomes(position);
        let total: i64 = outcomes.iter().map(|o| o.1).sum();
        if total == 0 {
            return self.outcome_score(position, mv, None, depth, alpha, beta, ply, stop);
        }
        // Weighted by count: `sum` is Σ count·score of the outcomes done, `left` the count not.
        let (alpha, beta) = (i64::from(alpha), i64::from(beta));
        let (low, high) = (i64::from(LOWEST), i64::from(HIGHEST));
        let mut sum: i64 = 0;
        let mut left = total;
        for (piece, count) in outcomes {
            left -= count;
            // Star1: the window this outcome must reach for the average to matter.
            let child_alpha = (alpha * total - sum - left * high).div_euclid(count);
            let child_beta = (beta * total - sum - left * low + count - 1).div_euclid(count);
            let child_alpha = child_alpha.max(low - 1) as i32;
            let child_beta = child_beta.min(high + 1) as i32;
            // A flip costs a turn more: the reply to what it shows is mostly its captures,
            // which quiescence sees, and the tree of flips upon flips is what grows fastest.
            let depth = depth.saturating_sub(1);
            let score =
                self.outcome_score(position, mv, Some(piece), depth, child_alpha, child_beta, ply, stop);
            if self.aborted {
                return 0;
            }
            sum += count * i64::from(score);
            if sum + left * high <= alpha * total {
                return ((sum + left * high) / total) as i32;
            }
            if sum + left * low >= beta * total {
                return ((sum + left * low) / total) as i32;
            }
        }
        (sum / total) as i32
    }

    /// The score, for the player making it, of `mv` showing `revealed`.
    #[allow(clippy::too_many_arguments)]
    fn outcome_score(
        &mut self,
        position: &Position,
        mv: Move,
        revealed: Option<Piece>,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
        stop: &mut dyn FnMut() -> bool,
    ) -> i32 {
        let (next, after) = position.after(mv, revealed);
        match after {
            After::Won => WIN - ply as i32 - 1,
            After::Chain => self.negamax(&next, depth, ply + 1, alpha, beta, stop),
            After::Passed => -self.negamax(&next, depth.saturating_sub(1), ply + 1, -beta, -alpha, stop),
        }
    }

    fn should_stop(&mut self, stop: &mut dyn FnMut() -> bool) -> bool {
        self.nodes += 1;
        if self.limited && self.nodes & 1023 == 0 && (self.nodes >= self.budget || stop()) {
            self.aborted = true;
        }
        self.aborted
    }

    /// Where on `path` the position (between turns) is repeated, if that draws: once on the
    /// search's path, or twice in the game (the third time draws).
    fn repetition(&self, key: u64, quiet_plies: u32) -> Option<usize> {
        let candidates = (0..self.path.len()).rev().take(quiet_plies as usize);
        drawing_repetition(&self.path, self.history, key, candidates)
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        stop: &mut dyn FnMut() -> bool,
    ) -> i32 {
        if self.should_stop(stop) {
            return 0;
        }
        let moves = position.candidates();
        if moves.is_empty() {
            return -WIN + ply as i32;
        }
        let between_turns = position.chain.is_none();
        if between_turns && position.quiet_plies >= position.rules.quiet_limit {
            return 0;
        }
        let key = position.key();
        if between_turns && let Some(at) = self.repetition(key, position.quiet_plies) {
            self.repeated_at = self.repeated_at.min(at);
            return 0;
        }
        if depth == 0 {
            return self.quiesce(position, ply, alpha, beta, stop);
        }
        let slot = (key as usize) & (SLOTS - 1);
        let (quiet, limit) = (position.quiet_plies, position.rules.quiet_limit);
        let mut table_move = None;
        if let Some(entry) = self.table[slot].filter(|e| e.key == key) {
            table_move = entry.best;
            let now = entry.history == self.histories;
            if now && u32::from(entry.depth) >= depth && entry.agrees(quiet, depth, limit) {
                let score = from_table(entry.score, ply);
                if entry.bound.settles(score, alpha, beta) {
                    return score;
                }
            }
        }
        let mut ordered = moves;
        ordered.sort_by_key(|&mv| if Some(mv) == table_move { -100_000 } else { order_key(position, mv) });
        // This node's place on the path (where a position between turns goes).
        let here = self.path.len();
        let repeated_above = std::mem::replace(&mut self.repeated_at, usize::MAX);
        if between_turns {
            self.path.push(key);
        }
        let original_alpha = alpha;
        let mut best = -HIGHEST - 1;
        let mut best_move = None;
        for mv in ordered {
            let score = self.move_score(position, mv, depth, alpha, beta, ply, stop);
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if between_turns {
            self.path.pop();
        }
        let own_score = self.repeated_at >= here;
        self.repeated_at = self.repeated_at.min(repeated_above);
        if self.aborted {
            return 0;
        }
        self.table[slot] = Some(Entry {
            key,
            score: to_table(best, ply),
            depth: if own_score { depth.min(255) as u8 } else { 0 },
            bound: Bound::of(best, original_alpha, beta),
            best: best_move,
            quiet,
            history: self.histories,
        });
        best
    }

    /// Captures of face-up pieces until none is worth it; standing pat on the evaluation.
    fn quiesce(
        &mut self,
        position: &Position,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        stop: &mut dyn FnMut() -> bool,
    ) -> i32 {
        if self.should_stop(stop) {
            return 0;
        }
        let stand = evaluate(position).clamp(-DECIDED / 2, DECIDED / 2);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut captures = position.captures();
        captures.sort_by_key(|&mv| order_key(position, mv));
        let mut best = stand;
        for mv in captures {
            let (next, after) = position.after(mv, None);
            let score = match after {
                After::Won => WIN - ply as i32 - 1,
                After::Chain => self.quiesce(&next, ply + 1, alpha, beta, stop),
                After::Passed => -self.quiesce(&next, ply + 1, -beta, -alpha, stop),
            };
            if self.aborted {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}
