//! The game and the turn being made: actions played into it, a complete turn committed to the
//! history, and the controls that change the game (undo, redo, resign, a draw, the turn flow).

use super::{Effect, Session};
use crate::i18n::GameText;
use crate::rules::record::Timing;
use crate::rules::{Conclusion, History, Illegal};
use crate::ui::flow::{Flow, FlowControl};
use crate::ui::model::{Control, UiGame};

/// The game being played: its history and the turn being made, with the position they make
/// and its legal moves kept up to date ([`Played::settle`]), so a render neither replays the
/// game nor generates moves.
#[derive(Clone, PartialEq)]
pub(super) struct Played<G: UiGame> {
    pub(super) history: History<G>,
    /// The actions of the turn being made, not yet in the history.
    pub(super) pending: Vec<G::Move>,
    /// The history's position with the turn being made, and its legal moves.
    pub(super) position: G,
    pub(super) legal: Vec<G::Move>,
    /// The last action of the turn being made may be taken back: it revealed nothing.
    pub(super) can_take_back: bool,
    /// The clocks of the game (the history's): a record's, or the room's online. A turn played
    /// here has none, so a change here keeps only those of the turns before it.
    pub(super) timing: Timing,
    /// Where the game came from, when it was continued from another game's position.
    pub(super) origin: Option<String>,
}

/// How turns pass at this device, and what became of the player's last input.
#[derive(Clone, PartialEq)]
pub(super) struct TurnFlow<F: Flow> {
    pub(super) flow: F,
    /// Why the last input was not played.
    pub(super) refusal: Option<Illegal>,
    /// The last input was not played: another tab had changed the game, shown instead.
    pub(super) overtaken: bool,
}

impl<G: UiGame> Played<G> {
    /// A game from its history and the actions of a turn being made, settled.
    pub(super) fn new(history: History<G>, pending: Vec<G::Move>) -> Played<G> {
        let position = history.current().clone();
        let (timing, origin) = (Timing::default(), None);
        let mut game =
            Played { history, pending, position, legal: Vec::new(), can_take_back: false, timing, origin };
        game.settle();
        game
    }

    /// The move of the game's command button at this index.
    pub(super) fn command(&self, index: usize, text: &GameText) -> Option<G::Move> {
        self.position.commands(&self.legal, text).into_iter().nth(index).map(|(_, mv)| mv)
    }

    /// Brings the position on the board, its legal moves and whether the last action may be
    /// taken back up to date with the history and the turn being made.
    pub(super) fn settle(&mut self) {
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
    pub(super) fn complete(&self) -> bool {
        !self.pending.is_empty() && !self.position.mid_move()
    }

    /// The actions of the latest turn: the one being made, or else the last one played.
    pub(super) fn turn(&self) -> &[G::Move] {
        if self.pending.is_empty() { self.history.last_turn() } else { &self.pending }
    }
}

impl<G: UiGame> Session<G> {
    pub(super) fn play(&mut self, mv: G::Move) -> Result<(), Illegal> {
        if self.game.history.over() {
            return Err(Illegal::GameOver);
        }
        if !self.may_play() {
            return Err(Illegal::NotAllowed);
        }
        if self.game.complete() {
            return Err(Illegal::NotAllowed);
        }
        let mut position = self.game.position.clone();
        position.play(mv)?;
        self.game.pending.push(mv);
        if !position.mid_move() && !self.turn.flow.waits() {
            self.commit()?;
        }
        Ok(())
    }

    /// Plays the turn being made into the history; the next player's turn begins. Online, it
    /// is also the turn to send (the server's state then confirms it).
    pub(super) fn commit(&mut self) -> Result<(), Illegal> {
        if self.online.playing.is_some() {
            let turns = self.game.history.turns().len();
            let turn = self.game.history.current().announce(&self.game.pending);
            self.effects.push(Effect::Send { turns, turn });
            // A turn that turns a piece over shows it only when the server, which alone knows
            // the piece, says what it was: this device's guess is never drawn.
            let mut position = self.game.history.current().clone();
            let reveals = self
                .game
                .pending
                .iter()
                .any(|leg| position.reveals_hidden(leg) || position.play(*leg).is_err());
            if reveals {
                self.game.pending.clear();
                return Ok(());
            }
        }
        for leg in std::mem::take(&mut self.game.pending) {
            self.game.history.play(leg)?;
        }
        Ok(())
    }

    pub(super) fn control(&mut self, control: Control) -> Result<(), Illegal> {
        // Online, these are asked of the server (an offer, a resignation), which the page sends.
        if self.online.playing.is_some()
            && matches!(control, Control::Undo | Control::Redo | Control::Resign | Control::AgreeDraw)
        {
            return Ok(());
        }
        let history = &mut self.game.history;
        match control {
            // An action of the turn being made is taken back first, unless it revealed
            // something hidden.
            // Against the computer, back to the player's own turn: the computer's reply and
            // the player's move go together.
            Control::Undo => {
                if self.game.pending.is_empty() {
                    history.undo();
                    if self.computer.opponent.computer == Some(history.current().to_move())
                        && history.can_undo()
                    {
                        history.undo();
                    }
                } else if self.game.can_take_back {
                    self.game.pending.pop();
                }
            }
            Control::Redo => {
                if self.game.pending.is_empty() {
                    history.redo();
                    if self.computer.opponent.computer == Some(history.current().to_move())
                        && history.can_redo()
                    {
                        history.redo();
                    }
                }
            }
            Control::Resign => {
                self.game.pending.clear();
                let to_move = history.current().to_move();
                history.conclude(Conclusion::Resigned(to_move))?;
            }
            Control::AgreeDraw => {
                self.game.pending.clear();
                history.conclude(Conclusion::DrawAgreed)?;
            }
            Control::DismissNotice => {
                self.storage.dismiss();
                self.review.record_error = None;
            }
            Control::FinishTurn => {
                if self.game.complete() {
                    self.commit()?;
                }
            }
            Control::ClearMoves => self.game.pending.clear(),
            Control::Flow(control) => {
                self.turn.flow.control(control);
                // Without confirmation a complete turn passes at once.
                if matches!(control, FlowControl::Prefer(..))
                    && !self.turn.flow.waits()
                    && self.game.complete()
                {
                    self.commit()?;
                }
            }
            // The reducer has already ended the look at the previous turn.
            Control::Select => {}
            // What is shown, handled before any change to the game.
            Control::Review(_)
            | Control::ContinueShared
            | Control::Analyse
            | Control::CancelAnalysis
            | Control::Preview(_)
            | Control::Continue(_) => {}
            // The page asks for `Action::Restart` with a fresh seed; a command and a choice were
            // named `Action::Play` and `Action::Configure` on the way in.
            Control::Restart | Control::Command(_) | Control::Choose { .. } => {}
            // The page asks the engine, and hands its answers back as actions.
            Control::Opponent(_) | Control::Hint | Control::Stop => {}
            // The page talks to the server, and hands its words back as actions.
            Control::Online(_) => {}
            // The page keeps the screen's display choices.
            Control::Switch(..) => {}
        }
        Ok(())
    }

    /// The actions to draw as a path: the turn being made, or the last turn when asked for.
    pub(super) fn path(&self) -> &[G::Move] {
        if !self.game.pending.is_empty() {
            &self.game.pending
        } else if self.turn.flow.shows_previous() {
            self.game.history.last_turn()
        } else {
            &[]
        }
    }
}
