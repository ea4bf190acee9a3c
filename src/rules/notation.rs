//! Turns as text: the move list's notation read back ([`parse_turn`]), a game rebuilt from its
//! turns ([`replay`], [`TurnText::from_turns`]), and a turn as a player announces it
//! ([`TurnText::announce`], [`read_announced`]). One notation for the page, the server and the
//! engines.

use super::{BadNotation, Game};

/// Reads actions written as [`Game::turn_notation`] writes them from `game`: a whole turn
/// (`11x18x25`), or its first actions when the turn goes on (`c3` before an earned removal).
/// The exact inverse, by construction: it is the only sequence of legal actions that writes
/// `text`, and a turn that ends is preferred to one that stops part-way with the same text (a
/// chain ended by choice writes nothing more). Legality is checked here, as only legal actions
/// are tried.
pub fn parse_turn<G: Game>(game: &G, text: &str) -> Result<Vec<G::Move>, BadNotation> {
    parse_turn_as(game, text, G::turn_notation)
}

/// [`parse_turn`] for another way of writing turns (`write`, from the turn's start), whose
/// first actions write the start of what the whole turn writes.
pub fn parse_turn_as<G: Game>(
    game: &G,
    text: &str,
    write: impl Fn(&G, &[G::Move]) -> String,
) -> Result<Vec<G::Move>, BadNotation> {
    struct Reading<'a, G: Game, W> {
        start: &'a G,
        text: &'a str,
        write: W,
        partial: Option<Vec<G::Move>>,
    }
    impl<G: Game, W: Fn(&G, &[G::Move]) -> String> Reading<'_, G, W> {
        fn extend(&mut self, position: &G, legs: &mut Vec<G::Move>) -> bool {
            for mv in position.legal_moves() {
                legs.push(mv);
                let written = (self.write)(self.start, legs);
                if self.text.starts_with(&written) {
                    let mut next = position.clone();
                    if next.play(mv).is_ok() {
                        let goes_on = next.mid_move();
                        if written == self.text && !goes_on {
                            return true;
                        }
                        if written == self.text && self.partial.is_none() {
                            self.partial = Some(legs.clone());
                        }
                        if goes_on && self.extend(&next, legs) {
                            return true;
                        }
                    }
                }
                legs.pop();
            }
            false
        }
    }
    // A turn of one action is read straight, not searched for among all (a long board's many).
    if let Ok(mv) = game.parse_move(text) {
        let mut next = game.clone();
        if next.play(mv).is_ok() && !next.mid_move() && write(game, &[mv]) == text {
            return Ok(vec![mv]);
        }
    }
    let mut reading = Reading { start: game, text, write, partial: None };
    let mut legs = Vec::new();
    if !text.is_empty() && reading.extend(game, &mut legs) {
        return Ok(legs);
    }
    reading.partial.ok_or_else(|| BadNotation::of(text))
}

/// A turn, among those given, that is not a legal turn where it comes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadTurn {
    /// Which turn, from 1.
    pub ply: usize,
    /// Its text (for dark chess, the turn or the flip that cannot be).
    pub text: String,
}

/// `game` after `turns`, as the move list writes them; `each` sees every leg played and the game
/// after it, so that an engine's own board follows along.
pub fn replay<G: Game>(mut game: G, turns: &[&str], mut each: impl FnMut(&G, G::Move)) -> Result<G, BadTurn> {
    for (index, turn) in turns.iter().enumerate() {
        let bad = || BadTurn { ply: index + 1, text: (*turn).to_owned() };
        for leg in parse_turn(&game, turn).map_err(|_| bad())? {
            game.play(leg).map_err(|_| bad())?;
            each(&game, leg);
        }
    }
    Ok(game)
}

/// A game's turns as text, read and announced.
pub trait TurnText: Game {
    /// The game rebuilt from its config and turns, as a player at the board knows it.
    fn from_turns(config: &Self::Config, turns: &[&str]) -> Result<Self, BadTurn> {
        replay(Self::new(config), turns, |_, _| {})
    }

    /// A turn as a player announces it before it is played (an engine's answer, a client's
    /// turn): the move list's notation.
    fn announce(&self, turn: &[Self::Move]) -> String {
        self.turn_notation(turn)
    }

    /// Reads a turn a player sent, judged by what its sender could see: where the rules hide
    /// pieces, whether it is accepted never depends on a hidden one (a server that refused a
    /// turn for a piece only it knows would tell that piece for free). Without hidden pieces,
    /// [`read_announced`].
    fn read_sent(&self, text: &str) -> Result<Vec<Self::Move>, BadNotation> {
        read_announced(self, text)
    }

    /// A turn and the turns after it, each announced, as far as they play (a line an engine
    /// expects).
    fn announce_line(&self, turn: &[Self::Move], then: &[Vec<Self::Move>]) -> Vec<String> {
        let mut game = self.clone();
        let mut said = Vec::with_capacity(then.len() + 1);
        for turn in std::iter::once(turn).chain(then.iter().map(Vec::as_slice)) {
            let text = game.announce(turn);
            if turn.is_empty() || turn.iter().any(|&leg| game.play(leg).is_err()) {
                break;
            }
            said.push(text);
        }
        said
    }
}

/// Reads a turn as announced (see [`TurnText::announce`]) in the real game.
pub fn read_announced<G: TurnText>(game: &G, text: &str) -> Result<Vec<G::Move>, BadNotation> {
    parse_turn_as(game, text, |start, legs| start.announce(legs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::checkers::Checkers;
    use crate::rules::connect_four::ConnectFour;
    use crate::rules::dark_chess;
    use crate::rules::dark_chess::DarkChess;

    #[test]
    fn a_bad_turn_is_named_by_its_place() {
        let bad = ConnectFour::from_turns(&(), &["4", "4", "9", "1"]);
        assert_eq!(bad, Err(BadTurn { ply: 3, text: "9".to_owned() }));
        let bad = Checkers::from_turns(&Default::default(), &["11-15", "11-15"]);
        assert_eq!(bad, Err(BadTurn { ply: 2, text: "11-15".to_owned() }));
        // A flip that shows a third general is refused where it comes.
        let bad = <DarkChess as TurnText>::from_turns(&Default::default(), &["a1=K", "h4=p", "b1=K"]);
        assert_eq!(bad.map_err(|e| e.ply), Err(3));
    }

    #[test]
    fn replay_shows_every_leg() {
        let mut legs = 0;
        let game = replay(Checkers::new(&Default::default()), &["11-15", "23-19"], |_, _| legs += 1);
        assert!(game.is_ok());
        assert_eq!(legs, 2);
    }

    #[test]
    fn a_dark_chess_flip_is_announced_without_its_piece_and_read_back() {
        let config = dark_chess::Config::default();
        let game = <DarkChess as TurnText>::from_turns(&config, &["a1=K"]).expect("legal");
        let flip = game.legal_moves().into_iter().find(|&mv| game.reveals_hidden(&mv)).expect("a flip");
        let said = game.announce(&[flip]);
        assert!(!said.contains('='), "{said}");
        assert_eq!(read_announced(&game, &said), Ok(vec![flip]));
        // Other games announce as the move list writes.
        let four = ConnectFour::new(&());
        let drop = four.legal_moves()[3];
        assert_eq!(four.announce(&[drop]), four.turn_notation(&[drop]));
        assert_eq!(read_announced(&four, "4"), Ok(vec![drop]));
        // A line is said turn by turn, as far as it plays.
        let then = [vec![drop], vec![four.legal_moves()[2]], vec![]];
        assert_eq!(four.announce_line(&[drop], &then), ["4", "4", "3"]);
    }
}
