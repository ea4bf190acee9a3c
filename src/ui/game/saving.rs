//! A game's page keeps its game in storage: opened from it, every change of this tab's saved,
//! and every change another tab saves followed at once.

use super::{PageHandle, remembered};
use crate::save;
use crate::ui::model::UiGame;
use crate::ui::session::{self, Action, Problems, Session};
use crate::ui::storage::{self, Loaded, Written};
use gloo::events::EventListener;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The revision of the save this page's game was last read from or written as: shared with the
/// storage listener, which must see the latest value, not a render's.
pub type Revision = Rc<RefCell<u64>>;

/// The page's state as storage holds it: the saved game (or a fresh one, with the URL's
/// shuffle), the choices remembered for it and where it was continued from; and the revision
/// of the save it was read from.
pub fn open<G: UiGame>(seed: Option<u64>, fresh_seed: u64) -> (Session<G>, u64) {
    let slug = G::SLUG;
    let fresh = session::fresh_rules::<G>(seed, fresh_seed);
    let Loaded { saved, error, problem } = storage::load_game::<G>(slug, &fresh);
    let revision = saved.revision;
    let problems = Problems { load_error: error, storage: problem };
    let session = session::start(saved, seed, remembered::remembered(slug), problems);
    // A game continued from another's position says so while it is that game.
    let origin = storage::kept_origin(slug, &session.turns());
    (session.continued_from(origin), revision)
}

/// Saves the page's game unless it is the one in storage, the turn in progress with it so a
/// reload keeps its actions, unless another tab has saved a newer game since: that one is
/// shown instead. What storage said goes to the page when it is news.
pub fn save<G: UiGame>(page: &PageHandle<G>, revision: &Revision) {
    let Some((history, pending)) = page.to_save() else { return };
    let written = storage::save_game(G::SLUG, history, pending, *revision.borrow());
    let action = match written {
        Written::At(at) => {
            *revision.borrow_mut() = at;
            page.tells_written().then_some(Action::Stored(Ok(())))
        }
        Written::Newer(saved) => {
            *revision.borrow_mut() = saved.revision;
            Some(Action::Follow { saved, overtook: true })
        }
        Written::Refused(problem) => Some(Action::Stored(Err(problem))),
    };
    if let Some(action) = action {
        page.dispatch(action);
    }
}

/// Another tab's save of this game, as an action if it is newer than `revision`.
fn heard<G: UiGame>(text: &str, revision: &Revision) -> Option<Action<G>> {
    let saved = save::decode::<G>(text).ok()?;
    // Revision 0 is a tab of an older build, which knows no revisions: its save is the
    // latest there is.
    if saved.revision <= *revision.borrow() && saved.revision != 0 {
        return None;
    }
    *revision.borrow_mut() = saved.revision;
    Some(Action::Follow { saved, overtook: false })
}

/// Follows the changes other tabs save: the game, the turn flow's choices, the opponent.
#[hook]
pub fn use_other_tabs<G: UiGame>(page: &PageHandle<G>, revision: Revision, slug: &'static str) {
    let page = page.clone();
    use_storage_events(Rc::new(move |key: &str, new_value: Option<String>| {
        let action = if key == save::key(slug) {
            new_value.and_then(|text| heard(&text, &revision))
        } else {
            remembered::heard(key, slug)
        };
        if let Some(action) = action {
            page.dispatch(action);
        }
    }));
}

/// What a page does with a change another tab made to storage: its key and new value.
type StorageHandler = Rc<dyn Fn(&str, Option<String>)>;

/// Hands every change another tab makes to storage (its key and new value) to `on_change`,
/// for as long as the page is shown.
#[hook]
fn use_storage_events(on_change: StorageHandler) {
    use_effect_with((), move |_| {
        let listener = EventListener::new(&gloo::utils::window(), "storage", move |event| {
            if let Some(event) = event.dyn_ref::<web_sys::StorageEvent>() {
                on_change(&event.key().unwrap_or_default(), event.new_value());
            }
        });
        move || drop(listener)
    });
}
