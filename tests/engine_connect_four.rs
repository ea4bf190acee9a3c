//! The Connect Four solver against Pascal Pons' test sets (`tests/data/connect4`): every
//! position's exact score. The end and middle sets run here; the beginning sets, which take
//! minutes, run with `--ignored`, and print the nodes searched per second.

use board_suite::engine::connect_four::{Position, Solver};
use std::path::Path;
use std::time::Instant;

fn check_set(set: &str, limit: usize) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/connect4").join(set);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{set}: {e}"));
    let mut solver = Solver::default();
    let start = Instant::now();
    let mut count = 0;
    for line in text.lines().take(limit) {
        let (moves, score) = line.split_once(' ').expect("`<moves> <score>`");
        let expected: i32 = score.parse().expect("a score");
        let position =
            Position::from_columns(moves).unwrap_or_else(|| panic!("{set}: {moves} is not a game"));
        assert_eq!(solver.solve(&position), expected, "{set}: {moves}");
        count += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{set}: {count} positions, {:.2} ms each, {} nodes, {:.1} M nodes/s",
        seconds * 1000.0 / count as f64,
        solver.nodes,
        solver.nodes as f64 / seconds / 1e6
    );
}

#[test]
fn end_positions_are_solved_exactly() {
    check_set("Test_L3_R1", 1000);
}

#[test]
fn middle_positions_are_solved_exactly() {
    check_set("Test_L2_R1", 1000);
}

#[test]
fn harder_middle_positions_are_solved_exactly() {
    // A sample of the medium set keeps the test command quick; `--ignored` runs all sets whole.
    check_set("Test_L2_R2", 100);
}

#[test]
#[ignore]
fn every_set_whole() {
    for set in ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"] {
        check_set(set, usize::MAX);
    }
}

/// The beginning sets sampled, for the figures: `C4_SAMPLE` positions of each (20 unless set).
#[test]
#[ignore]
fn beginning_sets_sampled() {
    let sample = std::env::var("C4_SAMPLE").ok().and_then(|n| n.parse().ok()).unwrap_or(20);
    for set in ["Test_L1_R1", "Test_L1_R2", "Test_L1_R3"] {
        check_set(set, sample);
    }
}
