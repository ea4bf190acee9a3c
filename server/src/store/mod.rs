//! Where rooms live between restarts: one row per room, its game as its full record. SQLite, in
//! one file under the data folder, is the embedded default; PostgreSQL, when `DATABASE_URL`
//! names one, lets several server instances share the rooms, each hearing every change to a
//! room (its own too) through PostgreSQL's LISTEN/NOTIFY; memory, for tests and
//! `DATA_DIR=:memory:`, keeps nothing past the process.
//!
//! Both databases keep their schema's version in `schema_version` and are brought up to date
//! by [`MIGRATIONS`] when opened.

mod memory;
mod players;
pub mod postgres;
pub mod sqlite;

pub use memory::Memory;
pub use players::{
    GameQuery, GameRow, LeaderRow, PlayerRow, Players, RENAME_AFTER_MS, RatingRow, Renamed, Tally,
    side_result,
};
pub use postgres::Postgres;
pub use sqlite::Sqlite;

use std::future::Future;
use std::pin::Pin;
use tokio::sync::mpsc;

/// A room as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoomRow {
    pub id: String,
    /// The game's route name.
    pub game: String,
    /// The full record: with a dark-chess shuffle, never sent to a client.
    pub record: String,
    /// The seats' tokens, hashed.
    pub seats: [Option<String>; 2],
    /// The offer standing: `takeback:first`, `draw:second`.
    pub offer: Option<String>,
    /// Grows with every change; a row is written only over an older one.
    pub version: u64,
    /// Milliseconds since 1970 of the last change.
    pub updated: u64,
    /// What protocol 2 added, as JSON: the clocks, the chat, the seek, the rematch. Empty in a
    /// room stored before: untimed, nothing said.
    pub extra: String,
    /// Listed in the lobby until then (milliseconds since 1970): a seek.
    pub seek_until: Option<u64>,
    /// Both seats taken and the game not over.
    pub playing: bool,
}

/// What the lobby shows, as stored: the open seeks, the games being played and their number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LobbyRows {
    /// Each open seek's room, game and `extra`, the oldest first.
    pub seeks: Vec<(String, String, String)>,
    /// The same of the games being played, the latest changed first.
    pub games: Vec<(String, String, String)>,
    pub playing: u64,
}

#[derive(Debug)]
pub struct StoreError(pub String);

impl<E: std::fmt::Display> From<E> for StoreError {
    fn from(error: E) -> Self {
        StoreError(error.to_string())
    }
}

/// A finished game as stored: the room at its last version, and the game kept among its
/// players' games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Finish {
    pub room: RoomRow,
    pub game: GameRow,
}

/// Works out a rated game's ratings from its players' ratings in its game and speed as the
/// store holds them while it writes the game's end (`None`: a first rated game there), so that
/// two games ending at once never rate from the same rating. It gives the rows to write, and
/// writes what the room and the game keep of them into `finish`. Run again if the store must
/// try again.
pub type Rate = Box<dyn Fn(&mut Finish, [Option<RatingRow>; 2]) -> Vec<RatingRow> + Send + Sync>;

/// What a store's operation gives, later.
pub type Pending<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// The rooms' store.
pub trait Store: Send + Sync {
    /// Writes a room unless the store holds it at this version or a newer one (another
    /// instance changed it first); whether it was written.
    fn save(&self, row: RoomRow) -> Pending<'_, bool>;

    fn load<'a>(&'a self, id: &'a str) -> Pending<'a, Option<RoomRow>>;

    /// Removes a room if it is still at `version`; whether it was.
    fn remove<'a>(&'a self, id: &'a str, version: u64) -> Pending<'a, bool>;

    /// Up to `limit` rooms unchanged since `before` (milliseconds since 1970): their ids and
    /// versions, for [`Store::remove`] at that version (a room changed meanwhile stays).
    fn idle(&self, before: u64, limit: usize) -> Pending<'_, Vec<(String, u64)>>;

    /// The seeks open at `now`, the games being played that have had a change since `since`
    /// (at most `limit` of each), and how many of those there are.
    fn lobby(&self, now: u64, since: u64, limit: usize) -> Pending<'_, LobbyRows>;

    /// Stores a finished game, all of it or nothing, once: the room at its last version, the
    /// game among its players' games, and for a rated game (`rate`) the ratings it changed. A
    /// game stored already, or a room the store holds at this version or newer, writes
    /// nothing: `None`. Otherwise the game as written.
    fn finish(&self, finish: Finish, rate: Option<Rate>) -> Pending<'_, Option<Finish>>;

    /// The players, their ratings and their games.
    fn players(&self) -> &dyn Players;

    /// Whether the store is ready for the server to take traffic (for PostgreSQL: connected,
    /// and listening for the other instances' changes).
    fn healthy(&self) -> bool {
        true
    }

    /// Tells the other instances sharing the store about presence (see [`Change::Presence`]);
    /// nothing to tell where one instance has the store to itself.
    fn tell_presence<'a>(&'a self, _payload: &'a str) -> Pending<'a, ()> {
        Box::pin(async { Ok(()) })
    }
}

/// What the instances sharing a PostgreSQL tell each other.
#[derive(Debug)]
pub enum Change {
    /// A room was stored (by any instance, this one too): its id and version, `<room> <version>`.
    Room(String),
    /// Which seats of a room have a device connected to an instance, or a request that every
    /// instance say so: `<room> <instance> <first 0/1> <second 0/1>`, or `<room> <instance> ?`.
    Presence(String),
    /// The instance listens again after its listening connection was lost: what it holds is
    /// read again, for any change told meanwhile.
    Resync,
}

pub type Changes = mpsc::UnboundedReceiver<Change>;

/// The schema's migrations, in order: the one at index `i` takes a store from version `i` to
/// `i + 1`, in the same transaction as the version it writes. Version 0 is a store from
/// before versions were kept: the rooms table alone, or nothing at all. The SQL is the same for
/// SQLite and PostgreSQL. Add to the end; never change one that has shipped.
pub const MIGRATIONS: [&str; 5] = [
    // 1: the rooms table, as the first server made it (a store of version 0 may have it).
    "CREATE TABLE IF NOT EXISTS rooms (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        record TEXT NOT NULL,
        first_seat TEXT,
        second_seat TEXT,
        offer TEXT,
        version BIGINT NOT NULL,
        updated BIGINT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rooms_updated ON rooms (updated);",
    // 2: times in milliseconds, as the server's clock reads them (they were seconds).
    "UPDATE rooms SET updated = updated * 1000;",
    // 3: protocol 2's clocks, chat, seeks and rematches; the rooms there were become untimed.
    "ALTER TABLE rooms ADD COLUMN extra TEXT NOT NULL DEFAULT '';
    ALTER TABLE rooms ADD COLUMN seek_until BIGINT;
    ALTER TABLE rooms ADD COLUMN playing BIGINT NOT NULL DEFAULT 0;
    CREATE INDEX IF NOT EXISTS rooms_seeks ON rooms (seek_until);",
    // 4: players: an id anyone may see, the name they chose (unique, its case ignored, through
    // `name_key`), the hashes of the keys their devices hold, and the one-time codes that move
    // them to another device; their ratings per game and speed; and every finished game.
    "CREATE TABLE IF NOT EXISTS players (
        id TEXT PRIMARY KEY,
        name TEXT,
        name_key TEXT UNIQUE,
        named BIGINT,
        created BIGINT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS player_keys (
        key_hash TEXT PRIMARY KEY,
        player TEXT NOT NULL,
        created BIGINT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS transfers (
        code_hash TEXT PRIMARY KEY,
        player TEXT NOT NULL,
        expires BIGINT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ratings (
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        speed TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        updated BIGINT NOT NULL,
        PRIMARY KEY (player, game, speed)
    );
    CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        speed TEXT,
        rated BIGINT NOT NULL,
        first_player TEXT,
        second_player TEXT,
        result TEXT NOT NULL,
        ratings TEXT NOT NULL,
        record TEXT NOT NULL,
        ended BIGINT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS ratings_board ON ratings (game, speed, rating);
    CREATE INDEX IF NOT EXISTS games_first ON games (first_player, ended);
    CREATE INDEX IF NOT EXISTS games_second ON games (second_player, ended);",
    // 5: how each name looks (`board_suite::players::look_of`), so that a name imitating another
    // in a script it is not written in is found; the names there were get theirs as the store
    // opens ([`LOOKS_FROM`]).
    "ALTER TABLE players ADD COLUMN name_look TEXT;
    CREATE INDEX IF NOT EXISTS players_look ON players (name_look);",
];

/// A store below this version has names without their look: the migration to it is followed,
/// in its transaction, by each name's look written.
pub const LOOKS_FROM: u64 = 5;

/// The schema version this server writes.
pub const SCHEMA: u64 = MIGRATIONS.len() as u64;

/// The table that holds the schema's version, in one row.
const VERSION_TABLE: &str = "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)";

/// The migrations a store at `version` needs, or why it cannot be opened.
fn migrations_from(version: u64) -> Result<&'static [&'static str], StoreError> {
    usize::try_from(version).ok().and_then(|from| MIGRATIONS.get(from..)).ok_or_else(|| {
        StoreError(format!("the store's schema is version {version}, newer than this server's {SCHEMA}"))
    })
}

/// A room written unless the store holds it at this version or a newer one.
const UPSERT: &str = "INSERT INTO rooms (id, game, record, first_seat, second_seat, offer, version, updated,
      extra, seek_until, playing)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
    ON CONFLICT (id) DO UPDATE SET record = excluded.record, first_seat = excluded.first_seat,
      second_seat = excluded.second_seat, offer = excluded.offer, version = excluded.version,
      updated = excluded.updated, extra = excluded.extra, seek_until = excluded.seek_until,
      playing = excluded.playing
    WHERE excluded.version > rooms.version";

const SELECT: &str = "SELECT id, game, record, first_seat, second_seat, offer, version, updated, extra,
    seek_until, playing FROM rooms WHERE id = $1";

const SEEKS: &str = "SELECT id, game, extra FROM rooms WHERE seek_until > $1 ORDER BY seek_until LIMIT $2";

const PLAYING: &str = "SELECT count(*) FROM rooms WHERE playing = 1 AND updated > $1";

const GAMES: &str =
    "SELECT id, game, extra FROM rooms WHERE playing = 1 AND updated > $1 ORDER BY updated DESC LIMIT $2";

const REMOVE: &str = "DELETE FROM rooms WHERE id = $1 AND version = $2";

const IDLE: &str = "SELECT id, version FROM rooms WHERE updated < $1 ORDER BY updated LIMIT $2";
