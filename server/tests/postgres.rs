//! Two server instances on one PostgreSQL: a game shared between devices connected to each,
//! moves relayed through LISTEN/NOTIFY. Needs a PostgreSQL at `TEST_DATABASE_URL`, which
//! `scripts/test.sh` starts (`scripts/postgres.sh`); run it with `--ignored`.

mod common;

use board_suite_server::protocol::Seat;
use common::*;
use tokio_postgres::NoTls;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test.sh starts one and sets TEST_DATABASE_URL"]
async fn two_instances_share_every_game_through_postgresql() {
    let url = std::env::var("TEST_DATABASE_URL").expect("TEST_DATABASE_URL names a PostgreSQL");
    let (client, connection) = tokio_postgres::connect(&url, NoTls).await.unwrap();
    tokio::spawn(connection);
    client.batch_execute("DROP TABLE IF EXISTS rooms").await.unwrap();
    let data = data_dir("postgres");
    let here = start_on(&data, Some(&url), fast()).await;
    let there = start_on(&data, Some(&url), fast()).await;
    for (index, game) in games().enumerate() {
        let mut first = Client::connect(here).await;
        first.send(&create(game)).await;
        let (room, _, first_token) = first.seat().await;
        first.state().await;
        // The room was made on one instance; a device on the other takes the free seat.
        let mut second = Client::connect(there).await;
        second.send(&join(&room, None)).await;
        assert_eq!(second.seat().await.1, Seat::Second);
        // Each sees the other online, through the other instance.
        let state = first.state_where(|s| s.online == [true, true]).await;
        second.state_where(|s| s.online == [true, true]).await;
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
