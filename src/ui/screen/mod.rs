//! The game screen every game shares: the board and its panels. Not generic, so its markup is
//! compiled once for all games; the game's state arrives as plain data in [`Summary`], and each
//! panel is drawn in a file of its own from its props: its slice of the summary and the
//! callbacks it needs. The panels are functions rather than Yew components because each
//! component carries its own copy of Yew's lifecycle code (about 0.9 KB gzip of the first
//! load); a panel that needs state of its own can be a `#[component]` all the same.

mod actions;
mod analysis;
mod analysis_words;
mod chat;
mod clocks;
mod commands;
mod copy;
mod cover;
mod extras;
mod extras_words;
mod help;
mod moves;
mod new_game;
mod notices;
mod online;
pub(super) mod online_words;
mod record;
mod result;
mod rules;
mod state;
mod status;
mod trays;
mod turn;

pub use analysis::{ANALYSIS_VIEW, AnalysisProps, DrawAnalysis, draw_analysis};
pub use extras::{EXTRAS, Extras, GamePrefs};
use online::NewsProps;
pub use online::{ONLINE_PANELS, ONLINE_PANELS_CODE, OnlinePanels};

use super::board::{Board, BoardProps};
use super::effects::{self, Sound};
use super::lazy::use_lazy_code;
use super::model::{BoardAction, BoardView};
use super::settings::{focus, settings_menu, use_menu, use_menu_focus};
use crate::i18n::Lang;
use crate::protocol::Offer;
use crate::route::Play;
use crate::ui::model::{Control, OnlineChoice, OnlineControl, ReviewStep, ScreenPrefs, Summary};
use crate::ui::served::Lobby;
use actions::{ActionsProps, Confirm};
use chat::ChatProps;
use clocks::{Seats, TimersProps};
use commands::CommandsProps;
use cover::CoverProps;
use moves::MovesProps;
use new_game::NewGameProps;
use notices::NoticesProps;
use online::OnlineProps;
use record::RecordProps;
use result::ResultProps;
use rules::GameSettingsProps;
use state::{
    use_clock_said, use_cover_focus, use_extras, use_latest_move_in_view, use_new_game_dialog,
    use_result_shown,
};
use status::StatusProps;
use std::rc::Rc;
use trays::TraysProps;
use turn::TurnProps;
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[derive(Properties)]
pub struct GameScreenProps {
    pub slug: &'static str,
    pub lang: Lang,
    pub board: Rc<BoardView>,
    pub summary: Rc<Summary>,
    pub on_action: Callback<BoardAction>,
    pub on_control: Callback<Control>,
    /// A record the player asks to load.
    pub on_record: Callback<String>,
    /// A line of free text for the room's chat.
    pub on_say: Callback<String>,
    /// Told when the board's latest motions end.
    pub on_motion: Callback<f64>,
    /// A way of playing asked for on the home page, which opens the new-game dialog with it.
    pub play: Option<Play>,
    /// The display choices, as remembered.
    pub prefs: ScreenPrefs,
    /// The new-game dialog's online choices, as remembered.
    pub online_choice: OnlineChoice,
}

/// The page makes a new view and summary whenever the game changes, so the same ones are the
/// same pointers: cheaper to compare than every cell and move.
impl PartialEq for GameScreenProps {
    fn eq(&self, other: &Self) -> bool {
        (self.slug, self.lang, self.play) == (other.slug, other.lang, other.play)
            && Rc::ptr_eq(&self.board, &other.board)
            && Rc::ptr_eq(&self.summary, &other.summary)
            && (self.prefs, &self.online_choice) == (other.prefs, &other.online_choice)
            && (&self.on_action, &self.on_control, &self.on_record, &self.on_motion, &self.on_say)
                == (&other.on_action, &other.on_control, &other.on_record, &other.on_motion, &other.on_say)
    }
}

/// Gives the keyboard focus to the board's focus cell (or its canvas): where it goes when the
/// dialog or buttons that had it go away.
pub fn focus_board() {
    let board = gloo::utils::document().query_selector("[data-board] [tabindex=\"0\"], canvas[data-board]");
    if let Some(board) = board.ok().flatten().and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = board.focus();
    }
}

/// [`focus_board`], if the focus was lost (the page's body has it).
fn focus_board_if_lost() {
    let document = gloo::utils::document();
    if document.active_element().is_none_or(|active| Some(active) == document.body().map(Into::into)) {
        focus_board();
    }
}

/// Focuses the element `target` names if it is shown, else keeps the focus from being lost.
fn focus_or_board(target: &NodeRef) {
    if !focus(target) {
        focus_board_if_lost();
    }
}

/// The arrow keys step through the game (Home and End to its ends), wherever the focus is but
/// on the board, which moves its own focus with them, and in a text field.
#[hook]
fn use_review_keys(on_control: Callback<Control>) {
    use_effect_with((), move |_| {
        let document = gloo::utils::document();
        let options = gloo::events::EventListenerOptions::enable_prevent_default();
        let listener =
            gloo::events::EventListener::new_with_options(&document, "keydown", options, move |event| {
                let Some(event) = event.dyn_ref::<web_sys::KeyboardEvent>() else { return };
                let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
                let elsewhere = target.is_some_and(|t| {
                    t.closest("[data-board], textarea, input, select, canvas").ok().flatten().is_some()
                });
                if elsewhere || event.alt_key() || event.ctrl_key() || event.meta_key() {
                    return;
                }
                let step = match event.key().as_str() {
                    "ArrowLeft" => ReviewStep::Previous,
                    "ArrowRight" => ReviewStep::Next,
                    "Home" => ReviewStep::First,
                    "End" => ReviewStep::Last,
                    _ => return,
                };
                event.prevent_default();
                on_control.emit(Control::Review(step));
            });
        move || drop(listener)
    });
}

/// The sounds of the game's state: a refused try, the end.
#[hook]
fn use_sounds(summary: &Summary) {
    use_effect_with((summary.notices.refusal, summary.status.ended), |(refusal, ended)| {
        if ended.is_some() {
            effects::play(Sound::End);
        } else if refusal.is_some() {
            effects::play(Sound::Refused);
        }
    });
}

#[component]
pub fn GameScreen(props: &GameScreenProps) -> Html {
    let (text, summary, on_control) = (props.lang.game_text(), &props.summary, &props.on_control);
    let status = &summary.status;
    let confirm = use_state_eq(|| None::<Confirm>);
    let prefs = props.prefs;
    let (clock_said, on_say) = use_clock_said(status.said.clone());
    use_sounds(summary);
    // The new-game buttons: the actions bar's, and the result's.
    let new_game_ref = use_node_ref();
    let result_ref = use_node_ref();
    let start_turn_ref = use_node_ref();
    let covered = summary.flow.as_ref().is_some_and(|flow| flow.covered) && status.ended.is_none();
    use_cover_focus(covered, status.to_move, &start_turn_ref);
    let result_shown = use_result_shown(status.ended, &confirm, &result_ref);
    let dialog = use_new_game_dialog(props.play, &new_game_ref, &result_ref);
    let menu = use_menu();
    let extras = use_extras(dialog.preset.is_some() || menu.is_open() || prefs.canvas);
    use_menu_focus(&menu, extras.here.is_some());
    use_review_keys(on_control.clone());
    let in_play = status.ended.is_none();
    let reviewing = status.review.is_some();
    // Board input while an earlier position of the player's own game is shown returns to the
    // live position (a shared game waits for the player's choice).
    let back_to_live = (reviewing && !summary.record.shared)
        .then(|| on_control.reform(|_: MouseEvent| Control::Review(ReviewStep::Live)));
    let result = status.ended.filter(|_| result_shown.shown && !reviewing);
    use_latest_move_in_view(summary.moves.len(), result.is_some());
    let online = summary.online.as_ref();
    let seated = online.filter(|panel| panel.seat.is_some());
    // The analysis's panel: its code, fetched with the rest of the analysis's.
    let analysis_view = use_lazy_code(&ANALYSIS_VIEW, u32::from(summary.analysis.is_some())).here;
    let online_code = use_online_code(summary);
    let menu_shown = extras.here.filter(|_| menu.is_open()).map(|code| {
        let flow = summary.flow.as_ref().map_or(&[][..], |flow| &flow.preferences);
        let game = GamePrefs { text, prefs: &prefs, numbered: props.board.numbered, flow, on_control };
        (code.menu)(&menu, props.lang, &game)
    });
    let open_dialog = dialog.open.clone();
    let notices = &summary.notices;

    html! {
        <>
        // Outside the game's root, so that it sits at the header's end.
        { settings_menu(&menu, props.lang, menu_shown) }
        <main data-game={props.slug} class="game">
            // The page's heading, for those who move by headings; the board says it on screen.
            <h1 class="visually-hidden">{ props.board.label.clone() }</h1>
            // A slot of its own, so a notice coming or going leaves the board in place.
            <div class="notices">
                { notices::notice_list(NoticesProps { text, notices, shared: summary.record.shared, on_control }) }
            </div>
            // Under the cover the board, the move list and their controls are out of reach.
            <section class="play" inert={covered} onclick={back_to_live}>
                { board(props, extras.here.filter(|_| prefs.canvas), &prefs, covered) }
                { trays::trays(TraysProps { trays: &summary.trays }) }
            </section>
            <aside class="side" inert={covered}>
                { online_code.timers(props, on_say) }
                { status::status_line(StatusProps {
                    text, status, refusal: notices.refusal, overtaken: notices.overtaken,
                    said: clock_said.or_else(|| status.said.clone()), new_game: open_dialog.clone(), on_control,
                }) }
                { online_code.news(props) }
                if let (Some(panel), Some(draw)) = (&summary.analysis, analysis_view) {
                    { draw(AnalysisProps {
                        lang: props.lang, panel: panel.clone(), offer: result.is_none(), on_control: on_control.clone(),
                    }) }
                }
                if in_play {
                    { commands::commands(CommandsProps { commands: &summary.commands, on_control }) }
                    if let Some(flow) = &summary.flow {
                        { turn::turn_buttons(TurnProps { text, confirm: flow.confirm, turn: flow.turn, on_control }) }
                    }
                }
                { actions::actions(ActionsProps {
                    text,
                    to_move: status.to_move,
                    in_play,
                    can_undo: summary.can_undo,
                    can_redo: summary.can_redo,
                    can_hint: summary.opponent.can_hint,
                    thinking: status.thinking,
                    online: online.is_some(),
                    no_opponent: status.waiting_for_opponent || online.is_some_and(|panel| panel.seat.is_none()),
                    can_abort: online.is_some_and(|panel| panel.can_abort),
                    confirm: &confirm,
                    new_game: result.is_none().then(|| open_dialog.clone()),
                    new_game_ref: &new_game_ref,
                    on_control,
                }) }
                { moves::move_list(MovesProps {
                    text, moves: &summary.moves, review: status.review, on_control,
                    result: result.map_or_else(Html::default, |ended| result::result_panel(ResultProps {
                        text, ended, facing: status.facing, ending: &status.ending, new_game_ref: &result_ref,
                        new_game: open_dialog, on_close: result_shown.close,
                        rematch: seated.map(|panel| panel.offer == Some((Offer::Rematch, true))),
                        local: online.is_none(), on_control,
                    })),
                }) }
                { online_code.panels(props, result.is_none(), prefs.free_chat) }
                if online.is_none() {
                    { rules::game_settings(GameSettingsProps {
                        text, rules: &summary.rules, players: summary.opponent.words(text),
                    }) }
                }
                { record::record_box(RecordProps {
                    text, record: &summary.record, on_record: &props.on_record,
                    copies: extras.here.map(|code| code.copies), on_open: extras.on_record_open,
                }) }
                { help::help_panel(text, extras.here.map(|code| *code.help.of(props.lang)), extras.failed, extras.on_help) }
            </aside>
            if covered {
                { cover::cover(CoverProps { text, to_move: status.to_move, start_ref: &start_turn_ref, on_control }) }
            }
            if let (Some(preset), Some(code)) = (dialog.preset, extras.here) {
                { (code.new_game)(NewGameProps {
                    lang: props.lang, opponent: summary.opponent.clone(), settings: summary.rules.settings.clone(),
                    preset, server: dialog.server, online: props.online_choice.clone(), begun: in_play && !summary.moves.is_empty(),
                    played: !in_play || !summary.moves.is_empty(), on_control: on_control.clone(), on_close: dialog.close.clone(),
                }) }
            }
        </main>
        </>
    }
}

/// The board, on the grid of cells or, once the extras are here, on the `canvas` they draw.
/// While the computer thinks, or another device is to move, or under the cover, it waits; the
/// controls still answer.
fn board(
    props: &GameScreenProps,
    canvas: Option<&'static Extras>,
    prefs: &ScreenPrefs,
    covered: bool,
) -> Html {
    let (summary, on_control) = (&props.summary, &props.on_control);
    let others_turn = summary.online.as_ref().is_some_and(|online| !online.my_turn);
    let interactive = summary.status.ended.is_none() && !covered && !summary.status.thinking && !others_turn;
    let (numbers, coordinates, moving) = (prefs.numbers, prefs.coordinates, prefs.motion);
    let (view, on_action, on_motion) =
        (props.board.clone(), props.on_action.clone(), props.on_motion.clone());
    match canvas {
        Some(extras) => (extras.canvas)(BoardProps {
            view,
            on_action,
            interactive,
            numbers,
            coordinates,
            moving,
            on_select: Callback::noop(),
            on_motion,
        }),
        None => html! {
            <Board {view} {on_action} {interactive} {numbers} {coordinates} {moving} {on_motion}
                on_select={on_control.reform(|()| Control::Select)} />
        },
    }
}

/// Online play's panels, drawn by its code once that is here: the timers, the room's panel,
/// its chat and the lobby.
struct OnlineCode {
    here: Option<&'static OnlinePanels>,
    /// Whether the screen shows the strips or a countdown: a game online with its players or
    /// clocks, or a record's clocks offline.
    timed: bool,
}

/// Online play's code: fetched once the game goes online or shows clocks.
#[hook]
fn use_online_code(summary: &Summary) -> OnlineCode {
    let online = summary.online.as_ref();
    let timed = summary.clocks.is_some()
        || online.is_some_and(|panel| {
            panel.first_move.is_some() || panel.gone.is_some() || panel.players.iter().any(Option::is_some)
        });
    let here = use_lazy_code(&ONLINE_PANELS_CODE, u32::from(online.is_some() || timed)).here;
    OnlineCode { here, timed }
}

impl OnlineCode {
    /// The strips (players and clocks) and countdowns, at the side panel's top.
    fn timers(&self, props: &GameScreenProps, on_say: Callback<String>) -> Html {
        let Some(code) = self.here.filter(|_| self.timed) else { return Html::default() };
        let online = props.summary.online.as_ref();
        (code.timers)(TimersProps {
            lang: props.lang,
            clocks: props.summary.clocks.clone(),
            seats: online.map(|panel| Seats {
                sides: panel.sides,
                players: panel.players.clone(),
                ratings: panel.ratings,
                own: panel.seat,
            }),
            first_move: online.and_then(|panel| panel.first_move),
            gone: online.and_then(|panel| panel.gone),
            at: online.map_or(0, |panel| panel.at),
            on_say,
            on_control: props.on_control.clone(),
        })
    }

    /// What the other side says, under the status.
    fn news(&self, props: &GameScreenProps) -> Html {
        let (Some(code), Some(panel)) = (self.here, props.summary.online.as_ref()) else {
            return Html::default();
        };
        (code.news)(NewsProps { text: props.lang.game_text(), panel, on_control: &props.on_control })
    }

    /// The room's panel and its chat, and the lobby while not in a game online (or waiting in
    /// one for an opponent to come).
    fn panels(&self, props: &GameScreenProps, rematch_here: bool, free: bool) -> Html {
        let (text, on_control) = (props.lang.game_text(), &props.on_control);
        let online = props.summary.online.as_ref();
        let in_game = online.is_some_and(|panel| {
            let seeking = panel.waiting || panel.waiting_for_opponent;
            !seeking
        });
        let withdraw = online.is_some().then(|| emit(on_control, Control::Online(OnlineControl::Leave)));
        let room = online.and_then(|panel| panel.room.clone());
        html! {
            <>
            if let Some(code) = self.here {
                { (code.panel)(OnlineProps { text, slug: props.slug, panel: online, rematch_here, on_control }) }
                if let Some(panel) = online.filter(|panel| panel.room.is_some()) {
                    { (code.chat)(ChatProps {
                        text, lines: &panel.chat, can_send: panel.seat.is_some(), muted: panel.muted, free,
                        can_mute: panel.seat.is_some() && panel.players.iter().all(Option::is_some),
                        on_say: props.on_say.clone(), on_control,
                    }) }
                }
            }
            if !in_game {
                <Lobby lang={props.lang} {room} on_withdraw={withdraw} pools_of={Some((props.slug, on_control.clone()))} />
            }
            </>
        }
    }
}

/// A button's click as a control.
fn emit(on_control: &Callback<Control>, control: Control) -> Callback<MouseEvent> {
    on_control.reform(move |_: MouseEvent| control)
}
