//! The chat of a game played online: preset messages only (there is no free text), each said in
//! this page's language, oldest first. The players send them; a spectator reads. The other
//! player's may be hidden, and that choice is remembered.

use super::emit;
use super::online_words::ONLINE_WORDS;
use crate::i18n::GameText;
use crate::protocol::PRESETS;
use crate::ui::model::{ChatLine, Control, OnlineControl};
use yew::prelude::*;

pub struct ChatProps<'a> {
    pub text: &'static GameText,
    pub lines: &'a [ChatLine],
    /// This device holds a seat: it may send.
    pub can_send: bool,
    /// The other player's messages are hidden.
    pub muted: bool,
    pub on_mute: Callback<MouseEvent>,
    pub on_control: &'a Callback<Control>,
}

pub fn chat_panel(props: ChatProps) -> Html {
    let text = props.text;
    let words = ONLINE_WORDS.of(text.lang);
    // A preset this build does not know is left out, as a later version's would be.
    let lines: Vec<Html> = props
        .lines
        .iter()
        .enumerate()
        .filter(|(_, line)| line.mine || !props.muted)
        .filter_map(|(index, line)| {
            let words = words.chat_presets[PRESETS.iter().position(|name| *name == line.preset)?];
            Some(html! {
                <li key={index} data-chat-line="" data-from={line.from.attr()} data-chat-preset={line.preset.clone()}
                    class={classes!(line.mine.then_some("mine"))}>
                    <span class={classes!("dot", line.from.attr())}></span>
                    <span class="from">{ (text.side)(line.from) }</span>
                    <span>{ words }</span>
                </li>
            })
        })
        .collect();
    let presets = PRESETS.iter().zip(words.chat_presets).enumerate().map(|(index, (name, words))| {
        html! {
            <button data-chat-preset={*name} onclick={emit(props.on_control, Control::Online(OnlineControl::Chat(index)))}>
                { words }
            </button>
        }
    });
    html! {
        <section class="chat" data-chat="" aria-labelledby="chat-title">
            <h2 id="chat-title" class="panel-title">{ words.chat }</h2>
            if lines.is_empty() { <p class="empty-chat">{ words.no_messages }</p> }
            <ol class="chat-lines" aria-live="polite">{ for lines }</ol>
            if props.can_send { <div class="chat-presets">{ for presets }</div> }
            <button data-action="mute-chat" class="pref" aria-pressed={props.muted.to_string()} onclick={props.on_mute}>
                <span>{ words.mute_chat }</span>
                <span class={classes!("state", props.muted.then_some("on"))}>{ (text.switched)(props.muted) }</span>
            </button>
        </section>
    }
}
