//! Who is in a room: rooms opened with their first seats, devices entering (a seat held, a
//! free seat taken, or watching) and leaving, rematches, and the rooms each address may hold.

use super::room::{Effect, Extra, Room, SEEK_MS};
use super::{Client, Hub, Live, Push, RoomCell, Taken, Watcher, tell};
use crate::game_clock::index;
use crate::metrics::{Metrics, Refusal};
use crate::secrets::{ROOM_ID_LENGTH, hashed, new_id, new_token, random_bytes};
use crate::store::RoomRow;
use crate::table::{self, Table};
use board_suite::games::GameId;
use board_suite::protocol::{ErrorCode, Reply, Seat, SeatPlayer};
use board_suite::rating::{Rating, Speed};
use board_suite::rules::Player;
use board_suite::rules::clock::TimeControl;
use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::Arc;

impl Hub {
    pub(super) fn game_and_rules(game: &str, rules: &str) -> Result<(GameId, Box<dyn Table>), Reply> {
        let id =
            GameId::from_slug(game).ok_or_else(|| Reply::error(ErrorCode::UnknownGame, "no such game"))?;
        let seed = u64::from_le_bytes(random_bytes());
        let table = table::open(id, rules, seed).map_err(|e| {
            Reply::error(ErrorCode::BadRules, format!("these rules cannot start a game: {e:?}"))
        })?;
        Ok((id, table))
    }

    pub(super) fn time_control(time: &str) -> Result<TimeControl, Reply> {
        TimeControl::parse(time).map_err(|e| Reply::error(ErrorCode::BadTimeControl, e.0))
    }

    /// A room's settings, its clock starting now.
    pub(super) fn extra(&self, table: &dyn Table, control: TimeControl, strangers: bool) -> Extra {
        Extra::new(table, control, strangers, self.clock.now_ms())
    }

    /// A new room with its seats given to `seated`: each is told its seat and token, then
    /// everyone the room's state.
    /// A seated device other than the one asking (a quick match's waiter) learns its room
    /// before anything of it: a turn it sends on hearing the room then finds its connection in
    /// the room.
    pub(super) async fn open_room(
        &self,
        asking: Option<&Client>,
        table: Box<dyn Table>,
        seated: &[(&Client, Player)],
        extra: Extra,
    ) -> Result<Arc<RoomCell>, Reply> {
        let mut seats = [None, None];
        let mut tokens = Vec::new();
        for (_, player) in seated {
            let token = new_token();
            seats[index(*player)] = Some(hashed(&token));
            tokens.push(token);
        }
        let cell = Self::new_room(Room::new(table, seats, extra));
        let id = cell.id.clone();
        let here = {
            let mut live = self.lock(&cell).await;
            let game = live.room.table.game();
            for ((client, player), token) in seated.iter().zip(tokens) {
                if asking.is_none_or(|asking| client.id != asking.id) {
                    client.outbox.send(Push::Seated { room: cell.clone(), seat: *player });
                }
                tell(client, Self::seat_frame(&id, game, Some(*player), Some(token)));
                live.watchers.push(Watcher::new(client, Some(*player)));
            }
            live.present(self.clock.now_ms());
            if let Err(error) = self.commit(&cell, &mut live).await {
                // Never stored: a waiter already told of it finds it gone.
                live.gone = true;
                return Err(error);
            }
            live.here()
        };
        self.tell_presence(&id, here).await;
        tracing::debug!(room = %id, "a room opened");
        self.rooms.lock().unwrap_or_else(|e| e.into_inner()).insert(id, cell.clone());
        Ok(cell)
    }

    /// A room not yet stored, with no one in it, under a new id.
    pub(super) fn new_room(room: Room) -> Arc<RoomCell> {
        Arc::new(RoomCell {
            id: new_id(ROOM_ID_LENGTH),
            room: tokio::sync::Mutex::new(Live::new(room, RoomRow::default())),
        })
    }

    fn seat_frame(room: &str, game: GameId, seat: Option<Player>, token: Option<String>) -> Reply {
        Reply::Seat { room: room.to_owned(), game: game.slug().to_owned(), seat: Seat::of(seat), token }
    }

    /// Refused when `address` has as many unfinished rooms as it may.
    pub(super) fn may_open(&self, address: IpAddr) -> Result<(), Reply> {
        let created = self.created.lock().unwrap_or_else(|e| e.into_inner());
        if created.get(&address).map_or(0, HashSet::len) >= self.limits.rooms_per_address {
            self.metrics.refused(Refusal::TooManyRooms);
            return Err(Reply::error(
                ErrorCode::TooManyRooms,
                format!("at most {} unfinished rooms per address", self.limits.rooms_per_address),
            ));
        }
        Ok(())
    }

    /// The room counts against its players' addresses until it is finished.
    pub(super) fn opened(&self, id: &str, players: &[&Client]) {
        let mut created = self.created.lock().unwrap_or_else(|e| e.into_inner());
        for client in players {
            created.entry(client.address).or_default().insert(id.to_owned());
        }
    }

    /// A room no longer counts against its creator's limit.
    pub(super) fn finished(&self, id: &str) {
        let mut created = self.created.lock().unwrap_or_else(|e| e.into_inner());
        for rooms in created.values_mut() {
            rooms.remove(id);
        }
        created.retain(|_, rooms| !rooms.is_empty());
    }

    /// A player's rating in a game and speed: a first rated game's if they have none, and
    /// none when the store cannot say.
    async fn rating(&self, player: &str, game: GameId, speed: Speed) -> Option<Rating> {
        match self.store.players().ratings(player).await {
            Ok(rows) => {
                Some(rows.into_iter().find(|r| r.game == game.slug() && r.speed == speed.slug()).map_or(
                    Rating::NEW,
                    |r| Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility },
                ))
            }
            Err(error) => {
                Metrics::count(&self.metrics.store_errors);
                tracing::warn!("a rating could not be read: {}", error.0);
                None
            }
        }
    }

    /// Who a player is at a seat of `game` at `speed` (none untimed): their name, and their
    /// rating there as they sit down.
    async fn seat_player(
        &self,
        id: &str,
        name: Option<String>,
        game: GameId,
        speed: Option<Speed>,
    ) -> SeatPlayer {
        let rating = match speed {
            Some(speed) => self.rating(id, game, speed).await,
            None => None,
        };
        SeatPlayer {
            id: id.to_owned(),
            name,
            rating: rating.map(|r| r.rating.round() as i64),
            provisional: rating.is_some_and(|r| r.provisional()),
        }
    }

    /// [`Hub::seat_player`] for a device: none before it has said hello.
    pub(super) async fn seat_player_of(
        &self,
        client: &Client,
        game: GameId,
        speed: Option<Speed>,
    ) -> Option<SeatPlayer> {
        let player = client.player.as_ref()?;
        Some(self.seat_player(&player.id, player.name.clone(), game, speed).await)
    }

    /// A new room of `game` under `rules` and the time control `time`; `client` takes the
    /// first seat. A seek (`seek`) is listed in the lobby until someone takes the other. It is
    /// `rated` only if timed and the device has a player.
    pub async fn create(
        &self,
        client: &Client,
        game: &str,
        rules: &str,
        time: &str,
        seek: bool,
        rated: bool,
    ) -> Result<Taken, Reply> {
        let (game, table) = Self::game_and_rules(game, rules)?;
        let control = Self::time_control(time)?;
        self.may_open(client.address)?;
        let mut extra = self.extra(&*table, control, seek);
        if seek {
            extra.seek_until = Some(self.clock.now_ms().saturating_add(SEEK_MS));
        }
        extra.players[0] = self.seat_player_of(client, game, extra.speed()).await;
        extra.rated = rated && extra.speed().is_some() && extra.players[0].is_some();
        let cell = self.open_room(Some(client), table, &[(client, Player::First)], extra).await?;
        self.opened(&cell.id, &[client]);
        Ok(Taken { room: cell, seat: Some(Player::First) })
    }

    /// The room of this id, from memory or the store.
    async fn room(&self, id: &str) -> Option<Arc<RoomCell>> {
        if let Some(cell) = self.held(id) {
            return Some(cell);
        }
        let row = self.store.load(id).await.ok()??;
        let room = Room::from_row(&row)?;
        Metrics::count(&self.metrics.rooms_loaded);
        let cell =
            Arc::new(RoomCell { id: id.to_owned(), room: tokio::sync::Mutex::new(Live::new(room, row)) });
        let cell =
            self.rooms.lock().unwrap_or_else(|e| e.into_inner()).entry(id.to_owned()).or_insert(cell).clone();
        {
            let mut live = self.lock(&cell).await;
            live.present(self.clock.now_ms());
            self.arm(&cell, &mut live);
        }
        // Devices at other instances: they say which seats they hold.
        let _ = self.store.tell_presence(&format!("{id} {} ?", self.instance)).await;
        Some(cell)
    }

    /// Enters a room: the seat `token` holds, else a free seat with a new token, else watching.
    pub async fn join(&self, client: &Client, id: &str, token: Option<&str>) -> Result<Taken, Reply> {
        self.enter(client, id, token, false).await
    }

    /// Takes the free seat of a seek in the lobby: the game begins for both.
    pub async fn take(&self, client: &Client, id: &str) -> Result<Taken, Reply> {
        self.enter(client, id, None, true).await
    }

    /// [`Hub::join`], or with `seek` [`Hub::take`]: only a seek's free seat, and not by its maker.
    async fn enter(
        &self,
        client: &Client,
        id: &str,
        token: Option<&str>,
        seek: bool,
    ) -> Result<Taken, Reply> {
        let no_room = || {
            if seek {
                Reply::error(ErrorCode::NoSeek, "that seek was taken, withdrawn, or has expired")
            } else {
                Reply::error(ErrorCode::NoRoom, "no such room")
            }
        };
        if id.len() > 64 {
            return Err(no_room());
        }
        // A room that left memory just now is read again.
        let mut tries = 0;
        let cell = loop {
            let cell = self.room(id).await.ok_or_else(no_room)?;
            if !self.lock(&cell).await.gone {
                break cell;
            }
            self.forget(&cell);
            tries += 1;
            if tries == 3 {
                return Err(no_room());
            }
        };
        let mut live = self.lock(&cell).await;
        if live.gone {
            return Err(no_room());
        }
        let now = self.clock.now_ms();
        if seek {
            if live.watchers.iter().any(|w| w.client == client.id && w.seat.is_some()) {
                return Err(Reply::error(ErrorCode::OwnSeek, "your own seek waits for someone else"));
            }
            if !live.room.seeking(now) {
                return Err(no_room());
            }
        }
        let game = live.room.table.game();
        let held = token.map(hashed).and_then(|hash| live.room.held(&hash));
        let watcher = |seat| Watcher::new(client, seat);
        let before = live.here();
        // Joining the room it is in again: the device is watching once.
        live.watchers.retain(|w| w.client != client.id);
        let seat = match (held, live.room.free_seat()) {
            (Some(seat), _) => {
                tell(client, Self::seat_frame(id, game, Some(seat), None));
                live.watchers.push(watcher(Some(seat)));
                Some(seat)
            }
            (None, Some(free)) => {
                let token = new_token();
                let player = self.seat_player_of(client, game, live.room.extra.speed()).await;
                let _ = live.room.sit(free, hashed(&token), player, now);
                // A seek's taker hears of its seat only once it is sure: another instance may
                // take it first.
                let seat_frame = Self::seat_frame(id, game, Some(free), Some(token));
                if !seek {
                    live.watchers.push(watcher(Some(free)));
                    tell(client, seat_frame.clone());
                }
                live.present(now);
                live.changing = true;
                let committed = self.commit(&cell, &mut live).await;
                live.changing = false;
                if let Err(error) = committed {
                    live.watchers.retain(|w| w.client != client.id);
                    live.present(now);
                    return Err(if seek { no_room() } else { error });
                }
                if seek {
                    tell(client, seat_frame);
                    live.watchers.push(watcher(Some(free)));
                }
                Some(free)
            }
            _ => {
                tell(client, Self::seat_frame(id, game, None, None));
                live.watchers.push(watcher(None));
                None
            }
        };
        // A seat coming online is news for everyone; a spectator changes nothing the others
        // see, so it alone is sent the room (a crowd costs each arrival one frame, not one per
        // watcher). A free seat taken was a change, stored and told to all already.
        let stored = held.is_none() && seat.is_some() && !seek;
        let here = live.here();
        if !stored && here != before {
            live.present(now);
            live.broadcast(id, now);
        } else if !stored {
            live.tell_whole(client.id, id, now);
        }
        drop(live);
        if here != before {
            self.tell_presence(id, here).await;
        }
        Ok(Taken { room: cell, seat })
    }

    /// A connection leaves a room: the others see a seat go (a spectator's going changes
    /// nothing they see). A seek whose maker leaves goes from the lobby, and a rematch offered
    /// lapses when a player leaves. A room nobody watches any more leaves memory: it is in the
    /// store, and is read from there when a device comes back.
    pub async fn leave(&self, client: &Client, cell: &Arc<RoomCell>) {
        let mut live = self.lock(cell).await;
        let before = live.here();
        live.watchers.retain(|w| w.client != client.id);
        let here = live.here();
        if here != before && !live.gone {
            let now = self.clock.now_ms();
            live.present(now);
            match live.room.left() {
                Effect::Store => self.store_change(cell, &mut live).await,
                _ => live.broadcast(&cell.id, now),
            }
        }
        let unwatched = live.watchers.is_empty() && !live.gone;
        if unwatched {
            // Whoever took the room from memory meanwhile reads it again (see `enter`).
            live.gone = true;
            live.alarm = Default::default();
        }
        drop(live);
        if unwatched {
            let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
            if rooms.get(&cell.id).is_some_and(|kept| Arc::ptr_eq(kept, cell)) {
                rooms.remove(&cell.id);
                Metrics::count(&self.metrics.rooms_unloaded);
            }
        }
        if here != before {
            self.tell_presence(&cell.id, here).await;
        }
    }

    /// A new room for a rematch of `room`: the same game, rules and time control, the seats
    /// swapped (each token holds the other seat there), stored before anyone hears of it.
    pub(super) async fn rematch(&self, room: &Room) -> Result<String, Reply> {
        let game = room.table.game();
        let (_, table) = Self::game_and_rules(game.slug(), &room.table.rules())?;
        let mut extra = self.extra(&*table, room.extra.clock.control(), room.extra.strangers);
        // The players swap seats, each at their rating now.
        for (seat, player) in room.extra.players.iter().rev().enumerate() {
            if let Some(player) = player {
                let seated = self.seat_player(&player.id, player.name.clone(), game, extra.speed()).await;
                extra.players[seat] = Some(seated);
            }
        }
        extra.rated = room.extra.rated;
        let [first, second] = room.seats.clone();
        let cell = Self::new_room(Room::new(table, [second, first], extra));
        {
            let mut new = self.lock(&cell).await;
            new.present(self.clock.now_ms());
            self.commit(&cell, &mut new).await?;
        }
        let id = cell.id.clone();
        self.rooms.lock().unwrap_or_else(|e| e.into_inner()).insert(id.clone(), cell);
        Ok(id)
    }
}
