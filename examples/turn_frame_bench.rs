//! A turn's frame, early and late in a game: its bytes, and the page's time to take it in,
//! at ply 10 and at ply 200 of a timed checkers and gomoku game. "Whole" is what protocol 2
//! sent after every turn (the room with its public record, which the page read and replayed);
//! "turn" is protocol 3's change (the room and the turn, which the page plays on the game it
//! holds). The time is the frame's reading and the history's update, natively, in release:
//! reading the record and replaying it, or playing the turn on the game held.
//!
//!     cargo run --release --example turn_frame_bench

use board_suite::games::GameId;
use board_suite::protocol::{Reply, RoomState, Seat};
use board_suite::rules::record::{self, Header, Recorded, Timing};
use board_suite::rules::{History, Player, TurnText, clock::TimeControl, whole_turns};
use std::hint::black_box;
use std::time::Instant;

const PLIES: [usize; 2] = [10, 200];

fn main() {
    println!("| game | ply | whole: bytes | whole: µs | turn: bytes | turn: µs |");
    println!("|---|---:|---:|---:|---:|---:|");
    bench::<board_suite::rules::checkers::Checkers>(GameId::Checkers);
    bench::<board_suite::rules::gomoku::Gomoku>(GameId::Gomoku);
}

/// A game of `plies` turns that has not ended, each turn picked by a fixed sequence among
/// those that do not end it (from the first seed whose game gets that far).
fn game_of<G: Recorded + TurnText>(plies: usize) -> (History<G>, Vec<String>) {
    'seeds: for start in 1_u64.. {
        let mut history = History::<G>::new(&G::Config::default());
        let mut turns = Vec::new();
        let mut seed = start;
        while turns.len() < plies {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let position = history.current().clone();
            let open: Vec<_> =
                whole_turns(&position).into_iter().filter(|(_, after)| after.outcome().is_none()).collect();
            if open.is_empty() {
                continue 'seeds;
            }
            let (legs, _) = &open[(seed >> 33) as usize % open.len()];
            turns.push(position.turn_notation(legs));
            for leg in legs {
                history.play(*leg).expect("a legal turn");
            }
            if history.over() {
                continue 'seeds;
            }
        }
        return (history, turns);
    }
    unreachable!("some seed's game lasts")
}

/// The room as the server tells it after `turns` turns of a blitz game.
fn room(game: GameId, turns: usize, to_move: Player) -> RoomState {
    RoomState {
        room: "k3vx8q2mwa".into(),
        game: game.slug().into(),
        version: turns as u64 + 2,
        turns,
        to_move: Seat::of(Some(to_move)),
        over: false,
        termination: None,
        offer: None,
        online: [true, true],
        time: "fischer:180+2".into(),
        clocks: Some([121_400, 118_900]),
        running: Some(Seat::of(Some(to_move))),
        abort_in: None,
        claim_in: None,
        chat: Vec::new(),
        next: None,
        players: Default::default(),
        rated: false,
        ratings: None,
    }
}

/// The mean time of `take`, in µs, over runs of at least 300 ms.
fn time(mut take: impl FnMut(usize)) -> f64 {
    let began = Instant::now();
    let mut runs = 0;
    while runs < 50 || began.elapsed().as_millis() < 300 {
        take(runs);
        runs += 1;
    }
    began.elapsed().as_secs_f64() * 1e6 / runs as f64
}

fn bench<G: Recorded + TurnText>(game: GameId) {
    for plies in PLIES {
        let (history, turns) = game_of::<G>(plies);
        let timing = Timing {
            control: TimeControl::Fischer { base: 180, increment: 2 },
            clocks: (0..plies as u64).map(|ply| 180_000 - 250 * ply).collect(),
        };
        let header = Header { reveal: false, timing: timing.clone(), ..Header::default() };
        let state = room(game, plies, history.current().to_move());
        let whole = Reply::State { state: Box::new(state.clone()), record: record::write(&history, &header) }
            .to_text();
        let turn = turns.last().cloned();
        let change =
            Reply::Change { state: Box::new(state), turn, clock: timing.clocks.last().copied() }.to_text();

        // The page before: the frame read, the record replayed, the game compared.
        let mut before = history.clone();
        before.undo();
        let whole_us = time(|_| {
            let Some(Reply::State { record, .. }) = Reply::read(black_box(&whole)) else { panic!("a whole") };
            let read: History<G> = record::read(&record, 0).expect("the record reads");
            black_box((record::read_timing(&record), read != before));
        });
        // The page now: the frame read, its turn played on the game held (and taken back
        // after, for the next run).
        let mut held = before.clone();
        let turn_us = time(|_| {
            let Some(Reply::Change { turn: Some(turn), clock, .. }) = Reply::read(black_box(&change)) else {
                panic!("a change")
            };
            assert!(record::play_public(&mut held, &turn));
            black_box(clock);
            held.undo();
        });
        println!(
            "| {} | {plies} | {} | {whole_us:.1} | {} | {turn_us:.1} |",
            game.slug(),
            whole.len(),
            change.len()
        );
    }
}
