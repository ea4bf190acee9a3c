//! The game kept in storage, as the session knows it: what to save (the page saves it), another
//! tab's save followed, and what storage said told once.

use super::{Action, Session};
use crate::rules::History;
use crate::save::LoadError;
use crate::ui::flow::Flow;
use crate::ui::model::{StorageProblem, UiGame};

/// The game in storage, as this tab knows it.
#[derive(Clone, PartialEq)]
pub(super) struct Storage {
    /// The game shown is the one in storage (as loaded, or another tab's): nothing to save.
    pub(super) stored: bool,
    /// Counts this tab's changes to the game, so each is saved once.
    pub(super) changes: u64,
    pub(super) load_error: Option<LoadError>,
    /// Storage is missing or refused the last save, until the player dismisses the notice.
    pub(super) problem: Option<StorageProblem>,
    /// The player has dismissed a storage notice: a refused save is not told again.
    pub(super) warned: bool,
}

impl Storage {
    /// A save written (after one was refused), or refused: a refusal is told until the player
    /// dismisses it, and not again until a save is written.
    fn written(&mut self, result: Result<(), StorageProblem>) {
        match result {
            Ok(()) => {
                self.problem = self.problem.filter(|&p| p != StorageProblem::WriteRefused);
                self.warned = false;
            }
            Err(problem) => self.problem = self.problem.or((!self.warned).then_some(problem)),
        }
    }

    /// The player dismissed the notices: storage's are not told again.
    pub(super) fn dismiss(&mut self) {
        self.load_error = None;
        self.warned |= self.problem.take().is_some();
    }
}

impl<G: UiGame> Session<G> {
    /// The game to save, with the turn in progress, unless it is the one in storage. The
    /// game online lives on the server; the device's own is kept aside, as stored.
    pub fn to_save(&self) -> Option<(&History<G>, &[G::Move])> {
        (!self.storage.stored && !self.is_online()).then_some((&self.game.history, &self.game.pending))
    }

    /// Whether a save written is news: the notice of a refused one goes, and a refusal is
    /// told again.
    pub fn tells_written(&self) -> bool {
        self.storage.problem == Some(StorageProblem::WriteRefused) || self.storage.warned
    }

    /// What storage did: another tab's game taken up, or a save written or refused.
    pub(super) fn follow(&self, action: Action<G>) -> Session<G> {
        let mut next = self.clone();
        match action {
            Action::Follow { saved, overtook } => {
                next.review.at = None;
                next.game.history = saved.history;
                next.game.pending = saved.pending;
                next.turn.flow.input();
                next.turn.refusal = None;
                next.turn.overtaken = overtook;
                next.storage.stored = true;
                next.game.settle();
                if next.game.history.ply() != self.game.history.ply() {
                    next.turn.flow.passed(next.hands_over());
                }
            }
            Action::Prefs(prefs) => next.turn.flow = next.turn.flow.reload(prefs),
            Action::Stored(result) => next.storage.written(result),
            _ => {}
        }
        next
    }
}
