//! The home page at `#/`: every game with a small picture of its board and its ways to play
//! (with a friend on this device, against the computer, online), the game in progress on this
//! device, continued in one click, and under the cards the lobby's open games.

use super::lazy::{LazyCode, use_lazy_code};
use super::lobby::Lobby;
use super::model::{Card, UiGame};
use super::settings::{menu_body, settings_menu, use_menu, use_menu_focus};
use super::storage;
use crate::games::GameId;
use crate::i18n::Lang;
use crate::route::{Play, Route};
use yew::prelude::*;

/// A lined board (stones on the points where lines cross) from a picture: one string per row,
/// `b` black, `w` white, `.` empty. Drawn in tenths of the thumbnails' 96-unit box, so every
/// coordinate is a whole number (formatting floats would add their code to the page).
pub fn lined_board(rows: &[&str]) -> Html {
    const MARGIN: usize = 120;
    let spacing = (960 - 2 * MARGIN) / (rows.len() - 1);
    let at = |i: usize| (MARGIN + i * spacing).to_string();
    let end = (960 - MARGIN).to_string();
    let lines = (0..rows.len()).map(|i| {
        html! {
            <g stroke="#5c3a1a" stroke-width="7">
                <line x1={at(0)} y1={at(i)} x2={end.clone()} y2={at(i)} />
                <line x1={at(i)} y1={at(0)} x2={at(i)} y2={end.clone()} />
            </g>
        }
    });
    let stones = rows.iter().enumerate().flat_map(|(y, row)| {
        row.chars().enumerate().filter(|(_, c)| *c != '.').map(move |(x, c)| {
            let fill = if c == 'b' { "#1f2328" } else { "#fbfaf5" };
            let r = (spacing * 2 / 5).to_string();
            html! { <circle cx={at(x)} cy={at(y)} {r} fill={fill} stroke="#1f2328" stroke-width="7" /> }
        })
    });
    html! {
        <svg viewBox="0 0 960 960" class="thumb" aria-hidden="true">
            <rect width="960" height="960" rx="60" fill="#dcb57a" />
            { for lines }
            { for stones }
        </svg>
    }
}

#[derive(Properties, PartialEq)]
pub struct PickerProps {
    pub lang: Lang,
}

/// What draws the home page.
pub type DrawHome = fn(Lang) -> Html;

/// Draws the home page.
pub fn draw_home(lang: Lang) -> Html {
    html! { <Picker {lang} /> }
}

thread_local! {
    /// The home page's code in a game's binary: split off it (its visits mostly never go home,
    /// and the page holds every game's card and picture).
    pub static HOME: LazyCode<DrawHome> = const { LazyCode::new() };
}

/// The home page in a game's binary: drawn once its code is here, "loading" until then.
#[component]
pub fn LaterHome(props: &PickerProps) -> Html {
    match use_lazy_code(&HOME, 1).here {
        Some(draw) => draw(props.lang),
        None => {
            html! { <main class="loading" data-page="loading" role="status">{ props.lang.text().loading }</main> }
        }
    }
}

#[component]
fn Picker(props: &PickerProps) -> Html {
    let text = props.lang.text();
    let menu = use_menu();
    use_menu_focus(&menu, true);
    let cards = GameId::ALL.into_iter().map(|game| {
        let (Card { name, blurb }, thumbnail) =
            with_game!(game, G => (G::CARD.of(props.lang), G::thumbnail()));
        let slug = game.slug();
        let ways = Play::ALL.into_iter().zip(text.ways_to_play).map(|(play, label)| {
            let hash = Route::Game { game, seed: None, record: None, room: None, play: Some(play), take: None }.hash();
            let onclick = move |_: MouseEvent| drop(gloo::utils::window().location().set_hash(&hash));
            html! { <button data-play={play.name()} {onclick}>{ label }</button> }
        });
        let progress = storage::read_progress(slug).map(|plies| {
            html! {
                <a class="continue" data-continue={slug} data-plies={plies.to_string()} href={Route::game(game).hash()}>
                    { (text.continue_game)(plies) }
                </a>
            }
        });
        html! {
            <li class="card" data-game-card={slug}>
                <a class="card-link" href={Route::game(game).hash()} data-link={slug}>
                    { thumbnail }
                    <span class="card-title">{ name }</span>
                    <span class="card-blurb">{ blurb }</span>
                </a>
                { for progress }
                <div class="ways">{ for ways }</div>
            </li>
        }
    });
    html! {
        <>
        { settings_menu(&menu, props.lang, menu.is_open().then(|| menu_body(&menu, props.lang, html! {}))) }
        <main class="picker" data-page="picker">
            <h1>{ text.pick_a_game }</h1>
            <p class="subtitle">{ text.tagline }</p>
            <ul class="cards">{ for cards }</ul>
            <Lobby lang={props.lang} />
        </main>
        </>
    }
}
