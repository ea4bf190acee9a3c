//! A room's clocks: the server's are the truth. The side to move's time runs from the moment
//! the server sent the other side's move (or the game began) until its own move arrives, less
//! the time the move spent on the way (half the round trip the page measured, at most 500 ms).
//! The clocks start once both sides have made a first move; until then each side has a short
//! while for its first move, or the game is aborted.

use board_suite::rules::Player;
use board_suite::rules::clock::TimeControl;
use serde::{Deserialize, Serialize};

/// The most a move's time on the way gives back to its player's clock.
pub const MOST_LAG_MS: u64 = 500;

/// A side's place in a pair of anything (clocks, seats): the first's 0.
pub fn index(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameClock {
    /// The time control's text ([`TimeControl::text`]); empty (a room stored before clocks)
    /// is untimed.
    #[serde(default)]
    time: String,
    /// Each side's time left when the turn being played began, in milliseconds.
    #[serde(default)]
    left: [u64; 2],
    /// When the turn being played began (milliseconds since 1970): the other side's move was
    /// stored and sent, or the game began.
    #[serde(default)]
    turn_at: u64,
    /// The mover's time left after each turn, for the record.
    #[serde(default)]
    log: Vec<u64>,
}

/// A move that came after its player's time ran out.
#[derive(Debug, PartialEq, Eq)]
pub struct OutOfTime;

impl GameClock {
    pub fn new(control: TimeControl, now: u64) -> GameClock {
        let start = control.start_ms().unwrap_or(0);
        GameClock { time: control.text(), left: [start; 2], turn_at: now, log: Vec::new() }
    }

    pub fn control(&self) -> TimeControl {
        TimeControl::parse(&self.time).unwrap_or_default()
    }

    pub fn timed(&self) -> bool {
        self.control() != TimeControl::Untimed
    }

    /// Whether the side to move's time runs after `turns` whole turns: once both have moved.
    pub fn runs(&self, turns: usize) -> bool {
        self.timed() && turns >= 2
    }

    /// When the turn being played began.
    pub fn turn_at(&self) -> u64 {
        self.turn_at
    }

    /// The game ended at `now`: the clocks stop as they were.
    pub fn stop(&mut self, to_move: Player, turns: usize, now: u64) {
        self.left = self.left_at(to_move, turns, now);
        self.turn_at = now;
    }

    /// The turn being played begins now (the game began: its second seat was taken).
    pub fn begin_turn(&mut self, now: u64) {
        self.turn_at = now;
    }

    /// Each side's time left at `now`, the first side's first.
    pub fn left_at(&self, to_move: Player, turns: usize, now: u64) -> [u64; 2] {
        let mut left = self.left;
        if self.runs(turns) {
            let i = index(to_move);
            left[i] = left[i].saturating_sub(now.saturating_sub(self.turn_at));
        }
        left
    }

    /// When the side to move runs out of time, while its time runs.
    pub fn flag_at(&self, to_move: Player, turns: usize) -> Option<u64> {
        self.runs(turns).then(|| self.turn_at.saturating_add(self.left[index(to_move)]))
    }

    /// When the side to move must have made its first move, or the game is aborted: before
    /// both sides have moved, where the rule applies (`applies`: a timed game, or one between
    /// strangers).
    pub fn abort_at(&self, turns: usize, applies: bool) -> Option<u64> {
        (applies && turns < 2).then(|| self.turn_at.saturating_add(self.control().first_move_ms()))
    }

    /// `mover` made a move after `turns` whole turns, arriving at `now` with `round_trip_ms`
    /// the page last measured: its time is charged, the increment added (or the day limit
    /// renewed), and the other side's turn begins. A move after the time ran out is refused.
    pub fn moved(
        &mut self,
        mover: Player,
        turns: usize,
        now: u64,
        round_trip_ms: u64,
    ) -> Result<(), OutOfTime> {
        let i = index(mover);
        if self.runs(turns) {
            let lag = (round_trip_ms / 2).min(MOST_LAG_MS);
            let used = now.saturating_sub(self.turn_at).saturating_sub(lag);
            if used >= self.left[i] {
                return Err(OutOfTime);
            }
            self.left[i] = self.control().after_move(self.left[i] - used);
        }
        if self.timed() {
            self.log.truncate(turns);
            self.log.push(self.left[i]);
        }
        self.turn_at = now;
        Ok(())
    }

    /// The side to move's time ran out at `now`: its clock shows none.
    pub fn flagged(&mut self, to_move: Player, now: u64) {
        self.left[index(to_move)] = 0;
        self.turn_at = now;
    }

    /// Turns were taken back from `was_turns` (with `was_to_move` to move) to `turns`: the time
    /// used meanwhile stays charged, and the turn begins again now.
    pub fn taken_back(&mut self, was_to_move: Player, was_turns: usize, turns: usize, now: u64) {
        self.stop(was_to_move, was_turns, now);
        self.log.truncate(turns);
    }

    /// The mover's time left after each turn.
    pub fn log(&self) -> &[u64] {
        &self.log
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLITZ: TimeControl = TimeControl::Fischer { base: 180, increment: 2 };

    /// A game of `control` begun at 0 where both sides made a first move at once.
    fn begun(control: TimeControl) -> GameClock {
        let mut clock = GameClock::new(control, 0);
        clock.moved(Player::First, 0, 0, 0).unwrap();
        clock.moved(Player::Second, 1, 0, 0).unwrap();
        clock
    }

    #[test]
    fn the_clock_waits_for_both_first_moves() {
        let mut clock = GameClock::new(BLITZ, 1_000);
        assert_eq!(clock.flag_at(Player::First, 0), None);
        assert_eq!(clock.left_at(Player::First, 0, 50_000), [180_000, 180_000]);
        assert_eq!(clock.abort_at(0, true), Some(31_000));
        clock.moved(Player::First, 0, 20_000, 0).unwrap();
        assert_eq!(clock.abort_at(1, true), Some(50_000));
        clock.moved(Player::Second, 1, 40_000, 0).unwrap();
        assert_eq!(clock.abort_at(2, true), None);
        // Now it runs: no time was charged for the first moves, nor added.
        assert_eq!(clock.left_at(Player::First, 2, 40_000), [180_000, 180_000]);
        assert_eq!(clock.flag_at(Player::First, 2), Some(220_000));
        assert_eq!(clock.log(), [180_000, 180_000]);
    }

    #[test]
    fn a_move_is_charged_and_gets_the_increment() {
        let mut clock = begun(BLITZ);
        assert_eq!(clock.left_at(Player::First, 2, 10_000), [170_000, 180_000]);
        clock.moved(Player::First, 2, 10_000, 0).unwrap();
        assert_eq!(clock.left_at(Player::Second, 3, 10_000), [172_000, 180_000]);
        assert_eq!(clock.flag_at(Player::Second, 3), Some(190_000));
        assert_eq!(clock.log().last(), Some(&172_000));
    }

    #[test]
    fn the_lag_allowance_is_half_the_round_trip_at_most_500_ms() {
        let mut clock = begun(TimeControl::Fischer { base: 60, increment: 0 });
        clock.moved(Player::First, 2, 10_000, 300).unwrap();
        assert_eq!(clock.left_at(Player::Second, 3, 10_000)[0], 50_150);
        let mut clock = begun(TimeControl::Fischer { base: 60, increment: 0 });
        clock.moved(Player::First, 2, 10_000, 5_000).unwrap();
        assert_eq!(clock.left_at(Player::Second, 3, 10_000)[0], 50_500);
        // The allowance never gives back more than the move took.
        let mut clock = begun(TimeControl::Fischer { base: 60, increment: 0 });
        clock.moved(Player::First, 2, 100, 1_000).unwrap();
        assert_eq!(clock.left_at(Player::Second, 3, 100)[0], 60_000);
    }

    #[test]
    fn a_move_after_the_flag_is_refused() {
        let mut clock = begun(TimeControl::Fischer { base: 15, increment: 0 });
        assert_eq!(clock.flag_at(Player::First, 2), Some(15_000));
        let before = clock.clone();
        assert_eq!(clock.moved(Player::First, 2, 15_000, 0), Err(OutOfTime));
        assert_eq!(clock, before);
        // Within the lag allowance, it counts.
        assert_eq!(clock.moved(Player::First, 2, 15_200, 600), Ok(()));
    }

    #[test]
    fn a_takeback_keeps_the_time_used() {
        let mut clock = begun(BLITZ);
        clock.moved(Player::First, 2, 10_000, 0).unwrap();
        clock.taken_back(Player::Second, 3, 2, 15_000);
        assert_eq!(clock.left_at(Player::First, 2, 15_000), [172_000, 175_000]);
        assert_eq!(clock.log().len(), 2);
    }

    #[test]
    fn correspondence_renews_the_day_limit() {
        let day = 86_400_000;
        let mut clock = begun(TimeControl::Correspondence { days: 2 });
        assert_eq!(clock.flag_at(Player::First, 2), Some(2 * day));
        clock.moved(Player::First, 2, day + 5, 0).unwrap();
        assert_eq!(clock.left_at(Player::Second, 3, day + 5), [2 * day, 2 * day]);
        assert_eq!(
            GameClock::new(TimeControl::Correspondence { days: 2 }, 0).abort_at(0, true),
            Some(2 * day)
        );
    }

    #[test]
    fn untimed_has_no_clock_but_strangers_must_begin() {
        let mut clock = GameClock::new(TimeControl::Untimed, 0);
        assert_eq!(clock.flag_at(Player::First, 5), None);
        assert_eq!(clock.abort_at(0, false), None);
        assert_eq!(clock.abort_at(0, true), Some(30_000));
        clock.moved(Player::First, 0, 99_999_999, 0).unwrap();
        assert!(clock.log().is_empty());
        // A room stored before clocks reads as untimed.
        let old: GameClock = serde_json::from_str("{}").unwrap();
        assert_eq!(old.control(), TimeControl::Untimed);
    }
}
