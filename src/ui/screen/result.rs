//! The result of a finished game, beside the board (never over it, so the winning line stays
//! in view), with what to do next: look back over the game, play again, or choose a new game.

use super::emit;
use crate::i18n::GameText;
use crate::ui::model::{Control, Ended, Facing, OnlineControl, ReviewStep};
use yew::prelude::*;

pub struct ResultProps<'a> {
    pub text: &'static GameText,
    pub ended: Ended,
    /// The player's side and their rival, whom the title speaks to.
    pub facing: Facing,
    /// How the game ended, in words.
    pub ending: &'a str,
    /// The New Game button, which the screen gives the keyboard focus.
    pub new_game_ref: &'a NodeRef,
    /// Opens the new-game dialog.
    pub new_game: Callback<MouseEvent>,
    pub on_close: Callback<MouseEvent>,
    /// A game played online from a seat: a rematch may be offered (`true` once this device has).
    pub rematch: Option<bool>,
    /// A game of this device's own, not a room's: it may be played again here. Online, a
    /// rematch is the way to play again, and New game finds another opponent.
    pub local: bool,
    pub on_control: &'a Callback<Control>,
}

pub fn result_panel(props: ResultProps) -> Html {
    let text = props.text;
    html! {
        <section class="result" data-dialog="game-over" data-overlay="" role="dialog" aria-labelledby="result-title">
            <h2 id="result-title">{ props.ended.words(text, props.facing) }</h2>
            <p>{ props.ending }</p>
            <div class="buttons">
                <button data-action="new-game" class="primary" ref={props.new_game_ref.clone()} onclick={props.new_game}>
                    { text.new_game }
                </button>
                if let Some(offered) = props.rematch {
                    <button data-action="rematch" disabled={offered}
                        onclick={emit(props.on_control, Control::Online(OnlineControl::Rematch))}>{ text.rematch }</button>
                }
                if props.local {
                    <button data-action="restart" onclick={emit(props.on_control, Control::Restart)}>{ text.play_again }</button>
                }
                <button data-action="review" onclick={emit(props.on_control, Control::Review(ReviewStep::First))}>
                    { text.review }
                </button>
                <button data-action="analyse" onclick={emit(props.on_control, Control::Analyse)}>{ text.analyse }</button>
                <button data-action="close" onclick={props.on_close}>{ text.close }</button>
            </div>
        </section>
    }
}
