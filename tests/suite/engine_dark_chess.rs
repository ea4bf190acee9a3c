//! Dark chess's engine: its moves on a view are the rules' moves, what it sees of two deals
//! that agree on every face-up piece is the same and so is its answer, it takes wins and
//! stops losses at every level, and it plays the house rules.

use crate::dark_chess_board::board;
use crate::harness::random_turn;
use board_suite::engine::dark_chess::{After, DarkChessEngine, Position};
use board_suite::engine::{Budget, Engine, EngineError, Go, LEVELS, Score, Thought, engine_for};
use board_suite::rules::dark_chess::{Cell, Colour, Config, DarkChess, Move, Seen, square_at};
use board_suite::rules::{Game, History, Outcome, Player, Termination, TurnText, parse_turn};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The house rules in every combination that matters.
fn variants() -> Vec<Config> {
    let plain = Config::default();
    vec![
        plain.clone(),
        Config { chain_capture: true, ..plain.clone() },
        Config { chariot_rush: true, ..plain.clone() },
        Config { blind_capture: true, ..plain.clone() },
        Config { chain_capture: true, chariot_rush: true, blind_capture: true, quiet_limit: 20, ..plain },
    ]
}

/// The engine's turn for Red on `text` at `level`, searched on the view alone.
fn red_plays(text: &str, config: Config, level: u8) -> Vec<Move> {
    let game = DarkChess::from_setup(config.clone(), board(text), Some(Colour::Red), Player::First)
        .expect("a valid setup");
    let mut engine = DarkChessEngine::new(config).expect("an engine");
    let go = Go { level, movetime: Some(60_000), depth: Some(3), seed: 1 };
    engine.think(&game.view(), &Budget::new(&go, &|| 0.0, &|| false), &mut |_| {}).expect("a turn").turn
}

fn go(from: (usize, usize), to: (usize, usize)) -> Move {
    Move::Go { from: square_at(from.0, from.1), to: square_at(to.0, to.1) }
}

const EMPTY_ROW: &str = ".. .. .. .. .. .. .. ..";

/// Random games under every variant: at every position, the view's moves are the rules'
/// moves in the rules' order, and each move played on the view (showing what the real deal
/// shows) gives the view of the position the rules reach.
#[test]
fn the_views_moves_and_results_are_the_rules() {
    for (index, config) in variants().into_iter().enumerate() {
        for game_seed in 0..6 {
            let mut rng = SmallRng::seed_from_u64(game_seed * 31 + index as u64);
            let mut game = DarkChess::new(&Config { seed: game_seed, ..config.clone() });
            while game.outcome().is_none() {
                let position = Position::from_view(&game.view());
                let legal = game.legal_moves();
                assert_eq!(position.moves(), legal, "{game:?}");
                // Sometimes a capture, to reach endgames; otherwise any move.
                let captures: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(
                        |mv| matches!(mv, Move::Go { to, .. } if matches!(game.cell(*to), Cell::FaceUp(_))),
                    )
                    .collect();
                let mv = match captures.first() {
                    Some(&capture) if rng.random_bool(0.7) => capture,
                    _ => legal[rng.random_range(0..legal.len())],
                };
                let revealed = match mv {
                    Move::Flip(at) | Move::Go { to: at, .. } => match game.cell(at) {
                        Cell::FaceDown(piece) => Some(piece),
                        _ => None,
                    },
                    Move::EndChain => None,
                };
                let (next, after) = position.after(mv, revealed);
                let mover = game.to_move();
                game.play(mv).expect("legal");
                let expected = Position::from_view(&game.view());
                match after {
                    After::Won => {
                        assert_eq!(game.outcome(), Some(Outcome::Win(mover)), "{mv:?}");
                    }
                    After::Chain => {
                        assert!(game.mid_move());
                        assert_eq!(next, expected);
                    }
                    After::Passed => {
                        assert!(!game.mid_move());
                        assert_eq!(next, expected, "{mv:?}");
                    }
                }
            }
        }
    }
}

/// Turns of a seeded random game, as the move list writes them.
fn random_turns(config: &Config, seed: u64, plies: usize) -> Vec<String> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = DarkChess::new(config);
    let mut turns = Vec::new();
    while game.outcome().is_none() && turns.len() < plies {
        let legs = random_turn(&game, &mut rng);
        turns.push(game.turn_notation(&legs));
        for leg in legs {
            game.play(leg).expect("legal");
        }
    }
    turns
}

/// Two deals that agree on every face-up piece (the same turns so far) but not on where the
/// face-down pieces lie: the same view, and the same answer for the same seed, both from the
/// view and through the protocol with each deal's config.
#[test]
fn deals_that_agree_on_every_face_up_piece_get_the_same_answer() {
    let mut compared = 0;
    for config in variants() {
        for (game_seed, plies) in [(1, 4), (2, 10), (3, 16), (4, 24)] {
            let turns = random_turns(&Config { seed: game_seed, ..config.clone() }, game_seed, plies);
            let said: Vec<&str> = turns.iter().map(String::as_str).collect();
            let one = DarkChess::from_turns(&config, &said, 100).expect("legal");
            let other = DarkChess::from_turns(&config, &said, 200).expect("legal");
            if one.outcome().is_some() {
                continue;
            }
            // Random play flips fast: compare only where the deals differ somewhere face down.
            if (0..32).all(|square| one.cell(square) == other.cell(square)) {
                continue;
            }
            compared += 1;
            assert_eq!(one.view(), other.view());
            for level in [1, 3] {
                let go = Go { level, movetime: Some(60_000), depth: Some(3), seed: game_seed };
                let think = |game: &DarkChess| {
                    let mut engine = DarkChessEngine::new(config.clone()).expect("an engine");
                    engine
                        .think(&game.view(), &Budget::new(&go, &|| 0.0, &|| false), &mut |_| {})
                        .expect("a turn")
                        .turn
                };
                assert_eq!(think(&one), think(&other), "{said:?}");
                let protocol = |deal: u64| {
                    let json = serde_json::to_string(&Config { seed: deal, ..config.clone() }).expect("json");
                    let mut engine = engine_for("dark-chess", Some(&json)).expect("an engine");
                    engine.set_moves(&said).expect("legal");
                    engine.go(&go, &|| 0.0, &|| false, &mut |_| {}).expect("a turn").turn
                };
                let answer = protocol(7);
                assert_eq!(answer, protocol(8), "{said:?}");
                assert!(!answer.contains('='), "a flip is said without its piece: {answer}");
            }
        }
    }
    assert!(compared >= 15, "only {compared} positions compared");
}

#[test]
fn every_level_takes_the_last_piece() {
    // Red's horse beside Black's last piece, a cannon.
    let text = format!("H c .. .. .. .. .. .. {EMPTY_ROW} {EMPTY_ROW} .. .. .. .. .. .. .. P");
    for level in 1..=LEVELS {
        assert_eq!(red_plays(&text, Config::default(), level), [go((0, 0), (1, 0))], "level {level}");
    }
}

#[test]
fn every_level_saves_its_last_piece() {
    // Red's last piece, a horse, is attacked by Black's chariot: it must step away, and not
    // beside the chariot again.
    let text = format!("H r .. .. .. .. .. .. {EMPTY_ROW} {EMPTY_ROW} .. .. .. .. .. .. .. p");
    for level in 1..=LEVELS {
        assert_eq!(red_plays(&text, Config::default(), level), [go((0, 0), (0, 1))], "level {level}");
    }
}

#[test]
fn every_level_takes_a_free_advisor() {
    // Black's advisor stands beside Red's general, nothing can take back.
    let text = format!("K a .. .. .. .. .. .. {EMPTY_ROW} {EMPTY_ROW} p .. .. .. .. .. .. P");
    for level in 1..=LEVELS {
        assert_eq!(red_plays(&text, Config::default(), level), [go((0, 0), (1, 0))], "level {level}");
    }
}

#[test]
fn a_chain_of_captures_is_played_whole() {
    let text = format!("R p p .. .. .. .. .. {EMPTY_ROW} {EMPTY_ROW} .. .. .. .. .. .. .. k");
    let turn = red_plays(&text, Config { chain_capture: true, ..Config::default() }, LEVELS);
    assert_eq!(turn, [go((0, 0), (1, 0)), go((1, 0), (2, 0))]);
    // Without chain capture, one capture.
    let turn = red_plays(&text, Config::default(), LEVELS);
    assert_eq!(turn, [go((0, 0), (1, 0))]);
}

#[test]
fn the_rushing_chariot_takes_the_general_from_afar() {
    // Only under chariot rush can Red's chariot reach (and take) Black's general.
    let text = format!("R .. .. .. .. .. .. k {EMPTY_ROW} {EMPTY_ROW} .. .. .. .. .. .. .. p");
    let turn = red_plays(&text, Config { chariot_rush: true, ..Config::default() }, LEVELS);
    assert_eq!(turn, [go((0, 0), (7, 0))]);
    let turn = red_plays(&text, Config::default(), LEVELS);
    assert_ne!(turn, [go((0, 0), (7, 0))]);
}

#[test]
fn a_blind_attack_is_said_without_what_it_shows() {
    // Under blind capture the cannon may jump onto a face-down piece: if the engine attacks
    // blind, the turn ends there, said as `from?to`.
    let config = Config { blind_capture: true, ..Config::default() };
    let text = format!("C K ?p .. .. .. .. .. {EMPTY_ROW} {EMPTY_ROW} .. .. .. .. .. .. .. p");
    let game = DarkChess::from_setup(config.clone(), board(&text), Some(Colour::Red), Player::First)
        .expect("a valid setup");
    let mut engine = DarkChessEngine::new(config).expect("an engine");
    let go_ = Go { level: LEVELS, movetime: Some(60_000), depth: Some(3), seed: 0 };
    let turn =
        engine.think(&game.view(), &Budget::new(&go_, &|| 0.0, &|| false), &mut |_| {}).expect("a turn").turn;
    let position = Position::from_view(&game.view());
    if let Some(index) = turn.iter().position(|&leg| position.is_chance(leg)) {
        assert_eq!(index, turn.len() - 1, "nothing after a blind attack: {turn:?}");
    }
    assert!(matches!(game.view().seen(square_at(2, 0)), Seen::FaceDown));
    assert!(!game.announce(&turn).contains('='));
}

#[test]
fn a_game_one_ply_from_its_quiet_limit_gets_a_legal_turn() {
    // Red is a soldier up but the game is one quiet ply from its limit: every move draws,
    // and the engine still answers with a legal move.
    let config = Config { quiet_limit: 1, ..Config::default() };
    let text = format!("H .. .. .. .. .. .. .. {EMPTY_ROW} {EMPTY_ROW} .. .. p .. .. .. .. P");
    let game = DarkChess::from_setup(config.clone(), board(&text), Some(Colour::Red), Player::First)
        .expect("a valid setup");
    let turn = red_plays(&text, config, LEVELS);
    assert!(turn.iter().all(|leg| game.is_legal(leg)), "{turn:?}");
}

/// Black's general and chariot against Red's lone horse; `to_move` moves first. The general
/// and the horse then step back and forth (`shuffle`), so the first position comes round again.
fn shuffled_game(to_move: Player, shuffle: &[&str]) -> (DarkChess, History<DarkChess>) {
    let text = format!("k .. .. .. .. .. .. .. {EMPTY_ROW} .. .. .. r .. .. .. .. .. .. .. .. .. .. .. H");
    let start = DarkChess::from_setup(Config::default(), board(&text), Some(Colour::Red), to_move)
        .expect("a valid setup");
    let mut history = History::starting_from(start.clone());
    for turn in shuffle {
        for leg in parse_turn(history.current(), turn).expect("a turn") {
            history.play(leg).expect("a legal turn");
        }
    }
    (start, history)
}

/// The engine's answer to the shuffle, told the turns one position at a time as a game would
/// (searching at each of its own turns, so its table is the game's), at a fixed depth.
fn answer_after_shuffle(start: &DarkChess, shuffle: &[&str]) -> Thought {
    let mut engine = DarkChessEngine::from_game(start.clone());
    let go = Go { level: LEVELS, movetime: Some(60_000), depth: Some(6), seed: 0 };
    let mut answer = None;
    // The engine's own turns: those with the same player to move as at the end.
    for plies in (0..=shuffle.len()).filter(|plies| plies % 2 == shuffle.len() % 2) {
        engine.set_moves(&shuffle[..plies]).expect("the turns");
        answer = Some(engine.go(&go, &|| 0.0, &|| false, &mut |_| {}).expect("a turn"));
    }
    answer.expect("an answer")
}

#[test]
fn ahead_the_engine_never_makes_the_third_repetition() {
    // Red to move; after the shuffle the first position has stood twice, and Black's b4-a4
    // would make it the third time: a draw thrown away, two pieces against a horse.
    let shuffle = ["h1-h2", "a4-b4", "h2-h1", "b4-a4", "h1-h2", "a4-b4", "h2-h1"];
    let (start, history) = shuffled_game(Player::First, &shuffle);
    let answer = answer_after_shuffle(&start, &shuffle);
    assert_ne!(answer.turn, "b4-a4", "{answer:?}");
    assert!(
        matches!(answer.score, Score::Value(v) if v > 0) || matches!(answer.score, Score::Win(_)),
        "{answer:?}"
    );
    let mut after = history.clone();
    for leg in parse_turn(after.current(), &answer.turn).expect("a turn") {
        after.play(leg).expect("a legal turn");
    }
    assert_eq!(after.termination(), None, "{answer:?}");
    // The same position, never repeated: the engine is as sure of its lead.
    let mut fresh = DarkChessEngine::from_game(history.current().clone());
    let go = Go { level: LEVELS, movetime: Some(60_000), depth: Some(6), seed: 0 };
    let fresh = fresh.go(&go, &|| 0.0, &|| false, &mut |_| {}).expect("a turn");
    assert!(
        matches!(fresh.score, Score::Value(v) if v > 0) || matches!(fresh.score, Score::Win(_)),
        "{fresh:?}"
    );
}

#[test]
fn behind_the_engine_takes_the_third_repetition() {
    // Black to move; after the shuffle Red's lone horse can make the first position stand a
    // third time, a draw it takes rather than be hunted down.
    let shuffle = ["a4-b4", "h1-h2", "b4-a4", "h2-h1", "a4-b4", "h1-h2", "b4-a4"];
    let (start, history) = shuffled_game(Player::Second, &shuffle);
    let answer = answer_after_shuffle(&start, &shuffle);
    assert_eq!((answer.turn.as_str(), answer.score), ("h2-h1", Score::Value(0)), "{answer:?}");
    let mut after = history.clone();
    for leg in parse_turn(after.current(), &answer.turn).expect("a turn") {
        after.play(leg).expect("a legal turn");
    }
    assert_eq!(after.termination(), Some(Termination::Repetition));
    // Told that turn, the engine says the game is over and why.
    let mut engine = DarkChessEngine::from_game(start);
    engine.set_moves(&[&shuffle[..], &["h2-h1"]].concat()).expect("the turns");
    let go = Go { level: LEVELS, movetime: Some(60_000), depth: Some(2), seed: 0 };
    let ended = engine.go(&go, &|| 0.0, &|| false, &mut |_| {});
    assert_eq!(ended, Err(EngineError::Ended { result: "1/2-1/2", termination: Termination::Repetition }));
}

/// The conversion set: under each house rule, positions of three and four face-up pieces that
/// the endgame tables prove won, the longest of many random placements to win. The top level
/// wins each by the rules' own game within the quiet-move limit, against its own defence.
#[test]
fn the_top_level_wins_every_ending_the_tables_prove_won() {
    use board_suite::engine::dark_chess::tables::{Exact, Tables};
    use board_suite::rules::dark_chess::{Piece, Rank};
    let red = |rank| Piece { colour: Colour::Red, rank };
    let black = |rank| Piece { colour: Colour::Black, rank };
    let materials = [
        vec![red(Rank::Horse), red(Rank::Soldier), black(Rank::Cannon)],
        vec![red(Rank::Chariot), red(Rank::Cannon), black(Rank::Horse)],
        vec![red(Rank::General), red(Rank::Elephant), black(Rank::Advisor), black(Rank::Soldier)],
    ];
    let mut rng = SmallRng::seed_from_u64(67);
    let mut converted = 0;
    for config in variants() {
        let mut tables = Tables::new(&config);
        for material in &materials {
            // The won placement with the longest way to its capture, of 400 tried.
            let mut hardest: Option<(u32, DarkChess)> = None;
            for _ in 0..400 {
                let mut board = [Cell::Empty; 32];
                for &piece in material {
                    let square = loop {
                        let square = rng.random_range(0..32usize);
                        if board[square] == Cell::Empty {
                            break square;
                        }
                    };
                    board[square] = Cell::FaceUp(piece);
                }
                let to_move = if rng.random_bool(0.5) { Player::First } else { Player::Second };
                let Ok(game) = DarkChess::from_setup(config.clone(), board, Some(Colour::Red), to_move)
                else {
                    continue;
                };
                if game.outcome().is_some() {
                    continue;
                }
                if let Some(Exact::Win(plies)) = tables.probe(&Position::from_view(&game.view()))
                    && hardest.as_ref().is_none_or(|(most, _)| plies > *most)
                {
                    hardest = Some((plies, game));
                }
            }
            let (plies, start) = hardest.expect("a won placement");
            let winner = start.to_move();
            let mut history = History::starting_from(start.clone());
            let mut engine = DarkChessEngine::from_game(start.clone());
            let mut turns: Vec<String> = Vec::new();
            while history.current().outcome().is_none() && turns.len() < 400 {
                engine.set_moves(&turns.iter().map(String::as_str).collect::<Vec<_>>()).expect("the turns");
                let go = Go { level: LEVELS, movetime: Some(60_000), depth: Some(2), seed: 0 };
                let thought = engine.go(&go, &|| 0.0, &|| false, &mut |_| {}).expect("a turn");
                // What the analysis board shows: the tables' proven worth, and their line.
                match turns.len() {
                    0 => {
                        assert_eq!((thought.score, thought.exact), (Score::Win(plies), true));
                        assert!(thought.pv.len() > 1 || plies == 1, "{:?}", thought.pv);
                    }
                    1 => assert!(thought.exact && matches!(thought.score, Score::Loss(_)), "{thought:?}"),
                    _ => {}
                }
                let turn = thought.turn;
                for leg in parse_turn(history.current(), &turn).expect("a turn") {
                    history.play(leg).expect("a legal turn");
                }
                turns.push(turn);
            }
            assert_eq!(
                history.current().outcome(),
                Some(Outcome::Win(winner)),
                "{config:?} {material:?}, won in {plies} plies by the tables: {turns:?}"
            );
            converted += 1;
        }
    }
    assert_eq!(converted, variants().len() * materials.len());
}

/// The same lead is worth less as the quiet-move limit nears, and nothing at it, to either
/// side: the side ahead is drawn to the capture that starts the count again.
#[test]
fn a_lead_fades_as_the_quiet_move_limit_nears() {
    use board_suite::engine::dark_chess::evaluate;
    let text = format!("K .. .. .. .. .. .. .. {EMPTY_ROW} .. .. r .. .. .. .. .. .. .. .. .. .. .. .. H");
    let game = DarkChess::from_setup(Config::default(), board(&text), Some(Colour::Red), Player::First)
        .expect("a valid setup");
    let mut position = Position::from_view(&game.view());
    let leads: Vec<i32> = [0, 30, 59, 60]
        .into_iter()
        .map(|quiet| {
            position.quiet_plies = quiet;
            evaluate(&position)
        })
        .collect();
    assert!(leads[0] > leads[1] && leads[1] > leads[2] && leads[2] > 0 && leads[3] == 0, "{leads:?}");
    position.to_move = Player::Second;
    position.quiet_plies = 30;
    assert_eq!(evaluate(&position), -leads[1]);
}
