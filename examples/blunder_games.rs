//! Finds, for each game, a short game with one clear blunder, for the analysis board's tests:
//! the engine plays both sides for a few turns, then the side to move plays the turn that
//! leaves the other side the most (a piece left to be taken, a four left open), the other side
//! takes it, and the loser resigns (or the rules end the game). The game is then analysed as
//! the page does it, at two times a position, and kept only if the blunder, and only it, is
//! marked `??` at each. Prints each game's short record (the share link's).
//!
//!     cargo run --release --example blunder_games [game]

use board_suite::engine::analysis::{self, Found, Judgement};
use board_suite::engine::score::Score;
use board_suite::engine::{Go, engine_for};
use board_suite::games::GameId;
#[allow(unused_imports)]
use board_suite::rules::Game;
use board_suite::rules::record::{self, Recorded};
use board_suite::rules::{Conclusion, History, Player, TurnText};
use std::time::Instant;

fn main() {
    let only = std::env::args().nth(1);
    // `long`: a 40-turn game of each kind (the engine at level 2 against itself, as the
    // analysis benchmark plays it), for the browser's timing of a whole game's analysis.
    if only.as_deref() == Some("long") {
        for game in GameId::ALL {
            board_suite::with_game!(game, G => long::<G>(game));
        }
        return;
    }
    for game in GameId::ALL {
        if only.as_deref().is_some_and(|o| o != game.slug()) {
            continue;
        }
        board_suite::with_game!(game, G => hunt::<G>(game));
    }
}

fn hunt<G: TurnText + Recorded>(game: GameId) {
    let slug = game.slug();
    let start = Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1000.0;
    for attempt in 0..40_u64 {
        let opening = match game {
            GameId::DarkChess => 16 + attempt as usize % 8,
            GameId::FiveTigers => 1 + attempt as usize % 6,
            _ => 4 + attempt as usize % 8,
        };
        let mut engine = engine_for(slug, None).unwrap();
        let mut turns: Vec<String> = Vec::new();
        let config = G::Config::default();
        let position = |turns: &[String]| {
            let texts: Vec<&str> = turns.iter().map(String::as_str).collect();
            G::from_turns(&config, &texts).unwrap()
        };
        let best = |engine: &mut Box<dyn board_suite::engine::Engine>, turns: &[String], seed: u64| {
            let texts: Vec<&str> = turns.iter().map(String::as_str).collect();
            engine.set_moves(&texts).ok()?;
            let go = Go { level: board_suite::engine::LEVELS, movetime: Some(150), seed, ..Go::default() };
            let thought = engine.go(&go, &now, &|| false, &mut |_| {}).ok()?;
            let here = position(turns);
            let legs = here.read_sent(&thought.turn).ok()?;
            Some((here.turn_notation(&legs), thought.score))
        };
        let mut ok = true;
        while turns.len() < opening {
            match best(&mut engine, &turns, attempt * 100 + turns.len() as u64) {
                Some((turn, _)) => turns.push(turn),
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok || position(&turns).outcome().is_some() {
            println!("{slug} attempt {attempt}: no opening ({ok}) {turns:?}");
            continue;
        }
        // The blunder: the single-action turn (no flip) that leaves the other side the most.
        let here = position(&turns);
        let loser = here.to_move();
        let texts: Vec<&str> = turns.iter().map(String::as_str).collect();
        let go = Go { movetime: Some(150), ..Go::default() };
        let Ok(Some(now_found)) = analysis::analyse(&mut *engine, &texts, &go, &now, &|| false) else {
            continue;
        };
        let theirs_before = 100.0 - analysis::win_chance(game, now_found.score);
        let mut worst: Option<(String, f64)> = None;
        for leg in here.legal_moves() {
            if here.reveals_hidden(&leg) {
                continue;
            }
            let mut after = here.clone();
            if after.play(leg).is_err() || after.mid_move() {
                continue;
            }
            let text = here.turn_notation(&[leg]);
            let mut tried = turns.clone();
            tried.push(text.clone());
            let texts: Vec<&str> = tried.iter().map(String::as_str).collect();
            let go = Go { movetime: Some(60), ..Go::default() };
            let Ok(Some(found)) = analysis::analyse(&mut *engine, &texts, &go, &now, &|| false) else {
                continue;
            };
            let theirs = analysis::win_chance(game, found.score);
            if worst.as_ref().is_none_or(|(_, w)| theirs > *w) {
                worst = Some((text, theirs));
            }
        }
        let Some((blunder, theirs)) = worst else {
            println!("{slug} attempt {attempt}: no candidate");
            continue;
        };
        if theirs < theirs_before + if game == GameId::DarkChess { 15.0 } else { 30.0 } {
            println!("{slug} attempt {attempt}: {blunder} leaves them {theirs:.0} (from {theirs_before:.0})");
            continue;
        }
        let at = turns.len();
        turns.push(blunder);
        // The punishment: a few turns of best play, then the loser resigns.
        for _ in 0..3 {
            if position(&turns).outcome().is_some() {
                break;
            }
            match best(&mut engine, &turns, 7) {
                Some((turn, _)) => turns.push(turn),
                None => break,
            }
        }
        // End with the winner's turn played, so the loser resigns on their own turn.
        if position(&turns).outcome().is_none() && position(&turns).to_move() != loser {
            match best(&mut engine, &turns, 9) {
                Some((turn, _)) => turns.push(turn),
                None => continue,
            }
        }
        // Read as a record: a dark-chess start is what its turns show.
        let tags: String = G::start_tags(&G::new(&config), false)
            .iter()
            .map(|(name, value)| format!("[{name} \"{value}\"] "))
            .collect();
        let text = format!("{tags}{} *", turns.join(" "));
        let Ok(mut history) = record::read::<G>(&text, 0) else { continue };
        if history.outcome().is_none() {
            let _ = history.conclude(Conclusion::Resigned(history.current().to_move()));
        }
        let short = record::write_short(&history);
        // Analysed as the page does, at times from a quarter of the page's to three times it:
        // a machine's speed must not move the blunder.
        let mut good = true;
        for movetime in [80, 150, 300, 300, 1000] {
            let marks = judge(game, &history, movetime, &now);
            let blunders: Vec<usize> = marks
                .iter()
                .enumerate()
                .filter(|(_, j)| **j == Some(Judgement::Blunder))
                .map(|(i, _)| i)
                .collect();
            let glyphs: Vec<&str> = marks.iter().map(|j| j.map_or(".", Judgement::glyph)).collect();
            println!("{slug} attempt {attempt} at {movetime} ms: blunder at {at}, marks {glyphs:?} {short}");
            good &= blunders == [at];
        }
        if good {
            println!("FOUND {slug} (blunder: turn {}): {short}", at + 1);
            return;
        }
    }
    println!("NONE {slug}");
}

fn judge<G: TurnText + Recorded>(
    game: GameId,
    history: &History<G>,
    movetime: u64,
    now: &dyn Fn() -> f64,
) -> Vec<Option<Judgement>> {
    let turns = record::turn_texts(history);
    let mut engine = engine_for(game.slug(), None).unwrap();
    let found: Vec<Option<Found>> = (0..=turns.len())
        .map(|ply| {
            let texts: Vec<&str> = turns[..ply].iter().map(String::as_str).collect();
            let go = Go { movetime: Some(movetime), ..Go::default() };
            analysis::analyse(&mut *engine, &texts, &go, now, &|| false).unwrap()
        })
        .collect();
    let mut movers: Vec<Player> = history.turns().iter().map(|(before, _)| before.to_move()).collect();
    movers.push(history.current().to_move());
    let end = match history.outcome() {
        Some(board_suite::rules::Outcome::Win(w)) if w == history.current().to_move() => Score::Win(0),
        Some(board_suite::rules::Outcome::Win(_)) => Score::Loss(0),
        _ => Score::Value(0),
    };
    analysis::review(game, &found, &movers, end).judgements
}

fn long<G: TurnText + Recorded>(game: GameId) {
    let start = Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1000.0;
    let config = G::Config::default();
    let mut engine = engine_for(game.slug(), None).unwrap();
    let mut turns: Vec<String> = Vec::new();
    while turns.len() < 40 {
        let texts: Vec<&str> = turns.iter().map(String::as_str).collect();
        let here = G::from_turns(&config, &texts).unwrap();
        engine.set_moves(&texts).unwrap();
        let go = Go { level: 2, movetime: Some(50), seed: turns.len() as u64, ..Go::default() };
        let Ok(thought) = engine.go(&go, &now, &|| false, &mut |_| {}) else { break };
        let legs = here.read_sent(&thought.turn).unwrap();
        turns.push(here.turn_notation(&legs));
    }
    let tags: String = G::start_tags(&G::new(&config), false)
        .iter()
        .map(|(name, value)| format!("[{name} \"{value}\"] "))
        .collect();
    let mut history: History<G> = record::read(&format!("{tags}{} *", turns.join(" ")), 0).unwrap();
    if history.outcome().is_none() {
        let _ = history.conclude(Conclusion::Resigned(history.current().to_move()));
    }
    println!("LONG {} ({} turns): {}", game.slug(), turns.len(), record::write_short(&history));
}
