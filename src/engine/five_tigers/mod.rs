//! Five Tigers' engine: its own bit board (`board`), an evaluation for each phase (`eval`)
//! and an alpha-beta over whole turns with a transposition table (`search`). A turn's earned
//! placements and captures are generated together, each set of stones once whatever the
//! order, the later actions cut to the likeliest few inside the tree.

pub mod board;
pub mod eval;
pub mod search;

use super::{Engine, EngineError, Go, Info, LEVELS, default_movetime};
use crate::rules::five_tigers::{Config, FiveTigers};
use crate::rules::{Game, TurnText, replay};
use board::Board;
use search::{Effort, Entry, Progress, Search};

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

    /// The search's best turn within `go`.
    pub fn think(
        &mut self,
        go: &Go,
        now: &dyn Fn() -> f64,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Info),
    ) -> Result<Progress, EngineError> {
        if self.game.outcome().is_some() {
            return Err(EngineError::GameOver);
        }
        let start = now();
        let movetime = go.movetime.unwrap_or_else(|| default_movetime(go.level)) as f64;
        let mut stop_search = || stop() || now() - start >= movetime;
        let mut effort = effort(go.level.min(LEVELS));
        if let Some(depth) = go.depth {
            effort.depth = depth;
        }
        let table = self.table.get_or_insert_with(search::new_table);
        let mut search = Search::new(table, &mut stop_search);
        let game = &self.game;
        let mut tell = |progress: &Progress| {
            report(&Info {
                depth: progress.depth,
                score: progress.score,
                nodes: progress.nodes,
                time_ms: (now() - start).max(0.0) as u64,
                pv: game.announce(&progress.turn),
            })
        };
        search.think(&self.board, effort, go.seed, &mut tell).ok_or(EngineError::GameOver)
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
        report: &mut dyn FnMut(&Info),
    ) -> Result<String, EngineError> {
        let best = self.think(go, now, stop, report)?;
        Ok(self.game.announce(&best.turn))
    }
}
