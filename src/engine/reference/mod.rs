//! The arena's reference opponents: plain engines, written to be simple and fixed, that the
//! real engines are measured against (`cargo run --release --bin arena -- match <game>`). Each
//! game's opponent and the starts of its match games live in the game's own file here.

pub mod checkers;
pub mod dark_chess;
pub mod five_tigers;
pub mod gomoku;

use super::{Engine, EngineError, read_config};

/// The reference opponent for a game named as in the protocol, under a config in the save
/// format's JSON (the game's defaults when `None`).
pub fn engine_for(game: &str, config: Option<&str>) -> Result<Box<dyn Engine>, EngineError> {
    match game {
        "checkers" => Ok(Box::new(checkers::Reference::from_json(config)?)),
        "gomoku" => Ok(Box::new(gomoku::Reference::new(read_config(config)?))),
        "dark-chess" => Ok(Box::new(dark_chess::Greedy::new(read_config(config)?)?)),
        "five-tigers" => Ok(Box::new(five_tigers::Greedy::new(read_config(config)?))),
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
        // A three-move ballot every pair.
        "checkers" => (None, checkers::ballot(pair)),
        "gomoku" => (None, gomoku::start(pair)),
        "five-tigers" => five_tigers::start(pair),
        _ => (None, Vec::new()),
    }
}
