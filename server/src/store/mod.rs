//! Where rooms live between restarts: one row per room, its game as its full record. SQLite, in
//! one file under the data folder, is the embedded default; PostgreSQL, when `DATABASE_URL`
//! names one, lets several server instances share the rooms, each hearing every change to a
//! room (its own too) through PostgreSQL's LISTEN/NOTIFY; memory, for tests and
//! `DATA_DIR=:memory:`, keeps nothing past the process.
//!
//! Both databases keep their schema's version in `schema_version` and are brought up to date
//! by [`MIGRATIONS`] when opened.

mod memory;
pub mod postgres;
pub mod sqlite;

pub use memory::Memory;
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

/// A player as stored: their key is never kept, only its hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// Public: it names the player where they have no name yet.
    pub id: String,
    /// The name they chose, as they wrote it.
    pub name: Option<String>,
    /// When they last chose one (milliseconds since 1970).
    pub named: Option<u64>,
    pub created: u64,
}

/// A finished game, kept among its players' games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRow {
    /// Its room's id: a room holds one game (a rematch is played in a new room).
    pub id: String,
    /// The game's route name.
    pub game: String,
    /// Its speed's name (`blitz`), `None` for an untimed game.
    pub speed: Option<String>,
    pub rated: bool,
    /// The players' ids, the first player's first.
    pub players: [Option<String>; 2],
    /// As a record writes it: `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// Each side's rating before and after, as JSON; empty for a casual game.
    pub ratings: String,
    /// The full record.
    pub record: String,
    /// Milliseconds since 1970.
    pub ended: u64,
}

/// A player's rating in one game and speed.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub player: String,
    pub game: String,
    pub speed: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played in this game and speed.
    pub games: u64,
    pub updated: u64,
}

/// What asking for a name came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Renamed {
    Done,
    /// Another player has it, its case ignored.
    Taken,
    /// The player chose a name less than [`RENAME_AFTER_MS`] ago.
    TooSoon,
    /// No such player.
    Unknown,
}

/// How long a player keeps a name before they may change it.
pub const RENAME_AFTER_MS: u64 = 24 * 3600 * 1000;

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

    /// The player whose key hashes to `key_hash`.
    fn player<'a>(&'a self, key_hash: &'a str) -> Pending<'a, Option<PlayerRow>>;

    /// Adds a player with no name: `id` (new) and their key's hash.
    fn add_player(&self, id: String, key_hash: String, now: u64) -> Pending<'_, PlayerRow>;

    /// Gives player `id` the name `name` (already checked: [`board_suite::players::PlayerName`]),
    /// unless another player has it, its case ignored, or they chose one within
    /// [`RENAME_AFTER_MS`] of `now`.
    fn rename(&self, id: String, name: String, now: u64) -> Pending<'_, Renamed>;

    /// Stores a finished game, all of it or nothing, once: the room at its last version, the
    /// game among its players' games, and the ratings it changed. A game stored already, or a
    /// room the store holds at this version or newer, writes nothing: `false`.
    fn finish(&self, room: RoomRow, game: GameRow, ratings: Vec<RatingRow>) -> Pending<'_, bool>;

    /// A player's ratings, by game and speed.
    fn ratings<'a>(&'a self, player: &'a str) -> Pending<'a, Vec<RatingRow>>;

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
pub const MIGRATIONS: [&str; 4] = [
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
    // 4: players: an id anyone may see, the hash of the key their devices alone hold, and the
    // name they chose (unique, its case ignored, through `name_key`).
    "CREATE TABLE IF NOT EXISTS players (
        id TEXT PRIMARY KEY,
        key_hash TEXT NOT NULL UNIQUE,
        name TEXT,
        name_key TEXT UNIQUE,
        named BIGINT,
        created BIGINT NOT NULL
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
    CREATE INDEX IF NOT EXISTS games_first ON games (first_player, ended);
    CREATE INDEX IF NOT EXISTS games_second ON games (second_player, ended);",
];

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
/// A room's row written from `$values` (its eleven columns) over an older version of itself.
macro_rules! room_upsert {
    ($values:literal) => {
        concat!(
            "INSERT INTO rooms (id, game, record, first_seat, second_seat, offer, version, updated,
      extra, seek_until, playing) ",
            $values,
            " ON CONFLICT (id) DO UPDATE SET record = excluded.record, first_seat = excluded.first_seat,
      second_seat = excluded.second_seat, offer = excluded.offer, version = excluded.version,
      updated = excluded.updated, extra = excluded.extra, seek_until = excluded.seek_until,
      playing = excluded.playing
    WHERE excluded.version > rooms.version"
        )
    };
}

const UPSERT: &str = room_upsert!("VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)");

/// A finished game's room, written unless its game (`$12`) is kept already: a finish writes
/// all of itself or nothing.
const FINISH_ROOM: &str = room_upsert!(
    "SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = $12)"
);

const SELECT: &str = "SELECT id, game, record, first_seat, second_seat, offer, version, updated, extra,
    seek_until, playing FROM rooms WHERE id = $1";

const SEEKS: &str = "SELECT id, game, extra FROM rooms WHERE seek_until > $1 ORDER BY seek_until LIMIT $2";

const PLAYING: &str = "SELECT count(*) FROM rooms WHERE playing = 1 AND updated > $1";

const GAMES: &str =
    "SELECT id, game, extra FROM rooms WHERE playing = 1 AND updated > $1 ORDER BY updated DESC LIMIT $2";

const REMOVE: &str = "DELETE FROM rooms WHERE id = $1 AND version = $2";

const PLAYER: &str = "SELECT id, name, named, created FROM players WHERE key_hash = $1";

const ADD_PLAYER: &str = "INSERT INTO players (id, key_hash, created) VALUES ($1, $2, $3)";

/// A game kept once: a second finish of it writes nothing.
const KEEP_GAME: &str =
    "INSERT INTO games (id, game, speed, rated, first_player, second_player, result, ratings,
      record, ended)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING";

const UPSERT_RATING: &str =
    "INSERT INTO ratings (player, game, speed, rating, deviation, volatility, games, updated)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
    ON CONFLICT (player, game, speed) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
      volatility = excluded.volatility, games = excluded.games, updated = excluded.updated";

const RATINGS: &str = "SELECT player, game, speed, rating, deviation, volatility, games, updated FROM ratings
    WHERE player = $1 ORDER BY game, speed";

/// The name's holder and when the player last chose one.
const NAME_HOLDER: &str = "SELECT id FROM players WHERE name_key = $1";
const NAMED: &str = "SELECT named FROM players WHERE id = $1";

/// (SQLite numbers parameters in the order they first appear: they are written in order.)
const RENAME: &str = "UPDATE players SET name = $1, name_key = $2, named = $3 WHERE id = $4";

/// What a rename comes to, from the name's holder and when the player last chose one (`None`
/// for no such player): the same rule on every store.
fn renamed(id: &str, holder: Option<&str>, named: Option<Option<u64>>, now: u64) -> Option<Renamed> {
    match named {
        None => Some(Renamed::Unknown),
        Some(_) if holder.is_some_and(|holder| holder != id) => Some(Renamed::Taken),
        Some(Some(at)) if now < at.saturating_add(RENAME_AFTER_MS) => Some(Renamed::TooSoon),
        Some(_) => None,
    }
}

const IDLE: &str = "SELECT id, version FROM rooms WHERE updated < $1 ORDER BY updated LIMIT $2";
