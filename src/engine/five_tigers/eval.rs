//! What a position is worth, per phase, and which actions of a turn to try first. A stone is
//! 100. Formations count by the preset's value: while placing, each one a side could still
//! complete (by how few points it lacks, and whose turn it is, since the mover completes
//! first and every completion earns the placement to make the next); while moving, each one a
//! side completes with one step, the mover's best almost a capture already.

use super::board::{Board, geometry};
use crate::rules::five_tigers::{Move, Phase};

pub const STONE: i32 = 100;

/// Placing: a formation lacking `n` points is worth `value` times this, for the mover and
/// for the other side.
const MOVER_LACKS: [i32; 6] = [0, 90, 16, 5, 2, 1];
const WAITER_LACKS: [i32; 6] = [0, 35, 12, 4, 1, 0];

/// The position's worth to the player to move.
pub fn evaluate(board: &Board) -> i32 {
    let me = board.to_move;
    let material = STONE * (board.stones[me].count_ones() as i32 - board.stones[1 - me].count_ones() as i32);
    match board.phase {
        Phase::Place { .. } => material + placing(board),
        Phase::Remove { .. } | Phase::Move { .. } => material + moving(board),
    }
}

fn placing(board: &Board) -> i32 {
    let geometry = geometry();
    let values = board.values();
    let me = board.to_move;
    let (mine, theirs) = (board.stones[me], board.stones[1 - me]);
    let mut score = 0;
    for (index, &mask) in geometry.masks.iter().enumerate() {
        let value = values[index] as i32;
        let (m, o) = ((mine & mask) != 0, (theirs & mask) != 0);
        let lacks = (mask & !(mine | theirs)).count_ones() as usize;
        if lacks == 0 {
            continue;
        }
        if !o {
            score += value * MOVER_LACKS[lacks];
        }
        if !m {
            score -= value * WAITER_LACKS[lacks];
        }
    }
    score
}

/// What `who`'s one-step formations are worth: (the best's value, the sum of all), and the
/// value of formations lacking two points that hold none of the other side's stones.
fn step_threats(board: &Board, who: usize) -> (i32, i32, i32) {
    let geometry = geometry();
    let values = board.values();
    let (mine, empty) = (board.stones[who], board.empty());
    let (mut best, mut sum, mut near) = (0, 0, 0);
    for (index, &mask) in geometry.masks.iter().enumerate() {
        let lacking = mask & !mine;
        let value = values[index] as i32;
        match lacking.count_ones() {
            1 if lacking & empty != 0 => {
                let point = lacking.trailing_zeros() as usize;
                if geometry.neighbours[point] & mine & !mask != 0 {
                    best = best.max(value);
                    sum += value;
                }
            }
            2 if lacking & board.stones[1 - who] == 0 => near += value,
            _ => {}
        }
    }
    (best, sum, near)
}

fn moving(board: &Board) -> i32 {
    let me = board.to_move;
    let (my_best, my_sum, my_near) = step_threats(board, me);
    let (their_best, their_sum, their_near) = step_threats(board, 1 - me);
    let threats = my_best * 80 + (my_sum - my_best) * 10 - their_best * 45 - (their_sum - their_best) * 10;
    let mobility = board.mobility(me) as i32 - board.mobility(1 - me) as i32;
    threats + 3 * (my_near - their_near) + 4 * mobility
}

/// Sorts a turn's later actions (earned placements, captures), likeliest best first.
pub fn order_actions(board: &Board, actions: &mut [Move]) {
    let geometry = geometry();
    let values = board.values();
    let me = board.to_move;
    let (mine, theirs, empty) = (board.stones[me], board.stones[1 - me], board.empty());
    let urgent = match board.phase {
        Phase::Place { .. } => [0; 25],
        _ => urgent_captures(board),
    };
    let worth = |point: u8| -> i32 {
        let mut score = 0;
        for index in bits_of(geometry.through[usize::from(point)]) {
            let mask = geometry.masks[index];
            let value = values[index] as i32;
            let (m, o) = ((mine & mask).count_ones() as i32, (theirs & mask).count_ones() as i32);
            let size = mask.count_ones() as i32;
            match board.phase {
                // Placing: what it builds and what it blocks.
                Phase::Place { .. } => {
                    if o == 0 {
                        score += value * if m + 1 == size { 400 } else { (m + 1) * (m + 1) };
                    }
                    if m == 0 {
                        score += value * if o + 1 == size { 300 } else { o * o };
                    }
                }
                // Taking a stone: the opponent's formations it ends, and mine it opens.
                _ => {
                    if m == 0 {
                        score += value * o * o;
                    }
                    if o == 1 {
                        score += value * m * m;
                    }
                }
            }
        }
        let free = (geometry.neighbours[usize::from(point)] & empty).count_ones() as i32;
        score + 2 * free + urgent[usize::from(point)]
    };
    actions.sort_by_cached_key(|mv| {
        let point = match *mv {
            Move::Place(p) | Move::Remove(p) => p,
            Move::Step { to, .. } => to,
        };
        std::cmp::Reverse(worth(point))
    });
}

/// Moving: what taking each opponent stone is worth at once. A stone of a formation the
/// opponent completes with one step, or the stone that would step, ends that threat; a stone
/// alone in the way of one of mine, with a stone of mine beside it, opens my own.
fn urgent_captures(board: &Board) -> [i32; 25] {
    let geometry = geometry();
    let values = board.values();
    let me = board.to_move;
    let (mine, theirs, empty) = (board.stones[me], board.stones[1 - me], board.empty());
    let mut urgent = [0; 25];
    for (index, &mask) in geometry.masks.iter().enumerate() {
        let value = values[index] as i32;
        let their_gap = mask & !theirs;
        if their_gap.count_ones() == 1 && their_gap & empty != 0 {
            let steppers = geometry.neighbours[their_gap.trailing_zeros() as usize] & theirs & !mask;
            if steppers != 0 {
                for point in super::board::bits(mask & theirs | steppers) {
                    urgent[usize::from(point)] += 50 * value;
                }
            }
        }
        let my_gap = mask & !mine;
        if my_gap.count_ones() == 1 && my_gap & theirs != 0 {
            let point = my_gap.trailing_zeros() as usize;
            if geometry.neighbours[point] & mine & !mask != 0 {
                urgent[point] += 30 * value;
            }
        }
    }
    urgent
}

fn bits_of(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let index = set.trailing_zeros() as usize;
            set &= set - 1;
            index
        })
    })
}
