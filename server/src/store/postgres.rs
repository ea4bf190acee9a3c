//! The shared store: a PostgreSQL that several instances use at once. Each hears every change
//! to a room (its own too) on the `rooms` channel, and presence on `presence`.

use super::{
    Change, Changes, IDLE, Pending, REMOVE, RoomRow, SELECT, Store, StoreError, UPSERT, VERSION_TABLE,
};
use futures_util::StreamExt;
use tokio::sync::mpsc;
use tokio_postgres::{AsyncMessage, NoTls};

/// The channels PostgreSQL tells changed rooms and presence on.
const CHANNEL: &str = "rooms";
const PRESENCE: &str = "presence";

/// Instances starting together take this lock in turn to migrate the schema.
const MIGRATION_LOCK: i64 = 7291;

/// A connection with its statements prepared once: each turn is one round trip.
pub struct Postgres {
    client: tokio_postgres::Client,
    save: tokio_postgres::Statement,
    load: tokio_postgres::Statement,
    remove: tokio_postgres::Statement,
    presence: tokio_postgres::Statement,
}

impl Postgres {
    /// The store at `url`, its schema brought up to date, and the rooms changed by any instance
    /// from now on.
    pub async fn open(url: &str) -> Result<(Postgres, Changes), StoreError> {
        let (mut client, connection) = tokio_postgres::connect(url, NoTls).await?;
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                eprintln!("PostgreSQL: {error}");
            }
        });
        migrate(&mut client).await?;
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
        let load = client.prepare(SELECT).await?;
        let remove = client.prepare(REMOVE).await?;
        let presence = client.prepare(&format!("SELECT pg_notify('{PRESENCE}', $1)")).await?;
        Ok((Postgres { client, save, load, remove, presence }, changes))
    }
}

/// Brings the schema up to date in one transaction, one instance at a time.
async fn migrate(client: &mut tokio_postgres::Client) -> Result<(), StoreError> {
    let transaction = client.transaction().await?;
    transaction.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK]).await?;
    transaction.batch_execute(VERSION_TABLE).await?;
    let version: Option<i64> =
        transaction.query_opt("SELECT version FROM schema_version", &[]).await?.map(|r| r.get(0));
    if version.is_none() {
        transaction.execute("INSERT INTO schema_version (version) VALUES (0)", &[]).await?;
    }
    let version = version.unwrap_or(0).max(0) as u64;
    for (step, migration) in super::migrations_from(version)?.iter().enumerate() {
        transaction.batch_execute(migration).await?;
        let reached = version as i64 + step as i64 + 1;
        transaction.execute("UPDATE schema_version SET version = $1", &[&reached]).await?;
    }
    transaction.commit().await?;
    Ok(())
}

fn row(r: &tokio_postgres::Row) -> RoomRow {
    RoomRow {
        id: r.get(0),
        game: r.get(1),
        record: r.get(2),
        seats: [r.get(3), r.get(4)],
        offer: r.get(5),
        version: r.get::<_, i64>(6) as u64,
        updated: r.get::<_, i64>(7) as u64,
    }
}

impl Store for Postgres {
    fn save(&self, row: RoomRow) -> Pending<'_, bool> {
        Box::pin(async move {
            let (version, updated) = (row.version as i64, row.updated as i64);
            let seats = &row.seats;
            let written = self
                .client
                .query(
                    &self.save,
                    &[&row.id, &row.game, &row.record, &seats[0], &seats[1], &row.offer, &version, &updated],
                )
                .await?;
            Ok(written.len() == 1)
        })
    }

    fn load<'a>(&'a self, id: &'a str) -> Pending<'a, Option<RoomRow>> {
        Box::pin(async move { Ok(self.client.query_opt(&self.load, &[&id]).await?.as_ref().map(row)) })
    }

    fn remove<'a>(&'a self, id: &'a str, version: u64) -> Pending<'a, bool> {
        Box::pin(async move { Ok(self.client.execute(&self.remove, &[&id, &(version as i64)]).await? == 1) })
    }

    fn idle(&self, before: u64, limit: usize) -> Pending<'_, Vec<(String, u64)>> {
        Box::pin(async move {
            let idle = self.client.query(IDLE, &[&(before as i64), &(limit as i64)]).await?;
            Ok(idle.iter().map(|r| (r.get(0), r.get::<_, i64>(1) as u64)).collect())
        })
    }

    fn tell_presence<'a>(&'a self, payload: &'a str) -> Pending<'a, ()> {
        Box::pin(async move {
            self.client.execute(&self.presence, &[&payload]).await?;
            Ok(())
        })
    }
}
