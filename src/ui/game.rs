//! A game's page: the game's adapter ([`UiGame`]) over its rules, the shared [`Session`] that
//! keeps it, saved after every change, and the shared [`GameScreen`] that shows it. Generic
//! over the game but thin; the markup lives in `screen` and `board`.

use super::board::{BoardAction, BoardView, Pos};
use super::computer::{self, Heard, Opponent};
use super::flow::Flow;
use super::screen::{Command, Control, GameScreen, ReviewStep, Setting, SettingValue, Tray};
use super::session::{Action, Session};
use super::storage::{self, Loaded, StorageProblem, Written};
use crate::engine::TurnText;
use crate::engine::messages::Request;
use crate::i18n::{Lang, Side, Text};
use crate::route::{GameId, Route};
use crate::rules::record::{self, RecordError, Recorded};
use crate::rules::{Game, History, Player};
use crate::save::{self, Saved};
use gloo::events::EventListener;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

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

    /// The board as it should look now.
    fn view(&self, scene: &Scene<Self>, text: &Text) -> BoardView;

    /// The move a board action asks for, if it names one. The rules still judge it.
    fn action_move(&self, action: BoardAction) -> Option<Self::Move>;

    /// The cells a move starts from and comes to, as the board shows them, for marking a
    /// suggested move.
    fn touches(&self, mv: &Self::Move) -> Vec<Pos>;

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

    /// The rules the players may change before the first move.
    fn settings(_config: &Self::Config, _text: &Text) -> Vec<Rule<Self::Config>> {
        Vec::new()
    }

    /// The phase for `data-phase`, for games that have phases.
    fn phase(&self) -> Option<&'static str> {
        None
    }

    /// More about the turn, shown under whose turn it is.
    fn detail(&self, _scene: &Scene<Self>, _text: &Text) -> Option<String> {
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

    /// A turn in words, said to a screen reader once it is played: `self` the position before
    /// it, `after` the one it made. By default the side and the move list's notation.
    fn said(&self, turn: &[Self::Move], _after: &Self, text: &Text) -> String {
        (text.played)((text.side)(self.side(self.to_move())), &self.turn_notation(turn))
    }

    /// Moves made with a button, each with its button, from the legal moves now.
    fn commands(&self, _legal: &[Self::Move], _text: &Text) -> Vec<(Command, Self::Move)> {
        Vec::new()
    }
}

#[derive(Properties, PartialEq)]
pub struct GamePageProps {
    pub lang: Lang,
    /// The shuffle the URL asks for (`?seed=N`).
    pub seed: Option<u64>,
    /// A game shared by a link (`?record=...`), shown for review.
    pub record: Option<String>,
}

/// A request to the engine for the player to move, at `level`: the rules without the shuffle
/// (the engine knows only what a player at the board knows), the game as the move list writes
/// it, and a fresh seed for the level's choice among near-best turns.
fn request<G: UiGame>(session: &Session<G>, level: u8) -> Request {
    let rules = G::reseed(session.history.current().config(), 0);
    Request {
        id: 0,
        game: G::ID.slug().to_owned(),
        config: serde_json::to_string(&rules).unwrap_or_default(),
        moves: session.turn_texts(),
        level,
        seed: random_seed(),
        movetime: None,
        solve: false,
    }
}

/// A hash of the things an effect depends on, as its key.
fn hash_of(value: &impl std::hash::Hash) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(value)
}

/// A seed for a new shuffle, from the browser's random numbers.
fn random_seed() -> u64 {
    let half = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (half() << 32) | half()
}

/// A new shuffle, or a shared game taken up or put away: the URL's seed or record no longer
/// describes the game shown.
fn clear_query(game: GameId) {
    let location = gloo::utils::window().location();
    if location.hash().is_ok_and(|hash| hash.contains('?')) {
        let _ = location.set_hash(&Route::Game { game, seed: None, record: None }.hash());
    }
}

/// A record read for this page: a new shuffle deals what it does not show.
fn read_record<G: UiGame>(text: &str) -> Result<History<G>, RecordError> {
    record::read::<G>(G::ID.slug(), text, random_seed())
}

/// Runs `effect` after a render in which `key` changed. Not generic, so the effect's machinery
/// is compiled once for every game.
#[hook]
fn use_on_change(key: u64, effect: Rc<dyn Fn()>) {
    use_effect_with(key, move |_| effect());
}

/// What a page does with a change another tab made to storage: its key and new value.
type StorageHandler = Rc<dyn Fn(&str, Option<String>)>;

/// Hands every change another tab makes to storage (its key and new value) to `on_change`,
/// for as long as the page is shown. Not generic, like [`use_on_change`].
#[hook]
fn use_storage_events(on_change: StorageHandler) {
    use_effect_with((), move |_| {
        let listener = EventListener::new(&gloo::utils::window(), "storage", move |event| {
            if let Some(event) = event.dyn_ref::<web_sys::StorageEvent>() {
                on_change(&event.key().unwrap_or_default(), event.new_value());
            }
        });
        move || drop(listener)
    });
}

#[component]
pub fn GamePage<G: UiGame>(props: &GamePageProps) -> Html {
    let text = props.lang.text();
    let slug = G::ID.slug();
    let seed = props.seed;
    // The revision of the save this page's game was last read from or written as: shared with
    // the storage listener, which must see the latest value, not a render's.
    let revision = use_mut_ref(|| 0_u64);
    let session = use_reducer(|| {
        let fresh = G::reseed(&Default::default(), seed.unwrap_or_else(random_seed));
        let Loaded { mut saved, error, problem } = storage::load_game::<G>(slug, &fresh);
        *revision.borrow_mut() = saved.revision;
        // A game that could not be read is replaced by the fresh one (its text is kept aside).
        let mut stored = error.is_none();
        // The URL's seed starts that shuffle, unless the saved game already is that shuffle.
        let config = saved.history.current().config();
        if let Some(seed) = seed.filter(|&seed| G::seed(config) != Some(seed)) {
            saved = Saved { history: History::new(&G::reseed(config, seed)), pending: Vec::new(), ..saved };
            stored = false;
        }
        Session::new(saved, stored, error, problem)
    });
    {
        // Every change of this tab's is saved, the turn in progress with it so a reload keeps its
        // actions, unless another tab has saved a newer game since: that one is shown instead.
        let session = session.clone();
        let revision = revision.clone();
        use_on_change(
            session.changes,
            Rc::new(move || {
                if session.stored {
                    return;
                }
                let written =
                    storage::save_game(slug, &session.history, &session.pending, *revision.borrow());
                match written {
                    Written::At(at) => {
                        *revision.borrow_mut() = at;
                        if session.problem == Some(StorageProblem::WriteRefused) || session.warned {
                            session.dispatch(Action::Stored(Ok(())));
                        }
                    }
                    Written::Newer(saved) => {
                        *revision.borrow_mut() = saved.revision;
                        session.dispatch(Action::Follow { saved, overtook: true });
                    }
                    Written::Refused(problem) => session.dispatch(Action::Stored(Err(problem))),
                }
            }),
        );
    }
    {
        // Another tab of this game saved a move or changed a choice: follow it at once.
        let session = session.clone();
        use_storage_events(Rc::new(move |key: &str, new_value: Option<String>| {
            if key == save::key(slug) {
                let newer = new_value.and_then(|text| save::decode::<G>(slug, &text).ok());
                // Revision 0 is a tab of an older build, which knows no revisions: its save is
                // the latest there is.
                let latest = |saved: &Saved<G>| saved.revision > *revision.borrow() || saved.revision == 0;
                if let Some(saved) = newer.filter(latest) {
                    *revision.borrow_mut() = saved.revision;
                    session.dispatch(Action::Follow { saved, overtook: false });
                }
            } else if G::Flow::watches(key, slug) {
                session.dispatch(Action::Prefs);
            } else if Opponent::watches(key, slug) {
                session.dispatch(Action::Opponent(Opponent::load(slug)));
            }
        }));
    }

    {
        // The computer's turn: the engine is asked, and its answer played if the game is still
        // where it was. Any change ends a search that no longer fits the game.
        let session = session.clone();
        let asked = (session.changes, session.history.ply(), session.opponent, session.computer_to_move());
        use_on_change(
            hash_of(&asked),
            Rc::new(move || {
                if !session.computer_to_move() {
                    computer::cancel();
                    return;
                }
                let from = session.position().clone();
                let answer = session.clone();
                let level = session.opponent.level;
                computer::ask(
                    request(&session, level),
                    Callback::from(move |heard| match heard {
                        Heard::Best(turn) => answer.dispatch(Action::Computer { from: from.clone(), turn }),
                        Heard::Failed(why) => answer.dispatch(Action::EngineFailed(why)),
                        Heard::Progress(_) => {}
                    }),
                );
            }),
        );
    }
    {
        // A game opened from a link is shown for review; the player's own game is kept.
        let session = session.clone();
        let shared = props.record.clone();
        use_on_change(
            hash_of(&shared),
            Rc::new(move || {
                if let Some(text) = &shared {
                    session.dispatch(match read_record::<G>(text) {
                        Ok(history) => Action::Shared(history),
                        Err(error) => Action::RecordRefused(error),
                    });
                }
            }),
        );
    }
    let on_record = {
        let session = session.clone();
        Callback::from(move |text: String| {
            session.dispatch(match read_record::<G>(&text) {
                Ok(history) => Action::Load(history),
                Err(error) => Action::RecordRefused(error),
            })
        })
    };
    let on_action = {
        let session = session.clone();
        Callback::from(move |action: BoardAction| {
            if let Some(mv) = session.position().action_move(action) {
                session.dispatch(Action::Play(mv));
            }
        })
    };
    let on_control = {
        let session = session.clone();
        Callback::from(move |control: Control| match control {
            Control::Restart => {
                clear_query(G::ID);
                session.dispatch(Action::Restart(random_seed()));
            }
            Control::Command(index) => {
                if let Some(mv) = session.command(index, text) {
                    session.dispatch(Action::Play(mv));
                }
            }
            Control::Choose { index, choice } => {
                let config = session.history.current().config();
                if let Some(rule) = G::settings(config, text).get(index) {
                    session.dispatch(Action::Configure((rule.apply)(config, choice)));
                }
            }
            Control::Opponent(opponent) => {
                opponent.store(slug);
                session.dispatch(Action::Opponent(opponent));
            }
            Control::Hint => {
                let from = session.position().clone();
                let answer = session.clone();
                computer::ask(
                    request(&session, crate::engine::LEVELS),
                    Callback::from(move |heard| match heard {
                        Heard::Best(turn) => answer.dispatch(Action::Hint { from: from.clone(), turn }),
                        Heard::Failed(why) => answer.dispatch(Action::EngineFailed(why)),
                        Heard::Progress(_) => {}
                    }),
                );
            }
            Control::Stop => {
                if let Some(turn) = computer::stop() {
                    session.dispatch(Action::Computer { from: session.position().clone(), turn });
                }
            }
            // A shared game taken up or put away: the link has done its work.
            Control::ContinueShared | Control::Review(ReviewStep::Live) => {
                clear_query(G::ID);
                session.dispatch(Action::Control(control));
            }
            // Picking up a piece changes the page only when it ends a look at the previous turn
            // or a review.
            Control::Select if !session.flow().shows_previous() && !session.reviewing() => {}
            control => session.dispatch(Action::Control(control)),
        })
    };
    html! {
        <GameScreen slug={slug} lang={props.lang} board={Rc::new(session.board(text))}
            summary={Rc::new(session.summary(text))}
            on_action={on_action} on_control={on_control} on_record={on_record} />
    }
}
