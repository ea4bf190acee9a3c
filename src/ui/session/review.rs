//! Reviewing: an earlier position of the game, or a game opened from a link, shown without
//! changing the game.

use super::{Action, Session};
use crate::i18n::GameText;
use crate::rules::History;
use crate::rules::record::{RecordError, Timing};
use crate::ui::model::BoardView;
use crate::ui::model::{Control, ReviewStep, Scene, UiGame};

/// What is shown instead of the live game: an earlier position of it, or a game opened from a
/// link, which the player may continue or put away.
#[derive(Clone, PartialEq)]
pub(super) struct Reviewing<G: UiGame> {
    /// The number of turns after which the game is shown, while an earlier position is
    /// reviewed; `None` shows the live position.
    pub(super) at: Option<usize>,
    /// A game opened from a link, shown for review until the player continues it or keeps
    /// their own (which is neither changed nor saved meanwhile).
    pub(super) shared: Option<History<G>>,
    /// Whether the game shown is a finished one from a player's page, reviewed as one's own.
    pub(super) kept: bool,
    /// Why the last record given could not be loaded.
    pub(super) record_error: Option<RecordError>,
}

/// The board after the first `shown` turns of a game, for review: nothing can be played on it.
pub(super) fn reviewed_board<G: UiGame>(history: &History<G>, shown: usize, text: &GameText) -> BoardView {
    let turns = history.turns();
    let shown = shown.min(turns.len());
    let legs: usize = turns[..shown].iter().map(|(_, legs)| legs.len()).sum();
    let position = turns.get(shown).map_or(history.current(), |(before, _)| *before);
    let last = shown.checked_sub(1).and_then(|i| turns.get(i)).map_or(&[][..], |(_, legs)| *legs);
    let scene = Scene { legal: &[], moves: &history.move_list()[..legs], turn: last, path: &[] };
    position.view(&scene, text)
}

impl<G: UiGame> Session<G> {
    /// Whether an earlier position, or a shared game, is shown.
    pub fn reviewing(&self) -> bool {
        self.shown().1.is_some()
    }

    /// An action that changes only what is shown, done; any other is handed back.
    pub(super) fn look(&self, action: Action<G>) -> Result<Session<G>, Action<G>> {
        let mut next = self.clone();
        match action {
            Action::Control(Control::Review(step)) => {
                next.step_review(step);
                next.end_preview();
            }
            Action::AnalysisCode(code) => next.take_analysis_code(code),
            Action::Analysis(action) => next.take_analysis(action),
            Action::Control(Control::Analyse) => next.analyse(true),
            Action::Control(Control::CancelAnalysis) => next.analyse(false),
            Action::Control(Control::Preview(turns)) => next.preview(turns),
            Action::Control(Control::Continue(_)) => {
                if let Some((history, origin)) = self.branch() {
                    return Err(Action::Branch(history, origin));
                }
            }
            Action::Shared { history, kept } => {
                next.review.at = None;
                next.review.shared = Some(history);
                next.review.kept = kept;
                next.review.record_error = None;
            }
            Action::RecordRefused(error) => next.review.record_error = Some(error),
            Action::Control(Control::ContinueShared) => {
                if let Some(shared) = next.review.shared.clone() {
                    // A link keeps no clocks.
                    return Err(Action::Load(shared, Timing::default()));
                }
            }
            // Board input returns to the live position, and is not played on the old one.
            Action::Play(_) | Action::Control(Control::Select)
                if self.review.at.is_some() && self.review.shared.is_none() =>
            {
                next.review.at = None;
                next.end_preview();
            }
            action => return Err(action),
        }
        Ok(next)
    }

    /// The game on screen and how many of its turns are shown: the player's own at its live
    /// position, an earlier one under review, or a game opened from a link.
    pub(super) fn shown(&self) -> (&History<G>, Option<usize>) {
        match &self.review.shared {
            Some(shared) => (shared, Some(self.review.at.unwrap_or(shared.turns().len()))),
            None => (&self.game.history, self.review.at),
        }
    }

    /// Steps through the game on screen. Reaching the last turn of the player's own game is
    /// the live position; a shared game stays under review until the player decides.
    pub(super) fn step_review(&mut self, step: ReviewStep) {
        let total = self.shown().0.turns().len();
        let now = self.review.at.unwrap_or(total);
        let to = match step {
            ReviewStep::First => 0,
            ReviewStep::Previous => now.saturating_sub(1),
            ReviewStep::Next => now + 1,
            ReviewStep::Last => total,
            ReviewStep::To(turns) => turns,
            ReviewStep::Live => {
                self.review.shared = None;
                total
            }
        }
        .min(total);
        self.review.at = (to < total || self.review.shared.is_some()).then_some(to);
    }
}
