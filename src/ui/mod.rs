//! The Yew app. Components are thin: they show the rules' state and turn input into moves.

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
mod offline;
mod online;
mod picker;
mod screen;
mod session;
mod storage;

/// Starts the app in the page's body. Rendering installs Yew's panic hook
/// (`console_error_panic_hook`), so a panic, which kills a wasm page, is logged to the console
/// with its message and stack rather than failing silently.
pub fn start() {
    yew::Renderer::<app::App>::new().render();
}
