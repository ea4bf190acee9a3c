//! Undo, redo, a new game, resign, draw and the board's display switches, with the question
//! asked before a control that cannot be undone.

use super::{Control, focus_board};
use crate::i18n::{Side, Text};
use yew::prelude::*;

/// A question asked before a control that cannot be undone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Confirm {
    Resign,
    Draw,
    Restart,
}

/// The board's display switches: each on or off, and its switch.
pub struct Switches {
    /// Move numbers, where the board has them.
    pub numbers: Option<(bool, Callback<MouseEvent>)>,
    /// The board drawn on a canvas.
    pub canvas: (bool, Callback<MouseEvent>),
    /// The coordinates shown.
    pub coordinates: (bool, Callback<MouseEvent>),
    /// Moves animated, and sounds played.
    pub motion: (bool, Callback<MouseEvent>),
    pub sound: (bool, Callback<MouseEvent>),
}

pub struct ControlsProps<'a> {
    pub text: &'static Text,
    /// The side to move, which a resignation is asked of.
    pub to_move: Side,
    pub in_play: bool,
    /// A move has been made: a new game loses it, so it is asked first.
    pub begun: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    pub switches: Switches,
    /// The question asked, if any.
    pub confirm: &'a UseStateHandle<Option<Confirm>>,
    pub on_control: &'a Callback<Control>,
}

pub fn controls(props: ControlsProps) -> Html {
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
    let restart = if in_play && props.begun { ask(Confirm::Restart) } else { control(Control::Restart) };
    let question = confirm.map(|question| {
        let (prompt, then) = match question {
            Confirm::Resign => ((text.confirm_resign)((text.side)(props.to_move)), Control::Resign),
            Confirm::Draw => (text.confirm_draw.to_owned(), Control::AgreeDraw),
            Confirm::Restart => (text.confirm_restart.to_owned(), Control::Restart),
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
    let switches = props.switches;
    let (on_canvas, switch_renderer) = switches.canvas;
    html! {
        <>
            <div class="controls">
                <button data-action="undo" disabled={!props.can_undo} aria-describedby="undo-note" onclick={control(Control::Undo)}>{ text.undo }</button>
                <button data-action="redo" disabled={!props.can_redo} onclick={control(Control::Redo)}>{ text.redo }</button>
                <button data-action="restart" onclick={restart}>{ text.new_game }</button>
                <button data-action="resign" disabled={!in_play} onclick={ask(Confirm::Resign)}>{ text.resign }</button>
                <button data-action="draw" disabled={!in_play} onclick={ask(Confirm::Draw)}>{ text.offer_draw }</button>
                if let Some((shown, switch)) = switches.numbers {
                    <button data-action="numbers" class="wide" aria-pressed={shown.to_string()} onclick={switch}>
                        { text.move_numbers }
                    </button>
                }
                <button data-action="coordinates" aria-pressed={switches.coordinates.0.to_string()}
                    onclick={switches.coordinates.1}>
                    { text.coordinates }
                </button>
                <button data-action="motion" aria-pressed={switches.motion.0.to_string()} onclick={switches.motion.1}>
                    { text.animations }
                </button>
                <button data-action="sound" aria-pressed={switches.sound.0.to_string()} onclick={switches.sound.1}>
                    { text.sound }
                </button>
                <button data-action="renderer" class="wide" onclick={switch_renderer}>
                    { if on_canvas { text.use_dom } else { text.use_canvas } }
                </button>
            </div>
            // A slot of its own, so the question coming and going leaves the buttons (and the
            // focus on one of them) in place.
            <div class="question">{ for question }</div>
        </>
    }
}
