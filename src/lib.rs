//! A board-game suite. `rules`, `engine`, `save`, `players`, `rating` and `protocol` (online
//! play's frames) are pure Rust, tested natively; `ui` is the Yew app (the `page` feature, on by
//! default), built natively too so that its pure logic is unit-tested without a browser.

// First, so that `with_game!` is in scope in every module after it.
#[macro_use]
pub mod games;
pub mod codec;
pub mod engine;
pub mod i18n;
pub mod players;
pub mod protocol;
pub mod rating;
pub mod route;
pub mod rules;
pub mod save;

#[cfg(feature = "page")]
pub mod ui;
