//! The guided turn flow's buttons: Finish turn, Clear this turn, Replay last move; each says
//! what it does in its title.

use super::emit;
use crate::i18n::GameText;
use crate::ui::flow::{FlowControl, TurnState};
use crate::ui::model::Control;
use yew::prelude::*;

pub struct TurnProps<'a> {
    pub text: &'static GameText,
    /// Finish Turn is offered.
    pub confirm: bool,
    pub turn: TurnState,
    pub on_control: &'a Callback<Control>,
}

pub fn turn_buttons(props: TurnProps) -> Html {
    let (text, turn) = (props.text, props.turn);
    let on = |control| emit(props.on_control, control);
    html! {
        <div class="commands">
            if props.confirm {
                <button data-action="finish-turn" class="primary" disabled={!turn.complete}
                    onclick={on(Control::FinishTurn)}>{ text.finish_turn }</button>
            }
            <button data-action="clear-moves" title={text.clear_moves_means} disabled={!turn.pending}
                onclick={on(Control::ClearMoves)}>
                { text.clear_moves }
            </button>
            <button data-action="show-previous" title={text.show_previous_means}
                disabled={!turn.has_previous || turn.pending}
                onclick={on(Control::Flow(FlowControl::ShowPrevious))}>{ text.show_previous }</button>
        </div>
    }
}
