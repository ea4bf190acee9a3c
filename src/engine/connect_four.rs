//! Connect Four solved: the exact score of any position and a move that keeps it.
//!
//! The method is Pascal Pons' (his solver's write-up and test sets): the board as two
//! bitboards, negamax with alpha-beta on a null window narrowed by a binary search on the
//! score, only moves that do not lose at once, the centre columns first and then the moves that
//! make the most threats, and a transposition table of score bounds.
//!
//! A score is from the side to move: positive if it wins, by how early (the number of its discs
//! still unplayed when it completes four, plus one), negative if it loses, 0 for a draw.

use crate::rules::connect_four::{COLUMNS, ConnectFour, ROWS};

const WIDTH: usize = COLUMNS;
const HEIGHT: usize = ROWS;
/// Cells on the board.
const CELLS: i32 = (WIDTH * HEIGHT) as i32;
/// The lowest and highest scores there are.
const MIN_SCORE: i32 = -(CELLS / 2) + 3;
const MAX_SCORE: i32 = (CELLS + 1) / 2 - 3;

/// One bit per cell, column by column from the left, each from the bottom, with one spare bit
/// on top of every column so that shifts never carry into the next one.
type Bits = u64;

const fn bottom_mask() -> Bits {
    let mut mask = 0;
    let mut column = 0;
    while column < WIDTH {
        mask |= 1 << (column * (HEIGHT + 1));
        column += 1;
    }
    mask
}
const BOTTOM: Bits = bottom_mask();
const BOARD: Bits = BOTTOM * ((1 << HEIGHT) - 1);

const fn column_mask(column: usize) -> Bits {
    ((1 << HEIGHT) - 1) << (column * (HEIGHT + 1))
}
const fn top_cell(column: usize) -> Bits {
    1 << (HEIGHT - 1 + column * (HEIGHT + 1))
}

/// A position for search: the side to move's discs, every disc, and the number played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    current: Bits,
    mask: Bits,
    moves: i32,
}

impl Position {
    /// The position of a game of the rules.
    pub fn of(game: &ConnectFour) -> Position {
        let mover = crate::rules::Game::to_move(game);
        let mut position = Position { current: 0, mask: 0, moves: 0 };
        for x in 0..WIDTH {
            for y in 0..HEIGHT {
                // The rules count rows from the top; the bits from the bottom.
                let bit: Bits = 1 << (x * (HEIGHT + 1) + (HEIGHT - 1 - y));
                if let Some(owner) = game.disc((x, y)) {
                    position.mask |= bit;
                    position.moves += 1;
                    if owner == mover {
                        position.current |= bit;
                    }
                }
            }
        }
        position
    }

    /// A position from its moves, as columns 1-7 (the test sets' form); `None` if a move is
    /// not playable or wins.
    pub fn from_columns(text: &str) -> Option<Position> {
        let mut position = Position { current: 0, mask: 0, moves: 0 };
        for c in text.chars() {
            let column = usize::try_from(c.to_digit(10)?).ok()?.checked_sub(1).filter(|&c| c < WIDTH)?;
            if !position.can_play(column) || position.is_winning_move(column) {
                return None;
            }
            position.play(position.move_in(column));
        }
        Some(position)
    }

    pub fn moves(&self) -> i32 {
        self.moves
    }

    fn can_play(&self, column: usize) -> bool {
        self.mask & top_cell(column) == 0
    }

    /// The cell a disc dropped in `column` lands on.
    fn move_in(&self, column: usize) -> Bits {
        (self.mask + BOTTOM) & column_mask(column)
    }

    fn play(&mut self, cell: Bits) {
        self.current ^= self.mask;
        self.mask |= cell;
        self.moves += 1;
    }

    fn possible(&self) -> Bits {
        (self.mask + BOTTOM) & BOARD
    }

    fn winning_cells(&self) -> Bits {
        winning_cells(self.current, self.mask)
    }

    fn opponent_winning_cells(&self) -> Bits {
        winning_cells(self.current ^ self.mask, self.mask)
    }

    fn can_win_next(&self) -> bool {
        self.winning_cells() & self.possible() != 0
    }

    fn is_winning_move(&self, column: usize) -> bool {
        self.winning_cells() & self.possible() & column_mask(column) != 0
    }

    /// The moves that do not let the opponent win at once: none when it has two threats.
    fn non_losing_moves(&self) -> Bits {
        let mut possible = self.possible();
        let threats = self.opponent_winning_cells();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        // Never play under a cell where the opponent would complete four.
        possible & !(threats >> 1)
    }

    /// A key unique to the position (the side to move's discs plus every disc).
    fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// How many threats a move makes, to try the most promising first.
    fn move_score(&self, cell: Bits) -> u32 {
        winning_cells(self.current | cell, self.mask).count_ones()
    }
}

/// The empty cells where the side with `discs` would complete four.
fn winning_cells(discs: Bits, mask: Bits) -> Bits {
    let h = HEIGHT as u32;
    // Vertical: three on top of one another, and the cell above them.
    let mut r = (discs << 1) & (discs << 2) & (discs << 3);
    // The other directions: shift by the distance between neighbours along the line.
    for shift in [h + 1, h, h + 2] {
        let p = (discs << shift) & (discs << (2 * shift));
        r |= p & (discs << (3 * shift));
        r |= p & (discs >> shift);
        let p = (discs >> shift) & (discs >> (2 * shift));
        r |= p & (discs << shift);
        r |= p & (discs >> (3 * shift));
    }
    r & (BOARD ^ mask)
}

/// The columns in the order they are tried: the centre first.
const ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// A transposition table of score bounds, one slot per key modulo its size.
struct Table {
    keys: Vec<u32>,
    values: Vec<u8>,
}

impl Table {
    fn new(slots: usize) -> Table {
        Table { keys: vec![0; slots], values: vec![0; slots] }
    }

    fn index(&self, key: u64) -> usize {
        (key % self.keys.len() as u64) as usize
    }

    fn put(&mut self, key: u64, value: u8) {
        let i = self.index(key);
        // The low 32 bits with the index identify the key (the table's size is prime and
        // larger than 2^17, as Pons' proof needs 2^49 / size < 2^32).
        self.keys[i] = key as u32;
        self.values[i] = value;
    }

    fn get(&self, key: u64) -> u8 {
        let i = self.index(key);
        if self.keys[i] == key as u32 { self.values[i] } else { 0 }
    }
}

/// A Connect Four solver, with its table kept between calls.
pub struct Solver {
    table: Table,
    /// Positions searched, for the figures.
    pub nodes: u64,
}

/// The table's slots: a prime, about 8 M (40 MB natively).
const SLOTS: usize = 8_388_593;

impl Default for Solver {
    fn default() -> Self {
        Solver::with_slots(SLOTS)
    }
}

impl Solver {
    /// A solver with a table of `slots` entries (a prime above 2^17).
    pub fn with_slots(slots: usize) -> Solver {
        Solver { table: Table::new(slots), nodes: 0 }
    }

    /// The exact score of a position (see the module's note).
    pub fn solve(&mut self, position: &Position) -> i32 {
        if position.can_win_next() {
            return (CELLS + 1 - position.moves) / 2;
        }
        let mut min = -(CELLS - position.moves) / 2;
        let mut max = (CELLS + 1 - position.moves) / 2;
        // A binary search on the score with null windows, leaning towards 0 first.
        while min < max {
            let mut middle = min + (max - min) / 2;
            if middle <= 0 && min / 2 < middle {
                middle = min / 2;
            } else if middle >= 0 && max / 2 > middle {
                middle = max / 2;
            }
            let score = self.negamax(position, middle, middle + 1);
            if score <= middle {
                max = score;
            } else {
                min = score;
            }
        }
        min
    }

    /// Each column's score for the side to move (`None` where it cannot play).
    pub fn scores(&mut self, position: &Position) -> [Option<i32>; WIDTH] {
        let mut scores = [None; WIDTH];
        for (column, score) in scores.iter_mut().enumerate() {
            if !position.can_play(column) {
                continue;
            }
            *score = Some(if position.is_winning_move(column) {
                (CELLS + 1 - position.moves) / 2
            } else {
                let mut after = *position;
                after.play(position.move_in(column));
                -self.solve(&after)
            });
        }
        scores
    }

    /// A best column for the side to move, the centre-most among equals; `None` if it cannot
    /// play.
    pub fn best_move(&mut self, position: &Position) -> Option<usize> {
        let scores = self.scores(position);
        ORDER
            .iter()
            .copied()
            .filter(|&c| scores[c].is_some())
            .max_by_key(|&c| (scores[c], std::cmp::Reverse(ORDER.iter().position(|&o| o == c))))
    }

    /// The score within (alpha, beta): exact inside the window, a bound outside it.
    fn negamax(&mut self, position: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let next = position.non_losing_moves();
        if next == 0 {
            return -(CELLS - position.moves) / 2;
        }
        if position.moves >= CELLS - 2 {
            return 0;
        }
        let min = -(CELLS - 2 - position.moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let mut max = (CELLS - 1 - position.moves) / 2;
        let key = position.key();
        let stored = i32::from(self.table.get(key));
        if stored != 0 {
            if stored > MAX_SCORE - MIN_SCORE + 1 {
                // A lower bound.
                let lower = stored + 2 * MIN_SCORE - MAX_SCORE - 2;
                if alpha < lower {
                    alpha = lower;
                    if alpha >= beta {
                        return alpha;
                    }
                }
            } else {
                max = stored + MIN_SCORE - 1;
            }
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        // The moves, most threats first, the centre first among equals: an insertion sort on
        // the stack (no allocation in the search's innermost loop).
        let mut moves = [(0_u32, 0 as Bits); WIDTH];
        let mut count = 0;
        for cell in ORDER.iter().map(|&column| next & column_mask(column)).filter(|&cell| cell != 0) {
            let score = position.move_score(cell);
            let mut i = count;
            while i > 0 && moves[i - 1].0 < score {
                moves[i] = moves[i - 1];
                i -= 1;
            }
            moves[i] = (score, cell);
            count += 1;
        }
        for &(_, cell) in &moves[..count] {
            let mut after = *position;
            after.play(cell);
            let score = -self.negamax(&after, -beta, -alpha);
            if score >= beta {
                self.table.put(key, (score + MAX_SCORE - 2 * MIN_SCORE + 2) as u8);
                return score;
            }
            alpha = alpha.max(score);
        }
        self.table.put(key, (alpha - MIN_SCORE + 1) as u8);
        alpha
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::connect_four::Move;
    use crate::rules::{Game, Player};

    #[test]
    fn the_rules_position_and_the_columns_agree() {
        let mut game = ConnectFour::new(&());
        for column in [3, 3, 2, 4] {
            game.play(Move::Drop(column)).expect("a legal drop");
        }
        assert_eq!(Position::of(&game), Position::from_columns("4435").expect("legal"));
        assert_eq!(crate::rules::Game::to_move(&game), Player::First);
    }

    #[test]
    fn a_win_next_move_is_found_and_scored() {
        // Red (to move) has three in column 1 and wins now: scored (42 + 1 - 6) / 2 = 18.
        let position = Position::from_columns("121212").expect("legal");
        let mut solver = Solver::with_slots(1_048_583);
        assert_eq!(solver.solve(&position), 18);
        assert_eq!(solver.best_move(&position), Some(0));
    }
}
