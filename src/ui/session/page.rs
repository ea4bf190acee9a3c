//! The page's side of a game's [`Session`]: what the non-generic page asks of it, with the
//! game's type erased, and how a game's page starts.

use super::{Action, AnalysisAction, AnalysisInfo, Problems, Remembered, Session};
use crate::engine::messages::Request;
use crate::i18n::GameText;
use crate::json::ToJson;
use crate::rules::record;
use crate::rules::{History, Player};
use crate::save::{self, Saved};
use crate::ui::board::{BoardAction, BoardView};
use crate::ui::computer::Opponent;
use crate::ui::flow::{Flow, Prefs};
use crate::ui::model::UiGame;
use crate::ui::model::{Control, Summary};
use crate::ui::online::ServerNews;
use crate::ui::storage::{self, Loaded, StorageProblem, Written};
use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;
use yew::Reducible;

/// What the page may ask of a game's state, its game's type erased: the page's hooks,
/// effects and callbacks are compiled once for every game, and only [`Session`] per game.
pub trait Page {
    /// The state after an action; the same state when nothing changed.
    fn act(self: Rc<Self>, action: PageAction) -> Rc<dyn Page>;
    fn board(&self, text: &GameText) -> BoardView;
    /// `today` dates the record (`2026.11.23`).
    fn summary(&self, text: &GameText, today: &str) -> Summary;
    /// Counts this tab's changes to the game, so each is saved once.
    fn changes(&self) -> u64;
    /// Saves the game unless it is the one in storage; what follows, if anything, as an action.
    fn save(&self, revision: &RefCell<u64>) -> Option<PageAction>;
    /// Another tab's save of this game, as an action if it is newer than `revision`.
    fn heard(&self, text: &str, revision: &RefCell<u64>) -> Option<PageAction>;
    /// The position on the board, as a key: an engine's answer is played only where it was asked.
    fn position_key(&self) -> u64;
    /// The engine's question for the player to move, at `level`.
    fn request(&self, level: u8) -> Request;
    fn computer_to_move(&self) -> bool;
    /// What the computer's turn depends on, as a key.
    fn computer_key(&self) -> u64;
    fn opponent(&self) -> Opponent;
    /// Whether a pick of a piece is an input worth a change: it ends a look back or a review.
    fn select_matters(&self) -> bool;
    fn is_online(&self) -> bool;
    /// The turn to send the server (its serial number, the turns before it, its text), if one
    /// was just played here online.
    fn outgoing(&self) -> Option<(u64, usize, String)>;
    /// The rules of the game on the board, as a record's tags, for an online room.
    fn rules(&self) -> String;
    /// The analysis of the game shown: where it is kept, and how far it is.
    fn analysis(&self) -> AnalysisInfo;
    /// Every position's request for the analysis of the game shown, as text.
    fn analysis_requests(&self) -> Vec<String>;
    /// The analysis's tools, once its code is here.
    fn analysis_tools(&self) -> Option<&'static crate::ui::analysis::Tools>;
    /// The side to move in the position shown (a game continued from it is theirs).
    fn shown_to_move(&self) -> Player;
    /// Where the game came from, if it was continued from another's position.
    fn origin(&self) -> Option<String>;
    /// The game's turns, as the move list writes them.
    fn turns(&self) -> Vec<String>;
}

/// An action on a game's page, with nothing of the game's own types.
pub enum PageAction {
    Board(BoardAction),
    Control(Control),
    Restart(u64),
    Opponent(Opponent),
    /// The engine's turn for the computer, or its suggestion, asked for at a position key.
    Computer {
        at: u64,
        turn: String,
    },
    Hint {
        at: u64,
        turn: String,
    },
    EngineFailed(String),
    /// A record to load, or a game opened from a link, with a shuffle for what it does not show.
    Load {
        text: String,
        seed: u64,
    },
    Shared {
        text: String,
        seed: u64,
    },
    /// Another tab's game (a [`Saved`] of the page's game).
    Follow {
        saved: Rc<dyn Any>,
        overtook: bool,
    },
    Prefs(Prefs),
    Stored(Result<(), StorageProblem>),
    GoOnline,
    LeaveOnline,
    Online(ServerNews),
    Analysis(AnalysisAction),
}

/// A hash of the things an effect or an answer depends on, as its key.
pub fn hash_of(value: &impl std::hash::Hash) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(value)
}

impl<G: UiGame> Session<G> {
    /// The game's own action for a page action; `None` when it names nothing to do.
    fn action(&self, action: PageAction) -> Option<Action<G>> {
        // The moves and rules do not depend on the language their buttons are named in.
        let text = crate::i18n::Lang::En.game_text();
        let here = |at: u64| at == hash_of(&self.position);
        let read = |text: &str, seed| record::read::<G>(text, seed);
        Some(match action {
            PageAction::Board(action) => Action::Play(self.position.action_move(action)?),
            PageAction::Control(Control::Command(index)) => Action::Play(self.command(index, text)?),
            PageAction::Control(Control::Choose { index, choice }) => {
                let config = self.history.current().config();
                Action::Configure((G::settings(config, text).get(index)?.apply)(config, choice))
            }
            PageAction::Control(control) => Action::Control(control),
            PageAction::Restart(seed) => Action::Restart(seed),
            PageAction::Opponent(opponent) => Action::Opponent(opponent),
            PageAction::Computer { at, turn } => here(at).then_some(Action::Computer(turn))?,
            PageAction::Hint { at, turn } => here(at).then_some(Action::Hint(turn))?,
            PageAction::EngineFailed(why) => Action::EngineFailed(why),
            PageAction::Load { text, seed } => match read(&text, seed) {
                Ok(history) => Action::Load(history, record::read_timing(&text)),
                Err(error) => Action::RecordRefused(error),
            },
            PageAction::Shared { text, seed } => {
                read(&text, seed).map_or_else(Action::RecordRefused, Action::Shared)
            }
            PageAction::Follow { saved, overtook } => {
                let saved = Rc::downcast::<Saved<G>>(saved).ok()?;
                Action::Follow { saved: Rc::unwrap_or_clone(saved), overtook }
            }
            PageAction::Prefs(prefs) => Action::Prefs(prefs),
            PageAction::Stored(result) => Action::Stored(result),
            PageAction::GoOnline => Action::GoOnline,
            PageAction::LeaveOnline => Action::LeaveOnline,
            PageAction::Online(heard) => Action::Online(heard),
            PageAction::Analysis(action) => Action::Analysis(action),
        })
    }
}

impl<G: UiGame> Page for Session<G> {
    fn act(self: Rc<Self>, action: PageAction) -> Rc<dyn Page> {
        // A record's analysis marks come with its game.
        let marks = match &action {
            PageAction::Load { text, .. } | PageAction::Shared { text, .. } => Some(text.clone()),
            _ => None,
        };
        let next = match self.action(action) {
            Some(action) => <Session<G> as Reducible>::reduce(self, action),
            None => return self,
        };
        match marks {
            Some(text) if next.record_error.is_none() => {
                let mut next = Rc::unwrap_or_clone(next);
                next.imported(&text);
                Rc::new(next)
            }
            _ => next,
        }
    }

    fn board(&self, text: &GameText) -> BoardView {
        Session::board(self, text)
    }

    fn summary(&self, text: &GameText, today: &str) -> Summary {
        Session::summary(self, text, today)
    }

    fn changes(&self) -> u64 {
        self.changes
    }

    fn save(&self, revision: &RefCell<u64>) -> Option<PageAction> {
        // The game online lives on the server; the device's own is kept aside, as stored.
        if self.stored || self.is_online() {
            return None;
        }
        let written = storage::save_game(G::SLUG, &self.history, &self.pending, *revision.borrow());
        match written {
            Written::At(at) => {
                *revision.borrow_mut() = at;
                (self.problem == Some(StorageProblem::WriteRefused) || self.warned)
                    .then_some(PageAction::Stored(Ok(())))
            }
            Written::Newer(saved) => {
                *revision.borrow_mut() = saved.revision;
                Some(PageAction::Follow { saved: Rc::new(saved), overtook: true })
            }
            Written::Refused(problem) => Some(PageAction::Stored(Err(problem))),
        }
    }

    fn heard(&self, text: &str, revision: &RefCell<u64>) -> Option<PageAction> {
        let saved = save::decode::<G>(text).ok()?;
        // Revision 0 is a tab of an older build, which knows no revisions: its save is the
        // latest there is.
        if saved.revision <= *revision.borrow() && saved.revision != 0 {
            return None;
        }
        *revision.borrow_mut() = saved.revision;
        Some(PageAction::Follow { saved: Rc::new(saved), overtook: false })
    }

    fn position_key(&self) -> u64 {
        hash_of(&self.position)
    }

    /// The rules without the shuffle (the engine knows only what a player at the board
    /// knows), the game as the move list writes it, and a fresh seed for the level's choice
    /// among near-best turns.
    fn request(&self, level: u8) -> Request {
        let rules = G::reseed(self.history.current().config(), 0);
        Request {
            id: 0,
            game: G::SLUG.to_owned(),
            config: rules.to_json().write(),
            moves: record::turn_texts(&self.history),
            level,
            seed: 0,
            movetime: None,
            solve: false,
            analyse: false,
            start: self.history.start().setup(),
        }
    }

    fn computer_to_move(&self) -> bool {
        Session::computer_to_move(self)
    }

    fn computer_key(&self) -> u64 {
        hash_of(&(self.changes, self.history.ply(), self.opponent, self.computer_to_move()))
    }

    fn opponent(&self) -> Opponent {
        self.opponent
    }

    fn select_matters(&self) -> bool {
        self.flow.shows_previous() || self.reviewing()
    }

    fn is_online(&self) -> bool {
        Session::is_online(self)
    }

    fn outgoing(&self) -> Option<(u64, usize, String)> {
        Session::outgoing(self).cloned()
    }

    fn rules(&self) -> String {
        Session::rules(self)
    }

    fn analysis(&self) -> AnalysisInfo {
        self.analysis_info()
    }

    fn analysis_requests(&self) -> Vec<String> {
        Session::analysis_requests(self)
    }

    fn analysis_tools(&self) -> Option<&'static crate::ui::analysis::Tools> {
        Session::analysis_tools(self)
    }

    fn shown_to_move(&self) -> Player {
        Session::shown_to_move(self)
    }

    fn origin(&self) -> Option<String> {
        self.origin.clone()
    }

    fn turns(&self) -> Vec<String> {
        record::turn_texts(&self.history)
    }
}

/// How a game's page starts: [`start`] for that game.
pub type Start = fn(Option<u64>, u64) -> (Rc<dyn Page>, u64);

/// The saved game (or a fresh one, with the URL's shuffle) as a page, and the revision of the
/// save it was read from.
pub fn start<G: UiGame>(seed: Option<u64>, fresh_seed: u64) -> (Rc<dyn Page>, u64) {
    let slug = G::SLUG;
    let fresh = G::reseed(&Default::default(), seed.unwrap_or(fresh_seed));
    let Loaded { mut saved, error, problem } = storage::load_game::<G>(slug, &fresh);
    let revision = saved.revision;
    // A game that could not be read is replaced by the fresh one (its text is kept aside).
    let mut stored = error.is_none();
    // The URL's seed starts that shuffle, unless the saved game already is that shuffle.
    let config = saved.history.current().config();
    if let Some(seed) = seed.filter(|&seed| G::seed(config) != Some(seed)) {
        saved = Saved { history: History::new(&G::reseed(config, seed)), pending: Vec::new(), ..saved };
        stored = false;
    }
    let remembered = Remembered { opponent: Opponent::load(slug), prefs: Prefs::load(slug) };
    let problems = Problems { load_error: error, storage: problem };
    let mut session = Session::new(saved, stored, remembered, problems);
    // A game continued from another's position says so while it is that game.
    session.origin = crate::ui::analysis::kept_origin(slug, &record::turn_texts(&session.history));
    (Rc::new(session), revision)
}
