//! Facts about the game, its rules (open to change until the first move) and the turn-flow
//! choices.

use super::Control;
use crate::i18n::Text;
use crate::ui::flow::{FlowControl, Preference};
use yew::prelude::*;

/// The rules panel: facts about this game and the rules open to change until the first move.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesPanel {
    pub info: Vec<String>,
    pub settings: Vec<Setting>,
}

/// A choice made before the first move (a house rule, a rule set).
#[derive(Clone, Debug, PartialEq)]
pub struct Setting {
    /// `data-setting`, language-independent.
    pub name: &'static str,
    pub label: &'static str,
    pub value: SettingValue,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SettingValue {
    Toggle(bool),
    Choice { options: Vec<String>, chosen: usize },
}

impl SettingValue {
    /// A choice among `options`, named in words, with `current` chosen.
    pub fn choice<T: PartialEq>(options: &[T], current: &T, name: impl Fn(&T) -> &'static str) -> Self {
        SettingValue::Choice {
            options: options.iter().map(|option| name(option).to_owned()).collect(),
            chosen: options.iter().position(|option| option == current).unwrap_or(0),
        }
    }
}

pub struct RulesProps<'a> {
    pub text: &'static Text,
    pub rules: &'a RulesPanel,
    /// A move has been made: the rules can no longer change.
    pub locked: bool,
    /// The turn flow's choices, each with its label and whether it is on.
    pub preferences: &'a [(Preference, &'static str, bool)],
    pub on_control: &'a Callback<Control>,
}

pub fn rules_box(props: RulesProps) -> Html {
    let (text, rules, locked) = (props.text, props.rules, props.locked);
    if rules.settings.is_empty() && rules.info.is_empty() && props.preferences.is_empty() {
        return html! {};
    }
    let settings = rules.settings.iter().enumerate().map(|(index, setting)| {
        let on_control = props.on_control.clone();
        setting_view(setting, locked, move |choice| on_control.emit(Control::Choose { index, choice }))
    });
    let preferences = props.preferences.iter().map(|&(preference, label, on)| {
        let on_control = props.on_control.clone();
        let setting = Setting { name: preference.name(), label, value: SettingValue::Toggle(on) };
        setting_view(&setting, false, move |choice| {
            on_control.emit(Control::Flow(FlowControl::Prefer(preference, choice == 1)))
        })
    });
    html! {
        <section class="rules" data-info="">
            <h2>{ text.rules }</h2>
            { for rules.info.iter().map(|line| html! { <p>{ line.clone() }</p> }) }
            { for settings }
            if !rules.settings.is_empty() && !locked { <p class="hint">{ text.rules_locked }</p> }
            { for preferences }
        </section>
    }
}

/// A setting as a checkbox or a list, calling `choose` with the choice (0/1 for a checkbox).
fn setting_view(setting: &Setting, locked: bool, choose: impl Fn(usize) + 'static) -> Html {
    let control = match &setting.value {
        SettingValue::Toggle(on) => {
            let onchange = Callback::from(move |e: Event| {
                choose(usize::from(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()));
            });
            html! { <input type="checkbox" data-setting={setting.name} checked={*on} disabled={locked} {onchange} /> }
        }
        SettingValue::Choice { options, chosen } => {
            let onchange = Callback::from(move |e: Event| {
                let index = e.target_unchecked_into::<web_sys::HtmlSelectElement>().selected_index();
                if let Ok(choice) = usize::try_from(index) {
                    choose(choice);
                }
            });
            html! {
                <select data-setting={setting.name} disabled={locked} {onchange}>
                    { for options.iter().enumerate().map(|(i, option)| html! {
                        <option selected={i == *chosen}>{ option.clone() }</option>
                    }) }
                </select>
            }
        }
    };
    html! { <label class="setting">{ control }<span>{ setting.label }</span></label> }
}
