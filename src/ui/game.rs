//! A game's page: its [`History`], saved after every change, shown through the shared
//! [`GameScreen`]. Generic over the game but thin; the markup lives in `screen`.

use super::board::{BoardAction, BoardView};
use super::screen::{Command, Control, Ended, GameScreen, MoveEntry, Setting, Summary, Tray};
use super::storage;
use crate::i18n::{Lang, Text};
use crate::route::{GameId, Route};
use crate::rules::{Conclusion, Game, History, Illegal, Outcome, Player};
use crate::save::LoadError;
use std::rc::Rc;
use yew::prelude::*;

/// What a game adds to its rules to be played on the page. Thin: it maps rules state to the
/// board's view and the board's actions to moves, and decides nothing about legality.
pub trait UiGame: Game + 'static {
    const ID: GameId;
    /// Whether the board can also be drawn on a canvas (a lined board of points).
    const CANVAS: bool = false;
    /// Whether stones can show their move numbers (a toggle).
    const NUMBERED: bool = false;

    /// The side's name in the contract (`red`, `yellow`, ...), for `data-owner` and `data-turn`.
    fn side(&self, player: Player) -> &'static str;

    /// The board as it should look now, given the moves that led here (the last one is shown,
    /// and stones may carry their move numbers).
    fn view(&self, moves: &[Self::Move], text: &Text) -> BoardView;

    /// The move a board action asks for, if it names one. The rules still judge it.
    fn action_move(&self, action: BoardAction) -> Option<Self::Move>;

    /// How the rules ended the game, in words (e.g. "four in a row"), for the result overlay.
    fn ending(&self, text: &Text) -> String;

    /// The shuffle's seed, for games that shuffle.
    fn seed(_config: &Self::Config) -> Option<u64> {
        None
    }

    /// The config with a new shuffle (unchanged for games that do not shuffle).
    fn reseed(config: &Self::Config, _seed: u64) -> Self::Config {
        config.clone()
    }

    /// The choices of the config that the players may change before the first move.
    fn settings(_config: &Self::Config, _text: &Text) -> Vec<Setting> {
        Vec::new()
    }

    /// The config with a setting changed to the given choice (0/1 for a toggle).
    fn choose(config: &Self::Config, _setting: &str, _choice: usize) -> Self::Config {
        config.clone()
    }

    /// The phase for `data-phase`, for games that have phases.
    fn phase(&self) -> Option<&'static str> {
        None
    }

    /// More about the turn, shown under whose turn it is.
    fn detail(&self, _text: &Text) -> Option<String> {
        None
    }

    /// Facts about this game for the info panel.
    fn info(&self, _text: &Text) -> Vec<String> {
        Vec::new()
    }

    /// Pieces shown beside the board.
    fn trays(&self, _text: &Text) -> Vec<Tray> {
        Vec::new()
    }

    /// Moves made with a button, each with its button.
    fn commands(&self, _text: &Text) -> Vec<(Command, Self::Move)> {
        Vec::new()
    }
}

/// The page's state: the game, the last refusal, and an unreadable save to tell about.
#[derive(PartialEq)]
struct Session<G: UiGame> {
    history: History<G>,
    refusal: Option<Illegal>,
    load_error: Option<LoadError>,
}

enum Action<G: UiGame> {
    Play(G::Move),
    Control(Control),
    /// A new game with a shuffle of this seed.
    Restart(u64),
}

impl<G: UiGame> Reducible for Session<G> {
    type Action = Action<G>;

    fn reduce(self: Rc<Self>, action: Action<G>) -> Rc<Self> {
        let mut history = self.history.clone();
        let mut load_error = self.load_error.clone();
        let to_move = history.current().to_move();
        let refusal = match action {
            Action::Play(mv) => history.play(mv).err(),
            Action::Restart(seed) => {
                history = History::new(&G::reseed(history.current().config(), seed));
                None
            }
            Action::Control(control) => match control {
                Control::Undo => {
                    history.undo();
                    None
                }
                Control::Redo => {
                    history.redo();
                    None
                }
                Control::Resign => history.conclude(Conclusion::Resigned(to_move)).err(),
                Control::AgreeDraw => history.conclude(Conclusion::DrawAgreed).err(),
                Control::DismissNotice => {
                    load_error = None;
                    None
                }
                Control::Choose { setting, choice } => {
                    // Rules change only before the first move, so no game is lost.
                    if history.ply() == 0 {
                        history = History::new(&G::choose(history.current().config(), setting, choice));
                    }
                    None
                }
                // The page turns these into `Action::Restart` with a fresh seed and `Action::Play`.
                Control::Restart | Control::Command(_) => None,
            },
        };
        Rc::new(Session { history, refusal, load_error })
    }
}

impl<G: UiGame> Session<G> {
    fn summary(&self, text: &Text) -> Summary {
        let history = &self.history;
        let game = history.current();
        let ended = history.outcome().map(|outcome| match outcome {
            Outcome::Win(player) => Ended::Winner(game.side(player)),
            Outcome::Draw => Ended::Draw,
        });
        let ending = match history.conclusion() {
            Some(Conclusion::Resigned(player)) => (text.resigned)((text.side)(game.side(player))),
            Some(Conclusion::DrawAgreed) => text.draw_agreed.to_owned(),
            None => game.ending(text),
        };
        let moves = history
            .moves()
            // Named as the sides are now: a dark-chess player's colour is known only after the
            // first flip.
            .map(|(before, mv)| MoveEntry {
                side: game.side(before.to_move()),
                notation: before.notation(mv),
            })
            .collect();
        Summary {
            to_move: game.side(game.to_move()),
            ended,
            ending,
            can_undo: history.can_undo(),
            can_redo: history.can_redo(),
            moves,
            refusal: self.refusal,
            load_error: self.load_error.clone(),
            canvas: G::CANVAS,
            numbered: G::NUMBERED,
            phase: game.phase(),
            detail: game.detail(text),
            info: game.info(text),
            settings: G::settings(game.config(), text),
            trays: game.trays(text),
            commands: game.commands(text).into_iter().map(|(command, _)| command).collect(),
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct GamePageProps {
    pub lang: Lang,
    /// The shuffle the URL asks for (`?seed=N`).
    pub seed: Option<u64>,
}

/// A seed for a new shuffle, from the browser's random numbers.
fn random_seed() -> u64 {
    let half = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (half() << 32) | half()
}

#[component]
pub fn GamePage<G: UiGame>(props: &GamePageProps) -> Html {
    let text = props.lang.text();
    let slug = G::ID.slug();
    let seed = props.seed;
    let session = use_reducer(|| {
        let fresh = G::reseed(&Default::default(), seed.unwrap_or_else(random_seed));
        let (mut history, load_error) = storage::load_game::<G>(slug, &fresh);
        // The URL's seed starts that shuffle, unless the saved game already is that shuffle.
        if let Some(seed) = seed.filter(|&seed| G::seed(history.current().config()) != Some(seed)) {
            history = History::new(&G::reseed(history.current().config(), seed));
        }
        Session { history, refusal: None, load_error }
    });
    {
        let session = session.clone();
        use_effect_with(session.history.record(), move |_| storage::save_game(slug, &session.history));
    }

    let on_action = {
        let session = session.clone();
        Callback::from(move |action: BoardAction| {
            if let Some(mv) = session.history.current().action_move(action) {
                session.dispatch(Action::Play(mv));
            }
        })
    };
    let on_control = {
        let session = session.clone();
        Callback::from(move |control: Control| match control {
            Control::Restart => {
                // A new shuffle: the URL's seed no longer describes the game.
                let location = gloo::utils::window().location();
                if location.hash().is_ok_and(|hash| hash.contains('?')) {
                    let _ = location.set_hash(&Route::Game { game: G::ID, seed: None }.hash());
                }
                session.dispatch(Action::Restart(random_seed()));
            }
            Control::Command(index) => {
                if let Some((_, mv)) = session.history.current().commands(text).into_iter().nth(index) {
                    session.dispatch(Action::Play(mv));
                }
            }
            control => session.dispatch(Action::Control(control)),
        })
    };
    let history = &session.history;
    let board = Rc::new(history.current().view(history.move_list(), text));
    html! {
        <GameScreen slug={slug} lang={props.lang} board={board} summary={Rc::new(session.summary(text))}
            on_action={on_action} on_control={on_control} />
    }
}
