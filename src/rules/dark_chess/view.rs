//! What one player at the board may know of a dark-chess position: every face-up piece and
//! empty square where it is, which squares are face down, and the pieces still face down as a
//! multiset, never which piece lies where. The engine, share links and the server's frames
//! take this type, so a leak is a type error rather than a forgotten filter.

use super::{
    COLUMNS, Cell, Colour, Config, DarkChess, Piece, ROWS, Rank, SQUARES, Square, full_set, piece_of_letter,
};
use crate::rules::{BadNotation, Game, Outcome, Player, parse_square, parse_turn};
use rand::SeedableRng;
use rand::seq::SliceRandom;

/// A square as a player at the board sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seen {
    Empty,
    FaceDown,
    FaceUp(Piece),
}

impl Seen {
    /// A cell as a player sees it: a face-down piece's identity is dropped.
    pub fn of(cell: Cell) -> Seen {
        match cell {
            Cell::Empty => Seen::Empty,
            Cell::FaceDown(_) => Seen::FaceDown,
            Cell::FaceUp(piece) => Seen::FaceUp(piece),
        }
    }
}

/// A position as one player sees it. Built only from a [`DarkChess`], never from its shuffle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct View {
    /// The rules in force, without the seed (it would give the layout away).
    rules: Config,
    board: [Seen; SQUARES],
    /// How many pieces of each colour and rank are face down: red then black, in
    /// [`Rank::ALL`] order.
    hidden: [[u8; 7]; 2],
    to_move: Player,
    first_colour: Option<Colour>,
    chain: Option<Square>,
    quiet_plies: u32,
    captured: Vec<Piece>,
    outcome: Option<Outcome>,
}

fn colour_index(colour: Colour) -> usize {
    match colour {
        Colour::Red => 0,
        Colour::Black => 1,
    }
}

fn rank_index(rank: Rank) -> usize {
    Rank::ALL.iter().position(|&r| r == rank).unwrap_or(0)
}

impl View {
    pub fn seen(&self, square: Square) -> Seen {
        self.board.get(usize::from(square)).copied().unwrap_or(Seen::Empty)
    }

    /// How many of `piece` are still face down somewhere.
    pub fn hidden(&self, piece: Piece) -> u8 {
        self.hidden[colour_index(piece.colour)][rank_index(piece.rank)]
    }

    /// The face-down pieces, each as often as it is face down, in a fixed order.
    pub fn hidden_pieces(&self) -> Vec<Piece> {
        let mut pieces = Vec::new();
        for colour in [Colour::Red, Colour::Black] {
            for rank in Rank::ALL {
                let piece = Piece { colour, rank };
                pieces.extend(std::iter::repeat_n(piece, usize::from(self.hidden(piece))));
            }
        }
        pieces
    }

    pub fn to_move(&self) -> Player {
        self.to_move
    }

    pub fn rules(&self) -> &Config {
        &self.rules
    }

    /// A player's colour, once the first flip has decided it.
    pub fn colour(&self, player: Player) -> Option<Colour> {
        let first = self.first_colour?;
        Some(if player == Player::First { first } else { first.other() })
    }

    /// The piece that may keep capturing this turn (chain capture), if any.
    pub fn chain(&self) -> Option<Square> {
        self.chain
    }

    /// Plies since the last flip or capture.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
}

impl DarkChess {
    /// The position as a player at the board sees it.
    pub fn view(&self) -> View {
        let mut hidden = [[0; 7]; 2];
        let board = self.board.map(|cell| match cell {
            Cell::Empty => Seen::Empty,
            Cell::FaceUp(piece) => Seen::FaceUp(piece),
            Cell::FaceDown(piece) => {
                hidden[colour_index(piece.colour)][rank_index(piece.rank)] += 1;
                Seen::FaceDown
            }
        });
        View {
            rules: Config { seed: 0, ..self.config.clone() },
            board,
            hidden,
            to_move: self.to_move,
            first_colour: self.first_colour,
            chain: self.chain,
            quiet_plies: self.quiet_plies,
            captured: self.captured.clone(),
            outcome: self.outcome,
        }
    }

    /// A position for search from what a player sees: the face-down pieces dealt onto the
    /// face-down squares by a shuffle of `seed`.
    pub fn from_view(view: &View, seed: u64) -> DarkChess {
        let mut pieces = view.hidden_pieces();
        pieces.shuffle(&mut rand_pcg::Pcg32::seed_from_u64(seed));
        let mut dealt = pieces.into_iter();
        let board = view.board.map(|seen| match seen {
            Seen::Empty => Cell::Empty,
            Seen::FaceUp(piece) => Cell::FaceUp(piece),
            // A view always has as many face-down pieces as face-down squares.
            Seen::FaceDown => dealt.next().map_or(Cell::Empty, Cell::FaceDown),
        });
        DarkChess {
            config: view.rules.clone(),
            board,
            to_move: view.to_move,
            first_colour: view.first_colour,
            chain: view.chain,
            quiet_plies: view.quiet_plies,
            captured: view.captured.clone(),
            outcome: view.outcome,
        }
    }

    /// A game rebuilt from its rules and its turns as the move list writes them, knowing what
    /// a player at the board knows: a flip or blind attack shows its piece (`a4=C`), and a
    /// face-down piece never moves, so each shown piece lay where it was shown. Every piece not
    /// yet shown is dealt face down by a shuffle of `seed`; `config`'s own seed is not used.
    pub fn from_turns(config: &Config, turns: &[&str], seed: u64) -> Result<DarkChess, BadNotation> {
        let mut game = DarkChess::dealt_for(config, turns, seed)?;
        for turn in turns {
            for leg in parse_turn(&game, turn)? {
                game.play(leg).map_err(|_| BadNotation::of(turn))?;
            }
        }
        Ok(game)
    }

    /// The start of [`DarkChess::from_turns`]: each piece the turns show where they show it,
    /// the rest shuffled face down by `seed`. Refused when the turns show a square as two
    /// pieces, or more pieces of a kind than a set has.
    pub fn dealt_for(config: &Config, turns: &[&str], seed: u64) -> Result<DarkChess, BadNotation> {
        let mut shown: [Option<Piece>; SQUARES] = [None; SQUARES];
        for turn in turns {
            // Each `=` follows the two-character square of what it showed, and precedes its letter.
            for (at, _) in turn.match_indices('=') {
                let bad = || BadNotation::of(turn);
                let square =
                    turn.get(at.wrapping_sub(2)..at).and_then(|name| parse_square(name, COLUMNS, ROWS));
                let piece = turn[at + 1..].chars().next().and_then(piece_of_letter);
                let (square, piece) = square.zip(piece).ok_or_else(bad)?;
                match shown[usize::from(square)] {
                    Some(earlier) if earlier != piece => return Err(bad()),
                    _ => shown[usize::from(square)] = Some(piece),
                }
            }
        }
        let mut unshown: Vec<Piece> = full_set();
        for piece in shown.iter().flatten() {
            let index = unshown
                .iter()
                .position(|p| p == piece)
                .ok_or_else(|| BadNotation::of(turns.join(" ").as_str()))?;
            unshown.swap_remove(index);
        }
        unshown.shuffle(&mut rand_pcg::Pcg32::seed_from_u64(seed));
        let mut dealt = unshown.into_iter();
        let board = shown.map(|piece| piece.or_else(|| dealt.next()).map_or(Cell::Empty, Cell::FaceDown));
        Ok(DarkChess::starting(config.clone(), board, None, Player::First))
    }
}
