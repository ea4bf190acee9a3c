//! One game's analysis, position by position: each position's score and the first player's
//! chance, each turn's judgement, and each player's accuracy. For looking at why a game's
//! accuracy reads as it does.
//!
//!     cargo run --release --example accuracy_probe <game> <turn>...

use board_suite::engine::analysis::{self, Found};
use board_suite::engine::score::Score;
use board_suite::engine::{Go, engine_for};
use board_suite::games::GameId;
use board_suite::rules::Player;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((slug, turns)) = args.split_first() else {
        eprintln!("usage: accuracy_probe <game> <turn>...");
        return;
    };
    let Some(game) = GameId::from_slug(slug) else {
        eprintln!("no game {slug}");
        return;
    };
    let start = Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1000.0;
    let mut engine = engine_for(slug, None).expect("every game has an engine");
    let mut found: Vec<Option<Found>> = Vec::new();
    for ply in 0..=turns.len() {
        let texts: Vec<&str> = turns[..ply].iter().map(String::as_str).collect();
        let go = Go { movetime: Some(analysis::MOVETIME_MS), ..Go::default() };
        found.push(analysis::analyse(&mut *engine, &texts, &go, &now, &|| false).expect("analysed"));
    }
    let to_move: Vec<Player> =
        (0..found.len()).map(|i| if i % 2 == 0 { Player::First } else { Player::Second }).collect();
    // The game's end, for the player to move there: lost, if the rules ended it on a turn.
    let end = Score::Loss(0);
    let review = analysis::review(game, &found, &to_move, end);
    for (i, position) in found.iter().enumerate() {
        let turn = i.checked_sub(1).and_then(|t| turns.get(t)).map_or("start", String::as_str);
        let judged = i.checked_sub(1).and_then(|t| review.judgements.get(t).copied().flatten());
        println!(
            "{i:>3} {turn:>6}  {:<28} chance {:>5.1}  {}",
            position.as_ref().map_or("(end)".to_owned(), |f| format!(
                "{:?}{}",
                f.score,
                if f.exact { " exact" } else { "" }
            )),
            review.chances.get(i).copied().unwrap_or(f64::NAN),
            judged.map_or("", |j| j.glyph())
        );
    }
    println!("accuracy {:?}", review.accuracy.map(|a| a.map(|a| (a * 10.0).round() / 10.0)));
}
