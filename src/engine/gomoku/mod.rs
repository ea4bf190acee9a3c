//! Gomoku's engine, under all three rule sets. Each move: a five if there is one; the one stop
//! of a four; then threat-space search, a VCF (a win by continuous fours) and at the top level
//! a VCT (by fours and threes); then alpha-beta over the points near the stones, evaluated by
//! line patterns kept up to date stone by stone ([`board`]). Under renju black never plays a
//! forbidden point (the rules' own test decides), and as white the engine counts a four whose
//! one stop is forbidden to black as a win, in the threat search and the alpha-beta alike.
//!
//! The weaker levels search shallower, find shorter VCFs or none, and choose by the request's
//! seed among the moves within their margin of the best; every one takes a five and stops a
//! four or an open three where it can.

pub mod board;
pub mod search;
pub mod threats;

use super::{Engine, EngineError, Go, Info, LEVELS, default_movetime};
use crate::engine::search::DECIDED;
use crate::rules::gomoku::{Config, Gomoku, Move};
use crate::rules::{Game, TurnText, replay};
use board::{Board, cell_of, point_of};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use search::AlphaBeta;

/// A search's allowance of nodes and time, shared by the threat search and the alpha-beta.
pub struct Budget<'a> {
    pub nodes: u64,
    limit: u64,
    deadline: f64,
    now: &'a dyn Fn() -> f64,
    stop: &'a dyn Fn() -> bool,
    pub aborted: bool,
}

impl<'a> Budget<'a> {
    pub fn new(limit: u64, deadline: f64, now: &'a dyn Fn() -> f64, stop: &'a dyn Fn() -> bool) -> Self {
        Budget { nodes: 0, limit, deadline, now, stop, aborted: false }
    }

    /// Counts a node; whether the search must stop now.
    pub fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0
            && (self.nodes >= self.limit || (self.stop)() || (self.now)() >= self.deadline)
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Whether most of the time or nodes are gone: not worth starting a deeper search.
    pub fn spent(&self) -> bool {
        self.aborted || self.nodes * 2 >= self.limit
    }

    /// A part of this allowance: at most `nodes` more and `share` of the time left.
    pub fn part(&self, nodes: u64, share: f64) -> Budget<'a> {
        let left = (self.deadline - (self.now)()).max(0.0);
        let deadline = if self.deadline.is_finite() { (self.now)() + left * share } else { self.deadline };
        Budget::new(nodes.min(self.limit), deadline, self.now, self.stop)
    }
}

/// How hard a level looks: alpha-beta plies, nodes, the width of each node's candidates, the
/// VCF and VCT lengths (attacker moves, 0 for none), and the margin of its choice.
struct Plan {
    depth: i32,
    nodes: u64,
    width: usize,
    vcf: u8,
    vct: u8,
    margin: i32,
}

fn plan(level: u8) -> Plan {
    match level {
        0 | 1 => Plan { depth: 1, nodes: 1_000, width: 10, vcf: 0, vct: 0, margin: 120 },
        2 => Plan { depth: 2, nodes: 3_000, width: 10, vcf: 0, vct: 0, margin: 40 },
        3 => Plan { depth: 3, nodes: 10_000, width: 10, vcf: 4, vct: 0, margin: 15 },
        4 => Plan { depth: 4, nodes: 30_000, width: 10, vcf: 6, vct: 0, margin: 5 },
        5 => Plan { depth: 6, nodes: 80_000, width: 12, vcf: 10, vct: 0, margin: 0 },
        _ => Plan { depth: 40, nodes: u64::MAX, width: 12, vcf: 12, vct: 5, margin: 0 },
    }
}

pub struct GomokuEngine {
    config: Config,
    game: Gomoku,
    /// The points played, in order: the engine's board is rebuilt from them.
    played: Vec<u8>,
    search: AlphaBeta,
}

impl GomokuEngine {
    pub fn new(config: Config) -> Self {
        GomokuEngine { game: Gomoku::new(&config), config, played: Vec::new(), search: AlphaBeta::default() }
    }

    fn board(&self) -> Board {
        let mut board = Board::new(self.config.rules);
        for &point in &self.played {
            board.place(cell_of(point));
        }
        board
    }

    /// The point to play and its score, `None` where no point is allowed.
    fn choose(
        &mut self,
        go: &Go,
        now: &dyn Fn() -> f64,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Info),
    ) -> Option<(usize, i32)> {
        let start = now();
        let movetime = go.movetime.unwrap_or_else(|| default_movetime(go.level)) as f64;
        let plan = plan(go.level);
        let mut budget = Budget::new(plan.nodes, start + movetime, now, stop);
        let mut board = self.board();
        let mut tell = |depth: u32, cell: usize, score: i32, nodes: u64| {
            let pv = crate::rules::gomoku::point_name(point_of(cell));
            report(&Info { depth, score, nodes, time_ms: (now() - start).max(0.0) as u64, pv });
        };
        // A five, a four to stop, an open four: no searching.
        if let search::Moves::Win(c) | search::Moves::WinSoon(c) = search::moves(&board, plan.width) {
            tell(1, c, DECIDED, 0);
            return Some((c, DECIDED));
        }
        let forced = matches!(search::moves(&board, plan.width), search::Moves::Forced(_));
        // Fours alone first (quick), then fours and threes.
        for (moves, threes, share) in [(plan.vcf, false, 0.15), (plan.vct, true, 0.2)] {
            if moves == 0 || forced {
                continue;
            }
            let mut part = budget.part(budget.limit / 4, share);
            let found = self.search.threats.attack(&mut board, moves, threes, &mut part);
            budget.nodes += part.nodes;
            if let Some(cell) = found {
                tell(u32::from(moves) * 2, cell, DECIDED, budget.nodes);
                return Some((cell, DECIDED));
            }
        }
        self.search.width = plan.width;
        self.search.leaf_vcf = if go.level >= 3 { 3 } else { 0 };
        let max_depth = go.depth.map_or(plan.depth, |d| d as i32);
        let root = self.search.think(
            &mut board,
            max_depth,
            plan.margin,
            &mut budget,
            &mut |depth, cell, score, nodes| tell(depth as u32, cell, score, nodes),
        );
        let &(_, best) = root.scored.first()?;
        let near: Vec<&(usize, i32)> = if best >= DECIDED || plan.margin == 0 {
            root.scored.iter().take(1).collect()
        } else {
            root.scored.iter().filter(|&&(_, s)| s >= best - plan.margin && s > -DECIDED).collect()
        };
        let mut rng = rand_pcg::Pcg32::seed_from_u64(go.seed);
        near.choose(&mut rng).map(|&&chosen| chosen)
    }
}

impl Engine for GomokuEngine {
    fn set_moves(&mut self, turns: &[&str]) -> Result<(), EngineError> {
        let mut played = Vec::with_capacity(turns.len());
        self.game = replay(Gomoku::new(&self.config), turns, |_, Move::Place(point)| played.push(point))?;
        self.played = played;
        Ok(())
    }

    fn go(
        &mut self,
        go: &Go,
        now: &dyn Fn() -> f64,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Info),
    ) -> Result<String, EngineError> {
        if self.game.outcome().is_some() {
            return Err(EngineError::GameOver);
        }
        let go = Go { level: go.level.clamp(1, LEVELS), ..*go };
        let chosen = self.choose(&go, now, stop, report).map(|(cell, _)| Move::Place(point_of(cell)));
        // The rules have the last word: a move they refuse is never played.
        let mv = match chosen {
            Some(mv) if self.game.is_legal(&mv) => mv,
            _ => self.game.legal_moves().first().copied().ok_or(EngineError::GameOver)?,
        };
        Ok(self.game.announce(&[mv]))
    }
}

/// The engine under a config in the save format's JSON.
pub fn engine(config: Option<&str>) -> Result<GomokuEngine, EngineError> {
    Ok(GomokuEngine::new(super::read_config(config)?))
}
