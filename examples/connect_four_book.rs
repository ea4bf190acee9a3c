//! Generates the Connect Four opening book (`assets/engine/connect-four.book`) with the
//! solver: a strategy for each side, the engine's proven-best move (and the position's score)
//! wherever it is to move and every reply of the opponent, down to the positions whose best move the solver finds within
//! a budget of positions searched from an empty table (well under 100 ms natively).
//!
//! `cargo run --release --example connect_four_book -- [--budget NODES] [--out FILE]`

use board_suite::engine::connect_four::{Book, Position, Replies, Solver, Strategy};
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// Positions searched for a best move, from an empty table, that count as quick. Measured on
/// the positions just past the book: at most about 30 ms natively, the median 2-3 ms.
const BUDGET: u64 = 200_000;
/// The generator's own table: 2^25 slots (256 MB), kept between the book's solves, which
/// share most of their positions.
const WORKER_SLOTS: usize = 1 << 25;

fn main() {
    let mut budget = BUDGET;
    let mut out = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/engine/connect-four.book").to_string();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--budget", Some(n)) => budget = n.parse().unwrap_or_else(|_| usage()),
            ("--out", Some(path)) => out = path,
            _ => usage(),
        }
    }

    let start = Instant::now();
    let mut generator = Generator {
        worker: Solver::with_slots(WORKER_SLOTS),
        prober: Solver::default(),
        budget,
        seen: HashSet::new(),
        positions: 0,
        quick: 0,
        slowest_quick: Duration::ZERO,
        start,
    };
    let first = generator.strategy(Position::EMPTY).expect("the empty board is not quick to solve");
    let second = generator.replies(Position::EMPTY);
    let bytes = Book::encode(&first, &second);
    let book = Book::from_bytes(&bytes).expect("the book reads back");
    assert_eq!(book.len(), generator.positions, "every position written once");
    std::fs::write(&out, &bytes).unwrap_or_else(|e| panic!("{out}: {e}"));
    println!(
        "{out}: {} positions, {} bytes; {} positions quick to solve (the slowest in {:.1} ms); {:.0} s",
        book.len(),
        bytes.len(),
        generator.quick,
        generator.slowest_quick.as_secs_f64() * 1000.0,
        start.elapsed().as_secs_f64()
    );
}

fn usage() -> ! {
    eprintln!("usage: connect_four_book [--budget NODES] [--out FILE]");
    std::process::exit(2)
}

struct Generator {
    /// Finds the book's moves, its table warm from one solve to the next.
    worker: Solver,
    /// Tells whether a position is quick to solve, from an empty table of the size the
    /// browser's has: the case of a game leaving the book.
    prober: Solver,
    budget: u64,
    /// Positions (by the key shared with their mirror images) in the book or quick to solve.
    seen: HashSet<u64>,
    positions: usize,
    quick: usize,
    slowest_quick: Duration,
    start: Instant,
}

impl Generator {
    /// The strategy from `position`, the engine to move; `None` where the book need not hold
    /// it (quick to solve, or already in the book).
    fn strategy(&mut self, position: Position) -> Option<Box<Strategy>> {
        if !self.seen.insert(position.symmetric_key().0) || self.is_quick(&position) {
            return None;
        }
        let (column, score) = self.worker.best(&position).expect("a move: the game is not over");
        self.positions += 1;
        if self.positions.is_multiple_of(1000) {
            eprintln!(
                "{} positions, {} quick, {:.0} s",
                self.positions,
                self.quick,
                self.start.elapsed().as_secs_f64()
            );
        }
        let replies = self.replies(position.played(column));
        Some(Box::new(Strategy { column, score, replies }))
    }

    /// The strategies after each reply from `position`, the opponent to move.
    fn replies(&mut self, position: Position) -> Replies {
        let mut replies = Replies::default();
        if position.is_over() {
            return replies;
        }
        for column in (0..7).filter(|&column| position.can_play(column)) {
            let next = position.played(column);
            if !next.is_over() {
                replies.0[column] = self.strategy(next);
            }
        }
        replies
    }

    fn is_quick(&mut self, position: &Position) -> bool {
        self.prober.clear();
        let start = Instant::now();
        let quick = self.prober.best_move_within(position, self.budget).is_ok();
        if quick {
            self.quick += 1;
            self.slowest_quick = self.slowest_quick.max(start.elapsed());
        }
        quick
    }
}
