//! What the server's tests share: a server on loopback, and a WebSocket client that plays as
//! the page does.
#![allow(dead_code)]

use board_suite::games::GameId;
use board_suite::rules::TurnText;
use board_suite::rules::record::{self, Recorded};
use board_suite::rules::{History, Termination, whole_turns};
use board_suite_server::clock::Clock;
use board_suite_server::net::Net;
use board_suite_server::protocol::{ErrorCode, Reply, Seat};
use board_suite_server::rooms::Limits;
use board_suite_server::store::{GameRow, PlayerRow, RENAME_AFTER_MS, RatingRow, Renamed, RoomRow, Store};
use board_suite_server::{Config, serve};
use futures_util::{SinkExt, StreamExt};
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// Every game, by the name the protocol uses.
pub fn games() -> impl Iterator<Item = &'static str> {
    GameId::ALL.into_iter().map(GameId::slug)
}

/// A folder of its own for a test's store, emptied first.
pub fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("board-suite-server-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A server on a free loopback port, on SQLite in `data`; its port.
pub async fn start(data: &Path, limits: Limits) -> u16 {
    start_on(data, None, limits).await
}

/// A server on a free loopback port, on SQLite in `data` or on the PostgreSQL at `database_url`;
/// its port.
pub async fn start_on(data: &Path, database_url: Option<&str>, limits: Limits) -> u16 {
    start_with(config(data, database_url, limits)).await
}

/// What [`start_on`] starts, to be changed first.
pub fn config(data: &Path, database_url: Option<&str>, limits: Limits) -> Config {
    Config {
        data_dir: data.to_owned(),
        database_url: database_url.map(str::to_owned),
        site: data.join("no-site"),
        hsts: None,
        limits,
        net: Net::default(),
        clock: Clock::system(),
    }
}

/// A server on a free loopback port, as `config` says; its port.
pub async fn start_with(config: Config) -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        if let Err(error) = serve(listener, config).await {
            panic!("the server stopped: {}", error.0);
        }
    });
    port
}

/// Limits that let a test play as fast as it can.
pub fn fast() -> Limits {
    Limits { messages_per_second: 10_000, ..Limits::default() }
}

pub struct Client {
    pub socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every frame received, as text.
    pub heard: Vec<String>,
    /// How long a frame is waited for before the test fails.
    pub patience: Duration,
}

impl Client {
    pub async fn connect(port: u16) -> Client {
        let (socket, _) = connect_async(format!("ws://127.0.0.1:{port}/ws")).await.unwrap();
        Client::over(socket)
    }

    /// A client over a connection already made.
    pub fn over(socket: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Client {
        Client { socket, heard: Vec::new(), patience: Duration::from_secs(10) }
    }

    pub async fn send(&mut self, text: &str) {
        self.socket.send(Message::text(text)).await.unwrap();
    }

    /// The next frame; a test fails rather than wait for ever.
    pub async fn next(&mut self) -> Reply {
        loop {
            let frame = tokio::time::timeout(self.patience, self.socket.next())
                .await
                .unwrap_or_else(|_| panic!("a frame within {:?}", self.patience))
                .expect("the connection open")
                .unwrap();
            if let Message::Text(text) = frame {
                self.heard.push(text.to_string());
                return Reply::read(&text).unwrap_or_else(|| panic!("a frame the page reads: {text}"));
            }
        }
    }

    /// Frames until one `wanted` picks out.
    pub async fn until<T>(&mut self, mut wanted: impl FnMut(&Reply) -> Option<T>) -> T {
        loop {
            let reply = self.next().await;
            if let Some(found) = wanted(&reply) {
                return found;
            }
        }
    }

    /// Reads until the server closes the connection: its close code, if it sent one. Text
    /// frames on the way are heard.
    pub async fn closed(&mut self) -> Option<u16> {
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(120), self.socket.next())
                .await
                .expect("closed within 120 s");
            match frame {
                Some(Ok(Message::Text(text))) => self.heard.push(text.to_string()),
                Some(Ok(Message::Close(frame))) => return frame.map(|frame| u16::from(frame.code)),
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return None,
            }
        }
    }

    pub async fn error(&mut self) -> ErrorCode {
        self.until(|r| match r {
            Reply::Error { code, .. } => Some(*code),
            _ => None,
        })
        .await
    }

    /// The seat frame: the room, the seat and its token.
    pub async fn seat(&mut self) -> (String, Seat, Option<String>) {
        self.until(|r| match r {
            Reply::Seat { room, seat, token, .. } => Some((room.clone(), *seat, token.clone())),
            Reply::Error { code, message, .. } => panic!("{code:?}: {message}"),
            _ => None,
        })
        .await
    }

    /// The next state frame.
    pub async fn state(&mut self) -> State {
        self.until(|r| match r {
            Reply::State { record, turns, to_move, over, version, online, offer, termination, .. } => {
                Some(State {
                    termination: *termination,
                    offer: offer.is_some(),
                    record: record.clone(),
                    turns: *turns,
                    to_move: *to_move,
                    over: *over,
                    version: *version,
                    online: *online,
                })
            }
            _ => None,
        })
        .await
    }

    /// State frames until one `wanted` accepts.
    pub async fn state_where(&mut self, wanted: impl Fn(&State) -> bool) -> State {
        loop {
            let state = self.state().await;
            if wanted(&state) {
                return state;
            }
        }
    }

    /// State frames until one with `turns` turns (or the end).
    pub async fn state_at(&mut self, turns: usize) -> State {
        self.state_where(|state| state.turns == turns || state.over).await
    }
}

#[derive(Debug)]
pub struct State {
    pub offer: bool,
    pub termination: Option<Termination>,
    pub record: String,
    pub turns: usize,
    pub to_move: Seat,
    pub over: bool,
    pub version: u64,
    pub online: [bool; 2],
}

/// A random whole turn in the position a public record shows, as a client announces it.
pub fn pick(game: &str, record: &str, seed: u64) -> String {
    fn pick_as<G: Recorded + TurnText>(record: &str, seed: u64) -> String {
        let history: History<G> = record::read(record, seed).expect("a public record reads back");
        let turns = whole_turns(history.current());
        let (legs, _) = &turns[(seed as usize) % turns.len()];
        history.current().announce(legs)
    }
    let game = GameId::from_slug(game).expect("a game of the suite");
    board_suite::with_game!(game, G => pick_as::<G>(record, seed))
}

pub fn create(game: &str) -> String {
    format!(r#"{{"v":2,"type":"create","game":"{game}"}}"#)
}

pub fn join(room: &str, token: Option<&str>) -> String {
    match token {
        Some(token) => format!(r#"{{"v":2,"type":"join","room":"{room}","token":"{token}"}}"#),
        None => format!(r#"{{"v":2,"type":"join","room":"{room}"}}"#),
    }
}

pub fn play(turn: &str, turns: usize) -> String {
    serde_json::json!({"v": 2, "type": "move", "turn": turn, "turns": turns}).to_string()
}

/// A room of `game` with both seats taken: the first seat's client, the second's, the room and
/// the seats' tokens; both clients have heard the room's state with both seats taken.
pub async fn table_for_two(port: u16, game: &str) -> (Client, Client, String, [String; 2], State) {
    let mut first = Client::connect(port).await;
    first.send(&create(game)).await;
    let (room, seat, token) = first.seat().await;
    assert_eq!(seat, Seat::First);
    first.state().await;
    let mut second = Client::connect(port).await;
    second.send(&join(&room, None)).await;
    let (_, seat, second_token) = second.seat().await;
    assert_eq!(seat, Seat::Second);
    second.state().await;
    // The first seat sees the second arrive.
    let state = first.state().await;
    assert_eq!(state.online, [true, true]);
    assert_eq!(state.version, 2);
    (first, second, room, [token.unwrap(), second_token.unwrap()], state)
}

/// Plays random turns from the state both clients last heard, `state`, until the game ends (or
/// `limit` turns); the last state.
pub async fn play_out(
    first: &mut Client,
    second: &mut Client,
    mut state: State,
    limit: usize,
    game: &str,
    seed: u64,
) -> State {
    let mut turn = 0;
    while !state.over && state.turns < limit {
        let mover = if state.to_move == Seat::First { &mut *first } else { &mut *second };
        let chosen = pick(game, &state.record, seed.wrapping_mul(6364136223846793005).wrapping_add(turn));
        mover.send(&play(&chosen, state.turns)).await;
        let next = first.state_at(state.turns + 1).await;
        assert!(next.version > state.version, "{game}: the turn {chosen} was played");
        second.state_at(next.turns).await;
        state = next;
        turn += 1;
    }
    state
}

/// What every store does with players, from none: each found by their key's hash alone; a name
/// unique ignoring case, changed at most once a day.
pub async fn players_contract(store: &dyn Store) {
    let ming = store.add_player("ming".into(), "hash-ming".into(), 1_000).await.unwrap();
    assert_eq!(ming, PlayerRow { id: "ming".into(), name: None, named: None, created: 1_000 });
    let lan = store.add_player("lan".into(), "hash-lan".into(), 2_000).await.unwrap();
    assert_eq!(store.player("hash-ming").await.unwrap(), Some(ming.clone()));
    assert_eq!(store.player("hash-lan").await.unwrap(), Some(lan.clone()));
    assert_eq!(store.player("ming").await.unwrap(), None, "found by the key's hash, never the id");
    assert_eq!(store.player("HASH-MING").await.unwrap(), None);
    assert_eq!(store.rename("ming".into(), "MingLi".into(), 5_000).await.unwrap(), Renamed::Done);
    let named = store.player("hash-ming").await.unwrap().unwrap();
    assert_eq!((named.name.as_deref(), named.named), (Some("MingLi"), Some(5_000)));
    assert_eq!(store.rename("lan".into(), "MINGLI".into(), 6_000).await.unwrap(), Renamed::Taken);
    assert_eq!(store.player("hash-lan").await.unwrap(), Some(lan), "a refusal changes nothing");
    assert_eq!(store.rename("ming".into(), "Ming".into(), 7_000).await.unwrap(), Renamed::TooSoon);
    let later = 5_000 + RENAME_AFTER_MS;
    assert_eq!(store.rename("ming".into(), "Ming".into(), later).await.unwrap(), Renamed::Done);
    assert_eq!(store.rename("lan".into(), "mingli".into(), later).await.unwrap(), Renamed::Done);
    assert_eq!(store.rename("nobody".into(), "Nobody".into(), later).await.unwrap(), Renamed::Unknown);
}

/// What every store does with a finished game, from none: the room, the game and the ratings
/// it changed written together, once. Ids begin with `prefix`.
pub async fn finish_contract(store: &dyn Store, prefix: &str) {
    let room = |version: u64| RoomRow {
        id: format!("{prefix}ended"),
        game: "gomoku".into(),
        record: "h8 h9 1-0".into(),
        version,
        updated: 9_000 + version,
        ..RoomRow::default()
    };
    let game = GameRow {
        id: format!("{prefix}ended"),
        game: "gomoku".into(),
        speed: Some("blitz".into()),
        rated: true,
        players: [Some(format!("{prefix}ming")), Some(format!("{prefix}lan"))],
        result: "1-0".into(),
        ratings: r#"{"before":[1500,1500],"after":[1662,1338]}"#.into(),
        record: "h8 h9 1-0".into(),
        ended: 9_000,
    };
    let rating = |player: &str, rating: f64, games: u64| RatingRow {
        player: format!("{prefix}{player}"),
        game: "gomoku".into(),
        speed: "blitz".into(),
        rating,
        deviation: 290.3,
        volatility: 0.06,
        games,
        updated: 9_000,
    };
    let rated = vec![rating("ming", 1662.3, 1), rating("lan", 1337.7, 1)];
    assert!(store.finish(room(4), game.clone(), rated.clone()).await.unwrap());
    assert_eq!(store.load(&room(4).id).await.unwrap(), Some(room(4)));
    assert_eq!(store.ratings(&format!("{prefix}ming")).await.unwrap(), [rated[0].clone()]);
    assert_eq!(store.ratings(&format!("{prefix}lan")).await.unwrap(), [rated[1].clone()]);
    // The same end told again, by a second instance or after a restart, counts once.
    let again = vec![rating("ming", 1700.0, 2), rating("lan", 1300.0, 2)];
    assert!(!store.finish(room(4), game.clone(), again.clone()).await.unwrap());
    assert!(!store.finish(room(5), game, again).await.unwrap());
    assert_eq!(
        store.load(&room(4).id).await.unwrap(),
        Some(room(4)),
        "nothing of a refused finish is written"
    );
    assert_eq!(store.ratings(&format!("{prefix}ming")).await.unwrap(), [rated[0].clone()]);
    assert_eq!(store.ratings(&format!("{prefix}nobody")).await.unwrap(), []);
}

/// What every store does, from empty: rows written only over older versions of themselves,
/// removed at a version, and listed when idle. Ids begin with `prefix`.
pub async fn store_contract(store: &dyn Store, prefix: &str) {
    let id = |name: &str| format!("{prefix}{name}");
    let row = |name: &str, version: u64, updated: u64| RoomRow {
        id: id(name),
        game: "gomoku".into(),
        record: "*".into(),
        seats: [Some("f00d".into()), None],
        offer: Some("draw:first".into()),
        version,
        updated,
        extra: r#"{"clock":{"time":"fischer:60+0"}}"#.into(),
        seek_until: None,
        playing: false,
    };
    assert!(store.save(row("a", 1, 100)).await.unwrap());
    assert!(store.save(row("a", 2, 200)).await.unwrap());
    // Another instance's older (or same) version is not written over the newer one.
    assert!(!store.save(row("a", 2, 300)).await.unwrap());
    assert!(!store.save(row("a", 1, 300)).await.unwrap());
    assert_eq!(store.load(&id("a")).await.unwrap(), Some(row("a", 2, 200)));
    assert_eq!(store.load(&id("none")).await.unwrap(), None);
    assert!(store.save(row("b", 1, 5_000)).await.unwrap());
    // Unchanged since before 1,000: listed with its version; the other is not.
    assert_eq!(store.idle(1_000, 100).await.unwrap(), [(id("a"), 2)]);
    assert_eq!(store.idle(1_000, 0).await.unwrap(), []);
    assert!(store.remove(&id("a"), 2).await.unwrap());
    assert_eq!(store.load(&id("a")).await.unwrap(), None);
    // Removed only at the version asked for.
    assert!(!store.remove(&id("b"), 2).await.unwrap());
    assert!(store.load(&id("b")).await.unwrap().is_some());
    assert!(store.remove(&id("b"), 1).await.unwrap());
    assert_eq!(store.load(&id("b")).await.unwrap(), None);
    assert!(!store.remove(&id("b"), 1).await.unwrap());
    // The lobby: seeks open at the time asked, the oldest first, and the games being played
    // that changed since the time asked.
    let seek = |name: &str, until: u64| RoomRow { seek_until: Some(until), ..row(name, 1, 100) };
    let playing = |name: &str, updated: u64| RoomRow { playing: true, ..row(name, 1, updated) };
    for saved in [
        seek("s2", 9_000),
        seek("s1", 8_000),
        seek("s0", 1_000),
        playing("p1", 500),
        playing("p2", 50),
        playing("p3", 700),
    ] {
        assert!(store.save(saved).await.unwrap());
    }
    let lobby = store.lobby(2_000, 100, 100).await.unwrap();
    let seeks: Vec<&str> =
        lobby.seeks.iter().map(|(room, _, _)| room.as_str()).filter(|r| r.starts_with(prefix)).collect();
    assert_eq!(seeks, [id("s1"), id("s2")]);
    assert!(lobby.seeks.iter().all(|(_, game, extra)| game == "gomoku" && extra.contains("fischer")));
    assert!(lobby.playing >= 2);
    // The games being played, the latest changed first; not one changed before the time asked.
    let games: Vec<&str> =
        lobby.games.iter().map(|(room, _, _)| room.as_str()).filter(|r| r.starts_with(prefix)).collect();
    assert_eq!(games, [id("p3"), id("p1")]);
    assert_eq!(store.lobby(2_000, 100, 1).await.unwrap().seeks.len(), 1);
    let read_back = store.load(&id("p1")).await.unwrap().unwrap();
    assert!(read_back.playing && read_back.seek_until.is_none() && read_back.extra.contains("fischer"));
    assert_eq!(store.load(&id("s2")).await.unwrap().unwrap().seek_until, Some(9_000));
    for name in ["s0", "s1", "s2", "p1", "p2", "p3"] {
        assert!(store.remove(&id(name), 1).await.unwrap());
    }
}
