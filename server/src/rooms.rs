//! The rooms: their games, seats and offers, the quick-match queue, and who is watching. Every
//! change is stored before anyone hears of it, so a restart loses nothing anyone saw.

use crate::clock::Clock;
use crate::metrics::{Metrics, Refusal};
use crate::protocol::{ErrorCode, Offer, OfferState, Reply, Seat};
use crate::store::{RoomRow, Store};
use crate::table::{self, Refused, Table};
use board_suite::games::GameId;
use board_suite::rules::{Conclusion, Player};
use rand::TryRngCore;
use rand::rngs::OsRng;
use sha2::{Digest, Sha256};
use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, Weak};
use tokio::sync::Notify;
use tokio::sync::mpsc::{self, error::TrySendError};
use tokio::task::AbortHandle;

/// What a connection is handed from outside its own requests.
pub enum Push {
    Frame(Arc<str>),
    /// A quick match paired this connection: its room and seat (its seat frame came before).
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
}

impl Outbox {
    /// A queue of `frames`, and its reader.
    pub fn new(frames: usize) -> (Outbox, mpsc::Receiver<Push>) {
        let (queue, pushed) = mpsc::channel(frames.max(1));
        (Outbox { queue, overflow: Arc::new(Notify::new()) }, pushed)
    }

    /// Queues `push`; `false` when the connection has ended or is too far behind to keep.
    pub fn send(&self, push: Push) -> bool {
        match self.queue.try_send(push) {
            Ok(()) => true,
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
}

/// A connection as the rooms know it.
#[derive(Clone)]
pub struct Client {
    pub id: u64,
    pub address: IpAddr,
    pub outbox: Outbox,
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
}

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
    /// Who waits for a quick match, by game and rules.
    queue: Mutex<HashMap<(GameId, String), Client>>,
    /// The unfinished rooms each address created.
    created: Mutex<HashMap<IpAddr, HashSet<String>>>,
    store: Arc<dyn Store>,
    pub limits: Limits,
    pub clock: Clock,
    /// This instance's name among those sharing a store.
    instance: String,
    pub metrics: Arc<Metrics>,
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

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0; N];
    // The operating system's generator does not fail on the systems this server runs on; if it
    // did, nothing could be kept secret, so the server stops.
    OsRng.try_fill_bytes(&mut bytes).expect("the operating system's random numbers");
    bytes
}

/// A seat's secret: 128 random bits, as hex.
fn new_token() -> String {
    random_bytes::<16>().iter().map(|b| format!("{b:02x}")).collect()
}

fn hashed(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// A room's name for links: ten letters and digits that cannot be mistaken for one another.
fn new_room_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    random_bytes::<10>().iter().map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()])).collect()
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
    fn state(&self, id: &str) -> Reply {
        Reply::State {
            room: id.to_owned(),
            game: self.table.game().slug().to_owned(),
            version: self.version,
            record: self.table.public_record(),
            turns: self.table.turns(),
            to_move: Seat::of(Some(self.table.to_move())),
            over: self.table.over(),
            termination: self.table.termination(),
            offer: self.offer.map(|(what, by)| OfferState { what, by: Seat::of(Some(by)) }),
            online: [Player::First, Player::Second].map(|player| {
                self.here()[index(player)] || self.elsewhere.values().any(|seats| seats[index(player)])
            }),
            time: "untimed".into(),
            clocks: None,
            running: None,
            abort_in: None,
            claim_in: None,
            chat: Vec::new(),
            next: None,
        }
    }

    /// The seats with a device connected to this instance.
    fn here(&self) -> [bool; 2] {
        [Player::First, Player::Second].map(|player| self.watchers.iter().any(|w| w.seat == Some(player)))
    }

    fn row(&self, id: &str) -> RoomRow {
        RoomRow {
            id: id.to_owned(),
            game: self.table.game().slug().to_owned(),
            record: self.table.full_record(),
            seats: self.seats.clone(),
            offer: offer_text(self.offer),
            version: self.version,
            updated: self.updated,
        }
    }

    /// Tells every watcher the room's state.
    fn broadcast(&mut self, id: &str) {
        let frame: Arc<str> = self.state(id).to_text().into();
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
            *self = Room { watchers, elsewhere, alarm, ..restored };
        }
    }

    /// When the room next has something to do: today, when it will have been idle too long.
    fn deadline(&self, limits: &Limits) -> Option<u64> {
        Some(self.updated.saturating_add(limits.idle_ms()))
    }

    fn from_row(row: &RoomRow) -> Option<Room> {
        let game = GameId::from_slug(&row.game)?;
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
        })
    }
}

impl Hub {
    pub fn new(store: Arc<dyn Store>, limits: Limits, clock: Clock) -> Arc<Hub> {
        Arc::new_cyclic(|me| Hub {
            me: me.clone(),
            rooms: Mutex::default(),
            queue: Mutex::default(),
            created: Mutex::default(),
            store,
            limits,
            clock,
            instance: new_room_id(),
            metrics: Arc::default(),
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
    async fn wake(&self, cell: &Arc<RoomCell>) {
        let mut room = self.lock(cell).await;
        // This task is the alarm: it lets go of itself rather than end itself.
        room.alarm.task = None;
        room.alarm.at = None;
        if room.deadline(&self.limits).is_some_and(|at| at <= self.clock.now_ms()) {
            self.remove_idle_room(cell, &mut room).await;
            return;
        }
        self.arm(cell, &mut room);
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
                    room.broadcast(&cell.id);
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
        match self.store.save(row.clone()).await {
            Ok(true) => room.stored = row,
            Ok(false) => {
                if let Ok(Some(stored)) = self.store.load(&cell.id).await {
                    room.restore(&stored);
                    self.arm(cell, room);
                    room.broadcast(&cell.id);
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
        room.broadcast(&cell.id);
        Ok(())
    }

    /// Tells the other instances which seats of a room have a device here.
    async fn tell_presence(&self, id: &str, here: [bool; 2]) {
        let [first, second] = here.map(u8::from);
        let _ = self.store.tell_presence(&format!("{id} {} {first} {second}", self.instance)).await;
    }

    /// Another instance's presence in a room, or its request that this one tell its own.
    pub async fn heard_presence(&self, payload: &str) {
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
                let before = room.state(id);
                room.elsewhere.insert(instance.to_owned(), [first == "1", second == "1"]);
                room.elsewhere.retain(|_, seats| seats.iter().any(|&s| s));
                // Only a seat's coming or going elsewhere is news here.
                if room.state(id) != before {
                    room.broadcast(id);
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
            room.broadcast(id);
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

    /// A new room with its seats given to `seated`: each is told its seat and token, then
    /// everyone the room's state.
    async fn open_room(
        &self,
        table: Box<dyn Table>,
        seated: &[(&Client, Player)],
    ) -> Result<Arc<RoomCell>, Reply> {
        let id = new_room_id();
        let game = table.game();
        let mut seats = [None, None];
        let mut watchers = Vec::new();
        for (client, player) in seated {
            let token = new_token();
            seats[index(*player)] = Some(hashed(&token));
            tell(client, Self::seat_frame(&id, game, Some(*player), Some(token)));
            watchers.push(Watcher { client: client.id, seat: Some(*player), outbox: client.outbox.clone() });
        }
        let cell = Arc::new(RoomCell {
            id: id.clone(),
            room: tokio::sync::Mutex::new(Room {
                table,
                seats,
                offer: None,
                version: 0,
                updated: 0,
                watchers,
                elsewhere: HashMap::new(),
                stored: RoomRow::default(),
                alarm: Alarm::default(),
                gone: false,
                changing: false,
            }),
        });
        let here = {
            let mut room = self.lock(&cell).await;
            self.commit(&cell, &mut room).await?;
            room.here()
        };
        self.tell_presence(&id, here).await;
        tracing::debug!(room = %id, game = game.slug(), "a room opened");
        self.rooms.lock().unwrap_or_else(|e| e.into_inner()).insert(id, cell.clone());
        Ok(cell)
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

    /// A new room of `game`; `client` takes the first seat.
    pub async fn create(&self, client: &Client, game: &str, rules: &str) -> Result<Taken, Reply> {
        let (_, table) = Self::game_and_rules(game, rules)?;
        self.may_open(client.address)?;
        let cell = self.open_room(table, &[(client, Player::First)]).await?;
        self.opened(&cell.id, &[client]);
        Ok(Taken { room: cell, seat: Some(Player::First) })
    }

    /// Pairs `client` with a player waiting for the same game and rules, or queues it: `None`
    /// while it waits (the waiter learns its room from a [`Push::Seated`]).
    pub async fn quick(&self, client: &Client, game: &str, rules: &str) -> Result<Option<Taken>, Reply> {
        let (game, table) = Self::game_and_rules(game, rules)?;
        // A room quick match opens counts against both players, as one they created would.
        self.may_open(client.address)?;
        let key = (game, table.rules());
        let waiting = {
            let mut queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
            match queue.remove(&key) {
                Some(waiter) if waiter.id != client.id && !waiter.outbox.is_closed() => Some(waiter),
                _ => {
                    queue.insert(key.clone(), client.clone());
                    None
                }
            }
        };
        let Some(waiter) = waiting else {
            tell(
                client,
                Reply::Waiting { game: game.slug().to_owned(), rules: key.1, time: "untimed".into() },
            );
            return Ok(None);
        };
        match self.open_room(table, &[(&waiter, Player::First), (client, Player::Second)]).await {
            Ok(cell) => {
                self.opened(&cell.id, &[&waiter, client]);
                waiter.outbox.send(Push::Seated { room: cell.clone(), seat: Player::First });
                Ok(Some(Taken { room: cell, seat: Some(Player::Second) }))
            }
            Err(error) => {
                tell(&waiter, error.clone());
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
            self.arm(&cell, &mut room);
        }
        // Devices at other instances: they say which seats they hold.
        let _ = self.store.tell_presence(&format!("{id} {} ?", self.instance)).await;
        Some(cell)
    }

    /// Enters a room: the seat `token` holds, else a free seat with a new token, else watching.
    pub async fn join(&self, client: &Client, id: &str, token: Option<&str>) -> Result<Taken, Reply> {
        let no_room = || Reply::error(ErrorCode::NoRoom, "no such room");
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
                room.watchers.push(watcher(Some(free)));
                tell(client, Self::seat_frame(id, game, Some(free), Some(token)));
                if let Err(error) = self.commit(&cell, &mut room).await {
                    room.watchers.retain(|w| w.client != client.id);
                    return Err(error);
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
        let stored = held.is_none() && seat.is_some();
        let here = room.here();
        if !stored && here != before {
            room.broadcast(id);
        } else if !stored {
            tell(client, room.state(id));
        }
        drop(room);
        if here != before {
            self.tell_presence(id, here).await;
        }
        Ok(Taken { room: cell, seat })
    }

    /// A connection no longer waits for a quick match.
    pub fn unqueue(&self, client: &Client) {
        self.queue.lock().unwrap_or_else(|e| e.into_inner()).retain(|_, waiter| waiter.id != client.id);
    }

    /// A connection leaves a room: the others see a seat go (a spectator's going changes
    /// nothing they see). A room nobody watches any more leaves memory: it is in the store,
    /// and is read from there when a device comes back.
    pub async fn leave(&self, client: &Client, cell: &RoomCell) {
        let mut room = self.lock(cell).await;
        let before = room.here();
        room.watchers.retain(|w| w.client != client.id);
        let here = room.here();
        if here != before {
            room.broadcast(&cell.id);
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
            if rooms.get(&cell.id).is_some_and(|kept| std::ptr::eq(Arc::as_ptr(kept), cell)) {
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

    /// A seat's turn, offer, answer or resignation.
    pub async fn act(&self, cell: &Arc<RoomCell>, seat: Option<Player>, action: Action) -> Result<(), Reply> {
        let seat =
            seat.ok_or_else(|| Reply::error(ErrorCode::NotSeated, "only the players' devices may do this"))?;
        let mut room = self.lock(cell).await;
        if room.gone {
            return Err(Reply::error(ErrorCode::NoRoom, "this room was removed after a long time unplayed"));
        }
        if room.table.over() {
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
        match action {
            Action::Move { turn, turns } => {
                if room.table.to_move() != seat {
                    return Err(Reply::error(ErrorCode::NotYourTurn, "it is the other side's turn"));
                }
                if turns != room.table.turns() {
                    return Err(Reply::error(
                        ErrorCode::Stale,
                        "the game has changed since; its state follows",
                    ));
                }
                // The tests' fault: the turn played, then a panic before it is stored.
                #[cfg(feature = "fault-injection")]
                if let Some(turn) = turn.strip_suffix("!panic") {
                    room.table.play(turn).map_err(refused)?;
                    panic!("the fault a test injected");
                }
                room.table.play(&turn).map_err(refused)?;
                room.offer = None;
            }
            Action::Offer(what) => match room.offer {
                // Both offer the same: agreed.
                Some((standing, by)) if standing == what && by != seat => agree(room, what, by)?,
                _ => {
                    if what == Offer::Takeback && !has_turn(&*room.table, seat) {
                        return Err(Reply::error(ErrorCode::CannotTakeBack, "you have no turn to take back"));
                    }
                    room.offer = Some((what, seat));
                }
            },
            Action::Answer(accept) => match room.offer {
                Some((what, by)) if by != seat => {
                    if accept {
                        agree(room, what, by)?;
                    }
                    room.offer = None;
                }
                _ => return Err(Reply::error(ErrorCode::NoOffer, "no offer from the other side stands")),
            },
            Action::Resign => {
                room.table.conclude(Conclusion::Resigned(seat)).map_err(refused)?;
                room.offer = None;
            }
        }
        self.commit(cell, room).await
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
        self.lock(cell).await.state(&cell.id)
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
                        if !room.gone && room.deadline(&self.limits).is_some_and(|at| at <= now) {
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
    Move { turn: String, turns: usize },
    Offer(Offer),
    Answer(bool),
    Resign,
}

/// Whether `seat` has played a turn that could be taken back.
fn has_turn(table: &dyn Table, seat: Player) -> bool {
    // The first player has played once the first turn is made; the second after the second.
    table.turns() > usize::from(seat == Player::Second)
}

/// The offer of `by` agreed: a draw, or `by`'s last turn taken back (with the reply to it).
/// A takeback the rules refuse leaves the room as it was stored.
fn agree(room: &mut Room, what: Offer, by: Player) -> Result<(), Reply> {
    room.offer = None;
    match what {
        Offer::Draw => room.table.conclude(Conclusion::DrawAgreed).map_err(refused),
        Offer::Rematch => Err(Reply::error(ErrorCode::NotOver, "the game is still being played")),
        Offer::Takeback => {
            // The other side has replied: that goes too.
            let turns = if room.table.to_move() == by { 2 } else { 1 };
            if (0..turns).all(|_| room.table.take_back()) {
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
