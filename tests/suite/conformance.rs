//! Every game through the one conformance harness. Each game's own test module says how (its
//! configs, its candidate moves, how many playouts) by implementing [`Conformant`]; a game of
//! the registry without it does not compile here.

use crate::harness::Conformant;
use board_suite::games::GameId;
use board_suite::with_game;

/// Runs one game's checks.
fn conform<G: Conformant>() {
    G::conformance().run();
}

#[test]
fn every_game_conforms() {
    // The games side by side: the slowest takes as long as all of them.
    std::thread::scope(|scope| {
        let runs: Vec<_> = GameId::ALL
            .into_iter()
            .map(|game| scope.spawn(move || with_game!(game, G => conform::<G>())))
            .collect();
        for (game, run) in GameId::ALL.into_iter().zip(runs) {
            assert!(run.join().is_ok(), "{} does not conform", game.slug());
        }
    });
}
