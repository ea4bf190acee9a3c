//! The controls of a game's page: each control the screen reports, made an action of the
//! page's, or a request of the server's or the computer's.

use super::computer::{Computer, ask_engine};
use super::{PageHandle, clear_query, random_seed, remembered};
use crate::games::GameId;
use crate::protocol::{NewRoom, Offer, PRESETS, Said};
use crate::ui::computer;
use crate::ui::flow::FlowControl;
use crate::ui::lazy::OnDemand;
use crate::ui::model::{Control, OnlineControl, ReviewStep, ServerNews, UiGame};
use crate::ui::online::{self, Ask};
use crate::ui::served::SERVED;
use crate::ui::session::Action;
use yew::prelude::*;

/// Sends a line of free text to the room's chat (checked by the chat panel).
pub fn on_say() -> Callback<String> {
    Callback::from(|text: String| {
        online::chat(Said::Text(text));
    })
}

/// What the page does with each control of its screen.
pub fn on_control<G: UiGame>(
    page: &PageHandle<G>,
    game: GameId,
    on_heard: &Callback<ServerNews>,
    computer: &Computer,
) -> Callback<Control> {
    let slug = game.slug();
    let (page, on_heard) = (page.clone(), on_heard.clone());
    let (fetching, pace) = (computer.fetching.clone(), computer.pace.clone());
    Callback::from(move |control: Control| match control {
        Control::Online(
            way @ (OnlineControl::Create(clock, rated)
            | OnlineControl::Quick(clock, rated)
            | OnlineControl::Seek(clock, rated)),
        ) => {
            remembered::store_online_choice(&page.online_choice().asked(clock, rated));
            let new = NewRoom { game: slug.to_owned(), rules: page.rules(), time: clock.text(), rated };
            let ask = match way {
                OnlineControl::Create(..) => Ask::Create(new),
                OnlineControl::Quick(..) => Ask::Quick(new),
                _ => Ask::Seek(new),
            };
            page.dispatch(Action::GoOnline(Some((clock, rated))));
            online::open(slug, ask, on_heard.clone());
        }
        // Sent on the player's connection; the badge tells what comes of it, on any page.
        Control::Online(OnlineControl::Challenge(clock, rated)) => {
            if let Some(code) = SERVED.now() {
                (code.badge.challenge)(slug, page.rules(), clock, rated);
            }
            clear_query(game);
        }
        Control::Online(OnlineControl::Leave) => {
            online::close();
            clear_query(game);
            page.dispatch(Action::LeaveOnline);
        }
        Control::Online(OnlineControl::Answer(accept)) => drop(online::answer(accept)),
        Control::Online(OnlineControl::Abort) => drop(online::abort()),
        Control::Online(OnlineControl::Claim(win)) => drop(online::claim(win)),
        Control::Online(OnlineControl::Rematch) => drop(online::offer(Offer::Rematch)),
        Control::Online(OnlineControl::Chat(index)) => {
            if let Some(preset) = PRESETS.get(index) {
                online::chat(Said::Preset((*preset).to_owned()));
            }
        }
        Control::Online(OnlineControl::Mute(muted)) => {
            if let Some(id) = page.opponent_id() {
                let choice = page.online_choice().muting(&id, muted);
                remembered::store_online_choice(&choice);
                page.dispatch(Action::Muted(choice.muted));
            }
        }
        Control::Online(OnlineControl::Reload) => drop(gloo::utils::window().location().reload()),
        // Online, these are asked of the server.
        Control::Undo if page.is_online() => drop(online::offer(Offer::Takeback)),
        Control::AgreeDraw if page.is_online() => drop(online::offer(Offer::Draw)),
        Control::Resign if page.is_online() => drop(online::resign()),
        Control::Restart if page.is_online() => {
            online::close();
            clear_query(game);
            page.dispatch(Action::LeaveOnline);
            page.dispatch(Action::Restart(random_seed()));
        }
        Control::Restart => {
            clear_query(game);
            page.dispatch(Action::Restart(random_seed()));
        }
        Control::Opponent(opponent) => {
            remembered::store_opponent(slug, &opponent);
            page.dispatch(Action::Opponent(opponent));
        }
        Control::Switch(display, on) => {
            remembered::store_display(slug, display, on);
            page.dispatch(Action::Control(control));
        }
        Control::Flow(FlowControl::Prefer(preference, on)) => {
            remembered::store_preference(slug, preference, on);
            page.dispatch(Action::Control(control));
        }
        // The top level's choice, within a hint's short time: never slower than the
        // computer's own turn.
        Control::Hint => {
            let budget = (crate::engine::LEVELS, Some(crate::engine::hint_movetime(page.opponent().level)));
            ask_engine(&page, budget, |at, turn| Action::Hint { at, turn }, None, &fetching)
        }
        Control::Stop => {
            // A turn already found and held back for the board is played now.
            let held = pace.borrow_mut().release();
            if let Some((at, turn)) = held {
                page.dispatch(Action::Computer { at, turn });
            } else if let Some(turn) = computer::stop() {
                page.dispatch(Action::Computer { at: page.position_key(), turn });
            }
        }
        // A new game from the position shown: the player has the side to move there.
        Control::Continue(computer) => {
            clear_query(game);
            let mut opponent = page.opponent();
            opponent.computer = computer.then(|| page.shown_to_move().opponent());
            remembered::store_opponent(slug, &opponent);
            page.dispatch(Action::Control(control));
            page.dispatch(Action::Opponent(opponent));
        }
        // A shared game taken up or put away: the link has done its work.
        Control::ContinueShared | Control::Review(ReviewStep::Live) => {
            clear_query(game);
            page.dispatch(Action::Control(control));
        }
        // Picking up a piece changes the page only when it ends a look at the previous turn
        // or a review.
        Control::Select if !page.select_matters() => {}
        control => page.dispatch(Action::Control(control)),
    })
}
