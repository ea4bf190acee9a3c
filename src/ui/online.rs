//! Online play on the page: one WebSocket to the server that served the page (`/ws`), which
//! checks every turn with the same rules. The device's seat token is kept in storage, and a
//! connection that drops is made again by itself, with backoff, taking the seat back.
//!
//! Served from a static host there is no server: the first connection fails, and the page
//! says online play is not available there.

use super::storage;
pub use crate::protocol::{ErrorCode, Offer};
use crate::protocol::{OfferState, Reply, Request};
use crate::rules::Player;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use yew::Callback;

/// Whether a game server answers where the page came from (a static host has none).
pub async fn server_answers() -> bool {
    wasm_bindgen_futures::JsFuture::from(super::js::ready()).await.is_ok_and(|ok| ok.is_truthy())
}

/// The connection, as `data-connection`'s `data-state` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Connection {
    Connecting,
    Open,
    /// Dropped: being made again.
    Lost,
    /// Never made: no server here.
    Unavailable,
}

impl Connection {
    pub fn attr(self) -> &'static str {
        match self {
            Connection::Connecting => "connecting",
            Connection::Open => "open",
            Connection::Lost | Connection::Unavailable => "lost",
        }
    }
}

/// The room's game as the server last told it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoomState {
    pub version: u64,
    pub record: String,
    pub turns: usize,
    pub over: bool,
    pub offer: Option<(Offer, Player)>,
    /// Whether each seat has a device connected, the first player's first.
    pub present: [bool; 2],
}

/// What the server said, for the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Heard {
    Connection(Connection),
    /// The device's place in a room: a seat, or `None` to watch.
    Seat {
        room: String,
        seat: Option<Player>,
    },
    /// In the quick-match queue.
    Waiting,
    State(Box<RoomState>),
    /// A request refused: the server's code for why.
    Refused(ErrorCode),
}

/// What the device asks first: after a connection is made again, it joins its room.
#[derive(Clone, Debug, PartialEq, Eq)]
/// `time` is the time control's text (`fischer:180+2`; empty is untimed).
pub enum Ask {
    Create {
        rules: String,
        time: String,
    },
    Quick {
        rules: String,
        time: String,
    },
    /// A room listed in the lobby until someone takes it.
    Seek {
        rules: String,
        time: String,
    },
    /// The free seat of a seek in the lobby.
    Take {
        room: String,
    },
    Join {
        room: String,
    },
}

struct Link {
    socket: web_sys::WebSocket,
    /// Kept alive as long as the socket.
    _handlers: [Closure<dyn Fn(JsValue)>; 3],
    game: &'static str,
    ask: Ask,
    opened: bool,
    /// Connections made again since the last one that opened.
    attempts: u32,
    on_heard: Callback<Heard>,
    /// When the server was last heard from (ms since the epoch), and the heartbeat that asks.
    heard_at: f64,
    pings: u64,
    _heartbeat: gloo::timers::callback::Interval,
}

/// How often the page asks the server for a pong, and how long it waits to hear anything
/// before it takes the connection for dead and makes it again: a connection that died without
/// a close (a network switched, a proxy gone) is otherwise never noticed.
const PING_EVERY_MS: u32 = 10_000;
const DEAD_AFTER_MS: f64 = 25_000.0;

/// The heartbeat: a ping while the connection is open, and a connection not heard from for
/// [`DEAD_AFTER_MS`] dropped and made again.
fn beat() {
    let now = js_sys::Date::now();
    let dead = LINK.with_borrow_mut(|link| {
        let link = link.as_mut().filter(|link| link.opened)?;
        if now - link.heard_at > DEAD_AFTER_MS {
            // Its handlers go first: the close of a dead connection may never come.
            link.socket.set_onclose(None);
            let _ = link.socket.close();
            return Some(());
        }
        link.pings += 1;
        let _ = link.socket.send_with_str(&Request::Ping { n: link.pings, rtt: None }.to_text());
        None
    });
    if dead.is_some() {
        lost();
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.socket.set_onopen(None);
        self.socket.set_onmessage(None);
        self.socket.set_onclose(None);
        let _ = self.socket.close();
    }
}

thread_local! {
    static LINK: RefCell<Option<Link>> = const { RefCell::new(None) };
}

fn token_key(room: &str) -> String {
    format!("board-suite/online/{room}")
}

/// The server's WebSocket, on the origin that served the page.
fn address() -> Option<String> {
    let location = gloo::utils::window().location();
    let scheme = if location.protocol().ok()? == "https:" { "wss" } else { "ws" };
    Some(format!("{scheme}://{}/ws", location.host().ok()?))
}

fn frame(game: &str, ask: &Ask) -> String {
    let game = game.to_owned();
    let request = match ask {
        Ask::Create { rules, time } => Request::Create { game, rules: rules.clone(), time: time.clone() },
        Ask::Quick { rules, time } => Request::Quick { game, rules: rules.clone(), time: time.clone() },
        Ask::Seek { rules, time } => Request::Seek { game, rules: rules.clone(), time: time.clone() },
        Ask::Take { room } => Request::Take { room: room.clone() },
        Ask::Join { room } => Request::Join { room: room.clone(), token: storage::read(&token_key(room)) },
    };
    request.to_text()
}

/// A frame from the server, for the page; `None` for one it has no use for.
fn read(text: &str) -> Option<Heard> {
    Some(match Reply::read(text)? {
        Reply::Seat { room, seat, token, .. } => {
            if let Some(token) = token {
                storage::write(&token_key(&room), &token);
            }
            Heard::Seat { room, seat: seat.player() }
        }
        Reply::Waiting { .. } => Heard::Waiting,
        Reply::State { version, record, turns, over, offer, online, .. } => {
            Heard::State(Box::new(RoomState {
                version,
                record,
                turns,
                over,
                offer: match offer {
                    Some(OfferState { what, by }) => Some((what, by.player()?)),
                    None => None,
                },
                present: online,
            }))
        }
        Reply::Error { code, .. } => Heard::Refused(code),
        // The heartbeat's answer: hearing it is all it is for.
        Reply::Pong { .. } | Reply::Lobby { .. } => return None,
    })
}

/// Tells the page, outside any borrow of the link: the page may answer at once.
fn tell(heard: Heard) {
    let on_heard = LINK.with_borrow(|link| link.as_ref().map(|link| link.on_heard.clone()));
    if let Some(on_heard) = on_heard {
        on_heard.emit(heard);
    }
}

fn connect(game: &'static str, ask: Ask, attempts: u32, on_heard: Callback<Heard>) {
    let Some(socket) = address().and_then(|address| web_sys::WebSocket::new(&address).ok()) else {
        LINK.with_borrow_mut(|link| *link = None);
        on_heard.emit(Heard::Connection(Connection::Unavailable));
        return;
    };
    let on_open = Closure::<dyn Fn(JsValue)>::new(|_| {
        let first = LINK.with_borrow_mut(|link| {
            let link = link.as_mut()?;
            link.opened = true;
            link.attempts = 0;
            link.heard_at = js_sys::Date::now();
            let text = frame(link.game, &link.ask);
            link.socket.send_with_str(&text).ok()
        });
        if first.is_some() {
            tell(Heard::Connection(Connection::Open));
        }
    });
    let on_message = Closure::<dyn Fn(JsValue)>::new(|event: JsValue| {
        LINK.with_borrow_mut(|link| link.as_mut().map(|link| link.heard_at = js_sys::Date::now()));
        let text = event.unchecked_into::<web_sys::MessageEvent>().data().as_string().unwrap_or_default();
        if let Some(heard) = read(&text) {
            // Seated: a connection made again joins this room, with its token.
            if let Heard::Seat { room, .. } = &heard {
                let room = room.clone();
                LINK.with_borrow_mut(|link| link.as_mut().map(|link| link.ask = Ask::Join { room }));
            }
            tell(heard);
        }
    });
    let on_close = Closure::<dyn Fn(JsValue)>::new(|_| lost());
    socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    LINK.with_borrow_mut(|link| {
        *link = Some(Link {
            socket,
            _handlers: [on_open, on_message, on_close],
            game,
            ask,
            opened: false,
            attempts,
            on_heard,
            heard_at: js_sys::Date::now(),
            pings: 0,
            _heartbeat: gloo::timers::callback::Interval::new(PING_EVERY_MS, beat),
        })
    });
}

/// The connection closed: made again after a wait that doubles up to 30 s, unless it never
/// opened the first time (no server here).
fn lost() {
    let again = LINK.with_borrow(|link| {
        let link = link.as_ref()?;
        Some((link.game, link.ask.clone(), link.attempts, link.opened, link.on_heard.clone()))
    });
    let Some((game, ask, attempts, opened, on_heard)) = again else { return };
    if !opened && attempts == 0 {
        LINK.with_borrow_mut(|link| *link = None);
        on_heard.emit(Heard::Connection(Connection::Unavailable));
        return;
    }
    on_heard.emit(Heard::Connection(Connection::Lost));
    let wait = (500_u32 << attempts.min(6)).min(30_000) + (js_sys::Math::random() * 250.0) as u32;
    gloo::timers::callback::Timeout::new(wait, move || {
        // Still this link's turn: the player has not left or started another.
        let same =
            LINK.with_borrow(|link| link.as_ref().is_some_and(|link| link.ask == ask && link.game == game));
        if same {
            connect(game, ask, attempts + 1, on_heard);
        }
    })
    .forget();
}

/// Connects and asks `ask` of the server, for `game`; `on_heard` hears what it says. Any
/// other room is left.
pub fn open(game: &'static str, ask: Ask, on_heard: Callback<Heard>) {
    close();
    on_heard.emit(Heard::Connection(Connection::Connecting));
    connect(game, ask, 0, on_heard);
}

/// Sends a request of the room's, if connected; whether it went.
fn send(request: Request) -> bool {
    let text = request.to_text();
    LINK.with_borrow(|link| {
        link.as_ref().filter(|link| link.opened).is_some_and(|link| link.socket.send_with_str(&text).is_ok())
    })
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

/// The room this page is connected to (or joining).
pub fn room() -> Option<String> {
    LINK.with_borrow(|link| match &link.as_ref()?.ask {
        Ask::Join { room } => Some(room.clone()),
        _ => None,
    })
}

/// Leaves the room (or the queue): the connection ends, and is not made again.
pub fn close() {
    LINK.with_borrow_mut(|link| *link = None);
}
