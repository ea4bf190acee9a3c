//! A game played online: the room, this device's seat and what the server last said; the
//! device's own game kept aside meanwhile.

use super::Session;
use crate::i18n::Side;
use crate::protocol::{ErrorCode, Offer, Seat};
use crate::rules::clock::TimeControl;
use crate::rules::record::{self, Timing};
use crate::rules::{History, Player};
use crate::ui::flow::Flow;
use crate::ui::model::{ChatLine, ClockPanel, Connection, OnlinePanel, RoomState, ServerNews, UiGame};

/// Online play: the game played online, and the device's own kept aside meanwhile.
#[derive(Clone, PartialEq)]
pub(super) struct OnlinePlay<G: UiGame> {
    /// A game played online, shown instead of the device's own.
    pub(super) playing: Option<Online>,
    /// The device's own game, its turn in progress and its clocks, kept aside while it plays
    /// online: never saved over, and back when it leaves.
    pub(super) own_game: Option<(History<G>, Vec<G::Move>, Timing)>,
}

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
    /// When the room's last frame came (ms since the epoch): the clocks run from it.
    pub(super) at: u64,
    /// A change came of a version this device does not hold: it asks for the room whole.
    pub(super) behind: bool,
    /// The server's code for its last refusal.
    pub(super) refused: Option<ErrorCode>,
    /// This seat's offer the other side declined, until the next turn, offer or the end.
    pub(super) declined: Option<Offer>,
    /// The other seat has been taken in this room: it has been here, or played.
    pub(super) met: bool,
}

/// A player's place in `[first, second]`.
fn index(player: Player) -> usize {
    usize::from(player == Player::Second)
}

/// The offer of `seat`'s that the other side declined between two states of the room: it went
/// with nothing it asked for done (no turn taken back or played, no end, no rematch), the
/// other side still here.
fn declined(was: &RoomState, now: &RoomState, seat: Option<Player>) -> Option<Offer> {
    let (what, by) = offer_of(was)?;
    let unanswered =
        now.offer.is_none() && now.turns == was.turns && now.over == was.over && now.next.is_none();
    (Some(by) == seat && unanswered && now.online[index(by.opponent())]).then_some(what)
}

/// A player's offer standing in the room (a spectator makes none).
fn offer_of(state: &RoomState) -> Option<(Offer, Player)> {
    state.offer.and_then(|offer| Some((offer.what, offer.by.player()?)))
}

/// Whether a change follows the room as known: a turn of the version before it, else of that
/// version or the one before, of the same game.
fn follows(known: &RoomState, state: &RoomState, turn: bool) -> bool {
    let same = known.room == state.room && !known.over;
    let turns = if turn { known.turns + 1 } else { known.turns };
    same && state.turns == turns
        && (state.version == known.version + 1 || (!turn && state.version == known.version))
}

// Not generic, so compiled once rather than once per game.
impl Online {
    /// The id of the player in the other seat, once they have taken it.
    pub(super) fn opponent_id(&self) -> Option<&str> {
        let other = self.seat?.opponent();
        Some(&self.state.as_deref()?.players[index(other)].as_ref()?.id)
    }

    /// The online panel: `sides` names the first seat's side and the second's, `turns` counts
    /// the turns played, `live` says the game goes on, and `to_move` whose turn it is.
    pub(super) fn panel(&self, sides: [Side; 2], turns: usize, live: bool, to_move: Player) -> OnlinePanel {
        let state = self.state.as_deref();
        let other = self.seat.map(Player::opponent);
        // An offer of a takeback or a draw stands while the game goes on; a rematch after it.
        let offer = state
            .and_then(offer_of)
            .filter(|&(what, _)| (what == Offer::Rematch) != live)
            .map(|(what, by)| (what, Some(by) == self.seat));
        OnlinePanel {
            connection: self.connection,
            room: self.room.clone(),
            seat: self.seat.map(|seat| sides[index(seat)]),
            waiting: self.waiting,
            waiting_for_opponent: self.waiting_for_opponent(live),
            opponent_away: live && other.is_some_and(|other| state.is_some_and(|s| !s.online[index(other)])),
            offer,
            refused: self.refused,
            declined: self.declined,
            my_turn: self.connection == Connection::Open && self.seat == Some(to_move) && live,
            over: !live,
            // Either player may abort until both have moved.
            can_abort: live && self.seat.is_some() && turns < 2,
            first_move: state.and_then(|s| s.abort_in).filter(|_| live).map(|ms| (sides[index(to_move)], ms)),
            // The countdown to a claim is the waiting player's alone: never on their own turn.
            gone: state
                .and_then(|s| s.claim_in)
                .filter(|_| live && self.seat.is_some_and(|seat| seat != to_move)),
            at: self.at,
            chat: state.map_or_else(Vec::new, |s| {
                // A spectator has no voice: a line from one is not shown.
                s.chat
                    .iter()
                    .filter_map(|line| {
                        let from = line.from.player()?;
                        Some(ChatLine {
                            from: sides[index(from)],
                            said: line.said()?,
                            mine: Some(from) == self.seat,
                        })
                    })
                    .collect()
            }),
            sides,
            players: state.map_or_else(Default::default, |s| s.players.clone()),
            rated: state.is_some_and(|s| s.rated),
            ratings: state.and_then(|s| s.ratings),
            muted: false,
        }
    }

    /// The server said the room asked for is not there, and none is held.
    pub(super) fn missing_room(&self) -> bool {
        self.refused == Some(ErrorCode::NoRoom) && self.state.is_none()
    }

    /// No one has taken the other seat yet, while the game is `live`.
    pub(super) fn waiting_for_opponent(&self, live: bool) -> bool {
        live && self.seat.is_some() && !self.met
    }

    /// The clocks of a timed game, as the server last told them.
    pub(super) fn clocks(&self, sides: [Side; 2]) -> Option<ClockPanel> {
        let state = self.state.as_deref()?;
        let [first, second] = state.clocks?;
        Some(ClockPanel {
            sides,
            ms: [Some(first), Some(second)],
            running: state.running.and_then(Seat::player).filter(|_| !state.over).map(index),
            at: self.at,
            own: self.seat.map(index),
        })
    }

    /// Online, Undo asks the other device to let this one take back its last turn: once this
    /// seat has played, while `live` (the game goes on with no turn half made).
    pub(super) fn may_ask_takeback(&self, turns: usize, live: bool) -> bool {
        self.seat.is_some_and(|seat| turns > usize::from(seat == Player::Second)) && live && self.met
    }

    /// Takes in what the server said; whether it was a newer state of the room.
    pub(super) fn hear(&mut self, heard: ServerNews) -> bool {
        match heard {
            ServerNews::Connection(connection) => self.connection = connection,
            ServerNews::Seat { room, seat } => {
                // Another room (a rematch's): its states count from the start.
                if self.room.as_ref() != Some(&room) {
                    self.state = None;
                    self.declined = None;
                    self.met = false;
                }
                self.room = Some(room);
                self.seat = seat;
                self.waiting = false;
                self.refused = None;
            }
            ServerNews::Waiting => self.waiting = true,
            ServerNews::Refused(why) => self.refused = Some(why),
            ServerNews::State { state, at, .. } => return self.take(state, at),
            ServerNews::Change { state, turn, at, .. } => {
                let known = self.state.as_deref();
                // A late frame of a room this device has left (for a rematch's) is not its game.
                if self.room.as_ref().is_some_and(|room| *room != state.room) {
                    return false;
                }
                if !known.is_some_and(|known| follows(known, &state, turn.is_some())) {
                    // Of a version not held (none held, a gap): nothing guessed, the room asked
                    // for whole. An old or repeated frame changes nothing.
                    let old =
                        known.is_some_and(|known| known.room == state.room && known.version >= state.version);
                    self.behind |= !old;
                    return false;
                }
                return self.take(state, at);
            }
        }
        false
    }

    /// A newer state of the room taken in; whether it was newer.
    fn take(&mut self, state: Box<RoomState>, at: u64) -> bool {
        // A late frame of a room this device has left (for a rematch's) is not its game.
        if self.room.as_ref().is_some_and(|room| *room != state.room) {
            return false;
        }
        let same_room = self.state.as_ref().is_some_and(|known| known.room == state.room);
        if same_room && self.state.as_ref().is_some_and(|known| known.version > state.version) {
            return false;
        }
        self.refused = None;
        if let Some(was) = self.state.as_deref() {
            let declined = declined(was, &state, self.seat);
            if declined.is_some()
                || state.offer.is_some()
                || (state.turns, state.over) != (was.turns, was.over)
            {
                self.declined = declined;
            }
        }
        if let Some(other) = self.seat.map(Player::opponent) {
            // A seat held for a player (a challenge's, a quick match's) is taken before their
            // device joins.
            let other = index(other);
            self.met |= state.online[other] || state.turns > other || state.players[other].is_some();
        }
        self.state = Some(state);
        self.at = at;
        true
    }

    pub(super) fn new() -> Online {
        Online {
            room: None,
            seat: None,
            connection: Connection::Connecting,
            waiting: false,
            state: None,
            at: 0,
            behind: false,
            refused: None,
            declined: None,
            met: false,
        }
    }
}

impl<G: UiGame> Session<G> {
    /// Whether this device may play now: always at one device; online, only its own seat's
    /// turns, while connected.
    pub(super) fn may_play(&self) -> bool {
        self.online.playing.as_ref().is_none_or(|online| {
            online.connection == Connection::Open && online.seat == Some(self.game.position.to_move())
        })
    }

    /// The player in the other seat of the game online, by id.
    pub fn opponent_id(&self) -> Option<String> {
        self.online.playing.as_ref()?.opponent_id().map(str::to_owned)
    }

    /// Whether the game is played online.
    pub fn is_online(&self) -> bool {
        self.online.playing.is_some()
    }

    /// A change came of a version this device does not hold: the room is to be asked for whole.
    pub fn behind(&self) -> bool {
        self.online.playing.as_ref().is_some_and(|online| online.behind)
    }

    /// The rules of the game on the board, as a record's tags: what an online room starts from.
    pub fn rules(&self) -> String {
        record::public_rules(&G::new(self.game.history.current().config()))
    }

    /// What the server said, taken in: the room whole brings its game here, with the clocks
    /// its record keeps; a change plays its turn on the game here, nothing replayed.
    pub(super) fn take_in(&mut self, heard: ServerNews) {
        let Some(online) = self.online.playing.as_mut() else { return };
        let room = online.room.clone();
        let game = match &heard {
            ServerNews::State { record, .. } => Some(Ok(record.clone())),
            ServerNews::Change { turn: Some(turn), clock, .. } => Some(Err((turn.clone(), *clock))),
            _ => None,
        };
        if !online.hear(heard) {
            // A rematch's room: the old game is no longer reviewed.
            if online.room != room {
                self.review.at = None;
            }
            return;
        }
        match game {
            // Read with a fixed shuffle: the pieces no one has seen stay where the board first
            // put them (they are drawn face down either way).
            Some(Ok(record)) => {
                online.behind = false;
                if let Ok(history) = record::read::<G>(&record, 0) {
                    self.game.timing = record::read_timing(&record);
                    if history != self.game.history {
                        self.game.history = history;
                        self.game.pending.clear();
                    }
                }
            }
            Some(Err((turn, clock))) => {
                // The turn this device just sent and already shows is not played twice (a turn
                // that shows a hidden piece it leaves to the server: see `commit`).
                let shown = self.game.history.turns().len() == online.state.as_ref().map_or(0, |s| s.turns);
                if !shown && !record::play_public(&mut self.game.history, &turn) {
                    online.behind = true;
                    return;
                }
                self.game.pending.clear();
                self.game.timing.clocks.extend(clock);
            }
            None => {}
        }
    }

    /// Online: a fresh board of the same rules until the room's game arrives; the device's
    /// own game kept aside.
    pub(super) fn go_online(&self, asked: Option<(TimeControl, bool)>) -> Session<G> {
        let mut next = self.clone();
        if let Some((time, rated)) = asked {
            next.online_choice = self.online_choice.asked(time, rated);
        }
        if next.online.playing.is_none() {
            next.online.own_game =
                Some((self.game.history.clone(), self.game.pending.clone(), self.game.timing.clone()));
        }
        next.online.playing = Some(Online::new());
        next.game.history = History::new(self.game.history.current().config());
        next.game.pending.clear();
        next.game.timing = Timing::default();
        next.review.at = None;
        next.review.shared = None;
        next.computer.hint.clear();
        next.game.settle();
        next.turn.flow.passed(false);
        next
    }

    /// Back to the device's own game, as it was stored.
    pub(super) fn leave_online(&self) -> Session<G> {
        let mut next = self.clone();
        if let Some((history, pending, timing)) = next.online.own_game.take() {
            next.game.history = history;
            next.game.pending = pending;
            next.game.timing = timing;
        }
        next.online.playing = None;
        next.storage.stored = true;
        next.game.settle();
        next
    }
}
