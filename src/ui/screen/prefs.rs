//! The game screen's display choices, each remembered across visits (by the page): the
//! board's renderer, its move numbers and coordinates (per game), animations, sounds and the
//! chat (for every game).

use crate::rules::clock::TimeControl;
use yew::prelude::*;

/// A choice as shown (on or off) and the switch that turns it.
pub type Choice = (bool, Callback<MouseEvent>);

/// The new-game dialog's online choices, as last asked for: the time control, and whether the
/// game was rated (an untimed game never is, and leaves the choice as it was).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnlineChoice {
    pub time: TimeControl,
    pub rated: bool,
}

impl Default for OnlineChoice {
    /// Untimed, and rated once a clock is chosen.
    fn default() -> Self {
        OnlineChoice { time: TimeControl::Untimed, rated: true }
    }
}

/// The game screen's display choices.
#[derive(Clone, PartialEq)]
pub struct ScreenPrefs {
    /// Drawn on a canvas rather than as the page's own cells.
    pub canvas: Choice,
    pub numbers: Choice,
    pub coordinates: Choice,
    pub motion: Choice,
    pub sound: Choice,
    /// The other player's chat hidden.
    pub chat_muted: Choice,
}
