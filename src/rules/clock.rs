//! Time controls: how long each side may think. One text form for the frames, the lobby and the
//! page (`fischer:180+2`, `correspondence:3`, `untimed`), one for records' `TimeControl` tag (as
//! PGN writes it: `180+2`, `1/259200`, `-`), and the clock's face (`m:ss`, `h:mm:ss`, `d h`).

/// The Fischer clock's base, in seconds: from 15 s to 3 hours.
pub const BASE_SECONDS: std::ops::RangeInclusive<u32> = 15..=10_800;
/// The Fischer clock's increment, in seconds.
pub const INCREMENT_SECONDS: std::ops::RangeInclusive<u32> = 0..=180;
/// Correspondence: the days a player may take over one move.
pub const DAYS: [u32; 5] = [1, 2, 3, 5, 7];
/// The one-click Fischer clocks, as (minutes, seconds of increment).
pub const PRESETS: [(u32, u32); 6] = [(1, 0), (3, 2), (5, 3), (10, 5), (15, 10), (30, 20)];

const DAY_MS: u64 = 24 * 3600 * 1000;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// No clock: friends at their screens.
    #[default]
    Untimed,
    /// A base time, and an increment added after each move.
    Fischer { base: u32, increment: u32 },
    /// A number of days per move, renewed after each.
    Correspondence { days: u32 },
}

/// Why a time control was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadTimeControl(pub String);

impl TimeControl {
    /// A Fischer clock in range, else why not.
    pub fn fischer(base: u32, increment: u32) -> Result<TimeControl, BadTimeControl> {
        if !BASE_SECONDS.contains(&base) {
            return Err(BadTimeControl(format!("the base is 15 to 10800 seconds, not {base}")));
        }
        if !INCREMENT_SECONDS.contains(&increment) {
            return Err(BadTimeControl(format!("the increment is 0 to 180 seconds, not {increment}")));
        }
        Ok(TimeControl::Fischer { base, increment })
    }

    pub fn correspondence(days: u32) -> Result<TimeControl, BadTimeControl> {
        if !DAYS.contains(&days) {
            return Err(BadTimeControl(format!("a move may take 1, 2, 3, 5 or 7 days, not {days}")));
        }
        Ok(TimeControl::Correspondence { days })
    }

    /// Reads the frames' form, exactly as [`TimeControl::text`] writes it; an empty text is
    /// untimed (a client that names none).
    pub fn parse(text: &str) -> Result<TimeControl, BadTimeControl> {
        let bad = || BadTimeControl(format!("not a time control: {text:.40}"));
        let number = |digits: &str| -> Result<u32, BadTimeControl> {
            if digits.is_empty() || digits.len() > 6 || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            digits.parse().map_err(|_| bad())
        };
        match text.split_once(':') {
            None if text.is_empty() || text == "untimed" => Ok(TimeControl::Untimed),
            Some(("fischer", clock)) => {
                let (base, increment) = clock.split_once('+').ok_or_else(bad)?;
                TimeControl::fischer(number(base)?, number(increment)?)
            }
            Some(("correspondence", days)) => TimeControl::correspondence(number(days)?),
            _ => Err(bad()),
        }
    }

    /// The frames' and the lobby's form: `fischer:180+2`, `correspondence:3`, `untimed`.
    pub fn text(self) -> String {
        match self {
            TimeControl::Untimed => "untimed".to_owned(),
            TimeControl::Fischer { base, increment } => format!("fischer:{base}+{increment}"),
            TimeControl::Correspondence { days } => format!("correspondence:{days}"),
        }
    }

    /// The kind's word, as the new-game dialog's setting names it.
    pub fn kind(self) -> &'static str {
        match self {
            TimeControl::Untimed => "untimed",
            TimeControl::Fischer { .. } => "fischer",
            TimeControl::Correspondence { .. } => "correspondence",
        }
    }

    /// A record's `TimeControl` tag, as PGN writes it: base+increment in seconds, one move per
    /// so many seconds for correspondence, `-` for none.
    pub fn tag(self) -> String {
        match self {
            TimeControl::Untimed => "-".to_owned(),
            TimeControl::Fischer { base, increment } => format!("{base}+{increment}"),
            TimeControl::Correspondence { days } => format!("1/{}", u64::from(days) * 86_400),
        }
    }

    /// Reads a `TimeControl` tag as [`TimeControl::tag`] writes it.
    pub fn from_tag(tag: &str) -> Option<TimeControl> {
        if tag == "-" {
            return Some(TimeControl::Untimed);
        }
        if let Some(seconds) = tag.strip_prefix("1/") {
            let seconds: u64 = seconds.parse().ok()?;
            let days = u32::try_from(seconds / 86_400).ok().filter(|_| seconds.is_multiple_of(86_400))?;
            return TimeControl::correspondence(days).ok();
        }
        let (base, increment) = tag.split_once('+')?;
        TimeControl::fischer(base.parse().ok()?, increment.parse().ok()?).ok()
    }

    /// Each side's time at the start, in milliseconds; `None` untimed.
    pub fn start_ms(self) -> Option<u64> {
        match self {
            TimeControl::Untimed => None,
            TimeControl::Fischer { base, .. } => Some(u64::from(base) * 1000),
            TimeControl::Correspondence { days } => Some(u64::from(days) * DAY_MS),
        }
    }

    /// A side's time after it moved with `left` milliseconds: the increment added, or the
    /// correspondence day limit renewed.
    pub fn after_move(self, left: u64) -> u64 {
        match self {
            TimeControl::Untimed => left,
            TimeControl::Fischer { increment, .. } => left.saturating_add(u64::from(increment) * 1000),
            TimeControl::Correspondence { days } => u64::from(days) * DAY_MS,
        }
    }

    /// How long a player must wait, while the other is disconnected on their own turn, before
    /// claiming the game: 40 s for a game of about ten minutes, scaled by the game's expected
    /// length (base + 40 increments), from 10 s to 2 minutes; the day limit in correspondence.
    pub fn claim_delay_ms(self) -> u64 {
        match self {
            TimeControl::Untimed => 40_000,
            TimeControl::Fischer { base, increment } => {
                let expected = u64::from(base) + 40 * u64::from(increment);
                (expected * 40_000 / 600).clamp(10_000, 120_000)
            }
            TimeControl::Correspondence { days } => u64::from(days) * DAY_MS,
        }
    }

    /// How long a side has for its first move before the game is aborted: 30 s, or the day
    /// limit in correspondence.
    pub fn first_move_ms(self) -> u64 {
        match self {
            TimeControl::Correspondence { days } => u64::from(days) * DAY_MS,
            _ => 30_000,
        }
    }
}

/// A clock's face: `m:ss` under an hour, `h:mm:ss` from an hour, `d h` from a day. Seconds are
/// rounded up while time is left, so that `0:00` means none (as clocks show it).
pub fn face(ms: u64) -> String {
    let seconds = ms.div_ceil(1000);
    let (days, hours, minutes, secs) =
        (seconds / 86_400, seconds / 3600 % 24, seconds / 60 % 60, seconds % 60);
    if days > 0 {
        format!("{days}d {hours}h")
    } else if hours > 0 {
        format!("{hours}:{minutes:02}:{secs:02}")
    } else {
        format!("{minutes}:{secs:02}")
    }
}

/// A record's `[%clk h:mm:ss]` time, as PGN's clock comments write it.
pub fn clk(ms: u64) -> String {
    let seconds = ms.div_ceil(1000);
    format!("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60)
}

/// Reads a `[%clk h:mm:ss]` time (fractions of seconds allowed), in milliseconds.
pub fn parse_clk(text: &str) -> Option<u64> {
    let mut parts = text.trim().split(':');
    let (hours, minutes, seconds) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let hours: u64 = hours.parse().ok()?;
    let minutes: u64 = minutes.parse().ok().filter(|&m| m < 60)?;
    // Read by hand rather than as an `f64`: float parsing costs each page's binary about 17 KB
    // brotli (the digits of a fraction are all a clock comment has).
    let (whole, fraction) = seconds.split_once('.').unwrap_or((seconds, "0"));
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) || whole.len() > 2 {
        return None;
    }
    let whole: u64 = whole.parse().ok().filter(|&s| s < 60)?;
    // Milliseconds, rounded at the fourth digit.
    let digit = |i: usize| u64::from(fraction.as_bytes().get(i).map_or(0, |b| b - b'0'));
    let millis = digit(0) * 100 + digit(1) * 10 + digit(2) + u64::from(digit(3) >= 5);
    Some((hours * 3600 + minutes * 60 + whole) * 1000 + millis)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_back_as_written() {
        let controls = [
            TimeControl::Untimed,
            TimeControl::Fischer { base: 60, increment: 0 },
            TimeControl::Fischer { base: 180, increment: 2 },
            TimeControl::Fischer { base: 15, increment: 180 },
            TimeControl::Fischer { base: 10_800, increment: 0 },
            TimeControl::Correspondence { days: 1 },
            TimeControl::Correspondence { days: 7 },
        ];
        for control in controls {
            assert_eq!(TimeControl::parse(&control.text()), Ok(control));
            assert_eq!(TimeControl::from_tag(&control.tag()), Some(control));
        }
        assert_eq!(TimeControl::parse(""), Ok(TimeControl::Untimed));
        assert_eq!(TimeControl::Fischer { base: 180, increment: 2 }.text(), "fischer:180+2");
        assert_eq!(TimeControl::Correspondence { days: 3 }.tag(), "1/259200");
    }

    #[test]
    fn out_of_range_or_malformed_is_refused() {
        for text in [
            "fischer:14+0",
            "fischer:10801+0",
            "fischer:60+181",
            "fischer:60",
            "fischer:+1",
            "fischer:-60+1",
            "fischer:60+1.5",
            "fischer:99999999999+0",
            "correspondence:4",
            "correspondence:0",
            "correspondence:",
            "blitz",
            "untimed:1",
            "Fischer:60+0",
        ] {
            assert!(TimeControl::parse(text).is_err(), "{text}");
        }
        for tag in ["1/86401", "1/0", "14+0", "x", ""] {
            assert_eq!(TimeControl::from_tag(tag), None, "{tag}");
        }
    }

    #[test]
    fn the_presets_are_in_range() {
        for (minutes, increment) in PRESETS {
            assert!(TimeControl::fischer(minutes * 60, increment).is_ok());
        }
    }

    #[test]
    fn increments_and_day_limits() {
        let blitz = TimeControl::Fischer { base: 180, increment: 2 };
        assert_eq!(blitz.start_ms(), Some(180_000));
        assert_eq!(blitz.after_move(1_000), 3_000);
        let slow = TimeControl::Correspondence { days: 2 };
        assert_eq!(slow.after_move(5), 2 * DAY_MS);
        assert_eq!(TimeControl::Untimed.start_ms(), None);
    }

    #[test]
    fn the_claim_delay_scales_with_the_game() {
        assert_eq!(TimeControl::Fischer { base: 60, increment: 0 }.claim_delay_ms(), 10_000);
        assert_eq!(TimeControl::Fischer { base: 600, increment: 0 }.claim_delay_ms(), 40_000);
        assert_eq!(TimeControl::Fischer { base: 10_800, increment: 180 }.claim_delay_ms(), 120_000);
        let delays: Vec<u64> = PRESETS
            .iter()
            .map(|&(minutes, increment)| {
                TimeControl::Fischer { base: minutes * 60, increment }.claim_delay_ms()
            })
            .collect();
        assert!(delays.windows(2).all(|pair| pair[0] <= pair[1]), "{delays:?}");
        assert_eq!(TimeControl::Correspondence { days: 3 }.claim_delay_ms(), 3 * DAY_MS);
    }

    #[test]
    fn faces() {
        assert_eq!(face(0), "0:00");
        assert_eq!(face(1), "0:01");
        assert_eq!(face(59_001), "1:00");
        assert_eq!(face(180_000), "3:00");
        assert_eq!(face(3_600_000), "1:00:00");
        assert_eq!(face(3 * DAY_MS + 5 * 3_600_000), "3d 5h");
        assert_eq!(clk(175_000), "0:02:55");
        assert_eq!(clk(3_661_000), "1:01:01");
        for ms in [0, 1_000, 175_000, 3_661_000, 86_400_000] {
            assert_eq!(parse_clk(&clk(ms)), Some(ms));
        }
        assert_eq!(parse_clk("0:00:01.5"), Some(1_500));
        assert_eq!(parse_clk("0:00:01.2345"), Some(1_235));
        assert_eq!(parse_clk("0:00:59.9999"), Some(60_000));
        for bad in [
            "",
            "1:2",
            "0:60:00",
            "a:00:00",
            "0:00:60",
            "0:00:-1",
            "1:00:00:00",
            "0:00:1e1",
            "0:00:.5",
            "0:00:5.",
            "0:00:+5",
        ] {
            assert_eq!(parse_clk(bad), None, "{bad}");
        }
    }
}
