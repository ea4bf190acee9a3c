//! The server's one clock. Every reading of the time goes through it, and every timer waits on
//! tokio's clock, which it follows: a test that pauses tokio's time (`start_paused`,
//! `tokio::time::advance`) moves the server's time and its timers together, deterministically.

use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::time::Instant;

/// The wall clock, as read once when the clock is made, carried forward by tokio's clock.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    /// Milliseconds since 1970 at `start`.
    epoch_ms: u64,
    start: Instant,
}

impl Clock {
    /// The system's time: the only place the server reads it.
    pub fn system() -> Clock {
        let epoch_ms = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
        Clock::starting_at(epoch_ms)
    }

    /// A clock that reads `epoch_ms` (milliseconds since 1970) now: a test's chosen time.
    pub fn starting_at(epoch_ms: u64) -> Clock {
        Clock { epoch_ms, start: Instant::now() }
    }

    /// Milliseconds since 1970.
    pub fn now_ms(&self) -> u64 {
        self.epoch_ms.saturating_add(self.start.elapsed().as_millis() as u64)
    }

    /// When tokio's timers reach `ms` (milliseconds since 1970) on this clock; now for a time
    /// already past.
    pub fn instant_at(&self, ms: u64) -> Instant {
        let ahead = Duration::from_millis(ms.saturating_sub(self.now_ms()));
        Instant::now() + ahead
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn the_clock_follows_tokio_time() {
        let clock = Clock::starting_at(1_000_000);
        assert_eq!(clock.now_ms(), 1_000_000);
        tokio::time::advance(Duration::from_millis(2_500)).await;
        assert_eq!(clock.now_ms(), 1_002_500);
        // A timer set on the clock's time fires when the clock reads it.
        tokio::time::sleep_until(clock.instant_at(1_010_000)).await;
        assert_eq!(clock.now_ms(), 1_010_000);
        assert!(clock.instant_at(5) <= Instant::now());
    }
}
