//! Input shared by both renderers: the selection, the keyboard focus, the hovered cell, and
//! touch contacts. Clicks, drags, taps and keys all become the same two [`BoardAction`]s, so a
//! hint or a rule fix works for every kind of input on either board. On cells too small for a
//! finger, a tap that would place a piece first shows it there, pending a second tap.

use crate::ui::effects;
use crate::ui::model::{BoardAction, BoardView, Hint, Pos};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use web_sys::{Element, PointerEvent};
use yew::prelude::*;

/// Where a dragged piece comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Source {
    Cell(Pos),
    Hand,
}

/// The drag data type; anything else dropped on the board is foreign and ignored.
pub const DRAG_TYPE: &str = "application/x-board-suite";

impl Source {
    pub fn encode(self) -> String {
        match self {
            Source::Cell((x, y)) => format!("cell:{x},{y}"),
            Source::Hand => "hand".to_owned(),
        }
    }

    /// Starts an HTML5 drag of this piece: the board's own drag data names it. Whether the
    /// browser took the data.
    pub fn start_drag(self, e: &web_sys::DragEvent) -> bool {
        let Some(transfer) = e.data_transfer() else { return false };
        transfer.set_effect_allowed("move");
        transfer.set_data(DRAG_TYPE, &self.encode()).is_ok()
    }

    /// Reads drag data; foreign or malformed data is `None`.
    pub fn parse(data: &str) -> Option<Source> {
        if data == "hand" {
            return Some(Source::Hand);
        }
        let (x, y) = data.strip_prefix("cell:")?.split_once(',')?;
        Some(Source::Cell((x.parse().ok()?, y.parse().ok()?)))
    }
}

/// The action of dropping a piece from `source` on `to`, if that is legal.
pub fn drop_action(view: &BoardView, source: Source, to: Pos) -> Option<BoardAction> {
    match source {
        Source::Hand => view.is_target(to).then_some(BoardAction::Activate(to)),
        Source::Cell(from) => {
            view.moves_from(from).any(|m| m.1 == to).then_some(BoardAction::Move { from, to })
        }
    }
}

/// The one selection path (a click, a tap or Enter on `pos`): completes a move from the
/// selection, selects a movable piece, or activates a target. Returns the new selection.
pub(super) fn select(
    view: &BoardView,
    selected: Option<Pos>,
    pos: Pos,
) -> (Option<Pos>, Option<BoardAction>) {
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

/// What a key does on a board.
#[derive(Debug, PartialEq)]
pub(super) enum Key {
    /// Move the keyboard focus to this cell.
    Focus(Pos),
    /// Act on the focused cell, as a click would.
    Act,
    /// Drop the selection.
    Cancel,
}

impl Key {
    pub(super) fn read(key: &str, (x, y): Pos, columns: usize, rows: usize) -> Option<Key> {
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

/// Cells smaller than this (CSS px) are too small to hit surely with a finger: a tap there
/// first shows where the piece would go, and a second tap on it plays.
pub const SMALL_CELL: f64 = 36.0;

/// A contact in progress: a tap, or a drag of `source` once it has moved. Touch and pen on
/// both boards (HTML5 drag events never fire for touch, and the browser's own tap-click is not
/// reliable), and the mouse too on the canvas, whose pieces are not elements to drag.
#[derive(Clone, Copy, Debug)]
struct Contact {
    source: Option<Source>,
    start: (i32, i32),
    moved: bool,
    /// A finger on cells too small to hit surely: a tap that would place asks to be confirmed.
    confirm: bool,
}

/// A board's input state and what it does with each input.
#[derive(Clone)]
pub struct Input {
    /// The board drawn: the page's, or the one a move made on it leaves while the page takes
    /// the move in.
    view: Rc<BoardView>,
    /// The page's board.
    given: Rc<BoardView>,
    interactive: bool,
    /// A move drawn before the page has taken it in, and the page's board it was made on: the
    /// click's frame shows the move, and the page's work waits for the paint.
    played: UseStateHandle<Option<(Rc<BoardView>, Rc<BoardView>)>>,
    /// That move while it is on its way, and the input that came meanwhile.
    flight: Rc<RefCell<Flight>>,
    on_action: Callback<BoardAction>,
    selection: UseStateHandle<Option<Pos>>,
    /// The selected piece: the player's choice while it still has moves, or the piece the game
    /// keeps selected.
    pub selected: Option<Pos>,
    /// The keyboard's cell as last drawn.
    pub focus: UseStateHandle<Option<Pos>>,
    /// The keyboard's cell now: keys pressed faster than the board redraws each step from the
    /// last one, not from the cell last drawn.
    focus_now: Rc<Cell<Option<Pos>>>,
    pub hover: UseStateHandle<Option<Pos>>,
    /// The piece a contact is dragging, drawn under the finger.
    pub dragging: UseStateHandle<Option<Source>>,
    /// A tap's placement waiting for a second tap: where the piece would land, on the board it
    /// was tapped on (it lapses once the pieces change).
    pending: UseStateHandle<Option<(Pos, Rc<BoardView>)>>,
    contact: Rc<RefCell<Option<Contact>>>,
    /// A click the browser adds after a contact's end belongs to that contact.
    swallow_click: Rc<RefCell<bool>>,
}

/// A move on its way to the page: handed over once the frame that shows it is painted, or at
/// once when more input comes first, which is then made on the board the page shows next.
#[derive(Default)]
struct Flight {
    action: Option<BoardAction>,
    /// The page's board the move was made on, and the one it shows now: a move made on a board
    /// the page has since replaced (a review left, an answer come) acted on a position no
    /// longer there, and is dropped.
    made_on: Option<Rc<BoardView>>,
    given: Option<Rc<BoardView>>,
    /// The move was handed over and the board not yet drawn again: the input state is the
    /// one from before it.
    handed: bool,
    next: Vec<Later>,
}

/// Input that waits for the board the page shows next.
#[derive(Clone, Copy)]
enum Later {
    Activate(Pos),
    Tap(Pos),
    Drop(Source, Pos),
}

/// The input state of a board showing `view`, acting through `on_action`; `on_select` is told
/// when the player picks up a piece.
#[hook]
pub fn use_input(
    view: Rc<BoardView>,
    interactive: bool,
    on_action: Callback<BoardAction>,
    on_select: Callback<()>,
) -> Input {
    let selection = use_state_eq(|| None::<Pos>);
    let selected =
        (*selection).filter(|&s| view.moves_from(s).next().is_some()).or(view.held).filter(|_| interactive);
    {
        use_effect_with(*selection, move |selection| {
            if selection.is_some() {
                on_select.emit(());
            }
        });
    }
    let flight = use_mut_ref(Flight::default);
    flight.borrow_mut().given = Some(view.clone());
    let played = use_state(|| None::<(Rc<BoardView>, Rc<BoardView>)>);
    let drawn = (*played).as_ref().filter(|(on, _)| Rc::ptr_eq(on, &view)).map(|(_, drawn)| drawn.clone());
    let input = Input {
        view: drawn.unwrap_or_else(|| view.clone()),
        given: view,
        interactive,
        played,
        flight,
        on_action,
        selection,
        selected,
        focus: use_state_eq(|| None),
        focus_now: use_memo((), |_| Cell::new(None)),
        hover: use_state_eq(|| None),
        dragging: use_state_eq(|| None),
        pending: use_state(|| None),
        contact: use_mut_ref(|| None),
        swallow_click: use_mut_ref(|| false),
    };
    {
        // Input that came while a move was on its way is made once the page has drawn again.
        let input = input.clone();
        use_effect(move || input.catch_up());
    }
    input
}

impl Input {
    pub fn view(&self) -> &BoardView {
        &self.view
    }

    /// The board drawn, shared.
    pub fn shown(&self) -> Rc<BoardView> {
        self.view.clone()
    }

    pub fn interactive(&self) -> bool {
        self.interactive
    }

    /// Whether the board drawn is a move the page has yet to take in.
    pub fn played(&self) -> bool {
        !Rc::ptr_eq(&self.view, &self.given)
    }

    /// Hands the move on its way to the page, if one is.
    fn land(&self) {
        land(&self.flight, &self.on_action, &self.played);
    }

    /// Whether `input` must wait for the board the page shows next: it came while a move was
    /// on its way, which is handed over now.
    fn waits(&self, input: Later) -> bool {
        let mut flight = self.flight.borrow_mut();
        if flight.action.is_none() && !flight.handed {
            return false;
        }
        flight.next.push(input);
        drop(flight);
        self.land();
        true
    }

    /// Makes the input that waited for the page's board, once it is drawn.
    fn catch_up(&self) {
        let mut flight = self.flight.borrow_mut();
        if flight.action.is_some() {
            return;
        }
        flight.handed = false;
        let next = std::mem::take(&mut flight.next);
        drop(flight);
        for input in next {
            match input {
                Later::Activate(pos) => self.activate(pos),
                Later::Tap(pos) => self.tap(pos),
                Later::Drop(source, to) => self.drop(source, to),
            }
        }
    }

    /// The cell the keyboard starts from: the focused one, else the middle of the top row.
    pub fn focused(&self) -> Pos {
        self.focus_now.get().unwrap_or((self.view.columns / 2, 0))
    }

    /// Moves the keyboard's cell to `pos`.
    pub fn set_focus(&self, pos: Pos) {
        self.focus_now.set(Some(pos));
        self.focus.set(Some(pos));
    }

    /// Follows a focus the DOM moved (a press, Tab, a screen reader): the keys step from it at
    /// once, and the roving tab stop is drawn there once the frame is painted, since a press
    /// goes on to a click whose own drawing shows it.
    pub fn follow_focus(&self, pos: Pos) {
        self.focus_now.set(Some(pos));
        let (focus, now) = (self.focus.clone(), self.focus_now.clone());
        // Unless a key has moved it on meanwhile.
        crate::ui::js::after_paint(move || {
            if now.get() == Some(pos) {
                focus.set(Some(pos));
            }
        });
    }

    fn perform(&self, (selection, action): (Option<Pos>, Option<BoardAction>)) {
        if self.pending.is_some() {
            self.pending.set(None);
        }
        self.selection.set(selection);
        let Some(action) = action else { return };
        match drawn_after(&self.view, action) {
            Some(drawn) => {
                self.played.set(Some((self.given.clone(), Rc::new(drawn))));
                let mut flight = self.flight.borrow_mut();
                (flight.action, flight.made_on) = (Some(action), Some(self.given.clone()));
                drop(flight);
                let (flight, on_action, played) =
                    (self.flight.clone(), self.on_action.clone(), self.played.clone());
                crate::ui::js::after_paint(move || land(&flight, &on_action, &played));
            }
            None => self.on_action.emit(action),
        }
    }

    /// Picks up the piece on `pos`, as a drag does.
    pub fn pick_up(&self, pos: Pos) {
        self.selection.set(Some(pos));
    }

    /// A click, a tap or Enter on a cell.
    pub fn activate(&self, pos: Pos) {
        if self.interactive && !self.waits(Later::Activate(pos)) {
            self.set_focus(pos);
            self.perform(select(&self.view, self.selected, pos));
        }
    }

    /// A finger's tap on a cell too small to hit surely: a placement is shown first, where the
    /// piece would land, and made by a second tap there; anything else acts at once.
    fn tap(&self, pos: Pos) {
        if !self.interactive || self.waits(Later::Tap(pos)) {
            return;
        }
        let (selection, action) = select(&self.view, self.selected, pos);
        let Some(BoardAction::Activate(cell)) = action else { return self.activate(pos) };
        let lands = self.view.targets.iter().find(|t| t.cell == cell).map_or(cell, |t| t.lands);
        if self.pending() == Some(lands) {
            self.activate(pos);
        } else {
            self.set_focus(pos);
            self.selection.set(selection);
            self.pending.set(Some((lands, self.view.clone())));
        }
    }

    /// Where a tapped placement waits for its second tap, while it still can be made.
    pub fn pending(&self) -> Option<Pos> {
        let (pos, tapped) = (*self.pending).clone()?;
        let view = &self.view;
        let same = Rc::ptr_eq(&tapped, view)
            || (tapped.hand == view.hand
                && tapped.cells.iter().map(|c| &c.piece).eq(view.cells.iter().map(|c| &c.piece)));
        (self.interactive && same && view.targets.iter().any(|t| t.lands == pos)).then_some(pos)
    }

    /// A mouse click on a cell, unless it echoes a contact that has ended.
    pub fn click(&self, pos: Option<Pos>) {
        let swallowed = std::mem::take(&mut *self.swallow_click.borrow_mut());
        if let Some(pos) = pos.filter(|_| !swallowed) {
            self.activate(pos);
        }
    }

    /// A piece from `source` dropped on `to`.
    pub fn drop(&self, source: Source, to: Pos) {
        if self.interactive && !self.waits(Later::Drop(source, to)) {
            self.perform((None, drop_action(&self.view, source, to)));
        }
    }

    /// A key pressed on the cell `at`; whether the board used it.
    pub fn key(&self, key: &str, at: Pos) -> bool {
        let Some(key) = Key::read(key, at, self.view.columns, self.view.rows) else { return false };
        match key {
            Key::Focus(next) => self.set_focus(next),
            Key::Act => self.activate(at),
            Key::Cancel => {
                self.selection.set(None);
                self.pending.set(None);
            }
        }
        true
    }

    /// A pointer pressed: a contact begins, on a piece that `source` names if it may be dragged,
    /// for touch and pen (and the mouse too where `mouse` says so). The pointer is captured on
    /// `on`, so its moves keep coming there; a refusal only means no capture. `cell` is the
    /// size of the board's cells on screen (CSS px): a finger's tap on small ones is confirmed.
    pub fn press(
        &self,
        e: &PointerEvent,
        on: Option<Element>,
        source: Option<Source>,
        mouse: bool,
        cell: impl FnOnce() -> f64,
    ) {
        // A new press: a later click is the mouse's own.
        *self.swallow_click.borrow_mut() = false;
        if (e.pointer_type() == "mouse" && !mouse) || !e.is_primary() {
            return;
        }
        if let Some(element) = on {
            let _ = element.set_pointer_capture(e.pointer_id());
        }
        let start = (e.client_x(), e.client_y());
        let confirm = e.pointer_type() == "touch" && cell() < SMALL_CELL;
        *self.contact.borrow_mut() = Some(Contact { source, start, moved: false, confirm });
    }

    /// The contact moved over the cell `at` finds; whether it is dragging a piece. (`at` and
    /// the press's `cell` are asked only when needed: finding a cell under a point lays the
    /// page out, which a mouse's click must not wait for.)
    pub fn contact_move(&self, e: &PointerEvent, at: impl FnOnce() -> Option<Pos>) -> bool {
        let mut contact = self.contact.borrow_mut();
        let Some(Contact { source: Some(source), start, moved, .. }) = contact.as_mut() else { return false };
        let (x, y) = (e.client_x(), e.client_y());
        if !*moved && (x - start.0).abs().max((y - start.1).abs()) < DRAG_THRESHOLD {
            return false;
        }
        if !*moved {
            *moved = true;
            self.dragging.set(Some(*source));
            if let Source::Cell(pos) = *source {
                self.pick_up(pos);
            }
        }
        self.hover.set(at());
        true
    }

    /// The contact ended over the cell `at`: a tap there, or the dragged piece dropped there.
    pub fn contact_up(&self, at: impl FnOnce() -> Option<Pos>) {
        let Some(ended) = self.contact.borrow_mut().take() else { return };
        let at = at();
        self.contact_cancel();
        // The browser may follow with a click of its own: it belongs to this contact.
        *self.swallow_click.borrow_mut() = true;
        match (ended, at) {
            (Contact { source: Some(source), moved: true, .. }, Some(at)) => self.drop(source, at),
            (Contact { moved: false, confirm: true, .. }, Some(at)) => self.tap(at),
            (Contact { moved: false, .. }, Some(at)) => self.activate(at),
            _ => {}
        }
    }

    pub fn contact_cancel(&self) {
        self.contact.borrow_mut().take();
        self.dragging.set(None);
        self.hover.set(None);
    }

    /// Whether a contact has just ended and the browser's mouse events that echo it are due
    /// (a finger's tap is followed by a mouse's hover and click).
    pub fn contact_echoes(&self) -> bool {
        *self.swallow_click.borrow()
    }

    /// Whether a contact is under way (a pointer down on the board).
    pub fn in_contact(&self) -> bool {
        self.contact.borrow().is_some()
    }

    /// The hand's piece where it would land, while a target is hovered and nothing is selected.
    pub fn preview(&self) -> Option<Pos> {
        let view = &self.view;
        let lands = (*self.hover)
            .filter(|_| self.interactive && !self.played() && self.selected.is_none() && view.hand.is_some())
            .and_then(|h| view.targets.iter().find(|t| t.cell == h))
            .map(|t| t.lands)?;
        view.cell(lands).is_some_and(|c| c.piece.is_none()).then_some(lands)
    }

    /// The hint on a cell: a legal destination of the selected piece.
    pub fn hint(&self, pos: Pos) -> Option<Hint> {
        let from = self.selected?;
        self.view.moves_from(from).find(|m| m.1 == pos).map(|m| m.2)
    }
}

/// Hands the move on its way to the page, if one is, and stops drawing it (the page's board
/// shows it from now on, or, refused, the board as it was).
fn land(
    flight: &RefCell<Flight>,
    on_action: &Callback<BoardAction>,
    played: &UseStateHandle<Option<(Rc<BoardView>, Rc<BoardView>)>>,
) {
    let mut on_its_way = flight.borrow_mut();
    let Some(action) = on_its_way.action.take() else { return };
    let same = match (on_its_way.made_on.take(), &on_its_way.given) {
        (Some(made_on), Some(given)) => Rc::ptr_eq(&made_on, given) || made_on == *given,
        _ => false,
    };
    on_its_way.handed = true;
    drop(on_its_way);
    if same {
        on_action.emit(action);
    }
    played.set(None);
}

/// The board `view` leaves once `action` is made on it, as far as the board alone can tell: a
/// piece placed from the hand, or one moved (what else the move takes, or a piece it turns
/// over, the page's board shows next). None where it cannot tell.
pub(super) fn drawn_after(view: &BoardView, action: BoardAction) -> Option<BoardView> {
    let mut drawn = view.clone();
    let index = |(x, y): Pos| y * view.columns + x;
    match action {
        BoardAction::Activate(cell) => {
            // The hand keeps its piece until the page's board says what comes next: a piece
            // dragged from it stays where the drag began until the drag has ended.
            // Only on an empty cell the game takes it on: a target with a piece is one to take
            // (a formation's due), and a refused one is answered in words.
            let piece = view.hand.as_ref()?.piece.clone();
            let target = view.targets.iter().find(|t| t.cell == cell && !t.refused)?;
            let landing = drawn.cells.get_mut(index(target.lands)).filter(|c| c.piece.is_none())?;
            landing.piece = Some(piece);
        }
        BoardAction::Move { from, to } => {
            let piece = drawn.cells.get_mut(index(from))?.piece.take();
            drawn.cells.get_mut(index(to))?.piece = piece;
        }
    }
    // The trail is the last turn's, which this one replaces.
    drawn.trail.clear();
    Some(drawn)
}

/// On the player's input: every animation ends at once (input never waits for one, and acts
/// on the position shown), and sound may play from now on (browsers allow it after a gesture).
pub fn settle() {
    effects::unlock();
    effects::settle();
}
