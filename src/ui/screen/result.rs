//! The result over the board, until the player closes it to look at the board.

use super::{Control, Ended, emit};
use crate::i18n::Text;
use yew::prelude::*;

pub struct ResultProps<'a> {
    pub text: &'static Text,
    pub ended: Ended,
    /// How the game ended, in words.
    pub ending: &'a str,
    /// The New Game button, which the screen gives the keyboard focus.
    pub new_game_ref: &'a NodeRef,
    pub on_close: Callback<MouseEvent>,
    pub on_control: &'a Callback<Control>,
}

pub fn result_overlay(props: ResultProps) -> Html {
    let text = props.text;
    html! {
        <div class="overlay" data-overlay="" role="dialog" aria-modal="true" aria-labelledby="result-title">
            <div class="result">
                <h2 id="result-title">{ props.ended.words(text) }</h2>
                <p>{ props.ending }</p>
                <div class="buttons">
                    <button data-action="new-game" class="primary" ref={props.new_game_ref.clone()}
                        onclick={emit(props.on_control, Control::Restart)}>{ text.new_game }</button>
                    <button data-action="close" onclick={props.on_close}>{ text.view_board }</button>
                </div>
            </div>
        </div>
    }
}
