//! The arena's reference opponents: plain engines, written to be simple and fixed, that the
//! real engines are measured against (`cargo run --release --bin arena -- match <game>`). Each
//! game's opponent and the starts of its match games live in the game's own file here.

pub mod gomoku;

use super::{Engine, EngineError};

/// The reference opponent for a game named as in the protocol, under a config in the save
/// format's JSON (the game's defaults when `None`).
pub fn engine_for(game: &str, config: Option<&str>) -> Result<Box<dyn Engine>, EngineError> {
    match game {
        "gomoku" => {
            let config = match config {
                Some(text) => {
                    serde_json::from_str(text).map_err(|e| EngineError::BadConfig(e.to_string()))?
                }
                None => Default::default(),
            };
            Ok(Box::new(gomoku::Reference::new(config)))
        }
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
        "gomoku" => (None, gomoku::start(pair)),
        _ => (None, Vec::new()),
    }
}
