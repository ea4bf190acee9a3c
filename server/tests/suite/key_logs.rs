//! A player's key and transfer codes are never in the server's log, its metrics or another
//! device's frames. In a process of its own, as every test is under cargo-nextest, so that no
//! other test logs beside it (see `logs.rs`).

use crate::common;

use board_suite::protocol::Reply;
use common::*;

fn ask(value: serde_json::Value) -> String {
    let mut value = value;
    value["v"] = board_suite::protocol::VERSION.into();
    value.to_string()
}

#[tokio::test(flavor = "current_thread")]
async fn keys_and_codes_are_never_logged_measured_or_sent_to_others() {
    let log = Log::default();
    let writer = log.clone();
    let logger = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    let _logging = tracing::subscriber::set_default(logger);
    let port = start(&data_dir("key-logs"), fast()).await;
    let mut secrets = Vec::new();
    let mut devices = Vec::new();
    for _ in 0..2 {
        let mut device = Client::connect(port).await;
        device.send(&ask(serde_json::json!({"type": "hello"}))).await;
        let Reply::Player { key: Some(key), .. } = device.next().await else { panic!("a key") };
        // Shown again, as a returning device does.
        device.send(&ask(serde_json::json!({"type": "hello", "key": key}))).await;
        device.next().await;
        secrets.push(key);
        devices.push(device);
    }
    let [first, second] = &mut devices[..] else { unreachable!() };
    // What the second device hears from now on is what another device could.
    second.heard.clear();
    first.send(&ask(serde_json::json!({"type": "transfer-code"}))).await;
    let Reply::TransferCode { code, .. } = first.next().await else { panic!("a code") };
    let mut phone = Client::connect(port).await;
    phone.send(&ask(serde_json::json!({"type": "transfer", "code": code}))).await;
    let Reply::Player { key: Some(phone_key), .. } = phone.next().await else { panic!("a key") };
    secrets.extend([code.replace('-', ""), code, phone_key]);
    phone.send(&ask(serde_json::json!({"type": "forget"}))).await;
    assert_eq!(phone.next().await, Reply::Forgotten);
    // A rated game between the two, to its end: the other device and a spectator hear it all.
    first.send(&ask(serde_json::json!({"type": "create", "game": "connect-four", "time": "fischer:60+0", "rated": true}))).await;
    let (room, _, _) = first.seat().await;
    second.send(&join(&room, None)).await;
    second.seat().await;
    let mut spectator = Client::connect(port).await;
    spectator.send(&join(&room, None)).await;
    spectator.seat().await;
    first.send(&ask(serde_json::json!({"type": "resign"}))).await;
    spectator.state_where(|s| s.over).await;
    second.state_where(|s| s.over).await;
    let (_, metrics) = get(port, "/metrics").await;
    let text = String::from_utf8_lossy(&log.0.lock().unwrap()).into_owned();
    assert!(text.contains("closing") || text.contains("room"), "the server logged: {text}");
    for secret in &secrets {
        assert!(!text.contains(secret.as_str()), "a secret in the log: {text}");
        assert!(!metrics.contains(secret.as_str()), "a secret in the metrics");
        for other in [&*second, &spectator] {
            assert!(
                other.heard.iter().all(|frame| !frame.contains(secret.as_str())),
                "a secret in another's frame"
            );
        }
    }
}
