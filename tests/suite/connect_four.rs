//! Connect Four's rules against external positions: the 6,000 benchmark positions of Pascal
//! Pons' solver test sets (`tests/data/connect4`), each a legal game still in progress; and its
//! conformance (its rules' own unit tests are in `src/rules/connect_four.rs`).

use crate::harness::{Conformance, Conformant};
use board_suite::rules::Game;
use board_suite::rules::connect_four::{ConnectFour, Move};
use std::path::Path;

const SETS: [&str; 6] = ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"];

#[test]
fn every_benchmark_position_is_a_legal_game_in_progress() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/connect4");
    let mut positions = 0;
    for set in SETS {
        let text = std::fs::read_to_string(dir.join(set)).unwrap_or_else(|e| panic!("{set}: {e}"));
        for line in text.lines() {
            let (moves, score) = line.split_once(' ').expect("`<moves> <score>`");
            let score: i32 = score.parse().expect("a score");
            let game = ConnectFour::from_notation(moves).unwrap_or_else(|e| panic!("{set} {moves}: {e:?}"));
            assert_eq!(game.outcome(), None, "{set} {moves}");
            // A side that can still win has discs left to play: |score| <= stones left to it.
            let left = (42 - moves.len() as i32 + 1) / 2;
            assert!(score.abs() <= left + 1, "{set} {moves} {score}");
            positions += 1;
        }
    }
    assert_eq!(positions, 6000);
}

impl Conformant for ConnectFour {
    fn conformance() -> Conformance<Self> {
        Conformance {
            configs: vec![()],
            candidates: |_| (0..=9).chain([u8::MAX]).map(Move::Drop).collect(),
            playouts: 2000,
            max_plies: 42,
        }
    }
}
