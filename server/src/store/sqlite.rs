//! The embedded store: one SQLite file, `rooms.sqlite` in the data folder.

use super::{IDLE, Pending, REMOVE, RoomRow, SELECT, Store, StoreError, UPSERT, VERSION_TABLE};
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use std::path::Path;
use std::sync::{Arc, Mutex};

pub struct Sqlite {
    connection: Arc<Mutex<Connection>>,
}

impl Sqlite {
    /// The store in `folder` (created if need be), as `rooms.sqlite`, its schema brought up to
    /// date.
    pub fn open(folder: &Path) -> Result<Sqlite, StoreError> {
        std::fs::create_dir_all(folder)?;
        let mut connection = Connection::open(folder.join("rooms.sqlite"))?;
        // Write-ahead logging: a move is one short write, and readers never wait.
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "NORMAL")?;
        migrate(&mut connection)?;
        Ok(Sqlite { connection: Arc::new(Mutex::new(connection)) })
    }

    /// Runs `work` on the connection away from the async threads.
    fn with<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Pending<'_, T> {
        let connection = self.connection.clone();
        Box::pin(async move {
            tokio::task::spawn_blocking(move || {
                let connection =
                    connection.lock().map_err(|_| StoreError("the store's lock was poisoned".into()))?;
                work(&connection).map_err(StoreError::from)
            })
            .await?
        })
    }
}

/// Brings the schema up to date, all in one transaction: a migration that fails leaves the
/// file as it was.
fn migrate(connection: &mut Connection) -> Result<(), StoreError> {
    let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
    transaction.execute_batch(VERSION_TABLE)?;
    let version: Option<i64> =
        transaction.query_row("SELECT version FROM schema_version", [], |r| r.get(0)).optional()?;
    if version.is_none() {
        transaction.execute("INSERT INTO schema_version (version) VALUES (0)", [])?;
    }
    let version = version.unwrap_or(0).max(0) as u64;
    for (step, migration) in super::migrations_from(version)?.iter().enumerate() {
        transaction.execute_batch(migration)?;
        transaction.execute("UPDATE schema_version SET version = ?1", [version as i64 + step as i64 + 1])?;
    }
    transaction.commit()?;
    Ok(())
}

/// A room's row as SQLite holds it, its columns in the order of `SELECT`.
pub fn row(r: &rusqlite::Row) -> rusqlite::Result<RoomRow> {
    Ok(RoomRow {
        id: r.get(0)?,
        game: r.get(1)?,
        record: r.get(2)?,
        seats: [r.get(3)?, r.get(4)?],
        offer: r.get(5)?,
        version: r.get::<_, i64>(6)? as u64,
        updated: r.get::<_, i64>(7)? as u64,
    })
}

impl Store for Sqlite {
    fn save(&self, row: RoomRow) -> Pending<'_, bool> {
        self.with(move |c| {
            let seats = &row.seats;
            let (version, updated) = (row.version as i64, row.updated as i64);
            c.prepare_cached(UPSERT)?
                .execute(params![
                    row.id, row.game, row.record, seats[0], seats[1], row.offer, version, updated
                ])
                .map(|written| written == 1)
        })
    }

    fn load<'a>(&'a self, id: &'a str) -> Pending<'a, Option<RoomRow>> {
        let id = id.to_owned();
        self.with(move |c| c.prepare_cached(SELECT)?.query_row([id], row).optional())
    }

    fn remove<'a>(&'a self, id: &'a str, version: u64) -> Pending<'a, bool> {
        let id = id.to_owned();
        self.with(move |c| c.prepare_cached(REMOVE)?.execute(params![id, version as i64]).map(|n| n == 1))
    }

    fn idle(&self, before: u64, limit: usize) -> Pending<'_, Vec<(String, u64)>> {
        self.with(move |c| {
            let mut query = c.prepare_cached(IDLE)?;
            let ids = query.query_map(params![before as i64, limit as i64], |r| {
                Ok((r.get(0)?, r.get::<_, i64>(1)? as u64))
            })?;
            ids.collect::<Result<Vec<_>, _>>()
        })
    }
}
