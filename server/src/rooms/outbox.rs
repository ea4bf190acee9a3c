//! What a connection is sent from outside its own requests, and the connection as the rooms
//! know it.

use super::RoomCell;
use crate::store::PlayerRow;
use board_suite::rules::Player;
use std::net::IpAddr;
use std::sync::Arc;
use tokio::sync::Notify;
use tokio::sync::mpsc::{self, error::TrySendError};

/// What a connection is handed from outside its own requests.
pub enum Push {
    Frame(Arc<str>),
    /// A quick match paired this connection: its room and seat (before its seat frame, so that
    /// the connection is in the room before the device hears of it).
    Seated {
        room: Arc<RoomCell>,
        seat: Player,
    },
}

/// What a connection is sent, queued for it: a bounded queue, so that a client that does not
/// read costs the server a few frames, not memory without end. One that falls that far behind
/// is told to close ([`Outbox::overflowed`]).
#[derive(Clone)]
pub struct Outbox {
    queue: mpsc::Sender<Push>,
    overflow: Arc<Notify>,
    /// Told when the queue is half full: what waits in it should go now.
    crowded: Arc<Notify>,
}

impl Outbox {
    /// A queue of `frames`, and its reader.
    pub fn new(frames: usize) -> (Outbox, mpsc::Receiver<Push>) {
        let (queue, pushed) = mpsc::channel(frames.max(1));
        (Outbox { queue, overflow: Arc::new(Notify::new()), crowded: Arc::new(Notify::new()) }, pushed)
    }

    /// Queues `push`; `false` when the connection has ended or is too far behind to keep.
    pub fn send(&self, push: Push) -> bool {
        match self.queue.try_send(push) {
            Ok(()) => {
                if self.queue.capacity() <= self.queue.max_capacity() / 2 {
                    self.crowded.notify_one();
                }
                true
            }
            Err(TrySendError::Full(_)) => {
                self.overflow.notify_one();
                false
            }
            Err(TrySendError::Closed(_)) => false,
        }
    }

    pub fn is_closed(&self) -> bool {
        self.queue.is_closed()
    }

    /// Ready once a push did not fit: the connection is then closed.
    pub async fn overflowed(&self) {
        self.overflow.notified().await
    }

    /// Ready once the queue has been half full (since the last time this was ready).
    pub async fn crowded(&self) {
        self.crowded.notified().await
    }
}

/// A connection as the rooms know it.
#[derive(Clone)]
pub struct Client {
    pub id: u64,
    pub address: IpAddr,
    pub outbox: Outbox,
    /// The player it plays as, once it has said hello (boxed: an idle connection keeps its
    /// room in its task).
    pub player: Option<Box<PlayerRow>>,
}
