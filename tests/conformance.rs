//! Every game through the one conformance harness.

mod harness;

use board_suite::rules::connect_four::{ConnectFour, Move};
use harness::Conformance;

#[test]
fn connect_four() {
    Conformance::<ConnectFour> {
        id: "connect-four",
        configs: vec![()],
        candidates: |_| (0..=9).map(Move::Drop).collect(),
        playouts: 2000,
        max_plies: 42,
    }
    .run();
}
