//! A game's page keeps its game in storage: every change of this tab's saved, and every change
//! another tab saves followed at once.

use super::{PageHandle, use_on_change};
use crate::save;
use crate::ui::flow::Prefs;
use crate::ui::model::Opponent;
use crate::ui::model::UiGame;
use crate::ui::session::{Action, Session};
use gloo::events::EventListener;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Saves the page's game after every change, and follows the changes other tabs save (the
/// game, the turn flow's choices, the opponent). `revision` is the revision of the save the
/// game was last read from or written as: shared with the storage listener, which must see the
/// latest value, not a render's.
#[hook]
pub fn use_saving<G: UiGame>(page: &PageHandle<G>, revision: Rc<RefCell<u64>>, slug: &'static str) {
    {
        // Every change of this tab's is saved, the turn in progress with it so a reload keeps its
        // actions, unless another tab has saved a newer game since: that one is shown instead.
        let (page, revision) = (page.clone(), revision.clone());
        use_on_change(
            page.changes(),
            Rc::new(move || {
                if let Some(action) = page.save(&revision) {
                    page.dispatch(action);
                }
            }),
        );
    }
    {
        // Another tab of this game saved a move or changed a choice: follow it at once.
        let page = page.clone();
        use_storage_events(Rc::new(move |key: &str, new_value: Option<String>| {
            if key == save::key(slug) {
                if let Some(action) = new_value.and_then(|text| Session::heard(&text, &revision)) {
                    page.dispatch(action);
                }
            } else if Prefs::watches(key, slug) {
                page.dispatch(Action::Prefs(Prefs::load(slug)));
            } else if Opponent::watches(key, slug) {
                page.dispatch(Action::Opponent(Opponent::load(slug)));
            }
        }));
    }
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
