//! Dark-chess records: the house rules as tags, and the shuffle only when it may be seen. A
//! record shared while the game goes on shows only what was flipped; reading it deals the
//! pieces not yet shown afresh.

use super::{
    COLUMNS, Cell, Config, DarkChess, Move, ROWS, SQUARES, piece_letter, piece_of_letter, square_name,
};
use crate::rules::record::{Recorded, Tag, TagError, Tags};
use crate::rules::{BadNotation, Game, Player, parse_square, read_announced};

/// The house rules as a record names them (`[Rules "chain-capture blind-capture"]`), each
/// with its switch in the config.
fn house_rules(config: &mut Config) -> [(&'static str, &mut bool); 3] {
    [
        ("chain-capture", &mut config.chain_capture),
        ("chariot-rush", &mut config.chariot_rush),
        ("blind-capture", &mut config.blind_capture),
    ]
}

/// The start's face-down pieces square by square, red in capitals (`Deal` tag); `None` for a
/// start that is not a deal of all 32.
fn deal_text(start: &DarkChess) -> Option<String> {
    (0..SQUARES as u8)
        .map(|square| match start.cell(square) {
            Cell::FaceDown(piece) => Some(piece_letter(piece)),
            _ => None,
        })
        .collect()
}

fn read_deal(config: &Config, text: &str) -> Result<DarkChess, TagError> {
    let bad = TagError::Value("Deal");
    let pieces: Vec<_> =
        text.trim().chars().map(piece_of_letter).collect::<Option<_>>().ok_or(bad.clone())?;
    let board: [Cell; SQUARES] =
        pieces.into_iter().map(Cell::FaceDown).collect::<Vec<_>>().try_into().map_err(|_| bad)?;
    DarkChess::from_setup(config.clone(), board, None, Player::First)
        .map_err(|error| TagError::Setup("Deal", error))
}

impl Recorded for DarkChess {
    const SLUG: &'static str = "dark-chess";

    /// The shuffle is written only when `reveal`: its seed, and the deal itself when the start
    /// is not the seed's (a game continued from a shared record).
    fn start_tags(start: &Self, reveal: bool) -> Vec<Tag> {
        let config = start.config();
        let mut rules = config.clone();
        let on: Vec<&str> =
            house_rules(&mut rules).into_iter().filter(|(_, on)| **on).map(|(word, _)| word).collect();
        let mut tags = vec![("QuietLimit", config.quiet_limit.to_string())];
        if !on.is_empty() {
            tags.push(("Rules", on.join(" ")));
        }
        if reveal {
            tags.push(("Seed", config.seed.to_string()));
            if *start != DarkChess::new(config) {
                tags.extend(deal_text(start).map(|deal| ("Deal", deal)));
            }
        }
        tags
    }

    fn read_start(tags: &Tags, turns: &[&str], fresh_seed: u64) -> Result<Self, TagError> {
        let mut config = Self::read_config(tags)?;
        config.seed = match tags.get("Seed") {
            Some(seed) => seed.trim().parse().map_err(|_| TagError::Value("Seed"))?,
            None => fresh_seed,
        };
        match (tags.get("Deal"), tags.get("Seed")) {
            (Some(deal), _) => read_deal(&config, deal),
            (None, Some(_)) => Ok(DarkChess::new(&config)),
            (None, None) => DarkChess::dealt_for(&config, turns, fresh_seed).map_err(|_| TagError::Shown),
        }
    }

    fn read_config(tags: &Tags) -> Result<Config, TagError> {
        let mut config = Config::default();
        for word in tags.get("Rules").unwrap_or("").split_whitespace() {
            let (_, on) = house_rules(&mut config)
                .into_iter()
                .find(|(name, _)| *name == word)
                .ok_or(TagError::Value("Rules"))?;
            *on = true;
        }
        if let Some(limit) = tags.get("QuietLimit") {
            config.quiet_limit =
                limit.trim().parse().ok().filter(|&n| n > 0).ok_or(TagError::Value("QuietLimit"))?;
        }
        Ok(config)
    }
}

impl crate::rules::TurnText for DarkChess {
    /// Only what the turns showed: the config's shuffle is not looked at.
    fn from_turns(config: &Self::Config, turns: &[&str]) -> Result<Self, crate::rules::BadTurn> {
        DarkChess::from_turns(config, turns, 0).map_err(|crate::rules::BadNotation(text)| {
            let ply = turns.iter().position(|t| t.contains(text.as_str())).map_or(turns.len(), |i| i + 1);
            crate::rules::BadTurn { ply, text }
        })
    }

    /// Judged by what its sender could see. The actions up to the first blind attack depend on
    /// face-up pieces alone, so they must be legal; what the attack reveals is the server's
    /// secret until then, so the turn is played up to it whatever it shows, and the rest, which
    /// may only go on with a chain of captures, as far as the revealed piece allows: the turn
    /// then ends there. A blind attack is thus never refused, nor its chain cut short by a
    /// refusal, for what the hidden piece is.
    fn read_sent(&self, text: &str) -> Result<Vec<Move>, BadNotation> {
        let Some(at) = text.find('?') else {
            return read_announced(self, text);
        };
        // The attack's square is two characters (`a1`-`h4`).
        let (seen, rest) = text.split_at_checked(at + 3).unwrap_or((text, ""));
        // Captures only: one `x` or `?` before each square.
        let mut squares = rest.split(['x', '?']);
        let chain_text =
            squares.next() == Some("") && squares.all(|square| parse_square(square, COLUMNS, ROWS).is_some());
        let whole = rest.is_empty() || (self.config.chain_capture && chain_text);
        if !whole {
            return Err(BadNotation::of(text));
        }
        let mut legs = read_announced(self, seen)?;
        if legs.last() == Some(&Move::EndChain) {
            legs.pop();
        }
        let mut after = self.clone();
        for leg in &legs {
            after.play(*leg).map_err(|_| BadNotation::of(text))?;
        }
        if let Some(from) = after.chain() {
            let more = match rest {
                "" => None,
                _ => after.read_sent(&format!("{}{rest}", square_name(from))).ok(),
            };
            legs.extend(more.unwrap_or(vec![Move::EndChain]));
        }
        Ok(legs)
    }

    /// Without what a flip would show (`c4`, not `c4=K`): the announcer's own deal of the
    /// face-down pieces is a guess.
    fn announce(&self, turn: &[Self::Move]) -> String {
        let written = self.turn_notation(turn);
        let mut said = String::with_capacity(written.len());
        let mut chars = written.chars();
        while let Some(c) = chars.next() {
            if c == '=' {
                chars.next();
            } else {
                said.push(c);
            }
        }
        said
    }
}
