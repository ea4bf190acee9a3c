//! Dark chess (暗棋, Banqi), Taiwanese rules: 32 xiangqi pieces face down on an 8x4 board.
//! A turn flips a piece, steps a face-up piece of one's colour one square orthogonally, or
//! captures by rank; the cannon captures by jumping over exactly one screen. The first flip
//! gives its player that piece's colour. Optional house rules: chain capture (連吃), chariot
//! rush (車直衝) and blind capture (盲吃).

mod record;
mod view;

pub use view::{Seen, View};

use super::{Game, Illegal, Outcome, Player, SetupError, Termination, quiet_moves_draw};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

pub const COLUMNS: usize = 8;
pub const ROWS: usize = 4;
const SQUARES: usize = COLUMNS * ROWS;

/// A square, `y * 8 + x`, with `x` from the left and `y` from the top.
pub type Square = u8;

pub fn square_at(x: usize, y: usize) -> Square {
    super::grid_index(x, y, COLUMNS)
}

pub fn coordinates(square: Square) -> (usize, usize) {
    super::grid_coordinates(square, COLUMNS)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    Red,
    Black,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Black,
            Colour::Black => Colour::Red,
        }
    }
}

/// The ranks, weakest first, so that `>=` is "may capture" (with two exceptions, see
/// [`captures_by_rank`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    Soldier,
    Cannon,
    Horse,
    Chariot,
    Elephant,
    Advisor,
    General,
}

impl Rank {
    /// Strongest first, as the graveyard shows them.
    pub const ALL: [Rank; 7] = [
        Rank::General,
        Rank::Advisor,
        Rank::Elephant,
        Rank::Chariot,
        Rank::Horse,
        Rank::Cannon,
        Rank::Soldier,
    ];

    /// How many of this rank each side has.
    pub fn count(self) -> usize {
        match self {
            Rank::General => 1,
            Rank::Soldier => 5,
            _ => 2,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub colour: Colour,
    pub rank: Rank,
}

/// What is on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    FaceDown(Piece),
    FaceUp(Piece),
}

/// A move: flip a face-down piece; take a piece from one square to another (a step, a
/// capture, a cannon's jump, a chariot's rush, or a blind attack on a face-down piece); or,
/// under chain capture, stop capturing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    Flip(Square),
    Go { from: Square, to: Square },
    EndChain,
}

/// Chosen before the game: the shuffle and the house rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// Determines the shuffle completely.
    pub seed: u64,
    /// Plies with no flip and no capture that draw the game.
    pub quiet_limit: u32,
    /// 連吃: after a capture the same piece may capture again in the same turn.
    pub chain_capture: bool,
    /// 車直衝: a chariot moves any distance along a clear line and captures regardless of rank.
    pub chariot_rush: bool,
    /// 盲吃: a piece may attack a face-down piece; it is revealed, and taken if the rules allow.
    pub blind_capture: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config { seed: 0, quiet_limit: 60, chain_capture: false, chariot_rush: false, blind_capture: false }
    }
}

/// Whether a piece stepping onto another may take it: rank for rank, except that the general
/// cannot take a soldier and a soldier takes the general. A cannon never takes by stepping.
pub fn captures_by_rank(attacker: Rank, target: Rank) -> bool {
    match (attacker, target) {
        (Rank::Cannon, _) => false,
        (Rank::Soldier, Rank::General) => true,
        (Rank::General, Rank::Soldier) => false,
        _ => attacker >= target,
    }
}

pub const DIRECTIONS: [(isize, isize); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

pub fn neighbour(square: Square, (dx, dy): (isize, isize)) -> Option<Square> {
    let (x, y) = coordinates(square);
    let x = x.checked_add_signed(dx).filter(|&x| x < COLUMNS)?;
    let y = y.checked_add_signed(dy).filter(|&y| y < ROWS)?;
    Some(square_at(x, y))
}

/// The moves of the piece on `from` on a board as a player sees it (`seen`), if it is face up
/// and of `mover`'s colour: captures only when `captures_only` (continuing a chain). Up, right,
/// down, left; a cannon's step before its jump in each direction. The rules and the engine's
/// search over a [`View`] both generate moves here.
pub fn piece_moves(
    seen: &dyn Fn(Square) -> Seen,
    rules: &Config,
    mover: Option<Colour>,
    from: Square,
    captures_only: bool,
    moves: &mut Vec<Move>,
) {
    let Seen::FaceUp(piece) = seen(from) else {
        return;
    };
    if Some(piece.colour) != mover {
        return;
    }
    let rush = rules.chariot_rush && piece.rank == Rank::Chariot;
    for direction in DIRECTIONS {
        let mut to = neighbour(from, direction);
        if piece.rank == Rank::Cannon {
            // The cannon steps like any piece, and captures over exactly one screen.
            if let Some(next) = to.filter(|&t| seen(t) == Seen::Empty && !captures_only) {
                moves.push(Move::Go { from, to: next });
            }
            let mut screened = false;
            while let Some(t) = to {
                if seen(t) != Seen::Empty {
                    if screened {
                        if may_attack(rules, piece, seen(t), true) {
                            moves.push(Move::Go { from, to: t });
                        }
                        break;
                    }
                    screened = true;
                }
                to = neighbour(t, direction);
            }
            continue;
        }
        while let Some(t) = to {
            match seen(t) {
                Seen::Empty => {
                    if !captures_only {
                        moves.push(Move::Go { from, to: t });
                    }
                }
                target => {
                    if may_attack(rules, piece, target, rush) {
                        moves.push(Move::Go { from, to: t });
                    }
                    break;
                }
            }
            if !rush {
                break;
            }
            to = neighbour(t, direction);
        }
    }
}

/// Whether `piece` may move onto `target` (occupied): a face-up enemy it may take, or under
/// blind capture any face-down piece. `any_rank` for the cannon's jump and the rushing chariot.
fn may_attack(rules: &Config, piece: Piece, target: Seen, any_rank: bool) -> bool {
    match target {
        Seen::FaceUp(t) => t.colour != piece.colour && (any_rank || captures_by_rank(piece.rank, t.rank)),
        Seen::FaceDown => rules.blind_capture,
        Seen::Empty => false,
    }
}

/// Whether `attacker` takes `target`, revealed by its blind attack: a cannon (which only ever
/// attacks by jumping) and a rushing chariot take any rank.
pub fn takes_revealed(rules: &Config, attacker: Piece, target: Piece) -> bool {
    let any_rank = attacker.rank == Rank::Cannon || (rules.chariot_rush && attacker.rank == Rank::Chariot);
    target.colour != attacker.colour && (any_rank || captures_by_rank(attacker.rank, target.rank))
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DarkChess {
    config: Config,
    board: [Cell; SQUARES],
    to_move: Player,
    /// The first player's colour, once the first flip has decided it.
    first_colour: Option<Colour>,
    /// Under chain capture: the piece that has just captured and may capture again.
    chain: Option<Square>,
    /// Plies since the last flip or capture.
    quiet_plies: u32,
    /// Taken pieces, in the order taken.
    captured: Vec<Piece>,
    outcome: Option<Outcome>,
}

impl DarkChess {
    /// A game from a board set up by hand (for tests and puzzles): the first player has
    /// `first_colour` if given, and `to_move` is to move. Refused: more pieces of a rank than a
    /// set has, or a face-up piece before any colour is dealt. A side with no piece, or a
    /// player to move with no move, has lost.
    pub fn from_setup(
        config: Config,
        board: [Cell; SQUARES],
        first_colour: Option<Colour>,
        to_move: Player,
    ) -> Result<Self, SetupError> {
        for colour in [Colour::Red, Colour::Black] {
            for rank in Rank::ALL {
                let piece = Piece { colour, rank };
                let count =
                    board.iter().filter(|c| matches!(c, Cell::FaceUp(p) | Cell::FaceDown(p) if *p == piece));
                if count.count() > rank.count() {
                    return Err(SetupError::TooManyPieces);
                }
            }
        }
        if first_colour.is_none() && board.iter().any(|c| matches!(c, Cell::FaceUp(_))) {
            return Err(SetupError::Misplaced);
        }
        let mut game = Self::starting(config, board, first_colour, to_move);
        if let Some(loser) = [to_move, to_move.opponent()].into_iter().find(|&p| !game.has_pieces(p)) {
            game.outcome = Some(Outcome::Win(loser.opponent()));
        } else if !game.has_move() {
            game.outcome = Some(Outcome::Win(to_move.opponent()));
        }
        Ok(game)
    }

    /// A position from parts known to be valid.
    fn starting(
        config: Config,
        board: [Cell; SQUARES],
        first_colour: Option<Colour>,
        to_move: Player,
    ) -> Self {
        DarkChess {
            config,
            board,
            to_move,
            first_colour,
            chain: None,
            quiet_plies: 0,
            captured: Vec::new(),
            outcome: None,
        }
    }

    pub fn cell(&self, square: Square) -> Cell {
        self.board.get(usize::from(square)).copied().unwrap_or(Cell::Empty)
    }

    /// A player's colour, once decided.
    pub fn colour(&self, player: Player) -> Option<Colour> {
        let first = self.first_colour?;
        Some(if player == Player::First { first } else { first.other() })
    }

    /// Whether `player` has any piece left, face up or face down. Before the first flip the
    /// colours are not yet dealt, so everyone does.
    pub fn has_pieces(&self, player: Player) -> bool {
        let Some(colour) = self.colour(player) else { return true };
        self.board
            .iter()
            .any(|cell| matches!(cell, Cell::FaceUp(p) | Cell::FaceDown(p) if p.colour == colour))
    }

    /// The piece that may keep capturing this turn (chain capture), if any.
    pub fn chain(&self) -> Option<Square> {
        self.chain
    }

    pub fn captured(&self) -> &[Piece] {
        &self.captured
    }

    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// The moves of the piece on `from`, if it belongs to the player to move: captures only
    /// when `captures_only` (continuing a chain).
    fn piece_moves(&self, from: Square, captures_only: bool, moves: &mut Vec<Move>) {
        let seen = |square| Seen::of(self.cell(square));
        piece_moves(&seen, &self.config, self.colour(self.to_move), from, captures_only, moves);
    }

    /// Whether the piece on `from` takes `target`, revealed by its blind attack.
    fn takes_revealed(&self, from: Square, target: Piece) -> bool {
        let Cell::FaceUp(piece) = self.cell(from) else {
            return false;
        };
        takes_revealed(&self.config, piece, target)
    }

    /// Takes `taken` on `to` with the piece on `from`. Returns whether, under chain capture,
    /// that piece may capture again this turn.
    fn capture(&mut self, from: Square, to: Square, taken: Piece) -> bool {
        self.captured.push(taken);
        self.board[usize::from(to)] = self.board[usize::from(from)];
        self.board[usize::from(from)] = Cell::Empty;
        self.quiet_plies = 0;
        let mut more = Vec::new();
        if self.config.chain_capture {
            self.piece_moves(to, true, &mut more);
        }
        !more.is_empty()
    }

    /// Whether the player to move has any move, without listing them: a face-down piece to
    /// flip, or a face-up piece of theirs that can go somewhere.
    fn has_move(&self) -> bool {
        let mut moves = Vec::new();
        (0..SQUARES as Square).any(|square| match self.cell(square) {
            Cell::FaceDown(_) => true,
            Cell::FaceUp(_) => {
                self.piece_moves(square, false, &mut moves);
                !moves.is_empty()
            }
            Cell::Empty => false,
        })
    }

    /// Ends the turn: the other player moves, and the rules may end the game.
    fn pass_turn(&mut self) {
        self.chain = None;
        self.to_move = self.to_move.opponent();
        if !self.has_move() {
            self.outcome = Some(Outcome::Win(self.to_move.opponent()));
        } else if self.quiet_plies >= self.config.quiet_limit {
            self.outcome = Some(Outcome::Draw);
        }
    }
}

/// The 32 pieces, in a fixed order.
fn full_set() -> Vec<Piece> {
    let mut pieces = Vec::with_capacity(SQUARES);
    for colour in [Colour::Red, Colour::Black] {
        for rank in Rank::ALL {
            pieces.extend(std::iter::repeat_n(Piece { colour, rank }, rank.count()));
        }
    }
    pieces
}

/// The 32 pieces, shuffled by the seed.
fn shuffled(seed: u64) -> [Cell; SQUARES] {
    let mut pieces = full_set();
    pieces.shuffle(&mut rand_pcg::Pcg32::seed_from_u64(seed));
    let mut board = [Cell::Empty; SQUARES];
    for (cell, piece) in board.iter_mut().zip(pieces) {
        *cell = Cell::FaceDown(piece);
    }
    board
}

/// The letter of a rank in move notation (as in xiangqi's WXF notation).
fn rank_letter(rank: Rank) -> char {
    match rank {
        Rank::General => 'K',
        Rank::Advisor => 'A',
        Rank::Elephant => 'E',
        Rank::Chariot => 'R',
        Rank::Horse => 'H',
        Rank::Cannon => 'C',
        Rank::Soldier => 'P',
    }
}

/// A piece's letter in move notation: red in capitals, black in small letters.
pub fn piece_letter(piece: Piece) -> char {
    match piece.colour {
        Colour::Red => rank_letter(piece.rank),
        Colour::Black => rank_letter(piece.rank).to_ascii_lowercase(),
    }
}

/// The piece a notation letter names: red in capitals, black in small letters.
fn piece_of_letter(letter: char) -> Option<Piece> {
    let rank = Rank::ALL.into_iter().find(|&rank| rank_letter(rank).eq_ignore_ascii_case(&letter))?;
    let colour = if letter.is_ascii_uppercase() { Colour::Red } else { Colour::Black };
    Some(Piece { colour, rank })
}

/// A square as `a1`-`h4`: files from the left, ranks from the bottom.
pub fn square_name(square: Square) -> String {
    super::square_name(square, COLUMNS, ROWS)
}

impl Game for DarkChess {
    type Move = Move;
    type Config = Config;

    fn new(config: &Config) -> Self {
        Self::starting(config.clone(), shuffled(config.seed), None, Player::First)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    /// Square by square from the top left: a flip of a face-down piece, or a face-up piece's
    /// moves (up, right, down, left; a cannon's step before its jump in each direction).
    /// Part-way through a chain: that piece's captures, then ending the chain.
    fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.outcome.is_some() {
            return moves;
        }
        if let Some(from) = self.chain {
            self.piece_moves(from, true, &mut moves);
            moves.push(Move::EndChain);
            return moves;
        }
        for square in 0..SQUARES as Square {
            match self.cell(square) {
                Cell::FaceDown(_) => moves.push(Move::Flip(square)),
                Cell::FaceUp(_) => self.piece_moves(square, false, &mut moves),
                Cell::Empty => {}
            }
        }
        moves
    }

    fn is_legal(&self, mv: &Move) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        match (*mv, self.chain) {
            (Move::EndChain, chain) => chain.is_some(),
            (Move::Flip(at), None) => matches!(self.cell(at), Cell::FaceDown(_)),
            (Move::Go { from, .. }, chain) if chain.is_none_or(|c| c == from) => {
                let mut moves = Vec::new();
                self.piece_moves(from, chain.is_some(), &mut moves);
                moves.contains(mv)
            }
            _ => false,
        }
    }

    fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        if self.outcome.is_some() {
            return Err(Illegal::GameOver);
        }
        if !self.is_legal(&mv) {
            return Err(Illegal::NotAllowed);
        }
        let chain_goes_on = match mv {
            Move::Flip(at) => {
                let Cell::FaceDown(piece) = self.cell(at) else {
                    return Err(Illegal::NotAllowed);
                };
                self.board[usize::from(at)] = Cell::FaceUp(piece);
                self.first_colour.get_or_insert(piece.colour);
                self.quiet_plies = 0;
                false
            }
            Move::Go { from, to } => match self.cell(to) {
                Cell::Empty => {
                    self.board[usize::from(to)] = self.board[usize::from(from)];
                    self.board[usize::from(from)] = Cell::Empty;
                    self.quiet_plies += 1;
                    false
                }
                Cell::FaceUp(taken) => self.capture(from, to, taken),
                Cell::FaceDown(hidden) => {
                    // A blind attack: the piece is revealed, and taken only if the rules allow.
                    self.board[usize::from(to)] = Cell::FaceUp(hidden);
                    self.quiet_plies = 0;
                    self.takes_revealed(from, hidden) && self.capture(from, to, hidden)
                }
            },
            Move::EndChain => false,
        };
        // A colour with no piece left has lost at once, whoever is to move and whether or not
        // a chain of captures could go on.
        if let Some(loser) = [Player::First, Player::Second].into_iter().find(|&p| !self.has_pieces(p)) {
            self.chain = None;
            self.outcome = Some(Outcome::Win(loser.opponent()));
            return Ok(());
        }
        match mv {
            Move::Go { to, .. } if chain_goes_on => self.chain = Some(to),
            _ => self.pass_turn(),
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn termination(&self) -> Option<Termination> {
        quiet_moves_draw(self.outcome)
    }

    /// A chain of captures is one turn.
    fn mid_move(&self) -> bool {
        self.chain.is_some()
    }

    /// The third repetition of a position draws; face-down pieces count where they lie.
    fn repeats(&self, earlier: &Self) -> bool {
        self.board == earlier.board && self.to_move == earlier.to_move
    }

    fn repeatable_plies(&self) -> usize {
        self.quiet_plies as usize
    }

    /// A chain of captures as one turn, each capture after the first by its sign and square
    /// (`b3xb2xc2`), as checkers writes a multi-jump; ending the chain by choice adds nothing.
    fn turn_notation(&self, legs: &[Move]) -> String {
        let mut position = self.clone();
        let mut text = String::new();
        for leg in legs {
            let part = position.notation(leg);
            match leg {
                Move::EndChain => {}
                // After the first, a capture starts where the last one ended: its square goes.
                Move::Go { .. } if !text.is_empty() => text.push_str(&part[2..]),
                _ => text.push_str(&part),
            }
            let _ = position.play(*leg);
        }
        text
    }

    fn reveals_hidden(&self, mv: &Move) -> bool {
        match *mv {
            Move::Flip(_) => true,
            Move::Go { to, .. } => matches!(self.cell(to), Cell::FaceDown(_)),
            Move::EndChain => false,
        }
    }

    fn notation(&self, mv: &Move) -> String {
        let letter = piece_letter;
        match *mv {
            Move::Flip(at) => match self.cell(at) {
                Cell::FaceDown(piece) => format!("{}={}", square_name(at), letter(piece)),
                _ => square_name(at),
            },
            // A blind attack shows what it attacked, as a flip does (`b3?b2=k`).
            Move::Go { from, to } => match self.cell(to) {
                Cell::Empty => format!("{}-{}", square_name(from), square_name(to)),
                Cell::FaceUp(_) => format!("{}x{}", square_name(from), square_name(to)),
                Cell::FaceDown(piece) => {
                    format!("{}?{}={}", square_name(from), square_name(to), letter(piece))
                }
            },
            Move::EndChain => "—".to_owned(),
        }
    }

    /// A flip or a blind attack may carry what it revealed (`a4=C`, `b3?b2=k`), which the
    /// reader need not know.
    fn parse_move(&self, text: &str) -> Result<Move, super::BadNotation> {
        let square = |name: &str| super::parse_square(name, COLUMNS, ROWS);
        let mv = if text == "—" {
            Some(Move::EndChain)
        } else {
            // What a flip or a blind attack revealed, if written: one rank letter after `=`.
            let (action, revealed) = text.split_once('=').unwrap_or((text, ""));
            let letter = |c: char| piece_of_letter(c).is_some();
            let mut chars = revealed.chars();
            let revealed_ok = match (chars.next(), chars.next()) {
                (None, _) => !text.ends_with('='),
                (Some(c), None) => letter(c),
                _ => false,
            };
            let mv = if let Some((from, to)) = action.split_once(['-', 'x']) {
                square(from)
                    .zip(square(to))
                    .filter(|_| revealed.is_empty())
                    .map(|(from, to)| Move::Go { from, to })
            } else if let Some((from, to)) = action.split_once('?') {
                square(from).zip(square(to)).map(|(from, to)| Move::Go { from, to })
            } else {
                square(action).map(Move::Flip)
            };
            mv.filter(|_| revealed_ok)
        };
        mv.ok_or_else(|| super::BadNotation::of(text))
    }
}
