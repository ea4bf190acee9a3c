//! Dark chess rules, each from positions written as text.

use crate::dark_chess_board::board;
use crate::harness::{Conformance, Conformant};

use board_suite::rules::dark_chess::{
    COLUMNS, Cell, Colour, Config, DarkChess, Move, Piece, ROWS, Rank, Seen, captures_by_rank, coordinates,
    square_at,
};
use board_suite::rules::{Game, History, Illegal, Outcome, Player, TurnText, parse_square};

/// Red (the first player) to move on `text`, with `config`.
fn red_to_move(text: &str, config: Config) -> DarkChess {
    DarkChess::from_setup(config, board(text), Some(Colour::Red), Player::First).expect("a valid setup")
}

fn rules() -> Config {
    Config::default()
}

fn go(from: (usize, usize), to: (usize, usize)) -> Move {
    Move::Go { from: square_at(from.0, from.1), to: square_at(to.0, to.1) }
}

/// Plays a move that must be legal.
fn play(game: &mut DarkChess, mv: Move) {
    assert_eq!(game.play(mv), Ok(()), "{mv:?} in {game:?}");
}

/// A move that must be refused, leaving the game unchanged.
fn refused(game: &DarkChess, mv: Move) {
    let mut after = game.clone();
    assert!(after.play(mv).is_err(), "{mv:?} was accepted");
    assert_eq!(&after, game);
    assert!(!game.legal_moves().contains(&mv));
}

const EMPTY_ROW: &str = ".. .. .. .. .. .. .. ..";

/// A board whose top row is `top` and whose other rows hold one face-down piece far away
/// (so that nobody runs out of moves).
fn top_row(top: &str) -> String {
    format!("{top} {EMPTY_ROW} {EMPTY_ROW} .. .. .. .. .. .. .. ?p")
}

#[test]
fn rank_table() {
    use Rank::*;
    let order = [Soldier, Cannon, Horse, Chariot, Elephant, Advisor, General];
    for (a, &attacker) in order.iter().enumerate() {
        for (t, &target) in order.iter().enumerate() {
            let expected = match (attacker, target) {
                (Cannon, _) => false,
                (Soldier, General) => true,
                (General, Soldier) => false,
                _ => a >= t,
            };
            assert_eq!(captures_by_rank(attacker, target), expected, "{attacker:?} takes {target:?}");
        }
    }
    assert!(captures_by_rank(Soldier, General));
    assert!(!captures_by_rank(General, Soldier));
    assert!(captures_by_rank(Horse, Horse), "equal ranks capture");
    assert!(!captures_by_rank(Horse, Chariot));
}

#[test]
fn pieces_step_one_square_orthogonally_to_empty_squares() {
    let game = red_to_move(&top_row(".. .. .. H .. .. .. .."), rules());
    let mut steps: Vec<Move> =
        game.legal_moves().into_iter().filter(|m| matches!(m, Move::Go { .. })).collect();
    steps.sort_by_key(|m| format!("{m:?}"));
    let mut expected = vec![go((3, 0), (2, 0)), go((3, 0), (4, 0)), go((3, 0), (3, 1))];
    expected.sort_by_key(|m| format!("{m:?}"));
    assert_eq!(steps, expected);
    refused(&game, go((3, 0), (3, 2)));
    refused(&game, go((3, 0), (4, 1)));
}

#[test]
fn only_your_own_face_up_pieces_move() {
    let game = red_to_move(&top_row("h .. ?H .. .. .. .. .."), rules());
    refused(&game, go((0, 0), (1, 0)));
    refused(&game, go((2, 0), (1, 0)));
}

#[test]
fn capture_by_rank_and_refusal() {
    let game = red_to_move(&top_row("H h .. E r .. P k"), rules());
    let mut g = game.clone();
    play(&mut g, go((0, 0), (1, 0)));
    assert_eq!(g.captured(), [Piece { colour: Colour::Black, rank: Rank::Horse }]);
    let mut g = game.clone();
    play(&mut g, go((3, 0), (4, 0)));
    let mut g = game.clone();
    play(&mut g, go((6, 0), (7, 0)));
    assert_eq!(g.captured()[0].rank, Rank::General, "a soldier takes the general");
    // A horse cannot take a chariot, nor a chariot an elephant.
    let game = red_to_move(&top_row("H r .. R e .. .. .."), rules());
    refused(&game, go((0, 0), (1, 0)));
    refused(&game, go((3, 0), (4, 0)));
}

#[test]
fn the_general_cannot_take_a_soldier() {
    let game = red_to_move(&top_row("K p .. .. .. .. .. .."), rules());
    refused(&game, go((0, 0), (1, 0)));
}

#[test]
fn face_down_pieces_cannot_be_captured() {
    let game = red_to_move(&top_row("K ?p .. .. .. .. .. .."), rules());
    refused(&game, go((0, 0), (1, 0)));
}

#[test]
fn cannon_captures_over_exactly_one_screen() {
    // Screen of any kind: friend, foe, face down.
    for screen in ["P", "p", "?P"] {
        let text = top_row(&format!("C .. {screen} .. .. k .. .."));
        let mut game = red_to_move(&text, rules());
        play(&mut game, go((0, 0), (5, 0)));
        assert_eq!(game.captured()[0].rank, Rank::General, "screen {screen}: the cannon takes any rank");
    }
    // The jump reaches the edge of the board.
    let mut game = red_to_move(&top_row(".. C .. p .. .. .. k"), rules());
    play(&mut game, go((1, 0), (7, 0)));
    // Along a column too.
    let text = format!("C .. .. .. .. .. .. .. P .. .. .. .. .. .. .. {EMPTY_ROW} a .. .. .. .. .. .. ?p");
    let mut game = red_to_move(&text, rules());
    play(&mut game, go((0, 0), (0, 3)));
}

#[test]
fn cannon_does_not_capture_without_one_screen() {
    let cases = [
        ("C .. .. k .. .. .. ..", (3, 0), "no screen"),
        ("C p .. .. .. .. .. ..", (1, 0), "adjacent"),
        ("C p p k .. .. .. ..", (3, 0), "two screens"),
        ("C .. p .. ?k .. .. ..", (4, 0), "face-down target"),
        ("C .. p .. P .. .. ..", (4, 0), "own piece"),
    ];
    for (row, target, case) in cases {
        let game = red_to_move(&top_row(row), rules());
        let mut after = game.clone();
        assert!(after.play(go((0, 0), target)).is_err(), "{case}");
        assert_eq!(after, game, "{case}");
    }
    // The cannon still steps one square.
    let mut game = red_to_move(&top_row("C .. .. .. .. .. .. .."), rules());
    play(&mut game, go((0, 0), (1, 0)));
}

#[test]
fn the_first_flip_gives_its_player_that_colour() {
    let text = format!("?p ?K .. .. .. .. .. .. {EMPTY_ROW} {EMPTY_ROW} {EMPTY_ROW}");
    let mut game = DarkChess::from_setup(rules(), board(&text), None, Player::First).expect("a valid setup");
    assert_eq!(game.colour(Player::First), None);
    // Before the first flip, flipping is all there is.
    assert!(game.legal_moves().iter().all(|m| matches!(m, Move::Flip(_))));
    play(&mut game, Move::Flip(square_at(0, 0)));
    assert_eq!(game.colour(Player::First), Some(Colour::Black));
    assert_eq!(game.colour(Player::Second), Some(Colour::Red));
    assert_eq!(game.to_move(), Player::Second);
}

#[test]
fn a_new_game_is_the_seeds_shuffle_of_all_32_pieces_face_down() {
    let config = |seed| Config { seed, ..rules() };
    let a = DarkChess::new(&config(7));
    assert_eq!(a, DarkChess::new(&config(7)));
    assert_ne!(a, DarkChess::new(&config(8)));
    let mut counts = std::collections::HashMap::new();
    for square in 0..32 {
        let Cell::FaceDown(piece) = a.cell(square) else { panic!("square {square} is not face down") };
        *counts.entry((piece.colour, piece.rank)).or_insert(0) += 1;
    }
    for colour in [Colour::Red, Colour::Black] {
        for rank in Rank::ALL {
            assert_eq!(counts[&(colour, rank)], rank.count(), "{colour:?} {rank:?}");
        }
    }
    assert_eq!(a.legal_moves().len(), 32);
}

#[test]
fn a_player_with_no_pieces_and_nothing_to_flip_loses() {
    let text = format!("P p .. .. .. .. .. .. {EMPTY_ROW} {EMPTY_ROW} {EMPTY_ROW}");
    let mut game = red_to_move(&text, rules());
    play(&mut game, go((0, 0), (1, 0)));
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn a_chain_capture_of_the_last_piece_ends_the_game_at_once() {
    // Red's chariot takes black's last piece; under blind capture the chain could go on against
    // red's own face-down soldier, but black has nothing left, so the game is over.
    let text = top_row("R p ?P .. .. .. .. ..").replace("?p", "..");
    let config = Config { chain_capture: true, blind_capture: true, ..rules() };
    let mut game = red_to_move(&text, config);
    assert!(game.has_pieces(Player::Second));
    play(&mut game, go((0, 0), (1, 0)));
    assert!(!game.has_pieces(Player::Second));
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(game.chain(), None);
    assert!(game.legal_moves().is_empty(), "no chain to go on with, and no EndChain");
}

#[test]
fn a_side_whose_last_piece_is_gone_loses_though_face_down_pieces_remain() {
    // Black takes red's last face-up piece; the pieces still face down are all black's, so red
    // has nothing left: the game is over at once. (A red player left to flip them would only
    // find black's.)
    let text = format!("P h .. .. .. .. .. .. {EMPTY_ROW} {EMPTY_ROW} ?p .. .. .. .. .. .. ?k");
    let board_text = board(&text);
    let mut game =
        DarkChess::from_setup(rules(), board_text, Some(Colour::Red), Player::Second).expect("a valid setup");
    play(&mut game, go((1, 0), (0, 0)));
    assert!(!game.has_pieces(Player::First));
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::Second)), "without waiting for red's turn");
    assert!(game.legal_moves().is_empty());
    // A position set up with a side that has nothing is already over.
    let text = format!("?p .. .. .. .. .. .. p {EMPTY_ROW} {EMPTY_ROW} {EMPTY_ROW}");
    assert_eq!(red_to_move(&text, rules()).outcome(), Some(Outcome::Win(Player::Second)));
    // Undo from such an ending works as for any other (a flip is never undone, so a step).
    let mut history = History::starting_from(red_to_move(&top_row("H p .. .. .. .. .. .."), rules()));
    history.play(go((0, 0), (1, 0))).unwrap();
    assert_eq!(history.outcome(), None, "black still has a face-down piece");
    let text = format!("H p .. .. .. .. .. .. {EMPTY_ROW} {EMPTY_ROW} {EMPTY_ROW}");
    let mut history = History::starting_from(red_to_move(&text, rules()));
    let start = history.current().clone();
    history.play(go((0, 0), (1, 0))).unwrap();
    assert_eq!(history.outcome(), Some(Outcome::Win(Player::First)));
    assert!(history.undo());
    assert_eq!(history.current(), &start);
    assert!(history.redo());
    assert_eq!(history.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn a_player_whose_pieces_are_all_blocked_loses() {
    // Black's soldier in the corner is boxed in by red pieces it cannot take.
    let text = format!("p A .. .. .. .. .. .. E .. .. .. .. .. .. .. {EMPTY_ROW} .. .. .. .. .. .. .. H");
    let mut game = red_to_move(&text, rules());
    play(&mut game, go((7, 3), (6, 3)));
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn quiet_plies_draw() {
    let text = top_row("H .. .. .. .. .. .. h");
    let mut game = red_to_move(&text, Config { quiet_limit: 4, ..rules() });
    for mv in [go((0, 0), (0, 1)), go((7, 0), (7, 1)), go((0, 1), (1, 1))] {
        play(&mut game, mv);
        assert_eq!(game.outcome(), None);
    }
    play(&mut game, go((7, 1), (6, 1)));
    assert_eq!(game.quiet_plies(), 4);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

#[test]
fn a_flip_or_capture_resets_the_quiet_count() {
    let text = top_row("H .. .. .. .. .. .. h");
    let mut game = red_to_move(&text, Config { quiet_limit: 3, ..rules() });
    play(&mut game, go((0, 0), (0, 1)));
    play(&mut game, go((7, 0), (7, 1)));
    play(&mut game, Move::Flip(square_at(7, 3)));
    assert_eq!(game.quiet_plies(), 0);
    assert_eq!(game.outcome(), None);
}

#[test]
fn the_third_repetition_draws() {
    // Positions keep no history: the game's history counts repetitions.
    let text = top_row("H .. .. .. .. .. .. h");
    let mut history = History::starting_from(red_to_move(&text, rules()));
    let shuffle = [go((0, 0), (0, 1)), go((7, 0), (7, 1)), go((0, 1), (0, 0)), go((7, 1), (7, 0))];
    for mv in shuffle {
        history.play(mv).unwrap();
    }
    assert_eq!(history.outcome(), None, "the start position is seen twice");
    for mv in shuffle {
        history.play(mv).unwrap();
    }
    assert_eq!(history.outcome(), Some(Outcome::Draw), "and the third time draws");
    assert!(history.repeated());
    assert_eq!(history.play(go((0, 0), (0, 1))), Err(Illegal::GameOver));
    // Undo returns to play, as from any ending.
    assert!(history.undo());
    assert_eq!(history.outcome(), None);
}

#[test]
fn chain_capture_off_ends_the_turn_after_a_capture() {
    let text = top_row("R p p .. .. .. .. ..");
    let mut game = red_to_move(&text, rules());
    play(&mut game, go((0, 0), (1, 0)));
    assert_eq!(game.to_move(), Player::Second);
}

#[test]
fn chain_capture_on_lets_the_same_piece_capture_again() {
    let text = top_row("R p p H .. .. .. ..");
    let mut game = red_to_move(&text, Config { chain_capture: true, ..rules() });
    play(&mut game, go((0, 0), (1, 0)));
    assert_eq!(game.to_move(), Player::First, "the turn goes on");
    assert_eq!(game.chain(), Some(square_at(1, 0)));
    // Only the chaining piece's captures, or stopping.
    assert_eq!(game.legal_moves(), [go((1, 0), (2, 0)), Move::EndChain]);
    refused(&game, go((3, 0), (4, 0)));
    play(&mut game, go((1, 0), (2, 0)));
    assert_eq!(game.to_move(), Player::Second, "no capture left: the turn ends by itself");
    assert_eq!(game.captured().len(), 2);

    let mut game = red_to_move(&text, Config { chain_capture: true, ..rules() });
    play(&mut game, go((0, 0), (1, 0)));
    play(&mut game, Move::EndChain);
    assert_eq!(game.to_move(), Player::Second);
    assert_eq!(game.chain(), None);
}

#[test]
fn a_chain_of_captures_is_one_turn() {
    let text = top_row("R p p H .. .. .. ..");
    let config = Config { chain_capture: true, ..rules() };
    let start = red_to_move(&text, config.clone());
    let mut history = History::starting_from(start.clone());
    history.play(go((0, 0), (1, 0))).unwrap();
    assert!(history.current().mid_move(), "the chain goes on");
    history.play(go((1, 0), (2, 0))).unwrap();
    assert!(!history.current().mid_move());
    let turns = history.turns();
    assert_eq!(turns.len(), 1);
    assert_eq!(turns[0].0.turn_notation(turns[0].1), "a4xb4xc4");
    // Undo takes back the whole chain, redo replays it.
    let end = history.current().clone();
    assert!(history.undo());
    assert_eq!(history.current(), &start);
    assert!(history.redo());
    assert_eq!(history.current(), &end);
    // A chain ended by choice is written without its ending.
    let mut history = History::starting_from(start.clone());
    history.play(go((0, 0), (1, 0))).unwrap();
    history.play(Move::EndChain).unwrap();
    assert_eq!(history.turns()[0].0.turn_notation(history.turns()[0].1), "a4xb4");
    assert!(history.undo());
    assert_eq!(history.current(), &start);
}

#[test]
fn a_chain_that_revealed_a_piece_is_never_undone() {
    // Blind capture: the chariot takes a soldier, then attacks a face-down piece in the chain.
    let text = top_row("R p ?p .. .. .. .. ..");
    let mut history = History::starting_from(red_to_move(
        &text,
        Config { chain_capture: true, blind_capture: true, ..rules() },
    ));
    history.play(go((0, 0), (1, 0))).unwrap();
    assert!(history.can_undo(), "nothing revealed yet");
    history.play(go((1, 0), (2, 0))).unwrap();
    assert!(!history.can_undo() && !history.undo(), "the revealed piece stays revealed");
}

#[test]
fn chariot_rush_off_steps_one_square() {
    let game = red_to_move(&top_row("R .. .. k .. .. .. .."), rules());
    refused(&game, go((0, 0), (2, 0)));
    refused(&game, go((0, 0), (3, 0)));
}

#[test]
fn chariot_rush_on_slides_and_captures_any_rank() {
    let config = Config { chariot_rush: true, ..rules() };
    let game = red_to_move(&top_row("R .. .. k p .. .. .."), config.clone());
    for to in [(1, 0), (2, 0), (0, 1)] {
        assert!(game.legal_moves().contains(&go((0, 0), to)), "{to:?}");
    }
    let mut g = game.clone();
    play(&mut g, go((0, 0), (3, 0)));
    assert_eq!(g.captured()[0].rank, Rank::General);
    refused(&game, go((0, 0), (4, 0)));
    // Blocked lines stop it.
    let game = red_to_move(&top_row("R P .. k .. .. .. .."), config);
    refused(&game, go((0, 0), (3, 0)));
}

#[test]
fn blind_capture_off_refuses_attacks_on_face_down_pieces() {
    let game = red_to_move(&top_row("R ?p .. .. .. .. .. .."), rules());
    refused(&game, go((0, 0), (1, 0)));
}

#[test]
fn blind_capture_on_reveals_and_takes_when_the_rank_allows() {
    let config = Config { blind_capture: true, ..rules() };
    let mut game = red_to_move(&top_row("R ?p .. .. .. .. .. .."), config.clone());
    assert!(game.reveals_hidden(&go((0, 0), (1, 0))));
    play(&mut game, go((0, 0), (1, 0)));
    assert_eq!(game.cell(square_at(1, 0)), Cell::FaceUp(Piece { colour: Colour::Red, rank: Rank::Chariot }));
    assert_eq!(game.captured()[0].rank, Rank::Soldier);
    assert_eq!(game.to_move(), Player::Second);

    // A stronger piece is revealed and stays; the attacker stays too; the turn ends.
    let mut game = red_to_move(&top_row("R ?k .. .. .. .. .. .."), config.clone());
    play(&mut game, go((0, 0), (1, 0)));
    assert_eq!(
        game.cell(square_at(1, 0)),
        Cell::FaceUp(Piece { colour: Colour::Black, rank: Rank::General })
    );
    assert_eq!(game.cell(square_at(0, 0)), Cell::FaceUp(Piece { colour: Colour::Red, rank: Rank::Chariot }));
    assert!(game.captured().is_empty());
    assert_eq!(game.to_move(), Player::Second);

    // One's own piece is only revealed.
    let mut game = red_to_move(&top_row("R ?P .. .. .. .. .. .."), config.clone());
    play(&mut game, go((0, 0), (1, 0)));
    assert_eq!(game.cell(square_at(1, 0)), Cell::FaceUp(Piece { colour: Colour::Red, rank: Rank::Soldier }));

    // A cannon attacks a face-down piece over a screen and takes it whatever its rank.
    let mut game = red_to_move(&top_row("C p ?k .. .. .. .. .."), config);
    play(&mut game, go((0, 0), (2, 0)));
    assert_eq!(game.captured()[0].rank, Rank::General);
}

#[test]
fn undo_never_crosses_a_flip() {
    let text = format!("H .. .. .. .. .. .. h {EMPTY_ROW} {EMPTY_ROW} .. .. .. .. .. .. ?P ?p");
    let mut history = History::starting_from(red_to_move(&text, rules()));
    history.play(go((0, 0), (1, 0))).unwrap();
    assert!(history.can_undo());
    history.play(Move::Flip(square_at(6, 3))).unwrap();
    assert!(!history.can_undo(), "the flip revealed a piece");
    assert!(!history.undo());
    history.play(go((1, 0), (2, 0))).unwrap();
    assert!(history.undo());
    assert!(!history.undo(), "and undo stops at the flip");
}

#[test]
fn notation() {
    let text = top_row("H p .. ?K .. .. .. ..");
    let game = red_to_move(&text, rules());
    assert_eq!(game.notation(&go((0, 0), (1, 0))), "a4xb4");
    assert_eq!(game.notation(&go((0, 0), (0, 1))), "a4-a3");
    assert_eq!(game.notation(&Move::Flip(square_at(3, 0))), "d4=K");
    assert_eq!(game.notation(&Move::Flip(square_at(7, 3))), "h1=p");
}

#[test]
fn moves_off_the_board_are_refused() {
    let game = red_to_move(&top_row("H .. .. .. .. .. .. .."), rules());
    refused(&game, Move::Flip(32));
    refused(&game, Move::Go { from: 0, to: 200 });
    refused(&game, Move::EndChain);
    assert_eq!(game.clone().play(Move::Flip(255)), Err(Illegal::NotAllowed));
}

/// Prints a seed's layout for writing browser tests: `cargo test --test suite dark_chess::layout -- --ignored --nocapture`.
#[test]
#[ignore]
fn layout() {
    let seed = std::env::var("SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(7);
    let game = DarkChess::new(&Config { seed, ..rules() });
    for y in 0..ROWS {
        let flip = |x| game.notation(&Move::Flip(square_at(x, y)));
        let row: Vec<String> = (0..COLUMNS).map(|x| flip(x).split_off(3)).collect();
        println!("{}", row.join(" "));
    }
}

/// Finds a short game from `SEED` that ends in a win and prints it as a save without its last
/// move, and that move: the browser tests' endgame fixtures.
/// `SEED=7 cargo test --test suite dark_chess::endgame -- --ignored --nocapture`; with `CHAIN=1`, under
/// chain and blind capture, a game won by taking the last piece with one that could attack a
/// face-down piece next (`dark-chess-chain-endgame.json`).
#[test]
#[ignore]
fn endgame() {
    use board_suite::save;
    let seed: u64 = std::env::var("SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(7);
    let chain = std::env::var("CHAIN").is_ok();
    let rules = || Config { chain_capture: chain, blind_capture: chain, ..Config::default() };
    // Under CHAIN, the last move must take the last piece and land beside a face-down one.
    let wanted = |history: &History<DarkChess>| {
        let Some(Outcome::Win(winner)) = history.outcome() else { return false };
        let game = history.current();
        let Some((before, Move::Go { to, .. })) = history.last_move() else { return !chain };
        if !matches!(before.cell(*to), Cell::FaceUp(_)) {
            return !chain;
        }
        let (x, y) = (usize::from(*to) % COLUMNS, usize::from(*to) / COLUMNS);
        let beside = [(x.wrapping_sub(1), y), (x + 1, y), (x, y.wrapping_sub(1)), (x, y + 1)];
        let face_down_beside = beside.iter().any(|&(x, y)| {
            x < COLUMNS && y < ROWS && matches!(game.cell(square_at(x, y)), Cell::FaceDown(_))
        });
        !chain || (!game.has_pieces(winner.opponent()) && face_down_beside)
    };
    let mut best: Option<History<DarkChess>> = None;
    let mut state: u64 = seed;
    let mut random = move |n: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as usize % n
    };
    for _ in 0..2000 {
        let mut history = History::<DarkChess>::new(&Config { seed, ..rules() });
        while history.outcome().is_none() && history.ply() < 400 {
            let moves = history.current().legal_moves();
            // Captures first, so that games end.
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Go { to, .. } if history.current().cell(*to) != Cell::Empty))
                .collect();
            let pool = if captures.is_empty() { &moves } else { &captures };
            history.play(pool[random(pool.len())]).unwrap();
        }
        if wanted(&history) && best.as_ref().is_none_or(|b| history.ply() < b.ply()) {
            best = Some(history);
        }
    }
    let mut history = best.expect("a won game");
    let (before, last) = history.last_move().map(|(g, m)| (g.clone(), *m)).unwrap();
    println!("plies {}, last move {} ({last:?})", history.ply(), before.notation(&last));
    history.undo();
    assert_eq!(history.current(), &before, "the last move is not a flip");
    println!("{}", save::encode(&history, &[], 0));
}

#[test]
fn views_of_differently_shuffled_games_compare_equal() {
    // Before any flip every shuffle looks the same.
    let (a, b) =
        (DarkChess::new(&Config { seed: 1, ..rules() }), DarkChess::new(&Config { seed: 2, ..rules() }));
    assert_ne!(a, b);
    assert_eq!(a.view(), b.view());
    // After some play, positions dealt again from the view differ only where nothing shows.
    let mut game = a;
    for mv in [Move::Flip(0), Move::Flip(9), Move::Flip(20), Move::Flip(31)] {
        play(&mut game, mv);
    }
    let view = game.view();
    let (x, y) = (DarkChess::from_view(&view, 7), DarkChess::from_view(&view, 8));
    assert_ne!(x, y, "two deals of the face-down pieces");
    assert_eq!(x.view(), view);
    assert_eq!(y.view(), view);
    for square in 0..32 {
        match game.cell(square) {
            Cell::FaceDown(_) => {
                assert_eq!(view.seen(square), Seen::FaceDown, "nothing of a face-down piece shows")
            }
            cell => assert_eq!(x.cell(square), cell),
        }
    }
    assert_eq!(view.hidden_pieces().len(), 28);
    assert_eq!(view.rules().seed, 0, "the seed would give the layout away");
}

#[test]
fn a_set_up_position_is_validated() {
    use board_suite::rules::SetupError;
    let six_soldiers = board(&top_row("P P P P P P .. .."));
    assert_eq!(
        DarkChess::from_setup(rules(), six_soldiers, Some(Colour::Red), Player::First).err(),
        Some(SetupError::TooManyPieces)
    );
    let face_up = board(&top_row("P .. .. .. .. .. .. .."));
    assert_eq!(
        DarkChess::from_setup(rules(), face_up, None, Player::First).err(),
        Some(SetupError::Misplaced)
    );
}

impl Conformant for DarkChess {
    fn conformance() -> Conformance<Self> {
        let with = |seed, chain_capture, chariot_rush, blind_capture| Config {
            seed,
            chain_capture,
            chariot_rush,
            blind_capture,
            ..Config::default()
        };
        Conformance {
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
    }
}

/// Every whole turn of `game`, as its player announces it, up to `most`.
fn announced_turns(game: &DarkChess, most: usize) -> Vec<String> {
    fn walk(start: &DarkChess, at: &DarkChess, legs: &mut Vec<Move>, out: &mut Vec<String>, most: usize) {
        for mv in at.legal_moves() {
            if out.len() >= most {
                return;
            }
            let mut next = at.clone();
            next.play(mv).unwrap();
            legs.push(mv);
            if next.mid_move() {
                walk(start, &next, legs, out, most);
            } else {
                out.push(start.announce(legs));
            }
            legs.pop();
        }
    }
    let mut out = Vec::new();
    walk(game, game, &mut Vec::new(), &mut out, most);
    out
}

/// The legs of a turn up to and including the first that turns a piece over: all its sender
/// could have known would happen.
fn up_to_reveal(game: &DarkChess, legs: &[Move]) -> Vec<Move> {
    let mut position = game.clone();
    let mut seen = Vec::new();
    for &leg in legs {
        seen.push(leg);
        if position.reveals_hidden(&leg) {
            break;
        }
        position.play(leg).unwrap();
    }
    seen
}

#[test]
fn a_blind_attack_is_played_whatever_it_reveals() {
    let config = Config { chain_capture: true, blind_capture: true, ..rules() };
    let (a4, b4, c4) = (square_at(0, 0), square_at(1, 0), square_at(2, 0));
    // The horse's attack on b4 takes a soldier (and the chain goes on to c4), or reveals a
    // general or its own piece and ends: the turn is played alike.
    for (hidden, taken) in [("?p", true), ("?k", false), ("?P", false)] {
        let game = red_to_move(&top_row(&format!("H {hidden} ?p .. .. .. .. ..")), config.clone());
        let chained = [Move::Go { from: a4, to: b4 }, Move::Go { from: b4, to: c4 }];
        let expected = if taken { chained.to_vec() } else { chained[..1].to_vec() };
        assert_eq!(game.read_sent("a4?b4?c4"), Ok(expected), "{hidden}");
        // Whatever follows the attack that cannot be played ends the chain there.
        let ended = if taken { vec![chained[0], Move::EndChain] } else { chained[..1].to_vec() };
        assert_eq!(game.read_sent("a4?b4xd4"), Ok(ended), "{hidden}");
        assert_eq!(game.read_sent("a4?b4"), game.read_sent("a4?b4xd4"), "{hidden}");
        // Refused alike: what no layout could make a turn.
        for bad in ["a4?b4zz", "a4?b4=p", "a4?b4-c4", "a4?d4", "a4?b4?"] {
            assert!(game.read_sent(bad).is_err(), "{bad} {hidden}");
        }
        let single = red_to_move(
            &top_row(&format!("H {hidden} ?p .. .. .. .. ..")),
            Config { chain_capture: false, ..config.clone() },
        );
        assert!(single.read_sent("a4?b4?c4").is_err(), "no chain without chain capture");
        assert_eq!(single.read_sent("a4?b4"), Ok(chained[..1].to_vec()));
    }
}

/// The oracle probe: in positions from random games under every combination of blind capture,
/// chain capture and chariot rush, every turn some layout allows (and each with a capture
/// added) is sent to the real game and to other games that look the same to its player. The
/// answers, and the turns as far as their first reveal, must be the same.
#[test]
fn no_answer_to_a_sent_turn_depends_on_a_face_down_piece() {
    use rand::rngs::SmallRng;
    use rand::seq::IndexedRandom;
    use rand::{Rng, SeedableRng};
    let squares: Vec<String> = (0..32).map(board_suite::rules::dark_chess::square_name).collect();
    let (mut probes, mut leaks_before) = (0, 0);
    for (chain_capture, chariot_rush) in [(true, false), (true, true), (false, false), (false, true)] {
        let config = Config { blind_capture: true, chain_capture, chariot_rush, ..rules() };
        for seed in 0..3 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = DarkChess::new(&Config { seed, ..config.clone() });
            for _ in 0..35 {
                if game.outcome().is_some() {
                    break;
                }
                let layouts: Vec<DarkChess> =
                    (0..2).map(|k| DarkChess::from_view(&game.view(), rng.random::<u64>() ^ k)).collect();
                let mut texts: Vec<String> = std::iter::once(&game)
                    .chain(&layouts)
                    .flat_map(|layout| announced_turns(layout, 300))
                    .collect();
                texts.sort();
                texts.dedup();
                let blind: Vec<String> = texts.iter().filter(|t| t.contains('?')).cloned().collect();
                for text in blind {
                    // Another capture from the attacked square, along its row or column.
                    let (x, y) = coordinates(parse_square(&text[text.len() - 2..], COLUMNS, ROWS).unwrap());
                    for square in (0..32).filter(|&s| {
                        let (sx, sy) = coordinates(s);
                        (sx == x) != (sy == y)
                    }) {
                        let square = &squares[usize::from(square)];
                        texts.extend([format!("{text}x{square}"), format!("{text}?{square}")]);
                    }
                    texts.extend([format!("{text}zz"), format!("{text}=K"), format!("{text}-a1")]);
                }
                for text in &texts {
                    probes += 1;
                    let answer = |layout: &DarkChess| {
                        layout.read_sent(text).map(|legs| {
                            let mut after = layout.clone();
                            for &leg in &legs {
                                after.play(leg).unwrap();
                            }
                            assert!(!after.mid_move(), "{text}: a whole turn");
                            up_to_reveal(layout, &legs)
                        })
                    };
                    let truth = answer(&game);
                    for layout in &layouts {
                        assert_eq!(answer(layout), truth, "{text} in {:?}", game.view());
                    }
                    let old = |layout: &DarkChess| board_suite::rules::read_announced(layout, text).is_ok();
                    leaks_before += usize::from(layouts.iter().any(|layout| old(layout) != old(&game)));
                }
                let turns = announced_turns(&game, 300);
                let turn = turns.choose(&mut rng).unwrap();
                for leg in game.read_sent(turn).unwrap() {
                    game.play(leg).unwrap();
                }
            }
        }
    }
    // The probe reaches the turns whose answer told the hidden piece before.
    assert!(leaks_before > 0, "{probes} probes, none that leaked before");
    eprintln!("{probes} probes; {leaks_before} answered by a hidden piece by the plain reading");
}
