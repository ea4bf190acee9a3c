//! Five Tigers' reference opponent: greedy over one whole turn. It plays the turn (a
//! placement with all it earns, a removal, a step with all its captures) after which it has
//! the most stones over its opponent, a win above all; among equals, the one that made the
//! most formation value; then at random by the request's seed. Plain and fixed, on the rules
//! alone, independent of the engine.

use crate::engine::{Budget, Engine, EngineError, Go, Score, Thought};
use crate::rules::five_tigers::{Config, FiveTigers, Move, Preset};
use crate::rules::{Game, Outcome, TurnText};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use std::collections::HashSet;

/// Positions kept after each action of a turn: a turn that earns many actions is cut to the
/// first this many distinct positions (in the rules' order), so it never takes long.
const MOST: usize = 2_000;

pub struct Greedy {
    config: Config,
    game: FiveTigers,
}

impl Greedy {
    pub fn new(config: Config) -> Self {
        Greedy { game: FiveTigers::new(&config), config }
    }
}

/// The score after a turn for `game`'s player to move before it.
fn score(after: &FiveTigers, before: &FiveTigers, made: u32) -> (i64, u32) {
    let me = before.to_move();
    let stones = after.stones(me) as i64 - after.stones(me.opponent()) as i64;
    match after.outcome() {
        Some(Outcome::Win(winner)) if winner == me => (i64::MAX, made),
        _ => (stones, made),
    }
}

/// Every whole turn from `game`, each distinct end position once, with the formation value
/// its actions made.
fn distinct_turns(game: &FiveTigers) -> Vec<(Vec<Move>, FiveTigers, u32)> {
    let mut done = Vec::new();
    let mut open = vec![(Vec::new(), game.clone(), 0u32)];
    let mut seen = HashSet::new();
    while !open.is_empty() {
        let mut next = Vec::new();
        for (legs, position, made) in open {
            for mv in position.legal_moves() {
                let mut after = position.clone();
                if after.play(mv).is_err() || !seen.insert(after.clone()) {
                    continue;
                }
                let made = made + after.formed_by(&mv).len() as u32;
                let mut legs = legs.clone();
                legs.push(mv);
                if after.mid_move() && next.len() < MOST {
                    next.push((legs, after, made));
                } else if !after.mid_move() {
                    done.push((legs, after, made));
                }
            }
        }
        open = next;
    }
    done
}

impl Engine for Greedy {
    fn set_moves(&mut self, turns: &[&str]) -> Result<(), EngineError> {
        self.game = FiveTigers::from_turns(&self.config, turns)?;
        Ok(())
    }

    fn go(
        &mut self,
        go: &Go,
        now: &dyn Fn() -> f64,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Thought),
    ) -> Result<Thought, EngineError> {
        let budget = Budget::of(&self.game, go, now, stop)?;
        let turns = distinct_turns(&self.game);
        let best = turns.iter().map(|(_, after, made)| score(after, &self.game, *made)).max();
        let top: Vec<_> =
            turns.iter().filter(|(_, after, made)| Some(score(after, &self.game, *made)) == best).collect();
        let mut rng = rand_pcg::Pcg32::seed_from_u64(go.seed);
        let (legs, _, _) = top.choose(&mut rng).copied().ok_or(EngineError::GameOver)?;
        // Its score is the stones it leads by after the turn, a stone 100.
        let score = match best {
            Some((i64::MAX, _)) => Score::Win(1),
            Some((stones, _)) => Score::Value(100 * stones as i32),
            None => Score::Value(0),
        };
        let thought = budget.thought(vec![self.game.announce(legs)], score, 1, 0);
        report(&thought);
        Ok(thought)
    }
}

/// The `pair`th start: the presets in turn, and the first stone on a point that changes every
/// three pairs, so the match covers every preset from many openings.
pub fn start(pair: u64) -> (Option<String>, Vec<String>) {
    let preset = Preset::ALL[(pair % 3) as usize];
    let config = serde_json::to_string(&Config { preset }).ok();
    let first = (pair / 3 * 7 % 25) as u8;
    (config, vec![crate::rules::five_tigers::point_name(first)])
}
