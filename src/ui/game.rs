//! A game's page: the shared session (behind [`Page`]) that keeps a game, saved after every
//! change, wired to the computer, the analysis and online play, and the shared [`GameScreen`]
//! that shows it. Not generic: the game is behind [`Page`]; the markup lives in `screen` and
//! `board`.

use super::analysis;
use super::board::{BoardAction, motion_left_ms};
use super::computer::{self, EngineNews, Opponent};
use super::flow::{FlowControl, Prefs};
use super::lazy::OnDemand;
use super::online::{self, Ask, Offer, PRESETS};
use super::screen::{Control, GameScreen, OnlineControl, ReviewStep};
use super::session::{AnalysisAction, Page, PageAction, Start, hash_of};
use super::storage;
use crate::games::GameId;
use crate::i18n::Lang;
use crate::route::{Play, Route};
use crate::save;
use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[derive(Properties)]
pub struct GamePageProps {
    pub game: GameId,
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
    /// The game's saved page and the revision it was read at, from a shuffle's seed.
    pub start: Start,
}

/// `start` follows from `game`.
impl PartialEq for GamePageProps {
    fn eq(&self, other: &Self) -> bool {
        (self.game, self.lang, self.seed, &self.record, &self.room, self.play, &self.take)
            == (other.game, other.lang, other.seed, &other.record, &other.room, other.play, &other.take)
    }
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

/// A new shuffle, or a shared game taken up or put away: the URL's seed or record no longer
/// describes the game shown.
fn clear_query(game: GameId) {
    let location = gloo::utils::window().location();
    if location.hash().is_ok_and(|hash| hash.contains('?')) {
        let _ = location.set_hash(&Route::game(game).hash());
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

/// What a page does with a change another tab made to storage: its key and new value.
type StorageHandler = Rc<dyn Fn(&str, Option<String>)>;

/// Hands every change another tab makes to storage (its key and new value) to `on_change`,
/// for as long as the page is shown.
#[hook]
fn use_storage_events(on_change: StorageHandler) {
    use_effect_with((), move |_| {
        let listener = EventListener::new(&gloo::utils::window(), "storage", move |event| {
            if let Some(event) = event.dyn_ref::<web_sys::StorageEvent>() {
                on_change(&event.key().unwrap_or_default(), event.new_value());
            }
        });
        move || drop(listener)
    });
}

/// The page's state for Yew: a game's [`Page`], whatever the game.
struct PageState(Rc<dyn Page>);

impl Reducible for PageState {
    type Action = PageAction;

    fn reduce(self: Rc<Self>, action: PageAction) -> Rc<Self> {
        let next = self.0.clone().act(action);
        // The same state: nothing to draw again.
        if Rc::ptr_eq(&next, &self.0) { self } else { Rc::new(PageState(next)) }
    }
}

/// The computer's turn, heard while the player's own turn still moves on the board: held until
/// that motion ends, so a reply never cuts the player's piece short. Its timer, and the turn
/// with the position it is for (taken when it is played, early by Stop).
#[derive(Default)]
struct Held {
    /// Kept to be cancelled: dropped, it never fires.
    _timer: Option<Timeout>,
    turn: Option<(u64, String)>,
}

type Pace = Rc<RefCell<Held>>;

/// Asks the engine for a turn at `level` (within `movetime`, or the level's own time), and
/// hands its answer to the page as `answer` makes it (the computer's turn, or a hint), asked at
/// the position it is for. With `pace`, an answer that comes while the board still moves the
/// last turn waits for the motion to end (a change of the game in between drops it).
/// `fetching` is set while the engine's files are still on their way, past a moment's wait.
fn ask_engine(
    page: &UseReducerHandle<PageState>,
    (level, movetime): (u8, Option<u64>),
    answer: fn(u64, String) -> PageAction,
    pace: Option<Pace>,
    fetching: &UseStateHandle<bool>,
) {
    let at = page.0.position_key();
    let mut request = page.0.request(level);
    request.seed = random_seed();
    request.movetime = movetime;
    let page = page.clone();
    let heard_from = fetching.clone();
    computer::ask(
        request,
        Callback::from(move |heard| {
            heard_from.set(false);
            match heard {
                EngineNews::Best(turn) => match (&pace, motion_left_ms()) {
                    (Some(pace), wait @ 1..) => {
                        let (page, held) = (page.clone(), pace.clone());
                        let timer = Timeout::new(wait, move || {
                            // Taken, not the timer: it is running.
                            let turn = held.borrow_mut().turn.take();
                            if let Some((at, turn)) = turn {
                                page.dispatch(answer(at, turn));
                            }
                        });
                        *pace.borrow_mut() = Held { _timer: Some(timer), turn: Some((at, turn)) };
                    }
                    _ => page.dispatch(answer(at, turn)),
                },
                EngineNews::Failed(why) => page.dispatch(PageAction::EngineFailed(why)),
                EngineNews::Progress(_) => {}
            }
        }),
    );
    // Once the engine is in (every move after its first), there is nothing to watch for.
    if !computer::ready() {
        let fetching = fetching.clone();
        Timeout::new(FETCHING_NOTICE_MS, move || fetching.set(!computer::ready())).forget();
    }
}

/// How long the engine may take to start before the page says it is being fetched.
const FETCHING_NOTICE_MS: u32 = 400;
/// How long after the computer is chosen its engine is fetched: the page's own work first.
const PREFETCH_AFTER_MS: u32 = 1_000;

/// A game's page: its state saved after every change, other tabs followed, the computer asked
/// when it is to move, and the shared screen. Not generic: the game is behind [`Page`].
#[component]
pub fn GamePage(props: &GamePageProps) -> Html {
    let text = props.lang.game_text();
    let game = props.game;
    let slug = game.slug();
    // The revision of the save this page's game was last read from or written as: shared with
    // the storage listener, which must see the latest value, not a render's.
    let revision = use_mut_ref(|| 0_u64);
    let page = use_reducer(|| {
        let (page, read_at) = (props.start)(props.seed, random_seed());
        *revision.borrow_mut() = read_at;
        PageState(page)
    });
    {
        // Every change of this tab's is saved, the turn in progress with it so a reload keeps its
        // actions, unless another tab has saved a newer game since: that one is shown instead.
        let (page, revision) = (page.clone(), revision.clone());
        use_on_change(
            page.0.changes(),
            Rc::new(move || {
                if let Some(action) = page.0.save(&revision) {
                    page.dispatch(action);
                }
            }),
        );
    }
    {
        // Another tab of this game saved a move or changed a choice: follow it at once.
        let page = page.clone();
        use_storage_events(Rc::new(move |key: &str, new_value: Option<String>| {
            if key == save::key(slug) {
                if let Some(action) = new_value.and_then(|text| page.0.heard(&text, &revision)) {
                    page.dispatch(action);
                }
            } else if Prefs::watches(key, slug) {
                page.dispatch(PageAction::Prefs(Prefs::load(slug)));
            } else if Opponent::watches(key, slug) {
                page.dispatch(PageAction::Opponent(Opponent::load(slug)));
            }
        }));
    }
    // The engine's files are still on their way after the computer was asked.
    let fetching = use_state_eq(|| false);
    // The computer's turn held until the player's turn has finished moving.
    let pace: Pace = use_mut_ref(Held::default);
    {
        // Once the computer is chosen, its engine is fetched while the page is idle, rather than
        // at its first turn.
        let chosen = page.0.opponent().computer.is_some();
        use_effect_with(chosen, move |&chosen| {
            let prefetch = chosen.then(|| Timeout::new(PREFETCH_AFTER_MS, computer::prepare));
            move || drop(prefetch)
        });
    }
    {
        // The computer's turn: the engine is asked, and its answer played if the game is still
        // where it was, once the player's turn has finished moving. Any change ends a search
        // that no longer fits the game, and drops an answer held back.
        let (page, fetching, pace) = (page.clone(), fetching.clone(), pace.clone());
        use_on_change(
            page.0.computer_key(),
            Rc::new(move || {
                drop(pace.take());
                if page.0.computer_to_move() {
                    let at = |at, turn| PageAction::Computer { at, turn };
                    ask_engine(&page, (page.0.opponent().level, None), at, Some(pace.clone()), &fetching);
                } else {
                    computer::cancel();
                }
            }),
        );
    }
    {
        // A game opened from a link is shown for review; the player's own game is kept.
        let page = page.clone();
        let shared = props.record.clone();
        use_on_change(
            hash_of(&shared),
            Rc::new(move || {
                if let Some(text) = shared.clone() {
                    page.dispatch(PageAction::Shared { text, seed: random_seed() });
                    // A link that asks for an analysis: this page analyses the game itself.
                    if gloo::utils::window().location().hash().is_ok_and(|hash| analysis::asked(&hash)) {
                        page.dispatch(PageAction::Control(Control::Analyse));
                    }
                }
            }),
        );
    }
    {
        // The analysis's code, fetched once the game shown could use it (it split off the
        // game's binary: most visits never need it).
        let page = page.clone();
        let wanted = page.0.analysis().wanted && page.0.analysis_tools().is_none();
        use_on_change(
            hash_of(&wanted),
            Rc::new(move || {
                let page = page.clone();
                if wanted {
                    yew::platform::spawn_local(async move {
                        if let Some(code) = analysis::ANALYSIS.get().await {
                            page.dispatch(PageAction::Analysis(AnalysisAction::Code(code)));
                        }
                    });
                }
            }),
        );
    }
    {
        // The analysis of the game shown: read from storage when the game shown changes, then
        // its worker started or ended as the player asks. An analysis runs only for the game
        // shown, and once its code is here.
        let page = page.clone();
        let info = page.0.analysis();
        let here = page.0.analysis_tools().is_some();
        use_on_change(
            hash_of(&(&info.key, info.loaded, info.running, here)),
            Rc::new(move || {
                let info = page.0.analysis();
                let key = info.key.clone();
                let Some(tools) = page.0.analysis_tools() else { return };
                if !info.loaded {
                    let mut stored = (tools.load)(&key);
                    // A record's marks are kept with its game.
                    if stored.notes.is_empty() && !info.stored.notes.is_empty() {
                        stored.notes = info.stored.notes.clone();
                        (tools.save)(&key, &stored);
                    }
                    page.dispatch(PageAction::Analysis(AnalysisAction::Loaded { key, stored }));
                } else if info.running && analysis::running().as_ref() != Some(&key) {
                    let page = page.clone();
                    let requests = page.0.analysis_requests();
                    let stored = (*info.stored).clone();
                    let on_heard = Callback::from(move |heard| {
                        let key = key.clone();
                        page.dispatch(PageAction::Analysis(AnalysisAction::News { key, news: heard }));
                    });
                    (tools.start)(info.key, requests, stored, on_heard);
                } else if !info.running {
                    analysis::cancel();
                }
            }),
        );
    }
    {
        // A game continued from another's position keeps its origin across reloads.
        let page = page.clone();
        let origin = page.0.origin();
        use_on_change(
            hash_of(&origin),
            Rc::new(move || analysis::keep_origin(slug, page.0.origin().as_deref(), &page.0.turns())),
        );
    }
    // Leaving the game's page ends its analysis.
    use_effect_with((), |_| analysis::cancel);
    // What the server says, for the page; a seat taken puts its room in the URL.
    let on_heard = {
        let page = page.clone();
        Callback::from(move |heard: online::ServerNews| {
            if let online::ServerNews::Seat { room, .. } = &heard {
                show_room(game, room);
            }
            page.dispatch(PageAction::Online(heard));
        })
    };
    {
        // A room's link (or a reload in a room): join it, with this device's token if it has one.
        let (page, on_heard) = (page.clone(), on_heard.clone());
        let room = props.room.clone();
        use_on_change(
            hash_of(&room),
            Rc::new(move || {
                if let Some(room) = room.clone().filter(|room| online::room().as_ref() != Some(room)) {
                    page.dispatch(PageAction::GoOnline);
                    online::open(slug, Ask::Join { room }, on_heard.clone());
                }
            }),
        );
    }
    {
        // A seek of the lobby's taken (from its list here or at home): the game starts for both.
        let (page, on_heard) = (page.clone(), on_heard.clone());
        let take = props.take.clone();
        use_on_change(
            hash_of(&take),
            Rc::new(move || {
                if let Some(room) = take.clone() {
                    page.dispatch(PageAction::GoOnline);
                    online::open(slug, Ask::Take { room }, on_heard.clone());
                }
            }),
        );
    }
    {
        // A turn played here online goes to the server, which tells both devices the game.
        let page = page.clone();
        use_on_change(
            hash_of(&page.0.outgoing()),
            Rc::new(move || {
                if let Some((_, turns, turn)) = page.0.outgoing() {
                    online::play(&turn, turns);
                }
            }),
        );
    }
    // Leaving the game's page leaves its room.
    use_effect_with((), |_| online::close);
    let on_record = {
        let page = page.clone();
        Callback::from(move |text: String| page.dispatch(PageAction::Load { text, seed: random_seed() }))
    };
    let on_action = {
        let page = page.clone();
        Callback::from(move |action: BoardAction| page.dispatch(PageAction::Board(action)))
    };
    let on_control = {
        let (page, fetching, pace) = (page.clone(), fetching.clone(), pace.clone());
        Callback::from(move |control: Control| match control {
            Control::Online(
                way @ (OnlineControl::Create(clock)
                | OnlineControl::Quick(clock)
                | OnlineControl::Seek(clock)),
            ) => {
                let (rules, time) = (page.0.rules(), clock.text());
                let ask = match way {
                    OnlineControl::Create(_) => Ask::Create { rules, time },
                    OnlineControl::Quick(_) => Ask::Quick { rules, time },
                    _ => Ask::Seek { rules, time },
                };
                page.dispatch(PageAction::GoOnline);
                online::open(slug, ask, on_heard.clone());
            }
            Control::Online(OnlineControl::Leave) => {
                online::close();
                clear_query(game);
                page.dispatch(PageAction::LeaveOnline);
            }
            Control::Online(OnlineControl::Answer(accept)) => drop(online::answer(accept)),
            Control::Online(OnlineControl::Abort) => drop(online::abort()),
            Control::Online(OnlineControl::Claim(win)) => drop(online::claim(win)),
            Control::Online(OnlineControl::Rematch) => drop(online::offer(Offer::Rematch)),
            Control::Online(OnlineControl::Chat(index)) => {
                if let Some(preset) = PRESETS.get(index) {
                    online::chat(preset);
                }
            }
            Control::Online(OnlineControl::Reload) => drop(gloo::utils::window().location().reload()),
            // Online, these are asked of the server.
            Control::Undo if page.0.is_online() => drop(online::offer(Offer::Takeback)),
            Control::AgreeDraw if page.0.is_online() => drop(online::offer(Offer::Draw)),
            Control::Resign if page.0.is_online() => drop(online::resign()),
            Control::Restart if page.0.is_online() => {
                online::close();
                clear_query(game);
                page.dispatch(PageAction::LeaveOnline);
                page.dispatch(PageAction::Restart(random_seed()));
            }
            Control::Restart => {
                clear_query(game);
                page.dispatch(PageAction::Restart(random_seed()));
            }
            Control::Opponent(opponent) => {
                opponent.store(slug);
                page.dispatch(PageAction::Opponent(opponent));
            }
            Control::Flow(FlowControl::Prefer(preference, on)) => {
                Prefs::store(preference, on, slug);
                page.dispatch(PageAction::Control(control));
            }
            // The top level's choice, within a hint's short time: never slower than the
            // computer's own turn.
            Control::Hint => {
                let budget =
                    (crate::engine::LEVELS, Some(crate::engine::hint_movetime(page.0.opponent().level)));
                ask_engine(&page, budget, |at, turn| PageAction::Hint { at, turn }, None, &fetching)
            }
            Control::Stop => {
                // A turn already found and held back for the board is played now.
                let held = pace.take().turn;
                if let Some((at, turn)) = held {
                    page.dispatch(PageAction::Computer { at, turn });
                } else if let Some(turn) = computer::stop() {
                    page.dispatch(PageAction::Computer { at: page.0.position_key(), turn });
                }
            }
            // A new game from the position shown: the player has the side to move there.
            Control::Continue(computer) => {
                clear_query(game);
                let mut opponent = page.0.opponent();
                opponent.computer = computer.then(|| page.0.shown_to_move().opponent());
                opponent.store(slug);
                page.dispatch(PageAction::Control(control));
                page.dispatch(PageAction::Opponent(opponent));
            }
            // A shared game taken up or put away: the link has done its work.
            Control::ContinueShared | Control::Review(ReviewStep::Live) => {
                clear_query(game);
                page.dispatch(PageAction::Control(control));
            }
            // Picking up a piece changes the page only when it ends a look at the previous turn
            // or a review.
            Control::Select if !page.0.select_matters() => {}
            control => page.dispatch(PageAction::Control(control)),
        })
    };
    let mut summary = page.0.summary(text, &today());
    summary.status.fetching_engine = *fetching && summary.status.thinking;
    // A game of this device's in progress: the home page offers to continue it.
    let over = summary.status.ended.is_some();
    let in_progress = !over && !summary.moves.is_empty();
    let plies = (in_progress && summary.online.is_none()).then_some(summary.moves.len());
    use_effect_with(plies, move |plies| storage::write_progress(slug, *plies));
    {
        // A way of playing asked for on the home page. With a friend starts at once unless a
        // game is in progress; anything else opens the new-game dialog with it chosen.
        let (page, on_control) = (page.clone(), on_control.clone());
        use_effect_with(props.play, move |play| {
            if play.is_some() {
                clear_query(game);
            }
            if *play == Some(Play::Hotseat) && !in_progress {
                on_control.emit(Control::Opponent(page.0.opponent().against_computer(false)));
                if over {
                    on_control.emit(Control::Restart);
                }
            }
        });
    }
    let play = props.play.filter(|play| *play != Play::Hotseat || in_progress);
    html! {
        <GameScreen slug={slug} lang={props.lang} board={Rc::new(page.0.board(text))}
            summary={Rc::new(summary)} {play}
            on_action={on_action} on_control={on_control} on_record={on_record} />
    }
}
