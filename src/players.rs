//! Players' names: chosen without a password, checked by the server, which decides. 2 to 20
//! characters: letters of any script (Chinese characters too), digits, `_` and `-`, starting
//! with a letter; kept in Unicode's compatibility form (NFKC: a full-width `Ｍｉｎｇ` is `Ming`);
//! unique after case folding, and unlike any name it would imitate in another script; never a
//! reserved word.

use std::fmt;
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;
use unicode_security::{MixedScript, skeleton};

pub const NAME_LENGTH: std::ops::RangeInclusive<usize> = 2..=20;

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
    /// Shorter than 2 characters or longer than 20.
    Length,
    /// A character other than letters, digits, `_` and `-`: a space, a sign, an invisible one.
    Characters,
    /// Its first character is not a letter.
    FirstLetter,
    /// A reserved word.
    Reserved,
}

/// Whether a name may hold `c`: a letter or digit of any script (with the marks that write a
/// letter's vowel or accent), `_` or `-`.
fn allowed(c: char) -> bool {
    c.is_alphanumeric() || is_combining_mark(c) || c == '_' || c == '-'
}

impl PlayerName {
    /// The name `text` names, in its compatibility form, if it may be taken. Nothing is cut or
    /// dropped: a name too long, or with a character a name may not hold, is refused.
    pub fn parse(text: &str) -> Result<PlayerName, NameError> {
        let name: String = text.nfkc().collect();
        if !NAME_LENGTH.contains(&name.chars().count()) {
            return Err(NameError::Length);
        }
        if !name.chars().all(allowed) {
            return Err(NameError::Characters);
        }
        if !name.starts_with(|c: char| c.is_alphabetic() && !is_combining_mark(c)) {
            return Err(NameError::FirstLetter);
        }
        let bare = key_of(&name.chars().filter(|c| c.is_alphanumeric()).collect::<String>());
        if RESERVED.contains(&bare.as_str()) {
            return Err(NameError::Reserved);
        }
        Ok(PlayerName(name))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The name as names are compared (and kept unique): its case ignored.
    pub fn key(&self) -> String {
        key_of(&self.0)
    }
}

/// `text` as names are compared: its compatibility form, case folded (`MingLi`, `mingli` and
/// `ＭＩＮＧＬＩ` are one name). An ASCII name's key is its lower case, as stores before this
/// rule kept it.
pub fn key_of(text: &str) -> String {
    caseless::default_case_fold_str(&text.nfkc().collect::<String>()).nfkc().collect()
}

/// How `text` looks: each character as the one Unicode says it is drawn like (UTS #39's
/// confusables: a Cyrillic `М` as a Latin `M`), read in capitals first, since those tables tell
/// case apart (`МING` in Cyrillic and `ming` look alike), then as names are compared.
pub fn look_of(text: &str) -> String {
    let capitals: String = text.nfkc().flat_map(char::to_uppercase).collect();
    key_of(&skeleton(&capitals).collect::<String>())
}

/// Whether name `a` imitates name `b` (or `b` imitates `a`): they look alike, written in scripts
/// they do not share (`Мing` with a Cyrillic `М`, and `Ming`). Names of one script that look
/// alike (`Ivan` and `lvan`) are told apart as they are written.
pub fn imitates(a: &str, b: &str) -> bool {
    let mut shared = a.resolve_script_set();
    shared.intersect_with(b.resolve_script_set());
    shared.is_empty() && look_of(a) == look_of(b)
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
        for good in [
            "abc",
            "Ming_Li",
            "k-9",
            "a2345678901234567890",
            "李小龍",
            "小龍",
            "Zoë",
            "Ὀδυσσεύς",
            "हिन्दी",
            "Ивана",
        ] {
            assert_eq!(PlayerName::parse(good).map(|n| n.to_string()), Ok(good.to_owned()), "{good}");
        }
        // Kept in the compatibility form: full-width letters are letters.
        assert_eq!(PlayerName::parse("Ｍｉｎｇ").map(|n| n.to_string()), Ok("Ming".to_owned()));
        assert_eq!(PlayerName::parse("a"), Err(NameError::Length));
        assert_eq!(PlayerName::parse("a23456789012345678901"), Err(NameError::Length));
        assert_eq!(PlayerName::parse(&"龍".repeat(21)), Err(NameError::Length));
        assert_eq!(PlayerName::parse(""), Err(NameError::Length));
        assert_eq!(PlayerName::parse("two words"), Err(NameError::Characters));
        // Invisible and directional characters, and a name of marks alone, are not names.
        for hidden in [
            "Ming\u{200B}Li",
            "Ming\u{200D}Li",
            "\u{202E}MingLi",
            "Ming\u{FEFF}",
            "\u{0301}\u{0301}\u{0301}",
            "<b>Ming</b>",
        ] {
            assert!(PlayerName::parse(hidden).is_err(), "{hidden:?}");
        }
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
        // After NFKC and case folding: full width, ß and a final sigma are one name each.
        assert_eq!(PlayerName::parse("ＭＩＮＧＬＩ").unwrap().key(), a.key());
        assert_eq!(key_of("Straße"), key_of("STRASSE"));
        assert_eq!(key_of("ΟΔΥΣΣΕΥΣ"), key_of("οδυσσευς"));
        // A name written before these rules (ASCII) keeps the key it was stored with.
        for old in ["MingLi", "k-9", "Red_Player"] {
            assert_eq!(key_of(old), old.to_ascii_lowercase());
        }
    }

    #[test]
    fn a_name_in_another_script_that_looks_the_same_imitates_it() {
        // Cyrillic М, і, о, а and с among Latin letters, or a whole Cyrillic or Greek name.
        for (real, imitation) in [
            ("Ming", "\u{41C}ing"),
            ("ming", "\u{41C}ING"),
            ("Ming", "M\u{456}ng"),
            ("Ivan", "\u{406}van"),
            ("Paypal", "P\u{430}yp\u{430}l"),
            ("coco", "\u{441}\u{43E}\u{441}\u{43E}"),
            ("Kato", "\u{39A}\u{391}\u{3A4}\u{39F}"),
            ("Ming_9", "\u{41C}ing_9"),
        ] {
            assert!(imitates(imitation, real), "{imitation} imitates {real}");
            assert!(imitates(real, imitation), "{real} is imitated by {imitation}");
            assert_eq!(look_of(real), look_of(imitation), "{imitation}");
        }
        // Names of one script are told apart as written, whatever a font makes of them; other
        // scripts' names that look like nothing else are their own.
        for (a, b) in [
            ("Ivan", "lvan"),
            ("corn", "com"),
            ("Zoe", "Zo\u{EB}"),
            ("李小龍", "李小龙"),
            ("Ming", "Mink"),
            ("\u{418}\u{432}\u{430}\u{43D}", "Ivan"),
            ("李小龍", "Ming"),
        ] {
            assert!(!imitates(a, b), "{a} and {b}");
        }
    }
}
