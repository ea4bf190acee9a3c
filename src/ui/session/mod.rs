//! A game's page state: its [`History`], the turn being made, the turn flow, and what to tell
//! the player. Every change goes through the reducer, which keeps the position on the board
//! and its legal moves up to date, so a render neither replays the game nor generates moves.
//!
//! A turn of several actions (a checkers multi-jump, a dark-chess chain) is built up here and
//! played into the history only once it is complete: the history, the save, undo and the move
//! list only ever see whole turns.

use super::board::BoardView;
use super::computer::Opponent;
use super::flow::{Flow, FlowControl, TurnState};
use super::game::{Scene, UiGame};
use super::online::{Connection, ErrorCode, Heard, RoomState};
use super::screen::{
    Control, Ended, MoveEntry, Notices, OnlinePanel, OpponentPanel, RecordPanel, ReviewStep, RulesPanel,
    Status, Summary,
};
use super::storage::StorageProblem;
use crate::engine::read_announced;
use crate::i18n::Text;
use crate::route::Route;
use crate::rules::record::{self, Header, RecordError};
use crate::rules::{Conclusion, History, Illegal, Outcome, Player};
use crate::save::{LoadError, Saved};
use std::rc::Rc;
use yew::prelude::*;

mod page;
pub use page::{Page, PageAction, Start, hash_of, start};

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
    /// The device's own game and its turn in progress, kept aside while it plays online: never
    /// saved over, and back when it leaves.
    kept: Option<(History<G>, Vec<G::Move>)>,
    /// The last turn played here online, for the page to send: its serial number, the turns
    /// before it and the turn as the engine announces it (a flip without what it shows).
    outgoing: Option<(u64, usize, String)>,
}

/// A game played online: its room, this device's seat and what the server last said.
#[derive(Clone, Debug, PartialEq)]
pub struct Online {
    room: Option<String>,
    /// `None` while no seat is known, and for a spectator.
    seat: Option<Player>,
    connection: Connection,
    /// In the quick-match queue.
    waiting: bool,
    state: Option<Box<RoomState>>,
    /// The server's code for its last refusal.
    refused: Option<ErrorCode>,
}

impl Online {
    fn new() -> Online {
        Online {
            room: None,
            seat: None,
            connection: Connection::Connecting,
            waiting: false,
            state: None,
            refused: None,
        }
    }
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
    /// The engine's turn for the computer, in the position on the board (answers asked for
    /// elsewhere are dropped before they become actions).
    Computer(String),
    /// The engine's suggestion for the player to move, in the position on the board.
    Hint(String),
    EngineFailed(String),
    /// A record the player loaded: it replaces the game.
    Load(History<G>),
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
    Online(Heard),
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
            online: None,
            kept: None,
            outgoing: None,
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
        self.online.is_none()
            && self.opponent.computer == Some(self.position.to_move())
            && self.history.outcome().is_none()
            && self.pending.is_empty()
            && self.engine_failed.is_none()
    }

    /// Whether a turn that passed goes to another person at the device (not to the computer,
    /// nor to a finished game): the pass-the-device cover is for them.
    fn hands_over(&self) -> bool {
        self.history.outcome().is_none() && self.opponent.computer.is_none() && self.online.is_none()
    }

    /// Whether this device may play now: always at one device; online, only its own seat's
    /// turns, while connected.
    fn may_play(&self) -> bool {
        self.online.as_ref().is_none_or(|online| {
            online.connection == Connection::Open && online.seat == Some(self.position.to_move())
        })
    }

    /// Whether the game is played online.
    pub fn is_online(&self) -> bool {
        self.online.is_some()
    }

    /// The turn to send the server, if one was just played here.
    pub fn outgoing(&self) -> Option<&(u64, usize, String)> {
        self.outgoing.as_ref().filter(|_| self.online.is_some())
    }

    /// The rules of the game on the board, as a record's tags: what an online room starts from.
    pub fn rules(&self) -> String {
        record::public_rules(&G::new(self.history.current().config()))
    }

    /// What the server said, taken in.
    fn take_in(&mut self, heard: Heard) {
        let Some(online) = self.online.as_mut() else { return };
        match heard {
            Heard::Connection(connection) => online.connection = connection,
            Heard::Seat { room, seat } => {
                online.room = Some(room);
                online.seat = seat;
                online.waiting = false;
                online.refused = None;
            }
            Heard::Waiting => online.waiting = true,
            Heard::Refused(why) => online.refused = Some(why),
            Heard::State(state) => {
                if online.state.as_ref().is_some_and(|known| known.version > state.version) {
                    return;
                }
                // Read with a fixed shuffle: the pieces no one has seen stay where the board
                // first put them (they are drawn face down either way).
                if let Ok(history) = record::read::<G>(G::ID.slug(), &state.record, 0)
                    && history != self.history
                {
                    self.history = history;
                    self.pending.clear();
                }
                online.refused = None;
                online.state = Some(state);
            }
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
        if !self.may_play() {
            return Err(Illegal::NotAllowed);
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

    /// Plays the turn being made into the history; the next player's turn begins. Online, it
    /// is also the turn to send (the server's state then confirms it).
    fn commit(&mut self) -> Result<(), Illegal> {
        if self.online.is_some() {
            let serial = self.outgoing.as_ref().map_or(1, |(serial, ..)| serial + 1);
            let turns = self.history.turns().len();
            self.outgoing = Some((serial, turns, self.history.current().announce(&self.pending)));
            // A turn that turns a piece over shows it only when the server, which alone knows
            // the piece, says what it was: this device's guess is never drawn.
            let mut position = self.history.current().clone();
            let reveals =
                self.pending.iter().any(|leg| position.reveals_hidden(leg) || position.play(*leg).is_err());
            if reveals {
                self.pending.clear();
                return Ok(());
            }
        }
        for leg in std::mem::take(&mut self.pending) {
            self.history.play(leg)?;
        }
        Ok(())
    }

    fn control(&mut self, control: Control) -> Result<(), Illegal> {
        // Online, these are asked of the server (an offer, a resignation), which the page sends.
        if self.online.is_some()
            && matches!(control, Control::Undo | Control::Redo | Control::Resign | Control::AgreeDraw)
        {
            return Ok(());
        }
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
            // The page talks to the server, and hands its words back as actions.
            Control::Online(_) => {}
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

    /// Online: a fresh board of the same rules until the room's game arrives; the device's
    /// own game kept aside.
    fn go_online(&self) -> Session<G> {
        let mut next = self.clone();
        if next.online.is_none() {
            next.kept = Some((self.history.clone(), self.pending.clone()));
        }
        next.online = Some(Online::new());
        next.history = History::new(self.history.current().config());
        next.pending.clear();
        next.review = None;
        next.shared = None;
        next.hint.clear();
        next.outgoing = None;
        next.settle();
        next.flow.passed(false);
        next
    }

    /// Back to the device's own game, as it was stored.
    fn leave_online(&self) -> Session<G> {
        let mut next = self.clone();
        if let Some((history, pending)) = next.kept.take() {
            next.history = history;
            next.pending = pending;
        }
        next.online = None;
        next.outgoing = None;
        next.stored = true;
        next.settle();
        next
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
        if self.complete() || !self.may_play() {
            // The turn is made (nothing more to play until it is finished or cleared), or it is
            // another device's turn.
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
            Some(Conclusion::TimeForfeit(player)) => (text.out_of_time)((text.side)(game.side(player))),
            Some(Conclusion::Abandoned(player)) => (text.abandoned)((text.side)(game.side(player))),
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
                seat: self.online.as_ref().and_then(|online| online.seat).map(|seat| game.side(seat)),
            },
            can_undo: match &self.online {
                // Online, Undo asks the other device to let this one take back its last turn.
                Some(online) => {
                    online.seat.is_some_and(|seat| total > usize::from(seat == Player::Second))
                        && ended.is_none()
                        && self.pending.is_empty()
                }
                None if self.pending.is_empty() => history.can_undo(),
                None => self.can_take_back,
            },
            can_redo: self.online.is_none() && self.pending.is_empty() && history.can_redo(),
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
                link: Route::Game {
                    game: G::ID,
                    seed: None,
                    record: Some(record::write_short(history)),
                    room: None,
                }
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
            online: self.online.as_ref().map(|online| {
                let state = online.state.as_deref();
                let other = online.seat.map(Player::opponent);
                OnlinePanel {
                    connection: online.connection,
                    room: online.room.clone(),
                    seat: online.seat.map(|seat| game.side(seat)),
                    waiting: online.waiting,
                    begun: total > 0,
                    opponent_away: ended.is_none()
                        && other.is_some_and(|other| {
                            state.is_some_and(|s| !s.present[usize::from(other == Player::Second)])
                        }),
                    offer: state
                        .and_then(|s| s.offer)
                        .filter(|_| ended.is_none())
                        .map(|(what, by)| (what, Some(by) == online.seat)),
                    refused: online.refused,
                    my_turn: self.may_play() && ended.is_none(),
                }
            }),
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
        match action {
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
        if !matches!(action, Action::Computer(_) | Action::Hint(_) | Action::EngineFailed(_)) {
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
            Action::Computer(turn) => {
                if next.computer_to_move() {
                    next.play_announced(&turn).err()
                } else {
                    None
                }
            }
            Action::Hint(turn) => {
                if next.pending.is_empty() {
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
            Action::GoOnline | Action::LeaveOnline | Action::Online(_) => None,
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
