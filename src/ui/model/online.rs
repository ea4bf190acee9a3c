//! Online play as the page knows it: the connection, the room's game as the server last told
//! it, and what the server says.

use crate::protocol::{ErrorCode, Offer, RatingChange, RoomInfo, SeatPlayer};
use crate::rules::Player;
use crate::rules::clock::TimeControl;

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

/// The room's game as the server last told it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoomState {
    pub room: String,
    pub version: u64,
    pub record: String,
    pub turns: usize,
    pub over: bool,
    pub offer: Option<(Offer, Player)>,
    /// Whether each seat has a device connected, the first player's first.
    pub present: [bool; 2],
    /// The room's time control (untimed if this build cannot read it).
    pub time: TimeControl,
    /// Each side's time left as the frame left the server, in ms, the first player's first.
    pub clocks: Option<[u64; 2]>,
    /// The side whose clock runs.
    pub running: Option<Player>,
    /// Before the first moves: the time the side to move has left to make one, in ms.
    pub abort_in: Option<u64>,
    /// The side to move is away: the time until the other may claim the game, in ms.
    pub claim_in: Option<u64>,
    /// The players' messages by their preset names, oldest first.
    pub chat: Vec<(Player, String)>,
    /// A rematch was agreed: the devices go on to its room.
    pub rematch: bool,
    /// Who plays each seat, the first player's first.
    pub players: [Option<SeatPlayer>; 2],
    /// The result changes the players' ratings.
    pub rated: bool,
    /// After a rated game: each side's rating before and after.
    pub ratings: Option<[RatingChange; 2]>,
    /// When the frame arrived (ms since the epoch): the clocks and countdowns run from it.
    pub at: u64,
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
    State(Box<RoomState>),
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
}

impl PlayerNews {
    /// The errors that answer a request about the player, not the room's.
    pub const CODES: [ErrorCode; 7] = [
        ErrorCode::NoPlayer,
        ErrorCode::NameTaken,
        ErrorCode::NameInvalid,
        ErrorCode::NameTooSoon,
        ErrorCode::NameReserved,
        ErrorCode::TransferInvalid,
        ErrorCode::TransferWait,
    ];
}

/// Where the device keeps its player's key: never in a URL, never sent but in a hello.
pub const PLAYER_KEY: &str = "board-suite/player-key";

/// The lobby as the server last told it: the open seeks, oldest first, the games being played
/// (the latest changed first), and how many games are being played and players are online.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LobbyListing {
    pub seeks: Vec<RoomInfo>,
    pub playing: Vec<RoomInfo>,
    pub games: u64,
    pub players: u64,
}

/// Where the device keeps its seat's token for a room.
pub fn token_key(room: &str) -> String {
    format!("board-suite/online/{room}")
}
