//! The server's binary killed (SIGKILL) as a rated game ends, again and again, and started
//! again on the same store: each game is then either over, kept once and rated once, or still
//! at the move before its end, with nothing kept or rated (and it ends now, counted once).
//! Never counted twice, never lost. On SQLite, and on the PostgreSQL at `TEST_DATABASE_URL`
//! (`--ignored`, as `postgres.rs`).

use crate::common;

use board_suite::protocol::{RatingChange, Reply, Seat};
use common::*;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The server's binary, running.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    /// Started on the SQLite store in `data`, or on the PostgreSQL at `url`, on a port of the
    /// system's choosing; once `/readyz` says it is ready.
    async fn start(data: &Path, url: Option<&str>) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_board-suite-server"))
            .env("HOST", "127.0.0.1")
            .env("PORT", "0")
            .env("DATA_DIR", data)
            .env("DATABASE_URL", url.unwrap_or(""))
            .env("SITE", data.join("no-site"))
            .env("MESSAGES_PER_SECOND", "10000")
            .env("RUST_LOG", "info")
            .env("LOG_FORMAT", "text")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Its logs go to the test's output; the port is the one it says it serves on.
        let logs = BufReader::new(child.stderr.take().unwrap());
        let (told, port) = tokio::sync::oneshot::channel();
        std::thread::spawn(move || {
            let mut told = Some(told);
            for line in logs.lines().map_while(Result::ok) {
                eprintln!("server: {line}");
                if let Some((_, address)) = line.split_once("online play on http://127.0.0.1:") {
                    let port: u16 = address.split_whitespace().next().unwrap().parse().unwrap();
                    if let Some(told) = told.take() {
                        let _ = told.send(port);
                    }
                }
            }
        });
        let port = tokio::time::timeout(Duration::from_secs(30), port).await.expect("started").unwrap();
        let mut server = Server { child, port };
        for _ in 0..300 {
            if server.ready().await {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        server.kill();
        panic!("the server was not ready within 30 s");
    }

    async fn ready(&self) -> bool {
        let Ok(mut stream) = tokio::net::TcpStream::connect(("127.0.0.1", self.port)).await else {
            return false;
        };
        let request = "GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
        let mut answer = String::new();
        stream.write_all(request.as_bytes()).await.is_ok()
            && stream.read_to_string(&mut answer).await.is_ok()
            && answer.starts_with("HTTP/1.1 200")
    }

    /// SIGKILL: no chance to finish anything.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The store, read directly.
enum Db {
    Sqlite(PathBuf),
    Postgres(tokio_postgres::Client),
}

impl Db {
    /// The games kept of `room`: whether each is rated.
    async fn kept(&self, room: &str) -> Vec<bool> {
        const KEPT: &str = "SELECT rated FROM games WHERE id = $1";
        match self {
            Db::Sqlite(file) => {
                let connection = rusqlite::Connection::open(file).unwrap();
                let mut query = connection.prepare(KEPT).unwrap();
                query
                    .query_map([room], |r| Ok(r.get::<_, i64>(0)? == 1))
                    .unwrap()
                    .map(Result::unwrap)
                    .collect()
            }
            Db::Postgres(client) => {
                client.query(KEPT, &[&room]).await.unwrap().iter().map(|r| r.get::<_, i64>(0) == 1).collect()
            }
        }
    }

    /// `player`'s Connect Four blitz rating: the games it counts, and the rating.
    async fn rating(&self, player: &str) -> Option<(u64, f64)> {
        const RATING: &str = "SELECT games, rating FROM ratings WHERE player = $1 AND game = 'connect-four' AND speed = 'blitz'";
        match self {
            Db::Sqlite(file) => {
                let connection = rusqlite::Connection::open(file).unwrap();
                let mut query = connection.prepare(RATING).unwrap();
                let mut rows =
                    query.query_map([player], |r| Ok((r.get::<_, i64>(0)? as u64, r.get(1)?))).unwrap();
                rows.next().map(Result::unwrap)
            }
            Db::Postgres(client) => client
                .query_opt(RATING, &[&player])
                .await
                .unwrap()
                .map(|r| (r.get::<_, i64>(0) as u64, r.get(1))),
        }
    }
}

fn ask(kind: &str) -> String {
    serde_json::json!({"v": 3, "type": kind}).to_string()
}

/// A device that has said hello with `key` (a new player for none): its client, its player and
/// its key.
async fn device(port: u16, key: Option<&str>) -> (Client, String, String) {
    let mut client = Client::connect(port).await;
    client.send(&serde_json::json!({"v": 3, "type": "hello", "key": key}).to_string()).await;
    let Reply::Player { id, key: new_key, .. } = client.next().await else { panic!("a player") };
    (client, id, new_key.or(key.map(str::to_owned)).unwrap())
}

/// The last state frame `client` heard: rated or not, and the rating changes.
fn rating_frame(client: &Client) -> (bool, Option<[RatingChange; 2]>) {
    let frame = client.heard.iter().rev().find_map(|text| match Reply::read(text) {
        Some(reply) => reply.room().map(|state| (state.rated, state.ratings)),
        None => None,
    });
    frame.expect("a state frame")
}

/// How a round's game ends: the first seat's winning move, or a seat's resignation.
#[derive(Clone, Copy, Debug)]
enum End {
    Win,
    Resign(Seat),
}

impl End {
    /// The turns played before the request that ends the game (each side's, one after the
    /// other), the seat that sends it, and the request.
    fn plan(self) -> (&'static [&'static str], Seat, String) {
        match self {
            // Four in the first column.
            End::Win => (&["1", "2", "1", "2", "1", "2"], Seat::First, play("1", 6)),
            End::Resign(seat) => (&["4", "4"], seat, ask("resign")),
        }
    }
}

/// When the server is killed after the ending request is sent: after a while, or once the end
/// has been heard (it is then stored).
#[derive(Clone, Copy, Debug)]
enum Kill {
    After(Duration),
    Heard,
}

/// Rounds of a rated game between the same two players, each ended with the server killed
/// at some moment and started again on the same store (`data`, or the PostgreSQL at `url`);
/// their ratings count every game that ended, once.
async fn killed_as_games_end(data: &Path, url: Option<&str>, db: Db) {
    // Storing an end takes under a millisecond on SQLite, a few on PostgreSQL: the waits are
    // closest below one.
    let waits = (0..=10).map(|n| n * 100).chain([2_000, 3_000, 4_000, 5_000]).map(Duration::from_micros);
    let mut rounds: Vec<(Kill, End)> = waits
        .enumerate()
        .map(|(n, wait)| {
            (Kill::After(wait), [End::Win, End::Resign(Seat::First), End::Resign(Seat::Second)][n % 3])
        })
        .collect();
    rounds.push((Kill::Heard, End::Win));
    rounds.push((Kill::Heard, End::Resign(Seat::Second)));

    let mut server = Server::start(data, url).await;
    let (_, ming, ming_key) = device(server.port, None).await;
    let (_, lan, lan_key) = device(server.port, None).await;
    let mut ended: u64 = 0;
    let mut seen = Vec::new();
    for (round, (kill, end)) in rounds.into_iter().enumerate() {
        let what = format!("round {round}: {kill:?}, {end:?}");
        let rated_before = (db.rating(&ming).await, db.rating(&lan).await);
        let (mut first, _, _) = device(server.port, Some(&ming_key)).await;
        let (mut second, _, _) = device(server.port, Some(&lan_key)).await;
        first
            .send(r#"{"v":3,"type":"create","game":"connect-four","time":"fischer:180+2","rated":true}"#)
            .await;
        let (room, _, first_token) = first.seat().await;
        second.send(&join(&room, None)).await;
        let (_, _, second_token) = second.seat().await;
        let tokens = [first_token.unwrap(), second_token.unwrap()];
        first.state_where(|s| s.online == [true, true]).await;
        let (turns, ender, request) = end.plan();
        for (n, turn) in turns.iter().enumerate() {
            let mover = if n % 2 == 0 { &mut first } else { &mut second };
            mover.send(&play(turn, n)).await;
            first.state_at(n + 1).await;
            second.state_at(n + 1).await;
        }
        assert!(rating_frame(&first).0, "{what}: a rated game");

        let ending = if ender == Seat::First { &mut first } else { &mut second };
        ending.send(&request).await;
        match kill {
            Kill::After(wait) => std::thread::sleep(wait),
            Kill::Heard => {
                ending.state_where(|s| s.over).await;
            }
        }
        server.kill();
        drop((first, second));
        server = Server::start(data, url).await;

        // Both players back in their seats.
        let (mut first, _, _) = device(server.port, Some(&ming_key)).await;
        first.send(&join(&room, Some(&tokens[0]))).await;
        assert_eq!(first.seat().await.1, Seat::First);
        let (mut second, _, _) = device(server.port, Some(&lan_key)).await;
        second.send(&join(&room, Some(&tokens[1]))).await;
        assert_eq!(second.seat().await.1, Seat::Second);
        let state = first.state_where(|s| s.online == [true, true] || s.over).await;
        seen.push(state.over);
        if state.over {
            // Stored whole: the room, the game and both ratings.
            assert_eq!(db.kept(&room).await, [true], "{what}: kept once, rated");
        } else {
            // Nothing of the end was stored: the game is at the move before, nothing kept, no
            // rating moved. It ends now.
            assert!(matches!(kill, Kill::After(_)), "{what}: the end was heard, yet not stored");
            assert_eq!(state.turns, turns.len(), "{what}");
            assert_eq!(db.kept(&room).await, [false; 0], "{what}: nothing kept");
            assert_eq!(
                (db.rating(&ming).await, db.rating(&lan).await),
                rated_before,
                "{what}: nothing rated"
            );
            assert_eq!(rating_frame(&first), (true, None), "{what}");
            second.state_where(|s| s.online == [true, true]).await;
            let ending = if ender == Seat::First { &mut first } else { &mut second };
            ending.send(&request).await;
            first.state_where(|s| s.over).await;
            assert_eq!(db.kept(&room).await, [true], "{what}: kept once, rated");
        }
        ended += 1;

        // Counted once for each player, and the room shows the change the store holds.
        let (rated, changes) = rating_frame(&first);
        let changes = changes.unwrap_or_else(|| panic!("{what}: the end shows the ratings"));
        assert!(rated, "{what}");
        for (side, (player, before)) in
            [(&ming, rated_before.0), (&lan, rated_before.1)].into_iter().enumerate()
        {
            let (games, rating) = db.rating(player).await.unwrap_or_else(|| panic!("{what}: rated"));
            assert_eq!(games, ended, "{what}: every game ended counted once");
            assert_eq!(changes[side].after, rating.round() as i64, "{what}");
            let before = before.map_or(1500, |(_, rating)| rating.round() as i64);
            assert_eq!(changes[side].before, before, "{what}: rated from the rating before");
        }
    }
    // Which way each round went (over when back, or at the move before), for whoever reads.
    eprintln!("over when started again, round by round: {seen:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_as_rated_games_end_counts_each_once_on_sqlite() {
    let data = data_dir("crash");
    std::fs::create_dir_all(&data).unwrap();
    let db = Db::Sqlite(data.join("rooms.sqlite"));
    killed_as_games_end(&data, None, db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test.sh starts one and sets TEST_DATABASE_URL"]
async fn a_server_killed_as_rated_games_end_counts_each_once_on_postgresql() {
    let url = std::env::var("TEST_DATABASE_URL").expect("TEST_DATABASE_URL names a PostgreSQL");
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    let data = data_dir("crash-postgres");
    std::fs::create_dir_all(&data).unwrap();
    killed_as_games_end(&data, Some(&url), Db::Postgres(client)).await;
}
