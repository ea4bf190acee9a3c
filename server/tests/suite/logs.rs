//! The server's log: every line a connection logs carries its room, never a seat's token. Each
//! test in a process of its own (cargo-nextest), so that no other test logs beside it: tracing
//! decides once per log line which loggers hear it, and a test's own logger can miss lines
//! another test's thread saw first.

use crate::common;

use common::*;
use std::time::Duration;

/// Every line a connection logs once it is in a room carries the room's id, and no line a
/// seat's token. On one thread, so that the test's own logger hears the server's tasks.
#[tokio::test(flavor = "current_thread")]
async fn a_connections_log_lines_carry_its_room_and_never_a_token() {
    let log = Log::default();
    let writer = log.clone();
    let logger = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::DEBUG)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    let _logging = tracing::subscriber::set_default(logger);
    // Two requests a second: the second seat's device is closed for flooding.
    let limits = board_suite_server::rooms::Limits { messages_per_second: 2, ..fast() };
    let port = start(&data_dir("log-lines"), limits).await;
    let (mut first, mut second, room, tokens, state) = table_for_two(port, "connect-four").await;
    // A panic, logged by the connection it ended; then the other seat's device floods.
    first.send(&play("4!panic", state.turns)).await;
    first.closed().await;
    second.state_where(|s| s.online == [false, true]).await;
    for _ in 0..8 {
        let _ = futures_util::SinkExt::send(
            &mut second.socket,
            tokio_tungstenite::tungstenite::Message::text("{}"),
        )
        .await;
    }
    assert_eq!(second.closed().await, Some(1008));
    // The server logs the close as it makes it.
    let text = || String::from_utf8_lossy(&log.0.lock().unwrap()).into_owned();
    for _ in 0..100 {
        if text().matches("closing the connection").count() >= 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let text = text();
    let panicked: Vec<_> = text.lines().filter(|line| line.contains("a task panicked")).collect();
    assert_eq!(panicked.len(), 1, "{text}");
    assert!(panicked[0].contains(&format!("room={room}")), "{text}");
    let closing: Vec<_> = text.lines().filter(|line| line.contains("closing the connection")).collect();
    assert!(!closing.is_empty(), "{text}");
    assert!(closing.iter().all(|line| line.contains(&format!("room={room}"))), "{text}");
    for token in tokens {
        assert!(!text.contains(&token), "a token in the log: {text}");
    }
}
