//! A game's page state: its [`History`], the turn being made, the turn flow, and what to tell
//! the player. Every change goes through the reducer, which keeps the position on the board
//! and its legal moves up to date, so a render neither replays the game nor generates moves.
//!
//! A turn of several actions (a checkers multi-jump, a dark-chess chain) is built up here and
//! played into the history only once it is complete: the history, the save, undo and the move
//! list only ever see whole turns.

use super::board::{BoardAction, BoardView};
use super::computer::Opponent;
use super::flow::{Flow, FlowControl, TurnState};
use super::game::{Scene, UiGame};
use super::screen::{
    Control, Ended, MoveEntry, Notices, OpponentPanel, RecordPanel, ReviewStep, RulesPanel, Status, Summary,
};
use super::storage::{self, Loaded, StorageProblem, Written};
use crate::engine::messages::Request;
use crate::engine::read_announced;
use crate::i18n::Text;
use crate::route::Route;
use crate::rules::record::{self, Header, RecordError};
use crate::rules::{Conclusion, History, Illegal, Outcome, Player};
use crate::save;
use crate::save::{LoadError, Saved};
use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Clone, PartialEq)]
pub struct Session<G: UiGame> {
    pub history: History<G>,
    /// The actions of the turn being made, not yet in the history.
    pub pending: Vec<G::Move>,
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
    pub stored: bool,
    load_error: Option<LoadError>,
    /// Storage is missing or refused the last save, until the player dismisses the notice.
    pub problem: Option<StorageProblem>,
    /// The player has dismissed a storage notice: a refused save is not told again.
    pub warned: bool,
    /// Counts this tab's changes to the game, so each is saved once.
    pub changes: u64,
    pub opponent: Opponent,
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
}

pub enum Action<G: UiGame> {
    Play(G::Move),
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
    /// Another tab changed the turn-flow choices.
    Prefs,
    /// Who plays the computer now.
    Opponent(Opponent),
    /// The engine's turn for the computer, asked for in position `from`: played only if the
    /// game is still there.
    Computer {
        from: G,
        turn: String,
    },
    /// The engine's suggestion for the player to move in `from`.
    Hint {
        from: G,
        turn: String,
    },
    EngineFailed(String),
    /// A record the player loaded: it replaces the game.
    Load(History<G>),
    /// A game opened from a link: shown for review, the player's own game kept.
    Shared(History<G>),
    /// A record that could not be read: the game is untouched.
    RecordRefused(RecordError),
    /// A save was written (after one was refused), or refused.
    Stored(Result<(), StorageProblem>),
}

impl<G: UiGame> Session<G> {
    /// The page's state for a loaded game. A complete turn saved while it waited for Finish
    /// Turn plays at once if that is no longer asked for; its actions were checked on loading.
    pub fn new(
        saved: Saved<G>,
        stored: bool,
        load_error: Option<LoadError>,
        problem: Option<StorageProblem>,
    ) -> Self {
        let position = saved.history.current().clone();
        let mut flow = G::Flow::default().reload(G::ID.slug());
        flow.passed(saved.history.outcome().is_none() && Opponent::load(G::ID.slug()).computer.is_none());
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
            opponent: Opponent::load(G::ID.slug()),
            hint: Vec::new(),
            engine_failed: None,
            review: None,
            shared: None,
            record_error: None,
        };
        session.settle();
        if !session.flow.waits() && session.complete() {
            session.stored = session.commit().is_err();
            session.settle();
        }
        session
    }

    /// Whether the computer is to play now (and so thinking).
    pub fn computer_to_move(&self) -> bool {
        self.opponent.computer == Some(self.position.to_move())
            && self.history.outcome().is_none()
            && self.pending.is_empty()
            && self.engine_failed.is_none()
    }

    /// Whether a turn that passed goes to another person at the device (not to the computer,
    /// nor to a finished game): the pass-the-device cover is for them.
    fn hands_over(&self) -> bool {
        self.history.outcome().is_none() && self.opponent.computer.is_none()
    }

    /// The turns so far as the move list writes them: what the engine is told.
    pub fn turn_texts(&self) -> Vec<String> {
        self.history.turns().into_iter().map(|(before, legs)| before.turn_notation(legs)).collect()
    }

    /// Plays a turn the engine announced, through the same rules and history as a person's.
    fn play_announced(&mut self, turn: &str) -> Result<(), Illegal> {
        let legs = read_announced(&self.position, turn).map_err(|_| Illegal::NotAllowed)?;
        for leg in legs {
            self.history.play(leg)?;
        }
        Ok(())
    }

    /// Whether an earlier position, or a shared game, is shown.
    pub fn reviewing(&self) -> bool {
        self.shown().1.is_some()
    }

    /// An action that changes only what is shown, done; any other is handed back.
    fn look(&self, action: Action<G>) -> Result<Session<G>, Action<G>> {
        let mut next = self.clone();
        match action {
            Action::Control(Control::Review(step)) => next.review(step),
            Action::Shared(shared) => {
                next.review = None;
                next.shared = Some(shared);
                next.record_error = None;
            }
            Action::RecordRefused(error) => next.record_error = Some(error),
            Action::Control(Control::ContinueShared) => {
                if let Some(shared) = next.shared.clone() {
                    return Err(Action::Load(shared));
                }
            }
            // Board input returns to the live position, and is not played on the old one.
            Action::Play(_) | Action::Control(Control::Select)
                if self.review.is_some() && self.shared.is_none() =>
            {
                next.review = None
            }
            action => return Err(action),
        }
        Ok(next)
    }

    /// The game on screen and how many of its turns are shown: the player's own at its live
    /// position, an earlier one under review, or a game opened from a link.
    fn shown(&self) -> (&History<G>, Option<usize>) {
        match &self.shared {
            Some(shared) => (shared, Some(self.review.unwrap_or(shared.turns().len()))),
            None => (&self.history, self.review),
        }
    }

    /// Steps through the game on screen. Reaching the last turn of the player's own game is
    /// the live position; a shared game stays under review until the player decides.
    fn review(&mut self, step: ReviewStep) {
        let total = self.shown().0.turns().len();
        let now = self.review.unwrap_or(total);
        let to = match step {
            ReviewStep::First => 0,
            ReviewStep::Previous => now.saturating_sub(1),
            ReviewStep::Next => now + 1,
            ReviewStep::Last => total,
            ReviewStep::To(turns) => turns,
            ReviewStep::Live => {
                self.shared = None;
                total
            }
        }
        .min(total);
        self.review = (to < total || self.shared.is_some()).then_some(to);
    }

    /// The move of the game's command button at this index.
    pub fn command(&self, index: usize, text: &Text) -> Option<G::Move> {
        self.position.commands(&self.legal, text).into_iter().nth(index).map(|(_, mv)| mv)
    }

    /// Brings the position on the board, its legal moves and whether the last action may be
    /// taken back up to date with the history and the turn being made.
    fn settle(&mut self) {
        let mut position = self.history.current().clone();
        self.can_take_back = false;
        for leg in &self.pending {
            self.can_take_back = !position.reveals_hidden(leg);
            // Each pending action was legal when it was added, from this very position.
            let _ = position.play(*leg);
        }
        self.legal = position.legal_moves();
        self.position = position;
    }

    /// Whether the turn being made is complete (waiting for Finish Turn).
    fn complete(&self) -> bool {
        !self.pending.is_empty() && !self.position.mid_move()
    }

    fn play(&mut self, mv: G::Move) -> Result<(), Illegal> {
        if self.history.outcome().is_some() {
            return Err(Illegal::GameOver);
        }
        if self.complete() {
            return Err(Illegal::NotAllowed);
        }
        let mut position = self.position.clone();
        position.play(mv)?;
        self.pending.push(mv);
        if !position.mid_move() && !self.flow.waits() {
            self.commit()?;
        }
        Ok(())
    }

    /// Plays the turn being made into the history; the next player's turn begins.
    fn commit(&mut self) -> Result<(), Illegal> {
        for leg in std::mem::take(&mut self.pending) {
            self.history.play(leg)?;
        }
        Ok(())
    }

    fn control(&mut self, control: Control) -> Result<(), Illegal> {
        let history = &mut self.history;
        match control {
            // An action of the turn being made is taken back first, unless it revealed
            // something hidden.
            // Against the computer, back to the player's own turn: the computer's reply and
            // the player's move go together.
            Control::Undo => {
                if self.pending.is_empty() {
                    history.undo();
                    if self.opponent.computer == Some(history.current().to_move()) && history.can_undo() {
                        history.undo();
                    }
                } else if self.can_take_back {
                    self.pending.pop();
                }
            }
            Control::Redo => {
                if self.pending.is_empty() {
                    history.redo();
                    if self.opponent.computer == Some(history.current().to_move()) && history.can_redo() {
                        history.redo();
                    }
                }
            }
            Control::Resign => {
                self.pending.clear();
                let to_move = history.current().to_move();
                history.conclude(Conclusion::Resigned(to_move))?;
            }
            Control::AgreeDraw => {
                self.pending.clear();
                history.conclude(Conclusion::DrawAgreed)?;
            }
            Control::DismissNotice => {
                self.load_error = None;
                self.record_error = None;
                self.warned |= self.problem.take().is_some();
            }
            Control::FinishTurn => {
                if self.complete() {
                    self.commit()?;
                }
            }
            Control::ClearMoves => self.pending.clear(),
            Control::Flow(control) => {
                self.flow.control(control, G::ID.slug());
                // Without confirmation a complete turn passes at once.
                if matches!(control, FlowControl::Prefer(..)) && !self.flow.waits() && self.complete() {
                    self.commit()?;
                }
            }
            // The reducer has already ended the look at the previous turn.
            Control::Select => {}
            // What is shown, handled before any change to the game.
            Control::Review(_) | Control::ContinueShared => {}
            // The page turns these into `Action::Restart` with a fresh seed, `Action::Play` and
            // `Action::Configure`.
            Control::Restart | Control::Command(_) | Control::Choose { .. } => {}
            // The page asks the engine, and hands its answers back as actions.
            Control::Opponent(_) | Control::Hint | Control::Stop => {}
        }
        Ok(())
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
            Action::Prefs => next.flow = next.flow.reload(G::ID.slug()),
            Action::Stored(Ok(())) => {
                next.problem = next.problem.filter(|&p| p != StorageProblem::WriteRefused);
                next.warned = false;
            }
            Action::Stored(Err(problem)) => next.problem = next.problem.or((!next.warned).then_some(problem)),
            _ => {}
        }
        next
    }

    /// The actions of the latest turn: the one being made, or else the last one played.
    fn turn(&self) -> &[G::Move] {
        if self.pending.is_empty() { self.history.last_turn() } else { &self.pending }
    }

    /// The actions to draw as a path: the turn being made, or the last turn when asked for.
    fn path(&self) -> &[G::Move] {
        if !self.pending.is_empty() {
            &self.pending
        } else if self.flow.shows_previous() {
            self.history.last_turn()
        } else {
            &[]
        }
    }

    pub fn board(&self, text: &Text) -> BoardView {
        if let (history, Some(shown)) = self.shown() {
            return reviewed_board(history, shown, text);
        }
        // The moves that led here: the history's, then the actions of the turn being made.
        let moves: Vec<G::Move> = self.history.move_list().iter().chain(&self.pending).copied().collect();
        let scene = Scene { legal: &self.legal, moves: &moves, turn: self.turn(), path: self.path() };
        let mut board = self.position.view(&scene, text);
        // The engine's suggestion: its cells marked, where they carry no mark of their own.
        let mut hinted = self.position.clone();
        for leg in &self.hint {
            for (x, y) in hinted.touches(leg) {
                if let Some(cell) = board.cells.get_mut(y * board.columns + x) {
                    cell.mark = cell.mark.or(Some("hint"));
                }
            }
            let _ = hinted.play(*leg);
        }
        if self.complete() {
            // The turn is made: nothing more to play until it is finished or cleared.
            board.moves.clear();
            board.prompts.clear();
            board.targets.clear();
            board.hand = None;
        }
        board
    }

    pub fn summary(&self, text: &Text) -> Summary {
        let (history, shown) = self.shown();
        let game = history.current();
        let ended = history.outcome().map(|outcome| match outcome {
            Outcome::Win(player) => Ended::Winner(game.side(player)),
            Outcome::Draw => Ended::Draw,
        });
        let ending = match history.conclusion() {
            Some(Conclusion::Resigned(player)) => (text.resigned)((text.side)(game.side(player))),
            Some(Conclusion::DrawAgreed) => text.draw_agreed.to_owned(),
            None if history.repeated() => text.repetition.to_owned(),
            None => game.ending(text),
        };
        let turns = history.turns();
        let said = turns.last().map(|(before, legs)| before.said(legs, game, text));
        let moves: Vec<MoveEntry> = turns
            .into_iter()
            // Named as the sides are now: a dark-chess player's colour is known only after the
            // first flip.
            .map(|(before, legs)| MoveEntry {
                side: game.side(before.to_move()),
                notation: before.turn_notation(legs),
            })
            .collect();
        let total = moves.len();
        let complete = self.complete();
        let scene = Scene { legal: &self.legal, moves: &[], turn: self.turn(), path: &[] };
        let turn = TurnState { pending: !self.pending.is_empty(), complete, has_previous: history.ply() > 0 };
        Summary {
            status: Status {
                to_move: game.side(game.to_move()),
                ended,
                ending,
                phase: self.position.phase(),
                detail: if complete {
                    Some(text.finish_or_clear.to_owned())
                } else {
                    self.position.detail(&scene, text)
                },
                said,
                thinking: self.computer_to_move(),
                review: shown.map(|shown| (shown, total)),
            },
            can_undo: if self.pending.is_empty() { history.can_undo() } else { self.can_take_back },
            can_redo: self.pending.is_empty() && history.can_redo(),
            moves,
            notices: Notices {
                refusal: self.refusal,
                overtaken: self.overtaken,
                load_error: self.load_error.clone(),
                storage_problem: self.problem,
                engine_failed: self.engine_failed.clone(),
                record_error: self.record_error.clone(),
            },
            rules: RulesPanel {
                info: game.info(text),
                settings: G::settings(game.config(), text).into_iter().map(|rule| rule.shown).collect(),
            },
            flow: self.flow.panel(turn, text).filter(|_| ended.is_none()),
            trays: game.trays(text),
            commands: self
                .position
                .commands(&self.legal, text)
                .into_iter()
                .map(|(command, _)| command)
                .collect(),
            record: RecordPanel {
                // Written for anyone to see: a dark-chess shuffle only once the game is over.
                text: record::write(G::ID.slug(), history, &Header { date: Some(today()), reveal: false }),
                link: Route::Game { game: G::ID, seed: None, record: Some(record::write_short(history)) }
                    .hash(),
                shared: self.shared.is_some(),
            },
            opponent: OpponentPanel {
                opponent: self.opponent,
                sides: [game.side(Player::First), game.side(Player::Second)],
                can_hint: ended.is_none()
                    && self.pending.is_empty()
                    && !self.computer_to_move()
                    && self.opponent.computer != Some(game.to_move()),
            },
        }
    }
}

/// The board after the first `shown` turns of a game, for review: nothing can be played on it.
fn reviewed_board<G: UiGame>(history: &History<G>, shown: usize, text: &Text) -> BoardView {
    let turns = history.turns();
    let shown = shown.min(turns.len());
    let legs: usize = turns[..shown].iter().map(|(_, legs)| legs.len()).sum();
    let position = turns.get(shown).map_or(history.current(), |(before, _)| *before);
    let last = shown.checked_sub(1).and_then(|i| turns.get(i)).map_or(&[][..], |(_, legs)| *legs);
    let scene = Scene { legal: &[], moves: &history.move_list()[..legs], turn: last, path: &[] };
    position.view(&scene, text)
}

/// Today's date as records write it (`2026.11.23`).
fn today() -> String {
    let now = js_sys::Date::new_0();
    format!("{}.{:02}.{:02}", now.get_full_year(), now.get_month() + 1, now.get_date())
}

impl<G: UiGame> Reducible for Session<G> {
    type Action = Action<G>;

    fn reduce(self: Rc<Self>, action: Action<G>) -> Rc<Self> {
        if matches!(action, Action::Follow { .. } | Action::Prefs | Action::Stored(_)) {
            return Rc::new(self.follow(action));
        }
        // Reviewing, and a game opened from a link, change what is shown, never the game.
        let action = match self.look(action) {
            Ok(shown) => return Rc::new(shown),
            Err(action) => action,
        };
        // A shared game waits for the player's choice.
        if self.shared.is_some()
            && !matches!(action, Action::Load(_) | Action::Control(Control::DismissNotice))
        {
            return self;
        }
        // Behind the pass-the-device cover nothing of the turn can be played or taken back.
        let open_under_cover = matches!(
            action,
            Action::Restart(_)
                | Action::Opponent(_)
                | Action::EngineFailed(_)
                | Action::Load(_)
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
        next.refusal = match action {
            // The computer's turn is the computer's.
            Action::Play(_) if next.computer_to_move() => None,
            Action::Play(mv) => next.play(mv).err(),
            Action::Restart(seed) => {
                next.history = History::new(&G::reseed(self.history.current().config(), seed));
                next.pending.clear();
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
                next.opponent = opponent;
                next.engine_failed = None;
                next.flow.passed(false);
                None
            }
            Action::Computer { from, turn } => {
                if next.computer_to_move() && next.position == from {
                    next.play_announced(&turn).err()
                } else {
                    None
                }
            }
            Action::Hint { from, turn } => {
                if next.pending.is_empty() && next.position == from {
                    next.hint = read_announced(&next.position, &turn).unwrap_or_default();
                }
                None
            }
            Action::EngineFailed(why) => {
                next.engine_failed = Some(why);
                None
            }
            Action::Load(history) => {
                next.history = history;
                next.pending.clear();
                next.shared = None;
                next.record_error = None;
                None
            }
            Action::Follow { .. } | Action::Prefs | Action::Stored(_) => None,
            Action::Shared(_) | Action::RecordRefused(_) => None,
        };
        if next.history != self.history || next.pending != self.pending {
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

/// What the page may ask of a game's state, its game's type erased: the page's hooks,
/// effects and callbacks are compiled once for every game, and only [`Session`] per game.
pub trait Page {
    /// The state after an action; the same state when nothing changed.
    fn act(self: Rc<Self>, action: PageAction) -> Rc<dyn Page>;
    fn board(&self, text: &Text) -> BoardView;
    fn summary(&self, text: &Text) -> Summary;
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
    /// Whether a storage key is one of this game's turn-flow choices.
    fn watches_prefs(&self, key: &str) -> bool;
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
    Prefs,
    Stored(Result<(), StorageProblem>),
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
        let text = crate::i18n::Lang::En.text();
        let here = |at: u64| at == hash_of(&self.position);
        let read = |text: &str, seed| record::read::<G>(G::ID.slug(), text, seed);
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
            PageAction::Computer { at, turn } => {
                Action::Computer { from: self.position.clone(), turn }.filter_at(here(at))?
            }
            PageAction::Hint { at, turn } => {
                Action::Hint { from: self.position.clone(), turn }.filter_at(here(at))?
            }
            PageAction::EngineFailed(why) => Action::EngineFailed(why),
            PageAction::Load { text, seed } => {
                read(&text, seed).map_or_else(Action::RecordRefused, Action::Load)
            }
            PageAction::Shared { text, seed } => {
                read(&text, seed).map_or_else(Action::RecordRefused, Action::Shared)
            }
            PageAction::Follow { saved, overtook } => {
                let saved = Rc::downcast::<Saved<G>>(saved).ok()?;
                Action::Follow { saved: Rc::unwrap_or_clone(saved), overtook }
            }
            PageAction::Prefs => Action::Prefs,
            PageAction::Stored(result) => Action::Stored(result),
        })
    }
}

impl<G: UiGame> Action<G> {
    /// This action if `fits`, else none.
    fn filter_at(self, fits: bool) -> Option<Self> {
        fits.then_some(self)
    }
}

impl<G: UiGame> Page for Session<G> {
    fn act(self: Rc<Self>, action: PageAction) -> Rc<dyn Page> {
        match self.action(action) {
            Some(action) => <Session<G> as Reducible>::reduce(self, action),
            None => self,
        }
    }

    fn board(&self, text: &Text) -> BoardView {
        Session::board(self, text)
    }

    fn summary(&self, text: &Text) -> Summary {
        Session::summary(self, text)
    }

    fn changes(&self) -> u64 {
        self.changes
    }

    fn save(&self, revision: &RefCell<u64>) -> Option<PageAction> {
        if self.stored {
            return None;
        }
        let written = storage::save_game(G::ID.slug(), &self.history, &self.pending, *revision.borrow());
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
        let saved = save::decode::<G>(G::ID.slug(), text).ok()?;
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
            game: G::ID.slug().to_owned(),
            config: serde_json::to_string(&rules).unwrap_or_default(),
            moves: self.turn_texts(),
            level,
            seed: 0,
            movetime: None,
            solve: false,
            start: self.history.turns().first().map_or(self.history.current(), |(start, _)| *start).setup(),
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

    fn watches_prefs(&self, key: &str) -> bool {
        G::Flow::watches(key, G::ID.slug())
    }
}

/// How a game's page starts: [`start`] for that game.
pub type Start = fn(Option<u64>, u64) -> (Rc<dyn Page>, u64);

/// The saved game (or a fresh one, with the URL's shuffle) as a page, and the revision of the
/// save it was read from.
pub fn start<G: UiGame>(seed: Option<u64>, fresh_seed: u64) -> (Rc<dyn Page>, u64) {
    let slug = G::ID.slug();
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
    (Rc::new(Session::new(saved, stored, error, problem)), revision)
}
