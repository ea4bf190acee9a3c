//! Gomoku's engine: the VCF puzzles (each one's winning line replayed by the rules, then
//! solved by the top level), a win in one always taken, a four and an open three stopped,
//! renju's forbidden points never played by black, and the standard rule's exactly five.

use board_suite::engine::gomoku::Allowance;
use board_suite::engine::gomoku::board::{Board, cell_of, pattern, point_of};
use board_suite::engine::gomoku::threats::Threats;
use board_suite::engine::{Budget, Go, LEVELS, engine_for};
use board_suite::rules::gomoku::{Config, Gomoku, Move, RuleSet, point_name};
use board_suite::rules::{Game, Outcome, Player, parse_turn};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// One puzzle of `tests/data/gomoku/vcf.txt`.
struct Puzzle {
    rules: RuleSet,
    plies: usize,
    moves: Vec<String>,
    wins: Vec<String>,
    line: Vec<String>,
}

fn rules_named(name: &str) -> RuleSet {
    match name {
        "standard" => RuleSet::Standard,
        "renju" => RuleSet::Renju,
        _ => RuleSet::Freestyle,
    }
}

fn config_json(rules: RuleSet) -> String {
    serde_json::to_string(&Config { rules }).expect("a config")
}

fn puzzles() -> Vec<Puzzle> {
    let text = include_str!("../data/gomoku/vcf.txt");
    let list = |field: &str| field.split(',').filter(|s| !s.is_empty()).map(str::to_owned).collect();
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let field = |name: &str| {
                line.split_whitespace()
                    .find_map(|f| f.strip_prefix(&format!("{name}=")))
                    .unwrap_or_else(|| panic!("no {name} in {line}"))
            };
            Puzzle {
                rules: rules_named(field("rules")),
                plies: field("plies").parse().expect("plies"),
                moves: list(field("moves")),
                wins: list(field("wins")),
                line: list(field("line")),
            }
        })
        .collect()
}

fn game_after(rules: RuleSet, moves: &[String]) -> Gomoku {
    let mut game = Gomoku::new(&Config { rules });
    for text in moves {
        let legs = parse_turn(&game, text).unwrap_or_else(|_| panic!("{text} is not a move"));
        for leg in legs {
            game.play(leg).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        }
    }
    game
}

/// The points where the player to move would win at once, by the rules.
fn winning_points(game: &Gomoku) -> Vec<Move> {
    game.legal_moves()
        .into_iter()
        .filter(|&mv| {
            let mut after = game.clone();
            after.play(mv).is_ok() && after.outcome() == Some(Outcome::Win(game.to_move()))
        })
        .collect()
}

/// Whether the player to move has a five to make, by the rules (for the other player too,
/// with the move passed to them by a set-up position).
fn fives_for(game: &Gomoku, player: Player) -> usize {
    if game.to_move() == player {
        return winning_points(game).len();
    }
    // The opponent's fives: set the board up with the other player to move.
    let mut stones = [None; 225];
    for (point, stone) in stones.iter_mut().enumerate() {
        *stone = game.stone(point as u8);
    }
    let turned = Gomoku::from_setup(game.config().clone(), stones, player).expect("a position");
    winning_points(&turned).len()
}

#[test]
fn every_puzzle_line_is_a_vcf_by_the_rules() {
    let puzzles = puzzles();
    assert!(puzzles.len() >= 20, "{} puzzles", puzzles.len());
    for (index, puzzle) in puzzles.iter().enumerate() {
        let mut game = game_after(puzzle.rules, &puzzle.moves);
        let attacker = game.to_move();
        assert_eq!(puzzle.line.len(), puzzle.plies, "puzzle {index}");
        assert!(puzzle.wins.contains(&puzzle.line[0]), "puzzle {index}");
        assert_eq!(fives_for(&game, attacker), 0, "puzzle {index}: a win in one is no puzzle");
        for (ply, text) in puzzle.line.iter().enumerate() {
            let mv = game.parse_move(text).expect("a point");
            if ply % 2 == 1 {
                // The defender's move is forced: the one stop of the attacker's four.
                let threats = winning_points(&{
                    let mut stones = [None; 225];
                    for (point, stone) in stones.iter_mut().enumerate() {
                        *stone = game.stone(point as u8);
                    }
                    Gomoku::from_setup(game.config().clone(), stones, attacker).expect("a position")
                });
                let last = ply + 2 == puzzle.line.len();
                assert!(threats.contains(&mv), "puzzle {index}, ply {ply}: {text} stops nothing");
                assert!(
                    last || threats.len() == 1,
                    "puzzle {index}, ply {ply}: a four with two fives before the end"
                );
            } else if ply + 1 < puzzle.line.len() {
                // Where the defender's stop made a four of its own, the attacker's next four
                // stops it (the last move, a five, needs not).
                let defender = game.to_move().opponent();
                let mut stones = [None; 225];
                for (point, stone) in stones.iter_mut().enumerate() {
                    *stone = game.stone(point as u8);
                }
                let turned = Gomoku::from_setup(game.config().clone(), stones, defender).expect("a position");
                let defender_fives = winning_points(&turned);
                assert!(
                    defender_fives.is_empty() || defender_fives == [mv],
                    "puzzle {index}, ply {ply}: the defender's four is left standing"
                );
            }
            game.play(mv).unwrap_or_else(|e| panic!("puzzle {index}, ply {ply}: {text} {e:?}"));
            if ply % 2 == 0 && ply + 1 < puzzle.line.len() {
                assert!(fives_for(&game, attacker) >= 1, "puzzle {index}, ply {ply}: {text} is no four");
            }
        }
        assert_eq!(game.outcome(), Some(Outcome::Win(attacker)), "puzzle {index}");
    }
}

#[test]
fn the_top_level_solves_every_puzzle() {
    for (index, puzzle) in puzzles().iter().enumerate() {
        let mut engine = engine_for("gomoku", Some(&config_json(puzzle.rules))).expect("an engine");
        let said: Vec<&str> = puzzle.moves.iter().map(String::as_str).collect();
        engine.set_moves(&said).expect("legal moves");
        let go = Go { level: LEVELS, movetime: Some(20_000), depth: None, seed: 0 };
        let best = engine.go(&go, &|| 0.0, &|| false, &mut |_| {}).expect("a move").turn;
        assert!(
            puzzle.wins.contains(&best),
            "puzzle {index} ({} plies): {best} not in {:?}",
            puzzle.plies,
            puzzle.wins
        );
    }
}

/// A seeded random position near the centre: `black` and `white` stones, nobody's five yet.
fn random_position(rng: &mut SmallRng, rules: RuleSet, black: usize, white: usize) -> Option<Vec<String>> {
    let mut game = Gomoku::new(&Config { rules });
    let mut moves = Vec::new();
    for index in 0..black + white {
        let player_stones = if index % 2 == 0 { black } else { white };
        if index / 2 >= player_stones {
            return None;
        }
        let legal: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|&Move::Place(p)| {
                let (x, y) = board_suite::rules::gomoku::coordinates(p);
                (3..12).contains(&x) && (3..12).contains(&y)
            })
            .collect();
        let mv = legal[rng.random_range(0..legal.len())];
        game.play(mv).ok()?;
        if game.outcome().is_some() {
            return None;
        }
        moves.push(game.notation(&mv));
    }
    Some(moves)
}

/// Writes new puzzles: random positions whose shortest VCF (by the engine's own solver) has
/// each length, with its first moves and a line. Run by hand:
/// `cargo test --release --test suite -- --ignored engine_gomoku::write_puzzles --nocapture`.
#[test]
#[ignore]
fn write_puzzles() {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut found = [0usize; 8];
    let now = || 0.0;
    let stop = || false;
    // The threat search alone, unhurried.
    let untimed = Go { movetime: Some(u64::MAX), ..Go::default() };
    for _ in 0..200_000 {
        if found[..7].iter().all(|&n| n >= 4) {
            break;
        }
        let stones = rng.random_range(6..16);
        let Some(moves) = random_position(&mut rng, RuleSet::Freestyle, stones, stones) else { continue };
        let mut board = Board::new(RuleSet::Freestyle);
        for text in &moves {
            let game = Gomoku::new(&Config::default());
            let Ok(Move::Place(p)) = game.parse_move(text) else { unreachable!() };
            board.place(cell_of(p));
        }
        let me = board.to_move();
        if board.count_at_least(me, pattern::FIVE) > 0 || board.count_at_least(3 - me, pattern::FIVE) > 0 {
            continue;
        }
        let mut threats = Threats::default();
        // `k` fours, then an open four (or two fours at once): 2k + 3 plies.
        let shortest = (0..=6u8).find(|&k| {
            let mut budget = Allowance::new(2_000_000, Budget::new(&untimed, &now, &stop));
            threats.vcf(&mut board, k, &mut budget).is_some()
        });
        let Some(k) = shortest else { continue };
        if found[usize::from(k)] >= 4 {
            continue;
        }
        // Every first four that wins by fours at all (within the top level's twelve), and the
        // shortest line.
        let mut wins = Vec::new();
        for four in board.points_at_least(me, pattern::FOUR) {
            board.place(four);
            let fives = board.points_at_least(me, pattern::FIVE);
            let won = match fives[..] {
                [block] => {
                    board.place(block);
                    let mut budget = Allowance::new(20_000_000, Budget::new(&untimed, &now, &stop));
                    let won = threats.vcf(&mut board, 11, &mut budget).is_some();
                    board.undo();
                    won
                }
                _ => true,
            };
            board.undo();
            if won {
                wins.push(point_name(point_of(four)));
            }
        }
        let mut line = Vec::new();
        let mut left = k;
        loop {
            let mut budget = Allowance::new(2_000_000, Budget::new(&untimed, &now, &stop));
            let Some(four) = threats.vcf(&mut board, left, &mut budget) else { panic!("lost the line") };
            line.push(four);
            board.place(four);
            let fives = board.points_at_least(me, pattern::FIVE);
            if fives.len() != 1 {
                line.push(fives[0]);
                board.place(fives[0]);
                line.push(board.points_at_least(me, pattern::FIVE)[0]);
                break;
            }
            line.push(fives[0]);
            board.place(fives[0]);
            left = left.saturating_sub(1);
        }
        found[usize::from(k)] += 1;
        let names: Vec<String> = line.iter().map(|&c| point_name(point_of(c))).collect();
        println!(
            "rules=freestyle plies={} moves={} wins={} line={}",
            names.len(),
            moves.join(","),
            wins.join(","),
            names.join(",")
        );
    }
}

/// The top level's move after `moves` under `rules`.
fn best(rules: RuleSet, moves: &[&str], level: u8, seed: u64) -> String {
    let mut engine = engine_for("gomoku", Some(&config_json(rules))).expect("an engine");
    engine.set_moves(moves).expect("legal moves");
    let go = Go { level, movetime: Some(2_000), depth: None, seed };
    engine.go(&go, &|| 0.0, &|| false, &mut |_| {}).expect("a move").turn
}

#[test]
fn every_level_takes_a_five_and_stops_a_four() {
    for rules in [RuleSet::Freestyle, RuleSet::Standard, RuleSet::Renju] {
        for level in 1..=LEVELS {
            // Black has four in a row on rank 8 (g8 or l8 win); white has four on rank 10.
            let five = best(rules, &["h8", "h10", "i8", "i10", "j8", "j10", "k8", "k10"], level, 3);
            assert!(["g8", "l8"].contains(&five.as_str()), "{rules:?} level {level}: {five}");
            // White to move must stop black's four at l8 (g8 is white's already).
            let stop = best(rules, &["h8", "h10", "i8", "i10", "j8", "g8", "k8"], level, 3);
            assert_eq!(stop, "l8", "{rules:?} level {level}");
        }
    }
}

#[test]
fn every_level_stops_an_open_three() {
    for level in 1..=LEVELS {
        // Black's h8 i8 j8 is an open three; white (to move, with nothing of its own) must stop
        // it at one of its ends or answer with a four (it has none).
        let stop = best(RuleSet::Freestyle, &["h8", "c3", "i8", "c13", "j8"], level, 5);
        assert!(["g8", "k8", "f8", "l8"].contains(&stop.as_str()), "level {level}: {stop}");
    }
}

#[test]
fn renju_black_never_plays_a_forbidden_point() {
    let mut rng = SmallRng::seed_from_u64(14);
    let mut checked = 0;
    while checked < 40 {
        let stones = rng.random_range(5..14);
        let Some(moves) = random_position(&mut rng, RuleSet::Renju, stones, stones) else { continue };
        let game = game_after(RuleSet::Renju, &moves);
        let said: Vec<&str> = moves.iter().map(String::as_str).collect();
        let level = rng.random_range(1..=LEVELS);
        let chosen = best(RuleSet::Renju, &said, level, checked);
        let mv = game.parse_move(&chosen).expect("a point");
        assert!(game.is_legal(&mv), "{said:?}: level {level} played {chosen}");
        let Move::Place(point) = mv;
        assert!(!game.is_forbidden(point), "{said:?}: {chosen} is forbidden");
        checked += 1;
    }
}

#[test]
fn renju_black_avoids_the_forbidden_point_that_would_make_five_elsewhere() {
    // Black's stones make a double-three at i9 (forbidden); the engine must play elsewhere.
    let moves = ["h8", "a1", "h10", "a3", "j8", "a5", "j10", "a7"];
    let game = game_after(RuleSet::Renju, &moves.map(String::from));
    let Move::Place(point) = game.parse_move("i9").expect("a point");
    assert!(game.is_forbidden(point), "i9 should be a double-three");
    for level in 1..=LEVELS {
        let chosen = best(RuleSet::Renju, &moves, level, 2);
        assert_ne!(chosen, "i9", "level {level}");
    }
}

#[test]
fn standard_rules_an_overline_is_no_five() {
    // Black h8 i8 j8 l8 m8: k8 would make six, which wins in freestyle but not in standard.
    let moves = ["h8", "a1", "i8", "a3", "j8", "a5", "l8", "a7", "m8", "c14"];
    let freestyle = best(RuleSet::Freestyle, &moves, LEVELS, 0);
    assert_eq!(freestyle, "k8");
    let mut board = Board::new(RuleSet::Standard);
    let game = Gomoku::new(&Config::default());
    for text in moves {
        let Ok(Move::Place(p)) = game.parse_move(text) else { unreachable!() };
        board.place(cell_of(p));
    }
    let Ok(Move::Place(k8)) = game.parse_move("k8") else { unreachable!() };
    assert_ne!(board.level(1, cell_of(k8)), pattern::FIVE, "k8 is an overline");
    let standard = best(RuleSet::Standard, &moves, LEVELS, 0);
    assert_ne!(standard, "k8", "standard: an overline does not win");
}

#[test]
fn renju_white_wins_by_a_four_whose_stop_is_forbidden_to_black() {
    // Black's i9 would be a double-three (h8-j10 and h10-j8), so white's e9 makes a four that
    // black may not stop; anything slower loses to black's open three j8-j9-j10.
    let moves = ["h8", "f9", "j10", "g9", "h10", "h9", "j8", "a1", "d9", "a15", "j9"];
    let game = game_after(RuleSet::Renju, &moves.map(String::from));
    let Move::Place(i9) = game.parse_move("i9").expect("a point");
    let mut stones = [None; 225];
    for (point, stone) in stones.iter_mut().enumerate() {
        *stone = game.stone(point as u8);
    }
    let as_black = Gomoku::from_setup(game.config().clone(), stones, Player::First).expect("a position");
    assert!(as_black.is_forbidden(i9), "i9 should be forbidden to black");
    for level in 1..=LEVELS {
        assert_eq!(best(RuleSet::Renju, &moves, level, 4), "e9", "level {level}");
    }
}

#[test]
fn every_level_stops_a_split_three() {
    for level in 1..=LEVELS {
        // Black's h8 i8 k8 is a split open three: j8 (the gap) or g8, l8 stop it.
        let stop = best(RuleSet::Standard, &["h8", "c3", "i8", "c13", "k8"], level, 6);
        assert!(["g8", "j8", "l8"].contains(&stop.as_str()), "level {level}: {stop}");
    }
}
