//! What the instances sharing a store tell each other: which seats of a room have a device at
//! each, that a room or the lobby changed, and how many players each holds.

use super::Hub;
use super::lobby::{LOBBY_NEWS, PLAYERS_NEWS};

impl Hub {
    /// Tells the other instances which seats of a room have a device here.
    pub(super) async fn tell_presence(&self, id: &str, here: [bool; 2]) {
        let [first, second] = here.map(u8::from);
        let _ = self.store.tell_presence(&format!("{id} {} {first} {second}", self.instance)).await;
    }

    /// Another instance's news: the lobby changed, how many players it holds, its presence in
    /// a room, or its request that this one tell its own.
    pub async fn heard_presence(&self, payload: &str) {
        if payload == LOBBY_NEWS {
            self.refresh_lobby();
            return;
        }
        if self.heard_challenge(payload) {
            return;
        }
        let words: Vec<&str> = payload.split(' ').collect();
        if self.heard_people(&words) {
            return;
        }
        if let [PLAYERS_NEWS, instance, count] = words[..] {
            if let (Ok(count), false) = (count.parse(), instance == self.instance) {
                self.heard_players(instance, count);
            }
            return;
        }
        let (&[id, instance, ..], false) = (words.as_slice(), words.get(1) == Some(&self.instance.as_str()))
        else {
            return;
        };
        let Some(cell) = self.held(id) else { return };
        let mut live = self.lock(&cell).await;
        match words[2..] {
            ["?"] => {
                let here = live.here();
                drop(live);
                self.tell_presence(id, here).await;
            }
            [first, second] => {
                live.elsewhere.insert(instance.to_owned(), [first == "1", second == "1"]);
                live.elsewhere.retain(|_, seats| seats.iter().any(|&s| s));
                // Only a seat's coming or going elsewhere is news here.
                let now = self.clock.now_ms();
                if live.present(now) {
                    live.broadcast(id, now);
                }
            }
            _ => {}
        }
    }

    /// Another instance changed a room (or this one did): watchers here see the stored game.
    /// `payload` is `<room> <version>`: a version already here (this instance's own change)
    /// is not read again.
    pub async fn refresh(&self, payload: &str) {
        let (id, version) = payload.split_once(' ').unwrap_or((payload, ""));
        let Some(cell) = self.held(id) else { return };
        let mut live = self.lock(&cell).await;
        if live.gone || version.parse::<u64>().is_ok_and(|version| version <= live.room.version) {
            return;
        }
        if let Ok(Some(stored)) = self.store.load(id).await
            && stored.version > live.room.version
        {
            self.read_again(&cell, &mut live, &stored);
        }
    }

    /// Reads every room in memory again, and asks the other instances for their presence:
    /// after this instance could not hear them a while.
    pub async fn resync(&self) {
        let ids: Vec<String> = self.rooms.lock().unwrap_or_else(|e| e.into_inner()).keys().cloned().collect();
        for id in ids {
            self.refresh(&id).await;
            if let Some(cell) = self.held(&id) {
                let here = self.lock(&cell).await.here();
                self.tell_presence(&id, here).await;
            }
            let _ = self.store.tell_presence(&format!("{id} {} ?", self.instance)).await;
        }
    }
}
