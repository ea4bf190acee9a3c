//! The players' pages as the server's `/api` gives them over HTTP (JSON): a player's page and a
//! game's leaderboard. Read-only; never a key or a token.

use super::{RatingChange, Seat, SeatPlayer, is_false};
use serde::{Deserialize, Serialize};

/// A player's page, as `GET /api/players/<name>` gives it (`?game=<game>` for one game's,
/// `&page=<n>` for the n-th page of games, from 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    pub id: String,
    pub name: String,
    /// Their ratings, by game and speed.
    pub ratings: Vec<ProfileRating>,
    /// Each rating over time, oldest first: the rating after each rated game.
    pub history: Vec<RatingPoint>,
    /// Their results in the games listed (one game's, or all).
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Every game kept, aborted ones too.
    pub games: u64,
    /// This page of games, newest first: page `page` of `pages`, [`GAMES_PER_PAGE`] a page.
    pub page: u64,
    pub pages: u64,
    pub kept: Vec<KeptGame>,
}

/// The games a player's page lists at a time.
pub const GAMES_PER_PAGE: u64 = 20;

/// One of a player's ratings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProfileRating {
    pub game: String,
    pub speed: String,
    pub rating: i64,
    #[serde(default, skip_serializing_if = "is_false")]
    pub provisional: bool,
    /// Rated games played.
    pub games: u64,
}

/// A rating after a rated game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingPoint {
    pub game: String,
    pub speed: String,
    /// When the game ended, in milliseconds since 1970.
    pub at: u64,
    pub rating: i64,
}

/// A finished game on a player's page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptGame {
    pub room: String,
    pub game: String,
    /// Its speed (`blitz`); none untimed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub rated: bool,
    /// The seat the page's player had.
    pub seat: Seat,
    /// From the page's player's side: `win`, `loss`, `draw`, `aborted`.
    pub result: String,
    /// Who played each seat, the first seat's first, with their rating before a rated game.
    pub players: [Option<SeatPlayer>; 2],
    /// A rated game's ratings before and after, the first seat's first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<[RatingChange; 2]>,
    /// When it ended, in milliseconds since 1970.
    pub ended: u64,
    /// The page's link that shows the game for review and analysis.
    pub link: String,
}

/// A game's leaderboard, as `GET /api/leaderboard/<game>` gives it: the best settled ratings
/// of each speed among players who played a rated game lately, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leaderboard {
    pub game: String,
    pub leaders: Vec<Leader>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    pub speed: String,
    /// 1 for the best in its speed.
    pub rank: u64,
    pub player: SeatPlayer,
    /// Rated games played in this game and speed.
    pub games: u64,
}
