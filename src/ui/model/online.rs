//! Online play as the page knows it: the connection, the room's game as the server last told
//! it, and what the server says.

pub use crate::protocol::RoomState;
use crate::protocol::{ErrorCode, NewRoom, RoomInfo, SeatPlayer};
use crate::rules::Player;

/// The connection, as `data-connection`'s `data-state` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Connection {
    Connecting,
    Open,
    /// Dropped: being made again.
    Lost,
    /// Never made: no server here.
    Unavailable,
}

impl Connection {
    pub fn attr(self) -> &'static str {
        match self {
            Connection::Connecting => "connecting",
            Connection::Open => "open",
            Connection::Lost | Connection::Unavailable => "lost",
        }
    }
}

/// What the server said, for the page.
#[derive(Clone, Debug, PartialEq)]
pub enum ServerNews {
    Connection(Connection),
    /// The device's place in a room: a seat, or `None` to watch.
    Seat {
        room: String,
        seat: Option<Player>,
    },
    /// In the quick-match queue.
    Waiting,
    /// The room whole ([`crate::protocol::Reply::State`]) and when it came (ms since the
    /// epoch: the clocks and countdowns run from it).
    State {
        state: Box<RoomState>,
        record: String,
        at: u64,
    },
    /// One change of the room ([`crate::protocol::Reply::Change`]): the turn played, if one
    /// was, and the mover's time left after it.
    Change {
        state: Box<RoomState>,
        turn: Option<String>,
        clock: Option<u64>,
        at: u64,
    },
    /// A request refused: the server's code for why.
    Refused(ErrorCode),
}

/// What the server says of this device's player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerNews {
    /// Who the device plays as: their public id, and their name once chosen.
    Me { id: String, name: Option<String> },
    /// A one-time code that moves the player to another device, valid `expires_in` seconds.
    Code { code: String, expires_in: u64 },
    /// The device's key is no one's any more.
    Forgotten,
    /// A request about the player refused: the server's code for why.
    Refused(ErrorCode),
    /// A challenge from the player `from` to the player named `to`: to this device's player,
    /// or sent by them.
    Challenge { id: String, from: SeatPlayer, to: String, new: NewRoom },
    /// The challenge `id` answered: declined, or accepted (this device goes on to its room).
    Answered { id: String, accepted: bool },
}

impl PlayerNews {
    /// The errors that answer a request about the player, not the room's.
    pub const CODES: [ErrorCode; 12] = [
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
    ];
}

/// Where the device keeps its player's key: never in a URL, never sent but in a hello.
pub const PLAYER_KEY: &str = "board-suite/player-key";

/// The lobby as the server last told it: the open seeks, oldest first, the games being played
/// (the latest changed first), and how many games are being played and players are online.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LobbyListing {
    pub seeks: Vec<RoomInfo>,
    /// The seeks this device made (it holds their seat's token), by room.
    pub own: Vec<String>,
    pub playing: Vec<RoomInfo>,
    pub games: u64,
    pub players: u64,
    /// The named players online now, with their latest rating.
    pub online: Vec<SeatPlayer>,
    /// Quick match's pools where someone waits, as their text ([`crate::protocol::Pool`]).
    pub pools: Vec<String>,
}

/// Where the device keeps its seat's token for a room.
pub fn token_key(room: &str) -> String {
    format!("board-suite/online/{room}")
}
