//! Clocks, abort, claims, rematch, seeks, chat and quick match by rating, on tokio's paused
//! time through the server's injected clock: no real sleeps, every instant exact.

use board_suite::protocol::{Claim, Offer, Said, Seat};
use board_suite::protocol::{ErrorCode, Reply, RoomState};
use board_suite::rules::{Player, Termination};
use board_suite_server::clock::Clock;
use board_suite_server::rooms::{Action, Client, Hub, Limits, Outbox, Push, RoomCell};
use board_suite_server::store::{Memory, Store};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::Receiver;

const START: u64 = 1_000_000_000;

/// The room a frame tells of, whole or changed.
fn told(reply: Reply) -> RoomState {
    reply.room().cloned().unwrap_or_else(|| panic!("a frame of the room, not {reply:?}"))
}

/// The room whole, and its record.
fn whole(reply: Reply) -> (RoomState, String) {
    match reply {
        Reply::State { state, record } => (*state, record),
        other => panic!("the room whole, not {other:?}"),
    }
}

struct Device {
    client: Client,
    pushed: Receiver<Push>,
    /// The token of the last seat frame that carried one.
    seat_token: Option<String>,
}

impl Device {
    fn new(id: u64) -> Device {
        let (outbox, pushed) = Outbox::new(256);
        Device {
            client: Client { id, address: [127, 0, 0, 1].into(), outbox, player: None },
            pushed,
            seat_token: None,
        }
    }

    /// Every frame sent so far, read.
    fn frames(&mut self) -> Vec<Reply> {
        let mut frames = Vec::new();
        while let Ok(push) = self.pushed.try_recv() {
            if let Push::Frame(text) = push {
                let frame = Reply::read(&text).expect("a frame the page reads");
                if let Reply::Seat { token: Some(token), .. } = &frame {
                    self.seat_token = Some(token.clone());
                }
                frames.push(frame);
            }
        }
        frames
    }

    /// The last frame of the room (whole, or a change) sent so far.
    fn state(&mut self) -> Reply {
        self.frames().into_iter().rev().find(|f| f.room().is_some()).expect("a frame of the room")
    }

    /// The last frame of the room whole sent so far.
    fn whole(&mut self) -> Reply {
        self.frames().into_iter().rev().find(|f| matches!(f, Reply::State { .. })).expect("the room whole")
    }

    /// The last lobby frame sent so far.
    fn lobby(&mut self) -> Reply {
        self.frames().into_iter().rev().find(|f| matches!(f, Reply::Lobby { .. })).expect("a lobby frame")
    }

    /// The token of the last seat frame that carried one.
    fn token(&mut self) -> Option<String> {
        self.frames();
        self.seat_token.clone()
    }
}

fn hub(store: Arc<Memory>) -> Arc<Hub> {
    Hub::new(store, Limits::default(), Clock::starting_at(START))
}

fn code(result: Result<(), Reply>) -> Option<ErrorCode> {
    match result {
        Err(Reply::Error { code, .. }) => Some(code),
        _ => None,
    }
}

fn play(turn: &str, turns: usize) -> Action {
    Action::Move { turn: turn.into(), turns, round_trip_ms: 0 }
}

/// A room of Connect Four under `time`, both seats taken, and the two devices.
async fn table(hub: &Hub, time: &str) -> (Arc<RoomCell>, Device, Device) {
    let (mut first, mut second) = (Device::new(1), Device::new(2));
    let room = hub.create(&first.client, "connect-four", "", time, false, false).await.ok().unwrap().room;
    hub.join(&second.client, &room.id, None).await.ok().unwrap();
    first.frames();
    second.frames();
    (room, first, second)
}

/// Both sides' first moves, at once.
async fn opening(hub: &Hub, room: &Arc<RoomCell>) {
    hub.act(room, Some(Player::First), play("4", 0)).await.unwrap();
    hub.act(room, Some(Player::Second), play("4", 1)).await.unwrap();
}

fn advance(ms: u64) -> impl Future<Output = ()> {
    tokio::time::sleep(Duration::from_millis(ms))
}

#[tokio::test(start_paused = true)]
async fn a_side_out_of_time_loses_at_that_instant_with_no_message() {
    let store = Arc::new(Memory::default());
    let hub = hub(store.clone());
    let (room, mut first, mut second) = table(&hub, "fischer:15+0").await;
    // The clocks wait for both first moves.
    advance(20_000).await;
    opening(&hub, &room).await;
    let RoomState { clocks, running, .. } = told(second.state());
    assert_eq!((clocks, running), (Some([15_000, 15_000]), Some(Seat::First)));
    advance(14_999).await;
    tokio::task::yield_now().await;
    let RoomState { over, clocks, .. } = told(store_state(&hub, &room).await);
    assert_eq!((over, clocks), (false, Some([1, 15_000])));
    advance(1).await;
    // The alarm has run: stored, and everyone told, at the very instant.
    for _ in 0..10 {
        tokio::task::yield_now().await;
    }
    let row = store.load(&room.id).await.unwrap().unwrap();
    assert_eq!(row.updated, START + 20_000 + 15_000, "ended at the flag's instant");
    assert!(
        row.record.contains("[Termination \"time-forfeit\"]") && row.record.contains("0-1"),
        "{}",
        row.record
    );
    assert!(row.record.contains("[TimeControl \"15+0\"]"), "{}", row.record);
    for device in [&mut first, &mut second] {
        let RoomState { over, termination, clocks, running, .. } = told(device.state());
        assert_eq!(
            (over, termination, clocks, running),
            (true, Some(Termination::TimeForfeit), Some([0, 15_000]), None)
        );
    }
    // A move after the flag is refused.
    assert_eq!(code(hub.act(&room, Some(Player::First), play("4", 2)).await), Some(ErrorCode::GameOver));
}

/// The room's state as a device entering now would see it.
async fn store_state(hub: &Hub, room: &RoomCell) -> Reply {
    hub.state_of(room).await
}

#[tokio::test(start_paused = true)]
async fn each_move_is_charged_gets_its_increment_and_at_most_500_ms_of_lag_back() {
    let hub = hub(Arc::new(Memory::default()));
    let (room, _first, mut second) = table(&hub, "fischer:60+2").await;
    opening(&hub, &room).await;
    advance(10_000).await;
    // A round trip of 300 ms: 150 ms given back.
    let moved = Action::Move { turn: "3".into(), turns: 2, round_trip_ms: 300 };
    hub.act(&room, Some(Player::First), moved).await.unwrap();
    // The turn's frame carries the mover's time left, as the record's clock keeps it.
    let Reply::Change { state, clock, .. } = second.state() else { panic!("a turn's change") };
    assert_eq!((state.clocks, state.running), (Some([60_000 - 9_850 + 2_000, 60_000]), Some(Seat::Second)));
    assert_eq!(clock, Some(60_000 - 9_850 + 2_000));
    let (_, record) = whole(hub.state_of(&room).await);
    assert!(record.contains("{[%clk 0:00:53]}"), "{record}");
    advance(5_000).await;
    // A round trip of 4 s: no more than 500 ms given back.
    let moved = Action::Move { turn: "3".into(), turns: 3, round_trip_ms: 4_000 };
    hub.act(&room, Some(Player::Second), moved).await.unwrap();
    let RoomState { clocks, .. } = told(second.state());
    assert_eq!(clocks, Some([52_150, 60_000 - 4_500 + 2_000]));
}

#[tokio::test(start_paused = true)]
async fn a_game_may_be_aborted_until_both_sides_have_moved() {
    let hub = hub(Arc::new(Memory::default()));
    let (room, _first, mut second) = table(&hub, "untimed").await;
    hub.act(&room, Some(Player::First), play("4", 0)).await.unwrap();
    hub.act(&room, Some(Player::Second), Action::Abort).await.unwrap();
    let (RoomState { over, termination, .. }, record) = whole(second.state());
    assert_eq!((over, termination), (true, Some(Termination::Aborted)));
    assert!(record.contains("[Result \"*\"]") && record.contains("[Termination \"aborted\"]"), "{record}");
    // Both moved: too late.
    let (room, _first, _second) = table(&hub, "untimed").await;
    opening(&hub, &room).await;
    assert_eq!(code(hub.act(&room, Some(Player::First), Action::Abort).await), Some(ErrorCode::CannotAbort));
    // Spectators cannot.
    assert_eq!(code(hub.act(&room, None, Action::Abort).await), Some(ErrorCode::NotSeated));
}

#[tokio::test(start_paused = true)]
async fn a_first_move_not_made_in_time_aborts_the_game() {
    let store = Arc::new(Memory::default());
    let hub = hub(store.clone());
    // Timed: 30 s for each side's first move, from the game's start.
    let (room, _first, mut second) = table(&hub, "fischer:180+2").await;
    let RoomState { abort_in, .. } = told(store_state(&hub, &room).await);
    assert_eq!(abort_in, Some(30_000));
    advance(29_000).await;
    hub.act(&room, Some(Player::First), play("4", 0)).await.unwrap();
    // The second side has its own 30 s from the first move.
    advance(29_999).await;
    assert!(!store.load(&room.id).await.unwrap().unwrap().record.contains("aborted"));
    advance(1).await;
    for _ in 0..10 {
        tokio::task::yield_now().await;
    }
    let RoomState { termination, .. } = told(second.state());
    assert_eq!(termination, Some(Termination::Aborted));
    // Untimed between friends: no limit.
    let (room, _first, _second) = table(&hub, "").await;
    advance(120_000).await;
    let RoomState { over, abort_in, .. } = told(store_state(&hub, &room).await);
    assert_eq!((over, abort_in), (false, None));
    // Untimed between strangers (quick match): the limit applies.
    let (first, mut second) = (Device::new(7), Device::new(8));
    assert!(hub.quick(&first.client, "gomoku", "", "untimed", false).await.unwrap().is_none());
    let room = hub.quick(&second.client, "gomoku", "", "untimed", false).await.unwrap().unwrap().room;
    advance(30_000).await;
    for _ in 0..10 {
        tokio::task::yield_now().await;
    }
    let RoomState { termination, .. } = told(second.state());
    assert_eq!(termination, Some(Termination::Aborted), "room {}", room.id);
}

#[tokio::test(start_paused = true)]
async fn a_win_may_be_claimed_only_on_the_away_players_turn_after_the_delay() {
    let hub = hub(Arc::new(Memory::default()));
    // 15 s: the delay is its least, 10 s.
    let (room, mut first, mut second) = table(&hub, "fischer:180+0").await;
    opening(&hub, &room).await;
    let claim = |what| Action::Claim(what);
    // Present: no claim.
    assert_eq!(
        code(hub.act(&room, Some(Player::Second), claim(Claim::Win)).await),
        Some(ErrorCode::CannotClaim)
    );
    // The first player goes on their own turn.
    let token = first.token();
    hub.leave(&first.client, &room).await;
    let RoomState { claim_in, online, .. } = told(second.state());
    let delay = board_suite::rules::clock::TimeControl::Fischer { base: 180, increment: 0 }.claim_delay_ms();
    assert_eq!((claim_in, online), (Some(delay), [false, true]));
    advance(delay - 1).await;
    assert_eq!(
        code(hub.act(&room, Some(Player::Second), claim(Claim::Win)).await),
        Some(ErrorCode::CannotClaim)
    );
    // Back in time: the claim is off; gone again, the delay starts again.
    hub.join(&first.client, &room.id, token.as_deref()).await.ok().unwrap();
    let RoomState { claim_in, .. } = told(second.state());
    assert_eq!(claim_in, None);
    hub.leave(&first.client, &room).await;
    advance(delay - 1).await;
    assert_eq!(
        code(hub.act(&room, Some(Player::Second), claim(Claim::Win)).await),
        Some(ErrorCode::CannotClaim)
    );
    advance(1).await;
    hub.act(&room, Some(Player::Second), claim(Claim::Win)).await.unwrap();
    let (RoomState { termination, .. }, record) = whole(second.state());
    assert_eq!(termination, Some(Termination::Abandoned));
    assert!(record.contains("[Result \"0-1\"]"), "{record}");
    // Never on one's own turn: the second player away while the first is to move.
    let (room, mut first, second) = table(&hub, "untimed").await;
    hub.leave(&second.client, &room).await;
    advance(3_600_000).await;
    assert_eq!(
        code(hub.act(&room, Some(Player::First), claim(Claim::Draw)).await),
        Some(ErrorCode::CannotClaim)
    );
    let RoomState { claim_in, .. } = told(first.state());
    assert_eq!(claim_in, None, "no countdown during one's own turn");
    // A draw is claimed the same way.
    hub.act(&room, Some(Player::First), play("1", 0)).await.unwrap();
    advance(40_000).await;
    hub.act(&room, Some(Player::First), claim(Claim::Draw)).await.unwrap();
    let (RoomState { termination, .. }, record) = whole(first.state());
    assert_eq!(termination, Some(Termination::Abandoned));
    assert!(record.contains("[Result \"1/2-1/2\"]"), "{record}");
}

#[tokio::test(start_paused = true)]
async fn a_rematch_swaps_the_colours_and_keeps_rules_and_clock() {
    let hub = hub(Arc::new(Memory::default()));
    let (mut first, mut second) = (Device::new(1), Device::new(2));
    let room = hub
        .create(&first.client, "gomoku", r#"[Rules "renju"]"#, "fischer:300+3", false, false)
        .await
        .ok()
        .unwrap()
        .room;
    let first_token = first.token();
    hub.join(&second.client, &room.id, None).await.ok().unwrap();
    let second_token = second.token();
    // Not while the game runs.
    assert_eq!(
        code(hub.act(&room, Some(Player::First), Action::Offer(Offer::Rematch)).await),
        Some(ErrorCode::NotOver)
    );
    hub.act(&room, Some(Player::First), Action::Resign).await.unwrap();
    hub.act(&room, Some(Player::First), Action::Offer(Offer::Rematch)).await.unwrap();
    hub.act(&room, Some(Player::Second), Action::Answer(true)).await.unwrap();
    let RoomState { next, .. } = told(first.state());
    let next = next.expect("the rematch's room");
    // Each token holds the other seat there.
    let (mut again_first, mut again_second) = (Device::new(11), Device::new(12));
    assert_eq!(
        hub.join(&again_first.client, &next, first_token.as_deref()).await.ok().unwrap().seat,
        Some(Player::Second)
    );
    assert_eq!(
        hub.join(&again_second.client, &next, second_token.as_deref()).await.ok().unwrap().seat,
        Some(Player::First)
    );
    let (RoomState { time, over, turns, .. }, record) = whole(again_first.whole());
    assert_eq!((time.as_str(), over, turns), ("fischer:300+3", false, 0));
    assert!(record.contains(r#"[Rules "renju"]"#), "{record}");
    again_second.frames();
}

#[tokio::test(start_paused = true)]
async fn seeks_are_listed_taken_once_and_go_when_their_maker_leaves_or_in_15_minutes() {
    let hub = hub(Arc::new(Memory::default()));
    let (mut maker, mut watcher, mut taker) = (Device::new(1), Device::new(2), Device::new(3));
    hub.follow_lobby(&watcher.client, true).await;
    let Reply::Lobby { seeks, .. } = watcher.lobby() else { unreachable!() };
    assert!(seeks.is_empty());
    let room =
        hub.create(&maker.client, "checkers", "", "correspondence:3", true, false).await.ok().unwrap().room;
    advance(100).await;
    let Reply::Lobby { seeks, .. } = watcher.lobby() else { unreachable!() };
    assert_eq!(seeks.len(), 1);
    assert_eq!(
        (seeks[0].room.as_str(), seeks[0].game.as_str(), seeks[0].time.as_str()),
        (room.id.as_str(), "checkers", "correspondence:3")
    );
    // Not by its maker.
    assert!(matches!(
        hub.take(&maker.client, &room.id).await,
        Err(Reply::Error { code: ErrorCode::OwnSeek, .. })
    ));
    // Taken: the game begins for both, and the seek is gone.
    assert_eq!(hub.take(&taker.client, &room.id).await.ok().unwrap().seat, Some(Player::Second));
    let RoomState { online, .. } = told(maker.state());
    assert_eq!(online, [true, true]);
    taker.frames();
    advance(100).await;
    let Reply::Lobby { seeks, games, playing, .. } = watcher.lobby() else { unreachable!() };
    assert_eq!((seeks.len(), games), (0, 1));
    // Listed as a game being played, to watch.
    assert_eq!(
        playing.iter().map(|game| (game.room.as_str(), game.game.as_str())).collect::<Vec<_>>(),
        [(room.id.as_str(), "checkers")]
    );
    // Taken once only.
    let late = Device::new(4);
    assert!(matches!(
        hub.take(&late.client, &room.id).await,
        Err(Reply::Error { code: ErrorCode::NoSeek, .. })
    ));
    // After 15 minutes a seek goes.
    let maker = Device::new(5);
    hub.create(&maker.client, "gomoku", "", "fischer:60+0", true, false).await.ok().unwrap();
    advance(15 * 60_000 - 1_000).await;
    let Reply::Lobby { seeks, .. } = watcher.lobby() else { unreachable!() };
    assert_eq!(seeks.len(), 1);
    advance(1_100).await;
    let Reply::Lobby { seeks, .. } = watcher.lobby() else { unreachable!() };
    assert!(seeks.is_empty());
    // And when its maker leaves.
    let maker = Device::new(6);
    let room = hub.create(&maker.client, "gomoku", "", "", true, false).await.ok().unwrap().room;
    advance(100).await;
    let Reply::Lobby { seeks, .. } = watcher.lobby() else { unreachable!() };
    assert_eq!(seeks.len(), 1);
    hub.leave(&maker.client, &room).await;
    advance(100).await;
    let Reply::Lobby { seeks, .. } = watcher.lobby() else { unreachable!() };
    assert!(seeks.is_empty());
    assert!(matches!(
        hub.take(&late.client, &room.id).await,
        Err(Reply::Error { code: ErrorCode::NoSeek, .. })
    ));
}

#[tokio::test(start_paused = true)]
async fn chat_lines_reach_everyone_at_most_five_in_ten_seconds_and_never_from_a_spectator() {
    let hub = hub(Arc::new(Memory::default()));
    let (room, _first, mut second) = table(&hub, "").await;
    let preset = |name: &str| Action::Chat(Said::Preset(name.into()));
    let text = |said: &str| Action::Chat(Said::Text(said.into()));
    hub.act(&room, Some(Player::First), preset("hello")).await.unwrap();
    for line in ["1", "2", "3", "4"] {
        hub.act(&room, Some(Player::First), text(line)).await.unwrap();
    }
    assert_eq!(code(hub.act(&room, Some(Player::First), text("5")).await), Some(ErrorCode::RateLimited));
    hub.act(&room, Some(Player::Second), text("<i>have fun</i>")).await.unwrap();
    assert_eq!(
        code(hub.act(&room, Some(Player::Second), preset("you lose")).await),
        Some(ErrorCode::UnknownPreset)
    );
    assert_eq!(code(hub.act(&room, None, text("hello")).await), Some(ErrorCode::NotSeated));
    advance(10_000).await;
    hub.act(&room, Some(Player::First), Action::Resign).await.unwrap();
    // After the end too.
    hub.act(&room, Some(Player::First), preset("good-game")).await.unwrap();
    let RoomState { chat, .. } = told(second.state());
    let said: Vec<(Seat, Said)> = chat.into_iter().map(|line| (line.from, line.said().unwrap())).collect();
    let (first, second) = (Seat::First, Seat::Second);
    let p = |name: &str| Said::Preset(name.into());
    let t = |said: &str| Said::Text(said.into());
    assert_eq!(
        said,
        [
            (first, p("hello")),
            (first, t("1")),
            (first, t("2")),
            (first, t("3")),
            (first, t("4")),
            (second, t("<i>have fun</i>")),
            (first, p("good-game"))
        ]
    );
}

#[tokio::test(start_paused = true)]
async fn a_time_control_out_of_range_is_refused_and_nothing_is_made() {
    let store = Arc::new(Memory::default());
    let hub = hub(store.clone());
    let device = Device::new(1);
    for time in ["fischer:14+0", "fischer:60+181", "correspondence:4", "blitz", "fischer:10801+0"] {
        for seek in [false, true] {
            let made = hub.create(&device.client, "gomoku", "", time, seek, false).await;
            assert!(matches!(made, Err(Reply::Error { code: ErrorCode::BadTimeControl, .. })), "{time}");
        }
        let quick = hub.quick(&device.client, "gomoku", "", time, false).await;
        assert!(matches!(quick, Err(Reply::Error { code: ErrorCode::BadTimeControl, .. })), "{time}");
    }
    assert_eq!(hub.rooms_in_memory(), 0);
    assert!(store.lobby(START, 0, 10).await.unwrap().seeks.is_empty());
}

#[tokio::test(start_paused = true)]
async fn quick_match_pairs_only_the_same_time_control() {
    let hub = hub(Arc::new(Memory::default()));
    let (a, b, c) = (Device::new(1), Device::new(2), Device::new(3));
    assert!(hub.quick(&a.client, "gomoku", "", "fischer:180+2", false).await.unwrap().is_none());
    assert!(hub.quick(&b.client, "gomoku", "", "fischer:300+3", false).await.unwrap().is_none());
    let paired = hub.quick(&c.client, "gomoku", "", "fischer:180+2", false).await.unwrap().unwrap();
    let RoomState { time, .. } = told(hub.state_of(&paired.room).await);
    assert_eq!(time, "fischer:180+2");
}

#[tokio::test(start_paused = true)]
async fn the_lobby_counts_the_players_other_instances_hold_while_they_say_so() {
    let hub = hub(Arc::new(Memory::default()));
    let mut watcher = Device::new(1);
    hub.follow_lobby(&watcher.client, true).await;
    let players = |device: &mut Device| match device.lobby() {
        Reply::Lobby { players, .. } => players,
        _ => unreachable!(),
    };
    assert_eq!(players(&mut watcher), 0);
    hub.heard_presence("players elsewhere 7").await;
    hub.heard_presence("players yonder 5").await;
    advance(100).await;
    assert_eq!(players(&mut watcher), 12);
    // An instance not heard from for 45 s is no longer counted.
    advance(30_000).await;
    hub.heard_presence("players yonder 6").await;
    advance(20_000).await;
    hub.follow_lobby(&watcher.client, true).await;
    assert_eq!(players(&mut watcher), 6);
    // Nonsense is ignored.
    hub.heard_presence("players yonder many").await;
    hub.heard_presence("players").await;
    hub.follow_lobby(&watcher.client, true).await;
    assert_eq!(players(&mut watcher), 6);
}

/// A device of a player rated `rating` in Connect Four blitz (seeded through a finished game
/// whose ratings are set as given).
async fn rated_device(store: &Memory, id: u64, player: &str, rating: f64) -> Device {
    use board_suite_server::store::{Finish, GameRow, RatingRow, RoomRow};
    let players = store.players();
    let row = match players.player(&format!("hash-{player}")).await.unwrap() {
        Some(row) => row,
        None => players.add_player(player.into(), format!("hash-{player}"), START).await.unwrap(),
    };
    let seed = format!("seed-{player}-{id}");
    let game = GameRow {
        id: seed.clone(),
        game: "connect-four".into(),
        speed: Some("blitz".into()),
        rated: true,
        players: [Some(player.into()), Some("someone".into())],
        result: "1-0".into(),
        ended: START,
        ..GameRow::default()
    };
    let set = player.to_owned();
    let rate: board_suite_server::store::Rate = Box::new(move |_, _| {
        vec![RatingRow {
            player: set.clone(),
            game: "connect-four".into(),
            speed: "blitz".into(),
            rating,
            deviation: 60.0,
            volatility: 0.06,
            games: 30,
            updated: START,
        }]
    });
    let room = RoomRow { id: seed, game: "connect-four".into(), version: 1, ..RoomRow::default() };
    store.finish(Finish { room, game }, Some(rate)).await.unwrap();
    let mut device = Device::new(id);
    device.client.player = Some(Box::new(row));
    device
}

/// The room a waiter was seated in by a quick match, if it was.
fn seated(device: &mut Device) -> Option<(Arc<RoomCell>, Player)> {
    while let Ok(push) = device.pushed.try_recv() {
        if let Push::Seated { room, seat } = push {
            return Some((room, seat));
        }
    }
    None
}

#[tokio::test(start_paused = true)]
async fn rated_quick_match_pairs_the_nearest_rating_and_widens_its_range_with_the_wait() {
    let store = Arc::new(Memory::default());
    let hub = hub(store.clone());
    let blitz = "fischer:180+2";
    let mut low = rated_device(&store, 1, "low", 1500.0).await;
    let mut high = rated_device(&store, 2, "high", 1900.0).await;
    assert!(hub.quick(&low.client, "connect-four", "", blitz, true).await.unwrap().is_none());
    assert!(hub.quick(&high.client, "connect-four", "", blitz, true).await.unwrap().is_none());
    hub.pair_waiting().await;
    assert!(seated(&mut low).is_none() && seated(&mut high).is_none(), "400 apart: both wait");

    // A third at 1580 plays the nearest in range, at once.
    let near = rated_device(&store, 3, "near", 1580.0).await;
    let paired = hub.quick(&near.client, "connect-four", "", blitz, true).await.unwrap().unwrap();
    let (room, seat) = seated(&mut low).expect("the 1500 is seated");
    assert_eq!(
        (room.id.as_str(), seat, paired.seat),
        (paired.room.id.as_str(), Player::First, Some(Player::Second))
    );
    let RoomState { players, rated, .. } = told(hub.state_of(&room).await);
    let ratings = players.map(|p| p.and_then(|p| p.rating));
    assert_eq!((ratings, rated), ([Some(1500), Some(1580)], true));

    // One player's second device is never their opponent, however near.
    let mut twin = rated_device(&store, 4, "high", 1900.0).await;
    assert!(hub.quick(&twin.client, "connect-four", "", blitz, true).await.unwrap().is_none());
    hub.pair_waiting().await;
    assert!(seated(&mut twin).is_none() && seated(&mut high).is_none());

    // 1700 is 200 from the 1900 who has waited longest: 100 at first, 10 more a second.
    let mut middle = rated_device(&store, 5, "middle", 1700.0).await;
    assert!(hub.quick(&middle.client, "connect-four", "", blitz, true).await.unwrap().is_none());
    advance(9_000).await;
    hub.pair_waiting().await;
    assert!(seated(&mut middle).is_none(), "a range of 190 after 9 s");
    advance(1_000).await;
    hub.pair_waiting().await;
    let (room, seat) = seated(&mut high).expect("a range of 200 after 10 s");
    assert_eq!(seat, Player::First, "the longer waiting plays first");
    assert_eq!(seated(&mut middle).map(|(r, s)| (r.id.clone(), s)), Some((room.id.clone(), Player::Second)));
    assert!(seated(&mut twin).is_none(), "the same player's other device still waits");

    // Casual waiters are paired in order, whatever their ratings.
    let (casual, other) =
        (rated_device(&store, 6, "low", 1500.0).await, rated_device(&store, 7, "high", 1900.0).await);
    assert!(hub.quick(&casual.client, "connect-four", "", blitz, false).await.unwrap().is_none());
    let paired = hub.quick(&other.client, "connect-four", "", blitz, false).await.unwrap().unwrap();
    let RoomState { rated, .. } = told(hub.state_of(&paired.room).await);
    assert!(!rated);
}

#[tokio::test(start_paused = true)]
async fn a_game_both_players_left_10_minutes_ago_is_no_longer_listed_as_played() {
    let hub = hub(Arc::new(Memory::default()));
    let mut watcher = Device::new(9);
    hub.follow_lobby(&watcher.client, true).await;
    let (room, first, second) = table(&hub, "untimed").await;
    opening(&hub, &room).await;
    advance(100).await;
    // The lobby as last told: a frame the same as the one before is not sent again.
    let mut told = (0, 0);
    let mut listed = |watcher: &mut Device| {
        if let Some(Reply::Lobby { playing, games, .. }) =
            watcher.frames().into_iter().rev().find(|f| matches!(f, Reply::Lobby { .. }))
        {
            told = (playing.len(), games);
        }
        told
    };
    assert_eq!(listed(&mut watcher), (1, 1));
    // One gone is still a game; both gone, it is listed until 10 minutes have passed.
    hub.leave(&first.client, &room).await;
    advance(9 * 60_000).await;
    hub.leave(&second.client, &room).await;
    advance(9 * 60_000).await;
    hub.refresh_lobby();
    advance(100).await;
    assert_eq!(listed(&mut watcher), (1, 1));
    advance(60_000).await;
    hub.refresh_lobby();
    advance(100).await;
    assert_eq!(listed(&mut watcher), (0, 0));
}
