//! Times the dark-chess engine's search at fixed depths from positions along seeded random
//! games (where the games stand after a few, some and many turns), and prints, for each
//! depth, the positions, the nodes, the time and the nodes per second.
//!
//! usage: cargo run --release --example dark_chess_bench [max depth]

use board_suite::engine::dark_chess::DarkChessEngine;
use board_suite::engine::{Budget, Go};
use board_suite::rules::Game;
use board_suite::rules::dark_chess::{Config, DarkChess};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

/// A seeded random game's position after `plies` turns, captures preferred (so pieces come
/// off as in real games).
fn position(seed: u64, plies: usize) -> DarkChess {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = DarkChess::new(&Config { seed, ..Config::default() });
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_moves();
        let capture = legal.iter().copied().find(|mv| {
            matches!(mv, board_suite::rules::dark_chess::Move::Go { to, .. }
                if matches!(game.cell(*to), board_suite::rules::dark_chess::Cell::FaceUp(_)))
        });
        let mv = capture.filter(|_| rng.random_bool(0.8)).unwrap_or(legal[rng.random_range(0..legal.len())]);
        game.play(mv).expect("legal");
    }
    game
}

fn main() {
    let max_depth: u32 = std::env::args().nth(1).and_then(|d| d.parse().ok()).unwrap_or(5);
    let positions: Vec<DarkChess> = (0..10)
        .flat_map(|seed| [10, 30, 60].map(|plies| position(seed, plies)))
        .filter(|game| game.outcome().is_none())
        .collect();
    println!("{:>5} {:>9} {:>12} {:>10} {:>12}", "depth", "positions", "nodes", "ms", "nodes/s");
    for depth in 1..=max_depth {
        let (mut nodes, mut ms) = (0u64, 0f64);
        for game in &positions {
            let mut engine = DarkChessEngine::new(game.config().clone()).expect("an engine");
            let go = Go { level: 6, movetime: Some(600_000), depth: Some(depth), seed: 0 };
            let started = Instant::now();
            let thought = engine
                .think(&game.view(), &Budget::new(&go, &|| 0.0, &|| false), &mut |_| {})
                .expect("a turn");
            ms += started.elapsed().as_secs_f64() * 1000.0;
            nodes += thought.nodes;
        }
        println!(
            "{depth:>5} {:>9} {nodes:>12} {ms:>10.0} {:>12.0}",
            positions.len(),
            nodes as f64 / ms * 1000.0
        );
    }
}
