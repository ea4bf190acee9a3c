//! Generates the Connect Four opening book (`assets/engine/connect-four.book`) with the
//! solver: the proven-best move and exact score of every position of at most `--full` discs,
//! then the engine's strategy for each side from the empty board (its move wherever it is to
//! move, every reply of the opponent), in both cases leaving out the positions whose best
//! move the solver finds within a budget of positions searched from an empty table (well
//! under 100 ms natively).
//!
//! `cargo run --release --example connect_four_book -- [--full DISCS] [--budget NODES]
//! [--from BOOK]... [--out FILE] [--part K/N]`
//!
//! `--from` (any number of times) takes the positions of earlier books as proven (their moves
//! and scores are the solver's, which would find them again), so that a larger book costs only
//! its new positions. What the run has found so far is written to `--out` every minute (the
//! positions it has reached, not yet those of the earlier books it has still to walk past), so
//! a run stopped part way (a layer of many discs takes hours) goes on from where it was with
//! the same `--from` books and one more: that file.
//!
//! `--part K/N` makes only the K-th of N shares of the deepest layer (by position) and stops
//! there, so that N runs at once share the work among cores; a last run `--from` all of their
//! books then makes the rest.

use board_suite::engine::connect_four::{Book, BookEntry, Position, Solver};
use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

/// Positions searched for a best move, from an empty table, that count as quick. Measured on
/// the positions just past the book: at most about 30 ms natively, the median 2-3 ms.
const BUDGET: u64 = 200_000;
/// Every position of at most this many discs is in the book unless quick.
const FULL: i32 = 3;
/// The generator's own table: 2^27 slots (1 GB), kept between the book's solves, which
/// share most of their positions.
const WORKER_SLOTS: usize = 1 << 27;
/// How often the book so far is written out.
const CHECKPOINT: Duration = Duration::from_secs(60);
/// The columns in the solver's order, for the same choice among equal moves.
const ORDER: [usize; 7] = [3, 2, 4, 1, 5, 0, 6];

fn main() {
    let mut budget = BUDGET;
    let mut full = FULL;
    let mut from = Vec::new();
    let mut part = (0, 1);
    let mut out = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/engine/connect-four.book").to_string();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--budget", Some(n)) => budget = n.parse().unwrap_or_else(|_| usage()),
            ("--full", Some(n)) => full = n.parse().unwrap_or_else(|_| usage()),
            ("--from", Some(path)) => {
                let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
                from.push(Book::from_bytes(&bytes).unwrap_or_else(|e| panic!("{path}: {e}")));
            }
            ("--out", Some(path)) => out = path,
            ("--part", Some(share)) => {
                part = share
                    .split_once('/')
                    .and_then(|(k, n)| Some((k.parse().ok()?, n.parse().ok()?)))
                    .filter(|&(k, n): &(u64, u64)| k < n)
                    .unwrap_or_else(|| usage());
            }
            _ => usage(),
        }
    }

    let start = Instant::now();
    let mut generator = Generator {
        worker: Solver::with_slots(WORKER_SLOTS),
        prober: Solver::default(),
        budget,
        from,
        entries: HashMap::new(),
        quick: HashSet::new(),
        expanded: HashSet::new(),
        slowest_quick: Duration::ZERO,
        start,
        out: out.clone(),
        written: start,
        part,
    };
    generator.full_width(full);
    if part.1 == 1 {
        generator.strategy(Position::EMPTY, vec![]);
        generator.replies(Position::EMPTY, vec![]);
    }
    let (book, bytes) = generator.write();
    println!(
        "{out}: {} positions, {} bytes; {} positions quick to solve (the slowest in {:.1} ms); {:.0} s",
        book.len(),
        bytes.len(),
        generator.quick.len(),
        generator.slowest_quick.as_secs_f64() * 1000.0,
        start.elapsed().as_secs_f64()
    );
}

fn usage() -> ! {
    eprintln!(
        "usage: connect_four_book [--full DISCS] [--budget NODES] [--from BOOK]... [--out FILE] [--part K/N]"
    );
    std::process::exit(2)
}

struct Generator {
    /// Finds the book's moves, its table warm from one solve to the next.
    worker: Solver,
    /// Tells whether a position is quick to solve, from an empty table of the size the
    /// browser's has: the case of a game leaving the book.
    prober: Solver,
    budget: u64,
    /// Earlier books, their positions taken as proven.
    from: Vec<Book>,
    /// The book's positions by the key shared with their mirror images: the moves to the
    /// position first met, its best column there and its score.
    entries: HashMap<u64, BookEntry>,
    /// Positions (by key) quick to solve.
    quick: HashSet<u64>,
    /// Positions (by key) whose strategy is done.
    expanded: HashSet<u64>,
    slowest_quick: Duration,
    start: Instant,
    /// Where the book goes, and when it was last written there.
    out: String,
    written: Instant,
    /// The share of the deepest layer this run makes (`--part K/N`): K, N.
    part: (u64, u64),
}

impl Generator {
    /// Writes the book so far to `out`, through a file beside it so that a stop midway leaves
    /// the last whole book.
    fn write(&mut self) -> (Book, Vec<u8>) {
        let mut entries: Vec<BookEntry> = self.entries.values().cloned().collect();
        entries.sort();
        let bytes = Book::encode(&entries);
        let book = Book::from_bytes(&bytes).expect("the book reads back");
        assert_eq!(book.len(), entries.len(), "every position written once");
        let partial = format!("{}.partial", self.out);
        std::fs::write(&partial, &bytes).unwrap_or_else(|e| panic!("{partial}: {e}"));
        std::fs::rename(&partial, &self.out).unwrap_or_else(|e| panic!("{}: {e}", self.out));
        self.written = Instant::now();
        (book, bytes)
    }

    /// Every position of at most `discs` discs, the deepest first, so that each shallower one
    /// is worked out from the scores after its moves rather than searched.
    fn full_width(&mut self, discs: i32) {
        let mut layers = vec![vec![(Position::EMPTY, vec![])]];
        let mut seen = HashSet::from([Position::EMPTY.symmetric_key().0]);
        for _ in 0..discs {
            let mut next = Vec::new();
            for (position, path) in layers.last().expect("the empty board's layer") {
                for column in (0..7).filter(|&column| position.can_play(column)) {
                    let after = position.played(column);
                    if !after.is_over() && seen.insert(after.symmetric_key().0) {
                        next.push((after, [path.clone(), vec![column]].concat()));
                    }
                }
            }
            layers.push(next);
        }
        let shared = self.part.1 > 1;
        for (depth, layer) in layers.into_iter().enumerate().rev() {
            if shared && depth < discs as usize {
                break;
            }
            eprintln!(
                "{} positions of {depth} discs, {:.0} s",
                layer.len(),
                self.start.elapsed().as_secs_f64()
            );
            for (position, path) in layer {
                if self.in_share(&position) {
                    self.entry(&position, path, depth < discs as usize);
                }
            }
        }
    }

    /// Whether this run makes `position` (`--part`): shared out by a hash of the position, so
    /// that each share is as long as the others.
    fn in_share(&self, position: &Position) -> bool {
        let (share, shares) = self.part;
        (position.symmetric_key().0.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) % shares == share
    }

    /// The engine's strategy from `position`, the engine to move, down to positions quick to
    /// solve.
    fn strategy(&mut self, position: Position, path: Vec<usize>) {
        if !self.expanded.insert(position.symmetric_key().0) {
            return;
        }
        if let Some((column, _)) = self.entry(&position, path.clone(), false) {
            self.replies(position.played(column), [path, vec![column]].concat());
        }
    }

    /// The strategies after each reply from `position`, the opponent to move.
    fn replies(&mut self, position: Position, path: Vec<usize>) {
        for column in (0..7).filter(|&column| position.can_play(column)) {
            let next = position.played(column);
            if !position.is_over() && !next.is_over() {
                self.strategy(next, [path.clone(), vec![column]].concat());
            }
        }
    }

    /// The book's move and score for `position` (reached by `path`), found and added to the
    /// book if not yet there; `None` if it is quick to solve. `derive`: from the scores after
    /// each move, which must be known or quick.
    fn entry(&mut self, position: &Position, path: Vec<usize>, derive: bool) -> Option<(usize, i32)> {
        let key = position.symmetric_key().0;
        if let Some(found) = self.held(position) {
            return Some(found);
        }
        // An earlier book holds only positions that are not quick.
        let earlier = self.from.iter().find_map(|book| book.best(position));
        if earlier.is_none() && (self.quick.contains(&key) || self.is_quick(position)) {
            self.quick.insert(key);
            return None;
        }
        let found = match earlier {
            Some(found) => found,
            None if derive => self.derived(position),
            None => self.worker.best(position).expect("a move: the game is not over"),
        };
        self.entries.insert(key, (path, found.0, found.1));
        if self.entries.len().is_multiple_of(1000) {
            eprintln!("{} positions, {:.0} s", self.entries.len(), self.start.elapsed().as_secs_f64());
        }
        if earlier.is_none() && self.written.elapsed() >= CHECKPOINT {
            self.write();
        }
        Some(found)
    }

    /// The book's move and score for a position it holds, as seen from `position`.
    fn held(&self, position: &Position) -> Option<(usize, i32)> {
        let (key, mirrored) = position.symmetric_key();
        let (path, column, score) = self.entries.get(&key)?;
        let first = path.iter().fold(Position::EMPTY, |position, &column| position.played(column));
        // The position first met is this one or its mirror image.
        let flip = first.symmetric_key().1 != mirrored;
        Some((if flip { 6 - column } else { *column }, *score))
    }

    /// The best move and score from the scores after each move: the highest, the first in
    /// the solver's order among equals (as the solver chooses).
    fn derived(&mut self, position: &Position) -> (usize, i32) {
        let mut best = None;
        for column in ORDER.into_iter().filter(|&column| position.can_play(column)) {
            let score = if position.is_winning_move(column) {
                (43 - position.moves()) / 2
            } else {
                let after = position.played(column);
                match self.held(&after) {
                    Some((_, score)) => -score,
                    None => -self.worker.solve(&after),
                }
            };
            if best.is_none_or(|(_, best)| score > best) {
                best = Some((column, score));
            }
        }
        best.expect("a move: the game is not over")
    }

    fn is_quick(&mut self, position: &Position) -> bool {
        self.prober.clear();
        let start = Instant::now();
        let quick = self.prober.best_move_within(position, self.budget).is_ok();
        if quick {
            self.slowest_quick = self.slowest_quick.max(start.elapsed());
        }
        quick
    }
}
