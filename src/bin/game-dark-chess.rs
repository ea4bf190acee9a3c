//! The page's build for DarkChess: the app with this game alone, loaded at its route.

board_suite::page!(game: board_suite::rules::dark_chess::DarkChess);
