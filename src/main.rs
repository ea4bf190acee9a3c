//! The page's picker: the app with no game of its own, loaded at `#/` (and for a route it does
//! not know). Natively there is nothing to run (the rules are a library).
//!
//! Its lobby, with online play's connection, is split off this binary (scripts/split.mjs) and
//! fetched once the home page has settled. A split point lives in a binary, not the library:
//! the library's would be linked into every binary that uses it.

use board_suite::ui::{DrawLobby, PieceFuture, draw_lobby};

board_suite::page!(board_suite::ui::plays_none, load_lobby);

/// The lobby's code, from its piece; `None` if it cannot be fetched.
fn load_lobby() -> PieceFuture<DrawLobby> {
    Box::pin(async { lobby().await.ok() })
}

#[wasm_split_helpers::wasm_split(lobby, fallible)]
fn lobby() -> Result<DrawLobby, wasm_split_helpers::SplitLoaderError> {
    Ok(draw_lobby)
}
