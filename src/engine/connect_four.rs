//! Connect Four solved: the exact score of any position and a move that keeps it.
//!
//! The method is Pascal Pons' (his solver's write-up and test sets): the board as two
//! bitboards, negamax with alpha-beta on a null window narrowed by a binary search on the
//! score, only moves that do not lose at once, the centre columns first and then the moves that
//! make the most threats, and a transposition table of score bounds. Beyond his: both bounds
//! and the best move in each entry (tried first), mirror images sharing entries, enhanced
//! transposition cutoffs, and a second, small table for the positions near the end, which
//! stays in the processor's cache (see [`Solver`]).
//!
//! The early positions take seconds or more to solve: an opening book ([`Book`]) holds a
//! proven-best move for each one the computer may face, and [`perfect_move`], the computer's
//! top level, reads the book first.
//!
//! A score is from the side to move: positive if it wins, by how early (the number of its discs
//! still unplayed when it completes four, plus one), negative if it loses, 0 for a draw.

use crate::rules::connect_four::{COLUMNS, ConnectFour, ROWS};

mod book;
mod evaluate;
pub use book::{Book, BookError, Entry as BookEntry};

const WIDTH: usize = COLUMNS;
const HEIGHT: usize = ROWS;
/// Cells on the board.
const CELLS: i32 = (WIDTH * HEIGHT) as i32;

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
        let mut position = Position::EMPTY;
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
        let mut position = Position::EMPTY;
        for c in text.chars() {
            let column = usize::try_from(c.to_digit(10)?).ok()?.checked_sub(1).filter(|&c| c < WIDTH)?;
            if !position.can_play(column) || position.is_winning_move(column) {
                return None;
            }
            position.play(position.move_in(column));
        }
        Some(position)
    }

    /// The empty board.
    pub const EMPTY: Position = Position { current: 0, mask: 0, moves: 0 };

    /// Discs played.
    pub fn moves(&self) -> i32 {
        self.moves
    }

    /// Whether `column` (0-6) has room for a disc.
    pub fn can_play(&self, column: usize) -> bool {
        column < WIDTH && self.mask & top_cell(column) == 0
    }

    /// The position after a disc dropped in `column` (0-6), which must have room.
    pub fn played(&self, column: usize) -> Position {
        let mut after = *self;
        after.play(self.move_in(column));
        after
    }

    /// Whether a disc in `column` completes four for the side to move.
    pub fn is_winning_move(&self, column: usize) -> bool {
        self.winning_cells() & self.possible() & column_mask(column) != 0
    }

    /// Whether the game has ended: the side that moved last has four, or the board is full.
    pub fn is_over(&self) -> bool {
        self.moves == CELLS || has_four(self.current ^ self.mask)
    }

    /// A key that the position shares with its mirror image only, and whether it is the
    /// mirror image's (then a column under this key is mirrored too).
    pub fn symmetric_key(&self) -> (u64, bool) {
        let key = self.current + self.mask;
        // A column's discs plus its mask never carry into the next column: the key mirrors
        // column by column.
        let mirrored = mirror(key);
        if mirrored < key { (mirrored, true) } else { (key, false) }
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

    /// The position's key in the table and whether it is the mirror image's, as
    /// [`Position::symmetric_key`], so that mirror images share an entry; near the end they
    /// rarely meet, and the plain key (unique too) saves the work.
    fn table_key(&self) -> (u64, bool) {
        if self.moves >= NEAR_END { (self.current + self.mask, false) } else { self.symmetric_key() }
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

/// Whether `discs` hold four in a line: two shifts find pairs, two more pairs of pairs.
fn has_four(discs: Bits) -> bool {
    [1, HEIGHT, HEIGHT + 1, HEIGHT + 2].into_iter().any(|shift| {
        let pairs = discs & (discs >> shift);
        pairs & (pairs >> (2 * shift)) != 0
    })
}

/// The bits mirrored left to right: each column's seven bits swapped with its mirror's.
fn mirror(bits: Bits) -> Bits {
    const COLUMN: Bits = (1 << (HEIGHT + 1)) - 1;
    let step = HEIGHT + 1;
    let swap = |distance: usize, column: usize| {
        let left = COLUMN << (column * step);
        let shift = distance * step;
        ((bits & left) << shift) | ((bits >> shift) & left)
    };
    (bits & (COLUMN << (3 * step))) | swap(6, 0) | swap(4, 1) | swap(2, 2)
}

/// The columns in the order they are tried: the centre first.
const ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// Added to a score to store it in six bits, above 0 so that a used entry is never 0.
const BOUND_BIAS: i32 = CELLS / 2 + 1;

/// What the table knows of a position: bounds on its score, and the column that did best
/// (in the table, as seen in the orientation of the position's key, see
/// [`Position::table_key`]).
#[derive(Clone, Copy)]
struct Entry {
    lower: i32,
    upper: i32,
    best: Option<usize>,
}

/// A transposition table: one `u64` per slot, holding an entry and enough of its position's
/// key to tell it from every other key of that slot.
///
/// A key (49 bits) is first mixed by a multiplication by an odd number modulo 2^49, a
/// bijection: its top bits pick the slot and the rest, stored, identify the key among those
/// that share the slot. The newest entry replaces the slot's (measured: as few positions
/// searched as buckets of two keeping the entry nearest the root).
struct Table {
    slots: Vec<u64>,
    index_bits: u32,
}

/// Bits in a key: seven columns of seven bits.
const KEY_BITS: u32 = (WIDTH * (HEIGHT + 1)) as u32;
/// An odd multiplier with well-mixed bits (2^64 / the golden ratio).
const KEY_MIXER: u64 = 0x9E37_79B9_7F4A_7C15;
/// The entry's own bits below the stored key: lower bound (6 bits), upper bound (6), best
/// column + 1 (3).
const ENTRY_BITS: u32 = 15;

impl Table {
    fn new(index_bits: u32) -> Table {
        Table { slots: vec![0; 1 << index_bits], index_bits }
    }

    /// The slot of a key, and the part of the key kept in it.
    fn locate(&self, key: u64) -> (usize, u64) {
        let mixed = key.wrapping_mul(KEY_MIXER) & ((1 << KEY_BITS) - 1);
        let rest_bits = KEY_BITS - self.index_bits;
        ((mixed >> rest_bits) as usize, mixed & ((1 << rest_bits) - 1))
    }

    fn get(&self, (slot, check): (usize, u64)) -> Option<Entry> {
        let word = self.slots[slot];
        if word == 0 || word >> ENTRY_BITS != check {
            return None;
        }
        let field = |shift: u32| ((word >> shift) & 0x3F) as i32;
        Some(Entry {
            lower: field(0) - BOUND_BIAS,
            upper: field(6) - BOUND_BIAS,
            best: ((word >> 12) & 0x7).checked_sub(1).map(|c| c as usize),
        })
    }

    fn put(&mut self, (slot, check): (usize, u64), entry: Entry) {
        let best = entry.best.map_or(0, |c| c as u64 + 1);
        self.slots[slot] = check << ENTRY_BITS
            | best << 12
            | ((entry.upper + BOUND_BIAS) as u64) << 6
            | (entry.lower + BOUND_BIAS) as u64;
    }

    fn clear(&mut self) {
        self.slots.fill(0);
    }
}

/// A Connect Four solver, with its tables kept between calls.
///
/// Two tables: reading a large table in main memory costs more than searching a small
/// position outright, so positions near the end (at least [`NEAR_END`] discs, the most
/// numerous) have a small table of their own that stays in the processor's cache, 2^16 slots
/// (512 KB); the others have 2^22 slots (32 MB). 32.5 MB in all, in the browser too.
pub struct Solver {
    table: Table,
    near_end_table: Table,
    /// Positions searched, for the figures.
    pub nodes: u64,
    /// Searches past this many positions are cut short.
    node_limit: u64,
}

/// The search went over its budget of positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget;

/// Positions with this many discs or more use the small table.
const NEAR_END: i32 = CELLS - 18;
/// The tables' sizes, as powers of two.
const INDEX_BITS: u32 = 22;
const NEAR_END_INDEX_BITS: u32 = 16;

impl Default for Solver {
    fn default() -> Self {
        Solver::with_slots(1 << INDEX_BITS)
    }
}

impl Solver {
    /// A solver whose main table has about `slots` entries (the largest power of two at most
    /// `slots`, at least 2^10, 8 bytes each).
    pub fn with_slots(slots: usize) -> Solver {
        let index_bits = slots.max(1).ilog2().clamp(10, 30);
        Solver {
            table: Table::new(index_bits),
            near_end_table: Table::new(NEAR_END_INDEX_BITS),
            nodes: 0,
            node_limit: u64::MAX,
        }
    }

    /// Forgets every position solved. (It also makes the system give the tables their memory
    /// now rather than on first use, as a benchmark wants.)
    pub fn clear(&mut self) {
        self.table.clear();
        self.near_end_table.clear();
    }

    /// The exact score of a position (see the module's note).
    pub fn solve(&mut self, position: &Position) -> i32 {
        if position.can_win_next() {
            return (CELLS + 1 - position.moves) / 2;
        }
        let mut min = -(CELLS - position.moves) / 2;
        let mut max = (CELLS + 1 - position.moves) / 2;
        // A binary search on the score with null windows, leaning towards 0 first (fewer
        // positions searched than MTD(f) here).
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
                -self.solve(&position.played(column))
            });
        }
        scores
    }

    /// A best column for the side to move (the highest score: the fastest win, or the
    /// longest resistance), the centre-most among equals; `None` if it cannot play.
    pub fn best_move(&mut self, position: &Position) -> Option<usize> {
        self.best(position).map(|(column, _)| column)
    }

    /// [`Solver::best_move`] and the position's score.
    pub fn best(&mut self, position: &Position) -> Option<(usize, i32)> {
        let playable = || ORDER.into_iter().filter(|&column| position.can_play(column));
        if let Some(column) = playable().find(|&column| position.is_winning_move(column)) {
            return Some((column, (CELLS + 1 - position.moves) / 2));
        }
        // The score, then the first column that keeps it: one test each with a null window,
        // on a table the solve has just filled (cheaper than solving every column).
        let score = self.solve(position);
        let mut fallback = None;
        for column in playable() {
            fallback = fallback.or(Some(column));
            let after = position.played(column);
            let keeps = if after.can_win_next() {
                -(CELLS + 1 - after.moves) / 2 >= score
            } else {
                self.negamax(&after, -score, -score + 1) <= -score
            };
            if keeps {
                return Some((column, score));
            }
        }
        // Only after a search cut short by `best_move_within`.
        fallback.map(|column| (column, score))
    }

    /// [`Solver::best_move`] if it takes at most `budget` positions searched; otherwise
    /// `Err(OverBudget)`, and the table is cleared (the cut search leaves bounds that are not
    /// to be trusted). For callers that only want quick answers.
    pub fn best_move_within(
        &mut self,
        position: &Position,
        budget: u64,
    ) -> Result<Option<usize>, OverBudget> {
        self.within(budget, |solver| solver.best_move(position))
    }

    /// [`Solver::best`] within a budget, as [`Solver::best_move_within`].
    pub fn best_within(
        &mut self,
        position: &Position,
        budget: u64,
    ) -> Result<Option<(usize, i32)>, OverBudget> {
        self.within(budget, |solver| solver.best(position))
    }

    /// [`Solver::solve`] within a budget, as [`Solver::best_move_within`].
    pub fn solve_within(&mut self, position: &Position, budget: u64) -> Result<i32, OverBudget> {
        self.within(budget, |solver| solver.solve(position))
    }

    fn within<T>(&mut self, budget: u64, search: impl FnOnce(&mut Solver) -> T) -> Result<T, OverBudget> {
        self.node_limit = self.nodes.saturating_add(budget);
        let answer = search(self);
        let over = self.nodes > self.node_limit;
        self.node_limit = u64::MAX;
        if over {
            self.clear();
            return Err(OverBudget);
        }
        Ok(answer)
    }

    /// Where the tables keep a position.
    fn place(&self, position: &Position) -> Place {
        let (key, mirrored) = position.table_key();
        let near_end = position.moves >= NEAR_END;
        let table = if near_end { &self.near_end_table } else { &self.table };
        Place { near_end, slot: table.locate(key), mirrored }
    }

    /// What the tables know of a position, its columns as the position's.
    fn read(&self, place: &Place) -> Option<Entry> {
        let table = if place.near_end { &self.near_end_table } else { &self.table };
        let entry = table.get(place.slot)?;
        Some(Entry { best: entry.best.map(|column| orient(column, place.mirrored)), ..entry })
    }

    fn write(&mut self, place: &Place, entry: Entry) {
        let table = if place.near_end { &mut self.near_end_table } else { &mut self.table };
        let best = entry.best.map(|column| orient(column, place.mirrored));
        table.put(place.slot, Entry { best, ..entry });
    }

    /// The score if it lies within (alpha, beta); otherwise a bound on the same side of the
    /// window (at most alpha, or at least beta). The side to move cannot win at once.
    fn negamax(&mut self, position: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            // Cut short (see `best_move_within`): any answer, quickly.
            return 0;
        }
        let next = position.non_losing_moves();
        if next == 0 {
            return -(CELLS - position.moves) / 2;
        }
        if position.moves >= CELLS - 2 {
            return 0;
        }
        // The opponent cannot win with its next disc, nor we with this one.
        let mut lower = -(CELLS - 2 - position.moves) / 2;
        let mut upper = (CELLS - 1 - position.moves) / 2;
        let place = self.place(position);
        let mut hint = None;
        if let Some(entry) = self.read(&place) {
            lower = lower.max(entry.lower);
            upper = upper.min(entry.upper);
            hint = entry.best;
        }
        if lower >= beta || lower == upper {
            return lower;
        }
        if upper <= alpha {
            return upper;
        }
        alpha = alpha.max(lower);
        beta = beta.min(upper);
        let window_low = alpha;

        // The moves: the table's best first, then the most threats made, the centre first
        // among equals; an insertion sort on the stack (no allocation in the innermost loop).
        let mut moves = [(0_u32, 0_usize); WIDTH];
        let mut count = 0;
        for column in ORDER.into_iter().filter(|&column| next & column_mask(column) != 0) {
            let score =
                if Some(column) == hint { u32::MAX } else { position.move_score(next & column_mask(column)) };
            let mut i = count;
            while i > 0 && moves[i - 1].0 < score {
                moves[i] = moves[i - 1];
                i -= 1;
            }
            moves[i] = (score, column);
            count += 1;
        }

        // Enhanced transposition cutoff: what the table knows of the positions after each
        // move may settle this one before any search, or show a move to fail without one.
        // Reading them all at once also overlaps their reads from memory, which the searches
        // of those positions then find in the cache.
        let mut known_upper = [upper; WIDTH];
        for (i, &(_, column)) in moves[..count].iter().enumerate() {
            let mut after = *position;
            after.play(next & column_mask(column));
            if let Some(entry) = self.read(&self.place(&after)) {
                if -entry.upper >= beta {
                    self.write(&place, Entry { lower: -entry.upper, upper, best: Some(column) });
                    return -entry.upper;
                }
                known_upper[i] = -entry.lower;
            }
        }

        let mut best_score = i32::MIN;
        let mut best_column = hint;
        for (i, &(_, column)) in moves[..count].iter().enumerate() {
            let score = if known_upper[i] <= alpha {
                known_upper[i]
            } else {
                let mut after = *position;
                after.play(next & column_mask(column));
                -self.negamax(&after, -beta, -alpha)
            };
            if score > best_score {
                best_score = score;
                best_column = Some(column);
            }
            if score >= beta {
                break;
            }
            alpha = alpha.max(score);
        }
        if best_score >= beta {
            lower = best_score;
        } else if best_score <= window_low {
            upper = best_score;
            // Every move failed: none is known best, keep what the table said.
            best_column = hint;
        } else {
            lower = best_score;
            upper = best_score;
        }
        self.write(&place, Entry { lower, upper, best: best_column });
        best_score
    }
}

/// The top level of the computer opponent: a perfect move (as [`Solver::best_move`]), from the
/// book where it has the position (the early positions, slow to solve), from the solver
/// otherwise. `None` only when the game is over.
pub fn perfect_move(solver: &mut Solver, book: Option<&Book>, position: &Position) -> Option<usize> {
    if position.is_over() {
        return None;
    }
    book.and_then(|book| book.best_move(position)).or_else(|| solver.best_move(position))
}

/// A position's slot in the tables.
struct Place {
    near_end: bool,
    slot: (usize, u64),
    mirrored: bool,
}

/// A column seen from the mirror image when `mirrored`: the tables and the book keep a
/// position and its mirror image under one key, in the orientation of the lesser key.
fn orient(column: usize, mirrored: bool) -> usize {
    if mirrored { WIDTH - 1 - column } else { column }
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

    #[test]
    fn a_game_is_over_at_four_or_a_full_board() {
        let position = Position::from_columns("121212").expect("legal");
        assert!(!position.is_over());
        assert!(position.played(0).is_over());
        assert_eq!(perfect_move(&mut Solver::with_slots(1 << 10), None, &position.played(0)), None);
        // A drawn game: no four anywhere, over only when the board is full.
        let mut full = Position::EMPTY;
        for column in "442761225377252342545563474175371666631311".bytes() {
            assert!(!full.is_over(), "{full:?}");
            full = full.played(usize::from(column - b'1'));
        }
        assert!(full.is_over() && !has_four(full.current) && !has_four(full.current ^ full.mask));
    }

    #[test]
    fn mirror_images_share_a_key_and_mirror_their_columns() {
        let position = Position::from_columns("1123").expect("legal");
        let image = Position::from_columns("7765").expect("legal");
        let ((key, mirrored), (image_key, image_mirrored)) =
            (position.symmetric_key(), image.symmetric_key());
        assert_eq!(key, image_key);
        assert_ne!(mirrored, image_mirrored);
        assert_eq!(mirror(mirror(position.mask)), position.mask);
    }
}
