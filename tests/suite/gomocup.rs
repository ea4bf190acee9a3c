//! The Gomocup protocol (`engine --gomocup`), driven as a manager drives a brain: START, INFO,
//! BEGIN, TURN, BOARD…DONE, RESTART, ABOUT, END; bad commands, sizes, rules and coordinates
//! answered with ERROR; renju's forbidden points; the time limits kept; the real program over
//! stdin and stdout; and a short match of two brains through the protocol.

use board_suite::engine::gomocup::{Brain, Limits, Step, name, serve};
use board_suite::rules::gomoku::{Config, Gomoku, Move, Point, RuleSet, point_at};
use board_suite::rules::{Game, Outcome};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

/// A brain and its clock, answering line by line.
struct Manager {
    brain: Brain,
    clock: Instant,
}

impl Manager {
    fn new() -> Self {
        Manager { brain: Brain::default(), clock: Instant::now() }
    }

    /// The brain's lines in answer to `line`; `END` answers nothing.
    fn send(&mut self, line: &str) -> Vec<String> {
        let clock = self.clock;
        match self.brain.answer(line, &|| clock.elapsed().as_secs_f64() * 1000.0) {
            Step::Lines(lines) => lines,
            Step::End => Vec::new(),
        }
    }

    /// The answers to several lines, in order.
    fn send_all(&mut self, lines: &[&str]) -> Vec<String> {
        lines.iter().flat_map(|line| self.send(line)).collect()
    }

    /// Its move in answer to `line` (a `MESSAGE` line first, which is checked and dropped).
    fn play(&mut self, line: &str) -> String {
        let lines = self.send(line);
        assert_eq!(lines.len(), 2, "{line}: {lines:?}");
        assert!(lines[0].starts_with("MESSAGE depth "), "{lines:?}");
        lines[1].clone()
    }

    fn started(rules: u8, timeout_turn: u64) -> Self {
        let mut manager = Manager::new();
        let lines = manager.send_all(&[
            "START 15",
            &format!("INFO timeout_turn {timeout_turn}"),
            "INFO timeout_match 0",
            "INFO max_memory 83886080",
            "INFO game_type 1",
            &format!("INFO rule {rules}"),
            "INFO folder C:\\piskvork\\data",
        ]);
        assert_eq!(lines, ["OK"]);
        manager
    }
}

/// The point of a move as the protocol writes it.
fn point(text: &str) -> Point {
    let (x, y) = text.split_once(',').unwrap_or_else(|| panic!("not a move: {text}"));
    let coordinate = |c: &str| c.parse::<usize>().unwrap_or_else(|_| panic!("not a move: {text}"));
    point_at(coordinate(x), coordinate(y))
}

/// A `BOARD` block's lines: each stone `x,y,field`, then `DONE`.
fn board(stones: &[(usize, usize, u8)]) -> Vec<String> {
    let mut lines = vec!["BOARD".to_owned()];
    lines.extend(stones.iter().map(|(x, y, field)| format!("{x},{y},{field}")));
    lines.push("DONE".to_owned());
    lines
}

/// Sends a `BOARD` block; the answer lines to its `DONE`, none before.
fn send_board(manager: &mut Manager, stones: &[(usize, usize, u8)]) -> Vec<String> {
    let lines = board(stones);
    let (done, stones) = lines.split_last().expect("lines");
    for line in stones {
        assert_eq!(manager.send(line), Vec::<String>::new(), "{line}");
    }
    manager.send(done)
}

#[test]
fn a_manager_starts_informs_and_plays() {
    let mut manager = Manager::started(0, 200);
    let about = manager.send("ABOUT");
    assert_eq!(about.len(), 1);
    assert!(about[0].starts_with("name=\"") && about[0].contains("version=\""), "{about:?}");
    // Black's first stone goes in the middle; the opponent's reply and ours follow.
    assert_eq!(manager.play("BEGIN"), "7,7");
    let mut game = referee(RuleSet::Freestyle, &[point("7,7")]);
    for _ in 0..3 {
        // The opponent's stone: the first free point of a few near the middle.
        let turn = ["8,8", "6,8", "8,6", "6,6", "9,9", "5,5"]
            .map(point)
            .into_iter()
            .find(|&p| game.stone(p).is_none());
        let turn = turn.expect("a free point");
        game.play(Move::Place(turn)).expect("legal");
        let answer = manager.play(&format!("TURN {}", name(turn)));
        game.play(Move::Place(point(&answer))).unwrap_or_else(|_| panic!("{answer} is not legal"));
    }
    // Lower case and spaces are read too, as the reference brains read them.
    assert_eq!(manager.send("restart"), ["OK"]);
    assert_ne!(manager.play(" turn 0 , 0 "), "0,0");
    assert_eq!(manager.send("RESTART"), ["OK"]);
    assert_eq!(manager.play("BEGIN"), "7,7");
    // PLAY places our own stone and repeats it; TAKEBACK takes the last stone back.
    assert_eq!(manager.send("RESTART"), ["OK"]);
    assert_eq!(manager.send("PLAY 7,7"), ["7,7"]);
    let answer = manager.play("TURN 7,8");
    assert_eq!(manager.send(&format!("TAKEBACK {answer}")), ["OK"]);
    assert_eq!(manager.send("TAKEBACK 7,8"), ["OK"]);
    assert_ne!(manager.play("TURN 0,0"), "0,0");
    assert!(matches!(manager.brain.answer("END", &|| 0.0), Step::End));
}

#[test]
fn sizes_and_rules_we_do_not_play_get_errors() {
    let mut manager = Manager::new();
    // The rules are 15x15: a manager may then try another size.
    for start in ["START 20", "START", "START x", "RECTSTART 15,20", "RECTSTART 15", "START -15"] {
        let lines = manager.send(start);
        assert!(lines.len() == 1 && lines[0].starts_with("ERROR "), "{start}: {lines:?}");
    }
    assert_eq!(manager.send("RECTSTART 15,15"), ["OK"]);
    assert_eq!(manager.send("START 15"), ["OK"]);
    // The rule flags: 1 exactly five, 2 continuous game, 4 renju, 8 caro.
    for (rule, rules) in
        [(1, RuleSet::Standard), (4, RuleSet::Renju), (5, RuleSet::Renju), (0, RuleSet::Freestyle)]
    {
        assert_eq!(manager.send(&format!("INFO rule {rule}")), Vec::<String>::new());
        assert_eq!(manager.brain.rules(), rules, "rule {rule}");
    }
    for rule in ["2", "3", "6", "8", "9", "16", "-1", "renju", ""] {
        let lines = manager.send(&format!("INFO rule {rule}"));
        assert!(
            lines.len() == 1 && lines[0].starts_with("ERROR rule") || lines[0].starts_with("ERROR INFO rule"),
            "{rule}: {lines:?}"
        );
        assert_eq!(manager.brain.rules(), RuleSet::Freestyle, "rule {rule} left the rules as they were");
    }
    // Keys the brain has no use for are ignored, as the protocol asks; bad limits are not.
    for info in
        ["INFO evaluate 3,4", "INFO folder /tmp/data", "INFO max_memory 0", "INFO some_new_key 1", "INFO"]
    {
        assert_eq!(manager.send(info), Vec::<String>::new(), "{info}");
    }
    for info in
        ["INFO timeout_turn -5", "INFO timeout_turn 1.5", "INFO timeout_match forever", "INFO time_left"]
    {
        let lines = manager.send(info);
        assert!(lines.len() == 1 && lines[0].starts_with("ERROR INFO "), "{info}: {lines:?}");
    }
}

#[test]
fn bad_commands_and_coordinates_get_words_and_the_brain_goes_on() {
    let mut manager = Manager::new();
    for command in ["BEGIN", "TURN 7,7", "RESTART", "BOARD", "TAKEBACK 7,7"] {
        assert_eq!(manager.send(command), ["ERROR no board yet: START 15 first"], "{command}");
    }
    assert_eq!(manager.send("FLY 7,7"), ["UNKNOWN command FLY"]);
    // A long line is named by its start.
    assert_eq!(manager.send(&"X".repeat(100_000)), [format!("UNKNOWN command {}", "X".repeat(40))]);
    assert_eq!(manager.send(""), Vec::<String>::new());
    assert_eq!(manager.send("START 15"), ["OK"]);
    assert_eq!(manager.send("INFO timeout_turn 100"), Vec::<String>::new());
    for turn in [
        "TURN 15,0",
        "TURN 0,15",
        "TURN -1,3",
        "TURN 3",
        "TURN a,b",
        "TURN",
        "TURN 3,3,1",
        "TURN 99999999999999999999,1",
    ] {
        let lines = manager.send(turn);
        assert!(lines.len() == 1 && lines[0].starts_with("ERROR bad coordinates"), "{turn}: {lines:?}");
    }
    let answer = manager.play("TURN 7,7");
    assert_eq!(manager.send("TURN 7,7"), ["ERROR 7,7 is taken"]);
    assert_eq!(manager.send(&format!("TURN {answer}")), [format!("ERROR {answer} is taken")]);
    assert_eq!(manager.send("BEGIN"), ["ERROR BEGIN on a board with stones: RESTART first"]);
    assert_eq!(manager.send("TAKEBACK 7,7"), ["ERROR 7,7 is not the last stone played"]);
    assert_eq!(manager.send("TAKEBACK 1,1"), ["ERROR 1,1 is not the last stone played"]);
    assert_eq!(manager.send("SWAP2BOARD"), ["ERROR swap2 openings are not supported"]);
    // Still playing: a move after all that.
    let reply = manager.play("TURN 0,0");
    assert!(![answer.as_str(), "7,7", "0,0"].contains(&reply.as_str()), "{reply}");
}

#[test]
fn bytes_that_are_not_text_are_a_bad_command_too() {
    let clock = Instant::now();
    let mut output = Vec::new();
    let input: &[u8] = b"START 15\r\n\xff\xfe 7,7\r\nABOUT\r\nEND\r\nABOUT\r\n";
    serve(input, &mut output, &|| clock.elapsed().as_secs_f64() * 1000.0);
    let output = String::from_utf8(output).expect("UTF-8 out");
    let lines: Vec<&str> = output.lines().collect();
    // Each answer once; nothing after END.
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], "OK");
    assert!(lines[1].starts_with("UNKNOWN command "), "{lines:?}");
    assert!(lines[2].starts_with("name="), "{lines:?}");
}

#[test]
fn a_board_sets_the_position_and_the_brain_answers_it() {
    let mut manager = Manager::started(0, 300);
    // The opponent (black, first) has four in a row, blocked at one end: the one stop.
    let four = [(3, 7, 2), (2, 7, 1), (4, 7, 2), (0, 0, 1), (5, 7, 2), (14, 14, 1), (6, 7, 2)];
    assert_eq!(send_board(&mut manager, &four).last().map(String::as_str), Some("7,7"));
    // Our own four: the five. The order of a block is the order played, by colour.
    assert_eq!(manager.send("RESTART"), ["OK"]);
    let five = [(3, 3, 1), (9, 9, 2), (3, 4, 1), (9, 10, 2), (3, 5, 1), (0, 14, 2), (3, 6, 1), (14, 0, 2)];
    let lines = send_board(&mut manager, &five);
    assert!(lines.last().is_some_and(|m| m == "3,7" || m == "3,2"), "{lines:?}");
    assert!(lines[0].contains("score win 1"), "{lines:?}");
    // A block is read whole, then refused with its first fault; the brain plays on.
    let faults: [(&[&str], &str); 6] = [
        (&["7,7,1", "3,3,3"], "ERROR BOARD not set: field 3: continuous games are not supported"),
        (&["7,7,4"], "ERROR BOARD not set: field 4: 1 (own) or 2 (opponent's) expected"),
        (
            &["7,7,1", "8,8,1"],
            "ERROR BOARD not set: 2 own and 0 opponent's stones, not a position with us to move",
        ),
        (&["7,7,2", "7,7,1"], "ERROR BOARD not set: 7,7 is taken"),
        (&["7,7", "8,8,2"], "ERROR BOARD not set: 7,7: bad coordinates \"7\": x,y from 0 to 14 expected"),
        (&["BEGIN"], "ERROR BOARD not set: BEGIN: x,y,field or DONE expected"),
    ];
    for (stones, error) in faults {
        assert_eq!(manager.send("BOARD"), Vec::<String>::new());
        for stone in stones {
            assert_eq!(manager.send(stone), Vec::<String>::new(), "{stone}");
        }
        assert_eq!(manager.send("done"), [error], "{stones:?}");
    }
    // An empty board: we are black.
    assert_eq!(manager.send_all(&["BOARD", "DONE"]).last().map(String::as_str), Some("7,7"));
    // A game already won cannot be played on.
    let won = [
        (0, 0, 2),
        (9, 9, 1),
        (1, 0, 2),
        (9, 10, 1),
        (2, 0, 2),
        (9, 11, 1),
        (3, 0, 2),
        (9, 12, 1),
        (4, 0, 2),
    ];
    assert_eq!(send_board(&mut manager, &won), ["ERROR the game is over"]);
    // END ends the brain even inside a block.
    assert_eq!(manager.send("BOARD"), Vec::<String>::new());
    assert!(matches!(manager.brain.answer("end", &|| 0.0), Step::End));
}

/// Black's double-three on 7,7: open threes across and down.
const DOUBLE_THREE: [(usize, usize); 4] = [(5, 7), (6, 7), (7, 5), (7, 6)];
const FAR: [(usize, usize); 4] = [(0, 0), (14, 0), (0, 14), (14, 14)];

#[test]
fn under_renju_black_never_plays_a_forbidden_point_nor_accepts_one() {
    // We are black (as many stones as the opponent): 7,7 is the strongest point, and forbidden.
    let mut manager = Manager::started(4, 300);
    let stones: Vec<(usize, usize, u8)> =
        DOUBLE_THREE.iter().zip(FAR).flat_map(|(&(bx, by), (wx, wy))| [(bx, by, 1), (wx, wy, 2)]).collect();
    let lines = send_board(&mut manager, &stones);
    let answer = lines.last().expect("a move");
    assert!(!answer.starts_with("ERROR") && answer != "7,7", "{lines:?}");
    // Black's stone on 7,7 is refused, whoever places it; any other point is fine.
    let mut manager = Manager::started(4, 300);
    place_alternately(&mut manager);
    assert_eq!(manager.send("TURN 7,7"), ["ERROR 7,7 is forbidden to black under renju"]);
    assert_eq!(manager.send("PLAY 7,7"), ["ERROR 7,7 is forbidden to black under renju"]);
    let answer = manager.play("TURN 8,8");
    assert!(answer != "8,8" && answer != "7,7", "{answer}");
    // Under freestyle (and standard) the same stone is black's to play.
    for rule in [0, 1] {
        let mut manager = Manager::started(rule, 300);
        place_alternately(&mut manager);
        assert_eq!(manager.send("PLAY 7,7"), ["7,7"]);
    }
}

/// The double-three's stones and the far ones, alternately, by `PLAY` (which places a stone
/// for the side to move without thinking).
fn place_alternately(manager: &mut Manager) {
    for (black, white) in DOUBLE_THREE.iter().zip(FAR) {
        for (x, y) in [*black, white] {
            assert_eq!(manager.send(&format!("PLAY {x},{y}")), [format!("{x},{y}")]);
        }
    }
}

#[test]
fn standard_rules_play_on_past_an_overline() {
    // Black's sixth stone in a row: a win under freestyle, not under standard.
    let black = [(0, 7), (1, 7), (2, 7), (3, 7), (5, 7), (4, 7)];
    let white = [(14, 0), (14, 2), (14, 4), (14, 6), (14, 8)];
    let stones: Vec<(usize, usize, u8)> = black
        .iter()
        .map(|&(x, y)| (x, y, 2))
        .zip(white.iter().map(|&(x, y)| (x, y, 1)).map(Some).chain([None]))
        .flat_map(|(b, w)| [Some(b), w])
        .flatten()
        .collect();
    let mut freestyle = Manager::started(0, 200);
    assert_eq!(send_board(&mut freestyle, &stones), ["ERROR the game is over"]);
    let mut standard = Manager::started(1, 200);
    let lines = send_board(&mut standard, &stones);
    assert!(lines.len() == 2 && !lines[1].starts_with("ERROR"), "{lines:?}");
}

#[test]
fn each_move_is_given_its_share_of_the_limits() {
    let limits = |turn, left| Limits { turn, game: 0, left };
    // A margin under the limit for a move: 5% and 50 ms.
    assert_eq!(limits(Some(1_000), None).movetime(), 900);
    assert_eq!(limits(Some(30_000), None).movetime(), 28_450);
    // 0: as fast as possible; none given: the engine's own default.
    assert_eq!(limits(Some(0), None).movetime(), 5);
    assert_eq!(limits(None, None).movetime(), 1_500);
    // The game's time left, spread over the moves to come; none left: as fast as possible.
    assert_eq!(limits(Some(5_000), Some(100_000)).movetime(), 4_700);
    assert_eq!(limits(Some(5_000), Some(10_000)).movetime(), 472);
    assert_eq!(limits(Some(5_000), Some(-300)).movetime(), 5);
    // The manager's word for "no limit"; and the brain's own count while it says nothing.
    let mut manager = Manager::started(0, 1_000);
    manager.send_all(&["INFO timeout_match 2000", "INFO time_left 2147483647"]);
    assert_eq!(manager.brain.limits.left, None);
    manager.send_all(&["RESTART", "INFO time_left 2000"]);
    assert_eq!(manager.brain.limits.movetime(), (2_000 - 150) / 20);
    let clock = Instant::now();
    manager.play("BEGIN");
    let used = clock.elapsed().as_millis() as i64;
    let left = manager.brain.limits.left.expect("a limit");
    assert!((2_000 - used - 2..=2_000).contains(&left), "{used} ms used, {left} ms left");
}

/// Plays `moves` alternately on a fresh referee's board, black first.
fn referee(rules: RuleSet, moves: &[Point]) -> Gomoku {
    let mut game = Gomoku::new(&Config { rules });
    for &point in moves {
        game.play(Move::Place(point)).unwrap_or_else(|_| panic!("{} is not legal", name(point)));
    }
    game
}

/// One game between two brains through the protocol, as a manager runs it: the opening sent
/// to each by `BOARD`, then `TURN`s, every answer checked by the rules and timed. The outcome
/// the stones played, and each answer's time in milliseconds.
fn match_game(rules: u8, timeout_turn: u64, opening: &[Point]) -> (Option<Outcome>, usize, Vec<u128>) {
    let rule_set = board_suite::engine::gomocup::rules_of(rules.into()).expect("rules");
    let mut brains = [Manager::started(rules, timeout_turn), Manager::started(rules, timeout_turn)];
    let mut moves = opening.to_vec();
    let mut times = Vec::new();
    // Until each brain has seen the board once, it gets it whole.
    let mut told = [false, false];
    loop {
        let game = referee(rule_set, &moves);
        if game.outcome().is_some() {
            return (game.outcome(), moves.len(), times);
        }
        let side = moves.len() % 2;
        let command = if told[side] {
            vec![format!("TURN {}", name(*moves.last().expect("a move")))]
        } else {
            told[side] = true;
            let stones = moves.iter().enumerate().map(|(i, &p)| {
                let (x, y) = board_suite::rules::gomoku::coordinates(p);
                (x, y, if i % 2 == side { 1 } else { 2 })
            });
            board(&stones.collect::<Vec<_>>())
        };
        let clock = Instant::now();
        let lines: Vec<String> = command.iter().flat_map(|line| brains[side].send(line)).collect();
        times.push(clock.elapsed().as_millis());
        let answer = lines.last().unwrap_or_else(|| panic!("no answer to {command:?}"));
        let point = point(answer);
        moves.push(point);
        referee(rule_set, &moves);
    }
}

#[test]
fn two_brains_play_a_short_match_through_the_protocol() {
    let openings = [["7,7", "7,8", "7,9"], ["7,7", "8,8", "9,9"]];
    for (rules, opening) in [0u8, 4].into_iter().zip(openings) {
        let opening: Vec<Point> = opening.iter().map(|p| point(p)).collect();
        // How long the answers take is a figure (`match_figures`), not a test: a loaded machine
        // would fail it. The budget each move is given is tested exactly above.
        let (outcome, _, _) = match_game(rules, 100, &opening);
        assert!(outcome.is_some(), "rule {rules}: unfinished");
    }
}

/// A longer match for figures: `GOMOCUP_TURN=<ms> GOMOCUP_GAMES=<n> cargo test --test suite
/// gomocup::match_figures -- --ignored --nocapture` (500 ms a move and 20 games without them)
/// plays the arena's match openings under each rule set and prints the results and how long
/// the answers took, against the limit.
#[test]
#[ignore]
fn match_figures() {
    let setting =
        |name: &str, default: u64| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let (turn, games) = (setting("GOMOCUP_TURN", 500), setting("GOMOCUP_GAMES", 20));
    for (rules, label) in [(0u8, "freestyle"), (1, "standard"), (4, "renju")] {
        let (mut black, mut white, mut draws, mut stones, mut times) = (0, 0, 0, 0, Vec::new());
        for pair in 0..games {
            let opening: Vec<Point> = board_suite::engine::reference::gomoku::start(pair)
                .iter()
                .map(|text| match Gomoku::new(&Config::default()).parse_move(text) {
                    Ok(Move::Place(p)) => p,
                    Err(_) => panic!("{text}"),
                })
                .collect();
            let (outcome, length, game_times) = match_game(rules, turn, &opening);
            match outcome {
                Some(Outcome::Win(board_suite::rules::Player::First)) => black += 1,
                Some(Outcome::Win(_)) => white += 1,
                _ => draws += 1,
            }
            stones += length;
            times.extend(game_times);
        }
        times.sort_unstable();
        let mean = times.iter().sum::<u128>() / times.len().max(1) as u128;
        let p99 = times.get(times.len() * 99 / 100).copied().unwrap_or_default();
        let longest = times.last().copied().unwrap_or_default();
        let over = times.iter().filter(|&&t| t > u128::from(turn)).count();
        println!(
            "{label}: black {black}, white {white}, draws {draws}, {:.1} stones a game; {} answers at \
             {turn} ms a move: mean {mean} ms, 99% within {p99} ms, longest {longest} ms, {over} over",
            stones as f64 / games as f64,
            times.len()
        );
    }
}

/// The program itself: `engine --gomocup` and a copy named like a Piskvork brain.
#[test]
fn the_program_speaks_gomocup_on_stdin_and_stdout() {
    let named = std::env::temp_dir().join(format!(
        "pbrain-board-suite-{}{}",
        std::process::id(),
        std::env::consts::EXE_SUFFIX
    ));
    std::fs::copy(env!("CARGO_BIN_EXE_engine"), &named).expect("a copy");
    for (program, args) in
        [(std::path::PathBuf::from(env!("CARGO_BIN_EXE_engine")), vec!["--gomocup"]), (named.clone(), vec![])]
    {
        let mut child = Command::new(&program)
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the brain starts");
        let mut input = child.stdin.take().expect("stdin");
        let mut output = BufReader::new(child.stdout.take().expect("stdout"));
        let mut ask = |line: &str, answers: usize| -> Vec<String> {
            // As the manager writes them: CR LF.
            write!(input, "{line}\r\n").expect("written");
            input.flush().expect("flushed");
            let lines = (0..answers).map(|_| {
                let mut answer = String::new();
                output.read_line(&mut answer).expect("an answer");
                answer.trim_end().to_owned()
            });
            lines.collect()
        };
        assert_eq!(ask("START 15", 1), ["OK"]);
        for info in
            ["INFO timeout_turn 300", "INFO timeout_match 90000", "INFO rule 1", "INFO time_left 90000"]
        {
            ask(info, 0);
        }
        assert!(ask("ABOUT", 1)[0].starts_with("name="));
        let lines = ask("BEGIN", 2);
        assert_eq!(lines[1], "7,7", "{lines:?}");
        let lines = ask("TURN 8,8", 2);
        assert!(lines[0].starts_with("MESSAGE ") && point(&lines[1]) != point_at(8, 8), "{lines:?}");
        assert_eq!(ask("TURN 8,8", 1), ["ERROR 8,8 is taken"]);
        write!(input, "END\r\n").expect("written");
        drop(input);
        assert!(child.wait().expect("the brain ends").success(), "{program:?}");
    }
    let _ = std::fs::remove_file(named);
}
