//! The session's transitions, natively: every action through the same reducer the page uses,
//! read back through what the screen shows.

use super::*;
use crate::i18n::{GameText, Lang, Side};
use crate::protocol::{ChatLine, Offer, OfferState, Said, Seat, SeatPlayer};
use crate::rules::checkers::Checkers;
use crate::rules::connect_four::{ConnectFour, Move as Drop};
use crate::rules::dark_chess::{self, DarkChess};
use crate::rules::gomoku::{self, Gomoku};
use crate::rules::record;
use crate::rules::{Game, Illegal, Player, parse_turn};
use crate::ui::flow::Preference;
use crate::ui::model::BoardAction;
use crate::ui::model::{Connection, RoomState};
use crate::ui::model::{Control, Ended, ReviewStep, Summary};

type Four = Session<ConnectFour>;

const TODAY: &str = "2026.11.25";

fn text() -> &'static GameText {
    Lang::En.game_text()
}

/// A session of `G` after `turns`, as the move list writes them, as if loaded from storage.
fn after<G: UiGame>(turns: &[&str]) -> Rc<Session<G>> {
    after_with(turns, Remembered::default())
}

fn after_with<G: UiGame>(turns: &[&str], remembered: Remembered) -> Rc<Session<G>> {
    let record = format!("{} *", turns.join(" "));
    let history = record::read::<G>(&record, 0).expect("legal turns");
    let saved = Saved { history, pending: Vec::new(), revision: 0 };
    Rc::new(Session::new(saved, true, remembered, Problems::default()))
}

fn act<G: UiGame>(session: &Rc<Session<G>>, action: Action<G>) -> Rc<Session<G>> {
    session.clone().reduce(action)
}

/// The effects an action asks the page to carry out.
fn effects<G: UiGame>(session: &Rc<Session<G>>, action: Action<G>) -> Vec<Effect> {
    session.clone().step(action).1
}

fn acts<G: UiGame>(session: &Rc<Session<G>>, actions: impl IntoIterator<Item = Action<G>>) -> Rc<Session<G>> {
    actions.into_iter().fold(session.clone(), |s, a| act(&s, a))
}

/// The actions of a turn written as the move list writes it, in `session`'s position.
fn legs<G: UiGame>(session: &Session<G>, turn: &str) -> Vec<G::Move> {
    parse_turn(&session.game.position, turn).expect("a turn here")
}

fn play<G: UiGame>(session: &Rc<Session<G>>, turn: &str) -> Rc<Session<G>> {
    acts(session, legs(session, turn).into_iter().map(Action::Play))
}

fn drop_in(column: u8) -> Action<ConnectFour> {
    Action::Play(Drop::Drop(column))
}

/// The engine's turn for the computer, as if asked for in `session`'s position.
fn computers<G: UiGame>(session: &Session<G>, turn: &str) -> Action<G> {
    Action::Computer { at: session.position_key(), turn: turn.to_owned() }
}

fn hint<G: UiGame>(session: &Session<G>, turn: &str) -> Action<G> {
    Action::Hint { at: session.position_key(), turn: turn.to_owned() }
}

fn summary<G: UiGame>(session: &Session<G>) -> Summary {
    session.summary(text(), TODAY)
}

fn moves<G: UiGame>(session: &Session<G>) -> Vec<String> {
    summary(session).moves.into_iter().map(|entry| entry.notation).collect()
}

fn computer_second() -> Remembered {
    Remembered { opponent: Opponent { computer: Some(Player::Second), level: 3 }, ..Remembered::default() }
}

#[test]
fn a_move_is_played_listed_and_counted_as_a_change() {
    let start = after::<ConnectFour>(&[]);
    let next = act(&start, drop_in(3));
    assert_eq!(moves(&next), ["4"]);
    assert_eq!(summary(&next).status.to_move, Side::Yellow);
    assert_eq!(next.storage.changes, start.storage.changes + 1);
    assert!(!next.storage.stored, "a change is to be saved");
}

#[test]
fn an_illegal_move_is_refused_in_words_and_changes_nothing() {
    let full = after::<ConnectFour>(&["1", "1", "1", "1", "1", "1"]);
    let next = act(&full, drop_in(0));
    assert_eq!(summary(&next).notices.refusal, Some(Illegal::ColumnFull));
    assert_eq!(next.game.history, full.game.history);
    assert_eq!(next.storage.changes, full.storage.changes);
    // The next input clears the refusal.
    assert_eq!(summary(&act(&next, drop_in(1))).notices.refusal, None);
}

#[test]
fn undo_and_redo_take_back_and_replay_a_turn() {
    let played = after::<ConnectFour>(&["4", "4", "3"]);
    let undone = act(&played, Action::Control(Control::Undo));
    assert_eq!(moves(&undone), ["4", "4"]);
    assert!(summary(&undone).can_redo);
    let redone = act(&undone, Action::Control(Control::Redo));
    assert_eq!(moves(&redone), ["4", "4", "3"]);
    assert!(!summary(&redone).can_redo);
}

#[test]
fn a_new_move_clears_what_could_be_redone() {
    let undone = act(&after::<ConnectFour>(&["4", "4"]), Action::Control(Control::Undo));
    let branched = act(&undone, drop_in(0));
    assert_eq!(moves(&branched), ["4", "1"]);
    assert!(!summary(&branched).can_redo);
}

#[test]
fn nothing_to_undo_at_the_start() {
    let start = after::<ConnectFour>(&[]);
    assert!(!summary(&start).can_undo);
    let next = act(&start, Action::Control(Control::Undo));
    assert_eq!(next.game.history, start.game.history);
}

#[test]
fn resigning_ends_the_game_for_the_other_side() {
    let resigned = act(&after::<ConnectFour>(&["4"]), Action::Control(Control::Resign));
    let status = summary(&resigned).status;
    assert_eq!(status.ended, Some(Ended::Winner(Side::Red)));
    assert_eq!(status.ending, (text().resigned)((text().side)(Side::Yellow)));
}

#[test]
fn an_agreed_draw_ends_in_a_draw() {
    let drawn = act(&after::<ConnectFour>(&["4"]), Action::Control(Control::AgreeDraw));
    let status = summary(&drawn).status;
    assert_eq!(status.ended, Some(Ended::Draw));
    assert_eq!(status.ending, text().draw_agreed);
}

#[test]
fn a_won_game_takes_no_more_moves() {
    let won = after::<ConnectFour>(&["1", "2", "1", "2", "1", "2", "1"]);
    assert_eq!(summary(&won).status.ended, Some(Ended::Winner(Side::Red)));
    let next = act(&won, drop_in(4));
    assert_eq!(summary(&next).notices.refusal, Some(Illegal::GameOver));
    assert_eq!(next.game.history, won.game.history);
}

#[test]
fn a_restart_starts_afresh() {
    let restarted = act(&after::<ConnectFour>(&["4", "4"]), Action::Restart(7));
    assert!(moves(&restarted).is_empty());
    assert!(!summary(&restarted).can_undo);
}

#[test]
fn rules_change_only_before_the_first_move() {
    let renju = gomoku::Config { rules: gomoku::RuleSet::Renju };
    let fresh = act(&after::<Gomoku>(&[]), Action::Configure(renju.clone()));
    assert_eq!(fresh.game.history.current().config(), &renju);
    let begun = act(&after::<Gomoku>(&["h8"]), Action::Configure(renju));
    assert_eq!(begun.game.history.current().config(), &gomoku::Config::default());
    assert_eq!(moves(&begun), ["h8"]);
}

#[test]
fn review_steps_through_the_game_and_back_to_live() {
    let game = after::<ConnectFour>(&["4", "4", "3", "5"]);
    let review = |s: &Rc<Four>, step| act(s, Action::Control(Control::Review(step)));
    let first = review(&game, ReviewStep::First);
    assert_eq!(summary(&first).status.review, Some((0, 4)));
    let next = review(&first, ReviewStep::Next);
    assert_eq!(summary(&next).status.review, Some((1, 4)));
    assert_eq!(summary(&review(&next, ReviewStep::Previous)).status.review, Some((0, 4)));
    assert_eq!(summary(&review(&game, ReviewStep::To(2))).status.review, Some((2, 4)));
    // The last turn is the live position.
    assert_eq!(summary(&review(&next, ReviewStep::Last)).status.review, None);
    assert_eq!(summary(&review(&game, ReviewStep::Next)).status.review, None);
    assert_eq!(summary(&review(&game, ReviewStep::To(99))).status.review, None);
}

#[test]
fn a_review_shows_the_position_then_and_never_changes_the_game() {
    let game = after::<ConnectFour>(&["4", "4"]);
    let first = act(&game, Action::Control(Control::Review(ReviewStep::First)));
    assert!(first.board(text()).cells.iter().all(|cell| cell.piece.is_none()));
    assert_eq!(first.game.history, game.game.history);
    assert_eq!(first.storage.changes, game.storage.changes);
}

#[test]
fn board_input_during_a_review_returns_to_the_game_without_playing() {
    let reviewing =
        act(&after::<ConnectFour>(&["4", "4"]), Action::Control(Control::Review(ReviewStep::First)));
    let back = act(&reviewing, drop_in(0));
    assert_eq!(summary(&back).status.review, None);
    assert_eq!(moves(&back), ["4", "4"]);
}

#[test]
fn the_computers_turn_does_not_end_a_review() {
    let session = after_with::<ConnectFour>(&["4"], computer_second());
    let reviewing = act(&session, Action::Control(Control::Review(ReviewStep::First)));
    let answered = act(&reviewing, computers(&reviewing, "4"));
    assert_eq!(moves(&answered), ["4", "4"]);
    assert_eq!(summary(&answered).status.review, Some((0, 2)));
}

fn shared_game() -> History<ConnectFour> {
    record::read("1. 1 2 2. 3 *", 0).unwrap()
}

#[test]
fn a_shared_game_is_shown_for_review_and_the_players_own_kept() {
    let own = after::<ConnectFour>(&["4"]);
    let shown = act(&own, Action::Shared { history: shared_game(), kept: false });
    let panel = summary(&shown);
    assert!(panel.record.shared);
    assert_eq!(moves(&shown), ["1", "2", "3"]);
    assert_eq!(shown.game.history, own.game.history, "the player's own game is untouched");
    // It waits for the player's choice: nothing is played on either game.
    assert_eq!(act(&shown, drop_in(0)).game.history, own.game.history);
    assert!(act(&shown, drop_in(0)).review.shared.is_some());
}

#[test]
fn a_game_from_a_players_page_is_reviewed_as_ones_own_and_nothing_of_it_taken_back() {
    let own = after::<ConnectFour>(&["4", "4"]);
    let shared = act(&own, Action::Shared { history: shared_game(), kept: false });
    let kept = act(&own, Action::Shared { history: shared_game(), kept: true });
    for shown in [&shared, &kept] {
        let panel = summary(shown);
        assert_eq!(moves(shown), ["1", "2", "3"]);
        assert_eq!(panel.status.review, Some((3, 3)));
        assert!(!panel.can_undo && !panel.can_redo, "Undo is off: the game shown is not the one played");
        assert_eq!(act(shown, Action::Control(Control::Undo)).game.history, own.game.history);
    }
    assert!(summary(&shared).record.shared, "a link's game asks whether to continue it");
    assert!(!summary(&kept).record.shared, "a kept game asks nothing");
    let back = act(&kept, Action::Control(Control::Review(ReviewStep::Live)));
    assert_eq!(moves(&back), ["4", "4"]);
    assert!(summary(&back).can_undo);
}

#[test]
fn a_shared_game_continued_becomes_the_game() {
    let shown = act(&after::<ConnectFour>(&["4"]), Action::Shared { history: shared_game(), kept: false });
    let continued = act(&shown, Action::Control(Control::ContinueShared));
    assert!(continued.review.shared.is_none());
    assert_eq!(continued.game.history, shared_game());
    assert!(!continued.storage.stored, "the new game is to be saved");
}

#[test]
fn keeping_ones_own_game_puts_the_shared_one_away() {
    let own = after::<ConnectFour>(&["4"]);
    let shown = act(&own, Action::Shared { history: shared_game(), kept: false });
    let kept = act(&shown, Action::Control(Control::Review(ReviewStep::Live)));
    assert!(kept.review.shared.is_none());
    assert_eq!(moves(&kept), ["4"]);
}

#[test]
fn a_record_that_cannot_be_read_is_told_and_the_game_untouched() {
    let own = after::<ConnectFour>(&["4"]);
    let error = record::read::<ConnectFour>("1. 9 *", 0).unwrap_err();
    let refused = act(&own, Action::RecordRefused(error.clone()));
    assert_eq!(summary(&refused).notices.record_error, Some(error));
    assert_eq!(refused.game.history, own.game.history);
    let dismissed = act(&refused, Action::Control(Control::DismissNotice));
    assert_eq!(summary(&dismissed).notices.record_error, None);
}

#[test]
fn a_board_input_plays_the_move_it_names_and_one_naming_none_changes_nothing() {
    let start = after::<ConnectFour>(&[]);
    assert_eq!(moves(&act(&start, Action::Board(BoardAction::Activate((3, 0))))), ["4"]);
    let dragged = act(&start, Action::Board(BoardAction::Move { from: (3, 0), to: (4, 0) }));
    assert!(Rc::ptr_eq(&dragged, &start));
}

#[test]
fn a_setting_makes_its_rules_and_a_command_not_there_plays_nothing() {
    let fresh = after::<Gomoku>(&[]);
    let chosen = act(&fresh, Action::Control(Control::Choose { index: 0, choice: 2 }));
    assert_eq!(chosen.game.history.current().config().rules, gomoku::RuleSet::Renju);
    let missing = act(&fresh, Action::Control(Control::Choose { index: 9, choice: 1 }));
    assert!(Rc::ptr_eq(&missing, &fresh), "a setting that is not there changes nothing");
    let none = act(&fresh, Action::Control(Control::Command(0)));
    assert!(Rc::ptr_eq(&none, &fresh), "a button that is not there plays nothing");
}

#[test]
fn a_records_text_is_read_and_its_marks_come_with_its_game() {
    let own = after::<ConnectFour>(&["4"]);
    let loaded = act(&own, Action::LoadRecord { text: "1. 4 4?? {[%eval #3]} 2. 3 *".into(), seed: 0 });
    assert_eq!(moves(&loaded), ["4", "4", "3"]);
    assert!(loaded.analysis_info().wanted, "its marks bring an analysis");
    let shared =
        act(&own, Action::ShareRecord { text: "1. 1 2?? {[%eval #3]} 2. 3 *".into(), seed: 0, kept: false });
    assert!(summary(&shared).record.shared);
    assert_eq!(shared.analysis_info().stored.notes[1].glyph.as_deref(), Some("??"));
    let refused = act(&own, Action::LoadRecord { text: "1. 9 *".into(), seed: 0 });
    assert!(summary(&refused).notices.record_error.is_some());
    assert_eq!(refused.game.history, own.game.history);
}

#[test]
fn a_loaded_record_replaces_the_game() {
    let loaded = act(&after::<ConnectFour>(&["4"]), Action::Load(shared_game(), Timing::default()));
    assert_eq!(loaded.game.history, shared_game());
}

#[test]
fn another_tabs_newer_game_is_taken_up() {
    let mine = after::<ConnectFour>(&["4"]);
    let theirs = Saved { history: shared_game(), pending: Vec::new(), revision: 3 };
    let followed = act(&mine, Action::Follow { saved: theirs.clone(), overtook: false });
    assert_eq!(followed.game.history, theirs.history);
    assert!(followed.storage.stored, "what another tab saved is not saved again");
    assert!(!summary(&followed).notices.overtaken);
    let overtaken = act(&mine, Action::Follow { saved: theirs, overtook: true });
    assert!(summary(&overtaken).notices.overtaken, "an input that came too late is told");
}

#[test]
fn a_refused_save_is_told_once_until_a_save_succeeds() {
    let game = after::<ConnectFour>(&["4"]);
    let refused = act(&game, Action::Stored(Err(StorageProblem::WriteRefused)));
    assert_eq!(summary(&refused).notices.storage_problem, Some(StorageProblem::WriteRefused));
    let dismissed = act(&refused, Action::Control(Control::DismissNotice));
    assert_eq!(summary(&dismissed).notices.storage_problem, None);
    let again = act(&dismissed, Action::Stored(Err(StorageProblem::WriteRefused)));
    assert_eq!(summary(&again).notices.storage_problem, None, "not told twice");
    let saved = act(&again, Action::Stored(Ok(())));
    let later = act(&saved, Action::Stored(Err(StorageProblem::WriteRefused)));
    assert_eq!(summary(&later).notices.storage_problem, Some(StorageProblem::WriteRefused));
}

#[test]
fn the_computer_is_to_move_on_its_side_only() {
    let session = after_with::<ConnectFour>(&[], computer_second());
    assert!(!session.computer_to_move());
    let replied = act(&session, drop_in(3));
    assert!(replied.computer_to_move());
    assert!(summary(&replied).status.thinking);
    // A person's input on the computer's turn is not played.
    let ignored = act(&replied, drop_in(0));
    assert_eq!(moves(&ignored), ["4"]);
}

#[test]
fn the_computers_turn_is_played_when_it_is_to_move_and_dropped_otherwise() {
    let session = after_with::<ConnectFour>(&[], computer_second());
    assert_eq!(act(&session, computers(&session, "4")).game.history, session.game.history);
    let thinking = act(&session, drop_in(3));
    let answered = act(&thinking, computers(&thinking, "5"));
    assert_eq!(moves(&answered), ["4", "5"]);
    assert!(!answered.computer_to_move());
}

#[test]
fn an_engines_answer_for_another_position_is_dropped() {
    let session = after_with::<ConnectFour>(&[], computer_second());
    let asked = act(&session, drop_in(3));
    let at = asked.position_key();
    // The player took the move back before the answer came.
    let undone = act(&asked, Action::Control(Control::Undo));
    let late = act(&undone, Action::Computer { at, turn: "4".into() });
    assert!(Rc::ptr_eq(&late, &undone), "nothing changes");
    let hinted = act(&undone, Action::Hint { at, turn: "4".into() });
    assert!(Rc::ptr_eq(&hinted, &undone), "a hint for another position marks nothing");
}

#[test]
fn undo_against_the_computer_takes_back_its_reply_too() {
    let session = after_with::<ConnectFour>(&["4", "5"], computer_second());
    let undone = act(&session, Action::Control(Control::Undo));
    assert!(moves(&undone).is_empty());
}

#[test]
fn an_engine_that_fails_is_told_and_the_computer_waits() {
    let thinking = act(&after_with::<ConnectFour>(&[], computer_second()), drop_in(3));
    let failed = act(&thinking, Action::EngineFailed("out of memory".into()));
    assert!(!failed.computer_to_move());
    assert_eq!(summary(&failed).notices.engine_failed.as_deref(), Some("out of memory"));
    // Choosing the opponent again asks again.
    let again = act(&failed, Action::Opponent(computer_second().opponent));
    assert!(again.computer_to_move());
}

#[test]
fn a_hint_marks_its_cells_until_the_next_move() {
    let game = after::<ConnectFour>(&["4"]);
    let hinted = act(&game, hint(&game, "3"));
    let marked = |s: &Four| s.board(text()).cells.iter().filter(|c| c.mark == Some("hint")).count();
    assert_eq!(marked(&hinted), 1);
    assert_eq!(marked(&act(&hinted, drop_in(6))), 0);
    // An answer that is no turn here marks nothing.
    assert_eq!(marked(&act(&game, hint(&game, "x"))), 0);
}

fn confirming() -> Remembered {
    Remembered { prefs: Prefs { confirm_turn: true, pass_device: false }, ..Remembered::default() }
}

#[test]
fn a_complete_turn_waits_for_finish_turn_when_asked() {
    let session = after_with::<Checkers>(&[], confirming());
    let made = play(&session, "11-15");
    assert!(moves(&made).is_empty(), "the turn is not yet played");
    assert!(made.game.complete());
    assert!(made.board(text()).moves.is_empty(), "nothing more to play until it is finished");
    let finished = act(&made, Action::Control(Control::FinishTurn));
    assert_eq!(moves(&finished), ["11-15"]);
}

#[test]
fn a_turn_being_made_can_be_cleared() {
    let made = play(&after_with::<Checkers>(&[], confirming()), "11-15");
    let cleared = act(&made, Action::Control(Control::ClearMoves));
    assert!(cleared.game.pending.is_empty());
    assert!(moves(&cleared).is_empty());
}

#[test]
fn switching_confirmation_off_passes_a_complete_turn_at_once() {
    let made = play(&after_with::<Checkers>(&[], confirming()), "11-15");
    let off = act(&made, Action::Control(Control::Flow(FlowControl::Prefer(Preference::ConfirmTurn, false))));
    assert_eq!(moves(&off), ["11-15"]);
}

#[test]
fn another_tabs_choices_are_taken_up() {
    let made = play(&after_with::<Checkers>(&[], confirming()), "11-15");
    let changed = act(&made, Action::Prefs(Prefs::default()));
    assert!(!changed.turn.flow.waits());
}

#[test]
fn the_pass_device_cover_hides_the_board_until_the_next_player_starts() {
    let passing =
        Remembered { prefs: Prefs { confirm_turn: false, pass_device: true }, ..Remembered::default() };
    let covered = after_with::<Checkers>(&[], passing);
    assert!(covered.turn.flow.covered(), "the first player starts their turn too");
    assert_eq!(act(&covered, Action::Play(legs(&covered, "11-15")[0])).game.history, covered.game.history);
    let started = act(&covered, Action::Control(Control::Flow(FlowControl::StartTurn)));
    let passed = play(&started, "11-15");
    assert!(passed.turn.flow.covered());
    let under_cover = play(&passed, "22-18");
    assert_eq!(moves(&under_cover), ["11-15"], "nothing is played under the cover");
    let started = act(&passed, Action::Control(Control::Flow(FlowControl::StartTurn)));
    assert!(!started.turn.flow.covered());
    assert_eq!(moves(&play(&started, "22-18")), ["11-15", "22-18"]);
}

#[test]
fn a_multi_jump_is_one_turn_undone_a_leg_at_a_time_while_being_made() {
    let history = record::read::<Checkers>("[SetUp \"1\"]\n[FEN \"B:W18,27:B14\"]\n\n*", 0).unwrap();
    let saved = Saved { history, pending: Vec::new(), revision: 0 };
    let jumpable = Rc::new(Session::new(saved, true, Remembered::default(), Problems::default()));
    let first_leg = act(&jumpable, Action::Play(legs(&jumpable, "14x23x32")[0]));
    assert_eq!(first_leg.game.pending.len(), 1);
    assert!(summary(&first_leg).can_undo, "a leg that revealed nothing may be taken back");
    let back = act(&first_leg, Action::Control(Control::Undo));
    assert!(back.game.pending.is_empty());
    assert_eq!(back.game.history, jumpable.game.history);
    let whole = play(&jumpable, "14x23x32");
    assert_eq!(moves(&whole), ["14x23x32"], "the legs are one turn in the move list");
}

#[test]
fn a_dark_chess_flip_is_never_taken_back() {
    let config = dark_chess::Config { seed: 7, ..Default::default() };
    let history = History::<DarkChess>::new(&config);
    let saved = Saved { history, pending: Vec::new(), revision: 0 };
    let session = Rc::new(Session::new(saved, true, Remembered::default(), Problems::default()));
    let flip =
        session.game.legal.iter().copied().find(|mv| session.game.position.reveals_hidden(mv)).unwrap();
    let flipped = act(&session, Action::Play(flip));
    assert_eq!(moves(&flipped).len(), 1);
    assert!(!summary(&flipped).can_undo);
    assert_eq!(act(&flipped, Action::Control(Control::Undo)).game.history, flipped.game.history);
    let note = summary(&flipped).status.undo_note.expect("the flip says why Undo is refused");
    assert!(note.contains("cannot be taken back"), "{note}");
    // The next turn, a flip again or not, is the one Undo acts on.
    let reply = act(&flipped, Action::Play(flipped.game.legal[0]));
    let said = summary(&reply);
    assert_eq!(said.status.undo_note.is_some(), !said.can_undo);
}

#[test]
fn undo_says_nothing_where_it_is_refused_for_no_game_reason() {
    let start = after::<ConnectFour>(&[]);
    assert!(!summary(&start).can_undo);
    assert_eq!(summary(&start).status.undo_note, None, "nothing to undo yet needs no words");
    assert_eq!(summary(&after::<ConnectFour>(&["4"])).status.undo_note, None);
}

#[test]
fn the_record_and_link_are_written_for_anyone_to_see() {
    let game = after::<ConnectFour>(&["4", "4"]);
    let record = summary(&game).record;
    assert!(record.text.contains("[Date \"2026.11.25\"]"), "{}", record.text);
    assert!(record.text.contains("1. 4 4 *"), "{}", record.text);
    assert_eq!(record.link, "#/connect-four?record=4+4+*");
}

#[test]
fn the_move_list_names_each_turns_side() {
    let sides: Vec<Side> =
        summary(&after::<ConnectFour>(&["4", "3", "2"])).moves.iter().map(|m| m.side).collect();
    assert_eq!(sides, [Side::Red, Side::Yellow, Side::Red]);
}

// Online.

fn seated(seat: Player) -> Rc<Four> {
    let online = act(&after::<ConnectFour>(&["4"]), Action::GoOnline(None));
    acts(
        &online,
        [
            Action::Online(ServerNews::Connection(Connection::Open)),
            Action::Online(ServerNews::Seat { room: "k3vx8q2mwa".into(), seat: Some(seat) }),
        ],
    )
}

/// The room whole as the server tells it: its state and its record.
#[derive(Clone)]
struct Whole {
    state: RoomState,
    record: String,
}

impl Whole {
    /// The room with `change` made to its state.
    fn with(mut self, change: impl FnOnce(&mut RoomState)) -> Whole {
        change(&mut self.state);
        self
    }

    /// The room ended as `record` says.
    fn ended(self, record: &str) -> Whole {
        Whole { record: record.into(), ..self.with(|s| s.over = true) }
    }
}

/// The room whole after `turns`, both players here, untimed.
fn room(version: u64, turns: &[&str]) -> Whole {
    let state = RoomState {
        room: "k3vx8q2mwa".into(),
        game: "connect-four".into(),
        version,
        turns: turns.len(),
        to_move: if turns.len().is_multiple_of(2) { Seat::First } else { Seat::Second },
        over: false,
        termination: None,
        offer: None,
        online: [true, true],
        time: "untimed".into(),
        clocks: None,
        running: None,
        abort_in: None,
        claim_in: None,
        chat: Vec::new(),
        next: None,
        players: [None, None],
        rated: false,
        ratings: None,
    };
    Whole { state, record: format!("{} *", turns.join(" ")) }
}

fn state(version: u64, turns: &[&str]) -> Action<ConnectFour> {
    told(room(version, turns))
}

fn told(room: Whole) -> Action<ConnectFour> {
    Action::Online(ServerNews::State { state: Box::new(room.state), record: room.record, at: 1_000 })
}

/// A change of the room to `version`: `turn` played, if one was.
fn change(version: u64, turns: &[&str], turn: Option<&str>) -> Action<ConnectFour> {
    let state = Box::new(room(version, turns).state);
    Action::Online(ServerNews::Change { state, turn: turn.map(str::to_owned), clock: None, at: 2_000 })
}

fn offered(what: Offer, by: Seat) -> Option<OfferState> {
    Some(OfferState { what, by })
}

#[test]
fn going_online_keeps_the_devices_game_aside_and_leaving_brings_it_back() {
    let own = after::<ConnectFour>(&["4"]);
    let online = act(&own, Action::GoOnline(None));
    assert!(online.is_online());
    assert!(moves(&online).is_empty(), "a fresh board until the room's game arrives");
    let back = act(&online, Action::LeaveOnline);
    assert!(!back.is_online());
    assert_eq!(back.game.history, own.game.history);
    assert!(back.storage.stored, "the device's own game is not saved over");
}

#[test]
fn online_only_this_seats_turns_are_played() {
    let second = seated(Player::Second);
    assert_eq!(act(&second, drop_in(3)).game.history, second.game.history);
    let first = seated(Player::First);
    let played = act(&first, drop_in(3));
    assert_eq!(moves(&played), ["4"]);
    assert!(effects(&first, drop_in(3)).contains(&Effect::Send { turns: 0, turn: "4".to_owned() }));
    assert!(!effects(&second, drop_in(3)).iter().any(|effect| matches!(effect, Effect::Send { .. })));
}

#[test]
fn a_change_gives_its_effects_as_values_and_the_reducer_leaves_them_for_the_page() {
    let fresh = after::<ConnectFour>(&[]);
    assert_eq!(fresh.outbox().take(), [Effect::Save, Effect::Computer], "as the page opens");
    // A move: saved, and the computer's turn looked at; nothing sent offline.
    assert_eq!(effects(&fresh, drop_in(3)), [Effect::Save, Effect::Computer]);
    // Nothing changed, nothing to do.
    assert_eq!(effects(&fresh, drop_in(9)), []);
    assert_eq!(effects(&fresh, Action::Control(Control::Redo)), []);
    // Two actions before one drawing: the effects of both wait, in order.
    let played = acts(&fresh, [drop_in(3), drop_in(3)]);
    assert_eq!(played.outbox().take(), [Effect::Save, Effect::Computer, Effect::Save, Effect::Computer]);
    assert_eq!(played.outbox().take(), []);
    // A choice of another tab's: no save, the computer looked at.
    assert_eq!(effects(&fresh, Action::Opponent(computer_second().opponent)), [Effect::Computer]);
}

#[test]
fn online_a_gap_asks_for_the_room_whole_once() {
    let held = act(&seated(Player::First), state(2, &["4", "4"]));
    let gap = change(4, &["4", "4", "3", "3"], Some("3"));
    assert!(effects(&held, gap).contains(&Effect::Rejoin));
    let behind = act(&held, change(4, &["4", "4", "3", "3"], Some("3")));
    assert!(!effects(&behind, change(5, &["4", "4", "3", "3", "2"], Some("2"))).contains(&Effect::Rejoin));
}

#[test]
fn online_nothing_is_played_while_the_connection_is_down() {
    let lost = act(&seated(Player::First), Action::Online(ServerNews::Connection(Connection::Lost)));
    assert_eq!(act(&lost, drop_in(3)).game.history, lost.game.history);
}

#[test]
fn the_servers_state_is_the_game_and_an_older_one_is_ignored() {
    let seat = seated(Player::Second);
    let told = act(&seat, state(2, &["4"]));
    assert_eq!(moves(&told), ["4"]);
    let stale = act(&told, state(1, &[]));
    assert_eq!(moves(&stale), ["4"]);
    let played = act(&stale, drop_in(2));
    assert_eq!(moves(&played), ["4", "3"]);
}

#[test]
fn a_change_plays_its_turn_on_the_game_held_and_one_of_a_version_not_held_asks_for_the_whole() {
    let held = act(&seated(Player::First), state(2, &["4", "4"]));
    // Yellow's turn came in with the state above; this device, red, plays and sees its own
    // turn come back as a change: played once.
    let played = act(&held, drop_in(2));
    let back = act(&played, change(3, &["4", "4", "3"], Some("3")));
    assert_eq!(moves(&back), ["4", "4", "3"]);
    // The other side's turn, on the version held; again, it changes nothing.
    let theirs = act(&back, change(4, &["4", "4", "3", "3"], Some("3")));
    assert_eq!(moves(&theirs), ["4", "4", "3", "3"]);
    assert!(!theirs.behind());
    assert_eq!(act(&theirs, change(4, &["4", "4", "3", "3"], Some("3"))).game.history, theirs.game.history);
    assert!(!act(&theirs, change(3, &["4", "4", "3"], Some("3"))).behind(), "an old frame is no gap");
    // Who is here, at the same version: no turn.
    let away = act(&theirs, change(4, &["4", "4", "3", "3"], None));
    assert_eq!(moves(&away), ["4", "4", "3", "3"]);
    // A version missed: nothing guessed, the room asked for whole, which puts it right.
    let gap = act(&theirs, change(6, &["4", "4", "3", "3", "2", "2"], Some("2")));
    assert_eq!(moves(&gap), ["4", "4", "3", "3"]);
    assert!(gap.behind());
    let whole = act(&gap, state(6, &["4", "4", "3", "3", "2", "2"]));
    assert_eq!(moves(&whole), ["4", "4", "3", "3", "2", "2"]);
    assert!(!whole.behind());
    // A change before any room whole is a gap too.
    assert!(act(&seated(Player::First), change(1, &["4"], Some("4"))).behind());
}

#[test]
fn online_undo_resign_and_draw_are_asked_of_the_server_not_done_here() {
    let played = act(&act(&seated(Player::First), state(1, &[])), drop_in(3));
    for control in [Control::Undo, Control::Resign, Control::AgreeDraw] {
        let next = act(&played, Action::Control(control));
        assert_eq!(next.game.history, played.game.history, "{control:?}");
    }
    assert!(summary(&played).can_undo, "a takeback may be offered");
    assert!(!summary(&played).can_redo);
}

#[test]
fn online_another_tabs_save_is_the_devices_own_game_not_the_rooms() {
    let online = seated(Player::First);
    let theirs = Saved { history: shared_game(), pending: Vec::new(), revision: 3 };
    let next = act(&online, Action::Follow { saved: theirs, overtook: false });
    assert_eq!(next.game.history, online.game.history);
}

#[test]
fn the_seats_players_and_a_rated_games_changes_reach_the_panel() {
    use crate::protocol::{RatingChange, SeatPlayer};
    let ming = SeatPlayer {
        id: "p7x2q9k3".into(),
        name: Some("MingLi".into()),
        rating: Some(1500),
        provisional: true,
    };
    let lan = SeatPlayer { id: "q9k3".into(), name: None, rating: Some(1620), provisional: false };
    let changes = [
        RatingChange { before: 1500, after: 1662, provisional: true },
        RatingChange { before: 1620, after: 1611, provisional: false },
    ];
    let room = room(1, &["4"]).with(|s| {
        s.players = [Some(ming.clone()), Some(lan.clone())];
        s.rated = true;
        s.ratings = Some(changes);
        s.over = true;
    });
    let told = act(&seated(Player::Second), told(room));
    let panel = summary(&told).online.unwrap();
    assert_eq!((panel.sides, panel.players), ([Side::Red, Side::Yellow], [Some(ming), Some(lan)]));
    assert!(panel.rated);
    assert_eq!(panel.ratings, Some(changes));
    assert_eq!((changes[0].delta(), changes[1].delta()), (162, -9));
}

#[test]
fn an_offer_and_an_absent_opponent_are_shown() {
    let room = room(1, &["4"]).with(|s| {
        s.offer = offered(Offer::Draw, Seat::Second);
        s.online = [true, false];
    });
    let told = act(&seated(Player::First), self::told(room.clone()));
    let panel = summary(&told).online.unwrap();
    assert_eq!(panel.offer, Some((Offer::Draw, false)));
    assert!(panel.opponent_away);
    let back = act(&told, self::told(room.with(|s| (s.version, s.online) = (2, [true, true]))));
    assert!(!summary(&back).online.unwrap().opponent_away);
}

#[test]
fn until_someone_takes_the_other_seat_the_game_waits_for_an_opponent() {
    let waiting = |session: &Four| summary(session).online.unwrap().waiting_for_opponent;
    let alone = room(2, &["4"]).with(|s| s.online = [true, false]);
    let first =
        acts(&seated(Player::First), [told(room(1, &[]).with(|s| s.online = [true, false])), told(alone)]);
    assert!(waiting(&first), "a move of one's own does not make the other seat taken");
    assert!(summary(&first).status.waiting_for_opponent);
    assert!(!summary(&first).can_undo, "no one to ask for a takeback");
    let met = act(&first, state(3, &["4"]));
    assert!(!waiting(&met) && !summary(&met).status.waiting_for_opponent);
    // Once met, an empty seat is an opponent away, not one still to come.
    let left = act(&met, told(room(4, &["4"]).with(|s| s.online = [true, false])));
    let panel = summary(&left).online.unwrap();
    assert!(!panel.waiting_for_opponent && panel.opponent_away);
    // A seat held for a player (a challenge's) is taken before their device joins.
    let held = room(1, &[]).with(|s| {
        s.online = [true, false];
        s.players[1] =
            Some(SeatPlayer { id: "p2".into(), name: Some("Li".into()), rating: None, provisional: false });
    });
    let challenged = act(&seated(Player::First), told(held));
    let panel = summary(&challenged).online.unwrap();
    assert!(!panel.waiting_for_opponent && panel.opponent_away);
}

#[test]
fn a_declined_offer_is_told_to_the_one_who_asked_until_the_next_turn_or_offer() {
    let declined = |session: &Four| summary(session).online.unwrap().declined;
    let asked = room(2, &["4", "4"]).with(|s| s.offer = offered(Offer::Takeback, Seat::First));
    let first = acts(&seated(Player::First), [told(asked.clone()), state(3, &["4", "4"])]);
    assert_eq!(declined(&first), Some(Offer::Takeback));
    // The other seat sees nothing declined; a new state of the same turn keeps it said.
    let second = acts(&seated(Player::Second), [told(asked.clone()), state(3, &["4", "4"])]);
    assert_eq!(declined(&second), None);
    assert_eq!(declined(&act(&first, state(4, &["4", "4"]))), Some(Offer::Takeback));
    // The next turn, or a new offer, ends it.
    assert_eq!(declined(&act(&first, state(4, &["4", "4", "3"]))), None);
    let offer = room(4, &["4", "4"]).with(|s| s.offer = offered(Offer::Draw, Seat::First));
    assert_eq!(declined(&act(&first, told(offer))), None);
    // Granted is not declined: the turn taken back, the draw agreed, the rematch begun; nor
    // is an offer that lapsed because the other side left.
    assert_eq!(declined(&acts(&seated(Player::First), [told(asked), state(3, &["4"])])), None);
    let draw = room(2, &["4", "4"]).with(|s| s.offer = offered(Offer::Draw, Seat::First));
    let agreed = room(3, &["4", "4"]).ended("4 4 1/2-1/2");
    assert_eq!(declined(&acts(&seated(Player::First), [told(draw.clone()), told(agreed)])), None);
    let left = room(3, &["4", "4"]).with(|s| s.online = [true, false]);
    assert_eq!(declined(&acts(&seated(Player::First), [told(draw), told(left)])), None);
}

#[test]
fn every_end_says_why_in_the_contracts_words() {
    let reason = |session: &Four| summary(session).status.reason;
    assert_eq!(reason(&after::<ConnectFour>(&["4"])), None, "a game in play has no reason");
    assert_eq!(reason(&after::<ConnectFour>(&["1", "2", "1", "2", "1", "2", "1"])), Some("rules"));
    let resigned = act(&after::<ConnectFour>(&["4"]), Action::Control(Control::Resign));
    assert_eq!(reason(&resigned), Some("resign"));
    let agreed = act(&after::<ConnectFour>(&["4"]), Action::Control(Control::AgreeDraw));
    assert_eq!(reason(&agreed), Some("agreement"));
    // Online, the server's record says it: a loss on time, an aborted game with no result.
    let timed = act(
        &seated(Player::First),
        told(room(2, &["4"]).ended("[Result \"0-1\"] [Termination \"time-forfeit\"] 1. 4 0-1")),
    );
    assert_eq!(reason(&timed), Some("time"));
    assert_eq!(summary(&timed).status.ended, Some(Ended::Winner(Side::Yellow)));
    let aborted =
        act(&seated(Player::First), told(room(2, &["4"]).ended("[Termination \"aborted\"] 1. 4 *")));
    assert_eq!(reason(&aborted), Some("aborted"));
    assert_eq!(summary(&aborted).status.ended, Some(Ended::NoResult));
    assert_eq!(
        act(&aborted, drop_in(2)).game.history,
        aborted.game.history,
        "nothing is played after an abort"
    );
}

#[test]
fn online_clocks_abort_and_claims_are_shown_to_whom_they_concern() {
    let timed = room(3, &["4"]).with(|s| {
        s.time = "fischer:15+0".into();
        s.clocks = Some([14_000, 15_000]);
        s.running = Some(Seat::Second);
    });
    let first = act(&seated(Player::First), told(timed.clone()));
    let clocks = summary(&first).clocks.unwrap();
    assert_eq!(clocks.ms, [Some(14_000), Some(15_000)]);
    assert_eq!((clocks.running, clocks.own, clocks.at), (Some(1), Some(0), 1_000));
    assert_eq!(clocks.sides, [Side::Red, Side::Yellow]);
    let panel = summary(&first).online.unwrap();
    assert!(panel.can_abort, "one turn played: either player may abort");
    assert_eq!(panel.gone, None);
    // Yellow, to move, is away: red may claim once the countdown ends; yellow never sees it.
    let away = timed.with(|s| (s.version, s.claim_in, s.online) = (4, Some(9_000), [true, false]));
    assert_eq!(summary(&act(&first, told(away.clone()))).online.unwrap().gone, Some(9_000));
    let second = act(&seated(Player::Second), told(away.clone()));
    assert_eq!(summary(&second).online.unwrap().gone, None, "never on one's own turn");
    assert!(!summary(&act(&first, state(5, &["4", "4"]))).online.unwrap().can_abort, "both have moved");
    // Before the first move, its countdown names the side to move.
    let fresh = act(&seated(Player::Second), told(room(1, &[]).with(|s| s.abort_in = Some(25_000))));
    assert_eq!(summary(&fresh).online.unwrap().first_move, Some((Side::Red, 25_000)));
}

#[test]
fn a_rematch_is_offered_after_the_end_and_its_room_starts_afresh() {
    let ended = room(7, &["4"])
        .ended("[Result \"1-0\"] [Termination \"resignation\"] 1. 4 1-0")
        .with(|s| s.offer = offered(Offer::Rematch, Seat::Second));
    let first = act(&seated(Player::First), told(ended));
    assert_eq!(summary(&first).online.unwrap().offer, Some((Offer::Rematch, false)));
    // The rematch's room: a seat there, and its first state (version 1) is taken.
    let moved =
        act(&first, Action::Online(ServerNews::Seat { room: "next".into(), seat: Some(Player::Second) }));
    let late = act(&moved, told(room(8, &["4", "4"])));
    assert_eq!(moves(&late), ["4"], "a late frame of the old room is not taken");
    let fresh = act(&late, told(room(1, &[]).with(|s| s.room = "next".into())));
    assert!(moves(&fresh).is_empty());
    assert_eq!(summary(&fresh).status.seat, Some(Side::Yellow));
    assert_eq!(summary(&fresh).status.ended, None);
}

#[test]
fn chat_lines_name_their_side_and_whether_they_are_this_devices() {
    let line = |from, preset: &str| ChatLine::new(from, Said::Preset(preset.into()));
    let chat =
        vec![line(Seat::First, "hello"), line(Seat::Spectator, "hello"), line(Seat::Second, "good-luck")];
    let second = act(&seated(Player::Second), told(room(2, &[]).with(|s| s.chat = chat)));
    let lines = summary(&second).online.unwrap().chat;
    assert_eq!(
        lines.iter().map(|line| (line.from, line.said.clone(), line.mine)).collect::<Vec<_>>(),
        [
            (Side::Red, Said::Preset("hello".into()), false),
            (Side::Yellow, Said::Preset("good-luck".into()), true)
        ]
    );
}

#[test]
fn the_other_players_chat_is_hidden_by_their_id_in_any_game() {
    let player = |id: &str| Some(SeatPlayer { id: id.into(), name: None, rating: None, provisional: false });
    let state = room(2, &[]).with(|s| s.players = [player("red1"), player("yel2")]);
    let second = act(&seated(Player::Second), told(state));
    assert!(!summary(&second).online.unwrap().muted);
    assert_eq!(second.opponent_id().as_deref(), Some("red1"));
    let choice = second.online_choice().muting("red1", true).muting("other", true);
    assert_eq!(&*choice.muted, ["red1".to_owned(), "other".to_owned()]);
    let muted = act(&second, Action::Muted(choice.muted.clone()));
    assert!(summary(&muted).online.unwrap().muted);
    let shown = act(&muted, Action::Muted(choice.muting("red1", false).muted));
    assert!(!summary(&shown).online.unwrap().muted);
}

#[test]
fn only_a_record_with_marks_brings_an_analysis() {
    let mut plain = Rc::unwrap_or_clone(after::<ConnectFour>(&["4", "4", "3"]));
    plain.imported("[TimeControl \"60+0\"] 1. 4 {[%clk 0:00:58]} 4 {[%clk 0:00:55]} 2. 3 *");
    assert!(!plain.analysis_info().wanted, "clocks are not marks: no analysis of a game in play");
    let mut marked = Rc::unwrap_or_clone(after::<ConnectFour>(&["4", "4", "3"]));
    marked.imported("1. 4 4?? {[%eval #3]} 2. 3 *");
    let info = marked.analysis_info();
    assert!(info.wanted);
    assert_eq!(info.stored.notes[1].glyph.as_deref(), Some("??"));
}

#[test]
fn a_records_clocks_are_exported_and_shown_under_review() {
    let text = "[TimeControl \"60+0\"] 1. 4 {[%clk 0:00:58]} 4 {[%clk 0:00:55]} 2. 3 {[%clk 0:00:50]} *";
    let loaded = act(
        &after::<ConnectFour>(&[]),
        Action::Load(record::read(text, 0).unwrap(), record::read_timing(text)),
    );
    let shown = summary(&loaded);
    assert!(shown.record.text.contains("[TimeControl \"60+0\"]"), "{}", shown.record.text);
    assert!(shown.record.text.contains("1. 4 {[%clk 0:00:58]} 4 {[%clk 0:00:55]} 2. 3 {[%clk 0:00:50]} *"));
    assert_eq!(
        shown.moves.iter().map(|m| m.clock).collect::<Vec<_>>(),
        [Some(58_000), Some(55_000), Some(50_000)]
    );
    assert_eq!(shown.clocks.unwrap().ms, [Some(50_000), Some(55_000)]);
    let first = act(&loaded, Action::Control(Control::Review(ReviewStep::To(1))));
    assert_eq!(
        summary(&first).clocks.unwrap().ms,
        [Some(58_000), Some(60_000)],
        "yellow's time at the start"
    );
    // A turn taken back here loses its clock; one played here has none.
    let undone = act(&loaded, Action::Control(Control::Undo));
    let replayed = act(&undone, drop_in(6));
    assert!(summary(&replayed).record.text.contains("1. 4 {[%clk 0:00:58]} 4 {[%clk 0:00:55]} 2. 7 *"));
}

#[test]
fn the_status_speaks_to_the_player_against_the_computer_and_online_and_names_the_sides_at_one_device() {
    let words = |session: &Session<ConnectFour>| {
        let status = summary(session).status;
        match status.ended {
            Some(ended) => ended.words(text(), status.facing),
            None => status.turn_words(text()),
        }
    };
    let hotseat = after::<ConnectFour>(&[]);
    assert_eq!(words(&hotseat), "Red to move");
    assert_eq!(words(&act(&hotseat, Action::Control(Control::Resign))), "Yellow wins");

    let computer = after_with::<ConnectFour>(&[], computer_second());
    assert_eq!(words(&computer), "Your move");
    assert_eq!(words(&act(&computer, drop_in(3))), "The computer's move");
    assert_eq!(words(&act(&computer, Action::Control(Control::Resign))), "The computer wins");
    let mut won = computer;
    for _ in 0..3 {
        won = act(&won, drop_in(3));
        won = act(&won, computers(&won, "1"));
    }
    assert_eq!(words(&act(&won, drop_in(3))), "You won");

    let online = seated(Player::First);
    assert_eq!(words(&online), "Your move");
    let theirs = act(&online, state(1, &["4"]));
    assert_eq!(words(&theirs), "Your opponent's move");
    // Watching, no side is the player's.
    let watching = acts(
        &act(&after::<ConnectFour>(&[]), Action::GoOnline(None)),
        [
            Action::Online(ServerNews::Connection(Connection::Open)),
            Action::Online(ServerNews::Seat { room: "k3vx8q2mwa".into(), seat: None }),
        ],
    );
    assert_eq!(words(&watching), "Red to move");
    assert!(!summary(&watching).status.missing_room);
}

#[test]
fn a_link_to_a_room_the_server_lacks_says_so_and_no_side_to_move() {
    let dead = acts(
        &act(&after::<ConnectFour>(&[]), Action::GoOnline(None)),
        [
            Action::Online(ServerNews::Connection(Connection::Open)),
            Action::Online(ServerNews::Refused(crate::protocol::ErrorCode::NoRoom)),
        ],
    );
    assert!(summary(&dead).status.missing_room);
    assert!(!dead.may_play(), "no seat, no move");
    // Another refusal, or a room that came after all, is a game again.
    let joined = act(&dead, Action::Online(ServerNews::Seat { room: "k3vx8q2mwa".into(), seat: None }));
    assert!(!summary(&joined).status.missing_room);
}

#[test]
fn a_display_choice_turns_on_the_screen_alone_and_an_untimed_game_keeps_the_rated_choice() {
    use crate::rules::clock::TimeControl;
    use crate::ui::model::DisplayChoice;
    // Reviewing an earlier position: turning the coordinates off changes nothing else.
    let reviewing =
        act(&after::<ConnectFour>(&["4", "4"]), Action::Control(Control::Review(ReviewStep::First)));
    let before = reviewing.summary(text(), TODAY);
    let switched = act(&reviewing, Action::Control(Control::Switch(DisplayChoice::Coordinates, true)));
    assert!(!reviewing.display().coordinates && switched.display().coordinates);
    assert_eq!(switched.summary(text(), TODAY).status.review, before.status.review);
    assert!(effects(&reviewing, Action::Control(Control::Switch(DisplayChoice::Sound, true))).is_empty());
    // A blitz game asked for unrated is remembered so; an untimed one leaves it unrated.
    let blitz = TimeControl::Fischer { base: 180, increment: 2 };
    let asked = act(&after::<ConnectFour>(&[]), Action::GoOnline(Some((blitz, false))));
    assert_eq!(
        asked.online_choice(),
        OnlineChoice { time: blitz.text().into(), rated: false, muted: Rc::from([]) }
    );
    let left = act(&asked, Action::LeaveOnline);
    let untimed = act(&left, Action::GoOnline(Some((TimeControl::Untimed, true))));
    assert_eq!(
        untimed.online_choice(),
        OnlineChoice { time: TimeControl::Untimed.text().into(), rated: false, muted: Rc::from([]) }
    );
    // Joining by a link leaves the choices as they were.
    assert_eq!(act(&untimed, Action::GoOnline(None)).online_choice(), untimed.online_choice());
}
