//! Where rooms live between restarts: one row per room, its game as its full record. SQLite, in
//! one file under the data folder, is the embedded default.

use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;
use std::sync::{Arc, Mutex};

/// A room as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Seconds since 1970 of the last change.
    pub updated: u64,
}

#[derive(Debug)]
pub struct StoreError(pub String);

impl<E: std::fmt::Display> From<E> for StoreError {
    fn from(error: E) -> Self {
        StoreError(error.to_string())
    }
}

/// The rooms' store.
#[derive(Clone)]
pub struct Store {
    sqlite: Arc<Mutex<Connection>>,
}

const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS rooms (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        record TEXT NOT NULL,
        first_seat TEXT,
        second_seat TEXT,
        offer TEXT,
        version INTEGER NOT NULL,
        updated INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rooms_updated ON rooms (updated);
";

impl Store {
    /// The SQLite store in `folder` (created if need be), as `rooms.sqlite`.
    pub fn sqlite(folder: &Path) -> Result<Store, StoreError> {
        std::fs::create_dir_all(folder)?;
        let connection = Connection::open(folder.join("rooms.sqlite"))?;
        // Write-ahead logging: a move is one short write, and readers never wait.
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "NORMAL")?;
        connection.execute_batch(SCHEMA)?;
        Ok(Store { sqlite: Arc::new(Mutex::new(connection)) })
    }

    /// Runs `work` on the connection away from the async threads.
    async fn with<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, StoreError> {
        let sqlite = self.sqlite.clone();
        tokio::task::spawn_blocking(move || {
            let connection = sqlite.lock().map_err(|_| StoreError("the store's lock was poisoned".into()))?;
            work(&connection).map_err(StoreError::from)
        })
        .await?
    }

    /// Writes a room unless a newer version of it is stored.
    pub async fn save(&self, row: RoomRow) -> Result<(), StoreError> {
        self.with(move |c| {
            c.execute(
                "INSERT INTO rooms (id, game, record, first_seat, second_seat, offer, version, updated)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                 ON CONFLICT (id) DO UPDATE SET record = excluded.record, first_seat = excluded.first_seat,
                   second_seat = excluded.second_seat, offer = excluded.offer, version = excluded.version,
                   updated = excluded.updated
                 WHERE excluded.version > rooms.version",
                params![
                    row.id,
                    row.game,
                    row.record,
                    row.seats[0],
                    row.seats[1],
                    row.offer,
                    row.version as i64,
                    row.updated as i64
                ],
            )
            .map(drop)
        })
        .await
    }

    pub async fn load(&self, id: &str) -> Result<Option<RoomRow>, StoreError> {
        let id = id.to_owned();
        self.with(move |c| {
            c.query_row(
                "SELECT id, game, record, first_seat, second_seat, offer, version, updated FROM rooms WHERE id = ?1",
                [id],
                |r| {
                    Ok(RoomRow {
                        id: r.get(0)?,
                        game: r.get(1)?,
                        record: r.get(2)?,
                        seats: [r.get(3)?, r.get(4)?],
                        offer: r.get(5)?,
                        version: r.get::<_, i64>(6)? as u64,
                        updated: r.get::<_, i64>(7)? as u64,
                    })
                },
            )
            .optional()
        })
        .await
    }

    /// Removes the rooms unchanged since `before` (seconds since 1970); their ids.
    pub async fn remove_idle(&self, before: u64) -> Result<Vec<String>, StoreError> {
        self.with(move |c| {
            let mut query = c.prepare("DELETE FROM rooms WHERE updated < ?1 RETURNING id")?;
            let ids = query.query_map([before as i64], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
            Ok(ids)
        })
        .await
    }
}
