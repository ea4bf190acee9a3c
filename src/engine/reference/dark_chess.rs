//! Dark chess's reference opponent: a plain two-ply search, written apart from the real engine
//! (it shares only the rules). Each turn it can play is worth the least the other side's best
//! reply leaves it in material, by a fixed worth per rank; a flip is worth its outcomes weighed
//! by the face-down pieces that could show. Equal turns are chosen among at random, seeded by
//! the request. It knows no draw rule, and reads only what a player sees.

use crate::engine::{Budget, Engine, EngineError, Go, Score, Thought};
use crate::rules::dark_chess::{
    Cell, Config, DarkChess, Move, Piece, Rank, Square, piece_letter, square_name,
};
use crate::rules::{Game, Outcome, Player, TurnText, parse_turn};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

/// A fixed worth of each rank, a soldier 10.
fn worth(rank: Rank) -> i32 {
    match rank {
        Rank::General => 60,
        Rank::Advisor => 50,
        Rank::Elephant => 40,
        Rank::Chariot => 30,
        Rank::Horse => 20,
        Rank::Cannon => 35,
        Rank::Soldier => 10,
    }
}

/// Beyond any material.
const WON: i32 = 10_000;

pub struct TwoPly {
    config: Config,
    turns: Vec<String>,
    /// The game as the reference guesses it: what it has seen where it was seen, the rest
    /// dealt by a fixed shuffle.
    game: DarkChess,
}

impl TwoPly {
    pub fn new(config: Config) -> Result<Self, EngineError> {
        let game = <DarkChess as TurnText>::from_turns(&config, &[])?;
        Ok(TwoPly { config, turns: Vec::new(), game })
    }

    /// The game so far dealt so that the face-down `square` holds `piece`.
    fn dealt_with(&self, square: Square, piece: Piece) -> Option<DarkChess> {
        let shown = format!("{}={}", square_name(square), piece_letter(piece));
        let mut said: Vec<&str> = self.turns.iter().map(String::as_str).collect();
        said.push(&shown);
        let mut game = DarkChess::dealt_for(&self.config, &said, 0).ok()?;
        for turn in &self.turns {
            for leg in parse_turn(&game, turn).ok()? {
                game.play(leg).ok()?;
            }
        }
        (game.cell(square) == Cell::FaceDown(piece)).then_some(game)
    }
}

/// `me`'s material beyond the other's, every piece counted face up or down (nothing before the
/// first flip deals the colours); a won game beyond all material.
fn material(game: &DarkChess, me: Player) -> i32 {
    match game.outcome() {
        Some(Outcome::Win(player)) if player == me => return WON,
        Some(Outcome::Win(_)) => return -WON,
        Some(Outcome::Draw) => return 0,
        None => {}
    }
    let Some(colour) = game.colour(me) else { return 0 };
    (0..32)
        .map(|square| match game.cell(square) {
            Cell::FaceUp(piece) | Cell::FaceDown(piece) if piece.colour == colour => worth(piece.rank),
            Cell::FaceUp(piece) | Cell::FaceDown(piece) => -worth(piece.rank),
            Cell::Empty => 0,
        })
        .sum()
}

/// Every position the side to move can reach by a whole turn (a chain of captures followed to
/// each of its ends).
fn after_turns(game: &DarkChess) -> Vec<DarkChess> {
    let mut reached = Vec::new();
    for leg in game.legal_moves() {
        let mut after = game.clone();
        if after.play(leg).is_err() {
            continue;
        }
        if after.mid_move() && after.outcome().is_none() {
            reached.extend(after_turns(&after));
        } else {
            reached.push(after);
        }
    }
    reached
}

/// What `me` keeps after the other side's best reply.
fn after_reply(game: &DarkChess, me: Player) -> i32 {
    if game.outcome().is_some() {
        return material(game, me);
    }
    after_turns(game).iter().map(|after| material(after, me)).min().unwrap_or(WON)
}

/// The best `me` makes of `game` mid-turn: the rest of the turn, then the reply.
fn best_turn(game: &DarkChess, me: Player) -> i32 {
    if !game.mid_move() || game.outcome().is_some() {
        return after_reply(game, me);
    }
    after_turns(game).iter().map(|after| after_reply(after, me)).max().unwrap_or(0)
}

impl Engine for TwoPly {
    fn set_moves(&mut self, turns: &[&str]) -> Result<(), EngineError> {
        self.game = <DarkChess as TurnText>::from_turns(&self.config, turns)?;
        self.turns = turns.iter().map(|t| (*t).to_owned()).collect();
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
        let me = self.game.to_move();
        let hidden = self.game.view().hidden_pieces();
        let mut valued: Vec<(i32, Move)> = Vec::new();
        for leg in self.game.legal_moves() {
            let revealed = match leg {
                Move::Flip(square) => Some(square),
                Move::Go { to, .. } if self.game.reveals_hidden(&leg) => Some(to),
                _ => None,
            };
            let value = match revealed {
                // Each kind of face-down piece that could show, by how many could.
                Some(square) => {
                    let (mut sum, mut count) = (0, 0);
                    for same in hidden.chunk_by(|a, b| a == b) {
                        let Some(mut dealt) = self.dealt_with(square, same[0]) else { continue };
                        if dealt.play(leg).is_ok() {
                            sum += same.len() as i32 * best_turn(&dealt, me);
                            count += same.len() as i32;
                        }
                    }
                    sum / count.max(1)
                }
                None => {
                    let mut after = self.game.clone();
                    after.play(leg).map_err(|_| EngineError::GameOver)?;
                    best_turn(&after, me)
                }
            };
            valued.push((value, leg));
        }
        let best = valued.iter().map(|v| v.0).max().ok_or(EngineError::GameOver)?;
        let choices: Vec<Move> = valued.iter().filter(|v| v.0 == best).map(|v| v.1).collect();
        let mut rng = rand_pcg::Pcg32::seed_from_u64(go.seed);
        let leg = *choices.choose(&mut rng).ok_or(EngineError::GameOver)?;
        // One action at a time: asked again while a chain of captures may go on.
        let thought = budget.thought(vec![self.game.announce(&[leg])], Score::Value(best * 10), 2, 0);
        report(&thought);
        Ok(thought)
    }
}
