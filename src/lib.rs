//! A board-game suite. `rules`, `engine` and `save` are pure Rust, tested natively; `ui` is the
//! Yew app and exists only in the browser build.

pub mod engine;
pub mod i18n;
pub mod route;
pub mod rules;
pub mod save;

#[cfg(target_arch = "wasm32")]
pub mod ui;
