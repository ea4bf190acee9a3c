//! Players' names: chosen without a password, checked alike by the page (before it asks) and
//! the server (which decides). 3 to 20 characters, ASCII letters, digits, `_` and `-`,
//! starting with a letter; unique ignoring case; never a reserved word.

use std::fmt;

pub const NAME_LENGTH: std::ops::RangeInclusive<usize> = 3..=20;

/// Words no player may take as a name, whatever their case, `_` and `-`: the computer, the
/// anonymous, and those who would look like the site speaking.
const RESERVED: [&str; 16] = [
    "computer",
    "anonymous",
    "admin",
    "administrator",
    "moderator",
    "mod",
    "system",
    "server",
    "root",
    "support",
    "staff",
    "official",
    "guest",
    "player",
    "null",
    "undefined",
];

/// A name that may be taken.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlayerName(String);

/// Why a name may not be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameError {
    /// Shorter than 3 characters or longer than 20.
    Length,
    /// A character other than ASCII letters, digits, `_` and `-`.
    Characters,
    /// Its first character is not a letter.
    FirstLetter,
    /// A reserved word.
    Reserved,
}

impl PlayerName {
    pub fn parse(text: &str) -> Result<PlayerName, NameError> {
        if !NAME_LENGTH.contains(&text.chars().count()) {
            return Err(NameError::Length);
        }
        if !text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-') {
            return Err(NameError::Characters);
        }
        if !text.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return Err(NameError::FirstLetter);
        }
        let bare: String = text.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        if RESERVED.iter().any(|word| bare.eq_ignore_ascii_case(word)) {
            return Err(NameError::Reserved);
        }
        Ok(PlayerName(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The name as names are compared (and kept unique): its case ignored.
    pub fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_rules() {
        for good in ["abc", "Ming_Li", "k-9", "a2345678901234567890"] {
            assert_eq!(PlayerName::parse(good).map(|n| n.to_string()), Ok(good.to_owned()));
        }
        assert_eq!(PlayerName::parse("ab"), Err(NameError::Length));
        assert_eq!(PlayerName::parse("a23456789012345678901"), Err(NameError::Length));
        assert_eq!(PlayerName::parse(""), Err(NameError::Length));
        assert_eq!(PlayerName::parse("名字好"), Err(NameError::Characters));
        assert_eq!(PlayerName::parse("two words"), Err(NameError::Characters));
        assert_eq!(PlayerName::parse("dot.name"), Err(NameError::Characters));
        assert_eq!(PlayerName::parse("9lives"), Err(NameError::FirstLetter));
        assert_eq!(PlayerName::parse("_under"), Err(NameError::FirstLetter));
        for reserved in ["computer", "Anonymous", "ADMIN", "Mod-erator", "sys_tem"] {
            assert_eq!(PlayerName::parse(reserved), Err(NameError::Reserved), "{reserved}");
        }
        // A reserved word within a longer name is the player's own.
        assert!(PlayerName::parse("computerfan").is_ok());
    }

    #[test]
    fn names_compare_ignoring_case() {
        let a = PlayerName::parse("MingLi").unwrap();
        let b = PlayerName::parse("mingli").unwrap();
        assert_ne!(a, b);
        assert_eq!(a.key(), b.key());
        assert_eq!(a.as_str(), "MingLi");
    }
}
