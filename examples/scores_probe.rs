//! Prints each position's analysis of a game given as turns, and the search's score at each
//! depth, to see how the analysis judges a game:
//! `cargo run --release --example scores_probe <game> <ms> <turns...>`.
use board_suite::engine::analysis;
use board_suite::engine::{Go, engine_for};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let slug = &args[1];
    let movetime: u64 = args[2].parse().unwrap();
    let turns: Vec<&str> = args[3..].iter().map(String::as_str).collect();
    let start = Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1000.0;
    let mut engine = engine_for(slug, None).unwrap();
    for ply in 0..=turns.len() {
        let go = Go { movetime: Some(movetime), ..Go::default() };
        engine.set_moves(&turns[..ply]).unwrap();
        let mut depths = Vec::new();
        let _ = engine.go(&go, &now, &|| false, &mut |t| depths.push((t.depth, format!("{:?}", t.score))));
        let found = analysis::analyse(&mut *engine, &turns[..ply], &go, &now, &|| false).unwrap();
        println!("{ply}: {:?} {depths:?}", found.map(|f| f.score));
    }
}
