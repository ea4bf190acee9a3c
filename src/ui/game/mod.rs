//! A game's page: the shared session that keeps a game, saved after every change, wired to the
//! computer, the analysis and online play, and the shared [`GameScreen`] that shows it.
//! Generic over its game, which costs nothing: each game's binary holds one. The markup lives
//! in `screen` and `board`, which take plain data; each job of the page is a hook of its own:
//! saving, the computer, the analysis, online play.

mod analysing;
mod computer;
mod controls;
mod joining;
mod remembered;
mod saving;

use super::model::BoardAction;
use super::online;
use super::screen::GameScreen;
use super::session::{Action, Effect, Session};
use super::storage;
use crate::games::GameId;
use crate::i18n::Lang;
use crate::route::{Play, Route};
use crate::ui::model::{Control, UiGame};
use analysing::use_analysis;
use computer::{Computer, use_computer};
use joining::use_online;
use saving::{Revision, use_other_tabs};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct GamePageProps {
    pub lang: Lang,
    /// The shuffle the URL asks for (`?seed=N`).
    pub seed: Option<u64>,
    /// A game shared by a link (`?record=...`), shown for review.
    pub record: Option<String>,
    /// An online room to join (`?room=...`).
    pub room: Option<String>,
    /// A way of playing chosen on the home page (`?play=...`).
    pub play: Option<Play>,
    /// A seek of the lobby's to take (`?take=...`).
    pub take: Option<String>,
}

/// Today's date as records write it (`2026.11.23`).
fn today() -> String {
    let now = js_sys::Date::new_0();
    format!("{}.{:02}.{:02}", now.get_full_year(), now.get_month() + 1, now.get_date())
}

/// A seed for a new shuffle, from the browser's random numbers.
pub fn random_seed() -> u64 {
    let half = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (half() << 32) | half()
}

/// A new shuffle, a shared game taken up or put away, or a way of playing taken up: the URL's
/// seed, record or choice no longer describes the game shown. The screen is the same, so its
/// entry in the history is replaced: Back leaves the game rather than coming back to the link.
fn clear_query(game: GameId) {
    let location = gloo::utils::window().location();
    if location.hash().is_ok_and(|hash| hash.contains('?')) {
        let _ = location.replace(&Route::game(game).hash());
    }
}

/// An online room entered: the URL names it, so a reload (or the link) comes back to it.
fn show_room(game: GameId, room: &str) {
    let location = gloo::utils::window().location();
    let hash = Route::room(game, room).hash();
    if location.hash().is_ok_and(|now| now != hash) {
        let _ = location.set_hash(&hash);
    }
}

/// Runs `effect` after a render in which `key` changed.
#[hook]
fn use_on_change(key: u64, effect: Rc<dyn Fn()>) {
    use_effect_with(key, move |_| effect());
}

/// The page's state as its hooks and controls hold it.
type PageHandle<G> = UseReducerHandle<Session<G>>;

/// Carries out the effects the page's changes gave, in order, once the change is painted: the
/// save and the rest never hold up the frame that shows a move.
#[hook]
fn use_effects<G: UiGame>(page: &PageHandle<G>, revision: &Revision, computer: &Computer) {
    let (page, revision, computer) = (page.clone(), revision.clone(), computer.clone());
    use_effect(move || {
        let effects = page.outbox().take();
        if !effects.is_empty() {
            crate::ui::js::after_paint(move || {
                for effect in effects {
                    match effect {
                        Effect::Save => saving::save(&page, &revision),
                        Effect::Send { turns, turn } => drop(online::play(&turn, turns)),
                        Effect::Rejoin => drop(online::rejoin()),
                        Effect::Computer => computer::turn(&page, &computer),
                    }
                }
            });
        }
    });
}

/// A game's page: its state saved after every change, other tabs followed, the computer asked
/// when it is to move, and the shared screen.
#[component]
pub fn GamePage<G: UiGame>(props: &GamePageProps) -> Html {
    let text = props.lang.game_text();
    let game = G::ID;
    let slug = game.slug();
    let revision: Revision = use_mut_ref(|| 0_u64);
    let page = use_reducer(|| {
        let (session, read_at) = saving::open::<G>(props.seed, random_seed());
        *revision.borrow_mut() = read_at;
        session
    });
    use_other_tabs(&page, revision.clone(), slug);
    let computer = use_computer(&page);
    use_effects(&page, &revision, &computer);
    use_analysis(&page, slug, props.record.clone());
    let on_heard = use_online(&page, game, props.room.clone(), props.take.clone());
    let on_record = {
        let page = page.clone();
        Callback::from(move |text: String| page.dispatch(Action::LoadRecord { text, seed: random_seed() }))
    };
    let on_action = {
        let page = page.clone();
        Callback::from(move |action: BoardAction| page.dispatch(Action::Board(action)))
    };
    let on_control = controls::on_control(&page, game, &on_heard, &computer);
    let mut summary = page.summary(text, &today());
    summary.status.fetching_engine = *computer.fetching && summary.status.thinking;
    // A game of this device's in progress: the home page offers to continue it.
    let over = summary.status.ended.is_some();
    let in_progress = !over && !summary.moves.is_empty();
    let plies = (in_progress && summary.online.is_none()).then_some(summary.moves.len());
    use_effect_with(plies, move |&plies| {
        crate::ui::js::after_paint(move || storage::write_progress(slug, plies))
    });
    {
        // A way of playing asked for on the home page. With a friend starts at once unless a
        // game is in progress; anything else opens the new-game dialog with it chosen.
        let (page, on_control) = (page.clone(), on_control.clone());
        use_effect_with(props.play, move |play| {
            // A challenge's dialog keeps the name in the URL while it is open.
            let challenge =
                gloo::utils::window().location().hash().ok().and_then(|hash| crate::route::challenged(&hash));
            if play.is_some() && challenge.is_none() {
                clear_query(game);
            }
            if *play == Some(Play::Hotseat) && !in_progress {
                on_control.emit(Control::Opponent(page.opponent().against_computer(false)));
                if over {
                    on_control.emit(Control::Restart);
                }
            }
        });
    }
    let play = props.play.filter(|play| *play != Play::Hotseat || in_progress);
    html! {
        <GameScreen slug={slug} lang={props.lang} board={Rc::new(page.board(text))}
            summary={Rc::new(summary)} {play} prefs={page.display()} online_choice={page.online_choice()}
            on_motion={computer.on_motion.clone()}
            on_action={on_action} on_control={on_control} on_record={on_record} on_say={controls::on_say()} />
    }
}
