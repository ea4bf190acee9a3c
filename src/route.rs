//! The app's routes, read from the URL's hash (`#/connect-four`). Pure, so any text a player
//! can type into the address bar is tested natively.

/// A game of the suite, named as in its route.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameId {
    ConnectFour,
}

impl GameId {
    /// Every game that exists, in the picker's order.
    pub const ALL: [GameId; 1] = [GameId::ConnectFour];

    /// The route name, also `data-game` and part of the save key.
    pub fn slug(self) -> &'static str {
        match self {
            GameId::ConnectFour => "connect-four",
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
    Game(GameId),
    /// Anything else, kept so the page can say what it did not understand.
    NotFound(String),
}

impl Route {
    /// Reads a location hash such as `#/connect-four` or `#/dark-chess?seed=7`.
    pub fn parse(hash: &str) -> Route {
        let path = hash.strip_prefix('#').unwrap_or(hash);
        let path = path.split_once('?').map_or(path, |(path, _query)| path);
        let path = path.trim_matches('/');
        if path.is_empty() {
            return Route::Picker;
        }
        GameId::from_slug(path).map_or_else(|| Route::NotFound(path.to_owned()), Route::Game)
    }

    /// The hash that leads here.
    pub fn hash(&self) -> String {
        match self {
            Route::Picker | Route::NotFound(_) => "#/".to_owned(),
            Route::Game(game) => format!("#/{}", game.slug()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_routes() {
        for hash in ["", "#", "#/", "/", "#//"] {
            assert_eq!(Route::parse(hash), Route::Picker, "{hash:?}");
        }
        assert_eq!(
            Route::parse("#/connect-four"),
            Route::Game(GameId::ConnectFour)
        );
        assert_eq!(
            Route::parse("#/connect-four/"),
            Route::Game(GameId::ConnectFour)
        );
        assert_eq!(
            Route::parse("#/connect-four?x=1"),
            Route::Game(GameId::ConnectFour)
        );
    }

    #[test]
    fn every_game_round_trips() {
        for game in GameId::ALL {
            assert_eq!(Route::parse(&Route::Game(game).hash()), Route::Game(game));
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
        ] {
            assert!(matches!(Route::parse(hash), Route::NotFound(_)), "{hash:?}");
        }
    }
}
