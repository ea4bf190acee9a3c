//! The Yew app. Components are thin: they show the rules' state and turn input into moves.
//!
//! The page is built as several binaries, so that a visitor downloads only what the route
//! asks for: the picker's (`src/main.rs`), which plays no game, and one per game
//! (`src/bin/game-<route>.rs`), which plays that game alone. Each is the same app, told by
//! [`Plays`] which games it has; for any other game it asks the page's loader
//! (`boardSuite.open` in `index.html`) to switch to that game's binary. Each binary's entry
//! point is [`page!`].

mod analysis;
mod app;
mod board;
mod checkers;
mod computer;
mod connect_four;
mod dark_chess;
mod effects;
mod five_tigers;
mod flow;
mod game;
mod gomoku;
mod js;
mod lobby;
mod offline;
mod online;
mod picker;
mod screen;
mod session;
mod settings;
mod storage;

use crate::i18n::Lang;
use crate::route::Route;
pub use analysis::LoadAnalysis;
pub use computer::{COMPUTER, ComputerCode, LoadComputer};
use game::GamePage;
pub use game::UiGame;
pub use online::{CODE as ONLINE_CODE, LOBBY_CODE as ONLINE_LOBBY_CODE, LoadOnline, OnlineCode};
pub use picker::{DrawHome, draw_home};
pub use screen::{Extras, LoadExtras};
pub use session::AnalysisCode;
use session::Start;
use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use yew::{Html, html};

/// The pages a binary of the page draws: a game route's page, where this binary has its game,
/// and the home page (`#/`, and a route not known). The game screen is reached only through
/// it, so the picker's binary holds none of it, and a game's binary fetches the home page.
pub type Plays = fn(&Route, Lang) -> Option<Html>;

/// How a binary has a piece of code split off it (scripts/split.mjs): fetched, or at hand;
/// `None` if it cannot come.
pub type Piece<T> = fn() -> PieceFuture<T>;

/// A piece of code on its way.
pub type PieceFuture<T> = Pin<Box<dyn Future<Output = Option<T>>>>;

/// Plays `G` alone: a game's binary, whose home page is split off it.
pub fn plays<G: UiGame>(route: &Route, lang: Lang) -> Option<Html> {
    let Route::Game { game, seed, record, room, play, take } = route else {
        return Some(html! { <picker::LaterHome {lang} /> });
    };
    let start: Start = session::start::<G>;
    (*game == G::ID).then(|| {
        html! {
            <GamePage key={game.slug()} game={*game} {start} {lang} seed={*seed}
                record={record.clone()} room={room.clone()} play={*play} take={take.clone()} />
        }
    })
}

/// Plays no game: the picker's binary, the home page at hand.
pub fn plays_none(route: &Route, lang: Lang) -> Option<Html> {
    (!matches!(route, Route::Game { .. })).then(|| draw_home(lang))
}

thread_local! {
    /// This binary's games, and the app while it is shown.
    static APP: RefCell<(Option<Plays>, Option<yew::AppHandle<app::App>>)> = const { RefCell::new((None, None)) };
}

/// How a binary has the code split off it (scripts/split.mjs): online play's (every binary),
/// the home page's, the analysis's, the extras' and the computer's (a game's).
pub struct Pieces {
    pub home: Option<Piece<DrawHome>>,
    pub online: LoadOnline,
    pub analysis: Option<LoadAnalysis>,
    pub extras: Option<LoadExtras>,
    pub computer: Option<LoadComputer>,
}

/// Starts the app in the page's body, playing `plays`, with the code split off it had by
/// `pieces`. Rendering installs Yew's panic hook
/// (`console_error_panic_hook`), so a panic, which kills a wasm page, is logged to the console
/// with its message and stack rather than failing silently.
pub fn run(plays: Plays, pieces: Pieces) {
    picker::HOME.set(pieces.home);
    online::LOAD.set(Some(pieces.online));
    analysis::LOAD.set(pieces.analysis);
    screen::LOAD_EXTRAS.set(pieces.extras);
    computer::LOAD.set(pieces.computer);
    APP.with_borrow_mut(|app| app.0 = Some(plays));
    resume();
}

/// Shows the app again after [`stop`] (the loader came back to this binary).
pub fn resume() {
    APP.with_borrow_mut(|(plays, handle)| {
        if let (Some(plays), None) = (*plays, &handle) {
            *handle = Some(yew::Renderer::<app::App>::with_props(app::AppProps { plays }).render());
        }
    });
}

/// Takes the app off the page, ending its components (a game's online connection, its
/// engine), while another binary's app is shown. Everything a game holds is saved already.
pub fn stop() {
    if let Some(handle) = APP.with_borrow_mut(|(_, handle)| handle.take()) {
        handle.destroy();
    }
}

/// The entry point of one of the page's binaries: its allocator, its `main`, and the
/// `resume` and `stop` the page's loader calls when it switches between binaries, with online
/// play's code (the connection and the lobby) split off (scripts/split.mjs), fetched the first
/// time a player goes online or the lobby is shown. `page!(game: Gomoku)` is a game's binary:
/// that game alone, with its home page split off too, fetched if the player goes home, its
/// analysis, fetched once a game ends or a record brings marks, and its extras (the new-game
/// dialog, the canvas board), fetched the first time one is asked for, and the code that runs
/// the computer's worker, fetched with the worker. `page!(picker)` plays no
/// game. A split point lives in a binary: the library's would be exported, so linked into
/// every binary.
#[macro_export]
macro_rules! page {
    (game: $game:ty) => {
        $crate::page!(@entry $crate::ui::plays::<$game>, Some(load_home),
            &$crate::ui::ONLINE_CODE, Some(load_analysis), Some(load_extras), Some(load_computer));
        $crate::page!(@piece load_home, home: $crate::ui::DrawHome = $crate::ui::draw_home);
        $crate::page!(@piece load_analysis, analysis: &'static dyn ::std::any::Any =
            &$crate::ui::AnalysisCode::<$game>::CODE);
        const EXTRAS: $crate::ui::Extras =
            $crate::ui::Extras::with_help(<$game as $crate::ui::UiGame>::HELP);
        $crate::page!(@piece load_extras, extras: &'static $crate::ui::Extras = &EXTRAS);
        $crate::page!(@piece load_computer, computer: &'static $crate::ui::ComputerCode =
            &$crate::ui::COMPUTER);
    };
    (picker) => {
        $crate::page!(@entry $crate::ui::plays_none, None,
            &$crate::ui::ONLINE_LOBBY_CODE, None, None, None);
    };
    (@entry $plays:expr, $home:expr, $online:expr, $analysis:expr, $extras:expr, $computer:expr) => {
        #[cfg(target_arch = "wasm32")]
        #[global_allocator]
        static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

        fn main() {
            let pieces = $crate::ui::Pieces {
                home: $home,
                online: load_online,
                analysis: $analysis,
                extras: $extras,
                computer: $computer,
            };
            #[cfg(target_arch = "wasm32")]
            $crate::ui::run($plays, pieces);
            // Natively there is no page: its parts are only checked.
            #[cfg(not(target_arch = "wasm32"))]
            let _: ($crate::ui::Plays, $crate::ui::Pieces) = ($plays, pieces);
        }

        $crate::page!(@piece load_online, online: &'static $crate::ui::OnlineCode = $online);

        #[cfg(target_arch = "wasm32")]
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn resume() {
            $crate::ui::resume();
        }

        #[cfg(target_arch = "wasm32")]
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn stop() {
            $crate::ui::stop();
        }
    };
    // A piece: its split point `$name`, whose code is `$code`, and `$load`, which fetches it.
    (@piece $load:ident, $name:ident: $ty:ty = $code:expr) => {
        fn $load() -> $crate::ui::PieceFuture<$ty> {
            Box::pin(async { $name().await.ok() })
        }

        #[wasm_split_helpers::wasm_split($name, fallible)]
        fn $name() -> Result<$ty, wasm_split_helpers::SplitLoaderError> {
            Ok($code)
        }
    };
}
