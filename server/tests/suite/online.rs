//! The server on loopback, driven by WebSocket clients as the page drives it: games played to
//! the end, every kind of bad input, seats, hidden pieces, and a restart.

use crate::common;

use board_suite::protocol::{ErrorCode, Reply, Seat};
use board_suite::rules::dark_chess::DarkChess;
use board_suite::rules::{Termination, record};
use board_suite_server::clock::Clock;
use board_suite_server::rooms::Limits;
use board_suite_server::store::{Sqlite, Store};
use common::*;
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_devices_play_every_game_to_the_end() {
    let data = data_dir("play");
    let port = start(&data, fast()).await;
    for (index, game) in games().enumerate() {
        let (mut first, mut second, _, _, start) = table_for_two(port, game).await;
        let end = play_out(&mut first, &mut second, start, 2_000, game, index as u64 + 1).await;
        assert!(end.over, "{game} ended by the rules: {}", end.record);
        assert!(!end.record.contains("Result \"*\""), "{game}: {}", end.record);
        // Why, in the frame and in the record.
        let why = end.termination.expect("a reason");
        assert!(
            matches!(why, Termination::Rules | Termination::QuietMoves | Termination::Repetition),
            "{why:?}"
        );
        assert!(end.record.contains(&format!("[Termination \"{}\"]", why.name())), "{}", end.record);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_seat_to_move_may_play_and_only_legal_whole_turns() {
    let data = data_dir("seats");
    let port = start(&data, fast()).await;
    let (mut first, mut second, room, _, _) = table_for_two(port, "connect-four").await;
    let mut watcher = Client::connect(port).await;
    watcher.send(&join(&room, None)).await;
    assert_eq!(watcher.seat().await.1, Seat::Spectator);
    // The other seat, a spectator, and a seat out of turn are refused.
    second.send(&play("4", 0)).await;
    assert_eq!(second.error().await, ErrorCode::NotYourTurn);
    watcher.send(&play("4", 0)).await;
    assert_eq!(watcher.error().await, ErrorCode::NotSeated);
    // Illegal, not a move at all, and a turn on an old position.
    first.send(&play("9", 0)).await;
    assert_eq!(first.error().await, ErrorCode::Illegal);
    first.send(&play("four", 0)).await;
    assert_eq!(first.error().await, ErrorCode::Illegal);
    first.send(&play("4", 3)).await;
    assert_eq!(first.error().await, ErrorCode::Stale);
    let state = first.state().await;
    assert_eq!((state.turns, state.version), (0, 2), "nothing changed");
    // A legal turn reaches everyone, the spectator too.
    first.send(&play("4", 0)).await;
    assert_eq!(second.state_at(1).await.to_move, Seat::Second);
    assert!(watcher.state_at(1).await.record.contains("1. 4 *"));
    // A checkers turn must be whole: half of a double jump is refused.
    let mut lone = Client::connect(port).await;
    lone.send(&join("nosuchroom", None)).await;
    assert_eq!(lone.error().await, ErrorCode::NoRoom);
    lone.send(&play("4", 0)).await;
    assert_eq!(lone.error().await, ErrorCode::NotSeated);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_is_taken_back_only_with_its_token() {
    let data = data_dir("tokens");
    let port = start(&data, fast()).await;
    let (first, _second, room, [token, _], _) = table_for_two(port, "gomoku").await;
    assert!(token.len() >= 32 && token.chars().all(|c| c.is_ascii_hexdigit()), "128 bits: {token}");
    drop(first);
    // Another device without the token only watches.
    let mut stranger = Client::connect(port).await;
    stranger.send(&join(&room, Some("0123456789abcdef0123456789abcdef"))).await;
    assert_eq!(stranger.seat().await.1, Seat::Spectator);
    let mut back = Client::connect(port).await;
    back.send(&join(&room, Some(&token))).await;
    let (_, seat, new_token) = back.seat().await;
    assert_eq!((seat, new_token), (Seat::First, None));
    back.send(&play("h8", 0)).await;
    assert_eq!(back.state_at(1).await.turns, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_an_error_frame_and_the_room_goes_on() {
    let data = data_dir("abuse");
    let port = start(&data, Limits { rooms_per_address: 3, ..Limits::default() }).await;
    let (mut first, mut second, _, _, _) = table_for_two(port, "connect-four").await;
    let cases: [(String, ErrorCode); 16] = [
        ("{not json".to_owned(), ErrorCode::Malformed),
        // A page from before clocks: told its version is not spoken (it then offers a reload).
        (r#"{"v":1,"type":"move","turn":"4","turns":0}"#.to_owned(), ErrorCode::Version),
        (
            r#"{"v":3,"type":"create","game":"gomoku","time":"fischer:5+0"}"#.to_owned(),
            ErrorCode::BadTimeControl,
        ),
        (r#"{"v":3,"type":"chat","preset":"<script>"}"#.to_owned(), ErrorCode::UnknownPreset),
        (r#"{"v":3,"type":"chat","text":"gg\u202e"}"#.to_owned(), ErrorCode::ChatInvisible),
        (format!(r#"{{"v":3,"type":"chat","text":"{}"}}"#, "x".repeat(141)), ErrorCode::ChatLength),
        (format!(r#"{{"v":3,"type":"chat","text":"{}"}}"#, "x".repeat(10_000)), ErrorCode::TooLarge),
        (r#"{"v":3,"type":"claim","what":"win"}"#.to_owned(), ErrorCode::CannotClaim),
        (r#"{"v":3,"type":"offer","what":"rematch"}"#.to_owned(), ErrorCode::NotOver),
        (r#"{"v":3,"type":"take","room":"nosuchroom"}"#.to_owned(), ErrorCode::NoSeek),
        ("[1,2]".to_owned(), ErrorCode::Malformed),
        (r#"{"v":9,"type":"move","turn":"4","turns":0}"#.to_owned(), ErrorCode::Version),
        (r#"{"v":3,"type":"teleport"}"#.to_owned(), ErrorCode::UnknownType),
        (r#"{"v":3,"type":"move","turn":4}"#.to_owned(), ErrorCode::Malformed),
        (format!(r#"{{"v":3,"type":"move","turn":"{}","turns":0}}"#, "4".repeat(5000)), ErrorCode::TooLarge),
        (r#"{"v":3,"type":"create","game":"chess"}"#.to_owned(), ErrorCode::UnknownGame),
    ];
    for (frame, code) in cases {
        first.send(&frame).await;
        assert_eq!(first.error().await, code, "{}", &frame[..frame.len().min(60)]);
    }
    first.socket.send(Message::binary(vec![1, 2, 3])).await.unwrap();
    assert_eq!(first.error().await, ErrorCode::Malformed);
    // The connection and the room survived: a turn is played.
    first.send(&play("4", 0)).await;
    assert_eq!(second.state_at(1).await.turns, 1);
    // The page's heartbeat is answered at once with its own number, before a room or in one.
    first.send(r#"{"v":3,"type":"ping","n":41}"#).await;
    assert_eq!(
        first.until(|reply| matches!(reply, Reply::Pong { .. }).then(|| reply.clone())).await,
        Reply::Pong { n: 41 }
    );
    let mut lone = Client::connect(port).await;
    lone.send(r#"{"v":3,"type":"ping","n":0}"#).await;
    assert_eq!(lone.next().await, Reply::Pong { n: 0 });

    // A flood: past 20 a second, a few requests are answered with an error, then the
    // connection is closed with the policy code, not answered for ever.
    for _ in 0..60 {
        let _ = second.socket.send(Message::text(r#"{"v":3,"type":"offer","what":"draw"}"#)).await;
    }
    let code = second.closed().await;
    let limited = second.heard.iter().filter(|frame| frame.contains("rate-limited")).count();
    assert_eq!((code, limited), (Some(1008), 3), "{:?}", second.heard);
    // The room goes on: the first seat sees the second gone, and plays.
    first.state_where(|state| state.online == [true, false]).await;

    // Rooms from one address: the limit, said in words.
    let mut host = Client::connect(port).await;
    for _ in 0..2 {
        host.send(&create("gomoku")).await;
        host.seat().await;
    }
    host.send(&create("gomoku")).await;
    assert_eq!(host.error().await, ErrorCode::TooManyRooms);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_match_pairs_players_of_the_same_game_and_rules() {
    let data = data_dir("quick");
    let port = start(&data, fast()).await;
    let quick = |game: &str, rules: &str| {
        serde_json::json!({"v": 3, "type": "quick", "game": game, "rules": rules}).to_string()
    };
    let mut renju = Client::connect(port).await;
    renju.send(&quick("gomoku", r#"[Rules "renju"]"#)).await;
    renju.until(|r| matches!(r, Reply::Waiting { .. }).then_some(())).await;
    let mut freestyle = Client::connect(port).await;
    freestyle.send(&quick("gomoku", "")).await;
    freestyle.until(|r| matches!(r, Reply::Waiting { .. }).then_some(())).await;
    let mut other = Client::connect(port).await;
    other.send(&quick("gomoku", r#"[Rules "renju"]"#)).await;
    let (room, seat, _) = other.seat().await;
    assert_eq!(seat, Seat::Second);
    let (waiter_room, seat, _) = renju.seat().await;
    assert_eq!((waiter_room.as_str(), seat), (room.as_str(), Seat::First));
    let state = renju.state().await;
    assert!(state.record.contains(r#"[Rules "renju"]"#), "{}", state.record);
    renju.send(&play("h8", 0)).await;
    assert_eq!(other.state_at(1).await.to_move, Seat::Second);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takebacks_and_draws_are_offered_and_answered() {
    let data = data_dir("offers");
    let port = start(&data, fast()).await;
    let (mut first, mut second, _, _, _) = table_for_two(port, "connect-four").await;
    let offer = |what: &str| format!(r#"{{"v":3,"type":"offer","what":"{what}"}}"#);
    let answer = |accept: bool| format!(r#"{{"v":3,"type":"answer","accept":{accept}}}"#);
    first.send(&offer("takeback")).await;
    assert_eq!(first.error().await, ErrorCode::CannotTakeBack);
    first.send(&play("4", 0)).await;
    second.state_at(1).await;
    second.send(&play("3", 1)).await;
    second.state_at(2).await;
    // The first player takes back: the reply goes too.
    first.send(&offer("takeback")).await;
    second.state_where(|s| s.offer).await;
    second.send(&answer(true)).await;
    let state = first.state_at(0).await;
    assert_eq!((state.turns, state.to_move), (0, Seat::First));
    // A draw declined, then a draw agreed.
    second.send(&answer(true)).await;
    assert_eq!(second.error().await, ErrorCode::NoOffer);
    first.send(&offer("draw")).await;
    second.state_where(|s| s.offer).await;
    second.send(&answer(false)).await;
    assert!(!first.state_where(|s| !s.offer).await.over);
    first.send(&offer("draw")).await;
    second.state_where(|s| s.offer).await;
    second.send(&answer(true)).await;
    let state = first.state_where(|s| s.over).await;
    assert!(state.over && state.record.contains("1/2-1/2"), "{}", state.record);
    assert_eq!(state.termination, Some(Termination::Agreement));
    assert!(state.record.contains("[Termination \"agreement\"]"), "{}", state.record);
    first.send(&play("4", 0)).await;
    assert_eq!(first.error().await, ErrorCode::GameOver);
    // Resigning ends a game too.
    let (mut first, mut second, _, _, _) = table_for_two(port, "gomoku").await;
    second.send(r#"{"v":3,"type":"resign"}"#).await;
    let state = first.state_where(|s| s.over).await;
    assert!(state.record.contains("[Result \"1-0\"]"), "{}", state.record);
    assert_eq!(state.termination, Some(Termination::Resignation));
    second.state_where(|s| s.over).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_frame_shows_a_face_down_piece() {
    let data = data_dir("hidden");
    let port = start(&data, fast()).await;
    let (mut first, mut second, room, _, _) = table_for_two(port, "dark-chess").await;
    let mut watcher = Client::connect(port).await;
    watcher.send(&join(&room, None)).await;
    watcher.seat().await;
    // The true deal, as only the server knows it.
    let stored = Sqlite::open(&data).unwrap().load(&room).await.unwrap().unwrap();
    let seed = stored
        .record
        .lines()
        .find_map(|l| l.strip_prefix("[Seed \""))
        .unwrap()
        .trim_end_matches("\"]")
        .to_owned();
    let mut state = watcher.state().await;
    while !state.over && state.turns < 40 {
        let mover = if state.to_move == Seat::First { &mut first } else { &mut second };
        mover.send(&play(&pick("dark-chess", &state.record, state.turns as u64 + 7), state.turns)).await;
        state = first.state_at(state.turns + 1).await;
        second.state_at(state.turns).await;
    }
    // Some errors too: they say nothing of the deal either.
    second.send(&play("a1", state.turns)).await;
    watcher.state_at(state.turns).await;
    for client in [&first, &second, &watcher] {
        for frame in &client.heard {
            assert!(!frame.contains("Seed") && !frame.contains("Deal") && !frame.contains(&seed), "{frame}");
            // What a frame shows fits other deals too: read with other shuffles, it replays.
            if let Some(Reply::State { record, state }) = Reply::read(frame)
                && !state.over
            {
                for other in [1, 2, 3] {
                    record::read::<DarkChess>(&record, other).unwrap();
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_resumes_the_game() {
    let data = data_dir("restart");
    let port = start(&data, fast()).await;
    let (mut first, mut second, room, [first_token, second_token], begun) =
        table_for_two(port, "checkers").await;
    let state = play_out(&mut first, &mut second, begun, 6, "checkers", 3).await;
    let record = state.record.clone();
    drop((first, second));
    // Another server on the same store: the devices come back with their tokens.
    let port = start(&data, fast()).await;
    let mut first = Client::connect(port).await;
    first.send(&join(&room, Some(&first_token))).await;
    assert_eq!(first.seat().await.1, Seat::First);
    let resumed = first.state().await;
    assert_eq!((resumed.turns, &resumed.record), (6, &record));
    let mut second = Client::connect(port).await;
    second.send(&join(&room, Some(&second_token))).await;
    assert_eq!(second.seat().await.1, Seat::Second);
    let next = pick("checkers", &resumed.record, 11);
    first.send(&play(&next, 6)).await;
    assert_eq!(second.state_at(7).await.turns, 7);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_rooms_are_removed() {
    let data = data_dir("idle");
    let port = start(&data, fast()).await;
    let (first, _second, room, [token, _], _) = table_for_two(port, "gomoku").await;
    drop(first);
    // A server whose clock reads a day after the limit sweeps when it starts (then hourly).
    let mut later = config(&data, None, fast());
    let idle_ms = later.limits.idle_seconds * 1000;
    later.clock = Clock::starting_at(Clock::system().now_ms() + idle_ms + 24 * 3600 * 1000);
    let port = start_with(later).await;
    let mut back = Client::connect(port).await;
    back.send(&join(&room, Some(&token))).await;
    assert_eq!(back.error().await, ErrorCode::NoRoom);
}
