//! How to play the game shown, in the page's language: a few short paragraphs, folded away
//! until the player opens them.

use crate::i18n::GameText;
use yew::prelude::*;

/// The help's words are the extras' (`lines`, once here): opening it asks for them (`on_open`),
/// again if they could not be fetched (`failed`), which it says.
pub fn help_panel(
    text: &'static GameText,
    lines: Option<&'static [&'static str]>,
    failed: bool,
    on_open: Callback<()>,
) -> Html {
    html! {
        <details class="help" data-help="" ontoggle={move |_| on_open.emit(())}>
            <summary>{ text.how_to_play }</summary>
            if let Some(lines) = lines {
                { for lines.iter().map(|line| html! { <p>{ *line }</p> }) }
            } else {
                <p data-loading="">{ if failed { text.part_unavailable } else { text.loading } }</p>
            }
        </details>
    }
}
