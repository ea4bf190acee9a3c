//! The players in the shared store: their keys, names, transfer codes, ratings and games.

use super::Postgres;
use crate::store::players::{
    ADD_TRANSFER, EXPIRED_TRANSFERS, FORGET_KEY, GAMES_OF, LAST_RATED, LEADERS, LIKE_NAMED, NAMED, PLAYER,
    PLAYER_BY_ID, RATINGS, RENAME, TALLY, holder, renamed,
};
use crate::store::{GameQuery, GameRow, LeaderRow, Pending, PlayerRow, Players, RatingRow, Renamed, Tally};

fn player_row(r: &tokio_postgres::Row) -> PlayerRow {
    PlayerRow {
        id: r.get(0),
        name: r.get(1),
        named: r.get::<_, Option<i64>>(2).map(|at| at as u64),
        created: r.get::<_, i64>(3) as u64,
    }
}

pub(super) fn rating_row(r: &tokio_postgres::Row) -> RatingRow {
    RatingRow {
        player: r.get(0),
        game: r.get(1),
        speed: r.get(2),
        rating: r.get(3),
        deviation: r.get(4),
        volatility: r.get(5),
        games: r.get::<_, i64>(6) as u64,
        updated: r.get::<_, i64>(7) as u64,
    }
}

fn game_row(r: &tokio_postgres::Row) -> GameRow {
    GameRow {
        id: r.get(0),
        game: r.get(1),
        speed: r.get(2),
        rated: r.get::<_, i64>(3) == 1,
        players: [r.get(4), r.get(5)],
        result: r.get(6),
        ratings: r.get(7),
        record: r.get(8),
        ended: r.get::<_, i64>(9) as u64,
        names: [r.get(10), r.get(11)],
    }
}

impl Players for Postgres {
    fn player<'a>(&'a self, key_hash: &'a str) -> Pending<'a, Option<PlayerRow>> {
        Box::pin(async move {
            self.run(|link| async move {
                Ok(link.client.query_opt(PLAYER, &[&key_hash]).await?.as_ref().map(player_row))
            })
            .await
        })
    }

    fn add_player(&self, id: String, key_hash: String, now: u64) -> Pending<'_, PlayerRow> {
        Box::pin(async move {
            let created = now as i64;
            let (id_, key_hash) = (&id, &key_hash);
            // One statement: never a player without a key.
            let add = "WITH added AS (INSERT INTO players (id, created) VALUES ($1, $2) RETURNING id) \
                INSERT INTO player_keys (key_hash, player, created) SELECT $3, id, $2 FROM added";
            self.run(|link| async move { link.client.execute(add, &[id_, &created, key_hash]).await })
                .await?;
            Ok(PlayerRow { id, name: None, named: None, created: now })
        })
    }

    fn forget_key<'a>(&'a self, key_hash: &'a str) -> Pending<'a, bool> {
        Box::pin(async move {
            self.run(|link| async move { Ok(link.client.execute(FORGET_KEY, &[&key_hash]).await? == 1) })
                .await
        })
    }

    fn add_transfer(&self, code_hash: String, player: String, expires: u64) -> Pending<'_, ()> {
        Box::pin(async move {
            let (code_hash, player, expires) = (&code_hash, &player, expires as i64);
            self.run(|link| async move {
                link.client.execute(ADD_TRANSFER, &[code_hash, player, &expires]).await.map(|_| ())
            })
            .await
        })
    }

    fn transfer(&self, code_hash: String, key_hash: String, now: u64) -> Pending<'_, Option<PlayerRow>> {
        Box::pin(async move {
            let (code_hash, key_hash, now) = (&code_hash, &key_hash, now as i64);
            // One statement: the code used up (expired or not) and the key added, or neither.
            let transfer = "WITH used AS (DELETE FROM transfers WHERE code_hash = $1 RETURNING player, expires), \
                added AS (INSERT INTO player_keys (key_hash, player, created) \
                  SELECT $2, player, $3 FROM used WHERE expires > $3 RETURNING player) \
                SELECT p.id, p.name, p.named, p.created FROM players p JOIN added ON p.id = added.player";
            self.run(|link| async move {
                link.client.execute(EXPIRED_TRANSFERS, &[&now]).await?;
                Ok(link
                    .client
                    .query_opt(transfer, &[code_hash, key_hash, &now])
                    .await?
                    .as_ref()
                    .map(player_row))
            })
            .await
        })
    }
    fn rename(&self, id: String, name: String, now: u64) -> Pending<'_, Renamed> {
        Box::pin(async move {
            let (key, look) = (board_suite::players::key_of(&name), board_suite::players::look_of(&name));
            let (id, name, key, look) = (&id, &name, &key, &look);
            self.run(|link| async move {
                let alike = link.client.query(LIKE_NAMED, &[key, look, id]).await?;
                let holder = holder(name, alike.iter().map(|r| (r.get(0), r.get(1))));
                let named = link.client.query_opt(PLAYER_BY_ID, &[id]).await?.as_ref().map(player_row);
                let named = named.map(|p| p.named);
                let rated: Option<i64> = link.client.query_one(LAST_RATED, &[id]).await?.get(0);
                if let Some(refused) = renamed(id, holder.as_deref(), named, rated.map(|at| at as u64), now) {
                    return Ok(refused);
                }
                let at = now as i64;
                match link.client.execute(RENAME, &[name, key, look, &at, id]).await {
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

    fn named<'a>(&'a self, name: &'a str) -> Pending<'a, Option<PlayerRow>> {
        Box::pin(async move {
            let key = &board_suite::players::key_of(name);
            self.run(|link| async move {
                Ok(link.client.query_opt(NAMED, &[key]).await?.as_ref().map(player_row))
            })
            .await
        })
    }

    fn ratings<'a>(&'a self, player: &'a str) -> Pending<'a, Vec<RatingRow>> {
        Box::pin(async move {
            self.run(|link| async move {
                Ok(link.client.query(RATINGS, &[&player]).await?.iter().map(rating_row).collect())
            })
            .await
        })
    }

    fn games<'a>(&'a self, query: &'a GameQuery) -> Pending<'a, Vec<GameRow>> {
        Box::pin(async move {
            let game = &query.game.clone().unwrap_or_default();
            let (rated, records) = (&i64::from(query.rated), &i64::from(query.records));
            let limit = &(query.limit.min(i64::MAX as u64) as i64);
            let offset = &(query.offset.min(i64::MAX as u64) as i64);
            self.run(|link| async move {
                let rows = link
                    .client
                    .query(GAMES_OF, &[records, &query.player, game, rated, limit, offset])
                    .await?;
                Ok(rows.iter().map(game_row).collect())
            })
            .await
        })
    }

    fn tally<'a>(&'a self, player: &'a str, game: Option<&'a str>) -> Pending<'a, Tally> {
        Box::pin(async move {
            let game = &game.unwrap_or_default();
            self.run(|link| async move {
                let r = link.client.query_one(TALLY, &[&player, game]).await?;
                let count = |i| r.get::<_, i64>(i) as u64;
                Ok(Tally { wins: count(0), draws: count(1), losses: count(2), games: count(3) })
            })
            .await
        })
    }

    fn leaders<'a>(
        &'a self,
        game: &'a str,
        deviation: f64,
        since: u64,
        per_speed: u64,
    ) -> Pending<'a, Vec<LeaderRow>> {
        Box::pin(async move {
            let (since, per_speed) = (&(since as i64), &(per_speed as i64));
            self.run(|link| async move {
                let rows = link.client.query(LEADERS, &[&deviation, &game, since, per_speed]).await?;
                Ok(rows
                    .iter()
                    .map(|r| LeaderRow {
                        player: player_row(r),
                        speed: r.get(4),
                        rating: r.get(5),
                        deviation: r.get(6),
                        games: r.get::<_, i64>(7) as u64,
                    })
                    .collect())
            })
            .await
        })
    }
}
