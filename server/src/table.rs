//! A room's game, its type erased: the same rules and record as the page, read and written as
//! text. The server's state is the truth; every turn a client sends goes through the rules.

use board_suite::games::GameId;
use board_suite::route::Route;
use board_suite::rules::TurnText;
use board_suite::rules::record::{self, Header, Named, RecordError, Recorded, Tag, Timing};
use board_suite::rules::{Conclusion, History, Outcome, Player, Termination};

/// Why a turn was not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The game is over.
    Over,
    /// The text is not a whole turn the rules allow here.
    Illegal,
}

/// A game in a room.
pub trait Table: Send + Sync {
    fn game(&self) -> GameId;
    fn to_move(&self) -> Player;
    /// The whole turns played.
    fn turns(&self) -> usize;
    fn over(&self) -> bool;
    /// The result, once the game is over; `None` for a game aborted or not over.
    fn outcome(&self) -> Option<Outcome>;
    /// Why the game ended, once it has.
    fn termination(&self) -> Option<Termination>;
    /// Plays a whole turn written as the engine announces it (a flip without what it shows).
    fn play(&mut self, turn: &str) -> Result<(), Refused>;
    /// Takes back the last turn; `false` when the rules keep it (it revealed a hidden piece).
    fn take_back(&mut self) -> bool;
    fn conclude(&mut self, conclusion: Conclusion) -> Result<(), Refused>;
    /// The record anyone may see, with its clocks: nothing hidden while the game goes on.
    fn public_record(&self, timing: &Timing) -> String;
    /// The record with everything and `header`'s tags, for storage.
    fn full_record(&self, header: &Header) -> String;
    /// The tags naming the players ([`record::people_tags`]).
    fn people_tags(&self, players: &[Option<Named>; 2]) -> Vec<Tag>;
    /// The last turn as the public record writes it (a flip with what it showed).
    fn last_turn(&self) -> Option<String>;
    /// The rules the game was started under, as the tags anyone may see, for pairing.
    fn rules(&self) -> String;
    /// The page's link that shows this game (a share link).
    fn link(&self) -> String;
    /// The same game, to change without changing this one.
    fn copy(&self) -> Box<dyn Table>;
}

impl<G: Recorded + TurnText + Send + Sync + 'static> Table for (GameId, History<G>)
where
    G::Move: Send + Sync,
{
    fn game(&self) -> GameId {
        self.0
    }

    fn to_move(&self) -> Player {
        self.1.current().to_move()
    }

    fn turns(&self) -> usize {
        self.1.turns().len()
    }

    fn over(&self) -> bool {
        self.1.over()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.1.outcome()
    }

    fn termination(&self) -> Option<Termination> {
        self.1.termination()
    }

    fn play(&mut self, turn: &str) -> Result<(), Refused> {
        if self.over() {
            return Err(Refused::Over);
        }
        let mut next = self.1.clone();
        // As its sender could see it: no answer tells a hidden piece.
        let legs = next.current().read_sent(turn).map_err(|_| Refused::Illegal)?;
        for leg in legs {
            next.play(leg).map_err(|_| Refused::Illegal)?;
        }
        // Only whole turns: the other player never waits on half of one.
        if next.current().mid_move() && next.outcome().is_none() {
            return Err(Refused::Illegal);
        }
        self.1 = next;
        Ok(())
    }

    fn take_back(&mut self) -> bool {
        // What is undone stays only in memory: the server never redoes, and records leave it out.
        self.1.undo()
    }

    fn conclude(&mut self, conclusion: Conclusion) -> Result<(), Refused> {
        self.1.conclude(conclusion).map_err(|_| Refused::Over)
    }

    fn public_record(&self, timing: &Timing) -> String {
        record::write(
            &self.1,
            &Header { date: None, reveal: false, timing: timing.clone(), ..Header::default() },
        )
    }

    fn full_record(&self, header: &Header) -> String {
        record::write(&self.1, &Header { reveal: true, ..header.clone() })
    }

    fn people_tags(&self, players: &[Option<Named>; 2]) -> Vec<Tag> {
        record::people_tags::<G>(players)
    }

    fn last_turn(&self) -> Option<String> {
        let (before, legs) = self.1.turns().pop()?;
        Some(before.turn_notation(legs))
    }

    fn rules(&self) -> String {
        record::public_rules(self.1.start())
    }

    fn link(&self) -> String {
        Route::record(self.0, record::write_short(&self.1)).hash()
    }

    fn copy(&self) -> Box<dyn Table> {
        Box::new((self.0, self.1.clone()))
    }
}

/// Why a room's game could not be set up.
#[derive(Debug)]
pub enum SetupError {
    /// The rules' tags are not ones the game knows, or the text is not tags alone.
    Rules(RecordError),
    /// A game that has begun: a room starts from the rules, not from turns.
    NotAStart,
}

/// A new game of `game` under the rules written as a record's tags (empty for the defaults),
/// with a shuffle of `seed` for a game that shuffles. Anything hidden the tags name (a
/// dark-chess seed) is dropped: the server alone deals.
pub fn open(game: GameId, rules: &str, seed: u64) -> Result<Box<dyn Table>, SetupError> {
    fn open_as<G: Recorded + TurnText + Send + Sync + 'static>(
        game: GameId,
        rules: &str,
        seed: u64,
    ) -> Result<Box<dyn Table>, SetupError>
    where
        G::Move: Send + Sync,
    {
        let asked: History<G> = record::read(&format!("{rules} *"), seed).map_err(SetupError::Rules)?;
        if asked.ply() > 0 || asked.conclusion().is_some() {
            return Err(SetupError::NotAStart);
        }
        // Read again from what anyone may see, so that only the server's seed deals.
        let public = format!("{} *", record::public_rules(asked.start()));
        let history = record::read::<G>(&public, seed).map_err(SetupError::Rules)?;
        Ok(Box::new((game, history)))
    }
    board_suite::with_game!(game, G => open_as::<G>(game, rules, seed))
}

/// A stored game, from its full record.
pub fn restore(game: GameId, full_record: &str) -> Result<Box<dyn Table>, RecordError> {
    fn restore_as<G: Recorded + TurnText + Send + Sync + 'static>(
        game: GameId,
        text: &str,
    ) -> Result<Box<dyn Table>, RecordError>
    where
        G::Move: Send + Sync,
    {
        Ok(Box::new((game, record::read::<G>(text, 0)?)))
    }
    board_suite::with_game!(game, G => restore_as::<G>(game, full_record))
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_suite::rules::dark_chess::{Cell, Colour, Config, DarkChess, Piece, Rank, square_at};

    /// Red's horse on a4 beside a face-down `hidden` on b4 and a face-down black soldier on c4.
    fn table(hidden: Piece, chain_capture: bool) -> Box<dyn Table> {
        let mut board = [Cell::Empty; 32];
        board[usize::from(square_at(0, 0))] = Cell::FaceUp(Piece { colour: Colour::Red, rank: Rank::Horse });
        board[usize::from(square_at(1, 0))] = Cell::FaceDown(hidden);
        board[usize::from(square_at(2, 0))] =
            Cell::FaceDown(Piece { colour: Colour::Black, rank: Rank::Soldier });
        board[usize::from(square_at(7, 3))] =
            Cell::FaceDown(Piece { colour: Colour::Black, rank: Rank::Horse });
        let config = Config { chain_capture, blind_capture: true, ..Config::default() };
        let game = DarkChess::from_setup(config, board, Some(Colour::Red), Player::First).unwrap();
        Box::new((GameId::DarkChess, History::starting_from(game)))
    }

    #[test]
    fn a_turn_is_answered_alike_whatever_the_hidden_piece() {
        let hidden =
            [(Colour::Black, Rank::Soldier), (Colour::Black, Rank::General), (Colour::Red, Rank::Cannon)]
                .map(|(colour, rank)| Piece { colour, rank });
        for chain_capture in [false, true] {
            for turn in ["a4?b4?c4", "a4?b4xc4", "a4?b4", "a4?b4?c4?d4", "a4?c4", "a4?b4=k", "b4", "a4-a3"] {
                let answers: Vec<_> = hidden
                    .iter()
                    .map(|&piece| {
                        let mut table = table(piece, chain_capture);
                        let before = table.full_record(&Header::default());
                        let answer = table.play(turn);
                        // A refused turn changes nothing; a played one is whole.
                        assert!(answer.is_ok() || table.full_record(&Header::default()) == before, "{turn}");
                        assert!(answer.is_err() || table.to_move() == Player::Second, "{turn}");
                        answer
                    })
                    .collect();
                assert!(answers.iter().all(|a| *a == answers[0]), "{turn} {chain_capture}: {answers:?}");
            }
        }
    }
}
