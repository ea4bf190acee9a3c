//! Five Tigers' engine: its own bit board (`board`), an evaluation for each phase (`eval`)
//! and an alpha-beta over whole turns with a transposition table (`search`). A turn's earned
//! placements and captures are generated together, each set of stones once whatever the
//! order, the later actions cut to the likeliest few inside the tree.

pub mod board;
pub mod eval;
pub mod search;

use super::search::{DECIDED, WIN};
use super::{Budget, Effort, Engine, EngineError, Go, Score, Thought};
use crate::rules::five_tigers::{Config, FiveTigers};
use crate::rules::{Game, TurnText, replay};
use board::Board;
use search::{Entry, Progress, Search};

/// How hard each level searches: a depth in turns and a node budget (both beyond the first
/// two turns, which are always searched whole, so a win in one is taken and a loss in one
/// stopped), and the margin within which it picks at random, always well under a stone, so no
/// level gives one away on purpose. Depth, not time, sets the levels apart, so each plays
/// alike on any machine. The top level searches by time.
pub fn effort(level: u8) -> Effort {
    let (depth, nodes, margin) = match level {
        0 | 1 => (2, u64::MAX, 90),
        2 => (2, u64::MAX, 40),
        3 => (2, u64::MAX, 15),
        4 => (3, u64::MAX, 0),
        5 => (4, u64::MAX, 0),
        _ => (64, u64::MAX, 0),
    };
    Effort { depth, nodes, margin }
}

pub struct Tigers {
    config: Config,
    game: FiveTigers,
    /// The same position in bits, with the moving phase's quiet plies counted.
    board: Board,
    /// Allocated at the first search.
    table: Option<Vec<Entry>>,
}

impl Tigers {
    pub fn new(config: Config) -> Self {
        let game = FiveTigers::new(&config);
        let board = Board::of(&game, 0);
        Tigers { config, game, board, table: None }
    }

    /// An engine at a position set up by hand (tests, puzzles), no quiet plies counted yet.
    pub fn at(game: FiveTigers) -> Self {
        let board = Board::of(&game, 0);
        Tigers { config: game.config().clone(), game, board, table: None }
    }

    /// The search's best turn within `budget`; `report` hears of each depth.
    pub fn think(
        &mut self,
        budget: &Budget,
        report: &mut dyn FnMut(&Progress),
    ) -> Result<Progress, EngineError> {
        let mut stop = || budget.expired();
        let table = self.table.get_or_insert_with(search::new_table);
        let mut search = Search::new(table, &mut stop);
        search.think(&self.board, budget.effort(effort), budget.seed, report).ok_or(EngineError::GameOver)
    }
}

impl Engine for Tigers {
    fn set_moves(&mut self, turns: &[&str]) -> Result<(), EngineError> {
        let game = FiveTigers::new(&self.config);
        let mut board = Board::of(&game, 0);
        self.game = replay(game, turns, |_, leg| board.play(leg))?;
        self.board = board;
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
        let game = self.game.clone();
        let thought = |progress: &Progress| {
            let line = game.announce_line(&progress.turn, &progress.line);
            budget.thought(line, Score::of(progress.score, WIN, DECIDED), progress.depth, progress.nodes)
        };
        let best = self.think(&budget, &mut |progress| report(&thought(progress)))?;
        Ok(thought(&best))
    }
}

impl super::Engines for FiveTigers {
    /// Measured (`examples/chance_fit.rs`): nearly three stones; captures come in bursts (a
    /// tiger's formation takes several), so one stone is often won back at once.
    const LEAD: i32 = 270;
    /// Measured: every win seen was won (the fit's top).
    const REACH: u32 = 400;
    fn engine(config: Option<&str>) -> Result<Box<dyn Engine>, EngineError> {
        Ok(Box::new(Tigers::new(super::read_config(config)?)))
    }

    fn reference(config: Option<&str>) -> Option<Result<Box<dyn Engine>, EngineError>> {
        let reference = super::read_config(config).map(super::reference::five_tigers::Greedy::new);
        Some(reference.map(|r| Box::new(r) as Box<dyn Engine>))
    }

    fn match_start(pair: u64) -> (Option<String>, Vec<String>) {
        super::reference::five_tigers::start(pair)
    }
}
