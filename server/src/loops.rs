//! What the server does of itself while it serves: idle rooms swept, rated waiters paired,
//! memory given back, and, with a shared store, the other instances heard and told.

use crate::metrics::Metrics;
use crate::rooms::{Hub, PAIRING_EVERY, PLAYERS_EVERY};
use crate::store::{Change, Changes};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// Starts the loops over `hub`, sweeping the idle rooms once first.
pub async fn start(hub: &Arc<Hub>, changes: Option<Changes>) {
    if let Some(mut changes) = changes {
        // The lobby's count of players online counts every instance's: each tells its own.
        let teller = hub.clone();
        tokio::spawn(async move {
            loop {
                teller.tell_players().await;
                tokio::time::sleep(PLAYERS_EVERY).await;
            }
        });
        let hub = hub.clone();
        tokio::spawn(async move {
            while let Some(change) = changes.recv().await {
                match change {
                    Change::Room(payload) => hub.refresh(&payload).await,
                    Change::Presence(payload) => hub.heard_presence(&payload).await,
                    Change::Resync => hub.resync().await,
                }
            }
        });
    }
    // Idle rooms go when the server starts, then hourly.
    hub.remove_idle().await;
    let sweeper = hub.clone();
    tokio::spawn(async move {
        const HOUR_MS: u64 = 3600 * 1000;
        loop {
            let next = sweeper.clock.now_ms() + HOUR_MS;
            tokio::time::sleep_until(sweeper.clock.instant_at(next)).await;
            sweeper.remove_idle().await;
        }
    });
    // Rated players waiting for a quick match are paired as their ranges widen.
    let pairer = hub.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(PAIRING_EVERY).await;
            pairer.pair_waiting().await;
        }
    });
    // What time alone changes in the lobby (a game both players left) is told each minute.
    let lobby = hub.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(60)).await;
            lobby.refresh_lobby();
        }
    });
    tokio::spawn(give_back(hub.metrics.clone()));
}

/// At the start and every 10 s, gives the memory the server has freed back to the system (the
/// C library's allocator keeps it otherwise, so that a crowd gone would leave the process at
/// its high-water mark for good), then says how much of the heap is in use. Trimming takes a
/// few milliseconds at most, on a blocking thread.
#[cfg_attr(not(all(target_os = "linux", target_env = "gnu")), allow(unused_variables))]
async fn give_back(metrics: Arc<Metrics>) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    loop {
        // SAFETY: malloc_trim only returns the allocator's own free pages to the system.
        let trimmed = tokio::task::spawn_blocking(|| unsafe {
            libc::malloc_trim(0);
            libc::mallinfo2()
        });
        if let Ok(heap) = trimmed.await {
            metrics.heap_in_use.store((heap.uordblks + heap.hblkhd) as u64, Ordering::Relaxed);
        }
        tokio::time::sleep(Duration::from_secs(10)).await;
    }
}
