//! The engine's own board: a padded array (five cells of wall round the 15x15 points, so a line
//! is read without bounds checks), with every empty point's line patterns for both colours kept
//! up to date as stones come and go, and an evaluation summed from them.
//!
//! A pattern is what a colour would make on an empty point along one line, read from the ten
//! cells around it through a table built once: a five, an open four (two ways to five), a four,
//! an open three, and so on. The rules stay the authority on renju's forbidden points:
//! [`Board::forbidden`] asks them whenever the patterns say a point might be.

use crate::rules::Player;
use crate::rules::gomoku::{self, RuleSet, SIZE};
use std::sync::OnceLock;

/// Wall cells on each side of the points.
const PAD: usize = 5;
pub const WIDTH: usize = SIZE + 2 * PAD;
pub const CELLS: usize = WIDTH * WIDTH;
/// The four lines' steps: across, down and both diagonals.
pub const STEPS: [usize; 4] = [1, WIDTH, WIDTH + 1, WIDTH - 1];

pub const EMPTY: u8 = 0;
pub const WALL: u8 = 3;

/// A colour as a cell holds it: black 1, white 2.
pub fn stone_of(player: Player) -> u8 {
    match player {
        Player::First => 1,
        Player::Second => 2,
    }
}

pub fn other(colour: u8) -> u8 {
    3 - colour
}

/// What a stone on an empty point makes along one line, weakest first.
pub mod pattern {
    pub const NONE: u8 = 0;
    pub const TWO: u8 = 1;
    pub const OPEN_TWO: u8 = 2;
    pub const THREE: u8 = 3;
    pub const OPEN_THREE: u8 = 4;
    /// One way to five.
    pub const FOUR: u8 = 5;
    /// Two ways or more to five: an open four, or two fours in one line.
    pub const FLEX_FOUR: u8 = 6;
    pub const FIVE: u8 = 7;
}
use pattern::*;

/// A point's worth to a colour for each pattern it makes there along a line.
const WORTH: [i32; 8] = [0, 4, 14, 16, 60, 70, 400, 2_000];

pub fn cell_of(point: gomoku::Point) -> usize {
    let (x, y) = gomoku::coordinates(point);
    (y + PAD) * WIDTH + x + PAD
}

pub fn point_of(cell: usize) -> gomoku::Point {
    gomoku::point_at(cell % WIDTH - PAD, cell / WIDTH - PAD)
}

/// The cells of the 225 points, row by row.
fn points() -> &'static [usize] {
    static POINTS: OnceLock<Vec<usize>> = OnceLock::new();
    POINTS.get_or_init(|| (0..(SIZE * SIZE) as u8).map(cell_of).collect())
}

/// The pattern of every line of ten cells around a stone, each cell empty (0), the stone's
/// colour (1) or blocked (2), read as a number in base 3: one table where five or more wins,
/// one where exactly five does.
struct Tables {
    long: Vec<u8>,
    exact: Vec<u8>,
}

const KEYS: usize = 59_049; // 3^10
const POWERS: [u16; 10] = [1, 3, 9, 27, 81, 243, 729, 2_187, 6_561, 19_683];
const UNKNOWN: u8 = u8::MAX;

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let build = |exact: bool| {
            let mut memo = vec![UNKNOWN; KEYS];
            for key in 0..KEYS {
                let mut line = [0u8; 11];
                let mut rest = key;
                for index in (0..11).rev().filter(|&i| i != 5) {
                    line[index] = (rest % 3) as u8;
                    rest /= 3;
                }
                line[5] = 1;
                classify(&mut line, exact, &mut memo);
            }
            memo
        };
        Tables { long: build(false), exact: build(true) }
    })
}

fn key_of(line: &[u8; 11]) -> usize {
    line.iter().enumerate().filter(|&(i, _)| i != 5).fold(0, |key, (_, &c)| key * 3 + usize::from(c))
}

/// The pattern of `line` (its middle cell the stone): five; else four or open four by how many
/// empty cells complete a five; else the best that one more stone makes, a step down.
fn classify(line: &mut [u8; 11], exact: bool, memo: &mut [u8]) -> u8 {
    let key = key_of(line);
    if memo[key] != UNKNOWN {
        return memo[key];
    }
    let right = (6..11).take_while(|&i| line[i] == 1).count();
    let left = (0..5).rev().take_while(|&i| line[i] == 1).count();
    let run = 1 + left + right;
    let result = if run == 5 || (!exact && run > 5) {
        FIVE
    } else {
        let (mut fives, mut best) = (0, NONE);
        for index in 0..11 {
            if index == 5 || line[index] != 0 {
                continue;
            }
            line[index] = 1;
            let made = classify(line, exact, memo);
            line[index] = 0;
            if made == FIVE {
                fives += 1;
            } else {
                best = best.max(made);
            }
        }
        match (fives, best) {
            (2.., _) => FLEX_FOUR,
            (1, _) => FOUR,
            (_, FLEX_FOUR) => OPEN_THREE,
            (_, FOUR) => THREE,
            (_, OPEN_THREE) => OPEN_TWO,
            (_, THREE) => TWO,
            _ => NONE,
        }
    };
    memo[key] = result;
    result
}

/// A point's level and worth from its four lines' patterns (three bits each): its strongest
/// pattern, two fours counted as an open four; the patterns' worth, more for two threats.
fn combined() -> &'static [(u8, i32)] {
    static COMBINED: OnceLock<Vec<(u8, i32)>> = OnceLock::new();
    COMBINED.get_or_init(|| {
        (0..1 << 12)
            .map(|key: usize| {
                let lines = [key & 7, key >> 3 & 7, key >> 6 & 7, key >> 9 & 7].map(|p| p as u8);
                let fours = lines.iter().filter(|&&p| p == FOUR).count();
                let threes = lines.iter().filter(|&&p| p == OPEN_THREE).count();
                let top = lines.iter().copied().max().unwrap_or(NONE);
                let level = if top < FLEX_FOUR && fours >= 2 { FLEX_FOUR } else { top };
                let mut worth: i32 = lines.iter().map(|&p| WORTH[usize::from(p)]).sum();
                // Two threats at once: one of them will stand.
                if fours + threes >= 2 && top < FLEX_FOUR {
                    worth += 300;
                }
                (level, worth)
            })
            .collect()
    })
}

/// Random keys for the table of positions, fixed at compile time.
const fn zobrist() -> [[u64; CELLS]; 2] {
    let mut keys = [[0; CELLS]; 2];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut colour = 0;
    while colour < 2 {
        let mut cell = 0;
        while cell < CELLS {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            keys[colour][cell] = z ^ (z >> 31);
            cell += 1;
        }
        colour += 1;
    }
    keys
}
static ZOBRIST: [[u64; CELLS]; 2] = zobrist();

#[derive(Clone)]
pub struct Board {
    cells: [u8; CELLS],
    rules: RuleSet,
    /// The pattern tables for black's and white's lines under the rule set.
    line_tables: [&'static [u8]; 2],
    combined: &'static [(u8, i32)],
    /// `patterns[colour - 1][cell][line]`, for empty points.
    patterns: Vec<[[u8; 4]; CELLS]>,
    /// `keys[colour - 1][cell][line]`: the ten cells around as the tables read them, kept
    /// for every cell as stones come and go.
    keys: Vec<[[u16; 4]; CELLS]>,
    /// `level[colour - 1][cell]`: the point's strongest pattern for the colour, two fours
    /// counted as an open four.
    level: [[u8; CELLS]; 2],
    /// `worth[colour - 1][cell]`: what the point is worth to the colour.
    worth: [[i32; CELLS]; 2],
    /// How many empty points have each level, by colour.
    counts: [[u16; 8]; 2],
    /// The sum of the empty points' worth, by colour.
    totals: [i32; 2],
    /// The stones played, in order.
    pub history: Vec<usize>,
    pub hash: u64,
    to_move: u8,
}

impl Board {
    pub fn new(rules: RuleSet) -> Self {
        let mut cells = [WALL; CELLS];
        for &cell in points() {
            cells[cell] = EMPTY;
        }
        let tables = tables();
        let exact_for = |colour: u8| match rules {
            RuleSet::Freestyle => false,
            RuleSet::Standard => true,
            RuleSet::Renju => colour == 1,
        };
        let pick = |colour: u8| if exact_for(colour) { &tables.exact[..] } else { &tables.long[..] };
        let mut board = Board {
            cells,
            rules,
            line_tables: [pick(1), pick(2)],
            combined: combined(),
            patterns: vec![[[NONE; 4]; CELLS]; 2],
            keys: vec![[[0; 4]; CELLS]; 2],
            level: [[NONE; CELLS]; 2],
            worth: [[0; CELLS]; 2],
            counts: [[0; 8]; 2],
            totals: [0; 2],
            history: Vec::with_capacity(SIZE * SIZE),
            hash: 0,
            to_move: 1,
        };
        for &cell in points() {
            for line in 0..4 {
                board.read_keys(cell, line);
            }
            board.counts[0][0] += 1;
            board.counts[1][0] += 1;
            board.refresh(cell);
        }
        board
    }

    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    pub fn cell(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    pub fn stones(&self) -> usize {
        self.history.len()
    }

    pub fn is_full(&self) -> bool {
        self.history.len() == SIZE * SIZE
    }

    /// The empty points' cells, row by row.
    pub fn empty_points(&self) -> impl Iterator<Item = usize> + '_ {
        points().iter().copied().filter(|&c| self.cells[c] == EMPTY)
    }

    pub fn level(&self, colour: u8, cell: usize) -> u8 {
        self.level[usize::from(colour - 1)][cell]
    }

    pub fn line_pattern(&self, colour: u8, cell: usize, line: usize) -> u8 {
        self.patterns[usize::from(colour - 1)][cell][line]
    }

    pub fn worth(&self, colour: u8, cell: usize) -> i32 {
        self.worth[usize::from(colour - 1)][cell]
    }

    /// How many empty points give the colour at least `level`.
    pub fn count_at_least(&self, colour: u8, level: u8) -> u16 {
        self.counts[usize::from(colour - 1)][usize::from(level)..].iter().sum()
    }

    /// The empty points where the colour makes `level` or better.
    pub fn points_at_least(&self, colour: u8, level: u8) -> Vec<usize> {
        if self.count_at_least(colour, level) == 0 {
            return Vec::new();
        }
        self.empty_points().filter(|&c| self.level(colour, c) >= level).collect()
    }

    /// The position for the player to move, from its stones' worth.
    pub fn evaluate(&self) -> i32 {
        let me = usize::from(self.to_move - 1);
        self.totals[me] - self.totals[1 - me] * 9 / 10
    }

    /// Places the player to move's stone on an empty point (no legality asked).
    pub fn place(&mut self, cell: usize) {
        let colour = self.to_move;
        self.forget(cell);
        self.cells[cell] = colour;
        self.hash ^= ZOBRIST[usize::from(colour - 1)][cell];
        self.history.push(cell);
        self.to_move = other(colour);
        self.shift_keys(cell, colour, true);
        self.around(cell);
    }

    /// Takes back the last stone.
    pub fn undo(&mut self) {
        let Some(cell) = self.history.pop() else { return };
        let colour = self.cells[cell];
        self.cells[cell] = EMPTY;
        self.hash ^= ZOBRIST[usize::from(colour - 1)][cell];
        self.to_move = colour;
        self.shift_keys(cell, colour, false);
        self.counts[0][0] += 1;
        self.counts[1][0] += 1;
        self.refresh(cell);
        self.around(cell);
    }

    /// Re-reads the lines through `cell` for the empty points along them.
    fn around(&mut self, cell: usize) {
        for (line, &step) in STEPS.iter().enumerate() {
            for distance in 1..=5 {
                for near in [cell + step * distance, cell - step * distance] {
                    if self.cells[near] == EMPTY {
                        self.read_line(near, line);
                        self.settle(near);
                    }
                }
            }
        }
    }

    /// An empty point's patterns along every line, and what they make.
    fn refresh(&mut self, cell: usize) {
        for line in 0..4 {
            self.read_line(cell, line);
        }
        self.settle(cell);
    }

    /// The keys of a cell's line read afresh from the board (when the board is made).
    fn read_keys(&mut self, cell: usize, line: usize) {
        let step = STEPS[line];
        let (mut black, mut white) = (0u16, 0u16);
        for near in (1..=5).rev().map(|d| cell - step * d).chain((1..=5).map(|d| cell + step * d)) {
            let (b, w) = match self.cells.get(near).copied().unwrap_or(WALL) {
                EMPTY => (0, 0),
                1 => (1, 2),
                2 => (2, 1),
                _ => (2, 2),
            };
            black = black * 3 + b;
            white = white * 3 + w;
        }
        self.keys[0][cell][line] = black;
        self.keys[1][cell][line] = white;
    }

    /// A stone of `colour` put on (or taken off) `cell`: the keys of the cells within five
    /// along each line change by one digit.
    fn shift_keys(&mut self, cell: usize, colour: u8, put: bool) {
        let (black, white) = if colour == 1 { (1u16, 2u16) } else { (2, 1) };
        for (line, &step) in STEPS.iter().enumerate() {
            for distance in 1..=5 {
                // Seen from a cell after `cell`, `cell` is `distance` back: digit 5 - distance
                // from the left of ten; seen from a cell before, digit 4 + distance.
                for (near, digit) in
                    [(cell + step * distance, 5 - distance), (cell - step * distance, 4 + distance)]
                {
                    let weight = POWERS[9 - digit];
                    let keys = (&mut self.keys[0][near][line], black * weight);
                    if put {
                        *keys.0 += keys.1;
                        self.keys[1][near][line] += white * weight;
                    } else {
                        *keys.0 -= keys.1;
                        self.keys[1][near][line] -= white * weight;
                    }
                }
            }
        }
    }

    fn read_line(&mut self, cell: usize, line: usize) {
        for colour in 0..2 {
            self.patterns[colour][cell][line] =
                self.line_tables[colour][usize::from(self.keys[colour][cell][line])];
        }
    }

    /// Drops a point's level and worth from the sums (it is being filled).
    fn forget(&mut self, cell: usize) {
        for colour in 0..2 {
            self.counts[colour][usize::from(self.level[colour][cell])] -= 1;
            self.totals[colour] -= self.worth[colour][cell];
            self.level[colour][cell] = NONE;
            self.worth[colour][cell] = 0;
        }
    }

    /// Recomputes a point's level and worth from its patterns, keeping the sums.
    fn settle(&mut self, cell: usize) {
        for colour in 0..2 {
            let lines = self.patterns[colour][cell];
            let key = usize::from(lines[0])
                | usize::from(lines[1]) << 3
                | usize::from(lines[2]) << 6
                | usize::from(lines[3]) << 9;
            let (level, worth) = self.combined[key];
            self.counts[colour][usize::from(self.level[colour][cell])] -= 1;
            self.counts[colour][usize::from(level)] += 1;
            self.totals[colour] += worth - self.worth[colour][cell];
            self.level[colour][cell] = level;
            self.worth[colour][cell] = worth;
        }
    }

    /// Whether the player to move may not play on `cell`: black under renju, on a point the
    /// rules call forbidden. The rules are asked only where the patterns allow it: two threes
    /// or fours, a four pair in one line, or a run that would pass five.
    pub fn forbidden(&self, cell: usize) -> bool {
        if self.rules != RuleSet::Renju || self.to_move != 1 || self.cells[cell] != EMPTY {
            return false;
        }
        let lines = self.patterns[0][cell];
        if lines.contains(&FIVE) {
            return false;
        }
        let threats = lines.iter().filter(|&&p| p >= OPEN_THREE).count();
        let long = STEPS.iter().any(|&step| {
            let along = |forward: bool| {
                (1..=5)
                    .take_while(|&d| {
                        let near = if forward { cell + step * d } else { cell - step * d };
                        self.cells[near] == 1
                    })
                    .count()
            };
            along(true) + along(false) >= 5
        });
        if threats < 2 && !lines.contains(&FLEX_FOUR) && !long {
            return false;
        }
        let mut board = [None; SIZE * SIZE];
        for (index, &c) in points().iter().enumerate() {
            board[index] = match self.cells[c] {
                1 => Some(Player::First),
                2 => Some(Player::Second),
                _ => None,
            };
        }
        gomoku::forbidden(board, point_of(cell))
    }

    /// Whether the player to move may play on `cell`.
    pub fn playable(&self, cell: usize) -> bool {
        self.cells[cell] == EMPTY && !self.forbidden(cell)
    }
}
