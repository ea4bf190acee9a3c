//! This device's player, in the page's header: who it plays as online ("Anonymous" and a tag
//! until it chooses a name), and its panel: the name, a one-time code that moves the player to
//! another device, such a code used here, and forgetting this device. Shown only where a game
//! server answers; its code is part of online play's, fetched with the lobby's.

use super::model::PlayerNews;
use super::player_words::PLAYER_WORDS;
use super::screen::online_words::ONLINE_WORDS;
use super::settings::dialog_keys;
use crate::i18n::Lang;
use crate::protocol::{ErrorCode, Request};
use yew::prelude::*;

/// How the badge hears and asks the server: the connection's, handed in with its code.
#[derive(Clone, Copy)]
pub struct PlayerLink {
    pub follow: fn(Callback<PlayerNews>),
    pub unfollow: fn(),
    pub send: fn(Request) -> bool,
}

impl PartialEq for PlayerLink {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.follow, other.follow) && std::ptr::fn_addr_eq(self.send, other.send)
    }
}

/// The badge's code: how it is drawn, and its link.
#[derive(Clone, Copy)]
pub struct BadgeCode {
    pub draw: fn(Lang, PlayerLink) -> Html,
    pub link: PlayerLink,
}

pub fn draw_badge(lang: Lang, link: PlayerLink) -> Html {
    html! { <Badge {lang} {link} /> }
}

#[derive(Properties, PartialEq)]
struct BadgeProps {
    lang: Lang,
    link: PlayerLink,
}

/// What the panel shows of the server's last answer.
#[derive(Clone, PartialEq)]
enum Said {
    Nothing,
    NameSaved,
    Code { code: String, minutes: u64 },
    Forgotten,
    NameRefused(ErrorCode),
    CodeRefused(ErrorCode),
}

/// The name refusal's word in `data-code`.
fn name_code(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::NameTaken => "taken",
        ErrorCode::NameReserved => "reserved",
        ErrorCode::NameTooSoon => "rate-limited",
        _ => "invalid",
    }
}

#[component]
fn Badge(props: &BadgeProps) -> Html {
    let words = PLAYER_WORDS.of(props.lang);
    let refused = ONLINE_WORDS.of(props.lang).server_refused;
    let me = use_state_eq(|| None::<(String, Option<String>)>);
    let open = use_state_eq(|| false);
    let said = use_state_eq(|| Said::Nothing);
    // A name was sent: the next word of the player is its answer.
    let naming = use_mut_ref(|| false);
    let name_input = use_node_ref();
    let code_input = use_node_ref();
    let root = use_node_ref();
    let badge = use_node_ref();
    {
        // The panel belongs to the page it was opened on: another page closes it, and so does a
        // click beside it (the path the click took: what it hit may be gone once handled).
        let (open, badge) = (open.clone(), badge.clone());
        use_effect_with((), move |_| {
            use gloo::events::EventListener;
            let paged = {
                let open = open.clone();
                EventListener::new(&gloo::utils::window(), "hashchange", move |_| open.set(false))
            };
            let clicked = EventListener::new(&gloo::utils::document(), "click", move |event| {
                if !badge.get().is_some_and(|badge| event.composed_path().includes(&badge, 0)) {
                    open.set(false);
                }
            });
            move || drop((paged, clicked))
        });
    }
    {
        let (me, said, link, naming) = (me.clone(), said.clone(), props.link, naming.clone());
        use_effect_with((), move |_| {
            (link.follow)(Callback::from(move |news: PlayerNews| match news {
                PlayerNews::Me { id, name } => {
                    if std::mem::take(&mut *naming.borrow_mut()) {
                        said.set(Said::NameSaved);
                    }
                    me.set(Some((id, name)));
                }
                PlayerNews::Code { code, expires_in } => {
                    said.set(Said::Code { code, minutes: expires_in / 60 })
                }
                PlayerNews::Forgotten => {
                    me.set(None);
                    said.set(Said::Forgotten);
                }
                PlayerNews::Refused(code @ (ErrorCode::TransferInvalid | ErrorCode::TransferWait)) => {
                    said.set(Said::CodeRefused(code))
                }
                PlayerNews::Refused(code) => {
                    *naming.borrow_mut() = false;
                    said.set(Said::NameRefused(code));
                }
            }));
            move || (link.unfollow)()
        });
    }
    let value = |input: &NodeRef| {
        input
            .cast::<web_sys::HtmlInputElement>()
            .map(|input| input.value().trim().to_owned())
            .unwrap_or_default()
    };
    let send = props.link.send;
    let save_name = {
        let (name_input, said, naming) = (name_input.clone(), said.clone(), naming.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            said.set(Said::Nothing);
            *naming.borrow_mut() = send(Request::Name { name: value(&name_input) });
        })
    };
    let use_code = {
        let (code_input, said) = (code_input.clone(), said.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            said.set(Said::Nothing);
            send(Request::Transfer { code: value(&code_input) });
        })
    };
    let ask = |request: fn() -> Request| {
        Callback::from(move |_: MouseEvent| {
            send(request());
        })
    };
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let (id, name) = (*me).clone().unwrap_or_default();
    let shown = match &name {
        Some(name) => name.clone(),
        None if id.is_empty() => words.no_player.to_owned(),
        None => format!("{} {}", ONLINE_WORDS.of(props.lang).anonymous, id.get(..4).unwrap_or(&id)),
    };
    let close = {
        let open = open.clone();
        Callback::from(move |()| open.set(false))
    };
    let close_on_click = close.reform(|_: MouseEvent| ());
    html! {
        <div class="player-badge" ref={badge} data-player="" data-name={name.clone().unwrap_or_default()}>
            <button data-action="player" aria-expanded={open.to_string()} onclick={toggle}>{ shown }</button>
            if *open {
                <div data-dialog="player" class="player-panel" role="dialog" aria-label={words.your_player}
                    ref={root.clone()} onkeydown={dialog_keys(&root, close)}>
                    <h2>{ words.your_player }</h2>
                    if let Some(name) = &name {
                        <p><a data-my-page="" href={format!("#/@/{name}")} onclick={close_on_click}>{ words.your_page }</a></p>
                    }
                    <form onsubmit={save_name}>
                        <label>{ words.name }
                            <input data-setting="player-name" ref={name_input} value={name.clone().unwrap_or_default()}
                                maxlength="20" autocomplete="nickname" spellcheck="false" />
                        </label>
                        <button data-action="save-name" class="primary">{ words.save_name }</button>
                    </form>
                    <p class="hint">{ words.name_rules }</p>
                    if let Said::NameRefused(code) = *said {
                        <p data-name-error="" data-code={name_code(code)} class="message" role="alert">{ refused(code) }</p>
                    }
                    if *said == Said::NameSaved { <p class="hint" role="status">{ words.name_saved }</p> }
                    <h3>{ words.other_device }</h3>
                    <button data-action="transfer-code" onclick={ask(|| Request::TransferCode)}>{ words.make_code }</button>
                    if let Said::Code { code, minutes } = &*said {
                        <p><code data-transfer-code="">{ code }</code></p>
                        <p class="hint">{ (words.code_hint)(*minutes) }</p>
                    }
                    <form onsubmit={use_code}>
                        <label>{ words.have_code }
                            <input data-setting="transfer-code" ref={code_input} autocomplete="off" spellcheck="false" />
                        </label>
                        <button data-action="use-transfer-code">{ words.use_code }</button>
                    </form>
                    if let Said::CodeRefused(code) = *said {
                        <p data-transfer-error="" class="message" role="alert">{ refused(code) }</p>
                    }
                    <button data-action="forget-device" onclick={ask(|| Request::Forget)}>{ words.forget }</button>
                    if *said == Said::Forgotten { <p class="hint" role="status">{ words.forgotten }</p> }
                </div>
            }
        </div>
    }
}
