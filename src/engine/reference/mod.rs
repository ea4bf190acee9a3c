//! The arena's reference opponents: plain engines, written to be simple and fixed, that the
//! real engines are measured against (`cargo run --release --bin arena -- match <game>`). Each
//! game's opponent and the starts of its match games live in the game's own file here.

pub mod dark_chess;

use super::{Engine, EngineError, parse_config};
use crate::rules::dark_chess::DarkChess;

/// The reference opponent for a game named as in the protocol, under a config in the save
/// format's JSON (the game's defaults when `None`).
pub fn engine_for(game: &str, config: Option<&str>) -> Result<Box<dyn Engine>, EngineError> {
    match game {
        "dark-chess" => Ok(Box::new(dark_chess::Greedy::new(parse_config::<DarkChess>(config)?)?)),
        _ => Err(EngineError::UnknownGame(game.to_owned())),
    }
}

/// How the `pair`th pair of a match's games starts (both games of a pair start alike, the
/// sides swapped): the config in the save format's JSON (`None`: the game's defaults) and the
/// turns already played, as the move list writes them.
pub fn start(game: &str, pair: u64) -> (Option<String>, Vec<String>) {
    match game {
        // A new deal every pair.
        "dark-chess" => (Some(format!(r#"{{"seed":{pair}}}"#)), Vec::new()),
        _ => (None, Vec::new()),
    }
}
