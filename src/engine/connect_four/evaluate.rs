//! What Connect Four adds for the shared search (`engine::search`): an evaluation (100 is
//! about one unit of material) and which moves to search first. Its timed search uses it, when
//! the solver runs out of budget; the other games have searches of their own.

use crate::engine::search::Searchable;
use crate::rules::connect_four::{COLUMNS, ConnectFour, Move as Drop, ROWS};
use crate::rules::{Game, Player};
use std::sync::OnceLock;

type Line = Vec<(usize, usize)>;

/// The four directions a line runs in.
const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The cells of every line of `length` on a board `columns` by `rows`, each from its start.
fn lines(columns: usize, rows: usize, length: usize) -> Vec<Line> {
    (0..rows)
        .flat_map(move |y| (0..columns).map(move |x| (x, y)))
        .flat_map(move |(x, y)| {
            DIRECTIONS.into_iter().filter_map(move |(dx, dy)| {
                (0..length as isize)
                    .map(|i| {
                        let cx = x.checked_add_signed(dx * i).filter(|&cx| cx < columns)?;
                        let cy = y.checked_add_signed(dy * i).filter(|&cy| cy < rows)?;
                        Some((cx, cy))
                    })
                    .collect()
            })
        })
        .collect()
}

/// The worth of lines to the player to move: each line one side could still complete scores
/// by how many of its stones it holds (`weights[count]`), for that side.
fn line_worth(
    lines: &[Line],
    weights: &[i32],
    owner: impl Fn((usize, usize)) -> Option<Player>,
    me: Player,
) -> i32 {
    let mut worth = 0;
    for line in lines {
        let (mut mine, mut theirs) = (0, 0);
        for &cell in line {
            match owner(cell) {
                Some(p) if p == me => mine += 1,
                Some(_) => theirs += 1,
                None => {}
            }
        }
        if theirs == 0 {
            worth += weights[mine];
        } else if mine == 0 {
            worth -= weights[theirs];
        }
    }
    worth
}

impl Searchable for ConnectFour {
    /// Open lines of four, by how full they are.
    fn evaluate(&self) -> i32 {
        static LINES: OnceLock<Vec<Line>> = OnceLock::new();
        let lines = LINES.get_or_init(|| lines(COLUMNS, ROWS, 4));
        let me = self.to_move();
        // The centre column is in the most lines: its discs count a little more.
        let centre: i32 = (0..ROWS)
            .filter_map(|y| self.disc((COLUMNS / 2, y)))
            .map(|owner| if owner == me { 6 } else { -6 })
            .sum();
        centre + line_worth(lines, &[0, 2, 10, 50, 0], |cell| self.disc(cell), me)
    }

    /// The centre columns first: they are in the most lines.
    fn candidates(&self) -> Vec<Drop> {
        let mut moves = self.legal_moves();
        moves.sort_by_key(|&Drop::Drop(column)| (i32::from(column) - 3).abs());
        moves
    }
}
