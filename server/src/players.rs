//! Players without a password. A device that plays online for the first time is given a key
//! (256 random bits), which it keeps in its storage and shows again on each visit; the store
//! keeps only the key's hash. A key the store does not know, forged or forgotten, is never
//! anyone else's: it plays as a new player, with a new key.

use crate::secrets::{hashed, new_id, new_key};
use crate::store::{PlayerRow, RatingRow, Store, StoreError};
use board_suite::rating::{Rating, Speed, rate};
use board_suite::rules::Outcome;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

/// A player's public id: short, and enough to tell the anonymous apart.
pub const PLAYER_ID_LENGTH: usize = 12;

/// The player a device plays as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identified {
    pub player: PlayerRow,
    /// A new key for the device to keep, when it showed none or one the store does not know.
    pub new_key: Option<String>,
}

/// The player whose key the device showed, or a new player with a new key.
pub async fn identify(store: &dyn Store, key: Option<&str>, now: u64) -> Result<Identified, StoreError> {
    if let Some(key) = key
        && let Some(player) = store.players().player(&hashed(key)).await?
    {
        return Ok(Identified { player, new_key: None });
    }
    let key = new_key();
    let player = store.players().add_player(new_id(PLAYER_ID_LENGTH), hashed(&key), now).await?;
    Ok(Identified { player, new_key: Some(key) })
}

/// A transfer code's letters and digits (about 49 random bits): short enough to type.
pub const TRANSFER_CODE_LENGTH: usize = 10;

/// A new transfer code, as shown: two groups of five.
pub fn new_transfer_code() -> String {
    let code = new_id(TRANSFER_CODE_LENGTH);
    format!("{}-{}", &code[..5], &code[5..])
}

/// A transfer code as typed, as it is kept (hashed): its case, spaces and dashes ignored.
pub fn transfer_code_hash(typed: &str) -> String {
    let code: String =
        typed.chars().filter(|c| !c.is_whitespace() && *c != '-').map(|c| c.to_ascii_lowercase()).collect();
    hashed(&code)
}

/// Wrong transfer codes an address may send in a minute; after them it waits out the minute.
pub const WRONG_CODES_PER_MINUTE: u32 = 10;

/// The wrong transfer codes each address sent in its current minute, and when it began.
#[derive(Default)]
pub struct WrongCodes(Mutex<HashMap<IpAddr, (u32, u64)>>);

impl WrongCodes {
    /// Whether `address` must wait before it tries another code.
    pub fn waits(&self, address: IpAddr, now: u64) -> bool {
        let wrong = self.0.lock().unwrap_or_else(|e| e.into_inner());
        wrong
            .get(&address)
            .is_some_and(|&(count, since)| count >= WRONG_CODES_PER_MINUTE && now < since + 60_000)
    }

    /// Counts a wrong code from `address`.
    pub fn count(&self, address: IpAddr, now: u64) {
        let mut wrong = self.0.lock().unwrap_or_else(|e| e.into_inner());
        wrong.retain(|_, (_, since)| now < *since + 60_000);
        wrong.entry(address).or_insert((0, now)).0 += 1;
    }
}

/// How a player without a name is shown after "Anonymous": the start of their id.
pub fn tag(player: &PlayerRow) -> &str {
    player.id.get(..4).unwrap_or(&player.id)
}

/// What a rated game keeps of its ratings: each side's before and after (the first player's
/// first), as the end of the game shows them.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameRatings {
    pub before: [Rating; 2],
    pub after: [Rating; 2],
}

/// A rated game's end: the players' ratings in its game and speed after it (from `before`,
/// `None` for a first rated game there), and what the game keeps of them.
pub fn rated_end(
    game: &str,
    speed: Speed,
    players: [&str; 2],
    before: [Option<&RatingRow>; 2],
    outcome: Outcome,
    now: u64,
) -> (Vec<RatingRow>, GameRatings) {
    let rating = |row: Option<&RatingRow>| {
        row.map_or(Rating::NEW, |r| Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        })
    };
    let old = [rating(before[0]), rating(before[1])];
    let (first, second) = rate(old[0], old[1], outcome);
    let new = [first, second];
    let rows = (0..2)
        .map(|side| RatingRow {
            player: players[side].to_owned(),
            game: game.to_owned(),
            speed: speed.slug().to_owned(),
            rating: new[side].rating,
            deviation: new[side].deviation,
            volatility: new[side].volatility,
            games: before[side].map_or(0, |r| r.games) + 1,
            updated: now,
        })
        .collect();
    (rows, GameRatings { before: old, after: new })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Memory, RENAME_AFTER_MS, Renamed};

    #[tokio::test]
    async fn a_key_finds_its_player_and_no_one_else() {
        let store = Memory::default();
        let first = identify(&store, None, 1_000).await.unwrap();
        let key = first.new_key.clone().expect("a first visit is given a key");
        assert_eq!(key.len(), 64);
        assert_eq!(first.player.name, None);
        let again = identify(&store, Some(&key), 2_000).await.unwrap();
        assert_eq!((again.player.id.as_str(), again.new_key), (first.player.id.as_str(), None));
        // A forged key, or one a hair off, is a new player with a key of their own.
        for forged in ["", "0000", &key[..63], &format!("{key}0"), &key.to_uppercase()] {
            let other = identify(&store, Some(forged), 3_000).await.unwrap();
            assert_ne!(other.player.id, first.player.id, "{forged}");
            assert!(other.new_key.is_some_and(|new| new != key));
        }
        assert_eq!(tag(&first.player).len(), 4);
    }

    #[test]
    fn a_transfer_code_is_read_as_typed_and_an_address_waits_after_ten_wrong() {
        let code = new_transfer_code();
        assert_eq!((code.len(), &code[5..6]), (11, "-"));
        let typed = format!(" {} ", code.to_uppercase().replace('-', " - "));
        assert_eq!(transfer_code_hash(&typed), transfer_code_hash(&code));
        assert_ne!(transfer_code_hash(&code[1..]), transfer_code_hash(&code));
        let (wrong, address) = (WrongCodes::default(), IpAddr::from([192, 0, 2, 1]));
        for _ in 0..WRONG_CODES_PER_MINUTE {
            assert!(!wrong.waits(address, 1_000));
            wrong.count(address, 1_000);
        }
        assert!(wrong.waits(address, 1_000) && wrong.waits(address, 60_999));
        assert!(!wrong.waits(IpAddr::from([192, 0, 2, 2]), 1_000), "another address");
        assert!(!wrong.waits(address, 61_000), "a minute on");
    }

    #[test]
    fn a_rated_end_moves_both_ratings_and_counts_the_game() {
        use board_suite::rules::Player;
        let settled = RatingRow {
            player: "lan".into(),
            game: "gomoku".into(),
            speed: "blitz".into(),
            rating: 1600.0,
            deviation: 80.0,
            volatility: 0.06,
            games: 30,
            updated: 1,
        };
        let (rows, kept) = rated_end(
            "gomoku",
            Speed::Blitz,
            ["ming", "lan"],
            [None, Some(&settled)],
            Outcome::Win(Player::First),
            9,
        );
        assert_eq!(kept.before, [Rating::NEW, Rating { rating: 1600.0, deviation: 80.0, volatility: 0.06 }]);
        assert!(kept.after[0].rating > 1600.0 && kept.after[1].rating < 1600.0, "{kept:?}");
        // The newcomer's rating moves far, the settled player's a little.
        assert!(kept.after[0].rating - 1500.0 > 10.0 * (1600.0 - kept.after[1].rating), "{kept:?}");
        assert_eq!(
            rows.iter().map(|r| (r.player.as_str(), r.games)).collect::<Vec<_>>(),
            [("ming", 1), ("lan", 31)]
        );
        assert!(rows.iter().all(|r| r.speed == "blitz" && r.game == "gomoku" && r.updated == 9));
    }

    #[tokio::test]
    async fn names_are_unique_ignoring_case_and_changed_once_a_day() {
        let store = Memory::default();
        let ming = identify(&store, None, 0).await.unwrap().player;
        let other = identify(&store, None, 0).await.unwrap().player;
        assert_eq!(
            store.players().rename(ming.id.clone(), "MingLi".into(), 10).await.unwrap(),
            Renamed::Done
        );
        assert_eq!(
            store.players().rename(other.id.clone(), "mingli".into(), 20).await.unwrap(),
            Renamed::Taken
        );
        // Free until a rated game is played with the name.
        assert_eq!(store.players().rename(ming.id.clone(), "Ming".into(), 30).await.unwrap(), Renamed::Done);
        assert_eq!(
            store.players().rename(ming.id.clone(), "MingLi".into(), 40).await.unwrap(),
            Renamed::Done
        );
        let mut rated = crate::store::RatingRow {
            player: ming.id.clone(),
            game: "gomoku".into(),
            speed: "blitz".into(),
            rating: 1600.0,
            deviation: 300.0,
            volatility: 0.06,
            games: 1,
            updated: 30,
        };
        // A rated game before the name was chosen does not count; one after it does.
        store.put_rating(rated.clone());
        assert_eq!(store.players().rename(ming.id.clone(), "MingL".into(), 50).await.unwrap(), Renamed::Done);
        rated.updated = 60;
        store.put_rating(rated);
        assert_eq!(
            store.players().rename(ming.id.clone(), "Ming".into(), 70).await.unwrap(),
            Renamed::TooSoon
        );
        assert_eq!(
            store.players().rename(ming.id.clone(), "MingLi".into(), 70).await.unwrap(),
            Renamed::TooSoon
        );
        let day = RENAME_AFTER_MS + 50;
        assert_eq!(store.players().rename(ming.id.clone(), "Ming".into(), day).await.unwrap(), Renamed::Done);
        assert_eq!(
            store.players().rename("nobody".into(), "Nobody".into(), day).await.unwrap(),
            Renamed::Unknown
        );
        // The old name is free again.
        assert_eq!(
            store.players().rename(other.id.clone(), "mingli".into(), day).await.unwrap(),
            Renamed::Done
        );
    }
}
