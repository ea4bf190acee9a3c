//! The rules of every game, as pure data and functions: no I/O, no web crates.
//!
//! Every game implements [`Game`]; the history, saving and the conformance tests are written
//! once against it.

pub mod checkers;
pub mod clock;
pub mod connect_four;
pub mod dark_chess;
pub mod five_tigers;
pub mod gomoku;
pub mod history;
pub mod notation;
pub mod record;

pub use history::{Conclusion, History};
pub use notation::{BadTurn, TurnText, parse_turn, parse_turn_as, read_announced, replay};

use serde::{Serialize, de::DeserializeOwned};
use std::fmt::Debug;
use std::hash::Hash;

/// One of the two people at the device. `First` moves first; a game names the sides
/// (red and yellow, black and white) for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Player {
    First,
    Second,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

/// A place on a rectangular board as one small number, row by row from the top left: the
/// compact form that moves and saves use.
pub fn grid_index(x: usize, y: usize, width: usize) -> u8 {
    (y * width + x) as u8
}

/// The `(x, y)` of a [`grid_index`], `x` from the left and `y` from the top.
pub fn grid_coordinates(index: u8, width: usize) -> (usize, usize) {
    (usize::from(index) % width, usize::from(index) / width)
}

/// A place on a lettered board (a [`grid_index`] on a board `columns` by `rows`) as `a1`:
/// files lettered from the left, ranks numbered from the bottom. The one naming of squares and
/// points for every game that uses it; a place off the board (a move that did not come from
/// the rules) is `?`.
pub fn square_name(index: u8, columns: usize, rows: usize) -> String {
    let (x, y) = grid_coordinates(index, columns);
    match u8::try_from(x) {
        Ok(file) if y < rows && file < 26 => format!("{}{}", char::from(b'a' + file), rows - y),
        _ => "?".to_owned(),
    }
}

/// Reads a place written by [`square_name`] back into its [`grid_index`]: exactly that form
/// (no spaces, signs or leading zeros); anything else, or a place off the board, is `None`.
pub fn parse_square(text: &str, columns: usize, rows: usize) -> Option<u8> {
    let mut chars = text.chars();
    let file = chars.next().filter(char::is_ascii_lowercase)?;
    let digits = chars.as_str();
    let rank: usize = digits.parse().ok().filter(|rank: &usize| rank.to_string() == digits)?;
    let x = usize::from(file as u8 - b'a');
    (x < columns && (1..=rows).contains(&rank)).then(|| grid_index(x, rows - rank, columns))
}

/// Text that is not a move in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadNotation(pub String);

impl BadNotation {
    /// The error for `text`.
    pub fn of(text: &str) -> Self {
        BadNotation(text.to_owned())
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    Win(Player),
    Draw,
}

/// Why a game ended: what a record's `Termination` tag and the server's frames say. The
/// rules' reasons come from the game ([`Game::termination`]), the players' from
/// [`Conclusion`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// The rules' own end: a win (five in a row, no move left, no pieces left...) or a full
    /// board.
    Rules,
    /// The same position a third time.
    Repetition,
    /// Too many turns without a capture (or a flip, or a man moved): a draw.
    QuietMoves,
    Resignation,
    /// A draw the players agreed.
    Agreement,
    /// A player's time ran out.
    TimeForfeit,
    /// A player left the game.
    Abandoned,
    /// Ended before both players had moved, with no result.
    Aborted,
}

impl Termination {
    pub const ALL: [Termination; 8] = [
        Termination::Rules,
        Termination::Repetition,
        Termination::QuietMoves,
        Termination::Resignation,
        Termination::Agreement,
        Termination::TimeForfeit,
        Termination::Abandoned,
        Termination::Aborted,
    ];

    /// The word a record's `Termination` tag writes (as the server's frames do).
    pub fn name(self) -> &'static str {
        match self {
            Termination::Rules => "rules",
            Termination::Repetition => "repetition",
            Termination::QuietMoves => "quiet-moves",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::TimeForfeit => "time-forfeit",
            Termination::Abandoned => "abandoned",
            Termination::Aborted => "aborted",
        }
    }

    pub fn from_name(name: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// The termination of a game whose rules draw only when quiet moves run out.
pub fn quiet_moves_draw(outcome: Option<Outcome>) -> Option<Termination> {
    outcome.map(|outcome| match outcome {
        Outcome::Win(_) => Termination::Rules,
        Outcome::Draw => Termination::QuietMoves,
    })
}

/// Why a move was refused. One vocabulary for all games, so the interface can say it in words
/// in every language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over; no move is accepted.
    GameOver,
    /// The Connect Four column has no empty cell left.
    ColumnFull,
    /// The move names a place outside the board.
    OffBoard,
    /// The point already holds a stone.
    Occupied,
    /// Renju: black may not make a double-three, a double-four or an overline here.
    Forbidden,
    /// Any other move the rules do not allow here.
    NotAllowed,
}

/// Why a position set up by hand (a puzzle, a test, a record's starting position) is not one
/// the game can reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// More pieces of a kind than the game has.
    TooManyPieces,
    /// A piece where the rules never leave one: a face-up dark-chess piece before the first
    /// flip.
    Misplaced,
    /// Both players have already won.
    BothWon,
    /// A phase that cannot be (nothing left to place, no removal left).
    BadPhase,
}

/// A board game for two players taking turns.
///
/// A state is built from its [`Game::Config`] and changed only by [`Game::play`], so a game is
/// fully described by its config and its moves: that is what a save holds.
pub trait Game: Clone + Debug + Eq + Hash {
    /// One player's action; small and `Copy`, no strings.
    /// (Its JSON form is read only in saves of format 1.)
    type Move: Copy + Debug + Eq + Hash + Serialize + DeserializeOwned;
    /// Everything chosen before the first move (rule sets, house rules, a shuffle's seed).
    /// (Its JSON form is what the page tells the engine and what saves of format 1 hold.)
    type Config: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned;

    /// The starting position for a config.
    fn new(config: &Self::Config) -> Self;

    /// The config this game was started with.
    fn config(&self) -> &Self::Config;

    /// Whose turn it is. Meaningless once [`Game::outcome`] is `Some`.
    fn to_move(&self) -> Player;

    /// Every move the player to move may make now, without duplicates; empty when the game is
    /// over. The order is part of the contract (engines and seeded randomness rely on it): each
    /// game documents it, and it changes only with its tests.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Whether `mv` may be played now. Exactly `legal_moves().contains(mv)`, but without
    /// generating every move: engines and the server check one move at a time.
    fn is_legal(&self, mv: &Self::Move) -> bool;

    /// Plays a move. An illegal move is refused with the reason and leaves the state unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), Illegal>;

    /// The result, once the rules have ended the game.
    fn outcome(&self) -> Option<Outcome>;

    /// Why the rules ended the game, once they have: [`Termination::Rules`] unless the game
    /// says otherwise (a draw when quiet moves run out, [`quiet_moves_draw`]).
    fn termination(&self) -> Option<Termination> {
        self.outcome().map(|_| Termination::Rules)
    }

    /// Whether this position repeats `earlier` under a rule that draws on the third
    /// repetition: the same pieces on the same squares (face-down ones too) and the same player
    /// to move. Positions hold no history of their own; [`History`] counts. Games with no such
    /// rule answer `false`.
    fn repeats(&self, _earlier: &Self) -> bool {
        false
    }

    /// How many positions back this one may repeat an earlier one under that rule: those since
    /// the last change no later play undoes (a capture, a flip, a man moved), so that a long
    /// game's repetition is counted over them alone. A game with the rule says; one without
    /// has none to count (0).
    fn repeatable_plies(&self) -> usize {
        0
    }

    /// Whether undoing `mv` would be unfair because it revealed hidden information
    /// (a dark-chess flip). Such a move is never undone.
    fn reveals_hidden(&self, _mv: &Self::Move) -> bool {
        false
    }

    /// The move in the game's notation, language-independent (e.g. a column number, `11x18`).
    /// `self` is the position before the move.
    fn notation(&self, mv: &Self::Move) -> String;

    /// Reads a move written as [`Game::notation`] writes it in this position: the exact
    /// inverse for every move the move list can show. Whether the move is legal here is for
    /// `play` to say.
    fn parse_move(&self, text: &str) -> Result<Self::Move, BadNotation>;

    /// Whether the player to move is part-way through a turn made of several actions and acts
    /// again: a checkers multi-jump, a dark-chess chain of captures, Five Tigers' earned
    /// placements and captures. This is the one notion of a turn: history, undo and redo, the
    /// move list, saves, engines and the server all treat the actions of one turn as one.
    fn mid_move(&self) -> bool {
        false
    }

    /// A whole turn, action by action, in the game's notation; `self` is the position before it.
    fn turn_notation(&self, legs: &[Self::Move]) -> String {
        let mut position = self.clone();
        let parts: Vec<String> = legs
            .iter()
            .map(|mv| {
                let part = position.notation(mv);
                let _ = position.play(*mv);
                part
            })
            .collect();
        parts.join(" ")
    }
}

/// Every whole turn the player to move can make, action by action, each with where it leads:
/// a turn ends when the player stops acting or the game ends.
pub fn whole_turns<G: Game>(game: &G) -> Vec<(Vec<G::Move>, G)> {
    fn extend<G: Game>(position: &G, legs: &mut Vec<G::Move>, out: &mut Vec<(Vec<G::Move>, G)>) {
        for mv in position.legal_moves() {
            legs.push(mv);
            let mut next = position.clone();
            if next.play(mv).is_ok() {
                if next.mid_move() && next.outcome().is_none() {
                    extend(&next, legs, out);
                } else {
                    out.push((legs.clone(), next));
                }
            }
            legs.pop();
        }
    }
    let mut out = Vec::new();
    extend(game, &mut Vec::new(), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::{Outcome, Player, Termination, parse_square, quiet_moves_draw, square_name};

    #[test]
    fn terminations_are_named_and_quiet_draws_said() {
        for why in Termination::ALL {
            assert_eq!(Termination::from_name(why.name()), Some(why));
            assert_eq!(serde_json::to_value(why).unwrap(), why.name(), "the frames' word is the tag's");
        }
        assert_eq!(Termination::from_name("normal"), None);
        assert_eq!(quiet_moves_draw(None), None);
        assert_eq!(quiet_moves_draw(Some(Outcome::Draw)), Some(Termination::QuietMoves));
        assert_eq!(quiet_moves_draw(Some(Outcome::Win(Player::First))), Some(Termination::Rules));
    }

    #[test]
    fn squares_are_named_and_read_back() {
        // 8 by 4, as dark chess: a1 is the bottom left, h4 the top right.
        assert_eq!(square_name(24, 8, 4), "a1");
        assert_eq!(parse_square("a1", 8, 4), Some(24));
        assert_eq!(parse_square("h4", 8, 4), Some(7));
        for index in 0..32 {
            assert_eq!(parse_square(&square_name(index, 8, 4), 8, 4), Some(index));
        }
        for text in ["i1", "a5", "a0", "a01", "A1", "a+1", " a1", "a1 ", "", "a", "1", "é1"] {
            assert_eq!(parse_square(text, 8, 4), None, "{text:?}");
        }
        // Two-digit ranks, as on a gomoku board.
        assert_eq!(parse_square("o15", 15, 15), Some(14));
    }

    /// Every legal move of a few games under `config`, and the config, is written by the
    /// page's JSON writer exactly as by the engine's and the server's (serde_json: old saves
    /// hold its text; the engine worker reads the config with it), and the config reads back as
    /// serde_json reads it, odd texts too.
    fn json_forms_are_serdes<G: super::Game>(config: &G::Config, odd: &[&str]) {
        let text = serde_json::to_string(config).unwrap();
        assert_eq!(serde_json_wasm::to_string(config).unwrap(), text);
        assert_eq!(serde_json_wasm::from_str::<G::Config>(&text).ok().as_ref(), Some(config));
        for text in ["null", "{}", "1", "\"x\"", r#"{"other":1}"#].iter().chain(odd) {
            let ours = serde_json_wasm::from_str::<G::Config>(text).ok();
            assert_eq!(ours, serde_json::from_str::<G::Config>(text).ok(), "{text}");
        }
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..4 {
            let mut position = G::new(config);
            for _ in 0..200 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for mv in &moves {
                    let text = serde_json::to_string(mv).unwrap();
                    assert_eq!(serde_json_wasm::to_string(mv).unwrap(), text);
                    assert_eq!(serde_json_wasm::from_str::<G::Move>(&text).ok(), Some(*mv));
                }
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let mv = moves[(state >> 33) as usize % moves.len()];
                position.play(mv).unwrap();
            }
        }
    }

    #[test]
    fn moves_and_configs_in_json_are_serdes() {
        use super::{checkers, dark_chess, five_tigers, gomoku};
        // Every game of the registry, under its default rules.
        for game in crate::games::GameId::ALL {
            with_game!(game, G => json_forms_are_serdes::<G>(&Default::default(), &[]));
        }
        // Each game's other rules, and texts its config must read as serde reads them.
        for compulsory_capture in [true, false] {
            json_forms_are_serdes::<checkers::Checkers>(
                &checkers::Config { compulsory_capture },
                &[
                    r#"{"compulsory_capture":false}"#,
                    r#"{"compulsory_capture":null}"#,
                    r#"{"compulsory_capture":1}"#,
                ],
            );
        }
        for rules in gomoku::RuleSet::ALL {
            json_forms_are_serdes::<gomoku::Gomoku>(
                &gomoku::Config { rules },
                &[
                    r#"{"rules":"Renju"}"#,
                    r#"{"rules":"renju"}"#,
                    r#"{"rules":null}"#,
                    r#"{"rules":{"Renju":1}}"#,
                ],
            );
        }
        for preset in five_tigers::Preset::ALL {
            json_forms_are_serdes::<five_tigers::FiveTigers>(
                &five_tigers::Config { preset },
                &[r#"{"preset":"Shandong"}"#, r#"{"preset":"Other"}"#, r#"{"preset":7}"#],
            );
        }
        for (seed, chain_capture, chariot_rush, blind_capture) in
            [(0, false, false, false), (77, true, false, true), (u64::MAX, true, true, true)]
        {
            json_forms_are_serdes::<dark_chess::DarkChess>(
                &dark_chess::Config { seed, quiet_limit: 60, chain_capture, chariot_rush, blind_capture },
                &[
                    r#"{"seed":18446744073709551615,"blind_capture":true}"#,
                    r#"{"seed":18446744073709551616}"#,
                    r#"{"seed":-1}"#,
                    r#"{"seed":1.0}"#,
                    r#"{"seed":1e2}"#,
                    r#"{"quiet_limit":4294967295}"#,
                    r#"{"quiet_limit":4294967296}"#,
                    r#"{"chain_capture":"true"}"#,
                ],
            );
        }
    }
}
