//! The game screen every game shares: the board, whose turn, the result overlay, the controls
//! and the move list. Not generic, so its markup is compiled once for all games; the game's
//! state arrives as plain data in [`Summary`], and the parts are drawn in `parts`.

mod parts;

use super::board::{Board, BoardAction, BoardView, CanvasBoard, Piece};
use super::effects::{self, Sound};
use super::flow::{FlowControl, Panel};
use super::storage::{self, StorageProblem};
use crate::i18n::{Lang, Side};
use crate::rules::Illegal;
use crate::rules::record::RecordError;
use crate::save::LoadError;
use crate::ui::computer::Opponent;
use crate::ui::online::{Connection, ErrorCode, Offer};
use parts::{Confirm, Switches};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ended {
    Winner(Side),
    Draw,
}

/// One turn of the move list.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveEntry {
    pub side: Side,
    pub notation: String,
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
}

/// Pieces shown beside the board, e.g. a side's captured pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct Tray {
    pub side: Side,
    pub label: String,
    pub pieces: Vec<Piece>,
}

/// A move that is a button rather than a place on the board (ending a turn early).
#[derive(Clone, Debug, PartialEq)]
pub struct Command {
    /// `data-action`.
    pub name: &'static str,
    pub label: &'static str,
}

/// Whose turn it is, or how the game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    /// The side to move (or that would move, once the game is over).
    pub to_move: Side,
    pub ended: Option<Ended>,
    /// How the game ended, in words ("Four in a row", "Yellow resigned").
    pub ending: String,
    /// The game's phase (`data-phase`), for games that have phases.
    pub phase: Option<&'static str>,
    /// More about the turn: placements left, stones to take, formations just made.
    pub detail: Option<String>,
    /// The last turn played, in words, for a screen reader.
    pub said: Option<String>,
    /// The computer is searching for its turn.
    pub thinking: bool,
    /// While an earlier position is shown: after how many turns, of how many.
    pub review: Option<(usize, usize)>,
    /// Online: the side this device plays.
    pub seat: Option<Side>,
}

/// What to tell the player about their last input and about storage.
#[derive(Clone, Debug, PartialEq)]
pub struct Notices {
    /// The rules' answer to the last refused move.
    pub refusal: Option<Illegal>,
    /// The last input was not played: another tab had changed the game, now shown.
    pub overtaken: bool,
    /// Why the saved game could not be read, until the player dismisses it.
    pub load_error: Option<LoadError>,
    /// Storage is missing or refused a save: the game will not survive a reload.
    pub storage_problem: Option<StorageProblem>,
    /// The engine could not answer, in its words.
    pub engine_failed: Option<String>,
    /// Why the record given could not be loaded.
    pub record_error: Option<RecordError>,
}

/// The game as text: its record, a link to it, and whether it is a game opened from a link.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordPanel {
    pub text: String,
    /// The hash of a link that opens this game at this position.
    pub link: String,
    pub shared: bool,
}

/// Who plays the computer, and whether its help may be asked for now.
#[derive(Clone, Debug, PartialEq)]
pub struct OpponentPanel {
    pub opponent: Opponent,
    /// The sides, the first player's first.
    pub sides: [Side; 2],
    /// A person is to move in a game in progress: a hint may be asked for.
    pub can_hint: bool,
}

/// A game played online: the connection, the room, this device's seat and the other's.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlinePanel {
    pub connection: Connection,
    /// The room's name, once the server has given a seat in it.
    pub room: Option<String>,
    /// The side this device plays; `None` while seating, and for a spectator.
    pub seat: Option<Side>,
    /// In the quick-match queue.
    pub waiting: bool,
    /// The other seat has no device connected (or none has joined yet).
    pub opponent_away: bool,
    /// A turn has been played: an absent opponent has left, rather than not come yet.
    pub begun: bool,
    /// An offer standing: a takeback or a draw, and whether this device made it.
    pub offer: Option<(Offer, bool)>,
    /// The server's code for its last refusal.
    pub refused: Option<ErrorCode>,
    /// This device may play now.
    pub my_turn: bool,
}

/// The rules panel: facts about this game and the rules open to change until the first move.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesPanel {
    pub info: Vec<String>,
    pub settings: Vec<Setting>,
}

/// The game's state as the screen shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub status: Status,
    pub can_undo: bool,
    pub can_redo: bool,
    pub moves: Vec<MoveEntry>,
    pub notices: Notices,
    pub rules: RulesPanel,
    /// The guided turn flow's buttons, choices and cover, for games that offer it.
    pub flow: Option<Panel>,
    pub trays: Vec<Tray>,
    pub commands: Vec<Command>,
    pub record: RecordPanel,
    pub opponent: OpponentPanel,
    /// Online play, when the game is played online.
    pub online: Option<OnlinePanel>,
}

/// A step through the game's positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ReviewStep {
    First,
    Previous,
    Next,
    Last,
    /// The position after this many turns.
    To(usize),
    /// Back to the live position of the player's own game.
    Live,
}

/// A control the player used.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Control {
    Undo,
    Redo,
    Restart,
    Resign,
    AgreeDraw,
    DismissNotice,
    /// The rule at this index of the rules panel changed: the game starts again under it.
    Choose {
        index: usize,
        choice: usize,
    },
    /// The game's command at this index.
    Command(usize),
    /// Plays the turn being made (with "confirm each turn").
    FinishTurn,
    /// Discards the turn being made.
    ClearMoves,
    /// A control of the turn flow.
    Flow(FlowControl),
    /// A piece was picked up on the board: an input, which ends a look at the previous turn.
    Select,
    /// Who plays the computer, changed.
    Opponent(Opponent),
    /// Asks the engine for the best turn for the player to move.
    Hint,
    /// Makes the computer play now, its best turn found so far.
    Stop,
    /// Shows another position of the game, or the live one again.
    Review(ReviewStep),
    /// Makes the game opened from a link the player's game.
    ContinueShared,
    /// Online play: a room made, the quick-match queue, leaving, an offer answered.
    Online(OnlineControl),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OnlineControl {
    Create,
    Quick,
    Leave,
    Answer(bool),
}

#[derive(Properties)]
pub struct GameScreenProps {
    pub slug: &'static str,
    pub lang: Lang,
    pub board: Rc<BoardView>,
    pub summary: Rc<Summary>,
    pub on_action: Callback<BoardAction>,
    pub on_control: Callback<Control>,
    /// A record the player asks to load.
    pub on_record: Callback<String>,
}

/// The page makes a new view and summary whenever the game changes, so the same ones are the
/// same pointers: cheaper to compare than every cell and move.
impl PartialEq for GameScreenProps {
    fn eq(&self, other: &Self) -> bool {
        (self.slug, self.lang) == (other.slug, other.lang)
            && Rc::ptr_eq(&self.board, &other.board)
            && Rc::ptr_eq(&self.summary, &other.summary)
            && (&self.on_action, &self.on_control, &self.on_record)
                == (&other.on_action, &other.on_control, &other.on_record)
    }
}

/// A player's on/off choice for this game's screen, remembered across visits as one of two
/// words (off, on).
#[hook]
fn use_remembered(key: String, words: [&'static str; 2]) -> (bool, Callback<MouseEvent>) {
    let [off, on] = words;
    let state = use_state_eq(|| storage::read(&key).as_deref() == Some(on));
    let switch = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            storage::write(&key, if *state { off } else { on });
            state.set(!*state);
        })
    };
    (*state, switch)
}

/// Gives the keyboard focus to the board's focus cell (or its canvas): where it goes when the
/// dialog or buttons that had it go away.
pub fn focus_board() {
    let board = gloo::utils::document().query_selector("[data-board] [tabindex=\"0\"], canvas[data-board]");
    if let Some(board) = board.ok().flatten().and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = board.focus();
    }
}

/// [`focus_board`], if the focus was lost (the page's body has it).
fn focus_board_if_lost() {
    let document = gloo::utils::document();
    if document.active_element().is_none_or(|active| Some(active) == document.body().map(Into::into)) {
        focus_board();
    }
}

/// Focuses the element `target` names if it is shown, else keeps the focus from being lost.
fn focus_or_board(target: &NodeRef) {
    match target.cast::<web_sys::HtmlElement>() {
        Some(element) => drop(element.focus()),
        None => focus_board_if_lost(),
    }
}

/// The arrow keys step through the game (Home and End to its ends), wherever the focus is but
/// on the board, which moves its own focus with them, and in a text field.
#[hook]
fn use_review_keys(on_control: Callback<Control>) {
    use_effect_with((), move |_| {
        let document = gloo::utils::document();
        let options = gloo::events::EventListenerOptions::enable_prevent_default();
        let listener =
            gloo::events::EventListener::new_with_options(&document, "keydown", options, move |event| {
                let Some(event) = event.dyn_ref::<web_sys::KeyboardEvent>() else { return };
                let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
                let elsewhere = target.is_some_and(|t| {
                    t.closest("[data-board], textarea, input, select, canvas").ok().flatten().is_some()
                });
                if elsewhere || event.alt_key() || event.ctrl_key() || event.meta_key() {
                    return;
                }
                let step = match event.key().as_str() {
                    "ArrowLeft" => ReviewStep::Previous,
                    "ArrowRight" => ReviewStep::Next,
                    "Home" => ReviewStep::First,
                    "End" => ReviewStep::Last,
                    _ => return,
                };
                event.prevent_default();
                on_control.emit(Control::Review(step));
            });
        move || drop(listener)
    });
}

/// The sounds of the game's state: a refused try, the end.
#[hook]
fn use_sounds(summary: &Summary) {
    use_effect_with((summary.notices.refusal, summary.status.ended), |(refusal, ended)| {
        if ended.is_some() {
            effects::play(Sound::End);
        } else if refusal.is_some() {
            effects::play(Sound::Refused);
        }
    });
}

#[component]
pub fn GameScreen(props: &GameScreenProps) -> Html {
    let text = props.lang.text();
    let summary = &props.summary;
    let confirm = use_state_eq(|| None::<Confirm>);
    let (on_canvas, switch_renderer) =
        use_remembered(format!("board-suite/renderer/{}", props.slug), ["dom", "canvas"]);
    let (numbers, switch_numbers) =
        use_remembered(format!("board-suite/numbers/{}", props.slug), ["off", "on"]);
    // Shown unless the player hid them.
    let (coordinates_hidden, switch_coordinates) =
        use_remembered(format!("board-suite/coordinates/{}", props.slug), ["shown", "hidden"]);
    let coordinates = !coordinates_hidden;
    // Animations and sounds, for every game: on unless the player turned them off.
    let (still, switch_motion) = use_remembered("board-suite/motion".to_owned(), ["on", "off"]);
    let (muted, switch_sound) = use_remembered(effects::KEY.to_owned(), ["on", "off"]);
    use_sounds(summary);
    let moving = !still;
    let overlay_closed = use_state_eq(|| false);
    let new_game_ref = use_node_ref();
    let start_turn_ref = use_node_ref();
    let covered = summary.flow.as_ref().is_some_and(|flow| flow.covered) && summary.status.ended.is_none();
    {
        // The cover takes the keyboard focus, so Enter starts the turn.
        let start_turn_ref = start_turn_ref.clone();
        use_effect_with((covered, summary.status.to_move), move |_| focus_or_board(&start_turn_ref));
    }
    {
        // A new ending opens the result, which takes the keyboard focus so Enter starts the
        // next game; a question asked before is forgotten.
        let (overlay_closed, confirm, new_game_ref) =
            (overlay_closed.clone(), confirm.clone(), new_game_ref.clone());
        use_effect_with(summary.status.ended, move |_| {
            overlay_closed.set(false);
            confirm.set(None);
            focus_or_board(&new_game_ref);
        });
    }

    let in_play = summary.status.ended.is_none();
    let reviewing = summary.status.review.is_some();
    // Board input while an earlier position of the player's own game is shown returns to the
    // live position (a shared game waits for the player's choice).
    let back_to_live = (reviewing && !summary.record.shared)
        .then(|| props.on_control.reform(|_: MouseEvent| Control::Review(ReviewStep::Live)));
    use_review_keys(props.on_control.clone());
    let switches = Switches {
        numbers: props.board.numbered.then_some((numbers, switch_numbers)),
        canvas: (on_canvas, switch_renderer),
        coordinates: (coordinates, switch_coordinates),
        motion: (moving, switch_motion),
        sound: (!muted, switch_sound),
    };
    // While the computer thinks, or another device is to move, the board waits; the controls
    // still answer.
    let others_turn = summary.online.as_ref().is_some_and(|online| !online.my_turn);
    let interactive = in_play && !covered && !summary.status.thinking && !others_turn;
    let board = if on_canvas {
        html! { <CanvasBoard view={props.board.clone()} on_action={props.on_action.clone()} {interactive} {numbers} {coordinates} {moving} /> }
    } else {
        html! {
            <Board view={props.board.clone()} on_action={props.on_action.clone()} {interactive} {numbers} {coordinates} {moving}
                on_select={props.on_control.reform(|()| Control::Select)} />
        }
    };
    let close_overlay = {
        let overlay_closed = overlay_closed.clone();
        Callback::from(move |_: MouseEvent| {
            overlay_closed.set(true);
            // The result's buttons go with it: the focus goes to the board it uncovers.
            if let Some(cell) = gloo::utils::document()
                .query_selector("[data-board] [tabindex=\"0\"], canvas[data-board]")
                .ok()
                .flatten()
            {
                let _ = cell.unchecked_into::<web_sys::HtmlElement>().focus();
            }
        })
    };
    let trays = summary.trays.iter().map(|tray| html! {
        <div class="tray" role="group" data-tray={tray.side.attr()} aria-label={tray.label.clone()} title={tray.label.clone()}>
            { for tray.pieces.iter().map(|piece| piece.render(None, false)) }
        </div>
    });
    let commands = summary.commands.iter().enumerate().map(|(i, command)| {
        let onclick = props.on_control.reform(move |_: MouseEvent| Control::Command(i));
        html! { <button data-action={command.name} class="primary" {onclick}>{ command.label }</button> }
    });

    html! {
        <main data-game={props.slug} class="game">
            // The page's heading, for those who move by headings; the board says it on screen.
            <h1 class="visually-hidden">{ props.board.label.clone() }</h1>
            // A slot of its own, so a notice coming or going leaves the board in place.
            <div class="notices">
                { parts::notices(&summary.notices, text, &props.on_control) }
                if summary.record.shared { { parts::shared_notice(text, &props.on_control) } }
            </div>
            // Under the cover the board, the move list and their controls are out of reach.
            <section class="play" inert={covered} onclick={back_to_live}>
                { board }
                if !summary.trays.is_empty() { <div class="trays">{ for trays }</div> }
            </section>
            <aside class="side" inert={covered}>
                { parts::status_line(&summary.status, text, &props.on_control) }
                <p class="visually-hidden" aria-live="polite" data-said="">{ summary.status.said.clone() }</p>
                <p class="message" aria-live="assertive">{ for parts::refusal(&summary.notices, in_play, text) }</p>
                if in_play && !summary.commands.is_empty() { <div class="commands">{ for commands }</div> }
                if let Some(flow) = summary.flow.as_ref().filter(|_| in_play) {
                    { parts::turn_buttons(flow, text, &props.on_control) }
                }
                { parts::control_row(summary, &confirm, switches, text, &props.on_control) }
                if summary.online.is_none() {
                    { parts::opponent_section(&summary.opponent, summary.status.thinking, in_play, text, &props.on_control) }
                }
                { parts::online_section(props.slug, summary.online.as_ref(), text, &props.on_control) }
                { parts::rules_section(summary, text, &props.on_control) }
                { parts::move_list(&summary.moves, summary.status.review, text, &props.on_control) }
                { parts::record_section(&summary.record, text, &props.on_record) }
            </aside>
            if covered { { parts::cover(summary.status.to_move, &start_turn_ref, text, &props.on_control) } }
            if !in_play && !*overlay_closed && !reviewing {
                { parts::result_overlay(&summary.status, &new_game_ref, close_overlay, text, &props.on_control) }
            }
        </main>
    }
}
