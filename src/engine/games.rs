//! What each game adds for the shared search: an evaluation (100 is about one unit of
//! material), which moves to search first, and which moves depend on what is hidden. Plain
//! first versions; each game's engine grows from here.

use super::search::Searchable;
use crate::rules::checkers::{self, Checkers};
use crate::rules::connect_four::{COLUMNS, ConnectFour, Move as Drop, ROWS};
use crate::rules::dark_chess::{Cell, DarkChess, Move as DarkMove, Rank};
use crate::rules::gomoku::{self, Gomoku, Move as Place, SIZE};
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

impl Searchable for Gomoku {
    /// Open lines of five, by how many stones they hold.
    fn evaluate(&self) -> i32 {
        let owner = |(x, y)| self.stone(gomoku::point_at(x, y));
        static LINES: OnceLock<Vec<Line>> = OnceLock::new();
        let lines = LINES.get_or_init(|| lines(SIZE, SIZE, 5));
        line_worth(lines, &[0, 1, 8, 60, 500, 0], owner, self.to_move())
    }

    /// Empty points near the stones, the busiest first: the few a player would consider.
    fn candidates(&self) -> Vec<Place> {
        const WIDEST: usize = 16;
        let points = (0..SIZE * SIZE).map(|p| p as u8);
        let near = |point: u8| {
            let (x, y) = gomoku::coordinates(point);
            let mut busy = 0;
            for (dx, dy) in DIRECTIONS {
                for d in [-2_isize, -1, 1, 2] {
                    let cx = x.checked_add_signed(dx * d).filter(|&c| c < SIZE);
                    let cy = y.checked_add_signed(dy * d).filter(|&c| c < SIZE);
                    if let (Some(cx), Some(cy)) = (cx, cy)
                        && self.stone(gomoku::point_at(cx, cy)).is_some()
                    {
                        busy += 3 - d.abs();
                    }
                }
            }
            busy
        };
        let mut scored: Vec<(isize, Place)> = points
            .filter(|&p| self.stone(p).is_none())
            .map(|p| (near(p), Place::Place(p)))
            .filter(|&(busy, _)| busy > 0)
            .filter(|(_, mv)| self.is_legal(mv))
            .collect();
        if scored.is_empty() {
            let centre = gomoku::point_at(SIZE / 2, SIZE / 2);
            return if self.stone(centre).is_none() {
                vec![Place::Place(centre)]
            } else {
                self.legal_moves()
            };
        }
        scored.sort_by_key(|&(busy, _)| std::cmp::Reverse(busy));
        scored.truncate(WIDEST);
        scored.into_iter().map(|(_, mv)| mv).collect()
    }
}

impl Searchable for Checkers {
    /// Material: a king is worth more than a man.
    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        (0..32)
            .filter_map(|square| self.piece(square))
            .map(|piece| {
                let worth = if piece.king { 160 } else { 100 };
                if piece.owner == me { worth } else { -worth }
            })
            .sum()
    }

    /// Jumps are forced where they exist, so the rules' list is already short; legs that take
    /// come first.
    fn candidates(&self) -> Vec<checkers::Move> {
        let mut moves = self.legal_moves();
        moves.sort_by_key(|&mv| checkers::jumped_square(mv).is_none());
        moves
    }
}

/// A piece's worth in dark chess: the cannon's jump makes it worth more than its rank.
fn dark_worth(rank: Rank) -> i32 {
    match rank {
        Rank::General => 700,
        Rank::Advisor => 400,
        Rank::Elephant => 250,
        Rank::Chariot => 180,
        Rank::Horse => 120,
        Rank::Cannon => 350,
        Rank::Soldier => 60,
    }
}

impl Searchable for DarkChess {
    /// Material, face-down pieces counted for their colour too: which pieces are face down is
    /// known to both players, only not where.
    fn evaluate(&self) -> i32 {
        let Some(mine) = self.colour(self.to_move()) else { return 0 };
        (0..32)
            .filter_map(|square| match self.cell(square) {
                Cell::FaceUp(piece) | Cell::FaceDown(piece) => Some(piece),
                Cell::Empty => None,
            })
            .map(|piece| if piece.colour == mine { dark_worth(piece.rank) } else { -dark_worth(piece.rank) })
            .sum()
    }

    /// A flip, or a blind attack on a face-down piece: what it shows is not known, so it is
    /// worth what the position is worth now.
    fn chance_value(&self, mv: &DarkMove) -> Option<i32> {
        let hidden = match *mv {
            DarkMove::Flip(_) => true,
            DarkMove::Go { to, .. } => matches!(self.cell(to), Cell::FaceDown(_)),
            DarkMove::EndChain => false,
        };
        hidden.then(|| self.evaluate())
    }
}
