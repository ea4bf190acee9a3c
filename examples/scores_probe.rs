//! Prints each position's analysis of a game given as turns (scratch).
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
        let found = analysis::analyse(&mut *engine, &turns[..ply], &go, &now, &|| false).unwrap();
        println!(
            "{ply}: {:?}",
            found.map(|f| (f.score, f.exact, f.pv.into_iter().take(4).collect::<Vec<_>>()))
        );
    }
}
