//! The messages between a page and the server: JSON text frames, each with the protocol's
//! version `v` and a `type`. Documented in docs/protocol.md; changed only with `VERSION`. The page
//! and the server share these types, so neither can write a frame the other does not read.

mod pages;

pub use pages::{GAMES_PER_PAGE, KeptGame, Leader, Leaderboard, Profile, ProfileRating, RatingPoint};

use crate::rules::{Player, Termination};
use serde::{Deserialize, Serialize};

/// 2: time controls, abort, claims, rematch, the lobby and chat. 3: a turn's frame carries the
/// turn ([`Reply::Change`]), not the whole record.
pub const VERSION: u64 = 3;

/// The largest frame read; a longer one gets [`ErrorCode::TooLarge`].
pub const MAX_FRAME: usize = 4096;

/// A new room as a device asks for one: made ([`Request::Create`]), sought in the lobby
/// ([`Request::Seek`]) or paired by quick match ([`Request::Quick`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewRoom {
    pub game: String,
    /// A record's tag pairs; empty for the defaults.
    #[serde(default)]
    pub rules: String,
    /// The time control's text (`fischer:180+2`, `correspondence:3`, `untimed`; empty is
    /// untimed).
    #[serde(default)]
    pub time: String,
    /// Rated: the players' ratings change with the result. Only a timed game between two
    /// players is; any other is casual.
    #[serde(default, skip_serializing_if = "is_false")]
    pub rated: bool,
}

/// What a client asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Request {
    /// A new room; the device takes the first seat.
    Create(NewRoom),
    /// A seat against the next player who asks for the same game, rules and time control.
    Quick(NewRoom),
    /// A room like [`Request::Create`]'s, listed in the lobby until someone takes its other
    /// seat ([`Request::Take`]), its maker leaves, or 15 minutes pass.
    Seek(NewRoom),
    /// Takes the free seat of a seek in the lobby: the game starts for both.
    Take {
        room: String,
    },
    /// Follows the lobby: a [`Reply::Lobby`] now and after every change, until `follow` is false.
    Lobby {
        #[serde(default = "yes")]
        follow: bool,
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
    /// Ends the game with no result: either player may, until both have moved.
    Abort,
    /// Ends the game while the other player has been away on their own turn long enough
    /// (the state's `claim_in` reached 0): a win, or a draw.
    Claim {
        what: Claim,
    },
    /// A line in the room's chat: one of the preset messages by name, or free text (one of
    /// the two: [`Said::of`]).
    Chat {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        preset: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        text: Option<String>,
    },
    /// Who this device plays as: the player `key` it keeps (none on its first visit, or after
    /// it forgot it). The server answers with a [`Reply::Player`]; an unknown key, forged or
    /// forgotten, is a new player with a new key, never anyone else. The key is never in a URL.
    Hello {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<String>,
    },
    /// The name this device's player chooses (see [`crate::players::PlayerName`]): a
    /// [`Reply::Player`] with it, or an error saying why not (taken, invalid, too soon).
    Name {
        name: String,
    },
    /// A one-time code that moves this device's player to another device: a
    /// [`Reply::TransferCode`], valid for [`TRANSFER_MINUTES`] and used once.
    TransferCode,
    /// Plays as the player whose one-time code this is, on this device: a [`Reply::Player`]
    /// with a new key for the device to keep, or an error (a wrong, used or expired code).
    Transfer {
        code: String,
    },
    /// This device forgets its player: its key is no longer anyone's ([`Reply::Forgotten`]).
    Forget,
    /// Challenges the player named `name`, online now, to a game: a [`Reply::Challenge`] to
    /// them and back, or an error (oneself, no such player, offline, busy, too many open).
    Challenge {
        name: String,
        new: NewRoom,
    },
    /// Accepts or declines the challenge `id` made to this device's player: both are told with
    /// a [`Reply::ChallengeAnswer`].
    AnswerChallenge {
        id: String,
        accept: bool,
    },
    /// The page's heartbeat: the server answers at once with a [`Reply::Pong`] of the same `n`,
    /// so a connection that has silently died is noticed and made again. `rtt` is the round
    /// trip the page last measured, in milliseconds: half of it (at most 500 ms) is given back
    /// to the player's clock on each move, as the time the move spent on the way.
    Ping {
        n: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rtt: Option<u64>,
    },
}

fn yes() -> bool {
    true
}

fn is_false(value: &bool) -> bool {
    !value
}

/// How long a transfer code is valid.
pub const TRANSFER_MINUTES: u64 = 10;

/// The requests' `type`s, to tell an unknown one from a malformed known one.
pub const TYPES: [&str; 21] = [
    "create",
    "quick",
    "seek",
    "take",
    "lobby",
    "join",
    "move",
    "offer",
    "answer",
    "resign",
    "abort",
    "claim",
    "chat",
    "hello",
    "name",
    "transfer-code",
    "transfer",
    "forget",
    "ping",
    "challenge",
    "answer-challenge",
];

/// The chat's preset messages, by name: each page says them in its own language.
pub const PRESETS: [&str; 6] = ["hello", "good-luck", "have-fun", "good-game", "well-played", "thank-you"];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Offer {
    Takeback,
    Draw,
    /// After the end: a new game with the colours swapped, the rules and clock kept.
    Rematch,
}

impl Offer {
    pub const ALL: [Offer; 3] = [Offer::Takeback, Offer::Draw, Offer::Rematch];

    /// Its word in the frames.
    pub fn name(self) -> &'static str {
        match self {
            Offer::Takeback => "takeback",
            Offer::Draw => "draw",
            Offer::Rematch => "rematch",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Claim {
    Win,
    Draw,
}

impl Claim {
    pub fn name(self) -> &'static str {
        match self {
            Claim::Win => "win",
            Claim::Draw => "draw",
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
        time: String,
    },
    /// The room whole, its game's public record with it: on joining (or joining again, which
    /// is how a page that missed a change asks for it), and after a change that is not one turn
    /// played (a takeback, an end the rules did not reach, a room read again from the store).
    State {
        #[serde(flatten)]
        state: Box<RoomState>,
        /// The public record, with its clocks.
        record: String,
    },
    /// The room after one change, to a device that holds the room as it was before it (at
    /// `version - 1`, or at `version` for a change of who is here alone): the turn played, if
    /// one was, as the public record writes it, and the mover's time left after it as the
    /// record's clock keeps it. A device that does not hold that version asks for the room
    /// whole (by joining again).
    Change {
        #[serde(flatten)]
        state: Box<RoomState>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turn: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<u64>,
    },
    /// The lobby, to a connection that follows it: the open seeks, oldest first, the games
    /// being played, the latest changed first (each watched by entering its room), and how many
    /// games are being played and players are online.
    Lobby {
        seeks: Vec<RoomInfo>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        playing: Vec<RoomInfo>,
        games: u64,
        players: u64,
        /// The named players online now, by name, with their latest rating.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        online: Vec<SeatPlayer>,
        /// Quick match's pools where someone waits, each as its text ([`Pool::text`]).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pools: Vec<String>,
    },
    Error {
        code: ErrorCode,
        message: String,
    },
    /// The player this device plays as, in answer to a [`Request::Hello`] or a
    /// [`Request::Name`]: their public `id`, their `name` once chosen, and a new `key` for the
    /// device to keep when it showed none or one the server does not know.
    Player {
        id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<String>,
    },
    /// A one-time code that moves this player to another device, in answer to a
    /// [`Request::TransferCode`], and how long it is valid, in seconds.
    TransferCode {
        code: String,
        expires_in: u64,
    },
    /// This device's key is no longer anyone's, in answer to a [`Request::Forget`].
    Forgotten,
    /// A challenge `id` from the player `from` to the player named `to`: to every device of the
    /// challenged, and to the challenging device as it is sent.
    Challenge {
        id: String,
        from: SeatPlayer,
        to: String,
        new: NewRoom,
    },
    /// The challenge `id` answered, to both: declined, or accepted with the new room and this
    /// device's seat's token there.
    ChallengeAnswer {
        id: String,
        accepted: bool,
        game: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        room: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// The answer to a [`Request::Ping`], with its `n`.
    Pong {
        n: u64,
    },
}

/// A room as anyone may see it, all but its game's record: what every [`Reply::State`] and
/// [`Reply::Change`] says. `version` grows with each change stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomState {
    pub room: String,
    pub game: String,
    pub version: u64,
    pub turns: usize,
    pub to_move: Seat,
    pub over: bool,
    /// Why the game ended, once it has (as the record's `Termination` tag says). One this
    /// build does not know is left out, as a later version's field would be.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "known")]
    pub termination: Option<Termination>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<OfferState>,
    /// Whether each seat has a device connected, the first seat's first.
    pub online: [bool; 2],
    /// The time control's text.
    pub time: String,
    /// Each side's time left as this frame leaves, in milliseconds, the first seat's first;
    /// absent untimed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clocks: Option<[u64; 2]>,
    /// The side whose clock is running; absent before both sides have moved, and after the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<Seat>,
    /// Before its first move, the time the side to move has left to make it before the
    /// game is aborted, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abort_in: Option<u64>,
    /// The side to move is away: the time until the other may claim the game, in
    /// milliseconds (0: now).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim_in: Option<u64>,
    /// The players' messages, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chat: Vec<ChatLine>,
    /// The rematch's room, once agreed: every device here goes on to it (a seat's token
    /// holds the other seat there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    /// Who plays each seat, the first seat's first, once they have taken it.
    #[serde(default, skip_serializing_if = "no_players")]
    pub players: [Option<SeatPlayer>; 2],
    /// The result changes the players' ratings.
    #[serde(default, skip_serializing_if = "is_false")]
    pub rated: bool,
    /// After a rated game: each side's rating before and after it, the first seat's first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<[RatingChange; 2]>,
}

/// A line of the chat as the wire has it: a preset's name or free text (one of the two).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChatLine {
    pub from: Seat,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl ChatLine {
    pub fn new(from: Seat, said: Said) -> ChatLine {
        let (preset, text) = said.fields();
        ChatLine { from, preset, text }
    }

    /// What it says; `None` for a line that is neither or both.
    pub fn said(&self) -> Option<Said> {
        Said::of(self.preset.clone(), self.text.clone())
    }
}

impl Request {
    /// A line for the chat.
    pub fn chat(said: Said) -> Request {
        let (preset, text) = said.fields();
        Request::Chat { preset, text }
    }
}

/// What a chat line says: one of the preset messages by name ([`PRESETS`]), which each page
/// says in its own language, or free text ([`check_chat`]), shown as typed. On the wire, the
/// field of one of the two (`{"preset":"hello"}`, `{"text":"hi"}`), as a room keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Said {
    Preset(String),
    Text(String),
}

impl Said {
    /// From the wire's two fields, of which one is given.
    pub fn of(preset: Option<String>, text: Option<String>) -> Option<Said> {
        match (preset, text) {
            (Some(preset), None) => Some(Said::Preset(preset)),
            (None, Some(text)) => Some(Said::Text(text)),
            _ => None,
        }
    }

    /// The wire's two fields.
    pub fn fields(self) -> (Option<String>, Option<String>) {
        match self {
            Said::Preset(preset) => (Some(preset), None),
            Said::Text(text) => (None, Some(text)),
        }
    }
}

/// The longest line of free text, in characters.
pub const CHAT_CHARS: usize = 140;

/// Free text as the chat takes it: trimmed, 1 to [`CHAT_CHARS`] characters, with no control
/// or invisible formatting characters (which could hide words, or turn the line and the ones
/// after it right to left). The page checks before sending, the server again.
pub fn check_chat(text: &str) -> Result<&str, ErrorCode> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > CHAT_CHARS {
        return Err(ErrorCode::ChatLength);
    }
    // Controls, zero-width characters, directional marks and embeddings, the byte order mark.
    let invisible = |c: char| {
        c.is_control()
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}')
    };
    if text.chars().any(invisible) {
        return Err(ErrorCode::ChatInvisible);
    }
    Ok(text)
}

/// Quick match's pool of a game, time control and rated or not (any rules): how many wait in
/// it. On the wire as text, `gomoku fischer:180+2 rated 2` (or `casual`), which the lobby's
/// code alone reads.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pool {
    pub game: String,
    pub time: String,
    pub rated: bool,
    pub waiting: u64,
}

impl Pool {
    pub fn text(&self) -> String {
        let rated = if self.rated { "rated" } else { "casual" };
        format!("{} {} {rated} {}", self.game, self.time, self.waiting)
    }

    /// A pool from its text; `None` for text that is not one.
    pub fn read(text: &str) -> Option<Pool> {
        let [game, time, rated, waiting] = text.split(' ').collect::<Vec<_>>()[..] else { return None };
        let rated = match rated {
            "rated" => true,
            "casual" => false,
            _ => return None,
        };
        Some(Pool { game: game.to_owned(), time: time.to_owned(), rated, waiting: waiting.parse().ok()? })
    }
}

/// A room in the lobby: a seek (taken with [`Request::Take`]) or a game being played (watched
/// with [`Request::Join`]): its room, game, rules and time control, and for a seek who made it
/// and whether it is rated.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoomInfo {
    pub room: String,
    pub game: String,
    pub rules: String,
    pub time: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<SeatPlayer>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub rated: bool,
}

/// Who plays a seat: their public id, their name once chosen (else they show as "Anonymous"
/// and the id's first four characters), and their rating in the game's game and speed as they
/// sat down, in whole points (none untimed).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatPlayer {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i64>,
    /// The rating is provisional: shown with a `?`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub provisional: bool,
}

impl SeatPlayer {
    /// How an anonymous player is told apart: the start of their id.
    pub fn tag(&self) -> &str {
        self.id.get(..4).unwrap_or(&self.id)
    }
}

fn no_players(players: &[Option<SeatPlayer>; 2]) -> bool {
    players.iter().all(Option::is_none)
}

/// One side's rating before and after a rated game, in whole points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RatingChange {
    pub before: i64,
    pub after: i64,
    /// Provisional after the game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub provisional: bool,
}

impl RatingChange {
    /// The change, as the page shows it (whole points).
    pub fn delta(&self) -> i64 {
        self.after - self.before
    }
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
    /// A time control out of range, or not one.
    BadTimeControl,
    /// Both players have moved: the game can no longer be aborted.
    CannotAbort,
    /// The other player is here, it is your turn, or they have not been away long enough.
    CannotClaim,
    /// The game is still being played (a rematch comes after the end).
    NotOver,
    /// No seek of that room is open: taken, withdrawn or expired.
    NoSeek,
    /// Your own seek waits for someone else.
    OwnSeek,
    /// Not one of the chat's preset messages.
    UnknownPreset,
    /// The request needs a player: the device has not said [`Request::Hello`].
    NoPlayer,
    /// Another player has the name, its case ignored.
    NameTaken,
    /// Not a name a player may take: its length, characters, first letter, or a reserved word.
    NameInvalid,
    /// The player chose a name less than a day ago, and has played a rated game since.
    NameTooSoon,
    /// A reserved word (`computer`, `admin`, ...).
    NameReserved,
    /// Not a transfer code this server gave, or one used or expired.
    TransferInvalid,
    /// Too many wrong transfer codes from this address lately: it waits a minute.
    TransferWait,
    /// A challenge to oneself.
    ChallengeSelf,
    /// A challenge to a player with no device online.
    ChallengeOffline,
    /// A challenge to a player in the middle of a game.
    ChallengeBusy,
    /// More open challenges than a player may have.
    ChallengeLimit,
    /// No open challenge of that id to this player: answered, withdrawn or expired.
    NoChallenge,
    /// Free text in the chat that is empty or longer than [`CHAT_CHARS`].
    ChatLength,
    /// Free text in the chat with control or invisible formatting characters.
    ChatInvisible,
}

impl ErrorCode {
    pub const ALL: [ErrorCode; 38] = [
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
        ErrorCode::BadTimeControl,
        ErrorCode::CannotAbort,
        ErrorCode::CannotClaim,
        ErrorCode::NotOver,
        ErrorCode::NoSeek,
        ErrorCode::OwnSeek,
        ErrorCode::UnknownPreset,
        ErrorCode::NoPlayer,
        ErrorCode::NameTaken,
        ErrorCode::NameInvalid,
        ErrorCode::NameTooSoon,
        ErrorCode::NameReserved,
        ErrorCode::TransferInvalid,
        ErrorCode::TransferWait,
        ErrorCode::ChallengeSelf,
        ErrorCode::ChallengeOffline,
        ErrorCode::ChallengeBusy,
        ErrorCode::ChallengeLimit,
        ErrorCode::NoChallenge,
        ErrorCode::ChatLength,
        ErrorCode::ChatInvisible,
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
            ErrorCode::BadTimeControl => "bad-time-control",
            ErrorCode::CannotAbort => "cannot-abort",
            ErrorCode::CannotClaim => "cannot-claim",
            ErrorCode::NotOver => "not-over",
            ErrorCode::NoSeek => "no-seek",
            ErrorCode::OwnSeek => "own-seek",
            ErrorCode::UnknownPreset => "unknown-preset",
            ErrorCode::NoPlayer => "no-player",
            ErrorCode::NameTaken => "name-taken",
            ErrorCode::NameInvalid => "name-invalid",
            ErrorCode::NameTooSoon => "name-too-soon",
            ErrorCode::NameReserved => "name-reserved",
            ErrorCode::TransferInvalid => "transfer-invalid",
            ErrorCode::TransferWait => "transfer-wait",
            ErrorCode::ChallengeSelf => "challenge-self",
            ErrorCode::ChallengeOffline => "challenge-offline",
            ErrorCode::ChallengeBusy => "challenge-busy",
            ErrorCode::ChallengeLimit => "challenge-limit",
            ErrorCode::NoChallenge => "no-challenge",
            ErrorCode::ChatLength => "chat-length",
            ErrorCode::ChatInvisible => "chat-invisible",
        }
    }
}

/// A termination this build knows, else none.
fn known<'de, D: serde::Deserializer<'de>>(words: D) -> Result<Option<Termination>, D::Error> {
    Ok(Option::<String>::deserialize(words)?.and_then(|word| Termination::from_name(&word)))
}

/// A message as its frame: `v` first, then the message's own fields, `type` first.
fn framed(message: &impl Serialize) -> String {
    #[derive(Serialize)]
    struct Frame<'a, T> {
        v: u64,
        #[serde(flatten)]
        message: &'a T,
    }
    crate::codec::write(&Frame { v: VERSION, message })
}

impl Request {
    /// The frame a client sends.
    pub fn to_text(&self) -> String {
        framed(self)
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

    /// The room a [`Reply::State`] or a [`Reply::Change`] tells of.
    pub fn room(&self) -> Option<&RoomState> {
        match self {
            Reply::State { state, .. } | Reply::Change { state, .. } => Some(state),
            _ => None,
        }
    }

    /// A frame from the server; `None` for one this build cannot read (a later version's
    /// type, a code it does not know). Fields a later version adds are ignored.
    pub fn read(text: &str) -> Option<Reply> {
        crate::codec::read(text)
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
        _ => {
            return Err(Reply::error(
                ErrorCode::Version,
                format!("this server speaks version {VERSION}: reload the page to update it"),
            ));
        }
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
        // A page of protocol 2 still open is told to reload.
        assert_eq!(code(r#"{"v":2,"type":"resign"}"#), Some(ErrorCode::Version));
        assert_eq!(code(r#"{"v":4,"type":"resign"}"#), Some(ErrorCode::Version));
        assert_eq!(code(r#"{"v":"1","type":"resign"}"#), Some(ErrorCode::Version));
        assert_eq!(code(r#"{"v":3,"type":"dance"}"#), Some(ErrorCode::UnknownType));
        assert_eq!(code(r#"{"v":3,"type":"Resign"}"#), Some(ErrorCode::UnknownType));
        assert_eq!(code(r#"{"v":3}"#), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"v":3,"type":7}"#), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"v":3,"type":"move","turn":4}"#), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"v":3,"type":"move","turn":"4","turns":-1}"#), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"v":3,"type":"offer","what":"peace"}"#), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"v":3,"type":"answer"}"#), Some(ErrorCode::Malformed));
        assert_eq!(code(r#"{"v":3,"type":"join"}"#), Some(ErrorCode::Malformed));
        assert_eq!(
            code(&format!(r#"{{"v":3,"type":"resign","x":"{}"}}"#, "a".repeat(MAX_FRAME))),
            Some(ErrorCode::TooLarge)
        );
        // Fields a later version adds are ignored; fields left out take their defaults.
        assert_eq!(read(r#"{"v":3,"type":"resign","extra":1}"#), Ok(Request::Resign));
        assert_eq!(
            read(r#"{"v":3,"type":"create","game":"gomoku"}"#),
            Ok(Request::Create(NewRoom {
                game: "gomoku".into(),
                rules: String::new(),
                time: String::new(),
                rated: false
            }))
        );
        assert_eq!(
            read(r#"{"type":"join","room":"r","v":3}"#),
            Ok(Request::Join { room: "r".into(), token: None })
        );
    }

    #[test]
    fn every_request_reads_back_as_written() {
        let requests = [
            Request::Create(NewRoom {
                game: "gomoku".into(),
                rules: "[Rules \"renju\"]".into(),
                time: "fischer:180+2".into(),
                rated: true,
            }),
            Request::Quick(NewRoom {
                game: "checkers".into(),
                rules: String::new(),
                time: String::new(),
                rated: false,
            }),
            Request::Seek(NewRoom {
                game: "checkers".into(),
                rules: String::new(),
                time: "correspondence:3".into(),
                rated: true,
            }),
            Request::Hello { key: Some("ab".repeat(32)) },
            Request::Hello { key: None },
            Request::Name { name: "MingLi".into() },
            Request::TransferCode,
            Request::Transfer { code: "abcde-fghjk".into() },
            Request::Forget,
            Request::Take { room: "k3vx8q2mwa".into() },
            Request::Lobby { follow: true },
            Request::Lobby { follow: false },
            Request::Offer { what: Offer::Rematch },
            Request::Abort,
            Request::Claim { what: Claim::Win },
            Request::Claim { what: Claim::Draw },
            Request::chat(Said::Preset("good-game".into())),
            Request::chat(Said::Text("<b>gg</b> 好棋".into())),
            Request::Challenge {
                name: "李小龍".into(),
                new: NewRoom {
                    game: "gomoku".into(),
                    rules: String::new(),
                    time: "fischer:180+2".into(),
                    rated: true,
                },
            },
            Request::AnswerChallenge { id: "c1".into(), accept: true },
            Request::Ping { n: 3, rtt: Some(120) },
            Request::Join { room: "k3vx8q2mwa".into(), token: Some("9f".into()) },
            Request::Join { room: "k3vx8q2mwa".into(), token: None },
            Request::Move { turn: "11x18x25".into(), turns: 7 },
            Request::Offer { what: Offer::Takeback },
            Request::Offer { what: Offer::Draw },
            Request::Answer { accept: true },
            Request::Answer { accept: false },
            Request::Resign,
            Request::Ping { n: 0, rtt: None },
            Request::Ping { n: u64::MAX, rtt: None },
        ];
        for request in requests {
            let text = request.to_text();
            assert!(text.starts_with("{\"v\":3,\"type\":"), "{text}");
            assert_eq!(text, framed(&request), "the page's writer writes as serde's does");
            assert_eq!(read(&text), Ok(request), "{text}");
        }
        // Escapes and other scripts, as serde writes them.
        let odd = Request::Join { room: "\"\\\n\u{7}\u{7f}中😀".into(), token: Some("\t".into()) };
        assert_eq!(odd.to_text(), framed(&odd));
        assert_eq!(read(&odd.to_text()), Ok(odd));
        // Exactly the frames docs/protocol.md shows, and the page always sent.
        assert_eq!(
            Request::Create(NewRoom {
                game: "connect-four".into(),
                rules: String::new(),
                time: "untimed".into(),
                rated: false
            })
            .to_text(),
            r#"{"v":3,"type":"create","game":"connect-four","rules":"","time":"untimed"}"#
        );
        assert_eq!(
            Request::Move { turn: "8".into(), turns: 0 }.to_text(),
            r#"{"v":3,"type":"move","turn":"8","turns":0}"#
        );
        assert_eq!(
            Request::Join { room: "r".into(), token: None }.to_text(),
            r#"{"v":3,"type":"join","room":"r"}"#
        );
        assert_eq!(Request::Resign.to_text(), r#"{"v":3,"type":"resign"}"#);
        assert_eq!(Request::Ping { n: 7, rtt: None }.to_text(), r#"{"v":3,"type":"ping","n":7}"#);
        // A follow of the lobby by default; an unknown claim is malformed, an unknown preset
        // is the server's to refuse.
        assert_eq!(read(r#"{"v":3,"type":"lobby"}"#), Ok(Request::Lobby { follow: true }));
        assert_eq!(code(r#"{"v":3,"type":"claim","what":"everything"}"#), Some(ErrorCode::Malformed));
        assert_eq!(
            read(r#"{"v":3,"type":"chat","preset":"x"}"#),
            Ok(Request::chat(Said::Preset("x".into())))
        );
        assert_eq!(read(r#"{"v":3,"type":"chat","text":"hi"}"#), Ok(Request::chat(Said::Text("hi".into()))));
        assert_eq!(code(r#"{"v":3,"type":"chat","text":7}"#), Some(ErrorCode::Malformed));
    }

    #[test]
    fn a_pool_reads_back_from_its_text() {
        for rated in [true, false] {
            let pool = Pool { game: "gomoku".into(), time: "fischer:180+2".into(), rated, waiting: 3 };
            assert_eq!(Pool::read(&pool.text()), Some(pool));
        }
        for bad in [
            "",
            "gomoku fischer:180+2 rated",
            "gomoku fischer:180+2 maybe 1",
            "gomoku untimed rated x",
            "a b rated 1 2",
        ] {
            assert_eq!(Pool::read(bad), None, "{bad}");
        }
    }

    #[test]
    fn free_text_is_trimmed_and_refused_empty_long_or_with_invisible_characters() {
        assert_eq!(check_chat("  <script>alert(1)</script> 好棋 "), Ok("<script>alert(1)</script> 好棋"));
        assert_eq!(check_chat(&"龍".repeat(CHAT_CHARS)).map(str::len), Ok(3 * CHAT_CHARS));
        for (text, code) in [
            ("", ErrorCode::ChatLength),
            ("   ", ErrorCode::ChatLength),
            (&"a".repeat(CHAT_CHARS + 1), ErrorCode::ChatLength),
            (&"x".repeat(10_000), ErrorCode::ChatLength),
            ("gg\u{202e}pg", ErrorCode::ChatInvisible),
            ("a\u{200b}b", ErrorCode::ChatInvisible),
            ("a\u{200f}b", ErrorCode::ChatInvisible),
            ("a\u{2067}b", ErrorCode::ChatInvisible),
            ("line\nbreak", ErrorCode::ChatInvisible),
            ("\u{feff}hi", ErrorCode::ChatInvisible),
        ] {
            assert_eq!(check_chat(text), Err(code), "{text:?}");
        }
    }

    #[test]
    fn every_reply_reads_back_as_written() {
        let room = |offer, termination: Option<Termination>| RoomState {
            room: "k3vx8q2mwa".into(),
            game: "connect-four".into(),
            version: 3,
            turns: 1,
            to_move: Seat::Second,
            over: termination.is_some(),
            termination,
            offer,
            online: [true, false],
            time: "untimed".into(),
            clocks: None,
            running: None,
            abort_in: None,
            claim_in: None,
            chat: Vec::new(),
            next: None,
            players: Default::default(),
            rated: false,
            ratings: None,
        };
        let state = |offer, termination| Reply::State {
            state: Box::new(room(offer, termination)),
            record: "[Game \"connect-four\"]\n\n1. 4 *\n".into(),
        };
        let timed = RoomState {
            room: "r".into(),
            game: "gomoku".into(),
            version: 9,
            turns: 4,
            to_move: Seat::First,
            over: false,
            termination: None,
            offer: Some(OfferState { what: Offer::Rematch, by: Seat::Second }),
            online: [false, true],
            time: "fischer:180+2".into(),
            clocks: Some([175_000, 12]),
            running: Some(Seat::First),
            abort_in: Some(29_000),
            claim_in: Some(0),
            chat: vec![
                ChatLine::new(Seat::First, Said::Preset("hello".into())),
                ChatLine::new(Seat::Second, Said::Text("good luck, 祝好運".into())),
            ],
            next: Some("k3vx8q2mwb".into()),
            players: [
                Some(SeatPlayer {
                    id: "p7x2".into(),
                    name: Some("MingLi".into()),
                    rating: Some(1662),
                    provisional: true,
                }),
                Some(SeatPlayer { id: "q9k3".into(), name: None, rating: Some(1500), provisional: false }),
            ],
            rated: true,
            ratings: Some([
                RatingChange { before: 1662, after: 1650, provisional: true },
                RatingChange { before: 1500, after: 1508, provisional: false },
            ]),
        };
        let change = |turn: Option<&str>, clock| Reply::Change {
            state: Box::new(timed.clone()),
            turn: turn.map(str::to_owned),
            clock,
        };
        let replies = [
            Reply::Seat {
                room: "r".into(),
                game: "gomoku".into(),
                seat: Seat::First,
                token: Some("ab".into()),
            },
            Reply::Seat { room: "r".into(), game: "gomoku".into(), seat: Seat::Spectator, token: None },
            Reply::Waiting {
                game: "gomoku".into(),
                rules: "[Rules \"renju\"]".into(),
                time: "fischer:60+0".into(),
            },
            state(None, None),
            Reply::State { state: Box::new(timed.clone()), record: String::new() },
            change(Some("h8"), Some(175_000)),
            change(Some("a1"), None),
            change(None, None),
            Reply::Lobby {
                seeks: Vec::new(),
                playing: Vec::new(),
                games: 0,
                players: 1,
                online: Vec::new(),
                pools: vec!["gomoku fischer:180+2 rated 2".into()],
            },
            Reply::Lobby {
                seeks: vec![RoomInfo {
                    room: "r".into(),
                    game: "checkers".into(),
                    rules: String::new(),
                    time: "correspondence:3".into(),
                    player: Some(SeatPlayer {
                        id: "p7x2".into(),
                        name: None,
                        rating: Some(1500),
                        provisional: true,
                    }),
                    rated: true,
                }],
                playing: vec![RoomInfo {
                    room: "s".into(),
                    game: "gomoku".into(),
                    rules: "[Rules \"renju\"]".into(),
                    time: "fischer:300+3".into(),
                    player: None,
                    rated: false,
                }],
                games: 12,
                players: 40,
                online: vec![SeatPlayer {
                    id: "q1".into(),
                    name: Some("李小龍".into()),
                    rating: Some(1712),
                    provisional: false,
                }],
                pools: Vec::new(),
            },
            state(Some(OfferState { what: Offer::Draw, by: Seat::First }), None),
            Reply::error(ErrorCode::Illegal, "not a whole turn the rules allow here"),
            Reply::Pong { n: 7 },
            Reply::Player { id: "p7x2".into(), name: Some("MingLi".into()), key: Some("ab".repeat(32)) },
            Reply::Player { id: "p7x2".into(), name: None, key: None },
            Reply::TransferCode { code: "abcde-fghjk".into(), expires_in: 600 },
            Reply::Forgotten,
            Reply::Challenge {
                id: "c1".into(),
                from: SeatPlayer {
                    id: "p7x2".into(),
                    name: Some("MingLi".into()),
                    rating: Some(1620),
                    provisional: true,
                },
                to: "李小龍".into(),
                new: NewRoom {
                    game: "checkers".into(),
                    rules: String::new(),
                    time: "fischer:300+3".into(),
                    rated: true,
                },
            },
            Reply::ChallengeAnswer {
                id: "c1".into(),
                accepted: false,
                game: "checkers".into(),
                room: None,
                token: None,
            },
            Reply::ChallengeAnswer {
                id: "c1".into(),
                accepted: true,
                game: "checkers".into(),
                room: Some("k3vx8q2mwa".into()),
                token: Some("9f".into()),
            },
        ];
        let ended: Vec<Reply> = Termination::ALL.into_iter().map(|why| state(None, Some(why))).collect();
        for reply in replies.into_iter().chain(ended) {
            let text = reply.to_text();
            assert!(text.starts_with("{\"v\":3,\"type\":"), "{text}");
            assert_eq!(Reply::read(&text), Some(reply), "{text}");
        }
        // The wire as docs/protocol.md shows it; an end says why, by the record's tag's word.
        for why in Termination::ALL {
            let text = state(None, Some(why)).to_text();
            assert!(text.contains(&format!(r#""over":true,"termination":"{}","#, why.name())), "{text}");
        }
        assert_eq!(
            state(None, None).to_text(),
            r#"{"v":3,"type":"state","room":"k3vx8q2mwa","game":"connect-four","version":3,"turns":1,"to_move":"second","over":false,"online":[true,false],"time":"untimed","record":"[Game \"connect-four\"]\n\n1. 4 *\n"}"#
        );
        assert_eq!(
            Reply::Change { state: Box::new(room(None, None)), turn: Some("4".into()), clock: Some(178_000) }
                .to_text(),
            r#"{"v":3,"type":"change","room":"k3vx8q2mwa","game":"connect-four","version":3,"turns":1,"to_move":"second","over":false,"online":[true,false],"time":"untimed","turn":"4","clock":178000}"#
        );
        assert_eq!(
            Reply::error(ErrorCode::Illegal, "no").to_text(),
            r#"{"v":3,"type":"error","code":"illegal","message":"no"}"#
        );
        // A later version's type, or a frame that is not one, is not read.
        assert_eq!(Reply::read(r#"{"v":3,"type":"clock","left":[1,2]}"#), None);
        assert_eq!(Reply::read("{"), None);
        assert_eq!(Reply::read(r#"{"v":3,"type":"error","code":"nonsense","message":""}"#), None);
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
        for text in ["", "{", r#"{"v":3,"type":"waiting","game":"g","rules":"r",}"#, "\"state\""] {
            assert_eq!(Reply::read(text), None, "{text}");
        }
        let deep = format!(
            r#"{{"v":3,"type":"waiting","game":"g","rules":"r","time":"","x":{}1{}}}"#,
            "[".repeat(200),
            "]".repeat(200)
        );
        assert_eq!(Reply::read(&deep), None);
    }
}
