//! Who plays the computer, and how strongly: remembered per game (by the page).

use crate::engine::LEVELS;
use crate::rules::Player;
use serde::{Deserialize, Serialize};

/// Who plays the computer, and at which level (1 to [`LEVELS`]); kept as
/// `{"computer":"Second","level":3}` (`null` for no computer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

impl Opponent {
    /// With the computer as the opponent (on the side it last played, else the second), or
    /// with none: two people at the device.
    pub fn against_computer(self, computer: bool) -> Opponent {
        Opponent { computer: computer.then_some(self.computer.unwrap_or(Player::Second)), ..self }
    }

    /// A choice from its stored text, its level brought within the levels there are.
    pub fn read(text: &str) -> Option<Opponent> {
        let read: Opponent = crate::codec::read(text)?;
        Some(Opponent { level: read.level.clamp(1, LEVELS), ..read })
    }

    /// The choice's stored text.
    pub fn write(&self) -> String {
        crate::codec::write(self)
    }
}
