//! A game's page state: its [`History`], the turn being made, the turn flow, and what to tell
//! the player. Every change goes through the reducer, which keeps the position on the board
//! and its legal moves up to date, so a render neither replays the game nor generates moves.
//!
//! A turn of several actions (a checkers multi-jump, a dark-chess chain) is built up here and
//! played into the history only once it is complete: the history, the save, undo and the move
//! list only ever see whole turns.

use super::board::{BoardAction, BoardView};
use super::computer::Opponent;
use super::flow::{Flow, FlowControl, Prefs, TurnState};
use super::model::{Scene, UiGame};
use super::online::{Connection, ErrorCode, RoomState, ServerNews};
use super::storage::StorageProblem;
use crate::i18n::GameText;
use crate::route::Route;
use crate::rules::read_announced;
use crate::rules::record::{self, Header, RecordError, Timing};
use crate::rules::{Conclusion, History, Illegal, Outcome, Player};
use crate::save::{LoadError, Saved};
use crate::ui::model::Control;
use std::rc::Rc;
use yew::prelude::*;

mod analysis;
mod online;
mod opponent;
mod page;
mod review;
mod turn;
mod view;

pub use analysis::{Analysis, AnalysisAction, AnalysisCode};
pub use online::Online;
pub use page::{hash_of, start};

#[derive(Clone, PartialEq)]
pub struct Session<G: UiGame> {
    history: History<G>,
    /// The actions of the turn being made, not yet in the history.
    pending: Vec<G::Move>,
    /// The history's position with the turn being made, and its legal moves.
    position: G,
    legal: Vec<G::Move>,
    /// The last action of the turn being made may be taken back: it revealed nothing.
    can_take_back: bool,
    flow: G::Flow,
    refusal: Option<Illegal>,
    /// The last input was not played: another tab had changed the game, shown instead.
    overtaken: bool,
    /// The game shown is the one in storage (as loaded, or another tab's): nothing to save.
    stored: bool,
    load_error: Option<LoadError>,
    /// Storage is missing or refused the last save, until the player dismisses the notice.
    problem: Option<StorageProblem>,
    /// The player has dismissed a storage notice: a refused save is not told again.
    warned: bool,
    /// Counts this tab's changes to the game, so each is saved once.
    changes: u64,
    opponent: Opponent,
    /// The turn the engine suggests here, when the player asked.
    hint: Vec<G::Move>,
    /// The engine could not answer: said in words, and the computer waits.
    engine_failed: Option<String>,
    /// The number of turns after which the game is shown, while an earlier position is
    /// reviewed; `None` shows the live position.
    review: Option<usize>,
    /// A game opened from a link, shown for review until the player continues it or keeps
    /// their own (which is neither changed nor saved meanwhile).
    shared: Option<History<G>>,
    /// Why the last record given could not be loaded.
    record_error: Option<RecordError>,
    /// A game played online, shown instead of the device's own.
    online: Option<Online>,
    /// The device's own game, its turn in progress and its clocks, kept aside while it plays
    /// online: never saved over, and back when it leaves.
    own_game: Option<(History<G>, Vec<G::Move>, Timing)>,
    /// The clocks of the game (the history's): a record's, or the room's online. A turn played
    /// here has none, so a change here keeps only those of the turns before it.
    timing: Timing,
    /// The last turn played here online, for the page to send: its serial number, the turns
    /// before it and the turn as the engine announces it (a flip without what it shows).
    outgoing: Option<(u64, usize, String)>,
    /// The analysis of the game shown.
    analysis: Analysis,
    /// The analysis's code, once fetched.
    analysis_code: Option<analysis::Code<G>>,
    /// Where the game came from, when it was continued from another game's position.
    origin: Option<String>,
}

/// What the device remembers for a game, read by the page before the session starts.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Remembered {
    pub opponent: Opponent,
    pub prefs: Prefs,
}

/// What went wrong reading the game from storage, for the player to hear.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Problems {
    pub load_error: Option<LoadError>,
    pub storage: Option<StorageProblem>,
}

/// Everything that changes a game's page state: the players' input, the computer's, storage's,
/// the server's and the analysis's, each handed in by the page as it comes.
pub enum Action<G: UiGame> {
    Play(G::Move),
    /// An input on the board: the move it names in the position on the board, if any.
    Board(BoardAction),
    /// A control of the screen. A command's button plays its move; a setting's choice is
    /// [`Action::Configure`] with the rules it makes.
    Control(Control),
    /// A new game with a shuffle of this seed.
    Restart(u64),
    /// A new game under these rules, if no move has been made.
    Configure(G::Config),
    /// Another tab saved a newer game; `overtook` when it came before this tab's own change,
    /// which is dropped.
    Follow {
        saved: Saved<G>,
        overtook: bool,
    },
    /// The turn-flow choices, changed in another tab.
    Prefs(Prefs),
    /// Who plays the computer now.
    Opponent(Opponent),
    /// The engine's turn for the computer, asked for in the position of key `at`
    /// ([`Session::position_key`]): played only if that position is still on the board.
    Computer {
        at: u64,
        turn: String,
    },
    /// The engine's suggestion for the player to move, asked for at `at`, like the computer's
    /// turn.
    Hint {
        at: u64,
        turn: String,
    },
    EngineFailed(String),
    /// A record's text the player loaded, with a shuffle for what it does not show: read, it
    /// is [`Action::Load`] or [`Action::RecordRefused`], and its analysis marks come with it.
    LoadRecord {
        text: String,
        seed: u64,
    },
    /// A link's record, read as a loaded one is: [`Action::Shared`], with its marks.
    ShareRecord {
        text: String,
        seed: u64,
    },
    /// A record the player loaded, with the clocks it keeps: it replaces the game.
    Load(History<G>, Timing),
    /// A game opened from a link: shown for review, the player's own game kept.
    Shared(History<G>),
    /// A record that could not be read: the game is untouched.
    RecordRefused(RecordError),
    /// A save was written (after one was refused), or refused.
    Stored(Result<(), StorageProblem>),
    /// The device goes online (a room made, joined or asked for), or leaves: its own game back.
    GoOnline,
    LeaveOnline,
    /// What the server said.
    Online(ServerNews),
    /// The analysis's code, fetched.
    AnalysisCode(&'static AnalysisCode<G>),
    /// Storage's analysis or the worker's finding.
    Analysis(AnalysisAction),
    /// A new game from a position of the game shown, and where it came from.
    Branch(History<G>, String),
}

impl<G: UiGame> Session<G> {
    /// The page's state for a loaded game. A complete turn saved while it waited for Finish
    /// Turn plays at once if that is no longer asked for; its actions were checked on loading.
    pub fn new(saved: Saved<G>, stored: bool, remembered: Remembered, problems: Problems) -> Self {
        let Remembered { opponent, prefs } = remembered;
        let Problems { load_error, storage: problem } = problems;
        let position = saved.history.current().clone();
        let mut flow = G::Flow::default().reload(prefs);
        flow.passed(!saved.history.over() && opponent.computer.is_none());
        let mut session = Session {
            history: saved.history,
            pending: saved.pending,
            legal: Vec::new(),
            can_take_back: false,
            position,
            flow,
            refusal: None,
            overtaken: false,
            stored,
            load_error,
            problem,
            warned: false,
            changes: 0,
            opponent,
            hint: Vec::new(),
            engine_failed: None,
            review: None,
            shared: None,
            record_error: None,
            online: None,
            own_game: None,
            timing: Timing::default(),
            outgoing: None,
            analysis: Analysis::default(),
            analysis_code: None,
            origin: None,
        };
        session.settle();
        if !session.flow.waits() && session.complete() {
            session.stored = session.commit().is_err();
            session.settle();
        }
        session
    }

    /// What storage did: another tab's game taken up, or a save written or refused.
    fn follow(&self, action: Action<G>) -> Session<G> {
        let mut next = self.clone();
        match action {
            Action::Follow { saved, overtook } => {
                next.review = None;
                next.history = saved.history;
                next.pending = saved.pending;
                next.flow.input();
                next.refusal = None;
                next.overtaken = overtook;
                next.stored = true;
                next.settle();
                if next.history.ply() != self.history.ply() {
                    next.flow.passed(next.hands_over());
                }
            }
            Action::Prefs(prefs) => next.flow = next.flow.reload(prefs),
            Action::Stored(Ok(())) => {
                next.problem = next.problem.filter(|&p| p != StorageProblem::WriteRefused);
                next.warned = false;
            }
            Action::Stored(Err(problem)) => next.problem = next.problem.or((!next.warned).then_some(problem)),
            _ => {}
        }
        next
    }
}

impl<G: UiGame> Reducible for Session<G> {
    type Action = Action<G>;

    fn reduce(self: Rc<Self>, action: Action<G>) -> Rc<Self> {
        let Some(action) = self.named(action) else { return self };
        match action {
            Action::LoadRecord { text, seed } => return self.read_record(&text, seed, false),
            Action::ShareRecord { text, seed } => return self.read_record(&text, seed, true),
            Action::GoOnline => return Rc::new(self.go_online()),
            Action::LeaveOnline => return Rc::new(self.leave_online()),
            Action::Online(heard) => {
                let mut next = (*self).clone();
                next.take_in(heard);
                // A review goes on while the other device plays, as on a game site.
                if next.history != self.history {
                    next.changes += 1;
                    next.settle();
                }
                return Rc::new(next);
            }
            // Another tab's game is the device's own, kept aside while it plays online.
            Action::Follow { .. } if self.online.is_some() => return self,
            _ => {}
        }
        if matches!(action, Action::Follow { .. } | Action::Prefs(_) | Action::Stored(_)) {
            return Rc::new(self.follow(action));
        }
        // Reviewing, and a game opened from a link, change what is shown, never the game.
        let action = match self.look(action) {
            Ok(shown) => return Rc::new(shown),
            Err(action) => action,
        };
        // A shared game waits for the player's choice.
        if self.shared.is_some()
            && !matches!(
                action,
                Action::Load(..) | Action::Branch(..) | Action::Control(Control::DismissNotice)
            )
        {
            return self;
        }
        // Behind the pass-the-device cover nothing of the turn can be played or taken back.
        let open_under_cover = matches!(
            action,
            Action::Restart(_)
                | Action::Opponent(_)
                | Action::EngineFailed(_)
                | Action::Load(..)
                | Action::Branch(..)
                | Action::Control(
                    Control::Flow(FlowControl::StartTurn | FlowControl::Prefer(..)) | Control::DismissNotice
                )
        );
        if self.flow.covered() && !open_under_cover {
            return self;
        }
        let mut next = Session { refusal: None, overtaken: false, stored: false, ..(*self).clone() };
        // Any input of the players' ends a review; the computer's turn and its help do not.
        if !matches!(action, Action::Computer { .. } | Action::Hint { .. } | Action::EngineFailed(_)) {
            next.review = None;
        }
        // Any input ends a look at the previous turn.
        next.flow.input();
        let loading = matches!(action, Action::Load(..));
        next.refusal = match action {
            // The computer's turn is the computer's.
            Action::Play(_) if next.computer_to_move() => None,
            Action::Play(mv) => next.play(mv).err(),
            Action::Restart(seed) => {
                next.history = History::new(&G::reseed(self.history.current().config(), seed));
                next.pending.clear();
                next.origin = None;
                next.flow.passed(true);
                None
            }
            Action::Control(control) => next.control(control).err(),
            // Rules change only before the first move, so no game is lost.
            Action::Configure(config) => {
                if next.history.ply() == 0 {
                    next.history = History::new(&config);
                    next.pending.clear();
                }
                None
            }
            Action::Opponent(opponent) => {
                next.choose_opponent(opponent);
                None
            }
            Action::Computer { turn, .. } => next.computers_turn(&turn).err(),
            Action::Hint { turn, .. } => {
                next.take_hint(&turn);
                None
            }
            Action::EngineFailed(why) => {
                next.engine_failed = Some(why);
                None
            }
            Action::Load(history, timing) => {
                next.history = history;
                next.timing = timing;
                next.pending.clear();
                next.shared = None;
                next.record_error = None;
                next.origin = None;
                None
            }
            Action::Branch(history, origin) => {
                next.history = history;
                next.pending.clear();
                next.shared = None;
                next.origin = Some(origin);
                None
            }
            // Named, read or handled before: nothing more to do with the game.
            Action::Board(_) | Action::LoadRecord { .. } | Action::ShareRecord { .. } => None,
            Action::Follow { .. } | Action::Prefs(_) | Action::Stored(_) => None,
            Action::Shared(_) | Action::RecordRefused(_) => None,
            Action::GoOnline | Action::LeaveOnline | Action::Online(_) => None,
            Action::AnalysisCode(_) | Action::Analysis(_) => None,
        };
        if next.history != self.history || next.pending != self.pending {
            // The clocks of the turns kept: a turn played or taken back here has none.
            if !loading {
                let kept = self.history.turns().len().min(next.history.turns().len());
                next.timing.clocks.truncate(kept);
            }
            next.changes += 1;
            next.settle();
            next.hint.clear();
        }
        // The turn passed (a move made, undone or redone): the next player starts it.
        if next.history.ply() != self.history.ply() {
            next.flow.passed(next.hands_over());
        }
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests;
