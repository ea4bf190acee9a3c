//! The Connect Four solver against Pascal Pons' test sets (`tests/data/connect4`): every
//! position's exact score. The test command solves every set, the slow ones sampled (about half
//! a minute in all); the benchmark runs all 6000 positions (`--ignored every_set_whole`, about
//! 20 minutes). Each prints the time per position and the nodes searched per second.

use board_suite::engine::connect_four::{Book, BookError, Position, Solver, perfect_move};
use board_suite::engine::{Engines, Go};
use board_suite::rules::connect_four::ConnectFour;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::path::Path;
use std::time::{Duration, Instant};

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
    check_set("Test_L2_R2", 200);
}

#[test]
fn beginning_positions_are_solved_exactly() {
    check_set("Test_L1_R1", 1000);
    check_set("Test_L1_R2", 100);
    // The hardest set takes about a second a position.
    check_set("Test_L1_R3", 10);
}

#[test]
#[ignore]
fn every_set_whole() {
    for set in ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"] {
        check_set(set, usize::MAX);
    }
}

/// `best_move` (one solve, then null-window tests) agrees with every column's exact score: the
/// highest, the centre-most among equals.
#[test]
fn the_best_move_has_the_best_score() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/connect4/Test_L2_R2");
    let text = std::fs::read_to_string(&path).expect("the middle-medium set");
    let mut solver = Solver::default();
    for line in text.lines().take(30) {
        let moves = line.split(' ').next().expect("moves");
        let position = Position::from_columns(moves).expect("a game");
        let scores = solver.scores(&position);
        let best = [3, 2, 4, 1, 5, 0, 6]
            .into_iter()
            .filter(|&c| scores[c].is_some())
            .max_by_key(|&c| (scores[c], std::cmp::Reverse((c as i32 - 3).abs()), std::cmp::Reverse(c)));
        assert_eq!(solver.best_move(&position), best, "{moves}: {scores:?}");
    }
}

fn book_bytes() -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/engine/connect-four.book");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn book() -> Book {
    Book::from_bytes(&book_bytes()).expect("the committed book reads")
}

/// The score of a move for the side to move, as `Solver::solve` scores positions.
fn move_score(solver: &mut Solver, position: &Position, column: usize) -> i32 {
    if position.is_winning_move(column) {
        (43 - position.moves()) / 2
    } else {
        -solver.solve(&position.played(column))
    }
}

fn random_column(rng: &mut SmallRng, position: &Position) -> usize {
    let columns: Vec<usize> = (0..7).filter(|&column| position.can_play(column)).collect();
    columns[rng.random_range(0..columns.len())]
}

#[test]
fn garbage_is_not_a_book() {
    let bytes = book_bytes();
    // Every truncation, every byte changed (a sample of each), other files and noise: an
    // error each time, never a panic.
    let step = (bytes.len() / 500).max(1);
    for length in (0..bytes.len()).step_by(step).chain(bytes.len().saturating_sub(8)..bytes.len()) {
        assert!(Book::from_bytes(&bytes[..length]).is_err(), "{length} bytes of the book");
    }
    for at in (0..bytes.len()).step_by(step) {
        let mut changed = bytes.clone();
        changed[at] ^= 0x5A;
        assert!(Book::from_bytes(&changed).is_err(), "the book with byte {at} changed");
    }
    let mut rng = SmallRng::seed_from_u64(1);
    for length in [0, 1, 11, 15, 100, 10_000] {
        let noise: Vec<u8> = (0..length).map(|_| rng.random()).collect();
        assert!(Book::from_bytes(&noise).is_err(), "{length} random bytes");
        let behind_header = [&bytes[..11], &noise].concat();
        assert!(Book::from_bytes(&behind_header).is_err(), "{length} random bytes after the header");
    }
    let mut other_version = bytes.clone();
    other_version[6] = 99;
    assert_eq!(Book::from_bytes(&other_version).err(), Some(BookError::Version(99)));
    assert!(Book::from_bytes(include_bytes!("engine_connect_four.rs")).is_err());
}

/// Every book move and score checked on a sample of book positions: the deepest of random
/// walks through the book (the engine as the book says, the opponent at random), which solve
/// in a fraction of a second where the earliest would take a minute.
#[test]
fn book_moves_and_scores_are_proven() {
    let book = book();
    let mut solver = Solver::default();
    let mut rng = SmallRng::seed_from_u64(2);
    for walk in 0..8 {
        let engine_first = walk % 2 == 0;
        let mut position = Position::EMPTY;
        let mut deepest = None;
        while !position.is_over() {
            if (position.moves() % 2 == 0) == engine_first {
                let Some((column, score)) = book.best(&position) else { break };
                deepest = Some((position, column, score));
                position = position.played(column);
            } else {
                position = position.played(random_column(&mut rng, &position));
            }
        }
        let (position, column, score) = deepest.expect("the book holds the first positions");
        let best = solver.solve(&position);
        assert_eq!(move_score(&mut solver, &position, column), best, "{position:?}: the book's {column}");
        assert_eq!(score, best, "{position:?}: the book's score");
    }
}

/// Every position of at most this many discs is in the book, unless quick to solve.
const BOOK_FULL_DISCS: i32 = 7;
/// Up to this many discs, each held position's score is also checked against those after it.
const BOOK_CHECKED_DISCS: i32 = 3;
/// Positions searched that count as quick, as the book's generator counts them.
const QUICK: u64 = 200_000;

/// Every position of at most `BOOK_FULL_DISCS` discs: the book holds it or the solver answers
/// it quickly from an empty table (a minute or two: the quick ones are solved); and where the
/// book holds a position of at most `BOOK_CHECKED_DISCS` discs and the scores after each of its
/// moves are known (held, or quick), its score is the best of them and its move keeps it. (The
/// scores themselves are proven by the tests above and below.)
#[test]
fn the_book_holds_every_early_position() {
    let book = book();
    let mut solver = Solver::default();
    let mut quick = |position: &Position| {
        solver.clear();
        solver.solve_within(position, QUICK).ok()
    };
    let mut layer = vec![Position::EMPTY];
    for discs in 0..=BOOK_FULL_DISCS {
        let mut next = Vec::new();
        // Mirror images share the book's entries: one of each.
        let mut seen = std::collections::HashSet::new();
        for position in &layer {
            let held = book.best(position);
            assert!(held.is_some() || quick(position).is_some(), "{position:?}: neither held nor quick");
            if discs == BOOK_FULL_DISCS {
                // The positions after these are mostly neither held nor quick.
                continue;
            }
            let checked = discs <= BOOK_CHECKED_DISCS;
            let mut scores = Vec::new();
            for column in (0..7).filter(|&column| position.can_play(column)) {
                let after = position.played(column);
                if checked {
                    let score = if position.is_winning_move(column) {
                        Some((43 - position.moves()) / 2)
                    } else {
                        book.best(&after)
                            .map(|(_, score)| score)
                            .or_else(|| quick(&after))
                            .map(|score| -score)
                    };
                    scores.push((column, score));
                }
                if !after.is_over() && seen.insert(after.symmetric_key().0) {
                    next.push(after);
                }
            }
            if let (Some((column, score)), true) =
                (held.filter(|_| checked), scores.iter().all(|(_, score)| score.is_some()))
            {
                let best = scores.iter().filter_map(|(_, score)| *score).max();
                assert_eq!(Some(score), best, "{position:?}: the book's score");
                assert!(scores.contains(&(column, Some(score))), "{position:?}: the book's {column}");
            }
        }
        layer = next;
    }
}

/// The book's first moves, from the empty board to two discs, each proven best: minutes.
#[test]
#[ignore]
fn book_moves_near_the_root_are_proven_best() {
    let book = book();
    let mut solver = Solver::with_slots(1 << 25);
    let mut positions = vec![Position::EMPTY];
    for column in 0..7 {
        positions.push(Position::EMPTY.played(column));
        if let Some(engine) = book.best_move(&Position::EMPTY) {
            positions.push(Position::EMPTY.played(engine).played(column));
        }
    }
    for position in positions {
        let (column, score) = book.best(&position).expect("the book holds the first positions");
        let best = solver.solve(&position);
        assert_eq!(move_score(&mut solver, &position, column), best, "{position:?}: the book's {column}");
        assert_eq!(score, best, "{position:?}: the book's score");
    }
}

/// Positions searched to check a move of the top level (some tens of milliseconds): enough
/// for every position out of the book; the book's earliest take longer, and are checked by the
/// tests above.
const CHECK_BUDGET: u64 = 500_000;

/// The top level, playing each side from the first move against a random opponent (which loses
/// soon), and against one that plays as well as it two times in three (longer games): after
/// each of its moves the position is worth exactly what it was before (the best score), never
/// worse, checked with the solver wherever it answers within `CHECK_BUDGET`, which is
/// everywhere out of the book. Prints the slowest move.
#[test]
fn the_top_level_never_lets_a_result_slip() {
    let book = book();
    let mut engine = Solver::default();
    let mut opponent = Solver::default();
    let mut checker = Solver::default();
    let mut rng = SmallRng::seed_from_u64(3);
    let (mut slowest, mut slowest_after) = (Duration::ZERO, String::new());
    let (mut moves, mut checked) = (0, 0);
    for game in 0..8 {
        let engine_first = game % 2 == 0;
        let strong_opponent = game >= 6;
        let mut position = Position::EMPTY;
        let mut history = String::new();
        while !position.is_over() {
            let column = if (position.moves() % 2 == 0) == engine_first {
                let start = Instant::now();
                let column = perfect_move(&mut engine, Some(&book), &position).expect("a move");
                if start.elapsed() > slowest {
                    (slowest, slowest_after) = (start.elapsed(), history.clone());
                }
                moves += 1;
                match checker.solve_within(&position, CHECK_BUDGET) {
                    Ok(best) => {
                        assert_eq!(move_score(&mut checker, &position, column), best, "after {history:?}");
                        checked += 1;
                    }
                    Err(_) => assert!(
                        book.best_move(&position).is_some(),
                        "after {history:?}: slow, not in the book"
                    ),
                }
                column
            } else if strong_opponent && rng.random_ratio(2, 3) {
                perfect_move(&mut opponent, Some(&book), &position).expect("a move")
            } else {
                random_column(&mut rng, &position)
            };
            history.push(char::from(b'1' + column as u8));
            position = position.played(column);
        }
        assert_eq!(perfect_move(&mut engine, Some(&book), &position), None, "the game is over");
    }
    println!(
        "{moves} moves, {checked} checked; the slowest took {:.1} ms (after {slowest_after:?})",
        slowest.as_secs_f64() * 1000.0
    );
}

/// Random positions of `plies` discs, not over: both sides play at random, so that past three
/// discs almost all are off the book's lines (it holds every position of three discs or fewer,
/// and the engine's own strategy).
fn random_position(rng: &mut SmallRng, plies: i32) -> (Position, Vec<usize>) {
    loop {
        let (mut position, mut columns) = (Position::EMPTY, Vec::new());
        while position.moves() < plies {
            let column = random_column(rng, &position);
            if position.is_winning_move(column) {
                break;
            }
            columns.push(column);
            position = position.played(column);
        }
        if position.moves() == plies {
            return (position, columns);
        }
    }
}

/// The top level's move (the engine itself, as the worker runs it) on `per_ply` random
/// positions of each number of discs in `plies`, each checked against the exact score from a
/// solver without a limit: the move keeps it, so a win is kept, the fastest, a draw is kept,
/// and a loss is the slowest. Returns the positions checked and how many the book held.
fn check_top_level(plies: std::ops::RangeInclusive<i32>, per_ply: usize, seed: u64) -> (usize, usize) {
    let book = book();
    let mut engine = ConnectFour::engine(None).expect("the engine");
    let mut checker = Solver::default();
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut checked, mut held) = (0, 0);
    for plies in plies {
        for _ in 0..per_ply {
            let (position, columns) = random_position(&mut rng, plies);
            let turns: Vec<String> = columns.iter().map(|column| (column + 1).to_string()).collect();
            engine.set_moves(&turns.iter().map(String::as_str).collect::<Vec<_>>()).expect("legal moves");
            let thought = engine.go(&Go::default(), &|| 0.0, &|| false, &mut |_| {}).expect("a move");
            assert!(thought.exact, "after {turns:?}: a guess");
            let column = thought.turn.parse::<usize>().expect("a column") - 1;
            let best = checker.solve(&position);
            assert_eq!(move_score(&mut checker, &position, column), best, "after {turns:?}: {column}");
            checked += 1;
            held += usize::from(book.best(&position).is_some());
        }
    }
    println!("{checked} positions checked, {held} of them in the book");
    (checked, held)
}

/// A bounded sample (seconds): plies 10-20, where an exact check is quick.
#[test]
fn the_top_level_keeps_the_best_score_off_the_book() {
    let (checked, held) = check_top_level(10..=20, 12, 4);
    assert!(held * 10 < checked, "most positions off the book");
}

/// Thousands of positions across plies 0-20 (150 each): the early ones take the engine and
/// the checker seconds to minutes each, so this runs for hours.
#[test]
#[ignore]
fn the_top_level_keeps_the_best_score_on_thousands_of_positions() {
    check_top_level(0..=20, 150, 5);
}
