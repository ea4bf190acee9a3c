//! The page's side of a game's [`Session`]: how a game's page starts from what storage held,
//! what the page's input names in the game, and what the page asks of it (the engine's
//! question, the keys its answers are for).

use super::{Action, Problems, Remembered, Session};
use crate::engine::messages::Request;
use crate::i18n::GameText;
use crate::rules::record;
use crate::save::Saved;
use crate::ui::flow::Flow;
use crate::ui::model::{Control, UiGame};
use std::rc::Rc;

/// A hash of the things an effect or an answer depends on, as its key.
pub fn hash_of(value: &impl std::hash::Hash) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(value)
}

impl<G: UiGame> Session<G> {
    /// The action an input names in the game on the board: a board input's move, a command
    /// button's, the rules a setting's choice makes, an engine's answer for this position;
    /// `None` when it names nothing to do here.
    pub(super) fn named(&self, action: Action<G>) -> Option<Action<G>> {
        // The moves and rules do not depend on the language their buttons are named in.
        let text: &GameText = crate::i18n::Lang::En.game_text();
        Some(match action {
            Action::Board(input) => Action::Play(self.game.position.action_move(input)?),
            Action::Control(Control::Command(index)) => Action::Play(self.game.command(index, text)?),
            Action::Control(Control::Choose { index, choice }) => {
                let config = self.game.history.current().config();
                Action::Configure((G::settings(config, text.lang).get(index)?.apply)(config, choice))
            }
            Action::Computer { at, .. } | Action::Hint { at, .. } if at != self.position_key() => {
                return None;
            }
            action => action,
        })
    }

    /// A record's text read with `seed`'s shuffle for what it does not show: its game loaded,
    /// or shown for review when shared (`Some(kept)`: see [`Action::Shared`]), or why it could
    /// not be read. A record's analysis marks come with its game.
    pub(super) fn read_record(self: Rc<Self>, text: &str, seed: u64, shared: Option<bool>) -> Rc<Self> {
        let action = match record::read::<G>(text, seed) {
            Ok(history) if let Some(kept) = shared => Action::Shared { history, kept },
            Ok(history) => Action::Load(history, record::read_timing(text)),
            Err(error) => Action::RecordRefused(error),
        };
        let next = self.change(action);
        if next.review.record_error.is_some() {
            return next;
        }
        let mut next = Rc::unwrap_or_clone(next);
        next.imported(text);
        Rc::new(next)
    }

    /// The position on the board, as a key: an engine's answer is played only where it was asked.
    pub fn position_key(&self) -> u64 {
        hash_of(&self.game.position)
    }

    /// The engine's question for the player to move, at `level`: the rules without the shuffle
    /// (the engine knows only what a player at the board knows), the game as the move list
    /// writes it, and a fresh seed for the level's choice among near-best turns.
    pub fn request(&self, level: u8) -> Request {
        let rules = G::reseed(self.game.history.current().config(), 0);
        Request {
            id: 0,
            game: G::SLUG.to_owned(),
            config: crate::codec::write(&rules),
            moves: record::turn_texts(&self.game.history),
            level,
            seed: 0,
            movetime: None,
            solve: false,
            analyse: false,
            start: self.game.history.start().setup(),
        }
    }

    /// Whether a pick of a piece is an input worth a change: it ends a look back or a review.
    pub fn select_matters(&self) -> bool {
        self.turn.flow.shows_previous() || self.reviewing()
    }

    /// Where the game came from, if it was continued from another's position.
    pub fn origin(&self) -> Option<&str> {
        self.game.origin.as_deref()
    }

    /// The game's turns, as the move list writes them.
    pub fn turns(&self) -> Vec<String> {
        record::turn_texts(&self.game.history)
    }
}

/// The rules of a fresh game: the URL's shuffle, or a new one.
pub fn fresh_rules<G: UiGame>(seed: Option<u64>, fresh_seed: u64) -> G::Config {
    G::reseed(&Default::default(), seed.unwrap_or(fresh_seed))
}

/// The saved game (or the fresh one storage gave when it had none) as a page's state; the
/// URL's shuffle starts that shuffle instead, unless the saved game already is it.
pub fn start<G: UiGame>(
    mut saved: Saved<G>,
    seed: Option<u64>,
    remembered: Remembered,
    problems: Problems,
) -> Session<G> {
    // A game that could not be read is replaced by the fresh one (its text is kept aside).
    let mut stored = problems.load_error.is_none();
    let config = saved.history.current().config();
    if let Some(seed) = seed.filter(|&seed| G::seed(config) != Some(seed)) {
        saved = Saved {
            history: crate::rules::History::new(&G::reseed(config, seed)),
            pending: Vec::new(),
            ..saved
        };
        stored = false;
    }
    Session::new(saved, stored, remembered, problems)
}

impl<G: UiGame> Session<G> {
    /// The game continued from another's position, where it came from (while it is that game).
    pub fn continued_from(mut self, origin: Option<String>) -> Self {
        self.game.origin = origin;
        self
    }
}
