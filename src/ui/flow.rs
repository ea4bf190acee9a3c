//! How turns pass on the page, chosen per game (`UiGame::Flow`). Most games pass the turn as
//! soon as it is complete ([`Direct`]). A game may offer [`Guided`] turns instead (checkers
//! does): a complete turn can wait for Finish Turn, a cover can hide the board until the next
//! player starts their turn, and the last turn's path can be drawn again. The state lives here,
//! beside the shared session, not in it.

use crate::i18n::GameText;

/// The page's side of a turn flow: what it holds up and when.
pub trait Flow: Clone + Default + PartialEq + 'static {
    /// The players' choices as last made for this game (from the default, when the page opens;
    /// again after another tab changed them, the cover staying as it is unless no longer wanted).
    fn reload(&self, prefs: Prefs) -> Self;
    /// Whether a complete turn waits for Finish Turn rather than passing at once.
    fn waits(&self) -> bool;
    /// Whether the board is covered, so nothing of the turn can be played or taken back.
    fn covered(&self) -> bool;
    /// Whether the last turn's path is drawn again.
    fn shows_previous(&self) -> bool;
    /// Any input ends a look at the previous turn.
    fn input(&mut self);
    /// The turn passed (a move made, undone or redone, or a new game): the cover goes up for
    /// the next player while the game is on.
    fn passed(&mut self, in_play: bool);
    /// One of the flow's own controls (the page remembers a choice).
    fn control(&mut self, control: FlowControl);
    /// What the screen shows of the flow, given where the turn being made stands.
    fn panel(&self, turn: TurnState, text: &GameText) -> Option<Panel>;
}

/// Where the turn being made stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TurnState {
    /// Some actions are made.
    pub pending: bool,
    /// The turn is complete (waiting for Finish Turn).
    pub complete: bool,
    /// There is a previous turn to show.
    pub has_previous: bool,
}

/// A control of the turn flow.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FlowControl {
    /// Draws the last turn's path until the next input.
    ShowPrevious,
    /// Lifts the pass-the-device cover.
    StartTurn,
    /// A choice switched on or off.
    Prefer(Preference, bool),
}

/// The players' choices of how turns pass, remembered per game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Preference {
    /// A complete turn waits for Finish Turn.
    ConfirmTurn,
    /// A cover hides the board between turns until the next player starts theirs.
    PassDevice,
}

impl Preference {
    pub const ALL: [Preference; 2] = [Preference::ConfirmTurn, Preference::PassDevice];

    /// `data-setting`.
    pub fn name(self) -> &'static str {
        match self {
            Preference::ConfirmTurn => "confirm-turn",
            Preference::PassDevice => "pass-device",
        }
    }

    fn label(self, text: &GameText) -> &'static str {
        match self {
            Preference::ConfirmTurn => text.confirm_turn,
            Preference::PassDevice => text.pass_device,
        }
    }
}

/// The players' choices of how turns pass, as remembered for a game. Read and written by the
/// page, never by the session, whose changes are pure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Prefs {
    pub confirm_turn: bool,
    pub pass_device: bool,
}

impl Prefs {
    pub fn get(self, preference: Preference) -> bool {
        match preference {
            Preference::ConfirmTurn => self.confirm_turn,
            Preference::PassDevice => self.pass_device,
        }
    }

    pub fn set(&mut self, preference: Preference, on: bool) {
        match preference {
            Preference::ConfirmTurn => self.confirm_turn = on,
            Preference::PassDevice => self.pass_device = on,
        }
    }
}

/// What the screen shows of a guided turn flow.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// Finish Turn is offered (the player confirms each turn), and enabled when the turn is
    /// complete.
    pub confirm: bool,
    pub turn: TurnState,
    /// The choices, each with its label and whether it is on.
    pub preferences: Vec<(Preference, &'static str, bool)>,
    /// The board is covered until the player to move starts the turn.
    pub covered: bool,
}

/// Turns pass as soon as they are complete; nothing is covered or shown again.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Direct;

impl Flow for Direct {
    fn reload(&self, _prefs: Prefs) -> Self {
        Direct
    }
    fn waits(&self) -> bool {
        false
    }
    fn covered(&self) -> bool {
        false
    }
    fn shows_previous(&self) -> bool {
        false
    }
    fn input(&mut self) {}
    fn passed(&mut self, _in_play: bool) {}
    fn control(&mut self, _control: FlowControl) {}
    fn panel(&self, _turn: TurnState, _text: &GameText) -> Option<Panel> {
        None
    }
}

/// Turns the players confirm and pass by hand, if they choose.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Guided {
    prefs: Prefs,
    covered: bool,
    show_previous: bool,
}

impl Flow for Guided {
    fn reload(&self, prefs: Prefs) -> Self {
        Guided { prefs, covered: self.covered && prefs.pass_device, ..*self }
    }

    fn waits(&self) -> bool {
        self.prefs.confirm_turn
    }

    fn covered(&self) -> bool {
        self.covered
    }

    fn shows_previous(&self) -> bool {
        self.show_previous
    }

    fn input(&mut self) {
        self.show_previous = false;
    }

    fn passed(&mut self, in_play: bool) {
        self.covered = self.prefs.pass_device && in_play;
    }

    fn control(&mut self, control: FlowControl) {
        match control {
            FlowControl::ShowPrevious => self.show_previous = true,
            FlowControl::StartTurn => self.covered = false,
            FlowControl::Prefer(preference, on) => {
                let mut prefs = self.prefs;
                prefs.set(preference, on);
                *self = self.reload(prefs);
            }
        }
    }

    fn panel(&self, turn: TurnState, text: &GameText) -> Option<Panel> {
        Some(Panel {
            confirm: self.prefs.confirm_turn,
            turn,
            preferences: Preference::ALL.iter().map(|&p| (p, p.label(text), self.prefs.get(p))).collect(),
            covered: self.covered,
        })
    }
}
