//! The shared store: a PostgreSQL that several instances use at once. Each hears every change
//! to a room (its own too) on the `rooms` channel, and presence on `presence`.
//!
//! Both connections come back after a drop (PostgreSQL restarted, the backend terminated, the
//! network gone a while): a query on a lost connection is sent again once on a new one, and the
//! listening connection is made again with backoff, after which every room in memory is read
//! again ([`Change::Resync`]), so a change told while nobody listened is not missed.

mod players;

use super::players::{KEEP_GAME, NAMES, RATING, SET_LOOK, UPSERT_RATING};
use super::{
    Change, Changes, Finish, GAMES, IDLE, LOOKS_FROM, LobbyRows, PLAYING, Pending, Players, REMOVE, Rate,
    RoomRow, SEEKS, SELECT, Store, StoreError, UPSERT, VERSION_TABLE,
};
use futures_util::StreamExt;
use players::rating_row;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_postgres::error::SqlState;
use tokio_postgres::{AsyncMessage, GenericClient, NoTls};

/// The channels PostgreSQL tells changed rooms and presence on.
const CHANNEL: &str = "rooms";
const PRESENCE: &str = "presence";

/// Instances starting together take this lock in turn to migrate the schema.
const MIGRATION_LOCK: i64 = 7291;

/// How the server's connections name themselves to PostgreSQL (`pg_stat_activity`).
pub const APPLICATION_NAME: &str = "board-suite-server";

/// The longest wait between two attempts to listen again.
const MOST_BACKOFF: Duration = Duration::from_secs(10);

/// A connection with its statements prepared once: each turn is one round trip.
struct Link {
    client: tokio_postgres::Client,
    save: tokio_postgres::Statement,
    load: tokio_postgres::Statement,
    remove: tokio_postgres::Statement,
    presence: tokio_postgres::Statement,
}

pub struct Postgres {
    config: tokio_postgres::Config,
    /// The connection in use; made again when it is lost.
    link: tokio::sync::Mutex<Arc<Link>>,
    /// Whether the listening connection is up.
    listening: Arc<AtomicBool>,
    /// The connection that finishes games, each in a transaction of its own (the queries on
    /// the shared connection run interleaved, and cannot hold one).
    finisher: tokio::sync::Mutex<Option<tokio_postgres::Client>>,
}

/// A room written and told in one statement: every instance hears of the change (when its
/// transaction, if any, commits).
fn save_and_tell() -> String {
    format!(
        "WITH saved AS ({UPSERT} RETURNING id, version) SELECT pg_notify('{CHANNEL}', id || ' ' || version) FROM saved"
    )
}

/// Writes a room with `statement` ([`save_and_tell`]); whether it was written.
async fn write_room<C, S>(client: &C, statement: &S, row: &RoomRow) -> Result<bool, tokio_postgres::Error>
where
    C: GenericClient,
    S: ?Sized + tokio_postgres::ToStatement + Sync + Send,
{
    let (version, updated) = (row.version as i64, row.updated as i64);
    let (seek_until, playing) = (row.seek_until.map(|at| at as i64), i64::from(row.playing));
    let seats = &row.seats;
    let params: [&(dyn tokio_postgres::types::ToSql + Sync); 11] = [
        &row.id,
        &row.game,
        &row.record,
        &seats[0],
        &seats[1],
        &row.offer,
        &version,
        &updated,
        &row.extra,
        &seek_until,
        &playing,
    ];
    Ok(client.query(statement, &params).await?.len() == 1)
}

/// A finished game in one transaction: the room, the game kept, the ratings worked out from
/// those the transaction reads, with its players locked meanwhile; or nothing.
async fn finish(
    client: &mut tokio_postgres::Client,
    mut finish: Finish,
    rate: Option<&Rate>,
) -> Result<Option<Finish>, tokio_postgres::Error> {
    let transaction = client.transaction().await?;
    let ratings = match rate {
        Some(rate) => {
            let game = &finish.game;
            let players: Vec<&str> = game.players.iter().flatten().map(String::as_str).collect();
            // In one order: two games of a player ending at once rate one after the other.
            transaction
                .execute("SELECT id FROM players WHERE id = ANY($1) ORDER BY id FOR UPDATE", &[&players])
                .await?;
            let speed = game.speed.clone().unwrap_or_default();
            let mut before = [None, None];
            for (side, player) in game.players.iter().enumerate() {
                before[side] = transaction
                    .query_opt(RATING, &[player, &game.game, &speed])
                    .await?
                    .as_ref()
                    .map(rating_row);
            }
            rate(&mut finish, before)
        }
        None => Vec::new(),
    };
    if !write_room(&transaction, save_and_tell().as_str(), &finish.room).await? {
        return Ok(None);
    }
    let game = &finish.game;
    let (rated, ended) = (i64::from(game.rated), game.ended as i64);
    let kept = transaction
        .execute(
            KEEP_GAME,
            &[
                &game.id,
                &game.game,
                &game.speed,
                &rated,
                &game.players[0],
                &game.players[1],
                &game.result,
                &game.ratings,
                &game.record,
                &ended,
            ],
        )
        .await?;
    if kept != 1 {
        return Ok(None);
    }
    for r in &ratings {
        let (games, updated) = (r.games as i64, r.updated as i64);
        transaction
            .execute(
                UPSERT_RATING,
                &[&r.player, &r.game, &r.speed, &r.rating, &r.deviation, &r.volatility, &games, &updated],
            )
            .await?;
    }
    transaction.commit().await?;
    Ok(Some(finish))
}

async fn connect(config: &tokio_postgres::Config) -> Result<tokio_postgres::Client, StoreError> {
    let (client, connection) = config.connect(NoTls).await?;
    tokio::spawn(async move {
        if let Err(error) = connection.await {
            tracing::warn!("PostgreSQL connection lost: {error}");
        }
    });
    Ok(client)
}

impl Link {
    async fn open(config: &tokio_postgres::Config) -> Result<Link, StoreError> {
        let client = connect(config).await?;
        let save = client.prepare(&save_and_tell()).await?;
        let load = client.prepare(SELECT).await?;
        let remove = client.prepare(REMOVE).await?;
        let presence = client.prepare(&format!("SELECT pg_notify('{PRESENCE}', $1)")).await?;
        Ok(Link { client, save, load, remove, presence })
    }
}

/// Whether a query failed because its connection is gone (worth sending again on a new one).
fn lost(error: &tokio_postgres::Error, link: &Link) -> bool {
    error.is_closed()
        || link.client.is_closed()
        || error.as_db_error().is_some_and(|e| e.code() == &SqlState::ADMIN_SHUTDOWN)
}

impl Postgres {
    /// The store at `url`, its schema brought up to date, and the rooms changed by any instance
    /// from now on.
    pub async fn open(url: &str) -> Result<(Postgres, Changes), StoreError> {
        let mut config: tokio_postgres::Config = url.parse()?;
        config.application_name(APPLICATION_NAME);
        let mut client = connect(&config).await?;
        migrate(&mut client).await?;
        drop(client);
        let (changed, changes) = mpsc::unbounded_channel();
        let listening = Arc::new(AtomicBool::new(false));
        let first = listen(&config, changed.clone()).await?;
        listening.store(true, Ordering::Relaxed);
        tokio::spawn(keep_listening(config.clone(), changed, listening.clone(), first));
        let link = Link::open(&config).await?;
        let finisher = tokio::sync::Mutex::new(None);
        Ok((Postgres { config, link: tokio::sync::Mutex::new(Arc::new(link)), listening, finisher }, changes))
    }

    /// The connection to use: the one in use, unless it is lost (or is `failed`).
    async fn link(&self, failed: Option<&Arc<Link>>) -> Result<Arc<Link>, StoreError> {
        let mut link = self.link.lock().await;
        if link.client.is_closed() || failed.is_some_and(|failed| Arc::ptr_eq(failed, &link)) {
            *link = Arc::new(Link::open(&self.config).await?);
            tracing::info!("PostgreSQL: connected again");
        }
        Ok(link.clone())
    }

    /// Runs a query, sent again once on a new connection if its connection was lost. (A write
    /// the old connection made before it went is then refused as not newer, and the room is
    /// read again: nothing is written twice.)
    async fn run<T, F, Work>(&self, query: F) -> Result<T, StoreError>
    where
        F: Fn(Arc<Link>) -> Work,
        Work: Future<Output = Result<T, tokio_postgres::Error>>,
    {
        let link = self.link(None).await?;
        match query(link.clone()).await {
            Ok(done) => Ok(done),
            Err(error) if lost(&error, &link) => {
                let link = self.link(Some(&link)).await?;
                Ok(query(link).await?)
            }
            Err(error) => Err(error.into()),
        }
    }
}

/// A connection listening on both channels: what it hears goes to `changed`. Ends when the
/// connection does.
async fn listen(
    config: &tokio_postgres::Config,
    changed: mpsc::UnboundedSender<Change>,
) -> Result<JoinHandle<()>, StoreError> {
    let (client, mut connection) = config.connect(NoTls).await?;
    let (ready, mut ended) = tokio::sync::oneshot::channel::<()>();
    // The connection's messages are read here, not by a query; the client lives as long.
    let reader = tokio::spawn(async move {
        let _ready = ready;
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
                        return;
                    }
                }
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!("PostgreSQL's notifications stopped: {error}");
                    return;
                }
            }
        }
    });
    let listened = client.batch_execute(&format!("LISTEN {CHANNEL}; LISTEN {PRESENCE}")).await;
    if let Err(error) = listened {
        reader.abort();
        return Err(error.into());
    }
    Ok(tokio::spawn(async move {
        let _client = client;
        let _ = (&mut ended).await;
        let _ = reader.await;
    }))
}

/// Listens again whenever the listening connection ends, with backoff; then has every room in
/// memory read again, for what was told meanwhile.
async fn keep_listening(
    config: tokio_postgres::Config,
    changed: mpsc::UnboundedSender<Change>,
    listening: Arc<AtomicBool>,
    mut current: JoinHandle<()>,
) {
    loop {
        let _ = (&mut current).await;
        listening.store(false, Ordering::Relaxed);
        let mut backoff = Duration::from_millis(250);
        loop {
            if changed.is_closed() {
                return;
            }
            tokio::time::sleep(backoff).await;
            match listen(&config, changed.clone()).await {
                Ok(listener) => {
                    current = listener;
                    break;
                }
                Err(error) => {
                    tracing::warn!("PostgreSQL: cannot listen again yet: {}", error.0);
                    backoff = (backoff * 2).min(MOST_BACKOFF);
                }
            }
        }
        listening.store(true, Ordering::Relaxed);
        tracing::info!("PostgreSQL: listening again; reading the rooms in memory again");
        if changed.send(Change::Resync).is_err() {
            return;
        }
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
    if version < LOOKS_FROM {
        for row in transaction.query(NAMES, &[]).await? {
            let (id, name): (String, String) = (row.get(0), row.get(1));
            transaction.execute(SET_LOOK, &[&board_suite::players::look_of(&name), &id]).await?;
        }
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
        extra: r.get(8),
        seek_until: r.get::<_, Option<i64>>(9).map(|at| at as u64),
        playing: r.get::<_, i64>(10) == 1,
    }
}

impl Store for Postgres {
    fn save(&self, row: RoomRow) -> Pending<'_, bool> {
        Box::pin(async move {
            let row = &row;
            self.run(|link| async move { write_room(&link.client, &link.save, row).await }).await
        })
    }

    fn load<'a>(&'a self, id: &'a str) -> Pending<'a, Option<RoomRow>> {
        Box::pin(async move {
            self.run(
                |link| async move { Ok(link.client.query_opt(&link.load, &[&id]).await?.as_ref().map(row)) },
            )
            .await
        })
    }

    fn remove<'a>(&'a self, id: &'a str, version: u64) -> Pending<'a, bool> {
        Box::pin(async move {
            let version = version as i64;
            self.run(
                |link| async move { Ok(link.client.execute(&link.remove, &[&id, &version]).await? == 1) },
            )
            .await
        })
    }

    fn idle(&self, before: u64, limit: usize) -> Pending<'_, Vec<(String, u64)>> {
        Box::pin(async move {
            let (before, limit) = (before as i64, limit as i64);
            self.run(|link| async move {
                let idle = link.client.query(IDLE, &[&before, &limit]).await?;
                Ok(idle.iter().map(|r| (r.get(0), r.get::<_, i64>(1) as u64)).collect())
            })
            .await
        })
    }

    fn lobby(&self, now: u64, since: u64, limit: usize) -> Pending<'_, LobbyRows> {
        Box::pin(async move {
            let (now, since, limit) = (now as i64, since as i64, limit as i64);
            self.run(|link| async move {
                let seeks = link.client.query(SEEKS, &[&now, &limit]).await?;
                let games = link.client.query(GAMES, &[&since, &limit]).await?;
                let playing: i64 = link.client.query_one(PLAYING, &[&since]).await?.get(0);
                let rows = |rows: Vec<tokio_postgres::Row>| {
                    rows.iter().map(|r| (r.get(0), r.get(1), r.get(2))).collect()
                };
                Ok(LobbyRows { seeks: rows(seeks), games: rows(games), playing: playing as u64 })
            })
            .await
        })
    }

    fn finish(&self, done: Finish, rate: Option<Rate>) -> Pending<'_, Option<Finish>> {
        Box::pin(async move {
            let mut finisher = self.finisher.lock().await;
            // Sent again once on a new connection if its connection was lost: a transaction
            // that never committed wrote nothing.
            for attempt in 0..2 {
                let client = match finisher.as_mut() {
                    Some(client) if !client.is_closed() => client,
                    _ => finisher.insert(connect(&self.config).await?),
                };
                match finish(client, done.clone(), rate.as_ref()).await {
                    Ok(finished) => return Ok(finished),
                    Err(error) if attempt == 0 && (error.is_closed() || client.is_closed()) => {
                        *finisher = None
                    }
                    Err(error) => return Err(error.into()),
                }
            }
            Err(StoreError("PostgreSQL: the connection was lost twice".into()))
        })
    }

    fn players(&self) -> &dyn Players {
        self
    }

    fn healthy(&self) -> bool {
        self.listening.load(Ordering::Relaxed)
    }

    fn tell_presence<'a>(&'a self, payload: &'a str) -> Pending<'a, ()> {
        Box::pin(async move {
            self.run(|link| async move { link.client.execute(&link.presence, &[&payload]).await.map(|_| ()) })
                .await
        })
    }
}
