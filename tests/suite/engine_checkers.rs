//! Checkers' engine: the bitboard move generation (the rules', whose test checks the published
//! perft counts) against a plain generator, the engine's levels, the capture setting, and
//! endings played out.

use board_suite::engine::{Engine, EngineError, Go, Score, engine_for};
use board_suite::rules::checkers::bitboard::{Board, MoveList, perft};
use board_suite::rules::checkers::{self, Checkers, Config, Piece};
use board_suite::rules::{Game, History, Outcome, Player, Termination, read_announced};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const OPTIONAL: Config = Config { compulsory_capture: false };

/// A plain generator by board coordinates, independent of the bitboards, for checking them:
/// the boards after each whole move of `side` (0 black, moving down; 1 red).
fn plain_moves(board: &[Option<Piece>; 32], side: Player, compulsory: bool) -> Vec<[Option<Piece>; 32]> {
    let at = |x: i32, y: i32| (0..8).contains(&x) && (0..8).contains(&y) && (x + y) % 2 == 1;
    let index = |x: i32, y: i32| (y * 4 + x / 2) as usize;
    let ahead = if side == Player::First { 1 } else { -1 };
    let directions = |king: bool| {
        let all = [(-1, ahead), (1, ahead), (-1, -ahead), (1, -ahead)];
        all.into_iter().take(if king { 4 } else { 2 }).collect::<Vec<_>>()
    };
    // Jumps on from (x, y); `taken` stay on the board until the move ends.
    fn jumps(
        board: &[Option<Piece>; 32],
        piece: Piece,
        (x, y): (i32, i32),
        taken: &mut Vec<usize>,
        compulsory: bool,
        out: &mut Vec<[Option<Piece>; 32]>,
        ctx: &dyn Fn(bool) -> Vec<(i32, i32)>,
    ) {
        let on = |x: i32, y: i32| (0..8).contains(&x) && (0..8).contains(&y);
        let index = |x: i32, y: i32| (y * 4 + x / 2) as usize;
        let finish = |board: &[Option<Piece>; 32], taken: &[usize]| {
            let mut after = *board;
            for &t in taken {
                after[t] = None;
            }
            after
        };
        for (dx, dy) in ctx(piece.king) {
            let (ox, oy, lx, ly) = (x + dx, y + dy, x + 2 * dx, y + 2 * dy);
            if !on(lx, ly) {
                continue;
            }
            let over = index(ox, oy);
            let enemy = board[over].is_some_and(|p| p.owner != piece.owner) && !taken.contains(&over);
            if !enemy || board[index(lx, ly)].is_some() {
                continue;
            }
            let mut moved = *board;
            moved[index(x, y)] = None;
            let far = if piece.owner == Player::First { 7 } else { 0 };
            let crowned = !piece.king && ly == far;
            moved[index(lx, ly)] = Some(Piece { king: piece.king || crowned, ..piece });
            taken.push(over);
            if crowned {
                out.push(finish(&moved, taken));
            } else {
                if !compulsory {
                    out.push(finish(&moved, taken));
                }
                let before = out.len();
                jumps(&moved, piece, (lx, ly), taken, compulsory, out, ctx);
                if compulsory && out.len() == before && !can_jump(&moved, piece, (lx, ly), taken, ctx) {
                    out.push(finish(&moved, taken));
                }
            }
            taken.pop();
        }
    }
    fn can_jump(
        board: &[Option<Piece>; 32],
        piece: Piece,
        (x, y): (i32, i32),
        taken: &[usize],
        ctx: &dyn Fn(bool) -> Vec<(i32, i32)>,
    ) -> bool {
        let on = |x: i32, y: i32| (0..8).contains(&x) && (0..8).contains(&y);
        let index = |x: i32, y: i32| (y * 4 + x / 2) as usize;
        ctx(piece.king).into_iter().any(|(dx, dy)| {
            on(x + 2 * dx, y + 2 * dy)
                && board[index(x + dx, y + dy)].is_some_and(|p| p.owner != piece.owner)
                && !taken.contains(&index(x + dx, y + dy))
                && board[index(x + 2 * dx, y + 2 * dy)].is_none()
        })
    }
    let mut out = Vec::new();
    for y in 0..8 {
        for x in 0..8 {
            if !at(x, y) {
                continue;
            }
            if let Some(piece) = board[index(x, y)].filter(|p| p.owner == side) {
                jumps(board, piece, (x, y), &mut Vec::new(), compulsory, &mut out, &directions);
            }
        }
    }
    if !out.is_empty() && compulsory {
        return out;
    }
    for y in 0..8 {
        for x in 0..8 {
            let Some(piece) = (at(x, y)).then(|| board[index(x, y)]).flatten().filter(|p| p.owner == side)
            else {
                continue;
            };
            for (dx, dy) in directions(piece.king) {
                let (tx, ty) = (x + dx, y + dy);
                if at(tx, ty) && board[index(tx, ty)].is_none() {
                    let mut after = *board;
                    after[index(x, y)] = None;
                    let far = if side == Player::First { 7 } else { 0 };
                    after[index(tx, ty)] = Some(Piece { king: piece.king || ty == far, ..piece });
                    out.push(after);
                }
            }
        }
    }
    out
}

fn plain_perft(board: &[Option<Piece>; 32], side: Player, compulsory: bool, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    plain_moves(board, side, compulsory)
        .iter()
        .map(|b| plain_perft(b, side.opponent(), compulsory, depth - 1))
        .sum()
}

/// Positions along seeded random games (kings and all), both capture settings: the bitboards
/// count what a plain generator by board coordinates counts, a few moves deep.
#[test]
fn perft_agrees_with_a_plain_generator_along_random_games() {
    let start = Checkers::new(&Config::default());
    let squares: [Option<Piece>; 32] = std::array::from_fn(|s| start.piece(s as u8));
    assert_eq!(plain_perft(&squares, Player::First, true, 6), 36768, "the plain generator is right");
    for config in [Config::default(), OPTIONAL] {
        for seed in 0..12 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = Checkers::new(&config);
            let mut plies = 0;
            while game.outcome().is_none() && plies < 160 {
                if !game.mid_move() && plies % 7 == 0 && game.quiet_plies() + 4 < checkers::QUIET_LIMIT {
                    let board = Board::from_game(&game);
                    let squares: [Option<Piece>; 32] = std::array::from_fn(|s| game.piece(s as u8));
                    for depth in 1..=3 {
                        assert_eq!(
                            perft(&board, depth),
                            plain_perft(&squares, game.to_move(), config.compulsory_capture, depth),
                            "seed {seed}, ply {plies}, depth {depth}, {config:?}"
                        );
                    }
                }
                let legal = game.legal_moves();
                game.play(legal[rng.random_range(0..legal.len())]).expect("legal");
                plies += 1;
            }
        }
    }
}

/// Every move the bitboards make leads where the rules' legs lead.
#[test]
fn moves_lead_where_the_rules_lead() {
    let mut rng = SmallRng::seed_from_u64(5);
    for config in [Config::default(), OPTIONAL] {
        let mut history = History::<Checkers>::new(&config);
        let mut engine = engine_for("checkers", Some(&serde_json::to_string(&config).unwrap())).unwrap();
        let mut turns: Vec<String> = Vec::new();
        while history.outcome().is_none() && turns.len() < 120 {
            let game = history.current().clone();
            let said: Vec<&str> = turns.iter().map(String::as_str).collect();
            engine.set_moves(&said).expect("legal turns");
            let level = rng.random_range(1..=3);
            let go = Go { level, seed: turns.len() as u64, ..Go::default() };
            let turn = engine.go(&go, &|| 0.0, &|| false, &mut |_| {}).expect("a turn").turn;
            let legs = read_announced(&game, &turn).expect("a legal turn");
            let mut after = game.clone();
            for &leg in &legs {
                after.play(leg).expect("legal");
            }
            assert!(!after.mid_move(), "{turn} is a whole turn");
            let mut moves = MoveList::default();
            Board::from_game(&game).generate(&mut moves);
            let reached = Board::from_game(&after);
            assert!(
                moves.as_slice().iter().any(|&mv| Board::from_game(&game).play(mv) == reached),
                "{turn} is one of the bitboards' moves"
            );
            turns.push(game.turn_notation(&legs));
            for leg in legs {
                history.play(leg).expect("legal");
            }
        }
    }
}

/// A position from PDN squares: each side's pieces, kings marked `true`.
fn setup_with(config: Config, black: &[(u8, bool)], red: &[(u8, bool)], to_move: Player) -> Checkers {
    let mut board = [None; 32];
    for (owner, pieces) in [(Player::First, black), (Player::Second, red)] {
        for &(square, king) in pieces {
            board[usize::from(square - 1)] = Some(Piece { owner, king });
        }
    }
    Checkers::from_setup(config, board, to_move, 0).expect("a valid setup")
}

fn setup(black: &[(u8, bool)], red: &[(u8, bool)], to_move: Player) -> Checkers {
    setup_with(Config::default(), black, red, to_move)
}

/// The engine's turn in a set-up position (as a game's first turns cannot reach it, the
/// engine is given it through the rules' game the protocol would rebuild).
fn answer(game: &Checkers, go: Go) -> String {
    let mut engine = board_suite::engine::checkers::CheckersEngine::from_game(game.clone());
    let clock = std::time::Instant::now();
    engine.go(&go, &|| clock.elapsed().as_secs_f64() * 1000.0, &|| false, &mut |_| {}).expect("a turn").turn
}

/// Plays the engine against itself from `game` (the top level at a fixed depth for both), by
/// the rules with repetition counted; the outcome.
fn play_out(game: Checkers, depth: u32, turns: usize) -> Option<Outcome> {
    let mut history = History::starting_from(game);
    let mut engines = [
        board_suite::engine::checkers::CheckersEngine::from_game(history.current().clone()),
        board_suite::engine::checkers::CheckersEngine::from_game(history.current().clone()),
    ];
    let mut said: Vec<String> = Vec::new();
    for _ in 0..turns {
        if history.outcome().is_some() {
            break;
        }
        let game = history.current().clone();
        let side = usize::from(game.to_move() == Player::Second);
        let refs: Vec<&str> = said.iter().map(String::as_str).collect();
        engines[side].set_moves(&refs).expect("legal");
        let go = Go { depth: Some(depth), movetime: Some(60_000), ..Go::default() };
        let turn = engines[side].go(&go, &|| 0.0, &|| false, &mut |_| {}).expect("a turn").turn;
        let legs = read_announced(&game, &turn).expect("legal");
        said.push(game.turn_notation(&legs));
        for leg in legs {
            history.play(leg).expect("legal");
        }
    }
    history.outcome()
}

#[test]
fn two_kings_beat_one_within_the_forty_move_rule() {
    let setups: [([u8; 2], u8); 4] = [([14, 23], 28), ([10, 11], 1), ([30, 31], 15), ([3, 4], 29)];
    for (kings, lone) in setups {
        for to_move in [Player::First, Player::Second] {
            let two: Vec<(u8, bool)> = kings.iter().map(|&k| (k, true)).collect();
            // The stronger side black, then red.
            let game = setup(&two, &[(lone, true)], to_move);
            assert_eq!(play_out(game, 14, 200), Some(Outcome::Win(Player::First)), "{kings:?} v {lone}");
            let game = setup(&[(lone, true)], &two, to_move);
            assert_eq!(play_out(game, 14, 200), Some(Outcome::Win(Player::Second)), "{lone} v {kings:?}");
        }
    }
}

#[test]
fn a_won_ending_is_won_not_drawn() {
    // Three kings against two: won by forcing an exchange, which takes care.
    let game = setup(&[(6, true), (15, true), (30, true)], &[(19, true), (27, true)], Player::First);
    assert_eq!(play_out(game, 12, 300), Some(Outcome::Win(Player::First)));
}

#[test]
fn every_level_takes_a_win_in_one() {
    // Black takes the last red piece: 18x27.
    let game = setup(&[(18, false)], &[(23, false)], Player::First);
    for level in 1..=6 {
        let turn = answer(&game, Go { level, movetime: Some(500), ..Go::default() });
        assert_eq!(turn, "18x27", "level {level}");
    }
}

#[test]
fn the_engine_plays_by_the_capture_setting() {
    // Black's only capture, 14x23, loses two for one (26x19x10); declining is safe.
    let men = |squares: &[u8]| squares.iter().map(|&s| (s, false)).collect::<Vec<_>>();
    let (black, red) = (men(&[1, 9, 11, 14, 15]), men(&[18, 22, 26, 30]));
    for level in 1..=6 {
        let go = Go { level, movetime: Some(300), ..Go::default() };
        let compulsory = setup(&black, &red, Player::First);
        assert_eq!(answer(&compulsory, go), "14x23", "level {level}");
        let optional = setup_with(OPTIONAL, &black, &red, Player::First);
        let turn = answer(&optional, go);
        assert_ne!(turn, "14x23", "level {level}");
        assert!(read_announced(&optional, &turn).is_ok(), "level {level}: {turn}");
    }
}

#[test]
fn part_way_through_a_multi_jump_the_engine_finishes_it() {
    // Black's 15x24x31 begun with its first leg: the engine answers the rest.
    let men = |squares: &[u8]| squares.iter().map(|&s| (s, false)).collect::<Vec<_>>();
    let game = setup(&men(&[15, 1]), &men(&[19, 27, 32]), Player::First);
    let mut engine = board_suite::engine::checkers::CheckersEngine::from_game(game.clone());
    engine.set_moves(&["15x24"]).expect("the first leg is legal");
    let turn =
        engine.go(&Go { level: 3, ..Go::default() }, &|| 0.0, &|| false, &mut |_| {}).expect("a turn").turn;
    assert_eq!(turn, "24x31");
}

#[test]
fn reachable_through_the_protocol_with_either_setting() {
    for json in [r#"{"compulsory_capture":true}"#, r#"{"compulsory_capture":false}"#] {
        let mut engine = engine_for("checkers", Some(json)).expect("an engine");
        engine.set_moves(&["11-15", "23-19"]).expect("legal");
        let turn = engine
            .go(&Go { level: 2, ..Go::default() }, &|| 0.0, &|| false, &mut |_| {})
            .expect("a turn")
            .turn;
        let mut game = Checkers::new(&serde_json::from_str(json).unwrap());
        for said in ["11-15", "23-19"] {
            for leg in read_announced(&game, said).unwrap() {
                game.play(leg).unwrap();
            }
        }
        assert!(read_announced(&game, &turn).is_ok(), "{json}: {turn}");
    }
    assert!(engine_for("checkers", Some("{\"compulsory_capture\":7}")).is_err());
}

#[test]
fn a_game_from_a_fen_start_is_played_from_there() {
    // White to move with a double jump; after it, Black's one man moves.
    let fen = "W:WK26,30:B23,15,5";
    let mut engine = engine_for("checkers", None).unwrap();
    engine.set_start(fen).expect("a FEN start");
    engine.set_moves(&[]).unwrap();
    let turn = engine.go(&Go { level: 6, ..Go::default() }, &|| 0.0, &|| false, &mut |_| {}).unwrap().turn;
    assert_eq!(turn, "26x19x10");
    engine.set_moves(&["26x19x10"]).unwrap();
    let reply = engine.go(&Go { level: 1, ..Go::default() }, &|| 0.0, &|| false, &mut |_| {}).unwrap().turn;
    assert_eq!(reply, "5-9");
    // A bad FEN is refused in words, and other games have no set-up start.
    assert!(engine.set_start("B:W33").is_err());
    assert!(engine_for("gomoku", None).unwrap().set_start(fen).is_err());
}

/// The engine's answer after `shuffle` from `fen`, at a fixed depth.
fn answer_after(
    fen: &str,
    shuffle: &[&str],
) -> Result<board_suite::engine::Thought, board_suite::engine::EngineError> {
    let mut engine = engine_for("checkers", None).unwrap();
    engine.set_start(fen).expect("a FEN start");
    engine.set_moves(shuffle).expect("legal turns");
    let go = Go { depth: Some(8), movetime: Some(60_000), ..Go::default() };
    engine.go(&go, &|| 0.0, &|| false, &mut |_| {})
}

#[test]
fn ahead_the_engine_never_makes_the_third_repetition() {
    // Two kings against one, the lone king's side to move; after the shuffle the first
    // position has stood twice, and White's 6-1 would make it the third time.
    let fen = "B:WK1,K3:BK32";
    let shuffle = ["32-27", "1-6", "27-32", "6-1", "32-27", "1-6", "27-32"];
    let answer = answer_after(fen, &shuffle).expect("a turn");
    assert_ne!(answer.turn, "6-1", "{answer:?}");
    assert!(
        matches!(answer.score, Score::Value(v) if v > 0) || matches!(answer.score, Score::Win(_)),
        "{answer:?}"
    );
    // Asked afresh at the same position, never repeated, it is as sure of its lead.
    let fresh = answer_after("W:WK6,K3:BK32", &[]).expect("a turn");
    assert!(
        matches!(fresh.score, Score::Value(v) if v > 0) || matches!(fresh.score, Score::Win(_)),
        "{fresh:?}"
    );
}

#[test]
fn behind_the_engine_takes_the_third_repetition() {
    // The lone king's 27-32 makes the first position stand a third time: a draw it takes
    // rather than be hunted down; told that turn, the engine says the game is over and why.
    let fen = "W:WK1,K3:BK32";
    let shuffle = ["1-6", "32-27", "6-1", "27-32", "1-6", "32-27", "6-1"];
    let answer = answer_after(fen, &shuffle).expect("a turn");
    assert_eq!((answer.turn.as_str(), answer.score), ("27-32", Score::Value(0)), "{answer:?}");
    let ended = answer_after(fen, &[&shuffle[..], &["27-32"]].concat());
    assert_eq!(
        ended.map(|thought| thought.turn),
        Err(EngineError::Ended { result: "1/2-1/2", termination: Termination::Repetition })
    );
}
