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
mod later;
mod lazy;
mod lobby;
mod model;
mod offline;
mod online;
mod picker;
mod player_words;
mod players;
mod profiles;
mod screen;
mod served;
mod session;
mod settings;
mod storage;
#[cfg(test)]
mod stored_8770ed2;

use crate::i18n::Lang;
use crate::route::Route;
pub use app::Plays;
pub use computer::{COMPUTER, ComputerCode, ENGINE};
use game::GamePage;
pub use later::DrawPage;
use lazy::LazyCode;
pub use lazy::{Fetching, OnDemand};
use lobby::Following;
pub use model::UiGame;
pub use picker::{HOME, draw_home};
use players::{BadgeCode, PlayerLink};
pub use profiles::{PROFILES, draw_profiles};
use screen::{DrawAnalysis, OnlinePanels};
pub use screen::{EXTRAS, Extras};
use served::ServedCode;
pub use session::AnalysisCode;
use std::any::Any;
use std::cell::RefCell;
use yew::{Html, html};

/// Online play's code, split off every binary of the page as one piece: the connection, the
/// lobby and, in a game's binary, the game screen's panels. Each part reaches its users
/// through a cell of its own ([`run`]).
pub struct OnlineCode {
    link: &'static online::Link,
    lobby: ServedCode,
    panels: Option<&'static OnlinePanels>,
}

/// A game's binary's online code.
pub const ONLINE_CODE: OnlineCode = OnlineCode {
    link: &online::LINK,
    lobby: ServedCode {
        draw: lobby::draw_lobby,
        following: Following { follow: online::follow_lobby, unfollow: online::unfollow_lobby },
        badge: BadgeCode {
            draw: players::draw_badge,
            link: PlayerLink {
                follow: online::follow_player,
                unfollow: online::unfollow_player,
                send: online::send_player,
            },
            challenge: online::challenge,
        },
    },
    panels: Some(&screen::ONLINE_PANELS),
};

/// The picker's, which has no game screen.
pub const ONLINE_LOBBY_CODE: OnlineCode = OnlineCode { panels: None, ..ONLINE_CODE };

/// The analysis's code, split off a game's binary as one piece: the game's `AnalysisCode` (as
/// `Any`: what reads it knows its game) and the panel.
pub struct AnalysisPiece {
    code: analysis::Fetched,
    view: DrawAnalysis,
}

impl AnalysisPiece {
    pub const fn new(code: &'static dyn Any) -> AnalysisPiece {
        AnalysisPiece {
            code: analysis::Fetched { code, tools: &analysis::TOOLS },
            view: screen::draw_analysis,
        }
    }
}

thread_local! {
    /// Online play's code, fetched the first time one of its parts is wanted.
    pub static ONLINE_PIECE: LazyCode<&'static OnlineCode> = const { LazyCode::new() };
    /// The analysis's code, fetched the first time one of its parts is wanted.
    pub static ANALYSIS_PIECE: LazyCode<&'static AnalysisPiece> = const { LazyCode::new() };
}

/// Plays `G` alone: a game's binary, whose home page is split off it.
pub fn plays<G: UiGame>(route: &Route, lang: Lang) -> Option<Html> {
    let Route::Game { game, seed, record, room, play, take } = route else {
        return Some(html! { <later::Later {lang} piece={&HOME} /> });
    };
    (*game == G::ID).then(|| {
        html! {
            <GamePage<G> key={game.slug()} {lang} seed={*seed}
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

/// Starts the app in the page's body, playing `plays`, once the binary's `page!` has told each
/// piece of code split off it how it is fetched. Rendering installs Yew's panic hook
/// (`console_error_panic_hook`), so a panic, which kills a wasm page, is logged to the console
/// with its message and stack rather than failing silently.
pub fn run(plays: Plays) {
    online::CONNECTION.provide(Some(|| Box::pin(async { Some(ONLINE_PIECE.get().await?.link) })));
    served::SERVED.provide(Some(|| Box::pin(async { Some(ONLINE_PIECE.get().await?.lobby) })));
    APP.with_borrow_mut(|app| app.0 = Some(plays));
    resume();
}

/// Tells the game screen's cells how their code comes: from online play's piece and the
/// analysis's (a game's binary; the picker has no game screen, and none of this code).
pub fn provide_game_screen() {
    screen::ONLINE_PANELS_CODE.provide(Some(|| Box::pin(async { ONLINE_PIECE.get().await?.panels })));
    analysis::ANALYSIS.provide(Some(|| Box::pin(async { Some(ANALYSIS_PIECE.get().await?.code) })));
    screen::ANALYSIS_VIEW.provide(Some(|| Box::pin(async { Some(ANALYSIS_PIECE.get().await?.view) })));
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
/// `resume` and `stop` the page's loader calls when it switches between binaries, with the
/// code most visits never need split off it (scripts/split.mjs), each piece fetched the first
/// time it is wanted. `page!(game: Gomoku)` is a game's binary: that game alone, with online
/// play's code (the connection, the lobby and the game's online panels), the home page, the
/// analysis, the extras (the new-game dialog, the menu, the canvas board, the help) and the
/// code that runs the computer's worker split off. `page!(picker)` plays no game: only online
/// play's code (the lobby's) is split off. A piece is one line here: the cell that keeps it
/// ([`lazy::LazyCode`]), the name of its split point, and its code. A split point lives in a
/// binary: the library's would be exported, so linked into every binary.
#[macro_export]
macro_rules! page {
    (game: $game:ty) => {
        const EXTRAS: $crate::ui::Extras =
            $crate::ui::Extras::with_help(<$game as $crate::ui::UiGame>::HELP);
        const ANALYSIS: $crate::ui::AnalysisPiece =
            $crate::ui::AnalysisPiece::new(&$crate::ui::AnalysisCode::<$game>::CODE);
        $crate::page!(@entry $crate::ui::plays::<$game>, $crate::ui::provide_game_screen, {
            $crate::ui::ONLINE_PIECE => online: &'static $crate::ui::OnlineCode = &$crate::ui::ONLINE_CODE,
            $crate::ui::HOME => home: $crate::ui::DrawPage = $crate::ui::draw_home,
            $crate::ui::ANALYSIS_PIECE => analysis: &'static $crate::ui::AnalysisPiece = &ANALYSIS,
            $crate::ui::EXTRAS => extras: &'static $crate::ui::Extras = &EXTRAS,
            $crate::ui::ENGINE => computer: &'static $crate::ui::ComputerCode = &$crate::ui::COMPUTER,
            $crate::ui::PROFILES => profiles: $crate::ui::DrawPage = $crate::ui::draw_profiles,
        });
    };
    (picker) => {
        $crate::page!(@entry $crate::ui::plays_none, || (), {
            $crate::ui::ONLINE_PIECE => online: &'static $crate::ui::OnlineCode = &$crate::ui::ONLINE_LOBBY_CODE,
            $crate::ui::PROFILES => profiles: $crate::ui::DrawPage = $crate::ui::draw_profiles,
        });
    };
    (@entry $plays:expr, $provide:expr, { $($cell:path => $name:ident: $ty:ty = $code:expr,)* }) => {
        #[cfg(target_arch = "wasm32")]
        #[global_allocator]
        static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

        fn main() {
            $({
                fn fetch() -> $crate::ui::Fetching<$ty> {
                    Box::pin(async { $name().await.ok() })
                }
                $crate::ui::OnDemand::provide(&$cell, Some(fetch));
            })*
            $provide();
            #[cfg(target_arch = "wasm32")]
            $crate::ui::run($plays);
            // Natively there is no page: its parts are only checked.
            #[cfg(not(target_arch = "wasm32"))]
            let _: $crate::ui::Plays = $plays;
        }

        $(
            #[wasm_split_helpers::wasm_split($name, fallible)]
            fn $name() -> Result<$ty, wasm_split_helpers::SplitLoaderError> {
                Ok($code)
            }
        )*

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
}
