//! The board drawn on a `<canvas>`, crisp on high-DPI screens: any size of board, of squares or
//! of points, with every piece, hint, mark and path the DOM board shows. Pointer input of every
//! kind (mouse, touch, pen) goes through the shared contact handling, since a canvas has no
//! elements to click or drag.

use super::BoardProps;
use super::input::{DRAG_TYPE, Input, Source, settle, use_input};
use super::motion::{Motion, use_motions};
use super::piece::piece;
use crate::i18n::Side;
use crate::ui::model::{BoardView, Hint, Piece, Pos, Surface};
use std::cell::RefCell;
use std::f64::consts::TAU;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, DragEvent, Element, HtmlCanvasElement, KeyboardEvent, PointerEvent};
use yew::prelude::*;

/// How far the outer points or squares' centres sit from the edge, in cells: on a lined board
/// a whole cell, whose outer part holds the coordinates.
fn inset(surface: Surface) -> f64 {
    if surface == Surface::Points { 1.0 } else { 0.5 }
}

/// The board's length along `count` cells, in cells; times four it is a whole number, for the
/// canvas's aspect ratio without printing a float.
fn span(surface: Surface, count: usize) -> f64 {
    count as f64 - 1.0 + 2.0 * inset(surface)
}

/// A side's colours: fill, edge, and the ink that reads on the fill.
fn colours(side: Side) -> (&'static str, &'static str, &'static str) {
    match side {
        Side::Red => ("#c0392b", "#7b1c12", "#fff7e6"),
        Side::Yellow => ("#f6c90e", "#a68400", "#1f2328"),
        Side::White | Side::Second => ("#f4f2ec", "#8a857a", "#1f2328"),
        Side::Black | Side::First => ("#1f2328", "#000000", "#ffffff"),
    }
}

/// A drawing of one board on one canvas.
struct Drawing<'a> {
    ctx: CanvasRenderingContext2d,
    view: &'a BoardView,
    cell: f64,
    offset: f64,
}

impl Drawing<'_> {
    fn centre(&self, (x, y): Pos) -> (f64, f64) {
        ((self.offset + x as f64) * self.cell, (self.offset + y as f64) * self.cell)
    }

    fn circle(&self, pos: Pos, radius: f64) {
        let (x, y) = self.centre(pos);
        self.ctx.begin_path();
        let _ = self.ctx.arc(x, y, radius * self.cell, 0.0, TAU);
    }

    fn ring(&self, pos: Pos, radius: f64, colour: &str, width: f64) {
        self.circle(pos, radius);
        self.ctx.set_stroke_style_str(colour);
        self.ctx.set_line_width(width);
        self.ctx.stroke();
    }

    fn text(&self, pos: Pos, words: &str, ink: &str, size: f64) {
        let (x, y) = self.centre(pos);
        self.ctx.set_fill_style_str(ink);
        // Whole pixels: formatting a float would bring float printing into the page.
        let px = (self.cell * size).round() as i32;
        self.ctx.set_font(&format!("bold {px}px \"Noto Serif TC\", \"Board Glyphs\", serif"));
        self.ctx.set_text_align("center");
        self.ctx.set_text_baseline("middle");
        let _ = self.ctx.fill_text(words, x, y);
    }

    fn surface(&self, width: f64, height: f64) {
        let (ctx, view, cell) = (&self.ctx, self.view, self.cell);
        let light = if view.surface == Surface::Points { "#e3bd7c" } else { "#f0d9b5" };
        ctx.set_fill_style_str(light);
        ctx.fill_rect(0.0, 0.0, width, height);
        ctx.set_stroke_style_str("#5c3a1a");
        // Lines thicken with the board's scale, as on the DOM board.
        ctx.set_line_width((cell / 40.0).round().max(1.0));
        match view.surface {
            Surface::Points => {
                let (left, top) = self.centre((0, 0));
                let (right, bottom) = self.centre((view.columns - 1, view.rows - 1));
                ctx.begin_path();
                for x in 0..view.columns {
                    let (at, _) = self.centre((x, 0));
                    ctx.move_to(at, top);
                    ctx.line_to(at, bottom);
                }
                for y in 0..view.rows {
                    let (_, at) = self.centre((0, y));
                    ctx.move_to(left, at);
                    ctx.line_to(right, at);
                }
                ctx.stroke();
            }
            Surface::Squares | Surface::Checkered => {
                for y in 0..view.rows {
                    for x in 0..view.columns {
                        let (cx, cy) = (x as f64 * cell, y as f64 * cell);
                        if view.surface == Surface::Checkered && (x + y) % 2 == 1 {
                            ctx.set_fill_style_str("#b58863");
                            ctx.fill_rect(cx, cy, cell, cell);
                        }
                        ctx.stroke_rect(cx, cy, cell, cell);
                    }
                }
            }
        }
    }

    /// The star points: small dots where the lines cross, under the stones.
    fn stars(&self) {
        for &pos in &self.view.stars {
            self.circle(pos, 0.1);
            self.ctx.set_fill_style_str("#5c3a1a");
            self.ctx.fill();
        }
    }

    /// The coordinates, under the pieces: on lined boards in the margin beside the outer
    /// lines, centred on their points; on squares in a corner of the edge cells, as the DOM
    /// board shows them.
    fn coordinates(&self) {
        let (ctx, view, cell) = (&self.ctx, self.view, self.cell);
        let points = view.surface == Surface::Points;
        // Whole pixels, as for the pieces' text; a cell's own number smaller, to fit its corner.
        let font = |size: f64| format!("600 {}px system-ui, sans-serif", (cell * size).round() as i32);
        let (edge_font, corner_font) = (font(if points { 0.3 } else { 0.22 }), font(0.17));
        let pad = cell * 0.06;
        for y in 0..view.rows {
            for x in 0..view.columns {
                let (cx, cy) = self.centre((x, y));
                let dark = view.surface == Surface::Checkered && (x + y) % 2 == 1;
                ctx.set_fill_style_str(if dark { "#f0d9b5" } else { "rgb(60 35 10 / .8)" });
                let [file, rank, corner] = view.coordinates((x, y));
                let (half, write) =
                    (cell / 2.0, |words: &str, x: f64, y: f64, align: &str, baseline: &str| {
                        ctx.set_text_align(align);
                        ctx.set_text_baseline(baseline);
                        let _ = ctx.fill_text(words, x, y);
                    });
                ctx.set_font(&edge_font);
                if let Some(file) = file {
                    if points {
                        write(file, cx, cy + cell * 0.7, "center", "middle");
                    } else {
                        write(file, cx + half - pad, cy + half - pad, "right", "bottom");
                    }
                }
                if let Some(rank) = rank {
                    if points {
                        write(rank, cx - cell * 0.7, cy, "center", "middle");
                    } else {
                        write(rank, cx - half + pad, cy - half + pad, "left", "top");
                    }
                }
                if let Some(corner) = corner {
                    ctx.set_font(&corner_font);
                    write(corner, cx - half + pad * 0.7, cy - half + pad * 0.5, "left", "top");
                }
            }
        }
    }

    fn piece(&self, pos: Pos, piece: &Piece, alpha: f64) {
        self.ctx.set_global_alpha(alpha);
        self.circle(pos, 0.42);
        let (fill, edge, ink, glyph) = match *piece {
            Piece::FaceDown => ("#8d6e63", "#4e342e", "", ""),
            Piece::FaceUp { owner, glyph, .. } => {
                let (fill, edge, ink) = colours(owner);
                (fill, edge, ink, glyph)
            }
        };
        self.ctx.set_fill_style_str(fill);
        self.ctx.fill();
        self.ring(pos, 0.42, edge, 1.0);
        if !glyph.is_empty() {
            self.text(pos, glyph, ink, 0.48);
        }
        self.ctx.set_global_alpha(1.0);
    }

    fn path(&self) {
        let ctx = &self.ctx;
        ctx.set_stroke_style_str("rgb(47 111 223 / .8)");
        ctx.set_fill_style_str("rgb(47 111 223 / .8)");
        ctx.set_line_width(self.cell * 0.08);
        for &(from, to) in &self.view.path {
            let ((x1, y1), (x2, y2)) = (self.centre(from), self.centre(to));
            ctx.begin_path();
            ctx.move_to(x1, y1);
            ctx.line_to(x2, y2);
            ctx.stroke();
            // The head: a triangle at the far end, along the leg.
            let (dx, dy) = (x2 - x1, y2 - y1);
            let length = dx.hypot(dy).max(1.0);
            let (ux, uy) = (dx / length * self.cell * 0.25, dy / length * self.cell * 0.25);
            ctx.begin_path();
            ctx.move_to(x2, y2);
            ctx.line_to(x2 - ux - uy * 0.6, y2 - uy + ux * 0.6);
            ctx.line_to(x2 - ux + uy * 0.6, y2 - uy - ux * 0.6);
            ctx.fill();
        }
    }
}

/// Where the piece at `pos` is drawn while `motions` play, `t` (0 to 1) of the way: its offset
/// in cells and its scale; `None` for a piece at rest.
fn moving(motions: &[Motion], pos: Pos, t: f64) -> Option<(f64, f64, f64)> {
    let eased = 1.0 - (1.0 - t) * (1.0 - t);
    motions.iter().find_map(|motion| match motion {
        Motion::Slide(path) if path.last() == Some(&pos) && path.len() > 1 => {
            let along = eased * (path.len() - 1) as f64;
            let leg = (along as usize).min(path.len() - 2);
            let (a, b, f) = (path[leg], path[leg + 1], along - leg as f64);
            let at = |from: usize, to: usize, here: usize| {
                from as f64 + (to as f64 - from as f64) * f - here as f64
            };
            Some((at(a.0, b.0, pos.0), at(a.1, b.1, pos.1), 1.0))
        }
        // Falling with gravity: slowly, then faster.
        Motion::Fall(at) if *at == pos => Some((0.0, -(pos.1 as f64 + 1.0) * (1.0 - t * t), 1.0)),
        Motion::Place(at) | Motion::Turn(at) if *at == pos => Some((0.0, 0.0, 1.3 - 0.3 * eased)),
        _ => None,
    })
}

/// Draws the board as the input state shows it; `animation`, the motions of the last change
/// and how far along they are.
fn draw(
    canvas: &HtmlCanvasElement,
    input: &Input,
    numbers: bool,
    coordinates: bool,
    animation: Option<(&[Motion], f64)>,
) {
    let view = input.view();
    let width = f64::from(canvas.client_width());
    let cell = width / span(view.surface, view.columns);
    let height = cell * span(view.surface, view.rows);
    let ratio = gloo::utils::window().device_pixel_ratio();
    let (pixels_x, pixels_y) = ((width * ratio).round() as u32, (height * ratio).round() as u32);
    if canvas.width() != pixels_x || canvas.height() != pixels_y {
        canvas.set_width(pixels_x);
        canvas.set_height(pixels_y);
    }
    let Some(Ok(ctx)) =
        canvas.get_context("2d").ok().flatten().map(|c| c.dyn_into::<CanvasRenderingContext2d>())
    else {
        return;
    };
    let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    let drawing = Drawing { ctx, view, cell, offset: inset(view.surface) };
    drawing.surface(width, height);
    drawing.stars();
    if coordinates {
        drawing.coordinates();
    }
    let dragged = match *input.dragging {
        Some(Source::Cell(pos)) => Some(pos),
        _ => None,
    };
    let mut in_motion = Vec::new();
    for y in 0..view.rows {
        for x in 0..view.columns {
            let pos = (x, y);
            let Some(cell) = view.cell(pos) else { continue };
            let mark = cell.mark.or_else(|| view.prompts.iter().find(|p| p.0 == pos).map(|p| p.1));
            // A moving piece is drawn over the others, after them.
            if let (Some(piece), Some((dx, dy, scale))) =
                (&cell.piece, animation.and_then(|(motions, t)| moving(motions, pos, t)))
            {
                in_motion.push((pos, piece, dx, dy, scale));
                continue;
            }
            if let Some(piece) = &cell.piece {
                drawing.piece(pos, piece, if dragged == Some(pos) { 0.4 } else { 1.0 });
                if cell.highlight {
                    drawing.ring(pos, 0.46, "#f6c90e", 3.0);
                }
                if mark.is_some() {
                    drawing.ring(pos, 0.5, "#e8710a", 2.0);
                }
                let ink = match piece {
                    Piece::FaceUp { owner, .. } => colours(*owner).2,
                    Piece::FaceDown => "#ffffff",
                };
                match cell.number.filter(|_| numbers) {
                    // The last stone's number in red, the others in the ink that reads on it.
                    Some(number) => {
                        drawing.text(pos, &number.to_string(), if cell.last { "#d7263d" } else { ink }, 0.42)
                    }
                    // A dot on a plain stone; a ring round a piece with a character on it.
                    None if cell.last && matches!(piece, Piece::FaceUp { glyph: "", .. }) => {
                        drawing.circle(pos, 0.12);
                        drawing.ctx.set_fill_style_str("#d7263d");
                        drawing.ctx.fill();
                    }
                    None if cell.last => drawing.ring(pos, 0.47, "#d7263d", 2.0),
                    None => {}
                }
            } else {
                if mark.is_some() {
                    drawing.text(pos, "×", "#b3261e", 0.6);
                }
                if cell.last {
                    drawing.ring(pos, 0.3, "#d7263d", 2.0);
                }
            }
            if input.selected == Some(pos) {
                drawing.ring(pos, 0.47, "#2f6fdf", 3.0);
            }
            match input.hint(pos) {
                Some(Hint::Move) => {
                    drawing.circle(pos, 0.14);
                    drawing.ctx.set_fill_style_str("rgb(20 85 30 / .55)");
                    drawing.ctx.fill();
                }
                Some(Hint::Capture) => drawing.ring(pos, 0.45, "rgb(20 85 30 / .7)", 4.0),
                None => {}
            }
        }
    }
    // Pieces taken fade where they were; moving ones pass over the rest.
    if let Some((motions, t)) = animation {
        for motion in motions {
            if let Motion::Taken(pos, piece) = motion {
                drawing.piece(*pos, piece, 1.0 - t);
            }
        }
    }
    for (pos, piece, dx, dy, scale) in in_motion {
        let ctx = &drawing.ctx;
        let (x, y) = drawing.centre(pos);
        ctx.save();
        let _ = ctx.translate(x + dx * cell, y + dy * cell);
        let _ = ctx.scale(scale, scale);
        let _ = ctx.translate(-x, -y);
        drawing.piece(pos, piece, 1.0);
        ctx.restore();
    }
    drawing.path();
    // The piece in hand where it would land, and a dragged piece where it is over; a tapped
    // placement waiting for its second tap, ringed.
    if let (Some(pos), Some(hand)) = (input.pending().or(input.preview()), &view.hand) {
        drawing.piece(pos, &hand.piece, if input.pending().is_some() { 0.55 } else { 0.4 });
    }
    if let Some(pos) = input.pending() {
        drawing.ring(pos, 0.5, "#2f6fdf", 3.0);
    }
    if let (Some(from), Some(over)) = (dragged, *input.hover)
        && let Some(piece) = view.cell(from).and_then(|c| c.piece.as_ref())
    {
        drawing.piece(over, piece, 0.7);
    }
    // The focus square, but where a tapped placement's own ring marks the point.
    if let Some((x, y)) = (*input.focus).filter(|&at| input.pending() != Some(at)) {
        let (cx, cy) = drawing.centre((x, y));
        drawing.ctx.set_stroke_style_str("#2f6fdf");
        drawing.ctx.set_line_width(2.0);
        drawing.ctx.stroke_rect(cx - cell / 2.0, cy - cell / 2.0, cell, cell);
    }
}

/// The cell under a point of the screen, if it is on the canvas.
fn cell_at(canvas: &NodeRef, view: &BoardView, e: &MouseEvent) -> Option<Pos> {
    let canvas = canvas.cast::<Element>()?;
    let rect = canvas.get_bounding_client_rect();
    let cell = rect.width() / span(view.surface, view.columns);
    let index = |v: f64, count: usize| {
        let i = (v / cell - inset(view.surface)).round();
        (0.0..count as f64).contains(&i).then_some(i as usize)
    };
    let (x, y) = (f64::from(e.client_x()) - rect.left(), f64::from(e.client_y()) - rect.top());
    Some((index(x, view.columns)?, index(y, view.rows)?))
}

/// The size of the canvas's cells on screen (CSS px).
fn cell_size(canvas: &NodeRef, view: &BoardView) -> f64 {
    canvas.cast::<Element>().map_or(f64::INFINITY, |canvas| {
        canvas.get_bounding_client_rect().width() / span(view.surface, view.columns)
    })
}

/// How long motions take, in ms.
const MOTION_MS: f64 = 280.0;

/// The motions being played, and when they began.
type Playing = Rc<RefCell<Option<(Rc<Vec<Motion>>, f64)>>>;

/// Draws a frame, and the next one a display frame later while motions play.
fn frame(canvas_ref: NodeRef, input: Input, (numbers, coordinates): (bool, bool), playing: Playing) {
    let Some(canvas) = canvas_ref.cast::<HtmlCanvasElement>() else { return };
    let shown = playing.borrow().clone();
    // Motions played to their end stay as they are, drawn at rest.
    let t = shown.as_ref().map(|(_, start)| (js_sys::Date::now() - start) / MOTION_MS).filter(|&t| t < 1.0);
    draw(&canvas, &input, numbers, coordinates, shown.as_ref().zip(t).map(|((m, _), t)| (m.as_slice(), t)));
    if t.is_some() {
        gloo::timers::callback::Timeout::new(16, move || {
            // Still these motions: not replaced or ended by input since.
            let same =
                playing.borrow().as_ref().zip(shown.as_ref()).is_some_and(|(a, b)| Rc::ptr_eq(&a.0, &b.0));
            if same {
                frame(canvas_ref, input, (numbers, coordinates), playing);
            }
        })
        .forget();
    }
}

#[component]
pub fn CanvasBoard(props: &BoardProps) -> Html {
    let input =
        use_input(props.view.clone(), props.interactive, props.on_action.clone(), props.on_select.clone());
    let canvas_ref = use_node_ref();
    let hand_ref = use_node_ref();
    let motions = use_motions(props.view.clone(), props.moving, &props.on_motion);
    // The motions being played, and when they began (ms).
    let playing = use_mut_ref(|| None::<(Rc<Vec<Motion>>, f64)>);
    {
        let (canvas_ref, input) = (canvas_ref.clone(), input.clone());
        let motions = motions.clone();
        let drawn = (
            props.view.clone(),
            (props.numbers, props.coordinates),
            *input.hover,
            *input.focus,
            input.selected,
            *input.dragging,
            input.pending(),
        );
        let playing = playing.clone();
        use_effect_with(drawn, move |(_, (numbers, coordinates), ..)| {
            // New motions start playing; anything else redraws, the motions where they are.
            {
                let mut playing = playing.borrow_mut();
                if playing.as_ref().is_none_or(|(shown, _)| !Rc::ptr_eq(shown, &motions)) {
                    *playing = Some((motions.clone(), js_sys::Date::now()));
                }
            }
            frame(canvas_ref, input, (*numbers, *coordinates), playing);
        });
    }
    let view = input.view();
    let on = |act: fn(&Input, &NodeRef, PointerEvent)| {
        let (input, canvas_ref) = (input.clone(), canvas_ref.clone());
        Callback::from(move |e: PointerEvent| act(&input, &canvas_ref, e))
    };

    // Every pointer, the mouse too: a press on a movable piece may become a drag.
    let onpointerdown = on(|input, canvas, e| {
        settle();
        let here = cell_at(canvas, input.view(), &e);
        let source = here.filter(|&pos| input.view().moves_from(pos).next().is_some()).map(Source::Cell);
        input.press(&e, canvas.cast(), source, true, || cell_size(canvas, input.view()));
    });
    let onpointermove = on(|input, canvas, e| {
        let here = cell_at(canvas, input.view(), &e);
        if !input.in_contact() {
            input.hover.set(here);
        } else {
            input.contact_move(&e, || here);
        }
    });
    let onpointerup = on(|input, canvas, e| input.contact_up(|| cell_at(canvas, input.view(), &e)));
    let onpointercancel = on(|input, _, _| input.contact_cancel());
    let onmouseleave = {
        let input = input.clone();
        Callback::from(move |_: MouseEvent| {
            if !input.in_contact() {
                input.hover.set(None)
            }
        })
    };
    let onkeydown = {
        let input = input.clone();
        Callback::from(move |e: KeyboardEvent| {
            settle();
            if input.key(&e.key(), input.focused()) {
                e.prevent_default();
            }
        })
    };
    // The hand's piece dropped on the canvas: only the board's own drag data counts.
    let ondragover = {
        let (input, canvas_ref) = (input.clone(), canvas_ref.clone());
        Callback::from(move |e: DragEvent| {
            if e.data_transfer().is_some_and(|t| t.types().includes(&DRAG_TYPE.into(), 0)) {
                e.prevent_default();
                input.hover.set(cell_at(&canvas_ref, input.view(), &e));
            }
        })
    };
    let ondrop = {
        let (input, canvas_ref) = (input.clone(), canvas_ref.clone());
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            let data = e.data_transfer().and_then(|t| t.get_data(DRAG_TYPE).ok());
            if data.as_deref().and_then(Source::parse) == Some(Source::Hand)
                && let Some(pos) = cell_at(&canvas_ref, input.view(), &e)
            {
                input.drop(Source::Hand, pos);
            }
        })
    };

    // The hand, as on the DOM board: the mouse drags it with the same drag data, and a finger
    // drags it through the shared contact handling onto the canvas.
    let ondragstart = Callback::from(|e: DragEvent| {
        let _ = Source::Hand.start_drag(&e);
    });
    let onhanddown = {
        let (input, hand_ref) = (input.clone(), hand_ref.clone());
        Callback::from(move |e: PointerEvent| {
            input.press(&e, hand_ref.cast(), Some(Source::Hand), false, || f64::INFINITY)
        })
    };
    let hand = match view.hand.as_ref().filter(|_| input.interactive()) {
        None => super::dom::kept_hand_place(view),
        Some(hand) => Some(html! {
            <div class="hand" role="group" data-hand={hand.side.attr()} aria-label={hand.label.clone()} title={hand.label.clone()} ref={hand_ref}
                {ondragstart} onpointerdown={onhanddown} onpointermove={onpointermove.clone()}
                onpointerup={onpointerup.clone()} onpointercancel={onpointercancel.clone()}>
                { piece(&hand.piece, Some("true"), *input.dragging == Some(Source::Hand)) }
            </div>
        }),
    };
    let quarters = |count| (span(view.surface, count) * 4.0).round() as usize;
    // Its size follows the game's cell size, as the DOM board's does.
    let (across, down) = (quarters(view.columns), quarters(view.rows));
    let shape = format!("--quarters: {across}; aspect-ratio: {across} / {down}");

    // A tapped placement waiting for its second tap, said as the cell and what to do.
    let pending = input.pending();
    let pending_said =
        pending.and_then(|pos| view.cell(pos)).map(|cell| format!("{}. {}", cell.label, view.tap_again));

    html! {
        <div class="board-area">
            { for hand }
            <p class="visually-hidden" aria-live="polite" data-pending-said="">{ pending_said }</p>
            { super::dom::tap_again(view, pending) }
            <canvas data-board="" data-renderer="canvas" role="img" tabindex="0" ref={canvas_ref}
                class={classes!("canvas-board", (!input.interactive()).then_some("inert"))} style={shape}
                aria-label={view.label.clone()}
                {onpointerdown} {onpointermove} {onpointerup} {onpointercancel} {onmouseleave}
                {ondragover} {ondrop} {onkeydown}></canvas>
        </div>
    }
}
