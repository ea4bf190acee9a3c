//! What the device remembers for a game besides the game itself, read and written by the page
//! alone: who plays the computer, the turn flow's choices, the screen's display choices.

use crate::ui::effects;
use crate::ui::flow::{Preference, Prefs};
use crate::ui::model::{DisplayChoice, OnlineChoice, Opponent, ScreenPrefs, UiGame};
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

/// Where the last time control asked for online is kept, as its text (`fischer:180+2`).
const TIME_KEY: &str = "board-suite/time-control";
/// Whether online games are asked for rated: `off` once the player unchecks it.
const RATED_KEY: &str = "board-suite/rated";

/// The ids of the players whose chat is hidden, separated by spaces.
const MUTED_KEY: &str = "board-suite/muted-players";

/// The online choices last asked for (for every game).
fn online_choice() -> OnlineChoice {
    OnlineChoice {
        time: storage::read(TIME_KEY).unwrap_or_default().into(),
        rated: storage::read(RATED_KEY).as_deref() != Some("off"),
        muted: muted(),
    }
}

fn muted() -> std::rc::Rc<[String]> {
    storage::read(MUTED_KEY).unwrap_or_default().split_whitespace().map(str::to_owned).collect()
}

/// Keeps the online choices.
pub fn store_online_choice(choice: &OnlineChoice) {
    storage::write(TIME_KEY, &choice.time);
    storage::set_flag(RATED_KEY, choice.rated);
    storage::write(MUTED_KEY, &choice.muted.join(" "));
}

/// Everything remembered for a game, as its page opens.
pub fn remembered(slug: &str) -> Remembered {
    Remembered {
        opponent: opponent(slug),
        prefs: prefs(slug),
        display: screen_prefs(slug),
        online_choice: online_choice(),
    }
}

/// Another tab's change under `key` of what is remembered for a game, as the page's action.
pub fn heard<G: UiGame>(key: &str, slug: &str) -> Option<Action<G>> {
    if key == opponent_key(slug) {
        Some(Action::Opponent(opponent(slug)))
    } else if key == MUTED_KEY {
        Some(Action::Muted(muted()))
    } else if Preference::ALL.iter().any(|&preference| key == preference_key(preference, slug)) {
        Some(Action::Prefs(prefs(slug)))
    } else {
        None
    }
}

/// Where a display choice is kept (for the game `slug` or for every game), the words kept for
/// off and on, and whether it is on until the player chooses.
fn display_kept(display: DisplayChoice, slug: &str) -> (String, [&'static str; 2], bool) {
    match display {
        DisplayChoice::Canvas => (format!("board-suite/renderer/{slug}"), ["dom", "canvas"], false),
        DisplayChoice::Numbers => (format!("board-suite/numbers/{slug}"), ["off", "on"], false),
        DisplayChoice::Coordinates => (format!("board-suite/coordinates/{slug}"), ["hidden", "shown"], true),
        DisplayChoice::Motion => ("board-suite/motion".to_owned(), ["off", "on"], true),
        DisplayChoice::Sound => (effects::KEY.to_owned(), ["off", "on"], true),
        DisplayChoice::FreeChat => ("board-suite/free-chat".to_owned(), ["off", "on"], true),
    }
}

/// The display choices of the game `slug`'s screen, as kept.
fn screen_prefs(slug: &str) -> ScreenPrefs {
    let mut prefs = ScreenPrefs::default();
    for display in DisplayChoice::ALL {
        let (key, [off, on], unchosen) = display_kept(display, slug);
        let kept = storage::read(&key);
        *prefs.of(display) = match kept.as_deref() {
            Some(word) if word == on => true,
            Some(word) if word == off => false,
            _ => unchosen,
        };
    }
    prefs
}

/// Keeps a display choice of the game `slug`'s screen.
pub fn store_display(slug: &str, display: DisplayChoice, on: bool) {
    let (key, [off, on_word], _) = display_kept(display, slug);
    storage::write(&key, if on { on_word } else { off });
}
