//! Search and evaluation over the rules, pure Rust and tested natively. It imports `rules`;
//! `rules` never imports it.
//!
//! [`Engine`] is one game's engine behind text: the games and moves as the move list writes
//! them, so the page's worker and the `engine` program drive every game the same way.

pub mod analysis;
mod budget;
pub mod checkers;
pub mod connect_four;
pub mod dark_chess;
pub mod five_tigers;
pub mod gomocup;
pub mod gomoku;
pub mod messages;
pub mod perfect;
pub mod reference;
pub mod score;
pub mod search;

pub use budget::{Budget, Effort};
pub use score::Score;

use crate::games::GameId;
use crate::rules::record::{Recorded, result_text};
use crate::rules::{BadTurn, Outcome, Termination, TurnText};
use search::{Progress, Search, Searchable};
use std::fmt;

/// The levels, weakest first: 1 to this.
pub const LEVELS: u8 = 6;

/// How hard each level searches. The weaker levels search less and choose at random (by the
/// request's seed) among the turns scored within their margin of the best; none ever gives a
/// piece or the game away on purpose, and every one sees two turns ahead at least, so it takes
/// a win in one and stops a loss in one wherever a move can. The top level searches until its
/// time is up (and plays Connect Four perfectly).
pub fn effort(level: u8) -> Effort {
    let (nodes, margin) = match level {
        0 | 1 => (300, 250),
        2 => (3_000, 120),
        3 => (30_000, 50),
        4 => (300_000, 20),
        5 => (3_000_000, 5),
        _ => (u64::MAX, 0),
    };
    Effort { depth: 64, nodes, margin }
}

/// How long a level may think when no time is given, in milliseconds: the top level stays
/// well within 2 s a move in a browser on a slow machine.
pub fn default_movetime(level: u8) -> u64 {
    if level >= LEVELS { 1_500 } else { 1_000 }
}

/// How long a hint may think, in milliseconds, at the top level's strength: a short time, never
/// more than the level the player chose may think for its own turn, so a hint comes at least
/// as fast as the computer's turn (whose reply the page shows once the player's own piece has
/// finished moving, a few hundred ms).
pub fn hint_movetime(level: u8) -> u64 {
    HINT_MOVETIME_MS.min(default_movetime(level))
}

/// A hint's time: long enough for the top level's search to see several turns deep.
const HINT_MOVETIME_MS: u64 = 200;

/// What to search for: a level, and optionally a time, a depth, and the seed of the level's
/// choice among near-best turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Go {
    pub level: u8,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub seed: u64,
}

impl Default for Go {
    fn default() -> Self {
        Go { level: LEVELS, movetime: None, depth: None, seed: 0 }
    }
}

/// What an engine found, every engine alike: its answer, and its progress after each depth.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Thought {
    /// The turn to play, as announced (see [`TurnText::announce`]).
    pub turn: String,
    /// For the player to move, on the one scale.
    pub score: Score,
    /// Whether `score` is proven (a solved position) rather than searched to a depth.
    pub exact: bool,
    /// The principal variation: `turn`, then the turns the engine expects to follow, each
    /// announced, as far as its search knows them.
    pub pv: Vec<String>,
    /// How deep the search went, in the engine's own units (turns, or plies).
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
}

impl Budget<'_> {
    /// What was found by now: `line`'s first turn to play, the rest expected to follow.
    pub fn thought(&self, line: Vec<String>, score: Score, depth: u32, nodes: u64) -> Thought {
        let turn = line.first().cloned().unwrap_or_default();
        Thought { turn, score, exact: false, pv: line, depth, nodes, time_ms: self.elapsed_ms() }
    }
}

/// Why an engine could not do what it was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    UnknownGame(String),
    BadConfig(String),
    /// The `ply`th turn given (from 1) is not a legal turn there.
    BadMove {
        ply: usize,
        text: String,
    },
    GameOver,
    /// The rules have ended the game: its result as a record writes it (`1/2-1/2`), and why.
    Ended {
        result: &'static str,
        termination: Termination,
    },
    /// Only Connect Four is solved.
    NoSolver,
    BadBook,
}

impl EngineError {
    /// The game's end by the rules, with its result as `G`'s records write it.
    pub fn ended<G: Recorded>(outcome: Outcome, termination: Termination) -> Self {
        EngineError::Ended { result: result_text(Some(outcome), G::RESULT_ORDER), termination }
    }
}

/// Whether the last of `keys` (the positions between turns since the last move that cannot be
/// undone, the current one last) stands for the third time: a draw by repetition.
pub fn third_time(keys: &[u64]) -> bool {
    keys.last().is_some_and(|current| keys.iter().filter(|key| *key == current).count() >= 3)
}

impl From<BadTurn> for EngineError {
    fn from(BadTurn { ply, text }: BadTurn) -> Self {
        EngineError::BadMove { ply, text }
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::UnknownGame(name) => write!(f, "unknown game {name}"),
            EngineError::BadConfig(why) => write!(f, "bad config: {why}"),
            EngineError::BadMove { ply, text } => write!(f, "illegal move {ply}: {text}"),
            EngineError::GameOver => write!(f, "game over"),
            EngineError::Ended { result, termination } => {
                write!(f, "game over: {result} {}", termination.name())
            }
            EngineError::NoSolver => write!(f, "solve is for connect-four only"),
            EngineError::BadBook => write!(f, "unreadable opening book"),
        }
    }
}

/// A game's engine, driven by text.
pub trait Engine {
    /// Sets the position: the turns since the start, as the move list writes them (a turn's
    /// first actions alone are fine too, the rest following as the next entries).
    fn set_moves(&mut self, turns: &[&str]) -> Result<(), EngineError>;

    /// Starts the game from a position set up by hand, in the game's setup text (a checkers
    /// FEN), before [`Engine::set_moves`]. Games whose records never set one up refuse it.
    fn set_start(&mut self, setup: &str) -> Result<(), EngineError> {
        Err(EngineError::BadConfig(format!("no set-up start in this game: {setup}")))
    }

    /// The turn to play and why. `now` is a clock in milliseconds; `stop` asks whether to stop
    /// early (the best turn so far is then played); `report` hears of each depth searched.
    fn go(
        &mut self,
        go: &Go,
        now: &dyn Fn() -> f64,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Thought),
    ) -> Result<Thought, EngineError>;

    /// The exact score, for games that are solved.
    fn solve(&mut self) -> Result<i32, EngineError> {
        Err(EngineError::NoSolver)
    }

    /// Each column's exact value for the player to move, were it to play there (Connect
    /// Four): `None` where it cannot play, or where the solve would search more than `budget`
    /// positions. `None` for games that are not solved.
    fn column_values(&mut self, _budget: u64) -> Option<Vec<Option<Score>>> {
        None
    }
}

/// What a game brings to the engines, implemented in its own engine module.
pub trait Engines: TurnText + Recorded {
    /// The advantage, on the one scale, with which the side ahead wins three games in four:
    /// the analysis's chance of winning follows from it ([`analysis::chance`]). Measured per
    /// game on the engine's own games at the middle level (`examples/chance_fit.rs`).
    const LEAD: i32;

    /// The distance in plies at which a win the analysis sees (or solves) is won three games
    /// in four: the nearer, the surer, as a long win asks for many exact turns. Measured as
    /// the lead is.
    const REACH: u32;

    /// The game's engine, under a config in the save format's JSON (the game's defaults when
    /// `None`).
    fn engine(config: Option<&str>) -> Result<Box<dyn Engine>, EngineError>;

    /// The arena's reference opponent ([`reference`]), for the games that have one.
    fn reference(_config: Option<&str>) -> Option<Result<Box<dyn Engine>, EngineError>> {
        None
    }

    /// How the `pair`th pair of an arena match starts (both games of a pair start alike, the
    /// sides swapped): the config in the save format's JSON (`None`: the game's defaults) and
    /// the turns already played, as the move list writes them.
    fn match_start(_pair: u64) -> (Option<String>, Vec<String>) {
        (None, Vec::new())
    }

    /// What `player` has on the board beyond the other player, on the one scale, in games that
    /// count material: the arena says whether a drawn side was ahead.
    fn material_lead(&self, _player: crate::rules::Player) -> Option<i32> {
        None
    }
}

/// The engine for a game named as in the protocol and the page's addresses, under a config
/// in the save format's JSON (the game's defaults when `None`).
pub fn engine_for(game: &str, config: Option<&str>) -> Result<Box<dyn Engine>, EngineError> {
    let id = GameId::from_slug(game).ok_or_else(|| EngineError::UnknownGame(game.to_owned()))?;
    with_game!(id, G => G::engine(config))
}

/// A game's config from the save format's JSON, the game's defaults when `None`.
pub fn read_config<C: serde::de::DeserializeOwned + Default>(config: Option<&str>) -> Result<C, EngineError> {
    match config {
        Some(text) => serde_json::from_str(text).map_err(|e| EngineError::BadConfig(e.to_string())),
        None => Ok(C::default()),
    }
}

/// The shared search as an [`Engine`].
pub struct Searcher<G: Searchable> {
    config: G::Config,
    pub game: G,
}

impl<G: Searchable + TurnText> Searcher<G> {
    pub fn new(config: G::Config) -> Result<Self, EngineError> {
        let game = G::from_turns(&config, &[])?;
        Ok(Searcher { config, game })
    }

    /// The search's best turn within `budget`, as found, with each depth's reported.
    pub fn think(&self, budget: &Budget, report: &mut dyn FnMut(&Thought)) -> Result<Thought, EngineError> {
        let mut stop = || budget.expired();
        let mut search = Search::new(&mut stop);
        let game = &self.game;
        let thought = |progress: &Progress<G::Move>| {
            let line = game.announce_line(&progress.turn, &progress.line);
            budget.thought(
                line,
                Score::of(progress.score, search::WIN, search::DECIDED),
                progress.depth,
                progress.nodes,
            )
        };
        let found = search.think(game, budget.effort(effort), budget.seed, &mut |p| report(&thought(p)));
        found.map(|p| thought(&p)).ok_or(EngineError::GameOver)
    }
}

impl<G: Searchable + TurnText + Recorded> Engine for Searcher<G> {
    fn set_moves(&mut self, turns: &[&str]) -> Result<(), EngineError> {
        self.game = G::from_turns(&self.config, turns)?;
        Ok(())
    }

    fn go(
        &mut self,
        go: &Go,
        now: &dyn Fn() -> f64,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Thought),
    ) -> Result<Thought, EngineError> {
        self.think(&Budget::of(&self.game, go, now, stop)?, report)
    }
}
