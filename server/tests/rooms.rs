//! The rooms on tokio's paused time, with no sockets: a room's alarm, set again by each change,
//! and what it does today (an idle room goes at its deadline).

use board_suite::rules::Player;
use board_suite_server::clock::Clock;
use board_suite_server::protocol::{ErrorCode, Reply};
use board_suite_server::rooms::{Action, Client, Hub, Limits, Outbox, Push};
use board_suite_server::store::{Memory, Store};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::Receiver;

fn client(id: u64) -> (Client, Receiver<Push>) {
    let (outbox, pushed) = Outbox::new(64);
    (Client { id, address: [127, 0, 0, 1].into(), outbox }, pushed)
}

fn hub(store: Arc<Memory>) -> Arc<Hub> {
    Hub::new(store, Limits { idle_seconds: 60, ..Limits::default() }, Clock::starting_at(1_000_000_000))
}

#[tokio::test(start_paused = true)]
async fn an_idle_room_goes_at_its_deadline_which_each_change_moves() {
    let store = Arc::new(Memory::default());
    let hub = hub(store.clone());
    let (first, _pushed) = client(1);
    let room = hub.create(&first, "connect-four", "").await.ok().unwrap().room;
    // 30 s on, a turn: the deadline moves from 60 s to 90 s.
    tokio::time::sleep(Duration::from_secs(30)).await;
    let turn = Action::Move { turn: "4".into(), turns: 0 };
    assert!(hub.act(&room, Some(Player::First), turn).await.is_ok());
    tokio::time::sleep(Duration::from_secs(59)).await;
    assert!(store.load(&room.id).await.unwrap().is_some(), "kept past its first deadline");
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(store.load(&room.id).await.unwrap(), None, "removed at its deadline");
    // Gone from memory too.
    let (other, _pushed) = client(2);
    let joined = hub.join(&other, &room.id, None).await;
    assert!(matches!(joined, Err(Reply::Error { code: ErrorCode::NoRoom, .. })));
}

#[tokio::test(start_paused = true)]
async fn a_room_read_from_the_store_sets_its_alarm_and_a_refused_change_keeps_it() {
    let store = Arc::new(Memory::default());
    let (first, _pushed) = client(1);
    let id = hub(store.clone()).create(&first, "gomoku", "").await.ok().unwrap().room.id.clone();
    // Another hub (a restarted server) reads the room when a device comes back, 50 s on.
    tokio::time::sleep(Duration::from_secs(50)).await;
    let hub = hub(store.clone());
    let (back, _pushed) = client(3);
    let room = hub.join(&back, &id, None).await.ok().unwrap().room;
    // A refused turn changes nothing: the deadline stays 60 s after the room was made.
    let illegal = Action::Move { turn: "z99".into(), turns: 0 };
    assert!(hub.act(&room, Some(Player::First), illegal).await.is_err());
    // Joining took the free seat, a change: 50 s + 60 s.
    tokio::time::sleep(Duration::from_secs(59)).await;
    assert!(store.load(&id).await.unwrap().is_some());
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(store.load(&id).await.unwrap(), None);
}
