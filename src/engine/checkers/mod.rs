//! Checkers' engine: its own bitboards and whole-move generation (the rules' [`bitboard`](crate::rules::checkers::bitboard)), an evaluation
//! ([`eval`]) and an alpha-beta search ([`search`]). The rules' game is kept beside it to read
//! the turns given and to say the chosen one as the move list writes it.
//!
//! Levels: the weaker ones search to a fixed depth and choose at random (by the request's
//! seed) among the moves within their margin of the best; the top level searches by time.

pub mod eval;
pub mod search;

use super::search::{DECIDED, WIN};
use super::{Budget, Effort, Engine, EngineError, Go, Score, Thought, read_config};
use crate::rules::checkers::bitboard::{Bits, Board, Move, PathList};
use crate::rules::checkers::{Checkers, Config, Move as Leg, Square, read_fen};
use crate::rules::{Game, Outcome, Termination, TurnText, replay};
use search::{Search, Table};

/// How hard each level searches: the depth in plies, a node budget and the margin of its
/// random choice (a man is 100, so no level gives one away on purpose). Every level searches
/// two plies at least, so it takes a win in one and stops a loss in one.
pub fn effort(level: u8) -> Effort {
    let (depth, nodes, margin) = match level {
        0 | 1 => (2, u64::MAX, 30),
        2 => (3, u64::MAX, 15),
        3 => (5, u64::MAX, 8),
        4 => (7, u64::MAX, 4),
        5 => (11, 400_000, 0),
        _ => (64, u64::MAX, 0),
    };
    Effort { depth, nodes, margin }
}

pub struct CheckersEngine {
    /// Where the game began: the config's start, or a position set up by hand.
    start: Checkers,
    game: Checkers,
    /// The keys of the game's positions between turns since its last capture or man move,
    /// oldest first, the current one last: a repetition is a draw.
    earlier: Vec<u64>,
    /// Made when first needed: it is large.
    table: Option<Table>,
}

impl CheckersEngine {
    pub fn new(config: Config) -> Self {
        Self::from_game(Checkers::new(&config))
    }

    /// An engine whose game began at `start` (a position set up by hand, for tests and puzzles).
    pub fn from_game(start: Checkers) -> Self {
        let earlier = vec![Board::from_game(&start).key()];
        CheckersEngine { game: start.clone(), start, earlier, table: None }
    }

    /// From the config in the save format's JSON (the defaults when `None`).
    pub fn from_json(config: Option<&str>) -> Result<Self, EngineError> {
        let config: Config = read_config(config)?;
        Ok(Self::new(config))
    }

    /// The root's moves, each with the squares it visits: whole moves between turns, or the
    /// rest of a multi-jump already begun.
    fn root_moves(&self) -> (Board, Vec<(Move, Vec<Square>)>) {
        let board = Board::from_game(&self.game);
        let mut moves = PathList::default();
        match self.game.jumping() {
            Some(at) => {
                let jumped: Bits =
                    (0..32).filter(|&s| self.game.is_jumped(s)).fold(0, |bits, s| bits | 1 << s);
                board.continuations(at, jumped, &mut moves);
            }
            None => board.generate(&mut moves),
        }
        (board, moves.0)
    }
}

impl Engine for CheckersEngine {
    fn set_start(&mut self, setup: &str) -> Result<(), EngineError> {
        let start =
            read_fen(self.start.config(), setup).map_err(|e| EngineError::BadConfig(format!("{e:?}")))?;
        let table = self.table.take();
        *self = CheckersEngine { table, ..Self::from_game(start) };
        Ok(())
    }

    fn set_moves(&mut self, turns: &[&str]) -> Result<(), EngineError> {
        let mut earlier = vec![Board::from_game(&self.start).key()];
        let game = replay(self.start.clone(), turns, |game, _| {
            if !game.mid_move() {
                if game.quiet_plies() == 0 {
                    earlier.clear();
                }
                earlier.push(Board::from_game(game).key());
            }
        })?;
        self.game = game;
        self.earlier = earlier;
        Ok(())
    }

    fn go(
        &mut self,
        go: &Go,
        now: &dyn Fn() -> f64,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Thought),
    ) -> Result<Thought, EngineError> {
        if !self.game.mid_move() && super::third_time(&self.earlier) {
            return Err(EngineError::ended::<Checkers>(Outcome::Draw, Termination::Repetition));
        }
        let budget = Budget::of(&self.game, go, now, stop)?;
        let (board, moves) = self.root_moves();
        let Some((first, first_path)) = moves.first() else { return Err(EngineError::GameOver) };
        // The top level plays by time; the others by their depth, within their time.
        let mut stop_search = || budget.expired();
        let table = self.table.get_or_insert_with(Table::default);
        let root_moves: Vec<Move> = moves.iter().map(|(mv, _)| *mv).collect();
        // The root itself is the last of `earlier`: the search adds it.
        let before = &self.earlier[..self.earlier.len().saturating_sub(1)];
        let mut search = Search::new(table, before, &mut stop_search);
        let game = &self.game;
        let path_of = |mv: Move| moves.iter().find(|(m, _)| *m == mv).map_or(first_path, |(_, p)| p);
        let thought = |found: &search::Found| {
            let line = announce_line(game, path_of(found.best), &found.line);
            budget.thought(line, Score::of(found.score, WIN, DECIDED), found.depth, found.nodes)
        };
        let found = if moves.len() == 1 {
            None
        } else {
            search
                .think(&board, &root_moves, budget.effort(effort), budget.seed, &mut |f| report(&thought(f)))
        };
        Ok(match found {
            Some(found) => thought(&found),
            // Nothing to choose (or no depth done): the move as it stands.
            None => {
                let line = announce_line(game, first_path, &[]);
                budget.thought(line, Score::Value(-eval::evaluate(&board.play(*first))), 0, 0)
            }
        })
    }
}

/// The move along `path` from `game` and the moves after it, as the move list writes them, as
/// far as each is one of its position's.
fn announce_line(game: &Checkers, path: &[Square], after: &[Move]) -> Vec<String> {
    let mut position = game.clone();
    let mut turns = vec![legs_of(game, path)];
    for &next in after {
        let played = turns.last().is_some_and(|legs| legs.iter().all(|&leg| position.play(leg).is_ok()));
        let mut moves = PathList::default();
        Board::from_game(&position).generate(&mut moves);
        match moves.0.iter().find(|(mv, _)| *mv == next) {
            Some((_, path)) if played => turns.push(legs_of(&position, path)),
            _ => break,
        }
    }
    game.announce_line(&turns[0], &turns[1..])
}

/// A move's legs in the rules, from the squares it visits: a step, or jumps square to square
/// and a stop where a multi-jump ends early (captures optional).
fn legs_of(game: &Checkers, path: &[Square]) -> Vec<Leg> {
    let mut legs: Vec<Leg> = path.windows(2).map(|w| Leg { from: w[0], to: w[1] }).collect();
    let mut after = game.clone();
    for &leg in &legs {
        if after.play(leg).is_err() {
            return legs;
        }
    }
    if let Some(at) = after.jumping().filter(|&at| path.last() == Some(&at)) {
        legs.push(Leg::stop(at));
    }
    legs
}

impl super::Engines for Checkers {
    /// Measured (`examples/chance_fit.rs`): about three men. A man up, with the kings still to
    /// come, wins fewer games than it seems (the draw is the usual result of sound play).
    const LEAD: i32 = 320;
    /// Measured: a win seen up to 16 plies away was won 97% of the time and more, one 16 to
    /// 24 away two games in three.
    const REACH: u32 = 26;
    fn engine(config: Option<&str>) -> Result<Box<dyn Engine>, EngineError> {
        Ok(Box::new(CheckersEngine::from_json(config)?))
    }

    fn reference(config: Option<&str>) -> Option<Result<Box<dyn Engine>, EngineError>> {
        Some(super::reference::checkers::Reference::from_json(config).map(|r| Box::new(r) as Box<dyn Engine>))
    }

    /// A three-move ballot every pair.
    fn match_start(pair: u64) -> (Option<String>, Vec<String>) {
        (None, super::reference::checkers::ballot(pair))
    }
}
