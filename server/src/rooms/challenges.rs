//! Challenges by name: a player asks another, online here or at another instance sharing the
//! store, for a game (its game, rules, clock, rated); the other's every device is told, and one
//! of them accepts (both are given a seat's token in a new room, who plays first drawn) or
//! declines (the challenger is told).

use super::room::Room;
use super::{Client, Hub, Push};
use crate::secrets::{hashed, new_id, new_token, random_bytes};
use board_suite::protocol::{ErrorCode, NewRoom, Reply, SeatPlayer};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};

/// How long a challenge stays open, and how many one player may have open.
const CHALLENGE_MS: u64 = 2 * 60 * 1000;
const OPEN_CHALLENGES: usize = 3;
/// The length of a challenge's id.
const CHALLENGE_ID_LENGTH: usize = 12;
/// What the instances tell each other of challenges: `challenge <instance> <json>` (made there),
/// `challenge-answer <instance> <player> <device> <json>` (the answer, for the challenger's
/// device at that instance) and `challenge-gone <id>` (answered).
const CHALLENGE_NEWS: &str = "challenge";
const ANSWER_NEWS: &str = "challenge-answer";
const TAKEN_NEWS: &str = "challenge-gone";

/// A challenge open: made here, or told by another instance sharing the store (which holds
/// the challenger's asking device).
#[derive(Clone, Serialize, Deserialize)]
struct Challenge {
    id: String,
    from: SeatPlayer,
    /// The instance and the device that asked: told of the answer (else the challenger's every
    /// device there).
    instance: String,
    asked_by: u64,
    to: String,
    /// The challenged player's name, as the challenge says it.
    to_name: String,
    new: NewRoom,
    at: u64,
}

impl Challenge {
    /// The challenge, as its players' devices are told it.
    fn told(&self) -> Reply {
        Reply::Challenge {
            id: self.id.clone(),
            from: self.from.clone(),
            to: self.to_name.clone(),
            new: self.new.clone(),
        }
    }
}

#[derive(Default)]
pub(super) struct Open(Mutex<Vec<Challenge>>);

fn refused(code: ErrorCode, why: &str) -> Reply {
    Reply::error(code, why)
}

impl Hub {
    /// The challenges open at `now`, the expired ones gone.
    fn open_challenges(&self, now: u64) -> std::sync::MutexGuard<'_, Vec<Challenge>> {
        let mut open = self.challenges.0.lock().unwrap_or_else(|e| e.into_inner());
        open.retain(|c| now.saturating_sub(c.at) < CHALLENGE_MS);
        open
    }

    /// Sends `reply` to the devices here of the player `id`: the device `only` alone if it is
    /// one of them.
    fn tell_devices(&self, id: &str, only: Option<u64>, reply: &Reply) -> bool {
        let devices = self.devices_of(id);
        let only = only.filter(|only| devices.iter().any(|(device, _)| device == only));
        let frame: Arc<str> = reply.to_text().into();
        for (_, outbox) in devices.iter().filter(|(device, _)| only.is_none_or(|only| *device == only)) {
            outbox.send(Push::Frame(frame.clone()));
        }
        !devices.is_empty()
    }

    /// Another instance's news of a challenge: made, answered or taken. Whether `payload` was that.
    pub(super) fn heard_challenge(&self, payload: &str) -> bool {
        let now = self.clock.now_ms();
        let mut words = payload.splitn(3, ' ');
        let (kind, second, rest) = (words.next(), words.next(), words.next().unwrap_or_default());
        match (kind, second) {
            (Some(CHALLENGE_NEWS), Some(instance)) if instance != self.instance => {
                let Ok(challenge) = serde_json::from_str::<Challenge>(rest) else { return true };
                self.tell_devices(&challenge.to, None, &challenge.told());
                let mut open = self.open_challenges(now);
                if !open.iter().any(|c| c.id == challenge.id) {
                    open.push(challenge);
                }
            }
            (Some(ANSWER_NEWS), Some(instance)) if instance == self.instance => {
                let mut words = rest.splitn(3, ' ');
                let (Some(player), Some(device), Some(json)) = (words.next(), words.next(), words.next())
                else {
                    return true;
                };
                if let Some(reply) = Reply::read(json) {
                    self.tell_devices(player, device.parse().ok(), &reply);
                }
            }
            (Some(TAKEN_NEWS), Some(id)) => self.open_challenges(now).retain(|c| c.id != id),
            (Some(CHALLENGE_NEWS | ANSWER_NEWS), _) => {}
            _ => return false,
        }
        true
    }

    /// Whether the player `id` sits in a game being played.
    async fn busy(&self, id: &str) -> bool {
        let cells: Vec<_> = self.rooms.lock().unwrap_or_else(|e| e.into_inner()).values().cloned().collect();
        for cell in cells {
            let live = self.lock(&cell).await;
            let seated = live.room.extra.players.iter().flatten().any(|player| player.id == id);
            if seated && live.room.begun() && !live.room.table.over() {
                return true;
            }
        }
        false
    }

    /// `client`'s player challenges the player named `name` to the game `new`: told to every
    /// device of theirs, and said back to `client` as sent.
    pub async fn challenge(&self, client: &Client, name: &str, new: NewRoom) -> Reply {
        match self.make_challenge(client, name, new).await {
            Ok(reply) | Err(reply) => reply,
        }
    }

    async fn make_challenge(&self, client: &Client, name: &str, new: NewRoom) -> Result<Reply, Reply> {
        let Some(from) = client.player.as_ref() else {
            return Err(refused(ErrorCode::NoPlayer, "say hello with your key first"));
        };
        let to = match self.store().players().named(name).await {
            Ok(Some(to)) => to,
            Ok(None) => return Err(refused(ErrorCode::NoPlayer, "no player has that name")),
            Err(_) => return Err(refused(ErrorCode::Storage, "the server could not look for that player")),
        };
        if to.id == from.id {
            return Err(refused(ErrorCode::ChallengeSelf, "you cannot challenge yourself"));
        }
        let (game, table) = Self::game_and_rules(&new.game, &new.rules)?;
        let control = Self::time_control(&new.time)?;
        let now = self.clock.now_ms();
        if self.open_challenges(now).iter().filter(|c| c.from.id == from.id).count() >= OPEN_CHALLENGES {
            return Err(refused(ErrorCode::ChallengeLimit, "at most 3 challenges open at once"));
        }
        let elsewhere = self.elsewhere(&to.id);
        if self.devices_of(&to.id).is_empty() && !elsewhere {
            return Err(refused(ErrorCode::ChallengeOffline, "that player is not online"));
        }
        if self.busy(&to.id).await {
            return Err(refused(ErrorCode::ChallengeBusy, "that player is in a game"));
        }
        let extra = self.extra(&*table, control, false);
        let speed = extra.speed();
        let Some(from_player) = self.seat_player_of(client, game, speed).await else {
            return Err(refused(ErrorCode::NoPlayer, "say hello with your key first"));
        };
        // The rules as the table reads them, the time as its text: what the game will be.
        let new = NewRoom {
            game: game.slug().to_owned(),
            rules: table.rules(),
            time: control.text(),
            rated: new.rated && speed.is_some(),
        };
        let challenge = Challenge {
            id: new_id(CHALLENGE_ID_LENGTH),
            from: from_player,
            instance: self.instance.clone(),
            asked_by: client.id,
            to: to.id,
            to_name: to.name.unwrap_or_default(),
            new,
            at: now,
        };
        let reply = challenge.told();
        self.tell_devices(&challenge.to, None, &reply);
        if elsewhere && let Ok(json) = serde_json::to_string(&challenge) {
            let _ = self.store.tell_presence(&format!("{CHALLENGE_NEWS} {} {json}", self.instance)).await;
        }
        self.open_challenges(now).push(challenge);
        Ok(reply)
    }

    /// `client`'s player answers the challenge `id` made to them: declined, the challenger is
    /// told; accepted, a room is opened with a seat for each, and each is given its token.
    pub async fn answer_challenge(&self, client: &Client, id: &str, accept: bool) -> Reply {
        match self.take_challenge(client, id, accept).await {
            Ok(reply) | Err(reply) => reply,
        }
    }

    async fn take_challenge(&self, client: &Client, id: &str, accept: bool) -> Result<Reply, Reply> {
        let now = self.clock.now_ms();
        let me = client.player.as_ref().map(|player| player.id.as_str());
        let challenge = {
            let mut open = self.open_challenges(now);
            // Only the challenged may answer: a forged id or another's challenge is no one's.
            let at = open.iter().position(|c| c.id == id && Some(c.to.as_str()) == me);
            at.map(|at| open.remove(at))
        };
        let Some(challenge) = challenge else {
            return Err(refused(ErrorCode::NoChallenge, "no such challenge open to you"));
        };
        // The other instances put it away too: it is answered once.
        let _ = self.store.tell_presence(&format!("{TAKEN_NEWS} {id}")).await;
        let answer = |room: Option<&str>, token: Option<String>| Reply::ChallengeAnswer {
            id: challenge.id.clone(),
            accepted: accept,
            game: challenge.new.game.clone(),
            room: room.map(str::to_owned),
            token,
        };
        if !accept {
            self.tell_challenger(&challenge, &answer(None, None)).await;
            return Ok(answer(None, None));
        }
        let (game, table) = Self::game_and_rules(&challenge.new.game, &challenge.new.rules)?;
        let mut extra = self.extra(&*table, Self::time_control(&challenge.new.time)?, false);
        let speed = extra.speed();
        // The challenger's, then the challenged player's; which of them plays first is drawn.
        let people = [Some(challenge.from.clone()), self.seat_player_of(client, game, speed).await];
        let tokens = [new_token(), new_token()];
        let first = usize::from(random_bytes::<1>()[0] & 1);
        extra.players = [people[first].clone(), people[1 - first].clone()];
        extra.rated = challenge.new.rated && speed.is_some();
        let seats = [Some(hashed(&tokens[first])), Some(hashed(&tokens[1 - first]))];
        let cell = Self::new_room(Room::new(table, seats, extra));
        {
            let mut live = self.lock(&cell).await;
            live.present(now);
            self.commit(&cell, &mut live).await?;
        }
        let room = cell.id.clone();
        self.rooms.lock().unwrap_or_else(|e| e.into_inner()).insert(room.clone(), cell);
        let [challenger, challenged] = tokens;
        self.tell_challenger(&challenge, &answer(Some(&room), Some(challenger))).await;
        Ok(answer(Some(&room), Some(challenged)))
    }

    /// Tells the challenger's asking device, or else every device of theirs, at the instance
    /// that holds it.
    async fn tell_challenger(&self, challenge: &Challenge, reply: &Reply) {
        let from = &challenge.from.id;
        if challenge.instance == self.instance {
            self.tell_devices(from, Some(challenge.asked_by), reply);
        } else {
            let news = format!(
                "{ANSWER_NEWS} {} {from} {} {}",
                challenge.instance,
                challenge.asked_by,
                reply.to_text()
            );
            let _ = self.store.tell_presence(&news).await;
        }
    }
}
