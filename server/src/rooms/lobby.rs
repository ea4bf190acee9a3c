//! The lobby: the seeks and games anyone may see, and how many players are online, sent to
//! the connections that follow it now and after every change.

use super::room::Extra;
use super::{Client, Hub, Push};
use crate::metrics::Metrics;
use board_suite::protocol::{Pool, Reply, RoomInfo, SeatPlayer};
use board_suite::rating::PROVISIONAL_DEVIATION;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Seeks (and games being played) the lobby lists at most, and how far back a game counts as
/// being played.
const LOBBY_SEEKS: usize = 100;
const PLAYING_WITHIN_MS: u64 = 3600 * 1000;
/// A game both of whose players have been gone this long is no longer listed as being played.
const GONE_MS: u64 = 10 * 60 * 1000;
/// The named players online the lobby lists at most.
const ONLINE_LISTED: usize = 50;
/// What one instance tells the others when its lobby changed.
pub(super) const LOBBY_NEWS: &str = "lobby";
/// How an instance tells the others how many players it holds: `players <instance> <count>`.
pub(super) const PLAYERS_NEWS: &str = "players";
/// How often an instance sharing a store tells its players, and how long a count heard is
/// believed (an instance that stopped is soon no longer counted).
pub const PLAYERS_EVERY: std::time::Duration = std::time::Duration::from_secs(15);
pub(super) const PLAYERS_HEARD_MS: u64 = 45_000;
/// Changes to the lobby within this go out in one frame.
const LOBBY_PAUSE: std::time::Duration = std::time::Duration::from_millis(50);

#[derive(Default)]
pub(super) struct Lobby {
    /// The connections following the lobby.
    followers: Mutex<Vec<Client>>,
    /// A lobby frame is on its way to them: changes meanwhile are in it.
    due: AtomicBool,
    /// The players each other instance sharing the store said it holds, and when.
    players_elsewhere: Mutex<HashMap<String, (u64, u64)>>,
    /// The frame last sent to the followers: the same again is not sent.
    last: Mutex<Option<Arc<str>>>,
}

impl Hub {
    /// A connection follows the lobby (a frame now and after every change), or stops.
    pub async fn follow_lobby(&self, client: &Client, follow: bool) {
        {
            let mut followers = self.lobby.followers.lock().unwrap_or_else(|e| e.into_inner());
            followers.retain(|c| c.id != client.id && !c.outbox.is_closed());
            if follow {
                followers.push(client.clone());
            }
        }
        if follow && let Some(frame) = self.lobby_frame().await {
            client.outbox.send(Push::Frame(frame));
        }
    }

    /// What the lobby shows now, as its frame; `None` when the store cannot say.
    async fn lobby_frame(&self) -> Option<Arc<str>> {
        let now = self.clock.now_ms();
        let rows = match self.store.lobby(now, now.saturating_sub(PLAYING_WITHIN_MS), LOBBY_SEEKS).await {
            Ok(rows) => rows,
            Err(error) => {
                Metrics::count(&self.metrics.store_errors);
                tracing::warn!("the lobby could not be read: {}", error.0);
                return None;
            }
        };
        let listed = |rooms: Vec<(String, String, String)>| {
            rooms
                .into_iter()
                .filter_map(|(room, game, extra)| {
                    let extra: Extra = serde_json::from_str(&extra).ok()?;
                    let time = extra.clock.control().text();
                    let [player, _] = extra.players;
                    Some(RoomInfo { room, game, rules: extra.rules, time, player, rated: extra.rated })
                })
                .collect()
        };
        // A game whose players have both been gone a while is abandoned, not played: held here,
        // as its seats say; held nowhere here (no device of its), once it has not changed for
        // as long (an instance sharing the store may hold it, its players thinking).
        let changed_lately: Vec<String> =
            match self.store.lobby(now, now.saturating_sub(GONE_MS), LOBBY_SEEKS).await {
                Ok(recent) => recent.games.into_iter().map(|(room, ..)| room).collect(),
                Err(_) => rows.games.iter().map(|(room, ..)| room.clone()).collect(),
            };
        let mut abandoned = 0;
        let mut kept = Vec::with_capacity(rows.games.len());
        for game in rows.games {
            let gone = match self.held(&game.0) {
                Some(cell) => {
                    let gone_since = self.lock(&cell).await.room.gone_since();
                    gone_since.is_some_and(|at| now.saturating_sub(at) >= GONE_MS)
                }
                None => !changed_lately.contains(&game.0),
            };
            if gone {
                abandoned += 1;
            } else {
                kept.push(game);
            }
        }
        let (seeks, playing) = (listed(rows.seeks), listed(kept));
        let mut online = Vec::new();
        for (name, id) in self.named_online().into_iter().take(ONLINE_LISTED) {
            // Their latest rating: the game and speed they played rated last.
            let latest = self
                .store
                .players()
                .ratings(&id)
                .await
                .ok()
                .and_then(|rows| rows.into_iter().max_by_key(|r| r.updated));
            let provisional = latest.as_ref().is_some_and(|r| r.deviation > PROVISIONAL_DEVIATION);
            let rating = latest.map(|r| r.rating.round() as i64);
            online.push(SeatPlayer { id, name: Some(name), rating, provisional });
        }
        let games = rows.playing.saturating_sub(abandoned);
        let pools =
            self.queue.lock().unwrap_or_else(|e| e.into_inner()).pools().iter().map(Pool::text).collect();
        let lobby = Reply::Lobby { seeks, playing, games, players: self.players_online(), online, pools };
        Some(lobby.to_text().into())
    }

    /// The WebSockets this instance holds, and those the other instances said they hold lately.
    fn players_online(&self) -> u64 {
        let now = self.clock.now_ms();
        let mut elsewhere = self.lobby.players_elsewhere.lock().unwrap_or_else(|e| e.into_inner());
        elsewhere.retain(|_, (_, heard)| now.saturating_sub(*heard) < PLAYERS_HEARD_MS);
        let others: u64 = elsewhere.values().map(|(count, _)| count).sum();
        self.metrics.websockets.load(Ordering::Relaxed) + others
    }

    /// Another instance holds `count` players: the lobby hears of a change.
    pub(super) fn heard_players(&self, instance: &str, count: u64) {
        let now = self.clock.now_ms();
        let mut elsewhere = self.lobby.players_elsewhere.lock().unwrap_or_else(|e| e.into_inner());
        let before = elsewhere.insert(instance.to_owned(), (count, now));
        drop(elsewhere);
        if before.map(|(was, _)| was) != Some(count) {
            self.refresh_lobby();
        }
    }

    /// Tells the other instances how many players this one holds, and the named ones.
    pub async fn tell_players(&self) {
        let count = self.metrics.websockets.load(Ordering::Relaxed);
        let _ = self.store.tell_presence(&format!("{PLAYERS_NEWS} {} {count}", self.instance)).await;
        self.tell_people().await;
    }

    /// The lobby changed here: the followers here and at the other instances hear of it.
    pub(super) async fn lobby_changed(&self) {
        self.refresh_lobby();
        let _ = self.store.tell_presence(LOBBY_NEWS).await;
    }

    /// Sends the followers the lobby soon, if it changed: changes meanwhile go in the same
    /// frame. Also called every minute, for what time alone changes (a game abandoned).
    pub fn refresh_lobby(&self) {
        if self.lobby.followers.lock().unwrap_or_else(|e| e.into_inner()).is_empty()
            || self.lobby.due.swap(true, Ordering::AcqRel)
        {
            return;
        }
        let hub = self.me.clone();
        tokio::spawn(async move {
            tokio::time::sleep(LOBBY_PAUSE).await;
            let Some(hub) = hub.upgrade() else { return };
            hub.lobby.due.store(false, Ordering::Release);
            let Some(frame) = hub.lobby_frame().await else { return };
            if hub.lobby.last.lock().unwrap_or_else(|e| e.into_inner()).replace(frame.clone()).as_ref()
                == Some(&frame)
            {
                return;
            }
            let mut followers = hub.lobby.followers.lock().unwrap_or_else(|e| e.into_inner());
            followers.retain(|client| client.outbox.send(Push::Frame(frame.clone())));
        });
    }
}
