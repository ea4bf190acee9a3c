//! What an operator relies on: a panic ends its own connection alone, and the health, readiness
//! and metrics endpoints say how the server is.

use crate::common;

use board_suite::protocol::Seat;
use common::*;

/// A metric's value (the first line that starts with `name`).
fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(name).and_then(|rest| rest.strip_prefix(' ')))
        .unwrap_or_else(|| panic!("{name} in {text}"))
        .parse()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_ends_its_connection_alone_and_every_room_plays_on() {
    let port = start(&data_dir("panic"), fast()).await;
    let (mut first, mut second, room, [token, _], state) = table_for_two(port, "connect-four").await;
    let (mut other_first, mut other_second, _, _, other) = table_for_two(port, "gomoku").await;
    // The fault (a test build's alone): the turn is played in memory, then the task panics
    // before it is stored.
    first.send(&play("4!panic", state.turns)).await;
    first.closed().await;
    // The room's other seat sees the device go, and the game as it was stored.
    let seen = second.state_where(|s| s.online == [false, true]).await;
    assert_eq!(seen.turns, 0);
    // Every other room plays on.
    let end = play_out(&mut other_first, &mut other_second, other, 12, "gomoku", 3).await;
    assert_eq!(end.turns, 12);
    // The device comes back to its seat: the half-made turn is not there, and play goes on.
    let mut back = Client::connect(port).await;
    back.send(&join(&room, Some(&token))).await;
    assert_eq!(back.seat().await.1, Seat::First);
    let resumed = back.state().await;
    assert_eq!((resumed.turns, resumed.to_move), (0, Seat::First));
    back.send(&play("4", 0)).await;
    assert_eq!(second.state_at(1).await.turns, 1);
    // Logged (on standard error) and counted.
    let (status, text) = get(port, "/metrics").await;
    assert_eq!(status, 200);
    assert_eq!(metric(&text, "board_panics_total"), 1.0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_readiness_and_metrics_are_served() {
    let port = start(&data_dir("health"), fast()).await;
    assert_eq!(get(port, "/healthz").await, (200, "ok\n".to_owned()));
    assert_eq!(get(port, "/readyz").await, (200, "ready\n".to_owned()));
    let (mut first, mut second, _, _, state) = table_for_two(port, "connect-four").await;
    let end = play_out(&mut first, &mut second, state, 3, "connect-four", 1).await;
    assert_eq!(end.turns, 3);
    // An unknown game and a rate-limited burst are refusals by reason.
    let (_, text) = get(port, "/metrics").await;
    assert_eq!(metric(&text, "board_moves_total"), 3.0);
    assert_eq!(metric(&text, "board_move_seconds_count"), 3.0);
    assert_eq!(metric(&text, "board_move_seconds_bucket{le=\"+Inf\"}"), 3.0);
    assert_eq!(metric(&text, "board_websockets"), 2.0);
    assert!(metric(&text, "board_connections") >= 3.0, "two WebSockets and this request");
    assert_eq!(metric(&text, "board_rooms"), 1.0);
    // Measured when the server started, as it gave back what it had freed.
    if cfg!(all(target_os = "linux", target_env = "gnu")) {
        assert!(metric(&text, "board_heap_in_use_bytes") > 0.0);
    }
    for name in ["board_store_errors_total", "board_panics_total", "board_accept_errors_total"] {
        assert_eq!(metric(&text, name), 0.0, "{name}");
    }
    assert_eq!(metric(&text, "board_refusals_total{reason=\"origin\"}"), 0.0);
    assert!(text.contains("# TYPE board_move_seconds histogram"));
}
