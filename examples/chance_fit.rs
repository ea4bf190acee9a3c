//! Measures how the analysis's scores turn into results, as lichess fitted its winning-chance
//! curve to games: the engine at a middle level plays itself from varied openings, every
//! position is scored as the analysis scores it, and each score is paired with how the game
//! then ended for the player to move. Prints the lead (`Engines::LEAD`) that fits the
//! estimates best, and the reach (`Engines::REACH`) that fits the wins seen or solved at a
//! distance, with the observed rates beside the fitted curves.
//!
//!     cargo run --release --example chance_fit <game> [games] [level] [movetime ms]

use board_suite::engine::analysis;
use board_suite::engine::score::Score;
use board_suite::engine::{Go, engine_for};
use board_suite::games::GameId;
use board_suite::rules::record::Recorded;
use board_suite::rules::{Game, Outcome, Player, TurnText};
use std::time::Instant;

/// A game that has not ended by then counts as drawn.
const MAX_TURNS: usize = 200;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(game) = args.first().and_then(|slug| GameId::from_slug(slug)) else {
        eprintln!("usage: chance_fit <game> [games] [level] [movetime ms]");
        return;
    };
    let number = |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (games, level, movetime) = (number(1, 40), number(2, 3) as u8, number(3, 150));
    let start = Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1000.0;
    let (mut estimates, mut decided) = (Vec::new(), Vec::new());
    let mut ended = [0_usize; 3];
    for seed in 0..games {
        let Some((turns, movers, outcome)) = play(game, level, seed) else { continue };
        ended[match outcome {
            Outcome::Win(Player::First) => 0,
            Outcome::Win(Player::Second) => 1,
            Outcome::Draw => 2,
        }] += 1;
        let mut engine = engine_for(game.slug(), None).expect("every game has an engine");
        for ply in 0..turns.len() {
            let texts: Vec<&str> = turns[..ply].iter().map(String::as_str).collect();
            let go = Go { movetime: Some(movetime), ..Go::default() };
            let Ok(Some(found)) = analysis::analyse(&mut *engine, &texts, &go, &now, &|| false) else {
                continue;
            };
            let result = match outcome {
                Outcome::Draw => 0.5,
                Outcome::Win(winner) if winner == movers[ply] => 1.0,
                Outcome::Win(_) => 0.0,
            };
            match found.score {
                // A solved draw is no estimate.
                Score::Value(_) if found.exact => {}
                Score::Value(value) => estimates.push((f64::from(value), result)),
                Score::Win(plies) => decided.push((f64::from(plies), result)),
                Score::Loss(plies) => decided.push((f64::from(plies), 1.0 - result)),
            }
        }
        eprint!(".");
    }
    eprintln!();
    println!(
        "{}: {} games at level {level} (first won {}, second {}, drawn {}), {} estimates, {} decided, {:.0} s",
        game.slug(),
        ended.iter().sum::<usize>(),
        ended[0],
        ended[1],
        ended[2],
        estimates.len(),
        decided.len(),
        now() / 1000.0
    );
    let logistic = |lead: f64| move |value: f64| 1.0 / (1.0 + 3_f64.powf(-value / lead));
    let lead = best(&estimates, (1..=400).map(|i| f64::from(i) * 10.0), logistic);
    println!("lead {lead:.0} (log loss {:.4})", log_loss(&estimates, logistic(lead)));
    for (low, high) in
        [(-1e9, -2.0), (-2.0, -1.0), (-1.0, -0.5), (-0.5, 0.5), (0.5, 1.0), (1.0, 2.0), (2.0, 1e9)]
    {
        let bucket: Vec<_> = estimates.iter().filter(|(v, _)| v / lead >= low && v / lead < high).collect();
        if !bucket.is_empty() {
            let rate = bucket.iter().map(|(_, r)| r).sum::<f64>() / bucket.len() as f64;
            println!("  value/lead in [{low}, {high}): {:>5} positions, scored {:.3}", bucket.len(), rate);
        }
    }
    let reaching = |reach: f64| move |plies: f64| 0.5 + 0.5 * 0.5_f64.powf(plies / reach);
    let reach = best(&decided, (1..=400).map(f64::from), reaching);
    println!("reach {reach:.0} plies (log loss {:.4})", log_loss(&decided, reaching(reach)));
    for (low, high) in [(0.0, 4.0), (4.0, 8.0), (8.0, 16.0), (16.0, 24.0), (24.0, 32.0), (32.0, 64.0)] {
        let bucket: Vec<_> = decided.iter().filter(|(n, _)| *n >= low && *n < high).collect();
        if !bucket.is_empty() {
            let rate = bucket.iter().map(|(_, r)| r).sum::<f64>() / bucket.len() as f64;
            println!("  a win {low}-{high} plies away: {:>5} positions, won {:.3}", bucket.len(), rate);
        }
    }
}

/// The parameter among `candidates` whose curve predicts the results best.
fn best<F: Fn(f64) -> f64>(
    pairs: &[(f64, f64)],
    candidates: impl Iterator<Item = f64>,
    curve: impl Fn(f64) -> F,
) -> f64 {
    candidates
        .min_by(|&a, &b| log_loss(pairs, curve(a)).total_cmp(&log_loss(pairs, curve(b))))
        .unwrap_or(f64::NAN)
}

/// The mean cross-entropy of the curve's chances against the results (a draw half a win).
fn log_loss(pairs: &[(f64, f64)], curve: impl Fn(f64) -> f64) -> f64 {
    let sum: f64 = pairs
        .iter()
        .map(|&(x, result)| {
            let p = curve(x).clamp(1e-6, 1.0 - 1e-6);
            -(result * p.ln() + (1.0 - result) * (1.0 - p).ln())
        })
        .sum();
    sum / pairs.len().max(1) as f64
}

/// One game of the engine at `level` against itself: its turns as the move list writes them,
/// the player to move before each, and how it ended (drawn if it had not by `MAX_TURNS`);
/// `None` if the engine failed.
fn play(game: GameId, level: u8, seed: u64) -> Option<(Vec<String>, Vec<Player>, Outcome)> {
    board_suite::with_game!(game, G => play_game::<G>(game, level, seed))
}

fn play_game<G: Game + TurnText + Recorded>(
    game: GameId,
    level: u8,
    seed: u64,
) -> Option<(Vec<String>, Vec<Player>, Outcome)> {
    let start = Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1000.0;
    let mut player = engine_for(game.slug(), None).ok()?;
    let config = G::Config::default();
    let mut turns: Vec<String> = Vec::new();
    let mut movers = Vec::new();
    while turns.len() < MAX_TURNS {
        let texts: Vec<&str> = turns.iter().map(String::as_str).collect();
        let position = G::from_turns(&config, &texts).ok()?;
        if let Some(outcome) = position.outcome() {
            return Some((turns, movers, outcome));
        }
        player.set_moves(&texts).ok()?;
        let go = Go { level, seed: seed * 1_000 + turns.len() as u64, ..Go::default() };
        let thought = player.go(&go, &now, &|| false, &mut |_| {}).ok()?;
        let legs = position.read_sent(&thought.turn).ok()?;
        movers.push(position.to_move());
        turns.push(position.turn_notation(&legs));
    }
    Some((turns, movers, Outcome::Draw))
}
