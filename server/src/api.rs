//! The players' pages over HTTP, read-only: a player's ratings, results and games, all their
//! games as one record file, and each game's leaderboard. Nothing here is a key or a token.

use crate::players::GameRatings;
use crate::rooms::Hub;
use crate::store::{GameQuery, GameRow, PlayerRow, StoreError};
use crate::table;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use board_suite::games::GameId;
use board_suite::protocol::{
    GAMES_PER_PAGE, KeptGame, Leader, Leaderboard, Profile, ProfileRating, RatingChange, RatingPoint, Seat,
    SeatPlayer,
};
use board_suite::rating::{PROVISIONAL_DEVIATION, Rating, Speed};
use serde::Deserialize;
use std::cmp::Ordering;
use std::sync::Arc;

/// The best ratings a leaderboard shows per speed, and how lately their holders must have
/// played a rated game.
pub const LEADERS_PER_SPEED: u64 = 50;
pub const LEADERS_PLAYED_WITHIN_MS: u64 = 30 * 24 * 3600 * 1000;
/// The points of a rating's history a player's page draws, the latest.
const HISTORY_POINTS: u64 = 1000;
/// The most games one download holds, the latest.
const DOWNLOAD_GAMES: u64 = 10_000;

pub fn router<S>(hub: Arc<Hub>) -> Router<S> {
    Router::new()
        .route("/api/players/{name}", get(profile))
        .route("/api/players/{name}/games", get(download))
        .route("/api/leaderboard/{game}", get(leaderboard))
        .with_state(hub)
}

/// What went wrong, in words, with its status.
struct Refusal(StatusCode, &'static str);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (self.0, [(header::CACHE_CONTROL, "no-store")], format!("{}\n", self.1)).into_response()
    }
}

impl From<StoreError> for Refusal {
    fn from(error: StoreError) -> Refusal {
        tracing::warn!("a player's page could not be read: {}", error.0);
        Refusal(StatusCode::SERVICE_UNAVAILABLE, "the store could not be read: try again")
    }
}

#[derive(Deserialize)]
struct Listing {
    /// One game's route name, or all.
    game: Option<String>,
    /// From 1.
    page: Option<u64>,
}

/// A game named in a query: none for all; unknown, refused.
fn game_of(game: Option<&str>) -> Result<Option<GameId>, Refusal> {
    match game.filter(|game| !game.is_empty()) {
        None => Ok(None),
        Some(game) => GameId::from_slug(game).map(Some).ok_or(Refusal(StatusCode::NOT_FOUND, "no such game")),
    }
}

async fn player_named(hub: &Hub, name: &str) -> Result<PlayerRow, Refusal> {
    let unknown = Refusal(StatusCode::NOT_FOUND, "no player has that name");
    if board_suite::players::PlayerName::parse(name).is_err() {
        return Err(unknown);
    }
    hub.store().players().named(name).await?.ok_or(unknown)
}

fn json(value: &impl serde::Serialize) -> Response {
    ([(header::CACHE_CONTROL, "no-cache")], axum::Json(value)).into_response()
}

async fn profile(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
    Query(listing): Query<Listing>,
) -> Result<Response, Refusal> {
    let game = game_of(listing.game.as_deref())?;
    let player = player_named(&hub, &name).await?;
    let players = hub.store().players();
    let ratings = players
        .ratings(&player.id)
        .await?
        .into_iter()
        .map(|r| ProfileRating {
            provisional: r.deviation > PROVISIONAL_DEVIATION,
            rating: r.rating.round() as i64,
            game: r.game,
            speed: r.speed,
            games: r.games,
        })
        .collect();
    let slug = game.map(|game| game.slug().to_owned());
    let tally = players.tally(&player.id, slug.as_deref()).await?;
    let pages = tally.games.div_ceil(GAMES_PER_PAGE).max(1);
    let page = listing.page.unwrap_or(1).clamp(1, pages);
    let query = |rated, records, offset, limit| GameQuery {
        player: player.id.clone(),
        game: slug.clone(),
        rated,
        records,
        offset,
        limit,
    };
    let listed = players.games(&query(false, true, (page - 1) * GAMES_PER_PAGE, GAMES_PER_PAGE)).await?;
    let kept = listed.iter().filter_map(|game| kept_game(game, &player.id)).collect();
    let mut history: Vec<RatingPoint> = players
        .games(&GameQuery { game: None, ..query(true, false, 0, HISTORY_POINTS) })
        .await?
        .iter()
        .filter_map(|game| rating_point(game, &player.id))
        .collect();
    history.reverse();
    let name = player.name.unwrap_or_default();
    let (wins, draws, losses, games) = (tally.wins, tally.draws, tally.losses, tally.games);
    Ok(json(&Profile {
        id: player.id,
        name,
        ratings,
        history,
        wins,
        draws,
        losses,
        games,
        page,
        pages,
        kept,
    }))
}

/// The seat `player` had in `game`.
fn seat_of(game: &GameRow, player: &str) -> usize {
    usize::from(game.players[0].as_deref() != Some(player))
}

fn kept_game(game: &GameRow, player: &str) -> Option<KeptGame> {
    let id = GameId::from_slug(&game.game)?;
    // Opened from a player's page, a finished game is reviewed as one's own: no question
    // whether to continue it.
    let link = table::restore(id, &game.record).ok()?.link() + "&kept=1";
    let seat = seat_of(game, player);
    let result = match crate::store::side_result(game, player) {
        Some(Ordering::Greater) => "win",
        Some(Ordering::Less) => "loss",
        Some(Ordering::Equal) => "draw",
        None => "aborted",
    };
    let ratings: Option<GameRatings> = serde_json::from_str(&game.ratings).ok();
    let shown = |rating: &Rating| (rating.rating.round() as i64, rating.provisional());
    let players = [0, 1].map(|side| {
        let id = game.players[side].clone()?;
        let before = ratings.as_ref().map(|r| shown(&r.before[side]));
        Some(SeatPlayer {
            id,
            name: game.names[side].clone(),
            rating: before.map(|(rating, _)| rating),
            provisional: before.is_some_and(|(_, provisional)| provisional),
        })
    });
    let changes = ratings.map(|r| {
        [0, 1].map(|side| RatingChange {
            before: shown(&r.before[side]).0,
            after: shown(&r.after[side]).0,
            provisional: r.after[side].provisional(),
        })
    });
    Some(KeptGame {
        room: game.id.clone(),
        game: game.game.clone(),
        speed: game.speed.clone(),
        rated: game.rated,
        seat: if seat == 0 { Seat::First } else { Seat::Second },
        result: result.to_owned(),
        players,
        ratings: changes,
        ended: game.ended,
        link,
    })
}

fn rating_point(game: &GameRow, player: &str) -> Option<RatingPoint> {
    let ratings: GameRatings = serde_json::from_str(&game.ratings).ok()?;
    Some(RatingPoint {
        game: game.game.clone(),
        speed: game.speed.clone()?,
        at: game.ended,
        rating: ratings.after[seat_of(game, player)].rating.round() as i64,
    })
}

/// All of a player's games (one game's with `?game=`), newest first, as one record file.
async fn download(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
    Query(listing): Query<Listing>,
) -> Result<Response, Refusal> {
    let game = game_of(listing.game.as_deref())?;
    let player = player_named(&hub, &name).await?;
    let query = GameQuery {
        player: player.id.clone(),
        game: game.map(|game| game.slug().to_owned()),
        rated: false,
        records: true,
        offset: 0,
        limit: DOWNLOAD_GAMES,
    };
    let games = hub.store().players().games(&query).await?;
    let text: Vec<&str> = games.iter().map(|game| game.record.trim_end()).collect();
    let extension = match game {
        Some(GameId::Checkers) => "pdn",
        _ => "txt",
    };
    let file =
        format!("{}-{}.{extension}", player.name.unwrap_or_default(), game.map_or("games", GameId::slug));
    let disposition = format!("attachment; filename=\"{file}\"");
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, "no-cache".to_owned()),
        ],
        text.join("\n\n") + "\n",
    )
        .into_response())
}

async fn leaderboard(State(hub): State<Arc<Hub>>, Path(game): Path<String>) -> Result<Response, Refusal> {
    let game = GameId::from_slug(&game).ok_or(Refusal(StatusCode::NOT_FOUND, "no such game"))?;
    let since = hub.clock.now_ms().saturating_sub(LEADERS_PLAYED_WITHIN_MS);
    let rows =
        hub.store().players().leaders(game.slug(), PROVISIONAL_DEVIATION, since, LEADERS_PER_SPEED).await?;
    let mut leaders: Vec<Leader> = Vec::new();
    for row in rows {
        let rank = leaders.last().filter(|last| last.speed == row.speed).map_or(1, |last| last.rank + 1);
        let player = SeatPlayer {
            id: row.player.id,
            name: row.player.name,
            rating: Some(row.rating.round() as i64),
            provisional: row.deviation > PROVISIONAL_DEVIATION,
        };
        leaders.push(Leader { speed: row.speed, rank, player, games: row.games });
    }
    // Speeds from the fastest.
    leaders.sort_by_key(|leader| (Speed::from_slug(&leader.speed).map(|s| s as u8), leader.rank));
    Ok(json(&Leaderboard { game: game.slug().to_owned(), leaders }))
}
