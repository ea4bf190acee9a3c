//! Who plays the computer and how strongly: chosen in the new-game dialog, shown beside the
//! board.

use crate::i18n::{GameText, Side};
use crate::rules::Player;
use crate::ui::computer::Opponent;

/// Who plays the computer, and whether its help may be asked for now.
#[derive(Clone, Debug, PartialEq)]
pub struct OpponentPanel {
    pub opponent: Opponent,
    /// The sides, the first player's first.
    pub sides: [Side; 2],
    /// A person is to move in a game in progress: a hint may be asked for.
    pub can_hint: bool,
}

impl OpponentPanel {
    /// Who plays, in words.
    pub fn words(&self, text: &GameText) -> String {
        match self.opponent.computer {
            None => text.hotseat.to_owned(),
            Some(player) => {
                let side = self.sides[usize::from(player == Player::Second)];
                (text.against_computer)(self.opponent.level, (text.side)(side))
            }
        }
    }
}
