//! The shared search on every game: from positions along seeded random games, every level
//! answers a whole legal turn, the same one for the same seed; a finished game gets an error;
//! and the dark-chess engine, told the turns, knows only what they showed.

use crate::harness::{Conformant, every_game_at_once, random_turn};
use board_suite::engine::{EngineError, Go, LEVELS, engine_for};
use board_suite::rules::dark_chess::{self, DarkChess};
use board_suite::rules::record::Recorded;
use board_suite::rules::{History, Termination, TurnText, read_announced};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The engine's turn at `level` after `turns`, checked against the real game `game`.
fn answer<G: TurnText + Recorded>(
    config: &G::Config,
    game: &G,
    turns: &[String],
    level: u8,
    seed: u64,
) -> Vec<G::Move> {
    let name = G::SLUG;
    let json = serde_json::to_string(config).expect("a config");
    let mut engine = engine_for(name, Some(&json)).expect("an engine");
    let said: Vec<&str> = turns.iter().map(String::as_str).collect();
    engine.set_moves(&said).expect("the turns are legal");
    let go = Go { level, movetime: Some(2_000), depth: None, seed };
    let turn = engine.go(&go, &|| 0.0, &|| false, &mut |_| {}).expect("a turn").turn;
    let legs =
        read_announced(game, &turn).unwrap_or_else(|e| panic!("{name}: {turn} is not a turn here: {e:?}"));
    // A whole turn: after it the other player moves, or the game is over.
    let mut after = game.clone();
    for leg in &legs {
        after.play(*leg).unwrap_or_else(|e| panic!("{name}: {turn} refused: {e:?}"));
    }
    assert!(!after.mid_move(), "{name}: {turn} is not a whole turn");
    legs
}

/// Along a few seeded random games: the weaker levels answer legal, reproducible turns.
fn levels_answer<G: TurnText + Recorded>(config: &G::Config, plies: usize) {
    let name = G::SLUG;
    for game_seed in 0..3 {
        let mut rng = SmallRng::seed_from_u64(game_seed);
        let mut history = History::<G>::new(config);
        let mut turns = Vec::new();
        while history.outcome().is_none() && turns.len() < plies {
            let game = history.current().clone();
            let level = rng.random_range(1..=3);
            let legs = answer(config, &game, &turns, level, game_seed);
            assert_eq!(answer(config, &game, &turns, level, game_seed), legs, "{name}: not reproducible");
            // Play on at random, so the engine meets all sorts of positions.
            let legs = random_turn(&game, &mut rng);
            turns.push(game.turn_notation(&legs));
            for leg in legs {
                history.play(leg).expect("legal");
            }
        }
    }
}

/// Every game under the rules its conformance checks play last (house rules, renju, ...).
fn levels_answer_under_its_rules<G: Conformant + TurnText>() {
    let config = G::conformance().configs.pop().expect("a config");
    levels_answer::<G>(&config, 20);
}

#[test]
fn every_games_levels_answer() {
    every_game_at_once!(levels_answer_under_its_rules);
}

#[test]
fn a_finished_game_is_refused_with_its_result_and_why() {
    let mut engine = engine_for("connect-four", None).expect("an engine");
    engine.set_moves(&["1", "2", "1", "2", "1", "2", "1"]).expect("legal");
    let ended = Err(EngineError::Ended { result: "1-0", termination: Termination::Rules });
    for level in 1..=LEVELS {
        let go = Go { level, ..Go::default() };
        assert_eq!(engine.go(&go, &|| 0.0, &|| false, &mut |_| {}), ended);
    }
}

#[test]
fn the_dark_chess_engine_knows_only_what_was_shown() {
    // Two real games with different deals, the same flips shown: the engine's positions agree
    // on everything a player sees, whatever the deal.
    let shown = ["a1=K", "h4=p"];
    let rebuilt = |seed| DarkChess::from_turns(&dark_chess::Config { seed, ..Default::default() }, &shown, 0);
    let (one, other) = (rebuilt(1).expect("legal"), rebuilt(2).expect("legal"));
    assert_eq!(one.view(), other.view());
    // A flip that claims more generals than there are is refused.
    assert!(DarkChess::from_turns(&Default::default(), &["a1=K", "h4=p", "b1=K"], 0).is_err());
}
