//! Who plays the computer, and how strongly: remembered per game.

use crate::engine::LEVELS;
use crate::json::{self, Value};
use crate::rules::Player;
use crate::ui::storage;

/// Who plays the computer, and at which level (1 to [`LEVELS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Opponent {
    /// The computer's side; `None` for two people at the device.
    pub computer: Option<Player>,
    pub level: u8,
}

impl Default for Opponent {
    fn default() -> Self {
        Opponent { computer: None, level: 3 }
    }
}

fn key(slug: &str) -> String {
    format!("board-suite/opponent/{slug}")
}

impl Opponent {
    /// With the computer as the opponent (on the side it last played, else the second), or
    /// with none: two people at the device.
    pub fn against_computer(self, computer: bool) -> Opponent {
        Opponent { computer: computer.then_some(self.computer.unwrap_or(Player::Second)), ..self }
    }

    /// The choice remembered for a game; a missing or unreadable one is the default.
    pub fn load(slug: &str) -> Opponent {
        let read = storage::read(&key(slug)).and_then(|text| json::parse(&text).ok());
        let read = read.and_then(|value| {
            let computer = match &value["computer"] {
                Value::Null => None,
                side => Some(player(side)?),
            };
            let level = u8::try_from(value["level"].as_u64()?).ok()?;
            Some(Opponent { computer, level: level.clamp(1, LEVELS) })
        });
        read.unwrap_or_default()
    }

    /// Kept as `{"computer":"Second","level":3}` (`null` for no computer), written as text.
    pub fn store(&self, slug: &str) {
        let computer = match self.computer {
            Some(Player::First) => "\"First\"",
            Some(Player::Second) => "\"Second\"",
            None => "null",
        };
        storage::write(&key(slug), &format!("{{\"computer\":{computer},\"level\":{}}}", self.level));
    }

    /// Whether a storage key holds this game's choice (another tab changed it).
    pub fn watches(storage_key: &str, slug: &str) -> bool {
        storage_key == key(slug)
    }
}

fn player(value: &Value) -> Option<Player> {
    match value.as_str()? {
        "First" => Some(Player::First),
        "Second" => Some(Player::Second),
        _ => None,
    }
}
