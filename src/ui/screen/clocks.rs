//! The clocks of a timed game, beside the board: each side's time left, the running one counting
//! down between the server's frames from the time the last one arrived (the server alone
//! decides a loss on time), low under 10 s with one soft sound for this device's own clock,
//! and said to a screen reader at 60, 30 and 10 s. Also a review's clocks, as the record keeps
//! them, standing still.

use crate::i18n::{Lang, Side};
use crate::rules::clock::face;
use crate::ui::effects::{self, Sound};
use gloo::timers::callback::Interval;
use yew::prelude::*;

/// The clocks as the screen shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct ClockPanel {
    /// The sides, the first player's first.
    pub sides: [Side; 2],
    /// Each side's time left in ms as of `at`; `None` where a record does not say.
    pub ms: [Option<u64>; 2],
    /// The side whose clock runs (0 the first), if any.
    pub running: Option<usize>,
    /// When the server's frame arrived (ms since the epoch).
    pub at: u64,
    /// This device's side, whose clock running low sounds.
    pub own: Option<usize>,
}

/// Under this a clock is low.
const LOW_MS: u64 = 10_000;
/// The seconds said as the running clock passes them.
const SAID_AT: [u64; 3] = [60, 30, 10];
/// How often a running countdown is drawn again.
const TICK_MS: u32 = 100;

/// The time now (ms since the epoch), drawn again every tick while `running`.
#[hook]
pub fn use_now(running: bool) -> u64 {
    let tick = use_state(|| 0_u32);
    {
        let tick = tick.clone();
        use_effect_with(running, move |&running| {
            let interval = running.then(|| Interval::new(TICK_MS, move || tick.set(tick.wrapping_add(1))));
            move || drop(interval)
        });
    }
    js_sys::Date::now() as u64
}

/// A countdown from `ms` as of `at`, to `now`.
pub fn left(ms: u64, at: u64, now: u64) -> u64 {
    ms.saturating_sub(now.saturating_sub(at))
}

#[derive(Properties, PartialEq)]
pub struct ClocksProps {
    pub lang: Lang,
    pub panel: ClockPanel,
    /// Says a clock's time, through the page's live region.
    pub on_say: Callback<String>,
}

#[component]
pub fn Clocks(props: &ClocksProps) -> Html {
    let text = props.lang.text();
    let panel = &props.panel;
    let now = use_now(panel.running.is_some());
    let shown = |side: usize| {
        panel.ms[side].map(|ms| if panel.running == Some(side) { left(ms, panel.at, now) } else { ms })
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
                    on_say.emit((text.time_left)((text.side)(sides[side]), mark));
                    if mark * 1000 == LOW_MS && own == Some(side) {
                        effects::play(Sound::Low);
                    }
                }
            }
        });
    }
    let clock = |side: usize| {
        let ms = shown(side);
        let name = (text.side)(panel.sides[side]);
        html! {
            <div class={classes!("clock", (panel.own == Some(side)).then_some("own"))}
                data-clock={panel.sides[side].attr()} data-ms={panel.ms[side].map(|ms| ms.to_string())}
                data-running={(panel.running == Some(side)).then_some("")}
                data-low={ms.filter(|&ms| ms < LOW_MS).map(|_| "")}
                role="timer" aria-label={(text.clock_of)(name)}>
                <span class="clock-side"><span class={classes!("dot", panel.sides[side].attr())}></span>{ name }</span>
                <span class="clock-time">{ ms.map_or_else(|| "–".to_owned(), face) }</span>
            </div>
        }
    };
    html! {
        <div class="clocks">{ clock(0) }{ clock(1) }</div>
    }
}
