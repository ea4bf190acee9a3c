//! What a game's screen shows, whatever the game: the adapter each game writes over its rules
//! ([`UiGame`]) and what it is drawn from ([`Scene`]). Below the session, the services and
//! the views, which all read it.

mod analysis;
mod board;
mod online;
mod opponent;
mod prefs;
mod summary;

pub use analysis::{AnalysisNews, Stored, analysis_key, column_value};
pub use board::{BoardAction, BoardView, CellView, Hand, Hint, Piece, Pos, Surface, Target};
pub use online::{Connection, LobbyListing, PLAYER_KEY, PlayerNews, RoomState, ServerNews, token_key};
pub use opponent::Opponent;
pub use prefs::{DisplayChoice, OnlineChoice, ScreenPrefs};

pub use summary::{
    AnalysisPanel, ChatLine, ClockPanel, Control, Ended, Facing, MoveEntry, Notices, OnlineControl,
    OnlinePanel, OpponentPanel, RecordPanel, ReviewStep, Rival, RulesPanel, Status, StorageProblem, Summary,
};

use super::flow::Flow;
use crate::games::GameId;
use crate::i18n::{GameText, Lang, Side, Words};
use crate::rules::record::Recorded;
use crate::rules::{Game, Player, TurnText};
use yew::Html;

/// A move that is a button rather than a place on the board (ending a turn early).
#[derive(Clone, Debug, PartialEq)]
pub struct Command {
    /// `data-action`.
    pub name: &'static str,
    pub label: &'static str,
}

/// Pieces shown beside the board, e.g. a side's captured pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct Tray {
    pub side: Side,
    pub label: String,
    pub pieces: Vec<Piece>,
}

/// A choice made before the first move (a house rule, a rule set).
#[derive(Clone, Debug, PartialEq)]
pub struct Setting {
    /// `data-setting`, language-independent.
    pub name: &'static str,
    pub label: &'static str,
    pub value: SettingValue,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SettingValue {
    Toggle(bool),
    Choice { options: Vec<String>, chosen: usize },
}

impl SettingValue {
    /// A choice among `options`, named in words, with `current` chosen.
    pub fn choice<T: PartialEq>(options: &[T], current: &T, name: impl Fn(&T) -> &'static str) -> Self {
        SettingValue::Choice {
            options: options.iter().map(|option| name(option).to_owned()).collect(),
            chosen: options.iter().position(|option| option == current).unwrap_or(0),
        }
    }

    /// The choice made: an option's index, or 0/1 for a toggle.
    pub fn chosen(&self) -> usize {
        match self {
            SettingValue::Toggle(on) => usize::from(*on),
            SettingValue::Choice { chosen, .. } => *chosen,
        }
    }

    /// The same setting with `choice` made instead.
    pub fn with_choice(&self, choice: usize) -> Self {
        match self {
            SettingValue::Toggle(_) => SettingValue::Toggle(choice == 1),
            SettingValue::Choice { options, .. } => {
                SettingValue::Choice { options: options.clone(), chosen: choice }
            }
        }
    }
}

/// What a game's page shows from: the legal moves now (generated once per change), the moves
/// that led here (the last one is shown, and stones may carry their move numbers), the actions
/// of the latest turn (the one being made, or else the last one played) and the actions to draw
/// as a path (the turn being made, or the last one when the player asks to see it again).
pub struct Scene<'a, G: Game> {
    pub legal: &'a [G::Move],
    pub moves: &'a [G::Move],
    pub turn: &'a [G::Move],
    pub path: &'a [G::Move],
}

/// What the picker says of a game.
pub struct Card {
    pub name: &'static str,
    pub blurb: &'static str,
}

/// A rule the players may change before the first move: how it is shown, and the config a
/// choice makes (0/1 for a toggle).
pub struct Rule<C> {
    pub shown: Setting,
    pub apply: fn(&C, usize) -> C,
}

impl<C> Rule<C> {
    pub fn new(
        name: &'static str,
        label: &'static str,
        value: SettingValue,
        apply: fn(&C, usize) -> C,
    ) -> Self {
        Rule { shown: Setting { name, label, value }, apply }
    }
}

/// What a game adds to its rules to be played on the page. Thin: it maps rules state to the
/// board's view and the board's actions to moves, and decides nothing about legality.
pub trait UiGame: Game + TurnText + Recorded + 'static {
    const ID: GameId;
    /// The game's name (on the picker and its board) and a line about it.
    const CARD: Words<Card>;
    /// How to play, in short paragraphs (the page's `[data-help]`): the goal, a turn, how to
    /// move on this page, the rules the players may change, and how the game ends.
    const HELP: Words<&'static [&'static str]>;
    /// How turns pass on this game's page: [`super::flow::Direct`], or
    /// [`super::flow::Guided`] with Finish Turn, the cover and Show Previous.
    type Flow: Flow;

    /// The sides' names in the contract (`data-owner`, `data-turn`), the first player's first.
    const SIDES: [Side; 2];

    /// A player's side now: as [`UiGame::SIDES`] names it, unless the position decides.
    fn side(&self, player: Player) -> Side {
        match player {
            Player::First => Self::SIDES[0],
            Player::Second => Self::SIDES[1],
        }
    }

    /// A small picture of the game's board in a typical position, for the picker.
    fn thumbnail() -> Html;

    /// The board as it should look now.
    fn view(&self, scene: &Scene<Self>, text: &GameText) -> BoardView;

    /// The move a board action asks for, if it names one. The rules still judge it.
    fn action_move(&self, action: BoardAction) -> Option<Self::Move>;

    /// The cells a move starts from and comes to, as the board shows them, for marking a
    /// suggested move.
    fn touches(&self, mv: &Self::Move) -> Vec<Pos>;

    /// How the rules ended the game, in words (e.g. "four in a row"), for the result overlay.
    fn ending(&self, text: &GameText) -> String;

    /// The shuffle's seed, for games that shuffle.
    fn seed(_config: &Self::Config) -> Option<u64> {
        None
    }

    /// The config with a new shuffle (unchanged for games that do not shuffle).
    fn reseed(config: &Self::Config, _seed: u64) -> Self::Config {
        config.clone()
    }

    /// The rules the players may change before the first move.
    fn settings(_config: &Self::Config, _lang: Lang) -> Vec<Rule<Self::Config>> {
        Vec::new()
    }

    /// The phase for `data-phase`, for games that have phases.
    fn phase(&self) -> Option<&'static str> {
        None
    }

    /// More about the turn, shown under whose turn it is.
    fn detail(&self, _scene: &Scene<Self>, _text: &GameText) -> Option<String> {
        None
    }

    /// Facts about this game for the info panel, where the computer plays as `opponent` says.
    fn info(&self, _text: &GameText, _opponent: Opponent) -> Vec<String> {
        Vec::new()
    }

    /// Pieces shown beside the board.
    fn trays(&self, _text: &GameText) -> Vec<Tray> {
        Vec::new()
    }

    /// A turn in words, said to a screen reader once it is played: `self` the position before
    /// it, `after` the one it made. By default the side and the move list's notation.
    fn said(&self, turn: &[Self::Move], _after: &Self, text: &GameText) -> String {
        (text.played)((text.side)(self.side(self.to_move())), &self.turn_notation(turn))
    }

    /// Why `turn`, played from this position, cannot be taken back, in words, shown while Undo
    /// is refused for it (a piece it turned face up, say); `None` where the game has nothing
    /// to say.
    fn irreversible(&self, _turn: &[Self::Move], _text: &GameText) -> Option<String> {
        None
    }

    /// Moves made with a button, each with its button, from the legal moves now.
    fn commands(&self, _legal: &[Self::Move], _text: &GameText) -> Vec<(Command, Self::Move)> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::UiGame;
    use crate::games::GameId;
    use crate::i18n::Lang;

    /// Every paragraph of a game's help says something, in each language: Chinese in Chinese.
    fn says_how_to_play<G: UiGame>() {
        for lang in [Lang::En, Lang::ZhHant] {
            let lines = *G::HELP.of(lang);
            assert!(!lines.is_empty(), "{:?} has no help in {}", G::ID, lang.code());
            for line in lines {
                assert!(!line.trim().is_empty(), "{:?}: an empty paragraph in {}", G::ID, lang.code());
                let chinese = line.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
                assert!(chinese || lang == Lang::En, "{:?}: “{line}” is not in Chinese", G::ID);
            }
        }
    }

    /// The Chinese names in the English help are drawn with the page's own font on a computer
    /// with no CJK font: they must be among its characters (the `unicode-range` of its files in
    /// the CSS).
    fn english_help_has_its_glyphs<G: UiGame>() {
        let css = include_str!("../../../styles/main.css");
        let ranges = css.split("unicode-range:").skip(1).filter_map(|r| r.split(';').next());
        let glyphs: Vec<char> = ranges
            .flat_map(|range| range.split(','))
            .filter_map(|u| u32::from_str_radix(u.trim().trim_start_matches("U+"), 16).ok())
            .filter_map(char::from_u32)
            .collect();
        for line in *G::HELP.of(Lang::En) {
            let missing = line.chars().find(|c| ('\u{2e80}'..='\u{9fff}').contains(c) && !glyphs.contains(c));
            assert_eq!(missing, None, "{:?}: not in the page's font: “{line}”", G::ID);
        }
    }

    #[test]
    fn every_game_says_how_to_play_in_both_languages() {
        for game in GameId::ALL {
            with_game!(game, G => {
                says_how_to_play::<G>();
                english_help_has_its_glyphs::<G>();
            });
        }
    }
}
