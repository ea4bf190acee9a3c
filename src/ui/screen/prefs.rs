//! The game screen's display choices, each remembered across visits: the board's renderer,
//! its move numbers and coordinates (per game), animations, sounds and the chat (for every
//! game).

use crate::ui::effects;
use crate::ui::storage;
use yew::prelude::*;

/// A choice as shown (on or off) and the switch that turns it.
pub type Choice = (bool, Callback<MouseEvent>);

/// The game screen's display choices.
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

/// The display choices of the game `slug`'s screen.
#[hook]
pub fn use_screen_prefs(slug: &'static str) -> ScreenPrefs {
    let canvas = use_remembered(format!("board-suite/renderer/{slug}"), ["dom", "canvas"]);
    let numbers = use_remembered(format!("board-suite/numbers/{slug}"), ["off", "on"]);
    // Shown unless the player hid them.
    let (hidden, switch_coordinates) =
        use_remembered(format!("board-suite/coordinates/{slug}"), ["shown", "hidden"]);
    // Animations and sounds: on unless the player turned them off.
    let (still, switch_motion) = use_remembered("board-suite/motion".to_owned(), ["on", "off"]);
    let (muted, switch_sound) = use_remembered(effects::KEY.to_owned(), ["on", "off"]);
    let chat_muted = use_remembered("board-suite/chat-muted".to_owned(), ["off", "on"]);
    ScreenPrefs {
        canvas,
        numbers,
        coordinates: (!hidden, switch_coordinates),
        motion: (!still, switch_motion),
        sound: (!muted, switch_sound),
        chat_muted,
    }
}

/// A player's on/off choice for this game's screen, remembered across visits as one of two
/// words (off, on).
#[hook]
fn use_remembered(key: String, words: [&'static str; 2]) -> (bool, Callback<MouseEvent>) {
    let [off, on] = words;
    let state = use_state_eq(|| storage::read(&key).as_deref() == Some(on));
    let switch = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            storage::write(&key, if *state { off } else { on });
            state.set(!*state);
        })
    };
    (*state, switch)
}
