//! The rooms: their games, seats and offers, the quick-match queue, and who is watching. Every
//! change is stored before anyone hears of it, so a restart loses nothing anyone saw.

use crate::clock::Clock;
use crate::game_clock::GameClock;
use crate::metrics::{Metrics, Refusal};
use crate::players::{GameRatings, WrongCodes, rated_end};
use crate::protocol::{
    ChatLine, Claim, ErrorCode, Offer, OfferState, PRESETS, RatingChange, Reply, RoomInfo, Seat, SeatPlayer,
};
use crate::secrets::{ROOM_ID_LENGTH, hashed, new_id, new_token, random_bytes};
use crate::store::{Finish, GameRow, PlayerRow, Rate, RatingRow, RoomRow, Store};
use crate::table::{self, Refused, Table};
use board_suite::games::GameId;
use board_suite::rating::{Rating, Speed};
use board_suite::rules::clock::TimeControl;
use board_suite::rules::record::Timing;
use board_suite::rules::record::result_text;
use board_suite::rules::{Conclusion, Player};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use tokio::sync::Notify;
use tokio::sync::mpsc::{self, error::TrySendError};
use tokio::task::AbortHandle;

/// What a connection is handed from outside its own requests.
pub enum Push {
    Frame(Arc<str>),
    /// A quick match paired this connection: its room and seat (before its seat frame, so that
    /// the connection is in the room before the device hears of it).
    Seated {
        room: Arc<RoomCell>,
        seat: Player,
    },
}

/// What a connection is sent, queued for it: a bounded queue, so that a client that does not
/// read costs the server a few frames, not memory without end. One that falls that far behind
/// is told to close ([`Outbox::overflowed`]).
#[derive(Clone)]
pub struct Outbox {
    queue: mpsc::Sender<Push>,
    overflow: Arc<Notify>,
    /// Told when the queue is half full: what waits in it should go now.
    crowded: Arc<Notify>,
}

impl Outbox {
    /// A queue of `frames`, and its reader.
    pub fn new(frames: usize) -> (Outbox, mpsc::Receiver<Push>) {
        let (queue, pushed) = mpsc::channel(frames.max(1));
        (Outbox { queue, overflow: Arc::new(Notify::new()), crowded: Arc::new(Notify::new()) }, pushed)
    }

    /// Queues `push`; `false` when the connection has ended or is too far behind to keep.
    pub fn send(&self, push: Push) -> bool {
        match self.queue.try_send(push) {
            Ok(()) => {
                if self.queue.capacity() <= self.queue.max_capacity() / 2 {
                    self.crowded.notify_one();
                }
                true
            }
            Err(TrySendError::Full(_)) => {
                self.overflow.notify_one();
                false
            }
            Err(TrySendError::Closed(_)) => false,
        }
    }

    pub fn is_closed(&self) -> bool {
        self.queue.is_closed()
    }

    /// Ready once a push did not fit: the connection is then closed.
    pub async fn overflowed(&self) {
        self.overflow.notified().await
    }

    /// Ready once the queue has been half full (since the last time this was ready).
    pub async fn crowded(&self) {
        self.crowded.notified().await
    }
}

/// A connection as the rooms know it.
#[derive(Clone)]
pub struct Client {
    pub id: u64,
    pub address: IpAddr,
    pub outbox: Outbox,
    /// The player it plays as, once it has said hello (boxed: an idle connection keeps its
    /// room in its task).
    pub player: Option<Box<PlayerRow>>,
}

pub struct RoomCell {
    pub id: String,
    room: tokio::sync::Mutex<Room>,
}

struct Room {
    table: Box<dyn Table>,
    /// The seats' tokens, hashed: a leaked store gives no seat.
    seats: [Option<String>; 2],
    offer: Option<(Offer, Player)>,
    version: u64,
    updated: u64,
    watchers: Vec<Watcher>,
    /// The seats with a device connected to another instance, by instance.
    elsewhere: HashMap<String, [bool; 2]>,
    /// The room as last stored: what a refused change goes back to.
    stored: RoomRow,
    alarm: Alarm,
    /// Removed from the store and from memory: whoever still holds it reads the room again.
    gone: bool,
    /// A change is being made: if the task making it ended part-way (a panic), the next to
    /// lock the room puts it back as stored.
    changing: bool,
    /// The clocks, the chat, the seek and the rematch: stored as the row's `extra`.
    extra: Extra,
    /// Since when each seat has had no device connected anywhere (ms since 1970), for claims.
    away_since: [Option<u64>; 2],
    /// When each player last said something (ms since 1970), for the chat's rate.
    chatted: [u64; 2],
}

/// What protocol 2 added to a room, stored as one JSON column (`extra`); a room stored before
/// reads as untimed, between friends, with nothing said.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Extra {
    #[serde(default)]
    clock: GameClock,
    /// Paired by quick match or the lobby: each side must make its first move in time, even
    /// untimed.
    #[serde(default)]
    strangers: bool,
    /// The players' preset messages, oldest first.
    #[serde(default)]
    chat: Vec<(Player, String)>,
    /// Listed in the lobby until then (ms since 1970): a seek.
    #[serde(default)]
    seek_until: Option<u64>,
    /// The rules as anyone may see them, for the lobby.
    #[serde(default)]
    rules: String,
    /// The rematch's room, once agreed.
    #[serde(default)]
    next: Option<String>,
    /// Who took each seat, with their rating as they sat down. (A room stored before players
    /// has none: casual.)
    #[serde(default)]
    players: [Option<SeatPlayer>; 2],
    /// The result changes the players' ratings.
    #[serde(default)]
    rated: bool,
    /// A rated game's ratings before and after, once it has ended.
    #[serde(default)]
    ratings: Option<GameRatings>,
}

impl Extra {
    /// The game's speed: `None` untimed.
    fn speed(&self) -> Option<Speed> {
        Speed::of(self.clock.control())
    }
}

/// How long a seek stays in the lobby.
const SEEK_MS: u64 = 15 * 60 * 1000;
/// The chat lines a room keeps, and how often a player may add one.
const CHAT_LINES: usize = 100;
const CHAT_EVERY_MS: u64 = 1000;
/// Seeks (and games being played) the lobby lists at most, and how far back a game counts as
/// being played.
const LOBBY_SEEKS: usize = 100;
const PLAYING_WITHIN_MS: u64 = 3600 * 1000;
/// What one instance tells the others when its lobby changed.
const LOBBY_NEWS: &str = "lobby";
/// How an instance tells the others how many players it holds: `players <instance> <count>`.
const PLAYERS_NEWS: &str = "players";
/// How often an instance sharing a store tells its players, and how long a count heard is
/// believed (an instance that stopped is soon no longer counted).
pub const PLAYERS_EVERY: std::time::Duration = std::time::Duration::from_secs(15);
const PLAYERS_HEARD_MS: u64 = 45_000;
/// Quick match pairs rated players whose ratings are this close, and this much further for
/// every second the longer waiting of them has waited.
const PAIRING_RANGE: f64 = 100.0;
const PAIRING_WIDENS_PER_SECOND: f64 = 10.0;
/// How often waiters are looked at again for a pairing their wider ranges allow.
pub const PAIRING_EVERY: std::time::Duration = std::time::Duration::from_secs(2);
/// Changes to the lobby within this go out in one frame.
const LOBBY_PAUSE: std::time::Duration = std::time::Duration::from_millis(50);

/// A room's wake-up: one task that sleeps until the room's next deadline, then wakes the room
/// ([`Hub::wake`]). Set again whenever the room changes, and ended with the room. The seam for
/// anything a room does at a time of its own (today, going when idle; a game's clock next).
#[derive(Default)]
struct Alarm {
    /// The deadline set, in milliseconds since 1970.
    at: Option<u64>,
    task: Option<AbortHandle>,
}

impl Drop for Alarm {
    fn drop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
    }
}

struct Watcher {
    client: u64,
    seat: Option<Player>,
    outbox: Outbox,
}

/// How much one address or connection may ask.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Rooms created and not yet finished, per address.
    pub rooms_per_address: usize,
    /// Requests per second per connection (and as many at once).
    pub messages_per_second: u32,
    /// Seconds a room may go unchanged before it is removed (finished games too).
    pub idle_seconds: u64,
}

impl Limits {
    fn idle_ms(&self) -> u64 {
        self.idle_seconds.saturating_mul(1000)
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits { rooms_per_address: 20, messages_per_second: 20, idle_seconds: 30 * 24 * 3600 }
    }
}

pub struct Hub {
    /// Itself, for the rooms' alarms to wake it without keeping it.
    me: Weak<Hub>,
    rooms: Mutex<HashMap<String, Arc<RoomCell>>>,
    /// Who waits for a quick match, by game, rules, time control and rated or not, the
    /// longest waiting first.
    queue: Mutex<HashMap<QueueKey, Vec<Waiter>>>,
    /// The unfinished rooms each address created.
    created: Mutex<HashMap<IpAddr, HashSet<String>>>,
    store: Arc<dyn Store>,
    pub limits: Limits,
    pub clock: Clock,
    /// This instance's name among those sharing a store.
    instance: String,
    pub metrics: Arc<Metrics>,
    /// The connections following the lobby.
    lobby: Mutex<Vec<Client>>,
    /// A lobby frame is on its way to them: changes meanwhile are in it.
    lobby_due: AtomicBool,
    /// The players each other instance sharing the store said it holds, and when.
    players_elsewhere: Mutex<HashMap<String, (u64, u64)>>,
    /// Wrong transfer codes, by address.
    pub wrong_codes: WrongCodes,
}

/// What a quick match pairs on: the game, its rules, its time control and whether it is rated.
type QueueKey = (GameId, String, String, bool);

/// A device waiting for a quick match.
struct Waiter {
    client: Client,
    player: Option<SeatPlayer>,
    /// Since when (ms since 1970).
    since: u64,
}

impl Waiter {
    fn rating(&self) -> i64 {
        self.player.as_ref().and_then(|p| p.rating).unwrap_or(Rating::NEW.rating as i64)
    }
}

/// How far apart two rated players' ratings may be for quick match to pair them, when the
/// longer waiting of them has waited `waited_ms`.
fn pairing_range(waited_ms: u64) -> f64 {
    PAIRING_RANGE + PAIRING_WIDENS_PER_SECOND * waited_ms as f64 / 1000.0
}

/// Whether two waiters may play a rated game: two players, not the same one, close enough.
fn may_pair(a: &Waiter, b: &Waiter, now: u64) -> bool {
    let (Some(pa), Some(pb)) = (&a.player, &b.player) else { return false };
    let waited = now.saturating_sub(a.since.min(b.since));
    pa.id != pb.id && (a.rating() - b.rating()).abs() as f64 <= pairing_range(waited)
}

/// A place taken in a room: a seat, or `None` to watch.
pub struct Taken {
    pub room: Arc<RoomCell>,
    pub seat: Option<Player>,
}

/// A frame for one connection, in order with everything else it is sent.
fn tell(client: &Client, reply: Reply) {
    client.outbox.send(Push::Frame(reply.to_text().into()));
}

fn index(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

fn offer_text(offer: Option<(Offer, Player)>) -> Option<String> {
    offer.map(|(what, by)| {
        let what = if what == Offer::Draw { "draw" } else { "takeback" };
        let by = if by == Player::First { "first" } else { "second" };
        format!("{what}:{by}")
    })
}

fn read_offer(text: Option<&str>) -> Option<(Offer, Player)> {
    let (what, by) = text?.split_once(':')?;
    let what = match what {
        "draw" => Offer::Draw,
        "takeback" => Offer::Takeback,
        _ => return None,
    };
    let by = match by {
        "first" => Player::First,
        "second" => Player::Second,
        _ => return None,
    };
    Some((what, by))
}

fn refused(refusal: Refused) -> Reply {
    match refusal {
        Refused::Over => Reply::error(ErrorCode::GameOver, "the game is over"),
        Refused::Illegal => Reply::error(ErrorCode::Illegal, "not a whole turn the rules allow here"),
    }
}

impl Room {
    /// Both seats are taken: the game has begun.
    fn begun(&self) -> bool {
        self.seats.iter().all(Option::is_some)
    }

    /// Whether each seat has a device connected, here or at another instance.
    fn online(&self) -> [bool; 2] {
        [Player::First, Player::Second].map(|player| {
            self.here()[index(player)] || self.elsewhere.values().any(|seats| seats[index(player)])
        })
    }

    /// Notes when a seat's last device went, for claims.
    fn note_presence(&mut self, now: u64) {
        for (online, away) in self.online().into_iter().zip(&mut self.away_since) {
            *away = if online { None } else { Some(away.unwrap_or(now)) };
        }
    }

    /// Whether the first moves must come in time: a timed game, or one between strangers.
    fn first_move_rule(&self) -> bool {
        self.extra.strangers || self.extra.clock.timed()
    }

    /// When the side to move runs out of time, or must make its first move.
    fn clock_deadline(&self) -> Option<u64> {
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
        if self.table.over() || !self.begun() || self.online()[index(to_move)] {
            return None;
        }
        let away = self.away_since[index(to_move)].unwrap_or(now).max(self.extra.clock.turn_at());
        Some(away.saturating_add(self.extra.clock.control().claim_delay_ms()))
    }

    fn timing(&self) -> Timing {
        Timing { control: self.extra.clock.control(), clocks: self.extra.clock.log().to_vec() }
    }

    fn state(&self, id: &str, now: u64) -> Reply {
        let (to_move, turns, over) = (self.table.to_move(), self.table.turns(), self.table.over());
        let clock = &self.extra.clock;
        Reply::State {
            room: id.to_owned(),
            game: self.table.game().slug().to_owned(),
            version: self.version,
            record: self.table.public_record(&self.timing()),
            turns,
            to_move: Seat::of(Some(to_move)),
            over,
            termination: self.table.termination(),
            offer: self.offer.map(|(what, by)| OfferState { what, by: Seat::of(Some(by)) }),
            online: self.online(),
            time: clock.control().text(),
            clocks: clock
                .timed()
                .then(|| clock.left_at(to_move, turns, if over { clock.turn_at() } else { now })),
            running: (clock.runs(turns) && !over && self.begun()).then_some(Seat::of(Some(to_move))),
            abort_in: (!over && self.begun())
                .then(|| clock.abort_at(turns, self.first_move_rule()))
                .flatten()
                .map(|at| at.saturating_sub(now)),
            claim_in: self.claim_at(now).map(|at| at.saturating_sub(now)),
            chat: self
                .extra
                .chat
                .iter()
                .map(|(from, preset)| ChatLine { from: Seat::of(Some(*from)), preset: preset.clone() })
                .collect(),
            next: self.extra.next.clone(),
            players: Box::new(self.extra.players.clone()),
            rated: self.extra.rated,
            ratings: self.extra.ratings.map(|kept| {
                Box::new([0, 1].map(|side| RatingChange {
                    before: kept.before[side].rating.round() as i64,
                    after: kept.after[side].rating.round() as i64,
                    provisional: kept.after[side].provisional(),
                }))
            }),
        }
    }

    /// What works out a rated game's ratings as its end is written (see [`Rate`]): `None` for
    /// a game that rates no one (casual, aborted, untimed, a seat without a player).
    fn rate(&self, game: &GameRow) -> Option<Rate> {
        let (speed, outcome) = (self.extra.speed()?, self.table.outcome()?);
        let [Some(first), Some(second)] = game.players.clone() else { return None };
        let (extra, slug, ended) = (self.extra.clone(), game.game.clone(), game.ended);
        Some(Box::new(move |finish: &mut Finish, before: [Option<RatingRow>; 2]| {
            let players = [first.as_str(), second.as_str()];
            let before = [before[0].as_ref(), before[1].as_ref()];
            let (rows, kept) = rated_end(&slug, speed, players, before, outcome, ended);
            let extra = Extra { ratings: Some(kept), ..extra.clone() };
            finish.room.extra = serde_json::to_string(&extra).unwrap_or_default();
            finish.game.ratings = serde_json::to_string(&kept).unwrap_or_default();
            rows
        }))
    }

    /// The game's end as the players' games keep it (the first seat's result first); `None`
    /// until the game is over.
    fn kept_game(&self, id: &str, now: u64) -> Option<GameRow> {
        let outcome = self.table.over().then(|| self.table.outcome())?;
        Some(GameRow {
            id: id.to_owned(),
            game: self.table.game().slug().to_owned(),
            speed: self.extra.speed().map(|speed| speed.slug().to_owned()),
            rated: self.extra.rated && outcome.is_some(),
            players: self.extra.players.clone().map(|p| p.map(|p| p.id)),
            result: result_text(outcome, [Player::First, Player::Second]).to_owned(),
            ratings: String::new(),
            record: self.table.full_record(&self.timing()),
            ended: now,
            names: [None, None],
        })
    }

    /// The seats with a device connected to this instance.
    fn here(&self) -> [bool; 2] {
        [Player::First, Player::Second].map(|player| self.watchers.iter().any(|w| w.seat == Some(player)))
    }

    fn row(&self, id: &str) -> RoomRow {
        RoomRow {
            id: id.to_owned(),
            game: self.table.game().slug().to_owned(),
            record: self.table.full_record(&self.timing()),
            seats: self.seats.clone(),
            offer: offer_text(self.offer),
            version: self.version,
            updated: self.updated,
            // Serialising these types cannot fail: no maps, no foreign types.
            extra: serde_json::to_string(&self.extra).unwrap_or_default(),
            seek_until: self.extra.seek_until,
            playing: self.begun() && !self.table.over(),
        }
    }

    /// Tells every watcher the room's state as of `now`.
    fn broadcast(&mut self, id: &str, now: u64) {
        let frame: Arc<str> = self.state(id, now).to_text().into();
        // A watcher whose connection has ended is dropped.
        self.watchers.retain(|w| w.outbox.send(Push::Frame(frame.clone())));
    }

    /// Back to a stored row, the watchers and the alarm kept. A room never stored (a failed
    /// creation) stays.
    fn restore(&mut self, row: &RoomRow) {
        if let Some(restored) = Room::from_row(row) {
            let watchers = std::mem::take(&mut self.watchers);
            let elsewhere = std::mem::take(&mut self.elsewhere);
            let alarm = std::mem::take(&mut self.alarm);
            let (away_since, chatted) = (self.away_since, self.chatted);
            *self = Room { watchers, elsewhere, alarm, away_since, chatted, ..restored };
        }
    }

    /// When the room next has something to do: a clock runs out or a first move is due, its
    /// seek leaves the lobby, or it will have been idle too long.
    fn deadline(&self, limits: &Limits) -> Option<u64> {
        [self.clock_deadline(), self.extra.seek_until, Some(self.updated.saturating_add(limits.idle_ms()))]
            .into_iter()
            .flatten()
            .min()
    }

    /// When the room will have been idle too long.
    fn idle_at(&self, limits: &Limits) -> u64 {
        self.updated.saturating_add(limits.idle_ms())
    }

    fn from_row(row: &RoomRow) -> Option<Room> {
        let game = GameId::from_slug(&row.game)?;
        // A room stored before protocol 2 has no `extra`: untimed, between friends.
        let extra =
            if row.extra.is_empty() { Extra::default() } else { serde_json::from_str(&row.extra).ok()? };
        Some(Room {
            table: table::restore(game, &row.record).ok()?,
            seats: row.seats.clone(),
            offer: read_offer(row.offer.as_deref()),
            version: row.version,
            updated: row.updated,
            watchers: Vec::new(),
            elsewhere: HashMap::new(),
            stored: row.clone(),
            alarm: Alarm::default(),
            gone: false,
            changing: false,
            extra,
            away_since: [None; 2],
            chatted: [0; 2],
        })
    }
}

impl Hub {
    /// The store the rooms and players are kept in.
    pub fn store(&self) -> &dyn Store {
        &*self.store
    }

    pub fn new(store: Arc<dyn Store>, limits: Limits, clock: Clock) -> Arc<Hub> {
        Arc::new_cyclic(|me| Hub {
            me: me.clone(),
            rooms: Mutex::default(),
            queue: Mutex::default(),
            created: Mutex::default(),
            store,
            limits,
            clock,
            instance: new_id(ROOM_ID_LENGTH),
            metrics: Arc::default(),
            lobby: Mutex::default(),
            lobby_due: AtomicBool::new(false),
            players_elsewhere: Mutex::default(),
            wrong_codes: WrongCodes::default(),
        })
    }

    /// Sets the room's alarm for its next deadline, unless it is set for that already.
    fn arm(&self, cell: &Arc<RoomCell>, room: &mut Room) {
        let at = room.deadline(&self.limits);
        if room.alarm.at == at {
            return;
        }
        // The alarm set before ends here.
        room.alarm = Alarm::default();
        let Some(at) = at else { return };
        let (hub, weak) = (self.me.clone(), Arc::downgrade(cell));
        let when = self.clock.instant_at(at);
        let task = tokio::spawn(async move {
            tokio::time::sleep_until(when).await;
            if let (Some(hub), Some(cell)) = (hub.upgrade(), weak.upgrade()) {
                hub.metrics.clone().caught("alarm", hub.wake(&cell)).await;
            }
        });
        room.alarm = Alarm { at: Some(at), task: Some(task.abort_handle()) };
    }

    /// The room, locked. A change that a task began and never finished (it panicked) is
    /// undone first: the room is as it was last stored.
    async fn lock<'a>(&self, cell: &'a RoomCell) -> tokio::sync::MutexGuard<'a, Room> {
        let mut room = cell.room.lock().await;
        if room.changing {
            tracing::error!(room = %cell.id, "a change was left half made; the room is as last stored");
            let stored = room.stored.clone();
            room.restore(&stored);
            room.changing = false;
        }
        room
    }

    /// A room's alarm went off: what is due is done, and the alarm set for what comes next.
    /// Due today: a room idle past the limit goes, from the store and from memory.
    /// Due: a side out of time loses, a first move not made aborts the game, a seek leaves
    /// the lobby, and a room idle past the limit goes, from the store and from memory. With
    /// several instances, each holding the room may wake: the store takes one change, and the
    /// others read it (see [`Hub::commit`]), so everyone sees the same single result.
    async fn wake(&self, cell: &Arc<RoomCell>) {
        let mut room = self.lock(cell).await;
        // This task is the alarm: it lets go of itself rather than end itself.
        room.alarm.task = None;
        room.alarm.at = None;
        if room.gone {
            return;
        }
        let now = self.clock.now_ms();
        if room.clock_deadline().is_some_and(|at| at <= now) {
            let (to_move, turns) = (room.table.to_move(), room.table.turns());
            let conclusion = match room.extra.clock.flag_at(to_move, turns) {
                Some(at) => {
                    room.extra.clock.flagged(to_move, at);
                    Conclusion::TimeForfeit(to_move)
                }
                None => Conclusion::Aborted,
            };
            self.end(cell, &mut room, conclusion).await;
        } else if room.extra.seek_until.is_some_and(|at| at <= now) {
            room.extra.seek_until = None;
            self.store_change(cell, &mut room).await;
        } else if room.idle_at(&self.limits) <= now {
            self.remove_idle_room(cell, &mut room).await;
            return;
        }
        self.arm(cell, &mut room);
    }

    /// The server ends the game (a clock ran out, a first move was not made).
    async fn end(&self, cell: &Arc<RoomCell>, room: &mut Room, conclusion: Conclusion) {
        if room.table.conclude(conclusion).is_ok() {
            room.offer = None;
            self.store_change(cell, room).await;
        }
    }

    /// Stores a change the server made of itself; one the store refuses is undone (see
    /// [`Hub::commit`]).
    async fn store_change(&self, cell: &Arc<RoomCell>, room: &mut Room) {
        room.changing = true;
        if let Err(error) = self.commit(cell, room).await {
            tracing::warn!(room = %cell.id, "a change of the server's own was not made: {error:?}");
        }
        room.changing = false;
    }

    /// Removes a room past its idle deadline, under its lock, so that no change is being made
    /// meanwhile: from the store at the version this instance holds, and from memory. A room
    /// another instance changed since is read again instead.
    async fn remove_idle_room(&self, cell: &Arc<RoomCell>, room: &mut Room) {
        match self.store.remove(&cell.id, room.version).await {
            Ok(true) => {}
            Ok(false) => match self.store.load(&cell.id).await {
                Ok(Some(stored)) if stored.version > room.version => {
                    room.restore(&stored);
                    self.arm(cell, room);
                    room.broadcast(&cell.id, self.clock.now_ms());
                    return;
                }
                Ok(_) => {}
                Err(error) => {
                    Metrics::count(&self.metrics.store_errors);
                    tracing::warn!(room = %cell.id, "not read: {}", error.0);
                    return;
                }
            },
            // The hourly sweep tries again.
            Err(error) => {
                Metrics::count(&self.metrics.store_errors);
                tracing::warn!(room = %cell.id, "not removed (the hourly sweep tries again): {}", error.0);
                return;
            }
        }
        // Whoever still holds the room cannot store it again (which would bring it back
        // beside a new copy read from the store): it is gone.
        room.gone = true;
        room.alarm = Alarm::default();
        self.forget(cell);
    }

    /// A room no longer kept in memory, nor counted against its creator.
    fn forget(&self, cell: &Arc<RoomCell>) {
        let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        if rooms.get(&cell.id).is_some_and(|kept| Arc::ptr_eq(kept, cell)) {
            rooms.remove(&cell.id);
        }
        drop(rooms);
        self.finished(&cell.id);
    }

    /// Stores the room as it now is, and only then tells its watchers. A room the store
    /// refuses is put back as it was; one another instance changed first is read again, and
    /// the change is refused as made on an old position.
    async fn commit(&self, cell: &Arc<RoomCell>, room: &mut Room) -> Result<(), Reply> {
        room.version += 1;
        room.updated = self.clock.now_ms();
        let row = room.row(&cell.id);
        // What the lobby shows changes with a seek, and with a game begun or ended.
        let lobby_news = (room.stored.seek_until, room.stored.playing) != (row.seek_until, row.playing);
        // The change that ends a game in play keeps the game among its players' games, with
        // the ratings it changes, in the same write.
        let written = match room.kept_game(&cell.id, room.updated).filter(|_| room.stored.playing) {
            Some(game) => {
                let rate = game.rated.then(|| room.rate(&game)).flatten();
                let finished = self.store.finish(Finish { room: row, game }, rate).await;
                finished.map(|finished| finished.map(|finished| finished.room))
            }
            None => self.store.save(row.clone()).await.map(|saved| saved.then_some(row)),
        };
        match written {
            Ok(Some(row)) => {
                if row.extra != room.stored.extra
                    && let Ok(extra) = serde_json::from_str(&row.extra)
                {
                    room.extra = extra;
                }
                room.stored = row;
            }
            Ok(None) => {
                if let Ok(Some(stored)) = self.store.load(&cell.id).await {
                    room.restore(&stored);
                    self.arm(cell, room);
                    room.broadcast(&cell.id, self.clock.now_ms());
                }
                return Err(Reply::error(ErrorCode::Stale, "the game has changed since; its state follows"));
            }
            Err(error) => {
                Metrics::count(&self.metrics.store_errors);
                tracing::error!(room = %cell.id, "not stored; the change is undone: {}", error.0);
                room.restore(&room.stored.clone());
                return Err(Reply::error(
                    ErrorCode::Storage,
                    "the game could not be stored; nothing changed",
                ));
            }
        }
        if room.table.over() {
            tracing::info!(room = %cell.id, game = room.table.game().slug(), turns = room.table.turns(), "the game is over");
            self.finished(&cell.id);
        }
        self.arm(cell, room);
        room.broadcast(&cell.id, self.clock.now_ms());
        if lobby_news {
            self.lobby_changed().await;
        }
        Ok(())
    }

    /// Tells the other instances which seats of a room have a device here.
    async fn tell_presence(&self, id: &str, here: [bool; 2]) {
        let [first, second] = here.map(u8::from);
        let _ = self.store.tell_presence(&format!("{id} {} {first} {second}", self.instance)).await;
    }

    /// Another instance's presence in a room, or its request that this one tell its own.
    pub async fn heard_presence(&self, payload: &str) {
        if payload == LOBBY_NEWS {
            self.refresh_lobby();
            return;
        }
        if let [PLAYERS_NEWS, instance, count] = payload.split(' ').collect::<Vec<_>>()[..] {
            if let (Ok(count), false) = (count.parse(), instance == self.instance) {
                let now = self.clock.now_ms();
                let before = self
                    .players_elsewhere
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(instance.to_owned(), (count, now));
                if before.map(|(was, _)| was) != Some(count) {
                    self.refresh_lobby();
                }
            }
            return;
        }
        let words: Vec<&str> = payload.split(' ').collect();
        let (&[id, instance, ..], false) = (words.as_slice(), words.get(1) == Some(&self.instance.as_str()))
        else {
            return;
        };
        let Some(cell) = self.rooms.lock().unwrap_or_else(|e| e.into_inner()).get(id).cloned() else {
            return;
        };
        let mut room = self.lock(&cell).await;
        match words[2..] {
            ["?"] => {
                let here = room.here();
                drop(room);
                self.tell_presence(id, here).await;
            }
            [first, second] => {
                let before = room.online();
                room.elsewhere.insert(instance.to_owned(), [first == "1", second == "1"]);
                room.elsewhere.retain(|_, seats| seats.iter().any(|&s| s));
                // Only a seat's coming or going elsewhere is news here.
                if room.online() != before {
                    let now = self.clock.now_ms();
                    room.note_presence(now);
                    room.broadcast(id, now);
                }
            }
            _ => {}
        }
    }

    /// Another instance changed a room (or this one did): watchers here see the stored game.
    /// `payload` is `<room> <version>`: a version already here (this instance's own change)
    /// is not read again.
    pub async fn refresh(&self, payload: &str) {
        let (id, version) = payload.split_once(' ').unwrap_or((payload, ""));
        let Some(cell) = self.rooms.lock().unwrap_or_else(|e| e.into_inner()).get(id).cloned() else {
            return;
        };
        let mut room = self.lock(&cell).await;
        if room.gone {
            return;
        }
        if version.parse::<u64>().is_ok_and(|version| version <= room.version) {
            return;
        }
        if let Ok(Some(stored)) = self.store.load(id).await
            && stored.version > room.version
        {
            room.restore(&stored);
            self.arm(&cell, &mut room);
            room.broadcast(id, self.clock.now_ms());
        }
    }

    /// Reads every room in memory again, and asks the other instances for their presence:
    /// after this instance could not hear them a while.
    pub async fn resync(&self) {
        let ids: Vec<String> = self.rooms.lock().unwrap_or_else(|e| e.into_inner()).keys().cloned().collect();
        for id in ids {
            self.refresh(&id).await;
            let cell = self.rooms.lock().unwrap_or_else(|e| e.into_inner()).get(&id).cloned();
            if let Some(cell) = cell {
                let here = self.lock(&cell).await.here();
                self.tell_presence(&id, here).await;
            }
            let _ = self.store.tell_presence(&format!("{id} {} ?", self.instance)).await;
        }
    }

    /// A room no longer counts against its creator's limit.
    fn finished(&self, id: &str) {
        let mut created = self.created.lock().unwrap_or_else(|e| e.into_inner());
        for rooms in created.values_mut() {
            rooms.remove(id);
        }
        created.retain(|_, rooms| !rooms.is_empty());
    }

    fn game_and_rules(game: &str, rules: &str) -> Result<(GameId, Box<dyn Table>), Reply> {
        let id =
            GameId::from_slug(game).ok_or_else(|| Reply::error(ErrorCode::UnknownGame, "no such game"))?;
        let seed = u64::from_le_bytes(random_bytes());
        let table = table::open(id, rules, seed).map_err(|e| {
            Reply::error(ErrorCode::BadRules, format!("these rules cannot start a game: {e:?}"))
        })?;
        Ok((id, table))
    }

    fn time_control(time: &str) -> Result<TimeControl, Reply> {
        TimeControl::parse(time).map_err(|e| Reply::error(ErrorCode::BadTimeControl, e.0))
    }

    /// A new room with its seats given to `seated`: each is told its seat and token, then
    /// everyone the room's state.
    /// A seated device other than the one asking (a quick match's waiter) learns its room
    /// before anything of it: a turn it sends on hearing the room then finds its connection in
    /// the room.
    async fn open_room(
        &self,
        asking: Option<&Client>,
        table: Box<dyn Table>,
        seated: &[(&Client, Player)],
        extra: Extra,
    ) -> Result<Arc<RoomCell>, Reply> {
        let mut seats = [None, None];
        let mut tokens = Vec::new();
        for (_, player) in seated {
            let token = new_token();
            seats[index(*player)] = Some(hashed(&token));
            tokens.push(token);
        }
        let cell = self.new_room(table, seats, extra);
        let id = cell.id.clone();
        let here = {
            let mut room = self.lock(&cell).await;
            let game = room.table.game();
            for ((client, player), token) in seated.iter().zip(tokens) {
                if asking.is_none_or(|asking| client.id != asking.id) {
                    client.outbox.send(Push::Seated { room: cell.clone(), seat: *player });
                }
                tell(client, Self::seat_frame(&id, game, Some(*player), Some(token)));
                room.watchers.push(Watcher {
                    client: client.id,
                    seat: Some(*player),
                    outbox: client.outbox.clone(),
                });
            }
            room.note_presence(self.clock.now_ms());
            if let Err(error) = self.commit(&cell, &mut room).await {
                // Never stored: a waiter already told of it finds it gone.
                room.gone = true;
                return Err(error);
            }
            room.here()
        };
        self.tell_presence(&id, here).await;
        tracing::debug!(room = %id, "a room opened");
        self.rooms.lock().unwrap_or_else(|e| e.into_inner()).insert(id, cell.clone());
        Ok(cell)
    }

    /// A room not yet stored, with no one in it.
    fn new_room(&self, table: Box<dyn Table>, seats: [Option<String>; 2], extra: Extra) -> Arc<RoomCell> {
        Arc::new(RoomCell {
            id: new_id(ROOM_ID_LENGTH),
            room: tokio::sync::Mutex::new(Room {
                table,
                seats,
                offer: None,
                version: 0,
                updated: 0,
                watchers: Vec::new(),
                elsewhere: HashMap::new(),
                stored: RoomRow::default(),
                alarm: Alarm::default(),
                gone: false,
                changing: false,
                extra,
                away_since: [None; 2],
                chatted: [0; 2],
            }),
        })
    }

    /// The room's settings: its clock starts now, its rules are listed as anyone may see them.
    fn extra(&self, table: &dyn Table, control: TimeControl, strangers: bool) -> Extra {
        Extra {
            clock: GameClock::new(control, self.clock.now_ms()),
            strangers,
            rules: table.rules(),
            ..Extra::default()
        }
    }

    fn seat_frame(room: &str, game: GameId, seat: Option<Player>, token: Option<String>) -> Reply {
        Reply::Seat { room: room.to_owned(), game: game.slug().to_owned(), seat: Seat::of(seat), token }
    }

    /// Refused when `address` has as many unfinished rooms as it may.
    fn may_open(&self, address: IpAddr) -> Result<(), Reply> {
        let created = self.created.lock().unwrap_or_else(|e| e.into_inner());
        if created.get(&address).map_or(0, HashSet::len) >= self.limits.rooms_per_address {
            self.metrics.refused(Refusal::TooManyRooms);
            return Err(Reply::error(
                ErrorCode::TooManyRooms,
                format!("at most {} unfinished rooms per address", self.limits.rooms_per_address),
            ));
        }
        Ok(())
    }

    /// The room counts against its players' addresses until it is finished.
    fn opened(&self, id: &str, players: &[&Client]) {
        let mut created = self.created.lock().unwrap_or_else(|e| e.into_inner());
        for client in players {
            created.entry(client.address).or_default().insert(id.to_owned());
        }
    }

    /// A player's rating in a game and speed: a first rated game's if they have none, and
    /// none when the store cannot say.
    async fn rating(&self, player: &str, game: GameId, speed: Speed) -> Option<Rating> {
        match self.store.players().ratings(player).await {
            Ok(rows) => {
                Some(rows.into_iter().find(|r| r.game == game.slug() && r.speed == speed.slug()).map_or(
                    Rating::NEW,
                    |r| Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility },
                ))
            }
            Err(error) => {
                Metrics::count(&self.metrics.store_errors);
                tracing::warn!("a rating could not be read: {}", error.0);
                None
            }
        }
    }

    /// Who a player is at a seat of `game` at `speed` (none untimed): their name, and their
    /// rating there as they sit down.
    async fn seat_player(
        &self,
        id: &str,
        name: Option<String>,
        game: GameId,
        speed: Option<Speed>,
    ) -> SeatPlayer {
        let rating = match speed {
            Some(speed) => self.rating(id, game, speed).await,
            None => None,
        };
        SeatPlayer {
            id: id.to_owned(),
            name,
            rating: rating.map(|r| r.rating.round() as i64),
            provisional: rating.is_some_and(|r| r.provisional()),
        }
    }

    /// [`Hub::seat_player`] for a device: none before it has said hello.
    async fn seat_player_of(
        &self,
        client: &Client,
        game: GameId,
        speed: Option<Speed>,
    ) -> Option<SeatPlayer> {
        let player = client.player.as_ref()?;
        Some(self.seat_player(&player.id, player.name.clone(), game, speed).await)
    }

    /// A new room of `game` under `rules` and the time control `time`; `client` takes the
    /// first seat. A seek (`seek`) is listed in the lobby until someone takes the other. It is
    /// `rated` only if timed and the device has a player.
    pub async fn create(
        &self,
        client: &Client,
        game: &str,
        rules: &str,
        time: &str,
        seek: bool,
        rated: bool,
    ) -> Result<Taken, Reply> {
        let (game, table) = Self::game_and_rules(game, rules)?;
        let control = Self::time_control(time)?;
        self.may_open(client.address)?;
        let mut extra = self.extra(&*table, control, seek);
        if seek {
            extra.seek_until = Some(self.clock.now_ms().saturating_add(SEEK_MS));
        }
        extra.players[0] = self.seat_player_of(client, game, extra.speed()).await;
        extra.rated = rated && extra.speed().is_some() && extra.players[0].is_some();
        let cell = self.open_room(Some(client), table, &[(client, Player::First)], extra).await?;
        self.opened(&cell.id, &[client]);
        Ok(Taken { room: cell, seat: Some(Player::First) })
    }

    /// Pairs `client` with a player waiting for the same game, rules, time control and rated
    /// or not, or queues it: `None` while it waits (the waiter learns its room from a
    /// [`Push::Seated`]). A casual game pairs with the longest waiting; a rated one with the
    /// nearest rating in range (see [`Hub::pair_waiting`]), never the same player.
    pub async fn quick(
        &self,
        client: &Client,
        game: &str,
        rules: &str,
        time: &str,
        rated: bool,
    ) -> Result<Option<Taken>, Reply> {
        let (game, table) = Self::game_and_rules(game, rules)?;
        let control = Self::time_control(time)?;
        // A room quick match opens counts against both players, as one they created would.
        self.may_open(client.address)?;
        let speed = Speed::of(control);
        let player = self.seat_player_of(client, game, speed).await;
        let rated = rated && speed.is_some() && player.is_some();
        let now = self.clock.now_ms();
        let me = Waiter { client: client.clone(), player, since: now };
        let key = (game, table.rules(), control.text(), rated);
        let partner = {
            let mut queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
            let waiting = queue.entry(key.clone()).or_default();
            waiting.retain(|w| w.client.id != client.id && !w.client.outbox.is_closed());
            let nearest = waiting
                .iter()
                .enumerate()
                .filter(|(_, w)| !rated || may_pair(w, &me, now))
                .min_by_key(|(_, w)| if rated { (w.rating() - me.rating()).abs() } else { 0 })
                .map(|(at, _)| at);
            match nearest {
                Some(at) => Some((waiting.remove(at), me)),
                None => {
                    waiting.push(me);
                    None
                }
            }
        };
        let Some((waiter, me)) = partner else {
            tell(client, Reply::Waiting { game: game.slug().to_owned(), rules: key.1, time: key.2 });
            return Ok(None);
        };
        self.pair(Some(client), [waiter, me], &key).await.map(Some)
    }

    /// Pairs rated waiters whose ranges have widened enough since they came: the closest
    /// ratings first. Run every few seconds.
    pub async fn pair_waiting(&self) {
        let now = self.clock.now_ms();
        let mut pairs = Vec::new();
        {
            let mut queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
            for (key, waiting) in queue.iter_mut().filter(|(key, _)| key.3) {
                waiting.retain(|w| !w.client.outbox.is_closed());
                loop {
                    let mut best: Option<(i64, usize, usize)> = None;
                    for a in 0..waiting.len() {
                        for b in a + 1..waiting.len() {
                            let gap = (waiting[a].rating() - waiting[b].rating()).abs();
                            if may_pair(&waiting[a], &waiting[b], now)
                                && best.is_none_or(|(least, ..)| gap < least)
                            {
                                best = Some((gap, a, b));
                            }
                        }
                    }
                    let Some((_, a, b)) = best else { break };
                    // The longer waiting plays first; `b` comes after `a`, so goes first.
                    let second = waiting.remove(b);
                    let first = waiting.remove(a);
                    pairs.push((key.clone(), [first, second]));
                }
            }
            queue.retain(|_, waiting| !waiting.is_empty());
        }
        for (key, pair) in pairs {
            // Each is told of its room, or why there is none.
            let _ = self.pair(None, pair, &key).await;
        }
    }

    /// A room for two waiters of a quick match, the first taking the first seat; `asking`
    /// (if one of them asked just now) hears of it in its answer, the others by a
    /// [`Push::Seated`]. Its answer is the second seat.
    async fn pair(&self, asking: Option<&Client>, pair: [Waiter; 2], key: &QueueKey) -> Result<Taken, Reply> {
        let (game, rules, time, rated) = key;
        let [first, second] = pair;
        let opened = async {
            let (_, table) = Self::game_and_rules(game.slug(), rules)?;
            let mut extra = self.extra(&*table, Self::time_control(time)?, true);
            extra.players = [first.player.clone(), second.player.clone()];
            extra.rated = *rated;
            let seated = [(&first.client, Player::First), (&second.client, Player::Second)];
            self.open_room(asking, table, &seated, extra).await
        };
        match opened.await {
            Ok(cell) => {
                self.opened(&cell.id, &[&first.client, &second.client]);
                Ok(Taken { room: cell, seat: Some(Player::Second) })
            }
            Err(error) => {
                for waiter in [&first, &second] {
                    if asking.is_none_or(|asking| asking.id != waiter.client.id) {
                        tell(&waiter.client, error.clone());
                    }
                }
                Err(error)
            }
        }
    }

    /// The room of this id, from memory or the store.
    async fn room(&self, id: &str) -> Option<Arc<RoomCell>> {
        if let Some(cell) = self.rooms.lock().unwrap_or_else(|e| e.into_inner()).get(id) {
            return Some(cell.clone());
        }
        let row = self.store.load(id).await.ok()??;
        let room = Room::from_row(&row)?;
        Metrics::count(&self.metrics.rooms_loaded);
        let cell = Arc::new(RoomCell { id: id.to_owned(), room: tokio::sync::Mutex::new(room) });
        let cell =
            self.rooms.lock().unwrap_or_else(|e| e.into_inner()).entry(id.to_owned()).or_insert(cell).clone();
        {
            let mut room = self.lock(&cell).await;
            room.note_presence(self.clock.now_ms());
            self.arm(&cell, &mut room);
        }
        // Devices at other instances: they say which seats they hold.
        let _ = self.store.tell_presence(&format!("{id} {} ?", self.instance)).await;
        Some(cell)
    }

    /// Enters a room: the seat `token` holds, else a free seat with a new token, else watching.
    pub async fn join(&self, client: &Client, id: &str, token: Option<&str>) -> Result<Taken, Reply> {
        self.enter(client, id, token, false).await
    }

    /// Takes the free seat of a seek in the lobby: the game begins for both.
    pub async fn take(&self, client: &Client, id: &str) -> Result<Taken, Reply> {
        self.enter(client, id, None, true).await
    }

    /// [`Hub::join`], or with `seek` [`Hub::take`]: only a seek's free seat, and not by its maker.
    async fn enter(
        &self,
        client: &Client,
        id: &str,
        token: Option<&str>,
        seek: bool,
    ) -> Result<Taken, Reply> {
        let no_room = || {
            if seek {
                Reply::error(ErrorCode::NoSeek, "that seek was taken, withdrawn, or has expired")
            } else {
                Reply::error(ErrorCode::NoRoom, "no such room")
            }
        };
        if id.len() > 64 {
            return Err(no_room());
        }
        // A room that left memory just now is read again.
        let mut tries = 0;
        let cell = loop {
            let cell = self.room(id).await.ok_or_else(no_room)?;
            if !self.lock(&cell).await.gone {
                break cell;
            }
            self.forget(&cell);
            tries += 1;
            if tries == 3 {
                return Err(no_room());
            }
        };
        let mut room = self.lock(&cell).await;
        if room.gone {
            return Err(no_room());
        }
        let now = self.clock.now_ms();
        if seek {
            if room.watchers.iter().any(|w| w.client == client.id && w.seat.is_some()) {
                return Err(Reply::error(ErrorCode::OwnSeek, "your own seek waits for someone else"));
            }
            if room.extra.seek_until.is_none_or(|at| at <= now) || room.begun() || room.table.over() {
                return Err(no_room());
            }
        }
        let game = room.table.game();
        let held = token.map(hashed).and_then(|hash| {
            [Player::First, Player::Second]
                .into_iter()
                .find(|&p| room.seats[index(p)].as_ref() == Some(&hash))
        });
        let free = [Player::First, Player::Second].into_iter().find(|&p| room.seats[index(p)].is_none());
        let watcher = |seat| Watcher { client: client.id, seat, outbox: client.outbox.clone() };
        let before = room.here();
        // Joining the room it is in again: the device is watching once.
        room.watchers.retain(|w| w.client != client.id);
        let seat = match (held, free) {
            (Some(seat), _) => {
                tell(client, Self::seat_frame(id, game, Some(seat), None));
                room.watchers.push(watcher(Some(seat)));
                Some(seat)
            }
            (None, Some(free)) if !room.table.over() => {
                let token = new_token();
                room.seats[index(free)] = Some(hashed(&token));
                room.extra.players[index(free)] = self.seat_player_of(client, game, room.extra.speed()).await;
                // Rated between two players alone, and never one player's two devices.
                let [first, second] = &room.extra.players;
                let two = matches!((first, second), (Some(a), Some(b)) if a.id != b.id);
                room.extra.rated &= two;
                // A seek's taker hears of its seat only once it is sure: another instance may
                // take it first.
                let seat_frame = Self::seat_frame(id, game, Some(free), Some(token));
                if !seek {
                    room.watchers.push(watcher(Some(free)));
                    tell(client, seat_frame.clone());
                }
                // Both seats are taken: the game begins, and a seek leaves the lobby.
                room.extra.seek_until = None;
                room.extra.clock.begin_turn(now);
                room.note_presence(now);
                room.changing = true;
                let committed = self.commit(&cell, &mut room).await;
                room.changing = false;
                if let Err(error) = committed {
                    room.watchers.retain(|w| w.client != client.id);
                    return Err(if seek { no_room() } else { error });
                }
                if seek {
                    tell(client, seat_frame);
                    room.watchers.push(watcher(Some(free)));
                }
                Some(free)
            }
            _ => {
                tell(client, Self::seat_frame(id, game, None, None));
                room.watchers.push(watcher(None));
                None
            }
        };
        // A seat coming online is news for everyone; a spectator changes nothing the others
        // see, so it alone is sent the room (a crowd costs each arrival one frame, not one per
        // watcher).
        // A free seat taken was a change, stored and told to all already.
        let stored = held.is_none() && seat.is_some() && !seek;
        let here = room.here();
        if !stored && here != before {
            room.note_presence(now);
            room.broadcast(id, now);
        } else if !stored {
            tell(client, room.state(id, now));
        }
        drop(room);
        if here != before {
            self.tell_presence(id, here).await;
        }
        Ok(Taken { room: cell, seat })
    }

    /// A connection no longer waits for a quick match.
    pub fn unqueue(&self, client: &Client) {
        let mut queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        for waiting in queue.values_mut() {
            waiting.retain(|w| w.client.id != client.id);
        }
        queue.retain(|_, waiting| !waiting.is_empty());
    }

    /// A connection leaves a room: the others see a seat go (a spectator's going changes
    /// nothing they see). A seek whose maker leaves goes from the lobby, and a rematch offered
    /// lapses when a player leaves. A room nobody watches any more leaves memory: it is in the
    /// store, and is read from there when a device comes back.
    pub async fn leave(&self, client: &Client, cell: &Arc<RoomCell>) {
        let mut room = self.lock(cell).await;
        let before = room.here();
        room.watchers.retain(|w| w.client != client.id);
        let here = room.here();
        if here != before && !room.gone {
            let now = self.clock.now_ms();
            room.note_presence(now);
            let seek_left = room.extra.seek_until.is_some() && !room.online()[0];
            let rematch_lapsed =
                matches!(room.offer, Some((Offer::Rematch, _))) && room.online() != [true, true];
            if seek_left || rematch_lapsed {
                if seek_left {
                    room.extra.seek_until = None;
                }
                if rematch_lapsed {
                    room.offer = None;
                }
                self.store_change(cell, &mut room).await;
            } else {
                room.broadcast(&cell.id, now);
            }
        }
        let unwatched = room.watchers.is_empty() && !room.gone;
        if unwatched {
            // Whoever took the room from memory meanwhile reads it again (see `join`).
            room.gone = true;
            room.alarm = Alarm::default();
        }
        drop(room);
        if unwatched {
            let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
            if rooms.get(&cell.id).is_some_and(|kept| Arc::ptr_eq(kept, cell)) {
                rooms.remove(&cell.id);
                Metrics::count(&self.metrics.rooms_unloaded);
            }
        }
        if here != before {
            self.tell_presence(&cell.id, here).await;
        }
    }

    /// How many devices a room has (for tests and the crowd's cost).
    pub async fn watching(&self, cell: &RoomCell) -> usize {
        self.lock(cell).await.watchers.len()
    }

    /// A seat's turn, offer, answer, resignation, abort, claim or message. After the end, only
    /// a rematch (offered or answered) and the chat.
    pub async fn act(&self, cell: &Arc<RoomCell>, seat: Option<Player>, action: Action) -> Result<(), Reply> {
        let seat =
            seat.ok_or_else(|| Reply::error(ErrorCode::NotSeated, "only the players' devices may do this"))?;
        let mut room = self.lock(cell).await;
        if room.gone {
            return Err(Reply::error(ErrorCode::NoRoom, "this room was removed after a long time unplayed"));
        }
        let after_the_end = match action {
            Action::Offer(Offer::Rematch) | Action::Chat(_) => true,
            Action::Answer(_) => matches!(room.offer, Some((Offer::Rematch, _))),
            _ => false,
        };
        if room.table.over() && !after_the_end {
            return Err(refused(Refused::Over));
        }
        // Set until the change is stored or refused: a task that ends between leaves it set.
        room.changing = true;
        let result = self.change(cell, &mut room, seat, action).await;
        room.changing = false;
        result
    }

    async fn change(
        &self,
        cell: &Arc<RoomCell>,
        room: &mut Room,
        seat: Player,
        action: Action,
    ) -> Result<(), Reply> {
        let now = self.clock.now_ms();
        let (to_move, turns) = (room.table.to_move(), room.table.turns());
        let was_over = room.table.over();
        match action {
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
                let mut clock = room.extra.clock.clone();
                if clock.moved(seat, turns, now, round_trip_ms).is_err() {
                    // Its time ran out before the move came (the alarm had not yet rung).
                    let at = room.extra.clock.flag_at(seat, turns).unwrap_or(now);
                    room.extra.clock.flagged(seat, at);
                    room.table.conclude(Conclusion::TimeForfeit(seat)).map_err(refused)?;
                    room.offer = None;
                    self.commit(cell, room).await?;
                    return Err(Reply::error(ErrorCode::GameOver, "your time ran out before the move came"));
                }
                // The tests' fault: the turn played, then a panic before it is stored.
                #[cfg(feature = "fault-injection")]
                if let Some(turn) = turn.strip_suffix("!panic") {
                    room.table.play(turn).map_err(refused)?;
                    panic!("the fault a test injected");
                }
                room.table.play(&turn).map_err(refused)?;
                room.extra.clock = clock;
                room.offer = None;
            }
            Action::Offer(Offer::Rematch) if !was_over => {
                return Err(Reply::error(ErrorCode::NotOver, "a rematch comes after the end"));
            }
            Action::Offer(what) => match room.offer {
                // Both offer the same: agreed.
                Some((standing, by)) if standing == what && by != seat => {
                    self.agree(room, what, by, now).await?
                }
                _ => {
                    if what == Offer::Takeback && !has_turn(&*room.table, seat) {
                        return Err(Reply::error(ErrorCode::CannotTakeBack, "you have no turn to take back"));
                    }
                    if what == Offer::Rematch && room.extra.next.is_some() {
                        return Err(Reply::error(ErrorCode::GameOver, "the rematch has begun"));
                    }
                    room.offer = Some((what, seat));
                }
            },
            Action::Answer(accept) => match room.offer {
                Some((what, by)) if by != seat => {
                    room.offer = None;
                    if accept {
                        self.agree(room, what, by, now).await?;
                    }
                }
                _ => return Err(Reply::error(ErrorCode::NoOffer, "no offer from the other side stands")),
            },
            Action::Resign => {
                room.table.conclude(Conclusion::Resigned(seat)).map_err(refused)?;
                room.offer = None;
            }
            Action::Abort => {
                if turns >= 2 {
                    return Err(Reply::error(ErrorCode::CannotAbort, "both players have moved"));
                }
                room.table.conclude(Conclusion::Aborted).map_err(refused)?;
                room.offer = None;
            }
            Action::Claim(what) => {
                if room.claim_at(now).is_none_or(|at| at > now) || to_move == seat {
                    return Err(Reply::error(
                        ErrorCode::CannotClaim,
                        "only while the other player has been away on their own turn long enough",
                    ));
                }
                let conclusion = match what {
                    Claim::Win => Conclusion::Abandoned(to_move),
                    Claim::Draw => Conclusion::DrawClaimed,
                };
                room.table.conclude(conclusion).map_err(refused)?;
                room.offer = None;
            }
            Action::Chat(preset) => {
                if !PRESETS.contains(&preset.as_str()) {
                    return Err(Reply::error(ErrorCode::UnknownPreset, "not one of the preset messages"));
                }
                if now.saturating_sub(room.chatted[index(seat)]) < CHAT_EVERY_MS {
                    return Err(Reply::error(ErrorCode::RateLimited, "one message a second"));
                }
                room.chatted[index(seat)] = now;
                room.extra.chat.push((seat, preset));
                let excess = room.extra.chat.len().saturating_sub(CHAT_LINES);
                room.extra.chat.drain(..excess);
            }
        }
        // A game that ended now stops its clocks as they are.
        if room.table.over() && !was_over {
            room.extra.clock.stop(to_move, turns, now);
        }
        self.commit(cell, room).await
    }

    /// The offer of `by` agreed: a draw, `by`'s last turn taken back (with the reply to it),
    /// or a rematch begun. A takeback the rules refuse leaves the room as it was stored.
    async fn agree(&self, room: &mut Room, what: Offer, by: Player, now: u64) -> Result<(), Reply> {
        room.offer = None;
        match what {
            Offer::Draw => room.table.conclude(Conclusion::DrawAgreed).map_err(refused),
            Offer::Rematch => {
                let id = self.rematch(room).await?;
                room.extra.next = Some(id);
                Ok(())
            }
            Offer::Takeback => {
                let (to_move, turns) = (room.table.to_move(), room.table.turns());
                // The other side has replied: that goes too.
                let back = if to_move == by { 2 } else { 1 };
                if (0..back).all(|_| room.table.take_back()) {
                    room.extra.clock.taken_back(to_move, turns, room.table.turns(), now);
                    return Ok(());
                }
                room.restore(&room.stored.clone());
                Err(Reply::error(
                    ErrorCode::CannotTakeBack,
                    "the rules keep that turn: it revealed a hidden piece",
                ))
            }
        }
    }

    /// A new room for a rematch of `room`: the same game, rules and time control, the seats
    /// swapped (each token holds the other seat there), stored before anyone hears of it.
    async fn rematch(&self, room: &Room) -> Result<String, Reply> {
        let game = room.table.game();
        let (_, table) = Self::game_and_rules(game.slug(), &room.table.rules())?;
        let mut extra = self.extra(&*table, room.extra.clock.control(), room.extra.strangers);
        // The players swap seats, each at their rating now.
        for (seat, player) in room.extra.players.iter().rev().enumerate() {
            if let Some(player) = player {
                let seated = self.seat_player(&player.id, player.name.clone(), game, extra.speed()).await;
                extra.players[seat] = Some(seated);
            }
        }
        extra.rated = room.extra.rated;
        let [first, second] = room.seats.clone();
        let cell = self.new_room(table, [second, first], extra);
        {
            let mut new = self.lock(&cell).await;
            new.note_presence(self.clock.now_ms());
            self.commit(&cell, &mut new).await?;
        }
        let id = cell.id.clone();
        self.rooms.lock().unwrap_or_else(|e| e.into_inner()).insert(id.clone(), cell);
        Ok(id)
    }

    /// A connection follows the lobby (a frame now and after every change), or stops.
    pub async fn follow_lobby(&self, client: &Client, follow: bool) {
        {
            let mut lobby = self.lobby.lock().unwrap_or_else(|e| e.into_inner());
            lobby.retain(|c| c.id != client.id && !c.outbox.is_closed());
            if follow {
                lobby.push(client.clone());
            }
        }
        if follow && let Some(frame) = self.lobby_frame().await {
            client.outbox.send(Push::Frame(frame));
        }
    }

    /// What the lobby shows now, as its frame; `None` when the store cannot say.
    async fn lobby_frame(&self) -> Option<Arc<str>> {
        let now = self.clock.now_ms();
        let rows = match self.store.lobby(now, now.saturating_sub(PLAYING_WITHIN_MS), LOBBY_SEEKS).await {
            Ok(rows) => rows,
            Err(error) => {
                Metrics::count(&self.metrics.store_errors);
                tracing::warn!("the lobby could not be read: {}", error.0);
                return None;
            }
        };
        let listed = |rooms: Vec<(String, String, String)>| {
            rooms
                .into_iter()
                .filter_map(|(room, game, extra)| {
                    let extra: Extra = serde_json::from_str(&extra).ok()?;
                    let time = extra.clock.control().text();
                    let [player, _] = extra.players;
                    Some(RoomInfo { room, game, rules: extra.rules, time, player, rated: extra.rated })
                })
                .collect()
        };
        let (seeks, playing) = (listed(rows.seeks), listed(rows.games));
        let lobby = Reply::Lobby { seeks, playing, games: rows.playing, players: self.players_online() };
        Some(lobby.to_text().into())
    }

    /// The WebSockets this instance holds, and those the other instances said they hold lately.
    fn players_online(&self) -> u64 {
        let now = self.clock.now_ms();
        let mut elsewhere = self.players_elsewhere.lock().unwrap_or_else(|e| e.into_inner());
        elsewhere.retain(|_, (_, heard)| now.saturating_sub(*heard) < PLAYERS_HEARD_MS);
        let others: u64 = elsewhere.values().map(|(count, _)| count).sum();
        self.metrics.websockets.load(Ordering::Relaxed) + others
    }

    /// Tells the other instances how many players this one holds.
    pub async fn tell_players(&self) {
        let count = self.metrics.websockets.load(Ordering::Relaxed);
        let _ = self.store.tell_presence(&format!("{PLAYERS_NEWS} {} {count}", self.instance)).await;
    }

    /// The lobby changed here: the followers here and at the other instances hear of it.
    async fn lobby_changed(&self) {
        self.refresh_lobby();
        let _ = self.store.tell_presence(LOBBY_NEWS).await;
    }

    /// Sends the followers the lobby soon: changes meanwhile go in the same frame.
    fn refresh_lobby(&self) {
        if self.lobby.lock().unwrap_or_else(|e| e.into_inner()).is_empty()
            || self.lobby_due.swap(true, Ordering::AcqRel)
        {
            return;
        }
        let hub = self.me.clone();
        tokio::spawn(async move {
            tokio::time::sleep(LOBBY_PAUSE).await;
            let Some(hub) = hub.upgrade() else { return };
            hub.lobby_due.store(false, Ordering::Release);
            let Some(frame) = hub.lobby_frame().await else { return };
            let mut lobby = hub.lobby.lock().unwrap_or_else(|e| e.into_inner());
            lobby.retain(|client| client.outbox.send(Push::Frame(frame.clone())));
        });
    }

    /// Rooms in memory now.
    pub fn rooms_in_memory(&self) -> usize {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Whether the store answers, and hears the other instances where there are any.
    pub fn store_healthy(&self) -> bool {
        self.store.healthy()
    }

    /// The state of a room, to one connection (after a stale turn, say).
    pub async fn state_of(&self, cell: &RoomCell) -> Reply {
        self.lock(cell).await.state(&cell.id, self.clock.now_ms())
    }

    /// Removes the rooms idle for longer than the limit (the hourly sweep). A room in memory
    /// goes under its own lock, as its alarm would take it, so a turn being stored meanwhile
    /// is never lost nor the room forked; any other goes from the store at the version listed,
    /// so one changed since the listing stays.
    pub async fn remove_idle(&self) {
        const BATCH: usize = 1000;
        let now = self.clock.now_ms();
        let before = now.saturating_sub(self.limits.idle_ms());
        loop {
            let idle = match self.store.idle(before, BATCH).await {
                Ok(idle) => idle,
                Err(error) => {
                    Metrics::count(&self.metrics.store_errors);
                    tracing::warn!("the idle sweep could not list rooms: {}", error.0);
                    return;
                }
            };
            let mut kept = 0;
            for (id, version) in &idle {
                let held = self.rooms.lock().unwrap_or_else(|e| e.into_inner()).get(id).cloned();
                match held {
                    Some(cell) => {
                        let mut room = self.lock(&cell).await;
                        if !room.gone && room.idle_at(&self.limits) <= now {
                            self.remove_idle_room(&cell, &mut room).await;
                        } else {
                            kept += 1;
                        }
                    }
                    None => {
                        if matches!(self.store.remove(id, *version).await, Ok(true)) {
                            self.finished(id);
                        } else {
                            kept += 1;
                        }
                    }
                }
            }
            // A batch that removed nothing would be listed again: the next sweep tries.
            if idle.len() < BATCH || kept == idle.len() {
                return;
            }
        }
    }
}

/// What a seat asks of its room.
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
    Chat(String),
}

/// Whether `seat` has played a turn that could be taken back.
fn has_turn(table: &dyn Table, seat: Player) -> bool {
    // The first player has played once the first turn is made; the second after the second.
    table.turns() > usize::from(seat == Player::Second)
}
