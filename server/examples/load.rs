//! A load test of a running server, on loopback only: `rooms` rooms of two WebSocket clients
//! each play gomoku until `moves` turns have been played in all, and the time from a turn sent
//! to the other seat hearing it is measured. Prints the latency's p50/p99, the turns, the
//! errors and the time taken; the server's memory is read by `scripts/bench-server.sh`.
//!
//!     cargo run --release -p board-suite-server --example load -- <port> [rooms] [moves] [think]
//!
//! `think` is the players' mean time to choose a turn, in milliseconds (each waits a random
//! time up to twice that): 0 sends every turn at once, the server saturated, so the latency
//! is mostly the queue of 500 rooms' turns.
//!
//! Each room's devices come from their own loopback address (127.1.x.y), as devices of many
//! homes would, so the per-address room limit is the server's own.
//!
//! The clocks scenario: `rooms` (500) rooms of 15-second games at once, each played for `turns`
//! (20) turns with the players thinking up to 400 ms, then left until the side to move runs out
//! of time; it prints how late each end came after its instant, and the server's CPU:
//!
//!     load <port> clocks <server pid> [rooms] [turns]
//!
//! The crowd scenario, on a server just started (its process id, to read its memory):
//!
//!     load <port> crowd <server pid> [idle] [rooms] [spectators]
//!
//! opens `idle` WebSockets (5,000) that say hello as new players and then only answer pings,
//! and with them held plays 100 rooms, then `rooms` (500), with players thinking 100 ms; then
//! 20 rooms alone, again beside a room whose `spectators` (300) keep joining and leaving (each
//! watches up to 2 s, then comes back), and alone once more. Prints the server's memory per
//! idle connection (on average, and each one's after the first 1,000, which pay for what the
//! server takes once) and once the games have ended, each phase's relay p50/p99 and its errors.
//!
//! The rated scenario: `rooms` (100) rooms of two players (each says hello, so each is a
//! player) play rated blitz gomoku at once, players thinking up to 200 ms, each room for 10 to
//! 40 turns, then one resigns, so that the games end while the others play. Prints the turns'
//! relay and, for the ends, the time from the resignation sent to the other player hearing the
//! end with both ratings: the game kept and both ratings written in one transaction, then the
//! frame relayed.
//!
//!     load <port> rated [rooms]

use board_suite::protocol::{Reply, RoomState};
use board_suite::rules::Game;
use board_suite::rules::TurnText;
use board_suite::rules::gomoku::Gomoku;
use futures_util::{SinkExt, StreamExt};
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{WebSocketStream, client_async};

type Socket = WebSocketStream<TcpStream>;

/// Why a room stopped early, in words.
type Failure = String;

async fn connect(port: u16, from: Ipv4Addr) -> Result<Socket, Failure> {
    tokio::time::timeout(Duration::from_secs(30), connect_now(port, from))
        .await
        .map_err(|_| "connect: no WebSocket within 30 s".to_owned())?
}

async fn connect_now(port: u16, from: Ipv4Addr) -> Result<Socket, Failure> {
    let socket = TcpSocket::new_v4().map_err(|e| format!("connect: {e}"))?;
    socket.bind(SocketAddr::from((from, 0))).map_err(|e| format!("connect: {e}"))?;
    let stream = socket
        .connect(SocketAddr::from((Ipv4Addr::LOCALHOST, port)))
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let (socket, _) = client_async(format!("ws://127.0.0.1:{port}/ws"), stream)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    Ok(socket)
}

/// The next frame, read; an error frame is a failure.
async fn next(socket: &mut Socket) -> Result<Reply, Failure> {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .map_err(|_| "no frame within 30 s".to_owned())?;
        match frame {
            Some(Ok(Message::Text(text))) => {
                let reply = Reply::read(&text).ok_or_else(|| format!("an unreadable frame: {text}"))?;
                if let Reply::Error { code, message, .. } = reply {
                    return Err(format!("{code:?}: {message}"));
                }
                return Ok(reply);
            }
            Some(Ok(_)) => {}
            _ => return Err("closed".to_owned()),
        }
    }
}

/// Frames until the room's state after `turns` turns; whether the game is over.
async fn state_at(socket: &mut Socket, turns: usize) -> Result<bool, Failure> {
    loop {
        if let Some(RoomState { turns: now, over, .. }) = next(socket).await?.room().cloned()
            && (now == turns || over)
        {
            return Ok(over);
        }
    }
}

async fn send(socket: &mut Socket, value: serde_json::Value) -> Result<(), Failure> {
    socket.send(Message::text(value.to_string())).await.map_err(|_| "closed".to_owned())
}

/// A random turn, played on the room's game as the devices see it; as a device sends it.
fn pick(game: &mut Gomoku, seed: u64) -> String {
    let legal = game.legal_moves();
    let chosen = legal[(seed as usize) % legal.len()];
    let text = game.announce(&[chosen]);
    let _ = game.play(chosen);
    text
}

/// A room `first` creates as `create` asks, `second` joining it: its id.
async fn open_room(
    first: &mut Socket,
    second: &mut Socket,
    create: serde_json::Value,
) -> Result<String, Failure> {
    send(first, create).await?;
    let room = match next(first).await? {
        Reply::Seat { room, .. } => room,
        other => return Err(format!("{other:?}")),
    };
    send(second, serde_json::json!({"v": 3, "type": "join", "room": room})).await?;
    Ok(room)
}

/// The mover's turn `turns` after thinking up to `think` ms (drawn from `seed`, which moves
/// on): sent, and when.
async fn move_after(
    mover: &mut Socket,
    game: &mut Gomoku,
    seed: &mut u64,
    think: u64,
    turns: usize,
) -> Result<Instant, Failure> {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    tokio::time::sleep(Duration::from_millis((*seed >> 40) % (think + 1))).await;
    let turn = pick(game, *seed >> 33);
    let sent = Instant::now();
    send(mover, serde_json::json!({"v": 3, "type": "move", "turn": turn, "turns": turns})).await?;
    Ok(sent)
}

/// When each turn of the crowd's room was sent, by its number.
type SentLog = Arc<std::sync::Mutex<Vec<Instant>>>;

/// What the crowd's room tells its spectators' side of the test: the room, once made, and
/// when each turn was sent.
struct Stage {
    announce: tokio::sync::oneshot::Sender<String>,
    sent: SentLog,
}

/// One room: a device creates it, another joins, and they take turns until the room's share
/// of the turns is played (or the game ends). The latencies, in microseconds.
async fn room(
    port: u16,
    index: usize,
    think: u64,
    turns_left: Arc<AtomicUsize>,
    stage: Option<Stage>,
) -> Result<Vec<u64>, Failure> {
    let from = Ipv4Addr::new(127, 1, (index / 250) as u8, (index % 250 + 1) as u8);
    let (mut first, mut second) = (connect(port, from).await?, connect(port, from).await?);
    let room =
        open_room(&mut first, &mut second, serde_json::json!({"v": 3, "type": "create", "game": "gomoku"}))
            .await?;
    let (announce, sent_at) = stage.map(|stage| (stage.announce, stage.sent)).unzip();
    if let Some(announce) = announce {
        let _ = announce.send(room.clone());
    }
    state_at(&mut second, 0).await?;
    // The devices' own copy of the game, so that choosing a turn costs the server's figures
    // nothing.
    let mut game = Gomoku::new(&Default::default());
    let mut latencies = Vec::new();
    let mut seed = index as u64 * 7919 + 1;
    for turns in 0.. {
        if turns_left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1)).is_err() {
            break;
        }
        let (mover, other) =
            if turns % 2 == 0 { (&mut first, &mut second) } else { (&mut second, &mut first) };
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        if think > 0 {
            tokio::time::sleep(Duration::from_millis((seed >> 40) % (2 * think + 1))).await;
        }
        let turn = pick(&mut game, seed >> 33);
        let sent = Instant::now();
        if let Some(log) = &sent_at {
            log.lock().expect("the log").push(sent);
        }
        send(mover, serde_json::json!({"v": 3, "type": "move", "turn": turn, "turns": turns})).await?;
        let over = state_at(other, turns + 1).await?;
        latencies.push(sent.elapsed().as_micros() as u64);
        state_at(mover, turns + 1).await?;
        if over {
            return Ok(latencies);
        }
    }
    // The room's share played: its game ends, so that the server has only finished games.
    send(&mut first, serde_json::json!({"v": 3, "type": "resign"})).await?;
    loop {
        if let Some(RoomState { over: true, .. }) = next(&mut second).await?.room().cloned() {
            break;
        }
    }
    Ok(latencies)
}

/// Plays `rooms` rooms (numbered from `first`) until `moves` turns are played: the latencies
/// sorted, and the errors.
async fn play(port: u16, first: usize, rooms: usize, moves: usize, think: u64) -> (Vec<u64>, Vec<Failure>) {
    let turns_left = Arc::new(AtomicUsize::new(moves));
    let tasks: Vec<_> = (first..first + rooms)
        .map(|i| tokio::spawn(room(port, i, think, turns_left.clone(), None)))
        .collect();
    let mut latencies = Vec::new();
    let mut errors = Vec::new();
    for task in tasks {
        match task.await {
            Ok(Ok(room)) => latencies.extend(room),
            Ok(Err(failure)) => errors.push(failure),
            Err(panic) => errors.push(panic.to_string()),
        }
    }
    latencies.sort_unstable();
    (latencies, errors)
}

/// The latency at quantile `q`, in milliseconds, of sorted microseconds.
fn quantile(latencies: &[u64], q: f64) -> f64 {
    latencies.get(((latencies.len() as f64 - 1.0) * q) as usize).map_or(0.0, |&us| us as f64 / 1000.0)
}

/// A phase's figures, printed.
fn report(what: &str, latencies: &[u64], errors: &[Failure]) {
    println!(
        "{what}: {} turns relayed; p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} errors",
        latencies.len(),
        quantile(latencies, 0.5),
        quantile(latencies, 0.99),
        quantile(latencies, 1.0),
        errors.len()
    );
    for error in errors.iter().take(5) {
        println!("  error: {error}");
    }
}

/// The server's resident memory in KB, from Linux's `/proc`.
fn resident_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|line| line.starts_with("VmRSS:"))?.to_owned();
            line.split_whitespace().nth(1)?.parse().ok()
        })
        .unwrap_or(0)
}

/// CPU seconds a process has used (`self` for this one), from Linux's `/proc` (at the usual
/// 100 ticks a second).
fn cpu_seconds(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // After the command's name, in parentheses: the state is field 3, utime 14, stime 15.
    let fields: Vec<&str> = stat.rsplit_once(')').map_or("", |(_, rest)| rest).split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

/// The CPU the server and this load test use over a phase, as shares of one core.
struct Usage {
    at: Instant,
    server: f64,
    tool: f64,
}

impl Usage {
    fn start(pid: u32) -> Usage {
        Usage { at: Instant::now(), server: cpu_seconds(&pid.to_string()), tool: cpu_seconds("self") }
    }

    fn report(&self, pid: u32) {
        let took = self.at.elapsed().as_secs_f64().max(0.001);
        println!(
            "  over {took:.1} s: the server used {:.0}% of a core, the load test {:.0}%",
            (cpu_seconds(&pid.to_string()) - self.server) / took * 100.0,
            (cpu_seconds("self") - self.tool) / took * 100.0
        );
    }
}

/// A figure from the server's `/metrics`.
async fn metric(port: u16, name: &str) -> Option<f64> {
    let ask = async {
        let mut stream = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).await.ok()?;
        let request = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
        stream.write_all(request.as_bytes()).await.ok()?;
        let mut text = String::new();
        stream.read_to_string(&mut text).await.ok()?;
        text.lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
    };
    tokio::time::timeout(Duration::from_secs(10), ask).await.ok().flatten()
}

/// A connection that says hello as a new player (as every page's connection does), then does
/// nothing but answer the server's pings, until `stop`.
async fn idle(port: u16, index: usize, stop: Arc<AtomicBool>) -> Result<(), Failure> {
    // 50 a loopback address, under the server's 64.
    let home = index / 50;
    let mut socket = connect(port, Ipv4Addr::new(127, 2, (home / 250) as u8, (home % 250 + 1) as u8)).await?;
    hello(&mut socket).await?;
    while !stop.load(Ordering::Relaxed) {
        // Reading answers pings; a second at a time, to see `stop`.
        match tokio::time::timeout(Duration::from_secs(1), socket.next()).await {
            Err(_) | Ok(Some(Ok(_))) => {}
            Ok(_) => return Err("an idle connection was closed".to_owned()),
        }
    }
    let _ = tokio::time::timeout(Duration::from_secs(5), socket.close(None)).await;
    Ok(())
}

/// One of a crowd: joins the room as a spectator, hears its seat and the room, watches for a
/// moment, leaves, and comes again, until `stop`. How many times it came, and how long after
/// each turn was sent (`sent`) it heard it, in microseconds.
async fn spectator(
    port: u16,
    index: usize,
    room: String,
    sent: SentLog,
    stop: Arc<AtomicBool>,
) -> Result<(usize, Vec<u64>), Failure> {
    let home = index / 10;
    let from = Ipv4Addr::new(127, 3, (home / 250) as u8, (home % 250 + 1) as u8);
    let mut seed = index as u64 * 104_729 + 17;
    let (mut visits, mut lags) = (0, Vec::new());
    while !stop.load(Ordering::Relaxed) {
        let mut socket = connect(port, from).await?;
        send(&mut socket, serde_json::json!({"v": 3, "type": "join", "room": room})).await?;
        match next(&mut socket).await? {
            Reply::Seat { .. } => {}
            other => return Err(format!("a spectator heard {other:?}")),
        }
        let Some(RoomState { turns: mut heard, .. }) = next(&mut socket).await?.room().cloned() else {
            return Err("a spectator was not sent the room".to_owned());
        };
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        // Watching, a moment: what the room says meanwhile is read.
        let until = Instant::now() + Duration::from_millis((seed >> 40) % 2000);
        while let Ok(frame) = tokio::time::timeout_at(until.into(), socket.next()).await {
            let Some(Ok(frame)) = frame else { return Err("a spectator was closed".to_owned()) };
            if let Message::Text(text) = frame
                && let Some(RoomState { turns, .. }) =
                    Reply::read(&text).and_then(|reply| reply.room().cloned())
                && turns > heard
            {
                // Each turn once (the room's other news says the same turns again).
                heard = turns;
                if let Some(at) = sent.lock().expect("the log").get(turns - 1) {
                    lags.push(at.elapsed().as_micros() as u64);
                }
            }
        }
        let _ = tokio::time::timeout(Duration::from_secs(5), socket.close(None)).await;
        visits += 1;
    }
    Ok((visits, lags))
}

/// The crowd scenario (see the top of the file).
async fn crowd(port: u16, pid: u32, idle_count: usize, rooms: usize, spectators: usize) {
    let kb = || resident_kb(pid);
    let before = kb();
    let heap = || async { metric(port, "board_heap_in_use_bytes").await.unwrap_or(-1.0) / 1024.0 };
    println!("server memory at start: {before} KB, its heap in use {:.0} KB", heap().await);
    // The idle connections, 100 opening at a time.
    let stop_idle = Arc::new(AtomicBool::new(false));
    let mut idlers = Vec::new();
    let mut errors = Vec::new();
    // Memory once the first thousand are open: what the server takes once, not per connection
    // (the store's page cache, the allocator's arenas of its blocking threads), is in it.
    let mut warmed = None;
    for batch in (0..idle_count).collect::<Vec<_>>().chunks(100) {
        if batch[0] == 1_000 {
            tokio::time::sleep(Duration::from_secs(2)).await;
            warmed = Some((metric(port, "board_websockets").await.unwrap_or(0.0) as usize, kb()));
        }
        let opening: Vec<_> = batch.iter().map(|&i| tokio::spawn(idle(port, i, stop_idle.clone()))).collect();
        // Each is open once the server counts it (one that failed, never).
        idlers.extend(opening);
        let wanted = idlers.iter().filter(|idler| !idler.is_finished()).count() as f64;
        let deadline = Instant::now() + Duration::from_secs(30);
        while metric(port, "board_websockets").await.unwrap_or(0.0) < wanted && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    // The allocator settles.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let open = metric(port, "board_websockets").await.unwrap_or(0.0) as usize;
    let held = kb();
    println!(
        "{open} idle WebSockets open: server memory {held} KB, {:.1} KB a connection",
        held.saturating_sub(before) as f64 / open.max(1) as f64
    );
    if let Some((first, at)) = warmed.filter(|&(first, _)| open > first) {
        println!(
            "each of the {} after the first {first}: {:.1} KB",
            open - first,
            held.saturating_sub(at) as f64 / (open - first) as f64
        );
    }
    // Rooms playing beside them: 100, then `rooms`; each room's share is 40 turns.
    let mut numbered = 0;
    for playing in [100, rooms] {
        let (latencies, failed) = play(port, numbered, playing, playing * 40, 100).await;
        numbered += playing;
        report(&format!("{playing} rooms playing beside {open} idle, thinking 100 ms"), &latencies, &failed);
        errors.extend(failed);
    }
    // Other games' relay, alone, then beside a crowd coming and going, then alone again.
    let others = 20;
    let usage = Usage::start(pid);
    let (alone, failed) = play(port, numbered, others, others * 150, 100).await;
    numbered += others;
    report(&format!("{others} rooms playing, no crowd"), &alone, &failed);
    usage.report(pid);
    errors.extend(failed);
    // The crowd's room: a game played (each turn told to every spectator), until stopped.
    let stage_turns = Arc::new(AtomicUsize::new(100_000));
    let (announce, announced) = tokio::sync::oneshot::channel();
    let sent = Arc::new(std::sync::Mutex::new(Vec::new()));
    let stage = Stage { announce, sent: sent.clone() };
    let stage = tokio::spawn(room(port, numbered, 100, stage_turns.clone(), Some(stage)));
    numbered += 1;
    match tokio::time::timeout(Duration::from_secs(30), announced).await {
        Ok(Ok(stage_room)) => {
            let stop_crowd = Arc::new(AtomicBool::new(false));
            let crowd: Vec<_> = (0..spectators)
                .map(|i| {
                    tokio::spawn(spectator(port, i, stage_room.clone(), sent.clone(), stop_crowd.clone()))
                })
                .collect();
            // The crowd gathers, then the other games play beside it.
            tokio::time::sleep(Duration::from_secs(2)).await;
            let usage = Usage::start(pid);
            let (beside, failed) = play(port, numbered, others, others * 150, 100).await;
            numbered += others;
            report(
                &format!("{others} rooms playing beside {spectators} spectators coming and going"),
                &beside,
                &failed,
            );
            usage.report(pid);
            errors.extend(failed);
            stop_crowd.store(true, Ordering::Relaxed);
            let (mut visits, mut lags) = (0, Vec::new());
            for spectator in crowd {
                match tokio::time::timeout(Duration::from_secs(60), spectator).await {
                    Ok(Ok(Ok((came, heard)))) => {
                        visits += came;
                        lags.extend(heard);
                    }
                    Ok(Ok(Err(failure))) => errors.push(failure),
                    Ok(Err(panic)) => errors.push(panic.to_string()),
                    Err(_) => errors.push("a spectator did not stop within 60 s".to_owned()),
                }
            }
            println!("the crowd: {spectators} spectators joined and left {visits} times");
            lags.sort_unstable();
            report("each turn of the crowd's room to its spectators", &lags, &[]);
        }
        _ => errors.push("the crowd's room was not made within 30 s".to_owned()),
    }
    // The crowd's game ends too.
    stage_turns.store(0, Ordering::Relaxed);
    match tokio::time::timeout(Duration::from_secs(60), stage).await {
        Ok(Ok(Ok(latencies))) => {
            let mut latencies = latencies;
            latencies.sort_unstable();
            report("the crowd's room", &latencies, &[]);
        }
        Ok(Ok(Err(failure))) => errors.push(failure),
        Ok(Err(panic)) => errors.push(panic.to_string()),
        Err(_) => errors.push("the crowd's room did not end within 60 s".to_owned()),
    }
    let usage = Usage::start(pid);
    let (again, failed) = play(port, numbered, others, others * 150, 100).await;
    report(&format!("{others} rooms playing, the crowd gone"), &again, &failed);
    usage.report(pid);
    errors.extend(failed);
    // Every game has ended and its players gone; the idle connections stay. The server gives
    // freed memory back every 10 s.
    tokio::time::sleep(Duration::from_secs(12)).await;
    let rooms_left = metric(port, "board_rooms").await.unwrap_or(-1.0);
    println!(
        "games ended: {rooms_left} rooms in memory, server memory {} KB, its heap in use {:.0} KB",
        kb(),
        heap().await
    );
    stop_idle.store(true, Ordering::Relaxed);
    for idler in idlers {
        match tokio::time::timeout(Duration::from_secs(60), idler).await {
            Ok(Ok(Ok(()))) => {}
            Ok(Ok(Err(failure))) => errors.push(failure),
            Ok(Err(panic)) => errors.push(panic.to_string()),
            Err(_) => errors.push("an idle connection did not stop within 60 s".to_owned()),
        }
    }
    // The server gives freed memory back every 10 s.
    tokio::time::sleep(Duration::from_secs(12)).await;
    let websockets = metric(port, "board_websockets").await.unwrap_or(-1.0);
    println!(
        "idle connections closed: {websockets} WebSockets, server memory {} KB, its heap in use {:.0} KB",
        kb(),
        heap().await
    );
    println!("errors in all: {}", errors.len());
    for error in errors.iter().take(5) {
        println!("  error: {error}");
    }
}

/// One timed room of the clocks scenario: a 15-second game, `turns` turns played with the
/// players thinking up to `think` ms, then the side to move stops and runs out of time. The
/// turns' latencies (µs), and how late the end came after the instant its clock said (µs,
/// negative if early), measured from the frame that started the last turn.
async fn timed_room(port: u16, index: usize, turns: usize, think: u64) -> Result<(Vec<u64>, i64), Failure> {
    let from = Ipv4Addr::new(127, 2, (index / 250) as u8, (index % 250 + 1) as u8);
    let (mut first, mut second) = (connect(port, from).await?, connect(port, from).await?);
    let create = serde_json::json!({"v": 3, "type": "create", "game": "gomoku", "time": "fischer:15+0"});
    open_room(&mut first, &mut second, create).await?;
    state_at(&mut second, 0).await?;
    let mut game = Gomoku::new(&Default::default());
    let mut latencies = Vec::new();
    let mut seed = index as u64 * 7919 + 1;
    // The state that began the turn being played, when it came, and the mover's time in it.
    let mut turn_began = (Instant::now(), 0_u64);
    for turns in 0..turns {
        let (mover, other) =
            if turns % 2 == 0 { (&mut first, &mut second) } else { (&mut second, &mut first) };
        let sent = move_after(mover, &mut game, &mut seed, think, turns).await?;
        loop {
            if let Some(RoomState { turns: now, clocks, over, .. }) = next(other).await?.room().cloned() {
                if over {
                    return Err("the game ended early".to_owned());
                }
                if now == turns + 1 {
                    latencies.push(sent.elapsed().as_micros() as u64);
                    let left = clocks.map_or(0, |c| c[(turns + 1) % 2]);
                    turn_began = (Instant::now(), left);
                    break;
                }
            }
        }
        state_at(mover, turns + 1).await?;
    }
    // Nobody moves: the side to move is out of time when its clock says.
    let waiter = if turns.is_multiple_of(2) { &mut second } else { &mut first };
    loop {
        if let Some(RoomState { over: true, termination, .. }) = next(waiter).await?.room().cloned() {
            if termination != Some(board_suite::rules::Termination::TimeForfeit) {
                return Err(format!("ended by {termination:?}, not on time"));
            }
            let due = turn_began.0 + Duration::from_millis(turn_began.1);
            let now = Instant::now();
            let late =
                if now >= due { (now - due).as_micros() as i64 } else { -((due - now).as_micros() as i64) };
            return Ok((latencies, late));
        }
    }
}

/// The clocks scenario: `rooms` rooms of 15-second games, all at once, each played for
/// `turns` turns and then left to run out of time. Prints the relay latency, how late the
/// ends came after their instants (p50, p99, max), and the server's CPU meanwhile.
async fn clocks(port: u16, pid: u32, rooms: usize, turns: usize) {
    let usage = Usage::start(pid);
    let tasks: Vec<_> = (0..rooms).map(|i| tokio::spawn(timed_room(port, i, turns, 400))).collect();
    let (mut latencies, mut lateness, mut errors) = (Vec::new(), Vec::new(), Vec::new());
    for task in tasks {
        match task.await {
            Ok(Ok((room, late))) => {
                latencies.extend(room);
                lateness.push(late);
            }
            Ok(Err(failure)) => errors.push(failure),
            Err(panic) => errors.push(panic.to_string()),
        }
    }
    latencies.sort_unstable();
    lateness.sort_unstable();
    report(&format!("{} clients in {rooms} timed rooms (15 s + 0)", rooms * 2), &latencies, &errors);
    let at = |q: f64| {
        lateness.get(((lateness.len() as f64 - 1.0) * q) as usize).map_or(0.0, |&us| us as f64 / 1000.0)
    };
    println!(
        "{} games lost on time: the end came after its instant by p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms (min {:.1} ms)",
        lateness.len(),
        at(0.5),
        at(0.99),
        at(1.0),
        at(0.0)
    );
    usage.report(pid);
}

/// Says hello as a new player.
async fn hello(socket: &mut Socket) -> Result<(), Failure> {
    send(socket, serde_json::json!({"v": 3, "type": "hello"})).await?;
    match next(socket).await? {
        Reply::Player { .. } => Ok(()),
        other => Err(format!("not a player: {other:?}")),
    }
}

/// One room of the rated scenario: the turns' latencies and the end's (µs).
async fn rated_room(port: u16, index: usize, think: u64) -> Result<(Vec<u64>, u64), Failure> {
    let from = Ipv4Addr::new(127, 3, (index / 250) as u8, (index % 250 + 1) as u8);
    let (mut first, mut second) = (connect(port, from).await?, connect(port, from).await?);
    hello(&mut first).await?;
    hello(&mut second).await?;
    let create = serde_json::json!({"v": 3, "type": "create", "game": "gomoku", "time": "fischer:180+2", "rated": true});
    open_room(&mut first, &mut second, create).await?;
    state_at(&mut second, 0).await?;
    let mut game = Gomoku::new(&Default::default());
    let mut latencies = Vec::new();
    let mut seed = index as u64 * 7919 + 1;
    let turns = 10 + index % 31;
    for turns in 0..turns {
        let (mover, other) =
            if turns % 2 == 0 { (&mut first, &mut second) } else { (&mut second, &mut first) };
        let sent = move_after(mover, &mut game, &mut seed, think, turns).await?;
        if state_at(other, turns + 1).await? {
            return Err("the game ended early".to_owned());
        }
        latencies.push(sent.elapsed().as_micros() as u64);
        state_at(mover, turns + 1).await?;
    }
    let sent = Instant::now();
    send(&mut first, serde_json::json!({"v": 3, "type": "resign"})).await?;
    loop {
        if let Some(RoomState { over: true, ratings, .. }) = next(&mut second).await?.room().cloned() {
            if ratings.is_none() {
                return Err("a rated game ended without ratings".to_owned());
            }
            return Ok((latencies, sent.elapsed().as_micros() as u64));
        }
    }
}

/// The rated scenario: `rooms` rated rooms at once, ending while the others play.
async fn rated(port: u16, rooms: usize) {
    let tasks: Vec<_> = (0..rooms).map(|i| tokio::spawn(rated_room(port, i, 200))).collect();
    let (mut latencies, mut ends, mut errors) = (Vec::new(), Vec::new(), Vec::new());
    for task in tasks {
        match task.await {
            Ok(Ok((room, end))) => {
                latencies.extend(room);
                ends.push(end);
            }
            Ok(Err(failure)) => errors.push(failure),
            Err(panic) => errors.push(panic.to_string()),
        }
    }
    latencies.sort_unstable();
    ends.sort_unstable();
    report(&format!("{} players in {rooms} rated rooms", rooms * 2), &latencies, &errors);
    println!(
        "{} rated ends (kept and both ratings written, then relayed): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        ends.len(),
        quantile(&ends, 0.5),
        quantile(&ends, 0.99),
        quantile(&ends, 1.0)
    );
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |i: usize, default: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let port = number(1, 8080) as u16;
    if args.get(2).map(String::as_str) == Some("clocks") {
        clocks(port, number(3, 0) as u32, number(4, 500), number(5, 20)).await;
        return;
    }
    if args.get(2).map(String::as_str) == Some("rated") {
        rated(port, number(3, 100)).await;
        return;
    }
    if args.get(2).map(String::as_str) == Some("crowd") {
        let pid = number(3, 0) as u32;
        crowd(port, pid, number(4, 5000), number(5, 500), number(6, 300)).await;
        return;
    }
    let rooms = number(2, 500);
    let moves = number(3, 20_000);
    let think = number(4, 0) as u64;
    let started = Instant::now();
    let (latencies, errors) = play(port, 0, rooms, moves, think).await;
    let took = started.elapsed();
    println!(
        "{} clients in {rooms} rooms, thinking {think} ms: {} turns relayed in {:.1} s ({:.0} a second); latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} errors",
        rooms * 2,
        latencies.len(),
        took.as_secs_f64(),
        latencies.len() as f64 / took.as_secs_f64(),
        quantile(&latencies, 0.5),
        quantile(&latencies, 0.99),
        quantile(&latencies, 1.0),
        errors.len()
    );
    for error in errors.iter().take(5) {
        println!("  error: {error}");
    }
}
