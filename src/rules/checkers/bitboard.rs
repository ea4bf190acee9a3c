//! Checkers on bitboards, the rules' move generation: one bit per dark square, in the rules' numbering (PDN square `n` is
//! bit `n - 1`, black's back row first), and whole moves, a multi-jump being one move.
//!
//! The rows alternate: on an even row (0, 2, ...) the dark squares are the board's columns 1,
//! 3, 5, 7, on an odd row 0, 2, 4, 6. So one diagonal step is a shift by 3, 4 or 5 depending
//! on the row, and a mask per direction keeps pieces from wrapping round the board's edges.

use super::{Checkers, Config, QUIET_LIMIT, Square};
use crate::rules::{Game, Player};

/// Bits of the dark squares.
pub type Bits = u32;

const EVEN_ROWS: Bits = 0x0F0F_0F0F;
const ODD_ROWS: Bits = 0xF0F0_F0F0;
/// The rightmost square of each even row and the leftmost of each odd one.
const EVEN_NOT_RIGHT: Bits = 0x0707_0707;
const ODD_NOT_LEFT: Bits = 0xE0E0_E0E0;
/// Where each side's men are crowned: black at the bottom row, red at the top.
pub const CROWN_ROW: [Bits; 2] = [0xF000_0000, 0x0000_000F];

/// The four diagonal directions, as seen on the board (black moves down it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    DownLeft,
    DownRight,
    UpLeft,
    UpRight,
}

impl Direction {
    /// Every piece in `bits` moved one step this way; steps off the board vanish.
    #[inline]
    pub fn shift(self, bits: Bits) -> Bits {
        match self {
            Direction::DownLeft => ((bits & EVEN_ROWS) << 4) | ((bits & ODD_NOT_LEFT) << 3),
            Direction::DownRight => ((bits & EVEN_NOT_RIGHT) << 5) | ((bits & ODD_ROWS) << 4),
            Direction::UpLeft => ((bits & EVEN_ROWS) >> 4) | ((bits & ODD_NOT_LEFT) >> 5),
            Direction::UpRight => ((bits & EVEN_NOT_RIGHT) >> 3) | ((bits & ODD_ROWS) >> 4),
        }
    }

    /// The way back.
    #[inline]
    pub fn back(self) -> Direction {
        match self {
            Direction::DownLeft => Direction::UpRight,
            Direction::DownRight => Direction::UpLeft,
            Direction::UpLeft => Direction::DownRight,
            Direction::UpRight => Direction::DownLeft,
        }
    }
}

/// The directions a side's men move in (black down, red up); kings move in all four.
pub const FORWARD: [[Direction; 2]; 2] =
    [[Direction::DownLeft, Direction::DownRight], [Direction::UpLeft, Direction::UpRight]];
pub const ALL_DIRECTIONS: [Direction; 4] =
    [Direction::DownLeft, Direction::DownRight, Direction::UpLeft, Direction::UpRight];

/// A whole move: where the piece starts and ends, and what it takes. Two capture paths with
/// the same ends and the same pieces taken lead to the same position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub captured: Bits,
}

impl Move {
    pub fn is_capture(self) -> bool {
        self.captured != 0
    }
}

/// The longest multi-jump's squares: at most 12 pieces can be taken, so 13 squares.
pub const LONGEST_PATH: usize = 13;

/// Where the generator puts the moves it finds: a list, a count, or the root's paths.
pub trait Sink {
    /// A whole move; `path` is every square it visits, from the start.
    fn add(&mut self, mv: Move, path: &[Square]);
}

/// Counts moves without keeping them (perft's last depth).
#[derive(Default)]
pub struct Counter(pub u64);

impl Sink for Counter {
    #[inline]
    fn add(&mut self, _mv: Move, _path: &[Square]) {
        self.0 += 1;
    }
}

/// A list of moves, kept on the stack.
pub struct MoveList {
    moves: [Move; 128],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList { moves: [Move::default(); 128], len: 0 }
    }
}

impl MoveList {
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Sink for MoveList {
    /// Beyond the list's room (no real position comes near it) moves are dropped, never a panic.
    #[inline]
    fn add(&mut self, mv: Move, _path: &[Square]) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }
}

/// Every move with its path, for the root, where a move must be said square by square.
#[derive(Default)]
pub struct PathList(pub Vec<(Move, Vec<Square>)>);

impl Sink for PathList {
    fn add(&mut self, mv: Move, path: &[Square]) {
        self.0.push((mv, path.to_vec()));
    }
}

/// A position between turns. Side 0 is black (the first player), 1 red.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub pieces: [Bits; 2],
    pub kings: Bits,
    pub side: usize,
    /// Plies since the last capture or man move (the 40-move rule).
    pub quiet: u32,
    pub compulsory: bool,
}

/// The side index of a player.
pub fn side_of(player: Player) -> usize {
    usize::from(player == Player::Second)
}

/// A bit's square.
#[inline]
fn square(bit: Bits) -> Square {
    bit.trailing_zeros() as Square
}

impl Board {
    pub fn new(config: &Config) -> Self {
        Board {
            pieces: [0x0000_0FFF, 0xFFF0_0000],
            kings: 0,
            side: 0,
            quiet: 0,
            compulsory: config.compulsory_capture,
        }
    }

    /// The rules' position as bitboards. Part-way through a multi-jump the pieces already
    /// jumped are still on the board (see [`Board::continuations`]).
    pub fn from_game(game: &Checkers) -> Self {
        let mut board = Board {
            pieces: [0; 2],
            kings: 0,
            side: side_of(game.to_move()),
            quiet: game.quiet_plies(),
            compulsory: game.config().compulsory_capture,
        };
        for square in 0..32 {
            if let Some(piece) = game.piece(square) {
                board.pieces[side_of(piece.owner)] |= 1 << square;
                if piece.king {
                    board.kings |= 1 << square;
                }
            }
        }
        board
    }

    #[inline]
    pub fn occupied(&self) -> Bits {
        self.pieces[0] | self.pieces[1]
    }

    #[inline]
    pub fn empty(&self) -> Bits {
        !self.occupied()
    }

    /// The side to move's pieces that can step somewhere, by direction: targets of each.
    #[inline]
    fn step_targets(&self, side: usize, direction: Direction) -> Bits {
        let own = self.pieces[side];
        let movers = if FORWARD[side].contains(&direction) { own } else { own & self.kings };
        direction.shift(movers) & self.empty()
    }

    /// The number of steps a side could make (mobility, and perft's bulk count).
    #[inline]
    pub fn step_count(&self, side: usize) -> u32 {
        ALL_DIRECTIONS.iter().map(|&d| self.step_targets(side, d).count_ones()).sum()
    }

    /// The side's pieces that have a jump now.
    #[inline]
    pub fn jumpers(&self, side: usize) -> Bits {
        let enemy = self.pieces[1 - side];
        let empty = self.empty();
        let own = self.pieces[side];
        let mut found = 0;
        for direction in ALL_DIRECTIONS {
            let movers = if FORWARD[side].contains(&direction) { own } else { own & self.kings };
            // Landing squares reachable over an enemy, traced back to the jumper.
            let landing = direction.shift(direction.shift(movers) & enemy) & empty;
            let back = direction.back();
            found |= back.shift(back.shift(landing));
        }
        found & own
    }

    pub fn has_capture(&self) -> bool {
        self.jumpers(self.side) != 0
    }

    /// Whether the side to move has any move at all.
    pub fn has_move(&self) -> bool {
        self.has_capture() || self.step_count(self.side) != 0
    }

    /// Whether the piece on `at`, part-way through a multi-jump that took `jumped` (still on
    /// the board), can jump on.
    pub fn can_jump_on(&self, at: Square, jumped: Bits) -> bool {
        let king = self.kings & (1 << at) != 0;
        self.can_jump_from(at, at, king, jumped)
    }

    /// Every legal move for the side to move, into `sink`: captures (each multi-jump whole,
    /// and each of its beginnings where captures are optional), then, unless a capture is
    /// compelled, steps.
    pub fn generate<S: Sink>(&self, sink: &mut S) {
        let captured_any = self.generate_captures(sink);
        if !captured_any || !self.compulsory {
            self.generate_steps(sink);
        }
    }

    /// The captures only; whether there were any.
    pub fn generate_captures<S: Sink>(&self, sink: &mut S) -> bool {
        let mut jumpers = self.jumpers(self.side);
        let any = jumpers != 0;
        while jumpers != 0 {
            let from = square(jumpers);
            jumpers &= jumpers - 1;
            let mut path = [0; LONGEST_PATH];
            path[0] = from;
            self.jump_on(from, from, self.kings & (1 << from) != 0, 0, &mut path, 1, sink);
        }
        any
    }

    pub fn generate_steps<S: Sink>(&self, sink: &mut S) {
        for direction in ALL_DIRECTIONS {
            let mut targets = self.step_targets(self.side, direction);
            let back = direction.back();
            while targets != 0 {
                let to_bit = targets & targets.wrapping_neg();
                targets &= targets - 1;
                let (from, to) = (square(back.shift(to_bit)), square(to_bit));
                sink.add(Move { from, to, captured: 0 }, &[from, to]);
            }
        }
    }

    /// The moves of a piece part-way through a multi-jump on `at` (the rules' `jumping`),
    /// `jumped` already taken this turn and still on the board: its further jumps, and, where
    /// captures are optional, stopping where it stands.
    pub fn continuations<S: Sink>(&self, at: Square, jumped: Bits, sink: &mut S) {
        let king = self.kings & (1 << at) != 0;
        let mut path = [0; LONGEST_PATH];
        path[0] = at;
        if !self.compulsory {
            sink.add(Move { from: at, to: at, captured: jumped }, &path[..1]);
        }
        self.jump_on(at, at, king, jumped, &mut path, 1, sink);
    }

    /// Jumps on from `at` by the piece that started on `start`, `captured` already taken (and
    /// still on the board, unjumpable, as the rules keep them until the turn ends). Adds each
    /// finished move; where captures are optional, every landing is a place to stop.
    #[allow(clippy::too_many_arguments)]
    fn jump_on<S: Sink>(
        &self,
        start: Square,
        at: Square,
        king: bool,
        captured: Bits,
        path: &mut [Square; LONGEST_PATH],
        len: usize,
        sink: &mut S,
    ) {
        let side = self.side;
        let enemy = self.pieces[1 - side] & !captured;
        // The mover's own starting square is free once it has left.
        let empty = self.empty() | (1 << start);
        let at_bit: Bits = 1 << at;
        for direction in ALL_DIRECTIONS {
            if !king && !FORWARD[side].contains(&direction) {
                continue;
            }
            let over = direction.shift(at_bit) & enemy;
            if over == 0 {
                continue;
            }
            let land = direction.shift(over) & empty;
            if land == 0 || len >= LONGEST_PATH {
                continue;
            }
            let to = square(land);
            path[len] = to;
            let taken = captured | over;
            let crowned = !king && land & CROWN_ROW[side] != 0;
            let mv = Move { from: start, to, captured: taken };
            if crowned {
                sink.add(mv, &path[..=len]);
                continue;
            }
            if !self.compulsory {
                sink.add(mv, &path[..=len]);
            }
            // Jumps on if it can; otherwise the move ends here (where captures are optional,
            // the landing was added already).
            if self.can_jump_from(start, to, king, taken) {
                self.jump_on(start, to, king, taken, path, len + 1, sink);
            } else if self.compulsory {
                sink.add(mv, &path[..=len]);
            }
        }
    }

    /// Whether the piece on `at` (started on `start`) has a further jump.
    #[inline]
    fn can_jump_from(&self, start: Square, at: Square, king: bool, captured: Bits) -> bool {
        let enemy = self.pieces[1 - self.side] & !captured;
        let empty = self.empty() | (1 << start);
        let at_bit: Bits = 1 << at;
        ALL_DIRECTIONS.iter().any(|&direction| {
            (king || FORWARD[self.side].contains(&direction))
                && direction.shift(direction.shift(at_bit) & enemy) & empty != 0
        })
    }

    /// The position after a legal move.
    #[inline]
    pub fn play(&self, mv: Move) -> Board {
        let side = self.side;
        let (from, to): (Bits, Bits) = (1 << mv.from, 1 << mv.to);
        let mut next = *self;
        let was_king = self.kings & from != 0;
        next.pieces[side] = (next.pieces[side] & !from) | to;
        next.pieces[1 - side] &= !mv.captured;
        next.kings &= !mv.captured;
        if was_king {
            next.kings = (next.kings & !from) | to;
        } else if to & CROWN_ROW[side] != 0 {
            next.kings |= to;
        }
        next.quiet = if mv.is_capture() || !was_king { 0 } else { self.quiet + 1 };
        next.side = 1 - side;
        next
    }

    /// The number of legal moves.
    pub fn count_moves(&self) -> u64 {
        let mut counter = Counter::default();
        let captured_any = self.generate_captures(&mut counter);
        if !captured_any || !self.compulsory {
            counter.0 += u64::from(self.step_count(self.side));
        }
        counter.0
    }

    /// A 64-bit key for the transposition table and repetitions.
    #[inline]
    pub fn key(&self) -> u64 {
        let pieces = u64::from(self.pieces[0]) | (u64::from(self.pieces[1]) << 32);
        let rest = u64::from(self.kings) | ((self.side as u64) << 32);
        mix(pieces ^ mix(rest.wrapping_add(0x9E37_79B9_7F4A_7C15)))
    }
}

/// SplitMix64's finaliser: every input bit moves about half the output bits.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Perft in whole moves, the last depth counted in bulk. A position the 40-move rule has
/// drawn has no moves.
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => board.count_moves(),
        _ => {
            let mut moves = MoveList::default();
            board.generate(&mut moves);
            let below = |next: Board| if next.quiet >= QUIET_LIMIT { 0 } else { perft(&next, depth - 1) };
            moves.as_slice().iter().map(|&mv| below(board.play(mv))).sum()
        }
    }
}
