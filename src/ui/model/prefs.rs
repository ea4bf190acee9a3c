//! The choices a player makes on a game's screen and the page remembers across visits: the
//! screen's display choices (the board's renderer, its move numbers and coordinates, per game;
//! animations, sounds and free chat, for every game), and the online ones: the new-game
//! dialog's, and the players whose chat is hidden.

use crate::rules::clock::TimeControl;
use std::rc::Rc;

/// The online choices: the new-game dialog's as last asked for, the time control as its text
/// (`fischer:180+2`; read by the dialog, whose code alone needs to read it) and whether the
/// game was rated (an untimed game never is, and leaves the choice as it was); and the players
/// (by id) whose chat this device hides, in any game.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineChoice {
    pub time: Rc<str>,
    pub rated: bool,
    pub muted: Rc<[String]>,
}

impl Default for OnlineChoice {
    /// Untimed, and rated once a clock is chosen.
    fn default() -> Self {
        OnlineChoice { time: Rc::from(""), rated: true, muted: Rc::from([]) }
    }
}

impl OnlineChoice {
    /// The choice after a game asked for with the clock `time`, rated or not.
    pub fn asked(&self, time: TimeControl, rated: bool) -> OnlineChoice {
        let rated = if time == TimeControl::Untimed { self.rated } else { rated };
        OnlineChoice { time: Rc::from(time.text()), rated, muted: self.muted.clone() }
    }

    /// The choice with the player `id`'s chat hidden, or shown again.
    pub fn muting(&self, id: &str, muted: bool) -> OnlineChoice {
        let others = self.muted.iter().filter(|kept| *kept != id).cloned();
        let muted = others.chain(muted.then(|| id.to_owned())).collect();
        OnlineChoice { muted, ..self.clone() }
    }
}

/// The game screen's display choices, as shown: each set by `Control::Switch`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ScreenPrefs {
    /// Drawn on a canvas rather than as the page's own cells.
    pub canvas: bool,
    pub numbers: bool,
    pub coordinates: bool,
    pub motion: bool,
    pub sound: bool,
    /// Free text in the chat, shown and written; off, the chat is its presets alone.
    pub free_chat: bool,
}

/// One of the screen's display choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DisplayChoice {
    Canvas,
    Numbers,
    Coordinates,
    Motion,
    Sound,
    FreeChat,
}

impl DisplayChoice {
    pub const ALL: [DisplayChoice; 6] = [
        DisplayChoice::Canvas,
        DisplayChoice::Numbers,
        DisplayChoice::Coordinates,
        DisplayChoice::Motion,
        DisplayChoice::Sound,
        DisplayChoice::FreeChat,
    ];
}

impl ScreenPrefs {
    /// The choice `display`, to set.
    pub fn of(&mut self, display: DisplayChoice) -> &mut bool {
        match display {
            DisplayChoice::Canvas => &mut self.canvas,
            DisplayChoice::Numbers => &mut self.numbers,
            DisplayChoice::Coordinates => &mut self.coordinates,
            DisplayChoice::Motion => &mut self.motion,
            DisplayChoice::Sound => &mut self.sound,
            DisplayChoice::FreeChat => &mut self.free_chat,
        }
    }
}
