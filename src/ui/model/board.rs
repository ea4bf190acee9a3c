//! What a game gives the board to show, and the actions the board gives back: plain data,
//! drawn by the views' board (`ui/board`).

use crate::i18n::Side;

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
    /// The game gives pieces from a hand: its place beside the board is kept while there is
    /// none to give (the other side's turn, the end), so the board never moves.
    pub hand_place: bool,
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
    pub fn coordinates(&self, (x, y): Pos) -> [Option<&str>; 3] {
        let file = self.files.get(x).filter(|_| y + 1 == self.rows);
        let rank = self.ranks.get(y).filter(|_| x == 0);
        let corner = self.cell((x, y)).and_then(|cell| cell.corner.as_ref());
        [file, rank, corner].map(|label| label.map(String::as_str))
    }

    pub fn cell(&self, (x, y): Pos) -> Option<&CellView> {
        (x < self.columns).then(|| self.cells.get(y * self.columns + x)).flatten()
    }

    pub fn is_target(&self, pos: Pos) -> bool {
        self.targets.iter().any(|t| t.cell == pos)
    }

    pub fn moves_from(&self, from: Pos) -> impl Iterator<Item = &(Pos, Pos, Hint)> {
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
