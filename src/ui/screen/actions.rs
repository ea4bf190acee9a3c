//! The game's actions by the board: undo and redo, a hint (or, while the computer thinks, its
//! move now), a draw, resigning and a new game, with the question asked before an action that
//! cannot be undone. Each has an icon and its name in words.

use super::focus_board;
use crate::i18n::{GameText, Side};
use crate::ui::model::{Control, OnlineControl};
use yew::prelude::*;

/// A question asked before a control that cannot be undone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Confirm {
    Resign,
    Draw,
}

pub struct ActionsProps<'a> {
    pub text: &'static GameText,
    /// The side to move, which a resignation is asked of.
    pub to_move: Side,
    pub in_play: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    /// A hint may be asked for now.
    pub can_hint: bool,
    /// The computer is searching: it may be told to move now.
    pub thinking: bool,
    /// Online, undo and a draw are offers to the other player, which the server answers.
    pub online: bool,
    /// Online with no one to play against: no one has taken the other seat, or this device has
    /// none (watching, joining, or the room is not there). A draw or resignation would be refused.
    pub no_opponent: bool,
    /// Online, before both sides have moved: the game may be aborted, with no result.
    pub can_abort: bool,
    /// The question asked, if any.
    pub confirm: &'a UseStateHandle<Option<Confirm>>,
    /// Opens the new-game dialog; `None` while the result, which offers it, is shown.
    pub new_game: Option<Callback<MouseEvent>>,
    pub new_game_ref: &'a NodeRef,
    pub on_control: &'a Callback<Control>,
}

/// A button of the bar: `data-action`, an icon, its name, and whether it may be used now.
fn action(
    name: &'static str,
    icon: &'static str,
    label: &'static str,
    enabled: bool,
    onclick: Callback<MouseEvent>,
) -> Html {
    html! {
        <button data-action={name} disabled={!enabled} {onclick}>
            <span class="icon" aria-hidden="true">{ icon }</span><span class="label">{ label }</span>
        </button>
    }
}

pub fn actions(props: ActionsProps) -> Html {
    let (text, confirm, in_play) = (props.text, props.confirm, props.in_play);
    let control = |control: Control| {
        let (on_control, confirm) = (props.on_control.clone(), confirm.clone());
        Callback::from(move |_: MouseEvent| {
            confirm.set(None);
            on_control.emit(control);
        })
    };
    let ask = |question: Confirm| {
        let confirm = confirm.clone();
        Callback::from(move |_: MouseEvent| confirm.set(Some(question)))
    };
    let question = confirm.map(|question| {
        let (prompt, then) = match question {
            Confirm::Resign => ((text.confirm_resign)((text.side)(props.to_move)), Control::Resign),
            Confirm::Draw if props.online => (text.offer_draw.to_owned() + "?", Control::AgreeDraw),
            Confirm::Draw => (text.confirm_draw.to_owned(), Control::AgreeDraw),
        };
        // A question's buttons go away with it: the focus goes to the board.
        let answer = |then: Option<Control>| {
            let (on_control, confirm) = (props.on_control.clone(), confirm.clone());
            Callback::from(move |_: MouseEvent| {
                focus_board();
                confirm.set(None);
                if let Some(control) = then {
                    on_control.emit(control);
                }
            })
        };
        html! {
            <div class="confirm" role="alertdialog" aria-label={prompt.clone()}>
                <span>{ prompt }</span>
                <button data-action="confirm" class="primary" onclick={answer(Some(then))}>{ text.yes }</button>
                <button data-action="cancel" onclick={answer(None)}>{ text.no }</button>
            </div>
        }
    });
    let undo_label = if props.online { text.takeback } else { text.undo };
    html! {
        <>
            <div class="actions" data-actions="" role="toolbar" aria-label={text.game_actions}>
                // The reason undo is refused, if the game gives one, is said under the status.
                <button data-action="undo" disabled={!props.can_undo} aria-describedby="undo-note" onclick={control(Control::Undo)}>
                    <span class="icon" aria-hidden="true">{ "↶" }</span><span class="label">{ undo_label }</span>
                </button>
                if !props.online {
                    { action("redo", "↷", text.redo, props.can_redo, control(Control::Redo)) }
                }
                if props.thinking {
                    { action("stop", "⏵", text.stop, true, control(Control::Stop)) }
                } else if !props.online {
                    { action("hint", "✦", text.hint, props.can_hint, control(Control::Hint)) }
                }
                if props.can_abort {
                    { action("abort", "✕", text.abort, true, control(Control::Online(OnlineControl::Abort))) }
                }
                { action("draw", "½", text.offer_draw, in_play && !props.no_opponent, ask(Confirm::Draw)) }
                { action("resign", "⚑", text.resign, in_play && !props.no_opponent, ask(Confirm::Resign)) }
                if let Some(onclick) = props.new_game {
                    <button data-action="new-game" ref={props.new_game_ref.clone()} {onclick}>
                        <span class="icon" aria-hidden="true">{ "+" }</span><span class="label">{ text.new_game }</span>
                    </button>
                } else {
                    // Its place kept while the result offers it, so the bar's buttons stay put.
                    <span aria-hidden="true"></span>
                }
            </div>
            // A slot of its own, so the question coming and going leaves the buttons (and the
            // focus on one of them) in place.
            <div class="question">{ for question }</div>
        </>
    }
}
