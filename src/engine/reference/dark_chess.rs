//! Dark chess's reference opponent: greedy, one ply. It takes the most valuable face-up piece
//! it can (by a plain fixed table), and goes on taking while a chain of captures allows;
//! otherwise it flips or moves at random, seeded by the request. It reads only what a player
//! sees, and shares nothing with the real engine.

use crate::engine::{Budget, Engine, EngineError, Go, Score, Thought};
use crate::rules::dark_chess::{Config, DarkChess, Move, Rank, Seen};
use crate::rules::{Game, TurnText};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

/// A plain fixed worth of each rank.
fn worth(rank: Rank) -> u32 {
    match rank {
        Rank::General => 7,
        Rank::Advisor => 6,
        Rank::Elephant => 5,
        Rank::Chariot => 4,
        Rank::Horse => 3,
        Rank::Cannon => 4,
        Rank::Soldier => 1,
    }
}

pub struct Greedy {
    config: Config,
    game: DarkChess,
}

impl Greedy {
    pub fn new(config: Config) -> Result<Self, EngineError> {
        let game = <DarkChess as TurnText>::from_turns(&config, &[])?;
        Ok(Greedy { config, game })
    }
}

/// The worth of the face-up piece a move takes, if it takes one.
fn taken(game: &DarkChess, mv: Move) -> Option<u32> {
    match mv {
        Move::Go { to, .. } => match game.view().seen(to) {
            Seen::FaceUp(piece) => Some(worth(piece.rank)),
            _ => None,
        },
        _ => None,
    }
}

impl Engine for Greedy {
    fn set_moves(&mut self, turns: &[&str]) -> Result<(), EngineError> {
        self.game = <DarkChess as TurnText>::from_turns(&self.config, turns)?;
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
        let mut won = 0;
        let mut rng = rand_pcg::Pcg32::seed_from_u64(go.seed);
        let mut position = self.game.clone();
        let mut legs = Vec::new();
        loop {
            let moves = position.legal_moves();
            let capture =
                moves.iter().filter_map(|&mv| Some((taken(&position, mv)?, mv))).max_by_key(|c| c.0);
            let leg = match capture {
                Some((worth, mv)) => {
                    won += worth;
                    mv
                }
                None if position.mid_move() => Move::EndChain,
                None => *moves.choose(&mut rng).ok_or(EngineError::GameOver)?,
            };
            let shows = position.reveals_hidden(&leg);
            legs.push(leg);
            // What a flip or blind attack shows in this guessed deal is not the real game's.
            if shows || position.play(leg).is_err() || !position.mid_move() {
                break;
            }
        }
        // Its score is what it takes, a soldier 100.
        let score = Score::Value(100 * won as i32);
        let thought = budget.thought(vec![self.game.announce(&legs)], score, 1, 0);
        report(&thought);
        Ok(thought)
    }
}
