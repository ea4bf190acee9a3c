//! Players without a password, over the wire: a first hello is given a player and a key; the
//! key finds the same player on another connection and after a restart; a forged key is a new
//! player; a name is checked, unique ignoring case, and changed at most once a day.

mod common;

use board_suite_server::protocol::{ErrorCode, Reply};
use common::*;

fn hello(key: Option<&str>) -> String {
    serde_json::json!({"v": 2, "type": "hello", "key": key}).to_string()
}

fn name(name: &str) -> String {
    serde_json::json!({"v": 2, "type": "name", "name": name}).to_string()
}

/// The player a frame names: id, name and new key.
async fn player(client: &mut Client) -> (String, Option<String>, Option<String>) {
    match client.next().await {
        Reply::Player { id, name, key } => (id, name, key),
        other => panic!("a player, not {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_keeps_its_player_and_a_name_is_checked() {
    let data = data_dir("players");
    let port = start(&data, fast()).await;
    let mut first = Client::connect(port).await;
    first.send(&name("Before")).await;
    assert_eq!(first.error().await, ErrorCode::NoPlayer);
    first.send(&hello(None)).await;
    let (id, no_name, key) = player(&mut first).await;
    let key = key.expect("a first hello is given a key");
    assert_eq!((no_name, key.len()), (None, 64));

    // The same key on another connection is the same player, and is given no key again.
    let mut again = Client::connect(port).await;
    again.send(&hello(Some(&key))).await;
    assert_eq!(player(&mut again).await, (id.clone(), None, None));
    // A forged key is a new player, with a key of its own.
    let mut forger = Client::connect(port).await;
    forger.send(&hello(Some(&format!("{}0", &key[..63])))).await;
    let (forged, _, forged_key) = player(&mut forger).await;
    assert_ne!(forged, id);
    assert!(forged_key.is_some_and(|k| k != key));

    for bad in ["ab", "9lives", "two words", "Admin", "名字好"] {
        first.send(&name(bad)).await;
        assert_eq!(first.error().await, ErrorCode::NameInvalid, "{bad}");
    }
    first.send(&name("MingLi")).await;
    assert_eq!(player(&mut first).await, (id.clone(), Some("MingLi".into()), None));
    forger.send(&name("mingli")).await;
    assert_eq!(forger.error().await, ErrorCode::NameTaken);
    again.send(&name("Ming")).await;
    assert_eq!(again.error().await, ErrorCode::NameTooSoon);

    // A second server on the same store knows the key and the name.
    drop((first, again, forger));
    let port = start(&data, fast()).await;
    let mut back = Client::connect(port).await;
    back.send(&hello(Some(&key))).await;
    assert_eq!(player(&mut back).await, (id, Some("MingLi".into()), None));
}
