//! A search over any game: negamax with alpha-beta, iterative deepening and a transposition
//! table, over the [`Game`] trait plus what a game adds in [`Searchable`]. Connect Four's timed
//! search is this one; the other games' engines search boards of their own and share its
//! scores ([`WIN`], [`final_score`], the table's [`Bound`] and ply shifts).
//!
//! Depth counts turns, not actions: the actions of one turn (a multi-jump's legs, an earned
//! placement) are searched without using up depth, so a reply is always seen whole. At the
//! root the search weighs whole turns, so the move it returns is a complete turn.

use super::Effort;
use crate::rules::{Game, Outcome, Player, whole_turns};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use std::hash::{Hash, Hasher};

/// A won position's score, less the plies to the win, so a quicker win scores higher.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses, not evaluations.
pub const DECIDED: i32 = WIN - 10_000;
const INFINITY: i32 = WIN + 1;

/// What a game adds to its rules for search.
pub trait Searchable: Game {
    /// The position's worth to the player to move, where a unit of material is 100.
    fn evaluate(&self) -> i32;

    /// The moves worth searching, likeliest best first; all legal moves by default. A game
    /// with many quiet moves (gomoku's empty points) may leave out the hopeless ones.
    fn candidates(&self) -> Vec<Self::Move> {
        self.legal_moves()
    }
}

/// A search's progress: after each depth, the best turn so far, its score, and the turns the
/// table expects after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress<M> {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub turn: Vec<M>,
    pub line: Vec<Vec<M>>,
}

/// The depth the first two turns need.
const SURE_DEPTH: u32 = 2;

/// What a table's score is: exact, or a bound from a cut-off.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

impl Bound {
    /// What a node's best score is, searched within `alpha` and `beta`: at least itself after a
    /// cut-off, at most itself if nothing beat `alpha`, else exact.
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        }
    }

    /// Whether a score of this kind settles a search within `alpha` and `beta`.
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

#[derive(Clone, Copy)]
struct Entry<M> {
    key: u64,
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<M>,
}

/// Slots in the transposition table: a power of two (about 12 MB for the largest game).
const SLOTS: usize = 1 << 18;

/// A search over one game, with its table kept from depth to depth.
pub struct Search<'a, G: Searchable> {
    table: Vec<Option<Entry<G::Move>>>,
    pub nodes: u64,
    budget: u64,
    /// Whether the budget and `stop` apply: not within the sure depth.
    limited: bool,
    /// Asked every few thousand nodes whether to stop (a time limit, a cancelled request).
    stop: &'a mut dyn FnMut() -> bool,
    aborted: bool,
}

/// A position's key for the table: a fast hash of the whole state.
fn key<G: Hash>(position: &G) -> u64 {
    let mut hasher = FastHasher(0);
    position.hash(&mut hasher);
    hasher.0
}

/// A multiply-and-rotate hash (as rustc's own), much quicker than the default on small states.
struct FastHasher(u64);

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A root turn, where it leads, and its score at the last depth searched.
type Scored<G> = (Vec<<G as Game>::Move>, G, i32);

/// A finished game's score for `player`, `ply` plies from the root.
pub fn final_score(outcome: Outcome, player: Player, ply: u32) -> i32 {
    let quick = ply.min(1_000) as i32;
    match outcome {
        Outcome::Win(winner) if winner == player => WIN - quick,
        Outcome::Win(_) => -(WIN - quick),
        Outcome::Draw => 0,
    }
}

/// A win's or loss's score counted from the node, not the root, so that it holds wherever the
/// position is met again.
pub fn to_table(score: i32, ply: u32) -> i32 {
    let ply = ply.min(1_000) as i32;
    if score >= DECIDED {
        score + ply
    } else if score <= -DECIDED {
        score - ply
    } else {
        score
    }
}

/// A table's score back at `ply` from the root.
pub fn from_table(score: i32, ply: u32) -> i32 {
    let ply = ply.min(1_000) as i32;
    if score >= DECIDED {
        score - ply
    } else if score <= -DECIDED {
        score + ply
    } else {
        score
    }
}

/// Where on `path` (the game's first `game_positions` keys, then the search's) the position
/// `key` is repeated, if that draws: once on the search's path, or twice in the game (the
/// third time draws). `candidates` are the indices that could hold it, nearest first.
pub fn drawing_repetition(
    path: &[u64],
    game_positions: usize,
    key: u64,
    candidates: impl Iterator<Item = usize>,
) -> Option<usize> {
    let mut in_game = 0;
    for index in candidates.filter(|&index| path.get(index) == Some(&key)) {
        if index >= game_positions {
            return Some(index);
        }
        in_game += 1;
        if in_game == 2 {
            return Some(index);
        }
    }
    None
}

impl<'a, G: Searchable> Search<'a, G> {
    pub fn new(stop: &'a mut dyn FnMut() -> bool) -> Self {
        Search { table: vec![None; SLOTS], nodes: 0, budget: u64::MAX, limited: false, stop, aborted: false }
    }

    /// The best turn for the player to move, by iterative deepening within `effort` (depth in
    /// turns; the first two turns are always searched whole, whatever the budget, so a win in
    /// one is taken and a loss in one stopped wherever a move can), chosen
    /// among those within its margin by `seed`. `report` hears of each depth completed. `None`
    /// when the game is over.
    pub fn think(
        &mut self,
        game: &G,
        effort: Effort,
        seed: u64,
        report: &mut dyn FnMut(&Progress<G::Move>),
    ) -> Option<Progress<G::Move>> {
        if game.outcome().is_some() {
            return None;
        }
        let me = game.to_move();
        let mut turns: Vec<Scored<G>> =
            whole_turns(game).into_iter().map(|(turn, after)| (turn, after, 0)).collect();
        let mut chosen: Option<Progress<G::Move>> = None;
        for depth in 1..=effort.depth.max(SURE_DEPTH) {
            // Budgets and stop requests apply once the sure depth is done.
            self.budget = effort.nodes;
            self.limited = depth > SURE_DEPTH;
            let mut best = -INFINITY;
            for (_, after, score) in turns.iter_mut() {
                // Turns already worse than the margin need only be shown to be so.
                let alpha =
                    if best == -INFINITY { -INFINITY } else { (best - effort.margin - 1).max(-INFINITY) };
                *score = match after.outcome() {
                    Some(outcome) => final_score(outcome, me, 1),
                    None if after.to_move() == me => self.negamax(after, depth - 1, 1, alpha, INFINITY),
                    None => -self.negamax(after, depth - 1, 1, -INFINITY, -alpha),
                };
                if self.aborted {
                    break;
                }
                best = best.max(*score);
            }
            if self.aborted {
                break;
            }
            // The best first next time, which also makes the margin's window narrow at once.
            turns.sort_by_key(|t| std::cmp::Reverse(t.2));
            let (turn, after, score) = Self::choose(&turns, effort.margin, seed);
            let line = self.line(after, depth - 1);
            let progress = Progress { depth, score: *score, nodes: self.nodes, turn: turn.clone(), line };
            report(&progress);
            let decided = progress.score.abs() >= DECIDED;
            chosen = Some(progress);
            if decided || self.nodes >= effort.nodes && depth >= SURE_DEPTH {
                break;
            }
        }
        chosen
    }

    /// The turn to play from scored turns, best first: the best if it wins, otherwise one of
    /// those within the margin, by the seed.
    fn choose(turns: &[Scored<G>], margin: i32, seed: u64) -> &Scored<G> {
        let best = turns[0].2;
        let near: Vec<_> = if best >= DECIDED {
            turns.iter().take(1).collect()
        } else {
            turns.iter().filter(|t| t.2 >= best - margin && t.2 > -DECIDED).collect()
        };
        let mut rng = rand_pcg::Pcg32::seed_from_u64(seed);
        near.choose(&mut rng).copied().unwrap_or(&turns[0])
    }

    /// The whole turns the table expects from `node` on, at most `most`.
    fn line(&self, node: &G, most: u32) -> Vec<Vec<G::Move>> {
        let mut node = node.clone();
        let (mut line, mut turn) = (Vec::new(), Vec::new());
        // Legs too are bounded: a table's cycle of them must end.
        for _ in 0..most * 8 {
            if line.len() >= most as usize || node.outcome().is_some() {
                break;
            }
            let key = key(&node);
            let Some(best) =
                self.table[(key as usize) & (SLOTS - 1)].filter(|e| e.key == key).and_then(|e| e.best)
            else {
                break;
            };
            let mover = node.to_move();
            if node.play(best).is_err() {
                break;
            }
            turn.push(best);
            if node.to_move() != mover || node.outcome().is_some() {
                line.push(std::mem::take(&mut turn));
            }
        }
        line
    }

    /// The score of `node` for its player to move, searched `depth` turns deep.
    fn negamax(&mut self, node: &G, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.limited && self.nodes & 1023 == 0 && (self.nodes >= self.budget || (self.stop)()) {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if depth == 0 {
            return node.evaluate();
        }
        let key = key(node);
        let slot = (key as usize) & (SLOTS - 1);
        let mut first = None;
        if let Some(entry) = self.table[slot].filter(|e| e.key == key) {
            first = entry.best;
            if entry.depth >= depth {
                let score = from_table(entry.score, ply);
                if entry.bound.settles(score, alpha, beta) {
                    return score;
                }
            }
        }
        let me = node.to_move();
        let mut moves = node.candidates();
        if let Some(index) = first.and_then(|f| moves.iter().position(|&m| m == f)) {
            moves[..=index].rotate_right(1);
        }
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best = None;
        for mv in moves {
            let mut child = node.clone();
            if child.play(mv).is_err() {
                continue;
            }
            let score = match child.outcome() {
                Some(outcome) => final_score(outcome, me, ply + 1),
                // The same player goes on with the turn: no depth used, no sides swapped.
                None if child.to_move() == me => self.negamax(&child, depth, ply + 1, alpha, beta),
                None => -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha),
            };
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best = Some(mv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if best.is_none() {
            // No candidate played (none offered): the position is judged as it stands.
            return node.evaluate();
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        self.table[slot] = Some(Entry { key, depth, score: to_table(best_score, ply), bound, best });
        best_score
    }
}
