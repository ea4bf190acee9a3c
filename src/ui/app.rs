//! The app shell: the header and the route's page, in the language the page's settings menu
//! chooses.

use super::later::{Later, unavailable};
use super::offline;
use super::profiles::PROFILES;
use super::served::PlayerBadge;
use super::settings;
use super::storage;
use crate::games::GameId;
use crate::i18n::Lang;
use crate::route::Route;
use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::DragEvent;
use yew::prelude::*;

/// The pages a binary of the page draws: a game route's page, where this binary has its game,
/// and the home page (`#/`, and a route not known). The game screen is reached only through
/// it, so the picker's binary holds none of it, and a game's binary fetches the home page.
pub type Plays = fn(&Route, Lang) -> Option<Html>;

const LANG_KEY: &str = "board-suite/lang";

/// The remembered language, else the browser's.
fn initial_lang() -> Lang {
    storage::read(LANG_KEY)
        .and_then(|code| Lang::from_code(&code))
        .or_else(|| gloo::utils::window().navigator().language().map(|tag| Lang::for_browser(&tag)))
        .unwrap_or(Lang::En)
}

fn current_route() -> Route {
    Route::parse(&gloo::utils::window().location().hash().unwrap_or_default())
}

/// Stops the browser from opening a file dropped anywhere on the page in place of the app.
fn file_drop_guard(event: &Event) {
    let carries_files = event
        .dyn_ref::<DragEvent>()
        .and_then(DragEvent::data_transfer)
        .is_some_and(|t| t.types().includes(&"Files".into(), 0));
    if carries_files {
        event.prevent_default();
    }
}

#[derive(Properties)]
pub struct AppProps {
    /// The pages this binary of the page draws.
    pub plays: Plays,
}

/// A binary's games never change while it runs.
impl PartialEq for AppProps {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

#[component]
pub fn App(props: &AppProps) -> Html {
    let lang = use_state_eq(initial_lang);
    let route = use_state_eq(current_route);
    // A newer version, installed and waiting for the player to reload.
    let update = use_state(|| None::<web_sys::ServiceWorker>);
    {
        let update = update.clone();
        use_effect_with((), move |_| offline::register(move |waiting| update.set(Some(waiting))));
    }

    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let window = gloo::utils::window();
            let options = EventListenerOptions::enable_prevent_default();
            let listeners = [
                EventListener::new(&window, "hashchange", move |_| route.set(current_route())),
                EventListener::new_with_options(&window, "dragover", options, file_drop_guard),
                EventListener::new_with_options(&window, "drop", options, file_drop_guard),
            ];
            move || drop(listeners)
        });
    }
    use_effect_with(*lang, |lang| {
        if let Some(root) = gloo::utils::document().document_element() {
            let _ = root.set_attribute("lang", lang.code());
        }
        gloo::utils::document().set_title(lang.text().title);
        storage::write(LANG_KEY, lang.code());
    });

    let text = lang.text();
    {
        // The settings menu's language button, on whichever page, is the app's, which holds the
        // language: its click is answered here (given again with each language, so that the
        // switch reads the language shown).
        let lang = lang.clone();
        use_effect_with(*lang, move |_| {
            let listener = EventListener::new(&gloo::utils::document(), "click", move |event| {
                let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
                if target.is_some_and(|t| t.closest(settings::LANGUAGE_BUTTON).ok().flatten().is_some()) {
                    lang.set(lang.other());
                }
            });
            move || drop(listener)
        });
    }
    // A link that cannot be followed says why; a game's link at fault shows the game as it is.
    let (shown, notice) = match &*route {
        Route::NotFound(path) => (Route::Picker, Some((text.not_found)(path))),
        Route::BadLink { game, problem } => (Route::game(*game), Some((text.bad_link)(problem))),
        route => (route.clone(), None),
    };
    // A player's page and a leaderboard are every binary's (their code is a piece of its own).
    let profiles = matches!(shown, Route::Player(_) | Route::Leaderboard(_))
        .then(|| html! { <Later key={shown.hash()} lang={*lang} piece={&PROFILES} /> });
    let page = profiles.or_else(|| (props.plays)(&shown, *lang)).unwrap_or_else(|| match &shown {
        Route::Game { game, .. } => html! { <Elsewhere key={game.slug()} game={*game} lang={*lang} /> },
        _ => Html::default(),
    });
    let page = html! {
        <>
            if let Some(words) = notice {
                <div data-notice="" data-link-problem="" class="notice" role="alert">{ words }</div>
            }
            { page }
        </>
    };
    html! {
        <>
            <header class="top">
                <a class="brand" href="#/">
                    <span class="logo" aria-hidden="true">{ "棋" }</span><span class="brand-name">{ text.title }</span>
                </a>
                <PlayerBadge lang={*lang} />
            </header>
            if let Some(waiting) = (*update).clone() {
                <div data-notice="update" class="notice" role="status">
                    <span>{ text.update_ready }</span>
                    <button data-action="update" class="primary" onclick={move |_| offline::apply_update(&waiting)}>
                        { text.update_now }
                    </button>
                </div>
            }
            { page }
        </>
    }
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The page's loader (index.html): shows the binary that plays the game of this slug,
    /// taking this one off the page; rejects if its files cannot be fetched.
    #[wasm_bindgen(js_namespace = boardSuite, js_name = open)]
    fn open_binary(slug: &str) -> js_sys::Promise;
}

#[derive(Properties, PartialEq)]
struct ElsewhereProps {
    game: GameId,
    lang: Lang,
}

/// A game this binary does not play: asks the loader for the one that does, and says so if its
/// files cannot be fetched (offline before the game was first opened).
#[component]
fn Elsewhere(props: &ElsewhereProps) -> Html {
    let failed = use_state_eq(|| false);
    let attempt = use_state_eq(|| 0u32);
    {
        let failed = failed.clone();
        use_effect_with((props.game, *attempt), move |(game, _)| {
            failed.set(false);
            let loading = open_binary(game.slug());
            yew::platform::spawn_local(async move {
                if wasm_bindgen_futures::JsFuture::from(loading).await.is_err() {
                    failed.set(true);
                }
            });
        });
    }
    let text = props.lang.text();
    if *failed {
        unavailable(text.game_unavailable, text.try_again, Callback::from(move |_| attempt.set(*attempt + 1)))
    } else {
        html! { <main class="loading" data-page="loading" role="status">{ text.loading_game }</main> }
    }
}
