//! The conformance checks every game runs, written once against the `Game` trait.

use board_suite::rules::record::{self, Header, Recorded};
use board_suite::rules::{Game, History, Illegal, parse_turn};
use board_suite::save;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Runs `$check::<G>()` for every game of the registry at once, a thread each (the slowest takes
/// as long as all of them), and fails naming the games that failed.
macro_rules! every_game_at_once {
    ($check:ident) => {
        std::thread::scope(|scope| {
            let runs: Vec<_> = board_suite::games::GameId::ALL
                .into_iter()
                .map(|game| scope.spawn(move || board_suite::with_game!(game, G => $check::<G>())))
                .collect();
            for (game, run) in board_suite::games::GameId::ALL.into_iter().zip(runs) {
                assert!(run.join().is_ok(), "{} failed", game.slug());
            }
        })
    };
}
pub(crate) use every_game_at_once;

/// A random whole turn in `game`: random actions until the turn passes or the game ends.
pub fn random_turn<G: Game>(game: &G, rng: &mut impl Rng) -> Vec<G::Move> {
    let mut legs = Vec::new();
    let mut position = game.clone();
    loop {
        let legal = position.legal_moves();
        let leg = legal[rng.random_range(0..legal.len())];
        position.play(leg).expect("legal");
        legs.push(leg);
        if !position.mid_move() || position.outcome().is_some() {
            return legs;
        }
    }
}

/// A game that says how the harness plays it, in its own test module.
pub trait Conformant: Recorded {
    fn conformance() -> Conformance<Self>;
}

/// What a game supplies to the harness.
pub struct Conformance<G: Recorded> {
    /// Configs to play under (rule sets, house rules, seeds).
    pub configs: Vec<G::Config>,
    /// Every move that could be written for a position, legal or not: a superset of the legal
    /// moves, including moves off the board, so refusals are tested too.
    pub candidates: fn(&G) -> Vec<G::Move>,
    /// Random games per config.
    pub playouts: u64,
    /// A game longer than this has failed to end.
    pub max_plies: usize,
}

impl<G: Recorded> Conformance<G> {
    /// Runs every check on seeded random games.
    pub fn run(&self) {
        for config in &self.configs {
            for seed in 0..self.playouts {
                self.playout(config, seed);
            }
        }
    }

    fn playout(&self, config: &G::Config, seed: u64) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut history = History::<G>::new(config);
        // Undo takes back a whole move, so it returns to where the move's first leg began.
        let mut move_start = history.current().clone();
        // Whether an action of the turn so far revealed something hidden: then it stays.
        let mut revealed = false;
        // The actions of the turn so far.
        let mut turn: Vec<G::Move> = Vec::new();
        loop {
            let position = history.current().clone();
            if !position.mid_move() {
                check_turn_reads_back(&move_start, &turn);
                move_start = position.clone();
                revealed = false;
                turn.clear();
            }
            let legal = position.legal_moves();
            check_no_duplicates(&legal);
            self.check_candidates(&position, &legal);
            if position.outcome().is_some() {
                assert!(legal.is_empty(), "seed {seed}: a finished game offers moves");
            }
            // A draw by repetition is the history's: the position alone does not know it.
            let over = history.outcome().is_some();
            // Saves and records are read through the rules, turn by turn: checked at every
            // seventh ply and at the end, so a long game does not cost its square.
            if !position.mid_move() && (over || history.ply().is_multiple_of(7)) {
                check_save_round_trip(&history, if over { &[] } else { &legal });
                check_record_round_trip(&history);
            }
            if over {
                let mut after = history.clone();
                if let Some(&mv) = legal.first() {
                    assert_eq!(
                        after.play(mv),
                        Err(Illegal::GameOver),
                        "seed {seed}: a finished game takes a move"
                    );
                }
                break;
            }
            assert!(!legal.is_empty(), "seed {seed}: a game in progress has no move");
            assert!(history.ply() < self.max_plies, "seed {seed}: no end after {} plies", self.max_plies);
            let mv = legal[rng.random_range(0..legal.len())];
            revealed |= position.reveals_hidden(&mv);
            turn.push(mv);
            history.play(mv).unwrap_or_else(|e| panic!("seed {seed}: generated {mv:?} refused: {e:?}"));
            check_undo_redo(&mut history, &move_start, revealed, seed);
        }
    }

    /// Every legal move plays; every other candidate is refused and changes nothing; the
    /// one-move legality check agrees with the list; any move can be named, and its name reads
    /// back as that move; text that names no move is an error.
    fn check_candidates(&self, position: &G, legal: &[G::Move]) {
        for text in ["", " ", "?", "a", "z99", "a0", "1-", "-", "x", "=", "a1=", "a1==C", "99x100", "0", "+1"]
        {
            assert!(position.parse_move(text).is_err(), "{text:?} read as a move");
        }
        for mv in legal {
            assert!(position.is_legal(mv), "generated move {mv:?} is not legal by is_legal");
            // The notation reads back into the very move.
            let written = position.notation(mv);
            assert_eq!(
                position.parse_move(&written),
                Ok(*mv),
                "{mv:?} written {written:?} reads back otherwise"
            );
            let mut after = position.clone();
            assert_eq!(after.play(*mv), Ok(()), "generated move {mv:?} refused");
        }
        for mv in (self.candidates)(position) {
            if legal.contains(&mv) {
                continue;
            }
            assert!(!position.is_legal(&mv), "{mv:?} is not generated but is_legal says it is");
            // Naming any move, even one off the board, never overflows; what it writes reads
            // back as that move or as an error, never as another move.
            let written = position.notation(&mv);
            if let Ok(read) = position.parse_move(&written) {
                assert_eq!(read, mv, "{mv:?} written {written:?} reads back as another move");
            }
            let mut after = position.clone();
            let result = after.play(mv);
            assert!(result.is_err(), "{mv:?} is not generated but was accepted");
            if position.outcome().is_some() {
                assert_eq!(result, Err(Illegal::GameOver));
            }
            assert_eq!(&after, position, "refused move {mv:?} changed the state");
        }
    }
}

/// A whole turn, as the move list writes it, reads back into the very actions.
fn check_turn_reads_back<G: Game>(start: &G, turn: &[G::Move]) {
    if turn.is_empty() {
        return;
    }
    let written = start.turn_notation(turn);
    assert_eq!(parse_turn(start, &written).as_deref(), Ok(turn), "turn {turn:?} written {written:?}");
}

/// A position's hash, the same for equal positions (for transposition tables and repetition).
fn hash<G: Game>(position: &G) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(position)
}

fn check_no_duplicates<M: PartialEq + std::fmt::Debug>(moves: &[M]) {
    for (i, mv) in moves.iter().enumerate() {
        assert!(!moves[..i].contains(mv), "{mv:?} generated twice");
    }
}

/// Undo restores the exact position before the turn (all its actions so far); redo restores
/// the exact position after it. A turn that revealed something hidden is never undone.
fn check_undo_redo<G: Game>(history: &mut History<G>, before: &G, revealed: bool, seed: u64) {
    let after = history.current().clone();
    if revealed {
        assert!(!history.undo(), "seed {seed}: undo crossed hidden information");
        return;
    }
    assert!(history.undo(), "seed {seed}: undo refused");
    assert_eq!(history.current(), before, "seed {seed}: undo did not restore the position");
    assert_eq!(hash(history.current()), hash(before), "seed {seed}: equal positions hash apart");
    assert!(history.redo(), "seed {seed}: redo refused");
    assert_eq!(history.current(), &after, "seed {seed}: redo did not restore the position");
    assert_eq!(hash(history.current()), hash(&after), "seed {seed}: equal positions hash apart");
}

/// A save round-trips, its revision too, with no move in progress and with a leg of the next
/// move in progress.
fn check_save_round_trip<G: Recorded>(history: &History<G>, legal: &[G::Move]) {
    for pending in [&[], &legal[..legal.len().min(1)]] {
        let revision = history.ply() as u64;
        let text = save::encode(history, pending, revision);
        let loaded = save::decode::<G>(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(&loaded.history, history, "save/load changed the game");
        assert_eq!(loaded.pending, pending, "save/load changed the move in progress");
        assert_eq!(loaded.revision, revision, "save/load changed the revision");
    }
}

/// A record reads back into the same game; one that hides what is hidden (a dark-chess game
/// shared while in progress) reads back into a game that writes the same record.
fn check_record_round_trip<G: Recorded>(history: &History<G>) {
    let text = record::write(history, &Header { date: None, reveal: true, ..Header::default() });
    let read = record::read::<G>(&text, 0).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(&read, history, "record write/read changed the game: {text}");
    let public = Header { date: Some("2026.11.23".to_owned()), reveal: false, ..Header::default() };
    let shared = record::write(history, &public);
    let read = record::read::<G>(&shared, 7).unwrap_or_else(|e| panic!("{e}: {shared}"));
    assert_eq!(record::write(&read, &public), shared, "a shared record reads back differently");
    let short = record::write_short(history);
    let read = record::read::<G>(&short, 7).unwrap_or_else(|e| panic!("{e}: {short}"));
    assert_eq!(record::write_short(&read), short, "a link's record reads back differently");
}
