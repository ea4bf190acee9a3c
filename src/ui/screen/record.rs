//! The game as text: its record to copy, save or replace, and a link to this position.

use super::copy::{copy_status, use_copy};
use super::extras_words::EXTRAS_WORDS;
use crate::i18n::{GameText, Lang};
use crate::ui::js;
use crate::ui::model::RecordPanel;
use yew::prelude::*;

pub struct RecordProps<'a> {
    pub text: &'static GameText,
    pub record: &'a RecordPanel,
    /// A record the player asks to load.
    pub on_record: &'a Callback<String>,
    /// The copy and download buttons' code, once here ([`super::Extras`]), and what asks for it
    /// (opening the box).
    pub copies: Option<DrawCopies>,
    pub on_open: Callback<MouseEvent>,
}

#[derive(Properties, PartialEq)]
struct RecordTextProps {
    text: String,
    label: &'static str,
    area: NodeRef,
}

/// The record's text, editable. Its value is set only when the record changes: a textarea's
/// `value` in the markup is set again at every drawing of the screen (opening the menu, the
/// extras arriving), which would throw away a record the player is pasting.
#[component]
fn RecordText(props: &RecordTextProps) -> Html {
    {
        let area = props.area.clone();
        use_effect_with(props.text.clone(), move |text| {
            if let Some(area) = area.cast::<web_sys::HtmlTextAreaElement>() {
                area.set_value(text);
            }
        });
    }
    html! {
        <textarea data-record="" ref={props.area.clone()} rows="6" spellcheck="false" aria-label={props.label} />
    }
}

/// Draws the copy and download buttons.
pub type DrawCopies = fn(Lang, RecordPanel) -> Html;

pub fn record_box(props: RecordProps) -> Html {
    let text = props.text;
    let area = NodeRef::default();
    let load = {
        let (area, on_record) = (area.clone(), props.on_record.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = area.cast::<web_sys::HtmlTextAreaElement>() {
                on_record.emit(area.value());
                // A refusal is said at the screen's top, far above the box on a phone: brought
                // into view once drawn.
                js::reveal("[data-notice=\"\"]");
            }
        })
    };
    html! {
        <details class="record">
            <summary onclick={props.on_open}>{ text.record }</summary>
            <RecordText text={props.record.text.clone()} label={text.record} {area} />
            <div class="record-actions">
                <button data-action="load-record" onclick={load}>{ text.load_record }</button>
                <a data-share="" href={props.record.link.clone()}>{ text.share }</a>
                { props.copies.map(|copies| copies(text.lang, props.record.clone())) }
            </div>
        </details>
    }
}

/// Draws the copy and download buttons. Reached only through [`super::EXTRAS`], so split off
/// with them: fetched when the box is first opened.
pub fn copies(lang: Lang, record: RecordPanel) -> Html {
    html! { <Copies {lang} {record} /> }
}

#[derive(Properties, PartialEq)]
struct CopiesProps {
    lang: Lang,
    record: RecordPanel,
}

/// The buttons that copy the record or the link and download the record, and what a copy came
/// to, said in words for a moment.
#[component]
fn Copies(props: &CopiesProps) -> Html {
    let text = props.lang.game_text();
    let words = EXTRAS_WORDS.of(text.lang);
    let (said, copy) = use_copy();
    let copy = |what: fn(&RecordPanel) -> String| {
        let (record, copy) = (props.record.clone(), copy.clone());
        Callback::from(move |_: MouseEvent| copy.emit(what(&record)))
    };
    let download = {
        let record = props.record.clone();
        Callback::from(move |_: MouseEvent| {
            js::download(&record.file_name, &record.text);
        })
    };
    html! {
        <>
            <button data-action="copy-record" onclick={copy(|record| record.text.clone())}>{ words.copy_record }</button>
            <button data-action="download-record" onclick={download}>{ words.download_record }</button>
            <button data-action="copy-link" onclick={copy(|record| js::absolute(&record.link))}>{ words.copy_link }</button>
            { copy_status(text, said) }
        </>
    }
}
