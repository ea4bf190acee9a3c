//! The hub's hold on a room: its lock, its store, its alarm, and a change carried out as the
//! room's [`Effect`] says.

use super::room::{Action, Effect};
use super::{Alarm, Hub, Live, RoomCell};
use crate::metrics::Metrics;
use crate::store::{Finish, RoomRow};
use board_suite::protocol::{ErrorCode, Reply};
use board_suite::rules::Player;
use std::sync::Arc;

impl Hub {
    /// Sets the room's alarm for its next deadline, unless it is set for that already.
    pub(super) fn arm(&self, cell: &Arc<RoomCell>, live: &mut Live) {
        let at = live.room.deadline(self.limits.idle_ms());
        if live.alarm.at == at {
            return;
        }
        // The alarm set before ends here.
        live.alarm = Alarm::default();
        let Some(at) = at else { return };
        let (hub, weak) = (self.me.clone(), Arc::downgrade(cell));
        let when = self.clock.instant_at(at);
        let task = tokio::spawn(async move {
            tokio::time::sleep_until(when).await;
            if let (Some(hub), Some(cell)) = (hub.upgrade(), weak.upgrade()) {
                hub.metrics.clone().caught("alarm", hub.wake(&cell)).await;
            }
        });
        live.alarm = Alarm { at: Some(at), task: Some(task.abort_handle()) };
    }

    /// The room, locked. A change that a task began and never finished (it panicked) is
    /// undone first: the room is as it was last stored.
    pub(super) async fn lock<'a>(&self, cell: &'a RoomCell) -> tokio::sync::MutexGuard<'a, Live> {
        let mut live = cell.room.lock().await;
        if live.changing {
            tracing::error!(room = %cell.id, "a change was left half made; the room is as last stored");
            live.restore_stored();
            live.changing = false;
        }
        live
    }

    /// A room's alarm went off: what is due is done ([`Room::wake`](super::room::Room::wake)),
    /// and the alarm set for what comes next. With several instances, each holding the room
    /// may wake: the store takes one change, and the others read it (see [`Hub::commit`]), so
    /// everyone sees the same single result.
    async fn wake(&self, cell: &Arc<RoomCell>) {
        let mut live = self.lock(cell).await;
        // This task is the alarm: it lets go of itself rather than end itself.
        live.alarm.task = None;
        live.alarm.at = None;
        if live.gone {
            return;
        }
        match live.room.wake(self.clock.now_ms(), self.limits.idle_ms()) {
            Effect::Remove => return self.remove_idle_room(cell, &mut live).await,
            Effect::Nothing => {}
            _ => self.store_change(cell, &mut live).await,
        }
        self.arm(cell, &mut live);
    }

    /// Stores a change the server made of itself; one the store refuses is undone (see
    /// [`Hub::commit`]).
    pub(super) async fn store_change(&self, cell: &Arc<RoomCell>, live: &mut Live) {
        live.changing = true;
        if let Err(error) = self.commit(cell, live).await {
            tracing::warn!(room = %cell.id, "a change of the server's own was not made: {error:?}");
        }
        live.changing = false;
    }

    /// Removes a room past its idle deadline, under its lock, so that no change is being made
    /// meanwhile: from the store at the version this instance holds, and from memory. A room
    /// another instance changed since is read again instead.
    async fn remove_idle_room(&self, cell: &Arc<RoomCell>, live: &mut Live) {
        match self.store.remove(&cell.id, live.room.version).await {
            Ok(true) => {}
            Ok(false) => match self.store.load(&cell.id).await {
                Ok(Some(stored)) if stored.version > live.room.version => {
                    self.read_again(cell, live, &stored);
                    return;
                }
                Ok(_) => {}
                Err(error) => {
                    Metrics::count(&self.metrics.store_errors);
                    tracing::warn!(room = %cell.id, "not read: {}", error.0);
                    return;
                }
            },
            // The hourly sweep tries again.
            Err(error) => {
                Metrics::count(&self.metrics.store_errors);
                tracing::warn!(room = %cell.id, "not removed (the hourly sweep tries again): {}", error.0);
                return;
            }
        }
        // Whoever still holds the room cannot store it again (which would bring it back
        // beside a new copy read from the store): it is gone.
        live.gone = true;
        live.alarm = Alarm::default();
        self.forget(cell);
    }

    /// The room as another instance stored it: set again, and told to everyone.
    pub(super) fn read_again(&self, cell: &Arc<RoomCell>, live: &mut Live, stored: &RoomRow) {
        live.room.restore(stored);
        live.stored = stored.clone();
        self.arm(cell, live);
        live.broadcast(&cell.id, self.clock.now_ms());
    }

    /// A room no longer kept in memory, nor counted against its creator.
    pub(super) fn forget(&self, cell: &Arc<RoomCell>) {
        let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        if rooms.get(&cell.id).is_some_and(|kept| Arc::ptr_eq(kept, cell)) {
            rooms.remove(&cell.id);
        }
        drop(rooms);
        self.finished(&cell.id);
    }

    /// Stores the room as it now is, and only then tells its watchers. A room the store
    /// refuses is put back as it was; one another instance changed first is read again, and
    /// the change is refused as made on an old position.
    pub(super) async fn commit(&self, cell: &Arc<RoomCell>, live: &mut Live) -> Result<(), Reply> {
        live.room.version += 1;
        live.room.updated = self.clock.now_ms();
        let row = live.room.row(&cell.id);
        // What the lobby shows changes with a seek, and with a game begun or ended.
        let lobby_news = (live.stored.seek_until, live.stored.playing) != (row.seek_until, row.playing);
        // The change that ends a game in play keeps the game among its players' games, with
        // the ratings it changes, in the same write.
        let kept = live
            .stored
            .playing
            .then(|| live.room.kept_game(&cell.id, live.room.updated, self.site.get().map(String::as_str)))
            .flatten();
        let written = match kept {
            Some(game) => {
                let rate = game.rated.then(|| live.room.rate(&game)).flatten();
                let finished = self.store.finish(Finish { room: row, game }, rate).await;
                finished.map(|finished| finished.map(|finished| finished.room))
            }
            None => self.store.save(row.clone()).await.map(|saved| saved.then_some(row)),
        };
        match written {
            Ok(Some(row)) => {
                if row.extra != live.stored.extra
                    && let Ok(extra) = serde_json::from_str(&row.extra)
                {
                    live.room.extra = extra;
                }
                live.stored = row;
            }
            Ok(None) => {
                if let Ok(Some(stored)) = self.store.load(&cell.id).await {
                    self.read_again(cell, live, &stored);
                }
                return Err(Reply::error(ErrorCode::Stale, "the game has changed since; its state follows"));
            }
            Err(error) => {
                Metrics::count(&self.metrics.store_errors);
                tracing::error!(room = %cell.id, "not stored; the change is undone: {}", error.0);
                live.restore_stored();
                return Err(Reply::error(
                    ErrorCode::Storage,
                    "the game could not be stored; nothing changed",
                ));
            }
        }
        let table = &live.room.table;
        if table.over() {
            tracing::info!(room = %cell.id, game = table.game().slug(), turns = table.turns(), "the game is over");
            self.finished(&cell.id);
        }
        self.arm(cell, live);
        live.broadcast(&cell.id, self.clock.now_ms());
        if lobby_news {
            self.lobby_changed().await;
        }
        Ok(())
    }

    /// A seat's turn, offer, answer, resignation, abort, claim or message
    /// ([`Room::apply`](super::room::Room::apply)), stored before anyone hears of it.
    pub async fn act(&self, cell: &Arc<RoomCell>, seat: Option<Player>, action: Action) -> Result<(), Reply> {
        let seat =
            seat.ok_or_else(|| Reply::error(ErrorCode::NotSeated, "only the players' devices may do this"))?;
        let mut live = self.lock(cell).await;
        if live.gone {
            return Err(Reply::error(ErrorCode::NoRoom, "this room was removed after a long time unplayed"));
        }
        // Set until the change is stored or refused: a task that ends between leaves it set.
        live.changing = true;
        let result = self.carry_out(cell, &mut live, seat, action).await;
        live.changing = false;
        result
    }

    async fn carry_out(
        &self,
        cell: &Arc<RoomCell>,
        live: &mut Live,
        seat: Player,
        action: Action,
    ) -> Result<(), Reply> {
        match live.room.apply(seat, action, self.clock.now_ms())? {
            Effect::StoreAndRefuse(refusal) => {
                self.commit(cell, live).await?;
                Err(*refusal)
            }
            Effect::OpenRematch => match self.rematch(&live.room).await {
                Ok(id) => {
                    live.room.rematch_opened(id);
                    self.commit(cell, live).await
                }
                Err(error) => {
                    live.restore_stored();
                    Err(error)
                }
            },
            Effect::Nothing => Ok(()),
            _ => self.commit(cell, live).await,
        }
    }

    /// How many devices a room has (for tests and the crowd's cost).
    pub async fn watching(&self, cell: &RoomCell) -> usize {
        self.lock(cell).await.watchers.len()
    }

    /// The state of a room, to one connection (after a stale turn, say).
    pub async fn state_of(&self, cell: &RoomCell) -> Reply {
        self.lock(cell).await.room.whole(&cell.id, self.clock.now_ms())
    }

    /// Rooms in memory now.
    pub fn rooms_in_memory(&self) -> usize {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Whether the store answers, and hears the other instances where there are any.
    pub fn store_healthy(&self) -> bool {
        self.store.healthy()
    }

    /// Removes the rooms idle for longer than the limit (the hourly sweep). A room in memory
    /// goes under its own lock, as its alarm would take it, so a turn being stored meanwhile
    /// is never lost nor the room forked; any other goes from the store at the version listed,
    /// so one changed since the listing stays.
    pub async fn remove_idle(&self) {
        const BATCH: usize = 1000;
        let now = self.clock.now_ms();
        let before = now.saturating_sub(self.limits.idle_ms());
        loop {
            let idle = match self.store.idle(before, BATCH).await {
                Ok(idle) => idle,
                Err(error) => {
                    Metrics::count(&self.metrics.store_errors);
                    tracing::warn!("the idle sweep could not list rooms: {}", error.0);
                    return;
                }
            };
            let mut kept = 0;
            for (id, version) in &idle {
                match self.held(id) {
                    Some(cell) => {
                        let mut live = self.lock(&cell).await;
                        if !live.gone && live.room.idle_at(self.limits.idle_ms()) <= now {
                            self.remove_idle_room(&cell, &mut live).await;
                        } else {
                            kept += 1;
                        }
                    }
                    None => {
                        if matches!(self.store.remove(id, *version).await, Ok(true)) {
                            self.finished(id);
                        } else {
                            kept += 1;
                        }
                    }
                }
            }
            // A batch that removed nothing would be listed again: the next sweep tries.
            if idle.len() < BATCH || kept == idle.len() {
                return;
            }
        }
    }
}
