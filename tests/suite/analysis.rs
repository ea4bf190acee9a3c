//! The analysis board's prepared games (`tests/browser/analysis.test.mjs`): each has one clear
//! blunder, and the analysis, as the page runs it (300 ms a position, in the release build),
//! marks that turn and no other `??`. Timed searches: run in release, alone,
//! `cargo test --release --test suite analysis -- --ignored`.

use board_suite::engine::analysis::{self, Judgement, MOVETIME_MS};
use board_suite::engine::score::Score;
use board_suite::engine::{Go, engine_for};
use board_suite::games::GameId;
use board_suite::rules::record::{self, Recorded};
use board_suite::rules::{History, Outcome, Player, TurnText};
use std::time::Instant;

/// The browser test's games: the game, its short record and the index of its blunder. Every
/// game of the registry needs one ([`prepared`]).
pub const PREPARED: &[(GameId, &str, usize)] = &[
    (
        GameId::DarkChess,
        "[QuietLimit \"60\"] [Seed \"0\"] [Deal \"PpacePPPEkcEHppACHAhrpahrPKRRepC\"] b4=p d4=c h1=C a3=E h2=h d3=E h2xh1 d3xd4 g2=a e2=r h3=A g4=P f3=p c2=A d1=R d4-d3 g2-h2 h3xh2 e1=R e1xe2 0-1",
        16,
    ),
    // Red wins until its fourth turn, 1 where 3 or 6 would keep the win; every other turn is
    // one of the best (a game first used here, 4 4 2 ..., had a second blunder, red's 2, which
    // only the book of seven discs showed).
    (GameId::ConnectFour, "4 4 4 4 4 3 1 3 1 0-1", 6),
    (GameId::Gomoku, "h8 h9 g7 i9 a15 i8 i10 h10 0-1", 4),
    (GameId::FiveTigers, "d3 e3 c4 c1 a1 d2 b2 a3 c2 0-1", 4),
    (GameId::Checkers, "12-16 24-20 11-15 20x11 7x16 22-17 9-14 28-24 2-7 24-19 15x24 27x20x11x2 1-0", 8),
];

/// `game`'s prepared game: its short record and the index of its blunder; a game of the registry
/// without one fails the test.
fn prepared(game: GameId) -> (&'static str, usize) {
    let mut found = PREPARED.iter().filter(|(of, ..)| *of == game).map(|&(_, text, blunder)| (text, blunder));
    let entry =
        found.next().unwrap_or_else(|| panic!("no prepared game for {}: add one to PREPARED", game.slug()));
    assert!(found.next().is_none(), "two prepared games for {}", game.slug());
    entry
}

fn judgements<G: TurnText + Recorded>(game: GameId, text: &str) -> Vec<Option<Judgement>> {
    let history: History<G> = record::read(text, 0).expect("the prepared record");
    let turns = record::turn_texts(&history);
    let start = Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1000.0;
    let mut engine = engine_for(game.slug(), None).expect("an engine");
    let found: Vec<_> = (0..=turns.len())
        .map(|ply| {
            let texts: Vec<&str> = turns[..ply].iter().map(String::as_str).collect();
            let go = Go { movetime: Some(MOVETIME_MS), ..Go::default() };
            analysis::analyse(&mut *engine, &texts, &go, &now, &|| false).expect("analysed")
        })
        .collect();
    let mut movers: Vec<Player> = history.turns().iter().map(|(before, _)| before.to_move()).collect();
    movers.push(history.current().to_move());
    let end = match history.outcome() {
        Some(Outcome::Win(winner)) if winner == history.current().to_move() => Score::Win(0),
        Some(Outcome::Win(_)) => Score::Loss(0),
        _ => Score::Value(0),
    };
    analysis::review(game, &found, &movers, end).judgements
}

/// Every game of the registry has its prepared game, which reads, its blunder one of its turns
/// (checked on every run: the timed test runs only when asked).
#[test]
fn every_game_has_a_prepared_game() {
    for game in GameId::ALL {
        let (text, blunder) = prepared(game);
        let turns = board_suite::with_game!(game, G => {
            let history: History<G> = record::read(text, 0).expect("the prepared record");
            record::turn_texts(&history).len()
        });
        assert!(blunder < turns, "{}: the blunder, {blunder}, is not one of its {turns} turns", game.slug());
    }
}

#[test]
#[ignore = "timed searches: run in release, alone"]
fn each_prepared_game_has_one_blunder_where_it_was_made() {
    for game in GameId::ALL {
        let (text, blunder) = prepared(game);
        let marks = board_suite::with_game!(game, G => judgements::<G>(game, text));
        let blunders: Vec<usize> =
            (0..marks.len()).filter(|&i| marks[i] == Some(Judgement::Blunder)).collect();
        assert_eq!(blunders, [blunder], "{game:?}: {marks:?}");
    }
}
