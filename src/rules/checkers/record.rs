//! Checkers records are PDN: its tags (`GameType "21"`, a `FEN` for a set-up start) and its
//! moves, with captures written in full or, as some programs write them, by their ends.

use super::{Checkers, Config, Move, Piece, SQUARES, Square};
use crate::rules::record::{Recorded, Tag, TagError, Tags, read_choice, write_choice};
use crate::rules::{Game, Player, parse_turn, whole_turns};

/// The capture rule as a record names it, the default (WCDF's compulsory capture) first.
const CAPTURE_WORDS: [(bool, &str); 2] = [(true, "compulsory-capture"), (false, "captures-optional")];

/// A FEN's side letter: Black is the first player, White the second.
fn side_letter(player: Player) -> char {
    match player {
        Player::First => 'B',
        Player::Second => 'W',
    }
}

/// The position as a PDN FEN: `B:W18,24,K10:B12,16,K22` (side to move, then each side's
/// squares, kings marked `K`).
pub fn fen(game: &Checkers) -> String {
    let side = |player: Player| {
        let squares: Vec<String> = (0..SQUARES as Square)
            .filter_map(|square| game.piece(square).filter(|p| p.owner == player).map(|p| (square, p.king)))
            .map(|(square, king)| format!("{}{}", if king { "K" } else { "" }, square + 1))
            .collect();
        format!("{}{}", side_letter(player), squares.join(","))
    };
    format!("{}:{}:{}", side_letter(game.to_move()), side(Player::Second), side(Player::First))
}

/// Reads a PDN FEN: the side to move, then each side's squares in either order, kings marked
/// `K`, and ranges (`1-12`) as some programs write them.
pub fn read_fen(config: &Config, text: &str) -> Result<Checkers, TagError> {
    let bad = TagError::Value("FEN");
    let player = |letter: &str| match letter {
        "B" => Some(Player::First),
        "W" => Some(Player::Second),
        _ => None,
    };
    let text = text.trim().trim_end_matches('.');
    let mut fields = text.split(':');
    let to_move = fields.next().and_then(|f| player(f.trim())).ok_or(bad.clone())?;
    let mut board = [None; SQUARES];
    for field in fields {
        let field = field.trim();
        let owner = player(field.get(..1).unwrap_or("")).ok_or(bad.clone())?;
        for item in field[1..].split(',').map(str::trim).filter(|item| !item.is_empty()) {
            let (king, numbers) = match item.strip_prefix('K') {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let number = |text: &str| text.parse::<u8>().ok().filter(|n| (1..=32).contains(n));
            let (low, high) = match numbers.split_once('-') {
                Some((low, high)) => (number(low), number(high)),
                None => (number(numbers), number(numbers)),
            };
            let (low, high) = low.zip(high).filter(|(low, high)| low <= high).ok_or(bad.clone())?;
            for square in low - 1..high {
                let cell: &mut Option<Piece> = &mut board[usize::from(square)];
                if cell.is_some() {
                    return Err(bad);
                }
                *cell = Some(Piece { owner, king });
            }
        }
    }
    Checkers::from_setup(config.clone(), board, to_move, 0).map_err(|error| TagError::Setup("FEN", error))
}

impl Recorded for Checkers {
    const SLUG: &'static str = "checkers";
    const PLAYER_TAGS: [(&'static str, &'static str); 2] = [("Black", "BlackElo"), ("White", "WhiteElo")];
    /// PDN lists White's score first.
    const RESULT_ORDER: [Player; 2] = [Player::Second, Player::First];
    /// A checkers record is PDN.
    const FILE_EXTENSION: &'static str = "pdn";

    fn start_tags(start: &Self, _: bool) -> Vec<Tag> {
        let mut tags =
            vec![("Black", "?".to_owned()), ("White", "?".to_owned()), ("GameType", "21".to_owned())];
        tags.extend(write_choice("Rules", start.config().compulsory_capture, &CAPTURE_WORDS));
        if let Some(fen) = start.setup() {
            tags.push(("SetUp", "1".to_owned()));
            tags.push(("FEN", fen));
        }
        tags
    }

    fn setup(&self) -> Option<String> {
        (*self != Checkers::new(self.config())).then(|| fen(self))
    }

    fn read_start(tags: &Tags, _: &[&str], _: u64) -> Result<Self, TagError> {
        let config = Self::read_config(tags)?;
        match tags.get("FEN") {
            Some(text) => read_fen(&config, text),
            None => Ok(Checkers::new(&config)),
        }
    }

    fn read_config(tags: &Tags) -> Result<Config, TagError> {
        // English draughts is game type 21; the fields after it repeat what 21 means.
        if tags.get("GameType").is_some_and(|kind| kind.split(',').next().map(str::trim) != Some("21")) {
            return Err(TagError::Value("GameType"));
        }
        Ok(Config { compulsory_capture: read_choice(tags, "Rules", &CAPTURE_WORDS)? })
    }

    /// A move as the move list writes it, a multi-capture by its first and last squares
    /// (`15x29`) when only one capture joins them, or a capture's legs one by one.
    fn read_turn(&self, token: &str) -> Option<Vec<Move>> {
        parse_turn(self, token).ok().or_else(|| {
            let (from, to) = token.split_once('x').filter(|(_, to)| !to.contains('x'))?;
            let square = |text: &str| text.parse::<u8>().ok().filter(|n| (1..=32).contains(n)).map(|n| n - 1);
            let (from, to) = (square(from)?, square(to)?);
            let mut ends = whole_turns(self).into_iter().map(|(legs, _)| legs).filter(|legs| {
                legs.first().is_some_and(|l| l.from == from) && legs.last().is_some_and(|l| l.to == to)
            });
            let only = ends.next()?;
            ends.next().is_none().then_some(only)
        })
    }
}

/// Its turns as text: written and announced alike.
impl crate::rules::TurnText for Checkers {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_as_fen_reads_back() {
        let start = Checkers::new(&Config::default());
        assert_eq!(fen(&start), "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
        assert_eq!(read_fen(&Config::default(), &fen(&start)), Ok(start.clone()));
        assert_eq!(read_fen(&Config::default(), "B:W21-32:B1-12."), Ok(start));
    }

    #[test]
    fn bad_fens_are_refused() {
        for text in [
            "",
            "X:W1:B2",
            "B:W1,1:B2",
            "B:W33:B1",
            "B:W0:B1",
            "B:Q1",
            "B:W5-2:B1",
            "B:WK:B1",
            "B:W1-13,14-26:B27",
        ] {
            assert!(read_fen(&Config::default(), text).is_err(), "{text}");
        }
    }
}
