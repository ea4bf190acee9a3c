//! A hot-seat board-game suite. `rules` and `save` are pure Rust, tested natively; `ui` is the
//! Yew app and exists only in the browser build.

pub mod i18n;
pub mod route;
pub mod rules;
pub mod save;

#[cfg(target_arch = "wasm32")]
pub mod ui;
