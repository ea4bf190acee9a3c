//! Copying text for the player (a record, a link, an invitation), and what the copy came to,
//! said in words (`role="status"`) for a moment beside the button.

use crate::i18n::GameText;
use crate::ui::js;
use gloo::timers::callback::Timeout;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

/// What the last copy came to.
#[derive(Clone, Copy, PartialEq)]
pub enum Copied {
    Done,
    Failed,
}

/// How long the page says it has copied.
const SAID_FOR_MS: u32 = 2_000;

/// What the last copy came to, while it is said, and what copies a text.
#[hook]
pub fn use_copy() -> (Option<Copied>, Callback<String>) {
    let said = use_state_eq(|| None::<Copied>);
    // The timer that clears what was said; a new copy starts it again.
    let clear = use_mut_ref(|| None::<Timeout>);
    let copy = {
        let said = said.clone();
        Callback::from(move |content: String| {
            let (said, clear) = (said.clone(), clear.clone());
            yew::platform::spawn_local(async move {
                let copied = JsFuture::from(js::copy(&content)).await.is_ok_and(|copied| copied.is_truthy());
                said.set(Some(if copied { Copied::Done } else { Copied::Failed }));
                let said = said.clone();
                *clear.borrow_mut() = Some(Timeout::new(SAID_FOR_MS, move || said.set(None)));
            });
        })
    };
    (*said, copy)
}

/// What the last copy came to, in words.
pub fn copy_status(text: &GameText, said: Option<Copied>) -> Html {
    html! {
        <span class="copied" role="status" data-copied={said.map(|s| if s == Copied::Done { "done" } else { "failed" })}>
            { match said {
                Some(Copied::Done) => text.copied,
                Some(Copied::Failed) => text.copy_failed,
                None => "",
            } }
        </span>
    }
}
