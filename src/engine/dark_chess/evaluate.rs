//! The evaluation, for the player to move, in centi-soldiers roughly: material by rank (each
//! piece worth more for every enemy piece it can take), the cannons' jumps, the danger the
//! enemy soldiers are to a general, and, for the endgame, closing in on what a piece can take
//! and cannot be taken by. Face-down pieces count for their colour: the pool is known to both
//! players, only not where it lies. The quiet-move count scales it down towards the draw.

use super::position::{COLOURS, Position, RANKS, SQUARES, colour_index, rank_index};
use crate::rules::dark_chess::{Rank, Seen, captures_by_rank, coordinates};

/// A piece's worth before what it can take: the cannon's jump takes any rank.
pub fn base_worth(rank: Rank) -> i32 {
    match rank {
        Rank::General => 600,
        Rank::Advisor => 350,
        Rank::Elephant => 220,
        Rank::Chariot => 160,
        Rank::Horse => 120,
        Rank::Cannon => 300,
        Rank::Soldier => 80,
    }
}

/// Worth added for each enemy piece still on the board (face up or down) a piece may take.
const PER_PREY: i32 = 12;
/// Each enemy piece a cannon may take by jumping now.
const CANNON_TARGET: i32 = 25;
/// Each enemy soldier left, against a general; more when one stands beside it.
const SOLDIER_THREAT: i32 = 15;
const SOLDIER_ADJACENT: i32 = 80;
/// Closing in on a piece one can take and that cannot take back, per square nearer.
const CHASE: i32 = 3;

fn distance(a: usize, b: usize) -> i32 {
    let (ax, ay) = coordinates(a as u8);
    let (bx, by) = coordinates(b as u8);
    (ax.abs_diff(bx) + ay.abs_diff(by)) as i32
}

/// Pieces left of each colour and rank, face up or down.
fn alive(position: &Position) -> [[i32; 7]; 2] {
    let mut alive = [[0; 7]; 2];
    for (colour, counts) in position.hidden.iter().enumerate() {
        for (rank, &count) in counts.iter().enumerate() {
            alive[colour][rank] = i32::from(count);
        }
    }
    for seen in position.board {
        if let Seen::FaceUp(p) = seen {
            alive[colour_index(p.colour)][rank_index(p.rank)] += 1;
        }
    }
    alive
}

/// Each rank's worth to each colour, given the enemy pieces left.
fn worths(alive: &[[i32; 7]; 2]) -> [[i32; 7]; 2] {
    let mut worth = [[0; 7]; 2];
    for colour in 0..2 {
        for rank in RANKS {
            let prey: i32 = RANKS
                .iter()
                .filter(|&&target| rank == Rank::Cannon || captures_by_rank(rank, target))
                .map(|&target| alive[1 - colour][rank_index(target)])
                .sum();
            worth[colour][rank_index(rank)] = base_worth(rank) + PER_PREY * prey;
        }
    }
    worth
}

/// The position's worth to the player to move; 0 before the colours are dealt.
pub fn evaluate(position: &Position) -> i32 {
    let Some(mine) = position.colour(position.to_move) else { return 0 };
    let alive = alive(position);
    let worth = worths(&alive);
    let mut score = [0i32; 2];
    for colour in COLOURS {
        let c = colour_index(colour);
        for rank in RANKS {
            score[c] += alive[c][rank_index(rank)] * worth[c][rank_index(rank)];
        }
    }
    let pieces: Vec<(usize, crate::rules::dark_chess::Piece)> = position
        .board
        .iter()
        .enumerate()
        .filter_map(|(square, seen)| match seen {
            Seen::FaceUp(p) => Some((square, *p)),
            _ => None,
        })
        .collect();
    for &(square, piece) in &pieces {
        let c = colour_index(piece.colour);
        match piece.rank {
            Rank::Cannon => score[c] += CANNON_TARGET * cannon_targets(position, square),
            Rank::General => {
                score[c] -= SOLDIER_THREAT * alive[1 - c][rank_index(Rank::Soldier)];
                let beside = pieces.iter().filter(|&&(s, p)| {
                    p.colour != piece.colour && p.rank == Rank::Soldier && distance(s, square) == 1
                });
                score[c] -= SOLDIER_ADJACENT * beside.count() as i32;
            }
            _ => {}
        }
        for &(other, prey) in &pieces {
            if prey.colour != piece.colour
                && captures_by_rank(piece.rank, prey.rank)
                && !captures_by_rank(prey.rank, piece.rank)
            {
                score[c] += CHASE * (10 - distance(square, other)).max(0);
            }
        }
    }
    let me = colour_index(mine);
    drawing_near(score[me] - score[1 - me], position)
}

/// A lead is worth less the nearer the quiet-move limit comes, and nothing at it: the side
/// ahead captures or flips (which start the count again) rather than wander until the game is
/// drawn, and the side behind plays for the limit.
fn drawing_near(score: i32, position: &Position) -> i32 {
    let limit = position.rules.quiet_limit.max(1) as i64;
    let left = limit - i64::from(position.quiet_plies).min(limit);
    (i64::from(score) * left / limit) as i32
}

/// Enemy face-up pieces the cannon on `square` can take by jumping.
fn cannon_targets(position: &Position, square: usize) -> i32 {
    let Seen::FaceUp(cannon) = position.board[square] else { return 0 };
    let mut targets = 0;
    for direction in crate::rules::dark_chess::DIRECTIONS {
        let mut screened = false;
        let mut at = crate::rules::dark_chess::neighbour(square as u8, direction);
        while let Some(t) = at {
            match position.board[usize::from(t) % SQUARES] {
                Seen::Empty => {}
                seen => {
                    if screened {
                        if matches!(seen, Seen::FaceUp(p) if p.colour != cannon.colour) {
                            targets += 1;
                        }
                        break;
                    }
                    screened = true;
                }
            }
            at = crate::rules::dark_chess::neighbour(t, direction);
        }
    }
    targets
}
