//! Connect Four's engine: the shared search for the weaker levels, and at the top level
//! perfect play: the solver, from the point in the game where it answers quickly. Earlier
//! positions take it seconds to minutes; there the search plays.

use super::connect_four::{Position, Solver};
use super::{Engine, EngineError, Go, Info, LEVELS, Searcher};
use crate::rules::Game;
use crate::rules::connect_four::{ConnectFour, Move};

/// Discs on the board from which the solver answers within a few milliseconds (Pons' middle
/// sets start here).
pub const SOLVER_FROM: i32 = 14;

pub struct Perfect {
    searcher: Searcher<ConnectFour>,
    /// Made when first needed: its table is large.
    solver: Option<Solver>,
}

impl Perfect {
    pub fn new(searcher: Searcher<ConnectFour>) -> Self {
        Perfect { searcher, solver: None }
    }

    fn solver(&mut self) -> &mut Solver {
        self.solver.get_or_insert_with(Solver::default)
    }
}

impl Engine for Perfect {
    fn set_moves(&mut self, turns: &[&str]) -> Result<(), EngineError> {
        self.searcher.set_moves(turns)
    }

    fn go(
        &mut self,
        go: &Go,
        now: &dyn Fn() -> f64,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Info),
    ) -> Result<String, EngineError> {
        let position = Position::of(&self.searcher.game);
        if go.level < LEVELS || go.depth.is_some() || position.moves() < SOLVER_FROM {
            return self.searcher.go(go, now, stop, report);
        }
        let start = now();
        // A quick answer first, for a stop that comes before the solver's.
        let quick = Go { depth: Some(2), ..*go };
        self.searcher.think(&quick, now, stop, report)?;
        let game = self.searcher.game.clone();
        let solver = self.solver();
        let nodes = solver.nodes;
        let score = solver.solve(&position);
        let column = solver.best_move(&position).ok_or(EngineError::GameOver)?;
        let mv = Move::Drop(column as u8);
        let pv = game.notation(&mv);
        report(&Info {
            depth: 42,
            score,
            nodes: solver.nodes - nodes,
            time_ms: (now() - start) as u64,
            pv: pv.clone(),
        });
        Ok(pv)
    }

    fn solve(&mut self) -> Result<i32, EngineError> {
        let game = self.searcher.game.clone();
        if game.outcome().is_some() {
            return Err(EngineError::GameOver);
        }
        let position = Position::of(&game);
        Ok(self.solver().solve(&position))
    }
}
