//! The computer opponent and its help: whose turn the computer plays, its turns and hints as
//! the engine announces them.

use super::*;

impl<G: UiGame> Session<G> {
    /// Whether the computer is to play now (and so thinking).
    pub fn computer_to_move(&self) -> bool {
        self.online.is_none()
            && self.opponent.computer == Some(self.position.to_move())
            && !self.history.over()
            && self.pending.is_empty()
            && self.engine_failed.is_none()
    }

    /// Whether a turn that passed goes to another person at the device (not to the computer,
    /// nor to a finished game): the pass-the-device cover is for them.
    pub(super) fn hands_over(&self) -> bool {
        !self.history.over() && self.opponent.computer.is_none() && self.online.is_none()
    }

    /// Who plays the computer now: asked again even if the engine had failed.
    pub(super) fn choose_opponent(&mut self, opponent: Opponent) {
        self.opponent = opponent;
        self.engine_failed = None;
        self.flow.passed(false);
    }

    /// The engine's turn for the computer, played if the computer is still to move.
    pub(super) fn computers_turn(&mut self, turn: &str) -> Result<(), Illegal> {
        if self.computer_to_move() { self.play_announced(turn) } else { Ok(()) }
    }

    /// The engine's suggestion for the player to move, marked until the next change; an answer
    /// that is no turn here marks nothing.
    pub(super) fn take_hint(&mut self, turn: &str) {
        if self.pending.is_empty() {
            self.hint = read_announced(&self.position, turn).unwrap_or_default();
        }
    }

    /// Plays a turn the engine announced, through the same rules and history as a person's.
    fn play_announced(&mut self, turn: &str) -> Result<(), Illegal> {
        let legs = read_announced(&self.position, turn).map_err(|_| Illegal::NotAllowed)?;
        for leg in legs {
            self.history.play(leg)?;
        }
        Ok(())
    }
}
