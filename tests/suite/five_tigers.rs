//! Five Tigers rules, each from positions written as text.

use crate::harness::{Conformance, Conformant};

use board_suite::rules::five_tigers::{
    Config, FiveTigers, Move, Phase, Preset, QUIET_LIMIT, Shape, formations, point_at,
};
use board_suite::rules::{Game, History, Outcome, Player};

/// A board from five rows of five points, top row first: `b` black, `w` white, `.` empty.
fn board(text: &str) -> [Option<Player>; 25] {
    let rows: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(rows.len(), 5);
    let mut board = [None; 25];
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            board[usize::from(point_at(x, y))] = match c {
                'b' => Some(Player::First),
                'w' => Some(Player::Second),
                _ => None,
            };
        }
    }
    board
}

fn placing(text: &str, to_move: Player, owed: u32, preset: Preset) -> FiveTigers {
    FiveTigers::from_setup(Config { preset }, board(text), to_move, Phase::Place { owed })
        .expect("a valid setup")
}

fn moving(text: &str, to_move: Player) -> FiveTigers {
    FiveTigers::from_setup(Config::default(), board(text), to_move, Phase::Move { captures: 0 })
        .expect("a valid setup")
}

fn play(game: &mut FiveTigers, mv: Move) {
    assert_eq!(game.play(mv), Ok(()), "{mv:?}");
}

fn at(x: usize, y: usize) -> u8 {
    point_at(x, y)
}

#[test]
fn the_board_has_36_formations() {
    let all = formations();
    let count = |shape| all.iter().filter(|f| f.shape == shape).count();
    assert_eq!(count(Shape::Square), 16);
    assert_eq!(count(Shape::Diagonal3), 4);
    assert_eq!(count(Shape::Diagonal4), 4);
    assert_eq!(count(Shape::Diagonal5), 2);
    assert_eq!(count(Shape::Line), 10);
    assert_eq!(all.len(), 36);
}

#[test]
fn every_formation_earns_its_value_wherever_it_stands() {
    let values = Preset::Seed.values();
    for formation in formations() {
        // Black holds all but the last point of the formation and places it.
        let mut setup = [None; 25];
        let (last, rest) = formation.points.split_last().unwrap();
        for &p in rest {
            setup[usize::from(p)] = Some(Player::First);
        }
        let mut game =
            FiveTigers::from_setup(Config::default(), setup, Player::First, Phase::Place { owed: 1 })
                .expect("a valid setup");
        play(&mut game, Move::Place(*last));
        assert_eq!(game.formed_by(&Move::Place(*last)), std::slice::from_ref(&formation), "{formation:?}");
        assert_eq!(game.phase(), Phase::Place { owed: values.of(formation.shape) }, "{formation:?}");
        assert_eq!(game.to_move(), Player::First, "extra placements: the same player goes on");
    }
}

#[test]
fn a_corner_diagonal_of_two_does_not_count() {
    let mut game = placing(".b... ..... ..... ..... .....", Player::First, 1, Preset::Seed);
    play(&mut game, Move::Place(at(0, 1)));
    assert!(game.formed_by(&Move::Place(at(0, 1))).is_empty());
    assert_eq!(game.to_move(), Player::Second);
}

#[test]
fn formations_made_at_once_add_up() {
    // The last point of row one also completes a square: 2 + 1.
    let mut game = placing("bbbb. ...bb ..... ..... .....", Player::First, 1, Preset::Seed);
    play(&mut game, Move::Place(at(4, 0)));
    assert_eq!(game.formed_by(&Move::Place(at(4, 0))).len(), 2);
    assert_eq!(game.phase(), Phase::Place { owed: 3 });
}

#[test]
fn extra_placements_carry_over() {
    // The example: 五斜 earns 3; a square made with the first of them earns 1 more,
    // so 2 + 1 = 3 remain.
    let mut game = placing("bb... .b... ..b.. ...b. .....", Player::First, 1, Preset::Seed);
    play(&mut game, Move::Place(at(4, 4)));
    assert_eq!(game.phase(), Phase::Place { owed: 3 });
    play(&mut game, Move::Place(at(0, 1)));
    assert_eq!(game.formed_by(&Move::Place(at(0, 1))).len(), 1);
    assert_eq!(game.phase(), Phase::Place { owed: 3 });
    play(&mut game, Move::Place(at(4, 0)));
    assert_eq!(game.phase(), Phase::Place { owed: 2 });
}

#[test]
fn a_placement_and_the_placements_it_earns_are_one_turn() {
    let start = placing("bb... b.... ..... ..... .....", Player::First, 1, Preset::Seed);
    let mut history = History::starting_from(start.clone());
    history.play(Move::Place(at(1, 1))).unwrap();
    assert!(history.current().mid_move(), "the square earns a placement: the turn goes on");
    history.play(Move::Place(at(4, 4))).unwrap();
    assert!(!history.current().mid_move());
    assert_eq!(history.current().to_move(), Player::Second);
    let turns = history.turns();
    assert_eq!(turns.len(), 1);
    assert_eq!(turns[0].0.turn_notation(turns[0].1), "b4 e1");
    assert!(history.undo());
    assert_eq!(history.current(), &start, "undo takes back the whole turn");
    assert!(history.redo());
    assert_eq!(history.ply(), 2);
}

#[test]
fn a_step_and_its_captures_are_one_turn() {
    let start = moving("bb... .b... b.... ...ww ..www", Player::First);
    let mut history = History::starting_from(start.clone());
    history.play(Move::Step { from: at(0, 2), to: at(0, 1) }).unwrap();
    assert!(history.current().mid_move(), "the square earns a capture: the turn goes on");
    history.play(Move::Remove(at(4, 4))).unwrap();
    assert!(!history.current().mid_move());
    let turns = history.turns();
    assert_eq!(turns.len(), 1, "the step and the capture it earned");
    assert_eq!(turns[0].0.turn_notation(turns[0].1), "a3-a4 xe1");
    assert!(history.undo());
    assert_eq!(history.current(), &start);
}

#[test]
fn a_full_board_ends_placing_and_lapses_extras() {
    // One point left; black fills it with extras pending.
    let mut game = placing("bwbwb wbwbw bwbwb wbwbw bwbw.", Player::First, 3, Preset::Seed);
    play(&mut game, Move::Place(at(4, 4)));
    assert_eq!(game.phase(), Phase::Remove { left: 2, first: Player::Second });
    assert_eq!(game.to_move(), Player::Second, "the second player removes first");
}

#[test]
fn the_removal_round_then_moving() {
    let mut game = placing("bwbwb wbwbw bwbwb wbwbw bwbw.", Player::First, 1, Preset::Seed);
    play(&mut game, Move::Place(at(4, 4)));
    assert!(
        game.legal_moves()
            .iter()
            .all(|m| matches!(m, Move::Remove(p) if game.stone(*p) == Some(Player::First)))
    );
    play(&mut game, Move::Remove(at(0, 0)));
    assert_eq!(game.to_move(), Player::First);
    play(&mut game, Move::Remove(at(1, 0)));
    assert_eq!(game.phase(), Phase::Move { captures: 0 });
    assert_eq!(game.to_move(), Player::Second, "the first remover moves first");
}

#[test]
fn captures_are_chosen_one_by_one_before_the_turn_passes() {
    // Black steps into a square (1 capture) with white keeping more than three stones.
    let mut game = moving("bb... .b... b.... ...ww ..www", Player::First);
    play(&mut game, Move::Step { from: at(0, 2), to: at(0, 1) });
    assert_eq!(game.phase(), Phase::Move { captures: 1 });
    assert_eq!(game.to_move(), Player::First);
    assert!(
        game.legal_moves()
            .iter()
            .all(|m| matches!(m, Move::Remove(p) if game.stone(*p) == Some(Player::Second)))
    );
    play(&mut game, Move::Remove(at(4, 4)));
    assert_eq!(game.to_move(), Player::Second);
    assert_eq!(game.phase(), Phase::Move { captures: 0 });
}

#[test]
fn more_captures_than_the_opponent_can_lose_end_the_game() {
    // Shandong: a row is worth 4, white has 3 stones: the first capture leaves two, and white loses.
    let config = Config { preset: Preset::Shandong };
    let mut game = FiveTigers::from_setup(
        config,
        board("bbbb. ....b ..... ..... w.w.w"),
        Player::First,
        Phase::Move { captures: 0 },
    )
    .expect("a valid setup");
    play(&mut game, Move::Step { from: at(4, 1), to: at(4, 0) });
    assert_eq!(game.phase(), Phase::Move { captures: 4 });
    play(&mut game, Move::Remove(at(0, 4)));
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn a_blocked_player_starts_a_removal_round_then_moves() {
    // Black's step closes the last way out for white's stones on the top row; the one in the
    // far corner is shut in already.
    let mut game = moving("www.. bbbb. ..... ....b ...bw", Player::First);
    play(&mut game, Move::Step { from: at(3, 1), to: at(3, 0) });
    assert_eq!(game.phase(), Phase::Remove { left: 2, first: Player::Second });
    assert_eq!(game.to_move(), Player::Second, "the blocked player removes first");
    play(&mut game, Move::Remove(at(1, 1)));
    play(&mut game, Move::Remove(at(4, 4)));
    assert_eq!((game.to_move(), game.phase()), (Player::Second, Phase::Move { captures: 0 }));
    assert!(game.legal_moves().contains(&Move::Step { from: at(1, 0), to: at(1, 1) }));
}

#[test]
fn fewer_than_three_stones_lose() {
    let mut game = FiveTigers::from_setup(
        Config::default(),
        board("bbb.. ..... ..... ..... ww..w"),
        Player::First,
        Phase::Remove { left: 1, first: Player::Second },
    )
    .expect("a valid setup");
    play(&mut game, Move::Remove(at(4, 4)));
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn each_preset_values_the_five_diagonal() {
    for (preset, owed) in [(Preset::Seed, 3), (Preset::Northeast, 1), (Preset::Shandong, 5)] {
        let mut game = placing("b.... .b... ..b.. ...b. .....", Player::First, 1, preset);
        play(&mut game, Move::Place(at(4, 4)));
        assert_eq!(game.phase(), Phase::Place { owed }, "{preset:?}");
    }
    let shandong = Preset::Shandong.values();
    assert_eq!(
        [shandong.square, shandong.diagonal3, shandong.diagonal4, shandong.diagonal5, shandong.line],
        [1, 2, 3, 5, 4]
    );
}

#[test]
fn fifty_moves_each_without_a_capture_draw() {
    let mut game = moving("b.b.b ..... ..... ..... w.w.w", Player::First);
    let shuffle = [
        Move::Step { from: at(0, 0), to: at(0, 1) },
        Move::Step { from: at(0, 4), to: at(0, 3) },
        Move::Step { from: at(0, 1), to: at(0, 0) },
        Move::Step { from: at(0, 3), to: at(0, 4) },
    ];
    for ply in 0..QUIET_LIMIT {
        assert_eq!(game.outcome(), None, "ply {ply}");
        play(&mut game, shuffle[ply as usize % 4]);
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

/// Finds a game in the moving phase where the player to move can step into a square, and
/// prints it as a save with that step: the browser test's fixture.
/// `cargo test --test suite five_tigers::capture_fixture -- --ignored --nocapture`
#[test]
#[ignore]
fn capture_fixture() {
    use board_suite::rules::History;
    use board_suite::save;
    let mut state: u64 = 1;
    let mut random = move |n: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as usize % n
    };
    loop {
        let mut history = History::<FiveTigers>::new(&Config::default());
        while history.outcome().is_none() && history.ply() < 200 {
            let game = history.current();
            let moves = game.legal_moves();
            if game.phase() == (Phase::Move { captures: 0 }) {
                let capturing = moves.iter().find(|&&mv| {
                    let mut after = game.clone();
                    after.play(mv).is_ok() && after.formed_by(&mv).iter().any(|f| f.shape == Shape::Square)
                });
                if let Some(mv) = capturing {
                    println!("{mv:?} by {:?}", game.to_move());
                    println!("{}", save::encode(&history, &[], 0));
                    return;
                }
            }
            history.play(moves[random(moves.len())]).unwrap();
        }
    }
}

#[test]
fn a_set_up_position_is_validated_and_gets_its_outcome() {
    use board_suite::rules::SetupError;
    let empty = board("..... ..... ..... ..... .....");
    let phase = |phase| FiveTigers::from_setup(Config::default(), empty, Player::First, phase).err();
    assert_eq!(phase(Phase::Place { owed: 0 }), Some(SetupError::BadPhase));
    assert_eq!(phase(Phase::Remove { left: 0, first: Player::First }), Some(SetupError::BadPhase));
    let full = board("bbbbb bbbbb bbwww wwwww wwwww");
    assert_eq!(
        FiveTigers::from_setup(Config::default(), full, Player::First, Phase::Place { owed: 1 }).err(),
        Some(SetupError::BadPhase)
    );
    // Moving with two stones left: that player has lost.
    assert_eq!(
        moving("bb... ..... ..... ..www .....", Player::First).outcome(),
        Some(Outcome::Win(Player::Second))
    );
}

impl Conformant for FiveTigers {
    fn conformance() -> Conformance<Self> {
        Conformance {
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
                moves.extend([
                    Move::Place(u8::MAX),
                    Move::Remove(u8::MAX),
                    Move::Step { from: 24, to: u8::MAX },
                ]);
                moves
            },
            playouts: 100,
            max_plies: 3000,
        }
    }
}
