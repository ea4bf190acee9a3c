//! A fast copy of the Five Tigers rules for search: each side's stones as 25 bits, the
//! formations as masks with their preset's values, the actions of the player to move played as
//! the rules play them, and each position's key.

use crate::rules::five_tigers::{FiveTigers, Move, Phase, Preset, QUIET_LIMIT, formations};
use crate::rules::{Game, Outcome, Player};
use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::sync::OnceLock;

pub const POINTS: usize = 25;
const ALL: u32 = (1 << POINTS) - 1;

/// The board's fixed geometry: formation masks and which formations pass through each point.
pub struct Geometry {
    pub masks: Vec<u32>,
    /// Per preset (in `Preset::ALL` order), each formation's value.
    pub values: [Vec<u32>; 3],
    /// Per point, the formations through it, as a bit set of their indices.
    pub through: [u64; POINTS],
    /// Per point, its orthogonal neighbours.
    pub neighbours: [u32; POINTS],
}

pub fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| {
        let all = formations();
        let masks: Vec<u32> = all.iter().map(|f| f.points.iter().fold(0, |m, &p| m | 1 << p)).collect();
        let values = Preset::ALL.map(|preset| all.iter().map(|f| preset.values().of(f.shape)).collect());
        let mut through = [0u64; POINTS];
        for (index, mask) in masks.iter().enumerate() {
            for (point, set) in through.iter_mut().enumerate() {
                if mask & 1 << point != 0 {
                    *set |= 1 << index;
                }
            }
        }
        let mut neighbours = [0u32; POINTS];
        for (point, set) in neighbours.iter_mut().enumerate() {
            let (x, y) = (point % 5, point / 5);
            if x > 0 {
                *set |= 1 << (point - 1);
            }
            if x < 4 {
                *set |= 1 << (point + 1);
            }
            if y > 0 {
                *set |= 1 << (point - 5);
            }
            if y < 4 {
                *set |= 1 << (point + 5);
            }
        }
        Geometry { masks, values, through, neighbours }
    })
}

fn side(player: Player) -> usize {
    usize::from(player == Player::Second)
}

/// The bits of a set, lowest first.
pub fn bits(mut set: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let point = set.trailing_zeros() as u8;
            set &= set - 1;
            point
        })
    })
}

/// A position as the search plays it: the rules' state in bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// Each side's stones, `First` then `Second`.
    pub stones: [u32; 2],
    pub to_move: usize,
    pub phase: Phase,
    /// The player to move goes on with their turn.
    pub continues: bool,
    pub quiet: u32,
    pub outcome: Option<Outcome>,
    /// Index of the preset in `Preset::ALL`.
    pub preset: u8,
}

impl Board {
    /// The rules' position in bits; `quiet` is the moving-phase plies since the last capture.
    pub fn of(game: &FiveTigers, quiet: u32) -> Board {
        let mut stones = [0u32; 2];
        for point in 0..POINTS as u8 {
            if let Some(owner) = game.stone(point) {
                stones[side(owner)] |= 1 << point;
            }
        }
        let preset = Preset::ALL.iter().position(|&p| p == game.config().preset).unwrap_or(0) as u8;
        Board {
            stones,
            to_move: side(game.to_move()),
            phase: game.phase(),
            continues: game.mid_move(),
            quiet,
            outcome: game.outcome(),
            preset,
        }
    }

    pub fn player(side: usize) -> Player {
        if side == 0 { Player::First } else { Player::Second }
    }

    pub fn empty(&self) -> u32 {
        !(self.stones[0] | self.stones[1]) & ALL
    }

    pub fn values(&self) -> &'static [u32] {
        &geometry().values[usize::from(self.preset)]
    }

    /// The whole state in one exact number (the quiet count aside): the table's key.
    pub fn key(&self) -> u64 {
        let (kind, count, first) = match self.phase {
            Phase::Place { owed } => (0u64, u64::from(owed.min(255)), 0),
            Phase::Remove { left, first } => (1, u64::from(left), side(first) as u64),
            Phase::Move { captures } => (2, u64::from(captures.min(255)), 0),
        };
        u64::from(self.stones[0])
            | u64::from(self.stones[1]) << 25
            | (self.to_move as u64) << 50
            | kind << 51
            | count << 53
            | first << 61
    }

    /// What the formations through `point`, all of `who`'s stones, are worth.
    pub fn formed_value(&self, point: u8, who: usize) -> u32 {
        let geometry = geometry();
        let mine = self.stones[who];
        let values = self.values();
        let mut set = geometry.through[usize::from(point)];
        let mut total = 0;
        while set != 0 {
            let index = set.trailing_zeros() as usize;
            set &= set - 1;
            let mask = geometry.masks[index];
            if mine & mask == mask {
                total += values[index];
            }
        }
        total
    }

    /// The steps of `who` as (from, to).
    pub fn steps_of(&self, who: usize) -> impl Iterator<Item = (u8, u8)> + '_ {
        let empty = self.empty();
        let geometry = geometry();
        bits(self.stones[who]).flat_map(move |from| {
            bits(geometry.neighbours[usize::from(from)] & empty).map(move |to| (from, to))
        })
    }

    pub fn mobility(&self, who: usize) -> u32 {
        let empty = self.empty();
        let geometry = geometry();
        bits(self.stones[who]).map(|from| (geometry.neighbours[usize::from(from)] & empty).count_ones()).sum()
    }

    /// Every action the player to move may take now.
    pub fn actions(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        match self.phase {
            Phase::Place { .. } => bits(self.empty()).map(Move::Place).collect(),
            Phase::Remove { .. } | Phase::Move { captures: 1.. } => {
                bits(self.stones[1 - self.to_move]).map(Move::Remove).collect()
            }
            Phase::Move { captures: 0 } => {
                self.steps_of(self.to_move).map(|(from, to)| Move::Step { from, to }).collect()
            }
        }
    }

    fn start_moving(&mut self, who: usize) {
        self.to_move = who;
        self.phase = Phase::Move { captures: 0 };
        if self.mobility(who) == 0 {
            self.phase = Phase::Remove { left: 2, first: Board::player(who) };
        }
    }

    /// After a removal: a player left with fewer than three stones loses.
    fn check_loss(&mut self) -> bool {
        if self.stones[1 - self.to_move].count_ones() < 3 {
            self.outcome = Some(Outcome::Win(Board::player(self.to_move)));
        }
        self.outcome.is_some()
    }

    /// Plays an action legal here, as the rules do.
    pub fn play(&mut self, mv: Move) {
        let me = self.to_move;
        self.continues = false;
        match (mv, self.phase) {
            (Move::Place(at), Phase::Place { owed }) => {
                self.stones[me] |= 1 << at;
                let owed = owed - 1 + self.formed_value(at, me);
                if self.empty() == 0 {
                    self.to_move = 1;
                    self.phase = Phase::Remove { left: 2, first: Player::Second };
                } else if owed > 0 {
                    self.phase = Phase::Place { owed };
                    self.continues = true;
                } else {
                    self.to_move = 1 - me;
                    self.phase = Phase::Place { owed: 1 };
                }
            }
            (Move::Remove(at), Phase::Remove { left, first }) => {
                self.stones[1 - me] &= !(1 << at);
                self.quiet = 0;
                if self.check_loss() {
                    return;
                }
                if left > 1 {
                    self.to_move = 1 - me;
                    self.phase = Phase::Remove { left: left - 1, first };
                } else {
                    self.start_moving(side(first));
                }
            }
            (Move::Remove(at), Phase::Move { captures }) => {
                self.stones[1 - me] &= !(1 << at);
                self.quiet = 0;
                if self.check_loss() {
                    return;
                }
                if captures > 1 && self.stones[1 - me] != 0 {
                    self.phase = Phase::Move { captures: captures - 1 };
                    self.continues = true;
                } else {
                    self.start_moving(1 - me);
                }
            }
            (Move::Step { from, to }, Phase::Move { captures: 0 }) => {
                self.stones[me] = (self.stones[me] & !(1 << from)) | 1 << to;
                let captures = self.formed_value(to, me);
                if captures > 0 {
                    self.phase = Phase::Move { captures };
                    self.continues = true;
                } else {
                    self.quiet += 1;
                    if self.quiet >= QUIET_LIMIT {
                        self.outcome = Some(Outcome::Draw);
                        return;
                    }
                    self.start_moving(1 - me);
                }
            }
            _ => {}
        }
    }
}

/// A hasher for keys that are already well mixed.
#[derive(Default)]
pub struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(byte)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = mix(n);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// SplitMix64's finaliser: a key spread over all 64 bits.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

pub type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;
