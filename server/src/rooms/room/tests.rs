//! The room's rules on plain numbers: no store, socket or clock.

use super::*;
use board_suite::rules::Termination;
use board_suite::rules::clock::TimeControl;

const FIRST: Player = Player::First;
const SECOND: Player = Player::Second;
/// A minute and a second's grace: later than any first-move or claim deadline here.
const LATER: u64 = 61_000;

fn control(text: &str) -> TimeControl {
    TimeControl::parse(text).unwrap()
}

/// A room of `game` with both seats taken at time 0 and both players here.
fn room(game: GameId, time: &str, strangers: bool) -> Room {
    let table = table::open(game, "", 7).unwrap();
    let extra = Extra::new(&*table, control(time), strangers, 0);
    let mut room = Room::new(table, [Some("a".into()), Some("b".into())], extra);
    let _ = room.present([true, true], 0);
    room
}

fn connect_four() -> Room {
    room(GameId::ConnectFour, "untimed", false)
}

fn turn(text: &str, turns: usize) -> Action {
    Action::Move { turn: text.into(), turns, round_trip_ms: 0 }
}

fn stored(room: &Room) -> RoomRow {
    room.row("r")
}

/// Applies each action in turn, every one of which must be taken.
fn play(room: &mut Room, actions: &[(Player, Action)], now: u64) {
    for (seat, action) in actions {
        let _ = room.apply(*seat, action.clone(), now).unwrap_or_else(|e| panic!("{action:?}: {e:?}"));
    }
}

fn code(result: Result<Effect, Reply>) -> ErrorCode {
    match result {
        Err(Reply::Error { code, .. }) => code,
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn a_turn_is_the_side_to_moves_on_the_position_it_saw() {
    let mut room = connect_four();
    assert_eq!(room.apply(FIRST, turn("4", 0), 10), Ok(Effect::Store));
    assert_eq!(room.table.turns(), 1);
    let before = stored(&room);
    assert_eq!(code(room.apply(FIRST, turn("4", 1), 20)), ErrorCode::NotYourTurn);
    assert_eq!(code(room.apply(SECOND, turn("4", 0), 20)), ErrorCode::Stale);
    assert_eq!(code(room.apply(SECOND, turn("z9", 1), 20)), ErrorCode::Illegal);
    // A refused action changes nothing.
    assert_eq!(stored(&room), before);
}

#[test]
fn nothing_but_a_rematch_and_the_chat_after_the_end() {
    let mut room = connect_four();
    play(&mut room, &[(SECOND, Action::Resign)], 10);
    assert_eq!(room.table.termination(), Some(Termination::Resignation));
    let before = stored(&room);
    for action in [turn("4", 0), Action::Resign, Action::Abort, Action::Offer(Offer::Draw)] {
        assert_eq!(code(room.apply(FIRST, action, 20)), ErrorCode::GameOver);
    }
    assert_eq!(stored(&room), before);
    assert_eq!(room.apply(FIRST, preset("good-game"), 2_000), Ok(Effect::Store));
    assert_eq!(room.apply(FIRST, Action::Offer(Offer::Rematch), 20), Ok(Effect::Store));
}

#[test]
fn a_draw_is_agreed_by_the_other_side_alone() {
    let mut room = connect_four();
    play(&mut room, &[(FIRST, Action::Offer(Offer::Draw)), (FIRST, Action::Offer(Offer::Draw))], 10);
    assert!(!room.table.over(), "one side's offer twice is no agreement");
    assert_eq!(code(room.apply(FIRST, Action::Answer(true), 10)), ErrorCode::NoOffer);
    play(&mut room, &[(SECOND, Action::Answer(false))], 10);
    assert_eq!(room.offer, None);
    play(&mut room, &[(FIRST, Action::Offer(Offer::Draw)), (SECOND, Action::Offer(Offer::Draw))], 10);
    assert_eq!(room.table.termination(), Some(Termination::Agreement));
    assert_eq!(room.offer, None);
}

#[test]
fn a_takeback_undoes_the_askers_turn_and_the_reply_to_it() {
    let mut room = connect_four();
    assert_eq!(code(room.apply(FIRST, Action::Offer(Offer::Takeback), 0)), ErrorCode::CannotTakeBack);
    play(&mut room, &[(FIRST, turn("4", 0)), (SECOND, turn("3", 1))], 10);
    play(&mut room, &[(FIRST, Action::Offer(Offer::Takeback)), (SECOND, Action::Answer(true))], 20);
    assert_eq!((room.table.turns(), room.table.to_move()), (0, FIRST));
    // The second player's own turn alone, when it is the first's to move.
    play(&mut room, &[(FIRST, turn("4", 0)), (SECOND, turn("3", 1))], 30);
    play(&mut room, &[(SECOND, Action::Offer(Offer::Takeback)), (FIRST, Action::Answer(true))], 40);
    assert_eq!((room.table.turns(), room.table.to_move()), (1, SECOND));
}

#[test]
fn a_takeback_the_rules_keep_changes_nothing() {
    let mut room = room(GameId::DarkChess, "untimed", false);
    // A flip shows a piece: the rules keep it.
    play(&mut room, &[(FIRST, turn("a1", 0)), (FIRST, Action::Offer(Offer::Takeback))], 10);
    let before = stored(&room);
    assert_eq!(code(room.apply(SECOND, Action::Answer(true), 20)), ErrorCode::CannotTakeBack);
    assert_eq!(stored(&room), before);
    assert_eq!(room.offer, Some((Offer::Takeback, FIRST)));
}

#[test]
fn a_move_after_its_time_ran_out_loses_on_time() {
    let mut room = room(GameId::ConnectFour, "fischer:15+0", false);
    play(&mut room, &[(FIRST, turn("4", 0)), (SECOND, turn("3", 1))], 1_000);
    // The clocks run from both first moves: the first side has 15 s from 1 s on.
    let deadline = room.clock_deadline();
    assert_eq!(deadline, Some(16_000));
    let late = room.apply(FIRST, turn("4", 2), 16_500).unwrap();
    let Effect::StoreAndRefuse(refusal) = late else { panic!("{late:?}") };
    assert!(matches!(*refusal, Reply::Error { code: ErrorCode::GameOver, .. }), "{refusal:?}");
    assert_eq!(room.table.termination(), Some(Termination::TimeForfeit));
    assert_eq!(room.table.turns(), 2, "the late move is not played");
}

#[test]
fn the_room_wakes_to_a_flag_a_missed_first_move_a_seek_gone_and_idleness() {
    let idle = 1_000_000;
    let mut timed = room(GameId::Gomoku, "fischer:15+0", false);
    play(&mut timed, &[(FIRST, turn("h8", 0)), (SECOND, turn("h9", 1))], 0);
    assert_eq!(timed.wake(14_000, idle), Effect::Nothing);
    assert_eq!(timed.wake(15_000, idle), Effect::Store);
    assert_eq!(timed.table.termination(), Some(Termination::TimeForfeit));
    assert_eq!(timed.table.outcome(), Some(board_suite::rules::Outcome::Win(SECOND)));

    // Strangers must make a first move in time, even untimed.
    let mut strangers = room(GameId::Gomoku, "untimed", true);
    assert_eq!(strangers.clock_deadline(), Some(30_000));
    assert_eq!(strangers.wake(30_000, idle), Effect::Store);
    assert!(strangers.table.over() && strangers.table.outcome().is_none(), "aborted");

    let mut seek = room(GameId::Gomoku, "untimed", false);
    seek.seats[1] = None;
    seek.extra.seek_until = Some(SEEK_MS);
    assert_eq!(seek.deadline(idle), Some(idle.min(SEEK_MS)));
    assert_eq!(seek.wake(SEEK_MS, idle * 10), Effect::Store);
    assert_eq!(seek.extra.seek_until, None);
    assert_eq!(seek.wake(idle * 10, idle * 10), Effect::Remove);
}

#[test]
fn a_seat_away_on_its_own_turn_may_be_claimed_against_after_a_while() {
    let mut room = connect_four();
    play(&mut room, &[(FIRST, turn("4", 0))], 0);
    assert!(room.present([true, false], 1_000));
    let delay = TimeControl::Untimed.claim_delay_ms();
    let claim = Action::Claim(Claim::Win);
    assert_eq!(code(room.apply(FIRST, claim.clone(), 1_000 + delay - 1)), ErrorCode::CannotClaim);
    // Never on one's own turn.
    assert_eq!(code(room.apply(SECOND, claim.clone(), LATER)), ErrorCode::CannotClaim);
    assert_eq!(room.apply(FIRST, claim, 1_000 + delay), Ok(Effect::Store));
    assert_eq!(room.table.termination(), Some(Termination::Abandoned));
}

fn preset(name: &str) -> Action {
    Action::Chat(Said::Preset(name.into()))
}

fn text(said: &str) -> Action {
    Action::Chat(Said::Text(said.into()))
}

#[test]
fn the_chat_takes_presets_and_free_text_at_most_five_lines_in_ten_seconds() {
    let mut room = connect_four();
    assert_eq!(code(room.apply(FIRST, preset("anything"), 5_000)), ErrorCode::UnknownPreset);
    assert_eq!(code(room.apply(FIRST, text(&"x".repeat(10_000)), 5_000)), ErrorCode::ChatLength);
    assert_eq!(code(room.apply(FIRST, text(" \u{200b} "), 5_000)), ErrorCode::ChatInvisible);
    assert_eq!(code(room.apply(FIRST, text("gg\u{202e}"), 5_000)), ErrorCode::ChatInvisible);
    // Refused lines count for nothing; a line is kept trimmed, markup as typed.
    play(&mut room, &[(FIRST, preset("hello")), (FIRST, text("  <b>hi</b> 你好 "))], 5_000);
    assert_eq!(room.extra.chat[1], (FIRST, Said::Text("<b>hi</b> 你好".into())));
    play(&mut room, &[(FIRST, text("a")), (FIRST, text("b")), (FIRST, preset("have-fun"))], 6_000);
    assert_eq!(code(room.apply(FIRST, text("c"), 14_999)), ErrorCode::RateLimited);
    // The other player's rate is their own; after ten seconds the first lines leave the window.
    play(&mut room, &[(SECOND, text("hello"))], 14_999);
    play(&mut room, &[(FIRST, text("c")), (FIRST, text("d"))], 15_000);
    assert_eq!(code(room.apply(FIRST, text("e"), 15_000)), ErrorCode::RateLimited);
    assert_eq!(room.extra.chat.len(), 8);
    for second in 0..CHAT_LINES as u64 {
        play(&mut room, &[(SECOND, preset("have-fun"))], 20_000 + second * 2_000);
    }
    assert_eq!(room.extra.chat.len(), CHAT_LINES, "the oldest lines go");
}

#[test]
fn a_chat_kept_before_free_text_reads_as_its_presets() {
    let extra: Extra =
        serde_json::from_str(r#"{"chat":[["First","hello"],["Second",{"text":"hi"}]]}"#).unwrap();
    assert_eq!(extra.chat, [(FIRST, Said::Preset("hello".into())), (SECOND, Said::Text("hi".into()))]);
    let written = serde_json::to_string(&extra).unwrap();
    assert_eq!(serde_json::from_str::<Extra>(&written).unwrap(), extra);
}

#[test]
fn a_rematch_is_agreed_once_and_its_offer_is_kept_as_offered() {
    let mut room = connect_four();
    assert_eq!(code(room.apply(FIRST, Action::Offer(Offer::Rematch), 0)), ErrorCode::NotOver);
    play(&mut room, &[(FIRST, Action::Resign), (SECOND, Action::Offer(Offer::Rematch))], 10);
    // A rematch offered is stored as one, not as another offer.
    let mut again = Room::from_row(&stored(&room)).unwrap();
    assert_eq!(again.offer, Some((Offer::Rematch, SECOND)));
    assert_eq!(again.apply(FIRST, Action::Answer(true), 20), Ok(Effect::OpenRematch));
    again.rematch_opened("next".into());
    assert_eq!(again.extra.next.as_deref(), Some("next"));
    assert_eq!(code(again.apply(FIRST, Action::Offer(Offer::Rematch), 30)), ErrorCode::GameOver);
    // Both offering is agreeing too.
    assert_eq!(room.apply(FIRST, Action::Offer(Offer::Rematch), 20), Ok(Effect::OpenRematch));
}

#[test]
fn a_seat_taken_begins_the_game_rated_only_between_two_players() {
    let player = |id: &str| SeatPlayer { id: id.into(), name: None, rating: Some(1500), provisional: true };
    for (second, rated) in [("p", false), ("q", true)] {
        let table = table::open(GameId::Gomoku, "", 1).unwrap();
        let mut extra = Extra::new(&*table, control("fischer:300+0"), true, 0);
        extra.seek_until = Some(SEEK_MS);
        extra.rated = true;
        extra.players[0] = Some(player("p"));
        let mut room = Room::new(table, [Some("a".into()), None], extra);
        assert!(room.seeking(1) && !room.begun());
        assert_eq!(room.free_seat(), Some(SECOND));
        assert_eq!(room.held("a"), Some(FIRST));
        assert_eq!(room.sit(SECOND, "b".into(), Some(player(second)), 500), Effect::Store);
        assert!(room.begun() && !room.seeking(501));
        assert_eq!((room.free_seat(), room.extra.rated), (None, rated));
        // Its first moves are due from the moment it began.
        assert_eq!(room.clock_deadline(), Some(500 + 30_000));
    }
}

#[test]
fn a_seek_goes_when_its_maker_leaves_and_a_rematch_when_a_player_does() {
    let mut seek = connect_four();
    seek.seats[1] = None;
    seek.extra.seek_until = Some(SEEK_MS);
    let _ = seek.present([false, false], 100);
    assert_eq!(seek.left(), Effect::Store);
    assert_eq!(seek.extra.seek_until, None);

    let mut room = connect_four();
    play(&mut room, &[(FIRST, Action::Resign), (FIRST, Action::Offer(Offer::Rematch))], 10);
    let _ = room.present([true, true], 20);
    assert_eq!(room.left(), Effect::Tell, "a spectator's going lapses nothing");
    let _ = room.present([true, false], 30);
    assert_eq!(room.left(), Effect::Store);
    assert_eq!(room.offer, None);
}

#[test]
fn a_room_reads_back_as_it_was_stored() {
    let mut room = room(GameId::Checkers, "fischer:180+2", true);
    play(&mut room, &[(FIRST, preset("hello")), (FIRST, Action::Offer(Offer::Draw))], 1_000);
    room.version = 3;
    let row = stored(&room);
    let mut again = Room::from_row(&row).unwrap();
    assert_eq!(stored(&again), row);
    // Who is here is not stored: the hub says.
    let _ = again.present([true, true], 0);
    assert_eq!(again.state("r", 2_000), room.state("r", 2_000));
}

/// A whole turn the side to move may play, as its device announces it, picked by `seed` from
/// what the public record shows.
fn any_turn(room: &Room, seed: u64) -> String {
    use board_suite::rules::{History, TurnText, record::Recorded, whole_turns};
    fn pick<G: Recorded + TurnText>(record: &str, seed: u64) -> String {
        let history: History<G> = board_suite::rules::record::read(record, seed).unwrap();
        let turns = whole_turns(history.current());
        history.current().announce(&turns[seed as usize % turns.len()].0)
    }
    let record = room.table.public_record(&Timing::default());
    board_suite::with_game!(room.table.game(), G => pick::<G>(&record, seed))
}

/// The public record a device holds after a change's turn: what its page's history becomes.
fn advanced(game: GameId, text: &str, turn: &str, clock: Option<u64>) -> String {
    use board_suite::rules::History;
    use board_suite::rules::record::{self, Header, Recorded};
    fn advance<G: Recorded>(text: &str, turn: &str, clock: Option<u64>) -> String {
        let mut history: History<G> = record::read(text, 0).unwrap();
        assert!(record::play_public(&mut history, turn), "{turn} after {text}");
        let mut timing = record::read_timing(text);
        timing.clocks.extend(clock);
        record::write(&history, &Header { reveal: false, timing, ..Header::default() })
    }
    board_suite::with_game!(game, G => advance::<G>(text, turn, clock))
}

fn whole_of(reply: Reply) -> (RoomState, String) {
    match reply {
        Reply::State { state, record } => (*state, record),
        other => panic!("not the room whole: {other:?}"),
    }
}

#[test]
fn a_turn_is_told_as_itself_and_read_on_the_room_held_it_is_the_room_whole() {
    for game in GameId::ALL {
        for seed in [1, 2] {
            let mut room = room(game, "fischer:180+2", false);
            let (_, mut held) = whole_of(room.whole("r", 0));
            let mut told = room.told();
            for ply in 0..50_u64 {
                let now = 1_000 * (ply + 1);
                let chosen = any_turn(&room, seed * 1_000 + ply);
                let turns = room.table.turns();
                assert_eq!(room.apply(room.table.to_move(), turn(&chosen, turns), now), Ok(Effect::Store));
                room.version += 1;
                let change = room.change("r", now, told);
                let (state, record) = whole_of(room.whole("r", now));
                if room.table.over() {
                    assert_eq!(change, None, "{game:?}: an end is told whole");
                    break;
                }
                let Some(Reply::Change { state: changed, turn: Some(played), clock }) = change else {
                    panic!("{game:?}: a turn's change, not {change:?}")
                };
                assert_eq!(*changed, state, "{game:?}");
                assert_eq!(clock, room.extra.clock.log().last().copied());
                held = advanced(game, &held, &played, clock);
                assert_eq!(held, record, "{game:?} after {played}");
                told = room.told();
            }
        }
    }
}

#[test]
fn who_is_here_an_offer_and_a_message_are_told_as_changes_the_rest_whole() {
    let mut room = connect_four();
    play(&mut room, &[(FIRST, turn("4", 0)), (SECOND, turn("4", 1))], 10);
    let told = room.told();
    // Who is here: the same version.
    let _ = room.present([true, false], 20);
    let Some(Reply::Change { state, turn: None, .. }) = room.change("r", 20, told) else { panic!() };
    assert_eq!(state.online, [true, false]);
    // An offer: one version on, no turn.
    play(&mut room, &[(FIRST, Action::Offer(Offer::Takeback))], 30);
    room.version += 1;
    assert!(matches!(room.change("r", 30, told), Some(Reply::Change { turn: None, .. })));
    // Two versions on is a gap: only the room whole says it.
    room.version += 1;
    assert_eq!(room.change("r", 30, told), None);
    room.version -= 1;
    // A takeback goes back two turns: whole.
    let told = room.told();
    play(&mut room, &[(SECOND, Action::Answer(true))], 40);
    room.version += 1;
    assert_eq!(room.table.turns(), 0);
    assert_eq!(room.change("r", 40, told), None);
}

#[test]
fn a_game_kept_names_its_event_site_date_and_players() {
    let mut room = room(GameId::ConnectFour, "fischer:180+2", false);
    let player = |id: &str, name: Option<&str>, rating| {
        Some(SeatPlayer {
            id: id.into(),
            name: name.map(Into::into),
            rating: Some(rating),
            provisional: false,
        })
    };
    room.extra.players = [player("a", Some("RedPlayer"), 1623), player("b", None, 1500)];
    room.extra.rated = true;
    assert_eq!(room.kept_game("r", 0, None), None, "not over");
    play(&mut room, &[(FIRST, turn("4", 0)), (SECOND, Action::Resign)], 1_000);
    let kept = room.kept_game("r", 1_796_687_999_000, Some("https://games.example")).unwrap();
    let tags: Vec<&str> = kept.record.lines().take_while(|line| !line.is_empty()).collect();
    assert_eq!(
        tags[..6],
        [
            "[Game \"connect-four\"]",
            "[Event \"Rated blitz game\"]",
            "[Site \"https://games.example\"]",
            "[Date \"2026.12.07\"]",
            "[Red \"RedPlayer\"]",
            "[RedElo \"1623\"]",
        ]
    );
    // An anonymous player's seat is not named.
    assert!(!kept.record.contains("[Yellow"), "{}", kept.record);
}

#[test]
fn a_records_date_is_the_utc_day() {
    for (ms, date) in [
        (0, "1970.01.01"),
        (86_399_000, "1970.01.01"),
        (951_868_799_000, "2000.02.29"),
        (1_796_687_999_000, "2026.12.07"),
        (1_796_688_000_000, "2026.12.08"),
        (4_107_628_799_000, "2100.03.01"),
    ] {
        assert_eq!(kept::record_date(ms), date);
    }
}
