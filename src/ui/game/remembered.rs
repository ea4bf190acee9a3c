//! What the device remembers for a game besides the game itself, read and written by the page
//! alone: who plays the computer, the turn flow's choices, the screen's display choices.

use crate::rules::clock::TimeControl;
use crate::ui::effects;
use crate::ui::flow::{Preference, Prefs};
use crate::ui::model::{Opponent, UiGame};
use crate::ui::screen::{OnlineChoice, ScreenPrefs};
use crate::ui::session::{Action, Remembered};
use crate::ui::storage;
use yew::prelude::*;

fn opponent_key(slug: &str) -> String {
    format!("board-suite/opponent/{slug}")
}

fn preference_key(preference: Preference, slug: &str) -> String {
    format!("board-suite/{}/{slug}", preference.name())
}

/// The choice of opponent remembered for a game; a missing or unreadable one is the default.
pub fn opponent(slug: &str) -> Opponent {
    storage::read(&opponent_key(slug)).and_then(|text| Opponent::read(&text)).unwrap_or_default()
}

pub fn store_opponent(slug: &str, opponent: &Opponent) {
    storage::write(&opponent_key(slug), &opponent.write());
}

/// The turn flow's choices remembered for a game.
pub fn prefs(slug: &str) -> Prefs {
    let mut prefs = Prefs::default();
    for preference in Preference::ALL {
        prefs.set(preference, storage::flag(&preference_key(preference, slug)));
    }
    prefs
}

pub fn store_preference(slug: &str, preference: Preference, on: bool) {
    storage::set_flag(&preference_key(preference, slug), on);
}

/// Where the last time control asked for online is kept, as its text (`fischer:180+2`).
const TIME_KEY: &str = "board-suite/time-control";
/// Whether online games are asked for rated: `off` once the player unchecks it.
const RATED_KEY: &str = "board-suite/rated";

/// The online choices last asked for (for every game).
pub fn online_choice() -> OnlineChoice {
    OnlineChoice {
        time: storage::read(TIME_KEY).and_then(|text| TimeControl::parse(&text).ok()).unwrap_or_default(),
        rated: storage::read(RATED_KEY).as_deref() != Some("off"),
    }
}

/// Keeps the online choices asked for; an untimed game leaves whether to rate as it was.
pub fn store_online_choice(choice: OnlineChoice) -> OnlineChoice {
    storage::write(TIME_KEY, &choice.time.text());
    if choice.time == TimeControl::Untimed {
        return OnlineChoice { rated: online_choice().rated, ..choice };
    }
    storage::set_flag(RATED_KEY, choice.rated);
    choice
}

/// Everything remembered for a game, as its page opens.
pub fn remembered(slug: &str) -> Remembered {
    Remembered { opponent: opponent(slug), prefs: prefs(slug) }
}

/// Another tab's change under `key` of what is remembered for a game, as the page's action.
pub fn heard<G: UiGame>(key: &str, slug: &str) -> Option<Action<G>> {
    if key == opponent_key(slug) {
        Some(Action::Opponent(opponent(slug)))
    } else if Preference::ALL.iter().any(|&preference| key == preference_key(preference, slug)) {
        Some(Action::Prefs(prefs(slug)))
    } else {
        None
    }
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
