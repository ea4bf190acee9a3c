//! What the page keeps in storage and hears from its engine worker, as 8770ed2 wrote it
//! (tests/data/*-8770ed2, made with that commit's own code): each still reads, and is written
//! back as it was. (The saves and the server's frames: tests/suite/fixtures.rs.)

use super::analysis;
use super::model::Opponent;
use crate::engine::LEVELS;
use std::path::PathBuf;

/// The fixtures of `dir` whose names start with `prefix`, as (name, text).
fn files(dir: &str, prefix: &str) -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(dir);
    let mut found: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.file_name().unwrap().to_str().unwrap().starts_with(prefix))
        .map(|path| (path.display().to_string(), std::fs::read_to_string(&path).unwrap()))
        .collect();
    found.sort();
    assert!(!found.is_empty(), "no fixtures {prefix}*");
    found
}

#[test]
fn the_remembered_opponent_reads_and_writes_back() {
    for (name, text) in files("stored-8770ed2", "opponent-") {
        let opponent = Opponent::read(&text).unwrap_or_else(|| panic!("{name}"));
        // A level beyond today's strongest is read as the strongest.
        let level = text.split("\"level\":").nth(1).and_then(|l| l.trim_end_matches('}').parse::<u8>().ok());
        assert_eq!(Some(opponent.level), level.map(|l| l.min(LEVELS)), "{name}");
        if level <= Some(LEVELS) {
            assert_eq!(opponent.write(), text, "{name}");
        }
    }
}

#[test]
fn an_analysis_reads_and_writes_back() {
    for (name, text) in files("stored-8770ed2", "analysis") {
        let stored = analysis::read(&text);
        assert_eq!(analysis::write(&stored), text, "{name}");
    }
}

#[test]
fn the_engine_workers_replies_read_on_the_page() {
    for (name, text) in files("frames-8770ed2", "engine-reply-") {
        let reply = super::computer::read_reply(&text).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(serde_json::to_string(&reply).unwrap(), text, "{name}");
    }
}
