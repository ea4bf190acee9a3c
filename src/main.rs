//! The browser entry point; natively there is nothing to run (the rules are a library).

fn main() {
    #[cfg(target_arch = "wasm32")]
    board_suite::ui::start();
}
