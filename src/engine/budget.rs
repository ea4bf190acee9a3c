//! What a request allows a search, the same for every engine: the level, the time, a depth
//! asked for, and a way to be stopped.

use super::{EngineError, Go, LEVELS, default_movetime};
use crate::rules::Termination;
use crate::rules::record::Recorded;

/// How hard a level searches: a depth (in the engine's own units: turns or plies), a node
/// budget, and the margin below the best within which its turns are equally likely.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    pub depth: u32,
    pub nodes: u64,
    pub margin: i32,
}

/// A request's allowance, from the moment it was made.
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    /// 1 to [`LEVELS`].
    pub level: u8,
    pub seed: u64,
    depth: Option<u32>,
    start: f64,
    deadline: f64,
    now: &'a dyn Fn() -> f64,
    stop: &'a dyn Fn() -> bool,
}

impl<'a> Budget<'a> {
    /// The allowance for `go`, starting now: its time, or the level's when none is given.
    pub fn new(go: &Go, now: &'a dyn Fn() -> f64, stop: &'a dyn Fn() -> bool) -> Self {
        let level = go.level.clamp(1, LEVELS);
        let start = now();
        let movetime = go.movetime.unwrap_or_else(|| default_movetime(level));
        Budget { level, seed: go.seed, depth: go.depth, start, deadline: start + movetime as f64, now, stop }
    }

    /// [`Budget::new`] for a search of `game`, which must not be over: a game the rules have
    /// ended is refused with its result and why.
    pub fn of<G: Recorded>(
        game: &G,
        go: &Go,
        now: &'a dyn Fn() -> f64,
        stop: &'a dyn Fn() -> bool,
    ) -> Result<Self, EngineError> {
        match game.outcome() {
            Some(outcome) => {
                Err(EngineError::ended::<G>(outcome, game.termination().unwrap_or(Termination::Rules)))
            }
            None => Ok(Budget::new(go, now, stop)),
        }
    }

    /// Whether to stop now: the time is up or the request was stopped.
    pub fn expired(&self) -> bool {
        (self.stop)() || (self.now)() >= self.deadline
    }

    /// The level's effort from the engine's table of them, to the depth asked for if any.
    pub fn effort(&self, of_level: impl Fn(u8) -> Effort) -> Effort {
        let effort = of_level(self.level);
        Effort { depth: self.depth.unwrap_or(effort.depth), ..effort }
    }

    /// Whether this is the top level, which searches until its time is up.
    pub fn top(&self) -> bool {
        self.level == LEVELS
    }

    /// Milliseconds since the request.
    pub fn elapsed_ms(&self) -> u64 {
        ((self.now)() - self.start).max(0.0) as u64
    }

    /// The same allowance with `share` of the time left (a first, quicker search).
    pub fn part(&self, share: f64) -> Budget<'a> {
        let now = (self.now)();
        Budget { deadline: now + (self.deadline - now).max(0.0) * share, ..*self }
    }
}
