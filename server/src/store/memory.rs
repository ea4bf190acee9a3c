//! Rooms kept in memory alone: for tests, and for a server that need keep nothing
//! (`DATA_DIR=:memory:`). The same rules as the databases: versioned writes, idle removal.

use super::{GameRow, LobbyRows, Pending, PlayerRow, RatingRow, Renamed, RoomRow, Store, renamed};
use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Default)]
pub struct Memory {
    rooms: Mutex<HashMap<String, RoomRow>>,
    /// Each player by their key's hash.
    players: Mutex<HashMap<String, PlayerRow>>,
    /// The finished games by id, and the ratings by player, game and speed.
    kept: Mutex<Kept>,
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

    fn player<'a>(&'a self, key_hash: &'a str) -> Pending<'a, Option<PlayerRow>> {
        let found = self.players.lock().unwrap_or_else(|e| e.into_inner()).get(key_hash).cloned();
        Box::pin(async move { Ok(found) })
    }

    fn add_player(&self, id: String, key_hash: String, now: u64) -> Pending<'_, PlayerRow> {
        let row = PlayerRow { id, name: None, named: None, created: now };
        self.players.lock().unwrap_or_else(|e| e.into_inner()).insert(key_hash, row.clone());
        Box::pin(async move { Ok(row) })
    }

    fn rename(&self, id: String, name: String, now: u64) -> Pending<'_, Renamed> {
        let mut players = self.players.lock().unwrap_or_else(|e| e.into_inner());
        let key = name.to_ascii_lowercase();
        let holder =
            players.values().find(|p| p.name.as_ref().is_some_and(|n| n.to_ascii_lowercase() == key));
        let holder = holder.map(|p| p.id.clone());
        let named = players.values().find(|p| p.id == id).map(|p| p.named);
        let result = renamed(&id, holder.as_deref(), named, now).unwrap_or_else(|| {
            if let Some(player) = players.values_mut().find(|p| p.id == id) {
                player.name = Some(name);
                player.named = Some(now);
            }
            Renamed::Done
        });
        Box::pin(async move { Ok(result) })
    }

    fn finish(&self, room: RoomRow, game: GameRow, ratings: Vec<RatingRow>) -> Pending<'_, bool> {
        let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let newer = rooms.get(&room.id).is_none_or(|stored| room.version > stored.version);
        let done = newer && !kept.games.contains_key(&game.id);
        if done {
            rooms.insert(room.id.clone(), room);
            kept.games.insert(game.id.clone(), game);
            for rating in ratings {
                kept.ratings
                    .insert((rating.player.clone(), rating.game.clone(), rating.speed.clone()), rating);
            }
        }
        Box::pin(async move { Ok(done) })
    }

    fn ratings<'a>(&'a self, player: &'a str) -> Pending<'a, Vec<RatingRow>> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let mut found: Vec<RatingRow> =
            kept.ratings.values().filter(|r| r.player == player).cloned().collect();
        found.sort_by(|a, b| (&a.game, &a.speed).cmp(&(&b.game, &b.speed)));
        Box::pin(async move { Ok(found) })
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
