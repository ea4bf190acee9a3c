//! Gomoku (五子棋) on 15x15 points, black first, under three rule sets: freestyle (five or
//! more wins), standard (exactly five) and renju (RIF: black may not make a double-three, a
//! double-four or an overline, though exactly five always wins; white wins with five or more).

use super::{Game, Illegal, Outcome, Player, SetupError};
use serde::{Deserialize, Serialize};

pub const SIZE: usize = 15;
const POINTS: usize = SIZE * SIZE;

/// A point, `y * 15 + x`, `x` from the left and `y` from the top.
pub type Point = u8;

pub fn point_at(x: usize, y: usize) -> Point {
    super::grid_index(x, y, SIZE)
}

pub fn coordinates(point: Point) -> (usize, usize) {
    super::grid_coordinates(point, SIZE)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    Place(Point),
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleSet {
    /// Five or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly five wins; six or more does not, and play goes on.
    Standard,
    /// RIF renju: black's double-three, double-four and overline are forbidden.
    Renju,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    pub rules: RuleSet,
}

impl RuleSet {
    pub const ALL: [RuleSet; 3] = [RuleSet::Freestyle, RuleSet::Standard, RuleSet::Renju];
}

/// The four directions a line runs in: across, down, and both diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

type Board = [Option<Player>; POINTS];

fn step(point: Point, (dx, dy): (isize, isize), distance: isize) -> Option<Point> {
    let (x, y) = coordinates(point);
    let x = x.checked_add_signed(dx * distance).filter(|&x| x < SIZE)?;
    let y = y.checked_add_signed(dy * distance).filter(|&y| y < SIZE)?;
    Some(point_at(x, y))
}

/// The length of `player`'s run through `point` in a direction (counting `point` itself).
fn run(board: &Board, point: Point, direction: (isize, isize), player: Player) -> usize {
    let along = |sign: isize| {
        (1..)
            .take_while(|&d| {
                step(point, direction, sign * d).is_some_and(|p| board[usize::from(p)] == Some(player))
            })
            .count()
    };
    1 + along(1) + along(-1)
}

/// Whether black on `point` makes exactly five in the direction (the board already holds it).
fn exactly_five(board: &Board, point: Point, direction: (isize, isize)) -> bool {
    run(board, point, direction, Player::First) == 5
}

/// The empty points of the line through `point` that, filled with black, would make exactly
/// five including `point`: where a four of that line can be completed.
fn completions(board: &Board, point: Point, direction: (isize, isize)) -> Vec<Point> {
    let mut points = Vec::new();
    for offset in -4..=4 {
        let Some(q) = step(point, direction, offset) else { continue };
        if q == point || board[usize::from(q)].is_some() {
            continue;
        }
        let mut with = *board;
        with[usize::from(q)] = Some(Player::First);
        // Exactly five through `point`: `q` completes the four that `point` is part of.
        if exactly_five(&with, point, direction) {
            points.push(q);
        }
    }
    points
}

/// How many fours black's stone on `point` takes part in along a direction: two completion
/// points five apart are one straight four; otherwise each completion point is its own four
/// (two fours in one line make a double-four).
fn fours(board: &Board, point: Point, direction: (isize, isize)) -> usize {
    let points = completions(board, point, direction);
    if let [a, b] = points[..] {
        let ((ax, ay), (bx, by)) = (coordinates(a), coordinates(b));
        if ax.abs_diff(bx).max(ay.abs_diff(by)) == 5 {
            return 1;
        }
    }
    points.len()
}

/// Whether a black stone on `point` (already on the board) is part of a straight four in the
/// direction: four in a row that exactly five completes at either end.
fn straight_four(board: &Board, point: Point, direction: (isize, isize)) -> bool {
    let points = completions(board, point, direction);
    points.len() == 2 && {
        let ((ax, ay), (bx, by)) = (coordinates(points[0]), coordinates(points[1]));
        ax.abs_diff(bx).max(ay.abs_diff(by)) == 5
    }
}

/// Whether black's stone on `point` (already on the board) makes a real three in the
/// direction: some empty point of the line turns it into a straight four, by a move that is
/// itself allowed.
fn real_three(board: &Board, point: Point, direction: (isize, isize)) -> bool {
    (-4..=4).filter_map(|offset| step(point, direction, offset)).any(|q| {
        if q == point || board[usize::from(q)].is_some() {
            return false;
        }
        let mut with = *board;
        with[usize::from(q)] = Some(Player::First);
        straight_four(&with, point, direction) && !forbidden(*board, q)
    })
}

/// Whether black may not play on `point` under renju: not exactly five, and an overline, a
/// double-four or a double-three.
pub fn forbidden(board: Board, point: Point) -> bool {
    if board[usize::from(point)].is_some() {
        return false;
    }
    // Every forbidden pattern needs black stones within four points along some line.
    let near = DIRECTIONS.iter().any(|&d| {
        (-4..=4).any(|k| {
            k != 0 && step(point, d, k).is_some_and(|p| board[usize::from(p)] == Some(Player::First))
        })
    });
    if !near {
        return false;
    }
    let mut with = board;
    with[usize::from(point)] = Some(Player::First);
    if DIRECTIONS.iter().any(|&d| exactly_five(&with, point, d)) {
        return false;
    }
    if DIRECTIONS.iter().any(|&d| run(&with, point, d, Player::First) > 5) {
        return true;
    }
    let four_count: usize = DIRECTIONS.iter().map(|&d| fours(&with, point, d)).sum();
    if four_count >= 2 {
        return true;
    }
    let three_count =
        DIRECTIONS.iter().filter(|&&d| fours(&with, point, d) == 0 && real_three(&with, point, d)).count();
    three_count >= 2
}

/// A point as `a1`-`o15`: files from the left, ranks from the bottom.
pub fn point_name(point: Point) -> String {
    super::square_name(point, SIZE, SIZE)
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Gomoku {
    config: Config,
    board: Board,
    to_move: Player,
    outcome: Option<Outcome>,
}

impl Gomoku {
    /// A position set up by hand (tests, puzzles), with its outcome: a line that wins under the
    /// rule set has won, a full board without one is drawn. Refused: both players have won.
    pub fn from_setup(config: Config, board: Board, to_move: Player) -> Result<Self, SetupError> {
        let mut game = Gomoku { config, board, to_move, outcome: None };
        let won = |player| {
            (0..POINTS as Point).any(|p| game.stone(p) == Some(player) && game.wins(p, player).is_some())
        };
        game.outcome = match (won(Player::First), won(Player::Second)) {
            (true, true) => return Err(SetupError::BothWon),
            (true, false) => Some(Outcome::Win(Player::First)),
            (false, true) => Some(Outcome::Win(Player::Second)),
            (false, false) => board.iter().all(Option::is_some).then_some(Outcome::Draw),
        };
        Ok(game)
    }

    pub fn stone(&self, point: Point) -> Option<Player> {
        self.board.get(usize::from(point)).copied().flatten()
    }

    /// The stones of the winning line, empty while nobody has won. A query for the page, not
    /// kept in the position.
    pub fn winning_line(&self) -> Vec<Point> {
        let Some(Outcome::Win(winner)) = self.outcome else { return Vec::new() };
        (0..POINTS as Point)
            .filter(|&p| self.stone(p) == Some(winner))
            .find_map(|p| self.wins(p, winner))
            .unwrap_or_default()
    }

    /// Whether the player to move may not play on `point` (only black, only under renju).
    pub fn is_forbidden(&self, point: Point) -> bool {
        self.config.rules == RuleSet::Renju
            && self.to_move == Player::First
            && usize::from(point) < POINTS
            && forbidden(self.board, point)
    }

    /// Whether `player`'s stone on `point` wins under the rule set: five or more, or exactly
    /// five where that is the rule (standard; black under renju).
    fn wins(&self, point: Point, player: Player) -> Option<Vec<Point>> {
        let exact = match self.config.rules {
            RuleSet::Freestyle => false,
            RuleSet::Standard => true,
            RuleSet::Renju => player == Player::First,
        };
        DIRECTIONS.iter().find_map(|&d| {
            let length = run(&self.board, point, d, player);
            let wins = if exact { length == 5 } else { length >= 5 };
            wins.then(|| {
                let back = (1..)
                    .take_while(|&k| step(point, d, -k).is_some_and(|p| self.stone(p) == Some(player)))
                    .count();
                (0..length).filter_map(|i| step(point, d, i as isize - back as isize)).collect()
            })
        })
    }
}

impl Game for Gomoku {
    type Move = Move;
    type Config = Config;

    fn new(config: &Config) -> Self {
        Gomoku { config: config.clone(), board: [None; POINTS], to_move: Player::First, outcome: None }
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    /// The empty points black may use (all of them, but under renju), row by row from the top
    /// left.
    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        (0..POINTS as Point)
            .filter(|&p| self.stone(p).is_none() && !self.is_forbidden(p))
            .map(Move::Place)
            .collect()
    }

    fn is_legal(&self, &Move::Place(point): &Move) -> bool {
        self.outcome.is_none()
            && usize::from(point) < POINTS
            && self.stone(point).is_none()
            && !self.is_forbidden(point)
    }

    fn play(&mut self, Move::Place(point): Move) -> Result<(), Illegal> {
        if self.outcome.is_some() {
            return Err(Illegal::GameOver);
        }
        if usize::from(point) >= POINTS {
            return Err(Illegal::OffBoard);
        }
        if self.stone(point).is_some() {
            return Err(Illegal::Occupied);
        }
        if self.is_forbidden(point) {
            return Err(Illegal::Forbidden);
        }
        let player = self.to_move;
        self.board[usize::from(point)] = Some(player);
        if self.wins(point, player).is_some() {
            self.outcome = Some(Outcome::Win(player));
        } else if self.board.iter().all(Option::is_some) {
            self.outcome = Some(Outcome::Draw);
        }
        self.to_move = player.opponent();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Points as `a1`-`o15`: files from the left, ranks from the bottom.
    fn notation(&self, Move::Place(point): &Move) -> String {
        point_name(*point)
    }

    fn parse_move(&self, text: &str) -> Result<Move, super::BadNotation> {
        super::parse_square(text, SIZE, SIZE).map(Move::Place).ok_or_else(|| super::BadNotation::of(text))
    }
}

/// The rule sets as a record names them (`[Rules "renju"]`), the default first.
const RULE_WORDS: [(RuleSet, &str); 3] =
    [(RuleSet::Freestyle, "freestyle"), (RuleSet::Standard, "standard"), (RuleSet::Renju, "renju")];

impl super::record::Recorded for Gomoku {
    const SLUG: &'static str = "gomoku";
    const PLAYER_TAGS: [(&'static str, &'static str); 2] = [("Black", "BlackElo"), ("White", "WhiteElo")];

    fn start_tags(start: &Self, _: bool) -> Vec<super::record::Tag> {
        super::record::write_choice("Rules", start.config().rules, &RULE_WORDS)
    }

    fn read_start(tags: &super::record::Tags, _: &[&str], _: u64) -> Result<Self, super::record::TagError> {
        Ok(Self::new(&Self::read_config(tags)?))
    }

    fn read_config(tags: &super::record::Tags) -> Result<Config, super::record::TagError> {
        Ok(Config { rules: super::record::read_choice(tags, "Rules", &RULE_WORDS)? })
    }
}

impl super::TurnText for Gomoku {}
