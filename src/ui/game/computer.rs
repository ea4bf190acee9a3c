//! The computer on a game's page: its turn asked for when it is to move (its engine fetched
//! ahead, once chosen), its answer held until the player's own turn has finished moving, and
//! the hints asked for.

use super::{PageHandle, random_seed};
use crate::ui::computer::{self, EngineNews};
use crate::ui::js;
use crate::ui::model::UiGame;
use crate::ui::session::Action;
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// The computer's turn, heard while the player's own turn still moves on the board: held until
/// that motion ends, so a reply never cuts the player's piece short. Its timer, and the turn
/// with the position it is for (taken when it is played, early by Stop).
#[derive(Default)]
pub struct Held {
    /// Kept to be cancelled: dropped, it never fires.
    _timer: Option<Timeout>,
    pub turn: Option<(u64, String)>,
    /// When the board's latest motions end (`Date.now()`, in ms; 0 for none), as the board
    /// told ([`Computer::on_motion`]).
    motion_ends: f64,
}

impl Held {
    /// The turn held, if any, taken: its timer is cancelled.
    pub fn release(&mut self) -> Option<(u64, String)> {
        self._timer = None;
        self.turn.take()
    }
}

pub type Pace = Rc<RefCell<Held>>;

/// Asks the engine for a turn at `level` (within `movetime`, or the level's own time), and
/// hands its answer to the page as `answer` makes it (the computer's turn, or a hint), asked at
/// the position it is for. With `pace`, an answer that comes while the board still moves the
/// last turn waits for the motion to end (a change of the game in between drops it).
/// `fetching` is set while the engine's files are still on their way, past a moment's wait.
pub fn ask_engine<G: UiGame>(
    page: &PageHandle<G>,
    (level, movetime): (u8, Option<u64>),
    answer: fn(u64, String) -> Action<G>,
    pace: Option<Pace>,
    fetching: &UseStateHandle<bool>,
) {
    let at = page.position_key();
    let mut request = page.request(level);
    request.seed = random_seed();
    request.movetime = movetime;
    let page = page.clone();
    let heard_from = fetching.clone();
    computer::ask(
        request,
        Callback::from(move |heard| {
            heard_from.set(false);
            match heard {
                EngineNews::Best(turn) => match &pace {
                    Some(pace) => {
                        pace.borrow_mut().turn = Some((at, turn));
                        play_when_still(page.clone(), pace.clone(), answer);
                    }
                    None => page.dispatch(answer(at, turn)),
                },
                EngineNews::Failed(why) => page.dispatch(Action::EngineFailed(why)),
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

/// How long the board's latest motions still play, in ms, given when they end (`Date.now()`; 0
/// for none): 0 once they have ended, or when nothing moved.
fn motion_left_ms(ends: f64) -> u32 {
    let now = js_sys::Date::now();
    if now < ends {
        (ends - now) as u32
    } else if now < ends + LATE_MS && js::moving() {
        // A page too busy to draw starts its animations late: they are waited for, a while.
        LOOK_AGAIN_MS
    } else {
        0
    }
}

/// How long past its time a motion that started late is waited for.
const LATE_MS: f64 = 2_000.0;
/// How soon a motion that started late is looked at again.
const LOOK_AGAIN_MS: u32 = 50;

/// Plays the held turn once the board has stopped moving; until then, waits and looks again.
fn play_when_still<G: UiGame>(page: PageHandle<G>, pace: Pace, answer: fn(u64, String) -> Action<G>) {
    let wait = motion_left_ms(pace.borrow().motion_ends);
    if wait == 0 {
        let turn = pace.borrow_mut().turn.take();
        if let Some((at, turn)) = turn {
            page.dispatch(answer(at, turn));
        }
        return;
    }
    let held = pace.clone();
    // A timer replaced from its own callback is safe: its closure is freed after the call.
    let timer = Timeout::new(wait, move || play_when_still(page, held, answer));
    pace.borrow_mut()._timer = Some(timer);
}

/// How long the engine may take to start before the page says it is being fetched.
const FETCHING_NOTICE_MS: u32 = 400;
/// How long after the computer is chosen its engine is fetched: the page's own work first.
const PREFETCH_AFTER_MS: u32 = 1_000;

/// The computer's side of the page: whether its engine's files are still on their way after
/// it was asked, and its turn held until the player's turn has finished moving.
#[derive(Clone)]
pub struct Computer {
    pub fetching: UseStateHandle<bool>,
    pub pace: Pace,
    /// What the board tells when its latest motions end.
    pub on_motion: Callback<f64>,
}

/// What the computer's turn depends on changed: the engine is asked, and its answer played if
/// the game is still where it was, once the player's turn has finished moving. Any change ends
/// a search that no longer fits the game, and drops an answer held back.
pub fn turn<G: UiGame>(page: &PageHandle<G>, computer: &Computer) {
    computer.pace.borrow_mut().release();
    if page.computer_to_move() {
        let at = |at, turn| Action::Computer { at, turn };
        ask_engine(page, (page.opponent().level, None), at, Some(computer.pace.clone()), &computer.fetching);
    } else {
        computer::cancel();
    }
}

/// The computer's side of the page, its engine fetched once it is chosen, while the page is
/// idle.
#[hook]
pub fn use_computer<G: UiGame>(page: &PageHandle<G>) -> Computer {
    // The engine's files are still on their way after the computer was asked.
    let fetching = use_state_eq(|| false);
    // The computer's turn held until the player's turn has finished moving.
    let pace: Pace = use_mut_ref(Held::default);
    {
        // Once the computer is chosen, its engine is fetched while the page is idle, rather than
        // at its first turn.
        let chosen = page.opponent().computer.is_some();
        use_effect_with(chosen, move |&chosen| {
            let prefetch = chosen.then(|| Timeout::new(PREFETCH_AFTER_MS, computer::prepare));
            move || drop(prefetch)
        });
    }
    let on_motion = {
        let pace = pace.clone();
        use_memo((), move |_| Callback::from(move |ends: f64| pace.borrow_mut().motion_ends = ends))
    };
    Computer { fetching, pace, on_motion: (*on_motion).clone() }
}
