//! Connect Four on the shared board: a click anywhere in a column, the next disc dragged onto
//! it, or Enter on a focused cell drops a disc there.

use super::board::{BoardAction, BoardView, CellView, Hand, Piece, Pos, Target};
use super::flow::Direct;
use super::game::{Scene, UiGame};
use crate::i18n::{Side, Text};
use crate::route::GameId;
use crate::rules::connect_four::{COLUMNS, ConnectFour, Move, ROWS};
use crate::rules::{Game, Outcome};

fn disc(side: Side) -> Piece {
    Piece::new(side, "disc", "")
}

impl UiGame for ConnectFour {
    const ID: GameId = GameId::ConnectFour;
    type Flow = Direct;
    const SIDES: [Side; 2] = [Side::Red, Side::Yellow];

    fn view(&self, scene: &Scene<Self>, text: &Text) -> BoardView {
        // The last disc is the top one of the last column played.
        let last_cell = scene.moves.last().and_then(|Move::Drop(column)| {
            let x = usize::from(*column);
            (0..ROWS).find(|&y| self.disc((x, y)).is_some()).map(|y| (x, y))
        });
        let winning = self.winning_cells();
        let mut cells = Vec::with_capacity(COLUMNS * ROWS);
        let mut targets = Vec::new();
        for y in 0..ROWS {
            for x in 0..COLUMNS {
                let owner = self.disc((x, y)).map(|p| self.side(p));
                let place = (text.column_row)(x + 1, ROWS - y);
                let content = owner.map_or(text.empty.to_owned(), |side| (text.disc)((text.side)(side)));
                cells.push(CellView {
                    last: last_cell == Some((x, y)),
                    highlight: winning.contains(&(x, y)),
                    ..CellView::new(owner.map(disc), format!("{place}: {content}"))
                });
                // Every cell is a target, full columns too, so a drop there is refused in words.
                let lands = self.landing_cell(x).unwrap_or((x, 0));
                targets.push(Target { cell: (x, y), lands });
            }
        }
        let side = self.side(self.to_move());
        let hand = self.outcome().is_none().then(|| Hand {
            side,
            piece: disc(side),
            label: (text.next_disc)((text.side)(side)),
        });
        // The columns as the move list numbers them.
        let files = (1..=COLUMNS).map(|column| column.to_string()).collect();
        BoardView {
            targets,
            hand,
            files,
            gravity: true,
            ..BoardView::new(COLUMNS, ROWS, cells, text.connect_four)
        }
    }

    fn said(&self, turn: &[Move], _after: &Self, text: &Text) -> String {
        let side = (text.side)(self.side(self.to_move()));
        let column = turn.first().map_or(0, |Move::Drop(column)| usize::from(*column) + 1);
        (text.drops_in)(side, column)
    }

    fn action_move(&self, action: BoardAction) -> Option<Move> {
        match action {
            BoardAction::Activate((x, _)) => u8::try_from(x).ok().map(Move::Drop),
            BoardAction::Move { .. } => None,
        }
    }

    fn touches(&self, &Move::Drop(column): &Move) -> Vec<Pos> {
        self.landing_cell(usize::from(column)).into_iter().collect()
    }

    fn ending(&self, text: &Text) -> String {
        match self.outcome() {
            Some(Outcome::Win(_)) => text.four_in_a_row.to_owned(),
            Some(Outcome::Draw) => text.full_board.to_owned(),
            None => String::new(),
        }
    }
}
