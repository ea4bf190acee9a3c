//! The chat of a game played online, oldest line first: preset messages, each said in this
//! page's language, and free text, shown as typed (never as markup, and isolated, so a line in
//! a right-to-left script leaves the others as they are). The players write; a spectator
//! reads. A player may hide the other's lines, remembered for that player in any game; with
//! free chat off in the settings, the chat is its presets alone.

use super::emit;
use super::online_words::ONLINE_WORDS;
use crate::i18n::{GameText, Lang};
use crate::protocol::{CHAT_CHARS, ErrorCode, PRESETS, Said, check_chat};
use crate::ui::model::{ChatLine, Control, OnlineControl};
use wasm_bindgen::JsCast;
use yew::prelude::*;

pub struct ChatProps<'a> {
    pub text: &'static GameText,
    pub lines: &'a [ChatLine],
    /// This device holds a seat: it may send.
    pub can_send: bool,
    /// The other player's messages are hidden.
    pub muted: bool,
    /// The other seat has a player, whose chat may be hidden.
    pub can_mute: bool,
    /// Free text is shown, and may be written.
    pub free: bool,
    pub on_say: Callback<String>,
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
            let (preset, said) = match &line.said {
                Said::Preset(name) => {
                    let position = PRESETS.iter().position(|known| known == name)?;
                    (Some(name.clone()), html! { <span>{ words.chat_presets[position] }</span> })
                }
                Said::Text(said) if props.free => (None, html! { <bdi class="said">{ said }</bdi> }),
                Said::Text(_) => return None,
            };
            Some(html! {
                <li key={index} data-chat-line="" data-from={line.from.attr()} data-chat-preset={preset}
                    class={classes!(line.mine.then_some("mine"))}>
                    <span class={classes!("dot", line.from.attr())}></span>
                    <span class="from">{ (text.side)(line.from) }</span>
                    { said }
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
    let muted = props.muted;
    html! {
        <section class="chat" data-chat="" aria-labelledby="chat-title">
            <h2 id="chat-title" class="panel-title">{ words.chat }</h2>
            if lines.is_empty() { <p class="empty-chat">{ words.no_messages }</p> }
            <ol class="chat-lines" aria-live="polite">{ for lines }</ol>
            if props.can_send {
                <div class="chat-presets">{ for presets }</div>
                if props.free { <ChatInput lang={text.lang} on_say={props.on_say.clone()} /> }
            }
            if props.can_mute {
                <button data-action="mute-chat" class="pref" aria-pressed={muted.to_string()}
                    onclick={emit(props.on_control, Control::Online(OnlineControl::Mute(!muted)))}>
                    <span>{ words.mute_chat }</span>
                    <span class={classes!("state", muted.then_some("on"))}>{ (text.switched)(muted) }</span>
                </button>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct ChatInputProps {
    lang: Lang,
    on_say: Callback<String>,
}

/// The line of free text: sent with Enter once it passes the chat's checks, else kept with the
/// reason said under it. Its count shows how much room is left.
#[component]
fn ChatInput(props: &ChatInputProps) -> Html {
    let words = ONLINE_WORDS.of(props.lang);
    let typed = use_state(String::new);
    let refused = use_state(|| None::<ErrorCode>);
    let oninput = {
        let (typed, refused) = (typed.clone(), refused.clone());
        Callback::from(move |event: InputEvent| {
            let input = event.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
            typed.set(input.map(|input| input.value()).unwrap_or_default());
            refused.set(None);
        })
    };
    let onkeydown = {
        let (typed, refused, on_say) = (typed.clone(), refused.clone(), props.on_say.clone());
        Callback::from(move |event: KeyboardEvent| {
            if event.key() != "Enter" || event.is_composing() {
                return;
            }
            event.prevent_default();
            match check_chat(&typed) {
                Ok(said) => {
                    on_say.emit(said.to_owned());
                    typed.set(String::new());
                }
                Err(code) => refused.set(Some(code)),
            }
        })
    };
    let count = typed.chars().count();
    html! {
        <div class="chat-input">
            <input data-chat-input="" type="text" value={(*typed).clone()} {oninput} {onkeydown}
                aria-label={words.chat_input} placeholder={words.chat_input} enterkeyhint="send"
                aria-invalid={refused.is_some().then_some("true")} aria-describedby="chat-count" />
            <span id="chat-count" class={classes!("count", (count > CHAT_CHARS).then_some("over"))}>
                { format!("{count}/{CHAT_CHARS}") }
            </span>
            if let Some(code) = *refused {
                <p class="message" data-chat-refused={code.name()} role="alert">{ (words.server_refused)(code) }</p>
            }
        </div>
    }
}
