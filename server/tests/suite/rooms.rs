//! The rooms on tokio's paused time, with no sockets: a room's alarm, set again by each change,
//! and what it does today (an idle room goes at its deadline).

use board_suite::protocol::{ErrorCode, Reply};
use board_suite::rules::Player;
use board_suite_server::clock::Clock;
use board_suite_server::rooms::{Action, Client, Hub, Limits, Outbox, Push};
use board_suite_server::store::{Memory, Pending, RoomRow, Store};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::Receiver;

fn client(id: u64) -> (Client, Receiver<Push>) {
    let (outbox, pushed) = Outbox::new(64);
    (Client { id, address: [127, 0, 0, 1].into(), outbox, player: None }, pushed)
}

fn hub(store: Arc<Memory>) -> Arc<Hub> {
    Hub::new(store, Limits { idle_seconds: 60, ..Limits::default() }, Clock::starting_at(1_000_000_000))
}

#[tokio::test(start_paused = true)]
async fn an_idle_room_goes_at_its_deadline_which_each_change_moves() {
    let store = Arc::new(Memory::default());
    let hub = hub(store.clone());
    let (first, _pushed) = client(1);
    let room = hub.create(&first, "connect-four", "", "", false, false).await.ok().unwrap().room;
    // 30 s on, a turn: the deadline moves from 60 s to 90 s.
    tokio::time::sleep(Duration::from_secs(30)).await;
    let turn = Action::Move { turn: "4".into(), turns: 0, round_trip_ms: 0 };
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
    let id =
        hub(store.clone()).create(&first, "gomoku", "", "", false, false).await.ok().unwrap().room.id.clone();
    // Another hub (a restarted server) reads the room when a device comes back, 50 s on.
    tokio::time::sleep(Duration::from_secs(50)).await;
    let hub = hub(store.clone());
    let (back, _pushed) = client(3);
    let room = hub.join(&back, &id, None).await.ok().unwrap().room;
    // A refused turn changes nothing: the deadline stays 60 s after the room was made.
    let illegal = Action::Move { turn: "z99".into(), turns: 0, round_trip_ms: 0 };
    assert!(hub.act(&room, Some(Player::First), illegal).await.is_err());
    // Joining took the free seat, a change: 50 s + 60 s.
    tokio::time::sleep(Duration::from_secs(59)).await;
    assert!(store.load(&id).await.unwrap().is_some());
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(store.load(&id).await.unwrap(), None);
}

/// A store whose writes take a second: a turn is being stored while something else happens.
struct Slow(Memory);

impl Store for Slow {
    fn save(&self, row: RoomRow) -> Pending<'_, bool> {
        Box::pin(async move {
            tokio::time::sleep(Duration::from_secs(1)).await;
            self.0.save(row).await
        })
    }
    fn load<'a>(&'a self, id: &'a str) -> Pending<'a, Option<RoomRow>> {
        self.0.load(id)
    }
    fn remove<'a>(&'a self, id: &'a str, version: u64) -> Pending<'a, bool> {
        self.0.remove(id, version)
    }
    fn idle(&self, before: u64, limit: usize) -> Pending<'_, Vec<(String, u64)>> {
        self.0.idle(before, limit)
    }
    fn lobby(&self, now: u64, since: u64, limit: usize) -> Pending<'_, board_suite_server::store::LobbyRows> {
        self.0.lobby(now, since, limit)
    }
    fn finish(
        &self,
        finish: board_suite_server::store::Finish,
        rate: Option<board_suite_server::store::Rate>,
    ) -> Pending<'_, Option<board_suite_server::store::Finish>> {
        self.0.finish(finish, rate)
    }
    fn players(&self) -> &dyn board_suite_server::store::Players {
        self.0.players()
    }
}

/// The hourly sweep runs while a turn of a room that was about to go idle is being stored.
/// It once deleted the row and dropped the room from memory under the players' feet: the turn
/// then wrote the row again, and the next device to come read a second copy of the room, which
/// the players' turns never reached.
#[tokio::test(start_paused = true)]
async fn the_idle_sweep_neither_loses_nor_forks_a_room_being_played() {
    let store = Arc::new(Slow(Memory::default()));
    let hub = Hub::new(
        store.clone(),
        Limits { idle_seconds: 60, ..Limits::default() },
        Clock::starting_at(1_000_000_000),
    );
    let start = tokio::time::Instant::now();
    let (first, _first_pushed) = client(1);
    let (second, _second_pushed) = client(2);
    let room = hub.create(&first, "connect-four", "", "", false, false).await.ok().unwrap().room;
    // Joined (a change) 1 s in, stored at 2 s: the room's deadline is 61 s.
    hub.join(&second, &room.id, None).await.ok().unwrap();
    // Just before that, a turn; its write takes a second, and the sweep runs while it is
    // being made, after the deadline the room had.
    tokio::time::sleep_until(start + Duration::from_millis(60_500)).await;
    let turn = {
        let (hub, room) = (hub.clone(), room.clone());
        tokio::spawn(async move {
            hub.act(&room, Some(Player::First), Action::Move { turn: "4".into(), turns: 0, round_trip_ms: 0 })
                .await
        })
    };
    tokio::time::sleep(Duration::from_millis(700)).await;
    hub.remove_idle().await;
    assert!(turn.await.unwrap().is_ok(), "the turn is played");
    // Another turn, then a third device: it sees both, in the one room the players are in.
    assert!(
        hub.act(&room, Some(Player::Second), Action::Move { turn: "4".into(), turns: 1, round_trip_ms: 0 })
            .await
            .is_ok()
    );
    let (third, mut pushed) = client(3);
    let watched = hub.join(&third, &room.id, None).await.ok().unwrap().room;
    assert!(Arc::ptr_eq(&watched, &room), "one room in memory, not two");
    let mut turns = None;
    while let Ok(Push::Frame(frame)) = pushed.try_recv() {
        if let Some(state) = Reply::read(&frame).as_ref().and_then(Reply::room) {
            turns = Some(state.turns);
        }
    }
    assert_eq!(turns, Some(2));
    assert_eq!(store.load(&room.id).await.unwrap().unwrap().version, 4, "stored: made, joined, two turns");
}

/// A room idle past its deadline, still held by a device, cannot be written back once it has
/// gone: the device is told the room was removed.
#[tokio::test(start_paused = true)]
async fn a_room_that_went_idle_is_not_written_back_by_a_device_still_holding_it() {
    let store = Arc::new(Memory::default());
    let hub = hub(store.clone());
    let (first, _pushed) = client(1);
    let room = hub.create(&first, "gomoku", "", "", false, false).await.ok().unwrap().room;
    tokio::time::sleep(Duration::from_secs(61)).await;
    assert_eq!(store.load(&room.id).await.unwrap(), None);
    let turn = Action::Move { turn: "h8".into(), turns: 0, round_trip_ms: 0 };
    assert!(matches!(
        hub.act(&room, Some(Player::First), turn).await,
        Err(Reply::Error { code: ErrorCode::NoRoom, .. })
    ));
    assert_eq!(store.load(&room.id).await.unwrap(), None, "not stored again");
}

/// Frames waiting in a connection's queue.
fn queued(pushed: &mut Receiver<Push>) -> usize {
    let mut frames = 0;
    while pushed.try_recv().is_ok() {
        frames += 1;
    }
    frames
}

/// Memory stays bounded: 10,000 games played to the end by devices that then go leave no room
/// in memory (each is read back from the store when asked for); a spectator that never reads
/// holds a few frames and is then let go; and a crowd coming and going costs the players
/// nothing.
#[tokio::test(start_paused = true)]
async fn finished_rooms_and_a_spectator_that_never_reads_leave_memory_bounded() {
    let store = Arc::new(Memory::default());
    let hub = hub(store.clone());
    let mut last = None;
    for n in 0..10_000u64 {
        let (first, _pushed) = client(2 * n + 10);
        let (second, _pushed_too) = client(2 * n + 11);
        let room = hub.create(&first, "gomoku", "", "", false, false).await.ok().unwrap().room;
        hub.join(&second, &room.id, None).await.ok().unwrap();
        assert!(hub.act(&room, Some(Player::Second), Action::Resign).await.is_ok());
        hub.leave(&first, &room).await;
        hub.leave(&second, &room).await;
        last = Some(room.id.clone());
    }
    assert_eq!(hub.rooms_in_memory(), 0, "finished and unwatched: none in memory");
    // Asked for, a finished room is read back, and leaves again with its last device.
    let (late, mut pushed) = client(1);
    let room = hub.join(&late, last.as_deref().unwrap(), None).await.ok().unwrap().room;
    assert_eq!(hub.rooms_in_memory(), 1);
    assert!(queued(&mut pushed) >= 2, "its seat frame and the state");
    hub.leave(&late, &room).await;
    assert_eq!(hub.rooms_in_memory(), 0);
    assert_eq!(hub.metrics.rooms_loaded.load(std::sync::atomic::Ordering::Relaxed), 1);

    // A game in play, a spectator that never reads, and a crowd of 300 coming and going.
    let (first, mut first_pushed) = client(1_000_001);
    let (second, mut second_pushed) = client(1_000_002);
    let room = hub.create(&first, "connect-four", "", "", false, false).await.ok().unwrap().room;
    hub.join(&second, &room.id, None).await.ok().unwrap();
    queued(&mut first_pushed);
    queued(&mut second_pushed);
    let (deaf, _never_read) = {
        let (outbox, pushed) = Outbox::new(8);
        (Client { id: 1_000_003, address: [127, 0, 0, 1].into(), outbox, player: None }, pushed)
    };
    hub.join(&deaf, &room.id, None).await.ok().unwrap();
    let mut crowd = Vec::new();
    for n in 0..300 {
        let (spectator, pushed) = client(2_000_000 + n);
        hub.join(&spectator, &room.id, None).await.ok().unwrap();
        crowd.push((spectator, pushed));
    }
    for (spectator, _) in crowd.drain(..150) {
        hub.leave(&spectator, &room).await;
    }
    assert_eq!(
        (queued(&mut first_pushed), queued(&mut second_pushed)),
        (0, 0),
        "the crowd is no news to the players"
    );
    // Turns: every watcher hears each; the deaf one's queue fills, and it is let go.
    for turns in 0..20 {
        let column = ["1", "2", "3", "4", "5", "6", "7"][turns % 7];
        let seat = if turns % 2 == 0 { Player::First } else { Player::Second };
        assert!(
            hub.act(&room, Some(seat), Action::Move { turn: column.into(), turns, round_trip_ms: 0 })
                .await
                .is_ok(),
            "{turns}"
        );
    }
    assert_eq!(queued(&mut first_pushed), 20);
    assert_eq!(hub.watching(&room).await, 2 + 150, "the seats and the crowd left; not the deaf one");
    assert_eq!(hub.rooms_in_memory(), 1);
}
