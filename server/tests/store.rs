//! The stores: the same contract for memory and SQLite (PostgreSQL's is in `postgres.rs`), and
//! a store written before the schema had versions, opened, upgraded and played on.

mod common;

use board_suite::rules::Termination;
use board_suite_server::clock::Clock;
use board_suite_server::protocol::Seat;
use board_suite_server::store::{Memory, RoomRow, SCHEMA, Sqlite, Store};
use common::*;

#[tokio::test]
async fn memory_keeps_the_contract() {
    store_contract(&Memory::default(), "").await;
}

#[tokio::test]
async fn sqlite_keeps_the_contract() {
    let data = data_dir("contract");
    store_contract(&Sqlite::open(&data).unwrap(), "").await;
}

/// The store `tests/data/rooms-v0.sqlite`, as its rooms and seats' tokens (`tests/data/README.md`).
const OLD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rooms-v0.sqlite");
const CHECKERS: (&str, &str, &str) =
    ("33x8dnez6x", "ba5df59b47d59999b127647ec7fe8a3b", "52b3aadd569d4e7ca8bb1dfb0a91d52c");
const DARK_CHESS: (&str, &str) = ("9qp97nqnj9", "c6875ee29a2f0357631b118063a1e33e");
const CONNECT_FOUR: (&str, &str) = ("7whc2s8nmc", "2bdea3fc4b8b91af394a531b1e9db023");
const GOMOKU: (&str, &str) = ("qj2v25m9w3", "c8f01fa0dc76ff35be3bfaf7573e6a1d");
const FIVE_TIGERS: (&str, &str) = ("zgufevnr42", "91665948a63151c795cc1439b97cd56d");

fn rows(file: &std::path::Path) -> Vec<RoomRow> {
    let connection = rusqlite::Connection::open(file).unwrap();
    let mut query = connection
        .prepare("SELECT id, game, record, first_seat, second_seat, offer, version, updated FROM rooms ORDER BY id")
        .unwrap();
    query
        .query_map([], |r| {
            Ok(RoomRow {
                id: r.get(0)?,
                game: r.get(1)?,
                record: r.get(2)?,
                seats: [r.get(3)?, r.get(4)?],
                offer: r.get(5)?,
                version: r.get::<_, i64>(6)? as u64,
                updated: r.get::<_, i64>(7)? as u64,
            })
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

fn schema_version(file: &std::path::Path) -> Option<u64> {
    let connection = rusqlite::Connection::open(file).unwrap();
    connection
        .query_row("SELECT version FROM schema_version", [], |r| r.get::<_, i64>(0))
        .ok()
        .map(|v| v as u64)
}

/// A device with a room's token, back in its seat.
async fn seated(port: u16, (room, token): (&str, &str)) -> (Client, Seat) {
    let mut client = Client::connect(port).await;
    client.send(&join(room, Some(token))).await;
    let seat = client.seat().await.1;
    (client, seat)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_from_before_schema_versions_opens_upgraded_and_its_rooms_resume() {
    let data = data_dir("upgrade");
    std::fs::create_dir_all(&data).unwrap();
    let file = data.join("rooms.sqlite");
    std::fs::copy(OLD, &file).unwrap();
    let before = rows(&file);
    assert_eq!((before.len(), schema_version(&file)), (5, None), "a store of version 0");

    // Opened: at this server's version, every row as it was, its time now in milliseconds.
    let store = Sqlite::open(&data).unwrap();
    assert_eq!(schema_version(&file), Some(SCHEMA));
    for old in &before {
        let upgraded = store.load(&old.id).await.unwrap().unwrap();
        assert_eq!(upgraded, RoomRow { updated: old.updated * 1000, ..old.clone() });
    }
    drop(store);
    // Opened again: nothing more to do.
    Sqlite::open(&data).unwrap();
    assert_eq!(schema_version(&file), Some(SCHEMA));
    assert_eq!(
        rows(&file).iter().map(|r| r.updated).collect::<Vec<_>>(),
        before.iter().map(|r| r.updated * 1000).collect::<Vec<_>>()
    );

    // A server on it, its clock just after the last change, resumes every room.
    let mut config = config(&data, None, fast());
    let last = before.iter().map(|r| r.updated * 1000).max().unwrap();
    config.clock = Clock::starting_at(last + 60_000);
    let port = start_with(config).await;
    // Checkers in play: both seats back, and a turn played.
    let (room, first_token, second_token) = CHECKERS;
    let (mut first, seat) = seated(port, (room, first_token)).await;
    assert_eq!(seat, Seat::First);
    let (mut second, seat) = seated(port, (room, second_token)).await;
    assert_eq!(seat, Seat::Second);
    let state = first.state_where(|s| s.online == [true, true]).await;
    assert_eq!((state.turns, state.over), (6, false));
    first.send(&play(&pick("checkers", &state.record, 1), 6)).await;
    assert_eq!(second.state_at(7).await.turns, 7);
    // Dark chess in play: its shuffle kept in the store, and never sent.
    let (mut dark, seat) = seated(port, DARK_CHESS).await;
    assert_eq!(seat, Seat::First);
    let state = dark.state().await;
    assert_eq!((state.turns, state.over), (5, false));
    assert!(!state.record.contains("Seed"), "{}", state.record);
    // Connect Four won, gomoku resigned: over, with their results.
    let (mut won, _) = seated(port, CONNECT_FOUR).await;
    let state = won.state().await;
    assert!(state.over && state.record.contains("[Result \"1-0\"]"), "{}", state.record);
    // A record stored without a reason is read with one.
    assert_eq!(state.termination, Some(Termination::Rules));
    let (mut resigned, seat) = seated(port, GOMOKU).await;
    assert_eq!(seat, Seat::Second);
    let state = resigned.state().await;
    assert!(state.over && state.record.contains("1. h8 h9 1-0"), "{}", state.record);
    assert_eq!(state.termination, Some(Termination::Resignation));
    // Five Tigers with a draw offered: the offer stands.
    let (mut offered, seat) = seated(port, FIVE_TIGERS).await;
    assert_eq!(seat, Seat::Second);
    let state = offered.state().await;
    assert_eq!((state.turns, state.offer), (2, true));
}

#[tokio::test]
async fn a_store_from_a_newer_server_is_refused() {
    let data = data_dir("newer");
    drop(Sqlite::open(&data).unwrap());
    let file = data.join("rooms.sqlite");
    rusqlite::Connection::open(&file).unwrap().execute("UPDATE schema_version SET version = 99", []).unwrap();
    let error = Sqlite::open(&data).err().expect("refused");
    assert!(error.0.contains("newer"), "{}", error.0);
    assert_eq!(schema_version(&file), Some(99), "left as it was");
}
