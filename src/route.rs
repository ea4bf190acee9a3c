//! The app's routes, read from the URL's hash (`#/connect-four`). Pure, so any text a player
//! can type into the address bar is tested natively.

use crate::games::GameId;

/// What a hash asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Picker,
    /// A game; `seed` asks for a particular shuffle (`#/dark-chess?seed=7`), `record`
    /// shows a shared game (`#/connect-four?record=4+4+3`), and `room` joins an online room
    /// (`#/gomoku?room=k3vx8q2mwa`); `play` starts a way of playing chosen on the home page
    /// (`#/gomoku?play=computer`); `take` takes the free seat of a seek in the lobby
    /// (`#/gomoku?take=k3vx8q2mwa`).
    Game {
        game: GameId,
        seed: Option<u64>,
        record: Option<String>,
        room: Option<String>,
        play: Option<Play>,
        take: Option<String>,
    },
    /// A game's link whose query cannot be what it says: the game is shown as it stands, with
    /// what is wrong with the link in words.
    BadLink {
        game: GameId,
        problem: LinkProblem,
    },
    /// A player's page (`#/@/MingLi`): their ratings and games. The name as the link has it;
    /// the page says so if no player has it.
    Player(String),
    /// A game's leaderboard (`#/leaderboard/gomoku`): the game as the link names it.
    Leaderboard(String),
    /// Anything else, kept so the page can say what it did not understand.
    NotFound(String),
}

/// What is wrong with a game's link, with the part of the link at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkProblem {
    /// A shuffle's number that is not one (`?seed=-1`).
    Seed(String),
    /// A record that is not percent-encoded UTF-8, so cut short or mangled (`?record=%%%`).
    Record,
    /// A room's name the server never gives (`?room=` or `?take=a-b`).
    Room(String),
}

/// A way of playing, chosen on the home page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Play {
    /// Two players on this device.
    Hotseat,
    Computer,
    Online,
}

impl Play {
    pub const ALL: [Play; 3] = [Play::Hotseat, Play::Computer, Play::Online];

    /// Its name in the URL and in `data-play`.
    pub fn name(self) -> &'static str {
        match self {
            Play::Hotseat => "hotseat",
            Play::Computer => "computer",
            Play::Online => "online",
        }
    }
}

/// A piece of a link as the page quotes it back: as written, and never long.
fn shown(part: &str) -> String {
    match part.char_indices().nth(24) {
        Some((end, _)) => format!("{}…", &part[..end]),
        None => part.to_owned(),
    }
}

impl Route {
    /// A game's page, as it opens with nothing asked of it.
    pub fn game(game: GameId) -> Route {
        Route::Game { game, seed: None, record: None, room: None, play: None, take: None }
    }

    /// A game's page showing the game a short record describes (a share link).
    pub fn record(game: GameId, record: String) -> Route {
        Route::Game { game, seed: None, record: Some(record), room: None, play: None, take: None }
    }

    /// A room of the server's, as a route's `room` or `take`.
    pub fn room(game: GameId, room: &str) -> Route {
        Route::Game { game, seed: None, record: None, room: Some(room.to_owned()), play: None, take: None }
    }

    /// A game's new-game dialog for a challenge to the player `name`, online:
    /// `#/gomoku?play=online&challenge=MingLi` (the dialog reads [`challenged`]).
    pub fn challenge(game: GameId, name: &str) -> String {
        let online =
            Route::Game { game, seed: None, record: None, room: None, play: Some(Play::Online), take: None };
        format!("{}&challenge={}", online.hash(), encode(name))
    }

    /// Reads a location hash such as `#/connect-four` or `#/dark-chess?seed=7`. Unknown query
    /// parameters are ignored; a seed that is not an unsigned 64-bit number, or a record that is
    /// not percent-encoded UTF-8, is not a route.
    pub fn parse(hash: &str) -> Route {
        let path = hash.strip_prefix('#').unwrap_or(hash);
        let (path, _) = path.split_once('?').unwrap_or((path, ""));
        let path = path.trim_matches('/');
        if path.is_empty() {
            return Route::Picker;
        }
        let not_found = || Route::NotFound(hash.trim_start_matches('#').to_owned());
        // A name or a game's route name: short, and plain letters, digits, `_` and `-`.
        let plain = |part: &str| {
            (1..=40).contains(&part.len())
                && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        };
        // A player's name, of any script as names are (percent-encoded, as the address bar
        // keeps it, or as typed). Beyond ASCII the server alone says what a name may hold:
        // Unicode's tables of letters would weigh on every route's first load.
        let named = |part: &str| {
            decode(part).filter(|name| {
                (1..=40).contains(&name.chars().count())
                    && name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || !c.is_ascii())
            })
        };
        match path.split_once('/') {
            Some(("@", name)) => {
                if let Some(name) = named(name) {
                    return Route::Player(name);
                }
            }
            Some(("leaderboard", game)) if plain(game) => return Route::Leaderboard(game.to_owned()),
            _ => {}
        }
        let Some(game) = GameId::from_slug(path) else { return not_found() };
        let value = |name: &str| query_value(hash, name);
        let bad = |problem| Route::BadLink { game, problem };
        let seed = match value("seed").map(|seed| (seed, seed.parse())) {
            None => None,
            Some((_, Ok(seed))) => Some(seed),
            Some((seed, Err(_))) => return bad(LinkProblem::Seed(shown(seed))),
        };
        let record = match value("record").map(decode) {
            None => None,
            Some(Some(record)) => Some(record),
            Some(None) => return bad(LinkProblem::Record),
        };
        // A room's name: letters and digits, as the server makes them.
        let room_named = |name: &str| match value(name) {
            None => Ok(None),
            Some(room)
                if (1..=64).contains(&room.len()) && room.bytes().all(|b| b.is_ascii_alphanumeric()) =>
            {
                Ok(Some(room.to_owned()))
            }
            Some(room) => Err(shown(room)),
        };
        let (room, take) = match (room_named("room"), room_named("take")) {
            (Ok(room), Ok(take)) => (room, take),
            (Err(room), _) | (_, Err(room)) => return bad(LinkProblem::Room(room)),
        };
        // An unknown way of playing asks for nothing: the game opens as it is.
        let play = value("play").and_then(|name| Play::ALL.into_iter().find(|play| play.name() == name));
        Route::Game { game, seed, record, room, play, take }
    }

    /// The hash that leads here.
    pub fn hash(&self) -> String {
        match self {
            Route::Picker | Route::NotFound(_) => "#/".to_owned(),
            Route::Player(name) => format!("#/@/{}", encode(name)),
            Route::Leaderboard(game) => format!("#/leaderboard/{game}"),
            Route::BadLink { game, .. } => Route::game(*game).hash(),
            Route::Game { game, seed, record, room, play, take } => {
                let mut hash = format!("#/{}", game.slug());
                let seed = seed.map(|seed| format!("seed={seed}"));
                let record = record.as_deref().map(|record| format!("record={}", encode(record)));
                let room = room.as_deref().map(|room| format!("room={room}"));
                let play = play.map(|play| format!("play={}", play.name()));
                let take = take.as_deref().map(|room| format!("take={room}"));
                let query: Vec<String> =
                    seed.into_iter().chain(record).chain(room).chain(play).chain(take).collect();
                if !query.is_empty() {
                    hash.push('?');
                    hash.push_str(&query.join("&"));
                }
                hash
            }
        }
    }
}

/// The value of `key` in a link's query, as written (`#/gomoku?kept=1`: `1` for `kept`).
pub fn query_value<'a>(hash: &'a str, key: &str) -> Option<&'a str> {
    let (_, query) = hash.split_once('?')?;
    query.split('&').find_map(|pair| pair.strip_prefix(key)?.strip_prefix('='))
}

/// The player a game's link asks its new-game dialog to challenge (`&challenge=<name>`).
pub fn challenged(hash: &str) -> Option<String> {
    query_value(hash, "challenge").and_then(decode).filter(|name| !name.is_empty())
}

/// A record as a URL's fragment may hold it: spaces as `+`, characters that are neither
/// letters, digits nor a few marks that notation uses (`-.:=?,/*`) percent-encoded.
fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b' ' => out.push('+'),
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'.'
            | b'_'
            | b'~'
            | b':'
            | b'='
            | b'?'
            | b','
            | b'/'
            | b'*' => out.push(char::from(byte)),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// Reads [`encode`] back; `None` for a bad escape or text that is not UTF-8.
fn decode(text: &str) -> Option<String> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.bytes();
    while let Some(byte) = rest.next() {
        bytes.push(match byte {
            b'+' => b' ',
            b'%' => {
                let hex = [rest.next()?, rest.next()?];
                u8::from_str_radix(std::str::from_utf8(&hex).ok()?, 16).ok()?
            }
            byte => byte,
        });
    }
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(game: GameId, seed: Option<u64>) -> Route {
        Route::Game { game, seed, record: None, room: None, play: None, take: None }
    }

    #[test]
    fn a_link_asks_for_an_analysis_or_a_kept_games_review() {
        let asked = |hash| query_value(hash, "analysis") == Some("1");
        assert!(asked("#/gomoku?record=h8+*&analysis=1"));
        assert!(asked("#/gomoku?analysis=1"));
        assert!(!asked("#/gomoku?record=h8+*"));
        assert!(!asked("#/gomoku?record=h8+*&analysis=10"));
        assert!(!asked("#/gomoku"));
        assert_eq!(query_value("#/gomoku?record=h8+*&kept=1", "kept"), Some("1"));
    }

    #[test]
    fn a_challenge_opens_the_games_dialog_online_with_the_players_name() {
        let hash = Route::challenge(GameId::Gomoku, "李小龍");
        assert_eq!(hash, "#/gomoku?play=online&challenge=%E6%9D%8E%E5%B0%8F%E9%BE%8D");
        assert!(matches!(Route::parse(&hash), Route::Game { play: Some(Play::Online), .. }));
        assert_eq!(challenged(&hash).as_deref(), Some("李小龍"));
        for none in ["#/gomoku", "#/gomoku?play=online", "#/gomoku?challenge=", "#/gomoku?challenge=%%"] {
            assert_eq!(challenged(none), None, "{none}");
        }
    }

    #[test]
    fn known_routes() {
        for hash in ["", "#", "#/", "/", "#//"] {
            assert_eq!(Route::parse(hash), Route::Picker, "{hash:?}");
        }
        for id in GameId::ALL {
            let slug = id.slug();
            assert_eq!(Route::parse(&format!("#/{slug}")), game(id, None));
            assert_eq!(Route::parse(&format!("#/{slug}/")), game(id, None));
            assert_eq!(Route::parse(&format!("#/{slug}?x=1")), game(id, None));
            assert_eq!(Route::parse(&format!("#/{slug}?seed=42")), game(id, Some(42)));
            assert_eq!(
                Route::parse(&format!("#/{slug}?x=1&seed=18446744073709551615")),
                game(id, Some(u64::MAX))
            );
        }
    }

    #[test]
    fn players_and_leaderboards_travel_in_the_hash() {
        assert_eq!(Route::parse("#/@/MingLi"), Route::Player("MingLi".into()));
        assert_eq!(Route::parse("#/@/MingLi/"), Route::Player("MingLi".into()));
        assert_eq!(Route::parse("#/leaderboard/gomoku"), Route::Leaderboard("gomoku".into()));
        // An unknown game is the page's to say; a name that could be no one's is not a route.
        assert_eq!(Route::parse("#/leaderboard/chess"), Route::Leaderboard("chess".into()));
        // A name of any script, percent-encoded as the address bar keeps it, or as typed.
        assert_eq!(Route::parse("#/@/%E6%9D%8E%E5%B0%8F%E9%BE%8D"), Route::Player("李小龍".into()));
        assert_eq!(Route::parse("#/@/李小龍"), Route::Player("李小龍".into()));
        for odd in
            ["#/@/", "#/@/a b", "#/@/a+b", "#/@/%3Cb%3E", "#/@/%E6%9D", "#/leaderboard/", "#/@/MingLi/games"]
        {
            assert!(matches!(Route::parse(odd), Route::NotFound(_)), "{odd}");
        }
        for route in [
            Route::Player("Lan_2".into()),
            Route::Player("李小龍".into()),
            Route::Leaderboard("dark-chess".into()),
        ] {
            assert_eq!(Route::parse(&route.hash()), route);
        }
    }

    #[test]
    fn every_route_round_trips() {
        for id in GameId::ALL {
            for seed in [None, Some(0), Some(u64::MAX)] {
                assert_eq!(Route::parse(&game(id, seed).hash()), game(id, seed));
            }
        }
    }

    #[test]
    fn records_travel_in_the_hash() {
        let id = GameId::ALL[0];
        for record in ["4 4 3", "[Rules \"renju\"] h8 h9 1-0", "a1=K b3?b2=k b2xc2", "棋 & 100% + #"] {
            let route = Route::Game {
                game: id,
                seed: None,
                record: Some(record.to_owned()),
                room: None,
                play: None,
                take: None,
            };
            let hash = route.hash();
            assert!(!hash[1..].contains(['#', ' ', '&', '"', '[']), "{hash}");
            assert_eq!(Route::parse(&hash), route, "{hash}");
        }
        assert_eq!(
            Route::parse(&format!("#/{}?record=4+4", id.slug())),
            Route::Game {
                game: id,
                seed: None,
                record: Some("4 4".to_owned()),
                room: None,
                play: None,
                take: None
            }
        );
        for bad in ["record=%", "record=%G1", "record=%FF", "record=%%%"] {
            let hash = format!("#/{}?{bad}", id.slug());
            assert_eq!(
                Route::parse(&hash),
                Route::BadLink { game: id, problem: LinkProblem::Record },
                "{hash}"
            );
        }
    }

    #[test]
    fn rooms_travel_in_the_hash() {
        let id = GameId::ALL[0];
        let route = Route::room(id, "k3vx8q2mwa");
        assert_eq!(route.hash(), format!("#/{}?room=k3vx8q2mwa", id.slug()));
        assert_eq!(Route::parse(&route.hash()), route);
        let seek = Route::Game {
            game: id,
            seed: None,
            record: None,
            room: None,
            play: None,
            take: Some("k3vx8q2mwa".into()),
        };
        assert_eq!(seek.hash(), format!("#/{}?take=k3vx8q2mwa", id.slug()));
        assert_eq!(Route::parse(&seek.hash()), seek);
        let long = "a".repeat(65);
        let cut = format!("{}…", "a".repeat(24));
        for (bad, shown) in
            [("", ""), ("a-b", "a-b"), ("%41", "%41"), ("房", "房"), (long.as_str(), cut.as_str())]
        {
            for name in ["room", "take"] {
                let hash = format!("#/{}?{name}={bad}", id.slug());
                let problem = LinkProblem::Room(shown.to_owned());
                assert_eq!(Route::parse(&hash), Route::BadLink { game: id, problem }, "{hash}");
            }
        }
    }

    #[test]
    fn ways_of_playing_travel_in_the_hash() {
        let id = GameId::ALL[0];
        for play in Play::ALL {
            let route =
                Route::Game { game: id, seed: None, record: None, room: None, play: Some(play), take: None };
            assert_eq!(route.hash(), format!("#/{}?play={}", id.slug(), play.name()));
            assert_eq!(Route::parse(&route.hash()), route);
        }
        assert_eq!(Route::parse(&format!("#/{}?play=chess", id.slug())), Route::game(id));
    }

    #[test]
    fn malformed_hashes_are_not_found_and_bad_links_are_said() {
        for hash in ["#/chess", "#/CHESS", "#/chess/x", "#/%ZZ", "#/\u{0}", "#/連四"] {
            assert!(matches!(Route::parse(hash), Route::NotFound(_)), "{hash:?}");
        }
        for id in GameId::ALL {
            let slug = id.slug();
            for hash in [format!("#/{}", slug.to_uppercase()), format!("#/{slug}/x")] {
                assert!(matches!(Route::parse(&hash), Route::NotFound(_)), "{hash:?}");
            }
            for seed in ["-1", "18446744073709551616", "abc", ""] {
                let hash = format!("#/{slug}?seed={seed}");
                let problem = LinkProblem::Seed(seed.to_owned());
                assert_eq!(Route::parse(&hash), Route::BadLink { game: id, problem }, "{hash:?}");
                assert_eq!(Route::parse(&hash).hash(), Route::game(id).hash());
            }
        }
    }
}
