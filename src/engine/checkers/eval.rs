//! The evaluation: what a position is worth to the side to move, a man being 100.
//!
//! Material first (a king a third more than a man, and trades worth more the fewer pieces are
//! left, so the side ahead simplifies); then the back rank kept against crowning, the centre,
//! mobility, men with a free run to the crowning row, and in endings, kings that close in on
//! the weaker side, which is safest in a double corner.

use crate::rules::checkers::bitboard::{Bits, Board};

const MAN: i32 = 100;
const KING: i32 = 135;

/// A square's board position: `x` from the left, `y` from the top (as the rules').
const fn coordinates(square: usize) -> (i32, i32) {
    let (row, index) = (square / 4, square % 4);
    ((2 * index + if row % 2 == 0 { 1 } else { 0 }) as i32, row as i32)
}

/// For each side and square, the squares ahead of a man there within its diagonals' reach: a
/// man with no enemy piece there cannot be stopped from crowning by men alone.
const CONES: [[Bits; 32]; 2] = {
    let mut cones = [[0; 32]; 2];
    let mut from = 0;
    while from < 32 {
        let (x, y) = coordinates(from);
        let mut to = 0;
        while to < 32 {
            let (tx, ty) = coordinates(to);
            let dx = if tx > x { tx - x } else { x - tx };
            if ty > y && dx <= ty - y {
                cones[0][from] |= 1 << to;
            }
            if ty < y && dx <= y - ty {
                cones[1][from] |= 1 << to;
            }
            to += 1;
        }
        from += 1;
    }
    cones
};

/// King moves between two squares on an empty board, near enough: the larger of the steps
/// across and down.
const DISTANCE: [[u8; 32]; 32] = {
    let mut distance = [[0; 32]; 32];
    let mut a = 0;
    while a < 32 {
        let (ax, ay) = coordinates(a);
        let mut b = 0;
        while b < 32 {
            let (bx, by) = coordinates(b);
            let dx = if ax > bx { ax - bx } else { bx - ax };
            let dy = if ay > by { ay - by } else { by - ay };
            distance[a][b] = if dx > dy { dx as u8 } else { dy as u8 };
            b += 1;
        }
        a += 1;
    }
    distance
};

/// Each side's back row, and its two squares that guard it best (black's 1 and 3, red's 30
/// and 32).
const BACK_ROW: [Bits; 2] = [0x0000_000F, 0xF000_0000];
const BRIDGE: [Bits; 2] = [0b0101, (1 << 29) | (1 << 31)];
/// The four centre squares (14, 15, 18, 19) and the eight around the middle for kings.
const CENTRE: Bits = (1 << 13) | (1 << 14) | (1 << 17) | (1 << 18);
const KING_CENTRE: Bits = CENTRE | (1 << 9) | (1 << 10) | (1 << 21) | (1 << 22);
/// The double corners (1, 5 and 28, 32), where a lone king holds out longest.
const DOUBLE_CORNERS: Bits = (1 << 0) | (1 << 4) | (1 << 27) | (1 << 31);
/// The edges, where a king does little.
const EDGES: Bits = 0x0000_000F | 0xF000_0000 | 0x1010_1010 | 0x0808_0808;

/// Rows a man of `side` on `square` still has to go to be crowned.
fn rows_to_go(side: usize, square: usize) -> i32 {
    let row = (square / 4) as i32;
    if side == 0 { 7 - row } else { row }
}

fn squares(mut bits: Bits) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let square = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            square
        })
    })
}

/// The position's worth to the side to move.
pub fn evaluate(board: &Board) -> i32 {
    let for_black = side_terms(board, 0) - side_terms(board, 1) + material_and_ending(board);
    if board.side == 0 { for_black } else { -for_black }
}

/// Everything but material, for one side.
fn side_terms(board: &Board, side: usize) -> i32 {
    let own = board.pieces[side];
    let men = own & !board.kings;
    let kings = own & board.kings;
    let enemy = board.pieces[1 - side];
    let pieces = board.occupied().count_ones() as i32;
    let mut score = 0;
    // The back rank matters while the other side still has men to crown.
    if enemy & !board.kings != 0 {
        score += 4 * (men & BACK_ROW[side]).count_ones() as i32;
        if men & BRIDGE[side] == BRIDGE[side] {
            score += 8;
        }
    }
    score += 6 * (men & CENTRE).count_ones() as i32;
    score += 8 * (kings & KING_CENTRE).count_ones() as i32;
    score -= 4 * (kings & EDGES).count_ones() as i32;
    score += 2 * board.step_count(side) as i32;
    for square in squares(men) {
        let to_go = rows_to_go(side, square);
        if CONES[side][square] & enemy == 0 {
            // Nearly a king already, the nearer the more.
            score += 50 - 5 * to_go;
        } else if pieces <= 12 {
            score += 2 * (7 - to_go);
        }
    }
    score
}

/// Material, trades when ahead, and driving a weaker side's pieces in the ending.
fn material_and_ending(board: &Board) -> i32 {
    let worth = |side: usize| {
        let own = board.pieces[side];
        MAN * (own & !board.kings).count_ones() as i32 + KING * (own & board.kings).count_ones() as i32
    };
    let (black, red) = (worth(0), worth(1));
    let ahead = black - red;
    let mut score = ahead + ahead * 250 / (black + red + 100);
    if ahead != 0 {
        let strong = usize::from(ahead < 0);
        let weak = 1 - strong;
        let sign = if strong == 0 { 1 } else { -1 };
        // The stronger side's kings close in on the weaker side's pieces.
        let targets = board.pieces[weak];
        let mut closing = 0;
        for king in squares(board.pieces[strong] & board.kings) {
            let nearest = squares(targets).map(|t| i32::from(DISTANCE[king][t])).min().unwrap_or(0);
            closing -= 3 * nearest;
        }
        // The weaker side's kings hold out in the double corners.
        let holding = 12 * (board.pieces[weak] & board.kings & DOUBLE_CORNERS).count_ones() as i32;
        score += sign * (closing - holding);
    }
    score
}
