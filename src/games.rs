//! The one list of the suite's games. Everything that differs between games lives in the
//! games' own files, behind traits (`Game` and `Recorded` in the rules, `Engines` in the
//! engine, `UiGame` on the page); code that must pick a game by its [`GameId`] does so through
//! [`with_game!`](crate::with_game), so a game left out anywhere is a compile error, not a
//! fallback.
//!
//! A new game adds its own files (rules, engine, page adapter, tests) and one line here.

/// Defines [`GameId`] and [`with_game!`](crate::with_game) from the list below. `$d` is a `$`,
/// passed in so that the exported macro can have metavariables of its own.
macro_rules! registry {
    ($d:tt $($game:ident => $module:ident::$ty:ident,)*) => {
        /// A game of the suite.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            $($game,)*
        }

        impl GameId {
            /// Every game, in the picker's order.
            pub const ALL: [GameId; [$(stringify!($game)),*].len()] = [$(GameId::$game,)*];
        }

        /// Evaluates `$body` with the type `$G` standing for the game `$id` names: the one
        /// place a [`GameId`] becomes a game's type.
        ///
        /// ```
        /// use board_suite::{games::GameId, rules::record::Recorded, with_game};
        /// assert_eq!(with_game!(GameId::ALL[0], G => G::SLUG), GameId::ALL[0].slug());
        /// ```
        #[macro_export]
        macro_rules! with_game {
            ($d id:expr, $d G:ident => $d body:expr) => {
                match $d id {
                    $($d crate::games::GameId::$game => {
                        type $d G = $d crate::rules::$module::$ty;
                        $d body
                    })*
                }
            };
        }
    };
}

registry! { $
    DarkChess => dark_chess::DarkChess,
    FiveTigers => five_tigers::FiveTigers,
    Gomoku => gomoku::Gomoku,
    ConnectFour => connect_four::ConnectFour,
    Checkers => checkers::Checkers,
}

impl GameId {
    /// The game's name in routes, records, saves, `data-game` and the protocols.
    pub fn slug(self) -> &'static str {
        use crate::rules::record::Recorded;
        with_game!(self, G => G::SLUG)
    }

    pub fn from_slug(slug: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.slug() == slug)
    }
}

#[cfg(test)]
mod tests {
    use super::GameId;

    #[test]
    fn slugs_name_one_game_each() {
        for game in GameId::ALL {
            assert_eq!(GameId::from_slug(game.slug()), Some(game));
        }
        let mut slugs: Vec<_> = GameId::ALL.iter().map(|g| g.slug()).collect();
        slugs.sort();
        slugs.dedup();
        assert_eq!(slugs.len(), GameId::ALL.len());
        assert_eq!(GameId::from_slug("chess"), None);
    }
}
