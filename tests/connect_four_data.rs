//! Connect Four against external positions: the 6,000 benchmark positions of Pascal Pons'
//! solver test sets (`tests/data/connect4`), each a legal game still in progress.

use board_suite::rules::Game;
use board_suite::rules::connect_four::ConnectFour;
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
