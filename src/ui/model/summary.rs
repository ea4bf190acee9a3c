//! What the game screen shows, as plain data: the summary of a game's state with each
//! panel's part, and the controls a player uses. The session makes it; the screen draws it.

use super::Connection;
use super::{Command, Setting, Tray};
use super::{DisplayChoice, Opponent};
use crate::engine::analysis::Judgement;
use crate::i18n::{GameText, Side};
use crate::protocol::{ErrorCode, Offer, RatingChange, Said, SeatPlayer};
use crate::rules::clock::TimeControl;
use crate::rules::record::RecordError;
use crate::rules::{Illegal, Player};
use crate::save::LoadError;
use crate::ui::flow::{FlowControl, Panel};
use std::rc::Rc;

/// The game's state as the screen shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub status: Status,
    pub can_undo: bool,
    pub can_redo: bool,
    pub moves: Vec<MoveEntry>,
    pub notices: Notices,
    pub rules: RulesPanel,
    /// The guided turn flow's buttons, choices and cover, for games that offer it.
    pub flow: Option<Panel>,
    pub trays: Vec<Tray>,
    pub commands: Vec<Command>,
    pub record: RecordPanel,
    pub opponent: OpponentPanel,
    /// Online play, when the game is played online.
    pub online: Option<OnlinePanel>,
    /// The clocks of a timed game: online, live; a record's, under review.
    pub clocks: Option<ClockPanel>,
    /// The analysis of a finished game (or a record's marks).
    pub analysis: Option<Rc<AnalysisPanel>>,
}

/// A control the player used.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Control {
    Undo,
    Redo,
    Restart,
    Resign,
    AgreeDraw,
    DismissNotice,
    /// The rule at this index of the rules panel changed: the game starts again under it.
    Choose {
        index: usize,
        choice: usize,
    },
    /// The game's command at this index.
    Command(usize),
    /// Plays the turn being made (with "confirm each turn").
    FinishTurn,
    /// Discards the turn being made.
    ClearMoves,
    /// A control of the turn flow.
    Flow(FlowControl),
    /// A piece was picked up on the board: an input, which ends a look at the previous turn.
    Select,
    /// Who plays the computer, changed.
    Opponent(Opponent),
    /// One of the screen's display choices, turned on or off.
    Switch(DisplayChoice, bool),
    /// Asks the engine for the best turn for the player to move.
    Hint,
    /// Makes the computer play now, its best turn found so far.
    Stop,
    /// Shows another position of the game, or the live one again.
    Review(ReviewStep),
    /// Makes the game opened from a link the player's game.
    ContinueShared,
    /// Online play: a room made, the quick-match queue, leaving, an offer answered.
    Online(OnlineControl),
    /// Analyses every position of the finished game shown, or stops.
    Analyse,
    CancelAnalysis,
    /// Plays out this many turns of the best line on the board.
    Preview(usize),
    /// A new game from the position shown: against the computer, or two at the device.
    Continue(bool),
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ended {
    Winner(Side),
    Draw,
    /// Aborted before both players moved.
    NoResult,
}

/// Who plays the other side for a player the page plays one side for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rival {
    Computer,
    /// An opponent on another device, online.
    Online,
}

/// The side the player plays and who plays the other: the status speaks to them ("Your move",
/// "You won"). In a game between two people on one device it names the sides instead.
pub type Facing = Option<(Side, Rival)>;

impl Ended {
    /// Who won, or a draw, in words: to the player where the page knows their side.
    pub fn words(self, text: &GameText, facing: Facing) -> String {
        match (self, facing) {
            (Ended::Winner(side), Some((mine, _))) if side == mine => text.you_won.to_owned(),
            (Ended::Winner(_), Some((_, Rival::Computer))) => text.computer_won.to_owned(),
            (Ended::Winner(_), Some((_, Rival::Online))) => text.you_lost.to_owned(),
            (Ended::Winner(side), None) => (text.wins)((text.side)(side)),
            (Ended::Draw, _) => text.draw.to_owned(),
            (Ended::NoResult, _) => text.no_result.to_owned(),
        }
    }
}

/// Whose turn it is, or how the game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    /// The side to move (or that would move, once the game is over).
    pub to_move: Side,
    pub ended: Option<Ended>,
    /// How the game ended, in words ("Four in a row", "Yellow resigned").
    pub ending: String,
    /// The game's phase (`data-phase`), for games that have phases.
    pub phase: Option<&'static str>,
    /// More about the turn: placements left, stones to take, formations just made.
    pub detail: Option<String>,
    /// The last turn played, in words, for a screen reader.
    pub said: Option<String>,
    /// The computer is searching for its turn.
    pub thinking: bool,
    /// The computer is to move, but its engine's files are still being fetched.
    pub fetching_engine: bool,
    /// While an earlier position is shown: after how many turns, of how many.
    pub review: Option<(usize, usize)>,
    /// Online: the side this device plays.
    pub seat: Option<Side>,
    /// The player's side against the computer or online, whom the status speaks to.
    pub facing: Facing,
    /// Why Undo is refused now, in the game's words (a flip shows what it turned over).
    pub undo_note: Option<String>,
    /// Online, no one has taken the other seat yet: the status says the game waits for them.
    pub waiting_for_opponent: bool,
    /// Online, the link's room is not on the server: there is no game here to move in.
    pub missing_room: bool,
    /// Once the game is over, how it ended in the contract's words (`rules`, `resign`, `time`).
    pub reason: Option<&'static str>,
}

impl Status {
    /// Whose turn it is, in words: to the player where the page knows their side.
    pub fn turn_words(&self, text: &GameText) -> String {
        match self.facing {
            Some((mine, _)) if mine == self.to_move => text.your_move.to_owned(),
            Some((_, Rival::Computer)) => text.computers_move.to_owned(),
            Some((_, Rival::Online)) => text.opponents_move.to_owned(),
            None => (text.to_move)((text.side)(self.to_move)),
        }
    }
}

/// One turn of the move list.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveEntry {
    pub side: Side,
    pub notation: String,
    /// The mover's time left after it, where the game keeps clocks (ms).
    pub clock: Option<u64>,
    /// The analysis's judgement of the turn, if it was a poor one.
    pub judgement: Option<Judgement>,
}

/// A step through the game's positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ReviewStep {
    First,
    Previous,
    Next,
    Last,
    /// The position after this many turns.
    To(usize),
    /// Back to the live position of the player's own game.
    Live,
}

/// Why the game on screen is not kept on this device.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StorageProblem {
    /// Storage cannot be used at all: nothing is remembered.
    Unavailable,
    /// A save was refused (storage full or blocked); the next change tries again.
    WriteRefused,
}

/// What to tell the player about their last input and about storage.
#[derive(Clone, Debug, PartialEq)]
pub struct Notices {
    /// The rules' answer to the last refused move.
    pub refusal: Option<Illegal>,
    /// The last input was not played: another tab had changed the game, now shown.
    pub overtaken: bool,
    /// Why the saved game could not be read, until the player dismisses it.
    pub load_error: Option<LoadError>,
    /// Storage is missing or refused a save: the game will not survive a reload.
    pub storage_problem: Option<StorageProblem>,
    /// The engine could not answer, in its words.
    pub engine_failed: Option<String>,
    /// Why the record given could not be loaded.
    pub record_error: Option<RecordError>,
}

/// The rules panel: facts about this game and the rules open to change until the first move.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesPanel {
    pub info: Vec<String>,
    pub settings: Vec<Setting>,
}

/// The game as text: its record, a link to it, and whether it is a game opened from a link.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordPanel {
    pub text: String,
    /// The hash of a link that opens this game at this position.
    pub link: String,
    pub shared: bool,
    /// The name the record is downloaded under (`checkers-2026-11-23.pdn`).
    pub file_name: String,
}

/// Who plays the computer, and whether its help may be asked for now.
#[derive(Clone, Debug, PartialEq)]
pub struct OpponentPanel {
    pub opponent: Opponent,
    /// The sides, the first player's first.
    pub sides: [Side; 2],
    /// A person is to move in a game in progress: a hint may be asked for.
    pub can_hint: bool,
}

impl OpponentPanel {
    /// Who plays, in words.
    pub fn words(&self, text: &GameText) -> String {
        match self.opponent.computer {
            None => text.hotseat.to_owned(),
            Some(player) => {
                let side = self.sides[usize::from(player == Player::Second)];
                (text.against_computer)(self.opponent.level, (text.side)(side))
            }
        }
    }
}

/// A game played online: the connection, the room, this device's seat and the other's.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlinePanel {
    pub connection: Connection,
    /// The room's name, once the server has given a seat in it.
    pub room: Option<String>,
    /// The side this device plays; `None` while seating, and for a spectator.
    pub seat: Option<Side>,
    /// In the quick-match queue.
    pub waiting: bool,
    /// The other seat has no device connected (or none has joined yet).
    pub opponent_away: bool,
    /// No one has taken the other seat yet: the game waits for an opponent to join, and offers
    /// and resigning wait too.
    pub waiting_for_opponent: bool,
    /// An offer standing: a takeback or a draw while the game goes on, a rematch after it, and
    /// whether this device made it.
    pub offer: Option<(Offer, bool)>,
    /// This device's offer the other side declined, until the next turn, offer or the end.
    pub declined: Option<Offer>,
    /// The server's code for its last refusal.
    pub refused: Option<ErrorCode>,
    /// This device may play now.
    pub my_turn: bool,
    /// The game is over: a rematch may be offered.
    pub over: bool,
    /// This device may abort the game: it plays, and both sides have not moved yet.
    pub can_abort: bool,
    /// Before the first moves: the side to move and the ms it has left to make one, as of `at`.
    pub first_move: Option<(Side, u64)>,
    /// The other player is away on their turn: the ms until this device may claim, as of `at`.
    pub gone: Option<u64>,
    /// When the server's last state arrived (ms since the epoch).
    pub at: u64,
    pub chat: Vec<ChatLine>,
    /// The sides of the first seat and the second.
    pub sides: [Side; 2],
    /// Who plays each seat, the first seat's first.
    pub players: [Option<SeatPlayer>; 2],
    /// The result changes the players' ratings.
    pub rated: bool,
    /// After a rated game: each seat's rating before and after.
    pub ratings: Option<[RatingChange; 2]>,
    /// The other player's chat is hidden on this device.
    pub muted: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OnlineControl {
    /// A room for a friend, the quick-match queue, or a seek in the lobby, under this clock,
    /// rated or not.
    Create(TimeControl, bool),
    Quick(TimeControl, bool),
    Seek(TimeControl, bool),
    /// A challenge to the player the page's link names (`&challenge=`), under this clock.
    Challenge(TimeControl, bool),
    Leave,
    Answer(bool),
    Abort,
    /// Claims the game from a player away on their turn: the win (`true`) or a draw.
    Claim(bool),
    Rematch,
    /// Sends the chat's preset message at this index of `protocol::PRESETS`.
    Chat(usize),
    /// Hides the other player's chat (`true`), in this game and any other, or shows it again.
    Mute(bool),
    /// Reloads the page: the server speaks a newer protocol.
    Reload,
}

/// The clocks as the screen shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct ClockPanel {
    /// The sides, the first player's first.
    pub sides: [Side; 2],
    /// Each side's time left in ms as of `at`; `None` where a record does not say.
    pub ms: [Option<u64>; 2],
    /// The side whose clock runs (0 the first), if any.
    pub running: Option<usize>,
    /// When the server's frame arrived (ms since the epoch).
    pub at: u64,
    /// This device's side, whose clock running low sounds.
    pub own: Option<usize>,
}

/// One message: the side that sent it, what it says, and whether this device did.
#[derive(Clone, Debug, PartialEq)]
pub struct ChatLine {
    pub from: Side,
    pub said: Said,
    pub mine: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisPanel {
    /// `running`, `done` or `cancelled` (some positions analysed); `None` before any.
    pub state: Option<&'static str>,
    pub can_analyse: bool,
    /// Positions analysed, of all.
    pub done: usize,
    pub total: usize,
    /// The sides, the first player's first.
    pub sides: [Side; 2],
    /// The first player's chance in each position analysed (or evaluated by a record).
    pub chances: Vec<f64>,
    /// The position shown: after this many turns.
    pub shown: usize,
    /// The best line from the position shown, and how many of its turns are played out.
    pub pv: Vec<String>,
    pub preview: usize,
    /// The position's exact value, where it is proven (a solved position, an ending in the
    /// tables): the side to move, its word and plies.
    pub proven: Option<(Side, &'static str, u32)>,
    /// Connect Four: each column's value for the side to move (its word and turns to the
    /// end), `None` where unknown or full.
    pub columns: Vec<Option<(&'static str, u32)>>,
    /// Each player's inaccuracies, mistakes and blunders, and accuracy.
    pub counts: [[usize; 3]; 2],
    pub accuracy: [Option<f64>; 2],
    pub can_continue: bool,
}
