//! Who plays the computer and how strongly, changeable at any time; Hint while a person is to
//! move, Stop while the computer thinks.

use super::{Control, emit};
use crate::engine::LEVELS;
use crate::i18n::{Side, Text};
use crate::rules::Player;
use crate::ui::computer::Opponent;
use yew::prelude::*;

/// Who plays the computer, and whether its help may be asked for now.
#[derive(Clone, Debug, PartialEq)]
pub struct OpponentPanel {
    pub opponent: Opponent,
    /// The sides, the first player's first.
    pub sides: [Side; 2],
    /// A person is to move in a game in progress: a hint may be asked for.
    pub can_hint: bool,
}

pub struct OpponentProps<'a> {
    pub text: &'static Text,
    pub panel: &'a OpponentPanel,
    /// The computer is searching for its turn.
    pub thinking: bool,
    pub in_play: bool,
    pub on_control: &'a Callback<Control>,
}

pub fn opponent_box(props: OpponentProps) -> Html {
    let (text, panel, on_control) = (props.text, props.panel, props.on_control);
    let opponent = panel.opponent;
    let choose = |change: fn(Opponent, usize) -> Opponent| {
        let on_control = on_control.clone();
        Callback::from(move |e: Event| {
            let index = e.target_unchecked_into::<web_sys::HtmlSelectElement>().selected_index();
            on_control.emit(Control::Opponent(change(opponent, usize::try_from(index).unwrap_or(0))));
        })
    };
    let players = [Player::First, Player::Second];
    let computer_side = opponent.computer.unwrap_or(Player::Second);
    html! {
        <section class="opponent" aria-label={text.opponent}>
            <label>{ text.opponent }
                <select data-setting="opponent" onchange={choose(|o, i| Opponent {
                    computer: (i == 1).then_some(o.computer.unwrap_or(Player::Second)), ..o })}>
                    <option value="human" selected={opponent.computer.is_none()}>{ text.human }</option>
                    <option value="computer" selected={opponent.computer.is_some()}>{ text.computer }</option>
                </select>
            </label>
            if opponent.computer.is_some() {
                <label>{ text.computer_plays }
                    <select data-setting="computer-side" onchange={choose(|o, i| Opponent {
                        computer: Some(if i == 0 { Player::First } else { Player::Second }), ..o })}>
                        { for panel.sides.iter().zip(players).map(|(side, player)| html! {
                            <option value={side.attr()} selected={player == computer_side}>{ (text.side)(*side) }</option>
                        }) }
                    </select>
                </label>
                <label>{ text.level }
                    <select data-setting="level" onchange={choose(|o, i| Opponent { level: (i + 1).min(usize::from(LEVELS)) as u8, ..o })}>
                        { for (1..=LEVELS).map(|level| html! {
                            <option value={level.to_string()} selected={level == opponent.level}>{ format!("{level} · {}", text.level_names[usize::from(level) - 1]) }</option>
                        }) }
                    </select>
                </label>
            }
            if props.in_play {
                <div class="engine-buttons">
                    <button data-action="hint" disabled={!panel.can_hint} onclick={emit(on_control, Control::Hint)}>{ text.hint }</button>
                    if props.thinking {
                        <button data-action="stop" onclick={emit(on_control, Control::Stop)}>{ text.stop }</button>
                    }
                </div>
            }
        </section>
    }
}
