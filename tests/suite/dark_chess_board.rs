//! Dark-chess boards written as text, for the rules' and the engine's tests.

use board_suite::rules::dark_chess::{COLUMNS, Cell, Colour, Piece, ROWS, Rank};

/// A board from text: four rows of eight two-character squares, top row first. `..` is
/// empty; a letter is a face-up piece (`K` general, `A` advisor, `E` elephant, `R` chariot,
/// `H` horse, `C` cannon, `P` soldier; upper case red, lower case black); `?` before a
/// letter makes it face down.
pub fn board(text: &str) -> [Cell; 32] {
    let squares: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(squares.len(), COLUMNS * ROWS, "{text}");
    let mut cells = [Cell::Empty; 32];
    for (cell, token) in cells.iter_mut().zip(squares) {
        let (face_down, letter) = match token.strip_prefix('?') {
            Some(rest) => (true, rest),
            None => (false, token),
        };
        let Some(letter) = letter.chars().next().filter(|&c| c != '.') else {
            continue;
        };
        let colour = if letter.is_ascii_uppercase() { Colour::Red } else { Colour::Black };
        let rank = match letter.to_ascii_uppercase() {
            'K' => Rank::General,
            'A' => Rank::Advisor,
            'E' => Rank::Elephant,
            'R' => Rank::Chariot,
            'H' => Rank::Horse,
            'C' => Rank::Cannon,
            'P' => Rank::Soldier,
            other => panic!("unknown piece {other}"),
        };
        let piece = Piece { colour, rank };
        *cell = if face_down { Cell::FaceDown(piece) } else { Cell::FaceUp(piece) };
    }
    cells
}
