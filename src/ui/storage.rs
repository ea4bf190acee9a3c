//! The browser's localStorage: the one place saves and settings are read and written. Storage
//! may be missing (a private window, a locked-down browser) or refuse a write (full): both are
//! values here, for the page to tell the player, never a panic.

use crate::rules::record::Recorded;
use crate::rules::{Game, History};
use crate::save::{self, LoadError, Saved};
use crate::ui::model::StorageProblem;

fn local_storage() -> Result<web_sys::Storage, StorageProblem> {
    let window = web_sys::window().ok_or(StorageProblem::Unavailable)?;
    window.local_storage().ok().flatten().ok_or(StorageProblem::Unavailable)
}

/// The text under a key: `Ok(None)` if absent.
fn try_read(key: &str) -> Result<Option<String>, StorageProblem> {
    local_storage()?.get_item(key).map_err(|_| StorageProblem::Unavailable)
}

fn try_write(key: &str, value: &str) -> Result<(), StorageProblem> {
    local_storage()?.set_item(key, value).map_err(|_| StorageProblem::WriteRefused)
}

/// The text under a key; `None` if absent or storage is unavailable. For choices that are
/// simply not remembered then (the language, a toggle).
pub fn read(key: &str) -> Option<String> {
    try_read(key).ok().flatten()
}

/// Writes a choice; a full or blocked storage only means it is not remembered.
pub fn write(key: &str, value: &str) {
    let _ = try_write(key, value);
}

/// Forgets what a key holds.
pub fn remove(key: &str) {
    if let Ok(storage) = local_storage() {
        let _ = storage.remove_item(key);
    }
}

/// A player's on/off choice (a toggle remembered across visits); off until chosen.
pub fn flag(key: &str) -> bool {
    read(key).as_deref() == Some("on")
}

pub fn set_flag(key: &str, on: bool) {
    write(key, if on { "on" } else { "off" });
}

/// Where a game's page says how many moves its game in progress has: the home page, which
/// holds no game's rules, offers to continue it.
fn progress_key(slug: &str) -> String {
    format!("board-suite/progress/{slug}")
}

/// Writes the moves played in this device's game in progress, or that there is none.
pub fn write_progress(slug: &str, plies: Option<usize>) {
    write(&progress_key(slug), &plies.unwrap_or(0).to_string());
}

/// The moves played in a game in progress on this device, if there is one.
pub fn read_progress(slug: &str) -> Option<usize> {
    read(&progress_key(slug))?.parse().ok().filter(|&plies| plies > 0)
}

/// Where a game continued from another's position keeps its origin.
fn origin_key(slug: &str) -> String {
    format!("board-suite/origin/{slug}")
}

/// Keeps the origin of a game continued from another's position, with the turns it was
/// continued after (`turns`), or forgets it.
pub fn keep_origin(slug: &str, origin: Option<&str>, turns: &[String]) {
    write(&origin_key(slug), &origin.map(|o| format!("{}\n{o}", turns.join(" "))).unwrap_or_default());
}

/// The origin kept for a game, if the game is still the one continued: it begins with the
/// turns the origin was kept with.
pub fn kept_origin(slug: &str, turns: &[String]) -> Option<String> {
    origin_of(&read(&origin_key(slug))?, turns)
}

fn origin_of(kept: &str, turns: &[String]) -> Option<String> {
    let (before, origin) = kept.split_once('\n')?;
    let before: Vec<&str> = before.split_whitespace().collect();
    let now: Vec<&str> = turns.iter().map(String::as_str).collect();
    (now.get(..before.len()) == Some(&before[..]) && !origin.is_empty()).then(|| origin.to_owned())
}

/// What loading found: the saved game (or a fresh one), and what to tell the player.
pub struct Loaded<G: Game> {
    pub saved: Saved<G>,
    /// The save could not be read; its text was kept under the backup key.
    pub error: Option<LoadError>,
    pub problem: Option<StorageProblem>,
}

/// The saved game, or a fresh one when there is none. A save that cannot be read is moved to
/// the backup key and its error returned for the player to see.
pub fn load_game<G: Recorded>(game_id: &str, config: &G::Config) -> Loaded<G> {
    let fresh = || Saved { history: History::new(config), pending: Vec::new(), revision: 0 };
    let (text, problem) = match try_read(&save::key(game_id)) {
        Ok(text) => (text, None),
        Err(problem) => (None, Some(problem)),
    };
    let Some(text) = text else {
        return Loaded { saved: fresh(), error: None, problem };
    };
    match save::decode(&text) {
        Ok(saved) => Loaded { saved, error: None, problem },
        Err(error) => {
            write(&save::backup_key(game_id), &text);
            Loaded { saved: fresh(), error: Some(error), problem }
        }
    }
}

/// What became of a save.
pub enum Written<G: Game> {
    /// Saved at this revision.
    At(u64),
    /// Another tab saved a newer game since: it is this one, and nothing was written.
    Newer(Saved<G>),
    Refused(StorageProblem),
}

/// Saves a game that was at `revision` as the next revision, unless another tab has saved a
/// newer one since.
pub fn save_game<G: Recorded>(
    game_id: &str,
    history: &History<G>,
    pending: &[G::Move],
    revision: u64,
) -> Written<G> {
    let key = save::key(game_id);
    let stored = match try_read(&key) {
        Ok(stored) => stored,
        Err(problem) => return Written::Refused(problem),
    };
    if !save::may_overwrite(game_id, revision, stored.as_deref())
        && let Some(newer) = stored.and_then(|text| save::decode(&text).ok())
    {
        return Written::Newer(newer);
    }
    let next = revision + 1;
    match try_write(&key, &save::encode(history, pending, next)) {
        Ok(()) => Written::At(next),
        Err(problem) => Written::Refused(problem),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_origin_holds_while_the_game_is_the_one_continued() {
        let turns = |t: &str| t.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
        let kept = "h8 h9\n#/gomoku?record=h8+h9+i9+* after move 2";
        let origin = Some("#/gomoku?record=h8+h9+i9+* after move 2".to_owned());
        assert_eq!(origin_of(kept, &turns("h8 h9")), origin);
        assert_eq!(origin_of(kept, &turns("h8 h9 a1 a2")), origin);
        assert_eq!(origin_of(kept, &turns("h8")), None);
        assert_eq!(origin_of(kept, &turns("h8 h10")), None);
        assert_eq!(origin_of("", &turns("h8")), None);
        // From the start: any game of it, until forgotten.
        assert!(origin_of("\nx after move 0", &turns("a1")).is_some());
    }
}
