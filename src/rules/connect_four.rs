//! Connect Four (四子棋): 7 columns by 6 rows, discs fall to the lowest empty cell, four in a
//! row in any direction wins, a full board is a draw. Red (the first player) starts.

use super::{Game, Illegal, Outcome, Player};
use serde::{Deserialize, Serialize};

pub const COLUMNS: usize = 7;
pub const ROWS: usize = 6;

/// Dropping a disc into a column, 0-based from the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    Drop(u8),
}

/// A cell, `x` from the left and `y` from the top, as on screen.
pub type Cell = (usize, usize);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConnectFour {
    /// `board[x][y]`, `y` from the top.
    board: [[Option<Player>; ROWS]; COLUMNS],
    to_move: Player,
    outcome: Option<Outcome>,
}

/// The four directions a line can run in: across, down, and both diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

impl ConnectFour {
    /// The disc in a cell, if any.
    pub fn disc(&self, (x, y): Cell) -> Option<Player> {
        self.board.get(x)?.get(y).copied().flatten()
    }

    /// The cell a disc dropped into `column` would land in, or `None` if the column is full.
    pub fn landing_cell(&self, column: usize) -> Option<Cell> {
        let cells = self.board.get(column)?;
        let y = cells.iter().rposition(Option::is_none)?;
        Some((column, y))
    }

    /// The cells of the winning line (or lines, made by one disc), in board order; empty while
    /// nobody has won. A query for the page, not kept in the position.
    pub fn winning_cells(&self) -> Vec<Cell> {
        let Some(Outcome::Win(winner)) = self.outcome else { return Vec::new() };
        let cells = (0..COLUMNS).flat_map(|x| (0..ROWS).map(move |y| (x, y)));
        let mut in_line = [[false; ROWS]; COLUMNS];
        for cell in cells.clone().filter(|&c| self.disc(c) == Some(winner)) {
            for (x, y) in self.lines_through(cell, winner) {
                in_line[x][y] = true;
            }
        }
        cells.filter(|&(x, y)| in_line[x][y]).collect()
    }

    /// Plays columns written as digits 1-7, e.g. `"4453"` (the notation of [`Game::notation`]).
    pub fn from_notation(columns: &str) -> Result<Self, Illegal> {
        let mut game = Self::new(&());
        for c in columns.chars() {
            game.play(parse_move(&c.to_string()).ok_or(Illegal::OffBoard)?)?;
        }
        Ok(game)
    }

    /// The cells of the lines of four or more through `cell` that belong to `player`, in board
    /// order (column by column).
    fn lines_through(&self, cell: Cell, player: Player) -> Vec<Cell> {
        let mut in_line = [[false; ROWS]; COLUMNS];
        for (dx, dy) in DIRECTIONS {
            let mut line = vec![cell];
            for sign in [1, -1] {
                let mut next = step(cell, dx * sign, dy * sign);
                while let Some(c) = next.filter(|&c| self.disc(c) == Some(player)) {
                    line.push(c);
                    next = step(c, dx * sign, dy * sign);
                }
            }
            if line.len() >= 4 {
                for (x, y) in line {
                    in_line[x][y] = true;
                }
            }
        }
        let cells = (0..COLUMNS).flat_map(|x| (0..ROWS).map(move |y| (x, y)));
        cells.filter(|&(x, y)| in_line[x][y]).collect()
    }
}

/// The neighbouring cell in a direction, if it is on the board.
fn step((x, y): Cell, dx: isize, dy: isize) -> Option<Cell> {
    let x = x.checked_add_signed(dx).filter(|&x| x < COLUMNS)?;
    let y = y.checked_add_signed(dy).filter(|&y| y < ROWS)?;
    Some((x, y))
}

/// Reads a column number 1-7.
pub fn parse_move(text: &str) -> Option<Move> {
    let column: u8 = text.trim().parse().ok()?;
    (1..=COLUMNS as u8).contains(&column).then(|| Move::Drop(column - 1))
}

impl Game for ConnectFour {
    type Move = Move;
    type Config = ();

    fn new(_: &()) -> Self {
        ConnectFour { board: [[None; ROWS]; COLUMNS], to_move: Player::First, outcome: None }
    }

    fn config(&self) -> &() {
        &()
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    /// The columns with room, left to right.
    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        (0..COLUMNS).filter(|&x| self.landing_cell(x).is_some()).map(|x| Move::Drop(x as u8)).collect()
    }

    fn is_legal(&self, &Move::Drop(column): &Move) -> bool {
        let column = usize::from(column);
        self.outcome.is_none() && column < COLUMNS && self.landing_cell(column).is_some()
    }

    fn play(&mut self, Move::Drop(column): Move) -> Result<(), Illegal> {
        if self.outcome.is_some() {
            return Err(Illegal::GameOver);
        }
        let column = usize::from(column);
        if column >= COLUMNS {
            return Err(Illegal::OffBoard);
        }
        let (x, y) = self.landing_cell(column).ok_or(Illegal::ColumnFull)?;
        let player = self.to_move;
        self.board[x][y] = Some(player);
        if !self.lines_through((x, y), player).is_empty() {
            self.outcome = Some(Outcome::Win(player));
        } else if self.board.iter().all(|cells| cells[0].is_some()) {
            self.outcome = Some(Outcome::Draw);
        }
        self.to_move = player.opponent();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn notation(&self, Move::Drop(column): &Move) -> String {
        (u32::from(*column) + 1).to_string()
    }

    /// Exactly as written: no spaces or signs.
    fn parse_move(&self, text: &str) -> Result<Move, super::BadNotation> {
        parse_move(text).filter(|mv| self.notation(mv) == text).ok_or_else(|| super::BadNotation::of(text))
    }
}

/// A history of drops into the given columns (0-based), for tests across the crate.
/// No tags: Connect Four has one set of rules.
impl super::record::Recorded for ConnectFour {
    const SLUG: &'static str = "connect-four";
    const PLAYER_TAGS: [(&'static str, &'static str); 2] = [("Red", "RedElo"), ("Yellow", "YellowElo")];

    fn start_tags(_: &Self, _: bool) -> Vec<super::record::Tag> {
        Vec::new()
    }

    fn read_start(_: &super::record::Tags, _: &[&str], _: u64) -> Result<Self, super::record::TagError> {
        Ok(Self::new(&()))
    }

    fn read_config(_: &super::record::Tags) -> Result<(), super::record::TagError> {
        Ok(())
    }
}

#[cfg(test)]
pub(crate) fn history_of(columns: &[u8]) -> super::History<ConnectFour> {
    let mut history = super::History::new(&());
    for &column in columns {
        history.play(Move::Drop(column)).expect("a legal drop");
    }
    history
}

/// Its turns as text: written and announced alike.
impl super::TurnText for ConnectFour {}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(columns: &str) -> ConnectFour {
        ConnectFour::from_notation(columns).expect("a legal sequence")
    }

    fn red_wins(columns: &str, line: &[Cell]) {
        let g = game(columns);
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)), "{columns}");
        assert_eq!(g.winning_cells(), line, "{columns}");
        assert!(g.legal_moves().is_empty());
    }

    #[test]
    fn discs_fall_to_the_lowest_empty_cell() {
        let g = game("44");
        assert_eq!(g.disc((3, 5)), Some(Player::First));
        assert_eq!(g.disc((3, 4)), Some(Player::Second));
        assert_eq!(g.disc((3, 3)), None);
        assert_eq!(g.landing_cell(3), Some((3, 3)));
        assert_eq!(g.to_move(), Player::First);
    }

    #[test]
    fn horizontal_win_at_the_left_edge() {
        red_wins("1122334", &[(0, 5), (1, 5), (2, 5), (3, 5)]);
    }

    /// A position from a picture, top row first: `R` red, `Y` yellow, `.` empty; the side to move
    /// follows from the counts. Then `column` (1-7) is played.
    fn play_on(picture: &str, column: &str) -> ConnectFour {
        let mut g = game("");
        let rows: Vec<&str> = picture.split_whitespace().collect();
        assert_eq!(rows.len(), ROWS);
        let mut count = 0;
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                g.board[x][y] = match c {
                    'R' => Some(Player::First),
                    'Y' => Some(Player::Second),
                    _ => None,
                };
                count += usize::from(c == 'R') + 2 * usize::from(c == 'Y');
            }
        }
        g.to_move = if count % 3 == 0 { Player::First } else { Player::Second };
        g.play(parse_move(column).unwrap()).unwrap();
        g
    }

    fn red_wins_on(picture: &str, column: &str, line: &[Cell]) {
        let g = play_on(picture, column);
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)), "{picture}");
        assert_eq!(g.winning_cells(), line);
    }

    #[test]
    fn horizontal_win_at_the_right_edge_on_the_top_row() {
        let picture = "...RRR. ...YYRY ...RRYR ...YYRY ...RRYR ..YYYRY";
        red_wins_on(picture, "7", &[(3, 0), (4, 0), (5, 0), (6, 0)]);
    }

    #[test]
    fn vertical_win() {
        red_wins("1212121", &[(0, 2), (0, 3), (0, 4), (0, 5)]);
    }

    #[test]
    fn vertical_win_reaching_the_top() {
        let picture = "....... R...... R...... R...... YY..... YYR....";
        red_wins_on(picture, "1", &[(0, 0), (0, 1), (0, 2), (0, 3)]);
    }

    #[test]
    fn rising_diagonal_win() {
        let picture = "....... ....... ....... ..RY... .RYR... RYYY.R.";
        red_wins_on(picture, "4", &[(0, 5), (1, 4), (2, 3), (3, 2)]);
    }

    #[test]
    fn falling_diagonal_win_at_the_right_edge() {
        let picture = "....... ....... ....... ...YR.. ...RYR. .R.YYYR";
        red_wins_on(picture, "4", &[(3, 2), (4, 3), (5, 4), (6, 5)]);
    }

    #[test]
    fn a_disc_joining_two_lines_highlights_both() {
        let picture = "....... ....... RRR.... YYYR... YYYR... RRYRY..";
        let line = [(0, 2), (1, 2), (2, 2), (3, 2), (3, 3), (3, 4), (3, 5)];
        red_wins_on(picture, "4", &line);
    }

    #[test]
    fn yellow_wins_too() {
        let g = game("71122334");
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::Second)));
        assert_eq!(g.winning_cells(), [(0, 5), (1, 5), (2, 5), (3, 5)]);
    }

    #[test]
    fn a_line_of_three_does_not_win() {
        let g = game("112233");
        assert!(g.outcome().is_none());
        assert!(g.winning_cells().is_empty());
    }

    #[test]
    fn five_in_a_row_highlights_all_five() {
        let picture = "....... ....... ....... ....... YY.YY.. RR.RR..";
        red_wins_on(picture, "3", &[(0, 5), (1, 5), (2, 5), (3, 5), (4, 5)]);
    }

    #[test]
    fn a_full_column_refuses_a_drop_and_changes_nothing() {
        let mut g = game("111111");
        let before = g.clone();
        assert_eq!(g.play(Move::Drop(0)), Err(Illegal::ColumnFull));
        assert_eq!(g, before);
        assert!(!g.legal_moves().contains(&Move::Drop(0)));
        assert_eq!(g.legal_moves().len(), 6);
    }

    #[test]
    fn a_column_off_the_board_is_refused() {
        let mut g = game("");
        assert_eq!(g.play(Move::Drop(7)), Err(Illegal::OffBoard));
        assert_eq!(g, game(""));
    }

    #[test]
    fn a_full_board_without_four_is_a_draw() {
        // Columns filled in pairs so that no four ever lines up.
        let g = game("121212343434565656212121434343656565777777");
        assert_eq!(g.outcome(), Some(Outcome::Draw));
        assert!(g.winning_cells().is_empty());
        assert!(g.legal_moves().is_empty());
    }

    #[test]
    fn a_finished_game_refuses_moves() {
        let mut g = game("1212121");
        let before = g.clone();
        assert_eq!(g.play(Move::Drop(3)), Err(Illegal::GameOver));
        assert_eq!(g, before);
    }

    #[test]
    fn notation_round_trips() {
        for column in 0..7 {
            let mv = Move::Drop(column);
            assert_eq!(parse_move(&game("").notation(&mv)), Some(mv));
        }
        assert_eq!(parse_move("0"), None);
        assert_eq!(parse_move("8"), None);
        assert_eq!(parse_move("x"), None);
    }
}
