//! Who plays and what runs against time, beside the board: a strip per side with its player's
//! name and rating (the rating after a rated end once it is known) and its clock, counting
//! down between the server's frames from the time the last one arrived (the server alone decides what time ends): the clocks of a
//! timed game, each side's time left, low under 10 s with one soft sound for this device's own
//! clock, and said to a screen reader at 60, 30 and 10 s (a review's clocks, as the record
//! keeps them, stand still); the time the side to move has left to make a first move before
//! the game is aborted; and the time until this device may claim a game the other player has
//! left, then the claims. One component, whose ticks draw it alone, not the screen.

use super::emit;
use super::online_words::ONLINE_WORDS;
use crate::i18n::{Lang, Side};
use crate::protocol::{RatingChange, SeatPlayer};
use crate::rules::clock::face;
use crate::ui::effects::{self, Sound};
use crate::ui::model::{ClockPanel, Control, OnlineControl};
use gloo::timers::callback::Interval;
use yew::prelude::*;

/// Under this a clock is low.
const LOW_MS: u64 = 10_000;
/// The seconds said as the running clock passes them.
const SAID_AT: [u64; 3] = [60, 30, 10];
/// How often a running countdown is drawn again.
const TICK_MS: u32 = 100;

#[derive(Properties, PartialEq)]
pub struct TimersProps {
    pub lang: Lang,
    pub clocks: Option<ClockPanel>,
    /// Who sits in each seat of a game online.
    pub seats: Option<Seats>,
    /// Before the first moves: the side to move and the ms it has left to make one, as of `at`.
    pub first_move: Option<(Side, u64)>,
    /// The other player is away on their turn: the ms until this device may claim, as of `at`.
    pub gone: Option<u64>,
    /// When the server's frame with the countdowns arrived (ms since the epoch).
    pub at: u64,
    /// Says a clock's time, through the page's live region.
    pub on_say: Callback<String>,
    pub on_control: Callback<Control>,
}

/// Who plays a game online, for the strips.
#[derive(Clone, PartialEq)]
pub struct Seats {
    /// The sides of the first seat and the second.
    pub sides: [Side; 2],
    pub players: [Option<SeatPlayer>; 2],
    /// After a rated game: each seat's rating before and after.
    pub ratings: Option<[RatingChange; 2]>,
    /// The side this device plays.
    pub own: Option<Side>,
}

/// Draws the timers. Reached only through online play's code ([`super::online::OnlinePanels`]),
/// so split off with it: a game with clocks is an online one, or a record of one.
pub(in crate::ui) fn timers(props: TimersProps) -> Html {
    html! { <Timers ..props /> }
}

#[component]
fn Timers(props: &TimersProps) -> Html {
    let text = props.lang.game_text();
    let words = ONLINE_WORDS.of(text.lang);
    let none =
        ClockPanel { sides: [Side::First, Side::Second], ms: [None, None], running: None, at: 0, own: None };
    let panel = props.clocks.as_ref().unwrap_or(&none);
    // Drawn again every tick while something counts down.
    let counting =
        panel.running.is_some() || props.first_move.is_some() || props.gone.is_some_and(|ms| ms > 0);
    let tick = use_state(|| 0_u32);
    {
        let tick = tick.clone();
        use_effect_with(counting, move |&counting| {
            let interval = counting.then(|| Interval::new(TICK_MS, move || tick.set(tick.wrapping_add(1))));
            move || drop(interval)
        });
    }
    let now = js_sys::Date::now() as u64;
    let left = |ms: u64, at: u64| ms.saturating_sub(now.saturating_sub(at));
    let shown = |side: usize| {
        panel.ms[side].map(|ms| if panel.running == Some(side) { left(ms, panel.at) } else { ms })
    };
    // The running clock's side and its seconds, and those it showed before: passing a mark is
    // said, and passing the low mark on this device's own clock sounds, once.
    let running = panel.running.and_then(|side| Some((side, shown(side)?.div_ceil(1000))));
    let before = use_mut_ref(|| None::<(usize, u64)>);
    {
        let (on_say, sides, own) = (props.on_say.clone(), panel.sides, panel.own);
        use_effect_with(running, move |&running| {
            let was = before.replace(running);
            if let (Some((side, seconds)), Some((was_side, was_seconds))) = (running, was)
                && side == was_side
            {
                for mark in SAID_AT.into_iter().filter(|&mark| was_seconds > mark && seconds <= mark) {
                    on_say.emit((words.time_left)((text.side)(sides[side]), mark));
                    if mark * 1000 == LOW_MS && own == Some(side) {
                        effects::play(Sound::Low);
                    }
                }
            }
        });
    }
    let clock = |side: usize| {
        let ms = shown(side);
        html! {
            <div class="clock" data-clock={panel.sides[side].attr()} data-ms={panel.ms[side].map(|ms| ms.to_string())}
                data-running={(panel.running == Some(side)).then_some("")}
                data-low={ms.filter(|&ms| ms < LOW_MS).map(|_| "")}
                role="timer" aria-label={(words.clock_of)((text.side)(panel.sides[side]))}>
                { ms.map_or_else(|| "–".to_owned(), face) }
            </div>
        }
    };
    let seats = props.seats.as_ref();
    // A strip per side, in the clocks' order (or the seats' with no clocks), this device's own
    // last: nearest the status and the buttons, as the opponent is across the table.
    let sides =
        props.clocks.as_ref().map(|clocks| clocks.sides).or(seats.map(|seats| seats.sides)).map(|sides| {
            let own = seats.and_then(|seats| seats.own).or(panel.own.map(|own| panel.sides[own]));
            if own == Some(sides[0]) { [sides[1], sides[0]] } else { sides }
        });
    let strip = |side: Side| {
        let seat = seats.and_then(|seats| Some((seats, seats.sides.iter().position(|&s| s == side)?)));
        let player = seat
            .and_then(|(seats, seat)| Some((seats.players[seat].as_ref()?, seats.ratings.map(|r| r[seat]))));
        let timed = props.clocks.as_ref().and_then(|clocks| clocks.sides.iter().position(|&s| s == side));
        let own = seats.map_or(panel.own.map(|own| panel.sides[own]), |seats| seats.own) == Some(side);
        let running = timed.is_some_and(|clock| panel.running == Some(clock));
        let dot = html! { <span class={classes!("dot", side.attr())}></span> };
        let who = match player {
            Some((player, change)) => {
                // The rating after a rated end, else as the player sat down.
                let (rating, provisional) = change.map_or((player.rating, player.provisional), |change| {
                    (Some(change.after), change.provisional)
                });
                html! {
                    <p class="who" data-seat-player={side.attr()} data-name={player.name.clone().unwrap_or_default()}
                        data-rating={rating.map(|r| r.to_string())} data-provisional={provisional.then_some("")}
                        title={(text.side)(side)}>
                        { dot }
                        if let Some(name) = &player.name {
                            <a href={format!("#/@/{name}")}>{ name }</a>
                        } else {
                            <span>{ words.player(player) }</span>
                        }
                        if let Some(rating) = rating {
                            <span class="rating">{ crate::rating::shown(rating, provisional) }</span>
                        }
                    </p>
                }
            }
            None => html! { <p class="who">{ dot }<span>{ (text.side)(side) }</span></p> },
        };
        html! {
            <div class={classes!("strip", own.then_some("own"), running.then_some("running"))} data-player-strip={side.attr()}>
                { who }
                { for timed.map(clock) }
            </div>
        }
    };
    let first_move = props.first_move.map(|(side, ms)| {
        let ms = left(ms, props.at);
        html! {
            <p data-first-move="" data-seconds={ms.div_ceil(1000).to_string()} class="countdown">
                { (words.first_move_in)((text.side)(side), &face(ms)) }
            </p>
        }
    });
    let gone = props.gone.map(|ms| {
        let seconds = left(ms, props.at).div_ceil(1000);
        let claim = |win: bool| emit(&props.on_control, Control::Online(OnlineControl::Claim(win)));
        html! {
            <div data-gone="" data-seconds={seconds.to_string()} class="gone">
                <p>{ (words.gone)(seconds) }</p>
                // Said once, when the claims open; not each second before.
                <p class="visually-hidden" role="status">{ (seconds == 0).then(|| (words.gone)(0)) }</p>
                <button data-action="claim-win" class="primary" disabled={seconds > 0} onclick={claim(true)}>{ words.claim_win }</button>
                <button data-action="claim-draw" disabled={seconds > 0} onclick={claim(false)}>{ words.claim_draw }</button>
            </div>
        }
    });
    html! {
        <div class="timers">
            if let Some(sides) = sides { <div class="strips">{ strip(sides[0]) }{ strip(sides[1]) }</div> }
            { for first_move }
            { for gone }
        </div>
    }
}
