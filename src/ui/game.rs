//! A game's page: its [`History`], saved after every change, shown through the shared
//! [`GameScreen`]. Generic over the game but thin; the markup lives in `screen`.

use super::board::{BoardAction, BoardView};
use super::screen::{Control, Ended, GameScreen, MoveEntry, Summary};
use super::storage;
use crate::i18n::{Lang, Text};
use crate::route::GameId;
use crate::rules::{Conclusion, Game, History, Illegal, Outcome, Player};
use crate::save::LoadError;
use std::rc::Rc;
use yew::prelude::*;

/// What a game adds to its rules to be played on the page. Thin: it maps rules state to the
/// board's view and the board's actions to moves, and decides nothing about legality.
pub trait UiGame: Game + 'static {
    const ID: GameId;

    /// The side's name in the contract (`red`, `yellow`, ...), for `data-owner` and `data-turn`.
    fn side(&self, player: Player) -> &'static str;

    /// The board as it should look now. `last` is the last move with the position before it.
    fn view(&self, last: Option<(&Self, &Self::Move)>, text: &Text) -> BoardView;

    /// The move a board action asks for, if it names one. The rules still judge it.
    fn action_move(&self, action: BoardAction) -> Option<Self::Move>;

    /// How the rules ended the game, in words (e.g. "four in a row"), for the result overlay.
    fn ending(&self, text: &Text) -> &'static str;
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
}

impl<G: UiGame> Reducible for Session<G> {
    type Action = Action<G>;

    fn reduce(self: Rc<Self>, action: Action<G>) -> Rc<Self> {
        let mut history = self.history.clone();
        let mut load_error = self.load_error.clone();
        let to_move = history.current().to_move();
        let refusal = match action {
            Action::Play(mv) => history.play(mv).err(),
            Action::Control(control) => match control {
                Control::Undo => {
                    history.undo();
                    None
                }
                Control::Redo => {
                    history.redo();
                    None
                }
                Control::Restart => {
                    history = History::new(history.current().config());
                    None
                }
                Control::Resign => history.conclude(Conclusion::Resigned(to_move)).err(),
                Control::AgreeDraw => history.conclude(Conclusion::DrawAgreed).err(),
                Control::DismissNotice => {
                    load_error = None;
                    None
                }
            },
        };
        Rc::new(Session {
            history,
            refusal,
            load_error,
        })
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
            None => game.ending(text).to_owned(),
        };
        let moves = history
            .moves()
            .map(|(before, mv)| MoveEntry {
                side: before.side(before.to_move()),
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
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct GamePageProps {
    pub lang: Lang,
}

#[component]
pub fn GamePage<G: UiGame>(props: &GamePageProps) -> Html {
    let text = props.lang.text();
    let slug = G::ID.slug();
    let session = use_reducer(|| {
        let (history, error) = storage::load_game::<G>(slug, &Default::default());
        Session {
            history,
            refusal: None,
            load_error: error,
        }
    });
    {
        let session = session.clone();
        use_effect_with(session.history.record(), move |_| {
            storage::save_game(slug, &session.history)
        });
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
        Callback::from(move |control: Control| session.dispatch(Action::Control(control)))
    };
    let history = &session.history;
    let board = Rc::new(history.current().view(history.last_move(), text));
    html! {
        <GameScreen slug={slug} lang={props.lang} board={board} summary={Rc::new(session.summary(text))}
            on_action={on_action} on_control={on_control} />
    }
}
