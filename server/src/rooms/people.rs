//! Who is online: the connections here that said hello, and the named players the other
//! instances sharing the store say they hold (each tells its own every
//! [`super::PLAYERS_EVERY`], and as a name comes or goes), so that the lobby lists them and a
//! challenge finds them.

use super::lobby::PLAYERS_HEARD_MS;
use super::{Client, Hub, Outbox};
use std::collections::HashMap;
use std::sync::Mutex;

/// `people <instance> <id>=<name> …`: named players held by an instance (a name holds no space
/// and no `=`).
pub(super) const PEOPLE_NEWS: &str = "people";
/// `people-gone <instance> <id>`: the player's last named device there is gone.
pub(super) const PEOPLE_GONE: &str = "people-gone";
/// A notification's payload stays under PostgreSQL's 8,000 bytes.
pub(super) const NEWS_BYTES: usize = 7_000;

/// A connection with a player: their id and name, and where to tell them (kept small: every
/// connection that said hello has one).
struct Present {
    player: Box<str>,
    name: Option<Box<str>>,
    outbox: Outbox,
}

/// A named player at another instance, as last heard.
struct Elsewhere {
    name: String,
    instance: String,
    heard: u64,
}

#[derive(Default)]
pub(super) struct People {
    /// The connections that have said hello, by connection.
    here: Mutex<HashMap<u64, Present>>,
    /// The named players at other instances, by player id.
    elsewhere: Mutex<HashMap<String, Elsewhere>>,
}

impl Hub {
    /// The connection plays as its player now (after a hello, a name or a transfer), or as no
    /// one (forgotten, or gone: `None`).
    pub fn present(&self, client: &Client, here: bool) {
        let mut people = self.people.here.lock().unwrap_or_else(|e| e.into_inner());
        let was = match client.player.as_ref().filter(|_| here) {
            Some(player) => {
                let name = player.name.as_deref().map(Box::from);
                let present =
                    Present { player: player.id.as_str().into(), name, outbox: client.outbox.clone() };
                people.insert(client.id, present)
            }
            None => people.remove(&client.id),
        };
        let named = people.get(&client.id).and_then(|p| Some((&*p.player, p.name.as_deref()?)));
        if was.as_ref().and_then(|p| p.name.as_deref()) == named.map(|(_, name)| name) {
            return;
        }
        // The other instances hear of a name come, or of a player's last named device gone.
        let news = match (named, was) {
            (Some((id, name)), _) => Some(format!("{PEOPLE_NEWS} {} {id}={name}", self.instance)),
            (None, Some(was)) if !people.values().any(|p| p.player == was.player && p.name.is_some()) => {
                Some(format!("{PEOPLE_GONE} {} {}", self.instance, was.player))
            }
            (None, _) => None,
        };
        drop(people);
        // The lobby lists the named players online.
        self.refresh_lobby();
        if let (Some(news), Ok(runtime)) = (news, tokio::runtime::Handle::try_current()) {
            let hub = self.me.clone();
            runtime.spawn(async move {
                if let Some(hub) = hub.upgrade() {
                    let _ = hub.store.tell_presence(&news).await;
                }
            });
        }
    }

    /// The named players online, here and at the other instances, by name, each once: their
    /// names and ids.
    pub(super) fn named_online(&self) -> Vec<(String, String)> {
        let mut named: Vec<(String, String)> = {
            let people = self.people.here.lock().unwrap_or_else(|e| e.into_inner());
            people
                .values()
                .filter_map(|p| Some((p.name.as_deref()?.to_owned(), p.player.to_string())))
                .collect()
        };
        let now = self.clock.now_ms();
        let mut elsewhere = self.people.elsewhere.lock().unwrap_or_else(|e| e.into_inner());
        elsewhere.retain(|_, there| now.saturating_sub(there.heard) < PLAYERS_HEARD_MS);
        named.extend(elsewhere.iter().map(|(id, there)| (there.name.clone(), id.clone())));
        drop(elsewhere);
        named.sort();
        named.dedup();
        named
    }

    /// The devices of the player `id` here now: their connections' ids and outboxes.
    pub(super) fn devices_of(&self, id: &str) -> Vec<(u64, Outbox)> {
        let people = self.people.here.lock().unwrap_or_else(|e| e.into_inner());
        people.iter().filter(|(_, p)| &*p.player == id).map(|(at, p)| (*at, p.outbox.clone())).collect()
    }

    /// Whether another instance said lately that it holds a named device of the player `id`.
    pub(super) fn elsewhere(&self, id: &str) -> bool {
        let now = self.clock.now_ms();
        let elsewhere = self.people.elsewhere.lock().unwrap_or_else(|e| e.into_inner());
        elsewhere.get(id).is_some_and(|there| now.saturating_sub(there.heard) < PLAYERS_HEARD_MS)
    }

    /// Tells the other instances the named players this one holds, in notifications of a
    /// bounded size.
    pub(super) async fn tell_people(&self) {
        let named: Vec<String> = {
            let people = self.people.here.lock().unwrap_or_else(|e| e.into_inner());
            let mut named: Vec<String> = people
                .values()
                .filter_map(|p| Some(format!("{}={}", p.player, p.name.as_deref()?)))
                .collect();
            named.sort();
            named.dedup();
            named
        };
        let head = format!("{PEOPLE_NEWS} {}", self.instance);
        let mut news = head.clone();
        for person in named {
            if news.len() + 1 + person.len() > NEWS_BYTES {
                let _ = self.store.tell_presence(&std::mem::replace(&mut news, head.clone())).await;
            }
            news.push(' ');
            news.push_str(&person);
        }
        if news.len() > head.len() {
            let _ = self.store.tell_presence(&news).await;
        }
    }

    /// Another instance's news of its people: whether `words` were that.
    pub(super) fn heard_people(&self, words: &[&str]) -> bool {
        let now = self.clock.now_ms();
        let changed = match words {
            [PEOPLE_NEWS, instance, people @ ..] if *instance != self.instance => {
                let mut elsewhere = self.people.elsewhere.lock().unwrap_or_else(|e| e.into_inner());
                let mut changed = false;
                for (id, name) in people.iter().filter_map(|person| person.split_once('=')) {
                    let there =
                        Elsewhere { name: name.to_owned(), instance: (*instance).to_owned(), heard: now };
                    changed |= elsewhere.insert(id.to_owned(), there).is_none_or(|was| was.name != name);
                }
                changed
            }
            [PEOPLE_GONE, instance, id] if *instance != self.instance => {
                let mut elsewhere = self.people.elsewhere.lock().unwrap_or_else(|e| e.into_inner());
                let theirs = elsewhere.get(*id).is_some_and(|there| there.instance == *instance);
                theirs && elsewhere.remove(*id).is_some()
            }
            [PEOPLE_NEWS | PEOPLE_GONE, ..] => false,
            _ => return false,
        };
        if changed {
            self.refresh_lobby();
        }
        true
    }
}
