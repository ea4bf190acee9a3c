//! The computer opponent and its help: whose turn the computer plays, its turns and hints as
//! the engine announces them.

use super::{Session, hash_of};
use crate::rules::Illegal;
use crate::rules::read_announced;
use crate::ui::flow::Flow;
use crate::ui::model::{OnlineChoice, Opponent, ScreenPrefs, UiGame};

/// The computer: who it plays, the turn it suggests, and whether its engine failed.
#[derive(Clone, PartialEq)]
pub(super) struct Computer<G: UiGame> {
    pub(super) opponent: Opponent,
    /// The turn the engine suggests here, when the player asked.
    pub(super) hint: Vec<G::Move>,
    /// The engine could not answer: said in words, and the computer waits.
    pub(super) engine_failed: Option<String>,
}

impl<G: UiGame> Session<G> {
    pub fn opponent(&self) -> Opponent {
        self.computer.opponent
    }

    /// The screen's display choices.
    pub fn display(&self) -> ScreenPrefs {
        self.display
    }

    /// The new-game dialog's online choices, as last asked for.
    pub fn online_choice(&self) -> OnlineChoice {
        self.online_choice.clone()
    }

    /// What the computer's turn depends on, as a key.
    pub fn computer_key(&self) -> u64 {
        hash_of(&(
            self.storage.changes,
            self.game.history.ply(),
            self.computer.opponent,
            self.computer_to_move(),
        ))
    }

    /// Whether the computer is to play now (and so thinking).
    pub fn computer_to_move(&self) -> bool {
        self.online.playing.is_none()
            && self.computer.opponent.computer == Some(self.game.position.to_move())
            && !self.game.history.over()
            && self.game.pending.is_empty()
            && self.computer.engine_failed.is_none()
    }

    /// Whether a turn that passed goes to another person at the device (not to the computer,
    /// nor to a finished game): the pass-the-device cover is for them.
    pub(super) fn hands_over(&self) -> bool {
        !self.game.history.over()
            && self.computer.opponent.computer.is_none()
            && self.online.playing.is_none()
    }

    /// Who plays the computer now: asked again even if the engine had failed.
    pub(super) fn choose_opponent(&mut self, opponent: Opponent) {
        self.computer.opponent = opponent;
        self.computer.engine_failed = None;
        self.turn.flow.passed(false);
    }

    /// The engine's turn for the computer, played if the computer is still to move.
    pub(super) fn computers_turn(&mut self, turn: &str) -> Result<(), Illegal> {
        if self.computer_to_move() { self.play_announced(turn) } else { Ok(()) }
    }

    /// The engine's suggestion for the player to move, marked until the next change; an answer
    /// that is no turn here marks nothing.
    pub(super) fn take_hint(&mut self, turn: &str) {
        if self.game.pending.is_empty() {
            self.computer.hint = read_announced(&self.game.position, turn).unwrap_or_default();
        }
    }

    /// Plays a turn the engine announced, through the same rules and history as a person's.
    fn play_announced(&mut self, turn: &str) -> Result<(), Illegal> {
        let legs = read_announced(&self.game.position, turn).map_err(|_| Illegal::NotAllowed)?;
        for leg in legs {
            self.game.history.play(leg)?;
        }
        Ok(())
    }
}
