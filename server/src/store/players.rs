//! Players, their ratings and their finished games, as every store keeps them: the rows, the
//! questions asked of them ([`Players`]) and the SQL that SQLite and PostgreSQL share.

use super::Pending;

/// A player as stored. Their devices' keys are never kept, only their hashes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// Public: it names the player where they have no name yet.
    pub id: String,
    /// The name they chose, as they wrote it.
    pub name: Option<String>,
    /// When they last chose one (milliseconds since 1970).
    pub named: Option<u64>,
    pub created: u64,
}

/// A finished game, kept among its players' games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRow {
    /// Its room's id: a room holds one game (a rematch is played in a new room).
    pub id: String,
    /// The game's route name.
    pub game: String,
    /// Its speed's name (`blitz`), `None` for an untimed game.
    pub speed: Option<String>,
    pub rated: bool,
    /// The players' ids, the first player's first.
    pub players: [Option<String>; 2],
    /// As a record writes it: `1-0`, `0-1`, `1/2-1/2`, `*` (aborted).
    pub result: String,
    /// Each side's rating before and after, as JSON; empty for a casual game.
    pub ratings: String,
    /// The full record (empty where a question asked for none).
    pub record: String,
    /// Milliseconds since 1970.
    pub ended: u64,
    /// The players' names as they are now (read, never written).
    pub names: [Option<String>; 2],
}

/// A player's rating in one game and speed.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub player: String,
    pub game: String,
    pub speed: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played in this game and speed.
    pub games: u64,
    pub updated: u64,
}

/// What asking for a name came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Renamed {
    Done,
    /// Another player has it, its case ignored, or one it imitates in another script.
    Taken,
    /// The player chose a name less than [`RENAME_AFTER_MS`] ago.
    TooSoon,
    /// No such player.
    Unknown,
}

/// How long a player keeps a name before they may change it.
pub const RENAME_AFTER_MS: u64 = 24 * 3600 * 1000;

/// Which of a player's games a question is about, newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameQuery {
    pub player: String,
    /// One game's route name, or all games.
    pub game: Option<String>,
    /// Rated games alone.
    pub rated: bool,
    /// With their records (a page of games to open), or without (a rating's history).
    pub records: bool,
    pub offset: u64,
    pub limit: u64,
}

/// A player's results, from their side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Every game kept, aborted ones too.
    pub games: u64,
}

/// One row of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderRow {
    pub player: PlayerRow,
    pub speed: String,
    pub rating: f64,
    pub deviation: f64,
    pub games: u64,
}

/// Players, their keys, ratings and games.
pub trait Players: Send + Sync {
    /// The player one of whose devices holds the key that hashes to `key_hash`.
    fn player<'a>(&'a self, key_hash: &'a str) -> Pending<'a, Option<PlayerRow>>;

    /// Adds a player with no name: `id` (new), and their first device's key's hash.
    fn add_player(&self, id: String, key_hash: String, now: u64) -> Pending<'_, PlayerRow>;

    /// A device forgets its key: it is no longer anyone's. Whether it was someone's.
    fn forget_key<'a>(&'a self, key_hash: &'a str) -> Pending<'a, bool>;

    /// Keeps a one-time code for moving player `player` to another device, until `expires`.
    fn add_transfer(&self, code_hash: String, player: String, expires: u64) -> Pending<'_, ()>;

    /// Uses a one-time code: if it is kept and has not expired at `now`, it is used up and the
    /// new device's key (`key_hash`) becomes its player's, who is returned. A code is used
    /// once, expired or not.
    fn transfer(&self, code_hash: String, key_hash: String, now: u64) -> Pending<'_, Option<PlayerRow>>;

    /// Gives player `id` the name `name` (already checked: [`board_suite::players::PlayerName`]),
    /// unless another player has it (compared by [`board_suite::players::key_of`]) or a name it
    /// imitates ([`board_suite::players::imitates`]), or they
    /// chose one within [`RENAME_AFTER_MS`] of `now` and have played a rated game since.
    fn rename(&self, id: String, name: String, now: u64) -> Pending<'_, Renamed>;

    /// The player with this name, its case ignored.
    fn named<'a>(&'a self, name: &'a str) -> Pending<'a, Option<PlayerRow>>;

    /// A player's ratings, by game and speed.
    fn ratings<'a>(&'a self, player: &'a str) -> Pending<'a, Vec<RatingRow>>;

    /// A player's finished games, newest first.
    fn games<'a>(&'a self, query: &'a GameQuery) -> Pending<'a, Vec<GameRow>>;

    /// A player's wins, draws and losses, in one game or all.
    fn tally<'a>(&'a self, player: &'a str, game: Option<&'a str>) -> Pending<'a, Tally>;

    /// The first `per_speed` ratings of `game` in each speed among those with a rated game
    /// since `since`: the settled ones (a deviation of at most `deviation`) best first, then
    /// the provisional ones best first.
    fn leaders<'a>(
        &'a self,
        game: &'a str,
        deviation: f64,
        since: u64,
        per_speed: u64,
    ) -> Pending<'a, Vec<LeaderRow>>;
}

/// What a rename comes to, from the name's holder, when the player last chose one (`None` for
/// no such player) and when they last played a rated game: the same rule on every store. A
/// name may be changed freely until a rated game is played with it, then once a day.
pub fn renamed(
    id: &str,
    holder: Option<&str>,
    named: Option<Option<u64>>,
    last_rated: Option<u64>,
    now: u64,
) -> Option<Renamed> {
    let played_with = |at: u64| last_rated.is_some_and(|rated| rated >= at);
    match named {
        None => Some(Renamed::Unknown),
        Some(_) if holder.is_some_and(|holder| holder != id) => Some(Renamed::Taken),
        Some(Some(at)) if played_with(at) && now < at.saturating_add(RENAME_AFTER_MS) => {
            Some(Renamed::TooSoon)
        }
        Some(_) => None,
    }
}

/// Which of `others` (players' ids and names) holds `name`, its case ignored, or a name it
/// imitates in another script: the same rule on every store.
pub fn holder<I>(name: &str, others: I) -> Option<String>
where
    I: IntoIterator<Item = (String, Option<String>)>,
{
    let key = board_suite::players::key_of(name);
    others.into_iter().find_map(|(id, held)| {
        let held = held?;
        (board_suite::players::key_of(&held) == key || board_suite::players::imitates(name, &held))
            .then_some(id)
    })
}

/// Whether a finished game, from `player`'s side, was a win, a draw or a loss: the same rule
/// on every store (the SQL of [`TALLY`] says it too).
pub fn side_result(game: &GameRow, player: &str) -> Option<std::cmp::Ordering> {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let first = game.players[0].as_deref() == Some(player);
    match (game.result.as_str(), first) {
        ("1/2-1/2", _) => Some(Equal),
        ("1-0", true) | ("0-1", false) => Some(Greater),
        ("1-0", false) | ("0-1", true) => Some(Less),
        _ => None,
    }
}

// The SQL both databases run. (SQLite numbers parameters in the order they first appear:
// they are written in order.)

pub(super) const PLAYER: &str = "SELECT p.id, p.name, p.named, p.created FROM player_keys k
    JOIN players p ON p.id = k.player WHERE k.key_hash = $1";

pub(super) const ADD_PLAYER: &str = "INSERT INTO players (id, created) VALUES ($1, $2)";

pub(super) const ADD_KEY: &str = "INSERT INTO player_keys (key_hash, player, created) VALUES ($1, $2, $3)";

pub(super) const FORGET_KEY: &str = "DELETE FROM player_keys WHERE key_hash = $1";

/// A new code, and the expired ones gone.
pub(super) const ADD_TRANSFER: &str =
    "INSERT INTO transfers (code_hash, player, expires) VALUES ($1, $2, $3)";
pub(super) const EXPIRED_TRANSFERS: &str = "DELETE FROM transfers WHERE expires <= $1";

pub(super) const USE_TRANSFER: &str = "DELETE FROM transfers WHERE code_hash = $1 RETURNING player, expires";

pub(super) const PLAYER_BY_ID: &str = "SELECT id, name, named, created FROM players WHERE id = $1";

pub(super) const NAMED: &str = "SELECT id, name, named, created FROM players WHERE name_key = $1";

/// The players other than `$3` whose name has the key `$1` or the look `$2`.
pub(super) const LIKE_NAMED: &str =
    "SELECT id, name FROM players WHERE (name_key = $1 OR name_look = $2) AND id <> $3";

pub(super) const RENAME: &str =
    "UPDATE players SET name = $1, name_key = $2, name_look = $3, named = $4 WHERE id = $5";

/// The names a store kept before it kept their looks ([`super::LOOKS_FROM`]).
pub(super) const NAMES: &str = "SELECT id, name FROM players WHERE name IS NOT NULL";

pub(super) const SET_LOOK: &str = "UPDATE players SET name_look = $1 WHERE id = $2";

pub(super) const LAST_RATED: &str = "SELECT MAX(updated) FROM ratings WHERE player = $1";

pub(super) const RATINGS: &str = "SELECT player, game, speed, rating, deviation, volatility, games, updated
    FROM ratings WHERE player = $1 ORDER BY game, speed";

pub(super) const RATING: &str = "SELECT player, game, speed, rating, deviation, volatility, games, updated
    FROM ratings WHERE player = $1 AND game = $2 AND speed = $3";

/// A game kept once: a second finish of it writes nothing.
pub(super) const KEEP_GAME: &str =
    "INSERT INTO games (id, game, speed, rated, first_player, second_player, result, ratings,
      record, ended)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING";

pub(super) const UPSERT_RATING: &str =
    "INSERT INTO ratings (player, game, speed, rating, deviation, volatility, games, updated)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
    ON CONFLICT (player, game, speed) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
      volatility = excluded.volatility, games = excluded.games, updated = excluded.updated";

/// A player's games (`$1`: 1 with records; `$3`: one game's name, or empty for all; `$4`: 1 for
/// rated alone), newest first.
pub(super) const GAMES_OF: &str = "SELECT g.id, g.game, g.speed, g.rated, g.first_player, g.second_player,
      g.result, g.ratings, CASE WHEN CAST($1 AS BIGINT) = 1 THEN g.record ELSE '' END, g.ended, f.name, s.name
    FROM games g LEFT JOIN players f ON f.id = g.first_player LEFT JOIN players s ON s.id = g.second_player
    WHERE (g.first_player = $2 OR g.second_player = $2) AND ($3 = '' OR g.game = $3) AND g.rated >= $4
    ORDER BY g.ended DESC, g.id LIMIT $5 OFFSET $6";

/// (A player's side is the first seat if they had it: a game between their own two devices
/// counts once, as [`side_result`] counts it.)
pub(super) const TALLY: &str = "SELECT
      COALESCE(SUM(CASE WHEN (first_player = $1 AND result = '1-0')
        OR (COALESCE(first_player, '') <> $1 AND result = '0-1') THEN 1 ELSE 0 END), 0),
      COALESCE(SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END), 0),
      COALESCE(SUM(CASE WHEN (first_player = $1 AND result = '0-1')
        OR (COALESCE(first_player, '') <> $1 AND result = '1-0') THEN 1 ELSE 0 END), 0),
      count(*)
    FROM games WHERE (first_player = $1 OR second_player = $1) AND ($2 = '' OR game = $2)";

pub(super) const LEADERS: &str = "SELECT id, name, named, created, speed, rating, deviation, games FROM (
      SELECT p.id, p.name, p.named, p.created, r.speed, r.rating, r.deviation, r.games,
        ROW_NUMBER() OVER (PARTITION BY r.speed ORDER BY r.deviation > $1, r.rating DESC, p.id) AS place
      FROM ratings r JOIN players p ON p.id = r.player
      WHERE r.game = $2 AND r.updated >= $3) ranked
    WHERE place <= $4 ORDER BY speed, place";
