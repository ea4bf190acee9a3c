//! Connections as the internet makes them: silent, slow, flooding, oversized, from other
//! sites' pages, through proxies, and too many. Timeouts run on tokio's paused time, which
//! moves on whenever everything waits.

use crate::common;

use board_suite::protocol::{ErrorCode, Seat};
use board_suite_server::net::{Net, read_cidrs};
use board_suite_server::rooms::Limits;
use common::{Client, create, data_dir, fast, start_with};
use futures_util::{SinkExt, StreamExt};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::{Error, Message};

async fn server(name: &str, limits: Limits, net: Net) -> u16 {
    let mut config = common::config(&data_dir(name), None, limits);
    config.net = net;
    start_with(config).await
}

/// Reads a raw connection until the server closes it; what it said.
async fn read_to_end(stream: &mut TcpStream) -> String {
    let mut heard = Vec::new();
    let _ =
        tokio::time::timeout(Duration::from_secs(600), stream.read_to_end(&mut heard)).await.expect("closed");
    String::from_utf8_lossy(&heard).into_owned()
}

/// A WebSocket opened with these headers: the client, or the HTTP status it was refused with.
async fn open(port: u16, headers: &[(&'static str, &str)]) -> Result<Client, u16> {
    let mut request = format!("ws://127.0.0.1:{port}/ws").into_client_request().unwrap();
    for (name, value) in headers {
        request.headers_mut().insert(*name, value.parse().unwrap());
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((socket, _)) => Ok(Client::over(socket)),
        Err(Error::Http(response)) => Err(response.status().as_u16()),
        Err(error) => panic!("{error}"),
    }
}

#[tokio::test(start_paused = true)]
async fn slow_and_silent_http_connections_are_closed_after_the_header_timeout() {
    let net = Net { header_timeout: Duration::from_secs(20), ..common::net() };
    let port = server("slowloris", fast(), net).await;
    // Half a request, then nothing (slowloris); and nothing at all.
    let mut slow = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let mut silent = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let start = Instant::now();
    read_to_end(&mut slow).await;
    read_to_end(&mut silent).await;
    let waited = start.elapsed();
    assert!(waited >= Duration::from_secs(20) && waited < Duration::from_secs(30), "{waited:?}");
    // A kept-alive connection goes quiet after its answer: closed as well.
    let mut idle = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    idle.write_all(b"GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let start = Instant::now();
    assert!(read_to_end(&mut idle).await.starts_with("HTTP/1.1 404"));
    assert!(start.elapsed() < Duration::from_secs(30));
}

#[tokio::test(start_paused = true)]
async fn a_websocket_is_pinged_and_one_that_never_answers_is_closed() {
    let port = server("pings", fast(), Net::default()).await;
    let mut silent = Client::connect(port).await;
    let mut alive = Client::connect(port).await;
    // The live client reads, and so answers pings, while the silent one does not, for 5 minutes.
    let start = Instant::now();
    while let Ok(frame) = tokio::time::timeout_at(start + Duration::from_secs(300), alive.socket.next()).await
    {
        assert!(matches!(frame, Some(Ok(Message::Ping(_)))), "{frame:?}");
    }
    // The silent one was closed with 1001 a few pings after it last spoke.
    // (Reading its pings, the client answers them, and may find the connection gone first.)
    let mut pings = 0;
    let code = loop {
        match silent.socket.next().await {
            Some(Ok(Message::Ping(_))) => pings += 1,
            Some(Ok(Message::Close(frame))) => break frame.map(|f| u16::from(f.code)),
            _ => break None,
        }
    };
    assert!(pings == 2 && code.is_none_or(|code| code == 1001), "{pings} {code:?}");
    // The live one is open: it still plays.
    alive.send(&create("gomoku")).await;
    alive.seat().await;
    assert!(start.elapsed() >= Duration::from_secs(300));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_and_invalid_frames_close_with_their_codes() {
    let port = server("frames", fast(), common::net()).await;
    // Over the largest frame read: 1009.
    let mut big = Client::connect(port).await;
    big.socket.send(Message::text("x".repeat(100_000))).await.unwrap();
    assert_eq!(big.closed().await, Some(1009));
    // Text that is not UTF-8: 1007.
    let mut garbled = Client::connect(port).await;
    let frame = Frame::message(vec![0xff, 0xfe, b'{'], OpCode::Data(Data::Text), true);
    garbled.socket.send(Message::Frame(frame)).await.unwrap();
    assert_eq!(garbled.closed().await, Some(1007));
    // A continuation with nothing to continue: 1002.
    let mut broken = Client::connect(port).await;
    let frame = Frame::message(b"more".to_vec(), OpCode::Data(Data::Continue), true);
    broken.socket.send(Message::Frame(frame)).await.unwrap();
    assert_eq!(broken.closed().await, Some(1002));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_comes_from_the_servers_own_page() {
    let port = server("origin", fast(), common::net()).await;
    let host = format!("127.0.0.1:{port}");
    let own = format!("http://{host}");
    assert!(open(port, &[("origin", &own)]).await.is_ok());
    assert_eq!(open(port, &[("origin", "https://evil.example")]).await.err(), Some(403));
    // Configured: the public origin alone.
    let net = Net { public_origins: vec!["https://games.example".into()], ..common::net() };
    let port = server("public-origin", fast(), net).await;
    assert!(open(port, &[("origin", "https://games.example")]).await.is_ok());
    assert_eq!(open(port, &[("origin", &own)]).await.err(), Some(403));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_behind_a_trusted_proxy_are_counted_by_their_own_address() {
    let limits = Limits { rooms_per_address: 1, ..fast() };
    let net = Net { connections_per_address: 2, ..common::net() };
    // Untrusted: what the client writes is not believed, and loopback is one address.
    let port = server("untrusted", limits, net.clone()).await;
    let mut held = Vec::new();
    for n in 0..2 {
        held.push(open(port, &[("x-forwarded-for", &format!("198.51.100.{n}"))]).await.unwrap());
    }
    assert_eq!(open(port, &[("x-forwarded-for", "198.51.100.9")]).await.err(), Some(429));
    drop(held);
    // Trusted: each client its own address, for connections and for rooms.
    let trusted = Net { trusted_proxies: read_cidrs("127.0.0.0/8, ::1").unwrap(), ..net };
    let port = server("trusted", limits, trusted).await;
    let mut clients = Vec::new();
    for n in 0..4 {
        let mut client = open(port, &[("x-forwarded-for", &format!("198.51.100.{}", n / 2))]).await.unwrap();
        client.send(&create("gomoku")).await;
        if n % 2 == 0 {
            client.seat().await;
        } else {
            assert_eq!(client.error().await, ErrorCode::TooManyRooms, "one room per address");
        }
        clients.push(client);
    }
    assert_eq!(open(port, &[("x-forwarded-for", "198.51.100.0")]).await.err(), Some(429));
    assert!(open(port, &[("forwarded", "for=198.51.100.7")]).await.is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_total_cap_a_connection_is_refused_in_words() {
    let net = Net { max_connections: 2, ..common::net() };
    let port = server("total-cap", fast(), net).await;
    let _first = Client::connect(port).await;
    let _second = Client::connect(port).await;
    let mut third = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let said = read_to_end(&mut third).await;
    assert!(said.starts_with("HTTP/1.1 503") && said.contains("the server is full"), "{said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_match_counts_against_the_room_cap_and_pairs_a_device_already_in_a_room() {
    let port = server("quick-cap", Limits { rooms_per_address: 2, ..fast() }, common::net()).await;
    let quick = r#"{"v":3,"type":"quick","game":"connect-four"}"#;
    // A device in a room asks for a quick match: it waits, and is paired.
    let mut host = Client::connect(port).await;
    host.send(&create("gomoku")).await;
    host.seat().await;
    host.send(quick).await;
    host.until(|r| matches!(r, board_suite::protocol::Reply::Waiting { .. }).then_some(())).await;
    let mut other = Client::connect(port).await;
    other.send(quick).await;
    assert_eq!(other.seat().await.1, Seat::Second);
    assert_eq!(host.seat().await.1, Seat::First);
    // Both rooms count against the address (all of loopback here): no third by quick match.
    let mut third = Client::connect(port).await;
    third.send(quick).await;
    assert_eq!(third.error().await, ErrorCode::TooManyRooms);
}

/// A spectator that never reads, while a room it watches is busy and it asks for the room
/// whole again and again: it is closed, what the server holds for it stays small, and the
/// players play on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_does_not_read_is_closed() {
    let mut config = common::config(std::path::Path::new(board_suite_server::IN_MEMORY), None, fast());
    config.net = Net { outbox_frames: 8, ..common::net() };
    let port = start_with(config).await;
    let (mut first, mut second, room, _, state) = common::table_for_two(port, "gomoku").await;
    // Long frames of the room whole: a game of 60 turns.
    let state = common::play_out(&mut first, &mut second, state, 60, "gomoku", 7).await;
    assert!(!state.over);
    // A small receive window, never read.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let stream = socket.connect(([127, 0, 0, 1], port).into()).await.unwrap();
    let (mut sleeper, _) =
        tokio_tungstenite::client_async(format!("ws://127.0.0.1:{port}/ws"), stream).await.unwrap();
    // Each join is answered with the room whole: some 10 MB of frames, and every offer is
    // told to everyone watching.
    let joins = 10_000;
    for _ in 0..joins {
        if sleeper.send(Message::text(common::join(&room, None))).await.is_err() {
            break;
        }
    }
    for n in 0..100 {
        first.send(r#"{"v":3,"type":"offer","what":"draw"}"#).await;
        first.state_where(|s| s.version > state.version + n).await;
        second.state().await;
    }
    // The sleeper wakes to find itself closed, having missed most of it.
    let mut frames = 0;
    while let Ok(Some(Ok(message))) = tokio::time::timeout(Duration::from_secs(20), sleeper.next()).await {
        frames += 1;
        if message.is_close() {
            break;
        }
    }
    assert!(frames < joins / 2, "{frames} frames for {joins} joins: the server kept all it was sent");
}

/// A spectator hears each turn a moment after the players (`Net::spectator_spread`), but a
/// game faster than that is not held back until its queue overflows: every turn comes, in
/// order, and the spectator stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_paced_behind_a_fast_game_hears_every_turn_in_order() {
    let net = Net { outbox_frames: 8, spectator_spread: Duration::from_secs(5), ..common::net() };
    let port = server("paced", fast(), net).await;
    let (mut first, mut second, room, _, state) = common::table_for_two(port, "gomoku").await;
    let mut watcher = Client::connect(port).await;
    watcher.send(&common::join(&room, None)).await;
    assert_eq!(watcher.seat().await.1, Seat::Spectator);
    assert_eq!(watcher.state().await.turns, 0);
    // Forty turns at once: five times the queue, well within the spread.
    let state = common::play_out(&mut first, &mut second, state, 40, "gomoku", 3).await;
    assert_eq!(state.turns, 40);
    let mut heard = 0;
    while heard < 40 {
        let turns = watcher.state().await.turns;
        assert!(turns >= heard, "turn {turns} after turn {heard}");
        heard = turns;
    }
    // Still watching: the next turn comes too.
    first.send(&common::play(&common::pick("gomoku", &state.record, 5), 40)).await;
    assert_eq!(watcher.state_at(41).await.turns, 41);
}

/// A crowd of 300 spectators joining and leaving a room on loopback sends its players nothing
/// (the state frame has the seats' presence, not the crowd: there is no crowd count to send, so
/// none to batch); the spectators there at the next turn hear it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crowd_coming_and_going_sends_the_players_nothing() {
    let port = server("crowd", fast(), Net { connections_per_address: 1000, ..common::net() }).await;
    let (mut first, mut second, room, _, state) = common::table_for_two(port, "connect-four").await;
    let mut staying = Vec::new();
    for round in 0..10 {
        let mut crowd = Vec::new();
        for _ in 0..30 {
            let mut spectator = Client::connect(port).await;
            spectator.send(&common::join(&room, None)).await;
            assert_eq!(spectator.seat().await.1, Seat::Spectator);
            assert_eq!(spectator.state().await.turns, 0);
            crowd.push(spectator);
        }
        // Each round, one stays; the rest leave.
        staying.push(crowd.pop().unwrap());
        for mut spectator in crowd {
            spectator.socket.close(None).await.unwrap();
            spectator.closed().await;
        }
        assert_eq!(staying.len(), round + 1);
    }
    // The players' next frames are the turn's state: nothing came before it.
    first.send(&common::play("4", state.turns)).await;
    for player in [&mut first, &mut second] {
        let heard = player.heard.len();
        assert_eq!(player.state().await.turns, 1);
        assert_eq!(player.heard.len(), heard + 1, "a frame before the turn: {:?}", &player.heard[heard..]);
    }
    for spectator in &mut staying {
        assert_eq!(spectator.state().await.turns, 1);
    }
}

/// Move relay latency, printed: the time from a turn sent to the other seat hearing it, over
/// 10 rooms played at once. Run with `--ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement, not a test"]
async fn relay_latency() {
    let port =
        start_with(common::config(std::path::Path::new(board_suite_server::IN_MEMORY), None, fast())).await;
    let mut rooms = Vec::new();
    for room in 0..10u64 {
        rooms.push(tokio::spawn(async move {
            let mut times = Vec::new();
            for game in 0..30 {
                let (mut first, mut second, _, _, mut state) =
                    common::table_for_two(port, "connect-four").await;
                let mut turn = 0;
                while !state.over {
                    let chosen = common::pick("connect-four", &state.record, room * 1000 + game * 50 + turn);
                    let (mover, other) = if state.to_move == Seat::First {
                        (&mut first, &mut second)
                    } else {
                        (&mut second, &mut first)
                    };
                    let sent = std::time::Instant::now();
                    mover.send(&common::play(&chosen, state.turns)).await;
                    state = other.state_at(state.turns + 1).await;
                    times.push(sent.elapsed());
                    mover.state_at(state.turns).await;
                    turn += 1;
                }
            }
            times
        }));
    }
    let mut times = Vec::new();
    for room in rooms {
        times.extend(room.await.unwrap());
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    eprintln!("{} turns relayed: p50 {:?}, p99 {:?}, max {:?}", times.len(), at(0.5), at(0.99), at(1.0));
}

/// Stopping (SIGTERM in the binary): the move in flight is finished and stored, every
/// WebSocket is closed with 1012, the server returns in time, and a new one goes on with the
/// game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_server_finishes_the_move_in_flight_and_closes_with_1012() {
    let data = data_dir("stopping");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server =
        tokio::spawn(board_suite_server::serve_until(listener, common::config(&data, None, fast()), async {
            let _ = stopped.await;
        }));
    let (mut first, mut second, room, tokens, _) = common::table_for_two(port, "connect-four").await;
    first.send(&common::play("4", 0)).await;
    stop.send(()).unwrap();
    let started = std::time::Instant::now();
    assert_eq!(first.closed().await, Some(1012));
    assert_eq!(second.closed().await, Some(1012));
    tokio::time::timeout(Duration::from_secs(10), server).await.expect("stopped in time").unwrap().unwrap();
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(TcpStream::connect(("127.0.0.1", port)).await.is_err(), "no longer accepting");
    // The turn the mover saw answered is there after the restart.
    let acknowledged = first.heard.iter().any(|frame| frame.contains(r#""turns":1"#));
    let port = common::start(&data, fast()).await;
    let mut back = Client::connect(port).await;
    back.send(&common::join(&room, Some(&tokens[0]))).await;
    let state = back.state().await;
    assert!(state.turns == 1 || !acknowledged, "acknowledged but lost: {:?}", first.heard);
}

/// What a raw request is answered: its status line.
async fn status(port: u16, path: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    read_to_end(&mut stream).await.lines().next().unwrap_or("").to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn overlong_paths_and_headers_get_a_4xx() {
    // A site folder that is there, so that a path is looked for (escaping ones: files.rs).
    let data = data_dir("paths");
    std::fs::create_dir_all(data.join("no-site")).unwrap();
    std::fs::write(data.join("no-site/index.html"), "<!doctype html>").unwrap();
    let port = start_with(common::config(&data, None, fast())).await;
    assert_eq!(status(port, "/").await, "HTTP/1.1 200 OK");
    for path in [format!("/{}", "a".repeat(256)), format!("/{}", "a/".repeat(1500))] {
        let line = status(port, &path).await;
        assert!(line.starts_with("HTTP/1.1 414"), "{}: {line}", &path[..path.len().min(40)]);
    }
    // Headers too long for the server's buffer: 431, not a hang.
    let mut stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let request = format!("GET / HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n", "b".repeat(40_000));
    let _ = stream.write_all(request.as_bytes()).await;
    let said = read_to_end(&mut stream).await;
    assert!(said.is_empty() || said.starts_with("HTTP/1.1 431"), "{said}");
}
