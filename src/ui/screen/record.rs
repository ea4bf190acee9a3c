//! The game as text: its record to copy or replace, and a link to this position.

use crate::i18n::Text;
use yew::prelude::*;

/// The game as text: its record, a link to it, and whether it is a game opened from a link.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordPanel {
    pub text: String,
    /// The hash of a link that opens this game at this position.
    pub link: String,
    pub shared: bool,
}

pub struct RecordProps<'a> {
    pub text: &'static Text,
    pub record: &'a RecordPanel,
    /// A record the player asks to load.
    pub on_record: &'a Callback<String>,
}

pub fn record_box(props: RecordProps) -> Html {
    let text = props.text;
    let area = NodeRef::default();
    let load = {
        let (area, on_record) = (area.clone(), props.on_record.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = area.cast::<web_sys::HtmlTextAreaElement>() {
                on_record.emit(area.value());
            }
        })
    };
    html! {
        <details class="record">
            <summary>{ text.record }</summary>
            <textarea data-record="" ref={area} rows="6" spellcheck="false" aria-label={text.record}
                value={props.record.text.clone()} />
            <div class="record-actions">
                <button data-action="load-record" onclick={load}>{ text.load_record }</button>
                <a data-share="" href={props.record.link.clone()}>{ text.share }</a>
            </div>
        </details>
    }
}
