//! Times Connect Four's top level per move on random positions (both sides at random, so
//! almost all off the book's lines): the book where it holds the position, otherwise the
//! solver from an empty table (the worst case: in a game its table is warm from the moves
//! before). Prints, for each number of discs, the median, the 99th percentile and the slowest
//! time, and the same over all the positions sampled up to ply 10 (as many of each ply). A
//! solve past `--cap` positions searched is cut short and counted as over it.
//!
//! With `--games N`, it plays N games instead, as the worker does (one engine, its table kept
//! from move to move): each from a random position of FROM to TO discs, the top level for the
//! side to move there and random replies, to the end; it times the first move (from an empty
//! table) apart from the later ones, which find the table warm.
//!
//! `cargo run --release --example connect_four_times -- [--plies FROM TO] [--per-ply N]
//! [--cap NODES] [--games N]`

use board_suite::engine::connect_four::{Book, Position, Solver};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

fn main() {
    let (mut from, mut to, mut per_ply, mut cap, mut games) = (0, 10, 100, 20_000_000_u64, 0);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = || args.next().and_then(|n| n.parse().ok()).unwrap_or_else(|| usage());
        match arg.as_str() {
            "--plies" => (from, to) = (number() as i32, number() as i32),
            "--per-ply" => per_ply = number() as usize,
            "--cap" => cap = number(),
            "--games" => games = number() as usize,
            _ => usage(),
        }
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/engine/connect-four.book");
    let book = Book::from_bytes(&std::fs::read(path).expect("the book")).expect("a book");
    let mut solver = Solver::default();
    let mut rng = SmallRng::seed_from_u64(7);
    if games > 0 {
        return play(&book, &mut solver, &mut rng, games, (from, to), cap);
    }
    let mut all = Vec::new();
    println!(
        "{:>4} {:>9} {:>7} {:>10} {:>10} {:>10} {:>6}",
        "ply", "positions", "in book", "p50 ms", "p99 ms", "max ms", "over"
    );
    for ply in from..=to {
        let (mut times, mut held, mut over) = (Vec::new(), 0, 0);
        while times.len() < per_ply {
            let Some(position) = random_position(&mut rng, ply) else { continue };
            solver.clear();
            let start = Instant::now();
            if book.best(&position).is_some() {
                held += 1;
            } else if solver.best_within(&position, cap).is_err() {
                over += 1;
            }
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        report(&ply.to_string(), &mut times, held, over);
        if ply <= 10 {
            all.extend(times);
        }
    }
    if from <= 10 && !all.is_empty() {
        report(&format!("{from}-{}", to.min(10)), &mut all, 0, 0);
    }
    println!("(a solve over {cap} positions searched is cut short: its time is a lower bound)");
}

/// Plays `games` games from random positions of `plies` discs (see the module's note) and
/// prints the times of the top level's first move and of its later ones.
fn play(book: &Book, solver: &mut Solver, rng: &mut SmallRng, games: usize, plies: (i32, i32), cap: u64) {
    let (mut first, mut later, mut over) = (Vec::new(), Vec::new(), 0);
    let mut played = 0;
    while played < games {
        let ply = rng.random_range(plies.0..=plies.1.max(plies.0));
        let Some(mut position) = random_position(rng, ply) else { continue };
        played += 1;
        solver.clear();
        let mut moves = 0;
        while !position.is_over() {
            let start = Instant::now();
            let column = match book.best_move(&position) {
                Some(column) => column,
                None => match solver.best_within(&position, cap) {
                    Ok(Some((column, _))) => column,
                    Ok(None) => break,
                    Err(_) => {
                        // Cut short (its time a lower bound): the table is gone, on to another game.
                        over += 1;
                        let ms = start.elapsed().as_secs_f64() * 1000.0;
                        if moves == 0 {
                            first.push(ms)
                        } else {
                            later.push(ms)
                        }
                        break;
                    }
                },
            };
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            if moves == 0 {
                first.push(ms)
            } else {
                later.push(ms)
            }
            moves += 1;
            position = position.played(column);
            // A random reply, if the game goes on.
            let columns: Vec<usize> = (0..7).filter(|&column| position.can_play(column)).collect();
            if position.is_over() || columns.is_empty() {
                break;
            }
            position = position.played(columns[rng.random_range(0..columns.len())]);
        }
    }
    println!("{:>5} {:>9} {:>10} {:>10} {:>10}", "moves", "positions", "p50 ms", "p99 ms", "max ms");
    for (label, times) in [("first", &mut first), ("later", &mut later)] {
        if times.is_empty() {
            continue;
        }
        let (p50, p99, max) = spread(times);
        println!("{label:>5} {:>9} {p50:>10.2} {p99:>10.2} {max:>10.2}", times.len());
    }
    println!("{over} games cut short at a solve over {cap} positions searched");
}

fn report(label: &str, times: &mut [f64], held: usize, over: usize) {
    let (p50, p99, max) = spread(times);
    println!("{label:>4} {:>9} {held:>7} {p50:>10.2} {p99:>10.2} {max:>10.2} {over:>6}", times.len());
}

/// The median, 99th percentile and longest of `times` (not empty), sorting them.
fn spread(times: &mut [f64]) -> (f64, f64, f64) {
    times.sort_by(f64::total_cmp);
    let at = |share: f64| times[((times.len() - 1) as f64 * share).round() as usize];
    (at(0.5), at(0.99), times[times.len() - 1])
}

/// A position of `plies` discs from random moves, or `None` if the game ended first.
fn random_position(rng: &mut SmallRng, plies: i32) -> Option<Position> {
    let mut position = Position::EMPTY;
    while position.moves() < plies {
        let columns: Vec<usize> = (0..7).filter(|&column| position.can_play(column)).collect();
        let column = columns[rng.random_range(0..columns.len())];
        if position.is_winning_move(column) {
            return None;
        }
        position = position.played(column);
    }
    Some(position)
}

fn usage() -> ! {
    eprintln!("usage: connect_four_times [--plies FROM TO] [--per-ply N] [--cap NODES] [--games N]");
    std::process::exit(2)
}
