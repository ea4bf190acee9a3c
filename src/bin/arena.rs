//! The level ladder: each level plays the one below it, both sides in turn, and the scores are
//! printed. `cargo run --release --bin arena -- [game] [games per pair] [top level's ms]`
//! (every game, 20 games a pair, and the top level's own time by default). The other levels
//! search their node budgets, within their own time.
//!
//! The engines play through the same text interface as the page's worker: each is told the
//! turns so far as the move list writes them, so the dark-chess engine knows only what was
//! shown. The real game is kept here, by the rules.

use board_suite::engine::{Go, LEVELS, TurnText, default_movetime, engine_for, read_announced};
use board_suite::rules::checkers::Checkers;
use board_suite::rules::connect_four::ConnectFour;
use board_suite::rules::dark_chess::{self, DarkChess};
use board_suite::rules::five_tigers::FiveTigers;
use board_suite::rules::gomoku::Gomoku;
use board_suite::rules::{History, Outcome, Player};
use std::time::Instant;

/// Turns after which an unfinished game counts as a draw.
const LONGEST: usize = 400;

/// One game between two levels; the result for `first`'s player.
fn play<G: TurnText>(
    name: &str,
    config: &G::Config,
    levels: [u8; 2],
    seed: u64,
    movetime: u64,
) -> Option<Outcome> {
    let mut history = History::<G>::new(config);
    let mut turns: Vec<String> = Vec::new();
    let json = serde_json::to_string(config).ok()?;
    let mut engines = [engine_for(name, Some(&json)).ok()?, engine_for(name, Some(&json)).ok()?];
    let clock = Instant::now();
    let now = || clock.elapsed().as_secs_f64() * 1000.0;
    while history.outcome().is_none() && turns.len() < LONGEST {
        let game = history.current().clone();
        let side = usize::from(game.to_move() == Player::Second);
        let said: Vec<&str> = turns.iter().map(String::as_str).collect();
        let engine = &mut engines[side];
        engine.set_moves(&said).ok()?;
        let level = levels[side];
        let movetime = (level == LEVELS).then_some(movetime);
        let go = Go { level, movetime, depth: None, seed: seed ^ turns.len() as u64 };
        let turn = engine.go(&go, &now, &|| false, &mut |_| {}).ok()?;
        let legs = read_announced(&game, &turn).ok()?;
        turns.push(game.turn_notation(&legs));
        for leg in legs {
            history.play(leg).ok()?;
        }
    }
    Some(history.outcome().unwrap_or(Outcome::Draw))
}

/// The higher level's score against the lower, out of `games`, sides alternating.
fn ladder<G: TurnText>(name: &str, configs: impl Fn(u64) -> G::Config, games: u64, movetime: u64) {
    for level in 2..=LEVELS {
        let started = Instant::now();
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        for game in 0..games {
            let higher_first = game % 2 == 0;
            let levels = if higher_first { [level, level - 1] } else { [level - 1, level] };
            let higher = if higher_first { Player::First } else { Player::Second };
            match play::<G>(name, &configs(game), levels, game * 7919 + 1, movetime) {
                Some(Outcome::Win(p)) if p == higher => wins += 1,
                Some(Outcome::Win(_)) => losses += 1,
                Some(Outcome::Draw) => draws += 1,
                None => eprintln!("{name}: game {game} could not be played"),
            }
        }
        let score = (f64::from(wins) + f64::from(draws) / 2.0) / games as f64 * 100.0;
        println!(
            "{name}: level {level} v {}: +{wins} ={draws} -{losses} ({score:.0}%) in {:.1} s",
            level - 1,
            started.elapsed().as_secs_f64()
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let only = args.first().map(String::as_str).filter(|a| *a != "all");
    let games = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(20);
    let movetime = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(default_movetime(LEVELS));
    let wanted = |name: &str| only.is_none_or(|o| o == name);
    if wanted("connect-four") {
        ladder::<ConnectFour>("connect-four", |_| Default::default(), games, movetime);
    }
    if wanted("checkers") {
        ladder::<Checkers>("checkers", |_| Default::default(), games, movetime);
    }
    if wanted("gomoku") {
        ladder::<Gomoku>("gomoku", |_| Default::default(), games, movetime);
    }
    if wanted("five-tigers") {
        ladder::<FiveTigers>("five-tigers", |_| Default::default(), games, movetime);
    }
    if wanted("dark-chess") {
        // A new deal every game.
        let deal = |game: u64| dark_chess::Config { seed: game, ..Default::default() };
        ladder::<DarkChess>("dark-chess", deal, games, movetime);
    }
}
