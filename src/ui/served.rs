//! What a page shows only where a game server answers: the lobby and the header's player
//! badge. Their code is part of online play's piece, fetched by one hook once a server is
//! known to answer; until then, and on a static host, they show nothing.

use super::js;
use super::lazy::{LazyCode, use_lazy_code};
use super::lobby::{Following, LobbyProps};
use super::players::BadgeCode;
use crate::i18n::Lang;
use yew::prelude::*;

/// The code of what a page shows where a game server answers: the lobby's panel and how it
/// follows the server's lobby, and the header's player badge (one cell, so that both are
/// fetched and drawn by one hook).
#[derive(Clone, Copy)]
pub struct ServedCode {
    pub draw: fn(LobbyProps, Following) -> Html,
    pub following: Following,
    pub badge: BadgeCode,
}

thread_local! {
    /// The lobby's and the badge's code, fetched once the page knows a game server answers.
    pub static SERVED: LazyCode<ServedCode> = const { LazyCode::new() };
}

/// The lobby, drawn once its code is here and a game server answers (nothing before, or if its
/// code cannot come: the lobby is for online play, which needs the connection that fetches it).
#[component]
pub fn Lobby(props: &LobbyProps) -> Html {
    use_served_code().map_or_else(Html::default, |code| (code.draw)(props.clone(), code.following))
}

/// The lobby's and the badge's code, once a game server is known to answer (a static host has
/// no lobby, no players): `None` before, and where it cannot come.
#[hook]
pub fn use_served_code() -> Option<ServedCode> {
    let server = use_state_eq(|| false);
    {
        let server = server.clone();
        use_effect_with((), move |_| {
            yew::platform::spawn_local(async move { server.set(js::server_answers().await) });
        });
    }
    use_lazy_code(&SERVED, u32::from(*server)).here
}

#[derive(Properties, PartialEq)]
pub struct PlayerBadgeProps {
    pub lang: Lang,
}

/// The header's badge, once its code is here and a game server answers (nothing before).
#[component]
pub fn PlayerBadge(props: &PlayerBadgeProps) -> Html {
    use_served_code().map_or_else(Html::default, |code| (code.badge.draw)(props.lang, code.badge.link))
}
