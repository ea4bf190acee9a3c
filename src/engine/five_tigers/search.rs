//! Alpha-beta over whole turns: each node's children are the turns from it (an earned
//! placement or a capture is an action within the turn, never a ply of its own), generated
//! here each once whatever the order of their actions, their later actions cut to the
//! likeliest few by `eval`'s order; searched in the table's best first, then by their static
//! worth, with a principal-variation window and an exact-keyed transposition table.

use super::board::{Board, KeySet, mix};
use super::eval::{evaluate, order_actions};
use crate::engine::Effort;
use crate::engine::search::{Bound, DECIDED, WIN, final_score, from_table, to_table};
use crate::rules::five_tigers::{Move, QUIET_LIMIT};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

const INFINITY: i32 = WIN + 1;

/// Table slots: a power of two, 24 bytes each (12 MB).
const SLOTS: usize = 1 << 19;

/// How wide to generate turns: the `n`th later action of a turn (an earned placement, a
/// capture) is cut to the `widths[n - 1]` likeliest (the last width for any later one), so a
/// long turn narrows as it goes; and at most `most` turns are made.
#[derive(Clone, Copy, Debug)]
pub struct Width {
    pub widths: &'static [usize],
    pub most: usize,
}

/// Within the tree, a turn's later actions are cut to the likeliest few.
const INNER: Width = Width { widths: &[4, 2, 1], most: 200 };
/// At the root, wider.
const ROOT: Width = Width { widths: &[10, 4, 2, 1], most: 1_500 };

/// The first two turns are searched whole whatever the budget: a win in one is taken and a
/// loss in one stopped.
const SURE_DEPTH: u32 = 2;

#[derive(Clone, Copy, Default)]
pub struct Entry {
    key: u64,
    /// The key of the position the best turn led to.
    best: u64,
    score: i32,
    depth: u8,
    /// `None` in an empty slot.
    bound: Option<Bound>,
    /// The moving phase's quiet plies when searched (the key leaves them out).
    quiet: u32,
}

impl Entry {
    /// Whether the score, searched from `self.quiet` plies, holds `depth` turns from `quiet`:
    /// the same count, or the quiet-move draw out of reach of both (a turn adds one quiet ply
    /// at most).
    fn agrees(&self, quiet: u32, depth: u32) -> bool {
        self.quiet == quiet
            || (self.quiet + u32::from(self.depth) < QUIET_LIMIT && quiet + depth < QUIET_LIMIT)
    }
}

/// The table, allocated when first needed and kept from move to move (keys are exact).
pub fn new_table() -> Vec<Entry> {
    vec![Entry::default(); SLOTS]
}

/// The chosen turn after a depth, and the turns the table expects after it.
#[derive(Clone, Debug)]
pub struct Progress {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub turn: Vec<Move>,
    pub line: Vec<Vec<Move>>,
}

pub struct Search<'a> {
    table: &'a mut [Entry],
    pub nodes: u64,
    budget: u64,
    limited: bool,
    stop: &'a mut dyn FnMut() -> bool,
    aborted: bool,
}

impl<'a> Search<'a> {
    pub fn new(table: &'a mut [Entry], stop: &'a mut dyn FnMut() -> bool) -> Self {
        Search { table, nodes: 0, budget: u64::MAX, limited: false, stop, aborted: false }
    }

    /// The best turn by iterative deepening within `effort` (depth in turns, the node budget
    /// past the sure depth), chosen among those within its
    /// margin by `seed`; `report` hears of each depth. `None` when the game is over.
    pub fn think(
        &mut self,
        board: &Board,
        effort: Effort,
        seed: u64,
        report: &mut dyn FnMut(&Progress),
    ) -> Option<Progress> {
        if board.outcome.is_some() {
            return None;
        }
        let me = board.to_move;
        let mut scored: Vec<(Vec<Move>, Board, i32)> = Vec::new();
        turns(board, ROOT, &mut |after, legs| scored.push((legs.to_vec(), *after, 0)));
        if scored.is_empty() {
            return None;
        }
        // Likeliest first, before any depth is known.
        for entry in scored.iter_mut() {
            entry.2 = self.static_value(&entry.1, me, 1);
        }
        scored.sort_by_key(|t| std::cmp::Reverse(t.2));
        let mut chosen = None;
        for depth in 1..=effort.depth.max(SURE_DEPTH) {
            self.budget = effort.nodes;
            self.limited = depth > SURE_DEPTH;
            let mut best = -INFINITY;
            for (_, after, score) in scored.iter_mut() {
                let alpha = if best == -INFINITY { -INFINITY } else { best - effort.margin - 1 };
                let value = self.value(after, me, depth - 1, 1, alpha, INFINITY);
                if self.aborted {
                    break;
                }
                *score = value;
                best = best.max(value);
            }
            if self.aborted {
                break;
            }
            scored.sort_by_key(|t| std::cmp::Reverse(t.2));
            let (turn, after, score) = choose(&scored, effort.margin, seed);
            let line = self.line(after, depth - 1);
            let progress = Progress { depth, score: *score, nodes: self.nodes, turn: turn.clone(), line };
            report(&progress);
            let decided = progress.score.abs() >= DECIDED || scored.len() == 1;
            chosen = Some(progress);
            if decided || self.nodes >= effort.nodes {
                break;
            }
        }
        chosen
    }

    /// The turns the table expects from `board` on, at most `most`.
    fn line(&self, board: &Board, most: u32) -> Vec<Vec<Move>> {
        let mut board = *board;
        let mut line = Vec::new();
        while line.len() < most as usize && board.outcome.is_none() {
            let key = board.key();
            let entry = self.table[(mix(key) as usize) & (self.table.len() - 1)];
            if entry.key != key || entry.bound.is_none() {
                break;
            }
            // The table keeps where its best turn led: the turn is the one that leads there.
            let mut next = None;
            turns(&board, INNER, &mut |after, legs| {
                if next.is_none() && after.key() == entry.best {
                    next = Some((legs.to_vec(), *after));
                }
            });
            let Some((legs, after)) = next else { break };
            line.push(legs);
            board = after;
        }
        line
    }

    /// The worth to `me` of `child`, a position after one of `me`'s turns, searched `depth`
    /// more turns, within `(alpha, beta)` for `me`.
    fn value(&mut self, child: &Board, me: usize, depth: u32, ply: u32, alpha: i32, beta: i32) -> i32 {
        if let Some(outcome) = child.outcome {
            return final_score(outcome, Board::player(me), ply);
        }
        if depth == 0 {
            self.nodes += 1;
            return self.static_value(child, me, ply);
        }
        // After a full board the one who placed last may also remove first: no sides swapped.
        if child.to_move == me {
            self.negamax(child, depth, ply, alpha, beta)
        } else {
            -self.negamax(child, depth, ply, -beta, -alpha)
        }
    }

    fn static_value(&self, child: &Board, me: usize, ply: u32) -> i32 {
        match child.outcome {
            Some(outcome) => final_score(outcome, Board::player(me), ply),
            None if child.to_move == me => evaluate(child),
            None => -evaluate(child),
        }
    }

    fn negamax(&mut self, board: &Board, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.limited && self.nodes & 1023 == 0 && (self.nodes >= self.budget || (self.stop)()) {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let key = board.key();
        let slot = (mix(key) as usize) & (self.table.len() - 1);
        let mut first = None;
        let entry = self.table[slot];
        if entry.key == key
            && let Some(bound) = entry.bound
        {
            first = Some(entry.best);
            if u32::from(entry.depth) >= depth && entry.agrees(board.quiet, depth) {
                let score = from_table(entry.score, ply);
                if bound.settles(score, alpha, beta) {
                    return score;
                }
            }
        }
        let me = board.to_move;
        let mut children: Vec<(i32, Board)> = Vec::new();
        turns(board, INNER, &mut |after, _| children.push((0, *after)));
        if children.is_empty() {
            return evaluate(board);
        }
        for (order, child) in children.iter_mut() {
            *order = self.static_value(child, me, ply + 1);
        }
        if depth == 1 {
            // The children's static worth is their value (the table's move first only orders
            // the search below: as a value it would read as more than a win).
            self.nodes += children.len() as u64;
            return children.iter().map(|c| c.0).max().unwrap_or(-INFINITY);
        }
        for (order, child) in children.iter_mut() {
            if first == Some(child.key()) {
                *order = INFINITY;
            }
        }
        children.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best = 0;
        for (index, (_, child)) in children.iter().enumerate() {
            let score = if index == 0 {
                self.value(child, me, depth - 1, ply + 1, alpha, beta)
            } else {
                let probe = self.value(child, me, depth - 1, ply + 1, alpha, alpha + 1);
                if probe > alpha && probe < beta && !self.aborted {
                    self.value(child, me, depth - 1, ply + 1, alpha, beta)
                } else {
                    probe
                }
            };
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best = child.key();
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = Some(Bound::of(best_score, original_alpha, beta));
        self.table[slot] = Entry {
            key,
            best,
            score: to_table(best_score, ply),
            depth: depth.min(255) as u8,
            bound,
            quiet: board.quiet,
        };
        best_score
    }
}

/// The turn to play, from turns sorted best first: the best if it wins, otherwise one of those
/// within the margin, by the seed.
fn choose(scored: &[(Vec<Move>, Board, i32)], margin: i32, seed: u64) -> &(Vec<Move>, Board, i32) {
    let best = scored[0].2;
    let near: Vec<_> = if best >= DECIDED {
        scored.iter().take(1).collect()
    } else {
        scored.iter().filter(|t| t.2 >= best - margin && t.2 > -DECIDED).collect()
    };
    let mut rng = rand_pcg::Pcg32::seed_from_u64(seed);
    near.choose(&mut rng).copied().unwrap_or(&scored[0])
}

/// Every whole turn from `board` (within `width`), each once however its actions were ordered:
/// `emit` hears each end position with its actions. The first action is never cut.
pub fn turns(board: &Board, width: Width, emit: &mut dyn FnMut(&Board, &[Move])) {
    fn extend(
        board: &Board,
        legs: &mut Vec<Move>,
        width: Width,
        seen: &mut KeySet,
        made: &mut usize,
        emit: &mut dyn FnMut(&Board, &[Move]),
    ) {
        let mut actions = board.actions();
        if let Some(later) = legs.len().checked_sub(1) {
            let cut = width.widths[later.min(width.widths.len() - 1)];
            if actions.len() > cut {
                order_actions(board, &mut actions);
                actions.truncate(cut);
            }
        }
        for mv in actions {
            if *made >= width.most {
                return;
            }
            let mut next = *board;
            next.play(mv);
            // The same stones reached in another order are the same turn (first actions
            // all lead to different positions).
            if !legs.is_empty() && !seen.insert(next.key() | u64::from(next.continues) << 63) {
                continue;
            }
            legs.push(mv);
            if next.continues && next.outcome.is_none() {
                extend(&next, legs, width, seen, made, emit);
            } else {
                *made += 1;
                emit(&next, legs);
            }
            legs.pop();
        }
    }
    let mut seen = KeySet::default();
    extend(board, &mut Vec::new(), width, &mut seen, &mut 0, emit);
}
