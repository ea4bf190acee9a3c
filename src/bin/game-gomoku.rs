//! The page's build for Gomoku: the app with this game alone, loaded at its route.

board_suite::page!(game: board_suite::rules::gomoku::Gomoku);
