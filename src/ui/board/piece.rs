//! A piece's markup, on the board, in the hand or in a tray.

use crate::ui::model::Piece;
use yew::prelude::*;

/// The piece's markup: `data-owner` and `data-kind` only when face up.
pub fn piece(piece: &Piece, draggable: Option<&'static str>, lifted: bool) -> Html {
    match *piece {
        Piece::FaceDown => html! { <span data-piece="" data-face="down" class="piece face-down"></span> },
        Piece::FaceUp { owner, kind, glyph } => html! {
            <span data-piece="" data-owner={owner.attr()} data-kind={kind} draggable={draggable}
                class={classes!("piece", owner.attr(), kind, lifted.then_some("lifted"))}>
                { glyph }
            </span>
        },
    }
}

/// A picture of the piece, as it follows a finger or previews where it would land.
pub fn picture(piece: &Piece, class: &'static str) -> Html {
    match *piece {
        Piece::FaceDown => {
            html! { <span class={classes!("piece", "face-down", class)} aria-hidden="true"></span> }
        }
        Piece::FaceUp { owner, kind, glyph } => html! {
            <span class={classes!("piece", owner.attr(), kind, class)} aria-hidden="true">{ glyph }</span>
        },
    }
}
