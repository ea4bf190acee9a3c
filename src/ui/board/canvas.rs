//! The board drawn on a `<canvas>`: stones on the points of a lined board, crisp on high-DPI
//! screens, with a translucent shadow stone under the pointer. It takes the same view and
//! gives the same actions as the DOM board, so a game can switch between them at any moment.

use super::{BoardAction, BoardView, Key, Pos, Source};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, DragEvent, HtmlCanvasElement, KeyboardEvent, PointerEvent};
use yew::prelude::*;

/// The board's margin around the outer points, in cells.
const MARGIN: f64 = 0.75;

/// Colours of the owners' stones: fill, then edge.
fn stone_colours(owner: &str) -> (&'static str, &'static str) {
    match owner {
        "white" => ("#f4f2ec", "#8a857a"),
        _ => ("#1f2328", "#000000"),
    }
}

/// The drawing: board, lines, stones, marks and the shadow stone.
fn draw(canvas: &HtmlCanvasElement, view: &BoardView, numbers: bool, hover: Option<Pos>, focus: Option<Pos>) {
    let css = f64::from(canvas.client_width());
    let ratio = gloo::utils::window().device_pixel_ratio();
    let pixels = (css * ratio).round() as u32;
    if canvas.width() != pixels {
        canvas.set_width(pixels);
        canvas.set_height(pixels);
    }
    let Some(context) = canvas.get_context("2d").ok().flatten() else { return };
    let Ok(ctx) = context.dyn_into::<CanvasRenderingContext2d>() else { return };
    let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    let points = view.columns as f64;
    let cell = css / (points - 1.0 + 2.0 * MARGIN);
    let at = |i: usize| (MARGIN + i as f64) * cell;

    ctx.set_fill_style_str("#e3bd7c");
    ctx.fill_rect(0.0, 0.0, css, css);
    ctx.set_stroke_style_str("#5c3a1a");
    ctx.set_line_width(1.0);
    for i in 0..view.columns {
        ctx.begin_path();
        ctx.move_to(at(i), at(0));
        ctx.line_to(at(i), at(view.rows - 1));
        ctx.move_to(at(0), at(i));
        ctx.line_to(at(view.columns - 1), at(i));
        ctx.stroke();
    }
    let circle = |x: usize, y: usize, radius: f64| {
        ctx.begin_path();
        let _ = ctx.arc(at(x), at(y), radius, 0.0, std::f64::consts::TAU);
    };
    for y in 0..view.rows {
        for x in 0..view.columns {
            let Some(cell_view) = view.cell((x, y)) else { continue };
            if let Some(piece) = &cell_view.piece {
                let (fill, edge) = stone_colours(piece.owner);
                circle(x, y, cell * 0.44);
                ctx.set_fill_style_str(fill);
                ctx.fill();
                ctx.set_stroke_style_str(if cell_view.highlight { "#f6c90e" } else { edge });
                ctx.set_line_width(if cell_view.highlight { 3.0 } else { 1.0 });
                ctx.stroke();
                if let Some(number) = cell_view.number.filter(|_| numbers) {
                    // The last stone's number in red, the others in the colour that reads on the stone.
                    let ink = if cell_view.last {
                        "#d7263d"
                    } else if piece.owner == "black" {
                        "#ffffff"
                    } else {
                        "#1f2328"
                    };
                    ctx.set_fill_style_str(ink);
                    // Whole pixels: formatting a float would bring float printing into the page.
                    ctx.set_font(&format!("{}px sans-serif", (cell * 0.42).round() as i32));
                    ctx.set_text_align("center");
                    ctx.set_text_baseline("middle");
                    let _ = ctx.fill_text(&number.to_string(), at(x), at(y));
                } else if cell_view.last {
                    circle(x, y, cell * 0.12);
                    ctx.set_fill_style_str("#d7263d");
                    ctx.fill();
                }
            } else if cell_view.mark.is_some() {
                ctx.set_fill_style_str("#b3261e");
                ctx.set_font(&format!("bold {}px sans-serif", (cell * 0.6).round() as i32));
                ctx.set_text_align("center");
                ctx.set_text_baseline("middle");
                let _ = ctx.fill_text("×", at(x), at(y));
            }
        }
    }
    // The shadow stone: where the next stone would go.
    if let (Some((x, y)), Some(hand)) = (hover, &view.hand)
        && view.cell((x, y)).is_some_and(|c| c.piece.is_none())
        && view.is_target((x, y))
    {
        circle(x, y, cell * 0.44);
        ctx.set_global_alpha(0.4);
        ctx.set_fill_style_str(stone_colours(hand.piece.owner).0);
        ctx.fill();
        ctx.set_global_alpha(1.0);
    }
    if let Some((x, y)) = focus {
        ctx.set_stroke_style_str("#2f6fdf");
        ctx.set_line_width(2.0);
        ctx.stroke_rect(at(x) - cell / 2.0, at(y) - cell / 2.0, cell, cell);
    }
}

/// The point nearest to a position on the canvas, in CSS pixels.
fn point_at(canvas: &HtmlCanvasElement, view: &BoardView, x: f64, y: f64) -> Option<Pos> {
    let cell = f64::from(canvas.client_width()) / (view.columns as f64 - 1.0 + 2.0 * MARGIN);
    let index = |v: f64| {
        let i = (v / cell - MARGIN).round();
        (0.0..view.columns as f64).contains(&i).then_some(i as usize)
    };
    Some((index(x)?, index(y)?))
}

#[derive(Properties, PartialEq)]
pub struct CanvasBoardProps {
    pub view: std::rc::Rc<BoardView>,
    pub on_action: Callback<BoardAction>,
    pub interactive: bool,
    #[prop_or_default]
    pub numbers: bool,
}

#[component]
pub fn CanvasBoard(props: &CanvasBoardProps) -> Html {
    let view = props.view.clone();
    let interactive = props.interactive;
    let canvas_ref = use_node_ref();
    let hover = use_state_eq(|| None::<Pos>);
    let focus = use_state_eq(|| None::<Pos>);
    // A touch tap acts on pointerup, as on the DOM board; a click the browser may add is its echo.
    let swallow_click = use_mut_ref(|| false);
    // A touch drag of the bowl's stone: where it started, and whether it has moved yet.
    let bowl_touch = use_mut_ref(|| None::<((i32, i32), bool)>);
    let hand_ref = use_node_ref();

    {
        let canvas_ref = canvas_ref.clone();
        use_effect_with(
            (view.clone(), props.numbers, *hover, *focus),
            move |(view, numbers, hover, focus)| {
                if let Some(canvas) = canvas_ref.cast::<HtmlCanvasElement>() {
                    draw(&canvas, view, *numbers, *hover, *focus);
                }
            },
        );
    }

    let activate = {
        let on_action = props.on_action.clone();
        let view = view.clone();
        move |pos: Pos| {
            if interactive && view.is_target(pos) {
                on_action.emit(BoardAction::Activate(pos));
            }
        }
    };
    let locate = {
        let canvas_ref = canvas_ref.clone();
        let view = view.clone();
        move |e: &MouseEvent| {
            let canvas = canvas_ref.cast::<HtmlCanvasElement>()?;
            point_at(&canvas, &view, f64::from(e.offset_x()), f64::from(e.offset_y()))
        }
    };
    let onclick = {
        let activate = activate.clone();
        let locate = locate.clone();
        let swallow_click = swallow_click.clone();
        Callback::from(move |e: MouseEvent| {
            let swallowed = std::mem::take(&mut *swallow_click.borrow_mut());
            if let Some(pos) = locate(&e).filter(|_| !swallowed) {
                activate(pos);
            }
        })
    };
    let onpointerdown = {
        let swallow_click = swallow_click.clone();
        Callback::from(move |_: PointerEvent| *swallow_click.borrow_mut() = false)
    };
    let onpointerup = {
        let activate = activate.clone();
        let locate = locate.clone();
        Callback::from(move |e: PointerEvent| {
            if e.pointer_type() == "mouse" {
                return;
            }
            *swallow_click.borrow_mut() = true;
            if let Some(pos) = locate(&e) {
                activate(pos);
            }
        })
    };
    let onmousemove = {
        let hover = hover.clone();
        let locate = locate.clone();
        Callback::from(move |e: MouseEvent| hover.set(locate(&e)))
    };
    let onmouseleave = {
        let hover = hover.clone();
        Callback::from(move |_: MouseEvent| hover.set(None))
    };
    // The bowl's stone dropped on the canvas: only the board's own drag data counts.
    let ondragover = {
        let hover = hover.clone();
        let locate = locate.clone();
        Callback::from(move |e: DragEvent| {
            let ours = e.data_transfer().is_some_and(|t| t.types().includes(&super::DRAG_TYPE.into(), 0));
            if ours {
                e.prevent_default();
                hover.set(locate(&e));
            }
        })
    };
    let ondrop = {
        let activate = activate.clone();
        let locate = locate.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            let data = e.data_transfer().and_then(|t| t.get_data(super::DRAG_TYPE).ok());
            if data.as_deref().and_then(Source::parse) == Some(Source::Hand)
                && let Some(pos) = locate(&e)
            {
                activate(pos);
            }
        })
    };
    let onkeydown = {
        let activate = activate.clone();
        let focus = focus.clone();
        let (columns, rows) = (view.columns, view.rows);
        Callback::from(move |e: KeyboardEvent| {
            let at = (*focus).unwrap_or((columns / 2, rows / 2));
            let Some(key) = Key::read(&e.key(), at, columns, rows) else { return };
            e.prevent_default();
            match key {
                Key::Focus(next) => focus.set(Some(next)),
                Key::Act => activate(at),
                Key::Cancel => focus.set(None),
            }
        })
    };

    // The bowl, as on the DOM board: its stone carries the same drag data.
    let ondragstart = Callback::from(|e: DragEvent| {
        if let Some(transfer) = e.data_transfer() {
            let _ = transfer.set_data(super::DRAG_TYPE, &Source::Hand.encode());
            transfer.set_effect_allowed("move");
        }
    });
    // Touch: the stone follows the finger as the canvas's shadow stone, and lands on release.
    let under_finger = {
        let canvas_ref = canvas_ref.clone();
        let view = view.clone();
        move |e: &PointerEvent| {
            let canvas = canvas_ref.cast::<HtmlCanvasElement>()?;
            let rect = canvas.get_bounding_client_rect();
            let (x, y) = (f64::from(e.client_x()) - rect.left(), f64::from(e.client_y()) - rect.top());
            point_at(&canvas, &view, x, y)
        }
    };
    let onhanddown = {
        let bowl_touch = bowl_touch.clone();
        let hand_ref = hand_ref.clone();
        Callback::from(move |e: PointerEvent| {
            if e.pointer_type() == "mouse" || !e.is_primary() {
                return;
            }
            if let Some(hand) = hand_ref.cast::<web_sys::Element>() {
                let _ = hand.set_pointer_capture(e.pointer_id());
            }
            *bowl_touch.borrow_mut() = Some(((e.client_x(), e.client_y()), false));
        })
    };
    let onhandmove = {
        let bowl_touch = bowl_touch.clone();
        let hover = hover.clone();
        let under_finger = under_finger.clone();
        Callback::from(move |e: PointerEvent| {
            let mut touch = bowl_touch.borrow_mut();
            let Some(((x0, y0), moved)) = touch.as_mut() else { return };
            *moved |= (e.client_x() - *x0).abs().max((e.client_y() - *y0).abs()) >= super::DRAG_THRESHOLD;
            if *moved {
                hover.set(under_finger(&e));
            }
        })
    };
    let onhandup = {
        let bowl_touch = bowl_touch.clone();
        let hover = hover.clone();
        let activate = activate.clone();
        Callback::from(move |e: PointerEvent| {
            let touch = bowl_touch.borrow_mut().take();
            hover.set(None);
            if let (Some((_, true)), Some(pos)) = (touch, under_finger(&e)) {
                activate(pos);
            }
        })
    };
    let onhandcancel = {
        let hover = hover.clone();
        Callback::from(move |_: PointerEvent| {
            bowl_touch.borrow_mut().take();
            hover.set(None);
        })
    };
    let hand = view.hand.as_ref().filter(|_| interactive).map(|hand| html! {
        <div class="hand" data-hand={hand.side} aria-label={hand.label.clone()} title={hand.label.clone()} ref={hand_ref}
            {ondragstart} onpointerdown={onhanddown} onpointermove={onhandmove} onpointerup={onhandup}
            onpointercancel={onhandcancel}>
            { hand.piece.render(Some("true"), false) }
        </div>
    });

    html! {
        <div class="board-area">
            { for hand }
            <canvas data-board="" data-renderer="canvas" role="img" tabindex="0" ref={canvas_ref}
                class={classes!("canvas-board", (!interactive).then_some("inert"))}
                aria-label={view.label.clone()}
                {onclick} {onmousemove} {onmouseleave} {ondragover} {ondrop} {onkeydown} {onpointerdown} {onpointerup}></canvas>
        </div>
    }
}
