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
    /// A game; `seed` asks for a particular shuffle (`#/dark-chess?seed=7`).
    Game {
        game: GameId,
        seed: Option<u64>,
    },
    /// Anything else, kept so the page can say what it did not understand.
    NotFound(String),
}

impl Route {
    /// Reads a location hash such as `#/connect-four` or `#/dark-chess?seed=7`. Unknown query
    /// parameters are ignored; a seed that is not an unsigned 64-bit number is not a route.
    pub fn parse(hash: &str) -> Route {
        let path = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = path.split_once('?').unwrap_or((path, ""));
        let path = path.trim_matches('/');
        if path.is_empty() {
            return Route::Picker;
        }
        let not_found = || Route::NotFound(hash.trim_start_matches('#').to_owned());
        let Some(game) = GameId::from_slug(path) else { return not_found() };
        let seed = query.split('&').find_map(|pair| pair.strip_prefix("seed="));
        match seed.map(str::parse) {
            None => Route::Game { game, seed: None },
            Some(Ok(seed)) => Route::Game { game, seed: Some(seed) },
            Some(Err(_)) => not_found(),
        }
    }

    /// The hash that leads here.
    pub fn hash(&self) -> String {
        match self {
            Route::Picker | Route::NotFound(_) => "#/".to_owned(),
            Route::Game { game, seed: None } => format!("#/{}", game.slug()),
            Route::Game { game, seed: Some(seed) } => format!("#/{}?seed={seed}", game.slug()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(game: GameId, seed: Option<u64>) -> Route {
        Route::Game { game, seed }
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
