//! Checkers' reference opponent: plain alpha-beta six whole moves deep over the rules' own
//! move generation, counting material only (a man 100, a king 150), with no table, no
//! quiescence and no ordering beyond the rules' (captures come first there). Equal moves at
//! the root are chosen among by the request's seed, so the games differ.
//!
//! The match starts from three-move ballots: openings of the ACF/WCDF three-move deck.

use crate::engine::{Budget, Engine, EngineError, Go, Score, Thought, read_config};
use crate::rules::checkers::{Checkers, Config, Move};
use crate::rules::{Game, Outcome, TurnText, whole_turns};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

/// Whole moves (plies) searched.
const DEPTH: u32 = 6;
const WIN: i32 = 1_000_000;

/// Twenty ballots of the three-move deck, as the move list writes them: black's first move,
/// red's reply, black's second move. Each is played twice in a match, the sides swapped.
pub const BALLOTS: [[&str; 3]; 20] = [
    ["9-13", "21-17", "5-9"],
    ["9-13", "22-18", "10-15"],
    ["9-14", "22-17", "11-15"],
    ["9-14", "22-18", "5-9"],
    ["9-14", "23-19", "11-16"],
    ["10-14", "22-17", "7-10"],
    ["10-14", "24-20", "6-10"],
    ["10-15", "21-17", "9-13"],
    ["10-15", "22-17", "11-16"],
    ["10-15", "23-18", "12-16"],
    ["10-15", "24-19", "15x24"],
    ["11-15", "21-17", "9-13"],
    ["11-15", "22-17", "8-11"],
    ["11-15", "23-19", "8-11"],
    ["11-15", "23-19", "9-14"],
    ["11-15", "24-20", "8-11"],
    ["11-16", "21-17", "16-20"],
    ["11-16", "22-18", "16-19"],
    ["11-16", "24-20", "16-19"],
    ["12-16", "24-20", "8-12"],
];

/// The `pair`th ballot (round the deck).
pub fn ballot(pair: u64) -> Vec<String> {
    BALLOTS[(pair % BALLOTS.len() as u64) as usize].iter().map(|m| (*m).to_owned()).collect()
}

pub struct Reference {
    config: Config,
    game: Checkers,
}

impl Reference {
    pub fn from_json(config: Option<&str>) -> Result<Self, EngineError> {
        let config: Config = read_config(config)?;
        let game = Checkers::new(&config);
        Ok(Reference { config, game })
    }
}

/// Material for the player to move.
fn material(game: &Checkers) -> i32 {
    let me = game.to_move();
    (0..32)
        .filter_map(|square| game.piece(square))
        .map(|piece| {
            let worth = if piece.king { 150 } else { 100 };
            if piece.owner == me { worth } else { -worth }
        })
        .sum()
}

/// Negamax with alpha-beta; the legs of one turn use no depth.
fn negamax(game: &Checkers, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
    match game.outcome() {
        Some(Outcome::Draw) => return 0,
        Some(Outcome::Win(winner)) => {
            return if winner == game.to_move() { WIN - ply } else { -(WIN - ply) };
        }
        None => {}
    }
    if depth == 0 {
        return material(game);
    }
    let mut best = -WIN - 1;
    for leg in game.legal_moves() {
        let mut next = game.clone();
        if next.play(leg).is_err() {
            continue;
        }
        let score = if next.to_move() == game.to_move() && next.outcome().is_none() {
            negamax(&next, depth, alpha, beta, ply)
        } else {
            -negamax(&next, depth - 1, -beta, -alpha, ply + 1)
        };
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
        self.game = Checkers::from_turns(&self.config, turns)?;
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
        let scored: Vec<(Vec<Move>, i32)> = whole_turns(&self.game)
            .into_iter()
            .map(|(legs, next)| {
                let score = -negamax(&next, DEPTH - 1, -WIN - 1, WIN + 1, 1);
                (legs, score)
            })
            .collect();
        let best = scored.iter().map(|(_, s)| *s).max().ok_or(EngineError::GameOver)?;
        let equal: Vec<&Vec<Move>> =
            scored.iter().filter(|(_, s)| *s == best).map(|(legs, _)| legs).collect();
        let mut rng = rand_pcg::Pcg32::seed_from_u64(go.seed);
        let legs = equal.choose(&mut rng).ok_or(EngineError::GameOver)?;
        let score = Score::of(best, WIN, WIN - 1_000);
        let thought = budget.thought(vec![self.game.announce(legs)], score, DEPTH, 0);
        report(&thought);
        Ok(thought)
    }
}
