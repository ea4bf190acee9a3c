//! Players without a password, over the wire: a first hello is given a player and a key; the
//! key finds the same player on another connection and after a restart; a forged key is a new
//! player; a name is checked, unique ignoring case, and changed at most once a day.

use crate::common;

use board_suite::protocol::{ErrorCode, Leaderboard, Profile, Reply};
use common::*;

fn hello(key: Option<&str>) -> String {
    serde_json::json!({"v": 3, "type": "hello", "key": key}).to_string()
}

fn name(name: &str) -> String {
    serde_json::json!({"v": 3, "type": "name", "name": name}).to_string()
}

/// The player a frame names: id, name and new key.
async fn player(client: &mut Client) -> (String, Option<String>, Option<String>) {
    match client.next().await {
        Reply::Player { id, name, key } => (id, name, key),
        other => panic!("a player, not {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_keeps_its_player_and_a_name_is_checked() {
    let data = data_dir("players");
    let port = start(&data, fast()).await;
    let mut first = Client::connect(port).await;
    first.send(&name("Before")).await;
    assert_eq!(first.error().await, ErrorCode::NoPlayer);
    first.send(&hello(None)).await;
    let (id, no_name, key) = player(&mut first).await;
    let key = key.expect("a first hello is given a key");
    assert_eq!((no_name, key.len()), (None, 64));

    // The same key on another connection is the same player, and is given no key again.
    let mut again = Client::connect(port).await;
    again.send(&hello(Some(&key))).await;
    assert_eq!(player(&mut again).await, (id.clone(), None, None));
    // A forged key is a new player, with a key of its own.
    let mut forger = Client::connect(port).await;
    let last = if key.ends_with('0') { '1' } else { '0' };
    forger.send(&hello(Some(&format!("{}{last}", &key[..63])))).await;
    let (forged, _, forged_key) = player(&mut forger).await;
    assert_ne!(forged, id);
    assert!(forged_key.is_some_and(|k| k != key));

    let long = "a".repeat(21);
    for bad in
        ["a", "9lives", "two words", "Ming\u{200B}Li", "\u{202E}Ming", "\u{0301}\u{0301}", long.as_str()]
    {
        first.send(&name(bad)).await;
        assert_eq!(first.error().await, ErrorCode::NameInvalid, "{bad}");
    }
    for reserved in ["Admin", "computer", "Anonymous"] {
        first.send(&name(reserved)).await;
        assert_eq!(first.error().await, ErrorCode::NameReserved, "{reserved}");
    }
    first.send(&name("MingLi")).await;
    assert_eq!(player(&mut first).await, (id.clone(), Some("MingLi".into()), None));
    forger.send(&name("mingli")).await;
    assert_eq!(forger.error().await, ErrorCode::NameTaken);
    // A name is changed freely until a rated game is played with it; in any script.
    again.send(&name("李小龍")).await;
    assert_eq!(player(&mut again).await, (id.clone(), Some("李小龍".into()), None));
    again.send(&name("MingLi")).await;
    assert_eq!(player(&mut again).await, (id.clone(), Some("MingLi".into()), None));

    // A second server on the same store knows the key and the name.
    drop((first, again, forger));
    let port = start(&data, fast()).await;
    let mut back = Client::connect(port).await;
    back.send(&hello(Some(&key))).await;
    assert_eq!(player(&mut back).await, (id, Some("MingLi".into()), None));
}

fn ask(kind: &str) -> String {
    serde_json::json!({"v": 3, "type": kind}).to_string()
}

fn transfer(code: &str) -> String {
    serde_json::json!({"v": 3, "type": "transfer", "code": code}).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_code_moves_a_player_once_and_a_device_forgets_its_key() {
    let data = data_dir("transfer");
    let port = start(&data, fast()).await;
    let mut laptop = Client::connect(port).await;
    laptop.send(&ask("transfer-code")).await;
    assert_eq!(laptop.error().await, ErrorCode::NoPlayer, "no code before hello");
    laptop.send(&hello(None)).await;
    let (id, _, key) = player(&mut laptop).await;
    let key = key.unwrap();
    laptop.send(&ask("transfer-code")).await;
    let code = match laptop.next().await {
        Reply::TransferCode { code, expires_in } => {
            assert_eq!(expires_in, 600);
            code
        }
        other => panic!("a code, not {other:?}"),
    };

    // The phone types it (its case and dashes as it likes): it is the laptop's player, with
    // a key of its own.
    let mut phone = Client::connect(port).await;
    phone.send(&transfer(&code.to_uppercase().replace('-', " "))).await;
    let (moved, _, phone_key) = player(&mut phone).await;
    let phone_key = phone_key.expect("a key for the phone");
    assert_eq!(moved, id);
    assert_ne!(phone_key, key, "never the other device's key");
    // Used once.
    let mut thief = Client::connect(port).await;
    thief.send(&transfer(&code)).await;
    assert_eq!(thief.error().await, ErrorCode::TransferInvalid);

    // The phone forgets itself: its key is no one's, and the laptop is still the player.
    phone.send(&ask("forget")).await;
    assert_eq!(phone.next().await, Reply::Forgotten);
    phone.send(&ask("transfer-code")).await;
    assert_eq!(phone.error().await, ErrorCode::NoPlayer);
    let mut again = Client::connect(port).await;
    again.send(&hello(Some(&phone_key))).await;
    let (other, _, _) = player(&mut again).await;
    assert_ne!(other, id, "a forgotten key is a new player");
    again.send(&hello(Some(&key))).await;
    assert_eq!(player(&mut again).await.0, id);

    // Ten wrong codes from one address in a minute (the thief's and nine more, all from this
    // machine): it waits, even with a good code.
    laptop.send(&ask("transfer-code")).await;
    let Reply::TransferCode { code, .. } = laptop.next().await else { panic!("a code") };
    let mut guesser = Client::connect(port).await;
    for n in 0..9 {
        guesser.send(&transfer(&format!("guess-{n:05}"))).await;
        assert_eq!(guesser.error().await, ErrorCode::TransferInvalid);
    }
    guesser.send(&transfer(&code)).await;
    assert_eq!(guesser.error().await, ErrorCode::TransferWait);
}

/// Glicko-2 worked as Glickman's paper (2012) gives it, step by step, for one game in a
/// rating period of its own: the reference the server's ratings are held to. `score` is 1 for
/// a win, 0.5 a draw, 0 a loss. The rating and deviation after.
fn glicko2(rating: f64, deviation: f64, volatility: f64, other: (f64, f64), score: f64) -> (f64, f64, f64) {
    use std::f64::consts::PI;
    const SCALE: f64 = 173.7178;
    const TAU: f64 = 0.5;
    let (mu, phi) = ((rating - 1500.0) / SCALE, deviation / SCALE);
    let (mu_j, phi_j) = ((other.0 - 1500.0) / SCALE, other.1 / SCALE);
    let g = 1.0 / (1.0 + 3.0 * phi_j * phi_j / (PI * PI)).sqrt();
    let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
    let v = 1.0 / (g * g * e * (1.0 - e));
    let delta = v * g * (score - e);
    let a = (volatility * volatility).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > 1e-6 {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            (big_a, f_a) = (big_b, f_b);
        } else {
            f_a /= 2.0;
        }
        (big_b, f_b) = (c, f_c);
    }
    let sigma = (big_a / 2.0).exp();
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * g * (score - e);
    (SCALE * mu_new + 1500.0, SCALE * phi_new, sigma)
}

fn seek_rated(game: &str, time: &str) -> String {
    serde_json::json!({"v": 3, "type": "create", "game": game, "time": time, "rated": true}).to_string()
}

/// The players and rating changes the room's next frame that has them says.
async fn end_of(client: &mut Client) -> (bool, Option<[board_suite::protocol::RatingChange; 2]>) {
    client
        .until(|r| match r {
            Reply::State { state, .. } if state.over => Some((state.rated, state.ratings)),
            _ => None,
        })
        .await
}

/// A device that has said hello with `key` (a new player for none): its client and key.
async fn player_device(port: u16, key: Option<&str>) -> (Client, String, String) {
    let mut client = Client::connect(port).await;
    client.send(&hello(key)).await;
    let (id, _, new_key) = player(&mut client).await;
    (client, id, new_key.or(key.map(str::to_owned)).unwrap())
}

/// `first` makes a rated room of Connect Four at `time`, `second` takes its other seat, each
/// plays one turn, and `loser` resigns (`None`: a draw agreed). Both hear the end: rated or
/// not, and the ratings' changes.
async fn rated_game(
    first: &mut Client,
    second: &mut Client,
    time: &str,
    loser: Option<usize>,
) -> (bool, Option<[board_suite::protocol::RatingChange; 2]>) {
    first.send(&seek_rated("connect-four", time)).await;
    let (room, _, _) = first.seat().await;
    second.send(&join(&room, None)).await;
    second.seat().await;
    let state = first.state_where(|s| s.online == [true, true]).await;
    first.send(&play(&pick("connect-four", &state.record, 1), 0)).await;
    let state = second.state_at(1).await;
    second.send(&play(&pick("connect-four", &state.record, 2), 1)).await;
    first.state_at(2).await;
    match loser {
        Some(loser) => [&mut *first, &mut *second][loser].send(&ask("resign")).await,
        None => {
            first.send(&serde_json::json!({"v": 3, "type": "offer", "what": "draw"}).to_string()).await;
            second.state_where(|s| s.offer).await;
            second.send(&serde_json::json!({"v": 3, "type": "answer", "accept": true}).to_string()).await;
        }
    }
    let heard = end_of(second).await;
    assert_eq!(end_of(first).await, heard, "both pages see the same end");
    heard
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_games_move_ratings_as_glicko_2_says_and_no_one_rates_themself() {
    let data = data_dir("rated");
    let port = start(&data, fast()).await;
    let (mut ming, ming_id, ming_key) = player_device(port, None).await;
    let (mut lan, lan_id, _) = player_device(port, None).await;
    ming.send(&name("MingLi")).await;
    player(&mut ming).await;
    lan.send(&name("Lan")).await;
    player(&mut lan).await;

    // Ming wins a blitz game: both new, so 1500/350 each before.
    let (rated, changes) = rated_game(&mut ming, &mut lan, "fischer:180+2", Some(1)).await;
    assert!(rated);
    let changes = changes.expect("a rated game's end shows the ratings");
    let (won, _, won_vol) = glicko2(1500.0, 350.0, 0.06, (1500.0, 350.0), 1.0);
    let (lost, _, lost_vol) = glicko2(1500.0, 350.0, 0.06, (1500.0, 350.0), 0.0);
    assert_eq!([changes[0].before, changes[1].before], [1500, 1500]);
    assert!(
        (changes[0].after as f64 - won).abs() <= 1.0 && (changes[1].after as f64 - lost).abs() <= 1.0,
        "{changes:?}"
    );
    assert_eq!((changes[0].delta(), changes[1].delta()), (162, -162));
    assert!(changes[0].provisional && changes[1].provisional);

    // Lan makes the next and they draw: each starts from the rating the first game left.
    let store = board_suite_server::store::Sqlite::open(&data).unwrap();
    let players = |id: &str| {
        let (store, id) = (&store, id.to_owned());
        async move { board_suite_server::store::Store::players(store).ratings(&id).await.unwrap() }
    };
    let (ming_before, lan_before) = (players(&ming_id).await[0].clone(), players(&lan_id).await[0].clone());
    assert_eq!((ming_before.games, lan_before.games, ming_before.speed.as_str()), (1, 1, "blitz"));
    let (_, changes) = rated_game(&mut lan, &mut ming, "fischer:300+0", None).await;
    let changes = changes.unwrap();
    let lan_after = glicko2(
        lan_before.rating,
        lan_before.deviation,
        lost_vol,
        (ming_before.rating, ming_before.deviation),
        0.5,
    );
    let ming_after = glicko2(
        ming_before.rating,
        ming_before.deviation,
        won_vol,
        (lan_before.rating, lan_before.deviation),
        0.5,
    );
    let (lan_now, ming_now) = (players(&lan_id).await[0].clone(), players(&ming_id).await[0].clone());
    for (now, reference) in [(&lan_now, lan_after), (&ming_now, ming_after)] {
        assert!(
            (now.rating - reference.0).abs() < 1.0 && (now.deviation - reference.1).abs() < 1.0,
            "{now:?} {reference:?}"
        );
        assert_eq!(now.games, 2);
    }
    assert_eq!(changes[0].after, lan_now.rating.round() as i64);
    assert!(
        changes[0].delta() > 0 && changes[1].delta() < 0,
        "the lower rated gains from a draw: {changes:?}"
    );

    // Ming's phone, the same player: never rated against Ming's laptop.
    let (mut phone, phone_id, _) = player_device(port, Some(&ming_key)).await;
    assert_eq!(phone_id, ming_id);
    assert_eq!(rated_game(&mut ming, &mut phone, "fischer:180+2", Some(1)).await, (false, None));
    // Untimed: casual whatever was asked. A game aborted before both moved rates no one.
    assert_eq!(rated_game(&mut ming, &mut lan, "untimed", Some(0)).await, (false, None));
    ming.send(&seek_rated("connect-four", "fischer:180+2")).await;
    let (room, _, _) = ming.seat().await;
    lan.send(&join(&room, None)).await;
    lan.seat().await;
    ming.state_where(|s| s.online == [true, true]).await;
    ming.send(&ask("abort")).await;
    assert_eq!(end_of(&mut lan).await, (true, None));
    assert_eq!(players(&ming_id).await[0].games, 2, "nothing more was rated");

    // Every game is kept, the casual and aborted ones too, newest first.
    let query = board_suite_server::store::GameQuery {
        player: ming_id.clone(),
        limit: 20,
        records: true,
        ..Default::default()
    };
    let games = board_suite_server::store::Store::players(&store).games(&query).await.unwrap();
    let kept: Vec<(bool, &str)> = games.iter().map(|g| (g.rated, g.result.as_str())).collect();
    assert_eq!(kept, [(false, "*"), (false, "0-1"), (false, "1-0"), (true, "1/2-1/2"), (true, "1-0")]);
    assert!(games.iter().all(|g| g.record.contains("[Result")), "each with its record");

    // Ming's page: the rating with its games, its history, the results and every game kept,
    // each with its link; one game's page; all the games as one file.
    let (status, body) = get(port, "/api/players/mingli").await;
    assert_eq!(status, 200, "{body}");
    let profile: Profile = serde_json::from_str(&body).unwrap();
    assert_eq!((profile.id.as_str(), profile.name.as_str()), (ming_id.as_str(), "MingLi"));
    let rating = &profile.ratings[..];
    assert_eq!(rating.len(), 1);
    assert_eq!(
        (rating[0].game.as_str(), rating[0].speed.as_str(), rating[0].games),
        ("connect-four", "blitz", 2)
    );
    assert_eq!(rating[0].rating, ming_now.rating.round() as i64);
    let history: Vec<i64> = profile.history.iter().map(|p| p.rating).collect();
    assert_eq!(history, [1662, ming_now.rating.round() as i64], "oldest first");
    // A win, a draw, a win against itself (the phone), a loss untimed, one aborted.
    assert_eq!((profile.wins, profile.draws, profile.losses, profile.games), (2, 1, 1, 5));
    let results: Vec<&str> = profile.kept.iter().map(|g| g.result.as_str()).collect();
    assert_eq!(results, ["aborted", "loss", "win", "draw", "win"]);
    assert!(
        profile
            .kept
            .iter()
            .all(|g| g.link.starts_with("#/connect-four?record=") && g.link.ends_with("&kept=1")),
        "{:?}",
        profile.kept
    );
    let first = profile.kept.last().unwrap();
    assert_eq!(first.players[1].as_ref().and_then(|p| p.name.as_deref()), Some("Lan"));
    assert_eq!(first.ratings.map(|r| r[0].delta()), Some(162));
    assert_eq!((profile.page, profile.pages), (1, 1));
    let (_, body) = get(port, "/api/players/MINGLI?game=gomoku&page=3").await;
    let gomoku: Profile = serde_json::from_str(&body).unwrap();
    assert_eq!((gomoku.games, gomoku.kept.len(), gomoku.page, gomoku.ratings.len()), (0, 0, 1, 1));
    let (status, head, body) = get_whole(port, "/api/players/MingLi/games").await;
    assert_eq!(status, 200);
    assert!(head.contains("filename=\"MingLi-games.txt\""), "{head}");
    assert_eq!(body.matches("[Result ").count(), 5, "{body}");
    // Provisional ratings are listed, marked so (after the settled, of which there are none
    // yet); unknown names and games are said so.
    let (status, body) = get(port, "/api/leaderboard/connect-four").await;
    assert_eq!(status, 200);
    let leaders: Vec<_> = serde_json::from_str::<Leaderboard>(&body)
        .unwrap()
        .leaders
        .into_iter()
        .map(|l| (l.rank, l.player.name.unwrap_or_default(), l.player.provisional))
        .collect();
    assert_eq!(leaders, [(1, "MingLi".to_owned(), true), (2, "Lan".to_owned(), true)]);
    for unknown in [
        "/api/players/nobody",
        "/api/players/admin",
        "/api/players/MingLi?game=chess",
        "/api/leaderboard/chess",
    ] {
        assert_eq!(get(port, unknown).await.0, 404, "{unknown}");
    }
}

/// A named player on a new connection: their id.
pub(crate) async fn named_player(port: u16, called: &str) -> (Client, String) {
    let mut client = Client::connect(port).await;
    client.send(&hello(None)).await;
    let (id, _, _) = player(&mut client).await;
    client.send(&name(called)).await;
    player(&mut client).await;
    (client, id)
}

pub(crate) fn challenge(to: &str, game: &str) -> String {
    let new = serde_json::json!({"game": game, "time": "fischer:180+2", "rated": true});
    serde_json::json!({"v": 3, "type": "challenge", "name": to, "new": new}).to_string()
}

pub(crate) fn answer(id: &str, accept: bool) -> String {
    serde_json::json!({"v": 3, "type": "answer-challenge", "id": id, "accept": accept}).to_string()
}

pub(crate) async fn challenge_of(client: &mut Client) -> (String, String) {
    client
        .until(|reply| match reply {
            Reply::Challenge { id, from, .. } => Some((id.clone(), from.name.clone().unwrap_or_default())),
            _ => None,
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_by_name_is_declined_told_then_accepted_into_a_room_for_both() {
    let data = data_dir("challenges");
    let port = start(&data, fast()).await;
    let (mut ming, _) = named_player(port, "MingLi").await;
    let (mut li, li_id) = named_player(port, "李小龍").await;
    // Refused in words: oneself, no such name, an unknown game.
    ming.send(&challenge("mingli", "gomoku")).await;
    assert_eq!(ming.error().await, ErrorCode::ChallengeSelf);
    ming.send(&challenge("NoSuchPlayer", "gomoku")).await;
    assert_eq!(ming.error().await, ErrorCode::NoPlayer);
    ming.send(&challenge("李小龍", "chess")).await;
    assert_eq!(ming.error().await, ErrorCode::UnknownGame);

    // Declined: the challenger is told.
    ming.send(&challenge("李小龍", "gomoku")).await;
    let (id, from) = challenge_of(&mut li).await;
    assert_eq!(from, "MingLi");
    assert_eq!(challenge_of(&mut ming).await.0, id, "said back as sent");
    // A forged answer from another player is no one's.
    let (mut other, _) = named_player(port, "Other").await;
    other.send(&answer(&id, true)).await;
    assert_eq!(other.error().await, ErrorCode::NoChallenge);
    li.send(&answer(&id, false)).await;
    let declined = ming
        .until(|reply| matches!(reply, Reply::ChallengeAnswer { accepted: false, .. }).then_some(()))
        .await;
    assert_eq!(declined, ());
    li.send(&answer(&id, true)).await;
    assert_eq!(li.error().await, ErrorCode::NoChallenge, "answered once");

    // At most three open at once.
    for _ in 0..3 {
        other.send(&challenge("李小龍", "connect-four")).await;
        challenge_of(&mut other).await;
    }
    other.send(&challenge("李小龍", "connect-four")).await;
    assert_eq!(other.error().await, ErrorCode::ChallengeLimit);

    // Accepted: each is given a seat's token in a new room, rated, and both sit down.
    ming.send(&challenge("李小龍", "checkers")).await;
    let id = loop {
        let (id, from) = challenge_of(&mut li).await;
        if from == "MingLi" {
            break id;
        }
    };
    li.send(&answer(&id, true)).await;
    let seat = |reply: &Reply| match reply {
        Reply::ChallengeAnswer { accepted: true, room: Some(room), token: Some(token), game, .. } => {
            Some((room.clone(), token.clone(), game.clone()))
        }
        _ => None,
    };
    let (room, ming_token, game) = ming.until(seat).await;
    let (same_room, li_token, _) = li.until(seat).await;
    assert_eq!((room.as_str(), game.as_str()), (same_room.as_str(), "checkers"));
    ming.send(&join(&room, Some(&ming_token))).await;
    let (_, ming_seat, _) = ming.seat().await;
    li.send(&join(&room, Some(&li_token))).await;
    let (_, li_seat, _) = li.seat().await;
    assert_ne!(ming_seat, li_seat, "a seat each, who plays first drawn");
    let (rated, seated) = li
        .until(|reply| match reply {
            Reply::State { state, .. } => Some((state.rated, state.players.clone().map(|p| p.map(|p| p.id)))),
            _ => None,
        })
        .await;
    assert!(rated);
    assert_eq!(seated[usize::from(li_seat == board_suite::protocol::Seat::Second)], Some(li_id));

    // Busy in a game now; offline once gone (its leaving is heard a moment later).
    let (mut late, _) = named_player(port, "Late").await;
    late.send(&challenge("李小龍", "gomoku")).await;
    assert_eq!(late.error().await, ErrorCode::ChallengeBusy);
    drop(li);
    let mut heard = ErrorCode::ChallengeBusy;
    for _ in 0..50 {
        late.send(&challenge("李小龍", "gomoku")).await;
        heard = late.error().await;
        if heard == ErrorCode::ChallengeOffline {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(heard, ErrorCode::ChallengeOffline);
}
