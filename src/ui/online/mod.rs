//! Online play on the page: one WebSocket to the server that served the page (`/ws`), which
//! checks every turn with the same rules. The device's seat token is kept in storage, and a
//! connection that drops is made again by itself, with backoff, taking the seat back.
//!
//! Served from a static host there is no server: the first connection fails, and the page
//! says online play is not available there.
//!
//! The connection ([`link`]: the protocol's reader and writer, the socket, the heartbeat) is
//! split off each binary of the page with the rest of online play's code (its `page!`) and
//! fetched the first time a player goes online or the lobby is shown: most visits never need
//! it. What stays is this module: what the page hears, and the requests it sends, through
//! [`CONNECTION`].

mod link;

use super::lazy::{LazyCode, OnDemand};
use super::model::{Connection, ServerNews};
pub use crate::protocol::Offer;
use crate::protocol::{NewRoom, Request, Said};
pub(super) use link::{challenge, follow_lobby, follow_player, send_player, unfollow_lobby, unfollow_player};
use yew::Callback;

/// What the device asks first: after a connection is made again, it joins its room. A new
/// room's `rated` asks for a rated game (the server makes it casual where it cannot be).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    Create(NewRoom),
    Quick(NewRoom),
    /// A room listed in the lobby until someone takes it.
    Seek(NewRoom),
    /// The free seat of a seek in the lobby.
    Take {
        room: String,
    },
    Join {
        room: String,
    },
}

/// The connection's code, split off each binary of the page with the rest of online play's.
pub struct Link {
    open: fn(&'static str, Ask, Callback<ServerNews>),
    send: fn(Request) -> bool,
    room: fn() -> Option<String>,
    rejoin: fn() -> bool,
    close: fn(),
}

pub const LINK: Link =
    Link { open: link::open, send: link::send, room: link::room, rejoin: link::rejoin, close: link::close };

thread_local! {
    /// The connection's code, fetched the first time a player goes online or the lobby is shown.
    pub static CONNECTION: LazyCode<&'static Link> = const { LazyCode::new() };
}

/// Connects and asks `ask` of the server, for `game`, once the code is here; `on_heard` hears
/// what it says. Any other room is left.
pub fn open(game: &'static str, ask: Ask, on_heard: Callback<ServerNews>) {
    on_heard.emit(ServerNews::Connection(Connection::Connecting));
    CONNECTION.then(move |link| match link {
        Some(link) => (link.open)(game, ask, on_heard),
        None => on_heard.emit(ServerNews::Connection(Connection::Unavailable)),
    });
}

/// Sends a request of the room's, if connected; whether it went.
fn send(request: Request) -> bool {
    CONNECTION.now().is_some_and(|link| (link.send)(request))
}

/// A whole turn, as the engine announces it, on the position after `turns` turns.
pub fn play(turn: &str, turns: usize) -> bool {
    send(Request::Move { turn: turn.to_owned(), turns })
}

pub fn offer(what: Offer) -> bool {
    send(Request::Offer { what })
}

pub fn answer(accept: bool) -> bool {
    send(Request::Answer { accept })
}

pub fn resign() -> bool {
    send(Request::Resign)
}

pub fn abort() -> bool {
    send(Request::Abort)
}

/// Claims the game from a player away on their turn: the win, or a draw.
pub fn claim(win: bool) -> bool {
    send(Request::Claim {
        what: if win { crate::protocol::Claim::Win } else { crate::protocol::Claim::Draw },
    })
}

/// Sends a line of the chat: a preset message, or free text.
pub fn chat(said: Said) -> bool {
    send(Request::chat(said))
}

/// The room this page is connected to (or joining).
pub fn room() -> Option<String> {
    (CONNECTION.now()?.room)()
}

/// Asks for the room whole again, as on joining it: this device missed a change.
pub fn rejoin() -> bool {
    CONNECTION.now().is_some_and(|link| (link.rejoin)())
}

/// Leaves the room (or the queue): the connection ends, and is not made again.
pub fn close() {
    CONNECTION.cancel();
    if let Some(link) = CONNECTION.now() {
        (link.close)();
    }
}
