//! The app's routes, read from the URL's hash (`#/connect-four`). Pure, so any text a player
//! can type into the address bar is tested natively.

/// A game of the suite, named as in its route.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameId {
    DarkChess,
    FiveTigers,
    Gomoku,
    ConnectFour,
    Checkers,
}

impl GameId {
    /// Every game that exists, in the picker's order.
    pub const ALL: [GameId; 5] =
        [GameId::DarkChess, GameId::FiveTigers, GameId::Gomoku, GameId::ConnectFour, GameId::Checkers];

    /// The route name, also `data-game` and part of the save key.
    pub fn slug(self) -> &'static str {
        match self {
            GameId::DarkChess => "dark-chess",
            GameId::FiveTigers => "five-tigers",
            GameId::Gomoku => "gomoku",
            GameId::ConnectFour => "connect-four",
            GameId::Checkers => "checkers",
        }
    }

    pub fn from_slug(slug: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.slug() == slug)
    }
}

/// What a hash asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Picker,
    /// A game; `seed` asks for a particular shuffle (`#/dark-chess?seed=7`), `record`
    /// shows a shared game (`#/connect-four?record=4+4+3`), and `room` joins an online room
    /// (`#/gomoku?room=k3vx8q2mwa`).
    Game {
        game: GameId,
        seed: Option<u64>,
        record: Option<String>,
        room: Option<String>,
    },
    /// Anything else, kept so the page can say what it did not understand.
    NotFound(String),
}

impl Route {
    /// Reads a location hash such as `#/connect-four` or `#/dark-chess?seed=7`. Unknown query
    /// parameters are ignored; a seed that is not an unsigned 64-bit number, or a record that is
    /// not percent-encoded UTF-8, is not a route.
    pub fn parse(hash: &str) -> Route {
        let path = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = path.split_once('?').unwrap_or((path, ""));
        let path = path.trim_matches('/');
        if path.is_empty() {
            return Route::Picker;
        }
        let not_found = || Route::NotFound(hash.trim_start_matches('#').to_owned());
        let Some(game) = GameId::from_slug(path) else { return not_found() };
        let value = |name: &str| query.split('&').find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='));
        let seed = match value("seed").map(str::parse) {
            None => None,
            Some(Ok(seed)) => Some(seed),
            Some(Err(_)) => return not_found(),
        };
        let record = match value("record").map(decode) {
            None => None,
            Some(Some(record)) => Some(record),
            Some(None) => return not_found(),
        };
        // A room's name: letters and digits, as the server makes them.
        let room = match value("room") {
            None => None,
            Some(room)
                if (1..=64).contains(&room.len()) && room.bytes().all(|b| b.is_ascii_alphanumeric()) =>
            {
                Some(room.to_owned())
            }
            Some(_) => return not_found(),
        };
        Route::Game { game, seed, record, room }
    }

    /// The hash that leads here.
    pub fn hash(&self) -> String {
        match self {
            Route::Picker | Route::NotFound(_) => "#/".to_owned(),
            Route::Game { game, seed, record, room } => {
                let mut hash = format!("#/{}", game.slug());
                let seed = seed.map(|seed| format!("seed={seed}"));
                let record = record.as_deref().map(|record| format!("record={}", encode(record)));
                let room = room.as_deref().map(|room| format!("room={room}"));
                let query: Vec<String> = seed.into_iter().chain(record).chain(room).collect();
                if !query.is_empty() {
                    hash.push('?');
                    hash.push_str(&query.join("&"));
                }
                hash
            }
        }
    }
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
        Route::Game { game, seed, record: None, room: None }
    }

    #[test]
    fn known_routes() {
        for hash in ["", "#", "#/", "/", "#//"] {
            assert_eq!(Route::parse(hash), Route::Picker, "{hash:?}");
        }
        assert_eq!(Route::parse("#/connect-four"), game(GameId::ConnectFour, None));
        assert_eq!(Route::parse("#/connect-four/"), game(GameId::ConnectFour, None));
        assert_eq!(Route::parse("#/connect-four?x=1"), game(GameId::ConnectFour, None));
        assert_eq!(Route::parse("#/dark-chess?seed=42"), game(GameId::DarkChess, Some(42)));
        assert_eq!(
            Route::parse("#/dark-chess?x=1&seed=18446744073709551615"),
            game(GameId::DarkChess, Some(u64::MAX))
        );
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
        for record in ["4 4 3", "[Rules \"renju\"] h8 h9 1-0", "a1=K b3?b2=k b2xc2", "棋 & 100% + #"] {
            let route =
                Route::Game { game: GameId::Gomoku, seed: None, record: Some(record.to_owned()), room: None };
            let hash = route.hash();
            assert!(!hash[1..].contains(['#', ' ', '&', '"', '[']), "{hash}");
            assert_eq!(Route::parse(&hash), route, "{hash}");
        }
        assert_eq!(
            Route::parse("#/connect-four?record=4+4"),
            Route::Game { game: GameId::ConnectFour, seed: None, record: Some("4 4".to_owned()), room: None }
        );
        for bad in ["#/gomoku?record=%", "#/gomoku?record=%G1", "#/gomoku?record=%FF"] {
            assert!(matches!(Route::parse(bad), Route::NotFound(_)), "{bad}");
        }
    }

    #[test]
    fn rooms_travel_in_the_hash() {
        let route =
            Route::Game { game: GameId::Checkers, seed: None, record: None, room: Some("k3vx8q2mwa".into()) };
        assert_eq!(route.hash(), "#/checkers?room=k3vx8q2mwa");
        assert_eq!(Route::parse(&route.hash()), route);
        let long = format!("#/gomoku?room={}", "a".repeat(65));
        for bad in
            ["#/gomoku?room=", "#/gomoku?room=a-b", "#/gomoku?room=%41", "#/gomoku?room=房", long.as_str()]
        {
            assert!(matches!(Route::parse(bad), Route::NotFound(_)), "{bad}");
        }
    }

    #[test]
    fn malformed_hashes_are_not_found() {
        for hash in [
            "#/chess",
            "#/CONNECT-FOUR",
            "#/connect-four/x",
            "#/%ZZ",
            "#/\u{0}",
            "#/連四",
            "#/dark-chess?seed=-1",
            "#/dark-chess?seed=18446744073709551616",
            "#/dark-chess?seed=abc",
            "#/dark-chess?seed=",
        ] {
            assert!(matches!(Route::parse(hash), Route::NotFound(_)), "{hash:?}");
        }
    }
}
