//! The browser's localStorage: the one place saves and settings are read and written.

use crate::rules::{Game, History};
use crate::save::{self, LoadError, Saved};

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The text under a key; `None` if absent or storage is unavailable (e.g. blocked by privacy
/// settings), in which case the game simply is not remembered.
pub fn read(key: &str) -> Option<String> {
    local_storage()?.get_item(key).ok().flatten()
}

/// Writes a key; a full or blocked storage is logged, not fatal.
pub fn write(key: &str, value: &str) {
    let written = local_storage().map(|s| s.set_item(key, value));
    if !matches!(written, Some(Ok(()))) {
        web_sys::console::warn_1(&format!("could not save {key}").into());
    }
}

/// A player's on/off choice (a toggle remembered across visits); off until chosen.
pub fn flag(key: &str) -> bool {
    read(key).as_deref() == Some("on")
}

pub fn set_flag(key: &str, on: bool) {
    write(key, if on { "on" } else { "off" });
}

/// The saved game, or a fresh one when there is none. A save that cannot be read is moved to
/// the backup key and its error returned for the player to see.
pub fn load_game<G: Game>(game_id: &str, config: &G::Config) -> (Saved<G>, Option<LoadError>) {
    let fresh = || Saved { history: History::new(config), pending: Vec::new() };
    let Some(text) = read(&save::key(game_id)) else {
        return (fresh(), None);
    };
    match save::decode(game_id, &text) {
        Ok(saved) => (saved, None),
        Err(error) => {
            write(&save::backup_key(game_id), &text);
            (fresh(), Some(error))
        }
    }
}

pub fn save_game<G: Game>(game_id: &str, history: &History<G>, pending: &[G::Move]) {
    write(&save::key(game_id), &save::encode(game_id, history, pending));
}
