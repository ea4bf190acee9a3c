//! Threat-space search: VCF, a win by continuous fours, and VCT, a win by fours and threes.
//! The attacker's every move threatens, so the defender's replies are few: the one point that
//! stops a four, or the points that stop a three and the defender's own fours.

use super::Budget;
use super::board::{Board, other, pattern::*};

/// Positions shown to hold no win, by key and the attacker moves searched.
const FAILED_SLOTS: usize = 1 << 16;

pub struct Threats {
    failed: Vec<(u64, u8)>,
}

impl Default for Threats {
    fn default() -> Self {
        Threats { failed: vec![(0, 0); FAILED_SLOTS] }
    }
}

/// A win found: its first move.
pub type Win = usize;

impl Threats {
    /// A win for the player to move within `moves` threats of its own: by continuous fours (a
    /// VCF), or with `threes` by fours and threes (a VCT). The first threat.
    pub fn attack(&mut self, board: &mut Board, moves: u8, threes: bool, budget: &mut Budget) -> Option<Win> {
        let mut first = None;
        self.search(board, moves, threes, budget, &mut first).then_some(first).flatten()
    }

    /// A VCF for the player to move within `moves` fours: the first four.
    pub fn vcf(&mut self, board: &mut Board, moves: u8, budget: &mut Budget) -> Option<Win> {
        self.attack(board, moves, false, budget)
    }

    fn seen_failing(&self, key: u64, moves: u8, salt: u64) -> bool {
        let key = key ^ salt;
        let (stored, depth) = self.failed[(key as usize) & (FAILED_SLOTS - 1)];
        stored == key && depth >= moves
    }

    fn remember_failing(&mut self, key: u64, moves: u8, salt: u64) {
        let key = key ^ salt;
        self.failed[(key as usize) & (FAILED_SLOTS - 1)] = (key, moves);
    }

    /// Whether the attacker (to move) wins at once or by a four the defender cannot stop: an
    /// open four, or a four whose one defence the defender may not play.
    fn sure_now(board: &Board, attacker: u8) -> Option<usize> {
        if let Some(&five) = board.points_at_least(attacker, FIVE).first() {
            return Some(five);
        }
        if board.count_at_least(other(attacker), FIVE) > 0 {
            return None;
        }
        board.points_at_least(attacker, FLEX_FOUR).into_iter().find(|&c| board.playable(c))
    }

    /// The defender's answer to a four just made: the one point that stops it, if the defender
    /// may play it; `Err` when the four cannot be stopped.
    fn stop_four(board: &Board) -> Result<usize, ()> {
        let attacker = other(board.to_move());
        let fives = board.points_at_least(attacker, FIVE);
        match fives[..] {
            [only] if board.playable(only) => Ok(only),
            _ => Err(()),
        }
    }

    /// The defender's answers to a three just made: the points where the attacker would make
    /// a four or five (those stop the three), and the defender's own fours.
    fn stop_three(board: &Board) -> Vec<usize> {
        let defender = board.to_move();
        let attacker = other(defender);
        let mut replies = board.points_at_least(attacker, FOUR);
        for four in board.points_at_least(defender, FOUR) {
            if !replies.contains(&four) {
                replies.push(four);
            }
        }
        replies.retain(|&c| board.playable(c));
        replies
    }

    /// Whether the attacker (to move) wins within `moves` threats of its own: fours alone,
    /// or fours and threes; `first` gets the first threat.
    fn search(
        &mut self,
        board: &mut Board,
        moves: u8,
        threes: bool,
        budget: &mut Budget,
        first: &mut Option<Win>,
    ) -> bool {
        if budget.spend() {
            return false;
        }
        let attacker = board.to_move();
        if let Some(win) = Self::sure_now(board, attacker) {
            *first = Some(win);
            return true;
        }
        let salt = if threes { 2 } else { 1 };
        if moves == 0 || self.seen_failing(board.hash, moves, salt) {
            return false;
        }
        let defender = other(attacker);
        let defender_fives = board.points_at_least(defender, FIVE);
        if defender_fives.len() > 1 {
            return false;
        }
        let mut tries = board.points_at_least(attacker, if threes { OPEN_THREE } else { FOUR });
        if let [must] = defender_fives[..] {
            tries.retain(|&c| c == must);
        }
        // A three is no threat while the defender can make an open four or a four of its own
        // first; fours still are.
        let defender_strong = board.count_at_least(defender, FLEX_FOUR) > 0;
        tries.sort_by_key(|&c| std::cmp::Reverse(board.worth(attacker, c) * 2 + board.worth(defender, c)));
        for threat in tries {
            let is_four = board.level(attacker, threat) >= FOUR;
            if (!is_four && defender_strong) || !board.playable(threat) {
                continue;
            }
            board.place(threat);
            let won = if is_four {
                match Self::stop_four(board) {
                    Err(()) => true,
                    Ok(block) => {
                        board.place(block);
                        let won = self.search(board, moves - 1, threes, budget, &mut None);
                        board.undo();
                        won
                    }
                }
            } else if board.count_at_least(attacker, FLEX_FOUR) == 0 {
                false
            } else {
                let replies = Self::stop_three(board);
                let mut all = true;
                for reply in replies {
                    board.place(reply);
                    let won = self.search(board, moves - 1, threes, budget, &mut None);
                    board.undo();
                    if !won {
                        all = false;
                        break;
                    }
                }
                all
            };
            board.undo();
            if won {
                *first = Some(threat);
                return true;
            }
            if budget.aborted {
                return false;
            }
        }
        if !budget.aborted {
            self.remember_failing(board.hash, moves, salt);
        }
        false
    }
}
