//! What the server's tests share: a server on loopback, and a WebSocket client that plays as
//! the page does.
#![allow(dead_code)]

pub mod v3;

use board_suite::games::GameId;
use board_suite::protocol::{ErrorCode, Reply, Seat};
use board_suite::rules::TurnText;
use board_suite::rules::record::{self, Recorded};
use board_suite::rules::{History, Termination, whole_turns};
use board_suite_server::clock::Clock;
use board_suite_server::net::Net;
use board_suite_server::rooms::Limits;
use board_suite_server::store::{
    Finish, GameQuery, GameRow, PlayerRow, RENAME_AFTER_MS, Rate, RatingRow, Renamed, RoomRow, Store, Tally,
};
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
        net: net(),
        clock: Clock::system(),
    }
}

/// The server's network settings, but its pings a minute apart: a browser answers a ping at
/// any time, while a test's client answers only as it reads, and a test may leave a player
/// unread for longer than two of the real pings while it does other things on a busy machine.
/// The pings' own test keeps the real ones.
pub fn net() -> Net {
    Net { ping_interval: Duration::from_secs(60), ..Net::default() }
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
    /// The room as the page would hold it from the frames heard: its version and its public
    /// record, a change's turn played on it.
    pub held: Option<(String, u64, String)>,
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
        Client { socket, heard: Vec::new(), held: None, patience: Duration::from_secs(10) }
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
                let reply = Reply::read(&text).unwrap_or_else(|| panic!("a frame the page reads: {text}"));
                self.hold(&reply);
                return reply;
            }
        }
    }

    /// Takes in a room's frame as the page does: the room whole, or a change of the version
    /// held (never a gap).
    fn hold(&mut self, reply: &Reply) {
        match reply {
            Reply::State { state, record } => {
                self.held = Some((state.room.clone(), state.version, record.clone()));
            }
            Reply::Change { state, turn, clock } => {
                let Some((room, version, record)) = self.held.as_mut() else {
                    panic!("a change before the room")
                };
                assert_eq!(*room, state.room, "a change of the room held");
                assert!(
                    state.version == *version || state.version == *version + 1,
                    "a change of version {} to a device at {version}",
                    state.version
                );
                assert!(turn.is_none() || state.version == *version + 1, "a turn changes the version");
                if let Some(turn) = turn {
                    *record = advance(&state.game, record, turn, *clock);
                }
                *version = state.version;
            }
            _ => {}
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

    /// The next frame of the room (whole, or a change), with the record held after it.
    pub async fn state(&mut self) -> State {
        loop {
            let reply = self.next().await;
            if let Some(state) = reply.room() {
                let record = self.held.as_ref().map(|(_, _, record)| record.clone()).unwrap_or_default();
                return State {
                    termination: state.termination,
                    offer: state.offer.is_some(),
                    record,
                    turns: state.turns,
                    to_move: state.to_move,
                    over: state.over,
                    version: state.version,
                    online: state.online,
                };
            }
        }
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

/// The log, as the server writes it, kept for a test to read.
#[derive(Clone, Default)]
pub struct Log(pub std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Log {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A GET's status and body (the connection closed after it).
pub async fn get(port: u16, path: &str) -> (u16, String) {
    let (status, _, body) = get_whole(port, path).await;
    (status, body)
}

/// A GET's status, headers and body.
pub async fn get_whole(port: u16, path: &str) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut said = String::new();
    tokio::time::timeout(Duration::from_secs(30), stream.read_to_string(&mut said)).await.unwrap().unwrap();
    let status = said.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let (head, body) = said.split_once("\r\n\r\n").unwrap_or((&said, ""));
    (status, head.to_owned(), body.to_owned())
}

/// A public record after a change's turn, and the mover's clock after it: what the page's
/// history becomes, written as the server writes the room whole.
pub fn advance(game: &str, record: &str, turn: &str, clock: Option<u64>) -> String {
    fn advance_as<G: Recorded>(text: &str, turn: &str, clock: Option<u64>) -> String {
        let mut history: History<G> = record::read(text, 0).expect("a public record reads back");
        assert!(record::play_public(&mut history, turn), "the turn {turn} plays on {text}");
        let mut timing = record::read_timing(text);
        timing.clocks.extend(clock);
        record::write(&history, &record::Header { reveal: false, timing, ..record::Header::default() })
    }
    let game = GameId::from_slug(game).expect("a game of the suite");
    board_suite::with_game!(game, G => advance_as::<G>(record, turn, clock))
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
    format!(r#"{{"v":3,"type":"create","game":"{game}"}}"#)
}

pub fn join(room: &str, token: Option<&str>) -> String {
    match token {
        Some(token) => format!(r#"{{"v":3,"type":"join","room":"{room}","token":"{token}"}}"#),
        None => format!(r#"{{"v":3,"type":"join","room":"{room}"}}"#),
    }
}

pub fn play(turn: &str, turns: usize) -> String {
    serde_json::json!({"v": 3, "type": "move", "turn": turn, "turns": turns}).to_string()
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

/// What every store does with players, from none: each found by one of their devices' keys'
/// hashes alone; a device moved by a one-time code, and forgotten; a name unique ignoring case,
/// changed at most once a day. Ids begin with `prefix`.
pub async fn players_contract(store: &dyn Store, prefix: &str) {
    let players = store.players();
    let id = |name: &str| format!("{prefix}{name}");
    let ming = players.add_player(id("ming"), id("hash-ming"), 1_000).await.unwrap();
    assert_eq!(ming, PlayerRow { id: id("ming"), name: None, named: None, created: 1_000 });
    let lan = players.add_player(id("lan"), id("hash-lan"), 2_000).await.unwrap();
    assert_eq!(players.player(&id("hash-ming")).await.unwrap(), Some(ming.clone()));
    assert_eq!(players.player(&id("hash-lan")).await.unwrap(), Some(lan.clone()));
    assert_eq!(players.player(&id("ming")).await.unwrap(), None, "found by the key's hash, never the id");
    assert_eq!(players.player(&id("HASH-MING")).await.unwrap(), None);

    // A one-time code moves Ming to a second device: once, before it expires.
    players.add_transfer(id("code"), id("ming"), 10_000).await.unwrap();
    assert_eq!(players.transfer(id("wrong"), id("hash-phone"), 3_000).await.unwrap(), None);
    assert_eq!(players.transfer(id("code"), id("hash-phone"), 3_000).await.unwrap(), Some(ming.clone()));
    assert_eq!(players.player(&id("hash-phone")).await.unwrap(), Some(ming.clone()));
    assert_eq!(players.player(&id("hash-ming")).await.unwrap(), Some(ming.clone()), "both devices are Ming");
    assert_eq!(players.transfer(id("code"), id("hash-thief"), 3_001).await.unwrap(), None, "used once");
    players.add_transfer(id("late"), id("ming"), 4_000).await.unwrap();
    assert_eq!(players.transfer(id("late"), id("hash-thief"), 4_000).await.unwrap(), None, "expired");
    assert_eq!(players.player(&id("hash-thief")).await.unwrap(), None);
    // The phone forgets its key: it is no one's, and the first device is still Ming.
    assert!(players.forget_key(&id("hash-phone")).await.unwrap());
    assert!(!players.forget_key(&id("hash-phone")).await.unwrap());
    assert_eq!(players.player(&id("hash-phone")).await.unwrap(), None);
    assert_eq!(players.player(&id("hash-ming")).await.unwrap(), Some(ming.clone()));

    let name = |n: &str| format!("{}{n}", prefix.replace('-', ""));
    assert_eq!(players.rename(id("ming"), name("MingLi"), 5_000).await.unwrap(), Renamed::Done);
    let named = players.player(&id("hash-ming")).await.unwrap().unwrap();
    assert_eq!((named.name, named.named), (Some(name("MingLi")), Some(5_000)));
    assert_eq!(players.named(&name("mingli").to_uppercase()).await.unwrap().map(|p| p.id), Some(id("ming")));
    assert_eq!(players.rename(id("lan"), name("MINGLI"), 6_000).await.unwrap(), Renamed::Taken);
    assert_eq!(
        players.player(&id("hash-lan")).await.unwrap(),
        Some(lan.clone()),
        "a refusal changes nothing"
    );
    // A name that imitates it in another script is taken too (a Cyrillic М, then і): the store
    // finds it by its look. One of the same script that looks like it is another name.
    for imitation in ["\u{41C}ingLi", "M\u{456}ngL\u{456}"] {
        assert_eq!(
            players.rename(id("lan"), name(imitation), 6_000).await.unwrap(),
            Renamed::Taken,
            "{imitation}"
        );
    }
    assert_eq!(players.player(&id("hash-lan")).await.unwrap(), Some(lan));
    // Changed freely until a rated game is played with the name, then once a day.
    assert_eq!(players.rename(id("ming"), name("Ming"), 7_000).await.unwrap(), Renamed::Done);
    let rated = GameRow {
        id: id("rated"),
        game: "gomoku".into(),
        speed: Some("blitz".into()),
        rated: true,
        players: [Some(id("ming")), Some(id("lan"))],
        result: "1-0".into(),
        ratings: String::new(),
        record: "[Result \"1-0\"]".into(),
        ended: 7_500,
        names: [None, None],
    };
    let room = RoomRow {
        id: id("rated"),
        game: "gomoku".into(),
        record: "h8 1-0".into(),
        version: 2,
        updated: 7_500,
        ..RoomRow::default()
    };
    store.finish(Finish { room, game: rated }, Some(plus_100())).await.unwrap().expect("written");
    assert_eq!(players.rename(id("ming"), name("MingLi"), 8_000).await.unwrap(), Renamed::TooSoon);
    let later = 7_000 + RENAME_AFTER_MS;
    assert_eq!(players.rename(id("ming"), name("Mingo"), later).await.unwrap(), Renamed::Done);
    assert_eq!(players.rename(id("lan"), name("mingli"), later).await.unwrap(), Renamed::Done);
    assert_eq!(players.rename(id("nobody"), name("Nobody"), later).await.unwrap(), Renamed::Unknown);
    assert_eq!(players.named(&name("nobody")).await.unwrap(), None);
}

/// A rating in gomoku blitz, for the contracts.
fn blitz(player: &str, rating: f64, deviation: f64, games: u64, updated: u64) -> RatingRow {
    RatingRow {
        player: player.into(),
        game: "gomoku".into(),
        speed: "blitz".into(),
        rating,
        deviation,
        volatility: 0.06,
        games,
        updated,
    }
}

/// A rating that adds 100 to each side's (1500 for a first game), and says what it read.
fn plus_100() -> Rate {
    Box::new(|finish: &mut Finish, before: [Option<RatingRow>; 2]| {
        let game = finish.game.clone();
        let read: Vec<String> =
            before.iter().map(|r| format!("{:?}", r.as_ref().map(|r| r.rating))).collect();
        finish.game.ratings = read.join(" ");
        finish.room.extra = "rated".into();
        (0..2)
            .map(|side| {
                let player = game.players[side].clone().unwrap();
                let (rating, games) = before[side].as_ref().map_or((1500.0, 0), |r| (r.rating, r.games));
                blitz(&player, rating + 100.0, 100.0, games + 1, game.ended)
            })
            .collect()
    })
}

/// What every store does with a finished game, from none: the room, the game and the ratings
/// worked out from those the store holds, written together, once; then a player's games,
/// results and the leaderboard. Ids begin with `prefix`.
pub async fn finish_contract(store: &dyn Store, prefix: &str) {
    let players = store.players();
    let id = |name: &str| format!("{prefix}{name}");
    for player in ["ming", "lan", "bo"] {
        players.add_player(id(player), id(&format!("key-{player}")), 1).await.unwrap();
    }
    players.rename(id("ming"), format!("{}Ming", prefix.replace('-', "")), 1).await.unwrap();
    let room = |name: &str, version: u64| RoomRow {
        id: id(name),
        game: "gomoku".into(),
        record: "h8 h9 1-0".into(),
        version,
        updated: 9_000 + version,
        ..RoomRow::default()
    };
    let game = |name: &str, first: &str, second: &str, result: &str, ended: u64| GameRow {
        id: id(name),
        game: "gomoku".into(),
        speed: Some("blitz".into()),
        rated: true,
        players: [Some(id(first)), Some(id(second))],
        result: result.into(),
        ratings: String::new(),
        record: format!("[Result \"{result}\"]"),
        ended,
        names: [None, None],
    };
    let finish = |name: &str, version: u64, game: GameRow| Finish { room: room(name, version), game };
    let done =
        store.finish(finish("one", 4, game("one", "ming", "lan", "1-0", 9_000)), Some(plus_100())).await;
    let done = done.unwrap().expect("written");
    assert_eq!((done.game.ratings.as_str(), done.room.extra.as_str()), ("None None", "rated"));
    assert_eq!(store.load(&id("one")).await.unwrap(), Some(done.room.clone()), "the room as rated");
    assert_eq!(players.ratings(&id("ming")).await.unwrap(), [blitz(&id("ming"), 1600.0, 100.0, 1, 9_000)]);
    assert_eq!(players.ratings(&id("lan")).await.unwrap(), [blitz(&id("lan"), 1600.0, 100.0, 1, 9_000)]);
    // The same end told again, by a second instance or after a restart, counts once.
    let again = finish("one", 4, game("one", "ming", "lan", "1-0", 9_000));
    assert_eq!(store.finish(again.clone(), Some(plus_100())).await.unwrap(), None);
    assert_eq!(store.finish(Finish { room: room("one", 5), ..again }, Some(plus_100())).await.unwrap(), None);
    assert_eq!(
        store.load(&id("one")).await.unwrap(),
        Some(done.room),
        "nothing of a refused finish is written"
    );
    assert_eq!(players.ratings(&id("ming")).await.unwrap()[0].rating, 1600.0);
    assert_eq!(players.ratings(&id("nobody")).await.unwrap(), []);

    // A second rated game starts from the ratings the first left; a casual one rates nothing.
    let second =
        store.finish(finish("two", 9, game("two", "lan", "ming", "1/2-1/2", 9_500)), Some(plus_100()));
    assert_eq!(second.await.unwrap().unwrap().game.ratings, "Some(1600.0) Some(1600.0)");
    let casual = Finish {
        room: room("three", 2),
        game: GameRow { rated: false, ..game("three", "bo", "ming", "0-1", 9_700) },
    };
    store.finish(casual, None).await.unwrap().unwrap();
    let aborted = GameRow { rated: false, ..game("four", "ming", "bo", "*", 9_800) };
    store.finish(Finish { room: room("four", 2), game: aborted }, None).await.unwrap().unwrap();
    assert_eq!(players.ratings(&id("ming")).await.unwrap(), [blitz(&id("ming"), 1700.0, 100.0, 2, 9_500)]);
    assert_eq!(players.ratings(&id("bo")).await.unwrap(), []);

    // Ming's games, newest first, a page at a time, with or without records.
    let query = |offset, limit, rated, records| GameQuery {
        player: id("ming"),
        game: None,
        rated,
        records,
        offset,
        limit,
    };
    let ids = |games: Vec<GameRow>| games.into_iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(
        ids(players.games(&query(0, 20, false, true)).await.unwrap()),
        [id("four"), id("three"), id("two"), id("one")]
    );
    assert_eq!(ids(players.games(&query(1, 2, false, true)).await.unwrap()), [id("three"), id("two")]);
    let history = players.games(&query(0, 20, true, false)).await.unwrap();
    assert_eq!(ids(history.clone()), [id("two"), id("one")], "rated alone");
    assert!(history.iter().all(|g| g.record.is_empty()), "without records");
    let page = players.games(&query(0, 1, false, true)).await.unwrap();
    let names = [Some(format!("{}Ming", prefix.replace('-', ""))), None];
    assert_eq!(page[0], GameRow { rated: false, names, ..game("four", "ming", "bo", "*", 9_800) });
    let other = GameQuery { game: Some("checkers".into()), ..query(0, 20, false, true) };
    assert_eq!(players.games(&other).await.unwrap(), []);
    // Won one, drew one, won one as the second player, and one aborted.
    let tally = players.tally(&id("ming"), None).await.unwrap();
    assert_eq!(tally, Tally { wins: 2, draws: 1, losses: 0, games: 4 });
    assert_eq!(
        players.tally(&id("bo"), Some("gomoku")).await.unwrap(),
        Tally { wins: 0, draws: 0, losses: 1, games: 2 }
    );
    assert_eq!(players.tally(&id("bo"), Some("checkers")).await.unwrap(), Tally::default());

    // The leaderboard: settled ratings (a deviation of 100) with a game since 9,200, best first.
    let leaders = players.leaders("gomoku", 110.0, 9_200, 50).await.unwrap();
    let mine: Vec<(String, f64)> = leaders
        .iter()
        .filter(|l| l.player.id.starts_with(prefix))
        .map(|l| (l.player.id.clone(), l.rating))
        .collect();
    assert_eq!(mine, [(id("lan"), 1700.0), (id("ming"), 1700.0)], "equal ratings in the ids' order");
    assert!(leaders.iter().all(|l| l.speed == "blitz"));
    assert_eq!(
        leaders.iter().find(|l| l.player.id == id("ming")).unwrap().player.name,
        Some(format!("{}Ming", prefix.replace('-', "")))
    );
    assert_eq!(
        players
            .leaders("gomoku", 110.0, 9_600, 50)
            .await
            .unwrap()
            .iter()
            .filter(|l| l.player.id.starts_with(prefix))
            .count(),
        0,
        "no game since"
    );
    // A provisional rating (bo's, a deviation of 300), however high, comes after the settled.
    let provisional: Rate = Box::new(|finish: &mut Finish, _| {
        finish.room.extra = "rated".into();
        let [bo, lan] = finish.game.players.clone().map(Option::unwrap);
        vec![blitz(&bo, 1900.0, 300.0, 1, 9_950), blitz(&lan, 1800.0, 100.0, 3, 9_950)]
    });
    store.finish(finish("six", 3, game("six", "bo", "lan", "1-0", 9_950)), Some(provisional)).await.unwrap();
    let mine: Vec<(String, f64)> = players
        .leaders("gomoku", 110.0, 9_200, 50)
        .await
        .unwrap()
        .iter()
        .filter(|l| l.player.id.starts_with(prefix))
        .map(|l| (l.player.id.clone(), l.rating))
        .collect();
    assert_eq!(mine, [(id("lan"), 1800.0), (id("ming"), 1700.0), (id("bo"), 1900.0)], "the settled first");
    // A game between one player's two devices counts once, from the first seat.
    let alone = GameRow { rated: false, ..game("five", "ming", "ming", "1-0", 9_900) };
    store.finish(Finish { room: room("five", 2), game: alone }, None).await.unwrap().unwrap();
    let tally = players.tally(&id("ming"), None).await.unwrap();
    assert_eq!(tally, Tally { wins: 3, draws: 1, losses: 0, games: 5 });
    let first = players.leaders("gomoku", 110.0, 0, 1).await.unwrap();
    assert_eq!(first.iter().filter(|l| l.speed == "blitz").count(), 1, "at most this many per speed");
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
