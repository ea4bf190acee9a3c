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

use board_suite::rules::Game;
use board_suite::rules::TurnText;
use board_suite::rules::gomoku::Gomoku;
use board_suite_server::protocol::Reply;
use futures_util::{SinkExt, StreamExt};
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{WebSocketStream, client_async};

type Socket = WebSocketStream<TcpStream>;

/// Why a room stopped early, in words.
type Failure = String;

async fn connect(port: u16, from: Ipv4Addr) -> Result<Socket, Failure> {
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
        if let Reply::State { turns: now, over, .. } = next(socket).await?
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

/// One room: a device creates it, another joins, and they take turns until the room's share
/// of the turns is played (or the game ends). The latencies, in microseconds.
async fn room(
    port: u16,
    index: usize,
    think: u64,
    turns_left: Arc<AtomicUsize>,
) -> Result<Vec<u64>, Failure> {
    let from = Ipv4Addr::new(127, 1, (index / 250) as u8, (index % 250 + 1) as u8);
    let mut first = connect(port, from).await?;
    send(&mut first, serde_json::json!({"v": 1, "type": "create", "game": "gomoku"})).await?;
    let room = match next(&mut first).await? {
        Reply::Seat { room, .. } => room,
        other => return Err(format!("{other:?}")),
    };
    let mut second = connect(port, from).await?;
    send(&mut second, serde_json::json!({"v": 1, "type": "join", "room": room})).await?;
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
        send(mover, serde_json::json!({"v": 1, "type": "move", "turn": turn, "turns": turns})).await?;
        let over = state_at(other, turns + 1).await?;
        latencies.push(sent.elapsed().as_micros() as u64);
        state_at(mover, turns + 1).await?;
        if over {
            break;
        }
    }
    Ok(latencies)
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |i: usize, default: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let port = number(1, 8080) as u16;
    let rooms = number(2, 500);
    let moves = number(3, 20_000);
    let think = number(4, 0) as u64;
    let turns_left = Arc::new(AtomicUsize::new(moves));
    let started = Instant::now();
    let tasks: Vec<_> = (0..rooms).map(|i| tokio::spawn(room(port, i, think, turns_left.clone()))).collect();
    let mut latencies = Vec::new();
    let mut errors = Vec::new();
    for task in tasks {
        match task.await {
            Ok(Ok(room)) => latencies.extend(room),
            Ok(Err(failure)) => errors.push(failure),
            Err(panic) => errors.push(panic.to_string()),
        }
    }
    let took = started.elapsed();
    latencies.sort_unstable();
    let at = |q: f64| {
        latencies.get(((latencies.len() as f64 - 1.0) * q) as usize).map_or(0.0, |&us| us as f64 / 1000.0)
    };
    println!(
        "{} clients in {rooms} rooms, thinking {think} ms: {} turns relayed in {:.1} s ({:.0} a second); latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} errors",
        rooms * 2,
        latencies.len(),
        took.as_secs_f64(),
        latencies.len() as f64 / took.as_secs_f64(),
        at(0.5),
        at(0.99),
        at(1.0),
        errors.len()
    );
    for error in errors.iter().take(5) {
        println!("  error: {error}");
    }
}
