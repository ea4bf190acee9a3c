//! Records as text: exact round trips are in the conformance harness; here, PDN from other
//! programs, errors that say where, hidden dark-chess pieces, format-1 saves, and a fuzz test.

use crate::harness::Conformant;
use board_suite::games::GameId;
use board_suite::rules::checkers::{Checkers, fen};
use board_suite::rules::connect_four::ConnectFour;
use board_suite::rules::dark_chess::{self, DarkChess};
use board_suite::rules::five_tigers::FiveTigers;
use board_suite::rules::gomoku::Gomoku;
use board_suite::rules::record::{self, Header, Problem, RecordError, Recorded, TagError};
use board_suite::rules::{Conclusion, Game, History, Outcome, Player};
use board_suite::save;
use board_suite::with_game;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn private() -> Header {
    Header { date: None, reveal: true, ..Header::default() }
}

fn public() -> Header {
    Header { date: None, reveal: false, ..Header::default() }
}

#[test]
fn a_pdn_from_another_program_loads() {
    let pdn = r#"[Event "Club match"]
[Site "?"]
[Date "1998.??.??"]
[Black "Tinsley, M."]
[White "Chinook"]
[Result "*"]
[GameType "21,B,8,8,N1,0"]

{The Old Fourteenth opening.}
1. 11-15 23-19 2. 8-11 22-17 (2... 21-17 3. 9-13) 3. 9-13 17-14 {forced
reply next} 4. 10x17 $1 ; a comment to the end of the line
4... 21x14! *
"#;
    let history = record::read::<Checkers>(pdn, 0).unwrap();
    assert_eq!(
        record::turn_texts(&history),
        ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14"]
    );
    assert_eq!(history.outcome(), None);
}

#[test]
fn a_pdn_from_a_fen_loads_with_captures_written_by_their_ends() {
    // White to move: a king on 26 jumps 23 and 15 (26x19x10) written by its ends.
    let pdn = r#"[SetUp "1"]
[FEN "W:WK26,30:B23,15,5"]
1... 26x10 5-9 2. 30-25 1-0
"#;
    let history = record::read::<Checkers>(pdn, 0).unwrap();
    assert_eq!(record::turn_texts(&history), ["26x19x10", "5-9", "30-25"]);
    // The record writes its start back as a FEN and numbers from White's move.
    let written = record::write(&history, &private());
    assert!(written.contains("[FEN \"W:WK26,30:B5,15,23\"]"), "{written}");
    assert!(written.contains("1... 26x19x10 2. 5-9 30-25 1-0"), "{written}");
    assert_eq!(history.conclusion(), Some(Conclusion::Resigned(Player::First)));
    assert_eq!(record::read::<Checkers>(&written, 0).unwrap(), history);
}

#[test]
fn results_the_rules_did_not_reach_are_conclusions() {
    // PDN lists White's score first: 0-1 is Black's win, so White resigned.
    let resigned = record::read::<Checkers>("1. 11-15 0-1", 0).unwrap();
    assert_eq!(resigned.conclusion(), Some(Conclusion::Resigned(Player::Second)));
    let drawn = record::read::<ConnectFour>("1. 4 4 1/2-1/2", 0).unwrap();
    assert_eq!(drawn.outcome(), Some(Outcome::Draw));
    // In the other games the first player's score comes first.
    let won = record::read::<ConnectFour>("[Result \"1-0\"]\n1. 4", 0).unwrap();
    assert_eq!(won.conclusion(), Some(Conclusion::Resigned(Player::Second)));
}

fn problem<G: Recorded>(text: &str) -> RecordError {
    record::read::<G>(text, 0).expect_err(text)
}

#[test]
fn a_bad_record_says_why_and_where() {
    let text = "[Game \"connect-four\"]\n\n1. 4 4 2. 4 4\n3. 4 4 4. 1 9 *";
    assert_eq!(
        problem::<ConnectFour>(text),
        RecordError { line: 4, problem: Problem::Move { turn: 8, text: "9".to_owned() } }
    );
    let after = "1. 1 2 2. 1 2 3. 1 2 4. 1 2";
    assert_eq!(problem::<ConnectFour>(after).problem, Problem::AfterEnd { turn: 8, text: "2".to_owned() });
    assert_eq!(
        problem::<Gomoku>("[Game \"connect-four\"]\n1. 4").problem,
        Problem::OtherGame("connect-four".to_owned())
    );
    assert_eq!(problem::<Gomoku>("[Rules \"go\"]").problem, Problem::Tag(TagError::Value("Rules")));
    assert_eq!(problem::<Checkers>("[GameType \"20\"]").problem, Problem::Tag(TagError::Value("GameType")));
    assert!(matches!(problem::<Checkers>("[FEN \"B:W1-13,14-20:B21\"]").problem, Problem::Tag(_)));
    assert_eq!(problem::<FiveTigers>("  \n ").problem, Problem::Empty);
    assert_eq!(problem::<FiveTigers>("1. c3 {open").problem, Problem::Unclosed);
    // Two different pieces shown on one square.
    assert_eq!(problem::<DarkChess>("1. a1=K b1=k 2. a1=C").problem, Problem::Tag(TagError::Shown));
}

/// A dark-chess game of random turns, and its shared record.
fn dark_chess_game(seed: u64, plies: usize) -> History<DarkChess> {
    let config = dark_chess::Config { seed, blind_capture: true, chain_capture: true, ..Default::default() };
    let mut history = History::<DarkChess>::new(&config);
    let mut rng = SmallRng::seed_from_u64(seed);
    while history.ply() < plies && history.outcome().is_none() {
        let legal = history.current().legal_moves();
        history.play(legal[rng.random_range(0..legal.len())]).unwrap();
    }
    while history.current().mid_move() {
        let legal = history.current().legal_moves();
        history.play(legal[0]).unwrap();
    }
    history
}

#[test]
fn a_shared_dark_chess_game_hides_the_face_down_pieces() {
    let history = dark_chess_game(11, 30);
    assert!(history.outcome().is_none());
    let shared = record::write(&history, &public());
    assert!(!shared.contains("Seed") && !shared.contains("Deal"), "{shared}");
    // Read on another device, twice: the same game as far as anyone can see, with the unseen
    // pieces dealt differently.
    let one = record::read::<DarkChess>(&shared, 1).unwrap();
    let two = record::read::<DarkChess>(&shared, 2).unwrap();
    assert_eq!(record::turn_texts(&one), record::turn_texts(&history));
    assert_eq!(one.current().view(), history.current().view());
    assert_eq!(one.current().view(), two.current().view());
    assert_ne!(one.current(), two.current(), "the unseen pieces were not dealt afresh");
    // The continuation is saved with its deal, so a reload keeps it.
    let saved = save::encode(&one, &[], 0);
    assert_eq!(save::decode::<DarkChess>(&saved).unwrap().history, one);
    // A finished game shows its seed.
    let mut over = history.clone();
    over.conclude(Conclusion::DrawAgreed).unwrap();
    let finished = record::write(&over, &public());
    assert!(finished.contains("[Seed \"11\"]"), "{finished}");
    assert_eq!(record::read::<DarkChess>(&finished, 5).unwrap(), over);
}

/// Reads every format-1 save kept from the last version that wrote them, and writes it anew.
fn migrates<G: Recorded>(file: &str) -> save::Saved<G> {
    let text = std::fs::read_to_string(format!("tests/data/saves-v1/{file}.json")).unwrap();
    assert!(text.starts_with("{\"format\":1,"));
    let saved = save::decode::<G>(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    let again = save::encode(&saved.history, &saved.pending, saved.revision);
    assert!(again.starts_with("{\"format\":2,"));
    assert_eq!(save::decode::<G>(&again).unwrap(), saved, "{file}: {again}");
    saved
}

#[test]
fn format_1_saves_of_every_game_still_load() {
    let c4 = migrates::<ConnectFour>("connect-four");
    assert!(c4.history.can_redo() && c4.pending.len() == 1 && c4.revision == 3);
    let resigned = migrates::<ConnectFour>("connect-four-resigned");
    assert_eq!(resigned.history.conclusion(), Some(Conclusion::Resigned(Player::Second)));
    assert!(migrates::<Gomoku>("gomoku-renju").history.can_redo());
    assert_eq!(migrates::<FiveTigers>("five-tigers-shandong").pending.len(), 1);
    assert!(migrates::<Checkers>("checkers").history.ply() > 20);
    let optional = migrates::<Checkers>("checkers-optional");
    assert!(!optional.history.current().config().compulsory_capture);
    let dark = migrates::<DarkChess>("dark-chess");
    assert_eq!(dark.history.current().config().seed, 77);
    let drawn = migrates::<DarkChess>("dark-chess-draw-agreed");
    assert_eq!(drawn.history.outcome(), Some(Outcome::Draw));
}

/// Random text, and records broken at random, never panic any reader.
fn fuzz<G: Recorded>(samples: &[String], rng: &mut SmallRng) {
    const PIECES: &[&str] = &[
        "[", "]", "\"", "{", "}", "(", ")", ";", "\n", " ", "x", "-", "=", "?", "...", "1.", "*", "1-0", "K",
        "é", "棋", "\\", ":", ",",
    ];
    for round in 0..400 {
        let mut text: Vec<char> = if round % 4 == 0 {
            Vec::new()
        } else {
            samples[rng.random_range(0..samples.len())].chars().collect()
        };
        for _ in 0..rng.random_range(1..6) {
            let at = rng.random_range(0..=text.len());
            match rng.random_range(0..4) {
                0 if !text.is_empty() => {
                    let end = (at + rng.random_range(1..8)).min(text.len());
                    text.drain(at.min(end)..end);
                }
                1 => text.splice(at..at, PIECES[rng.random_range(0..PIECES.len())].chars()).for_each(drop),
                2 => text.insert(at, char::from_u32(rng.random_range(0..0x3000)).unwrap_or('?')),
                _ if text.len() > 1 => {
                    let (a, b) = (rng.random_range(0..text.len()), rng.random_range(0..text.len()));
                    text.swap(a, b);
                }
                _ => {}
            }
        }
        let text: String = text.into_iter().collect();
        let _ = record::read::<G>(&text, round);
        let envelope = format!(
            r#"{{"format":2,"game":"{}","revision":1,"record":{text:?},"redo":["1"],"pending":["x"]}}"#,
            G::SLUG
        );
        let _ = save::decode::<G>(&envelope);
    }
}

fn samples<G: Recorded>(config: &G::Config) -> Vec<String> {
    (0..6)
        .map(|seed| {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut history = History::<G>::new(config);
            for _ in 0..rng.random_range(0..60) {
                let legal = history.current().legal_moves();
                if legal.is_empty() || history.outcome().is_some() {
                    break;
                }
                history.play(legal[rng.random_range(0..legal.len())]).unwrap();
            }
            while history.current().mid_move() {
                let legal = history.current().legal_moves();
                history.play(legal[0]).unwrap();
            }
            record::write(&history, &Header { date: None, reveal: seed % 2 == 0, ..Header::default() })
        })
        .collect()
}

/// Seeded samples of `G`'s records under every rule set its conformance checks play, mangled.
fn fuzz_game<G: Conformant>(extra: &[String], rng: &mut SmallRng) {
    let mut samples: Vec<String> = G::conformance().configs.iter().flat_map(samples::<G>).collect();
    samples.extend_from_slice(extra);
    fuzz::<G>(&samples, rng);
}

#[test]
fn no_record_makes_a_reader_panic() {
    let mut rng = SmallRng::seed_from_u64(15);
    for game in GameId::ALL {
        with_game!(game, G => fuzz_game::<G>(&[], &mut rng));
    }
    // A checkers capture written by its ends, from a set-up start.
    let by_ends = format!("[FEN \"{}\"]\n1... 26x10 5-9", fen(&Checkers::new(&Default::default())));
    fuzz_game::<Checkers>(&[by_ends], &mut rng);
}
