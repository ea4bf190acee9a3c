//! Gomoku's reference opponent: a plain depth-4 alpha-beta over the rules' own game, with an
//! evaluation by line patterns (every line of five points, by how many stones of one colour it
//! holds with none of the other), searching the twelve points nearest the stones that score
//! best. Independent of the engine: it shares nothing with `engine::gomoku`.

use crate::engine::{Budget, Engine, EngineError, Go, Score, Thought};
use crate::rules::gomoku::{Config, Gomoku, Move, Point, SIZE, point_at};
use crate::rules::{Game, Outcome, TurnText};

const DEPTH: u32 = 4;
const WIDTH: usize = 12;
const WIN: i32 = 10_000_000;
/// A line of five's worth by the stones it holds (of one colour only).
const LINE_WORTH: [i32; 6] = [0, 1, 10, 100, 1_000, 100_000];

/// The 20 match starts: three stones near the centre, the 13 direct and 7 indirect shapes of
/// renju's openings (black's second stone varies).
const STARTS: [[&str; 3]; 20] = [
    ["h8", "h9", "h10"],
    ["h8", "h9", "i10"],
    ["h8", "h9", "j10"],
    ["h8", "h9", "i9"],
    ["h8", "h9", "j9"],
    ["h8", "h9", "i8"],
    ["h8", "h9", "j8"],
    ["h8", "h9", "i7"],
    ["h8", "h9", "j7"],
    ["h8", "h9", "h7"],
    ["h8", "h9", "h6"],
    ["h8", "h9", "g10"],
    ["h8", "h9", "g7"],
    ["h8", "i9", "j10"],
    ["h8", "i9", "i10"],
    ["h8", "i9", "j9"],
    ["h8", "i9", "j8"],
    ["h8", "i9", "j7"],
    ["h8", "i9", "i7"],
    ["h8", "i9", "h10"],
];

/// The opening of the `pair`th pair of match games.
pub fn start(pair: u64) -> Vec<String> {
    STARTS[(pair % STARTS.len() as u64) as usize].iter().map(|s| (*s).to_owned()).collect()
}

pub struct Reference {
    config: Config,
    game: Gomoku,
}

impl Reference {
    pub fn new(config: Config) -> Self {
        Reference { game: Gomoku::new(&config), config }
    }
}

/// Every line of five points, as its points.
fn lines() -> Vec<[Point; 5]> {
    let mut lines = Vec::new();
    for y in 0..SIZE as isize {
        for x in 0..SIZE as isize {
            for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                let (ex, ey) = (x + 4 * dx, y + 4 * dy);
                if (0..SIZE as isize).contains(&ex) && (0..SIZE as isize).contains(&ey) {
                    let at = |k: isize| point_at((x + k * dx) as usize, (y + k * dy) as usize);
                    lines.push([at(0), at(1), at(2), at(3), at(4)]);
                }
            }
        }
    }
    lines
}

/// The position's worth to the player to move.
fn evaluate(game: &Gomoku, lines: &[[Point; 5]]) -> i32 {
    let me = game.to_move();
    let mut score = 0;
    for line in lines {
        let (mut mine, mut theirs) = (0, 0);
        for &p in line {
            match game.stone(p) {
                Some(player) if player == me => mine += 1,
                Some(_) => theirs += 1,
                None => {}
            }
        }
        if theirs == 0 {
            score += LINE_WORTH[mine] * 3 / 2;
        } else if mine == 0 {
            score -= LINE_WORTH[theirs];
        }
    }
    score
}

/// The empty points within two of a stone, the busiest (by the lines through them) first.
fn candidates(game: &Gomoku) -> Vec<Move> {
    let near = |p: Point| {
        let (x, y) = crate::rules::gomoku::coordinates(p);
        let mut busy = 0;
        for dy in -2_isize..=2 {
            for dx in -2_isize..=2 {
                let (cx, cy) = (x as isize + dx, y as isize + dy);
                if (0..SIZE as isize).contains(&cx)
                    && (0..SIZE as isize).contains(&cy)
                    && game.stone(point_at(cx as usize, cy as usize)).is_some()
                {
                    busy += 3 - dx.abs().max(dy.abs()) as i32;
                }
            }
        }
        busy
    };
    let mut scored: Vec<(i32, Move)> = game
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let Move::Place(p) = mv;
            (near(p), mv)
        })
        .filter(|&(busy, _)| busy > 0)
        .collect();
    if scored.is_empty() {
        return game.legal_moves().into_iter().take(1).collect();
    }
    // Sorted by a one-ply look: the evaluation after the move, then by closeness.
    let lines = lines_cache();
    let mut rated: Vec<(i32, Move)> = scored
        .drain(..)
        .map(|(busy, mv)| {
            let mut after = game.clone();
            let _ = after.play(mv);
            // A stone also spoils the other side's lines through it: a point to block scores.
            let worth = -evaluate(&after, lines);
            (worth * 4 + busy, mv)
        })
        .collect();
    rated.sort_by_key(|&(worth, _)| std::cmp::Reverse(worth));
    rated.truncate(WIDTH);
    rated.into_iter().map(|(_, mv)| mv).collect()
}

fn lines_cache() -> &'static [[Point; 5]] {
    static LINES: std::sync::OnceLock<Vec<[Point; 5]>> = std::sync::OnceLock::new();
    LINES.get_or_init(lines)
}

fn negamax(game: &Gomoku, depth: u32, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    if let Some(outcome) = game.outcome() {
        return match outcome {
            Outcome::Draw => 0,
            // The player who just moved won.
            Outcome::Win(_) => -(WIN + depth as i32),
        };
    }
    if depth == 0 {
        return evaluate(game, lines_cache());
    }
    let mut best = -2 * WIN;
    for mv in candidates(game) {
        let mut child = game.clone();
        if child.play(mv).is_err() {
            continue;
        }
        let score = -negamax(&child, depth - 1, -beta, -alpha, nodes);
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    best
}

impl Engine for Reference {
    fn set_moves(&mut self, turns: &[&str]) -> Result<(), EngineError> {
        self.game = Gomoku::from_turns(&self.config, turns)?;
        Ok(())
    }

    fn go(
        &mut self,
        go: &Go,
        now: &dyn Fn() -> f64,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Thought),
    ) -> Result<Thought, EngineError> {
        // Its depth is fixed: the time is only told.
        let budget = Budget::of(&self.game, go, now, stop)?;
        let mut nodes = 0;
        let (mut alpha, beta) = (-2 * WIN, 2 * WIN);
        let mut best = None;
        for mv in candidates(&self.game) {
            let mut child = self.game.clone();
            if child.play(mv).is_err() {
                continue;
            }
            let score = -negamax(&child, DEPTH - 1, -beta, -alpha, &mut nodes);
            if best.is_none() || score > alpha {
                alpha = score;
                best = Some(mv);
            }
        }
        let mv = best.ok_or(EngineError::GameOver)?;
        let thought = budget.thought(vec![self.game.announce(&[mv])], on_scale(alpha), DEPTH, nodes);
        report(&thought);
        Ok(thought)
    }
}

/// A score on the one scale: beyond ±[`WIN`] the game ended, `WIN` plus the depth left there.
fn on_scale(score: i32) -> Score {
    let plies = || DEPTH.saturating_sub(score.unsigned_abs().saturating_sub(WIN.unsigned_abs()));
    if score >= WIN {
        Score::Win(plies())
    } else if score <= -WIN {
        Score::Loss(plies())
    } else {
        Score::Value(score)
    }
}
