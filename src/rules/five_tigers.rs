//! Five Tigers (五虎棋) on the 25 points of a 5x5 grid. Black places first. Placing a stone
//! that completes formations earns extra placements; once the board is full each player
//! removes an opponent stone; then stones step orthogonally, and a step that completes
//! formations captures that many opponent stones. Fewer than three stones loses.

use super::{Game, Illegal, Outcome, Player, SetupError, Termination, quiet_moves_draw};
use serde::{Deserialize, Serialize};

pub const SIZE: usize = 5;
const POINTS: usize = SIZE * SIZE;

/// A point, `y * 5 + x`, with `x` from the left and `y` from the top.
pub type Point = u8;

pub fn point_at(x: usize, y: usize) -> Point {
    super::grid_index(x, y, SIZE)
}

pub fn coordinates(point: Point) -> (usize, usize) {
    super::grid_coordinates(point, SIZE)
}

/// A point as `a1`-`e5`: files from the left, ranks from the bottom.
pub fn point_name(point: Point) -> String {
    super::square_name(point, SIZE, SIZE)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    Place(Point),
    Remove(Point),
    Step { from: Point, to: Point },
}

/// The kinds of formation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// 方: a 2x2 block.
    Square,
    /// 三斜: an edge-to-edge diagonal of three points.
    Diagonal3,
    /// 四斜: an edge-to-edge diagonal of four points.
    Diagonal4,
    /// 五斜 / 五通: a main diagonal of five points.
    Diagonal5,
    /// A full row or column of five.
    Line,
}

/// What each shape is worth: extra placements while placing, captures while moving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Values {
    pub square: u32,
    pub diagonal3: u32,
    pub diagonal4: u32,
    pub diagonal5: u32,
    pub line: u32,
}

impl Values {
    pub fn of(self, shape: Shape) -> u32 {
        match shape {
            Shape::Square => self.square,
            Shape::Diagonal3 => self.diagonal3,
            Shape::Diagonal4 => self.diagonal4,
            Shape::Diagonal5 => self.diagonal5,
            Shape::Line => self.line,
        }
    }
}

/// Regional value tables: the same rules, other numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preset {
    /// The seed's rules: 方 1, 三斜 1, 四斜 2, 五斜 3, row or column 2.
    #[default]
    Seed,
    /// Northeast 五虎 (Baidu Baike): every formation 1.
    Northeast,
    /// Shandong 五棍棋: 方 1, 三斜 2, 四斜 3, 五斜 5, row or column 4.
    Shandong,
}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::Seed, Preset::Northeast, Preset::Shandong];

    pub fn values(self) -> Values {
        match self {
            Preset::Seed => Values { square: 1, diagonal3: 1, diagonal4: 2, diagonal5: 3, line: 2 },
            Preset::Northeast => Values { square: 1, diagonal3: 1, diagonal4: 1, diagonal5: 1, line: 1 },
            Preset::Shandong => Values { square: 1, diagonal3: 2, diagonal4: 3, diagonal5: 5, line: 4 },
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    pub preset: Preset,
}

/// One formation on the board: its shape and its points.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Formation {
    pub shape: Shape,
    pub points: Vec<Point>,
}

/// Every formation of the board: 16 squares, 4 + 4 + 2 edge-to-edge diagonals (the two-point
/// corner diagonals do not count), 5 rows and 5 columns.
pub fn formations() -> Vec<Formation> {
    let mut all = Vec::new();
    for y in 0..SIZE - 1 {
        for x in 0..SIZE - 1 {
            let points = vec![point_at(x, y), point_at(x + 1, y), point_at(x, y + 1), point_at(x + 1, y + 1)];
            all.push(Formation { shape: Shape::Square, points });
        }
    }
    // Diagonals going down-right start on the top row or the left column; down-left ones on
    // the top row or the right column.
    for (dx, start_x) in [(1isize, 0usize), (-1, SIZE - 1)] {
        let mut starts: Vec<(usize, usize)> = (0..SIZE).map(|x| (x, 0)).collect();
        starts.extend((1..SIZE).map(|y| (start_x, y)));
        for (mut x, mut y) in starts {
            let mut points = Vec::new();
            loop {
                points.push(point_at(x, y));
                match (x.checked_add_signed(dx).filter(|&x| x < SIZE), (y + 1 < SIZE).then_some(y + 1)) {
                    (Some(nx), Some(ny)) => (x, y) = (nx, ny),
                    _ => break,
                }
            }
            let shape = match points.len() {
                3 => Shape::Diagonal3,
                4 => Shape::Diagonal4,
                5 => Shape::Diagonal5,
                _ => continue,
            };
            all.push(Formation { shape, points });
        }
    }
    for i in 0..SIZE {
        all.push(Formation { shape: Shape::Line, points: (0..SIZE).map(|x| point_at(x, i)).collect() });
        all.push(Formation { shape: Shape::Line, points: (0..SIZE).map(|y| point_at(i, y)).collect() });
    }
    all
}

/// The phase of the game, with what the player to move still owes in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Placing: `owed` placements left this turn (one, plus any earned).
    Place { owed: u32 },
    /// A removal round: `left` removals, one by each player; after it, `first` (who removed
    /// first) moves.
    Remove { left: u8, first: Player },
    /// Moving: a step, or, after a step that made formations, `captures` opponent stones to take.
    Move { captures: u32 },
}

/// Moving-phase plies without a capture that draw the game (50 moves by each side).
pub const QUIET_LIMIT: u32 = 100;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FiveTigers {
    config: Config,
    board: [Option<Player>; POINTS],
    to_move: Player,
    phase: Phase,
    /// Moving-phase plies since the last capture or removal.
    quiet_plies: u32,
    /// The player to move goes on with their turn: a placement they earned, or a capture.
    continues: bool,
    outcome: Option<Outcome>,
}

impl FiveTigers {
    /// A position set up by hand (tests, puzzles). Refused: a phase with nothing left to do
    /// (no placement owed, no removal left), or placing on a full board. Once stones move, a
    /// player with fewer than three has lost.
    pub fn from_setup(
        config: Config,
        board: [Option<Player>; POINTS],
        to_move: Player,
        phase: Phase,
    ) -> Result<Self, SetupError> {
        let full = board.iter().all(Option::is_some);
        match phase {
            Phase::Place { owed: 0 } | Phase::Remove { left: 0 | 3.., .. } => {
                return Err(SetupError::BadPhase);
            }
            Phase::Place { .. } if full => return Err(SetupError::BadPhase),
            _ => {}
        }
        let mut game = Self::starting(config, board, to_move, phase);
        let placing = matches!(phase, Phase::Place { .. });
        if let Some(loser) =
            [to_move, to_move.opponent()].into_iter().find(|&p| !placing && game.stones(p) < 3)
        {
            game.outcome = Some(Outcome::Win(loser.opponent()));
        }
        Ok(game)
    }

    /// A position from parts known to be valid.
    fn starting(config: Config, board: [Option<Player>; POINTS], to_move: Player, phase: Phase) -> Self {
        FiveTigers { config, board, to_move, phase, quiet_plies: 0, continues: false, outcome: None }
    }

    pub fn stone(&self, point: Point) -> Option<Player> {
        self.board.get(usize::from(point)).copied().flatten()
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The formations `mv`, just played, completed: those of its stone through the point it
    /// came to (none for a removal). A query for the page, not kept in the position.
    pub fn formed_by(&self, mv: &Move) -> Vec<Formation> {
        match *mv {
            Move::Place(at) | Move::Step { to: at, .. } => {
                self.stone(at).map_or_else(Vec::new, |owner| self.formations_through(at, owner))
            }
            Move::Remove(_) => Vec::new(),
        }
    }

    pub fn stones(&self, player: Player) -> usize {
        self.board.iter().filter(|&&s| s == Some(player)).count()
    }

    /// The formations of `player` that contain `point`, all of whose points are theirs.
    pub fn formations_through(&self, point: Point, player: Player) -> Vec<Formation> {
        formations()
            .into_iter()
            .filter(|f| f.points.contains(&point) && f.points.iter().all(|&p| self.stone(p) == Some(player)))
            .collect()
    }

    fn value(&self, formations: &[Formation]) -> u32 {
        formations.iter().map(|f| self.config.preset.values().of(f.shape)).sum()
    }

    fn steps(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        for from in 0..POINTS as Point {
            if self.stone(from) != Some(self.to_move) {
                continue;
            }
            let (x, y) = coordinates(from);
            let neighbours = [(x.wrapping_sub(1), y), (x + 1, y), (x, y.wrapping_sub(1)), (x, y + 1)];
            for (nx, ny) in neighbours {
                if nx < SIZE && ny < SIZE && self.stone(point_at(nx, ny)).is_none() {
                    moves.push(Move::Step { from, to: point_at(nx, ny) });
                }
            }
        }
        moves
    }

    /// Hands the turn to `player` to move, or, if they are blocked, starts a removal round
    /// that they begin (and after which they move).
    fn start_moving(&mut self, player: Player) {
        self.to_move = player;
        self.phase = Phase::Move { captures: 0 };
        if self.steps().is_empty() {
            self.phase = Phase::Remove { left: 2, first: player };
        }
    }

    /// After a removal or capture: a player left with fewer than three stones loses.
    fn check_loss(&mut self) -> bool {
        let victim = self.to_move.opponent();
        if self.stones(victim) < 3 {
            self.outcome = Some(Outcome::Win(self.to_move));
        }
        self.outcome.is_some()
    }
}

impl Game for FiveTigers {
    type Move = Move;
    type Config = Config;

    fn new(config: &Config) -> Self {
        Self::starting(config.clone(), [None; POINTS], Player::First, Phase::Place { owed: 1 })
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    /// By point, row by row from the top left: placements, or removals, or steps (each stone's
    /// to the left, right, up, then down).
    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let opponent = self.to_move.opponent();
        let all = 0..POINTS as Point;
        match self.phase {
            Phase::Place { .. } => all.filter(|&p| self.stone(p).is_none()).map(Move::Place).collect(),
            Phase::Remove { .. } | Phase::Move { captures: 1.. } => {
                all.filter(|&p| self.stone(p) == Some(opponent)).map(Move::Remove).collect()
            }
            Phase::Move { captures: 0 } => self.steps(),
        }
    }

    fn is_legal(&self, mv: &Move) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        let player = self.to_move;
        match (*mv, self.phase) {
            (Move::Place(at), Phase::Place { .. }) => usize::from(at) < POINTS && self.stone(at).is_none(),
            (Move::Remove(at), Phase::Remove { .. } | Phase::Move { captures: 1.. }) => {
                self.stone(at) == Some(player.opponent())
            }
            (Move::Step { from, to }, Phase::Move { captures: 0 }) => {
                let ((ax, ay), (bx, by)) = (coordinates(from), coordinates(to));
                self.stone(from) == Some(player)
                    && usize::from(to) < POINTS
                    && self.stone(to).is_none()
                    && ax.abs_diff(bx) + ay.abs_diff(by) == 1
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
        let player = self.to_move;
        self.continues = false;
        match (mv, self.phase) {
            (Move::Place(at), Phase::Place { owed }) => {
                self.board[usize::from(at)] = Some(player);
                let owed = owed - 1 + self.value(&self.formations_through(at, player));
                if self.board.iter().all(Option::is_some) {
                    // The board is full: placing ends, unused placements lapse, and the
                    // second player removes first.
                    self.to_move = Player::Second;
                    self.phase = Phase::Remove { left: 2, first: Player::Second };
                } else if owed > 0 {
                    self.phase = Phase::Place { owed };
                    self.continues = true;
                } else {
                    self.to_move = player.opponent();
                    self.phase = Phase::Place { owed: 1 };
                }
            }
            (Move::Remove(at), Phase::Remove { left, first }) => {
                self.board[usize::from(at)] = None;
                self.quiet_plies = 0;
                if self.check_loss() {
                    return Ok(());
                }
                if left > 1 {
                    self.to_move = player.opponent();
                    self.phase = Phase::Remove { left: left - 1, first };
                } else {
                    // The round over, its first remover moves (for a blocked player, the
                    // rules say so; the opening round follows the same order).
                    self.start_moving(first);
                }
            }
            (Move::Remove(at), Phase::Move { captures }) => {
                self.board[usize::from(at)] = None;
                self.quiet_plies = 0;
                if self.check_loss() {
                    return Ok(());
                }
                // If the opponent runs out of stones to take, the captures end there.
                if captures > 1 && self.stones(player.opponent()) > 0 {
                    self.phase = Phase::Move { captures: captures - 1 };
                    self.continues = true;
                } else {
                    self.start_moving(player.opponent());
                }
            }
            (Move::Step { from, to }, Phase::Move { captures: 0 }) => {
                self.board[usize::from(from)] = None;
                self.board[usize::from(to)] = Some(player);
                let captures = self.value(&self.formations_through(to, player));
                if captures > 0 {
                    self.phase = Phase::Move { captures };
                    self.continues = true;
                } else {
                    self.quiet_plies += 1;
                    if self.quiet_plies >= QUIET_LIMIT {
                        self.outcome = Some(Outcome::Draw);
                        return Ok(());
                    }
                    self.start_moving(player.opponent());
                }
            }
            _ => return Err(Illegal::NotAllowed),
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn termination(&self) -> Option<Termination> {
        quiet_moves_draw(self.outcome)
    }

    /// A turn is a placement with every placement it earns, or a step with every capture it
    /// earns; each removal of a removal round is a turn of its own.
    fn mid_move(&self) -> bool {
        self.continues && self.outcome.is_none()
    }

    /// Points as `a1`-`e5` (files from the left, ranks from the bottom): `c3` a placement,
    /// `xc3` a removal, `c3-c4` a step.
    fn notation(&self, mv: &Move) -> String {
        let name = point_name;
        match *mv {
            Move::Place(p) => name(p),
            Move::Remove(p) => format!("x{}", name(p)),
            Move::Step { from, to } => format!("{}-{}", name(from), name(to)),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, super::BadNotation> {
        let point = |name: &str| super::parse_square(name, SIZE, SIZE);
        let mv = if let Some(taken) = text.strip_prefix('x') {
            point(taken).map(Move::Remove)
        } else if let Some((from, to)) = text.split_once('-') {
            point(from).zip(point(to)).map(|(from, to)| Move::Step { from, to })
        } else {
            point(text).map(Move::Place)
        };
        mv.ok_or_else(|| super::BadNotation::of(text))
    }
}

/// The presets as a record names them (`[Rules "shandong"]`), the default first.
const PRESET_WORDS: [(Preset, &str); 3] =
    [(Preset::Seed, "seed"), (Preset::Northeast, "northeast"), (Preset::Shandong, "shandong")];

impl super::record::Recorded for FiveTigers {
    const SLUG: &'static str = "five-tigers";
    const PLAYER_TAGS: [(&'static str, &'static str); 2] = [("Black", "BlackElo"), ("White", "WhiteElo")];

    fn start_tags(start: &Self, _: bool) -> Vec<super::record::Tag> {
        super::record::write_choice("Rules", start.config().preset, &PRESET_WORDS)
    }

    fn read_start(tags: &super::record::Tags, _: &[&str], _: u64) -> Result<Self, super::record::TagError> {
        Ok(Self::new(&Self::read_config(tags)?))
    }

    fn read_config(tags: &super::record::Tags) -> Result<Config, super::record::TagError> {
        Ok(Config { preset: super::record::read_choice(tags, "Rules", &PRESET_WORDS)? })
    }
}

impl super::TurnText for FiveTigers {}
