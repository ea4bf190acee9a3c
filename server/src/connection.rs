//! One WebSocket connection: its requests read, limited and handed to the rooms, and what the
//! rooms push sent back. A bad request gets an error frame; the connection and its room go on.

use crate::clock::Clock;
use crate::protocol::{self, ErrorCode, Reply, Request};
use crate::rooms::{Action, Client, Hub, Push, RoomCell, Taken};
use axum::extract::ws::{Message, WebSocket};
use board_suite::rules::Player;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::mpsc;

/// At most `rate` requests a second, and as many at once.
struct Bucket {
    rate: f64,
    tokens: f64,
    /// When the tokens were last counted, in milliseconds since 1970.
    at: u64,
    clock: Clock,
}

impl Bucket {
    fn new(rate: u32, clock: Clock) -> Bucket {
        Bucket { rate: f64::from(rate), tokens: f64::from(rate), at: clock.now_ms(), clock }
    }

    fn take(&mut self) -> bool {
        let now = self.clock.now_ms();
        let refilled = now.saturating_sub(self.at) as f64 / 1000.0 * self.rate;
        self.tokens = (self.tokens + refilled).min(self.rate);
        self.at = now;
        let allowed = self.tokens >= 1.0;
        if allowed {
            self.tokens -= 1.0;
        }
        allowed
    }
}

static NEXT_CLIENT: AtomicU64 = AtomicU64::new(1);

struct Connection {
    hub: Arc<Hub>,
    client: Client,
    /// The room this connection is in, and its seat there.
    room: Option<(Arc<RoomCell>, Option<Player>)>,
}

pub async fn run(mut socket: WebSocket, hub: Arc<Hub>, address: IpAddr) {
    let (outbox, mut pushed) = mpsc::unbounded_channel();
    let client = Client { id: NEXT_CLIENT.fetch_add(1, Ordering::Relaxed), address, outbox };
    let mut bucket = Bucket::new(hub.limits.messages_per_second, hub.clock);
    let mut connection = Connection { hub, client, room: None };
    loop {
        let reply = tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) if bucket.take() => connection.handle(text.as_str()).await,
                Some(Ok(Message::Binary(_))) if bucket.take() => Some(Reply::error(ErrorCode::Malformed, "frames are text")),
                Some(Ok(Message::Text(_) | Message::Binary(_))) => {
                    Some(Reply::error(ErrorCode::RateLimited, "too many messages; this one was dropped"))
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => None,
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            Some(push) = pushed.recv() => match push {
                Push::Frame(frame) => {
                    if socket.send(Message::Text(frame.as_ref().into())).await.is_err() {
                        break;
                    }
                    None
                }
                Push::Seated { room, seat } => {
                    if let Some((old, _)) = connection.room.replace((room, Some(seat))) {
                        connection.hub.leave(&connection.client, Some(&old)).await;
                    }
                    None
                }
            },
        };
        if let Some(reply) = reply
            && socket.send(Message::Text(reply.to_text().into())).await.is_err()
        {
            break;
        }
    }
    connection.leave().await;
}

impl Connection {
    async fn leave(&mut self) {
        let room = self.room.take();
        self.hub.leave(&self.client, room.as_ref().map(|(cell, _)| cell.as_ref())).await;
    }

    /// Handles a request; the reply for this connection alone, if any. A place taken in a room
    /// is said by the rooms themselves, in order with the room's state.
    async fn handle(&mut self, text: &str) -> Option<Reply> {
        let request = match protocol::read(text) {
            Ok(request) => request,
            Err(error) => return Some(error),
        };
        let hub = self.hub.clone();
        let taken = match request {
            Request::Create { game, rules } => hub.create(&self.client, &game, &rules).await.map(Some),
            Request::Quick { game, rules } => hub.quick(&self.client, &game, &rules).await,
            Request::Join { room, token } => hub.join(&self.client, &room, token.as_deref()).await.map(Some),
            Request::Move { turn, turns } => return self.act(Action::Move { turn, turns }).await,
            Request::Offer { what } => return self.act(Action::Offer(what)).await,
            Request::Answer { accept } => return self.act(Action::Answer(accept)).await,
            Request::Resign => return self.act(Action::Resign).await,
        };
        // A refused request leaves the device where it was; a room entered (or the queue) is
        // instead of the one before.
        let taken = match taken {
            Ok(taken) => taken.map(|Taken { room, seat }| (room, seat)),
            Err(error) => return Some(error),
        };
        let entered = taken.as_ref().map(|(cell, _)| cell.id.clone());
        if entered.is_some() {
            hub.leave(&self.client, None).await;
        }
        if let Some((old, _)) = self.room.take().filter(|(old, _)| Some(&old.id) != entered.as_ref()) {
            hub.leave(&self.client, Some(&old)).await;
        }
        self.room = taken;
        None
    }

    async fn act(&mut self, action: Action) -> Option<Reply> {
        let Some((cell, seat)) = self.room.clone() else {
            return Some(Reply::error(ErrorCode::NotSeated, "join a room first"));
        };
        let turn = matches!(action, Action::Move { .. });
        let error = self.hub.act(&cell, seat, action).await.err()?;
        // A refused turn (one the device may already show): the error now, then the room as it
        // is, so the device shows the game the server has.
        if turn {
            let state = self.hub.state_of(&cell).await;
            let _ = self.client.outbox.send(Push::Frame(state.to_text().into()));
        }
        Some(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test(start_paused = true)]
    async fn a_bucket_refills_with_time() {
        let mut bucket = Bucket::new(20, Clock::starting_at(0));
        assert!((0..20).all(|_| bucket.take()), "as many at once as a second allows");
        assert!(!bucket.take());
        // One request's worth comes back every 50 ms.
        tokio::time::advance(Duration::from_millis(49)).await;
        assert!(!bucket.take());
        tokio::time::advance(Duration::from_millis(2)).await;
        assert!(bucket.take() && !bucket.take());
        // Never more than a second's worth.
        tokio::time::advance(Duration::from_secs(60)).await;
        assert_eq!((0..40).filter(|_| bucket.take()).count(), 20);
    }
}
