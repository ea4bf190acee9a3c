//! A game's page: its [`History`], saved after every change, shown through the shared
//! [`GameScreen`]. Generic over the game but thin; the markup lives in `screen`.
//!
//! A move made of legs (a checkers multi-jump) is built up on the page, drawn as a path, and
//! played into the history only once it is complete: so the history, the save, undo and the
//! move list only ever see whole moves.

use super::board::{BoardAction, BoardView};
use super::screen::{
    Command, Control, Ended, GameScreen, MoveEntry, Setting, SettingValue, Summary, Tray, TurnFlow,
};
use super::storage::{self, Loaded, StorageProblem, Written};
use crate::i18n::{Lang, Text};
use crate::route::{GameId, Route};
use crate::rules::{Conclusion, Game, History, Illegal, Outcome, Player};
use crate::save::{self, LoadError, Saved};
use gloo::events::EventListener;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What a game adds to its rules to be played on the page. Thin: it maps rules state to the
/// board's view and the board's actions to moves, and decides nothing about legality.
pub trait UiGame: Game + 'static {
    const ID: GameId;
    /// Whether the board can also be drawn on a canvas (a lined board of points).
    const CANVAS: bool = false;
    /// Whether stones can show their move numbers (a toggle).
    const NUMBERED: bool = false;
    /// Whether moves are built up leg by leg as a path (checkers), with the turn flow that
    /// goes with it: Finish Turn, Clear Moves, Show Previous and the pass-the-device cover.
    const TURN_FLOW: bool = false;

    /// The side's name in the contract (`red`, `yellow`, ...), for `data-owner` and `data-turn`.
    fn side(&self, player: Player) -> &'static str;

    /// The board as it should look now, given the moves that led here (the last one is shown,
    /// and stones may carry their move numbers), the actions of the latest turn (the one being
    /// made, or else the last one played) and the legs to draw as a path: the move being made,
    /// or the last one when the player asks to see it again.
    fn view(&self, moves: &[Self::Move], turn: &[Self::Move], path: &[Self::Move], text: &Text) -> BoardView;

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

    /// More about the turn, shown under whose turn it is; `turn` as for [`UiGame::view`].
    fn detail(&self, _turn: &[Self::Move], _text: &Text) -> Option<String> {
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

/// The player's choices for the turn flow, remembered per game.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct TurnPrefs {
    /// A complete move waits for Finish Turn (the seed's flow).
    confirm: bool,
    /// A cover hides the board between turns until the next player starts theirs.
    pass_device: bool,
}

/// The `data-setting` names of the turn flow's choices.
const CONFIRM_TURN: &str = "confirm-turn";
const PASS_DEVICE: &str = "pass-device";

fn pref_key(name: &str, slug: &str) -> String {
    format!("board-suite/{name}/{slug}")
}

impl TurnPrefs {
    fn load(slug: &str) -> Self {
        TurnPrefs {
            confirm: storage::flag(&pref_key(CONFIRM_TURN, slug)),
            pass_device: storage::flag(&pref_key(PASS_DEVICE, slug)),
        }
    }
}

/// The page's state: the game, the move being made, the last refusal, and what to tell about
/// storage (an unreadable save, a save that could not be written).
#[derive(Clone, PartialEq)]
struct Session<G: UiGame> {
    history: History<G>,
    /// The legs of the move being made, not yet in the history.
    pending: Vec<G::Move>,
    /// The last move's path is drawn, until the next input.
    show_previous: bool,
    /// The pass-the-device cover is up.
    covered: bool,
    prefs: TurnPrefs,
    refusal: Option<Illegal>,
    /// The last input was not played: another tab had changed the game, shown instead.
    overtaken: bool,
    /// The game shown is the one in storage (as loaded, or another tab's): nothing to save.
    stored: bool,
    load_error: Option<LoadError>,
    /// Storage is missing or refused the last save, until the player dismisses the notice.
    problem: Option<StorageProblem>,
    /// The player has dismissed a storage notice: a refused save is not told again.
    warned: bool,
}

enum Action<G: UiGame> {
    Play(G::Move),
    Control(Control),
    /// A new game with a shuffle of this seed.
    Restart(u64),
    /// Another tab saved a newer game; `overtook` when it came before this tab's own change,
    /// which is dropped.
    Follow {
        saved: Saved<G>,
        overtook: bool,
    },
    /// Another tab changed the turn-flow choices.
    Prefs(TurnPrefs),
    /// A save was written (after one was refused), or refused.
    Stored(Result<(), StorageProblem>),
}

impl<G: UiGame> Session<G> {
    /// What storage did: another tab's game taken up, or a save written or refused.
    fn follow(&self, action: Action<G>) -> Session<G> {
        let mut next = self.clone();
        match action {
            Action::Follow { saved, overtook } => {
                next.history = saved.history;
                next.pending = saved.pending;
                next.show_previous = false;
                next.refusal = None;
                next.overtaken = overtook;
                next.stored = true;
                if next.history.ply() != self.history.ply() {
                    next.covered = next.prefs.pass_device && next.history.outcome().is_none();
                }
            }
            Action::Prefs(prefs) => {
                next.prefs = prefs;
                next.covered &= prefs.pass_device;
            }
            Action::Stored(Ok(())) => {
                next.problem = next.problem.filter(|&p| p != StorageProblem::WriteRefused);
                next.warned = false;
            }
            Action::Stored(Err(problem)) => next.problem = next.problem.or((!next.warned).then_some(problem)),
            Action::Play(_) | Action::Control(_) | Action::Restart(_) => {}
        }
        next
    }
}

impl<G: UiGame> Reducible for Session<G> {
    type Action = Action<G>;

    fn reduce(self: Rc<Self>, action: Action<G>) -> Rc<Self> {
        if matches!(action, Action::Follow { .. } | Action::Prefs(_) | Action::Stored(_)) {
            return Rc::new(self.follow(action));
        }
        // Behind the pass-the-device cover nothing of the turn can be played or taken back.
        let open_under_cover = matches!(
            action,
            Action::Restart(_)
                | Action::Control(Control::StartTurn | Control::Prefer { .. } | Control::DismissNotice)
        );
        if self.covered && !open_under_cover {
            return self;
        }
        // Any input ends a look at the previous move.
        let mut next = Session {
            show_previous: false,
            refusal: None,
            overtaken: false,
            stored: false,
            ..(*self).clone()
        };
        next.refusal = match action {
            Action::Play(mv) => next.play(mv).err(),
            Action::Restart(seed) => {
                next.history = History::new(&G::reseed(self.history.current().config(), seed));
                next.pending.clear();
                next.covered = next.prefs.pass_device;
                None
            }
            Action::Control(control) => next.control(control).err(),
            Action::Follow { .. } | Action::Prefs(_) | Action::Stored(_) => None,
        };
        // The turn passed (a move made, undone or redone): the next player starts it.
        if next.history.ply() != self.history.ply() {
            next.covered = next.prefs.pass_device && next.history.outcome().is_none();
        }
        Rc::new(next)
    }
}

impl<G: UiGame> Session<G> {
    /// The position on the board: the history's, with the move being made.
    fn position(&self) -> G {
        let mut position = self.history.current().clone();
        for leg in &self.pending {
            // Each pending leg was legal when it was added, from this very position.
            let _ = position.play(*leg);
        }
        position
    }

    /// Whether the last action of the turn being made may be taken back: it revealed nothing.
    fn can_take_back_leg(&self) -> bool {
        let Some((last, before)) = self.pending.split_last() else { return false };
        let mut position = self.history.current().clone();
        for leg in before {
            let _ = position.play(*leg);
        }
        !position.reveals_hidden(last)
    }

    /// Whether the move being made is complete (waiting for Finish Turn).
    fn complete(&self, position: &G) -> bool {
        !self.pending.is_empty() && !position.mid_move()
    }

    fn play(&mut self, mv: G::Move) -> Result<(), Illegal> {
        if self.history.outcome().is_some() {
            return Err(Illegal::GameOver);
        }
        let mut position = self.position();
        if self.complete(&position) {
            return Err(Illegal::NotAllowed);
        }
        position.play(mv)?;
        self.pending.push(mv);
        if !position.mid_move() && !self.prefs.confirm {
            self.commit()?;
        }
        Ok(())
    }

    /// Plays the move being made into the history; the next player's turn begins.
    fn commit(&mut self) -> Result<(), Illegal> {
        for leg in std::mem::take(&mut self.pending) {
            self.history.play(leg)?;
        }
        Ok(())
    }

    fn control(&mut self, control: Control) -> Result<(), Illegal> {
        let history = &mut self.history;
        match control {
            // An action of the turn being made is taken back first, unless it revealed
            // something hidden.
            Control::Undo => {
                if self.pending.is_empty() {
                    history.undo();
                } else if self.can_take_back_leg() {
                    self.pending.pop();
                }
            }
            Control::Redo => {
                if self.pending.is_empty() {
                    history.redo();
                }
            }
            Control::Resign => {
                self.pending.clear();
                let to_move = history.current().to_move();
                history.conclude(Conclusion::Resigned(to_move))?;
            }
            Control::AgreeDraw => {
                self.pending.clear();
                history.conclude(Conclusion::DrawAgreed)?;
            }
            Control::DismissNotice => {
                self.load_error = None;
                self.warned |= self.problem.take().is_some();
            }
            Control::Choose { setting, choice } => {
                // Rules change only before the first move, so no game is lost.
                if history.ply() == 0 {
                    *history = History::new(&G::choose(history.current().config(), setting, choice));
                    self.pending.clear();
                }
            }
            Control::FinishTurn => {
                if self.complete(&self.position()) {
                    self.commit()?;
                }
            }
            Control::ClearMoves => self.pending.clear(),
            Control::ShowPrevious => self.show_previous = true,
            Control::StartTurn => self.covered = false,
            // The reducer has already ended the look at the previous move.
            Control::Select => {}
            Control::Prefer { setting, on } => {
                match setting {
                    CONFIRM_TURN => self.prefs.confirm = on,
                    PASS_DEVICE => self.prefs.pass_device = on,
                    _ => {}
                }
                self.covered &= self.prefs.pass_device;
                // Without confirmation a complete move plays at once.
                if !self.prefs.confirm && self.complete(&self.position()) {
                    self.commit()?;
                }
            }
            // The page turns these into `Action::Restart` with a fresh seed and `Action::Play`.
            Control::Restart | Control::Command(_) => {}
        }
        Ok(())
    }

    /// The actions of the latest turn: the one being made, or else the last one played.
    fn turn(&self) -> &[G::Move] {
        if self.pending.is_empty() { self.history.last_turn() } else { &self.pending }
    }

    /// The legs to draw as a path: the move being made, or the last move when asked for.
    fn path(&self) -> &[G::Move] {
        if !self.pending.is_empty() {
            &self.pending
        } else if self.show_previous {
            self.history.turns().last().map_or(&[], |(_, legs)| legs)
        } else {
            &[]
        }
    }

    fn board(&self, position: &G, text: &Text) -> BoardView {
        // The moves that led here: the history's, then the actions of the turn being made.
        let moves: Vec<G::Move> = self.history.move_list().iter().chain(&self.pending).copied().collect();
        let mut board = position.view(&moves, self.turn(), self.path(), text);
        if self.complete(position) {
            // The move is made: nothing more to play until it is finished or cleared.
            board.moves.clear();
            board.compelled.clear();
            board.targets.clear();
            board.hand = None;
        }
        board
    }

    fn summary(&self, position: &G, text: &Text) -> Summary {
        let history = &self.history;
        let game = history.current();
        let ended = history.outcome().map(|outcome| match outcome {
            Outcome::Win(player) => Ended::Winner(game.side(player)),
            Outcome::Draw => Ended::Draw,
        });
        let ending = match history.conclusion() {
            Some(Conclusion::Resigned(player)) => (text.resigned)((text.side)(game.side(player))),
            Some(Conclusion::DrawAgreed) => text.draw_agreed.to_owned(),
            None if history.repeated() => text.repetition.to_owned(),
            None => game.ending(text),
        };
        let moves = history
            .turns()
            .into_iter()
            // Named as the sides are now: a dark-chess player's colour is known only after the
            // first flip.
            .map(|(before, legs)| MoveEntry {
                side: game.side(before.to_move()),
                notation: before.turn_notation(legs),
            })
            .collect();
        let complete = self.complete(position);
        let toggle = |name, label, on| Setting { name, label, value: SettingValue::Toggle(on) };
        let preferences = if G::TURN_FLOW {
            vec![
                toggle(CONFIRM_TURN, text.confirm_turn, self.prefs.confirm),
                toggle(PASS_DEVICE, text.pass_device, self.prefs.pass_device),
            ]
        } else {
            Vec::new()
        };
        Summary {
            to_move: game.side(game.to_move()),
            ended,
            ending,
            can_undo: if self.pending.is_empty() { history.can_undo() } else { self.can_take_back_leg() },
            can_redo: self.pending.is_empty() && history.can_redo(),
            moves,
            refusal: self.refusal,
            overtaken: self.overtaken,
            load_error: self.load_error.clone(),
            storage_problem: self.problem,
            canvas: G::CANVAS,
            numbered: G::NUMBERED,
            phase: position.phase(),
            detail: if complete {
                Some(text.finish_or_clear.to_owned())
            } else {
                position.detail(self.turn(), text)
            },
            info: game.info(text),
            settings: G::settings(game.config(), text),
            preferences,
            turn: G::TURN_FLOW.then_some(TurnFlow {
                confirm: self.prefs.confirm,
                pending: !self.pending.is_empty(),
                complete,
                has_previous: history.ply() > 0,
            }),
            covered: self.covered && ended.is_none(),
            trays: game.trays(text),
            commands: position.commands(text).into_iter().map(|(command, _)| command).collect(),
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
    // The revision of the save this page's game was last read from or written as: shared with
    // the storage listener, which must see the latest value, not a render's.
    let revision = use_mut_ref(|| 0_u64);
    let session = use_reducer(|| {
        let fresh = G::reseed(&Default::default(), seed.unwrap_or_else(random_seed));
        let Loaded {
            saved: Saved { mut history, mut pending, revision: loaded },
            error: load_error,
            problem,
        } = storage::load_game::<G>(slug, &fresh);
        *revision.borrow_mut() = loaded;
        // A game that could not be read is replaced by the fresh one (its text is kept aside).
        let mut stored = load_error.is_none();
        // The URL's seed starts that shuffle, unless the saved game already is that shuffle.
        if let Some(seed) = seed.filter(|&seed| G::seed(history.current().config()) != Some(seed)) {
            history = History::new(&G::reseed(history.current().config(), seed));
            pending.clear();
            stored = false;
        }
        let prefs = if G::TURN_FLOW { TurnPrefs::load(slug) } else { TurnPrefs::default() };
        let covered = prefs.pass_device && history.outcome().is_none();
        let mut session = Session {
            history,
            pending,
            show_previous: false,
            covered,
            prefs,
            refusal: None,
            overtaken: false,
            stored,
            load_error,
            problem,
            warned: false,
        };
        // A complete move saved while it waited for Finish Turn plays at once if that is no
        // longer asked for; the legs were checked on loading.
        if !prefs.confirm && session.complete(&session.position()) {
            session.stored = session.commit().is_err();
        }
        session
    });
    {
        // Every change of this tab's is saved, the move in progress with it so a reload keeps its
        // legs, unless another tab has saved a newer game since: that one is shown instead.
        let session = session.clone();
        let revision = revision.clone();
        use_effect_with((session.history.record(), session.pending.clone()), move |_| {
            if session.stored {
                return;
            }
            let written = storage::save_game(slug, &session.history, &session.pending, *revision.borrow());
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
        });
    }
    {
        // Another tab of this game saved a move or changed a choice: follow it at once.
        let session = session.clone();
        use_effect_with((), move |_| {
            let listener = EventListener::new(&gloo::utils::window(), "storage", move |event| {
                let Some(event) = event.dyn_ref::<web_sys::StorageEvent>() else { return };
                let key = event.key().unwrap_or_default();
                if key == save::key(slug) {
                    let newer = event.new_value().and_then(|text| save::decode::<G>(slug, &text).ok());
                    // Revision 0 is a tab of an older build, which knows no revisions: its
                    // save is the latest there is.
                    let latest =
                        |saved: &Saved<G>| saved.revision > *revision.borrow() || saved.revision == 0;
                    if let Some(saved) = newer.filter(latest) {
                        *revision.borrow_mut() = saved.revision;
                        session.dispatch(Action::Follow { saved, overtook: false });
                    }
                } else if G::TURN_FLOW
                    && [CONFIRM_TURN, PASS_DEVICE].iter().any(|&name| key == pref_key(name, slug))
                {
                    session.dispatch(Action::Prefs(TurnPrefs::load(slug)));
                }
            });
            move || drop(listener)
        });
    }

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
                // A new shuffle: the URL's seed no longer describes the game.
                let location = gloo::utils::window().location();
                if location.hash().is_ok_and(|hash| hash.contains('?')) {
                    let _ = location.set_hash(&Route::Game { game: G::ID, seed: None }.hash());
                }
                session.dispatch(Action::Restart(random_seed()));
            }
            Control::Command(index) => {
                if let Some((_, mv)) = session.position().commands(text).into_iter().nth(index) {
                    session.dispatch(Action::Play(mv));
                }
            }
            Control::Prefer { setting, on } => {
                storage::set_flag(&pref_key(setting, slug), on);
                session.dispatch(Action::Control(control));
            }
            // Picking up a piece changes the page only when it ends a look at the previous move.
            Control::Select if !session.show_previous => {}
            control => session.dispatch(Action::Control(control)),
        })
    };
    let position = session.position();
    html! {
        <GameScreen slug={slug} lang={props.lang} board={Rc::new(session.board(&position, text))}
            summary={Rc::new(session.summary(&position, text))}
            on_action={on_action} on_control={on_control} />
    }
}
