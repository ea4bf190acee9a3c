//! The lobby: the server's open seeks, live, and how many games are being played and players
//! are online. A seek is taken in one click, on its game's page (`#/<game>?take=<room>`); this
//! device's own is marked, and withdrawn by leaving its room. Shown under the home page's
//! cards and on a game's page while it plays no game online; only where a game server answers.
//!
//! Its code is part of online play's, split off each binary of the page and fetched once the
//! page has settled, where a game server answers: most visits never need it.

use super::js;
use super::lazy::{LazyCode, use_lazy_code};
use super::model::{LobbyListing, UiGame, token_key};
use super::storage;
use crate::games::GameId;
use crate::i18n::Lang;
use crate::protocol::SeekInfo;
use crate::route::Route;
use crate::rules::clock::TimeControl;
use std::cell::Cell;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq, Clone)]
pub struct LobbyProps {
    pub lang: Lang,
    /// The room this device is in, if any: its own seek there is withdrawn with `on_withdraw`.
    #[prop_or_default]
    pub room: Option<String>,
    #[prop_or_default]
    pub on_withdraw: Option<Callback<MouseEvent>>,
}

/// How the lobby hears the server's: the connection's following of it, handed in with the
/// lobby's code (online play's piece), so the view calls no service.
#[derive(Clone, Copy)]
pub struct Following {
    pub follow: fn(Callback<LobbyListing>),
    pub unfollow: fn(),
}

impl PartialEq for Following {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.follow, other.follow) && std::ptr::fn_addr_eq(self.unfollow, other.unfollow)
    }
}

/// The lobby's code: its panel, and how it follows the server's lobby.
#[derive(Clone, Copy)]
pub struct LobbyCode {
    pub draw: fn(LobbyProps, Following) -> Html,
    pub following: Following,
}

/// Draws the lobby.
pub fn draw_lobby(lobby: LobbyProps, following: Following) -> Html {
    html! { <LobbyPanel {lobby} {following} /> }
}

thread_local! {
    /// The lobby's code, fetched once the page knows a game server answers.
    pub static LOBBY: LazyCode<LobbyCode> = const { LazyCode::new() };
}

/// The lobby, drawn once its code is here and a game server answers (nothing before, or if its
/// code cannot come: the lobby is for online play, which needs the connection that fetches it).
#[component]
pub fn Lobby(props: &LobbyProps) -> Html {
    let server = use_state_eq(|| false);
    {
        let server = server.clone();
        use_effect_with((), move |_| {
            // Fetched only where a game server answers: a static host has no lobby.
            yew::platform::spawn_local(async move { server.set(js::server_answers().await) });
        });
    }
    let code = use_lazy_code(&LOBBY, u32::from(*server)).here;
    code.map_or_else(Html::default, |code| (code.draw)(props.clone(), code.following))
}

#[derive(Properties, PartialEq)]
struct PanelProps {
    lobby: LobbyProps,
    following: Following,
}

#[component]
fn LobbyPanel(PanelProps { lobby: props, following }: &PanelProps) -> Html {
    let text = props.lang.text();
    let lobby = use_state_eq(|| None::<LobbyListing>);
    {
        let lobby = lobby.clone();
        let Following { follow, unfollow } = *following;
        use_effect_with((), move |_| {
            // Asked once the page has settled (a page opened to join a room hides the lobby at
            // once, and asks nothing), and followed once the server has answered, if the lobby
            // is still shown by then.
            let shown = Rc::new(Cell::new(true));
            let still = shown.clone();
            let start = gloo::timers::callback::Timeout::new(0, move || {
                yew::platform::spawn_local(async move {
                    if still.get() && js::server_answers().await && still.get() {
                        follow(Callback::from(move |now| lobby.set(Some(now))));
                    }
                })
            });
            move || {
                drop(start);
                shown.set(false);
                unfollow();
            }
        });
    }
    let Some(lobby) = &*lobby else { return html! {} };
    let seek = |seek: &SeekInfo| {
        // A game this build does not know (a later version's) is not listed.
        let game = GameId::from_slug(&seek.game)?;
        let name = with_game!(game, G => G::CARD.of(props.lang).name);
        let time = TimeControl::parse(&seek.time).map_or_else(|_| seek.time.clone(), text.time_words);
        // The tags' values say the rules (`renju`, `chain-capture chariot-rush`).
        let rules: Vec<&str> = seek.rules.split('"').skip(1).step_by(2).collect();
        let own = storage::read(&token_key(&seek.room)).is_some();
        let action = if own {
            let withdraw = props.on_withdraw.clone().filter(|_| props.room.as_ref() == Some(&seek.room));
            html! {
                <>
                    <span class="own">{ text.own_seek }</span>
                    if let Some(onclick) = withdraw {
                        <button data-action="withdraw-seek" {onclick}>{ text.withdraw_seek }</button>
                    }
                </>
            }
        } else {
            let take = Some(seek.room.clone());
            let hash = Route::Game { game, seed: None, record: None, room: None, play: None, take }.hash();
            let onclick = move |_: MouseEvent| drop(gloo::utils::window().location().set_hash(&hash));
            html! { <button data-action="join-seek" class="primary" {onclick}>{ text.join_seek }</button> }
        };
        Some(html! {
            <li data-seek="" data-game={seek.game.clone()} data-time-control={seek.time.clone()}
                data-room={seek.room.clone()} data-own={own.then_some("")}>
                <span class="seek-game">{ name }</span>
                <span class="seek-time">{ time }</span>
                if !rules.is_empty() { <span class="seek-rules">{ rules.join(" · ") }</span> }
                { action }
            </li>
        })
    };
    html! {
        <section class="lobby" data-lobby="" data-games={lobby.games.to_string()}
            data-players={lobby.players.to_string()} aria-labelledby="lobby-title">
            <h2 id="lobby-title" class="panel-title">{ text.lobby }</h2>
            <p class="lobby-counts">{ (text.lobby_counts)(lobby.games, lobby.players) }</p>
            if lobby.seeks.is_empty() { <p class="empty-lobby">{ text.lobby_empty }</p> }
            <ul class="seeks">{ for lobby.seeks.iter().filter_map(seek) }</ul>
        </section>
    }
}
