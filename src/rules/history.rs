//! One history for every game: the moves played, undo/redo, and an ending the players chose.

use super::{Game, Illegal, Outcome, Player, Termination};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// An ending decided by the players, or by their clocks, rather than the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Conclusion {
    /// This player resigned; the other wins.
    Resigned(Player),
    /// Both players agreed to a draw.
    DrawAgreed,
    /// This player's time ran out; the other wins.
    TimeForfeit(Player),
    /// This player left the game; the other wins.
    Abandoned(Player),
    /// The other player left the game, and the one present took a draw.
    DrawClaimed,
    /// Ended before both players had moved: no result.
    Aborted,
}

impl Conclusion {
    /// The player who lost, if one did.
    pub fn loser(self) -> Option<Player> {
        match self {
            Conclusion::Resigned(player)
            | Conclusion::TimeForfeit(player)
            | Conclusion::Abandoned(player) => Some(player),
            Conclusion::DrawAgreed | Conclusion::DrawClaimed | Conclusion::Aborted => None,
        }
    }

    pub fn termination(self) -> Termination {
        match self {
            Conclusion::Resigned(_) => Termination::Resignation,
            Conclusion::DrawAgreed => Termination::Agreement,
            Conclusion::TimeForfeit(_) => Termination::TimeForfeit,
            Conclusion::Abandoned(_) | Conclusion::DrawClaimed => Termination::Abandoned,
            Conclusion::Aborted => Termination::Aborted,
        }
    }
}

/// A game from its start: every position reached, so undo restores a snapshot exactly rather
/// than reversing a move. Snapshots are shared, so cloning a history copies pointers only; `Arc`
/// rather than `Rc`, so that the server can keep a history on any thread.
#[derive(Clone, Debug, PartialEq)]
pub struct History<G: Game> {
    /// `states[0]` is the start, the last one is the current position.
    states: Vec<Arc<G>>,
    /// `moves[i]` leads from `states[i]` to `states[i + 1]`.
    moves: Vec<G::Move>,
    /// Undone moves, the most recently undone last. A new move clears them.
    redo: Vec<G::Move>,
    conclusion: Option<Conclusion>,
}

impl<G: Game> History<G> {
    pub fn new(config: &G::Config) -> Self {
        Self::starting_from(G::new(config))
    }

    /// A history whose start is the given position (a game set up by hand, e.g. in tests).
    pub fn starting_from(start: G) -> Self {
        History { states: vec![Arc::new(start)], moves: Vec::new(), redo: Vec::new(), conclusion: None }
    }

    /// The position the game started from.
    pub fn start(&self) -> &G {
        &self.states[0]
    }

    /// The current position.
    pub fn current(&self) -> &G {
        self.states.last().expect("a history always holds its start")
    }

    /// The moves played so far, oldest first, each with the position it was played from.
    pub fn moves(&self) -> impl Iterator<Item = (&G, &G::Move)> {
        self.states.iter().map(|state| &**state).zip(&self.moves)
    }

    /// The moves played so far, oldest first.
    pub fn move_list(&self) -> &[G::Move] {
        &self.moves
    }

    /// The moves played so far grouped into turns (a multi-jump's legs together), each with
    /// the position its first leg was played from.
    pub fn turns(&self) -> Vec<(&G, &[G::Move])> {
        let mut turns = Vec::new();
        let mut start = 0;
        for end in 1..=self.moves.len() {
            if end == self.moves.len() || !self.states[end].mid_move() {
                turns.push((&*self.states[start], &self.moves[start..end]));
                start = end;
            }
        }
        turns
    }

    /// The last move played, with the position it was played from.
    pub fn last_move(&self) -> Option<(&G, &G::Move)> {
        self.moves().last()
    }

    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The result: the players' conclusion, or the rules' outcome, which includes a draw by
    /// the third repetition of a position.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.conclusion {
            Some(Conclusion::Aborted) => None,
            Some(conclusion) => {
                Some(conclusion.loser().map_or(Outcome::Draw, |loser| Outcome::Win(loser.opponent())))
            }
            None => self.current().outcome().or_else(|| self.repeated().then_some(Outcome::Draw)),
        }
    }

    /// Why the game ended, once it has: the players' conclusion, else the rules' reason.
    pub fn termination(&self) -> Option<Termination> {
        match self.conclusion {
            Some(conclusion) => Some(conclusion.termination()),
            None => {
                self.current().termination().or_else(|| self.repeated().then_some(Termination::Repetition))
            }
        }
    }

    /// Whether the current position has now occurred for the third time, counting positions
    /// between turns only (a rule that draws then is the game's, through [`Game::repeats`]).
    pub fn repeated(&self) -> bool {
        let current = self.current();
        let since = self.states.len().saturating_sub(current.repeatable_plies().saturating_add(1));
        !current.mid_move()
            && self.states[since..].iter().filter(|s| !s.mid_move() && current.repeats(s)).count() >= 3
    }

    /// Whether the game has ended: with a result, or aborted without one.
    pub fn over(&self) -> bool {
        self.conclusion.is_some() || self.outcome().is_some()
    }

    pub fn conclusion(&self) -> Option<Conclusion> {
        self.conclusion
    }

    /// Plays a move on the current position and clears the redo moves.
    pub fn play(&mut self, mv: G::Move) -> Result<(), Illegal> {
        if self.conclusion.is_some() || self.repeated() {
            return Err(Illegal::GameOver);
        }
        let mut next = self.current().clone();
        next.play(mv)?;
        self.states.push(Arc::new(next));
        self.moves.push(mv);
        self.redo.clear();
        Ok(())
    }

    /// The actions of the last turn played.
    pub fn last_turn(&self) -> &[G::Move] {
        &self.moves[self.last_turn_start()..]
    }

    /// Where the last turn began: the index of its first action in the moves played.
    fn last_turn_start(&self) -> usize {
        let mut start = self.moves.len().saturating_sub(1);
        while start > 0 && self.states[start].mid_move() {
            start -= 1;
        }
        start
    }

    /// Whether [`History::undo`] would do something: there is a turn, the players have not ended
    /// the game, and no action of that turn revealed anything hidden.
    pub fn can_undo(&self) -> bool {
        let start = self.last_turn_start();
        self.conclusion.is_none()
            && !self.moves.is_empty()
            && (start..self.moves.len()).all(|i| !self.states[i].reveals_hidden(&self.moves[i]))
    }

    pub fn can_redo(&self) -> bool {
        self.conclusion.is_none() && !self.redo.is_empty()
    }

    /// Takes back the last turn, all its actions. Returns whether it did.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        for _ in self.last_turn_start()..self.moves.len() {
            self.undo_leg();
        }
        true
    }

    fn undo_leg(&mut self) {
        self.states.pop();
        self.redo.extend(self.moves.pop());
    }

    /// Replays the most recently undone turn, all its actions. Returns whether it did.
    pub fn redo(&mut self) -> bool {
        if !self.can_redo() {
            return false;
        }
        while self.redo_leg() && self.current().mid_move() {}
        true
    }

    fn redo_leg(&mut self) -> bool {
        let Some(mv) = self.redo.pop() else {
            return false;
        };
        let mut next = self.current().clone();
        // A redo move was legal from this very position when it was undone.
        if next.play(mv).is_err() {
            self.redo.clear();
            return false;
        }
        self.states.push(Arc::new(next));
        self.moves.push(mv);
        true
    }

    /// Ends a game in progress by the players' choice. Refused once the game is over.
    pub fn conclude(&mut self, conclusion: Conclusion) -> Result<(), Illegal> {
        if self.over() {
            return Err(Illegal::GameOver);
        }
        self.conclusion = Some(conclusion);
        self.redo.clear();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::connect_four::{Move, history_of as played};

    #[test]
    fn undo_and_redo_walk_the_snapshots() {
        let mut h = played(&[3, 4, 5]);
        assert!(h.undo() && h.undo());
        assert_eq!(h, {
            let mut expected = played(&[3]);
            expected.redo = vec![Move::Drop(5), Move::Drop(4)];
            expected
        });
        assert!(h.redo());
        assert_eq!(h.current(), played(&[3, 4]).current());
        assert!(h.redo());
        assert!(!h.redo());
        assert_eq!(h, played(&[3, 4, 5]));
    }

    #[test]
    fn a_new_move_clears_redo() {
        let mut h = played(&[3, 4]);
        h.undo();
        assert!(h.can_redo());
        h.play(Move::Drop(0)).unwrap();
        assert!(!h.can_redo());
        assert!(!h.redo());
        assert_eq!(h, played(&[3, 0]));
    }

    #[test]
    fn nothing_to_undo_at_the_start() {
        let mut h = played(&[]);
        assert!(!h.can_undo());
        assert!(!h.undo());
        assert_eq!(h, played(&[]));
    }

    #[test]
    fn an_illegal_move_changes_nothing() {
        let mut h = played(&[0, 0, 0, 0, 0, 0]);
        h.undo();
        h.redo();
        let before = h.clone();
        assert_eq!(h.play(Move::Drop(0)), Err(Illegal::ColumnFull));
        assert_eq!(h, before);
    }

    #[test]
    fn undo_after_a_rules_win_returns_to_play() {
        let mut h = played(&[0, 1, 0, 1, 0, 1, 0]);
        assert_eq!(h.outcome(), Some(Outcome::Win(Player::First)));
        assert!(h.undo());
        assert_eq!(h.outcome(), None);
    }

    #[test]
    fn resigning_and_agreeing_a_draw_end_the_game_for_good() {
        let mut h = played(&[3]);
        h.conclude(Conclusion::Resigned(Player::Second)).unwrap();
        assert_eq!(h.outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(h.play(Move::Drop(2)), Err(Illegal::GameOver));
        assert!(!h.can_undo() && !h.undo());
        assert_eq!(h.conclude(Conclusion::DrawAgreed), Err(Illegal::GameOver));

        let mut h = played(&[3, 3]);
        h.undo();
        h.conclude(Conclusion::DrawAgreed).unwrap();
        assert_eq!(h.outcome(), Some(Outcome::Draw));
        assert!(!h.can_redo());
    }

    #[test]
    fn every_end_keeps_its_reason() {
        assert_eq!(played(&[3, 3]).termination(), None);
        assert_eq!(played(&[0, 1, 0, 1, 0, 1, 0]).termination(), Some(Termination::Rules));
        let ends = [
            (Conclusion::Resigned(Player::First), Outcome::Win(Player::Second), Termination::Resignation),
            (Conclusion::DrawAgreed, Outcome::Draw, Termination::Agreement),
            (Conclusion::TimeForfeit(Player::Second), Outcome::Win(Player::First), Termination::TimeForfeit),
            (Conclusion::Abandoned(Player::First), Outcome::Win(Player::Second), Termination::Abandoned),
        ];
        for (conclusion, outcome, termination) in ends {
            let mut h = played(&[3]);
            h.conclude(conclusion).unwrap();
            assert_eq!((h.outcome(), h.termination()), (Some(outcome), Some(termination)));
            assert_eq!(h.play(Move::Drop(2)), Err(Illegal::GameOver));
        }
        // The third time a position stands: a draw by repetition.
        let mut h = History::<Shuttle>::new(&());
        for mv in [1, 1, 0, 0, 1, 1, 0, 0] {
            assert_eq!(h.termination(), None);
            h.play(mv).unwrap();
        }
        assert_eq!((h.outcome(), h.termination()), (Some(Outcome::Draw), Some(Termination::Repetition)));
    }

    /// A game of one token moved to and fro, whose positions repeat.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Shuttle(u8, Player);

    impl Game for Shuttle {
        type Move = u8;
        type Config = ();
        fn new(_: &()) -> Self {
            Shuttle(0, Player::First)
        }
        fn config(&self) -> &() {
            &()
        }
        fn to_move(&self) -> Player {
            self.1
        }
        fn legal_moves(&self) -> Vec<u8> {
            vec![0, 1]
        }
        fn is_legal(&self, mv: &u8) -> bool {
            *mv < 2
        }
        fn play(&mut self, mv: u8) -> Result<(), Illegal> {
            *self = Shuttle(mv, self.1.opponent());
            Ok(())
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn repeats(&self, earlier: &Self) -> bool {
            self == earlier
        }
        fn repeatable_plies(&self) -> usize {
            usize::MAX
        }
        fn notation(&self, mv: &u8) -> String {
            mv.to_string()
        }
        fn parse_move(&self, text: &str) -> Result<u8, crate::rules::BadNotation> {
            text.parse().map_err(|_| crate::rules::BadNotation::of(text))
        }
    }

    #[test]
    fn a_finished_game_cannot_be_resigned() {
        let mut h = played(&[0, 1, 0, 1, 0, 1, 0]);
        assert_eq!(h.conclude(Conclusion::Resigned(Player::Second)), Err(Illegal::GameOver));
    }

    /// A game whose every move reveals something, to test that undo stops there.
    #[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
    struct Reveal(u8);

    impl Game for Reveal {
        type Move = u8;
        type Config = ();
        fn new(_: &()) -> Self {
            Reveal(0)
        }
        fn config(&self) -> &() {
            &()
        }
        fn to_move(&self) -> Player {
            Player::First
        }
        fn legal_moves(&self) -> Vec<u8> {
            vec![0, 1]
        }
        fn is_legal(&self, mv: &u8) -> bool {
            *mv < 2
        }
        fn play(&mut self, mv: u8) -> Result<(), Illegal> {
            self.0 = mv;
            Ok(())
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn reveals_hidden(&self, mv: &u8) -> bool {
            *mv == 1
        }
        fn notation(&self, mv: &u8) -> String {
            mv.to_string()
        }

        fn parse_move(&self, text: &str) -> Result<u8, crate::rules::BadNotation> {
            text.parse().map_err(|_| crate::rules::BadNotation::of(text))
        }
    }

    #[test]
    fn undo_never_crosses_a_move_that_revealed_something() {
        let mut h = History::<Reveal>::new(&());
        h.play(0).unwrap();
        h.play(1).unwrap();
        assert!(!h.can_undo());
        assert!(!h.undo());
        h.play(0).unwrap();
        assert!(h.undo());
        assert!(!h.undo());
        assert_eq!(h.current(), &Reveal(1));
    }
}
