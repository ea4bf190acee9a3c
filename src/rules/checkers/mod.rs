//! Checkers (English draughts, WCDF rules) on the 32 dark squares of an 8x8 board. Black
//! starts at the top and moves first, down the board; red starts at the bottom.
//!
//! A move here is one leg: a step, or one jump. A multi-jump is several legs by the same
//! piece, with the turn staying put (`jumping`) until no further jump exists. Jumped pieces
//! stay on the board, unjumpable, until the turn ends, so no piece is jumped twice. When
//! captures are optional, a multi-jump may also end early with a stop (a leg that goes nowhere).

pub mod bitboard;
mod record;
pub use record::{fen, read_fen};

use super::{Game, Illegal, Outcome, Player, SetupError, Termination, quiet_moves_draw};
use bitboard::{Board, Sink};
use serde::{Deserialize, Serialize};

/// A dark square, 0-31: PDN square `n` is index `n - 1`, numbered from black's back row, left
/// to right, top to bottom.
pub type Square = u8;

const SQUARES: usize = 32;

/// Black is the first player, red the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub owner: Player,
    pub king: bool,
}

/// One leg of a move: a step, a jump over the piece between `from` and `to`, or a stop
/// (`from == to`) that ends a multi-jump early where captures are optional.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    /// The piece part-way through a multi-jump on `square` stops there: the turn ends.
    pub fn stop(square: Square) -> Move {
        Move { from: square, to: square }
    }

    pub fn is_stop(self) -> bool {
        self.from == self.to
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// WCDF: a player who can capture must. Off is the seed's "captures optional".
    pub compulsory_capture: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config { compulsory_capture: true }
    }
}

/// Plies (40 moves by each side) with no capture and no man moved that draw the game.
pub const QUIET_LIMIT: u32 = 80;

/// The board position of a square: `x` from the left, `y` from the top.
pub fn coordinates(square: Square) -> (usize, usize) {
    let (row, index) = (usize::from(square) / 4, usize::from(square) % 4);
    (2 * index + usize::from(row % 2 == 0), row)
}

/// The square at a board position, if it is a dark one.
pub fn square_at(x: usize, y: usize) -> Option<Square> {
    (x < 8 && y < 8 && (x + y) % 2 == 1).then(|| (y * 4 + x / 2) as Square)
}

/// The square a leg jumps over, if it is a jump (two diagonal squares) rather than a step.
pub fn jumped_square(mv: Move) -> Option<Square> {
    let ((ax, ay), (bx, by)) = (coordinates(mv.from), coordinates(mv.to));
    (ay.abs_diff(by) == 2 && ax.abs_diff(bx) == 2).then(|| square_at((ax + bx) / 2, (ay + by) / 2)).flatten()
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Checkers {
    config: Config,
    board: [Option<Piece>; SQUARES],
    to_move: Player,
    /// The piece in the middle of a multi-jump, which must jump on.
    jumping: Option<Square>,
    /// Pieces jumped this turn, removed when it ends.
    jumped: u32,
    /// Plies since the last capture or man move.
    quiet_plies: u32,
    outcome: Option<Outcome>,
}

impl Checkers {
    /// A position set up by hand (tests, puzzles): pieces by square, `to_move` to play, and,
    /// as FEN's half-move clock, the plies already played without a capture or a man moved.
    /// Refused: more than twelve pieces a side. A player to move with no move has lost.
    pub fn from_setup(
        config: Config,
        board: [Option<Piece>; SQUARES],
        to_move: Player,
        quiet_plies: u32,
    ) -> Result<Self, SetupError> {
        for side in [Player::First, Player::Second] {
            if board.iter().flatten().filter(|p| p.owner == side).count() > 12 {
                return Err(SetupError::TooManyPieces);
            }
        }
        Ok(Self::starting(config, board, to_move, quiet_plies))
    }

    /// A position from parts known to be valid.
    fn starting(config: Config, board: [Option<Piece>; SQUARES], to_move: Player, quiet_plies: u32) -> Self {
        let mut game =
            Checkers { config, board, to_move, jumping: None, jumped: 0, quiet_plies, outcome: None };
        if !game.has_move() {
            game.outcome = Some(Outcome::Win(to_move.opponent()));
        }
        game
    }

    pub fn piece(&self, square: Square) -> Option<Piece> {
        self.board.get(usize::from(square)).copied().flatten()
    }

    /// The piece that is part-way through a multi-jump.
    pub fn jumping(&self) -> Option<Square> {
        self.jumping
    }

    /// Whether the piece on `square` was jumped this turn (it leaves when the turn ends).
    pub fn is_jumped(&self, square: Square) -> bool {
        1_u32.checked_shl(u32::from(square)).is_some_and(|bit| self.jumped & bit != 0)
    }

    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// The position as bitboards, the rules' move generation.
    fn bits(&self) -> Board {
        Board::from_game(self)
    }

    /// Whether the player to move has any move at all.
    fn has_move(&self) -> bool {
        self.bits().has_move()
    }

    /// Ends the turn: jumped pieces leave, the other player moves, and the rules may end the game.
    fn end_turn(&mut self, irreversible: bool) {
        for square in 0..SQUARES {
            if self.jumped & (1 << square) != 0 {
                self.board[square] = None;
            }
        }
        self.jumped = 0;
        self.jumping = None;
        self.to_move = self.to_move.opponent();
        self.quiet_plies = if irreversible { 0 } else { self.quiet_plies + 1 };
        if !self.has_move() {
            self.outcome = Some(Outcome::Win(self.to_move.opponent()));
        } else if self.quiet_plies >= QUIET_LIMIT {
            self.outcome = Some(Outcome::Draw);
        }
    }
}

impl Game for Checkers {
    type Move = Move;
    type Config = Config;

    fn new(config: &Config) -> Self {
        let mut board = [None; SQUARES];
        for (square, cell) in board.iter_mut().enumerate() {
            *cell = match square {
                0..12 => Some(Piece { owner: Player::First, king: false }),
                20..32 => Some(Piece { owner: Player::Second, king: false }),
                _ => None,
            };
        }
        Self::starting(config.clone(), board, Player::First, 0)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    /// Jumps, square by square from 1 (each piece's directions: forward left, forward right,
    /// then a king's backward left and right), then, where no capture is compelled, steps in
    /// the same order; part-way through a multi-jump, that piece's jumps and then the stop.
    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut legs = FirstLegs::default();
        match self.jumping {
            Some(at) => self.bits().continuations(at, self.jumped, &mut legs),
            None => self.bits().generate(&mut legs),
        }
        let ahead = if self.to_move == Player::First { 1 } else { -1 };
        let mut moves = legs.0;
        moves.sort_by_key(|&mv| {
            let ((fx, fy), (tx, ty)) = (coordinates(mv.from), coordinates(mv.to));
            let backward = (ty as isize - fy as isize).signum() != ahead;
            let right = tx > fx;
            (mv.is_stop(), jumped_square(mv).is_none(), mv.from, backward, right)
        });
        moves.dedup();
        moves
    }

    fn is_legal(&self, mv: &Move) -> bool {
        self.legal_moves().contains(mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        if self.outcome.is_some() {
            return Err(Illegal::GameOver);
        }
        if !self.is_legal(&mv) {
            return Err(Illegal::NotAllowed);
        }
        self.apply(mv);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn termination(&self) -> Option<Termination> {
        quiet_moves_draw(self.outcome)
    }

    /// A leg in PDN: `11-15` for a step, `22x15` for a jump; a stop names where it stops.
    fn notation(&self, mv: &Move) -> String {
        let number = |square: Square| u32::from(square) + 1;
        if mv.is_stop() {
            return number(mv.to).to_string();
        }
        let separator = if jumped_square(*mv).is_some() { 'x' } else { '-' };
        format!("{}{separator}{}", number(mv.from), number(mv.to))
    }

    /// A leg (`11-15`, `15x22`) or a stop where the piece stands (`22`).
    fn parse_move(&self, text: &str) -> Result<Move, super::BadNotation> {
        let square = |name: &str| {
            name.parse::<u8>().ok().filter(|n| (1..=32).contains(n) && n.to_string() == name).map(|n| n - 1)
        };
        let mv = match parse_pdn(text) {
            Some((squares, _)) if squares.len() == 2 => Some(Move { from: squares[0], to: squares[1] }),
            Some(_) => None,
            None => square(text).map(Move::stop),
        };
        mv.ok_or_else(|| super::BadNotation::of(text))
    }

    fn mid_move(&self) -> bool {
        self.jumping.is_some()
    }

    /// The third repetition of a position draws (WCDF).
    fn repeats(&self, earlier: &Self) -> bool {
        self.board == earlier.board && self.to_move == earlier.to_move
    }

    /// A quiet turn is one action: the quiet turns, and the position the last other one left.
    fn repeatable_plies(&self) -> usize {
        self.quiet_plies as usize
    }

    /// A whole move in PDN: the squares it visits, `11x18x25` for a multi-capture.
    fn turn_notation(&self, legs: &[Move]) -> String {
        let squares: Vec<Square> = legs
            .first()
            .map(|l| l.from)
            .into_iter()
            .chain(legs.iter().filter(|l| !l.is_stop()).map(|l| l.to))
            .collect();
        pdn(&squares, legs.first().is_some_and(|&l| jumped_square(l).is_some()))
    }
}

impl Checkers {
    /// Plays a leg already known to be legal.
    fn apply(&mut self, mv: Move) {
        if mv.is_stop() {
            // Only a piece that has jumped stops: the move captured.
            self.end_turn(true);
            return;
        }
        let Some(mut piece) = self.piece(mv.from) else { return };
        let over = jumped_square(mv);
        let jump = over.is_some();
        if let Some(over) = over {
            self.jumped |= 1 << over;
        }
        let (_, y) = coordinates(mv.to);
        let far_row = if piece.owner == Player::First { 7 } else { 0 };
        // A man reaching the far row is crowned, and that ends the move.
        let crowned = !piece.king && y == far_row;
        piece.king |= crowned;
        self.board[usize::from(mv.from)] = None;
        self.board[usize::from(mv.to)] = Some(piece);
        if jump && !crowned && self.bits().can_jump_on(mv.to, self.jumped) {
            self.jumping = Some(mv.to);
            return;
        }
        let man_moved = !piece.king || crowned;
        self.end_turn(jump || man_moved);
    }
}

/// The legs of the last move in `moves`. A multi-jump's legs (jumps, and a stop) chain, each
/// starting where the last ended, and a move never starts where the one before it ended (that
/// square holds the other side's piece), so the chain is exactly the last move.
pub fn last_move(moves: &[Move]) -> &[Move] {
    let goes_on =
        |leg: Move, before: Move| leg.from == before.to && (leg.is_stop() || jumped_square(leg).is_some());
    let mut start = moves.len().saturating_sub(1);
    while start > 0 && goes_on(moves[start], moves[start - 1]) {
        start -= 1;
    }
    &moves[start..]
}

/// A whole move in PDN: `11-15`, `22x15`, or a multi-capture `11x18x25`, from the squares it
/// visits.
pub fn pdn(squares: &[Square], capture: bool) -> String {
    let numbers: Vec<String> = squares.iter().map(|s| (s + 1).to_string()).collect();
    numbers.join(if capture { "x" } else { "-" })
}

/// Reads a whole PDN move into the squares it visits and whether it captures.
pub fn parse_pdn(text: &str) -> Option<(Vec<Square>, bool)> {
    let capture = text.contains('x');
    let separator = if capture { 'x' } else { '-' };
    let squares = text
        .trim()
        .split(separator)
        .map(|n| n.parse::<u8>().ok().filter(|n| (1..=32).contains(n)).map(|n| n - 1))
        .collect::<Option<Vec<Square>>>()?;
    (squares.len() >= 2 && (capture || squares.len() == 2)).then_some((squares, capture))
}

/// The first legs of whole moves: a step or a jump, or a stop where a multi-jump may end.
#[derive(Default)]
struct FirstLegs(Vec<Move>);

impl Sink for FirstLegs {
    fn add(&mut self, _whole: bitboard::Move, path: &[Square]) {
        match path {
            [at] => self.0.push(Move::stop(*at)),
            [from, to, ..] => self.0.push(Move { from: *from, to: *to }),
            [] => {}
        }
    }
}

/// The number of positions reached after `depth` whole moves (a multi-jump is one move), for
/// checking move generation against published counts: on the bitboards between turns, the
/// last depth counted in bulk.
pub fn perft(game: &Checkers, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.jumping.is_none() {
        return if game.outcome.is_some() { 0 } else { bitboard::perft(&game.bits(), depth) };
    }
    game.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut next = game.clone();
            next.apply(mv);
            let same_move = next.to_move() == game.to_move() && next.outcome().is_none();
            perft(&next, if same_move { depth } else { depth - 1 })
        })
        .sum()
}
