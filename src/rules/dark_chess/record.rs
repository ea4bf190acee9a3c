//! Dark-chess records: the house rules as tags, and the shuffle only when it may be seen. A
//! record shared while the game goes on shows only what was flipped; reading it deals the
//! pieces not yet shown afresh.

use super::{Cell, Config, DarkChess, SQUARES, piece_letter, piece_of_letter};
use crate::rules::record::{Recorded, Tag, TagError, Tags};
use crate::rules::{Game, Player};

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
}

impl crate::rules::TurnText for DarkChess {
    /// Only what the turns showed: the config's shuffle is not looked at.
    fn from_turns(config: &Self::Config, turns: &[&str]) -> Result<Self, crate::rules::BadTurn> {
        DarkChess::from_turns(config, turns, 0).map_err(|crate::rules::BadNotation(text)| {
            let ply = turns.iter().position(|t| t.contains(text.as_str())).map_or(turns.len(), |i| i + 1);
            crate::rules::BadTurn { ply, text }
        })
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
