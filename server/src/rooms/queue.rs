//! Quick match: who waits for which game, and who is paired with whom. A casual game pairs
//! with the longest waiting; a rated one with the nearest rating in a range that widens as
//! the players wait, never one player with themselves.

use super::{Client, Hub, Taken, tell};
use board_suite::games::GameId;
use board_suite::protocol::{Pool, Reply, SeatPlayer};
use board_suite::rating::{Rating, Speed};
use board_suite::rules::Player;
use std::collections::HashMap;

/// Quick match pairs rated players whose ratings are this close, and this much further for
/// every second the longer waiting of them has waited.
const PAIRING_RANGE: f64 = 100.0;
const PAIRING_WIDENS_PER_SECOND: f64 = 10.0;
/// How often waiters are looked at again for a pairing their wider ranges allow.
pub const PAIRING_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// What a quick match pairs on: the game, its rules, its time control and whether it is rated.
type QueueKey = (GameId, String, String, bool);

/// Who waits for a quick match, by game, rules, time control and rated or not, the longest
/// waiting first.
#[derive(Default)]
pub struct Queue {
    waiting: HashMap<QueueKey, Vec<Waiter>>,
}

/// A device waiting for a quick match.
struct Waiter {
    client: Client,
    player: Option<SeatPlayer>,
    /// Since when (ms since 1970).
    since: u64,
}

impl Waiter {
    fn rating(&self) -> i64 {
        self.player.as_ref().and_then(|p| p.rating).unwrap_or(Rating::NEW.rating as i64)
    }
}

/// How far apart two rated players' ratings may be for quick match to pair them, when the
/// longer waiting of them has waited `waited_ms`.
fn pairing_range(waited_ms: u64) -> f64 {
    PAIRING_RANGE + PAIRING_WIDENS_PER_SECOND * waited_ms as f64 / 1000.0
}

/// Whether two waiters may play a rated game: two players, not the same one, close enough.
fn may_pair(a: &Waiter, b: &Waiter, now: u64) -> bool {
    let (Some(pa), Some(pb)) = (&a.player, &b.player) else { return false };
    let waited = now.saturating_sub(a.since.min(b.since));
    pa.id != pb.id && (a.rating() - b.rating()).abs() as f64 <= pairing_range(waited)
}

impl Queue {
    /// The waiter `me` is paired with the one it may play (the longer waiting first), or
    /// waits.
    fn ask(&mut self, key: &QueueKey, me: Waiter, now: u64) -> Option<[Waiter; 2]> {
        let rated = key.3;
        let waiting = self.waiting.entry(key.clone()).or_default();
        waiting.retain(|w| w.client.id != me.client.id && !w.client.outbox.is_closed());
        let nearest = waiting
            .iter()
            .enumerate()
            .filter(|(_, w)| !rated || may_pair(w, &me, now))
            .min_by_key(|(_, w)| if rated { (w.rating() - me.rating()).abs() } else { 0 })
            .map(|(at, _)| at);
        match nearest {
            Some(at) => Some([waiting.remove(at), me]),
            None => {
                waiting.push(me);
                None
            }
        }
    }

    /// The rated waiters whose ranges have widened enough since they came, paired: the
    /// closest ratings first.
    fn due(&mut self, now: u64) -> Vec<(QueueKey, [Waiter; 2])> {
        let mut pairs = Vec::new();
        for (key, waiting) in self.waiting.iter_mut().filter(|(key, _)| key.3) {
            waiting.retain(|w| !w.client.outbox.is_closed());
            loop {
                let mut best: Option<(i64, usize, usize)> = None;
                for a in 0..waiting.len() {
                    for b in a + 1..waiting.len() {
                        let gap = (waiting[a].rating() - waiting[b].rating()).abs();
                        if may_pair(&waiting[a], &waiting[b], now)
                            && best.is_none_or(|(least, ..)| gap < least)
                        {
                            best = Some((gap, a, b));
                        }
                    }
                }
                let Some((_, a, b)) = best else { break };
                // The longer waiting plays first; `b` comes after `a`, so goes first.
                let second = waiting.remove(b);
                let first = waiting.remove(a);
                pairs.push((key.clone(), [first, second]));
            }
        }
        self.waiting.retain(|_, waiting| !waiting.is_empty());
        pairs
    }

    /// A connection no longer waits.
    /// How many wait in each pool (its game, time control and rated or not, any rules).
    pub(super) fn pools(&self) -> Vec<Pool> {
        let mut pools: Vec<Pool> = Vec::new();
        for ((game, _, time, rated), waiting) in &self.waiting {
            let (game, rated) = (game.slug(), *rated);
            match pools.iter_mut().find(|p| p.game == game && p.time == *time && p.rated == rated) {
                Some(pool) => pool.waiting += waiting.len() as u64,
                None => pools.push(Pool {
                    game: game.to_owned(),
                    time: time.clone(),
                    rated,
                    waiting: waiting.len() as u64,
                }),
            }
        }
        pools.sort_by(|a, b| (&a.game, &a.time, a.rated).cmp(&(&b.game, &b.time, b.rated)));
        pools
    }

    fn remove(&mut self, client: u64) {
        for waiting in self.waiting.values_mut() {
            waiting.retain(|w| w.client.id != client);
        }
        self.waiting.retain(|_, waiting| !waiting.is_empty());
    }
}

impl Hub {
    /// Pairs `client` with a player waiting for the same game, rules, time control and rated
    /// or not, or queues it: `None` while it waits (the waiter learns its room from a
    /// [`Push::Seated`](super::Push::Seated)). It is `rated` only if timed and the device has
    /// a player.
    pub async fn quick(
        &self,
        client: &Client,
        game: &str,
        rules: &str,
        time: &str,
        rated: bool,
    ) -> Result<Option<Taken>, Reply> {
        let (game, table) = Self::game_and_rules(game, rules)?;
        let control = Self::time_control(time)?;
        // A room quick match opens counts against both players, as one they created would.
        self.may_open(client.address)?;
        let speed = Speed::of(control);
        let player = self.seat_player_of(client, game, speed).await;
        let rated = rated && speed.is_some() && player.is_some();
        let now = self.clock.now_ms();
        let me = Waiter { client: client.clone(), player, since: now };
        let key = (game, table.rules(), control.text(), rated);
        let pair = self.queue.lock().unwrap_or_else(|e| e.into_inner()).ask(&key, me, now);
        // The pools' counts changed: one more waits, or two were paired.
        self.refresh_lobby();
        let Some(pair) = pair else {
            tell(client, Reply::Waiting { game: game.slug().to_owned(), rules: key.1, time: key.2 });
            return Ok(None);
        };
        self.pair(Some(client), pair, &key).await.map(Some)
    }

    /// Pairs the rated waiters whose ranges allow it now. Run every [`PAIRING_EVERY`].
    pub async fn pair_waiting(&self) {
        let pairs = self.queue.lock().unwrap_or_else(|e| e.into_inner()).due(self.clock.now_ms());
        if !pairs.is_empty() {
            self.refresh_lobby();
        }
        for (key, pair) in pairs {
            // Each is told of its room, or why there is none.
            let _ = self.pair(None, pair, &key).await;
        }
    }

    /// A room for two waiters of a quick match, the first taking the first seat; `asking`
    /// (if one of them asked just now) hears of it in its answer, the others by a
    /// [`Push::Seated`](super::Push::Seated). Its answer is the second seat.
    async fn pair(&self, asking: Option<&Client>, pair: [Waiter; 2], key: &QueueKey) -> Result<Taken, Reply> {
        let (game, rules, time, rated) = key;
        let [first, second] = pair;
        let opened = async {
            let (_, table) = Self::game_and_rules(game.slug(), rules)?;
            let mut extra = self.extra(&*table, Self::time_control(time)?, true);
            extra.players = [first.player.clone(), second.player.clone()];
            extra.rated = *rated;
            let seated = [(&first.client, Player::First), (&second.client, Player::Second)];
            self.open_room(asking, table, &seated, extra).await
        };
        match opened.await {
            Ok(cell) => {
                self.opened(&cell.id, &[&first.client, &second.client]);
                Ok(Taken { room: cell, seat: Some(Player::Second) })
            }
            Err(error) => {
                for waiter in [&first, &second] {
                    if asking.is_none_or(|asking| asking.id != waiter.client.id) {
                        tell(&waiter.client, error.clone());
                    }
                }
                Err(error)
            }
        }
    }

    /// A connection no longer waits for a quick match.
    pub fn unqueue(&self, client: &Client) {
        let mut queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        let before = queue.pools();
        queue.remove(client.id);
        let changed = queue.pools() != before;
        drop(queue);
        if changed {
            self.refresh_lobby();
        }
    }
}
