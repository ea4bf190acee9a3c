//! The game screen's own state, beside the game's: the new-game dialog, the result's showing,
//! the extras' code, what the live region says of the clocks, the cover's focus and the move
//! list's scroll.

use super::actions::Confirm;
use super::extras::{EXTRAS, Extras};
use super::{focus_board, focus_or_board};
use crate::i18n::Side;
use crate::route::Play;
use crate::ui::lazy::use_lazy_code;
use crate::ui::model::Ended;
use crate::ui::settings::focus;
use gloo::events::EventListener;
use yew::prelude::*;

/// The new-game dialog: the way of playing it is open for (`Some(None)`: none chosen), whether
/// a game server answers here (asked the first time it opens), and its opening and closing.
pub struct NewGameDialog {
    pub preset: Option<Option<Play>>,
    pub server: Option<bool>,
    pub open: Callback<MouseEvent>,
    pub close: Callback<()>,
}

/// The new-game dialog, opened with `play` chosen when the home page asks for a way of playing;
/// closed, it gives the focus back to the button that opened it (the actions bar's `new_game`,
/// or the result's).
#[hook]
pub fn use_new_game_dialog(play: Option<Play>, new_game: &NodeRef, result: &NodeRef) -> NewGameDialog {
    let preset = use_state_eq(|| None::<Option<Play>>);
    let server = use_state_eq(|| None::<bool>);
    {
        let preset = preset.clone();
        use_effect_with(play, move |play| {
            if play.is_some() {
                preset.set(Some(*play));
            }
        });
    }
    {
        // The dialog offers online play only where a server answers: asked once.
        let server = server.clone();
        use_effect_with(preset.is_some(), move |open| {
            if *open && server.is_none() {
                yew::platform::spawn_local(async move {
                    server.set(Some(crate::ui::js::server_answers().await));
                });
            }
        });
    }
    let open = {
        let preset = preset.clone();
        Callback::from(move |_: MouseEvent| preset.set(Some(None)))
    };
    let close = {
        let (preset, new_game, result) = (preset.clone(), new_game.clone(), result.clone());
        Callback::from(move |()| {
            preset.set(None);
            if !focus(&new_game) {
                focus_or_board(&result);
            }
        })
    };
    use_back_closes(preset.is_some(), &close);
    NewGameDialog { preset: *preset, server: *server, open, close }
}

/// While `open`, the browser's Back (a phone's back gesture) closes the dialog rather than
/// leaving the page; closed otherwise, the entry Back would have taken away goes too.
#[hook]
fn use_back_closes(open: bool, close: &Callback<()>) {
    let close = close.clone();
    use_effect_with(open, move |open| {
        let on_back = open.then(|| {
            crate::ui::js::push_entry();
            EventListener::new(&gloo::utils::window(), "popstate", move |_| close.emit(()))
        });
        move || {
            if on_back.is_some() {
                drop(on_back);
                crate::ui::js::drop_entry();
            }
        }
    });
}

/// A clock's time, said in the live region until the next turn is: the words, and what says
/// them. `turn_said` is the last turn's words, whose change ends the clock's.
#[hook]
pub fn use_clock_said(turn_said: Option<String>) -> (Option<String>, Callback<String>) {
    let said = use_state_eq(|| None::<String>);
    {
        let said = said.clone();
        use_effect_with(turn_said, move |_| said.set(None));
    }
    let on_say = {
        let said = said.clone();
        Callback::from(move |words: String| said.set(Some(words)))
    };
    ((*said).clone(), on_say)
}

/// The latest move stays in view: at the bottom of the list, or the end of a phone's strip, and
/// when the result comes and shortens the list.
#[hook]
pub fn use_latest_move_in_view(moves: usize, ended: bool) {
    use_effect_with((moves, ended), |_| crate::ui::js::scroll_to_end("[data-moves]"));
}

/// The cover takes the keyboard focus when it comes, so that Enter starts the turn.
#[hook]
pub fn use_cover_focus(covered: bool, to_move: Side, start_turn: &NodeRef) {
    let start_turn = start_turn.clone();
    use_effect_with((covered, to_move), move |_| focus_or_board(&start_turn));
}

/// Whether the result is shown, and its closing: a new ending shows it, and its New Game
/// (`result`) takes the keyboard focus; a question asked before is forgotten.
pub struct ResultShown {
    pub shown: bool,
    pub close: Callback<MouseEvent>,
}

#[hook]
pub fn use_result_shown(
    ended: Option<Ended>,
    confirm: &UseStateHandle<Option<Confirm>>,
    result: &NodeRef,
) -> ResultShown {
    let closed = use_state_eq(|| false);
    {
        let (closed, confirm, result) = (closed.clone(), confirm.clone(), result.clone());
        use_effect_with(ended, move |_| {
            closed.set(false);
            confirm.set(None);
            focus_or_board(&result);
        });
    }
    let close = {
        let closed = closed.clone();
        Callback::from(move |_: MouseEvent| {
            closed.set(true);
            // The result's buttons go with it: the focus goes to the board.
            focus_board();
        })
    };
    ResultShown { shown: !*closed, close }
}

/// The extras' code and the screen's asks for it: fetched the first time the dialog, the
/// menu, the record box or the help opens or the canvas is chosen (`asked`), and again at each
/// opening of the help after a fetch that failed.
pub struct ExtrasCode {
    pub here: Option<&'static Extras>,
    pub failed: bool,
    pub on_help: Callback<()>,
    pub on_record_open: Callback<MouseEvent>,
}

#[hook]
pub fn use_extras(asked: bool) -> ExtrasCode {
    let record_opened = use_state_eq(|| false);
    let help_asks = use_state_eq(|| 0_u32);
    let asked = asked || *record_opened || *help_asks > 0;
    let code = use_lazy_code(&EXTRAS, if asked { 1 + *help_asks } else { 0 });
    ExtrasCode {
        here: code.here,
        failed: code.failed,
        on_help: Callback::from(move |()| help_asks.set(*help_asks + 1)),
        on_record_open: Callback::from(move |_| record_opened.set(true)),
    }
}
