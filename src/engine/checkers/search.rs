//! The search: negamax with alpha-beta on null windows (PVS), iterative deepening, a
//! transposition table, quiescence on captures, late-move reductions for quiet moves, and
//! move ordering by the table's move, captures, killers and history.
//!
//! The draws by rule are seen coming, so the side ahead makes progress instead of going round:
//! a position that repeats one on the search's path, or one the game has had twice (the third
//! time draws), scores a draw, and so does reaching the 40-move limit. The table keeps only
//! what the position alone decides: a score that rests on a repetition of a position before
//! the node is not stored (only its move is), and a score is used at another count of quiet
//! plies only where no position its search met comes near the limit at that count.

use super::eval::evaluate;
use crate::engine::Effort;
use crate::engine::search::{Bound, DECIDED, WIN, drawing_repetition, from_table, to_table};
use crate::rules::checkers::QUIET_LIMIT;
use crate::rules::checkers::bitboard::{Board, Move, MoveList};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

const INFINITY: i32 = WIN + 1;
/// Plies deep at most (the extensions for single replies and quiescence included).
const MAX_PLY: usize = 128;
/// The table's slots (24 bytes each: 12 MB).
const SLOTS: usize = 1 << 19;
/// Depths that every level searches whole, whatever its budget, so that it takes a win in one
/// and stops a loss in one.
const SURE_DEPTH: u32 = 2;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    best: Move,
    score: i32,
    /// Plies searched; 0 when the score is not the position's own (the move still is).
    depth: i16,
    bound: Bound,
    /// The position's quiet plies when searched, and the most its search met below it.
    quiet: u32,
    reach: u32,
}

impl Entry {
    /// Whether the score, searched at `self.quiet` quiet plies, holds at `quiet`: the same
    /// count, or one where every position the search met stays short of the limit (a count
    /// higher by `n` raises each of them by `n` at most).
    fn agrees(&self, quiet: u32) -> bool {
        self.quiet == quiet
            || (self.reach < QUIET_LIMIT && quiet.saturating_sub(self.quiet) + self.reach < QUIET_LIMIT)
    }
}

/// The transposition table, kept from move to move.
pub struct Table {
    entries: Vec<Entry>,
}

impl Default for Table {
    fn default() -> Self {
        Table { entries: vec![Entry::default(); SLOTS] }
    }
}

impl Table {
    fn slot(key: u64) -> usize {
        (key as usize) & (SLOTS - 1)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        self.entries.get(Self::slot(key)).filter(|e| e.key == key).copied()
    }

    fn store(&mut self, entry: Entry) {
        if let Some(slot) = self.entries.get_mut(Self::slot(entry.key)) {
            *slot = entry;
        }
    }
}

/// The result of a search: the move, its score for the side to move, the depth done, and the
/// moves the table expects after it.
#[derive(Clone, Debug)]
pub struct Found {
    pub best: Move,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub line: Vec<Move>,
}

pub struct Search<'a> {
    table: &'a mut Table,
    killers: [[Move; 2]; MAX_PLY],
    history: [[i32; 32]; 32],
    pub nodes: u64,
    budget: u64,
    /// Whether the budget and `stop` apply (not within the sure depth).
    limited: bool,
    stop: &'a mut dyn FnMut() -> bool,
    aborted: bool,
    /// The keys of the positions before this one since the last capture or man move: the
    /// game's (`game_positions` of them, the root last) then the search's.
    path: Vec<u64>,
    game_positions: usize,
    /// The earliest place on `path` that a repetition found in the current subtree repeats: a
    /// node later on the path got a score that depends on how it was reached.
    repeated_at: usize,
    /// The most quiet plies of a position met in the current subtree.
    reach: u32,
}

impl<'a> Search<'a> {
    /// `earlier`: the keys of the game's positions before the root since its last capture or
    /// man move, oldest first.
    pub fn new(table: &'a mut Table, earlier: &[u64], stop: &'a mut dyn FnMut() -> bool) -> Self {
        Search {
            table,
            killers: [[Move::default(); 2]; MAX_PLY],
            history: [[0; 32]; 32],
            nodes: 0,
            budget: u64::MAX,
            limited: false,
            stop,
            aborted: false,
            path: earlier.to_vec(),
            // The root, a position of the game too, is pushed by `root`.
            game_positions: earlier.len() + 1,
            repeated_at: usize::MAX,
            reach: 0,
        }
    }

    /// The best of `moves` (the root's, never empty) by iterative deepening within `limits` (a
    /// depth in plies; the node budget applies past the sure depth), chosen by `seed` among
    /// those within the margin. `report` hears of each depth done.
    pub fn think(
        &mut self,
        root: &Board,
        moves: &[Move],
        limits: Effort,
        seed: u64,
        report: &mut dyn FnMut(&Found),
    ) -> Option<Found> {
        let mut order: Vec<Move> = moves.to_vec();
        let mut found: Option<Found> = None;
        let mut rng = rand_pcg::Pcg32::seed_from_u64(seed);
        self.budget = limits.nodes;
        for depth in 1..=limits.depth.max(1) {
            self.limited = depth > SURE_DEPTH;
            let Some((scores, completed)) = self.root(root, &order, depth, limits.margin) else { break };
            let best_score = scores.iter().map(|&(_, s)| s).max().unwrap_or(-INFINITY);
            if !completed {
                // Cut short: the last depth's best was searched first and whole, and a later
                // move scores above it only if proven better; the others' scores are bounds,
                // so among equals the first is kept.
                let first_best =
                    scores.iter().fold(None, |kept: Option<(Move, i32)>, &(mv, score)| match kept {
                        Some((_, kept_score)) if kept_score >= score => kept,
                        _ => Some((mv, score)),
                    });
                if let (Some((best, score)), true) = (first_best, found.is_some()) {
                    let line = self.line(&root.play(best), depth - 2);
                    found = Some(Found { best, score, depth: depth - 1, nodes: self.nodes, line });
                }
                break;
            }
            let near: Vec<Move> =
                scores.iter().filter(|&&(_, s)| s >= best_score - limits.margin).map(|&(m, _)| m).collect();
            let choice =
                if limits.margin > 0 { near.choose(&mut rng).copied() } else { near.first().copied() };
            let best = choice.unwrap_or(order[0]);
            let score = scores.iter().find(|&&(m, _)| m == best).map_or(best_score, |&(_, s)| s);
            let line = self.line(&root.play(best), depth - 1);
            let result = Found { best, score, depth, nodes: self.nodes, line };
            report(&result);
            found = Some(result);
            // The best first next time, then the others by score.
            let mut sorted = scores.clone();
            sorted.sort_by_key(|&(m, s)| (m != best, -s));
            order = sorted.into_iter().map(|(m, _)| m).collect();
            if score.abs() >= DECIDED || order.len() == 1 {
                // A forced win or loss found, or nothing to choose: deeper changes nothing.
                if depth >= SURE_DEPTH {
                    break;
                }
            }
        }
        found
    }

    /// The moves the table expects from `board` on, at most `most`.
    fn line(&self, board: &Board, most: u32) -> Vec<Move> {
        let mut board = *board;
        let mut line = Vec::new();
        while line.len() < most as usize {
            let Some(entry) = self.table.probe(board.key()) else { break };
            let mut moves = MoveList::default();
            board.generate(&mut moves);
            if !moves.as_slice().contains(&entry.best) {
                break;
            }
            line.push(entry.best);
            board = board.play(entry.best);
        }
        line
    }

    /// One depth at the root: each move's score (those searched), and whether all were.
    fn root(
        &mut self,
        root: &Board,
        moves: &[Move],
        depth: u32,
        margin: i32,
    ) -> Option<(Vec<(Move, i32)>, bool)> {
        let mut scores = Vec::with_capacity(moves.len());
        let mut best = -INFINITY;
        self.path.push(root.key());
        for (index, &mv) in moves.iter().enumerate() {
            let child = root.play(mv);
            let next = depth as i32 - 1;
            let score = if margin > 0 {
                // Every move within the margin needs its own score.
                let floor = if best == -INFINITY { -INFINITY } else { best - margin - 1 };
                -self.negamax(&child, next, -INFINITY, -floor, 1)
            } else if index == 0 {
                -self.negamax(&child, next, -INFINITY, INFINITY, 1)
            } else {
                let probe = -self.negamax(&child, next, -best - 1, -best, 1);
                if probe > best && !self.aborted {
                    -self.negamax(&child, next, -INFINITY, -best, 1)
                } else {
                    probe
                }
            };
            if self.aborted {
                self.path.pop();
                return (!scores.is_empty()).then_some((scores, false));
            }
            best = best.max(score);
            scores.push((mv, score));
        }
        self.path.pop();
        Some((scores, true))
    }

    fn out_of_time(&mut self) -> bool {
        if !self.aborted
            && self.limited
            && (self.nodes >= self.budget || (self.nodes & 1023 == 0 && (self.stop)()))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Where on `path` the position is repeated, if that draws: once on the search's path, or
    /// twice in the game (the third time draws). Only positions since the last capture or man
    /// move, with the same side to move, can repeat it.
    fn repetition(&self, board: &Board, key: u64) -> Option<usize> {
        let back = (board.quiet as usize).min(self.path.len());
        let candidates = (4..=back).step_by(2).map(|plies| self.path.len() - plies);
        drawing_repetition(&self.path, self.game_positions, key, candidates)
    }

    fn negamax(&mut self, board: &Board, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let key = board.key();
        self.reach = self.reach.max(board.quiet);
        if board.quiet >= QUIET_LIMIT {
            return 0;
        }
        if let Some(at) = self.repetition(board, key) {
            self.repeated_at = self.repeated_at.min(at);
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(board);
        }
        if depth <= 0 {
            return self.quiesce(board, alpha, beta, ply);
        }
        let mut table_move = None;
        if let Some(entry) = self.table.probe(key) {
            table_move = Some(entry.best);
            if i32::from(entry.depth) >= depth && entry.agrees(board.quiet) {
                let score = from_table(entry.score, ply as u32);
                if entry.bound.settles(score, alpha, beta) {
                    return score;
                }
            }
        }
        let mut moves = MoveList::default();
        board.generate(&mut moves);
        if moves.is_empty() {
            return -(WIN - ply as i32);
        }
        let captures = moves.as_slice()[0].is_capture();
        self.order(moves.as_mut_slice(), table_move, ply);
        // A single reply costs no depth.
        let next_depth = if moves.len() == 1 { depth } else { depth - 1 };
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = moves.as_slice()[0];
        // This node's place on the path, and what its subtree finds, apart from its siblings'.
        let here = self.path.len();
        let repeated_above = std::mem::replace(&mut self.repeated_at, usize::MAX);
        let reach_above = std::mem::replace(&mut self.reach, board.quiet);
        self.path.push(key);
        for (index, &mv) in moves.as_slice().iter().enumerate() {
            let child = board.play(mv);
            let score = if index == 0 {
                -self.negamax(&child, next_depth, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves first get a shallower look.
                let reduce = i32::from(!captures && index >= 3 && depth >= 3 && !self.is_killer(mv, ply));
                let mut score = -self.negamax(&child, next_depth - reduce, -alpha - 1, -alpha, ply + 1);
                if score > alpha && reduce > 0 {
                    score = -self.negamax(&child, next_depth, -alpha - 1, -alpha, ply + 1);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(&child, next_depth, -beta, -alpha, ply + 1);
                }
                score
            };
            if self.aborted {
                self.path.pop();
                self.repeated_at = self.repeated_at.min(repeated_above);
                self.reach = self.reach.max(reach_above);
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = mv;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !mv.is_capture() {
                    self.remember(mv, ply, depth);
                }
                break;
            }
        }
        self.path.pop();
        let bound = Bound::of(best_score, original_alpha, beta);
        // A score that rests on a repetition of a position above this one is this path's, not
        // the position's: only the move is kept.
        let own = self.repeated_at >= here;
        let depth = if own { depth.clamp(0, i32::from(i16::MAX)) as i16 } else { 0 };
        let reach = self.reach;
        self.table.store(Entry {
            key,
            best: best_move,
            score: to_table(best_score, ply as u32),
            depth,
            bound,
            quiet: board.quiet,
            reach,
        });
        self.repeated_at = self.repeated_at.min(repeated_above);
        self.reach = reach.max(reach_above);
        best_score
    }

    /// Captures played out: where they are compulsory a capture is forced, so there is no
    /// standing pat while one exists; where optional, the side may stand pat.
    fn quiesce(&mut self, board: &Board, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if ply >= MAX_PLY - 1 {
            return evaluate(board);
        }
        let mut moves = MoveList::default();
        let any = board.generate_captures(&mut moves);
        let mut best = -INFINITY;
        if !any || !board.compulsory {
            best = evaluate(board);
            if !any || best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        for &mv in moves.as_slice() {
            self.nodes += 1;
            if self.out_of_time() {
                return 0;
            }
            let score = -self.quiesce(&board.play(mv), -beta, -alpha, ply + 1);
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

    fn is_killer(&self, mv: Move, ply: usize) -> bool {
        self.killers.get(ply).is_some_and(|k| k.contains(&mv))
    }

    /// A quiet move that refuted: tried early at the same ply and elsewhere.
    fn remember(&mut self, mv: Move, ply: usize, depth: i32) {
        if let Some(killers) = self.killers.get_mut(ply)
            && killers[0] != mv
        {
            killers[1] = killers[0];
            killers[0] = mv;
        }
        let cell = &mut self.history[usize::from(mv.from) % 32][usize::from(mv.to) % 32];
        *cell = cell.saturating_add(depth * depth);
    }

    /// The table's move first, then captures (the more taken the earlier), killers, history.
    fn order(&self, moves: &mut [Move], table_move: Option<Move>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or_default();
        moves.sort_by_cached_key(|&mv| {
            let rank = if Some(mv) == table_move {
                i32::MAX
            } else if mv.is_capture() {
                1 << 28 | mv.captured.count_ones() as i32
            } else if mv == killers[0] {
                1 << 27
            } else if mv == killers[1] {
                (1 << 27) - 1
            } else {
                self.history[usize::from(mv.from) % 32][usize::from(mv.to) % 32].min((1 << 26) - 1)
            };
            std::cmp::Reverse(rank)
        });
    }
}
