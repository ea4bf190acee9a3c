//! Checkers rules: move generation against published perft counts, and each rule from
//! positions written as text.

use crate::harness::{Conformance, Conformant};
use board_suite::rules::checkers::{
    Checkers, Config, Move, Piece, QUIET_LIMIT, Square, jumped_square, last_move, parse_pdn, pdn, perft,
    square_at,
};
use board_suite::rules::{Game, History, Illegal, Outcome, Player};

/// Perft from the start (Bik; Fierz; OEIS A133046): two capture paths that end on the same
/// square taking the same pieces count as two moves.
#[test]
fn perft_from_the_start_matches_the_published_counts() {
    const COUNTS: [u64; 10] = [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564];
    let start = Checkers::new(&Config::default());
    for (depth, expected) in (1..).zip(COUNTS) {
        assert_eq!(perft(&start, depth), expected, "depth {depth}");
    }
}

/// A position from a picture, top row first: `b`/`r` black and red men, `B`/`R` kings, `.`
/// an empty square. Pieces stand only on dark squares (`x + y` odd).
fn board(picture: &str) -> [Option<Piece>; 32] {
    let rows: Vec<&str> = picture.split_whitespace().collect();
    assert_eq!(rows.len(), 8);
    let mut board = [None; 32];
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let Some(square) = square_at(x, y) else {
                assert_eq!(c, '.', "a piece on a light square at ({x}, {y})");
                continue;
            };
            let owner = if c.eq_ignore_ascii_case(&'b') { Player::First } else { Player::Second };
            if c != '.' {
                board[usize::from(square)] = Some(Piece { owner, king: c.is_ascii_uppercase() });
            }
        }
    }
    board
}

fn setup(picture: &str, to_move: Player) -> Checkers {
    Checkers::from_setup(Config::default(), board(picture), to_move, 0).expect("a valid setup")
}

/// The leg between two board positions.
fn leg(from: (usize, usize), to: (usize, usize)) -> Move {
    Move { from: square_at(from.0, from.1).unwrap(), to: square_at(to.0, to.1).unwrap() }
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_key(|m| (m.from, m.to));
    moves
}

fn refused(game: &Checkers, mv: Move) {
    let mut after = game.clone();
    assert!(after.play(mv).is_err(), "{mv:?} accepted");
    assert_eq!(&after, game);
}

#[test]
fn squares_are_numbered_from_blacks_back_row() {
    assert_eq!(square_at(1, 0), Some(0), "square 1 is the top-left dark square");
    assert_eq!(square_at(7, 0), Some(3));
    assert_eq!(square_at(0, 1), Some(4));
    assert_eq!(square_at(6, 7), Some(31));
    assert_eq!(square_at(0, 0), None, "a light square");
    let start = Checkers::new(&Config::default());
    assert_eq!(start.piece(0), Some(Piece { owner: Player::First, king: false }));
    assert_eq!(start.piece(31), Some(Piece { owner: Player::Second, king: false }));
    assert_eq!(start.to_move(), Player::First, "black moves first");
}

#[test]
fn men_move_forward_only() {
    let black =
        setup("........ ........ ...b.... ........ ........ ........ ........ r.......", Player::First);
    assert_eq!(black.legal_moves(), sorted(vec![leg((3, 2), (2, 3)), leg((3, 2), (4, 3))]));
    let red =
        setup(".......b ........ ........ ........ ........ ....r... ........ ........", Player::Second);
    assert_eq!(red.legal_moves(), sorted(vec![leg((4, 5), (3, 4)), leg((4, 5), (5, 4))]));
}

#[test]
fn kings_move_both_ways_one_square() {
    let game =
        setup("........ ........ ...B.... ........ ........ ........ ........ r.......", Player::First);
    let expected = vec![leg((3, 2), (2, 1)), leg((3, 2), (4, 1)), leg((3, 2), (2, 3)), leg((3, 2), (4, 3))];
    assert_eq!(sorted(game.legal_moves()), sorted(expected));
    refused(&game, leg((3, 2), (5, 4)));
}

#[test]
fn capture_is_compulsory_unless_the_setting_is_off() {
    let picture = "........ ........ ...b.... ....r... ........ b....... ........ ........";
    let game = setup(picture, Player::First);
    assert_eq!(game.legal_moves(), [leg((3, 2), (5, 4))]);
    refused(&game, leg((0, 5), (1, 6)));
    let optional =
        Checkers::from_setup(Config { compulsory_capture: false }, board(picture), Player::First, 0)
            .expect("a valid setup");
    assert!(optional.legal_moves().contains(&leg((0, 5), (1, 6))));
    assert!(optional.legal_moves().contains(&leg((3, 2), (5, 4))));
}

#[test]
fn men_capture_forward_only() {
    // The red man behind the black man cannot be taken by it.
    let game =
        setup("........ ....r... ...b.... ........ ........ ........ ........ ......r.", Player::First);
    assert_eq!(sorted(game.legal_moves()), sorted(vec![leg((3, 2), (2, 3)), leg((3, 2), (4, 3))]));
    // A king takes backwards.
    let game =
        setup("........ ....r... ...B.... ........ ........ ........ ........ ......r.", Player::First);
    assert_eq!(game.legal_moves(), [leg((3, 2), (5, 0))]);
}

#[test]
fn a_multi_jump_branches_and_must_be_completed() {
    let picture = "........ ........ ...b.... ....r... ........ ....r.r. ........ b.......";
    let mut game = setup(picture, Player::First);
    game.play(leg((3, 2), (5, 4))).unwrap();
    assert_eq!(game.to_move(), Player::First, "the jump goes on");
    assert_eq!(game.jumping(), square_at(5, 4));
    assert_eq!(sorted(game.legal_moves()), sorted(vec![leg((5, 4), (3, 6)), leg((5, 4), (7, 6))]));
    refused(&game, leg((0, 7), (1, 6)));
    let mut left = game.clone();
    left.play(leg((5, 4), (3, 6))).unwrap();
    assert_eq!(left.to_move(), Player::Second);
    assert!(left.piece(square_at(4, 3).unwrap()).is_none() && left.piece(square_at(4, 5).unwrap()).is_none());
    assert!(left.piece(square_at(6, 5).unwrap()).is_some());
    game.play(leg((5, 4), (7, 6))).unwrap();
    assert_eq!(game.to_move(), Player::Second);
}

#[test]
fn with_captures_optional_a_multi_jump_may_stop_early() {
    let picture = "........ ........ ...b.... ....r... ........ ....r.r. ........ b.......";
    let config = Config { compulsory_capture: false };
    let mut game = Checkers::from_setup(config, board(picture), Player::First, 0).expect("a valid setup");
    let at = square_at(5, 4).unwrap();
    refused(&game, Move::stop(square_at(3, 2).unwrap()));
    game.play(leg((3, 2), (5, 4))).unwrap();
    assert!(game.legal_moves().contains(&Move::stop(at)));
    refused(&game, Move::stop(square_at(0, 7).unwrap()));
    let mut history = History::starting_from(game.clone());
    history.play(Move::stop(at)).unwrap();
    let stopped = history.current();
    assert_eq!(stopped.to_move(), Player::Second, "the turn ends where the piece stands");
    assert!(stopped.piece(square_at(4, 3).unwrap()).is_none(), "the jumped piece leaves");
    assert!(stopped.piece(square_at(4, 5).unwrap()).is_some(), "the one not jumped stays");
    assert_eq!(stopped.quiet_plies(), 0, "the move captured");
    // Under WCDF rules the jump must go on.
    let mut compulsory = setup(picture, Player::First);
    compulsory.play(leg((3, 2), (5, 4))).unwrap();
    refused(&compulsory, Move::stop(at));
}

#[test]
fn no_piece_is_jumped_twice() {
    // A king round four red men comes back to its square and may not take the first again.
    let picture = "........ ........ ...r.r.. ..B..... ...r.r.. ........ ........ ........";
    let mut game = setup(picture, Player::First);
    for (from, to) in [((2, 3), (4, 1)), ((4, 1), (6, 3)), ((6, 3), (4, 5)), ((4, 5), (2, 3))] {
        assert_eq!(game.to_move(), Player::First);
        game.play(leg(from, to)).unwrap();
        if to != (2, 3) {
            assert!(game.is_jumped(square_at(3, 2).unwrap()), "jumped pieces stay until the turn ends");
        }
    }
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)), "all four taken, red has nothing left");
    assert!((0..32).all(|s| game.piece(s).is_none_or(|p| p.owner == Player::First)));
}

#[test]
fn crowning_ends_the_move() {
    // On the far row the new king could jump on over the red man beside it, but the move ends.
    let picture = "........ ........ ........ ........ .r...... ..b..... ...r.r.. ........";
    let mut game = setup(picture, Player::First);
    game.play(leg((2, 5), (4, 7))).unwrap();
    assert_eq!(game.piece(square_at(4, 7).unwrap()), Some(Piece { owner: Player::First, king: true }));
    assert_eq!(game.to_move(), Player::Second, "crowned: the turn is over");
    assert!(game.piece(square_at(5, 6).unwrap()).is_some());
}

#[test]
fn a_step_to_the_far_row_crowns() {
    let mut game =
        setup("........ r....... ........ ........ ........ ........ .b...... ........", Player::First);
    game.play(leg((1, 6), (0, 7))).unwrap();
    assert!(game.piece(square_at(0, 7).unwrap()).is_some_and(|p| p.king));
}

#[test]
fn a_player_who_cannot_move_loses() {
    // Red's only man is blocked: it can neither step nor jump.
    let picture = ".b...... ........ ........ ........ .....b.. ......b. .......r ........";
    let mut game = setup(picture, Player::First);
    game.play(leg((1, 0), (0, 1))).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    // And one with no pieces left.
    let mut game =
        setup("........ ........ ...b.... ....r... ........ ........ ........ ........", Player::First);
    game.play(leg((3, 2), (5, 4))).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(game.play(leg((5, 4), (6, 5))), Err(Illegal::GameOver));
}

#[test]
fn forty_moves_each_without_capture_or_man_move_draw() {
    let picture = ".B...... ........ ........ ........ ........ ........ ........ ......R.";
    let mut game = Checkers::from_setup(Config::default(), board(picture), Player::First, QUIET_LIMIT - 2)
        .expect("a valid setup");
    game.play(leg((1, 0), (2, 1))).unwrap();
    assert_eq!(game.outcome(), None);
    game.play(leg((6, 7), (5, 6))).unwrap();
    assert_eq!(game.quiet_plies(), QUIET_LIMIT);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    // A man's move resets the count.
    let picture = ".B...... ........ ........ ........ ........ ........ .r...... ........";
    let mut game = Checkers::from_setup(Config::default(), board(picture), Player::Second, QUIET_LIMIT - 1)
        .expect("a valid setup");
    game.play(leg((1, 6), (2, 5))).unwrap();
    assert_eq!((game.outcome(), game.quiet_plies()), (None, 0));
}

#[test]
fn the_third_repetition_draws() {
    let picture = ".B...... ........ ........ ........ ........ ........ ........ ......R.";
    // Positions keep no history: the game's history counts repetitions.
    let mut history = History::starting_from(setup(picture, Player::First));
    let round = [leg((1, 0), (2, 1)), leg((6, 7), (5, 6)), leg((2, 1), (1, 0)), leg((5, 6), (6, 7))];
    for mv in round {
        history.play(mv).unwrap();
    }
    assert_eq!(history.outcome(), None);
    for mv in round {
        history.play(mv).unwrap();
    }
    assert_eq!(history.outcome(), Some(Outcome::Draw));
    assert_eq!(history.current().outcome(), None, "the position alone does not know");
}

#[test]
fn pdn_round_trips() {
    assert_eq!(pdn(&[10, 14], false), "11-15");
    assert_eq!(pdn(&[21, 14], true), "22x15");
    assert_eq!(pdn(&[10, 17, 24], true), "11x18x25");
    for text in ["11-15", "22x15", "11x18x25", "1-5", "32x23"] {
        let (squares, capture): (Vec<Square>, bool) = parse_pdn(text).unwrap();
        assert_eq!(pdn(&squares, capture), text);
    }
    for bad in ["", "11", "0-4", "33-29", "11-15-19", "a-b", "11x", "11--15"] {
        assert_eq!(parse_pdn(bad), None, "{bad:?}");
    }
    let start = Checkers::new(&Config::default());
    assert_eq!(start.notation(&Move { from: 10, to: 14 }), "11-15");
}

#[test]
fn every_move_of_random_games_reads_back_from_its_pdn() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    for seed in 0..20 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut history = History::<Checkers>::new(&Config::default());
        while history.outcome().is_none() && history.ply() < 300 {
            let moves = history.current().legal_moves();
            history.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        for (before, legs) in history.turns() {
            let text = before.turn_notation(legs);
            let (squares, capture) = parse_pdn(&text).unwrap_or_else(|| panic!("{text:?} does not parse"));
            let read: Vec<Move> = squares.windows(2).map(|w| Move { from: w[0], to: w[1] }).collect();
            assert_eq!(read, legs, "{text}");
            assert_eq!(capture, jumped_square(legs[0]).is_some(), "{text}");
        }
    }
}

#[test]
fn undo_and_redo_take_a_multi_jump_whole() {
    let picture = "........ ........ ...b.... ....r... ........ ....r.r. ........ b.......";
    let start = setup(picture, Player::First);
    let mut history = History::starting_from(start.clone());
    history.play(leg((3, 2), (5, 4))).unwrap();
    history.play(leg((5, 4), (7, 6))).unwrap();
    let after = history.current().clone();
    assert!(history.undo());
    assert_eq!(history.current(), &start, "both legs are taken back");
    assert!(history.redo());
    assert_eq!(history.current(), &after, "both legs are replayed");
}

#[test]
fn the_move_list_joins_a_multi_jump_in_pdn() {
    let picture = "........ ........ ...b.... ....r... ........ ....r.r. ........ b.......";
    let mut history = History::starting_from(setup(picture, Player::First));
    for mv in [leg((3, 2), (5, 4)), leg((5, 4), (7, 6)), leg((4, 5), (3, 4))] {
        history.play(mv).unwrap();
    }
    let turns: Vec<String> =
        history.turns().iter().map(|(before, legs)| before.turn_notation(legs)).collect();
    assert_eq!(turns, ["10x19x28", "23-18"]);
    let legs = history.move_list();
    assert_eq!(last_move(legs), &legs[2..], "the last move read from the legs alone");
    assert_eq!(last_move(&legs[..2]), &legs[..2]);
    assert_eq!(last_move(&[]), &[]);
}

#[test]
fn a_multi_jump_stopped_early_is_one_move_in_pdn() {
    let picture = "........ ........ ...b.... ....r... ........ ....r.r. ........ b.......";
    let config = Config { compulsory_capture: false };
    let mut history = History::starting_from(
        Checkers::from_setup(config, board(picture), Player::First, 0).expect("a valid setup"),
    );
    for mv in [leg((3, 2), (5, 4)), Move::stop(square_at(5, 4).unwrap()), leg((4, 5), (3, 4))] {
        history.play(mv).unwrap();
    }
    let turns: Vec<String> =
        history.turns().iter().map(|(before, legs)| before.turn_notation(legs)).collect();
    assert_eq!(turns, ["10x19", "23-18"]);
    let legs = &history.move_list()[..2];
    assert_eq!(last_move(legs), legs, "the stop belongs to the jump before it");
}

/// Perft beyond the tested depths, as a benchmark of move generation (the bitboards, the last
/// depth counted in bulk):
/// `cargo test --test suite checkers::perft_benchmark -- --ignored --nocapture` (the test profile is
/// optimised for speed; `--release` would measure the page's size-optimised build instead).
#[test]
#[ignore]
fn perft_benchmark() {
    let start = Checkers::new(&Config::default());
    for depth in 11..=12 {
        let clock = std::time::Instant::now();
        let nodes = perft(&start, depth);
        let seconds = clock.elapsed().as_secs_f64();
        println!("perft({depth}) = {nodes} in {seconds:.2} s, {:.1} M nodes/s", nodes as f64 / seconds / 1e6);
    }
}

/// Finds the browser tests' positions in seeded random games and prints them as saves
/// (`tests/browser/fixtures/checkers-*.json`): black to move with a double jump, and black to
/// move with a man one step from crowning and no capture.
/// `cargo test --test suite checkers::browser_fixtures -- --ignored --nocapture`
#[test]
#[ignore]
fn browser_fixtures() {
    use board_suite::save;
    let mut state: u64 = 7;
    let mut random = move |n: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as usize % n
    };
    let double_jump = |game: &Checkers| {
        game.legal_moves().into_iter().find(|&mv| {
            let mut after = game.clone();
            after.play(mv).is_ok() && after.mid_move()
        })
    };
    let crowning = |game: &Checkers| {
        game.legal_moves().into_iter().find(|&mv| {
            let (_, y) = board_suite::rules::checkers::coordinates(mv.to);
            board_suite::rules::checkers::jumped_square(mv).is_none()
                && y == 7
                && game.piece(mv.from).is_some_and(|p| !p.king)
        })
    };
    let (mut found_jump, mut found_crown) = (false, false);
    while !(found_jump && found_crown) {
        let mut history = History::<Checkers>::new(&Config::default());
        while history.outcome().is_none() && history.ply() < 120 {
            let game = history.current().clone();
            if game.to_move() == Player::First && !game.mid_move() {
                if let (false, Some(mv)) = (found_jump, double_jump(&game)) {
                    found_jump = true;
                    println!("double jump {mv:?}: {}", save::encode(&history, &[], 0));
                }
                if let (false, Some(mv)) = (found_crown, crowning(&game)) {
                    found_crown = true;
                    println!("crowning {mv:?}: {}", save::encode(&history, &[], 0));
                }
            }
            let moves = game.legal_moves();
            history.play(moves[random(moves.len())]).unwrap();
        }
    }
}

#[test]
fn a_set_up_position_is_validated() {
    use board_suite::rules::SetupError;
    let thirteen = board(".b.b.b.b b.b.b.b. .b.b.b.b b....... ........ ........ ........ ......r.");
    assert_eq!(
        Checkers::from_setup(Config::default(), thirteen, Player::First, 0).err(),
        Some(SetupError::TooManyPieces)
    );
}

impl Conformant for Checkers {
    fn conformance() -> Conformance<Self> {
        Conformance {
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
    }
}
