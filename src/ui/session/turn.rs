//! The turn being made: actions played into it, a complete turn committed to the history, and
//! the controls that change the game (undo, redo, resign, a draw, the turn flow).

use super::*;
use crate::ui::model::Control;

impl<G: UiGame> Session<G> {
    /// The move of the game's command button at this index.
    pub fn command(&self, index: usize, text: &GameText) -> Option<G::Move> {
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

    pub(super) fn play(&mut self, mv: G::Move) -> Result<(), Illegal> {
        if self.history.over() {
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
    pub(super) fn commit(&mut self) -> Result<(), Illegal> {
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

    pub(super) fn control(&mut self, control: Control) -> Result<(), Illegal> {
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
                self.flow.control(control);
                // Without confirmation a complete turn passes at once.
                if matches!(control, FlowControl::Prefer(..)) && !self.flow.waits() && self.complete() {
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
        }
        Ok(())
    }

    /// The actions of the latest turn: the one being made, or else the last one played.
    pub(super) fn turn(&self) -> &[G::Move] {
        if self.pending.is_empty() { self.history.last_turn() } else { &self.pending }
    }

    /// The actions to draw as a path: the turn being made, or the last turn when asked for.
    pub(super) fn path(&self) -> &[G::Move] {
        if !self.pending.is_empty() {
            &self.pending
        } else if self.flow.shows_previous() {
            self.history.last_turn()
        } else {
            &[]
        }
    }
}
