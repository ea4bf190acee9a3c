//! The messages between a page and the server: JSON text frames, each with the protocol's
//! version `v` and a `type`. Documented in the README; changed only with `VERSION`.

use serde::{Deserialize, Serialize};

pub const VERSION: u64 = 1;

/// The largest frame read; a longer one gets [`ErrorCode::TooLarge`].
pub const MAX_FRAME: usize = 4096;

/// What a client asks.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Request {
    /// A new room of `game`, under `rules` (a record's tag pairs; empty for the defaults).
    /// The device takes the first seat.
    Create {
        game: String,
        #[serde(default)]
        rules: String,
    },
    /// A seat against the next player who asks for the same game and rules.
    Quick {
        game: String,
        #[serde(default)]
        rules: String,
    },
    /// Enters a room: the seat of `token`, else a free seat, else as a spectator.
    Join {
        room: String,
        #[serde(default)]
        token: Option<String>,
    },
    /// A whole turn as the move list writes it (a flip without what it shows), played on the
    /// position after `turns` turns.
    Move {
        turn: String,
        turns: usize,
    },
    Offer {
        what: Offer,
    },
    /// Accepts or declines the other side's offer.
    Answer {
        accept: bool,
    },
    Resign,
}

/// The requests' `type`s, to tell an unknown one from a malformed known one.
pub const TYPES: [&str; 7] = ["create", "quick", "join", "move", "offer", "answer", "resign"];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Offer {
    Takeback,
    Draw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seat {
    First,
    Second,
    Spectator,
}

/// What the server says. Every frame also carries `v`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Reply {
    /// The device's place in a room; `token` (kept by the device) only to a seat's holder.
    Seat {
        room: String,
        game: String,
        seat: Seat,
        #[serde(skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// In the queue for a quick match.
    Waiting {
        game: String,
        rules: String,
    },
    /// The room's game as anyone may see it, after every change. `version` grows with each.
    State {
        room: String,
        game: String,
        version: u64,
        record: String,
        turns: usize,
        to_move: Seat,
        over: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        offer: Option<OfferState>,
        /// Whether each seat has a device connected, the first seat's first.
        online: [bool; 2],
    },
    Error {
        code: ErrorCode,
        message: String,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferState {
    pub what: Offer,
    pub by: Seat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// Not JSON, not an object, or a known type with wrong fields.
    Malformed,
    TooLarge,
    /// A `v` this server does not speak.
    Version,
    UnknownType,
    RateLimited,
    TooManyRooms,
    UnknownGame,
    BadRules,
    NoRoom,
    /// The request needs a seat, and this device has none here.
    NotSeated,
    NotYourTurn,
    /// The turn was made on a position that is no longer the room's.
    Stale,
    Illegal,
    GameOver,
    NoOffer,
    /// The rules keep the turn: it revealed a hidden piece.
    CannotTakeBack,
    /// The server could not store the game; nothing changed.
    Storage,
}

impl Reply {
    pub fn error(code: ErrorCode, message: impl Into<String>) -> Reply {
        Reply::Error { code, message: message.into() }
    }

    /// The frame: the reply with the protocol's version.
    pub fn to_text(&self) -> String {
        #[derive(Serialize)]
        struct Frame<'a> {
            v: u64,
            #[serde(flatten)]
            reply: &'a Reply,
        }
        // Serialising these types cannot fail: no maps with non-string keys, no foreign types.
        serde_json::to_string(&Frame { v: VERSION, reply: self }).unwrap_or_default()
    }
}

/// Reads a frame: each way it can be wrong has its own error.
pub fn read(text: &str) -> Result<Request, Reply> {
    if text.len() > MAX_FRAME {
        return Err(Reply::error(ErrorCode::TooLarge, format!("a frame may hold at most {MAX_FRAME} bytes")));
    }
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| Reply::error(ErrorCode::Malformed, format!("not JSON: {e}")))?;
    let Some(object) = value.as_object() else {
        return Err(Reply::error(ErrorCode::Malformed, "a frame is a JSON object"));
    };
    match object.get("v").and_then(serde_json::Value::as_u64) {
        Some(VERSION) => {}
        _ => return Err(Reply::error(ErrorCode::Version, format!("this server speaks version {VERSION}"))),
    }
    match object.get("type").and_then(serde_json::Value::as_str) {
        Some(kind) if TYPES.contains(&kind) => {}
        Some(_) => return Err(Reply::error(ErrorCode::UnknownType, "no such message type")),
        None => return Err(Reply::error(ErrorCode::Malformed, "a frame has a type")),
    }
    serde_json::from_value(value).map_err(|e| Reply::error(ErrorCode::Malformed, e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> Option<ErrorCode> {
        match read(text) {
            Err(Reply::Error { code, .. }) => Some(code),
            _ => None,
        }
    }

    #[test]
    fn each_bad_frame_has_its_error() {
        assert_eq!(code("{"), Some(ErrorCode::Malformed));
        assert_eq!(code("[1]"), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"type":"resign"}"#), Some(ErrorCode::Version));
        assert_eq!(code(r#"{"v":2,"type":"resign"}"#), Some(ErrorCode::Version));
        assert_eq!(code(r#"{"v":1,"type":"dance"}"#), Some(ErrorCode::UnknownType));
        assert_eq!(code(r#"{"v":1}"#), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"v":1,"type":"move","turn":4}"#), Some(ErrorCode::Malformed));
        // Fields a later version adds are ignored.
        assert!(matches!(read(r#"{"v":1,"type":"resign","extra":1}"#), Ok(Request::Resign)));
        assert_eq!(
            code(&format!(r#"{{"v":1,"type":"resign","x":"{}"}}"#, "a".repeat(MAX_FRAME))),
            Some(ErrorCode::TooLarge)
        );
        assert!(matches!(read(r#"{"v":1,"type":"move","turn":"4","turns":0}"#), Ok(Request::Move { .. })));
        assert!(matches!(read(r#"{"v":1,"type":"create","game":"gomoku"}"#), Ok(Request::Create { .. })));
    }
}
