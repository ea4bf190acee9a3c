//! How to play the game shown, in the page's language: a few short paragraphs, folded away
//! until the player opens them.

use crate::i18n::GameText;
use yew::prelude::*;

pub fn help_panel(text: &'static GameText, lines: &'static [&'static str]) -> Html {
    html! {
        <details class="help" data-help="">
            <summary>{ text.how_to_play }</summary>
            { for lines.iter().map(|line| html! { <p>{ *line }</p> }) }
        </details>
    }
}
