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

use super::search::{DECIDED, WIN};
use super::{Budget, Effort, Engine, EngineError, Go, Score, Thought};
use crate::rules::gomoku::{Config, Gomoku, Move};
use crate::rules::{Game, TurnText, replay};
use board::{Board, cell_of, point_of};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use search::AlphaBeta;

/// A search's allowance of nodes within the request's budget, shared by the threat search and
/// the alpha-beta.
pub struct Allowance<'a> {
    pub nodes: u64,
    limit: u64,
    budget: Budget<'a>,
    pub aborted: bool,
}

impl<'a> Allowance<'a> {
    pub fn new(limit: u64, budget: Budget<'a>) -> Self {
        Allowance { nodes: 0, limit, budget, aborted: false }
    }

    /// Counts a node; whether the search must stop now.
    pub fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && (self.nodes >= self.limit || self.budget.expired()) {
            self.aborted = true;
        }
        self.aborted
    }

    /// Whether most of the time or nodes are gone: not worth starting a deeper search.
    pub fn spent(&self) -> bool {
        self.aborted || self.nodes * 2 >= self.limit
    }

    /// A part of this allowance: at most `nodes` more and `share` of the time left.
    pub fn part(&self, nodes: u64, share: f64) -> Allowance<'a> {
        Allowance::new(nodes.min(self.limit), self.budget.part(share))
    }
}

/// How hard a level looks: alpha-beta plies, nodes and the margin of its choice, the width
/// of each node's candidates, and the VCF and VCT lengths (attacker moves, 0 for none).
struct Plan {
    effort: Effort,
    width: usize,
    vcf: u8,
    vct: u8,
}

fn plan(level: u8) -> Plan {
    let (depth, nodes, width, vcf, vct, margin) = match level {
        0 | 1 => (1, 1_000, 10, 0, 0, 120),
        2 => (2, 3_000, 10, 0, 0, 40),
        3 => (3, 10_000, 10, 4, 0, 15),
        4 => (4, 30_000, 10, 6, 0, 5),
        5 => (6, 80_000, 12, 10, 0, 0),
        _ => (40, u64::MAX, 12, 12, 5, 0),
    };
    Plan { effort: Effort { depth, nodes, margin }, width, vcf, vct }
}

/// A point chosen (the line's first, the points expected after it following), with what is
/// known of it.
struct Pick {
    line: Vec<usize>,
    score: Score,
    depth: u32,
    nodes: u64,
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

    /// The point to play, `None` where no point is allowed.
    fn choose(&mut self, budget: &Budget, report: &mut dyn FnMut(&Pick)) -> Option<Pick> {
        let effort = budget.effort(|level| plan(level).effort);
        let plan = plan(budget.level);
        let mut nodes = Allowance::new(effort.nodes, *budget);
        let mut board = self.board();
        let mut tell = |pick: Pick| {
            report(&pick);
            Some(pick)
        };
        // A five, a four to stop, an open four: no searching.
        match search::moves(&board, plan.width) {
            search::Moves::Win(cell) => {
                return tell(Pick { line: vec![cell], score: Score::Win(1), depth: 1, nodes: 0 });
            }
            search::Moves::WinSoon(cell) => {
                return tell(Pick { line: vec![cell], score: Score::Win(3), depth: 1, nodes: 0 });
            }
            _ => {}
        }
        let forced = matches!(search::moves(&board, plan.width), search::Moves::Forced(_));
        // Fours alone first (quick), then fours and threes.
        for (moves, threes, share) in [(plan.vcf, false, 0.15), (plan.vct, true, 0.2)] {
            if moves == 0 || forced {
                continue;
            }
            let mut part = nodes.part(nodes.limit / 4, share);
            let found = self.search.threats.attack(&mut board, moves, threes, &mut part);
            nodes.nodes += part.nodes;
            if let Some((cell, plies)) = found {
                let depth = u32::from(moves) * 2;
                return tell(Pick { line: vec![cell], score: Score::Win(plies), depth, nodes: nodes.nodes });
            }
        }
        self.search.width = plan.width;
        self.search.leaf_vcf = if budget.level >= 3 { 3 } else { 0 };
        let score = |score: i32| Score::of(score, WIN, DECIDED);
        let root = self.search.think(
            &mut board,
            effort.depth as i32,
            effort.margin,
            &mut nodes,
            &mut |depth, line, value, nodes| {
                report(&Pick { line: line.to_vec(), score: score(value), depth: depth as u32, nodes });
            },
        );
        let &(_, best) = root.scored.first()?;
        let near: Vec<&(usize, i32)> = if best >= DECIDED || effort.margin == 0 {
            root.scored.iter().take(1).collect()
        } else {
            root.scored.iter().filter(|&&(_, s)| s >= best - effort.margin && s > -DECIDED).collect()
        };
        let mut rng = rand_pcg::Pcg32::seed_from_u64(budget.seed);
        let &&(cell, value) = near.choose(&mut rng)?;
        let line = self.search.line(&mut board, cell, root.depth.max(1) as usize);
        Some(Pick { line, score: score(value), depth: root.depth as u32, nodes: nodes.nodes })
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
        report: &mut dyn FnMut(&Thought),
    ) -> Result<Thought, EngineError> {
        let budget = Budget::of(&self.game, go, now, stop)?;
        let game = self.game.clone();
        let thought = |pick: &Pick| {
            let turns: Vec<_> = pick.line.iter().map(|&cell| vec![Move::Place(point_of(cell))]).collect();
            let line = turns.split_first().map(|(turn, then)| game.announce_line(turn, then));
            budget.thought(line.unwrap_or_default(), pick.score, pick.depth, pick.nodes)
        };
        let pick = self.choose(&budget, &mut |pick| report(&thought(pick)));
        // The rules have the last word: a move they refuse is never played.
        match pick {
            Some(pick)
                if pick.line.first().is_some_and(|&cell| game.is_legal(&Move::Place(point_of(cell)))) =>
            {
                Ok(thought(&pick))
            }
            _ => {
                let mv = self.game.legal_moves().first().copied().ok_or(EngineError::GameOver)?;
                Ok(budget.thought(vec![self.game.announce(&[mv])], Score::Value(0), 0, 0))
            }
        }
    }
}

/// The engine under a config in the save format's JSON.
pub fn engine(config: Option<&str>) -> Result<GomokuEngine, EngineError> {
    Ok(GomokuEngine::new(super::read_config(config)?))
}

impl super::Engines for Gomoku {
    /// Measured (`examples/chance_fit.rs`): about ten open threes' worth (one is 60). The
    /// search's estimates say less about the result than their threats suggest.
    const LEAD: i32 = 620;
    /// Measured: a win seen up to 16 plies away was won 97% of the time and more.
    const REACH: u32 = 163;
    fn engine(config: Option<&str>) -> Result<Box<dyn Engine>, EngineError> {
        Ok(Box::new(engine(config)?))
    }

    fn reference(config: Option<&str>) -> Option<Result<Box<dyn Engine>, EngineError>> {
        let reference = super::read_config(config).map(super::reference::gomoku::Reference::new);
        Some(reference.map(|r| Box::new(r) as Box<dyn Engine>))
    }

    fn match_start(pair: u64) -> (Option<String>, Vec<String>) {
        (None, super::reference::gomoku::start(pair))
    }
}
