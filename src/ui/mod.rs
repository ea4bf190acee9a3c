//! The Yew app. Components are thin: they show the rules' state and turn input into moves.

mod app;
mod board;
mod connect_four;
mod game;
mod picker;
mod screen;
mod storage;

/// Starts the app: a panic is logged to the console (it would otherwise kill the page
/// silently), then the app is rendered into the page's body.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&info.to_string().into())
    }));
    yew::Renderer::<app::App>::new().render();
}
