//! Saves and frames written by commit 8770ed2 (tests/data/*-8770ed2, one file per value, made
//! with that commit's own code): each still reads, and is written back byte for byte as it was.

use board_suite::engine::messages;
use board_suite::games::GameId;
use board_suite::protocol::{self, Reply};
use board_suite::rules::record::Recorded;
use board_suite::save;
use board_suite::with_game;
use std::path::PathBuf;

/// The files of a fixture directory whose names start with `prefix`, as (name, text).
fn files(dir: &str, prefix: &str) -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(dir);
    let mut found: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.file_name().unwrap().to_str().unwrap().starts_with(prefix))
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            (path.file_name().unwrap().to_str().unwrap().to_owned(), text)
        })
        .collect();
    found.sort();
    assert!(!found.is_empty(), "no fixtures {prefix}* in {}", dir.display());
    found
}

fn saves_read_and_write_back<G: Recorded>() {
    let slug = G::SLUG;
    let all = files("saves-8770ed2", &format!("{slug}-"));
    // Every case each game has (`over` only where the fixed play reached an end).
    for case in ["fresh", "mid-game", "redo", "pending", "redo-and-pending", "resigned", "draw-agreed"] {
        assert!(all.iter().any(|(name, _)| *name == format!("{slug}-{case}.json")), "{slug}-{case}");
    }
    for (name, text) in &all {
        let saved = save::decode::<G>(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let written = save::encode(&saved.history, &saved.pending, saved.revision);
        if name.ends_with("-format1.json") {
            // A format-1 save is written anew as format 2, as 8770ed2 wrote it.
            let expected = all.iter().find(|(n, _)| *n == name.replace("format1", "format1-as-2")).unwrap();
            assert_eq!(written, expected.1, "{name}");
        } else {
            assert_eq!(written, *text, "{name}");
        }
    }
}

#[test]
fn saves_of_8770ed2_read_and_write_back() {
    for game in GameId::ALL {
        with_game!(game, G => saves_read_and_write_back::<G>());
    }
}

/// A frame of protocol 2 as protocol 3 writes the same message: its version, and its fields in
/// any order (the room whole's record after the room's other fields).
fn as_version_3(text: &str) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(text).unwrap();
    value["v"] = protocol::VERSION.into();
    value
}

#[test]
fn frames_of_8770ed2_are_the_messages_of_today_and_an_old_pages_request_is_told_to_reload() {
    for (name, text) in files("frames-8770ed2", "request-") {
        // The page of 8770ed2, still open, is answered in words: reload.
        assert!(
            matches!(protocol::read(&text), Err(Reply::Error { code: protocol::ErrorCode::Version, .. })),
            "{name}"
        );
        let today = as_version_3(&text).to_string();
        let request = protocol::read(&today).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&request.to_text()).unwrap(),
            as_version_3(&text)
        );
    }
    for (name, text) in files("frames-8770ed2", "reply-") {
        let reply = Reply::read(&text).unwrap_or_else(|| panic!("{name}"));
        let written: serde_json::Value = serde_json::from_str(&reply.to_text()).unwrap();
        assert_eq!(written, as_version_3(&text), "{name}");
    }
    for (name, text) in files("frames-8770ed2", "engine-request") {
        let request: messages::Request = serde_json::from_str(&text).unwrap();
        assert_eq!(request.to_text(), text, "{name}");
    }
    for (name, text) in files("frames-8770ed2", "engine-reply-") {
        let reply: messages::Reply = serde_json::from_str(&text).unwrap();
        assert_eq!(serde_json::to_string(&reply).unwrap(), text, "{name}");
    }
}
