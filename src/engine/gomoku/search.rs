//! Alpha-beta over the candidate points near the stones, with a transposition table, iterative
//! deepening and principal-variation windows. Threats narrow the moves: a five is taken, a four
//! must be stopped, an open three must be stopped or answered by a four; a short VCF is
//! looked for at the leaves.

use super::Allowance;
use super::board::{Board, CELLS, other, pattern::*};
use super::threats::Threats;
use crate::engine::search::{Bound, DECIDED, WIN, from_table, to_table};

const INFINITY: i32 = WIN + 1;
/// Table slots: 16 bytes each, 16 MB in all, made when first needed.
const SLOTS: usize = 1 << 20;
/// Plies past which forced replies are no longer searched.
const DEEPEST: i32 = 60;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    depth: i8,
    /// `None` in an empty slot.
    bound: Option<Bound>,
    best: u16,
}

/// The moves worth searching for the player to move, or how the position is already decided.
pub enum Moves {
    /// A five now.
    Win(usize),
    /// A sure win in three plies: an open four the defender cannot stop.
    WinSoon(usize),
    /// The opponent has two fives to make, or one the player may not stop.
    Lost(usize),
    /// The one point that stops the opponent's four.
    Forced(usize),
    List(Vec<usize>),
}

/// The moves worth searching: those that stop a threat when there is one, otherwise the
/// `width` points most worth to either side.
pub fn moves(board: &Board, width: usize) -> Moves {
    let me = board.to_move();
    let opponent = other(me);
    if let Some(&five) = board.points_at_least(me, FIVE).first() {
        return Moves::Win(five);
    }
    let opponent_fives = board.points_at_least(opponent, FIVE);
    if let Some(&first) = opponent_fives.first() {
        let stops: Vec<usize> = opponent_fives.iter().copied().filter(|&c| board.playable(c)).collect();
        return match stops[..] {
            [only] if opponent_fives.len() == 1 => Moves::Forced(only),
            _ => Moves::Lost(stops.first().copied().unwrap_or(first)),
        };
    }
    if let Some(open_four) = board.points_at_least(me, FLEX_FOUR).into_iter().find(|&c| board.playable(c)) {
        return Moves::WinSoon(open_four);
    }
    let worth = |c: usize| board.worth(me, c) * 6 / 5 + board.worth(opponent, c);
    let mut points: Vec<usize> = if board.count_at_least(opponent, FLEX_FOUR) > 0 {
        // An open three (or a double four to come): stop it, or make a four first.
        let mut points = board.points_at_least(opponent, FOUR);
        for four in board.points_at_least(me, FOUR) {
            if !points.contains(&four) {
                points.push(four);
            }
        }
        points
    } else {
        board.empty_points().filter(|&c| board.worth(me, c) + board.worth(opponent, c) > 0).collect()
    };
    points.retain(|&c| board.playable(c));
    points.sort_by_key(|&c| std::cmp::Reverse(worth(c)));
    if board.count_at_least(opponent, FLEX_FOUR) == 0 {
        points.truncate(width);
    }
    if points.is_empty() {
        // The first stone, or nothing near: the centre, or any point allowed.
        let centre = super::board::cell_of(crate::rules::gomoku::point_at(7, 7));
        if board.playable(centre) {
            points.push(centre);
        } else if let Some(any) = board.empty_points().find(|&c| board.playable(c)) {
            points.push(any);
        }
    }
    Moves::List(points)
}

pub struct AlphaBeta {
    table: Vec<Entry>,
    pub threats: Threats,
    /// Attacker fours tried for a VCF at each leaf where the player to move has a four.
    pub leaf_vcf: u8,
    pub width: usize,
}

impl Default for AlphaBeta {
    fn default() -> Self {
        AlphaBeta { table: Vec::new(), threats: Threats::default(), leaf_vcf: 3, width: 12 }
    }
}

/// Hears of a depth completed at the root: the depth, the best move and the points expected
/// after it, its score, the nodes so far.
pub type Report<'a> = dyn FnMut(i32, &[usize], i32, u64) + 'a;

/// The root's moves as searched at the last depth completed, best first.
pub struct Root {
    pub scored: Vec<(usize, i32)>,
    pub depth: i32,
}

impl AlphaBeta {
    /// `first` if playable, then the points the table expects after it, at most `most` in all;
    /// the board left as it was.
    pub fn line(&self, board: &mut Board, first: usize, most: usize) -> Vec<usize> {
        let mut line = Vec::new();
        let mut next = Some(first);
        while let Some(cell) = next.filter(|&cell| line.len() < most && cell < CELLS && board.playable(cell))
        {
            board.place(cell);
            line.push(cell);
            let entry = self.table.get((board.hash as usize) & (SLOTS - 1)).copied().unwrap_or_default();
            next = (entry.key == board.hash && entry.bound.is_some()).then_some(usize::from(entry.best));
        }
        for _ in &line {
            board.undo();
        }
        line
    }

    /// Iterative deepening at the root, to `max_depth` plies or until the budget ends. `report`
    /// hears of each depth completed.
    pub fn think(
        &mut self,
        board: &mut Board,
        max_depth: i32,
        margin: i32,
        budget: &mut Allowance,
        report: &mut Report,
    ) -> Root {
        if self.table.is_empty() {
            self.table = vec![Entry::default(); SLOTS];
        }
        let list = match moves(board, self.width + 4) {
            Moves::Win(c) => return Root { scored: vec![(c, WIN - 1)], depth: 1 },
            Moves::WinSoon(c) => return Root { scored: vec![(c, WIN - 3)], depth: 1 },
            Moves::Lost(c) => return Root { scored: vec![(c, -(WIN - 2))], depth: 1 },
            Moves::Forced(c) => vec![c],
            Moves::List(list) => list,
        };
        let mut root = Root { scored: list.iter().map(|&c| (c, 0)).collect(), depth: 0 };
        if root.scored.len() <= 1 {
            // One move to consider (or none allowed): still score it, shallowly.
            let Some(&(cell, _)) = root.scored.first() else { return root };
            board.place(cell);
            let score = -self.negamax(board, 1, 1, -INFINITY, INFINITY, budget);
            board.undo();
            return Root { scored: vec![(cell, if budget.aborted { 0 } else { score })], depth: 1 };
        }
        for depth in 1..=max_depth {
            let mut best = -INFINITY;
            let mut scored = root.scored.clone();
            for (index, (cell, score)) in scored.iter_mut().enumerate() {
                board.place(*cell);
                *score = if index == 0 {
                    -self.negamax(board, depth - 1, 1, -INFINITY, INFINITY, budget)
                } else {
                    let floor = best - margin;
                    let mut value = -self.negamax(board, depth - 1, 1, -floor - 1, -floor + 1, budget);
                    if value > floor && !budget.aborted {
                        value = -self.negamax(board, depth - 1, 1, -INFINITY, -floor, budget);
                    }
                    value
                };
                board.undo();
                if budget.aborted {
                    break;
                }
                best = best.max(*score);
            }
            if budget.aborted {
                // The deeper look's best first move, if it was searched in full and is better.
                break;
            }
            scored.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
            root = Root { scored, depth };
            let line = self.line(board, root.scored[0].0, depth as usize);
            report(depth, &line, root.scored[0].1, budget.nodes);
            let top = root.scored[0].1;
            if top >= DECIDED || root.scored.iter().all(|&(_, s)| s <= -DECIDED) || budget.spent() {
                break;
            }
        }
        root
    }

    fn negamax(
        &mut self,
        board: &mut Board,
        depth: i32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
        budget: &mut Allowance,
    ) -> i32 {
        if budget.spend() {
            return 0;
        }
        if board.is_full() {
            return 0;
        }
        let list = match moves(board, self.width) {
            Moves::Win(_) => return WIN - ply - 1,
            Moves::WinSoon(_) => return WIN - ply - 3,
            Moves::Lost(_) => return -(WIN - ply - 2),
            Moves::Forced(c) if ply < DEEPEST => {
                board.place(c);
                let score = -self.negamax(board, depth, ply + 1, -beta, -alpha, budget);
                board.undo();
                return score;
            }
            Moves::Forced(_) => return board.evaluate(),
            Moves::List(list) => list,
        };
        if depth <= 0 {
            let me = board.to_move();
            if self.leaf_vcf > 0
                && board.count_at_least(me, FOUR) > 0
                && self.threats.vcf(board, self.leaf_vcf, budget).is_some()
            {
                return WIN - ply - 2 * i32::from(self.leaf_vcf);
            }
            return board.evaluate();
        }
        let key = board.hash;
        let slot = (key as usize) & (SLOTS - 1);
        let entry = self.table[slot];
        let mut first = None;
        if entry.key == key
            && let Some(bound) = entry.bound
        {
            first = Some(usize::from(entry.best));
            if i32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply as u32);
                if bound.settles(score, alpha, beta) {
                    return score;
                }
            }
        }
        let mut list = list;
        if let Some(index) = first.and_then(|f| list.iter().position(|&c| c == f)) {
            list[..=index].rotate_right(1);
        }
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best = list[0];
        for (index, &cell) in list.iter().enumerate() {
            board.place(cell);
            let mut score;
            if index == 0 {
                score = -self.negamax(board, depth - 1, ply + 1, -beta, -alpha, budget);
            } else {
                score = -self.negamax(board, depth - 1, ply + 1, -alpha - 1, -alpha, budget);
                if score > alpha && score < beta && !budget.aborted {
                    score = -self.negamax(board, depth - 1, ply + 1, -beta, -alpha, budget);
                }
            }
            board.undo();
            if budget.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best = cell;
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = Some(Bound::of(best_score, original_alpha, beta));
        self.table[slot] = Entry {
            key,
            score: to_table(best_score, ply as u32),
            depth: depth.min(100) as i8,
            bound,
            best: best as u16,
        };
        best_score
    }
}
