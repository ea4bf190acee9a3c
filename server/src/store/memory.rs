//! Rooms kept in memory alone: for tests, and for a server that need keep nothing
//! (`DATA_DIR=:memory:`). The same rules as the databases: versioned writes, idle removal.

use super::players::{holder, renamed};
use super::{
    Finish, GameQuery, GameRow, LeaderRow, LobbyRows, Pending, PlayerRow, Players, Rate, RatingRow, Renamed,
    RoomRow, Store, Tally, side_result,
};
use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Default)]
pub struct Memory {
    rooms: Mutex<HashMap<String, RoomRow>>,
    /// The players by id, the ids by their devices' keys' hashes, and the transfer codes.
    players: Mutex<People>,
    /// The finished games by id, and the ratings by player, game and speed.
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct People {
    players: HashMap<String, PlayerRow>,
    keys: HashMap<String, String>,
    /// Each code's player and when it expires.
    transfers: HashMap<String, (String, u64)>,
}

#[derive(Default)]
struct Kept {
    games: HashMap<String, GameRow>,
    ratings: HashMap<(String, String, String), RatingRow>,
}

impl Memory {
    fn with<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut HashMap<String, RoomRow>) -> T,
    ) -> Pending<'_, T> {
        let result = work(&mut self.rooms.lock().unwrap_or_else(|e| e.into_inner()));
        Box::pin(async move { Ok(result) })
    }
}

impl Store for Memory {
    fn save(&self, row: RoomRow) -> Pending<'_, bool> {
        self.with(|rooms| {
            let newer = rooms.get(&row.id).is_none_or(|stored| row.version > stored.version);
            if newer {
                rooms.insert(row.id.clone(), row);
            }
            newer
        })
    }

    fn load<'a>(&'a self, id: &'a str) -> Pending<'a, Option<RoomRow>> {
        self.with(|rooms| rooms.get(id).cloned())
    }

    fn remove<'a>(&'a self, id: &'a str, version: u64) -> Pending<'a, bool> {
        self.with(|rooms| {
            let at = rooms.get(id).is_some_and(|stored| stored.version == version);
            if at {
                rooms.remove(id);
            }
            at
        })
    }

    fn idle(&self, before: u64, limit: usize) -> Pending<'_, Vec<(String, u64)>> {
        self.with(|rooms| {
            let mut idle: Vec<&RoomRow> = rooms.values().filter(|r| r.updated < before).collect();
            idle.sort_by_key(|r| r.updated);
            idle.iter().take(limit).map(|r| (r.id.clone(), r.version)).collect()
        })
    }

    fn finish(&self, mut finish: Finish, rate: Option<Rate>) -> Pending<'_, Option<Finish>> {
        let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let room = &finish.room;
        let newer = rooms.get(&room.id).is_none_or(|stored| room.version > stored.version);
        if !newer || kept.games.contains_key(&finish.game.id) {
            return Box::pin(async { Ok(None) });
        }
        if let Some(rate) = rate {
            let game = &finish.game;
            let before = game.players.clone().map(|player| {
                let key =
                    (player.unwrap_or_default(), game.game.clone(), game.speed.clone().unwrap_or_default());
                kept.ratings.get(&key).cloned()
            });
            for rating in rate(&mut finish, before) {
                kept.ratings
                    .insert((rating.player.clone(), rating.game.clone(), rating.speed.clone()), rating);
            }
        }
        rooms.insert(finish.room.id.clone(), finish.room.clone());
        kept.games.insert(finish.game.id.clone(), finish.game.clone());
        Box::pin(async move { Ok(Some(finish)) })
    }

    fn players(&self) -> &dyn Players {
        self
    }

    fn lobby(&self, now: u64, since: u64, limit: usize) -> Pending<'_, LobbyRows> {
        self.with(|rooms| {
            let mut seeks: Vec<&RoomRow> =
                rooms.values().filter(|r| r.seek_until.is_some_and(|at| at > now)).collect();
            seeks.sort_by_key(|r| r.seek_until);
            let mut games: Vec<&RoomRow> =
                rooms.values().filter(|r| r.playing && r.updated > since).collect();
            games.sort_by_key(|r| std::cmp::Reverse(r.updated));
            let listed = |rows: &[&RoomRow]| {
                rows.iter().take(limit).map(|r| (r.id.clone(), r.game.clone(), r.extra.clone())).collect()
            };
            LobbyRows { seeks: listed(&seeks), games: listed(&games), playing: games.len() as u64 }
        })
    }
}

fn ready<T: Send + 'static>(value: T) -> Pending<'static, T> {
    Box::pin(async move { Ok(value) })
}

impl Memory {
    /// Keeps a rating as a rated game's end would (for tests of what depends on one).
    #[cfg(test)]
    pub fn put_rating(&self, row: RatingRow) {
        let key = (row.player.clone(), row.game.clone(), row.speed.clone());
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).ratings.insert(key, row);
    }
}

impl Players for Memory {
    fn player<'a>(&'a self, key_hash: &'a str) -> Pending<'a, Option<PlayerRow>> {
        let people = self.players.lock().unwrap_or_else(|e| e.into_inner());
        ready(people.keys.get(key_hash).and_then(|id| people.players.get(id)).cloned())
    }

    fn add_player(&self, id: String, key_hash: String, now: u64) -> Pending<'_, PlayerRow> {
        let row = PlayerRow { id: id.clone(), name: None, named: None, created: now };
        let mut people = self.players.lock().unwrap_or_else(|e| e.into_inner());
        people.players.insert(id.clone(), row.clone());
        people.keys.insert(key_hash, id);
        ready(row)
    }

    fn forget_key<'a>(&'a self, key_hash: &'a str) -> Pending<'a, bool> {
        ready(self.players.lock().unwrap_or_else(|e| e.into_inner()).keys.remove(key_hash).is_some())
    }

    fn add_transfer(&self, code_hash: String, player: String, expires: u64) -> Pending<'_, ()> {
        let mut people = self.players.lock().unwrap_or_else(|e| e.into_inner());
        people.transfers.insert(code_hash, (player, expires));
        ready(())
    }

    fn transfer(&self, code_hash: String, key_hash: String, now: u64) -> Pending<'_, Option<PlayerRow>> {
        let mut people = self.players.lock().unwrap_or_else(|e| e.into_inner());
        let player =
            people.transfers.remove(&code_hash).filter(|(_, expires)| *expires > now).map(|(id, _)| id);
        let found = player.and_then(|id| people.players.get(&id).cloned());
        if let Some(found) = &found {
            people.keys.insert(key_hash, found.id.clone());
        }
        ready(found)
    }

    fn rename(&self, id: String, name: String, now: u64) -> Pending<'_, Renamed> {
        // The ratings' lock first, as the leaderboard takes them.
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let last_rated = kept.ratings.values().filter(|r| r.player == id).map(|r| r.updated).max();
        let mut people = self.players.lock().unwrap_or_else(|e| e.into_inner());
        let others = people.players.values().filter(|p| p.id != id);
        let holder = holder(&name, others.map(|p| (p.id.clone(), p.name.clone())));
        let named = people.players.get(&id).map(|p| p.named);
        let result = renamed(&id, holder.as_deref(), named, last_rated, now).unwrap_or_else(|| {
            if let Some(player) = people.players.get_mut(&id) {
                (player.name, player.named) = (Some(name), Some(now));
            }
            Renamed::Done
        });
        ready(result)
    }

    fn named<'a>(&'a self, name: &'a str) -> Pending<'a, Option<PlayerRow>> {
        let people = self.players.lock().unwrap_or_else(|e| e.into_inner());
        let key = board_suite::players::key_of(name);
        ready(
            people
                .players
                .values()
                .find(|p| p.name.as_ref().is_some_and(|n| board_suite::players::key_of(n) == key))
                .cloned(),
        )
    }

    fn ratings<'a>(&'a self, player: &'a str) -> Pending<'a, Vec<RatingRow>> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let mut found: Vec<RatingRow> =
            kept.ratings.values().filter(|r| r.player == player).cloned().collect();
        found.sort_by(|a, b| (&a.game, &a.speed).cmp(&(&b.game, &b.speed)));
        ready(found)
    }

    fn games<'a>(&'a self, query: &'a GameQuery) -> Pending<'a, Vec<GameRow>> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let mut found: Vec<GameRow> = kept
            .games
            .values()
            .filter(|g| played(g, &query.player, query.game.as_deref()))
            .cloned()
            .collect();
        found.retain(|g| g.rated || !query.rated);
        found.sort_by(|a, b| b.ended.cmp(&a.ended).then_with(|| a.id.cmp(&b.id)));
        let people = self.players.lock().unwrap_or_else(|e| e.into_inner());
        let name = |id: &Option<String>| id.as_ref().and_then(|id| people.players.get(id)?.name.clone());
        let page =
            found.into_iter().skip(query.offset as usize).take(query.limit as usize).map(|g| GameRow {
                names: [name(&g.players[0]), name(&g.players[1])],
                record: if query.records { g.record } else { String::new() },
                ..g
            });
        ready(page.collect())
    }

    fn tally<'a>(&'a self, player: &'a str, game: Option<&'a str>) -> Pending<'a, Tally> {
        use std::cmp::Ordering::{Equal, Greater, Less};
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let mut tally = Tally::default();
        for played in kept.games.values().filter(|g| played(g, player, game)) {
            tally.games += 1;
            match side_result(played, player) {
                Some(Greater) => tally.wins += 1,
                Some(Equal) => tally.draws += 1,
                Some(Less) => tally.losses += 1,
                None => {}
            }
        }
        ready(tally)
    }

    fn leaders<'a>(
        &'a self,
        game: &'a str,
        deviation: f64,
        since: u64,
        per_speed: u64,
    ) -> Pending<'a, Vec<LeaderRow>> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let people = self.players.lock().unwrap_or_else(|e| e.into_inner());
        let mut rows: Vec<LeaderRow> = kept
            .ratings
            .values()
            .filter(|r| r.game == game && r.updated >= since)
            .filter_map(|r| {
                Some(LeaderRow {
                    player: people.players.get(&r.player)?.clone(),
                    speed: r.speed.clone(),
                    rating: r.rating,
                    deviation: r.deviation,
                    games: r.games,
                })
            })
            .collect();
        rows.sort_by(|a, b| {
            a.speed
                .cmp(&b.speed)
                .then((a.deviation > deviation).cmp(&(b.deviation > deviation)))
                .then(b.rating.total_cmp(&a.rating))
                .then_with(|| a.player.id.cmp(&b.player.id))
        });
        let mut placed: HashMap<String, u64> = HashMap::new();
        rows.retain(|row| {
            let place = placed.entry(row.speed.clone()).or_default();
            *place += 1;
            *place <= per_speed
        });
        ready(rows)
    }
}

/// Whether `player` played `game`, of `kind` (or of any).
fn played(game: &GameRow, player: &str, kind: Option<&str>) -> bool {
    game.players.iter().any(|p| p.as_deref() == Some(player)) && kind.is_none_or(|kind| game.game == kind)
}
