//! Secrets and names from the operating system's random numbers: seats' tokens, players' keys,
//! and the ids of rooms and players; a secret is kept only as its hash.

use rand::TryRngCore;
use rand::rngs::OsRng;
use sha2::{Digest, Sha256};

pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0; N];
    // The operating system's generator does not fail on the systems this server runs on; if it
    // did, nothing could be kept secret, so the server stops.
    OsRng.try_fill_bytes(&mut bytes).expect("the operating system's random numbers");
    bytes
}

/// A seat's secret: 128 random bits, as hex.
pub fn new_token() -> String {
    random_bytes::<16>().iter().map(|b| format!("{b:02x}")).collect()
}

/// A player's key: 256 random bits, as hex.
pub fn new_key() -> String {
    random_bytes::<32>().iter().map(|b| format!("{b:02x}")).collect()
}

/// A secret as it is kept.
pub fn hashed(secret: &str) -> String {
    Sha256::digest(secret.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// A room's name for links.
pub const ROOM_ID_LENGTH: usize = 10;

/// An id of `length` letters and digits that cannot be mistaken for one another.
pub fn new_id(length: usize) -> String {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    random_bytes::<32>()
        .iter()
        .take(length.min(32))
        .map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()]))
        .collect()
}
