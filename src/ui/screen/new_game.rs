//! The new-game dialog: everything a game is decided by, chosen before it starts: who plays
//! (a friend on this device, or the computer at a level and on a side), the game's rules, and
//! whether it is played here or online, and online under which clock.

use super::extras_words::EXTRAS_WORDS;
use super::focus_board;
use super::rules::setting_view;
use crate::engine::LEVELS;
use crate::i18n::Lang;
use crate::route::Play;
use crate::rules::Player;
use crate::rules::clock::{self, BadTimeControl, TimeControl};
use crate::ui::model::{Control, OnlineChoice, OnlineControl, Opponent, OpponentPanel, Setting};
use crate::ui::settings::{dialog_keys, focus_first};
use yew::prelude::*;

/// The kinds of time control, as `[data-setting="time-control"]` names them.
const KINDS: [&str; 3] = ["untimed", "fischer", "correspondence"];

/// The time control as the dialog has it: its kind, and the Fischer clock's numbers as typed,
/// so that one out of range stays on screen and is refused in words.
#[derive(Clone, PartialEq)]
struct TimeChoice {
    kind: usize,
    base: String,
    increment: String,
    days: u32,
}

impl TimeChoice {
    /// The last one played, with a 5+3 clock and three days ready to choose if it has none.
    fn remembered(control: TimeControl) -> TimeChoice {
        let (base, increment) = match control {
            TimeControl::Fischer { base, increment } => (base, increment),
            _ => (300, 3),
        };
        TimeChoice {
            kind: KINDS.iter().position(|kind| *kind == control.kind()).unwrap_or(0),
            base: base.to_string(),
            increment: increment.to_string(),
            days: if let TimeControl::Correspondence { days } = control { days } else { 3 },
        }
    }

    fn control(&self) -> Result<TimeControl, BadTimeControl> {
        let seconds = |typed: &str| typed.trim().parse().map_err(|_| BadTimeControl(typed.to_owned()));
        match KINDS[self.kind] {
            "fischer" => TimeControl::fischer(seconds(&self.base)?, seconds(&self.increment)?),
            "correspondence" => TimeControl::correspondence(self.days),
            _ => Ok(TimeControl::Untimed),
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    pub lang: Lang,
    /// Who plays now: the dialog starts from it.
    pub opponent: OpponentPanel,
    /// The game's rules as they are now.
    pub settings: Vec<Setting>,
    /// The way of playing asked for on the home page, if any.
    pub preset: Option<Play>,
    /// Whether a game server answers here; `None` until known.
    pub server: Option<bool>,
    /// The online choices last asked for.
    pub online: OnlineChoice,
    /// A game is in progress: starting ends it, and the opponent may be changed in it instead.
    pub begun: bool,
    /// Moves have been played (or the game is over): starting starts the game again. Before
    /// the first move, the game shown is the new one (a shuffle kept).
    pub played: bool,
    pub on_control: Callback<Control>,
    pub on_close: Callback<()>,
}

/// Draws the dialog. Reached only through [`super::EXTRAS`], so split off with it.
pub fn draw(props: NewGameProps) -> Html {
    html! { <NewGameDialog ..props /> }
}

/// The clock the Online card's dialog offers first: 5 minutes and 3 s a move.
const FIRST_ONLINE: TimeControl = TimeControl::Fischer { base: 300, increment: 3 };

#[component]
fn NewGameDialog(props: &NewGameProps) -> Html {
    let text = props.lang.game_text();
    let words = EXTRAS_WORDS.of(text.lang);
    let opponent = use_state_eq(|| {
        let now = props.opponent.opponent;
        match props.preset {
            Some(Play::Hotseat) => now.against_computer(false),
            Some(Play::Computer) => now.against_computer(true),
            _ => now,
        }
    });
    // The game's rules as they are, and as the dialog has them.
    let now: Vec<usize> = props.settings.iter().map(|setting| setting.value.chosen()).collect();
    let choices = use_state_eq(|| now.clone());
    // The clock last asked for; from the home page's Online card, before any, a rated blitz
    // preset (untimed games are never rated, and quick match pairs only the same clock).
    let time = use_state_eq(|| {
        let first = match props.preset {
            Some(Play::Online) => FIRST_ONLINE,
            _ => TimeControl::Untimed,
        };
        let asked = Some(&*props.online.time).filter(|time| !time.is_empty());
        TimeChoice::remembered(asked.and_then(|time| TimeControl::parse(time).ok()).unwrap_or(first))
    });
    // Online games are rated unless the player said otherwise.
    let rated = use_state_eq(|| props.online.rated);
    let root = use_node_ref();
    let online_ref = use_node_ref();
    {
        let (root, online_ref, preset) = (root.clone(), online_ref.clone(), props.preset);
        use_effect_with((), move |_| {
            if preset == Some(Play::Online) && online_ref.get().is_some() {
                focus_first(&online_ref);
            } else {
                focus_first(&root);
            }
        });
    }
    let rules_changed = now != *choices;
    // The controls that make the game the dialog describes, then `last`.
    let make = |fresh: bool, last: Option<Control>| {
        let (on_control, on_close) = (props.on_control.clone(), props.on_close.clone());
        let (opponent, choices, now) = (*opponent, (*choices).clone(), now.clone());
        Callback::from(move |_: MouseEvent| {
            on_close.emit(());
            // The game begins: the focus goes to its board.
            focus_board();
            if fresh {
                on_control.emit(Control::Restart);
            }
            for (index, (&choice, &was)) in choices.iter().zip(&now).enumerate() {
                if choice != was {
                    on_control.emit(Control::Choose { index, choice });
                }
            }
            on_control.emit(Control::Opponent(opponent));
            if let Some(last) = last {
                on_control.emit(last);
            }
        })
    };
    let rules = props.settings.iter().enumerate().map(|(index, setting)| {
        let choices = choices.clone();
        let shown = Setting { value: setting.value.with_choice(choices[index]), ..setting.clone() };
        setting_view(&shown, move |choice| {
            let mut next = (*choices).clone();
            next[index] = choice;
            choices.set(next);
        })
    });
    let control = time.control();
    // Each way online plays under the clock chosen (the page remembers it for the next game).
    let untimed = matches!(control, Ok(TimeControl::Untimed));
    let online = |ask: fn(TimeControl, bool) -> OnlineControl| {
        let control = control.clone().unwrap_or_default();
        make(rules_changed && props.played, Some(Control::Online(ask(control, *rated && !untimed))))
    };
    let server_missing = props.server == Some(false);
    let online_disabled = server_missing || control.is_err();
    // "Online" on a home page's card: the dialog is for online play alone, Invite its first
    // choice, with no Start that would begin a game on this device. From a player's page, for
    // a challenge to them: sending it is the one choice.
    let online_only = props.preset == Some(Play::Online);
    let location = gloo::utils::window().location();
    let challenged =
        online_only.then(|| crate::route::challenged(&location.hash().unwrap_or_default())).flatten();
    // Put away, a challenge's dialog takes the name out of the URL (sent, the page does).
    let on_close = match &challenged {
        Some(_) => props.on_close.reform(move |()| {
            let hash = location.hash().unwrap_or_default();
            let _ = location.replace(hash.split('?').next().unwrap_or_default());
        }),
        None => props.on_close.clone(),
    };
    let cancel = html! {
        <button data-action="cancel-new-game" onclick={on_close.reform(|_| ())}>{ words.cancel }</button>
    };
    html! {
        <div class="backdrop">
            <div data-dialog="new-game" class="dialog" role="dialog" aria-modal="true" aria-labelledby="new-game-title"
                ref={root.clone()} onkeydown={dialog_keys(&root, on_close.clone())}>
                <h2 id="new-game-title">
                    if let Some(name) = &challenged { { (words.challenge_to)(name) } }
                    else if online_only { { words.play_online } } else { { text.new_game } }
                </h2>
                if !online_only { { opponent_fields(props.lang, &opponent, &props.opponent) } }
                if !props.settings.is_empty() {
                    <fieldset>
                        <legend>{ text.rules }</legend>
                        { for rules }
                    </fieldset>
                }
                if props.begun { <p class="hint">{ words.ends_current }</p> }
                if !online_only {
                    <div class="buttons">
                        <button data-action="start" class="primary" autofocus={true} onclick={make(props.played, None)}>{ words.start }</button>
                        if props.begun && !rules_changed {
                            <button data-action="apply" onclick={make(false, None)}>{ words.apply_now }</button>
                        }
                        { cancel.clone() }
                    </div>
                }
                <fieldset class="online-choices" ref={online_ref}>
                    <legend>{ if online_only { text.online } else { words.or_online } }</legend>
                    { time_fields(props.lang, &time) }
                    <label class="check">
                        <input type="checkbox" data-setting="rated" checked={*rated && !untimed} disabled={untimed}
                            onchange={
                                let rated = rated.clone();
                                move |event: Event| {
                                    rated.set(event.target_unchecked_into::<web_sys::HtmlInputElement>().checked());
                                }
                            } />
                        { words.rated }
                    </label>
                    if untimed { <p class="hint" data-casual="">{ words.untimed_casual }</p> }
                    if challenged.is_some() {
                        <button data-action="send-challenge" class="primary" autofocus={true}
                            disabled={online_disabled} onclick={online(OnlineControl::Challenge)}>{ words.send_challenge }</button>
                    } else {
                        <button data-action="online" class={classes!(online_only.then_some("primary"))} autofocus={true}
                            disabled={online_disabled} onclick={online(OnlineControl::Create)}>{ words.invite_friend }</button>
                        <button data-action="quick-match" disabled={online_disabled} onclick={online(OnlineControl::Quick)}>{ words.quick_match }</button>
                        <button data-action="seek" disabled={online_disabled} onclick={online(OnlineControl::Seek)}>{ words.seek }</button>
                    }
                    if server_missing { <p class="hint" data-online="unavailable">{ text.online_unavailable }</p> }
                </fieldset>
                if online_only { <div class="buttons">{ cancel }</div> }
            </div>
        </div>
    }
}

/// Who plays: a friend on this device, or the computer at a level and on a side.
fn opponent_fields(lang: Lang, opponent: &UseStateHandle<Opponent>, now: &OpponentPanel) -> Html {
    let text = lang.game_text();
    let words = EXTRAS_WORDS.of(text.lang);
    let choose = |change: fn(Opponent, usize) -> Opponent| {
        let opponent = opponent.clone();
        Callback::from(move |e: Event| {
            let index = e.target_unchecked_into::<web_sys::HtmlSelectElement>().selected_index();
            opponent.set(change(*opponent, usize::try_from(index).unwrap_or(0)));
        })
    };
    let players = [Player::First, Player::Second];
    let computer_side = opponent.computer.unwrap_or(Player::Second);
    html! {
        <div class="group">
            <label class="setting">
                <span>{ words.opponent }</span>
                <select data-setting="opponent" onchange={choose(|o, i| o.against_computer(i == 1))}>
                    <option value="human" selected={opponent.computer.is_none()}>{ words.human }</option>
                    <option value="computer" selected={opponent.computer.is_some()}>{ text.computer }</option>
                </select>
            </label>
            if opponent.computer.is_some() {
                <label class="setting">
                    <span>{ text.level }</span>
                    <select data-setting="level" onchange={choose(|o, i| Opponent { level: (i + 1).min(usize::from(LEVELS)) as u8, ..o })}>
                        { for (1..=LEVELS).map(|level| html! {
                            <option value={level.to_string()} selected={level == opponent.level}>{ format!("{level} · {}", words.level_names[usize::from(level) - 1]) }</option>
                        }) }
                    </select>
                </label>
                <label class="setting">
                    <span>{ words.computer_plays }</span>
                    <select data-setting="computer-side" onchange={choose(|o, i| Opponent {
                        computer: Some(if i == 0 { Player::First } else { Player::Second }), ..o })}>
                        { for now.sides.iter().zip(players).map(|(side, player)| html! {
                            <option value={side.attr()} selected={player == computer_side}>{ (text.side)(*side) }</option>
                        }) }
                    </select>
                </label>
            }
        </div>
    }
}

/// The clock online play is played under: untimed, a Fischer clock (a preset, or seconds as
/// typed) or days per move, and why the typed numbers are refused, if they are.
fn time_fields(lang: Lang, time: &UseStateHandle<TimeChoice>) -> Html {
    let text = lang.game_text();
    let words = EXTRAS_WORDS.of(text.lang);
    let control = time.control();
    let set_time = |change| time_setter::<Event>(time, change);
    let typed = |change| time_setter::<InputEvent>(time, change);
    let presets = clock::PRESETS.into_iter().map(|(minutes, increment)| {
        let name = format!("{minutes}+{increment}");
        let chosen = control == Ok(TimeControl::Fischer { base: minutes * 60, increment });
        let time = time.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            time.set(TimeChoice {
                kind: 1,
                base: (minutes * 60).to_string(),
                increment: increment.to_string(),
                ..(*time).clone()
            })
        });
        html! { <button type="button" data-preset={name.clone()} aria-pressed={chosen.to_string()} {onclick}>{ name }</button> }
    });
    let kind = KINDS[time.kind];
    html! {
        <div class="time-choice">
            <label class="setting">
                <span>{ words.time_control }</span>
                <select data-setting="time-control" onchange={set_time(|time, value| {
                    time.kind = KINDS.iter().position(|kind| *kind == value).unwrap_or(0);
                })}>
                    { for KINDS.iter().zip(words.time_kinds).map(|(value, label)| html! {
                        <option value={*value} selected={*value == kind}>{ label }</option>
                    }) }
                </select>
            </label>
            if kind == "fischer" {
                <div class="presets">{ for presets }</div>
                <label class="setting">
                    <span>{ words.base_seconds }</span>
                    <input data-setting="base" type="number" inputmode="numeric" min="15" max="10800"
                        value={time.base.clone()} oninput={typed(|time, value| time.base = value)} />
                </label>
                <label class="setting">
                    <span>{ words.increment_seconds }</span>
                    <input data-setting="increment" type="number" inputmode="numeric" min="0" max="180"
                        value={time.increment.clone()} oninput={typed(|time, value| time.increment = value)} />
                </label>
            }
            if kind == "correspondence" {
                <label class="setting">
                    <span>{ words.days_per_move }</span>
                    <select data-setting="days" onchange={set_time(|time, value| {
                        time.days = value.parse().unwrap_or(3);
                    })}>
                        { for clock::DAYS.into_iter().map(|days| html! {
                            <option value={days.to_string()} selected={days == time.days}>{ days }</option>
                        }) }
                    </select>
                </label>
            }
            if control.is_err() {
                <p class="message" role="alert" data-time-error="">{ words.time_out_of_range }</p>
            }
        </div>
    }
}

/// A change of a field of the clock (`change`), from an input event's control's value.
fn time_setter<E: AsRef<Event> + 'static>(
    time: &UseStateHandle<TimeChoice>,
    change: fn(&mut TimeChoice, String),
) -> Callback<E> {
    let time = time.clone();
    Callback::from(move |event: E| {
        let mut next = (*time).clone();
        change(&mut next, event.as_ref().target_unchecked_into::<web_sys::HtmlInputElement>().value());
        time.set(next);
    })
}
