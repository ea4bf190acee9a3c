//! The game's settings beside the board, read-only, and the controls that choose a setting
//! (in the new-game dialog, and the turn-flow choices in the settings menu).

use crate::i18n::GameText;
use crate::ui::flow::{FlowControl, Preference};
use crate::ui::model::{Control, RulesPanel};
use crate::ui::model::{Setting, SettingValue};
use yew::prelude::*;

pub struct GameSettingsProps<'a> {
    pub text: &'static GameText,
    pub rules: &'a RulesPanel,
    /// Who plays, in words.
    pub players: String,
}

/// The settings of the game being played, read-only beside the board: who plays, the facts
/// about this game, and its rules. The new-game dialog changes them.
pub fn game_settings(props: GameSettingsProps) -> Html {
    let (text, rules) = (props.text, props.rules);
    let settings = rules.settings.iter().map(|setting| {
        let value = match &setting.value {
            SettingValue::Toggle(on) => (text.switched)(*on).to_owned(),
            SettingValue::Choice { options, chosen } => options.get(*chosen).cloned().unwrap_or_default(),
        };
        html! { <li data-rule={setting.name}>{ setting.label }{ ": " }{ value }</li> }
    });
    html! {
        <section class="game-settings" data-game-settings="" data-info="" aria-label={text.this_game}>
            <h2>{ text.this_game }</h2>
            <ul>
                <li data-players="">{ props.players }</li>
                { for rules.info.iter().map(|line| html! { <li>{ line.clone() }</li> }) }
                { for settings }
            </ul>
        </section>
    }
}

/// The turn flow's choices (confirm each turn, pass the device), for the settings menu: drawn
/// as its other switches are, with their state in words (`switched`), each a checkbox still.
pub fn flow_choices(
    preferences: &[(Preference, &'static str, bool)],
    switched: fn(bool) -> &'static str,
    on_control: &Callback<Control>,
) -> Html {
    let choices = preferences.iter().map(|&(preference, label, on)| {
        let on_control = on_control.clone();
        let onchange = Callback::from(move |e: Event| {
            let on = e.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
            on_control.emit(Control::Flow(FlowControl::Prefer(preference, on)))
        });
        html! {
            <label class="pref">
                <span>{ label }</span>
                <span class="switch">
                    <input type="checkbox" data-setting={preference.name()} checked={on} {onchange} />
                    <span class={classes!("state", on.then_some("on"))} aria-hidden="true">{ switched(on) }</span>
                </span>
            </label>
        }
    });
    html! { <>{ for choices }</> }
}

/// A setting as a checkbox or a list, calling `choose` with the choice (0/1 for a checkbox).
pub(super) fn setting_view(setting: &Setting, choose: impl Fn(usize) + 'static) -> Html {
    let control = match &setting.value {
        SettingValue::Toggle(on) => {
            let onchange = Callback::from(move |e: Event| {
                choose(usize::from(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()));
            });
            html! { <input type="checkbox" data-setting={setting.name} checked={*on} {onchange} /> }
        }
        SettingValue::Choice { options, chosen } => {
            let onchange = Callback::from(move |e: Event| {
                let index = e.target_unchecked_into::<web_sys::HtmlSelectElement>().selected_index();
                if let Ok(choice) = usize::try_from(index) {
                    choose(choice);
                }
            });
            html! {
                <select data-setting={setting.name} {onchange}>
                    { for options.iter().enumerate().map(|(i, option)| html! {
                        <option selected={i == *chosen}>{ option.clone() }</option>
                    }) }
                </select>
            }
        }
    };
    html! { <label class="setting">{ control }<span>{ setting.label }</span></label> }
}
