//! The store the server wrote before players and ratings (schema 3, commit 8770ed2),
//! `tests/data/rooms-v3.sqlite`, with its rooms and seats' tokens as `tests/data/README.md`
//! gives them; and what a server on it does: every game goes on, casual.

use super::{Client, join, pick, play};
use board_suite::protocol::{Reply, RoomState, Seat};
use board_suite::rules::Termination;
use board_suite_server::store::RoomRow;
use std::path::Path;

pub const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rooms-v3.sqlite");

/// The timed games in play: game, room, time control, seats' tokens, turns.
pub const PLAYING: [(&str, &str, &str, [&str; 2], usize); 5] = [
    (
        "connect-four",
        "ju8c2yer84",
        "fischer:600+5",
        ["c8181279034a957fa5e024827542296f", "6a9ae57ee84cbb618ccb8d1a17f93eed"],
        3,
    ),
    (
        "dark-chess",
        "xme9ctnjmg",
        "fischer:900+10",
        ["2513e41f8501eed3d57cdd5f498ed6fc", "cd7ac3ad99d18464dc36f796f2de849f"],
        4,
    ),
    (
        "checkers",
        "axrwed2u9x",
        "correspondence:3",
        ["b024207f2b5a298390f27c827ad00d21", "4e06ad1ad60a45e533ce0cf964719a15"],
        4,
    ),
    (
        "gomoku",
        "wtkkz5cqrp",
        "fischer:600+5",
        ["3acdb89305dda59163fabf14d12f4ef1", "7738d400faf4e7ecc5a9a9def93c9988"],
        4,
    ),
    (
        "five-tigers",
        "hrnhvsh87h",
        "correspondence:3",
        ["4da1b084dbb50a89fbf854716e60934b", "cb5b9a7925a834bd2bd8dcbaa87ac49d"],
        2,
    ),
];

/// The game that had ended (Connect Four, won by the second seat), and its second seat's token.
pub const ENDED: (&str, &str) = ("emewk7mkwz", "eb606e151ffbb0988eccae328abd1473");

/// The seek open in the lobby (gomoku, `fischer:180+2`), and its maker's token.
pub const SEEK: (&str, &str) = ("jm595c3sks", "b65e126d826bf2efa06af065032cf3c9");

/// The last change's time (ms since 1970); the seek is open for 15 minutes after it.
pub const LAST_CHANGE: u64 = 1_795_917_233_122;

/// Every room's row as an SQLite file of schema 3 or later holds it, by id.
pub fn rows(file: &Path) -> Vec<RoomRow> {
    let connection = rusqlite::Connection::open(file).unwrap();
    let mut query = connection
        .prepare(
            "SELECT id, game, record, first_seat, second_seat, offer, version, updated, extra, seek_until, \
             playing FROM rooms ORDER BY id",
        )
        .unwrap();
    query.query_map([], board_suite_server::store::sqlite::row).unwrap().collect::<Result<_, _>>().unwrap()
}

/// The last frame `client` heard.
fn last(client: &Client) -> Reply {
    client.heard.last().and_then(|text| Reply::read(text)).expect("a frame heard")
}

/// A device with a room's token, back in `seat`.
async fn back(port: u16, room: &str, token: &str, seat: Seat) -> Client {
    let mut client = Client::connect(port).await;
    client.send(&join(room, Some(token))).await;
    assert_eq!(client.seat().await.1, seat, "{room}");
    client
}

/// What a state frame says of players and ratings: casual, no players, no rating changes.
fn casual(reply: &Reply, what: &str) {
    let Some(RoomState { players, rated, ratings, .. }) = reply.room() else {
        panic!("{what}: a frame of the room")
    };
    assert_eq!((players, *rated, ratings), (&[None, None], false, &None), "{what}");
}

/// A server at `port` on the store of [`FILE`] upgraded, its clock a minute after
/// [`LAST_CHANGE`], `stored` the rows as they were: both seats of each game in play come
/// back, a turn is played in each and their clocks go on, casual; the game that had ended is
/// as it was; the seek is in the lobby and a player takes it, casual. The first game then ends
/// by the first seat's resignation: its room, now over as `0-1`.
pub async fn games_go_on_casual(port: u16, stored: &[RoomRow]) -> &'static str {
    for (game, room, time, [first_token, second_token], turns) in PLAYING {
        let mut first = back(port, room, first_token, Seat::First).await;
        let mut second = back(port, room, second_token, Seat::Second).await;
        let state = first.state_where(|s| s.online == [true, true]).await;
        assert_eq!((state.turns, state.over), (turns, false), "{game}");
        let RoomState { time: shown, clocks, .. } =
            last(&first).room().cloned().expect("a frame of the room");
        assert_eq!((shown.as_str(), clocks.is_some()), (time, true), "{game}");
        casual(&last(&first), game);

        let mover = state.to_move;
        let (moving, other) =
            if mover == Seat::First { (&mut first, &mut second) } else { (&mut second, &mut first) };
        moving.send(&play(&pick(game, &state.record, 1), turns)).await;
        assert_eq!(other.state_at(turns + 1).await.turns, turns + 1, "{game}");
        let RoomState { clocks, running, .. } = last(other).room().cloned().expect("a frame of the room");
        let next = if mover == Seat::First { Seat::Second } else { Seat::First };
        assert_eq!(running, Some(next), "{game}: the other side's clock runs");
        casual(&last(other), game);
        if time.starts_with("fischer") {
            // The mover's clock went on while the server was down (a minute, more than any
            // increment here): less now than it had when its turn began.
            let row = stored.iter().find(|r| r.id == room).unwrap();
            let extra: serde_json::Value = serde_json::from_str(&row.extra).unwrap();
            let side = usize::from(mover == Seat::Second);
            let began = extra["clock"]["left"][side].as_u64().unwrap();
            assert!(clocks.unwrap()[side] < began, "{game}: {clocks:?}, {began} when its turn began");
        }

        if room == PLAYING[0].1 {
            first.send(r#"{"v":3,"type":"resign"}"#).await;
            for device in [&mut first, &mut second] {
                let end = device.state_where(|s| s.over).await;
                assert_eq!(end.termination, Some(Termination::Resignation));
                assert!(end.record.contains("[Result \"0-1\"]"), "{}", end.record);
                casual(&last(device), "the game that ends now");
            }
        }
    }

    // The game that had ended: as it was.
    let (room, token) = ENDED;
    let mut ended = back(port, room, token, Seat::Second).await;
    let state = ended.state().await;
    assert!(state.over && state.record.contains("[Result \"0-1\"]"), "{}", state.record);
    casual(&last(&ended), "the game that had ended");

    // The seek: in the lobby with no player, taken by a player, casual; its maker comes back.
    let mut lobby = Client::connect(port).await;
    lobby.send(r#"{"v":3,"type":"lobby"}"#).await;
    let seeks = lobby
        .until(|r| match r {
            Reply::Lobby { seeks, .. } => Some(seeks.clone()),
            _ => None,
        })
        .await;
    let (room, token) = SEEK;
    let seek = seeks.iter().find(|s| s.room == room).expect("the seek from before is in the lobby");
    assert_eq!(
        (seek.game.as_str(), seek.time.as_str(), &seek.player, seek.rated),
        ("gomoku", "fischer:180+2", &None, false)
    );
    let mut taker = Client::connect(port).await;
    taker.send(r#"{"v":3,"type":"hello"}"#).await;
    let Reply::Player { id, .. } = taker.next().await else { panic!("a player") };
    taker.send(&serde_json::json!({"v": 3, "type": "take", "room": room}).to_string()).await;
    assert_eq!(taker.seat().await.1, Seat::Second);
    let mut maker = back(port, room, token, Seat::First).await;
    let state = maker.state_where(|s| s.online == [true, true]).await;
    let RoomState { players, rated, ratings, .. } =
        last(&maker).room().cloned().expect("a frame of the room");
    assert_eq!((players[0].is_none(), players[1].as_ref().map(|p| p.id.as_str())), (true, Some(id.as_str())));
    assert!(!rated && ratings.is_none(), "a seek from before is casual, whoever takes it");
    maker.send(&play(&pick("gomoku", &state.record, 3), 0)).await;
    assert_eq!(taker.state_at(1).await.turns, 1);
    PLAYING[0].1
}
