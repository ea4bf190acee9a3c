//! The game screen every game shares: the board, whose turn, the result overlay, the controls
//! and the move list. Not generic, so its markup is compiled once for all games; the game's
//! state arrives as plain data in [`Summary`].

use super::board::{Board, BoardAction, BoardView, CanvasBoard, Piece};
use super::storage::{self, StorageProblem};
use crate::i18n::Lang;
use crate::rules::Illegal;
use crate::save::LoadError;
use std::rc::Rc;
use yew::prelude::*;

/// How a finished game ended, with sides named as in the contract.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ended {
    Winner(&'static str),
    Draw,
}

/// One ply of the move list.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveEntry {
    pub side: &'static str,
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

/// Pieces shown beside the board, e.g. a side's captured pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct Tray {
    pub side: &'static str,
    pub label: String,
    pub pieces: Vec<Piece>,
}

/// A move that is a button rather than a place on the board (ending a chain of captures).
#[derive(Clone, Debug, PartialEq)]
pub struct Command {
    /// `data-action`.
    pub name: &'static str,
    pub label: &'static str,
}

/// Where a move made of legs stands, for the turn flow's buttons.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TurnFlow {
    /// A complete move waits for Finish Turn.
    pub confirm: bool,
    /// Some legs are made.
    pub pending: bool,
    /// The move is complete.
    pub complete: bool,
    /// There is a previous move to show.
    pub has_previous: bool,
}

/// The game's state as the screen shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The side to move (or that would move, once the game is over).
    pub to_move: &'static str,
    pub ended: Option<Ended>,
    /// How the game ended, in words ("Four in a row", "Yellow resigned").
    pub ending: String,
    pub can_undo: bool,
    pub can_redo: bool,
    pub moves: Vec<MoveEntry>,
    /// The rules' answer to the last refused move.
    pub refusal: Option<Illegal>,
    /// The last input was not played: another tab had changed the game, now shown.
    pub overtaken: bool,
    /// Why the saved game could not be read, until the player dismisses it.
    pub load_error: Option<LoadError>,
    /// Storage is missing or refused a save: the game will not survive a reload.
    pub storage_problem: Option<StorageProblem>,
    /// Whether the board can also be drawn on a canvas (`button[data-action="renderer"]`).
    pub canvas: bool,
    /// Whether stones can show move numbers (`button[data-action="numbers"]`).
    pub numbered: bool,
    /// The game's phase (`data-phase`), for games that have phases.
    pub phase: Option<&'static str>,
    /// More about the turn: placements left, stones to take, formations just made.
    pub detail: Option<String>,
    /// Facts about this game (its seed, the rules in force).
    pub info: Vec<String>,
    /// Open to change until the first move.
    pub settings: Vec<Setting>,
    /// The players' choices of how to play, open to change at any time.
    pub preferences: Vec<Setting>,
    /// The turn flow, for games whose moves are built up leg by leg.
    pub turn: Option<TurnFlow>,
    /// The board is covered until the player to move starts the turn.
    pub covered: bool,
    pub trays: Vec<Tray>,
    pub commands: Vec<Command>,
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
    /// A setting changed: the game starts again under the new rules.
    Choose {
        setting: &'static str,
        choice: usize,
    },
    /// The game's command at this index.
    Command(usize),
    /// Plays the move being made (with "confirm each turn").
    FinishTurn,
    /// Discards the move being made.
    ClearMoves,
    /// Draws the last move's path until the next input.
    ShowPrevious,
    /// Lifts the pass-the-device cover.
    StartTurn,
    /// A piece was picked up on the board: an input, which ends a look at the previous move.
    Select,
    /// A preference switched on or off.
    Prefer {
        setting: &'static str,
        on: bool,
    },
}

/// A question asked before a control that cannot be undone.
#[derive(Clone, Copy, PartialEq)]
enum Confirm {
    Resign,
    Draw,
    Restart,
}

#[derive(Properties, PartialEq)]
pub struct GameScreenProps {
    pub slug: &'static str,
    pub lang: Lang,
    pub board: Rc<BoardView>,
    pub summary: Rc<Summary>,
    pub on_action: Callback<BoardAction>,
    pub on_control: Callback<Control>,
}

#[component]
pub fn GameScreen(props: &GameScreenProps) -> Html {
    let text = props.lang.text();
    let summary = &props.summary;
    let confirm = use_state_eq(|| None::<Confirm>);
    let overlay_closed = use_state_eq(|| false);
    // The renderer is the player's choice for this game, remembered across visits.
    let renderer_key = format!("board-suite/renderer/{}", props.slug);
    let on_canvas = use_state_eq(|| storage::read(&renderer_key).as_deref() == Some("canvas"));
    let numbers_key = format!("board-suite/numbers/{}", props.slug);
    let numbers = use_state_eq(|| storage::flag(&numbers_key));
    let switch_numbers = {
        let numbers = numbers.clone();
        Callback::from(move |_: MouseEvent| {
            storage::set_flag(&numbers_key, !*numbers);
            numbers.set(!*numbers);
        })
    };
    let switch_renderer = {
        let on_canvas = on_canvas.clone();
        Callback::from(move |_: MouseEvent| {
            let canvas = !*on_canvas;
            storage::write(&renderer_key, if canvas { "canvas" } else { "dom" });
            on_canvas.set(canvas);
        })
    };
    let new_game_ref = use_node_ref();
    let start_turn_ref = use_node_ref();
    {
        // The cover takes the keyboard focus, so Enter starts the turn.
        let start_turn_ref = start_turn_ref.clone();
        use_effect_with(summary.covered, move |_| {
            if let Some(button) = start_turn_ref.cast::<web_sys::HtmlElement>() {
                let _ = button.focus();
            }
        });
    }
    {
        let overlay_closed = overlay_closed.clone();
        let confirm = confirm.clone();
        let new_game_ref = new_game_ref.clone();
        use_effect_with(summary.ended, move |_| {
            overlay_closed.set(false);
            confirm.set(None);
            // The result takes the keyboard focus, so Enter starts the next game.
            if let Some(button) = new_game_ref.cast::<web_sys::HtmlElement>() {
                let _ = button.focus();
            }
        });
    }

    let control = |control: Control| {
        let on_control = props.on_control.clone();
        let confirm = confirm.clone();
        Callback::from(move |_: MouseEvent| {
            confirm.set(None);
            on_control.emit(control);
        })
    };
    let ask = |question: Confirm| {
        let confirm = confirm.clone();
        Callback::from(move |_: MouseEvent| confirm.set(Some(question)))
    };

    let in_play = summary.ended.is_none();
    let side_name = |side: &str| (text.side)(side);
    let (status, turn, outcome) = match summary.ended {
        None => ((text.to_move)(side_name(summary.to_move)), Some(summary.to_move), None),
        Some(Ended::Winner(side)) => ((text.wins)(side_name(side)), None, Some(side)),
        Some(Ended::Draw) => (text.draw.to_owned(), None, Some("draw")),
    };

    let confirm_row = confirm.map(|question| {
        let (prompt, then) = match question {
            Confirm::Resign => ((text.confirm_resign)(side_name(summary.to_move)), Control::Resign),
            Confirm::Draw => (text.confirm_draw.to_owned(), Control::AgreeDraw),
            Confirm::Restart => (text.confirm_restart.to_owned(), Control::Restart),
        };
        let no = {
            let confirm = confirm.clone();
            Callback::from(move |_: MouseEvent| confirm.set(None))
        };
        html! {
            <div class="confirm" role="alertdialog" aria-label={prompt.clone()}>
                <span>{ prompt }</span>
                <button data-action="confirm" class="primary" onclick={control(then)}>{ text.yes }</button>
                <button data-action="cancel" onclick={no}>{ text.no }</button>
            </div>
        }
    });
    let restart =
        if in_play && !summary.moves.is_empty() { ask(Confirm::Restart) } else { control(Control::Restart) };

    let moves = summary.moves.iter().enumerate().map(|(ply, entry)| {
        html! {
            <li data-move="" data-owner={entry.side} title={side_name(entry.side)}>
                <span class="ply">{ ply + 1 }</span>
                <span class={classes!("dot", entry.side)}></span>
                { entry.notation.clone() }
            </li>
        }
    });

    let load_notice = summary.load_error.as_ref().map(|why| (text.save_unreadable)(why));
    let storage_notice = summary.storage_problem.map(|problem| match problem {
        StorageProblem::Unavailable => text.storage_unavailable.to_owned(),
        StorageProblem::WriteRefused => text.save_refused.to_owned(),
    });
    let notices = load_notice.into_iter().chain(storage_notice).map(|words| {
        html! {
            <div data-notice="" class="notice" role="alert">
                <span>{ words }</span>
                <button onclick={control(Control::DismissNotice)}>{ text.dismiss }</button>
            </div>
        }
    });
    let refusal = if summary.overtaken {
        Some(text.changed_elsewhere)
    } else {
        summary.refusal.filter(|_| in_play).map(|why| (text.refusal)(why))
    };

    let commands = summary.commands.iter().enumerate().map(|(i, command)| html! {
        <button data-action={command.name} class="primary" onclick={control(Control::Command(i))}>{ command.label }</button>
    });
    let turn_buttons = summary.turn.filter(|_| in_play).map(|turn| html! {
        <div class="commands">
            if turn.confirm {
                <button data-action="finish-turn" class="primary" disabled={!turn.complete}
                    onclick={control(Control::FinishTurn)}>{ text.finish_turn }</button>
            }
            <button data-action="clear-moves" disabled={!turn.pending} onclick={control(Control::ClearMoves)}>
                { text.clear_moves }
            </button>
            <button data-action="show-previous" disabled={!turn.has_previous || turn.pending}
                onclick={control(Control::ShowPrevious)}>{ text.show_previous }</button>
        </div>
    });
    let covered = summary.covered && in_play;
    let cover = covered.then(|| html! {
        <div class="cover" data-cover="" role="dialog" aria-labelledby="cover-title">
            <p id="cover-title"><span class={classes!("dot", summary.to_move)}></span>{ (text.pass_device_to)(side_name(summary.to_move)) }</p>
            <button data-action="start-turn" class="primary" ref={start_turn_ref.clone()}
                onclick={control(Control::StartTurn)}>{ text.start_turn }</button>
        </div>
    });
    let trays = summary.trays.iter().map(|tray| html! {
        <div class="tray" data-tray={tray.side} aria-label={tray.label.clone()} title={tray.label.clone()}>
            { for tray.pieces.iter().map(|piece| piece.render(None, false)) }
        </div>
    });
    let locked = !summary.moves.is_empty();
    let settings = summary.settings.iter().map(|setting| {
        let on_control = props.on_control.clone();
        let name = setting.name;
        setting_view(setting, locked, move |choice| {
            on_control.emit(Control::Choose { setting: name, choice })
        })
    });
    let preferences = summary.preferences.iter().map(|setting| {
        let on_control = props.on_control.clone();
        let name = setting.name;
        setting_view(setting, false, move |choice| {
            on_control.emit(Control::Prefer { setting: name, on: choice == 1 })
        })
    });
    let has_rules =
        !summary.settings.is_empty() || !summary.info.is_empty() || !summary.preferences.is_empty();
    let rules = has_rules.then(|| {
        html! {
            <section class="rules" data-info="">
                <h2>{ text.rules }</h2>
                { for summary.info.iter().map(|line| html! { <p>{ line.clone() }</p> }) }
                { for settings }
                if !summary.settings.is_empty() && !locked { <p class="hint">{ text.rules_locked }</p> }
                { for preferences }
            </section>
        }
    });

    let overlay = summary.ended.filter(|_| !*overlay_closed).map(|_| {
        let close = {
            let overlay_closed = overlay_closed.clone();
            Callback::from(move |_: MouseEvent| overlay_closed.set(true))
        };
        html! {
            <div class="overlay" data-overlay="" role="dialog" aria-modal="true" aria-labelledby="result-title">
                <div class="result">
                    <h2 id="result-title">{ status.clone() }</h2>
                    <p>{ summary.ending.clone() }</p>
                    <div class="buttons">
                        <button data-action="new-game" class="primary" ref={new_game_ref.clone()}
                            onclick={control(Control::Restart)}>{ text.new_game }</button>
                        <button data-action="close" onclick={close}>{ text.view_board }</button>
                    </div>
                </div>
            </div>
        }
    });

    html! {
        <main data-game={props.slug} class="game">
            { for notices }
            // Under the cover the board, the move list and their controls are out of reach.
            <section class="play" inert={covered}>
                if summary.canvas && *on_canvas {
                    <CanvasBoard view={props.board.clone()} on_action={props.on_action.clone()} interactive={in_play && !covered}
                        numbers={*numbers} />
                } else {
                    <Board view={props.board.clone()} on_action={props.on_action.clone()} interactive={in_play && !covered}
                        numbers={*numbers} on_select={props.on_control.reform(|()| Control::Select)} />
                }
                if !summary.trays.is_empty() { <div class="trays">{ for trays }</div> }
            </section>
            <aside class="side" inert={covered}>
                <p data-status="" aria-live="polite" data-turn={turn} data-outcome={outcome}
                    data-phase={summary.phase.filter(|_| in_play)} class="status">
                    <span class={classes!("dot", turn.or(outcome))}></span>
                    <span>{ status }</span>
                    if !in_play { <small>{ summary.ending.clone() }</small> }
                    if in_play { if let Some(detail) = &summary.detail { <small data-detail="">{ detail.clone() }</small> } }
                </p>
                <p class="message" aria-live="assertive">{ for refusal }</p>
                if in_play && !summary.commands.is_empty() { <div class="commands">{ for commands }</div> }
                { for turn_buttons }
                <div class="controls">
                    <button data-action="undo" disabled={!summary.can_undo} onclick={control(Control::Undo)}>{ text.undo }</button>
                    <button data-action="redo" disabled={!summary.can_redo} onclick={control(Control::Redo)}>{ text.redo }</button>
                    <button data-action="restart" onclick={restart}>{ text.restart }</button>
                    <button data-action="resign" disabled={!in_play} onclick={ask(Confirm::Resign)}>{ text.resign }</button>
                    <button data-action="draw" disabled={!in_play} onclick={ask(Confirm::Draw)}>{ text.offer_draw }</button>
                    if summary.numbered {
                        <button data-action="numbers" class="wide" aria-pressed={numbers.to_string()} onclick={switch_numbers}>
                            { text.move_numbers }
                        </button>
                    }
                    if summary.canvas {
                        <button data-action="renderer" class="wide" onclick={switch_renderer}>
                            { if *on_canvas { text.use_dom } else { text.use_canvas } }
                        </button>
                    }
                </div>
                { for confirm_row }
                { for rules }
                <h2 class="moves-title">{ text.moves }</h2>
                if summary.moves.is_empty() { <p class="empty-moves">{ text.no_moves_yet }</p> }
                <ol data-moves="" class="moves">{ for moves }</ol>
            </aside>
            { for cover }
            { for overlay }
        </main>
    }
}

/// A setting as a checkbox or a list, calling `choose` with the choice (0/1 for a checkbox).
fn setting_view(setting: &Setting, locked: bool, choose: impl Fn(usize) + 'static) -> Html {
    let control = match &setting.value {
        SettingValue::Toggle(on) => {
            let onchange = Callback::from(move |e: Event| {
                choose(usize::from(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()));
            });
            html! { <input type="checkbox" data-setting={setting.name} checked={*on} disabled={locked} {onchange} /> }
        }
        SettingValue::Choice { options, chosen } => {
            let onchange = Callback::from(move |e: Event| {
                let index = e.target_unchecked_into::<web_sys::HtmlSelectElement>().selected_index();
                if let Ok(choice) = usize::try_from(index) {
                    choose(choice);
                }
            });
            html! {
                <select data-setting={setting.name} disabled={locked} {onchange}>
                    { for options.iter().enumerate().map(|(i, option)| html! {
                        <option selected={i == *chosen}>{ option.clone() }</option>
                    }) }
                </select>
            }
        }
    };
    html! { <label class="setting">{ control }<span>{ setting.label }</span></label> }
}
