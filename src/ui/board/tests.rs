//! The board's input and motions, natively: from the views the games draw.

use super::input::{Key, Source, drop_action, select};
use super::motion::{Motion, motions};
use crate::i18n::{Lang, Side};
use crate::rules::checkers::Checkers;
use crate::rules::connect_four::ConnectFour;
use crate::rules::{Game, History, parse_turn};
use crate::ui::model::{BoardAction, BoardView, Piece};
use crate::ui::model::{Scene, UiGame};

/// The board a game draws after `turns`, with its legal moves.
fn view_after<G: UiGame>(config: &G::Config, turns: &[&str]) -> BoardView {
    let mut history = History::<G>::new(config);
    for turn in turns {
        for leg in parse_turn(history.current(), turn).expect("a turn") {
            history.play(leg).expect("legal");
        }
    }
    let game = history.current();
    let legal = game.legal_moves();
    let moves = history.move_list().to_vec();
    let scene = Scene { legal: &legal, moves: &moves, turn: history.last_turn(), path: &[] };
    game.view(&scene, Lang::En.game_text())
}

fn checkers(turns: &[&str]) -> BoardView {
    view_after::<Checkers>(&Default::default(), turns)
}

fn connect_four(turns: &[&str]) -> BoardView {
    view_after::<ConnectFour>(&(), turns)
}

#[test]
fn drag_data_round_trips_and_foreign_data_is_ignored() {
    for source in [Source::Hand, Source::Cell((0, 0)), Source::Cell((14, 7))] {
        assert_eq!(Source::parse(&source.encode()), Some(source));
    }
    for foreign in
        ["", "cell:", "cell:1", "cell:a,b", "cell:-1,2", "hand ", "https://example.com", "cell:1,2,3"]
    {
        assert_eq!(Source::parse(foreign), None, "{foreign:?}");
    }
}

#[test]
fn a_piece_dropped_on_one_of_its_moves_moves_and_elsewhere_does_nothing() {
    let board = checkers(&[]);
    let &(from, to, _) = board.moves.first().expect("black can move");
    assert_eq!(drop_action(&board, Source::Cell(from), to), Some(BoardAction::Move { from, to }));
    assert_eq!(drop_action(&board, Source::Cell(from), from), None);
    assert_eq!(drop_action(&board, Source::Cell(to), from), None, "an empty square has no moves");
    assert_eq!(drop_action(&board, Source::Cell((99, 99)), to), None);
}

#[test]
fn the_hands_piece_drops_only_on_a_target() {
    let board = connect_four(&[]);
    let target = board.targets[0].cell;
    assert_eq!(drop_action(&board, Source::Hand, target), Some(BoardAction::Activate(target)));
    let mut none = board.clone();
    none.targets.clear();
    assert_eq!(drop_action(&none, Source::Hand, target), None);
}

#[test]
fn a_click_selects_a_movable_piece_and_a_second_click_moves_it() {
    let board = checkers(&[]);
    let &(from, to, _) = board.moves.first().unwrap();
    assert_eq!(select(&board, None, from), (Some(from), None));
    assert_eq!(select(&board, Some(from), to), (None, Some(BoardAction::Move { from, to })));
    // The same piece again drops the selection; a piece that cannot move selects nothing.
    assert_eq!(select(&board, Some(from), from), (None, None));
    assert_eq!(select(&board, None, (0, 0)), (None, None));
}

#[test]
fn a_click_on_another_movable_piece_selects_it_instead() {
    let board = checkers(&[]);
    let froms: Vec<_> = board.moves.iter().map(|m| m.0).collect();
    let other = *froms.iter().find(|&&f| f != froms[0]).unwrap();
    assert_eq!(select(&board, Some(froms[0]), other), (Some(other), None));
}

#[test]
fn a_click_on_a_target_activates_it() {
    let board = connect_four(&[]);
    let cell = board.targets[3].cell;
    assert_eq!(select(&board, None, cell), (None, Some(BoardAction::Activate(cell))));
}

#[test]
fn arrow_keys_move_the_focus_within_the_board() {
    let read = |key, at| Key::read(key, at, 7, 6);
    assert_eq!(read("ArrowLeft", (0, 0)), Some(Key::Focus((0, 0))));
    assert_eq!(read("ArrowRight", (6, 0)), Some(Key::Focus((6, 0))));
    assert_eq!(read("ArrowRight", (2, 3)), Some(Key::Focus((3, 3))));
    assert_eq!(read("ArrowUp", (2, 0)), Some(Key::Focus((2, 0))));
    assert_eq!(read("ArrowDown", (2, 5)), Some(Key::Focus((2, 5))));
    assert_eq!(read("ArrowDown", (2, 1)), Some(Key::Focus((2, 2))));
    assert_eq!(read("Enter", (2, 1)), Some(Key::Act));
    assert_eq!(read(" ", (2, 1)), Some(Key::Act));
    assert_eq!(read("Escape", (2, 1)), Some(Key::Cancel));
    assert_eq!(read("a", (2, 1)), None);
}

#[test]
fn nothing_moves_between_identical_boards() {
    let board = checkers(&["11-15"]);
    assert_eq!(motions(&board, &board), []);
}

#[test]
fn a_disc_falls_and_a_stone_is_placed() {
    let dropped = motions(&connect_four(&[]), &connect_four(&["4"]));
    assert!(matches!(dropped[..], [Motion::Fall((3, 5))]), "{dropped:?}");
    let gomoku = |turns: &[&str]| view_after::<crate::rules::gomoku::Gomoku>(&Default::default(), turns);
    let placed = motions(&gomoku(&[]), &gomoku(&["h8"]));
    assert!(matches!(placed[..], [Motion::Place(_)]), "{placed:?}");
}

#[test]
fn a_moved_piece_slides_and_undo_slides_it_back() {
    let (before, after) = (checkers(&[]), checkers(&["11-15"]));
    let forward = motions(&before, &after);
    let [Motion::Slide(path)] = &forward[..] else { panic!("{forward:?}") };
    assert_eq!(path.len(), 2);
    let backward = motions(&after, &before);
    let [Motion::Slide(back)] = &backward[..] else { panic!("{backward:?}") };
    assert_eq!((back[0], back[1]), (path[1], path[0]));
}

#[test]
fn a_jumped_piece_is_taken() {
    let before = checkers(&["11-15", "24-19"]);
    let after = checkers(&["11-15", "24-19", "15x24"]);
    let found = motions(&before, &after);
    assert!(found.iter().any(|m| matches!(m, Motion::Slide(_))), "{found:?}");
    let taken: Vec<_> = found
        .iter()
        .filter_map(|m| if let Motion::Taken(at, p) = m { Some((*at, p)) } else { None })
        .collect();
    assert_eq!(taken.len(), 1, "{found:?}");
    assert!(matches!(taken[0].1, Piece::FaceUp { owner: Side::Red, .. }), "{found:?}");
}

#[test]
fn a_flip_turns_the_piece_over() {
    let config = crate::rules::dark_chess::Config { seed: 3, ..Default::default() };
    let before = view_after::<crate::rules::dark_chess::DarkChess>(&config, &[]);
    let game = crate::rules::dark_chess::DarkChess::new(&config);
    let flip = game.legal_moves()[0];
    let mut after_game = game.clone();
    after_game.play(flip).unwrap();
    let turn = game.turn_notation(&[flip]);
    let after = view_after::<crate::rules::dark_chess::DarkChess>(&config, &[&turn]);
    let found = motions(&before, &after);
    assert!(matches!(found[..], [Motion::Turn(_)]), "{found:?}");
}

#[test]
fn a_jump_through_the_game_is_shown_at_once() {
    let far = checkers(&["11-15", "24-19", "15x24", "28x19", "9-14", "22-17", "8-11", "25-22"]);
    assert_eq!(motions(&checkers(&[]), &far), []);
    let mut smaller = far.clone();
    smaller.columns = 4;
    assert_eq!(motions(&far, &smaller), [], "boards of other sizes are not compared");
}
