//! Two server instances on one PostgreSQL: a game shared between devices connected to each,
//! moves relayed through LISTEN/NOTIFY; the store's contract; and a database written before the
//! schema had versions, upgraded. Needs a PostgreSQL at `TEST_DATABASE_URL`, which
//! `scripts/test.sh` starts (`scripts/postgres.sh`); run it with `--ignored`. The tests share
//! the database, so they run one after another (one test function).

use crate::common;

use board_suite::protocol::{ErrorCode, Reply, Seat};
use board_suite_server::store::{Postgres, RoomRow, SCHEMA, Store};
use common::*;
use tokio_postgres::NoTls;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test.sh starts one and sets TEST_DATABASE_URL"]
async fn postgresql_upgrades_keeps_the_contract_and_shares_every_game() {
    let url = std::env::var("TEST_DATABASE_URL").expect("TEST_DATABASE_URL names a PostgreSQL");
    let (client, connection) = tokio_postgres::connect(&url, NoTls).await.unwrap();
    tokio::spawn(connection);
    an_old_database_is_upgraded(&client, &url).await;
    a_database_from_before_players_is_upgraded_and_its_games_go_on_casual(&client, &url).await;
    a_database_from_before_names_looks_is_upgraded_with_them(&client, &url).await;
    client
        .batch_execute(
            "DROP TABLE IF EXISTS rooms, players, player_keys, transfers, ratings, games, schema_version",
        )
        .await
        .unwrap();
    let (store, _) = Postgres::open(&url).await.unwrap();
    store_contract(&store, "contract-").await;
    players_contract(&store, "contract-").await;
    finish_contract(&store, "finish-").await;
    two_instances_share_every_game(&url).await;
    a_challenge_reaches_a_player_at_another_instance(&url).await;
    instances_race_to_end_a_game_on_time_and_to_take_a_seek(&client, &url).await;
    a_game_goes_on_when_the_servers_backends_are_terminated(&client, &url).await;
}

/// An empty database as a server at schema `version` left it.
async fn database_at(client: &tokio_postgres::Client, version: usize) {
    client
        .batch_execute(
            "DROP TABLE IF EXISTS rooms, players, player_keys, transfers, ratings, games, schema_version",
        )
        .await
        .unwrap();
    for migration in &board_suite_server::store::MIGRATIONS[..version] {
        client.batch_execute(migration).await.unwrap();
    }
    client
        .batch_execute(&format!(
            "CREATE TABLE schema_version (version BIGINT NOT NULL); INSERT INTO schema_version VALUES ({version})"
        ))
        .await
        .unwrap();
}

/// A database written before names' looks were kept (schema 4): opened, each name has its look,
/// and a name imitating one kept before is taken.
async fn a_database_from_before_names_looks_is_upgraded_with_them(
    client: &tokio_postgres::Client,
    url: &str,
) {
    use board_suite_server::store::Renamed;
    database_at(client, 4).await;
    client
        .batch_execute(
            "INSERT INTO players (id, name, name_key, named, created) VALUES
              ('latin', 'Ming', 'ming', 1, 1), ('new', NULL, NULL, NULL, 1);",
        )
        .await
        .unwrap();
    let (store, _) = Postgres::open(url).await.unwrap();
    let looks: Vec<(String, Option<String>)> = client
        .query("SELECT id, name_look FROM players ORDER BY id", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(looks, [("latin".into(), Some(board_suite::players::look_of("Ming"))), ("new".into(), None)]);
    let players = store.players();
    assert_eq!(players.rename("new".into(), "\u{41C}ing".into(), 2).await.unwrap(), Renamed::Taken);
    assert_eq!(players.rename("new".into(), "Ivan".into(), 2).await.unwrap(), Renamed::Done);
}

/// Players at two instances: each lobby lists the other's, a challenge made at one is told at
/// the other, its answer comes back, and the game is played across them.
async fn a_challenge_reaches_a_player_at_another_instance(url: &str) {
    use crate::players::{answer, challenge, challenge_of, named_player};
    let data = data_dir("postgres-challenges");
    let here = start_on(&data, Some(url), fast()).await;
    let there = start_on(&data, Some(url), fast()).await;
    let (mut ming, ming_id) = named_player(here, "PgMing").await;
    let (mut li, li_id) = named_player(there, "PgLi").await;
    // Li's name taken there is heard here: the lobby here lists Li online.
    ming.send(r#"{"v":3,"type":"lobby"}"#).await;
    ming.until(|reply| match reply {
        Reply::Lobby { online, .. } => online.iter().any(|p| p.name.as_deref() == Some("PgLi")).then_some(()),
        _ => None,
    })
    .await;
    let told = |reply: &Reply| match reply {
        Reply::Challenge { id, .. } => Some(Ok(id.clone())),
        Reply::Error { code, .. } => Some(Err(*code)),
        _ => None,
    };
    ming.send(&challenge("PgLi", "gomoku")).await;
    let id = ming.until(told).await.expect("the challenge is sent");
    let (heard, from) = challenge_of(&mut li).await;
    assert_eq!((heard.as_str(), from.as_str()), (id.as_str(), "PgMing"));
    // Declined there, told here; then a second one accepted.
    li.send(&answer(&id, false)).await;
    ming.until(|reply| matches!(reply, Reply::ChallengeAnswer { accepted: false, .. }).then_some(())).await;
    ming.send(&challenge("PgLi", "gomoku")).await;
    let id = ming.until(told).await.expect("sent again");
    assert_eq!(challenge_of(&mut li).await.0, id);
    li.send(&answer(&id, true)).await;
    let seat = |reply: &Reply| match reply {
        Reply::ChallengeAnswer { accepted: true, room: Some(room), token: Some(token), .. } => {
            Some((room.clone(), token.clone()))
        }
        _ => None,
    };
    let (room, ming_token) = ming.until(seat).await;
    let (same_room, li_token) = li.until(seat).await;
    assert_eq!(room, same_room);
    // A second answer, at either instance, finds nothing open.
    li.send(&answer(&id, true)).await;
    assert_eq!(li.error().await, ErrorCode::NoChallenge);
    ming.send(&join(&room, Some(&ming_token))).await;
    let (_, ming_seat, _) = ming.seat().await;
    li.send(&join(&room, Some(&li_token))).await;
    let (_, li_seat, _) = li.seat().await;
    assert_ne!(ming_seat, li_seat);
    let players = li
        .until(|reply| match reply {
            Reply::State { state, .. } => Some(state.players.clone().map(|p| p.map(|p| p.id))),
            _ => None,
        })
        .await;
    // Each device sees the other seat taken, across the instances.
    ming.state_where(|state| state.online == [true, true]).await;
    let mut ids = players.map(Option::unwrap_or_default);
    ids.sort();
    let mut expected = [ming_id, li_id];
    expected.sort();
    assert_eq!(ids, expected);
}

/// Every connection the servers hold, ended from the database's side, mid-game; the game goes
/// on between devices on two instances, each turn heard by both.
async fn a_game_goes_on_when_the_servers_backends_are_terminated(client: &tokio_postgres::Client, url: &str) {
    let data = data_dir("postgres-terminated");
    let here = start_on(&data, Some(url), fast()).await;
    let there = start_on(&data, Some(url), fast()).await;
    let (mut first, mut second, state, _) = seated_across(here, there, "connect-four").await;
    let mut state = play_out(&mut first, &mut second, state, 4, "connect-four", 7).await;
    for round in 0..3 {
        let ended: i64 = client
            .query_one(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1",
                &[&board_suite_server::store::postgres::APPLICATION_NAME],
            )
            .await
            .unwrap()
            .get(0);
        assert!(ended >= 4, "round {round}: both connections of both instances ({ended})");
        // Each turn is stored and heard on the other instance: through the new listening
        // connection, or read again once it listens.
        state = play_out(&mut first, &mut second, state, 4 + 2 * (round + 1), "connect-four", 7).await;
        if state.over {
            break;
        }
    }
    assert!(state.turns >= 8 || state.over, "{state:?}");
}

/// A database as the server wrote it before the schema had versions: the rooms table alone,
/// times in seconds. Opened, it is at this server's version with nothing lost, and its room
/// resumes.
async fn an_old_database_is_upgraded(client: &tokio_postgres::Client, url: &str) {
    client
        .batch_execute(
            "DROP TABLE IF EXISTS rooms, players, player_keys, transfers, ratings, games, schema_version",
        )
        .await
        .unwrap();
    // Exactly what the server before versions created, and a room as it wrote one: a game of
    // Connect Four, one turn in, the first seat taken.
    client
        .batch_execute(
            // Migration 1 is that table, word for word.
            board_suite_server::store::MIGRATIONS[0],
        )
        .await
        .unwrap();
    let old = RoomRow {
        id: "oldroom234".into(),
        game: "connect-four".into(),
        record: "[Game \"connect-four\"]\n[Event \"Board games\"]\n[Date \"????.??.??\"]\n[Result \"*\"]\n\n1. 4 *\n"
            .into(),
        seats: [Some("9d62c5a8a5a1ae1cb5ccd0f9c1c1c9ee1a0e83b4b6d9c8b4fb6df0e7c48d1c6e".into()), None],
        offer: None,
        version: 3,
        updated: 1_795_607_553,
        extra: String::new(),
        seek_until: None,
        playing: false,
    };
    client
        .execute(
            "INSERT INTO rooms VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            &[
                &old.id,
                &old.game,
                &old.record,
                &old.seats[0],
                &old.seats[1],
                &old.offer,
                &3_i64,
                &1_795_607_553_i64,
            ],
        )
        .await
        .unwrap();
    let (store, _) = Postgres::open(url).await.unwrap();
    let version: i64 = client.query_one("SELECT version FROM schema_version", &[]).await.unwrap().get(0);
    assert_eq!(version as u64, SCHEMA);
    assert_eq!(
        store.load(&old.id).await.unwrap(),
        Some(RoomRow { updated: old.updated * 1000, ..old.clone() })
    );
    // Opened again, by another instance: nothing more to do.
    Postgres::open(url).await.unwrap();
    assert_eq!(store.load(&old.id).await.unwrap().unwrap().updated, old.updated * 1000);
    // A server on it: a device with no token takes the free seat and sees the game.
    let mut config = config(&data_dir("postgres-old"), Some(url), fast());
    config.clock = board_suite_server::clock::Clock::starting_at(old.updated * 1000 + 60_000);
    let port = start_with(config).await;
    let mut second = Client::connect(port).await;
    second.send(&join(&old.id, None)).await;
    assert_eq!(second.seat().await.1, Seat::Second);
    let state = second.state().await;
    assert_eq!((state.turns, state.to_move), (1, Seat::Second));
    second.send(&play("4", 1)).await;
    assert_eq!(second.state_at(2).await.turns, 2);
}

/// A database at schema 3, as the server before players and ratings (commit 8770ed2) left
/// it, holding the rooms of `tests/data/rooms-v3.sqlite`. Opened, it is at this server's
/// version with every room as it was, and its games go on, casual; one that ends now is kept,
/// unrated.
async fn a_database_from_before_players_is_upgraded_and_its_games_go_on_casual(
    client: &tokio_postgres::Client,
    url: &str,
) {
    database_at(client, 3).await;
    // The rows read from a copy: SQLite writes beside a file it opens.
    let data = data_dir("postgres-v3");
    std::fs::create_dir_all(&data).unwrap();
    let file = data.join("rooms-v3.sqlite");
    std::fs::copy(v3::FILE, &file).unwrap();
    let before = v3::rows(&file);
    assert_eq!(before.len(), 7);
    for row in &before {
        let (version, updated) = (row.version as i64, row.updated as i64);
        let (seek_until, playing) = (row.seek_until.map(|at| at as i64), i64::from(row.playing));
        client
            .execute(
                "INSERT INTO rooms (id, game, record, first_seat, second_seat, offer, version, updated, extra, \
                 seek_until, playing) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                &[
                    &row.id,
                    &row.game,
                    &row.record,
                    &row.seats[0],
                    &row.seats[1],
                    &row.offer,
                    &version,
                    &updated,
                    &row.extra,
                    &seek_until,
                    &playing,
                ],
            )
            .await
            .unwrap();
    }

    let (store, _) = Postgres::open(url).await.unwrap();
    let version: i64 = client.query_one("SELECT version FROM schema_version", &[]).await.unwrap().get(0);
    assert_eq!(version as u64, SCHEMA);
    for old in &before {
        assert_eq!(store.load(&old.id).await.unwrap().as_ref(), Some(old), "nothing lost");
    }
    let mut config = config(&data, Some(url), fast());
    config.clock = board_suite_server::clock::Clock::starting_at(v3::LAST_CHANGE + 60_000);
    let port = start_with(config).await;
    let ended = v3::games_go_on_casual(port, &before).await;

    // Kept once, with no players, unrated; no one's rating moved.
    let kept = client
        .query("SELECT id, rated, first_player, second_player, result, ratings, speed FROM games", &[])
        .await
        .unwrap();
    let [game] = &kept[..] else { panic!("one game kept: {kept:?}") };
    assert_eq!(
        (
            game.get::<_, &str>(0),
            game.get::<_, i64>(1),
            game.get::<_, Option<&str>>(2),
            game.get::<_, Option<&str>>(3)
        ),
        (ended, 0, None, None)
    );
    assert_eq!(
        (game.get::<_, &str>(4), game.get::<_, &str>(5), game.get::<_, Option<&str>>(6)),
        ("0-1", "", Some("rapid"))
    );
    let rated: i64 = client.query_one("SELECT count(*) FROM ratings", &[]).await.unwrap().get(0);
    assert_eq!(rated, 0);
}

async fn two_instances_share_every_game(url: &str) {
    let url = url.to_owned();
    let data = data_dir("postgres");
    let here = start_on(&data, Some(&url), fast()).await;
    let there = start_on(&data, Some(&url), fast()).await;
    for (index, game) in games().enumerate() {
        let (mut first, mut second, state, (room, first_token)) = seated_across(here, there, game).await;
        let end = play_out(&mut first, &mut second, state, 2_000, game, index as u64 + 5).await;
        assert!(end.over, "{game}: {}", end.record);
        // The first device comes back through the other instance: its seat and the game.
        drop(first);
        second.state_where(|s| s.online == [false, true]).await;
        let mut again = Client::connect(there).await;
        again.send(&join(&room, first_token.as_deref())).await;
        assert_eq!(again.seat().await.1, Seat::First);
        assert_eq!(again.state().await.record, end.record);
    }
}

/// Two instances each hold a room (a player on each) whose clock runs out: both alarms ring,
/// the store takes one end, and both players see the same single result. Then a seek taken at
/// once through both instances: exactly one taker gets the seat.
async fn instances_race_to_end_a_game_on_time_and_to_take_a_seek(client: &tokio_postgres::Client, url: &str) {
    let data = data_dir("postgres-race");
    let here = start_on(&data, Some(url), fast()).await;
    let there = start_on(&data, Some(url), fast()).await;
    let mut first = Client::connect(here).await;
    first.send(r#"{"v":3,"type":"create","game":"connect-four","time":"fischer:15+0"}"#).await;
    let (room, _, _) = first.seat().await;
    let mut second = Client::connect(there).await;
    second.send(&join(&room, None)).await;
    second.seat().await;
    first.state_where(|s| s.online == [true, true]).await;
    first.send(&play("4", 0)).await;
    second.state_at(1).await;
    second.send(&play("4", 1)).await;
    first.state_at(2).await;
    // Nobody moves: 15 s on, the first side is out of time on both instances at once (real
    // time: two servers' alarms race through the store).
    for device in [&mut first, &mut second] {
        device.patience = std::time::Duration::from_secs(25);
    }
    // Both read at once: a device left unread answers no ping, and the server closes it.
    let ended = tokio::join!(first.state_where(|s| s.over), second.state_where(|s| s.over));
    let ended = [ended.0, ended.1];
    for state in &ended {
        assert_eq!(state.termination, Some(board_suite::rules::Termination::TimeForfeit));
        assert_eq!((state.version, &state.record), (ended[0].version, &ended[0].record));
    }
    let stored: i64 =
        client.query_one("SELECT version FROM rooms WHERE id = $1", &[&room]).await.unwrap().get(0);
    assert_eq!(stored as u64, ended[0].version, "one end stored");
    // Nothing after it: no second result.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    for device in [&mut first, &mut second] {
        let more = tokio::time::timeout(std::time::Duration::from_millis(200), device.next()).await;
        assert!(more.is_err(), "a frame after the end: {more:?}");
    }

    // A seek, taken through both instances at once.
    let mut maker = Client::connect(here).await;
    maker.send(r#"{"v":3,"type":"seek","game":"gomoku","time":"fischer:60+0"}"#).await;
    let (seek, _, _) = maker.seat().await;
    let (mut one, mut other) = (Client::connect(here).await, Client::connect(there).await);
    let take = format!(r#"{{"v":3,"type":"take","room":"{seek}"}}"#);
    tokio::join!(one.send(&take), other.send(&take));
    let answer = |reply: &Reply| match reply {
        Reply::Seat { seat, .. } => Some(Ok(*seat)),
        Reply::Error { code, .. } => Some(Err(*code)),
        _ => None,
    };
    let answers = [one.until(answer).await, other.until(answer).await];
    let seated = answers.iter().filter(|a| **a == Ok(Seat::Second)).count();
    let refused = answers.iter().filter(|a| **a == Err(ErrorCode::NoSeek)).count();
    assert_eq!((seated, refused), (1, 1), "{answers:?}");
}

/// A room of `game` made on the instance at port `here`, its free seat taken by a device on the
/// one at `there`, each device seeing the other online through the other instance: the two
/// devices, that state, and the room with the first seat's token.
async fn seated_across(
    here: u16,
    there: u16,
    game: &str,
) -> (Client, Client, State, (String, Option<String>)) {
    let mut first = Client::connect(here).await;
    first.send(&create(game)).await;
    let (room, _, token) = first.seat().await;
    first.state().await;
    let mut second = Client::connect(there).await;
    second.send(&join(&room, None)).await;
    assert_eq!(second.seat().await.1, Seat::Second);
    let state = first.state_where(|s| s.online == [true, true]).await;
    second.state_where(|s| s.online == [true, true]).await;
    (first, second, state, (room, token))
}
