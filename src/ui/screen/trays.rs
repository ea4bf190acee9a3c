//! Pieces shown beside the board, e.g. each side's captured pieces.

use crate::ui::board;
use crate::ui::model::Tray;
use yew::prelude::*;

pub struct TraysProps<'a> {
    pub trays: &'a [Tray],
}

pub fn trays(props: TraysProps) -> Html {
    if props.trays.is_empty() {
        return html! {};
    }
    let trays = props.trays.iter().map(|tray| html! {
        <div class="tray" role="group" data-tray={tray.side.attr()} aria-label={tray.label.clone()} title={tray.label.clone()}>
            { for tray.pieces.iter().map(|piece| board::piece(piece, None, false)) }
        </div>
    });
    html! { <div class="trays">{ for trays }</div> }
}
