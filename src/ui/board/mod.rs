//! The board every game shares: a CSS grid of cells described by the game. Clicks, HTML5
//! drag-and-drop, touch (pointer) drags and the keyboard all become the same two actions, so a
//! hint or a rule fix works for every kind of input.

use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{DragEvent, Element, HtmlElement, KeyboardEvent, PointerEvent};
use yew::prelude::*;

mod canvas;
mod view;

pub use canvas::CanvasBoard;
pub use view::{BoardAction, BoardView, CellView, Hand, Hint, Piece, Pos, Target};

/// Where a dragged piece comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Source {
    Cell(Pos),
    Hand,
}

/// The drag data type; anything else dropped on the board is foreign and ignored.
const DRAG_TYPE: &str = "application/x-board-suite";

impl Source {
    fn encode(self) -> String {
        match self {
            Source::Cell((x, y)) => format!("cell:{x},{y}"),
            Source::Hand => "hand".to_owned(),
        }
    }

    /// Reads drag data; foreign or malformed data is `None`.
    fn parse(data: &str) -> Option<Source> {
        if data == "hand" {
            return Some(Source::Hand);
        }
        let (x, y) = data.strip_prefix("cell:")?.split_once(',')?;
        Some(Source::Cell((x.parse().ok()?, y.parse().ok()?)))
    }
}

/// The action of dropping a piece from `source` on `to`, if that is legal.
fn drop_action(view: &BoardView, source: Source, to: Pos) -> Option<BoardAction> {
    match source {
        Source::Hand => view.is_target(to).then_some(BoardAction::Activate(to)),
        Source::Cell(from) => {
            view.moves_from(from).any(|m| m.1 == to).then_some(BoardAction::Move { from, to })
        }
    }
}

/// The one selection path (a click, a tap or Enter on `pos`): completes a move from the
/// selection, selects a movable piece, or activates a target. Returns the new selection.
fn select(view: &BoardView, selected: Option<Pos>, pos: Pos) -> (Option<Pos>, Option<BoardAction>) {
    if let Some(from) = selected {
        if let Some(action) = drop_action(view, Source::Cell(from), pos) {
            return (None, Some(action));
        }
        if from == pos {
            return (None, None);
        }
    }
    if view.moves_from(pos).next().is_some() {
        return (Some(pos), None);
    }
    (None, view.is_target(pos).then_some(BoardAction::Activate(pos)))
}

/// The cell at or around an element, read back from its data attributes.
fn cell_of(element: &Element) -> Option<Pos> {
    let cell = element.closest("[data-cell]").ok()??;
    let coordinate = |name| cell.get_attribute(name)?.parse().ok();
    Some((coordinate("data-x")?, coordinate("data-y")?))
}

/// The cell an event happened in.
fn event_cell(event: &Event) -> Option<Pos> {
    cell_of(event.target()?.dyn_ref::<Element>()?)
}

/// The cell under a point of the screen.
fn cell_at(x: i32, y: i32) -> Option<Pos> {
    cell_of(&gloo::utils::document().element_from_point(x as f32, y as f32)?)
}

/// The draggable piece an event started on, as a drag source.
fn event_source(event: &Event) -> Option<Source> {
    let target = event.target()?.dyn_into::<Element>().ok()?;
    target.closest("[data-piece][draggable=\"true\"]").ok()??;
    if target.closest("[data-hand]").ok()?.is_some() {
        return Some(Source::Hand);
    }
    cell_of(&target).map(Source::Cell)
}

/// A touch or pen contact in progress: a tap, or a drag of `source` once it has moved (HTML5
/// drag events never fire for touch, and the browser's own tap-click is not reliable).
#[derive(Clone, Copy, Debug)]
struct Contact {
    source: Option<Source>,
    start: (i32, i32),
    moved: bool,
}

/// What a key does on a board, the DOM one or the canvas one.
enum Key {
    /// Move the keyboard focus to this cell.
    Focus(Pos),
    /// Act on the focused cell, as a click would.
    Act,
    /// Drop the selection.
    Cancel,
}

impl Key {
    fn read(key: &str, (x, y): Pos, columns: usize, rows: usize) -> Option<Key> {
        Some(match key {
            "ArrowLeft" => Key::Focus((x.saturating_sub(1), y)),
            "ArrowRight" => Key::Focus(((x + 1).min(columns - 1), y)),
            "ArrowUp" => Key::Focus((x, y.saturating_sub(1))),
            "ArrowDown" => Key::Focus((x, (y + 1).min(rows - 1))),
            "Enter" | " " => Key::Act,
            "Escape" => Key::Cancel,
            _ => return None,
        })
    }
}

/// How far a finger travels before a touch becomes a drag rather than a tap.
const DRAG_THRESHOLD: i32 = 6;

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    pub view: Rc<BoardView>,
    pub on_action: Callback<BoardAction>,
    /// False once the game is over: nothing can be selected or dragged.
    pub interactive: bool,
    /// Show each stone's move number.
    #[prop_or_default]
    pub numbers: bool,
    /// Told when the player picks up a piece (by click, key or drag): an input for the page.
    #[prop_or_default]
    pub on_select: Callback<()>,
}

#[component]
pub fn Board(props: &BoardProps) -> Html {
    let view = props.view.clone();
    let interactive = props.interactive;
    let selected_state = use_state_eq(|| None::<Pos>);
    // A selection that no longer has moves (the position changed) is no selection; a piece
    // that must move on is selected without asking.
    let selected = (*selected_state)
        .filter(|&s| view.moves_from(s).next().is_some())
        .or(view.forced)
        .filter(|_| interactive);
    let focus = use_state_eq(|| (view.columns / 2, 0));
    let hover = use_state_eq(|| None::<Pos>);
    let html_drag = use_mut_ref(|| None::<Source>);
    let contact = use_mut_ref(|| None::<Contact>);
    let touch_dragging = use_state_eq(|| None::<Source>);
    let swallow_click = use_mut_ref(|| false);
    let grid_ref = use_node_ref();
    let ghost_ref = use_node_ref();
    let root_ref = use_node_ref();
    {
        let on_select = props.on_select.clone();
        use_effect_with(*selected_state, move |selection| {
            if selection.is_some() {
                on_select.emit(());
            }
        });
    }

    // Keyboard focus follows `focus`, but only while the board already has it.
    {
        let grid_ref = grid_ref.clone();
        use_effect_with(*focus, move |&(x, y)| {
            let Some(grid) = grid_ref.cast::<Element>() else {
                return;
            };
            let active = gloo::utils::document().active_element();
            if !active.is_some_and(|a| grid.contains(Some(&a))) {
                return;
            }
            let selector = format!("[data-x=\"{x}\"][data-y=\"{y}\"]");
            if let Some(cell) = grid.query_selector(&selector).ok().flatten() {
                let _ = cell.unchecked_into::<HtmlElement>().focus();
            }
        });
    }

    let perform = {
        let on_action = props.on_action.clone();
        let selected_state = selected_state.clone();
        move |(selection, action): (Option<Pos>, Option<BoardAction>)| {
            selected_state.set(selection);
            if let Some(action) = action {
                on_action.emit(action);
            }
        }
    };

    let click = {
        let view = view.clone();
        let perform = perform.clone();
        let focus = focus.clone();
        move |pos: Pos| {
            if interactive {
                focus.set(pos);
                perform(select(&view, selected, pos));
            }
        }
    };

    let dropped = {
        let view = view.clone();
        let perform = perform.clone();
        move |source: Source, to: Pos| perform((None, drop_action(&view, source, to)))
    };

    // Every handler sits on the board's root and finds its cell from the event's target.
    let onclick = {
        let click = click.clone();
        let swallow_click = swallow_click.clone();
        Callback::from(move |e: MouseEvent| {
            let swallowed = std::mem::take(&mut *swallow_click.borrow_mut());
            if let Some(pos) = event_cell(&e).filter(|_| !swallowed) {
                click(pos);
            }
        })
    };

    let onkeydown = {
        let focus = focus.clone();
        let click = click.clone();
        let selected_state = selected_state.clone();
        let (columns, rows) = (view.columns, view.rows);
        Callback::from(move |e: KeyboardEvent| {
            // The key acts where the focus really is: the event's own cell, however it got there.
            let at = event_cell(&e).unwrap_or(*focus);
            let Some(key) = Key::read(&e.key(), at, columns, rows) else { return };
            e.prevent_default();
            match key {
                Key::Focus(next) => focus.set(next),
                Key::Act => click(at),
                Key::Cancel => selected_state.set(None),
            }
        })
    };
    // The remembered focus follows the DOM's, whether a click, Tab, a script or a screen reader
    // moved it, so the roving tab stop and the arrow keys start from the focused cell.
    let onfocusin = {
        let focus = focus.clone();
        Callback::from(move |e: FocusEvent| {
            if let Some(pos) = event_cell(&e) {
                focus.set(pos);
            }
        })
    };

    let onmouseover = {
        let hover = hover.clone();
        Callback::from(move |e: MouseEvent| hover.set(event_cell(&e)))
    };
    let onmouseleave = {
        let hover = hover.clone();
        Callback::from(move |_: MouseEvent| hover.set(None))
    };

    // Mouse: HTML5 drag-and-drop. The data names the source; foreign data never parses.
    let ondragstart = {
        let html_drag = html_drag.clone();
        let selected_state = selected_state.clone();
        Callback::from(move |e: DragEvent| {
            let (Some(source), Some(transfer)) = (event_source(&e), e.data_transfer()) else {
                return;
            };
            if transfer.set_data(DRAG_TYPE, &source.encode()).is_err() {
                return;
            }
            transfer.set_effect_allowed("move");
            *html_drag.borrow_mut() = Some(source);
            if let Source::Cell(pos) = source {
                selected_state.set(Some(pos));
            }
        })
    };
    let ondragend = {
        let html_drag = html_drag.clone();
        let hover = hover.clone();
        Callback::from(move |_: DragEvent| {
            html_drag.borrow_mut().take();
            hover.set(None);
        })
    };
    let ondragover = {
        let html_drag = html_drag.clone();
        let view = view.clone();
        let hover = hover.clone();
        Callback::from(move |e: DragEvent| {
            let (Some(source), Some(pos)) = (*html_drag.borrow(), event_cell(&e)) else {
                return;
            };
            if drop_action(&view, source, pos).is_some() {
                e.prevent_default();
                if let Some(transfer) = e.data_transfer() {
                    transfer.set_drop_effect("move");
                }
                hover.set(Some(pos));
            }
        })
    };
    let ondrop = {
        let html_drag = html_drag.clone();
        let dropped = dropped.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            // Only a drag this board started acts, and only once: a repeated drop finds no drag.
            let started = html_drag.borrow_mut().take();
            let data = e.data_transfer().and_then(|t| t.get_data(DRAG_TYPE).ok());
            let source = data.as_deref().and_then(Source::parse).filter(|&s| Some(s) == started);
            if let (Some(source), Some(to)) = (source, event_cell(&e)) {
                dropped(source, to);
            }
        })
    };

    // Touch and pen: pointer events, a tap being a click and a moved contact a drag.
    let onpointerdown = {
        let root_ref = root_ref.clone();
        let contact = contact.clone();
        let swallow_click = swallow_click.clone();
        Callback::from(move |e: PointerEvent| {
            *swallow_click.borrow_mut() = false;
            if e.pointer_type() == "mouse" || !e.is_primary() {
                return;
            }
            // Yew delegates events, so `current_target` is not the board: capture on its root.
            if let Some(root) = root_ref.cast::<Element>() {
                // Capture keeps the moves coming here; a refusal only means no capture.
                let _ = root.set_pointer_capture(e.pointer_id());
            }
            let start = (e.client_x(), e.client_y());
            *contact.borrow_mut() = Some(Contact { source: event_source(&e), start, moved: false });
        })
    };
    let onpointermove = {
        let contact = contact.clone();
        let touch_dragging = touch_dragging.clone();
        let selected_state = selected_state.clone();
        let ghost_ref = ghost_ref.clone();
        let hover = hover.clone();
        Callback::from(move |e: PointerEvent| {
            let mut contact = contact.borrow_mut();
            let Some(Contact { source: Some(source), start, moved }) = contact.as_mut() else {
                return;
            };
            let (x, y) = (e.client_x(), e.client_y());
            if !*moved && (x - start.0).abs().max((y - start.1).abs()) < DRAG_THRESHOLD {
                return;
            }
            if !*moved {
                *moved = true;
                touch_dragging.set(Some(*source));
                if let Source::Cell(pos) = *source {
                    selected_state.set(Some(pos));
                }
            }
            if let Some(ghost) = ghost_ref.cast::<HtmlElement>() {
                let style = ghost.style();
                let _ = style.set_property("left", &format!("{x}px"));
                let _ = style.set_property("top", &format!("{y}px"));
            }
            hover.set(cell_at(x, y));
        })
    };
    let onpointerup = {
        let contact = contact.clone();
        let touch_dragging = touch_dragging.clone();
        let swallow_click = swallow_click.clone();
        let hover = hover.clone();
        Callback::from(move |e: PointerEvent| {
            let Some(ended) = contact.borrow_mut().take() else {
                return;
            };
            touch_dragging.set(None);
            hover.set(None);
            // The browser may follow with a click of its own: it belongs to this contact.
            *swallow_click.borrow_mut() = true;
            let Some(at) = cell_at(e.client_x(), e.client_y()) else {
                return;
            };
            match ended {
                Contact { source: Some(source), moved: true, .. } => dropped(source, at),
                Contact { moved: false, .. } => click(at),
                _ => {}
            }
        })
    };
    let onpointercancel = {
        let contact = contact.clone();
        let touch_dragging = touch_dragging.clone();
        Callback::from(move |_: PointerEvent| {
            contact.borrow_mut().take();
            touch_dragging.set(None);
        })
    };

    let render_piece = |piece: &Piece, source: Source, draggable: bool| {
        piece.render((interactive && draggable).then_some("true"), *touch_dragging == Some(source))
    };

    // The hand's piece shown translucent where it would land, while a target is hovered.
    let preview = hover
        .filter(|_| interactive && selected.is_none())
        .and_then(|h| view.targets.iter().find(|t| t.cell == h))
        .map(|t| t.lands)
        .filter(|&lands| view.cell(lands).is_some_and(|c| c.piece.is_none()))
        .zip(view.hand.as_ref());

    let hints = |pos: Pos| selected.and_then(|s| view.moves_from(s).find(|m| m.1 == pos)).map(|m| m.2.attr());

    let rows = (0..view.rows).map(|y| {
        let cells = (0..view.columns).map(|x| {
            let pos = (x, y);
            let Some(cell) = view.cell(pos) else { return html! {} };
            let movable = view.moves_from(pos).next().is_some();
            let ghost = preview.filter(|(lands, _)| *lands == pos).map(|(_, hand)| html! {
                <span class={classes!("piece", "preview", hand.piece.owner, hand.piece.kind)} aria-hidden="true"></span>
            });
            html! {
                <div role="gridcell" data-cell="" data-x={x.to_string()} data-y={y.to_string()}
                    aria-label={cell.label.clone()}
                    aria-selected={(selected == Some(pos)).then_some("true")}
                    tabindex={if *focus == pos { "0" } else { "-1" }}
                    data-hint={hints(pos)}
                    data-selected={(selected == Some(pos)).then_some("")}
                    data-last={cell.last.then_some("")}
                    data-highlight={cell.highlight.then_some("")}
                    data-mark={cell.mark.or(view.compelled.contains(&pos).then_some("must-capture"))}
                    data-number={cell.number.map(|n| n.to_string())}
                    class={classes!("cell", ((x + y) % 2 == 1).then_some("odd"))}>
                    { for cell.piece.as_ref().map(|p| render_piece(p, Source::Cell(pos), movable)) }
                    { for ghost }
                </div>
            }
        });
        html! { <div role="row" class="row">{ for cells }</div> }
    });

    let hand = view.hand.as_ref().map(|hand| html! {
        <div class="hand" data-hand={hand.side} aria-label={hand.label.clone()} title={hand.label.clone()}>
            { render_piece(&hand.piece, Source::Hand, true) }
        </div>
    });
    let ghost = touch_dragging.as_ref().and_then(|source| match source {
        Source::Hand => view.hand.as_ref().map(|h| h.piece.clone()),
        Source::Cell(pos) => view.cell(*pos).and_then(|c| c.piece.clone()),
    });

    // The hovered column, for games whose hand follows the pointer (a Connect Four disc).
    let hover_style = hover.map(|(x, _)| format!("--hover-x: {x}"));

    html! {
        <div class={classes!("board-area", props.numbers.then_some("numbered"))} ref={root_ref} style={hover_style} {onclick} {onmouseover} {onmouseleave} {ondragstart} {ondragend} {ondragover}
            {ondrop} {onpointerdown} {onpointermove} {onpointerup} {onpointercancel}>
            { for hand }
            <div data-board="" data-renderer="dom" role="grid" ref={grid_ref} aria-label={view.label.clone()}
                class={classes!("board", (!interactive).then_some("inert"))}
                style={format!("--columns: {}; --rows: {}", view.columns, view.rows)}
                {onkeydown} {onfocusin}>
                { for rows }
                { path_arrows(&view) }
            </div>
            <div class="drag-ghost" ref={ghost_ref} aria-hidden="true" hidden={ghost.is_none()}>
                // A picture only: the dragged piece itself stays in its cell.
                { for ghost.map(|p| html! { <span class={classes!("piece", p.owner, p.kind)}>{ p.glyph }</span> }) }
            </div>
        </div>
    }
}

/// The path's legs as arrows over the board, one hundred units a cell (whole numbers keep float
/// printing out of the page). A picture only: the cells' marks say the same to assistive
/// technology, and the arrows catch no pointer.
fn path_arrows(view: &BoardView) -> Html {
    if view.path.is_empty() {
        return html! {};
    }
    let centre = |(x, y): Pos| (x * 100 + 50, y * 100 + 50);
    let legs = view.path.iter().map(|&(from, to)| {
        let ((x1, y1), (x2, y2)) = (centre(from), centre(to));
        html! { <line x1={x1.to_string()} y1={y1.to_string()} x2={x2.to_string()} y2={y2.to_string()} marker-end="url(#path-head)" /> }
    });
    html! {
        <svg class="path" aria-hidden="true" viewBox={format!("0 0 {} {}", view.columns * 100, view.rows * 100)}>
            <defs>
                <marker id="path-head" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="3" markerHeight="3" orient="auto">
                    <path d="M0 0L10 5L0 10z" />
                </marker>
            </defs>
            { for legs }
        </svg>
    }
}
