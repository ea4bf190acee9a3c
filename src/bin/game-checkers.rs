//! The page's build for Checkers: the app with this game alone, loaded at its route.

board_suite::page!(game: board_suite::rules::checkers::Checkers);
