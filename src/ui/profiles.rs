//! A player's page (`#/@/<name>`: their ratings, each over time, their results and every game
//! they finished, each opening for review) and a game's leaderboard (`#/leaderboard/<game>`),
//! as the server's `/api` gives them. A piece of its own, split off every binary: only these
//! routes need it.

use super::js;
use super::later::DrawPage;
use super::lazy::LazyCode;
use super::model::{Card, UiGame};
use super::player_words::{PROFILE_WORDS, ProfileWords};
use super::settings::{common_settings, use_menu, use_menu_focus};
use crate::games::GameId;
use crate::i18n::Lang;
use crate::protocol::{KeptGame, Leaderboard, Profile, RatingPoint, SeatPlayer};
use crate::rating::Speed;
use crate::route::Route;
use serde::de::DeserializeOwned;
use yew::prelude::*;

thread_local! {
    /// The players' pages' code, fetched the first time one is opened.
    pub static PROFILES: LazyCode<DrawPage> = const { LazyCode::new() };
}

/// The player's page or the leaderboard the address names.
pub fn draw_profiles(lang: Lang) -> Html {
    html! { <Profiles {lang} /> }
}

#[derive(Properties, PartialEq)]
struct ProfilesProps {
    lang: Lang,
}

/// The page the address names, with the settings' gear as on the home page.
#[component]
fn Profiles(props: &ProfilesProps) -> Html {
    let lang = props.lang;
    let menu = use_menu();
    use_menu_focus(&menu, true);
    let page = match Route::parse(&gloo::utils::window().location().hash().unwrap_or_default()) {
        Route::Player(name) => html! { <PlayerPage key={name.as_str()} name={name.clone()} {lang} /> },
        Route::Leaderboard(game) => {
            html! { <LeaderboardPage key={game.as_str()} game={game.clone()} {lang} /> }
        }
        _ => Html::default(),
    };
    // Their styles come with their code, not with every route's first load.
    html! { <><link rel="stylesheet" href="profiles.css" />{ common_settings(&menu, lang) }{ page }</> }
}

#[derive(Properties, PartialEq)]
struct ChallengeProps {
    name: String,
    lang: Lang,
}

/// A challenge to the page's player: the game chosen here, then that game's new-game dialog
/// (its rules, clock and rated) sends it over the player's connection; what comes of it is the
/// badge's to show, on any page. Only where a game server answers.
#[component]
fn ChallengeButton(props: &ChallengeProps) -> Html {
    let words = PROFILE_WORDS.of(props.lang);
    let served = super::served::use_served_code();
    let game = use_state_eq(|| GameId::ALL[0]);
    if served.is_none() {
        return Html::default();
    }
    let choose_game = {
        let game = game.clone();
        Callback::from(move |event: Event| {
            let value = event.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            if let Some(chosen) = GameId::from_slug(&value) {
                game.set(chosen);
            }
        })
    };
    let games = GameId::ALL.into_iter().map(|id| {
        html! { <option value={id.slug()} selected={*game == id}>{ game_name(id, props.lang) }</option> }
    });
    let open_dialog = {
        let hash = Route::challenge(*game, &props.name);
        Callback::from(move |_: MouseEvent| drop(gloo::utils::window().location().set_hash(&hash)))
    };
    html! {
        <p class="challenge-choice">
            <label class="setting">{ words.game }
                <select data-setting="challenge-game" onchange={choose_game}>{ for games }</select>
            </label>
            <button data-action="challenge" class="primary" onclick={open_dialog}>{ words.challenge }</button>
        </p>
    }
}

/// What the server said, as a page shows it.
#[derive(Clone, PartialEq)]
enum Answer<T> {
    Waiting,
    Here(T),
    /// No such player or game.
    Missing,
    Failed,
}

/// `url`'s JSON, from the page's server.
async fn fetch<T: DeserializeOwned>(url: String) -> Answer<T> {
    match wasm_bindgen_futures::JsFuture::from(js::get_text(&url)).await {
        Ok(text) => {
            crate::codec::read(&text.as_string().unwrap_or_default()).map_or(Answer::Failed, Answer::Here)
        }
        Err(status) if status.as_f64() == Some(404.0) => Answer::Missing,
        Err(_) => Answer::Failed,
    }
}

/// A hook: `url`'s JSON, fetched again whenever `url` changes.
#[hook]
fn use_fetched<T: DeserializeOwned + Clone + PartialEq + 'static>(url: String) -> Answer<T> {
    let answer = use_state_eq(|| Answer::Waiting);
    {
        let answer = answer.clone();
        use_effect_with(url, move |url| {
            let url = url.clone();
            yew::platform::spawn_local(async move { answer.set(fetch(url).await) });
        });
    }
    (*answer).clone()
}

fn game_name(game: GameId, lang: Lang) -> &'static str {
    let Card { name, .. } = with_game!(game, G => G::CARD.of(lang));
    name
}

/// A game's name from its route name, as the server gives it.
fn named_game(slug: &str, lang: Lang) -> String {
    GameId::from_slug(slug).map_or_else(|| slug.to_owned(), |game| game_name(game, lang).to_owned())
}

fn speed_name(words: &ProfileWords, slug: &str) -> &'static str {
    Speed::ALL.iter().position(|s| s.slug() == slug).map_or("", |at| words.speeds[at])
}

/// A player as a page shows them: their name (a link to their page), or "Anonymous" and a tag.
fn player_name(player: &SeatPlayer, lang: Lang) -> Html {
    match &player.name {
        Some(name) => html! { <a href={Route::Player(name.clone()).hash()}>{ name }</a> },
        None => {
            let anonymous = if lang == Lang::En { "Anonymous" } else { "匿名" };
            html! { <span>{ format!("{anonymous} {}", player.tag()) }</span> }
        }
    }
}

fn date(ms: u64, lang: Lang) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    String::from(date.to_locale_date_string(lang.code(), &wasm_bindgen::JsValue::UNDEFINED))
}

fn signed(delta: i64) -> String {
    match delta {
        0 => "±0".to_owned(),
        d if d > 0 => format!("+{d}"),
        d => format!("−{}", d.unsigned_abs()),
    }
}

#[derive(Properties, PartialEq)]
struct PlayerProps {
    name: String,
    lang: Lang,
}

#[component]
fn PlayerPage(props: &PlayerProps) -> Html {
    let words = PROFILE_WORDS.of(props.lang);
    let lang = props.lang;
    let filter = use_state_eq(|| None::<GameId>);
    let page = use_state_eq(|| 1u64);
    let query = filter.map_or_else(String::new, |game| format!("&game={}", game.slug()));
    let answer: Answer<Profile> = use_fetched(format!("/api/players/{}?page={}{query}", props.name, *page));
    let main = |inside: Html, missing: bool| {
        html! {
            <main class="profile" data-page="player" data-profile="" data-name={props.name.clone()}
                data-missing={missing.then_some("")}>
                { inside }
            </main>
        }
    };
    let profile = match answer {
        Answer::Here(profile) => profile,
        Answer::Waiting => return main(html! { <p role="status">{ words.loading }</p> }, false),
        Answer::Missing => {
            return main(html! { <p class="notice">{ (words.no_player)(&props.name) }</p> }, true);
        }
        Answer::Failed => {
            return main(html! { <p class="notice" role="alert">{ words.unavailable }</p> }, false);
        }
    };
    let ratings = profile.ratings.iter().map(|r| {
        let shown = crate::rating::shown(r.rating, r.provisional);
        html! {
            <li data-rating="" data-game={r.game.clone()} data-speed={r.speed.clone()} data-value={r.rating.to_string()}
                data-games={r.games.to_string()} data-provisional={r.provisional.then_some("")}>
                <span>{ format!("{} · {}", named_game(&r.game, lang), speed_name(words, &r.speed)) }</span>
                <strong>{ shown }</strong>
                <span class="hint">{ (words.rated_games)(r.games) }</span>
            </li>
        }
    });
    let choose = {
        let (filter, page) = (filter.clone(), page.clone());
        Callback::from(move |event: Event| {
            let value = event.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            filter.set(GameId::from_slug(&value));
            page.set(1);
        })
    };
    let options = GameId::ALL.into_iter().map(|game| {
        html! { <option value={game.slug()} selected={*filter == Some(game)}>{ game_name(game, lang) }</option> }
    });
    let games = profile.kept.iter().map(|game| kept_game(game, lang, words));
    let turn = |to: u64| {
        let page = page.clone();
        Callback::from(move |_: MouseEvent| page.set(to))
    };
    let download = format!("/api/players/{}/games{}", profile.name, query.replacen('&', "?", 1));
    let boards = GameId::ALL.into_iter().map(|game| {
        html! { <a href={Route::Leaderboard(game.slug().to_owned()).hash()}>{ game_name(game, lang) }</a> }
    });
    main(
        html! {
            <>
                <h1>{ &profile.name }</h1>
                <ChallengeButton name={profile.name.clone()} {lang} />
                <section class="ratings" aria-label={words.ratings}>
                    <h2>{ words.ratings }</h2>
                    if profile.ratings.is_empty() {
                        <p class="hint">{ words.no_ratings }</p>
                    } else {
                        <ul class="rating-list">{ for ratings }</ul>
                        { graph(&profile.history, lang, words) }
                    }
                </section>
                <section class="games" aria-label={words.games}>
                    <h2>{ words.games }</h2>
                    <p data-results="" data-wins={profile.wins.to_string()} data-draws={profile.draws.to_string()}
                        data-losses={profile.losses.to_string()}>
                        { (words.results)(profile.wins, profile.draws, profile.losses) }
                    </p>
                    <label class="filter">{ words.show }
                        <select data-setting="profile-game" onchange={choose}>
                            <option value="" selected={filter.is_none()}>{ words.all_games }</option>
                            { for options }
                        </select>
                    </label>
                    if profile.kept.is_empty() {
                        <p class="hint">{ words.no_games }</p>
                    } else {
                        <ol class="history">{ for games }</ol>
                    }
                    if profile.pages > 1 {
                        <p class="pages">
                            <button data-action="newer-games" disabled={profile.page <= 1} onclick={turn(profile.page - 1)}>{ words.newer }</button>
                            <span data-page-of="">{ (words.page_of)(profile.page, profile.pages) }</span>
                            <button data-action="older-games" disabled={profile.page >= profile.pages} onclick={turn(profile.page + 1)}>{ words.older }</button>
                        </p>
                    }
                    <p><a data-download="" href={download} download="">{ words.download }</a></p>
                </section>
                <nav class="boards">{ words.leaderboards }{ for boards }</nav>
            </>
        },
        false,
    )
}

fn kept_game(game: &KeptGame, lang: Lang, words: &ProfileWords) -> Html {
    let mine = usize::from(game.seat != crate::protocol::Seat::First);
    let opponent = game.players[1 - mine].as_ref().map_or_else(Html::default, |p| player_name(p, lang));
    let change = game.ratings.map(|r| {
        let change = r[mine];
        format!("{} → {} ({})", change.before, change.after, signed(change.delta()))
    });
    let speed = game.speed.as_deref().map(|s| speed_name(words, s)).unwrap_or_default();
    html! {
        <li data-history-game="" data-game={game.game.clone()} data-room={game.room.clone()}
            data-result={game.result.clone()} data-rated={game.rated.to_string()} class={game.result.clone()}>
            <a href={game.link.clone()}>{ format!("{} · {}", named_game(&game.game, lang), (words.result)(&game.result)) }</a>
            <span>{ words.versus }{ " " }{ opponent }</span>
            <span class="hint">{ format!("{} {} · {}", speed, if game.rated { words.rated } else { words.casual }, date(game.ended, lang)) }</span>
            if let Some(change) = change { <span class="rating">{ change }</span> }
        </li>
    }
}

/// Each rating over time, as lines in one SVG: time across, the rating up.
fn graph(history: &[RatingPoint], lang: Lang, words: &ProfileWords) -> Html {
    const WIDTH: f64 = 600.0;
    const HEIGHT: f64 = 200.0;
    const PAD: f64 = 40.0;
    // Room at the left for the ratings' labels, at a phone's larger type too.
    const LEFT: f64 = 56.0;
    if history.is_empty() {
        return Html::default();
    }
    let (first, last) = (history[0].at as f64, history[history.len() - 1].at as f64);
    let low = history.iter().map(|p| p.rating).min().unwrap_or(1500) as f64 - 20.0;
    let high = history.iter().map(|p| p.rating).max().unwrap_or(1500) as f64 + 20.0;
    let x = |at: u64| LEFT + (at as f64 - first) / (last - first).max(1.0) * (WIDTH - LEFT - PAD);
    let y = |rating: i64| HEIGHT - PAD - (rating as f64 - low) / (high - low) * (HEIGHT - 2.0 * PAD);
    let mut series: Vec<(&str, &str)> = Vec::new();
    for point in history {
        if !series.contains(&(point.game.as_str(), point.speed.as_str())) {
            series.push((&point.game, &point.speed));
        }
    }
    let lines = series.iter().enumerate().map(|(index, (game, speed))| {
        let points: Vec<String> = history
            .iter()
            .filter(|p| p.game == *game && p.speed == *speed)
            .map(|p| format!("{:.1},{:.1}", x(p.at), y(p.rating)))
            .collect();
        let label = format!("{} · {}", named_game(game, lang), speed_name(words, speed));
        html! {
            <g class={format!("series series-{}", index % 5)} data-series={format!("{game}/{speed}")}>
                <title>{ label }</title>
                <polyline points={points.join(" ")} />
                { for points.iter().map(|point| {
                    let (cx, cy) = point.split_once(',').unwrap_or_default();
                    html! { <circle cx={cx.to_owned()} cy={cy.to_owned()} r="3" /> }
                }) }
            </g>
        }
    });
    let legend = series.iter().enumerate().map(|(index, (game, speed))| {
        html! {
            <li class={format!("series-{}", index % 5)}>{ format!("{} · {}", named_game(game, lang), speed_name(words, speed)) }</li>
        }
    });
    html! {
        <figure class="rating-graph">
            <svg data-rating-graph="" viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="img" aria-label={words.graph}>
                <text x="2" y={format!("{:.0}", y(high as i64 - 20) + 4.0)} class="axis">{ (high - 20.0) as i64 }</text>
                if high - low > 40.0 {
                    <text x="2" y={format!("{:.0}", y(low as i64 + 20) + 4.0)} class="axis">{ (low + 20.0) as i64 }</text>
                }
                { for lines }
            </svg>
            <figcaption><ul class="legend">{ for legend }</ul></figcaption>
        </figure>
    }
}

#[derive(Properties, PartialEq)]
struct LeaderboardProps {
    game: String,
    lang: Lang,
}

#[component]
fn LeaderboardPage(props: &LeaderboardProps) -> Html {
    let words = PROFILE_WORDS.of(props.lang);
    let lang = props.lang;
    let known = GameId::from_slug(&props.game);
    let answer: Answer<Leaderboard> = use_fetched(format!("/api/leaderboard/{}", props.game));
    let others = GameId::ALL.into_iter().map(|game| {
        let current = (Some(game) == known).then_some("page");
        html! { <a href={Route::Leaderboard(game.slug().to_owned()).hash()} aria-current={current}>{ game_name(game, lang) }</a> }
    });
    let body = match (known, answer) {
        (None, _) | (_, Answer::Missing) => html! { <p class="notice">{ (words.no_game)(&props.game) }</p> },
        (_, Answer::Waiting) => html! { <p role="status">{ words.loading }</p> },
        (_, Answer::Failed) => html! { <p class="notice" role="alert">{ words.unavailable }</p> },
        (_, Answer::Here(board)) if board.leaders.is_empty() => {
            html! { <p class="hint">{ words.no_leaders }</p> }
        }
        (_, Answer::Here(board)) => {
            let mut speeds: Vec<&str> = Vec::new();
            for leader in &board.leaders {
                if !speeds.contains(&leader.speed.as_str()) {
                    speeds.push(&leader.speed);
                }
            }
            let tables = speeds.into_iter().map(|speed| {
                let rows = board.leaders.iter().filter(|l| l.speed == speed).map(|leader| {
                    let provisional = leader.player.provisional;
                    let rating = leader.player.rating.unwrap_or_default();
                    html! {
                        <li data-leader="" data-rank={leader.rank.to_string()} data-name={leader.player.name.clone().unwrap_or_default()}
                            data-speed={leader.speed.clone()} data-rating={rating.to_string()}
                            data-provisional={provisional.then_some("")} class={classes!(provisional.then_some("provisional"))}>
                            <span class="rank">{ leader.rank }</span>
                            { player_name(&leader.player, lang) }
                            <strong title={provisional.then_some(words.provisional)}>
                                { crate::rating::shown(rating, provisional) }
                            </strong>
                            <span class="hint">{ (words.rated_games)(leader.games) }</span>
                        </li>
                    }
                });
                html! {
                    <section data-speed={speed.to_owned()}>
                        <h2>{ speed_name(words, speed) }</h2>
                        <ol class="leaders">{ for rows }</ol>
                    </section>
                }
            });
            let marked = board.leaders.iter().any(|leader| leader.player.provisional);
            html! {
                <>
                    { for tables }
                    if marked { <p class="hint">{ format!("? {}", words.provisional) }</p> }
                </>
            }
        }
    };
    let title = known.map_or_else(|| props.game.clone(), |game| game_name(game, lang).to_owned());
    html! {
        <main class="leaderboard" data-page="leaderboard" data-leaderboard="" data-game={props.game.clone()}
            data-missing={known.is_none().then_some("")}>
            <h1>{ format!("{} · {}", title, words.leaderboard) }</h1>
            <nav class="boards">{ for others }</nav>
            { body }
        </main>
    }
}
