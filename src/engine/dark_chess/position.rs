//! The position the search works on, made only from a [`View`]: face-up pieces, face-down
//! squares and the multiset of face-down pieces. What a flip or a blind attack shows is an
//! argument of [`Position::after`], chosen by the search's chance nodes, never read from a
//! deal.

use crate::rules::Player;
use crate::rules::dark_chess::{
    Colour, Config, Move, Piece, Rank, Seen, Square, View, neighbour, piece_moves, takes_revealed,
};

pub const SQUARES: usize = 32;

/// Index of a colour in per-colour tables.
pub fn colour_index(colour: Colour) -> usize {
    match colour {
        Colour::Red => 0,
        Colour::Black => 1,
    }
}

/// Index of a rank in per-rank tables, weakest first (as [`Rank`] orders them).
pub fn rank_index(rank: Rank) -> usize {
    rank as usize
}

/// The ranks, in [`rank_index`] order.
pub const RANKS: [Rank; 7] =
    [Rank::Soldier, Rank::Cannon, Rank::Horse, Rank::Chariot, Rank::Elephant, Rank::Advisor, Rank::General];

pub const COLOURS: [Colour; 2] = [Colour::Red, Colour::Black];

/// What happened to the game after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// The other player's turn.
    Passed,
    /// The same player goes on capturing (連吃).
    Chain,
    /// The player who moved has taken the other colour's last piece.
    Won,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub rules: Config,
    pub board: [Seen; SQUARES],
    /// Face-down pieces by colour and rank.
    pub hidden: [[u8; 7]; 2],
    pub to_move: Player,
    pub first_colour: Option<Colour>,
    pub chain: Option<Square>,
    pub quiet_plies: u32,
}

impl Position {
    pub fn from_view(view: &View) -> Position {
        let mut hidden = [[0; 7]; 2];
        for colour in COLOURS {
            for rank in RANKS {
                hidden[colour_index(colour)][rank_index(rank)] = view.hidden(Piece { colour, rank });
            }
        }
        let first_colour = view.colour(Player::First);
        Position {
            rules: view.rules().clone(),
            board: std::array::from_fn(|square| view.seen(square as Square)),
            hidden,
            to_move: view.to_move(),
            first_colour,
            chain: view.chain(),
            quiet_plies: view.quiet_plies(),
        }
    }

    pub fn colour(&self, player: Player) -> Option<Colour> {
        let first = self.first_colour?;
        Some(if player == Player::First { first } else { first.other() })
    }

    pub fn hidden_total(&self) -> u32 {
        self.hidden.iter().flatten().map(|&n| u32::from(n)).sum()
    }

    /// Every move of the player to move, in the rules' order (see `DarkChess::legal_moves`).
    pub fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(48);
        let seen = |square: Square| self.board[usize::from(square) % SQUARES];
        let mover = self.colour(self.to_move);
        if let Some(from) = self.chain {
            piece_moves(&seen, &self.rules, mover, from, true, &mut moves);
            moves.push(Move::EndChain);
            return moves;
        }
        for square in 0..SQUARES as Square {
            match self.board[usize::from(square)] {
                Seen::FaceDown => moves.push(Move::Flip(square)),
                Seen::FaceUp(_) => piece_moves(&seen, &self.rules, mover, square, false, &mut moves),
                Seen::Empty => {}
            }
        }
        moves
    }

    /// The moves worth searching: every move, except that of flips whose squares look alike
    /// (the same neighbours, the same screens and targets along each line) only the first is
    /// kept, since what they may show is the same pool.
    pub fn candidates(&self) -> Vec<Move> {
        let mut moves = self.moves();
        let mut seen_signatures: Vec<[u8; 12]> = Vec::new();
        moves.retain(|&mv| {
            let Move::Flip(at) = mv else { return true };
            let signature = self.flip_signature(at);
            if seen_signatures.contains(&signature) {
                return false;
            }
            seen_signatures.push(signature);
            true
        });
        moves
    }

    /// What surrounds a face-down square, as a flip there would meet it: in each direction,
    /// the next square, then the first two occupied squares beyond it.
    fn flip_signature(&self, at: Square) -> [u8; 12] {
        let code = |square: Option<Square>| match square.map(|s| self.board[usize::from(s) % SQUARES]) {
            None => 0,
            Some(Seen::Empty) => 1,
            Some(Seen::FaceDown) => 2,
            Some(Seen::FaceUp(p)) => 3 + (colour_index(p.colour) * 7 + rank_index(p.rank)) as u8,
        };
        let mut signature = [0; 12];
        for (index, direction) in crate::rules::dark_chess::DIRECTIONS.into_iter().enumerate() {
            let next = neighbour(at, direction);
            signature[index * 3] = code(next);
            let mut found = 0;
            let mut square = next.and_then(|s| neighbour(s, direction));
            while let Some(s) = square {
                if self.board[usize::from(s)] != Seen::Empty {
                    signature[index * 3 + 1 + found] = code(Some(s));
                    found += 1;
                    if found == 2 {
                        break;
                    }
                }
                square = neighbour(s, direction);
            }
        }
        signature
    }

    /// The captures of face-up pieces only, for quiescence: no flip, no blind attack.
    pub fn captures(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(16);
        let seen = |square: Square| self.board[usize::from(square) % SQUARES];
        let mover = self.colour(self.to_move);
        let froms: Vec<Square> = match self.chain {
            Some(from) => vec![from],
            None => (0..SQUARES as Square).collect(),
        };
        for from in froms {
            if matches!(self.board[usize::from(from)], Seen::FaceUp(p) if Some(p.colour) == mover) {
                piece_moves(&seen, &self.rules, mover, from, true, &mut moves);
            }
        }
        moves.retain(
            |mv| matches!(mv, Move::Go { to, .. } if matches!(self.board[usize::from(*to)], Seen::FaceUp(_))),
        );
        moves
    }

    /// Whether the move's result depends on a face-down piece (a flip or a blind attack).
    pub fn is_chance(&self, mv: Move) -> bool {
        match mv {
            Move::Flip(_) => true,
            Move::Go { to, .. } => self.board[usize::from(to)] == Seen::FaceDown,
            Move::EndChain => false,
        }
    }

    /// Whether `colour` has any piece left, face up or face down.
    fn has_pieces(&self, colour: Colour) -> bool {
        self.hidden[colour_index(colour)].iter().any(|&n| n > 0)
            || self.board.iter().any(|seen| matches!(seen, Seen::FaceUp(p) if p.colour == colour))
    }

    /// The position after a legal move; `revealed` is what a flip or blind attack shows (one
    /// of the face-down pieces, chosen by the caller). As the rules play it.
    pub fn after(&self, mv: Move, revealed: Option<Piece>) -> (Position, After) {
        let mut next = self.clone();
        let captured = match mv {
            Move::Flip(at) => {
                if let Some(piece) = revealed {
                    next.reveal(at, piece);
                    next.first_colour.get_or_insert(piece.colour);
                }
                next.quiet_plies = 0;
                false
            }
            Move::Go { from, to } => match self.board[usize::from(to)] {
                Seen::Empty => {
                    next.board[usize::from(to)] = self.board[usize::from(from)];
                    next.board[usize::from(from)] = Seen::Empty;
                    next.quiet_plies += 1;
                    false
                }
                Seen::FaceUp(_) => {
                    next.take(from, to);
                    true
                }
                Seen::FaceDown => {
                    next.quiet_plies = 0;
                    match (revealed, self.board[usize::from(from)]) {
                        (Some(hidden), Seen::FaceUp(attacker)) => {
                            next.reveal(to, hidden);
                            let taken = takes_revealed(&self.rules, attacker, hidden);
                            if taken {
                                next.take(from, to);
                            }
                            taken
                        }
                        _ => false,
                    }
                }
            },
            Move::EndChain => false,
        };
        next.chain = None;
        if let Some(mover) = self.colour(self.to_move)
            && !next.has_pieces(mover.other())
        {
            return (next, After::Won);
        }
        if let Move::Go { to, .. } = mv
            && captured
            && self.rules.chain_capture
        {
            next.chain = Some(to);
            let more = next.captures_of(to);
            if more {
                return (next, After::Chain);
            }
            next.chain = None;
        }
        next.to_move = self.to_move.opponent();
        (next, After::Passed)
    }

    /// Whether the piece on `from` has a capture (a chain may go on): blind attacks count.
    fn captures_of(&self, from: Square) -> bool {
        let seen = |square: Square| self.board[usize::from(square) % SQUARES];
        let mut moves = Vec::new();
        piece_moves(&seen, &self.rules, self.colour(self.to_move), from, true, &mut moves);
        !moves.is_empty()
    }

    fn reveal(&mut self, at: Square, piece: Piece) {
        self.board[usize::from(at)] = Seen::FaceUp(piece);
        let count = &mut self.hidden[colour_index(piece.colour)][rank_index(piece.rank)];
        *count = count.saturating_sub(1);
    }

    fn take(&mut self, from: Square, to: Square) {
        self.board[usize::from(to)] = self.board[usize::from(from)];
        self.board[usize::from(from)] = Seen::Empty;
        self.quiet_plies = 0;
    }

    /// The transposition key: the board, the face-down pool, who moves, the colours and any
    /// chain. Zobrist hashing.
    pub fn key(&self) -> u64 {
        let mut key = 0;
        for (square, seen) in self.board.iter().enumerate() {
            let code = match seen {
                Seen::Empty => continue,
                Seen::FaceDown => 0,
                Seen::FaceUp(p) => 1 + colour_index(p.colour) * 7 + rank_index(p.rank),
            };
            key ^= ZOBRIST[square * 15 + code];
        }
        for (colour, counts) in self.hidden.iter().enumerate() {
            for (rank, &count) in counts.iter().enumerate() {
                key ^= ZOBRIST[POOL + (colour * 7 + rank) * 6 + usize::from(count).min(5)];
            }
        }
        if self.to_move == Player::Second {
            key ^= ZOBRIST[EXTRA];
        }
        if let Some(colour) = self.first_colour {
            key ^= ZOBRIST[EXTRA + 1 + colour_index(colour)];
        }
        if let Some(chain) = self.chain {
            key ^= ZOBRIST[EXTRA + 3 + usize::from(chain) % SQUARES];
        }
        key
    }
}

const POOL: usize = SQUARES * 15;
const EXTRA: usize = POOL + 14 * 6;
const KEYS: usize = EXTRA + 3 + SQUARES;

/// Random keys by splitmix64, made at compile time.
const ZOBRIST: [u64; KEYS] = {
    let mut keys = [0; KEYS];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut i = 0;
    while i < KEYS {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        keys[i] = z ^ (z >> 31);
        i += 1;
    }
    keys
};
