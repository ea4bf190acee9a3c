//! The messages between a page and the server: JSON text frames, each with the protocol's
//! version `v` and a `type`. Documented in the README; changed only with `VERSION`. The page
//! and the server share these types, so neither can write a frame the other does not read.

use crate::json::{self, Value, one_of};
use crate::rules::{Player, Termination};
use serde::{Deserialize, Serialize};

pub const VERSION: u64 = 1;

/// The largest frame read; a longer one gets [`ErrorCode::TooLarge`].
pub const MAX_FRAME: usize = 4096;

/// What a client asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
        #[serde(default, skip_serializing_if = "Option::is_none")]
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
    /// The page's heartbeat: the server answers at once with a [`Reply::Pong`] of the same `n`,
    /// so a connection that has silently died is noticed and made again, and the round trip
    /// is measured.
    Ping {
        n: u64,
    },
}

/// The requests' `type`s, to tell an unknown one from a malformed known one.
pub const TYPES: [&str; 8] = ["create", "quick", "join", "move", "offer", "answer", "resign", "ping"];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Offer {
    Takeback,
    Draw,
}

impl Offer {
    pub const ALL: [Offer; 2] = [Offer::Takeback, Offer::Draw];

    /// Its word in the frames.
    pub fn name(self) -> &'static str {
        match self {
            Offer::Takeback => "takeback",
            Offer::Draw => "draw",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seat {
    First,
    Second,
    Spectator,
}

impl Seat {
    pub const ALL: [Seat; 3] = [Seat::First, Seat::Second, Seat::Spectator];

    /// Its word in the frames.
    pub fn name(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
            Seat::Spectator => "spectator",
        }
    }

    /// A player's seat; `None` watches.
    pub fn of(player: Option<Player>) -> Seat {
        match player {
            Some(Player::First) => Seat::First,
            Some(Player::Second) => Seat::Second,
            None => Seat::Spectator,
        }
    }

    /// The player in this seat; a spectator plays no one.
    pub fn player(self) -> Option<Player> {
        match self {
            Seat::First => Some(Player::First),
            Seat::Second => Some(Player::Second),
            Seat::Spectator => None,
        }
    }
}

/// What the server says. Every frame also carries `v`. Read by [`Reply::read`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
        /// Why the game ended, once it has (as the record's `Termination` tag says).
        #[serde(skip_serializing_if = "Option::is_none")]
        termination: Option<Termination>,
        #[serde(skip_serializing_if = "Option::is_none")]
        offer: Option<OfferState>,
        /// Whether each seat has a device connected, the first seat's first.
        online: [bool; 2],
    },
    Error {
        code: ErrorCode,
        message: String,
    },
    /// The answer to a [`Request::Ping`], with its `n`.
    Pong {
        n: u64,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OfferState {
    pub what: Offer,
    pub by: Seat,
}

/// Why a request was refused. The page says each in words, in both languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

impl ErrorCode {
    pub const ALL: [ErrorCode; 17] = [
        ErrorCode::Malformed,
        ErrorCode::TooLarge,
        ErrorCode::Version,
        ErrorCode::UnknownType,
        ErrorCode::RateLimited,
        ErrorCode::TooManyRooms,
        ErrorCode::UnknownGame,
        ErrorCode::BadRules,
        ErrorCode::NoRoom,
        ErrorCode::NotSeated,
        ErrorCode::NotYourTurn,
        ErrorCode::Stale,
        ErrorCode::Illegal,
        ErrorCode::GameOver,
        ErrorCode::NoOffer,
        ErrorCode::CannotTakeBack,
        ErrorCode::Storage,
    ];

    /// Its word in the frames (its name in kebab case).
    pub fn name(self) -> &'static str {
        match self {
            ErrorCode::Malformed => "malformed",
            ErrorCode::TooLarge => "too-large",
            ErrorCode::Version => "version",
            ErrorCode::UnknownType => "unknown-type",
            ErrorCode::RateLimited => "rate-limited",
            ErrorCode::TooManyRooms => "too-many-rooms",
            ErrorCode::UnknownGame => "unknown-game",
            ErrorCode::BadRules => "bad-rules",
            ErrorCode::NoRoom => "no-room",
            ErrorCode::NotSeated => "not-seated",
            ErrorCode::NotYourTurn => "not-your-turn",
            ErrorCode::Stale => "stale",
            ErrorCode::Illegal => "illegal",
            ErrorCode::GameOver => "game-over",
            ErrorCode::NoOffer => "no-offer",
            ErrorCode::CannotTakeBack => "cannot-take-back",
            ErrorCode::Storage => "storage",
        }
    }
}

/// A message as its frame: `v` first, then the message's own fields, `type` first. The server's
/// writer; the page writes its requests with its own JSON writer ([`Request::to_text`]).
fn framed(message: &impl Serialize) -> String {
    #[derive(Serialize)]
    struct Frame<'a, T> {
        v: u64,
        #[serde(flatten)]
        message: &'a T,
    }
    // Serialising these types cannot fail: no maps with non-string keys, no foreign types.
    serde_json::to_string(&Frame { v: VERSION, message }).unwrap_or_default()
}

impl Request {
    /// The frame a client sends, written by the page's JSON writer ([`crate::json`]) exactly
    /// as serde's derived writer writes it (the tests compare the two).
    pub fn to_text(&self) -> String {
        let (kind, fields): (&str, Vec<(&str, Value)>) = match self {
            Request::Create { game, rules } => {
                ("create", vec![("game", game.as_str().into()), ("rules", rules.as_str().into())])
            }
            Request::Quick { game, rules } => {
                ("quick", vec![("game", game.as_str().into()), ("rules", rules.as_str().into())])
            }
            Request::Join { room, token } => {
                let mut fields = vec![("room", room.as_str().into())];
                if let Some(token) = token {
                    fields.push(("token", token.as_str().into()));
                }
                ("join", fields)
            }
            Request::Move { turn, turns } => {
                ("move", vec![("turn", turn.as_str().into()), ("turns", (*turns).into())])
            }
            Request::Offer { what } => ("offer", vec![("what", what.name().into())]),
            Request::Answer { accept } => ("answer", vec![("accept", (*accept).into())]),
            Request::Resign => ("resign", vec![]),
            Request::Ping { n } => ("ping", vec![("n", (*n).into())]),
        };
        let head = [("v", Value::from(VERSION)), ("type", kind.into())];
        Value::Object(head.into_iter().chain(fields).map(|(name, value)| (name.to_owned(), value)).collect())
            .write()
    }
}

impl Reply {
    pub fn error(code: ErrorCode, message: impl Into<String>) -> Reply {
        Reply::Error { code, message: message.into() }
    }

    /// The frame the server sends.
    pub fn to_text(&self) -> String {
        framed(self)
    }

    /// A frame from the server; `None` for one this build cannot read (a later version's
    /// type, a code it does not know). Fields a later version adds are ignored.
    ///
    /// Read from plain JSON by the page's one JSON reader ([`crate::json`]), field by field:
    /// serde's derived readers cost the page 7 to 13 KB gzip (a visitor per field type and per
    /// enum). The tests read back every reply the derived writer writes.
    pub fn read(text: &str) -> Option<Reply> {
        let value = json::parse(text).ok()?;
        let text = |name: &str| value[name].as_str().map(str::to_owned);
        let seat = |value: &Value| one_of(&Seat::ALL, Seat::name, value);
        Some(match value["type"].as_str()? {
            "seat" => Reply::Seat {
                room: text("room")?,
                game: text("game")?,
                seat: seat(&value["seat"])?,
                token: text("token"),
            },
            "waiting" => Reply::Waiting { game: text("game")?, rules: text("rules")? },
            "state" => Reply::State {
                room: text("room")?,
                game: text("game")?,
                version: value["version"].as_u64()?,
                record: text("record")?,
                turns: usize::try_from(value["turns"].as_u64()?).ok()?,
                to_move: seat(&value["to_move"])?,
                over: value["over"].as_bool()?,
                // One this build does not know is left out, as a later version's field would be.
                termination: one_of(&Termination::ALL, Termination::name, &value["termination"]),
                offer: match &value["offer"] {
                    Value::Null => None,
                    offer => Some(OfferState {
                        what: one_of(&Offer::ALL, Offer::name, &offer["what"])?,
                        by: seat(&offer["by"])?,
                    }),
                },
                online: [value["online"][0].as_bool()?, value["online"][1].as_bool()?],
            },
            "error" => Reply::Error {
                code: one_of(&ErrorCode::ALL, ErrorCode::name, &value["code"])?,
                message: text("message")?,
            },
            "pong" => Reply::Pong { n: value["n"].as_u64()? },
            _ => return None,
        })
    }
}

/// Reads a client's frame: each way it can be wrong has its own error.
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
        assert_eq!(code(""), Some(ErrorCode::Malformed));
        assert_eq!(code("{"), Some(ErrorCode::Malformed));
        assert_eq!(code("[1]"), Some(ErrorCode::Malformed));
        assert_eq!(code("\"move\""), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"type":"resign"}"#), Some(ErrorCode::Version));
        assert_eq!(code(r#"{"v":2,"type":"resign"}"#), Some(ErrorCode::Version));
        assert_eq!(code(r#"{"v":"1","type":"resign"}"#), Some(ErrorCode::Version));
        assert_eq!(code(r#"{"v":1,"type":"dance"}"#), Some(ErrorCode::UnknownType));
        assert_eq!(code(r#"{"v":1,"type":"Resign"}"#), Some(ErrorCode::UnknownType));
        assert_eq!(code(r#"{"v":1}"#), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"v":1,"type":7}"#), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"v":1,"type":"move","turn":4}"#), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"v":1,"type":"move","turn":"4","turns":-1}"#), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"v":1,"type":"offer","what":"peace"}"#), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"v":1,"type":"answer"}"#), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"v":1,"type":"join"}"#), Some(ErrorCode::Malformed));
        assert_eq!(
            code(&format!(r#"{{"v":1,"type":"resign","x":"{}"}}"#, "a".repeat(MAX_FRAME))),
            Some(ErrorCode::TooLarge)
        );
        // Fields a later version adds are ignored; fields left out take their defaults.
        assert_eq!(read(r#"{"v":1,"type":"resign","extra":1}"#), Ok(Request::Resign));
        assert_eq!(
            read(r#"{"v":1,"type":"create","game":"gomoku"}"#),
            Ok(Request::Create { game: "gomoku".into(), rules: String::new() })
        );
        assert_eq!(
            read(r#"{"type":"join","room":"r","v":1}"#),
            Ok(Request::Join { room: "r".into(), token: None })
        );
    }

    #[test]
    fn every_request_reads_back_as_written() {
        let requests = [
            Request::Create { game: "gomoku".into(), rules: "[Rules \"renju\"]".into() },
            Request::Quick { game: "checkers".into(), rules: String::new() },
            Request::Join { room: "k3vx8q2mwa".into(), token: Some("9f".into()) },
            Request::Join { room: "k3vx8q2mwa".into(), token: None },
            Request::Move { turn: "11x18x25".into(), turns: 7 },
            Request::Offer { what: Offer::Takeback },
            Request::Offer { what: Offer::Draw },
            Request::Answer { accept: true },
            Request::Answer { accept: false },
            Request::Resign,
            Request::Ping { n: 0 },
            Request::Ping { n: u64::MAX },
        ];
        for request in requests {
            let text = request.to_text();
            assert!(text.starts_with("{\"v\":1,\"type\":"), "{text}");
            assert_eq!(text, framed(&request), "the page's writer writes as serde's does");
            assert_eq!(read(&text), Ok(request), "{text}");
        }
        // Escapes and other scripts, as serde writes them.
        let odd = Request::Join { room: "\"\\\n\u{7}\u{7f}中😀".into(), token: Some("\t".into()) };
        assert_eq!(odd.to_text(), framed(&odd));
        assert_eq!(read(&odd.to_text()), Ok(odd));
        // Exactly the frames the README shows, and the page always sent.
        assert_eq!(
            Request::Create { game: "connect-four".into(), rules: String::new() }.to_text(),
            r#"{"v":1,"type":"create","game":"connect-four","rules":""}"#
        );
        assert_eq!(
            Request::Move { turn: "8".into(), turns: 0 }.to_text(),
            r#"{"v":1,"type":"move","turn":"8","turns":0}"#
        );
        assert_eq!(
            Request::Join { room: "r".into(), token: None }.to_text(),
            r#"{"v":1,"type":"join","room":"r"}"#
        );
        assert_eq!(Request::Resign.to_text(), r#"{"v":1,"type":"resign"}"#);
        assert_eq!(Request::Ping { n: 7 }.to_text(), r#"{"v":1,"type":"ping","n":7}"#);
    }

    #[test]
    fn every_reply_reads_back_as_written() {
        let state = |offer, termination: Option<Termination>| Reply::State {
            room: "k3vx8q2mwa".into(),
            game: "connect-four".into(),
            version: 3,
            record: "[Game \"connect-four\"]\n\n1. 4 *\n".into(),
            turns: 1,
            to_move: Seat::Second,
            over: termination.is_some(),
            termination,
            offer,
            online: [true, false],
        };
        let replies = [
            Reply::Seat {
                room: "r".into(),
                game: "gomoku".into(),
                seat: Seat::First,
                token: Some("ab".into()),
            },
            Reply::Seat { room: "r".into(), game: "gomoku".into(), seat: Seat::Spectator, token: None },
            Reply::Waiting { game: "gomoku".into(), rules: "[Rules \"renju\"]".into() },
            state(None, None),
            state(Some(OfferState { what: Offer::Draw, by: Seat::First }), None),
            Reply::error(ErrorCode::Illegal, "not a whole turn the rules allow here"),
            Reply::Pong { n: 7 },
        ];
        let ended: Vec<Reply> = Termination::ALL.into_iter().map(|why| state(None, Some(why))).collect();
        for reply in replies.into_iter().chain(ended) {
            let text = reply.to_text();
            assert!(text.starts_with("{\"v\":1,\"type\":"), "{text}");
            assert_eq!(Reply::read(&text), Some(reply), "{text}");
        }
        // The wire as the README shows it; an end says why, by the record's tag's word.
        for why in Termination::ALL {
            let text = state(None, Some(why)).to_text();
            assert!(text.contains(&format!(r#""over":true,"termination":"{}","#, why.name())), "{text}");
        }
        assert_eq!(
            state(None, None).to_text(),
            r#"{"v":1,"type":"state","room":"k3vx8q2mwa","game":"connect-four","version":3,"record":"[Game \"connect-four\"]\n\n1. 4 *\n","turns":1,"to_move":"second","over":false,"online":[true,false]}"#
        );
        assert_eq!(
            Reply::error(ErrorCode::Illegal, "no").to_text(),
            r#"{"v":1,"type":"error","code":"illegal","message":"no"}"#
        );
        // A later version's type, or a frame that is not one, is not read.
        assert_eq!(Reply::read(r#"{"v":1,"type":"clock","left":[1,2]}"#), None);
        assert_eq!(Reply::read("{"), None);
        assert_eq!(Reply::read(r#"{"v":1,"type":"error","code":"nonsense","message":""}"#), None);
    }

    #[test]
    fn every_error_code_is_its_kebab_case_name() {
        // `name` is a match, so that a new code cannot be left out; serde's word must be it.
        for code in ErrorCode::ALL {
            let quoted = format!("\"{}\"", code.name());
            assert_eq!(serde_json::to_string(&code).unwrap(), quoted);
            assert_eq!(serde_json::from_str::<ErrorCode>(&quoted).unwrap(), code);
            let frame = Reply::error(code, "why").to_text();
            assert_eq!(Reply::read(&frame), Some(Reply::error(code, "why")));
        }
    }

    #[test]
    fn seats_and_players() {
        for seat in Seat::ALL {
            assert_eq!(Seat::of(seat.player()), seat);
        }
    }

    #[test]
    fn every_name_is_serdes_word() {
        for seat in Seat::ALL {
            assert_eq!(serde_json::to_value(seat).unwrap(), seat.name());
        }
        for offer in Offer::ALL {
            assert_eq!(serde_json::to_value(offer).unwrap(), offer.name());
        }
    }

    #[test]
    fn a_reply_that_is_no_json_or_too_deep_is_not_read() {
        for text in ["", "{", r#"{"v":1,"type":"waiting","game":"g","rules":"r",}"#, "\"state\""] {
            assert_eq!(Reply::read(text), None, "{text}");
        }
        let deep = format!(
            r#"{{"v":1,"type":"waiting","game":"g","rules":"r","x":{}1{}}}"#,
            "[".repeat(200),
            "]".repeat(200)
        );
        assert_eq!(Reply::read(&deep), None);
    }
}
