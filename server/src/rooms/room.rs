//! A room without I/O: its game, seats, clocks, offers, chat and end, changed only at a time
//! given, each change answered with the [`Effect`] the hub carries out (store it, tell everyone,
//! open a rematch's room, remove the room). No lock, store, socket or clock of its own, so every
//! rule of a room is tested here on plain numbers.

use crate::game_clock::{GameClock, index};
use crate::players::{GameRatings, rated_end};
use crate::store::{Finish, GameRow, Rate, RatingRow, RoomRow};
use crate::table::{self, Refused, Table};
use board_suite::games::GameId;
use board_suite::protocol::{
    ChatLine, Claim, ErrorCode, Offer, OfferState, PRESETS, RatingChange, Reply, RoomState, Said, Seat,
    SeatPlayer, check_chat,
};
use board_suite::rating::Speed;
use board_suite::rules::record::{Header, Timing, result_text};
use board_suite::rules::{Conclusion, Player};
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::VecDeque;

/// What a seat asks of its room.
#[derive(Clone, Debug)]
pub enum Action {
    /// A turn, with the round trip the page last measured (its time on the way is given back).
    Move {
        turn: String,
        turns: usize,
        round_trip_ms: u64,
    },
    Offer(Offer),
    Answer(bool),
    Resign,
    Abort,
    Claim(Claim),
    Chat(Said),
}

/// What the hub does once the room has changed.
#[must_use]
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Nothing anyone sees changed.
    Nothing,
    /// Only who is here changed: everyone is told, nothing is stored.
    Tell,
    /// The room changed: it is stored, and only then told to everyone.
    Store,
    /// Stored as [`Effect::Store`], and the seat that asked is answered with this refusal: its
    /// move came after its time ran out, and lost the game instead.
    StoreAndRefuse(Box<Reply>),
    /// A rematch was agreed: its room is opened, named here by [`Room::rematch_opened`], and
    /// then this room is stored.
    OpenRematch,
    /// Idle past the limit: the room goes, from the store and from memory.
    Remove,
}

/// What protocol 2 added to a room, stored as one JSON column (`extra`); a room stored before
/// reads as untimed, between friends, with nothing said.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Extra {
    #[serde(default)]
    pub clock: GameClock,
    /// Paired by quick match or the lobby: each side must make its first move in time, even
    /// untimed.
    #[serde(default)]
    pub strangers: bool,
    /// The players' preset messages, oldest first.
    #[serde(default)]
    #[serde(deserialize_with = "kept_chat")]
    pub chat: Vec<(Player, Said)>,
    /// Listed in the lobby until then (ms since 1970): a seek.
    #[serde(default)]
    pub seek_until: Option<u64>,
    /// The rules as anyone may see them, for the lobby.
    #[serde(default)]
    pub rules: String,
    /// The rematch's room, once agreed.
    #[serde(default)]
    pub next: Option<String>,
    /// Who took each seat, with their rating as they sat down. (A room stored before players
    /// has none: casual.)
    #[serde(default)]
    pub players: [Option<SeatPlayer>; 2],
    /// The result changes the players' ratings.
    #[serde(default)]
    pub rated: bool,
    /// A rated game's ratings before and after, once it has ended.
    #[serde(default)]
    pub ratings: Option<GameRatings>,
}

impl Extra {
    /// The settings of a room whose clock starts at `now`, its rules as anyone may see them.
    pub fn new(
        table: &dyn Table,
        control: board_suite::rules::clock::TimeControl,
        strangers: bool,
        now: u64,
    ) -> Extra {
        Extra { clock: GameClock::new(control, now), strangers, rules: table.rules(), ..Extra::default() }
    }

    /// The game's speed: `None` untimed.
    pub fn speed(&self) -> Option<Speed> {
        Speed::of(self.clock.control())
    }
}

/// The chat as kept: a line kept before free text came is a preset's bare name.
fn kept_chat<'de, D: Deserializer<'de>>(kept: D) -> Result<Vec<(Player, Said)>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Line {
        Said(Said),
        Preset(String),
    }
    let lines = Vec::<(Player, Line)>::deserialize(kept)?;
    let said = |line| match line {
        Line::Said(said) => said,
        Line::Preset(name) => Said::Preset(name),
    };
    Ok(lines.into_iter().map(|(from, line)| (from, said(line))).collect())
}

/// How long a seek stays in the lobby.
pub const SEEK_MS: u64 = 15 * 60 * 1000;
/// The chat lines a room keeps, and how many a player may add in a window of time.
const CHAT_LINES: usize = 100;
const CHAT_BURST: usize = 5;
const CHAT_WINDOW_MS: u64 = 10_000;

const PLAYERS: [Player; 2] = [Player::First, Player::Second];

pub fn refused(refusal: Refused) -> Reply {
    match refusal {
        Refused::Over => Reply::error(ErrorCode::GameOver, "the game is over"),
        Refused::Illegal => Reply::error(ErrorCode::Illegal, "not a whole turn the rules allow here"),
    }
}

/// Whether `seat` has played a turn that could be taken back.
fn has_turn(table: &dyn Table, seat: Player) -> bool {
    // The first player has played once the first turn is made; the second after the second.
    table.turns() > usize::from(seat == Player::Second)
}

/// What a device holding a room knows of it: the version, and its game's turns and end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Told {
    version: u64,
    turns: usize,
    over: bool,
}

mod kept;
#[cfg(test)]
mod tests;

pub struct Room {
    pub table: Box<dyn Table>,
    /// The seats' tokens, hashed: a leaked store gives no seat.
    pub seats: [Option<String>; 2],
    pub offer: Option<(Offer, Player)>,
    pub version: u64,
    pub updated: u64,
    /// The clocks, the chat, the seek and the rematch: stored as the row's `extra`.
    pub extra: Extra,
    /// Whether each seat has a device connected, here or at another instance, as last said
    /// ([`Room::present`]).
    online: [bool; 2],
    /// Since when each seat has had no device connected anywhere (ms since 1970), for claims.
    away_since: [Option<u64>; 2],
    /// When each player said their last lines (ms since 1970, the oldest first), for the
    /// chat's rate.
    chatted: [VecDeque<u64>; 2],
}

impl Room {
    /// A room not yet stored, with no one in it.
    pub fn new(table: Box<dyn Table>, seats: [Option<String>; 2], extra: Extra) -> Room {
        Room {
            table,
            seats,
            offer: None,
            version: 0,
            updated: 0,
            extra,
            online: [false; 2],
            away_since: [None; 2],
            chatted: Default::default(),
        }
    }

    /// Both seats are taken: the game has begun.
    pub fn begun(&self) -> bool {
        self.seats.iter().all(Option::is_some)
    }

    /// Who has a device connected now, here or elsewhere; whether that changed. A seat's last
    /// device going is noted, for claims.
    pub fn present(&mut self, online: [bool; 2], now: u64) -> bool {
        let changed = online != self.online;
        self.online = online;
        for (online, away) in online.into_iter().zip(&mut self.away_since) {
            *away = if online { None } else { Some(away.unwrap_or(now)) };
        }
        changed
    }

    /// Since when both seats have had no device connected (ms since 1970); `None` while one
    /// has.
    pub fn gone_since(&self) -> Option<u64> {
        let [first, second] = self.away_since;
        Some(first?.max(second?))
    }

    /// The seat a token's hash holds.
    pub fn held(&self, token_hash: &str) -> Option<Player> {
        PLAYERS.into_iter().find(|&p| self.seats[index(p)].as_deref() == Some(token_hash))
    }

    /// A seat a newcomer may take: none once the game is over.
    pub fn free_seat(&self) -> Option<Player> {
        PLAYERS.into_iter().find(|&p| self.seats[index(p)].is_none()).filter(|_| !self.table.over())
    }

    /// Whether the room is a seek still listed at `now`, its game not begun.
    pub fn seeking(&self, now: u64) -> bool {
        self.extra.seek_until.is_some_and(|at| at > now) && !self.begun() && !self.table.over()
    }

    /// A free seat taken by the token of `token_hash`, for `player` (none before a hello): once
    /// both seats are, the game begins and a seek leaves the lobby. Rated between two players
    /// alone, never one player's two devices.
    pub fn sit(&mut self, seat: Player, token_hash: String, player: Option<SeatPlayer>, now: u64) -> Effect {
        self.seats[index(seat)] = Some(token_hash);
        self.extra.players[index(seat)] = player;
        let [first, second] = &self.extra.players;
        self.extra.rated &= matches!((first, second), (Some(a), Some(b)) if a.id != b.id);
        self.extra.seek_until = None;
        self.extra.clock.begin_turn(now);
        Effect::Store
    }

    /// A device went, after [`Room::present`]: a seek whose maker left goes from the lobby,
    /// a rematch offered lapses once a player is not here, and a game being played whose last
    /// device went is stored.
    pub fn left(&mut self) -> Effect {
        let seek_left = self.extra.seek_until.is_some() && !self.online[0];
        let rematch_lapsed = matches!(self.offer, Some((Offer::Rematch, _))) && self.online != [true, true];
        if seek_left {
            self.extra.seek_until = None;
        }
        if rematch_lapsed {
            self.offer = None;
        }
        // The last device of a game being played gone: stored, so the row says since when
        // (the lobby stops listing it 10 minutes on).
        let all_gone = self.begun() && !self.table.over() && self.online == [false, false];
        if seek_left || rematch_lapsed || all_gone { Effect::Store } else { Effect::Tell }
    }

    /// Whether the first moves must come in time: a timed game, or one between strangers.
    fn first_move_rule(&self) -> bool {
        self.extra.strangers || self.extra.clock.timed()
    }

    /// When the side to move runs out of time, or must make its first move.
    pub fn clock_deadline(&self) -> Option<u64> {
        if self.table.over() || !self.begun() {
            return None;
        }
        let turns = self.table.turns();
        let clock = &self.extra.clock;
        clock.flag_at(self.table.to_move(), turns).or(clock.abort_at(turns, self.first_move_rule()))
    }

    /// When the other side may claim the game: the side to move is away on its own turn.
    fn claim_at(&self, now: u64) -> Option<u64> {
        let to_move = self.table.to_move();
        if self.table.over() || !self.begun() || self.online[index(to_move)] {
            return None;
        }
        let away = self.away_since[index(to_move)].unwrap_or(now).max(self.extra.clock.turn_at());
        Some(away.saturating_add(self.extra.clock.control().claim_delay_ms()))
    }

    /// When the room will have been idle too long.
    pub fn idle_at(&self, idle_ms: u64) -> u64 {
        self.updated.saturating_add(idle_ms)
    }

    /// When the room next has something to do: a clock runs out or a first move is due, its
    /// seek leaves the lobby, or it will have been idle too long.
    pub fn deadline(&self, idle_ms: u64) -> Option<u64> {
        [self.clock_deadline(), self.extra.seek_until, Some(self.idle_at(idle_ms))]
            .into_iter()
            .flatten()
            .min()
    }

    /// What is due at `now`: a side out of time loses, a first move not made aborts the game,
    /// a seek leaves the lobby, and a room idle past the limit goes.
    pub fn wake(&mut self, now: u64, idle_ms: u64) -> Effect {
        if self.clock_deadline().is_some_and(|at| at <= now) {
            let (to_move, turns) = (self.table.to_move(), self.table.turns());
            let flag = self.extra.clock.flag_at(to_move, turns);
            let conclusion = flag.map_or(Conclusion::Aborted, |_| Conclusion::TimeForfeit(to_move));
            if self.table.conclude(conclusion).is_err() {
                return Effect::Nothing;
            }
            if let Some(at) = flag {
                self.extra.clock.flagged(to_move, at);
            }
            self.offer = None;
            Effect::Store
        } else if self.extra.seek_until.is_some_and(|at| at <= now) {
            self.extra.seek_until = None;
            Effect::Store
        } else if self.idle_at(idle_ms) <= now {
            Effect::Remove
        } else {
            Effect::Nothing
        }
    }

    /// A seat's turn, offer, answer, resignation, abort, claim or message at `now`. After the
    /// end, only a rematch (offered or answered) and the chat. A refused action changes nothing.
    pub fn apply(&mut self, seat: Player, action: Action, now: u64) -> Result<Effect, Reply> {
        let after_the_end = match action {
            Action::Offer(Offer::Rematch) | Action::Chat(_) => true,
            Action::Answer(_) => matches!(self.offer, Some((Offer::Rematch, _))),
            _ => false,
        };
        let (to_move, turns, was_over) = (self.table.to_move(), self.table.turns(), self.table.over());
        if was_over && !after_the_end {
            return Err(refused(Refused::Over));
        }
        let effect = match action {
            Action::Move { turn, turns: on, round_trip_ms } => {
                if to_move != seat {
                    return Err(Reply::error(ErrorCode::NotYourTurn, "it is the other side's turn"));
                }
                if on != turns {
                    return Err(Reply::error(
                        ErrorCode::Stale,
                        "the game has changed since; its state follows",
                    ));
                }
                let mut clock = self.extra.clock.clone();
                if clock.moved(seat, turns, now, round_trip_ms).is_err() {
                    // Its time ran out before the move came (the alarm had not yet rung).
                    self.table.conclude(Conclusion::TimeForfeit(seat)).map_err(refused)?;
                    let at = self.extra.clock.flag_at(seat, turns).unwrap_or(now);
                    self.extra.clock.flagged(seat, at);
                    self.offer = None;
                    let refusal = Reply::error(ErrorCode::GameOver, "your time ran out before the move came");
                    return Ok(Effect::StoreAndRefuse(Box::new(refusal)));
                }
                // The tests' fault: the turn played, then a panic before it is stored.
                #[cfg(feature = "fault-injection")]
                if let Some(turn) = turn.strip_suffix("!panic") {
                    self.table.play(turn).map_err(refused)?;
                    panic!("the fault a test injected");
                }
                self.table.play(&turn).map_err(refused)?;
                self.extra.clock = clock;
                self.offer = None;
                Effect::Store
            }
            Action::Offer(Offer::Rematch) if !was_over => {
                return Err(Reply::error(ErrorCode::NotOver, "a rematch comes after the end"));
            }
            Action::Offer(what) => match self.offer {
                // Both offer the same: agreed.
                Some((standing, by)) if standing == what && by != seat => self.agree(what, by, now)?,
                _ => {
                    if what == Offer::Takeback && !has_turn(&*self.table, seat) {
                        return Err(Reply::error(ErrorCode::CannotTakeBack, "you have no turn to take back"));
                    }
                    if what == Offer::Rematch && self.extra.next.is_some() {
                        return Err(Reply::error(ErrorCode::GameOver, "the rematch has begun"));
                    }
                    self.offer = Some((what, seat));
                    Effect::Store
                }
            },
            Action::Answer(accept) => match self.offer {
                Some((what, by)) if by != seat => {
                    if accept {
                        self.agree(what, by, now)?
                    } else {
                        self.offer = None;
                        Effect::Store
                    }
                }
                _ => return Err(Reply::error(ErrorCode::NoOffer, "no offer from the other side stands")),
            },
            Action::Resign => self.conclude(Conclusion::Resigned(seat))?,
            Action::Abort => {
                if turns >= 2 {
                    return Err(Reply::error(ErrorCode::CannotAbort, "both players have moved"));
                }
                self.conclude(Conclusion::Aborted)?
            }
            Action::Claim(what) => {
                if self.claim_at(now).is_none_or(|at| at > now) || to_move == seat {
                    return Err(Reply::error(
                        ErrorCode::CannotClaim,
                        "only while the other player has been away on their own turn long enough",
                    ));
                }
                self.conclude(match what {
                    Claim::Win => Conclusion::Abandoned(to_move),
                    Claim::Draw => Conclusion::DrawClaimed,
                })?
            }
            Action::Chat(said) => {
                let said = match said {
                    Said::Preset(name) if PRESETS.contains(&name.as_str()) => Said::Preset(name),
                    Said::Preset(_) => {
                        return Err(Reply::error(ErrorCode::UnknownPreset, "not one of the preset messages"));
                    }
                    Said::Text(text) => match check_chat(&text) {
                        Ok(text) => Said::Text(text.to_owned()),
                        Err(code) => return Err(Reply::error(code, "not a line the chat takes")),
                    },
                };
                let chatted = &mut self.chatted[index(seat)];
                while chatted.front().is_some_and(|&at| now.saturating_sub(at) >= CHAT_WINDOW_MS) {
                    chatted.pop_front();
                }
                if chatted.len() >= CHAT_BURST {
                    return Err(Reply::error(ErrorCode::RateLimited, "at most 5 lines in 10 seconds"));
                }
                chatted.push_back(now);
                self.extra.chat.push((seat, said));
                let excess = self.extra.chat.len().saturating_sub(CHAT_LINES);
                self.extra.chat.drain(..excess);
                Effect::Store
            }
        };
        // A game that ended now stops its clocks as they are.
        if self.table.over() && !was_over {
            self.extra.clock.stop(to_move, turns, now);
        }
        Ok(effect)
    }

    /// The game ends as a player or their absence decided; any offer lapses.
    fn conclude(&mut self, conclusion: Conclusion) -> Result<Effect, Reply> {
        self.table.conclude(conclusion).map_err(refused)?;
        self.offer = None;
        Ok(Effect::Store)
    }

    /// The offer of `by` agreed: a draw, `by`'s last turn taken back (with the reply to it),
    /// or a rematch begun. A takeback the rules refuse changes nothing.
    fn agree(&mut self, what: Offer, by: Player, now: u64) -> Result<Effect, Reply> {
        match what {
            Offer::Draw => self.conclude(Conclusion::DrawAgreed),
            Offer::Rematch => {
                self.offer = None;
                Ok(Effect::OpenRematch)
            }
            Offer::Takeback => {
                let (to_move, turns) = (self.table.to_move(), self.table.turns());
                // The other side has replied: that goes too.
                let back = if to_move == by { 2 } else { 1 };
                let mut table = self.table.copy();
                if !(0..back).all(|_| table.take_back()) {
                    return Err(Reply::error(
                        ErrorCode::CannotTakeBack,
                        "the rules keep that turn: it revealed a hidden piece",
                    ));
                }
                self.table = table;
                self.extra.clock.taken_back(to_move, turns, self.table.turns(), now);
                self.offer = None;
                Ok(Effect::Store)
            }
        }
    }

    /// The rematch agreed is the room `id`.
    pub fn rematch_opened(&mut self, id: String) {
        self.extra.next = Some(id);
    }
}
