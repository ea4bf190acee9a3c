//! One WebSocket connection: its requests read, limited and handed to the rooms, and what the
//! rooms push sent back. A bad request gets an error frame; the connection and its room go on.

use crate::accounts::Account;
use crate::clock::Clock;
use crate::metrics::Refusal;
use crate::net::Net;
use crate::rooms::{Action, Client, Hub, Outbox, Push, RoomCell, Taken};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use board_suite::protocol::{self, ErrorCode, Reply, Request, Said};
use board_suite::rules::Player;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;
use tracing::Instrument;

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

/// Requests over the rate answered with an error frame before the connection is closed.
const REFUSALS: u32 = 3;

/// Close codes (RFC 6455, section 7.4.1).
pub const GOING_AWAY: u16 = 1001;
pub const PROTOCOL_ERROR: u16 = 1002;
pub const INVALID_DATA: u16 = 1007;
pub const POLICY: u16 = 1008;
pub const TOO_BIG: u16 = 1009;
pub const RESTART: u16 = 1012;

struct Connection {
    hub: Arc<Hub>,
    client: Client,
    /// The room this connection is in, and its seat there.
    room: Option<(Arc<RoomCell>, Option<Player>)>,
    /// The round trip the page last measured (its heartbeat says): half of it, capped, is
    /// given back to its player's clock on each move.
    round_trip_ms: u64,
    /// Who the device plays as, by the key it showed.
    account: Account,
}

/// The close code for a frame the WebSocket could not read, if it is the client's fault.
fn close_code(error: axum::Error) -> Option<u16> {
    match error.into_inner().downcast_ref::<tungstenite::Error>()? {
        tungstenite::Error::Capacity(_) => Some(TOO_BIG),
        tungstenite::Error::Utf8(_) => Some(INVALID_DATA),
        tungstenite::Error::Protocol(_) => Some(PROTOCOL_ERROR),
        _ => None,
    }
}

/// Sends a frame, giving up on a peer that does not take it in time.
async fn send(socket: &mut WebSocket, message: Message, net: &Net) -> bool {
    matches!(tokio::time::timeout(net.write_timeout, socket.send(message)).await, Ok(Ok(())))
}

/// Says why the connection ends, then waits (a second at most) for the peer to close in turn.
async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    tracing::debug!(code, "closing the connection: {reason}");
    let frame = CloseFrame { code, reason: reason.into() };
    let handshake = async {
        if socket.send(Message::Close(Some(frame))).await.is_ok() {
            // The peer's own close ends the handshake. Dropping the socket before it comes
            // would reset the connection, and a reset can lose the close frame just sent.
            while let Some(Ok(message)) = socket.recv().await {
                if matches!(message, Message::Close(_)) {
                    break;
                }
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), handshake).await;
}

/// Serves one WebSocket until it ends, the client misbehaves, or `closing` says the server is
/// stopping (then after the request in hand, with the restart close code).
pub async fn run(
    mut socket: WebSocket,
    hub: Arc<Hub>,
    address: IpAddr,
    net: Arc<Net>,
    mut closing: watch::Receiver<bool>,
) {
    let (outbox, mut pushed) = Outbox::new(net.outbox_frames);
    let client = Client { id: NEXT_CLIENT.fetch_add(1, Ordering::Relaxed), address, outbox, player: None };
    let mut bucket = Bucket::new(hub.limits.messages_per_second, hub.clock);
    let mut connection =
        Connection { hub, client, room: None, round_trip_ms: 0, account: Account::default() };
    // Refused for the rate lately: how many, and when the last was.
    let (mut refusals, mut refused_at) = (0, 0);
    // Pings keep a connection through proxies open, and find a peer that is gone.
    let mut ping = tokio::time::interval_at(Instant::now() + net.ping_interval, net.ping_interval);
    let mut unanswered = 0;
    let overflow = connection.client.outbox.clone();
    // This connection's offset within the spectators' spread (`Net::spectator_spread`).
    let spread = net.spectator_spread.mul_f64((connection.client.id % 64) as f64 / 64.0);
    // Frames queued while a spectator's frame waited: they go without waiting again.
    let mut due = 0;
    loop {
        let reply = tokio::select! {
            incoming = socket.recv() => {
                unanswered = 0;
                match incoming {
                    // Boxed: the request's future is large, and an idle connection's task
                    // would otherwise keep room for it (about 0.9 KB each).
                    Some(Ok(Message::Text(text))) if bucket.take() => Box::pin(connection.handle(text.as_str())).await,
                    Some(Ok(Message::Binary(_))) if bucket.take() => Some(Reply::error(ErrorCode::Malformed, "frames are text")),
                    Some(Ok(Message::Text(_) | Message::Binary(_))) => {
                        let now = connection.hub.clock.now_ms();
                        // A second without a refusal forgives the ones before.
                        refusals = if now.saturating_sub(refused_at) > 1000 { 1 } else { refusals + 1 };
                        refused_at = now;
                        if refusals > REFUSALS {
                            connection.hub.metrics.refused(Refusal::Flood);
                            close(&mut socket, POLICY, "too many messages").await;
                            break;
                        }
                        connection.hub.metrics.refused(Refusal::Rate);
                        Some(Reply::error(ErrorCode::RateLimited, "too many messages; this one was dropped"))
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => None,
                    Some(Err(error)) => {
                        if let Some(code) = close_code(error) {
                            connection.hub.metrics.refused(Refusal::BadFrame);
                            close(&mut socket, code, "unreadable frame").await;
                        }
                        break;
                    }
                    Some(Ok(Message::Close(_))) | None => break,
                }
            },
            Some(push) = pushed.recv() => match push {
                Push::Frame(frame) => {
                    // A spectator's frame waits for its offset (unless more pile up), and what
                    // is queued behind it meanwhile then goes at once.
                    if due > 0 {
                        due -= 1;
                    } else if matches!(connection.room, Some((_, None))) {
                        tokio::select! {
                            () = tokio::time::sleep(spread) => {}
                            () = overflow.crowded() => {}
                        }
                        due = pushed.len();
                    }
                    // A peer too slow to take this while more pile up is let go at once.
                    let sent = tokio::select! {
                        sent = send(&mut socket, Message::Text(frame.as_ref().into()), &net) => sent,
                        () = overflow.overflowed() => false,
                    };
                    if !sent {
                        connection.hub.metrics.refused(Refusal::NotReading);
                        close(&mut socket, POLICY, "not reading what it is sent").await;
                        break;
                    }
                    None
                }
                Push::Seated { room, seat } => {
                    tracing::Span::current().record("room", tracing::field::display(&room.id));
                    if let Some((old, _)) = connection.room.replace((room, Some(seat))) {
                        // Boxed, as a request is: leaving may end a game and rate it.
                        Box::pin(connection.hub.leave(&connection.client, &old)).await;
                    }
                    None
                }
            },
            () = overflow.overflowed() => {
                connection.hub.metrics.refused(Refusal::NotReading);
                close(&mut socket, POLICY, "not reading what it is sent").await;
                break;
            }
            _ = ping.tick() => {
                if unanswered >= net.missed_pongs {
                    close(&mut socket, GOING_AWAY, "no answer to pings").await;
                    break;
                }
                unanswered += 1;
                if !send(&mut socket, Message::Ping(Default::default()), &net).await {
                    break;
                }
                None
            }
            () = crate::net::stopping(&mut closing) => {
                // What the rooms already sent goes first: a turn's answer, say.
                while let Ok(Push::Frame(frame)) = pushed.try_recv() {
                    send(&mut socket, Message::Text(frame.as_ref().into()), &net).await;
                }
                close(&mut socket, RESTART, "the server is restarting").await;
                break;
            }
        };
        // Written out before it is sent: the task keeps no room for a reply while it waits.
        if let Some(text) = reply.map(|reply| reply.to_text())
            && !send(&mut socket, Message::Text(text.into()), &net).await
        {
            break;
        }
    }
    Box::pin(connection.leave()).await;
}

/// A connection's task that ends without leaving (it panicked) leaves its room and the queue
/// all the same, so the others see it go.
impl Drop for Connection {
    fn drop(&mut self) {
        self.hub.present(&self.client, false);
        self.hub.unqueue(&self.client);
        if let Some((cell, _)) = self.room.take()
            && let Ok(runtime) = tokio::runtime::Handle::try_current()
        {
            let (hub, client) = (self.hub.clone(), self.client.clone());
            // In the connection's span: every line its leaving logs says the room.
            let leaving = async move { hub.leave(&client, &cell).await };
            runtime.spawn(leaving.instrument(tracing::Span::current()));
        }
    }
}

impl Connection {
    /// The hub hears who this connection plays as now; the reply goes on.
    fn now_present(&self, reply: Reply) -> Reply {
        self.hub.present(&self.client, true);
        reply
    }

    async fn leave(&mut self) {
        self.hub.present(&self.client, false);
        self.hub.unqueue(&self.client);
        if let Some((cell, _)) = self.room.take() {
            self.hub.leave(&self.client, &cell).await;
        }
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
            Request::Create(new) => {
                hub.create(&self.client, &new.game, &new.rules, &new.time, false, new.rated).await.map(Some)
            }
            Request::Seek(new) => {
                hub.create(&self.client, &new.game, &new.rules, &new.time, true, new.rated).await.map(Some)
            }
            Request::Quick(new) => hub.quick(&self.client, &new.game, &new.rules, &new.time, new.rated).await,
            Request::Join { room, token } => hub.join(&self.client, &room, token.as_deref()).await.map(Some),
            Request::Take { room } => hub.take(&self.client, &room).await.map(Some),
            Request::Lobby { follow } => {
                hub.follow_lobby(&self.client, follow).await;
                return None;
            }
            Request::Move { turn, turns } => {
                return self.act(Action::Move { turn, turns, round_trip_ms: self.round_trip_ms }).await;
            }
            Request::Offer { what } => return self.act(Action::Offer(what)).await,
            Request::Answer { accept } => return self.act(Action::Answer(accept)).await,
            Request::Resign => return self.act(Action::Resign).await,
            Request::Abort => return self.act(Action::Abort).await,
            Request::Claim { what } => return self.act(Action::Claim(what)).await,
            Request::Chat { preset, text } => {
                let Some(said) = Said::of(preset, text) else {
                    return Some(Reply::error(
                        ErrorCode::UnknownPreset,
                        "a line is a preset or text, one of the two",
                    ));
                };
                return self.act(Action::Chat(said)).await;
            }
            Request::Hello { key } => {
                let reply = self.account.hello(&self.hub, &mut self.client, key.as_deref()).await;
                return Some(self.now_present(reply));
            }
            Request::Name { name } => {
                let reply = self.account.name(&self.hub, &mut self.client, &name).await;
                return Some(self.now_present(reply));
            }
            Request::TransferCode => return Some(self.account.transfer_code(&self.hub, &self.client).await),
            Request::Transfer { code } => {
                let reply = self.account.transfer(&self.hub, &mut self.client, &code).await;
                return Some(self.now_present(reply));
            }
            Request::Forget => {
                let reply = self.account.forget(&self.hub, &mut self.client).await;
                return Some(self.now_present(reply));
            }
            Request::Challenge { name, new } => return Some(hub.challenge(&self.client, &name, new).await),
            Request::AnswerChallenge { id, accept } => {
                return Some(hub.answer_challenge(&self.client, &id, accept).await);
            }
            Request::Ping { n, rtt } => {
                if let Some(rtt) = rtt {
                    self.round_trip_ms = rtt;
                }
                return Some(Reply::Pong { n });
            }
        };
        // A refused request leaves the device where it was; a room entered (or the queue) is
        // instead of the one before.
        let taken = match taken {
            Ok(taken) => taken.map(|Taken { room, seat }| (room, seat)),
            Err(error) => return Some(error),
        };
        let entered = taken.as_ref().map(|(cell, _)| cell.id.clone());
        if entered.is_some() {
            hub.unqueue(&self.client);
        }
        if let Some((old, _)) = self.room.take().filter(|(old, _)| Some(&old.id) != entered.as_ref()) {
            hub.leave(&self.client, &old).await;
        }
        if let Some(id) = &entered {
            tracing::Span::current().record("room", tracing::field::display(id));
        }
        self.room = taken;
        None
    }

    async fn act(&mut self, action: Action) -> Option<Reply> {
        let Some((cell, seat)) = self.room.clone() else {
            return Some(Reply::error(ErrorCode::NotSeated, "join a room first"));
        };
        let turn = matches!(action, Action::Move { .. });
        let start = tokio::time::Instant::now();
        let result = self.hub.act(&cell, seat, action).await;
        if turn && result.is_ok() {
            self.hub.metrics.moved(start.elapsed().as_secs_f64());
        }
        let error = result.err()?;
        // A refused turn (one the device may already show): the error now, then the room as it
        // is, so the device shows the game the server has.
        if turn {
            let state = self.hub.state_of(&cell).await;
            self.client.outbox.send(Push::Frame(state.to_text().into()));
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
