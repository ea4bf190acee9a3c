//! Ratings: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012), one rating per game
//! and speed. A new player starts at 1500, deviation 350, volatility 0.06; the system constant
//! τ is 0.5; each rated game is a rating period of its own for both players, and nothing
//! decays between games. A rating is provisional while its deviation is above 110.

use crate::rules::clock::TimeControl;
use crate::rules::{Outcome, Player};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// How fast a game is played, from its clock: what a rating is kept for, beside the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Speed {
    Bullet,
    Blitz,
    Rapid,
    Classical,
    Correspondence,
}

impl Speed {
    pub const ALL: [Speed; 5] =
        [Speed::Bullet, Speed::Blitz, Speed::Rapid, Speed::Classical, Speed::Correspondence];

    /// The speed of a game under `control`, as lichess reckons it from the estimated duration
    /// `base + 40 × increment` seconds: under 180 bullet, under 480 blitz, under 1,500 rapid,
    /// else classical. An untimed game has none: it is casual only.
    pub fn of(control: TimeControl) -> Option<Speed> {
        match control {
            TimeControl::Untimed => None,
            TimeControl::Correspondence { .. } => Some(Speed::Correspondence),
            TimeControl::Fischer { base, increment } => {
                let estimate = u64::from(base) + 40 * u64::from(increment);
                Some(match estimate {
                    0..180 => Speed::Bullet,
                    180..480 => Speed::Blitz,
                    480..1_500 => Speed::Rapid,
                    _ => Speed::Classical,
                })
            }
        }
    }

    /// Its name in links, frames and the store.
    pub fn slug(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
        }
    }

    /// A record's event for a game online at this speed (none: untimed): `Rated blitz game`,
    /// `Casual correspondence game`, `Casual game`.
    pub fn event(speed: Option<Speed>, rated: bool) -> String {
        let kind = if rated { "Rated" } else { "Casual" };
        match speed {
            Some(speed) => format!("{kind} {} game", speed.slug()),
            None => format!("{kind} game"),
        }
    }

    pub fn from_slug(slug: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|speed| speed.slug() == slug)
    }
}

/// A player's rating in one game and speed.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// Above this deviation a rating is provisional (shown with a `?`).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

impl Rating {
    /// A player's rating before their first rated game of a kind.
    pub const NEW: Rating = Rating { rating: 1500.0, deviation: 350.0, volatility: 0.06 };

    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// As a player reads it: whole points, `?` after a provisional one (`1500?`).
    pub fn shown(&self) -> String {
        let mark = if self.provisional() { "?" } else { "" };
        format!("{}{mark}", self.rating.round() as i64)
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating { rating: self.rating, deviation: self.deviation, volatility: self.volatility }
    }

    fn of(rating: Glicko2Rating) -> Rating {
        Rating { rating: rating.rating, deviation: rating.deviation, volatility: rating.volatility }
    }
}

/// The system constant τ, which holds how much a volatility may change.
pub const TAU: f64 = 0.5;

/// Both players' ratings after a rated game between them (the first player's first), each
/// game a rating period of its own.
pub fn rate(first: Rating, second: Rating, outcome: Outcome) -> (Rating, Rating) {
    let outcome = match outcome {
        Outcome::Win(Player::First) => Outcomes::WIN,
        Outcome::Win(Player::Second) => Outcomes::LOSS,
        Outcome::Draw => Outcomes::DRAW,
    };
    let config = Glicko2Config { tau: TAU, ..Glicko2Config::new() };
    let (first, second) = glicko2(&first.glicko(), &second.glicko(), &outcome, &config);
    (Rating::of(first), Rating::of(second))
}

/// A rating in whole points as a player reads it: `1500?` while it is provisional.
pub fn shown(rating: i64, provisional: bool) -> String {
    if provisional { format!("{rating}?") } else { rating.to_string() }
}

/// A rating's change as a player reads it: `+12`, `−8` (a minus sign, not a hyphen), `±0`.
pub fn change(before: Rating, after: Rating) -> String {
    let points = (after.rating.round() - before.rating.round()) as i64;
    match points {
        0 => "±0".to_owned(),
        p if p > 0 => format!("+{p}"),
        p => format!("\u{2212}{}", -p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    #[test]
    fn the_speed_comes_from_the_estimated_duration() {
        let fischer = |base, increment| Speed::of(TimeControl::Fischer { base, increment });
        assert_eq!(fischer(60, 0), Some(Speed::Bullet));
        assert_eq!(fischer(120, 1), Some(Speed::Bullet));
        assert_eq!(fischer(180, 0), Some(Speed::Blitz));
        assert_eq!(fischer(180, 2), Some(Speed::Blitz));
        assert_eq!(fischer(300, 3), Some(Speed::Blitz));
        assert_eq!(fischer(479, 0), Some(Speed::Blitz));
        assert_eq!(fischer(480, 0), Some(Speed::Rapid));
        assert_eq!(fischer(900, 10), Some(Speed::Rapid));
        assert_eq!(fischer(1_500, 0), Some(Speed::Classical));
        assert_eq!(fischer(1_800, 20), Some(Speed::Classical));
        assert_eq!(Speed::of(TimeControl::Correspondence { days: 3 }), Some(Speed::Correspondence));
        assert_eq!(Speed::of(TimeControl::Untimed), None);
        for speed in Speed::ALL {
            assert_eq!(Speed::from_slug(speed.slug()), Some(speed));
        }
        assert_eq!(Speed::from_slug("ultrabullet"), None);
    }

    #[test]
    fn the_papers_worked_example() {
        // Glickman's example: a player at 1500 (deviation 200) beats a 1400 (30) and loses to
        // a 1550 (100) and a 1700 (300) in one period: 1464.06, 151.52, volatility 0.05999.
        let player = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 }.glicko();
        let opponent = |rating, deviation| Rating { rating, deviation, volatility: 0.06 }.glicko();
        let results = [
            (opponent(1400.0, 30.0), Outcomes::WIN),
            (opponent(1550.0, 100.0), Outcomes::LOSS),
            (opponent(1700.0, 300.0), Outcomes::LOSS),
        ];
        let after =
            glicko2_rating_period(&player, &results, &Glicko2Config { tau: TAU, ..Glicko2Config::new() });
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn one_game_between_new_players() {
        let (winner, loser) = rate(Rating::NEW, Rating::NEW, Outcome::Win(Player::First));
        // The same game worked by hand from the paper's steps: 1662.31 and 1337.69, 290.32.
        assert!(
            (winner.rating - 1662.31).abs() < 0.01 && (loser.rating - 1337.69).abs() < 0.01,
            "{winner:?}"
        );
        assert!((winner.deviation - 290.32).abs() < 0.01 && (loser.deviation - 290.32).abs() < 0.01);
        assert!(winner.provisional());
        assert_eq!((winner.shown(), loser.shown()), ("1662?".to_owned(), "1338?".to_owned()));
        assert_eq!(
            (change(Rating::NEW, winner), change(Rating::NEW, loser)),
            ("+162".to_owned(), "\u{2212}162".to_owned())
        );
        let (second_won, first_lost) = rate(Rating::NEW, Rating::NEW, Outcome::Win(Player::Second));
        assert_eq!((second_won.rating, first_lost.rating), (loser.rating, winner.rating));
        // A draw between equals changes no rating, only the deviations.
        let (a, b) = rate(Rating::NEW, Rating::NEW, Outcome::Draw);
        assert_eq!((a.rating, b.rating), (1500.0, 1500.0));
        assert!(a.deviation < 350.0);
        assert_eq!(change(Rating::NEW, a), "±0");
    }

    #[test]
    fn a_rating_settles_after_games_and_stops_being_provisional() {
        let (mut me, rival) = (Rating::NEW, Rating { rating: 1500.0, deviation: 60.0, volatility: 0.06 });
        let mut games = 0;
        while me.provisional() {
            let outcome = if games % 2 == 0 { Outcome::Win(Player::First) } else { Outcome::Draw };
            me = rate(me, rival, outcome).0;
            games += 1;
            assert!(games < 40, "{me:?}");
        }
        assert!(me.rating > 1500.0 && me.deviation <= PROVISIONAL_DEVIATION, "{me:?} after {games}");
    }
}
