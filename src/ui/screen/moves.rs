//! The game's turns, oldest first; a click on one shows the position after it, and the
//! buttons under the list step through them. At the end of a game its result comes at the
//! list's end, in room the list gives up: its coming moves nothing on the page.

use super::emit;
use crate::engine::analysis::Judgement;
use crate::i18n::GameText;
use crate::rules::clock::face;
use crate::ui::model::{Control, MoveEntry, ReviewStep};
use yew::prelude::*;

pub struct MovesProps<'a> {
    pub text: &'static GameText,
    pub moves: &'a [MoveEntry],
    /// While an earlier position is shown: after how many turns, of how many.
    pub review: Option<(usize, usize)>,
    pub on_control: &'a Callback<Control>,
    /// The result, once the game is over (empty before).
    pub result: Html,
}

pub fn move_list(props: MovesProps) -> Html {
    let (text, moves, on_control) = (props.text, props.moves, props.on_control);
    let shown = props.review.map_or(moves.len(), |(shown, _)| shown);
    let entries = moves.iter().enumerate().map(|(ply, entry)| {
        let current = (ply + 1 == shown).then_some("step");
        html! {
            // Keyed: a turn added at the end adds one line (unkeyed, Yew matches the lists from
            // their ends and would rewrite every line).
            <li key={ply} data-move="" data-owner={entry.side.attr()} title={(text.side)(entry.side)} aria-current={current}
                data-judgement={entry.judgement.map(Judgement::name)}>
                // A button, so the keyboard and screen readers reach each turn too.
                <button onclick={emit(on_control, Control::Review(ReviewStep::To(ply + 1)))}>
                    <span class="ply">{ ply + 1 }</span>
                    <span class={classes!("dot", entry.side.attr())}></span>
                    { entry.notation.clone() }
                    if let Some(ms) = entry.clock {
                        <small class="clk" data-clk={ms.to_string()}>{ face(ms) }</small>
                    }
                    if let Some(judgement) = entry.judgement { <b>{ judgement.glyph() }</b> }
                </button>
            </li>
        }
    });
    let steps = [
        (ReviewStep::First, "review-first", "|◀", shown > 0),
        (ReviewStep::Previous, "review-previous", "◀", shown > 0),
        (ReviewStep::Next, "review-next", "▶", shown < moves.len()),
        (ReviewStep::Last, "review-last", "▶|", shown < moves.len()),
    ];
    let steps = steps.into_iter().zip(text.review_steps).map(|((step, name, glyph, enabled), label)| {
        html! {
            <button data-action={name} aria-label={label} title={label} disabled={!enabled}
                onclick={emit(on_control, Control::Review(step))}>{ glyph }</button>
        }
    });
    html! {
        <>
            <h2 class="moves-title">{ text.moves }</h2>
            // "No moves yet" inside the empty list (its `::before`), so the first move moves nothing.
            <div class="moves-box">
                // The latest turn is marked unless an earlier one is shown: said by the list
                // itself, since a rule asking whether a line is marked restyles every line.
                <ol data-moves="" class="moves" data-empty={text.no_moves_yet}
                    data-review={props.review.map(|_| "")}>{ for entries }</ol>
                { props.result }
            </div>
            <div class="review-steps">{ for steps }</div>
        </>
    }
}
