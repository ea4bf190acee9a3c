//! What a game gives the board to show, and the actions the board gives back.

use yew::prelude::*;

/// A cell: `x` from the left, `y` from the top, as on screen.
pub type Pos = (usize, usize);

/// A piece as shown; `owner` and `kind` are the contract's attribute values.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    pub owner: &'static str,
    pub kind: &'static str,
    /// The text on the piece (a Chinese character), empty for plain discs and stones.
    pub glyph: &'static str,
    /// A face-down piece shows only its back: nothing in the page says what it is.
    pub face_down: bool,
}

impl Piece {
    pub fn face_down() -> Piece {
        Piece { owner: "", kind: "", glyph: "", face_down: true }
    }

    /// The piece's markup: `data-owner` and `data-kind` only when face up.
    pub fn render(&self, draggable: Option<&'static str>, lifted: bool) -> Html {
        if self.face_down {
            return html! { <span data-piece="" data-face="down" class="piece face-down"></span> };
        }
        html! {
            <span data-piece="" data-owner={self.owner} data-kind={self.kind} draggable={draggable}
                class={classes!("piece", self.owner, self.kind, lifted.then_some("lifted"))}>
                { self.glyph }
            </span>
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct CellView {
    pub piece: Option<Piece>,
    /// What a screen reader says for the cell.
    pub label: String,
    /// Touched by the last move.
    pub last: bool,
    /// Part of a winning line or a just-scored formation.
    pub highlight: bool,
    /// A game's own mark on the cell (`data-mark`), e.g. a renju point forbidden to black.
    pub mark: Option<&'static str>,
    /// The move that put this stone here, shown when the player asks for move numbers.
    pub number: Option<usize>,
}

/// A legal destination's kind, shown as a dot or a ring.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hint {
    Move,
    Capture,
}

impl Hint {
    pub(super) fn attr(self) -> &'static str {
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
    /// Where the hand's piece would come to rest (a Connect Four disc falls), previewed on hover.
    pub lands: Pos,
}

/// A piece waiting outside the board for its side to place it.
#[derive(Clone, Debug, PartialEq)]
pub struct Hand {
    pub side: &'static str,
    pub piece: Piece,
    pub label: String,
}

/// Everything the board shows, computed by the game from its rules state.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    pub columns: usize,
    pub rows: usize,
    /// Row by row from the top.
    pub cells: Vec<CellView>,
    /// The legal piece moves: from, to, and whether it captures.
    pub moves: Vec<(Pos, Pos, Hint)>,
    pub targets: Vec<Target>,
    pub hand: Option<Hand>,
    /// The piece that must move on (a checkers multi-jump): selected until the move is done.
    pub forced: Option<Pos>,
    /// The pieces that must capture now (a compulsory capture), marked
    /// `data-mark="must-capture"` where the game has no mark of its own on the cell. A hint,
    /// like `moves`: gone while the board rests.
    pub compelled: Vec<Pos>,
    /// The legs of a move drawn as arrows over the pieces, in order (each from, to), so a path
    /// that crosses or returns to a square still shows every leg.
    pub path: Vec<(Pos, Pos)>,
    pub label: String,
}

impl BoardView {
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
