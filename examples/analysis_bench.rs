//! The analysis's time, natively: for each game, a game of 40 turns (or to its end) played by
//! the engine at level 2, then every position analysed as the page's analysis does it
//! (`engine::analysis::analyse`, at `ANALYSIS_MOVETIME` a position). Prints each game's total
//! and slowest position, and the judgements found.
//!
//!     cargo run --release --example analysis_bench [movetime ms]

use board_suite::engine::analysis::{self, Found};
use board_suite::engine::score::Score;
use board_suite::engine::{Go, engine_for};
use board_suite::games::GameId;
use board_suite::rules::Player;
use std::time::Instant;

fn main() {
    let movetime: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(analysis::MOVETIME_MS);
    let start = Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1000.0;
    for game in GameId::ALL {
        let slug = game.slug();
        // The game: the engine at level 2 against itself.
        let mut player = engine_for(slug, None).expect("every game has an engine");
        let mut turns: Vec<String> = Vec::new();
        let mut to_move = vec![Player::First];
        while turns.len() < 40 {
            let texts: Vec<&str> = turns.iter().map(String::as_str).collect();
            player.set_moves(&texts).expect("its own turns");
            let go = Go { level: 2, movetime: Some(50), seed: turns.len() as u64, ..Go::default() };
            let Ok(thought) = player.go(&go, &now, &|| false, &mut |_| {}) else { break };
            let mover = *to_move.last().expect("a player");
            turns.push(notation(slug, &turns, &thought.turn));
            to_move.push(mover.opponent());
        }
        // The analysis.
        let mut engine = engine_for(slug, None).expect("every game has an engine");
        let began = Instant::now();
        let mut slowest = 0.0_f64;
        let mut found: Vec<Option<Found>> = Vec::new();
        for ply in 0..=turns.len() {
            let texts: Vec<&str> = turns[..ply].iter().map(String::as_str).collect();
            let at = Instant::now();
            let go = Go { movetime: Some(movetime), ..Go::default() };
            found.push(analysis::analyse(&mut *engine, &texts, &go, &now, &|| false).expect("analysed"));
            slowest = slowest.max(at.elapsed().as_secs_f64());
        }
        let took = began.elapsed().as_secs_f64();
        let review = analysis::review(game, &found, &to_move, Score::Value(0));
        let marks: Vec<&str> = review.judgements.iter().flatten().map(|j| j.glyph()).collect();
        println!(
            "{slug}: {} turns analysed in {took:.1} s (slowest position {slowest:.2} s); marks {marks:?}; accuracy {:?}",
            turns.len(),
            review.accuracy.map(|a| a.map(|a| (a * 10.0).round() / 10.0))
        );
    }
}

/// The turn as the move list writes it: the engine announces it (a flip without what it
/// shows), and the move list needs what it showed, so it is read on the game itself.
fn notation(slug: &str, before: &[String], announced: &str) -> String {
    let game = GameId::from_slug(slug).expect("a game");
    board_suite::with_game!(game, G => written::<G>(before, announced))
}

fn written<G: board_suite::rules::TurnText + board_suite::rules::record::Recorded>(
    before: &[String],
    announced: &str,
) -> String {
    let texts: Vec<&str> = before.iter().map(String::as_str).collect();
    let config = G::Config::default();
    let game = G::from_turns(&config, &texts).expect("the turns so far");
    let legs = game.read_sent(announced).expect("the engine's turn");
    game.turn_notation(&legs)
}
