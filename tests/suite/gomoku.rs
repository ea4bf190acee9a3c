//! Gomoku rules: the renju cases of a published engine's test suite
//! (`tests/data/renju-forbidden.json`), and wins under each rule set.

use crate::harness::{Conformance, Conformant};
use board_suite::rules::gomoku::{Config, Gomoku, Move, RuleSet, SIZE, forbidden, point_at};
use board_suite::rules::{Game, Illegal, Outcome, Player};
use serde_json::Value;
use std::path::Path;

type Board = [Option<Player>; SIZE * SIZE];

fn stone_of(letter: &str) -> Player {
    if letter == "X" { Player::First } else { Player::Second }
}

/// The point an op names: column letter `a`-`o`, row 0 at the top.
fn op_point(op: &Value) -> u8 {
    let column = op["col"].as_str().unwrap().as_bytes()[0] - b'a';
    point_at(usize::from(column), op["row"].as_u64().unwrap() as usize)
}

/// The outcome of playing `player` on `point` under renju, as the test file names it; a
/// forbidden black move loses.
fn outcome_after(board: &Board, point: u8, player: Player) -> &'static str {
    if player == Player::First && forbidden(*board, point) {
        return "CIRCLE_WIN";
    }
    let mut game =
        Gomoku::from_setup(Config { rules: RuleSet::Renju }, *board, player).expect("a valid setup");
    game.play(Move::Place(point)).unwrap();
    match game.outcome() {
        Some(Outcome::Win(Player::First)) => "CROSS_WIN",
        Some(Outcome::Win(Player::Second)) => "CIRCLE_WIN",
        Some(Outcome::Draw) => "DRAW",
        None => "NONE",
    }
}

#[test]
fn every_renju_case_of_the_shared_test_file() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/renju-forbidden.json");
    let data: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in data["tests"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        let mut board: Board = [None; SIZE * SIZE];
        for (y, row) in case["board"].as_array().unwrap().iter().enumerate() {
            for (x, c) in row.as_str().unwrap().chars().enumerate() {
                board[usize::from(point_at(x, y))] = match c {
                    'X' => Some(Player::First),
                    'O' => Some(Player::Second),
                    _ => None,
                };
            }
        }
        for op in case["ops"].as_array().unwrap() {
            let point = || op_point(op);
            match op["op"].as_str().unwrap() {
                "add_move" => board[usize::from(point())] = Some(stone_of(op["stone"].as_str().unwrap())),
                // It names the stone taken back.
                "undo_move" => board[usize::from(point())] = None,
                "expect_forbidden" => {
                    let black = stone_of(op["stone"].as_str().unwrap()) == Player::First;
                    let got = black && forbidden(board, point());
                    checked += 1;
                    if got != op["expected"].as_bool().unwrap() {
                        failures.push(format!("{name}: forbidden at {}{} is {got}", op["col"], op["row"]));
                    }
                }
                "expect_outcome_after_move" => {
                    let got = outcome_after(&board, point(), stone_of(op["stone"].as_str().unwrap()));
                    checked += 1;
                    if got != op["expected"].as_str().unwrap() {
                        failures.push(format!("{name}: outcome after {}{} is {got}", op["col"], op["row"]));
                    }
                }
                other => panic!("unknown op {other}"),
            }
        }
    }
    assert!(failures.is_empty(), "{} of {checked} failed:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(checked, 65);
}

/// Plays alternating stones: black on `black`, white on `white` (white's first), ending with
/// black's last stone.
fn game_with(rules: RuleSet, black: &[(usize, usize)], white: &[(usize, usize)]) -> Gomoku {
    let mut game = Gomoku::new(&Config { rules });
    for (i, &(x, y)) in black.iter().enumerate() {
        game.play(Move::Place(point_at(x, y))).unwrap_or_else(|e| panic!("black {x},{y}: {e:?}"));
        if let Some(&(wx, wy)) = white.get(i).filter(|_| i + 1 < black.len()) {
            game.play(Move::Place(point_at(wx, wy))).unwrap_or_else(|e| panic!("white {wx},{wy}: {e:?}"));
        }
    }
    game
}

/// White stones out of the way, far from black's lines.
const ASIDE: [(usize, usize); 6] = [(7, 7), (9, 7), (11, 7), (7, 9), (9, 9), (11, 9)];

#[test]
fn five_wins_in_every_direction_at_edges_and_corners() {
    let lines: [[(usize, usize); 5]; 4] = [
        [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], // across the top edge from a corner
        [(14, 10), (14, 11), (14, 12), (14, 13), (14, 14)], // down the right edge to a corner
        [(10, 10), (11, 11), (12, 12), (13, 13), (14, 14)], // a diagonal into a corner
        [(0, 14), (1, 13), (2, 12), (3, 11), (4, 10)], // the other diagonal from a corner
    ];
    for rules in [RuleSet::Freestyle, RuleSet::Standard, RuleSet::Renju] {
        for line in &lines {
            let game = game_with(rules, line, &ASIDE);
            assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)), "{rules:?} {line:?}");
            let mut lit: Vec<u8> = line.iter().map(|&(x, y)| point_at(x, y)).collect();
            lit.sort();
            let mut got = game.winning_line().to_vec();
            got.sort();
            assert_eq!(got, lit);
            assert!(game.legal_moves().is_empty());
        }
    }
}

#[test]
fn an_overline_wins_only_in_freestyle() {
    // Black fills (0,0)-(2,0) and (4,0)-(5,0), then joins them at (3,0): six in a row.
    let black = [(0, 0), (1, 0), (2, 0), (4, 0), (5, 0), (3, 0)];
    let game = game_with(RuleSet::Freestyle, &black, &ASIDE);
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    let game = game_with(RuleSet::Standard, &black, &ASIDE);
    assert_eq!(game.outcome(), None, "standard: six does not win, play goes on");
    // Renju: the joining point is forbidden to black.
    let mut game = game_with(RuleSet::Renju, &black[..5], &ASIDE);
    game.play(Move::Place(point_at(10, 10))).unwrap(); // white
    assert!(game.is_forbidden(point_at(3, 0)));
    let before = game.clone();
    assert_eq!(game.play(Move::Place(point_at(3, 0))), Err(Illegal::Forbidden));
    assert_eq!(game, before);
    assert!(!game.legal_moves().contains(&Move::Place(point_at(3, 0))));
}

#[test]
fn white_wins_with_an_overline_under_renju() {
    let mut game = Gomoku::new(&Config { rules: RuleSet::Renju });
    let white = [(0, 5), (1, 5), (2, 5), (4, 5), (5, 5), (3, 5)];
    let black = [(0, 9), (2, 9), (4, 9), (6, 9), (8, 9), (10, 9)];
    for (b, w) in black.iter().zip(white) {
        game.play(Move::Place(point_at(b.0, b.1))).unwrap();
        game.play(Move::Place(point_at(w.0, w.1))).unwrap();
    }
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::Second)));
}

#[test]
fn occupied_and_off_board_points_are_refused() {
    let mut game = Gomoku::new(&Config::default());
    game.play(Move::Place(0)).unwrap();
    assert_eq!(game.play(Move::Place(0)), Err(Illegal::Occupied));
    assert_eq!(game.play(Move::Place(225)), Err(Illegal::OffBoard));
    assert_eq!(game.notation(&Move::Place(point_at(7, 7))), "h8");
}

#[test]
fn a_set_up_position_is_validated_and_gets_its_outcome() {
    use board_suite::rules::SetupError;
    let mut board: Board = [None; SIZE * SIZE];
    for x in 0..5 {
        board[usize::from(point_at(x, 0))] = Some(Player::First);
    }
    let game = Gomoku::from_setup(Config::default(), board, Player::Second).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.winning_line().len(), 5);
    for x in 0..5 {
        board[usize::from(point_at(x, 2))] = Some(Player::Second);
    }
    assert_eq!(Gomoku::from_setup(Config::default(), board, Player::First), Err(SetupError::BothWon));
}

impl Conformant for Gomoku {
    fn conformance() -> Conformance<Self> {
        Conformance {
            configs: [RuleSet::Freestyle, RuleSet::Standard, RuleSet::Renju]
                .map(|rules| Config { rules })
                .to_vec(),
            candidates: |_| (0..=226).chain([u8::MAX]).map(Move::Place).collect(),
            playouts: 30,
            max_plies: 225,
        }
    }
}
