//! Every game through the one conformance harness.

mod harness;

use board_suite::rules::connect_four::{ConnectFour, Move};
use harness::Conformance;

#[test]
fn connect_four() {
    Conformance::<ConnectFour> {
        configs: vec![()],
        candidates: |_| (0..=9).chain([u8::MAX]).map(Move::Drop).collect(),
        playouts: 2000,
        max_plies: 42,
    }
    .run();
}

#[test]
fn dark_chess() {
    use board_suite::rules::dark_chess::{Config, DarkChess, Move};
    let with = |seed, chain_capture, chariot_rush, blind_capture| Config {
        seed,
        chain_capture,
        chariot_rush,
        blind_capture,
        ..Config::default()
    };
    Conformance::<DarkChess> {
        configs: vec![
            with(1, false, false, false),
            with(2, true, false, false),
            with(3, false, true, false),
            with(4, false, false, true),
            with(5, true, true, true),
        ],
        // Every flip, every move along a row or column, and some off the board.
        candidates: |_| {
            let mut moves: Vec<Move> = (0..=33).map(Move::Flip).collect();
            for from in 0..32u8 {
                for to in 0..34u8 {
                    if from != to && (from % 8 == to % 8 || from / 8 == to / 8) {
                        moves.push(Move::Go { from, to });
                    }
                }
            }
            moves.push(Move::EndChain);
            // The far end of the number range: named and refused without overflowing.
            moves.extend([
                Move::Flip(u8::MAX),
                Move::Go { from: u8::MAX, to: 0 },
                Move::Go { from: 0, to: u8::MAX },
            ]);
            moves
        },
        // Games run to hundreds of plies and every ply replays the save: fewer, longer games.
        playouts: 24,
        max_plies: 5000,
    }
    .run();
}

#[test]
fn checkers() {
    use board_suite::rules::checkers::{Checkers, Config, Move};
    Conformance::<Checkers> {
        configs: vec![Config { compulsory_capture: true }, Config { compulsory_capture: false }],
        // Every leg of one or two diagonal squares, every stop, and some off the board.
        candidates: |_| {
            let mut moves = Vec::new();
            for from in 0..32u8 {
                for to in 0..34u8 {
                    let (fx, fy) = (from % 4, from / 4);
                    let (tx, ty) = (to % 4, to / 4);
                    if fy.abs_diff(ty) <= 2 && fx.abs_diff(tx) <= 1 {
                        moves.push(Move { from, to });
                    }
                }
            }
            // The far end of the number range: named and refused without overflowing.
            moves.extend([
                Move { from: u8::MAX, to: u8::MAX },
                Move { from: 31, to: u8::MAX },
                Move { from: u8::MAX, to: 0 },
            ]);
            moves
        },
        playouts: 60,
        max_plies: 5000,
    }
    .run();
}

#[test]
fn five_tigers() {
    use board_suite::rules::five_tigers::{Config, FiveTigers, Move, Preset};
    Conformance::<FiveTigers> {
        configs: Preset::ALL.into_iter().map(|preset| Config { preset }).collect(),
        // Every placement and removal, every step to a neighbouring point, some off the board.
        candidates: |_| {
            let mut moves: Vec<Move> = (0..27).flat_map(|p| [Move::Place(p), Move::Remove(p)]).collect();
            for from in 0..25u8 {
                for to in [from.wrapping_sub(5), from + 5, from.wrapping_sub(1), from + 1, from + 2] {
                    moves.push(Move::Step { from, to });
                }
            }
            // The far end of the number range: named and refused without overflowing.
            moves.extend([Move::Place(u8::MAX), Move::Remove(u8::MAX), Move::Step { from: 24, to: u8::MAX }]);
            moves
        },
        playouts: 100,
        max_plies: 3000,
    }
    .run();
}

#[test]
fn gomoku() {
    use board_suite::rules::gomoku::{Config, Gomoku, Move, RuleSet};
    Conformance::<Gomoku> {
        configs: [RuleSet::Freestyle, RuleSet::Standard, RuleSet::Renju]
            .map(|rules| Config { rules })
            .to_vec(),
        candidates: |_| (0..=226).chain([u8::MAX]).map(Move::Place).collect(),
        playouts: 30,
        max_plies: 225,
    }
    .run();
}
