//! A game's page state: its [`History`], the turn being made, the turn flow, and what to tell
//! the player, with the computer, online play, reviews and the analysis each in a group of
//! their own. Every change goes through the reducer, which keeps the position on the board
//! and its legal moves up to date, so a render neither replays the game nor generates moves.
//!
//! A turn of several actions (a checkers multi-jump, a dark-chess chain) is built up here and
//! played into the history only once it is complete: the history, the save, undo and the move
//! list only ever see whole turns.

use super::flow::{Flow, FlowControl, Prefs};
use super::model::BoardAction;
use super::model::{Control, OnlineChoice, Opponent, ScreenPrefs, ServerNews, StorageProblem, UiGame};
use crate::rules::History;
use crate::rules::clock::TimeControl;
use crate::rules::record::{RecordError, Timing};
use crate::save::{LoadError, Saved};
use analysis::Analysing;
use effects::Outbox;
use online::OnlinePlay;
use opponent::Computer;
use review::Reviewing;
use saving::Storage;
use std::rc::Rc;
use turn::{Played, TurnFlow};
use yew::Reducible;

mod analysis;
mod effects;
mod online;
mod opponent;
mod page;
mod review;
mod saving;
mod turn;
mod view;

pub use analysis::{AnalysisAction, AnalysisCode};
pub use effects::Effect;
pub use page::{fresh_rules, hash_of, start};

/// A game's page state, grouped by job, so that each file of the session works mostly on one
/// group.
#[derive(Clone, PartialEq)]
pub struct Session<G: UiGame> {
    /// The game: its history, the turn being made, and the position they make.
    game: Played<G>,
    /// How turns pass at this device, and what became of the last input.
    turn: TurnFlow<G::Flow>,
    /// The game in storage: whether there is anything to save, and what storage said.
    storage: Storage,
    /// The computer: who it plays, and its help.
    computer: Computer<G>,
    /// Online play: the room, and the device's own game kept aside meanwhile.
    online: OnlinePlay<G>,
    /// What is shown instead of the live game: an earlier position, or a link's game.
    review: Reviewing<G>,
    /// The analysis of the game shown, and its code once fetched.
    analysis: Analysing<G>,
    /// The effects the change being made has given so far (none between changes).
    effects: Vec<Effect>,
    /// The effects given, waiting for the page.
    outbox: Outbox,
    /// The screen's display choices, and the online ones last asked for.
    display: ScreenPrefs,
    online_choice: OnlineChoice,
}

/// What the device remembers for a game, read by the page before the session starts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Remembered {
    pub opponent: Opponent,
    pub prefs: Prefs,
    pub display: ScreenPrefs,
    pub online_choice: OnlineChoice,
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
    /// The players whose chat is hidden, by id.
    Muted(Rc<[String]>),
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
        kept: bool,
    },
    /// A record the player loaded, with the clocks it keeps: it replaces the game.
    Load(History<G>, Timing),
    /// A game opened from a link: shown for review, the player's own game kept. A `kept` one
    /// (a finished game from a player's page, `&kept=1`) is reviewed as one's own, with no
    /// question to continue it.
    Shared {
        history: History<G>,
        kept: bool,
    },
    /// A record that could not be read: the game is untouched.
    RecordRefused(RecordError),
    /// A save was written (after one was refused), or refused.
    Stored(Result<(), StorageProblem>),
    /// The device goes online (a room made, joined or asked for, with the choices it was asked
    /// with, none for a room joined), or leaves: its own game back.
    GoOnline(Option<(TimeControl, bool)>),
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
        let Remembered { opponent, prefs, display, online_choice } = remembered;
        let Problems { load_error, storage: problem } = problems;
        let mut flow = G::Flow::default().reload(prefs);
        flow.passed(!saved.history.over() && opponent.computer.is_none());
        let mut session = Session {
            game: Played::new(saved.history, saved.pending),
            turn: TurnFlow { flow, refusal: None, overtaken: false },
            storage: Storage { stored, changes: 0, load_error, problem, warned: false },
            computer: Computer { opponent, hint: Vec::new(), engine_failed: None },
            online: OnlinePlay { playing: None, own_game: None },
            review: Reviewing { at: None, shared: None, kept: false, record_error: None },
            analysis: Analysing::default(),
            effects: Vec::new(),
            outbox: Outbox::default(),
            display,
            online_choice,
        };
        if !session.turn.flow.waits() && session.game.complete() {
            session.storage.stored = session.commit().is_err();
            session.game.settle();
        }
        // As the page opens: the game saved unless it is the one stored, the computer asked
        // if it is to move.
        session.outbox.post(vec![Effect::Save, Effect::Computer]);
        session
    }

    /// The state after `action`, and the effects it asks the page to carry out.
    pub fn step(self: Rc<Self>, action: Action<G>) -> (Rc<Self>, Vec<Effect>) {
        let before = self.clone();
        let next = self.change(action);
        if Rc::ptr_eq(&next, &before) {
            return (next, Vec::new());
        }
        let mut next = Rc::unwrap_or_clone(next);
        let effects = next.effects_since(&before);
        (Rc::new(next), effects)
    }

    fn change(self: Rc<Self>, action: Action<G>) -> Rc<Self> {
        let Some(action) = self.named(action) else { return self };
        match action {
            Action::LoadRecord { text, seed } => return self.read_record(&text, seed, None),
            Action::ShareRecord { text, seed, kept } => return self.read_record(&text, seed, Some(kept)),
            Action::GoOnline(asked) => return Rc::new(self.go_online(asked)),
            // A display choice is the screen's alone: nothing of the game changes.
            Action::Control(Control::Switch(display, on)) => {
                let mut next = (*self).clone();
                *next.display.of(display) = on;
                return Rc::new(next);
            }
            Action::LeaveOnline => return Rc::new(self.leave_online()),
            Action::Online(heard) => {
                let mut next = (*self).clone();
                next.take_in(heard);
                // A review goes on while the other device plays, as on a game site.
                if next.game.history != self.game.history {
                    next.storage.changes += 1;
                    next.game.settle();
                }
                return Rc::new(next);
            }
            // Another tab's game is the device's own, kept aside while it plays online.
            Action::Follow { .. } if self.online.playing.is_some() => return self,
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
        if self.review.shared.is_some()
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
        if self.turn.flow.covered() && !open_under_cover {
            return self;
        }
        let mut next = (*self).clone();
        (next.turn.refusal, next.turn.overtaken, next.storage.stored) = (None, false, false);
        // Any input of the players' ends a review; the computer's turn and its help do not.
        if !matches!(action, Action::Computer { .. } | Action::Hint { .. } | Action::EngineFailed(_)) {
            next.review.at = None;
        }
        // Any input ends a look at the previous turn.
        next.turn.flow.input();
        let loading = matches!(action, Action::Load(..));
        next.turn.refusal = match action {
            // The computer's turn is the computer's.
            Action::Play(_) if next.computer_to_move() => None,
            Action::Play(mv) => next.play(mv).err(),
            Action::Restart(seed) => {
                next.game.history = History::new(&G::reseed(self.game.history.current().config(), seed));
                next.game.pending.clear();
                next.game.origin = None;
                next.turn.flow.passed(true);
                None
            }
            Action::Control(control) => next.control(control).err(),
            // Rules change only before the first move, so no game is lost.
            Action::Configure(config) => {
                if next.game.history.ply() == 0 {
                    next.game.history = History::new(&config);
                    next.game.pending.clear();
                }
                None
            }
            Action::Opponent(opponent) => {
                next.choose_opponent(opponent);
                None
            }
            Action::Muted(muted) => {
                next.online_choice.muted = muted;
                None
            }
            Action::Computer { turn, .. } => next.computers_turn(&turn).err(),
            Action::Hint { turn, .. } => {
                next.take_hint(&turn);
                None
            }
            Action::EngineFailed(why) => {
                next.computer.engine_failed = Some(why);
                None
            }
            Action::Load(history, timing) => {
                next.game.history = history;
                next.game.timing = timing;
                next.game.pending.clear();
                next.review.shared = None;
                next.review.record_error = None;
                next.game.origin = None;
                None
            }
            Action::Branch(history, origin) => {
                next.game.history = history;
                next.game.pending.clear();
                next.review.shared = None;
                next.game.origin = Some(origin);
                None
            }
            // Named, read or handled before: nothing more to do with the game.
            Action::Board(_) | Action::LoadRecord { .. } | Action::ShareRecord { .. } => None,
            Action::Follow { .. } | Action::Prefs(_) | Action::Stored(_) => None,
            Action::Shared { .. } | Action::RecordRefused(_) => None,
            Action::GoOnline(_) | Action::LeaveOnline | Action::Online(_) => None,
            Action::AnalysisCode(_) | Action::Analysis(_) => None,
        };
        if next.game.history != self.game.history || next.game.pending != self.game.pending {
            // The clocks of the turns kept: a turn played or taken back here has none.
            if !loading {
                let kept = self.game.history.turns().len().min(next.game.history.turns().len());
                next.game.timing.clocks.truncate(kept);
            }
            next.storage.changes += 1;
            next.game.settle();
            next.computer.hint.clear();
        }
        // The turn passed (a move made, undone or redone): the next player starts it.
        if next.game.history.ply() != self.game.history.ply() {
            next.turn.flow.passed(next.hands_over());
        }
        Rc::new(next)
    }
}

impl<G: UiGame> Reducible for Session<G> {
    type Action = Action<G>;

    /// [`Session::step`], its effects left for the page in the outbox.
    fn reduce(self: Rc<Self>, action: Action<G>) -> Rc<Self> {
        let (next, effects) = self.step(action);
        next.outbox.post(effects);
        next
    }
}

#[cfg(test)]
mod tests;
