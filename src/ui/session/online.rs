//! A game played online: the room, this device's seat and what the server last said; the
//! device's own game kept aside meanwhile.

use super::*;
use crate::i18n::Side;

/// A game played online: its room, this device's seat and what the server last said.
#[derive(Clone, Debug, PartialEq)]
pub struct Online {
    pub(super) room: Option<String>,
    /// `None` while no seat is known, and for a spectator.
    pub(super) seat: Option<Player>,
    pub(super) connection: Connection,
    /// In the quick-match queue.
    pub(super) waiting: bool,
    pub(super) state: Option<Box<RoomState>>,
    /// The server's code for its last refusal.
    pub(super) refused: Option<ErrorCode>,
}

// Not generic, so compiled once rather than once per game.
impl Online {
    /// The online panel: `sides` names the first seat's side and the second's, `begun` says a
    /// turn has been played, `live` that the game goes on.
    pub(super) fn panel(&self, sides: [Side; 2], begun: bool, live: bool, may_play: bool) -> OnlinePanel {
        let state = self.state.as_deref();
        let seat_index = |seat: Player| usize::from(seat == Player::Second);
        let other = self.seat.map(Player::opponent);
        OnlinePanel {
            connection: self.connection,
            room: self.room.clone(),
            seat: self.seat.map(|seat| sides[seat_index(seat)]),
            waiting: self.waiting,
            begun,
            opponent_away: live
                && other.is_some_and(|other| state.is_some_and(|s| !s.present[seat_index(other)])),
            offer: state
                .and_then(|s| s.offer)
                .filter(|_| live)
                .map(|(what, by)| (what, Some(by) == self.seat)),
            refused: self.refused,
            my_turn: may_play && live,
        }
    }

    /// Online, Undo asks the other device to let this one take back its last turn: once this
    /// seat has played, while `live` (the game goes on with no turn half made).
    pub(super) fn may_ask_takeback(&self, turns: usize, live: bool) -> bool {
        self.seat.is_some_and(|seat| turns > usize::from(seat == Player::Second)) && live
    }

    /// Takes in what the server said; whether it was a newer state of the room.
    pub(super) fn hear(&mut self, heard: Heard) -> bool {
        match heard {
            Heard::Connection(connection) => self.connection = connection,
            Heard::Seat { room, seat } => {
                self.room = Some(room);
                self.seat = seat;
                self.waiting = false;
                self.refused = None;
            }
            Heard::Waiting => self.waiting = true,
            Heard::Refused(why) => self.refused = Some(why),
            Heard::State(state) => {
                if self.state.as_ref().is_some_and(|known| known.version > state.version) {
                    return false;
                }
                self.refused = None;
                self.state = Some(state);
                return true;
            }
        }
        false
    }

    pub(super) fn new() -> Online {
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

impl<G: UiGame> Session<G> {
    /// Whether this device may play now: always at one device; online, only its own seat's
    /// turns, while connected.
    pub(super) fn may_play(&self) -> bool {
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

    /// What the server said, taken in: a newer state of the room brings its game here.
    pub(super) fn take_in(&mut self, heard: Heard) {
        let Some(online) = self.online.as_mut() else { return };
        if !online.hear(heard) {
            return;
        }
        // Read with a fixed shuffle: the pieces no one has seen stay where the board first put
        // them (they are drawn face down either way).
        let record = online.state.as_ref().map_or("", |state| state.record.as_str());
        if let Ok(history) = record::read::<G>(record, 0)
            && history != self.history
        {
            self.history = history;
            self.pending.clear();
        }
    }

    /// Online: a fresh board of the same rules until the room's game arrives; the device's
    /// own game kept aside.
    pub(super) fn go_online(&self) -> Session<G> {
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
    pub(super) fn leave_online(&self) -> Session<G> {
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
}
