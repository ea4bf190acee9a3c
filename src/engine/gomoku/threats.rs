//! Threat-space search: VCF, a win by continuous fours, and VCT, a win by fours and threes.
//! The attacker's every move threatens, so the defender's replies are few: the one point that
//! stops a four, or the points that stop a three and the defender's own fours.

use super::Allowance;
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
    /// VCF), or with `threes` by fours and threes (a VCT). The first threat, and the plies to
    /// the five, the defender resisting longest.
    pub fn attack(
        &mut self,
        board: &mut Board,
        moves: u8,
        threes: bool,
        budget: &mut Allowance,
    ) -> Option<(Win, u32)> {
        let mut first = None;
        let plies = self.search(board, moves, threes, budget, &mut first)?;
        Some((first?, plies))
    }

    /// A VCF for the player to move within `moves` fours: the first four.
    pub fn vcf(&mut self, board: &mut Board, moves: u8, budget: &mut Allowance) -> Option<Win> {
        self.attack(board, moves, false, budget).map(|(first, _)| first)
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
    /// open four, or a four whose one defence the defender may not play. The move, and the
    /// plies to the five.
    fn sure_now(board: &Board, attacker: u8) -> Option<(usize, u32)> {
        if let Some(&five) = board.points_at_least(attacker, FIVE).first() {
            return Some((five, 1));
        }
        if board.count_at_least(other(attacker), FIVE) > 0 {
            return None;
        }
        let four = board.points_at_least(attacker, FLEX_FOUR).into_iter().find(|&c| board.playable(c))?;
        Some((four, 3))
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
    /// or fours and threes; the plies to the five, and `first` gets the first threat.
    fn search(
        &mut self,
        board: &mut Board,
        moves: u8,
        threes: bool,
        budget: &mut Allowance,
        first: &mut Option<Win>,
    ) -> Option<u32> {
        if budget.spend() {
            return None;
        }
        let attacker = board.to_move();
        if let Some((win, plies)) = Self::sure_now(board, attacker) {
            *first = Some(win);
            return Some(plies);
        }
        let salt = if threes { 2 } else { 1 };
        if moves == 0 || self.seen_failing(board.hash, moves, salt) {
            return None;
        }
        let defender = other(attacker);
        let defender_fives = board.points_at_least(defender, FIVE);
        if defender_fives.len() > 1 {
            return None;
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
            // The plies after the threat and its answer.
            let after = if is_four {
                match Self::stop_four(board) {
                    // Any answer, then the five.
                    Err(()) => Some(1),
                    Ok(block) => {
                        board.place(block);
                        let won = self.search(board, moves - 1, threes, budget, &mut None);
                        board.undo();
                        won
                    }
                }
            } else if board.count_at_least(attacker, FLEX_FOUR) == 0 {
                None
            } else {
                // With no answer to the three, any move, then the open four and the five.
                let replies = Self::stop_three(board);
                let mut longest = Some(if replies.is_empty() { 3 } else { 0 });
                for reply in replies {
                    board.place(reply);
                    let won = self.search(board, moves - 1, threes, budget, &mut None);
                    board.undo();
                    longest = longest.zip(won).map(|(longest, plies)| longest.max(plies));
                    if longest.is_none() {
                        break;
                    }
                }
                longest
            };
            board.undo();
            if let Some(plies) = after {
                *first = Some(threat);
                return Some(plies + 2);
            }
            if budget.aborted {
                return None;
            }
        }
        if !budget.aborted {
            self.remember_failing(board.hash, moves, salt);
        }
        None
    }
}
