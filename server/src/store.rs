//! Where rooms live between restarts: one row per room, its game as its full record. SQLite, in
//! one file under the data folder, is the embedded default; PostgreSQL, when `DATABASE_URL`
//! names one, lets several server instances share the rooms. Each instance hears every change
//! to a room (its own too) through PostgreSQL's LISTEN/NOTIFY.

use futures_util::StreamExt;
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;
use tokio_postgres::{AsyncMessage, NoTls};

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
pub enum Store {
    Sqlite(Arc<Mutex<Connection>>),
    Postgres(Arc<Postgres>),
}

/// A PostgreSQL connection with its statements prepared once: each turn is one round trip.
pub struct Postgres {
    client: tokio_postgres::Client,
    save: tokio_postgres::Statement,
    load: tokio_postgres::Statement,
    presence: tokio_postgres::Statement,
}

/// What the instances sharing a PostgreSQL tell each other.
#[derive(Debug)]
pub enum Change {
    /// A room was stored (by any instance, this one too): its id and version, `<room> <version>`.
    Room(String),
    /// Which seats of a room have a device connected to an instance, or a request that every
    /// instance say so: `<room> <instance> <first 0/1> <second 0/1>`, or `<room> <instance> ?`.
    Presence(String),
}

pub type Changes = mpsc::UnboundedReceiver<Change>;

const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS rooms (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        record TEXT NOT NULL,
        first_seat TEXT,
        second_seat TEXT,
        offer TEXT,
        version BIGINT NOT NULL,
        updated BIGINT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rooms_updated ON rooms (updated);
";

/// A room written unless the store holds it at this version or a newer one.
const UPSERT: &str = "INSERT INTO rooms (id, game, record, first_seat, second_seat, offer, version, updated)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
    ON CONFLICT (id) DO UPDATE SET record = excluded.record, first_seat = excluded.first_seat,
      second_seat = excluded.second_seat, offer = excluded.offer, version = excluded.version,
      updated = excluded.updated
    WHERE excluded.version > rooms.version";

const COLUMNS: &str = "id, game, record, first_seat, second_seat, offer, version, updated";

/// The channels PostgreSQL tells changed rooms and presence on.
const CHANNEL: &str = "rooms";
const PRESENCE: &str = "presence";

impl Store {
    /// The SQLite store in `folder` (created if need be), as `rooms.sqlite`.
    pub fn sqlite(folder: &Path) -> Result<Store, StoreError> {
        std::fs::create_dir_all(folder)?;
        let connection = Connection::open(folder.join("rooms.sqlite"))?;
        // Write-ahead logging: a move is one short write, and readers never wait.
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "NORMAL")?;
        connection.execute_batch(SCHEMA)?;
        Ok(Store::Sqlite(Arc::new(Mutex::new(connection))))
    }

    /// The PostgreSQL store at `url`, and the rooms changed by any instance from now on.
    pub async fn postgres(url: &str) -> Result<(Store, Changes), StoreError> {
        let (client, connection) = tokio_postgres::connect(url, NoTls).await?;
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                eprintln!("PostgreSQL: {error}");
            }
        });
        // Instances starting together would race to create the table: one at a time.
        client
            .batch_execute(&format!(
                "SELECT pg_advisory_lock(7291); {SCHEMA} SELECT pg_advisory_unlock(7291);"
            ))
            .await?;
        // A second connection only listens: its messages are read here, not by a query.
        let (listener, mut connection) = tokio_postgres::connect(url, NoTls).await?;
        let (changed, changes) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
            while let Some(message) = messages.next().await {
                match message {
                    Ok(AsyncMessage::Notification(note)) => {
                        let payload = note.payload().to_owned();
                        let change = if note.channel() == PRESENCE {
                            Change::Presence(payload)
                        } else {
                            Change::Room(payload)
                        };
                        if changed.send(change).is_err() {
                            break;
                        }
                    }
                    Ok(_) => {}
                    Err(error) => {
                        eprintln!("PostgreSQL's notifications stopped: {error}");
                        break;
                    }
                }
            }
        });
        listener.batch_execute(&format!("LISTEN {CHANNEL}; LISTEN {PRESENCE}")).await?;
        // The listening connection lives as long as its reader.
        tokio::spawn(async move {
            let _listener = listener;
            std::future::pending::<()>().await;
        });
        // Written and told in one statement: every instance hears of the change.
        let save = client
            .prepare(&format!(
                "WITH saved AS ({UPSERT} RETURNING id, version) \
                 SELECT pg_notify('{CHANNEL}', id || ' ' || version) FROM saved"
            ))
            .await?;
        let load = client.prepare(&format!("SELECT {COLUMNS} FROM rooms WHERE id = $1")).await?;
        let presence = client.prepare(&format!("SELECT pg_notify('{PRESENCE}', $1)")).await?;
        Ok((Store::Postgres(Arc::new(Postgres { client, save, load, presence })), changes))
    }

    /// Runs `work` on the SQLite connection away from the async threads.
    async fn sqlite_with<T: Send + 'static>(
        sqlite: &Arc<Mutex<Connection>>,
        work: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, StoreError> {
        let sqlite = sqlite.clone();
        tokio::task::spawn_blocking(move || {
            let connection = sqlite.lock().map_err(|_| StoreError("the store's lock was poisoned".into()))?;
            work(&connection).map_err(StoreError::from)
        })
        .await?
    }

    /// Writes a room unless the store holds it at this version or a newer one (another
    /// instance changed it first); whether it was written.
    pub async fn save(&self, row: RoomRow) -> Result<bool, StoreError> {
        let version = row.version as i64;
        let updated = row.updated as i64;
        match self {
            Store::Sqlite(sqlite) => {
                Self::sqlite_with(sqlite, move |c| {
                    let seats = &row.seats;
                    c.execute(
                        UPSERT,
                        params![
                            row.id, row.game, row.record, seats[0], seats[1], row.offer, version, updated
                        ],
                    )
                    .map(|written| written == 1)
                })
                .await
            }
            Store::Postgres(postgres) => {
                let seats = &row.seats;
                let written = postgres
                    .client
                    .query(
                        &postgres.save,
                        &[
                            &row.id,
                            &row.game,
                            &row.record,
                            &seats[0],
                            &seats[1],
                            &row.offer,
                            &version,
                            &updated,
                        ],
                    )
                    .await?;
                Ok(written.len() == 1)
            }
        }
    }

    pub async fn load(&self, id: &str) -> Result<Option<RoomRow>, StoreError> {
        let query = format!("SELECT {COLUMNS} FROM rooms WHERE id = $1");
        match self {
            Store::Sqlite(sqlite) => {
                let id = id.to_owned();
                Self::sqlite_with(sqlite, move |c| {
                    c.query_row(&query, [id], |r| {
                        Ok(RoomRow {
                            id: r.get(0)?,
                            game: r.get(1)?,
                            record: r.get(2)?,
                            seats: [r.get(3)?, r.get(4)?],
                            offer: r.get(5)?,
                            version: r.get::<_, i64>(6)? as u64,
                            updated: r.get::<_, i64>(7)? as u64,
                        })
                    })
                    .optional()
                })
                .await
            }
            Store::Postgres(postgres) => {
                let row = postgres.client.query_opt(&postgres.load, &[&id]).await?;
                Ok(row.map(|r| RoomRow {
                    id: r.get(0),
                    game: r.get(1),
                    record: r.get(2),
                    seats: [r.get(3), r.get(4)],
                    offer: r.get(5),
                    version: r.get::<_, i64>(6) as u64,
                    updated: r.get::<_, i64>(7) as u64,
                }))
            }
        }
    }

    /// Tells the other instances about presence (see [`Change::Presence`]); nothing to tell
    /// with SQLite, which one instance has to itself.
    pub async fn tell_presence(&self, payload: &str) -> Result<(), StoreError> {
        if let Store::Postgres(postgres) = self {
            postgres.client.execute(&postgres.presence, &[&payload]).await?;
        }
        Ok(())
    }

    /// Removes the rooms unchanged since `before` (seconds since 1970); their ids.
    pub async fn remove_idle(&self, before: u64) -> Result<Vec<String>, StoreError> {
        const DELETE: &str = "DELETE FROM rooms WHERE updated < $1 RETURNING id";
        let before = before as i64;
        match self {
            Store::Sqlite(sqlite) => {
                Self::sqlite_with(sqlite, move |c| {
                    let mut query = c.prepare(DELETE)?;
                    let ids = query.query_map([before], |r| r.get(0))?;
                    ids.collect::<Result<Vec<String>, _>>()
                })
                .await
            }
            Store::Postgres(postgres) => {
                Ok(postgres.client.query(DELETE, &[&before]).await?.iter().map(|r| r.get(0)).collect())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, version: u64, updated: u64) -> RoomRow {
        RoomRow {
            id: id.into(),
            game: "gomoku".into(),
            record: "*".into(),
            version,
            updated,
            ..RoomRow::default()
        }
    }

    #[tokio::test]
    async fn rows_are_written_only_over_older_ones_and_idle_rooms_go() {
        let folder = std::env::temp_dir().join(format!("board-suite-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        let store = Store::sqlite(&folder).unwrap();
        assert!(store.save(row("a", 1, 100)).await.unwrap());
        assert!(store.save(row("a", 2, 200)).await.unwrap());
        // Another instance's older (or same) version is not written over the newer one.
        assert!(!store.save(row("a", 2, 300)).await.unwrap());
        assert!(!store.save(row("a", 1, 300)).await.unwrap());
        assert_eq!(store.load("a").await.unwrap(), Some(row("a", 2, 200)));
        assert!(store.save(row("b", 1, 5_000)).await.unwrap());
        // Unchanged since before 1,000: removed; the other stays.
        assert_eq!(store.remove_idle(1_000).await.unwrap(), ["a"]);
        assert_eq!(store.load("a").await.unwrap(), None);
        assert!(store.load("b").await.unwrap().is_some());
        let _ = std::fs::remove_dir_all(&folder);
    }
}
