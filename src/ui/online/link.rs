//! The connection to the game server: the room's, and the lobby's own while the page is in no
//! room. Reached only through [`super::CODE`], so it is split off with online play's piece.

use super::Ask;
use crate::games::GameId;
use crate::protocol::{NewRoom, Reply, Request};
use crate::route::Route;
use crate::rules::clock::TimeControl;
use crate::ui::model::{Connection, LobbyListing, PLAYER_KEY, PlayerNews, ServerNews, token_key};
use crate::ui::storage;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use yew::Callback;

struct Link {
    socket: web_sys::WebSocket,
    /// Kept alive as long as the socket.
    _handlers: Handlers,
    game: &'static str,
    ask: Ask,
    opened: bool,
    /// Connections made again since the last one that opened.
    attempts: u32,
    on_heard: Callback<ServerNews>,
    /// When the server was last heard from (ms since the epoch), and the heartbeat that asks.
    heard_at: f64,
    pings: u64,
    /// When the last ping left, and the last round trip measured (ms): the server gives half
    /// of it back to the player's clock on each move.
    pinged_at: f64,
    rtt: Option<u64>,
    _heartbeat: gloo::timers::callback::Interval,
}

/// How often the heartbeat beats, how often it asks the server for a pong, and how long the
/// page waits to hear anything before it takes the connection for dead and makes it again: a
/// connection that died without a close (a network gone or switched, a proxy gone) is otherwise
/// never noticed, and the player would see "Connected" with their clock running.
const BEAT_MS: u32 = 1_000;
const PING_EVERY_MS: f64 = 2_000.0;
const DEAD_AFTER_MS: f64 = 3_500.0;
/// How long a connection made again may take to open before it is tried anew: over a network
/// that drops what is sent, a connection may otherwise wait for minutes.
const OPEN_AT_MOST_MS: f64 = 5_000.0;
/// The longest wait before a lost connection is made again (the wait doubles from 500 ms):
/// the network's return, when the browser tells it, makes it again at once.
const AGAIN_AT_MOST_MS: u32 = 5_000;

/// The heartbeat: a ping every [`PING_EVERY_MS`] while the connection is open, a connection
/// not heard from for [`DEAD_AFTER_MS`] dropped and made again, and so is one made again that
/// has not opened in [`OPEN_AT_MOST_MS`].
fn beat() {
    let now = js_sys::Date::now();
    let dead = LINK.with_borrow_mut(|link| {
        let link = link.as_mut()?;
        // Since it was made, or last heard from.
        let silent = now - link.heard_at;
        if !link.opened {
            return (link.attempts > 0 && silent > OPEN_AT_MOST_MS).then_some(());
        }
        if silent > DEAD_AFTER_MS {
            return Some(());
        }
        if now - link.pinged_at >= PING_EVERY_MS {
            link.pings += 1;
            link.pinged_at = now;
            transmit(&link.socket, &Request::Ping { n: link.pings, rtt: link.rtt }.to_text());
        }
        None
    });
    if dead.is_some() {
        drop_dead();
    }
}

/// Takes the connection, open or opening, for dead: it is closed and made again.
fn drop_dead() {
    let closed = LINK.with_borrow_mut(|link| {
        let socket = &link.as_mut()?.socket;
        // Its handlers go first: the close of a dead connection may never come.
        socket.set_onclose(None);
        socket.set_onmessage(None);
        match socket.ready_state() {
            web_sys::WebSocket::OPEN => drop(socket.close()),
            // Closed once open: a socket closed while it connects is logged as an error.
            web_sys::WebSocket::CONNECTING => {
                let opened = socket.clone();
                socket.set_onopen(Some(Closure::once_into_js(move || drop(opened.close())).unchecked_ref()));
            }
            _ => return None,
        }
        Some(())
    });
    if closed.is_some() {
        lost();
    }
}

/// The browser says the network went (the connection is dropped at once, not after the
/// heartbeat's wait) or came back (a connection waiting to be made again is made now).
fn network(online: bool) {
    if !online {
        // Not a first connection still opening: that one says whether a server is here.
        let made =
            LINK.with_borrow(|link| link.as_ref().is_some_and(|link| link.opened || link.attempts > 0));
        if made {
            drop_dead();
        }
        return;
    }
    let again = LINK.with_borrow(|link| {
        let link = link.as_ref().filter(|link| link.socket.ready_state() != web_sys::WebSocket::OPEN)?;
        Some((link.game, link.ask.clone(), link.attempts, link.on_heard.clone()))
    });
    if let Some((game, ask, attempts, on_heard)) = again {
        RETRY.with_borrow_mut(Option::take);
        connect(game, ask, attempts + 1, on_heard);
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
    /// The wait before a lost connection is made again: cancelled by the network's return.
    static RETRY: RefCell<Option<gloo::timers::callback::Timeout>> = const { RefCell::new(None) };
    /// The browser's word of the network going and coming back, heard once a room is opened.
    static NETWORK: RefCell<Option<[gloo::events::EventListener; 2]>> = const { RefCell::new(None) };
}

/// The server's WebSocket, on the origin that served the page.
fn address() -> Option<String> {
    let location = gloo::utils::window().location();
    let scheme = if location.protocol().ok()? == "https:" { "wss" } else { "ws" };
    Some(format!("{scheme}://{}/ws", location.host().ok()?))
}

fn frame(ask: &Ask) -> String {
    let request = match ask {
        Ask::Create(new) => Request::Create(new.clone()),
        Ask::Quick(new) => Request::Quick(new.clone()),
        Ask::Seek(new) => Request::Seek(new.clone()),
        Ask::Take { room } => Request::Take { room: room.clone() },
        Ask::Join { room } => Request::Join { room: room.clone(), token: storage::read(&token_key(room)) },
    };
    request.to_text()
}

/// A frame from the server, for the page; `None` for one it has no use for.
fn read(reply: Reply) -> Option<ServerNews> {
    Some(match reply {
        Reply::Seat { room, seat, token, .. } => {
            if let Some(token) = token {
                storage::write(&token_key(&room), &token);
            }
            ServerNews::Seat { room, seat: seat.player() }
        }
        Reply::Waiting { .. } => ServerNews::Waiting,
        // Said to the player's follower (`player_news`).
        Reply::Player { .. }
        | Reply::TransferCode { .. }
        | Reply::Forgotten
        | Reply::Challenge { .. }
        | Reply::ChallengeAnswer { .. } => return None,
        Reply::State { state, record } => {
            if let Some(next) = &state.next {
                go_on(next);
            }
            ServerNews::State { state, record, at: js_sys::Date::now() as u64 }
        }
        Reply::Change { state, turn, clock } => {
            if let Some(next) = &state.next {
                go_on(next);
            }
            ServerNews::Change { state, turn, clock, at: js_sys::Date::now() as u64 }
        }
        Reply::Error { code, .. } => ServerNews::Refused(code),
        // The heartbeat's answer (taken in by the link), and the lobby's (followed apart).
        Reply::Pong { .. } | Reply::Lobby { .. } => return None,
    })
}

/// What a frame says of this device's player, if anything: a new key is kept at once.
fn player_news(reply: &Reply) -> Option<PlayerNews> {
    Some(match reply {
        Reply::Player { id, name, key } => {
            if let Some(key) = key {
                storage::write(PLAYER_KEY, key);
            }
            PlayerNews::Me { id: id.clone(), name: name.clone() }
        }
        Reply::TransferCode { code, expires_in } => {
            PlayerNews::Code { code: code.clone(), expires_in: *expires_in }
        }
        Reply::Forgotten => {
            storage::remove(PLAYER_KEY);
            PlayerNews::Forgotten
        }
        Reply::Error { code, .. } if PlayerNews::CODES.contains(code) => PlayerNews::Refused(*code),
        Reply::Challenge { id, from, to, new } => {
            PlayerNews::Challenge { id: id.clone(), from: from.clone(), to: to.clone(), new: new.clone() }
        }
        Reply::ChallengeAnswer { id, accepted, game, room, token } => {
            // An accepted challenge: this device goes on to its seat in the new room.
            if let (Some(room), Some(token), Some(game)) = (room, token, GameId::from_slug(game)) {
                storage::write(&token_key(room), token);
                let _ = gloo::utils::window().location().set_hash(&Route::room(game, room).hash());
            }
            PlayerNews::Answered { id: id.clone(), accepted: *accepted }
        }
        _ => return None,
    })
}

/// Who this device plays as, asked of the server: its key, if it has one.
fn hello() -> String {
    Request::Hello { key: storage::read(PLAYER_KEY) }.to_text()
}

/// Tells the player's follower what the server said of the player.
fn tell_player(news: PlayerNews) {
    if let Some(on_player) = PLAYER.with_borrow(Clone::clone) {
        on_player.emit(news);
    }
}

/// A rematch agreed (a state naming the `next` room): the device goes on to it, and its seat's
/// token goes with it (the server gives that token the other seat there). A spectator goes
/// on to watch.
fn go_on(next: &str) {
    LINK.with_borrow_mut(|link| {
        let Some(link) = link.as_mut() else { return };
        let Ask::Join { room } = &link.ask else { return };
        if room == next {
            return;
        }
        if let Some(token) = storage::read(&token_key(room)) {
            storage::write(&token_key(next), &token);
        }
        link.ask = Ask::Join { room: next.to_owned() };
        transmit(&link.socket, &frame(&link.ask));
    });
}

/// Sends a frame if the socket is open; whether it went. A socket whose close is not yet heard
/// is closing, and a frame sent on it is lost and logged as an error.
fn transmit(socket: &web_sys::WebSocket, text: &str) -> bool {
    socket.ready_state() == web_sys::WebSocket::OPEN && socket.send_with_str(text).is_ok()
}

/// The handlers of a socket: kept alive as long as it is.
type Handlers = [Closure<dyn Fn(JsValue)>; 3];

/// A WebSocket to the server, with what to do when it opens, on each text frame, and when it
/// closes; `None` where none can be made.
fn socket(
    on_open: impl Fn() + 'static,
    on_text: impl Fn(String) + 'static,
    on_close: impl Fn() + 'static,
) -> Option<(web_sys::WebSocket, Handlers)> {
    let socket = web_sys::WebSocket::new(&address()?).ok()?;
    let on_open = Closure::<dyn Fn(JsValue)>::new(move |_| on_open());
    let on_message = Closure::<dyn Fn(JsValue)>::new(move |event: JsValue| {
        on_text(event.unchecked_into::<web_sys::MessageEvent>().data().as_string().unwrap_or_default())
    });
    let on_close = Closure::<dyn Fn(JsValue)>::new(move |_| on_close());
    socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    Some((socket, [on_open, on_message, on_close]))
}

/// Tells the page, outside any borrow of the link: the page may answer at once.
fn tell(heard: ServerNews) {
    let on_heard = LINK.with_borrow(|link| link.as_ref().map(|link| link.on_heard.clone()));
    if let Some(on_heard) = on_heard {
        on_heard.emit(heard);
    }
}

fn connect(game: &'static str, ask: Ask, attempts: u32, on_heard: Callback<ServerNews>) {
    let on_open = || {
        let first = LINK.with_borrow_mut(|link| {
            let link = link.as_mut()?;
            link.opened = true;
            link.attempts = 0;
            link.heard_at = js_sys::Date::now();
            // Who the device is, before anything it asks: its seat is then its player's.
            transmit(&link.socket, &hello());
            let text = frame(&link.ask);
            transmit(&link.socket, &text).then_some(())
        });
        // The lobby, if the page shows it, is followed over this connection.
        if LOBBY.with_borrow(Option::is_some) {
            follow_in_room(true);
        }
        if first.is_some() {
            tell(ServerNews::Connection(Connection::Open));
        }
    };
    let on_text = |text: String| {
        let now = js_sys::Date::now();
        let Some(reply) = Reply::read(&text) else { return };
        LINK.with_borrow_mut(|link| {
            let Some(link) = link.as_mut() else { return };
            link.heard_at = now;
            // The round trip of the latest ping, from its pong.
            if let Reply::Pong { n } = reply
                && n == link.pings
            {
                link.rtt = Some((now - link.pinged_at).max(0.0) as u64);
            }
        });
        if let Reply::Lobby { .. } = reply {
            return tell_lobby(reply);
        }
        if let Some(news) = player_news(&reply) {
            return tell_player(news);
        }
        if let Some(heard) = read(reply) {
            // Seated: a connection made again joins this room, with its token.
            if let ServerNews::Seat { room, .. } = &heard {
                let room = room.clone();
                LINK.with_borrow_mut(|link| link.as_mut().map(|link| link.ask = Ask::Join { room }));
            }
            tell(heard);
        }
    };
    let Some((socket, handlers)) = socket(on_open, on_text, lost) else {
        LINK.with_borrow_mut(|link| *link = None);
        on_heard.emit(ServerNews::Connection(Connection::Unavailable));
        return;
    };
    LINK.with_borrow_mut(|link| {
        *link = Some(Link {
            socket,
            _handlers: handlers,
            game,
            ask,
            opened: false,
            attempts,
            on_heard,
            heard_at: js_sys::Date::now(),
            pings: 0,
            pinged_at: 0.0,
            rtt: None,
            _heartbeat: gloo::timers::callback::Interval::new(BEAT_MS, beat),
        })
    });
}

/// The connection closed: made again after a wait that doubles up to [`AGAIN_AT_MOST_MS`],
/// unless it never opened the first time (no server here).
fn lost() {
    let again = LINK.with_borrow(|link| {
        let link = link.as_ref()?;
        Some((link.game, link.ask.clone(), link.attempts, link.opened, link.on_heard.clone()))
    });
    let Some((game, ask, attempts, opened, on_heard)) = again else { return };
    if !opened && attempts == 0 {
        LINK.with_borrow_mut(|link| *link = None);
        on_heard.emit(ServerNews::Connection(Connection::Unavailable));
        return;
    }
    on_heard.emit(ServerNews::Connection(Connection::Lost));
    let wait = (500_u32 << attempts.min(6)).min(AGAIN_AT_MOST_MS) + (js_sys::Math::random() * 250.0) as u32;
    let retry = gloo::timers::callback::Timeout::new(wait, move || {
        // Still this link's turn: the player has not left or started another.
        let same =
            LINK.with_borrow(|link| link.as_ref().is_some_and(|link| link.ask == ask && link.game == game));
        if same {
            connect(game, ask, attempts + 1, on_heard);
        }
    });
    RETRY.with_borrow_mut(|slot| *slot = Some(retry));
}

/// Connects and asks `ask` of the server, for `game`; `on_heard` hears what it says. Any
/// other room is left.
pub(super) fn open(game: &'static str, ask: Ask, on_heard: Callback<ServerNews>) {
    LINK.with_borrow_mut(|link| *link = None);
    NETWORK.with_borrow_mut(|heard| {
        use gloo::events::EventListener;
        let window = gloo::utils::window();
        heard.get_or_insert_with(|| {
            [
                EventListener::new(&window, "online", |_| network(true)),
                EventListener::new(&window, "offline", |_| network(false)),
            ]
        });
    });
    // One connection at a time: the room's follows the lobby from now on.
    FOLLOWER.with_borrow_mut(|follower| *follower = None);
    connect(game, ask, 0, on_heard);
}

/// Sends a request of the room's, if connected; whether it went.
pub(super) fn send(request: Request) -> bool {
    send_over_room(&request.to_text())
}

/// Sends a frame over the room's connection, if open; whether it went.
fn send_over_room(text: &str) -> bool {
    LINK.with_borrow(|link| {
        link.as_ref().filter(|link| link.opened).is_some_and(|link| transmit(&link.socket, text))
    })
}

/// The room this page is connected to (or joining).
pub(super) fn room() -> Option<String> {
    LINK.with_borrow(|link| match &link.as_ref()?.ask {
        Ask::Join { room } => Some(room.clone()),
        _ => None,
    })
}

/// Joins the room again, with this device's token: the server answers with the room whole.
pub(super) fn rejoin() -> bool {
    let ask = LINK.with_borrow(|link| link.as_ref().map(|link| link.ask.clone()));
    matches!(ask, Some(ask @ Ask::Join { .. }) if send_over_room(&frame(&ask)))
}

/// Leaves the room (or the queue): the connection ends, and is not made again.
pub(super) fn close() {
    LINK.with_borrow_mut(|link| *link = None);
    // The lobby, if still followed once the page has done (it may be leaving), goes back to a
    // connection of its own.
    gloo::timers::callback::Timeout::new(0, lobby_connection).forget();
}

/// The lobby's own connection, while the page has no room's: a page holds one connection at a
/// time, and in a room the lobby is followed over the room's.
struct Follower {
    socket: web_sys::WebSocket,
    _handlers: Handlers,
    opened: bool,
}

impl Drop for Follower {
    fn drop(&mut self) {
        self.socket.set_onmessage(None);
        self.socket.set_onclose(None);
        if self.socket.ready_state() == web_sys::WebSocket::CONNECTING {
            // Closed once open: a socket closed while it connects is logged as an error.
            let socket = self.socket.clone();
            let close = Closure::once_into_js(move || drop(socket.close()));
            self.socket.set_onopen(Some(close.unchecked_ref()));
        } else {
            self.socket.set_onopen(None);
            let _ = self.socket.close();
        }
    }
}

thread_local! {
    /// Who follows the lobby: the page's lobby, while it is shown.
    static LOBBY: RefCell<Option<Callback<LobbyListing>>> = const { RefCell::new(None) };
    /// Who follows this device's player: the header's badge.
    static PLAYER: RefCell<Option<Callback<PlayerNews>>> = const { RefCell::new(None) };
    static FOLLOWER: RefCell<Option<Follower>> = const { RefCell::new(None) };
}

/// How long after the lobby's own connection drops it is made again.
const LOBBY_AGAIN_MS: u32 = 3_000;

/// Tells the lobby's follower what the server said of it.
fn tell_lobby(reply: Reply) {
    if let Reply::Lobby { seeks, playing, games, players, online, pools } = reply
        && let Some(on_lobby) = LOBBY.with_borrow(Clone::clone)
    {
        let own = seeks.iter().filter(|seek| storage::read(&token_key(&seek.room)).is_some());
        let own = own.map(|seek| seek.room.clone()).collect();
        on_lobby.emit(LobbyListing { seeks, own, playing, games, players, online, pools });
    }
}

/// Asks the room's connection, if open, to follow the lobby or not; whether it could.
fn follow_in_room(follow: bool) -> bool {
    send_over_room(&Request::Lobby { follow }.to_text())
}

/// The lobby's own connection, unless the page is in a room (whose connection follows it); it
/// also carries the player's requests while the page is in no room.
fn lobby_connection() {
    let followed = LOBBY.with_borrow(Option::is_some) || PLAYER.with_borrow(Option::is_some);
    if !followed || LINK.with_borrow(Option::is_some) || FOLLOWER.with_borrow(Option::is_some) {
        return;
    }
    let on_open = || {
        FOLLOWER.with_borrow_mut(|follower| {
            if let Some(follower) = follower.as_mut() {
                follower.opened = true;
                transmit(&follower.socket, &hello());
                if LOBBY.with_borrow(Option::is_some) {
                    transmit(&follower.socket, &Request::Lobby { follow: true }.to_text());
                }
            }
        })
    };
    let on_text = |text: String| {
        let Some(reply) = Reply::read(&text) else { return };
        match player_news(&reply) {
            Some(news) => tell_player(news),
            None => tell_lobby(reply),
        }
    };
    let on_close = || {
        // Made again while still followed, unless it never opened (no server here).
        let opened = FOLLOWER.with_borrow_mut(|follower| follower.take().is_some_and(|f| f.opened));
        if opened {
            gloo::timers::callback::Timeout::new(LOBBY_AGAIN_MS, lobby_connection).forget();
        }
    };
    let follower = socket(on_open, on_text, on_close).map(|(socket, handlers)| Follower {
        socket,
        _handlers: handlers,
        opened: false,
    });
    FOLLOWER.with_borrow_mut(|slot| *slot = follower);
}

/// Follows the lobby: `on_lobby` hears it now and after every change, until
/// [`unfollow_lobby`]; over the room's connection if the page is in a room, else its own.
pub fn follow_lobby(on_lobby: Callback<LobbyListing>) {
    LOBBY.with_borrow_mut(|lobby| *lobby = Some(on_lobby));
    // The lobby's own connection may be open already, for the player's badge.
    if !follow_in_room(true) && !send_over_follower(&Request::Lobby { follow: true }.to_text()) {
        lobby_connection();
    }
}

/// Stops following the lobby.
pub fn unfollow_lobby() {
    LOBBY.with_borrow_mut(|lobby| *lobby = None);
    if PLAYER.with_borrow(Option::is_none) {
        FOLLOWER.with_borrow_mut(|follower| *follower = None);
    } else {
        send_over_follower(&Request::Lobby { follow: false }.to_text());
    }
    follow_in_room(false);
}

/// Sends a frame over the lobby's own connection, if open; whether it went.
fn send_over_follower(text: &str) -> bool {
    FOLLOWER.with_borrow(|follower| {
        follower.as_ref().filter(|f| f.opened).is_some_and(|f| transmit(&f.socket, text))
    })
}

/// Sends a request about this device's player over whichever connection is open; whether it
/// went.
pub fn send_player(request: Request) -> bool {
    let text = request.to_text();
    send_over_room(&text) || send_over_follower(&text)
}

/// Challenges the player the page's link names (`&challenge=`) to `game` under `rules` (a
/// record's tags), `clock` and rated or not, over the player's connection; what comes of it is
/// the badge's to show.
pub fn challenge(game: &'static str, rules: String, clock: TimeControl, rated: bool) {
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    if let Some(name) = crate::route::challenged(&hash) {
        let new = NewRoom { game: game.to_owned(), rules, time: clock.text(), rated };
        send_player(Request::Challenge { name, new });
    }
}

/// Follows this device's player: `on_player` hears who it is now (a hello goes out) and after
/// every change, until [`unfollow_player`].
pub fn follow_player(on_player: Callback<PlayerNews>) {
    PLAYER.with_borrow_mut(|player| *player = Some(on_player));
    if !send_player(Request::Hello { key: storage::read(PLAYER_KEY) }) {
        lobby_connection();
    }
}

pub fn unfollow_player() {
    PLAYER.with_borrow_mut(|player| *player = None);
    if LOBBY.with_borrow(Option::is_none) {
        FOLLOWER.with_borrow_mut(|follower| *follower = None);
    }
}
