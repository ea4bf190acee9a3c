//! The home page at `#/`: every game with a small picture of its board and its ways to play
//! (with a friend on this device, against the computer, online), the game in progress on this
//! device, continued in one click, and under the cards the lobby's open games.

use super::later::DrawPage;
use super::lazy::LazyCode;
use super::model::{Card, UiGame};
use super::served::Lobby;
use super::settings::{common_settings, use_menu, use_menu_focus};
use super::storage;
use crate::games::GameId;
use crate::i18n::Lang;
use crate::route::{Play, Route};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PickerProps {
    pub lang: Lang,
}

/// Draws the home page.
pub fn draw_home(lang: Lang) -> Html {
    html! { <Picker {lang} /> }
}

thread_local! {
    /// The home page's code in a game's binary: split off it (its visits mostly never go home,
    /// and the page holds every game's card and picture).
    pub static HOME: LazyCode<DrawPage> = const { LazyCode::new() };
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
        { common_settings(&menu, props.lang) }
        <main class="picker" data-page="picker">
            <h1>{ text.pick_a_game }</h1>
            <p class="subtitle">{ text.tagline }</p>
            <ul class="cards">{ for cards }</ul>
            <Lobby lang={props.lang} />
        </main>
        </>
    }
}
