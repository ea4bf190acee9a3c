//! The `engine` program's line protocol: each game answers `go` with a legal turn, Connect
//! Four's `solve` gives Pons' scores, and bad input gets one `error` line while the program
//! goes on.

use board_suite::engine::engine_for;
use board_suite::games::GameId;
use board_suite::rules::checkers::{Checkers, read_fen};
use board_suite::rules::record;
use board_suite::rules::{
    Game, History, TurnText, connect_four::ConnectFour, parse_turn, read_announced, whole_turns,
};
use board_suite::with_game;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::process::{Command, Stdio};

/// The program's answer lines to `input`, without `info` lines.
fn run(input: &str) -> Vec<String> {
    run_all(input).into_iter().filter(|line| !line.starts_with("info ")).collect()
}

/// The program's answer lines to `input`, `info` lines and all.
fn run_all(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_engine"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    let output = child.wait_with_output().expect("the engine ends");
    assert!(output.status.success(), "the engine failed: {output:?}");
    String::from_utf8(output.stdout).expect("UTF-8 out").lines().map(str::to_owned).collect()
}

/// An `info` line's fields: the depth, the score as said, whether exact, and the turns of the
/// principal variation.
fn info(line: &str) -> (u32, String, bool, Vec<String>) {
    let rest = line.strip_prefix("info depth ").unwrap_or_else(|| panic!("not an info line: {line}"));
    let (depth, rest) = rest.split_once(" score ").expect("a score");
    let (score, rest) = rest.split_once(" nodes ").expect("nodes");
    let (_, pv) = rest.split_once(" pv ").expect("a pv");
    let (score, exact) = match score.strip_suffix(" exact") {
        Some(score) => (score, true),
        None => (score, false),
    };
    let mut words = score.split(' ');
    let (kind, amount) = (words.next().expect("a kind"), words.next().expect("an amount"));
    assert!(["cp", "win", "loss"].contains(&kind) && words.next().is_none(), "{line}");
    assert!(amount.parse::<i32>().is_ok() && (kind == "cp" || amount.parse::<u32>().is_ok()), "{line}");
    (depth.parse().expect("a depth"), score.to_owned(), exact, pv.split(' ').map(str::to_owned).collect())
}

fn bestmove(line: &str) -> &str {
    line.strip_prefix("bestmove ").unwrap_or_else(|| panic!("not a bestmove: {line}"))
}

/// Three whole turns of a seeded random game of `G`, under its default rules, as the move list
/// writes them (a dark-chess flip with what it showed).
fn opening<G: TurnText>(seed: u64) -> Vec<String> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut history = History::<G>::new(&Default::default());
    for _ in 0..3 {
        let turns = whole_turns(history.current());
        let (legs, _) = &turns[rng.random_range(0..turns.len())];
        for &leg in legs {
            history.play(leg).expect("legal");
        }
    }
    record::turn_texts(&history)
}

/// The program's turn after `turns`, read as it announces it in the game as a player at the
/// board knows it (a flip is said without what it will show, which only the real deal knows).
fn answers_legally<G: TurnText>(game: GameId, turns: &[String]) {
    let moves = turns.join(" ");
    let lines = run(&format!("new {}\nmoves {moves}\ngo level 2\nquit\n", game.slug()));
    assert_eq!(lines.len(), 1, "{}: {lines:?}", game.slug());
    let turn = bestmove(&lines[0]);
    let said: Vec<&str> = turns.iter().map(String::as_str).collect();
    let position = G::from_turns(&Default::default(), &said).expect("legal");
    assert!(read_announced(&position, turn).is_ok(), "{}: {turn} is not a turn after {moves}", game.slug());
}

#[test]
fn every_game_answers_go_with_a_legal_turn() {
    for game in GameId::ALL {
        with_game!(game, G => answers_legally::<G>(game, &opening::<G>(7)));
    }
}

#[test]
fn dark_chess_never_says_what_a_flip_would_show() {
    let lines = run("new dark-chess\ngo level 1\nmoves c3=K\ngo level 1\n");
    assert!(lines.iter().all(|line| !line.contains('=')), "{lines:?}");
}

#[test]
fn a_checkers_game_may_start_from_a_fen() {
    let lines = run(
        "new checkers\nstart W:WK26,30:B23,15,5\nmoves\ngo level 6\nstart B:W33\nnew gomoku\nstart B:W1:B2\n",
    );
    assert_eq!(lines[0], "bestmove 26x19x10");
    assert!(lines[1].starts_with("error") && lines[2].starts_with("error"), "{lines:?}");
}

#[test]
fn every_level_takes_a_win_in_one_and_stops_a_loss_in_one() {
    for level in 1..=6 {
        // Red has three in column 1: red wins there; yellow, to move, must block there.
        let lines = run(&format!(
            "new connect-four\nmoves 1 2 1 2 1 2\ngo level {level} movetime 500\nmoves 1 2 1 2 1\ngo level {level} movetime 500\n"
        ));
        assert_eq!(lines, ["bestmove 1", "bestmove 1"], "level {level}");
    }
}

#[test]
fn solve_gives_the_test_sets_scores() {
    // The first positions of Pons' middle-easy set, with their scores.
    let set = include_str!("../data/connect4/Test_L2_R1");
    let mut input = String::from("new connect-four\n");
    let mut expected = Vec::new();
    for line in set.lines().take(20) {
        let (moves, score) = line.split_once(' ').expect("`moves score`");
        let turns: Vec<String> = moves.chars().map(String::from).collect();
        input += &format!("moves {}\nsolve\n", turns.join(" "));
        expected.push(format!("score {score}"));
    }
    assert_eq!(run(&input), expected);
}

#[test]
fn bad_input_gets_one_error_line_and_the_program_goes_on() {
    let input = [
        "go",
        "new",
        "new chess",
        "new gomoku {\"rules\": \"Nonsense\"}",
        "new connect-four {not json",
        "bogus command",
        "new connect-four",
        "moves 8",
        "moves 4 4 zz",
        "go level 0",
        "go level 99",
        "go level",
        "go movetime soon",
        "go sideways 3",
        "moves 1 1 1 1 1 1 1",
        "\u{0}\u{7f}\u{fffd}",
        &"9".repeat(10_000),
        "moves 1 2 1 2 1 2 1",
        "go",
        "solve",
        "new checkers",
        "solve",
        "moves 4",
        "go depth 0",
    ]
    .join("\n");
    let lines = run(&(input + "\n"));
    let errors = lines.iter().filter(|line| line.starts_with("error ")).count();
    // `go` on Connect Four's won game says how it ended; everything else is an error.
    assert_eq!(errors, lines.len() - 1, "{lines:?}");
    assert_eq!(lines.len(), 21, "{lines:?}");
    assert!(lines.contains(&"result 1-0 rules".to_owned()), "{lines:?}");
    assert!(lines.contains(&"error unknown game chess".to_owned()), "{lines:?}");
}

#[test]
fn the_engine_plays_the_same_turn_through_the_program_and_the_library() {
    let lines = run("new connect-four\nmoves 4 4\ngo level 3 seed 7\n");
    let mut engine = engine_for("connect-four", None).expect("a game");
    engine.set_moves(&["4", "4"]).expect("legal");
    let best = engine
        .go(
            &board_suite::engine::Go { level: 3, seed: 7, ..Default::default() },
            &|| 0.0,
            &|| false,
            &mut |_| {},
        )
        .expect("a turn")
        .turn;
    assert_eq!(lines, [format!("bestmove {best}")]);
    // And the turn reads back as a legal move of the rules.
    let game = ConnectFour::from_turns(&Default::default(), &["4", "4"]).expect("legal");
    assert!(parse_turn(&game, &best).is_ok_and(|legs| legs.iter().all(|leg| game.is_legal(leg))));
}

#[test]
fn info_lines_give_the_score_on_one_scale_and_a_principal_variation_that_plays() {
    for id in GameId::ALL {
        let (game, moves) = (id.slug(), with_game!(id, G => opening::<G>(3)).join(" "));
        let lines = run_all(&format!("new {game}\nmoves {moves}\ngo movetime 300\nquit\n"));
        let (infos, best) = lines.split_at(lines.len() - 1);
        assert!(!infos.is_empty(), "{game}: {lines:?}");
        for line in infos {
            let (_, _, _, pv) = info(line);
            if id == GameId::DarkChess {
                // A flip in the line is said without what it would show.
                assert!(pv.iter().all(|turn| !turn.contains('=')), "{line}");
                continue;
            }
            // The line plays after the moves, turn by turn, in a game of the real rules.
            let mut engine = engine_for(game, None).expect("a game");
            let turns: Vec<&str> = moves.split(' ').chain(pv.iter().map(String::as_str)).collect();
            assert_eq!(engine.set_moves(&turns), Ok(()), "{game}: {line}");
        }
        let (_, _, _, pv) = info(infos.last().expect("an info line"));
        assert_eq!(best[0], format!("bestmove {}", pv[0]), "{game}: the last line's first turn is played");
    }
    // Connect Four's red has three in a row, open at both ends: a win at its next disc,
    // solved.
    let lines = run_all("new connect-four\nmoves 4 4 3 3 5 5\ngo\n");
    let (_, score, exact, _) = info(&lines[0]);
    assert_eq!((score.as_str(), exact), ("win 1", true), "{lines:?}");
}

/// Four turns from `start` that lead back to it, as the move list writes them.
fn back_in_four(start: &Checkers) -> Vec<String> {
    for (first, one) in whole_turns(start) {
        for (second, two) in whole_turns(&one) {
            for (third, three) in whole_turns(&two) {
                for (fourth, four) in whole_turns(&three) {
                    if four.repeats(start) {
                        let turns = [(start, &first), (&one, &second), (&two, &third), (&three, &fourth)];
                        return turns.iter().map(|(game, legs)| game.turn_notation(legs)).collect();
                    }
                }
            }
        }
    }
    panic!("no way back in four turns");
}

#[test]
fn a_game_the_rules_have_ended_is_answered_with_its_result_and_why() {
    // Two checkers kings step away and back twice: the start stands a third time, a draw.
    let fen = "W:WK26:BK5";
    let start = read_fen(&Default::default(), fen).expect("a FEN");
    let cycle = back_in_four(&start);
    let twice = [cycle.clone(), cycle].concat().join(" ");
    let one_short = twice.rsplit_once(' ').expect("turns").0;
    let lines =
        run(&format!("new checkers\nstart {fen}\nmoves {twice}\ngo\nmoves {one_short}\ngo depth 2\n"));
    assert_eq!(lines[0], "result 1/2-1/2 repetition", "{lines:?}");
    assert!(lines[1].starts_with("bestmove "), "{lines:?}");
    // Dark chess: a soldier's step is the first quiet ply, and the limit here is one.
    let lines = run("new dark-chess {\"quiet_limit\":1}\nmoves a4=P a3=p a4xa3 b4=c a3-a4\ngo\n");
    assert_eq!(lines, ["result 1/2-1/2 quiet-moves"]);
    // A win by the rules: the winner's score first, as a record writes it.
    let lines = run("new connect-four\nmoves 1 2 1 2 1 2 1\ngo\n");
    assert_eq!(lines, ["result 1-0 rules"]);
}
