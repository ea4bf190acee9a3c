//! The arena's reference opponents: plain engines, written to be simple and fixed, that the
//! real engines are measured against (`cargo run --release --bin arena -- match <game>`). Each
//! game's opponent and the starts of its match games live in the game's own file here, and
//! reach the arena through [`super::Engines`].

pub mod checkers;
pub mod dark_chess;
pub mod five_tigers;
pub mod gomoku;
