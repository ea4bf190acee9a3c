//! The rooms: each a [`room::Room`] without I/O, held by the hub, which locks it, stores every
//! change before anyone hears of it (so a restart loses nothing anyone saw), tells its devices,
//! and wakes it at its deadlines. Around them: the quick-match queue, the lobby, and what the
//! instances sharing a store tell each other.

mod challenges;
mod hub;
mod lobby;
mod outbox;
mod people;
mod presence;
mod queue;
mod room;
mod seating;

pub use lobby::PLAYERS_EVERY;
pub use outbox::{Client, Outbox, Push};
pub use queue::PAIRING_EVERY;
pub use room::Action;

use crate::clock::Clock;
use crate::metrics::Metrics;
use crate::players::WrongCodes;
use crate::secrets::{ROOM_ID_LENGTH, new_id};
use crate::store::{RoomRow, Store};
use board_suite::protocol::Reply;
use board_suite::rules::Player;
use lobby::Lobby;
use queue::Queue;
use room::{Room, Told};
use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, Weak};
use tokio::task::AbortHandle;

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
    queue: Mutex<Queue>,
    /// The unfinished rooms each address created.
    created: Mutex<HashMap<IpAddr, HashSet<String>>>,
    store: Arc<dyn Store>,
    pub limits: Limits,
    pub clock: Clock,
    /// This instance's name among those sharing a store.
    instance: String,
    pub metrics: Arc<Metrics>,
    lobby: Lobby,
    /// Wrong transfer codes, by address.
    pub wrong_codes: WrongCodes,
    /// Who is here, and who the other instances hold.
    people: people::People,
    /// The challenges open, made here or told by another instance.
    challenges: challenges::Open,
    /// The site's address, as the records of its games name it (the first public origin).
    pub site: std::sync::OnceLock<String>,
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
            instance: new_id(ROOM_ID_LENGTH),
            metrics: Arc::default(),
            lobby: Lobby::default(),
            wrong_codes: WrongCodes::default(),
            site: std::sync::OnceLock::new(),
            people: people::People::default(),
            challenges: challenges::Open::default(),
        })
    }

    /// The store the rooms and players are kept in.
    pub fn store(&self) -> &dyn Store {
        &*self.store
    }

    /// The room of this id held in memory.
    fn held(&self, id: &str) -> Option<Arc<RoomCell>> {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner()).get(id).cloned()
    }
}

pub struct RoomCell {
    pub id: String,
    room: tokio::sync::Mutex<Live>,
}

/// A room in memory: the room itself, and what the hub keeps beside it.
struct Live {
    room: Room,
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
    /// The room as its watchers last heard it: what the next change is told against.
    told: Told,
}

impl Live {
    fn new(room: Room, stored: RoomRow) -> Live {
        Live {
            told: room.told(),
            room,
            watchers: Vec::new(),
            elsewhere: HashMap::new(),
            stored,
            alarm: Alarm::default(),
            gone: false,
            changing: false,
        }
    }

    /// The seats with a device connected to this instance.
    fn here(&self) -> [bool; 2] {
        [Player::First, Player::Second].map(|player| self.watchers.iter().any(|w| w.seat == Some(player)))
    }

    /// Tells the room who is here or at another instance now; whether that changed.
    fn present(&mut self, now: u64) -> bool {
        let here = self.here();
        let online = [0, 1].map(|seat| here[seat] || self.elsewhere.values().any(|seats| seats[seat]));
        self.room.present(online, now)
    }

    /// Back to the room as last stored.
    fn restore_stored(&mut self) {
        let stored = self.stored.clone();
        self.room.restore(&stored);
    }

    /// Tells every watcher the room as of `now`: its change, to those who heard it as it was
    /// (all of them hear the same frame, made once), and the room whole to the others.
    fn broadcast(&mut self, id: &str, now: u64) {
        let room = &self.room;
        let change: Option<Arc<str>> = room.change(id, now, self.told).map(|frame| frame.to_text().into());
        let mut whole: Option<Arc<str>> = None;
        // A watcher whose connection has ended is dropped.
        self.watchers.retain_mut(|w| {
            let frame = match (&change, w.knows) {
                (Some(change), true) => change.clone(),
                _ => whole.get_or_insert_with(|| room.whole(id, now).to_text().into()).clone(),
            };
            w.knows = true;
            w.outbox.send(Push::Frame(frame))
        });
        self.told = self.room.told();
    }

    /// Tells one watcher the room whole (one that has just come, or asked).
    fn tell_whole(&mut self, client: u64, id: &str, now: u64) {
        if let Some(w) = self.watchers.iter_mut().find(|w| w.client == client) {
            w.knows = w.outbox.send(Push::Frame(self.room.whole(id, now).to_text().into()));
        }
    }
}

struct Watcher {
    client: u64,
    seat: Option<Player>,
    outbox: Outbox,
    /// Has heard the room whole since it came: a change is enough for it.
    knows: bool,
}

impl Watcher {
    fn new(client: &Client, seat: Option<Player>) -> Watcher {
        Watcher { client: client.id, seat, outbox: client.outbox.clone(), knows: false }
    }
}

/// A room's wake-up: one task that sleeps until the room's next deadline, then wakes the room
/// ([`Hub::wake`]). Set again whenever the room changes, and ended with the room.
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

/// A place taken in a room: a seat, or `None` to watch.
pub struct Taken {
    pub room: Arc<RoomCell>,
    pub seat: Option<Player>,
}

/// A frame for one connection, in order with everything else it is sent.
fn tell(client: &Client, reply: Reply) {
    client.outbox.send(Push::Frame(reply.to_text().into()));
}
