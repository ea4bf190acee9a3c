//! The parts of the game screen, each drawn from its own slice of the summary.

use super::{
    Control, Ended, MoveEntry, Notices, OnlineControl, OnlinePanel, OpponentPanel, RecordPanel, ReviewStep,
    Setting, SettingValue, Status, Summary,
};
use crate::engine::LEVELS;
use crate::i18n::{Side, Text};
use crate::rules::Player;
use crate::ui::computer::Opponent;
use crate::ui::flow::{FlowControl, Panel};
use crate::ui::online::{Connection, Offer};
use crate::ui::storage::StorageProblem;
use yew::prelude::*;

/// A question asked before a control that cannot be undone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Confirm {
    Resign,
    Draw,
    Restart,
}

/// A button's click as a control.
fn emit(on_control: &Callback<Control>, control: Control) -> Callback<MouseEvent> {
    on_control.reform(move |_: MouseEvent| control)
}

/// The notices that wait for the player to dismiss them: an unreadable save, storage trouble.
pub fn notices(notices: &Notices, text: &Text, on_control: &Callback<Control>) -> Html {
    let load = notices.load_error.as_ref().map(|why| (text.save_unreadable)(why));
    let storage = notices.storage_problem.map(|problem| match problem {
        StorageProblem::Unavailable => text.storage_unavailable.to_owned(),
        StorageProblem::WriteRefused => text.save_refused.to_owned(),
    });
    let engine = notices.engine_failed.as_ref().map(|why| (text.engine_failed)(why));
    let record = notices.record_error.as_ref().map(|why| (text.record_refused)(&(text.record_error)(why)));
    let shown = load.into_iter().chain(storage).chain(engine).chain(record).map(|words| {
        html! {
            <div data-notice="" class="notice" role="alert">
                <span>{ words }</span>
                <button onclick={emit(on_control, Control::DismissNotice)}>{ text.dismiss }</button>
            </div>
        }
    });
    html! { { for shown } }
}

/// Why the last input was not played, in words.
pub fn refusal(notices: &Notices, in_play: bool, text: &Text) -> Option<&'static str> {
    if notices.overtaken {
        Some(text.changed_elsewhere)
    } else {
        notices.refusal.filter(|_| in_play).map(|why| (text.refusal)(why))
    }
}

/// Whose turn it is (with the turn's detail), or who won and how.
pub fn status_line(status: &Status, text: &Text, on_control: &Callback<Control>) -> Html {
    let (words, turn, outcome) = status_words(status, text);
    if let Some((shown, of)) = status.review {
        return html! {
            <p data-status="" data-review="" aria-live="polite" class="status review">
                <span>{ (text.reviewing)(shown, of) }</span>
                <button data-action="live" class="primary" onclick={emit(on_control, Control::Review(ReviewStep::Live))}>
                    { text.live }
                </button>
            </p>
        };
    }
    html! {
        <p data-status="" aria-live="polite" data-turn={turn.map(Side::attr)} data-outcome={outcome}
            data-seat={status.seat.map(Side::attr)}
            data-thinking={status.thinking.then_some("")} aria-busy={status.thinking.then_some("true")}
            data-phase={status.phase.filter(|_| turn.is_some())} class="status">
            <span class={classes!("dot", turn.map(Side::attr).or(outcome))}></span>
            <span>{ words }</span>
            if turn.is_none() { <small>{ status.ending.clone() }</small> }
            if status.thinking { <small>{ text.thinking }</small> }
            if let Some(detail) = status.detail.as_ref().filter(|_| turn.is_some()) {
                <small data-detail="">{ detail.clone() }</small>
            }
        </p>
    }
}

/// The status in words, the side to move while play goes on, and the outcome once it is over.
fn status_words(status: &Status, text: &Text) -> (String, Option<Side>, Option<&'static str>) {
    match status.ended {
        None => ((text.to_move)((text.side)(status.to_move)), Some(status.to_move), None),
        Some(Ended::Winner(side)) => ((text.wins)((text.side)(side)), None, Some(side.attr())),
        Some(Ended::Draw) => (text.draw.to_owned(), None, Some("draw")),
    }
}

/// The guided turn flow's buttons: Finish Turn, Clear Moves, Show Previous.
pub fn turn_buttons(flow: &Panel, text: &Text, on_control: &Callback<Control>) -> Html {
    let turn = flow.turn;
    let on = |control| emit(on_control, control);
    html! {
        <div class="commands">
            if flow.confirm {
                <button data-action="finish-turn" class="primary" disabled={!turn.complete}
                    onclick={on(Control::FinishTurn)}>{ text.finish_turn }</button>
            }
            <button data-action="clear-moves" disabled={!turn.pending} onclick={on(Control::ClearMoves)}>
                { text.clear_moves }
            </button>
            <button data-action="show-previous" disabled={!turn.has_previous || turn.pending}
                onclick={on(Control::Flow(FlowControl::ShowPrevious))}>{ text.show_previous }</button>
        </div>
    }
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

/// Undo, redo, a new game, resign, draw and the board's display switches, with the question
/// asked before a control that cannot be undone.
pub fn control_row(
    summary: &Summary,
    confirm: &UseStateHandle<Option<Confirm>>,
    switches: Switches,
    text: &Text,
    on_control: &Callback<Control>,
) -> Html {
    let in_play = summary.status.ended.is_none();
    let control = |control: Control| {
        let (on_control, confirm) = (on_control.clone(), confirm.clone());
        Callback::from(move |_: MouseEvent| {
            confirm.set(None);
            on_control.emit(control);
        })
    };
    let ask = |question: Confirm| {
        let confirm = confirm.clone();
        Callback::from(move |_: MouseEvent| confirm.set(Some(question)))
    };
    let restart =
        if in_play && !summary.moves.is_empty() { ask(Confirm::Restart) } else { control(Control::Restart) };
    let question = confirm.map(|question| {
        let (prompt, then) = match question {
            Confirm::Resign => ((text.confirm_resign)((text.side)(summary.status.to_move)), Control::Resign),
            Confirm::Draw => (text.confirm_draw.to_owned(), Control::AgreeDraw),
            Confirm::Restart => (text.confirm_restart.to_owned(), Control::Restart),
        };
        // A question's buttons go away with it: the focus goes to the board.
        let answer = control(then).reform(|e| {
            super::focus_board();
            e
        });
        let no = {
            let confirm = confirm.clone();
            Callback::from(move |_: MouseEvent| {
                confirm.set(None);
                super::focus_board();
            })
        };
        html! {
            <div class="confirm" role="alertdialog" aria-label={prompt.clone()}>
                <span>{ prompt }</span>
                <button data-action="confirm" class="primary" onclick={answer}>{ text.yes }</button>
                <button data-action="cancel" onclick={no}>{ text.no }</button>
            </div>
        }
    });
    let (on_canvas, switch_renderer) = switches.canvas;
    html! {
        <>
            <div class="controls">
                <button data-action="undo" disabled={!summary.can_undo} onclick={control(Control::Undo)}>{ text.undo }</button>
                <button data-action="redo" disabled={!summary.can_redo} onclick={control(Control::Redo)}>{ text.redo }</button>
                <button data-action="restart" onclick={restart}>{ text.restart }</button>
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

/// Facts about the game, its rules (open until the first move) and the turn-flow choices.
pub fn rules_section(summary: &Summary, text: &Text, on_control: &Callback<Control>) -> Html {
    let rules = &summary.rules;
    // A move has been made: the rules can no longer change.
    let locked = !summary.moves.is_empty();
    let settings = rules.settings.iter().enumerate().map(|(index, setting)| {
        let on_control = on_control.clone();
        setting_view(setting, locked, move |choice| on_control.emit(Control::Choose { index, choice }))
    });
    let preferences =
        summary.flow.iter().flat_map(|flow| &flow.preferences).map(|&(preference, label, on)| {
            let on_control = on_control.clone();
            let setting = Setting { name: preference.name(), label, value: SettingValue::Toggle(on) };
            setting_view(&setting, false, move |choice| {
                on_control.emit(Control::Flow(FlowControl::Prefer(preference, choice == 1)))
            })
        });
    let preferences: Vec<Html> = preferences.collect();
    if rules.settings.is_empty() && rules.info.is_empty() && preferences.is_empty() {
        return html! {};
    }
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

/// The game's turns, oldest first; a click on one shows the position after it, and the
/// buttons under the list step through them.
pub fn move_list(
    moves: &[MoveEntry],
    review: Option<(usize, usize)>,
    text: &Text,
    on_control: &Callback<Control>,
) -> Html {
    let shown = review.map_or(moves.len(), |(shown, _)| shown);
    let entries = moves.iter().enumerate().map(|(ply, entry)| {
        let current = (ply + 1 == shown).then_some("step");
        html! {
            <li data-move="" data-owner={entry.side.attr()} title={(text.side)(entry.side)} aria-current={current}>
                // A button, so the keyboard and screen readers reach each turn too.
                <button onclick={emit(on_control, Control::Review(ReviewStep::To(ply + 1)))}>
                    <span class="ply">{ ply + 1 }</span>
                    <span class={classes!("dot", entry.side.attr())}></span>
                    { entry.notation.clone() }
                </button>
            </li>
        }
    });
    let steps = [
        (ReviewStep::First, "review-first", "|◀", shown > 0),
        (ReviewStep::Previous, "review-previous", "◀", shown > 0),
        (ReviewStep::Next, "review-next", "▶", shown < moves.len()),
        (ReviewStep::Last, "review-last", "▶|", shown < moves.len()),
    ];
    let steps = steps.into_iter().zip(text.review_steps).map(|((step, name, glyph, enabled), label)| {
        html! {
            <button data-action={name} aria-label={label} title={label} disabled={!enabled}
                onclick={emit(on_control, Control::Review(step))}>{ glyph }</button>
        }
    });
    html! {
        <>
            <h2 class="moves-title">{ text.moves }</h2>
            if moves.is_empty() { <p class="empty-moves">{ text.no_moves_yet }</p> }
            <ol data-moves="" class="moves">{ for entries }</ol>
            <div class="review-steps">{ for steps }</div>
        </>
    }
}

/// A game opened from a link: the choice to continue it, or to keep the player's own.
pub fn shared_notice(text: &Text, on_control: &Callback<Control>) -> Html {
    html! {
        <div data-notice="shared" class="notice shared" role="status">
            <span>{ text.shared_game }</span>
            <button data-action="continue-shared" class="primary"
                onclick={emit(on_control, Control::ContinueShared)}>{ text.continue_shared }</button>
            <button data-action="keep-mine" onclick={emit(on_control, Control::Review(ReviewStep::Live))}>
                { text.keep_mine }
            </button>
        </div>
    }
}

/// The game as text: its record to copy or replace, and a link to this position.
pub fn record_section(record: &RecordPanel, text: &Text, on_record: &Callback<String>) -> Html {
    let area = NodeRef::default();
    let load = {
        let (area, on_record) = (area.clone(), on_record.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = area.cast::<web_sys::HtmlTextAreaElement>() {
                on_record.emit(area.value());
            }
        })
    };
    html! {
        <details class="record">
            <summary>{ text.record }</summary>
            <textarea data-record="" ref={area} rows="6" spellcheck="false" aria-label={text.record}
                value={record.text.clone()} />
            <div class="record-actions">
                <button data-action="load-record" onclick={load}>{ text.load_record }</button>
                <a data-share="" href={record.link.clone()}>{ text.share }</a>
            </div>
        </details>
    }
}

/// The pass-the-device cover: the board is hidden until the player to move starts the turn.
pub fn cover(to_move: Side, start_ref: &NodeRef, text: &Text, on_control: &Callback<Control>) -> Html {
    html! {
        <div class="cover" data-cover="" role="dialog" aria-labelledby="cover-title">
            <p id="cover-title">
                <span class={classes!("dot", to_move.attr())}></span>
                { (text.pass_device_to)((text.side)(to_move)) }
            </p>
            <button data-action="start-turn" class="primary" ref={start_ref.clone()}
                onclick={emit(on_control, Control::Flow(FlowControl::StartTurn))}>{ text.start_turn }</button>
        </div>
    }
}

/// The result over the board, until the player closes it to look at the board.
pub fn result_overlay(
    status: &Status,
    new_game_ref: &NodeRef,
    close: Callback<MouseEvent>,
    text: &Text,
    on_control: &Callback<Control>,
) -> Html {
    let title = match status.ended {
        Some(Ended::Winner(side)) => (text.wins)((text.side)(side)),
        _ => text.draw.to_owned(),
    };
    html! {
        <div class="overlay" data-overlay="" role="dialog" aria-modal="true" aria-labelledby="result-title">
            <div class="result">
                <h2 id="result-title">{ title }</h2>
                <p>{ status.ending.clone() }</p>
                <div class="buttons">
                    <button data-action="new-game" class="primary" ref={new_game_ref.clone()}
                        onclick={emit(on_control, Control::Restart)}>{ text.new_game }</button>
                    <button data-action="close" onclick={close}>{ text.view_board }</button>
                </div>
            </div>
        </div>
    }
}

/// Who plays the computer and how strongly, changeable at any time; Hint while a person is to
/// move, Stop while the computer thinks.
pub fn opponent_section(
    panel: &OpponentPanel,
    thinking: bool,
    in_play: bool,
    text: &Text,
    on_control: &Callback<Control>,
) -> Html {
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
                            <option value={level.to_string()} selected={level == opponent.level}>{ level }</option>
                        }) }
                    </select>
                </label>
            }
            if in_play {
                <div class="engine-buttons">
                    <button data-action="hint" disabled={!panel.can_hint} onclick={emit(on_control, Control::Hint)}>{ text.hint }</button>
                    if thinking {
                        <button data-action="stop" onclick={emit(on_control, Control::Stop)}>{ text.stop }</button>
                    }
                </div>
            }
        </section>
    }
}

/// Online play: the buttons that start it, or, once online, the connection, the invite link,
/// this device's seat, the other device, and an offer to answer.
pub fn online_section(
    slug: &str,
    panel: Option<&OnlinePanel>,
    text: &Text,
    on_control: &Callback<Control>,
) -> Html {
    let online = |control: OnlineControl| emit(on_control, Control::Online(control));
    let Some(panel) = panel else {
        return html! {
            <section class="online" aria-label={text.online}>
                <button data-action="online" onclick={online(OnlineControl::Create)}>{ text.play_online }</button>
                <button data-action="quick-match" onclick={online(OnlineControl::Quick)}>{ text.quick_match }</button>
            </section>
        };
    };
    let connection = if panel.connection == Connection::Unavailable {
        text.online_unavailable
    } else {
        (text.connection)(panel.connection.attr())
    };
    // The link is absolute: it is sent to another device.
    let invite = panel.room.as_ref().filter(|_| panel.seat.is_some()).map(|room| {
        let location = gloo::utils::window().location();
        let page =
            format!("{}{}", location.origin().unwrap_or_default(), location.pathname().unwrap_or_default());
        format!("{page}#/{slug}?room={room}")
    });
    let seat = match (panel.seat, &panel.room) {
        (Some(side), _) => Some((text.you_play)((text.side)(side))),
        (None, Some(_)) => Some(text.watching.to_owned()),
        (None, None) => None,
    };
    let offer = panel.offer.map(|(what, by_me)| {
        let words = (text.offered)(what == Offer::Draw, by_me);
        html! {
            <p data-offer={if what == Offer::Draw { "draw" } else { "takeback" }} class="offer">
                <span>{ words }</span>
                if !by_me {
                    <button data-action="accept-offer" class="primary" onclick={online(OnlineControl::Answer(true))}>{ text.accept }</button>
                    <button data-action="decline-offer" onclick={online(OnlineControl::Answer(false))}>{ text.decline }</button>
                }
            </p>
        }
    });
    html! {
        <section class="online" aria-label={text.online}>
            <p data-connection="" data-state={panel.connection.attr()} role="status">
                <span class="dot" aria-hidden="true"></span>{ connection }
            </p>
            if let Some(seat) = seat { <p>{ seat }</p> }
            if panel.waiting { <p>{ text.waiting_for_match }</p> }
            if let Some(href) = invite {
                <p><a data-invite="" href={href.clone()}>{ text.invite }</a></p>
            }
            if panel.opponent_away && panel.seat.is_some() && !panel.waiting {
                <p data-opponent-away="">
                    { if panel.begun { text.opponent_away } else { text.waiting_for_opponent } }
                </p>
            }
            { for offer }
            if let Some(why) = &panel.refused { <p class="message">{ (text.server_refused)(*why) }</p> }
            <button data-action="leave-online" onclick={online(OnlineControl::Leave)}>{ text.leave_online }</button>
        </section>
    }
}
