//! Search and evaluation over the rules, pure Rust and tested natively. It imports `rules`;
//! `rules` never imports it.

pub mod connect_four;
