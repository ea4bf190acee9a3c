//! Whose turn it is or how the game ended, the last turn said for a screen reader, and why the
//! last input was not played.

use super::emit;
use crate::i18n::{GameText, Side};
use crate::rules::Illegal;
use crate::ui::model::{Control, Ended, ReviewStep, Status};
use yew::prelude::*;

pub struct StatusProps<'a> {
    pub text: &'static GameText,
    pub status: &'a Status,
    /// The rules' answer to the last refused move.
    pub refusal: Option<Illegal>,
    /// The last input was not played: another tab had changed the game.
    pub overtaken: bool,
    /// What the live region says: the last turn, or a clock's time running low.
    pub said: Option<String>,
    /// Opens the new-game dialog.
    pub new_game: Callback<MouseEvent>,
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
    let line = if status.missing_room {
        // A dead link: no side to move, and a way to a game.
        html! {
            <p data-status="" data-missing-room="" aria-live="polite" class="status">
                <span class="dot"></span>
                <span>{ text.no_such_game }</span>
                <small>{ text.no_such_game_why }</small>
                <button data-action="start-game" class="primary" onclick={props.new_game}>{ text.start_game }</button>
            </p>
        }
    } else if let Some((shown, of)) = status.review {
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
            None if status.waiting_for_opponent => text.awaiting_opponent.to_owned(),
            None => status.turn_words(text),
            Some(ended) => ended.words(text, status.facing),
        };
        html! {
            <p data-status="" aria-live="polite" data-turn={turn.map(Side::attr)} data-outcome={outcome}
                data-seat={status.seat.map(Side::attr)} data-reason={status.reason}
                data-waiting-for={status.waiting_for_opponent.then_some("opponent")}
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
