//! The one scale of every engine's scores. Each engine searches on a scale of its own and says
//! its scores on this one.

use serde::{Deserialize, Serialize};
use std::fmt;

/// What a position is worth to the player to move.
///
/// An estimate is in hundredths of a unit of material: a checkers man or a Five Tigers stone
/// is 100, a dark-chess soldier 80 and a general 600; the games without material count their
/// advantage on the same order (gomoku's open three is 60, Connect Four's open three 50).
/// A win or a loss that the search sees through to the end is told apart from any estimate,
/// with the plies (turns of either player) until the game ends, the last turn included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Score {
    Value(i32),
    /// The player to move wins in this many plies.
    Win(u32),
    /// The player to move loses in this many plies.
    Loss(u32),
}

impl Score {
    /// A score on an engine's own scale, where a win `n` plies away is `win - n`, a loss its
    /// negation, and every score at or beyond `decided` either way is a win or a loss.
    pub fn of(score: i32, win: i32, decided: i32) -> Score {
        let plies = |score: i32| win.saturating_sub(score.saturating_abs()).max(0) as u32;
        if score >= decided {
            Score::Win(plies(score))
        } else if score <= -decided {
            Score::Loss(plies(score))
        } else {
            Score::Value(score)
        }
    }
}

/// As the `engine` program says it: `cp 35`, `win 7` or `loss 4`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Value(value) => write!(f, "cp {value}"),
            Score::Win(plies) => write!(f, "win {plies}"),
            Score::Loss(plies) => write!(f, "loss {plies}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Score;

    #[test]
    fn an_engines_own_scale_maps_onto_the_one() {
        assert_eq!(Score::of(35, 1_000_000, 990_000), Score::Value(35));
        assert_eq!(Score::of(1_000_000 - 7, 1_000_000, 990_000), Score::Win(7));
        assert_eq!(Score::of(-(30_000 - 4), 30_000, 29_000), Score::Loss(4));
        // Out of range either way is still a score, never a panic.
        assert_eq!(Score::of(i32::MIN, 30_000, 29_000), Score::Loss(0));
        assert_eq!(Score::of(i32::MAX, 30_000, 29_000), Score::Win(0));
        assert_eq!(Score::Win(7).to_string(), "win 7");
        assert_eq!(Score::Value(-12).to_string(), "cp -12");
    }
}
