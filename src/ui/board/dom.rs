//! The board as a CSS grid of cells. Mouse input is clicks and HTML5 drag-and-drop; touch and
//! pen go through the shared contact handling. Every handler sits on the board's root and finds
//! its cell from the event's target; each row is its own component, so a change redraws only
//! the rows whose cells it touches.

use super::BoardProps;
use super::input::{DRAG_TYPE, Input, Source, drop_action, settle, use_input};
use super::motion::{Motion, use_motions};
use super::piece::{picture, piece};
use crate::ui::model::{BoardView, CellView, Hint, Piece, Pos, Surface};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{DragEvent, Element, HtmlElement, KeyboardEvent, PointerEvent};
use yew::prelude::*;

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
fn cell_at(e: &PointerEvent) -> Option<Pos> {
    cell_of(&gloo::utils::document().element_from_point(e.client_x() as f32, e.client_y() as f32)?)
}

/// The size on screen (CSS px) of the cell an event happened in, its shorter side; infinite
/// outside the cells.
fn event_cell_size(event: &Event) -> f64 {
    let cell = event
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .and_then(|t| t.closest("[data-cell]").ok()?);
    cell.map_or(f64::INFINITY, |cell| {
        let rect = cell.get_bounding_client_rect();
        rect.width().min(rect.height())
    })
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

/// A handler that hands the event to the board's input.
fn on<E: 'static>(input: &Input, act: impl Fn(&Input, E) + 'static) -> Callback<E> {
    let input = input.clone();
    Callback::from(move |e| act(&input, e))
}

#[component]
pub fn Board(props: &BoardProps) -> Html {
    let input =
        use_input(props.view.clone(), props.interactive, props.on_action.clone(), props.on_select.clone());
    let view = input.view();
    let root_ref = use_node_ref();
    let motions = use_motions(props.view.clone(), props.moving, &props.on_motion);
    let grid_ref = use_node_ref();
    let ghost_ref = use_node_ref();
    {
        // Keyboard focus follows the focus cell, but only while the board already has it.
        let grid_ref = grid_ref.clone();
        use_effect_with(*input.focus, move |&focus| {
            let (Some((x, y)), Some(grid)) = (focus, grid_ref.cast::<Element>()) else { return };
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

    let onclick = on(&input, |input, e: MouseEvent| input.click(event_cell(&e)));
    let onkeydown = on(&input, |input, e: KeyboardEvent| {
        settle();
        if input.key(&e.key(), input.focused()) {
            e.prevent_default();
        }
    });
    // The focus cell follows the DOM's focus, whether a click, Tab, a script or a screen reader
    // moved it, so the roving tab stop and the arrow keys start from the focused cell.
    let onfocusin = on(&input, |input, e: FocusEvent| {
        if let Some(pos) = event_cell(&e) {
            input.follow_focus(pos);
        }
    });
    // Only a hand's piece follows the pointer: a board without one is not drawn again for it,
    // nor for a finger, whose tap the browser echoes as a hover that would draw the piece there
    // only to draw the move over it.
    let onmouseover = on(&input, |input, e: MouseEvent| {
        if input.view().hand.is_some() && !input.contact_echoes() {
            input.hover.set(event_cell(&e));
        }
    });
    let onmouseleave = on(&input, |input, _: MouseEvent| input.hover.set(None));

    // The piece an HTML5 drag of this board's carries, from its start to its drop.
    let html_drag = use_mut_ref(|| None::<Source>);
    let Dragging { ondragstart, ondragend, ondragover, ondrop } = html_drag_handlers(&input, &html_drag);

    // Touch and pen: the shared contact handling, the dragged piece drawn under the finger.
    let onpointerdown = {
        let root_ref = root_ref.clone();
        // Yew delegates events, so `current_target` is not the board: capture on its root.
        on(&input, move |input, e: PointerEvent| {
            settle();
            input.press(&e, root_ref.cast(), event_source(&e), false, || event_cell_size(&e))
        })
    };
    let onpointermove = {
        let ghost_ref = ghost_ref.clone();
        on(&input, move |input, e: PointerEvent| {
            if input.contact_move(&e, || cell_at(&e))
                && let Some(ghost) = ghost_ref.cast::<HtmlElement>()
            {
                let style = ghost.style();
                let _ = style.set_property("left", &format!("{}px", e.client_x()));
                let _ = style.set_property("top", &format!("{}px", e.client_y()));
            }
        })
    };
    let onpointerup = on(&input, |input, e: PointerEvent| input.contact_up(|| cell_at(&e)));
    let onpointercancel = on(&input, |input, _: PointerEvent| input.contact_cancel());

    let interactive = input.interactive();
    let dragging = *input.dragging;
    let preview = input.preview();
    let pending = input.pending();
    let focus = input.focused();
    // Each row is drawn again only when one of its cells changes: a move redraws a row or
    // two, not every cell of the board.
    let rows = (0..view.rows).map(|y| {
        let cells: Vec<_> = (0..view.columns)
            .filter(|&x| view.cell((x, y)).is_some())
            .map(|x| {
                let pos = (x, y);
                let state = CellState {
                    hint: input.hint(pos),
                    selected: input.selected == Some(pos),
                    focused: focus == pos,
                    prompt: view.prompts.iter().find(|p| p.0 == pos).map(|p| p.1),
                    movable: interactive && view.moves_from(pos).next().is_some(),
                    lifted: dragging == Some(Source::Cell(pos)),
                    preview: pending
                        .or(preview)
                        .filter(|&p| p == pos)
                        .and(view.hand.as_ref())
                        .map(|h| h.piece.clone()),
                    pending: pending == Some(pos),
                    star: view.stars.contains(&pos),
                    motion: motion_at(&motions, pos),
                };
                (x, state)
            })
            .collect();
        html! { <Row {y} view={props.view.clone()} {cells} /> }
    });

    // The hovered cell, for the hand's piece that follows the pointer over its column: set on
    // the hand alone, since a custom property set on the board's root would restyle every cell.
    let hover_style = input.hover.map(|(x, y)| format!("--hover-x: {x}; --hover-y: {y}"));
    let hand = match &view.hand {
        None => kept_hand_place(view),
        Some(hand) => Some(html! {
            <div class="hand" role="group" data-hand={hand.side.attr()} aria-label={hand.label.clone()} title={hand.label.clone()}
                style={hover_style}>
                { piece(&hand.piece, interactive.then_some("true"), dragging == Some(Source::Hand)) }
            </div>
        }),
    };
    let ghost = dragging.and_then(|source| match source {
        Source::Hand => view.hand.as_ref().map(|h| h.piece.clone()),
        Source::Cell(pos) => view.cell(pos).and_then(|c| c.piece.clone()),
    });
    // A tapped placement waiting for its second tap, said as the cell and what to do.
    let pending_said =
        pending.and_then(|pos| view.cell(pos)).map(|cell| format!("{}. {}", cell.label, view.tap_again));

    html! {
        <div class={classes!("board-area", props.numbers.then_some("numbered"))} ref={root_ref}
            {onclick} {onmouseover} {onmouseleave} {ondragstart} {ondragend} {ondragover}
            {ondrop} {onpointerdown} {onpointermove} {onpointerup} {onpointercancel}>
            { for hand }
            <div data-board="" data-renderer="dom" role="grid" ref={grid_ref} aria-label={view.label.clone()}
                class={classes!("board", (!interactive).then_some("inert"), match view.surface {
                    Surface::Points => Some("points"),
                    Surface::Checkered => Some("checkered"),
                    Surface::Squares => None,
                })}
                style={format!("--columns: {}; --rows: {}", view.columns, view.rows)}
                {onkeydown} {onfocusin}>
                { for rows }
                if props.coordinates { { coordinates(view) } }
                { taken(&motions) }
                { path_arrows(view) }
            </div>
            <p class="visually-hidden" aria-live="polite" data-pending-said="">{ pending_said }</p>
            { tap_again(view, pending) }
            <div class="drag-ghost" ref={ghost_ref} aria-hidden="true" hidden={ghost.is_none()}>
                // A picture only: the dragged piece itself stays in its cell.
                { for ghost.map(|p| picture(&p, "dragged")) }
            </div>
        </div>
    }
}

/// The handlers of a mouse's HTML5 drag-and-drop.
struct Dragging {
    ondragstart: Callback<DragEvent>,
    ondragend: Callback<DragEvent>,
    ondragover: Callback<DragEvent>,
    ondrop: Callback<DragEvent>,
}

/// Mouse drags: HTML5 drag-and-drop. The data names the source; foreign data never parses, and
/// only a drag this board started acts.
fn html_drag_handlers(input: &Input, html_drag: &Rc<RefCell<Option<Source>>>) -> Dragging {
    let ondragstart = {
        let html_drag = html_drag.clone();
        on(input, move |input, e: DragEvent| {
            let Some(source) = event_source(&e).filter(|source| source.start_drag(&e)) else { return };
            *html_drag.borrow_mut() = Some(source);
            if let Source::Cell(pos) = source {
                input.pick_up(pos);
            }
        })
    };
    let ondragend = {
        let html_drag = html_drag.clone();
        on(input, move |input, _: DragEvent| {
            html_drag.borrow_mut().take();
            input.hover.set(None);
        })
    };
    let ondragover = {
        let html_drag = html_drag.clone();
        on(input, move |input, e: DragEvent| {
            let (Some(source), Some(pos)) = (*html_drag.borrow(), event_cell(&e)) else { return };
            if drop_action(input.view(), source, pos).is_some() {
                e.prevent_default();
                if let Some(transfer) = e.data_transfer() {
                    transfer.set_drop_effect("move");
                }
                input.hover.set(Some(pos));
            }
        })
    };
    let html_drag = html_drag.clone();
    let ondrop = on(input, move |input, e: DragEvent| {
        e.prevent_default();
        // Only a drag this board started acts, and only once: a repeated drop finds no drag.
        let started = html_drag.borrow_mut().take();
        let data = e.data_transfer().and_then(|t| t.get_data(DRAG_TYPE).ok());
        let source = data.as_deref().and_then(Source::parse).filter(|&s| Some(s) == started);
        if let (Some(source), Some(to)) = (source, event_cell(&e)) {
            input.drop(source, to);
        }
    });
    Dragging { ondragstart, ondragend, ondragover, ondrop }
}

/// What a cell shows beside its part of the board: the input's marks, the game's prompt, its
/// motion.
#[derive(Clone, PartialEq)]
struct CellState {
    hint: Option<Hint>,
    selected: bool,
    /// The board's one tab stop.
    focused: bool,
    /// A prompt of the game's for this cell, shown where the cell has no mark of its own.
    prompt: Option<&'static str>,
    /// Its piece may be dragged now.
    movable: bool,
    /// Its piece is being dragged by a finger.
    lifted: bool,
    /// The hand's piece, shown translucent where it would land.
    preview: Option<Piece>,
    /// A tap's placement waits here for a second tap.
    pending: bool,
    /// A star point.
    star: bool,
    /// How its piece came here: an animation (`data-motion`) and the offsets it starts from.
    motion: Option<(&'static str, String)>,
}

/// A row of the board: its cells, each by its column.
#[derive(Properties)]
struct RowProps {
    y: usize,
    /// The board the cells are read from: shared by every row, not copied into each.
    view: Rc<BoardView>,
    cells: Vec<(usize, CellState)>,
}

/// A row is the same when what its cells show is: its own part of the board.
impl PartialEq for RowProps {
    fn eq(&self, other: &Self) -> bool {
        self.y == other.y && self.cells == other.cells && self.row().eq(other.row())
    }
}

impl RowProps {
    /// The row's part of the board.
    fn row(&self) -> impl Iterator<Item = &CellView> {
        let columns = self.view.columns;
        self.view.cells.iter().skip(self.y * columns).take(columns)
    }
}

#[component]
fn Row(props: &RowProps) -> Html {
    let cells = props
        .cells
        .iter()
        .filter_map(|(x, state)| Some(cell((*x, props.y), props.view.cell((*x, props.y))?, state)));
    html! { <div role="row" class="row">{ for cells }</div> }
}

/// Where a cell sits in the board's grid. Every cell is placed, so the coordinates can share
/// its area.
fn grid_area((x, y): Pos) -> String {
    format!("grid-area: {} / {}", y + 1, x + 1)
}

/// The coordinates, each over the area of the cell it names: pictures only (each cell's label
/// already says its name, and the labels are not part of the cells' content, which their
/// names must match), under the pieces, catching no pointer.
fn coordinates(view: &BoardView) -> Html {
    let labels = (0..view.rows).flat_map(|y| (0..view.columns).map(move |x| (x, y))).flat_map(|pos| {
        let [file, rank, corner] = view.coordinates(pos);
        [("file", file), ("rank", rank), ("corner", corner)].into_iter().filter_map(move |(kind, label)| {
            label.map(|label| html! {
                <span class={classes!("coord", kind, ((pos.0 + pos.1) % 2 == 1).then_some("odd"))} style={grid_area(pos)}>
                    { label }
                </span>
            })
        })
    });
    html! { <div class="coords" aria-hidden="true">{ for labels }</div> }
}

/// The animation of the piece that came to `pos`, and the cells it starts from as offsets from
/// its own (`--x0`, `--y0`, ... in cells): a slide through up to four legs, a fall from above
/// the board, a placement, a turn.
fn motion_at(motions: &[Motion], pos: Pos) -> Option<(&'static str, String)> {
    let offsets = |cells: &[Pos]| -> String {
        let offset = |a: usize, b: usize| a as i32 - b as i32;
        cells
            .iter()
            .enumerate()
            .map(|(i, c)| format!("--x{i}: {}; --y{i}: {}", offset(c.0, pos.0), offset(c.1, pos.1)))
            .collect::<Vec<_>>()
            .join("; ")
    };
    motions.iter().find_map(|motion| match motion {
        Motion::Slide(path) if path.last() == Some(&pos) => {
            let legs = &path[..path.len() - 1];
            // A longer path slides straight from where it began.
            let legs = if legs.len() > 4 { &legs[..1] } else { legs };
            const SLIDES: [&str; 4] = ["slide1", "slide2", "slide3", "slide4"];
            Some((SLIDES[legs.len().max(1) - 1], offsets(legs)))
        }
        Motion::Fall(at) if *at == pos => Some(("fall", format!("--y0: {}", -(pos.1 as i32) - 1))),
        Motion::Place(at) if *at == pos => Some(("place", String::new())),
        Motion::Turn(at) if *at == pos => Some(("turn", String::new())),
        _ => None,
    })
}

/// The pieces just taken, each fading from the cell it left: pictures only, over the board.
fn taken(motions: &[Motion]) -> Html {
    let ghosts = motions.iter().filter_map(|motion| match motion {
        Motion::Taken(pos, piece) => {
            let side = match piece {
                Piece::FaceUp { owner, .. } => Some(owner.attr()),
                Piece::FaceDown => None,
            };
            Some(html! {
                <span class="ghost" data-side={side} style={grid_area(*pos)}>{ picture(piece, "taken") }</span>
            })
        }
        _ => None,
    });
    html! { <div class="coords" aria-hidden="true">{ for ghosts }</div> }
}

/// One cell: drawn again only with its row.
fn cell((x, y): Pos, cell: &CellView, state: &CellState) -> Html {
    let selected = state.selected.then_some("true");
    html! {
        <div role="gridcell" data-cell="" data-x={x.to_string()} data-y={y.to_string()}
            aria-label={cell.label.clone()} aria-selected={selected}
            tabindex={if state.focused { "0" } else { "-1" }}
            data-hint={state.hint.map(Hint::attr)}
            data-selected={state.selected.then_some("")}
            data-last={cell.last.then_some("")}
            data-highlight={cell.highlight.then_some("")}
            data-mark={cell.mark.or(state.prompt)}
            data-number={cell.number.map(|n| n.to_string())}
            data-star={state.star.then_some("")}
            data-motion={state.motion.as_ref().map(|m| m.0)}
            data-pending={state.pending.then_some("")}
            style={format!("{}; {}", grid_area((x, y)), state.motion.as_ref().map_or("", |m| m.1.as_str()))}
            class={classes!("cell", ((x + y) % 2 == 1).then_some("odd"))}>
            { for cell.piece.as_ref().map(|p| piece(p, state.movable.then_some("true"), state.lifted)) }
            { for state.preview.as_ref().map(|p| picture(p, if state.pending { "pending" } else { "preview" })) }
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

/// The hand's place while there is no piece to give (the other side's turn, the end), in a game
/// that gives pieces from one: kept, so that the board never moves.
pub fn kept_hand_place(view: &BoardView) -> Option<Html> {
    view.hand_place.then(|| html! { <div class="hand" aria-hidden="true"></div> })
}

/// What a tapped placement waits for, in words on the screen, above the board (so that it moves
/// nothing); a screen reader hears it with the cell from `data-pending-said`.
pub fn tap_again(view: &BoardView, pending: Option<Pos>) -> Html {
    html! {
        if pending.is_some() { <p class="tap-again" aria-hidden="true">{ view.tap_again }</p> }
    }
}
