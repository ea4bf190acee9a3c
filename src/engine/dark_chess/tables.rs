//! Exact play where every piece is face up and few remain. A table holds every placement of a
//! material (which pieces of each colour are left) with either colour to move, each worth a
//! win, a loss or a draw to the side to move, with the plies until the capture that resets the
//! quiet-move counter (or the move that ends the game). Built by retrograde analysis the first
//! time the engine meets the material, after the smaller materials its captures lead to, and
//! kept for the engine's life: nothing is read from disk, so no table can be missing or damaged.
//!
//! The quiet-move rule: a position won in `d` plies is won only if the counter, `c`, leaves
//! room (`c + d <= limit`), else drawn; a capture leads to the smaller material's value with
//! the counter at zero, so the tables depend on the limit (wins longer than it are draws, as
//! they are on the board). A winner who follows the tables shortens the distance every move,
//! so never repeats a position. Chain captures are followed capture by capture, as the
//! capturing side chooses; the chariot's rush and the cannon's jump are the rules' own moves.

use super::position::{COLOURS, Position, SQUARES, colour_index, rank_index};
use crate::rules::dark_chess::{Colour, Config, Move, Piece, Seen, Square, piece_moves};
use std::collections::HashMap;

/// The most pieces, both colours together, a table is built for: a table of four is 2 MB and
/// builds in well under a second; one of five would be 64 MB.
pub const MAX_PIECES: usize = 4;

/// The longest distance a table keeps: a quiet-move limit above it is not covered.
pub const MAX_PLIES: u32 = 126;

/// What a position is worth to the side to move: won or lost in so many plies (to the capture
/// that resets the quiet-move counter, or the game's end), or drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exact {
    Win(u32),
    Loss(u32),
    Draw,
}

impl Exact {
    /// Its worth with the quiet-move counter at `quiet` under `limit`: a win or loss that
    /// would come after the limit is a draw.
    pub fn with_counter(self, quiet: u32, limit: u32) -> Exact {
        match self {
            Exact::Win(plies) | Exact::Loss(plies) if plies > 0 && quiet + plies > limit => Exact::Draw,
            exact => exact,
        }
    }

    /// Its worth to the other side, a ply earlier.
    fn before(self) -> Exact {
        match self {
            Exact::Win(plies) => Exact::Loss(plies + 1),
            Exact::Loss(plies) => Exact::Win(plies + 1),
            Exact::Draw => Exact::Draw,
        }
    }

    /// Ordered for the side it belongs to: a quicker win first, a later loss last but one.
    pub fn rank(self) -> i64 {
        match self {
            Exact::Win(plies) => 1_000 - i64::from(plies),
            Exact::Draw => 0,
            Exact::Loss(plies) => -1_000 + i64::from(plies),
        }
    }

    /// As a table stores it: 0 a draw, 1..=126 a win, 128 + plies a loss.
    fn stored(self) -> u8 {
        match self {
            Exact::Win(plies) => plies as u8,
            Exact::Loss(plies) => 128 + plies as u8,
            Exact::Draw => 0,
        }
    }

    fn read(byte: u8) -> Exact {
        match byte {
            0 => Exact::Draw,
            1..=127 => Exact::Win(u32::from(byte)),
            _ => Exact::Loss(u32::from(byte - 128)),
        }
    }
}

/// A piece's code: its colour and rank, one of 14.
fn code(piece: Piece) -> u8 {
    (colour_index(piece.colour) * 7 + rank_index(piece.rank)) as u8
}

fn piece_of(code: u8) -> Piece {
    let ranks = super::position::RANKS;
    Piece { colour: COLOURS[usize::from(code / 7)], rank: ranks[usize::from(code % 7)] }
}

/// The pieces on a board, by code then square: a material and where its pieces stand.
fn placement(board: &[Seen; SQUARES]) -> (Vec<u8>, Vec<Square>) {
    let mut pieces: Vec<(u8, Square)> = (0..SQUARES as Square)
        .filter_map(|square| match board[usize::from(square)] {
            Seen::FaceUp(piece) => Some((code(piece), square)),
            _ => None,
        })
        .collect();
    pieces.sort_unstable();
    pieces.into_iter().unzip()
}

/// A position's place in its material's table: piece `i`'s square is digit `i` in base 32,
/// then the colour to move.
fn index(squares: &[Square], to_move: Colour) -> usize {
    let placed = squares.iter().rev().fold(0, |index, &square| index * SQUARES + usize::from(square));
    placed * 2 + colour_index(to_move)
}

/// The tables built so far, for one set of rules.
pub struct Tables {
    rules: Config,
    built: HashMap<Vec<u8>, Vec<u8>>,
}

impl Tables {
    pub fn new(rules: &Config) -> Tables {
        // Only these rules change what a face-up position is worth.
        let rules = Config {
            seed: 0,
            quiet_limit: rules.quiet_limit,
            chain_capture: rules.chain_capture,
            chariot_rush: rules.chariot_rush,
            blind_capture: false,
        };
        Tables { rules, built: HashMap::new() }
    }

    /// The materials built, and their tables' bytes.
    pub fn size(&self) -> (usize, usize) {
        (self.built.len(), self.built.values().map(Vec::len).sum())
    }

    /// Whether the tables cover `position`: their rules, every piece face up, both colours on
    /// the board, no more than [`MAX_PIECES`], colours known, and a quiet-move limit they keep.
    pub fn covers(&self, position: &Position) -> bool {
        let mut colours = [0usize; 2];
        for seen in &position.board {
            match seen {
                Seen::FaceDown => return false,
                Seen::FaceUp(piece) => colours[colour_index(piece.colour)] += 1,
                Seen::Empty => {}
            }
        }
        let rules = &position.rules;
        (rules.quiet_limit, rules.chain_capture, rules.chariot_rush)
            == (self.rules.quiet_limit, self.rules.chain_capture, self.rules.chariot_rush)
            && position.hidden_total() == 0
            && position.first_colour.is_some()
            && colours.iter().all(|&n| n > 0)
            && colours.iter().sum::<usize>() <= MAX_PIECES
            && position.rules.quiet_limit <= MAX_PLIES
    }

    /// What `position` is worth to the side to move, its quiet-move counter counted; `None`
    /// where the tables do not cover it. Built first if need be.
    pub fn probe(&mut self, position: &Position) -> Option<Exact> {
        if !self.covers(position) {
            return None;
        }
        let mover = position.colour(position.to_move)?;
        let exact = match position.chain {
            // Mid-chain: the capture just made reset the counter.
            Some(_) => self.best(position)?.1,
            None => {
                self.value(&position.board, mover).with_counter(position.quiet_plies, self.rules.quiet_limit)
            }
        };
        Some(exact)
    }

    /// The best move in `position` and its worth, if the tables cover it: the quickest win,
    /// else a draw, else the longest loss.
    pub fn best(&mut self, position: &Position) -> Option<(Move, Exact)> {
        best_of(&self.moves(position)?)
    }

    /// Every move in `position` and its worth to the side to move, if the tables cover it.
    pub fn moves(&mut self, position: &Position) -> Option<Vec<(Move, Exact)>> {
        if !self.covers(position) {
            return None;
        }
        let limit = self.rules.quiet_limit;
        // After a capture what follows starts the counter again, and is reached now.
        let zeroed = |exact: Exact| match exact {
            Exact::Win(_) => Exact::Win(1),
            Exact::Loss(_) => Exact::Loss(1),
            Exact::Draw => Exact::Draw,
        };
        let mut moves = Vec::new();
        for mv in position.moves() {
            let (next, after) = position.after(mv, None);
            let exact = match after {
                super::After::Won => Exact::Win(1),
                // Still this side's turn, going on capturing or not.
                super::After::Chain => zeroed(self.probe(&next)?),
                super::After::Passed => {
                    let theirs = self.value(&next.board, next.colour(next.to_move)?).before();
                    if next.quiet_plies == 0 {
                        zeroed(theirs)
                    } else {
                        theirs.with_counter(position.quiet_plies, limit)
                    }
                }
            };
            moves.push((mv, exact));
        }
        Some(moves)
    }

    /// The stored worth of the face-up `board` with `to_move` to move, the counter aside: its
    /// material's table, built if need be.
    fn value(&mut self, board: &[Seen; SQUARES], to_move: Colour) -> Exact {
        let (material, squares) = placement(board);
        self.build(&material);
        Exact::read(self.built[&material][index(&squares, to_move)])
    }

    /// Builds the table of `material` (codes in order), the smaller ones first.
    fn build(&mut self, material: &[u8]) {
        if self.built.contains_key(material) {
            return;
        }
        let smaller: Vec<Vec<u8>> =
            (0..material.len()).map(|taken| [&material[..taken], &material[taken + 1..]].concat()).collect();
        for (taken, smaller) in smaller.iter().enumerate() {
            // Taking a colour's last piece ends the game: no table.
            let colour = piece_of(material[taken]).colour;
            if smaller.iter().any(|&code| piece_of(code).colour == colour) {
                self.build(smaller);
            }
        }
        let without = smaller.iter().map(|smaller| self.built.get(smaller).map(Vec::as_slice)).collect();
        let table = Builder { tables: self, material, without }.run();
        self.built.insert(material.to_vec(), table);
    }
}

/// The best of `moves` for the side to move: the quickest win, else a draw, else the longest
/// loss.
pub fn best_of(moves: &[(Move, Exact)]) -> Option<(Move, Exact)> {
    moves.iter().copied().reduce(|best, this| if this.1.rank() > best.1.rank() { this } else { best })
}

/// One table's retrograde analysis, over the smaller tables already built.
struct Builder<'a> {
    tables: &'a Tables,
    material: &'a [u8],
    /// For each piece, the table of the material without it: `None` where it is the last of
    /// its colour.
    without: Vec<Option<&'a [u8]>>,
}

/// Left to count for a position that has a capture to a draw: it is never lost.
const CANNOT_LOSE: u8 = u8::MAX;

impl Builder<'_> {
    fn run(&self) -> Vec<u8> {
        let pieces = self.material.len();
        let size = SQUARES.pow(pieces as u32) * 2;
        let limit = self.tables.rules.quiet_limit;
        let mut values = vec![0u8; size];
        // For each position not yet decided: its quiet moves whose worth is still unknown.
        let mut left = vec![0u8; size];
        let mut levels: Vec<Vec<u32>> = vec![Vec::new(); limit as usize + 2];
        let mut board = [Seen::Empty; SQUARES];
        let mut squares = vec![0; pieces];
        let mut moves = Vec::new();
        for placed in 0..size / 2 {
            let mut rest = placed;
            for square in squares.iter_mut() {
                *square = (rest % SQUARES) as Square;
                rest /= SQUARES;
            }
            if (1..pieces).any(|i| squares[..i].contains(&squares[i])) {
                continue;
            }
            board.fill(Seen::Empty);
            for (&code, &square) in self.material.iter().zip(&squares) {
                board[usize::from(square)] = Seen::FaceUp(piece_of(code));
            }
            for colour in COLOURS {
                let at = index(&squares, colour);
                let (exact, count) = self.start(&board, &squares, colour, &mut moves);
                match exact {
                    Some(exact) => {
                        values[at] = exact.stored();
                        if let Exact::Win(plies) | Exact::Loss(plies) = exact {
                            levels[plies as usize].push(at as u32);
                        }
                    }
                    None => left[at] = count,
                }
            }
        }
        // Distance by distance: a position lost in `d` makes each one that moves into it won
        // in `d + 1`; a position won in `d` counts off one move of each that moves into it,
        // which is lost in `d + 1` once none is left.
        for plies in 0..limit as usize {
            let level = std::mem::take(&mut levels[plies]);
            for &at in &level {
                let at = at as usize;
                let exact = Exact::read(values[at]);
                self.before(at, &mut board, &mut squares, &mut moves, |earlier| {
                    if values[earlier] != 0 || left[earlier] == 0 {
                        return;
                    }
                    let decided = match exact {
                        Exact::Loss(_) => true,
                        _ if left[earlier] == CANNOT_LOSE => false,
                        _ => {
                            left[earlier] -= 1;
                            left[earlier] == 0
                        }
                    };
                    if decided {
                        values[earlier] = exact.before().stored();
                        left[earlier] = 0;
                        levels[plies + 1].push(earlier as u32);
                    }
                });
            }
        }
        values
    }

    /// A position's worth from its own moves alone (no moves, a capture to a win, nothing but
    /// captures to losses), else its quiet moves to count ([`CANNOT_LOSE`] if a capture draws).
    fn start(
        &self,
        board: &[Seen; SQUARES],
        squares: &[Square],
        mover: Colour,
        moves: &mut Vec<Move>,
    ) -> (Option<Exact>, u8) {
        moves.clear();
        let seen = |square: Square| board[usize::from(square)];
        for &square in squares {
            piece_moves(&seen, &self.tables.rules, Some(mover), square, false, moves);
        }
        if moves.is_empty() {
            return (Some(Exact::Loss(0)), 0);
        }
        let (mut quiet, mut draws) = (0u8, false);
        for &mv in moves.iter() {
            let Move::Go { from, to } = mv else { continue };
            if board[usize::from(to)] == Seen::Empty {
                quiet += 1;
                continue;
            }
            // Stopping after the capture: the smaller table, the other side to move.
            let taken = squares.iter().position(|&square| square == to).unwrap_or_default();
            let stop = self.without[taken].map_or(Exact::Win(1), |table| {
                let mut smaller = [0; MAX_PIECES];
                let mut count = 0;
                for (piece, &square) in squares.iter().enumerate() {
                    if piece != taken {
                        smaller[count] = if square == from { to } else { square };
                        count += 1;
                    }
                }
                Exact::read(table[index(&smaller[..count], mover.other())]).before()
            });
            let exact = match stop {
                Exact::Win(_) => stop,
                // Going on capturing may do better.
                _ if self.tables.rules.chain_capture => self.capture(board, from, to, mover),
                _ => stop,
            };
            match exact {
                Exact::Win(_) => return (Some(Exact::Win(1)), 0),
                Exact::Draw => draws = true,
                Exact::Loss(_) => {}
            }
        }
        match (quiet, draws) {
            (0, true) => (Some(Exact::Draw), 0),
            (0, false) => (Some(Exact::Loss(1)), 0),
            (_, true) => (None, CANNOT_LOSE),
            (quiet, false) => (None, quiet),
        }
    }

    /// What `mover`'s capture from `from` to `to` is worth to it: the smaller table's value
    /// with the counter at zero, and under chain capture the best of stopping and going on.
    fn capture(&self, board: &[Seen; SQUARES], from: Square, to: Square, mover: Colour) -> Exact {
        let mut next = *board;
        next[usize::from(to)] = next[usize::from(from)];
        next[usize::from(from)] = Seen::Empty;
        let theirs = next.iter().any(|seen| matches!(seen, Seen::FaceUp(p) if p.colour != mover));
        if !theirs {
            return Exact::Win(1);
        }
        let (material, squares) = placement(&next);
        let stored = self.tables.built.get(&material).map(|table| table[index(&squares, mover.other())]);
        let mut best = stored.map_or(Exact::Draw, |byte| Exact::read(byte).before());
        if self.tables.rules.chain_capture {
            let seen = |square: Square| next[usize::from(square)];
            let mut more = Vec::new();
            piece_moves(&seen, &self.tables.rules, Some(mover), to, true, &mut more);
            for mv in more {
                if let Move::Go { from: at, to: onto } = mv {
                    let exact = self.capture(&next, at, onto, mover);
                    if exact.rank() > best.rank() {
                        best = exact;
                    }
                }
            }
        }
        best
    }

    /// Calls `found` with each position, the other colour to move, from which a quiet move
    /// leads to the position at `at`. Quiet moves go both ways (a step, a chariot's rush
    /// over empty squares), so they are the moves back.
    fn before(
        &self,
        at: usize,
        board: &mut [Seen; SQUARES],
        squares: &mut [Square],
        moves: &mut Vec<Move>,
        mut found: impl FnMut(usize),
    ) {
        let to_move = COLOURS[at % 2];
        let mut rest = at / 2;
        for square in squares.iter_mut() {
            *square = (rest % SQUARES) as Square;
            rest /= SQUARES;
        }
        board.fill(Seen::Empty);
        for (&code, &square) in self.material.iter().zip(squares.iter()) {
            board[usize::from(square)] = Seen::FaceUp(piece_of(code));
        }
        let moved = to_move.other();
        let seen = |square: Square| board[usize::from(square)];
        for (piece, &square) in squares.iter().enumerate() {
            if piece_of(self.material[piece]).colour != moved {
                continue;
            }
            moves.clear();
            piece_moves(&seen, &self.tables.rules, Some(moved), square, false, moves);
            let unit = SQUARES.pow(piece as u32) * 2;
            for &mv in moves.iter() {
                if let Move::Go { to, .. } = mv
                    && seen(to) == Seen::Empty
                {
                    let earlier = at - usize::from(square) * unit + usize::from(to) * unit;
                    found(earlier ^ 1);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dark_chess::{Cell, DarkChess, Rank};
    use crate::rules::{Game, Outcome, Player};
    use rand::{Rng, SeedableRng};

    const RED: Colour = Colour::Red;
    const BLACK: Colour = Colour::Black;

    fn piece(colour: Colour, rank: Rank) -> Piece {
        Piece { colour, rank }
    }

    /// A game of `pieces` face up, red the first player's colour, `to_move` to move.
    fn game(rules: &Config, pieces: &[(Piece, Square)], to_move: Colour) -> DarkChess {
        let mut board = [Cell::Empty; SQUARES];
        for &(piece, square) in pieces {
            board[usize::from(square)] = Cell::FaceUp(piece);
        }
        let player = if to_move == RED { Player::First } else { Player::Second };
        DarkChess::from_setup(rules.clone(), board, Some(RED), player).unwrap()
    }

    fn position(game: &DarkChess) -> Position {
        Position::from_view(&game.view())
    }

    /// Random placements of `material`, either colour to move, games not over.
    fn placements(rules: &Config, material: &[Piece], count: usize, seed: u64) -> Vec<DarkChess> {
        let mut rng = rand_pcg::Pcg32::seed_from_u64(seed);
        let mut games = Vec::new();
        while games.len() < count {
            let mut squares: Vec<Square> = Vec::new();
            while squares.len() < material.len() {
                let square = rng.random_range(0..SQUARES as Square);
                if !squares.contains(&square) {
                    squares.push(square);
                }
            }
            let pieces: Vec<_> = material.iter().copied().zip(squares).collect();
            let game = game(rules, &pieces, if rng.random_bool(0.5) { RED } else { BLACK });
            if game.outcome().is_none() {
                games.push(game);
            }
        }
        games
    }

    fn house_rules() -> [Config; 3] {
        [
            Config::default(),
            Config { chain_capture: true, ..Config::default() },
            Config { chariot_rush: true, chain_capture: true, quiet_limit: 30, ..Config::default() },
        ]
    }

    #[test]
    fn a_capture_that_ends_the_game_and_a_side_without_a_move_are_told() {
        let rules = Config::default();
        let mut tables = Tables::new(&rules);
        // The soldier takes the general beside it: won at once.
        let took = game(&rules, &[(piece(RED, Rank::Soldier), 0), (piece(BLACK, Rank::General), 1)], RED);
        assert_eq!(tables.best(&position(&took)), Some((Move::Go { from: 0, to: 1 }, Exact::Win(1))));
        // The general beside the soldier cannot take it, and may not stay: it steps away.
        let away = game(&rules, &[(piece(RED, Rank::General), 0), (piece(BLACK, Rank::Soldier), 1)], RED);
        assert!(matches!(tables.probe(&position(&away)), Some(Exact::Draw | Exact::Loss(_))));
        // A face-down piece, or too many pieces, is not the tables'.
        let mut board = [Cell::Empty; SQUARES];
        board[0] = Cell::FaceUp(piece(RED, Rank::Soldier));
        board[5] = Cell::FaceDown(piece(BLACK, Rank::General));
        let hidden = DarkChess::from_setup(rules.clone(), board, Some(RED), Player::First).unwrap();
        assert_eq!(tables.probe(&position(&hidden)), None);
        let five: Vec<_> = [Rank::Soldier, Rank::Cannon, Rank::Horse, Rank::Chariot, Rank::General]
            .iter()
            .enumerate()
            .map(|(i, &rank)| (piece(if i % 2 == 0 { RED } else { BLACK }, rank), i as Square * 3))
            .collect();
        assert_eq!(tables.probe(&position(&game(&rules, &five, RED))), None);
        // Another quiet-move limit is another set of tables.
        let other = Config { quiet_limit: 40, ..rules };
        assert_eq!(
            tables.probe(&position(&game(
                &other,
                &[(piece(RED, Rank::Soldier), 0), (piece(BLACK, Rank::General), 1)],
                RED
            ))),
            None
        );
    }

    /// Every value is the best of its moves' values (the tables agree with themselves), on
    /// random placements of materials of two to four pieces, under each set of house rules.
    #[test]
    fn each_value_is_the_best_of_its_moves() {
        let materials: [&[Piece]; 3] = [
            &[piece(RED, Rank::Horse), piece(BLACK, Rank::Cannon)],
            &[piece(RED, Rank::Chariot), piece(RED, Rank::Soldier), piece(BLACK, Rank::Horse)],
            &[
                piece(RED, Rank::Cannon),
                piece(RED, Rank::Advisor),
                piece(BLACK, Rank::Elephant),
                piece(BLACK, Rank::Soldier),
            ],
        ];
        for rules in house_rules() {
            let mut tables = Tables::new(&rules);
            for (seed, material) in materials.iter().enumerate() {
                for game in placements(&rules, material, 300, seed as u64) {
                    let position = position(&game);
                    let (_, best) = tables.best(&position).unwrap();
                    assert_eq!(tables.probe(&position), Some(best), "{:?}", game.view());
                }
            }
        }
    }

    /// With one piece a side, where a capture ends the game, the tables' distances are the
    /// game's: a win in `d` plies is one a plain search of the rules' own game finds in `d`
    /// and not in fewer, and no other position is won within five.
    #[test]
    fn short_wins_are_those_a_search_of_the_rules_finds() {
        /// Whether the side to move wins within `plies`, by the rules' game alone.
        fn wins_within(game: &DarkChess, plies: u32) -> bool {
            let mover = game.to_move();
            plies > 0
                && game.legal_moves().into_iter().any(|mv| {
                    let mut next = game.clone();
                    next.play(mv).unwrap();
                    match next.outcome() {
                        Some(Outcome::Win(winner)) => winner == mover,
                        Some(Outcome::Draw) => false,
                        None if next.to_move() == mover => wins_within(&next, plies - 1),
                        None => loses_within(&next, plies - 1),
                    }
                })
        }
        fn loses_within(game: &DarkChess, plies: u32) -> bool {
            let mover = game.to_move();
            plies > 0
                && game.legal_moves().into_iter().all(|mv| {
                    let mut next = game.clone();
                    next.play(mv).unwrap();
                    match next.outcome() {
                        Some(Outcome::Win(winner)) => winner != mover,
                        Some(Outcome::Draw) => false,
                        None if next.to_move() == mover => loses_within(&next, plies - 1),
                        None => wins_within(&next, plies - 1),
                    }
                })
        }
        for rules in house_rules() {
            let mut tables = Tables::new(&rules);
            for material in [
                [piece(RED, Rank::Soldier), piece(BLACK, Rank::General)],
                [piece(RED, Rank::Chariot), piece(BLACK, Rank::Horse)],
            ] {
                for game in placements(&rules, &material, 150, 7) {
                    let exact = tables.probe(&position(&game)).unwrap();
                    match exact {
                        Exact::Win(plies) if plies <= 5 => {
                            assert!(
                                wins_within(&game, plies) && !wins_within(&game, plies - 1),
                                "{exact:?} {:?}",
                                game.view()
                            );
                        }
                        _ => assert!(!wins_within(&game, 5), "{exact:?} {:?}", game.view()),
                    }
                }
            }
        }
    }

    /// From won positions, the tables' moves against the tables' best defence win by the
    /// rules' own game, within the quiet-move limit, whatever the counter that leaves room.
    #[test]
    fn the_tables_win_what_they_call_won() {
        for rules in house_rules() {
            let mut tables = Tables::new(&rules);
            let material = [piece(RED, Rank::Chariot), piece(RED, Rank::Horse), piece(BLACK, Rank::Horse)];
            let mut won = 0;
            for mut game in placements(&rules, &material, 60, 11) {
                let Some(Exact::Win(_)) = tables.probe(&position(&game)) else { continue };
                won += 1;
                let winner = game.to_move();
                for _ in 0..400 {
                    if game.outcome().is_some() {
                        break;
                    }
                    let (mv, _) = tables.best(&position(&game)).unwrap();
                    game.play(mv).unwrap();
                }
                assert_eq!(game.outcome(), Some(Outcome::Win(winner)), "{:?}", game.view());
            }
            assert!(won > 5, "{won} won positions");
        }
    }
}
