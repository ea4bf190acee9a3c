//! This device's player, in the page's header: who it plays as online ("Anonymous" and a tag
//! until it chooses a name), and its panel: the name, a one-time code that moves the player to
//! another device, such a code used here, and forgetting this device; and the challenges to and
//! from the player, on every page. Shown only where a game server answers; its code is part of
//! online play's, fetched with the lobby's.

use super::model::PlayerNews;
use super::player_words::PLAYER_WORDS;
use super::screen::online_words::ONLINE_WORDS;
use super::settings::dialog_keys;
use crate::i18n::Lang;
use crate::protocol::{ErrorCode, NewRoom, Request, RoomInfo, SeatPlayer};
use crate::rules::clock::TimeControl;
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
    /// Sends the challenge a game's new-game dialog made (for the player its link names).
    pub challenge: fn(&'static str, String, TimeControl, bool),
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

/// A challenge to or from this device's player, as the badge shows it until it is answered or
/// put away.
#[derive(Clone, PartialEq)]
enum ChallengeNote {
    /// To this device's player: to accept or decline.
    Open {
        id: String,
        from: SeatPlayer,
        new: NewRoom,
    },
    /// Sent by this device's player, waiting for its answer.
    Sent {
        id: String,
        to: String,
    },
    Declined {
        to: String,
    },
    /// A challenge the server refused to send (or an answer it refused), and why.
    Refused(ErrorCode),
}

impl ChallengeNote {
    fn id(&self) -> Option<&str> {
        match self {
            ChallengeNote::Open { id, .. } | ChallengeNote::Sent { id, .. } => Some(id),
            _ => None,
        }
    }
}

/// The errors that answer a challenge.
const CHALLENGE_CODES: [ErrorCode; 5] = [
    ErrorCode::ChallengeSelf,
    ErrorCode::ChallengeOffline,
    ErrorCode::ChallengeBusy,
    ErrorCode::ChallengeLimit,
    ErrorCode::NoChallenge,
];

/// The challenges' notes, oldest first.
#[derive(Clone, Default, PartialEq)]
struct Notes(Vec<ChallengeNote>);

/// What changes the notes: the server's news of a challenge (with this device's player's id),
/// or a note put away (answered, or dismissed).
enum NoteChange {
    News(Box<PlayerNews>, Option<String>),
    Remove(usize),
}

impl Reducible for Notes {
    type Action = NoteChange;

    fn reduce(self: std::rc::Rc<Self>, change: NoteChange) -> std::rc::Rc<Self> {
        let notes = match change {
            NoteChange::News(news, me) => noted(&self.0, *news, me.as_deref()),
            NoteChange::Remove(index) => {
                let mut notes = self.0.clone();
                if index < notes.len() {
                    notes.remove(index);
                }
                notes
            }
        };
        std::rc::Rc::new(Notes(notes))
    }
}

/// What the server said of a challenge, as the notes then stand: `me` is this device's player.
fn noted(notes: &[ChallengeNote], news: PlayerNews, me: Option<&str>) -> Vec<ChallengeNote> {
    let mut notes = notes.to_vec();
    match news {
        PlayerNews::Challenge { id, from, to, new } => {
            notes.retain(|note| note.id() != Some(&id));
            notes.push(if Some(from.id.as_str()) == me {
                ChallengeNote::Sent { id, to }
            } else {
                ChallengeNote::Open { id, from, new }
            });
        }
        PlayerNews::Answered { id, accepted } => {
            let sent_to = notes.iter().find_map(|note| match note {
                ChallengeNote::Sent { id: sent, to } if *sent == id => Some(to.clone()),
                _ => None,
            });
            notes.retain(|note| note.id() != Some(&id));
            if let (Some(to), false) = (sent_to, accepted) {
                notes.push(ChallengeNote::Declined { to });
            }
        }
        PlayerNews::Refused(code) => notes.push(ChallengeNote::Refused(code)),
        _ => {}
    }
    notes
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
    let challenges = use_reducer_eq(Notes::default);
    // Who this device plays as, for the news that comes later.
    let my_id = use_mut_ref(|| None::<String>);
    let open = use_state_eq(|| false);
    let said = use_state_eq(|| Said::Nothing);
    // Forgetting was asked for and waits for its confirmation.
    let forgetting = use_state_eq(|| false);
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
        // A closed panel forgets a question left open; an open one shows the player's name to
        // change, once as it opens and again once the server has taken a new one.
        let (forgetting, name_input) = (forgetting.clone(), name_input.clone());
        let name = me.as_ref().and_then(|(_, name)| name.clone());
        use_effect_with((*open, name), move |(open, name)| {
            if !open {
                forgetting.set(false);
            } else if let Some(input) = name_input.cast::<web_sys::HtmlInputElement>() {
                input.set_value(name.as_deref().unwrap_or_default());
            }
        });
    }
    {
        let (me, said, link, naming) = (me.clone(), said.clone(), props.link, naming.clone());
        let (forgetting, challenges, my_id) = (forgetting.clone(), challenges.dispatcher(), my_id.clone());
        use_effect_with((), move |_| {
            (link.follow)(Callback::from(move |news: PlayerNews| match news {
                news @ (PlayerNews::Challenge { .. } | PlayerNews::Answered { .. }) => {
                    challenges.dispatch(NoteChange::News(Box::new(news), my_id.borrow().clone()));
                }
                PlayerNews::Refused(code) if CHALLENGE_CODES.contains(&code) => {
                    challenges.dispatch(NoteChange::News(Box::new(PlayerNews::Refused(code)), None));
                }
                PlayerNews::Me { id, name } => {
                    if std::mem::take(&mut *naming.borrow_mut()) {
                        said.set(Said::NameSaved);
                    }
                    *my_id.borrow_mut() = Some(id.clone());
                    me.set(Some((id, name)));
                }
                PlayerNews::Code { code, expires_in } => {
                    said.set(Said::Code { code, minutes: expires_in / 60 })
                }
                PlayerNews::Forgotten => {
                    me.set(None);
                    forgetting.set(false);
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
    let ask_forget = |confirming: bool| {
        let forgetting = forgetting.clone();
        Callback::from(move |_: MouseEvent| forgetting.set(confirming))
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
    // A transfer code and its button: in the confirmation while forgetting is asked, else here.
    let make_code = html! {
        <>
            <button data-action="transfer-code" onclick={ask(|| Request::TransferCode)}>{ words.make_code }</button>
            if let Said::Code { code, minutes } = &*said {
                <p><code data-transfer-code="">{ code }</code></p>
                <p class="hint">{ (words.code_hint)(*minutes) }</p>
            }
        </>
    };
    let notes = challenges.0.iter().enumerate().map(|(index, note)| {
        let remove = {
            let challenges = challenges.dispatcher();
            Callback::from(move |_: MouseEvent| challenges.dispatch(NoteChange::Remove(index)))
        };
        let dismiss = html! { <button data-action="dismiss-challenge" onclick={remove.clone()}>{ words.dismiss }</button> };
        match note {
            ChallengeNote::Open { id, from, new } => {
                let answer = |accept: bool| {
                    let (id, remove) = (id.clone(), remove.clone());
                    Callback::from(move |event: MouseEvent| {
                        send(Request::AnswerChallenge { id: id.clone(), accept });
                        remove.emit(event);
                    })
                };
                let room = RoomInfo {
                    room: String::new(),
                    game: new.game.clone(),
                    rules: new.rules.clone(),
                    time: new.time.clone(),
                    player: None,
                    rated: new.rated,
                };
                let about = super::lobby::described(&room, props.lang).map(|(_, about)| about);
                let who = ONLINE_WORDS.of(props.lang).player(from);
                let rating = from.rating.map(|r| format!(" ({})", crate::rating::shown(r, from.provisional)));
                html! {
                    <div data-challenge="" data-from={from.name.clone().unwrap_or_default()} data-game={new.game.clone()}
                        data-time-control={new.time.clone()} data-rated={new.rated.then_some("")} class="challenge" role="alert">
                        <p>{ (words.challenges_you)(&format!("{who}{}", rating.unwrap_or_default())) } { for about }</p>
                        <div class="buttons">
                            <button data-action="accept-challenge" class="primary" onclick={answer(true)}>{ words.accept_challenge }</button>
                            <button data-action="decline-challenge" onclick={answer(false)}>{ words.decline_challenge }</button>
                        </div>
                    </div>
                }
            }
            ChallengeNote::Sent { to, .. } => html! {
                <div data-challenge-sent="" data-to={to.clone()} class="challenge">
                    <p>{ (words.challenge_sent)(to) }</p>{ dismiss }
                </div>
            },
            ChallengeNote::Declined { to } => html! {
                <div data-declined="challenge" data-to={to.clone()} class="challenge">
                    <p>{ (words.challenge_declined)(to) }</p>{ dismiss }
                </div>
            },
            ChallengeNote::Refused(code) => html! {
                <div data-challenge-refused={code.name()} class="challenge">
                    <p class="message">{ refused(*code) }</p>{ dismiss }
                </div>
            },
        }
    });
    html! {
        <div class="player-badge" ref={badge} data-player="" data-name={name.clone().unwrap_or_default()}>
            if !challenges.0.is_empty() {
                <div class="challenges" aria-live="polite">{ for notes }</div>
            }
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
                            // Filled with the name once, when the panel opens: a refused name stays
                            // there to be mended, and nothing typed is cut (the server says why).
                            <input data-setting="player-name" ref={name_input.clone()}
                                autocomplete="nickname" spellcheck="false" />
                        </label>
                        <button data-action="save-name" class="primary">{ words.save_name }</button>
                    </form>
                    <p class="hint">{ words.name_rules }</p>
                    if let Said::NameRefused(code) = *said {
                        <p data-name-error="" data-code={name_code(code)} class="message" role="alert">{ refused(code) }</p>
                    }
                    if *said == Said::NameSaved { <p class="hint" role="status">{ words.name_saved }</p> }
                    <h3>{ words.other_device }</h3>
                    if !*forgetting { { make_code.clone() } }
                    <form onsubmit={use_code}>
                        <label>{ words.have_code }
                            <input data-setting="transfer-code" ref={code_input} autocomplete="off" spellcheck="false" />
                        </label>
                        <button data-action="use-transfer-code">{ words.use_code }</button>
                    </form>
                    if let Said::CodeRefused(code) = *said {
                        <p data-transfer-error="" class="message" role="alert">{ refused(code) }</p>
                    }
                    if *forgetting {
                        // What is lost, said before it is: the only way back is a code made now.
                        <div data-confirm="forget-device" class="confirm" role="alertdialog" aria-label={words.forget}>
                            <p>{ words.forget_warning }</p>
                            { make_code }
                            <div class="buttons">
                                <button data-action="confirm-forget" onclick={ask(|| Request::Forget)}>{ words.confirm_forget }</button>
                                <button data-action="keep-device" class="primary" onclick={ask_forget(false)}>{ words.keep_device }</button>
                            </div>
                        </div>
                    } else {
                        <button data-action="forget-device" onclick={ask_forget(true)}>{ words.forget }</button>
                    }
                    if *said == Said::Forgotten { <p class="hint" role="status">{ words.forgotten }</p> }
                </div>
            }
        </div>
    }
}
