//! Every game through the one conformance harness. Each game's own test module says how (its
//! configs, its candidate moves, how many playouts) by implementing [`Conformant`]; a game of
//! the registry without it does not compile here.

use crate::harness::{Conformant, every_game_at_once};

/// Runs one game's checks.
fn conform<G: Conformant>() {
    G::conformance().run();
}

#[test]
fn every_game_conforms() {
    every_game_at_once!(conform);
}
