//! What a change of the session asks the page to carry out: the reducer gives the effects as
//! values beside the new state ([`Session::step`]), and the page's one hook carries them out
//! once the change is drawn.

use super::Session;
use crate::ui::model::UiGame;
use std::cell::RefCell;
use std::rc::Rc;

/// An effect of a change, for the page to carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The game changed: it is saved as it stands when the effect is carried out.
    Save,
    /// A turn played here online, for the server: the turns before it, and the turn as the
    /// engine announces it (a flip without what it shows).
    Send { turns: usize, turn: String },
    /// A change came of a version this device does not hold: the room is asked for whole.
    Rejoin,
    /// What the computer's turn depends on changed: it is asked for if the computer is to
    /// move, and a search that no longer fits is ended.
    Computer,
}

/// The effects given and not yet carried out, shared by every state of one page, so that none
/// is lost when several actions come before one drawing. It holds no state of the game: two
/// sessions are equal whatever waits here.
#[derive(Clone, Default)]
pub struct Outbox(Rc<RefCell<Vec<Effect>>>);

impl PartialEq for Outbox {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Outbox {
    pub(super) fn post(&self, effects: Vec<Effect>) {
        self.0.borrow_mut().extend(effects);
    }

    /// The effects waiting, in the order given; none are left.
    pub fn take(&self) -> Vec<Effect> {
        std::mem::take(&mut self.0.borrow_mut())
    }
}

impl<G: UiGame> Session<G> {
    /// The effects the reducer gave, waiting for the page.
    pub fn outbox(&self) -> &Outbox {
        &self.outbox
    }

    /// The effects a change from `before` to `self` asks for, beside those its steps gave.
    pub(super) fn effects_since(&mut self, before: &Session<G>) -> Vec<Effect> {
        let mut effects = std::mem::take(&mut self.effects);
        if self.storage.changes != before.storage.changes {
            effects.push(Effect::Save);
        }
        if self.behind() && !before.behind() {
            effects.push(Effect::Rejoin);
        }
        if self.computer_key() != before.computer_key() {
            effects.push(Effect::Computer);
        }
        effects
    }
}
