//! What the server counts, for `/metrics` in Prometheus' text format: each server its own (the
//! tests run several in one process).

use std::fmt::Write;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};

use futures_util::FutureExt;

/// Why a connection or a request was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The server holds as many connections as it may.
    ServerFull,
    /// The client's address holds as many as one may.
    AddressFull,
    /// A WebSocket from another site's page.
    Origin,
    /// Over the message rate.
    Rate,
    /// Closed for flooding past the rate.
    Flood,
    /// Closed for not reading what it is sent.
    NotReading,
    /// A frame too large, not UTF-8, or not WebSocket.
    BadFrame,
    /// An address with as many unfinished rooms as it may have.
    TooManyRooms,
}

impl Refusal {
    const ALL: [Refusal; 8] = [
        Refusal::ServerFull,
        Refusal::AddressFull,
        Refusal::Origin,
        Refusal::Rate,
        Refusal::Flood,
        Refusal::NotReading,
        Refusal::BadFrame,
        Refusal::TooManyRooms,
    ];

    fn name(self) -> &'static str {
        match self {
            Refusal::ServerFull => "server_full",
            Refusal::AddressFull => "address_full",
            Refusal::Origin => "origin",
            Refusal::Rate => "rate",
            Refusal::Flood => "flood",
            Refusal::NotReading => "not_reading",
            Refusal::BadFrame => "bad_frame",
            Refusal::TooManyRooms => "too_many_rooms",
        }
    }
}

/// The move latency histogram's bucket bounds, in seconds: from a turn read to its answer,
/// the store's write included.
const BUCKETS: [f64; 12] = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 5.0];

#[derive(Default)]
pub struct Metrics {
    /// WebSockets open now.
    pub websockets: AtomicU64,
    /// TCP connections held now.
    pub connections: AtomicU64,
    pub moves: AtomicU64,
    move_buckets: [AtomicU64; BUCKETS.len()],
    move_count: AtomicU64,
    /// The sum of the moves' latency, in microseconds.
    move_micros: AtomicU64,
    pub store_errors: AtomicU64,
    refusals: [AtomicU64; Refusal::ALL.len()],
    pub panics: AtomicU64,
    pub accept_errors: AtomicU64,
    /// Rooms read back from the store after they had left memory.
    pub rooms_loaded: AtomicU64,
    /// Rooms that left memory (finished and unwatched, or idle).
    pub rooms_unloaded: AtomicU64,
    /// The bytes the server's data takes in the allocator's heap, as of the last time freed
    /// memory was given back (`give_back`); the resident set is larger by what the allocator
    /// keeps.
    pub heap_in_use: AtomicU64,
}

impl Metrics {
    pub fn count(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    pub fn refused(&self, why: Refusal) {
        let at = Refusal::ALL.iter().position(|&r| r == why).unwrap_or(0);
        self.refusals[at].fetch_add(1, Ordering::Relaxed);
    }

    pub fn refusals(&self, why: Refusal) -> u64 {
        let at = Refusal::ALL.iter().position(|&r| r == why).unwrap_or(0);
        self.refusals[at].load(Ordering::Relaxed)
    }

    /// A move answered after `seconds`.
    pub fn moved(&self, seconds: f64) {
        self.moves.fetch_add(1, Ordering::Relaxed);
        self.move_count.fetch_add(1, Ordering::Relaxed);
        self.move_micros.fetch_add((seconds * 1e6) as u64, Ordering::Relaxed);
        for (bound, bucket) in BUCKETS.iter().zip(&self.move_buckets) {
            if seconds <= *bound {
                bucket.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Runs `work`; a panic in it ends it alone, logged and counted, and gives `None`.
    pub async fn caught<T>(&self, what: &str, work: impl Future<Output = T>) -> Option<T> {
        match AssertUnwindSafe(work).catch_unwind().await {
            Ok(done) => Some(done),
            Err(panic) => {
                Metrics::count(&self.panics);
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                tracing::error!(task = what, "a task panicked and was ended alone: {message}");
                None
            }
        }
    }

    /// The Prometheus text exposition; `rooms` is the number of rooms in memory now.
    pub fn render(&self, rooms: usize) -> String {
        let get = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
        let mut out = String::new();
        let mut one = |name: &str, kind: &str, help: &str, value: u64| {
            let _ = write!(out, "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}\n");
        };
        one("board_connections", "gauge", "TCP connections held.", get(&self.connections));
        one("board_websockets", "gauge", "WebSockets open.", get(&self.websockets));
        one(
            "board_heap_in_use_bytes",
            "gauge",
            "Heap bytes the server's data takes (every 10 s).",
            get(&self.heap_in_use),
        );
        one("board_rooms", "gauge", "Rooms in memory.", rooms as u64);
        one(
            "board_rooms_loaded_total",
            "counter",
            "Rooms read back from the store.",
            get(&self.rooms_loaded),
        );
        one("board_rooms_unloaded_total", "counter", "Rooms that left memory.", get(&self.rooms_unloaded));
        one("board_moves_total", "counter", "Turns played.", get(&self.moves));
        one("board_store_errors_total", "counter", "Store operations that failed.", get(&self.store_errors));
        one("board_panics_total", "counter", "Tasks ended by a panic.", get(&self.panics));
        one(
            "board_accept_errors_total",
            "counter",
            "Failed accepts (out of file descriptors, say).",
            get(&self.accept_errors),
        );
        out.push_str("# HELP board_refusals_total Connections, requests and frames refused, by reason.\n");
        out.push_str("# TYPE board_refusals_total counter\n");
        for (why, counter) in Refusal::ALL.iter().zip(&self.refusals) {
            let _ = writeln!(out, "board_refusals_total{{reason=\"{}\"}} {}", why.name(), get(counter));
        }
        out.push_str("# HELP board_move_seconds From a turn read to its answer, stored.\n");
        out.push_str("# TYPE board_move_seconds histogram\n");
        for (bound, bucket) in BUCKETS.iter().zip(&self.move_buckets) {
            let _ = writeln!(out, "board_move_seconds_bucket{{le=\"{bound}\"}} {}", get(bucket));
        }
        let count = get(&self.move_count);
        let _ = writeln!(out, "board_move_seconds_bucket{{le=\"+Inf\"}} {count}");
        let _ = writeln!(out, "board_move_seconds_sum {}", get(&self.move_micros) as f64 / 1e6);
        let _ = writeln!(out, "board_move_seconds_count {count}");
        out
    }
}
