//! Whose turn it is or how the game ended, the last turn said for a screen reader, and why the
//! last input was not played.

use super::{Control, ReviewStep, emit};
use crate::i18n::{GameText, Side};
use crate::rules::Illegal;
use yew::prelude::*;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ended {
    Winner(Side),
    Draw,
    /// Aborted before both players moved.
    NoResult,
}

/// Whose turn it is, or how the game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    /// The side to move (or that would move, once the game is over).
    pub to_move: Side,
    pub ended: Option<Ended>,
    /// How the game ended, in words ("Four in a row", "Yellow resigned").
    pub ending: String,
    /// The game's phase (`data-phase`), for games that have phases.
    pub phase: Option<&'static str>,
    /// More about the turn: placements left, stones to take, formations just made.
    pub detail: Option<String>,
    /// The last turn played, in words, for a screen reader.
    pub said: Option<String>,
    /// The computer is searching for its turn.
    pub thinking: bool,
    /// The computer is to move, but its engine's files are still being fetched.
    pub fetching_engine: bool,
    /// While an earlier position is shown: after how many turns, of how many.
    pub review: Option<(usize, usize)>,
    /// Online: the side this device plays.
    pub seat: Option<Side>,
    /// Why Undo is refused now, in the game's words (a flip shows what it turned over).
    pub undo_note: Option<String>,
    /// Once the game is over, how it ended in the contract's words (`rules`, `resign`, `time`).
    pub reason: Option<&'static str>,
}

impl Ended {
    /// Who won, or a draw, in words.
    pub fn words(self, text: &GameText) -> String {
        match self {
            Ended::Winner(side) => (text.wins)((text.side)(side)),
            Ended::Draw => text.draw.to_owned(),
            Ended::NoResult => text.no_result.to_owned(),
        }
    }
}

pub struct StatusProps<'a> {
    pub text: &'static GameText,
    pub status: &'a Status,
    /// The rules' answer to the last refused move.
    pub refusal: Option<Illegal>,
    /// The last input was not played: another tab had changed the game.
    pub overtaken: bool,
    /// What the live region says: the last turn, or a clock's time running low.
    pub said: Option<String>,
    pub on_control: &'a Callback<Control>,
}

pub fn status_line(props: StatusProps) -> Html {
    let (text, status) = (props.text, props.status);
    let in_play = status.ended.is_none();
    let refusal = if props.overtaken {
        Some(text.changed_elsewhere)
    } else {
        props.refusal.filter(|_| in_play).map(|why| (text.refusal)(why))
    };
    let line = if let Some((shown, of)) = status.review {
        html! {
            <p data-status="" data-review="" aria-live="polite" class="status review">
                <span>{ (text.reviewing)(shown, of) }</span>
                <button data-action="live" class="primary" onclick={emit(props.on_control, Control::Review(ReviewStep::Live))}>
                    { text.live }
                </button>
            </p>
        }
    } else {
        // The side to move while play goes on, the outcome once it is over.
        let turn = in_play.then_some(status.to_move);
        let outcome = status.ended.map(|ended| match ended {
            Ended::Winner(side) => side.attr(),
            Ended::Draw => "draw",
            Ended::NoResult => "none",
        });
        let words = match status.ended {
            None => (text.to_move)((text.side)(status.to_move)),
            Some(ended) => ended.words(text),
        };
        html! {
            <p data-status="" aria-live="polite" data-turn={turn.map(Side::attr)} data-outcome={outcome}
                data-seat={status.seat.map(Side::attr)} data-reason={status.reason}
                data-thinking={status.thinking.then_some("")} aria-busy={status.thinking.then_some("true")}
                data-phase={status.phase.filter(|_| in_play)} class="status">
                <span class={classes!("dot", turn.map(Side::attr).or(outcome))}></span>
                <span>{ words }</span>
                if !in_play { <small>{ status.ending.clone() }</small> }
                if status.thinking {
                    <small data-engine={status.fetching_engine.then_some("fetching")}>
                        { if status.fetching_engine { text.fetching_engine } else { text.thinking } }
                    </small>
                }
                if let Some(detail) = status.detail.as_ref().filter(|_| in_play) {
                    <small data-detail="">{ detail.clone() }</small>
                }
            </p>
        }
    };
    // One box of a fixed height for the status and why the last try was refused, so that the
    // controls under it stay in place as lines come and go.
    html! {
        <>
            <div class="status-box">
                { line }
                <p class="message" aria-live="assertive">{ for refusal }</p>
            </div>
            <p class="visually-hidden" aria-live="polite" data-said="">{ props.said }</p>
            // Always there, so Undo's description names an element; hidden when Undo is open.
            <p id="undo-note" class="undo-note" data-undo-note="" hidden={status.undo_note.is_none()}>
                { status.undo_note.clone() }
            </p>
        </>
    }
}
