//! A board-game suite. `rules`, `engine`, `save` and `protocol` (online play's frames) are pure
//! Rust, tested natively; `ui` is the Yew app and exists only in the browser build.

pub mod engine;
pub mod i18n;
pub mod protocol;
pub mod route;
pub mod rules;
pub mod save;

#[cfg(target_arch = "wasm32")]
pub mod ui;
