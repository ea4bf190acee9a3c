//! The shared store: a PostgreSQL that several instances use at once. Each hears every change
//! to a room (its own too) on the `rooms` channel, and presence on `presence`.
//!
//! Both connections come back after a drop (PostgreSQL restarted, the backend terminated, the
//! network gone a while): a query on a lost connection is sent again once on a new one, and the
//! listening connection is made again with backoff, after which every room in memory is read
//! again ([`Change::Resync`]), so a change told while nobody listened is not missed.

use super::{
    ADD_PLAYER, Change, Changes, FINISH_ROOM, GAMES, GameRow, IDLE, LobbyRows, NAME_HOLDER, NAMED, PLAYER,
    PLAYING, Pending, PlayerRow, RATINGS, REMOVE, RENAME, RatingRow, Renamed, RoomRow, SEEKS, SELECT, Store,
    StoreError, UPSERT, VERSION_TABLE, renamed,
};
use futures_util::StreamExt;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_postgres::error::SqlState;
use tokio_postgres::{AsyncMessage, NoTls};

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
    finish: tokio_postgres::Statement,
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
        // Written and told in one statement: every instance hears of the change.
        let save = client
            .prepare(&format!(
                "WITH saved AS ({UPSERT} RETURNING id, version) \
                 SELECT pg_notify('{CHANNEL}', id || ' ' || version) FROM saved"
            ))
            .await?;
        // A finished game in one statement, so all of it or nothing: the room, the game kept
        // once, the ratings, and the change told.
        let finish = client
            .prepare(&format!(
                "WITH saved AS ({FINISH_ROOM} RETURNING id, version), \
                 kept AS (INSERT INTO games (id, game, speed, rated, first_player, second_player, result, \
                   ratings, record, ended) \
                   SELECT $12, $13, $14, $15, $16, $17, $18, $19, $20, $21 WHERE EXISTS (SELECT 1 FROM saved) \
                   ON CONFLICT (id) DO NOTHING RETURNING id), \
                 rated AS (INSERT INTO ratings (player, game, speed, rating, deviation, volatility, games, updated) \
                   SELECT * FROM unnest($22::text[], $23::text[], $24::text[], $25::float8[], $26::float8[], \
                     $27::float8[], $28::int8[], $29::int8[]) WHERE EXISTS (SELECT 1 FROM kept) \
                   ON CONFLICT (player, game, speed) DO UPDATE SET rating = excluded.rating, \
                     deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games, \
                     updated = excluded.updated RETURNING 1) \
                 SELECT pg_notify('{CHANNEL}', id || ' ' || version), (SELECT count(*) FROM kept) FROM saved"
            ))
            .await?;
        let load = client.prepare(SELECT).await?;
        let remove = client.prepare(REMOVE).await?;
        let presence = client.prepare(&format!("SELECT pg_notify('{PRESENCE}', $1)")).await?;
        Ok(Link { client, save, finish, load, remove, presence })
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
        Ok((Postgres { config, link: tokio::sync::Mutex::new(Arc::new(link)), listening }, changes))
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
            let (version, updated) = (row.version as i64, row.updated as i64);
            let (seek_until, playing) = (row.seek_until.map(|at| at as i64), i64::from(row.playing));
            let row = &row;
            self.run(|link| async move {
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
                Ok(link.client.query(&link.save, &params).await?.len() == 1)
            })
            .await
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

    fn finish(&self, room: RoomRow, game: GameRow, ratings: Vec<RatingRow>) -> Pending<'_, bool> {
        Box::pin(async move {
            let (version, updated) = (room.version as i64, room.updated as i64);
            let (seek_until, playing) = (room.seek_until.map(|at| at as i64), i64::from(room.playing));
            let (rated, ended) = (i64::from(game.rated), game.ended as i64);
            let column = |pick: fn(&RatingRow) -> String| ratings.iter().map(pick).collect::<Vec<String>>();
            let (players, games, speeds) =
                (column(|r| r.player.clone()), column(|r| r.game.clone()), column(|r| r.speed.clone()));
            let number = |pick: fn(&RatingRow) -> f64| ratings.iter().map(pick).collect::<Vec<f64>>();
            let (values, deviations, volatilities) =
                (number(|r| r.rating), number(|r| r.deviation), number(|r| r.volatility));
            let counts: Vec<i64> = ratings.iter().map(|r| r.games as i64).collect();
            let times: Vec<i64> = ratings.iter().map(|r| r.updated as i64).collect();
            let (room, game) = (&room, &game);
            let arrays = (&players, &games, &speeds, &values, &deviations, &volatilities, &counts, &times);
            self.run(|link| async move {
                let seats = &room.seats;
                let params: [&(dyn tokio_postgres::types::ToSql + Sync); 29] = [
                    &room.id,
                    &room.game,
                    &room.record,
                    &seats[0],
                    &seats[1],
                    &room.offer,
                    &version,
                    &updated,
                    &room.extra,
                    &seek_until,
                    &playing,
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
                    arrays.0,
                    arrays.1,
                    arrays.2,
                    arrays.3,
                    arrays.4,
                    arrays.5,
                    arrays.6,
                    arrays.7,
                ];
                let done = link.client.query_opt(&link.finish, &params).await?;
                Ok(done.is_some_and(|row| row.get::<_, i64>(1) == 1))
            })
            .await
        })
    }

    fn ratings<'a>(&'a self, player: &'a str) -> Pending<'a, Vec<RatingRow>> {
        Box::pin(async move {
            self.run(|link| async move {
                let rows = link.client.query(RATINGS, &[&player]).await?;
                Ok(rows
                    .iter()
                    .map(|r| RatingRow {
                        player: r.get(0),
                        game: r.get(1),
                        speed: r.get(2),
                        rating: r.get(3),
                        deviation: r.get(4),
                        volatility: r.get(5),
                        games: r.get::<_, i64>(6) as u64,
                        updated: r.get::<_, i64>(7) as u64,
                    })
                    .collect())
            })
            .await
        })
    }

    fn player<'a>(&'a self, key_hash: &'a str) -> Pending<'a, Option<PlayerRow>> {
        Box::pin(async move {
            self.run(|link| async move {
                let found = link.client.query_opt(PLAYER, &[&key_hash]).await?;
                Ok(found.map(|r| PlayerRow {
                    id: r.get(0),
                    name: r.get(1),
                    named: r.get::<_, Option<i64>>(2).map(|at| at as u64),
                    created: r.get::<_, i64>(3) as u64,
                }))
            })
            .await
        })
    }

    fn add_player(&self, id: String, key_hash: String, now: u64) -> Pending<'_, PlayerRow> {
        Box::pin(async move {
            let created = now as i64;
            let (id_, key_hash) = (&id, &key_hash);
            self.run(|link| async move { link.client.execute(ADD_PLAYER, &[id_, key_hash, &created]).await })
                .await?;
            Ok(PlayerRow { id, name: None, named: None, created: now })
        })
    }

    fn rename(&self, id: String, name: String, now: u64) -> Pending<'_, Renamed> {
        Box::pin(async move {
            let key = name.to_ascii_lowercase();
            let (id, name, key) = (&id, &name, &key);
            self.run(|link| async move {
                let holder: Option<String> =
                    link.client.query_opt(NAME_HOLDER, &[key]).await?.map(|r| r.get(0));
                let named = link.client.query_opt(NAMED, &[id]).await?;
                let named = named.map(|r| r.get::<_, Option<i64>>(0).map(|at| at as u64));
                if let Some(refused) = renamed(id, holder.as_deref(), named, now) {
                    return Ok(refused);
                }
                let at = now as i64;
                match link.client.execute(RENAME, &[name, key, &at, id]).await {
                    Ok(_) => Ok(Renamed::Done),
                    // Taken meanwhile by another instance.
                    Err(error)
                        if error.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) =>
                    {
                        Ok(Renamed::Taken)
                    }
                    Err(error) => Err(error),
                }
            })
            .await
        })
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
