//! The pass-the-device cover: the board is hidden until the player to move starts the turn.

use super::emit;
use crate::i18n::{GameText, Side};
use crate::ui::flow::FlowControl;
use crate::ui::model::Control;
use yew::prelude::*;

pub struct CoverProps<'a> {
    pub text: &'static GameText,
    pub to_move: Side,
    /// The Start Turn button, which the screen gives the keyboard focus.
    pub start_ref: &'a NodeRef,
    pub on_control: &'a Callback<Control>,
}

pub fn cover(props: CoverProps) -> Html {
    let text = props.text;
    html! {
        <div class="cover" data-cover="" role="dialog" aria-labelledby="cover-title">
            <p id="cover-title">
                <span class={classes!("dot", props.to_move.attr())}></span>
                { (text.pass_device_to)((text.side)(props.to_move)) }
            </p>
            <button data-action="start-turn" class="primary" ref={props.start_ref.clone()}
                onclick={emit(props.on_control, Control::Flow(FlowControl::StartTurn))}>{ text.start_turn }</button>
        </div>
    }
}
