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

    for bad in ["ab", "9lives", "two words", "名字好"] {
        first.send(&name(bad)).await;
        assert_eq!(first.error().await, ErrorCode::NameInvalid, "{bad}");
    }
    for reserved in ["Admin", "computer", "Anonymous"] {
        first.send(&name(reserved)).await;
        assert_eq!(first.error().await, ErrorCode::NameReserved, "{reserved}");
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

fn ask(kind: &str) -> String {
    serde_json::json!({"v": 2, "type": kind}).to_string()
}

fn transfer(code: &str) -> String {
    serde_json::json!({"v": 2, "type": "transfer", "code": code}).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_code_moves_a_player_once_and_a_device_forgets_its_key() {
    let data = data_dir("transfer");
    let port = start(&data, fast()).await;
    let mut laptop = Client::connect(port).await;
    laptop.send(&ask("transfer-code")).await;
    assert_eq!(laptop.error().await, ErrorCode::NoPlayer, "no code before hello");
    laptop.send(&hello(None)).await;
    let (id, _, key) = player(&mut laptop).await;
    let key = key.unwrap();
    laptop.send(&ask("transfer-code")).await;
    let code = match laptop.next().await {
        Reply::TransferCode { code, expires_in } => {
            assert_eq!(expires_in, 600);
            code
        }
        other => panic!("a code, not {other:?}"),
    };

    // The phone types it (its case and dashes as it likes): it is the laptop's player, with
    // a key of its own.
    let mut phone = Client::connect(port).await;
    phone.send(&transfer(&code.to_uppercase().replace('-', " "))).await;
    let (moved, _, phone_key) = player(&mut phone).await;
    let phone_key = phone_key.expect("a key for the phone");
    assert_eq!(moved, id);
    assert_ne!(phone_key, key, "never the other device's key");
    // Used once.
    let mut thief = Client::connect(port).await;
    thief.send(&transfer(&code)).await;
    assert_eq!(thief.error().await, ErrorCode::TransferInvalid);

    // The phone forgets itself: its key is no one's, and the laptop is still the player.
    phone.send(&ask("forget")).await;
    assert_eq!(phone.next().await, Reply::Forgotten);
    phone.send(&ask("transfer-code")).await;
    assert_eq!(phone.error().await, ErrorCode::NoPlayer);
    let mut again = Client::connect(port).await;
    again.send(&hello(Some(&phone_key))).await;
    let (other, _, _) = player(&mut again).await;
    assert_ne!(other, id, "a forgotten key is a new player");
    again.send(&hello(Some(&key))).await;
    assert_eq!(player(&mut again).await.0, id);

    // Ten wrong codes from one address in a minute (the thief's and nine more, all from this
    // machine): it waits, even with a good code.
    laptop.send(&ask("transfer-code")).await;
    let Reply::TransferCode { code, .. } = laptop.next().await else { panic!("a code") };
    let mut guesser = Client::connect(port).await;
    for n in 0..9 {
        guesser.send(&transfer(&format!("guess-{n:05}"))).await;
        assert_eq!(guesser.error().await, ErrorCode::TransferInvalid);
    }
    guesser.send(&transfer(&code)).await;
    assert_eq!(guesser.error().await, ErrorCode::TransferWait);
}
