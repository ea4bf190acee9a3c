//! The stores: the same contract for memory and SQLite (PostgreSQL's is in `postgres.rs`), and
//! stores written by older servers, opened, upgraded and played on.

use crate::common;

use board_suite::protocol::Seat;
use board_suite::rules::Termination;
use board_suite_server::clock::Clock;
use board_suite_server::store::{GameRow, Memory, RoomRow, SCHEMA, Sqlite, Store};
use common::*;

#[tokio::test]
async fn memory_keeps_the_contract() {
    store_contract(&Memory::default(), "").await;
    players_contract(&Memory::default(), "").await;
    finish_contract(&Memory::default(), "").await;
}

#[tokio::test]
async fn sqlite_keeps_the_contract() {
    let data = data_dir("contract");
    store_contract(&Sqlite::open(&data).unwrap(), "").await;
    players_contract(&Sqlite::open(&data).unwrap(), "").await;
    finish_contract(&Sqlite::open(&data).unwrap(), "finish-").await;
}

/// The store `tests/data/rooms-v0.sqlite`, as its rooms and seats' tokens (`tests/data/README.md`).
const OLD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rooms-v0.sqlite");
const CHECKERS: (&str, &str, &str) =
    ("33x8dnez6x", "ba5df59b47d59999b127647ec7fe8a3b", "52b3aadd569d4e7ca8bb1dfb0a91d52c");
const DARK_CHESS: (&str, &str) = ("9qp97nqnj9", "c6875ee29a2f0357631b118063a1e33e");
const CONNECT_FOUR: (&str, &str) = ("7whc2s8nmc", "2bdea3fc4b8b91af394a531b1e9db023");
const GOMOKU: (&str, &str) = ("qj2v25m9w3", "c8f01fa0dc76ff35be3bfaf7573e6a1d");
const FIVE_TIGERS: (&str, &str) = ("zgufevnr42", "91665948a63151c795cc1439b97cd56d");

/// The store `tests/data/rooms-v2.sqlite`, written by the server before clocks (schema 2):
/// each room's game, id and seats' tokens, and its turns (`tests/data/README.md`).
const V2: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rooms-v2.sqlite");
const V2_ROOMS: [(&str, &str, [&str; 2], usize); 5] = [
    (
        "connect-four",
        "k9mfce53s2",
        ["034a97f6264e2b79a7f32e1ba438b476", "3ef19f9430c1aa6340b828f31a2902d5"],
        3,
    ),
    ("dark-chess", "mhh4y8a4db", ["382a19f5fe0e2d432414983bf220d09c", "8c3e41110c17da8473176208a76d2946"], 5),
    ("checkers", "6qp2amzp9t", ["a483117600542bc29064c64aa11367b1", "1c0507b5431bfb29485cf10c53d7ba20"], 4),
    ("gomoku", "ke5azmcccr", ["582aaeb2b48c767ac4843e4743be84da", "6517d8cf259a495b22625da4dd1cbc6b"], 2),
    (
        "five-tigers",
        "k7c7vgzmwh",
        ["027ed36d500032c1f57cb83ad0bf4065", "42b5be0f4e4c65e968c3e406b45111ca"],
        2,
    ),
];

fn rows(file: &std::path::Path) -> Vec<RoomRow> {
    let connection = rusqlite::Connection::open(file).unwrap();
    let mut query = connection
        .prepare(
            "SELECT id, game, record, first_seat, second_seat, offer, version, updated, '', NULL, 0 FROM rooms \
             ORDER BY id",
        )
        .unwrap();
    query.query_map([], board_suite_server::store::sqlite::row).unwrap().collect::<Result<_, _>>().unwrap()
}

fn schema_version(file: &std::path::Path) -> Option<u64> {
    let connection = rusqlite::Connection::open(file).unwrap();
    connection
        .query_row("SELECT version FROM schema_version", [], |r| r.get::<_, i64>(0))
        .ok()
        .map(|v| v as u64)
}

/// A device with a room's token, back in its seat.
async fn seated(port: u16, (room, token): (&str, &str)) -> (Client, Seat) {
    let mut client = Client::connect(port).await;
    client.send(&join(room, Some(token))).await;
    let seat = client.seat().await.1;
    (client, seat)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_from_before_schema_versions_opens_upgraded_and_its_rooms_resume() {
    let data = data_dir("upgrade");
    std::fs::create_dir_all(&data).unwrap();
    let file = data.join("rooms.sqlite");
    std::fs::copy(OLD, &file).unwrap();
    let before = rows(&file);
    assert_eq!((before.len(), schema_version(&file)), (5, None), "a store of version 0");

    // Opened: at this server's version, every row as it was, its time now in milliseconds.
    let store = Sqlite::open(&data).unwrap();
    assert_eq!(schema_version(&file), Some(SCHEMA));
    for old in &before {
        let upgraded = store.load(&old.id).await.unwrap().unwrap();
        assert_eq!(upgraded, RoomRow { updated: old.updated * 1000, ..old.clone() });
    }
    drop(store);
    // Opened again: nothing more to do.
    Sqlite::open(&data).unwrap();
    assert_eq!(schema_version(&file), Some(SCHEMA));
    assert_eq!(
        rows(&file).iter().map(|r| r.updated).collect::<Vec<_>>(),
        before.iter().map(|r| r.updated * 1000).collect::<Vec<_>>()
    );

    // A server on it, its clock just after the last change, resumes every room.
    let mut config = config(&data, None, fast());
    let last = before.iter().map(|r| r.updated * 1000).max().unwrap();
    config.clock = Clock::starting_at(last + 60_000);
    let port = start_with(config).await;
    // Checkers in play: both seats back, and a turn played.
    let (room, first_token, second_token) = CHECKERS;
    let (mut first, seat) = seated(port, (room, first_token)).await;
    assert_eq!(seat, Seat::First);
    let (mut second, seat) = seated(port, (room, second_token)).await;
    assert_eq!(seat, Seat::Second);
    let state = first.state_where(|s| s.online == [true, true]).await;
    assert_eq!((state.turns, state.over), (6, false));
    first.send(&play(&pick("checkers", &state.record, 1), 6)).await;
    assert_eq!(second.state_at(7).await.turns, 7);
    // Dark chess in play: its shuffle kept in the store, and never sent.
    let (mut dark, seat) = seated(port, DARK_CHESS).await;
    assert_eq!(seat, Seat::First);
    let state = dark.state().await;
    assert_eq!((state.turns, state.over), (5, false));
    assert!(!state.record.contains("Seed"), "{}", state.record);
    // Connect Four won, gomoku resigned: over, with their results.
    let (mut won, _) = seated(port, CONNECT_FOUR).await;
    let state = won.state().await;
    assert!(state.over && state.record.contains("[Result \"1-0\"]"), "{}", state.record);
    // A record stored without a reason is read with one.
    assert_eq!(state.termination, Some(Termination::Rules));
    let (mut resigned, seat) = seated(port, GOMOKU).await;
    assert_eq!(seat, Seat::Second);
    let state = resigned.state().await;
    assert!(state.over && state.record.contains("1. h8 h9 1-0"), "{}", state.record);
    assert_eq!(state.termination, Some(Termination::Resignation));
    // Five Tigers with a draw offered: the offer stands.
    let (mut offered, seat) = seated(port, FIVE_TIGERS).await;
    assert_eq!(seat, Seat::Second);
    let state = offered.state().await;
    assert_eq!((state.turns, state.offer), (2, true));
}

#[tokio::test]
async fn a_store_from_a_newer_server_is_refused() {
    let data = data_dir("newer");
    drop(Sqlite::open(&data).unwrap());
    let file = data.join("rooms.sqlite");
    rusqlite::Connection::open(&file).unwrap().execute("UPDATE schema_version SET version = 99", []).unwrap();
    let error = Sqlite::open(&data).err().expect("refused");
    assert!(error.0.contains("newer"), "{}", error.0);
    assert_eq!(schema_version(&file), Some(99), "left as it was");
}

/// A store file in a folder of its own, as `bytes`; the folder and the file's path.
fn store_file(name: &str, bytes: &[u8]) -> (std::path::PathBuf, std::path::PathBuf) {
    let data = data_dir(name);
    std::fs::create_dir_all(&data).unwrap();
    let file = data.join("rooms.sqlite");
    std::fs::write(&file, bytes).unwrap();
    (data, file)
}

/// Refused with an error that names the file and says `why`, and the file left as it was.
fn refused(data: &std::path::Path, file: &std::path::Path, why: &str) {
    let before = std::fs::read(file).unwrap();
    let error = Sqlite::open(data).err().expect("refused").0;
    assert!(error.contains(&file.display().to_string()), "{error}");
    assert!(error.contains(why), "{error}");
    assert_eq!(std::fs::read(file).unwrap(), before, "left as it was");
}

#[tokio::test]
async fn an_emptied_foreign_or_damaged_store_is_refused_and_never_overwritten() {
    // Emptied (truncated by a full disk or a mistaken command): never a new store over it.
    let (data, file) = store_file("emptied", b"");
    refused(&data, &file, "empty");
    // Not SQLite at all.
    let (data, file) = store_file("garbage", &[0xab; 10_000]);
    refused(&data, &file, "not a store");
    // Another program's database.
    let (data, file) = store_file("foreign", b"");
    std::fs::remove_file(&file).unwrap();
    let other = rusqlite::Connection::open(&file).unwrap();
    other.execute_batch("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine');").unwrap();
    drop(other);
    refused(&data, &file, "another program's database");
    // A store of ours with rooms, damaged in the middle.
    let data = data_dir("damaged");
    let store = Sqlite::open(&data).unwrap();
    for n in 0..300 {
        let row = RoomRow {
            id: format!("room{n:05}"),
            game: "gomoku".into(),
            record: "x".repeat(300),
            seats: [Some("f00d".into()), None],
            offer: None,
            version: 1,
            updated: n,
            ..RoomRow::default()
        };
        assert!(store.save(row).await.unwrap());
    }
    drop(store);
    let file = data.join("rooms.sqlite");
    let mut bytes = std::fs::read(&file).unwrap();
    assert!(bytes.len() > 40_000, "{}", bytes.len());
    // Pages past the first (the header and the schema) overwritten.
    bytes[12_000..20_000].fill(0x5a);
    std::fs::write(&file, &bytes).unwrap();
    refused(&data, &file, "damaged");
    // And the server does not start on it: its error names the file.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let error = board_suite_server::serve(listener, config(&data, None, fast())).await.expect_err("refused");
    assert!(error.0.contains(&file.display().to_string()), "{}", error.0);
}

#[tokio::test]
async fn a_new_store_is_made_where_there_was_none() {
    let data = data_dir("new");
    let store = Sqlite::open(&data).unwrap();
    store_contract(&store, "").await;
    drop(store);
    // Opened again, the same store, checked whole.
    assert_eq!(schema_version(&data.join("rooms.sqlite")), Some(SCHEMA));
    Sqlite::open(&data).unwrap();
}

/// A store the server wrote before clocks (schema 2), opened: every room as it was, now
/// untimed, between friends, with nothing said; both seats come back and play on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_from_before_clocks_opens_upgraded_and_its_games_go_on_untimed() {
    let data = data_dir("upgrade-v2");
    std::fs::create_dir_all(&data).unwrap();
    let file = data.join("rooms.sqlite");
    std::fs::copy(V2, &file).unwrap();
    let before = rows(&file);
    assert_eq!((before.len(), schema_version(&file)), (5, Some(2)));
    let store = Sqlite::open(&data).unwrap();
    assert_eq!(schema_version(&file), Some(SCHEMA));
    for old in &before {
        assert_eq!(store.load(&old.id).await.unwrap().unwrap(), *old, "nothing lost");
    }
    drop(store);
    let mut config = config(&data, None, fast());
    let last = before.iter().map(|r| r.updated).max().unwrap();
    config.clock = Clock::starting_at(last + 60_000);
    let port = start_with(config).await;
    for (game, room, [first_token, second_token], turns) in V2_ROOMS {
        let (mut first, seat) = seated(port, (room, first_token)).await;
        assert_eq!(seat, Seat::First);
        let (mut second, seat) = seated(port, (room, second_token)).await;
        assert_eq!(seat, Seat::Second);
        let state = first.state_where(|s| s.online == [true, true]).await;
        assert_eq!((state.turns, state.over), (turns, false), "{game}");
        let Some(state_heard) = first.heard.last().and_then(|text| board_suite::protocol::Reply::read(text))
        else {
            panic!("{game}: a frame of the room");
        };
        let heard = state_heard.room().expect("a frame of the room");
        assert_eq!((heard.time.as_str(), heard.clocks, heard.abort_in), ("untimed", None, None), "{game}");
        assert!(!state.record.contains("Seed") && !state.record.contains("TimeControl"), "{}", state.record);
        let (mover, other) =
            if state.to_move == Seat::First { (&mut first, &mut second) } else { (&mut second, &mut first) };
        mover.send(&play(&pick(game, &state.record, 1), turns)).await;
        assert_eq!(other.state_at(turns + 1).await.turns, turns + 1, "{game}");
    }
}

/// A store the server wrote before players and ratings (schema 3, commit 8770ed2), opened:
/// every room as it was, and its games go on, casual; one that ends now is kept, unrated.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_from_before_players_opens_upgraded_and_its_games_go_on_casual() {
    let data = data_dir("upgrade-v3");
    std::fs::create_dir_all(&data).unwrap();
    let file = data.join("rooms.sqlite");
    std::fs::copy(v3::FILE, &file).unwrap();
    let before = v3::rows(&file);
    assert_eq!((before.len(), schema_version(&file)), (7, Some(3)));
    let store = Sqlite::open(&data).unwrap();
    assert_eq!(schema_version(&file), Some(SCHEMA));
    for old in &before {
        assert_eq!(store.load(&old.id).await.unwrap().unwrap(), *old, "nothing lost");
    }
    drop(store);
    assert_eq!(v3::rows(&file), before);

    let mut config = config(&data, None, fast());
    config.clock = Clock::starting_at(v3::LAST_CHANGE + 60_000);
    let port = start_with(config).await;
    let ended = v3::games_go_on_casual(port, &before).await;

    // Kept once, with no players (its seats had none), unrated; no one's rating moved.
    let connection = rusqlite::Connection::open(&file).unwrap();
    let kept: Vec<GameRow> = connection
        .prepare("SELECT id, game, speed, rated, first_player, second_player, result, ratings, record, ended FROM games")
        .unwrap()
        .query_map([], |r| {
            Ok(GameRow {
                id: r.get(0)?,
                game: r.get(1)?,
                speed: r.get(2)?,
                rated: r.get::<_, i64>(3)? == 1,
                players: [r.get(4)?, r.get(5)?],
                result: r.get(6)?,
                ratings: r.get(7)?,
                record: r.get(8)?,
                ended: r.get::<_, i64>(9)? as u64,
                names: [None, None],
            })
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let [game] = &kept[..] else { panic!("one game kept: {kept:?}") };
    assert_eq!(
        (game.id.as_str(), game.game.as_str(), game.speed.as_deref(), game.rated, &game.players),
        (ended, "connect-four", Some("rapid"), false, &[None, None])
    );
    assert_eq!((game.result.as_str(), game.ratings.as_str()), ("0-1", ""));
    assert!(game.record.contains("[Result \"0-1\"]") && game.ended > v3::LAST_CHANGE, "{game:?}");
    let rated: i64 = connection.query_row("SELECT count(*) FROM ratings", [], |r| r.get(0)).unwrap();
    assert_eq!(rated, 0);
}

/// A store the server wrote at 56f234d (schema 4, when a turn's frame carried the whole
/// record): rated games ended, games lost on time, and games in play, untimed and timed, with
/// these seats' tokens (room, tokens, turns played).
const AT_56F234D: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rooms-56f234d.sqlite");
const PLAYING_AT_56F234D: [(&str, [&str; 2], usize); 5] = [
    ("geh9e5cmec", ["26b232aacad498d9f9db620e192b32a9", "4cd9b9a7c526957ba5809774a6f96c83"], 5),
    ("r8ewu66ddy", ["75dea57fe7e4cc1595d18293e40a2121", "7d6eb807724cd853c29ee7e943fff8ce"], 4),
    ("tb6qq3xgey", ["7a90384e4fd8ca63d61c534ed95ef8c5", "cdffd294eb9a72fea39cab6705eea7ca"], 3),
    ("p8hz5ne7qp", ["07a5f3fefd61d5e79cffd25c0065527e", "a14dd104d028ccb53c8069028abaee3f"], 5),
    ("jnyv9rkn2w", ["68d03b33c546c48f203c47684a4bad78", "e2b9a5cfda6d87015c73def4f4762292"], 4),
];
const LAST_CHANGE_AT_56F234D: u64 = 1_796_193_263_828;

/// Every row of a table of the players' (`SELECT *`, in order), as text.
/// A table's rows, the columns 56f234d wrote (a later schema adds some).
fn table_rows(file: &std::path::Path, table: &str) -> Vec<String> {
    let connection = rusqlite::Connection::open(file).unwrap();
    let columns = if table == "players" { "id, name, name_key, named, created" } else { "*" };
    let mut query = connection.prepare(&format!("SELECT {columns} FROM {table} ORDER BY 1, 2")).unwrap();
    let columns = query.column_count();
    query
        .query_map([], |row| {
            Ok((0..columns).map(|i| format!("{:?}", row.get_ref(i).unwrap())).collect::<Vec<_>>().join("|"))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Opened by this server: every room, player, rating and kept game as it was; each game in
/// play goes on, its turn told as a change on the room each device holds; a game ended is
/// shown whole, ended.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_of_56f234d_opens_as_it_was_and_its_games_go_on_with_the_turn_on_the_wire() {
    let data = data_dir("upgrade-56f234d");
    std::fs::create_dir_all(&data).unwrap();
    let file = data.join("rooms.sqlite");
    std::fs::copy(AT_56F234D, &file).unwrap();
    let tables = ["players", "player_keys", "ratings", "games"];
    let before: Vec<_> = tables.iter().map(|table| table_rows(&file, table)).collect();
    let rooms = v3::rows(&file);
    assert_eq!((rooms.len(), schema_version(&file)), (9, Some(4)));
    assert_eq!((before[2].len(), before[3].len()), (8, 4), "eight ratings, four rated games");
    let store = Sqlite::open(&data).unwrap();
    assert_eq!(schema_version(&file), Some(SCHEMA));
    for old in &rooms {
        assert_eq!(store.load(&old.id).await.unwrap().unwrap(), *old, "nothing lost");
    }
    drop(store);

    let mut config = config(&data, None, fast());
    config.clock = Clock::starting_at(LAST_CHANGE_AT_56F234D + 60_000);
    let port = start_with(config).await;
    for (room, [first_token, second_token], turns) in PLAYING_AT_56F234D {
        let (mut first, seat) = seated(port, (room, first_token)).await;
        assert_eq!(seat, Seat::First, "{room}");
        let (mut second, seat) = seated(port, (room, second_token)).await;
        assert_eq!(seat, Seat::Second, "{room}");
        let state = first.state_where(|s| s.online == [true, true]).await;
        assert_eq!((state.turns, state.over), (turns, false), "{room}");
        let (mover, other) =
            if state.to_move == Seat::First { (&mut first, &mut second) } else { (&mut second, &mut first) };
        mover.send(&play(&pick("gomoku", &state.record, 1), turns)).await;
        let after = other.state_at(turns + 1).await;
        assert!(other.heard.last().unwrap().contains(r#""type":"change""#), "{room}: the turn alone");
        assert!(after.record.ends_with("*\n") && !after.over, "{room}: {}", after.record);
    }
    // The games that had ended, shown whole to whoever comes.
    for row in rooms.iter().filter(|row| !PLAYING_AT_56F234D.iter().any(|(room, ..)| *room == row.id)) {
        let mut spectator = Client::connect(port).await;
        spectator.send(&join(&row.id, None)).await;
        assert_eq!(spectator.seat().await.1, Seat::Spectator, "{}", row.id);
        let state = spectator.state().await;
        assert!(state.over && !state.record.contains("Result \"*\""), "{}: {}", row.id, state.record);
    }
    let after: Vec<_> = tables.iter().map(|table| table_rows(&file, table)).collect();
    assert_eq!(after, before, "every player, key, rating and game kept as it was");
}

/// A store the server wrote before it kept how names look (schema 4), opened: each name gets its
/// look, so that a name imitating one kept before is taken, whichever script it was kept in.
#[tokio::test]
async fn a_store_from_before_names_looks_opens_with_them() {
    let data = data_dir("upgrade-v4");
    std::fs::create_dir_all(&data).unwrap();
    let file = data.join("rooms.sqlite");
    {
        let connection = rusqlite::Connection::open(&file).unwrap();
        for migration in &board_suite_server::store::MIGRATIONS[..4] {
            connection.execute_batch(migration).unwrap();
        }
        connection
            .execute_batch(
                "CREATE TABLE schema_version (version BIGINT NOT NULL); INSERT INTO schema_version VALUES (4);
                INSERT INTO players (id, name, name_key, named, created) VALUES
                  ('latin', 'Ming', 'ming', 1, 1), ('cyrillic', 'Иван', 'иван', 1, 1), ('new', NULL, NULL, NULL, 1);",
            )
            .unwrap();
    }
    let store = Sqlite::open(&data).unwrap();
    assert_eq!(schema_version(&file), Some(SCHEMA));
    let looks: Vec<(String, Option<String>)> = rusqlite::Connection::open(&file)
        .unwrap()
        .prepare("SELECT id, name_look FROM players ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let look = |name: &str| Some(board_suite::players::look_of(name));
    assert_eq!(
        looks,
        [("cyrillic".into(), look("Иван")), ("latin".into(), look("Ming")), ("new".into(), None)]
    );
    use board_suite_server::store::Renamed;
    let players = store.players();
    // A Cyrillic М, then a Cyrillic і, among Latin letters: both look like Ming.
    for imitation in ["\u{41C}ing", "M\u{456}ng"] {
        assert_eq!(
            players.rename("new".into(), imitation.into(), 2).await.unwrap(),
            Renamed::Taken,
            "{imitation}"
        );
    }
    assert_eq!(
        players.rename("new".into(), "Ivan".into(), 2).await.unwrap(),
        Renamed::Done,
        "looks unlike Иван"
    );
}
