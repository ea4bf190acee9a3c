//! Dark chess's engine. It searches what a player at the board sees, a [`View`], never a
//! deal: flips and blind attacks are chance nodes over the face-down pool (expectiminimax with
//! Star1, as JacobLinCool/banqi does), so two deals that agree on every face-up piece get the
//! same answer. The rules' game is kept only to read the turns and to write the answer.
//!
//! Levels: the top level searches until its time is up; the weaker ones search a node budget
//! (several times more each level) and choose at random, by the request's seed, among the moves
//! scored within their margin of the best, a margin below a soldier's worth.

mod evaluate;
mod position;
mod search;
pub mod tables;

pub use evaluate::evaluate;
pub use position::{After, Position};

use super::{Budget, Effort, Engine, EngineError, Go, LEVELS, Score, Thought};
use crate::rules::dark_chess::{Cell, Config, DarkChess, Move, View};
use crate::rules::{Game, Outcome, Player, Termination, TurnText, replay};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use search::{Scored, Search};
use tables::{Exact, Tables};

/// How far below the best score a level may choose, by level (1 first): less than a
/// soldier's worth, so no level gives material away on purpose.
const MARGINS: [i32; 6] = [60, 40, 25, 12, 5, 0];

/// The positions each level below the top searches (level 1 first). Level 5's is about a
/// third of what the top level searches in its time, so that it stays clearly the weaker.
const BUDGETS: [u64; 5] = [300, 3_000, 30_000, 300_000, 1_000_000];

/// A level's effort: its budget of positions (the top level's is its time) and its margin;
/// depth in turns.
fn effort(level: u8) -> Effort {
    let index = usize::from(level.clamp(1, LEVELS) - 1);
    Effort { depth: 64, nodes: BUDGETS.get(index).copied().unwrap_or(u64::MAX), margin: MARGINS[index] }
}

/// The depth, in turns, a level searches whatever its budget: a win in one is taken, and a
/// loss in one stopped, at one turn already (the reply's captures are in the quiescence
/// search); level 1 searches no more, the others two turns.
fn sure_depth(level: u8) -> u32 {
    if level <= 1 { 1 } else { 2 }
}

pub struct DarkChessEngine {
    config: Config,
    /// A position set up by hand that the turns start from (tests, puzzles); without one the
    /// turns start from the config's, showing the deal as they go.
    setup: Option<DarkChess>,
    /// The game as the turns showed it; its face-down pieces are a guess, never searched.
    game: DarkChess,
    /// Keys of the positions between turns since the last flip or capture, this one last.
    history: Vec<u64>,
    search: Search,
    /// Exact play where every piece is face up and few remain, at the top level.
    tables: Tables,
}

/// The best turn found, with what the search reports.
pub struct Choice {
    pub turn: Vec<Move>,
    /// What the table expects after it, turn by turn (see [`Search::line`]).
    pub line: Vec<Vec<Move>>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

impl Choice {
    /// A leg the endgame tables chose, with its score.
    fn exact(mv: Move, score: i32) -> Choice {
        Choice { turn: vec![mv], line: Vec::new(), score, depth: 1, nodes: 0 }
    }
}

impl DarkChessEngine {
    pub fn new(config: Config) -> Result<Self, EngineError> {
        let game = <DarkChess as TurnText>::from_turns(&config, &[])?;
        let tables = Tables::new(&config);
        Ok(DarkChessEngine {
            config,
            setup: None,
            game,
            history: Vec::new(),
            search: Search::default(),
            tables,
        })
    }

    /// An engine whose turns start from `start`, a position set up by hand.
    pub fn from_game(start: DarkChess) -> Self {
        let config = start.config().clone();
        let history = vec![Position::from_view(&start.view()).key()];
        DarkChessEngine {
            tables: Tables::new(&config),
            config,
            setup: Some(start.clone()),
            game: start,
            history,
            search: Search::default(),
        }
    }

    /// The game after `turns` from the start.
    fn game_after(&self, turns: &[&str]) -> Result<DarkChess, EngineError> {
        Ok(match &self.setup {
            Some(start) => replay(start.clone(), turns, |_, _| {})?,
            None => <DarkChess as TurnText>::from_turns(&self.config, turns)?,
        })
    }

    pub fn view(&self) -> View {
        self.game.view()
    }

    /// The turn to play from what a player sees: the search's first leg, and while a chain
    /// of captures goes on without anything shown, its next legs.
    pub fn think(
        &mut self,
        view: &View,
        budget: &Budget,
        report: &mut dyn FnMut(&Choice),
    ) -> Result<Choice, EngineError> {
        if view.outcome().is_some() {
            return Err(EngineError::GameOver);
        }
        let effort = budget.effort(effort);
        let sure = sure_depth(budget.level);
        let mut position = Position::from_view(view);
        let mut choice = Choice { turn: Vec::new(), line: Vec::new(), score: 0, depth: 0, nodes: 0 };
        loop {
            let mut stop_search = || budget.expired();
            let mut report_leg = |c: &Choice| {
                let turn = choice.turn.iter().chain(&c.turn).copied().collect();
                report(&Choice { turn, line: c.line.clone(), ..*c });
            };
            // At the top level, where the tables call the position won, their quickest win;
            // else the search's leg, which plays for the draw rules and for material where
            // every move loses (the tables count a capture's loss as near as a quiet one's),
            // kept to the tables' drawing moves where the position is drawn.
            let tabled = if budget.top() { self.exact_moves(&position) } else { None }.unwrap_or_default();
            let scored = match tables::best_of(&tabled) {
                Some((mv, Exact::Win(plies))) => {
                    let (next, after) = position.after(mv, None);
                    let line = if after == After::Passed { self.table_line(next) } else { Vec::new() };
                    let won = Choice { line, ..Choice::exact(mv, search::WIN - plies as i32) };
                    report_leg(&won);
                    won
                }
                best => {
                    let searched =
                        self.best(&position, effort, sure, budget.seed, &mut stop_search, &mut report_leg);
                    let chosen = tabled.iter().find(|(mv, _)| searched.turn.first() == Some(mv));
                    match (best, chosen) {
                        (Some((mv, Exact::Draw)), Some((_, Exact::Loss(_)))) => {
                            let drawn = Choice {
                                depth: searched.depth,
                                nodes: searched.nodes,
                                ..Choice::exact(mv, 0)
                            };
                            report_leg(&drawn);
                            drawn
                        }
                        _ => searched,
                    }
                }
            };
            let Some(leg) = scored.turn.first().copied() else {
                break;
            };
            choice.turn.push(leg);
            choice.line = scored.line;
            choice.score = scored.score;
            choice.depth = scored.depth;
            choice.nodes += scored.nodes;
            if position.is_chance(leg) {
                break;
            }
            let (next, after) = position.after(leg, None);
            if after != position::After::Chain {
                break;
            }
            position = next;
        }
        if choice.turn.is_empty() {
            return Err(EngineError::GameOver);
        }
        Ok(choice)
    }

    /// Every move in `position` and its worth by the tables, where they cover it. A move that
    /// makes a position stand the third time draws, which the tables do not see.
    fn exact_moves(&mut self, position: &Position) -> Option<Vec<(Move, Exact)>> {
        let mut moves = self.tables.moves(position)?;
        for (mv, exact) in &mut moves {
            let (next, after) = position.after(*mv, None);
            let key = next.key();
            if after == After::Passed && self.history.iter().filter(|&&earlier| earlier == key).count() >= 2 {
                *exact = Exact::Draw;
            }
        }
        Some(moves)
    }

    /// The tables' best play from `position`, turn by turn, a few turns ahead.
    fn table_line(&mut self, mut position: Position) -> Vec<Vec<Move>> {
        const TURNS: usize = 12;
        let mut line = Vec::new();
        let mut turn = Vec::new();
        while line.len() < TURNS {
            let Some((mv, _)) = self.tables.best(&position) else { break };
            turn.push(mv);
            let (next, after) = position.after(mv, None);
            position = next;
            if after != After::Chain {
                line.push(std::mem::take(&mut turn));
            }
            if after == After::Won {
                break;
            }
        }
        line
    }

    /// The position's worth by the tables at the top level, where they cover it.
    fn proven(&mut self, view: &View) -> Option<Score> {
        let moves = self.exact_moves(&Position::from_view(view))?;
        Some(match tables::best_of(&moves)?.1 {
            Exact::Win(plies) => Score::Win(plies),
            Exact::Loss(plies) => Score::Loss(plies),
            Exact::Draw => Score::Value(0),
        })
    }

    /// Iterative deepening from `position` within `effort`, `sure_depth` turns whatever the
    /// budget; the chosen leg among those within the margin.
    fn best(
        &mut self,
        position: &Position,
        effort: Effort,
        sure_depth: u32,
        seed: u64,
        stop: &mut dyn FnMut() -> bool,
        report: &mut dyn FnMut(&Choice),
    ) -> Choice {
        let mut chosen = Choice { turn: Vec::new(), line: Vec::new(), score: 0, depth: 0, nodes: 0 };
        self.search.set_history(self.history.clone());
        self.search.start(effort.nodes);
        let mut previous: Vec<Scored> = Vec::new();
        for depth in 1..=effort.depth.max(1) {
            if depth > sure_depth {
                self.search.limit();
            }
            let Some(scored) = self.search.root(position, depth, effort.margin, &previous, stop) else {
                break;
            };
            let Some(top) = scored.first().copied() else { break };
            let near: Vec<&Scored> = scored.iter().filter(|s| s.score >= top.score - effort.margin).collect();
            let mut rng = rand_pcg::Pcg32::seed_from_u64(seed);
            let pick = near.choose(&mut rng).copied().copied().unwrap_or(top);
            // What a flip shows is not known: nothing after it is.
            let line = if position.is_chance(pick.mv) {
                Vec::new()
            } else {
                self.search.line(&position.after(pick.mv, None).0, depth as usize)
            };
            chosen = Choice { turn: vec![pick.mv], line, score: pick.score, depth, nodes: self.search.nodes };
            report(&chosen);
            previous = scored;
            let decided = top.score.abs() > search::DECIDED;
            if decided || (depth >= sure_depth && self.search.nodes >= effort.nodes) {
                break;
            }
            if previous.len() == 1 && depth >= sure_depth {
                break;
            }
        }
        chosen
    }
}

impl Engine for DarkChessEngine {
    fn set_moves(&mut self, turns: &[&str]) -> Result<(), EngineError> {
        let whole = self.game_after(turns)?;
        // The positions since the last flip or capture, for the repetition rule. Those turns
        // show nothing, so the game before them is rebuilt once and they are played on it.
        let quiet = (whole.quiet_plies() as usize).min(turns.len());
        let (before, since) = turns.split_at(turns.len() - quiet);
        let start = self.game_after(before)?;
        let key = |game: &DarkChess| Position::from_view(&game.view()).key();
        let mut history: Vec<u64> = start.chain().is_none().then(|| key(&start)).into_iter().collect();
        let game = replay(start, since, |game, _| {
            if game.chain().is_none() {
                history.push(key(game));
            }
        })?;
        self.history = history;
        self.game = game;
        Ok(())
    }

    fn go(
        &mut self,
        go: &Go,
        now: &dyn Fn() -> f64,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Thought),
    ) -> Result<Thought, EngineError> {
        if self.game.chain().is_none() && super::third_time(&self.history) {
            return Err(EngineError::ended::<DarkChess>(Outcome::Draw, Termination::Repetition));
        }
        let budget = Budget::of(&self.game, go, now, stop)?;
        let view = self.game.view();
        let game = self.game.clone();
        let thought = |choice: &Choice| {
            let line = game.announce_line(&choice.turn, &choice.line);
            budget.thought(
                line,
                Score::of(choice.score, search::WIN, search::DECIDED),
                choice.depth,
                choice.nodes,
            )
        };
        let choice = self.think(&view, &budget, &mut |c| report(&thought(c)))?;
        let mut thought = thought(&choice);
        // Where the tables answer, the position's worth is proven (the plies to the capture
        // that decides it).
        if let Some(score) = budget.top().then(|| self.proven(&view)).flatten() {
            thought.score = score;
            thought.exact = true;
        }
        Ok(thought)
    }
}

impl super::Engines for DarkChess {
    /// About a chariot (a soldier is 80, a general 600): the flips' luck evens out much of a
    /// small lead. Reasoned: at the middle level nearly every game is drawn (17 of 19), too
    /// few won to measure it.
    const LEAD: i32 = 300;
    /// Measured (`examples/chance_fit.rs`): every win seen was won (the fit's top).
    const REACH: u32 = 400;
    fn engine(config: Option<&str>) -> Result<Box<dyn Engine>, EngineError> {
        Ok(Box::new(DarkChessEngine::new(super::read_config(config)?)?))
    }

    fn reference(config: Option<&str>) -> Option<Result<Box<dyn Engine>, EngineError>> {
        let reference = super::read_config(config).and_then(super::reference::dark_chess::TwoPly::new);
        Some(reference.map(|r| Box::new(r) as Box<dyn Engine>))
    }

    /// A new deal every pair.
    fn match_start(pair: u64) -> (Option<String>, Vec<String>) {
        (Some(format!(r#"{{"seed":{pair}}}"#)), Vec::new())
    }

    /// Every piece left, face up or down, by its base worth.
    fn material_lead(&self, player: Player) -> Option<i32> {
        let mine = self.colour(player)?;
        let worth = (0..position::SQUARES as u8).map(|square| match self.cell(square) {
            Cell::FaceUp(piece) | Cell::FaceDown(piece) => {
                let worth = evaluate::base_worth(piece.rank);
                if piece.colour == mine { worth } else { -worth }
            }
            Cell::Empty => 0,
        });
        Some(worth.sum())
    }
}
