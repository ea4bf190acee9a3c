//! The embedded store: one SQLite file, `rooms.sqlite` in the data folder.

use super::players::{
    ADD_KEY, ADD_PLAYER, ADD_TRANSFER, EXPIRED_TRANSFERS, FORGET_KEY, GAMES_OF, KEEP_GAME, LAST_RATED,
    LEADERS, LIKE_NAMED, NAMED, NAMES, PLAYER, PLAYER_BY_ID, RATING, RATINGS, RENAME, SET_LOOK, TALLY,
    UPSERT_RATING, USE_TRANSFER, holder, renamed,
};
use super::{
    Finish, GAMES, GameQuery, GameRow, IDLE, LOOKS_FROM, LeaderRow, LobbyRows, PLAYING, Pending, PlayerRow,
    Players, REMOVE, Rate, RatingRow, Renamed, RoomRow, SEEKS, SELECT, Store, StoreError, Tally, UPSERT,
    VERSION_TABLE,
};
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub struct Sqlite {
    connection: Arc<Mutex<Connection>>,
}

impl Sqlite {
    /// The store in `folder` (created if need be), as `rooms.sqlite`, its schema brought up to
    /// date. A file that is there must be this server's store and whole: an empty file (where
    /// rooms were), one that is not SQLite, another program's database or a damaged one is
    /// refused, with its path, and left as it is.
    pub fn open(folder: &Path) -> Result<Sqlite, StoreError> {
        std::fs::create_dir_all(folder).map_err(|e| StoreError(format!("{}: {e}", folder.display())))?;
        let path = folder.join("rooms.sqlite");
        let named = |what: &dyn std::fmt::Display| StoreError(format!("{}: {what}", path.display()));
        let existed = match std::fs::metadata(&path) {
            Ok(meta) if meta.len() == 0 => {
                return Err(named(
                    &"the file is empty, yet it is where the rooms are kept: it was emptied or \
                     cut short. Refusing to start a new store over it; restore it, or move it away to start \
                     with no rooms",
                ));
            }
            Ok(_) => true,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => false,
            Err(error) => return Err(named(&error)),
        };
        let mut connection = Connection::open(&path).map_err(|e| named(&e))?;
        // Another process (a backup, an operator's sqlite3) may hold the lock a moment.
        connection.busy_timeout(Duration::from_secs(5)).map_err(|e| named(&e))?;
        if existed {
            check(&connection).map_err(|e| named(&e))?;
        }
        // Write-ahead logging: a move is one short write, and readers never wait.
        connection.pragma_update(None, "journal_mode", "WAL").map_err(|e| named(&e))?;
        connection.pragma_update(None, "synchronous", "NORMAL").map_err(|e| named(&e))?;
        migrate(&mut connection).map_err(|e| named(&e.0))?;
        if !existed {
            tracing::info!(path = %path.display(), "created a new, empty store");
        }
        Ok(Sqlite { connection: Arc::new(Mutex::new(connection)) })
    }

    /// Runs `work` on the connection away from the async threads.
    fn with<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Pending<'_, T> {
        self.with_mut(move |c| work(c))
    }

    /// Runs `work` on the connection away from the async threads; it may take a transaction.
    fn with_mut<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Pending<'_, T> {
        let connection = self.connection.clone();
        Box::pin(async move {
            tokio::task::spawn_blocking(move || {
                let mut connection =
                    connection.lock().map_err(|_| StoreError("the store's lock was poisoned".into()))?;
                work(&mut connection).map_err(StoreError::from)
            })
            .await?
        })
    }
}

/// Whether a file that is there is this server's store, whole: SQLite, every page sound (the
/// integrity check), and either nothing in it yet or the rooms table.
fn check(connection: &Connection) -> Result<(), String> {
    let not_sqlite = |e: rusqlite::Error| format!("not a store this server can read ({e})");
    let mut integrity = connection.prepare("PRAGMA integrity_check").map_err(not_sqlite)?;
    let problems: Vec<String> = integrity
        .query_map([], |r| r.get(0))
        .map_err(not_sqlite)?
        .collect::<Result<_, _>>()
        .map_err(not_sqlite)?;
    if problems != ["ok"] {
        let first: Vec<&str> = problems.iter().take(3).map(String::as_str).collect();
        return Err(format!(
            "the file is damaged (SQLite's integrity check: {}); restore it from a backup",
            first.join("; ")
        ));
    }
    let mut query =
        connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").map_err(not_sqlite)?;
    let tables: Vec<String> = query
        .query_map([], |r| r.get(0))
        .map_err(not_sqlite)?
        .collect::<Result<_, _>>()
        .map_err(not_sqlite)?;
    if !tables.is_empty() && !tables.iter().any(|t| t == "rooms") {
        return Err(format!(
            "another program's database (tables: {}), not this server's rooms",
            tables.join(", ")
        ));
    }
    Ok(())
}

/// Brings the schema up to date, all in one transaction: a migration that fails leaves the
/// file as it was. It always writes (the version, unchanged), so a file the server cannot
/// write stops it now rather than refusing every turn later.
fn migrate(connection: &mut Connection) -> Result<(), StoreError> {
    let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
    transaction.execute_batch(VERSION_TABLE)?;
    let version: Option<i64> =
        transaction.query_row("SELECT version FROM schema_version", [], |r| r.get(0)).optional()?;
    if version.is_none() {
        transaction.execute("INSERT INTO schema_version (version) VALUES (0)", [])?;
    }
    let version = version.unwrap_or(0).max(0) as u64;
    transaction.execute("UPDATE schema_version SET version = version", [])?;
    for (step, migration) in super::migrations_from(version)?.iter().enumerate() {
        transaction.execute_batch(migration)?;
        transaction.execute("UPDATE schema_version SET version = ?1", [version as i64 + step as i64 + 1])?;
    }
    if version < LOOKS_FROM {
        let names: Vec<(String, String)> = transaction
            .prepare(NAMES)?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        for (id, name) in names {
            transaction.execute(SET_LOOK, params![board_suite::players::look_of(&name), id])?;
        }
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
        extra: r.get(8)?,
        seek_until: r.get::<_, Option<i64>>(9)?.map(|at| at as u64),
        playing: r.get::<_, i64>(10)? == 1,
    })
}

/// Writes a room unless the store holds it at this version or newer; whether it did.
fn save(c: &Connection, row: &RoomRow) -> rusqlite::Result<bool> {
    let seats = &row.seats;
    let (version, updated) = (row.version as i64, row.updated as i64);
    let seek_until = row.seek_until.map(|at| at as i64);
    c.prepare_cached(UPSERT)?
        .execute(params![
            row.id,
            row.game,
            row.record,
            seats[0],
            seats[1],
            row.offer,
            version,
            updated,
            row.extra,
            seek_until,
            i64::from(row.playing)
        ])
        .map(|written| written == 1)
}

/// A finished game in one transaction: the room, the game kept, the ratings worked out from
/// those the transaction reads; or nothing.
fn finish(c: &mut Connection, mut finish: Finish, rate: Option<&Rate>) -> rusqlite::Result<Option<Finish>> {
    let transaction = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let ratings = match rate {
        Some(rate) => {
            let game = &finish.game;
            let speed = game.speed.clone().unwrap_or_default();
            let mut before = [None, None];
            for (side, player) in game.players.iter().enumerate() {
                before[side] = transaction
                    .prepare_cached(RATING)?
                    .query_row(params![player, game.game, speed], rating_row)
                    .optional()?;
            }
            rate(&mut finish, before)
        }
        None => Vec::new(),
    };
    if !save(&transaction, &finish.room)? {
        return Ok(None);
    }
    let game = &finish.game;
    let kept = transaction.prepare_cached(KEEP_GAME)?.execute(params![
        game.id,
        game.game,
        game.speed,
        i64::from(game.rated),
        game.players[0],
        game.players[1],
        game.result,
        game.ratings,
        game.record,
        game.ended as i64
    ])?;
    if kept != 1 {
        return Ok(None);
    }
    for r in ratings {
        transaction.prepare_cached(UPSERT_RATING)?.execute(params![
            r.player,
            r.game,
            r.speed,
            r.rating,
            r.deviation,
            r.volatility,
            r.games as i64,
            r.updated as i64
        ])?;
    }
    transaction.commit()?;
    Ok(Some(finish))
}

fn player_row(r: &rusqlite::Row) -> rusqlite::Result<PlayerRow> {
    Ok(PlayerRow {
        id: r.get(0)?,
        name: r.get(1)?,
        named: r.get::<_, Option<i64>>(2)?.map(|at| at as u64),
        created: r.get::<_, i64>(3)? as u64,
    })
}

fn rating_row(r: &rusqlite::Row) -> rusqlite::Result<RatingRow> {
    Ok(RatingRow {
        player: r.get(0)?,
        game: r.get(1)?,
        speed: r.get(2)?,
        rating: r.get(3)?,
        deviation: r.get(4)?,
        volatility: r.get(5)?,
        games: r.get::<_, i64>(6)? as u64,
        updated: r.get::<_, i64>(7)? as u64,
    })
}

fn game_row(r: &rusqlite::Row) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        id: r.get(0)?,
        game: r.get(1)?,
        speed: r.get(2)?,
        rated: r.get::<_, i64>(3)? == 1,
        players: [r.get(4)?, r.get(5)?],
        result: r.get(6)?,
        ratings: r.get(7)?,
        record: r.get(8)?,
        ended: r.get::<_, i64>(9)? as u64,
        names: [r.get(10)?, r.get(11)?],
    })
}

impl Store for Sqlite {
    fn save(&self, row: RoomRow) -> Pending<'_, bool> {
        self.with(move |c| save(c, &row))
    }

    fn finish(&self, done: Finish, rate: Option<Rate>) -> Pending<'_, Option<Finish>> {
        self.with_mut(move |c| finish(c, done, rate.as_ref()))
    }

    fn players(&self) -> &dyn Players {
        self
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

    fn lobby(&self, now: u64, since: u64, limit: usize) -> Pending<'_, LobbyRows> {
        self.with(move |c| {
            let mut query = c.prepare_cached(SEEKS)?;
            let seeks = query
                .query_map(params![now as i64, limit as i64], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<Result<Vec<_>, _>>()?;
            let games = c
                .prepare_cached(GAMES)?
                .query_map(params![since as i64, limit as i64], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<Result<Vec<_>, _>>()?;
            let playing: i64 = c.prepare_cached(PLAYING)?.query_row([since as i64], |r| r.get(0))?;
            Ok(LobbyRows { seeks, games, playing: playing as u64 })
        })
    }
}

impl Players for Sqlite {
    fn player<'a>(&'a self, key_hash: &'a str) -> Pending<'a, Option<PlayerRow>> {
        let key_hash = key_hash.to_owned();
        self.with(move |c| c.prepare_cached(PLAYER)?.query_row([key_hash], player_row).optional())
    }

    fn add_player(&self, id: String, key_hash: String, now: u64) -> Pending<'_, PlayerRow> {
        self.with_mut(move |c| {
            let transaction = c.transaction()?;
            transaction.prepare_cached(ADD_PLAYER)?.execute(params![id, now as i64])?;
            transaction.prepare_cached(ADD_KEY)?.execute(params![key_hash, id, now as i64])?;
            transaction.commit()?;
            Ok(PlayerRow { id, name: None, named: None, created: now })
        })
    }

    fn rename(&self, id: String, name: String, now: u64) -> Pending<'_, Renamed> {
        self.with(move |c| {
            let (key, look) = (board_suite::players::key_of(&name), board_suite::players::look_of(&name));
            let alike: Vec<(String, Option<String>)> = c
                .prepare_cached(LIKE_NAMED)?
                .query_map(params![key, look, id], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()?;
            let holder = holder(&name, alike);
            let named = c.prepare_cached(PLAYER_BY_ID)?.query_row([&id], player_row).optional()?;
            let named = named.map(|p| p.named);
            let rated: Option<i64> = c.prepare_cached(LAST_RATED)?.query_row([&id], |r| r.get(0))?;
            if let Some(refused) = renamed(&id, holder.as_deref(), named, rated.map(|at| at as u64), now) {
                return Ok(refused);
            }
            match c.prepare_cached(RENAME)?.execute(params![name, key, look, now as i64, id]) {
                Ok(_) => Ok(Renamed::Done),
                // Taken meanwhile by another connection to the file.
                Err(rusqlite::Error::SqliteFailure(error, _))
                    if error.code == rusqlite::ErrorCode::ConstraintViolation =>
                {
                    Ok(Renamed::Taken)
                }
                Err(error) => Err(error),
            }
        })
    }

    fn forget_key<'a>(&'a self, key_hash: &'a str) -> Pending<'a, bool> {
        let key_hash = key_hash.to_owned();
        self.with(move |c| c.prepare_cached(FORGET_KEY)?.execute([key_hash]).map(|n| n == 1))
    }

    fn add_transfer(&self, code_hash: String, player: String, expires: u64) -> Pending<'_, ()> {
        self.with(move |c| {
            c.prepare_cached(ADD_TRANSFER)?.execute(params![code_hash, player, expires as i64])?;
            Ok(())
        })
    }

    fn transfer(&self, code_hash: String, key_hash: String, now: u64) -> Pending<'_, Option<PlayerRow>> {
        self.with_mut(move |c| {
            let transaction = c.transaction()?;
            transaction.prepare_cached(EXPIRED_TRANSFERS)?.execute([now as i64])?;
            let used: Option<(String, i64)> = transaction
                .prepare_cached(USE_TRANSFER)?
                .query_row([code_hash], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()?;
            let Some((player, _)) = used else {
                transaction.commit()?;
                return Ok(None);
            };
            transaction.prepare_cached(ADD_KEY)?.execute(params![key_hash, player, now as i64])?;
            let found =
                transaction.prepare_cached(PLAYER_BY_ID)?.query_row([player], player_row).optional()?;
            transaction.commit()?;
            Ok(found)
        })
    }

    fn named<'a>(&'a self, name: &'a str) -> Pending<'a, Option<PlayerRow>> {
        let key = board_suite::players::key_of(name);
        self.with(move |c| c.prepare_cached(NAMED)?.query_row([key], player_row).optional())
    }

    fn ratings<'a>(&'a self, player: &'a str) -> Pending<'a, Vec<RatingRow>> {
        let player = player.to_owned();
        self.with(move |c| c.prepare_cached(RATINGS)?.query_map([player], rating_row)?.collect())
    }

    fn games<'a>(&'a self, query: &'a GameQuery) -> Pending<'a, Vec<GameRow>> {
        let q = query.clone();
        self.with(move |c| {
            let game = q.game.unwrap_or_default();
            let (rated, records) = (i64::from(q.rated), i64::from(q.records));
            let (limit, offset) = (q.limit.min(i64::MAX as u64) as i64, q.offset.min(i64::MAX as u64) as i64);
            c.prepare_cached(GAMES_OF)?
                .query_map(params![records, q.player, game, rated, limit, offset], game_row)?
                .collect()
        })
    }

    fn tally<'a>(&'a self, player: &'a str, game: Option<&'a str>) -> Pending<'a, Tally> {
        let (player, game) = (player.to_owned(), game.unwrap_or_default().to_owned());
        self.with(move |c| {
            c.prepare_cached(TALLY)?.query_row(params![player, game], |r| {
                let count = |i| r.get::<_, i64>(i).map(|n| n as u64);
                Ok(Tally { wins: count(0)?, draws: count(1)?, losses: count(2)?, games: count(3)? })
            })
        })
    }

    fn leaders<'a>(
        &'a self,
        game: &'a str,
        deviation: f64,
        since: u64,
        per_speed: u64,
    ) -> Pending<'a, Vec<LeaderRow>> {
        let game = game.to_owned();
        self.with(move |c| {
            c.prepare_cached(LEADERS)?
                .query_map(params![deviation, game, since as i64, per_speed as i64], |r| {
                    Ok(LeaderRow {
                        player: player_row(r)?,
                        speed: r.get(4)?,
                        rating: r.get(5)?,
                        deviation: r.get(6)?,
                        games: r.get::<_, i64>(7)? as u64,
                    })
                })?
                .collect()
        })
    }
}
