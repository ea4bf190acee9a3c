//! What the device remembers for a game besides the game itself, read and written by the page
//! alone: who plays the computer, and the turn flow's choices.

use crate::ui::flow::{Preference, Prefs};
use crate::ui::model::{Opponent, UiGame};
use crate::ui::session::{Action, Remembered};
use crate::ui::storage;

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
