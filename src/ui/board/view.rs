//! What a game gives the board to show, and the actions the board gives back.

use crate::i18n::Side;
use crate::ui::effects::{self, Sound};
use std::cell::Cell;
use std::rc::Rc;
use yew::prelude::*;

/// A cell: `x` from the left, `y` from the top, as on screen.
pub type Pos = (usize, usize);

/// A piece as shown: its owner and `kind` (the contract's attribute values), or only its back.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    FaceUp {
        owner: Side,
        kind: &'static str,
        /// The text on the piece (a Chinese character), empty for plain discs and stones.
        glyph: &'static str,
    },
    /// A face-down piece shows only its back: nothing in the page says what it is.
    FaceDown,
}

impl Piece {
    pub fn new(owner: Side, kind: &'static str, glyph: &'static str) -> Piece {
        Piece::FaceUp { owner, kind, glyph }
    }

    /// The piece's markup: `data-owner` and `data-kind` only when face up.
    pub fn render(&self, draggable: Option<&'static str>, lifted: bool) -> Html {
        match *self {
            Piece::FaceDown => html! { <span data-piece="" data-face="down" class="piece face-down"></span> },
            Piece::FaceUp { owner, kind, glyph } => html! {
                <span data-piece="" data-owner={owner.attr()} data-kind={kind} draggable={draggable}
                    class={classes!("piece", owner.attr(), kind, lifted.then_some("lifted"))}>
                    { glyph }
                </span>
            },
        }
    }

    /// A picture of the piece, as it follows a finger or previews where it would land.
    pub fn picture(&self, class: &'static str) -> Html {
        match *self {
            Piece::FaceDown => {
                html! { <span class={classes!("piece", "face-down", class)} aria-hidden="true"></span> }
            }
            Piece::FaceUp { owner, kind, glyph } => html! {
                <span class={classes!("piece", owner.attr(), kind, class)} aria-hidden="true">{ glyph }</span>
            },
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct CellView {
    pub piece: Option<Piece>,
    /// What a screen reader says for the cell.
    pub label: String,
    /// Touched by the last move.
    pub last: bool,
    /// Part of a winning line or a just-scored formation.
    pub highlight: bool,
    /// A game's own mark on the cell (`data-mark`), e.g. a point forbidden to one side.
    pub mark: Option<&'static str>,
    /// The move that put this stone here, shown when the player asks for move numbers.
    pub number: Option<usize>,
    /// The cell's own name in the notation, shown in its corner (a checkers square's number).
    pub corner: Option<String>,
}

impl CellView {
    /// A cell showing `piece` (or nothing), told as `label`, with nothing marked.
    pub fn new(piece: Option<Piece>, label: String) -> CellView {
        CellView { piece, label, ..CellView::default() }
    }
}

/// A legal destination's kind, shown as a dot or a ring.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hint {
    Move,
    Capture,
}

impl Hint {
    pub fn attr(self) -> &'static str {
        match self {
            Hint::Move => "move",
            Hint::Capture => "capture",
        }
    }
}

/// A cell where a click or a piece from the hand acts directly (drop a disc, place a stone).
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub cell: Pos,
    /// Where the hand's piece would come to rest (it may fall to the foot of its column),
    /// previewed on hover.
    pub lands: Pos,
}

impl Target {
    /// A cell where the hand's piece comes to rest where it is put.
    pub fn at(cell: Pos) -> Target {
        Target { cell, lands: cell }
    }
}

/// A piece waiting outside the board for its side to place it.
#[derive(Clone, Debug, PartialEq)]
pub struct Hand {
    pub side: Side,
    pub piece: Piece,
    pub label: String,
}

/// What the board is: squares, or points where lines cross.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Surface {
    /// Squares all alike.
    #[default]
    Squares,
    /// Squares of two shades, alternating.
    Checkered,
    /// Pieces stand on the points where lines cross.
    Points,
}

/// Everything the board shows, computed by the game from its rules state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardView {
    pub columns: usize,
    pub rows: usize,
    pub surface: Surface,
    /// Row by row from the top.
    pub cells: Vec<CellView>,
    /// The legal piece moves: from, to, and whether it captures.
    pub moves: Vec<(Pos, Pos, Hint)>,
    pub targets: Vec<Target>,
    pub hand: Option<Hand>,
    /// A piece kept selected between the actions of one turn: it must move on.
    pub held: Option<Pos>,
    /// Marks that prompt the player to move (`data-mark`, where the cell has no mark of its own):
    /// hints like `moves`, gone whenever nothing can be played.
    pub prompts: Vec<(Pos, &'static str)>,
    /// The legs of a move drawn as arrows over the pieces, in order (each from, to), so a path
    /// that crosses or returns to a square still shows every leg.
    pub path: Vec<(Pos, Pos)>,
    /// The cells carry move numbers, which the player may choose to show.
    pub numbered: bool,
    pub label: String,
    /// The coordinates the move list writes, along the edges: a label for each column (left
    /// to right, shown along the bottom) and for each row (top to bottom, shown up the side);
    /// either may be empty.
    pub files: Vec<String>,
    pub ranks: Vec<String>,
    /// Points marked on the board (a go board's star points).
    pub stars: Vec<Pos>,
    /// Pieces come in from above and fall to their cells (Connect Four).
    pub gravity: bool,
    /// The cells the last turn's piece passed through, in order, for a move of several legs
    /// (a checkers multi-jump).
    pub trail: Vec<Pos>,
    /// What to do with a tapped placement that waits for a second tap, in words (said after
    /// the cell's label).
    pub tap_again: &'static str,
}

/// How a piece came to be where it is, or went: what the board animates after a change.
#[derive(Clone, Debug, PartialEq)]
pub enum Motion {
    /// The piece now at the last cell came through the others, from the first.
    Slide(Vec<Pos>),
    /// The piece fell into its cell from above the board.
    Fall(Pos),
    /// The piece was set down on its cell.
    Place(Pos),
    /// The piece was turned over, or changed (a man crowned).
    Turn(Pos),
    /// This piece left this cell: taken.
    Taken(Pos, Piece),
}

/// Whether `now` is `was` turned over or changed in place: a flip, a man crowned (the same
/// side's piece).
fn turned(was: &Piece, now: &Piece) -> bool {
    match (was, now) {
        (Piece::FaceDown, _) => true,
        (Piece::FaceUp { owner, .. }, Piece::FaceUp { owner: now, .. }) => owner == now,
        _ => false,
    }
}

/// The most cells a change may touch and still be animated: more is a jump through the game
/// (a review, a loaded record), which is shown at once.
const MOST_CHANGED: usize = 6;

/// The motions that take the pieces of `before` to those of `after`, read from the two boards
/// alone: a piece that left one cell and appeared on another slid there; one that appeared
/// from nowhere was placed (or fell); one that changed was turned; one that went was taken.
/// Nothing when too much changed to tell.
pub fn motions(before: &BoardView, after: &BoardView) -> Vec<Motion> {
    if (before.columns, before.rows) != (after.columns, after.rows) {
        return Vec::new();
    }
    let at = |i: usize| (i % after.columns, i / after.columns);
    let piece = |view: &BoardView, i: usize| view.cells.get(i).and_then(|c| c.piece.clone());
    let changed: Vec<usize> =
        (0..after.cells.len()).filter(|&i| piece(before, i) != piece(after, i)).collect();
    if changed.len() > MOST_CHANGED {
        return Vec::new();
    }
    let mut left: Vec<usize> = changed.iter().copied().filter(|&i| piece(before, i).is_some()).collect();
    let mut motions = Vec::new();
    for &i in &changed {
        let Some(now) = piece(after, i) else { continue };
        let was = piece(before, i);
        // The same piece left another cell: it slid here (through the last turn's trail); or,
        // with none, the same side's (a man that was crowned on arriving).
        let same = |j: &usize| *j != i && piece(before, *j) == Some(now.clone());
        let kin = |j: &usize| *j != i && piece(before, *j).is_some_and(|p| turned(&p, &now));
        if let Some(k) = left.iter().position(same).or_else(|| left.iter().position(kin)) {
            let from = at(left.remove(k));
            let mut path = vec![from];
            path.extend(after.trail.iter().copied().skip_while(|&p| p == from).filter(|&p| p != at(i)));
            path.push(at(i));
            motions.push(Motion::Slide(path));
            if let Some(was) = was {
                motions.push(Motion::Taken(at(i), was));
            }
        } else if was.as_ref().is_some_and(|was| turned(was, &now)) {
            motions.push(Motion::Turn(at(i)));
        } else if after.gravity {
            motions.push(Motion::Fall(at(i)));
        } else {
            motions.push(Motion::Place(at(i)));
        }
    }
    // What left and is nowhere now was taken.
    motions.extend(
        left.into_iter()
            .filter(|&j| piece(after, j).is_none())
            .filter_map(|j| piece(before, j).map(|was| Motion::Taken(at(j), was))),
    );
    motions
}

impl BoardView {
    /// A board of these cells with nothing to play on it yet.
    pub fn new(columns: usize, rows: usize, cells: Vec<CellView>, label: &str) -> BoardView {
        BoardView { columns, rows, cells, label: label.to_owned(), ..BoardView::default() }
    }

    /// The board with the suite's lettered coordinates (`a1` at the bottom left, as
    /// [`crate::rules::square_name`] writes them).
    pub fn lettered(self) -> BoardView {
        let files = (0..self.columns).map(|x| char::from(b'a' + x as u8).to_string()).collect();
        let ranks = (0..self.rows).map(|y| (self.rows - y).to_string()).collect();
        BoardView { files, ranks, ..self }
    }

    /// The coordinates of the cell at `pos` to show: under the bottom row, beside the left
    /// column, and the cell's own.
    pub(super) fn coordinates(&self, (x, y): Pos) -> [Option<&str>; 3] {
        let file = self.files.get(x).filter(|_| y + 1 == self.rows);
        let rank = self.ranks.get(y).filter(|_| x == 0);
        let corner = self.cell((x, y)).and_then(|cell| cell.corner.as_ref());
        [file, rank, corner].map(|label| label.map(String::as_str))
    }

    pub(super) fn cell(&self, (x, y): Pos) -> Option<&CellView> {
        (x < self.columns).then(|| self.cells.get(y * self.columns + x)).flatten()
    }

    pub(super) fn is_target(&self, pos: Pos) -> bool {
        self.targets.iter().any(|t| t.cell == pos)
    }

    pub(super) fn moves_from(&self, from: Pos) -> impl Iterator<Item = &(Pos, Pos, Hint)> {
        self.moves.iter().filter(move |m| m.0 == from)
    }
}

/// What the player did, in the board's terms; the game turns it into a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BoardAction {
    /// A click, an Enter, or the hand's piece dropped on a target cell.
    Activate(Pos),
    /// A piece taken from one cell to another.
    Move { from: Pos, to: Pos },
}

/// The motions of the latest change of the board's pieces, kept until the pieces change again
/// (a board redrawn for any other reason keeps its animations running), and its sound. None
/// when `moving` is off, and none for the first board shown.
#[hook]
pub fn use_motions(view: Rc<BoardView>, moving: bool) -> Rc<Vec<Motion>> {
    let state = use_mut_ref(|| (None::<Rc<BoardView>>, Rc::new(Vec::new())));
    let mut state = state.borrow_mut();
    let same =
        |shown: &Rc<BoardView>| shown.cells.iter().map(|c| &c.piece).eq(view.cells.iter().map(|c| &c.piece));
    if !state.0.as_ref().is_some_and(same) {
        let motions = state.0.replace(view.clone()).map(|before| motions(&before, &view)).unwrap_or_default();
        // A move is heard even when it is not animated.
        if !motions.is_empty() {
            let taken = motions.iter().any(|m| matches!(m, Motion::Taken(..)));
            effects::play(if taken { Sound::Capture } else { Sound::Move });
            // Once drawn, a taken piece that goes to a tray beside the board flies there.
            if moving && taken {
                gloo::timers::callback::Timeout::new(0, effects::to_tray).forget();
            }
        }
        let ends =
            if moving && !motions.is_empty() { js_sys::Date::now() + motion_ms(&motions) } else { 0.0 };
        MOTION_ENDS.set(ends);
        state.1 = Rc::new(if moving { motions } else { Vec::new() });
    }
    state.1.clone()
}

thread_local! {
    /// When the motions of the board's latest change end (`Date.now()`, in ms); 0 for none.
    static MOTION_ENDS: Cell<f64> = const { Cell::new(0.0) };
}

/// The longest of `motions`, in ms, as the page draws them (the durations of styles/main.css;
/// the canvas draws every motion in less), and a moment more for the frame that starts them:
/// a slide by its legs, a fall, a placement, a turn, a taken piece fading or flying to its tray.
fn motion_ms(motions: &[Motion]) -> f64 {
    let longest = motions.iter().map(|motion| match motion {
        // A longer path slides straight from where it began, as one leg.
        Motion::Slide(path) => match path.len().saturating_sub(1) {
            2 => 450.0,
            3 => 600.0,
            4 => 750.0,
            _ => 260.0,
        },
        Motion::Fall(_) => 420.0,
        Motion::Place(_) => 200.0,
        Motion::Turn(_) => 300.0,
        Motion::Taken(..) => 450.0,
    });
    longest.fold(0.0, f64::max) + 50.0
}

/// How long the board's latest motions still play, in ms: 0 once they have ended, or when
/// nothing moved (motion is off, or the change was shown at once).
pub fn motion_left_ms() -> u32 {
    (MOTION_ENDS.get() - js_sys::Date::now()).max(0.0) as u32
}
