//! The native tests, one binary linking the library once: the rules of every game, its
//! records and saves, the conformance harness, and the engines.
//! `cargo test --test suite <module>::<test>` runs one (`checkers::perft_benchmark`).

mod analysis;
mod architecture;
mod checkers;
mod conformance;
mod connect_four;
mod dark_chess;
mod dark_chess_board;
mod engine_checkers;
mod engine_connect_four;
mod engine_dark_chess;
mod engine_five_tigers;
mod engine_gomoku;
mod engine_protocol;
mod engine_search;
mod five_tigers;
mod fixtures;
mod gomocup;
mod gomoku;
mod harness;
mod record;
